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

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DominoError, InvalidPosition, ParseError
from ..tiles import Tile

__all__ = ["EXAMPLE", "FishAnswer", "FishPuzzle", "format_fish", "load_fish", "parse_fish"]

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

_KEYS = {"variant", "table", "to move", "question", "answer", "boneyard", "note", "players"}
_PLAYER = re.compile(r"^p(\d+)$")
_QUESTION = re.compile(r"^(value|best|block)(?:\s+within\s+(\d+))?$")


@dataclass
class FishAnswer:
    """The solver's answer: ``text`` in the file's notation, a ``line`` of moves, ``nodes``."""

    text: str
    line: list = field(default_factory=list)
    nodes: int = 0
    detail: str = ""


@dataclass
class FishPuzzle:
    """One blocked-position puzzle (see the module docstring for the format)."""

    name: str
    variant: str
    table: list                # oriented pairs left to right
    hands: list                # list of tile lists, one per player
    to_move: int
    question: str              # value | best | block
    within: int | None = None
    answer: str | None = None
    boneyard: list = field(default_factory=list)
    note: str = ""
    line_no: int = 0

    def state(self):
        """The position as a GameState: hands dealt, the table laid, ``to_move`` to play."""
        from ..games import new_round

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
        from ..games import solver

        g = self.state()
        if self.question == "value":
            a = solver.solve(g, best=False)
            return FishAnswer(f"{a.value:+d}", a.line, a.nodes,
                              f"value {a.value:+d} for " + "+".join(f"P{p + 1}" for p in a.side))
        if self.question == "best":
            a = solver.solve(g)
            text = " ".join(m.body() for m in a.best_moves)
            return FishAnswer(text, a.line, a.nodes, f"value {a.value:+d}")
        proof = solver.can_force_block(g, within=self.within)
        if self.within is None:
            text = f"yes in {proof.tiles}" if proof.forced else "no"
        else:
            text = "yes" if proof.forced else "no"
        return FishAnswer(text, proof.line, proof.nodes, str(proof))

    def check(self) -> bool:
        """Does the stated answer equal the solver's? (False when none is stated.)"""
        if self.answer is None:
            return False
        return _norm(self.answer, self.question) == _norm(self.solve().text, self.question)

    def to_text(self) -> str:
        return format_fish(self)


def _norm(text: str, question: str):
    text = text.strip()
    if question == "value":
        return int(text)
    if question == "best":
        return sorted(text.upper().split())
    return " ".join(text.lower().split())


def _lay_line(layout, pairs):
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


def _parse_line(text, where, name, set_max=6):
    pairs = []
    for tok in text.split():
        t = Tile.parse(tok)
        if t.high > set_max:
            raise ParseError(f"puzzle {name!r}, {where}: {tok} is not a tile of the "
                             f"double-{set_max} set (numbers 0..{set_max})", text, text.find(tok))
        m = re.match(r"^\s*\[?\s*(\d+)\s*[:|\-]\s*(\d+)", tok)
        a, b = (int(m.group(1)), int(m.group(2))) if m else (t.low, t.high)
        if pairs and pairs[-1][1] != a:
            raise ParseError(f"puzzle {name!r}, {where}: {tok} does not touch "
                             f"{pairs[-1][0]}:{pairs[-1][1]} (a line needs {pairs[-1][1]}:…)",
                             text, text.find(tok))
        pairs.append((a, b))
    return pairs


def parse_fish(text: str) -> list[FishPuzzle]:
    """Read puzzles in the fish format; errors name the line and the token."""
    from ..games import VARIANTS
    from ..tiles import DominoSet

    puzzles = []
    cur = None
    lines = text.splitlines()

    def finish():
        if cur is None:
            return
        name, fields, n0 = cur
        where = f"puzzle {name!r} (line {n0})"
        for key in ("variant", "to move", "question"):
            if key not in fields:
                raise ParseError(f"{where}: missing '{key}:'", text)
        variant = fields["variant"]
        if variant not in VARIANTS:
            raise ParseError(f"{where}: unknown variant {variant!r}; known: "
                             f"{', '.join(sorted(VARIANTS))}", text)
        ds = DominoSet(VARIANTS[variant].set_max)
        hands = []
        players = sorted(k for k in fields if isinstance(k, int))
        if players != list(range(len(players))) or not players:
            raise ParseError(f"{where}: hands must be given as P1, P2, … without gaps", text)
        for p in players:
            hands.append(list(ds.parse(fields[p])) if fields[p].strip() else [])
        m = re.match(r"^[pP](\d+)$", fields["to move"].strip())
        if not m or not 1 <= int(m.group(1)) <= len(hands):
            raise ParseError(f"{where}: 'to move' must be P1..P{len(hands)}, "
                             f"not {fields['to move']!r}", text)
        q = _QUESTION.match(fields["question"].strip().lower())
        if not q:
            raise ParseError(f"{where}: question must be 'value', 'best', 'block' or "
                             f"'block within K', not {fields['question']!r}", text)
        table = _parse_line(fields.get("table", ""), "table", name, ds.n)
        bone = list(ds.parse(fields["boneyard"])) if fields.get("boneyard") else []
        puzzles.append(FishPuzzle(name, variant, table, hands, int(m.group(1)) - 1,
                                  q.group(1), int(q.group(2)) if q.group(2) else None,
                                  fields.get("answer"), bone, fields.get("note", ""), n0))

    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise ParseError(f"line {n}: a puzzle header is written [name]", raw, 0)
            finish()
            cur = (line[1:-1].strip(), {}, n)
            continue
        if cur is None:
            raise ParseError(f"line {n}: text before the first [puzzle name] header: {line!r}",
                             raw, 0)
        key, sep, value = line.partition(":")
        if not sep:
            raise ParseError(f"line {n}: expected 'key: value', got {line!r}", raw, 0)
        key = key.strip().lower()
        pm = _PLAYER.match(key)
        if pm:
            key = int(pm.group(1)) - 1
            if key < 0:
                raise ParseError(f"line {n}: players are numbered from P1", raw, 0)
        elif key not in _KEYS:
            raise ParseError(f"line {n}: unknown key {key!r}; keys: "
                             f"{', '.join(sorted(_KEYS))}, P1, P2, …", raw, 0)
        if key in cur[1]:
            raise ParseError(f"line {n}: {key if isinstance(key, str) else f'P{key + 1}'} "
                             f"given twice in puzzle {cur[0]!r}", raw, 0)
        cur[1][key] = value.strip()
    finish()
    if not puzzles:
        raise ParseError("no puzzle found: a puzzle starts with a [name] line", text)
    return puzzles


def load_fish(path) -> list[FishPuzzle]:
    """Read a puzzle file."""
    path = Path(path)
    if not path.exists():
        raise DominoError(f"no such puzzle file: {path}")
    return parse_fish(path.read_text(encoding="utf-8"))


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
    out.append("question: " + p.question + (f" within {p.within}" if p.within else ""))
    if p.answer is not None:
        out.append(f"answer: {p.answer}")
    return "\n".join(out) + "\n"


def _eq(self, other):
    if not isinstance(other, FishPuzzle):
        return NotImplemented
    keys = ("name", "variant", "table", "hands", "to_move", "question", "within", "answer",
            "boneyard", "note")
    return all(getattr(self, k) == getattr(other, k) for k in keys)


FishPuzzle.__eq__ = _eq
