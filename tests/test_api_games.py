"""Games over the JSON API: keys, hands, corrections, idempotent retries, stale edits."""

from __future__ import annotations

import pytest

from .helpers import SHELEM, add, auth
from .helpers import create_shelem as create
from .stored import stored_games


def test_create_shelem_game_returns_key_links_and_teams(client):
    game = create(client)
    assert game["sides"] == ["Ali & Cyrus", "Bahar & Dara"]
    assert game["teams"] == [[0, 2], [1, 3]]
    assert game["totals"] == [0, 0]
    assert game["target"] == 1200
    assert game["version"] == 1
    assert len(game["edit_key"]) >= 22  # 128 bits, base64url
    assert game["edit_url"].endswith(f"/games/{game['id']}?key={game['edit_key']}")
    assert "edit_key" not in client.get(f"/api/v1/games/{game['id']}").get_json()


def test_made_bid_adds_points_for_both_teams(client):
    game = create(client)
    response = add(client, game, {"bidder": 0, "bid": 120, "bidder_points": 130})
    assert response.status_code == 201
    body = response.get_json()
    assert body["totals"] == [130, 35]
    assert body["hands"][0]["outcome"] == "made"
    assert body["dealer"] == 1 and body["version"] == 2


def test_change_without_key_is_401_with_wrong_key_403_and_changes_nothing(client):
    game = create(client)
    hand = {"hand": {"bidder": 0, "bid": 100, "bidder_points": 100}}
    url = f"/api/v1/games/{game['id']}/hands"
    assert client.post(url, json=hand).status_code == 401
    assert client.post(url, json=hand,
                       headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_impossible_hand_is_400_naming_the_problem(client):
    game = create(client)
    response = add(client, game, {"bidder": 0, "bid": 123, "bidder_points": 130})
    assert response.status_code == 400
    assert "123" in response.get_json()["error"]
    assert response.get_json()["field"].startswith("hand")
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["version"] == 1


def test_idempotent_retry_adds_the_hand_once(client):
    game = create(client)
    hand = {"bidder": 1, "bid": 100, "bidder_points": 110}
    first = add(client, game, hand, **{"Idempotency-Key": "tap-1"})
    again = add(client, game, hand, **{"Idempotency-Key": "tap-1"})
    assert first.status_code == again.status_code == 201
    assert len(again.get_json()["hands"]) == 1
    assert again.get_json()["totals"] == [55, 110]


def test_edit_hand_recomputes_totals_and_keeps_history(client, app):
    game = create(client)
    add(client, game, {"bidder": 0, "bid": 120, "bidder_points": 130})
    response = client.put(f"/api/v1/games/{game['id']}/hands/1",
                          json={"hand": {"bidder": 0, "bid": 120, "bidder_points": 100},
                                "reason": "miscounted"},
                          headers={**auth(game), "If-Match": "2"})
    assert response.status_code == 200
    assert response.get_json()["totals"] == [-120, 65]
    assert response.get_json()["hands"][0]["outcome"] == "failed"


def test_stale_edit_is_409_with_the_fresh_game(client):
    game = create(client)
    add(client, game, {"bidder": 0, "bid": 120, "bidder_points": 130})
    response = client.put(f"/api/v1/games/{game['id']}/hands/1",
                          json={"hand": {"bidder": 0, "bid": 120, "bidder_points": 100}},
                          headers={**auth(game), "If-Match": "1"})
    assert response.status_code == 409
    body = response.get_json()
    assert "Someone else changed this game first" in body["error"]
    assert body["game"]["totals"] == [130, 35]
    assert body["game"]["version"] == 2


def test_delete_hand_renumbers_and_undo_brings_it_back(client):
    game = create(client)
    for points in (130, 140, 150):
        add(client, game, {"bidder": 0, "bid": 120, "bidder_points": points})
    response = client.delete(f"/api/v1/games/{game['id']}/hands/2",
                             headers={**auth(game), "If-Match": "4"})
    body = response.get_json()
    assert [h["hand"]["bidder_points"] for h in body["hands"]] == [130, 150]
    assert [h["number"] for h in body["hands"]] == [1, 2]
    undone = client.post(f"/api/v1/games/{game['id']}/undo", headers=auth(game)).get_json()
    assert [h["hand"]["bidder_points"] for h in undone["hands"]] == [130, 140, 150]
    assert undone["totals"] == [420, 75]


def test_undo_twice_walks_back_two_changes(client):
    game = create(client)
    add(client, game, {"bidder": 0, "bid": 120, "bidder_points": 130})
    client.put(f"/api/v1/games/{game['id']}/hands/1",
               json={"hand": {"bidder": 0, "bid": 120, "bidder_points": 100}, "version": 2},
               headers=auth(game))
    url = f"/api/v1/games/{game['id']}/undo"
    assert client.post(url, headers=auth(game)).get_json()["totals"] == [130, 35]
    assert client.post(url, headers=auth(game)).get_json()["hands"] == []
    response = client.post(url, headers=auth(game))
    assert response.status_code == 400
    assert response.get_json()["error"] == "There is no change left to undo."


def test_edit_of_missing_hand_is_404(client):
    game = create(client)
    response = client.put(f"/api/v1/games/{game['id']}/hands/7",
                          json={"hand": {"bidder": 0, "bid": 100, "bidder_points": 100},
                                "version": 1}, headers=auth(game))
    assert response.status_code == 404


def test_game_ends_at_target_and_further_hands_are_refused(client):
    game = create(client, target=330)
    add(client, game, {"bidder": 0, "bid": 165, "bidder_points": 165})
    body = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert body["totals"] == [330, 0]
    assert body["finished"] is True and body["winner"] == 0
    response = add(client, game, {"bidder": 0, "bid": 100, "bidder_points": 100})
    assert response.status_code == 400
    assert "over" in response.get_json()["error"]


@pytest.mark.parametrize("body, field", [
    ({"game": "poker", "players": ["A", "B"]}, "game"),
    ({"game": "shelem", "players": ["A", "B"]}, "players"),
    ({"game": "shelem", "players": ["A", "a", "B", "C"]}, "players"),
    ({"game": "shelem", "players": "ABCD"}, "players"),
    ({"game": "shelem", "players": ["A", "B", "C", "D"], "rules": {"preset": "nope"}},
     "rules.preset"),
    ({"game": "shelem", "players": ["A", "B", "C", "D"], "rules": {"made": "always"}},
     "rules.made"),
    ({"game": "shelem", "players": ["A", "B", "C", "D"], "first_dealer": 9}, "first_dealer"),
])
def test_bad_new_game_is_400_with_field(client, body, field):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == field


ADJACENT_REFUSED = ("Partners sit opposite each other: with the players in playing order, "
                    "the teams are Ali & Cyrus against Bahar & Dara.")


@pytest.mark.parametrize("game, teams", [
    ("basra", [[0, 1], [2, 3]]), ("shelem", [[0, 1], [2, 3]]), ("gharat", [[0, 3], [1, 2]])])
def test_partners_who_do_not_sit_opposite_are_refused(client, game, teams):
    # Players are listed in playing order: seats 0 and 2 face each other, as do 1 and 3.
    response = client.post("/api/v1/games", json={**SHELEM, "game": game, "teams": teams})
    assert response.status_code == 400
    assert response.get_json() == {"error": ADJACENT_REFUSED, "field": "teams"}
    assert stored_games(client) == 0


def test_partners_opposite_may_be_listed_in_any_order(client):
    game = create(client, game="basra", teams=[[3, 1], [2, 0]])
    assert game["sides"] == ["Dara & Bahar", "Cyrus & Ali"]


def test_idempotency_key_reused_for_another_hand_is_refused_not_ignored(client):
    game = create(client)
    add(client, game, {"bidder": 0, "bid": 100, "bidder_points": 110},
        **{"Idempotency-Key": "k1"})
    response = add(client, game, {"bidder": 1, "bid": 120, "bidder_points": 130},
                   **{"Idempotency-Key": "k1"})
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "This Idempotency-Key was already used for another hand: send a new key "
                 "with a new hand.", "field": "Idempotency-Key"}
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1


def test_a_very_long_idempotency_key_still_guards_a_retry(client):
    game = create(client)
    key = "x" * 300
    for _ in range(2):
        add(client, game, {"bidder": 0, "bid": 100, "bidder_points": 110},
            **{"Idempotency-Key": key})
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1


def test_the_api_ignores_the_edit_cookie_so_other_sites_cannot_use_it(client):
    game = create(client)
    client.set_cookie(f"edit_{game['id']}", game["edit_key"])
    response = client.post(f"/api/v1/games/{game['id']}/hands",
                           json={"hand": {"bidder": 0, "bid": 100, "bidder_points": 100}})
    assert response.status_code == 401
    assert client.delete(f"/api/v1/games/{game['id']}").status_code == 401
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


@pytest.mark.parametrize("if_match, status", [('"2"', 200), ('W/"2"', 200), ("2", 200),
                                              ('""', 400), ("two", 400), ("²", 400)])
def test_if_match_takes_a_plain_or_etag_quoted_version(client, if_match, status):
    game = create(client)
    add(client, game, {"bidder": 0, "bid": 120, "bidder_points": 130})
    response = client.put(f"/api/v1/games/{game['id']}/hands/1",
                          json={"hand": {"bidder": 0, "bid": 120, "bidder_points": 100}},
                          headers={**auth(game), "If-Match": if_match})
    assert response.status_code == status
    if status == 400:
        assert response.get_json()["error"] == "The version must be a whole number."
