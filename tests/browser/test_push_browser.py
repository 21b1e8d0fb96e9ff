"""Live boards by server push: a save shows on a watching phone at once, with no polling while
the stream is open; polling when the stream cannot be opened; the stale banner when the network
goes, gone when it comes back. The same across two gunicorn workers joined by Redis."""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import expect

from ..helpers import Server, gunicorn, new_game, save_hand

pytestmark = pytest.mark.browser
REDIS_URL = os.environ.get("COMPANION_TEST_REDIS_URL")
HEARD = """() => { window.heard = 0;
                   document.addEventListener("live:heard", () => { window.heard += 1; }); }"""


def local(url: str) -> Server:
    """The live_server fixture (a thread of this process) as a Server to call."""
    return Server(url, None, None)  # type: ignore[arg-type]


def board_requests(page) -> list[str]:
    """Every request the page makes for its board from now on (polls and pushed fetches)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url)
            if "/board" in request.url else None)
    return seen


def watch(page, server, game: dict) -> None:
    """Open the view link and wait until the stream has spoken once."""
    page.goto(f"{server.url}/games/{game['id']}")
    page.evaluate(HEARD)
    page.wait_for_function("() => window.heard >= 1", timeout=10000)


def test_a_save_reaches_the_watching_phone_by_push_without_polling(page, live_server):
    server = local(live_server)
    game = new_game(server)
    watch(page, server, game)
    polls = board_requests(page)
    assert save_hand(server, game)[0] == 201
    # Ali & Cyrus made their 100 bid: 100; Bahar & Dara keep the other 65 of 165.
    expect(page.locator('[data-total-side="0"]')).to_have_text("100", timeout=3000)
    expect(page.locator('[data-total-side="1"]')).to_have_text("65")
    heard = page.evaluate("window.heard")
    # The next heartbeat comes 5 s later: two poll periods (2 s) without a poll in between.
    page.wait_for_function(f"() => window.heard > {heard}", timeout=10000)
    assert polls == []  # the board came in the event itself: no fetch, no poll
    assert page.js_errors == []


def test_with_the_stream_blocked_the_board_falls_back_to_polling(page, live_server):
    server = local(live_server)
    game = new_game(server)
    page.route("**/live*", lambda route: route.abort())
    page.goto(f"{server.url}/games/{game['id']}")
    polls = board_requests(page)
    assert save_hand(server, game)[0] == 201
    expect(page.locator('[data-total-side="0"]')).to_have_text("100", timeout=5000)
    assert polls  # it came by polling
    assert not page.locator("#stale").is_visible()


def test_with_the_network_cut_the_stale_banner_shows_and_clears(page, live_server):
    server = local(live_server)
    game = new_game(server)
    watch(page, server, game)
    banner = page.locator("#stale")
    page.context.set_offline(True)
    expect(banner).to_be_visible(timeout=20000)
    expect(banner).to_contain_text("Connection lost")
    page.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=10000)
    assert save_hand(server, game)[0] == 201
    expect(page.locator('[data-total-side="0"]')).to_have_text("100", timeout=3000)


def test_a_save_on_one_worker_reaches_phones_on_the_other(browser, tmp_path, sqlite_template):
    if not REDIS_URL:
        pytest.skip("COMPANION_TEST_REDIS_URL is not set: two workers share pushes through "
                    "Redis, so this test needs one (CI sets it)")
    db = tmp_path / "companion.db"
    shutil.copy(sqlite_template, db)
    env = {"DATABASE_URL": f"sqlite:///{db}", "REDIS_URL": REDIS_URL,
           "COMPANION_RATELIMIT_ENABLED": "false"}
    log = tmp_path / "gunicorn.log"
    with gunicorn(env, log, workers=2, worker_class="gevent") as server:
        game = new_game(server)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        # Each page's stream is a new connection the kernel gives to either worker.
        phones = [context.new_page() for _ in range(4)]
        for phone in phones:
            watch(phone, server, game)
        polls = [board_requests(phone) for phone in phones]
        for saved in range(1, 4):
            assert save_hand(server, game)[0] == 201
            for phone in phones:
                total = phone.locator('[data-total-side="0"]')
                expect(total).to_have_text(str(100 * saved), timeout=3000)
        assert polls == [[]] * 4  # the boards came in the events: no fetch, no poll
        context.close()
    streams = server.pids(f"GET /games/{game['id']}/live")
    saves = server.pids(f"POST /api/v1/games/{game['id']}/hands")
    # Both workers served streams or saves: some phone heard a save made on the other worker.
    assert len(streams | saves) == 2, log.read_text()[-2000:]
