"""What the four-direction (cross) games share: several doubles in one turn, the reasons
a play on a cross is illegal, and a free lead that must be a double.

The layout itself is :class:`~dominolab.games.spinner_layout.SpinnerLayout` (or, for
Telefon's ``houses="every_double"``, :class:`~dominolab.games.houses_layout.HousesLayout`,
where every double opens sides); the variants (Osyol, Telefon, Muggins, Chechevé) put
these functions in their :class:`~dominolab.games.rules.Rules` as hooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations, product
from typing import cast

from ...i18n import tr
from ...tiles import Hand, Tile, tile_index
from ..houses_layout import HousesLayout
from ..moves import Move
from ..rules import Opening, Rules
from ..spinner_layout import SpinnerLayout
from ..state import GameState

#: At most this many doubles in one turn: «до четырёх дублей (по одному с каждой стороны)».
MAX_DOUBLES = 4

__all__ = ["multi_double_moves", "explain_illegal", "restrict_lead_to_doubles"]


def multi_double_moves(state, plays):
    """``extra_moves`` hook: several doubles in one turn, one per arm open at the start of the
    turn, each open or closed as the closing rule allows (rule option ``multi_doubles``).

    Doubles are written in arm order W, E, N, S; while there is no spinner
    both orders of a W+E pair are listed (the first open one becomes the
    spinner).

    >>> from dominolab.games import new_round
    >>> g = new_round("telefon", hands=["2:3 6:6", "2:2 3:3 0:1"], boneyard=[], leader=0)
    >>> g.play("2:3"); [str(m) for m in g.legal_moves()]
    ['P2 2:2>W', 'P2 3:3>E', 'P2 2:2>W+3:3>E', 'P2 3:3>E+2:2>W']
    """
    r = state.rules
    lay = state.layout
    if not r.opt("multi_doubles") or lay.is_empty():
        return plays
    p = state.current_player
    h = state.hands[p]
    cand = [(e, Tile(k, k)) for e, k in lay.open_ends() if (h >> tile_index(k, k)) & 1]
    if len({d for _, d in cand}) < 2:
        return plays
    out = list(plays)
    seen = set()
    flags_for = (False, True) if lay.closing != "none" else (False,)
    # on the cross the order matters while there is no spinner (the first open double
    # becomes it); where every double opens sides it only numbers the houses: one order
    one_order = lay.spinner is not None or lay.every_double_opens
    for size in range(2, min(len(cand), MAX_DOUBLES) + 1):
        for combo in combinations(cand, size):
            if len({d for _, d in combo}) < size:
                continue
            orders = [combo] if one_order else permutations(combo)
            for order in orders:
                for flags in product(flags_for, repeat=size):
                    pl = tuple((d, e + "!" if c else e) for (e, d), c in zip(order, flags))
                    placed = 0
                    ok = True
                    for t, e in pl:
                        if not lay.fits(t, e):
                            ok = False
                            break
                        lay.place(t, e)
                        placed += 1
                    sig = (frozenset(pl), lay.spinner_number()) if ok else None
                    for _ in range(placed):
                        lay.pop()
                    if ok and sig not in seen:
                        seen.add(sig)
                        out.append(Move._make("play", pl, p))
    return out


def explain_illegal(state: GameState, move: Move) -> str | None:
    """Why a play is illegal on a cross, naming the rule (``Rules.explain`` hook), in the
    current language; None when the generic reasons apply."""
    if move.kind != "play":
        return None
    r = state.rules
    # the cross games' rules lay a cross (or, Telefon's houses, a tree of houses)
    lay = cast(SpinnerLayout | HousesLayout, state.layout)
    title = tr(r.title).split(" — ")[0]
    pl = move.placements
    ends_now = dict(lay.open_ends())
    names_now = lay.arm_names()
    houses = lay.every_double_opens
    for t, e in pl:
        if e is None:
            if not lay.is_empty():
                if houses:
                    return tr("the table is not empty; name the end ({ends})").format(
                        ends=", ".join(names_now))
                return tr("the table is not empty; name the arm (W, E, N or S)")
            continue
        name = e.rstrip("!-")
        if name not in names_now:
            if houses:
                return tr("the table has the ends {ends}, not {end}").format(
                    ends=", ".join(names_now), end=repr(e))
            return tr("a cross has arms W, E, N and S, not {end}").format(end=repr(e))
        if e.endswith("-"):
            if not t.is_double:
                return tr("only a double can be laid lengthwise; {tile} is not a "
                          "double").format(tile=t)
            if lay.count_doubles != "choice":
                return tr("{game}: doubles are laid across, not lengthwise").format(game=title)
            if lay.spinner is None:
                return tr("{game}: the first double is the {spinner} and lies across "
                          "(«Дубли, кроме первого, игрок укладывает вдоль и поперек»)").format(
                    game=title, spinner=tr(r.spinner_name))
        if e.endswith("!"):
            if lay.is_empty():
                return tr("a lead cannot be closed")
            if not t.is_double:
                return tr("only a double can be closed; {tile} is not a double").format(tile=t)
            if lay.closing == "none":
                return tr("{game} has no closing of doubles").format(game=title)
            if lay.closing == "not_base" and lay.spinner is None:
                return tr("{game}: the first double (the base) cannot be closed").format(
                    game=title)
    if len(pl) > 1:
        if lay.is_empty():
            return None
        if not r.opt("multi_doubles"):
            return tr("{game}: one tile per turn (several doubles at once are not "
                      "allowed)").format(game=title)
        for t, _ in pl:
            if not t.is_double:
                return tr("only doubles may be played several at once, one per open side; "
                          "{tile} is not a double").format(tile=t)
        if len(pl) > MAX_DOUBLES:
            return tr("at most {n} doubles in one turn, one per side").format(n=MAX_DOUBLES)
        names = [(e or "").rstrip("!-") for _, e in pl]   # (no end is None: not a lead)
        for n in names:
            if names.count(n) > 1:
                return tr("one double per side: the {arm} arm is used twice").format(arm=n)
        for (t, e), n in zip(pl, names):
            if n not in ends_now:
                return tr("the {arm} arm is not open at the start of the turn (open: "
                          "{open}); one double per open side").format(
                    arm=n, open=", ".join(ends_now) or tr("none"))
            if not t.is_double or t.low != ends_now[n]:
                return tr("{tile} does not match the {arm} arm showing {k}").format(
                    tile=t, arm=n, k=ends_now[n])
        if lay.spinner is not None or houses:
            return tr("write the doubles in the order of the ends ({ends})").format(
                ends=", ".join(names_now))
        return None
    t, e = pl[0]
    if e is None or lay.is_empty():
        return None
    name = e.rstrip("!-")
    if name in lay.closed_ends():
        return tr("the {arm} arm is closed by a face-down double").format(arm=name)
    if houses and name not in ends_now:
        return tr("the {arm} side is not open yet: the house's own two sides come "
                  "first").format(arm=name)
    if name in ("N", "S") and name not in ends_now:
        if lay.spinner is None:
            return tr("the {arm} arm does not exist yet: no double has been played open (no "
                      "spinner)").format(arm=name)
        return tr("{game}: the spinner opens N and S only after both its sides (W and E) "
                  "are played").format(game=title)
    if name in ends_now and not (t.low == ends_now[name] or t.high == ends_now[name]):
        return tr("{tile} does not match the {arm} arm showing {k}").format(
            tile=t, arm=name, k=ends_now[name])
    return None


def restrict_lead_to_doubles(op: Opening, deal: Sequence[Hand], rules: Rules) -> Opening:
    """Rule option ``lead_double``: a free lead must be a double when the leader has one."""
    if op.lead is not None or not rules.opt("lead_double"):
        return op
    doubles = tuple(t for t in deal[op.leader] if t.is_double)
    if not doubles:
        return op
    return type(op)(op.leader, doubles, op.flags, op.why + " (the lead must be a double)")
