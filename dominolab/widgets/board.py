"""Play any variant of the game engine against bots: the game board widget.

The board is a thin layer over :mod:`dominolab.games`: a :class:`~dominolab.games.Match`
deals the rounds and keeps the score, a :class:`~dominolab.games.GameState` holds
the round and judges every move, and the bots of :mod:`dominolab.games.bots`
fill the other seats. Python owns all of it; the browser only draws the JSON
``view`` it is sent and reports clicks (``model.send({type: ...})``). A click
that the rules forbid shows the engine's reason in the board's status line and
changes nothing.

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
"""

from __future__ import annotations

import copy
import pathlib
from functools import lru_cache

import anywidget
import traitlets

from .. import games
from ..errors import DominoError, GameOver, IllegalMove, ParseError, WrongPlayer
from ..games.bots import Bot, make_bot
from ..games.moves import Draw, Move, Pass, Play
from ..tiles import Tile

__all__ = ["GameBoard"]

_STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"

_END_NAMES = {"L": "left end", "R": "right end", "M": "the gap", None: "lead"}


class BoardError(DominoError):
    """A request the board cannot carry out (wrong mode, unknown request, …)."""


# -- drawings (all made by dominolab.render) ---------------------------------------

@lru_cache(maxsize=512)
def _tile_picture(a: int, b: int, size: float = 20) -> str:
    from ..render import tile_svg

    return str(tile_svg((a, b), vertical=True, size=size))


@lru_cache(maxsize=64)
def _backs_picture(count: int) -> str:
    from ..render import hand_svg

    if count == 0:
        return ""
    return str(hand_svg([(0, 0)] * count, face_down=True, size=11, per_row=14,
                        title=f"{count} face-down dominoes"))


def _hand_picture(tiles) -> str:
    from ..render import hand_svg

    tiles = list(tiles)
    if not tiles:
        return ""
    return str(hand_svg(tiles, size=11, per_row=14, title=f"{len(tiles)} dominoes: "
                        + " ".join(str(t) for t in tiles)))


def _layout_picture(state, size: float = 22, per_row: int = 12) -> str:
    """The line on the table, by the same code as :func:`dominolab.render.table.table_svg`."""
    from ..render import document
    from ..render import table as rt

    lay = state.layout
    if not len(lay):
        return ""
    public = getattr(rt, "layout_svg", None)
    if public is not None:
        return str(public(state, size=size, per_row=per_row))
    segs = lay.segments() if hasattr(lay, "segments") else [lay.pairs()]
    body, w, h = rt._line_body(segs, 0, 0, size, per_row)
    return str(document(w, h, body, f"the table: {len(lay)} dominoes in a line"))


def _solver_modules():
    """(solver, inference) modules when they are installed, else None for each."""
    mods = []
    for name in ("solver", "inference"):
        try:
            mods.append(__import__(f"dominolab.games.{name}", fromlist=[name]))
        except Exception:  # noqa: BLE001 - any failure means "not available"
            mods.append(None)
    return tuple(mods)


def _sampling_bot_class(inference):
    """The sampling bot of the solver issue, wherever it lives (None when absent)."""
    from ..games import bots as bot_module

    for where in (inference, bot_module):
        cls = getattr(where, "SamplingBot", None) if where is not None else None
        if cls is not None:
            return cls
    return getattr(bot_module, "BOTS", {}).get("sampling")


def _tile_of(text) -> Tile:
    if isinstance(text, Tile):
        return text
    if isinstance(text, (list, tuple)) and len(text) == 2:
        return Tile(int(text[0]), int(text[1]))
    return Tile.parse(str(text))


def _move_label(move: Move) -> str:
    """Words for a choice button: "left end", or "0:1 at the left end + 5:6 at the right end"."""
    if len(move.placements) == 1:
        return _END_NAMES.get(move.end, f"end {move.end}")
    parts = []
    for t, e in move.placements:
        parts.append(f"{t} {'as a lead' if e is None else 'at the ' + _END_NAMES.get(e, e)}")
    return " + ".join(parts)


class GameBoard(anywidget.AnyWidget):
    """A table of ``variant`` for ``players`` with one human seat (``human=None``: all bots).

    ``bots``: a bot name ("random", "greedy", "heuristic"), a Bot, or a list
    with one entry per seat (the human's entry is ignored). ``open=True`` is
    teaching mode: every hand face up, undo allowed, "show value" offered.
    ``players=None`` takes the variant's usual number. Extra keyword options
    go to the variant's rules (e.g. ``pairs=True`` for Kozel in pairs).

    Python API (the buttons call the same methods): :meth:`click`,
    :meth:`choose`, :meth:`draw`, :meth:`pass_`, :meth:`bot_step`,
    :meth:`autoplay`, :meth:`next_round`, :meth:`new_match`, :meth:`undo`,
    :meth:`save`, :meth:`load`, :meth:`hint`, :meth:`show_value`,
    :meth:`why_blocked`.
    """

    _esm = _STATIC / "board.js"
    _css = _STATIC / "board.css"

    variant = traitlets.Unicode("kozel").tag(sync=True)
    open_hands = traitlets.Bool(False).tag(sync=True)   # the `open=` argument (teaching mode)
    delay = traitlets.Float(0.4).tag(sync=True)
    view = traitlets.Dict({}).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    analysis = traitlets.Unicode("").tag(sync=True)
    #: seconds a "hint" / "show value" search may take before it is given up
    analysis_timeout = traitlets.Float(5.0)

    def __init__(self, variant="kozel", players: int | None = None, human: int | None = 0,
                 bots="heuristic", seed: int = 7, open: bool = False, delay: float = 0.4,
                 *, _state=None, **options):
        super().__init__()
        self._options = dict(options)
        self._seed = seed
        self._matches = 0
        self._tick = 0
        self._choices: list[Move] = []
        self._pending: Tile | None = None
        self._snapshot = None
        self._finished = False
        self._notes_seen = 0
        self.open_hands = bool(open)
        self.delay = float(delay)
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
        if human is not None and not 0 <= human < self.players:
            raise BoardError(f"human must be a seat 0..{self.players - 1} or None, not {human}")
        self.human = human
        self.variant = self.rules.name
        self._bots = self._make_bots(bots)
        self.on_msg(self._on_message)
        self._after_change(run=True)
        self._refresh()

    @traitlets.observe("delay")
    def _on_delay(self, change):
        """The browser's "bot speed" control: instant (0) lets the bots finish at once."""
        if getattr(self, "state", None) is None or not hasattr(self, "_bots"):
            return
        with self.hold_sync():
            self._after_change(run=change["new"] <= 0)
            self._refresh()

    # -- construction helpers -----------------------------------------------------
    @classmethod
    def from_state(cls, state, human: int | None = 0, bots="heuristic", **kw) -> GameBoard:
        """A board continuing ``state`` (a GameState) as a single round (no match score).

        >>> g = games.new_game("sport", seed=4)
        >>> b = GameBoard.from_state(g, human=None, delay=0)
        >>> b.autoplay("round_end"), b.state is g
        (True, True)
        """
        return cls(state.rules, human=human, bots=bots, _state=state, **kw)

    @classmethod
    def from_record(cls, record, human: int | None = 0, bots="heuristic", **kw) -> GameBoard:
        """A board at the end of a saved record (JSON, dict, text or Record), replayed exactly."""
        return cls.from_state(games.replay(record), human=human, bots=bots, **kw)

    def _make_bots(self, bots) -> list[Bot | None]:
        if isinstance(bots, (str, Bot)) or bots is None:
            bots = [bots] * self.players
        bots = list(bots)
        if len(bots) == self.players - 1 and self.human is not None:
            bots.insert(self.human, None)
        if len(bots) != self.players:
            raise BoardError(f"bots: give one bot for each of the {self.players} seats "
                             f"(or {self.players - 1}, the human's seat left out), not {len(bots)}")
        out = []
        for seat, b in enumerate(bots):
            if b is None or isinstance(b, Bot):
                out.append(b if b is not None else make_bot("heuristic", self._seed * 10 + seat))
            else:
                out.append(make_bot(str(b), self._seed * 10 + seat))
        return out

    # -- seats ----------------------------------------------------------------------
    def _active(self) -> list[int]:
        """Seat of each player of the current round (Semyorka eliminates players)."""
        if self.match is not None and getattr(self.match, "_last_active", None):
            return list(self.match._last_active)
        return list(range(self.state.players))

    @property
    def me(self) -> int | None:
        """The human's player number in the current round (None: no human, or eliminated)."""
        if self.human is None:
            return None
        act = self._active()
        return act.index(self.human) if self.human in act else None

    def _name(self, p: int) -> str:
        seat = self._active()[p]
        if seat == self.human:
            return f"You (P{p + 1})"
        return f"P{p + 1} ({self._bots[seat].name} bot)"

    def _is_bot_turn(self) -> bool:
        st = self.state
        return not st.is_over() and st.current_player != self.me

    # -- human actions ----------------------------------------------------------------
    def _human_check(self):
        st = self.state
        if st.is_over():
            raise GameOver("the round is over: start the next round (or a new match)")
        if self.me is None:
            raise BoardError("every seat is played by a bot here: use autoplay or watch")
        if st.current_player != self.me:
            raise WrongPlayer(f"it is {self._name(st.current_player)}'s turn, not yours "
                              f"(P{self.me + 1}): wait for the bots")

    def click(self, tile, end: str | None = None) -> None:
        """Play ``tile`` from the human's hand (at ``end`` "L"/"R" if given); if it fits
        in several ways, offer the choices."""
        self._act(self._click, tile, end)

    def _click(self, tile, end=None):
        t = _tile_of(tile)
        st = self.state
        self._human_check()
        moves = [m for m in st.legal_moves() if m.kind == "play" and t in m.tiles]
        if end and st.layout.is_empty():
            end = None          # a lead has no end: the L/R keys just play it
        if end:
            end = str(end).upper()
            fit = [m for m in moves if len(m.placements) == 1 and m.end == end]
            if not fit:
                raise IllegalMove(self._why_not(t, end))
            moves = fit
        if len(moves) == 1:
            self._play_human(moves[0])
            return
        if moves:
            self._pending, self._choices = t, moves
            where = " or ".join(_move_label(m) for m in moves)
            self.status = f"{t} can go in {len(moves)} ways: choose {where}."
            return
        raise IllegalMove(self._why_not(t))

    def _why_not(self, t: Tile, end: str | None = None) -> str:
        """The engine's reason why no move with ``t`` (at ``end``) is legal now."""
        st = self.state
        ends = [end] if end else [e for e, _ in st.open_ends()] or [None]
        reasons = []
        for e in ends:
            try:
                st.check(Play(t, e, st.current_player))
            except DominoError as err:
                reasons.append(str(err))
        if not reasons:   # the single play is legal on its own but not in this turn mode
            return f"{t} cannot be played now: {st.mode_rule()}"
        # prefer a reason other than "does not match" when there is one (it says more)
        special = [r for r in reasons if "does not match" not in r]
        return special[0] if special else reasons[0]

    def choose(self, end_or_move) -> None:
        """Pick one of the offered ways to play the tile clicked last: "L", "R", or a move."""
        self._act(self._choose, end_or_move)

    def _choose(self, choice):
        self._human_check()
        if isinstance(choice, Move):
            move = choice
        else:
            text = str(choice).strip()
            if text.upper() in ("L", "R", "M"):
                if not self._choices:
                    raise BoardError("click a tile first, then choose its end")
                hits = [m for m in self._choices if len(m.placements) == 1
                        and m.end == text.upper()]
                if not hits:
                    raise IllegalMove(f"{self._pending} cannot go at the "
                                      f"{_END_NAMES[text.upper()]}; choose "
                                      + " or ".join(_move_label(m) for m in self._choices))
                move = hits[0]
            else:
                move = Move.parse(text)
        self._play_human(move)

    def draw(self) -> None:
        """Draw a tile from the boneyard (only when the rules allow it)."""
        self._act(lambda: (self._human_check(), self._play_human(Draw(self.me))))

    def pass_(self) -> None:
        """Pass (knock): only when nothing can be played or drawn."""
        self._act(lambda: (self._human_check(), self._play_human(Pass(self.me))))

    def _play_human(self, move: Move):
        self._human_check()
        move = self.state.check(move.by(self.me) if move.player is None else move)
        self.state.play(move)
        self._choices, self._pending = [], None
        self.status = f"You played {move.body()}."
        self.analysis = ""
        self._after_change(run=True)

    # -- bots ---------------------------------------------------------------------------
    def _bot_move(self) -> Move:
        st = self.state
        seat = self._active()[st.current_player]
        bot = self._bots[seat]
        move = bot.choose(st)
        st.play(move)
        return move

    def bot_step(self, tick: int | None = None) -> bool:
        """Let the bot to move make one move (``tick``: ignore stale requests). True if it moved."""
        if tick is not None and tick != self._tick:
            return False
        if not self._is_bot_turn():
            return False
        try:
            move = self._bot_move()
        except DominoError as e:
            self.error = f"a bot failed to move: {e}"
            return False
        with self.hold_sync():
            self.status = f"{self._name(move.player)} played {move.body()}."
            self.error = ""
            self._after_change(run=False)
            self._refresh()
        return True

    def _run_bots(self, limit: int = 100_000):
        moved = []
        for _ in range(limit):
            if not self._is_bot_turn():
                break
            moved.append(self._bot_move())
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
    def _after_change(self, run: bool):
        """After any move: let bots play (delay 0), close a finished round, redraw."""
        if run and self.delay <= 0:
            self._run_bots()
        if self.state.is_over() and not self._finished:
            self._finished = True
            if self.match is not None:
                self._snapshot = copy.deepcopy(
                    {k: v for k, v in self.match.__dict__.items() if k not in ("rules", "state")})
                self._notes_seen = len(self.match.notes)
                self.match.finish_round()

    def next_round(self) -> None:
        """Deal the next round of the match."""
        self._act(self._next_round)

    def _next_round(self):
        if self.match is None:
            raise BoardError("this board plays a single round: start a new match instead")
        if not self.state.is_over():
            raise BoardError("finish this round first")
        if self.match.is_over():
            raise GameOver("the match is over: start a new match")
        self.state = self.match.new_round()
        self._finished = False
        self._snapshot = None
        self._choices, self._pending = [], None
        self.analysis = ""
        self.status = f"Round {self.match.round_no + 1} dealt."
        self._after_change(run=True)

    def new_match(self) -> None:
        """Start a new match of the same variant (a new seed: seed + number of matches)."""
        self._act(self._new_match)

    def _new_match(self):
        self._matches += 1
        self.match = games.Match(self.rules, players=self.players,
                                 seed=self._seed + self._matches)
        self.state = self.match.new_round()
        self._finished = False
        self._snapshot = None
        self._choices, self._pending = [], None
        self.analysis = ""
        self.status = "A new match: round 1 dealt."
        self._after_change(run=True)

    def undo(self) -> None:
        """Teaching mode: take back your last move (and the bots' moves after it)."""
        self._act(self._undo)

    def _undo(self):
        if not self.open_hands:
            raise BoardError("undo is for teaching mode: make the board with open=True")
        st = self.state
        me = self.me
        if not st.history:
            raise IllegalMove("nothing to undo: no move has been made in this round")
        if me is not None and not any(m.player == me for m in st.history):
            raise IllegalMove("nothing of yours to undo: you have not moved in this round")
        if self._finished and self.match is not None and self._snapshot is not None:
            self.match.__dict__.update(copy.deepcopy(self._snapshot))
            self.match.state = st
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
        return self.state.to_record().to_json()

    def load(self, text) -> None:
        """Replace the game by a saved record; a bad record shows the error and keeps the game."""
        self._act(self._load, text)

    def _load(self, text):
        try:
            state = games.replay(text)
        except DominoError as e:
            raise ParseError(f"could not load the record: {e}") from None
        except (TypeError, ValueError, KeyError, AttributeError) as e:
            raise ParseError(f"could not load the record: {type(e).__name__}: {e}") from None
        self.state, self.match = state, None
        self.rules, self.players = state.rules, state.players
        self.variant = state.rules.name
        if self.human is not None and self.human >= self.players:
            self.human = 0
        if len(self._bots) != self.players:
            self._bots = self._make_bots("heuristic")
        self._finished = False
        self._snapshot = None
        self._choices, self._pending = [], None
        self.analysis = ""
        self.status = f"Loaded a {state.rules.title} record with {len(state.history)} moves."
        self._after_change(run=True)

    # -- analysis ----------------------------------------------------------------------------
    def why_blocked(self) -> str:
        """Why the round ended in a block (or why it did not): the open ends and the hands."""
        with self.hold_sync():
            text = self._why_blocked()
            self._refresh()
        return text

    def _why_blocked(self) -> str:
        st = self.state
        if st.ended != "blocked":
            text = ("The round is not blocked." if not st.is_over()
                    else f"The round ended '{st.ended}', not in a block.")
        else:
            ends = sorted({k for _, k in st.open_ends() if k >= 0})
            nums = " and ".join(map(str, ends))
            left = st.boneyard_count()
            bone = ("the boneyard is empty" if left == 0 else
                    f"the {left} tile(s) left in the boneyard may not be drawn")
            text = (f"Blocked: the open ends show {nums}; no hand holds a tile with "
                    f"{'that number' if len(ends) == 1 else 'any of those numbers'}, and {bone}.")
            counts = []
            for k in ends:
                seen = sum(1 for a, b in st.layout.pairs() for x in {a, b} if x == k)
                counts.append(f"all 7 tiles with {k} are out" if seen >= st.rules.set_max + 1
                              else f"{seen} tiles with {k} on the table")
            if counts:
                text += " (" + "; ".join(counts) + ".)"
        self.analysis = text
        return text

    def hint(self) -> str:
        """The sampling bot's best move for the human (when the solver is installed)."""
        return self._analyse("hint")

    def show_value(self) -> str:
        """The double-dummy value of the position (teaching mode, solver installed)."""
        return self._analyse("value")

    def _analyse(self, kind: str) -> str:
        with self.hold_sync():
            text = self._analyse_now(kind)
            self._refresh()
        return text

    def _analyse_now(self, kind: str) -> str:
        solver, inference = _solver_modules()
        st = self.state
        me = self.me
        try:
            if st.is_over():
                raise BoardError("the round is over: nothing to analyse (try 'why blocked?')")
            if kind == "value":
                if not self.open_hands:
                    raise BoardError("'show value' looks at every hand: use open=True")
                if solver is None or not hasattr(solver, "solve"):
                    text = "analysis not available (the solver is not installed)"
                else:
                    text = _limited(lambda: _value_text(solver, st), self.analysis_timeout)
            else:
                if me is not None and st.current_player != me:
                    raise BoardError("a hint is for your own turn: wait for the bots")
                sampler = _sampling_bot_class(inference)
                if sampler is not None:
                    seed = self._seed

                    def pick():
                        try:
                            bot = sampler(seed=seed)
                        except TypeError:
                            bot = sampler()
                        move = bot.choose(st)
                        return (f"Hint: play {move.body()} (the sampling bot's choice: it "
                                f"deals the hidden tiles many ways and solves each deal)")
                    text = _limited(pick, self.analysis_timeout)
                elif solver is not None and hasattr(solver, "solve") and self.open_hands:
                    text = _limited(lambda: "Hint (every hand seen): " + _value_text(solver, st),
                                    self.analysis_timeout)
                else:
                    text = "analysis not available (the sampling bot is not installed)"
        except DominoError as e:
            self.error = str(e)
            return str(e)
        self.analysis = text
        self.error = ""
        return text

    # -- messages from the browser ----------------------------------------------------------
    def _act(self, fn, *args) -> None:
        """Run an action; a DominoError is shown in the status line and nothing changes.

        The traits are sent to the browser together, once, after the action.
        """
        with self.hold_sync():
            self.error = ""
            try:
                fn(*args)
            except DominoError as e:
                self.error = str(e)
            self._refresh()

    def _on_message(self, widget, content, buffers) -> None:
        if not isinstance(content, dict):
            self.error = f"unknown request {content!r}"
            return
        kind = content.get("type")
        handlers = {
            "tile": lambda: self.click(content.get("tile", ""), content.get("end")),
            "play": lambda: self.choose(content.get("move", "")),
            "end": lambda: self.choose(content.get("end", "")),
            "cancel": self._cancel,
            "draw": self.draw,
            "pass": self.pass_,
            "bot_step": lambda: self.bot_step(content.get("tick")),
            "next_round": self.next_round,
            "new_match": self.new_match,
            "undo": self.undo,
            "save": self._send_record,
            "load": lambda: self.load(content.get("text", "")),
            "hint": self.hint,
            "value": self.show_value,
            "why_blocked": self.why_blocked,
        }
        fn = handlers.get(kind)
        if fn is None:
            self.error = f"unknown request {kind!r}"
            return
        try:
            fn()
        except (DominoError, TypeError, ValueError) as e:   # never lose the game
            self.error = str(e)
            self._refresh()

    def _cancel(self):
        self._act(self._do_cancel)

    def _do_cancel(self):
        self._choices, self._pending = [], None
        self.status = "Choice cancelled."

    def _send_record(self):
        self._act(self._do_send_record)

    def _do_send_record(self):
        text = self.save()
        name = f"{self.rules.name}-round-{len(self.match.results) + 1 if self.match else 1}.json"
        self.send({"type": "record", "name": name, "text": text})
        self.status = f"Saved the round as {name} ({len(self.state.history)} moves)."

    # -- the view for the browser -------------------------------------------------------------
    def _refresh(self) -> None:
        self._tick += 1
        st = self.state
        me = self.me
        over = st.is_over()
        legal = list(st.legal_moves()) if not over else []
        my_turn = (not over) and me is not None and st.current_player == me
        playable = {t for m in legal for t in m.tiles} if my_turn else set()
        hand = []
        if me is not None:
            for t in st.hand(me):
                hand.append({"tile": f"{t.low}-{t.high}", "text": str(t), "a": t.low,
                             "b": t.high, "svg": _tile_picture(t.low, t.high),
                             "playable": t in playable,
                             "pending": self._pending == t})
        seats = []
        for p in range(st.players):
            n = len(st.hand(p))
            face_up = self.open_hands or over or p == me
            seats.append({
                "player": p, "name": self._name(p), "count": n,
                "human": p == me, "turn": (not over) and p == st.current_player,
                "team": st.team_of[p] + 1 if len(st.teams) < st.players else None,
                "svg": _hand_picture(st.hand(p)) if face_up and p != me else
                (_backs_picture(n) if p != me else ""),
                "face_up": face_up,
                "tiles": str(st.hand(p)) if face_up else "",
            })
        if over:
            turn_text = "Round over"
        elif my_turn:
            turn_text = f"Your turn (P{me + 1})"
        else:
            turn_text = f"{self._name(st.current_player)} to move"
        ends = st.open_ends()
        if not ends:
            ends_text = "The table is empty: " + (
                "lead " + " or ".join(str(t) for t in st.lead) if st.lead else "any tile leads")
        else:
            ends_text = "Open ends: " + ", ".join(f"{k} ({_END_NAMES.get(e, e)})" for e, k in ends)
        view = {
            "tick": self._tick,
            "title": f"{self.rules.title} — {st.players} players",
            "table_svg": _layout_picture(st),
            "table_count": len(st.layout),
            "ends_text": ends_text,
            "hand": hand,
            "seats": seats,
            "my_turn": my_turn,
            "can_draw": my_turn and any(m.kind == "draw" for m in legal),
            "can_pass": my_turn and any(m.kind == "pass" for m in legal),
            "choices": [{"label": _move_label(m), "move": str(m), "end": m.end
                         if len(m.placements) == 1 else None} for m in self._choices],
            "pending": str(self._pending) if self._pending else "",
            "turn_text": turn_text,
            "boneyard": st.boneyard_count(),
            "boneyard_text": self._boneyard_text(),
            "scores": self._scores(),
            "log": [str(m) for m in st.history],
            "round_over": over,
            "panel": self._panel() if over else None,
            "bot_pending": self._is_bot_turn() and self.delay > 0,
            "delay_ms": round(self.delay * 1000),
            "open": self.open_hands,
            "can_undo": self.open_hands and bool(st.history),
            "human": me is not None,
            "hand_note": ("" if me is not None else
                          "Every seat is played by a bot." if self.human is None else
                          "You are out of this match; the bots play on."),
        }
        self.view = view

    def _boneyard_text(self) -> str:
        st = self.state
        r = st.rules
        if r.draw == "none":
            return (f"No drawing in {r.name}" + (f" ({st.boneyard_count()} tiles set aside)"
                                                 if st.boneyard_count() else ""))
        if not st.bone:
            return "No boneyard: every tile was dealt"
        left = st.boneyard_count()
        if left == 0:
            return "Boneyard: empty"
        keep = f", the last {r.keep} may not be drawn" if r.keep else ""
        return f"Boneyard: {left} tile{'s' if left != 1 else ''}{keep}"

    def _team_name(self, members) -> str:
        act = self._active()
        return " & ".join(("You" if act[p] == self.human else f"P{p + 1}") for p in members)

    def _scores(self) -> dict:
        m = self.match
        if m is None:
            return {"rows": [], "text": "A single round (loaded or given): no match score."}
        kind = "penalties" if m.rules.penalties else "points"
        rows = []
        for t, members in enumerate(m.teams):
            who = " & ".join(("You" if s == self.human else f"P{s + 1}") for s in members)
            out = " (out)" if len(members) == 1 and members[0] in m.eliminated else ""
            rows.append({"team": who + out, "score": m.scores[t]})
        if m.rules.opt("eliminate"):
            aim = f"{m.rules.target} sticks put a player out; the last one left wins"
        elif m.rules.penalties:
            aim = f"{kind}: the first to {m.rules.target} loses"
        else:
            aim = f"{kind}: the first to {m.rules.target} wins"
        text = f"Match, round {m.round_no + (0 if self._finished else 1)}; {aim}"
        if m.eggs:
            text += f"; eggs carried: {m.eggs}"
        return {"rows": rows, "text": text}

    def _panel(self) -> dict:
        st = self.state
        res = st.result()
        head = {"out": f"{self._name(res.finisher)} went out" if res.finisher is not None
                else "A player went out",
                "blocked": "The round is blocked", "void": "The round does not count",
                "redeal": "Redeal"}.get(res.end, res.end)
        if res.winning_team is not None and res.end not in ("void", "redeal"):
            wt = st.teams[res.winning_team]
            single = len(wt) == 1 and self._active()[wt[0]] != self.human
            head += f"; {self._team_name(wt)} win{'s' if single else ''} the round"
        lines = [res.reason] if res.reason else []
        kind = "penalty" if res.penalties else "points"
        rows = []
        for p in range(st.players):
            rows.append({"who": self._name(p), "hand": str(st.hand(p)) or "(empty)",
                         "value": res.pips[p] if p < len(res.pips) else "",
                         "points": res.points[p] if p < len(res.points) else ""})
        if len(st.teams) < st.players:
            lines.append("Team " + kind + ": " + ", ".join(
                f"{self._team_name(t)} {res.team_points[i]}" for i, t in enumerate(st.teams)))
        lines.extend(res.notes)
        if res.eggs:
            lines.append(f"Eggs carried to the next round: {res.eggs}")
        for t, title in res.titles.items():
            lines.append(f"Title: {self._team_name(st.teams[t])} — {title}")
        m = self.match
        match_over = False
        standings = ""
        if m is not None:
            lines.extend(m.notes[self._notes_seen:])
            match_over = m.is_over()
            standings = m.standings()
        return {"headline": head, "lines": lines, "rows": rows, "kind": kind,
                "value_name": "hand value" if res.end != "void" else "pips",
                "match_over": match_over, "standings": standings,
                "can_next": m is not None and not match_over}

    def __repr__(self) -> str:
        return f"<GameBoard {self.rules.name}: {self.state!r}>"


def _value_text(solver, state) -> str:
    """The solver's verdict in words (runs in the worker process)."""
    try:
        res = solver.solve(state)
    except DominoError as e:
        return f"analysis not available here: {e}"
    side = " & ".join(f"P{p + 1}" for p in getattr(res, "side", ()))
    kind = "penalties" if state.rules.penalties else "points"
    best = ", ".join(m.body() for m in getattr(res, "best_moves", [])) or "-"
    return (f"Double-dummy value {res.value:+d} for {side or 'the side to move'} "
            f"({kind}: the others' minus theirs)" if state.rules.penalties else
            f"Double-dummy value {res.value:+d} for {side or 'the side to move'} "
            f"({kind}: theirs minus the others')") + f"; best: {best}"


def _limited(fn, timeout: float) -> str:
    """Run ``fn() -> str`` in a forked worker for at most ``timeout`` seconds.

    A deep search must neither freeze the kernel nor keep burning a core after
    the user has moved on, and a thread cannot be stopped: a forked process
    can. Where fork is unavailable (Windows, Pyodide) ``fn`` runs inline.
    """
    import multiprocessing as mp

    try:
        ctx = mp.get_context("fork")
    except ValueError:
        return fn()
    recv, send = ctx.Pipe(duplex=False)

    def child():
        try:
            send.send(str(fn()))
        except BaseException as e:  # noqa: BLE001 - report anything to the parent
            send.send(f"analysis failed: {type(e).__name__}: {e}")
        finally:
            send.close()

    proc = ctx.Process(target=child, daemon=True)
    try:
        proc.start()
    except OSError:         # no processes here (e.g. a browser kernel): run inline
        send.close()
        recv.close()
        return fn()
    send.close()
    try:
        if recv.poll(timeout):
            return recv.recv()
        return (f"analysis not available: the search needs more than {timeout:g} s here "
                f"(fewer tiles later in the round make it fast)")
    except EOFError:
        return "analysis failed: the worker stopped"
    finally:
        if proc.is_alive():
            proc.terminate()
        proc.join(2)
        recv.close()
