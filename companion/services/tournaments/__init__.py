"""Tournaments: entrants, rounds and tables whose games are ordinary games, and standings.

One module per job: reading (the tournament as it stands, standings), creating (settings,
entrants), playing (rounds, each match's games), results (set by the director).
"""

from __future__ import annotations

from ..tournament_access import TournamentNotFound
from .creating import add_entrants, create_tournament
from .playing import next_round
from .reading import (
    FORMATS,
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    MatchView,
    TournamentView,
    csv_text,
    game_match,
    history,
    load,
    match_of,
    match_view,
    rankings,
    records,
    scoring,
    version,
)
from .results import clear_result, set_result

__all__ = ["FORMATS", "KNOCKOUT", "ROUND_ROBIN", "SWISS", "MatchView", "TournamentNotFound",
           "TournamentView", "add_entrants", "clear_result", "create_tournament", "csv_text",
           "game_match", "history", "load", "match_of", "match_view", "next_round",
           "rankings", "records", "scoring", "set_result", "version"]
