# The C node loop of the cross search (_crossc.c, compiled by hatch_build.py).
from typing import Any

class Searcher:
    nodes: int
    entries: int
    def __init__(self, compact: Any, one_value: bool, /) -> None: ...
    def search(self, sid: int, p: int, alpha: int, beta: int, k_low: int, k_high: int,
               /) -> int: ...
    def bounds(self, /) -> tuple[int, int] | None: ...
