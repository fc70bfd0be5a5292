"""Tien Gow (天九, "Heaven and Nine"): the four-player trick-taking game of Chinese dominoes.

The rules, and where they are read (the rules reference ``docs/rules.md`` lists them
with their sources; *reading* and *convention* mark what the sources leave open):

- Four players, eight tiles each; the banker leads the first trick; play goes round
  counter-clockwise (seats here are numbered in that order, so the next player is
  ``seat + 1``). (Pagat «Tien Gow»; English Wikipedia «Tien Gow»)
- The leader plays one tile, or a valid *set* of two, three or four tiles. Each other
  player in turn plays as many tiles, face up if they beat the best set so far, otherwise
  face down; no one has to follow suit or to beat. (Pagat; Wikipedia)
- A single is beaten only by a higher tile of its suit (civil: Heaven, Earth, Man,
  Harmony, Plum Flower, Long Three, Bench, Tiger's Head, Red Head Ten, Long Leg Seven,
  Red Mallet Six; military: nines, eights, sevens, the 2:4, fives, the 1:2). Tiles of
  equal rank do not beat each other: the first played holds the trick.
- Pairs: civil pairs (twins), military pairs (nines, eights, sevens, fives), mixed pairs
  (Heaven with a nine, Earth with an eight, Man with a seven, Harmony with a five), and
  the Supreme pair 1:2 + 2:4, unbeatable when led and a discard when not. Each pair is
  beaten only by a higher pair of its own kind. (Wikipedia «Tien Gow», Playing Heaven
  and Nine)
- Triplets and quartets only of Heavens and nines, Earths and eights, Men and sevens,
  Harmonies and fives; a triplet of two civil tiles and one military is beaten only by
  another such, and likewise two military and one civil. (Wikipedia)
- The winner of a trick takes it and leads the next; a trick of n tiles a player counts
  as n tricks. Whoever takes the last trick wins the round and is the next banker.
  A player who has taken no trick before a last trick of one tile cannot take it ("early
  death": Wikipedia; on by default, ``early_death=False`` turns it off).
- Scoring (Pagat; reading as summarised in navpil's «Tien Gow»): every other player
  pays the winner 4 less his tricks (a player with more than four is paid the
  difference by the winner), and 5 if he took none; every payment to or from the
  banker is doubled.

>>> g = TienGow(seed=4)
>>> g.players, [len(g.hand(p)) for p in range(4)], g.turn == g.banker
(4, [8, 8, 8, 8], True)
>>> m = g.legal_moves()[0]; g.push(m); _ = g.pop(); len(g.hand(g.banker))
8
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..errors import GameOver, IllegalMove, InvalidSet, WrongPlayer
from .tiles import CHINESE_SET, CIVIL, ChineseTile, chinese_tile

__all__ = ["TienGow", "TienGowMove", "TienGowResult", "TienGowMatch", "classify",
           "SetKind", "PLAYERS", "HAND_SIZE", "describe_set"]

PLAYERS = 4
HAND_SIZE = 8
FACES = CHINESE_SET.faces

# civil rank -> the military rank it goes with in mixed sets: Heaven-nine, Earth-eight,
# Man-seven, Harmony-five (the military ranks run nine 1, eight 2, seven 3, 2:4 4, five 5)
_MATE = {1: 1, 2: 2, 3: 3, 4: 5}
_MILITARY_PAIRS = (1, 2, 3, 5)


@dataclass(frozen=True)
class SetKind:
    """What a group of tiles is, as the rules see it: ``kind`` and ``shape`` say what can
    beat it (the same kind and shape), ``rank`` how strong it is (1 is the strongest).

    >>> classify(["6:6", "4:5"])
    SetKind(kind='pair', shape='mixed', rank=1)
    """

    kind: str          # single, pair, triplet, quartet
    shape: str         # single: civil/military; pair: civil/military/mixed/supreme;
    #                    triplet: 2 civil 1 military / 1 civil 2 military; quartet: mixed
    rank: int

    def beats(self, other: SetKind) -> bool:
        """Whether this set, played after ``other``, takes the trick from it."""
        return (self.kind, self.shape) == (other.kind, other.shape) and self.rank < other.rank \
            and self.shape != "supreme"


def _classify(idx: tuple[int, ...]) -> SetKind | None:
    tiles = [FACES[i] for i in idx]
    civil = sorted(t.rank for t in tiles if t.suit == CIVIL)
    mil = sorted(t.rank for t in tiles if t.suit != CIVIL)
    n = len(tiles)
    if n == 1:
        t = tiles[0]
        return SetKind("single", t.suit, t.rank)
    if n == 2:
        if len(civil) == 2 and civil[0] == civil[1]:
            return SetKind("pair", "civil", civil[0])
        if len(mil) == 2:
            if set(idx) == {_index("1:2"), _index("2:4")}:
                return SetKind("pair", "supreme", 0)
            if mil[0] == mil[1] and mil[0] in _MILITARY_PAIRS and idx[0] != idx[1]:
                return SetKind("pair", "military", mil[0])
            return None
        if len(civil) == 1 and _MATE.get(civil[0]) == mil[0]:
            return SetKind("pair", "mixed", civil[0])
        return None
    if not civil or not mil or len(set(civil)) != 1 or len(set(mil)) != 1:
        return None
    c, m = civil[0], mil[0]
    if _MATE.get(c) != m:
        return None
    if n == 3:
        shape = "2 civil 1 military" if len(civil) == 2 else "1 civil 2 military"
        return SetKind("triplet", shape, c)
    if n == 4 and len(civil) == 2 and len(mil) == 2:
        return SetKind("quartet", "mixed", c)
    return None


@lru_cache(maxsize=None)
def _index(text: str) -> int:
    return chinese_tile(text).index


def classify(tiles: Iterable[object]) -> SetKind | None:
    """The set the tiles make (see :class:`SetKind`), or None if they make no valid set.

    >>> classify(["1:1", "1:1", "3:5"]), classify(["6:6", "4:4"])
    (SetKind(kind='triplet', shape='2 civil 1 military', rank=2), None)
    >>> classify(["1:2", "2:4"]).shape, classify(["1:2", "1:4"])
    ('supreme', None)
    """
    return _classify(tuple(sorted(chinese_tile(t).index for t in tiles)))


def _all_sets() -> list[tuple[tuple[int, ...], SetKind]]:
    pool = [t.index for t in FACES for _ in range(t.copies)]
    out = []
    for n in range(1, 5):
        for combo in sorted(set(combinations(pool, n))):
            kind = _classify(combo)
            if kind is not None:
                out.append((combo, kind))
    return out


#: every valid set of the game (multisets of face indices) with what it is
SETS = _all_sets()

def describe_set(tiles: Iterable[object]) -> str:
    """A set in words, for logs and screen readers.

    >>> describe_set(["6:6", "6:6"]), describe_set(["4:5"]), describe_set(["1:2", "2:4"])
    ('pair of Heaven', 'Nine (4:5)', 'Supreme pair')
    >>> describe_set(["1:1", "3:5", "2:6"]), describe_set(["6:6", "4:5"])
    ('triplet: Earth and two eights', 'mixed pair: Heaven and a nine')
    """
    ts = sorted(chinese_tile(t) for t in tiles)
    kind = classify(ts)
    if kind is None:
        return " ".join(str(t) for t in ts)
    if kind.kind == "single":
        return ts[0].name
    if kind.shape == "supreme":
        return "Supreme pair"
    civil = [t for t in ts if t.suit == CIVIL]
    mil = [t for t in ts if t.suit != CIVIL]
    if not mil:
        return f"pair of {civil[0].english}"
    if not civil:
        return f"pair of {mil[0].english.lower()}s"
    word = mil[0].english.lower()
    c = civil[0].english if len(civil) == 1 else f"two {civil[0].english}s"
    m = (("an " if word[0] in "aeiou" else "a ") + word) if len(mil) == 1 else f"two {word}s"
    what = "mixed pair" if kind.kind == "pair" else kind.kind
    return f"{what}: {c} and {m}"


@dataclass(frozen=True)
class TienGowMove:
    """A play: ``tiles`` (sorted) by ``player``, face up (a lead or a set that beats the
    trick) or face down (a discard)."""

    player: int
    tiles: tuple[ChineseTile, ...]
    face_up: bool = True

    def __str__(self) -> str:
        text = " ".join(str(t) for t in self.tiles)
        return f"P{self.player + 1} {text}" + ("" if self.face_up else " (face down)")


@dataclass(frozen=True)
class TienGowResult:
    """The end of a round: who took the last trick, the tricks, and the payments."""

    winner: int
    banker: int
    tricks: tuple[int, ...]
    payments: tuple[int, ...]      # what each seat gains (the winner's is positive)

    def lines(self, names: Sequence[str] | None = None) -> list[str]:
        """The scoring, one line per seat, in words."""
        names = list(names or [f"P{i + 1}" for i in range(PLAYERS)])
        out = [f"{names[self.winner]} took the last trick and wins the round."]
        for p in range(PLAYERS):
            if p == self.winner:
                continue
            t = self.tricks[p]
            base = 5 if t == 0 else 4 - t
            how = "no trick: pays 5" if t == 0 else (
                f"{t} trick{'s' * (t != 1)}: pays 4 - {t} = {base}" if base >= 0
                else f"{t} tricks: is paid {t} - 4 = {-base}")
            double = " (banker: doubled)" if self.banker in (p, self.winner) else ""
            out.append(f"{names[p]}: {how}{double} -> {self.payments[p]:+d}")
        out.append(f"{names[self.winner]}: {self.payments[self.winner]:+d}")
        return out


def _score(winner: int, banker: int, tricks: Sequence[int]) -> tuple[int, ...]:
    pay = [0] * PLAYERS
    for p in range(PLAYERS):
        if p == winner:
            continue
        amount = 5 if tricks[p] == 0 else 4 - tricks[p]
        if banker in (p, winner):
            amount *= 2
        pay[p] -= amount
        pay[winner] += amount
    return tuple(pay)


class TienGow:
    """One round of Tien Gow: deal, tricks, result. Play forward with :meth:`push`, back
    with :meth:`pop`; :meth:`copy` is cheap. Hands are sorted tuples of ChineseTiles.

    ``hands`` deals given hands (four lists of eight tiles) instead of shuffling.
    """

    def __init__(self, banker: int = 0, seed: int | None = None,
                 hands: Sequence[Iterable[object]] | None = None, early_death: bool = True):
        if not 0 <= banker < PLAYERS:
            raise IllegalMove(f"the banker is seat 0 to 3, not {banker}")
        if hands is None:
            tiles = [t.index for t in CHINESE_SET.tiles]
            random.Random(seed).shuffle(tiles)
            dealt = [tiles[HAND_SIZE * p: HAND_SIZE * (p + 1)] for p in range(PLAYERS)]
        else:
            dealt = [[chinese_tile(t).index for t in h] for h in hands]
            if len(dealt) != PLAYERS or any(len(h) != HAND_SIZE for h in dealt):
                raise InvalidSet("a Tien Gow deal is four hands of eight tiles")
            CHINESE_SET.check([FACES[i] for h in dealt for i in h], "the deal")
        self.counts = [[0] * len(FACES) for _ in range(PLAYERS)]
        for p, h in enumerate(dealt):
            for i in h:
                self.counts[p][i] += 1
        self.banker = banker
        self.early_death = early_death
        self.leader = banker
        self.turn = banker
        self.trick: list[tuple[int, tuple[int, ...], bool]] = []
        self.best: tuple[int, SetKind] | None = None
        self.tricks = [0] * PLAYERS
        self.won: list[list[int]] = [[] for _ in range(PLAYERS)]
        #: the finished tricks: (leader, the four plays, winner)
        self.done: list[tuple[int, tuple[tuple[int, tuple[int, ...], bool], ...], int]] = []
        self._undo: list[tuple[tuple[int, SetKind] | None, int, bool]] = []

    players = PLAYERS

    # -- reading the position -------------------------------------------------------
    def hand(self, p: int) -> tuple[ChineseTile, ...]:
        """Seat ``p``'s tiles, strongest first."""
        return tuple(FACES[i] for i, k in enumerate(self.counts[p]) for _ in range(k))

    def tiles_left(self, p: int) -> int:
        return sum(self.counts[p])

    @property
    def finished(self) -> bool:
        return all(self.tiles_left(p) == 0 for p in range(PLAYERS)) and not self.trick

    @property
    def trick_size(self) -> int:
        """Tiles per player in the trick being played (0 before the lead)."""
        return len(self.trick[0][1]) if self.trick else 0

    @property
    def is_last_trick(self) -> bool:
        """Whether the trick under way (or about to be led) empties the hands."""
        if not self.trick:
            return False
        lead_seat, lead, _ = self.trick[0]
        return self.tiles_left(lead_seat) == 0

    def copy(self) -> TienGow:
        g = object.__new__(TienGow)
        g.counts = [list(c) for c in self.counts]
        g.banker, g.early_death, g.leader, g.turn = (self.banker, self.early_death,
                                                      self.leader, self.turn)
        g.trick = list(self.trick)
        g.best = self.best
        g.tricks = list(self.tricks)
        g.won = [list(w) for w in self.won]
        g.done = list(self.done)
        g._undo = list(self._undo)
        return g

    # -- moves ----------------------------------------------------------------------
    def _has(self, p: int, idx: tuple[int, ...]) -> bool:
        need: dict[int, int] = {}
        for i in idx:
            need[i] = need.get(i, 0) + 1
        return all(self.counts[p][i] >= k for i, k in need.items())

    def _barred(self, p: int) -> bool:
        """Early death: seat p, with no trick yet, cannot take a last trick of one tile."""
        return (self.early_death and self.tricks[p] == 0 and self.trick_size == 1
                and self.is_last_trick)

    def legal_moves(self) -> list[TienGowMove]:
        """Every legal play for the player to move: leads (face up), or sets that beat the
        trick (face up) and every discard of the right size (face down)."""
        if self.finished:
            return []
        p = self.turn
        if not self.trick:
            return [TienGowMove(p, tuple(FACES[i] for i in combo))
                    for combo, _ in SETS if self._has(p, combo)]
        n = self.trick_size
        out = []
        if self.best is not None and not self._barred(p):
            best = self.best[1]
            out = [TienGowMove(p, tuple(FACES[i] for i in combo))
                   for combo, kind in SETS if len(combo) == n and kind.beats(best)
                   and self._has(p, combo)]
        pool = [i for i, k in enumerate(self.counts[p]) for _ in range(k)]
        out += [TienGowMove(p, tuple(FACES[i] for i in combo), face_up=False)
                for combo in sorted(set(combinations(pool, n)))]
        return out

    def check(self, move: TienGowMove) -> None:
        """Raise the reason if ``move`` is not legal now (nothing changes)."""
        if self.finished:
            raise GameOver("the round is over: start the next one")
        if move.player != self.turn:
            raise WrongPlayer(f"it is P{self.turn + 1}'s turn, not P{move.player + 1}'s")
        idx = tuple(sorted(t.index for t in move.tiles))
        if not idx:
            raise IllegalMove("a play has at least one tile")
        if not self._has(move.player, idx):
            raise IllegalMove(f"P{move.player + 1} does not hold "
                              + " ".join(str(t) for t in move.tiles))
        kind = _classify(idx)
        if not self.trick:
            if not move.face_up:
                raise IllegalMove("the lead is played face up")
            if kind is None:
                raise IllegalMove(f"{' '.join(str(t) for t in move.tiles)} is not a set that "
                                  "can be led: a single tile, or a pair, triplet or quartet "
                                  "the rules name")
            return
        n = self.trick_size
        if len(idx) != n:
            raise IllegalMove(f"the trick was led with {n} tile{'s' * (n > 1)}: play {n}")
        if move.face_up:
            assert self.best is not None
            if self._barred(move.player):
                raise IllegalMove("early death: with no trick taken, you cannot take the "
                                  "last trick; play it face down")
            if kind is None or not kind.beats(self.best[1]):
                raise IllegalMove(f"{describe_set(move.tiles)} does not beat "
                                  f"{describe_set(self._best_tiles())}: play face down")

    def _best_tiles(self) -> tuple[ChineseTile, ...]:
        assert self.best is not None
        seat = self.best[0]
        for s, idx, up in self.trick:
            if s == seat and up:
                return tuple(FACES[i] for i in idx)
        return ()

    def play(self, move: TienGowMove) -> None:
        """Check and make a move (an illegal one raises and changes nothing)."""
        self.check(move)
        self.push(move)

    def push(self, move: TienGowMove) -> None:
        """Make a legal move (unchecked: the search's hot path; use :meth:`play` for input)."""
        p = move.player
        idx = tuple(sorted(t.index for t in move.tiles))
        for i in idx:
            self.counts[p][i] -= 1
        prev_best, prev_turn = self.best, self.turn
        self.trick.append((p, idx, move.face_up))
        if move.face_up:
            kind = _classify(idx)
            assert kind is not None
            self.best = (p, kind)
        closed = len(self.trick) == PLAYERS
        if closed:
            assert self.best is not None
            winner = self.best[0]
            n = len(idx)
            self.tricks[winner] += n
            for _, tiles, _ in self.trick:
                self.won[winner].extend(tiles)
            self.done.append((self.leader, tuple(self.trick), winner))
            self.trick = []
            self.best = None
            self.leader = self.turn = winner
        else:
            self.turn = (p + 1) % PLAYERS
        self._undo.append((prev_best, prev_turn, closed))

    def pop(self) -> TienGowMove:
        """Take back the last move and return it."""
        if not self._undo:
            raise IllegalMove("nothing to take back")
        prev_best, prev_turn, closed = self._undo.pop()
        if closed:
            leader, plays, winner = self.done.pop()
            n = len(plays[0][1])
            self.tricks[winner] -= n
            del self.won[winner][len(self.won[winner]) - n * PLAYERS:]
            self.trick = list(plays)
            self.leader = leader
        p, idx, up = self.trick.pop()
        for i in idx:
            self.counts[p][i] += 1
        self.best, self.turn = prev_best, prev_turn
        return TienGowMove(p, tuple(FACES[i] for i in idx), up)

    @property
    def moves_made(self) -> int:
        return len(self._undo)

    # -- the end --------------------------------------------------------------------
    def result(self) -> TienGowResult | None:
        """The round's result once every trick is played, else None."""
        if not self.finished:
            return None
        winner = self.done[-1][2]
        return TienGowResult(winner, self.banker, tuple(self.tricks),
                             _score(winner, self.banker, self.tricks))

    def __repr__(self) -> str:
        return (f"<TienGow banker=P{self.banker + 1} turn=P{self.turn + 1} "
                f"tricks={self.tricks} {'finished' if self.finished else 'in play'}>")

    def _repr_svg_(self) -> str:
        from ..render.chinese import tien_gow_svg  # noqa: PLC0415 - drawn on demand

        return tien_gow_svg(self)


class TienGowMatch:
    """Rounds in a row: the winner of each round banks the next; scores add up.

    >>> m = TienGowMatch(seed=3)
    >>> m.state.banker in range(4), m.scores
    (True, [0, 0, 0, 0])
    """

    def __init__(self, seed: int | None = None, banker: int | None = None,
                 early_death: bool = True):
        self.rng = random.Random(seed)
        self.early_death = early_death
        self.scores = [0] * PLAYERS
        self.results: list[TienGowResult] = []
        first = self.rng.randrange(PLAYERS) if banker is None else banker   # by lot
        self.state = TienGow(first, seed=self.rng.randrange(2**32), early_death=early_death)

    def next_round(self) -> TienGow:
        """Score the finished round and deal the next, banked by its winner."""
        res = self.state.result()
        if res is None:
            raise IllegalMove("the round is not over yet")
        self.results.append(res)
        for p in range(PLAYERS):
            self.scores[p] += res.payments[p]
        self.state = TienGow(res.winner, seed=self.rng.randrange(2**32),
                             early_death=self.early_death)
        return self.state
