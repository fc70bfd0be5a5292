"""Four-direction games: the spinner (cross) layout, multi-double plays, closing, fives
scoring, and the variants Osyol, Telefon, Muggins and Chechevé (docs/rules.md sections).

Scores are recomputed here independently of the engine: the open-ends sum
from a per-tile model of free sides (not the layout's arms), and each
variant's round score from a plain reading of docs/rules.md. ``make test`` plays
100 seeded rounds per variant (and more through matches and options), ``make sweeps``
the rest of each check on other seeds; the soak run (``-m slow``) plays
DOMINOLAB_SOAK_ROUNDS (default 100,000) rounds per variant.
"""

import os
import random
import re
from types import SimpleNamespace
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominolab import Tile
from dominolab.errors import DominoError, IllegalMove
from dominolab.games import Record, Match, RoundResult, bots, new_game, new_round, replay
from dominolab.games.simulate import simulate
from dominolab.games.spinner import (SpinnerLayout, fives_by_player, fives_log, fives_points,
                                     round_nearest5)
from dominolab.games.variants import SPINNER_VARIANTS, VARIANTS

from .games_helpers import finisher as _finisher
from .games_helpers import hands as _hands
from .games_helpers import pips as _pips
from .games_helpers import teams as _teams
from .repo_state import shares

SPIN = sorted(SPINNER_VARIANTS)
ROUNDS = 100  # make sweeps plays 200 more on the next seed, make soak
#               DOMINOLAB_SOAK_ROUNDS (100,000) per variant
SOAK = int(os.environ.get("DOMINOLAB_SOAK_ROUNDS", "100000"))


def T(text):
    return Tile.parse(text)


def moves(g):
    return [str(m) for m in g.legal_moves()]


def play(g, *ms):
    for m in ms:
        g.play(m)
    return g


# -- the layout ---------------------------------------------------------------------

def test_lead_double_is_the_spinner_and_opens_four_arms():
    lay = SpinnerLayout()
    lay.place(T("4:4"), None)
    assert lay.open_ends() == [("W", 4), ("E", 4), ("N", 4), ("S", 4)]
    assert lay.spinner_number() == 4 and lay.end_sum() == 8


def test_first_double_on_a_line_becomes_the_spinner_and_names_stay():
    lay = SpinnerLayout()
    lay.place(T("2:3"), None)
    assert lay.open_ends() == [("W", 2), ("E", 3)] and lay.spinner is None
    lay.place(T("3:3"), "E")
    assert lay.open_ends() == [("W", 2), ("E", 3), ("N", 3), ("S", 3)]
    lay.place(T("1:2"), "W")
    arms = lay.arms()
    assert arms["center"] == (3, 3) and arms["spinner"]
    # seen from the spinner the W arm holds the lead and what lies beyond it
    assert arms["W"] == [(3, 2, False), (2, 1, False)] and arms["E"] == []
    assert lay.check() == []
    lay.pop()
    lay.pop()
    assert lay.spinner is None and lay.open_ends() == [("W", 2), ("E", 3)]


def test_spinner_opens_after_both_sides_option():
    lay = SpinnerLayout(spinner_opens="after_sides")
    lay.place(T("5:5"), None)
    assert [e for e, _ in lay.open_ends()] == ["W", "E"]
    lay.place(T("5:1"), "E")
    assert [e for e, _ in lay.open_ends()] == ["W", "E"]
    assert not lay.fits(T("5:6"), "N")
    lay.place(T("5:2"), "W")
    assert [e for e, _ in lay.open_ends()] == ["W", "E", "N", "S"]
    # a spinner laid on a line end: its outer side must be covered too
    lay = SpinnerLayout(spinner_opens="after_sides")
    lay.place(T("1:5"), None)
    lay.place(T("5:5"), "E")
    assert [e for e, _ in lay.open_ends()] == ["W", "E"]
    lay.place(T("5:6"), "E")
    assert [e for e, _ in lay.open_ends()] == ["W", "E", "N", "S"]


def test_closed_double_ends_its_arm_and_is_never_the_spinner():
    lay = SpinnerLayout(closing="any")
    lay.place(T("2:3"), None)
    lay.place(T("3:3"), "E!")
    assert lay.spinner is None and lay.closed_ends() == ["E"]
    assert lay.open_ends() == [("W", 2)] and not lay.fits(T("3:4"), "E")
    with pytest.raises(IllegalMove, match="closed"):
        lay.place(T("3:4"), "E")
    lay.place(T("2:2"), "W")          # the first OPEN double is the spinner
    assert lay.spinner_number() == 2
    assert lay.open_ends() == [("W", 2), ("N", 2), ("S", 2)]
    lay.place(T("2:5"), "N")
    assert lay.check() == []


def test_dead_table_when_every_arm_is_closed():
    lay = SpinnerLayout(closing="any")
    lay.place(T("3:5"), None)
    lay.place(T("3:3"), "W!")
    assert not lay.is_dead()
    lay.place(T("5:5"), "E!")
    assert lay.is_dead() and lay.open_ends() == [] and lay.end_sum() == 0


def test_closing_policies():
    none = SpinnerLayout()
    none.place(T("1:2"), None)
    assert not none.fits(T("2:2"), "E!")
    with pytest.raises(IllegalMove, match="not be closed"):
        none.place(T("2:2"), "E!")
    base = SpinnerLayout(closing="not_base")
    base.place(T("1:2"), None)
    assert not base.fits(T("2:2"), "E!") and base.fits(T("2:2"), "E")
    with pytest.raises(IllegalMove, match="base"):
        base.place(T("2:2"), "E!")
    base.place(T("2:2"), "E")
    assert base.fits(T("1:1"), "W!")
    with pytest.raises(IllegalMove, match="only a double"):
        base.place(T("1:3"), "W!")
    with pytest.raises(IllegalMove):
        SpinnerLayout(closing="sometimes")


@pytest.mark.parametrize("count, want", [("all", [10, 10, 2, 6, 10]),
                                         ("spinner", [10, 10, 2, 6, 6]),
                                         ("none", [5, 5, 2, 6, 6])])
def test_count_doubles_option(count, want):
    # 5:5 alone | 5:5 still an end + 0 | spinner covered: 2 + 0 | 2 + 4 | 2 + the 4:4 end
    lay = SpinnerLayout(count_doubles=count)
    got = []
    for t, e in [("5:5", None), ("5:0", "E"), ("5:2", "W"), ("0:4", "E"), ("4:4", "E")]:
        lay.place(T(t), e)
        got.append(lay.end_sum())
    assert got == want


def test_end_sum_examples_and_closed_ends_count_nothing():
    lay = SpinnerLayout(closing="any")
    lay.place(T("6:4"), None)
    assert lay.end_sum() == 10                      # docs/rules.md: the lead 6:4 scores 10
    lay.place(T("4:4"), "W")                        # spinner at the W end: 8 + 6
    assert lay.end_sum() == 14
    lay.place(T("4:1"), "N")                        # N counts once played: 8 + 6 + 1
    assert lay.end_sum() == 15
    lay.place(T("6:6"), "E!")                       # closed: adds nothing
    assert lay.end_sum() == 9


@settings(max_examples=60)
@given(seed=st.integers(0, 10 ** 6), opens=st.sampled_from(["at_once", "after_sides"]),
       closing=st.sampled_from(["none", "any", "not_base"]))
def test_layout_push_pop_copy_round_trip(seed, opens, closing):
    rng = random.Random(seed)
    lay = SpinnerLayout(spinner_opens=opens, closing=closing)
    snapshots = []
    tiles = [Tile(a, b) for a in range(7) for b in range(a, 7)]
    rng.shuffle(tiles)
    lay.place(tiles.pop(), None)
    while True:
        snapshots.append((lay.pairs(), lay.key(), lay.open_ends(), lay.end_sum(), repr(lay)))
        opts = [(t, e) for t in tiles for end, _ in lay.open_ends() for e in (end, end + "!")
                if lay.fits(t, e)]
        if not opts:
            break
        t, e = rng.choice(opts)
        copy = lay.copy()
        lay.place(t, e)
        tiles.remove(t)
        assert lay.check() == []
        assert copy.pairs() == snapshots[-1][0]          # the copy is independent
        assert len({(min(p), max(p)) for p in lay.pairs()}) == len(lay)
    while len(lay) > 1:
        lay.pop()
        snapshots.pop()
        assert (lay.pairs(), lay.key(), lay.open_ends(), lay.end_sum(), repr(lay)) == snapshots[-1]


# -- an independent reading of the open-ends sum ---------------------------------------

def independent_sums(history, count_doubles="all", houses="first"):
    """Open-ends sum after every play, from a model of each tile's free line sides.

    Each tile on the table keeps the list of its free sides along the line;
    a spinner's N and S sides are not line sides. A tile adds the numbers of
    its free sides, a double (laid across) adds both halves while one of its
    line sides is free, a double laid lengthwise (``5:5>E-``) adds one half, a
    closed double adds nothing. With ``houses="every_double"`` every open double
    is a spinner whose sides are named N1/S1, N2/S2, … in the order laid.
    """
    tiles = []          # dicts: a, b, free (list of numbers), closed, long, sides
    owner = {}          # end name -> index of the tile that end belongs to
    spinner = None
    spinners = 0
    out = []

    def opens_sides(i):
        nonlocal spinner, spinners
        if houses == "every_double":
            spinners += 1
            names = (f"N{spinners}", f"S{spinners}")
        elif spinner is None:
            names = ("N", "S")
        else:
            return
        if spinner is None:
            spinner = i
        tiles[i]["sides"] = set(names)
        owner.update({n: i for n in names})

    for m in history:
        if m.kind != "play":
            continue
        for t, e in m.placements:
            closed = e is not None and e.endswith("!")
            long_ = e is not None and e.endswith("-")
            name = e.rstrip("!-") if e else None
            if name is None:
                tiles.append({"a": t.low, "b": t.high, "free": [t.low, t.high], "closed": False,
                              "long": False, "sides": set()})
                owner = {"W": 0, "E": 0}
                if t.is_double:
                    opens_sides(0)
                continue
            o = tiles[owner[name]]
            num = None
            if name in o["sides"]:
                o["sides"].discard(name)
                num = o["a"]
            else:
                # the number shown at this end is one of the owner's free line sides
                for cand in o["free"]:
                    if cand in (t.low, t.high):
                        num = cand
                        break
                o["free"].remove(num)
            other = t.high if t.low == num else t.low
            if t.is_double:
                tiles.append({"a": num, "b": num, "free": [num], "closed": closed,
                              "long": long_, "sides": set()})
            else:
                tiles.append({"a": num, "b": other, "free": [other], "closed": False,
                              "long": False, "sides": set()})
            owner[name] = len(tiles) - 1
            if t.is_double and not closed and not long_:
                opens_sides(len(tiles) - 1)
        total = 0
        for i, d in enumerate(tiles):
            if d["closed"]:
                continue
            if d["a"] == d["b"]:
                if d["free"]:
                    both = not d["long"] and (
                        count_doubles in ("all", "choice") or houses == "every_double"
                        or (count_doubles == "spinner" and i == spinner))
                    total += 2 * d["a"] if both else d["a"]
            else:
                total += sum(d["free"])
        out.append((m.player, total))
    return out


def round5(x):
    return 5 * ((x + 2) // 5)




def _fives(g, mode="sum"):
    pts = [0] * g.players
    for p, s in independent_sums(g.history, g.rules.opt("count_doubles"),
                                 g.rules.opt("houses", "first")):
        if s and s % 5 == 0:
            pts[p] += {"sum": s, "flat": 5, "count": s // 5}[mode]
    return pts


def expect_muggins(g):
    hands, teams = _hands(g), _teams(g)
    f5 = _fives(g, g.rules.opt("fives"))
    out = [sum(f5[p] for p in t) for t in teams]
    side = [sum(_pips(hands[p]) for p in t) for t in teams]
    f = _finisher(hands)
    if f is not None:
        # «За окончание игры он получает 10 очков»; the English rule adds the others' pips
        w = next(i for i, t in enumerate(teams) if f in t)
        out[w] += 10 + (round5(sum(side) - side[w]) if g.rules.opt("out_pips") else 0)
    elif side.count(min(side)) == 1:
        w = side.index(min(side))
        out[w] += round5(sum(side) - side[w] - side[w])
    return out


def expect_telefon(g):
    hands, teams = _hands(g), _teams(g)
    f5 = _fives(g)
    out = [sum(f5[p] for p in t) for t in teams]
    side = [sum(_pips(hands[p]) for p in t) for t in teams]
    f = _finisher(hands)
    for i, t in enumerate(teams):
        loses = (f not in t) if f is not None else side[i] > min(side)
        if loses:
            out[i] -= side[i] // 5 * 5
    return out


def expect_osyol(g):
    hands, teams = _hands(g), _teams(g)
    side = [sum(_pips(hands[p]) for p in t) for t in teams]
    f = _finisher(hands)
    if f is not None:
        losers = [i for i, t in enumerate(teams) if f not in t]
    else:
        losers = [i for i, v in enumerate(side) if v > min(side)]
    out = [side[i] if i in losers else 0 for i in range(len(teams))]
    eggs = g.context.eggs if g.context else 0       # Kozel's eggs: to the heaviest loser
    if f is None and side.count(min(side)) > 1:     # and those of this very block
        eggs += min(side) * side.count(min(side))
    if eggs and losers:
        top = max(side[i] for i in losers)
        out[next(i for i in losers if side[i] == top)] += eggs
    return out


def expect_checheve(g):
    hands = _hands(g)
    n = len(hands)
    val = [sum(25 if str(t) == "0:0" else 50 if str(t) == "6:6" else _pips([t]) for t in h)
           for h in hands]
    f = _finisher(hands)
    out = [0] * n
    if f is not None:
        last = {str(t) for t in g.history[-1].tiles}
        if "0:0" in last:
            return out
        if "6:6" in last:
            return [0 if p == f else 50 for p in range(n)]
        losers = [p for p in range(n) if p != f]
    else:
        losers = [p for p in range(n) if val[p] > min(val)]
    if not losers:
        return out
    top = max(val[p] for p in losers)
    heavy = [p for p in losers if val[p] == top]
    if len(heavy) == 1:
        out[heavy[0]] = sum(val[p] for p in losers)
    else:
        for p in losers:
            out[p] = val[p]
    return out


EXPECT = {"muggins": expect_muggins, "telefon": expect_telefon, "osyol": expect_osyol,
          "checheve": expect_checheve}


def score_check(g, res):
    errs = []
    # the open-ends sums after every play, engine against the independent model
    mine = [(p, s) for p, s in independent_sums(g.history, g.rules.opt("count_doubles"),
                                                g.rules.opt("houses", "first"))
            if fives_points(s)]
    engine = [(p, s) for _, p, s, _ in fives_log(g)]
    if mine != engine:
        errs.append(f"fives {engine} != independent {mine}\n{Record.from_state(g).to_text()}")
    want = EXPECT[g.rules.name](g)
    if res.team_points != want:
        errs.append(f"{g.rules.name} scored {res.team_points}, independent reading {want}: "
                    f"{res.reason}\n{Record.from_state(g).to_text()}")
    if [sum(res.points[p] for p in t) for t in res.teams] != res.team_points:
        errs.append(f"points per player {res.points} do not add up to {res.team_points}")
    return errs


def test_every_spinner_variant_has_an_independent_scorer():
    assert set(EXPECT) == set(SPINNER_VARIANTS)


@pytest.mark.parametrize("variant", SPIN)
@pytest.mark.parametrize("share", shares((ROUNDS, 0), (200, 1)))
def test_simulation_invariants_and_scores(variant, share):
    rounds, shift = share
    rep = simulate(variant, rounds=rounds, seed=2026 + shift, bots="mixed",
                   score_check=score_check)
    assert rep["violations"] == []
    assert rep["rounds"] == rounds and sum(rep["ends"].values()) == rounds
    assert rep["ends"].get("out", 0) > 0 and rep["ends"].get("blocked", 0) > 0


@pytest.mark.parametrize("variant", SPIN)
@pytest.mark.parametrize("share", shares((70, 0), (130, 1)))
def test_simulation_through_matches(variant, share):
    rounds, shift = share
    rep = simulate(variant, rounds=rounds, seed=7 + shift, bots="mixed", via_match=True,
                   score_check=score_check)
    assert rep["violations"] == []


@pytest.mark.parametrize("variant, options", [
    ("muggins", {"spinner_opens": "after_sides"}), ("muggins", {"fives": "flat"}),
    ("muggins", {"pairs": True}), ("muggins", {"out_pips": True}),
    ("muggins", {"count_doubles": "all"}), ("telefon", {"spinner_opens": "after_sides"}),
    ("telefon", {"houses": "every_double"}),
    ("telefon", {"houses": "every_double", "spinner_opens": "after_sides"}),
    ("osyol", {"pairs": True, "lead_double": True}), ("checheve", {"spinner_opens": "after_sides"}),
])
@pytest.mark.parametrize("share", shares((50, 0), (100, 1)))
def test_simulation_with_options(variant, options, share):
    rounds, shift = share
    players = 4 if options.get("pairs") else None
    rep = simulate(variant, rounds=rounds, seed=11 + shift, bots="mixed", players=players,
                   score_check=score_check, **options)
    assert rep["violations"] == []


@pytest.mark.parametrize("variant, rounds", [
    ("muggins", 70), ("telefon", 70),
    pytest.param("muggins", 200, marks=pytest.mark.sweep),
    pytest.param("telefon", 200, marks=pytest.mark.sweep),
    pytest.param("muggins", 1000, marks=pytest.mark.slow),
    pytest.param("telefon", 1000, marks=pytest.mark.slow),
])
def test_fives_scores_over_random_rounds_fast_path(variant, rounds):
    """Sums and scores recomputed independently on more rounds (no per-move checks): 70 a
    variant in ``make test``, 200 in ``make sweeps`` and 1,000 in ``make soak`` (the same
    seed, so each the first rounds of the next)."""
    rep = simulate(variant, rounds=rounds, seed=5, bots="heuristic", check=False,
                   score_check=score_check)
    assert rep["violations"] == [] and rep["rounds"] == rounds


@pytest.mark.slow
@pytest.mark.parametrize("variant", SPIN)
def test_soak(variant, request):
    if "slow" not in (request.config.getoption("-m") or ""):
        pytest.skip("soak run: select it with -m slow (make soak)")
    rep = simulate(variant, rounds=SOAK, seed=1, bots="mixed", score_check=score_check)
    assert rep["violations"] == [] and rep["rounds"] == SOAK


def test_independent_sum_model_agrees_on_a_known_sequence():
    g = new_round("telefon", hands=["2:3 2:4 0:0", "2:2 3:3 1:3"], boneyard=[], leader=0)
    play(g, "2:3", "2:2>W+3:3>E", "2:4>W", "1:3>E")
    assert [s for _, s in independent_sums(g.history)] == [5, 10, 10, 5]


# -- registration, records, errors ----------------------------------------------------

def test_registration():
    for name in SPIN:
        assert VARIANTS[name] is SPINNER_VARIANTS[name] and VARIANTS[name].name == name
        assert name in sorted(VARIANTS)            # listed: the board and CLI iterate over it
    assert set(VARIANTS) >= set(SPINNER_VARIANTS)
    assert VARIANTS.get("chess") is None
    with pytest.raises(DominoError, match="unknown variant"):
        new_game("chess")


@pytest.mark.parametrize("variant", SPIN)
def test_records_round_trip(variant):
    for seed in range(12):
        g = new_game(variant, seed=seed)
        bots.play_out(g, [bots.RandomBot(seed=seed + i) for i in range(g.players)])
        rec = Record.from_state(g)
        for text in (rec.to_text(), rec.to_json()):
            h = replay(text)
            assert h.key() == g.key() and h.layout.pairs() == g.layout.pairs()
            assert h.result().team_points == g.result().team_points
            assert [str(m) for m in h.history] == [str(m) for m in g.history]


def test_records_keep_rule_options():
    g = new_game("muggins", players=3, seed=4, fives="flat", spinner_opens="after_sides")
    bots.play_out(g, [bots.HeuristicBot(seed=s) for s in range(3)])
    rec = Record.from_state(g)
    assert rec.options == {"fives": "flat", "spinner_opens": "after_sides"}
    h = replay(rec.to_text())
    assert h.rules.opt("fives") == "flat" and h.layout.opens == "after_sides"
    assert h.result().team_points == g.result().team_points


def test_record_with_closed_and_multi_double_moves_and_a_bad_one():
    g = new_round("checheve", hands=["1:1 1:2 3:3", "1:3 2:2 4:4 0:5", "1:4 0:6"], boneyard=[])
    play(g, "1:1", "1:3>W", "1:4>E")
    assert not any(len(m.placements) > 1 for m in g.legal_moves())   # 1:2 is no double
    g.play("1:2>N")
    multi = {m for m in moves(g) if "+" in m}
    assert multi == {"P2 4:4>E+2:2>N", "P2 4:4>E!+2:2>N", "P2 4:4>E+2:2>N!",
                     "P2 4:4>E!+2:2>N!"}
    g.play("4:4>E!+2:2>N")
    text = Record.from_state(g).to_text()
    assert "P2 4:4>E!+2:2>N" in text.splitlines()
    assert replay(text).key() == g.key() and replay(Record.from_state(g).to_json()).key() == g.key()
    with pytest.raises(IllegalMove, match=r"record move 6 \(P3 0:5>W\).*does not hold"):
        replay(text + "\nP3 0:5>W")
    with pytest.raises(IllegalMove, match=r"record move 5 .*used twice"):
        replay(text.replace("P2 4:4>E!+2:2>N", "P2 4:4>E+4:4>E"))


def test_rejected_plays_name_the_rule_and_leave_the_state_unchanged():
    g = new_round("muggins", hands=["3:5 6:6 1:1", "3:3 5:5 0:4"], boneyard=[], leader=0)
    g.play("3:5")
    before = g.key()
    cases = [
        ("3:3>W+5:5>E", "one tile per turn"),
        ("5:5>E!", "no closing"),
        ("3:3>N", "no spinner"),
        ("3:3>Q", "not an end name|arms W, E, N and S"),
        ("0:4>W", "does not match the W arm showing 3"),
        ("3:3", "name the arm"),
    ]
    for text, why in cases:
        with pytest.raises(DominoError, match=why):
            g.play(text)
        assert g.key() == before
    t = new_round("telefon", hands=["3:5 6:6 1:1", "3:3 5:5 0:4 4:6"], boneyard=[], leader=0)
    t.play("3:5")
    for text, why in [("3:3>W+0:4>E", "only doubles may be played several at once"),
                      ("3:3>W+3:3>W", "one double per side|used twice"),
                      ("5:5>W+3:3>E", "does not match the W arm showing 3"),
                      ("3:3>W!+5:5>E", "no closing")]:
        with pytest.raises(DominoError, match=why):
            t.play(text)
    c = new_round("checheve", hands=["3:5 6:6", "3:3 5:5 0:4"], boneyard=[], leader=0)
    c.play("3:5")
    for text in ("3:3>W!", "3:3>W!+5:5>E"):
        with pytest.raises(IllegalMove, match=r"the first double \(the base\) cannot be closed"):
            c.play(text)
    c.play("3:3>W+5:5>E!")                      # the base open, the other closed: legal
    assert c.layout.spinner_number() == 3 and c.layout.closed_ends() == ["E"]
    a = new_round("muggins", hands=["5:5 1:2", "5:6 5:1 0:0"], boneyard=[], leader=0,
                  spinner_opens="after_sides")
    play(a, "5:5")
    with pytest.raises(IllegalMove, match="opens N and S only after both its sides"):
        a.play("5:6>N")


# -- Osyol ----------------------------------------------------------------------------

def test_osyol_is_kozel_otherwise():
    r = VARIANTS["osyol"]
    assert (r.target, r.record_threshold, r.keep, r.penalties) == (101, 13, 1, True)
    g = new_round("osyol", hands=["2:2 1:3", "1:1 4:5", "3:3 0:6", "5:5 2:6"], boneyard="")
    assert g.lead == (T("1:1"),)                  # four players: 1:1 leads
    g3 = new_round("osyol", hands=["2:2 1:3", "4:4 4:5", "3:3 0:6"], boneyard="0:1")
    assert g3.lead == (T("2:2"),)                 # otherwise the lowest double
    for seed in range(20):                        # the last boneyard tile is never drawn
        g = new_game("osyol", players=3, seed=seed)
        bots.play_out(g, [bots.RandomBot(seed + i) for i in range(3)])
        assert g.boneyard_count() >= 1


def test_osyol_first_double_opens_four_directions():
    g = new_round("osyol", hands=["2:4 0:1 0:2", "4:4 1:3 1:5", "2:6 3:5 0:3"], boneyard="",
                  leader=0)
    play(g, "2:4", "4:4>E")
    assert [e for e, _ in g.open_ends()] == ["W", "E", "N", "S"]
    assert "P3 2:6>W" in moves(g)


@pytest.mark.parametrize("variant, counts", [("osyol", {2: 24, 3: 32, 4: 16}),
                                             ("checheve", {2: 24, 3: 32, 4: 16}),
                                             ("telefon", {2: 6, 3: 4, 4: 1})])
def test_two_three_or_four_doubles_at_once(variant, counts):
    """After 3:3 and a 3 on every arm, P2 holds 4:4 5:5 6:6 2:2 matching all four arms:
    every subset of 2, 3 or 4 may go at once, each double open or closed where closing is
    allowed (Osyol, Chechevé: 2**k ways; Telefon: open only)."""
    g = new_round(variant, hands=["3:3 3:2 0:5", "3:4 4:4 5:5 6:6 2:2 0:1", "3:5 1:4", "3:6 1:5"],
                  boneyard="", leader=0)
    play(g, "3:3", "3:4>W", "3:5>E", "3:6>N", "3:2>S")
    assert g.open_ends() == [("W", 4), ("E", 5), ("N", 6), ("S", 2)]
    got = {}
    for m in g.legal_moves():
        got[len(m.placements)] = got.get(len(m.placements), 0) + 1
    assert {k: v for k, v in got.items() if k > 1} == counts
    g.play("4:4>W+5:5>E+6:6>N+2:2>S")
    assert g.layout.end_sum() == 8 + 10 + 12 + 4 and str(g.hand(1)) == "0:1"


def test_osyol_closing_two_doubles_after_a_non_double_lead_ends_the_round():
    # boneyard tiles are left, yet the closed table ends the round at once (Kozel scoring)
    g = new_round("osyol", hands=["3:5 1:2 6:6", "3:3 5:5 0:1", "2:4 4:6 0:6"],
                  boneyard="0:2 0:3 0:4", leader=0)
    play(g, "3:5", "3:3>W!+5:5>E!")
    assert g.is_over() and g.is_blocked() and g.boneyard_count() == 3
    res = g.result()
    assert res.winner == 1 and res.team_points == [15, 0, 22]
    assert g.layout.is_dead() and list(g.legal_moves()) == []


def test_osyol_closed_double_not_spinner_then_next_open_double_is():
    g = new_round("osyol", hands=["3:5 1:2", "3:3 0:1", "5:5 1:6"], boneyard="", leader=0)
    play(g, "3:5", "3:3>W!", "5:5>E")
    assert g.layout.spinner_number() == 5
    assert [e for e, _ in g.open_ends()] == ["E", "N", "S"]


def _fake_round(m, team_points, end="out", finisher=0):
    res = RoundResult(end=end, team_points=list(team_points), finisher=finisher,
                      points=list(team_points), teams=list(m.teams), penalties=True)
    m.state = SimpleNamespace(result=lambda: res)
    m._last_active = list(range(m.players))
    # a stand-in round: the match keeps no record of it
    with patch.object(Record, "from_state", return_value=None):
        return m.finish_round()


def test_osyol_record_threshold_and_remembered_points():
    """«для записи надо набрать 13, всё что меньше 13 — "запоминается" и сбрасывается, только
    если в следующий розыгрыш на этого игрока ничего не записано и не запомнено» (the Russian
    Wikipedia article «Домино», «Осёл»): every record needs 13, not only the first; less is
    remembered until a round gives that player nothing."""
    m = Match("osyol", players=3, seed=1)
    _fake_round(m, [0, 5, 20])
    assert m.scores == [0, 0, 20] and m.extra["remembered"] == [0, 5, 0]
    _fake_round(m, [0, 9, 0])                       # 5 remembered + 9 = 14: recorded
    assert m.scores == [0, 14, 20] and m.extra["remembered"] == [0, 0, 0]
    _fake_round(m, [7, 0, 0])
    assert m.extra["remembered"] == [7, 0, 0]
    _fake_round(m, [0, 3, 3])                       # nothing for team 1: its memory is dropped
    # teams 2 and 3 have records, yet 3 < 13 is remembered, not recorded
    assert m.scores == [0, 14, 20] and m.extra["remembered"] == [0, 3, 3]
    _fake_round(m, [0, 2, 12])                      # 3 + 2 remembered; 3 + 12 = 15 recorded
    assert m.scores == [0, 14, 35] and m.extra["remembered"] == [0, 5, 0]
    _fake_round(m, [4, 0, 0])                       # team 2 gets nothing: its 5 dropped
    assert m.extra["remembered"] == [4, 0, 0]
    _fake_round(m, [20, 0, 0])  # memory added when recording starts
    assert m.scores[0] == 24
    _fake_round(m, [0, 90, 0])                      # the goat at 101
    assert m.is_over() and m.loser == 1


# -- Telefon --------------------------------------------------------------------------

def test_telefon_first_round_led_by_zero_zero_and_later_by_the_finisher():
    g = new_round("telefon", hands=["1:1 2:3", "0:0 4:5"], boneyard="")
    assert g.current_player == 1 and g.lead == (T("0:0"),)
    m = Match("telefon", players=2, seed=4)
    g = m.new_round()
    bots.play_out(g, [bots.GreedyBot(1), bots.GreedyBot(2)])
    fin = g.result().finisher
    m.finish_round()
    g2 = m.new_round()
    assert g2.leader == fin and g2.lead is None


def test_telefon_lead_six_four_scores_ten_and_house_example():
    g = new_round("telefon", hands=["6:4 1:2", "0:0 3:5"], boneyard="", leader=0)
    g.play("6:4")
    assert fives_log(g) == [(0, 0, 10, 10)]
    h = new_round("telefon", hands=["2:3 2:4 3:6 0:0", "2:2 3:3 1:3 5:6"], boneyard=[], leader=0)
    play(h, "2:3", "2:2>W+3:3>E", "2:4>W", "1:3>E")
    assert [(p, s) for _, p, s, _ in fives_log(h)] == [(0, 5), (1, 10), (0, 10), (1, 5)]
    assert h.layout.spinner_number() == 2          # the first double written is the house
    # the covered house no longer counts: W=4, E=1, and its free N/S sides add nothing
    assert h.layout.end_sum() == 5 and ("N", 2) in h.open_ends()


def test_telefon_loser_writes_off_rounded_down_and_no_debts():
    g = new_round("telefon", hands=["1:1 1:2", "6:4 5:3 0:1"], boneyard=[], leader=0)
    play(g, "1:1", "0:1>E", "1:2>W")
    res = g.result()
    # sums 2, 2, 2: no fives; P2 holds 6:4 5:3 = 18 and writes off 15
    assert res.end == "out" and fives_log(g) == [] and res.team_points == [0, -15]
    m = Match("telefon", players=2, seed=2)
    _fake_round(m, [10, -15])
    assert m.scores == [10, 0]
    _fake_round(m, [-5, 20])
    assert m.scores == [5, 20]
    m2 = Match("telefon", players=2, seed=2, no_debts=False)
    _fake_round(m2, [0, -15])
    assert m2.scores == [0, -15]


def test_telefon_target_pairs_and_three_players():
    r = VARIANTS["telefon"]
    assert r.target == 225 and r.with_options(target=151).target == 151
    g = new_game("telefon", players=4, seed=3)
    assert g.teams == [(0, 2), (1, 3)] and g.boneyard_count() == 0
    g3 = new_game("telefon", players=3, seed=3)
    assert g3.boneyard_count() == 7 and [len(g3.hand(p)) for p in range(3)] == [7, 7, 7]
    # pairs add partners' points: P1 and P3 both score, the pair gets the sum
    p = new_round("telefon", hands=["6:4 1:1", "0:0 2:2", "6:1 3:3", "2:4 5:6"], boneyard=[],
                  leader=0)
    play(p, "6:4", "pass", "6:1>E")              # 10 for P1, then 4 + 1 = 5 for P3
    assert fives_by_player(p) == [10, 0, 5, 0]
    play(p, "2:4>W", "1:1>E")                    # P1 goes out; P2 + P4 hold 4 + 11 = 15
    res = p.result()
    assert res.team_points == [15, -15] and res.points == [10, -15, 5, 0]


def test_telefon_counting_in_fives_option():
    g = new_round("telefon", hands=["6:4 1:2", "0:0 3:5"], boneyard=[], leader=0, fives="count")
    g.play("6:4")
    assert fives_log(g) == [(0, 0, 10, 2)]


# -- Muggins --------------------------------------------------------------------------

def test_muggins_deal_sizes_any_lead_and_target():
    r = VARIANTS["muggins"]
    assert [r.hand_size(n) for n in (2, 3, 4)] == [7, 5, 5] and r.target == 200
    g = new_round("muggins", hands=["1:2 6:6", "3:4 0:0"], boneyard="")
    assert g.lead is None and "P1 1:2" in moves(g)


def test_muggins_first_double_is_the_spinner_and_doubles_count_both_halves():
    g = new_round("muggins", hands=["2:5 0:3 1:1", "5:5 4:6 2:2"], boneyard="", leader=0)
    g.play("2:5")
    assert fives_log(g) == []                 # 7
    g.play("5:5>E")                           # 2 + 10 = 12
    assert g.layout.end_sum() == 12 and [e for e, _ in g.open_ends()] == ["W", "E", "N", "S"]


def test_muggins_scores_the_sum_or_a_flat_five():
    for fives, want in (("sum", [10, 10]), ("flat", [5, 5])):
        g = new_round("muggins", hands=["5:5 1:1", "5:0 6:6"], boneyard="", leader=0,
                      fives=fives)
        play(g, "5:5", "0:5>E")               # 5:5 alone: 10; 5:5 at W (10) + 0 = 10
        assert [pts for *_, pts in fives_log(g)] == want


def test_muggins_going_out_and_blocked_rounding():
    """«За окончание игры он получает 10 очков» (the Russian Wikipedia article, «Маггинс»):
    going out scores 10; the English rule adding the others' pips is ``out_pips=True``."""
    g = new_round("muggins", hands=["1:2", "2:6 4:5"], boneyard="", leader=0, out_pips=True)
    g.play("1:2")
    res = g.result()
    # P1 went out: 1:2 scored nothing (3); +10 and P2's 17 pips rounded to 15
    assert res.team_points == [25, 0]
    assert round_nearest5(17) == 15 and round_nearest5(18) == 20
    b = new_round("muggins", hands=["5:5 1:2", "0:5 4:6"], boneyard="", leader=0)
    play(b, "5:5", "0:5>E")
    assert b.is_blocked()                      # P1 3 pips, P2 10: 10 - 3 = 7 -> 5
    assert b.result().team_points == [10 + 5, 10]
    g2 = new_round("muggins", hands=["1:2", "2:6 4:5"], boneyard="", leader=0)
    g2.play("1:2")
    assert g2.result().team_points == [10, 0]                 # the source: 10, the default


def test_muggins_heuristic_bot_takes_the_fives():
    # P1 may play 0:5 (sum 10 + 0 = 10 -> 10 points) or 6:5 (10 + 6 = 16, no points, more pips)
    g = new_round("muggins", hands=["5:5 1:3", "5:0 5:6 2:2 3:3"], boneyard="", leader=0)
    g.play("5:5")
    picks = {str(bots.HeuristicBot(seed=s).choose(g)).split(">")[0] for s in range(5)}
    assert picks == {"P2 0:5"}
    blind = {str(bots.HeuristicBot(seed=s, w_score=0).choose(g)).split(">")[0] for s in range(5)}
    assert blind == {"P2 5:6"}


def test_scoring_aware_bot_scores_more_fives():
    pair = [bots.HeuristicBot(seed=1), bots.HeuristicBot(seed=2, w_score=0)]
    t = bots.tournament("muggins", pair, rounds=120, seed=3, out=None)
    aware, blind = t["1:heuristic"]["points"], t["2:heuristic"]["points"]
    assert aware > blind


# -- Chechevé -------------------------------------------------------------------------

def test_checheve_deal_lead_order_and_no_pairs():
    r = VARIANTS["checheve"]
    assert [r.hand_size(n) for n in (2, 3, 4)] == [7, 7, 6] and r.teams_for(4) == [(0,), (1,), (2,),
                                                                                     (3,)]
    g = new_game("checheve", players=4, seed=5)
    assert g.boneyard_count() == 4
    order = [Tile(k, k) for k in range(1, 7)] + [Tile(0, 0)]
    dealt = [t for t in order if any(t in g.hand(p) for p in range(4))]
    assert g.lead == (dealt[0],) and dealt[0] in g.hand(g.current_player)
    z = new_round("checheve", hands=["0:0 1:2", "3:4 5:6"], boneyard="")
    assert z.lead == (T("0:0"),)


def test_checheve_base_opens_four_and_several_doubles_open_or_closed():
    g = new_round("checheve", hands=["2:2 0:1 0:3", "2:3 2:4 2:5 2:6", "3:3 4:4 0:5 0:6"],
                  boneyard="", leader=0)
    play(g, "2:2", "2:3>W")
    assert [e for e, _ in g.open_ends()] == ["W", "E", "N", "S"]
    legal = moves(g)
    assert "P3 3:3>W" in legal and "P3 3:3>W!" in legal      # other doubles may be closed
    g2 = new_round("checheve", hands=["2:2 2:4 0:1", "2:3 3:3 4:4 0:6"], boneyard="", leader=0)
    play(g2, "2:2", "2:3>W", "2:4>E")
    multi = {m for m in moves(g2) if "+" in m}
    assert multi == {f"P2 3:3>W{a}+4:4>E{b}" for a in ("", "!") for b in ("", "!")}


def test_checheve_draw_until_a_tile_fits_then_knock():
    g = new_round("checheve", hands=["1:1 0:2", "3:4 5:6"], boneyard="0:3 2:3 1:4 0:5", leader=0)
    g.play("1:1")
    assert moves(g) == ["P2 draw"]
    play(g, "draw", "draw")
    assert moves(g) == ["P2 draw"]            # 0:3, 2:3 do not fit 1
    g.play("draw")                             # 1:4 fits
    assert all(m.startswith("P2 1:4") for m in moves(g))
    e = new_round("checheve", hands=["1:1 0:2", "3:4 5:6"], boneyard="", leader=0)
    e.play("1:1")
    assert e.is_blocked()                      # nobody can move and nothing to draw


def test_checheve_finishing_on_zero_zero_and_six_six():
    g = new_round("checheve", hands=["1:1 1:0 0:0", "1:3 2:4", "1:6 4:5"], boneyard="",
                  leader=0)
    play(g, "1:1", "1:3>W", "1:6>E", "0:1>N", "pass", "pass", "0:0>N")
    res = g.result()
    assert res.match_over and res.titles == {1: "goat (козёл)", 2: "goat (козёл)"} and res.team_points == [0, 0, 0]
    m = Match("checheve", players=3, seed=1)
    _fake_round_result(m, res)
    assert m.is_over() and m.loser in (1, 2)
    s = new_round("checheve", hands=["1:1 1:6 6:6", "1:3 0:4", "1:2 4:5"], boneyard="",
                  leader=0)
    play(s, "1:1", "1:3>W", "1:2>E", "1:6>N", "pass", "pass", "6:6>N")
    assert s.result().team_points == [0, 50, 50]


def _fake_round_result(m, res):
    m.state = SimpleNamespace(result=lambda: res)
    m._last_active = list(range(m.players))
    # a stand-in round: the match keeps no record of it
    with patch.object(Record, "from_state", return_value=None):
        return m.finish_round()


def test_checheve_rules_example_23_and_25():
    # P1 goes out; P2 keeps 6:5 5:3 2:1 0:1 = 23, P3 keeps 6:3 6:2 0:5 0:3 = 25: P3 records 48
    g = new_round("checheve", hands=["4:4 4:1", "0:4 6:5 5:3 2:1 0:1", "4:6 6:3 6:2 0:5 0:3"],
                  boneyard="", leader=0)
    play(g, "4:4", "0:4>W", "4:6>E", "4:1>N")
    res = g.result()
    assert res.end == "out" and res.pips == [0, 23, 25] and res.team_points == [0, 0, 48]


def test_checheve_unplayed_zero_zero_and_six_six():
    g = new_round("checheve", hands=["4:4 4:1", "0:4 0:0 1:2", "4:6 6:6 0:2"], boneyard="",
                  leader=0)
    play(g, "4:4", "0:4>W", "4:6>E", "4:1>N")
    res = g.result()
    # P2: 0:0 counts 25, + 1:2 = 28; P3: 6:6 counts 50, + 0:2 = 52 -> P3 records 80
    assert res.pips == [0, 28, 52] and res.team_points == [0, 0, 80]


def test_checheve_goat_above_101():
    assert VARIANTS["checheve"].target == 102
    m = Match("checheve", players=2, seed=1)
    _fake_round(m, [0, 101])
    assert not m.is_over()
    _fake_round(m, [0, 1])
    assert m.is_over() and m.loser == 1


def test_checheve_finisher_leads_any_tile_next_round():
    m = Match("checheve", players=3, seed=9)
    g = m.new_round()
    bots.play_out(g, [bots.GreedyBot(s) for s in range(3)])
    res = m.finish_round()
    if not m.is_over():
        g2 = m.new_round()
        assert g2.leader == res.finisher and g2.lead is None


# -- drawing --------------------------------------------------------------------------

_RECT = re.compile(r'<g class="tile"[^>]*data-arm="(\w)"[^>]*>.*?<rect x="([\d.]+)" '
                   r'y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', re.S)


@pytest.mark.parametrize("variant, seed", [("muggins", 36), ("checheve", 11), ("telefon", 2),
                                           ("osyol", 5)])
def test_cross_drawing_has_every_tile_and_no_overlaps(variant, seed):
    from dominolab.render.table import layout_svg, table_svg

    g = new_game(variant, seed=seed, players=2 if variant == "muggins" else None)
    bots.play_out(g, [bots.RandomBot(seed=seed + i) for i in range(g.players)])
    svg = str(layout_svg(g))
    rects = [tuple(float(v) for v in m[1:]) for m in _RECT.findall(svg)]
    assert len(rects) == len(g.layout)
    for i, (x, y, w, h) in enumerate(rects):
        for (x2, y2, w2, h2) in rects[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y
    assert svg.count('aria-label="face-down domino"') == len(g.layout.closed_ends())
    full = str(table_svg(g))
    assert full.count('class="tile"') == len(g.layout) + sum(len(g.hand(p))
                                                             for p in range(g.players))
    assert "open ends" in full


def test_long_arm_folds_and_stays_compact():
    from dominolab.render.table import layout_svg

    lay = SpinnerLayout()
    lay.place(T("0:0"), None)
    k = 0
    for t in ["0:1", "1:1", "1:2", "2:2", "2:3", "3:3", "3:4", "4:4", "4:5", "5:5", "5:6",
              "6:6", "6:1", "1:3", "3:5", "5:0", "0:2", "2:4", "4:6", "6:0"]:
        lay.place(T(t), "E")
        k += 1
    svg = str(layout_svg(lay, size=20, per_row=12))
    width = float(re.search(r'width="([\d.]+)"', svg).group(1))
    assert width < 20 * 2 * 8 + 400          # folded: far narrower than 21 tiles in a row
