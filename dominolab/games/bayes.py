"""What a pass tells you: conditional probability and Bayes' rule by counting deals, and
the same numbers by simulation.

A player who passes on ends ``a|b`` holds no tile showing ``a`` or ``b`` (in a game
without drawing a pass is forced exactly then). From one seat the unseen tiles can be
spread over the other hands in many ways. Before the pass every spread — a *deal* of the
unseen tiles into hands of the known sizes — is equally likely; after it only the
*consistent* ones remain, still equally likely (the players' choices of play are treated
as telling nothing, as in :mod:`~dominolab.games.inference`). So

    P(tile in hand | passes) = (consistent deals with the tile there) / (consistent deals),

and Bayes' rule says the same thing in the order a class reasons,
``posterior = likelihood · prior / evidence``: the prior and the evidence are counted over
all deals, the likelihood over the deals that put the tile there.
:func:`bayes_table` counts the four numbers with the inference module's exact dynamic
programme; :func:`estimate_by_rejection` deals the unseen tiles at random and keeps only
the deals that agree with the passes (rejection sampling: what a class can do with real
tiles), so the count can be checked by experiment, with a 95% interval.

>>> from dominolab.games import new_round
>>> from dominolab.games.inference import knowledge
>>> g = new_round("sport", leader=0, hands=[
...     "5:5 0:3 1:3 2:3 0:5 1:5 2:5", "5:6 3:3 3:5 1:4 1:6 2:2 2:4",
...     "3:6 3:4 4:5 2:6 4:4 4:6 6:6", "0:0 0:1 0:2 0:4 0:6 1:1 1:2"])
>>> for m in ["5:5", "5:6>R", "3:6>R", "P4 pass"]: g.play(m)
>>> t = bayes_table(knowledge(g, viewer=0), 1, Tile(3, 5))   # does P2 hold 3:5?
>>> t.prior, t.posterior, t.likelihood * t.prior / t.evidence
(Fraction(6, 19), Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from ..errors import InvalidPosition, InvalidTile, OverLimit
from ..i18n import format_number, get_language, ngettext, tr
from ..limits import MAX_TEXT, short_repr, whole_number
from ..tiles import Tile, parse_tiles
from .inference import BONE, Knowledge

__all__ = ["BONE", "BayesTable", "Estimate", "bayes_table", "beliefs", "estimate_by_rejection",
           "forget_passes", "hand_problem", "place_name"]

#: the most deals :func:`estimate_by_rejection` deals in one call (a bound on its work)
MAX_TRIALS = 1_000_000


def place_name(place: int) -> str:
    """``"P2"`` for player 1, ``"the boneyard"`` for :data:`BONE`.

    >>> place_name(1), place_name(BONE)
    ('P2', 'the boneyard')
    """
    return tr("the boneyard") if place == BONE else f"P{place + 1}"


def forget_passes(k: Knowledge) -> Knowledge:
    """The same knowledge without the passes: only the hand sizes are known (the prior).

    >>> from dominolab.games import new_game
    >>> from dominolab.games.inference import knowledge
    >>> k = knowledge(new_game("sport", seed=1))
    >>> forget_passes(k).count() == k.count()        # nobody has passed yet
    True
    """
    return replace(k, excluded=[frozenset() for _ in k.excluded], _memo={})


def _tile(k: Knowledge, tile: object, where: str) -> Tile:
    if isinstance(tile, str):
        if len(tile) > MAX_TEXT:
            raise InvalidTile(f"{where}: the tile's text is {len(tile)} characters long")
        tile = Tile.parse(tile)
    if not isinstance(tile, Tile):
        raise InvalidTile(f"{where}: expected a tile such as Tile(3, 5) or '3:5', "
                          f"not {type(tile).__name__}")
    if tile not in k.unseen:
        raise InvalidTile(f"{where}: {tile} is not unseen by P{k.viewer + 1} (it is in his "
                          f"hand or on the table)")
    return tile


def _place(k: Knowledge, player: object, where: str) -> int:
    if isinstance(player, bool) or not isinstance(player, int):
        raise InvalidPosition(f"{where}: a place is a player number 0..{k.players - 1} or "
                              f"BONE (-1), not {short_repr(player)}")
    if player == BONE:
        return BONE
    if not 0 <= player < k.players:
        raise InvalidPosition(f"{where}: there is no player {player}; the players are "
                              f"0..{k.players - 1} (P1..P{k.players})")
    if player == k.viewer:
        raise InvalidPosition(f"{where}: P{player + 1} is the viewer, whose hand is known")
    return player


def _holding(k: Knowledge, place: int, tile: Tile) -> int:
    """The deals counted by ``k`` that put ``tile`` at ``place`` (exact, by the same
    programme as :meth:`Knowledge.count`)."""
    total = k.count()
    with_it = k.probability(place, tile) * total
    assert with_it.denominator == 1      # a count over a count, times the count
    return int(with_it)


@dataclass(frozen=True)
class BayesTable:
    """The four counts of Bayes' rule for "``player`` holds ``tile``" (see the module
    docstring), and the probabilities read from them.

    ``prior`` = deals with the tile there / all deals; ``evidence`` = consistent deals /
    all deals (the chance of the passes); ``likelihood`` = the chance of the passes among
    the deals with the tile there; ``posterior`` = consistent deals with the tile there /
    consistent deals.
    """

    player: int
    tile: Tile
    deals: int                 # all deals of the unseen tiles into hands of these sizes
    deals_with_tile: int       # … that put the tile in the player's hand
    consistent: int            # deals that agree with the passes
    consistent_with_tile: int  # … and put the tile there

    @property
    def prior(self) -> Fraction:
        return Fraction(self.deals_with_tile, self.deals)

    @property
    def evidence(self) -> Fraction:
        return Fraction(self.consistent, self.deals)

    @property
    def likelihood(self) -> Fraction:
        if not self.deals_with_tile:
            return Fraction(0)
        return Fraction(self.consistent_with_tile, self.deals_with_tile)

    @property
    def posterior(self) -> Fraction:
        return Fraction(self.consistent_with_tile, self.consistent)

    def __str__(self) -> str:
        return tr("{tile} in {place}'s hand: prior {prior}, likelihood of the passes "
                  "{likelihood}, evidence {evidence}, posterior {posterior}").format(
                      tile=self.tile, place=place_name(self.player), prior=self.prior,
                      likelihood=self.likelihood, evidence=self.evidence,
                      posterior=self.posterior)


def bayes_table(k: Knowledge, player: int, tile: Tile | str) -> BayesTable:
    """Count the deals of Bayes' rule for "``player`` holds ``tile``" (``player`` a
    player number other than the viewer, or ``BONE``).

    The posterior equals ``k.probability(player, tile)`` and, by Bayes' rule,
    ``likelihood · prior / evidence`` (the tests check both, and every count by listing
    deals).

    >>> from dominolab.games import new_game
    >>> from dominolab.games.inference import knowledge
    >>> bayes_table(knowledge(new_game("sport", seed=1), 0), 0, "6:6")
    Traceback (most recent call last):
    ...
    dominolab.errors.InvalidPosition: bayes_table: P1 is the viewer, whose hand is known
    """
    player = _place(k, player, "bayes_table")
    t = _tile(k, tile, "bayes_table")
    free = forget_passes(k)
    deals = free.count()
    consistent = k.count()
    if consistent == 0:
        raise InvalidPosition("bayes_table: no deal of the unseen tiles agrees with the passes")
    return BayesTable(player, t, deals, _holding(free, player, t), consistent,
                      _holding(k, player, t))


def beliefs(k: Knowledge) -> list[tuple[Tile, dict[int, tuple[Fraction, Fraction]]]]:
    """For every unseen tile, ``{place: (prior, posterior)}`` over the other players (and
    the boneyard if any tiles are out of the hands): the whole table before and after the
    passes, for a picture.

    >>> from dominolab.games import new_game
    >>> from dominolab.games.inference import knowledge
    >>> tile, row = beliefs(knowledge(new_game("sport", seed=1), 0))[0]
    >>> tile, row[1]
    (Tile(0, 0), (Fraction(1, 3), Fraction(1, 3)))
    """
    free = forget_passes(k)
    if k.count() == 0:
        raise InvalidPosition("beliefs: no deal of the unseen tiles agrees with the passes")
    places = [q for q in range(k.players) if q != k.viewer] + ([BONE] if k.boneyard else [])
    return [(t, {q: (free.probability(q, t), k.probability(q, t)) for q in places})
            for t in k.unseen]


def hand_problem(k: Knowledge, player: int, tiles: Iterable[Tile] | str) -> str | None:
    """Why ``tiles`` cannot be ``player``'s hand as the viewer sees it, or None if they
    can (the right number of different unseen tiles, none showing a number he passed on).

    >>> from dominolab.games import new_game
    >>> from dominolab.games.inference import knowledge
    >>> g = new_game("sport", seed=1)
    >>> k = knowledge(g, 0)
    >>> hand_problem(k, 1, g.hand(1)) is None
    True
    >>> hand_problem(k, 1, g.hand(0))
    'P1 can see 0:1 (in his hand or on the table), so P2 cannot hold it'
    """
    player = _place(k, player, "hand_problem")
    if player == BONE:
        raise InvalidPosition("hand_problem: the boneyard is not a hand")
    if isinstance(tiles, str):
        if len(tiles) > MAX_TEXT:
            raise InvalidTile(f"hand_problem: the hand's text is {len(tiles)} characters long")
        tiles = list(parse_tiles(tiles))
    elif not isinstance(tiles, Iterable):
        raise InvalidTile(f"hand_problem: expected tiles such as '0:1 2:2', not "
                          f"{short_repr(tiles)}")
    tiles = list(tiles)
    for i, t in enumerate(tiles):
        if not isinstance(t, Tile):
            raise InvalidTile(f"hand_problem: item {i + 1} of the hand is {short_repr(t)}, "
                              "not a tile")
    for i, t in enumerate(tiles):
        if t in tiles[:i]:
            return tr("{tile} is there twice; the set has one of each tile").format(tile=t)
        if t not in k.unseen:
            return tr("{viewer} can see {tile} (in his hand or on the table), so {place} "
                      "cannot hold it").format(viewer=f"P{k.viewer + 1}", tile=t,
                                               place=place_name(player))
        shown = sorted(x for x in (t.low, t.high) if x in k.excluded[player])
        if shown:
            nums = tr(" and ").join(map(str, shown))
            if len(shown) > 1:
                return tr("{tile} shows {nums}, and {place} passed on {nums}: he holds no "
                          "tile with either").format(tile=t, nums=nums,
                                                     place=place_name(player))
            return tr("{tile} shows {nums}, and {place} passed on {nums}: he holds no tile "
                      "with a {nums}").format(tile=t, nums=nums, place=place_name(player))
    if len(tiles) != k.sizes[player]:
        return ngettext("that is {n} tile; {place} holds {size}",
                        "that is {n} tiles; {place} holds {size}", len(tiles)).format(
                            n=len(tiles), place=place_name(player), size=k.sizes[player])
    return None


@dataclass(frozen=True)
class Estimate:
    """A rejection-sampling estimate: ``hits`` of ``accepted`` deals (of ``trials`` dealt)."""

    hits: int
    accepted: int
    trials: int

    @property
    def value(self) -> Fraction:
        return Fraction(self.hits, self.accepted) if self.accepted else Fraction(0)

    @property
    def acceptance(self) -> Fraction:
        """The share of deals kept: an estimate of the evidence, P(the passes)."""
        return Fraction(self.accepted, self.trials)

    @property
    def standard_error(self) -> float:
        p = float(self.value)
        return math.sqrt(p * (1 - p) / self.accepted) if self.accepted else math.inf

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The Wilson score interval (95% for z = 1.96): unlike p ± z·SE it stays inside
        [0, 1] and does not shrink to a point when no deal or every deal is a hit.

        >>> lo, hi = Estimate(50, 100, 400).interval()
        >>> round(lo, 3), round(hi, 3)
        (0.404, 0.596)
        """
        n = self.accepted
        if n == 0:
            return 0.0, 1.0
        p = self.hits / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def contains(self, value: Fraction | float, z: float = 1.96) -> bool:
        """Is ``value`` inside :meth:`interval`?

        >>> Estimate(50, 100, 400).contains(Fraction(1, 2)), Estimate(50, 100, 400).contains(0.7)
        (True, False)
        """
        lo, hi = self.interval(z)
        return lo <= float(value) <= hi

    def __str__(self) -> str:
        lo, hi = self.interval()
        # Russian text writes a decimal comma and groups thousands; the English stays as it was
        ru = get_language() == "ru"

        def dec(x: float) -> str:
            return f"{x:.4f}".replace(".", ",") if ru else f"{x:.4f}"

        def num(x: int) -> str:
            return format_number(x) if ru else str(x)

        return tr("{hits} of {kept} kept deals ({trials} dealt): {value}, 95% interval "
                  "{lo} … {hi}").format(hits=num(self.hits), kept=num(self.accepted),
                                        trials=num(self.trials), value=dec(float(self.value)),
                                        lo=dec(lo), hi=dec(hi))


def estimate_by_rejection(k: Knowledge, player: int, tile: Tile | str, trials: int = 10_000,
                          seed: int = 0) -> Estimate:
    """Deal the unseen tiles at random into hands of the known sizes ``trials`` times,
    keep the deals in which nobody holds a number he passed on, and count how often
    ``player`` holds ``tile`` among them (``BONE``: how often it is in no hand).

    >>> from dominolab.games import new_game
    >>> from dominolab.games.inference import knowledge
    >>> k = knowledge(new_game("sport", seed=2), 0)
    >>> est = estimate_by_rejection(k, 1, k.unseen[0], 300)
    >>> est.accepted, 0 < est.hits < 300        # nobody has passed yet: every deal agrees
    (300, True)
    """
    trials = whole_number(trials, "estimate_by_rejection: trials", low=1, high=MAX_TRIALS,
                          error=OverLimit if isinstance(trials, int) and not isinstance(
                              trials, bool) and trials > MAX_TRIALS else InvalidPosition)
    player = _place(k, player, "estimate_by_rejection")
    t = _tile(k, tile, "estimate_by_rejection")
    if sum(k.sizes[q] for q in range(k.players) if q != k.viewer) + k.boneyard != len(k.unseen):
        raise InvalidPosition("estimate_by_rejection: the hand sizes and the boneyard do not "
                              f"add up to the {len(k.unseen)} unseen tiles")
    rng = random.Random(seed)
    hands = [q for q in range(k.players) if q != k.viewer]
    tiles = list(k.unseen)
    hits = accepted = 0
    for _ in range(trials):
        rng.shuffle(tiles)
        at = 0
        ok = True
        holder = BONE
        for q in hands:
            hand = tiles[at:at + k.sizes[q]]
            at += k.sizes[q]
            if any(x.low in k.excluded[q] or x.high in k.excluded[q] for x in hand):
                ok = False
                break
            if t in hand:
                holder = q
        if ok:
            accepted += 1
            hits += holder == player
    return Estimate(hits, accepted, trials)
