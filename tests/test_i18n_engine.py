"""The engine's refusals in Russian: a move that cannot be read or is not allowed is refused
the same way in both languages (same error class, same tiles named), in English words in
English and in Russian words in Russian, in every variant."""

from __future__ import annotations

import random
import re

import pytest

from dominolab import i18n
from dominolab.errors import DominoError
from dominolab.games import VARIANTS, Move, new_game
from dominolab.games.state import canonical_tiles

from .repo_state import shares

CYRILLIC = re.compile(r"[а-яё]", re.I)
#: a quotation of a Russian source inside an English message («...»)
QUOTED = re.compile(r"«[^»]*»")
TILE = re.compile(r"\d+:\d+")
ENDS = ("L", "R", "W", "E", "N", "S", "N!", "E!", "W-", "T1", "M", "Q")


def _refusal(make) -> tuple[type | None, str]:
    try:
        make()
    except DominoError as e:
        return type(e), str(e)
    return None, ""


def _both(make) -> tuple[tuple[type | None, str], tuple[type | None, str]]:
    with i18n.using("en"):
        en = _refusal(make)
    with i18n.using("ru"):
        ru = _refusal(make)
    return en, ru


def _attempts(g) -> list[str]:
    """Move texts around a position: every tile of the mover's hand (and three he does
    not hold) at every end name, as a lead, two doubles at once, pass, draw, and a move
    by the wrong player."""
    p = g.current_player
    hand = list(g.hand(p))
    others = [t for t in canonical_tiles(g.rules.set_max) if t not in hand][:3]
    out = ["pass", "draw", f"P{(p + 1) % g.players + 1} pass"]
    for t in hand + others:
        out.append(str(t))
        out += [f"{t}>{e}" for e in ENDS]
    doubles = [t for t in hand if t.is_double]
    if len(doubles) >= 2:
        out += [f"{doubles[0]}>N+{doubles[1]}>S", f"{doubles[0]}>L+{doubles[1]}>R",
                f"{doubles[0]}>N+{doubles[1]}>N"]
    if len(hand) >= 2:
        out.append(f"{hand[0]}>L+{hand[1]}>R")
    return out


def _check_pair(en, ru, what):
    (en_type, en_text), (ru_type, ru_text) = en, ru
    assert en_type is ru_type, (what, en_text, ru_text)
    if en_type is None:
        return
    assert not CYRILLIC.search(QUOTED.sub("", en_text)), (what, en_text)
    assert CYRILLIC.search(QUOTED.sub("", ru_text)), (what, ru_text)
    assert sorted(TILE.findall(en_text)) == sorted(TILE.findall(ru_text)), (what, en_text, ru_text)


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("seeds", shares([0], [1, 2]))
def test_every_refused_move_is_refused_alike_in_both_languages(variant, seeds):
    reasons: set[str] = set()
    for seed in seeds:
        g = new_game(variant, seed=seed)
        rng = random.Random(seed)
        for depth in range(14):
            if g.is_over():
                break
            if depth in (0, 1, 2, 5, 9, 13):
                for text in _attempts(g):
                    en, ru = _both(lambda: g.check(text))
                    _check_pair(en, ru, f"{variant} seed {seed} depth {depth}: {text}")
                    if en[0] is not None:
                        reasons.add(en[1].split(": ", 1)[-1])
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
    # a few kinds of refusal at least in every variant (not one message said many times)
    assert len(reasons) >= 4, reasons


def test_the_cross_games_name_their_rules_in_russian():
    texts = set()
    for variant in ("osyol", "telefon", "muggins", "checheve"):
        g = new_game(variant, seed=1)
        rng = random.Random(1)
        for _ in range(12):
            if g.is_over():
                break
            for text in _attempts(g):
                en, ru = _both(lambda: g.check(text))
                if en[0] is not None:
                    texts.add((en[1].split(": ", 1)[-1], ru[1].split(": ", 1)[-1]))
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
    english = {e for e, _ in texts}
    # the rules of a cross, each in its own words (not only "not allowed")
    for needle in ("arm", "closed", "double"):
        assert any(needle in e for e in english), (needle, english)
    assert all(CYRILLIC.search(r) for _, r in texts)


def test_moves_that_cannot_be_read_are_refused_alike():
    cases = [lambda: Move.parse(""), lambda: Move.parse("3:5>"), lambda: Move.parse("3:5>?"),
             lambda: Move.parse("P99 3:5"), lambda: Move.parse("3;5>R"),
             lambda: Move.parse("x" * 500), lambda: Move.parse(42),
             lambda: Move("jump"), lambda: Move("play"), lambda: Move("pass", [("3:5", "L")]),
             lambda: Move("play", [("3:5", "L", "x")]), lambda: Move("play", 5),
             lambda: Move("play", [("3:5", "??")])]
    for make in cases:
        en, ru = _both(make)
        assert en[0] is not None
        _check_pair(en, ru, en[1])
    with i18n.using("en"), pytest.raises(DominoError) as err:
        Move.parse("P2 3:5>?")
    assert str(err.value) == ("cannot read a move from 'P2 3:5>?': end '?' at position 7 is "
                              "not an end name (L, R, M, N, E, S, W, T1, …)")


def test_a_finished_round_an_empty_undo_and_a_non_move_are_refused_alike():
    g = new_game("sport", seed=4)
    for make in (g.undo, g.result, lambda: g.play(3.5)):
        _check_pair(*_both(make), "start of a round")
    rng = random.Random(0)
    while not g.is_over():
        moves = g.legal_moves()
        g.play(moves[rng.randrange(len(moves))])
    en, ru = _both(lambda: g.play("pass"))
    _check_pair(en, ru, "after the end")
    assert en[1].startswith(f"the round is over ({g.ended})")


def test_the_english_reasons_are_unchanged():
    g = new_game("kozel", seed=1)
    p = g.current_player
    with i18n.using("en"):
        t = next(t for t in canonical_tiles(6) if t not in g.hand(p))
        with pytest.raises(DominoError) as err:
            g.play(f"{t}")
        assert str(err.value) == f"P{p + 1} {t}: P{p + 1} does not hold {t}"
        g.play(g.legal_moves()[0])
        q = g.current_player
        assert any(m.kind == "play" for m in g.legal_moves())   # (this seed's second turn)
        with pytest.raises(DominoError) as err:
            g.play("pass")
        assert str(err.value) == f"P{q + 1} pass: a player who can play may not pass"


def test_a_chain_refuses_a_tile_alike_in_both_languages():
    from dominolab.chains import Chain

    c = Chain("1:2 2:6")
    for make in (lambda: c.extend("2:6"), lambda: c.extend("3:4"),
                 lambda: c.extend("3:4", "left"), lambda: c.extend("6:6", "up"),
                 lambda: c.fits("6:6", "up")):
        en, ru = _both(make)
        assert en[0] is not None
        _check_pair(en, ru, en[1])


def test_the_layouts_refuse_a_tile_alike_in_both_languages():
    """A layout used directly (not through a round's checks) refuses in both languages."""
    from dominolab import Tile
    from dominolab.games.houses_layout import HousesLayout
    from dominolab.games.layout import LineLayout
    from dominolab.games.spinner_layout import SpinnerLayout
    from dominolab.games.train_layout import TrainLayout

    def laid(cls, *tiles, **kw):
        lay = cls(**kw)
        for t, e in tiles:
            lay.place(Tile.parse(t), e)
        return lay

    cases = [
        lambda: laid(LineLayout, ("3:5", None), ("1:2", "R")),
        lambda: laid(LineLayout, ("3:5", None), ("1:2", "L")),
        lambda: laid(LineLayout, ("3:5", None), ("1:2", None)),
        lambda: laid(LineLayout, ("3:5", None), ("5:6", "Q")),
        lambda: laid(SpinnerLayout, ("3:5", "E")),
        lambda: laid(SpinnerLayout, ("5:5", None), ("5:6", "Q")),
        lambda: laid(SpinnerLayout, ("3:5", None), ("5:5", "E!")),
        lambda: laid(SpinnerLayout, ("3:5", None), ("5:6", "E!")),
        lambda: laid(SpinnerLayout, ("3:5", None), ("5:6", "N")),
        lambda: laid(SpinnerLayout, ("5:5", None), ("1:2", "E")),
        lambda: laid(SpinnerLayout, ("5:5", None), ("5:5", "E-")),
        lambda: laid(HousesLayout, ("3:5", "E")),
        lambda: laid(HousesLayout, ("5:5", None), ("5:6", "Q")),
        lambda: laid(HousesLayout, ("5:5", None), ("1:2", "E")),
        lambda: laid(HousesLayout, ("3:5", None), ("5:6", "E!")),
        lambda: laid(TrainLayout, ("1:2", None)),
        lambda: laid(TrainLayout, ("12:12", None), ("12:11", "T9")),
        lambda: TrainLayout().pop(),
    ]
    for make in cases:
        en, ru = _both(make)
        assert en[0] is not None, make
        _check_pair(en, ru, en[1])
