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
                         tr("counting the hands of {hand} from the double-{n} set")
                         .format(hand=args.hand, n=args.n))
    total = C.hand_count(args.hand, args.n)
    p = C.deal_probability(event, **kw)
    # work out the table figure before printing anything, so a bad --players or
    # --trials fails with one error line and no half-printed answer
    table = None
    if args.players is not None:
        try:
            q = C.table_probability(event, players=args.players, **kw)
            table = tr("at least one of {players} hands: {q} ≈ {approx:.4g} (exact)").format(
                players=args.players, q=q, approx=float(q))
        except C.TooLarge:
            q = C.simulate_table(event, players=args.players, trials=args.trials,
                                 seed=args.seed, **kw)
            table = tr("at least one of {players} hands: ≈ {approx:.4g} (simulated, {trials} "
                       "deals, seed {seed}; too large to count exactly)").format(
                players=args.players, approx=float(q), trials=args.trials, seed=args.seed)
    print(f"{event}: {tr(C.EVENTS[event][1])}"
          + (f" (k={args.k})" if args.k is not None else "")
          + (tr(" (tile {tile})").format(tile=args.tile) if args.tile is not None else ""))
    print(tr("hands of {hand} from the double-{n} set: {hits} of {total}").format(
        hand=args.hand, n=args.n, hits=hits, total=total))
    odds = (tr(" (about 1 in {k})").format(k=round(1 / p)) if 0 < p <= Fraction(1, 2)
            else "")
    print(tr("probability {p} ≈ {approx:.4g}{odds}").format(p=p, approx=float(p), odds=odds))
    if table is not None:
        print(table)
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "deal-probability",
        help=tr("exact probability that a dealt hand has a property"),
        description=tr("Exact probability that a hand dealt from a double-n set has EVENT. "
        "Events: ") + "; ".join(k + ": " + tr(v[1]) for k, v in C.EVENTS.items()),
    )
    p.add_argument("event", metavar="EVENT", help=tr("one of: ") + ", ".join(C.EVENTS))
    p.add_argument("--hand", type=number(0, 5151, "--hand"), default=7,
                   help=tr("tiles in the hand (default 7)"))
    p.add_argument("--n", type=number(0, MAX_N, "--n"), default=6,
                   help=tr("the set: double-n (default 6, at most {max})").format(max=MAX_N))
    p.add_argument("--k", type=number(0, 5151, "--k"), default=None,
                   help=tr("threshold for doubles_at_least / suit_at_least"))
    p.add_argument("--tile", default=None, help=tr("the tile for tile_in_hand, e.g. 6:6"))
    p.add_argument("--players", type=number(1, 8, "--players"), default=None,
                   help=tr("also: chance that at least one of this many hands has it "
                        "(exact when small enough, otherwise simulated)"))
    p.add_argument("--trials", type=number(1, 10_000_000, "--trials"), default=20_000,
                   help=tr("deals to simulate when the table is too large to count (default 20000)"))
    p.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=0,
                   help=tr("random seed for that simulation"))
    p.set_defaults(func=_run)
