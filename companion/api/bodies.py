"""The API's request bodies, one pydantic model per shape, for the OpenAPI description.

They describe what the routes read, as loosely as the services read it: a field the route
does not read is ignored (no `additionalProperties: false`), and a value the rules refuse is
refused by the services with a sentence in the reader's language and the field it names,
never with a validation dump. So these models are the description the fuzzer and clients
work from, not the parser.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import MISSING, Field, RootModel

from ..rules.catalogue import GAMES
from ..shapes import Body, Int, Object, Rules, Side, Text, When

Names = Annotated[list[Text], Field(min_length=1)]


def _games(schema: dict[str, Any]) -> None:
    """The games the catalogue holds as the description is written (a game declared by its
    spec alone included)."""
    schema["enum"] = sorted(GAMES)


GameName = Annotated[str, Field(json_schema_extra=_games)]
CASCADE = ("true, with the director's key: a correction that changes a result later knockout "
           "matches build on reopens and re-seats those already started (their games kept, "
           "counted for nobody)")


def _hands(schema: dict[str, Any]) -> None:
    """A written hand, and the shape each game's spec gives it (a game declared by its spec
    alone included)."""
    shapes = [f"a {spec.name} hand is a {spec.hand_body.__name__}" for spec in GAMES.values()
              if spec.hand_body]
    schema["description"] = "; ".join(["One hand as the game writes it down (API.md)",
                                       *shapes]) + "."


WrittenHand = Annotated[Object, Field(json_schema_extra=_hands)]


class Hand(RootModel[WrittenHand]):
    """A hand (described by `_hands`)."""


class CreateGame(Body):
    game: GameName
    rules: Rules | None | MISSING = MISSING
    players: Names
    teams: list[list[Int]] | None | MISSING = MISSING
    target: Int | None | MISSING = MISSING
    first_dealer: Int | MISSING = MISSING


class ScoreHand(Body):
    rules: Rules | None | MISSING = MISSING
    hand: Hand


class AddHand(Body):
    hand: Hand
    version: Int | MISSING = MISSING


class EditHand(AddHand):
    reason: Text | MISSING = MISSING
    cascade: Any = Field(default=MISSING, description=CASCADE)


class DeleteHand(Body):
    version: Int | MISSING = MISSING
    reason: Text | MISSING = MISSING
    cascade: Any = Field(default=MISSING, description=CASCADE)


class Undo(Body):
    version: Int | MISSING = MISSING


class ChangeGame(Body):
    players: Names | MISSING = MISSING
    target: Int | MISSING = MISSING
    version: Int | MISSING = MISSING


# A field the export writes and import does not read (it is worked out again).
WRITTEN = Field(description="written by the export; not read")


class ImportGame(Body):
    """A game as `GET /games/<id>/export` writes it; what import reads of it, and the fields
    it leaves (so a file exported is a body import takes)."""

    format: Literal["companion-game"]
    format_version: Int
    game: str
    rules: Object
    players: list[str]
    teams: list[list[Int]] | None | MISSING = MISSING
    first_dealer: Int | MISSING = MISSING
    hands: list[Object]
    history: list[Object]
    play_along: list[Object] | MISSING = MISSING
    id: Annotated[str, WRITTEN] | MISSING = MISSING
    sides: Annotated[list[str], WRITTEN] | MISSING = MISSING
    version: Annotated[Int, WRITTEN] | MISSING = MISSING
    totals: Annotated[list[Int], WRITTEN] | MISSING = MISSING
    finished: Annotated[bool, WRITTEN] | MISSING = MISSING
    winners: Annotated[list[Side], WRITTEN] | MISSING = MISSING
    created_at: Annotated[When | None, WRITTEN] | MISSING = MISSING
    updated_at: Annotated[When | None, WRITTEN] | MISSING = MISSING


# Tournaments ------------------------------------------------------------------------------

Entrant = Text | list[Text]


class CreateTournament(Body):
    name: Text
    game: GameName
    rules: Rules | None | MISSING = MISSING
    format: Text
    entrants: Annotated[list[Entrant], Field(min_length=2)]
    settings: Object | None | MISSING = MISSING


class Withdraw(Body):
    reason: Text


class DeleteTournament(Body):
    confirm: Text = Field(description="the tournament's name, typed again")


class CheckIn(Body):
    checked_in: bool


class SetClock(Body):
    minutes: Int | MISSING = Field(default=MISSING, description=(
        "start the round's clock with this many minutes (1 to 300)"))
    action: Literal["pause", "resume", "stop"] | MISSING = MISSING


class AddEntrants(Body):
    entrants: list[Entrant]


class HandInQuestion(Body):
    """A hand a side disputes: a game of the match, and the hand's number in it."""

    game: str
    number: Int


class Confirm(Body):
    dispute: Text | MISSING = MISSING
    hands: list[HandInQuestion] | MISSING = MISSING


class MatchResult(Body):
    winner: Any = Field(default=MISSING, description=(
        "0 or 1 (null: a draw); read only when `places` is left out"))
    places: list[Int] | None | MISSING = MISSING
    points: list[Int] | None | MISSING = MISSING
    reason: Text
    clear: Any = Field(default=MISSING,
                       description="true: the games decide again (anything else: no)")
    cascade: Any = Field(default=MISSING, description=CASCADE)
