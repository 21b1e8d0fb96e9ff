"""Issue #15's tap budgets, counted in a real phone-sized browser (a typed field is one tap):
Shelem any outcome ≤ 6, Basra quick ≤ 10, Shlla'at with 4 players ≤ 6, Ghârat with 4 ≤ 7.

Totals worked out by hand from the rule texts and RULINGS.md: Shelem's pack holds 165 points;
a made bid scores the points taken, a failed one −bid, a Yâsâ (80 or less) −165, a Shelem
twice the bid, a Shelem Double ±700; the other team always adds the points it took.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ..helpers import SHELEM_PLAYERS
from .helpers import Taps, api_game, basra_hand, no_horizontal_overflow

pytestmark = pytest.mark.browser

FOUR = ["Amal", "Badr", "Carim", "Dina"]


def board_totals(page, sides):
    return [page.locator(f'[data-total-side="{i}"]').inner_text() for i in range(sides)]


def typed(page, tap, name, value):
    """A field typed into: one tap (the keyboard's keys are not counted)."""
    tap.count += 1
    page.fill(f'[name="{name}"]', value)


@pytest.mark.parametrize(("double", "bid", "points", "totals"), [
    (False, "120", "130", ["130", "35"]),     # made: the points taken
    (False, "120", "110", ["-120", "55"]),    # failed: minus the bid
    (False, "120", "80", ["-165", "85"]),     # Yâsâ: half the pack or less costs 165
    (False, "120", "165", ["240", "0"]),      # Shelem: every trick, twice the bid
    (True, None, "165", ["700", "0"]),        # Shelem Double made
    (True, None, "160", ["-700", "5"]),       # Shelem Double lost: the others took a trick
])
def test_shelem_any_outcome_in_six_taps_without_the_keyboard(page, live_server, double, bid,
                                                             points, totals):
    game_id = api_game(page, live_server, "shelem", SHELEM_PLAYERS)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    tap = Taps(page)
    tap('label[for="bidder-0"]')
    if double:
        tap('label[for="double"]')
    else:
        tap(f'[data-for="bid"][data-set="{bid}"]')
    tap(f'[data-for="bidder_points"][data-set="{points}"]')
    tap("#save")
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    assert tap.count <= 6
    assert [t.replace("−", "-") for t in board_totals(page, 2)] == totals
    assert page.js_errors == []


def test_shelem_all_passed_is_one_tap(page, live_server):
    game_id = api_game(page, live_server, "shelem", SHELEM_PLAYERS)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    tap = Taps(page)
    tap("#redeal")
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    assert tap.count == 1
    expect(page.locator("#hand-1")).to_contain_text("All passed: redeal")


def test_basra_quick_hand_in_ten_taps(page, live_server):
    game_id = api_game(page, live_server, "basra", ["Amal", "Badr"])
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    tap = Taps(page)
    basra_hand(tap)
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    assert tap.count <= 10
    # 27 cards (majority 30), the 2♣ 2, two jacks and two aces 4, one basra 10: 46; Badr the
    # 10♦ 3, two jacks and two aces 4: 7.
    assert board_totals(page, 2) == ["46", "7"]


def test_shllaat_four_players_in_six_taps(page, live_server):
    game_id = api_game(page, live_server, "shllaat", FOUR)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    assert no_horizontal_overflow(page)
    tap = Taps(page)
    typed(page, tap, "points_0", "100")
    typed(page, tap, "points_1", "52")
    typed(page, tap, "points_2", "60")
    # Dina's 40 follow: 252 − 100 − 52 − 60.
    expect(page.locator('#preview [data-preview-side="3"]')).to_contain_text("40")
    tap("#save")
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    assert tap.count <= 6
    assert board_totals(page, 4) == ["100", "52", "60", "40"]
    assert page.js_errors == []


def test_gharat_four_players_in_seven_taps(page, live_server):
    game_id = api_game(page, live_server, "gharat", FOUR)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    tap = Taps(page)
    typed(page, tap, "points_0", "120")
    typed(page, tap, "points_1", "85")
    typed(page, tap, "points_2", "0")
    typed(page, tap, "points_3", "100")
    tap("#save")
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    assert tap.count <= 7
    assert board_totals(page, 4) == ["120", "85", "0", "100"]
    assert page.js_errors == []


def test_a_refused_hand_lists_every_problem_and_shows_the_field(page, live_server):
    game_id = api_game(page, live_server, "gharat", FOUR)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    page.fill('[name="points_0"]', "40")
    page.fill('[name="points_2"]', "12")
    page.fill('[name="points_3"]', "7")
    page.click("#save")
    problems = page.locator("#preview .problems li")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_have_text("The points of Carim must be a multiple of 5: 12 is not.")
    expect(problems.nth(1)).to_have_text("The points of Dina must be a multiple of 5: 7 is not.")
    field = page.locator('[name="points_2"]')
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_in_viewport()
    expect(page.locator('[name="points_0"]')).to_have_value("40")


def test_the_last_line_of_the_breakdown_is_not_under_the_save_bar(page, live_server):
    game_id = api_game(page, live_server, "shllaat", FOUR)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    page.fill('[name="points_0"]', "100")
    page.fill('[name="points_1"]', "52")
    page.fill('[name="points_2"]', "60")
    last = page.locator('#preview [data-preview-side="3"]')
    expect(last).to_contain_text("40")
    last.scroll_into_view_if_needed()
    bar = page.locator(".save-bar").bounding_box()
    assert last.bounding_box()["y"] + last.bounding_box()["height"] <= bar["y"]


def test_a_finished_game_says_so_before_anything_is_typed(page, live_server):
    created = page.request.post(live_server + "/api/v1/games", data={
        "game": "gharat", "players": ["Amal", "Badr"]}).json()
    for _ in range(2):  # 300 of the pack's 380 points twice: Amal has 600, past 500
        page.request.post(f"{live_server}/api/v1/games/{created['id']}/hands",
                          data={"hand": {"points": [300, 80]}},
                          headers={"Authorization": "Bearer " + created["edit_key"]})
    page.goto(created["edit_url"])
    page.goto(f"{live_server}/games/{created['id']}/hands/new")
    expect(page.locator("#game-over")).to_contain_text("This game is over: Amal won.")
    expect(page.locator('[name="points_0"]')).to_have_count(0)
