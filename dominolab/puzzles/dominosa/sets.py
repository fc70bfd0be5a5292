"""Set analysis for Dominosa (Tatham's Hard level, and Extreme with the double).

Squares S showing one number v with only |S| tiles between them (a tight set
in Hall's sense) must take exactly those tiles, so those tiles go nowhere
else. :func:`_set_analysis` finds every such set in polynomial time from one
perfect assignment of squares to tiles; :func:`_set_analysis_enumerated`
lists connected subsets the way the reference does (exponential) and is kept
to cross-check it (the tests switch ``_set_impl[0]`` between the two).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .board import EXTREME, HARD, BitLists, Board, Contradiction, Deduction, State, bits, tile_index

__all__ = ["SET_ANALYSIS", "SET_WORK_LIMIT", "rule_set", "rule_set_doubles", "set_mask"]

SET_WORK_LIMIT = 50000  # connected subsets examined per number and call (a safety cap)

#: (owner square of each tile v:x or -1, the two squares of the double or None)
Assignment = tuple[list[int], tuple[int, int] | None]

#: in ``Board.set_cache`` and ``Board.set_mask_cache``: the number's squares have no
#: perfect assignment
_NO_ASSIGNMENT: Any = object()
T = TypeVar("T")


def _tight_sets(n: int, v: int, dom: list[int], dbl: list[int],
                doubles: bool) -> list[tuple[int, int, bool, int, int]]:
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


def _number_squares(b: Board, alive: int,
                    v: int) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Open squares showing ``v`` (two or more options), the other numbers
    each can pair with (bitmask ``dom``) and, per square, the open squares it
    can share the double v:v with (bitmask ``dbl``, local indices)."""
    sq = []
    dom = []
    cell_mask, cell_live, numbers = b.cell_mask, b.cell_live, b.numbers
    for c in b.cells_of[v]:
        am = alive & cell_mask[c]
        if am.bit_count() > 1:
            d = 0
            for o, _ in cell_live[c][am]:  # the live neighbours, no test each
                d |= 1 << numbers[o]
            sq.append((c, am))
            dom.append(d)
    # the pairs of squares that can share the double are its live places
    # (both cells show v), looked up after the loop: most numbers' double
    # has one or two places left, so this costs less than a test per
    # neighbour in the loop
    dbl = [0] * len(sq)
    dd = alive & b.tile_mask[b._tix[v * (b.n + 2)]]  # the double v:v
    if dd:
        local = {c: k for k, (c, _) in enumerate(sq)}
        pa, pb, bit = b._pa, b._pb, b._bit
        while dd:
            q = dd.bit_length() - 1  # (highest first: the order does not matter)
            dd ^= bit[q]
            ka = local.get(pa[q])
            kb = local.get(pb[q])
            if ka is not None and kb is not None:
                dbl[ka] |= 1 << kb
                dbl[kb] |= 1 << ka
    return sq, dom, dbl


def _augment(k: int, domv: list[int], owner: list[int], seen: list[bool],
             bl: BitLists) -> bool:
    """Kuhn's step: give square k a tile, moving other squares along
    (``domv[k]`` the tiles other than the double k could take, ``owner[x]``
    the square holding tile v:x or -1, ``seen[x]`` whether this search has
    visited tile x; ``bl`` the board's ``bit_lists``). The tiles are tried
    lowest first, those a deeper step visited skipped as they come."""
    for t in bl[domv[k]]:
        if seen[t]:
            continue
        seen[t] = True
        o = owner[t]
        if o < 0 or _augment(o, domv, owner, seen, bl):
            owner[t] = k
            return True
    return False


def _assignment(bl: BitLists, v: int, dom: list[int], dbl: list[int], all_pairs: bool = False,
                start: Assignment | None = None) -> list[Assignment] | None:
    """A perfect assignment of the open v-squares to the open v-tiles: every
    tile v:x (x != v) to one square, the double to two squares that can share
    it. Returns a list of (owner of each x or -1, (a, b) squares of the double or
    None): one assignment, or with ``all_pairs`` one for every place of the
    double that allows one; empty when there is none (no solution).
    ``start``: the first assignment, found before (by a call without
    ``all_pairs``): only the places of the double after its own are tried.
    ``bl``: the board's ``bit_lists``.
    Kuhn's augmenting paths, written out because the graphs have at most
    n+2 squares and networkx would cost more than the search itself."""
    m = len(dom)
    vbit = 1 << v
    nvbit = ~vbit
    xs = 0
    for d in dom:
        xs |= d
    need_double = bool(xs & vbit)
    if m != (xs & nvbit).bit_count() + (2 if need_double else 0):
        return None
    pairs: Iterable[tuple[int, int] | None] = (None,)
    if need_double:
        # the places of the double, (k, j) with k < j, in order (made as
        # they are tried: for one assignment the first usually does)
        pairs = ((k, j) for k in range(m) for j in bl[dbl[k]] if j > k)
    if start is not None:
        listed = list(pairs)
        pairs = listed[listed.index(start[1]) + 1:]
    result: list[Assignment] = [start] if start is not None else []
    size = max(xs.bit_length(), v + 1)
    domv = [d & nvbit for d in dom]
    for pair in pairs:
        owner = [-1] * size
        a, c = pair if pair else (-1, -1)
        for k in range(m):
            if k == a or k == c:
                continue
            # Kuhn's first move, written out: the lowest tile k could take,
            # when free, is k's (most squares get one this way)
            x = domv[k]
            if x:
                t = bl[x][0]
                if owner[t] < 0:
                    owner[t] = k
                    continue
            if not _augment(k, domv, owner, [False] * size, bl):
                break
        else:
            result.append((owner, pair))
            if not all_pairs:
                break
    return result


def _set_analysis(b: Board, st: State, doubles: bool) -> list[Deduction]:
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
    out: list[Deduction] = []
    for res in _by_number(b, b.set_cache, st.alive, doubles, _set_analysis_number):
        out.extend(res)
    return out


def _by_number(b: Board, cache: dict[Any, Any], alive: int, doubles: bool,
               compute: Callable[[Board, int, int, bool], T]) -> Iterator[T]:
    """``compute(b, alive, v, doubles)`` for every number ``v`` in turn, kept in ``cache``:
    what a number's analysis finds depends only on the placements touching its cells,
    so an unchanged slice of ``alive`` gives the same answer. A number with no
    assignment raises Contradiction (kept too, and raised again when met)."""
    if len(cache) > 20000:  # a long-lived board (hints on many positions)
        cache.clear()
    for v, vmask in enumerate(b.number_mask):
        key = (v, doubles, alive & vmask)
        res = cache.get(key)
        if res is None:
            try:
                res = compute(b, alive, v, doubles)
            except Contradiction:
                res = _NO_ASSIGNMENT
            cache[key] = res
        if res is _NO_ASSIGNMENT:
            raise Contradiction(("set", v))
        yield res


def _set_analysis_number(b: Board, alive: int, v: int, doubles: bool) -> list[Deduction]:
    """:func:`_set_analysis` for the squares showing ``v``: a list of deductions."""
    found = _set_candidates(b, alive, v, doubles)
    if found is None:
        return []
    sq, dom, dbl, candidates = found
    out: list[Deduction] = []
    last_S, last_d = -1, None
    for S_, rm, adj, N in _set_verdicts(b, alive, v, doubles, sq, dom, dbl,
                                        [S_ for S_, _ in sorted(candidates)]):
        # the verdict on S does not depend on abmask: a set met again (for
        # another place of the double) repeats the deduction just found
        if S_ != last_S or last_d is None:
            cells = tuple(sq[k][0] for k in bits(S_))  # ascending, as sq is
            last_S, last_d = S_, Deduction("set-doubles" if adj else "set",
                                           EXTREME if adj else HARD, -1, rm,
                                           {"number": v, "cells": cells, "others": tuple(bits(N))})
        out.append(last_d)
    return out


def _set_mask_number(b: Board, alive: int, v: int, doubles: bool) -> int:
    """What :func:`_set_analysis_number` rules out (the union of its
    deductions; with ``doubles`` only those of the sets where the double
    covers two squares, the ones :func:`rule_set_doubles` keeps): each
    distinct set once, in no order."""
    found = _set_candidates(b, alive, v, doubles)
    if found is None:
        return 0
    sq, dom, dbl, candidates = found
    rm = 0
    for _, r, _, _ in _set_verdicts(b, alive, v, doubles, sq, dom, dbl,
                                    {S_ for S_, _ in candidates}):
        rm |= r
    return rm


def set_mask(b: Board, alive: int, doubles: bool) -> int:
    """What :func:`rule_set` (``doubles`` false) or :func:`rule_set_doubles`
    rules out, for :func:`~.rules.deduce` without a record: the union of
    their deductions, number by number, without building them; the same
    Contradiction. A number's answer is kept by its slice of ``alive``, as
    :func:`_set_analysis` keeps its deductions."""
    if _set_impl[0] != "closure":  # the tests' cross-check of the two methods
        rm = 0
        for d in SET_ANALYSIS[_set_impl[0]](b, State(alive), doubles):
            if doubles and d.rule != "set-doubles":
                continue
            rm |= d.remove
        return rm & alive
    rm = 0
    for r in _by_number(b, b.set_mask_cache, alive, doubles, _set_mask_number):
        rm |= r
    return rm & alive


Squares = list[tuple[int, int]]


def _set_candidates(b: Board, alive: int, v: int, doubles: bool
                    ) -> tuple[Squares, list[int], list[int], set[tuple[int, int]]] | None:
    """The squares of ``v``, their ``dom`` and ``dbl`` (see
    :func:`_number_squares`) and the candidate sets ``(S, mask of the
    double's two squares in the assignment that gave S)`` of
    :func:`_set_analysis`; None when there are none. Raises Contradiction
    when the squares have no perfect assignment."""
    # the Hard and the Extreme pass on one state share the squares and the
    # first assignment (the Extreme pass runs when the Hard one found nothing)
    key = (v, alive & b.number_mask[v])
    shared = b.square_cache.get(key)
    if shared is None:
        sq, dom, dbl = _number_squares(b, alive, v)
        first = None
    else:
        sq, dom, dbl, first = shared
    m = len(sq)
    if m < 2:
        return None

    if doubles and not any(dbl):
        # no two squares can share the double: nothing for Extreme, but no
        # assignment at all is still a contradiction (one tells)
        if first is None and not _assignment(b.bit_lists, v, dom, dbl):
            raise Contradiction(("set", v))
        return None
    found: list[Assignment] | None
    if first is not None:
        # (with ``start`` the first is in the answer: never None or empty)
        found = (_assignment(b.bit_lists, v, dom, dbl, all_pairs=True, start=first) if doubles
                 else [first])
        assert found
    else:
        found = _assignment(b.bit_lists, v, dom, dbl, all_pairs=doubles)
        if not found:
            raise Contradiction(("set", v))
        if len(b.square_cache) > 20000:
            b.square_cache.clear()
        b.square_cache[key] = (sq, dom, dbl, found[0])
    vbit = 1 << v
    nv = ~vbit
    n = b.n
    bl = b.bit_lists
    # the squares that could take the double: S needs the double iff it meets them
    dv = 0
    for k in range(m):
        if dom[k] & vbit:
            dv |= 1 << k
    candidates: set[tuple[int, int]] = set()
    for owner, pair in found:
        abmask = (1 << pair[0] | 1 << pair[1]) if pair else 0
        # succ[k]: k and the squares that own a tile (other than the double)
        # k could take (every open tile has an owner)
        succ = []
        for k in range(m):
            sk = 1 << k
            for t in bl[dom[k] & nv]:
                sk |= 1 << owner[t]
            succ.append(sk)
        # cl[k]: the closure of {k} under succ, the squares reachable from
        # k, level by level on small ints (m <= n + 2 bits; one int holding
        # every row and Warshall's steps on it cost more at these sizes)
        cl = []
        for k in range(m):
            S = succ[k]
            new = S ^ 1 << k
            while new:
                acc = 0
                for j in bl[new]:
                    acc |= succ[j]
                new = acc & ~S
                S |= new
            cl.append(S)
        # a union of closed sets is closed, so closures combine by "or"
        if not doubles:
            # the Hard pass: a set tells something only when |N| = |S|, 2..n
            # squares (see _set_verdicts), and these sets are closed, so N is
            # the tiles their squares own (all but the double's two squares
            # own one) and the double when S meets dv: the counts are known
            # here, and the sets that fail them are left out (squares of
            # one strongly connected part share a closure: each once)
            for S0 in set(cl):
                if S0 & dv and not S0 & abmask:  # (neigh(S0) & vbit, without the union)
                    for a in pair or ():  # (the double is open: pair is not None)
                        S1 = S0 | cl[a]
                        if (S1 & abmask).bit_count() == 1 and 1 < S1.bit_count() <= n:
                            candidates.add((S1, abmask))
                elif (S0 & abmask).bit_count() == (1 if S0 & dv else 0) \
                        and 1 < S0.bit_count() <= n:
                    candidates.add((S0, abmask))
            continue
        for S0 in set(cl):
            if S0 & dv and not S0 & abmask:  # (neigh(S0) & vbit, without the union)
                for a in pair or ():  # (the double is open: pair is not None)
                    candidates.add((S0 | cl[a], abmask))
            else:
                candidates.add((S0, abmask))
            if pair:
                candidates.add((S0 | cl[pair[0]] | cl[pair[1]], abmask))
        if doubles and pair:
            # sets holding the double's two squares that are closed except
            # for one tile y: |N| = |S| there, so the double must touch S
            # (the reference's "as many tiles as squares" case)
            every = 0  # every tile some square could take
            for d in dom:
                every |= d
            for y in bits(every & ~vbit):
                o = owner[y]
                if not abmask >> o & 1:
                    # the closure of abmask under succ, never entering o
                    keep = ~(1 << o)
                    S = todo = abmask
                    while todo:
                        low = todo & -todo
                        todo ^= low
                        new = succ[low.bit_length() - 1] & ~S & keep
                        S |= new
                        todo |= new
                    candidates.add((S, abmask))
    return sq, dom, dbl, candidates


def _set_verdicts(b: Board, alive: int, v: int, doubles: bool, sq: Squares, dom: list[int],
                  dbl: list[int], sets: Iterable[int]) -> list[tuple[int, int, bool, int]]:
    """``(S, what S rules out, whether two squares of S could share the
    double, neigh(S))`` for each candidate set S of ``sets`` (in their
    order, a set met again repeating its verdict) that rules something out."""
    n = b.n
    out: list[tuple[int, int, bool, int]] = []
    vbit = 1 << v
    tile_mask, bl = b.tile_mask, b.bit_lists
    tix, vrow = b._tix, v * (n + 1)  # tix[vrow + x] == tile_index(v, x)
    last_S, last_v = -1, None
    for S_ in sets:
        if S_ == last_S:
            if last_v is not None:
                out.append(last_v)
            continue
        last_S, last_v = S_, None
        members = bl[S_]
        # the counts decide most sets before the squares are looked at:
        # without the double sharing two squares of S only |N| = |S| can
        # tell anything, with it (Extreme only) |N| = |S| - 1 or |S|
        N = 0  # neigh(S_), written out (each set is met once here)
        for k in members:
            N |= dom[k]
        nd, ns = N.bit_count(), len(members)
        if nd <= 1 or nd >= n + 1 or nd > ns or nd < ns - 1 or (nd < ns and not doubles):
            continue
        # touch: alive placements meeting a square of S; both: those with
        # both cells in S (only a double can); adj: S holds two squares that
        # could share the double
        touch = 0
        if not doubles:
            # the Hard pass: |N| = |S| here, and a set where the double
            # could cover two squares is the Extreme pass's
            for k in members:
                if dbl[k] & S_:
                    break
                touch |= sq[k][1]
            else:
                # every tile of N (the double too) goes where it misses S
                tm = 0
                for x in bl[N]:
                    tm |= tile_mask[tix[vrow + x]]
                rm = alive & tm & ~touch
                if rm:
                    last_v = (S_, rm, False, N)
                    out.append(last_v)
            continue
        both = 0
        adj = False
        for k in members:
            if dbl[k] & S_:
                adj = True
            amk = sq[k][1]
            both |= touch & amk
            touch |= amk
        if not adj:
            continue  # a plain "set" deduction: the Hard pass reports those
        if nd == ns - 1:
            nondoubles, mind = True, 2
        elif nd == ns:
            nondoubles, mind = False, 1
        else:
            continue
        rm = 0
        # tiles v:x other than the double, if S owns them: every place
        # outside S goes; the double: every place with fewer than mind
        # cells in S
        if nondoubles:
            tm = 0
            for x in bl[N & ~vbit]:
                tm |= tile_mask[tix[vrow + x]]
            rm = alive & tm & ~touch
        if N & vbit:
            rm |= alive & tile_mask[tix[vrow + v]] & ~(touch if mind == 1 else both)
        if rm:
            last_v = (S_, rm, adj, N)
            out.append(last_v)
    return out


def _set_analysis_enumerated(b: Board, st: State, doubles: bool) -> list[Deduction]:
    """Set analysis by listing connected subsets (the reference's method,
    exponential); kept to cross-check :func:`_set_analysis` in the tests."""
    alive = st.alive
    n = b.n
    out: list[Deduction] = []
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


SET_ANALYSIS: dict[str, Callable[[Board, State, bool], list[Deduction]]] = {"closure": _set_analysis, "enumerate": _set_analysis_enumerated}
_set_impl = ["closure"]


def rule_set(b: Board, st: State) -> list[Deduction]:
    """Hard: k squares of one number with only k tiles between them own those tiles."""
    return SET_ANALYSIS[_set_impl[0]](b, st, False)


def rule_set_doubles(b: Board, st: State) -> list[Deduction]:
    """Extreme: set analysis where the double may cover two of the squares."""
    return [d for d in SET_ANALYSIS[_set_impl[0]](b, st, True) if d.rule == "set-doubles"]
