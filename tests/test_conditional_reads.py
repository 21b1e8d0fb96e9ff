"""A game read again is answered from what its last change worked out, with an ETag: a phone
holding that very answer gets a 304 and no body; any change makes a new answer."""

from __future__ import annotations

from companion.pages.access import COOKIE_PREFIX

PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]
MADE = {"bidder": 0, "bid": 100, "bidder_points": 100}  # made: 100 for Ali & Cyrus, 65 other
FAILED = {"bidder": 1, "bid": 120, "bidder_points": 100}  # failed: Bahar & Dara lose 120


def _game(client) -> tuple[dict, dict]:
    game = client.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS,
                                              "target": 100_000}).get_json()
    return game, {"Authorization": f"Bearer {game['edit_key']}"}


def test_the_game_json_answers_304_to_its_etag_and_changes_with_the_game(client):
    game, auth = _game(client)
    client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": MADE}, headers=auth)
    url = f"/api/v1/games/{game['id']}"
    first = client.get(url)
    assert first.status_code == 200 and first.get_json()["totals"] == [100, 65]
    etag = first.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    fixed = client.put(f"{url}/hands/1", json={"hand": FAILED, "reason": "wrong bidder"},
                       headers={**auth, "If-Match": "2"})
    assert fixed.status_code == 200, fixed.get_json()
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    # Bahar & Dara bid 120 and took 100: they lose 120, Ali & Cyrus get 165 - 100 = 65.
    assert changed.get_json()["totals"] == [65, -120]
    assert client.get(url).get_json() == changed.get_json()  # served again: the same answer


def test_the_board_answers_304_to_its_etag_and_changes_with_the_game(client):
    game, auth = _game(client)
    url = f"/games/{game['id']}/board"
    first = client.get(url)
    assert first.status_code == 200 and 'data-total-side="0">0<' in first.get_data(as_text=True)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": MADE}, headers=auth)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert 'data-total-side="0">100<' in changed.get_data(as_text=True)
    # The scorer's board is not the watcher's: another ETag.
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    assert client.get(url).headers["ETag"] != changed.headers["ETag"]
