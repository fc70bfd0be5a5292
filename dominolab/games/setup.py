"""Setting up a round: the variant's rules by name, a shuffled deal, a round from a deal.

>>> from dominolab.games import new_game, new_round, get_rules
>>> new_game("kozel", players=4, seed=7).current_player
0
"""

from __future__ import annotations

import random
from _random import Random as _MersenneTwister   # random.Random's own C generator
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any

from ..errors import DominoError
from ..tiles import Hand, Tile
from .rules import REDEAL_MASK_TESTS, RoundContext, Rules, per_rules
from .state import GameState, canonical_tiles, validate_deal
from .variants import VARIANTS

from ._native import pure_requested, shuffled_order

__all__ = ["get_rules", "new_round", "deal", "new_game"]


def get_rules(variant: str | Rules, **options: Any) -> Rules:
    """The Rules of ``variant`` (a name in :data:`VARIANTS` or a Rules), with options applied.

    >>> get_rules("kozel", pairs=True).pairs
    True
    >>> get_rules("chess")
    Traceback (most recent call last):
    ...
    dominolab.errors.DominoError: unknown variant 'chess'; known: checheve, classic, cuban, general, kozel, mexican_train, morskoy_kozel, muggins, osyol, semyorka, sport, telefon
    """
    if isinstance(variant, Rules):
        rules = variant
    else:
        try:
            rules = VARIANTS[variant]
        except (KeyError, TypeError):
            raise DominoError(
                f"unknown variant {variant!r}; known: {', '.join(sorted(VARIANTS))}") from None
    return rules.with_options(**options) if options else rules


def new_round(variant: str | Rules, hands: Sequence[str | Iterable[Tile]],
              boneyard: str | Iterable[Tile] = (), leader: int | None = None, *,
              lead: Iterable[Tile | str] | None = None, context: RoundContext | None = None,
              seed: int = 0, flags: Iterable[tuple[str, Any]] = (), **options: Any) -> GameState:
    """Start a round from a given deal.

    ``hands`` are tile lists (or text like "1:1 2:3"), ``boneyard`` the
    undealt tiles in drawing order. With ``leader=None`` the variant's opening
    rule chooses the leader and the lead tiles; with a leader given, any tile
    may be led unless ``lead`` lists the allowed tiles. A hand that the
    variant's redeal rule rejects (judged only for full-size hands) gives a
    round that is over at once with ``result().end == "redeal"``.

    >>> g = new_round("classic", hands=["0:0 2:2 3:4", "1:1 0:6 5:5"], boneyard="2:6")
    >>> g.current_player, g.lead
    (1, (Tile(1, 1),))
    """
    rules = get_rules(variant, **options)
    if len(hands) not in rules.player_counts and len(hands) not in dict(rules.hand_sizes):
        raise DominoError(f"{rules.name} is played by "
                          f"{', '.join(map(str, rules.player_counts))} players, not {len(hands)}")
    parsed, bone = validate_deal(rules, hands, boneyard)
    lead_tiles = None if lead is None else tuple(Tile.parse(t) if isinstance(t, str) else t
                                                 for t in lead)
    return _open_round(rules, parsed, bone, leader, lead_tiles, context, seed, flags)


def _open_round(rules: Rules, parsed: list[Hand], bone: Sequence[Tile], leader: int | None,
                lead: tuple[Tile, ...] | None, context: RoundContext | None, seed: int,
                flags: Iterable[tuple[str, Any]],
                masks: list[int] | None = None) -> GameState:
    """Redeal check, opening rule, GameState — for a deal already known to be valid
    (``masks``: the hands' bitmasks, when the deal is a shuffle of the set's own tiles)."""
    ctx = context or RoundContext()
    reason = None
    redeal = rules.redeal
    if redeal is not None and masks is not None and not rules.locomotives:
        test = REDEAL_MASK_TESTS.get(redeal)
        if test is not None and not test(masks, rules.set_max):
            redeal = None       # no hand needs it (read from the masks)
    if redeal is not None:
        full = dict(rules.hand_sizes).get(len(parsed))
        # only a full deal is judged (hand-built test positions are not redealt)
        for p, h in enumerate(parsed):
            if len(h) != full:
                continue
            why = redeal(h, rules)
            if why:
                reason = f"P{p + 1} holds {why}"
                break
    if leader is None:
        # (an Opening is a named tuple: unpacked by position, one step for its four fields)
        leader, lead2, flags2, _ = rules.opening(parsed, bone, rules, ctx)
        if lead is None:
            lead = lead2
        flags = (*flags, *flags2)
    elif not 0 <= leader < len(parsed):
        raise DominoError(f"leader must be a player 0..{len(parsed) - 1}, not {leader}")
    elif lead is None:
        flags = tuple(flags) + (("free_lead", True),)
    if masks is not None:
        # a state from a shuffled deal: ``hands`` are Hands of the set's own tiles and
        # ``masks`` their bitmasks, so nothing is re-checked (no GameState.__init__)
        g = _new_object(GameState)
        g._start(rules, tuple(parsed), masks, tuple(bone), leader, lead, ctx, seed, flags,
                 reason)
        return g
    return GameState(rules, parsed, bone, leader, lead, context=ctx, seed=seed, flags=flags,
                     redeal_reason=reason)


# -- the shuffle ---------------------------------------------------------------
# A deal is random.Random(seed).shuffle of the set in canonical order (pinned: the same
# seed deals the same hands on every version). shuffle() is Python code that calls
# _randbelow(i + 1) for i = n-1 … 1, which draws getrandbits(k), k = (i + 1).bit_length(),
# until the value is at most i. _shuffled_order() makes the same draws and swaps: in C
# where the extension was built (the generator written out there), else inline from the C
# generator's getrandbits with the bit lengths worked out once, so the permutation is
# identical and the Python-level calls per tile are gone. _FAST_SHUFFLE is False if a
# Python's random module does not give the same permutations (checked at import); the
# deal then calls random.Random(seed).shuffle itself.


@lru_cache(maxsize=None)
def _draws(n: int) -> tuple[tuple[int, int], ...]:
    """``(i, (i + 1).bit_length())`` for i = n-1 … 1: each place of the shuffle and the bits
    _randbelow(i + 1) draws for it (one pair a step: no index and bit-length lookup)."""
    return tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


def _shuffled_order_py(n: int, seed: int) -> list[int]:
    """``x = list(range(n)); random.Random(seed).shuffle(x)``'s ``x``, for an int ``seed``."""
    bits = _MersenneTwister(seed).getrandbits
    x = list(range(n))
    for i, k in _draws(n):
        j = bits(k)
        while j > i:
            j = bits(k)
        x[i], x[j] = x[j], x[i]
    return x


def _same_as_random(order: Callable[[int, int], list[int]]) -> bool:
    for n, seed in ((28, 1), (28, 99), (55, 12_345), (91, 2**40 + 3), (2, 0), (700, -5)):
        x = list(range(n))
        random.Random(seed).shuffle(x)
        if order(n, seed) != x:
            return False
    return True


#: the shuffle in C where it was built (``_crossc.c``'s ``shuffled_order``: the same
#: generator and draws, without Python's loop of calls: 3.3 against 8.0 us for 28 tiles,
#: most of it the generator's seeding), else in Python; either is checked here against
#: random.Random
_c_shuffled_order = None if pure_requested() else shuffled_order
if _c_shuffled_order is not None and _same_as_random(_c_shuffled_order):
    _shuffled_order, _FAST_SHUFFLE = _c_shuffled_order, True
else:
    _shuffled_order, _FAST_SHUFFLE = _shuffled_order_py, _same_as_random(_shuffled_order_py)


def shuffle_order(n: int, seed: int) -> list[int]:
    """Where ``random.Random(seed).shuffle`` puts the items of a list of ``n``: item
    ``order[i]`` of the list ends at place ``i``.

    >>> from dominolab.games.state import canonical_tiles
    >>> t = list(canonical_tiles(6)); random.Random(5).shuffle(t)
    >>> [canonical_tiles(6)[i] for i in shuffle_order(28, 5)] == t
    True
    """
    if _FAST_SHUFFLE and type(seed) is int:
        return _shuffled_order(n, seed)
    x = list(range(n))
    random.Random(seed).shuffle(x)
    return x


def deal(variant: str | Rules, players: int | None = None, seed: int = 7,
         **options: Any) -> tuple[list[Hand], list[Tile]]:
    """Shuffle with ``random.Random(seed)`` and deal: ``(hands, boneyard)``.

    >>> hands, bone = deal("classic", players=2, seed=1)
    >>> [len(h) for h in hands], len(bone)
    ([7, 7], 14)
    """
    rules = get_rules(variant, **options)
    players = players or rules.default_players
    k = rules.hand_size(players)
    tiles = list(canonical_tiles(rules.set_max, rules.locomotives))
    random.Random(seed).shuffle(tiles)
    hands = [Hand(tiles[i * k:(i + 1) * k]) for i in range(players)]
    return hands, tiles[players * k:]


def new_game(variant: str | Rules, players: int | None = None, seed: int = 7, *,
             context: RoundContext | None = None, redeal: bool = True,
             **options: Any) -> GameState:
    """Shuffle, deal and open a round of ``variant`` (deterministic for a seed).

    ``players`` defaults to the variant's usual count (4 for every variant here).

    A deal the variant's redeal rule rejects is reshuffled (``redeal=True``,
    the count is in ``state.flags["redeals"]``) or returned as a finished
    "redeal" round (``redeal=False``). Tiles in ``context.kept`` (player ->
    tiles) stay out of the shuffle and go to that player's hand first.

    >>> g = new_game("sport", seed=3)
    >>> g.players, g.teams, g.boneyard_count()
    (4, [(0, 2), (1, 3)], 0)
    """
    rules = get_rules(variant, **options)
    players = players or rules.default_players
    if type(players) is not int:
        # (before the per-Rules table, which an unhashable value would crash): hand_size
        # says which counts the variant is played by
        rules.hand_size(players)
        raise DominoError(f"players must be a whole number, not {players!r}")
    k, all_tiles, bits, cuts = _deal_plan(rules, players)
    if context is not None and context.kept:
        return _deal_keeping(rules, players, k, seed, context, redeal)
    n = len(all_tiles)
    cut = players * k
    redeals = 0
    s = seed
    while True:
        # shuffle_order's own dispatch, written out here to save a frame on every deal
        order = _shuffled_order(n, s) if _FAST_SHUFFLE and type(s) is int else \
            shuffle_order(n, s)
        # a shuffled set is a valid deal: the hands are built without re-validating each
        # tile, and a hand's mask is the sum of its tiles' bits
        # (one itemgetter for both: cheaper than two list comprehensions; with a single
        # index it would return the item itself, not a 1-tuple; each hand's place is a
        # slice made once, in _deal_plan)
        pick = itemgetter(*order) if n > 1 else lambda seq: (seq[0],)
        dealt = pick(all_tiles)
        bit = pick(bits)
        hands = []
        masks = []
        for c in cuts:
            hands.append(_new_tuple(Hand, dealt[c]))
            masks.append(sum(bit[c]))
        g = _open_round(rules, hands, dealt[cut:], None, None, context, s,
                        (("redeals", redeals), ("deal_seed", s)), masks)
        if g.ended != "redeal" or not redeal or redeals >= 1000:
            return g
        redeals += 1
        s = random.Random(s).randrange(1 << 30)


#: ``object.__new__``, bound once: a dealt state is made without ``GameState.__init__``
_new_object = object.__new__
#: ``tuple.__new__``, bound once: a dealt hand is a Hand made without re-checking its tiles
_new_tuple = tuple.__new__


@per_rules
def _deal_plan(rules: Rules, players: int) -> tuple[int, tuple[Tile, ...], tuple[int, ...],
                                                   tuple[slice, ...]]:
    """What :func:`new_game` deals for ``rules`` and ``players``, worked out once per Rules
    value (:func:`~dominolab.games.rules.per_rules`): the hand size, the set in canonical
    order with each tile's bit (:func:`_set_bits`), and the places of the hands in a
    shuffled set (one slice each)."""
    k = rules.hand_size(players)
    tiles, bits = _set_bits(rules.set_max, rules.locomotives)
    return k, tiles, bits, tuple(slice(i, i + k) for i in range(0, players * k, k))


@lru_cache(maxsize=None)
def _set_bits(n: int, locomotives: bool) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    """The set in canonical order (the order a deal shuffles) and each tile's bit."""
    tiles = canonical_tiles(n, locomotives)
    return tiles, tuple(1 << t.index for t in tiles)


def _deal_keeping(rules: Rules, players: int, k: int, seed: int, context: RoundContext,
                  redeal: bool) -> GameState:
    """:func:`new_game` when ``context.kept`` names tiles that players keep."""
    kept = dict(context.kept)
    for p, own in kept.items():
        if not 0 <= p < players or len(own) > k:
            raise DominoError(f"cannot deal: P{p + 1} is to keep {len(own)} tiles "
                              f"({' '.join(map(str, own))}) in a deal of {k} each to "
                              f"{players} players")
    held = {t for own in kept.values() for t in own}
    all_tiles = tuple(t for t in canonical_tiles(rules.set_max, rules.locomotives)
                      if t not in held)
    redeals = 0
    s = seed
    while True:
        tiles = [all_tiles[i] for i in shuffle_order(len(all_tiles), s)]
        hands, pos = [], 0
        for i in range(players):
            mine = list(kept.get(i, ()))
            need = k - len(mine)
            hands.append(Hand(mine + tiles[pos:pos + need]))
            pos += need
        g = _open_round(rules, hands, tiles[pos:], None, None, context, s,
                        (("redeals", redeals), ("deal_seed", s)))
        if g.ended != "redeal" or not redeal or redeals >= 1000:
            return g
        redeals += 1
        s = random.Random(s).randrange(1 << 30)
