"""Tiles as a graph: numbers are vertices, tiles are edges, doubles are loops.

>>> g = tile_graph("0:1 1:1 1:2")
>>> sorted(g.degree()), g.number_of_edges()
([(0, 1), (1, 4), (2, 1)], 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Any

import networkx as nx

from ..errors import InvalidTile
from ..tiles import Hand, Tile
from .chain import _number, as_tiles

__all__ = ["tile_graph", "graph_tiles", "degrees"]


def tile_graph(tiles: Any, *, numbers: Iterable[int] | None = None) -> nx.MultiGraph:
    """The tiles as a multigraph: numbers are vertices, tiles are edges, doubles loops.

    Each edge carries its tile as the ``tile`` attribute (and as its key).
    ``numbers`` adds vertices that no tile shows (e.g. all of 0..n).

    >>> g = tile_graph("0:1 1:1 1:2")
    >>> sorted(g.degree()), g.number_of_edges()
    ([(0, 1), (1, 4), (2, 1)], 3)
    >>> str(graph_tiles(g))
    '0:1 1:1 1:2'
    """
    hand = as_tiles(tiles, distinct=False)
    g: nx.MultiGraph = nx.MultiGraph()
    if numbers is not None:
        try:
            extra = [_number(v, "a number to show") for v in numbers]
        except TypeError:
            raise InvalidTile(f"numbers must be a list of numbers such as range(7), "
                              f"not {numbers!r}") from None
        g.add_nodes_from(extra)
    copies: Counter[Tile] = Counter()
    for t in hand:
        key: Hashable = t if copies[t] == 0 else (t, copies[t])
        copies[t] += 1
        g.add_edge(t.low, t.high, key=key, tile=t)
    return g


def graph_tiles(graph: nx.Graph) -> Hand:
    """The tiles of a (multi)graph whose vertices are numbers, in canonical order."""
    if not isinstance(graph, nx.Graph):
        raise InvalidTile(f"graph_tiles needs a networkx graph, not {type(graph).__name__}")
    tiles = []
    for u, v in graph.edges():
        a = _number(u, f"vertex {u!r} of the graph")
        b = _number(v, f"vertex {v!r} of the graph")
        tiles.append(Tile(a, b))
    return Hand(sorted(tiles))


def degrees(tiles: Any) -> dict[int, int]:
    """How many tile ends show each number (a double counts twice).

    >>> degrees("0:1 1:1 1:2")
    {0: 1, 1: 4, 2: 1}
    """
    deg: Counter[int] = Counter()
    for t in as_tiles(tiles, distinct=False):
        deg[t.low] += 1
        deg[t.high] += 1
    return dict(sorted(deg.items()))


def _components(tiles: Any) -> list[Hand]:
    """The connected groups of tiles (joined through shared numbers), by smallest number.

    >>> [str(h) for h in _components("0:1 3:4 1:2")]
    ['0:1 1:2', '3:4']
    """
    hand = as_tiles(tiles, distinct=False)
    g = tile_graph(hand)
    parts = []
    for comp in sorted(nx.connected_components(g), key=min):
        parts.append(Hand(sorted(t for t in hand if t.low in comp)))
    return parts
