"""The API's answers, one pydantic model per shape: the routes build them (serialize.py,
serialize_tournaments.py) and the OpenAPI description is generated from them (openapi.py).
Each is strict, as companion/shapes.py says; a game's export is services/game_file.py's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import MISSING, ConfigDict, Field, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from ..rules.catalogue import GAMES
from ..services.game_file import Seated
from ..shapes import Answer, Int, Object, Side, Url, When
from .bodies import WrittenHand

WARNINGS = "Sentences about what the change did not change"


# Errors -----------------------------------------------------------------------------------

class Error(Answer):
    """Every refusal: a sentence in the reader's language, and the field it is about."""

    error: str
    field: str | MISSING = MISSING


class Conflict(Answer):
    """A change later matches build on: confirmed with cascade, it makes `changes`."""

    error: str
    field: str | None
    changes: list[str] = Field(description="What the change would do to later matches, "
                                           "confirmed with cascade")


# Games ------------------------------------------------------------------------------------

class Scored(Answer):
    """A hand's score, and beside it what the game's scoring adds (Basra's carry, Shelem's
    outcome), read and written through the game's own shape, its spec's `extras`
    (serialize.extras). So the model takes fields it does not name, and its description
    names every game's, each optional, and forbids any other."""

    model_config = ConfigDict(extra="allow")

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        reference = handler(core_schema)
        schema = handler.resolve_ref_schema(reference)
        schema["additionalProperties"] = False
        properties = schema["properties"]
        for extras in dict.fromkeys(spec.extras for spec in GAMES.values()):
            if not extras.model_fields:
                continue
            described = handler.resolve_ref_schema(handler(extras.__pydantic_core_schema__))
            for name, field in described["properties"].items():
                known = properties.setdefault(name, field)
                if known != field:  # two games' fields of one name: either is described
                    properties[name] = {"anyOf": [known, field]}
        return reference


class BreakdownLine(Answer):
    label: str
    points: Int


class HandScore(Scored):
    scores: list[Int]
    details: list[Object]
    breakdown: list[list[BreakdownLine]]


class GameHand(Scored):
    number: Int
    scores: list[Int]
    hand: WrittenHand
    details: list[Object]
    counted: bool
    totals: list[Int]


class Match(Answer):
    wins: list[Int]
    next_game: str | None
    decided: bool


class Game(Seated):
    hands: list[GameHand]
    totals: list[Int]
    carry: Int
    target: Int
    finished: bool
    winner: Side | None
    winners: list[Side]
    status: str
    dealer: Side
    leader: Side
    version: Int
    view_url: Url
    match: Match | None
    warnings: list[str] | MISSING = Field(default=MISSING, description=WARNINGS)


class GameWithKey(Game):
    edit_key: str
    edit_url: Url


class Stale(Answer):
    error: str
    game: Game


class ListedGame(Answer):
    id: str
    game: str
    players: list[str]
    totals: list[Int]
    finished: bool
    winners: list[Side]
    hands: Int
    updated_at: When


class GameList(Answer):
    games: list[ListedGame]


class NewKey(Answer):
    edit_key: str
    edit_url: Url


class Deleted(Answer):
    deleted: str
    restore_url: Url


class CatalogueOption(Answer):
    default: Any
    values: list[Any] | MISSING = MISSING
    type: Literal["int"] | MISSING = MISSING
    minimum: Int | None | MISSING = MISSING
    maximum: Int | None | MISSING = MISSING


class CatalogueGame(Answer):
    game: str
    title: str
    default_preset: str
    presets: dict[str, Object]
    options: dict[str, CatalogueOption]
    players: list[Int]
    partnerships: Literal["never", "optional", "always"]


class Catalogue(Answer):
    games: list[CatalogueGame]


# Tournaments ------------------------------------------------------------------------------

class Withdrawn(Answer):
    after_round: Int
    reason: str


class Entrant(Answer):
    id: Int
    seed: Int
    name: str
    players: list[str]
    withdrawn: Withdrawn | None
    checked_in: bool = Field(description="false until the director checks the entrant in "
                                         "(settings.check_in)")


class Clock(Answer):
    """The current round's clock: `ends_at` while it runs, `remaining` seconds at any time."""

    running: bool
    ends_at: When
    remaining: Int


class HandDisputed(Answer):
    """A hand a side disputes: a game of the match, and the hand's number in it."""

    game: str
    number: Int


class Dispute(Answer):
    side: Int
    reason: str
    hands: list[HandDisputed]


class MatchGame(Answer):
    id: str
    totals: list[Int]
    finished: bool
    winners: list[Side]


class TournamentMatch(Answer):
    id: Int
    table: Int
    sides: list[Int]
    names: list[str]
    bye: bool
    decided: bool
    manual: bool = Field(description="the result was entered by hand")
    wins: list[Int] | None
    places: list[Int] | None
    points: list[Int] | None
    third_place: bool
    walkover: bool = Field(description="won because the other side withdrew: no game points, "
                                       "like a bye")
    stage: Literal["groups", "knockout"] | MISSING = Field(
        default=MISSING, description="groups then knockout only: the match's stage")
    group: str | MISSING = Field(default=MISSING, description=(
        "groups then knockout, group stage only: the match's group (\"A\"...)"))
    games: list[MatchGame]
    current_game: str | None
    provisional: bool
    dispute: Dispute | None
    bracket: Literal["winners", "losers", "final"] | MISSING = Field(
        default=MISSING, description="double elimination only: the match's bracket")
    side_keys: list[str] | MISSING = Field(default=MISSING, description="director only")
    side_urls: list[Url] | MISSING = Field(default=MISSING, description="director only")
    edit_key: str | MISSING = Field(default=MISSING,
                                    description="the table's scorer key: director only")
    table_url: Url | MISSING = Field(default=MISSING, description="director only")
    edit_url: Url | MISSING = Field(default=MISSING, description=(
        "the current game, with the scorer key: director only"))


class Round(Answer):
    number: Int
    matches: list[TournamentMatch]
    warnings: list[str] | MISSING = Field(default=MISSING, description=WARNINGS)


class Tournament(Answer):
    id: str
    name: str
    game: str
    rules: Object
    format: str
    settings: Object
    entrants: list[Entrant]
    rounds: list[Round]
    finished: bool
    version: Int
    champion: Int | None
    podium: Annotated[list[Int], Field(min_length=3, max_length=3)] | None
    clock: Clock | None
    view_url: Url
    standings_url: Url
    warnings: list[str] | MISSING = Field(default=MISSING, description=WARNINGS)


class TournamentWithKey(Tournament):
    director_key: str
    director_url: Url


By = Literal["director", "scorer", "side", "system", "seats"]


class Event(Answer):
    at: When
    kind: str
    by: By
    round: Int | None
    table: Int | None
    match: Int | None
    names: list[str]
    reason: str
    before: Object | None
    after: Object | None


class History(Answer):
    events: list[Event]


class Tie(Answer):
    with_: list[Int] = Field(alias="with")
    breakdown: list[tuple[str, Int | float]]
    decided_by: str | None
    shared: bool


class Standing(Answer):
    rank: Int
    entrant: Int
    name: str
    played: Int
    won: Int
    drawn: Int
    lost: Int
    points: Int | float
    points_scored: Int
    points_conceded: Int
    tiebreaks: dict[str, Int | float | None]
    provisional: bool
    withdrawn: bool = Field(description="withdrew from the tournament; its results stand")
    round_reached: Int | None = Field(
        default=None, description="a knockout's furthest round (its rank follows it)")
    group: str | MISSING = Field(default=MISSING, description=(
        "groups then knockout: the entrant's group; rank and tie-breaks are the group's"))
    tie: Tie


class Standings(Answer):
    id: str
    version: Int
    tiebreaks: list[str]
    standings: list[Standing]


class CrossCell(Answer):
    round: Int
    table: Int
    opponent: Int | None = Field(description="entrant id; null for a bye")
    result: Literal["win", "draw", "loss", "bye", "walkover"] | None = Field(
        description="null while the match is being played; at a table of 3 to 5, read "
        "pairwise from the places")
    points: Int | float | None = Field(
        description="match points; at a table of 3 to 5 on the round's first cell only (a "
        "Swiss table of 3 to 5 may give a fraction, two decimals)")
    place: Int | None


class CrossRow(Answer):
    entrant: Int
    name: str
    rank: Int
    points: Int | float
    rounds: list[CrossCell]


class Crosstable(Answer):
    id: str
    version: Int
    rows: list[CrossRow]


class PlayerRecord(Answer):
    name: str
    played: Int
    won: Int
    hands: Int
    average_hand_score: float
    basras: Int
    bids_made: Int
    bids_failed: Int
    yasa: Int
    shelem: Int


class Players(Answer):
    players: list[PlayerRecord]


# Every seat enters its own --------------------------------------------------------------

class SeatLink(Answer):
    side: Side
    name: str
    key: str = Field(description="The seat's key (shown once): it writes its side's part only")
    url: Url


class Seats(Answer):
    seats: list[SeatLink]


class SeatsEntering(Answer):
    """The hand being entered at the seats: what each side sent, who is still counting; and
    once every side has sent a hand the rules refuse, the sentence and the sides to recount."""

    hand: Int
    waiting_for: list[Side]
    entries: dict[str, Object] = Field(description="Per side (its number), what it sent")
    error: str | MISSING = MISSING
    sides: list[Side] | MISSING = MISSING


class SeatsRefused(Answer):
    """Together the seats' figures break the pack: each side's figure in one sentence."""

    error: str
    sides: list[Side]
