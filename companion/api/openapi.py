"""The OpenAPI description of `/api/v1`, served at `/api/v1/openapi.json`.

Each route is one `Op` in OPERATIONS: its summary, the key it needs, the body it takes and
the answer it gives, the last two as pydantic models (bodies.py, answers.py, a game's export
in services/game_file.py, a referee situation's on its spec) whose JSON Schemas are generated
into components/schemas, with what every game's spec declares of its hands: the body of a
written hand (`hand_body`) and the fields its scoring adds to a hand's answer (`extras`).
The answers operations share follow from those: 400 always, 404 with an id in the path,
401/403/429 with a key, 413/415 for every change (a body that is not JSON is refused even
where none is read). A new route needs its `Op`: tests/test_openapi.py fails without one;
tests/test_schemathesis.py fuzzes the running API against this description, and
tests/test_answers_described.py checks every answer of a game's and a tournament's life
against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import jsonify
from flask.typing import ResponseReturnValue
from pydantic import BaseModel, RootModel, TypeAdapter
from pydantic.json_schema import (
    GenerateJsonSchema,
    JsonSchemaMode,
    JsonSchemaValue,
    models_json_schema,
)

from ..rules.catalogue import GAMES
from ..rules.spec import GameSpec, Judge
from ..services.game_file import Export
from ..shapes import Text
from . import answers as a
from . import answers_seasons as sa
from . import bodies as b
from . import bodies_seasons as sb
from .blueprint import bp
from .referee import verdict_of

EDITOR, DIRECTOR, SIDE, SEAT = "edit_key", "director_key", "side_key", "seat_key"
SEASON = "season_key"
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "description": "Any text chosen by the client: a retry with the same key and the same "
                   "request changes the game once and answers as the first time; the same key "
                   "with another request is a 400.",
    "schema": {"type": "string"}}
IF_MATCH = {
    "name": "If-Match", "in": "header", "required": False,
    "description": "The game's version the change is based on (the body's `version` also "
                   "works): another version is a 409 carrying the fresh game.",
    "schema": {"type": "string", "pattern": '^(W/)?"?[0-9]{1,15}"?$'}}
# Any text: ids that name no game simply list nothing.
GAME_IDS = {
    "name": "ids", "in": "query", "required": False,
    "description": "Comma-separated game ids: only games the caller already knows are listed.",
    "schema": {"type": "string"}}
LOCATION = {"Location": {"description": "where to read it", "required": True,
                         "schema": {"type": "string"}}}
BOUNDED_ID = {"type": "integer", "minimum": 0, "maximum": 2**31 - 1}  # as ids are stored
PATH_SCHEMAS = {"number": BOUNDED_ID, "match_id": BOUNDED_ID, "entrant_id": BOUNDED_ID,
                "side": BOUNDED_ID}
REF = "#/components/schemas/{model}"
Shape = type[BaseModel]


class Document(RootModel[dict[str, Any]]):
    """This description (OpenAPI 3.1)."""


class Described(GenerateJsonSchema):
    """JSON Schema as the description shows it: no title on each field."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def _schema(shape: Any) -> JsonSchemaValue:
    """The JSON Schema of a type that is not a component (a path parameter's)."""
    return TypeAdapter(shape).json_schema(schema_generator=Described)


SHELEM_HAND = {"bidder": 0, "bid": 100, "bidder_points": 110}
ANSWERS = {
    303: "Already there: Location names it",
    400: "Invalid input: the sentence says what, `field` where",
    401: "No key: send Authorization: Bearer <key>",
    403: "Wrong key",
    404: "No such thing",
    409: "Stale version: someone changed the game first; or a change later matches build on "
         "(confirm it with cascade), or entrants a paired round robin or knockout cannot take; "
         "or a tournament a season holds already",
    410: "The tournament was deleted by its director (restorable for 7 days)",
    413: "Body over 1 MB",
    415: "The body is not application/json",
    422: "The body names something that cannot be used: no such tournament, or another game's",
    429: "Too many attempts (wrong keys, or things created): wait and try again",
}


@dataclass(frozen=True)
class Op:
    """One operation: what it does, who may, what it takes and what it answers."""

    method: str
    path: str
    summary: str
    answer: Shape  # the body of the success answer
    status: int = 200  # the success status (201: something was created; Location names it)
    key: str | None = None  # the security scheme it needs
    body: Shape | None = None  # the request body it reads
    body_required: bool = True
    parameters: tuple[dict[str, Any], ...] = ()  # headers and queries: IF_MATCH, GAME_IDS
    errors: tuple[int, ...] = ()  # answers beside the ones that follow from the rest
    location: bool = False  # the success answer carries a Location header
    example: dict[str, Any] | None = None  # a body that succeeds (seeded ids and keys aside)
    # Other answers than the success and the errors: (status, body, what it means).
    also: tuple[tuple[int, Shape, str], ...] = ()

    def statuses(self) -> set[int]:
        """Every status this operation answers besides its success."""
        codes = {400, *self.errors}
        if "{" in self.path:
            codes.add(404)
        if self.path.startswith(T):
            codes.add(410)
        if self.key:
            codes |= {401, 403, 429}
        if self.method != "get":
            codes |= {413, 415}
        return codes


G, T, S = "/games/{game_id}", "/tournaments/{tournament_id}", "/seasons/{season_id}"
OPERATIONS: list[Op] = [
    Op("get", "/rules", "Catalogue: games, presets, options with defaults", a.Catalogue),
    Op("post", "/score/{game}", "Score one hand (card, count or points form) with its breakdown",
       a.HandScore, body=b.ScoreHand, example={"hand": SHELEM_HAND}),
    Op("get", "/games", "The games named in `ids` (comma-separated), in progress first",
       a.GameList, parameters=(GAME_IDS,)),
    Op("post", "/games", "Create a game; the edit key is returned once", a.GameWithKey,
       status=201, body=b.CreateGame, errors=(429,), location=True,
       example={"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]}),
    Op("get", G, "A game: sides, hands, totals, winner, dealer, version", a.Game),
    Op("delete", G, "Delete a game (restorable for 7 days)", a.Deleted, key=EDITOR),
    Op("post", G + "/restore", "Restore a deleted game", a.Game, key=EDITOR),
    Op("post", G + "/hands", "Add a hand (Idempotency-Key makes retries safe)", a.Game,
       status=201, key=EDITOR, body=b.AddHand, parameters=(IDEMPOTENCY_KEY, IF_MATCH),
       errors=(409,), example={"hand": SHELEM_HAND}),
    Op("put", G + "/hands/{number}", "Correct a hand (If-Match or `version`: required)", a.Game,
       key=EDITOR, body=b.EditHand, parameters=(IDEMPOTENCY_KEY, IF_MATCH), errors=(409,)),
    Op("delete", G + "/hands/{number}", "Delete a hand (If-Match or `version`: required)",
       a.Game, key=EDITOR, body=b.DeleteHand, body_required=False,
       parameters=(IDEMPOTENCY_KEY, IF_MATCH), errors=(409,)),
    Op("patch", G, "Rename the players or change the target (If-Match or `version`)", a.Game,
       key=EDITOR, body=b.ChangeGame, parameters=(IF_MATCH,), errors=(409,)),
    Op("post", G + "/undo", "Undo the latest change", a.Game, key=EDITOR, body=b.Undo,
       body_required=False, parameters=(IDEMPOTENCY_KEY, IF_MATCH), errors=(409,)),
    Op("post", G + "/redo", "Redo the latest change undone", a.Game, key=EDITOR, body=b.Undo,
       body_required=False, parameters=(IDEMPOTENCY_KEY, IF_MATCH), errors=(409,)),
    Op("post", G + "/rematch", "A new game with the same players and rules (asked again: 303 "
       "to the same one)", a.GameWithKey, status=201, key=EDITOR, errors=(303, 429),
       location=True),
    Op("post", G + "/key", "Rotate the edit key: old links stop working", a.NewKey,
       key=EDITOR),
    Op("post", G + "/seats", "Every seat enters its own: one link per side (a new call "
       "replaces them)", a.Seats, status=201, key=EDITOR),
    Op("get", G + "/seats", "The hand being entered at the seats: what each side sent, who "
       "is still counting", a.SeatsEntering),
    Op("put", G + "/seats/{side}", "A side's own part of the hand being entered (its seat key, "
       "or the edit key): 202 while others count", a.SeatsEntering, status=202, key=SEAT,
       body=b.SeatEntry, example={"hand": 1, "values": {"points": 60}},
       also=((201, a.Game, "Every side has sent: the hand is saved, here is the game"),
             (422, a.SeatsRefused, "Together the figures break the pack: nothing saved, "
                                   "each side may send again"))),
    Op("get", G + "/export", "Export a game as JSON: players, rules, hands, history",
       Export),
    Op("post", "/games/import", "Import a JSON export as a new game", a.GameWithKey,
       status=201, body=b.ImportGame, errors=(429,), location=True),
    Op("post", "/tournaments", "Create a tournament; the director key is returned once",
       a.TournamentWithKey, status=201, body=b.CreateTournament, errors=(429,),
       location=True, example={"name": "Friday", "game": "basra", "format": "round_robin",
                               "entrants": ["Ali", "Bahar", "Cyrus", "Dara"]}),
    Op("get", T, "A tournament with rounds and matches", a.Tournament),
    Op("delete", T, "Delete a tournament and its table games (restorable for 7 days): the "
       "body names it", a.Deleted, key=DIRECTOR, body=b.DeleteTournament,
       example={"confirm": "Friday"}),
    Op("post", T + "/restore", "Restore a tournament deleted less than 7 days ago, whole",
       a.Tournament, key=DIRECTOR),
    Op("post", T + "/entrants", "Add entrants: before round 1, or in a Swiss later (paired "
       "from the next round)", a.Tournament, status=201, key=DIRECTOR, body=b.AddEntrants,
       errors=(409,)),
    Op("post", T + "/entrants/{entrant_id}/withdraw", "An entrant withdraws: its results "
       "stand, it is paired no more, its open matches are walkovers", a.Tournament,
       key=DIRECTOR, body=b.Withdraw, example={"reason": "Called away"}),
    Op("post", T + "/entrants/{entrant_id}/check-in", "Check an entrant in, or take it back "
       "(settings.check_in), before round 1 is paired", a.Tournament, key=DIRECTOR,
       body=b.CheckIn, errors=(409,), example={"checked_in": True}),
    Op("post", T + "/clock", "The current round's clock: start it with `minutes`, or pause, "
       "resume or stop it (`action`)", a.Tournament, key=DIRECTOR, body=b.SetClock,
       errors=(409,), example={"minutes": 45}),
    Op("get", T + "/history", "Every result, correction, confirmation, dispute, decision, key "
       "change, withdrawal and late entry, newest first", a.History, key=DIRECTOR),
    Op("post", T + "/rounds", "Pair the next round and create its games", a.Round,
       status=201, key=DIRECTOR, errors=(429,)),
    Op("post", T + "/rounds/{number}/swap", "Two entrants change seats in the last round "
       "(a Swiss's, or a knockout's round 1) before either table has a hand", a.Tournament,
       key=DIRECTOR, body=b.SwapEntrants, errors=(409,), example={"entrants": [1, 2]}),
    Op("delete", T + "/rounds/{number}", "Take back the last round while no table has a "
       "hand: its tables, games and keys go", a.Tournament, key=DIRECTOR, errors=(409,)),
    Op("post", T + "/key", "A new director key (and new table keys): the old ones stop "
       "working", a.TournamentWithKey, key=DIRECTOR),
    Op("put", T + "/matches/{match_id}/result",
       "Enter or correct a match result by hand, with a reason", a.Tournament, key=DIRECTOR,
       body=b.MatchResult, example={"winner": 0, "reason": "Bahar had to leave"},
       errors=(409,)),
    Op("post", T + "/matches/{match_id}/confirm", "The side that lost confirms the result, or "
       "disputes it with a reason", a.TournamentMatch, key=SIDE, body=b.Confirm,
       body_required=False),
    Op("post", T + "/matches/{match_id}/side-keys", "New confirmation links for the sides of a "
       "match (`side_keys`, `side_urls`): the old ones are refused with a sentence",
       a.TournamentMatch, key=DIRECTOR),
    Op("get", T + "/standings", "Standings with tie-break breakdown", a.Standings),
    Op("get", T + "/players", "Players' records", a.Players),
    Op("get", T + "/crosstable", "Who met whom in which round: opponent, result, points",
       a.Crosstable),
    Op("post", "/seasons", "Create a season of tournaments of one game; its key is returned "
       "once", sa.SeasonWithKey, status=201, body=sb.CreateSeason, errors=(429,),
       location=True, example={"name": "Winter league", "game": "basra", "count_best": 8}),
    Op("get", S, "A season: its tournaments and standings (places' points, each player's best "
       "`count_best` finished evenings counted, attendance)", sa.Season),
    Op("post", S + "/events", "Count a tournament of the season's game in the season (409: "
       "already in it; 422: no such tournament, or another game's)", sa.Season, status=201,
       key=SEASON, body=sb.AddSeasonEvent, errors=(409, 422)),
    Op("delete", S + "/events/{tournament_id}", "Count a tournament no more in the season (the "
       "tournament itself is untouched)", sa.Season, key=SEASON),
    Op("get", "/openapi.json", "This description", Document),
]


def _json(schema: JsonSchemaValue) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _responses(op: Op, refs: dict[Shape, JsonSchemaValue]) -> dict[str, Any]:
    said = {200: "OK", 201: "Created", 202: "Accepted: waiting for the others"}[op.status]
    success: dict[str, Any] = {"description": said,
                               "content": _json(refs[op.answer])}
    if op.location:
        success["headers"] = LOCATION
    responses = {str(op.status): success}
    for code in sorted(op.statuses()):
        error = refs[a.Error]
        if code == 409 and op.path.startswith(G):
            # A correction may also change a result later tournament matches build on.
            corrects = op.path.endswith("{number}")
            error = {"anyOf": [refs[a.Stale], refs[a.Conflict]]} if corrects else refs[a.Stale]
        elif code == 409 and op.path.startswith(T):
            error = refs[a.Conflict]
        responses[str(code)] = {"description": ANSWERS[code], "content": _json(error)}
    for code, shape, description in op.also:
        responses[str(code)] = {"description": description, "content": _json(refs[shape])}
    if "303" in responses:
        responses["303"] = {"description": ANSWERS[303], "headers": LOCATION}
    return responses


def _parameters(op: Op) -> list[dict[str, Any]]:
    names = [part[1:-1] for part in op.path.split("/") if part.startswith("{")]
    path = [{"name": name, "in": "path", "required": True, "schema": _path_schema(name)}
            for name in names]
    return path + list(op.parameters)


def _path_schema(name: str) -> JsonSchemaValue:
    if name == "game":
        return _schema(b.GameName)
    return PATH_SCHEMAS.get(name) or _schema(Text) | {"minLength": 1}


def _operation(op: Op, refs: dict[Shape, JsonSchemaValue]) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": f"{op.method}{op.path.replace('/', '_').replace('{', '').replace('}', '')}",
        "summary": op.summary, "parameters": _parameters(op), "responses": _responses(op, refs)}
    if op.key:
        operation["security"] = [{op.key: []}]
    if op.body is not None:
        content = _json(refs[op.body])
        if op.example is not None:
            content["application/json"]["example"] = op.example
        operation["requestBody"] = {"required": op.body_required, "content": content}
    return operation


def referee_operations() -> list[Op]:
    """`POST /referee/<game>/<situation>` for every situation a game's referee judges."""
    return [_referee_op(spec, name, judge) for spec in GAMES.values() if spec.referee
            for name, judge in spec.referee.situations.items()]


def _referee_op(spec: GameSpec[Any, Any], name: str, judge: Judge[Any]) -> Op:
    """A situation described by the shapes its spec gives it; one without them is an object
    with its rules, answered by a verdict with more fields."""
    return Op("post", f"/referee/{spec.name}/{name}", f"{spec.title}: {judge.summary}",
              verdict_of(judge), body=b.situation_body(spec, judge.body),
              example=dict(judge.example) if judge.example else None)


def components(operations: list[Op]) -> tuple[dict[Shape, JsonSchemaValue], dict[str, Any]]:
    """Each answer's and body's model as a reference, and the schemas they refer to: answers
    as they are written (serialization), bodies as they are read (validation)."""
    also: set[Shape] = {shape for op in operations for _code, shape, _said in op.also}
    answers: set[Shape] = {op.answer for op in operations} | {a.Error, a.Stale, a.Conflict}
    answers |= also
    bodies: set[Shape] = {op.body for op in operations if op.body} | {
        spec.hand_body for spec in GAMES.values() if spec.hand_body}
    models: list[tuple[Shape, JsonSchemaMode]] = [
        *((model, "serialization") for model in sorted(answers, key=_name)),
        *((model, "validation") for model in sorted(bodies, key=_name))]
    refs, schemas = models_json_schema(models, ref_template=REF, schema_generator=Described)
    return ({model: ref for (model, _), ref in refs.items() if issubclass(model, BaseModel)},
            schemas.get("$defs", {}))


def _name(model: Shape) -> str:
    return model.__name__


def document() -> dict[str, Any]:
    """The whole description, as `GET /api/v1/openapi.json` answers it."""
    operations = [*referee_operations(), *OPERATIONS]
    refs, schemas = components(operations)
    paths: dict[str, Any] = {}
    for op in operations:
        paths.setdefault(op.path, {})[op.method] = _operation(op, refs)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Companion API", "version": "1",
                 "description": "Scores, referee verdicts, games and tournaments for "
                                f"{', '.join(spec.title for spec in GAMES.values())}. "
                                "Bodies are application/json. "
                                'Errors: {"error": sentence, "field": where}; messages follow '
                                "Accept-Language (en, ar, fa)."},
        "servers": [{"url": "/api/v1"}],
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                EDITOR: {"type": "http", "scheme": "bearer", "description": "a game's edit key"},
                DIRECTOR: {"type": "http", "scheme": "bearer",
                           "description": "a tournament's director key"},
                SIDE: {"type": "http", "scheme": "bearer",
                       "description": "a side's confirmation key, or the director key"},
                SEAT: {"type": "http", "scheme": "bearer",
                       "description": "a seat's key (its own side only), or the edit key"},
                SEASON: {"type": "http", "scheme": "bearer", "description": "a season's key"}}},
        "paths": paths,
    }


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    return jsonify(document())
