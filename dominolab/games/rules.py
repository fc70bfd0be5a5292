# One file: the Rules value is one declaration whose capability fields (read by the
# searches, the bots, the board and the CLI) are documented beside the hooks and the
# round result they describe; split apart, each field's meaning would live far from it.
"""Rules as data: the :class:`Rules` value, round results and the shared hooks.

A variant is one frozen :class:`Rules` value: the set, the player counts and
hand sizes, the drawing policy, the opening rule, scoring, the match target
and a few named hook functions where a variant truly differs (Semyorka's
"sum 6 / sum 7", two-tile plays). The engine in
:mod:`dominolab.games.state` reads these fields and calls the hooks; it never
looks at a variant's name.

Hooks and their signatures (all optional except ``opening`` and ``scoring``):

- ``opening(deal, boneyard, rules, ctx) -> Opening`` — who leads and with which tiles;
- ``scoring(state) -> RoundResult`` — the round's result;
- ``after_play(state, player, move) -> next player`` — extra effects of a play
  (it may change ``state.hands``, ``state.top`` and ``state.mode``: undo
  restores them);
- ``extra_moves(state, plays) -> plays`` — add/restrict multi-tile plays;
- ``redeal(hand, rules) -> reason or None`` — must this hand be redealt?
- ``match_update(match, result)`` — carry a round into the match score;
- ``explain(state, move) -> reason or None`` — why a play is illegal, naming the
  variant's rule (consulted before the engine's generic reasons).

The ``layout`` field is a :class:`~dominolab.games.layout.Layout` subclass; each
round gets ``layout.for_rules(rules)``, so rule options can configure it (the
spinner's). What the other modules may rely on about a variant is declared in
the capability fields at the end of :class:`Rules` (what the score reads, a
closed-form score, points scored on the table during play, the word for the
spinner, the texts of turn modes).

>>> from dominolab.games import VARIANTS
>>> r = VARIANTS["kozel"]
>>> r.hand_size(4), r.keep, r.penalties, r.target
(7, 1, True, 101)
>>> r.with_options(target=125).target
125
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from ..errors import DominoError, UnknownOption
from ..i18n import N_, tr
from ..limits import short_repr, whole_number
from ..tiles import MAX_LOCO_NUMBER, DominoSet, Hand, Tile
from .layout import Layout, LineLayout
from .moves import MAX_PLAYERS, Move

__all__ = ["Rules", "RoundResult", "RoundContext", "Opening", "UnknownOption"]


class Opening(NamedTuple):
    """Who leads a round and what may be led (``lead`` None = any tile).

    ``flags`` are facts the scoring needs later (e.g. a fast lead was allowed).
    (A named tuple, not a frozen dataclass: every deal makes one, and a frozen
    dataclass's field-by-field set-up cost more than the rest of the sport opening.)
    """

    leader: int
    lead: tuple[Tile, ...] | None = None
    flags: tuple[tuple[str, Any], ...] = ()
    why: str = ""


@dataclass
class RoundContext:
    """What a round needs to know about the match it belongs to.

    ``previous`` is the last RoundResult (None for the first round),
    ``leader_hint`` the player (in this round's numbering) who finished or
    blocked the previous round, ``scores`` the match records per team,
    ``eggs`` points carried by a tied block, ``kept`` tiles a player takes
    before the rest is shuffled and dealt (player -> tiles; Morskoy kozel's
    replayed fast lead: "the lead tile does not take part in the shuffle and is
    taken by the leader").
    """

    round_no: int = 0
    previous: RoundResult | None = None
    leader_hint: int | None = None
    first_leader: int | None = None
    scores: list[int] | None = None
    eggs: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    kept: dict[int, tuple[Tile, ...]] = field(default_factory=dict)


@dataclass
class RoundResult:
    """How a round ended and what each player and team scores.

    ``end`` is "out" (someone played his last tile), "blocked", "redeal"
    (a hand had to be redealt) or "void" (a round that does not count, e.g. a
    forbidden block). ``points`` and ``team_points`` are what the round adds
    to the records: winnings in positive games, penalties when
    ``penalties`` is True (Kozel: the goat is the one with most). ``pips``
    is each hand's value as the variant counts it.
    """

    end: str
    winner: int | None = None            # the finisher, or the lightest in a block
    winning_team: int | None = None
    finisher: int | None = None           # who went out or made the block
    pips: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    team_points: list[int] = field(default_factory=list)
    teams: list[tuple[int, ...]] = field(default_factory=list)
    penalties: bool = False
    eggs: int = 0                         # carried to the next round
    eggs_used: int = 0                    # eggs added to a side here (earlier or this block's)
    eggs_team: int | None = None          # the team eggs_used were added to
    titles: dict[int, str] = field(default_factory=dict)   # team -> title
    resets: list[int] = field(default_factory=list)       # teams whose record goes to 0
    match_over: bool = False              # the round decides the match at once
    reason: str = ""
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["teams"] = [list(t) for t in self.teams]
        d["titles"] = {str(k): v for k, v in self.titles.items()}
        return d

    def __str__(self) -> str:
        """One line, in the current language: how the round ended, who won, each team's
        points or penalties, and the reason (``end`` itself stays the English word)."""
        end = tr(_END_WORDS[self.end]) if self.end in _END_WORDS else self.end
        if self.winning_team is None:
            line = (tr("{end}: nobody wins; penalties per team {points}. {reason}")
                    if self.penalties else
                    tr("{end}: nobody wins; points per team {points}. {reason}"))
        else:
            line = (tr("{end}: team {team} wins; penalties per team {points}. {reason}")
                    if self.penalties else
                    tr("{end}: team {team} wins; points per team {points}. {reason}"))
        return line.format(end=end, team=(self.winning_team or 0) + 1,
                           points=self.team_points, reason=self.reason)


#: how a round ended, as :meth:`RoundResult.__str__` says it
_END_WORDS = {"out": N_("out"), "blocked": N_("blocked"), "redeal": N_("redeal"),
              "void": N_("void")}


class ScoringView(Protocol):
    """What a ``scoring`` hook (and the helpers below) may read of a finished round.

    A :class:`~dominolab.games.state.GameState` has all of it; where a variant
    declares ``score_reads="ends"`` the double-dummy search passes a lighter
    stand-in for its leaves instead, whose ``history`` holds only the first and
    the last move. (A protocol, not the GameState class: the state module
    imports this one.)
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def teams(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def team_of(self) -> Sequence[int]: ...
    @property
    def context(self) -> RoundContext | None: ...
    @property
    def flags(self) -> Mapping[str, Any]: ...
    @property
    def leader(self) -> int: ...
    @property
    def ended(self) -> str | None: ...
    @property
    def finisher(self) -> int | None: ...
    @property
    def history(self) -> Sequence[Move]: ...

    def hand(self, player: int, /) -> Hand: ...
    def pips_left(self) -> list[int]: ...


class MatchView(Protocol):
    """What a ``match_update`` hook reads and changes of a
    :class:`~dominolab.games.match.Match` (a protocol: the match module imports the
    variants, through the setup module)."""

    scores: list[int]
    eggs: int
    extra: dict[str, Any]
    notes: list[str]
    skipped: dict[int, int]

    @property
    def rules(self) -> Rules: ...
    @property
    def round_no(self) -> int: ...
    @property
    def state(self) -> ScoringView | None: ...


#: ``opening(deal, boneyard, rules, ctx)``: who leads and with which tiles.
OpeningHook = Callable[[list[Hand], Sequence[Tile], "Rules", RoundContext], Opening]


#: How a player who cannot play gets tiles (``Rules.draw``).
DRAW_POLICIES = ("until_playable", "one", "none")
#: What a scoring hook may read (``Rules.score_reads``).
SCORE_READS = ("ends", "history")
#: The closed-form scores the solver knows (``Rules.score_model``).
SCORE_MODELS = (None, "pips_to_winner", "losers_record_pips", "heaviest_hand_loses", "goat")


# slots: a Rules has 45 fields, more than CPython 3.11 keeps in a class's shared keys (30),
# so every instance fell back to a real dict and each rules.x of a deal and a result was a
# hashed lookup (subclasses declare empty __slots__ to stay dict-free)
@dataclass(frozen=True, slots=True)
class Rules:
    """A variant as data. See the module docstring for the hooks.

    ``draw`` is "until_playable" (draw one at a time until a tile fits),
    "one" (draw a single tile, then play it or pass) or "none" (no
    boneyard play); ``keep`` tiles of the boneyard are never drawn.
    ``pairs`` makes four players two diagonal teams (0 & 2 against 1 & 3).
    """

    name: str
    title: str
    opening: OpeningHook
    # The hooks that get the round's GameState are typed Callable[..., R]: this module
    # cannot name GameState (the state module imports it), and a hook annotated with the
    # concrete class would not fit a protocol-typed parameter. ``scoring`` gets a
    # GameState, or a ScoringView stand-in when ``score_reads`` is "ends".
    scoring: Callable[..., RoundResult]
    set_max: int = 6
    player_counts: tuple[int, ...] = (2, 3, 4)
    default_players: int = 4
    hand_sizes: tuple[tuple[int, int], ...] = ((2, 7), (3, 7), (4, 7))
    pairs: bool = False
    draw: str = "until_playable"
    keep: int = 0
    penalties: bool = False
    target: int = 100
    record_threshold: int = 0
    #: True: every record needs ``record_threshold`` in one go (Osyol: less is remembered,
    #: see its ``match_update``); False: only a side's first record does (Kozel).
    threshold_every_record: bool = False
    layout: type[Layout] = LineLayout
    redeal: Callable[[Hand, Rules], str | None] | None = None
    after_play: Callable[..., int] | None = None            # (state, player, move) -> next player
    extra_moves: Callable[..., list[Move]] | None = None    # (state, plays) -> plays
    match_update: Callable[[MatchView, RoundResult], None] | None = None
    explain: Callable[..., str | None] | None = None        # (state, move) -> reason or None
    options: tuple[tuple[str, Any], ...] = ()
    doc: str = ""
    # -- capabilities: what the solver, the bots, the board and the CLI may rely on
    #    (they read these instead of recognising a variant or a hook function) --
    #: What the scoring hook reads: "ends" — only the hands at the end, who finished,
    #: and the first and the last move of the round (so a search may score a leaf from
    #: its position and those two moves); "history" — possibly every move.
    score_reads: str = "history"
    #: A scoring shape the solver knows in closed form, or None. "pips_to_winner":
    #: the side that goes out, or the side with fewer pips in a block (nobody on a
    #: tie), scores every pip left in the hands — so no side can get more than the
    #: pips still held. "losers_record_pips": every side that does not win the round
    #: records (as penalties) at most the pips its own players hold, the winner nothing
    #: — so a side's value lies between minus its own pips and plus the others' pips.
    #: "heaviest_hand_loses": each player whose ``hand_value`` is the largest at the end
    #: (every one of them on a tie) takes one penalty point on his own team's record,
    #: nobody else anything, however the round ended (Semyorka's stick).
    #: "goat" (Kozel's): the side that goes out wins, or in a block the side with the
    #: fewest pips; every other side records its pips. A block with a tie for the fewest
    #: pips has no winner: the sides above the tie record their pips and the heaviest of
    #: them (the first in seat order on a tie) also takes the tied sides' pips (eggs); with
    #: nobody above the tie, nobody records. The eggs of earlier rounds
    #: (``RoundContext.eggs``) go to the heaviest side that records, if any.
    score_model: str | None = None
    #: ``table_points(layout, rules) -> int``: points the player who has just played
    #: scores for the table as it now lies (the multiples-of-five games), or None.
    table_points: Callable[[Layout, Rules], int] | None = None
    #: ``table_points_sum(total, rules) -> int``: ``table_points`` reads the table only
    #: through its open ends' sum (``layout.end_sum()``: this gives the points for a sum),
    #: and the scoring hook reads the moves only through ``state.table_points_log()``, each
    #: side's team points being the table points its players made plus what the hook
    #: scores from the rest (Telefon: the write-offs); so a search may add the table points
    #: move by move and score a leaf whose log is empty (:class:`~dominolab.games.leaf.LeafView`).
    #: None: the table points or the score may read the table or the moves otherwise.
    table_points_sum: Callable[[int, Rules], int] | None = None
    #: The word for the first open double that opens four directions.
    spinner_name: str = "spinner"
    #: Turn modes a hook may set (``state.mode``) and the rule each one enforces, in words.
    mode_texts: tuple[tuple[str, str], ...] = ()
    #: False for a game that is every player for himself by its nature (its scoring is
    #: per player): ``pairs=True`` is then refused instead of scoring two teams wrongly.
    pairs_allowed: bool = True
    #: The allowed values of the variant options whose values form a closed list (an
    #: option not named here may take any value of its default's type).
    option_choices: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    #: The engine refuses a play that would block the game while the player has another
    #: play (General's «"Рыба" недопустима»); a block that cannot be avoided still happens.
    refuse_block: bool = False
    #: Tiles that a player holding exactly them may lay all at once, each on its own open
    #: end, to go out (General: 0:0 and 6:6 hung together); the engine adds that play.
    finish_together: tuple[Tile, ...] = ()
    #: On a line whose ends show two different numbers, a player holding both ends'
    #: doubles may lay them at once, one at each end (Morskoy kozel rule 12); the
    #: variant's ``extra_moves`` adds that play.
    two_doubles: bool = False
    #: In a round whose lead laid only tiles of this set (Morskoy kozel's fast leads 6:6
    #: or 0:0, or both at once), a play that would block is refused while the player has
    #: another play (``refuse_block`` for those rounds only).
    refuse_block_leads: tuple[Tile, ...] = ()
    #: True: on a plain two-ended line (``LineLayout.plain``, not empty) with no turn mode
    #: (``state.mode`` None), the ``after_play`` and ``extra_moves`` hooks only pass the
    #: turn to the next player and add or refuse what ``two_doubles`` and
    #: ``refuse_block_leads`` declare; so the compact search may take such positions.
    plain_line_hooks: bool = False
    #: True: on a cross (``SpinnerLayout``) the ``extra_moves`` hook only adds the
    #: several-doubles play of the ``multi_doubles`` option (up to four doubles, one per
    #: arm open at the start of the turn; both orders while there is no spinner; each
    #: open or closed as ``closing`` allows) and ``explain`` only explains; so the
    #: compact cross search (:mod:`~dominolab.games.cross_search`) may take its positions.
    cross_hooks: bool = False
    #: True: on a plain two-ended line the ``after_play`` and ``extra_moves`` hooks do
    #: exactly Semyorka's rules: an open-ends sum of 6 (a double at an end counting both
    #: halves, a lone tile its pips) and the same player moves again; 7 and the next
    #: player takes two tiles (from the boneyard, else at random by ``random_for`` from
    #: the player who made it, never his last tile) and misses his turn; after three
    #: plays in a row (his draws not breaking the run) two tiles at once when the option
    #: ``two_after_three`` is on; and ``explain`` only explains. So the compact sum search
    #: (:mod:`~dominolab.games.sum_search`) may take its positions (``draw="one"``).
    sum_hooks: bool = False
    #: ``hand_value(hand) -> int``: the scoring hook reads each hand only through this
    #: number (Kozel: its pips) and otherwise only who finished and how, never the
    #: moves (but for the table points that ``table_points_sum`` declares, which a search
    #: adds itself, and ``last_tiles``); so a search may score one leaf per tuple of these
    #: numbers. None: the scoring may read the tiles themselves or the moves.
    hand_value: Callable[[Hand], int] | None = None
    #: With ``hand_value``: the round's last move is read too, but only as which of these
    #: tiles it lays (Chechevé: going out on 0:0 or on 6:6); a search keys its leaves by
    #: that as well. Empty: the scoring never reads the last move.
    last_tiles: tuple[Tile, ...] = ()
    #: A match is exactly this many deals, then the lowest (penalties) or highest total
    #: wins, ties standing (Mexican train: one round per engine double); 0: play to
    #: ``target``.
    match_deals: int = 0
    #: ``invariants(state) -> [violations]``: what the invariant checker also verifies
    #: after every move (a variant's own rules replayed independently), or None.
    invariants: Callable[..., list[str]] | None = None
    #: ``marked_ends(state) -> end names``: the ends every player may play on because
    #: their owner's marker is out (Mexican train), for boards and pictures; or None.
    marked_ends: Callable[..., list[str]] | None = None
    #: The set also holds Super-train's locomotive tiles (``DominoSet(set_max,
    #: locomotives=True)``: dealt, drawn and counted like the others; a locomotive fits
    #: any end). Mexican train's option ``super_train`` sets it.
    locomotives: bool = False
    #: ``usable_ends(state, player) -> end names``: the open ends ``player`` may play on
    #: now, where the rules let him use only some of them (Mexican train: his own train,
    #: the Mexican train and the marked ones); None: every open end. The inference reads
    #: a pass or a draw as "no tile fitting these ends".
    usable_ends: Callable[..., list[str]] | None = None
    #: A rule may make players take tiles from the boneyard with no history entry of their
    #: own (Super-train's letters D and X): the inference then counts them as unknown
    #: tiles drawn. False: such a history is refused by the inference.
    hidden_draws: bool = False

    def tile_set(self) -> DominoSet:
        """The set a round of these rules is played with."""
        return DominoSet(self.set_max, self.locomotives)

    def __post_init__(self) -> None:
        for name, value, allowed in (("draw", self.draw, DRAW_POLICIES),
                                     ("score_reads", self.score_reads, SCORE_READS),
                                     ("score_model", self.score_model, SCORE_MODELS)):
            if value not in allowed:
                raise UnknownOption(f"{self.name}: {name} must be one of "
                                    f"{', '.join(map(repr, allowed))}, not {short_repr(value)}")
        check_rules(self)

    def hand_size(self, players: int) -> int:
        for n, k in self.hand_sizes:
            if n == players:
                return k
        allowed = ", ".join(str(n) for n, _ in self.hand_sizes)
        raise DominoError(f"{self.name} is played by {allowed} players, not {players}")

    def make_layout(self) -> Layout:
        """A new empty layout for a round of this variant."""
        return self.layout.for_rules(self)

    def opt(self, name: str, default: Any = None) -> Any:
        """A variant option's value."""
        for k, v in self.options:
            if k == name:
                return v
        return default

    def teams_for(self, players: int) -> list[tuple[int, ...]]:
        """Teams as tuples of players: diagonal pairs when ``pairs`` and four players."""
        if self.pairs and players == 4:
            return [(0, 2), (1, 3)]
        return [(p,) for p in range(players)]

    def with_options(self, **kw: Any) -> Rules:
        """A copy with fields or variant options changed; unknown names are an error, and
        so is a value of the wrong type or out of range (checked by :func:`check_rules`).

        >>> from dominolab.games import VARIANTS
        >>> VARIANTS["classic"].with_options(target="x")
        Traceback (most recent call last):
        ...
        dominolab.errors.UnknownOption: classic: the rule field 'target' must be a whole number, not 'x'
        """
        fields = {f.name for f in dataclasses.fields(self)} - {"name", "options"}
        opts = dict(self.options)
        direct: dict[str, Any] = {}
        for k, v in kw.items():
            if k in fields:
                direct[k] = v
            elif k in opts:
                opts[k] = _checked_option(self, k, v)
            else:
                known = sorted(set(opts) | {"pairs", "target", "record_threshold", "keep", "draw"})
                raise UnknownOption(f"{self.name} has no option {short_repr(k)}; options: "
                                    f"{', '.join(known)}")
        return dataclasses.replace(self, options=tuple(opts.items()), **direct)


# ----------------------------------------------------------------------------
# Checking a Rules value: every field has its annotated type and a sane range
# ----------------------------------------------------------------------------

#: The largest whole number a rule field or option may hold (a target, a threshold, a bonus).
MAX_RULE_NUMBER = 1_000_000


def _fits(value: Any, hint: Any) -> bool:
    """Does ``value`` have the type ``hint`` (the subset of typing the Rules fields use)?"""
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args))
    if origin is type:
        return isinstance(value, type) and issubclass(value, args[0])
    if origin is collections.abc.Callable:
        return callable(value)
    return isinstance(value, origin or hint)


_WORDS = {int: "a whole number", bool: "true or false", str: "text", Any: "a value"}


def _describe(hint: Any) -> str:
    """The type ``hint`` in words, for an error message."""
    if hint in _WORDS:
        return _WORDS[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join("none" if a is type(None) else _describe(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list, each {_describe(args[0])}"
        return f"a list of {len(args)}: " + ", ".join(_describe(a) for a in args)
    if origin is type:
        return f"a {args[0].__name__} class"
    if origin is collections.abc.Callable:
        return "a function"
    return getattr(hint, "__name__", str(hint))


@functools.lru_cache(maxsize=None)
def _field_hints() -> dict[str, Any]:
    return typing.get_type_hints(Rules)


def check_rules(rules: Rules) -> None:
    """Refuse a Rules value whose fields do not have their declared types or sizes.

    Called on every construction (so :meth:`Rules.with_options` and a record's options
    are checked too): each field against its annotation; the set at most
    :data:`~dominolab.limits.MAX_N`; player counts 1 to
    :data:`~dominolab.games.moves.MAX_PLAYERS` with hands that fit in the set; numbers
    at most :data:`MAX_RULE_NUMBER`; pairs only where the game has them.
    """
    where = f"{rules.name if isinstance(rules.name, str) else '?'}"
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        hint = _field_hints()[f.name]
        if not _fits(value, hint):
            raise UnknownOption(f"{where}: the rule field {f.name!r} must be {_describe(hint)}, "
                                f"not {short_repr(value)}")
        if isinstance(value, int) and not isinstance(value, bool) and not (
                0 <= value <= MAX_RULE_NUMBER):
            raise UnknownOption(f"{where}: the rule field {f.name!r} must be 0 to "
                                f"{MAX_RULE_NUMBER:,}, not {short_repr(value)}")
    whole_number(rules.set_max, f"{where}: set_max (the largest number of the set)",
                 error=UnknownOption)
    size = (rules.set_max + 1) * (rules.set_max + 2) // 2
    if not rules.player_counts:
        raise UnknownOption(f"{where}: player_counts lists no player count")
    for n in rules.player_counts:
        whole_number(n, f"{where}: a player count", low=1, high=MAX_PLAYERS, error=UnknownOption)
    for players, k in rules.hand_sizes:
        whole_number(players, f"{where}: the players of a hand size", low=1, high=MAX_PLAYERS,
                     error=UnknownOption)
        if k < 1 or players * k > size:
            raise UnknownOption(f"{where}: {players} hands of {k} tiles do not fit in the "
                                f"double-{rules.set_max} set ({size} tiles)")
    if rules.keep > size:
        raise UnknownOption(f"{where}: keep={rules.keep} is more than the {size} tiles of "
                            "the set")
    if rules.target < 1:
        raise UnknownOption(f"{where}: the target must be at least 1, not {rules.target}")
    if rules.table_points_sum is not None and rules.table_points is None:
        raise UnknownOption(f"{where}: table_points_sum says how the table scores, but the "
                            "table scores nothing (table_points is None)")
    if rules.pairs and not rules.pairs_allowed:
        raise UnknownOption(f"{where} is played every player for himself: it has no pairs "
                            "(pairs=True is refused)")
    if rules.locomotives and not rules.layout.takes_locomotives:
        raise UnknownOption(f"{where}: its {rules.layout.kind} layout cannot hold "
                            "Super-train's locomotive tiles (locomotives=True is refused)")
    if rules.locomotives and rules.set_max > MAX_LOCO_NUMBER:
        raise UnknownOption(f"{where}: locomotive tiles go with a set up to double-"
                            f"{MAX_LOCO_NUMBER}, not double-{rules.set_max}")
    for name, v in rules.options:
        if not isinstance(name, str):
            raise UnknownOption(f"{where}: an option name is text, not {short_repr(name)}")
        choices = dict(rules.option_choices).get(name)
        if choices is not None and v not in choices:
            raise UnknownOption(f"{where}: the option {name!r} is one of "
                                f"{', '.join(map(repr, choices))}, not {short_repr(v)}")


def _checked_option(rules: Rules, name: str, value: Any) -> Any:
    """A new value for the variant option ``name``: of its default's type (bool, whole
    number, text), a number within :data:`MAX_RULE_NUMBER`, one of its declared choices."""
    default = rules.opt(name)
    if default is not None:
        kind = type(default)
        if not _fits(value, kind):
            raise UnknownOption(f"{rules.name}: the option {name!r} must be "
                                f"{_WORDS.get(kind, kind.__name__)}, not {short_repr(value)}")
    elif not (value is None or isinstance(value, (bool, int, str))):
        raise UnknownOption(f"{rules.name}: the option {name!r} must be true/false, a whole "
                            f"number or text, not {short_repr(value)}")
    if isinstance(value, int) and not isinstance(value, bool) and not (
            0 <= value <= MAX_RULE_NUMBER):
        raise UnknownOption(f"{rules.name}: the option {name!r} must be 0 to "
                            f"{MAX_RULE_NUMBER:,}, not {short_repr(value)}")
    if isinstance(value, str) and len(value) > 100:
        raise UnknownOption(f"{rules.name}: the option {name!r} is at most 100 characters")
    return value


# ----------------------------------------------------------------------------
# Shared hooks: openings
# ----------------------------------------------------------------------------

_R = typing.TypeVar("_R")


def per_rules(make: Callable[[Rules, int], _R]) -> Callable[[Rules, int], _R]:
    """``make(rules, players)`` worked out once per Rules value and player count: what a
    deal or a new state takes from its rules alone (``state._constants``,
    ``setup._deal_plan``).

    Keyed by the identity of the (frozen) Rules value, which is kept in the entry so the
    identity cannot be reused; ``with_options`` makes new values, so the table is emptied
    when it grows large. (Not ``functools.lru_cache``: it would hash the Rules, a dataclass
    of 45 fields, on every call; this runs on every deal.)

    >>> calls = []
    >>> @per_rules
    ... def size(rules, k):
    ...     calls.append(k)
    ...     return rules.hand_size(k)
    >>> from dominolab.games import get_rules
    >>> size(get_rules("sport"), 4), size(get_rules("sport"), 4), calls
    (7, 7, [4])
    """
    table: dict[tuple[int, int], tuple[Rules, _R]] = {}

    def cached(rules: Rules, k: int) -> _R:
        hit = table.get((id(rules), k))
        if hit is not None and hit[0] is rules:
            return hit[1]
        out = make(rules, k)
        if len(table) >= 256:
            table.clear()
        table[(id(rules), k)] = (rules, out)
        return out

    return functools.wraps(make)(cached)


def holder(deal: Sequence[Hand], tile: Tile) -> int | None:
    """The player holding ``tile`` in ``deal`` (None if it is in the boneyard)."""
    for p, h in enumerate(deal):
        if tile in h:
            return p
    return None


def lead_by_sequence(deal: Sequence[Hand], order: Sequence[Tile],
                     fallback: str = "lowest") -> Opening:
    """The holder of the first tile of ``order`` found in a hand leads it.

    ``fallback`` when no listed tile is dealt: "lowest" (fewest pips, then
    lowest half: 0:1, 0:2, 1:2 …; 0:0 excluded) or "heaviest".
    """
    for t in order:
        p = holder(deal, t)
        if p is not None:
            return Opening(p, (t,), why=f"{t} leads (held by P{p + 1})")
    held = [(t, p) for p, h in enumerate(deal) for t in h
            if t != Tile(0, 0) or fallback == "heaviest"]
    if not held:
        held = [(t, p) for p, h in enumerate(deal) for t in h]
    if fallback == "heaviest":
        best, p = max(held, key=lambda tp: (tp[0].pips, tp[0].high))
        why = "no double dealt: the heaviest tile leads"
    else:
        best, p = min(held, key=lambda tp: (tp[0].pips, tp[0].low))
        why = "no double dealt: the lowest tile leads"
    return Opening(p, (best,), why=f"{why} ({best}, P{p + 1})")


def ascending_doubles(n: int, start: int = 1) -> list[Tile]:
    """``start:start``, …, ``n:n`` (0:0 excluded unless ``start`` is 0)."""
    return [Tile(k, k) for k in range(start, n + 1)]


def highest_flip(tiles: Sequence[Tile]) -> int:
    """Index of the heaviest tile (ties: the higher half) — a flip for the lead."""
    return max(range(len(tiles)), key=lambda i: (tiles[i].pips, tiles[i].high, -i))


# ----------------------------------------------------------------------------
# Shared hooks: hand values and scoring helpers
# ----------------------------------------------------------------------------

def plain_value(hand: Hand) -> int:
    """Pips in the hand."""
    return hand.pips


def base_result(state: ScoringView, end: str, **kw: Any) -> RoundResult:
    """A RoundResult with teams, penalties and the finisher filled in."""
    return RoundResult(end=end, teams=list(state.teams), penalties=state.rules.penalties,
                       finisher=state.finisher, **kw)


def points_from_team(state: ScoringView, team_points: list[int]) -> list[int]:
    """Spread team points onto players (each team's first member carries them)."""
    pts = [0] * state.players
    for t, members in enumerate(state.teams):
        pts[members[0]] = team_points[t]
    return pts


def lightest(values: list[int]) -> int | None:
    """Index of the unique smallest value, None on a tie."""
    m = min(values)
    idx = [i for i, v in enumerate(values) if v == m]
    return idx[0] if len(idx) == 1 else None


def heaviest(values: list[int], exclude: Sequence[int] = ()) -> list[int]:
    """Indices holding the largest value (all of them on a tie)."""
    cand = [i for i in range(len(values)) if i not in exclude]
    if not cand:
        return []
    m = max(values[i] for i in cand)
    return [i for i in cand if values[i] == m]


def redeal_all_doubles_or_suit(hand: Hand, rules: Rules | None) -> str | None:
    """Wikipedia's mandatory redeal: a hand of only doubles, or all of one suit.

    >>> from dominolab import parse_tiles
    >>> redeal_all_doubles_or_suit(parse_tiles("1:1 2:2 3:3 4:4 5:5"), None)
    'a hand of doubles only (1:1 2:2 3:3 4:4 5:5)'
    >>> redeal_all_doubles_or_suit(parse_tiles("0:3 1:3 3:3 3:4 3:6"), None)
    'all tiles of suit 3 (0:3 1:3 3:3 3:4 3:6)'
    >>> redeal_all_doubles_or_suit(parse_tiles("0:3 1:4"), None) is None
    True
    """
    if len(hand) < 2:
        return None
    # A hot path (it runs on every deal): plain loops that stop at the first tile that
    # breaks the pattern, without a generator each.
    for t in hand:
        if t.low != t.high:
            break
    else:
        return f"a hand of doubles only ({hand})"
    first = hand[0]
    # a suit shared by every tile is one of the first tile's numbers (the lower first)
    for k in ((first.low,) if first.low == first.high else (first.low, first.high)):
        for t in hand:
            if t.low != k and t.high != k:
                break
        else:
            return f"all tiles of suit {k} ({hand})"
    return None


@functools.lru_cache(maxsize=None)
def _doubles_or_suit_tests(n: int) -> tuple[tuple[int, ...], ...]:
    """Per tile index of the double-n set, the masks that a hand whose lowest tile it is
    must miss entirely to be all doubles or all of one suit: the tiles outside the suits
    of its numbers (a hand's shared suit is one of its every tile's numbers) and, for a
    double, the tiles that are not doubles."""
    tiles = [Tile.from_index(i) for i in range((n + 1) * (n + 2) // 2)]
    full = (1 << len(tiles)) - 1
    suit = [sum(1 << t.index for t in tiles if t.has(k)) for k in range(n + 1)]
    doubles = sum(1 << t.index for t in tiles if t.low == t.high)
    return tuple((full & ~doubles, full & ~suit[t.low]) if t.low == t.high
                 else (full & ~suit[t.low], full & ~suit[t.high]) for t in tiles)


def may_redeal_doubles_or_suit(masks: Sequence[int], set_max: int) -> bool:
    """Might :func:`redeal_all_doubles_or_suit` ask for a redeal of one of these hands,
    given as bitmasks over :attr:`Tile.index` of the double-``set_max`` set (no
    locomotives)? Exact for hands of two tiles or more; a deal of masks asks this first,
    instead of calling the hook on each hand (it runs on every deal).

    >>> from dominolab import parse_tiles
    >>> from dominolab.games.state import mask_of
    >>> may_redeal_doubles_or_suit([mask_of(parse_tiles("0:3 1:3 3:3 3:4 3:6"))], 6)
    True
    >>> may_redeal_doubles_or_suit([mask_of(parse_tiles("0:3 1:4")), 1 << 5], 6)
    False
    """
    tests = _doubles_or_suit_tests(set_max)
    for m in masks:
        if m & (m - 1):         # two tiles or more (the hook passes a smaller hand)
            for other in tests[(m & -m).bit_length() - 1]:
                if not m & other:
                    return True
    return False


#: For a ``Rules.redeal`` hook that has one, the quick test of a deal's hands as bitmasks
#: (``test(masks, set_max)``): False means the hook passes every full hand, so a shuffled
#: deal need not call it on each.
REDEAL_MASK_TESTS: dict[Callable[[Hand, Rules], str | None],
                        Callable[[Sequence[int], int], bool]] = {
    redeal_all_doubles_or_suit: may_redeal_doubles_or_suit}
