"""Small helpers shared by the game tests (hand-built positions, independent scorers, seeded
streams of random positions)."""

import random


def dealt(make, seed, which):
    """The items ``which`` (a range) of the stream that ``make(rng)`` deals from
    ``random.Random(seed)``: those before it are dealt and passed over, so that a check split
    into shares (:func:`tests.repo_state.shares`) covers the same items as the whole."""
    rng = random.Random(seed)
    for i in range(which.stop):
        item = make(rng)
        if i >= which.start:
            yield item


def play(g, *moves):
    """Play the given moves (text or Move) in order; return the state."""
    for m in moves:
        g.play(m)
    return g


def moves(g):
    """The legal moves in notation."""
    return [str(m) for m in g.legal_moves()]


def finish(match, state):
    """Put a hand-built, finished round into a match and carry it."""
    match.state = state
    match._last_active = list(match.active)
    return match.finish_round()


def hands(g):
    """Every player's tiles, as lists."""
    return [list(g.hand(p)) for p in range(g.players)]


def pips(tiles):
    """Total pips, counted without the engine."""
    return sum(t.low + t.high for t in tiles)


def teams(g):
    """The teams as tuples of players: partners sit opposite in a four-player pairs game."""
    if g.rules.pairs and g.players == 4:
        return [(0, 2), (1, 3)]
    return [(p,) for p in range(g.players)]


def finisher(hand_lists):
    """The player who went out (an empty hand), or None."""
    empty = [p for p, h in enumerate(hand_lists) if not h]
    assert len(empty) <= 1
    return empty[0] if empty else None
