"""Blocked-position ("fish", рыба) puzzles: a text format, set-up and verified answers.

A puzzle file holds one or more puzzles. Each starts with a header line
``[name]``; then ``key: value`` lines; ``#`` starts a comment::

    [fish-01 Close the fives]
    variant: sport
    table: 5:5 5:1              # the line, left to right, touching halves adjacent
    P1: 1:2 3:3                 # every hand, open (double-dummy)
    P2: 2:4 0:1
    P3: 0:0 5:6
    P4: 4:4 1:3
    to move: P1
    question: value             # value | best | block | block within K
    answer: -11

Questions: ``value`` — the exact double-dummy value for the side to move in
the variant's points (:func:`dominolab.games.solver.solve`); ``best`` — all
best moves, written like ``3:3>R 4:4>L``; ``block`` — can the side to move
force a block, answered ``yes in N`` (N tiles, the fastest) or ``no``;
``block within K`` — answered ``yes`` or ``no``. Tiles not on the table and
in no hand are out of play (as if never dealt); ``boneyard:`` may list a
boneyard, which the solver refuses (a draw is chance) unless the variant
cannot draw.

>>> p = parse_fish(EXAMPLE)[0]
>>> p.name, p.question, p.state().current_player
('fish-00 Example', 'value', 0)
>>> p.solve().text, p.check()
('-11', True)
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from .._keyvalue import Field, Schema, Section, Spec, read_sections
from .._textfile import read_text_file
from ..errors import InvalidPosition, ParseError
from ..games import VARIANTS, GameState, can_force_block, new_round, solve
from ..games.moves import MAX_PLAYERS
from ..limits import MAX_N, read_int, short_repr
from ..tiles import DominoSet, Tile

__all__ = ["EXAMPLE", "SCHEMA", "FishAnswer", "FishPuzzle", "format_fish", "load_fish", "parse_fish"]

EXAMPLE = """\
[fish-00 Example]
variant: sport
table: 5:5 5:1
P1: 1:2 3:3
P2: 2:4 0:1
P3: 0:0 5:6
P4: 4:4 1:3
to move: P1
question: value
answer: -11
"""

# ASCII digits only ([0-9], not \d: that takes other scripts' digits too)
_PLAYER = re.compile(r"^p([0-9]+)$")
_QUESTION = re.compile(r"^(value|best|block)(?:\s+within\s+([0-9]+))?$")
_WRITTEN_PAIR = re.compile(r"^\s*\[?\s*([0-9]+)\s*[:|\-]\s*([0-9]+)")
# how each question's answer is written: (question, "within K" given) -> pattern
_ANSWER = {
    ("value", False): re.compile(r"^[+-]?[0-9]{1,9}$"),
    ("best", False): re.compile(r"^\S+(\s+\S+)*$"),
    ("block", False): re.compile(r"^(?i:yes\s+in\s+[0-9]{1,5}|no)$"),
    ("block", True): re.compile(r"^(?i:yes|no)$"),
}
_SET_TEXT = 8 * (MAX_N + 1) * (MAX_N + 2) // 2      # a whole double-MAX_N set, written out
_ANSWER_FORM = {"value": "as a whole number (like -11)", "best": "as moves (like 3:3>R 4:4>L)",
                "block": "'yes in N' or 'no' ('yes' or 'no' for 'block within K')"}

Pair = tuple[int, int]


@dataclass
class FishAnswer:
    """The solver's answer: ``text`` in the file's notation, a ``line`` of moves, ``nodes``."""

    text: str
    line: list[Any] = field(default_factory=list)
    nodes: int = 0
    detail: str = ""


@dataclass
class FishPuzzle:
    """One blocked-position puzzle (see the module docstring for the format).

    Two puzzles are equal when everything but ``line_no`` (where the puzzle
    starts in its file) is.
    """

    name: str
    variant: str
    table: list[Pair]          # oriented pairs left to right
    hands: list[list[Tile]]    # one tile list per player
    to_move: int
    question: str              # value | best | block
    within: int | None = None
    answer: str | None = None
    boneyard: list[Tile] = field(default_factory=list)
    note: str = ""
    line_no: int = field(default=0, compare=False)

    def state(self) -> GameState:
        """The position as a GameState: hands dealt, the table laid, ``to_move`` to play."""
        flat = [Tile(a, b) for a, b in self.table]
        for t in flat:
            for p, h in enumerate(self.hands):
                if t in h:
                    raise InvalidPosition(f"puzzle {self.name!r}: {t} is on the table and in "
                                          f"the hand of P{p + 1}")
        if len(set(flat)) != len(flat):
            dup = next(t for t in flat if flat.count(t) > 1)
            raise InvalidPosition(f"puzzle {self.name!r}: {dup} lies twice on the table")
        g = new_round(self.variant, self.hands, self.boneyard, leader=self.to_move)
        if self.table:
            _lay_line(g.layout, self.table)
            if not any(g.can_play(p) for p in range(g.players)) and not g.can_draw_any():
                raise InvalidPosition(f"puzzle {self.name!r}: the table is already blocked "
                                      f"(nobody can play on {self.table[0][0]}|"
                                      f"{self.table[-1][1]})")
        return g

    def solve(self) -> FishAnswer:
        """Answer the puzzle's question with the solver."""
        g = self.state()
        if self.question == "value":
            a = solve(g, best=False)
            return FishAnswer(f"{a.value:+d}", a.line, a.nodes,
                              f"value {a.value:+d} for " + "+".join(f"P{p + 1}" for p in a.side))
        if self.question == "best":
            a = solve(g)
            text = " ".join(m.body() for m in a.best_moves)
            return FishAnswer(text, a.line, a.nodes, f"value {a.value:+d}")
        proof = can_force_block(g, within=self.within)
        if self.within is None:
            text = f"yes in {proof.tiles}" if proof.forced else "no"
        else:
            text = "yes" if proof.forced else "no"
        return FishAnswer(text, proof.line, proof.nodes, str(proof))

    def check(self) -> bool:
        """Does the stated answer equal the solver's? (False when none is stated.)"""
        if self.answer is None:
            return False
        try:
            stated = _norm(self.answer, self.question)
        except ValueError:
            raise ParseError(f"puzzle {self.name!r}: the answer {self.answer!r} to a 'value' "
                             "question is not a whole number") from None
        return stated == _norm(self.solve().text, self.question)

    def to_text(self) -> str:
        return format_fish(self)


def _norm(text: str, question: str) -> int | list[str] | str:
    text = text.strip()
    if question == "value":
        return int(text)
    if question == "best":
        return sorted(text.upper().split())
    return " ".join(text.lower().split())


def _lay_line(layout: Any, pairs: list[Pair]) -> None:
    """Put a line (oriented pairs, left to right) on an empty LineLayout.

    The lead must be a tile whose written order is (low, high) — a layout's
    lead shows its low half on the left — so we lead such a tile (or mirror
    the whole line when none exists) and grow the line outward from it.
    """
    if not any(a <= b for a, b in pairs):
        pairs = [(b, a) for a, b in reversed(pairs)]
    k = next(i for i, (a, b) in enumerate(pairs) if a <= b)
    layout.place(Tile(*pairs[k]), None)
    for a, b in pairs[k + 1:]:
        layout.place(Tile(a, b), "R")
    for a, b in reversed(pairs[:k]):
        layout.place(Tile(a, b), "L")


def _parse_line(f: Field | None, name: str, text: str, set_max: int) -> list[Pair]:
    """The ``table:`` line as oriented pairs, each touching the one before."""
    if f is None:
        return []
    pairs: list[Pair] = []
    for m in re.finditer(r"\S+", f.value):
        tok = m.group()
        where = f"puzzle {name!r}, line {f.line}"
        t = Tile.parse(tok)
        if t.high > set_max:
            raise ParseError(f"{where}: {tok} is not a tile of the double-{set_max} set "
                             f"(numbers 0..{set_max})", text, f.offset + m.start())
        w = _WRITTEN_PAIR.match(tok)
        a, b = (int(w.group(1)), int(w.group(2))) if w else (t.low, t.high)
        if pairs and pairs[-1][1] != a:
            raise ParseError(f"{where}: {tok} does not touch {pairs[-1][0]}:{pairs[-1][1]} "
                             f"(a line needs {pairs[-1][1]}:…)", text, f.offset + m.start())
        pairs.append((a, b))
    return pairs


#: The keys of a fish puzzle (``P1``, ``P2``, … are the hands), checked by the shared
#: schema reader: an unknown key is refused by name, each value typed and bounded.
SCHEMA = Schema("fish puzzle file", {
    "variant": Spec("word", choices=tuple(sorted(VARIANTS)), doc="variant"),
    "table": Spec("text", max_len=_SET_TEXT),
    "to move": Spec("text", max_len=4, pattern=r"[Pp][0-9]{1,2}", doc="a player such as P1"),
    "question": Spec("text", max_len=40),
    "answer": Spec("text", max_len=4000),
    "boneyard": Spec("tiles", max_len=_SET_TEXT),
    "note": Spec("text", max_len=2000),
    "players": Spec("int", low=1, high=MAX_PLAYERS),
}, numbered={"p": Spec("tiles", max_len=_SET_TEXT)}, required=("variant", "to move", "question"),
    max_number=MAX_PLAYERS)


def _puzzle(sec: Section, text: str) -> FishPuzzle:
    """One section of a fish file as a puzzle; errors name the line."""
    name = sec.name or ""
    where = f"puzzle {name!r} (line {sec.line})"
    values = SCHEMA.read(sec, text)
    hands: dict[int, Field] = {}
    for f in sec.fields:
        pm = _PLAYER.match(f.key)
        if pm:
            hands[int(pm.group(1)) - 1] = f
    variant = values["variant"]
    ds = DominoSet(VARIANTS[variant].set_max)
    if not hands or sorted(hands) != list(range(len(hands))):
        raise ParseError(f"{where}: hands must be given as P1, P2, … without gaps", text)
    if "players" in values and values["players"] != len(hands):
        raise ParseError(f"{where}: 'players: {values['players']}' but {len(hands)} hands are "
                         "given", text)
    tiles = [list(ds.parse(hands[p].value)) if hands[p].value else [] for p in sorted(hands)]
    to_move = read_int(values["to move"][1:], f"{where}: 'to move'", low=1, high=len(tiles))
    q = _QUESTION.match(values["question"].lower())
    if not q:
        raise ParseError(f"{where}: question must be 'value', 'best', 'block' or "
                         f"'block within K', not {short_repr(values['question'])}", text)
    answer = sec.field("answer")
    within = q.group(2) is not None and q.group(1) == "block"
    if answer is not None and not _ANSWER[q.group(1), within].match(answer.value):
        raise ParseError(f"puzzle {name!r}, line {answer.line}: the answer to "
                         f"{sec['question']!r} is written {_ANSWER_FORM[q.group(1)]}, "
                         f"not {short_repr(answer.value)}", text, answer.offset)
    table = _parse_line(sec.field("table"), name, text, ds.n)
    bone = list(ds.parse(values["boneyard"])) if values.get("boneyard") else []
    on_table = {Tile(a, b) for a, b in table}
    for t in bone:
        if t in on_table:
            raise InvalidPosition(f"{where}: {t} is both on the table and in the boneyard")
    k = None
    if q.group(2) is not None:
        k = read_int(q.group(2), f"{where}: K in 'block within K'", high=ds.size)
    return FishPuzzle(name, variant, table, tiles, to_move - 1, q.group(1), k,
                      values.get("answer"), bone, values.get("note", ""), sec.line)


def parse_fish(text: str) -> list[FishPuzzle]:
    """Read puzzles in the fish format; errors name the line and the token.

    A text that does not start with a ``[name]`` header is refused without quoting it
    (it may be any file given by mistake).
    """
    if not isinstance(text, str):
        raise ParseError(f"a fish puzzle file is text, not {type(text).__name__}")
    for lineno, line in enumerate(text.splitlines(), start=1):
        s = line.split("#", 1)[0].strip()
        if s:
            if not s.startswith("["):
                raise ParseError(f"not a fish puzzle file: line {lineno} is not a [name] header "
                                 "(every puzzle starts with one)", text)
            break
    sections = read_sections(text, what="fish puzzle file", inline_comments=True)
    if not sections:
        raise ParseError("no puzzle found: a puzzle starts with a [name] line", text)
    return [_puzzle(sec, text) for sec in sections]


def load_fish(path: str | os.PathLike[str]) -> list[FishPuzzle]:
    """Read a puzzle file."""
    text = read_text_file(path, "puzzle file")
    return parse_fish(text)


def format_fish(p: FishPuzzle) -> str:
    """A puzzle in the file format (round-trips through :func:`parse_fish`).

    >>> p = parse_fish(EXAMPLE)[0]
    >>> parse_fish(format_fish(p))[0] == p
    True
    """
    out = [f"[{p.name}]", f"variant: {p.variant}"]
    if p.note:
        out.append(f"note: {p.note}")
    if p.table:
        out.append("table: " + " ".join(f"{a}:{b}" for a, b in p.table))
    for i, h in enumerate(p.hands):
        out.append(f"P{i + 1}: " + " ".join(str(t) for t in h))
    if p.boneyard:
        out.append("boneyard: " + " ".join(str(t) for t in p.boneyard))
    out.append(f"to move: P{p.to_move + 1}")
    out.append("question: " + p.question + (f" within {p.within}" if p.within is not None
                                            else ""))
    if p.answer is not None:
        out.append(f"answer: {p.answer}")
    return "\n".join(out) + "\n"
