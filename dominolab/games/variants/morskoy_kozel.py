# One file: the three readings of Morskoy kozel share the lone-doubles valuation, the
# two-doubles plays and one preset table (READINGS) that switches them as one option;
# the rule lists in this docstring number the rules the hooks below name.
"""Morskoy kozel (Морской козёл, "the sea goat").

Rules implemented — the 17 rules of the Russian Wikipedia article «Домино» as the default reading
(docs/rules.md, "Morskoy kozel"):

1. Play to 125 (``target``); 2. only the round's loser (most pips left)
   records; 3. reaching 125 makes the (sea) goat.
4. A record starts at 25 (``record_threshold``); a lone 0:0 left counts 25,
   a lone 6:6 50, 0:0 with 6:6 (only those two) 12. Equal pips of the
   heaviest sides: eggs, summed and recorded to the next round's loser.
   Convention (the source is silent): such a tie gives eggs even in a fast
   round or on a 6:6 / 0:0 finish — then no fixed amount, no reset, no
   title, and the match goes on (possible only with three or four players
   each for himself).
5. The first lead follows the weekday (option ``weekday``: 0 = Monday 1:1, …,
   5 = Saturday 6:6, 6 = Sunday, taken as 1:1 "which is played most often" —
   an engine convention; with 2–3 players, when that double is in the
   boneyard, the next double upward leads, then 1:1 upward, convention too);
   while nobody has a record the lead repeats, at most 3 times; the 4th round
   is a fast lead on 6:6 (when 6:6 is dealt; otherwise the weekday lead
   again, convention). Once records exist, the previous round's winner
   leads any tile.
6. Fast leads: leading 6:6 gives the loser 50, 0:0 gives 75. 8. A free
   lead of 6:6 or 0:0 is allowed only when every other side has a record
   (otherwise those two tiles may not lead). «При заходе на 6:6, 0:0 и на
   "внеочередном" заходе "рыбачить" не допускается»: in a fast or
   extraordinary round a play that would block the game is refused while the
   player has another play; a block that cannot be avoided leaves a round that
   is replayed (``end="void"``): «заходной камень (6:6, 0:0, или оба) в
   перемешивании домино не участвует, а забирается заходящим» — the leader
   keeps the lead tile(s) out of the shuffle and leads them again
   (:attr:`RoundContext.kept <dominolab.games.rules.RoundContext>`).
7. Extraordinary lead: a leader holding 0:0 and 6:6 may lead both at once
   when his lead is free (not a forced weekday or fast lead; reading: rule 7
   names no record condition, so unlike a fast lead of one double, rule 8, it
   may be made before the others have records); the two lie as
   two segments with a gap between them. Each next player must then play two
   tiles, one at each outer end, while he can; from the first player who
   cannot, play is normal. 6:0 may fill the gap at any turn (and may finish).
   The loser is the "extraordinary goat" and records his pips as in a
   normal round (the source names no amount: convention); the match goes
   on (7д) and the next round keeps the leader.
9. Finishing on 6:6: the loser records 100 and the finisher's record is
   reset to 0. 10. Finishing on 0:0: the loser is the "snotty goat" and the
   match is over. 11. Both at once: the loser is the "admiral", match over.
12. Two doubles may be played at once, one at each end.
13. A loser with 124 on his record losing a fast round: "hanging goat".
14. Redeal when a hand has five or more doubles, or six or seven tiles of
   one suit. 15. Four players play in pairs, partners diagonal, and add
   partners' pips («Наиболее интересна игра парами 2×2»; option
   ``pairs=False``: each for himself, «либо каждый за себя»).
16. The titles are given in Russian beside the English: адмирал (admiral),
   сопливый козёл (snotty goat; «часто имеет синоним "Лысый козёл"»),
   внеочередной козёл, подвесной козёл.
17. Otherwise as Kozel (drawing with fewer than four players, the last
   boneyard tile stays).

Other readings (option ``reading``, named after their sources; docs/rules.md lists
them). ``get_rules("morskoy_kozel", reading="five_variants")``
switches the fields and hooks below as one preset (explicit options given in
the same call win over the preset); ``reading="wikipedia"`` restores the
default above.

``reading="five_variants"`` — the article on the rules of five variants of the game
(«…рассмотрим правила игры в домино и ее разновидности»), section 3 "Морской козёл",
in English:

  F-1. "Two play against two, to 202 points" (``pairs=True``, four players
        only, ``target=202``).
  F-2. "The partners win only if their opponents score not a single point.
        If a side wins the tour but the other side nevertheless does not lose
        'dry', all points are written off."
  F-3. "In one turn a player may put two doubles at once on both ends."
  F-4. "The other rules stay unchanged" — the article's Kozel: 7 tiles each;
        the holder of 1:1 leads; play clockwise, a player who cannot play
        passes; the round ends when a player plays his last tile; the tiles
        left are summed, partners adding their pips; the losing pair records
        them; the first pair over the target loses.

  Engine conventions where the article is silent: F-2 is read at match level
  ("тур" = the game to 202, and "dry" as in the Russian "сухой козёл"): when
  a pair reaches 202 the match ends only if the other pair's record is 0;
  otherwise both records are written off (set to 0) and play goes on (eggs
  waiting stay). A dry goat needs one pair to lose every round from a
  write-off to 202, so matches run very long (4 GreedyBot matches, seeds
  0–3: a write-off every ~23 rounds, no dry goat in 6,000 rounds each).
  The 1:1 holder leads every round (the article names no other lead). A
  blocked round, eggs and ties follow Kozel (the lighter pair wins, the heavier records its pips; a tie gives eggs). No record threshold, no
  redeal, no fast or extraordinary leads, no special 0:0 / 6:6 values (the
  article names none).

``reading="international"`` — the "Морской козёл" list of «Международные правила игры в
спортивное домино. Рыба (в домино)», on top of its
Kozel and general rules, in English:

  I-1. Four players play in pairs, partners diagonal (``pairs=True``);
        2–4 players; two take 7 tiles, three or four take 5 (general rules);
        a player who cannot play draws from the bazaar; the last bazaar tile
        is not taken (Kozel).
  I-2. The first round is led by the smallest double (0:0, 1:1, …), else the
        smallest tile; later rounds by the player who went out, or the
        fisherman (who made the block), with any tile.
  I-3. "The winner of any round records all the losers' points"; a record
        starts only with 25 at once; play to 125 (Kozel: "125 and more").
  I-4. "Doubles on both ends may be put out in one move."
  I-5. "Whoever first started recording may begin any round with 6:6; if he
        wins that round — 'on a hundred' — he wins the whole game; losing it
        with 25 or more points, he loses."
  I-6. "Finishing the round with 0:0 — the winner; this is called the 'bald
        goat'."
  I-7. "If the last double is 6:6, the player is also the winner, provided
        at least one loser holds 25 or more; if not, his next round is
        'on a hundred', obligatorily."
  I-8. "Only 0:0 left in hand is 25 points, only 6:6 — 50, only 0:0 and 6:6
        — 75."
  I-9. "If the fisherman holds less than 25 and the opponent more, the
        fisherman wins this round, and his next round is 'on a hundred'."
  I-10. Eggs (Kozel): equal pips after a fish carry the points to the next
        round; "if in three tries the eggs were not played off, that is the
        next round was not started with a double from 1:1 to 3:3, the eggs
        went rotten."
  I-11. "In pair play, if one player wins against the pair of opponents, he
        is the 'general'."

  Engine conventions where that article is silent or contradicts itself: its
  short "Морской козёл" paragraph ("only the losers record") contradicts
  I-3; the detailed list is followed, so the game is positive
  (``penalties=False``) and the first side to 125 wins. A fish that I-9 does
  not decide goes to the side with the fewest pips, which records the
  others' values ("all points to the fisherman" of the general rules is
  overridden by I-9); a tie for the fewest gives eggs. Eggs are recorded by
  the winner of a later round led by 1:1, 2:2 or 3:3; every other finished
  round is a try, and after three tries (counted since eggs were last added)
  they are dropped. An "on a hundred" round that the side neither wins nor
  loses with 25+ (it loses with less, or the round is tied) scores normally
  and the match goes on; I-5's 6:6 lead counts only when the first recorder
  leads it himself. A finish that decides the match also records the
  round's points; the losing sides get the title ("bald goat", "goat (on a
  hundred)", …). I-11 names a title without a condition the engine can
  check: not modelled. No redeal, no weekday, fast or extraordinary leads
  (the article names none).

>>> from dominolab.games import new_round
>>> g = new_round("morskoy_kozel", hands=["0:0 6:6 1:2", "0:1 5:6 2:2", "3:3 0:6", "4:4 1:6"],
...               boneyard=[], leader=0)
>>> [str(m) for m in g.legal_moves()][-1]
'P1 0:0+6:6'
>>> g.play("0:0+6:6"); [str(m) for m in g.legal_moves()]
['P2 0:1>L+5:6>R']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ...errors import IllegalMove
from ...i18n import N_, tr
from ...tiles import Hand, Tile, tile_index
from ..layout import LineLayout
from ..moves import Move
from ..rules import (MatchView, Opening, RoundContext, RoundResult, Rules, UnknownOption,
                     base_result, heaviest, lead_by_sequence, lightest, points_from_team)
from ..state import GameState
from .kozel import goat_score

ZERO, SIX = Tile(0, 0), Tile(6, 6)

# The titles, English with the Russian beside it (docs/rules.md, glossary)
ADMIRAL = "admiral (адмирал)"
SNOTTY = "snotty goat (сопливый козёл; also лысый козёл)"
EXTRAORDINARY = "extraordinary goat (внеочередной козёл)"
HANGING = "hanging goat (подвесной козёл)"
BALD = "bald goat (лысый козёл; also голый козёл)"
GOAT = "goat (козёл)"
GOAT_HUNDRED = "goat on a hundred (козёл «на сто»)"


def morskoy_redeal(hand: Hand, rules: Rules) -> str | None:
    """Five or more doubles, or six or seven tiles of one suit."""
    doubles = sum(t.is_double for t in hand)
    if doubles >= 5:
        return f"{doubles} doubles ({hand})"
    for k in range(rules.set_max + 1):
        c = sum(t.has(k) for t in hand)
        if c >= 6:
            return f"{c} tiles of suit {k} ({hand})"
    return None


def morskoy_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                    ctx: RoundContext) -> Opening:
    if ctx.kept:
        # rule 8: a fast or extraordinary round that ended in a forced block is replayed,
        # the leader keeping his lead tile(s) and leading them again
        leader, lead = next(iter(ctx.kept.items()))
        return Opening(leader, tuple(lead), flags=(("replay", True),),
                       why=f"the blocked round is replayed: P{leader + 1} kept "
                           f"{'+'.join(map(str, lead))} and leads again")
    scores = ctx.scores or []
    teams = rules.teams_for(len(deal))
    recorded = any(scores)
    if not recorded:
        tries = ctx.extra.get("no_record_rounds", 0)
        if tries >= 3 and any(SIX in h for h in deal):
            op = lead_by_sequence(deal, [SIX])
            return Opening(op.leader, op.lead, why="three rounds without a record: fast lead on 6:6")
        wd = rules.opt("weekday", 0)
        d = wd + 1 if wd < 6 else 1
        order = [Tile(k, k) for k in range(d, rules.set_max + 1)] + \
                [Tile(k, k) for k in range(1, d)]
        op = lead_by_sequence(deal, order, "lowest")
        return Opening(op.leader, op.lead, why=f"weekday lead: {op.why}")
    leader = ctx.leader_hint if ctx.leader_hint is not None else ctx.extra.get("last_leader", 0)
    my_team = next(i for i, t in enumerate(teams) if leader in t)
    fast_ok = all(scores[i] > 0 for i in range(len(teams)) if i != my_team)
    hand = deal[leader]
    lead = tuple(t for t in hand if fast_ok or t not in (ZERO, SIX))
    if not lead:
        lead = tuple(hand)
    return Opening(leader, lead, flags=(("free_lead", True), ("fast_ok", fast_ok)),
                   why=f"P{leader + 1} leads any tile" + ("" if fast_ok else
                                                           " except the fast 6:6 and 0:0"))


class GappedLine(LineLayout):
    """The line of the extraordinary lead (rule 7): 0:0 and 6:6 led together lie as two
    segments with a gap ``"M"`` between them, which only the tile joining the two inner
    numbers (6:0) can fill; otherwise a plain two-ended line.

    >>> line = GappedLine(); line.place(ZERO, None); line.place(SIX, None)
    >>> line.open_ends(), line.segments()
    ([('L', 0), ('R', 6), ('M', 0)], [[(0, 0)], [(6, 6)]])
    >>> line.place(Tile(0, 6), "M"); line.open_ends(), line.gap
    ([('L', 0), ('R', 6)], None)
    """

    end_words = {**LineLayout.end_words, "M": N_("the gap")}
    __slots__ = ("gap", "plain")

    def __init__(self) -> None:
        super().__init__()
        self.gap = None
        self.plain = True           # False while the gap is open (the engine's fast paths)

    def open_ends(self) -> list[tuple[str, int]]:
        ends = super().open_ends()
        if self.gap is not None:
            ends.append(("M", self.gap[0]))
        return ends

    def fits(self, tile: Tile, end: str | None) -> bool:
        if end == "M":
            return self.gap is not None and tile == Tile(*self.gap)
        if end is None and len(self._order) == 1 and self.gap is None:
            return True
        return super().fits(tile, end)

    def end_masks(self, suit_masks: Sequence[int]) -> list[tuple[str, int]]:
        out = super().end_masks(suit_masks)
        if self.gap is not None:
            out.append(("M", 1 << tile_index(*self.gap)))
        return out

    def playable_mask(self, suit_masks: Sequence[int]) -> int:
        m = super().playable_mask(suit_masks)
        if self.gap is not None:
            m |= 1 << tile_index(*self.gap)
        return m

    def segments(self) -> list[list[tuple[int, int]]]:
        if self.gap is None:
            return [self.pairs()]
        return [list(reversed(self._left)) + self._lead[:1], self._lead[1:] + self._right]

    def place(self, tile: Tile, end: str | None) -> None:
        """Besides the line's ends: a second lead tile opens the gap; ``"M"`` fills it."""
        if end is None and len(self._order) == 1 and self.gap is None:
            self.gap = (self.rnum, tile.low)
            self.plain = False
            self._lead.append((tile.low, tile.high))
            self.rnum = tile.high
            self._order.append("S")
            return
        if end == "M":
            if self.gap is None or tile != Tile(*self.gap):
                raise IllegalMove(tr("{tile} does not fill the gap {gap}").format(
                    tile=tile, gap=self.gap))
            self._lead.insert(1, self.gap)
            self.gap = None
            self.plain = True
            self._order.append("M")
            return
        super().place(tile, end)

    def pop(self) -> Tile:
        end = self._order[-1]
        if end == "M":
            self._order.pop()
            a, b = self._lead.pop(1)
            self.gap = (a, b)
            self.plain = False
            return Tile(a, b)
        if end == "S" and len(self._lead) == 2:     # undoing the second lead tile
            self._order.pop()
            a, b = self._lead.pop()
            self.rnum = self._lead[0][1]
            self.gap = None
            self.plain = True
            return Tile(a, b)
        return super().pop()

    def copy(self) -> GappedLine:
        new = super().copy()
        assert isinstance(new, GappedLine)
        new.gap, new.plain = self.gap, self.plain
        return new


def _pairs(state: GameState, p: int) -> list[Move]:
    """Two-tile plays, one tile at each outer end (sequentially legal)."""
    lay = state.layout
    h = state.hand(p)
    out = []
    for a in h:
        if not lay.fits(a, "L"):
            continue
        lay.place(a, "L")
        for b in h:
            if b != a and lay.fits(b, "R"):
                out.append(Move("play", ((a, "L"), (b, "R")), p))
        lay.pop()
    return out


def is_fast_round(state: GameState) -> bool:
    """Was this round led on 6:6 or 0:0 alone (fast) or on both (extraordinary)?"""
    first = state.history[0] if state.history else None
    return first is not None and first.kind == "play" and (
        len(first.placements) == 2 or first.tiles in ((SIX,), (ZERO,)))


def morskoy_moves(state, plays):
    p = state.current_player
    lay = state.layout
    hand = state.hand(p)
    if lay.is_empty():
        both = Move("play", ((ZERO, None), (SIX, None)), p)
        if state.flags.get("replay") and state.lead is not None and len(state.lead) == 2:
            return [both]                       # rule 8: the replay repeats its lead
        if state.flags.get("free_lead") and ZERO in hand and SIX in hand:
            plays = plays + [both]
        return plays
    if state.mode == "pairs":
        pairs = _pairs(state, p)
        if pairs:
            plays = pairs + [m for m in plays if m.end == "M"]
    elif lay.lnum != lay.rnum:
        a, b = Tile(lay.lnum, lay.lnum), Tile(lay.rnum, lay.rnum)
        if a in hand and b in hand:
            plays = plays + [Move("play", ((a, "L"), (b, "R")), p)]
    if len(plays) > 1 and is_fast_round(state):
        # rule 8: no voluntary fish in a fast or extraordinary round
        free = [m for m in plays if not state.blocks_after(m)]
        if free and len(free) < len(plays):
            return free
    return plays


def morskoy_explain(state: GameState, move: Move) -> str | None:
    """Name the Morskoy rule an illegal lead or two-tile play breaks (None: the engine's
    generic reason is the right one)."""
    tiles = move.tiles
    if state.layout.is_empty():
        if state.flags.get("replay") and state.lead is not None:
            return tr("the replayed round repeats its lead {tiles} (Morskoy kozel rule "
                      "8)").format(tiles="+".join(map(str, state.lead)))
        free = state.flags.get("free_lead")
        if len(tiles) == 1 and tiles[0] in (ZERO, SIX) and free and state.lead is not None \
                and tiles[0] not in state.lead:
            return tr("the opening rule allows a fast lead on {tile} only when every other "
                      "side already has a record (Morskoy kozel rule 8)").format(tile=tiles[0])
        if set(tiles) == {ZERO, SIX} and len(tiles) == 2 and not free:
            return tr("the extraordinary lead 0:0+6:6 needs a free lead; this round's lead is "
                      "fixed by the opening rule (Morskoy kozel rules 5 and 7)")
        return None
    if len(tiles) == 2 and state.mode != "pairs":
        return tr("two tiles in one turn: only two doubles at once, one at each end "
                  "(Morskoy kozel rule 12), or after the extraordinary lead one tile at each "
                  "side while every player can (rule 7)")
    if is_fast_round(state) and len(move.placements) == 1:
        t, end = move.placements[0]
        if end is not None and state.layout.fits(t, end) and (state.hands[
                state.current_player] >> t.index) & 1 and state.mode != "pairs" \
                and state.blocks_after(move.by(state.current_player)):
            return tr("«рыбачить» is not allowed in a fast or extraordinary round: this play "
                      "would block the game and another play is possible (Morskoy kozel rule "
                      "8)")
    return None


#: The turn mode after the extraordinary lead (rule 7), for :attr:`Rules.mode_texts`.
PAIRS_MODE = (("pairs", N_("after the extraordinary lead each player must play two tiles, one "
                           "at each side, while he can")),)


def morskoy_after_play(state: GameState, player: int, move: Move) -> int:
    nxt = (player + 1) % state.players
    extraordinary = len(move.placements) == 2 and move.placements[0][1] is None
    if extraordinary or state.mode == "pairs":
        state.mode = "pairs" if _pairs(state, nxt) else None
    return nxt


def _lone_doubles_value(hand: Hand, both: int) -> int:
    """A lone 0:0 = 25, a lone 6:6 = 50, exactly 0:0 and 6:6 = ``both``, else the pips."""
    s = set(hand)
    if s == {ZERO}:
        return 25
    if s == {SIX}:
        return 50
    if s == {ZERO, SIX}:
        return both
    return hand.pips


def sea_value(hand: Hand) -> int:
    """Lone 0:0 = 25, lone 6:6 = 50, exactly 0:0 and 6:6 = 12, else the pips."""
    return _lone_doubles_value(hand, 12)


def morskoy_score(state):
    teams = state.teams
    vals = [sea_value(state.hand(p)) for p in range(state.players)]
    tv = [sum(vals[p] for p in t) for t in teams]
    first = state.history[0] if state.history else None
    lead_tiles: tuple[Tile, ...] = (first.tiles if first is not None and first.kind == "play"
                                    else ())
    extraordinary = len(lead_tiles) == 2
    fast = 0 if extraordinary else (50 if lead_tiles == (SIX,) else 75 if lead_tiles == (ZERO,)
                                    else 0)
    eggs_in = state.context.eggs if state.context else 0
    tp = [0] * len(teams)
    notes = []
    if state.ended == "blocked" and (fast or extraordinary):
        return base_result(state, "void", pips=vals, points=[0] * state.players, team_points=tp,
                           eggs=eggs_in, reason="a block is not allowed after a fast or "
                                                "extraordinary lead: the round is replayed")
    if state.ended == "out":
        w = state.team_of[state.finisher]
        cand = [t for t in range(len(teams)) if t != w]
    else:
        w = None
        cand = list(range(len(teams)))
    heavy = heaviest(tv, exclude=[t for t in range(len(teams)) if t not in cand])
    titles, resets, match_over = {}, [], False
    if len(heavy) != 1:
        eggs = sum(tv[t] for t in heavy) + eggs_in
        return base_result(state, state.ended, winner=state.finisher if w is not None else None,
                           winning_team=w, pips=vals, points=[0] * state.players,
                           team_points=tp, eggs=eggs,
                           reason=f"equal pips ({tv[heavy[0]]}) for the heaviest: eggs of "
                                  f"{eggs} carried to the next loser")
    loser = heavy[0]
    if w is None:
        light = [t for t in range(len(teams)) if tv[t] == min(tv)]
        w = light[0] if len(light) == 1 else None
    amount = tv[loser]
    reason = tr("team {team} holds the most ({pips}) and records it").format(team=loser + 1,
                                                                            pips=amount)
    last = set(state.history[-1].tiles) if state.ended == "out" else set()
    if fast:
        amount = fast
        reason = f"fast lead on {lead_tiles[0]}: the loser records {fast}"
        sc = state.context.scores if state.context and state.context.scores else None
        if sc and sc[loser] == state.rules.target - 1:
            titles[loser] = HANGING
    if state.ended == "out" and ZERO in last and SIX in last:
        titles[loser] = ADMIRAL
        match_over = True
        reason = "finished on 0:0 and 6:6 at once: the loser is the admiral"
    elif state.ended == "out" and ZERO in last:
        titles[loser] = SNOTTY
        match_over = True
        reason = "finished on 0:0: the loser is the snotty goat"
    elif state.ended == "out" and SIX in last:
        amount = 100
        resets.append(w)
        reason = "finished on 6:6: the loser records 100, the finisher's record goes to 0"
    if extraordinary and loser not in titles:
        titles[loser] = EXTRAORDINARY
    tp[loser] = amount + eggs_in
    if eggs_in:
        notes.append(f"eggs of {eggs_in} added to team {loser + 1}")
    return base_result(state, state.ended, winner=state.finisher if state.ended == "out" else
                       (teams[w][0] if w is not None else None), winning_team=w, pips=vals,
                       points=points_from_team(state, tp), team_points=tp, eggs_used=eggs_in,
                       eggs_team=loser if eggs_in else None, titles=titles, resets=resets, match_over=match_over, reason=reason,
                       notes=notes)


def morskoy_match_update(match: MatchView, result: RoundResult) -> None:
    """Weekday-lead repetition: count rounds in a row without any record."""
    if any(match.scores):
        match.extra["no_record_rounds"] = 0
    else:
        match.extra["no_record_rounds"] = match.extra.get("no_record_rounds", 0) + 1
    st = match.state
    assert st is not None       # the hook runs when a round is finished
    first = st.history[0] if st.history else None
    if result.end == "void" or (first is not None and len(first.placements) == 2):
        match.extra["keep_leader"] = st.leader
    if result.end == "void" and first is not None and first.kind == "play":
        # rule 8: the lead tile(s) stay with the leader for the replay
        match.extra["kept_tiles"] = {st.leader: [str(t) for t in first.tiles]}


# ----------------------------------------------------------------------------
# The other readings (option ``reading``): their own hooks, chosen as data
# ----------------------------------------------------------------------------

def two_doubles_moves(state, plays):
    """The other readings: besides single plays, two doubles at once, one at each end."""
    lay = state.layout
    if lay.is_empty() or lay.lnum == lay.rnum:
        return plays
    hand = state.hand(state.current_player)
    a, b = Tile(lay.lnum, lay.lnum), Tile(lay.rnum, lay.rnum)
    if a in hand and b in hand:
        plays = plays + [Move("play", ((a, "L"), (b, "R")), state.current_player)]
    return plays


def two_doubles_explain(state: GameState, move: Move) -> str | None:
    """Name the rule an illegal two-tile play breaks (the other readings)."""
    if len(move.tiles) == 2:
        return tr("two tiles in one turn: only two doubles at once, one at each end "
                  "({reading} reading)").format(reading=state.rules.opt("reading"))
    return None


def five_variants_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                          ctx: RoundContext) -> Opening:
    """F-4: the holder of 1:1 leads it, every round (else the lowest double, convention)."""
    order = [Tile(1, 1)] + [Tile(k, k) for k in range(rules.set_max + 1) if k != 1]
    return lead_by_sequence(deal, order, "lowest")


def five_variants_match_update(match: MatchView, result: RoundResult) -> None:
    """F-2: a side at the target ends the match only on a dry goat; else all is written off."""
    top = max(match.scores)
    if top >= match.rules.target:
        goat = match.scores.index(top)
        others = [s for t, s in enumerate(match.scores) if t != goat]
        if any(others):
            match.notes.append(f"round {match.round_no}: team {goat + 1} reached {top} but "
                               f"the others have {others}, not a dry goat: all points are "
                               f"written off")
            match.scores = [0] * len(match.scores)


def sea_value_002(hand: Hand) -> int:
    """I-8: a lone 0:0 = 25, a lone 6:6 = 50, exactly 0:0 and 6:6 = 75, else the pips.

    >>> from dominolab import parse_tiles
    >>> [sea_value_002(parse_tiles(t)) for t in ("0:0", "6:6", "0:0 6:6", "0:0 1:2")]
    [25, 50, 75, 3]
    """
    return _lone_doubles_value(hand, 75)


EGG_DOUBLES = (Tile(1, 1), Tile(2, 2), Tile(3, 3))


def international_opening(deal: list[Hand], boneyard: Sequence[Tile], rules: Rules,
                          ctx: RoundContext) -> Opening:
    """I-2: the smallest double (else tile) first; later the finisher or fisherman, any tile.

    The flags carry the match facts I-5/I-7/I-9 need: the first recorder's
    side and the side whose round is "on a hundred".
    """
    flags = (("first_recorder", ctx.extra.get("first_recorder")),
             ("on_hundred", ctx.extra.get("on_hundred")))
    if ctx.previous is not None and ctx.leader_hint is not None:
        return Opening(ctx.leader_hint, None, flags=flags,
                       why=f"P{ctx.leader_hint + 1} went out or made the fish: any tile")
    op = lead_by_sequence(deal, [Tile(k, k) for k in range(rules.set_max + 1)], "lowest")
    return Opening(op.leader, op.lead, flags=flags, why=op.why)


def _hundred_side(state):
    """The side playing this round "on a hundred" (I-5, I-7, I-9), or None."""
    h = state.flags.get("on_hundred")
    if h is not None:
        return h
    first = state.history[0] if state.history else None
    fr = state.flags.get("first_recorder")
    if fr is not None and first is not None and first.tiles == (SIX,) \
            and state.team_of[state.leader] == fr:
        return fr
    return None


def international_next_hundred(state, result):
    """The side whose next round is obligatorily "on a hundred" (I-7, I-9), or None."""
    if result.match_over or result.winning_team is None:
        return None
    if result.end == "out" and SIX in state.history[-1].tiles:
        return result.winning_team
    if result.end == "blocked":
        ft = state.team_of[state.finisher]
        tv = [sum(result.pips[p] for p in t) for t in state.teams]
        if result.winning_team == ft and tv[ft] < 25 and \
                any(v > 25 for t, v in enumerate(tv) if t != ft):
            return ft
    return None


def international_score(state):
    """I-3 … I-10: the winner records the losers' values; match-deciding finishes."""
    teams = state.teams
    nt = len(teams)
    vals = [sea_value_002(state.hand(p)) for p in range(state.players)]
    tv = [sum(vals[p] for p in t) for t in teams]
    eggs_in = state.context.eggs if state.context else 0
    first = state.history[0] if state.history else None
    notes = []
    if state.ended == "out":
        w = state.team_of[state.finisher]
        reason = f"P{state.finisher + 1} went out: team {w + 1} records the others' points"
    else:
        ft = state.team_of[state.finisher]
        if tv[ft] < 25 and any(tv[t] > 25 for t in range(nt) if t != ft):
            w = ft
            reason = (f"fish: the fisherman's side holds {tv[ft]} (< 25) and an opponent "
                      f"more than 25: it wins")
            notes.append("the fisherman wins: his next round is on a hundred")
        else:
            w = lightest(tv)
            if w is None:
                m = min(tv)
                new = sum(tv[t] for t in range(nt) if tv[t] == m)
                return base_result(state, state.ended, pips=vals, points=[0] * state.players,
                                   team_points=[0] * nt, eggs=eggs_in + new,
                                   reason=f"fish with equal fewest pips ({m}): eggs of {new} "
                                          f"carried")
            reason = f"fish: team {w + 1} has the fewest pips ({tv[w]}) and records the rest"
    losers = [t for t in range(nt) if t != w]
    losers.sort(key=lambda t: -tv[t])
    used = 0
    if eggs_in and first is not None and first.tiles and first.tiles[0] in EGG_DOUBLES \
            and len(first.tiles) == 1:
        used = eggs_in
        notes.append(f"eggs of {eggs_in} played off (the round was led by {first.tiles[0]})")
    tp = [0] * nt
    tp[w] = sum(tv[t] for t in losers) + used
    titles, match_over = {}, False
    last = set(state.history[-1].tiles) if state.ended == "out" else set()
    hundred = _hundred_side(state)
    if state.ended == "out" and ZERO in last:
        titles = {t: BALD for t in losers}
        match_over = True
        reason = f"P{state.finisher + 1} finished on 0:0: the others are bald goats"
    elif state.ended == "out" and SIX in last and any(
            vals[p] >= 25 for t in losers for p in teams[t]):
        titles = {t: GOAT for t in losers}
        match_over = True
        reason = f"P{state.finisher + 1} finished on 6:6 and a loser holds 25 or more: he wins"
    elif hundred is not None and hundred == w:
        titles = {t: GOAT for t in losers}
        match_over = True
        reason = f"team {w + 1} won its round on a hundred: it wins the match"
    elif hundred is not None and tv[hundred] >= 25:
        titles = {hundred: GOAT_HUNDRED}
        match_over = True
        reason = f"team {hundred + 1} lost its round on a hundred with {tv[hundred]}: it loses"
    elif state.ended == "out" and SIX in last:
        notes.append("finished on 6:6 but no loser holds 25: his next round is on a hundred")
    return base_result(state, state.ended, winner=state.finisher if state.ended == "out"
                       else teams[w][0], winning_team=w, pips=vals,
                       points=points_from_team(state, tp), team_points=tp,
                       eggs=eggs_in - used, eggs_used=used,
                       eggs_team=w if used else None, titles=titles,
                       match_over=match_over, reason=reason, notes=notes)


def international_match_update(match: MatchView, result: RoundResult) -> None:
    """First recorder (I-5), the next "on a hundred" side (I-7, I-9), rotten eggs (I-10)."""
    if "first_recorder" not in match.extra and any(match.scores):
        match.extra["first_recorder"] = max(range(len(match.scores)),
                                            key=lambda t: match.scores[t])
    nxt = international_next_hundred(match.state, result)
    if nxt is None:
        match.extra.pop("on_hundred", None)
    else:
        match.extra["on_hundred"] = nxt
    fresh = result.end == "blocked" and result.winning_team is None
    if fresh or not match.eggs:
        match.extra["egg_tries"] = 0
    else:
        tries = match.extra.get("egg_tries", 0) + 1
        match.extra["egg_tries"] = tries
        if tries >= 3:
            match.notes.append(f"round {match.round_no}: eggs of {match.eggs} not played off "
                               f"in three tries: rotten")
            match.eggs = 0
            match.extra["egg_tries"] = 0


class MorskoyRules(Rules):
    """Rules whose option ``reading`` also sets the fields and hooks of that reading.

    The presets are data (:data:`READINGS`); options given with the reading
    in the same call override its preset.

    >>> r = RULES.with_options(reading="five_variants")
    >>> r.target, r.pairs, r.player_counts, r.with_options(reading="wikipedia") == RULES
    (202, True, (4,), True)
    """

    # (no instance dict: Rules keeps its fields in slots, see there)
    __slots__ = ()

    def with_options(self, **kw: Any) -> Rules:
        if "reading" in kw:
            r = kw["reading"]
            if r not in READINGS:
                raise UnknownOption(f"{self.name} has no reading {r!r}; readings: "
                                    f"{', '.join(READINGS)}")
            base = dataclasses.replace(self, **READINGS[r])
            return Rules.with_options(base, **kw)
        return Rules.with_options(self, **kw)


# Each reading: Rules fields by name (passed to dataclasses.replace).
_WIKIPEDIA: dict[str, Any] = dict(
    opening=morskoy_opening, scoring=morskoy_score, player_counts=(2, 3, 4),
    hand_sizes=((2, 7), (3, 7), (4, 7)), pairs=True, keep=1, penalties=True, target=125,
    record_threshold=25, redeal=morskoy_redeal, after_play=morskoy_after_play,
    extra_moves=morskoy_moves, match_update=morskoy_match_update, explain=morskoy_explain,
    layout=GappedLine, score_reads="ends", mode_texts=PAIRS_MODE,
    two_doubles=True, refuse_block_leads=(ZERO, SIX), plain_line_hooks=True,
)

READINGS: dict[str, dict[str, Any]] = {
    "wikipedia": _WIKIPEDIA,
    "five_variants": dict(_WIKIPEDIA, opening=five_variants_opening, scoring=goat_score, player_counts=(4,),
                    hand_sizes=((4, 7),), pairs=True, target=202, record_threshold=0,
                    redeal=None, after_play=None, extra_moves=two_doubles_moves,
                    match_update=five_variants_match_update, explain=two_doubles_explain,
                    layout=LineLayout, score_reads="ends", mode_texts=(),
                    refuse_block_leads=()),
    "international": dict(_WIKIPEDIA, opening=international_opening, scoring=international_score,
                    hand_sizes=((2, 7), (3, 5), (4, 5)), pairs=True, penalties=False,
                    target=125, record_threshold=25, redeal=None, after_play=None,
                    extra_moves=two_doubles_moves, match_update=international_match_update,
                    explain=two_doubles_explain, layout=LineLayout, score_reads="history",
                    mode_texts=(), refuse_block_leads=()),
}


RULES = MorskoyRules(
    name="morskoy_kozel",
    title="Morskoy kozel (the sea goat) — Морской козёл",
    opening=morskoy_opening,
    scoring=morskoy_score,
    hand_sizes=((2, 7), (3, 7), (4, 7)),
    default_players=4,
    pairs=True,
    draw="until_playable",
    keep=1,
    penalties=True,
    target=125,
    record_threshold=25,
    redeal=morskoy_redeal,
    after_play=morskoy_after_play,
    extra_moves=morskoy_moves,
    match_update=morskoy_match_update,
    explain=morskoy_explain,
    layout=GappedLine,
    score_reads="ends",
    mode_texts=PAIRS_MODE,
    two_doubles=True,               # rule 12
    refuse_block_leads=(ZERO, SIX),  # rule 8
    plain_line_hooks=True,          # the hooks do more only after the extraordinary lead
    options=(("weekday", 0), ("reading", "wikipedia")),
    option_choices=(("weekday", tuple(range(7))),),
    doc=__doc__,
)
