"""Every seat enters its own, in real browsers: three phones (en, ar, fa) each count their
own Shlla'at pile, and the hand appears on the scorer's page once the last one sends."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import ARTIFACTS, api

pytestmark = pytest.mark.browser
# shllaat.txt: 252 points in the pack; Ali 60, Bahar 71, Cyrus 121 (typed in Persian digits).
SEATS = (("en", "60", "60"), ("ar", "71", "٧١"), ("fa", "۱۲۱", "۱۲۱"))


def seat_phone(browser, locale):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  device_scale_factor=1, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


def handed_out(page, game) -> list[str]:
    """The scorer hands out seat links from the game page: their addresses, once shown."""
    page.goto(game["edit_url"])
    page.click("#every-seat")
    page.get_by_role("button", name="Hand out seat links").click()
    links = page.locator(".seat-links a")
    expect(links).to_have_count(len(game["players"]))
    return links.evaluate_all("links => links.map(a => a.href)")


def test_three_phones_enter_one_hand_and_it_appears_for_the_scorer(browser, page, live_server):
    game = api(live_server + "/api/v1/games",
               {"game": "shllaat", "players": ["Ali", "Bahar", "Cyrus"]})
    links = handed_out(page, game)
    assert len(links) == 3
    phones = [seat_phone(browser, locale) for locale, _typed, _shown in SEATS]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "seats-panel.png"), full_page=True)
    for phone, link, (locale, typed, shown) in zip(phones, links, SEATS, strict=True):
        phone.goto(link)
        expect(phone.locator("html")).to_have_attribute("lang", locale)
        expect(phone.locator(".seat-form input[name=points]")).to_be_visible()
        phone.screenshot(path=str(ARTIFACTS / f"seat-{locale}.png"), full_page=True)
        phone.fill(".seat-form input[name=points]", typed)
        phone.click(".seat-form button[type=submit]")
        if locale != "fa":  # the last seat's send saves the hand: its page is at hand 2
            expect(phone.locator(".seats-list li.mine")).to_have_class("sent mine",
                                                                       timeout=5000)
            expect(phone.locator(".seats-list li.mine")).to_contain_text(shown)
    expect(phones[2].locator("#seats-hand")).to_contain_text("۲", timeout=5000)
    page.goto(f"{live_server}/games/{game['id']}")
    expect(page.locator('[data-total-side="0"]')).to_have_text("60")
    expect(page.locator('[data-total-side="1"]')).to_have_text("71")
    expect(page.locator('[data-total-side="2"]')).to_have_text("121")
    # the first phone's page moved on to hand 2 by itself (live), in its own language
    expect(phones[0].locator("#seats-hand")).to_have_text("Hand 2", timeout=5000)
    phones[2].screenshot(path=str(ARTIFACTS / "seat-fa-after.png"), full_page=True)
    for phone in phones:
        assert phone.js_errors == []
        phone.context.close()


def test_a_seat_offline_keeps_its_figure_and_sends_it_when_back(browser, live_server):
    game = api(live_server + "/api/v1/games",
               {"game": "shllaat", "players": ["Ali", "Bahar", "Cyrus"]})
    seats = api(f"{live_server}/api/v1/games/{game['id']}/seats", {}, game["edit_key"])["seats"]
    phone = seat_phone(browser, "en")
    phone.goto(seats[0]["url"])
    phone.context.set_offline(True)
    phone.fill(".seat-form input[name=points]", "60")
    phone.click(".seat-form button[type=submit]")
    expect(phone.locator("#outbox")).to_contain_text("Hand 1", timeout=12_000)
    for seat, points in zip(seats[1:], (71, 121), strict=True):
        api(f"{live_server}/api/v1/games/{game['id']}/seats/{seat['side']}",
            {"hand": 1, "values": {"points": points}}, seat["key"], method="PUT")
    phone.context.set_offline(False)
    expect(phone.locator("#seats-hand")).to_have_text("Hand 2", timeout=12_000)
    saved = api(f"{live_server}/api/v1/games/{game['id']}")
    assert (len(saved["hands"]), saved["totals"]) == (1, [60, 71, 121])
    phone.context.close()


# Four phones at one Shlla'at table, each typing its own pile in its own way: 60 + 71 + 71 +
# 50 = 252, the pack (shllaat.txt). The fourth reads Arabic and types Arabic-Indic digits.
FOUR = (("en", "60", "60"), ("ar", "71", "٧١"), ("fa", "۷۱", "۷۱"), ("ar", "٥٠", "٥٠"))
SAVED = {"en": ("60", "71", "71", "50"), "ar": ("٦٠", "٧١", "٧١", "٥٠"),
         "fa": ("۶۰", "۷۱", "۷۱", "۵۰")}
HAND_TWO = {"en": "2", "ar": "٢", "fa": "۲"}


def test_four_phones_at_once_in_en_ar_fa(browser, page, live_server):
    game = api(live_server + "/api/v1/games",
               {"game": "shllaat", "players": ["Ali", "Bahar", "Cyrus", "Dara"]})
    links = handed_out(page, game)
    assert len(links) == 4
    phones = [seat_phone(browser, locale) for locale, _typed, _shown in FOUR]
    for phone, link, (locale, typed, _shown) in zip(phones, links, FOUR, strict=True):
        phone.goto(link)  # every phone open and typing at once, before anyone sends
        expect(phone.locator("html")).to_have_attribute("lang", locale)
        phone.fill(".seat-form input[name=points]", typed)
    page.goto(f"{live_server}/games/{game['id']}")  # the scorer watches the board
    ARTIFACTS.mkdir(exist_ok=True)
    for side, (phone, (_locale, _typed, shown)) in enumerate(
            zip(phones[:3], FOUR[:3], strict=True)):
        phone.click(".seat-form button[type=submit]")
        expect(phone.locator(".seats-list li.mine")).to_have_class("sent mine", timeout=5000)
        expect(phone.locator(".seats-list li.mine")).to_contain_text(shown)
        # the others see, live, that this seat has sent and who is still counting
        expect(phones[3].locator(".seats-list li").nth(side)).to_have_class("sent",
                                                                           timeout=5000)
    expect(phones[3].locator(".seats-list li.mine")).to_have_class("counting mine")
    phones[3].screenshot(path=str(ARTIFACTS / "seats-four-last-counting.png"), full_page=True)
    phones[3].click(".seat-form button[type=submit]")
    for side, total in enumerate(("60", "71", "71", "50")):
        expect(page.locator(f'[data-total-side="{side}"]')).to_have_text(total, timeout=5000)
    for number, (phone, (locale, _typed, _shown)) in enumerate(zip(phones, FOUR, strict=True)):
        expect(phone.locator("#seats-hand")).to_contain_text(HAND_TWO[locale], timeout=5000)
        totals = phone.locator(".seats-totals strong")
        expect(totals).to_have_text(list(SAVED[locale]))
        phone.screenshot(path=str(ARTIFACTS / f"seats-four-{number}-{locale}.png"),
                         full_page=True)
    page.screenshot(path=str(ARTIFACTS / "seats-four-scorer.png"), full_page=True)
    saved = api(f"{live_server}/api/v1/games/{game['id']}")
    assert (len(saved["hands"]), saved["totals"]) == (1, [60, 71, 71, 50])
    for phone in phones:
        assert phone.js_errors == []
        phone.context.close()


def test_shelem_teams_agree_at_their_seats_who_was_caught_cheating(browser, live_server):
    # shelem.txt, Cheating: the bid is deducted from the team caught. Ali & Cyrus bid 120 and
    # took 130 (made: 130); Bahar & Dara took 165 - 130 = 35 and were caught: 35 - 120 = -85.
    game = api(live_server + "/api/v1/games",
               {"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]})
    seats = api(f"{live_server}/api/v1/games/{game['id']}/seats", {}, game["edit_key"])["seats"]
    bidders, others = seat_phone(browser, "fa"), seat_phone(browser, "en")
    bidders.goto(seats[0]["url"])
    bidders.fill(".seat-form input[name=points]", "۱۳۰")
    bidders.fill(".seat-form input[name=bid]", "۱۲۰")
    bidders.select_option(".seat-form select[name=cheating]", label="تیم دیگر")
    ARTIFACTS.mkdir(exist_ok=True)
    bidders.screenshot(path=str(ARTIFACTS / "seat-shelem-cheating-fa.png"), full_page=True)
    bidders.click(".seat-form button[type=submit]")
    expect(bidders.locator(".seats-list li.mine")).to_have_class("sent mine", timeout=5000)
    others.goto(seats[1]["url"])
    others.fill(".seat-form input[name=points]", "35")
    others.select_option(".seat-form select[name=cheating]", label="Our team")
    others.click(".seat-form button[type=submit]")
    expect(others.locator(".seats-totals strong")).to_have_text(["130", "-85"], timeout=5000)
    expect(bidders.locator("#seats-hand")).to_contain_text("۲", timeout=5000)
    for phone in (bidders, others):
        assert phone.js_errors == []
        phone.context.close()
