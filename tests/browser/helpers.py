"""What several browser tests share: the Chromium to launch, taps, and checks on a page."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from companion.rules.cards import SUIT_SYMBOLS

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def api(url: str, body: Any = None, key: str | None = None, method: str | None = None) -> Any:
    """A JSON call to a live server: POST when there is a body, else GET (or `method`)."""
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def confirming_knockout(server: str) -> tuple[dict, str]:
    """A Basra knockout of four, best of one, whose results the side that lost confirms;
    the tournament and its API address."""
    t = api(server + "/api/v1/tournaments", {
        "name": "Cup", "game": "basra", "format": "knockout",
        "entrants": ["Anis", "Badia", "Cala", "Dina"],
        "settings": {"best_of": 1, "confirm_results": True}})
    return t, f"{server}/api/v1/tournaments/{t['id']}"


def listen_for_stream(page) -> None:
    """Wait until the page's live stream has spoken once (a beat or a change)."""
    page.evaluate("""() => { window.heard = 0;
        document.addEventListener("live:heard", () => { window.heard += 1; }); }""")
    page.wait_for_function("() => window.heard >= 1", timeout=10000)


def no_horizontal_overflow(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth")


class Taps:
    """page.click, counted: every call is one tap of the scorer's thumb."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.count += 1
        self.page.click(selector)
        # A tap that opens a page: wait for its scripts, as a thumb waits for the page.
        self.page.wait_for_load_state()


def api_game(page, live_server, game, players, **extra):
    """A game made over the API, its edit link opened so this phone may change it."""
    created = page.request.post(live_server + "/api/v1/games",
                                data={"game": game, "players": players, **extra}).json()
    page.goto(created["edit_url"])
    return created["id"]


def new_game_page(page, live_server, game, players, target=None, **house_rules):
    """A game set up on the new-game page (house rules chosen in their box); returns its id."""
    page.goto(f"{live_server}/games/new?game={game}")
    names = page.locator('input[name="players"]')
    while names.count() > len(players):
        count = names.count()
        page.click('button[value="remove"]')
        expect(names).to_have_count(count - 1)
    for number, name in enumerate(players, start=1):
        page.fill(f"#player-{number}", name)
    if target is not None:
        page.fill("#opt-target", str(target))
    if house_rules:
        page.click(".house-rules summary")
    for name, value in house_rules.items():
        page.check(f'input[name="rules.{name}"][value="{value}"]')
    page.click("#start-game")
    expect(page).to_have_url(re.compile(r"/games/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def page_totals(page):
    return [page.locator(f'[data-total-side="{i}"]').inner_text() for i in range(2)]


def basra_hand(tap):
    """27 cards, 2♣ and 10♦ split, two jacks and two aces each, one basra."""
    tap('[data-for="cards_0"][data-set="27"]')
    tap('label[for="two_of_clubs-0"]')
    tap('label[for="ten_of_diamonds-1"]')
    tap('label[for="jacks_0-2"]')
    tap('label[for="aces_0-2"]')
    tap('[data-for="basras_0"][data-step="1"]')
    tap("#save")


def tap_card(page, text: str, scope: str = ".picker") -> None:
    """Rank, then suit: `10D` is the 10 key, then 10♦. The referee's suits stay open with the
    card pressed (a second tap takes it out again); play-along's close."""
    rank, suit = text[:-1], text[-1]
    rank_key = page.locator(f"{scope} .ranks .key").filter(has_text=re.compile(f"^{rank}$"))
    if rank_key.get_attribute("aria-pressed") != "true":  # a second tap would close it
        rank_key.click()
    key = page.locator(f"{scope} .suits .key", has_text=rank + SUIT_SYMBOLS[suit])
    key.click()
    if scope == ".picker":
        expect(key).to_have_attribute("aria-pressed", "true")
    else:
        expect(page.locator(f"{scope} .suits")).to_have_count(0)


def choose_slot(page, name: str) -> None:
    """Open a slot of the situation and wait until the page shows it open (a faster tap
    would still belong to the slot before)."""
    page.get_by_role("button", name=name).click()
    expect(page.get_by_role("button", name=name)).to_have_attribute("aria-pressed", "true")


# --- At the table: a shelem game over the API, saves kept on the phone ---------------------

PLAYERS = ["Ali", "Omar", "Sara", "Mina"]
NOT_SAVED = "Not saved yet — will send when the connection is back"


def new_game(server: str) -> dict:
    return api(server + "/api/v1/games", {"game": "shelem", "players": PLAYERS})


def stored(server: str, game: dict) -> dict:
    return api(f"{server}/api/v1/games/{game['id']}")


def hand_130(page) -> None:
    """The bidding team bid 120 and took 130 of the 165 points: [130, 35]."""
    page.click('label[for="bidder-0"]')
    page.click('[data-for="bid"][data-set="120"]')
    page.click('[data-for="bidder_points"][data-step="5"]')
    page.click('[data-for="bidder_points"][data-step="5"]')
    expect(page.locator("#bidder_points")).to_have_value("130")


def posts_to(page, path: str, handler) -> None:
    """Route the POSTs to `path` through `handler`; everything else goes through."""
    def route(route):
        if route.request.method == "POST":
            handler(route)
        else:
            route.continue_()
    page.route(f"**{path}", route)


def saved_offline(page, game: dict) -> None:
    """The game opened from its edit link, Hand 1 (bid 120, took 130) saved with no network."""
    page.goto(game["edit_url"])
    page.click("#add-hand")
    hand_130(page)
    page.context.set_offline(True)
    page.click("#save")


def back_online(page, url: str) -> None:
    """The connection back on a phone showing the offline page: the page asked for replaces
    it by itself. Waited for before the phone is closed: closing a context while its page
    loads through the service worker can leave Chromium never finishing the close."""
    page.context.set_offline(False)
    expect(page.locator("#offline-heading")).to_have_count(0, timeout=15_000)
    expect(page).to_have_url(url)
    page.wait_for_load_state()


def fails_once(context, url: str, fail) -> list[str]:
    """The first request for `url` in this phone's context meets `fail(route)` (a refusal,
    a dropped connection); the next ones go through. The list says which request failed."""
    failed: list[str] = []

    def route_it(route) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            fail(route)

    context.route(url, route_it)
    return failed


def under_the_worker(page, url: str) -> None:
    """Open `url` once the service worker is active, so that it controls this load."""
    page.goto(url)
    # Active first, then a reload: a page that started loading while the worker was being
    # installed is not one it controls.
    page.wait_for_function("async () => !!(await navigator.serviceWorker.ready).active")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
