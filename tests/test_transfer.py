"""Your data is yours: export, import as a new game, delete with undo, whole-database backup."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest

from companion import create_app
from companion.db import get_session
from companion.models import Game
from companion.pages.access import COOKIE_PREFIX

from .helpers import PLAYERS, add_hand, bearer, create_game
from .stored import stored_games

SECOND = {"bidder": 1, "bid": 120, "bidder_points": 130}  # made: [35, 130]


def played(client) -> dict:
    """A game with two hands, a correction and an undo in its history."""
    game = create_game(client)
    add_hand(client, game)
    add_hand(client, game, hand=SECOND)
    client.put(f"/api/v1/games/{game['id']}/hands/2", json={"hand": SECOND, "reason": "typo"},
               headers={**bearer(game["edit_key"]), "If-Match": "3"})
    add_hand(client, game)
    client.post(f"/api/v1/games/{game['id']}/undo", headers=bearer(game["edit_key"]))
    return game


def test_json_export_has_players_rules_hands_and_history_but_no_key(client):
    game = played(client)
    response = client.get(f"/games/{game['id']}/export.json")
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="companion-{game["id"]}.json"')
    data = json.loads(response.get_data(as_text=True))
    assert data["format"] == "companion-game" and data["players"] == PLAYERS
    assert data["rules"]["target"] == 100_000 and data["sides"] == ["Ali & Cyrus",
                                                                      "Bahar & Dara"]
    assert [hand["hand"] for hand in data["hands"]] == [
        {"bidder": 0, "bid": 100, "bidder_points": 100}, SECOND]
    assert data["totals"] == [135, 195]
    assert [event["action"] for event in data["history"]] == ["create", "add", "add", "edit",
                                                              "add", "undo"]
    assert data["history"][3]["reason"] == "typo" and data["history"][4]["undone"] is True
    text_ = json.dumps(data)
    assert game["edit_key"] not in text_ and "edit_key" not in text_
    assert client.get(f"/api/v1/games/{game['id']}/export").get_json() == data


def test_csv_export_has_a_row_per_hand_and_the_totals(client):
    game = played(client)
    csv_text = client.get(f"/games/{game['id']}/export.csv").get_data(as_text=True)
    assert csv_text.splitlines() == ["Hand,Ali & Cyrus,Bahar & Dara", "1,100,65", "2,35,130",
                                     "Total,135,195"]


def test_import_makes_a_new_game_and_gives_this_phone_its_key(client):
    game = played(client)
    exported = client.get(f"/games/{game['id']}/export.json").get_data()
    response = client.post("/games/import", data={"file": (io.BytesIO(exported), "g.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 303
    new_id = response.location.rsplit("/", 1)[1]
    assert new_id != game["id"]
    key = client.get_cookie(COOKIE_PREFIX + new_id).value
    copy = client.get(f"/api/v1/games/{new_id}").get_json()
    original = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert copy["totals"] == original["totals"] == [135, 195]
    assert copy["hands"] == original["hands"] and copy["version"] == original["version"]
    assert add_hand(client, {"id": new_id, "edit_key": key}).status_code == 201
    assert add_hand(client, {"id": new_id, "edit_key": game["edit_key"]}).status_code == 403
    assert client.get(f"/api/v1/games/{game['id']}").get_json() == original  # untouched
    history = client.get(f"/games/{new_id}/history").get_data(as_text=True)
    assert "typo" in history


def test_import_over_the_api_returns_a_new_key(client):
    game = played(client)
    data = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    response = client.post("/api/v1/games/import", json=data)
    assert response.status_code == 201
    body = response.get_json()
    assert body["id"] != game["id"] and body["edit_key"] != game["edit_key"]
    assert body["edit_url"].endswith(f"/games/{body['id']}?key={body['edit_key']}")
    assert body["totals"] == [135, 195]


@pytest.mark.parametrize("content, message", [
    (b"not json", "This file is not a game exported from Companion."),
    (b'{"format": "something"}', "This file is not a game exported from Companion."),
    (b"[" * 5000, "This file is not a game exported from Companion."),
])
def test_a_wrong_file_is_refused_in_place_and_creates_nothing(client, content, message):
    response = client.post("/games/import", data={"file": (io.BytesIO(content), "g.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert message in html and 'aria-invalid="true"' in html
    assert stored_games(client) == 0


def test_a_doctored_export_is_a_400_naming_the_problem(client):
    game = played(client)
    data = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    data["hands"][0]["hand"]["bid"] = 123
    assert client.post("/api/v1/games/import", json=data).status_code == 400
    data = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    data["history"][0]["version"] = "one"
    response = client.post("/api/v1/games/import", json=data)
    assert response.get_json() == {"error": "The game's history is damaged.", "field": "history"}
    assert stored_games(client) == 1


def test_an_import_with_a_reason_too_long_is_refused_naming_the_entry(client):
    game = played(client)
    data = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    assert data["history"][3]["reason"] == "typo"  # the correction of hand 2, 4th in history
    data["history"][3]["reason"] = "x" * 501
    response = client.post("/api/v1/games/import", json=data)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "The reason in entry 4 of the game's history is too long: at most 500 "
                 "characters (this one has 501).", "field": "history"}
    assert stored_games(client) == 1
    data["history"][3]["reason"] = "x" * 500  # the longest a person can type is kept whole
    body = client.post("/api/v1/games/import", json=data).get_json()
    again = client.get(f"/api/v1/games/{body['id']}/export").get_json()
    assert again["history"][3]["reason"] == "x" * 500


def test_an_import_whose_partners_do_not_sit_opposite_is_refused(client):
    game = played(client)
    data = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    data["teams"] = [[0, 1], [2, 3]]  # Ali with Bahar: neighbours in playing order
    response = client.post("/api/v1/games/import", json=data)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "Partners sit opposite each other: with the players in playing order, the "
                 "teams are Ali & Cyrus against Bahar & Dara.", "field": "teams"}
    assert stored_games(client) == 1


# Delete with a confirmation, undo for 7 days ------------------------------------------------


def test_delete_asks_first_then_offers_undo(client):
    game = create_game(client)
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    confirm = client.get(f"/games/{game['id']}/delete").get_data(as_text=True)
    assert "Delete this game?" in confirm
    assert "You can undo this from this phone for 7 days." in confirm
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200  # nothing yet
    done = client.post(f"/games/{game['id']}/delete")
    assert done.status_code == 303 and done.location.endswith(f"/games/deleted?game={game['id']}")
    assert client.get(f"/games/{game['id']}").status_code == 404
    notice = client.get(done.location).get_data(as_text=True)
    assert "Deleted" in notice and "Ali · Bahar · Cyrus · Dara" in notice
    assert "You can undo until" in notice
    undo = client.post(f"/games/{game['id']}/restore")
    assert undo.status_code == 303 and undo.location.endswith(f"/games/{game['id']}")
    assert client.get(f"/games/{game['id']}").status_code == 200


def test_deleted_list_shows_only_games_this_phone_may_edit(client):
    mine, theirs = create_game(client), create_game(client)
    client.delete(f"/api/v1/games/{mine['id']}", headers=bearer(mine["edit_key"]))
    client.delete(f"/api/v1/games/{theirs['id']}", headers=bearer(theirs["edit_key"]))
    client.set_cookie(COOKIE_PREFIX + mine["id"], mine["edit_key"])
    client.set_cookie(COOKIE_PREFIX + theirs["id"], "not-their-key")
    html = client.get("/games/deleted").get_data(as_text=True)
    assert f"deleted-{mine['id']}" in html and f"deleted-{theirs['id']}" not in html


def test_api_delete_and_restore(client):
    game = played(client)
    response = client.delete(f"/api/v1/games/{game['id']}", headers=bearer(game["edit_key"]))
    assert response.status_code == 200 and response.get_json()["deleted"] == game["id"]
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 404
    assert add_hand(client, game).status_code == 404
    restored = client.post(f"/api/v1/games/{game['id']}/restore",
                           headers=bearer(game["edit_key"]))
    assert restored.status_code == 200 and restored.get_json()["totals"] == [135, 195]


def test_undo_of_a_delete_expires_after_7_days(app, client):
    game = create_game(client)
    client.delete(f"/api/v1/games/{game['id']}", headers=bearer(game["edit_key"]))
    with app.app_context():
        session = get_session()
        row = session.get(Game, game["id"])
        row.deleted_at -= timedelta(days=7, minutes=1)
        session.commit()
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    assert f"deleted-{game['id']}" not in client.get("/games/deleted").get_data(as_text=True)
    assert client.post(f"/games/{game['id']}/restore").status_code == 404


# Whole database: backup and restore ---------------------------------------------------------




def test_backup_restore_backup_is_identical(app, client, empty_db_url, tmp_path):
    games = [played(client), played(client)]
    client.delete(f"/api/v1/games/{games[1]['id']}", headers=bearer(games[1]["edit_key"]))
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    result = app.test_cli_runner().invoke(args=["backup", str(first)])
    assert result.exit_code == 0, result.output
    target = create_app({"DATABASE_URL": empty_db_url, "SECRET_KEY": "restore"})
    result = target.test_cli_runner().invoke(args=["restore", str(first)])
    assert result.exit_code == 0, result.output
    assert "Restored" in result.output
    assert target.test_cli_runner().invoke(args=["backup", str(second)]).exit_code == 0
    assert first.read_text() == second.read_text()
    restored = target.test_client()
    assert restored.get(f"/api/v1/games/{games[0]['id']}").get_json()["totals"] == [135, 195]
    # New rows go after the restored ones (PostgreSQL sequences are moved on).
    assert add_hand(restored, games[0]).status_code == 201
    again = target.test_cli_runner().invoke(args=["restore", str(first)])
    assert again.exit_code != 0 and "The database is not empty" in again.output
    target.extensions["engine"].dispose()


def test_restore_refuses_a_file_that_is_not_a_backup(app, tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "other"}')
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code != 0 and "This file is not a Companion backup." in result.output


def test_the_export_holds_the_hand_being_played_along(client):
    game = client.post("/api/v1/games", json={"game": "basra", "players": PLAYERS[:2]})
    game = game.get_json()
    client.set_cookie(f"{COOKIE_PREFIX}{game['id']}", game["edit_key"])
    client.post(f"/games/{game['id']}/play-along/card", data={"card": "4S", "version": 1})
    response = client.get(f"/api/v1/games/{game['id']}/export")
    assert response.status_code == 200
    (hand,) = response.get_json()["play_along"]
    assert hand["state"]["floor"] == ["4S"] and not hand["finished"]
