"""The API's request bodies, one pydantic model per shape, for the OpenAPI description.

Each names every field a route reads and no other: a field a body does not name is refused
(api/body.py), and the description says so (`additionalProperties: false`). Their limits are
the ones the services enforce (a preset of the catalogue, a seat of the most players a game
has, a reason that says something, the longest name), so that a body the description calls
valid is taken, as far as JSON Schema can say it; a value the rules refuse is refused by the
services with a sentence in the reader's language and the field it names, never with a
validation dump. Limits that come from the catalogue are written as the description is made,
so a game declared by its spec alone is in them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any, Literal

from pydantic import MISSING, ConfigDict, Field, RootModel

from ..inputs import MAX_NAME_LENGTH
from ..rules.catalogue import GAMES
from ..rules.options import Option
from ..rules.spec import GameSpec
from ..services.reasons import MAX_REASON
from ..services.seating import MAX_NAME
from ..services.tournaments.clock import MAX_MINUTES
from ..services.tournaments.creating import MAX_ENTRANTS
from ..services.tournaments.reading import FORMATS
from ..services.transfer import FORMAT_VERSION
from ..shapes import (
    SAID,
    Body,
    Count,
    Int,
    Object,
    Rules,
    Said,
    SituationBody,
    Text,
)

Schema = dict[str, Any]


def _player_counts(schema: Schema) -> None:
    """As many names as some game has players, each one a name (not blank, not too long),
    no name twice (the services also tell apart names that differ only in case)."""
    counts = [count for spec in GAMES.values() for count in spec.player_counts]
    schema.update(minItems=min(counts), maxItems=max(counts), uniqueItems=True)
    schema["items"].update(maxLength=MAX_NAME, pattern=SAID)


def _seat(schema: Schema) -> None:
    """A seat: 0 up to the last seat of the game with the most players."""
    schema.update(minimum=0, maximum=max(count for spec in GAMES.values()
                                         for count in spec.player_counts) - 1)


def _target(schema: Schema) -> None:
    """A target some game takes (the game's own range is in GET /rules)."""
    targets = [option for spec in GAMES.values() for option in spec.options
               if option.name == "target"]
    schema.update(minimum=min(o.minimum for o in targets), maximum=max(o.maximum for o in targets))


Names = Annotated[list[Text], Field(min_length=1)]
PlayerNames = Annotated[list[str], Field(json_schema_extra=_player_counts)]
Seat = Annotated[int, Field(json_schema_extra=_seat)]
Teams = list[list[Seat]]
Target = Annotated[int, Field(json_schema_extra=_target)]
Reason = Annotated[Said, Field(max_length=MAX_REASON)]


def _option(options: list[Option]) -> Schema:
    """The values an option takes in any of the games that have it."""
    chosen = [value for option in options if option.values for value in option.values]
    ranged = [option for option in options if option.values is None]
    kinds: list[Schema] = [{"enum": list(dict.fromkeys(chosen))}] if chosen else []
    if ranged:
        kinds.append({"type": "integer", "minimum": min(o.minimum for o in ranged),
                      "maximum": max(o.maximum for o in ranged)})
    return kinds[0] if len(kinds) == 1 else {"anyOf": kinds}


def rules_schema(specs: Callable[[], Iterable[GameSpec[Any, Any]]]) -> Callable[[Schema], None]:
    """The description of rules for these games (read as it is written): a preset of theirs
    and each option's values, and nothing else."""

    def describe(schema: Schema) -> None:
        games = list(specs())
        options: dict[str, list[Option]] = {}
        for spec in games:
            for option in spec.options:
                options.setdefault(option.name, []).append(option)
        presets = list(dict.fromkeys(preset for spec in games for preset in spec.presets))
        schema["properties"] = {"preset": {"enum": presets}} | {
            name: _option(found) for name, found in options.items()}
        schema["additionalProperties"] = False

    return describe


class AnyRules(Rules):
    """A preset and options of the game named beside them: described for every game at once
    (JSON Schema cannot tie them to `game`); the game's rules refuse another game's."""

    model_config = ConfigDict(extra="allow", json_schema_extra=rules_schema(GAMES.values))


def game_rules(spec: GameSpec[Any, Any]) -> type[Rules]:
    """The rules of one game as a body names them (a referee's situation, whose game the
    path names)."""
    return type(f"{spec.name.capitalize()}RulesBody", (Rules,), {
        "__module__": __name__, "__doc__": f"A preset of {spec.title} and options of it.",
        "model_config": ConfigDict(extra="allow",
                                   json_schema_extra=rules_schema(lambda: [spec]))})


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


def situation_body(spec: GameSpec[Any, Any], body: type[SituationBody]) -> type[SituationBody]:
    """A referee situation's body as the description gives it: with its own game's rules."""
    rules = game_rules(spec)
    return type(body.__name__, (body,), {
        "__module__": body.__module__, "__doc__": body.__doc__, "rules": MISSING,
        "__annotations__": {"rules": rules | None | MISSING}})


class CreateGame(Body):
    game: GameName
    rules: AnyRules | None | MISSING = MISSING
    players: PlayerNames
    teams: Teams | None | MISSING = MISSING
    target: Target | None | MISSING = MISSING
    first_dealer: Seat | MISSING = MISSING


class ScoreHand(Body):
    rules: AnyRules | None | MISSING = MISSING
    hand: Hand


class AddHand(Body):
    hand: Hand
    version: Count | MISSING = MISSING


class EditHand(AddHand):
    reason: Annotated[Text, Field(max_length=MAX_REASON)] | MISSING = MISSING
    cascade: Any = Field(default=MISSING, description=CASCADE)


class DeleteHand(Body):
    version: Count | MISSING = MISSING
    reason: Annotated[Text, Field(max_length=MAX_REASON)] | MISSING = MISSING
    cascade: Any = Field(default=MISSING, description=CASCADE)


class Undo(Body):
    version: Count | MISSING = MISSING


class ChangeGame(Body):
    """New names, a new target, or both (a body with neither changes nothing: a 400)."""

    model_config = ConfigDict(json_schema_extra={
        "anyOf": [{"required": ["players"]}, {"required": ["target"]}]})

    players: PlayerNames | MISSING = MISSING
    target: Target | MISSING = MISSING
    version: Count | MISSING = MISSING


# A field the export writes and import does not read (it is worked out again): any value.
WRITTEN = Field(description="written by the export; not read")


class ImportGame(Body):
    """A game as `GET /games/<id>/export` writes it; what import reads of it, and the fields
    it leaves (so a file exported is a body import takes)."""

    format: Literal["companion-game"]
    format_version: Literal[FORMAT_VERSION]  # type: ignore[valid-type]
    game: GameName
    rules: AnyRules | None | MISSING = MISSING  # left out: the game's default preset
    players: PlayerNames
    teams: Teams | None | MISSING = MISSING
    first_dealer: Seat | MISSING = MISSING
    hands: list[Object] | MISSING = MISSING
    history: list[Object] | MISSING = MISSING
    play_along: list[Object] | MISSING = MISSING
    id: Annotated[Any, WRITTEN] = MISSING
    sides: Annotated[Any, WRITTEN] = MISSING
    version: Annotated[Any, WRITTEN] = MISSING
    totals: Annotated[Any, WRITTEN] = MISSING
    finished: Annotated[Any, WRITTEN] = MISSING
    winners: Annotated[Any, WRITTEN] = MISSING
    created_at: Annotated[Any, WRITTEN] = MISSING
    updated_at: Annotated[Any, WRITTEN] = MISSING


# Tournaments ------------------------------------------------------------------------------

# A player's name, a partnership's as "Ali & Bahar", or its two names.
Entrant = Said | Annotated[list[Annotated[Said, Field(max_length=MAX_NAME)]],
                           Field(min_length=1, max_length=2)]


class CreateTournament(Body):
    name: Annotated[Said, Field(max_length=MAX_NAME_LENGTH)]
    game: GameName
    rules: AnyRules | None | MISSING = MISSING
    format: Literal[FORMATS]  # type: ignore[valid-type]
    entrants: Annotated[list[Entrant], Field(min_length=2, max_length=MAX_ENTRANTS)]
    settings: Object | None | MISSING = MISSING


class Withdraw(Body):
    reason: Reason


class DeleteTournament(Body):
    confirm: Text = Field(description="the tournament's name, typed again")


class CheckIn(Body):
    checked_in: bool


EntrantId = Annotated[int, Field(ge=0, le=2**31 - 1)]  # as ids are stored


class SwapEntrants(Body):
    entrants: Annotated[list[EntrantId], Field(
        min_length=2, max_length=2,
        description="the ids of the two entrants who change seats in the round")]


class SetClock(Body):
    minutes: Annotated[int, Field(ge=1, le=MAX_MINUTES)] | MISSING = Field(
        default=MISSING, description="start the round's clock with this many minutes")
    action: Literal["pause", "resume", "stop"] | MISSING = MISSING


class AddEntrants(Body):
    entrants: Annotated[list[Entrant], Field(min_length=1, max_length=MAX_ENTRANTS)]


class HandInQuestion(Body):
    """A hand a side disputes: a game of the match, and the hand's number in it."""

    game: str
    number: Int


class Confirm(Body):
    dispute: Reason | MISSING = MISSING
    hands: list[HandInQuestion] | MISSING = MISSING


class MatchResult(Body):
    winner: Any = Field(default=MISSING, description=(
        "0 or 1 (null: a draw); read only when `places` is left out"))
    places: list[Int] | None | MISSING = MISSING
    points: list[Int] | None | MISSING = MISSING
    reason: Reason
    clear: Any = Field(default=MISSING,
                       description="true: the games decide again (anything else: no)")
    cascade: Any = Field(default=MISSING, description=CASCADE)


class SeatValues(Body):
    """One side's part of the hand (the fields of its game's seats: services refuse another)."""

    points: Count | MISSING = Field(default=MISSING, description=(
        "Shlla'at, Ghârat, Shelem: the points of the seat's pile (Shelem: its team's)."))
    cards: Count | MISSING = MISSING
    jacks: Count | MISSING = MISSING
    aces: Count | MISSING = MISSING
    basras: Count | MISSING = MISSING
    two_of_clubs: bool | MISSING = MISSING
    ten_of_diamonds: bool | MISSING = MISSING
    bid: Int | Literal["shelem_double"] | MISSING = Field(default=MISSING, description=(
        "Shelem: the bid, sent by the bidding team only."))
    cheating: Literal["us", "them"] | None | MISSING = Field(default=MISSING, description=(
        "Shelem: the team caught cheating in the hand, this seat's own (\"us\") or the other "
        "(\"them\"); left out: nobody. Both teams must say the same, else 422 "
        "(docs/rulings-cheating.md)."))


class SeatEntry(Body):
    """A seat's part of the hand being entered."""

    hand: Count = Field(description="The number of the hand being entered.")
    values: SeatValues
