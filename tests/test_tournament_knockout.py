"""A knockout: its bracket round by round, the champion in the JSON and on the pages.

Eight Basra entrants, best of one: `sweep(side)` is one hand of 163 to that side, a game to
101 in one hand. Seeds 1-8 meet in bracket order 1v8, 4v5, 2v7, 3v6 (1 and 2 can only meet
in the final).
"""

from __future__ import annotations

from .helpers import create_tournament as create
from .helpers import director, next_round, play, sweep, text

EIGHT = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]


def knockout(client, entrants=EIGHT, **settings):
    return create(client, format="knockout", entrants=entrants,
                  settings={"best_of": 1, **settings})


def tournament(client, t):
    return client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()


def play_round(client, t, winners: dict[str, int]) -> list[dict]:
    """Pair the next round and play each match: `winners` says which side wins by name."""
    matches = next_round(client, t)["matches"]
    for match in matches:
        if not match["bye"]:
            play(client, match, sweep(winners[match["names"][0]]), hands=1)
    return matches


def test_the_bracket_grows_round_by_round_to_the_champion(client):
    t = knockout(client)
    first = play_round(client, t, {"Ali": 0, "Dara": 1, "Bahar": 0, "Cyrus": 0})
    assert [m["names"] for m in first] == [["Ali", "Hadi"], ["Dara", "Elham"],
                                           ["Bahar", "Golnar"], ["Cyrus", "Farid"]]
    assert tournament(client, t)["champion"] is None
    page = text(client.get(f"/tournaments/{t['id']}/bracket"))
    # The quarter-finals are played; the semi-finals' sides are known, the final's are not.
    assert "Quarter-finals Ali 1 won Hadi 0 Dara 0 Elham 1 won Bahar 1 won Golnar 0" in page
    assert "Semi-finals Ali Elham Bahar Cyrus Final to be decided to be decided" in page

    second = play_round(client, t, {"Ali": 1, "Bahar": 1})  # Elham and Cyrus go through
    assert [m["names"] for m in second] == [["Ali", "Elham"], ["Bahar", "Cyrus"]]
    final = play_round(client, t, {"Elham": 1})
    assert [m["names"] for m in final] == [["Elham", "Cyrus"]]

    body = tournament(client, t)
    cyrus = next(e["id"] for e in body["entrants"] if e["name"] == "Cyrus")
    assert body["champion"] == cyrus and body["finished"]
    page = text(client.get(f"/tournaments/{t['id']}/bracket"))
    assert "Champion: Cyrus" in page and "Final Elham 0 Cyrus 1 won" in page
    assert "Champion: Cyrus" in text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "Champion: Cyrus" in text(client.get(f"/tournaments/{t['id']}"))
    again = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert again.status_code == 400
    assert again.get_json()["error"] == "Every round has been played."


def test_byes_go_to_the_top_seeds_and_show_in_the_bracket(client):
    # Five entrants fill a bracket of eight: seeds 6, 7 and 8 are missing, so 1, 2 and 3
    # have byes and only 4 v 5 is played.
    t = knockout(client, entrants=EIGHT[:5])
    first = play_round(client, t, {"Dara": 0})
    assert [(m["names"], m["bye"]) for m in first] == [
        (["Ali"], True), (["Dara", "Elham"], False), (["Bahar"], True), (["Cyrus"], True)]
    page = text(client.get(f"/tournaments/{t['id']}/bracket"))
    assert "Ali bye" in page and "Semi-finals Ali Dara Bahar Cyrus" in page


def test_two_entrants_play_only_the_final(client):
    t = knockout(client, entrants=["Ali", "Bahar"])
    play_round(client, t, {"Ali": 0})
    body = tournament(client, t)
    assert body["champion"] == body["entrants"][0]["id"]
    assert "Champion: Ali" in text(client.get(f"/tournaments/{t['id']}/bracket"))


def test_a_round_robin_has_no_champion_but_a_winner_once_over(client):
    t = create(client, entrants=["Ali", "Bahar"], settings={"best_of": 1})
    assert "Bracket" not in text(client.get(f"/tournaments/{t['id']}"))
    play_round(client, t, {"Ali": 1})  # Bahar wins the only match
    assert tournament(client, t)["champion"] is None
    assert "Winner: Bahar" in text(client.get(f"/tournaments/{t['id']}/screen"))


def test_the_bracket_page_before_any_round(client):
    t = knockout(client)
    page = text(client.get(f"/tournaments/{t['id']}/bracket"))
    assert "The bracket appears once the first round is paired." in page
    assert client.get("/tournaments/nothing/bracket").status_code == 404
