"""The game board's words: moves and ends, why a move is refused, round summaries.

Everything the board says about a game — the label of a choice button, why a
tile cannot be played, what the open ends are, the boneyard, the score, the
panel at the end of a round, why a round is blocked, the solver's verdict —
is made here from the engine's values (:class:`~dominolab.games.GameState`,
:class:`~dominolab.games.Match`, moves and results), so the widget in
:mod:`dominolab.widgets.game_board` only builds the view and answers clicks.

Seats are named by a :class:`SeatNames`: "You (P1)", "P2 (heuristic bot)".

>>> from dominolab.games import Move, new_round
>>> move_label(Move.parse("3:3>N+5:5>E")), end_name("N!")
('3:3 on north and 5:5 on east, both open', 'north arm and close it')
>>> g = new_round("classic", hands=["2:3 4:4", "3:5 1:1"], leader=0)
>>> ends_text(g), boneyard_text(g)
('The table is empty: any tile leads', 'No boneyard: every tile was dealt')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..chains.trains import best_train
from ..errors import DominoError
from ..games import Analysis, GameState, Layout, LineLayout, Match, Move, Play, Rules
from ..games.spinner_layout import SpinnerLayout
from ..games.bots import PlannerBot
from ..games.train_layout import TrainLayout, train_name
from ..i18n import N_, get_language, ngettext, pgettext, tr
from ..tiles import Tile

__all__ = [
    "ARM_NAMES", "SeatNames", "boneyard_text", "cross_ends_text", "end_name", "ends_text",
    "fives_after", "fives_view", "hint_text", "is_cross", "join_words", "move_label",
    "move_words", "page_words", "round_panel", "scores_view", "spinner_note", "turn_text",
    "unfinished_text", "value_text", "why_blocked", "why_not",
]

#: the arms of a cross (four-direction games), by their end names (shown through
#: :func:`arm_word`)
ARM_NAMES = {"W": "west", "E": "east", "N": "north", "S": "south"}
#: an arm as a place to play ("north arm")
ARM_WORDS = {"W": N_("west arm"), "E": N_("east arm"), "N": N_("north arm"),
             "S": N_("south arm")}
def arm_word(end: str) -> str:
    """An arm's direction in the current language ("west"; the catalog's context "arm"
    keeps it apart from other uses of the same English word)."""
    words = {"W": pgettext("arm", "west"), "E": pgettext("arm", "east"),
             "N": pgettext("arm", "north"), "S": pgettext("arm", "south")}
    return words[end]


#: the names of a cross's first open double (``Rules.spinner_name``), for the catalog
SPINNER_WORDS = (N_("spinner"), N_("house"), N_("base"))


#: what each four-direction game calls its first open double (docs/rules.md, glossary).
#: Variant knowledge outside the variants: to become a field of Rules.


@dataclass(frozen=True)
class SeatNames:
    """How the board names the players of the current round.

    ``seats``: the seat of each player of the round (Semyorka puts players out, so
    player 2 may sit at seat 3); ``human``: the human's seat or None; ``bots``: the
    name of the bot at each seat.

    >>> names = SeatNames((0, 1, 2), human=1, bots=("greedy", "heuristic", "random"))
    >>> names.player(0), names.player(1), names.team([0, 1])
    ('P1 (greedy bot)', 'You (P2)', 'P1 & You')
    """

    seats: tuple[int, ...]
    human: int | None
    bots: tuple[str, ...]

    def player(self, p: int) -> str:
        """Player ``p`` of the round (0-based) in words."""
        seat = self.seats[p]
        if seat == self.human:
            return tr("You (P{k})").format(k=p + 1)
        return tr("P{k} ({bot} bot)").format(k=p + 1, bot=self.bots[seat])

    def is_human(self, p: int) -> bool:
        return self.seats[p] == self.human

    def team(self, members: Sequence[int]) -> str:
        """Players of the round (0-based) as a team: "You & P3"."""
        return " & ".join(tr("You") if self.is_human(p) else f"P{p + 1}" for p in members)

    def seat_team(self, seats: Sequence[int]) -> str:
        """Seats of the match (0-based) as a team: "You & P3"."""
        return " & ".join(tr("You") if s == self.human else f"P{s + 1}" for s in seats)


# -- ends and moves -----------------------------------------------------------------------

def is_cross(layout: Layout) -> bool:
    """Is the table a cross (four arms round a spinner) rather than a line?"""
    return isinstance(layout, SpinnerLayout)


def end_name(end: str | None, layout: Layout | None = None) -> str:
    """Words for an end: "left end", "north arm", "north arm and close it" (the layout's
    own words for its other ends, e.g. a gap)."""
    if end is None:
        return tr("lead")
    closed = end.endswith("!")
    lengthwise = end.endswith("-")
    base = end[:-1] if closed or lengthwise else end
    how = tr(" and close it") if closed else tr(", laid lengthwise") if lengthwise else ""
    if base in ARM_NAMES:
        return tr(ARM_WORDS[base]) + how
    words = (layout or LineLayout()).end_words
    if base in words and base != end:
        return tr(words[base]) + how
    return tr(words[end]) if end in words else tr("end {end}").format(end=end)


def join_words(parts: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return (parts[0] if len(parts) == 1 else
            ", ".join(parts[:-1]) + " " + tr("and") + " " + parts[-1])


def spinner_word(rules: Rules) -> str:
    """The variant's word for the first open double of a cross: "spinner", "house", "base"
    (in the current language)."""
    return tr(rules.spinner_name)


def spinner_note(move: Move, layout: Layout, rules: Rules | None) -> str:
    """" — 3:3 becomes the spinner" when this play lays the first open double of a cross."""
    if not isinstance(layout, SpinnerLayout) or layout.spinner is not None or layout.is_empty():
        return ""
    for t, e in move.placements:
        if t.is_double and e is not None and not e.endswith("!"):
            word = spinner_word(rules) if rules is not None else tr("spinner")
            return tr(" — {tile} becomes the {word}").format(tile=t, word=word)
    return ""


def move_label(move: Move, layout: Layout | None = None, rules: Rules | None = None) -> str:
    """Words for a choice button: "left end", "north arm and close it", "0:1 at the left end +
    5:6 at the right end", or "3:3 on north and 5:5 on east, both open".

    >>> move_label(Move.parse("3:3>N+5:5>E")), move_label(Move.parse("3:3>N!+5:5>E"))
    ('3:3 on north and 5:5 on east, both open', '3:3 on north (closed) and 5:5 on east (open)')
    >>> move_label(Move.parse("2:2>W!+3:3>E!+4:4>S!")), move_label(Move.parse("6:6>S!"))
    ('2:2 on west, 3:3 on east and 4:4 on south, all closed', 'south arm and close it')
    """
    note = spinner_note(move, layout, rules) if layout is not None else ""
    pl = move.placements
    if len(pl) == 1:
        return end_name(move.end, layout) + note
    arms = [e for _, e in pl if e is not None and e.rstrip("!") in ARM_NAMES]
    if len(arms) == len(pl):
        flags = [e.endswith("!") for e in arms]
        where = [tr("{tile} on {arm}").format(tile=t, arm=arm_word(e.rstrip("!")))
                 for (t, _), e in zip(pl, arms)]
        if len(set(flags)) == 1:
            if len(pl) == 2:
                how = tr("{moves}, both closed") if flags[0] else tr("{moves}, both open")
            else:
                how = tr("{moves}, all closed") if flags[0] else tr("{moves}, all open")
            return how.format(moves=join_words(where)) + note
        return join_words([(tr("{move} (closed)") if c else tr("{move} (open)")).format(move=w)
                           for w, c in zip(where, flags)]) + note
    parts = [tr("{tile} as a lead").format(tile=t) if e is None else
             tr("{tile} at the {end}").format(tile=t, end=end_name(e, layout)) for t, e in pl]
    return " + ".join(parts) + note


def move_words(move: Move, layout: Layout, rules: Rules) -> str:
    """On a cross, the move in words, judged on the table *before* it is made:
    " (3:3 on the north arm, closed)"; on trains " (12:7 on the Mexican train)"; "" on a
    line and for draw and pass."""
    if move.kind == "play" and isinstance(layout, TrainLayout) and not layout.is_empty():
        t, e = move.placements[0]
        return " (" + tr("{tile} on {arm}").format(tile=t, arm=end_name(e, layout)) + ")"
    if move.kind != "play" or not is_cross(layout) or layout.is_empty():
        return ""
    if len(move.placements) == 1:
        t, e = move.placements[0]
        arm = (e or "").rstrip("!")
        text = tr("{tile} on the {arm}").format(tile=t, arm=end_name(arm)) + (
            tr(", closed") if (e or "").endswith("!") else "")
        return f" ({text}{spinner_note(move, layout, rules)})"
    return f" ({move_label(move, layout, rules)})"


def fives_after(move: Move, state: GameState) -> str:
    """After a play in a game that scores on the table (``Rules.table_points``): the open
    ends and the points scored (or nothing)."""
    points = state.rules.table_points
    if move.kind != "play" or points is None:
        return ""
    pts = points(state.layout, state.rules)
    return ("; " + tr("the open ends add up to {total}: +{points}").format(
        total=state.layout.end_sum(), points=pts)) if pts else ""


def why_not(state: GameState, tile: Tile, end: str | None = None) -> str:
    """The engine's reason why no move with ``tile`` (at ``end``) is legal now."""
    ends: list[str | None] = [end] if end else [e for e, _ in state.open_ends()] or [None]
    reasons = []
    for e in ends:
        try:
            state.check(Play(tile, e, state.current_player))
        except DominoError as err:
            reasons.append(str(err))
    if not reasons:   # the single play is legal on its own but not in this turn mode
        return tr("{tile} cannot be played now: {rule}").format(tile=tile, rule=state.mode_rule())
    # prefer a reason other than "does not match" when there is one (it says more)
    special = [r for r in reasons if "does not match" not in r]
    return special[0] if special else reasons[0]


# -- the table --------------------------------------------------------------------------

def ends_text(state: GameState) -> str:
    """The open ends (or arms) in words, or what may lead on an empty table."""
    ends = state.open_ends()
    if not ends and state.layout.is_empty():
        return tr("The table is empty: {what}").format(what=(
            tr("lead {tiles}").format(tiles=(" " + tr("or") + " ").join(
                str(t) for t in state.lead)) if state.lead
            else tr("any tile leads")))
    if is_cross(state.layout):
        return cross_ends_text(state)
    words = state.layout.end_words
    text = tr("Open ends: {ends}").format(ends=", ".join(
        f"{k} ({tr(words[e]) if e in words else e})" for e, k in ends))
    marked = state.rules.marked_ends(state) if state.rules.marked_ends else []
    if marked:
        text += tr("; markers out: {ends}").format(
            ends=", ".join(tr(words[e]) if e in words else e for e in marked))
    return text


def cross_ends_text(state: GameState) -> str:
    """The open arms of a cross in words, with what is closed or not open yet and (in the
    fives games) their sum."""
    lay = state.layout
    assert isinstance(lay, SpinnerLayout), "called for a cross only (see is_cross)"
    ends = lay.open_ends()
    word = spinner_word(state.rules)
    text = (tr("Open arms: {arms}").format(arms=", ".join(f"{arm_word(e)} {k}"
                                                          for e, k in ends)) if ends
            else tr("No open arm: every arm is closed"))
    closed = lay.closed_ends()
    if closed:
        text += tr("; closed: {arms}").format(arms=", ".join(arm_word(e) for e in closed))
    if lay.spinner is None:
        text += tr(" (no {word} yet: the first double played open opens north and south)"
                   ).format(word=word)
    elif not lay.cross_open():
        text += tr(" (north and south open once both sides of the {word} are played)"
                   ).format(word=word)
    if state.rules.table_points is not None:
        total = lay.end_sum()
        text += (tr(". The ends add up to {total} (a multiple of 5)") if total and total % 5 == 0
                 else tr(". The ends add up to {total}")).format(total=total)
    return text


def fives_view(state: GameState, names: SeatNames) -> dict[str, Any] | None:
    """The points scored on the table so far in this round (the multiples-of-five games,
    ``Rules.table_points``): a note for each scoring move of the log, and the total per
    side; None in other games."""
    if state.rules.table_points is None:
        return None
    notes = [""] * len(state.history)
    per_player = [0] * state.players
    plays = [0] * state.players
    for ply, p, total, pts in state.table_points_log():
        notes[ply] = tr("ends {total}: +{points}").format(total=total, points=pts)
        per_player[p] += pts
        plays[p] += 1
    rows = [{"team": names.team(team), "points": sum(per_player[p] for p in team),
             "plays": sum(plays[p] for p in team)} for team in state.teams]

    def side(r: dict[str, Any]) -> str:
        n = r["plays"]
        return f"{r['team']} {r['points']}" + (ngettext(
            " ({n} scoring play)", " ({n} scoring plays)", n).format(n=n) if n else "")

    sides = ", ".join(side(r) for r in rows)
    text = tr("Fives this round: {sides}").format(sides=sides)
    return {"text": text, "rows": rows, "notes": notes, "sides": sides}


def boneyard_text(state: GameState) -> str:
    """The boneyard in words: how many tiles, how many may not be drawn, or none at all."""
    r = state.rules
    if r.draw == "none":
        aside = state.boneyard_count()
        return (tr("No drawing in {game}").format(game=r.name) + (
            " (" + ngettext("{n} tile set aside", "{n} tiles set aside", aside).format(n=aside)
            + ")" if aside else ""))
    if not state.bone:
        return tr("No boneyard: every tile was dealt")
    left = state.boneyard_count()
    if left == 0:
        return tr("Boneyard: empty")
    keep = (", " + tr("the last {n} may not be drawn").format(n=r.keep)) if r.keep else ""
    return tr("Boneyard: {tiles}").format(
        tiles=ngettext("{n} tile", "{n} tiles", left).format(n=left)) + keep


def turn_text(state: GameState, names: SeatNames, me: int | None) -> str:
    """Whose turn it is: "Your turn (P1)", "P2 (heuristic bot) to move", "Round over"."""
    if state.is_over():
        return tr("Round over")
    if me is not None and state.current_player == me:
        return tr("Your turn (P{k})").format(k=me + 1)
    return tr("{player} to move").format(player=names.player(state.current_player))


# -- the score and the end of a round --------------------------------------------------------

def scores_view(match: Match | None, names: SeatNames, finished: bool) -> dict[str, Any]:
    """The match score: one row per team and a line saying what the match is played to."""
    if match is None:
        return {"rows": [], "text": tr("A single round (loaded or given): no match score.")}
    rules = match.rules
    kind = tr("penalties") if rules.penalties else tr("points")
    rows = []
    for t, members in enumerate(match.teams):
        out = (" " + tr("(out)")) if len(members) == 1 and members[0] in match.eliminated else ""
        rows.append({"team": names.seat_team(members) + out, "score": match.scores[t]})
    if rules.opt("eliminate"):
        aim = tr("{n} sticks put a player out; the last one left wins").format(n=rules.target)
    elif rules.match_deals:
        aim = (f"{kind}: {rules.match_deals} rounds, the "
               f"{'lowest' if rules.penalties else 'highest'} total wins")
    elif rules.penalties:
        aim = tr("{kind}: the first to {n} loses").format(kind=kind, n=rules.target)
    else:
        aim = tr("{kind}: the first to {n} wins").format(kind=kind, n=rules.target)
    text = tr("Match, round {k}; {aim}").format(k=match.round_no + (0 if finished else 1),
                                                aim=aim)
    if match.eggs:
        text += "; " + tr("eggs carried: {eggs}").format(eggs=match.eggs)
    return {"rows": rows, "text": text}


def round_panel(state: GameState, match: Match | None, names: SeatNames,
                notes_seen: int) -> dict[str, Any]:
    """The panel shown when a round is over: how it ended, who wins, each hand and its
    points, the team totals, fives, eggs, titles and the match's new notes
    (``notes_seen``: how many of ``match.notes`` were shown before this round)."""
    res = state.result()
    head = {"out": tr("{player} went out").format(player=names.player(res.finisher))
            if res.finisher is not None else tr("A player went out"),
            "blocked": tr("The round is blocked"), "void": tr("The round does not count"),
            "redeal": tr("Redeal")}.get(res.end, res.end)
    if res.winning_team is not None and res.end not in ("void", "redeal"):
        wt = state.teams[res.winning_team]
        single = len(wt) == 1 and not names.is_human(wt[0])
        head += "; " + (tr("{team} wins the round") if single else
                        tr("{team} win the round")).format(team=names.team(wt))
    lines = [res.reason] if res.reason else []
    kind = tr("penalty") if res.penalties else tr("points")
    rows = [{"who": names.player(p), "hand": str(state.hand(p)) or tr("(empty)"),
             "value": res.pips[p] if p < len(res.pips) else "",
             "points": res.points[p] if p < len(res.points) else ""}
            for p in range(state.players)]
    if len(state.teams) < state.players:
        lines.append(tr("Team {kind}: {teams}").format(kind=kind, teams=", ".join(
            f"{names.team(t)} {res.team_points[i]}" for i, t in enumerate(state.teams))))
    lines.extend(res.notes)
    fives = fives_view(state, names)
    if fives:
        lines.append(tr("Fives scored during the round: {sides}").format(sides=fives["sides"]))
    if res.eggs:
        lines.append(tr("Eggs carried to the next round: {eggs}").format(eggs=res.eggs))
    for t, title in res.titles.items():
        lines.append(tr("Title: {team} — {title}").format(team=names.team(state.teams[t]),
                                                          title=tr(title)))
    match_over = False
    standings = ""
    if match is not None:
        lines.extend(match.notes[notes_seen:])
        match_over = match.is_over()
        standings = match.standings()
    return {"headline": head, "lines": lines, "rows": rows, "kind": kind,
            "value_name": tr("hand value") if res.end != "void" else tr("pips"),
            "blocked": res.end == "blocked",
            "match_over": match_over, "standings": standings,
            "can_next": match is not None and not match_over}


def why_blocked(state: GameState) -> str:
    """Why the round ended in a block (or that it did not): the open ends and the hands."""
    if state.ended != "blocked":
        return (tr("The round is not blocked.") if not state.is_over()
                else tr("The round ended '{end}', not in a block.").format(end=state.ended))
    ends = sorted({k for _, k in state.open_ends() if k >= 0})
    nums = (" " + tr("and") + " ").join(map(str, ends))
    left = state.boneyard_count()
    bone = (tr("the boneyard is empty") if left == 0 else
            tr("the {n} tile(s) left in the boneyard may not be drawn").format(n=left))
    text = (tr("Blocked: the open ends show {numbers}; no hand holds a tile with that "
               "number, and {boneyard}.") if len(ends) == 1 else
            tr("Blocked: the open ends show {numbers}; no hand holds a tile with any of "
               "those numbers, and {boneyard}.")).format(numbers=nums, boneyard=bone)
    counts = []
    suit = state.rules.set_max + 1              # the tiles that show k: k:0 .. k:n
    for k in ends:
        seen = sum(1 for a, b in state.layout.pairs() if k in (a, b))
        counts.append(tr("all {n} tiles with {k} are out").format(n=suit, k=k) if seen >= suit
                      else tr("{n} tiles with {k} on the table").format(n=seen, k=k))
    if counts:
        text += " (" + "; ".join(counts) + ".)"
    return text


# -- analysis ------------------------------------------------------------------------------

def value_text(result: Analysis, penalties: bool) -> str:
    """The solver's verdict in words: the value for the side to move and the best moves."""
    side = " & ".join(f"P{p + 1}" for p in result.side) or tr("the side to move")
    best = ", ".join(m.body() for m in result.best_moves) or "-"
    measure = (tr("penalties: the others' minus theirs") if penalties
               else tr("points: theirs minus the others'"))
    return tr("Double-dummy value {value} for {side} ({measure}); best: {best}").format(
        value=f"{result.value:+d}", side=side, measure=measure, best=best)


def hint_text(move: Move, words: str) -> str:
    """The sampling bot's choice in words (``words``: :func:`move_words` of the move)."""
    where = f" — {words.strip()[1:-1]}" if words else ""
    return tr("Hint: play {move}{where} (the sampling bot's choice: it deals the hidden tiles "
              "many ways and solves each deal)").format(move=move.body(), where=where)


def train_hint(state: GameState, seed: int) -> str:
    """On trains: the planner bot's choice, and the best train the hand can lay from its own
    train's end (from the engine, before the engine is placed), in words."""
    move = PlannerBot(seed=seed).choose(state)
    lay = state.layout
    assert isinstance(lay, TrainLayout), "called for trains only"
    p = state.current_player
    lead = state.lead or ()
    start = lay.train_end(train_name(p)) if not lay.is_empty() else lead[0].low if lead else 0
    train = best_train([t for t in state.hand(p) if t not in lead], start,
                       max_nodes=PlannerBot.MAX_NODES, partial=True)
    words = move_words(move, lay, state.rules)
    where = f" — {words.strip()[1:-1]}" if words else ""
    return (f"Hint: play {move.body()}{where} (the planner's choice: it keeps the best "
            f"train of your hand and sheds the other tiles first); {train.summary()}"
            + ("" if train.exact else " (the best found: the hand is too big for the exact "
               "search)"))


def unfinished_text(reason: str) -> str:
    """An analysis stopped at its limit (``reason``: what the limit was)."""
    return tr("analysis not available: {reason} (fewer tiles later in the round make it "
              "fast)").format(reason=reason)


# -- the page's own words ------------------------------------------------------------------

#: the words the page writes itself (static/game_board.js looks each up in view["words"])
PAGE_WORDS = (
    N_("the players"), N_("the table"),
    N_("your hand (arrows choose a tile, Enter plays, L/R pick the end)"),
    N_("your hand (arrows choose a tile, Enter plays, W/E/N/S pick the arm, Shift+letter "
       "closes the double)"),
    N_("where to play the chosen tile"), N_("end of the round"), N_("Moves"),
    N_("record file to load"), N_("Every seat is played by a bot."),
    N_("Your hand — click a tile to play it:"), N_("Your hand:"), N_("play domino"),
    N_("Cancel"), N_("cancel the choice"), N_("Bots: "), N_("bot speed"), N_("Draw"),
    N_("draw a tile from the boneyard"), N_("Pass"), N_("pass"), N_("Hint"), N_("hint"),
    N_("Show value"), N_("show value"), N_("Why blocked?"), N_("why blocked?"), N_("Undo"),
    N_("undo"), N_("Save record"), N_("save record"), N_("Load record…"), N_("load record"),
    N_("The match is over."), N_("Next round"), N_("next round"), N_("New match"),
    N_("new match"), N_("undo last move"), N_("player"), N_("hand left"), N_("instant"),
    N_("quick"), N_("normal"), N_("slow"), N_("Post-mortem"),
    N_("post-mortem: what your moves cost"), N_("post-mortem of your moves"),
)


def page_words(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with the page's own words in the current language: ``lang``, ``words``
    (buttons, captions, screen-reader labels) and, outside English, the lines the page
    would otherwise put together in English (a seat's line, the choices' caption)."""
    view["lang"] = get_language()
    view["words"] = {} if view["lang"] == "en" else {w: tr(w) for w in PAGE_WORDS}
    if view["lang"] != "en":
        for seat in view["seats"]:
            seat["line"] = (seat["name"]
                            + (" · " + tr("team {k}").format(k=seat["team"])
                               if seat["team"] else "")
                            + ": " + ngettext("{n} tile", "{n} tiles", seat["count"])
                            .format(n=seat["count"])
                            + (" — " + tr("to move") if seat["turn"] else ""))
        if view.get("choices"):
            view["choices_caption"] = (tr("Play {tile} on:") if view.get("cross") else
                                       tr("Play {tile} at:")).format(tile=view["pending"])
    return view
