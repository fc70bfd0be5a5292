"""The post-mortem of a round: what each of one player's moves cost, and what the
passes told him.

For every move of ``player`` in a finished (or unfinished) round where he had a
choice, :func:`analyse` gives two costs, in the variant's points for his side:

- **with every hand known** (double-dummy): the best value of the position minus
  the value of the move played, from :func:`~dominolab.games.search.move_values`
  (the boneyard order of the record taken as known). It is what the move cost
  against perfect play with all the cards face up — a mistake by this measure
  may have been unknowable at the table.
- **from what he could know** (sampled): ``samples`` deals of the hidden tiles
  drawn exactly uniformly among those consistent with his hand and the history
  (:class:`~dominolab.games.inference.Knowledge`), each solved double-dummy; the
  better move is the one with the best mean, and the cost is the mean, over the
  samples, of its value minus the played move's, with a 95% t-interval over the
  samples (:func:`~dominolab.games.duplicate.mean_interval`). The better move is
  chosen on the same samples, so the cost leans high by a little (the
  winner's curse); the interval says how far the samples can be trusted.

Positions with more than ``max_tiles`` tiles still in hands and boneyard are
listed but not solved (each solve's cost grows fast with the tiles left; the
four-direction games and Semyorka use the slower engine search). Each
entry also says **what the passes told him**: for each other player, the
numbers he has shown not to hold.

>>> from dominolab.games import new_game, play_out
>>> from dominolab.games.bots import RandomBot
>>> g = new_game("sport", seed=4)
>>> _ = play_out(g, [RandomBot(seed=s) for s in range(4)])
>>> pm = analyse(g, player=0, samples=4, max_tiles=14, seed=1)
>>> all(c.known_cost is None or c.known_cost >= 0 for c in pm.moves)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .._stack import deep_recursion
from ..errors import DominoError
from ..i18n import tr
from ..limits import whole_number
from .duplicate import Interval, mean_interval
from .inference import BONE, determinize, knowledge
from .moves import Move
from .record import Record
from .search import move_values
from .state import GameState

__all__ = ["MoveCost", "PostMortem", "analyse", "MAX_ANALYSE_SAMPLES", "MAX_ANALYSE_TILES"]

#: The most sampled deals per move, and the most tiles left for a position to be solved.
MAX_ANALYSE_SAMPLES = 200
MAX_ANALYSE_TILES = 28


@dataclass
class MoveCost:
    """One move of the player: ``ply`` (1-based in the round), the move, its costs.

    ``known_cost``/``known_best``: with every hand known (None: not solved);
    ``cost``/``best``/``interval``: from what the player could know (None: not
    estimated); ``note`` why a cost is missing; ``passes`` what the passes told.
    """

    ply: int
    move: Move
    choices: int
    known_cost: int | None = None
    known_best: list[Move] = field(default_factory=list)
    cost: float | None = None
    best: Move | None = None
    interval: Interval | None = None
    note: str = ""
    passes: str = ""

    @property
    def worst_measure(self) -> float:
        """The cost used to rank mistakes: the sampled one, else the double-dummy one."""
        if self.cost is not None:
            return self.cost
        return float(self.known_cost) if self.known_cost is not None else 0.0

    def line(self) -> str:
        head = f"move {self.ply:>2}: {self.move.body():<10}"
        if self.choices == 1:
            return head + " forced"
        parts = []
        if self.known_cost is not None:
            better = ", ".join(m.body() for m in self.known_best[:3])
            parts.append(f"all hands known: cost {self.known_cost}"
                         + (f" (best {better})" if self.known_cost else " (best)"))
        if self.cost is not None and self.interval is not None and self.best is not None:
            iv = self.interval
            parts.append(f"from what you knew: cost {self.cost:.1f} "
                         f"[{iv.low:.1f}, {iv.high:.1f}]"
                         + (f" (better {self.best.body()})" if self.best != self.move else ""))
        if self.note:
            parts.append(self.note)
        text = head + "; ".join(parts)
        return text + (f"\n          the passes told: {self.passes}" if self.passes else "")


@dataclass
class PostMortem:
    """Every move of ``player`` with its costs; :meth:`worst` the worst three."""

    player: int
    variant: str
    samples: int
    moves: list[MoveCost]

    def worst(self, k: int = 3) -> list[MoveCost]:
        """The ``k`` costliest moves with a choice (a cost above 0 only)."""
        costly = [c for c in self.moves if c.choices > 1 and c.worst_measure > 0]
        return sorted(costly, key=lambda c: -c.worst_measure)[:k]

    def text(self) -> str:
        lines = [f"{self.variant}: the moves of P{self.player + 1} ({self.samples} sampled "
                 f"deals per move; costs in points for P{self.player + 1}'s side)"]
        lines += [c.line() for c in self.moves]
        worst = self.worst()
        lines.append("")
        if not worst:
            lines.append("no move cost anything that the analysis could measure")
        else:
            many = {1: "move", 2: "two moves", 3: "three moves"}[len(worst)]
            lines.append(f"the worst {many}:")
            for c in worst:
                better = (c.best if c.cost is not None else
                          (c.known_best[0] if c.known_best else None))
                lines.append(f"  move {c.ply}: {c.move.body()} cost {c.worst_measure:.1f}"
                             + (f"; better {better.body()}" if better is not None else ""))
        return "\n".join(lines)


def _passes_told(state: GameState, player: int) -> str:
    try:
        k = knowledge(state, viewer=player)
    except DominoError:
        return ""
    told = []
    for q in range(state.players):
        if q != player and k.excluded[q]:
            nums = [str(n) for n in sorted(k.excluded[q])]
            numbers = nums[0] if len(nums) == 1 else tr("{rest} or {last}").format(
                rest=", ".join(nums[:-1]), last=nums[-1])
            told.append(tr("P{p} holds no {numbers}").format(p=q + 1, numbers=numbers))
    return "; ".join(told)


def _sampled(state: GameState, player: int, samples: int, rng: random.Random,
             chosen: Move) -> tuple[float, Move, Interval] | None:
    k = knowledge(state, viewer=player)
    per_sample: list[dict[Move, int]] = []
    for _ in range(samples):
        d = k.sample(rng)
        bone = list(d[BONE])
        rng.shuffle(bone)
        d[BONE] = bone
        per_sample.append(dict(move_values(determinize(state, d), boneyard="known")))
    legal = list(state.legal_moves())
    means = {m: sum(v[m] for v in per_sample) / samples for m in legal}
    top = max(means.values())
    best = chosen if means[chosen] == top else next(m for m in legal if means[m] == top)
    diffs = [float(v[best] - v[chosen]) for v in per_sample]
    if samples < 2:
        return None
    iv = mean_interval(diffs)
    return iv.mean, best, iv


@deep_recursion
def analyse(game: GameState | Record | str | Mapping[str, Any], player: int = 0,
            samples: int = 12, max_tiles: int = 20, seed: int = 1,
            progress: Callable[[int], None] | None = None) -> PostMortem:
    """The post-mortem of ``player``'s moves in ``game`` (a GameState with its history,
    or a record: a Record, its JSON or text). ``progress(k)`` counts the moves done."""
    if isinstance(game, GameState):
        final = game
        start = Record.from_state(game).start()
    else:
        rec = Record.parse(game)
        final = rec.replay()
        start = rec.start()
    player = whole_number(player, "player (0-based)", low=0, high=final.players - 1,
                          error=DominoError)
    samples = whole_number(samples, "samples (deals drawn per move)", low=2,
                           high=MAX_ANALYSE_SAMPLES, error=DominoError)
    max_tiles = whole_number(max_tiles, "max_tiles (tiles left for the search)", low=0,
                             high=MAX_ANALYSE_TILES, error=DominoError)
    rng = random.Random(seed)
    out: list[MoveCost] = []
    g = start
    done = 0
    for i, m in enumerate(final.history):
        if g.current_player == player and m.player in (None, player):
            legal = list(g.legal_moves())
            played = next(x for x in legal if x == m)
            c = MoveCost(i + 1, played, len(legal))
            if len(legal) > 1:
                c.passes = _passes_told(g, player)
                left = sum(h.bit_count() for h in g.hands) + g.boneyard_count()
                if left > max_tiles:
                    c.note = f"not solved: {left} tiles left (more than {max_tiles})"
                else:
                    vals = dict(move_values(g, boneyard="known"))
                    top = max(vals.values())
                    c.known_cost = top - vals[played]
                    c.known_best = [x for x in legal if vals[x] == top]
                    try:
                        est = _sampled(g, player, samples, rng, played)
                    except DominoError as e:
                        est = None
                        c.note = f"not sampled: {e}"
                    if est is not None:
                        c.cost, c.best, c.interval = est
            out.append(c)
            done += 1
            if progress is not None:
                progress(done)
        g.play(m)
    return PostMortem(player, final.rules.title, samples, out)
