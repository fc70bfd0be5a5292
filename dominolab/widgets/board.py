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

On a cross (Osyol, Telefon, Muggins, Chechevé) the ends are arms, offered in
words; "N!" plays a double on the north arm and closes it (the Shift+N key):

>>> x = GameBoard("osyol", players=2, human=0, seed=8, delay=0)   # P2 led 3:3
>>> x.view["ends_text"]
'Open arms: west 3, east 3, north 3, south 3'
>>> x.click("1:3"); [c["label"] for c in x.view["choices"]]
['west arm', 'east arm', 'north arm', 'south arm']
>>> x.choose("N"); x.status.startswith("You played 1:3>N (1:3 on the north arm).")
True
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
    """The solver module and the module of the sampling bot (``SamplingBot``); one seam
    that tests replace with stand-ins."""
    from ..games import bots, solver

    return solver, bots


def _tile_of(text) -> Tile:
    if isinstance(text, Tile):
        return text
    if isinstance(text, (list, tuple)) and len(text) == 2:
        return Tile(int(text[0]), int(text[1]))
    return Tile.parse(str(text))


_ARM_NAMES = {"W": "west", "E": "east", "N": "north", "S": "south"}

#: what each four-direction game calls its first open double (RULES.md glossary)
_SPINNER_WORD = {"telefon": "house", "checheve": "base"}


def _is_cross(layout) -> bool:
    return getattr(layout, "kind", "line") == "spinner"


def _end_name(end: str | None) -> str:
    """Words for an end: "left end", "north arm", "north arm and close it"."""
    if end is None:
        return "lead"
    closed = end.endswith("!")
    base = end[:-1] if closed else end
    if base in _ARM_NAMES:
        return f"{_ARM_NAMES[base]} arm" + (" and close it" if closed else "")
    return _END_NAMES.get(end, f"end {end}")


def _join_words(parts: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _spinner_note(move: Move, layout, rules) -> str:
    """" — 3:3 becomes the spinner" when this play lays the first open double of a cross."""
    if not _is_cross(layout) or layout.spinner is not None or layout.is_empty():
        return ""
    for t, e in move.placements:
        if t.is_double and e is not None and not e.endswith("!"):
            return f" — {t} becomes the {_SPINNER_WORD.get(rules.name, 'spinner')}"
    return ""


def _move_label(move: Move, layout=None, rules=None) -> str:
    """Words for a choice button: "left end", "north arm and close it", "0:1 at the left end +
    5:6 at the right end", or "3:3 on north and 5:5 on east, both open".

    >>> _move_label(Move.parse("3:3>N+5:5>E")), _move_label(Move.parse("3:3>N!+5:5>E"))
    ('3:3 on north and 5:5 on east, both open', '3:3 on north (closed) and 5:5 on east (open)')
    >>> _move_label(Move.parse("2:2>W!+3:3>E!+4:4>S!")), _move_label(Move.parse("6:6>S!"))
    ('2:2 on west, 3:3 on east and 4:4 on south, all closed', 'south arm and close it')
    """
    note = _spinner_note(move, layout, rules) if layout is not None else ""
    if len(move.placements) == 1:
        return _end_name(move.end) + note
    pl = move.placements
    if all(e is not None and e.rstrip("!") in _ARM_NAMES for _, e in pl):
        flags = [e.endswith("!") for _, e in pl]
        where = [f"{t} on {_ARM_NAMES[e.rstrip('!')]}" for t, e in pl]
        if len(set(flags)) == 1:
            both = "both" if len(pl) == 2 else "all"
            return _join_words(where) + f", {both} {'closed' if flags[0] else 'open'}" + note
        return _join_words([f"{w} ({'closed' if c else 'open'})"
                            for w, c in zip(where, flags)]) + note
    parts = []
    for t, e in pl:
        parts.append(f"{t} {'as a lead' if e is None else 'at the ' + _end_name(e)}")
    return " + ".join(parts) + note


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
            end = None          # a lead has no end: the L/R (W/E/N/S) keys just play it
        if end:
            end = str(end).strip().upper()
            fit = [m for m in moves if len(m.placements) == 1 and m.end == end]
            if not fit:
                raise IllegalMove(self._why_not(t, end))
            moves = fit
        if len(moves) == 1:
            self._play_human(moves[0])
            return
        if moves:
            self._pending, self._choices = t, moves
            where = "; ".join(_move_label(m, st.layout, st.rules) for m in moves)
            self.status = f"{t} can go in {len(moves)} ways: {where}. Choose one."
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
        """Pick one of the offered ways to play the tile clicked last: an end ("L", "R"; on a
        cross "W", "E", "N", "S", with "!" to close the double: "N!"), or a move."""
        self._act(self._choose, end_or_move)

    def _choose(self, choice):
        self._human_check()
        if isinstance(choice, Move):
            move = choice
        else:
            text = str(choice).strip()
            if text.upper().rstrip("!") in ("L", "R", "M", *_ARM_NAMES):
                end = text.upper()
                if not self._choices:
                    raise BoardError("click a tile first, then choose its end")
                hits = [m for m in self._choices if len(m.placements) == 1 and m.end == end]
                if not hits:
                    st = self.state
                    where = "on" if end.rstrip("!") in _ARM_NAMES else "at"
                    raise IllegalMove(f"{self._pending} cannot go {where} the {_end_name(end)}; "
                                      "choose " + "; ".join(
                                          _move_label(m, st.layout, st.rules)
                                          for m in self._choices))
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
        words = self._words_before(move)
        self.state.play(move)
        self._choices, self._pending = [], None
        self.status = f"You played {move.body()}{words}{self._fives_after(move)}."
        self.analysis = ""
        self._after_change(run=True)

    def _words_before(self, move: Move, layout=None) -> str:
        """On a cross, the move in words (judged on the table *before* it is made):
        " (3:3 on the north arm, closed)"; "" on a line and for draw and pass."""
        lay = self.state.layout if layout is None else layout
        if move.kind != "play" or not _is_cross(lay) or lay.is_empty():
            return ""
        if len(move.placements) == 1:
            t, e = move.placements[0]
            text = f"{t} on the {_end_name(e.rstrip('!'))}" + (", closed" if e.endswith("!")
                                                               else "")
            return f" ({text}{_spinner_note(move, lay, self.state.rules)})"
        return f" ({_move_label(move, lay, self.state.rules)})"

    def _fives_after(self, move: Move) -> str:
        """After a play in a fives game: the open ends and the points scored (or nothing)."""
        st = self.state
        mode = st.rules.opt("fives")
        if move.kind != "play" or not mode or not _is_cross(st.layout):
            return ""
        from ..games.spinner import fives_points

        total = st.layout.end_sum()
        pts = fives_points(total, mode)
        return f"; the open ends add up to {total}: +{pts}" if pts else ""

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
            before = self.state.layout.copy()
            move = self._bot_move()
        except DominoError as e:
            self.error = f"a bot failed to move: {e}"
            return False
        with self.hold_sync():
            words = self._words_before(move, before)
            self.status = (f"{self._name(move.player)} played {move.body()}{words}"
                           f"{self._fives_after(move)}.")
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
        return games.Record.from_state(self.state).to_json()

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
        """The sampling bot's best move for the human, in words."""
        return self._analyse("hint")

    def show_value(self) -> str:
        """The double-dummy value of the position (teaching mode: every hand is seen)."""
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
                text = _limited(lambda: _value_text(solver, st), self.analysis_timeout)
            else:
                if me is not None and st.current_player != me:
                    raise BoardError("a hint is for your own turn: wait for the bots")
                sampler = getattr(inference, "SamplingBot", None) if inference else None
                if sampler is not None:
                    seed = self._seed

                    def pick():
                        try:
                            bot = sampler(seed=seed)
                        except TypeError:
                            bot = sampler()
                        move = bot.choose(st)
                        words = self._words_before(move)      # on a cross: the arm in words
                        words = f" — {words.strip()[1:-1]}" if words else ""
                        return (f"Hint: play {move.body()}{words} (the sampling bot's choice: "
                                f"it deals the hidden tiles many ways and solves each deal)")
                    text = _limited(pick, self.analysis_timeout)
                else:  # every hand is seen (a stand-in without a sampling bot, in tests)
                    text = _limited(lambda: "Hint (every hand seen): " + _value_text(solver, st),
                                    self.analysis_timeout)
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
        if not ends and st.layout.is_empty():
            ends_text = "The table is empty: " + (
                "lead " + " or ".join(str(t) for t in st.lead) if st.lead else "any tile leads")
        elif _is_cross(st.layout):
            ends_text = self._cross_ends_text()
        else:
            ends_text = "Open ends: " + ", ".join(f"{k} ({_END_NAMES.get(e, e)})" for e, k in ends)
        fives = self._fives_view()
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
            "choices": [{"label": _move_label(m, st.layout, st.rules), "move": str(m),
                         "end": m.end if len(m.placements) == 1 else None}
                        for m in self._choices],
            "cross": _is_cross(st.layout),
            "fives": fives,
            "pending": str(self._pending) if self._pending else "",
            "turn_text": turn_text,
            "boneyard": st.boneyard_count(),
            "boneyard_text": self._boneyard_text(),
            "scores": self._scores(),
            "log": [str(m) for m in st.history],
            "log_notes": fives["notes"] if fives else [],
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

    def _cross_ends_text(self) -> str:
        """The open arms of a cross in words, with what is closed or not open yet and (in
        the fives games) their sum."""
        st = self.state
        lay = st.layout
        ends = lay.open_ends()
        word = _SPINNER_WORD.get(st.rules.name, "spinner")
        text = ("Open arms: " + ", ".join(f"{_ARM_NAMES[e]} {k}" for e, k in ends) if ends
                else "No open arm: every arm is closed")
        closed = lay.closed_ends()
        if closed:
            text += "; closed: " + ", ".join(_ARM_NAMES[e] for e in closed)
        if lay.spinner is None:
            text += f" (no {word} yet: the first double played open opens north and south)"
        elif not lay.cross_open():
            text += f" (north and south open once both sides of the {word} are played)"
        if st.rules.opt("fives"):
            total = lay.end_sum()
            text += f". The ends add up to {total}" + (
                " (a multiple of 5)" if total and total % 5 == 0 else "")
        return text

    def _fives_view(self) -> dict | None:
        """The points scored for multiples of five so far in this round (Telefon, Muggins):
        a note for each scoring move of the log, and the total per side."""
        st = self.state
        if not st.rules.opt("fives") or not _is_cross(st.layout):
            return None
        from ..games.spinner import fives_log

        notes = [""] * len(st.history)
        per_player = [0] * st.players
        plays = [0] * st.players
        for ply, p, total, pts in fives_log(st):
            notes[ply] = f"ends {total}: +{pts}"
            per_player[p] += pts
            plays[p] += 1
        rows = []
        for team in st.teams:
            pts = sum(per_player[p] for p in team)
            n = sum(plays[p] for p in team)
            rows.append({"team": self._team_name(team), "points": pts, "plays": n})
        def side(r):
            n = r["plays"]
            return f"{r['team']} {r['points']}" + (
                f" ({n} scoring play{'s' if n != 1 else ''})" if n else "")

        text = "Fives this round: " + ", ".join(side(r) for r in rows)
        return {"text": text, "rows": rows, "notes": notes}

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
        fives = self._fives_view()
        if fives:
            lines.append(fives["text"].replace("Fives this round", "Fives scored during the round"))
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
