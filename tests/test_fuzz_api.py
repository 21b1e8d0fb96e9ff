"""Hostile bodies on every /api/v1 endpoint: never a 5xx, and a refused request changes nothing."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.routing import IntegerConverter

from companion.services.transfer import backup

from .helpers import add_hand, create_game

FIELDS = ["hand", "rules", "players", "teams", "target", "first_dealer", "version", "reason",
          "game", "preset", "floor", "played", "claimed", "previous_floor", "pool", "piles",
          "player", "play_pile_top", "trump", "cards", "hands", "bids", "captured", "basras",
          "carry_in", "bidder", "bid", "bidder_points", "all_passed", "format",
          "format_version", "history", "play_along", "jokers", "aces", "jacks", "others"]
ODD = ["shelem", "basra", "shllaat", "gharat", "AS", "10D", "JK", "T♠", "shelem_double", "pass",
       "<script>alert(1)</script>", "\u202eevil", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\x00", "' OR 1=1 --",
       "companion-game", "egyptian", "two-decks", "9" * 400]
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(2**80), max_value=2**80)
           | st.floats() | st.text(max_size=40) | st.sampled_from(ODD))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
    st.sampled_from(FIELDS) | st.text(max_size=8), inner, max_size=6), max_leaves=40)
BODIES = st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=8) | VALUES
RAW = st.sampled_from([b"", b"{", b"null", b"[" * 50_000, b'{"hand": ' * 30_000, b"\xff\xfe",
                       b'{"hand": 1e999999}', b'{"version": NaN}', b'"' + b"x" * 900_000 + b'"'])


def api_routes(app) -> list[tuple[str, str]]:
    routes = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1"):
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            routes.append((method, rule))
    return routes


def url_for_rule(rule, game_id: str, draw) -> str:
    values = {}
    for name in rule.arguments:
        if name == "game_id":
            values[name] = draw(st.sampled_from([game_id, "nope", "x" * 40]))
        elif isinstance(rule._converters[name], IntegerConverter):
            values[name] = draw(st.sampled_from([1, 2, 0, 999999, 2**63]))
        else:
            values[name] = draw(st.sampled_from(["shelem", "basra", "shllaat", "gharat", "x"]))
    return rule.build(values)[1]


def dump(app) -> dict:
    return backup(app.extensions["engine"], None)["tables"]


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_hostile_bodies_never_5xx_and_refusals_change_nothing(app, data):
    client = app.test_client()
    if not hasattr(app, "_fuzz_game"):
        app._fuzz_game = create_game(client)
        add_hand(client, app._fuzz_game)
    game = app._fuzz_game
    method, rule = data.draw(st.sampled_from(api_routes(app)))
    url = url_for_rule(rule, game["id"], data.draw)
    headers = data.draw(st.sampled_from([{}, {"Authorization": f"Bearer {game['edit_key']}"},
                                         {"Authorization": "Bearer x"},
                                         {"If-Match": "\u00e9"}, {"Idempotency-Key": "k" * 300}]))
    body = data.draw(RAW) if data.draw(st.booleans()) else json.dumps(data.draw(BODIES)).encode()
    before = dump(app)
    response = client.open(url, method=method, data=body, headers=headers,
                           content_type="application/json")
    assert response.status_code < 500, (method, url, body[:200], response.get_data()[:300])
    assert response.is_json, (method, url)
    if response.status_code >= 400:
        assert isinstance(response.get_json().get("error"), str)
        assert dump(app) == before, (method, url, body[:200], response.status_code)
