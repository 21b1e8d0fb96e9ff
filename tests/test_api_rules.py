"""The catalogue and hand-score endpoints of the JSON API."""

from __future__ import annotations

import pytest

from companion.rules.cards import DECK_52, DECK_54

from .helpers import score

pytestmark = pytest.mark.store_blind  # no database can change what this checks


def test_catalogue_lists_the_four_games_with_presets_and_options(client):
    games = {g["game"]: g for g in client.get("/api/v1/rules").get_json()["games"]}
    assert list(games) == ["basra", "shllaat", "gharat", "shelem"]
    assert set(games["basra"]["presets"]) == {"egyptian", "jordanian", "yemeni", "lebanese"}
    assert games["basra"]["presets"]["lebanese"]["majority_points"] == 3
    assert games["basra"]["options"]["majority_tie"] == {"default": "carry",
                                                         "values": ["carry", "none"]}
    assert set(games["shllaat"]["presets"]) == {"standard", "two-decks"}
    assert set(games["gharat"]["presets"]) == {"standard", "easy"}
    assert games["gharat"]["presets"]["easy"]["pairs"] is True
    assert set(games["shelem"]["presets"]) == {"standard"}
    assert games["shelem"]["options"]["target"]["type"] == "int"


def test_basra_count_form_scores_43_plus_basra(client):
    response = score(client, "basra", {
        "cards": [27, 25], "jacks": [2, 2], "aces": [3, 1], "two_of_clubs": 0,
        "ten_of_diamonds": 1, "basras": [1, 0], "carry_in": 0})
    assert response.status_code == 200
    body = response.get_json()
    assert body["scores"] == [30 + 2 + 3 + 2 + 10, 2 + 1 + 3]
    assert sum(body["scores"]) == 43 + 10
    assert body["majority"] == 0 and body["carry_out"] == 0


def test_basra_tie_carries_the_majority(client):
    body = score(client, "basra", {
        "cards": [26, 26], "jacks": [2, 2], "aces": [2, 2], "two_of_clubs": 0,
        "ten_of_diamonds": 1, "basras": [0, 0], "carry_in": 30}).get_json()
    assert body["carry_out"] == 60 and body["majority"] is None
    assert body["scores"] == [6, 7]


def test_basra_card_form_must_hold_all_52_cards(client):
    cards = [str(c) for c in DECK_52.cards()]
    response = score(client, "basra", {"captured": [cards[:26], cards[26:51]], "basras": [[], []]})
    assert response.status_code == 400
    assert "51" in response.get_json()["error"] and "52" in response.get_json()["error"]


def test_basra_lebanese_preset_totals_16(client):
    cards = [str(c) for c in DECK_52.cards()]
    body = score(client, "basra", {"captured": [cards[:30], cards[30:]], "basras": [[], []]},
                 {"preset": "lebanese"}).get_json()
    assert sum(body["scores"]) == 16


def test_shllaat_hand_adds_to_252(client):
    cards = [str(c) for c in DECK_54.cards()]
    body = score(client, "shllaat", {"captured": [cards[:20], cards[20:40], cards[40:]]}).get_json()
    assert sum(body["scores"]) == 252


def test_gharat_counts_form(client):
    hand = {"numbers": [10, 20], "courts": [6, 6], "aces": [4, 0]}
    body = score(client, "gharat", hand).get_json()
    assert body["scores"] == [50 + 60 + 80, 100 + 60]


def test_shelem_yasa_example(client):
    body = score(client, "shelem", {"bidder": 0, "bid": 120, "bidder_points": 25}).get_json()
    assert body["outcome"] == "yasa"
    assert body["scores"] == [-165, 140]


def test_shelem_bidding_team_has_at_least_the_five_points_of_the_discards(client):
    response = score(client, "shelem", {"bidder": 0, "bid": 120, "bidder_points": 0})
    assert response.status_code == 400
    assert response.get_json() == {"error": (
        "The bidding team has at least 5 points, not 0: the Hâkem's four discards are its "
        "thirteenth trick, worth 5 points plus their card points."),
        "field": "hand.bidder_points"}


def test_unknown_game_is_404_or_400_with_message(client):
    response = score(client, "poker", {})
    assert response.status_code == 400
    assert response.get_json()["field"] == "game"


@pytest.mark.parametrize("body, field", [
    ({"hand": {"bidder": 0, "bid": 120, "bidder_points": 25}, "rules": {"preset": "x"}},
     "rules.preset"),
    ({"hand": {"bidder": 0, "bid": 120, "bidder_points": 25}, "rules": {"nonsense": 1}},
     "rules.nonsense"),
    ({"hand": {"bidder": 0, "bid": 120, "bidder_points": 25}, "rules": []}, "rules"),
    ({"rules": {}}, "hand"),
    ({"hand": {"bidder": 0, "bid": 120, "bidder_points": 25}, "rules": {"preset": []}},
     "rules.preset"),
    ({"hand": {"bidder": 0, "bid": 120, "bidder_points": 25}, "rules": {"preset": {"a": 1}}},
     "rules.preset"),
])
def test_bad_rules_or_missing_hand_is_400_with_field(client, body, field):
    response = client.post("/api/v1/score/shelem", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == field


@pytest.mark.parametrize("hand", [
    None, [], "x", 5, {"captured": "abc"}, {"captured": [["ZZ"]]}, {"cards": [1.5, "a"]},
    {"cards": [-1, 53], "jacks": [0, 4], "aces": [4, 0]}, {"captured": [[None]]},
])
@pytest.mark.parametrize("game", ["basra", "shllaat", "gharat", "shelem"])
def test_malformed_hands_are_400_never_500(client, game, hand):
    response = client.post(f"/api/v1/score/{game}", json={"hand": hand})
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["error"]


def test_a_target_past_any_real_game_is_refused(client):
    response = client.post("/api/v1/games", json={
        "game": "shelem", "players": ["A", "B", "C", "D"], "target": 10**30})
    assert response.status_code == 400  # 31 digits: refused by the target's own range
    assert response.get_json() == {"error": "Target can be at most 100000.",
                                   "field": "rules.target"}
    response = client.post("/api/v1/games", json={
        "game": "shelem", "players": ["A", "B", "C", "D"], "target": 10**6})
    assert response.get_json() == {"error": "Target can be at most 100000.",
                                   "field": "rules.target"}


# One hand's points (Basra's Lebanese hand 16, a Shlla'at pack 252, a Ghârat pack 380) to ten
# times the longest usual target (150, 500, 1000): docs/rulings-targets.md.
@pytest.mark.parametrize("game, players, low, high", [
    ("basra", ["A", "B"], 16, 1500),
    ("shllaat", ["A", "B", "C"], 252, 5000),
    ("gharat", ["A", "B", "C"], 380, 10000),
])
def test_each_games_target_range_is_refused_beyond_its_ends(client, game, players, low, high):
    def made(target):
        return client.post("/api/v1/games", json={"game": game, "players": players,
                                                  "target": target})
    assert [made(low).status_code, made(high).status_code] == [201, 201]
    assert made(low - 1).get_json() == {
        "error": f"Target must be at least {low}.", "field": "rules.target"}
    assert made(high + 1).get_json() == {
        "error": f"Target can be at most {high}.", "field": "rules.target"}


@pytest.mark.parametrize("game, hand, counts, n", [
    ("gharat", {"points": [80, 80, 80, 80, 60]}, "2 / 3 / 4", 5),
    ("shllaat", {"points": [252]}, "2 / 3 / 4 / 5", 1),
    ("basra", {"cards": [10, 10, 10, 10, 12], "jacks": [1, 1, 1, 1, 0], "aces": [1, 1, 1, 1, 0],
               "two_of_clubs": 0, "ten_of_diamonds": 0, "basras": [0] * 5}, "2 / 3 / 4", 5),
])
def test_a_hand_for_a_player_count_the_game_is_not_played_by_is_refused(client, game, hand,
                                                                        counts, n):
    response = score(client, game, hand)
    assert response.status_code == 400
    title = {"gharat": "Ghârat", "shllaat": "Shlla'at", "basra": "Basra"}[game]
    assert response.get_json() == {
        "error": f"{title} is played by {counts} players, not {n}.", "field": "hand"}


def test_five_players_score_a_shllaat_hand(client):
    response = score(client, "shllaat", {"points": [52, 50, 50, 50, 50]})
    assert response.status_code == 200
    assert response.get_json()["scores"] == [52, 50, 50, 50, 50]
