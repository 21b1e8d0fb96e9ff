"""Two phones on one game: a hand saved on one shows up on the other without a reload."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HAND = {"bidder": 0, "bid": 100, "bidder_points": 100}  # made: [100, 65]


def api(url: str, body: dict, key: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_saved_hand_appears_on_a_watching_phone_within_three_seconds(browser, page,
                                                                    live_server):
    game = api(live_server + "/api/v1/games",
               {"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]})
    scorer_context = browser.new_context(viewport={"width": 390, "height": 844})
    scorer = scorer_context.new_page()
    scorer.goto(game["edit_url"])  # the edit link: this phone keeps the key in a cookie
    page.goto(game["view_url"])  # the watcher: view link only
    totals = page.locator('[data-total-side="0"]')
    assert totals.inner_text() == "0"
    assert page.locator("#share").count() == 0 and scorer.locator("#share").count() == 1
    assert scorer.locator("#edit-link").input_value() == game["edit_url"]
    assert scorer.locator("svg.qr").count() == 2

    api(f"{live_server}/api/v1/games/{game['id']}/hands", {"hand": HAND}, game["edit_key"])
    # No reload: the board's poll brings it (every 2 s), so within 3 s on both phones.
    expect(totals).to_have_text("100", timeout=3000)
    expect(page.locator('[data-total-side="1"]')).to_have_text("65")
    expect(scorer.locator('[data-total-side="0"]')).to_have_text("100", timeout=3000)
    assert page.js_errors == []
    scorer_context.close()
