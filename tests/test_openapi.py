"""The OpenAPI description covers every /api/v1 route, with the right auth."""

from __future__ import annotations

import re


def test_every_api_route_is_described(app, client):
    doc = client.get("/api/v1/openapi.json").get_json()
    described = {(method.upper(), "/api/v1" + path)
                 for path, entry in doc["paths"].items()
                 for method in entry if method != "parameters"}
    routes = {(method, re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule))
              for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1")
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routes == described


def test_changing_game_routes_declare_the_edit_key(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert paths["/games/{game_id}/hands"]["post"]["security"] == [{"edit_key": []}]
    assert "security" not in paths["/games/{game_id}"]["get"]
    assert paths["/games/{game_id}/hands/{number}"]["parameters"][1]["schema"]["type"] == "integer"
