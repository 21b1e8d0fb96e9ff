"""Games: create, load, add/correct/delete hands, undo and redo, settings, matches, rematch.

One module per job: reading (a game as people see it, lists, history), changing (the change
machinery every change goes through: one lock, one history line, once per Idempotency-Key),
hands, undoing, settings (names and target), creating (a new game, a new key), deleting,
matches (a Basra match outside tournaments) and rematch. This package is their public surface.
"""

from __future__ import annotations

from .changing import (
    REDO,
    SETTINGS,
    TRIM,
    UNDO,
    StaleGame,
    answered_before,
    check_hand_count,
    follow_changes,
    kind,
    open_change,
)
from .creating import create_game, rotate_key
from .deleting import UNDELETE_WINDOW, delete_game, restorable_games, restore_game
from .hands import add_hand, delete_after_end, delete_hand, edit_hand, refuse_finished
from .matches import (
    GameMatch,
    MatchGameExists,
    MatchSummary,
    match_summary,
    next_match_game,
    standalone_match,
)
from .reading import (
    GameNotFound,
    GameView,
    compute,
    history,
    in_tournament,
    known_players,
    list_games,
    load_game,
    revision,
)
from .rematch import REMATCH, rematch
from .settings import change_settings, settings_of, settings_refusal
from .undoing import last_change, last_undo, redo_last, undo_last

__all__ = ["REDO", "REMATCH", "SETTINGS", "TRIM", "UNDELETE_WINDOW", "UNDO", "GameMatch",
           "GameNotFound", "GameView", "MatchGameExists", "MatchSummary", "StaleGame", "add_hand",
           "answered_before", "change_settings", "check_hand_count", "follow_changes", "compute",
           "create_game", "delete_after_end", "delete_game", "delete_hand",
           "edit_hand", "history", "in_tournament", "kind", "known_players", "last_change",
           "last_undo", "list_games", "load_game", "match_summary", "next_match_game",
           "open_change", "redo_last", "refuse_finished", "rematch", "restorable_games",
           "restore_game", "revision", "rotate_key", "settings_of", "settings_refusal",
           "standalone_match", "undo_last"]
