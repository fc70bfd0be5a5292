"""``dominolab tournament VARIANT --bots a,b,… --deals N``: a duplicate tournament.

Every pair of the named bots plays the same seeded deals, each deal once per
seating (the bots' sides swapped), and the table gives each bot's points per
deal against the field and every pair's margin, with 95% t-intervals over the
deals (:mod:`dominolab.games.duplicate` says how), then an Elo-like rating of each bot
with its 95% bootstrap interval (:mod:`dominolab.games.rating`); ``--match 101`` adds each
pair's chance to win a match to 101, simulated from the rounds played.

>>> from dominolab.cli import main
>>> main(["tournament", "sport", "--bots", "random,heuristic", "--deals", "20", "--seed", "3"])
Sport dominoes — спортивное домино: duplicate tournament, 20 deals × 2 seatings, 4 players, seed 3
margin = points per deal for the first bot; 95% t-interval over deals
<BLANKLINE>
bot             vs the field          95% interval
heuristic             +18.82      [+10.03, +27.62]
random                -18.82      [-27.62, -10.03]
<BLANKLINE>
pair                            margin          95% interval  verdict
random vs heuristic             -18.82      [-27.62, -10.03]  random worse
<BLANKLINE>
Elo-like rating: Bradley–Terry on deals won (a halved deal counts half), mean 1500 (only differences mean anything: +400 wins 10 deals to 1);
95% percentile-bootstrap interval over the 20 deals (200 resamples)
<BLANKLINE>
bot             rating        95% interval
heuristic         1640        [1551, 1823]
random            1360        [1177, 1449]
0
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import DominoError
from ..games import bots, get_rules
from ..games.moves import MAX_PLAYERS
from ..games.duplicate import MAX_DEALS, MAX_LADDER_BOTS, ladder, match_chance, seatings
from ..games.rating import ratings
from ..games.variants import VARIANTS
from ..i18n import tr
from ..limits import short_repr
from ._args import number, with_progress


def _bot_names(spec: str) -> list[str]:
    names = [k.strip() for k in spec.split(",") if k.strip()]
    if not 2 <= len(names) <= MAX_LADDER_BOTS:
        raise DominoError(f"--bots names 2 to {MAX_LADDER_BOTS} bots, comma-separated, "
                          f"not {len(names)} ({short_repr(spec)})")
    for k in names:
        if k not in bots.BOTS:
            raise DominoError(f"--bots: unknown bot {short_repr(k)}; bots: {', '.join(bots.BOTS)}")
    if len(set(names)) != len(names):
        raise DominoError(f"--bots names a bot twice ({short_repr(spec)}): each bot plays "
                          f"against itself only in the interval check, not in a ladder")
    return names


def _tournament(args: argparse.Namespace) -> int:
    rules = get_rules(args.variant, **({"pairs": True} if args.pairs else {}))
    n = args.players or rules.default_players
    rules.hand_size(n)                         # a player count the game has, or an error
    names = _bot_names(args.bots)              # before any work
    pairs = len(names) * (len(names) - 1) // 2
    total = pairs * args.deals * len(seatings(len(rules.teams_for(n))))
    lad = with_progress(
        lambda report: ladder(rules, names, deals=args.deals, seed=args.seed, players=n,
                              progress=report),
        f"tournament {rules.name}", total=total, unit="round")
    print(lad.table())
    print()
    print(ratings(lad, seed=args.seed).table())
    if args.match is not None:
        print(f"\nchance the first bot wins a match to {args.match} (simulated from the plays "
              f"above, 2000 matches, Wilson 95% interval; match rules beyond the target "
              f"not simulated)")
        for (a, b), r in lad.pairs.items():
            c = match_chance(r, args.match, seed=args.seed)
            print(f"  {a + ' vs ' + b:<26}{100 * c.mean:>7.1f}%   "
                  f"[{100 * c.low:.1f}%, {100 * c.high:.1f}%]")
    return 0


def register(sub: Any) -> None:
    names = ", ".join(sorted(VARIANTS))
    p = sub.add_parser("tournament", help=tr("a duplicate tournament of bots with 95%% intervals"),
                       description=tr("Every pair of bots plays the same seeded deals with the "
                                   "seats swapped (duplicate play, so the luck of the deal "
                                   "cancels); prints points per deal with 95% t-intervals. "
                                   "Variants: ") + names)
    p.add_argument("variant", metavar="VARIANT", help=tr("one of: ") + names)
    p.add_argument("--bots", default="random,greedy,heuristic",
                   help=tr("2 to 8 bots, comma-separated, from: ") + ", ".join(bots.BOTS)
                        + tr(" (default random,greedy,heuristic)"))
    p.add_argument("--deals", type=number(2, MAX_DEALS, "--deals"), default=200,
                   help=tr("deals per pair of bots (default 200, at most {max})").format(max=MAX_DEALS))
    p.add_argument("--seed", type=number(0, 2 ** 62, "--seed"), default=1,
                   help=tr("random seed of the deals and the bots (default 1)"))
    p.add_argument("--players", type=number(1, MAX_PLAYERS, "--players"), default=None,
                   help=tr("number of players (default: the game's usual number)"))
    p.add_argument("--pairs", action="store_true", help=tr("four players as two pairs"))
    p.add_argument("--match", type=number(1, 10_000, "--match"), default=None, metavar="TARGET",
                   help=tr("also the chance to win a match to TARGET points (101, 125, 200)"))
    p.set_defaults(func=_tournament)
