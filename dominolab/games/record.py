"""Game records: the deal plus the moves, as JSON or a compact text, replayed exactly.

The text form is a few ``key: value`` header lines and then one move per
line in the move notation (``P1 3:5>R``); the JSON form has the same keys.
Both round-trip, and :func:`replay` rebuilds the exact GameState. A record of
an illegal sequence is rejected with the move number and the reason.

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

from ..errors import DominoError, IllegalMove, ParseError
from .moves import Move
from .rules import RoundContext, Rules
from .setup import new_round
from .state import GameState
from .variants import VARIANTS

__all__ = ["Record", "replay"]

_OPTION_FIELDS = ("pairs", "target", "record_threshold", "keep", "draw")


def _rule_options(rules: Rules) -> dict[str, Any]:
    """Options that differ from the registered variant's defaults."""
    base = VARIANTS.get(rules.name)
    out: dict[str, Any] = {}
    for f in _OPTION_FIELDS:
        if base is None or getattr(base, f) != getattr(rules, f):
            out[f] = getattr(rules, f)
    for k, v in rules.options:
        if base is None or base.opt(k) != v:
            out[k] = v
    return out


# JSON field -> (what it must be, check); a wrong type is a ParseError naming the field
_FIELD_TYPES = {
    "variant": ("a variant name", lambda v: isinstance(v, str)),
    "players": ("a whole number", lambda v: _is_int(v)),
    "hands": ("a list of hands as text", lambda v: _list_of(v, str)),
    "boneyard": ("tiles as text", lambda v: isinstance(v, str)),
    "leader": ("a player number (0-based)", lambda v: _is_int(v)),
    "lead": ("null or a list of tiles as text", lambda v: v is None or _list_of(v, str)),
    "options": ("an object", lambda v: isinstance(v, dict)),
    "flags": ("an object", lambda v: isinstance(v, dict)),
    "seed": ("a whole number", lambda v: _is_int(v)),
    "eggs": ("a whole number", lambda v: _is_int(v)),
    "scores": ("null or a list of whole numbers",
               lambda v: v is None or (isinstance(v, list) and all(_is_int(x) for x in v))),
    "moves": ("a list of moves as text", lambda v: _list_of(v, str)),
}


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _list_of(v: object, kind: type) -> bool:
    return isinstance(v, list) and all(isinstance(x, kind) for x in v)


def _check_field(key: str, value: object) -> None:
    what, ok = _FIELD_TYPES[key]
    if not ok(value):
        raise ParseError(f"cannot read a record: the field {key!r} must be {what}, "
                         f"not {value!r}"[:200])


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

    @classmethod
    def from_state(cls, state: GameState) -> Record:
        ctx = state.context
        return cls(
            variant=state.rules.name, players=state.players,
            hands=[str(h) for h in state.initial_hands], boneyard=" ".join(map(str, state.bone)),
            leader=state.leader, lead=None if state.lead is None else [str(t) for t in state.lead],
            options=_rule_options(state.rules),
            flags={k: v for k, v in state.flags.items()},
            seed=state.seed, eggs=ctx.eggs if ctx else 0,
            scores=list(ctx.scores) if ctx and ctx.scores is not None else None,
            moves=[str(m) for m in state.history])

    # -- JSON -------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | Mapping[str, Any]) -> Record:
        try:
            data = json.loads(text) if isinstance(text, str) else dict(text)
        except json.JSONDecodeError as e:
            raise ParseError(f"cannot read a record: bad JSON at position {e.pos}: {e.msg}",
                             e.doc, e.pos) from None
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ParseError(f"cannot read a record: unknown field(s) {', '.join(sorted(unknown))}")
        for need in ("variant", "players", "hands"):
            if need not in data:
                raise ParseError(f"cannot read a record: the field {need!r} is missing")
        for key, value in data.items():
            _check_field(key, value)
        return cls(**data)

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
            lines.append("options: " + json.dumps(self.options))
        if self.flags:
            lines.append("flags: " + json.dumps(self.flags))
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
        data: dict = {"hands": [], "moves": []}
        in_moves = False
        for no, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if in_moves:
                data["moves"].append(line)
                continue
            key, sep, value = line.partition(":")
            if not sep:
                raise ParseError(f"cannot read a record: line {no} ({raw!r}) is not 'key: value'",
                                 text)
            key, value = key.strip().lower(), value.strip()
            try:
                if key == "moves":
                    in_moves = True
                elif key == "variant":
                    data["variant"] = value
                elif key == "players":
                    data["players"] = int(value)
                elif key.startswith("hand"):
                    data["hands"].append(value)
                elif key == "boneyard":
                    data["boneyard"] = value
                elif key == "leader":
                    data["leader"] = int(value.lstrip("Pp")) - 1
                elif key == "lead":
                    data["lead"] = None if value == "any" else value.split()
                elif key in ("options", "flags"):
                    data[key] = json.loads(value)
                elif key in ("seed", "eggs"):
                    data[key] = int(value)
                elif key == "scores":
                    data["scores"] = [int(x) for x in value.split()]
                else:
                    raise ParseError(f"cannot read a record: unknown key {key!r} on line {no}")
            except (ValueError, json.JSONDecodeError) as e:
                if isinstance(e, DominoError):
                    raise
                raise ParseError(f"cannot read a record: bad value {value!r} for {key!r} on "
                                 f"line {no}", text) from None
        for need in ("variant", "players"):
            if need not in data:
                raise ParseError(f"cannot read a record: the line '{need}: …' is missing")
        return cls(**data)

    @classmethod
    def parse(cls, text: Record | str | dict[str, Any]) -> Record:
        """Read a record from JSON text, a dict, or the text form."""
        if isinstance(text, Record):
            return text
        if isinstance(text, dict) or (isinstance(text, str) and text.lstrip().startswith("{")):
            return cls.from_json(text)
        if not isinstance(text, str):
            raise ParseError(f"a record is JSON or text, not {type(text).__name__}")
        return cls.from_text(text)

    def start(self) -> GameState:
        """The GameState before the first move."""
        if len(self.hands) != self.players:
            raise ParseError(f"cannot read a record: {len(self.hands)} hands for "
                             f"{self.players} players")
        ctx = RoundContext(eggs=self.eggs, scores=self.scores)
        lead = None if self.lead is None else self.lead
        g = new_round(self.variant, self.hands, self.boneyard, leader=self.leader,
                      lead=lead, context=ctx, seed=self.seed,
                      **self.options)
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
                raise cls(f"record move {k} ({text}): {e}") from None
        return g


def replay(record: Record | str | dict[str, Any]) -> GameState:
    """Rebuild the GameState of a record (Record, JSON, dict or text)."""
    return Record.parse(record).replay()
