"""At a real table with a flaky network: saves kept on the phone and sent exactly once, boards
that say how fresh they are, QR codes a real decoder reads, links phones can open."""

from __future__ import annotations

import io
import re
import shutil
import threading
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from companion import create_app

from .helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOT_SAVED,
    api,
    back_online,
    fails_once,
    hand_130,
    new_game,
    posts_to,
    saved_offline,
    stored,
)

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1}


# --- No hand lost or entered twice --------------------------------------------------------

def test_a_hand_saved_offline_is_kept_through_a_reload_and_sent_once(phone, live_server):
    game = new_game(live_server)
    saved_offline(phone, game)
    outbox = phone.locator("#outbox")
    expect(outbox).to_be_visible()
    expect(outbox).to_contain_text(NOT_SAVED)
    expect(outbox).to_contain_text("Hand 1")
    assert stored(live_server, game)["hands"] == []

    # The network is back but the server still cannot be reached: the reload keeps it.
    posts_to(phone, "/hands/new", lambda route: route.abort())
    phone.context.set_offline(False)
    phone.reload()
    expect(phone.locator("#outbox")).to_contain_text("Hand 1")
    phone.click("#outbox-send")
    expect(phone.locator("#outbox")).to_be_visible()
    assert stored(live_server, game)["hands"] == []

    phone.unroute("**/hands/new")  # the server answers again: sent by itself
    expect(phone.locator("#outbox-sent")).to_contain_text("Saved: Hand 1", timeout=12_000)
    expect(phone.locator("#outbox")).to_be_hidden()
    after = stored(live_server, game)
    assert (len(after["hands"]), after["totals"]) == (1, [130, 35])
    phone.reload()
    expect(phone.locator("#outbox")).to_be_hidden()
    assert len(stored(live_server, game)["hands"]) == 1
    assert phone.js_errors == []


def test_a_save_whose_answer_is_lost_is_added_exactly_once(phone, live_server):
    game = new_game(live_server)
    phone.goto(game["edit_url"])
    phone.click("#add-hand")
    hand_130(phone)
    lost: list[int] = []

    def reach_server_then_drop_the_answer(route):
        if lost:
            route.continue_()
            return
        route.fetch()  # the server saves the hand...
        lost.append(1)
        route.abort()  # ...and its answer never reaches the phone

    posts_to(phone, "/hands/new", reach_server_then_drop_the_answer)
    phone.click("#save")
    expect(phone.locator("#outbox")).to_contain_text("Hand 1")
    assert len(stored(live_server, game)["hands"]) == 1
    phone.click("#outbox-send")  # resent under the same key: the server answers, adds nothing
    expect(phone).to_have_url(f"{live_server}/games/{game['id']}")
    expect(phone.locator('[data-total-side="0"]')).to_have_text("130")
    expect(phone.locator('[data-total-side="1"]')).to_have_text("35")
    assert len(stored(live_server, game)["hands"]) == 1
    expect(phone.locator("#outbox")).to_be_hidden()


def test_a_deletion_offline_is_kept_and_sent_when_back_online(phone, live_server):
    game = new_game(live_server)
    for bidder_points in (130, 150):  # [130, 35] then [150, 15]
        api(f"{live_server}/api/v1/games/{game['id']}/hands",
            {"hand": {"bidder": 0, "bid": 120, "bidder_points": bidder_points}},
            game["edit_key"])
    phone.goto(game["edit_url"])
    phone.goto(f"{live_server}/games/{game['id']}/hands/1/delete")
    phone.context.set_offline(True)
    phone.click("#confirm-delete")
    expect(phone.locator("#outbox")).to_contain_text("Delete hand 1")
    expect(phone.locator("h1")).to_have_text("Delete hand 1?")  # the page stays
    phone.context.set_offline(False)  # "online": sent by itself, then the game as usual
    expect(phone).to_have_url(f"{live_server}/games/{game['id']}", timeout=12_000)
    expect(phone.locator('[data-total-side="0"]')).to_have_text("150")
    expect(phone.locator("#outbox")).to_be_hidden()
    after = stored(live_server, game)
    assert (len(after["hands"]), after["totals"]) == (1, [150, 15])


def test_a_refused_queued_correction_shows_why_with_what_was_entered(phone, live_server):
    """The stale-edit check still holds for a correction that waited on the phone."""
    game = new_game(live_server)
    hand_url = f"{live_server}/api/v1/games/{game['id']}/hands"
    api(hand_url, {"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}}, game["edit_key"])
    phone.goto(game["edit_url"])
    phone.goto(f"{live_server}/games/{game['id']}/hands/1/edit")
    phone.click('[data-for="bidder_points"][data-step="5"]')  # 135
    phone.context.set_offline(True)
    phone.click("#save")
    expect(phone.locator("#outbox")).to_contain_text("Correct hand 1")
    # Meanwhile the other scorer's phone adds hand 2.
    api(hand_url, {"hand": {"bidder": 1, "bid": 120, "bidder_points": 130}}, game["edit_key"])
    phone.context.set_offline(False)
    expect(phone.locator(".error, [role=alert]").first).to_contain_text(
        "Someone else changed this game first", timeout=12_000)
    expect(phone.locator("#bidder_points")).to_have_value("135")
    assert stored(live_server, game)["totals"] == [130 + 35, 35 + 130]


# --- Every board says how fresh it is -----------------------------------------------------

def clock(moment: datetime) -> str:
    return moment.strftime("%I:%M %p")


def test_a_board_whose_polls_fail_says_so_and_recovers(phone, live_server):
    game = new_game(live_server)
    phone.goto(game["view_url"])
    expect(phone.locator("#stale")).to_be_hidden()
    before = datetime.now()
    phone.context.set_offline(True)
    stale = phone.locator("#stale")
    expect(stale).to_be_visible(timeout=15_000)
    shown = stale.inner_text()
    assert re.fullmatch(r"Connection lost — scores as of \d\d:\d\d [AP]M", shown), shown
    assert shown.rsplit("of ", 1)[1] in {clock(before - timedelta(minutes=1)), clock(before)}
    phone.context.set_offline(False)
    expect(stale).to_be_hidden(timeout=5_000)


def test_a_board_whose_poll_hangs_says_so_and_recovers(phone, live_server):
    game = new_game(live_server)
    # No live stream here (a proxy that cannot hold one): the board polls, and its polls hang.
    phone.route("**/live?**", lambda route: route.abort())
    phone.goto(game["view_url"])
    hung: list = []
    phone.route("**/board?**", lambda route: hung.append(route))  # never answered
    stale = phone.locator("#stale")
    expect(stale).to_be_visible(timeout=20_000)
    api(f"{live_server}/api/v1/games/{game['id']}/hands",
        {"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}}, game["edit_key"])
    assert stale.inner_text().startswith("Connection lost — scores as of ")
    phone.unroute("**/board?**")
    # The hung poll times out (htmx's timeout), the next one answers with the new hand.
    expect(stale).to_be_hidden(timeout=15_000)
    expect(phone.locator('[data-total-side="0"]')).to_have_text("130")


def test_the_stale_notice_in_persian_digits(phone, live_server):
    game = new_game(live_server)
    phone.goto(f"{live_server}/language/fa")
    phone.goto(game["view_url"])
    phone.context.set_offline(True)
    expect(phone.locator("#stale")).to_be_visible(timeout=15_000)
    assert re.search("[۰-۹]{2}:[۰-۹]{2}", phone.locator("#stale").inner_text())
    phone.context.set_offline(False)


# --- QR codes that scan, links phones can open --------------------------------------------

def decode(locator) -> str:
    """The text of the one QR code in the element, read from a screenshot of it."""
    import zxingcpp
    from PIL import Image

    box = locator.bounding_box()
    assert box and abs(box["width"] - box["height"]) < 1 and box["width"] >= 150
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(locator.screenshot())))
    # One link: the reader may find the one code twice in a shot (seen once in a full run),
    # never two different links in one box.
    links = {code.text for code in found}
    assert len(links) == 1, f"QR codes read: {links or 'none'}"
    return links.pop()


def open_qr_codes(page) -> None:
    """Opens every box holding a QR code, outer boxes (the director's own link) first."""
    closed = page.locator("details:has(svg.qr):not([open]) > summary:visible")
    for _ in range(100):  # a page holds far fewer boxes; bounded in case one will not open
        if not closed.count():
            return
        closed.first.click()
    raise AssertionError("a QR code box does not open")


@pytest.fixture
def server_with(tmp_path, sqlite_template):
    """A live server with extra settings (PUBLIC_URL...)."""
    servers = []

    def start(**settings) -> str:
        db = tmp_path / f"live{len(servers)}.db"
        shutil.copy(sqlite_template, db)
        app = create_app({"DATABASE_URL": f"sqlite:///{db}", "SECRET_KEY": "live-test",
                          "RATELIMIT_ENABLED": False, **settings})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append((server, app))
        return f"http://127.0.0.1:{server.server_port}"

    yield start
    for server, app in servers:
        server.shutdown()
        app.extensions["engine"].dispose()


def new_tournament(page, server: str) -> str:
    """A Basra round robin made on the page, its first round paired; the director's page."""
    page.goto(server + "/tournaments/new")
    page.get_by_label("Name").fill("Friday Basra")
    page.get_by_label("Entrants, one per line").fill("Ali\nBahar\nCyrus\nDara")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.locator(".notice")).to_contain_text("Keep this link")
    return page.url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_qr_code_reads_as_its_link(browser, live_server, scheme):
    context = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    page = context.new_page()
    game = new_game(live_server)
    page.goto(game["edit_url"])
    open_qr_codes(page)
    codes = page.locator("#share svg.qr")
    assert decode(codes.nth(0)) == game["view_url"]
    assert decode(codes.nth(1)) == game["edit_url"]

    new_tournament(page, live_server)
    open_qr_codes(page)
    director = page.locator(".director-link").get_attribute("href")
    assert decode(page.locator(".notice svg.qr")) == director
    page.get_by_role("button", name="Pair the next round").click()
    tables = page.locator(".table-link")
    expect(tables).to_have_count(2)  # the round's page, once the pairing has answered
    open_qr_codes(page)
    for table in tables.all():
        assert decode(table.locator("svg.qr")) == table.locator(".scorer-link").get_attribute(
            "href")
    page.screenshot(path=f"/tmp/qr-{scheme}.png", full_page=True)
    context.close()


def test_public_url_in_pages_api_answers_and_qr_codes(browser, server_with):
    server = server_with(PUBLIC_URL="https://cards.example.org")
    game = new_game(server)
    public = f"https://cards.example.org/games/{game['id']}"
    assert game["view_url"] == public
    assert game["edit_url"] == f"{public}?key={game['edit_key']}"
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/games/{game['id']}?key={game['edit_key']}")  # opened on the laptop
    expect(page.locator("#view-link")).to_have_value(public)
    expect(page.locator("#edit-link")).to_have_value(game["edit_url"])
    open_qr_codes(page)
    assert decode(page.locator("#share svg.qr").nth(0)) == public
    assert decode(page.locator("#share svg.qr").nth(1)) == game["edit_url"]
    assert "127.0.0.1" not in page.locator("#share").inner_html()
    context.close()


def test_on_the_laptop_links_and_qr_codes_point_at_the_lan_address(browser, server_with):
    server = server_with(LAN_ADDRESS="192.168.1.20")
    port = server.rsplit(":", 1)[1]
    game = new_game(server)
    assert game["view_url"] == f"http://192.168.1.20:{port}/games/{game['id']}"
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    # The edit link points at the LAN; the laptop opens the same path on its loopback.
    page.goto(f"{server}/games/{game['id']}?key={game['edit_key']}")
    open_qr_codes(page)
    assert decode(page.locator("#share svg.qr").nth(0)) == game["view_url"]
    context.close()


# --- Plain http on a LAN: no secure context ------------------------------------------------

@pytest.fixture
def lan_browser(browser):
    """Chromium that reaches the loopback server under a LAN-like name: plain http there is
    not a secure context (no wake lock, clipboard API, share sheet or service worker)."""
    lan = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP table.lan 127.0.0.1"])
    yield lan
    lan.close()


def test_over_plain_http_copy_works_and_the_page_says_why_the_screen_may_sleep(
        lan_browser, live_server):
    game = new_game(live_server)
    lan = live_server.replace("127.0.0.1", "table.lan")
    context = lan_browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{lan}/games/{game['id']}?key={game['edit_key']}")
    assert page.evaluate("window.isSecureContext") is False
    expect(page.locator("#wake-hint")).to_be_visible()
    expect(page.locator("#wake-hint")).to_contain_text("keeping it on needs a secure (https)")
    view = page.locator("#share .share-link").first
    expect(view.locator("[data-share]")).to_be_hidden()  # no share sheet here
    view.locator("[data-copy]").click()
    expect(view.locator(".copied")).to_have_text("Link copied.")
    # What was copied is the link: paste it into a field.
    page.locator("#edit-link").evaluate("field => { field.readOnly = false; field.value = ''; }")
    page.locator("#edit-link").focus()
    page.keyboard.press("Control+V")
    expect(page.locator("#edit-link")).to_have_value(f"{lan}/games/{game['id']}")
    assert page.evaluate("'serviceWorker' in navigator") is False  # not over http
    context.close()


# --- Installable, readable offline where the page is secure --------------------------------

def test_a_game_opened_once_stays_readable_offline(browser, live_server):
    game = new_game(live_server)
    api(f"{live_server}/api/v1/games/{game['id']}/hands",
        {"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}}, game["edit_key"])
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(game["view_url"])
    # Bounded: evaluating serviceWorker.ready would wait forever if the worker never installed.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.reload()  # now under the service worker, which keeps this board
    expect(page.locator('[data-total-side="0"]')).to_have_text("130")
    page.goto(f"{live_server}/games/new")  # a form, not a game: not kept as a board
    expect(page.locator("h1")).not_to_have_text("No connection to Companion")
    context.set_offline(True)
    page.goto(game["view_url"])
    expect(page.locator('[data-total-side="0"]')).to_have_text("130")
    expect(page.locator("#stale")).to_be_visible(timeout=15_000)
    page.goto(f"{live_server}/games/new")  # not a board: the offline page
    expect(page.locator("h1")).to_have_text("No connection to Companion")
    expect(page.locator("#saved-boards")).to_contain_text("Ali")
    expect(page.locator("#saved-boards a")).to_have_count(1)
    back_online(page, f"{live_server}/games/new")
    expect(page.locator("h1")).to_have_text("Which game are you playing?")
    context.close()


def test_a_shell_file_refused_once_still_leaves_the_phone_its_worker(browser, live_server):
    """A worker whose install fails is thrown away, and the page that registered it gets
    none until it is loaded again: one file of the shell that a busy server did not give
    (here the offline page, refused once) must not cost the phone its worker. The file is
    asked for again at the next page, and kept."""
    game = new_game(live_server)
    context = browser.new_context(**PHONE)
    refused = fails_once(context, f"{live_server}/offline",
                         lambda route: route.fulfill(status=503, body="busy"))
    page = context.new_page()
    page.goto(game["view_url"])
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    assert refused == [f"{live_server}/offline"]  # the install met the refusal
    page.reload()
    page.wait_for_function("async () => !!(await caches.match('/offline', {ignoreVary: true}))")
    context.set_offline(True)
    page.goto(f"{live_server}/games/new")  # not a board: the offline page, kept after all
    expect(page.locator("h1")).to_have_text("No connection to Companion")
    back_online(page, f"{live_server}/games/new")
    context.close()


def test_the_offline_page_comes_back_even_if_the_first_request_back_online_fails(
        browser, live_server):
    """Back online, a network may not carry the first request yet (Wi-Fi still joining): the
    offline page must not reload onto itself and stay there. It asks until the server
    answers, then shows the page asked for."""
    game = new_game(live_server)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(game["view_url"])
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.goto(f"{live_server}/games/new")
    expect(page.locator("h1")).to_have_text("No connection to Companion")
    failed = fails_once(context, f"{live_server}/games/new",
                        lambda route: route.abort("internetdisconnected"))
    back_online(page, f"{live_server}/games/new")
    assert failed  # the first request back online did fail
    expect(page.locator("h1")).to_have_text("Which game are you playing?")
    context.close()
