"""Mexican train (Мексиканский поезд): a hub, one train per player, a public train.

Rules implemented (docs/rules.md, "Mexican train"; the Russian Wikipedia article
«Домино» gives only the outline — a double-6 … double-18 set, usually double-9 or
double-12, each player building his own train from the central engine double,
one common Mexican train, locomotive markers — so the rest follows the common
published rules, and every point the source does not settle is named a reading):

1. Set: double-12 by default (``set_max`` 6 … 18 allowed). Hands: 15 tiles
   each for 2–4 players, 12 for 5–6, 10 for 7–8 (the common published table,
   for the double-12 set). Another set takes the table scaled to its size
   (``hand_table="scaled"``, chosen automatically for a set other than
   double-12 — a reading, no published table is followed there).
2. Rounds: the engine double of round ``r`` (counted from 0) is the highest
   double of the set minus ``r`` — 12:12, 11:11, …, 0:0, one round each, so a
   double-12 match is 13 rounds (``Rules.match_deals``); option
   ``engine_order="ascending"`` plays 0:0 first.
3. Opening: the holder of the engine double places it in the hub as his turn;
   when it is in the boneyard the players draw one tile each in turn, starting
   from the round's first player (reading: P1 in round 1, then moving left
   each round), until one draws it and places it.
4. A play goes on the player's own train (``T1`` is P1's), on the Mexican train
   (``M``), or on any train whose owner's marker is out. A player who cannot
   play draws one tile (``draw="one"``); if it fits he may play it, otherwise he
   passes, and passing puts his marker out on his own train. Playing on his own
   train takes his marker back.
5. A double must be satisfied (covered) before any other play, by anyone, in
   turn: while a train ends in a double, that end is the only place to play
   (whatever its owner's marker). The player who laid the double plays again
   to satisfy it (``double_again=True``; a reading of "a double must be
   satisfied first": off, the next player must satisfy it); a player who
   cannot satisfy it draws, then passes and puts out his marker.
6. The round ends when a player goes out, or when nobody can play and nothing
   can be drawn (a blocked round). Everybody else scores the pips left in hand
   as penalties; a 0:0 left in hand counts ``zero_double`` (0 by default; 25 or
   50 as options). The lowest total after every round wins the match.
7. Option ``public_train=False``: no public train (own and marked trains only).
8. Option ``first_train=True`` (a house rule of the published sheets; off by default):
   on his first turn of the round a player may lay a whole train on his own train in
   one move (tiles joined as in play; a double inside it is covered by the next tile of
   the train, a double at its end must be satisfied as usual). Locomotive tiles (rule 9)
   are laid one at a time, never in such a train (a reading).
9. Option ``super_train=True`` — Super-train (the Russian Wikipedia article «Домино»
   names its extra tiles and no rule for them; everything here is the project's reading,
   docs/rules.md, "Super-train"): the set gains 21 locomotive tiles for double-12
   (:func:`~dominolab.tiles.locomotive_tiles`). A locomotive fits any end; the end then
   shows the tile's number (``L:5``) or what it showed before (``L:L``, a letter). Two
   locomotives may go on any train, marked or not (``loco_any_train``). A letter calls
   for its action (only the letters in ``super_letters``; another letter is a plain
   locomotive): A — play again; S — the next player misses his turn; D — the next
   player draws two; X — every other player draws one; M — the player's marker comes
   back; O — the next player's marker goes out; E — every marker comes back. A
   locomotive tile left in hand counts its number plus ``loco_points`` (25).

>>> from dominolab.games import new_round
>>> g = new_round("mexican_train", hands=["12:12 3:12 3:3 0:6", "12:5 5:6 1:2"],
...               boneyard="0:1 0:2 0:4")
>>> g.current_player, [str(m) for m in g.legal_moves()]
(0, ['P1 12:12'])
>>> g.play("12:12"); [str(m) for m in g.legal_moves()]
['P2 5:12>T2', 'P2 5:12>M']
>>> for m in ["5:12>M", "3:12>T1", "5:6>M", "3:3>T1"]: g.play(m)
>>> g.current_player, g.open_ends()          # P1 laid a double: he plays again, on it
(0, [('T1', 3)])
>>> g.play("draw"); g.play("pass"); sorted(markers(g))     # no 3: his marker goes out
[0]
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from ...errors import UnknownOption
from ...i18n import tr
from ...tiles import LOCO, LOCO_LETTERS, Hand, LocoTile, Tile
from ..moves import Move
from ..rules import Opening, RoundContext, RoundResult, Rules, ScoringView, base_result, lightest
from ..state import GameState
from ..train_layout import MEXICAN, TrainLayout, train_name

#: The common published hand table (for the double-12 set): players -> tiles each.
STANDARD_HANDS = ((2, 15), (3, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10))
_STANDARD_SIZE = 91


def hand_table(set_max: int, table: str) -> tuple[tuple[int, int], ...]:
    """The hand sizes for a double-``set_max`` set: ``"standard"`` (the published table)
    or ``"scaled"`` (that table scaled to the set's size, at least one tile each, always
    leaving a boneyard — a reading).

    >>> hand_table(6, "scaled")[:3]
    ((2, 4), (3, 4), (4, 4))
    """
    if table == "standard":
        return STANDARD_HANDS
    size = (set_max + 1) * (set_max + 2) // 2
    out = []
    for n, k in STANDARD_HANDS:
        m = max(1, k * size // _STANDARD_SIZE)
        while m > 1 and n * m >= size:
            m -= 1
        out.append((n, m))
    return tuple(out)


def engine_double(rules: Rules, round_no: int) -> Tile:
    """The engine double of round ``round_no`` (0-based): highest first by default."""
    n = rules.set_max
    k = round_no % (n + 1)
    v = k if rules.opt("engine_order") == "ascending" else n - k
    return Tile(v, v)


def train_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                  ctx: RoundContext) -> Opening:
    """Rule 3: the holder of the round's engine double places it."""
    engine = engine_double(rules, ctx.round_no)
    for p, h in enumerate(deal):
        if engine in h:
            return Opening(p, (engine,), why=tr("{tile} is the engine (held by P{k})").format(
                tile=engine, k=p + 1))
    first = ctx.round_no % len(deal)
    return Opening(first, (engine,), why=tr("{tile} is the engine; nobody holds it: everybody "
                                            "draws in turn from P{k}").format(tile=engine,
                                                                              k=first + 1))


#: markers() read so far, by history list: (that list, the moves read, the markers and
#: whether the engine was down after each); the last few rounds only (a search keeps one
#: history and plays and undoes on it)
_MARKERS_READ: OrderedDict[int, tuple[list[Move], tuple[Move, ...],
                                      tuple[tuple[frozenset[int], bool], ...]]] = OrderedDict()
_MARKERS_KEPT = 64


def markers(state: GameState) -> set[int]:
    """The players whose marker is out (rule 4): each passed since the engine was placed
    and has not played on his own train since.

    Read from the history move by move. What was read is kept for the last few histories
    (``_MARKERS_READ``), so a call reads only the moves added since the last one; the
    moves kept are compared with the history by identity, so after an undo, or another
    move in its place, the history is read again from there.
    """
    hist = state.history
    entry = _MARKERS_READ.get(id(hist))
    seen: tuple[Move, ...] = ()
    after: tuple[tuple[frozenset[int], bool], ...] = ()
    if entry is not None and entry[0] is hist:
        seen, after = entry[1], entry[2]
        _MARKERS_READ.move_to_end(id(hist))
    k = 0
    n = min(len(seen), len(hist))
    while k < n and seen[k] is hist[k]:
        k += 1
    if k == len(hist) == len(seen):
        return set(after[-1][0]) if after else set()
    new_seen, new_after = list(seen[:k]), list(after[:k])
    out: set[int] = set(after[k - 1][0]) if k else set()
    lead_seen = after[k - 1][1] if k else False
    letters = active_letters(state.rules)
    for m in hist[k:]:
        p = m.player
        assert p is not None          # moves on the history are attributed
        if m.kind == "play":
            if lead_seen:
                own = train_name(p)
                if any(e == own for _, e in m.placements):
                    out.discard(p)
                for t, _ in m.placements:         # Super-train's marker letters (rule 9)
                    c = letter_of(t, letters)
                    if c == "M":
                        out.discard(p)
                    elif c == "O":
                        out.add((p + 1) % state.players)
                    elif c == "E":
                        out.clear()
            lead_seen = True
        elif m.kind == "pass" and lead_seen:
            out.add(p)
        new_seen.append(m)
        new_after.append((frozenset(out), lead_seen))
    _MARKERS_READ[id(hist)] = (hist, tuple(new_seen), tuple(new_after))
    _MARKERS_READ.move_to_end(id(hist))
    while len(_MARKERS_READ) > _MARKERS_KEPT:
        _MARKERS_READ.popitem(last=False)
    return out


def active_letters(rules: Rules) -> str:
    """The letters whose actions are played (rule 9): none without Super-train."""
    return str(rules.opt("super_letters", "")) if rules.locomotives else ""


def letter_of(tile: Tile, letters: str) -> str | None:
    """The action letter of ``tile`` if it is one of ``letters`` (rule 9), else None."""
    if isinstance(tile, LocoTile):
        c = tile.letter
        if c is not None and c in letters:
            return c
    return None


def any_train_tile(tile: Tile, rules: Rules) -> bool:
    """Rule 9: the two-locomotive tile may go on any train (``loco_any_train``)."""
    return (isinstance(tile, LocoTile) and tile.face == LOCO
            and bool(rules.opt("loco_any_train", True)))


def marked_trains(state: GameState) -> list[str]:
    """The end names of the marked trains (``Rules.marked_ends``), in seat order."""
    return [train_name(q) for q in sorted(markers(state))]


def _layout(state: GameState) -> TrainLayout:
    lay = state.layout
    assert isinstance(lay, TrainLayout)
    return lay


def allowed_trains(state: GameState, player: int) -> set[str] | None:
    """The trains ``player`` may play on now (None: any open end, i.e. the lead or the
    unsatisfied double)."""
    lay = _layout(state)
    if lay.is_empty() or lay.pending_double() is not None:
        return None
    ok = {train_name(player), MEXICAN}
    ok.update(train_name(q) for q in markers(state))
    return ok


def usable_trains(state: GameState, player: int) -> list[str]:
    """The open ends ``player`` may play on now (rule 4), for the inference: his own
    train, the Mexican train and the marked ones; the unsatisfied double alone (rule 5)."""
    ok = allowed_trains(state, player)
    return [e for e, _ in state.layout.open_ends() if ok is None or e in ok]


def train_moves(state: GameState, plays: list[Move]) -> list[Move]:
    """Rule 4: only plays on the allowed trains (rule 9: two locomotives on any); rule 8:
    a first turn's whole trains."""
    if not plays:
        return plays
    p = state.current_player
    ok = allowed_trains(state, p)
    if ok is not None:
        rules = state.rules
        plays = [m for m in plays if m.placements[0][1] in ok
                 or any_train_tile(m.placements[0][0], rules)]
        if plays and rules.opt("first_train", False) and first_turn(state, p):
            plays = plays + whole_trains(state, p)
    return plays


#: The most trains :func:`whole_trains` lists for one first turn (rule 8). A dealt hand
#: has far fewer (a few dozen); a hand-built one of many tiles of a few numbers could
#: have millions, and then its first turn offers the first this many found (in tile
#: order), longest first being no promise.
MAX_FIRST_TRAINS = 5_000


def first_turn(state: GameState, player: int) -> bool:
    """Rule 8: ``player`` has neither played nor passed since the engine was placed."""
    lead_seen = False
    for m in state.history:
        if m.kind == "play" and not lead_seen:
            lead_seen = True
        elif lead_seen and m.player == player and m.kind in ("play", "pass"):
            return False
    return lead_seen


def whole_trains(state: GameState, player: int) -> list[Move]:
    """Rule 8: every train of two or more number tiles ``player`` can lay on his own train
    now (each tile touching the one before, so a double inside is covered by the next),
    as one move each, at most :data:`MAX_FIRST_TRAINS`.

    >>> from dominolab.games import new_round
    >>> g = new_round("mexican_train", hands=["12:12 0:1", "12:3 3:3 3:4 L:5 9:9"],
    ...               boneyard="0:2", first_train=True, super_train=True)
    >>> g.play("12:12"); [str(m) for m in whole_trains(g, 1)]
    ['P2 3:12>T2+3:3>T2', 'P2 3:12>T2+3:3>T2+3:4>T2', 'P2 3:12>T2+3:4>T2']
    """
    own = train_name(player)
    # number tiles only: a locomotive (rule 9) fits anything and is laid alone (a reading)
    hand = [t for t in state.hand(player) if not isinstance(t, LocoTile)]
    out: list[Move] = []
    path: list[tuple[Tile, str | None]] = []
    used = [False] * len(hand)
    by_number: dict[int, list[tuple[int, Tile, int]]] = {}     # number -> (i, tile, other)
    for i, t in enumerate(hand):
        by_number.setdefault(t.low, []).append((i, t, t.high))
        if not t.is_double:
            by_number.setdefault(t.high, []).append((i, t, t.low))
    make = Move._make

    def grow(k: int) -> None:
        # each tile is laid on the one before, so a double inside the train is covered
        # by the next tile; a double last is left to be satisfied (rule 5)
        for i, t, nxt in by_number.get(k, ()):
            if used[i] or len(out) >= MAX_FIRST_TRAINS:
                continue
            used[i] = True
            path.append((t, own))
            if len(path) >= 2:
                out.append(make("play", tuple(path), player))
            grow(nxt)
            path.pop()
            used[i] = False

    grow(_layout(state).train_end(own))
    return out


def train_after_play(state: GameState, player: int, move: Move) -> int:
    """Rule 5: who laid a double on a train plays again to satisfy it; rule 9: the
    letters' turn actions (A, S, D, X)."""
    tile, end = move.placements[-1]
    n = state.players
    if end is not None and tile.is_double and state.rules.opt("double_again", True):
        return player
    letters = active_letters(state.rules)
    if not letters or end is None:
        return (player + 1) % n
    again, skips = False, 0
    for t, _ in move.placements:
        c = letter_of(t, letters)
        if c == "A":
            again = True
        elif c == "S":
            skips += 1
        elif c == "D":
            _draw_into(state, (player + 1) % n, 2)
        elif c == "X":
            for q in range(1, n):
                _draw_into(state, (player + q) % n, 1)
    if again:
        return player
    return (player + 1 + skips) % n


def _draw_into(state: GameState, player: int, count: int) -> None:
    """Rule 9 (D, X): ``player`` takes ``count`` tiles from the boneyard (what is left of
    it). The hook changes ``hands`` and ``top`` only: undo restores them."""
    for _ in range(count):
        if state.boneyard_count() <= state.rules.keep:
            return
        t = state.bone[state.top]
        state.top += 1
        state.hands[player] |= 1 << t.index


def train_explain(state: GameState, move: Move) -> str | None:
    """Why a one-tile play is refused, in the words of rules 4 and 5."""
    if move.kind != "play" or len(move.placements) != 1:
        return None
    lay = _layout(state)
    tile, end = move.placements[0]
    pend = lay.pending_double()
    if pend is not None and end != pend:
        k = lay.train_end(pend)
        return tr("the double {k}:{k} on {train} must be satisfied before any other "
                  "play").format(k=k, train=tr(lay.end_words.get(pend, pend)))
    ok = allowed_trains(state, state.current_player)
    if (ok is not None and end in lay.names() and end not in ok
            and not any_train_tile(tile, state.rules)):
        return tr("{train} has no marker: P{k} may play on his own train, the Mexican train "
                  "or a marked train").format(train=tr(lay.end_words.get(end, end)),
                                              k=state.current_player + 1)
    return None


def hand_value(hand: Hand, rules: Rules) -> int:
    """Rule 6: the pips left, 0:0 counting ``zero_double`` (rule 9: a locomotive tile its
    number and ``loco_points``)."""
    zero = Tile(0, 0)
    loco = rules.opt("loco_points", 25)
    return sum(rules.opt("zero_double", 0) if t == zero
               else t.pips + loco if isinstance(t, LocoTile) else t.pips for t in hand)


def train_scoring(state: ScoringView) -> RoundResult:
    """Rule 6: everybody else's pips are penalties; the finisher (or the lightest of a
    blocked round) wins the round."""
    vals = [hand_value(state.hand(p), state.rules) for p in range(state.players)]
    if state.ended == "out":
        winner = state.finisher
        reason = tr("P{k} went out: the others count their pips").format(k=(winner or 0) + 1)
    else:
        winner = lightest(vals)
        reason = tr("blocked: everybody counts his pips")
    return base_result(state, state.ended or "out", winner=winner, winning_team=winner,
                       pips=vals, points=list(vals), team_points=list(vals), reason=reason)


def train_invariants(state: GameState) -> list[str]:
    """What the simulation checks beyond the generic invariants (rules 4 and 5), replaying
    the history on its own: every play on another player's train is on a marked train
    or satisfies a double, and a marker goes out only by a pass."""
    errs: list[str] = []
    out: set[int] = set()
    lay = TrainLayout(_layout(state).mexican)
    lay.seat(state.players)
    rules = state.rules
    n = state.players
    firsts: set[int] = set()           # players who have had their first turn (rule 8)
    for i, m in enumerate(state.history):
        p = m.player
        assert p is not None
        if m.kind == "pass":
            if not lay.is_empty():
                out.add(p)
                firsts.add(p)
            continue
        if m.kind != "play":
            continue
        if len(m.placements) > 1 and (not rules.opt("first_train", False) or p in firsts
                                      or any(e != train_name(p) for _, e in m.placements)):
            errs.append(f"move {i + 1} ({m}): several tiles at once, not a first turn's "
                        "own train")
        if not lay.is_empty():
            firsts.add(p)
        for t, e in m.placements:
            pend = lay.pending_double()
            if pend is not None and e != pend:
                errs.append(f"move {i + 1} ({m}): played past the double on {pend}")
            if (pend is None and e is not None and e not in (MEXICAN, train_name(p))
                    and int(e[1:]) - 1 not in out
                    and not (isinstance(t, LocoTile) and t.face == LOCO
                             and rules.opt("loco_any_train", True))):
                errs.append(f"move {i + 1} ({m}): {e} has no marker")
            if e == train_name(p):
                out.discard(p)
            lay.place(t, e)
            face = t.letter if isinstance(t, LocoTile) else None
            if (e is not None and rules.locomotives and face is not None
                    and face in rules.opt("super_letters", "")):
                if face == "M":
                    out.discard(p)
                elif face == "O":
                    out.add((p + 1) % n)
                elif face == "E":
                    out.clear()
    if out != markers(state):
        errs.append(f"markers {sorted(out)} replayed, {sorted(markers(state))} in play")
    return errs


_CHOICES = (("zero_double", (0, 25, 50)), ("engine_order", ("descending", "ascending")),
            ("hand_table", ("standard", "scaled")))


class TrainRules(Rules):
    """Rules whose set size also sets the hand table (rule 1) and the number of rounds
    (rule 2), unless those are given too.

    >>> r = RULES.with_options(set_max=9)
    >>> r.match_deals, r.hand_size(4), r.opt("hand_table")
    (10, 9, 'scaled')
    """

    # (no instance dict: Rules keeps its fields in slots, see there)
    __slots__ = ()

    def with_options(self, **kw: Any) -> Rules:
        base: Rules = self
        if "locomotives" in kw and "super_train" not in kw:
            kw["super_train"] = kw["locomotives"]
        if "super_train" in kw:         # rule 9: the option is the set's locomotives field
            on = kw["super_train"]
            if not isinstance(on, bool):
                raise UnknownOption(f"{self.name}: super_train is true or false, not {on!r}")
            kw.setdefault("locomotives", on)
        if "super_letters" in kw:
            letters = kw["super_letters"]
            if not isinstance(letters, str) or any(c not in LOCO_LETTERS for c in letters) \
                    or len(set(letters)) != len(letters):
                raise UnknownOption(f"{self.name}: super_letters are letters of "
                                    f"{LOCO_LETTERS}, each at most once, not {letters!r}")
        if "set_max" in kw or "hand_table" in kw:
            n = kw.get("set_max", self.set_max)
            if not isinstance(n, int) or isinstance(n, bool) or not 6 <= n <= 18:
                raise UnknownOption(f"{self.name}: set_max is 6 to 18 (a double-6 … "
                                    f"double-18 set), not {n!r}")
            table = kw.get("hand_table", "standard" if n == 12 else "scaled")
            if table not in ("standard", "scaled"):
                raise UnknownOption(f"{self.name}: hand_table is 'standard' or 'scaled', "
                                    f"not {table!r}")
            kw.setdefault("hand_sizes", hand_table(n, table))
            kw.setdefault("match_deals", n + 1)
            kw["hand_table"] = table
            base = dataclasses.replace(self, set_max=n, hand_sizes=kw["hand_sizes"],
                                       match_deals=kw["match_deals"])
            kw.pop("set_max", None)
        return Rules.with_options(base, **kw)


RULES = TrainRules(
    name="mexican_train",
    title="Mexican train — мексиканский поезд (double-12)",
    opening=train_opening,
    scoring=train_scoring,
    set_max=12,
    player_counts=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    hand_sizes=STANDARD_HANDS,
    draw="one",
    penalties=True,
    target=1_000_000,
    layout=TrainLayout,
    after_play=train_after_play,
    extra_moves=train_moves,
    explain=train_explain,
    options=(("zero_double", 0), ("engine_order", "descending"), ("double_again", True),
             ("public_train", True), ("hand_table", "standard"), ("first_train", False),
             ("super_train", False), ("super_letters", LOCO_LETTERS),
             ("loco_any_train", True), ("loco_points", 25)),
    option_choices=_CHOICES,
    pairs_allowed=False,
    score_reads="ends",
    match_deals=13,
    invariants=train_invariants,
    marked_ends=marked_trains,
    usable_ends=usable_trains,
    hidden_draws=True,            # rule 9: D and X (when super_train and in super_letters)
    doc=__doc__,
)
