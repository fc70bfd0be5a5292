"""``dominolab deal-probability EVENT``: exact odds of a dealt hand.

>>> from dominolab.cli import main
>>> main(["deal-probability", "all_doubles"])
all_doubles: every tile of the hand is a double
hands of 7 from the double-6 set: 1 of 1184040
probability 1/1184040 ≈ 8.446e-07 (about 1 in 1184040)
0
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from .. import combinatorics as C
from ..i18n import tr
from ..limits import MAX_N
from ._args import number, with_progress


def _run(args: argparse.Namespace) -> int:
    event = args.event
    if event not in C.EVENTS:  # validate first, so a bad name fails before any work
        raise C.UnknownEvent(f"unknown event {event!r}; valid events: {', '.join(C.EVENTS)}")
    kw = {"hand_size": args.hand, "n": args.n, "k": args.k, "tile": args.tile}
    hits = with_progress(lambda report: C.count_hands(event, **kw),
                         f"counting the hands of {args.hand} from the double-{args.n} set")
    total = C.hand_count(args.hand, args.n)
    p = C.deal_probability(event, **kw)
    # work out the table figure before printing anything, so a bad --players or
    # --trials fails with one error line and no half-printed answer
    table = None
    if args.players is not None:
        try:
            q = C.table_probability(event, players=args.players, **kw)
            table = f"at least one of {args.players} hands: {q} ≈ {float(q):.4g} (exact)"
        except C.TooLarge:
            q = C.simulate_table(event, players=args.players, trials=args.trials,
                                 seed=args.seed, **kw)
            table = (f"at least one of {args.players} hands: ≈ {float(q):.4g} "
                     f"(simulated, {args.trials} deals, seed {args.seed}; too large to count "
                     "exactly)")
    print(f"{event}: {C.EVENTS[event][1]}" + (f" (k={args.k})" if args.k is not None else "")
          + (f" (tile {args.tile})" if args.tile is not None else ""))
    print(f"hands of {args.hand} from the double-{args.n} set: {hits} of {total}")
    odds = f" (about 1 in {round(1 / p)})" if 0 < p <= Fraction(1, 2) else ""
    print(f"probability {p} ≈ {float(p):.4g}{odds}")
    if table is not None:
        print(table)
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "deal-probability",
        help=tr("exact probability that a dealt hand has a property"),
        description="Exact probability that a hand dealt from a double-n set has EVENT. "
        "Events: " + "; ".join(f"{k}: {v[1]}" for k, v in C.EVENTS.items()),
    )
    p.add_argument("event", metavar="EVENT", help="one of: " + ", ".join(C.EVENTS))
    p.add_argument("--hand", type=number(0, 5151, "--hand"), default=7,
                   help="tiles in the hand (default 7)")
    p.add_argument("--n", type=number(0, MAX_N, "--n"), default=6,
                   help=f"the set: double-n (default 6, at most {MAX_N})")
    p.add_argument("--k", type=number(0, 5151, "--k"), default=None,
                   help="threshold for doubles_at_least / suit_at_least")
    p.add_argument("--tile", default=None, help="the tile for tile_in_hand, e.g. 6:6")
    p.add_argument("--players", type=number(1, 8, "--players"), default=None,
                   help="also: chance that at least one of this many hands has it "
                        "(exact when small enough, otherwise simulated)")
    p.add_argument("--trials", type=number(1, 10_000_000, "--trials"), default=20_000,
                   help="deals to simulate when the table is too large to count (default 20000)")
    p.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=0,
                   help="random seed for that simulation")
    p.set_defaults(func=_run)
