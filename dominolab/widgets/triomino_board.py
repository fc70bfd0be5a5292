"""Play triominoes against bots on the triangular grid: pick a tile, pick where it goes.

The human sits at seat 0 (P1); the others are bots (``greedy`` by default; ``random``
and ``lookahead`` too). Every tile of the hand is a button ("triomino 1-3-5, worth 9,
fits 4 ways"); pressing one lists every place it may go, each a button a screen reader
names in full — "place 1-3-5 pointing up at row 2, column 4, scores 9 + 50 hexagon =
59" — and drawn on the table as a dashed outline that can be clicked too. Arrow keys
move between the places (the outline of the focused one is marked); Enter lays the
tile. The table pans and zooms inside the widget (drag, the arrow keys on the focused
table, + and −, or the buttons), so a phone can reach every corner of a large table.
Drawing and passing are buttons of their own, enabled only when the rules allow them.
The engine (:mod:`dominolab.triominoes.game`) checks every move: a refused one shows
why in the status line and nothing changes.

>>> w = TriominoBoard(seed=5)
>>> len(w.hand), w.seats[0]["name"], w.round_over
(9, 'You', False)
>>> w.select("0-0-1"); w.error
'you do not hold 0-0-1'
>>> while not w.round_over:          # let the hint choose every move
...     w.hint(); w.accept_hint()
>>> w.round_over, w.result[0].startswith(("You", "P2")), w.status.endswith("Next round?")
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import traitlets

from .. import display
from ..errors import BoardError, DominoError, IllegalMove
from ..i18n import N_, get_language, ngettext, normalise, tr, using
from ..render.triominoes import board_svg, triomino_set_svg, triomino_svg
from ..triominoes.bots import BOTS, make_bot
from ..triominoes.game import RULES, TriominoMatch, TriominoMove, TriominoRound, TriominoRules
from ..triominoes.grid import Placement, points_up
from ..triominoes.tiles import Triomino, triomino
from ._base import Message, handles, speaking
from ._display import SizedWidget

__all__ = ["TriominoBoard"]


class TriominoBoard(SizedWidget):
    """A triomino match: you (seat 0) against bots; rounds follow one another to 400.

    Python API (the buttons call the same): :meth:`select`, :meth:`place`,
    :meth:`play`, :meth:`draw`, :meth:`pass_turn`, :meth:`hint`, :meth:`accept_hint`,
    :meth:`next_round`.
    """

    _static_esm = ("display.js", "triomino_board.js")
    #: the page sends requests only; it sets no state
    _from_browser = frozenset[str]()
    _static_css = ("widgets.css", "triomino_board.css", "display.css")

    #: your tiles: position, tile, accessible name, selected, how many places it fits
    hand: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    #: where the selected tile may go: index, accessible name, short text, points
    options: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    #: the seats: name, tiles left, this round's points, the match score, to play
    seats: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    #: whether drawing / passing is your legal move now
    can_draw = traitlets.Bool(False).tag(sync=True)
    can_pass = traitlets.Bool(False).tag(sync=True)
    boneyard = traitlets.Int(0).tag(sync=True)
    boneyard_text = traitlets.Unicode("").tag(sync=True)
    log: traitlets.List[str] = traitlets.List([]).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    guide = traitlets.Unicode("").tag(sync=True)
    round_over = traitlets.Bool(False).tag(sync=True)
    match_over = traitlets.Bool(False).tag(sync=True)
    #: the round's end, in lines, once it is over
    result: traitlets.List[str] = traitlets.List([]).tag(sync=True)
    #: the table, with the selected tile's places as dashed outlines
    svg = traitlets.Unicode("").tag(sync=True)
    #: the option the last hint chose (-1: none)
    hinted = traitlets.Int(-1).tag(sync=True)
    #: bumped on every redraw (browser tests wait on it)
    tick = traitlets.Int(0).tag(sync=True)
    #: the page's own words in the widget's language (empty: English)
    words = traitlets.Dict({}).tag(sync=True)

    def __init__(self, players: int = 2, seed: int | None = None,
                 bots: Sequence[str] | None = None, rules: TriominoRules = RULES,
                 pips: bool = False, *, lang: str | None = None, **kwargs: Any) -> None:
        #: the widget's own language (None: the process's, see dominolab.i18n)
        self.lang = None if lang is None else normalise(lang, "TriominoBoard lang")
        super().__init__(**kwargs)
        rules.hand_size(players)                  # 2..6 players, or a clear error
        names = tuple(bots) if bots is not None else ("greedy",) * (players - 1)
        if len(names) != players - 1:
            raise BoardError(tr("{k} bots sit with you in a game of {n}, not {m}").format(
                k=players - 1, n=players, m=len(names)))
        for name in names:
            if not isinstance(name, str) or name not in BOTS:
                raise BoardError(tr("no triomino bot {name}; the bots are {bots}").format(
                    name=repr(name), bots=", ".join(sorted(BOTS))))
        with using(self.lang):
            self._set_up(players, seed, names, rules, pips)

    def _set_up(self, players: int, seed: int | None, names: tuple[str, ...],
                rules: TriominoRules, pips: bool) -> None:
        self.pips = bool(pips)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise BoardError(f"TriominoBoard seed is a whole number, not {seed!r:.60}")
        self.match = TriominoMatch(players=players, seed=seed, rules=rules)
        self.bots = [make_bot(b, 0 if seed is None else seed + k) for k, b in enumerate(names)]
        self._bot_names = names
        self._names = [tr("You")] + [f"P{k + 2} ({b})" for k, b in enumerate(names)]
        self._sel: int | None = None
        self._hint: TriominoMove | None = None
        self._seen = 0                 # history entries already in the log
        self._log: list[str] = []
        self._banked = False           # this round's points added to the match
        self._start_round()

    # -- reading --------------------------------------------------------------------
    @property
    def state(self) -> TriominoRound:
        """The round being played."""
        return self.match.rounds[-1]

    @property
    def selected(self) -> Triomino | None:
        """The tile of your hand that is selected, if any."""
        mine = self.state.hands[0]
        return mine[self._sel] if self._sel is not None and self._sel < len(mine) else None

    def placements(self) -> list[Placement]:
        """Where the selected tile may go now (the order of :attr:`options`)."""
        t = self.selected
        if t is None or self.round_over or self.state.current != 0:
            return []
        return [m.placement for m in self.state.legal_moves()
                if m.kind == "play" and m.placement is not None and m.placement.tile == t]

    # -- actions --------------------------------------------------------------------
    def select(self, tile: object) -> None:
        """Select a tile of your hand: its position (0, 1, …) or the tile ("1-3-5")."""
        with self._showing_errors():
            self._sel = self._position(tile)
            self.error = ""
        self._refresh()

    def _position(self, tile: object) -> int:
        mine = self.state.hands[0]
        if isinstance(tile, int) and not isinstance(tile, bool):
            if not 0 <= tile < len(mine):
                raise BoardError(tr("no tile at position {k} of your hand ({n} tiles)").format(
                    k=tile, n=len(mine)))
            return tile
        t = triomino(tile) if isinstance(tile, (str, Triomino)) else None
        if t is None:
            raise BoardError(tr("a tile of your hand is its position or text such as '1-3-5', "
                                "not {kind}").format(kind=type(tile).__name__))
        if t not in mine:
            raise IllegalMove(tr("you do not hold {tile}").format(tile=t))
        return mine.index(t)

    def place(self, k: object) -> None:
        """Lay the selected tile on the place numbered ``k`` of :attr:`options`."""
        try:
            places = self.placements()
            if self.selected is None:
                raise IllegalMove(tr("select a tile of your hand first"))
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(places):
                raise BoardError(tr("no place {k} for {tile}: it has {n}").format(
                    k=repr(k), tile=self.selected, n=len(places)))
            self._move(TriominoMove("play", places[k]))
        except DominoError as e:
            self.error = str(e)
            self._refresh()

    def play(self, tile: object, cell: Sequence[int], turn: int | None = None) -> None:
        """Lay ``tile`` on ``cell`` (row, column); ``turn`` chooses among its turnings when
        more than one fits there."""
        try:
            self._sel = self._position(tile)
            if (not isinstance(cell, (tuple, list)) or len(cell) != 2
                    or any(isinstance(v, bool) or not isinstance(v, int) for v in cell)):
                raise BoardError(tr("a cell is (row, column), not {cell}").format(cell=repr(cell)))
            there = [p for p in self.placements() if p.cell == tuple(cell)
                     and (turn is None or p.turn == turn)]
            t = self.selected
            if not there:
                why = self.state.board.why_not(Placement(t, (cell[0], cell[1]), turn or 0)) \
                    if t is not None and self.state.board else None
                raise IllegalMove(tr("{tile} cannot go on {cell}").format(tile=t, cell=tuple(cell))
                                  + (f": {why}" if why else ""))
            if len(there) > 1:
                raise IllegalMove(tr("{tile} fits on {cell} turned {n} ways: give turn= one of "
                                     "{turns}").format(tile=t, cell=tuple(cell), n=len(there),
                                                       turns=[p.turn for p in there]))
            self._move(TriominoMove("play", there[0]))
        except DominoError as e:
            self.error = str(e)
            self._refresh()

    def draw(self) -> None:
        """Draw a tile from the boneyard (when you have no tile that fits)."""
        self._do(TriominoMove("draw"))

    def pass_turn(self) -> None:
        """Pass (after three draws, or with the boneyard empty)."""
        self._do(TriominoMove("pass"))

    def _do(self, move: TriominoMove) -> None:
        try:
            self._move(move)
        except DominoError as e:
            self.error = str(e)
            self._refresh()

    def _move(self, move: TriominoMove) -> None:
        if self.round_over:
            raise IllegalMove(tr("the round is over: start the next round"))
        g = self.state
        if g.current != 0:
            raise IllegalMove(tr("it is {who}'s turn").format(who=self._names[g.current]))
        g.play(move)                     # the engine refuses what the rules do not allow
        self.error = ""
        self._sel = None
        self._hint = None
        self._bots_move()
        self._refresh()

    def hint(self) -> None:
        """Choose what the greedy bot would do in your seat: select its tile and mark its
        place (:meth:`accept_hint` or the place's button plays it)."""
        with self._showing_errors():
            g = self.state
            if self.round_over or g.current != 0:
                raise IllegalMove(tr("a hint is for your turn"))
            move = make_bot("greedy")(g)
            self._hint = move
            if move.placement is not None:
                self._sel = g.hands[0].index(move.placement.tile)
                self.status = tr("Hint: {what}.").format(what=self._place_words(move.placement))
            else:
                self.status = (tr("Hint: draw (no tile of yours fits).") if move.kind == "draw"
                               else tr("Hint: pass (no tile of yours fits)."))
            self.error = ""
        self._refresh(keep_status=True)

    def accept_hint(self) -> None:
        """Play the move the last hint chose."""
        try:
            if self._hint is None:
                raise IllegalMove(tr("ask for a hint first"))
            self._move(self._hint)
        except DominoError as e:
            self.error = str(e)
            self._refresh()

    def next_round(self) -> None:
        """Deal the next round (after a match is won: a new match)."""
        with self._showing_errors():
            if not self.round_over:
                raise IllegalMove(tr("finish this round first"))
            if self.match.is_over():
                m = self.match
                self.match = TriominoMatch(players=m.players, rules=m.rules,
                                           seed=m._rng.randrange(2 ** 62))
            self.error = ""
            self._start_round()
            return
        self._refresh()

    # -- the round --------------------------------------------------------------------
    def _start_round(self) -> None:
        g = self.match.new_round()
        self._banked = False
        self._sel = self._hint = None
        self._seen = 0
        lead = g.lead_tile
        self._log = [tr("Round {k}: {who} holds the lead tile {tile}.").format(
            k=len(self.match.rounds), who=self._names[g.leader], tile=lead)]
        self._bots_move()
        self._refresh()

    def _bots_move(self) -> None:
        g = self.state
        while not g.is_over() and g.current != 0:
            g.play(self.bots[g.current - 1](g))
        self._note()
        if g.is_over() and not self._banked:
            self.match.finish_round()
            self._banked = True

    def _note(self) -> None:
        g = self.state
        for h in g.history[self._seen:]:
            who = self._names[h.player]
            if h.move.kind == "play":
                assert h.move.placement is not None
                notes = [self._note_words(n) for n in h.notes]
                why = f" ({', '.join(notes)})" if notes else ""
                self._log.append(f"{who}: {self._where(h.move.placement)}, {h.points:+d}{why}")
            elif g.end == "blocked" and h is g.history[-1] and h.notes:
                self._log.append(tr("Blocked: {who} {points} ({why})").format(
                    who=who, points=f"{h.points:+d}", why=self._note_words(h.notes[0])))
            else:
                what = tr("draws") if h.move.kind == "draw" else tr("passes")
                self._log.append(f"{who}: {what}, {h.points:+d}")
        self._seen = len(g.history)

    # -- words --------------------------------------------------------------------------
    @staticmethod
    def _where(p: Placement) -> str:
        text = (tr("{tile} pointing up at row {r}, column {c}") if points_up(p.cell)
                else tr("{tile} pointing down at row {r}, column {c}"))
        return text.format(tile="-".join(map(str, p.numbers())), r=p.cell[0], c=p.cell[1])

    def _left_with_others(self) -> int:
        """The corner sums left in the hands of everyone but the round's winner."""
        g = self.state
        return sum(t.value for k, h in enumerate(g.hands) if k != g.winner for t in h)

    def _note_words(self, note: str) -> str:
        """An engine note ("bridge", "out: 25 + 47 left in the other hands", …) in words of
        the board's language."""
        if note in _NOTES:
            return tr(_NOTES[note])
        g = self.state
        if note.startswith("out: "):
            return tr("out: {bonus} + {rest} left in the other hands").format(
                bonus=g.rules.out_bonus, rest=self._left_with_others())
        if note.startswith("blocked: "):
            sums = [sum(t.value for t in h) for h in g.hands]
            low = g.winner if g.winner is not None else 0
            return tr("blocked: the others' {others} minus his own {own}").format(
                others=sum(sums) - sums[low], own=sums[low])
        return note

    def _score_words(self, p: Placement) -> tuple[int, str]:
        g, r = self.state, self.state.rules
        pts, notes = g.score_of(p)
        if not g.board:
            text = tr("scores {points} ({why})").format(points=pts, why=self._note_words(notes[0]))
        else:
            parts = [str(p.tile.value)]
            rest = pts - p.tile.value
            for note in notes:
                bonus = r.bridge_bonus if note == "bridge" else rest
                rest -= bonus
                parts.append(f"{bonus} {self._note_words(note)}")
            text = tr("scores {sum}").format(
                sum=" + ".join(parts) + (f" = {pts}" if len(parts) > 1 else ""))
        if len(g.hands[g.current]) == 1:
            text += tr(", and you go out")
        return pts, text

    def _place_words(self, p: Placement) -> str:
        return tr("place {where}, {score}").format(where=self._where(p),
                                                   score=self._score_words(p)[1])

    # -- state for the browser --------------------------------------------------------
    def _refresh(self, keep_status: bool = False) -> None:
        g = self.state
        self.round_over = g.is_over()
        self.match_over = self.round_over and self.match.is_over()
        mine = g.hands[0]
        if self._sel is not None and self._sel >= len(mine):
            self._sel = None
        my_turn = not self.round_over and g.current == 0
        legal = g.legal_moves() if my_turn else []
        fits: dict[Triomino, int] = {}
        for m in legal:
            if m.placement is not None:
                fits[m.placement.tile] = fits.get(m.placement.tile, 0) + 1
        places = self.placements()
        hint_at = (places.index(self._hint.placement) if self._hint is not None
                   and self._hint.placement in places else -1)
        with self._drawing():
            small = _numeral_size(34)
            self.hand = [{"pos": i, "tile": str(t), "value": t.value, "fits": fits.get(t, 0),
                          "selected": i == self._sel,
                          "label": (tr("triomino {tile}, worth {value}, ").format(
                                        tile=t, value=t.value)
                                    + (ngettext("fits {n} way", "fits {n} ways", fits[t]).format(
                                        n=fits[t]) if t in fits else tr("fits nowhere now"))),
                          "svg": str(triomino_svg(t, size=small, pips=self.pips))}
                         for i, t in enumerate(mine)]
        opts = []
        for k, p in enumerate(places):
            pts, words = self._score_words(p)
            opts.append({"k": k, "label": tr("place {where}, {score}").format(
                             where=self._where(p), score=words),
                         "text": tr("{arrow} row {r}, col {c}: {points}").format(
                             arrow="↑" if points_up(p.cell) else "↓", r=p.cell[0], c=p.cell[1],
                             points=pts),
                         "points": pts, "hinted": k == hint_at})
        self.options = opts
        self.hinted = hint_at
        self.can_draw = any(m.kind == "draw" for m in legal)
        self.can_pass = any(m.kind == "pass" for m in legal)
        self.boneyard = len(g.boneyard)
        total = self.match.scores
        seats = []
        for k in range(g.players):
            score = total[k] + (0 if self._banked else g.scores[k])
            turn = k == g.current and not self.round_over
            line = tr("{name}: {tiles}, {points} this round, score {score}").format(
                name=self._names[k], tiles=ngettext("{n} tile", "{n} tiles",
                                                    len(g.hands[k])).format(n=len(g.hands[k])),
                points=f"{g.scores[k]:+d}", score=score) + (tr(" — to play") if turn else "")
            seats.append({"seat": k, "name": self._names[k], "tiles": len(g.hands[k]),
                          "round": g.scores[k], "score": score, "turn": turn, "line": line})
        self.seats = seats
        self.boneyard_text = ngettext("{n} tile to draw", "{n} tiles to draw",
                                      len(g.boneyard)).format(n=len(g.boneyard))
        self.log = self._log[-40:]
        if self.round_over:
            self.result = self._result_lines()
            self.guide = tr("The round is over.")
            if not keep_status:
                if self.match_over:
                    w = self.match.winner()
                    assert w is not None
                    self.status = tr("{who} won the match with {score}. Next round? (a new "
                                     "match)").format(who=self._names[w], score=total[w])
                else:
                    self.status = tr("The round is over. Next round?")
        else:
            self.result = []
            self.guide = self._guide(my_turn, places)
            if not keep_status:
                self.status = (tr("Your turn.") if my_turn
                               else tr("{who} to play.").format(who=self._names[g.current]))
        with self._drawing():
            last = [g.history[-1].move.placement.cell] if (
                g.history and g.history[-1].move.placement is not None) else []
            ghosts = [(p.cell, p.numbers(), str(o["label"])) for p, o in zip(places, opts)]
            self.svg = str(board_svg(g.board, size=_numeral_size(56), pips=self.pips,
                                     highlight=last, targets=ghosts))
        r = g.rules
        self.words = {} if get_language() == "en" else {w: tr(w) for w in _PAGE_WORDS}
        self.words["draw a tile (minus {n})"] = tr("draw a tile (minus {n})").format(
            n=r.draw_penalty)
        self.words["pass (minus {n})"] = tr("pass (minus {n})").format(n=r.pass_penalty)
        self.tick += 1

    def _result_lines(self) -> list[str]:
        g = self.state
        assert g.winner is not None
        who = self._names[g.winner]
        last = g.history[-1]
        if g.end == "out":
            head = tr("{who} went out: {bonus} + {rest} left in the other hands").format(
                who=who, bonus=g.rules.out_bonus, rest=self._left_with_others())
        else:
            head = tr("{who} held the least when the round blocked: {why}").format(
                who=who, why=self._note_words(last.notes[0]))
        lines = [head]
        for k in range(g.players):
            lines.append(tr("{who}: {points} this round, {total} in all").format(
                who=self._names[k], points=f"{g.scores[k]:+d}", total=self.match.scores[k]))
        return lines

    def _guide(self, my_turn: bool, places: list[Placement]) -> str:
        if not my_turn:
            return ""
        r = self.state.rules
        if not self.state.board:
            return tr("You lead: press your lead tile, then its place.")
        if self.can_draw:
            return tr("No tile of yours fits: draw one (−{n}).").format(n=r.draw_penalty)
        if self.can_pass:
            return tr("No tile of yours fits and you cannot draw: pass (−{n}).").format(
                n=r.pass_penalty)
        t = self.selected
        if t is None:
            return tr("Press a tile of your hand to see where it fits.")
        if not places:
            return tr("{tile} fits nowhere now: choose another tile.").format(tile=t)
        return ngettext("{tile} fits {n} way: choose a place (arrow keys move between them, "
                        "Enter lays the tile).",
                        "{tile} fits {n} ways: choose a place (arrow keys move between them, "
                        "Enter lays the tile).", len(places)).format(tile=t, n=len(places))

    def _rescaled(self) -> None:
        self._refresh(keep_status=True)

    def _still_svg(self) -> str:
        if self.state.board:
            return self.svg
        # nothing on the table yet (you lead): the still shows your hand instead
        return str(triomino_set_svg(self.state.hands[0], size=_numeral_size(48), per_row=9,
                                    pips=self.pips))

    # -- requests from the browser ----------------------------------------------------
    @handles("select")
    def _on_select(self, msg: Message) -> None:
        self.select(msg.get("pos"))

    @handles("place")
    def _on_place(self, msg: Message) -> None:
        self.place(msg.get("k"))

    @handles("draw")
    def _on_draw(self) -> None:
        self.draw()

    @handles("pass")
    def _on_pass(self) -> None:
        self.pass_turn()

    @handles("hint")
    def _on_hint(self) -> None:
        self.hint()

    @handles("next_round")
    def _on_next(self) -> None:
        self.next_round()


def _numeral_size(size: float) -> float:
    """A triomino's side, raised in the presentation size until its corner numbers (a fifth
    of the side, see :mod:`dominolab.render.triominoes`) show 26 px or more."""
    s = display.scale()
    return size if s <= 1 else max(size, 26 / (0.2 * s))


#: the engine's notes on a move, as messages
_NOTES = {"bridge": N_("bridge"), "hexagon": N_("hexagon"), "double hexagon": N_("double hexagon"),
          "triple hexagon": N_("triple hexagon"), "a triple led": N_("a triple led"),
          "0-0-0 led": N_("0-0-0 led"), "the highest tile led": N_("the highest tile led")}

#: the page's own words (static/triomino_board.js), translated for the page
_PAGE_WORDS = (
    N_("Triominoes: you are P1, against the bots"), N_("players"),
    N_("the table: arrow keys pan, plus and minus zoom, 0 shows it all; drag to pan"),
    N_("zoom in"), N_("zoom out"), N_("Fit"), N_("show the whole table"),
    N_("your tiles (press one to see where it fits)"),
    N_("places for the selected tile (arrow keys move, Enter lays it)"), N_("Draw"), N_("Pass"),
    N_("Hint"), N_("hint: choose what the greedy bot would play"), N_("Next round"),
    N_("New match"), N_("deal the next round"), N_("Moves so far:"),
    N_("presentation size (P)"), N_("Presentation size"),
)

# every way in (a cell's call, a page message) speaks the board's language
for _name in ("_on_message", "select", "place", "play", "draw", "pass_turn", "hint",
              "accept_hint", "next_round", "_refresh"):
    setattr(TriominoBoard, _name, speaking(getattr(TriominoBoard, _name)))

