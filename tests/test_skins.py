"""Children's picture dominoes: the skins, tiles named by pictures, the board played with them."""

from __future__ import annotations

import re

import pytest

from dominolab import DominoSet, Tile, games
from dominolab.errors import BoardError, DominoError, SkinError
from dominolab.render import chain_svg, hand_svg, set_svg, skinned, tile_svg
from dominolab.render.skins import SKINS, get_skin, picture_words
from dominolab.render.table import layout_svg, table_svg
from dominolab.widgets import ChainBuilder, GameBoard, SetExplorer

NOTATION = re.compile(r"\d+:\d+")   # a tile written in numbers


def labels(svg: str) -> list[str]:
    return re.findall(r'<g class="tile" role="img" aria-label="([^"]*)"', svg)


@pytest.mark.parametrize("name", list(SKINS))
def test_each_skin_has_seven_distinct_named_pictures(name):
    skin = get_skin(name)
    assert skin is not None and len(skin.pictures) == 7
    names = [p.name for p in skin.pictures]
    assert len(set(names)) == 7 and all(n.strip() for n in names)
    bodies = [p.body for p in skin.pictures]
    assert len(set(bodies)) == 7
    # every picture is outlined in dark ink, so it stands out from the light face
    assert all('stroke="#1f1f1f"' in b for b in bodies)
    # no image files, no text: each picture is drawn with SVG shapes only
    for b in bodies:
        assert "<image" not in b and "<text" not in b and "href" not in b
        assert set(re.findall(r"<(\w+)", b)) <= {"path", "circle", "ellipse", "rect", "polygon"}


def test_colours_are_never_the_only_cue():
    """Take every fill away: the colour skin's seven pictures still differ (by shape)."""
    skin = SKINS["colours"]
    shapes = [re.sub(r'fill="[^"]*"', "", p.body) for p in skin.pictures]
    assert len(set(shapes)) == 7
    # and each name says the shape as well as the colour
    assert len({p.name.split()[-1] for p in skin.pictures}) == 7


@pytest.mark.parametrize("name", list(SKINS))
def test_every_tile_is_named_by_its_pictures(name):
    skin = get_skin(name)
    assert skin is not None
    for t in DominoSet(6).tiles:
        svg = tile_svg(t, skin=name)
        first, second = skin.name_of(t.low), skin.name_of(t.high)
        assert labels(svg) == [f"domino {first} | {second}"]
        assert re.findall(r'data-picture="([^"]*)"', svg) == [first, second]
        assert f"<title>{first}</title>" in svg and 'class="pip"' not in svg
    everything = set_svg(DominoSet(6), skin=name)
    names = labels(everything)
    assert len(names) == 28 and len(set(names)) == 28
    assert not any(NOTATION.search(n) or re.search(r"\d", n) for n in names)


def test_skinned_draws_whole_tables_and_lines():
    g = games.new_round("classic", hands=["3:5 4:4", "5:6 1:1"], leader=0)
    g.play("P1 3:5")
    with skinned("animals"):
        assert labels(layout_svg(g)) == ["domino cat | fish"]
        assert labels(chain_svg([(5, 3), (3, 3)])) == ["domino fish | cat", "domino cat | cat"]
        assert "domino turtle | fish" not in hand_svg([Tile(5, 6)])   # low first: fish | turtle
        assert "domino fish | turtle" in hand_svg([Tile(5, 6)])
    assert labels(layout_svg(g)) == ["domino 3-5"]                    # the block is over
    shown = table_svg(g, skin="fruit", face_up={0})
    assert "domino grapes | grapes" in shown and "face-down domino" in shown


def test_unknown_skins_and_big_sets_are_refused_by_name():
    with pytest.raises(SkinError, match="no picture skin 'robots'.*'animals'"):
        get_skin("robots")
    with pytest.raises(SkinError, match="'animals' has pictures for 0…6 only, not for 9"):
        get_skin("animals", 9)
    assert issubclass(SkinError, DominoError)
    with pytest.raises(SkinError, match="'fruit'.*not for 7"):
        tile_svg((7, 1), skin="fruit")
    with pytest.raises(SkinError, match="set_svg: the skin 'colours'.*not for 9"):
        set_svg(DominoSet(9), skin="colours")
    with pytest.raises(SkinError, match="GameBoard: the skin 'animals'.*not for 12"):
        GameBoard("mexican_train", skin="animals")
    with pytest.raises(SkinError, match="ChainBuilder: the skin 'fruit'.*not for 8"):
        ChainBuilder(n=8, skin="fruit")
    with pytest.raises(SkinError, match="SetExplorer max_n: the skin 'animals'.*not for 10"):
        SetExplorer(max_n=10, skin="animals")
    with pytest.raises(SkinError, match="a skin is a name"):
        get_skin(3)   # type: ignore[arg-type]
    with pytest.raises(BoardError, match="mode is one of 'standard', 'children', not 'baby'"):
        GameBoard("classic", mode="baby")


def test_picture_words_names_only_tiles_it_has_pictures_for():
    animals = get_skin("animals")
    assert picture_words("P1 0:0 and 3:5; 7:12 stays", animals) == (
        "P1 snail | snail and cat | fish; 7:12 stays")
    assert picture_words("3:5", None) == "3:5"


def _play_round(board: GameBoard, max_turns: int = 100) -> list[str]:
    """Play the human seat by the view alone (Draw, Pass, else the first playable tile
    and its first choice); the hand labels seen on the way."""
    seen = []
    for _ in range(max_turns):
        v = board.view
        if v["round_over"]:
            return seen
        assert v["my_turn"], v["turn_text"]
        assert board.error == "", board.error
        seen.extend(t.get("label", "") for t in v["hand"])
        if v["can_draw"]:
            board.draw()
        elif v["can_pass"]:
            board.pass_()
        else:
            tile = next(t for t in v["hand"] if t["playable"])
            board.click(f"{tile['a']}:{tile['b']}")
            if board.view["choices"]:
                board.choose(board.view["choices"][0]["end"])
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("name", list(SKINS))
def test_the_classic_game_plays_a_whole_round_with_a_skin(name):
    skin = get_skin(name)
    assert skin is not None
    b = GameBoard("classic", players=2, human=0, seed=5, delay=0, skin=name)
    seen = _play_round(b)
    v = b.view
    assert v["round_over"] and v["panel"]["rows"]          # the usual mode shows the points
    pictures = {p.name for p in skin.pictures}
    for label in seen:
        first, second = label.removeprefix("play domino ").split(" | ")
        assert {first, second} <= pictures
    assert all(not NOTATION.search(entry) for entry in v["log"])
    assert not NOTATION.search(b.status)
    assert labels(v["table_svg"]) and all(" | " in n for n in labels(v["table_svg"]))
    # the same round in numbers: the skin changes the pictures, never the game
    plain = GameBoard("classic", players=2, human=0, seed=5, delay=0)
    _play_round(plain)
    assert [str(m) for m in plain.state.history] == [str(m) for m in b.state.history]


def test_the_childrens_mode_matches_pictures_and_shows_no_score():
    b = GameBoard("classic", players=2, human=0, seed=3, delay=0, mode="children")
    assert b.skin is not None and b.skin.name == "animals"          # the default skin
    v = b.view
    assert v["children"] and v["scores"] == {"rows": [], "text": ""}
    assert v["turn_text"] == "Your turn: put down bird | bird"
    b.click("0:0")                                      # not the lead: said in pictures
    assert b.error == "P1 snail | snail: the opening rule says the lead is bird | bird"
    b.click("1:1")
    ends = [b.skin.name_of(k) for _, k in b.state.open_ends()]
    assert b.view["turn_text"] == "Your turn: match the " + " or the ".join(dict.fromkeys(ends))
    assert b.view["ends_text"].startswith("Match the ")
    # bigger tiles than the usual board's
    usual = GameBoard("classic", players=2, human=0, seed=3, delay=0, skin="animals")
    width = re.compile(r'width="([\d.]+)"')
    assert (float(width.search(v["hand"][0]["svg"]).group(1))
            > float(width.search(usual.view["hand"][0]["svg"]).group(1)))
    _play_round(b)
    panel = b.view["panel"]
    assert panel["rows"] == [] and panel["lines"] == [] and panel["standings"] == ""
    assert "point" not in str(b.view["scores"]) and b.view["fives"] is None
    b.next_round()                                      # the match goes on, still unscored
    assert b.view["scores"]["rows"] == [] and b.view["children"]


def test_a_childrens_board_refuses_a_record_it_has_no_pictures_for():
    big = GameBoard("mexican_train", players=2, human=None, seed=1, delay=0)
    big.autoplay("round_end")
    record = big.save()
    b = GameBoard("classic", players=2, human=0, seed=3, delay=0, mode="children")
    before = [str(m) for m in b.state.history]
    b.load(record)
    assert "skin 'animals'" in b.error and "not for 12" in b.error
    assert [str(m) for m in b.state.history] == before and b.rules.name == "classic"


def test_all_bots_finish_a_match_with_a_skin():
    b = GameBoard("kozel", human=None, seed=2, delay=0, skin="colours")
    assert b.autoplay("match_end") and b.match is not None and b.match.is_over()
    assert all(not NOTATION.search(e) for e in b.view["log"])


def test_chain_builder_and_set_explorer_with_pictures():
    w = ChainBuilder(n=6, skin="animals")
    w._handle_custom_msg({"type": "play", "tile": "3-5"}, [])
    assert w.ends_text == "Open ends: cat and fish" and w.status == "Added cat | fish."
    by = {t["label"]: t for t in w.tiles}
    assert by["3-5"]["name"] == "cat | fish" and 'data-picture="cat"' in by["3-5"]["svg"]
    assert labels(w.svg) == ["domino cat | fish"]
    assert [d["name"] for d in w.degrees][:2] == ["snail", "bird"]
    w.play("0:0")
    assert w.error == "snail | snail does not fit: the open ends are cat and fish"
    e = SetExplorer(n=4, skin="fruit")
    assert e.max_n == 6 and len(labels(e.svg)) == 15
    e.n = 7                                             # past the pictures: refused, set kept
    assert e.n == 4 and "between 0 and 6" in e.error


def test_open_hands_are_named_by_pictures_too():
    b = GameBoard("classic", players=2, human=0, seed=3, delay=0, skin="fruit", open=True)
    seat = b.view["seats"][1]
    assert seat["face_up"] and not NOTATION.search(seat["tiles"])
    assert "dominoes: " in seat["svg"] and not NOTATION.search(seat["svg"].split("</title>")[0])
    assert set(labels(seat["svg"])) <= {f"domino {n}" for n in seat["tiles"].split(", ")}


def test_the_post_mortem_in_pictures_and_not_for_children():
    b = GameBoard("classic", players=2, human=0, seed=1, delay=0, skin="animals")
    _play_round(b)
    b.post_mortem(samples=4)
    assert b.error == "", b.error
    assert b.review                                     # this round has costly moves
    for item in b.review:
        assert not NOTATION.search(item["label"]), item["label"]
        assert all(" | " in n or n == "face-down domino" for n in labels(item["svg"]))
    k = GameBoard("classic", players=2, human=0, seed=5, delay=0, mode="children")
    _play_round(k)
    k.post_mortem()
    assert "children's mode" in k.error and k.review == []
