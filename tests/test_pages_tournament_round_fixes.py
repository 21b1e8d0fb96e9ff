"""The desk's fixes to the last round before it starts: a swap on the round's pairings and
"Take back this round" with a confirmation (docs/rulings-tournaments.md).

A Swiss of five, Basra best of one: round 1 is 1 Ali v Bahar, 2 Cyrus v Dara, 3 Elham (bye).
"""

from __future__ import annotations

import re

from .helpers import create_tournament, desk, director, next_round, play, sweep

FIVE = ["Ali", "Bahar", "Cyrus", "Dara", "Elham"]


def swiss(client):
    t = create_tournament(client, format="swiss", entrants=FIVE, settings={"best_of": 1})
    return t, {e["name"]: e["id"] for e in t["entrants"]}


def pairings(client, t) -> list[list[str]]:
    body = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    return [m["names"] for r in body["rounds"] for m in r["matches"]]


def test_the_desk_swaps_two_entrants_of_the_round(client):
    t, ids = swiss(client)
    next_round(client, t)
    page = desk(client, t)
    assert "Fix round 1 before it starts…" in page
    assert "Bahar (table 1)" in page and "Elham (bye)" in page
    # The two lists start on two different entrants: the first two seats.
    html = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    chosen = re.findall(r'<option value="(\d+)" selected>', html)
    assert chosen == [str(ids["Ali"]), str(ids["Bahar"])]
    answer = client.post(f"/tournaments/{t['id']}/rounds/1/swap",
                         data={"first": ids["Bahar"], "second": ids["Cyrus"]})
    assert answer.status_code == 303
    assert pairings(client, t) == [["Ali", "Cyrus"], ["Bahar", "Dara"], ["Elham"]]
    assert "Seats swapped in round 1" in desk(client, t)


def test_the_desk_says_why_a_swap_is_refused(client):
    t, ids = swiss(client)
    next_round(client, t)
    desk(client, t)
    answer = client.post(f"/tournaments/{t['id']}/rounds/1/swap",
                         data={"first": ids["Cyrus"], "second": ids["Dara"]})
    assert answer.status_code == 422
    assert ("Cyrus and Dara are at the same table: a swap would change nothing."
            in answer.get_data(as_text=True))
    assert pairings(client, t) == [["Ali", "Bahar"], ["Cyrus", "Dara"], ["Elham"]]


def test_taking_back_the_round_needs_the_box_ticked(client):
    t, _ids = swiss(client)
    next_round(client, t)
    desk(client, t)
    unticked = client.post(f"/tournaments/{t['id']}/rounds/1/take-back", data={})
    assert unticked.status_code == 422
    assert ("Tick the box to confirm that round 1 is taken back."
            in unticked.get_data(as_text=True))
    assert len(pairings(client, t)) == 3
    ticked = client.post(f"/tournaments/{t['id']}/rounds/1/take-back", data={"confirm": "1"})
    assert ticked.status_code == 303
    assert pairings(client, t) == []
    page = desk(client, t)
    assert "Round 1 taken back: its tables are gone, to be paired again" in page
    assert "Fix round" not in page


def test_a_started_round_offers_no_fix(client):
    t, _ids = swiss(client)
    play(client, next_round(client, t)["matches"][0], sweep(0), hands=1)
    assert "Fix round" not in desk(client, t)
    refused = client.post(f"/tournaments/{t['id']}/rounds/1/take-back", data={"confirm": "1"})
    assert refused.status_code == 409
    assert len(pairings(client, t)) == 3


def test_the_fixes_in_arabic_and_persian_with_the_readers_digits(client):
    t, _ids = swiss(client)
    next_round(client, t)
    client.set_cookie("lang", "ar")
    page = desk(client, t)
    assert "تصحيح الجولة ١ قبل أن تبدأ…" in page
    assert "Bahar (الطاولة ١)" in page
    assert "اسحب هذه الجولة" in page
    client.set_cookie("lang", "fa")
    page = desk(client, t)
    assert "اصلاح دور ۱ پیش از شروع…" in page
    assert "پس گرفتن این دور" in page


def test_the_fixes_without_the_forms_token_change_nothing(csrf_app):
    client = csrf_app.test_client()
    t, ids = swiss(client)
    next_round(client, t)
    desk(client, t)  # the director's cookie
    for url, data in ((f"/tournaments/{t['id']}/rounds/1/swap",
                       {"first": ids["Bahar"], "second": ids["Cyrus"]}),
                      (f"/tournaments/{t['id']}/rounds/1/take-back", {"confirm": "1"})):
        assert client.post(url, data=data).status_code == 400, url
    assert pairings(client, t) == [["Ali", "Bahar"], ["Cyrus", "Dara"], ["Elham"]]
