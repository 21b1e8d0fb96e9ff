"""The OpenAPI description covers every /api/v1 route: keys, headers, bodies and answers."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.store_blind  # no database can change what this checks

# Changes that read nothing but the address and the key.
BODILESS = {("post", "/games/{game_id}/restore"), ("post", "/games/{game_id}/key"),
            ("post", "/games/{game_id}/rematch"), ("post", "/tournaments/{tournament_id}/rounds"),
            ("delete", "/games/{game_id}"), ("post", "/tournaments/{tournament_id}/key"),
            ("post", "/tournaments/{tournament_id}/matches/{match_id}/side-keys"),
            ("post", "/tournaments/{tournament_id}/restore"), ("post", "/games/{game_id}/seats"),
            ("delete", "/tournaments/{tournament_id}/rounds/{number}"),
            ("delete", "/seasons/{season_id}/events/{tournament_id}")}
# A seat's part answers 202 while others count, 201 with the game once the hand is saved.
TWO_SUCCESSES = {("put", "/games/{game_id}/seats/{side}"): ["201", "202"]}


def operations(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    return {(method, path): operation for path, entry in doc["paths"].items()
            for method, operation in entry.items()}


def component(client, schema):
    """The schema a `$ref` names under components/schemas."""
    name = schema["$ref"].removeprefix("#/components/schemas/")
    return client.get("/api/v1/openapi.json").get_json()["components"]["schemas"][name]


def test_every_api_route_is_described(app, client):
    described = {(method.upper(), "/api/v1" + path) for method, path in operations(client)}
    routes = {(method, re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule))
              for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1")
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    # the referee's one route is described once for each situation a game's referee judges
    routes.remove(("POST", "/api/v1/referee/{game}/{situation}"))
    routes |= {("POST", f"/api/v1/referee/{game}/{situation}") for game, situation in
               [("basra", "capture"), ("shllaat", "capture"), ("gharat", "capture"),
                ("shelem", "trick"), ("shelem", "bids")]}
    assert routes == described


def test_every_operation_describes_its_answer_and_every_change_its_body(client):
    for (method, path), operation in operations(client).items():
        success = [code for code in operation["responses"] if code.startswith("2")]
        assert len(success) == 1 or success == TWO_SUCCESSES.get((method, path)), (method, path)
        assert "schema" in operation["responses"][success[0]]["content"]["application/json"]
        if method != "get" and (method, path) not in BODILESS:
            assert "schema" in operation["requestBody"]["content"]["application/json"], \
                (method, path)
        if method != "get":
            assert {"413", "415"} <= set(operation["responses"]), (method, path)


def test_adding_a_hand_describes_its_headers_and_every_answer(client):
    hands = operations(client)[("post", "/games/{game_id}/hands")]
    assert hands["security"] == [{"edit_key": []}]
    assert {(p["name"], p["in"]) for p in hands["parameters"]} == {
        ("game_id", "path"), ("Idempotency-Key", "header"), ("If-Match", "header")}
    assert set(hands["responses"]) == {"201", "400", "401", "403", "404", "409", "413", "415",
                                       "429"}
    stale = hands["responses"]["409"]["content"]["application/json"]["schema"]
    assert stale == {"$ref": "#/components/schemas/Stale"}
    body = component(client, hands["requestBody"]["content"]["application/json"]["schema"])
    assert body["required"] == ["hand"]


def test_reads_need_no_key_and_hand_numbers_are_bounded_integers(client):
    ops = operations(client)
    assert "security" not in ops[("get", "/games/{game_id}")]
    number = next(p for p in ops[("put", "/games/{game_id}/hands/{number}")]["parameters"]
                  if p["name"] == "number")
    assert number["schema"] == {"type": "integer", "minimum": 0, "maximum": 2**31 - 1}
    created = ops[("post", "/games")]["responses"]["201"]
    assert created["headers"]["Location"]["required"] is True


def test_every_field_of_a_shelem_hand_is_described(client):
    from companion.rules.shelem import HAND_FIELDS

    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    described = schemas["ShelemHand"]["properties"]
    assert set(described) == set(HAND_FIELDS)
    assert all(field.get("description") for field in described.values())
    assert "bid" in described["cheating"]["description"]


def test_every_example_body_is_one_its_operation_describes(client):
    import jsonschema_rs

    doc = client.get("/api/v1/openapi.json").get_json()

    def valid(content, body):
        schema = content["schema"] | {"components": doc["components"]}
        return jsonschema_rs.Draft202012Validator(schema).is_valid(body)

    bodies = {(method, path): operation["requestBody"]["content"]["application/json"]
              for (method, path), operation in operations(client).items()
              if "requestBody" in operation}
    examples = {where: content for where, content in bodies.items() if "example" in content}
    assert ("post", "/referee/basra/capture") in examples and ("post", "/games") in examples
    for where, content in examples.items():
        assert valid(content, content["example"]), where
    assert not valid(bodies[("post", "/games")], {"game": "shelem"})  # no players
    assert not valid(bodies[("post", "/games")], {"game": "chess", "players": ["Ali"]})
