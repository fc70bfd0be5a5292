"""Trains: a hub double with one train per player and the public Mexican train.

The lead puts the round's engine double in the hub; every train starts at the
hub's number and grows outward one tile at a time. The ends are named ``T1`` …
``T8`` (player 1's train, …) and ``M`` (the Mexican train; absent when the
rules say ``public_train=False``). A double at the end of a train is
*unsatisfied* until a tile covers it; while one is, it is the only open end
(docs/rules.md, "Mexican train": a double must be satisfied before any other
play). A double can only be unsatisfied if it was the tile placed last (no
other play is allowed until it is covered), so the layout tells it from its
own placements and push/pop keeps it right.

Which trains a player may use (his own, the Mexican train, a marked train) is
the variant's rule, not the layout's: the layout's open ends are every train.

>>> from dominolab import Tile
>>> lay = TrainLayout(); lay.seat(2); lay.place(Tile(12, 12), None)
>>> lay.open_ends()
[('T1', 12), ('T2', 12), ('M', 12)]
>>> lay.place(Tile(5, 12), "T1"); lay.place(Tile(5, 5), "T1"); lay.open_ends()
[('T1', 5)]
>>> lay.pending_double(), lay.pop(), lay.pending_double()
('T1', Tile(5, 5), None)
>>> lay.trains()["T1"]
[(12, 5)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import IllegalMove
from ..i18n import N_, tr
from ..tiles import Tile
from .layout import Layout, RuleOptions
from .moves import MAX_PLAYERS

__all__ = ["MEXICAN", "TrainLayout", "train_name"]

#: The end name of the public Mexican train.
MEXICAN = "M"


def train_name(player: int) -> str:
    """The end name of ``player``'s own train (0-based player: ``T1`` is player 0's)."""
    return f"T{player + 1}"


class TrainLayout(Layout):
    """A hub with trains: :meth:`seat` fixes the number of players (one train each)."""

    kind = "train"
    takes_locomotives = True
    # catalog messages (written out, so the extractor finds each): the boards translate them
    end_words: dict[str | None, str] = {
        None: N_("the hub"), MEXICAN: N_("the Mexican train"),
        **dict(zip((train_name(p) for p in range(MAX_PLAYERS)), (
            N_("P1's train"), N_("P2's train"), N_("P3's train"), N_("P4's train"),
            N_("P5's train"), N_("P6's train"), N_("P7's train"), N_("P8's train"))))}
    __slots__ = ("mexican", "_names", "_hub", "_trains", "_laid", "_order")

    def __init__(self, mexican: bool = True) -> None:
        self.mexican = mexican
        self._names: tuple[str, ...] = ()
        self._hub = -1                                   # the engine double's number
        self._trains: dict[str, list[tuple[int, int]]] = {}   # (inner, outer) outward
        # the tiles as laid, beside their pairs: a locomotive tile (Super-train) is not
        # its pair of numbers
        self._laid: dict[str, list[Tile]] = {}
        self._order: list[str] = []                      # "S" (the hub) or a train name
        self.seat(MAX_PLAYERS)        # until the round seats its players

    @classmethod
    def for_rules(cls, rules: RuleOptions) -> TrainLayout:
        """A new empty hub; reads the rule option ``public_train`` (is there a public train?)."""
        return cls(bool(rules.opt("public_train", True)))

    def seat(self, players: int) -> None:
        """One train per player (and the Mexican train); only on an empty table."""
        if self._order:
            raise IllegalMove(tr("the trains are seated before the engine double is placed"))
        if not 1 <= players <= MAX_PLAYERS:
            raise IllegalMove(tr("trains are for 1 to {n} players, not {k}").format(n=MAX_PLAYERS,
                                                                                  k=players))
        self._names = tuple(train_name(p) for p in range(players)) + (
            (MEXICAN,) if self.mexican else ())
        self._trains = {n: [] for n in self._names}
        self._laid = {n: [] for n in self._names}

    # -- queries -------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._order)

    def is_empty(self) -> bool:
        return not self._order

    @property
    def hub(self) -> int | None:
        """The engine double's number (None before it is placed)."""
        return self._hub if self._order else None

    def names(self) -> tuple[str, ...]:
        """Every train's end name, the players' first, then ``M``."""
        return self._names

    def trains(self) -> dict[str, list[tuple[int, int]]]:
        """Each train's tiles as oriented pairs (inner, outer), from the hub outward."""
        return {n: list(t) for n, t in self._trains.items()}

    def train_tiles(self) -> dict[str, list[Tile]]:
        """Each train's tiles as laid, from the hub outward (locomotive tiles included:
        :meth:`trains` gives the numbers each one joins)."""
        return {n: list(t) for n, t in self._laid.items()}

    def train_end(self, name: str) -> int:
        """The number showing at the end of train ``name``."""
        t = self._trains[name]
        return t[-1][1] if t else self._hub

    def pending_double(self) -> str | None:
        """The train ending in an unsatisfied double (the tile placed last), or None."""
        if not self._order:
            return None
        last = self._order[-1]
        if last == "S":
            return None
        return last if self._laid[last][-1].is_double else None

    def open_ends(self) -> list[tuple[str, int]]:
        if not self._order:
            return []
        pend = self.pending_double()
        if pend is not None:
            return [(pend, self.train_end(pend))]
        return [(n, self.train_end(n)) for n in self._names]

    def fits(self, tile: Tile, end: str | None) -> bool:
        if end is None:
            return not self._order and tile.is_double
        for e, k in self.open_ends():
            if e == end:
                return tile.has(k)
        return False

    def end_masks(self, suit_masks: Sequence[int]) -> list[tuple[str, int]]:
        return [(e, suit_masks[k]) for e, k in self.open_ends()]

    def placements(self, tiles: Iterable[Tile]) -> list[tuple[Tile, str]]:
        ends = self.open_ends()
        return [(t, e) for t in tiles for e, k in ends if t.has(k)]

    # -- push / pop ----------------------------------------------------------
    def place(self, tile: Tile, end: str | None) -> None:
        if end is None:
            if self._order:
                raise IllegalMove(tr("cannot place {tile} in the hub: the engine is down").format(
                    tile=tile))
            if not tile.is_double:
                raise IllegalMove(tr("the hub takes a double (the engine), not {tile}").format(
                    tile=tile))
            self._hub = tile.low
            self._order.append("S")
            return
        if not self._order:
            raise IllegalMove(tr("{tile}>{end}: the engine double is not placed yet").format(
                tile=tile, end=end))
        if end not in self._trains:
            raise IllegalMove(tr("there is no train {end}; trains: {trains}").format(
                end=repr(end), trains=", ".join(self._names)))
        pend = self.pending_double()
        if pend is not None and pend != end:
            raise IllegalMove(tr("{tile}>{end}: the double on {train} must be satisfied first").format(
                tile=tile, end=end, train=pend))
        k = self.train_end(end)
        if not tile.has(k):
            raise IllegalMove(tr("{tile} does not match the end of {end} ({k})").format(
                tile=tile, end=end, k=k))
        self._trains[end].append((k, tile.other(k)))
        self._laid[end].append(tile)
        self._order.append(end)

    def pop(self) -> Tile:
        if not self._order:
            raise IllegalMove(tr("the table is empty: nothing to take back"))
        end = self._order.pop()
        if end == "S":
            hub, self._hub = self._hub, -1
            return Tile(hub, hub)
        self._trains[end].pop()
        return self._laid[end].pop()

    def end_sum(self) -> int:
        """The open ends' sum (no train game scores it; kept for the interface)."""
        return sum(k for _, k in self.open_ends())

    def key(self) -> tuple[object, ...]:
        if not self._order:
            return ()
        return (self._hub, self.pending_double(),
                tuple(self.train_end(n) for n in self._names))

    def pairs(self) -> list[tuple[int, int]]:
        """The hub, then each train from the hub outward."""
        if not self._order:
            return []
        out = [(self._hub, self._hub)]
        for n in self._names:
            out.extend(self._trains[n])
        return out

    def segments(self) -> list[list[tuple[int, int]]]:
        """The hub, then one segment per train (empty trains included, in name order)."""
        if not self._order:
            return []
        return [[(self._hub, self._hub)]] + [list(self._trains[n]) for n in self._names]

    def history(self) -> list[tuple[Tile, str | None]]:
        """Every placement in the order made (the hub as ``None``)."""
        count = {n: 0 for n in self._names}
        out: list[tuple[Tile, str | None]] = []
        for e in self._order:
            if e == "S":
                out.append((Tile(self._hub, self._hub), None))
            else:
                out.append((self._laid[e][count[e]], e))
                count[e] += 1
        return out

    def down_mask(self) -> int:
        """The tiles on the table as a bitmask (the hub and every tile as laid)."""
        if not self._order:
            return 0
        m = 1 << Tile(self._hub, self._hub).index
        for laid in self._laid.values():
            for t in laid:
                m |= 1 << t.index
        return m

    def check(self) -> list[str]:
        """Consistency for the invariant checker: every train connected to the hub, and a
        double always covered by the very next placement, on its own train."""
        errs: list[str] = []
        if not self._order:
            return errs
        if self._order[0] != "S" or self._order.count("S") != 1:
            errs.append("the hub is not the first and only lead")
        for n in self._names:
            prev = self._hub
            for j, (a, b) in enumerate(self._trains[n]):
                if a != prev:
                    errs.append(f"train {n} broken at tile {j + 1}")
                prev = b
        hist = self.history()
        for (t, e), (_, e2) in zip(hist[1:], hist[2:]):
            if t.is_double and e2 != e:
                errs.append(f"the double {t} on {e} was not satisfied before a play on {e2}")
        return errs

    def copy(self) -> TrainLayout:
        new = TrainLayout(self.mexican)
        new._names = self._names
        new._hub = self._hub
        new._trains = {n: list(t) for n, t in self._trains.items()}
        new._laid = {n: list(t) for n, t in self._laid.items()}
        new._order = list(self._order)
        return new

    def to_json(self) -> dict[str, Any]:
        """Kind, hub, trains (name -> tiles outward), open ends, the unsatisfied double."""
        return {
            "kind": self.kind,
            "tiles": [list(p) for p in self.pairs()],
            "segments": [[list(p) for p in s] for s in self.segments()],
            "hub": self.hub,
            "trains": {n: [list(p) for p in t] for n, t in self._trains.items()},
            "ends": [[e, k] for e, k in self.open_ends()],
            "pending": self.pending_double(),
            "laid": {n: [str(t) for t in t_] for n, t_ in self._laid.items()},
            "gap": None,
        }

    def __repr__(self) -> str:
        if not self._order:
            return "TrainLayout(empty)"
        body = "; ".join(f"{n}: " + " ".join(f"{a}:{b}" for a, b in self._trains[n])
                         for n in self._names if self._trains[n])
        return f"TrainLayout(hub {self._hub}:{self._hub}; {body})"
