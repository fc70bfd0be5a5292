"""Blocks («рыба», fish): is a round blocked, which moves block it, can a side force a
block and how fast, and the fewest tiles any block of a whole set needs.

>>> from dominolab.games import new_round
>>> g = new_round("sport", hands=["0:1 6:6", "0:2 5:5", "0:0 4:4", "0:3 3:3"], leader=0)
>>> is_blocked(g)
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

from .._stack import deep_recursion
from ..errors import DominoError, OverLimit
from ..i18n import ngettext, tr
from ..limits import short_repr, whole_number
from ..tiles import DominoSet, Tile
from .leaf import INF, side_of
from .moves import Move
from .rules import RoundResult
from .search import check_solvable
from .state import GameState

__all__ = ["MAX_BLOCK_NODES", "MAX_FASTEST_BLOCK_N", "BlockProof", "BlockedLine", "FastestBlock",
           "block_value", "blocked_line", "blocking_moves", "can_force_block",
           "fastest_block", "is_blocked"]


def is_blocked(state: GameState) -> bool:
    """Is the round blocked: tiles in every hand, nothing playable, nothing drawable?

    >>> from dominolab.games import new_round
    >>> g = new_round("sport", hands=["0:1 6:6", "0:2 5:5", "0:0 4:4", "0:3 3:3"], leader=0)
    >>> is_blocked(g)
    False
    """
    if state.is_blocked():
        return True
    if state.is_over() or state.layout.is_empty() or state.can_draw_any():
        return False
    return all(state.hands[p] and not state.can_play(p) for p in range(state.players))


def block_value(state: GameState) -> RoundResult:
    """The variant's :class:`RoundResult` of a blocked round (raises if not blocked).

    >>> from dominolab.games import new_round
    >>> g = new_round("sport", hands=["1:1 0:0", "1:2 6:6", "2:2 5:5", "1:3 4:4"], leader=0)
    >>> for m in ["1:1", "1:2>R", "2:2>R", "1:3>L"]: g.play(m)
    >>> block_value(g).team_points      # pairs hold 0 + 10 and 12 + 8 pips
    [30, 0]
    """
    if not is_blocked(state):
        who = "over" if state.is_over() else f"P{state.current_player + 1} to move"
        raise DominoError(f"the position is not blocked ({who}); block_value needs a block")
    return state.result()


def blocking_moves(state: GameState) -> list[tuple[Move, RoundResult]]:
    """The legal moves that block the round at once, each with its RoundResult.

    >>> from dominolab.games import new_round
    >>> g = new_round("sport", hands=["1:1 0:6", "1:2 6:6", "2:3 5:5", "1:3 4:4"], leader=0)
    >>> for m in ["1:1", "1:2>R", "2:3>R"]: g.play(m)
    >>> [(str(m), r.team_points) for m, r in blocking_moves(g)]
    [('P4 1:3>L', [36, 0]), ('P4 1:3>R', [36, 0])]
    """
    out: list[tuple[Move, RoundResult]] = []
    st = state.copy()
    for m in list(st.legal_moves()):
        st._apply(m)
        if st.is_blocked():
            out.append((m, st.result()))
        st.undo()
    return out


@dataclass
class BlockProof:
    """Can the side to move force a block? ``forced``; ``tiles``: the fewest tiles
    (all players' plays, passes not counted) within which the block is forced;
    ``line``: one line where the side blocks that fast and the others resist
    longest; ``nodes``: positions searched."""

    forced: bool
    line: list[Move]
    nodes: int
    within: int | None = None
    tiles: int | None = None

    def __str__(self) -> str:
        w = "" if self.within is None else ngettext(
            " within {k} tile", " within {k} tiles", self.within).format(k=self.within)
        if not self.forced:
            return tr("cannot force a block{within}").format(within=w)
        k = self.tiles or 0
        return ngettext("can force a block in {k} tile{within}: {line}",
                        "can force a block in {k} tiles{within}: {line}", k).format(
                            k=k, within=w, line=" ".join(str(m) for m in self.line))


@deep_recursion
def can_force_block(state: GameState, within: int | None = None, *,
                    boneyard: str = "refuse") -> BlockProof:
    """Prove or refute that the side to move can force a block (within ``within``
    more tiles played by anyone, passes not counted), every other player resisting
    (going out or keeping the game open).

    An AND/OR search on the engine with a table keyed by (position, tiles
    left), by iterative deepening on the number of tiles, so ``tiles`` is the
    fastest forced block and ``line`` shows it against the longest resistance.

    >>> from dominolab.games import new_round
    >>> g = new_round("sport", hands=["1:1 0:6 2:4", "1:2 6:6 4:5", "2:3 5:5 0:2",
    ...                               "1:3 4:4 0:3"], leader=0)
    >>> can_force_block(g, within=5).forced
    False
    >>> p = can_force_block(g); p.tiles, " ".join(m.body() for m in p.line)
    (6, '0:6 6:6>R 0:2>L pass 2:4>L 4:5>L 5:5>L')
    """
    check_solvable(state, boneyard)
    st = state.copy()
    side = set(side_of(state, state.current_player))
    tt: dict[tuple[tuple[object, ...], int], bool] = {}
    nodes = [0]

    def wins(k):
        nodes[0] += 1
        if st.ended:
            return st.ended == "blocked"
        if k <= 0:
            return False
        key = (st.key(), k)
        r = tt.get(key)
        if r is not None:
            return r
        maxing = st.current_player in side
        res = not maxing
        for m in list(st.legal_moves()):
            st._apply(m)
            r = wins(k - (1 if m.kind == "play" else 0))
            st.undo()
            if maxing and r:
                res = True
                break
            if not maxing and not r:
                res = False
                break
        tt[key] = res
        return res

    total = sum((h).bit_count() for h in st.hands)
    limit = total if within is None else min(within, total)

    def needed(cap):
        """Fewest tiles within which the block is forced from ``st`` (None if > cap)."""
        if st.ended:
            return 0 if st.ended == "blocked" else None
        for k in range(1, cap + 1):
            if wins(k):
                return k
        return None

    k = needed(limit)
    line: list[Move] = []
    if k is not None:
        left = k
        while not st.ended:
            maxing = st.current_player in side
            best: tuple[int, Move] | None = None
            for m in list(st.legal_moves()):
                st._apply(m)
                c = 1 if m.kind == "play" else 0
                nk = needed(left - c)
                st.undo()
                if nk is None:
                    continue
                nk += c
                if best is None or (nk < best[0] if maxing else nk > best[0]):
                    best = (nk, m)
            assert best is not None     # a forced block leaves a move that keeps it
            left -= 1 if best[1].kind == "play" else 0
            st._apply(best[1])
            line.append(best[1])
    return BlockProof(k is not None, line, nodes[0], within, k)


# ----------------------------------------------------------------------------
# fastest block of a set
# ----------------------------------------------------------------------------

@dataclass
class FastestBlock:
    """``tiles``: fewest tiles on the table at a block (None: none possible); ``example``: one such layout
    (tiles in play order, each with the end it went to); ``nodes``: search size of the proof."""

    n: int
    layout: str
    tiles: int | None
    example: list[tuple[Tile, str | None]]
    nodes: int

    def __str__(self) -> str:
        if self.tiles is None:
            return (f"double-{self.n}, {self.layout}: no block is possible with all tiles "
                    f"dealt (search exhausted, {self.nodes} nodes)")
        return (f"double-{self.n}, {self.layout}: a block needs at least {self.tiles} tiles "
                f"on the table (proved by search, {self.nodes} nodes); e.g. "
                + " ".join(f"{t}" + (f">{e}" if e else "") for t, e in self.example))


#: The largest set :func:`fastest_block` takes (its search depth is at most the set's
#: size, so it stays within Python's recursion limit), and the search steps it takes by
#: default before it refuses: double-8 (a line) needs about 1.7 million (a minute).
MAX_FASTEST_BLOCK_N = 30
MAX_BLOCK_NODES = 2_500_000

_FASTEST: dict[tuple[int, str], FastestBlock] = {}


@deep_recursion
def fastest_block(n: int = 6, layout: str = "line", *, max_nodes: int = MAX_BLOCK_NODES,
                  progress: Callable[[int], None] | None = None) -> FastestBlock:
    """The fewest tiles on the table at a block, all tiles of double-``n`` dealt.

    With every tile dealt a layout is blocked exactly when every tile that
    matches an open end is already on the table (and some tile is still in a
    hand). **Line**, parity: a number ``k`` shows on ``n + 2`` tile halves; inside
    the line they pair up, so the halves of ``k`` on the table are even when
    both or neither end shows ``k`` and odd when one does. For even ``n``
    (double-six) a completed suit must therefore show on *both* ends: ends
    showing two different numbers (both suits down, ``2(n+1) - 1`` = 13 tiles
    for double-six, the naive count) cannot happen. With ``k`` on both ends the
    ``n`` tiles ``k:x`` pair up into excursions ``k:x … y:k`` away from ``k``,
    each needing at least one tile between (``x != y``), so a block needs at
    least ``n + 1 + n/2`` tiles: **10** for double-six, e.g.
    ``0:0 0:1 1:2 2:0 0:3 3:4 4:0 0:5 5:6 6:0``. For odd ``n`` it is the other
    way round: two different numbers, ``2n + 1`` tiles at least. Any such
    layout occurs in a real four-player game (deal the i-th tile to player
    i mod 4: nobody ever has to pass). The search (iterative deepening over
    layouts with these counting bounds, numbers relabelled so that the lead
    is ``0:0`` or ``0:1``) proves the minimum.

    **Four-arm** (``layout="four-arm"``): the first double is a spinner whose
    four sides are open at once (an empty side shows the double's number).
    For double-six the minimum is again 10 (the search takes about 10 s).

    The search is bounded: ``n`` at most :data:`MAX_FASTEST_BLOCK_N`, at most
    ``max_nodes`` steps (an :class:`~dominolab.errors.OverLimit` beyond);
    ``progress(nodes)`` is called every 10,000 steps (the command line draws a
    progress line from it, and Ctrl-C stops it). Answers are kept for the next call.

    >>> fb = fastest_block(4)          # double-four: 4 + 1 + 2 = 7
    >>> fb.tiles, len(fb.example)
    (7, 7)
    >>> fastest_block(3).tiles         # odd: both suits of the two ends, 2 * 3 + 1
    7
    """
    if layout not in ("line", "four-arm"):
        raise DominoError(f"layout must be 'line' or 'four-arm', not {short_repr(layout)}")
    n = whole_number(n, "n (the set)", high=MAX_FASTEST_BLOCK_N, error=OverLimit)
    max_nodes = whole_number(max_nodes, "max_nodes", low=1, high=None, error=DominoError)
    known = _FASTEST.get((n, layout))
    if known is not None and known.nodes <= max_nodes:
        return known
    ds = DominoSet(n)
    tiles = list(ds.tiles)
    size = len(tiles)
    suit = [sum(1 << t.index for t in tiles if t.has(k)) for k in range(n + 1)]
    nodes = [0]
    full = (1 << size) - 1

    def blocked(used, ends):
        if used == full:
            return False                  # nobody holds a tile: that is going out, not a block
        for e in set(ends):
            if suit[e] & ~used:
                return False
        return True

    # (the bound runs at every node: the pairs' masks and each suit's double made once)
    pairs = [suit[j] | suit[k] for j in range(n + 1) for k in range(j + 1, n + 1)]
    suits = [(k, suit[k], 1 << Tile(k, k).index) for k in range(n + 1)]
    four_arm = layout == "four-arm"

    def lower_bound(used, ends, spinner):
        # fewest more tiles to block. Ends showing two different numbers need both
        # suits complete; all ends showing one number k need the rest of suit k plus
        # one connector per excursion k:x ... y:k (a spinner still to come may save one)
        free = ~used
        if layout == "line" and n % 2 == 0:
            best = INF             # even n: a line can only block on one number
        else:
            best = min((m & free).bit_count() for m in pairs)
            if layout == "line":
                return best        # odd n: a line can only block on two numbers
        saves = four_arm and spinner is None
        count = len(ends)
        for k, sk, dk in suits:
            rest = sk & free
            D = 1 if rest & dk else 0
            U = rest.bit_count() - D
            c = count - ends.count(k)
            if U < c or (U - c) % 2:
                continue           # parity: some end cannot be brought to k
            conn = (U - c) // 2
            if saves and conn:
                conn -= 1
            if U + D + conn < best:
                best = U + D + conn
        return best

    def moves(used, ends, spinner):
        out = []
        free = [t for t in tiles if not used >> t.index & 1]
        seen = set()
        for idx, e in enumerate(ends):
            for t in free:
                if not t.has(e):
                    continue
                new = list(ends)
                new[idx] = t.other(e)
                sp = spinner
                if layout == "four-arm" and t.is_double and spinner is None:
                    new = new + [e, e]       # the first double opens two more sides
                    sp = t
                key = (t, tuple(sorted(new)))
                if key in seen:
                    continue
                seen.add(key)
                out.append((t, idx, tuple(new), sp))
        return out

    best_line: list[tuple[Tile, int | None]] = []

    def dfs(used, ends, spinner, depth, limit, path, memo):
        nodes[0] += 1
        if nodes[0] % 10_000 == 0:
            if nodes[0] > max_nodes:
                raise OverLimit(f"the fastest block of the double-{n} set ({layout}) needs more "
                                f"than {max_nodes:,} search steps (max_nodes; "
                                "dominolab.games.blocks.MAX_BLOCK_NODES by default)")
            if progress is not None:
                progress(nodes[0])
        if blocked(used, ends):
            best_line[:] = list(path)
            return True
        if depth >= limit or depth + lower_bound(used, ends, spinner) > limit:
            return False
        key = (used, tuple(sorted(ends)))
        if memo.get(key, -1) >= limit - depth:
            return False
        for t, idx, new, sp in moves(used, ends, spinner):
            path.append((t, idx))
            if dfs(used | 1 << t.index, new, sp, depth + 1, limit, path, memo):
                return True
            path.pop()
        memo[key] = limit - depth
        return False

    leads = [Tile(0, 0)] + ([Tile(0, 1)] if n >= 1 else [])
    for limit in range(1, size + 1):
        for lead in leads:
            ends: tuple[int, ...] = (lead.low, lead.high)
            sp = None
            if layout == "four-arm" and lead.is_double:
                ends = (lead.low,) * 4
                sp = lead
            memo: dict[tuple[int, tuple[int, ...]], int] = {}
            if dfs(1 << lead.index, ends, sp, 1, limit, [(lead, None)], memo):
                ex: list[tuple[Tile, str | None]] = []
                for t, idx in best_line:
                    ex.append((t, None if idx is None else
                               ("L", "R", "N", "S")[idx] if idx < 4 else str(idx)))
                found = _FASTEST[n, layout] = FastestBlock(n, layout, limit, ex, nodes[0])
                return found
    found = _FASTEST[n, layout] = FastestBlock(n, layout, None, [], nodes[0])
    return found


#: the largest set :func:`blocked_line` builds lines for: its search tries every set of
#: non-doubles with even degrees, 2^(n(n-1)/2) of them (32,768 for double-six)
MAX_BLOCKED_LINE_N = 6


@dataclass(frozen=True)
class BlockedLine:
    """A line of the double-``n`` set that is blocked with every tile dealt: ``line`` as
    ordered pairs (play order along the line), ``left`` the tiles still in the hands."""

    n: int
    line: tuple[tuple[int, int], ...]
    left: tuple[Tile, ...]

    @property
    def tiles(self) -> int:
        """How many tiles are on the table."""
        return len(self.line)

    def __str__(self) -> str:
        return " ".join(f"{a}:{b}" for a, b in self.line)


def blocked_line(tiles_left: int, n: int = 6, end: int = 0) -> BlockedLine:
    """A line that blocks with exactly ``tiles_left`` tiles still in the hands (every
    tile dealt; even ``n`` up to :data:`MAX_BLOCKED_LINE_N`), both ends showing ``end``.

    The counting of :func:`fastest_block` says what such a line is: both ends show one
    number ``k`` and all of suit ``k`` is down; the tiles left, ``R``, avoid ``k`` and
    every number shows on an even number of their halves (a double counts twice), since
    every number shows on ``n + 2`` halves in the set and on an even number on a line that
    starts and ends on ``k``. Conversely any such ``R`` works: the rest is connected
    (through suit ``k``) with even degrees, so it is one closed line from ``k`` back to
    ``k`` (Euler; Hierholzer's walk, here networkx's). The search tries the sets of
    non-doubles with even degrees (at most 2^15 for double-six), then adds doubles.
    For double-six, ``tiles_left`` can be 1 to 18 (28 − 10: the fastest block).

    >>> b = blocked_line(13)
    >>> b.tiles, len(b.left), b.line[0][0], b.line[-1][1]
    (15, 13, 0, 0)
    >>> blocked_line(18).tiles          # the fastest block: 10 tiles
    10
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 2 or n % 2:
        raise DominoError(f"blocked_line builds lines of an even double-n set (n ≥ 2), "
                          f"not n = {short_repr(n)}")
    if n > MAX_BLOCKED_LINE_N:
        raise OverLimit(f"blocked_line searches sets of double-n up to n = "
                        f"{MAX_BLOCKED_LINE_N} (MAX_BLOCKED_LINE_N), not n = {n}")
    if isinstance(end, bool) or not isinstance(end, int) or not 0 <= end <= n:
        raise DominoError(f"end must be a number 0 … {n}, not {short_repr(end)}")
    if isinstance(tiles_left, bool) or not isinstance(tiles_left, int) or tiles_left < 1:
        raise DominoError(f"tiles_left must be a whole number of 1 or more (a block leaves "
                          f"tiles in the hands), not {short_repr(tiles_left)}")
    ds = DominoSet(n)
    others = [v for v in range(n + 1) if v != end]
    doubles = [Tile(v, v) for v in others]
    edges = [Tile(a, b) for i, a in enumerate(others) for b in others[i + 1:]]
    found: list[Tile] | None = None
    for mask in range(1 << len(edges)) if tiles_left <= len(edges) + len(doubles) else ():
        chosen = [e for i, e in enumerate(edges) if mask >> i & 1]
        extra = tiles_left - len(chosen)
        if not 0 <= extra <= len(doubles):
            continue
        deg = dict.fromkeys(others, 0)
        for t in chosen:
            deg[t.low] += 1
            deg[t.high] += 1
        if all(d % 2 == 0 for d in deg.values()):
            found = chosen + doubles[:extra]
            break
    if found is None:
        most = ds.size - (n + 1 + n // 2)
        raise DominoError(f"no line of the double-{n} set blocks with {tiles_left} tiles "
                          f"left (with every tile dealt it can be 1 to {most})")
    left = set(found)
    g: nx.MultiGraph[int] = nx.MultiGraph()
    for t in ds:
        if t not in left:
            g.add_edge(t.low, t.high)
    line = tuple((a, b) for a, b, _ in nx.eulerian_circuit(g, source=end, keys=True))
    return BlockedLine(n, line, tuple(sorted(found)))
