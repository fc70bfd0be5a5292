# One file: GameState and its lazy LegalMoves view are the engine's hot loop (move
# generation, play/undo and the block test are inlined for the line on purpose); the
# shared move tables live beside them so a move from legal_moves() is recognised by identity.
"""The game state of one round: hands, boneyard, table, whose turn; push/pop play.

Hands are kept as bitmasks over :attr:`Tile.index` (bit ``i`` set when the
player holds tile ``i``), so "which of my tiles fit an end showing 3?" is one
AND with the suit mask of 3, and a position key is a short tuple of ints.
:meth:`GameState.play` checks the move against the rules, applies it and
pushes what it changed; :meth:`GameState.undo` pops it. Search code
therefore needs no copies.

>>> from dominolab.games import new_round
>>> g = new_round("classic", hands=["1:1 1:2", "2:3 0:5"], boneyard=[])
>>> g.current_player, [str(m) for m in g.legal_moves()]
(0, ['P1 1:1'])
>>> g.play("1:1"); [str(m) for m in g.legal_moves()]
['P2 pass']
>>> g.play("pass"); g.play("1:2>R"); g.is_over(), g.result().team_points
(True, [10, 0])
>>> str(g.undo()), str(g.undo()), g.current_player, g.is_over()
('P1 1:2>R', 'P2 pass', 1, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any, TypeAlias

from ..errors import GameOver, IllegalMove, InvalidPosition, WrongPlayer
from ..i18n import ngettext, tr
from ..tiles import (LOCO, LOCO_BASE, MAX_LOCO_NUMBER, DominoSet, Hand, LocoTile, Tile,
                     locomotive_tiles)
from .layout import Layout, LineLayout
from .moves import Draw, Move, Pass
from .rules import RoundContext, RoundResult, Rules, per_rules

from ._native import line_init as _c_line_init
from ._native import line_play as _c_line_play
from ._native import pure_requested

__all__ = ["GameState", "LegalMoves", "tables"]

#: :func:`tables`: tiles by index, suit masks, pips by index, the mask of the full set.
Tables: TypeAlias = tuple[tuple[Tile, ...], tuple[int, ...], tuple[int, ...], int]
#: One player's row of :func:`_move_tables`: end name (or "draw"/"pass") -> moves by tile index.
MoveRow: TypeAlias = dict[str | None, tuple[Move, ...]]
#: What :meth:`GameState.undo` restores: the move, then the hands, top, player, drawn,
#: mode, ended, finisher and result from before it.
_FullUndo: TypeAlias = tuple[Move, tuple[int, ...], int, int, int, str | None, str | None,
                             int | None, RoundResult | None]
#: The short entry of a move made in a round going on without an ``after_play`` hook:
#: the move, the mover and his hand and ``drawn`` before it (nothing else a move changes
#: needs keeping: the boneyard pointer moves by one on a draw, the turn mode stays, and
#: the round was not over).
_QuickUndo: TypeAlias = tuple[Move, int, int, int]
_UndoEntry: TypeAlias = _FullUndo | _QuickUndo


@lru_cache(maxsize=None)
def tables(n: int, locomotives: bool = False) -> Tables:
    """Per-set lookup tables ``(tiles by index, suit masks, pips by index, full mask)``.

    With Super-train's ``locomotives`` the tables run on to their indices (from
    :data:`~dominolab.tiles.LOCO_BASE`; the indices between hold the number tiles of
    larger sets, which no mask of this set has), and every suit mask holds every
    locomotive tile: a locomotive fits any number.
    """
    size = (n + 1) * (n + 2) // 2
    numbers = tuple(Tile.from_index(i) for i in range(size))
    locos = tuple(locomotive_tiles(n)) if locomotives else ()
    if locos:     # by index: the gaps hold tiles of larger sets (never in this set's masks)
        by_index = {t.index: t for t in locomotive_tiles(MAX_LOCO_NUMBER)}
        top = max(by_index) + 1
        tiles = numbers + tuple(Tile.from_index(i) if i < LOCO_BASE else by_index[i]
                                for i in range(size, top))
    else:
        tiles = numbers
    wild = sum(1 << t.index for t in locos)
    suit = tuple(sum(1 << t.index for t in numbers if t.has(k)) | wild for k in range(n + 1))
    pips = tuple(t.pips for t in tiles)
    return tiles, suit, pips, (1 << size) - 1 | wild


@lru_cache(maxsize=None)
def canonical_tiles(n: int, locomotives: bool = False) -> tuple[Tile, ...]:
    """The double-n set in canonical order (0:0, 0:1, …), the order deals shuffle."""
    return tuple(DominoSet(n, locomotives).tiles)


#: What :func:`_shared` hands every state of one kind of game.
Shared: TypeAlias = tuple[DominoSet, tuple[Tile, ...], tuple[int, ...], tuple[int, ...], int,
                          tuple[MoveRow, ...], "EndMoves",
                          tuple[tuple["LegalMoves", "LegalMoves"], ...]]


@lru_cache(maxsize=None)
def _shared(n: int, players: int, locomotives: bool = False) -> Shared:
    """What every state of a double-n game with ``players`` players shares (built once):
    the set, :func:`tables`, :func:`_move_tables`, per player his caches of plain-line
    moves by mask (:class:`_MaskMoves` at L, at R and at both ends; see
    :meth:`GameState.legal_moves`), and per player the one-move lists "draw" and "pass"."""
    mt = _move_tables(n, players, locomotives)
    return ((DominoSet(n, locomotives),) + tables(n, locomotives)
            + (mt, (tuple(_MaskMoves(row["L"]) for row in mt),
                    tuple(_MaskMoves(row["R"]) for row in mt),
                    tuple(_MaskMoves(row["L"], row["R"]) for row in mt)),
               tuple((_moves_of(LegalMoves, row["draw"]), _moves_of(LegalMoves, row["pass"]))
                     for row in mt)))


@lru_cache(maxsize=None)
def _move_tables(n: int, players: int, locomotives: bool = False) -> tuple[MoveRow, ...]:
    """Per player, the shared one-tile Move values of the double-n set, by end and tile index.

    ``_move_tables(n, k)[p][end][i]`` is the move "player ``p`` puts tile ``i`` at ``end``"
    for the line's ends (``None`` = a lead, "L", "R"; other layouts' end names are added
    by :func:`_end_table` when first met), and ``[p]["draw"][0]`` /
    ``[p]["pass"][0]`` are ``p``'s draw and pass (one-move tuples, so that every
    entry of a row is a tuple of moves). Moves are immutable values, so move
    generation hands out these instances instead of building new ones on every turn
    (and :meth:`GameState.check` recognises them by identity).
    """
    tiles = tables(n, locomotives)[0]
    out = []
    for p in range(players):
        row: MoveRow = {end: tuple(Move._make("play", ((t, end),), p) for t in tiles)
                        for end in (None, "L", "R")}
        row["draw"] = (Draw(p),)
        row["pass"] = (Pass(p),)
        out.append(row)
    return tuple(out)


def _line_plays(row: MoveRow, ml: int, mr: int) -> list[Move]:
    """The plays on a plain line of the tiles ``ml`` that fit its left end and ``mr`` that
    fit its right, from a player's :func:`_move_tables` ``row``: in tile order, L before
    R for a tile that fits both (the order of :meth:`GameState._generate`)."""
    m = ml | mr
    tl = row["L"]
    tr = row["R"]
    out = []
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        if ml & low:
            out.append(tl[i])
        if mr & low:
            out.append(tr[i])
    return out


class _MaskMoves(dict[int, "LegalMoves"]):
    """One player's moves on the plain line for a mask of his tiles: ``mask -> for each
    tile of mask in tile order, its move at each end of rows`` (``rows``: his
    :func:`_move_tables` moves at "L", at "R", or at both, by tile index), made when a
    mask is first met. The masks looked up are a hand's tiles of one number, which take
    few values, so nearly every lookup finds its list (see :meth:`GameState.legal_moves`)."""

    __slots__ = ("_heads",)

    def __init__(self, *rows: tuple[Move, ...]):
        super().__init__()
        #: by tile index, the tile's moves (one per row)
        self._heads = tuple(zip(*rows))

    def __missing__(self, mask: int) -> LegalMoves:
        # the lowest tile's moves, then the rest's, itself looked up (what the mask will
        # be once that tile is played, so it is worth keeping)
        low = mask & -mask
        lv = (_moves_of(LegalMoves, self._heads[low.bit_length() - 1] + self[mask ^ low])
              if mask else _NO_MOVES)
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        self[mask] = lv
        return lv


#: Per player, his :class:`_MaskMoves` at "L", at "R" and at both ends.
EndMoves: TypeAlias = tuple[tuple[_MaskMoves, ...], tuple[_MaskMoves, ...],
                            tuple[_MaskMoves, ...]]


def _end_table(row: MoveRow, tiles: Sequence[Tile], end: str | None, p: int) -> tuple[Move, ...]:
    """Add to a :func:`_move_tables` row the moves of player ``p`` at a new end name."""
    tl = row[end] = tuple(Move._make("play", ((t, end),), p) for t in tiles)
    return tl


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask (over :attr:`Tile.index`) of ``tiles``."""
    m = 0
    for t in tiles:
        m |= 1 << t.index
    return m


def tiles_of(mask: int, tiles: Sequence[Tile]) -> list[Tile]:
    """The tiles whose bits are set, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(tiles[low.bit_length() - 1])
        mask ^= low
    return out


class LegalMoves(tuple[Move, ...]):
    """The legal moves of one position: an immutable sequence (``len``, indexing and
    iteration are the tuple's own, in C: a random player reads them on every turn);
    ``in`` also takes a move's notation.

    ``LegalMoves(state)`` lists ``state``'s moves; the engine builds them itself and
    shares one instance between many positions that have the same moves (it holds no
    reference to a state, so a list kept from an earlier position stays that position's).
    """

    __slots__ = ()

    def __new__(cls, moves: Iterable[Move] | GameState = ()) -> LegalMoves:
        if isinstance(moves, GameState):
            return moves.legal_moves()
        return tuple.__new__(cls, moves)

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            move = Move.parse(move)
        return tuple.__contains__(self, move)

    def __repr__(self) -> str:
        return f"LegalMoves([{', '.join(str(m) for m in self)}])"


_moves_of = tuple.__new__
#: the moves of a finished round
_NO_MOVES = _moves_of(LegalMoves, ())
#: masks kept in one :class:`_MaskMoves` before it is emptied (a bound on memory)
_CACHE_LIMIT = 1 << 15


#: What :func:`_constants` hands every state of one Rules value and player count.
Constants: TypeAlias = tuple[DominoSet, tuple[Tile, ...], tuple[int, ...], tuple[int, ...], int,
                             tuple[MoveRow, ...], tuple[tuple["LegalMoves", "LegalMoves"], ...],
                             "EndMoves | None",
                             tuple[tuple[int, ...], ...], tuple[int, ...], bool, bool,
                             "tuple[tuple[int, ...], ...] | None", bool,
                             tuple["_MaskMoves", ...], tuple["_MaskMoves", ...],
                             tuple["_MaskMoves", ...]]
@per_rules
def _constants(rules: Rules, k: int) -> Constants:
    """What a new state of ``rules`` with ``k`` players takes from its rules alone, worked
    out once per Rules value (:func:`~dominolab.games.rules.per_rules`): :func:`_shared`'s
    tables, the moves by mask when the game may use them, the teams and each player's team,
    whether moves change only the mover's hand (no ``after_play``), whether the layout is
    the exact LineLayout, :func:`_pip_chunks` and whether play() makes a legal move inline
    (the cached line with no ``after_play``).
    """
    ds, tiles, suit, pips, full, mt, ends, stuck = _shared(rules.set_max, k, rules.locomotives)
    # (decided on a layout made for these rules, as a round's own would be)
    exact = type(rules.make_layout()) is LineLayout
    # a plain line whose moves no hook changes: the legal moves depend only on the
    # mover and which of his tiles fit each end, so they are looked up by those masks
    # (None: every other game generates them each time)
    use_cache = (exact and rules.extra_moves is None and not rules.finish_together
                 and not rules.refuse_block)
    teams = tuple(rules.teams_for(k))
    team_of = [0] * k
    for t, members in enumerate(teams):
        for p in members:
            team_of[p] = t
    quick = rules.after_play is None
    out: Constants = (ds, tiles, suit, pips, full, mt, stuck, ends if use_cache else None,
                      teams, tuple(team_of), quick, exact,
                      _pip_chunks(rules.set_max, rules.locomotives), use_cache and quick,
                      *(ends if use_cache else ((), (), ())))
    return out


#: the bits of each half of a hand's mask in :func:`_pip_chunks` up to double-6 (28 tiles)
_HALF = 14
_LOW_HALF = (1 << _HALF) - 1


@lru_cache(maxsize=None)
def _pip_chunks(n: int, locomotives: bool = False) -> tuple[tuple[int, ...], ...] | None:
    """Per chunk of a hand's mask (lowest first), the pips of every value of that chunk:
    a hand's pips are a few lookups instead of a walk over its tiles (see
    :meth:`GameState.pips_left`). Up to double-6 the chunks are the mask's two 14-bit
    halves (two lookups a hand), in larger sets its bytes (five or more). None with
    locomotives (their indices run far beyond the number tiles')."""
    if locomotives:
        return None
    pips = tables(n)[2]
    width = _HALF if len(pips) <= 2 * _HALF else 8
    out = []
    for base in range(0, max(len(pips), width + 1), width):
        part = pips[base:base + width] + (0,) * width
        row = [0] * (1 << width)
        for b in range(1, 1 << width):      # b's pips: those of b without its lowest tile, + it
            row[b] = row[b & (b - 1)] + part[(b & -b).bit_length() - 1]
        out.append(tuple(row))
    return tuple(out)


class GameState:
    """One round in progress. Build it with :func:`games.new_round` / :func:`games.new_game`.

    Public attributes: ``rules``, ``players``, ``teams``, ``current_player``,
    ``leader``, ``layout``, ``history`` (moves with players), ``context``.
    """

    # Slots, not an instance dict: a state has more attributes (38) than CPython 3.11
    # keeps in a class's shared keys (30), so without slots every instance falls back to
    # a real dict and each ``self.x`` of the hot loop becomes a hashed lookup (about half
    # as fast). ``__dict__`` stays for attributes a caller adds of his own.
    __slots__ = ("set", "_tiles", "_suit", "_pips", "_full", "_mt", "_stuck", "_cache",
                 "_at_l", "_at_r", "_at_lr", "_quick", "_pipc", "rules", "players", "teams", "team_of",
                 "initial_hands", "bone", "hands", "top", "layout", "_line", "_exact",
                 "leader", "current_player", "lead", "lead_mask", "drawn", "mode", "ended",
                 "redeal_reason", "finisher", "history", "_undo", "_legal", "context", "seed",
                 "flags", "_result", "_fast", "_tpr", "__dict__")

    layout: Layout
    #: the layout while it is a LineLayout (inlined fast paths), else None
    _line: LineLayout | None
    #: the layout while it is exactly a LineLayout (one tile laid inline), else None
    _exact: LineLayout | None
    #: the moves of the plain line by mask (see :meth:`legal_moves`), or None
    _cache: EndMoves | None
    #: per player, the moves of his tiles at the left end, at the right, at both
    _at_l: tuple[_MaskMoves, ...]
    _at_r: tuple[_MaskMoves, ...]
    _at_lr: tuple[_MaskMoves, ...]
    #: no after_play hook: a move changes only the mover's hand (undo keeps a short entry)
    _quick: bool
    lead: tuple[Tile, ...] | None
    mode: str | None
    ended: str | None
    redeal_reason: str | None
    finisher: int | None
    history: list[Move]
    _undo: list[_UndoEntry]
    _legal: LegalMoves | None
    context: RoundContext | None
    flags: dict[str, Any]
    _result: RoundResult | None
    #: :func:`_pip_chunks` of the set
    _pipc: tuple[tuple[int, ...], ...] | None

    def __init__(self, rules: Rules, hands: Sequence[Iterable[Tile]],
                 boneyard: Iterable[Tile] = (), leader: int = 0,
                 lead: Iterable[Tile] | None = None, *, context: RoundContext | None = None,
                 seed: int = 0, flags: Iterable[tuple[str, Any]] = (),
                 redeal_reason: str | None = None):
        initial = tuple([h if type(h) is Hand else Hand(h) for h in hands])
        self._start(rules, initial, [mask_of(hand) for hand in initial], tuple(boneyard),
                    leader, lead, context, seed, flags, redeal_reason)

    def _start(self, rules: Rules, initial: tuple[Hand, ...], masks: list[int],
               bone: tuple[Tile, ...], leader: int, lead: Iterable[Tile] | None,
               context: RoundContext | None, seed: int, flags: Iterable[tuple[str, Any]],
               redeal_reason: str | None) -> None:
        k = len(initial)
        # (_fast: the cached plain line with no after_play hook, where play() makes a legal
        # move inline)
        (self.set, self._tiles, self._suit, self._pips, self._full, self._mt, self._stuck,
         self._cache, teams, team_of, self._quick, line_only, self._pipc,
         self._fast, self._at_l, self._at_r, self._at_lr) = _constants(rules, k)
        self.rules = rules
        self.players = k
        self.teams = list(teams)
        self.team_of = list(team_of)
        self.initial_hands = initial
        self.bone = bone
        self.hands = masks
        self.top = 0
        if line_only:       # the exact LineLayout (its for_rules() and seat() do nothing more)
            line = self.layout = LineLayout()
            self._line = self._exact = line
        else:
            lay = self.layout = rules.make_layout()
            lay.seat(k)
            # a line gets inlined fast paths below while it is a plain two-ended line
            # (``LineLayout.plain``; they read its internals through this second,
            # LineLayout-typed reference); None for every other layout, which goes
            # through the generic Layout interface
            self._line = lay if isinstance(lay, LineLayout) else None
            #: the line when it is exactly a LineLayout (no subclass's own ends or
            #: place()): _apply() lays one tile on it inline
            self._exact = lay if type(lay) is LineLayout else None
        self.leader = leader
        self.current_player = leader
        if lead is None:
            self.lead = None
            self.lead_mask = self._full
        else:
            self.lead = tuple(lead)
            self.lead_mask = mask_of(self.lead)
        self.drawn = 0
        self.mode = None   # hook-defined turn mode (e.g. forced two-tile plays)
        self.ended = "redeal" if redeal_reason else None
        self.redeal_reason = redeal_reason
        self.finisher = None
        self.history = []
        self._undo = []
        # the LegalMoves view of this position (holds the move list)
        self._legal = None
        self.context = context
        self.seed = seed
        self.flags = dict(flags)
        self._result = None
        self._tpr: list[Any] | None = None    # table_points_log's replay (see there)

    # -- views ------------------------------------------------------------------
    def hand(self, player: int) -> Hand:
        """The tiles ``player`` holds, in canonical order."""
        # the tiles come from the set's own table: no need for Hand() to re-check them
        return tuple.__new__(Hand, tiles_of(self.hands[player], self._tiles))

    def pips_left(self) -> list[int]:
        """The pips each player holds (``[hand(p).pips for p in range(players)]``, read
        from the masks: the scoring of every round asks)."""
        c = self._pipc
        if c is None:
            return [self.hand(p).pips for p in range(self.players)]
        if len(c) == 2:         # up to double-6: two 14-bit halves
            c0, c1 = c
            return [c0[m & _LOW_HALF] + c1[m >> _HALF] for m in self.hands]
        width = len(c)
        return [sum(map(tuple.__getitem__, c, m.to_bytes(width, "little"))) for m in self.hands]

    @property
    def boneyard(self) -> Hand:
        """Tiles still in the boneyard, the next to be drawn first."""
        return Hand(self.bone[self.top:])

    def boneyard_count(self) -> int:
        return len(self.bone) - self.top

    def open_ends(self) -> list[tuple[str, int]]:
        """``[(end, number)]`` of the layout; empty before the lead."""
        return self.layout.open_ends()

    def table_tiles(self) -> list[tuple[int, int]]:
        return self.layout.pairs()

    def table_mask(self) -> int:
        m = self._full
        for h in self.hands:
            m &= ~h
        for t in self.bone[self.top:]:
            m &= ~(1 << t.index)
        return m

    def key(self) -> tuple[object, ...]:
        """A compact hashable position key (hands, boneyard pointer, turn, table ends)."""
        return (tuple(self.hands), self.top, self.current_player, self.drawn, self.mode,
                self.layout.key())

    @property
    def ply(self) -> int:
        return len(self.history)

    # -- move generation ----------------------------------------------------------
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to move (empty when the round is over), in
        generation order: see :meth:`_generate`. Built once per position."""
        lv = self._legal
        if lv is not None:
            return lv
        if self.ended:
            lv = _NO_MOVES
        elif self._cache is not None:
            # the plain line without move hooks (every turn of sport, classic, kozel …):
            # the moves are a function of the mover and which of his tiles fit the left
            # end (ml) and the right end (mr), in _generate()'s order: tile order, L
            # before R per tile. They are put together from his moves by mask
            # (_MaskMoves), which are few and so nearly always met before: a position's
            # pair of masks is new far more often (a cache of pairs missed two in five)
            p = self.current_player
            line = self._line
            assert line is not None
            h = self.hands[p]
            if line._order:
                suit = self._suit
                ml = h & suit[line.lnum]
                mr = h & suit[line.rnum]
                if not mr:
                    if ml:              # (neither: no tile fits)
                        lv = self._at_l[p][ml]
                elif not ml:
                    lv = self._at_r[p][mr]
                else:
                    lv = self._both_ends(p, ml, mr)
            else:
                # the lead (once a round, and a hand seldom met again: not cached)
                # (_generate()'s lead inlined: a cached game has no move hooks)
                m = h & self.lead_mask
                if m:
                    tl = self._mt[p][None]
                    out = []
                    while m:
                        low = m & -m
                        m ^= low
                        out.append(tl[low.bit_length() - 1])
                    lv = _moves_of(LegalMoves, out)
            if lv is None:  # nothing fits: a draw when one is allowed (can_draw), else a pass
                r = self.rules
                lv = self._stuck[p][0 if r.draw != "none" and len(self.bone) - self.top > r.keep
                                    and not (r.draw == "one" and self.drawn >= 1) else 1]
        else:
            lv = _moves_of(LegalMoves, self._generate())
        self._legal = lv
        return lv

    def _both_ends(self, p: int, ml: int, mr: int) -> LegalMoves:
        """The moves of P{p} on the plain line of a cached game when his tiles ``ml`` fit
        the left end and ``mr`` the right (both not 0): see :meth:`legal_moves`."""
        if ml < mr & -mr:       # every tile for L is below every tile for R
            return _moves_of(LegalMoves, self._at_l[p][ml] + self._at_r[p][mr])
        if mr < ml & -ml:       # and the other way round
            return _moves_of(LegalMoves, self._at_r[p][mr] + self._at_l[p][ml])
        if ml == mr:            # both ends show one number (or the tile of both)
            return self._at_lr[p][ml]
        # tiles of both ends interleave, or one tile fits both among others (about one
        # turn in seven): built tile by tile, as _generate() does
        return _moves_of(LegalMoves, _line_plays(self._mt[p], ml, mr))

    def playable_mask(self) -> int:
        """Tiles (as a mask) that fit some open end of the table."""
        lay = self.layout
        if lay.is_empty():
            return self.lead_mask
        return lay.playable_mask(self._suit)

    def moves_for_tile(self, tile: Tile | str) -> list[Move]:
        """The legal moves that play ``tile`` (first), e.g. to let a board ask "which end?".

        >>> from dominolab.games import new_round
        >>> g = new_round("classic", hands=["1:1 2:2", "1:5 0:0"], leader=0); g.play("1:1")
        >>> [str(m) for m in g.moves_for_tile("1:5")]
        ['P2 1:5>L', 'P2 1:5>R']
        """
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        return [m for m in self.legal_moves() if m.kind == "play" and m.tile == tile]

    def can_draw(self) -> bool:
        r = self.rules
        if r.draw == "none" or len(self.bone) - self.top <= r.keep:
            return False
        return not (r.draw == "one" and self.drawn >= 1)

    def _generate(self) -> list[Move]:
        """The legal moves of the player to move: one shared Move per (tile, end) that
        fits, in tile order (ends in the layout's order), then the variant's
        ``extra_moves`` hook; with no play, a draw if allowed, else a pass."""
        if self.ended:
            return []
        p = self.current_player
        h = self.hands[p]
        out: list[Move] = []
        line = self._line
        if line is not None and line.plain:
            # the line, inlined (this runs on every turn of every line game): one AND
            # per end with that end's suit, then the shared moves L before R
            mt = self._mt[p]
            if not line._order:
                m = h & self.lead_mask
                tl = mt[None]
                while m:
                    low = m & -m
                    m ^= low
                    out.append(tl[low.bit_length() - 1])
            else:
                suit = self._suit
                out = _line_plays(mt, h & suit[line.lnum], h & suit[line.rnum])
        else:
            mt = self._mt[p]
            lay = self.layout
            ems: Sequence[tuple[str | None, int]]
            if lay.is_empty():
                m = h & self.lead_mask
                ems = ((None, m),)
            else:
                ems = lay.end_masks(self._suit)
                m = 0
                for _, em in ems:
                    m |= em
                m &= h
            if m:
                # moves are immutable values: one shared instance per (tile, end, player),
                # in a table per end name (the layout's own names, e.g. "N" or "E!")
                by_end = [(mt[end] if end in mt else _end_table(mt, self._tiles, end, p), em)
                          for end, em in ems]
                while m:
                    low = m & -m
                    m ^= low
                    i = low.bit_length() - 1
                    for tl, em in by_end:
                        if em & low:
                            out.append(tl[i])
        r = self.rules
        if r.extra_moves is not None:
            out = r.extra_moves(self, out)
        if r.finish_together and out:
            out = self._with_finish_together(out, p)
        if r.refuse_block and len(out) > 1:
            # a play that would block is refused while another play exists («рыба недопустима»)
            quick = (line is not None and bool(line._order) and r.after_play is None
                     and not self.can_draw_any())
            blocks = self._line_blocks if quick else self.blocks_after
            free = [m for m in out if not blocks(m)]
            if free and len(free) < len(out):
                out = free
        if out:
            return out
        # can_draw(), inlined (a pass is generated on every stuck turn)
        if r.draw != "none" and len(self.bone) - self.top > r.keep \
                and not (r.draw == "one" and self.drawn >= 1):
            return [self._mt[p]["draw"][0]]
        return [self._mt[p]["pass"][0]]

    def can_draw_any(self) -> bool:
        """Is there a boneyard tile that some player could still draw?"""
        r = self.rules
        return r.draw != "none" and len(self.bone) - self.top > r.keep

    def can_play(self, player: int) -> bool:
        """Does ``player`` hold a tile that fits the table now?"""
        return bool(self.hands[player] & self.playable_mask())

    def _blocked_now(self) -> bool:
        lay = self.layout
        line = self._line
        if line is not None and line.plain:
            if not line._order:
                return False
            suit = self._suit
            pm = suit[line.lnum] | suit[line.rnum]
        else:
            if lay.is_empty():
                return False
            if lay.is_dead():
                return True  # every arm closed: nothing can ever be played, drawing is pointless
            pm = lay.playable_mask(self._suit)
        for h in self.hands:
            if not h or h & pm:
                return False
        if self.rules.draw != "none" and len(self.bone) - self.top > self.rules.keep:
            # Tiles may still be drawn: blocked only if every tile that fits an end is on
            # the table. On a line that is the rules reference's (docs/rules.md) "both ends show n and the whole suit n
            # is down" (public knowledge): the round ends there, nobody draws the boneyard.
            if pm & ~self.layout.down_mask():
                return False
        return True

    # -- playing ------------------------------------------------------------------
    def _coerce(self, move: object) -> Move:
        if isinstance(move, str):
            move = Move.parse(move)
        elif isinstance(move, Tile):
            move = Move("play", ((move, None),))
        if not isinstance(move, Move):
            raise IllegalMove(tr("not a move: {move} (use a Move or text like 'P1 3:5>R')")
                              .format(move=repr(move)))
        return move

    def check(self, move: Move | str | Tile) -> Move:
        """Return ``move`` attributed to the player to move, or raise why it is illegal."""
        if not self.ended:
            # fast path: a move taken from legal_moves() is one of the shared instances
            # in this position's list, so identity is proof of legality
            for m in self.legal_moves():
                if m is move:
                    return move
        move = self._coerce(move)
        if self.ended:
            raise GameOver(tr("the round is over ({end}); no more moves").format(end=tr(self.ended)))
        p = self.current_player
        if move.player is not None and move.player != p:
            raise WrongPlayer(tr("it is P{k}'s turn, not P{other}'s").format(k=p + 1,
                                                                          other=move.player + 1))
        move = move.by(p)
        legal = self.legal_moves()
        if move in legal:
            return move
        raise IllegalMove(self._why_illegal(move, list(legal)))

    def _why_illegal(self, move: Move, legal: list[Move]) -> str:
        """Why ``move`` is not among ``legal``, in the current language: the move, then
        the reason (:meth:`_why_not`)."""
        return tr("{move}: {why}").format(move=move, why=self._why_not(move, legal))

    def _why_not(self, move: Move, legal: list[Move]) -> str:
        p = self.current_player
        r = self.rules
        if move.kind == "draw":
            if any(m.kind == "play" for m in legal):
                return tr("a player who can play may not draw (P{k} can play)").format(k=p + 1)
            if r.draw == "none":
                return tr("{name} has no drawing").format(name=r.name)
            if r.draw == "one" and self.drawn:
                return tr("only one tile may be drawn per turn in {name}").format(name=r.name)
            return ngettext("nothing may be drawn now (boneyard {n}, {keep} stays)",
                            "nothing may be drawn now (boneyard {n}, {keep} stay)",
                            r.keep).format(n=self.boneyard_count(), keep=r.keep)
        if move.kind == "pass":
            if any(m.kind == "play" for m in legal):
                return tr("a player who can play may not pass")
            return tr("P{k} must draw from the boneyard before passing").format(k=p + 1)
        for t, end in move.placements:
            if not (self.hands[p] >> t.index) & 1:
                return tr("P{k} does not hold {tile}").format(k=p + 1, tile=t)
        if r.explain is not None:
            why = r.explain(self, move)
            if why:
                return why
        t, end = move.placements[0]
        if self.layout.is_empty():
            if end is not None and len(move.placements) == 1:
                return tr("the table is empty, so {tile} is a lead (write it without an "
                          "end)").format(tile=t)
            if self.lead is not None and t not in self.lead:
                return tr("the opening rule says the lead is {tiles}").format(
                    tiles=tr(" or ").join(str(x) for x in self.lead))
        elif end is None:
            return tr("the table is not empty; name the end (L or R)")
        elif len(move.placements) == 1 and not self.layout.fits(t, end):
            open_ends = self.open_ends()
            if all(end.rstrip("!-") != e for e, _ in open_ends):
                return tr("the table has the ends {ends}, not {end}").format(
                    ends=", ".join(e for e, _ in open_ends), end=repr(end))
            ends = ", ".join(f"{e}={k}" for e, k in open_ends)
            return tr("{tile} does not match the {end} end (open ends {ends})").format(
                tile=t, end=end, ends=ends)
        if self.mode and len(move.placements) == 1:
            return self.mode_rule()
        if len(move.placements) > 1:
            return tr("{name} does not allow this multi-tile play here").format(name=r.name)
        return tr("not allowed by the rules of {name}").format(name=r.name)

    def mode_rule(self) -> str:
        """The rule the current turn mode enforces, in words (the variant's ``mode_texts``)."""
        texts: dict[str | None, str] = dict(self.rules.mode_texts)
        text = texts.get(self.mode)
        return tr(text) if text else tr("turn mode {mode}").format(mode=self.mode)

    def play(self, move: Move | str | Tile) -> None:
        """Make ``move`` (a Move or its notation). Illegal moves raise and change nothing."""
        # the one-tile play of the cached plain line in C where it was built (_line_play,
        # below the class): the same steps as the Python below, which makes every other move
        if _line_play is not None and _line_play(self, move):
            return
        # the fast path of check(), inlined: a move taken from legal_moves() is one of
        # the shared instances in this position's list, so identity proves it legal
        # (a finished round's list is empty: check() says why)
        lv = self._legal
        for m in self.legal_moves() if lv is None else lv:
            if m is move:
                break
        else:
            self._apply(self.check(move))
            return
        line = self._exact
        if not self._fast or line is None:
            self._apply(move)
            return
        if move.kind != "play":
            if move.kind == "pass":
                # a pass of the cached plain line (3 or so a sport round), inlined like
                # the play below: _apply()'s short undo entry and its last branch
                p = self.current_player
                self._undo.append((move, p, self.hands[p], self.drawn))
                self._legal = None
                self.history.append(move)
                self.drawn = 0
                self.current_player = (p + 1) % self.players
            else:
                self._apply(move)
            return
        # _apply()'s first path, inlined here for the legal move of a cached plain line
        # (one tile at an end it fits, no after_play hook, the round going on: the move
        # came from this position's list, which nothing but such plays and draw / pass
        # fill once the lead is down; before it, the lead table's) — a call and its
        # re-checks less on every move
        t, end = move.placements[0]
        if end == "R":
            k = line.rnum
            o = t.high if t.low == k else t.low
            line._right.append((k, o))
            line.rnum = o
            line._order.append("R")
        elif end == "L":
            k = line.lnum
            o = t.low if t.high == k else t.high
            line._left.append((o, k))
            line.lnum = o
            line._order.append("L")
        else:
            # the lead (end None: the list is the empty table's), LineLayout.place's
            # lead inlined
            line._lead.append((t.low, t.high))
            line.lnum = t.low
            line.rnum = t.high
            line._order.append("S")
        self._line_tile_played(move, self.current_player, t, line)

    def _line_tile_played(self, move: Move, p: int, t: Tile, line: LineLayout) -> None:
        """The rest of P{p}'s one-tile play ``move`` of ``t``, once ``t`` is at an end of the
        plain line: the short undo entry, the history, his hand, and the round's end (out;
        blocked, tested in full only when the next player holds no tile for an end) or the
        next player, whose legal moves a game with the move cache lists here. Shared by
        play()'s and _apply()'s inlined paths."""
        hands = self.hands
        h = hands[p]
        self._undo.append((move, p, h, self.drawn))
        self.history.append(move)
        h &= ~(1 << t.index)
        hands[p] = h
        self.drawn = 0
        # (the position's list is replaced on every way out below: with the next
        # player's moves when they are listed here, else by None, so legal_moves()
        # works them out)
        if not h:
            self._legal = None
            self.ended = "out"
            self.finisher = p
            return
        # the next player's tiles for each end: when he holds one, the round goes on (the
        # block test is needed only when he holds none), and in a game with the move
        # cache his moves are listed here from these masks, which legal_moves() would
        # work out again (the driver of a simulation asks for them next)
        q = self.current_player = (p + 1) % self.players
        suit = self._suit
        sl = suit[line.lnum]
        sr = suit[line.rnum]
        h = hands[q]
        ml = h & sl
        mr = h & sr
        if ml or mr:
            self._legal = (None if self._cache is None else self._at_r[q][mr] if not ml
                           else self._at_l[q][ml] if not mr else self._both_ends(q, ml, mr))
            return
        self._legal = None
        pm = sl | sr
        for h in hands:
            if not h or h & pm:
                return
        if self._blocked_now():
            self.ended = "blocked"
            self.finisher = p

    def _apply(self, move: Move) -> None:
        p = self.current_player
        hands = self.hands
        line = self._exact
        if line is not None and self._quick and move.kind == "play" and self.ended is None \
                and len(move.placements) == 1:
            # the common move of the line games, all inlined: one tile at the left or
            # the right end of the exact LineLayout, no after_play hook (the next player
            # moves, and undo keeps the short entry); a lead or a tile that does not fit
            # goes the general way below, before anything is changed
            t, end = move.placements[0]
            if end == "R":
                k = line.rnum
                if t.low == k:
                    o = t.high
                elif t.high == k:
                    o = t.low
                else:
                    o = -1
                if o >= 0:
                    line._right.append((k, o))
                    line.rnum = o
                    line._order.append("R")
            elif end == "L":
                k = line.lnum
                if t.high == k:
                    o = t.low
                elif t.low == k:
                    o = t.high
                else:
                    o = -1
                if o >= 0:
                    line._left.append((o, k))
                    line.lnum = o
                    line._order.append("L")
            else:
                o = -1
            if o >= 0:
                self._line_tile_played(move, p, t, line)
                return
        if self._quick and self.ended is None:
            self._undo.append((move, p, hands[p], self.drawn))
        else:
            self._undo.append((move, tuple(hands), self.top, p, self.drawn, self.mode,
                               self.ended, self.finisher, self._result))
            self._result = None     # (a round going on has none: result() raises)
        self._legal = None
        self.history.append(move)
        kind = move.kind
        if kind == "play":
            h = hands[p]
            pl = move.placements
            line = self._exact
            if line is not None and len(pl) == 1:
                # one tile on the plain line: LineLayout.place inlined (the same steps;
                # a tile that does not fit goes to place(), which raises)
                t, end = pl[0]
                h &= ~(1 << t.index)
                if end == "R":
                    k = line.rnum
                    if t.low == k:
                        line._right.append((k, t.high))
                        line.rnum = t.high
                        line._order.append(end)
                    elif t.high == k:
                        line._right.append((k, t.low))
                        line.rnum = t.low
                        line._order.append(end)
                    else:
                        line.place(t, end)
                elif end == "L":
                    k = line.lnum
                    if t.high == k:
                        line._left.append((t.low, k))
                        line.lnum = t.low
                        line._order.append(end)
                    elif t.low == k:
                        line._left.append((t.high, k))
                        line.lnum = t.high
                        line._order.append(end)
                    else:
                        line.place(t, end)
                else:
                    line.place(t, end)
            else:
                lay = self.layout
                for t, end in pl:
                    h &= ~(1 << t.index)
                    lay.place(t, end)
            hands[p] = h
            self.drawn = 0
            if not h:
                self.ended = "out"
                self.finisher = p
                return
            after = self.rules.after_play
            if after is None:
                self.current_player = (p + 1) % self.players
            else:
                self.current_player = after(self, p, move)
            line = self._line
            if line is not None and line.plain:
                # the usual case, inlined: somebody holds a tile for an end -> not blocked;
                # only when nobody does is the full test (boneyard, suits down) needed
                suit = self._suit
                pm = suit[line.lnum] | suit[line.rnum]
                for h in self.hands:     # (a hook may have moved tiles between hands)
                    if not h or h & pm:
                        return
            if self._blocked_now():
                self.ended = "blocked"
                self.finisher = p
        elif kind == "draw":
            t = self.bone[self.top]
            self.top += 1
            hands[p] |= 1 << t.index
            self.drawn += 1
            if self._blocked_now():
                self.ended = "blocked"
                self.finisher = self._last_player()
        else:
            self.drawn = 0
            self.current_player = (p + 1) % self.players

    def _with_finish_together(self, out: list[Move], p: int) -> list[Move]:
        """``Rules.finish_together``: when those tiles are all ``p`` holds, and each fits its
        own open end as the table lies at the start of the turn, the play laying them all
        at once (in the listed order) is added."""
        tiles = self.rules.finish_together
        if self.hands[p] != mask_of(tiles) or self.layout.is_empty():
            return out
        ends = self.layout.open_ends()
        for combo in permutations([e for e, _ in ends], len(tiles)):
            if all(self.layout.fits(t, e) for t, e in zip(tiles, combo)):
                return out + [Move._make("play", tuple(zip(tiles, combo)), p)]
        return out

    def _line_blocks(self, move: Move) -> bool:
        """:meth:`blocks_after` on the line without playing the move (no hook, nothing to
        draw): the ends the move leaves, and whether any hand then holds a tile for them."""
        line = self._line
        assert line is not None
        a, b = line.lnum, line.rnum
        p = self.current_player
        h = self.hands[p]
        for t, end in move.placements:
            h &= ~(1 << t.index)
            if end == "L":
                a = t.high if t.low == a else t.low
            else:
                b = t.high if t.low == b else t.low
        if not h:
            return False                 # he goes out
        pm = self._suit[a] | self._suit[b]
        if h & pm:
            return False
        return all(q == p or (hq and not hq & pm) for q, hq in enumerate(self.hands))

    def blocks_after(self, move: Move) -> bool:
        """Would ``move`` (one of :meth:`legal_moves`) end the round in a block («рыба»)?

        The move is made and taken back; the position, and the move list being
        generated, are left as they were, so a variant's ``extra_moves`` hook may ask
        (General's «"Рыба" недопустима», Morskoy kozel's fast rounds).
        """
        legal = self._legal
        self._apply(move)
        blocked = self.ended == "blocked"
        self.undo()
        self._legal = legal
        return blocked

    def _last_player(self) -> int | None:
        for m in reversed(self.history):
            if m.kind == "play":
                return m.player
        return None

    def push(self, move: Move) -> None:
        """Apply ``move`` WITHOUT checking it (for search code that takes moves from
        :meth:`legal_moves`); :meth:`pop` / :meth:`undo` takes it back."""
        self._apply(move)

    def pop(self) -> Move:
        """Same as :meth:`undo`."""
        return self.undo()

    def undo(self) -> Move:
        """Take back the last move; returns it."""
        if not self._undo:
            raise IllegalMove(tr("nothing to undo: no move has been made in this round"))
        e = self._undo.pop()
        move = e[0]
        kind = move.kind
        if kind == "play":
            pl = move.placements
            line = self._exact
            if line is not None and len(pl) == 1 and line._order[-1] != "S":
                # LineLayout.discard_last, inlined for one tile at an end
                if line._order.pop() == "L":
                    line.lnum = line._left.pop()[1]
                else:
                    line.rnum = line._right.pop()[0]
            else:
                lay = self.layout
                for _ in pl:
                    lay.discard_last()
        if len(e) == 4:
            _, p, h, drawn = e
            self.hands[p] = h
            if kind == "draw":
                self.top -= 1
            self.current_player = p
            self.drawn = drawn
            self.ended = self.finisher = self._result = None
        else:
            (_, hands, top, p, drawn, mode, ended, finisher, result) = e
            self.hands = list(hands)
            self.top, self.current_player, self.drawn, self.mode = top, p, drawn, mode
            self.ended, self.finisher, self._result = ended, finisher, result
        self.history.pop()
        self._legal = None
        return move

    def random_for(self, salt: int) -> random.Random:
        """A deterministic RNG for chance inside a rule (replays reproduce it)."""
        return random.Random(self.seed * 1_000_003 + len(self.history) * 7919 + salt)

    def table_points_log(self, points: Callable[[Layout, Rules], int] | None = None
                         ) -> list[tuple[int, int, int, int]]:
        """``(ply, player, open-ends sum, points)`` for every play that scored on the table
        so far, by ``points(layout, rules)`` (default: the variant's ``table_points``
        hook; empty when it has none), found by replaying the history's plays on a layout
        of its own (so it follows undo: the replay is taken back with the history, see
        below; ``points`` is read as a function of the layout and the rules only).

        >>> from dominolab.games import new_round
        >>> g = new_round("muggins", hands=["5:5 1:2", "0:5 3:3"], leader=0); g.play("5:5")
        >>> g.table_points_log()
        [(0, 0, 10, 10)]
        """
        hook = self.rules.table_points if points is None else points
        if hook is None:
            return []
        # The replay is kept between calls: its layout, the moves it has laid (the
        # history's own objects) and its entries. A call takes it back to the longest
        # prefix of the history it still shares and goes on from there: the engine's
        # search asks at each end of a round it reaches, a move or two from the last,
        # where a replay from the start is a place() per tile on the table. (The hook
        # is read as a function of the layout and the rules, as the one-shot replay
        # read it; another hook or rules start a new replay.)
        rules, hist = self.rules, self.history
        c = getattr(self, "_tpr", None)     # (None too in a state pickled before it)
        if c is None or c[0] is not hook or c[1] is not rules:
            c = self._tpr = [hook, rules, rules.make_layout(), [], []]
        _, _, lay, moves, out = c
        try:
            j, n = 0, min(len(moves), len(hist))
            while j < n and moves[j] is hist[j]:
                j += 1
            while len(moves) > j:
                m = moves.pop()
                if m.kind == "play":
                    if out and out[-1][0] == len(moves):
                        out.pop()
                    for _ in m.placements:
                        lay.discard_last()
            for ply in range(j, len(hist)):
                m = hist[ply]
                moves.append(m)
                if m.kind != "play":
                    continue
                for t, e in m.placements:
                    lay.place(t, e)
                pts = hook(lay, rules)
                if pts:
                    player = m.player
                    assert player is not None   # moves on the history are attributed
                    out.append((ply, player, lay.end_sum(), pts))
        except BaseException:
            self._tpr = None     # half done: the next call replays from the start
            raise
        return list(out)

    # -- end of round -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.ended is not None

    def is_blocked(self) -> bool:
        """True when the round ended in a block (every hand holds tiles, nobody can move)."""
        return self.ended == "blocked"

    def result(self) -> RoundResult:
        """The RoundResult of a finished round (raises while it is still being played)."""
        if not self.ended:
            raise IllegalMove(tr("the round is not over yet; result() needs a finished round"))
        if self._result is None:
            if self.ended == "redeal":
                self._result = RoundResult(
                    end="redeal", teams=list(self.teams), penalties=self.rules.penalties,
                    pips=[0] * self.players, points=[0] * self.players,
                    team_points=[0] * len(self.teams), reason=f"redeal: {self.redeal_reason}",
                    eggs=self.context.eggs if self.context else 0)
            else:
                self._result = self.rules.scoring(self)
        return self._result

    # -- copies, records, display -------------------------------------------------
    def copy(self) -> GameState:
        """An independent copy (moves on it do not affect this state)."""
        new = object.__new__(GameState)
        for name in _SLOT_NAMES:
            setattr(new, name, getattr(self, name))
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        lay = new.layout = self.layout.copy()
        new._line = lay if isinstance(lay, LineLayout) else None
        new._exact = lay if type(lay) is LineLayout else None
        new.history = list(self.history)
        new._undo = list(self._undo)
        new._legal = None
        new.flags = dict(self.flags)
        new._tpr = None
        return new

    def __getstate__(self) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """What a pickle and ``copy.copy``/``deepcopy`` keep: every slot but
        :meth:`table_points_log`'s replay, which holds the hook it was asked with (a lambda
        would not pickle) and is made again from the history on the next call."""
        slots = {n: getattr(self, n) for n in _SLOT_NAMES if hasattr(self, n)}
        slots["_tpr"] = None
        return self.__dict__ or None, slots

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """A JSON-ready view for boards; hands other than ``viewer``'s are counts only
        unless ``viewer`` is None (open mode)."""
        hands: list[list[list[int | str]] | int] = []
        for p in range(self.players):
            if viewer is None or viewer == p:
                hands.append([_json_tile(t) for t in self.hand(p)])
            else:
                hands.append(bin(self.hands[p]).count("1"))
        return {
            "variant": self.rules.name,
            "players": self.players,
            "teams": [list(t) for t in self.teams],
            "current": self.current_player,
            "hands": hands,
            "boneyard": self.boneyard_count(),
            "layout": self.layout.to_json(),
            "legal": [m.to_json() for m in self.legal_moves()],
            "history": [str(m) for m in self.history],
            "over": self.ended,
            "result": self.result().to_json() if self.ended else None,
        }

    def __repr__(self) -> str:
        status = f"over ({self.ended})" if self.ended else f"P{self.current_player + 1} to move"
        return (f"<GameState {self.rules.name}: {len(self.layout)} on table, "
                f"hands {[bin(h).count('1') for h in self.hands]}, "
                f"boneyard {self.boneyard_count()}, {status}>")

    def __str__(self) -> str:
        lines = [f"{self.rules.title} — " + (f"over ({self.ended})" if self.ended
                                             else f"P{self.current_player + 1} to move")]
        lines.append("table: " + (" ".join(f"{a}:{b}" for a, b in self.layout.pairs()) or "(empty)"))
        for p in range(self.players):
            lines.append(f"P{p + 1}: {self.hand(p)}")
        if self.bone:
            lines.append(f"boneyard: {self.boneyard_count()} tiles")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from ..render.table import table_svg  # noqa: PLC0415 (drawn on demand; render imports games)

        return table_svg(self)


def _native_line_play() -> Callable[[GameState, object], bool] | None:
    """:meth:`GameState.play`'s one-tile play of the cached plain line in C
    (``_crossc.c``'s ``line_play``: the same steps on the same slots as play() and
    _line_tile_played(), about a third of a random round's time in Python), or None where the
    extension was not built (the browser site) or ``DOMINOLAB_PURE=1`` was set when this
    module was imported: play() is then Python throughout, with the same results."""
    if _c_line_play is None or pure_requested():
        return None
    _c_line_init(GameState, LineLayout, Move, Tile)
    return _c_line_play


_line_play = _native_line_play()

#: the slots :meth:`GameState.copy` copies (all but ``__dict__``)
_SLOT_NAMES = tuple(n for n in GameState.__slots__ if n != "__dict__")


def _json_tile(t: Tile) -> list[int | str]:
    """A tile for a board's JSON: its two numbers, or a locomotive tile's two faces."""
    if isinstance(t, LocoTile):
        return [LOCO, t.face]
    return [t.low, t.high]


def validate_deal(rules: Rules, hands: Iterable[str | Iterable[Tile]],
                  boneyard: str | Iterable[Tile]) -> tuple[list[Hand], list[Tile]]:
    """Check that hands and boneyard are distinct tiles of the set; parse text."""
    ds = DominoSet(rules.set_max, rules.locomotives)
    parsed = []
    seen: dict[Tile, str] = {}
    for p, h in enumerate(hands):
        hand = ds.parse(h) if isinstance(h, str) else ds.check(h, f"hand of P{p + 1}")
        parsed.append(hand)
    bone = ds.parse(boneyard) if isinstance(boneyard, str) else ds.check(boneyard, "boneyard")
    for where, tiles in [(f"the hand of P{p + 1}", h) for p, h in enumerate(parsed)] + \
            [("the boneyard", bone)]:
        for t in tiles:
            if t in seen:
                raise InvalidPosition(f"{t} is both in {seen[t]} and in {where}")
            seen[t] = where
    return parsed, list(bone)
