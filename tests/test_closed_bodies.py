"""Every request body is closed: a field its description does not name is refused with a 400
naming it, in the reader's language, before anything changes; and the OpenAPI description
says so (`additionalProperties: false`) for every body."""

from __future__ import annotations

import jsonschema_rs
import pytest

from companion.api.openapi import document

from .helpers import bearer, create_shelem, create_tournament, director, next_round

SHELEM_HAND = {"bidder": 0, "bid": 100, "bidder_points": 110}
# Bodies the description gives no example of: each one valid as it is.
BODIES = {
    "put_games_game_id_hands_number": {"hand": SHELEM_HAND, "reason": "typo"},
    "delete_games_game_id_hands_number": {"reason": "typo"},
    "patch_games_game_id": {"target": 1000},
    "post_games_game_id_undo": {},
    "post_games_game_id_redo": {},
    "post_tournaments_tournament_id_entrants": {"entrants": ["Eve"]},
    "post_tournaments_tournament_id_matches_match_id_confirm": {},
}


def body_operations() -> list[tuple[str, str, str, dict]]:
    """(method, path, operationId, example) of every operation that reads a body."""
    found = []
    for path, methods in document()["paths"].items():
        for method, operation in methods.items():
            if "requestBody" in operation:
                example = operation["requestBody"]["content"]["application/json"].get("example")
                found.append((method, path, operation["operationId"], example))
    return found


OPERATIONS = body_operations()


@pytest.fixture
def seeded(client) -> dict[str, object]:
    """A game with a hand and a tournament with a round: ids and keys for every path."""
    game = create_shelem(client)
    client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": SHELEM_HAND},
                headers=bearer(game["edit_key"]))
    client.post(f"/api/v1/games/{game['id']}/seats", headers=bearer(game["edit_key"]))
    t = create_tournament(client)
    match = next_round(client, t)["matches"][0]
    entrant = client.get(f"/api/v1/tournaments/{t['id']}").get_json()["entrants"][0]["id"]
    season = client.post("/api/v1/seasons", json={"name": "Winter", "game": "basra",
                                                   "count_best": 2}).get_json()
    return {"game": game, "tournament": t, "match": match["id"], "entrant": entrant,
            "season": season, "export": client.get(f"/api/v1/games/{game['id']}/export").get_json()}


def _address(path: str, seeded: dict) -> str:
    return "/api/v1" + path.format(game="shelem", game_id=seeded["game"]["id"], number=1,
                                   tournament_id=seeded["tournament"]["id"],
                                   match_id=seeded["match"], entrant_id=seeded["entrant"],
                                   side=0, season_id=seeded["season"]["id"])


def _headers(path: str, seeded: dict) -> dict[str, str]:
    if path.startswith("/games/{game_id}"):
        return bearer(seeded["game"]["edit_key"])
    if path.startswith("/tournaments/{tournament_id}"):
        return director(seeded["tournament"])
    if path.startswith("/seasons/{season_id}"):
        return bearer(seeded["season"]["key"])
    return {}


def _body(operation_id: str, example: dict | None, seeded: dict) -> dict:
    if operation_id == "post_games_import":
        return dict(seeded["export"])
    if operation_id == "post_seasons_season_id_events":
        return {"tournament": seeded["tournament"]["id"]}
    return dict(example if example is not None else BODIES[operation_id])


def test_every_operation_with_a_body_is_tried():
    assert len(OPERATIONS) == 26
    assert {op for _m, _p, op, example in OPERATIONS if example is None} == {
        *BODIES, "post_games_import", "post_seasons_season_id_events"}


@pytest.mark.parametrize(("method", "path", "operation_id", "example"), OPERATIONS,
                         ids=[op for _m, _p, op, _e in OPERATIONS])
def test_a_field_the_body_does_not_describe_is_refused(client, seeded, method, path,
                                                       operation_id, example):
    body = _body(operation_id, example, seeded) | {"tagret": 500}
    before = client.get(f"/api/v1/games/{seeded['game']['id']}").get_json()["version"]
    response = client.open(_address(path, seeded), method=method.upper(), json=body,
                           headers=_headers(path, seeded))
    assert response.status_code == 400
    assert response.get_json() == {"error": "Unknown field: tagret.", "field": "tagret"}
    # Refused before anything changed: the seeded game is as it was.
    assert client.get(f"/api/v1/games/{seeded['game']['id']}").get_json()["version"] == before


def test_a_mistyped_target_makes_no_game(client):
    response = client.post("/api/v1/games", json={
        "game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"], "tagret": 500})
    assert response.status_code == 400
    assert "Location" not in response.headers


def test_the_refusal_is_in_the_readers_language(client):
    body = {"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"], "tagret": 500}
    arabic = client.post("/api/v1/games", json=body, headers={"Accept-Language": "ar"})
    assert arabic.get_json() == {"error": "حقل غير معروف: tagret.", "field": "tagret"}
    persian = client.post("/api/v1/games", json=body, headers={"Accept-Language": "fa"})
    assert persian.get_json() == {"error": "فیلد ناشناخته: tagret.", "field": "tagret"}


def test_a_nested_field_is_named_by_its_path(client, seeded):
    t = seeded["tournament"]
    response = client.post(
        f"/api/v1/tournaments/{t['id']}/matches/{seeded['match']}/confirm",
        json={"dispute": "wrong", "hands": [{"game": "x", "number": 1, "nubmer": 2}]},
        headers=director(t))
    assert response.status_code == 400
    assert response.get_json() == {"error": "Unknown field: hands.0.nubmer.",
                                   "field": "hands.0.nubmer"}


def test_every_request_body_is_described_closed():
    described = document()
    schemas = described["components"]["schemas"]
    open_bodies = []
    for _method, path, operation_id, _example in OPERATIONS:
        schema = described["paths"][path]
        schema = next(op for op in schema.values() if op.get("operationId") == operation_id)
        reference = schema["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        if schemas[reference.rsplit("/", 1)[1]].get("additionalProperties") is not False:
            open_bodies.append(operation_id)
    assert open_bodies == []


def test_the_import_address_allows_what_its_description_gives(client):
    described = {method.upper() for method in document()["paths"]["/games/import"]}
    assert described == {"POST"}
    allowed = client.options("/api/v1/games/import").headers["Allow"]
    assert set(allowed.split(", ")) == {"POST", "OPTIONS"}
    refused = client.get("/api/v1/games/import")
    assert refused.status_code == 405
    assert set(refused.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def _operation(operation_id: str) -> dict:
    return next(operation for methods in document()["paths"].values()
                for operation in methods.values() if operation["operationId"] == operation_id)


SHELEM_PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]


@pytest.mark.parametrize(("operation_id", "body"), [
    ("post_games", {"game": "shelem", "players": SHELEM_PLAYERS, "rules": {"preset": ""}}),
    ("post_games", {"game": "shelem", "players": SHELEM_PLAYERS, "teams": [[999999999999998]]}),
    ("post_games", {"game": "shelem", "players": ["Ali", " ", "Cyrus", "Dara"]}),
    ("post_games", {"game": "shelem", "players": SHELEM_PLAYERS, "target": 0}),
    ("post_referee_shelem_bids", {"bids": [100], "rules": {"preset": "egyptian"}}),
    ("post_tournaments_tournament_id_entrants_entrant_id_withdraw", {"reason": ""}),
    ("put_tournaments_tournament_id_matches_match_id_result", {"winner": 0, "reason": "  "}),
    ("post_tournaments", {"name": "Friday", "game": "basra", "format": "league",
                          "entrants": ["Ali", "Bahar"]}),
    ("post_tournaments_tournament_id_clock", {"minutes": 0}),
    ("post_games_game_id_undo", {"version": -1}),
], ids=["empty preset", "seat past the last", "blank name", "target 0", "another game's preset",
        "empty reason", "blank reason", "unknown format", "no minutes", "negative version"])
def test_what_the_server_refuses_the_description_calls_invalid(operation_id, body):
    schema = _operation(operation_id)["requestBody"]["content"]["application/json"]["schema"]
    components = document()["components"]
    validator = jsonschema_rs.Draft202012Validator(schema | {"components": components})
    assert not validator.is_valid(body)


def test_a_whole_number_written_with_a_fraction_is_that_number(client):
    response = client.post("/api/v1/games", json={"game": "shelem", "players": SHELEM_PLAYERS,
                                                  "target": 500.0})
    assert response.status_code == 201
    assert response.get_json()["target"] == 500
