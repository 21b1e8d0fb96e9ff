"""Answers holding a key are never stored by a cache; cookies are SameSite (and Secure with
HSTS under HTTPS); every key check counts; and the API's finer points: `If-Match: *`, a reason
too long, a resent deletion, a body sent in chunks."""

from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from .helpers import chunked, client_at, limited_app, raw_request

SHELEM = {"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]}
MADE = {"bidder": 0, "bid": 100, "bidder_points": 100}  # team 0 makes it: 100, the others 65
BIG = {"bidder": 1, "bid": 120, "bidder_points": 130}  # team 1 makes it: 130, the others 35


def new_game(client, *hands):
    game = client.post("/api/v1/games", json=SHELEM).get_json()
    for hand in hands:
        assert client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": hand},
                           headers=bearer(game)).status_code == 201
    return game


def bearer(game, **more):
    return {"Authorization": f"Bearer {game['edit_key']}", **more}


def totals(client, game):
    return client.get(f"/api/v1/games/{game['id']}").get_json()["totals"]


def test_a_reason_too_long_is_refused_with_a_sentence_and_changes_nothing(client):
    game = new_game(client, MADE)
    url = f"/api/v1/games/{game['id']}/hands/1"
    refused = client.put(url, json={"hand": BIG, "reason": "x" * 501},
                         headers=bearer(game, **{"If-Match": "2"}))
    assert refused.status_code == 400
    assert refused.get_json() == {
        "error": "The reason is too long: say it in at most 500 characters (this one has 501).",
        "field": "reason"}
    assert totals(client, game) == [100, 65]
    kept = client.put(url, json={"hand": BIG, "reason": "y" * 500},
                      headers=bearer(game, **{"If-Match": "2"}))
    assert kept.status_code == 200 and kept.get_json()["totals"] == [35, 130]


def test_if_match_star_corrects_whatever_the_version(client):
    game = new_game(client, MADE, MADE)
    response = client.put(f"/api/v1/games/{game['id']}/hands/2", json={"hand": BIG},
                          headers=bearer(game, **{"If-Match": "*"}))
    assert response.status_code == 200
    assert response.get_json()["totals"] == [100 + 35, 65 + 130]


def test_a_resent_deletion_gets_its_answer_even_without_if_match(client):
    game = new_game(client, MADE, BIG)
    url = f"/api/v1/games/{game['id']}/hands/1"
    first = client.delete(url, headers=bearer(game, **{"If-Match": "3",
                                                        "Idempotency-Key": "del-1"}))
    assert first.status_code == 200 and first.get_json()["totals"] == [35, 130]
    again = client.delete(url, headers=bearer(game, **{"Idempotency-Key": "del-1"}))
    assert again.status_code == 200 and again.get_json()["totals"] == [35, 130]
    # A new deletion still has to say which version it deletes from.
    assert client.delete(url, headers=bearer(game)).status_code == 400
    assert totals(client, game) == [35, 130]


def test_answers_holding_a_key_are_no_store_and_others_no_cache(client):
    created = client.post("/api/v1/games", json=SHELEM)
    game = created.get_json()
    assert created.headers["Cache-Control"] == "no-store"  # the edit key and link
    assert "no-store" not in client.get(f"/api/v1/games/{game['id']}").headers.get(
        "Cache-Control", "")
    link = client.get(f"/games/{game['id']}?key={game['edit_key']}")
    assert link.status_code == 303 and link.headers["Cache-Control"] == "no-store"
    editor = client.get(f"/games/{game['id']}")  # the cookie is set: the edit link shows
    assert game["edit_key"] in editor.get_data(as_text=True)
    assert editor.headers["Cache-Control"] == "no-store"
    client.delete_cookie(f"edit_{game['id']}")
    viewer = client.get(f"/games/{game['id']}")
    assert game["edit_key"] not in viewer.get_data(as_text=True)
    assert viewer.headers["Cache-Control"] == "no-cache"


def test_a_form_asked_for_as_an_offline_copy_carries_no_key_and_may_be_kept(client):
    """The service worker keeps the new-hand and delete forms for offline use: asked with
    X-Companion-Copy, they come without an idempotency key and storable; the scorer's own
    new-hand form keeps its key and stays no-store (going back must not resend a spent key)."""
    game = new_game(client, MADE)
    client.set_cookie(f"edit_{game['id']}", game["edit_key"])
    for path in ("hands/new", "hands/1/delete"):
        copy = client.get(f"/games/{game['id']}/{path}", headers={"X-Companion-Copy": "offline"})
        assert copy.status_code == 200 and 'name="key" value=""' in copy.get_data(as_text=True)
        assert "no-store" not in copy.headers["Cache-Control"]
        assert game["edit_key"] not in copy.get_data(as_text=True)
    own = client.get(f"/games/{game['id']}/hands/new")
    assert own.headers["Cache-Control"] == "no-store"
    assert 'name="key" value=""' not in own.get_data(as_text=True)
    assert 'name="key" value="' in own.get_data(as_text=True)


def test_cookies_are_samesite_lax_and_secure_with_hsts_under_https(client):
    plain = client.get("/games/new?game=basra")
    assert "SameSite=Lax" in plain.headers["Set-Cookie"]
    assert "Secure" not in plain.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in plain.headers
    secure = client.application.test_client().get("/games/new?game=basra",
                                                  base_url="https://cards.example.org")
    cookie = secure.headers["Set-Cookie"]
    assert "SameSite=Lax" in cookie and "Secure" in cookie and "HttpOnly" in cookie
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"


@pytest.fixture
def limited(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://", RATELIMIT_CREATE_GAME="20/minute")
    yield app
    app.extensions["engine"].dispose()


def test_a_wrong_edit_cookie_on_a_page_read_counts_as_a_wrong_key(limited):
    game = new_game(client_at(limited, "192.0.2.90"))
    guesser = client_at(limited, "192.0.2.91")
    guesser.set_cookie(f"edit_{game['id']}", "guess")
    for _ in range(3):  # the page is shown to a viewer, and the guess counted
        assert guesser.get(f"/games/{game['id']}").status_code == 200
    assert guesser.get(f"/games/{game['id']}").status_code == 429


def test_wrong_side_keys_and_director_cookies_count(limited):
    director = client_at(limited, "192.0.2.92")
    made = director.post("/api/v1/tournaments", json={
        "name": "Club", "game": "basra", "format": "knockout",
        "entrants": ["Ali", "Bahar", "Cyrus", "Dara"],
        "settings": {"best_of": 1, "confirm_results": True}})
    assert made.status_code == 201, made.get_json()
    t = made.get_json()
    paired = director.post(f"/api/v1/tournaments/{t['id']}/rounds",
                           headers={"Authorization": f"Bearer {t['director_key']}"})
    assert paired.status_code == 201, paired.get_json()
    match = paired.get_json()["matches"][0]["id"]
    url = f"/api/v1/tournaments/{t['id']}/matches/{match}/confirm"
    side = client_at(limited, "192.0.2.93")
    for _ in range(3):
        assert side.post(url, headers={"Authorization": "Bearer guess"}).status_code == 403
    assert side.post(url, headers={"Authorization": "Bearer guess"}).status_code == 429
    page = f"/tournaments/{t['id']}/matches/{match}/confirm"
    assert client_at(limited, "192.0.2.95").post(page, data={}).status_code == 401  # no key
    desk = client_at(limited, "192.0.2.94")
    desk.set_cookie(f"director_{t['id']}", "guess")
    for _ in range(3):
        assert desk.get(f"/tournaments/{t['id']}").status_code == 200
    assert desk.get(f"/tournaments/{t['id']}").status_code == 429


def test_a_body_sent_in_chunks_over_the_limit_is_a_413(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        head = ("POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        too_big = raw_request(server.port, head, chunked(b'{"x": "' + b"a" * 1_100_000 + b'"}'))
        small = raw_request(server.port, head, chunked(b'{"game": "basra"}'))
    finally:
        server.shutdown()
    assert too_big.startswith("HTTP/1.1 413 ")
    assert small.startswith("HTTP/1.1 400 ")  # read whole: the players are what is missing
