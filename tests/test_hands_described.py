"""Every game's written hand is described by the hand body its spec declares, in each of its
forms (API.md): a hand the rules take is one the description takes, and a hand of another
form, which the rules refuse with a sentence, is one the description refuses too.

conftest's test client checks every hand an /api/v1 call takes against its game's described
hand body (helpers.HandsDescribed), so the hands below, and those every other test sends,
are checked as they are scored.
"""

from __future__ import annotations

import pytest

from .helpers import AMAL_36, BASRA_WIN, HAND, gharat_points, hand_errors, shllaat_even_hand

pytestmark = pytest.mark.store_blind  # no database can change what this checks

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def suits(*letters: str) -> list[str]:
    return [rank + suit for suit in letters for rank in RANKS]


# (game, hand in one of its forms, the scores a hand of it makes), worked out from the rules.
TAKEN = [
    # Card form: spades and hearts against diamonds and clubs, 26 cards each (no majority).
    # Side 0: 2 jacks and 2 aces (4) and a 7♠ basra (10) = 14; side 1: 2 jacks, 2 aces (4),
    # the 2♣ (2) and the 10♦ (3) = 9.
    ("basra", {"captured": [suits("S", "H"), suits("D", "C")], "basras": [["7S"], []],
               "carry_in": 0}, [14, 9]),
    # Count form, basras as a number: majority of 40 cards (30), 4 jacks, 4 aces, 2♣ (2),
    # 10♦ (3), 3 basras (30) = 73.
    ("basra", BASRA_WIN, [73, 0]),
    # Count form, basras by their cards for one side (two: 20) and as a number for the other.
    ("basra", {**BASRA_WIN, "basras": [["7S", "9D"], 0]}, [63, 0]),
    # Majority of 30 cards (30), 4 jacks, 2 aces = 36; 2 aces, the 2♣ and the 10♦ = 7.
    ("basra", AMAL_36, [36, 7]),
    # Two Jokers 100, two aces 50, two jacks 4, 22 others: 176; the rest of the 252 is 76.
    ("shllaat", {"captured": [suits("S", "H") + ["JK", "JK"], suits("D", "C")]}, [176, 76]),
    ("shllaat", shllaat_even_hand(120, 132), [120, 132]),
    ("shllaat", {"points": [120, 132]}, [120, 132]),
    # The A♠ 20 and the K♦ 10 against the 2♣ 5; the rest stayed in the play pile.
    ("gharat", {"captured": [["AS", "KD"], ["2C"]]}, [30, 5]),
    ("gharat", gharat_points(100, 60), [100, 60]),
    ("gharat", {"points": [100, 60]}, [100, 60]),
    # Shelem: a bid of 100 made with 100 of the pack's 165; a redeal scores nothing.
    ("shelem", HAND, [100, 65]),
    ("shelem", {"all_passed": True}, [0, 0]),
]

# (game, hand of no form of the game's, the field the refusal names).
REFUSED = [
    ("basra", {"numbers": [30, 22]}, "hand"),
    ("basra", {**BASRA_WIN, "numbers": [30, 22]}, "hand.numbers"),
    ("basra", {**BASRA_WIN, "captured": [suits("S", "H"), suits("D", "C")]}, "hand"),
    ("basra", {key: value for key, value in BASRA_WIN.items() if key != "two_of_clubs"},
     "hand.two_of_clubs"),
    # Without Jokers the count misses the deck's two.
    ("shllaat", {"aces": [4, 0], "jacks": [4, 0], "others": [22, 22]}, "hand"),
    ("shllaat", {"points": [120, 132], "jokers": [2, 0]}, "hand"),
    ("gharat", {"jokers": [1, 0]}, "hand.jokers"),
    ("gharat", {"points": [100, 12]}, "hand.points[1]"),
    ("gharat", {"captured": [["AS"], ["2C"]], "points": [20, 5]}, "hand"),
    ("shelem", {**HAND, "note": "close one"}, "hand.note"),
]


@pytest.mark.parametrize(("game", "hand", "scores"), TAKEN)
def test_a_hand_the_rules_take_is_one_its_game_describes(app, client, game, hand, scores):
    answer = client.post(f"/api/v1/score/{game}", json={"hand": hand})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["scores"] == scores
    assert hand_errors(app, game, hand) == []


@pytest.mark.parametrize(("game", "hand", "field"), REFUSED)
def test_a_hand_of_another_form_is_refused_and_not_described(app, client, game, hand, field):
    answer = client.post(f"/api/v1/score/{game}", json={"hand": hand})
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field
    assert hand_errors(app, game, hand)


def test_every_form_of_a_hand_is_described_with_its_fields(client):
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]

    def forms(name: str) -> list[dict]:
        refs = [form["$ref"].rsplit("/", 1)[1] for form in schemas[name]["anyOf"]]
        return [schemas[ref] for ref in refs]

    described = {name: [set(form["properties"]) for form in forms(name)]
                 for name in ("BasraHandBody", "ShllaatHandBody", "GharatHandBody")}
    assert described == {
        "BasraHandBody": [{"captured", "basras", "carry_in"},
                          {"cards", "jacks", "aces", "two_of_clubs", "ten_of_diamonds",
                           "basras", "carry_in"}],
        "ShllaatHandBody": [{"captured"}, {"jokers", "aces", "jacks", "others"}, {"points"}],
        "GharatHandBody": [{"captured"}, {"numbers", "courts", "aces"}, {"points"}]}
    assert schemas["ShelemHand"]["additionalProperties"] is False
    for name in described:
        assert all(form["additionalProperties"] is False for form in forms(name))
        assert all(field.get("description") for form in forms(name)
                   for field in form["properties"].values())
    hand = schemas["Hand"]["description"]
    assert "a basra hand is a BasraHandBody" in hand and "a gharat hand is a GharatHandBody" in hand
