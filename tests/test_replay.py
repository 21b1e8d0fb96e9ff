"""A viewer's read of an unchanged game is answered before Flask, the same byte for byte; any
change, another language, a key or a deleted game goes to Flask again."""

from __future__ import annotations

import pytest

from companion import replay

PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]
MADE = {"bidder": 0, "bid": 100, "bidder_points": 100}  # made: 100 for Ali & Cyrus, 65 other
FAILED = {"bidder": 1, "bid": 120, "bidder_points": 100}  # failed: Bahar & Dara lose 120


@pytest.fixture
def flask_calls(app, game) -> list[str]:
    """The requests that reached the app under the replaying layer, once `game` is made."""
    calls: list[str] = []
    replay = app.wsgi_app
    inner = replay.wsgi_app

    def counted(environ, start_response):
        calls.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    replay.wsgi_app = counted
    return calls


@pytest.fixture
def game(client) -> dict:
    made = client.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS,
                                              "target": 100_000}).get_json()
    made["auth"] = {"Authorization": f"Bearer {made['edit_key']}"}
    client.post(f"/api/v1/games/{made['id']}/hands", json={"hand": MADE}, headers=made["auth"])
    return made


def answer(response) -> tuple:
    return response.status_code, sorted(response.headers.items()), response.data


@pytest.mark.parametrize("path, headers", [
    ("/api/v1/games/{id}", {}),
    ("/games/{id}/board", {"HX-Request": "true"}),
])
def test_an_unchanged_game_read_again_is_the_same_answer_without_flask(
        app, game, flask_calls, path, headers):
    viewer = app.test_client()
    url = path.format(id=game["id"])
    first = viewer.get(url, headers=headers)
    assert first.status_code == 200 and len(flask_calls) == 1
    again = viewer.get(url, headers=headers)
    assert answer(again) == answer(first)
    assert len(flask_calls) == 1  # answered before Flask


def test_a_hand_added_is_read_at_once(app, client, game, flask_calls):
    viewer = app.test_client()
    url = f"/api/v1/games/{game['id']}"
    assert viewer.get(url).get_json()["totals"] == [100, 65]
    assert viewer.get(url).get_json()["totals"] == [100, 65]
    client.post(f"{url}/hands", json={"hand": FAILED}, headers=game["auth"])
    # Bahar & Dara bid 120 and took 100: their 65 less 120 is -55; Ali & Cyrus get
    # 165 - 100 = 65 more: 165.
    assert viewer.get(url).get_json()["totals"] == [165, -55]


def test_a_board_asked_since_its_version_says_nothing_changed_until_a_hand_is_added(
        app, client, game):
    viewer = app.test_client()
    board = f"/games/{game['id']}/board"
    hx = {"HX-Request": "true"}
    version = game_version(viewer, game)
    assert viewer.get(f"{board}?since={version}", headers=hx).status_code == 204
    assert viewer.get(f"{board}?since={version}", headers=hx).status_code == 204
    client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": MADE}, headers=game["auth"])
    moved = viewer.get(f"{board}?since={version}", headers=hx)
    assert moved.status_code == 200
    assert "200" in moved.get_data(as_text=True)  # Ali & Cyrus: 100 and 100 more


def game_version(viewer, game) -> int:
    return int(viewer.get(f"/api/v1/games/{game['id']}").get_json()["version"])


def test_each_language_gets_its_own_board(app, game):
    viewer = app.test_client()
    board = f"/games/{game['id']}/board"
    english = viewer.get(board, headers={"HX-Request": "true"}).get_data(as_text=True)
    persian = viewer.get(board, headers={"HX-Request": "true", "Accept-Language": "fa"})
    assert "100" in english and "۱۰۰" in persian.get_data(as_text=True)
    again = viewer.get(board, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert again == english


def test_a_read_presenting_a_key_always_reaches_flask(app, game, flask_calls):
    scorer = app.test_client()
    url = f"/api/v1/games/{game['id']}"
    for _ in range(3):
        assert scorer.get(url, headers=game["auth"]).status_code == 200
    assert len(flask_calls) == 3
    wrong = {"Authorization": "Bearer not-the-key"}
    for _ in range(2):
        scorer.get(f"/games/{game['id']}/board", headers=wrong)
    assert len(flask_calls) == 5  # a wrong key is checked (and counted) every time


def test_a_game_deleted_is_not_read_from_what_was_kept(app, client, game):
    viewer = app.test_client()
    url = f"/api/v1/games/{game['id']}"
    assert viewer.get(url).status_code == 200
    assert viewer.get(url).status_code == 200
    deleted = client.delete(url, headers={**game["auth"], "If-Match": "1"})
    assert deleted.status_code in (200, 204), deleted.get_data(as_text=True)
    assert viewer.get(url).status_code in (404, 410)


def test_a_phone_holding_the_answer_gets_304_again_and_again(app, game, flask_calls):
    viewer = app.test_client()
    url = f"/api/v1/games/{game['id']}"
    etag = viewer.get(url).headers["ETag"]
    for _ in range(2):
        held = viewer.get(url, headers={"If-None-Match": etag})
        assert held.status_code == 304 and held.data == b""
    assert len(flask_calls) == 2  # the first read and the first 304


def test_kept_answers_stay_within_their_bytes(app, game, flask_calls, monkeypatch):
    viewer = app.test_client()
    url, board = f"/api/v1/games/{game['id']}", f"/games/{game['id']}/board"
    monkeypatch.setattr(replay, "KEPT_BYTES_AT_MOST", len(viewer.get(url).data) + 10)
    viewer.get(board, headers={"HX-Request": "true"})  # kept, the JSON answer let go
    viewer.get(url)
    assert flask_calls == [url, board, url]
    viewer.get(url)  # kept again, in place of the board
    assert flask_calls == [url, board, url]
