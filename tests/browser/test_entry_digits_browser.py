"""Hand entry in Persian digits: steppers count from ۲۶, card marks and digits typed on a Latin
keypad show the reader's digits."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from .helpers import api

pytestmark = pytest.mark.browser


def basra_game(live_server: str) -> dict:
    body = json.dumps({"game": "basra", "players": ["Ali", "Bahar"]}).encode()
    request = urllib.request.Request(live_server + "/api/v1/games", body,
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def test_stepper_reads_eastern_digits_and_card_marks_use_them(page, live_server):
    game = basra_game(live_server)
    page.context.add_cookies([{"name": "digits", "value": "arabext", "url": live_server}])
    page.goto(game["edit_url"])
    page.goto(f"{live_server}/games/{game['id']}/hands/new?mode=cards")
    card = page.locator("[data-card]").first
    card.click()
    assert card.locator(".mark").inner_text() == "۱"


def test_stepper_counts_on_from_a_number_typed_in_persian_digits(page, live_server):
    game = basra_game(live_server)
    page.goto(game["edit_url"])
    page.goto(f"{live_server}/games/{game['id']}/hands/new?mode=quick")
    page.fill("#cards_0", "۲۶")
    page.click('[data-step="1"][data-for="cards_0"]')
    assert page.input_value("#cards_0") == "27"


def test_latin_digits_typed_show_in_the_readers_digits_and_are_saved_as_typed(page,
                                                                            live_server):
    game = basra_game(live_server)
    page.context.add_cookies([{"name": "digits", "value": "arab", "url": live_server}])
    page.goto(game["edit_url"])
    page.goto(f"{live_server}/games/{game['id']}/hands/new?mode=quick")
    field = page.locator("#cards_0")
    field.press_sequentially("3")
    expect(field).to_have_value("٣")  # at once, not once the page is drawn again
    field.press_sequentially("0")
    expect(field).to_have_value("٣٠")
    field.press("ArrowLeft")  # typed between ٣ and ٠: the caret stays where it was
    field.press_sequentially("12")
    expect(field).to_have_value("٣١٢٠")
    field.fill("")
    field.press_sequentially("27")
    expect(field).to_have_value("٢٧")
    for tap in ('label[for="two_of_clubs-0"]', 'label[for="ten_of_diamonds-1"]',
                'label[for="jacks_0-2"]', 'label[for="aces_0-2"]',
                '[data-for="basras_0"][data-step="1"]', "#save"):
        page.click(tap)  # the rest of the hand, as basra_hand has it, saved
    expect(page).to_have_url(f"{live_server}/games/{game['id']}")
    hand = api(f"{live_server}/api/v1/games/{game['id']}")["hands"][0]["hand"]
    assert hand["cards"] == [27, 25]  # 27 typed, the other side the rest of 52


def test_digits_typed_on_the_tournament_set_up_show_in_the_readers_and_count(page,
                                                                            live_server):
    """Every number field, not only hand entry's: Persian digits chosen, 3 typed for the
    rounds shows ۳, and the Swiss is made with 3 rounds."""
    page.context.add_cookies([{"name": "digits", "value": "arabext", "url": live_server}])
    page.goto(f"{live_server}/tournaments/new")
    page.fill("#t-name", "Friday")
    page.select_option("#t-format", "swiss")
    page.fill("#t-entrants", "Ali\nBahar\nCyrus\nDara")
    rounds = page.locator("#t-rounds")
    rounds.press_sequentially("3")
    expect(rounds).to_have_value("۳")
    page.get_by_role("button", name="Create tournament").click()
    page.wait_for_url("**/tournaments/*?created=1")
    tournament = page.url.split("/tournaments/")[1].split("?")[0]
    assert api(f"{live_server}/api/v1/tournaments/{tournament}")["settings"]["rounds"] == 3
