"""A game's spec is its one home: a game declared only by its spec gets the app's pages.

"Kasra" here is Basra under another name and "Khelem" is Shelem without a referee: nothing
outside the catalogue is told about them, yet the score sheet, hand entry form, referee board
and API, and play-along follow.
"""

from __future__ import annotations

import dataclasses

import pytest

from companion.rules.catalogue import GAMES

from .helpers import all_text as text
from .helpers import api_game_id, game_json, save


@pytest.fixture
def fifth_games(monkeypatch):
    monkeypatch.setitem(GAMES, "kasra", dataclasses.replace(GAMES["basra"], name="kasra",
                                                             title="Kasra"))
    monkeypatch.setitem(GAMES, "khelem", dataclasses.replace(GAMES["shelem"], name="khelem",
                                                              title="Khelem", referee=None))


def test_referee_judges_a_game_declared_only_by_its_spec(fifth_games, client):
    # The 9♣ takes A♠ + 2♥ + 6♦ = 9, the whole floor: a basra, 10 points (Basra's rule).
    page = text(client.get("/referee/kasra?floor=AS,2H,6D&played=9C&claimed=AS,2H,6D"))
    assert "Basra! 10 points." in page
    answer = client.post("/api/v1/referee/kasra/capture", json={
        "floor": ["AS", "2H", "6D"], "played": "9C", "claimed": ["AS", "2H", "6D"]})
    assert answer.status_code == 200
    assert answer.get_json()["legal"] is True and answer.get_json()["basra_points"] == 10
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert "/referee/kasra/capture" in paths and "/referee/khelem/trick" not in paths


def test_a_game_without_a_referee_or_a_situation_its_referee_lacks_is_a_404(fifth_games,
                                                                            client):
    body = {"trump": "S", "cards": ["AH", "KH", "2S", "QH"]}
    assert client.post("/api/v1/referee/khelem/trick", json=body).status_code == 404
    assert client.post("/api/v1/referee/kasra/trick", json=body).status_code == 404
    assert client.post("/api/v1/referee/shelem/trick", json=body).status_code == 200


def test_a_game_without_a_referee_has_no_referee_page(fifth_games, client):
    assert client.get("/referee/khelem").status_code == 404
    listed = text(client.get("/referee/"))
    assert "Kasra" in listed and "Khelem" not in listed


def test_play_along_follows_the_spec_not_the_name(fifth_games, client):
    created = client.post("/games/new?game=kasra", data={
        "game": "kasra", "preset": "egyptian", "players": ["Ali", "Bahar"]})
    assert created.status_code in (302, 303), created.get_data(as_text=True)[:300]
    game_page = client.get(created.headers["Location"])
    assert "Play along" in text(game_page)
    board = text(client.get(created.headers["Location"] + "/play-along"))
    # Egyptian rules: the 7♦ takes the whole floor, so it is buried like a jack.
    assert "A jack or the 7♦ dealt to the floor is buried in the pack and replaced." in board


def test_hand_entry_form_follows_the_spec_not_the_name(fifth_games, client):
    game_id = api_game_id(client, "kasra", ["Ali", "Bahar"])
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="cards_0"' in form and 'name="two_of_clubs"' in form  # Basra's counts
    # Egyptian rules: Ali's 27 cards beat Bahar's 25 (30), 2 jacks + 2 aces + 2♣ (6) and a
    # basra (10) make 46; Bahar's 2 jacks + 2 aces + 10♦ (3) make 7.
    saved = save(client, game_id, {"mode": "quick", "cards_0": "27", "jacks_0": "2",
                                   "aces_0": "2", "two_of_clubs": "0", "ten_of_diamonds": "1",
                                   "basras_0": "1", "basras_1": "0"})
    assert saved.status_code == 303
    assert game_json(client, game_id)["totals"] == [46, 7]


def test_bid_entry_form_follows_the_spec_not_the_name(fifth_games, client):
    game_id = api_game_id(client, "khelem", ["Ali", "Bahar", "Cyrus", "Dara"])
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="bidder_points"' in form
    # Team 0 bid 120 and took 130 of the pack's 165: made, it scores 130; the others 35.
    saved = save(client, game_id, {"mode": "quick", "bidder": "0", "bid": "120",
                                   "bidder_points": "130"})
    assert saved.status_code == 303
    assert game_json(client, game_id)["totals"] == [130, 35]


def test_referee_board_asks_what_the_card_took_for_a_game_declared_only_by_its_spec(
        fifth_games, client):
    # The 9♣ could take A♠ + 2♥ + 6♦ = 9: with nothing claimed yet, the board asks.
    page = text(client.get("/referee/kasra?floor=AS,2H,6D&played=9C"))
    assert "It took nothing" in page
