"""The Dominosa deduction engine and complete search (internal; use :mod:`.dominosa`).

A grid of ``(n+1) x (n+2)`` cells is stored row-major; a *placement* is a pair
of orthogonally adjacent cells, numbered once per board shape. Every search
state is two Python ints used as bitsets over placements: ``alive`` (not yet
ruled out) and ``committed`` (known to be in the solution). A solution is an
exact cover: every cell in exactly one chosen placement, every tile of the
double-n set in exactly one.

Why hand-written: the exact-cover packages on PyPI (``dlx``, ``exact-cover``,
...) solve a cover problem but cannot run the human deductions between
branches, report *why* a placement is forced, or share the same state with the
grader; one bitset engine does deductions, grading, hints and search, so
search is simply "deductions, then branch on the tightest cell or tile".

The deductions and their levels follow the reference (Simon Tatham's
Dominosa, see shared/DOMINOSA.md), rule for rule and in the same order of
trial, so grades agree (tests check every grid in
puzzles/dominosa/tatham-anchors.txt); the implementation is our own. Set
analysis is computed in polynomial time from one perfect assignment
(:func:`_set_analysis`) instead of by listing subsets, so it has no cap on
the number of cells per number.

>>> b = Board.from_numbers(1, (0, 0, 1, 1, 0, 1))
>>> len(b.placements), b.tiles
(7, 3)
>>> state = b.initial()
>>> [sorted(b.placements[p]) for p in bits(state.alive & b.cell_mask[0])]
[[0, 1], [0, 3]]
>>> len(list(search(b, state, limit=5)))  # 0 0|1 over 1 0|1, or 0|0 1|1 over 1 0
2
"""

from __future__ import annotations

from functools import lru_cache

TRIVIAL, BASIC, HARD, EXTREME, SEARCH = range(5)


class Contradiction(Exception):
    """Raised inside the engine when a state has no completion."""


def bits(mask: int):
    """Indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def tile_index(a: int, b: int) -> int:
    """Index of tile {a, b} high-major (same as ``Tile.index``)."""
    if a > b:
        a, b = b, a
    return b * (b + 1) // 2 + a


@lru_cache(maxsize=32)
def _geometry(n: int):
    """Placements and masks that depend only on the grid shape."""
    rows, cols = n + 1, n + 2
    placements = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                placements.append((i, i + 1))
            if r + 1 < rows:
                placements.append((i, i + cols))
    cell_pls = [[] for _ in range(rows * cols)]
    for p, (a, b) in enumerate(placements):
        cell_pls[a].append(p)
        cell_pls[b].append(p)
    cell_mask = [sum(1 << p for p in pl) for pl in cell_pls]
    over = [(cell_mask[a] | cell_mask[b]) & ~(1 << p) for p, (a, b) in enumerate(placements)]
    index = {pair: p for p, pair in enumerate(placements)}
    outer = []
    for p, (a, b) in enumerate(placements):
        row = []
        for c in (a, b):
            for q in cell_pls[c]:
                if q != p:
                    qa, qb = placements[q]
                    row.append((q, qa + qb - c))
        outer.append(tuple(row))
    return (tuple(placements), tuple(map(tuple, cell_pls)), tuple(cell_mask), tuple(over), index,
            tuple(outer))


@lru_cache(maxsize=32)
def _tile_table(n: int):
    """``_tile_table(n)[a][b] == tile_index(a, b)`` for numbers 0..n."""
    return tuple(tuple(tile_index(a, b) for b in range(n + 1)) for a in range(n + 1))


@lru_cache(maxsize=32)
def _tile_pairs(n: int):
    return tuple((a, b) for b in range(n + 1) for a in range(b + 1))


@lru_cache(maxsize=32)
def _outer_masks(n: int):
    """Tables for the Basic rules. A *slot* ``2q + side`` is placement q seen
    from one of its cells, looking at its far cell ``sq``; ``slots[s]`` is
    ``(q, 1 << q, sq, mask of sq's placements other than q)``. Per placement
    p, ``om[p]`` lists ``(q, slot, sq)`` for each q sharing a cell with p, in
    the order of ``outer``; per cell, ``nb`` lists its ``(other cell,
    placement)`` pairs in placement order; per slot, ``users`` lists the
    placements p whose ``om[p]`` holds it."""
    placements, cell_pls, cell_mask, _, _, outer = _geometry(n)
    slots = []
    for q, (qa, qb) in enumerate(placements):
        for sq in (qa, qb):
            slots.append((q, 1 << q, sq, cell_mask[sq] & ~(1 << q)))
    om = tuple(tuple((q, 2 * q + (sq != placements[q][0]), sq) for q, sq in row)
               for row in outer)
    nb = tuple(tuple((placements[p][0] + placements[p][1] - c, p) for p in cell_pls[c])
               for c in range(len(cell_pls)))
    users = [[] for _ in slots]
    for p, row in enumerate(om):
        for _, s, _ in row:
            users[s].append(p)
    return om, nb, tuple(slots), tuple(map(tuple, users))


class State:
    """Mutable search state: ``alive`` and ``committed`` placement bitsets."""

    __slots__ = ("alive", "committed")

    def __init__(self, alive: int, committed: int = 0):
        self.alive = alive
        self.committed = committed

    def copy(self) -> State:
        return State(self.alive, self.committed)


class Board:
    """Precomputed tables for one grid of numbers."""

    def __init__(self, n: int, numbers: tuple[int, ...]):
        self.n = n
        self.rows, self.cols = n + 1, n + 2
        self.numbers = numbers
        self.ncells = self.rows * self.cols
        self.tiles = (n + 1) * (n + 2) // 2
        (self.placements, self.cell_pls, self.cell_mask, self.over,
         self.index, self.outer) = _geometry(n)
        tix = _tile_table(n)
        self.ptile = ptile = tuple(tix[numbers[a]][numbers[b]] for a, b in self.placements)
        tile_pls = [[] for _ in range(self.tiles)]
        tile_mask = [0] * self.tiles
        for p, t in enumerate(ptile):
            tile_pls[t].append(p)
            tile_mask[t] |= 1 << p
        self.tile_pls = tuple(map(tuple, tile_pls))
        self.tile_mask = tuple(tile_mask)
        self.tile_pair = _tile_pairs(n)
        cells_of = [[] for _ in range(n + 1)]
        number_mask = [0] * (n + 1)
        for i, (v, m) in enumerate(zip(numbers, self.cell_mask)):
            cells_of[v].append(i)
            # per number v: every placement touching a cell that shows v
            # (the set analysis of v reads only these)
            number_mask[v] |= m
        self.cells_of = tuple(map(tuple, cells_of))
        self.number_mask = tuple(number_mask)
        self.full = (1 << len(self.placements)) - 1
        self.outer_slots, self.cell_nb, self.slots, self.slot_users = _outer_masks(n)
        self._far: tuple = (-1, None)
        self._set_cache: dict = {}

    @classmethod
    def from_numbers(cls, n: int, numbers) -> Board:
        return cls(n, tuple(numbers))

    def initial(self) -> State:
        return State(self.full, 0)

    def other(self, p: int, cell: int) -> int:
        a, b = self.placements[p]
        return a + b - cell

    # -- state edits -------------------------------------------------------
    def commit(self, st: State, p: int) -> int:
        """Put placement ``p`` in the solution; returns the mask it removed."""
        rm = st.alive & (self.over[p] | (self.tile_mask[self.ptile[p]] & ~(1 << p)))
        st.alive &= ~rm
        st.committed |= 1 << p
        return rm

    def solved(self, st: State) -> bool:
        return st.alive.bit_count() == self.tiles and self.consistent(st)

    def consistent(self, st: State) -> bool:
        a = st.alive
        return all(a & m for m in self.cell_mask) and all(a & m for m in self.tile_mask)


# ---------------------------------------------------------------------------
# Deductions. Each rule looks at the state and returns a list of
# Deduction tuples (rule, level, place, remove, info); ``place`` is a
# placement to commit (or -1) and ``remove`` a mask of placements ruled out.
# ``info`` holds what the explanation needs (cells, tiles, numbers).

class Deduction(tuple):
    __slots__ = ()

    def __new__(cls, rule, level, place, remove, info):
        return tuple.__new__(cls, (rule, level, place, remove, info))

    rule = property(lambda s: s[0])
    level = property(lambda s: s[1])
    place = property(lambda s: s[2])
    remove = property(lambda s: s[3])
    info = property(lambda s: s[4])


def _single_options(masks, st: State, rule: str, what: str):
    """Deductions for each mask (a tile's or a cell's placements) with one live option."""
    out = []
    alive, com = st.alive, st.committed
    for k, m in enumerate(masks):
        am = alive & m
        if not am:
            raise Contradiction((what, k))
        if am & (am - 1) == 0 and not am & com:
            out.append(Deduction(rule, TRIVIAL, am.bit_length() - 1, 0, {what: k}))
    return out


def rule_tile_single(b: Board, st: State):
    """A tile with only one possible place goes there."""
    return _single_options(b.tile_mask, st, "only-place", "tile")


def rule_cell_single(b: Board, st: State):
    """A cell with only one possible placement takes it."""
    return _single_options(b.cell_mask, st, "only-tile", "cell")


def rule_cell_one_tile(b: Board, st: State):
    """A cell whose options all use one tile: that tile is ruled out elsewhere."""
    out = []
    alive = st.alive
    ptile, tile_mask = b.ptile, b.tile_mask
    for i, m in enumerate(b.cell_mask):
        am = alive & m
        if am & (am - 1) == 0:
            continue
        # one tile iff every option lies in the tile of the lowest one
        t = ptile[(am & -am).bit_length() - 1]
        tm = tile_mask[t]
        if am & ~tm:
            continue
        rm = alive & tm & ~m
        if rm:
            out.append(Deduction("cell-one-tile", BASIC, -1, rm, {"cell": i, "tile": t}))
    return out


def rule_tile_overlap(b: Board, st: State):
    """Placements overlapping every place left for some tile are ruled out."""
    out = []
    alive = st.alive
    over = b.over
    for t, m in enumerate(b.tile_mask):
        am = alive & m
        if am & (am - 1) == 0:
            continue
        inter = alive
        x = am
        while x:
            low = x & -x
            inter &= over[low.bit_length() - 1]
            if not inter:
                break
            x ^= low
        if inter:
            out.append(Deduction("tile-overlap", BASIC, -1, inter, {"tile": t, "places": am}))
    return out


def _far_squares(b: Board, alive: int):
    """Per slot (placement q from one cell, looking at its far cell sq): what
    sq has left besides q when q is alive -- ``-1`` nothing, a tile index
    ``t`` when every other option there is tile t (with ``rests[slot]`` those
    options), ``None`` when q is dead or the options are mixed; ``known``
    lists the slots that are not None. The two local-duplicate rules read it
    for every placement next to q, and usually run on the same state one
    after the other, so the last table is kept."""
    last = b._far
    if last[0] == alive:
        return last[1]
    ptile, tile_mask, slots = b.ptile, b.tile_mask, b.slots
    stat = [None] * len(slots)
    rests = [0] * len(slots)
    known = []
    x = alive
    while x:
        low = x & -x
        x ^= low
        s0 = 2 * (low.bit_length() - 1)
        for s in (s0, s0 + 1):
            rest = alive & slots[s][3]
            if not rest:
                stat[s] = -1
                known.append(s)
                continue
            t0 = ptile[(rest & -rest).bit_length() - 1]
            if not rest & ~tile_mask[t0]:
                stat[s] = t0
                rests[s] = rest
                known.append(s)
    res = (stat, rests, known)
    b._far = (alive, res)
    return res


def rule_local_duplicate(b: Board, st: State):
    """A placement of tile d whose neighbour square would then need another d."""
    out = []
    alive = st.alive
    ptile, outer_slots, users = b.ptile, b.outer_slots, b.slot_users
    stat, _, known = _far_squares(b, alive)
    # placements with some q whose far square would need nothing or only
    # their own tile: the only ones that can fire
    marks = set()
    for s in known:
        t = stat[s]
        if t < 0:
            marks.update(users[s])
        else:
            for p in users[s]:
                if ptile[p] == t:
                    marks.add(p)
    for p in sorted(marks):
        if not alive >> p & 1:
            continue
        d = ptile[p]
        # q alive, and every other option of its far square sq is tile d too
        # (the first such q, in the order of outer)
        for q, s, sq in outer_slots[p]:
            t = stat[s]
            if t is not None and (t < 0 or t == d):
                out.append(Deduction("local-duplicate", BASIC, -1, 1 << p,
                                     {"tile": d, "cell": sq, "via": q}))
                break
    return out


def rule_local_duplicate2(b: Board, st: State):
    """A placement that would leave two separate squares both needing one tile."""
    out = []
    alive = st.alive
    outer_slots, cell_mask = b.outer_slots, b.cell_mask
    stat, rests, known = _far_squares(b, alive)
    # how many squares next to each placement need a single tile: only
    # placements with two or more are worth a closer look
    count = [0] * len(outer_slots)
    users = b.slot_users
    for s in known:
        if stat[s] >= 0:
            for p in users[s]:
                count[p] += 1
    x = alive
    while x:
        low = x & -x
        x ^= low
        p = low.bit_length() - 1
        if count[p] < 2:
            continue
        squares = [(sq, stat[s], rests[s]) for q, s, sq in outer_slots[p]
                   if stat[s] is not None and stat[s] >= 0]
        found = None
        for i in range(len(squares)):
            si, di, _ = squares[i]
            for j in range(len(squares)):
                sj, dj, restj = squares[j]
                if i == j or sj == si or dj != di:
                    continue
                if restj & cell_mask[si]:
                    continue
                found = (si, sj, di)
                break
            if found:
                break
        if found:
            out.append(Deduction("local-duplicate-2", BASIC, -1, low,
                                 {"cells": found[:2], "tile": found[2]}))
    return out


def rule_parity(b: Board, st: State):
    """Bridges whose removal would leave two odd areas (Tarjan bridge finding)."""
    alive = st.alive
    ncell = b.ncells
    # per cell its alive (neighbour, placement) pairs, in placement order
    adj = [[e for e in nb if alive >> e[1] & 1] for nb in b.cell_nb]
    disc = [-1] * ncell
    low = [0] * ncell
    size = [1] * ncell
    bridges = []  # (placement, size of the child side, size of the other side)
    timer = 0
    for root in range(ncell):
        if disc[root] >= 0:
            continue
        comp = 1
        found = []
        disc[root] = low[root] = timer
        timer += 1
        stack = [(root, -1, iter(adj[root]))]
        while stack:
            v, pe, it = stack[-1]
            advanced = False
            for w, p in it:
                if p == pe:
                    continue
                if disc[w] < 0:
                    disc[w] = low[w] = timer
                    timer += 1
                    comp += 1
                    stack.append((w, p, iter(adj[w])))
                    advanced = True
                    break
                dw = disc[w]
                if dw < low[v]:
                    low[v] = dw
            if advanced:
                continue
            stack.pop()
            if stack:
                u = stack[-1][0]
                size[u] += size[v]
                lv = low[v]
                if lv < low[u]:
                    low[u] = lv
                if lv > disc[u]:
                    found.append((pe, size[v]))
        bridges.extend((pe, s, comp - s) for pe, s in found)
    out = []
    for pe, s1, s0 in bridges:
        if (s1 | s0) & 1 == 0:
            out.append(Deduction("parity", BASIC, -1, 1 << pe, {"sizes": (s0, s1)}))
    return out


SET_WORK_LIMIT = 50000  # connected subsets examined per number and call (a safety cap)


def _tight_sets(n: int, v: int, dom, dbl, doubles: bool):
    """Connected sets S of squares (local indices) with |N(S)| = |S| (or one
    less when the double may cover two of them), as (S, N, adjacent) triples.

    Squares are linked when they share a possible tile; a tight set that is
    not connected splits into tight parts that give the same eliminations,
    so only connected sets are listed, each once (root = lowest member,
    extension by exclusive neighbours). Supersets of a set using n+1 or more
    tiles are never useful (the reference skips them too), which prunes.
    """
    m = len(dom)
    nbr = [0] * m
    for k in range(m):
        dk = dom[k]
        for j in range(m):
            if j != k and dk & dom[j]:
                nbr[k] |= 1 << j
    found = []
    work = 0
    cap = min(n, m)
    stack = []
    for r in range(m):
        higher = ~((1 << (r + 1)) - 1)
        stack.append((1 << r, 1, dom[r], dbl[r], nbr[r] | (1 << r), nbr[r] & higher))
        while stack:
            S_, ns, N, D, closed, ext = stack.pop()
            work += 1
            nd = N.bit_count()
            if nd == ns or (doubles and nd == ns - 1) or nd < ns - 1:
                adj = D & S_
                if (not adj and nd <= ns) or (adj and doubles):
                    found.append((S_, N, bool(adj), nd, ns))
            if nd > cap or work > SET_WORK_LIMIT:
                continue
            while ext:
                w = (ext & -ext).bit_length() - 1
                ext &= ~(1 << w)
                excl = nbr[w] & ~closed & higher
                stack.append((S_ | (1 << w), ns + 1, N | dom[w], D | dbl[w],
                              closed | nbr[w] | (1 << w), ext | excl))
    return found


def _number_squares(b: Board, alive: int, v: int):
    """Open squares showing ``v`` (two or more options), the other numbers
    each can pair with (bitmask ``dom``) and, per square, the open squares it
    can share the double v:v with (bitmask ``dbl``, local indices)."""
    sq = []
    cell_mask = b.cell_mask
    for i in b.cells_of[v]:
        am = alive & cell_mask[i]
        if am & (am - 1):
            sq.append((i, am))
    local = {c: k for k, (c, _) in enumerate(sq)}
    dom = [0] * len(sq)
    dbl = [0] * len(sq)
    numbers, cell_nb = b.numbers, b.cell_nb
    for k, (c, am) in enumerate(sq):
        d = db = 0
        for o, p in cell_nb[c]:
            if am >> p & 1:
                x = numbers[o]
                d |= 1 << x
                if x == v and o in local:
                    db |= 1 << local[o]
        dom[k] = d
        dbl[k] = db
    return sq, dom, dbl


def _augment(k: int, dom, vbit: int, owner: list, seen: list) -> bool:
    """Kuhn's step: give square k a tile, moving other squares along
    (``owner[x]`` the square holding tile v:x or None; ``seen[0]`` a bitmask
    of the tiles this search has visited)."""
    x = dom[k] & ~vbit & ~seen[0]
    while x:
        low = x & -x
        x ^= low
        if seen[0] & low:
            continue
        seen[0] |= low
        t = low.bit_length() - 1
        o = owner[t]
        if o is None or _augment(o, dom, vbit, owner, seen):
            owner[t] = k
            return True
    return False


def _assignment(v: int, dom, dbl, all_pairs: bool = False):
    """A perfect assignment of the open v-squares to the open v-tiles: every
    tile v:x (x != v) to one square, the double to two squares that can share
    it. Returns a list of (owner of each x, (a, b) squares of the double or
    None): one assignment, or with ``all_pairs`` one for every place of the
    double that allows one; empty when there is none (no solution).
    Kuhn's augmenting paths, written out because the graphs have at most
    n+2 squares and networkx would cost more than the search itself."""
    m = len(dom)
    vbit = 1 << v
    xs = 0
    for d in dom:
        xs |= d
    need_double = bool(xs & vbit)
    pairs = [(k, j) for k in range(m) for j in bits(dbl[k]) if j > k] if need_double else [None]
    if m != (xs & ~vbit).bit_count() + (2 if need_double else 0):
        return None
    result = []
    size = max(xs.bit_length(), v + 1)
    for pair in pairs:
        owner = [None] * size
        skip = set(pair) if pair else ()
        ok = True
        for k in range(m):
            if k in skip:
                continue
            if not _augment(k, dom, vbit, owner, [0]):
                ok = False
                break
        if ok:
            result.append((owner, pair))
            if not all_pairs:
                break
    return result


def _set_analysis(b: Board, st: State, doubles: bool):
    """Set analysis for every number v, in polynomial time.

    Squares S showing v with only |S| tiles between them (Hall-tight) must
    take exactly those tiles. Given one perfect assignment f of squares to
    tiles, S is tight exactly when it is *closed*: with every tile v:x some
    square of S could take, S holds the square f gives it (for the double,
    one of its two squares). So the least tight sets through each square are
    closures, computed directly instead of enumerating subsets (the
    reference enumerates all 2^k subsets and gives up above 16 squares).
    ``doubles`` gives the Extreme cases where the double covers two of S
    (and only those: the plain ones are the Hard pass's, which
    :func:`rule_set_doubles` drops anyway).
    """
    alive = st.alive
    cache = b._set_cache
    if len(cache) > 20000:  # a long-lived board (hints on many positions)
        cache.clear()
    out = []
    for v, vmask in enumerate(b.number_mask):
        # what this number's analysis finds depends only on the placements
        # touching its cells, so an unchanged slice gives the same answer
        key = (v, doubles, alive & vmask)
        res = cache.get(key)
        if res is None:
            try:
                res = _set_analysis_number(b, alive, v, doubles)
            except Contradiction:
                res = False
            cache[key] = res
        if res is False:
            raise Contradiction(("set", v))
        out.extend(res)
    return out


def _set_analysis_number(b: Board, alive: int, v: int, doubles: bool):
    """:func:`_set_analysis` for the squares showing ``v``: a list of deductions."""
    n = b.n
    out = []
    sq, dom, dbl = _number_squares(b, alive, v)
    m = len(sq)
    if m < 2:
        return out

    nmemo: dict = {}

    def neigh(S, dom=dom):
        N = nmemo.get(S)
        if N is None:
            N = 0
            x = S
            while x:
                low = x & -x
                N |= dom[low.bit_length() - 1]
                x ^= low
            nmemo[S] = N
        return N

    found = _assignment(v, dom, dbl, all_pairs=doubles)
    if not found:
        raise Contradiction(("set", v))
    if doubles and not any(dbl):
        return out  # no two squares can share the double: nothing for Extreme
    vbit = 1 << v
    candidates = set()
    for owner, pair in found:
        abmask = (1 << pair[0] | 1 << pair[1]) if pair else 0
        # succ[k]: squares that own a tile (other than the double) k could take
        succ = [0] * m
        for k in range(m):
            x = dom[k] & ~vbit
            sk = 0
            while x:
                low = x & -x
                sk |= 1 << owner[low.bit_length() - 1]
                x ^= low
            succ[k] = sk

        def close(S, drop=0, succ=succ):
            todo = S
            while todo:
                low = todo & -todo
                todo ^= low
                new = succ[low.bit_length() - 1] & ~S & ~drop
                S |= new
                todo |= new
            return S

        # cl[k] = close(1 << k), the squares reachable from k, for all k at
        # once (Warshall's transitive closure on bitmask rows)
        cl = [succ[k] | (1 << k) for k in range(m)]
        for j in range(m):
            bj = 1 << j
            rj = cl[j]
            for k in range(m):
                if cl[k] & bj:
                    cl[k] |= rj
        # a union of closed sets is closed, so closures combine by "or"
        for k in range(m):
            S0 = cl[k]
            if neigh(S0) & vbit and not S0 & abmask:
                for a in pair:
                    candidates.add((S0 | cl[a], abmask))
            else:
                candidates.add((S0, abmask))
            if doubles and pair:
                candidates.add((S0 | cl[pair[0]] | cl[pair[1]], abmask))
        if doubles and pair:
            # sets holding the double's two squares that are closed except
            # for one tile y: |N| = |S| there, so the double must touch S
            # (the reference's "as many tiles as squares" case)
            for y in bits(neigh((1 << m) - 1) & ~vbit):
                o = owner[y]
                if not abmask >> o & 1:
                    candidates.add((close(abmask, drop=1 << o), abmask))
    tile_mask = b.tile_mask
    last_S, last_d = -1, None
    for S_, abmask in sorted(candidates):
        # the verdict on S does not depend on abmask: a set met again (for
        # another place of the double) repeats the verdict just found
        if S_ == last_S:
            if last_d is not None:
                out.append(last_d)
            continue
        last_S, last_d = S_, None
        # touch: alive placements meeting a square of S; both: those with
        # both cells in S (only a double can); adj: S holds two squares that
        # could share the double
        touch = both = 0
        adj = False
        x = S_
        while x:
            low = x & -x
            x ^= low
            k = low.bit_length() - 1
            if dbl[k] & S_:
                adj = True
            amk = sq[k][1]
            both |= touch & amk
            touch |= amk
        if doubles and not adj:
            continue  # a plain "set" deduction: the Hard pass reports those
        N = neigh(S_)
        nd, ns = N.bit_count(), S_.bit_count()
        if not adj:
            if nd != ns:
                continue
            nondoubles, mind = True, 1
        else:
            if not doubles:
                continue
            if nd == ns - 1:
                nondoubles, mind = True, 2
            elif nd == ns:
                nondoubles, mind = False, 1
            else:
                continue
        if nd <= 1 or nd >= n + 1:
            continue
        rm = 0
        # tiles v:x other than the double, if S owns them: every place
        # outside S goes; the double: every place with fewer than mind
        # cells in S
        if nondoubles:
            x = N & ~vbit
            while x:
                low = x & -x
                x ^= low
                rm |= alive & tile_mask[tile_index(v, low.bit_length() - 1)] & ~touch
        if N & vbit:
            rm |= alive & tile_mask[tile_index(v, v)] & ~(touch if mind == 1 else both)
        if rm:
            cells = tuple(sq[k][0] for k in bits(S_))  # ascending, as sq is
            last_d = Deduction("set-doubles" if adj else "set", EXTREME if adj else HARD,
                               -1, rm, {"number": v, "cells": cells, "others": tuple(bits(N))})
            out.append(last_d)
    return out


def _set_analysis_enumerated(b: Board, st: State, doubles: bool):
    """Set analysis by listing connected subsets (the reference's method,
    exponential); kept to cross-check :func:`_set_analysis` in the tests."""
    alive = st.alive
    n = b.n
    out = []
    for v in range(n + 1):
        sq, dom, dbl = _number_squares(b, alive, v)
        m = len(sq)
        if m < 2:
            continue
        for S_, N, adj, nd, ns in _tight_sets(n, v, dom, dbl, doubles):
            if not adj:
                if nd < ns:
                    raise Contradiction(("set", v))
                nondoubles, mind = True, 1
            else:
                if nd < ns - 1:
                    raise Contradiction(("set", v))
                if nd == ns - 1:
                    nondoubles, mind = True, 2
                elif nd == ns:
                    nondoubles, mind = False, 1
                else:
                    continue
            if nd <= 1 or nd >= n + 1:
                continue
            cells = {sq[k][0] for k in bits(S_)}
            rm = 0
            for x in bits(N):
                for p in bits(alive & b.tile_mask[tile_index(v, x)]):
                    pa, pb = b.placements[p]
                    used = (pa in cells) + (pb in cells)
                    if x == v:
                        if used < mind:
                            rm |= 1 << p
                    elif nondoubles and used == 0:
                        rm |= 1 << p
            if rm:
                out.append(Deduction("set-doubles" if adj else "set", EXTREME if adj else HARD,
                                     -1, rm, {"number": v, "cells": tuple(sorted(cells)),
                                              "others": tuple(bits(N))}))
    return out


SET_ANALYSIS = {"closure": _set_analysis, "enumerate": _set_analysis_enumerated}
_set_impl = ["closure"]


def rule_set(b: Board, st: State):
    return SET_ANALYSIS[_set_impl[0]](b, st, False)


def rule_set_doubles(b: Board, st: State):
    return [d for d in SET_ANALYSIS[_set_impl[0]](b, st, True) if d.rule == "set-doubles"]


def rule_chains(b: Board, st: State):
    """Forcing chains through cells with exactly two options."""
    alive = st.alive
    parent = {}
    parity = {}

    def find(x):
        path = []
        par = 0
        while parent.get(x, x) != x:
            path.append(x)
            par ^= parity[x]
            x = parent[x]
        # path compression
        acc = par
        for y in path:
            p = parity[y]
            parent[y] = x
            parity[y] = acc
            acc ^= p
        return x, par

    for i, m in enumerate(b.cell_mask):
        am = alive & m
        if am.bit_count() != 2:
            continue
        p = am.bit_length() - 1
        q = (am & -am).bit_length() - 1
        rp, pp = find(p)
        rq, pq = find(q)
        if rp == rq:
            if pp == pq:
                raise Contradiction(("chain", i))
            continue
        parent[rq] = rp
        parity[rq] = pp ^ pq ^ 1
    chain = {}
    for p in bits(alive):
        r, par = find(p)
        chain[p] = (r, par)
    groups = {}
    for p, c in chain.items():
        groups.setdefault(c, []).append(p)
    out = []
    # 1. a chain that would use one tile twice is false
    for c, ps in groups.items():
        seen = {}
        for p in ps:
            t = b.ptile[p]
            if t in seen:
                out.append(Deduction("chain-duplicate", EXTREME, -1, sum(1 << x for x in ps),
                                     {"tile": t, "chain": tuple(ps)}))
                break
            seen[t] = p
    if out:
        return out
    # 2. a chain that would take every option of some other cell is false
    tile_chains = {}
    for p, c in chain.items():
        tile_chains.setdefault(b.ptile[p], set()).add(c)
    for i, m in enumerate(b.cell_mask):
        am = alive & m
        if am & (am - 1) == 0:
            continue
        own = {chain[p] for p in bits(am)}
        common = None
        for p in bits(am):
            cs = tile_chains.get(b.ptile[p], set())
            common = set(cs) if common is None else common & cs
            if not common:
                break
        for c in sorted(common - own) if common else ():
            ps = groups[c]
            out.append(Deduction("chain-starves", EXTREME, -1, sum(1 << x for x in ps),
                                 {"cell": i, "chain": tuple(ps)}))
    # 3. a tile in both halves of a chain must be in one of those two places
    for t, m in enumerate(b.tile_mask):
        am = alive & m
        if am.bit_count() <= 2:
            continue
        ps = list(bits(am))
        done = False
        for j in range(len(ps)):
            for k in range(j + 1, len(ps)):
                cj, ck = chain[ps[j]], chain[ps[k]]
                if cj[0] == ck[0] and cj[1] != ck[1]:
                    keep = (1 << ps[j]) | (1 << ps[k])
                    out.append(Deduction("chain-both", EXTREME, -1, am & ~keep,
                                         {"tile": t, "pair": (ps[j], ps[k]),
                                          "chain": tuple(groups[cj] + groups[ck])}))
                    done = True
                    break
            if done:
                break
    return out


RULES = (
    (TRIVIAL, rule_tile_single),
    (TRIVIAL, rule_cell_single),
    (BASIC, rule_cell_one_tile),
    (BASIC, rule_tile_overlap),
    (BASIC, rule_local_duplicate),
    (BASIC, rule_local_duplicate2),
    (BASIC, rule_parity),
    (HARD, rule_set),
    (EXTREME, rule_set_doubles),
    (EXTREME, rule_chains),
)


def apply(b: Board, st: State, d: Deduction) -> int:
    """Apply a deduction; returns the mask of placements it newly removed (or
    ``-1`` for a commit that removed nothing but is new)."""
    place = d[2]  # d.place, d.remove: plain indexing is cheaper than the properties
    if place >= 0:
        if st.committed >> place & 1 or not st.alive >> place & 1:
            return 0
        rm = b.commit(st, place)
        return rm or -1
    rm = st.alive & d[3]
    st.alive &= ~rm
    return rm


def step(b: Board, st: State, level: int):
    """The deductions of the first rule (in order of strength) that makes
    progress, applied; returns them (empty when stuck). Raises Contradiction."""
    for lvl, rule in RULES:
        if lvl > level:
            break
        done = []
        for d in rule(b, st):
            if apply(b, st, d):
                done.append(d)
        if done:
            return done
    return []


def deduce(b: Board, st: State, level: int, record: list | None = None) -> int:
    """Run deductions up to ``level`` until stuck; returns the highest level used
    (-1 if none). Raises Contradiction when the state is impossible."""
    used = -1
    tiles = b.tiles
    while True:
        # every tile committed: no rule can tell anything more (and none
        # finds a contradiction), so skip the last round of all of them
        if st.alive == st.committed and st.alive.bit_count() == tiles:
            return used
        done = step(b, st, level)
        if not done:
            return used
        for d in done:
            if d[1] > used:  # d.level
                used = d[1]
        if record is not None:
            record.extend(done)


def propagate(b: Board, st: State) -> None:
    """Cheap propagation for search: commit every placement that is the only
    one left for its cell or its tile, to a fixed point."""
    cell_mask, tile_mask = b.cell_mask, b.tile_mask
    while True:
        alive, com = st.alive, st.committed
        changed = False
        for masks, what in ((cell_mask, "cell"), (tile_mask, "tile")):
            for m in masks:
                am = alive & m
                if not am:
                    raise Contradiction(what)
                if am & (am - 1) == 0 and not am & com:
                    b.commit(st, am.bit_length() - 1)
                    alive, com = st.alive, st.committed
                    changed = True
        if not changed:
            return


def search(b: Board, st: State, limit: int | None = None, counter: list | None = None):
    """Yield every completion of ``st`` (as an ``alive`` mask of the chosen
    placements), by propagation and branching on the cell or tile with the
    fewest options left. ``counter[0]`` counts search nodes."""
    st = st.copy()
    stack = [st]
    found = 0
    while stack:
        s = stack.pop()
        if counter is not None:
            counter[0] += 1
        try:
            propagate(b, s)
        except Contradiction:
            continue
        alive = s.alive
        if alive.bit_count() == b.tiles:
            yield alive
            found += 1
            if limit is not None and found >= limit:
                return
            continue
        best, bestc = 0, 99
        for m in b.cell_mask:
            am = alive & m
            c = am.bit_count()
            if 1 < c < bestc:
                best, bestc = am, c
                if c == 2:
                    break
        if bestc > 2:
            for m in b.tile_mask:
                am = alive & m
                c = am.bit_count()
                if 1 < c < bestc:
                    best, bestc = am, c
                    if c == 2:
                        break
        # push in reverse so the lowest placement is tried first
        for p in reversed(list(bits(best))):
            t = s.copy()
            t.alive &= ~(best & ~(1 << p))
            b.commit(t, p)
            stack.append(t)
