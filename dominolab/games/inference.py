"""What the hidden hands can hold, from the public history, and exact uniform sampling.

A player sees his own hand, the table and the history. Every other tile is
*unseen*: in another player's hand or in the boneyard. The history tells
how many tiles each player holds, and a **pass** (or a **draw**, which is
only allowed when nothing fits) on open ends ``a|b`` tells that the player
held no tile showing ``a`` or ``b`` at that moment. A tile he holds now was
either held then or drawn later. A run of draws happens on fixed ends
``a|b``: the tiles drawn and kept did not fit (the one that fits must be
played at once), so after the run the hand still avoids ``a`` and ``b`` —
but earlier exclusions are dropped, since a drawn tile may show those
numbers. Plays carry no such certainty (any fitting tile may be played).

The *consistent deals* are the assignments of the unseen tiles to the other
hands (exact sizes, avoiding each player's excluded numbers) and to the
boneyard. Treating the players' choices as uninformative, each is equally
likely (with draws in the history this is uniform over the current hidden
hands and boneyard contents). Their number is counted exactly by a dynamic programme over the
unseen tiles with the remaining capacities as state, and :meth:`sample`
draws one exactly uniformly by walking the same programme (each tile goes
to a place with probability proportional to the number of completions) —
no rejection, so it never stalls late in a round.

What a pass says is kept as a *bound*: "at most ``a`` of his tiles show one of these
numbers" (``a = 0`` at the pass: an exclusion). Every tile he draws afterwards — seen
drawing or not — raises the bound by one (an unknown tile may show those numbers);
every tile he plays that shows one of them lowers it by one (that tile was one of
those drawn). So a run of draws on ends ``a|b`` ended by a play leaves ``a`` and ``b``
excluded again, and the exclusions from before the run stay as bounds. Where the rules
let a player use only some open ends (``Rules.usable_ends``: Mexican train's own,
Mexican and marked trains), a pass or a draw says nothing about the others. A rule that
makes players draw without a history entry of their own (``Rules.hidden_draws``:
Super-train's letters D and X) is followed: the count drawn is known (the hands grow,
the boneyard shrinks), the tiles are not. Any other history in which a rule moved tiles
without a history entry (Semyorka's forced draws after a sum of 7) is refused from that
move on.

>>> from dominolab import Tile
>>> from dominolab.games import new_game
>>> g = new_game("sport", seed=2)
>>> for m in ("P4 6:6 P1 4:6>R P2 4:5>R P3 0:6>L P4 0:5>L P1 3:5>R P2 2:5>L P3 2:2>L "
...           "P4 3:6>R P1 2:6>L P2 1:6>L P3 1:3>L P4 pass").replace(" P", ",P").split(","):
...     g.play(m)
>>> k = knowledge(g, viewer=0)             # P1 to move, after P4 passed on 3|6
>>> sorted(k.excluded[3]), k.count()
([3, 6], 4900)
>>> k.probability(3, Tile(5, 5)), k.probability(3, Tile(3, 4))
(Fraction(1, 2), Fraction(0, 1))
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .. import limits
from .._stack import deep_recursion
from ..errors import DominoError, InvalidPosition, OverLimit
from ..i18n import tr
from ..tiles import Tile
from .setup import new_round
from .state import GameState, tables, tiles_of

__all__ = ["Knowledge", "consistent_deals", "determinize", "knowledge", "sample_deal"]

BONE = -1


class _Completions:
    """The counts of :meth:`Knowledge._ways`, for all the capacities at once.

    ``row(j, used)`` holds the number of completions of every capacity state (room
    left in each other hand; the boneyard's follows, the tiles left minus those) as a
    field of ``width`` bytes in one Python integer, at field ``sum(room[d] *
    stride[d])`` (the generating polynomial of the completions, by Kronecker
    substitution). "Tile j goes to hand s", from j+1 back to j, is then one shift of
    that integer (every state at once) and a mask of the states with room in s: a few
    C-level operations per tile and place, where a programme over single states made a
    Python call per state (~10^5 of them for a double-12 set: most of a bot's time on
    Mexican train). The bound counters stay a dictionary key (few of their
    combinations are reachable). The fields hold exactly the integers of that
    programme; ``width`` fits the largest (at most the product over the tiles of
    their number of places).

    (Counting over kinds of interchangeable tiles, a product of binomials per hand,
    gets one count faster still, but the walk of a sample needs about three counts
    per tile, each over a different set of tiles left: sampling became ~35x slower.)
    """

    def __init__(self, allowed, hits, caps, bounds):
        self.allowed, self.hits, self.bounds = allowed, hits, bounds
        self.hands = len(caps) - 1
        dims = [c + 1 for c in caps[:-1]]
        self.stride = [math.prod(dims[:d]) for d in range(len(dims))]
        self.width = w = max(1, (math.prod(max(len(a), 1) for a in allowed).bit_length()
                                 + 7) // 8)
        self.size = math.prod(dims) * w
        # a row per tile (and per reachable set of bound counters: not known before)
        need = self.size * (len(allowed) + 1)
        if need > limits.MAX_DEAL_TABLE:
            raise OverLimit(tr("counting the deals consistent with the history exactly would "
                               "take about {mb} MB for {k} hidden hands; at most {limit} MB "
                               "(dominolab.limits.MAX_DEAL_TABLE)").format(
                mb=need >> 20, k=len(dims), limit=limits.MAX_DEAL_TABLE >> 20))
        # masks[d]: all ones in the fields of the states with room in hand d
        self.masks = []
        for d in range(len(dims)):
            block = ((1 << 8 * w) - 1).to_bytes(w, "little")
            for e, n in enumerate(dims):     # room[e] = 0, 1, .. n-1: n copies of block
                block = bytes(len(block)) + block * (n - 1) if e == d else block * n
            self.masks.append(int.from_bytes(block, "little"))
        self.rows: dict[tuple[int, tuple[int, ...]], int] = {}
        self.read: dict[tuple[int, tuple[int, ...]], bytes] = {}

    def _counted(self, used, hits):
        """``used`` with one more tile counted against each bound in ``hits``, or None
        if that passes one of them."""
        if not hits:
            return used
        u = list(used)
        for i in hits:
            u[i] += 1
            if u[i] > self.bounds[i]:
                return None
        return tuple(u)

    def row(self, j, used):
        key = (j, used)
        v = self.rows.get(key)
        if v is not None:
            return v
        if j == len(self.allowed):
            v = 1                     # one way, if every hand is full (field 0)
        else:
            v = 0
            w8 = 8 * self.width
            for s, h in zip(self.allowed[j], self.hits[j]):
                u = self._counted(used, h)
                if u is None:
                    continue
                if s == self.hands:       # the boneyard: its room is implied
                    v += self.row(j + 1, u)
                else:
                    v += (self.row(j + 1, u) << w8 * self.stride[s]) & self.masks[s]
        self.rows[key] = v
        return v

    def field(self, j, used, f):
        """The count in field ``f`` of ``row(j, used)``."""
        key = (j, used)
        b = self.read.get(key)
        if b is None:                # bytes: reading one field is then a short slice
            b = self.read[key] = self.row(j, used).to_bytes(self.size, "little")
        f *= self.width
        return int.from_bytes(b[f:f + self.width], "little")

    def get(self, j, caps, used):
        return self.field(j, used, sum(c * s for c, s in zip(caps, self.stride)))

    def walk(self, rng, caps, total):
        """The slot of each tile in one deal drawn exactly uniformly, from the start
        ``caps`` with ``total`` completions: tile j goes to each slot it may take with
        probability proportional to the completions after that, by ``r =
        rng.randrange(completions)`` and the slots in order (as the programme over
        single states walked it, so the same ``rng`` gives the same deal)."""
        room, used = list(caps), (0,) * len(self.bounds)
        f = sum(c * s for c, s in zip(caps, self.stride))
        out = []
        for j, (allowed, hits) in enumerate(zip(self.allowed, self.hits)):
            r = rng.randrange(total)
            for s, h in zip(allowed, hits):
                u = self._counted(used, h) if room[s] else None
                if u is None:
                    continue
                g = f if s == self.hands else f - self.stride[s]
                w = self.field(j + 1, u, g)
                if r < w:
                    out.append(s)
                    room[s] -= 1
                    f, used, total = g, u, w
                    break
                r -= w
        return out


@dataclass
class Knowledge:
    """What ``viewer`` knows: the unseen tiles, hand sizes and excluded numbers.

    ``sizes[q]`` is how many tiles player ``q`` holds, ``excluded[q]`` the
    numbers none of his tiles can show, ``boneyard`` how many unseen tiles
    are in no hand (the boneyard, plus tiles left out of a hand-built deal);
    ``drawable`` how many of those form the boneyard proper. Places are
    player numbers, and ``BONE`` (-1) for "in no hand". ``bounds`` are
    ``(player, numbers, at_most)``: at most ``at_most`` (at least 1) of that
    player's tiles show one of ``numbers`` (what a pass says once he has drawn since).
    """

    viewer: int
    players: int
    unseen: list[Tile]
    sizes: list[int]
    excluded: list[frozenset[int]]
    boneyard: int
    set_max: int = 6
    drawable: int = 0
    bounds: tuple[tuple[int, frozenset[int], int], ...] = ()
    _memo: dict[str, Any] = field(default_factory=dict, repr=False)

    # -- the places a tile may be in ------------------------------------------
    def places(self, tile: Tile) -> list[int]:
        """Where ``tile`` may be: other players (not excluded) and the boneyard."""
        out = [q for q in range(self.players) if q != self.viewer and self.sizes[q] > 0
               and not any(tile.has(k) for k in self.excluded[q])]
        if self.boneyard > 0:
            out.append(BONE)
        return out

    def possible(self, player: int) -> list[Tile]:
        """The unseen tiles ``player`` may hold (in index order)."""
        if player == self.viewer:
            raise DominoError(f"P{player + 1} is the viewer: his hand is known")
        return [t for t in self.unseen if player in self.places(t)]

    def _caps(self):
        return tuple(self.sizes[q] for q in range(self.players) if q != self.viewer) + \
            (self.boneyard,)

    def _slot(self, place):
        """Index of a place in the capacity tuple."""
        if place == BONE:
            return self.players - 1
        return place if place < self.viewer else place - 1

    def _allowed(self):
        a = self._memo.get("allowed")
        if a is None:
            a = [tuple(self._slot(p) for p in self.places(t)) for t in self.unseen]
            self._memo["allowed"] = a
        return a

    def _hits(self):
        """For each unseen tile and each of its allowed slots, the bounds it counts
        against there (the bounds of that player whose numbers the tile shows)."""
        h = self._memo.get("hits")
        if h is None:
            h = [tuple(tuple(i for i, (q, nums, _) in enumerate(self.bounds)
                             if self._slot(q) == s and any(t.has(k) for k in nums))
                       for s in allowed)
                 for t, allowed in zip(self.unseen, self._allowed())]
            self._memo["hits"] = h
        return h

    def _start(self):
        return self._caps(), (0,) * len(self.bounds)

    def _step(self, j, k, caps, used):
        """Tile ``j`` put in its ``k``-th allowed slot: the new (caps, used), or None."""
        s = self._allowed()[j][k]
        if not caps[s]:
            return None
        c = list(caps)
        c[s] -= 1
        hits = self._hits()[j][k] if self.bounds else ()
        if hits:
            u = list(used)
            for i in hits:
                u[i] += 1
                if u[i] > self.bounds[i][2]:
                    return None
            used = tuple(u)
        return tuple(c), used

    def _ways(self, j, caps, used=()):
        """Completions assigning unseen tiles j.. into remaining ``caps``, with ``used``
        tiles already counted against each bound (for the states reached from
        :meth:`_start`: no more room anywhere than there)."""
        if sum(caps) != len(self.unseen) - j:      # every tile left takes one place
            return 0
        return self._table().get(j, caps, tuple(used))

    def _table(self) -> _Completions:
        table = self._memo.get("table")
        if table is None:
            table = self._memo["table"] = _Completions(
                self._allowed(), self._hits(), self._caps(), [a for _, _, a in self.bounds])
        return table

    def count(self) -> int:
        """The exact number of consistent deals (assignments of the unseen tiles)."""
        got = self._memo.get("count")
        if got is None:
            got = self._memo["count"] = self._count()
        return got

    @deep_recursion
    def _count(self) -> int:
        # (the table's recursion runs here once; later counts, and every sample(), read
        # the memo: a bot samples hundreds of deals a move)
        if sum(self._caps()) != len(self.unseen):
            raise InvalidPosition(f"{len(self.unseen)} unseen tiles but {sum(self._caps())} "
                                  f"places in the other hands and the boneyard")
        return self._ways(0, *self._start())

    def sample(self, rng: random.Random | int | None = None) -> dict[int, list[Tile]]:
        """One consistent deal, exactly uniformly: ``{place: [tiles]}``."""
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        total = self.count()
        if total == 0:
            raise InvalidPosition("no deal is consistent with the history")
        out: dict[int, list[Tile]] = {q: [] for q in range(self.players) if q != self.viewer}
        out[BONE] = []
        slots = [q for q in range(self.players) if q != self.viewer] + [BONE]
        for t, s in zip(self.unseen, self._table().walk(rng, self._caps(), total)):
            out[slots[s]].append(t)
        return out

    def satisfies(self, deal: Mapping[int, Iterable[Tile]]) -> bool:
        """Whether ``deal`` (``{place: tiles}``, as :meth:`sample` returns) agrees with
        this knowledge: every unseen tile placed once, the sizes, the exclusions and the
        bounds. The true hands always do."""
        placed = [(q, t) for q, ts in deal.items() for t in ts]
        if sorted(t for _, t in placed) != sorted(self.unseen):
            return False
        sizes = {q: 0 for q in range(self.players) if q != self.viewer}
        sizes[BONE] = 0
        for q, t in placed:
            if q not in sizes or q not in self.places(t):
                return False
            sizes[q] += 1
        if any(sizes[q] != self.sizes[q] for q in sizes if q != BONE):
            return False
        return all(sum(1 for t in deal.get(q, ()) if any(t.has(k) for k in nums)) <= a
                   for q, nums, a in self.bounds)

    def probability(self, player: int, tile: Tile) -> Fraction:
        """Exact probability that ``player`` (or ``BONE``) holds ``tile``.

        Counted as deals with the tile forced there over all deals.
        """
        total = self.count()
        if tile not in self.unseen:
            raise DominoError(f"{tile} is not unseen by P{self.viewer + 1}")
        if player not in self.places(tile):
            return Fraction(0)
        j = self.unseen.index(tile)
        bounds = []
        for q, nums, a in self.bounds:       # the tile forced there counts against them
            if q == player and any(tile.has(k) for k in nums):
                if a == 0:
                    return Fraction(0)
                a -= 1
            bounds.append((q, nums, a))
        sub = Knowledge(self.viewer, self.players, self.unseen[:j] + self.unseen[j + 1:],
                        list(self.sizes), self.excluded, self.boneyard, self.set_max,
                        bounds=tuple(bounds))
        if player == BONE:
            sub.boneyard -= 1
        else:
            sub.sizes[player] -= 1
        return Fraction(sub.count(), total)

    def deals(self) -> Iterator[dict[int, tuple[Tile, ...]]]:
        """Every consistent deal (only for small positions), as ``{place: tuple}``."""
        allowed = self._allowed()
        slots = [q for q in range(self.players) if q != self.viewer] + [BONE]
        assign: list[int] = []

        def rec(j, caps, used):
            if self._ways(j, caps, used) == 0:
                return
            if j == len(self.unseen):
                d: dict[int, list[Tile]] = {s: [] for s in slots}
                for t, s in zip(self.unseen, assign):
                    d[slots[s]].append(t)
                yield {k: tuple(v) for k, v in d.items()}
                return
            for k, s in enumerate(allowed[j]):
                nxt = self._step(j, k, caps, used)
                if nxt is not None:
                    assign.append(s)
                    yield from rec(j + 1, *nxt)
                    assign.pop()

        yield from rec(0, *self._start())


def knowledge(state: GameState, viewer: int | None = None) -> Knowledge:
    """What ``viewer`` (default: the player to move) knows about the hidden tiles.

    Replays the history on a fresh copy of the round to see the open ends at
    every pass and draw.

    >>> from dominolab.games import new_game
    >>> g = new_game("sport", seed=1)
    >>> k = knowledge(g); len(k.unseen), k.sizes, k.count()
    (21, [7, 7, 7, 7], 399072960)
    """
    viewer = state.current_player if viewer is None else viewer
    if not 0 <= viewer < state.players:
        raise DominoError(f"viewer must be a player 0..{state.players - 1}, not {viewer}")
    tiles, _suit, _, full = tables(state.rules.set_max, state.rules.locomotives)
    P = state.players
    # walk the history: the ends before each move, passes and draws
    g = new_round(state.rules, [list(h) for h in state.initial_hands], list(state.bone),
                  leader=state.leader, lead=state.lead, context=state.context, seed=state.seed,
                  flags=tuple(state.flags.items()))
    # what each player's passes and draws say: {numbers: at most this many of his tiles
    # show one of them}; 0 is an exclusion (see the module docstring)
    bounds: list[dict[frozenset[int], int]] = [{} for _ in range(P)]
    usable = state.rules.usable_ends

    def holds_none(q: int, numbers: set[int]) -> None:
        if numbers:
            bounds[q][frozenset(numbers)] = 0

    def drew(q: int, count: int) -> None:     # unknown tiles: each may show any number
        bounds[q] = {nums: a + count for nums, a in bounds[q].items()}

    for i, m in enumerate(state.history):
        q = g.current_player
        names = set(usable(g, q)) if usable is not None else None
        ends = {k for e, k in g.open_ends() if k >= 0 and (names is None or e in names)}
        if m.kind == "pass":
            holds_none(q, ends)
        elif m.kind == "draw":
            # before the draw nothing fitted; the tile drawn is unknown
            holds_none(q, ends)
            drew(q, 1)
        elif m.kind == "play":
            for t, _ in m.placements:      # a tile showing the numbers was one drawn since
                for nums in [n for n in bounds[q] if any(t.has(k) for k in n)]:
                    bounds[q][nums] -= 1
                    if bounds[q][nums] < 0:    # (cannot happen when draws follow the rule)
                        del bounds[q][nums]
        before = [(h).bit_count() for h in g.hands]
        bone_before = g.boneyard_count()
        try:
            g.play(m)
        except DominoError as e:
            raise InvalidPosition(f"history move {i + 1} ({m}) cannot be replayed: {e}") from None
        expect = list(before)
        expect[q] += (m.kind == "draw") - (len(m.placements) if m.kind == "play" else 0)
        extra = [(h).bit_count() - e for h, e in zip(g.hands, expect)]
        if any(extra):
            taken = bone_before - g.boneyard_count() - (m.kind == "draw")
            if not (state.rules.hidden_draws and min(extra) >= 0 and sum(extra) == taken):
                raise DominoError(f"inference cannot follow {state.rules.name} past move "
                                  f"{i + 1} ({m}): a rule moved tiles between hands without "
                                  "a history entry")
            for p, n in enumerate(extra):      # drawn by a rule (Super-train's D, X)
                if n:
                    drew(p, n)
    table = state.layout.down_mask()
    unseen_mask = full & ~state.hands[viewer] & ~table
    unseen = tiles_of(unseen_mask, tiles)
    sizes = [(h).bit_count() for h in state.hands]
    in_hands = sum(sizes[q] for q in range(P) if q != viewer)
    excluded = [frozenset(k for nums, a in bounds[q].items() if a == 0 for k in nums)
                for q in range(P)]
    # a bound as large as the hand says nothing; the viewer's own are not needed
    kept = tuple((q, nums, a) for q in range(P) if q != viewer
                 for nums, a in sorted(bounds[q].items(), key=lambda b: sorted(b[0]))
                 if 0 < a < sizes[q] and not nums <= excluded[q])
    return Knowledge(viewer, P, unseen, sizes, excluded, len(unseen) - in_hands,
                     state.rules.set_max, state.boneyard_count(), bounds=kept)


def consistent_deals(state: GameState, player: int | None = None) -> int:
    """How many deals of the unseen tiles agree with what ``player`` has seen.

    >>> from dominolab.games import new_game
    >>> consistent_deals(new_game("sport", seed=1))      # 21! / (7!)^3
    399072960
    """
    return knowledge(state, player).count()


def determinize(state: GameState, deal: Mapping[int, Iterable[Tile]]) -> GameState:
    """A copy of ``state`` whose hidden hands and boneyard are those of ``deal``
    (``{player: tiles, BONE: tiles}``; the first ``boneyard_count()`` tiles of
    ``BONE`` become the boneyard in drawing order, the rest stay out of play),
    ready for a double-dummy solve. Undo history before this point is cleared."""
    new = state.copy()
    for q, ts in deal.items():
        if q == BONE:
            continue
        m = 0
        for t in ts:
            m |= 1 << t.index
        new.hands[q] = m
    bone = list(deal.get(BONE, ()))[:state.boneyard_count()]
    new.bone = tuple(state.bone[:state.top]) + tuple(bone)
    new._undo = []
    new._legal = None
    new._result = None
    return new


def sample_deal(state: GameState, viewer: int | None = None,
                rng: random.Random | int | None = None) -> GameState:
    """A determinized copy of ``state``: the hidden tiles dealt uniformly among the
    deals consistent with ``viewer``'s knowledge (boneyard order shuffled too).

    >>> from dominolab.games import new_game
    >>> g = new_game("sport", seed=1)
    >>> h = sample_deal(g, rng=5)
    >>> h.hand(g.current_player) == g.hand(g.current_player), len(h.hand(1))
    (True, 7)
    """
    k = knowledge(state, viewer)
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    d = k.sample(rng)
    bone = list(d[BONE])
    rng.shuffle(bone)
    d[BONE] = bone
    return determinize(state, d)
