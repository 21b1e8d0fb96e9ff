"""The OpenAPI description of `/api/v1`, served at `/api/v1/openapi.json`.

Kept as data beside the routes; tests/test_openapi.py fails when a route is missing here.
Request and response shapes are described in docs/api.md and ../shared/spec/API.md.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify

from . import bp

EDITOR, DIRECTOR, NONE = "edit_key", "director_key", None
CLIENT_ERRORS = {"400": "invalid input", "404": "no such thing", "413": "body over 1 MB"}

# (method, path, summary, key needed, extra responses)
OPERATIONS: list[tuple[str, str, str, str | None, dict[str, str]]] = [
    ("get", "/rules", "Catalogue: games, presets, options with defaults", NONE, {}),
    ("post", "/score/{game}", "Score one hand (card or count form) with its breakdown", NONE, {}),
    ("post", "/referee/basra/capture", "Judge a Basra capture: legality, options, best, basra",
     NONE, {}),
    ("post", "/referee/shllaat/capture", "Judge a Shlla'at capture: legality, burnt, plays again",
     NONE, {}),
    ("post", "/referee/gharat/capture", "Judge a Ghârat capture: legality, what must be taken",
     NONE, {}),
    ("post", "/referee/shelem/trick", "Shelem trick: winner, points, revoke check", NONE, {}),
    ("post", "/referee/shelem/bids", "Shelem auction: Hâkem, contract, redeal", NONE, {}),
    ("get", "/games", "Games, in progress first", NONE, {}),
    ("post", "/games", "Create a game; the edit key is returned once", NONE,
     {"201": "created", "429": "too many games created"}),
    ("get", "/games/{game_id}", "A game: sides, hands, totals, winner, dealer, version", NONE, {}),
    ("delete", "/games/{game_id}", "Delete a game (restorable for 7 days)", EDITOR, {}),
    ("post", "/games/{game_id}/restore", "Restore a deleted game", EDITOR, {}),
    ("post", "/games/{game_id}/hands", "Add a hand (Idempotency-Key makes retries safe)", EDITOR,
     {"201": "added"}),
    ("put", "/games/{game_id}/hands/{number}", "Correct a hand (If-Match: version)", EDITOR,
     {"409": "stale version: the fresh game is in the body"}),
    ("delete", "/games/{game_id}/hands/{number}", "Delete a hand (If-Match: version)", EDITOR,
     {"409": "stale version: the fresh game is in the body"}),
    ("post", "/games/{game_id}/undo", "Undo the latest change", EDITOR, {}),
    ("post", "/games/{game_id}/key", "Rotate the edit key: old links stop working", EDITOR, {}),
    ("get", "/games/{game_id}/export", "Export a game as JSON: players, rules, hands, history",
     NONE, {}),
    ("post", "/games/import", "Import a JSON export as a new game", NONE, {"201": "created"}),
    ("post", "/tournaments", "Create a tournament; the director key is returned once", NONE,
     {"201": "created"}),
    ("get", "/tournaments/{tournament_id}", "A tournament with rounds and matches", NONE, {}),
    ("post", "/tournaments/{tournament_id}/entrants", "Add entrants before round 1", DIRECTOR,
     {"201": "added"}),
    ("post", "/tournaments/{tournament_id}/rounds", "Pair the next round and create its games",
     DIRECTOR, {"201": "paired"}),
    ("put", "/tournaments/{tournament_id}/matches/{match_id}/result",
     "Enter or correct a match result by hand, with a reason", DIRECTOR, {}),
    ("get", "/tournaments/{tournament_id}/standings", "Standings with tie-break breakdown", NONE,
     {}),
    ("get", "/tournaments/{tournament_id}/players", "Players' records", NONE, {}),
    ("get", "/openapi.json", "This description", NONE, {}),
]


def _operation(summary: str, key: str | None, extra: dict[str, str]) -> dict[str, Any]:
    responses = {"200": {"description": "OK"}}
    responses.update({code: {"description": text} for code, text in CLIENT_ERRORS.items()})
    responses.update({code: {"description": text} for code, text in extra.items()})
    operation: dict[str, Any] = {"summary": summary, "responses": responses}
    if key:
        operation["security"] = [{key: []}]
        responses["401"] = {"description": "no key"}
        responses["403"] = {"description": "wrong key"}
    return operation


def _parameters(path: str) -> list[dict[str, Any]]:
    names = [part[1:-1] for part in path.split("/") if part.startswith("{")]
    return [{"name": name, "in": "path", "required": True,
             "schema": {"type": "integer" if name in ("number", "match_id") else "string"}}
            for name in names]


def document() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for method, path, summary, key, extra in OPERATIONS:
        entry = paths.setdefault(path, {"parameters": _parameters(path)})
        entry[method] = _operation(summary, key, extra)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Companion API", "version": "1",
                 "description": "Scores, referee verdicts, games and tournaments for Basra, "
                                "Shlla'at, Ghârat and Shelem. Errors: "
                                '{"error": sentence, "field": where}.'},
        "servers": [{"url": "/api/v1"}],
        "components": {"securitySchemes": {
            EDITOR: {"type": "http", "scheme": "bearer", "description": "a game's edit key"},
            DIRECTOR: {"type": "http", "scheme": "bearer",
                       "description": "a tournament's director key"}}},
        "paths": paths,
    }


@bp.get("/openapi.json")
def openapi():
    return jsonify(document())
