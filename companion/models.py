"""Database tables of games. Change them only together with a migration in migrations/versions.

Tournament tables live in models_tournament.py, which builds on these (never the reverse).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, ForeignKey, String, UniqueConstraint
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


def json_field(nullable: bool = False) -> Any:
    return Field(default=None, sa_column=Column(JSON, nullable=nullable))


def _game_fk(primary_key: bool = False) -> Any:
    return Field(
        sa_column=Column(
            String(32), ForeignKey("game.id", ondelete="CASCADE"),
            index=not primary_key, primary_key=primary_key, nullable=False,
        )
    )


class Game(SQLModel, table=True):
    """A scored game: who plays, the frozen rules, and a version for stale-edit checks."""

    id: str = Field(primary_key=True, max_length=32)
    game: str = Field(max_length=16)
    rules: dict[str, Any] = json_field()
    players: list[Any] = json_field()
    teams: list[Any] | None = json_field(nullable=True)
    first_dealer: int = 0
    version: int = 1
    # Its board's revision (services/boards.py): moves with the game, its match, its tournament.
    board_revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    edit_key_hash: str = Field(max_length=128)
    finished: bool = False
    winners: list[Any] = json_field()
    totals: list[Any] = json_field()
    hand_count: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow, index=True)
    deleted_at: datetime | None = None
    # A Basra match outside tournaments: the id of its first game, and this game's number.
    match_id: str | None = Field(default=None, max_length=32, index=True)
    match_number: int | None = None


class Hand(SQLModel, table=True):
    """One hand exactly as entered; `position` is its 1-based number in the game."""

    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = _game_fk()
    position: int
    data: dict[str, Any] = json_field()
    created_at: datetime = Field(default_factory=utcnow)


class GameEvent(SQLModel, table=True):
    """The visible history of a game: every change with what it replaced."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = _game_fk()
    version: int
    action: str = Field(max_length=16)
    number: int | None = None
    before: dict[str, Any] | None = json_field(nullable=True)
    after: dict[str, Any] | None = json_field(nullable=True)
    reason: str = Field(default="", max_length=500)
    undone: bool = False
    # An undo or a redo: the kind of change it reverses ("add", "edit", "settings"...).
    reverses: str = Field(default="", max_length=16)
    by: str = Field(default="", max_length=16)  # "director" when a tournament's director did it
    created_at: datetime = Field(default_factory=utcnow)


class IdempotentRequest(SQLModel, table=True):
    """A retried request with the same Idempotency-Key gets the first answer again."""

    game_id: str = _game_fk(primary_key=True)
    key: str = Field(primary_key=True, max_length=128)
    status: int
    body: dict[str, Any] = json_field()
    created_at: datetime = Field(default_factory=utcnow)


class PlayAlong(SQLModel, table=True):
    """A Basra hand recorded card by card; `state` is the rules engine's play-along state."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = _game_fk()
    state: dict[str, Any] = json_field()
    version: int = 1
    finished: bool = False
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class KnownPlayer(SQLModel, table=True):
    """Names typed before, offered as suggestions when a new game is set up."""

    name: str = Field(primary_key=True, max_length=60)
    uses: int = 1
    last_used: datetime = Field(default_factory=utcnow, index=True)


class Seat(SQLModel, table=True):
    """A game's seat link: one per side (or per player), its key stored hashed, and what
    the side sent for the hand being entered (`hand`: its number)."""

    game_id: str = _game_fk(primary_key=True)
    side: int = Field(primary_key=True)
    key_hash: str = Field(max_length=128)
    hand: int | None = None
    entry: dict[str, Any] | None = json_field(nullable=True)
    sent_at: datetime | None = None
