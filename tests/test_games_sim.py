"""Invariant-checked simulation of every variant, with scores recomputed independently.

Each move is checked: it is among the legal moves; after it every tile is in
exactly one place, pips are conserved, the line is connected, "blocked" holds
exactly when nobody can move; undo restores the position. Each round's score
is recomputed here from the final hands by a separate, plain reading of the
rules (docs/rules.md), not by the engine's scoring code.

``make test`` plays 100 seeded rounds per variant (and more through matches and
options), ``make sweeps`` 200 more of each check on another seed; the soak run
(``-m slow``, ``make soak``) plays 100,000 rounds per variant.
"""

import os

import pytest

from dominolab.games import Record

from dominolab.games.variants import LINE_VARIANTS
from dominolab.games.simulate import simulate

from .games_helpers import finisher as _finisher
from .games_helpers import hands as _hands
from .games_helpers import pips as _pips
from .games_helpers import teams as _teams
from .repo_state import shares

ROUNDS = 100  # make sweeps plays MORE on the next seed, make soak DOMINOLAB_SOAK_ROUNDS
MORE = 200    # (100,000) per variant
SOAK = int(os.environ.get("DOMINOLAB_SOAK_ROUNDS", "100000"))




def expect_all_pips(g):
    """Sport (and Cuban's winner-takes-all option): out -> the winning pair takes all pips
    left; blocked -> the lighter pair takes all; equal -> nothing."""
    hands = _hands(g)
    total = sum(_pips(h) for h in hands)
    side = [_pips(hands[0]) + _pips(hands[2]), _pips(hands[1]) + _pips(hands[3])]
    f = _finisher(hands)
    if f is not None:
        return [total, 0] if f % 2 == 0 else [0, total]
    if side[0] == side[1]:
        return [0, 0]
    return [total, 0] if side[0] < side[1] else [0, total]


def expect_cuban(g):
    """Cuban, «Очки начисляются только тем, кто заход не выиграл»: the pair that did not win
    records its own pips; a block with equal pips is won by nobody: both record."""
    if g.rules.opt("points") == "winner_takes_all":
        return expect_all_pips(g)
    hands = _hands(g)
    side = [_pips(hands[0]) + _pips(hands[2]), _pips(hands[1]) + _pips(hands[3])]
    f = _finisher(hands)
    if f is not None:
        won = f % 2
    else:
        won = None if side[0] == side[1] else (0 if side[0] < side[1] else 1)
    return [0 if t == won else side[t] for t in (0, 1)]


def expect_classic(g):
    hands = _hands(g)
    f = _finisher(hands)
    n = len(hands)
    out = [0] * n
    if f is not None:
        vals = [25 if [str(t) for t in h] == ["0:0"] else _pips(h) for h in hands]
        out[f] = sum(vals)
        return out
    vals = [_pips(h) for h in hands]
    fish = g.rules.opt("fish")
    if fish == "fisherman":          # the player who made the block takes every pip
        blocker = [m.player for m in g.history if m.kind == "play"][-1]
        out[blocker] = sum(vals)
        return out
    low = min(vals)
    if vals.count(low) > 1:
        return out
    w = vals.index(low)
    out[w] = sum(vals) - low - (0 if fish == "others" else low)
    return out


def expect_kozel(g):
    hands = _hands(g)
    teams = _teams(g)
    side = [sum(_pips(hands[p]) for p in t) for t in teams]
    f = _finisher(hands)
    if f is not None:
        return [0 if f in t else side[i] for i, t in enumerate(teams)]
    low = min(side)
    out = [0 if v == low else v for v in side]
    if side.count(low) > 1 and max(side) > low:
        # the tied lightest give eggs; a heavier side in the same block takes them at once
        # (the heaviest, the first in seat order on a tie)
        out[side.index(max(side))] += low * side.count(low)
    return out


def expect_morskoy(g):
    hands = _hands(g)
    teams = _teams(g)

    def value(h):
        names = sorted(str(t) for t in h)
        return {("0:0",): 25, ("6:6",): 50, ("0:0", "6:6"): 12}.get(tuple(names), _pips(h))

    side = [sum(value(hands[p]) for p in t) for t in teams]
    lead = [str(t) for t in g.history[0].tiles]
    fast = {"6:6": 50, "0:0": 75}.get(lead[0]) if len(lead) == 1 else None
    extra = len(lead) == 2
    f = _finisher(hands)
    zero = [0] * len(teams)
    if f is None and (fast or extra):
        return zero
    cand = [i for i, t in enumerate(teams) if f not in t]
    top = max(side[i] for i in cand)
    losers = [i for i in cand if side[i] == top]
    if len(losers) > 1:
        return zero
    last = {str(t) for t in g.history[-1].tiles} if f is not None else set()
    amount = fast or top
    if "6:6" in last and "0:0" not in last:
        amount = 100
    zero[losers[0]] = amount
    return zero


def expect_general(g):
    hands = _hands(g)
    f = _finisher(hands)
    if f is None:
        return [0, 0]
    last = {str(t) for t in g.history[-1].tiles}
    out = [0, 0]
    if g.rules.opt("only_both"):
        makes = {"0:0", "6:6"} <= last
    elif g.rules.opt("only_zero"):
        makes = "0:0" in last
    else:
        makes = bool(last & {"0:0", "6:6"})
    if makes:
        out[(f + 1) % 4 % 2] = 1
    return out


def expect_semyorka(g):
    vals = [sum(10 if t.low == t.high else t.low + t.high for t in h) for h in _hands(g)]
    top = max(vals)
    return [1 if v == top else 0 for v in vals]


EXPECT = {"classic": expect_classic, "kozel": expect_kozel, "morskoy_kozel": expect_morskoy,
          "sport": expect_all_pips, "cuban": expect_cuban, "general": expect_general,
          "semyorka": expect_semyorka}


def score_check(g, res):
    errs = []
    want = EXPECT[g.rules.name](g)
    if res.team_points != want:
        errs.append(f"{g.rules.name} scored {res.team_points}, independent reading {want}: "
                    f"{res.reason}\n{Record.from_state(g).to_text()}")
    per_team = [sum(res.points[p] for p in t) for t in res.teams]
    if per_team != res.team_points:
        errs.append(f"points per player {res.points} do not add up to {res.team_points}")
    return errs


def test_every_variant_has_an_independent_scorer():
    assert set(EXPECT) == set(LINE_VARIANTS)


#: (rounds, seed offset): make test's share of each simulation, and make sweeps' rest, played
#: on the next seed
PLAYED = shares((ROUNDS, 0), (MORE, 1))


@pytest.mark.parametrize("variant", sorted(LINE_VARIANTS))
@pytest.mark.parametrize("share", PLAYED)
def test_simulation_invariants_and_scores(variant, share):
    rounds, shift = share
    rep = simulate(variant, rounds=rounds, seed=2026 + shift, bots="mixed",
                   score_check=score_check)
    assert rep["violations"] == []
    assert rep["rounds"] == rounds
    assert sum(rep["ends"].values()) == rounds
    assert rep["ends"].get("out", 0) > 0


@pytest.mark.parametrize("variant", ["kozel", "morskoy_kozel", "sport", "semyorka"])
@pytest.mark.parametrize("share", PLAYED)
def test_simulation_through_matches(variant, share):
    """Rounds dealt by matches: later leads, eggs, fast and extraordinary leads, elimination."""
    rounds, shift = share
    rep = simulate(variant, rounds=rounds, seed=7 + shift, bots="mixed", via_match=True)
    assert rep["violations"] == []


@pytest.mark.parametrize("share", PLAYED)
def test_simulation_pairs_option(share):
    """Four-player Kozel and Morskoy kozel are pairs by default; each for himself is the
    option."""
    rounds, shift = share
    for variant in ("kozel", "morskoy_kozel"):
        rep = simulate(variant, rounds=rounds, seed=3 + shift, players=4, bots="mixed",
                       pairs=False, score_check=score_check)
        assert rep["violations"] == []


@pytest.mark.parametrize("variant, options", [
    ("classic", {"fish": "others"}), ("classic", {"fish": "fisherman"}),
    ("cuban", {"points": "winner_takes_all"}), ("general", {"only_both": True}),
    ("general", {"only_zero": True}), ("semyorka", {"two_after_three": False}),
    ("semyorka", {"rematch": True})])
@pytest.mark.parametrize("share", PLAYED)
def test_simulation_of_the_options(variant, options, share):
    """The options of docs/rules.md, played with invariants and scored independently."""
    rounds, shift = share
    rep = simulate(variant, rounds=rounds, seed=5 + shift, bots="mixed",
                   score_check=score_check, **options)
    assert rep["violations"] == [] and rep["ends"].get("out", 0) > 0


@pytest.mark.parametrize("share", shares((1000, 0), (2000, 1)))
def test_sport_scoring_thousands_of_rounds_fast_path(share):
    """Sport scoring against the standard statement on thousands more rounds (no per-move
    checks)."""
    rounds, shift = share
    rep = simulate("sport", rounds=rounds, seed=99 + shift, bots="random", check=False,
                   score_check=score_check)
    assert rep["violations"] == [] and rep["ends"]["blocked"] > 0


def test_check_invariants_catches_a_corrupted_state():
    from dominolab.games import new_game
    from dominolab.games.simulate import check_invariants

    g = new_game("kozel", seed=1)
    assert check_invariants(g) == []
    g.hands[0] |= g.hands[1] & -g.hands[1]          # one tile now in two hands
    assert any("two places" in e for e in check_invariants(g))


def test_check_invariants_judges_a_block_with_the_boneyard():
    # no hand fits the ends: the round is blocked only when no tile left to draw fits either
    from dominolab import DominoSet
    from dominolab.games import new_round
    from dominolab.games.simulate import check_invariants

    def played(hands, plays):
        dealt = " ".join(hands).split()
        bone = " ".join(str(t) for t in DominoSet(6).tiles if str(t) not in dealt)
        g = new_round("classic", hands=hands, boneyard=bone, leader=0)
        for tile, end in plays:
            g.play(next(m for m in g.legal_moves() if m.kind == "play" and str(m.tile) == tile
                        and end in (None, m.end)))
        return g

    # 1:1 led, no 1 in P2's hand, the other 1s in the boneyard: P2 can draw one that fits
    g = played(["1:1 2:2 3:3 4:4 5:5 6:6 2:5", "0:2 0:3 0:4 0:5 0:6 2:3 2:4"], [("1:1", None)])
    assert not g.ended and g.can_draw_any() and check_invariants(g) == []
    g.ended = "blocked"
    assert "marked blocked but someone can move" in check_invariants(g)
    # both ends 0 and the whole suit of 0 on the table: blocked with 14 tiles still to draw
    g = played(["0:0 1:2 0:3 0:4 5:6 1:1 2:2", "0:1 0:2 3:4 0:5 0:6 3:3 4:4"],
               [("0:0", None), ("0:1", "R"), ("1:2", "R"), ("0:2", "R"), ("0:3", "L"),
                ("3:4", "L"), ("0:4", "L"), ("0:5", "L"), ("5:6", "L"), ("0:6", "L")])
    assert g.ended == "blocked" and g.can_draw_any() and check_invariants(g) == []
    g.ended = None
    assert "nobody can move but the round is not marked blocked" in check_invariants(g)

@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(LINE_VARIANTS))
def test_soak(variant, request):
    if "slow" not in (request.config.getoption("-m") or ""):
        pytest.skip("soak run: select it with -m slow (make soak)")
    rep = simulate(variant, rounds=SOAK, seed=1, bots="mixed", score_check=score_check)
    assert rep["violations"] == [] and rep["rounds"] == SOAK
