"""Play Tien Gow against three bots: pick tiles, play them face up or face down.

The human sits at seat 0 (P1); the others are bots (rule-based by default). Every tile
of the human's hand is a real button (its name, e.g. "Heaven 6:6 (天, Teen)", is what
a screen reader says); clicking toggles it into the selection. "Play face up" leads the
selection or beats the trick with it, "Play face down" discards it. The engine
(:mod:`dominolab.chinese.tiengow`) checks every play: a refused one shows the rule in the
status line and nothing changes. The bots answer at once; the log lists every play.

>>> w = TienGowBoard(seed=2)
>>> w.round_over, len(w.hand), w.seats[0]["name"]
(False, 8, 'You')
>>> w.play(["0:0"]); w.error
'0:0 is not a Chinese domino: the halves show 1 to 6 pips'
>>> while not w.round_over:           # let the hint choose every play
...     w.hint()
...     w.play() if w.hinted_face_up else w.discard()
>>> w.round_over, len(w.result), w.status.endswith("Next round?")
(True, 5, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import traitlets

from ..chinese.tiengow import PLAYERS, TienGow, TienGowMatch, TienGowMove, describe_set
from ..chinese.tiengow_bots import Bot, RuleBot, make_bot
from ..chinese.tiles import CHINESE_SET, ChineseTile, chinese_tile
from ..errors import BoardError, DominoError, IllegalMove
from .. import display
from ..render.chinese import chinese_tile_svg, tien_gow_svg
from ._base import Message, handles
from ._display import SizedWidget

__all__ = ["TienGowBoard"]


class TienGowBoard(SizedWidget):
    """A Tien Gow match: you (seat 0) against three bots; rounds follow one another.

    Python API (the buttons call the same): :meth:`select`, :meth:`toggle`,
    :meth:`play`, :meth:`discard`, :meth:`hint`, :meth:`next_round`.
    """

    _static_esm = ("display.js", "tien_gow_board.js")
    #: the page sends requests only; it sets no state (the size is a request too)
    _from_browser = frozenset[str]()
    # the shared look (widgets.css), this board's own rules, the sizes (display.css)
    _static_css = ("widgets.css", "tien_gow_board.css", "display.css")

    #: your tiles: position, face, accessible name, suit, selected, small picture
    hand: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    #: the four seats: name, tiles left, tricks, score, banker, to play
    seats: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    #: the trick on the table (or, between tricks, the last one taken): one entry per play
    trick: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)
    #: what ``trick`` shows, in words
    trick_caption = traitlets.Unicode("").tag(sync=True)
    log: traitlets.List[str] = traitlets.List([]).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    #: what you may play now, in words
    guide = traitlets.Unicode("").tag(sync=True)
    round_over = traitlets.Bool(False).tag(sync=True)
    #: the round's scoring, one line per seat, once it is over
    result: traitlets.List[str] = traitlets.List([]).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    #: bumped on every redraw (browser tests wait on it)
    tick = traitlets.Int(0).tag(sync=True)

    def __init__(self, seed: int | None = None, bots: Sequence[str] = ("rules",) * 3,
                 early_death: bool = True, banker: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if len(bots) != PLAYERS - 1:
            raise BoardError(f"three bots sit with you, not {len(bots)}")
        self.match = TienGowMatch(seed=seed, banker=banker, early_death=early_death)
        self.bots: list[Bot] = [make_bot(b, None if seed is None else seed + k)
                                for k, b in enumerate(bots)]
        self._selected: list[int] = []
        #: whether the last hint plays face up (True) or face down
        self.hinted_face_up = True
        self._names = ["You"] + [f"P{k + 2} ({b})" for k, b in enumerate(bots)]
        self._log: list[str] = []
        self._bots_move()
        self._refresh()

    # -- reading ----------------------------------------------------------------------
    @property
    def state(self) -> TienGow:
        """The round being played."""
        return self.match.state

    @property
    def selection(self) -> tuple[ChineseTile, ...]:
        mine = self.state.hand(0)
        return tuple(mine[i] for i in sorted(self._selected))

    # -- actions ----------------------------------------------------------------------
    def toggle(self, pos: Any) -> None:
        """Select or unselect the tile at position ``pos`` of your hand."""
        with self._showing_errors():
            mine = self.state.hand(0)
            if not isinstance(pos, int) or isinstance(pos, bool) or not 0 <= pos < len(mine):
                raise BoardError(f"no tile at position {pos!r} of your hand "
                                 f"({len(mine)} tiles)")
            if pos in self._selected:
                self._selected.remove(pos)
            else:
                self._selected.append(pos)
            self.error = ""
        self._refresh()

    def select(self, tiles: Iterable[object]) -> None:
        """Select exactly these tiles of your hand (text such as "6:6", or tiles)."""
        with self._showing_errors():
            self._selected = self._positions(tiles)
            self.error = ""
        self._refresh()

    def _positions(self, tiles: Iterable[object]) -> list[int]:
        mine = list(self.state.hand(0))
        free = list(range(len(mine)))
        out = []
        for value in tiles:
            t = chinese_tile(value)
            pos = next((i for i in free if mine[i] == t), None)
            if pos is None:
                raise IllegalMove(f"you do not hold {'another ' if t in mine else ''}{t}")
            free.remove(pos)
            out.append(pos)
        return out

    def play(self, tiles: Iterable[object] | None = None) -> None:
        """Play the selection (or ``tiles``) face up: lead it, or beat the trick with it."""
        self._play(tiles, face_up=True)

    def discard(self, tiles: Iterable[object] | None = None) -> None:
        """Play the selection (or ``tiles``) face down."""
        self._play(tiles, face_up=False)

    def _play(self, tiles: Iterable[object] | None, face_up: bool) -> None:
        try:
            if self.round_over:
                raise IllegalMove("the round is over: start the next round")
            if self.state.turn != 0:
                raise IllegalMove(f"it is {self._names[self.state.turn]}'s turn")
            chosen = self._positions(tiles) if tiles is not None else sorted(self._selected)
            if not chosen:
                raise IllegalMove("select the tiles to play first")
            mine = self.state.hand(0)
            move = TienGowMove(0, tuple(sorted(mine[i] for i in chosen)), face_up)
            self.state.play(move)
        except DominoError as e:
            self.error = str(e)
            self._refresh()
            return
        self.error = ""
        self._selected = []
        self._note(move)
        self._bots_move()
        self._refresh()

    def hint(self) -> None:
        """Select what the rule-based bot would play in your seat (you still press play)."""
        with self._showing_errors():
            if self.round_over or self.state.turn != 0:
                raise IllegalMove("a hint is for your turn")
            move = RuleBot().choose(self.state)
            self._selected = self._positions(move.tiles)
            self.hinted_face_up = move.face_up
            how = "face up" if move.face_up else "face down"
            self.status = f"Hint: play {describe_set(move.tiles)} {how}."
            self.error = ""
        self._refresh(keep_status=True)

    def next_round(self) -> None:
        """Score the finished round and deal the next (its winner is the banker)."""
        with self._showing_errors():
            if not self.round_over:
                raise IllegalMove("finish this round first")
            self.match.next_round()
            self._selected = []
            self._log = [f"Round {len(self.match.results) + 1}: "
                         f"{self._names[self.state.banker]} banks and leads."]
            self.error = ""
            self._bots_move()
        self._refresh()

    # -- the bots ---------------------------------------------------------------------
    def _bots_move(self) -> None:
        g = self.state
        while not g.finished and g.turn != 0:
            move = self.bots[g.turn - 1].choose(g)
            g.play(move)
            self._note(move)

    def _note(self, move: TienGowMove) -> None:
        g = self.state
        who = self._names[move.player]
        if move.face_up:
            what = describe_set(move.tiles)
            self._log.append(f"{who}: {what} ({' '.join(str(t) for t in move.tiles)})")
        else:
            n = len(move.tiles)
            self._log.append(f"{who}: {n} tile{'s' * (n > 1)} face down")
        if not g.trick and g.done:
            _, plays, winner = g.done[-1]
            if plays[-1][0] == move.player:
                n = len(plays[0][1])
                self._log.append(f"  {self._names[winner]} takes the trick "
                                 f"({n} trick{'s' * (n > 1)}).")

    # -- state for the browser --------------------------------------------------------
    def _refresh(self, keep_status: bool = False) -> None:
        g = self.state
        res = g.result()
        self.round_over = res is not None
        mine = g.hand(0)
        self._selected = [i for i in self._selected if i < len(mine)]
        with self._drawing():             # at the widget's size (the presentation size)
            self.hand = [{"pos": i, "face": str(t), "label": t.label, "suit": t.suit,
                          "selected": i in self._selected,
                          "svg": str(chinese_tile_svg(t, size=display.readable(16)))}
                         for i, t in enumerate(mine)]
        scores = self.match.scores
        self.seats = [{"seat": p, "name": self._names[p], "tiles": g.tiles_left(p),
                       "tricks": g.tricks[p], "score": scores[p] + (res.payments[p] if res else 0),
                       "banker": p == g.banker, "turn": p == g.turn and not g.finished}
                      for p in range(PLAYERS)]
        if g.trick or not g.done:
            plays, best = tuple(g.trick), (g.best[0] if g.best else None)
            self.trick_caption = "On the table:"
        else:
            _, plays, best = g.done[-1]
            self.trick_caption = f"The last trick, taken by {self._names[best]}:"
        self.trick = [{"seat": s, "name": self._names[s], "face_up": up,
                       "tiles": [str(chinese_tile_from(i)) for i in idx] if up else [],
                       "count": len(idx), "best": up and s == best,
                       "words": describe_set([chinese_tile_from(i) for i in idx]) if up
                       else f"{len(idx)} face down"}
                      for s, idx, up in plays]
        self.log = self._log[-40:]
        if res is not None:
            self.result = res.lines(self._names)
            self.guide = "The round is over."
            if not keep_status:
                self.status = f"{self._names[res.winner]} took the last trick. Next round?"
        else:
            self.result = []
            self.guide = self._guide()
            if not keep_status:
                self.status = ("Your turn." if g.turn == 0
                               else f"{self._names[g.turn]} to play.")
        with self._drawing():
            self.svg = str(tien_gow_svg(g, names=self._names, show=0))
        self.tick += 1

    def _rescaled(self) -> None:
        self._refresh(keep_status=True)

    def _still_svg(self) -> str:
        return self.svg

    def _guide(self) -> str:
        g = self.state
        if g.turn != 0:
            return ""
        if not g.trick:
            return ("You lead: a single tile, or a pair, triplet or quartet. "
                    "Select and press Play face up.")
        n = g.trick_size
        assert g.best is not None
        best = describe_set(chinese_tile_from(i) for s, idx, up in g.trick
                            if up and s == g.best[0] for i in idx)
        can = any(m.face_up for m in g.legal_moves())
        tail = (" You can beat it." if can else " You cannot beat it: play face down.")
        if g._barred(0):
            tail = " Early death: with no trick yet you cannot take this last trick."
        return f"Play {n} tile{'s' * (n > 1)}: face up if they beat {best}, else face down.{tail}"

    # -- requests from the browser ----------------------------------------------------
    @handles("toggle")
    def _on_toggle(self, msg: Message) -> None:
        self.toggle(msg.get("pos"))

    @handles("play")
    def _on_play(self) -> None:
        self.play()

    @handles("discard")
    def _on_discard(self) -> None:
        self.discard()

    @handles("clear")
    def _on_clear(self) -> None:
        self._selected = []
        self._refresh()

    @handles("hint")
    def _on_hint(self) -> None:
        self.hint()

    @handles("next_round")
    def _on_next(self) -> None:
        self.next_round()


def chinese_tile_from(index: int) -> ChineseTile:
    """The face with canonical index ``index``."""
    return CHINESE_SET.faces[index]
