"""Hand entry pages: quick and card forms, live preview, corrections, retries, access."""

from __future__ import annotations

import pytest

from companion.rules.cards import RANKS

from .helpers import BASRA_QUICK, save
from .helpers import api_game_id as make_game
from .helpers import game_json as game

SPADES_HEARTS = [rank + suit for suit in "SH" for rank in RANKS]
CLUBS_DIAMONDS = [rank + suit for suit in "CD" for rank in RANKS]


def cards_form(piles, basras=()):
    """Card-form fields: every card of `piles[side]` given to that side."""
    fields = {"mode": "cards"}
    for side, pile in enumerate(piles):
        for card in pile:
            fields.setdefault("card_" + card, []).append(str(side))
    for card in basras:
        fields["basra_" + card] = "1"
    return fields


# --- Basra --------------------------------------------------------------------------------

def test_basra_quick_hand_is_saved_and_the_other_side_follows(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    response = save(client, game_id, BASRA_QUICK)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    saved = game(client, game_id)
    assert saved["totals"] == [46, 7]
    assert saved["hands"][0]["hand"]["cards"] == [27, 25]


def test_basra_basras_valued_by_card_ask_for_the_card(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"], rules={"preset": "jordanian"})
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="basra_rank_0_0"' in page
    fields = {**BASRA_QUICK, "basras_0": "2", "basra_rank_0_0": "7", "basra_rank_0_1": "Q"}
    assert save(client, game_id, fields).status_code == 303
    # 36 for cards, then a basra with a 7 (14) and one with a queen (20)
    assert game(client, game_id)["totals"] == [70, 7]


def test_basra_card_form_with_a_basra_card(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    piles = [SPADES_HEARTS + ["2C"], [c for c in CLUBS_DIAMONDS if c != "2C"]]
    response = save(client, game_id, cards_form(piles, basras=["7S"]))
    assert response.status_code == 303
    saved = game(client, game_id)
    assert saved["totals"] == [46, 7]
    assert saved["hands"][0]["hand"]["basras"] == [["7S"], []]


def test_impossible_card_hand_is_refused_in_place_with_the_cards_kept(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    piles = [SPADES_HEARTS, CLUBS_DIAMONDS[:-1]]
    response = save(client, game_id, cards_form(piles))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "51 cards entered, a hand has 52." in page
    assert 'name="card_AS" value="0"' in page
    assert 'name="card_QD" value="1"' in page
    assert 'name="card_KD" value=""' in page
    assert game(client, game_id)["hands"] == []


def test_missing_choice_is_asked_for_and_the_counts_are_kept(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    fields = {**BASRA_QUICK, "two_of_clubs": ""}
    response = save(client, game_id, fields, **{"HX-Request": "true"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "<html" not in page  # the form fragment, swapped in place
    assert "Choose who took the 2♣." in page
    assert 'value="27"' in page
    assert 'id="jacks_0-2" name="jacks_0"\n           value="2" checked' in page


def test_counts_beyond_the_deck_are_refused(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    response = save(client, game_id, {**BASRA_QUICK, "cards_0": "53"})
    assert response.status_code == 422
    assert "53 cards entered, a hand has 52." in response.get_data(as_text=True)


# --- Shelem -------------------------------------------------------------------------------

SHELEM_PLAYERS = ["Ali", "Omar", "Sara", "Mina"]


@pytest.mark.parametrize(("fields", "totals"), [
    ({"bidder": "0", "bid": "120", "bidder_points": "130"}, [130, 35]),
    ({"bidder": "1", "bid": "120", "bidder_points": ""}, [45, 120]),  # points start at the bid
    ({"bidder": "0", "bid": "", "double": "1", "bidder_points": "165"}, [700, 0]),
    ({"all_passed": "1", "bidder": "0"}, [0, 0]),
])
def test_shelem_quick_hands(client, fields, totals):
    game_id = make_game(client, "shelem", SHELEM_PLAYERS)
    assert save(client, game_id, {"mode": "quick", **fields}).status_code == 303
    assert game(client, game_id)["totals"] == totals


def test_shelem_has_no_card_form(client):
    game_id = make_game(client, "shelem", SHELEM_PLAYERS)
    page = client.get(f"/games/{game_id}/hands/new?mode=cards").get_data(as_text=True)
    assert 'name="bidder"' in page and "data-card" not in page
    assert "All passed (redeal)" in page


def test_shelem_bid_out_of_range_is_explained(client):
    game_id = make_game(client, "shelem", SHELEM_PLAYERS)
    response = save(client, game_id, {"bidder": "0", "bid": "95", "bidder_points": "100"})
    assert response.status_code == 422
    assert "A bid is from 100 to 165: 95 is not a bid." in response.get_data(as_text=True)


def test_shelem_bidding_team_below_the_five_points_of_the_discards_is_explained(client):
    game_id = make_game(client, "shelem", SHELEM_PLAYERS)
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="bidder_points" type="text" inputmode="numeric" autocomplete="off"\n' \
        '           min="5"' in form  # the stepper stops at 5
    response = save(client, game_id, {"bidder": "0", "bid": "120", "bidder_points": "0"})
    assert response.status_code == 422
    assert ("The bidding team has at least 5 points, not 0: the Hâkem&#39;s four discards are "
            "its thirteenth trick") in response.get_data(as_text=True)
    assert game(client, game_id)["hands"] == []


# --- Shlla'at and Ghârat ------------------------------------------------------------------

def test_shllaat_quick_last_player_others_follow(client):
    game_id = make_game(client, "shllaat", ["Ali", "Omar"])
    fields = {"mode": "quick", "jokers_0": "1", "aces_0": "3", "jacks_0": "2",
              "others_0": "20", "jokers_1": "1", "aces_1": "1", "jacks_1": "2"}
    assert save(client, game_id, fields).status_code == 303
    saved = game(client, game_id)
    assert saved["totals"] == [149, 103]
    assert saved["hands"][0]["hand"]["others"] == [20, 24]


# The 54-card deck has 2 Jokers, 4 aces, 4 jacks and 44 other cards; every kind that
# disagrees is listed at once, the right ones not at all.
@pytest.mark.parametrize(("aces_1", "others_0", "listed", "not_listed"), [
    ("1", "20", ["1 Joker entered, the deck has 2."], ["aces entered", "other cards entered"]),
    ("3", "50", ["1 Joker entered, the deck has 2.", "6 aces entered, the deck has 4.",
                 "50 other cards entered, the deck has 44."], ["jacks entered"]),
])
def test_shllaat_counts_list_every_miscounted_kind(client, aces_1, others_0, listed,
                                                   not_listed):
    game_id = make_game(client, "shllaat", ["Ali", "Omar"])
    fields = {"mode": "quick", "jokers_0": "1", "aces_0": "3", "jacks_0": "2",
              "others_0": others_0, "aces_1": aces_1, "jacks_1": "2"}
    response = save(client, game_id, fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert [sentence for sentence in listed if sentence in page] == listed
    assert [words for words in not_listed if words in page] == []
    assert game(client, game_id)["hands"] == []


def test_the_api_answers_the_first_miscounted_kind_of_several(client):
    made = client.post("/api/v1/games", json={"game": "shllaat", "players": ["Ali", "Omar"]})
    game_id, key = made.get_json()["id"], made.get_json()["edit_key"]
    hand = {"jokers": [1, 0], "aces": [3, 3], "jacks": [2, 2], "others": [50, 0]}
    response = client.post(f"/api/v1/games/{game_id}/hands", json={"hand": hand},
                           headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 400
    assert response.get_json() == {"error": "1 Joker entered, the deck has 2.",
                                    "field": "hand.jokers"}


def test_a_wrong_total_in_arabic_names_one_joker_in_the_singular(client):
    game_id = make_game(client, "shllaat", ["Ali", "Omar"])
    client.set_cookie("lang", "ar")
    fields = {"mode": "quick", "jokers_0": "1", "aces_0": "3", "jacks_0": "2",
              "others_0": "20", "aces_1": "1", "jacks_1": "2"}
    response = save(client, game_id, fields)
    assert response.status_code == 422
    assert "أُدخل جوكر واحد، والشدّة فيها ٢." in response.get_data(as_text=True)


def test_shllaat_card_form_with_jokers(client):
    game_id = make_game(client, "shllaat", ["Ali", "Omar"])
    spades = [rank + "S" for rank in RANKS]
    rest = [rank + suit for suit in "HDC" for rank in RANKS]
    assert save(client, game_id, cards_form([spades + ["JK", "JK"], rest])).status_code == 303
    assert game(client, game_id)["totals"] == [138, 114]


def test_shllaat_two_packs_grid_has_every_card_twice(client):
    game_id = make_game(client, "shllaat", ["Ali", "Omar"], rules={"preset": "two-decks"})
    page = client.get(f"/games/{game_id}/hands/new?mode=cards").get_data(as_text=True)
    assert page.count('name="card_10D"') == 2
    assert 'name="card_JK"' not in page
    quick = client.get(f"/games/{game_id}/hands/new?mode=quick").get_data(as_text=True)
    assert 'name="jokers_0"' not in quick


def test_gharat_quick_and_cards(client):
    game_id = make_game(client, "gharat", ["Ali", "Omar"])
    quick = {"mode": "quick", "numbers_0": "10", "courts_0": "3", "aces_0": "1", "numbers_1": "5",
             "courts_1": "2", "aces_1": "0"}
    assert save(client, game_id, quick).status_code == 303
    spades = [rank + "S" for rank in RANKS]
    hearts = [rank + "H" for rank in RANKS[1:]]  # no ace; the rest stayed in the play pile
    assert save(client, game_id, cards_form([spades, hearts])).status_code == 303
    saved = game(client, game_id)
    assert [hand["scores"] for hand in saved["hands"]] == [[100, 45], [95, 75]]


# --- Preview, corrections, retries, access ------------------------------------------------

def test_preview_shows_the_breakdown_and_saves_nothing(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    response = client.post(f"/games/{game_id}/hands/preview", data=BASRA_QUICK)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in page
    assert "<bdi>Ali</bdi> <strong class=\"num\">46</strong>" in page
    assert "most cards <span class=\"num\">30</span>" in page
    assert "basra ×1 <span class=\"num\">10</span>" in page
    assert "25 cards" in page
    assert game(client, game_id)["hands"] == []


def test_preview_of_an_unfinished_hand_says_what_is_missing(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    response = client.post(f"/games/{game_id}/hands/preview", data={"mode": "quick"})
    assert "Nothing entered yet." in response.get_data(as_text=True)
    response = client.post(f"/games/{game_id}/hands/preview",
                           data={"mode": "quick", "jacks_0": "2"})
    page = response.get_data(as_text=True)
    # Every problem at once, the players named.
    assert ("<li>Enter how many cards Ali took.</li><li>Choose who took the 2♣.</li>"
            "<li>Choose who took the 10♦.</li>") in page


def test_preview_counts_the_carried_majority(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    save(client, game_id, {**BASRA_QUICK, "cards_0": "26", "basras_0": "0"})
    page = client.post(f"/games/{game_id}/hands/preview", data=BASRA_QUICK).get_data(
        as_text=True)
    assert "most cards, 30 of them carried over <span class=\"num\">60</span>" in page


def test_correction_is_prefilled_and_saved_with_its_reason(client, app):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    save(client, game_id, BASRA_QUICK)
    page = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'id="cards_0" name="cards_0"' in page and 'value="27"' in page
    assert 'id="ten_of_diamonds-1" name="ten_of_diamonds"\n           value="1" checked' in page
    fields = {**BASRA_QUICK, "basras_0": "0", "reason": "That basra was a jack"}
    assert save(client, game_id, fields, number=1).status_code == 303
    assert game(client, game_id)["totals"] == [36, 7]
    with app.app_context():
        from companion.db import get_session
        from companion.services.games import history

        assert history(get_session(), game_id)[0].reason == "That basra was a jack"


def test_card_hand_correction_opens_the_card_form(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    piles = [SPADES_HEARTS + ["2C"], [c for c in CLUBS_DIAMONDS if c != "2C"]]
    save(client, game_id, cards_form(piles, basras=["7S"]))
    page = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'name="card_2C" value="0"' in page
    assert 'name="basra_7S" value="1"' in page


def test_double_tapped_save_adds_one_hand(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    form = client.get(f"/games/{game_id}/hands/new")
    assert form.headers["Cache-Control"] == "no-store"  # going back gets a fresh key
    fields = {**BASRA_QUICK, "key": "tap-once", "version": "1"}
    first = client.post(f"/games/{game_id}/hands/new", data=fields)
    second = client.post(f"/games/{game_id}/hands/new", data=fields,
                         headers={"HX-Request": "true"})
    assert first.status_code == 303
    assert second.headers["HX-Redirect"] == f"/games/{game_id}"
    assert len(game(client, game_id)["hands"]) == 1


def test_stale_version_is_refused_with_fresh_totals_and_values_kept(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="version" value="1"' in form
    save(client, game_id, BASRA_QUICK)  # another phone saves first
    response = client.post(f"/games/{game_id}/hands/new",
                           data={**BASRA_QUICK, "cards_0": "30", "version": "1", "key": "k2"})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Someone else changed this game first" in page
    assert '<strong class="num">46</strong>' in page  # the fresh total
    assert 'value="30"' in page
    fresh = game(client, game_id)["version"]
    assert f'name="version" value="{fresh}"' in page
    assert len(game(client, game_id)["hands"]) == 1
    again = client.post(f"/games/{game_id}/hands/new",
                        data={**BASRA_QUICK, "cards_0": "30", "version": fresh, "key": "k2"})
    assert again.status_code == 303
    assert len(game(client, game_id)["hands"]) == 2


def test_viewers_get_the_401_page_and_a_wrong_key_the_403_page(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"], editor=False)
    response = client.get(f"/games/{game_id}/hands/new")
    assert response.status_code == 401  # no key: one status for that, pages and API alike
    assert "Only the scorer or the director can change this: open their link first." in \
        response.get_data(as_text=True)
    assert client.post(f"/games/{game_id}/hands/new", data=BASRA_QUICK).status_code == 401
    assert client.post(f"/games/{game_id}/hands/preview", data=BASRA_QUICK).status_code == 401
    client.set_cookie("edit_" + game_id, "not-the-key")
    response = client.get(f"/games/{game_id}/hands/1/edit")
    assert response.status_code == 403
    assert "That key does not open this: ask the scorer or the director for their link." in \
        response.get_data(as_text=True)
    assert game(client, game_id)["hands"] == []


def test_chosen_way_of_entry_is_remembered_per_game(client):
    game_id = make_game(client, "gharat", ["Ali", "Omar"])
    assert "data-card" in client.get(f"/games/{game_id}/hands/new?mode=cards").get_data(
        as_text=True)
    assert "data-card" in client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    other = make_game(client, "gharat", ["Sara", "Mina"])
    assert "data-card" not in client.get(f"/games/{other}/hands/new").get_data(as_text=True)


def test_missing_hand_is_404(client):
    game_id = make_game(client, "basra", ["Ali", "Omar"])
    assert client.get(f"/games/{game_id}/hands/3/edit").status_code == 404
