"""Matches: rounds played to the variant's target with its carry-over rules.

A :class:`Match` deals round after round (deterministically from its seed),
tells each round who leads (the opening rule sees the previous result),
carries eggs, applies the record threshold ("a record starts only at 13"),
resets and titles, eliminates players where the variant does (Semyorka's
three sticks; the players left keep the first round's hand size), and ends
when a side reaches the target: the winner in positive games, the goat
(loser) in penalty games. With a fixed number of deals (``rounds=N``) the
target does not end the match: exactly N deals are played (a void round, one
that does not count, is dealt again and is not one of them; a result that
decides the match at once, such as Morskoy kozel's snotty goat, or the last
player left in Semyorka, still ends it), and a match that is level at the top
after them goes on, one round at a time, until it is not ("there is no draw":
«Международные правила игры в спортивное домино»; the Russian Wikipedia article
«Домино»: sport dominoes plays "a set number of deals, a multiple of four").

Eggs given to a side whose amount is not recorded (below the record threshold)
are not lost: they wait for the next round (docs/rules.md, "Kozel").

>>> from dominolab.games import Match, bots
>>> m = Match("kozel", players=4, seed=3)
>>> m.play([bots.GreedyBot(seed=s) for s in range(4)])
True
>>> m.is_over(), max(m.scores) >= 101, m.loser is not None
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import GameOver
from ..i18n import N_, ngettext, tr
from ..tiles import Tile
from .bots import Bot, play_out
from .record import Record
from .rules import RoundContext, RoundResult, Rules
from .setup import get_rules, new_game
from .state import GameState

#: the note for points below a variant's record threshold (lesson 10 looks for it)
UNRECORDED = N_("round {k}: {pts} for team {team} not recorded (a record starts at {thr})")
#: … where every record needs the threshold (Osyol)
UNRECORDED_EVERY = N_("round {k}: {pts} for team {team} not recorded (a record needs {thr})")


class Match:
    """A match of ``variant``: ``scores`` per team (per seat in individual games).

    Use :meth:`new_round` / play the state / :meth:`finish_round`, or
    :meth:`play` with bots. ``results`` and ``records`` keep every round.
    """

    def __init__(self, variant: str | Rules, players: int | None = None, seed: int = 7,
                 rounds: int | None = None, **options: Any):
        self.rules = get_rules(variant, **options)
        self.players = players or self.rules.default_players
        self.rules.hand_size(self.players)
        self.seed = seed
        self.max_rounds = rounds
        self.teams = self.rules.teams_for(self.players)
        self.scores = [0] * len(self.teams)
        self.active = list(range(self.players))
        self.eliminated: list[int] = []
        self.results: list[RoundResult] = []
        self.records: list[Record] = []
        self.titles: list[tuple[int, int, str]] = []   # (round, team, title)
        self.notes: list[str] = []
        self.extra: dict[str, Any] = {}
        self.eggs = 0
        self.round_no = 0
        self.deals = 0                   # rounds that counted (not void, not redealt)
        #: team -> the amount of the last round not recorded for it (below the record
        #: threshold; eggs excluded: those wait as eggs), for a variant's ``match_update``
        self.skipped: dict[int, int] = {}
        self.first_leader: int | None = None
        self.state: GameState | None = None
        self._last_active: list[int] = []   # the seats of the round being played
        self._over = False
        self.winner: int | None = None   # team index
        self.loser: int | None = None    # team index (the goat)

    # -- rounds -----------------------------------------------------------------
    def _seat_scores_for_round(self) -> list[int]:
        if len(self.active) == self.players:
            return list(self.scores)
        return [self.scores[s] for s in self.active]

    def new_round(self) -> GameState:
        """Deal the next round and return its GameState."""
        if self._over:
            raise GameOver("the match is over; start a new Match")
        prev = self.results[-1] if self.results else None
        hint = None
        if "keep_leader" in self.extra:
            seat = self._last_active[self.extra.pop("keep_leader")] if prev else None
        elif prev is not None and prev.finisher is not None:
            seat = self._last_active[prev.finisher]
        else:
            seat = None
        if seat is not None and seat in self.active:
            hint = self.active.index(seat)
        # tiles a seat takes before the shuffle (a variant's match_update puts them here)
        kept = {self.active.index(s): tuple(Tile.parse(t) if isinstance(t, str) else t
                                            for t in tiles)
                for s, tiles in self.extra.pop("kept_tiles", {}).items() if s in self.active}
        ctx = RoundContext(round_no=self.round_no, previous=prev, leader_hint=hint,
                           first_leader=self.first_leader, scores=self._seat_scores_for_round(),
                           eggs=self.eggs, extra=dict(self.extra), kept=kept)
        ctx.extra.setdefault("flip_seed", self.seed)
        self._last_active = list(self.active)
        rules = self.rules
        n = len(self.active)
        if n != self.players:
            # after eliminations the players still take as many tiles as in the first round
            # (Semyorka, the Wikipedia article: "игроки берут столько же камней, сколько и в первую")
            k = rules.hand_size(self.players)
            rules = rules.with_options(hand_sizes=tuple(
                (m, k if m == n else size) for m, size in rules.hand_sizes))
        state = self.state = new_game(rules, players=n,
                                      seed=self.seed * 7919 + self.round_no, context=ctx)
        if self.first_leader is None:
            self.first_leader = state.leader
        return state

    def finish_round(self) -> RoundResult:
        """Carry the finished round into the match; returns its result."""
        st = self.state
        if st is None:
            raise GameOver("no round has been dealt yet: call new_round() first")
        res = st.result()
        self.results.append(res)
        self.records.append(Record.from_state(st))
        self.round_no += 1
        seats = self._last_active
        team_index = (lambda t: t) if len(seats) == self.players else (lambda t: seats[t])
        self.skipped = {}
        if res.end in ("void", "redeal"):
            self.notes.append(tr("round {k}: {what}").format(k=self.round_no, what=res.reason))
        else:
            self.deals += 1
            self.eggs = res.eggs
            thr = self.rules.record_threshold
            every = self.rules.threshold_every_record
            for t, pts in enumerate(res.team_points):
                T = team_index(t)
                if pts <= 0:
                    continue
                if thr and (every or self.scores[T] == 0) and pts < thr:
                    self.notes.append(tr(UNRECORDED_EVERY if every else UNRECORDED).format(
                        k=self.round_no, pts=pts, team=T + 1, thr=thr))
                    if t == res.eggs_team and res.eggs_used:
                        # the eggs do not vanish: they wait for the next round
                        self.eggs += res.eggs_used
                        pts -= res.eggs_used
                        self.notes.append(tr("round {k}: the eggs ({eggs}) wait for the next "
                                             "round").format(k=self.round_no,
                                                             eggs=res.eggs_used))
                    self.skipped[T] = pts
                    continue
                self.scores[T] += pts
            for t in res.resets:
                self.scores[team_index(t)] = 0
            for t, title in res.titles.items():
                self.titles.append((self.round_no, team_index(t), title))
        if self.rules.match_update is not None:
            self.rules.match_update(self, res)
        self._check_over(res)
        return res

    def _check_over(self, res: RoundResult) -> None:
        r = self.rules
        fixed = self.max_rounds
        if r.opt("eliminate"):
            for s in list(self.active):
                if self.scores[s] >= r.target:
                    self.active.remove(s)
                    self.eliminated.append(s)
            if len(self.active) <= 1:
                self._over = True
                self.winner = self.active[0] if self.active else None
                self.loser = self.eliminated[0] if self.eliminated else None
                return
            if not fixed or self.deals < fixed:
                return
            # the agreed deals are played: the player left with the fewest sticks wins
            few = min(self.scores[s] for s in self.active)
            if sum(self.scores[s] == few for s in self.active) > 1:
                self.notes.append(f"round {self.round_no}: level at {few} after the agreed "
                                  f"deals: an extra round")
                return
            self._over = True
            self.winner = next(s for s in self.active if self.scores[s] == few)
            self.loser = (self.eliminated[0] if self.eliminated else
                          max(self.active, key=lambda s: self.scores[s]))
            return
        if res.match_over and res.end not in ("void", "redeal"):
            self._over = True
            goat = next((t for t, title in res.titles.items()), None)
            self.loser = goat if len(self._last_active) == self.players else None
            self.winner = res.winning_team
            return
        if r.match_deals:
            # a match of a fixed number of deals by its rules (one per engine double):
            # after them the lowest penalty total (the highest score) wins, ties standing
            if self.deals < r.match_deals:
                return
            self._over = True
            sides = range(len(self.scores))
            low = min(sides, key=self.scores.__getitem__)
            high = max(sides, key=self.scores.__getitem__)
            self.winner, self.loser = (low, high) if r.penalties else (high, low)
            return
        top = max(self.scores)
        if fixed:
            # a fixed number of deals: all of them are played, the target does not stop
            # the match («Играется определённое количество раздач», the Russian Wikipedia
            # article «Домино», sport dominoes)
            if self.deals < fixed:
                return
            if self.scores.count(top) > 1:
                # level after the agreed deals: "there is no draw; on equal points an extra
                # round is played" («Международные правила игры в спортивное домино»)
                self.notes.append(tr("round {k}: level at {top} after the agreed deals: an "
                                     "extra round").format(k=self.round_no, top=top))
                return
        elif top < r.target:
            return
        self._over = True
        best = max(range(len(self.scores)), key=lambda t: self.scores[t])
        low = min(range(len(self.scores)), key=lambda t: self.scores[t])
        if r.penalties:
            self.loser, self.winner = best, low
        else:
            self.winner, self.loser = best, low

    @property
    def round_seats(self) -> list[int]:
        """The seat of each player of the round being played (players are numbered
        0, 1, … in a round; after an elimination the seats keep their match numbers)."""
        return list(self._last_active)

    def is_over(self) -> bool:
        return self._over

    def play(self, bots: Sequence[Bot], max_rounds: int = 10_000) -> bool:
        """Play rounds with ``bots`` (one per seat) until the match ends; True when it did."""
        for _ in range(max_rounds):
            if self._over:
                return True
            st = self.new_round()
            play_out(st, [bots[s] for s in self.active])
            self.finish_round()
        return self._over

    def standings(self) -> str:
        """A short text table of the match scores."""
        kind = tr("penalties") if self.rules.penalties else tr("points")
        rounds = len(self.results)
        rows = [ngettext("{title}: {n} round, {kind}", "{title}: {n} rounds, {kind}", rounds)
                .format(title=tr(self.rules.title), n=rounds, kind=kind)]
        for t, members in enumerate(self.teams):
            who = " & ".join(f"P{p + 1}" for p in members)
            flag = ""
            if self._over and t == self.loser and self.rules.penalties:
                flag = "  <- " + (tr("goat") if self.rules.record_threshold else tr("lost"))
            if self._over and t == self.winner:
                flag = "  <- " + tr("winner")
            rows.append("  " + tr("team {k} ({who}): {score}").format(
                k=t + 1, who=who, score=self.scores[t]) + flag)
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<Match {self.rules.name}: scores {self.scores}, {len(self.results)} rounds>"
