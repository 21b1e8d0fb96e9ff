"""Shelem's Cheating rule (shelem.txt: "Any cheating caught from each team results to deduct
the bid from the cheating team total score"): a penalty entered with a hand, on the sheet and
in the history, undone like any change. Reading and option: docs/rulings-cheating.md."""

from __future__ import annotations

import html
import re

from .helpers import api_game_id as make_game
from .helpers import game_json as game
from .helpers import save

FOUR = ["Amal", "Badr", "Carim", "Dina"]  # teams: Amal & Carim, Badr & Dina


def text(response) -> str:
    body = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return " ".join(html.unescape(body).split())


def test_the_form_takes_the_team_caught_cheating_and_the_sheet_and_history_say_so(client):
    game_id = make_game(client, "shelem", FOUR)
    form = text(client.get(f"/games/{game_id}/hands/new"))
    assert "Caught cheating" in form
    assert ("A team caught cheating has the bid deducted from its total; the hand is "
            "otherwise scored as played.") in form
    # Amal & Carim bid 120 and made 130; Badr & Dina took the other 35 and were caught:
    # 35 - 120 = -85
    assert save(client, game_id, {"mode": "quick", "bidder": "0", "bid": "120",
                                  "bidder_points": "130", "cheating": "1"}).status_code == 303
    saved = game(client, game_id)
    assert saved["hands"][0]["hand"] == {"bidder": 0, "bid": 120, "bidder_points": 130,
                                         "cheating": 1}
    assert saved["totals"] == [130, -85]
    sheet = text(client.get(f"/games/{game_id}"))
    assert "Amal & Carim bid 120: made; Badr & Dina caught cheating" in sheet
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Hand 1 added; Badr & Dina caught cheating" in history
    # the correction form shows the penalty chosen
    edit = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'id="cheating-1" name="cheating"\s+value="1" checked', edit)


def test_the_penalty_is_undone_like_any_change(client):
    game_id = make_game(client, "shelem", FOUR)
    save(client, game_id, {"mode": "quick", "bidder": "0", "bid": "120",
                           "bidder_points": "130"})
    version = game(client, game_id)["version"]
    edit = client.post(f"/games/{game_id}/hands/1/edit", data={
        "mode": "quick", "bidder": "0", "bid": "120", "bidder_points": "130", "cheating": "0",
        "version": version, "number": "1"})
    assert edit.status_code == 303
    assert game(client, game_id)["totals"] == [130 - 120, 35]
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Hand 1 corrected; Amal & Carim caught cheating" in history
    version = game(client, game_id)["version"]
    assert client.post(f"/games/{game_id}/undo", data={"version": version}).status_code == 303
    assert game(client, game_id)["totals"] == [130, 35]


def test_the_instead_reading_is_a_house_rule(client):
    game_id = make_game(client, "shelem", FOUR, rules={"cheating": "instead"})
    save(client, game_id, {"mode": "quick", "bidder": "0", "bid": "120",
                           "bidder_points": "130", "cheating": "1"})
    assert game(client, game_id)["totals"] == [130, -120]
    rules = text(client.get(f"/games/{game_id}/rules"))
    assert ("A team caught cheating scores minus the bid for the hand, instead of what the "
            "hand would have given it.") in rules
