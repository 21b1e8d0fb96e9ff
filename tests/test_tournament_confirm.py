"""Results confirmed by the other side: provisional until the side that lost confirms from
its own link, disputes with a reason and the hands in question, or the director decides.

Basra, best of one: `sweep(side)` is one hand of 163 to that side, a game to 101 in one hand.
Four entrants in a knockout meet 1v4 (Ali v Dara) and 2v3 (Bahar v Cyrus).
"""

from __future__ import annotations

from .helpers import (
    confirming,
    create_tournament,
    desk,
    director,
    fresh_match,
    next_round,
    play,
    sweep,
    text,
)


def word(client, t, match, key=None, body=None):
    url = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/confirm"
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return client.post(url, json=body, headers=headers) if body else client.post(
        url, headers=headers)


def standings(client, t):
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    return {row["name"]: row["provisional"] for row in rows}


def test_the_side_that_lost_confirms_and_only_then_the_next_round_pairs(client):
    t = confirming(client)
    ali_dara, bahar_cyrus = next_round(client, t)["matches"]
    assert ali_dara["names"] == ["Ali", "Dara"] and not ali_dara["provisional"]
    ali_key, dara_key = ali_dara["side_keys"]
    assert ali_key != dara_key and ali_dara["side_urls"][1].endswith(f"key={dara_key}")
    early = word(client, t, ali_dara, dara_key)
    assert early.status_code == 400
    assert early.get_json()["error"] == ("The match is not finished yet: there is nothing to "
                                         "confirm.")

    play(client, ali_dara, sweep(0), hands=1)  # Ali wins
    assert fresh_match(client, t, ali_dara["id"])["provisional"] is True
    assert standings(client, t) == {"Ali": True, "Dara": True, "Bahar": False, "Cyrus": False}
    assert word(client, t, ali_dara).status_code == 401
    assert word(client, t, ali_dara, "nope").status_code == 403
    winner = word(client, t, ali_dara, ali_key)
    assert winner.status_code == 403
    assert winner.get_json()["error"] == ("The side that won does not confirm its own "
                                          "result: the other side does.")
    confirmed = word(client, t, ali_dara, dara_key)
    assert confirmed.status_code == 200 and confirmed.get_json()["provisional"] is False
    assert word(client, t, ali_dara, dara_key).status_code == 200  # a second tap: no change
    assert standings(client, t)["Ali"] is False

    play(client, bahar_cyrus, sweep(0), hands=1)  # Bahar wins
    waiting = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert waiting.status_code == 400
    assert waiting.get_json()["error"] == ("Round 1 has results waiting for confirmation: the "
                                           "side that lost confirms, or the director decides.")
    assert word(client, t, bahar_cyrus, bahar_cyrus["side_keys"][1]).status_code == 200
    final = next_round(client, t)["matches"]
    assert [m["names"] for m in final] == [["Ali", "Bahar"]]
    assert desk(client, t).count("Result confirmed") == 2


def test_a_dispute_flags_the_hands_on_the_desk_until_the_director_decides(client):
    t = confirming(client)
    _ali_dara, bahar_cyrus = next_round(client, t)["matches"]
    play(client, bahar_cyrus, sweep(0), hands=1)
    game = bahar_cyrus["current_game"]
    cyrus = bahar_cyrus["side_keys"][1]
    disputed = word(client, t, bahar_cyrus, cyrus, {
        "dispute": "The 10 of diamonds was ours", "hands": [{"game": game, "number": 1}]})
    assert disputed.status_code == 200
    body = disputed.get_json()
    assert body["provisional"] is True
    assert body["dispute"] == {"side": 1, "reason": "The 10 of diamonds was ours",
                               "hands": [{"game": game, "number": 1}]}
    page = desk(client, t)
    assert "Disputed by Cyrus: The 10 of diamonds was ours Game 1, hand 1" in page
    decided = word(client, t, bahar_cyrus, t["director_key"])
    assert decided.status_code == 200
    assert decided.get_json()["provisional"] is False and decided.get_json()["dispute"] is None


def test_a_dispute_needs_a_reason_and_hands_of_the_match(client):
    t = confirming(client)
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)
    dara = match["side_keys"][1]
    for body, error in (
            ({"dispute": "  "}, "Say what is wrong with the result: the director reads it."),
            ({"dispute": "wrong", "hands": [{"game": "other", "number": 1}]},
             "Each hand in question names a game of this match and one of its hands."),
            ({"dispute": "wrong", "hands": [{"game": match["current_game"], "number": 2}]},
             "Each hand in question names a game of this match and one of its hands.")):
        refused = word(client, t, match, dara, body)
        assert refused.status_code == 400 and refused.get_json()["error"] == error
    by_director = word(client, t, match, t["director_key"], {"dispute": "no"})
    assert by_director.status_code == 400
    assert fresh_match(client, t, match["id"])["dispute"] is None  # nothing was kept


def test_a_correction_after_the_confirmation_asks_the_new_loser(client):
    t = confirming(client, format="round_robin", entrants=["Ali", "Bahar"])
    match = next_round(client, t)["matches"][0]
    ali, bahar = match["side_keys"]
    play(client, match, sweep(0), hands=1)
    assert word(client, t, match, bahar).status_code == 200
    game = client.get(f"/api/v1/games/{match['current_game']}").get_json()
    corrected = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"hand": sweep(1)},
                           headers={"Authorization": f"Bearer {match['edit_key']}",
                                    "If-Match": str(game["version"])})
    assert corrected.status_code == 200  # Bahar won the hand after all
    again = fresh_match(client, t, match["id"])
    assert again["provisional"] is True and again["places"] == [2, 1]
    assert word(client, t, match, bahar).status_code == 403  # now the winner
    assert word(client, t, match, ali).get_json()["provisional"] is False


def test_a_result_set_by_hand_is_the_directors_decision(client):
    t = confirming(client)
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)
    url = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result"
    assert client.put(url, json={"winner": 1, "reason": "Dara's sheet"},
                      headers=director(t)).status_code == 200
    assert fresh_match(client, t, match["id"])["provisional"] is False
    refused = word(client, t, match, match["side_keys"][0])
    assert refused.get_json()["error"] == ("The director set this result: there is nothing to "
                                           "confirm.")


def test_without_the_setting_results_count_at_once(client):
    t = create_tournament(client, format="knockout", entrants=["Ali", "Bahar"],
                          settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    assert "side_keys" not in match and match["provisional"] is False
    play(client, match, sweep(1), hands=1)
    assert fresh_match(client, t, match["id"])["provisional"] is False
    refused = word(client, t, match, t["director_key"])
    assert refused.status_code == 400
    assert refused.get_json()["error"] == ("This tournament does not ask the sides to confirm "
                                           "results.")
    bad = client.post("/api/v1/tournaments", json={
        "name": "X", "game": "basra", "format": "knockout", "settings": {"confirm_results": 1}})
    assert bad.status_code == 400 and bad.get_json()["field"] == "confirm_results"


def test_the_champion_waits_for_the_final_to_be_confirmed(client):
    t = confirming(client, entrants=["Ali", "Bahar"])
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(1), hands=1)  # Bahar wins the final
    url = f"/api/v1/tournaments/{t['id']}"
    assert client.get(url).get_json()["champion"] is None
    assert "provisional" in text(client.get(f"/tournaments/{t['id']}/bracket"))
    word(client, t, match, match["side_keys"][0])  # Ali confirms
    body = client.get(url).get_json()
    assert body["champion"] == body["entrants"][1]["id"]
