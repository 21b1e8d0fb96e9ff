"""Tournament pages and API: director key, rounds, games feeding results, standings, CSV."""

from __future__ import annotations

import re

from .helpers import (
    BASRA_LOSS,
    BASRA_WIN,
    director,
    fresh_match,
    next_round,
    play,
)
from .helpers import create_tournament as create


def test_changes_need_the_director_key(client):
    t = create(client)
    url = f"/api/v1/tournaments/{t['id']}/rounds"
    assert client.post(url).status_code == 401
    assert client.post(url, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.get(f"/api/v1/tournaments/{t['id']}").get_json()["rounds"] == []
    assert client.get("/api/v1/tournaments/nothing").status_code == 404


def test_basra_match_is_best_of_five_with_a_decider_to_150(client):
    t = create(client)
    match = next_round(client, t)["matches"][0]
    assert match["names"] == ["Ali", "Dara"]
    for hand in (BASRA_WIN, BASRA_LOSS, BASRA_WIN, BASRA_LOSS):
        play(client, match, hand)
        match = fresh_match(client, t, match["id"])
    assert match["wins"] == [2, 2] and not match["decided"]
    game = client.get(f"/api/v1/games/{match['current_game']}").get_json()
    assert game["target"] == 150
    play(client, match, BASRA_WIN)  # 146: not yet 150
    match = fresh_match(client, t, match["id"])
    assert not match["decided"] and len(match["games"]) == 5
    play(client, match, BASRA_WIN, hands=1)
    match = fresh_match(client, t, match["id"])
    assert match["decided"] and match["places"] == [1, 2] and match["wins"] == [3, 2]
    assert match["points"] == [146 * 2 + 219, 146 * 2]
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert (rows[0]["name"], rows[0]["points"], rows[0]["won"]) == ("Ali", 2, 1)
    assert rows[-1]["name"] == "Dara" and rows[-1]["lost"] == 1


def test_director_sets_a_result_by_hand_with_a_reason_in_the_history(client):
    t = create(client, settings={"best_of": 1})
    match = next_round(client, t)["matches"][1]
    url = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result"
    no_reason = client.put(url, json={"winner": 1}, headers=director(t))
    assert no_reason.status_code == 400 and no_reason.get_json()["field"] == "reason"
    response = client.put(url, json={"winner": 1, "points": [80, 120],
                                     "reason": "Scorer's phone died"}, headers=director(t))
    assert response.status_code == 200
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert rows[0]["name"] == match["names"][1] and rows[0]["points_scored"] == 120
    client.set_cookie(f"director_{t['id']}", t["director_key"])
    page = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    assert "Scorer&#39;s phone died" in page and "Result set by the director." in page


def test_swiss_pairs_by_standing_with_a_rotating_bye(client):
    t = create(client, format="swiss", entrants=["A", "B", "C", "D", "E"],
               settings={"best_of": 1, "rounds": 3})
    byes = []
    for _ in range(3):
        round_ = next_round(client, t)
        byes += [m["names"][0] for m in round_["matches"] if m["bye"]]
        for m in round_["matches"]:
            if not m["bye"]:
                play(client, m, BASRA_WIN)
    assert len(byes) == len(set(byes)) == 3
    again = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert again.status_code == 400
    assert again.get_json()["error"] == "Every round has been played."


def test_knockout_sends_winners_on_and_refuses_to_pair_an_unfinished_round(client):
    t = create(client, format="knockout", entrants=["S1", "S2", "S3"],
               settings={"best_of": 1})
    first = next_round(client, t)["matches"]
    assert [m["names"] for m in first] == [["S1"], ["S2", "S3"]]
    blocked = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert blocked.status_code == 400
    play(client, first[1], BASRA_LOSS)
    final = next_round(client, t)["matches"]
    assert [m["names"] for m in final] == [["S1", "S3"]]


def test_shllaat_tables_of_three(client):
    names = ["A", "B", "C", "D", "E", "F"]
    t = create(client, game="shllaat", entrants=names, settings={"table_size": 3, "rounds": 2})
    round_ = next_round(client, t)
    assert sorted(len(m["names"]) for m in round_["matches"]) == [3, 3]
    assert sorted(n for m in round_["matches"] for n in m["names"]) == names


def test_create_page_sets_the_director_cookie_and_shows_tables_with_qr(client):
    response = client.post("/tournaments/new", data={
        "name": "Club night", "variant": "basra/egyptian", "format": "round_robin",
        "entrants": "Ali\nBahar\nCyrus\nDara", "best_of": "", "table_size": "2"})
    assert response.status_code == 303
    tid = response.headers["Location"].split("/")[2].split("?")[0]
    assert f"director_{tid}=" in response.headers["Set-Cookie"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Keep this link" in page
    assert client.post(f"/tournaments/{tid}/rounds").status_code == 303
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert page.count('<svg') >= 2 and "Open the scorer page of table 1" in page
    assert "style=" not in page and "<script>" not in page
    link = re.search(r'href="(http://localhost/tournaments/[^"]+/tables/\d+\?key=[^"]+)"', page)
    jump = client.get(link.group(1).replace("http://localhost", "").replace("&amp;", "&"))
    assert jump.status_code == 303 and "/games/" in jump.headers["Location"]


def test_bad_form_keeps_what_was_typed(client):
    response = client.post("/tournaments/new", data={
        "name": "", "variant": "basra/egyptian", "format": "round_robin",
        "entrants": "Ali\nBahar"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "The tournament needs a name." in page and "Ali\nBahar</textarea>" in page


def test_public_pages_are_read_only_and_standings_poll_cheaply(client):
    t = create(client)
    next_round(client, t)
    page = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    assert "Pair the next round" not in page and "scorer page" not in page
    standings = client.get(f"/tournaments/{t['id']}/standings")
    assert standings.status_code == 200
    version = re.search(r'data-version="(\d+)"', standings.get_data(as_text=True)).group(1)
    url = f"/tournaments/{t['id']}/standings?since={version}"
    assert client.get(url, headers={"HX-Request": "true"}).status_code == 204
    screen = client.get(f"/tournaments/{t['id']}/screen").get_data(as_text=True)
    assert "big-screen" in screen and "<button" not in screen
    csv = client.get(f"/tournaments/{t['id']}/standings.csv").get_data(as_text=True)
    assert csv.splitlines()[0] == ("rank,entrant,played,won,drawn,lost,points,head_to_head,"
                                   "game_point_difference,points_scored,decided_by")


def test_standings_say_head_to_head_is_not_counted_between_winners_who_never_met(client):
    # Round 1: Ali beat Dara 120:100, Bahar beat Cyrus 130:60. Ali and Bahar (2 points) never
    # met, so the difference decides: Bahar +70 above Ali +20. Dara and Cyrus (0) never met
    # either: all four lines say head-to-head was not counted.
    t = create(client, settings={"best_of": 1})
    scores = {"Ali": 120, "Dara": 100, "Bahar": 130, "Cyrus": 60}
    for match in next_round(client, t)["matches"]:
        winner = 0 if match["names"][0] in ("Ali", "Bahar") else 1
        response = client.put(
            f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result",
            json={"winner": winner, "points": [scores[n] for n in match["names"]],
                  "reason": "paper score sheet"}, headers=director(t))
        assert response.status_code == 200
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert [(r["name"], r["tiebreaks"]["head_to_head"], r["tie"]["decided_by"],
             r["tie"]["breakdown"]) for r in rows[:2]] == [
        ("Bahar", None, "game_point_difference", [["game_point_difference", 70]]),
        ("Ali", None, "game_point_difference", [["game_point_difference", 20]])]
    page = client.get(f"/tournaments/{t['id']}/standings").get_data(as_text=True)
    assert page.count("head-to-head not counted: they did not all play each other") == 4


def test_standings_poll_answers_the_fragment_once_a_game_changes(client):
    t = create(client, settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    version = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["version"]
    play(client, match, BASRA_WIN)
    response = client.get(f"/tournaments/{t['id']}/standings?since={version}",
                          headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith("<section id=\"standings\"") and "<html" not in body
    players = client.get(f"/api/v1/tournaments/{t['id']}/players").get_json()["players"]
    assert players[0] == {"name": "Ali", "played": 1, "won": 1, "hands": 2,
                          "average_hand_score": 73.0, "basras": 6, "bids_made": 0,
                          "bids_failed": 0, "yasa": 0, "shelem": 0}
