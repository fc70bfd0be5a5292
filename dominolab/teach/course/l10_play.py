"""Lesson 10 · Play a round of Kozel, then look back at it."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ...errors import DominoError
from ...games import GameState, Match, Record, bots, play_out, replay
from ...games.match import UNRECORDED
from ...i18n import get_language, tr, using
from ..answers import Exact
from ..choices import FreeText
from ..model import Ctx, Lesson, Misconception, Rng, Segment, Spec
from ..witnesses_games import move_witness

#: the deal of the lesson's bots' round (the same as the demo board's)
SEED = 2026
#: the move of that round the lesson looks at (P1 plays 0:4>L where 0:1>R was far better)
PLY = 18


def bots_round(seed: int = SEED) -> tuple[str, tuple[int, ...], tuple[str, ...]]:
    """The round four heuristic bots play from the first Kozel deal of ``seed``: its record
    text, the points each side records (the match's rule: a record starts at 13) and the
    match's notes (in the current language: the cache keeps one round per language)."""
    return _bots_round(seed, get_language())


@lru_cache(maxsize=4)
def _bots_round(seed: int, lang: str) -> tuple[str, tuple[int, ...], tuple[str, ...]]:
    with using(lang):
        m = Match("kozel", players=4, seed=seed)
        st = m.new_round()
        play_out(st, [bots.make_bot("heuristic", seed * 10 + s) for s in range(st.players)])
        m.finish_round()
        return Record.from_state(st).to_text(), tuple(m.scores), tuple(m.notes)


def _round(ctx: Any) -> tuple[GameState, list[int], list[str]]:
    """The round asked about: the student's board or state (``game=``), else the bots' round."""
    game = ctx.get("game")
    if game is None:
        text, scores, notes = bots_round()
        return replay(text), list(scores), list(notes)
    state = getattr(game, "state", game)
    if not isinstance(state, GameState):
        raise DominoError(f"game= must be a game board or a game state, not {game!r}")
    if not state.is_over():
        raise DominoError("finish the round first: the question is about the whole round")
    match = getattr(game, "match", None)
    if match is not None and match.results:
        return state, list(match.scores), list(match.notes)
    res = state.result()
    thr = state.rules.record_threshold
    return state, [p if not thr or p >= thr else 0 for p in res.team_points], []


def _choices(state: GameState) -> list[int]:
    """The number of legal moves before each move of the round."""
    g = replay(Record.from_state(state))
    out = []
    while g.history:
        g.undo()
        out.append(len(g.legal_moves()))
    return out[::-1]


def _forced_params(rng: Rng, ctx: Ctx) -> dict:
    state, _, _ = _round(ctx)
    return {"state": state, "moves": len(state.history),
            "passes": sum(1 for m in state.history if getattr(m, "kind", "") == "pass")}


def _forced_answer(p: dict) -> Exact:
    counts = _choices(p["state"])
    forced = sum(1 for c in counts if c == 1)
    wrong = {p["moves"]: "that is every move of the round; count only those with one legal "
                         "move",
             p["passes"]: "passes are forced, but so is a play when only one tile fits"}
    return Exact(forced, wrong={k: v for k, v in wrong.items() if k != forced})


def _about_team(note: str, team: int) -> bool:
    """Is ``note`` the match's "not recorded" note for ``team``, in English or in the
    current language (the note is written in the language the match was played in)?"""
    for template in {UNRECORDED, tr(UNRECORDED)}:
        pattern = re.escape(template).replace(re.escape("{team}"), str(team))
        if re.fullmatch(re.sub(r"\\\{[a-z]+\\\}", ".+?", pattern), note, re.S):
            return True
    return False


def _record_params(rng: Rng, ctx: Ctx) -> dict:
    state, scores, notes = _round(ctx)
    res = state.result()
    team = next(i for i, t in enumerate(res.teams) if 1 in t)
    mine = [note for note in notes if _about_team(note, team + 1)]
    return {"state": state, "pips": res.team_points[team], "recorded": scores[team],
            "threshold": state.rules.record_threshold,
            "notes": " ".join(mine) or "nothing more"}


def _record_answer(p: dict) -> Exact:
    wrong = {}
    if p["pips"] != p["recorded"]:
        wrong[p["pips"]] = tr("{pips} is what P2's side holds at the end; a Kozel record "
                              "starts only at {threshold} in one round, so nothing is "
                              "written").format(pips=p["pips"], threshold=p["threshold"])
    return Exact(p["recorded"], wrong=wrong)


def study_position() -> GameState:
    """The bots' round just before move PLY + 1."""
    g = replay(bots_round()[0])
    while len(g.history) > PLY:
        g.undo()
    return g


def _study_params(rng: Rng, ctx: Ctx) -> dict:
    g = replay(bots_round()[0])
    played = g.history[PLY]
    st = study_position()
    return {"ply": PLY + 1, "player": st.current_player + 1, "played": played.body(),
            "legal": len(st.legal_moves())}


LESSON = Lesson(
    number="10",
    title="Play a round, then look back",
    notebook="10-play.ipynb",
    question="Did you lose because of the deal or because of a move? Where did you really "
             "have a choice?",
    objectives=(
        "Play a round of Kozel by its rules (leads, drawing, passing, the record from 13).",
        "Turn a game into data (a record) and replay it move by move.",
        "Find the forced moves and the real choices of a round, and compare a choice with the "
        "solver's best move when every hand is known.",
    ),
    prerequisites=("The rules of Kozel (the rules notebook; `docs/rules.md`).",
                   "Lesson 09 helps (what the solver's value means)."),
    materials=("A computer per pair (the game board), or a double-six set per four players.",
               "The printed worksheet (`dominolab worksheet 10`)."),
    timing=(
        Segment("hook", 5, "Four students play one round of Kozel with real tiles at the front; "
                "the class writes down every move."),
        Segment("picture", 5, "The game board: the same round as a record; the end-of-round "
                "panel and what it writes down."),
        Segment("mathematics", 12, "Counting choices move by move; forced moves; the double-"
                "dummy value of a position and the best move."),
        Segment("exercises", 18, "Pairs play a round on the board, then exercises 10.1 to 10.3 "
                "on the bots' round (and on their own, with `game=board`)."),
        Segment("exit ticket", 5, "Exercise 10.4."),
    ),
    misconceptions=(
        Misconception("The pips left in a loser's hand are always written down.",
                      "In Kozel a record starts only at 13 in one round; smaller amounts are "
                      "not recorded (the board's panel says so).",
                      "Read the panel's notes together."),
        Misconception("A bot's move is the best move.",
                      "The heuristic bot follows rules of thumb; the solver, which sees every "
                      "hand, sometimes finds a far better move.",
                      "Exercise 10.3."),
        Misconception("Most moves are choices.",
                      "Late in a round many moves are forced: one tile fits, or a pass.",
                      "Count the 'one of 1' lines."),
    ),
    exercises=(
        Spec(
            id="10.2", title="Forced moves",
            statement="In the round, how many moves were **forced** — the player had exactly "
                      "one legal move (a pass with nothing else allowed counts too)? The round "
                      "had $moves moves.",
            answer=_forced_answer, params=_forced_params,
            hints=("Walk back through the round with `undo()` and count the legal moves "
                   "before each move.",
                   "Count the lines that say 'one of 1'."),
            solution="Undoing the round move by move and counting the legal moves each time "
                     "gives **$answer** moves with a single legal move.",
            at_computer=True,
        ),
        Spec(
            id="10.1", title="What P2 writes down",
            statement="At the end of the round, how many penalty points does **P2** (his side) "
                      "**record** — write down on the score sheet — under the Kozel rules?",
            answer=_record_answer, params=_record_params,
            hints=("First count the pips left in P2's hand.",
                   "Read the Kozel rule on records: when is a score written down?"),
            solution="P2's side is left with $pips pips. In Kozel a record starts only once a "
                     "side has at least $threshold in one round, so P2 records **$answer**. "
                     "(The match says: $notes)",
        ),
        Spec(
            id="10.3", title="A better move?",
            statement="In the bots' round, at move $ply Player $player played `$played` (one of "
                      "$legal legal moves). With every hand face up, which move was best for "
                      "Player $player? Write it like `$played`.",
            answer=lambda p: move_witness(study_position, goal="best"), params=_study_params,
            hints=("Draw the table at that moment and list the legal moves.",
                   "Think about which tile leaves the others stuck with the most pips."),
            solution="The solver (every hand known) values every legal move; the best is "
                     "**$answer**, far better than `$played`.",
            at_computer=True,
        ),
        Spec(
            id="10.4", title="Exit ticket: the deal or a move?",
            statement="Think of your own round. Name one move where you had a real choice, and "
                      "say whether you would play it again, and why.",
            answer=lambda p: FreeText(
                "for example: at move 7 I could play 3:6 or 0:4; I played 3:6 to keep my 0s "
                "varied, but the solver shows 0:4 left the opponents more pips. A good answer "
                "names the position, the choices and a reason."),
            hints=("Look at the moves marked 'one of 2' or more.",),
            solution="Model answer: $answer",
            exit_ticket=True, lines=4,
        ),
    ),
    extension="Play the classic game for two against the bots, save the record, and ask the "
              "board for the value of a position (teaching mode).",
)
