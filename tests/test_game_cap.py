"""Every game is bounded: at most 500 hands, however they come (saved one by one or imported)."""

from __future__ import annotations

import io
import json

from .helpers import text
from .stored import stored_games

CAP_SENTENCE = ("A game holds at most 500 hands: start a new game to go on "
                "(a rematch keeps the players and rules).")
HAND = {"bidder": 0, "bid": 100, "bidder_points": 100}  # made: 100 for Ali's side, 65 for the other


def _export_with(client, hands: int) -> dict:
    """A Shelem game's export (target 100,000: never reached here) holding `hands` hands."""
    created = client.post("/api/v1/games", json={"game": "shelem", "target": 100_000,
                                                 "players": ["Ali", "Bahar", "Cyrus", "Dara"]})
    game = created.get_json()
    client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": HAND},
                headers={"Authorization": f"Bearer {game['edit_key']}"})
    data = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    data["hands"] = [{**data["hands"][0], "number": n + 1} for n in range(hands)]
    return data


def test_a_game_at_the_cap_refuses_the_next_hand_and_keeps_its_500(client):
    imported = client.post("/api/v1/games/import", json=_export_with(client, 500))
    assert imported.status_code == 201, imported.get_json()
    game = imported.get_json()
    response = client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": HAND},
                           headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert response.status_code == 400
    assert response.get_json() == {"error": CAP_SENTENCE, "field": "hand"}
    kept = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert len(kept["hands"]) == 500
    assert kept["totals"] == [500 * 100, 500 * 65]
    assert client.get(f"/games/{game['id']}").status_code == 200  # and it opens


def _refused_everywhere(client, data: dict, sentence: str, field: str) -> None:
    """The file is refused with `sentence` through the API and the import page alike, and
    nothing is stored."""
    before = stored_games(client)
    response = client.post("/api/v1/games/import", json=data)
    assert response.status_code == 400
    assert response.get_json() == {"error": sentence, "field": field}
    page = client.post("/games/import", content_type="multipart/form-data",
                       data={"file": (io.BytesIO(json.dumps(data).encode()), "g.json")})
    assert page.status_code == 400 and sentence in text(page)
    assert stored_games(client) == before


def test_an_import_over_the_cap_is_refused_and_stores_nothing(client):
    _refused_everywhere(client, _export_with(client, 501), CAP_SENTENCE, "hands")


HISTORY_SENTENCE = ("An imported game's history holds at most 2000 entries; this file's holds "
                    "2001.")


def test_an_import_with_few_hands_and_a_huge_history_is_refused_and_stores_nothing(client):
    data = _export_with(client, 1)
    data["history"] = data["history"][:1] * 2001  # one hand, 2001 lines of history
    _refused_everywhere(client, data, HISTORY_SENTENCE, "history")


def test_an_import_with_a_history_at_the_cap_comes_in_whole(client):
    data = _export_with(client, 1)
    data["history"] = data["history"][:1] * 2000
    imported = client.post("/api/v1/games/import", json=data)
    assert imported.status_code == 201, imported.get_json()
    game = imported.get_json()
    changes = client.get(f"/api/v1/games/{game['id']}/export").get_json()["history"]
    assert len(changes) == 2000


FULL_SENTENCE = ("A game's history holds at most 2000 changes, and this game's is full: start a "
                 "new game to go on.")


def test_a_game_whose_history_is_full_takes_no_more_changes_and_its_export_comes_back(client):
    data = _export_with(client, 1)
    data["history"] = data["history"][:1] * 2000
    game = client.post("/api/v1/games/import", json=data).get_json()
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    added = client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": HAND}, headers=auth)
    assert added.status_code == 400
    assert added.get_json() == {"error": FULL_SENTENCE, "field": "history"}
    deleted = client.delete(f"/api/v1/games/{game['id']}", headers=auth)
    assert deleted.status_code == 400 and deleted.get_json()["error"] == FULL_SENTENCE
    kept = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert kept["totals"] == [100, 65] and len(kept["hands"]) == 1
    # Nothing a game can hold is refused when it is brought back.
    export = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    assert len(export["history"]) == 2000
    assert client.post("/api/v1/games/import", json=export).status_code == 201


def test_a_game_deleted_with_its_history_nearly_full_can_be_brought_back(client):
    data = _export_with(client, 1)
    data["history"] = data["history"][:1] * 1998
    game = client.post("/api/v1/games/import", json=data).get_json()
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    assert client.delete(f"/api/v1/games/{game['id']}", headers=auth).status_code == 200
    restored = client.post(f"/api/v1/games/{game['id']}/restore", headers=auth)
    assert restored.status_code == 200, restored.get_json()
    export = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    assert len(export["history"]) == 2000  # the deletion and its undoing: full, and importable
    assert client.post("/api/v1/games/import", json=export).status_code == 201
