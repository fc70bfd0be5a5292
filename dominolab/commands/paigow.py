"""``dominolab paigow …``: Pai Gow with the Casino Canberra house way, exactly.

    dominolab paigow table --commission 0.05     # every distinct hand's expected value
    dominolab paigow table --differs --limit 20  # where the optimal setting beats the house way
    dominolab paigow edges --commission 4%       # the edges, beside the published ones
    dominolab paigow set 6:6 6:6 1:2 1:3         # one hand: the house way and every setting

>>> from dominolab.cli import main
>>> main(["paigow", "set", "6:6", "4:4", "4:5", "2:2"])
hand 6:6 4:4 2:2 4:5 (1 of the 3,620 distinct hands; 16 of the 35,960 hands of real tiles)
house way (Casino Canberra): low 2:2 4:5 (3) / high 6:6 4:4 (gong (Teen and an eight))
  by exception G: 3-gong with 12/2, 8, 9 and low-4
setting                                                      win   push   loss  EV at 5%
low 6:6 2:2 (6) / high 4:4 4:5 (7)                          6408   8395   5672  +0.020298
low 4:4 2:2 (2) / high 6:6 4:5 (wong (Teen and a nine))     2322  14978   3175  -0.047331
low 2:2 4:5 (3) / high 6:6 4:4 (gong (Teen and an eight))   2622  14300   3553  -0.051873 house way
optimal: low 6:6 2:2 (6) / high 4:4 4:5 (7) (+0.020298)
0
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from ..chinese import paigow_ev as ev
from ..chinese.houseway import HOUSE_WAY_NAME, HOUSE_WAY_SOURCE, house_way_rule
from ..chinese.paigow import Split, splits
from ..chinese.tiles import count_distinct_hands, count_hands, parse_chinese
from ._args import number
from ..i18n import tr


def commission(text: str) -> Fraction:
    """A commission from text: 0.05, 5%, 1/20 (see :func:`~dominolab.chinese.paigow_ev.parse_commission`)."""
    return ev.parse_commission(text)


def _pct(x: Fraction) -> str:
    return f"{100 * float(x):.4f}%"


def _ev(x: Fraction, exact: bool) -> str:
    return f"{x}" if exact else f"{float(x):+.6f}"


def _setting(s: Split) -> str:
    lo, hi = s.low.tiles, s.high.tiles
    return f"{lo[0]} {lo[1]} | {hi[0]} {hi[1]}"


def _summary(table: ev.EVTable) -> list[str]:
    c = table.commission
    w, p, lose = table.house_probabilities
    bw, bp, bl = table.best_probabilities
    published = ev.PUBLISHED_EDGES.get(c)
    pub_player = f" (published: {_pct(published[0])})" if published else ""
    pub_banker = f" (published: {_pct(published[1])})" if published else ""
    return [
        f"both sides on the house way: P(win) {float(w):.6f}, P(push) {float(p):.6f}, "
        f"P(loss) {float(lose):.6f}",
        f"  exactly: win {w}, loss {lose} (of {ev.DEALS:,} deals)",
        f"  house edge over the player: {_pct(table.player_edge_house)}{pub_player}",
        f"  house edge over a banking player: {_pct(table.banker_edge_house)}{pub_banker}",
        f"player setting every hand optimally: P(win) {float(bw):.6f}, P(push) {float(bp):.6f}, "
        f"P(loss) {float(bl):.6f}",
        f"  house edge over the player: {_pct(table.player_edge_best)}; "
        f"{sum(r.weight for r in table.rows if r.differs):,} of the 35,960 hands are set "
        "better than by the house way",
    ]


def _table(args: argparse.Namespace) -> int:
    c = commission(args.commission)
    table = ev.ev_table(c)
    rows = list(table.rows)
    if args.differs:
        rows = [r for r in rows if r.differs]
    if args.sort == "ev":
        rows.sort(key=lambda r: (-r.best_ev, r.kinds))
    elif args.sort == "gain":
        rows.sort(key=lambda r: (r.house_ev - r.best_ev, r.kinds))
    if args.limit is not None:
        rows = rows[: args.limit]
    print(f"Pai Gow: the exact expected value of every distinct hand against a banker on the "
          f"{HOUSE_WAY_NAME} house way, commission {float(c) * 100:g}% of wins")
    print(f"house way: {HOUSE_WAY_SOURCE}")
    print(f"{count_distinct_hands(4):,} distinct hands ({count_hands(4):,} of real tiles, "
          f"'ways'); each against all {ev.BANKER_HANDS:,} banker hands")
    print()
    print(f"{'hand':<16} {'ways':>4}  {'house way (low | high)':<18} {'EV':>10}  "
          f"{'optimal (low | high)':<18} {'EV':>10}")
    for r in rows:
        best = "same" if r.best == r.house else _setting(r.best_split)
        hand = " ".join(str(t) for t in r.tiles)
        print(f"{hand:<16} {r.weight:>4}  {_setting(r.house_split):<18} "
              f"{_ev(r.house_ev, args.exact):>10}  {best:<18} {_ev(r.best_ev, args.exact):>10}")
    print()
    for line in _summary(table):
        print(line)
    return 0


def _edges(args: argparse.Namespace) -> int:
    table = ev.ev_table(commission(args.commission))
    print(f"Pai Gow, {HOUSE_WAY_NAME} house way, commission "
          f"{float(table.commission) * 100:g}%:")
    for line in _summary(table):
        print(line)
    return 0


def _set(args: argparse.Namespace) -> int:
    tiles = parse_chinese(" ".join(args.tiles))
    c = commission(args.commission)
    value = ev.hand_value(tiles, c)
    chosen, why = house_way_rule(tiles)
    print(f"hand {' '.join(str(t) for t in tiles)} (1 of the 3,620 distinct hands; "
          f"{value.weight} of the 35,960 hands of real tiles)")
    print(f"house way ({HOUSE_WAY_NAME}): {chosen}")
    print(f"  by {why}")
    print(f"{'setting':<58} {'win':>5}  {'push':>5}  {'loss':>5}  EV at {float(c) * 100:g}%")
    options = []
    for s in splits(tiles):
        counts = ev.brute_counts(tiles, s) if args.brute else None
        v = ev.setting_counts(tiles, s)
        if counts is not None and counts != v:
            raise AssertionError(f"brute force {counts} != {v}")
        options.append((Fraction(v[0] * (1 - c) - v[2], ev.BANKER_HANDS), s, v))
    options.sort(key=lambda o: -o[0])
    for e, s, (w, p, lose) in options:
        mark = " house way" if s == chosen else ""
        print(f"{str(s):<58} {w:>5}  {p:>5}  {lose:>5}  {float(e):+.6f}{mark}")
    best = options[0]
    print("optimal: " + ("the house way's setting" if best[1] == chosen else str(best[1]))
          + f" ({float(best[0]):+.6f})")
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "paigow",
        help=tr("Pai Gow: the house way, exact expected values and edges"),
        description=tr("Pai Gow with Chinese dominoes: the Casino Canberra house way, and the "
        "exact expected value of every hand against a banker who sets by it."),
    )
    sub = p.add_subparsers(dest="paigow_command", metavar="WHAT", required=True)
    t = sub.add_parser("table", help=tr("the expected value of every distinct hand"))
    t.add_argument("--commission", default="0.05", help=tr("on the player's wins (default 0.05)"))
    t.add_argument("--sort", choices=["hand", "ev", "gain"], default="hand",
                   help=tr("hand order (default), best EV first, or largest gain over the house way"))
    t.add_argument("--limit", type=number(0, 3620, "--limit"), help=tr("print only the first N rows"))
    t.add_argument("--differs", action="store_true",
                   help=tr("only hands whose optimal setting beats the house way's"))
    t.add_argument("--exact", action="store_true", help=tr("expected values as exact fractions"))
    t.set_defaults(func=_table)
    e = sub.add_parser("edges", help=tr("the house edges, beside the published ones"))
    e.add_argument("--commission", default="0.05",
                   help=tr("on the player's wins: 0.05, 5%% or 1/20 (default 0.05)"))
    e.set_defaults(func=_edges)
    s = sub.add_parser("set", help=tr("one hand: the house way's setting and every setting's value"))
    s.add_argument("tiles", nargs="+", help=tr("four tiles, such as 6:6 6:6 1:2 1:3"))
    s.add_argument("--commission", default="0.05",
                   help=tr("on the player's wins: 0.05, 5%% or 1/20 (default 0.05)"))
    s.add_argument("--brute", action="store_true",
                   help=tr("also count every banker hand one by one, as a check"))
    s.set_defaults(func=_set)
