"""Game records: the deal plus the moves, as JSON or a compact text, replayed exactly.

The text form is a few ``key: value`` header lines and then one move per
line in the move notation (``P1 3:5>R``); the JSON form has the same keys.
Both round-trip, and :func:`replay` rebuilds the exact GameState. A record of
an illegal sequence is rejected with the move number and the reason.

Both forms are checked against one schema (:data:`SCHEMA`, read by
:mod:`dominolab._keyvalue`): every key known, typed and range-checked, a key
given twice refused, the hands labelled ``hand P1``, ``hand P2``, … (each goes
to the player it names), and the header checked against the content (as many
hands as players, the leader one of them, a score per team). The rules are
saved generically: every variant option and every rule field that differs
from the registered variant is written under ``options`` (a rule that a record
cannot hold, such as a new hook function, is refused when the record is made,
not lost), and on loading they are checked as :meth:`Rules.with_options`
checks them.

>>> from dominolab.games import new_round, replay, Record
>>> g = new_round("classic", hands=["1:1 1:2", "2:3 0:5"], boneyard=[])
>>> for m in ["1:1", "pass", "1:2>R"]: g.play(m)
>>> text = Record.from_state(g).to_text()
>>> print(text.splitlines()[-3:])
['P1 1:1', 'P2 pass', 'P1 1:2>R']
>>> replay(text).result().team_points
[10, 0]
>>> bad = text.replace("P1 1:2>R", "P1 2:3>R")
>>> replay(bad)
Traceback (most recent call last):
...
dominolab.errors.IllegalMove: record move 3 (P1 2:3>R): P1 2:3>R: P1 does not hold 2:3
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .._keyvalue import Schema, Spec, read_fields, read_json
from ..errors import DominoError, IllegalMove, InvalidPosition, ParseError, UnknownOption
from ..limits import MAX_N, MAX_TEXT
from .moves import MAX_PLAYERS, Move
from .rules import MAX_RULE_NUMBER, RoundContext, Rules
from .setup import get_rules, new_round
from .state import GameState
from .variants import VARIANTS

__all__ = ["MAX_MOVES", "Record", "SCHEMA", "replay"]

#: The most moves a record may hold (a round of the largest set has far fewer).
MAX_MOVES = 20_000
_SET_TEXT = 8 * (MAX_N + 1) * (MAX_N + 2) // 2      # a whole double-MAX_N set, written out

# Rule fields a record never writes: the variant's name (the record's ``variant``) and its
# options (written one by one).
_NOT_SAVED = ("name", "options")

#: The fields of a record, in JSON and in the text form (where ``hands`` are the lines
#: ``hand P1: …`` and ``moves`` the block after ``moves:``).
SCHEMA = Schema("record", {
    "variant": Spec("word", choices=tuple(sorted(VARIANTS)), doc="variant"),
    "players": Spec("int", low=1, high=MAX_PLAYERS),
    "hands": Spec("texts", max_len=MAX_PLAYERS, item_len=_SET_TEXT, item_tiles=True),
    "boneyard": Spec("tiles", max_len=_SET_TEXT),
    "leader": Spec("int", low=0, high=MAX_PLAYERS - 1),
    "lead": Spec("texts", max_len=_SET_TEXT, item_len=20, item_tiles=True, nullable=True),
    "options": Spec("object", max_len=64),
    "flags": Spec("object", max_len=64),
    "seed": Spec("int", high=2 ** 62),
    "eggs": Spec("int", high=MAX_RULE_NUMBER),
    "scores": Spec("ints", low=-10 * MAX_RULE_NUMBER, high=10 * MAX_RULE_NUMBER, signed=True,
                   max_len=MAX_PLAYERS, nullable=True),
    "moves": Spec("texts", max_len=MAX_MOVES, item_len=400),
}, required=("variant", "players", "hands"))

# The text form: the same fields, written as their one-line forms.
_TEXT_SCHEMA = Schema("record", {
    "variant": SCHEMA.fields["variant"],
    "players": SCHEMA.fields["players"],
    "boneyard": SCHEMA.fields["boneyard"],
    "leader": Spec("text", max_len=4, pattern=r"[Pp][0-9]{1,2}", doc="a player such as P1"),
    "lead": Spec("tiles", max_len=_SET_TEXT, nullable=True, null_word="any"),
    "options": SCHEMA.fields["options"],
    "flags": SCHEMA.fields["flags"],
    "seed": SCHEMA.fields["seed"],
    "eggs": SCHEMA.fields["eggs"],
    "scores": SCHEMA.fields["scores"],
}, numbered={"hand p": Spec("tiles", max_len=_SET_TEXT)}, required=("variant", "players"),
    max_number=MAX_PLAYERS)


def _storable(value: Any) -> bool:
    """Can a record write this rule value (JSON data, not a function or a class)?"""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, tuple):
        return all(_storable(v) for v in value)
    return False


def _to_json(value: Any) -> Any:
    return [_to_json(v) for v in value] if isinstance(value, tuple) else value


def _from_json(value: Any) -> Any:
    return tuple(_from_json(v) for v in value) if isinstance(value, list) else value


def rule_options(rules: Rules) -> dict[str, Any]:
    """What a record writes of ``rules``: every variant option and every rule field that
    differs from the registered variant, such that ``get_rules(variant, **options)`` gives
    ``rules`` back. A difference no record can hold (a function, a class not implied by
    an option) is a :class:`~dominolab.errors.UnknownOption` naming the field.

    >>> from dominolab.games import get_rules
    >>> rule_options(get_rules("kozel", pairs=False, target=125))
    {'pairs': False, 'target': 125}
    >>> rule_options(get_rules("morskoy_kozel", reading="five_variants"))
    {'reading': 'five_variants'}
    """
    base = VARIANTS.get(rules.name)
    if base is None:
        raise UnknownOption(f"a record names a registered variant; {rules.name!r} is not one")
    out: dict[str, Any] = {k: v for k, v in rules.options if base.opt(k, _MISSING) != v}
    rebuilt = base.with_options(**out) if out else base
    for f in dataclasses.fields(rules):
        if f.name in _NOT_SAVED:
            continue
        want = getattr(rules, f.name)
        if getattr(rebuilt, f.name) != want:
            if not _storable(want):
                raise UnknownOption(f"a record cannot hold the rule field {f.name!r} of "
                                    f"these {rules.name} rules (it is {want!r}); only options "
                                    "and data fields are saved")
            out[f.name] = _to_json(want)
    if out and get_rules(rules.name, **_decoded(out)) != rules:
        # an option whose default follows another field (Mexican train's hand_table follows
        # set_max): write every option explicitly, then the fields
        out = {**dict(rules.options), **{k: v for k, v in out.items() if k not in dict(rules.options)}}
        if get_rules(rules.name, **_decoded(out)) != rules:   # pragma: no cover - a bug
            raise UnknownOption(f"the {rules.name} rules cannot be rebuilt from {out}")
    return out


_MISSING = object()


def _decoded(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as read from JSON: lists back to the tuples the rule fields hold."""
    return {k: _from_json(v) for k, v in options.items()}


@dataclass
class Record:
    """One round: variant, options, the deal, the lead, the chance seed and the moves."""

    variant: str
    players: int
    hands: list[str]
    boneyard: str = ""
    leader: int = 0
    lead: list[str] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    flags: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    eggs: int = 0
    scores: list[int] | None = None
    moves: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # A Record built in Python is checked like one read from a file.
        checked = SCHEMA.check({f.name: getattr(self, f.name) for f in dataclasses.fields(self)})
        for k, v in checked.items():
            object.__setattr__(self, k, v)
        if len(self.hands) != self.players:
            raise ParseError(f"cannot read a record: {len(self.hands)} hands for "
                             f"{self.players} players")
        if self.leader >= self.players:
            raise ParseError(f"cannot read a record: the leader P{self.leader + 1} is not one "
                             f"of the {self.players} players")

    @classmethod
    def from_state(cls, state: GameState) -> Record:
        ctx = state.context
        return cls(
            variant=state.rules.name, players=state.players,
            hands=[str(h) for h in state.initial_hands], boneyard=" ".join(map(str, state.bone)),
            leader=state.leader, lead=None if state.lead is None else [str(t) for t in state.lead],
            options=rule_options(state.rules),
            flags={k: _to_json(v) for k, v in state.flags.items()},
            seed=state.seed, eggs=ctx.eggs if ctx else 0,
            scores=list(ctx.scores) if ctx and ctx.scores is not None else None,
            moves=[str(m) for m in state.history])

    # -- JSON -------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | Mapping[str, Any]) -> Record:
        if isinstance(text, str):
            data = read_json(text, what="record")
        elif isinstance(text, Mapping):
            data = dict(text)
        else:
            raise ParseError(f"a record in JSON is text or a dict, not {type(text).__name__}")
        if not isinstance(data, dict):
            raise ParseError("cannot read a record: its JSON is not an object {...}")
        return cls(**SCHEMA.check(data))

    # -- text -------------------------------------------------------------------
    def to_text(self) -> str:
        lines = ["# dominolab game record", f"variant: {self.variant}",
                 f"players: {self.players}"]
        for p, h in enumerate(self.hands):
            lines.append(f"hand P{p + 1}: {h}")
        lines.append(f"boneyard: {self.boneyard}")
        lines.append(f"leader: P{self.leader + 1}")
        lines.append("lead: " + ("any" if self.lead is None else " ".join(self.lead)))
        if self.options:
            lines.append("options: " + json.dumps(self.options, ensure_ascii=False))
        if self.flags:
            lines.append("flags: " + json.dumps(self.flags, ensure_ascii=False))
        lines.append(f"seed: {self.seed}")
        if self.eggs:
            lines.append(f"eggs: {self.eggs}")
        if self.scores is not None:
            lines.append("scores: " + " ".join(map(str, self.scores)))
        lines.append("moves:")
        lines.extend(self.moves)
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Read the text form (see :meth:`to_text`): the shared key:value reader, then
        :data:`SCHEMA`; each ``hand P<k>`` line is the hand of player k, without gaps.

        >>> Record.from_text("variant: classic\\nplayers: 2\\nhand P2: 1:1\\nhand P1: 2:2").hands
        ['2:2', '1:1']
        >>> Record.from_text("variant: classic\\nplayers: 2\\nhand P1: 1:1\\nhandle: 2:2")
        Traceback (most recent call last):
        ...
        dominolab.errors.ParseError: record line 4: unknown key 'handle'; the keys are variant, players, boneyard, leader, lead, options, flags, seed, eggs, scores, hand P1, hand P2, …
        """
        if not isinstance(text, str):
            raise ParseError(f"a record is text, not {type(text).__name__}")
        sec = read_fields(text, what="record", blocks=("moves",))
        values = _TEXT_SCHEMA.read(sec, text)
        hands = values.pop("hand p", {})
        players = values["players"]
        for k in hands:
            if k > players:
                raise ParseError(f"cannot read a record: 'hand P{k}' but the record has "
                                 f"{players} players", text)
        missing = [k for k in range(1, players + 1) if k not in hands]
        if missing:
            raise ParseError(f"cannot read a record: no line 'hand P{missing[0]}: …' (a hand "
                             f"for each of the {players} players)", text)
        data: dict[str, Any] = dict(values, hands=[hands[k] for k in range(1, players + 1)])
        if "leader" in data:
            data["leader"] = int(data["leader"][1:]) - 1
        if data.get("lead") is not None:
            data["lead"] = data["lead"].split()
        block = sec.block("moves")
        data["moves"] = [line for _, line in block.lines] if block is not None else []
        return cls(**data)

    @classmethod
    def parse(cls, text: Record | str | Mapping[str, Any]) -> Record:
        """Read a record from JSON text, a dict, or the text form."""
        if isinstance(text, Record):
            return text
        if isinstance(text, Mapping) or (isinstance(text, str) and text.lstrip().startswith("{")):
            return cls.from_json(text)
        if not isinstance(text, str):
            raise ParseError(f"a record is JSON or text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise ParseError(f"a record is at most {MAX_TEXT:,} characters")
        return cls.from_text(text)

    def rules(self) -> Rules:
        """The rules of the round: the variant with the record's options (checked)."""
        try:
            return get_rules(self.variant, **_decoded(self.options))
        except DominoError as e:
            raise UnknownOption(f"cannot read a record: its options: {e}") from None

    def start(self) -> GameState:
        """The GameState before the first move."""
        rules = self.rules()
        teams = len(rules.teams_for(self.players))
        if self.scores is not None and len(self.scores) != teams:
            raise InvalidPosition(f"cannot read a record: {len(self.scores)} scores for "
                                  f"{teams} teams")
        ctx = RoundContext(eggs=self.eggs, scores=self.scores)
        g = new_round(rules, self.hands, self.boneyard, leader=self.leader,
                      lead=self.lead, context=ctx, seed=self.seed)
        g.flags = dict(self.flags)
        return g

    def replay(self) -> GameState:
        """The GameState after all moves (each checked by the rules)."""
        g = self.start()
        for k, text in enumerate(self.moves, start=1):
            try:
                g.play(Move.parse(text))
            except DominoError as e:
                cls = e.__class__ if isinstance(e, IllegalMove) else ParseError
                raise cls(f"record move {k} ({text[:60]}): {e}") from None
        return g


def replay(record: Record | str | Mapping[str, Any]) -> GameState:
    """Rebuild the GameState of a record (Record, JSON, dict or text)."""
    return Record.parse(record).replay()
