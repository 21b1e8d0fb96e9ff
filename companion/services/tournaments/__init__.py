"""Tournaments: entrants, rounds and tables whose games are ordinary games, and standings.

One module per job: reading (the tournament as it stands, standings), creating (settings,
entrants), rounds (pairing them), playing (each match's games), results (set by the
director), corrections (later rounds follow a changed result), field (withdrawals, late
entrants), audit (history).
"""

from __future__ import annotations

from .audit import history
from .corrections import game_changed
from .creating import create_tournament, set_up_problems
from .field import add_entrants, withdraw
from .reading import (
    FORMATS,
    GROUPS,
    GROUPS_KNOCKOUT,
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    MatchView,
    TournamentConflict,
    TournamentGone,
    TournamentNotFound,
    TournamentView,
    csv_text,
    game_match,
    load,
    match_of,
    match_view,
    rankings,
    records,
    scoring,
    version,
)
from .results import clear_result, set_result
from .rounds import next_round

__all__ = ["FORMATS", "GROUPS", "GROUPS_KNOCKOUT", "KNOCKOUT", "ROUND_ROBIN", "SWISS",
           "MatchView", "TournamentConflict",
           "TournamentGone", "TournamentNotFound", "TournamentView", "add_entrants",
           "clear_result", "create_tournament", "csv_text", "game_changed", "game_match",
           "history", "load", "match_of", "match_view", "next_round", "rankings", "records",
           "scoring", "set_result", "set_up_problems", "version", "withdraw"]
