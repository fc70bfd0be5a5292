# One file: the arms states, their moves, the draws and the search closure share one
# instance's tables (interned states, move lists, the transposition table), which the
# closure reads as locals; split, the hot loop would reach them through other modules.
"""The compact double-dummy search on a cross (the four-direction games: Osyol, Chechevé, Telefon,
Muggins).

The engine search (:mod:`~dominolab.games.search`) plays every move on a full
:class:`~dominolab.games.spinner_layout.SpinnerLayout` with play and undo. Where
the score does not read the table (``Rules.score_reads == "ends"``, no
``table_points``) and the variant's hooks only add the several-doubles play
(``Rules.cross_hooks``), what decides the rest of a round is much smaller:

- the hands (one int, as in the line search);
- the open numbers of the arms and which arms are closed, as a **multiset**:
  once N and S are open the four arms obey the same rules, so a position with
  arms ``3, 5, closed, 5`` is the same as ``5, closed, 3, 5``;
- before the spinner, the two ends of the line (unordered), and, when the
  spinner opens N and S only after both its sides hold a tile
  (``spinner_opens="after_sides"``), which end still shows the spinner's own face
  and the spinner's number.

Where the table scores by the open ends' sum (``Rules.table_points_sum``: Telefon's and
Muggins' fives, N and S opening at once or after both sides of the spinner), each arm
also says what it adds to the sum (:data:`PARTS`: its number, a double's two halves,
the spinner while a side of the line is free, nothing for an empty N or S side; N and S
are added once the spinner's last free side is covered), so the
points a move scores are a function of the next arms state (``gain``), added to the
mover's side as the search goes; the leaf is scored with an empty table-points log
(:meth:`LeafView.table_points_log`), so it scores the rest of the round only (Telefon's
write-offs), and :meth:`CrossCompact.value_of` adds the points scored before the
position. A full Telefon deal takes about a second with the C node loop below, three in
Python (``benchmarks/bench_solver.py --only native``). Where
each double after the spinner may lie across or lengthwise as the player chooses
(``count_doubles="choice"``: Muggins; one tile a turn, no closing), both are moves, the
lengthwise double ending its arm as a plain tile does (its number, once); a full two-player
Muggins deal takes a fraction of a second.

Where a boneyard is drawn until a tile fits (``Rules.draw == "until_playable"``: Chechevé,
Osyol and Telefon with fewer than four players) in its known order (``solve(...,
boneyard="known")``), the search makes the draws itself: after a move, the first player
who holds no tile for the open numbers draws from the top until one fits or the draws are
done (``Rules.keep`` tiles stay), unless the round is blocked as the engine rules it
(nobody holds a fitting tile and none is left in the boneyard); how far the boneyard is
drawn is kept in the hands' int above the hands, so the table is keyed by one int still. A
player to move who must draw is left to the engine (his draws are its forced moves). A
full Chechevé deal takes about a second with the C node loop, five in Python (it stopped at
the benchmark's 180 s budget on the engine search).

That *arms state* is interned as a small int, so the transposition table is
keyed by one int (hands, arms state, player to move), and the moves of an arms
state for the tiles a player holds that fit it are generated once and kept:
every single play (a double open or closed, as ``closing`` allows) and the
several-doubles plays (``multi_doubles``: up to four doubles, one per arm open at
the start of the turn, in both orders while there is no spinner, each open or
closed), merged where they give the same position (the arms state after a tile
on an arm is kept too). Passes are forced and skipped; a table whose open arms
nobody can answer is a block; a player whose one tile fits goes out however he
lays it, so his best such leaf is taken without a search node of his own.

A node whose table entry names a best move searches that move alone first and orders
the others only if it does not cut off (the ordering, which reads the next player's
hand for each move, was a fifth of the CPU of a Telefon deal, most of it spent at nodes
the table's move then cut). The single plays of a tile on an arms state are made once
and joined for each new set of fitting tiles. The two together, alternating with the
search before them in one process over ten seeded Telefon deals: the same values, 0.7%
more positions, a median per-deal CPU ratio of 1.17 (Osyol in pairs: 1.10).

A leaf is scored once per what the score reads (the hands, the end, the finisher
and the last move; where the variant declares ``Rules.hand_value``, the tuple of
hand values, the end and the finisher), the scoring hook reading
:class:`~dominolab.tiles.Hand` objects made once per tile set. Most of the time
of a full deal goes to the size of the tree, not to its nodes: the proofs are
paranoid (one side against every other player, so three of four turns must
refute every move) and 99.6% of cut-offs come at the first move. On six 20-tile
Osyol positions neither the exact value as the null-window driver's first guess
nor clipping the window to what Kozel's scoring allows searched fewer positions
(the values are small against the pips still held). On three 22-tile Osyol positions
(each for himself) reading an arm whose number no hand holds as closed (merging such
states in the table) searched 4% fewer positions and cost more CPU than it saved. Where
the time goes is the proof that the root player reaches a value: three plies in four are
the other players', each of whose moves must be refuted. What prunes those proofs is a
bound from the pips: with Kozel's score (Osyol) every node first asks
:meth:`CrossCompact.goat_bounds` whether the hands alone settle its window (the root side
records at most its pips, the eggs carried in and the eggs of a tied block, which are at
most ``k`` other sides' equal pips below its own). A looser form of it (the eggs of a tie
bounded by all the other sides' pips) had saved only 7-15% of the positions of three
22-tile positions; this one halved the median over ten seeded full deals each for himself
(10.4 to 4.5 million positions). Two against two (``pairs=True``) a full deal takes about
a tenth of a second with the C node loop, each for himself about two (the goat score
worked out in C).

The lead is the engine's (the engine search hands every position after it to
this search, one per first move of the round, as it does for the line).

The node loop also exists in C (``_crossc.c``, compiled into the package by
``hatch_build.py``): the same search move for move, so the same values and, with
``table_floor=0``, the same number of positions (``tests/test_solver_cross.py`` runs both on
every reading), with the hands as machine words and its own transposition table (for Osyol it
leaves positions with few tiles out of it: :attr:`CrossCompact.table_floor`). Where the variant declares
``Rules.score_model == "goat"`` (Kozel's score: Osyol) it works a leaf out itself from the hands'
pips, the teams and the eggs of earlier rounds (the hook, with its reasons in words, was
called some 50,000 to 140,000 times a deal: a full deal each for himself went from a median
5.5 s to 3.8 s, in pairs from 0.48 s to 0.13 s). The moves of an arms
state and every other scoring stay here: it calls :meth:`CrossCompact.tile_moves`, :meth:`CrossCompact.moves` (several
doubles at once), :meth:`CrossCompact.hand_value_of` and :meth:`CrossCompact.score` (once per key of
:meth:`CrossCompact.leaf`'s table, which it keeps itself), each once per new case. It runs wherever it was built and the hands and the boneyard's place fit in 128
bits; the browser site's Python has no compiler, so there (and with ``DOMINOLAB_PURE=1``) the
closure below searches. Full deals, C against the closure in one run:
``python benchmarks/bench_solver.py --only native``.

Cross-checked against the engine search on seeded random positions of every
cross variant and reading (``tests/test_solver_cross.py``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from itertools import combinations, permutations, product

from ..errors import UnknownOption
from ..i18n import get_language, tr, using
from ..tiles import tile_index
from .leaf import INF, LeafView, hands_by_mask, side_of, side_value
from .moves import Move
from .rules import RoundResult
from .spinner_layout import SpinnerLayout, parts_sum
from .state import GameState, tables

from ._native import Searcher as _Searcher  # the node loop in C (see _crossc.c), or None
from ._native import pure_requested

__all__ = ["CrossCompact", "cross_ok", "native_available"]

#: K's low 64 bits (the C search takes K as two words)
_LO64 = (1 << 64) - 1


def native_available() -> bool:
    """Was the C node loop built (``dominolab/games/_crossc.c``)? ``DOMINOLAB_PURE=1`` in the
    environment turns it off (the Python closure searches alone)."""
    return _Searcher is not None and not pure_requested()

#: An arm closed by a face-down double (larger than every number of a set we search).
CL = 15
#: What an arm adds to the open ends' sum, where the table scores (``Rules.table_points_sum``),
#: by its place here (see :meth:`SpinnerLayout.end_parts`): its number; a double's value; the
#: spinner's value, once however many free line sides show it; nothing (an empty N or S side).
#: A closed arm is ``CL`` with part 0 and adds nothing.
PARTS = ("plain", "double", "spinner", "empty")
#: Phases of the arms state: a line (no spinner yet), the open cross, a spinner that
#: waits for both its sides (``after_sides``).
_LINE, _CROSS, _WAIT = 0, 1, 2

ArmsState = tuple[int, ...]
#: A move of the compact cross search: (tiles' bits, next arms state, pips,
#: ((tile index, closed), ...), its place in the list of moves made for its position, the
#: table points it scores: ``gain`` of the next arms state, 0 where the table scores nothing).
CrossMove = tuple[int, int, int, tuple[tuple[int, bool], ...], int, int]
#: A table entry is one int: lower bound, upper bound (each plus INF, in _B bits) and one
#: plus the place of the best move (0: none) in the low _M bits. An int is no object the
#: cyclic collector tracks, so the table of millions of entries is never walked by it
#: between the engine's calls (it was, as tuples: a fifth of a 23-tile Osyol solve's CPU)
_M = 16
_B = (2 * INF).bit_length()
_UB = (1 << _B) - 1
_MV = (1 << _M) - 1


def cross_ok(state: GameState) -> bool:
    """Does the compact cross search cover ``state`` (see the module docstring)?"""
    r = state.rules
    lay = state.layout
    return (r.cross_hooks and type(lay) is SpinnerLayout and not lay.is_empty()
            and state.mode is None
            and ((r.score_reads == "ends" and r.table_points is None)
                 # the table scores by the open ends' sum (Telefon, Muggins): the arms carry
                 # their parts of it; a double laid either way (Muggins) one tile a turn,
                 # never closed
                 or (r.table_points is not None and r.table_points_sum is not None
                     and (lay.count_doubles != "choice"
                          or (lay.closing == "none" and not r.opt("multi_doubles")))))
            and r.after_play is None and not r.refuse_block and not r.refuse_block_leads
            and not r.two_doubles and not r.finish_together and not r.locomotives
            and r.set_max < CL
            # a boneyard drawn until a tile fits, in its known order (solve's boneyard="known"),
            # once the player to move holds a tile that fits (his own draws are the engine's)
            and (not state.can_draw_any()
                 or (r.draw == "until_playable" and state.can_play(state.current_player))))


def _canon(phase: int, slots: Iterable[tuple[int, int]], s: int, kinds: bool = False
           ) -> ArmsState:
    """The interned form: phase, then the arms sorted (numbers, CL for closed; while the
    spinner waits, ``2*number + face`` and the spinner's number last; with ``kinds``, where
    the table scores, ``4*number + part``, see :data:`PARTS`)."""
    sl = list(slots)
    if kinds:
        return (phase, *sorted(4 * v + f for v, f in sl))
    if phase == _WAIT and not any(f for _, f in sl):
        # both sides of the spinner now hold a tile: N and S open, showing its number
        return (_CROSS, *sorted([v for v, _ in sl] + [s, s]))
    if phase == _WAIT:
        return (_WAIT, *sorted(2 * v + f for v, f in sl), s)
    return (phase, *sorted(v for v, _ in sl))


def _slots(st: ArmsState, kinds: bool = False) -> tuple[int, list[tuple[int, int]], int]:
    phase = st[0]
    if kinds:
        return phase, [(e >> 2, e & 3) for e in st[1:]], -1
    if phase == _WAIT:
        return phase, [(e >> 1, e & 1) for e in st[1:3]], st[3]
    return phase, [(v, 0) for v in st[1:]], -1


def state_of(lay: SpinnerLayout, kinds: bool = False) -> ArmsState:
    """The arms state of a non-empty cross (public views of the layout only); with
    ``kinds`` each arm also says what it adds to the open ends' sum (:data:`PARTS`; only for
    the cross search's scoring tables, see :func:`cross_ok`)."""
    if kinds:
        phase = (_CROSS if lay.cross_open() else _LINE if lay.spinner is None else _WAIT)
        # (a double lengthwise shows and adds its number, as a plain end does)
        return _canon(phase, [(CL, 0) if part == "closed"
                              else (v, 0 if part == "long" else PARTS.index(part))
                              for _e, v, part in lay.end_parts()], -1, True)
    ends = dict(lay.open_ends())
    closed = set(lay.closed_ends())

    def num(e: str) -> int:
        return CL if e in closed else ends[e]

    if lay.spinner is None:
        return _canon(_LINE, [(num("W"), 0), (num("E"), 0)], -1)
    if lay.cross_open():
        return _canon(_CROSS, [(num(e), 0) for e in ("W", "E", "N", "S")], -1)
    arms = lay.arms()
    s = lay.spinner_number()
    assert s is not None       # a spinner is down
    return _canon(_WAIT, [(num(e), 0 if arms[e] else 1) for e in ("W", "E")], s)


def _goat_window(tv: list[int], R: int, eggs: int) -> tuple[int, int]:
    """:meth:`CrossCompact.goat_bounds` from each team's pips ``tv`` (the root team ``R``, the
    eggs carried in ``eggs``); the search closure calls it once per set of pips where they
    could settle a window."""
    r = tv[R]
    o = sorted([x for t, x in enumerate(tv) if t != R], reverse=True)
    fresh, m = 0, r - 1
    for k in range(2, len(o) + 1):
        x = o[k - 1]
        x = k * (m if m < x else x)
        if x > fresh:
            fresh = x
    least = o[-1]
    return -(r + eggs + fresh), sum(o) + eggs + (r if r < least else least)


class CrossCompact:
    """The bitmask search on a cross, for one root side; built once per first move of the
    round, its table kept across calls (the engine search reloads the hands)."""

    def __init__(self, state: GameState, side: Iterable[int] | None = None, *,
                 last_out: bool = True, bounds: bool = True, native: bool | None = None,
                 table_floor: int | None = None):
        r = state.rules
        lay = state.layout
        assert isinstance(lay, SpinnerLayout)
        n = r.set_max
        tiles, suit, pips, _ = tables(n)
        self.tiles, self.suit, self.pips = tiles, suit, pips
        self.size = size = len(tiles)
        self.P = P = state.players
        sd = set(side_of(state, state.current_player) if side is None else side)
        self.side = tuple(sorted(sd))
        self.sgn = [1 if p in sd else -1 for p in range(P)]
        self.at_once = lay.opens == "at_once"
        self.closing = lay.closing
        self.count_doubles = lay.count_doubles
        self.multi = bool(r.opt("multi_doubles"))
        self.dbl = [1 << tile_index(k, k) for k in range(n + 1)]
        self.dmask = sum(self.dbl)
        self.shift = [p * size for p in range(P)]
        self.hands = list(state.hands)
        self.K = 0
        self.nodes = 0
        self.tt: dict[int, int] = {}
        self.sid_of: dict[ArmsState, int] = {}
        self.states: list[ArmsState] = []
        self.pm: list[int] = []
        self.gen: dict[int, list[CrossMove]] = {}
        #: the single plays of a tile on an arms state, by ``(sid << TB) | tile index``
        self._tile_moves: dict[int, list[CrossMove]] = {}
        self.TB = size.bit_length()
        #: per arms state, the id of each move made for it (see :meth:`moves`)
        self._ids: list[dict[tuple[object, ...], int]] = []
        self.first = state.history[0] if state.history else None
        self._state = state
        self._leaves: dict[tuple[object, ...], int] = {}
        self._quick: dict[tuple[object, ...], int] = {}
        #: the Hand of a mask, made once per mask (the scoring hook reads every leaf's hands)
        self.hand_of = hands_by_mask(tiles)
        # one instance per first move of the round, so the first move is not in the key
        self._hand_value = r.hand_value
        self._hv: dict[int, int] | None = None if r.hand_value is None else {}
        #: the tiles of the last move that the score reads besides the hands' values
        #: (``Rules.last_tiles``), as bits
        self.last_mask = sum(1 << tile_index(t.low, t.high) for t in r.last_tiles
                             if t.high <= n)
        self._lang = get_language()
        #: ``Rules.score_model == "goat"`` (Kozel's score, Osyol's): the C loop works a leaf
        #: out itself from the hands' pips, the teams and the eggs of earlier rounds, and
        #: never calls the scoring hook (the Python closure calls it: the test that compares
        #: the two compares them)
        self.goat = r.score_model == "goat"
        self.nteams = len(state.teams)
        self.team_of = [state.team_of[p] for p in range(P)]
        #: what one point of each team is worth in the root side's value (as side_value reads
        #: a result: +1 or -1)
        self.team_sign = [side_value(RoundResult("out", team_points=[int(k == t) for k in
                                                                      range(self.nteams)],
                                                 teams=list(state.teams)), self.side, r.penalties)
                          for t in range(self.nteams)]
        self.eggs_in = state.context.eggs if state.context else 0
        #: take the value of a player going out with his last tile without a search node
        #: (False: search that node like any other; the same values, more nodes)
        self.last_out = last_out
        #: the table scores (``Rules.table_points_sum``): each arm carries its part of the open
        #: ends' sum, and ``gain[sid]`` is what the player who makes arms state ``sid`` scores
        #: (in the root side's points, sign of ``penalties`` applied; 0 everywhere else)
        self.kinds = r.table_points is not None
        self.gain: list[int] = []
        self._points = r.table_points_sum
        self._rules = r
        #: the boneyard, top first, as tiles' bits; the draws left (``keep`` stay) and, from
        #: each place on, which tiles are still in it (the draws are in the known order)
        self.bone = [1 << t.index for t in state.bone]
        self.limit = max(0, len(self.bone) - r.keep) if r.draw == "until_playable" else 0
        self.bone_left = [0] * (len(self.bone) + 1)
        for t in range(len(self.bone) - 1, -1, -1):
            self.bone_left[t] = self.bone_left[t + 1] | self.bone[t]
        #: how far the boneyard has been drawn is kept in K above the hands (so the table's
        #: key is one int still); 0 where nothing is ever drawn
        self.TS = P * size
        #: the root side's team, where Kozel's score bounds the value of every position from
        #: the pips its teams hold (see :meth:`goat_bounds`): the goat score in penalty form
        #: (the root team's points count against it, every other team's for it), nothing
        #: scored on the table and nothing drawn (a hand only ever loses pips); else None
        #: (and with ``bounds=False``: the same values, more positions)
        self.bound_team: int | None = None
        if (bounds and self.goat and not self.kinds and not self.limit and self.nteams > 1
                and sorted(self.team_sign) == [-1] + [1] * (self.nteams - 1)):
            self.bound_team = self.team_sign.index(-1)
        #: each team's pips in the hands and (last) their sum, kept by the search closure as
        #: it plays (bounds only)
        self._tv: list[int] = [0] * (self.nteams + 1)
        self.load(state)
        self._build()
        #: the node loop in C where it was built and the hands and the boneyard's place fit
        #: in 128 bits (``native``: True or False to ask for one; None: C where it can)
        fits = size <= 64 and self.TS + len(self.bone).bit_length() <= 128 and P <= 8
        if native is None:
            native = native_available() and fits
        elif native and not (_Searcher is not None and fits):
            raise UnknownOption(tr("native=True: the C cross search is not built here, or "
                                   "this round's hands do not fit in it"))
        self.native = native
        #: the C loop keeps positions with at most this many tiles in hands out of its table
        #: (neither looked up nor stored): there a probe of a table of millions of entries
        #: waits on memory (about half a full Osyol deal's time), and so small a subtree
        #: costs less searched again. By default ``2 * players + 2`` where Kozel's score
        #: bounds the search (Osyol: ten seeded full deals each for himself, a median 2.06 s
        #: of CPU to 1.73 s, in pairs 0.168 s to 0.140 s), else 0: Telefon, Chechevé and
        #: Muggins, whose tables are smaller, took 17-36% longer with it. The closure keeps
        #: every position (its table is a dict, its nodes dear); ``table_floor=0``: the C
        #: loop does too, searching as the closure does, position for position (what the
        #: tests compare)
        if table_floor is None:
            table_floor = 2 * P + 2 if self.bound_team is not None else 0
        self.table_floor = table_floor
        if native:
            self._native_search()

    # -- arms states ------------------------------------------------------------
    def sid(self, st: ArmsState) -> int:
        i = self.sid_of.get(st)
        if i is None:
            i = self.sid_of[st] = len(self.states)
            self.states.append(st)
            self._ids.append({})
            m = 0
            _phase, slots, _ = _slots(st, self.kinds)
            for v, _f in slots:
                if v != CL:
                    m |= self.suit[v]
            self.pm.append(m)
            self.gain.append(self._gain(slots) if self.kinds else 0)
        return i

    def _gain(self, slots: list[tuple[int, int]]) -> int:
        """The table points of an arms state with parts (its open ends' sum as
        :meth:`SpinnerLayout.end_sum` counts it), signed for a penalty game."""
        total = parts_sum(((v, "closed" if v == CL else PARTS[part]) for v, part in slots),
                          self.count_doubles)
        assert self._points is not None     # kinds: the variant declares its table points
        pts = self._points(total, self._rules)
        return -pts if self._rules.penalties else pts

    def _may_close(self, phase: int) -> bool:
        return self.closing == "any" or (self.closing == "not_base" and phase != _LINE)

    def _place(self, st: ArmsState, lo: int, hi: int, j: int, closed: bool,
               long: bool = False) -> ArmsState:
        """The arms state after tile ``lo:hi`` is laid on slot ``j`` (open or closed; a double
        ``long``: lengthwise, where the table scores)."""
        if self.kinds:
            phase, slots = self._place_parts(st[0], _slots(st, True)[1], lo, hi, j, closed,
                                             long, self.at_once)
            return _canon(phase, slots, -1, True)
        phase, slots, s = _slots(st)
        v, f = slots[j]
        if lo != hi:
            slots[j] = (hi if lo == v else lo, 0)
            return _canon(phase, slots, s)
        if closed:
            slots[j] = (CL, 0)
            return _canon(phase, slots, s)
        if phase == _LINE:          # the first open double: the spinner
            if self.at_once:
                slots[j] = (v, 0)
                return _canon(_CROSS, slots + [(v, 0), (v, 0)], -1)
            slots[j] = (v, 1)
            return _canon(_WAIT, slots, v)
        return st                   # a double laid open on an arm leaves it showing v

    @staticmethod
    def _place_parts(phase: int, slots: list[tuple[int, int]], lo: int, hi: int, j: int,
                     closed: bool, long: bool, at_once: bool
                     ) -> tuple[int, list[tuple[int, int]]]:
        """:meth:`_place` on arms with parts, not interned: the arms open at the start keep
        their places, the spinner's N and S are added last (at once, or once no free side
        of the line shows the spinner: ``at_once`` False)."""
        slots = list(slots)
        v, part = slots[j]
        if lo != hi or long:            # (a double lengthwise ends the arm as a plain tile)
            slots[j] = (hi if lo == v else lo, 0)
            if phase == _WAIT and part == 2 and not any(f == 2 for _v, f in slots):
                # the spinner's last free side is covered: N and S open on its number
                slots += [(v, 3), (v, 3)]
                phase = _CROSS
        elif closed:
            slots[j] = (CL, 0)
        elif phase == _LINE:            # the first open double: the spinner
            slots[j] = (v, 2)
            if at_once:                 # N and S open now
                slots += [(v, 3), (v, 3)]
                phase = _CROSS
            else:
                phase = _WAIT
        else:                           # a double across an arm's end
            slots[j] = (v, 1)
        return phase, slots

    def moves(self, sid: int, hm: int) -> list[CrossMove]:
        """``[(tiles' bits, next arms state, pips, ((tile index, closed), …), id, gain)]`` for
        a player whose tiles fitting arms state ``sid`` are ``hm``; one per distinct result.

        The single plays of each tile on an arms state are made once and kept (a set of
        fitting tiles seen for the first time joins its tiles' lists: a seventh of a
        Telefon deal's CPU went to making them again); a move's id (the table's best move)
        is its number among the moves ever made for its arms state, so the same move has
        the same id in every list it is in."""
        key = (hm << 16) | sid
        got = self.gen.get(key)
        if got is not None:
            return got
        out: list[CrossMove] = []
        m = hm
        while m:
            low = m & -m
            m ^= low
            out += self.tile_moves(sid, low.bit_length() - 1)
        if self.multi and (hm & self.dmask).bit_count() > 1:   # several doubles held
            st = self.states[sid]
            phase, slots, _ = _slots(st, self.kinds)
            seen = {mv[4] for mv in out}    # a move's id names what it does (see _move)
            # (where the table scores, an arm a double k:k fits shows k at a plain end:
            # the spinner and a double across an end are the only doubles of their numbers)
            held = sorted({v for v, _ in slots if v != CL and hm & self.dbl[v]})
            for size in range(2, min(len(held), 4) + 1):
                for combo in combinations(held, size):
                    orders = permutations(combo) if phase == _LINE else (combo,)
                    for order in orders:
                        for flags in product(flags_for(self.closing), repeat=size):
                            cur = st
                            for k, c in zip(order, flags):
                                ph, sl, _ = _slots(cur, self.kinds)
                                if c and not self._may_close(ph):
                                    break
                                j = next(jj for jj, (vv, ff) in enumerate(sl)
                                         if vv == k and not ff)
                                cur = self._place(cur, k, k, j, c)
                            else:
                                bits = sum(self.dbl[k] for k in order)
                                mv = self._move(sid, bits, self.sid(cur),
                                                tuple((self.dbl[k].bit_length() - 1, c)
                                                      for k, c in zip(order, flags)))
                                if mv[4] not in seen:
                                    seen.add(mv[4])
                                    out.append(mv)
        self.gen[key] = out
        return out

    def tile_moves(self, sid: int, i: int) -> list[CrossMove]:
        """The single plays of tile ``i`` on arms state ``sid``, made once and kept."""
        k = (sid << self.TB) | i
        one = self._tile_moves.get(k)
        if one is None:
            one = self._tile_moves[k] = self._single(sid, i)
        return one

    def _move(self, sid: int, bits: int, nsid: int, desc: tuple[tuple[int, bool], ...]
              ) -> CrossMove:
        """The move ``desc`` (tiles ``bits``) from arms state ``sid`` to ``nsid``, with its id
        (made once per arms state and move)."""
        ids = self._ids[sid]
        k = (bits, nsid, tuple(sorted(desc)))
        i = ids.get(k)
        if i is None:
            i = ids[k] = len(ids)
        return (bits, nsid, sum(self.pips[t] for t, _ in desc), desc, i, self.gain[nsid])

    def _single(self, sid: int, i: int) -> list[CrossMove]:
        """The single plays of tile ``i`` on arms state ``sid`` (each slot it fits, a double
        open and, where the closing rule allows, closed), one per distinct result."""
        st = self.states[sid]
        phase, slots, _ = _slots(st, self.kinds)
        t = self.tiles[i]
        low = 1 << i
        close = t.is_double and self._may_close(phase)
        # once the spinner is down a double may also lie lengthwise (``count_doubles="choice"``,
        # where cross_ok takes it: the table scores, no closing); where the table does not
        # score, either way leaves the arm showing its number: one move
        long = (self.kinds and t.is_double and phase != _LINE
                and self.count_doubles == "choice")
        ways: tuple[tuple[bool, bool], ...] = (
            ((False, False), (True, False)) if close else ((False, False),))
        if long:
            ways += ((False, True),)
        out: list[CrossMove] = []
        seen = set()
        done_slots = set()
        for j, (v, f) in enumerate(slots):
            if v == CL or (v, f) in done_slots or not low & self.suit[v]:
                continue
            done_slots.add((v, f))
            for c, lw in ways:
                mv = self._move(sid, low, self.sid(self._place(st, t.low, t.high, j, c, lw)),
                                ((i, c),))
                if mv[4] not in seen:
                    seen.add(mv[4])
                    out.append(mv)
        return out

    # -- hands ------------------------------------------------------------------
    def load(self, state: GameState) -> None:
        """Take the hands of ``state`` (a position of the same round) as the current ones."""
        K = 0
        for p, h in enumerate(state.hands):
            self.hands[p] = h
            K |= h << self.shift[p]
        self.K = K | (state.top << self.TS if self.limit else 0)

    def draw(self, q: int, npm: int, t: int) -> tuple[int, int]:
        """Player ``q``, who holds no tile for the open numbers ``npm``, draws from place ``t``
        until a tile fits or the boneyard's draws are done: ``(tiles drawn, next place)``;
        his hand takes them (the caller gives them back)."""
        bone, limit = self.bone, self.limit
        drew = 0
        while t < limit:
            b = bone[t]
            t += 1
            drew |= b
            if b & npm:
                break
        self.hands[q] |= drew
        return drew, t

    def must_draw(self, q: int, npm: int, t: int) -> bool:
        """Does stuck player ``q`` draw (place ``t``)? While draws are left, unless the round is
        blocked: nobody holds a tile for ``npm`` and every such tile is down (none is in the
        boneyard), as :meth:`GameState._blocked_now` rules."""
        if t >= self.limit:
            return False
        if self.bone_left[t] & npm:
            return True
        return any(h & npm for h in self.hands)

    def leaf(self, ended: str, f: int, desc: tuple[tuple[int, bool], ...]) -> int:
        """The root side's value of a finished round (the last move ``desc`` by ``f``).

        Cached by what the score reads: the hands, the end, the finisher and the last
        move; where the variant declares ``Rules.hand_value`` only each hand's value, the
        end and the finisher, so leaves whose hands are worth the same share one scoring."""
        hv, value = self._hv, self._hand_value
        quick: tuple[object, ...] | None = None
        if hv is None or value is None:
            key: tuple[object, ...] = (tuple(self.hands), ended, f, desc)
        else:
            # (Rules.last_tiles: which of those tiles the last move lays, as bits)
            laid = 0
            if self.last_mask:
                for i, _c in desc:
                    laid |= 1 << i
                laid &= self.last_mask
            # the same hands: the same leaf, read at once
            quick = (*self.hands, ended, f, laid)
            got = self._quick.get(quick)
            if got is not None:
                return got
            vals = [hv[m] if m in hv else self.hand_value_of(m) for m in self.hands]
            key = (tuple(vals), ended, f, laid)
        v = self._leaves.get(key)
        if v is None:
            v = self._leaves[key] = self.score(ended, f, desc)
        if quick is not None:
            self._quick[quick] = v
        return v

    def score(self, ended: str, f: int, desc: tuple[tuple[int, bool], ...]) -> int:
        """:meth:`leaf` without its tables, by the variant's scoring hook (the C node loop
        keeps its own table, keyed as :meth:`leaf` keys, and calls this once per key, but
        for the ``"goat"`` score model, which it works out itself). Called
        during :meth:`value_of`'s search, in the language the instance was made in."""
        first = self.first
        last = Move._make("play", tuple((self.tiles[i], "W!" if c else "W") for i, c in desc), f)
        view = LeafView(self._state, self.hands, ended, f, [first or last, last], self.hand_of)
        res = self._state.rules.scoring(view)
        return side_value(res, self.side, self._state.rules.penalties)

    def goat_bounds(self) -> tuple[int, int]:
        """The lowest and the highest value the root side can get from the current hands, by
        any play at all, where :attr:`bound_team` is set (Kozel's score, Osyol's: the side that
        goes out, or the lightest in a block, wins and the others record their pips; the
        heaviest of them takes the eggs).

        With ``r`` the root team's pips, ``o`` the other teams' and ``E`` the eggs carried in:
        the root team records at most ``r``, and ``E`` and the eggs of a tied block if it is
        the heaviest; those are ``k`` other teams (``k >= 2``) tied at ``m`` pips, ``m`` below
        the root team's and no more than any of theirs now: at most ``F``, the largest
        ``k * min(r - 1, the k-th heaviest of o)``. The others record at least nothing. So
        ``-(r + E + F)`` is the lowest. The others record at most ``sum(o)``, and ``E``; a
        tied block in which the root team is among the lightest adds its ``m`` (at most ``r``
        and the lightest of ``o``) to the eggs they take: ``sum(o) + E + min(r, min(o))`` is
        the highest.

        Every node of the search starts with these: a window they settle is not searched
        (``tests/test_solver_cross.py`` checks them against every end of small rounds). On
        ten seeded full Osyol deals each for himself they halved the median of positions
        searched."""
        R = self.bound_team
        assert R is not None
        return _goat_window(self._team_pips(), R, self.eggs_in)

    def _team_pips(self) -> list[int]:
        """Each team's pips in the current hands."""
        tv = [0] * self.nteams
        for p, m in enumerate(self.hands):
            tv[self.team_of[p]] += self.hand_of(m).pips
        return tv

    def hand_value_of(self, m: int) -> int:
        """``Rules.hand_value`` of the hand of mask ``m``, worked out once per mask."""
        assert self._hv is not None and self._hand_value is not None
        x = self._hv.get(m)
        if x is None:
            x = self._hv[m] = self._hand_value(self.hand_of(m))
        return x

    def value_of(self, state: GameState, alpha: int, beta: int) -> int:
        """The root side's value of ``state`` (a non-empty cross, round not over)."""
        self.load(state)
        assert isinstance(state.layout, SpinnerLayout)
        sid = self.sid(state_of(state.layout, self.kinds))
        pm = self.pm[sid]
        q = state.current_player
        # (a player to move who must draw is not handed here, see cross_ok; the search
        # makes the draws after each move itself)
        for _ in range(self.P):
            if self.hands[q] & pm:
                break
            q = q + 1 if q + 1 < self.P else 0
        else:       # pragma: no cover - the engine ends such a round as blocked
            raise AssertionError("a position nobody can play in is not over")
        # the table points scored so far (the search adds those of the moves it makes);
        # worked out before the collector is paused, so nothing between the pause and the
        # try below can raise
        past = self.past(state)
        if self.bound_team is not None:
            tv = self._team_pips()
            self._tv[:] = [*tv, sum(tv)]
        # the search makes no reference cycles, but it makes tuples by the million (leaf
        # keys, moves) that the cyclic collector would walk again and again: it is paused
        # while the search runs (its table holds ints, which the collector never walks)
        paused = gc.isenabled()
        if paused:
            gc.disable()
        # (the leaves are scored in the language the instance was made in: set once here, not
        # at every leaf)
        try:
            with using(self._lang):
                if self.sgn[q] == 1:
                    return past + self.search(sid, q, alpha - past, beta - past, self.K)
                return past - self.search(sid, q, past - beta, past - alpha, self.K)
        finally:
            if paused:
                gc.enable()

    def past(self, state: GameState) -> int:
        """The root side's table points of the round so far (0 where the table scores
        nothing)."""
        if not self.kinds:
            return 0
        sign = -1 if self._rules.penalties else 1
        return sum(sign * self.sgn[p] * pts for _ply, p, _sum, pts in state.table_points_log())

    def _build(self) -> None:
        hands, sgn, P, shift = self.hands, self.sgn, self.P, self.shift
        tt, pmask, gen = self.tt, self.pm, self.gen
        moves_of, leaf = self.moves, self.leaf
        me = self
        # a player whose one tile fits goes out, however he lays it: his best such leaf
        # is taken without a search node (where the score reads each hand only through
        # Rules.hand_value, every way of laying it gives the same leaf: one is scored)
        last_out = self.last_out
        one_value = self._hv is not None
        # where the table scores, the ways of laying that tile may score differently
        kinds = self.kinds
        # a boneyard to draw from (its place is kept in K's bits from TS up)
        draws, TS, draw, must_draw = bool(self.limit), self.TS, self.draw, self.must_draw
        B, M, UB, MV, inf = _B, _M, _UB, _MV, INF     # closure cells, not globals, per node
        # Kozel's score's bounds (goat_bounds): each team's pips kept as moves are made
        bounded, window, tv = self.bound_team is not None, _goat_window, self._tv
        R = self.bound_team if self.bound_team is not None else -1
        eggs, team_of, T = self.eggs_in, self.team_of, self.nteams
        seen_tv: dict[tuple[int, ...], tuple[int, int]] = {}

        def order(ml, h, p, skip):
            # the moves of player p, holding h, best first (going out, then the most pips and
            # table points that leave the next player fewest answers); the move with id
            # ``skip`` left out (it was searched first)
            hq = hands[p + 1 if p + 1 < P else 0]
            scored = []
            for mv in ml:
                if mv[4] == skip:
                    continue
                if mv[0] == h:
                    sc = 10 ** 6
                else:
                    ans = hq & pmask[mv[1]]
                    # (the table points first: fewer positions, Telefon)
                    sc = mv[2] + mv[5] - 20 * ans.bit_count() + (0 if ans else 100)
                scored.append((sc, mv))
            scored.sort(key=_first, reverse=True)
            return [mv for _sc, mv in scored]

        def search(sid, p, alpha, beta, K):
            # p is to move and holds a tile fitting arms state sid; K: the hands as one int
            me.nodes += 1
            if bounded:
                # the bounds of any end of the round from here (p's side's view), worked out
                # only where the root side's pips and the others' (which they are beyond)
                # could settle the window: a bound at every node cost the closure more than
                # the positions it saved
                # (tv[T]: all teams' pips; in p's view, the root side's pips and eggs bound
                # the lowest bound, the others' the highest, sign flipped for the others)
                r = tv[R]
                if ((-(r + eggs) >= beta or tv[T] - r + eggs <= alpha) if sgn[p] > 0 else
                        (r + eggs <= alpha or r - tv[T] - eggs >= beta)):
                    # (the same pips recur: each worked out once)
                    got = seen_tv.get(pk := tuple(tv))
                    if got is None:
                        got = seen_tv[pk] = window(tv[:T], R, eggs)
                    lo, hi = got
                    if sgn[p] < 0:
                        lo, hi = -hi, -lo
                    if lo >= beta:
                        return lo
                    if hi <= alpha:
                        return hi
            key = (K << 24) | (sid << 5) | p
            ent = tt.get(key)
            best_move = -1
            if ent is not None:
                lb = (ent >> (B + M)) - inf
                ub = ((ent >> M) & UB) - inf
                best_move = (ent & MV) - 1
                if lb >= beta:
                    return lb
                if ub <= alpha:
                    return ub
                if lb == ub:
                    return lb
                if lb > alpha:
                    alpha = lb
                if ub < beta:
                    beta = ub
            else:
                lb, ub = -INF, INF
            alpha0 = alpha
            s = sgn[p]
            h = hands[p]
            hm = h & pmask[sid]
            ml = gen.get((hm << 16) | sid)
            if ml is None:
                ml = moves_of(sid, hm)
            rest = None
            if len(ml) > 1:
                if best_move >= 0:
                    # the table's best move first, alone: the rest are ordered only if it
                    # does not cut off (appended to the list the loop below is walking)
                    for mv in ml:
                        if mv[4] == best_move:
                            rest = ml
                            ml = [mv]
                            break
                    else:
                        ml = order(ml, h, p, -1)
                else:
                    ml = order(ml, h, p, -1)
            best = -INF
            bmove = 0
            sp = shift[p]
            for mv in ml:
                # g: what p's side scores on the table by this move (0 where it scores
                # nothing); the values below are p's side's from here on, so it is added to
                # them, the window shifted for the rest (only tested when 0: on a table that
                # never scores, the arithmetic alone cost a tenth of Osyol's search)
                bits, nsid, pi, desc, _j, g = mv
                if bits == h:
                    hands[p] = 0
                    v = s * leaf("out", p, desc)
                    hands[p] = h
                else:
                    hands[p] = h ^ bits
                    if bounded:
                        tv[team_of[p]] -= mv[2]
                        tv[T] -= mv[2]
                    npm = pmask[nsid]
                    Kc = K ^ (bits << sp)
                    drew = 0
                    may = draws         # the first stuck player draws, if anybody does
                    q = p
                    for _ in range(P):
                        q = q + 1 if q + 1 < P else 0
                        hq = hands[q]
                        if hq & npm:
                            break
                        if may:
                            # q is stuck: he draws while the boneyard's draws last (the
                            # place drawn to is kept in K above the hands), unless blocked
                            may = False
                            t0 = Kc >> TS
                            if must_draw(q, npm, t0):
                                dq = q
                                drew, t = draw(q, npm, t0)
                                Kc = (Kc | (drew << shift[q])) + ((t - t0) << TS)
                                hq = hands[q]
                                if hq & npm:
                                    break
                    else:
                        q = -1
                    if q < 0:
                        v = s * leaf("blocked", p, desc)
                    elif last_out and hq & (hq - 1) == 0 and hq & npm:
                        # q's one tile fits: every move of his goes out; his best of them
                        hands[q] = 0
                        if one_value:
                            v = s * leaf("out", q, ((hq.bit_length() - 1, False),))
                            if kinds:       # q's side takes the way that scores most
                                sq = sgn[q]
                                mq = gen.get((hq << 16) | nsid)
                                if mq is None:
                                    mq = moves_of(nsid, hq)
                                v += s * sq * max(m2[5] for m2 in mq)
                        else:
                            sq = sgn[q]
                            mq = gen.get((hq << 16) | nsid)
                            if mq is None:
                                mq = moves_of(nsid, hq)
                            # q's side's best: his table points and the leaf, in his side's view
                            v = s * sq * max(m2[5] + sq * leaf("out", q, m2[3])
                                             for m2 in mq)
                        hands[q] = hq
                    elif sgn[q] == s:
                        v = (search(nsid, q, alpha - g, beta - g, Kc) if g else
                             search(nsid, q, alpha, beta, Kc))
                    else:
                        v = (-search(nsid, q, g - beta, g - alpha, Kc) if g else
                             -search(nsid, q, -beta, -alpha, Kc))
                    if drew:            # (first: the drawer may be p himself)
                        hands[dq] ^= drew
                    hands[p] = h
                    if bounded:
                        tv[team_of[p]] += mv[2]
                        tv[T] += mv[2]
                if g:
                    v += g
                if v > best:
                    best = v
                    bmove = mv[4] + 1
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
                if rest is not None:
                    ml += order(rest, h, p, best_move)
                    rest = None
            if best <= alpha0:
                if best < ub:
                    ub = best
            elif best >= beta:
                if best > lb:
                    lb = best
            else:
                lb = ub = best
            tt[key] = ((((lb + inf) << B) | (ub + inf)) << M) | bmove
            return best

        self.search = search

    def _native_search(self) -> None:
        """``self.search`` by the C node loop: the same moves, order, values and positions as
        the closure of :meth:`_build` (``tests/test_solver_cross.py`` compares the two)."""
        assert _Searcher is not None
        fast = _Searcher(self, self._hv is not None)
        me = self

        def search(sid: int, p: int, alpha: int, beta: int, K: int) -> int:
            try:
                return fast.search(sid, p, alpha, beta, K & _LO64, K >> 64)
            finally:
                me.nodes = fast.nodes

        self.search = search


def flags_for(closing: str) -> tuple[bool, ...]:
    """Whether a double may be laid closed, open or both, by the ``closing`` option."""
    return (False, True) if closing != "none" else (False,)


def _first(x: tuple[int, CrossMove]) -> int:
    return x[0]
