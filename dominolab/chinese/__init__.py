"""Chinese dominoes: the 32-tile set, Pai Gow (the house way, exact expected values) and
Tien Gow (the four-player trick-taking game).

Modules: ``tiles`` (the set, names, suits, ranks, counts), ``paigow`` (hand values and
ranking, splits, the outcome of a deal), ``houseway`` (the Casino Canberra house way),
``paigow_ev`` (exact expected values of every hand against a house-way banker),
``tiengow`` (the engine) and ``tiengow_bots`` (bots and invariant-checked simulation).
Their rules, each with its source, are in the rules reference ``docs/rules.md``.
"""

from .houseway import HOUSE_WAY_NAME, HOUSE_WAY_SOURCE, house_way, house_way_rule
from .paigow import PaiGowHand, Split, settle, splits
from .paigow_ev import EVTable, HandValue, brute_counts, ev_table, hand_value
from .tiengow import TienGow, TienGowMatch, TienGowMove, TienGowResult, classify, describe_set
from .tiengow_bots import RandomBot, RuleBot, check_invariants, make_bot, simulate
from .tiles import (
    CHINESE_SET,
    CIVIL,
    MILITARY,
    SUIT_NAMES,
    ChineseSet,
    ChineseTile,
    chinese_tile,
    count_distinct_hands,
    count_hands,
    parse_chinese,
    red_pips,
)

__all__ = [
    "PaiGowHand",
    "Split",
    "splits",
    "settle",
    "house_way",
    "house_way_rule",
    "HOUSE_WAY_NAME",
    "HOUSE_WAY_SOURCE",
    "EVTable",
    "HandValue",
    "ev_table",
    "hand_value",
    "brute_counts",
    "TienGow",
    "TienGowMatch",
    "TienGowMove",
    "TienGowResult",
    "classify",
    "describe_set",
    "RandomBot",
    "RuleBot",
    "make_bot",
    "simulate",
    "check_invariants",
    "CHINESE_SET",
    "CIVIL",
    "MILITARY",
    "SUIT_NAMES",
    "ChineseSet",
    "ChineseTile",
    "chinese_tile",
    "count_distinct_hands",
    "count_hands",
    "parse_chinese",
    "red_pips",
]
