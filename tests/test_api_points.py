"""The points form over the API (issue #15): `{"points": [...]}` for Shlla'at and Ghârat, in
hand scores and in a game's hands, with its refusals; running totals per hand.

By hand: a Shlla'at pack holds 252 points (304 with two packs), a Ghârat pack 380.
"""

from __future__ import annotations

import pytest

from .helpers import add, auth, score
from .helpers import create_basra as create


def test_shllaat_points_score_each_player(client):
    answer = score(client, "shllaat", {"points": [100, 52, 60, 40]}).get_json()
    assert answer["scores"] == [100, 52, 60, 40]
    assert answer["breakdown"][1] == [{"label": "points counted", "points": 52}]
    two_packs = score(client, "shllaat", {"points": [150, 154]}, {"preset": "two-decks"})
    assert two_packs.get_json()["scores"] == [150, 154]


def test_gharat_points_score_each_player(client):
    assert score(client, "gharat", {"points": [120, 85, 0, 100]}).get_json()["scores"] == [
        120, 85, 0, 100]


@pytest.mark.parametrize(("game", "hand", "rules", "error", "field"), [
    ("shllaat", {"points": [150, 100]}, None,
     "The points add up to 250, but every hand's points add up to the pack's 252.",
     "hand.points"),
    ("shllaat", {"points": [150, 154]}, None,
     "The points add up to 304, but the whole pack holds only 252.",
     "hand.points"),
    ("shllaat", {"points": [126, 126]}, {"preset": "two-decks"},
     "The points add up to 252, but every hand's points add up to the pack's 304.",
     "hand.points"),
    ("gharat", {"points": [10, 12]}, None,
     "The points of Side 2 must be a multiple of 5: 12 is not.", "hand.points[1]"),
    ("gharat", {"points": [200, 185]}, None,
     "The points add up to 385, but the whole pack holds only 380.", "hand.points"),
    ("gharat", {"points": [0, 0, 0]}, None, "Nothing entered yet.", "hand.points"),
    ("gharat", {"numbers": [0, 0], "courts": [0, 0], "aces": [0, 0]}, None,
     "Nothing entered yet.", "hand"),
])
def test_impossible_points_are_400_with_a_sentence(client, game, hand, rules, error, field):
    response = score(client, game, hand, rules)
    assert response.status_code == 400
    assert response.get_json() == {"error": error, "field": field}


def test_a_game_takes_points_hands_and_gives_running_totals(client):
    game = create(client, "shllaat", ["Amal", "Badr", "Carim"])
    add(client, game, {"points": [200, 52, 0]})
    answer = add(client, game, {"points": [100, 100, 52]})
    assert answer.status_code == 201
    data = answer.get_json()
    assert [hand["totals"] for hand in data["hands"]] == [[200, 52, 0], [300, 152, 52]]
    assert data["totals"] == [300, 152, 52]
    refused = add(client, game, {"points": [100, 100, 0]})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == ("The points add up to 200, but every hand's points "
                                           "add up to the pack's 252.")
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 2


def test_gharat_partners_points_add_up_per_team(client):
    game = create(client, "gharat", ["Amal", "Badr", "Carim", "Dina"], teams=[[0, 2], [1, 3]])
    answer = client.post(f"/api/v1/games/{game['id']}/hands",
                         json={"hand": {"points": [50, 60, 70, 80]}}, headers=auth(game))
    assert answer.get_json()["totals"] == [120, 140]


UNKNOWN_FOO = ("There is no field 'foo' in a hand; enter captured cards, the counts {}, or "
               "points.")


@pytest.mark.parametrize("game, names, hand, error, field", [
    ("gharat", ["Amal", "Badr"], {"points": [200, 100], "foo": 1},
     UNKNOWN_FOO.format("numbers, courts, and aces"), "hand.foo"),
    ("shllaat", ["Amal", "Badr"], {"foo": None, "points": [200, 52]},
     UNKNOWN_FOO.format("jokers, aces, jacks, and others"), "hand.foo"),
    # a field of another form beside the points: two forms at once, not an unknown field
    ("gharat", ["Amal", "Badr"], {"points": [200, 100], "numbers": [1, 2]},
     "Enter either points or cards or counts, not several.", "hand"),
])
def test_a_points_hand_with_a_field_of_no_form_names_it_and_changes_nothing(
        client, game, names, hand, error, field):
    created = create(client, game, names)
    refused = add(client, created, hand)
    assert refused.status_code == 400
    assert refused.get_json() == {"error": error, "field": field}
    assert client.get(f"/api/v1/games/{created['id']}").get_json()["hands"] == []


def test_a_games_refusal_names_the_player_not_the_side(client):
    # Ghârat points come in fives; the second player, Badr, was given 12.
    game = create(client, "gharat", ["Amal", "Badr"])
    refused = add(client, game, {"points": [10, 12]})
    assert refused.status_code == 400
    assert refused.get_json() == {"error": "The points of Badr must be a multiple of 5: 12 is "
                                           "not.", "field": "hand.points[1]"}
