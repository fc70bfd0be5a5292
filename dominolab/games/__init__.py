"""The rules engine: variants as data, game states with push/pop play, matches,
records, bots and simulation.

This file only re-exports; where each thing lives is in ``docs/architecture.md``.

>>> from dominolab import games
>>> sorted(games.VARIANTS)
['checheve', 'classic', 'cuban', 'general', 'kozel', 'mexican_train', 'morskoy_kozel', 'muggins', 'osyol', 'semyorka', 'sport', 'telefon']
>>> g = games.new_game("kozel", players=4, seed=7)
>>> len(g.hand(0)), g.boneyard_count(), g.current_player
(7, 0, 0)
>>> r = games.play_out(g, [games.bots.GreedyBot(seed=1)] * 4)
>>> r.end in ("out", "blocked"), len(r.team_points)      # two pairs
(True, 2)
"""

from . import bayes, bots, combinatorial, duplicate, inference, solver
from .bayes import BayesTable, Estimate, bayes_table, estimate_by_rejection
from .blocks import (BlockedLine, block_value, blocked_line, blocking_moves, can_force_block,
                     fastest_block)
from .bots import ISMCTSBot, SamplingBot, play_out, tournament
from .duplicate import ladder
from .inference import consistent_deals, knowledge, sample_deal
from .layout import Layout, LineLayout
from .match import Match
from .moves import Draw, Move, Pass, Play
from .record import Record, replay
from .rules import Opening, RoundContext, RoundResult, Rules
from .search import Analysis, NeedsChance, solve
from .setup import deal, get_rules, new_game, new_round
from .simulate import check_invariants, simulate
from .state import GameState
from .variants import VARIANTS

__all__ = [
    "VARIANTS", "Rules", "RoundResult", "RoundContext", "Opening", "GameState", "Layout",
    "LineLayout", "Move", "Play", "Draw", "Pass", "Match", "Record", "replay", "bots",
    "play_out", "tournament", "new_game", "new_round", "get_rules", "deal", "simulate",
    "check_invariants", "solver", "inference", "solve", "Analysis", "NeedsChance",
    "SamplingBot", "knowledge", "consistent_deals", "sample_deal", "block_value",
    "blocking_moves", "can_force_block", "fastest_block", "duplicate", "ladder", "ISMCTSBot",
    "bayes", "BayesTable", "Estimate", "bayes_table", "estimate_by_rejection",
    "BlockedLine", "blocked_line", "combinatorial",
]
