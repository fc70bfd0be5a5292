"""The compact double-dummy search for a line whose turn follows the open ends' sum
(Semyorka: 6 moves again, 7 makes the next player draw two and miss the turn).

The engine search (:mod:`~dominolab.games.search`) plays every move on a full
:class:`~dominolab.games.state.GameState`, with the variant's hooks, play and undo.
Where a variant declares ``Rules.sum_hooks`` (its ``after_play`` and
``extra_moves`` hooks do exactly Semyorka's rules 4 and 5, see
:mod:`~dominolab.games.variants.semyorka`) and its score reads only the end of
the round (``Rules.score_reads == "ends"``), what decides the rest of a round is
small, and this search keeps only that:

- the hands (one int) and the boneyard pointer: the boneyard's order is taken as
  known (``solve(..., boneyard="known")``, the clairvoyant solve the sampling bot
  makes on each sampled deal), so a draw is a move like any other;
- the two ends of the line, unordered, each as its number and whether a double
  lies there (a double at an end counts both halves in the sum), and whether the
  table holds a lone double (it counts its pips, and the tile laid against it
  leaves the double at the other end);
- the player to move, whether he has drawn this turn (``draw="one"``: draw one,
  play it if it fits, else pass), and how many times in a row he has played,
  up to three (after three, two tiles at once, option ``two_after_three``);
- the ply: when the boneyard is out, the player made to take two takes them at
  random from the player who made the 7, by the round's own seeded generator
  (``GameState.random_for``), which reads the ply; the search draws the same tiles;
- who played last (a block found on a draw names him as the finisher).

The lead is the engine's (the engine search hands every position after it to
this search). Cross-checked against the engine search and plain minimax on
seeded random positions (``tests/test_solver_sum.py``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..i18n import get_language, using
from ..tiles import Hand, tile_index
from .layout import LineLayout
from .leaf import INF, LeafView, side_of, side_value
from .moves import Move
from .state import GameState, tables, tiles_of

__all__ = ["SumCompact", "sum_ok", "run_of"]

#: Numbers of a set this search takes (each end is packed in five bits).
_MAX_N = 15
#: Players (the key keeps the player to move and the last player in three bits each).
_MAX_P = 8
#: The ply is kept in twelve bits of the key (a round is far shorter).
_MAX_PLY = 1 << 11


def sum_ok(state: GameState) -> bool:
    """Does the compact sum search cover ``state`` (see the module docstring)?"""
    r = state.rules
    lay = state.layout
    return (r.sum_hooks and type(lay) is LineLayout and lay.plain and not lay.is_empty()
            and len(lay._lead) == 1 and state.mode is None and r.score_reads == "ends"
            and r.table_points is None and not r.refuse_block and not r.refuse_block_leads
            and not r.two_doubles and not r.finish_together and not r.locomotives
            and r.draw == "one" and r.set_max <= _MAX_N and state.players <= _MAX_P
            and len(state.history) < _MAX_PLY and not state.is_over())


def run_of(state: GameState) -> int:
    """How many times in a row the player to move has just played: his own draws do not
    break the run, anybody else's move or his pass does (Semyorka's rule 4)."""
    p = state.current_player
    n = 0
    for m in reversed(state.history):
        if m.player != p or m.kind == "pass":
            break
        if m.kind == "play":
            n += 1
    return n


def _end_code(num: int, double: bool) -> int:
    return num << 1 | double


class SumCompact:
    """The bitmask search for one root side; built once per first move of the round, its
    table kept across calls (the engine search reloads the position)."""

    def __init__(self, state: GameState, side: Iterable[int] | None = None):
        r = state.rules
        n = r.set_max
        tiles, suit, pips, _ = tables(n)
        self.tiles, self.suit = tiles, suit
        self.size = size = len(tiles)
        self.P = P = state.players
        sd = set(side_of(state, state.current_player) if side is None else side)
        self.side = tuple(sorted(sd))
        self.maxing = [p in sd for p in range(P)]
        self.shift = [p * size for p in range(P)]
        self.hands = list(state.hands)
        self.K = 0
        self.top = state.top
        self.bone = [t.index for t in state.bone]
        # rest[k]: the mask of the boneyard tiles from position k on
        rest = [0] * (len(self.bone) + 1)
        for k in range(len(self.bone) - 1, -1, -1):
            rest[k] = rest[k + 1] | 1 << self.bone[k]
        self.rest = rest
        # tiles of the set neither held, nor in the boneyard, nor on the table (a deal that
        # leaves some out): like the boneyard's, they keep a round from being blocked
        held = 0
        for h in state.hands:
            held |= h
        self.outside = _full_mask(size) & ~(held | rest[0] | state.layout.down_mask())
        self.avail = len(self.bone) - r.keep       # the pointer below which one may draw
        self.two = bool(r.opt("two_after_three"))
        self.seed = state.seed
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.gen: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        self.first = state.history[0] if state.history else None
        self._state = state
        self._leaves: dict[tuple[object, ...], int] = {}
        self._hand_value = r.hand_value
        self._hv: dict[int, int] = {}
        self._last_tiles = {tile_index(t.low, t.high) for t in r.last_tiles if t.high <= n}
        # the closed-form leaf: what one penalty point of player p is worth to the side
        self._sticks = (r.score_model == "heaviest_hand_loses" and r.hand_value is not None
                        and r.penalties)
        team_in_side = [bool(set(t) & sd) for t in state.teams]
        self._loser_sign = [-1 if team_in_side[state.team_of[p]] else 1 for p in range(P)]
        # ... so every value lies between minus the side's players (only they take one)
        # and plus the others (each of them takes one, none of the side): a window outside
        # those bounds is answered at once
        mine = sum(1 for p in range(P) if self._loser_sign[p] < 0)
        self.bounds = (-mine, P - mine) if self._sticks else (-INF, INF)
        self._steals: dict[tuple[int, int, int], int] = {}
        self._lang = get_language()
        # the tile's code in a move: its index and, for ordering, the stick weight
        self.pips = pips
        self.lo = [t.low for t in tiles]
        self.hi = [t.high for t in tiles]
        self.dbl = [t.is_double for t in tiles]
        self._build()

    # -- positions --------------------------------------------------------------
    def ends_of(self, state: GameState) -> int:
        """The ends code of the line of ``state``: two end codes, smaller first, and the
        lone-double bit."""
        lay = state.layout
        assert isinstance(lay, LineLayout)
        et = lay.end_tiles()
        assert et is not None
        (la, lb), (ra, rb) = et
        if len(lay) == 1:
            lone = la == lb
            x = _end_code(lay.lnum, False)
            y = _end_code(lay.rnum, False)
        else:
            lone = False
            x = _end_code(lay.lnum, la == lb)
            y = _end_code(lay.rnum, ra == rb)
        if x > y:
            x, y = y, x
        return (x << 6) | (y << 1) | lone

    def load(self, state: GameState) -> None:
        K = 0
        for p, h in enumerate(state.hands):
            self.hands[p] = h
            K |= h << self.shift[p]
        self.K = K
        self.top = state.top

    @staticmethod
    def last_player(state: GameState) -> int:
        for m in reversed(state.history):
            if m.kind == "play" and m.player is not None:
                return m.player
        return 0

    def value_of(self, state: GameState, alpha: int, beta: int) -> int:
        """The root side's value of ``state`` (a line after the lead, round not over)."""
        self.load(state)
        return self.search(self.ends_of(state), state.current_player,
                           1 if state.drawn else 0, min(run_of(state), 3), len(state.history),
                           self.last_player(state), alpha, beta)

    # -- leaves -----------------------------------------------------------------
    def leaf(self, ended: str, f: int, last: tuple[int, ...]) -> int:
        """The root side's value of a finished round (``last``: the tiles of the last
        move, by ``f``). Cached by what the score reads: the hands (or, where the
        variant declares ``Rules.hand_value``, each hand's value), the end, the finisher
        and the last move."""
        value = self._hand_value
        if self._sticks:
            # Rules.score_model "heaviest_hand_loses", in closed form: a penalty point to
            # every player holding the largest hand value
            hv = self._hv
            vals = []
            for m in self.hands:
                x = hv.get(m)
                if x is None:
                    x = hv[m] = value(Hand(tiles_of(m, self.tiles)))   # type: ignore[misc]
                vals.append(x)
            top = max(vals)
            sgn = self._loser_sign
            v = 0
            for p, x in enumerate(vals):
                if x == top:
                    v += sgn[p]
            return v
        if value is None:
            key: tuple[object, ...] = (tuple(self.hands), ended, f, last)
        else:
            hv = self._hv
            vals = []
            for m in self.hands:
                x = hv.get(m)
                if x is None:
                    x = hv[m] = value(Hand(tiles_of(m, self.tiles)))
                vals.append(x)
            # (Rules.last_tiles: which of those tiles the last move lays)
            key = (tuple(vals), ended, f,
                   tuple(i for i in last if i in self._last_tiles) if self._last_tiles else ())
        got = self._leaves.get(key)
        if got is None:
            first = self.first
            lm = Move("play", tuple((self.tiles[i], "L") for i in last), f) if last else \
                Move("draw", (), f)
            view = LeafView(self._state, self.hands, ended, f, [first or lm, lm])
            with using(self._lang):      # the language once, not read at every leaf
                res = self._state.rules.scoring(view)
            got = self._leaves[key] = side_value(res, self.side, self._state.rules.penalties)
        return got

    def steal(self, ply: int, k: int, h: int) -> int:
        """The tile index the engine's after_play hook takes from hand ``h`` as its
        ``k``-th random take after the move that made the history ``ply`` long."""
        key = (ply, k, h)
        i = self._steals.get(key)
        if i is None:
            # the same generator and the same list as GameState.random_for and the hook
            bits = [j for j in range(h.bit_length()) if (h >> j) & 1]
            rng = random.Random(self.seed * 1_000_003 + ply * 7919 + k)
            i = self._steals[key] = rng.choice(bits)
        return i

    # -- moves ------------------------------------------------------------------
    def plays(self, ends: int, hm: int) -> list[tuple[int, int, int, int]]:
        """``[(tiles' bits, ends after, sum after, weight)]``: one tile from ``hm`` (the
        mover's tiles that fit) on either end, one per distinct result."""
        key = (ends, hm)
        got = self.gen.get(key)
        if got is not None:
            return got
        out = []
        m = hm
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            seen = set()
            for ne in self._place(ends, i):
                if ne not in seen:
                    seen.add(ne)
                    out.append((low, ne, self.end_sum(ne), self._weight(low)))
        self.gen[key] = out
        return out

    def _weight(self, bits: int) -> int:
        w = 0
        while bits:
            low = bits & -bits
            bits ^= low
            i = low.bit_length() - 1
            w += 10 if self.dbl[i] else self.pips[i]
        return w

    def _place(self, ends: int, i: int) -> list[int]:
        """The ends codes after tile ``i`` is laid on each end it fits."""
        x, y, lone = ends >> 6, (ends >> 1) & 31, ends & 1
        lo, hi, d = self.lo[i], self.hi[i], self.dbl[i]
        out = []
        for here, other in ((x, y), (y, x)):
            num = here >> 1
            if lo != num and hi != num:
                continue
            new = _end_code(hi if lo == num else lo, d)
            keep = other | 1 if lone else other      # the lone double stays at the other end
            a, b = (new, keep) if new <= keep else (keep, new)
            out.append((a << 6) | (b << 1))
        return out

    @staticmethod
    def end_sum(ends: int) -> int:
        x, y = ends >> 6, (ends >> 1) & 31
        return ((x >> 1) << (x & 1)) + ((y >> 1) << (y & 1))

    def two_plays(self, ends: int, h: int) -> list[tuple[int, int, int, int]]:
        """The two-tile plays (after three plays in a row): a first tile that fits, then
        another of the hand that fits the table the first one leaves."""
        out = []
        seen = set()
        for bits1, e1, _s1, _w in self.plays(ends, h & self._fit(ends)):
            rest = h ^ bits1
            for bits2, e2, s2, _w2 in self.plays(e1, rest & self._fit(e1)):
                k = (bits1 | bits2, e2)
                if k not in seen:
                    seen.add(k)
                    out.append((bits1 | bits2, e2, s2, self._weight(bits1 | bits2)))
        return out

    def _fit(self, ends: int) -> int:
        return self.suit[ends >> 7] | self.suit[(ends >> 2) & 15]

    # -- the search -------------------------------------------------------------
    def _build(self) -> None:
        hands, P, shift = self.hands, self.P, self.shift
        maxing, tt, suit = self.maxing, self.tt, self.suit
        bone, rest, avail, outside = self.bone, self.rest, self.avail, self.outside
        plays, two_plays, leaf, steal = self.plays, self.two_plays, self.leaf, self.steal
        two = self.two
        me = self

        vlo, vhi = self.bounds

        def search(ends, p, drawn, run, ply, lastp, alpha, beta):
            if beta <= vlo:
                return vlo
            if alpha >= vhi:
                return vhi
            me.nodes += 1
            top = me.top
            key = ((me.K << 6 | top) << 28 | ends << 15 | p << 12 | drawn << 11
                   | run << 9 | lastp << 6) << 12 | ply
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
                if lb > alpha:
                    alpha = lb
                if ub < beta:
                    beta = ub
            else:
                lb, ub = -INF, INF
            a0, b0 = alpha, beta
            h = hands[p]
            pm = suit[ends >> 7] | suit[(ends >> 2) & 15]
            mx = maxing[p]
            if not h & pm:
                # nothing fits: draw one (once a turn) while the boneyard allows, else pass
                if top < avail and not drawn:
                    bit = 1 << bone[top]
                    h2 = h | bit
                    hands[p] = h2
                    me.K ^= bit << shift[p]
                    me.top = top + 1
                    blocked = not h2 & pm
                    if blocked:
                        for q in range(P):
                            hq = hands[q]
                            if not hq or hq & pm:
                                blocked = False
                                break
                        if blocked and top + 1 < avail and (rest[top + 1] | outside) & pm:
                            blocked = False
                    if blocked:
                        v = leaf("blocked", lastp, ())
                    else:
                        v = search(ends, p, 1, run, ply + 1, lastp, alpha, beta)
                    hands[p] = h
                    me.K ^= bit << shift[p]
                    me.top = top
                else:
                    q = p + 1 if p + 1 < P else 0
                    v = search(ends, q, 0, 0, ply + 1, lastp, alpha, beta)
                best = v
            else:
                moves = plays(ends, h & pm)
                if two and run >= 3 and h.bit_count() >= 2:
                    moves = moves + two_plays(ends, h)
                # order: going out, the table's best move, then for the mover a 7 (the
                # next player takes two and misses his turn), a 6 (he moves again), and
                # the heaviest tiles by the stick count (doubles 10)
                scored = []
                for mv in moves:
                    bits, ne, s, w = mv
                    code = bits << 11 | ne
                    if bits == h:
                        sc = 10 ** 6
                    elif code == best_code:
                        sc = 10 ** 5
                    else:
                        sc = w + (40 if s == 7 else 25 if s == 6 else 0)
                    scored.append((sc, code, bits, ne, s))
                scored.sort(reverse=True)
                best = -INF if mx else INF
                bcode = -1
                nply = ply + 1
                for _sc, code, bits, ne, s in scored:
                    h2 = h ^ bits
                    hands[p] = h2
                    me.K ^= bits << shift[p]
                    if not h2:
                        v = leaf("out", p, _indices(bits))
                        hands[p] = h
                        me.K ^= bits << shift[p]
                    else:
                        # the after_play hook: 6 moves again, 7: the next takes two
                        nrun = 0
                        vq = -1
                        undo_v = undo_p = 0
                        if s == 6:
                            q = p
                            nrun = run + 1 if run < 3 else 3
                        elif s == 7:
                            vq = p + 1 if p + 1 < P else 0
                            q = vq + 1 if vq + 1 < P else 0
                            if q == p:
                                nrun = run + 1 if run < 3 else 3
                            t = me.top
                            for k in range(2):
                                if t < len(bone):
                                    bb = 1 << bone[t]
                                    t += 1
                                    undo_v |= bb
                                else:
                                    hp_ = hands[p]
                                    if hp_.bit_count() <= 1:
                                        break
                                    bb = 1 << steal(nply, k, hp_)
                                    hands[p] = hp_ ^ bb
                                    me.K ^= bb << shift[p]
                                    undo_p |= bb
                                    undo_v |= bb
                                hands[vq] |= bb
                                me.K ^= bb << shift[vq]
                            me.top = t
                        else:
                            q = p + 1 if p + 1 < P else 0
                        pm2 = suit[ne >> 7] | suit[(ne >> 2) & 15]
                        blocked = True
                        for hq in hands:
                            if not hq or hq & pm2:
                                blocked = False
                                break
                        if blocked and me.top < avail and (rest[me.top] | outside) & pm2:
                            blocked = False
                        if blocked:
                            v = leaf("blocked", p, _indices(bits))
                        else:
                            v = search(ne, q, 0, nrun, nply, p, alpha, beta)
                        if vq >= 0:
                            hands[vq] &= ~undo_v
                            me.K ^= undo_v << shift[vq]
                            if undo_p:
                                hands[p] |= undo_p
                                me.K ^= undo_p << shift[p]
                            me.top = top
                        hands[p] = h
                        me.K ^= bits << shift[p]
                    if mx:
                        if v > best:
                            best, bcode = v, code
                            if v > alpha:
                                alpha = v
                    elif v < best:
                        best, bcode = v, code
                        if v < beta:
                            beta = v
                    if alpha >= beta:
                        break
                best_code = bcode
            if best <= a0:
                ub = min(ub, best)
            elif best >= b0:
                lb = max(lb, best)
            else:
                lb = ub = best
            tt[key] = (lb, ub, best_code)
            return best

        self.search = search


def _full_mask(size: int) -> int:
    return (1 << size) - 1


def _indices(bits: int) -> tuple[int, ...]:
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return tuple(out)
