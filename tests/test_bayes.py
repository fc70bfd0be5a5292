"""Lesson 15's numbers, and games.bayes, against brute force: the deals of the unseen tiles
listed one by one (itertools, no inference code), on the lesson's position and on random
small positions; the simulation against the exact count."""

from __future__ import annotations

import json
import math
import pathlib
import random
import re
from fractions import Fraction
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab import DominoSet, Tile
from dominolab.errors import DominoError, InvalidPosition, InvalidTile, OverLimit
from dominolab.games import new_round
from dominolab.games.bayes import (BONE, Estimate, bayes_table, beliefs, estimate_by_rejection,
                                   forget_passes, hand_problem)
from dominolab.games.inference import Knowledge, knowledge
from dominolab.render.bayes import beliefs_svg
from dominolab.teach import exercise
from dominolab.teach.course import l15_passes as L

REPO = pathlib.Path(__file__).resolve().parents[1]


# ------------------------------------------------------------------ the brute force


def _deals(unseen, sizes, excluded):
    """Every deal of ``unseen`` into hands of ``sizes`` (a dict place -> size, in order;
    the last place takes what is left), as dicts place -> frozenset; ``excluded`` (place
    -> numbers) prunes a hand as soon as it is chosen. Written without the inference
    module: plain combinations."""
    places = list(sizes)

    def rec(i, left):
        if i == len(places) - 1:
            q = places[i]
            if len(left) == sizes[q] and not any(
                    t.low in excluded.get(q, ()) or t.high in excluded.get(q, ()) for t in left):
                yield {q: frozenset(left)}
            return
        q = places[i]
        bad = excluded.get(q, frozenset())
        for hand in combinations(left, sizes[q]):
            if any(t.low in bad or t.high in bad for t in hand):
                continue
            rest = [t for t in left if t not in hand]
            for more in rec(i + 1, rest):
                more[q] = frozenset(hand)
                yield more

    yield from rec(0, list(unseen))


def _brute(unseen, sizes, excluded, place, tile):
    """(all deals, with tile at place, consistent, consistent with tile at place)."""
    counts = [0, 0, 0, 0]
    for d in _deals(unseen, sizes, {}):
        there = tile in d[place]
        ok = all(not (t.low in excluded.get(q, ()) or t.high in excluded.get(q, ()))
                 for q, h in d.items() for t in h)
        counts[0] += 1
        counts[1] += there
        counts[2] += ok
        counts[3] += ok and there
    return tuple(counts)


# ------------------------------------------------------------------ the lesson's position


def test_the_lesson_position_is_the_deal_and_the_pass_it_says():
    g = L.position()
    assert g.history[-1].kind == "pass"
    k = L.view()
    assert len(k.unseen) == 19 and k.sizes == [6, 6, 6, 7]
    assert k.excluded[L.PASSER] == {3, 5} and k.excluded[1] == k.excluded[2] == frozenset()
    assert g.team_of[L.PARTNER] == g.team_of[L.PASSER] != g.team_of[L.VIEWER]
    # P4 really holds none of them (the pass was forced), and the position is what the
    # notebook prints
    assert not any(t.has(3) or t.has(5) for t in g.hand(L.PASSER))
    marked = [t for t in k.unseen if t.has(3) or t.has(5)]
    assert marked == [Tile(3, 3), Tile(3, 4), Tile(3, 5), Tile(4, 5)]
    seen = set(DominoSet(6)) - set(k.unseen)
    assert seen == set(g.hand(0)) | {Tile(5, 5), Tile(5, 6), Tile(3, 6)}


def _lesson_counts():
    """P4's possible hands listed, and for each the splits of the other 12 tiles between
    P2 and P3 (six each): every consistent deal (5,945,940 of them) is a P4 hand and a
    split. The 924 splits of 12 places are listed once, with how many of them give P2
    each place; a P4 hand's deals are counted from that list (the same for every hand:
    only which place holds 3:5 or 4:4 changes), not listed again for each hand."""
    k = L.view()
    unseen = list(k.unseen)
    splits = list(combinations(range(12), 6))
    to_p2 = Counter(i for hand2 in splits for i in hand2)    # place -> splits giving it P2
    c35 = c44 = p4_44 = consistent = 0
    hands4 = 0
    for hand4 in combinations(unseen, 7):
        if any(t.has(3) or t.has(5) for t in hand4):
            continue
        hands4 += 1
        rest = [t for t in unseen if t not in hand4]
        assert len(rest) == 12
        has44 = Tile(4, 4) in hand4
        i35 = rest.index(Tile(3, 5))
        i44 = rest.index(Tile(4, 4)) if not has44 else -1
        consistent += len(splits)
        p4_44 += has44 * len(splits)
        c35 += to_p2[i35]
        c44 += to_p2[i44]
    return hands4, consistent, c35, c44, p4_44


def test_every_number_of_the_lesson_by_listing_the_deals():
    hands4, consistent, c35, c44, p4_44 = _lesson_counts()
    k = L.view()
    t = bayes_table(k, 1, Tile(3, 5))
    free = forget_passes(k)
    # 15.2: P4's possible hands
    assert hands4 == math.comb(15, 7) == 6435 == exercise("15.2").answer_kind.reference()
    # the consistent deals and the posterior of 15.4
    assert consistent == t.consistent == k.count() == 5_945_940
    assert Fraction(c35, consistent) == t.posterior == Fraction(1, 2)
    assert t.consistent_with_tile == c35 == 2_972_970
    # 15.6 and the exit ticket: 4:4 in P2's hand 4/15, in P4's 7/15
    assert Fraction(c44, consistent) == bayes_table(k, 1, Tile(4, 4)).posterior == \
        Fraction(4, 15)
    assert Fraction(p4_44, consistent) == bayes_table(k, 3, Tile(4, 4)).posterior == \
        Fraction(7, 15)
    # all deals (the prior's denominator): 19!/(6! 6! 7!)
    assert t.deals == free.count() == math.factorial(19) // (
        math.factorial(6) ** 2 * math.factorial(7)) == 46_558_512


def test_prior_evidence_and_likelihood_by_listing_hands():
    """The prior and the two chances of the pass, by listing the hands they are about
    (each extends to the same number of deals of the other tiles)."""
    k = L.view()
    unseen = list(k.unseen)
    t = bayes_table(k, 1, Tile(3, 5))
    # prior: P2's hands of 6 of the 19 that hold 3:5
    hands2 = list(combinations(unseen, 6))
    assert Fraction(sum(Tile(3, 5) in h for h in hands2), len(hands2)) == t.prior == \
        Fraction(6, 19) == exercise("15.1").answer_kind.reference()
    # evidence: P4's hands of 7 of the 19 with no 3 and no 5
    hands4 = list(combinations(unseen, 7))
    clean = sum(not any(x.has(3) or x.has(5) for x in h) for h in hands4)
    assert Fraction(clean, len(hands4)) == t.evidence == Fraction(165, 1292) == \
        Fraction(6435, 50388) == exercise("15.3").answer_kind.reference()
    # likelihood: 3:5 in P2's hand, P4's 7 of the other 18
    others = [x for x in unseen if x != Tile(3, 5)]
    hands4 = list(combinations(others, 7))
    clean = sum(not any(x.has(3) or x.has(5) for x in h) for h in hands4)
    assert Fraction(clean, len(hands4)) == t.likelihood == Fraction(55, 272) == \
        Fraction(6435, 31824) == exercise("15.5").answer_kind.reference()
    # Bayes' rule, and the prior/posterior of the free tile
    assert t.likelihood * t.prior / t.evidence == t.posterior
    t44 = bayes_table(k, 1, Tile(4, 4))
    assert t44.prior == Fraction(6, 19) and t44.likelihood * t44.prior / t44.evidence == \
        t44.posterior
    assert bayes_table(k, 3, Tile(4, 4)).prior == Fraction(7, 19)


def test_the_hints_list_the_tiles_they_name():
    k = L.view()
    hints = exercise("15.8").spec.hints

    def tiles(text):
        return sorted(Tile.parse(x) for x in re.findall(r"\d:\d", text))

    assert tiles(hints[0]) == sorted(set(DominoSet(6)) - set(k.unseen))     # P1 sees these
    assert tiles(hints[1]) == sorted(t for t in k.unseen if not (t.has(3) or t.has(5)))
    assert len(tiles(hints[1])) == 15
    assert tiles(exercise("15.2").spec.hints[1]) == [Tile(3, 3), Tile(3, 4), Tile(3, 5),
                                                     Tile(4, 5)]


def test_the_exercises_give_the_lesson_s_numbers_and_catch_the_usual_mistake():
    assert exercise("15.4").answer_kind.reference() == Fraction(1, 2)
    assert exercise("15.6").answer_kind.reference() == Fraction(4, 15)
    ignored = exercise("15.6").check(Fraction(6, 19))
    assert not ignored.ok and "constrains the passer's hand" in ignored.message
    assert "prior" in exercise("15.4").check("6/19").message
    # a student's variant of 15.6 asks about another free tile, with the same answer
    for seed in range(1, 6):
        e = exercise("15.6", seed=seed)
        tile = Tile.parse(e.params["tile"])
        assert not (tile.has(3) or tile.has(5)) and e.answer_kind.reference() == \
            Fraction(4, 15)
    assert exercise("15.7").check(Fraction(1, 2)).ok
    assert not exercise("15.7").check(Fraction(6, 19)).ok
    w = exercise("15.8")
    assert w.check("0:0 0:1 0:2 0:4 0:6 1:1 1:2").ok            # P4's real hand
    assert "passed on" in w.check("0:0 0:1 0:2 0:4 0:6 1:1 4:5").message
    assert "can see" in w.check("0:0 0:1 0:2 0:4 0:6 1:1 0:3").message
    assert "twice" in w.check("0:0 0:0 0:2 0:4 0:6 1:1 1:2").message


def test_the_second_pass_by_listing_the_deals():
    """Exercise 15.9 and the notebook's two-pass cell: every consistent deal listed."""
    g = L.second_position()
    assert [str(m) for m in g.history[-1:]] == ["P2 pass"]
    k = L.second_view()
    assert len(k.unseen) == 16 and k.sizes == [4, 5, 5, 6]
    assert k.excluded[1] == {0} and k.excluded[3] == {3, 5}
    zeros = [t for t in k.unseen if t.has(0)]
    marked = [t for t in k.unseen if t.has(3) or t.has(5)]
    assert len(zeros) == 4 == len(marked) and not set(zeros) & set(marked)   # "the four 0s"
    sizes = {3: 6, 1: 5, 2: 5}
    excluded = {1: k.excluded[1], 3: k.excluded[3]}
    deals = list(_deals(k.unseen, sizes, excluded))
    p2 = sum(Tile(3, 5) in d[1] for d in deals)
    p3 = sum(Tile(3, 5) in d[2] for d in deals)
    t = bayes_table(k, 1, Tile(3, 5))
    assert len(deals) == t.consistent == 63_672
    assert Fraction(p2, len(deals)) == t.posterior == Fraction(668, 1137)
    assert Fraction(p3, len(deals)) == bayes_table(k, 2, Tile(3, 5)).posterior == \
        Fraction(469, 1137)
    assert t.posterior > Fraction(1, 2) and round(float(t.posterior), 2) == 0.59
    assert t.prior == Fraction(5, 16) and t.likelihood * t.prior / t.evidence == t.posterior
    assert exercise("15.9").answer_kind.reference() == "a"
    assert "0s" in exercise("15.9").check("b").message
    est = estimate_by_rejection(k, 1, Tile(3, 5), trials=20_000, seed=15)   # the notebook's
    assert est.contains(t.posterior)


def test_the_simulation_agrees_within_its_interval():
    k = L.view()
    t = bayes_table(k, 1, Tile(3, 5))
    est = estimate_by_rejection(k, 1, Tile(3, 5), trials=20_000, seed=15)   # the notebook's
    assert est.trials == 20_000 and est.contains(t.posterior)
    # 15.7's solution: about one deal in eight kept, some 2,500, standard error about 0.01
    assert 2_400 < est.accepted < 2_600 and abs(est.standard_error - 0.01) < 0.001
    assert abs(t.evidence - Fraction(1, 8)) < Fraction(1, 100)
    # the share of deals kept estimates the evidence: within four standard errors
    p = float(t.evidence)
    assert abs(float(est.acceptance) - p) < 4 * math.sqrt(p * (1 - p) / est.trials)
    # the exercise's tolerance is about five standard errors of such an estimate
    assert exercise("15.7").check(est.value).ok


def test_the_notebook_states_the_computed_numbers():
    nb = json.loads((REPO / "notebooks" / L.LESSON.notebook).read_text(encoding="utf-8"))
    out = "\n".join("".join(o.get("text", "")) for c in nb["cells"] if c["cell_type"] == "code"
                    for o in c["outputs"])
    t = bayes_table(L.view(), 1, Tile(3, 5))
    for text in (f"{t.deals:,}", f"{t.consistent:,}", f"{t.consistent_with_tile:,}",
                 f"prior {t.prior}", f"likelihood {t.likelihood}", f"evidence {t.evidence}",
                 f"posterior {t.posterior}", "by binomials: 1/2", "inside the interval: True",
                 "exact inside: True"):
        assert text in out, text
    source = "\n".join("".join(c["source"]) for c in nb["cells"])
    assert "HANDS" in source and "MOVES" in source


# ------------------------------------------------------------------ small positions


def _small_knowledge(seed: int) -> tuple[Knowledge, dict[int, int], dict[int, frozenset]]:
    """A random position from one seat: double-3 or double-4, three other hands, maybe
    tiles in no hand, each other player excluded from 0-2 numbers."""
    rng = random.Random(seed)
    n = rng.choice((3, 4))
    tiles = list(DominoSet(n))
    rng.shuffle(tiles)
    unseen = sorted(tiles[:rng.randint(6, 9)])
    players = 4
    sizes = [0] * players
    left = len(unseen)
    bone = rng.randint(0, 2)
    for q in (1, 2, 3):
        sizes[q] = (left - bone) // 3
    sizes[3] += (left - bone) - 3 * ((left - bone) // 3)
    bone = left - sum(sizes)
    sizes[0] = 3
    excluded = [frozenset(rng.sample(range(n + 1), rng.randint(0, 2))) if q else frozenset()
                for q in range(players)]
    k = Knowledge(0, players, unseen, sizes, excluded, bone, n)
    place_sizes = {q: sizes[q] for q in (1, 2, 3)}
    place_sizes[BONE] = bone
    return k, place_sizes, {q: excluded[q] for q in (1, 2, 3)}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 2, 3, BONE]))
def test_bayes_table_against_listing_every_deal(seed, place):
    k, sizes, excluded = _small_knowledge(seed)
    tile = random.Random(seed).choice(k.unseen)
    all_, with_, cons, cons_with = _brute(k.unseen, sizes, excluded, place, tile)
    if place == BONE and not sizes[BONE]:
        return
    if cons == 0:
        with pytest.raises(InvalidPosition):
            bayes_table(k, place, tile)
        return
    t = bayes_table(k, place, tile)
    assert (t.deals, t.deals_with_tile, t.consistent, t.consistent_with_tile) == \
        (all_, with_, cons, cons_with)
    assert t.posterior == k.probability(place, tile)
    if t.deals_with_tile:
        assert t.likelihood * t.prior / t.evidence == t.posterior
    row = dict(beliefs(k))[tile]
    assert row[place] == (t.prior, t.posterior)


def test_rejection_sampling_matches_the_count_on_a_small_position():
    for seed in range(60):
        k, sizes, excluded = _small_knowledge(seed)
        if k.count() and any(excluded.values()) and k.sizes[1]:
            middle = [t for t in k.unseen if k.probability(1, t) not in (0, 1)]
            if middle:
                break
    tile = middle[0]
    est = estimate_by_rejection(k, 1, tile, trials=20_000, seed=3)
    assert est.contains(k.probability(1, tile), z=4)


def test_hand_problem_and_the_picture():
    k = L.view()
    assert hand_problem(k, 3, list(L.position().hand(3))) is None
    assert "holds 7" in hand_problem(k, 3, [Tile(0, 0)])
    assert hand_problem(k, 3, "0:0 0:1 0:2 0:4 0:6 1:1 1:2") is None
    svg = beliefs_svg(beliefs(k))
    assert svg.count('class="tile"') == 19 and svg.count('class="posterior"') == 19 * 3
    assert ">7/15<" in svg and ">1/2<" in svg


def test_estimate_interval():
    e = Estimate(0, 10, 10)
    lo, hi = e.interval()
    assert lo == 0 and 0 < hi < 0.35
    assert Estimate(0, 0, 5).interval() == (0.0, 1.0)
    assert Estimate(7, 7, 9).interval()[1] == 1.0
    assert "95% interval" in str(Estimate(5, 10, 20))


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("call, error, words", [
    (lambda k: bayes_table(k, 0, Tile(3, 5)), InvalidPosition, "P1 is the viewer"),
    (lambda k: bayes_table(k, 7, Tile(3, 5)), InvalidPosition, "no player 7"),
    (lambda k: bayes_table(k, "P2", Tile(3, 5)), InvalidPosition, "'P2'"),
    (lambda k: bayes_table(k, True, Tile(3, 5)), InvalidPosition, "True"),
    (lambda k: bayes_table(k, 1, Tile(5, 5)), InvalidTile, "5:5 is not unseen by P1"),
    (lambda k: bayes_table(k, 1, 35), InvalidTile, "not int"),
    (lambda k: bayes_table(k, 1, "3:9"), DominoError, "3:9"),
    (lambda k: estimate_by_rejection(k, 1, "3:5", trials=0), InvalidPosition, "trials"),
    (lambda k: estimate_by_rejection(k, 1, "3:5", trials=2.5), InvalidPosition, "trials"),
    (lambda k: estimate_by_rejection(k, 1, "3:5", trials=10**9), OverLimit, "trials"),
    (lambda k: hand_problem(k, BONE, []), InvalidPosition, "boneyard"),
    (lambda k: hand_problem(k, 3, 7), InvalidTile, "not 7"),
    (lambda k: hand_problem(k, 3, [Tile(0, 0), "0:1"]), InvalidTile, "item 2"),
    (lambda k: hand_problem(k, 3, "0:0 0:x"), DominoError, "0:x"),
])
def test_bad_input_names_what_and_where(call, error, words):
    with pytest.raises(error, match=None) as info:
        call(L.view())
    assert words in str(info.value)
    assert isinstance(info.value, DominoError)


def test_no_consistent_deal_is_refused():
    k = L.view()
    k2 = Knowledge(k.viewer, k.players, list(k.unseen), list(k.sizes),
                   [frozenset(), frozenset(range(7)), frozenset(), frozenset()], k.boneyard)
    with pytest.raises(InvalidPosition, match="no deal"):
        bayes_table(k2, 2, Tile(3, 5))
    with pytest.raises(InvalidPosition, match="no deal"):
        beliefs(k2)


def test_the_sampling_is_seeded():
    g = new_round("sport", leader=0, hands=list(L.HANDS))
    k = knowledge(g, 0)
    a = estimate_by_rejection(k, 1, "3:5", trials=500, seed=4)
    assert a == estimate_by_rejection(k, 1, "3:5", trials=500, seed=4)
    assert a.accepted == 500          # before any pass every deal agrees
