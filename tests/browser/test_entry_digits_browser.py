"""Hand entry in Persian digits: steppers count from ۲۶, card marks show the reader's digits."""

from __future__ import annotations

import json
import urllib.request

import pytest

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
