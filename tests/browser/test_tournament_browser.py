"""A four-entrant Basra round robin on a phone: the standings page updates by itself."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from .helpers import no_horizontal_overflow

pytestmark = pytest.mark.browser

WIN = {"cards": [40, 12], "jacks": [4, 0], "aces": [4, 0], "two_of_clubs": 0,
       "ten_of_diamonds": 0, "basras": [3, 0]}  # 73 for the first side


def test_round_robin_standings_follow_the_tables(page, live_server):
    page.goto(live_server + "/tournaments/new")
    page.get_by_label("Name").fill("Friday Basra")
    page.get_by_label("Games per match (best of)").fill("1")
    page.get_by_label("Entrants, one per line").fill("Ali\nBahar\nCyrus\nDara")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.locator(".notice")).to_contain_text("Keep this link")
    director_key = parse_qs(urlparse(
        page.locator(".director-link").get_attribute("href")).query)["key"][0]
    page.get_by_role("button", name="Pair the next round").click()
    page.get_by_text("Scorer link and QR code").first.click()
    expect(page.locator(".table-link .qr-box svg").first).to_be_visible()
    assert no_horizontal_overflow(page)
    tournament_id = page.url.rstrip("/").split("/")[-1]

    # The director's key (the API takes it only as a header) shows the tables' scorer keys.
    body = page.request.get(f"{live_server}/api/v1/tournaments/{tournament_id}",
                            headers={"Authorization": f"Bearer {director_key}"}).json()
    tables = body["rounds"][0]["matches"]

    page.goto(f"{live_server}/tournaments/{tournament_id}/standings")
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    for table in tables:
        for _ in range(2):
            response = page.request.post(
                f"{live_server}/api/v1/games/{table['current_game']}/hands",
                data={"hand": WIN}, headers={"Authorization": f"Bearer {table['edit_key']}"})
            assert response.status == 201
    winners = sorted(table["names"][0] for table in tables)
    first_two = page.locator("#standings tbody tr td:nth-child(2) bdi.who")
    expect(first_two.nth(0)).to_have_text(winners[0], timeout=10_000)  # no reload
    expect(first_two.nth(1)).to_have_text(winners[1])
    expect(page.locator("#standings tbody tr").first.locator("td.points")).to_have_text("2")
    assert no_horizontal_overflow(page)
    assert page.js_errors == []
