# The C deduction closure of Dominosa (_closurec.c, compiled by hatch_build.py): the
# record-free path of rules.deduce(), which the Python there is the reference for.
from collections.abc import Sequence

MAX_N: int

class Prepared: ...

def prepare(n: int, numbers: Sequence[int], pa: Sequence[int], pb: Sequence[int],
            ptile: Sequence[int], tix: Sequence[int], tiles: int, /) -> Prepared: ...
def deduce(prepared: Prepared, alive: int, committed: int, level: int,
           /) -> tuple[int, int, int, int, tuple[str, int] | None]: ...
