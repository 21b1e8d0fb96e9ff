"""Ratings' tables (docs/ratings.md): each rated game's step of its players, and where each
player stands now. Change them only together with a migration in migrations/versions.

They follow the games (services/ratings.py, in each game's own transaction) and are only ever
a replay of them: dropping every row and replaying the games gives them back exactly.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, ForeignKey, Index, String
from sqlmodel import Field, SQLModel

NAME = 80  # longer than any player's name (40) or a tournament entrant's


class RatingStep(SQLModel, table=True):
    """A player's rating just after one finished game: the history a player's card charts."""

    # Replays read a game's steps from one game on; a card reads one player's, oldest first.
    __table_args__ = (Index("ix_ratingstep_game_at", "game", "at", "game_id"),
                      Index("ix_ratingstep_player", "game", "player", "at"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(sa_column=Column(String(32), ForeignKey("game.id", ondelete="CASCADE"),
                                          index=True, nullable=False))
    game: str = Field(max_length=16)     # Basra, Shelem... as in the catalogue
    player: str = Field(max_length=NAME)  # player_key: trimmed, case ignored
    name: str = Field(max_length=NAME)    # as first spelled
    at: datetime                          # the game's creation: the order games count in
    mu: float
    sigma: float
    games: int                            # the player's rated games, this one included


class PlayerRating(SQLModel, table=True):
    """Where a player stands now in one game: their latest step."""

    game: str = Field(primary_key=True, max_length=16)
    player: str = Field(primary_key=True, max_length=NAME)
    name: str = Field(max_length=NAME)
    mu: float
    sigma: float
    games: int
