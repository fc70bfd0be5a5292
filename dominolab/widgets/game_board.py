# One file: every request handler of the board reads and changes the same match, round,
# seats and pending choice, so they stay beside the state they share; the words and the
# view already live in game_text and game_view.
"""Play any variant of the game engine against bots: the game board widget.

The board is a thin layer over :mod:`dominolab.games`: a :class:`~dominolab.games.Match`
deals the rounds and keeps the score, a :class:`~dominolab.games.GameState` holds
the round and judges every move, and the bots of :mod:`dominolab.games.bots`
fill the other seats. Python owns all of it; the browser only draws the JSON
``view`` it is sent and reports clicks (``model.send({type: ...})``). A click
that the rules forbid shows the engine's reason in the board's status line and
changes nothing. The board's words (labels, reasons, summaries) come from
:mod:`dominolab.widgets.game_text`.

Bots move one at a time with a visible ``delay`` (seconds): the browser asks
for each bot move with a ``bot_step`` message after a timer, so the kernel is
never blocked. With ``delay=0`` (tests, lessons) the bots move at once.

>>> b = GameBoard("classic", players=2, human=0, seed=3, delay=0)
>>> b.view["turn_text"], len(b.view["hand"])
('Your turn (P1)', 7)
>>> b.click("0:0")                       # not the lead: the engine says why
>>> b.error
'P1 0:0: the opening rule says the lead is 1:1'
>>> b.click("1:1"); b.view["log"]         # the bot answers at once (delay 0)
['P1 1:1', 'P2 1:6>L']
>>> b.autoplay("round_end")               # the human waits: autoplay stops at his turn
False
>>> c = GameBoard("kozel", human=None, seed=2, delay=0)
>>> c.autoplay("match_end"), c.match.is_over()
(True, True)

On a cross (the four-direction games) the ends are arms, offered in
words; "N!" plays a double on the north arm and closes it (the Shift+N key):

>>> x = GameBoard("osyol", players=2, human=0, seed=8, delay=0)   # P2 led 3:3
>>> x.view["ends_text"]
'Open arms: west 3, east 3, north 3, south 3'
>>> x.click("1:3"); [c["label"] for c in x.view["choices"]]
['west arm', 'east arm', 'north arm', 'south arm']
>>> x.choose("N"); x.status.startswith("You played 1:3>N (1:3 on the north arm).")
True

Children's dominoes: ``skin=`` draws and names every tile by pictures ("animals",
"fruit", "colours"; :mod:`dominolab.render.skins`), and ``mode="children"`` is the
picture-matching game for small children — bigger tiles, no score, and the words say
which picture to match (the skin defaults to the animals):

>>> k = GameBoard("classic", players=2, human=0, seed=3, delay=0, mode="children")
>>> k.view["turn_text"], k.view["hand"][0]["label"], k.view["scores"]["rows"]
('Your turn: put down bird | bird', 'play domino snail | snail', [])
>>> k.click("1:1"); k.view["turn_text"], k.view["log"]
('Your turn: match the turtle or the bird', ['P1 bird | bird', 'P2 bird | turtle on the left'])
>>> GameBoard("mexican_train", skin="fruit")
Traceback (most recent call last):
...
dominolab.errors.SkinError: GameBoard: the skin 'fruit' has pictures for 0…6 only, not for 12 (a double-12 set); use a set up to double-six
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any, ClassVar

import traitlets

from .. import display, games
from ..errors import BoardError, DominoError, GameOver, IllegalMove, ParseError, WrongPlayer
from ..games import Analysis, Draw, GameState, Match, Move, Pass, Rules
from ..games.bots import Bot, make_bot
from ..games.postmortem import analyse as post_mortem_of
from ..games.train_layout import TrainLayout
from ..games.variants import DEFAULT_VARIANT
from ..i18n import ngettext, normalise, tr, using
from ..tiles import Tile
from ..render.skins import Skin, SkinLike, get_skin
from ..render.table import table_svg
from ._base import Message, handles, short, speaking, speaking_in, tile_from
from ._display import SizedWidget
from ._timeout import Unfinished
from .game_text import (
    ARM_NAMES,
    SeatNames,
    end_name,
    fives_after,
    hint_text,
    move_label,
    train_hint,
    move_words,
    page_words,
    unfinished_text,
    value_text,
    why_blocked,
    why_not,
)
from .game_pictures import say
from .game_view import board_view

__all__ = ["BoardError", "GameBoard", "MAX_DELAY", "MODES"]

#: The longest pause between two bot moves the board takes (seconds).
MAX_DELAY = 10.0
#: The board's modes: the usual one, and the picture-matching game for small children.
MODES = ("standard", "children")


def _value(solve: Callable[[GameState], Analysis], state: GameState) -> str:
    """The solver's verdict in words (runs in the analysis worker)."""
    try:
        result = solve(state)
    except DominoError as e:
        return f"analysis not available here: {e}"
    return value_text(result, state.rules.penalties)


def _table_before(state: GameState, ply: int, player: int, scale: float,
                  skin: Skin | None = None) -> str:
    """The table of ``state``'s round just before its move ``ply`` (1-based), ``player``'s
    hand face up, drawn at ``scale`` (with ``skin``: in pictures)."""
    g = games.Record.from_state(state).start()
    for m in state.history[:ply - 1]:
        g.play(m)
    with display.scaled(scale):
        return str(table_svg(g, face_up={player}, skin=skin))


def _review(state: GameState, player: int, samples: int, seed: int, scale: float,
            max_tiles: int, skin: Skin | None = None) -> tuple[str, list[dict[str, Any]]]:
    """The post-mortem of ``player``'s moves (runs in the analysis worker): a summary and,
    for each of the three costliest moves, the table as it was before it, drawn (with
    ``skin``: in pictures, and the moves named by them)."""
    pm = post_mortem_of(state, player=player, samples=samples, max_tiles=max_tiles, seed=seed)
    worst = pm.worst()
    items = []
    for c in worst:
        better = c.best if c.cost is not None else (c.known_best[0] if c.known_best else None)
        iv = c.interval
        how = (tr("it cost {cost:.1f} points on average over the deals you could not rule out "
                  "(95% interval {low:.1f} to {high:.1f})").format(cost=c.cost, low=iv.low,
                                                                   high=iv.high)
               if c.cost is not None and iv is not None
               else tr("it cost {cost} points with every hand known").format(cost=c.known_cost))
        label = tr("Move {ply}: you played {move}, better was {better}: {how}.").format(
            ply=c.ply, move=c.move.body(), better=better.body() if better else "?", how=how)
        svg = _table_before(state, c.ply, player, scale, skin)
        items.append({"ply": c.ply, "played": c.move.body(),
                      "better": better.body() if better else "", "label": say(label, skin),
                      "passes": say(tr("What the passes had told you: {told}.").format(
                          told=c.passes), skin) if c.passes else "",
                      "svg": svg})
    solved = sum(1 for c in pm.moves if c.known_cost is not None)
    chosen = sum(1 for c in pm.moves if c.choices > 1)
    head = tr("Post-mortem of P{p}: {n} moves with a choice, {solved} of them solved "
              "({samples} sampled deals each).").format(p=player + 1, n=chosen, solved=solved,
                                                       samples=samples)
    if not worst:
        return head + " " + tr("No move cost anything the analysis could measure."), items
    tail = {1: tr("The costliest move is below, on the table as it was."),
            2: tr("The two costliest moves are below, each on the table as it was."),
            3: tr("The three costliest moves are below, each on the table as it was.")}
    return head + " " + tail[len(worst)], items


class GameBoard(SizedWidget):
    """A table of ``variant`` for ``players`` with one human seat (``human=None``: all bots).

    ``bots``: a bot name ("random", "greedy", "heuristic"), a Bot, or a list
    with one entry per seat (the human's entry is ignored). ``open=True`` is
    teaching mode: every hand face up, undo allowed, "show value" offered.
    ``players=None`` takes the variant's usual number. Extra keyword options
    go to the variant's rules (e.g. ``pairs=True`` for Kozel in pairs). ``size``: the
    display size ("normal", "large" or a factor; see :mod:`dominolab.widgets._display`).
    ``skin``: draw the tiles with pictures ("animals", "fruit", "colours"; a set up to
    double-six), each tile named by its pictures. ``mode="children"``: the
    picture-matching game for small children (bigger tiles, no score shown, "match the
    cat"; the skin defaults to "animals").

    Python API (the buttons call the same methods): :meth:`click`,
    :meth:`choose`, :meth:`cancel`, :meth:`draw`, :meth:`pass_`, :meth:`bot_step`,
    :meth:`autoplay`, :meth:`next_round`, :meth:`new_match`, :meth:`undo`,
    :meth:`save`, :meth:`load`, :meth:`hint`, :meth:`show_value`,
    :meth:`why_blocked`, :meth:`post_mortem`. A hint or a value is given up after
    ``analysis_timeout`` seconds.
    """

    _static_esm = ("display.js", "game_board.js")
    _static_css = ("game_board.css", "display.css")

    #: the double-dummy solver behind "show value" (a stand-in in tests)
    _solve: ClassVar[Callable[[GameState], Analysis]] = staticmethod(games.solve)
    #: the bot class whose choice is the hint; None: the solver's best move instead
    _hint_bot: ClassVar[Callable[..., Bot] | None] = games.SamplingBot

    variant = traitlets.Unicode(DEFAULT_VARIANT).tag(sync=True)
    open_hands = traitlets.Bool(False).tag(sync=True)   # the `open=` argument (teaching mode)
    delay = traitlets.Float(0.4).tag(sync=True)
    view = traitlets.Dict({}).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    analysis = traitlets.Unicode("").tag(sync=True)
    #: the post-mortem's costliest moves (label, the move, the better one, the table drawn)
    review: traitlets.List[dict[str, Any]] = traitlets.List([]).tag(sync=True)

    def __init__(self, variant: str | Rules = DEFAULT_VARIANT, players: int | None = None,
                 human: int | None = 0, bots: Any = "heuristic", seed: int = 7,
                 open: bool = False, delay: float = 0.4, *, lang: str | None = None,
                 _state: GameState | None = None, size: str | float | None = None,
                 skin: SkinLike = None, mode: str = "standard", **options: Any) -> None:
        self.lang = None if lang is None else normalise(lang, "GameBoard lang")  # None: the process's
        if mode not in MODES:
            raise BoardError(f"GameBoard mode is one of {', '.join(map(repr, MODES))}, "
                             f"not {short(mode)}")
        #: the board's mode ("standard", or "children": picture matching, no score)
        self.mode = mode
        if mode == "children" and skin is None:
            skin = "animals"
        self._skin_asked = skin
        with using(self.lang):
            self._setup(variant, players, human, bots, seed, open, delay, _state, size, options)

    def _setup(self, variant: str | Rules, players: int | None, human: int | None, bots: Any, seed:
               int, open: bool, delay: float, _state: GameState | None, size: str | float | None,
               options: Any) -> None:
        super().__init__(size=size)
        self._seed = seed
        self._matches = 0
        self._tick = 0
        self._choices: list[Move] = []
        self._pending: Tile | None = None
        self._snapshot: dict[str, Any] | None = None
        self._finished = False
        self._notes_seen = 0
        self.open_hands = bool(open)
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not (
                math.isfinite(delay) and 0 <= delay <= MAX_DELAY):
            raise BoardError(f"delay is 0 to {MAX_DELAY:g} seconds, not {short(delay)}")
        self.delay = float(delay)
        self.match: Match | None
        if _state is not None:
            self.rules = _state.rules
            self.players = _state.players
            self.match = None
            self.state = _state
        else:
            self.rules = games.get_rules(variant, **options)
            self.players = players or self.rules.default_players
            self.rules.hand_size(self.players)       # raises for a wrong player count
            self.match = games.Match(self.rules, players=self.players, seed=seed)
            self.state = self.match.new_round()
        #: the picture skin every tile is drawn with (None: pips)
        self.skin = get_skin(self._skin_asked, self.rules.set_max, "GameBoard")
        if human is not None and not 0 <= human < self.players:
            raise BoardError(f"human must be a seat 0..{self.players - 1} or None, not {human}")
        self.human = human
        self.variant = self.rules.name
        self._bots = self._make_bots(bots)
        self._after_change(run=True)
        self._refresh()

    #: the "bot speed" control is the one value the page sets
    _from_browser = frozenset({"delay"})

    @traitlets.validate("delay")
    def _check_delay(self, proposal: Any) -> float:
        value = proposal["value"]
        if not (math.isfinite(value) and 0 <= value <= MAX_DELAY):
            raise traitlets.TraitError(f"the bots' delay is 0 to {MAX_DELAY:g} seconds, not "
                                       f"{short(value)}")
        return value

    @traitlets.observe("delay")
    def _on_delay(self, change: Any) -> None:
        """The browser's "bot speed" control: instant (0) lets the bots finish at once."""
        if getattr(self, "state", None) is None or not hasattr(self, "_bots"):
            return
        with self.hold_sync():
            self._after_change(run=change["new"] <= 0)
            self._refresh()

    # -- construction helpers -----------------------------------------------------
    @classmethod
    def from_state(cls, state: GameState, human: int | None = 0, bots: Any = "heuristic",
                   **kw: Any) -> GameBoard:
        """A board continuing ``state`` (a GameState) as a single round (no match score).

        >>> g = games.new_game("sport", seed=4)
        >>> b = GameBoard.from_state(g, human=None, delay=0)
        >>> b.autoplay("round_end"), b.state is g
        (True, True)
        """
        return cls(state.rules, human=human, bots=bots, _state=state, **kw)

    @classmethod
    def from_record(cls, record: Any, human: int | None = 0, bots: Any = "heuristic",
                    **kw: Any) -> GameBoard:
        """A board at the end of a saved record (JSON, dict, text or Record), replayed exactly."""
        return cls.from_state(games.replay(record), human=human, bots=bots, **kw)

    def _make_bots(self, bots: Any) -> list[Bot]:
        if isinstance(bots, (str, Bot)) or bots is None:
            bots = [bots] * self.players
        bots = list(bots)
        if len(bots) == self.players - 1 and self.human is not None:
            bots.insert(self.human, None)
        if len(bots) != self.players:
            raise BoardError(f"bots: give one bot for each of the {self.players} seats "
                             f"(or {self.players - 1}, the human's seat left out), not {len(bots)}")
        out: list[Bot] = []
        for seat, b in enumerate(bots):
            if isinstance(b, Bot):
                out.append(b)
            else:
                out.append(make_bot("heuristic" if b is None else str(b), self._seed * 10 + seat))
        return out

    # -- seats ----------------------------------------------------------------------
    def _active(self) -> list[int]:
        """Seat of each player of the current round (a match may eliminate players)."""
        if self.match is not None and self.match.round_seats:
            return self.match.round_seats
        return list(range(self.state.players))

    @property
    def me(self) -> int | None:
        """The human's player number in the current round (None: no human, or eliminated)."""
        if self.human is None:
            return None
        act = self._active()
        return act.index(self.human) if self.human in act else None

    def _names(self) -> SeatNames:
        return SeatNames(tuple(self._active()), self.human, tuple(b.name for b in self._bots))

    def _is_bot_turn(self) -> bool:
        st = self.state
        return not st.is_over() and st.current_player != self.me

    # -- human actions ----------------------------------------------------------------
    def _my_turn(self) -> int:
        """The human's player number, when it is the human's turn; else why not."""
        st = self.state
        me = self.me
        if st.is_over():
            raise GameOver(tr("the round is over: start the next round (or a new match)"))
        if me is None:
            raise BoardError(tr("every seat is played by a bot here: use autoplay or watch"))
        if st.current_player != me:
            raise WrongPlayer(tr("it is {who}'s turn, not yours (P{k}): wait for the "
                                 "bots").format(who=self._names().player(st.current_player),
                                                k=me + 1))
        return me

    def click(self, tile: Any, end: str | None = None) -> None:
        """Play ``tile`` from the human's hand (at ``end`` "L"/"R" if given); if it fits
        in several ways, offer the choices."""
        self._act(self._click, tile, end)

    def _click(self, tile: Any, end: object = None) -> None:
        t = tile_from(tile)
        st = self.state
        self._my_turn()
        if end is not None and not isinstance(end, str):
            raise BoardError(tr("an end is a letter such as 'L' or 'N!', not {end}").format(
                end=repr(end)))
        moves = [m for m in st.legal_moves() if m.kind == "play" and t in m.tiles]
        if end and st.layout.is_empty():
            end = None          # a lead has no end: the L/R (W/E/N/S) keys just play it
        if end:
            end = end.strip().upper()
            fit = [m for m in moves if len(m.placements) == 1 and m.end == end]
            if not fit:
                raise IllegalMove(why_not(st, t, end))
            moves = fit
        if len(moves) == 1:
            self._play_human(moves[0])
            return
        if moves:
            self._pending, self._choices = t, moves
            where = "; ".join(move_label(m, st.layout, st.rules) for m in moves)
            self.status = ngettext("{tile} can go in {n} way: {where}. Choose one.",
                                   "{tile} can go in {n} ways: {where}. Choose one.",
                                   len(moves)).format(tile=t, n=len(moves), where=where)
            return
        raise IllegalMove(why_not(st, t))

    def _end_names(self) -> list[str]:
        """The end names of this table's layout ("L", "R", and e.g. a gap's "M")."""
        return [e for e in self.state.layout.end_words if e is not None]

    def choose(self, end_or_move: Any) -> None:
        """Pick one of the offered ways to play the tile clicked last: an end ("L", "R"; on a
        cross "W", "E", "N", "S", with "!" to close the double: "N!"), or a move."""
        self._act(self._choose, end_or_move)

    def _choose(self, choice: Any) -> None:
        self._my_turn()
        if isinstance(choice, Move):
            move = choice
        elif not isinstance(choice, str):
            raise BoardError(tr("choose an end such as 'L' or 'N!', or a move, not "
                                "{choice}").format(choice=repr(choice)))
        elif choice.strip().upper().rstrip("!-") in (*self._end_names(), *ARM_NAMES):
            end = choice.strip().upper()
            if not self._choices:
                raise BoardError(tr("click a tile first, then choose its end"))
            hits = [m for m in self._choices if len(m.placements) == 1 and m.end == end]
            if not hits:
                st = self.state
                where = (tr("{tile} cannot go on the {end}; choose {ways}")
                         if end.rstrip("!-") in ARM_NAMES
                         else tr("{tile} cannot go at the {end}; choose {ways}"))
                raise IllegalMove(where.format(
                    tile=self._pending, end=end_name(end, st.layout), ways="; ".join(
                        move_label(m, st.layout, st.rules) for m in self._choices)))
            move = hits[0]
        else:
            move = Move.parse(choice.strip())
        self._play_human(move)

    @handles("draw")
    def draw(self) -> None:
        """Draw a tile from the boneyard (only when the rules allow it)."""
        self._act(lambda: self._play_human(Draw(self._my_turn())))

    @handles("pass")
    def pass_(self) -> None:
        """Pass (knock): only when nothing can be played or drawn."""
        self._act(lambda: self._play_human(Pass(self._my_turn())))

    def _play_human(self, move: Move) -> None:
        me = self._my_turn()
        st = self.state
        move = st.check(move.by(me) if move.player is None else move)
        words = move_words(move, st.layout, st.rules)
        st.play(move)
        self._choices, self._pending = [], None
        self.status = f"You played {move.body()}{words}{fives_after(move, st)}."
        self.analysis = ""
        self._after_change(run=True)

    # -- bots ---------------------------------------------------------------------------
    def _bot_move(self) -> tuple[Move, str]:
        """The bot to move plays; its move, and the move in words (judged on the table
        before it, see :func:`~dominolab.widgets.game_text.move_words`)."""
        st = self.state
        move = self._bots[self._active()[st.current_player]].choose(st)
        words = move_words(move, st.layout, st.rules)
        st.play(move)
        return move, words

    def bot_step(self, tick: object = None) -> bool:
        """Let the bot to move make one move (``tick``: ignore stale requests). True if it moved."""
        if tick is not None and tick != self._tick:
            return False
        if not self._is_bot_turn():
            return False
        st = self.state
        mover = st.current_player
        try:
            move, words = self._bot_move()
        except DominoError as e:
            self.error = f"a bot failed to move: {e}"
            return False
        with self.hold_sync():
            self.status = (f"{self._names().player(mover)} played {move.body()}{words}"
                           f"{fives_after(move, st)}.")
            self.error = ""
            self._after_change(run=False)
            self._refresh()
        return True

    def _run_bots(self, limit: int = 100_000) -> None:
        moved = []
        for _ in range(limit):
            if not self._is_bot_turn():
                break
            moved.append(self._bot_move()[0])
        if moved:
            shown = ", ".join(str(m) for m in moved[-8:])
            more = f"{len(moved) - 8} more, then " if len(moved) > 8 else ""
            self.status = (self.status + " " if self.status.startswith("You") else "") + \
                f"Bots: {more}{shown}."

    def autoplay(self, until: str = "round_end", max_rounds: int = 10_000) -> bool:
        """Run the bots without a browser; True when ``until`` is reached.

        ``until`` is "round_end" or "match_end" (rounds are dealt one after another).

        Stops (returning False) when the human is to move, or when a single
        round (a board without a match) is over and ``until="match_end"``.
        """
        if until not in ("round_end", "match_end"):
            raise BoardError(f"autoplay until 'round_end' or 'match_end', not {until!r}")
        rounds = 0
        try:
            while True:
                st = self.state
                if st.is_over():
                    if until == "round_end":
                        return True
                    if self.match is None:
                        return False
                    if self.match.is_over():
                        return True
                    if rounds >= max_rounds:
                        return False
                    rounds += 1
                    self._next_round()
                    continue
                if not self._is_bot_turn():
                    return False
                self._run_bots()
                self._after_change(run=False)
        finally:
            self._refresh()

    # -- round and match flow --------------------------------------------------------------
    def _after_change(self, run: bool) -> None:
        """After any move: let bots play (delay 0), close a finished round."""
        if run and self.delay <= 0:
            self._run_bots()
        if self.state.is_over() and not self._finished:
            self._finished = True
            if self.match is not None:
                self._snapshot = copy.deepcopy(
                    {k: v for k, v in self.match.__dict__.items() if k not in ("rules", "state")})
                self._notes_seen = len(self.match.notes)
                self.match.finish_round()

    def _fresh_round(self, state: GameState, status: str) -> None:
        """Show ``state`` as a round that has just begun (or been loaded)."""
        self.state = state
        self._finished = False
        self._snapshot = None
        self._choices, self._pending = [], None
        self.analysis = ""
        self.status = status
        self._after_change(run=True)

    @handles("next_round")
    def next_round(self) -> None:
        """Deal the next round of the match."""
        self._act(self._next_round)

    def _next_round(self) -> None:
        m = self.match
        if m is None:
            raise BoardError("this board plays a single round: start a new match instead")
        if not self.state.is_over():
            raise BoardError("finish this round first")
        if m.is_over():
            raise GameOver("the match is over: start a new match")
        self._fresh_round(m.new_round(), f"Round {m.round_no + 1} dealt.")

    @handles("new_match")
    def new_match(self) -> None:
        """Start a new match of the same variant (a new seed: seed + number of matches)."""
        self._act(self._new_match)

    def _new_match(self) -> None:
        self._matches += 1
        self.match = games.Match(self.rules, players=self.players,
                                 seed=self._seed + self._matches)
        self._fresh_round(self.match.new_round(), "A new match: round 1 dealt.")

    @handles("undo")
    def undo(self) -> None:
        """Teaching mode: take back your last move (and the bots' moves after it)."""
        self._act(self._undo)

    def _undo(self) -> None:
        if not self.open_hands:
            raise BoardError("undo is for teaching mode: make the board with open=True")
        st = self.state
        me = self.me
        if not st.history:
            raise IllegalMove("nothing to undo: no move has been made in this round")
        if me is not None and not any(m.player == me for m in st.history):
            raise IllegalMove("nothing of yours to undo: you have not moved in this round")
        if self._finished and self.match is not None and self._snapshot is not None:
            # the match as it was before this round was counted (its state is this round's)
            self.match.__dict__.update(copy.deepcopy(self._snapshot))
        self._finished = False
        self._snapshot = None
        taken = []
        while st.history:
            m = st.undo()
            taken.append(m)
            if me is None or m.player == me:
                break
        self._choices, self._pending = [], None
        self.analysis = ""
        self.status = "Took back " + ", ".join(str(m) for m in reversed(taken)) + "."
        self._after_change(run=False)

    # -- records ---------------------------------------------------------------------------
    def save(self) -> str:
        """The current round as a record (JSON text, the engine's record format)."""
        return str(games.Record.from_state(self.state).to_json())

    def load(self, record: Any) -> None:
        """Replace the game by a saved record; a bad record shows the error and keeps the game."""
        self._act(self._load, record)

    def _load(self, record: Any) -> None:
        try:
            state = games.replay(record)
        except DominoError as e:
            raise ParseError(f"could not load the record: {e}") from None
        except (TypeError, ValueError, KeyError, AttributeError) as e:
            raise ParseError(f"could not load the record: {type(e).__name__}: {e}") from None
        if self.skin is not None:       # a skinned board plays sets up to double-six only
            get_skin(self.skin, state.rules.set_max, "could not load the record")
        self.match = None
        self.rules, self.players = state.rules, state.players
        self.variant = state.rules.name
        if self.human is not None and self.human >= self.players:
            self.human = 0
        if len(self._bots) != self.players:
            self._bots = self._make_bots("heuristic")
        self._fresh_round(state, f"Loaded a {state.rules.title} record with "
                                 f"{len(state.history)} moves.")

    def _send_record(self) -> None:
        name = f"{self.rules.name}-round-{len(self.match.results) + 1 if self.match else 1}.json"
        self.send({"type": "record", "name": name, "text": self.save()})
        self.status = f"Saved the round as {name} ({len(self.state.history)} moves)."

    # -- analysis ----------------------------------------------------------------------------
    @handles("why_blocked")
    def why_blocked(self) -> str:
        """Why the round ended in a block (or why it did not): the open ends and the hands."""
        with self.hold_sync():
            self.analysis = why_blocked(self.state)
            self._refresh()
        return self.analysis

    @handles("hint")
    def hint(self) -> str:
        """The sampling bot's best move for the human, in words."""
        return self._analyse("hint")

    def post_mortem(self, samples: int = 12, max_tiles: int | None = None) -> str:
        """After a round: what your moves cost (:mod:`dominolab.games.postmortem`): the three
        costliest with the better move, each on the table as it was before it, and what
        the passes had told you. With no human seat, P1's moves. Given up after
        ``analysis_timeout`` seconds like a hint.

        ``max_tiles``: moves made with more tiles left in hands are listed, not solved;
        by default 20 on a line and 16 on other tables (a cross's positions with 20
        tiles left take seconds each to solve, and every move is solved once per sample).
        """
        if max_tiles is None:
            max_tiles = 20 if self.state.layout.kind == "line" else 16
        with self.hold_sync():
            try:
                st = self.state
                if not st.is_over():
                    raise BoardError("the post-mortem is for a finished round: play it out first")
                if self.mode == "children":
                    raise BoardError("the post-mortem counts points, and the children's mode "
                                     "shows none: make the board without mode='children'")
                player = self.me if self.me is not None else 0
                lang, seed, scale, skin = self.lang, self._seed, self.scale, self.skin
                answer = self._limited(lambda: speaking_in(lang, lambda: _review(
                    st, player, samples, seed, scale, max_tiles, skin)))
            except DominoError as e:
                self.error = str(e)
                self._refresh()
                return str(e)
            if isinstance(answer, Unfinished):
                text, items = unfinished_text(answer.reason), []
            else:
                text, items = answer
            self.analysis = text
            self.review = items
            self._review_for = (id(st), len(st.history))
            self._review_player = player
            self.error = ""
            self._refresh()
        return text

    @handles("post_mortem")
    def _on_post_mortem(self) -> None:
        self.post_mortem()

    @handles("value")
    def show_value(self) -> str:
        """The double-dummy value of the position (teaching mode: every hand is seen)."""
        return self._analyse("value")

    def _analyse(self, kind: str) -> str:
        with self.hold_sync():
            try:
                job, lang = self._analysis_job(kind), self.lang
                answer = self._limited(lambda: speaking_in(lang, job))
            except DominoError as e:
                self.error = str(e)
                answer = str(e)
            else:
                answer = (unfinished_text(answer.reason)
                          if isinstance(answer, Unfinished) else answer)
                self.analysis = answer
                self.error = ""
            self._refresh()
        return answer

    def _analysis_job(self, kind: str) -> Callable[[], str]:
        """The computation behind "show value" or "hint" (run with a time limit)."""
        st = self.state
        me = self.me
        solve = type(self)._solve
        if st.is_over():
            raise BoardError("the round is over: nothing to analyse (try 'why blocked?')")
        if kind == "value":
            if not self.open_hands:
                raise BoardError("'show value' looks at every hand: use open=True")
            return lambda: _value(solve, st)
        if me is not None and st.current_player != me:
            raise BoardError("a hint is for your own turn: wait for the bots")
        seed = self._seed
        lay = st.layout
        if isinstance(lay, TrainLayout):      # trains: the planner and the best train
            return lambda: train_hint(st, seed)
        make_hint_bot = type(self)._hint_bot
        if make_hint_bot is None:     # a stand-in without a hint bot (tests): every hand seen
            return lambda: "Hint (every hand seen): " + _value(solve, st)

        def pick() -> str:
            move = make_hint_bot(seed=seed).choose(st)
            return hint_text(move, move_words(move, st.layout, st.rules))
        return pick

    # -- requests from the browser ----------------------------------------------------------
    def _act(self, fn: Callable[..., None], *args: Any) -> None:
        """Run an action; a DominoError is shown in the status line and nothing changes.

        The traits are sent to the browser together, once, after the action.
        """
        with self.hold_sync():
            self.error = ""
            try:
                with self._showing_errors():
                    fn(*args)
            finally:
                self._refresh()

    @handles("tile")
    def _on_tile(self, msg: Message) -> None:
        self.click(msg.get("tile", ""), msg.get("end"))

    @handles("play")
    def _on_play(self, msg: Message) -> None:
        self.choose(msg.get("move", ""))

    @handles("end")
    def _on_end(self, msg: Message) -> None:
        self.choose(msg.get("end", ""))

    @handles("cancel")
    def cancel(self) -> None:
        """Drop the choices offered for the tile clicked last."""
        self._act(self._cancel)

    def _cancel(self) -> None:
        self._choices, self._pending = [], None
        self.status = tr("Choice cancelled.")

    @handles("bot_step", clears_error=False)    # the browser's timer, not the user
    def _on_bot_step(self, msg: Message) -> None:
        self.bot_step(msg.get("tick"))

    @handles("save")
    def _save_to_browser(self) -> None:
        self._act(self._send_record)

    @handles("load")
    def _on_load(self, msg: Message) -> None:
        self.load(msg.get("text", ""))

    # -- the view for the browser -------------------------------------------------------------
    def _refresh(self) -> None:
        self._tick += 1
        if self.review and getattr(self, "_review_for", None) != (id(self.state),
                                                                  len(self.state.history)):
            self.review = []            # the round it reviewed is no longer on the table
        with self._drawing():
            self.view = page_words(board_view(    # page_words: the page's own words, translated
                self.state, self.match, self._names(), me=self.me, tick=self._tick,
                title=tr(self.rules.title), open_hands=self.open_hands, delay=self.delay,
                finished=self._finished, notes_seen=self._notes_seen, choices=self._choices,
                pending=self._pending, skin=self.skin, children=self.mode == "children"))
            if self.skin is not None:    # every message names the tiles by their pictures
                for name in ("status", "error", "analysis"):
                    text = getattr(self, name)
                    if text:
                        setattr(self, name, say(text, self.skin))

    def _rescaled(self) -> None:
        if self.review and getattr(self, "_review_for", None) == (id(self.state),
                                                                  len(self.state.history)):
            # the post-mortem's tables, redrawn at the new size too
            self.review = [dict(it, svg=_table_before(self.state, it["ply"], self._review_player,
                                                      self.scale, self.skin))
                           for it in self.review]
        self._refresh()

    def _still_svg(self) -> str:
        shown = True if self.open_hands else ({self.me} if self.me is not None else False)
        return str(table_svg(self.state, face_up=shown, skin=self.skin))

    def __repr__(self) -> str:
        return f"<GameBoard {self.rules.name}: {self.state!r}>"


# every way in (a page message, a cell's call, an observer) speaks the board's language
for _name in ("_on_message", "_on_delay", "click", "choose", "cancel", "draw", "pass_", "bot_step",
              "autoplay", "next_round", "new_match", "undo", "save", "load", "why_blocked",
              "hint", "show_value", "post_mortem", "_refresh"):
    setattr(GameBoard, _name, speaking(getattr(GameBoard, _name)))
