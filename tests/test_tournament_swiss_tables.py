"""A Swiss at tables of 3 to 5, through the API: the worked example of
docs/rulings-tournaments.md ("A Swiss at tables of 3 to 5"), every figure computed by hand
there, and a field that does not divide.

A table's points are the average of its pairings (win 2, draw 1, loss 0): a table of 4 gives
2, 4/3, 2/3, 0; a table of 3 gives 2, 1, 0. Results are set by the director with places.
"""

from __future__ import annotations

from .helpers import create_tournament as create
from .helpers import director, next_round

EIGHT = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]


def swiss(client, entrants, game="basra", size=4, rounds=3, **settings):
    return create(client, game=game, format="swiss", entrants=entrants,
                  settings={"best_of": 1, "table_size": size, "rounds": rounds, **settings})


def tables(round_json):
    """Each table's names in seat order."""
    return [m["names"] for m in round_json["matches"]]


def finish(client, t, round_json, *orders):
    """Each table's players finish in the order given (names, first place first); a bye
    has no result to set."""
    for match, order in zip(round_json["matches"], orders, strict=True):
        if len(order) == 1:
            continue
        places = [order.index(name) + 1 for name in match["names"]]
        answer = client.put(f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result",
                            json={"places": places, "reason": "from the score sheet"},
                            headers=director(t))
        assert answer.status_code == 200, answer.get_json()


def standings(client, t):
    return client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]


def test_eight_at_tables_of_four_pair_and_rank_as_worked_out_by_hand(client):
    t = swiss(client, EIGHT)
    assert t["settings"]["tiebreaks"] == ["buchholz", "head_to_head", "sonneborn_berger",
                                          "wins"]  # the default at tables of 3 to 5
    first = next_round(client, t)
    # Round 1: the seeds down the list, four to a table.
    assert tables(first) == [["Ali", "Bahar", "Cyrus", "Dara"],
                             ["Elham", "Farid", "Golnar", "Hadi"]]
    finish(client, t, first, ["Ali", "Bahar", "Cyrus", "Dara"],
           ["Elham", "Farid", "Golnar", "Hadi"])
    after_one = {r["name"]: r["points"] for r in standings(client, t)}
    # 1st 2, 2nd (0 + 2 + 2)/3 = 4/3, 3rd 2/3, 4th 0 at either table.
    assert after_one == {"Ali": 2, "Elham": 2, "Bahar": 1.33, "Farid": 1.33, "Cyrus": 0.67,
                         "Golnar": 0.67, "Dara": 0, "Hadi": 0}

    second = next_round(client, t)
    # Standing Ali, Elham, Bahar, Farid, Cyrus, Golnar, Dara, Hadi; repeats cannot go below
    # two a table: the 2+2 split straight down the standing.
    assert tables(second) == [["Ali", "Elham", "Bahar", "Farid"],
                              ["Cyrus", "Golnar", "Dara", "Hadi"]]
    finish(client, t, second, ["Elham", "Ali", "Farid", "Bahar"],
           ["Dara", "Cyrus", "Hadi", "Golnar"])
    rows = standings(client, t)
    # Elham 4, Ali 10/3, Farid (14/3 Buchholz), Dara (a table won) over Cyrus, Bahar 4/3,
    # Golnar and Hadi level on everything (seed order between them).
    assert [r["name"] for r in rows] == ["Elham", "Ali", "Farid", "Dara", "Cyrus", "Bahar",
                                         "Golnar", "Hadi"]
    by_name = {r["name"]: r for r in rows}
    assert by_name["Farid"]["tiebreaks"]["buchholz"] == 4.67  # 42/9
    assert by_name["Dara"]["tiebreaks"]["buchholz"] == 3.33  # 30/9, Cyrus the same
    assert by_name["Dara"]["tie"]["decided_by"] == "wins"
    assert by_name["Golnar"]["rank"] == by_name["Hadi"]["rank"] == 7

    third = next_round(client, t)
    # Fewest repeats, 8: the first such seating down Elham, Ali, Farid, Dara, ...
    assert tables(third) == [["Elham", "Ali", "Dara", "Golnar"],
                             ["Farid", "Cyrus", "Bahar", "Hadi"]]
    finish(client, t, third, ["Ali", "Elham", "Golnar", "Dara"],
           ["Bahar", "Hadi", "Cyrus", "Farid"])
    rows = standings(client, t)
    seen = [(r["rank"], r["name"], r["points"], r["won"], r["lost"]) for r in rows]
    assert seen == [
        (1, "Ali", 5.33, 2, 1),  # 2 + 4/3 + 2
        (2, "Elham", 5.33, 2, 1),  # 2 + 2 + 4/3
        (3, "Bahar", 3.33, 1, 2),  # 4/3 + 0 + 2
        (4, "Cyrus", 2.67, 0, 3),  # 2/3 + 4/3 + 2/3
        (5, "Farid", 2, 0, 3),  # 4/3 + 2/3 + 0
        (6, "Dara", 2, 1, 2),  # 0 + 2 + 0
        (7, "Hadi", 2, 0, 3),  # 0 + 2/3 + 4/3
        (8, "Golnar", 1.33, 0, 3),  # 2/3 + 0 + 2/3
    ]
    by_name = {r["name"]: r for r in rows}
    buchholz = {name: by_name[name]["tiebreaks"]["buchholz"]
                for name in ("Ali", "Elham", "Farid", "Dara", "Hadi")}
    # 82/9, 74/9, 92/9, 88/9, 68/9
    assert buchholz == {"Ali": 9.11, "Elham": 8.22, "Farid": 10.22, "Dara": 9.78,
                        "Hadi": 7.56}
    assert by_name["Ali"]["tie"]["decided_by"] == "buchholz"
    body = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    assert body["finished"] is True


def test_seven_at_tables_of_four_play_a_table_of_four_and_one_of_three(client):
    t = swiss(client, EIGHT[:7], rounds=2)
    first = next_round(client, t)
    # The director is told, as in a round robin.
    assert first["warnings"] == ["7 entrants cannot all sit at tables of 4: the tables seat 3 "
                                 "to 4, as even as possible."]
    # No bye: 7 = 4 + 3, the larger table for the top seeds.
    assert tables(first) == [["Ali", "Bahar", "Cyrus", "Dara"], ["Elham", "Farid", "Golnar"]]
    finish(client, t, first, ["Ali", "Bahar", "Cyrus", "Dara"], ["Elham", "Farid", "Golnar"])
    rows = standings(client, t)
    # The winner of either table has a win's 2 points; a table of 3 gives 2, 1, 0. Ali over
    # Elham by Buchholz: (4/3 + 2/3 + 0)/3 = 2/3 against (1 + 0)/2 = 1/2; Golnar over Dara:
    # (2 + 1)/2 = 3/2 against (2 + 4/3 + 2/3)/3 = 4/3.
    assert [(r["name"], r["points"]) for r in rows] == [
        ("Ali", 2), ("Elham", 2), ("Bahar", 1.33), ("Farid", 1), ("Cyrus", 0.67),
        ("Golnar", 0), ("Dara", 0)]
    second = next_round(client, t)
    # Fewest repeats is 3 (two from the first table of 4 and two from the table of 3 at the
    # new table of 4, two and one at the table of 3); down the standing: Ali, Elham, Bahar,
    # Farid | Cyrus, Golnar, Dara.
    assert tables(second) == [["Ali", "Elham", "Bahar", "Farid"], ["Cyrus", "Golnar", "Dara"]]


def test_five_in_gharat_at_tables_of_four_give_the_lowest_seed_a_bye(client):
    t = swiss(client, EIGHT[:5], game="gharat", rounds=2)
    first = next_round(client, t)
    # Ghârat seats at most 4: one table of 4 and a bye for the lowest seed.
    assert tables(first) == [["Ali", "Bahar", "Cyrus", "Dara"], ["Elham"]]
    finish(client, t, first, ["Dara", "Cyrus", "Bahar", "Ali"], ["Elham"])
    rows = {r["name"]: r for r in standings(client, t)}
    assert (rows["Elham"]["points"], rows["Elham"]["won"]) == (2, 1)  # a bye: a win, 2
    second = next_round(client, t)
    # Standing: Dara and Elham on 2 (Dara first: a bye adds no Buchholz), Cyrus, Bahar, Ali.
    # Elham has had the bye: the lowest placed of the others, Ali, sits out.
    assert tables(second) == [["Dara", "Elham", "Cyrus", "Bahar"], ["Ali"]]


def test_tables_of_three_to_five_in_a_swiss_are_refused_where_the_game_cannot_seat_them(
        client):
    answer = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "gharat", "format": "swiss", "entrants": EIGHT,
        "settings": {"table_size": 5}})
    assert answer.status_code == 400
    # Ghârat seats 2 to 4: the sentence says what tables of 5 need.
    assert "Tables of 5 are for a round robin or a Swiss" in str(answer.get_json())
    answer = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "knockout", "entrants": EIGHT,
        "settings": {"table_size": 4}})
    assert answer.status_code == 400


def test_a_late_entrant_joins_a_swiss_at_tables_with_no_points(client):
    t = swiss(client, EIGHT[:6], size=3, rounds=2)
    first = next_round(client, t)
    assert tables(first) == [["Ali", "Bahar", "Cyrus"], ["Dara", "Elham", "Farid"]]
    finish(client, t, first, ["Ali", "Bahar", "Cyrus"], ["Dara", "Elham", "Farid"])
    answer = client.post(f"/api/v1/tournaments/{t['id']}/entrants",
                         json={"entrants": ["Golnar"]}, headers=director(t))
    assert answer.status_code in (200, 201), answer.get_json()
    rows = {r["name"]: r for r in standings(client, t)}
    assert (rows["Golnar"]["points"], rows["Golnar"]["played"]) == (0, 0)
    second = next_round(client, t)
    # Seven now: a table of 4 and a table of 3. Standing: Ali, Dara (2, level on everything:
    # seeds), Bahar, Elham (1), Cyrus, Farid (0, Buchholz (2 + 1)/2), Golnar (0, none).
    # Every seating repeats at least two meetings (the table of 4 takes two from one table
    # of round 1, or two from each; the table of 3 then two from one): straight down the
    # standing already has two, Ali-Bahar and Dara-Elham.
    assert tables(second) == [["Ali", "Dara", "Bahar", "Elham"], ["Cyrus", "Farid", "Golnar"]]


def ids_of(t):
    return {e["name"]: e["id"] for e in t["entrants"]}


def test_a_swap_a_withdrawal_and_the_cross_table_at_swiss_tables(client):
    t = swiss(client, EIGHT, rounds=2)
    ids = ids_of(t)
    next_round(client, t)
    answer = client.post(f"/api/v1/tournaments/{t['id']}/rounds/1/swap",
                         json={"entrants": [ids["Dara"], ids["Elham"]]}, headers=director(t))
    assert answer.status_code == 200, answer.get_json()
    first = answer.get_json()["rounds"][0]
    # Each takes the other's seat.
    assert tables(first) == [["Ali", "Bahar", "Cyrus", "Elham"],
                             ["Dara", "Farid", "Golnar", "Hadi"]]
    answer = client.post(f"/api/v1/tournaments/{t['id']}/entrants/{ids['Hadi']}/withdraw",
                         json={"reason": "Called away"}, headers=director(t))
    assert answer.status_code == 200, answer.get_json()
    first = answer.get_json()["rounds"][0]
    # The others play on at a table of 3 (docs/rulings-tournaments.md, withdrawal).
    assert tables(first) == [["Ali", "Bahar", "Cyrus", "Elham"], ["Dara", "Farid", "Golnar"]]
    finish(client, t, first, ["Elham", "Ali", "Bahar", "Cyrus"], ["Golnar", "Dara", "Farid"])
    rows = {r["name"]: r["points"] for r in standings(client, t)}
    # A table of 4: 2, 4/3, 2/3, 0; of 3: 2, 1, 0; Hadi played nothing.
    assert rows == {"Elham": 2, "Ali": 1.33, "Bahar": 0.67, "Cyrus": 0, "Golnar": 2,
                    "Dara": 1, "Farid": 0, "Hadi": 0}
    cross = client.get(f"/api/v1/tournaments/{t['id']}/crosstable").get_json()["rows"]
    ali = next(row for row in cross if row["name"] == "Ali")
    # One cell per table-mate; the table's points on the first: 4/3.
    assert [(c["opponent"], c["result"], c["points"]) for c in ali["rounds"]] == [
        (ids["Bahar"], "win", 1.33), (ids["Cyrus"], "win", None),
        (ids["Elham"], "loss", None)]
    assert ali["points"] == 1.33
    second = next_round(client, t)
    # Seven still playing: 4 + 3, Hadi not seated. Standing Elham, Golnar (2: Elham's
    # Buchholz (4/3 + 2/3 + 0)/3 = 2/3 against Golnar's (1 + 0)/2 = 1/2), Ali, Dara, Bahar,
    # then Farid and Cyrus on 0 (Buchholz 3/2 against 4/3). Repeats at least 3 as
    # for the seven above; straight down: Elham, Golnar, Ali, Dara (Elham-Ali, Golnar-Dara)
    # and Bahar, Farid, Cyrus (Bahar-Cyrus).
    assert tables(second) == [["Elham", "Golnar", "Ali", "Dara"], ["Bahar", "Farid", "Cyrus"]]
