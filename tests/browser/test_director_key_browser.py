"""The director replaces a leaked director key from the desk, on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_new_director_key_from_the_desk_locks_out_the_old_link(page, browser, live_server):
    page.goto(live_server + "/tournaments/new")
    page.get_by_label("Name").fill("Friday Basra")
    page.get_by_label("Entrants, one per line").fill("Ali\nBahar\nCyrus\nDara")
    page.get_by_role("button", name="Create tournament").click()
    old_link = page.locator(".director-link").get_attribute("href")
    page.get_by_text("New director key…").click()
    page.get_by_role("button", name="Make a new director key").click()
    expect(page.locator(".notice")).to_contain_text("Keep this link")
    new_link = page.locator(".director-link").get_attribute("href")
    assert new_link != old_link
    expect(page.get_by_role("button", name="Pair the next round")).to_be_visible()

    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(old_link)
    expect(other.locator("#form-error")).to_contain_text(
        "That director link does not open this tournament")
    expect(other.get_by_role("button", name="Pair the next round")).to_have_count(0)
    other.goto(new_link)
    expect(other.get_by_role("button", name="Pair the next round")).to_be_visible()
    other.context.close()
