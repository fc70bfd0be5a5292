"""Counting rings: Euler circuits of tile graphs, exactly.

Counting conventions (exact integers throughout):

* :func:`count_rings` counts *rings with direction*: cyclic arrangements of
  all tiles of the double-n set, a ring and its mirror image counted
  separately, rotations of one ring counted once.
* :func:`count_lines` counts straight lines of all tiles, a line and its
  reversal counted separately. For even n every line closes (its two end
  numbers agree), so cutting a ring at one of its ``(n+1)(n+2)/2`` joints
  gives each line exactly once: ``lines = rings * size``.
* Removing the doubles from a ring leaves a directed Euler circuit of
  ``K_{n+1}`` (up to rotation); each double ``v:v`` goes back in at one of
  the ``n/2`` visits of the circuit to ``v``. So ``rings = E(K_{n+1}) *
  (n/2)^(n+1)``, where ``E`` counts Euler circuits of the simple complete
  graph as cyclic edge sequences with a direction. This ``E`` is OEIS
  A135388, "number of Eulerian circuits in the complete graph K_{2n+1}"
  (= A350028(2n+1), "Euler tours of K_n"): 2, 264, 129976320,
  911520057021235200, 257326999238092967427785160130560, … for K_3, K_5,
  K_7, K_9, K_11. Its convention is ours: the worked example there fixes
  the first edge of the tour (so rotations are not counted) and multiplies
  by 2 for the tours run backwards. A007082 lists ``E / ((n-1)!)^(2n+1)``, our
  :func:`euler_tree_sum`: 2, 264, 1015440, 90449251200, … The tests check
  our values against these. OEIS counts tours of the simple graph, without
  doubles and without a cut point; we add both factors.
  Reiss (1871) and Dudeney counted 7,959,229,931,520 lines of double-six:
  ``129976320 * 3**7 * 28``.

``E(K_N)`` comes from the BEST theorem: an Eulerian digraph ``D`` has
``t(D) * prod_v (outdeg(v) - 1)!`` Euler circuits, ``t(D)`` its number of
spanning arborescences towards any fixed root. Summing over the Eulerian
orientations of ``K_N`` (every out-degree ``k = (N-1)/2``) gives
``E = ((k-1)!)^N * C`` with ``C = sum_D t(D)``. :func:`euler_tree_sum`
computes ``C`` without listing orientations (see its docstring).

>>> count_rings(6), count_lines(6)
(284258211840, 7959229931520)
"""

from __future__ import annotations

import concurrent.futures
import math
from collections import Counter
from collections.abc import Iterator
from typing import Any

import networkx as nx

from .._exact import bareiss_det, crt, det_mod_dense, primes_below, root_of_unity
from .._stack import deep_recursion
from .._platform import can_use_processes
from ..errors import InvalidSet
from ..i18n import tr
from ..tiles import DominoSet, Tile
from .chain import _check_n
from .graph import tile_graph
from .trails import _trails

__all__ = [
    "MAX_RING_N",
    "count_rings",
    "count_lines",
    "count_rings_up_to_symmetry",
    "count_euler_circuits",
    "euler_circuits_complete",
    "euler_tree_sum",
    "ring_symmetry_table",
]


def _positive(x: Any, what: str) -> int:
    """``x`` as a whole number of 1 or more, or an InvalidSet naming ``what``."""
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise InvalidSet(f"{what} must be a whole number of 1 or more, not {x!r}")
    return x


def _circuit_graph(graph: Any) -> nx.MultiGraph:
    """A networkx graph as a multigraph, or the tile graph of a collection of tiles."""
    if isinstance(graph, nx.Graph):
        return nx.MultiGraph(graph)
    return tile_graph(graph)


@deep_recursion
def count_euler_circuits(graph: Any, method: str = "best") -> int:
    """Number of Euler circuits of a small multigraph (or of a collection of tiles).

    Circuits are counted as rings with direction: cyclic sequences of edges,
    rotations counted once, a circuit and its reverse counted separately,
    parallel edges distinguishable; a loop (a double) has no direction of its
    own. ``method="best"`` sums the BEST theorem ``t(D) * prod (outdeg - 1)!``
    over the Eulerian orientations ``D`` of the non-loop edges (loops add to
    the out-degree); ``method="brute"`` lists the circuits one by one.

    >>> count_euler_circuits(nx.complete_graph(5)), count_euler_circuits(DominoSet(2))
    (264, 2)
    >>> g = nx.MultiGraph([(0, 1), (0, 1), (1, 2), (1, 2)])
    >>> count_euler_circuits(g), count_euler_circuits(g, method="brute")
    (4, 4)

    A graph with no edges has exactly one circuit, the empty one (as OEIS
    A350028 counts K_1 and K_2 minus a matching); isolated vertices are
    ignored, and edges in two or more separate parts give 0.

    >>> count_euler_circuits(nx.empty_graph(3)), count_euler_circuits(nx.complete_graph(1))
    (1, 1)
    """
    if method not in ("best", "brute"):
        raise InvalidSet(f"method must be 'best' or 'brute', not {method!r}")
    if isinstance(graph, nx.Graph) and graph.is_directed():
        raise InvalidSet("count_euler_circuits counts circuits of undirected (multi)graphs; "
                         "convert with graph.to_undirected() if that is what you mean")
    g = _circuit_graph(graph)
    edges = [(u, v) for u, v in g.edges() if u != v]
    loops = Counter(u for u, v in g.edges() if u == v)
    if g.number_of_edges() == 0:
        return 1
    active = [v for v in g if g.degree(v) > 0]
    if any(g.degree(v) % 2 for v in active):
        return 0
    if not nx.is_connected(g.subgraph(active)):
        return 0
    if method == "brute":
        return _brute_circuits(g)
    index = {v: i for i, v in enumerate(active)}
    nv = len(active)
    deg = [0] * nv
    for u, v in edges:
        deg[index[u]] += 1
        deg[index[v]] += 1
    need = [d // 2 for d in deg]           # out-degree each vertex must get
    weight = 1
    for v in active:
        weight *= math.factorial(need[index[v]] + loops[v] - 1)
    e_idx = [(index[u], index[v]) for u, v in edges]
    out = [0] * nv
    left = deg[:]                         # undecided edges at each vertex
    chosen: list[int] = []                # tail of each edge
    total = 0

    def arborescences() -> int:
        lap = [[0] * nv for _ in range(nv)]
        for (a, b), tail in zip(e_idx, chosen):
            head = b if tail == a else a
            lap[tail][tail] += 1
            lap[tail][head] -= 1
        return bareiss_det([row[1:] for row in lap[1:]])

    def dfs(i: int) -> None:
        nonlocal total
        if i == len(e_idx):
            total += arborescences()
            return
        a, b = e_idx[i]
        left[a] -= 1
        left[b] -= 1
        for tail, head in ((a, b), (b, a)):
            out[tail] += 1
            if out[tail] <= need[tail] and out[head] + left[head] >= need[head] \
                    and out[tail] + left[tail] >= need[tail]:
                chosen.append(tail)
                dfs(i + 1)
                chosen.pop()
            out[tail] -= 1
        left[a] += 1
        left[b] += 1

    dfs(0)
    return total * weight


def _brute_circuits(g: nx.MultiGraph) -> int:
    """Count Euler circuits by listing them: fix the first edge, search the rest."""
    edges = [(u, v) for u, v, _ in g.edges(keys=True)]
    u, v = edges[0]
    rest = edges[1:]
    count = sum(1 for _ in _trails(rest, v, end=u))
    if u != v:  # the first edge run the other way
        count += sum(1 for _ in _trails(rest, u, end=v))
    return count


# -- the fast method for complete graphs -------------------------------------

def _necklaces(total: int, parts: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Compositions of ``total`` into ``parts`` parts, one per rotation class.

    Yields the lexicographically greatest rotation and the size of its class.
    """
    def rest(prefix: tuple[int, ...], left: int, k: int, cap: int) -> Iterator[tuple[int, ...]]:
        if k == 1:
            if left <= cap:
                yield prefix + (left,)
            return
        for x in range(min(left, cap), -1, -1):
            yield from rest(prefix + (x,), left - x, k - 1, cap)

    for c0 in range(total, -(-total // parts) - 1, -1):
        for c in rest((c0,), total - c0, parts - 1, c0):
            period = parts
            for s in range(1, parts):
                r = c[s:] + c[:s]
                if r > c:
                    break
                if r == c and period == parts:
                    period = s
            else:
                yield c, period


def _filter_order(nv: int) -> int:
    """How many roots of unity the filter needs for K_nv: the least odd m > (nv - 1)/2.

    A vertex's out-degree lies in 0..2k (k = (nv-1)/2); m >= k + 1 keeps every
    value other than k out of the residue class of k mod m. An odd m keeps
    w^a + w^b away from 0, so the weights 1/(x_i + x_j) exist.
    """
    k = (nv - 1) // 2
    return k + 1 if (k + 1) % 2 else k + 2


def _tree_sum_mod(nv: int, p: int, chunk: tuple[int, int] = (0, 1)) -> int:
    """``N * m^N * C mod p`` for K_nv, over the necklaces with index = chunk[0] mod chunk[1]."""
    m, k = _filter_order(nv), (nv - 1) // 2
    w = root_of_unity(m, p)
    pw = [pow(w, a, p) for a in range(m)]
    pw_inv = [pow(x, -1, p) for x in pw]
    s = [[(pw[a] + pw[b]) % p for b in range(m)] for a in range(m)]
    s_inv = [[pow(x, -1, p) for x in row] for row in s]
    fact = [math.factorial(i) for i in range(nv + 1)]
    inv_small = [0] + [pow(i, -1, p) for i in range(1, nv + 1)]
    total, total_den = 0, 1                # the sum, kept as a fraction mod p
    start, step = chunk
    for idx, (c, orbit) in enumerate(_necklaces(nv, m)):
        if idx % step != start:
            continue
        cls = [a for a in range(m) if c[a]]
        cs = [c[a] for a in cls]
        mult = fact[nv]
        for x in cs:
            mult //= fact[x]
        # P = prod over vertex pairs of (x_i + x_j)
        P = 1
        for i, a in enumerate(cls):
            ca = cs[i]
            sa = s[a]
            if ca > 1:
                P = P * pow(sa[a], ca * (ca - 1) // 2, p) % p
            for j in range(i + 1, len(cls)):
                P = P * pow(sa[cls[j]], ca * cs[j], p) % p
        # e_{N-1}(x) times the filter factor w^(-k * sum of exponents)
        expo = sum(a * ca for a, ca in zip(cls, cs))
        E = pw[((1 - k) * expo) % m] * (sum(ca * pw_inv[a] for a, ca in zip(cls, cs)) % p) % p
        # weighted spanning trees of K_N with weights 1/(x_i + x_j), vertices grouped
        # by their value: prod_a lambda_a^(c_a - 1) * tau(quotient) / prod_a c_a
        T = 1
        d = len(cls)
        for i, a in enumerate(cls):
            ca = cs[i]
            if ca > 1:
                lam = sum(cb * s_inv[a][b] for b, cb in zip(cls, cs)) % p
                T = T * pow(lam, ca - 1, p) % p
            T = T * inv_small[ca] % p
        if d > 1:
            q = [[0] * (d - 1) for _ in range(d - 1)]
            for i in range(1, d):
                a, ca = cls[i], cs[i]
                row = q[i - 1]
                diag = 0
                for j in range(d):
                    if j != i:
                        wt = ca * cs[j] * s_inv[a][cls[j]] % p
                        diag += wt
                        if j:
                            row[j - 1] = p - wt
                row[i - 1] = diag % p
            num, den = det_mod_dense(q, p)
            T = T * num % p
        else:
            den = 1
        term = orbit * mult % p * P % p * E % p * T % p
        total = (total * den + term * total_den) % p
        total_den = total_den * den % p
    return total * pow(total_den, -1, p) % p


def _tree_sum_bound(nv: int) -> int:
    """An upper bound for C(K_nv): all 2^M orientations times Cayley's nv^(nv-2) trees."""
    return 2 ** (nv * (nv - 1) // 2) * nv ** max(nv - 2, 0)


def euler_tree_sum(nv: int, *, prime_bits: int | None = None, processes: int = 1) -> int:
    """``C = sum of t(D)`` over the Eulerian orientations ``D`` of ``K_nv`` (nv odd).

    Method (a roots-of-unity filter with the weighted matrix-tree theorem):
    give vertex ``v`` a variable ``x_v`` and weight an orientation by
    ``prod x_tail``. Summing ``t_r(D) x^out(D)`` over *all* orientations, a
    spanning tree fixes its own edges (towards the root) and leaves the others
    free, so the sum is ``prod_{v != r} x_v * prod_{e}(x_i + x_j) *
    tau(1/(x_i + x_j))``, ``tau`` the weighted spanning-tree sum. Averaging
    over the root makes it symmetric; the coefficient of ``prod x_v^k`` picks
    out the Eulerian orientations. We extract it by evaluating at
    ``x_v = w^(j_v)``, ``w`` a primitive ``m``-th root of unity, and
    averaging; out-degrees lie in ``0..2k``, so ``m = k + 1`` (or ``k + 2``,
    to keep ``m`` odd so that no ``x_i + x_j`` vanishes) already separates
    ``k`` from every other out-degree. The value depends only on how many
    vertices share each power (a composition of ``nv`` into ``m`` parts) and
    is unchanged by a common shift of all ``j_v``, so one evaluation per
    necklace suffices (3,876 for K_13 instead of 13^13 points), and ``tau`` reduces
    to a determinant of size (number of distinct powers) - 1, because
    vertices with equal weights are interchangeable. All arithmetic is in the
    integers modulo primes ``p = 1 (mod m)`` whose product exceeds a bound on ``C``
    (2^edges * nv^(nv-2)); the Chinese remainder theorem gives the exact
    integer. By default one prime just above the bound is used (Python
    integers make a 200-bit prime nearly as cheap as a 60-bit one);
    ``prime_bits`` asks for several smaller primes instead. No floating point
    anywhere. The values are OEIS A007082
    (2, 264, 1015440, 90449251200, … for K_3, K_5, K_7, K_9).

    >>> [euler_tree_sum(n) for n in (1, 3, 5, 7)]
    [1, 2, 264, 1015440]
    >>> euler_tree_sum(7, prime_bits=20)  # several small primes, joined by CRT
    1015440
    """
    if isinstance(nv, bool) or not isinstance(nv, int):
        raise InvalidSet(f"the number of vertices must be a whole number, not {nv!r}")
    if nv < 1 or nv % 2 == 0:
        raise InvalidSet(f"K_{nv} has Euler circuits only for an odd number of vertices")
    processes = _positive(processes, "processes")
    if prime_bits is not None:
        prime_bits = _positive(prime_bits, "prime_bits")
    if nv == 1:
        return 1
    bound = _tree_sum_bound(nv)
    if prime_bits is None:
        prime_bits = bound.bit_length() + 2
    prime_bits = max(prime_bits, 16)  # p must exceed nv and the class sizes
    m = _filter_order(nv)
    primes: list[int] = []
    prod = 1
    for p in primes_below(1 << prime_bits, m):
        primes.append(p)
        prod *= p
        if prod > bound:
            break
    # a process pool only where processes exist (not in a browser under Pyodide)
    workers = processes if can_use_processes() else 1
    residues = []
    for p in primes:
        if workers > 1:
            with concurrent.futures.ProcessPoolExecutor(workers) as ex:
                parts = ex.map(_tree_sum_mod, [nv] * workers, [p] * workers,
                               [(i, workers) for i in range(workers)])
                r = sum(parts) % p
        else:
            r = _tree_sum_mod(nv, p)
        scale = pow(nv * pow(m, nv, p), -1, p)  # 1 / (N * m^N)
        residues.append(r * scale % p)
    return crt(residues, primes)


_COMPLETE_CACHE: dict[int, int] = {}


def euler_circuits_complete(nv: int, *, processes: int = 1) -> int:
    """Euler circuits of the complete graph K_nv (OEIS A135388 / A350028 for odd nv).

    Counted with direction, up to rotation (see the module docstring); zero
    for even ``nv`` > 2 (odd degrees).

    >>> [euler_circuits_complete(n) for n in (1, 3, 5, 7)]
    [1, 2, 264, 129976320]
    """
    if isinstance(nv, bool) or not isinstance(nv, int):
        raise InvalidSet(f"the number of vertices must be a whole number, not {nv!r}")
    if nv < 1:
        raise InvalidSet(f"K_n needs at least one vertex, got {nv}")
    processes = _positive(processes, "processes")
    if nv % 2 == 0:
        return 0
    if nv == 1:
        return 1
    if nv not in _COMPLETE_CACHE:
        k = (nv - 1) // 2
        c = euler_tree_sum(nv, processes=processes)
        _COMPLETE_CACHE[nv] = c * math.factorial(k - 1) ** nv
    return _COMPLETE_CACHE[nv]


def _brute_rings(n: int) -> int:
    """Count rings of the whole double-n set by listing them (tiny n only)."""
    # rotation: start the ring at 0:0 (a double, so its direction is free)
    rest = [(t.low, t.high) for t in DominoSet(n).tiles if t != Tile(0, 0)]
    return sum(1 for _ in _trails(rest, 0, end=0))


#: Largest even n for which :func:`count_rings` / :func:`count_lines` run the
#: fast count (double-12 takes under a second, double-16 about 40 s, double-18
#: several minutes on a 2-core machine; the work grows about five-fold per step).
MAX_RING_N = 18


def count_rings(n: int, method: str = "fast", *, processes: int = 1) -> int:
    """Number of rings (with direction) that use every tile of the double-n set.

    ``rings = E(K_{n+1}) * (n/2)^(n+1)`` for even n (doubles at the visits of
    their number); 0 for odd n, where every number shows an odd number of
    times. ``method``: ``"fast"`` (:func:`euler_tree_sum`), ``"best"`` (BEST
    summed over all Eulerian orientations of the tile graph, doubles
    included), ``"brute"`` (list every ring; n <= 4).

    >>> [count_rings(n) for n in range(7)]
    [1, 0, 2, 0, 8448, 0, 284258211840]
    >>> count_rings(4, "best"), count_rings(4, "brute")
    (8448, 8448)

    Odd n answers 0 at once for any size; even n above :data:`MAX_RING_N`
    raises :class:`~dominolab.errors.InvalidSet` rather than run for hours.
    """
    _check_n(n)
    processes = _positive(processes, "processes")
    if method not in ("fast", "best", "brute"):
        raise InvalidSet(f"method must be 'fast', 'best' or 'brute', not {method!r}")
    if n % 2 and n != 1:
        return 0
    if n > MAX_RING_N:
        raise InvalidSet(f"counting the rings of the double-{n} set is beyond this program's "
                         f"limit of double-{MAX_RING_N} (the work grows about five-fold per "
                         "step; double-18 already takes minutes)")
    if method == "brute":
        if n > 4:
            raise InvalidSet(f"listing every ring is only feasible up to double-4, not double-{n}")
        return _brute_rings(n) if n % 2 == 0 else 0
    if method == "best":
        return count_euler_circuits(DominoSet(n).tiles)
    if n == 0:
        return 1
    if n % 2:
        return 0
    return euler_circuits_complete(n + 1, processes=processes) * (n // 2) ** (n + 1)


def count_lines(n: int, method: str = "fast", *, processes: int = 1) -> int:
    """Number of straight lines (a line and its reversal both counted) of all double-n tiles.

    For even n a line of all tiles closes, so ``lines = rings * size``. For odd
    n >= 3 more than two numbers show an odd number of times: no line. (The
    double-1 set does make a line, 0:0 0:1 1:1, and its reversal.)

    >>> count_lines(6)  # Reiss 1871
    7959229931520
    >>> [count_lines(n) for n in range(5)]
    [1, 2, 12, 0, 126720]
    """
    _check_n(n)
    if n == 1:
        return 2
    rings = count_rings(n, method, processes=processes)
    return rings * ((n + 1) * (n + 2) // 2) if rings else 0    # the set is not built for 0


def ring_symmetry_table(n: int) -> list[tuple[str, int, int]]:
    """Burnside's table for the rings of all tiles of double-n: the symmetries of a
    ring of ``N`` positions grouped as (kind, how many, lines each one fixes).

    The group of the ring (``N`` turns, ``N`` flips) acts on the *lines*: a ring cut
    at a joint and read in a direction. The identity fixes every line. A turn by
    ``r ≠ 0`` fixes a line only if the tile at ``i`` equals the tile at ``i + r``; a
    flip only if the tile at ``i`` equals the tile at ``c − i`` for some ``i ≠ c − i``;
    the tiles are all different, so neither fixes any line (for ``N ≥ 3``).

    >>> ring_symmetry_table(6)
    [('identity', 1, 7959229931520), ('turns', 27, 0), ('flips', 28, 0)]
    """
    _check_n(n)
    size = DominoSet(n).size
    return [(tr("identity"), 1, count_lines(n)), (tr("turns"), size - 1, 0),
            (tr("flips"), size, 0)]


def count_rings_up_to_symmetry(n: int) -> int:
    """Rings of all tiles of the double-n set, a ring, its rotations and its mirror
    image counted once.

    By Burnside's lemma (:func:`ring_symmetry_table`): the average number of lines a
    symmetry fixes, ``count_lines(n) / (2 N)``, which is ``count_rings(n) / 2`` — the
    symmetries move every line, so each ring up to symmetry is ``2N`` lines.

    >>> count_rings_up_to_symmetry(6)
    142129105920
    >>> [count_rings_up_to_symmetry(n) for n in (0, 2, 4)]
    [1, 1, 4224]
    """
    _check_n(n)
    if n == 0:
        return 1            # one tile, 0:0: one ring, and turning it over changes nothing
    table = ring_symmetry_table(n)
    order = sum(k for _, k, _ in table)
    return sum(k * fixed for _, k, fixed in table) // order
