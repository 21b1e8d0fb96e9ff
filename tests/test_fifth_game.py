"""A game's spec is its one home: a game declared only by its spec gets the app's pages.

"Kasra" here is Basra under another name and "Khelem" is Shelem without a referee: nothing
outside the catalogue is told about them, yet the score sheet, hand entry form, referee board
and API, and play-along follow. "Kharat" is Ghârat whose scoring adds a note of its own to
every hand, with a hand body of its own: the API answers and describes both.
"""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import MISSING, Field

from companion.rules import gharat
from companion.rules.catalogue import GAMES
from companion.rules.progress import play_to_target
from companion.shapes import Body, HandExtras, Int

from .helpers import Described, api_game_id, game_json, gharat_points, save
from .helpers import all_text as text

pytestmark = pytest.mark.store_blind  # no database can change what this checks


@pytest.fixture
def fifth_games(monkeypatch):
    monkeypatch.setitem(GAMES, "kasra", dataclasses.replace(GAMES["basra"], name="kasra",
                                                             title="Kasra"))
    monkeypatch.setitem(GAMES, "khelem", dataclasses.replace(GAMES["shelem"], name="khelem",
                                                              title="Khelem", referee=None))


class KharatExtras(HandExtras):
    bonus_note: Int = Field(description="A note no other game's scoring adds.")


class KharatHand(Body):
    """A Kharat hand: a count per kind of card, per side."""

    aces: list[Int] | MISSING = MISSING
    courts: list[Int] | MISSING = MISSING
    numbers: list[Int] | MISSING = MISSING


def noted(rules, hand, sides):
    return dataclasses.replace(gharat.score_hand(rules, hand, sides), extras={"bonus_note": 2})


def play_noted(rules, hands, sides, players, first_dealer):
    return play_to_target(rules, hands, sides, players, first_dealer,
                          lambda hand, _previous: noted(rules, hand, sides))


@pytest.fixture
def kharat(monkeypatch):
    monkeypatch.setitem(GAMES, "kharat", dataclasses.replace(
        GAMES["gharat"], name="kharat", title="Kharat", score_hand=noted, play=play_noted,
        extras=KharatExtras, hand_body=KharatHand))


def test_what_a_spec_declares_its_scoring_adds_is_answered_and_described(kharat, client):
    api = Described(client)  # every answer below checked against the description
    # Ghârat's values: 4 aces (20 each) and 2 courts (10 each) make 100; 6 courts make 60.
    hand = gharat_points(100, 60)
    scored = api("post", "/api/v1/score/kharat", {"hand": hand}, status=200)
    assert (scored["scores"], scored["bonus_note"]) == ([100, 60], 2)
    game = api("post", "/api/v1/games", {"game": "kharat", "players": ["Amal", "Badr"]},
               status=201)
    url, key = f"/api/v1/games/{game['id']}", game["edit_key"]
    api("post", f"{url}/hands", {"hand": hand}, key=key, status=201)
    added = api("post", f"{url}/hands", {"hand": gharat_points(60, 100)}, key=key, status=201)
    assert [h["bonus_note"] for h in added["hands"]] == [2, 2]
    assert added["totals"] == [160, 160]
    schemas = api.doc["components"]["schemas"]
    assert schemas["GameHand"]["properties"]["bonus_note"]["description"] == (
        "A note no other game's scoring adds.")
    with pytest.raises(AssertionError, match="Additional properties are not allowed"):
        api.check({"$ref": "#/components/schemas/HandScore"}, scored | {"surprise": 1},
                  "a field no game's scoring adds")


def test_the_hand_a_spec_declares_is_described(kharat, client):
    schemas = Described(client).doc["components"]["schemas"]
    assert set(schemas["KharatHand"]["properties"]) == {"aces", "courts", "numbers"}
    assert "a kharat hand is a KharatHand" in schemas["Hand"]["description"]
    assert "a shelem hand is a ShelemHand" in schemas["Hand"]["description"]


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
