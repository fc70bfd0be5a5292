"""Records save everything the rules depend on: a property test over every variant and
every option (issue: "Nothing dropped").

The options are drawn from what each variant declares (its ``options`` with their
defaults' types and its ``option_choices``) and from the rule fields every variant has,
so an option added to a variant later is covered without a list here.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab.errors import DominoError, ParseError, UnknownOption
from dominolab.games import VARIANTS, Record, bots, get_rules, new_game, replay
from dominolab.games.rules import DRAW_POLICIES

SPINNER_CHOICES = {"spinner_opens": ("at_once", "after_sides"),
                   "count_doubles": ("all", "spinner", "none"),
                   "closing": ("none", "any", "not_base")}


def option_values(rules, name, default):
    """Values to try for one variant option."""
    choices = dict(rules.option_choices).get(name) or SPINNER_CHOICES.get(name)
    if name == "reading":
        from dominolab.games.variants.morskoy_kozel import READINGS
        choices = tuple(READINGS)
    if choices:
        return st.sampled_from(list(choices))
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, int):
        return st.integers(0, 30)
    return st.just(default)


@st.composite
def games(draw):
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    rules = VARIANTS[variant]
    opts = {}
    for name, default in rules.options:
        if draw(st.booleans()):
            opts[name] = draw(option_values(rules, name, default))
    if draw(st.booleans()):
        opts["target"] = draw(st.integers(1, 500))
    if draw(st.booleans()):
        opts["penalties"] = draw(st.booleans())
    if draw(st.booleans()):
        opts["record_threshold"] = draw(st.integers(0, 30))
    if draw(st.booleans()):
        opts["draw"] = draw(st.sampled_from(DRAW_POLICIES))
    if draw(st.booleans()):
        opts["keep"] = draw(st.integers(0, 2))
    if draw(st.booleans()) and rules.pairs_allowed:
        opts["pairs"] = draw(st.booleans())
    if draw(st.booleans()):
        opts["set_max"] = draw(st.integers(rules.set_max, rules.set_max + 3))
    try:
        r = get_rules(variant, **opts)
        players = draw(st.sampled_from([n for n, _ in r.hand_sizes]))
        g = new_game(r, players=players, seed=draw(st.integers(0, 10 ** 6)))
    except DominoError:
        return None           # a combination the rules refuse (with a message): fine
    return g


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 10 ** 6), st.integers(0, 200))
def test_save_load_replay_is_the_identical_state(g, seed, stop):
    _save_load_replay_is_the_identical_state(g, seed, stop)


@pytest.mark.sweep
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 10 ** 6), st.integers(0, 200))
def test_save_load_replay_is_the_identical_state_more(g, seed, stop):
    """The check above on 120 games (make sweeps; make test draws 40)."""
    _save_load_replay_is_the_identical_state(g, seed, stop)


def _save_load_replay_is_the_identical_state(g, seed, stop):
    if g is None:
        return
    players = [bots.RandomBot(seed=seed + i) for i in range(g.players)]
    for _ in range(stop):
        if g.is_over():
            break
        g.play(players[g.current_player].choose(g))
    rec = Record.from_state(g)
    for form in (rec.to_text(), rec.to_json(), json.loads(rec.to_json())):
        back = Record.parse(form)
        assert back == rec
        h = back.replay()
        assert h.rules == g.rules
        assert h.key() == g.key() and h.history == g.history
        assert h.layout.pairs() == g.layout.pairs() and h.flags == g.flags
        if g.is_over():
            a, b = h.result(), g.result()
            assert (a.end, a.team_points, a.points, a.titles) == (b.end, b.team_points, b.points,
                                                                b.titles)


@pytest.mark.parametrize("variant, options", [
    ("kozel", {"penalties": False}), ("classic", {"set_max": 9}),
    ("classic", {"target": 250, "keep": 2}), ("classic", {"draw": "one"})])
def test_the_options_the_old_records_dropped_are_saved(variant, options):
    g = new_game(variant, players=2, seed=3, **options)
    bots.play_out(g, [bots.RandomBot(seed=i) for i in range(2)])
    rec = Record.from_state(g)
    assert rec.options == options
    h = replay(rec.to_text())
    assert h.rules == g.rules and h.key() == g.key()
    assert h.result().team_points == g.result().team_points


def test_a_rule_a_record_cannot_hold_is_refused_when_saving():
    rules = get_rules("classic").with_options(scoring=lambda state: None)
    g = new_game(rules, players=2, seed=1)
    with pytest.raises(UnknownOption, match="cannot hold the rule field 'scoring'"):
        Record.from_state(g)


@pytest.mark.parametrize("options, match", [
    ({"layout": "x"}, "layout"), ({"player_counts": 5}, "player_counts"),
    ({"hand_sizes": "x"}, "hand_sizes"), ({"keep": "x"}, "keep"),
    ({"set_max": 100000}, "set_max"), ({"target": "x"}, "target"), ({"colour": 1}, "colour"),
    ({"lead_order": "sideways"}, "lead_order"), ({"pairs": 1}, "pairs"),
])
def test_record_options_are_validated(options, match):
    data = {"variant": "classic", "players": 2, "hands": ["1:1", "2:2"], "options": options}
    with pytest.raises(DominoError, match=match):
        replay(json.dumps(data))


@pytest.mark.parametrize("text, match", [
    ("options: [1]", "options"), ("flags: [1]", "flags"), ("handle: 1:1", "unknown key 'handle'"),
    ("hand P3: 3:3", "hand P3"), ("seed: ²", "digits 0-9"), ("leader: P9", "leader"),
    ("scores: 1 2 3", "scores"), ("eggs: " + "9" * 5000, "at most"),
])
def test_text_record_fields_are_validated(text, match):
    base = "variant: classic\nplayers: 2\nhand P1: 1:1\nhand P2: 2:2\n"
    with pytest.raises(DominoError, match=match):
        replay(base + text + "\nmoves:\n")


def test_hand_labels_are_used():
    rec = Record.parse("variant: classic\nplayers: 2\nhand P2: 1:1\nhand P1: 2:2\nmoves:\n")
    assert rec.hands == ["2:2", "1:1"]
    with pytest.raises(ParseError, match="hand P2"):
        Record.parse("variant: classic\nplayers: 2\nhand P1: 1:1\nhand P1x: 2:2\nmoves:\n")


@pytest.mark.parametrize("text", [
    '{"variant":"classic","players":' + "9" * 5000 + ',"hands":[]}',
    '{"variant":' + "[" * 100000,
    '{"variant": "classic", "variant": "kozel", "players": 2, "hands": ["1:1", "2:2"]}',
    '{"variant": "classic", "players": 2.0, "hands": ["1:1", "2:2"]}',
    '{"variant": "classic", "players": NaN, "hands": ["1:1", "2:2"]}',
])
def test_json_records_are_read_with_bounds(text):
    with pytest.raises(DominoError):
        Record.parse(text)
