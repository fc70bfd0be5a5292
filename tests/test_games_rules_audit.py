"""Rule audit of the line variants against docs/rules.md and its sources: one hand-built,
scripted test per discrepancy found (each failed before its fix), plus checks of the
engine's promises (rejected moves name the rule and change nothing; records replay and
reject illegal sequences with the move number)."""

import pytest

from dominolab import IllegalMove, Tile
from dominolab.errors import DominoError, GameOver, WrongPlayer
from dominolab.games import Record, Match, RoundContext, new_round, replay
from dominolab.games.rules import highest_flip

from .games_helpers import finish, moves, play


# ------------------------------------------------------------------ blocks with a boneyard

# A line 5:0 0:1 1:5 5:5 5:2 2:3 3:5 5:4 4:6 6:5: both ends show 5 and all seven 5s are down.
DEAD_LINE = ["5:5", "1:5>L", "2:5>R", "0:1>L", "2:3>R", "0:5>L", "3:5>R", "4:5>R", "4:6>R",
             "5:6>R"]
DEAD_HANDS = ["5:5 2:5 2:3 3:5 4:6 1:2", "1:5 0:1 0:5 4:5 5:6 3:4 6:6"]


def test_block_is_declared_when_the_suit_is_exhausted_even_with_a_boneyard():
    """docs/rules.md "Common play": on a line a block happens exactly when both ends show n and
    all seven tiles of n are on the table. Before the fix the next player first had to draw
    the whole boneyard (3 tiles here) and the block was scored with those tiles in his hand."""
    g = play(new_round("classic", hands=DEAD_HANDS, boneyard="0:2 0:3 1:1", leader=0),
             *DEAD_LINE)
    assert g.is_blocked() and g.finisher == 1 and g.boneyard_count() == 3
    r = g.result()
    assert r.pips == [3, 7 + 12] and r.team_points == [19 - 3, 0]


def test_block_with_a_boneyard_in_kozel_and_semyorka():
    g = play(new_round("kozel", hands=DEAD_HANDS, boneyard="0:2 0:3 1:1", leader=0),
             *DEAD_LINE)
    assert g.is_blocked() and g.result().team_points == [0, 19]      # the heavier records
    g = play(new_round("semyorka", hands=DEAD_HANDS, boneyard="0:2 0:3 1:1", leader=0),
             *DEAD_LINE)
    assert g.is_blocked() and g.boneyard_count() == 3


def test_no_block_while_a_fitting_tile_is_off_the_table():
    """Control: ends 5 and 6 (5:6 still off the table) — the player must draw, not stop."""
    g = play(new_round("classic", hands=DEAD_HANDS, boneyard="0:2 0:3 1:1", leader=0),
             *DEAD_LINE[:-1])
    assert not g.is_over() and moves(g) == ["P2 5:6>L", "P2 5:6>R", "P2 6:6>R"]
    g = play(new_round("classic", hands=["5:5 1:2", "0:5 3:4"], boneyard="0:2 0:3",
                       leader=0), "5:5", "0:5>L")
    assert not g.is_over() and moves(g) == ["P1 draw"]       # 1:2 fits neither 0 nor 5
    # tiles left out of a hand-built position may be anywhere: no block is inferred from them
    g = play(new_round("semyorka", hands=["1:1 5:6", "2:3 4:5", "0:0"], boneyard="3:4",
                       leader=0), "1:1")
    assert moves(g) == ["P2 draw"]


# ------------------------------------------------------------------ sport: the first lead

HEAVY = ["6:6 5:6 4:6 5:5 3:6 4:5 2:6",          # the seven heaviest tiles
         "0:0 0:1 0:2 0:3 0:4 0:5 1:1", "0:6 1:2 1:3 1:4 1:5 1:6 2:2",
         "2:3 2:4 2:5 3:3 3:4 3:5 4:4"]


def test_sport_first_lead_is_turned_from_the_face_down_set_not_from_the_hands():
    """Seed 002 ("Порядок начала партии"): each player turns one tile of the face-down set,
    the highest leads, then the tiles are reshuffled and dealt. Before the fix each player
    turned one of his own tiles, so a player dealt the seven heaviest tiles always led."""
    leaders = set()
    for s in range(40):
        g = new_round("sport", hands=HEAVY, context=RoundContext(extra={"flip_seed": s}))
        flips = [Tile.parse(t) for t in g.flags["flips"]]
        assert len(set(flips)) == 4 and g.leader == highest_flip(flips) and g.lead is None
        leaders.add(g.leader)
    assert leaders == {0, 1, 2, 3}


# ------------------------------------------------------------------ match: no draw

def test_fixed_number_of_deals_level_plays_an_extra_round():
    """Sport («Международные правила игры в спортивное домино»): "Ничьи в Домино не бывает. В случае равенства очков играется
    дополнительный раунд." Before the fix a level match after the agreed deals was over
    with team 1 declared the winner."""
    tie = ["1:2 4:4", "0:5", "0:3", "0:6"]                   # blocked, 11 against 11: no score
    m = Match("sport", rounds=4, seed=1)
    for _ in range(4):
        finish(m, play(new_round("sport", hands=tie, leader=0), "1:2"))
    assert m.scores == [0, 0] and not m.is_over() and "extra round" in m.notes[-1]
    finish(m, play(new_round("sport", hands=["1:2 5:5", "3:4", "0:0", "6:6"], leader=1),
                   "3:4"))
    assert m.is_over() and m.winner == 1 and m.scores == [0, 3 + 10 + 0 + 12]


# ------------------------------------------------------------------ semyorka: hand size

def test_semyorka_eliminated_player_leaves_the_hand_size_unchanged():
    """Seed 000: "Начиная новую игру, игроки берут столько же камней, сколько и в первую."
    Four players take 6 tiles; after one is out, the three left still take 6 (not 7)."""
    m = Match("semyorka", players=4, seed=1)
    m.scores = [2, 0, 0, 0]
    finish(m, play(new_round("semyorka", hands=["6:6", "1:2", "0:1", "0:2"], leader=1), "1:2"))
    assert m.eliminated == [0] and m.active == [1, 2, 3]
    g = m.new_round()
    assert g.players == 3 and [len(g.hand(p)) for p in range(3)] == [6, 6, 6]
    assert g.boneyard_count() == 28 - 18
    again = replay(Record.from_state(g).to_text())
    assert again.key() == g.key()


# ------------------------------------------------------------------ morskoy: rule names

MORSKOY_HANDS = ["6:6 0:0 1:2 2:3 1:4 1:5 3:6", "0:1 0:2 0:3 0:4 0:5 1:6 2:2",
                 "1:3 2:4 2:5 2:6 3:3 3:4 3:5", "0:6 4:4 4:5 4:6 5:5 5:6 1:1"]


def test_morskoy_refused_fast_lead_names_rule_8():
    """Before the fix the refusal only listed the allowed tiles ("the opening rule says the
    lead is 1:2 or 2:3 or ...") without naming the fast-lead rule."""
    ctx = RoundContext(round_no=1, previous=object(), scores=[30, 0, 0, 0], leader_hint=0)
    g = new_round("morskoy_kozel", hands=MORSKOY_HANDS, context=ctx)
    before = g.key()
    for lead in ("6:6", "0:0"):
        with pytest.raises(IllegalMove, match="fast lead on .* every other side .* record"):
            g.play(lead)
        assert g.key() == before and g.history == []
    g.play("0:0+6:6")                         # the extraordinary lead stays allowed (rule 7)


def test_morskoy_refused_two_tile_plays_name_their_rules():
    hands = ["1:1 0:0 6:6 1:2 2:3 1:4 3:6", "0:1 0:2 0:3 0:4 0:5 1:6 2:2",
             "1:3 2:4 2:5 2:6 3:3 3:4 3:5", "0:6 4:4 4:5 4:6 5:5 5:6 1:5"]
    g = new_round("morskoy_kozel", hands=hands)                # weekday (Monday) lead: 1:1
    assert g.leader == 0 and g.lead == (Tile(1, 1),)
    with pytest.raises(IllegalMove, match="extraordinary lead .* free lead"):
        g.play("0:0+6:6")
    g.play("1:1")
    g.play("1:6>R")
    g.play("1:3>L")
    with pytest.raises(IllegalMove, match="only two doubles at once"):
        g.play("P4 1:5>L+0:6>R")
    assert [str(m) for m in g.history] == ["P1 1:1", "P2 1:6>R", "P3 1:3>L"]


# ------------------------------------------------------------------ engine promises

@pytest.mark.parametrize("variant, hands, bone, leader, seq, bad, rule", [
    ("classic", ["1:1 2:3", "1:2 4:5"], "0:0 6:6", 0, ["1:1"], "P2 draw",
     "who can play may not draw"),
    ("classic", ["2:2 1:1", "1:2 4:5"], "", None, [], "P1 2:2",
     "opening rule says the lead is 1:1"),
    ("kozel", ["1:1 1:4", "5:6 0:2"], "3:3", 0, ["1:1"], "P2 draw", "1 stays"),
    ("semyorka", ["1:1 5:6", "2:3 4:5", "0:0"], "0:3 3:4 4:4", 0, ["1:1", "draw"], "P2 draw",
     "only one tile may be drawn"),
    ("sport", ["1:1 2:3", "1:2 4:5", "5:5 0:6", "3:3 4:4"], "", 0, ["1:1"], "P2 draw",
     "sport has no drawing|may not draw"),
    ("sport", ["1:1 2:3", "1:2 4:5", "5:5 0:6", "3:3 4:4"], "", 0, ["1:1"], "P2 4:5>R",
     "does not match the R end"),
    ("general", ["1:1 0:0", "1:2 3:4", "5:5 2:3", "4:4 6:6"], "", 0, ["1:1"], "P2 pass",
     "who can play may not pass"),
])
def test_illegal_moves_name_the_rule_and_leave_the_state(variant, hands, bone, leader, seq,
                                                          bad, rule):
    g = play(new_round(variant, hands=hands, boneyard=bone, leader=leader), *seq)
    before = (g.key(), list(g.history), g.layout.pairs(), [g.hand(p) for p in range(g.players)])
    with pytest.raises(IllegalMove, match=rule):
        g.play(bad)
    assert (g.key(), list(g.history), g.layout.pairs(),
            [g.hand(p) for p in range(g.players)]) == before


def test_wrong_player_and_game_over_are_illegal_moves():
    g = new_round("semyorka", hands=["1:1 5:6", "1:5 2:3", "4:4 0:2"], boneyard="0:1 0:3 0:4",
                  leader=0)
    play(g, "1:1", "1:5>R")                   # sum 7: P3 takes two tiles and misses the turn
    with pytest.raises(WrongPlayer, match="P1's turn"):
        g.play("P3 draw")
    g = play(new_round("classic", hands=["1:2", "3:4"], leader=0), "1:2")
    with pytest.raises(GameOver):
        g.play("P2 pass")


def test_records_round_trip_and_replay_rejects_illegal_sequences_with_move_number():
    g = play(new_round("classic", hands=DEAD_HANDS, boneyard="0:2 0:3 1:1", leader=0),
             *DEAD_LINE)
    rec = Record.from_state(g)
    for form in (rec.to_text(), rec.to_json()):
        again = replay(form)
        assert again.key() == g.key() and again.result().team_points == [16, 0]
        assert again.is_blocked() and again.finisher == 1
    text = rec.to_text()
    with pytest.raises(IllegalMove, match=r"record move 3 \(P1 2:3>R\)"):
        replay(text.replace("P1 2:5>R", "P1 2:3>R"))
    with pytest.raises(GameOver, match="record move 11"):
        replay(text + "\nP1 draw")            # the round is over (blocked) after move 10
    with pytest.raises(DominoError, match="record move 2"):
        replay(text.replace("P2 1:5>L", "P2 1:5>Q?"))


@pytest.mark.parametrize("field, value", [("players", "2"), ("leader", "x"), ("seed", "s"),
                                          ("hands", [12, 3]), ("moves", "P1 1:1"),
                                          ("players", True), ("scores", [1, "a"])])
def test_json_record_with_a_badly_typed_field_is_a_parse_error_naming_it(field, value):
    """Before the fix these gave TypeError, were accepted, or read a move text letter by
    letter ("record move 1 (P)")."""
    import json

    from dominolab.errors import ParseError

    g = play(new_round("classic", hands=["1:1 1:2", "2:3 0:5"], boneyard=[]), "1:1")
    data = json.loads(Record.from_state(g).to_json())
    assert replay(data).key() == g.key()
    data[field] = value
    with pytest.raises(ParseError, match=f"field '{field}' must be"):
        replay(json.dumps(data))


@pytest.mark.parametrize("variant", ["classic", "kozel", "morskoy_kozel", "sport", "general",
                                     "semyorka", "cuban"])
def test_every_rejected_move_raises_a_domino_error_and_changes_nothing(variant):
    """Seeded play-outs; at each position every one-tile play of a held tile on every end
    name (and draw / pass) that is not legal is tried: it must raise IllegalMove with a
    message naming the move, and leave hands, table, boneyard, turn and history as they
    were."""
    import random

    from dominolab.games import new_game

    rng = random.Random(variant)
    tried = 0
    for seed in range(3):
        g = new_game(variant, seed=seed)
        while not g.is_over():
            legal = list(g.legal_moves())
            p = g.current_player
            cands = [f"P{p + 1} draw", f"P{p + 1} pass"]
            ends = [e for e, _ in g.open_ends()] + ["L", "R", "X"]
            for t in g.hand(p):
                cands += [f"P{p + 1} {t}"] + [f"P{p + 1} {t}>{e}" for e in ends]
            for text in cands:
                if any(str(m) == text for m in legal):
                    continue
                snap = (g.key(), [str(m) for m in g.history], g.layout.pairs(), g.boneyard_count())
                with pytest.raises(IllegalMove) as err:
                    g.play(text)
                assert text in str(err.value)
                assert (g.key(), [str(m) for m in g.history], g.layout.pairs(),
                        g.boneyard_count()) == snap
                tried += 1
            g.play(legal[rng.randrange(len(legal))])
    assert tried > 50
