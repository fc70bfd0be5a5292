# One file: the compact bitmask search and the engine search share the transposition-table
# conventions, the MTD(f) driver, the root-move merging and the principal-line walk, and
# the engine search hands the positions the compact one covers to it; split apart, each
# half would import the other's private pieces.
"""Double-dummy search: the exact value and best moves of a round with every hand known.

**Double-dummy value.** When every hand is known, a round is a finite
two-sided game: the side to move (the player and, in pair games, his
partner) against everybody else. Its value is the minimax value of the
variant's own scoring: ``u = points(side) - points(others)`` (penalty games:
``penalties(others) - penalties(side)``), so a positive value is what the
side to move wins. With more than two sides (individual three- or
four-player games) the search is *paranoid*: the other players are assumed
to cooperate against the side to move.

:func:`solve` uses what makes bridge double-dummy solvers fast, on a compact
bitmask position (hands as ints, the two open numbers, the player to move;
passes are forced and skipped):

- a transposition table keyed by one int (hands, unordered ends, mover),
  storing lower/upper bounds, so transposed lines are searched once and the
  left/right labels of the ends do not matter;
- equivalent-move merging: on ends ``a|a`` a tile played left or right gives
  the same position and is searched once;
- move ordering: going out first, the table's best move next, then moves
  that leave the next player fewest tiles to answer with (best: none, he
  must pass), then heavy tiles (this ordering alone cut the nodes of a full
  deal about threefold);
- pip bounds and sure-out cut-offs: where the variant declares the
  "pips_to_winner" score (``Rules.score_model``: ``|u| <= pips in hands``) the
  window is clipped to that bound, and a player who can go out at once takes
  it without searching further (going out then reaches the bound); where it
  declares "losers_record_pips" (Cuban: the losers record their own pips) the
  mover's value lies between minus his side's pips and the others' pips, and
  the window is clipped to that;
- leaves scored once per what the score reads: where the variant declares
  ``Rules.hand_value`` (Kozel, Cuban: pips), once per tuple of hand values, the
  end and the finisher (a Cuban deal's 98,146 leaves needed 96,526 scorings when
  keyed by the hands themselves, 65,999 so; its CPU fell about 12%, Kozel's a
  quarter), each hand's :class:`Hand` made once per mask;
- zero-window (MTD(f)) driving: the exact value comes from a few null-window
  tests, and ``solve(state, target=t)`` answers "is the value >= t?" with one.

The compact position also takes what the capabilities declare: two doubles
laid at once, one at each end (``Rules.two_doubles``: a move that keeps the
ends), a block refused after a fast lead (``Rules.refuse_block_leads``, read
from the round's first move, which the compact search keeps and passes to the
scoring hook with the last move), and hooks that do nothing else on a plain
line (``Rules.plain_line_hooks``): so Morskoy kozel, once its lead is made and
while its line has two ends, is searched on the compact position.

On a cross, where the score reads the ends and the hooks only add the
several-doubles play (``Rules.cross_hooks``: Osyol, Chechevé), the positions
after the lead go to the compact cross search of
:mod:`~dominolab.games.cross_search` (the arms as an unordered multiset); so do
Telefon's, whose table scores by the open ends' sum only and whose score reads the
moves only through those points (``Rules.table_points_sum``): there each arm also
carries its part of the sum and the search adds each move's points.

On Semyorka's line, whose hooks change the turn by the open ends' sum (6: move
again; 7: the next player takes two and misses his turn) and allow two tiles at
once after three plays in a row (``Rules.sum_hooks``), the positions after the
lead go to the compact sum search of :mod:`~dominolab.games.sum_search`, which
takes the boneyard's order as known (``boneyard="known"``) and whose stick score
("heaviest_hand_loses") bounds every value, so most null windows are answered at
once: a full four-player deal from the empty table took a median 0.027 s, worst
0.51 s, over 50 seeded deals, where the engine search alone took a median 116 s
on the first three (same values; one run on a busy machine: ``python
benchmarks/bench_solver.py --only variants --variants semyorka --variant-deals 50
--engine-deals 3``).

Variants whose other hooks change the turn order or add multi-tile plays,
layouts other than the plain line and the covered cross (Telefon's table where every
double is a house; a scoring cross where a double laid either way may be closed or joined
by others; Morskoy kozel's line with a gap
after its extraordinary lead), the
lead of a variant with such hooks, and other positions with a known boneyard are
searched on the engine's own state with play/undo (slower, same table and
merging; where the score reads the ends each move is made once, its key
passed down, the table's best move first, and a finished round scored once).
That search hands every position the compact one covers to a compact search
of the same root side, one per first move of the round (``method="engine"``
alone never does). Where the variant's score may read the whole
history (``Rules.score_reads == "history"``, e.g. points scored on the table
during play) the table key includes the history, so only repeated visits, not
transpositions, are shared.

A full sport deal (all 28 tiles dealt) is solved exactly from the empty
table in about 0.3 s (median of 50 seeded deals, about 43,000 positions;
``python benchmarks/bench_solver.py``). A full Morskoy kozel deal (the
first round's lead, then the compact search) takes the same time as a sport
deal: in one run of ``python benchmarks/bench_solver.py --only variants
--variants sport,morskoy_kozel --variant-deals 20 --engine-deals 3`` on a busy
machine both medians were 2.0 s (sport's quiet 0.3 s there took 1.9 s), worst
4.9 s, median 19,852 positions; the engine search alone took 33 s median on
the first three deals, same values. The cross games' full deals are far slower
(see :mod:`~dominolab.games.cross_search`).

**Boneyard.** A draw is a chance event; :func:`solve` **refuses** a position in
which a boneyard tile can still be drawn (``NeedsChance``, a DominoError),
unless ``boneyard="known"`` is given: then the boneyard order stored in the
state is treated as known (a clairvoyant solve, which is what the sampling
bot uses on each sampled deal).

>>> from dominolab.games import new_round
>>> g = new_round("sport", hands=["1:2 3:3", "2:4 0:1", "0:0 5:6", "4:4 1:3"], leader=0)
>>> a = solve(g)
>>> a.value, [str(m) for m in a.best_moves]
(26, ['P1 3:3'])
>>> solve(g, target=27).reaches
False
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .._stack import deep_recursion
from ..errors import DominoError, InvalidPosition, NeedsChance
from ..i18n import ngettext, tr
from .layout import LineLayout
from .moves import Move
from .cross_search import CrossCompact, cross_ok
from .leaf import INF, LeafView, hands_by_mask, side_of, side_value
from .sum_search import SumCompact, sum_ok
from .rules import ScoringView, plain_value
from .state import GameState, tables

__all__ = [
    "Analysis",
    "NeedsChance",
    "check_solvable",
    "minimax_value",
    "move_values",
    "side_of",
    "side_value",
    "solve",
]



@dataclass
class Analysis:
    """The result of :func:`solve`.

    ``value`` is exact (``bound == "exact"``) or, for a target search, a bound
    on it: ``"lower"`` when ``reaches`` (value >= target), else ``"upper"``.
    ``best_moves`` are all legal moves that keep the value (empty for a target
    search or a finished round); ``line`` is one optimal continuation;
    ``nodes`` counts searched positions; ``side`` the players of the side to move.
    """

    value: int
    best_moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    side: tuple[int, ...] = ()
    line: list[Move] = field(default_factory=list)
    bound: str = "exact"
    target: int | None = None
    reaches: bool | None = None
    method: str = "compact"

    def __str__(self) -> str:
        side = "+".join(f"P{p + 1}" for p in self.side)
        nodes = ngettext("{n} node", "{n} nodes", self.nodes).format(n=self.nodes)
        if self.bound != "exact":
            rel = ">=" if self.reaches else "<"
            return tr("value {rel} {target} for {side} ({nodes})").format(
                rel=rel, target=self.target, side=side, nodes=nodes)
        best = ", ".join(m.body() for m in self.best_moves) or "-"
        return tr("value {value} for {side}; best: {best} ({nodes})").format(
            value=f"{self.value:+d}", side=side, best=best, nodes=nodes)


# ----------------------------------------------------------------------------
# the compact search (line layouts, one tile per turn, no boneyard play)
# ----------------------------------------------------------------------------

def _compact_ok(state: GameState) -> bool:
    r = state.rules
    ft = r.finish_together
    # the compact search knows the capabilities refuse_block, refuse_block_leads,
    # two_doubles and finish_together (two doubles laid at once to go out, General's
    # 0:0 + 6:6); of the hooks only what plain_line_hooks declares
    if (state.mode is not None or state.can_draw_any() or r.score_reads != "ends"
            or r.table_points is not None
            or (ft and not (len(ft) == 2 and all(t.is_double for t in ft) and ft[0] != ft[1]))):
        return False
    lay = state.layout
    if r.after_play is None and r.extra_moves is None and type(lay) is LineLayout:
        return True
    # hooks that do nothing on a plain line but what the capabilities say (Morskoy kozel
    # once the line has its two ends); the lead itself is the engine's (it may open a gap)
    return (r.plain_line_hooks and isinstance(lay, LineLayout) and lay.plain
            and not lay.is_empty() and bool(state.history))


#: The move code of :attr:`Rules.finish_together` in the compact search (no tile code is it).
_TOGETHER = 1 << 20
#: The move code of a :attr:`Rules.two_doubles` play on ends a|b is ``_TWO | a << 5 | b``.
_TWO = 1 << 21


class _Compact:
    """The bitmask search. Built once per root; ``run`` may be called repeatedly
    (the table persists, so later null-window tests reuse earlier work)."""

    def __init__(self, state, side=None):
        n = state.rules.set_max
        self.state = state
        tiles, suit, pips, _ = tables(n, state.rules.locomotives)
        self.tiles = tiles
        size = len(tiles)
        self.size = size
        P = state.players
        self.P = P
        root = state.current_player
        side = set(side_of(state, root) if side is None else side)
        self.side = tuple(sorted(side))
        sgn = [1 if p in side else -1 for p in range(P)]
        self.sgn = sgn
        lo = [t.low for t in tiles]
        hi = [t.high for t in tiles]
        W = n + 1
        oth = [-1] * (size * W)             # oth[i*W + k]: the other half of tile i at an end k
        for i in range(size):
            oth[i * W + lo[i]] = hi[i]
            oth[i * W + hi[i]] = lo[i]
        hands = list(state.hands)
        hp = [sum(pips[i] for i in range(size) if (h >> i) & 1) for h in hands]
        self.hands, self.hp = hands, hp
        K = 0
        for p in range(P):
            K |= hands[p] << (p * size)
        self.K = K
        self.tt = {}
        self.nodes = 0
        history = state.history
        self.first = history[0] if history else None
        rules0 = state.rules
        first = self.first
        rl = rules0.refuse_block_leads
        # refuse_block_leads: the round's lead laid only those tiles (a fast round)
        self.refuse = rules0.refuse_block or bool(
            rl and first is not None and first.kind == "play"
            and all(t in rl for t in first.tiles))
        # two_doubles: dbl[k] is the bit of the double k:k (0 where the set has none)
        self.dbl = [0] * (n + 1)
        if rules0.two_doubles:
            for t in tiles:
                if t.is_double and t.low <= n and t.index < size:
                    self.dbl[t.low] = 1 << t.index
        ft = rules0.finish_together
        # finish_together as masks: the two doubles' bits, their numbers (sorted), their pips
        self.ft_mask = sum(1 << t.index for t in ft) if ft else -1
        self.ft_ends = tuple(sorted(t.low for t in ft)) if ft else ()
        self.ft_tiles = tuple(ft)
        penalties = state.rules.penalties
        allpips = state.rules.score_model == "pips_to_winner"
        self.bounded = allpips
        # "losers_record_pips": the mover's value lies in [-(his camp's pips), the other
        # camp's pips] (camps: the root side and everybody else)
        self.camps = (state.rules.score_model == "losers_record_pips")
        teams = state.teams
        shift = [p * size for p in range(P)]
        self.shift = shift

        # leaf values u (root side's point of view)
        if allpips:
            tsgn = [sgn[t[0]] for t in teams]

            def out_value(f, i):
                return sgn[f] * sum(hp)

            def block_value_(f):
                tv = [sum(hp[p] for p in t) for t in teams]
                m = min(tv)
                if tv.count(m) > 1:
                    return 0
                return tsgn[tv.index(m)] * sum(tv)
        else:
            cache: dict[tuple[object, ...], int] = {}
            rules = state.rules
            # Rules.hand_value = plain_value: the score reads each hand only through its
            # pips (and never the moves), which hp holds, so leaves whose hands hold the
            # same pips share one scoring (Kozel, Cuban; a 4 x 10 Cuban deal scored 96,526
            # leaves keyed by the hands themselves, a third of its time). (Another
            # hand_value would key by its values, as the cross search does; no variant on
            # this search declares one.)
            by_pips = rules.hand_value is plain_value
            hand_of = hands_by_mask(tiles)

            def leaf(ended, f, i):
                # history[0] is the root's first move (None when the search leads); a
                # score that reads "ends" may read it (e.g. a fast lead's fixed amount)
                first = self.first
                key: tuple[object, ...]
                if by_pips:
                    key = (tuple(hp), ended, f)
                else:
                    key = (tuple(hands), ended, f, i, None if first is None else first.tiles)
                v = cache.get(key)
                if v is None:
                    if i == _TOGETHER:      # the finish_together play: every tile of it
                        last = Move("play", tuple((t, "L") for t in self.ft_tiles), f)
                    elif i & _TWO:          # two doubles at once, one at each end
                        da, db = self.dbl[(i >> 5) & 31], self.dbl[i & 31]
                        last = Move("play", ((tiles[da.bit_length() - 1], "L"),
                                             (tiles[db.bit_length() - 1], "R")), f)
                    else:
                        last = Move("play", ((tiles[i], "L"),), f)
                    hist = [first or last, last]
                    view: ScoringView = LeafView(state, hands, ended, f, hist, hand_of)
                    res = rules.scoring(view)
                    v = side_value(res, self.side, penalties)
                    cache[key] = v
                return v

            def out_value(f, i):
                return leaf("out", f, i)

            def block_value_(f):
                return leaf("blocked", f, self.last_tile)

        self.last_tile = -1
        self.out_value = out_value
        self.block_value = block_value_
        self._build(lo, hi, pips, suit, oth, W)

    def _build(self, lo, hi, pips, suit, oth, W):
        hands, hp, sgn, P, shift = self.hands, self.hp, self.sgn, self.P, self.shift
        tt = self.tt
        out_value, block_value_ = self.out_value, self.block_value
        bounded = self.bounded
        camps = self.camps
        camp_of = {1: [q for q in range(P) if sgn[q] == 1],
                   -1: [q for q in range(P) if sgn[q] == -1]}
        bits = [1 << i for i in range(self.size)]
        me = self
        generic_leaf = not bounded
        refuse = self.refuse
        ft_mask, ft_ends = self.ft_mask, self.ft_ends
        ft_pips = sum(t.pips for t in self.ft_tiles)
        dbl = self.dbl
        two = any(dbl)
        pips2 = [2 * k for k in range(len(dbl))]     # the pips of the double k:k

        def search(a, b, p, alpha, beta):
            # p is to move and holds a tile fitting a or b (a <= b)
            me.nodes += 1
            key = (me.K << 16) | (a << 10) | (b << 5) | p     # numbers < 32, players < 32
            ent = tt.get(key)
            best_code = -1
            if ent is not None:
                lb, ub, best_code = ent
                if lb >= beta:
                    return lb
                if ub <= alpha:
                    return ub
                if lb == ub:
                    return lb
                alpha = max(alpha, lb)
                beta = min(beta, ub)
            else:
                lb, ub = -INF, INF
            s = sgn[p]
            if bounded or camps:
                # the score model's bounds on the mover's value: [-T, T] for all the pips
                # to the winner, [-(his camp's pips), the other camp's] for losers' pips
                T = hp[0] + hp[1] + hp[2] + hp[3] if P == 4 else sum(hp)
                if bounded:
                    hi, lo = T, -T
                else:
                    mine = 0
                    for q in camp_of[s]:
                        mine += hp[q]
                    hi, lo = T - mine, -mine
                if hi < beta:
                    beta = hi
                    if alpha >= hi:
                        return hi
                if lo > alpha:
                    alpha = lo
                    if beta <= lo:
                        return lo
            alpha0 = alpha
            h = hands[p]
            cand = h & (suit[a] | suit[b])
            # generate children: (order, code)
            moves = []
            while cand:
                low = cand & -cand
                cand ^= low
                i = low.bit_length() - 1
                if a == b:
                    x = oth[i * W + a]
                    moves.append((i, x, b) if x <= b else (i, b, x))
                else:
                    x = oth[i * W + a]
                    if x >= 0:
                        moves.append((i, x, b) if x <= b else (i, b, x))
                    y = oth[i * W + b]
                    if y >= 0:
                        moves.append((i, a, y) if a <= y else (i, y, a))
            if two and a != b and h & dbl[a] and h & dbl[b]:
                # Rules.two_doubles: both ends' doubles at once; the ends stay a|b
                moves.append((-1, a, b))
            together = h == ft_mask and (a, b) == ft_ends
            if refuse and (len(moves) > 1 or together):
                # Rules.refuse_block: a play that blocks is refused while another exists
                free = []
                for mv in moves:
                    i, na, nb = mv
                    bm = dbl[a] | dbl[b] if i < 0 else bits[i]
                    if h != bm:
                        pm2 = suit[na] | suit[nb]
                        rest = h ^ bm
                        if not rest & pm2 and not any(
                                hands[q] & pm2 for q in range(P) if q != p):
                            continue
                    free.append(mv)
                if free or together:
                    moves = free
            # order
            scored = []
            q = p + 1 if p + 1 < P else 0
            hq = hands[q]
            for i, na, nb in moves:
                if i < 0:
                    bit = dbl[a] | dbl[b]
                    code = leafcode = _TWO | (a << 5) | b
                    pi = pips2[a] + pips2[b]
                else:
                    bit = bits[i]
                    code = (i << 10) | (na << 5) | nb
                    leafcode = i
                    pi = pips[i]
                if h == bit:
                    sc = 10 ** 6
                elif code == best_code:
                    sc = 10 ** 5
                else:
                    pm2 = suit[na] | suit[nb]
                    sc = pi
                    if not hq & pm2:
                        sc += 100
                    # the next opponent who must answer: fewer of his tiles fit, better
                    sc -= 20 * (hq & pm2).bit_count()
                scored.append((sc, code, bit, na, nb, leafcode, pi))
            scored.sort(reverse=True)
            best = -INF
            bcode = -1
            if together:
                # Rules.finish_together: both doubles at once, going out
                hands[p] = 0
                kb = h << shift[p]
                me.K ^= kb
                hp[p] -= ft_pips
                best = s * out_value(p, _TOGETHER)
                hands[p] = h
                me.K ^= kb
                hp[p] += ft_pips
                bcode = _TOGETHER
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    scored = []
            for sc, code, bit, na, nb, leafcode, pi in scored:
                hands[p] = h ^ bit
                kb = bit << shift[p]
                me.K ^= kb
                hp[p] -= pi
                if h == bit:
                    v = s * out_value(p, leafcode)
                else:
                    pm2 = suit[na] | suit[nb]
                    q = p
                    for _ in range(P):
                        q = q + 1 if q + 1 < P else 0
                        if hands[q] & pm2:
                            break
                    else:
                        q = -1
                    if q < 0:
                        if generic_leaf:
                            me.last_tile = leafcode
                        v = s * block_value_(p)
                    elif sgn[q] == s:
                        v = search(na, nb, q, alpha, beta)
                    else:
                        v = -search(na, nb, q, -beta, -alpha)
                hands[p] = h
                me.K ^= kb
                hp[p] += pi
                if v > best:
                    best = v
                    bcode = code
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            if best <= alpha0:
                ub = min(ub, best)
            elif best >= beta:
                lb = max(lb, best)
            else:
                lb = ub = best
            tt[key] = (lb, ub, bcode)
            return best

        self.search = search

    # -- drivers -------------------------------------------------------------
    def mover_and_ends(self, state):
        """(a, b, q) for the root: q the first player able to play (passes skipped)."""
        lay = state.layout
        a, b = sorted((lay.lnum, lay.rnum))
        suit = tables(state.rules.set_max, state.rules.locomotives)[1]
        pm = suit[a] | suit[b]
        p = state.current_player
        for d in range(self.P):
            q = (p + d) % self.P
            if self.hands[q] & pm:
                return a, b, q
        return a, b, -1

    def value_after(self, state, a, b, p_played, i, alpha, beta):
        """Value (root side's view) after ``p_played`` put tile ``i`` giving ends a<=b
        (``i`` < 0: the two_doubles play of the doubles ``a:a`` and ``b:b``)."""
        hands, hp = self.hands, self.hp
        if i < 0:
            bit = self.dbl[a] | self.dbl[b]
            code = _TWO | (a << 5) | b
            pi = 2 * (a + b)
        else:
            bit = 1 << i
            code = i
            pi = self.tiles[i].pips
        h = hands[p_played]
        hands[p_played] = h ^ bit
        kb = bit << self.shift[p_played]
        self.K ^= kb
        hp[p_played] -= pi
        try:
            if h == bit:
                return self.out_value(p_played, code)
            suit = tables(state.rules.set_max, state.rules.locomotives)[1]
            pm = suit[a] | suit[b]
            q = p_played
            for _ in range(self.P):
                q = (q + 1) % self.P
                if hands[q] & pm:
                    break
            else:
                self.last_tile = code
                return self.block_value(p_played)
            return self.node_value(a, b, q, alpha, beta)
        finally:
            hands[p_played] = h
            self.K ^= kb
            hp[p_played] += pi

    def load(self, state):
        """Take the hands of ``state`` (a position of the same round) as the current ones."""
        size = self.size
        K = 0
        for p, h in enumerate(state.hands):
            self.hands[p] = h
            self.hp[p] = sum(self.tiles[i].pips for i in range(size) if (h >> i) & 1)
            K |= h << (p * size)
        self.K = K

    def value_together(self, p):
        """Value (root side's view) after ``p`` lays the finish_together doubles and goes out."""
        h = self.hands[p]
        self.hands[p] = 0
        kb = h << self.shift[p]
        self.K ^= kb
        hp0 = self.hp[p]
        self.hp[p] = 0
        try:
            return self.out_value(p, _TOGETHER)
        finally:
            self.hands[p] = h
            self.K ^= kb
            self.hp[p] = hp0

    def push(self, p, i):
        """Record that ``p`` played tile ``i`` (to walk the compact hands along a line)."""
        bit = 1 << i
        self.hands[p] ^= bit
        self.K ^= bit << self.shift[p]
        self.hp[p] -= self.tiles[i].pips

    def node_value(self, a, b, q, alpha, beta):
        """Root side's value of the node with ``q`` to move, in window (alpha, beta)."""
        s = self.sgn[q]
        if s == 1:
            return self.search(a, b, q, alpha, beta)
        return -self.search(a, b, q, -beta, -alpha)


def _mtdf(test, guess=0):
    """Exact value from null-window tests ``test(alpha, beta)`` (fail-soft)."""
    lower, upper = -INF, INF
    g = guess
    while lower < upper:
        beta = g + 1 if g == lower else g
        if beta <= lower:
            beta = lower + 1
        g = test(beta - 1, beta)
        if g < beta:
            upper = g
        else:
            lower = g
    return g


# ----------------------------------------------------------------------------
# the engine search (hooks, multi-tile plays, known boneyard)
# ----------------------------------------------------------------------------

def _pips_first(m: Move) -> int:
    """The engine's move order where the score reads the whole history: heavy plays first."""
    return -sum(t.pips for t in m.tiles)


def _history_item(m: Move) -> tuple[object, ...]:
    """A move as an item of the engine's table key where the score reads the whole history:
    its player, kind and placements, the tiles by index (a tuple of ints hashes in C, where a
    Tile's hash is a Python call)."""
    return (m.player, m.kind, tuple([(t.index, e) for t, e in m.placements]))


class _Engine:
    """Alpha-beta on the engine's GameState with play/undo (any line variant).

    With ``delegate`` a position the compact search covers (Morskoy kozel once the lead
    is made) is handed to a :class:`_Compact` of the same root side, one per first move
    of the round (the score may read it), its table kept for the whole search."""

    def __init__(self, state, delegate=False):
        self.st = state.copy()
        self.side = side_of(state, state.current_player)
        self.sset = set(self.side)
        self.penalties = state.rules.penalties
        self.hooks = state.rules.after_play is not None
        self.light = state.rules.score_reads == "ends"
        self.tt = {}
        self.nodes = 0
        self.delegate = delegate
        self.compacts: dict[object, _Compact] = {}
        # the cross and sum searches below, one per (search, first move of the round)
        self.below: dict[object, CrossCompact | SumCompact] = {}
        # a move hook may read the history: the player to move's own moves since the
        # last move of anybody else (Semyorka counts his plays in a row) join the key
        self.runs = state.rules.extra_moves is not None
        self.leaves: dict[object, int] = {}
        # where the score may read the whole history, the table key holds it: one item per
        # move (:func:`_history_item`), kept beside ``st.history`` by :meth:`value` and
        # :meth:`move_value` as they make and take back moves (:meth:`key` makes it again
        # from the history when another caller has moved), so that a key is not the whole
        # history rebuilt, nor tiles hashed one by one, at every position
        self.hk: list[tuple[object, ...]] = [_history_item(m) for m in self.st.history]
        self.hk_moves: list[Move] = list(self.st.history)

    def total_nodes(self):
        return (self.nodes + sum(S.nodes for S in self.compacts.values())
                + sum(C.nodes for C in self.below.values()))

    def below_value(self, search: type[CrossCompact] | type[SumCompact], alpha: int,
                    beta: int) -> int:
        """The value of the current position by the compact cross or sum search ``search``
        (root side's view); one instance per first move of the round, its table kept."""
        st = self.st
        first = st.history[0]
        k = (search, first.kind, first.placements)
        C = self.below.get(k)
        if C is None:
            C = self.below[k] = search(st, self.side)
        return C.value_of(st, alpha, beta)

    def compact_value(self, alpha, beta):
        """The value of the current position by the compact search (root side's view)."""
        st = self.st
        first = st.history[0]
        k = (first.kind, first.placements)
        S = self.compacts.get(k)
        if S is None:
            S = self.compacts[k] = _Compact(st, self.side)
        else:
            S.load(st)
        a, b, q = S.mover_and_ends(st)
        return S.node_value(a, b, q, alpha, beta)

    def key(self, sk=None):
        """The table key; ``sk`` is ``self.st.key()`` when the caller has it already."""
        st = self.st
        if sk is None:
            sk = st.key()
        if not self.light:      # the score may depend on the whole history
            h = st.history
            hm = self.hk_moves
            if len(hm) != len(h) or (h and hm[-1] is not h[-1]):
                self.hk = [_history_item(m) for m in h]
                self.hk_moves = list(h)
            return (sk, tuple(self.hk))
        first = st.history[0].tiles if st.history else None
        return (sk, first, st.ply if self.hooks else None, st.current_player in self.sset,
                self.own_run() if self.runs else None)

    def own_run(self) -> tuple[str, ...]:
        """The kinds of the player to move's own moves since anybody else's last move."""
        st = self.st
        p = st.current_player
        out = []
        for m in reversed(st.history):
            if m.player != p:
                break
            out.append(m.kind)
        return tuple(out)

    def first_reached(self, seen: set[tuple[object, ...]]) -> tuple[object, ...] | None:
        """After a move: the position's key, or None when an equivalent move of the same
        position reached it (and the round's end and finisher) before; ``seen`` holds those
        reached."""
        st = self.st
        ck = st.key()
        k = (ck, st.ended, st.finisher if st.ended else None)
        if k in seen:
            return None
        seen.add(k)
        return ck

    def push(self, m):
        """Make ``m`` (and keep the history's key items beside the history)."""
        self.st._apply(m)
        if not self.light:
            self.hk.append(_history_item(m))
            self.hk_moves.append(m)

    def pop(self):
        """Take back the last move made by :meth:`push`."""
        self.st.undo()
        if not self.light and self.hk_moves:
            self.hk.pop()
            self.hk_moves.pop()

    def ordered(self, best_move):
        """The legal moves for the light score: going out first, then the table's best
        move, then heavy plays (equivalent moves are merged as they are made)."""
        st = self.st
        n = st.hands[st.current_player].bit_count()
        moves = list(st.legal_moves())
        moves.sort(key=lambda m: -(10 ** 6 if len(m.placements) == n else 0)
                   - (10 ** 5 if m == best_move else 0) - sum(t.pips for t in m.tiles))
        return moves

    def leaf(self):
        """The value of a finished round; where the score reads the ends, cached by what
        it reads (hands, the end, the finisher, the first and the last move)."""
        st = self.st
        if not self.light:
            return side_value(st.result(), self.side, self.penalties)
        h = st.history
        k = (tuple(st.hands), st.ended, st.finisher, h[0].placements, h[-1].placements)
        v = self.leaves.get(k)
        if v is None:
            v = self.leaves[k] = side_value(st.result(), self.side, self.penalties)
        return v

    def value(self, alpha, beta, sk=None):
        st = self.st
        self.nodes += 1
        if st.ended:
            return self.leaf()
        if self.delegate:
            if _compact_ok(st):
                return self.compact_value(alpha, beta)
            if cross_ok(st):
                return self.below_value(CrossCompact, alpha, beta)
            if sum_ok(st):
                return self.below_value(SumCompact, alpha, beta)
        if self.light:
            return self.value_light(alpha, beta, sk)
        key = self.key(sk)
        ent = self.tt.get(key)
        if ent is not None:
            lb, ub = ent
            if lb >= beta:
                return lb
            if ub <= alpha:
                return ub
            if lb == ub:
                return lb
            alpha, beta = max(alpha, lb), min(beta, ub)
        else:
            lb, ub = -INF, INF
        a0, b0 = alpha, beta
        maxing = st.current_player in self.sset
        best = -INF if maxing else INF
        # heavy plays first; a move whose position (with the round's end and finisher) an
        # earlier one reached is skipped: equivalent moves play the same tiles, so each
        # position is searched once, from its first move in this order, and a move after a
        # cut-off is never made
        seen: set[tuple[object, ...]] = set()
        for m in sorted(st.legal_moves(), key=_pips_first):
            self.push(m)
            try:
                ck = self.first_reached(seen)
                if ck is None:
                    continue
                v = self.value(alpha, beta, ck)
            finally:
                self.pop()
            if maxing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            ub = min(ub, best)
        elif best >= b0:
            lb = max(lb, best)
        else:
            lb = ub = best
        self.tt[key] = (lb, ub)
        return best

    def value_light(self, alpha, beta, sk):
        """:meth:`value` where the score reads the ends: each move made once (its key
        merges equivalent moves and is passed down), the table's best move first."""
        st = self.st
        key = self.key(sk)
        ent = self.tt.get(key)
        best_move = None
        if ent is not None:
            lb, ub, best_move = ent
            if lb >= beta:
                return lb
            if ub <= alpha:
                return ub
            if lb == ub:
                return lb
            alpha, beta = max(alpha, lb), min(beta, ub)
        else:
            lb, ub = -INF, INF
        a0, b0 = alpha, beta
        maxing = st.current_player in self.sset
        best = -INF if maxing else INF
        bm = None
        seen: set[tuple[object, ...]] = set()
        for m in self.ordered(best_move):
            st._apply(m)
            try:
                ck = self.first_reached(seen)
                if ck is None:
                    continue
                v = self.value(alpha, beta, ck)
            finally:
                st.undo()
            if maxing:
                if v > best:
                    best, bm = v, m
                alpha = max(alpha, v)
            else:
                if v < best:
                    best, bm = v, m
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            ub = min(ub, best)
        elif best >= b0:
            lb = max(lb, best)
        else:
            lb = ub = best
        self.tt[key] = (lb, ub, bm)
        return best

    def move_value(self, m, alpha, beta):
        self.push(m)
        try:
            return self.value(alpha, beta)
        finally:
            self.pop()


# ----------------------------------------------------------------------------
# public entry
# ----------------------------------------------------------------------------

def check_solvable(state: GameState, boneyard: str) -> None:
    if boneyard not in ("refuse", "known"):
        raise DominoError(f"boneyard must be 'refuse' or 'known', not {boneyard!r}")
    if not state.is_over():
        for p in range(state.players):
            if not state.hands[p]:
                raise InvalidPosition(f"P{p + 1} holds no tile but the round is not over; "
                                      f"every player needs at least one tile")
    if not state.is_over() and state.can_draw_any() and boneyard == "refuse":
        raise NeedsChance(
            f"{state.boneyard_count()} boneyard tile(s) can still be drawn in this "
            f"{state.rules.name} position, so its future is a chance event; solve() refuses it. "
            f"Pass boneyard='known' to treat the stored boneyard order as known, or use "
            f"dominolab.games.inference to sample the hidden tiles")


@deep_recursion
def solve(state: GameState, target: int | None = None, *, boneyard: str = "refuse",
          method: str = "auto", best: bool = True, line: bool = True) -> Analysis:
    """The exact double-dummy value of ``state`` for the side to move.

    ``value`` is in the variant's points: the side to move's (team) points
    minus the others', sign flipped in penalty games (see the module
    docstring). With ``target`` the search only decides ``value >= target``
    (one zero-window search): ``.reaches`` says which, ``.value`` is the
    bound found. ``method``: "auto" (compact bitmask search when the variant
    allows it), "compact" or "engine". ``best=False`` skips listing all best
    moves; ``line=False`` skips the principal line.

    >>> from dominolab.games import new_round
    >>> g = new_round("sport", hands=["1:2 3:3 0:4", "2:4 1:1", "0:0 5:6 2:3", "4:4 1:3"],
    ...               leader=0)
    >>> a = solve(g); a.value, [m.body() for m in a.best_moves]
    (-17, ['3:3'])
    >>> " ".join(m.body() for m in a.line)
    '3:3 pass 2:3>L 1:3>R 1:2>R 2:4>L pass 4:4>L'
    >>> g = new_round("classic", hands=["2:3 4:4", "3:5 1:1"], leader=0)
    >>> solve(g).value          # lead 4:4: blocked at once, P1 scores 10 - 5
    5
    """
    check_solvable(state, boneyard)
    side = side_of(state, state.current_player)
    if state.is_over():
        v = side_value(state.result(), side, state.rules.penalties)
        return Analysis(v, [], 0, side, [], target=target,
                        reaches=None if target is None else v >= target)
    auto = method == "auto"
    if auto:
        method = ("compact" if _compact_ok(state) or cross_ok(state) or sum_ok(state)
                  else "engine")
    if method == "compact":
        if cross_ok(state) or sum_ok(state):
            # the engine's moves at the root, the cross or sum search below
            a = _solve_engine(state, target, best, line, delegate=True)
            a.method = "compact"
            return a
        if not _compact_ok(state):
            raise DominoError(f"the compact search does not cover this {state.rules.name} "
                              f"position (hooks, multi-tile plays or a boneyard); use method='engine'")
        return _solve_compact(state, target, best, line)
    if method != "engine":
        raise DominoError(f"method must be 'auto', 'compact' or 'engine', not {method!r}")
    return _solve_engine(state, target, best, line, delegate=auto)


def _root_children(state, S):
    """[(engine move, value function(alpha, beta))] at ``state`` (S's hands must match it);
    values are the root side's."""
    p = state.current_player
    legal = list(state.legal_moves())
    lay = state.layout
    out = []
    for m in legal:
        if m.kind == "pass":
            def pass_value(alpha, beta, S=S, state=state):
                a, b, q = S.mover_and_ends(state)
                return S.node_value(a, b, q, alpha, beta)
            out.append((m, pass_value))
            continue
        if len(m.placements) > 1 and not state.rules.two_doubles:   # finish_together: out
            def together_value(alpha, beta, S=S, p=p):
                return S.value_together(p)
            out.append((m, together_value))
            continue
        if len(m.placements) > 1:         # Rules.two_doubles: the ends stay
            a, b = sorted((lay.lnum, lay.rnum))

            def two_value(alpha, beta, a=a, b=b):
                return S.value_after(state, a, b, p, -1, alpha, beta)
            out.append((m, two_value))
            continue
        t, end = m.placements[0]
        if end is None:
            a, b = t.low, t.high
        elif end == "L":
            a, b = t.other(lay.lnum), lay.rnum
        else:
            a, b = lay.lnum, t.other(lay.rnum)
        a, b = min(a, b), max(a, b)

        def play_value(alpha, beta, a=a, b=b, i=t.index):
            return S.value_after(state, a, b, p, i, alpha, beta)
        out.append((m, play_value))
    return out


def _solve_compact(state: GameState, target: int | None, want_best: bool,
                   want_line: bool) -> Analysis:
    S = _Compact(state)
    kids = _root_children(state, S)

    def root(alpha, beta):
        best = -INF
        # one root move merged per resulting position
        seen = set()
        for m, f in kids:
            k = _child_sig(state, m)
            if k in seen:
                continue
            seen.add(k)
            v = f(max(alpha, best), beta)
            if v > best:
                best = v
                if best >= beta:
                    break
        return best

    if target is not None:
        g = root(target - 1, target)
        return Analysis(g, [], S.nodes, S.side, [], bound="lower" if g >= target else "upper",
                        target=target, reaches=g >= target)
    v = _mtdf(root)
    best: list[Move] = []
    if want_best:
        for m, f in kids:
            if f(v - 1, v) >= v:
                best.append(m)
    pv = _line(state, S, v) if want_line else []
    return Analysis(v, best, S.nodes, S.side, pv)


def _child_sig(state, m):
    if m.kind != "play":
        return ("pass",)
    if len(m.placements) > 1:
        return ("together",)
    t, end = m.placements[0]
    lay = state.layout
    if end is None:
        return (t, t.low, t.high)
    a, b = (t.other(lay.lnum), lay.rnum) if end == "L" else (lay.lnum, t.other(lay.rnum))
    return (t, min(a, b), max(a, b))


def _line(state, S, value, limit=200):
    """One optimal continuation: at each step the first legal move keeping ``value``
    (root side's view), tested with the warm table of ``S``."""
    st = state.copy()
    out = []
    for _ in range(limit):
        if st.ended:
            break
        chosen = None
        for m, f in _root_children(st, S):
            if f(value - 1, value + 1) == value:
                chosen = m
                break
        if chosen is None:  # pragma: no cover - would mean an inconsistent table
            break
        st._apply(chosen)
        if chosen.kind == "play":
            for t, _ in chosen.placements:
                S.push(chosen.player, t.index)
        out.append(chosen)
    return out


def _solve_engine(state: GameState, target: int | None, want_best: bool,
                  want_line: bool, delegate: bool = False) -> Analysis:
    E = _Engine(state, delegate)
    side = E.side
    if target is not None:
        g = E.value(target - 1, target)
        return Analysis(g, [], E.total_nodes(), side, [],
                        bound="lower" if g >= target else "upper",
                        target=target, reaches=g >= target, method="engine")
    v = _mtdf(lambda a, b: E.value(a, b))
    best: list[Move] = []
    if want_best:
        for m in list(E.st.legal_moves()):
            if E.move_value(m, v - 1, v) >= v:
                best.append(m)
    pv: list[Move] = []
    if want_line:
        st = E.st
        for _ in range(200):
            if st.ended:
                break
            chosen = None
            for m in list(st.legal_moves()):
                mv = E.move_value(m, v - 1, v + 1)
                if mv == v:
                    chosen = m
                    break
            if chosen is None:
                break
            E.push(chosen)
            pv.append(chosen)
        while st.history and len(st.history) > len(state.history):
            E.pop()
    return Analysis(v, best, E.total_nodes(), side, pv, method="engine")


@deep_recursion
def move_values(state: GameState, *, boneyard: str = "refuse",
                stats: dict[str, int] | None = None) -> list[tuple[Move, int]]:
    """``[(move, exact value)]`` for every legal move, values for the side to move.

    ``stats``, when given, gets the positions searched added to ``stats["nodes"]``
    (the work done, for callers that bound it).

    >>> from dominolab.games import new_round
    >>> g = new_round("classic", hands=["2:3 4:4", "3:5 1:1"], leader=0)
    >>> [(m.body(), v) for m, v in move_values(g)]
    [('2:3', -6), ('4:4', 5)]
    """
    check_solvable(state, boneyard)
    if state.is_over():
        return []
    if _compact_ok(state):
        S = _Compact(state)
        memo: dict[tuple[object, ...], int] = {}
        out: list[tuple[Move, int]] = []
        for m, f in _root_children(state, S):
            k = _child_sig(state, m)
            if k not in memo:
                memo[k] = f(-INF, INF)
            out.append((m, memo[k]))
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + S.nodes
        return out
    E = _Engine(state, delegate=True)
    vals = [(m, E.move_value(m, -INF, INF)) for m in list(E.st.legal_moves())]
    if stats is not None:
        stats["nodes"] = stats.get("nodes", 0) + E.total_nodes()
    return vals


@deep_recursion
def minimax_value(state: GameState, *, boneyard: str = "refuse") -> int:
    """Plain minimax (no pruning, no table) on the engine: the reference value.

    Exponential; use on small positions only.

    >>> from dominolab.games import new_round
    >>> minimax_value(new_round("classic", hands=["2:3 4:4", "3:5 1:1"], leader=0))
    5
    """
    check_solvable(state, boneyard)
    st = state.copy()
    side = set(side_of(state, state.current_player))

    def mm():
        if st.ended:
            return side_value(st.result(), side, st.rules.penalties)
        vals = []
        for m in list(st.legal_moves()):
            st._apply(m)
            vals.append(mm())
            st.undo()
        return max(vals) if st.current_player in side else min(vals)

    return mm()
