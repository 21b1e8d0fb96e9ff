"""What crosses the boundary: control characters and absurd numbers are a 400 naming the field
(never a 500, and nothing stored), API bodies are JSON, idempotency keys are whole, and every
405 says what is allowed. Each runs on SQLite and on PostgreSQL when the suite has it."""

from __future__ import annotations

import io
import json

from companion import create_app

from .helpers import (
    BASRA_QUICK,
    SHELEM,
    add,
    auth,
    save,
)
from .helpers import api_game_id as make_game
from .helpers import create_shelem as create
from .stored import stored_games

MADE_100 = {"bidder": 0, "bid": 100, "bidder_points": 110}  # made: [110, 55]
HUGE = "9" * 5000  # past Python's 4,300-digit limit for turning text into a number


# 5. Control characters -----------------------------------------------------------------------

def test_a_nul_in_a_player_name_is_a_400_naming_it_and_creates_nothing(client):
    response = client.post("/api/v1/games",
                           json={**SHELEM, "players": ["Ali", "Bahar\x00", "Cyrus", "Dara"]})
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "'players[1]' contains a control character: remove it and try again.",
        "field": "players[1]"}
    assert stored_games(client) == 0


def test_a_control_character_in_a_reason_changes_nothing(client):
    game = create(client)
    add(client, game, MADE_100)
    response = client.delete(f"/api/v1/games/{game['id']}/hands/1",
                             json={"version": 2, "reason": "typo\x07"}, headers=auth(game))
    assert response.status_code == 400
    assert response.get_json()["field"] == "reason"
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [110, 55]


def test_a_nul_in_an_address_or_a_query_is_a_400(client):
    response = client.get("/api/v1/games/ab%00cd")
    assert response.status_code == 400 and response.get_json()["field"] == "game_id"
    page = client.get("/games/new?game=basra%00")
    assert page.status_code == 400
    assert "contains a control character" in page.get_data(as_text=True)


def test_a_nul_typed_in_a_page_form_is_refused_and_saves_nothing(client):
    game_id = make_game(client, "basra", ["Ali", "Bahar"])
    response = save(client, game_id, {**BASRA_QUICK, "cards_0": "27\x00"})
    assert response.status_code == 400
    assert "cards_0&#39; contains a control character" in response.get_data(as_text=True)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []


def test_an_imported_file_with_a_nul_is_refused_and_creates_nothing(client):
    game = create(client)
    exported = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    exported["players"][0] = "Ali\x00"
    response = client.post("/games/import", content_type="multipart/form-data", data={
        "file": (io.BytesIO(json.dumps(exported).encode()), "g.json")})
    assert response.status_code == 400
    assert "players[0]&#39; contains a control character" in response.get_data(as_text=True)
    assert stored_games(client) == 1


def test_restore_checks_the_whole_backup_before_writing(app, client, empty_db_url,  # noqa: F811
                                                        tmp_path):
    create(client)
    backup = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["backup", str(backup)]).exit_code == 0
    data = json.loads(backup.read_text())
    # A NUL SQLite kept (stored before names were checked), in the last table restored.
    players = data["tables"]["knownplayer"]
    players["rows"][-1][players["columns"].index("name")] = "Dara\x00"
    backup.write_text(json.dumps(data))
    target = create_app({"DATABASE_URL": empty_db_url, "SECRET_KEY": "restore"})
    result = target.test_cli_runner().invoke(args=["restore", str(backup)])
    assert result.exit_code != 0
    assert "The backup holds a value Companion refuses, in table knownplayer.rows[3][0]" \
        in result.output
    assert stored_games(target.test_client()) == 0  # the game table comes first: untouched
    target.extensions["engine"].dispose()


# 6. Numbers too long for any real value ---------------------------------------------------------

def test_an_if_match_of_5000_digits_is_a_400_on_the_version(client):
    game = create(client)
    add(client, game, MADE_100)
    response = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"hand": MADE_100},
                          headers={**auth(game), "If-Match": HUGE})
    assert response.status_code == 400
    assert response.get_json() == {"error": "The version must be a whole number.",
                                   "field": "version"}


def test_a_form_version_of_5000_digits_is_refused_like_any_non_number(client):
    game_id = make_game(client, "basra", ["Ali", "Bahar"])
    response = client.post(f"/games/{game_id}/hands/new", data={**BASRA_QUICK, "version": HUGE})
    assert response.status_code == 400
    assert "The version must be a whole number." in response.get_data(as_text=True)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []


def test_a_count_of_5000_digits_in_a_form_is_refused_beside_its_field(client):
    game_id = make_game(client, "basra", ["Ali", "Bahar"])
    response = save(client, game_id, {**BASRA_QUICK, "cards_0": HUGE})
    assert response.status_code in (400, 422)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []


def test_a_json_number_past_any_real_value_is_a_400_naming_it(client):
    # A target is refused by its own range, in the sentence the new-game page gives for the
    # same 20 digits typed (test_translatable_text.py).
    response = client.post("/api/v1/games", json={**SHELEM, "target": 10**19})
    assert response.status_code == 400
    assert response.get_json() == {"error": "Target can be at most 100000.",
                                   "field": "rules.target"}
    response = client.post("/api/v1/games", json={**SHELEM, "rules": {"target": 10**101}})
    assert response.get_json() == {"error": f"'{10**101}' is too large a number.",
                                   "field": "rules.target"}
    # Any other number: the sentence the entry form gives for 20 digits typed.
    response = client.post("/api/v1/games", json={**SHELEM, "first_dealer": 10**19})
    assert response.get_json() == {"error": "'10000000000000000000' is too large a number.",
                                   "field": "first_dealer"}
    assert stored_games(client) == 0


def test_nan_is_not_json(client):
    response = client.post("/api/v1/games", data='{"game": "shelem", "players": '
                           '["A", "B", "C", "D"], "target": NaN}', content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == {"error": "The body must be a JSON object."}
    assert stored_games(client) == 0


# 9. Idempotency keys ----------------------------------------------------------------------------

def test_two_long_keys_sharing_their_first_128_characters_add_two_hands(client):
    game = create(client)
    prefix = "k" * 128
    for key in (prefix + "-first tap", prefix + "-second tap"):
        assert add(client, game, MADE_100, **{"Idempotency-Key": key}).status_code == 201
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [220, 110]


# 10. API bodies are JSON -----------------------------------------------------------------------

def test_a_plain_form_post_from_another_site_cannot_create_a_game(client):
    as_text = client.post("/api/v1/games", data=json.dumps(SHELEM), content_type="text/plain")
    as_form = client.post("/api/v1/games", data={"game": "shelem"})
    assert as_text.status_code == as_form.status_code == 415
    assert as_text.get_json() == {
        "error": "Send the body as JSON, with the header Content-Type: application/json."}
    assert stored_games(client) == 0


def test_json_with_a_charset_is_json_and_a_read_ignores_a_stray_content_type(client):
    response = client.post("/api/v1/games", data=json.dumps(SHELEM),
                           content_type="application/json; charset=utf-8")
    assert response.status_code == 201
    assert client.get("/api/v1/rules", headers={"Content-Type": "text/plain"}).status_code == 200


# 13. Every 405 says what is allowed -------------------------------------------------------------

def test_a_405_carries_allow_on_the_api_and_on_pages(client):
    api = client.patch("/api/v1/rules")
    assert api.status_code == 405
    assert set(api.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
    assert api.get_json() == {"error": "This address does not accept that method."}
    page = client.delete("/")
    assert page.status_code == 405
    assert set(page.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
