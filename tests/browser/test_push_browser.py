"""Live boards by server push: a save shows on a watching phone at once, with no polling while
the stream is open; polling when the stream cannot be opened; the stale banner when the network
goes, gone when it comes back. The same across two gunicorn workers joined by Redis."""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import expect

from ..helpers import Server, gunicorn, new_game, save_hand, sweep

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
    watch_page(page, f"{server.url}/games/{game['id']}")


def watch_page(page, url: str) -> None:
    """Open `url` and wait until its stream has spoken once."""
    page.goto(url)
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


def test_a_result_saved_shows_on_the_open_bracket_without_polling(page, live_server):
    server = local(live_server)
    status, t = server.call("POST", "/api/v1/tournaments", {
        "name": "Cup", "game": "basra", "format": "knockout", "settings": {"best_of": 3},
        "entrants": ["Ali", "Bahar", "Cyrus", "Dara"]})
    assert status == 201, t
    director = {"Authorization": f"Bearer {t['director_key']}"}
    status, paired = server.call("POST", f"/api/v1/tournaments/{t['id']}/rounds", None, director)
    assert status == 201, paired
    match = next(m for m in paired["matches"] if m["names"] == ["Ali", "Dara"])  # seeds 1 v 4
    watch_page(page, f"{server.url}/tournaments/{t['id']}/bracket")
    fetches = []
    page.on("request", lambda request: fetches.append(request.url)
            if "/bracket" in request.url else None)
    final = page.locator(".bracket-round").last.locator(".bracket-side").first
    expect(final).to_have_text("to be decided")
    scorer = {"Authorization": f"Bearer {match['edit_key']}"}
    for number in (1, 2):  # Ali sweeps two games (163 each, to 101): the match is Ali's
        status, _ = server.call("POST", f"/api/v1/games/{match['current_game']}/hands",
                                {"hand": sweep(0)}, scorer)
        assert status == 201
        ali = page.locator(f"#bracket-match-{match['id']} .bracket-side").first
        expect(ali).to_contain_text(f"Ali {number}", timeout=3000, use_inner_text=True)
        if number == 1:
            status, body = server.call("GET", f"/api/v1/tournaments/{t['id']}", None, director)
            match = next(m for r in body["rounds"] for m in r["matches"] if m["id"] == match["id"])
    expect(final).to_have_text("Ali")  # on to the final, no reload
    assert fetches  # the bracket was fetched when the stream said so
    # Then a heartbeat (5 s) passes without a fetch: no poll (every 3 s) while the stream is open.
    asked, heard = len(fetches), page.evaluate("window.heard")
    page.wait_for_function(f"() => window.heard > {heard}", timeout=10000)
    assert len(fetches) == asked, fetches
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
    # Two servers of one gevent worker each, on one database and one Redis: two phones watch
    # through each, and the saves go to each in turn (which worker of one server takes a
    # connection is the kernel's choice, so that could not say who heard whose save).
    with gunicorn(env, tmp_path / "a.log", workers=1, worker_class="gevent") as first, \
            gunicorn(env, tmp_path / "b.log", workers=1, worker_class="gevent") as second:
        game = new_game(first)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        phones = [context.new_page() for _ in range(4)]
        for phone, server in zip(phones, (first, first, second, second), strict=True):
            watch(phone, server, game)
        polls = [board_requests(phone) for phone in phones]
        for saved, server in enumerate((first, second, first), start=1):
            assert save_hand(server, game)[0] == 201
            for phone in phones:
                total = phone.locator('[data-total-side="0"]')
                expect(total).to_have_text(str(100 * saved), timeout=3000)
        assert polls == [[]] * 4  # the boards came in the events: no fetch, no poll
        context.close()
    for server in (first, second):  # each process held streams and made saves
        log = server.log.read_text()
        assert f"GET /games/{game['id']}/live" in log and f"/games/{game['id']}/hands" in log


def test_a_stream_refused_by_a_full_server_falls_back_to_polling(page, server):
    server.app.config["LIVE_STREAMS"] = 0  # every stream refused: 503, Retry-After
    game = new_game(local(server.url))
    refused = []
    page.on("response", lambda response: refused.append(response.status)
            if "/live?" in response.url else None)
    page.goto(f"{server.url}/games/{game['id']}")
    polls = board_requests(page)
    assert save_hand(local(server.url), game)[0] == 201
    expect(page.locator('[data-total-side="0"]')).to_have_text("100", timeout=5000)
    assert polls and refused and set(refused) == {503}  # it came by polling
    assert not page.locator("#stale").is_visible()
