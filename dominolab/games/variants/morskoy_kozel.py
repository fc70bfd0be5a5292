"""Morskoy kozel (Морской козёл, "the sea goat").

Rules implemented — Wikipedia's 17 rules (seed 000) as the default reading:

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
   (otherwise those two tiles may not lead); a block is not allowed in a
   fast or extraordinary round: it is replayed (``end="void"``), the same
   player leading (that the lead tile stays with him is not modelled).
7. Extraordinary lead: a leader holding 0:0 and 6:6 may lead both at once
   when his lead is free (not a forced weekday or fast lead); the two lie as
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
   one suit. 15. Pairs (``pairs=True``) add partners' pips.
17. Otherwise as Kozel (drawing with fewer than four players, the last
   boneyard tile stays).

Seed 003's reading is ``target=202, pairs=True`` (its "partners win only
if the opponents score nothing" is not modelled); seed 002's reading (the
winner records the losers' points, "on a hundred" rounds) is a different,
positive game and is not implemented — documented gaps.

>>> from dominolab.games import new_round
>>> g = new_round("morskoy_kozel", hands=["0:0 6:6 1:2", "0:1 5:6 2:2", "3:3 0:6", "4:4 1:6"],
...               boneyard=[], leader=0)
>>> [str(m) for m in g.legal_moves()][-1]
'P1 0:0+6:6'
>>> g.play("0:0+6:6"); [str(m) for m in g.legal_moves()]
['P2 0:1>L+5:6>R']
"""

from __future__ import annotations

from ...tiles import Tile
from ..moves import Move
from ..rules import Opening, Rules, base_result, heaviest, lead_by_sequence, points_from_team

ZERO, SIX, SIXZERO = Tile(0, 0), Tile(6, 6), Tile(0, 6)


def morskoy_redeal(hand, rules) -> str | None:
    """Five or more doubles, or six or seven tiles of one suit."""
    doubles = sum(t.is_double for t in hand)
    if doubles >= 5:
        return f"{doubles} doubles ({hand})"
    for k in range(rules.set_max + 1):
        c = sum(t.has(k) for t in hand)
        if c >= 6:
            return f"{c} tiles of suit {k} ({hand})"
    return None


def morskoy_opening(deal, boneyard, rules, ctx) -> Opening:
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


def _pairs(state, p) -> list[Move]:
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


def morskoy_moves(state, plays):
    p = state.current_player
    lay = state.layout
    hand = state.hand(p)
    if lay.is_empty():
        if state.flags.get("free_lead") and ZERO in hand and SIX in hand:
            plays = plays + [Move("play", ((ZERO, None), (SIX, None)), p)]
        return plays
    if state.mode == "pairs":
        pairs = _pairs(state, p)
        if pairs:
            return pairs + [m for m in plays if m.end == "M"]
        return plays
    if lay.lnum != lay.rnum:
        a, b = Tile(lay.lnum, lay.lnum), Tile(lay.rnum, lay.rnum)
        if a in hand and b in hand:
            plays = plays + [Move("play", ((a, "L"), (b, "R")), p)]
    return plays


def morskoy_explain(state, move) -> str | None:
    """Name the Morskoy rule an illegal lead or two-tile play breaks (None: the engine's
    generic reason is the right one)."""
    tiles = move.tiles
    if state.layout.is_empty():
        free = state.flags.get("free_lead")
        if len(tiles) == 1 and tiles[0] in (ZERO, SIX) and free and state.lead is not None \
                and tiles[0] not in state.lead:
            return (f"the opening rule allows a fast lead on {tiles[0]} only when every other "
                    f"side already has a record (Morskoy kozel rule 8)")
        if set(tiles) == {ZERO, SIX} and len(tiles) == 2 and not free:
            return ("the extraordinary lead 0:0+6:6 needs a free lead; this round's lead is "
                    "fixed by the opening rule (Morskoy kozel rules 5 and 7)")
        return None
    if len(tiles) == 2 and state.mode != "pairs":
        return ("two tiles in one turn: only two doubles at once, one at each end "
                "(Morskoy kozel rule 12), or after the extraordinary lead one tile at each "
                "side while every player can (rule 7)")
    return None


def morskoy_after_play(state, player, move) -> int:
    nxt = (player + 1) % state.players
    extraordinary = len(move.placements) == 2 and move.placements[0][1] is None
    if extraordinary or state.mode == "pairs":
        state.mode = "pairs" if _pairs(state, nxt) else None
    return nxt


def sea_value(hand) -> int:
    """Lone 0:0 = 25, lone 6:6 = 50, exactly 0:0 and 6:6 = 12, else the pips."""
    s = set(hand)
    if s == {ZERO}:
        return 25
    if s == {SIX}:
        return 50
    if s == {ZERO, SIX}:
        return 12
    return hand.pips


def morskoy_score(state):
    teams = state.teams
    vals = [sea_value(state.hand(p)) for p in range(state.players)]
    tv = [sum(vals[p] for p in t) for t in teams]
    first = state.history[0] if state.history else None
    lead_tiles = first.tiles if first is not None and first.kind == "play" else ()
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
    reason = f"team {loser + 1} holds the most ({amount}) and records it"
    last = set(state.history[-1].tiles) if state.ended == "out" else set()
    if fast:
        amount = fast
        reason = f"fast lead on {lead_tiles[0]}: the loser records {fast}"
        sc = state.context.scores if state.context and state.context.scores else None
        if sc and sc[loser] == state.rules.target - 1:
            titles[loser] = "hanging goat"
    if state.ended == "out" and ZERO in last and SIX in last:
        titles[loser] = "admiral"
        match_over = True
        reason = "finished on 0:0 and 6:6 at once: the loser is the admiral"
    elif state.ended == "out" and ZERO in last:
        titles[loser] = "snotty goat"
        match_over = True
        reason = "finished on 0:0: the loser is the snotty goat"
    elif state.ended == "out" and SIX in last:
        amount = 100
        resets.append(w)
        reason = "finished on 6:6: the loser records 100, the finisher's record goes to 0"
    if extraordinary and loser not in titles:
        titles[loser] = "extraordinary goat"
    tp[loser] = amount + eggs_in
    if eggs_in:
        notes.append(f"eggs of {eggs_in} added to team {loser + 1}")
    return base_result(state, state.ended, winner=state.finisher if state.ended == "out" else
                       (teams[w][0] if w is not None else None), winning_team=w, pips=vals,
                       points=points_from_team(state, tp), team_points=tp, eggs_used=eggs_in,
                       titles=titles, resets=resets, match_over=match_over, reason=reason,
                       notes=notes)


def morskoy_match_update(match, result) -> None:
    """Weekday-lead repetition: count rounds in a row without any record."""
    if any(match.scores):
        match.extra["no_record_rounds"] = 0
    else:
        match.extra["no_record_rounds"] = match.extra.get("no_record_rounds", 0) + 1
    first = match.state.history[0] if match.state.history else None
    if result.end == "void" or (first is not None and len(first.placements) == 2):
        match.extra["keep_leader"] = match.state.leader


RULES = Rules(
    name="morskoy_kozel",
    title="Morskoy kozel (the sea goat) — Морской козёл",
    opening=morskoy_opening,
    scoring=morskoy_score,
    hand_sizes=((2, 7), (3, 7), (4, 7)),
    default_players=4,
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
    options=(("weekday", 0),),
    doc=__doc__,
)
