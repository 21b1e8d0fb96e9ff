"""The round clock in a browser: the wall and a table's game page count it down, and the
director's pause reaches both without a reload (the tournament's live stream)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import ARTIFACTS, api

pytestmark = pytest.mark.browser


def test_the_clock_counts_down_on_the_wall_and_the_table_and_pauses_live(browser, live_server):
    t = api(live_server + "/api/v1/tournaments", {
        "name": "Club day", "game": "basra", "format": "swiss",
        "entrants": ["Anis", "Badia", "Cala", "Dina"], "settings": {"best_of": 1}})
    table = api(f"{live_server}/api/v1/tournaments/{t['id']}/rounds", {},
                t["director_key"])["matches"][0]
    clock_url = f"{live_server}/api/v1/tournaments/{t['id']}/clock"
    api(clock_url, {"minutes": 45}, t["director_key"])
    wall = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    game = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    wall.goto(f"{live_server}/tournaments/{t['id']}/screen")
    game.goto(f"{live_server}/games/{table['current_game']}")
    for page in (wall, game):
        clock = page.locator("[data-clock] [data-clock-time]")
        # 45:00 as the page is made, then the page's own count: 44:59, 44:58...
        expect(clock).to_have_text(re.compile(r"^44:[0-5]\d$"), timeout=5000)
    ARTIFACTS.mkdir(exist_ok=True)
    wall.screenshot(path=str(ARTIFACTS / "clock-wall-1920.png"))
    api(clock_url, {"action": "pause"}, t["director_key"])
    for page in (wall, game):
        expect(page.locator("[data-clock] .clock-label")).to_have_text("Round clock, paused",
                                                                      timeout=10000)
    game.screenshot(path=str(ARTIFACTS / "clock-game-390.png"), full_page=True)
    wall.context.close()
    game.context.close()
