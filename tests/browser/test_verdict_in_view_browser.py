"""A verdict, its bonus and the choices it asks for are on screen the moment they appear: the
card picker no longer sticks over them, on a phone held upright or sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# A shared verdict link of every game (the issue's own examples).
LINKS = {
    "basra": "/referee/basra?floor=AS,2H,6D&played=9C&claimed=AS,2H,6D",
    "shllaat": "/referee/shllaat?pool=6S,6H,3C&pile1=6D,6C&played=JK&players=3",
    "gharat": "/referee/gharat?top=4S&pick=played&pile0=7S&played=7H",
    "shelem": "/referee/shelem?trump=H&trick=AS,10S,2H,5S&hand0=AS&hand1=10S&hand2=2H,3S"
              "&hand3=5S",
}
FIRST_WORDS = {"basra": "Legal", "shllaat": "What did the Joker take?", "gharat": "Legal",
               "shelem": "Not legal"}


def boxes(page) -> tuple[dict, dict, int]:
    verdict = page.locator("#verdict").bounding_box()
    picker = page.locator("#picker").bounding_box()
    return verdict, picker, page.viewport_size["height"]


def assert_in_view(page) -> None:
    """The whole verdict is on screen, above the picker; a verdict taller than a sideways
    screen starts at its top, with nothing over it."""
    verdict, picker, height = boxes(page)
    bottom = verdict["y"] + verdict["height"]
    assert verdict["y"] >= 0
    assert bottom <= picker["y"], (verdict, picker)
    if verdict["height"] <= height - 16:
        assert bottom <= height, (verdict, height)
    else:
        assert verdict["y"] <= 16


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "sideways"])
@pytest.mark.parametrize("game", list(LINKS))
def test_a_shared_verdict_opens_in_view(browser, live_server, game, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(live_server + LINKS[game])
    expect(page.locator("#verdict")).to_contain_text(FIRST_WORDS[game])
    page.wait_for_function("() => document.readyState === 'complete'")
    page.wait_for_function("""() => {
        const box = document.getElementById('verdict').getBoundingClientRect();
        return box.top >= 0 && (box.bottom <= innerHeight || box.top <= 16); }""")
    assert_in_view(page)
    context.close()


def test_the_last_tap_of_a_claim_shows_the_basra_above_the_picker(page, live_server):
    page.goto(live_server + "/referee/basra?floor=3S,4H&played=7D")
    expect(page.locator("#verdict")).to_contain_text("What did the 7♦ take?")
    assert_in_view(page)
    for label in ("3♠", "4♥"):
        page.locator(".floor .floor-card", has_text=label).click()
        expect(page.locator(".floor .floor-card", has_text=label)).to_have_attribute(
            "aria-pressed", "true")
    # 7♦ (Egyptian) takes the whole floor; numerals adding up to 7, so a basra
    expect(page.locator("#verdict .ruling")).to_have_text("Legal")
    expect(page.locator("#verdict")).to_contain_text("Basra! 10 points.")
    page.wait_for_function("""() => {
        const box = document.getElementById('verdict').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight; }""")
    assert_in_view(page)
    assert page.js_errors == []


def test_without_a_verdict_the_picker_sticks_to_the_bottom(page, live_server):
    page.goto(live_server + "/referee/shllaat?pool=6S,6H,3C&pile1=6D,6C&players=3")
    picker = page.locator("#picker").bounding_box()
    assert picker["y"] + picker["height"] == pytest.approx(844, abs=1)
