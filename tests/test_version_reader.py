"""Every form and API route reads the version a change is based on the same way: nothing
sent is no check, a whole number is checked, anything else is refused with a sentence."""

from __future__ import annotations

import re
from html import unescape

import pytest

SENTENCE = "The version must be a whole number."
# Basra, Ali and Omar: Ali took 27 cards, 2 jacks, 2 aces, the 10♦ went to Omar, one Basra
QUICK = {"mode": "quick", "cards_0": "27", "jacks_0": "2", "aces_0": "2",
         "two_of_clubs": "0", "ten_of_diamonds": "1", "basras_0": "1", "basras_1": "0"}
JUNK = ["junk", "", "1.5", "-1", "²"]


def new_game(client) -> dict:
    game = client.post("/api/v1/games", json={"game": "basra",
                                              "players": ["Ali", "Omar"]}).get_json()
    client.set_cookie(f"edit_{game['id']}", game["edit_key"])
    return game


def hands(client, game) -> list:
    return client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]


def visible(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


@pytest.mark.parametrize("typed", JUNK)
def test_junk_version_on_the_hand_entry_form_is_refused_and_nothing_saved(client, typed):
    game = new_game(client)
    refused = client.post(f"/games/{game['id']}/hands/new", data={**QUICK, "version": typed})
    assert refused.status_code == 400
    assert SENTENCE in visible(refused)
    assert 'name="cards_0"' in refused.get_data(as_text=True)  # the form, shown again
    assert 'value="27"' in refused.get_data(as_text=True)  # with what was entered
    assert hands(client, game) == []
    # the form now carries the game's version: sent again as it is, the hand is saved
    assert f'name="version" value="{game["version"]}"' in refused.get_data(as_text=True)
    again = client.post(f"/games/{game['id']}/hands/new",
                        data={**QUICK, "version": str(game["version"])})
    assert again.status_code == 303
    assert len(hands(client, game)) == 1


def test_no_version_on_the_hand_entry_form_is_no_check(client):
    game = new_game(client)
    assert client.post(f"/games/{game['id']}/hands/new", data=QUICK).status_code == 303
    assert client.post(f"/games/{game['id']}/hands/new", data=QUICK).status_code == 303
    assert len(hands(client, game)) == 2


def test_junk_version_on_a_correction_form_is_refused(client):
    game = new_game(client)
    client.post(f"/games/{game['id']}/hands/new", data=QUICK)
    refused = client.post(f"/games/{game['id']}/hands/1/edit",
                          data={**QUICK, "cards_0": "30", "version": "junk"})
    assert refused.status_code == 400 and SENTENCE in visible(refused)
    assert hands(client, game)[0]["hand"]["cards"][0] == 27


@pytest.mark.parametrize("typed", JUNK)
def test_junk_version_through_the_api_is_a_400_sentence_and_nothing_saved(client, typed):
    game = new_game(client)
    response = client.post(f"/api/v1/games/{game['id']}/hands",
                           json={"hand": {"cards": [27, 25], "jacks": [2, 2], "aces": [2, 2],
                                          "two_of_clubs": 0, "ten_of_diamonds": 1,
                                          "basras": [1, 0]}, "version": typed},
                           headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert response.status_code == 400
    assert response.get_json() == {"error": SENTENCE, "field": "version"}
    assert hands(client, game) == []


def test_junk_version_on_the_settings_form_is_refused_with_the_names_kept(client):
    game = new_game(client)
    refused = client.post(f"/games/{game['id']}/settings",
                          data={"players": ["Alia", "Omar"], "target": "101",
                                "version": "junk"})
    assert refused.status_code == 400
    assert SENTENCE in visible(refused) and 'value="Alia"' in refused.get_data(as_text=True)
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["players"] == ["Ali", "Omar"]


def test_junk_version_in_play_along_is_refused_and_no_card_recorded(client):
    game = new_game(client)
    refused = client.post(f"/games/{game['id']}/play-along/card",
                          data={"card": "AS", "version": "junk"})
    assert refused.status_code == 400 and SENTENCE in visible(refused)
    page = client.get(f"/games/{game['id']}/play-along").get_data(as_text=True)
    assert 'name="version" value="1"' in page  # nothing stored: the hand is still version 1
