"""A round's results sheet beside the standings: a page to print and a CSV, values worked out
by hand. Basra, best of one: `sweep(0)` is one hand of 163 to 0, a game to 101 won."""

from __future__ import annotations

import pytest

from .helpers import (
    confirming,
    director,
    next_round,
    play,
    sweep,
    text,
)
from .helpers import create_tournament as create

HEADER = "round,table,entrant,place,games_won,game_points,match_points,state"


def csv_lines(client, t, number=None):
    query = f"?round={number}" if number else ""
    response = client.get(f"/tournaments/{t['id']}/results.csv{query}")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return response.get_data(as_text=True).splitlines()


def test_a_rounds_results_from_the_games_and_from_the_director(client):
    t = create(client, settings={"best_of": 1})
    ali_dara, cyrus_bahar = next_round(client, t)["matches"]
    play(client, ali_dara, sweep(0), hands=1)  # Ali 163, Dara 0: a win is 2 points
    put = client.put(f"/api/v1/tournaments/{t['id']}/matches/{cyrus_bahar['id']}/result",
                     json={"places": [2, 1], "points": [90, 101], "reason": "Slip lost"},
                     headers=director(t))
    assert put.status_code == 200
    assert csv_lines(client, t) == [
        HEADER,
        "1,1,Ali,1,1,163,2,decided",
        "1,1,Dara,2,0,0,0,decided",
        "1,2,Cyrus,2,,90,0,director",  # set by hand: no games counted
        "1,2,Bahar,1,,101,2,director",
    ]
    page = text(client.get(f"/tournaments/{t['id']}/results"))
    assert ("Results of round 1 Round 1 Print CSV Entrant Place Games Game points "
            "Match points Table 1 · decided Ali 1 1 163 2 Dara 2 0 0 0 "
            "Table 2 · set by the director Cyrus 2 90 0 Bahar 1 101 2") in page
    # Round 2, just paired: nothing decided, every table still playing.
    next_round(client, t)
    assert csv_lines(client, t, 2) == [
        HEADER, "2,1,Cyrus,,0,,,playing", "2,1,Ali,,0,,,playing",
        "2,2,Dara,,0,,,playing", "2,2,Bahar,,0,,,playing"]
    assert csv_lines(client, t, 1)[1] == "1,1,Ali,1,1,163,2,decided"  # round 1 still there


def test_a_result_waiting_for_confirmation_then_confirmed(client):
    t = confirming(client, format="round_robin")
    match = next_round(client, t)["matches"][0]  # Ali v Dara
    play(client, match, sweep(1), hands=1)  # Dara 163, Ali 0: Ali confirms
    assert csv_lines(client, t)[1:3] == ["1,1,Ali,2,0,0,0,provisional",
                                         "1,1,Dara,1,1,163,2,provisional"]
    ali = match["side_keys"][0]
    confirmed = client.post(f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/confirm",
                            headers={"Authorization": f"Bearer {ali}"})
    assert confirmed.status_code == 200
    assert csv_lines(client, t)[1:3] == ["1,1,Ali,2,0,0,0,confirmed",
                                         "1,1,Dara,1,1,163,2,confirmed"]


def test_a_knockout_sheet_has_no_match_points_and_byes_say_so(client):
    t = create(client, format="knockout", entrants=["Ali", "Bahar", "Cyrus"],
               settings={"best_of": 1})
    next_round(client, t)  # a bracket of four: Ali (seed 1) has the bye, Bahar meets Cyrus
    assert csv_lines(client, t) == [
        HEADER, "1,1,Ali,1,,,,bye", "1,2,Bahar,,0,,,playing", "1,2,Cyrus,,0,,,playing"]
    assert "Match points" not in text(client.get(f"/tournaments/{t['id']}/results"))


def test_no_such_round_is_a_sentence(client):
    t = create(client)
    before = text(client.get(f"/tournaments/{t['id']}/results"))
    assert "The sheet lists the tables once a round is paired." in before
    assert csv_lines(client, t) == [HEADER]
    for asked in ("1", "0", "x", "²", "99999999999999999999"):
        missing = client.get(f"/tournaments/{t['id']}/results?round={asked}")
        assert missing.status_code == 404
        assert "There is no such round in this tournament." in text(missing)
    assert client.get(f"/tournaments/{t['id']}/results.csv?round=3").status_code == 404
    assert client.get("/tournaments/nothing/results").status_code == 404


def withdraw(client, t, name):
    entrant = next(e["id"] for e in t["entrants"] if e["name"] == name)
    answer = client.post(f"/api/v1/tournaments/{t['id']}/entrants/{entrant}/withdraw",
                         json={"reason": "Called away"}, headers=director(t))
    assert answer.status_code == 200, answer.get_json()


@pytest.mark.parametrize("format", ["swiss", "knockout"])
def test_a_round_with_a_walkover_has_its_sheet(client, format):
    """The one who withdrew keeps a place and scores nothing; the winner takes a win's match
    points (a Swiss's 2; a knockout counts none) and no game points, like a bye."""
    t = create(client, format=format, settings={"best_of": 1})
    first, second = next_round(client, t)["matches"]
    play(client, second, sweep(0), hands=1)  # the second table: its first side wins 163-0
    stays, leaves = first["names"]
    withdraw(client, t, leaves)
    win = "2" if format == "swiss" else ""
    loss = "0" if format == "swiss" else ""
    assert csv_lines(client, t, 1) == [
        HEADER,
        f"1,1,{stays},1,,0,{win},walkover",
        f"1,1,{leaves},2,,0,,walkover",
        f"1,2,{second['names'][0]},1,1,163,{win},decided",
        f"1,2,{second['names'][1]},2,0,0,{loss},decided",
    ]
    page = text(client.get(f"/tournaments/{t['id']}/results?round=1"))
    assert f"Table 1 · walkover {stays} 1 0 {win} {leaves} 2 0".replace("  ", " ") in page
    # The standings mark who withdrew (page, wall, API), their results kept.
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert {r["name"]: r["withdrawn"] for r in rows} == {
        name: name == leaves for name in ["Ali", "Bahar", "Cyrus", "Dara"]}
    for page in ("standings", "screen"):
        shown = text(client.get(f"/tournaments/{t['id']}/{page}"))
        assert f"{leaves} (withdrew)" in shown and f"{stays} (withdrew)" not in shown
