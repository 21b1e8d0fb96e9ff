"""Issue #15: points entry for the fishing games, messages that name people, every problem at
once, the scoresheet's running totals and headlines, a finished game's entry form.

Expected values worked out by hand: a Shlla'at pack holds 252 points (2 Jokers × 50, 4 aces ×
25, 4 jacks × 2, 44 others × 1), 304 with two packs; a Ghârat pack 380 (36 number cards × 5,
12 court cards × 10, 4 aces × 20).
"""

from __future__ import annotations

import html
import re

from .helpers import api_game_id as make_game
from .helpers import game_json as game
from .helpers import save

FOUR = ["Amal", "Badr", "Carim", "Dina"]


def page_text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def invalid_fields(page: str) -> list[str]:
    return re.findall(r'name="(\w+)"[^>]*\n\s*aria-invalid="true"', page)


# --- Points form ---------------------------------------------------------------------------

def test_shllaat_opens_on_the_points_form_and_the_last_player_follows(client):
    game_id = make_game(client, "shllaat", FOUR)
    page = page_text(client.get(f"/games/{game_id}/hands/new"))
    assert 'name="mode" value="points"' in page
    assert 'name="points_2"' in page and 'name="points_3"' not in page
    assert "Dina has the rest of the pack's 252 points." in page
    assert save(client, game_id, {"mode": "points", "points_0": "100", "points_1": "52",
                                  "points_2": "60"}).status_code == 303
    saved = game(client, game_id)
    assert saved["hands"][0]["hand"] == {"points": [100, 52, 60, 40]}
    assert saved["totals"] == [100, 52, 60, 40]


def test_shllaat_points_past_the_pack_are_refused_and_nothing_is_saved(client):
    game_id = make_game(client, "shllaat", ["Amal", "Badr"], rules={"preset": "two-decks"})
    response = save(client, game_id, {"mode": "points", "points_0": "305"})
    assert response.status_code == 422
    assert "The points add up to 305, but the whole pack holds only 304." in page_text(
        response)
    assert game(client, game_id)["hands"] == []


def test_gharat_points_every_problem_at_once_naming_the_players(client):
    game_id = make_game(client, "gharat", FOUR)
    response = save(client, game_id, {"mode": "points", "points_0": "12", "points_1": "40",
                                      "points_2": "x", "points_3": "0"})
    assert response.status_code == 422
    page = page_text(response)
    assert ("<li>The points of Amal must be a multiple of 5: 12 is not.</li>"
            "<li>The points of Carim must be a whole number of 0 or more.</li>") in page
    assert invalid_fields(page) == ["points_0", "points_2"]
    assert 'value="40"' in page  # what was typed stays
    assert game(client, game_id)["hands"] == []


def test_gharat_points_over_380_are_refused(client):
    game_id = make_game(client, "gharat", FOUR)
    response = save(client, game_id, {"mode": "points", "points_0": "200", "points_1": "100",
                                      "points_2": "85"})
    assert response.status_code == 422
    assert "The points add up to 385, but the whole pack holds only 380." in page_text(response)


def test_gharat_points_are_saved_and_corrected_in_the_same_form(client):
    game_id = make_game(client, "gharat", FOUR)
    assert save(client, game_id, {"mode": "points", "points_0": "120", "points_1": "85",
                                  "points_3": "100"}).status_code == 303
    assert game(client, game_id)["totals"] == [120, 85, 0, 100]
    edit = page_text(client.get(f"/games/{game_id}/hands/1/edit"))
    assert 'name="mode" value="points"' in edit and 'value="85"' in edit


def test_a_hand_with_nothing_entered_is_refused(client):
    game_id = make_game(client, "gharat", FOUR)
    response = save(client, game_id, {"mode": "points", "points_0": "", "points_1": "0"})
    assert response.status_code == 422
    assert "Nothing entered yet." in page_text(response)
    basra = make_game(client, "basra", ["Amal", "Badr"])
    response = save(client, basra, {"mode": "quick", "basras_0": "0", "basras_1": "0"})
    assert "Nothing entered yet." in page_text(response)
    assert game(client, basra)["hands"] == []


def test_counts_and_cards_forms_stay(client):
    game_id = make_game(client, "gharat", ["Amal", "Badr"])
    page = page_text(client.get(f"/games/{game_id}/hands/new"))
    assert ">Points</a>" in page and ">Counts</a>" in page and ">Cards</a>" in page


# --- Messages name people and fields --------------------------------------------------------

def test_an_impossible_basra_hand_names_the_player_and_marks_the_field(client):
    game_id = make_game(client, "basra", ["Amal", "Badr"])
    # Amal: 3 cards, yet 2 jacks, 2 aces, the 2♣ and the 10♦ make 6.
    response = save(client, game_id, {"mode": "quick", "cards_0": "3", "jacks_0": "2",
                                      "aces_0": "2", "two_of_clubs": "0",
                                      "ten_of_diamonds": "0"})
    assert response.status_code == 422
    page = page_text(response)
    assert ("Amal has 3 cards, fewer than the 6 that the jacks, aces, 2♣, 10♦ and basra cards "
            "entered for Amal make.") in page
    assert "Side 1" not in page
    assert invalid_fields(page) == ["cards_0"]


# --- Shelem in a few taps -------------------------------------------------------------------

def test_shelem_points_have_a_chip_for_every_figure(client):
    game_id = make_game(client, "shelem", FOUR)
    page = page_text(client.get(f"/games/{game_id}/hands/new"))
    chips = re.findall(r'data-set="(\d+)" data-for="bidder_points"', page)
    assert chips == [str(points) for points in range(5, 170, 5)]
    assert "165 is every trick: a Shelem." in page


def test_shelem_double_needs_the_points_tapped(client):
    game_id = make_game(client, "shelem", FOUR)
    response = save(client, game_id, {"mode": "quick", "double": "1"})
    assert response.status_code == 422
    assert ("<li>Choose the team that won the bid.</li>"
            "<li>Enter the points the bidding team took.</li>") in page_text(response)


# --- The scoresheet -------------------------------------------------------------------------

def test_running_totals_after_each_hand_on_the_page_and_in_the_api(client):
    game_id = make_game(client, "shelem", FOUR)
    # Team Amal & Carim bids 120 and takes 130: +130, the others 35.
    save(client, game_id, {"mode": "quick", "bidder": "0", "bid": "120",
                           "bidder_points": "130"})
    # Team Badr & Dina bids 120 and takes 80: Yâsâ, −165; the others take 85.
    save(client, game_id, {"mode": "quick", "bidder": "1", "bid": "120",
                           "bidder_points": "80"})
    data = game(client, game_id)
    assert [hand["totals"] for hand in data["hands"]] == [[130, 35], [215, -130]]
    page = page_text(client.get(f"/games/{game_id}"))
    sides = data["sides"]
    assert f"{sides[0]} bid 120: made" in page
    assert f"{sides[1]} bid 120: Yâsâ" in page
    assert "total 215" in page and "total -130" in page.replace("−", "-")


def test_a_tied_basra_hand_says_the_majority_is_carried(client):
    game_id = make_game(client, "basra", ["Amal", "Badr"])
    save(client, game_id, {"mode": "quick", "cards_0": "26", "jacks_0": "2", "aces_0": "2",
                           "two_of_clubs": "0", "ten_of_diamonds": "1"})
    assert "tie — 30 carried" in page_text(client.get(f"/games/{game_id}"))


def test_a_finished_games_entry_form_says_it_is_over_before_anything_is_typed(client):
    # Two hands of 300 and 80 (the pack's 380 points): Amal has 600, past the usual 500.
    game_id = make_game(client, "gharat", ["Amal", "Badr"])
    for _ in range(2):
        save(client, game_id, {"mode": "points", "points_0": "300", "points_1": "80"})
    page = page_text(client.get(f"/games/{game_id}/hands/new"))
    assert "This game is over: Amal won." in page
    assert 'name="points_0"' not in page and 'id="save"' not in page


def test_choosing_the_first_team_is_something_entered(client):
    game_id = make_game(client, "shelem", FOUR)
    response = save(client, game_id, {"mode": "quick", "bidder": "0"})
    assert response.status_code == 422
    page = page_text(response)
    assert "Choose the bid." in page and "Nothing entered yet." not in page


# --- Every split a deal can produce, and none other (issue 26) ------------------------------

def test_shllaat_two_players_with_nothing_leave_the_third_the_whole_pack(client):
    game_id = make_game(client, "shllaat", ["Ali", "Badr", "Hassan"])
    assert save(client, game_id, {"mode": "points", "points_0": "0",
                                  "points_1": "0"}).status_code == 303
    assert game(client, game_id)["hands"][0]["hand"] == {"points": [0, 0, 252]}
    blank = save(client, game_id, {"mode": "points", "points_0": "", "points_1": ""})
    assert blank.status_code == 422 and "Nothing entered yet." in page_text(blank)


def test_shllaat_points_no_deal_can_give_are_refused_with_the_reason(client):
    # Five players: the two Jokers (50 each) fit in no pile of 49, and the pile of 56 holds
    # only one of them, so no deal ends 49, 49, 49, 49, 56.
    names = ["Ali", "Badr", "Carim", "Dina", "Emad"]
    game_id = make_game(client, "shllaat", names)
    response = save(client, game_id, {"mode": "points", **{f"points_{i}": "49"
                                                           for i in range(4)}})
    assert response.status_code == 422
    assert ("No deal ends with these points: the pack's cards cannot be shared out as 49, 49, "
            "49, 49, and 56.") in page_text(response)
    assert game(client, game_id)["hands"] == []
    # 50, 49, 49, 49 and 55 cannot be either: each 49 holds one ace at most, and neither a
    # lone Joker (50) nor a Joker and 5 (55) leaves room for the fourth ace
    response = save(client, game_id, {"mode": "points", "points_0": "50", "points_1": "49",
                                      "points_2": "49", "points_3": "49"})
    assert response.status_code == 422
    # 100, 49, 49, 29 and 25: both Jokers for Ali, an ace each for the others, then 24, 24,
    # 4 and 0 points of jacks and other cards (52: 4 jacks × 2 and 44 others)
    assert save(client, game_id, {"mode": "points", "points_0": "100", "points_1": "49",
                                  "points_2": "49", "points_3": "29"}).status_code == 303
    assert game(client, game_id)["totals"] == [100, 49, 49, 29, 25]


def test_the_api_takes_every_reachable_split_and_refuses_the_others(client):
    def score(points):
        return client.post("/api/v1/score/shllaat", json={"hand": {"points": points}})

    assert score([0, 0, 252]).get_json()["scores"] == [0, 0, 252]
    refused = score([49, 49, 49, 49, 56])
    assert refused.status_code == 400
    assert refused.get_json() == {
        "error": "No deal ends with these points: the pack's cards cannot be shared out as "
                 "49, 49, 49, 49, and 56.", "field": "hand.points"}


def test_the_preview_of_a_tied_basra_hand_says_the_30_points_carry(client):
    # 26 cards each: nobody has most cards, so the 30 majority points carry to the next hand
    game_id = make_game(client, "basra", ["Amal", "Badr"])
    version = game(client, game_id)["version"]
    preview = client.post(f"/games/{game_id}/hands/preview", data={
        "mode": "quick", "cards_0": "26", "jacks_0": "2", "aces_0": "2", "two_of_clubs": "0",
        "ten_of_diamonds": "1", "version": version})
    assert "tie — 30 carried" in page_text(preview)


def test_the_shelem_preview_says_what_will_be_saved(client):
    game_id = make_game(client, "shelem", FOUR)
    preview = page_text(client.post(f"/games/{game_id}/hands/preview", data={
        "mode": "quick", "bidder": "0", "bid": "120", "bidder_points": "130",
        "cheating": "1"}))
    assert "Amal & Carim bid 120: made; Badr & Dina caught cheating" in preview


def test_count_labels_start_with_a_capital_and_agree_with_any_side(client):
    game_id = make_game(client, "shllaat", ["Ali", "Badr", "Hassan"])
    page = page_text(client.get(f"/games/{game_id}/hands/new?mode=quick"))
    assert ">Jokers taken by Ali<" in page and ">Aces taken by Ali<" in page
    assert "Other cards: the rest of the deck's 44." in page
    basra = make_game(client, "basra", ["Bassem", "Omar", "Dina", "Ali"],
                      teams=[[0, 2], [1, 3]])
    page = page_text(client.get(f"/games/{basra}/hands/new?mode=quick"))
    assert "The rest of the 52 cards, and of the jacks and aces, go to Omar & Ali." in page
