"""Season tables: a season of evenings (tournaments) of one game, and the evenings in it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column, ForeignKey, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from .models import json_field, utcnow


class Season(SQLModel, table=True):
    """A season: its game, how many evenings count, the points by place, and its key."""

    id: str = Field(primary_key=True, max_length=32)
    name: str = Field(max_length=80)
    game: str = Field(max_length=16)
    count_best: int
    # Points by place, first place first (a place below the table scores nothing).
    points: list[Any] = json_field()
    key_hash: str = Field(max_length=128)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class SeasonEvent(SQLModel, table=True):
    """A tournament counted in a season, in the order added."""

    __table_args__ = (UniqueConstraint("season_id", "tournament_id"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: str = Field(sa_column=Column(String(32), ForeignKey("season.id",
                                                                    ondelete="CASCADE"),
                                            index=True, nullable=False))
    # A tournament purged for good leaves its seasons with it.
    tournament_id: str = Field(sa_column=Column(String(32), ForeignKey("tournament.id",
                                                                        ondelete="CASCADE"),
                                                index=True, nullable=False))
    added_at: datetime = Field(default_factory=utcnow)
