"""Changing a game after it started: redo after undo, renaming players, changing the target,
and a rematch; over the API and on the pages.

Basra to 101 (Egyptian preset), two players, count form. By hand:
AMAL_36 is Amal 36 – Badr 7 (most cards 30, 4 jacks, 2 aces against 2 aces, 2♣ 2, 10♦ 3);
BADR_257 is Amal 6 – Badr 257 (4 aces, 2♣ 2 against most cards 30, 4 jacks, 10♦ 3, 22 basras).
"""

from __future__ import annotations

import re

from companion.db import get_session
from companion.services import games

from .helpers import (
    AMAL_36,
    BADR_257,
    as_editor,
    auth,
    first_match,
    make_game,
    scorer,
    text,
    totals,
)
from .helpers import create_basra as create


def url(game, tail=""):
    return f"/api/v1/games/{game['id']}{tail}"


def add(client, game, hand):
    response = client.post(url(game, "/hands"), json={"hand": hand}, headers=auth(game))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def post(client, game, action, version=None, **headers):
    if version is not None:
        headers["If-Match"] = str(version)
    return client.post(url(game, f"/{action}"), headers={**auth(game), **headers})


def patch(client, game, body, version):
    return client.patch(url(game), json=body, headers={**auth(game), "If-Match": str(version)})


def state(client, game):
    return client.get(url(game)).get_json()


def history(client, game_id) -> str:
    return text(client.get(f"/games/{game_id}/history"))


# --- Redo --------------------------------------------------------------------------------

def test_redo_brings_back_the_hand_undo_took_away(client):
    game = create(client)
    add(client, game, AMAL_36)
    add(client, game, AMAL_36)
    undone = post(client, game, "undo").get_json()
    assert (len(undone["hands"]), undone["totals"]) == (1, [36, 7])
    redone = post(client, game, "redo")
    assert redone.status_code == 200
    assert (len(redone.get_json()["hands"]), redone.get_json()["totals"]) == (2, [72, 14])
    again = post(client, game, "redo")
    assert again.status_code == 400
    assert again.get_json()["error"] == "There is no undone change to redo."
    assert state(client, game)["totals"] == [72, 14]


def test_undo_twice_then_redo_twice_walks_forward_in_order_and_undo_takes_back_a_redo(client):
    game = create(client)
    add(client, game, AMAL_36)
    add(client, game, BADR_257)  # 42–264: Badr wins
    post(client, game, "undo")
    assert state(client, game)["totals"] == [36, 7]
    post(client, game, "undo")
    assert state(client, game)["hands"] == []
    first = post(client, game, "redo").get_json()
    assert [h["scores"] for h in first["hands"]] == [[36, 7]] and not first["finished"]
    second = post(client, game, "redo").get_json()
    assert second["totals"] == [42, 264] and second["winner"] == 1
    back = post(client, game, "undo").get_json()  # takes back the second redo
    assert back["totals"] == [36, 7] and back["winner"] is None
    assert post(client, game, "redo").get_json()["totals"] == [42, 264]


def test_a_new_change_after_an_undo_leaves_nothing_to_redo(client):
    game = create(client)
    add(client, game, AMAL_36)
    post(client, game, "undo")
    add(client, game, BADR_257)
    refused = post(client, game, "redo")
    assert refused.status_code == 400
    assert [h["scores"] for h in state(client, game)["hands"]] == [[6, 257]]


def test_redo_checks_the_version_and_a_retried_redo_redoes_once(client):
    game = create(client)
    add(client, game, AMAL_36)
    add(client, game, AMAL_36)
    post(client, game, "undo")
    seen = post(client, game, "undo").get_json()["version"]
    stale = post(client, game, "redo", version=seen - 1)
    assert stale.status_code == 409
    assert state(client, game)["hands"] == []
    first = post(client, game, "redo", version=seen, **{"Idempotency-Key": "redo-1"})
    retried = post(client, game, "redo", **{"Idempotency-Key": "redo-1"})
    assert first.status_code == retried.status_code == 200
    assert len(retried.get_json()["hands"]) == 1  # one redo, not two
    again = post(client, game, "redo", version=seen)  # the same version twice: refused
    assert again.status_code == 409 and len(state(client, game)["hands"]) == 1


def test_redo_needs_the_edit_key(client):
    game = create(client)
    add(client, game, AMAL_36)
    post(client, game, "undo")
    assert client.post(url(game, "/redo")).status_code == 401
    assert client.post(url(game, "/redo"), headers={"Authorization": "Bearer nope"}
                       ).status_code == 403
    assert state(client, game)["hands"] == []


def test_deleting_the_hands_after_the_end_can_be_undone_and_redone(app, client):
    game = create(client)
    add(client, game, AMAL_36)
    add(client, game, BADR_257)
    stored = state(client, game)
    # Hand 1 corrected to 126–7: Amal wins at hand 1, hand 2 stays on the record uncounted.
    amal_126 = {**AMAL_36, "basras": [9, 0]}
    client.put(url(game, "/hands/1"), json={"hand": amal_126},
               headers={**auth(game), "If-Match": str(stored["version"])})
    as_editor(client, game["id"], game["edit_key"]).post(
        f"/games/{game['id']}/after-end/delete")
    assert len(state(client, game)["hands"]) == 1
    assert len(post(client, game, "undo").get_json()["hands"]) == 2
    redone = post(client, game, "redo").get_json()
    assert [h["scores"] for h in redone["hands"]] == [[126, 7]]
    assert "Redid deleting the hands played after the end, from hand 2 on" in history(
        client, game["id"])


# --- Names and target ---------------------------------------------------------------------

def test_renaming_a_player_changes_the_names_not_the_scores_and_history_says_so(client):
    game = create(client)
    body = add(client, game, AMAL_36)
    renamed = patch(client, game, {"players": ["Amira", "Badr"]}, body["version"])
    assert renamed.status_code == 200, renamed.get_json()
    assert renamed.get_json()["sides"] == ["Amira", "Badr"]
    assert renamed.get_json()["totals"] == [36, 7]
    assert "Renamed Amal to Amira" in history(client, game["id"])


def test_renaming_partners_renames_their_team(client):
    game = create(client, game="shelem", players=["Ali", "Bahar", "Cyrus", "Dara"])
    body = patch(client, game, {"players": ["Ali", "Bahar", "Kourosh", "Dara"]},
                 game["version"]).get_json()
    assert body["sides"] == ["Ali & Kourosh", "Bahar & Dara"]


def test_a_lower_target_ends_the_game_earlier_and_undo_reopens_it(client):
    game = create(client)
    add(client, game, AMAL_36)
    body = add(client, game, AMAL_36)  # 72–14, short of 101
    assert not body["finished"]
    lowered = patch(client, game, {"target": 30}, body["version"]).get_json()
    # Amal has 36 after hand 1: past 30, so the game ended there; hand 2 counts for nobody.
    assert (lowered["target"], lowered["finished"], lowered["winner"]) == (30, True, 0)
    assert lowered["totals"] == [36, 7]
    assert [h["counted"] for h in lowered["hands"]] == [True, False]
    assert "Target changed from 101 to 30" in history(client, game["id"])
    reopened = post(client, game, "undo").get_json()
    assert (reopened["target"], reopened["finished"], reopened["totals"]) == (101, False,
                                                                              [72, 14])
    assert "Undid: Target changed from 101 to 30" in history(client, game["id"])
    assert post(client, game, "redo").get_json()["target"] == 30


def test_a_higher_target_reopens_a_finished_game(client):
    game = create(client)
    add(client, game, AMAL_36)
    body = add(client, game, BADR_257)  # 42–264: Badr won at 101
    raised = patch(client, game, {"target": 300}, body["version"]).get_json()
    assert (raised["finished"], raised["winner"], raised["totals"]) == (False, None, [42, 264])
    assert add(client, game, AMAL_36)["totals"] == [78, 271]  # the game goes on


def test_names_and_target_in_one_change_are_one_line_of_history(client):
    game = create(client)
    body = patch(client, game, {"players": ["Amal", "Bader"], "target": 151}, game["version"])
    assert body.status_code == 200
    assert (body.get_json()["sides"], body.get_json()["target"]) == (["Amal", "Bader"], 151)
    assert "Renamed Badr to Bader; target changed from 101 to 151" in history(client,
                                                                               game["id"])


def test_bad_changes_are_refused_with_a_sentence_and_change_nothing(client):
    game = create(client)
    version = add(client, game, AMAL_36)["version"]
    cases = [
        ({"players": ["Amal"]}, "Give a new name for each of the 2 players"),
        ({"players": ["Amal", "amal"]}, "Two players have the same name; tell them apart."),
        ({"players": ["Amal", " "]}, "Every player needs a name."),
        ({"target": 0}, "Target must be at least 16."),
        ({"target": "lots"}, "Target: enter a whole number."),
        ({"players": ["Amal", "Badr"], "target": 101}, "Nothing to change"),
        ({}, 'Send the new "players"'),
    ]
    for body, sentence in cases:
        refused = patch(client, game, body, version)
        assert refused.status_code == 400, body
        assert sentence in refused.get_json()["error"], (body, refused.get_json())
    after = state(client, game)
    assert (after["version"], after["sides"], after["target"]) == (version, ["Amal", "Badr"],
                                                                   101)


def test_changing_a_game_needs_the_key_and_the_version_it_was_based_on(client):
    game = create(client)
    version = add(client, game, AMAL_36)["version"]
    assert client.patch(url(game), json={"target": 50}).status_code == 401
    unversioned = client.patch(url(game), json={"target": 50}, headers=auth(game))
    assert unversioned.status_code == 400 and unversioned.get_json()["field"] == "version"
    assert patch(client, game, {"target": 50}, version - 1).status_code == 409
    assert state(client, game)["target"] == 101


def test_a_tournament_game_keeps_the_tournaments_names_and_target(client):
    _t, match = first_match(client)
    game_url = f"/api/v1/games/{match['current_game']}"
    version = client.get(game_url).get_json()["version"]
    refused = client.patch(game_url, json={"players": ["Alia", "Dara"]},
                           headers={**scorer(match), "If-Match": str(version)})
    assert refused.status_code == 400
    assert refused.get_json()["error"].startswith("This game belongs to a tournament")
    assert client.get(game_url).get_json()["players"] == ["Ali", "Dara"]


# --- Rematch ------------------------------------------------------------------------------

def test_rematch_starts_a_game_with_the_same_players_and_rules_once(client):
    game = create(client, target=30, first_dealer=0)
    add(client, game, AMAL_36)  # Amal 36 past 30: over after one hand; Badr deals next
    started = post(client, game, "rematch")
    assert started.status_code == 201
    rematch = started.get_json()
    assert rematch["id"] != game["id"] and rematch["edit_key"]
    assert (rematch["players"], rematch["rules"], rematch["hands"]) == (
        ["Amal", "Badr"], state(client, game)["rules"], [])
    assert (rematch["target"], rematch["dealer"]) == (30, 1)
    again = post(client, game, "rematch")
    assert again.status_code == 303
    assert again.headers["Location"].endswith(f"/api/v1/games/{rematch['id']}")
    assert "Rematch started" in history(client, game["id"])


def test_no_rematch_before_the_game_is_over(client):
    game = create(client)
    refused = post(client, game, "rematch")
    assert refused.status_code == 400
    assert refused.get_json()["error"] == ("This game is not over yet: finish it before a "
                                           "rematch.")


# --- Pages --------------------------------------------------------------------------------

def test_after_an_undo_the_page_says_what_was_undone_and_offers_redo(app, client):
    game_id, key = make_game(app, "basra", ["Amal", "Badr"], hands=[AMAL_36, AMAL_36])
    editor = as_editor(client, game_id, key)
    assert editor.post(f"/games/{game_id}/undo", data={"version": "3"}).status_code == 303
    page = editor.get(f"/games/{game_id}")
    assert "Undid adding hand 2" in text(page) and 'id="redo"' in page.get_data(as_text=True)
    assert totals(page) == ["36", "7"]
    assert editor.post(f"/games/{game_id}/redo", data={"version": "4"}).status_code == 303
    page = editor.get(f"/games/{game_id}")
    assert totals(page) == ["72", "14"] and 'id="redo"' not in page.get_data(as_text=True)
    assert "Redid adding hand 2" in history(client, game_id)
    assert "Undid adding hand 2 (redone)" in history(client, game_id)


def test_a_stale_redo_is_refused_on_the_page(app, client):
    game_id, key = make_game(app, "basra", ["Amal", "Badr"], hands=[AMAL_36])
    editor = as_editor(client, game_id, key)
    editor.post(f"/games/{game_id}/undo", data={"version": "2"})
    refused = editor.post(f"/games/{game_id}/redo", data={"version": "2"})
    assert refused.status_code == 409 and "Someone else changed this game first" in text(
        refused)


def test_the_settings_page_renames_and_changes_the_target(app, client):
    game_id, key = make_game(app, "basra", ["Amal", "Badr"], hands=[AMAL_36])
    editor = as_editor(client, game_id, key)
    assert "Rename players or change the target" in text(editor.get(f"/games/{game_id}"))
    form = editor.get(f"/games/{game_id}/settings")
    assert re.findall(r'name="players" value="([^"]*)"', form.get_data(as_text=True)) == [
        "Amal", "Badr"]
    saved = editor.post(f"/games/{game_id}/settings",
                        data={"players": ["Amal", "Bader"], "target": "30", "version": "2"})
    assert saved.status_code == 303
    page = editor.get(f"/games/{game_id}")
    assert "Bader" in text(page) and "Amal won the game!" in text(page)


def test_the_settings_page_keeps_what_was_typed_when_it_refuses(app, client):
    game_id, key = make_game(app, "basra", ["Amal", "Badr"])
    editor = as_editor(client, game_id, key)
    refused = editor.post(f"/games/{game_id}/settings",
                          data={"players": ["Amira", "Bader"], "target": "lots",
                                "version": "1"})
    assert refused.status_code == 422
    assert "Target: enter a whole number." in text(refused)
    html = refused.get_data(as_text=True)
    assert re.findall(r'name="players" value="([^"]*)"', html) == ["Amira", "Bader"]
    assert 'value="lots"' in html
    assert totals(client.get(f"/games/{game_id}")) == ["0", "0"]


def test_a_stale_settings_page_keeps_what_was_typed_and_changes_nothing(app, client):
    game_id, key = make_game(app, "basra", ["Amal", "Badr"])
    editor = as_editor(client, game_id, key)
    with app.app_context():  # another phone saves a hand after this form was opened
        games.add_hand(get_session(), game_id, AMAL_36)
    refused = editor.post(f"/games/{game_id}/settings",
                          data={"players": ["Amira", "Badr"], "target": "101", "version": "1"})
    assert refused.status_code == 409
    assert "Someone else changed this game first" in text(refused)
    html = refused.get_data(as_text=True)
    assert re.findall(r'name="players" value="([^"]*)"', html) == ["Amira", "Badr"]
    assert 'name="version" value="2"' in html  # sent again, it goes through
    assert "Amal" in text(client.get(f"/games/{game_id}"))


def test_the_settings_page_of_a_tournament_game_says_why_nothing_can_change(app, client):
    _t, match = first_match(client)
    editor = as_editor(client, match["current_game"], match["edit_key"])
    page = editor.get(f"/games/{match['current_game']}/settings")
    assert "This game belongs to a tournament" in text(page)
    assert 'name="players"' not in page.get_data(as_text=True)


def test_rematch_button_on_a_finished_game_opens_the_new_game_once(app, client):
    game_id, key = make_game(app, "basra", ["Amal", "Badr"], hands=[AMAL_36],
                             target=30)
    editor = as_editor(client, game_id, key)
    assert 'id="rematch"' in editor.get(f"/games/{game_id}").get_data(as_text=True)
    started = editor.post(f"/games/{game_id}/rematch")
    assert started.status_code == 303
    new_id = started.headers["Location"].rsplit("/", 1)[1]
    assert new_id != game_id and f"edit_{new_id}=" in started.headers["Set-Cookie"]
    again = editor.post(f"/games/{game_id}/rematch")
    assert again.headers["Location"].endswith(f"/games/{new_id}")
    with app.app_context():
        rematch = games.load_game(get_session(), new_id)
        assert (rematch.row.players, rematch.row.rules["target"]) == (["Amal", "Badr"], 30)


def test_history_times_carry_utc_for_the_phone_to_show_in_its_own_zone(app, client):
    game_id, _ = make_game(app, "basra", ["Amal", "Badr"])
    html = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert re.search(r'<time class="muted" data-local datetime="[0-9-]+T[0-9:.]+\+00:00">',
                     html)
    assert "js/localtime" in html
