"""The game of triominoes: 2–6 players lay triangular tiles on the grid and score points.

The rules sources give an outline (the Russian Wikipedia article «Домино»: tiles touch
edge to edge with matching numbers, a tile is worth its corner sum, drawing is charged,
touching on all three corners is rewarded, and commercial rule sheets differ). The
defaults are the commonly published commercial rules; each is in the rules reference
(``docs/rules.md``, section Triominoes) with the readings marked:

* deal 9 tiles to each of 2 players, 7 to 3–4, 6 to 5–6; the rest is the boneyard;
* the holder of the highest triple leads it and scores its sum plus 10 (0-0-0 scores
  40); with no triple dealt, the holder of the highest tile leads it and scores its sum;
* a tile is laid next to the table along an edge, every corner it shares showing the
  same number; it scores its corner sum;
* a **bridge** (the tile touches one tile along an edge and another at the opposite
  corner) adds 40; completing a **hexagon** (six tiles round a corner) adds 50, two at
  once 60, three 70;
* a player who cannot lay a tile draws one (−5) and may lay it; after three draws (or
  with the boneyard empty) he passes (−10);
* going out scores 25 plus the corner sums left in the other hands; when nobody can
  play and the boneyard is empty the round is **blocked**: the player with the lowest
  sum left scores the others' sums minus his own;
* a match ends after the round in which a player reaches 400; the highest score wins.

>>> g = TriominoRound(players=2, seed=1)
>>> g.leader, str(g.lead_tile), len(g.hands[0]), len(g.hands[1]), len(g.boneyard)
(0, '5-5-5', 9, 9, 38)
>>> g.legal_moves()
[TriominoMove('play', Placement(tile=Triomino('5-5-5'), cell=(0, 0), turn=0))]
>>> g.play(g.legal_moves()[0]); g.scores
[25, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import GameOver, IllegalMove, UnknownOption
from ..limits import short_repr
from .grid import Board, Placement
from .tiles import TRIOMINO_SET, Triomino

__all__ = ["TriominoRules", "TriominoMove", "TriominoRound", "TriominoMatch", "RULES"]


@dataclass(frozen=True)
class TriominoRules:
    """The rules as data; every field is an option (``RULES.with_options(...)``)."""

    #: tiles dealt for each number of players
    hand_sizes: tuple[tuple[int, int], ...] = ((2, 9), (3, 7), (4, 7), (5, 6), (6, 6))
    lead_bonus: int = 10              #: a triple led scores its sum plus this
    zero_triple_lead: int = 40        #: … and 0-0-0 led scores this
    draw_penalty: int = 5             #: each tile drawn
    max_draws: int = 3                #: draws in one turn before passing
    pass_penalty: int = 10            #: a pass
    bridge_bonus: int = 40
    #: the bonus for completing one, two or three hexagons with one tile (the totals)
    hexagon_bonus: tuple[int, int, int] = (50, 60, 70)
    out_bonus: int = 25               #: going out, on top of the others' sums
    target: int = 400                 #: the match ends after a round reaching this

    def hand_size(self, players: int) -> int:
        sizes = dict(self.hand_sizes)
        if isinstance(players, bool) or not isinstance(players, int) or players not in sizes:
            raise UnknownOption(f"triominoes is played by {min(sizes)} to {max(sizes)} "
                                f"players, not {short_repr(players)}")
        return sizes[players]

    def with_options(self, **options: Any) -> TriominoRules:
        known = {f for f in self.__dataclass_fields__}
        for name, value in options.items():
            if name not in known:
                raise UnknownOption(f"triominoes has no option {name!r}; the options are "
                                    f"{', '.join(sorted(known))}")
            default = getattr(self, name)
            if isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10_000:
                    raise UnknownOption(f"triominoes option {name} is a whole number 0..10000, "
                                        f"not {short_repr(value)}")
            elif name == "hexagon_bonus":
                if (not isinstance(value, tuple) or len(value) != 3
                        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
                    raise UnknownOption("hexagon_bonus is three whole numbers (one, two, three "
                                        f"hexagons), not {short_repr(value)}")
        return replace(self, **options)


#: The default rules (the common commercial rules).
RULES = TriominoRules()


@dataclass(frozen=True)
class TriominoMove:
    """``play`` (with its placement), ``draw`` or ``pass``."""

    kind: str
    placement: Placement | None = None

    def __repr__(self) -> str:
        return (f"TriominoMove('play', {self.placement!r})" if self.kind == "play"
                else f"TriominoMove({self.kind!r})")

    def __str__(self) -> str:
        return str(self.placement) if self.placement is not None else self.kind


DRAW = TriominoMove("draw")
PASS = TriominoMove("pass")


@dataclass
class _Scored:
    move: TriominoMove
    player: int
    points: int
    notes: tuple[str, ...] = ()


class TriominoRound:
    """One round: the deal, the board, the moves and the points they scored."""

    def __init__(self, players: int = 2, seed: int | None = None,
                 rules: TriominoRules = RULES, leader: int | None = None):
        n = rules.hand_size(players)
        self.rules = rules
        self.players = players
        tiles = list(TRIOMINO_SET)
        random.Random(seed).shuffle(tiles)
        self.hands: list[list[Triomino]] = [sorted(tiles[k * n:(k + 1) * n])
                                            for k in range(players)]
        self.boneyard: list[Triomino] = tiles[players * n:]
        self.board = Board()
        self.scores = [0] * players
        self.history: list[_Scored] = []
        self.draws = 0            # this turn
        self.passes = 0           # in a row
        self.over = False
        self._legal: list[TriominoMove] | None = None
        self.end: str | None = None     # "out" or "blocked"
        self.winner: int | None = None
        self.leader: int
        self.lead_tile: Triomino | None
        self.leader, self.lead_tile = self._lead() if leader is None else (
            leader, max(self.hands[leader]))
        self.current = self.leader

    @classmethod
    def from_position(cls, hands: Sequence[Sequence[Triomino]], boneyard: Sequence[Triomino] = (),
                      board: Board | None = None, current: int = 0,
                      rules: TriominoRules = RULES) -> TriominoRound:
        """A round at a given position (for puzzles and scripted tests): the hands, the
        boneyard (drawn from its end), the table and whose turn it is. With an empty
        table the lead follows the rules (the highest triple, else the highest tile)."""
        players = len(hands)
        rules.hand_size(players)
        g = cls.__new__(cls)
        g.rules, g.players = rules, players
        g.hands = [sorted(h) for h in hands]
        g.boneyard = list(boneyard)
        g.board = board.copy() if board is not None else Board()
        g.scores = [0] * players
        g.history, g.draws, g.passes = [], 0, 0
        g.over, g._legal, g.end, g.winner = False, None, None, None
        tiles = g.tiles_in_play()
        if len(set(tiles)) != len(tiles):
            raise IllegalMove("a tile is in two places in this position")
        if g.board:
            g.leader, g.lead_tile = current, None
        else:
            g.leader, g.lead_tile = g._lead()
        g.current = current if g.board else g.leader
        return g

    def _lead(self) -> tuple[int, Triomino]:
        triples = [(t, k) for k, h in enumerate(self.hands) for t in h if t.is_triple]
        pool = triples or [(t, k) for k, h in enumerate(self.hands) for t in h]
        tile, k = max(pool)
        return k, tile

    # -- moves ----------------------------------------------------------------------
    def legal_moves(self) -> list[TriominoMove]:
        if self.over:
            return []
        if not self.board:
            assert self.lead_tile is not None
            return [TriominoMove("play", Placement(self.lead_tile, (0, 0), 0))]
        if self._legal is None:
            plays = [TriominoMove("play", p)
                     for p in self.board.placements_of(self.hands[self.current])]
            self._legal = (plays if plays else
                           [DRAW] if self.boneyard and self.draws < self.rules.max_draws
                           else [PASS])
        return list(self._legal)

    def score_of(self, p: Placement) -> tuple[int, tuple[str, ...]]:
        """What laying ``p`` now would score, with the reasons (before going out)."""
        r = self.rules
        if not self.board:
            if p.tile.is_triple:
                if p.tile.value == 0:
                    return r.zero_triple_lead, ("0-0-0 led",)
                return p.tile.value + r.lead_bonus, ("a triple led",)
            return p.tile.value, ("the highest tile led",)
        pts, notes = p.tile.value, []
        if self.board.is_bridge(p):
            pts += r.bridge_bonus
            notes.append("bridge")
        h = self.board.hexagons_completed(p)
        if h:
            pts += r.hexagon_bonus[h - 1]
            notes.append({1: "hexagon", 2: "double hexagon", 3: "triple hexagon"}[h])
        return pts, tuple(notes)

    def play(self, move: TriominoMove) -> None:
        if self.over:
            raise GameOver("the round is over")
        if not isinstance(move, TriominoMove):
            raise IllegalMove(f"a move is a TriominoMove, not {short_repr(move)}")
        if move.placement is not None and move.placement.tile.is_triple and move.placement.turn:
            move = TriominoMove("play", replace(move.placement, turn=0))   # one way to turn it
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMove(self._why_illegal(move, legal))
        me = self.current
        self._legal = None
        if move.kind == "play":
            assert move.placement is not None
            pts, notes = self.score_of(move.placement)
            self.board.lay(move.placement)
            self.hands[me].remove(move.placement.tile)
            self.passes = 0
            if not self.hands[me]:
                rest = sum(t.value for k, h in enumerate(self.hands) if k != me for t in h)
                pts += self.rules.out_bonus + rest
                notes = notes + (f"out: {self.rules.out_bonus} + {rest} left in the other hands",)
                self._finish("out", me)
            self._score(move, me, pts, notes)
            self._next()
        elif move.kind == "draw":
            self.hands[me].append(self.boneyard.pop())
            self.hands[me].sort()
            self.draws += 1
            self._score(move, me, -self.rules.draw_penalty)
        else:
            self.passes += 1
            self._score(move, me, -self.rules.pass_penalty)
            if not self.boneyard and self.passes >= self.players:
                self._block()
            else:
                self._next()

    def _why_illegal(self, move: TriominoMove, legal: list[TriominoMove]) -> str:
        who = f"P{self.current + 1}"
        if move.kind == "play" and move.placement is not None:
            p = move.placement
            if p.tile not in self.hands[self.current]:
                return f"{who} does not hold {p.tile}"
            if not self.board:
                return f"the round is led by {self.lead_tile} on (0, 0)"
            why = self.board.why_not(p)
            if why:
                return f"{p.tile} cannot go on {p.cell}: {why}"
        kinds = sorted({m.kind for m in legal})
        return f"{who} cannot {move.kind} now: the legal moves are to {' or '.join(kinds)}"

    def _score(self, move: TriominoMove, player: int, pts: int,
               notes: tuple[str, ...] = ()) -> None:
        self.scores[player] += pts
        self.history.append(_Scored(move, player, pts, notes))

    def _next(self) -> None:
        if not self.over:
            self.current = (self.current + 1) % self.players
            self.draws = 0

    def _finish(self, end: str, winner: int) -> None:
        self.over, self.end, self.winner = True, end, winner

    def _block(self) -> None:
        sums = [sum(t.value for t in h) for h in self.hands]
        low = min(range(self.players), key=lambda k: (sums[k], k))
        pts = sum(sums) - sums[low] - sums[low]
        self._finish("blocked", low)
        self.scores[low] += pts
        self.history.append(_Scored(PASS, low, pts, (f"blocked: the others' {sum(sums) - sums[low]}"
                                                     f" minus his own {sums[low]}",)))

    # -- views ----------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def tiles_in_play(self) -> list[Triomino]:
        return ([t for h in self.hands for t in h] + list(self.boneyard)
                + [p.tile for p in self.board])

    def _repr_svg_(self) -> str:
        from ..render.triominoes import board_svg  # noqa: PLC0415 — renderers import the model

        return board_svg(self.board)


@dataclass
class TriominoMatch:
    """Rounds until one ends with a player at the target (400); the highest score wins.
    Each round is dealt from a seed taken from the match's own random generator."""

    players: int = 2
    seed: int | None = None
    rules: TriominoRules = RULES
    scores: list[int] = field(default_factory=list)
    rounds: list[TriominoRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rules.hand_size(self.players)
        self.scores = [0] * self.players
        self._rng = random.Random(self.seed)

    def new_round(self) -> TriominoRound:
        if self.is_over():
            raise GameOver(f"the match is over: P{self.winner() + 1} won")  # type: ignore[operator]
        g = TriominoRound(self.players, seed=self._rng.randrange(2 ** 62), rules=self.rules)
        self.rounds.append(g)
        return g

    def finish_round(self) -> None:
        g = self.rounds[-1]
        if not g.is_over():
            raise IllegalMove("finish the round first")
        for k, s in enumerate(g.scores):
            self.scores[k] += s

    def is_over(self) -> bool:
        return max(self.scores) >= self.rules.target

    def winner(self) -> int | None:
        if not self.is_over():
            return None
        return max(range(self.players), key=lambda k: (self.scores[k], -k))


def tile_sum(tiles: Sequence[Triomino]) -> int:
    return sum(t.value for t in tiles)
