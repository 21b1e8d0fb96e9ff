"""The referee over JSON: verdicts, reasons, options, and 400s (never 5xx) for bad bodies."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app

pytestmark = pytest.mark.store_blind  # no database can change what this checks

BASRA = "/api/v1/referee/basra/capture"
SHLLAAT = "/api/v1/referee/shllaat/capture"
GHARAT = "/api/v1/referee/gharat/capture"
TRICK = "/api/v1/referee/shelem/trick"
BIDS = "/api/v1/referee/shelem/bids"


def post(client, url, body, status=200):
    response = client.post(url, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def test_nine_takes_ace_two_six_and_it_is_a_basra(client):
    body = post(client, BASRA, {"floor": ["AS", "2H", "6D"], "played": "9c",
                                "claimed": ["AS", "2H", "6D"]})
    assert body["legal"] is True
    assert body["options"] == [["AS", "2H", "6D"]]
    assert body["best"] == ["AS", "2H", "6D"]
    assert body["basra"] is True and body["basra_points"] == 10
    assert body["reason"] == (
        "The 9♣ takes 6♦ + 2♥ + A♠ = 9 and leaves nothing it could take (Basra: a card "
        "that captures must take all it can). It clears the floor: a basra worth 10 (Basra: "
        "basra).")
    assert body["options_truncated"] is False


def test_ten_taking_only_the_ten_leaves_six_and_four_behind(client):
    body = post(client, BASRA, {"floor": ["4S", "6H", "10D", "3C"], "played": "10C",
                                "claimed": ["10D"]})
    assert body["legal"] is False
    assert body["reason"] == (
        "The 10♣ could also take 6♥ + 4♠ = 10, which was left behind (Basra: "
        "capture obligation, a card that captures must take all it can).")
    assert body["options"] == [["4S", "6H", "10D"]]
    assert body["basra"] is False and body["basra_points"] == 0


def test_ten_taking_ten_six_and_four_is_legal_and_no_basra(client):
    body = post(client, BASRA, {"floor": ["4S", "6H", "10D", "3C"], "played": "T♣",
                                "claimed": ["4S", "6H", "10D"]})
    assert body["legal"] is True and body["basra"] is False
    assert body["best"] == ["4S", "6H", "10D"]


@pytest.mark.parametrize(("preset", "basra"), [("yemeni", True), ("egyptian", False)])
def test_seven_of_diamonds_on_ace_two_seven_eight(client, preset, basra):
    body = post(client, BASRA, {"rules": {"preset": preset}, "floor": ["AS", "2H", "7C", "8D"],
                                "played": "7D", "claimed": ["AS", "2H", "7C", "8D"]})
    assert body["legal"] is True
    assert body["basra"] is basra
    assert body["basra_points"] == (10 if basra else 0)


def test_lobashev_option_overrides_the_egyptian_preset(client):
    body = post(client, BASRA, {"rules": {"seven_of_diamonds": "lobashev"},
                                "floor": ["AS", "2H", "7C", "8D"], "played": "7D",
                                "claimed": ["AS", "2H", "7C", "8D"]})
    assert body["basra"] is True


def test_several_legal_captures_are_all_listed(client):
    body = post(client, BASRA, {"floor": ["AS", "2H", "6D"], "played": "7C",
                                "claimed": ["AS", "6D"]})
    assert body["legal"] is True
    assert body["options"] == [["AS", "6D"]]
    body = post(client, BASRA, {"floor": ["AS", "6H", "3D", "4C", "2S"], "played": "7C",
                                "claimed": ["AS", "2S", "4C"]})
    assert body["options"] == [["AS", "6H", "3D", "4C"], ["AS", "4C", "2S"]]
    assert body["best"] == ["AS", "6H", "3D", "4C"]
    assert body["legal"] is True


def test_each_card_of_a_rank_makes_its_own_capture_and_best_takes_the_two_of_clubs(client):
    body = post(client, BASRA, {"floor": ["2H", "2C", "5S"], "played": "7D",
                                "rules": {"seven_of_diamonds": "none"}, "claimed": ["2H", "5S"]})
    assert body["legal"] is True and body["options_truncated"] is False
    # 7 = 5 + 2 with either 2; the 2♣ scores 2 points, the 2♥ none
    assert body["options"] == [["2C", "5S"], ["2H", "5S"]]
    assert body["best"] == ["2C", "5S"]
    assert body["reason"] == ("The 7♦ takes 5♠ + 2♥ = 7 and leaves nothing it could take "
                              "(Basra: a card that captures must take all it can).")


def test_more_than_50_distinct_captures_are_cut_to_50_and_flagged(client):
    # one group of 9 from four 2s, two 3s and three aces: 64 card sets (tests/rules/test_basra.py)
    body = post(client, BASRA, {"floor": ["2H", "2D", "2C", "3D", "3S", "AD", "2S", "AS", "AH"],
                                "played": "9C", "claimed": []})
    assert len(body["options"]) == 50 and body["options_truncated"] is True
    assert body["best"] == ["2H", "2D", "2C", "AD", "AS", "AH"]


def test_seven_of_diamonds_reason_gives_the_equal_groups(client):
    body = post(client, BASRA, {"rules": {"preset": "yemeni"}, "floor": ["AS", "2H", "7C", "8D"],
                                "played": "7D", "claimed": ["AS", "2H", "7C", "8D"]})
    assert body["reason"].endswith(
        "The floor adds up to 18, not less than 10, but splits into groups of equal sum below "
        "10, 8♦ + A♠ = 7♣ + 2♥ = 9: the 7♦ makes a basra worth 10 (Basra: seven of diamonds).")


def test_lebanese_lone_card_basra_needs_the_previous_floor(client):
    situation = {"rules": {"preset": "lebanese"}, "floor": ["3S", "4H"], "played": "7C",
                 "claimed": ["3S", "4H"]}
    lone = post(client, BASRA, {**situation, "previous_floor": ["3S"]})
    assert lone["basra"] is True and lone["basra_points"] == 10
    assert post(client, BASRA, {**situation, "previous_floor": ["3S", "4H", "KD"]})[
        "basra"] is False


@pytest.mark.parametrize(("body", "field"), [
    ({"floor": ["AS"], "played": "AS", "claimed": []}, "played"),
    ({"floor": ["AS"], "played": "2S", "claimed": ["3S"]}, "claimed[0]"),
    ({"floor": ["AS", "AS"], "played": "2S", "claimed": []}, "floor[1]"),
    ({"floor": ["ZZ"], "played": "2S", "claimed": []}, "floor[0]"),
    ({"played": "2S", "claimed": []}, "floor"),
    ({"rules": {"preset": "martian"}, "floor": [], "played": "2S", "claimed": []},
     "rules.preset"),
    ({"rules": {"majority": 3}, "floor": [], "played": "2S", "claimed": []}, "rules.majority"),
])
def test_bad_basra_situations_are_400_naming_the_field(client, body, field):
    answer = post(client, BASRA, body, 400)
    assert answer["field"] == field
    assert answer["error"]


def test_shllaat_normal_card_takes_its_rank_and_burns_what_it_left(client):
    body = post(client, SHLLAAT, {"pool": ["7S", "7H", "AC", "3D"], "piles": [[], ["7C"], []],
                                  "player": 0, "played": "7D",
                                  "claimed": {"pool": ["7S"], "piles": []}})
    assert body["legal"] is True
    assert body["burnt"] == {"pool": ["7H", "AC"], "piles": [1]}
    assert body["plays_again"] is True
    assert body["reason"] == "7♦ takes 7♠ from the pool (Shlla'at rule 1)."


def test_shllaat_special_card_cannot_take_a_special_card_from_the_pool(client):
    body = post(client, SHLLAAT, {"pool": ["AC"], "piles": [[], []], "player": 0,
                                  "played": "JK", "claimed": {"pool": ["AC"], "piles": []}})
    assert body["legal"] is False
    assert body["reason"] == ("A special card cannot take a special card lying in the pool: JK "
                              "cannot take A♣ (Shlla'at rule 4).")
    assert body["plays_again"] is False


def test_shllaat_last_cards_do_not_play_again_and_bad_claims_are_400(client):
    body = post(client, SHLLAAT, {"pool": ["7S"], "piles": [[], []], "player": 0,
                                  "played": "7D", "claimed": {"pool": ["7S"], "piles": []},
                                  "draw_pile_empty": True})
    assert body["plays_again"] is False
    assert post(client, SHLLAAT, {"pool": [], "piles": [[], []], "player": 0, "played": "7D",
                                  "claimed": []}, 400)["field"] == "claimed"


def test_shllaat_claim_on_ones_own_pile_is_a_ruling(client):
    body = post(client, SHLLAAT, {"pool": [], "piles": [[], ["7C"]], "player": 1,
                                  "played": "7D", "claimed": {"pool": [], "piles": [1]}})
    assert body == {"legal": False, "reason": (
        "Player 2 cannot take the top set of their own pile: one play captures single cards "
        "from the pool and the top sets of the other players' piles, never anything from one's "
        "own pile (Shlla'at)."), "burnt": {"pool": [], "piles": []}, "plays_again": False}


def test_gharat_compulsory_capture_names_what_must_be_taken(client):
    body = post(client, GHARAT, {"play_pile_top": "9S", "piles": ["9H", None, "KD"],
                                 "player": 1, "played": "9C",
                                 "claimed": {"play_pile": True, "piles": []}})
    assert body["legal"] is False
    assert body["required"] == {"play_pile": True, "piles": [0]}
    assert body["reason"] == ("Capture is compulsory: 9 must also take the whole of "
                              "Player 1's pile (Ghârat house rule).")
    optional = post(client, GHARAT, {"rules": {"capture": "optional"}, "play_pile_top": "9S",
                                     "piles": ["9H", None, "KD"], "player": 1, "played": "9C",
                                     "claimed": {"play_pile": True, "piles": []}})
    # optional capture (RULINGS.md): any of the matching piles, or none; nothing is required
    assert optional == {
        "legal": True, "required": {"play_pile": False, "piles": []},
        "may_take": {"play_pile": True, "piles": [0]},
        "reason": "9 takes the whole play pile and goes on top of the captured cards. Capture "
                  "is optional, so leaving the whole of Player 1's pile is allowed (Ghârat "
                  "house rule)."}


def test_shelem_trick_winner_points_and_revoke(client):
    body = post(client, TRICK, {"trump": "H", "cards": ["AS", "10S", "2H", "5S"]})
    assert body == {"winner": 2, "points": 30, "legal": True, "reason":
                    "2♥ takes the trick as the highest trump; the trick is worth 30 points."}
    revoke = post(client, TRICK, {"trump": "H", "cards": ["AS", "10S", "2H", "5S"],
                                  "hands": [["AS"], ["10S"], ["2H", "3S"], ["5S"]]})
    assert revoke["legal"] is False
    assert revoke["reason"].startswith("Player 3 played 2♥ while holding 3♠")
    assert post(client, TRICK, {"trump": "X", "cards": []}, 400)["field"] == "trump"


def test_shelem_revoke_is_judged_from_the_hands_that_are_known(client):
    body = post(client, TRICK, {"trump": "H", "cards": ["KS", "AS", "3H", "10S"],
                                "hands": [None, None, ["3H", "7S", "2D"], None]})
    assert body == {"winner": 2, "points": 25, "legal": False, "reason":
                    "Player 3 played 3♥ while holding 7♠ of the suit led, ♠: a player must "
                    "follow suit if able."}
    followed = post(client, TRICK, {"trump": "H", "cards": ["KS", "AS", "3H", "10S"],
                                    "hands": [None, ["AS", "QS"], None, None]})
    assert followed["legal"] is True and followed["winner"] == 2


def test_shelem_bids_hakem_contract_and_redeal(client):
    body = post(client, BIDS, {"bids": [100, "pass", 105, "pass", "pass"]})
    assert body["legal"] is True and body["hakem"] == 2 and body["contract"] == 105
    assert body["redeal"] is False
    redeal = post(client, BIDS, {"bids": ["pass", "pass", "pass"]})
    assert redeal["redeal"] is True and redeal["hakem"] is None
    low = post(client, BIDS, {"bids": [105, 100]})
    assert low["legal"] is False
    assert low["reason"] == "Call 2 (100) is not allowed. A bid must be above the last bid, 105."
    double = post(client, BIDS, {"bids": [100, "shelem_double"]})
    assert double["contract"] == "shelem_double" and double["hakem"] == 1


def test_referee_body_that_is_not_an_object_is_400(client):
    response = client.post(BASRA, data="[1, 2", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"] == "The body must be a JSON object."


# --- Random bodies never make a 5xx ---------------------------------------------------------

CARD_TEXT = st.sampled_from(["AS", "10D", "7D", "JK", "JH", "QC", "KS", "9C", "2H", "ZZ", ""])
LEAF = st.none() | st.booleans() | st.integers(-3, 200) | CARD_TEXT | st.floats(allow_nan=False)
JSON = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.sampled_from(
                        ["rules", "preset", "floor", "played", "claimed", "pool", "piles",
                         "player", "play_pile", "play_pile_top", "trump", "cards", "hands",
                         "bids", "previous_floor", "first_trick", "draw_pile_empty",
                         "seven_of_diamonds", "deck", "capture"]), inner, max_size=6),
                    max_leaves=25)
BODIES = st.fixed_dictionaries({}, optional={
    key: JSON for key in ("rules", "floor", "played", "claimed", "pool", "piles", "player",
                          "play_pile_top", "trump", "cards", "hands", "bids", "previous_floor")
}) | JSON


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory, sqlite_template):
    import shutil

    path = tmp_path_factory.mktemp("fuzz") / "companion.db"
    shutil.copy(sqlite_template, path)
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}",
                      "SECRET_KEY": "fuzz", "RATELIMIT_ENABLED": False})
    yield app.test_client()
    app.extensions["engine"].dispose()


@pytest.mark.parametrize("url", [BASRA, SHLLAAT, GHARAT, TRICK, BIDS])
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES)
def test_random_json_never_makes_a_server_error(fuzz_client, url, body):
    response = fuzz_client.post(url, json=body)
    assert response.status_code < 500, (body, response.get_data(as_text=True))
    if response.status_code == 400:
        assert response.get_json()["error"]


def test_a_previous_floor_no_play_leaves_is_refused_as_a_floor_is(client):
    rules = {"preset": "lebanese", "seven_of_diamonds": "egyptian"}
    refused = post(client, BASRA, {"rules": rules, "floor": ["3C"], "played": "3H",
                                   "claimed": ["3C"], "previous_floor": ["JS", "3C", "7D"]},
                   400)
    assert refused == {"error": "No play leaves J♠ and 7♦ on the floor together: each takes "
                                "the whole floor, so the later one would have taken the other.",
                       "field": "previous_floor"}


NOT_A_CARD = "'ZZ' is not a card: write a rank (A, 2-10, J, Q, K) and a suit (S, H, D, C)"


@pytest.mark.parametrize("url, body, sentence", [
    (BASRA, {"floor": ["ZZ"], "played": "9C", "claimed": []}, NOT_A_CARD + "."),
    (GHARAT, {"play_pile_top": "ZZ", "piles": [None, None], "player": 0, "played": "7D",
              "claimed": {}}, NOT_A_CARD + "."),
    (TRICK, {"trump": "H", "cards": ["AS", "ZZ", "2H", "5S"]}, NOT_A_CARD + "."),
    (SHLLAAT, {"pool": ["ZZ"], "piles": [[], []], "player": 0, "played": "7D",
               "claimed": {}}, NOT_A_CARD + ", or JOKER for a Joker."),
    (SHLLAAT, {"rules": {"deck": "two-decks"}, "pool": ["ZZ"], "piles": [[], []], "player": 0,
               "played": "7D", "claimed": {}}, NOT_A_CARD + "."),
])
def test_a_misspelt_card_is_offered_the_joker_only_in_a_pack_with_jokers(client, url, body,
                                                                          sentence):
    assert post(client, url, body, 400)["error"] == sentence


NOT_CARD = "'{}' is not a card: write a rank (A, 2-10, J, Q, K) and a suit (S, H, D, C)."


@pytest.mark.parametrize("body, error, field", [
    ({"rules": {"preset": "bogus"}, "floor": ["ZZ", "5S"], "played": "QQ", "claimed": []},
     "There is no preset 'bogus'; choose one of: egyptian, jordanian, yemeni, and lebanese. "
     + NOT_CARD.format("ZZ") + " " + NOT_CARD.format("QQ"), "rules.preset"),
    ({"floor": []}, "'played' is missing. 'claimed' is missing.", "played"),
    ({"floor": ["5S", "4H", "9S"], "played": "9S", "claimed": ["9H", "KD"]},
     "The 9♠ is the card played, so it cannot also be on the floor. The 9♥ is claimed, but "
     "it is not on the floor. The K♦ is claimed, but it is not on the floor.", "played"),
])
def test_a_situation_with_several_problems_is_refused_naming_each(client, body, error, field):
    assert post(client, BASRA, body, 400) == {"error": error, "field": field}


def test_every_game_names_each_problem_of_a_situation(client):
    trick = post(client, TRICK, {"trump": "X", "cards": ["AS", "10S", "2H"]}, 400)
    assert trick["error"] == ("The trump is a suit: S, H, D or C. A trick has 4 cards, one "
                              "from each player: 3 entered.")
    capture = post(client, GHARAT, {"piles": [None, None], "played": "ZZ",
                                    "claimed": {"play_pile": "yes"}}, 400)
    assert capture["error"] == "'play_pile_top' is missing. 'player' is missing."
    capture = post(client, GHARAT, {"play_pile_top": "ZZ", "piles": [None, None], "player": 0,
                                    "played": "QQ", "claimed": {"play_pile": "yes"}}, 400)
    assert capture["error"] == (NOT_CARD.format("ZZ") + " " + NOT_CARD.format("QQ")
                                + " claimed.play_pile must be true or false.")
