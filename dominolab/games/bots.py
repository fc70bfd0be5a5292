"""Bots: random, greedy, heuristic, sampling and ISMCTS players for every variant, all seeded.

A bot has ``choose(state) -> Move`` and never looks at hidden hands except
through what the rules reveal (counts, the table, the history). The
heuristic bot ranks plays by: pips shed, doubles dumped early, suits kept
varied (tiles left that can follow the new ends), and, when its side seems
lighter, moves that block the game; in games that score multiples of five
during play (``Rules.table_points``) it also values the points a play takes.
:func:`play_out` finishes a round,
:func:`tournament` pits bots against each other with rotating seats (for
strength with confidence intervals, use the duplicate tournaments of
:mod:`dominolab.games.duplicate`).

>>> from dominolab.games import new_game
>>> g = new_game("classic", players=2, seed=5)
>>> r = play_out(g, [HeuristicBot(seed=1), RandomBot(seed=2)])
>>> r.end in ("out", "blocked") and g.is_over()
True
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from .._stack import deep_recursion
from ..chains.trains import best_train
from ..errors import DominoError
from ..limits import short_repr, whole_number
from ..tiles import LocoTile, Tile
from .inference import BONE, determinize, knowledge
from .moves import Move
from .rules import RoundResult, Rules
from .search import move_values, side_value
from .setup import get_rules, new_game
from .state import GameState
from .train_layout import TrainLayout, train_name

__all__ = ["Bot", "RandomBot", "GreedyBot", "HeuristicBot", "PlannerBot", "SamplingBot",
           "ISMCTSBot", "BOTS",
           "make_bot", "play_out", "tournament"]


class Bot:
    """Base class: ``choose(state)`` returns one of ``state.legal_moves()``."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:  # pragma: no cover - interface
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Any legal move, uniformly at random."""

    name = "random"

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


def _numbers(t: Tile) -> tuple[int, ...]:
    """The numbers a tile shows (a locomotive tile's number half only, if any)."""
    if isinstance(t, LocoTile):
        return () if t.number is None else (t.number,)
    return (t.low, t.high)


def _pips(move: Move) -> int:
    return sum(t.pips for t, _ in move.placements)


class GreedyBot(Bot):
    """The heaviest play (most pips, multi-tile plays summed); random among equals."""

    name = "greedy"

    def choose(self, state: GameState) -> Move:
        moves = list(state.legal_moves())
        pips = [_pips(m) for m in moves]          # once a move (a first turn's whole
        best = max(pips)                          # trains can be thousands)
        top = [m for m, v in zip(moves, pips) if v == best]
        return top[self.rng.randrange(len(top))]


class HeuristicBot(Bot):
    """Sheds pips, dumps doubles, keeps suits varied, blocks when its side looks lighter."""

    name = "heuristic"
    #: count on bit masks where the hand allows (False: tile by tile, the tests' reference)
    by_masks = True

    def __init__(self, seed: int = 0, w_pips: float = 1.0, w_double: float = 4.0,
                 w_follow: float = 2.0, w_block: float = 30.0, w_score: float = 1.5):
        super().__init__(seed)
        self.w = (w_pips, w_double, w_follow, w_block)
        # games that score on the table as they go (``Rules.table_points``, the
        # multiples-of-five games): value the points a play takes now; 0 turns it off
        self.w_score = w_score

    def choose(self, state: GameState) -> Move:
        moves = list(state.legal_moves())
        if len(moves) == 1 or moves[0].kind != "play":
            return moves[0]
        w_pips, w_double, w_follow, w_block = self.w
        p = state.current_player
        unseen_pips, unseen_n = self._unseen(state, p)
        mine = state.hand(p)
        table_points = state.rules.table_points if self.w_score else None
        # a hand of plain tiles (no locomotive): each tile's numbers as a mask of bits, so
        # that "follows an end" and "the numbers kept" are int operations, not a scan of
        # each tile against each end (the same counts: a plain tile has an end's number
        # when its mask has the end's bit)
        plain = self.by_masks and all(type(t) is Tile for t in mine)
        if plain:
            suits = [(t.index, 1 << t.low | 1 << t.high) for t in mine]
        best: list[Move] = []
        best_v: float | None = None
        for m in moves:
            mt = m.tiles
            v = w_pips * _pips(m) + w_double * sum(t.is_double for t in mt)
            state._apply(m)
            try:
                if plain:
                    ends = 0
                    for _, k in state.open_ends():
                        ends |= 1 << k
                    gone = [t.index for t in mt]
                    follow = kept = 0
                    for i, s in suits:
                        if i not in gone:
                            kept |= s
                            if s & ends:
                                follow += 1
                    v += w_follow * follow
                    v += 0.5 * kept.bit_count()
                else:
                    ends_set = {k for _, k in state.open_ends()}
                    rest = [t for t in mine if t not in mt]
                    v += w_follow * sum(1 for t in rest if any(t.has(k) for k in ends_set))
                    v += 0.5 * len({x for t in rest for x in _numbers(t)})
                if table_points is not None:
                    v += self.w_score * table_points(state.layout, state.rules)
                if state.ended == "out":
                    v += 1000
                elif state.ended == "blocked":
                    mine_side = sum(state.hand(q).pips for q in state.teams[state.team_of[p]])
                    others = [bin(state.hands[q]).count("1") for q in range(state.players)
                              if state.team_of[q] != state.team_of[p]]
                    est = sum(others) * (unseen_pips / unseen_n if unseen_n else 0)
                    v += w_block if mine_side < est else -w_block
            finally:
                state.undo()
            if best_v is None or v > best_v + 1e-9:
                best, best_v = [m], v
            elif abs(v - best_v) <= 1e-9:
                best.append(m)
        return best[self.rng.randrange(len(best))]

    @staticmethod
    def _unseen(state: GameState, p: int) -> tuple[int, int]:
        seen = state.hands[p] | state.table_mask()
        n = 0
        pips = 0
        # the set's tiles not seen (the tables of a Super-train set have gaps)
        m = state._full & ~seen
        tiles = state._tiles
        while m:
            low = m & -m
            m ^= low
            n += 1
            pips += tiles[low.bit_length() - 1].pips
        return pips, n


class PlannerBot(HeuristicBot):
    """On a table of trains: keeps the best train its hand can lay on its own train and
    sheds the other tiles first.

    Every legal play is judged by the best train (:func:`~dominolab.chains.trains.best_train`,
    exact, most tiles) the hand left after it can still lay from its own train's end:
    the play keeping the longest such train wins, then the heavier tile (pips shed
    now), then a double (its layer plays again). So a tile outside the plan goes on
    the Mexican train or a marked train while it can, and the plan is followed on
    its own train otherwise (on a hand too big for the exact search within
    :attr:`MAX_NODES` steps, the best train found within them). On other layouts it plays
    as :class:`HeuristicBot`.

    >>> from dominolab.games import new_game, play_out
    >>> g = new_game("mexican_train", players=3, seed=4)
    >>> play_out(g, [PlannerBot(seed=1), GreedyBot(seed=2), GreedyBot(seed=3)]).end in ("out", "blocked")
    True
    """

    name = "planner"
    #: The search steps per candidate play: a hand swollen by drawing (the engine found
    #: late) is planned as far as this budget goes (the best train found so far).
    MAX_NODES = 4_000

    def choose(self, state: GameState) -> Move:
        lay = state.layout
        moves = list(state.legal_moves())
        if (len(moves) == 1 or moves[0].kind != "play" or not isinstance(lay, TrainLayout)
                or lay.is_empty()):
            return super().choose(state) if not isinstance(lay, TrainLayout) else moves[0]
        p = state.current_player
        own = train_name(p)
        hand = list(state.hand(p))
        best: list[Move] = []
        best_v: tuple[int, int, int] | None = None
        numbers = [t for t in hand if not isinstance(t, LocoTile)]
        if any(len(m.placements) > 1 for m in moves):
            # a first turn that may lay a whole train (Mexican train's ``first_train``):
            # the best train of the hand, when it is one of the moves
            plan = best_train(numbers, lay.train_end(own), max_nodes=self.MAX_NODES,
                              partial=True)
            want = tuple((t, own) for t in plan.tiles)
            for m in moves:
                if m.placements == want:
                    return m
        plans: dict[tuple[int, frozenset[Tile]], int] = {}
        for m in moves:
            tile, end = m.placements[-1]
            # the planned train is of number tiles: a locomotive tile (Super-train, a wild)
            # is kept out of it and judged by what it leaves
            rest = [t for t in numbers if t not in m.tiles]
            start = lay.train_end(own)
            for t, e in m.placements:
                if e == own:
                    start = t.other(start)
            key = (start, frozenset(rest))
            count = plans.get(key)
            if count is None:     # (a locomotive, a wild, leaves the same plan on each train)
                count = plans[key] = best_train(rest, start, max_nodes=self.MAX_NODES,
                                                partial=True).count
            v = (count, _pips(m), int(tile.is_double))
            if best_v is None or v > best_v:
                best, best_v = [m], v
            elif v == best_v:
                best.append(m)
        return best[self.rng.randrange(len(best))]


# ----------------------------------------------------------------------------
# the sampling bot
# ----------------------------------------------------------------------------


class SamplingBot(Bot):
    """Perfect-information Monte Carlo: sample deals consistent with what the
    bot has seen, solve each double-dummy, play the move with the best total.

    For each of ``samples`` deals drawn exactly uniformly by :class:`Knowledge`
    (the boneyard order shuffled), every legal move gets its exact value from
    :func:`~dominolab.games.solver.move_values` (the boneyard order of the
    sample treated as known); the move with the highest sum wins (ties:
    random). While more than ``max_tiles`` tiles are still in hands and
    boneyard the search would be slow, so the bot plays like
    :class:`~dominolab.games.bots.HeuristicBot` until then.

    >>> from dominolab.games import new_game, play_out
    >>> g = new_game("sport", seed=3)
    >>> r = play_out(g, [SamplingBot(seed=1, samples=4), HeuristicBot(seed=2)] * 2)
    >>> r.end in ("out", "blocked")
    True
    """

    name = "sampling"

    #: The most samples a move may draw, and the most tiles left for the exact search
    #: (each sample is a double-dummy search: its cost grows fast with the tiles left).
    MAX_SAMPLES = 1000
    MAX_SEARCH_TILES = 28

    def __init__(self, seed: int = 0, samples: int = 12, max_tiles: int = 18):
        super().__init__(seed)
        self.samples = whole_number(samples, "samples (deals drawn per move)", low=1,
                                    high=self.MAX_SAMPLES, error=DominoError)
        self.max_tiles = whole_number(max_tiles, "max_tiles (tiles left for the search)",
                                      low=0, high=self.MAX_SEARCH_TILES, error=DominoError)
        self.fallback = HeuristicBot(seed=seed)

    # (one frame-stack chunk for the move's dozen searches, see dominolab._stack)
    @deep_recursion
    def choose(self, state: GameState) -> Move:
        moves = list(state.legal_moves())
        if len(moves) == 1:
            return moves[0]
        left = sum((h).bit_count() for h in state.hands) + state.boneyard_count()
        if left > self.max_tiles:
            return self.fallback.choose(state)
        try:
            k = knowledge(state)
            k.sample(random.Random(0))    # a guard: some deal agrees with the history
        except DominoError:          # a history the inference cannot follow (Semyorka's 7;
            # trains' markers and Super-train's D and X it follows: Rules.usable_ends,
            # Rules.hidden_draws)
            return self.fallback.choose(state)
        totals: dict[Move, int] = {}
        for _ in range(self.samples):
            d = k.sample(self.rng)
            bone = list(d[BONE])
            self.rng.shuffle(bone)
            d[BONE] = bone
            det = determinize(state, d)
            for m, v in move_values(det, boneyard="known"):
                totals[m] = totals.get(m, 0) + v
        best = max(totals.values())
        top = [m for m in moves if totals.get(m) == best]
        return top[self.rng.randrange(len(top))]


# ----------------------------------------------------------------------------
# the ISMCTS bot
# ----------------------------------------------------------------------------


class _Node:
    """A node of the information-set tree: the move into it, by ``player``; its
    children by move; visits, times available and the summed reward of ``player``."""

    __slots__ = ("move", "parent", "player", "children", "visits", "avail", "total")

    def __init__(self, move: Move | None, parent: _Node | None, player: int):
        self.move = move
        self.parent = parent
        self.player = player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def _heaviest(moves: Iterable[Move], rng: random.Random) -> Move:
    best = -1
    top: list[Move] = []
    for m in moves:
        w = _pips(m)
        if w > best:
            best, top = w, [m]
        elif w == best:
            top.append(m)
    return top[rng.randrange(len(top))] if len(top) > 1 else top[0]


class ISMCTSBot(Bot):
    """Information-set Monte Carlo tree search (single observer), for every variant.

    Each of ``iterations`` iterations draws one deal of the hidden tiles exactly
    uniformly among those consistent with what the bot has seen (the same
    :class:`~dominolab.games.inference.Knowledge` sampler as
    :class:`SamplingBot`; the boneyard order shuffled), then walks one tree shared
    by all the samples: at each node only the moves legal in this sample count,
    the child maximising ``mean + c·sqrt(ln(available) / visits)`` is followed
    (``available``: how often that move was legal when its parent was visited;
    rewards are the mover's side's round value, as the double-dummy search
    counts it, divided by the pips of the whole set), an untried move is added,
    and the round is finished by a rollout (``"greedy"``: the heaviest tile,
    random among equals; or ``"random"``). The move played is the root's most
    visited. Where the inference cannot follow the history (a rule that moves
    tiles without a history entry), the bot plays like :class:`HeuristicBot`.

    The work per move is bounded by ``iterations`` (at most ``MAX_ITERATIONS``).

    >>> from dominolab.games import new_game, play_out
    >>> g = new_game("kozel", seed=3)
    >>> r = play_out(g, [ISMCTSBot(seed=1, iterations=20), GreedyBot(seed=2)] * 2)
    >>> r.end in ("out", "blocked")
    True
    """

    name = "ismcts"

    #: The most iterations (sampled deals walked down the tree) one move may use.
    MAX_ITERATIONS = 100_000

    def __init__(self, seed: int = 0, iterations: int = 200, exploration: float = 0.4,
                 rollout: str = "greedy"):
        super().__init__(seed)
        self.iterations = whole_number(iterations, "iterations (samples per move)", low=1,
                                       high=self.MAX_ITERATIONS, error=DominoError)
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) \
                or not 0 <= exploration <= 100:
            raise DominoError(f"exploration (the UCB constant) must be a number 0..100, "
                              f"not {short_repr(exploration)}")
        self.c = float(exploration)
        if rollout not in ("greedy", "random"):
            raise DominoError(f"rollout must be 'greedy' or 'random', not {short_repr(rollout)}")
        self.rollout = rollout
        self.fallback = HeuristicBot(seed=seed)
        #: iterations run by the last choose() that searched (0 when it did not)
        self.last_iterations = 0

    def choose(self, state: GameState) -> Move:
        moves = list(state.legal_moves())
        self.last_iterations = 0
        if len(moves) == 1:
            return moves[0]
        try:
            k = knowledge(state)
            k.sample(random.Random(0))    # a guard: some deal agrees with the history
        except DominoError:          # a history the inference cannot follow (Semyorka's 7;
            # trains' markers and Super-train's D and X it follows: Rules.usable_ends,
            # Rules.hidden_draws)
            return self.fallback.choose(state)
        rng = self.rng
        rules = state.rules
        scale = float(state.set.pip_total) or 1.0
        teams = state.teams
        team_of = state.team_of
        greedy = self.rollout == "greedy"
        log = math.log
        sqrt = math.sqrt
        c = self.c
        root = _Node(None, None, -1)
        for _ in range(self.iterations):
            d = k.sample(rng)
            bone = d[BONE]
            rng.shuffle(bone)
            det = determinize(state, d)
            node = root
            # selection and expansion
            while not det.is_over():
                legal = det.legal_moves()
                kids = node.children
                untried = []
                best_child: _Node | None = None
                best_u = -math.inf
                for m in legal:
                    ch = kids.get(m)
                    if ch is None:
                        untried.append(m)
                        continue
                    ch.avail += 1
                    if not untried:
                        u = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                        if u > best_u:
                            best_u, best_child = u, ch
                if untried:
                    m = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = _Node(m, node, det.current_player)
                    child.avail = 1
                    kids[m] = child
                    det.push(m)
                    node = child
                    break
                assert best_child is not None and best_child.move is not None
                det.push(best_child.move)
                node = best_child
            # rollout
            while not det.is_over():
                legal = det.legal_moves()
                if len(legal) == 1:
                    det.push(legal[0])
                elif greedy:
                    det.push(_heaviest(legal, rng))
                else:
                    det.push(legal[rng.randrange(len(legal))])
            res = det.result()
            reward = [side_value(res, members, rules.penalties) / scale for members in teams]
            # back-propagation: each node gets the reward of the player who moved into it
            back: _Node | None = node
            while back is not None and back.player >= 0:
                back.visits += 1
                back.total += reward[team_of[back.player]]
                back = back.parent
        self.last_iterations = self.iterations
        best_visits = max(ch.visits for ch in root.children.values())
        top = [m for m in moves if (ch := root.children.get(m)) is not None
               and ch.visits == best_visits]
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                              "heuristic": HeuristicBot, "planner": PlannerBot,
                              "sampling": SamplingBot, "ismcts": ISMCTSBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name: random, greedy, heuristic, planner, sampling or ismcts."""
    bot = BOTS.get(name) if isinstance(name, str) else None
    if bot is None:
        raise DominoError(f"unknown bot {short_repr(name)}; bots: {', '.join(BOTS)}")
    return bot(seed=seed)


def play_out(state: GameState, bots: Sequence[Bot], max_moves: int = 100_000) -> RoundResult:
    """Let ``bots`` (one per player) play ``state`` to the end; returns its RoundResult."""
    if len(bots) < state.players:
        raise DominoError(f"{state.players} players need {state.players} bots, got {len(bots)}")
    for _ in range(max_moves):
        if state.is_over():
            return state.result()
        state.play(bots[state.current_player].choose(state))
    raise DominoError(f"the round did not end within {max_moves} moves")


def tournament(variant: str | Rules, bots: Sequence[Bot | str], rounds: int = 100, seed: int = 1,
               players: int | None = None, out: TextIO | str | None = "stdout",
               **options: Any) -> dict[str, dict[str, int]]:
    """Play ``rounds`` seeded rounds with seats rotating; print and return a table per bot.

    Each bot (given as a Bot or a name) sits in every seat equally often; its
    tally is the rounds its side won and the points its side took (in
    penalty games, the penalties — fewer is better).

    >>> t = tournament("kozel", ["greedy", "random", "greedy", "random"], rounds=8, out=None)
    >>> sorted(t)
    ['1:greedy', '2:random', '3:greedy', '4:random']
    """
    rules = get_rules(variant, **options)
    n = players or len(bots)
    seated = [make_bot(b, seed + i) if isinstance(b, str) else b for i, b in enumerate(bots)]
    names = [f"{i + 1}:{b.name}" for i, b in enumerate(seated)]
    stats = {nm: {"rounds": 0, "wins": 0, "points": 0} for nm in names}
    for r in range(rounds):
        g = new_game(rules, players=n, seed=seed * 100_003 + r)
        seat_bot = [(s + r) % n for s in range(n)]        # bot index sitting at seat s
        res = play_out(g, [seated[seat_bot[s]] for s in range(n)])
        for s in range(n):
            st = stats[names[seat_bot[s]]]
            st["rounds"] += 1
            team = g.team_of[s]
            if res.winning_team == team:
                st["wins"] += 1
            if res.team_points:
                st["points"] += res.team_points[team]
    # "stdout" (the default) prints to sys.stdout; None prints nothing
    stream = sys.stdout if isinstance(out, str) else out
    if stream is not None:
        kind = "penalties" if rules.penalties else "points"
        print(f"{rules.title}: {rounds} rounds, {n} players", file=stream)
        print(f"{'bot':<14}{'rounds':>8}{'won':>8}{'win %':>8}{kind + '/round':>18}", file=stream)
        for nm in names:
            st = stats[nm]
            pct = 100 * st["wins"] / st["rounds"] if st["rounds"] else 0
            avg = st["points"] / st["rounds"] if st["rounds"] else 0
            print(f"{nm:<14}{st['rounds']:>8}{st['wins']:>8}{pct:>8.1f}{avg:>18.2f}", file=stream)
    return stats
