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
from ..render.triominoes import board_svg, triomino_svg
from ..triominoes.bots import BOTS, make_bot
from ..triominoes.game import RULES, TriominoMatch, TriominoMove, TriominoRound, TriominoRules
from ..triominoes.grid import Placement, points_up
from ..triominoes.tiles import Triomino, triomino
from ._base import Message, handles
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

    def __init__(self, players: int = 2, seed: int | None = None,
                 bots: Sequence[str] | None = None, rules: TriominoRules = RULES,
                 pips: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        rules.hand_size(players)                  # 2..6 players, or a clear error
        names = tuple(bots) if bots is not None else ("greedy",) * (players - 1)
        if len(names) != players - 1:
            raise BoardError(f"{players - 1} bot{'s' * (players > 2)} sit with you in a game "
                             f"of {players}, not {len(names)}")
        for name in names:
            if not isinstance(name, str) or name not in BOTS:
                raise BoardError(f"no triomino bot {name!r}; the bots are "
                                 f"{', '.join(sorted(BOTS))}")
        self.pips = bool(pips)
        self.match = TriominoMatch(players=players, seed=seed, rules=rules)
        self.bots = [make_bot(b, 0 if seed is None else seed + k) for k, b in enumerate(names)]
        self._names = ["You"] + [f"P{k + 2} ({b})" for k, b in enumerate(names)]
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
                raise BoardError(f"no tile at position {tile} of your hand ({len(mine)} tiles)")
            return tile
        t = triomino(tile) if isinstance(tile, (str, Triomino)) else None
        if t is None:
            raise BoardError(f"a tile of your hand is its position or text such as '1-3-5', "
                             f"not {type(tile).__name__}")
        if t not in mine:
            raise IllegalMove(f"you do not hold {t}")
        return mine.index(t)

    def place(self, k: object) -> None:
        """Lay the selected tile on the place numbered ``k`` of :attr:`options`."""
        try:
            places = self.placements()
            if self.selected is None:
                raise IllegalMove("select a tile of your hand first")
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(places):
                raise BoardError(f"no place {k!r} for {self.selected}: "
                                 f"it has {len(places)}")
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
                raise BoardError(f"a cell is (row, column), not {cell!r}")
            there = [p for p in self.placements() if p.cell == tuple(cell)
                     and (turn is None or p.turn == turn)]
            t = self.selected
            if not there:
                why = self.state.board.why_not(Placement(t, (cell[0], cell[1]), turn or 0)) \
                    if t is not None and self.state.board else None
                raise IllegalMove(f"{t} cannot go on {tuple(cell)}" + (f": {why}" if why else ""))
            if len(there) > 1:
                raise IllegalMove(f"{t} fits on {tuple(cell)} turned {len(there)} ways: "
                                  f"give turn= one of {[p.turn for p in there]}")
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
            raise IllegalMove("the round is over: start the next round")
        g = self.state
        if g.current != 0:
            raise IllegalMove(f"it is {self._names[g.current]}'s turn")
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
                raise IllegalMove("a hint is for your turn")
            move = make_bot("greedy")(g)
            self._hint = move
            if move.placement is not None:
                self._sel = g.hands[0].index(move.placement.tile)
                self.status = f"Hint: {self._place_words(move.placement)}."
            else:
                self.status = f"Hint: {move.kind} (no tile of yours fits)."
            self.error = ""
        self._refresh(keep_status=True)

    def accept_hint(self) -> None:
        """Play the move the last hint chose."""
        try:
            if self._hint is None:
                raise IllegalMove("ask for a hint first")
            self._move(self._hint)
        except DominoError as e:
            self.error = str(e)
            self._refresh()

    def next_round(self) -> None:
        """Deal the next round (after a match is won: a new match)."""
        with self._showing_errors():
            if not self.round_over:
                raise IllegalMove("finish this round first")
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
        self._log = [f"Round {len(self.match.rounds)}: {self._names[g.leader]} "
                     f"holds the lead tile {lead}."]
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
                why = f" ({', '.join(h.notes)})" if h.notes else ""
                self._log.append(f"{who}: {self._where(h.move.placement)}, {h.points:+d}{why}")
            elif g.end == "blocked" and h is g.history[-1] and h.notes:
                self._log.append(f"Blocked: {who} {h.points:+d} ({h.notes[0]})")
            else:
                self._log.append(f"{who}: {'draws' if h.move.kind == 'draw' else 'passes'}, "
                                 f"{h.points:+d}")
        self._seen = len(g.history)

    # -- words --------------------------------------------------------------------------
    @staticmethod
    def _where(p: Placement) -> str:
        way = "up" if points_up(p.cell) else "down"
        return (f"{'-'.join(map(str, p.numbers()))} pointing {way} at row {p.cell[0]}, "
                f"column {p.cell[1]}")

    def _score_words(self, p: Placement) -> tuple[int, str]:
        g, r = self.state, self.state.rules
        pts, notes = g.score_of(p)
        if not g.board:
            text = f"scores {pts} ({notes[0]})"
        else:
            parts = [str(p.tile.value)]
            rest = pts - p.tile.value
            for note in notes:
                bonus = r.bridge_bonus if note == "bridge" else rest
                rest -= bonus
                parts.append(f"{bonus} {note}")
            text = "scores " + " + ".join(parts) + (f" = {pts}" if len(parts) > 1 else "")
        if len(g.hands[g.current]) == 1:
            text += ", and you go out"
        return pts, text

    def _place_words(self, p: Placement) -> str:
        return f"place {self._where(p)}, {self._score_words(p)[1]}"

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
                          "label": (f"triomino {t}, worth {t.value}, "
                                    + (f"fits {fits[t]} way{'s' * (fits[t] > 1)}" if t in fits
                                       else "fits nowhere now")),
                          "svg": str(triomino_svg(t, size=small, pips=self.pips))}
                         for i, t in enumerate(mine)]
        opts = []
        for k, p in enumerate(places):
            pts, words = self._score_words(p)
            opts.append({"k": k, "label": f"place {self._where(p)}, {words}",
                         "text": (f"{'↑' if points_up(p.cell) else '↓'} row {p.cell[0]}, "
                                  f"col {p.cell[1]}: {pts}"),
                         "points": pts, "hinted": k == hint_at})
        self.options = opts
        self.hinted = hint_at
        self.can_draw = any(m.kind == "draw" for m in legal)
        self.can_pass = any(m.kind == "pass" for m in legal)
        self.boneyard = len(g.boneyard)
        total = self.match.scores
        self.seats = [{"seat": k, "name": self._names[k], "tiles": len(g.hands[k]),
                       "round": g.scores[k],
                       "score": total[k] + (0 if self._banked else g.scores[k]),
                       "turn": k == g.current and not self.round_over}
                      for k in range(g.players)]
        self.log = self._log[-40:]
        if self.round_over:
            self.result = self._result_lines()
            self.guide = "The round is over."
            if not keep_status:
                if self.match_over:
                    w = self.match.winner()
                    assert w is not None
                    self.status = (f"{self._names[w]} won the match with {total[w]}. "
                                   "Next round? (a new match)")
                else:
                    self.status = "The round is over. Next round?"
        else:
            self.result = []
            self.guide = self._guide(my_turn, places)
            if not keep_status:
                self.status = ("Your turn." if my_turn
                               else f"{self._names[g.current]} to play.")
        with self._drawing():
            last = [g.history[-1].move.placement.cell] if (
                g.history and g.history[-1].move.placement is not None) else []
            ghosts = [(p.cell, p.numbers(), str(o["label"])) for p, o in zip(places, opts)]
            self.svg = str(board_svg(g.board, size=_numeral_size(56), pips=self.pips,
                                     highlight=last, targets=ghosts))
        self.tick += 1

    def _result_lines(self) -> list[str]:
        g = self.state
        assert g.winner is not None
        who = self._names[g.winner]
        last = g.history[-1]
        if g.end == "out":
            note = last.notes[-1] if last.notes else ""
            head = f"{who} went out: {note.removeprefix('out: ')}".rstrip(": ")
        else:
            head = f"{who} held the least when the round blocked: {last.notes[0]}"
        lines = [head]
        for k in range(g.players):
            lines.append(f"{self._names[k]}: {g.scores[k]:+d} this round, "
                         f"{self.match.scores[k]} in all")
        return lines

    def _guide(self, my_turn: bool, places: list[Placement]) -> str:
        if not my_turn:
            return ""
        if not self.state.board:
            return "You lead: press your lead tile, then its place."
        if self.can_draw:
            return "No tile of yours fits: draw one (−5)."
        if self.can_pass:
            return "No tile of yours fits and you cannot draw: pass (−10)."
        t = self.selected
        if t is None:
            return "Press a tile of your hand to see where it fits."
        if not places:
            return f"{t} fits nowhere now: choose another tile."
        return (f"{t} fits {len(places)} way{'s' * (len(places) > 1)}: choose a place "
                "(arrow keys move between them, Enter lays the tile).")

    def _rescaled(self) -> None:
        self._refresh(keep_status=True)

    def _still_svg(self) -> str:
        return self.svg

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

