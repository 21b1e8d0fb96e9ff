"""Protecting every game: only the key holder changes it, forms need CSRF tokens, retries and
stale edits are safe, guessing keys and mass-creating games are rate limited, names are text."""

from __future__ import annotations

import os
import re
import uuid

import pytest

from companion.pages.access import COOKIE_PREFIX

from .helpers import HAND, PLAYERS, add_hand, bearer, client_at, create_game, limited_app

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
REDIS_URL = os.environ.get("COMPANION_TEST_REDIS_URL")
HOSTILE = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "Bahar", "Dara"]


def snapshot(client, game_id: str) -> dict:
    """What a refused request must leave alone: the stored row and every hand."""
    from companion.db import get_session
    from companion.models import Game

    with client.application.app_context():
        row = get_session().get(Game, game_id)
        state = (row.version, row.hand_count, row.edit_key_hash, row.deleted_at, row.totals)
    return {"row": state, "game": client.get(f"/api/v1/games/{game_id}").get_json()}


def write_routes(app) -> list[tuple[str, str, str]]:
    """Every (method, url, endpoint) that can change a game, whoever wrote the route."""
    found = []
    for rule in app.url_map.iter_rules():
        if "game_id" not in rule.arguments:
            continue
        for method in sorted((rule.methods or set()) & WRITES):
            values = {name: 1 if name in ("number", "side") else "x" for name in rule.arguments}
            values["game_id"] = "GAME"
            found.append((method, rule.build(values)[1], rule.endpoint))
    return found


def attempt(client, method: str, url: str, game_id: str, version: int, key: str | None):
    """The request as a page or a script would send it, with `key` in the cookie and header."""
    headers = bearer(key) if key else {}
    if key:
        client.set_cookie(COOKIE_PREFIX + game_id, key)
    if url.startswith("/api/"):
        return client.open(url, method=method, headers=headers,
                           json={"hand": HAND, "version": version, "reason": "x"})
    form = {"version": str(version), "bidder": "0", "bid": "100", "bidder_points": "100",
            "reason": "x", "number": "1"}
    return client.open(url, method=method, headers=headers, data=form)


def test_every_change_route_refuses_no_key_wrong_key_and_rotated_key(app):
    owner = app.test_client()
    game = create_game(owner)
    assert add_hand(owner, game).status_code == 201
    rotated = owner.post(f"/api/v1/games/{game['id']}/key", headers=bearer(game["edit_key"]))
    new_key = rotated.get_json()["edit_key"]
    routes = [(m, url.replace("GAME", game["id"]), e) for m, url, e in write_routes(app)]
    assert len(routes) >= 10  # the API's and the pages' changes, and this feature's own
    before = snapshot(owner, game["id"])
    for method, url, endpoint in routes:
        for key in (None, "wrong-key-" + "x" * 12, game["edit_key"]):
            response = attempt(app.test_client(), method, url, game["id"],
                               before["game"]["version"], key)
            assert response.status_code in (401, 403), (endpoint, method, key,
                                                        response.status_code)
            assert snapshot(owner, game["id"]) == before, (endpoint, method, key)
    assert add_hand(owner, game, new_key).status_code == 201  # the real key still works


def test_viewer_page_has_no_edit_controls(client):
    game = create_game(client)
    add_hand(client, game)
    html = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert not re.search(r'method="post"|hx-(post|put|patch|delete)=', html, re.I)
    assert "Add hand" not in html and game["edit_key"] not in html
    board = client.get(f"/games/{game['id']}/board").get_data(as_text=True)
    assert not re.search(r'method="post"|hx-(post|put|patch|delete)=', board, re.I)


def test_player_names_with_html_are_text_on_every_page(client):
    game = create_game(client, players=HOSTILE)
    add_hand(client, game)
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    pages = ["/", "/games/new", f"/games/deleted?game={game['id']}"]
    for rule in client.application.url_map.iter_rules():
        if "GET" in (rule.methods or ()) and "game_id" in rule.arguments:
            values = {name: 1 if name in ("number", "side") else "x" for name in rule.arguments}
            pages.append(rule.build({**values, "game_id": game["id"]})[1])
    shown = 0
    for url in pages:
        response = client.get(url)
        assert response.status_code < 500, url
        if response.mimetype != "text/html":
            continue
        html = response.get_data(as_text=True)
        assert "<script>alert" not in html and "<img src=x" not in html, url
        shown += "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert shown >= 4  # the game page, its board, history and management pages name players
    client.post(f"/games/{game['id']}/delete")
    html = client.get("/games/deleted").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html


def test_csv_export_keeps_formula_like_names_as_text(client):
    game = create_game(client, players=["=HYPERLINK(1)", "Bahar", "+Cyrus", "Dara"])
    csv_text = client.get(f"/games/{game['id']}/export.csv").get_data(as_text=True)
    assert csv_text.splitlines()[0] == "Hand,'=HYPERLINK(1) & +Cyrus,Bahar & Dara"


# CSRF ---------------------------------------------------------------------------------------


def test_form_post_without_csrf_token_is_refused_and_changes_nothing(csrf_app):
    client = csrf_app.test_client()
    game = create_game(client)  # the API needs no CSRF token: it never uses cookies
    add_hand(client, game)
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    before = snapshot(client, game["id"])
    for url in (f"/games/{game['id']}/key", f"/games/{game['id']}/undo",
                f"/games/{game['id']}/delete"):
        response = client.post(url, data={"version": "2"})
        assert response.status_code == 400, url
        assert "This form has expired; reload the page and try again." in response.get_data(
            as_text=True)
        assert snapshot(client, game["id"]) == before
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    response = client.post(f"/games/{game['id']}/key",
                           headers={"X-CSRFToken": token, "HX-Request": "true"})
    assert response.status_code == 200
    assert add_hand(client, game).status_code == 403  # the key really changed


# Retries and stale edits --------------------------------------------------------------------


def test_double_tap_with_the_same_idempotency_key_adds_one_hand(client):
    game = create_game(client)
    first = add_hand(client, game, **{"Idempotency-Key": "tap-1"})
    again = add_hand(client, game, **{"Idempotency-Key": "tap-1"})
    assert first.status_code == 201 and again.status_code == 201
    assert again.get_json()["totals"] == [100, 65]
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1
    assert add_hand(client, game, **{"Idempotency-Key": "tap-2"}).get_json()["totals"] == [200,
                                                                                           130]


def test_stale_correction_is_refused_with_the_fresh_game(client):
    game = create_game(client)
    add_hand(client, game)
    other = {"bidder": 1, "bid": 100, "bidder_points": 165}
    fresh = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"hand": other},
                       headers={**bearer(game["edit_key"]), "If-Match": "2"})
    assert fresh.status_code == 200 and fresh.get_json()["version"] == 3
    stale = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"hand": HAND},
                       headers={**bearer(game["edit_key"]), "If-Match": "2"})
    assert stale.status_code == 409
    body = stale.get_json()
    assert body["error"].startswith("Someone else changed this game first")
    assert body["game"]["version"] == 3 and body["game"]["hands"][0]["hand"] == other


# Rate limits --------------------------------------------------------------------------------


@pytest.fixture
def limited(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://")
    yield app
    app.extensions["engine"].dispose()


def test_wrong_key_attempts_are_limited_per_address(limited):
    guesser, table = client_at(limited, "192.0.2.7"), client_at(limited, "192.0.2.8")
    game = create_game(table)
    for _ in range(3):
        assert add_hand(guesser, game, "guess").status_code == 403
    blocked = add_hand(guesser, game, "guess")
    assert blocked.status_code == 429
    assert blocked.get_json() == {"error": "Too many attempts; wait a moment and try again."}
    # The right key from the same address, another address, and every read go on as usual.
    assert add_hand(guesser, game).status_code == 201
    assert add_hand(table, game, "guess").status_code == 403
    assert guesser.get(f"/api/v1/games/{game['id']}").status_code == 200
    assert len(table.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1


def test_a_busy_table_is_never_limited(limited):
    phone = client_at(limited, "192.0.2.9")
    game = create_game(phone)
    for _ in range(40):
        assert add_hand(phone, game).status_code == 201
        assert phone.get(f"/games/{game['id']}/board?since=1").status_code in (200, 204)
    for _ in range(10):
        assert phone.post(f"/api/v1/games/{game['id']}/undo",
                          headers=bearer(game["edit_key"])).status_code == 200


def test_game_creation_is_limited_per_address_on_pages_and_api(limited):
    phone = client_at(limited, "192.0.2.10")
    create_game(phone)
    create_game(phone)
    api = phone.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS})
    assert api.status_code == 429
    page = phone.post("/games/new", data={"game": "shelem"})
    assert page.status_code == 429
    assert "Too many attempts; wait a moment and try again." in page.get_data(as_text=True)
    create_game(client_at(limited, "192.0.2.11"))  # other addresses are unaffected


def test_refused_creations_do_not_count(limited):
    phone = client_at(limited, "192.0.2.12")
    for _ in range(5):
        assert phone.post("/api/v1/games", json={"game": "nope"}).status_code == 400
    create_game(phone)
    create_game(phone)


@pytest.mark.skipif(not REDIS_URL, reason="COMPANION_TEST_REDIS_URL is not set (.ci/run sets it "
                                          "when Redis answers on 127.0.0.1:6379)")
def test_limits_are_shared_between_processes_through_redis(db_url):
    prefix = f"test-{uuid.uuid4().hex}"
    first, second = (limited_app(db_url, REDIS_URL=REDIS_URL, RATELIMIT_KEY_PREFIX=prefix)
                     for _ in range(2))
    assert first.config["RATELIMIT_STORAGE_URI"] == REDIS_URL
    game = create_game(client_at(first, "192.0.2.20"))
    one, two = client_at(first, "192.0.2.21"), client_at(second, "192.0.2.21")
    assert add_hand(one, game, "guess").status_code == 403
    assert add_hand(two, game, "guess").status_code == 403
    assert add_hand(one, game, "guess").status_code == 403
    assert add_hand(two, game, "guess").status_code == 429  # the other "process" counted too
    for app in (first, second):
        app.extensions["engine"].dispose()
