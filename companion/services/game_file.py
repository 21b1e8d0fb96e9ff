"""A game's export file (`GET /api/v1/games/<id>/export`, the page's JSON download): the
shape transfer.py writes and the API describes."""

from __future__ import annotations

from typing import Literal

from ..shapes import Answer, Int, Object, Side, When


class Seated(Answer):
    """A game as both its answer and its export name it: what, under which rules, who."""

    id: str
    game: str
    rules: Object
    players: list[str]
    teams: list[list[Int]] | None
    sides: list[str]


class ExportedHand(Answer):
    number: Int
    hand: Object
    scores: list[Int]
    counted: bool


class ExportedEvent(Answer):
    version: Int
    action: str
    number: Int | None
    before: Object | None
    after: Object | None
    reason: str | None
    undone: bool
    created_at: When | None


class ExportedPlayAlong(Answer):
    state: Object
    version: Int
    finished: bool


class Export(Seated):
    """Everything about a game except its edit key: players, rules, hands, history."""

    format: Literal["companion-game"]
    format_version: Int
    first_dealer: Int
    version: Int
    totals: list[Int]
    finished: bool
    winners: list[Side]
    created_at: When | None
    updated_at: When | None
    hands: list[ExportedHand]
    history: list[ExportedEvent]
    play_along: list[ExportedPlayAlong]
