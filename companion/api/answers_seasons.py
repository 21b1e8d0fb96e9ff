"""The answers of seasons: a season's evenings and standings (api/seasons.py builds them)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..shapes import Answer, Int, Url


class SeasonEvent(Answer):
    """A tournament of the season: it counts once finished; a deleted one counts no more."""

    tournament: str
    name: str
    state: Literal["finished", "in_progress", "deleted"]
    entrants: Int
    url: Url


class SeasonScore(Answer):
    """A player's evening: the place taken, its points, and whether it is one that counts."""

    tournament: str
    place: Int
    points: Int
    counted: bool


class SeasonStanding(Answer):
    rank: Int
    player: str
    points: Int = Field(description="the points of the evenings that count")
    attended: Int = Field(description="finished evenings played")
    events: list[SeasonScore]
    counted: list[str] = Field(description="the tournaments that count, in the season's order")


class Season(Answer):
    id: str
    name: str
    game: str
    count_best: Int
    points: list[Int] = Field(description="points by place, first place first")
    events: list[SeasonEvent]
    standings: list[SeasonStanding]
    url: Url
    csv_url: Url


class SeasonWithKey(Season):
    key: str
    setup_url: Url
