"""Check-in: with settings.check_in, entrants wait to be checked in; round 1 pairs only those
checked in and lists the others as absent; after round 1 check-in is over.

Six entrants Anis, Badia, Cala, Dina, Elham, Farid; Cala and Farid never arrive. A knockout
of the four checked in (seeds 1, 2, 4, 5 of the field) pairs the first against the last:
Anis v Elham, Badia v Dina.
"""

from __future__ import annotations

from .helpers import create_tournament, desk, director, next_round, text
from .helpers import tournament_history as history

SIX = ["Anis", "Badia", "Cala", "Dina", "Elham", "Farid"]


def with_check_in(client, format="knockout"):
    return create_tournament(client, format=format, entrants=SIX,
                             settings={"best_of": 1, "check_in": True})


def check(client, t, entrant_id, checked_in=True):
    return client.post(f"/api/v1/tournaments/{t['id']}/entrants/{entrant_id}/check-in",
                       json={"checked_in": checked_in}, headers=director(t))


def ids(t):
    return {e["name"]: e["id"] for e in t["entrants"]}


def test_entrants_start_not_checked_in(client):
    t = with_check_in(client)
    assert [e["checked_in"] for e in t["entrants"]] == [False] * 6
    plain = create_tournament(client)
    assert all(e["checked_in"] for e in plain["entrants"])


def test_round_one_pairs_only_those_checked_in(client):
    t = with_check_in(client)
    for name in ("Anis", "Badia", "Dina", "Elham"):
        assert check(client, t, ids(t)[name]).status_code == 200
    matches = next_round(client, t)["matches"]
    assert [m["names"] for m in matches] == [["Anis", "Elham"], ["Badia", "Dina"]]
    body = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    absent = {e["name"]: e["withdrawn"] for e in body["entrants"] if not e["checked_in"]}
    assert absent == {"Cala": {"after_round": 0, "reason": ""},
                      "Farid": {"after_round": 0, "reason": ""}}
    page = desk(client, t)
    assert "Cala (absent)" in page and "Farid (absent)" in page
    standings = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert {r["name"]: r["played"] for r in standings if r["withdrawn"]} == {"Cala": 0,
                                                                            "Farid": 0}


def test_a_swiss_pairs_only_those_checked_in_in_every_round(client):
    t = with_check_in(client, format="swiss")
    for name in ("Anis", "Badia", "Dina", "Elham"):
        check(client, t, ids(t)[name])
    paired = {n for m in next_round(client, t)["matches"] for n in m["names"]}
    assert paired == {"Anis", "Badia", "Dina", "Elham"}


def test_taken_back_before_round_one(client):
    t = with_check_in(client)
    check(client, t, ids(t)["Anis"])
    answer = check(client, t, ids(t)["Anis"], False)
    assert [e["checked_in"] for e in answer.get_json()["entrants"]] == [False] * 6
    kinds = [(e["kind"], e["names"], e["after"]) for e in history(client, t)[:2]]
    assert kinds == [("check_in", ["Anis"], {"checked_in": False}),
                     ("check_in", ["Anis"], {"checked_in": True})]


def test_check_in_after_round_one_is_refused(client):
    t = with_check_in(client)
    for name in ("Anis", "Badia"):
        check(client, t, ids(t)[name])
    next_round(client, t)
    answer = check(client, t, ids(t)["Cala"])
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "Round 1 has been paired: check-in is over."
    body = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    assert [e["checked_in"] for e in body["entrants"]] == [True, True, False, False, False,
                                                           False]


def test_bad_check_ins_get_a_sentence(client):
    t = with_check_in(client)
    answer = client.post(f"/api/v1/tournaments/{t['id']}/entrants/{ids(t)['Anis']}/check-in",
                         json={"checked_in": "yes"}, headers=director(t))
    assert (answer.status_code, answer.get_json()["error"]) == (
        400, "checked_in is true or false.")
    plain = create_tournament(client)
    answer = check(client, plain, ids(plain)["Ali"])
    assert (answer.status_code, answer.get_json()["error"]) == (
        400, "This tournament was set up without check-in: every entrant plays.")
    assert client.post(f"/api/v1/tournaments/{t['id']}/entrants/{ids(t)['Anis']}/check-in",
                       json={"checked_in": True}).status_code == 401


def test_round_one_needs_two_checked_in(client):
    t = with_check_in(client)
    check(client, t, ids(t)["Anis"])
    answer = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert (answer.status_code, answer.get_json()["error"]) == (
        400, "Check in at least two entrants before pairing round 1.")
    assert client.get(f"/api/v1/tournaments/{t['id']}").get_json()["rounds"] == []


def test_the_check_in_page_taps_and_undoes(client):
    t = with_check_in(client)
    assert "Check-in" in desk(client, t)
    page = client.get(f"/tournaments/{t['id']}/check-in")
    assert "0 of 6 checked in" in text(page)
    tapped = client.post(f"/tournaments/{t['id']}/check-in",
                         data={"entrant": ids(t)["Dina"], "checked_in": "1"},
                         follow_redirects=True)
    assert "1 of 6 checked in" in text(tapped)
    assert "Dina checked in" in text(tapped)
    assert "Undo: Dina is not checked in" in text(tapped)
    undone = client.post(f"/tournaments/{t['id']}/check-in",
                         data={"entrant": ids(t)["Dina"], "checked_in": "0"},
                         follow_redirects=True)
    assert "0 of 6 checked in" in text(undone)


def test_the_check_in_page_is_the_directors(client):
    t = with_check_in(client)
    assert client.get(f"/tournaments/{t['id']}/check-in").status_code in (401, 403)


def test_the_set_up_form_asks_for_check_in(client):
    answer = client.post("/tournaments/new", data={
        "name": "Door", "variant": "basra/egyptian", "format": "swiss",
        "entrants": "Anis\nBadia", "check_in": "on"})
    assert answer.status_code == 303
    tournament_id = answer.headers["Location"].split("/tournaments/")[1].split("?")[0]
    body = client.get(f"/api/v1/tournaments/{tournament_id}").get_json()
    assert body["settings"]["check_in"] is True
    assert [e["checked_in"] for e in body["entrants"]] == [False, False]
