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
from functools import lru_cache

from ..errors import GameOver, IllegalMove, InvalidPosition, WrongPlayer
from ..tiles import DominoSet, Hand, Tile
from .moves import Draw, Move, Pass
from .rules import RoundResult, Rules

__all__ = ["GameState", "LegalMoves", "tables"]


@lru_cache(maxsize=None)
def tables(n: int):
    """Per-set lookup tables ``(tiles by index, suit masks, pips by index, full mask)``."""
    size = (n + 1) * (n + 2) // 2
    tiles = tuple(Tile.from_index(i) for i in range(size))
    suit = tuple(sum(1 << t.index for t in tiles if t.has(k)) for k in range(n + 1))
    pips = tuple(t.pips for t in tiles)
    return tiles, suit, pips, (1 << size) - 1


@lru_cache(maxsize=None)
def canonical_tiles(n: int) -> tuple:
    """The double-n set in canonical order (0:0, 0:1, …), the order deals shuffle."""
    return tuple(DominoSet(n).tiles)


@lru_cache(maxsize=None)
def _move_cache(n: int) -> dict:
    """A shared cache of one-tile Move values for the double-n set, keyed (index, end, player)."""
    return {}


def mask_of(tiles) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t.index
    return m


def tiles_of(mask: int, tiles) -> list[Tile]:
    """The tiles whose bits are set, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(tiles[low.bit_length() - 1])
        mask ^= low
    return out


class LegalMoves:
    """A lazy, read-only view of the legal moves: supports ``in``, ``len``, iteration, indexing."""

    __slots__ = ("_state", "_list")

    def __init__(self, state: GameState):
        self._state = state
        self._list = None

    def _moves(self):
        if self._list is None:
            self._list = self._state._generate()
        return self._list

    def __iter__(self):
        return iter(self._moves())

    def __len__(self):
        return len(self._moves())

    def __getitem__(self, i):
        return self._moves()[i]

    def __contains__(self, move) -> bool:
        if isinstance(move, str):
            move = Move.parse(move)
        return move in self._moves()

    def __bool__(self):
        return bool(self._moves())

    def __repr__(self):
        return f"LegalMoves([{', '.join(str(m) for m in self._moves())}])"


class GameState:
    """One round in progress. Build it with :func:`games.new_round` / :func:`games.new_game`.

    Public attributes: ``rules``, ``players``, ``teams``, ``current_player``,
    ``leader``, ``layout``, ``history`` (moves with players), ``context``.
    """

    def __init__(self, rules: Rules, hands, boneyard=(), leader: int = 0, lead=None, *,
                 context=None, seed: int = 0, flags=(), redeal_reason: str | None = None):
        self.rules = rules
        self.set = DominoSet(rules.set_max)
        self._tiles, self._suit, self._pips, self._full = tables(rules.set_max)
        self._mcache = _move_cache(rules.set_max)
        self.players = len(hands)
        self.teams = rules.teams_for(self.players)
        self.team_of = [0] * self.players
        for t, members in enumerate(self.teams):
            for p in members:
                self.team_of[p] = t
        self.initial_hands = tuple(h if type(h) is Hand else Hand(h) for h in hands)
        self.bone = tuple(boneyard)
        self.hands = [mask_of(h) for h in self.initial_hands]
        self.top = 0
        self.layout = rules.make_layout()
        self.leader = leader
        self.current_player = leader
        self.lead_mask = self._full if lead is None else mask_of(lead)
        self.lead = None if lead is None else tuple(lead)
        self.drawn = 0
        self.mode = None          # hook-defined turn mode (e.g. forced two-tile plays)
        self.ended = "redeal" if redeal_reason else None
        self.redeal_reason = redeal_reason
        self.finisher = None
        self.history: list[Move] = []
        self._undo: list[tuple] = []
        self._legal = None
        self.context = context
        self.seed = seed
        self.flags = dict(flags)
        self._result = None

    # -- views ------------------------------------------------------------------
    def hand(self, player: int) -> Hand:
        """The tiles ``player`` holds, in canonical order."""
        return Hand(tiles_of(self.hands[player], self._tiles))

    def hand_mask(self, player: int) -> int:
        return self.hands[player]

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

    def key(self):
        """A compact hashable position key (hands, boneyard pointer, turn, table ends)."""
        return (tuple(self.hands), self.top, self.current_player, self.drawn, self.mode,
                self.layout.key())

    @property
    def ply(self) -> int:
        return len(self.history)

    # -- move generation ----------------------------------------------------------
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to move (a lazy view; empty when over)."""
        if self._legal is None:
            self._legal = LegalMoves(self)
        return self._legal

    def playable_mask(self) -> int:
        """Tiles (as a mask) that fit some open end of the table."""
        lay = self.layout
        if lay.is_empty():
            return self.lead_mask
        return lay.playable_mask(self._suit)

    def _plays(self, p: int) -> list[Move]:
        h = self.hands[p]
        lay = self.layout
        tiles = self._tiles
        cache = self._mcache
        out = []
        if lay.is_empty():
            m = h & self.lead_mask
            ems = ((None, m),)
        else:
            ems = lay.end_masks(self._suit)
            m = 0
            for _, em in ems:
                m |= em
            m &= h
        # moves are immutable values, so one shared instance per (tile, end, player)
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            for end, em in ems:
                if em & low:
                    key = (i, end, p)
                    mv = cache.get(key)
                    if mv is None:
                        mv = cache[key] = Move._make("play", ((tiles[i], end),), p)
                    out.append(mv)
        if self.rules.extra_moves is not None:
            out = self.rules.extra_moves(self, out)
        return out

    def moves_for_tile(self, tile) -> list[Move]:
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
        if self.ended:
            return []
        p = self.current_player
        plays = self._plays(p)
        if plays:
            return plays
        if self.can_draw():
            return [Draw(p)]
        return [Pass(p)]

    def can_draw_any(self) -> bool:
        """Is there a boneyard tile that some player could still draw?"""
        r = self.rules
        return r.draw != "none" and len(self.bone) - self.top > r.keep

    def can_play(self, player: int) -> bool:
        """Does ``player`` hold a tile that fits the table now?"""
        return bool(self.hands[player] & self.playable_mask())

    def _blocked_now(self) -> bool:
        if self.layout.is_empty():
            return False
        if self.layout.is_dead():
            return True      # every arm closed: nothing can ever be played, drawing is pointless
        pm = self.layout.playable_mask(self._suit)
        for h in self.hands:
            if not h or h & pm:
                return False
        if self.rules.draw != "none" and len(self.bone) - self.top > self.rules.keep:
            # Tiles may still be drawn: blocked only if every tile that fits an end is on
            # the table. On a line that is RULES.md's "both ends show n and the whole suit n
            # is down" (public knowledge): the round ends there, nobody draws the boneyard.
            down = 0
            for a, b in self.layout.pairs():
                down |= 1 << (a * (a + 1) // 2 + b if a >= b else b * (b + 1) // 2 + a)
            if pm & ~down:
                return False
        return True

    # -- playing ------------------------------------------------------------------
    def _coerce(self, move) -> Move:
        if isinstance(move, str):
            move = Move.parse(move)
        elif isinstance(move, Tile):
            move = Move("play", ((move, None),))
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r} (use a Move or text like 'P1 3:5>R')")
        return move

    def check(self, move) -> Move:
        """Return ``move`` attributed to the player to move, or raise why it is illegal."""
        move = self._coerce(move)
        if self.ended:
            raise GameOver(f"the round is over ({self.ended}); no more moves")
        p = self.current_player
        if move.player is not None and move.player != p:
            raise WrongPlayer(f"it is P{p + 1}'s turn, not P{move.player + 1}'s")
        move = move.by(p)
        legal = self.legal_moves()
        if move in legal:
            return move
        raise IllegalMove(self._why_illegal(move, list(legal)))

    def _why_illegal(self, move: Move, legal: list[Move]) -> str:
        p = self.current_player
        if move.kind == "draw":
            if any(m.kind == "play" for m in legal):
                return f"{move}: a player who can play may not draw (P{p + 1} can play)"
            if self.rules.draw == "none":
                return f"{move}: {self.rules.name} has no drawing"
            if self.rules.draw == "one" and self.drawn:
                return f"{move}: only one tile may be drawn per turn in {self.rules.name}"
            return f"{move}: nothing may be drawn now (boneyard {self.boneyard_count()}, " \
                   f"{self.rules.keep} stay{'s' if self.rules.keep == 1 else ''})"
        if move.kind == "pass":
            if any(m.kind == "play" for m in legal):
                return f"{move}: a player who can play may not pass"
            return f"{move}: P{p + 1} must draw from the boneyard before passing"
        for t, end in move.placements:
            if not (self.hands[p] >> t.index) & 1:
                return f"{move}: P{p + 1} does not hold {t}"
        if self.rules.explain is not None:
            why = self.rules.explain(self, move)
            if why:
                return f"{move}: {why}"
        t, end = move.placements[0]
        if self.layout.is_empty():
            if end is not None and len(move.placements) == 1:
                return f"{move}: the table is empty, so {t} is a lead (write it without an end)"
            if self.lead is not None and t not in self.lead:
                need = " or ".join(str(x) for x in self.lead)
                return f"{move}: the opening rule says the lead is {need}"
        elif end is None:
            return f"{move}: the table is not empty; name the end (L or R)"
        elif len(move.placements) == 1 and not self.layout.fits(t, end):
            ends = ", ".join(f"{e}={k}" for e, k in self.open_ends())
            return f"{move}: {t} does not match the {end} end (open ends {ends})"
        if self.mode and len(move.placements) == 1:
            return f"{move}: {self.mode_rule()}"
        if len(move.placements) > 1:
            return f"{move}: {self.rules.name} does not allow this multi-tile play here"
        return f"{move}: not allowed by the rules of {self.rules.name}"

    def mode_rule(self) -> str:
        return {"pairs": "after the extraordinary lead each player must play two tiles, "
                         "one at each side, while he can"}.get(self.mode, f"turn mode {self.mode}")

    def play(self, move) -> None:
        """Make ``move`` (a Move or its notation). Illegal moves raise and change nothing."""
        move = self.check(move)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        p = self.current_player
        self._undo.append((move, tuple(self.hands), self.top, p, self.drawn, self.mode,
                           self.ended, self.finisher, self._result))
        self._legal = None
        self._result = None
        self.history.append(move)
        if move.kind == "play":
            h = self.hands[p]
            for t, end in move.placements:
                h &= ~(1 << t.index)
                self.layout.place(t, end)
            self.hands[p] = h
            self.drawn = 0
            if not h:
                self.ended = "out"
                self.finisher = p
                return
            nxt = (p + 1) % self.players
            if self.rules.after_play is not None:
                nxt = self.rules.after_play(self, p, move)
            self.current_player = nxt
            if self._blocked_now():
                self.ended = "blocked"
                self.finisher = p
        elif move.kind == "draw":
            t = self.bone[self.top]
            self.top += 1
            self.hands[p] |= 1 << t.index
            self.drawn += 1
            if self._blocked_now():
                self.ended = "blocked"
                self.finisher = self._last_player()
        else:
            self.drawn = 0
            self.current_player = (p + 1) % self.players

    def _last_player(self):
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
            raise IllegalMove("nothing to undo: no move has been made in this round")
        (move, hands, top, p, drawn, mode, ended, finisher, result) = self._undo.pop()
        if move.kind == "play":
            for _ in move.placements:
                self.layout.pop()
        self.hands = list(hands)
        self.top, self.current_player, self.drawn, self.mode = top, p, drawn, mode
        self.ended, self.finisher, self._result = ended, finisher, result
        self.history.pop()
        self._legal = None
        return move

    def random_for(self, salt: int) -> random.Random:
        """A deterministic RNG for chance inside a rule (replays reproduce it)."""
        return random.Random(self.seed * 1_000_003 + len(self.history) * 7919 + salt)

    # -- end of round -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.ended is not None

    def is_blocked(self) -> bool:
        """True when the round ended in a block (every hand holds tiles, nobody can move)."""
        return self.ended == "blocked"

    def result(self) -> RoundResult:
        """The RoundResult of a finished round (raises while it is still being played)."""
        if not self.ended:
            raise IllegalMove("the round is not over yet; result() needs a finished round")
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
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new.layout = self.layout.copy()
        new.history = list(self.history)
        new._undo = list(self._undo)
        new._legal = None
        new.flags = dict(self.flags)
        return new

    def to_record(self):
        """The round as a :class:`~dominolab.games.record.Record` (JSON / text)."""
        from .record import Record

        return Record.from_state(self)

    def to_json(self, viewer: int | None = None) -> dict:
        """A JSON-ready view for boards; hands other than ``viewer``'s are counts only
        unless ``viewer`` is None (open mode)."""
        hands = []
        for p in range(self.players):
            if viewer is None or viewer == p:
                hands.append([[t.low, t.high] for t in self.hand(p)])
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
        from ..render.table import table_svg

        return table_svg(self)


def validate_deal(rules: Rules, hands, boneyard) -> tuple[list[Hand], list[Tile]]:
    """Check that hands and boneyard are distinct tiles of the set; parse text."""
    ds = DominoSet(rules.set_max)
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
