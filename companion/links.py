"""Absolute links people are handed (a game's edit link, a table's, a side's), built in one
place so pages, templates and the API all reach them without importing one another."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import url_for

if TYPE_CHECKING:
    from .services.tournaments import MatchView


def view_url(game_id: str) -> str:
    """The link anyone reads a game with."""
    return url_for("games.show", game_id=game_id, _external=True)


def edit_url(game_id: str, key: str) -> str:
    """The link that opens a game for changing it."""
    return url_for("games.show", game_id=game_id, key=key, _external=True)


def table_url(tournament_id: str, match_id: int, key: str) -> str:
    """A tournament table's scorer link."""
    return url_for("tournaments.table", tournament_id=tournament_id, match_id=match_id,
                   key=key, _external=True)


def side_url(view: MatchView, side: int) -> str:
    """The link one side confirms its match's result with."""
    return url_for("tournament_extras.side", tournament_id=view.row.tournament_id,
                   match_id=view.row.id, key=view.row.side_keys[side], _external=True)


def seat_url(game_id: str, side: int, key: str) -> str:
    """The link one seat enters its own side's part of each hand with."""
    return url_for("seats.seat", game_id=game_id, side=side, key=key, _external=True)
