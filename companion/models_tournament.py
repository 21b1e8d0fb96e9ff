"""Tournament tables. Games at the tables are ordinary games, linked through MatchGame."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from .models import json_field, utcnow


def _tournament_fk() -> Any:
    return Field(sa_column=Column(String(32), ForeignKey("tournament.id", ondelete="CASCADE"),
                                  index=True, nullable=False))


class Tournament(SQLModel, table=True):
    """An event: its game and frozen rules, format and settings, and the director's key."""

    id: str = Field(primary_key=True, max_length=32)
    name: str = Field(max_length=80)
    game: str = Field(max_length=16)
    rules: dict[str, Any] = json_field()
    format: str = Field(max_length=32)
    settings: dict[str, Any] = json_field()
    director_key_hash: str = Field(max_length=128)
    version: int = 1
    # Its board's revision (services/boards.py): moves with it and with its tables' games.
    board_revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    # The current round's clock: {"round", "minutes", "running", "ends_at" or "remaining"}.
    clock: dict[str, Any] | None = json_field(nullable=True)
    # Deleted by its director: gone from every page until restored (within 7 days).
    deleted_at: datetime | None = None


class Entrant(SQLModel, table=True):
    """A player, or a fixed partnership (two players), in seeding order."""

    __table_args__ = (UniqueConstraint("tournament_id", "seed"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = _tournament_fk()
    seed: int
    name: str = Field(max_length=90)
    players: list[Any] = json_field()
    # Withdrawn: {"after_round": n, "reason": text}, n the last round finished (every table
    # decided) when it left; its results stand, it is paired no more.
    withdrawn: dict[str, Any] | None = json_field(nullable=True)
    # False until the director checks them in (a tournament set up with check_in).
    checked_in: bool = True


class Round(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = _tournament_fk()
    number: int
    created_at: datetime = Field(default_factory=utcnow)


class Match(SQLModel, table=True):
    """A table of a round: its sides (entrant ids; one alone is a bye), a result the
    director entered by hand, if any, which overrides the games, and the sides' confirmation."""

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = _tournament_fk()
    round_id: int = Field(sa_column=Column(Integer, ForeignKey("round.id", ondelete="CASCADE"),
                                           index=True, nullable=False))
    table: int
    sides: list[Any] = json_field()
    key_hash: str = Field(max_length=128)
    # The table's scorer key as the director can show it (random, never derived from the id:
    # a database may give a removed match's id again); None once its scorer set a new one, or
    # for a table paired before keys were stored (tournament_keys.shown_table_key).
    table_key: str | None = Field(default=None, max_length=32)
    manual: dict[str, Any] | None = json_field(nullable=True)
    # The losing side's word on the result: confirmed or disputed, and the result it was about.
    confirmation: dict[str, Any] | None = json_field(nullable=True)
    # Each side's key to confirm the result with, random; new ones end the old links.
    side_keys: list[Any] = json_field()
    # A knockout's match between the two semi-final losers, played beside the final.
    third_place: bool = False
    # A double elimination's bracket: "winners", "losers" or "final"; "" in other formats.
    bracket: str = Field(default="", max_length=8, sa_column_kwargs={"server_default": ""})
    # A group stage's group ("A", "B", ...); "" outside one (the knockout after it included).
    group_label: str = Field(default="", max_length=4, sa_column_kwargs={"server_default": ""})


class ReplacedSideKey(SQLModel, table=True):
    """A side's confirmation key that new ones replaced (the director's, or a match re-seated
    or taken back): refused with a sentence saying so, whichever match now has its id."""

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = _tournament_fk()
    key_hash: str = Field(max_length=128)


class MatchGame(SQLModel, table=True):
    """Game `number` (1-based) of a match; tournament_id makes the version check one query."""

    __table_args__ = (UniqueConstraint("match_id", "number"),)

    match_id: int = Field(sa_column=Column(Integer, ForeignKey("match.id", ondelete="CASCADE"),
                                           primary_key=True))
    game_id: str = Field(sa_column=Column(String(32), ForeignKey("game.id", ondelete="CASCADE"),
                                          primary_key=True, index=True))
    tournament_id: str = _tournament_fk()
    number: int


class TournamentEvent(SQLModel, table=True):
    """The tournament's audit trail: rounds, entrants, results, corrections, confirmations,
    disputes, decisions, keys and withdrawals; who acted, at which round and table."""

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = _tournament_fk()
    version: int
    action: str = Field(max_length=24)
    by: str = Field(default="system", max_length=16)  # director, scorer, side or system
    match_id: int | None = None
    round: int | None = None
    table: int | None = None
    names: list[Any] | None = json_field(nullable=True)
    before: dict[str, Any] | None = json_field(nullable=True)
    after: dict[str, Any] | None = json_field(nullable=True)
    reason: str = Field(default="", max_length=500)
    created_at: datetime = Field(default_factory=utcnow)
