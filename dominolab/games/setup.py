"""Setting up a round: the variant's rules by name, a shuffled deal, a round from a deal.

>>> from dominolab.games import new_game, new_round, get_rules
>>> new_game("kozel", players=4, seed=7).current_player
0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import DominoError
from ..tiles import Hand, Tile
from .rules import RoundContext, Rules
from .state import GameState, canonical_tiles, validate_deal
from .variants import VARIANTS

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
                flags: Iterable[tuple[str, Any]]) -> GameState:
    """Redeal check, opening rule, GameState — for a deal already known to be valid."""
    ctx = context or RoundContext()
    reason = None
    full = dict(rules.hand_sizes).get(len(parsed))
    if rules.redeal is not None:
        # only a full deal is judged (hand-built test positions are not redealt)
        for p, h in enumerate(parsed):
            if len(h) != full:
                continue
            why = rules.redeal(h, rules)
            if why:
                reason = f"P{p + 1} holds {why}"
                break
    if leader is None:
        op = rules.opening(parsed, bone, rules, ctx)
        leader, lead2, flags2 = op.leader, op.lead, op.flags
        if lead is None:
            lead = lead2
        flags = tuple(flags) + tuple(flags2)
    elif not 0 <= leader < len(parsed):
        raise DominoError(f"leader must be a player 0..{len(parsed) - 1}, not {leader}")
    elif lead is None:
        flags = tuple(flags) + (("free_lead", True),)
    return GameState(rules, parsed, bone, leader, lead, context=ctx, seed=seed, flags=flags,
                     redeal_reason=reason)


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
    rules.hand_size(players)
    redeals = 0
    s = seed
    k = rules.hand_size(players)
    all_tiles = canonical_tiles(rules.set_max, rules.locomotives)
    kept = dict(context.kept) if context is not None else {}
    for p, own in kept.items():
        if not 0 <= p < players or len(own) > k:
            raise DominoError(f"cannot deal: P{p + 1} is to keep {len(own)} tiles "
                              f"({' '.join(map(str, own))}) in a deal of {k} each to "
                              f"{players} players")
    held = {t for own in kept.values() for t in own}
    if kept:
        all_tiles = tuple(t for t in all_tiles if t not in held)
    while True:
        tiles = list(all_tiles)
        random.Random(s).shuffle(tiles)
        # a shuffled set is a valid deal: build the hands without re-validating each tile
        if kept:
            hands, pos = [], 0
            for i in range(players):
                mine = list(kept.get(i, ()))
                need = k - len(mine)
                hands.append(Hand(mine + tiles[pos:pos + need]))
                pos += need
            bone = tiles[pos:]
        else:
            hands = [tuple.__new__(Hand, tiles[i * k:(i + 1) * k]) for i in range(players)]
            bone = tiles[players * k:]
        g = _open_round(rules, hands, bone, None, None, context, s,
                        (("redeals", redeals), ("deal_seed", s)))
        if g.ended != "redeal" or not redeal or redeals >= 1000:
            return g
        redeals += 1
        s = random.Random(s).randrange(1 << 30)
