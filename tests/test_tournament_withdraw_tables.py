"""Withdrawal at tables of 3 to 5 (round robin, `table_size`): the others play the table
without the one who left (docs/rulings-tournaments.md), so the round is not blocked.

Basra, best of one, six entrants at two tables of 3. `sweep(side)` is one hand of 163 to that
side at a table of 2 (a game at once).
"""

from __future__ import annotations

from .helpers import create_tournament as create
from .helpers import director, next_round, play, sweep

SIX = ["Anis", "Badia", "Cala", "Dina", "Emad", "Farah"]
# A hand at a table of 3 worth 73 to the first seat: most cards 30, 4 jacks, 4 aces, the two
# of clubs 2, the ten of diamonds 3 and 3 basras 30; nothing to the others. The game goes on.
THREE_73 = {"cards": [27, 13, 12], "jacks": [4, 0, 0], "aces": [4, 0, 0], "basras": [3, 0, 0],
            "two_of_clubs": 0, "ten_of_diamonds": 0}


def withdraw(client, t, name):
    entrant = next(e["id"] for e in t["entrants"] if e["name"] == name)
    return client.post(f"/api/v1/tournaments/{t['id']}/entrants/{entrant}/withdraw",
                       json={"reason": "Called away"}, headers=director(t))


def matches(answer):
    return answer.get_json()["rounds"][0]["matches"]


def test_the_others_at_a_table_of_three_play_on_without_the_one_who_left(client):
    t = create(client, entrants=SIX, settings={"best_of": 1, "table_size": 3, "rounds": 1})
    first, second = next_round(client, t)["matches"]
    assert (len(first["names"]), len(second["names"])) == (3, 3)
    play(client, second, THREE_73, hands=1)  # the second table has begun

    # The first table had no hand yet: its two others get a fresh game of their own.
    answer = withdraw(client, t, first["names"][0])
    assert answer.status_code == 200, answer.get_json()
    table = matches(answer)[0]
    assert table["names"] == first["names"][1:] and not table["decided"]
    assert table["current_game"] != first["current_game"]
    # The second table's game had a hand: it stays stored, counted for nobody; the two
    # others play a new one.
    answer = withdraw(client, t, second["names"][1])
    table = matches(answer)[1]
    assert table["names"] == [second["names"][0], second["names"][2]]
    assert table["current_game"] != second["current_game"]
    assert client.get(f"/api/v1/games/{second['current_game']}").get_json()["totals"] == [
        73, 0, 0]

    tables = matches(client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)))
    play(client, tables[0], sweep(1), hands=1)  # the first table's second seat wins 163-0
    play(client, tables[1], sweep(0), hands=1)  # the second table's first seat wins 163-0
    done = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    assert all(m["decided"] for m in done["rounds"][0]["matches"])
    rows = {r["name"]: r for r in client.get(
        f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]}
    seen = {name: (rows[name]["played"], rows[name]["won"], rows[name]["lost"],
                   rows[name]["points"], rows[name]["points_scored"]) for name in rows}
    # Tables of two now: the winner takes a win's 2 points and 163; the 73 of the abandoned
    # game counts for nobody; those who left played nothing.
    assert seen == {
        first["names"][0]: (0, 0, 0, 0, 0),
        first["names"][1]: (1, 0, 1, 0, 0),
        first["names"][2]: (1, 1, 0, 2, 163),
        second["names"][0]: (1, 1, 0, 2, 163),
        second["names"][1]: (0, 0, 0, 0, 0),
        second["names"][2]: (1, 0, 1, 0, 0),
    }
    left = next(e for e in done["entrants"] if e["name"] == first["names"][0])
    assert left["withdrawn"] == {"after_round": 0, "reason": "Called away"}
    events = client.get(f"/api/v1/tournaments/{t['id']}/history",
                        headers=director(t)).get_json()["events"]
    reseats = [e for e in events if e["kind"] == "reseat"]
    assert [e["after"]["names"] for e in reversed(reseats)] == [
        first["names"][1:], [second["names"][0], second["names"][2]]]
