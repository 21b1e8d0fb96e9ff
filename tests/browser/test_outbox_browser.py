"""Nothing typed is ever lost: a save kept on the phone whose resend is refused is renewed and
sent again (a stale form token), or stays on the phone with a sentence at the top of the
screen and one tap to act (a key replaced, a game gone, another phone first)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import NOT_SAVED, api, hand_130, new_game, saved_offline, stored, under_the_worker

pytestmark = pytest.mark.browser

OTHER_PHONES_HAND = {"bidder": 1, "bid": 120, "bidder_points": 130}  # [35, 130]


def queued_hand(phone, live_server) -> dict:
    """A game opened from its edit link, Hand 1 (bid 120, took 130) saved with no network."""
    game = new_game(live_server)
    saved_offline(phone, game)
    expect(phone.locator("#outbox")).to_contain_text(NOT_SAVED)
    expect(phone.locator("#outbox")).to_contain_text("Hand 1")
    return game


def queued(phone) -> list[dict]:
    return phone.evaluate("JSON.parse(localStorage.getItem('companion-outbox') || '[]')")


def hand_typed(phone, live_server) -> dict:
    """A new game opened from its edit link, Hand 1 (bid 120, took 130) typed, not saved."""
    game = new_game(live_server)
    phone.goto(game["edit_url"])
    phone.click("#add-hand")
    hand_130(phone)
    return game


def on_the_board(phone, live_server, game, totals: list[int]) -> None:
    """The game's page shows `totals`, the server holds them, nothing waits on the phone."""
    expect(phone).to_have_url(f"{live_server}/games/{game['id']}", timeout=12_000)
    expect(phone.locator('[data-total-side="0"]')).to_have_text(str(totals[0]))
    assert stored(live_server, game)["totals"] == totals
    assert queued(phone) == []


def problem_at_the_top(phone, sentence: str):
    """The refusal is said in the first screenful, above everything the scorer was doing."""
    problems = phone.locator("#outbox-problems")
    expect(problems).to_be_visible(timeout=12_000)
    expect(problems).to_contain_text(sentence)
    box = problems.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["y"] < 150
    return problems


def back_without_its_session(phone, live_server, game) -> None:
    """The browser restarted meanwhile (its session cookie, the form token's secret, is gone)
    and the network is back: Hand 1 is saved, once."""
    phone.context.clear_cookies(name="session")
    phone.context.set_offline(False)
    expect(phone).to_have_url(f"{live_server}/games/{game['id']}", timeout=12_000)
    expect(phone.locator('[data-total-side="0"]')).to_have_text("130")
    after = stored(live_server, game)
    assert (len(after["hands"]), after["totals"]) == (1, [130, 35])


def test_a_stale_form_token_is_renewed_and_the_hand_sent_once_with_its_key(phone, live_server):
    game = queued_hand(phone, live_server)
    sent: list[str | None] = []
    tokens: list[str] = []
    phone.on("request", lambda r: sent.append(r.post_data) if r.method == "POST"
             and r.url.endswith("/hands/new") else None)
    phone.on("request", lambda r: tokens.append(r.url) if r.url.endswith("/form-token")
             else None)
    back_without_its_session(phone, live_server, game)
    # Refused for its token, renewed, sent again under the same idempotency key. Once; or
    # twice on a busy machine, when the live preview, refused too, started a new session
    # after the first renewal (the next test makes that happen every time).
    assert len(tokens) in (1, 2) and len(sent) == len(tokens) + 1
    keys = [next(p.split("=", 1)[1] for p in body.split("&") if p.startswith("key="))
            for body in sent if body]
    assert len(keys) == len(sent) and len(set(keys)) == 1
    assert queued(phone) == []
    assert phone.js_errors == []


def test_a_fresh_token_outdated_at_once_is_renewed_again_and_the_hand_sent_once(phone,
                                                                                live_server):
    """Seen on a busy machine: the live preview, refused at the same moment for want of a
    session, started a session of its own, and the fresh token no longer matched it. Here the
    first fresh token is one the server never gave, to the same effect."""
    game = queued_hand(phone, live_server)
    sent: list[str | None] = []
    phone.on("request", lambda r: sent.append(r.post_data) if r.method == "POST"
             and r.url.endswith("/hands/new") else None)
    tokens: list[str] = []

    def outdated_once(route) -> None:
        tokens.append(route.request.url)
        answer = route.fetch()
        body = '{"csrf_token": "outdated"}' if len(tokens) == 1 else answer.text()
        route.fulfill(response=answer, body=body)

    phone.context.route(f"{live_server}/form-token", outdated_once)
    back_without_its_session(phone, live_server, game)
    # Refused twice for its token (a third time if the live preview's race above happened
    # too), each refusal followed by one renewal, saved once.
    assert len(tokens) in (2, 3) and len(sent) == len(tokens) + 1
    keys = {next(p.split("=", 1)[1] for p in body.split("&") if p.startswith("key="))
            for body in sent if body}
    assert len(keys) == 1
    assert queued(phone) == []


def test_a_key_replaced_meanwhile_keeps_the_hand_and_says_so_at_the_top(phone, live_server):
    game = queued_hand(phone, live_server)
    api(f"{live_server}/api/v1/games/{game['id']}/key", {}, game["edit_key"])  # another phone
    phone.context.set_offline(False)
    problems = problem_at_the_top(phone, "Not saved: the edit key was replaced on another "
                                         "phone. Open the new edit link from the scorer, then "
                                         "tap Send now.")
    expect(problems).to_contain_text("Hand 1")
    expect(phone.locator("#outbox")).to_be_hidden()  # not "will send": it cannot, as it is
    assert stored(live_server, game)["hands"] == []
    assert [item["label"].split(" · ")[0] for item in queued(phone)] == ["Hand 1"]
    phone.reload()  # still on the phone, still said
    problems = problem_at_the_top(phone, "the edit key was replaced")
    problems.get_by_role("button", name="Copy it").click()
    copy = problems.locator("textarea")
    expect(copy).to_have_value(re.compile(r"^Hand 1 · .*\nbid: 120\nbidder_points: 130",
                                          re.MULTILINE | re.DOTALL))
    expect(problems).to_contain_text("Copied")
    problems.get_by_role("button", name="Discard").click()
    expect(problems).to_be_hidden()
    assert queued(phone) == []
    assert stored(live_server, game)["hands"] == []


def test_a_hand_whose_key_was_replaced_goes_once_the_new_link_is_opened(phone, live_server):
    game = queued_hand(phone, live_server)
    replaced = api(f"{live_server}/api/v1/games/{game['id']}/key", {}, game["edit_key"])
    keys: list[str] = []
    phone.on("request", lambda r: keys.extend(
        p.split("=", 1)[1] for p in (r.post_data or "").split("&") if p.startswith("key="))
        if r.method == "POST" and r.url.endswith("/hands/new") else None)
    phone.context.set_offline(False)
    problems = problem_at_the_top(phone, "the edit key was replaced")
    for choice in ("Send now", "Copy it", "Discard"):
        expect(problems.get_by_role("button", name=choice)).to_be_visible()
    phone.goto(replaced["edit_url"])  # the new link, from the other phone
    expect(problems).to_contain_text("the edit key was replaced")  # not sent by itself
    problems.get_by_role("button", name="Send now").click()
    expect(phone.locator('[data-total-side="0"]')).to_have_text("130", timeout=12_000)
    expect(phone.locator("#outbox-problems")).to_be_hidden()
    after = stored(live_server, game)
    assert (len(after["hands"]), after["totals"]) == (1, [130, 35])
    assert queued(phone) == [] and len(keys) >= 2 and len(set(keys)) == 1


def test_a_hand_whose_key_is_gone_stays_until_the_edit_link_is_opened_again(phone,
                                                                           live_server):
    game = queued_hand(phone, live_server)
    phone.context.clear_cookies()  # site data cleared: the edit key and the session are gone
    phone.context.set_offline(False)
    problems = problem_at_the_top(phone, "Not saved: this phone no longer holds the edit key. "
                                         "Open the edit link again, then tap Send now.")
    expect(problems).to_contain_text("Hand 1")
    for choice in ("Send now", "Copy it", "Discard"):
        expect(problems.get_by_role("button", name=choice)).to_be_visible()
    expect(phone.locator("#outbox")).to_be_hidden()
    assert stored(live_server, game)["hands"] == []
    assert [item["label"].split(" · ")[0] for item in queued(phone)] == ["Hand 1"]
    phone.goto(game["edit_url"])  # the key is back: what waited goes, exactly once
    expect(phone.locator('[data-total-side="0"]')).to_have_text("130", timeout=12_000)
    expect(phone.locator("#outbox-problems")).to_be_hidden()
    after = stored(live_server, game)
    assert (len(after["hands"]), after["totals"]) == (1, [130, 35])
    assert queued(phone) == []


def test_a_hand_the_rules_refuse_stays_and_opens_with_why(phone, live_server):
    game = hand_typed(phone, live_server)
    phone.context.set_offline(True)
    phone.fill("#bidder_points", "132")  # typed with no connection: nothing checks it yet
    phone.click("#save")
    expect(phone.locator("#outbox")).to_contain_text("Hand 1", timeout=12_000)
    phone.context.set_offline(False)
    problems = problem_at_the_top(phone, "Not saved: Points come in steps of 5 from 5 to 165.")
    for choice in ("Open it", "Copy it", "Discard"):
        expect(problems.get_by_role("button", name=choice)).to_be_visible()
    assert stored(live_server, game)["hands"] == []
    assert len(queued(phone)) == 1
    problems.get_by_role("button", name="Open it").click()  # the form, as typed, with why
    expect(phone.locator("#bidder_points")).to_have_value("132", timeout=12_000)
    expect(phone.locator("#preview")).to_contain_text("Points come in steps of 5")
    phone.fill("#bidder_points", "130")  # put right, and saved from there
    phone.click("#save")
    expect(phone).to_have_url(f"{live_server}/games/{game['id']}", timeout=12_000)
    after = stored(live_server, game)
    assert (len(after["hands"]), after["totals"]) == (1, [130, 35])
    assert queued(phone) == []


def test_a_hand_queued_after_another_phones_hand_is_added_as_the_next(phone, live_server):
    game = queued_hand(phone, live_server)
    api(f"{live_server}/api/v1/games/{game['id']}/hands", {"hand": OTHER_PHONES_HAND},
        game["edit_key"])
    phone.context.set_offline(False)
    problems = problem_at_the_top(
        phone, "Someone else changed this game first, so this was not saved.")
    assert len(stored(live_server, game)["hands"]) == 1
    problems.get_by_role("button", name="Add it as Hand 2").click()
    expect(phone).to_have_url(f"{live_server}/games/{game['id']}", timeout=12_000)
    # The other phone's [35, 130], then this one's [130, 35].
    expect(phone.locator('[data-total-side="0"]')).to_have_text("165")
    after = stored(live_server, game)
    assert (len(after["hands"]), after["totals"]) == (2, [165, 165])
    assert queued(phone) == []


def test_a_hand_for_a_deleted_game_stays_on_the_phone(phone, live_server):
    game = queued_hand(phone, live_server)
    api(f"{live_server}/api/v1/games/{game['id']}", None, game["edit_key"], method="DELETE")
    phone.context.set_offline(False)
    problems = problem_at_the_top(phone, "Not saved: this game, or this hand, is no longer "
                                         "there.")
    expect(problems.get_by_role("button", name="Copy it")).to_be_visible()
    assert len(queued(phone)) == 1


def test_a_slow_answer_says_still_sending_then_keeps_the_hand(phone, live_server):
    game = hand_typed(phone, live_server)
    held: list = []
    phone.route("**/hands/new", lambda route: held.append(route)
                if route.request.method == "POST" else route.continue_())
    phone.click("#save")
    slow = phone.locator("#outbox-slow")
    expect(slow).to_be_visible(timeout=4_000)  # well before the 8 s timeout
    expect(slow).to_have_text("Still sending…")
    expect(phone.locator("#outbox")).to_contain_text("Hand 1", timeout=12_000)
    expect(slow).to_be_hidden()
    assert stored(live_server, game)["hands"] == []


def test_a_new_hand_form_moves_on_once_the_hand_queued_before_it_is_sent(phone, live_server):
    game = queued_hand(phone, live_server)
    phone.route("**/hands/new", lambda route: route.abort()
                if route.request.method == "POST" else route.continue_())
    phone.context.set_offline(False)  # back, but the saves do not get through yet
    phone.reload()  # a new form: the server holds no hand yet, so "Hand 1" again
    expect(phone.locator("h1")).to_have_text("Hand 1")
    expect(phone.locator("#outbox")).to_contain_text("Hand 1")
    phone.unroute("**/hands/new")  # now they do: the queued Hand 1 is sent by itself
    expect(phone.locator("#outbox-sent")).to_contain_text("Saved: Hand 1", timeout=12_000)
    expect(phone.locator("h1")).to_have_text("Hand 2")
    expect(phone.locator(".entry-totals")).to_contain_text("130")
    hand_130(phone)
    phone.click("#save")
    on_the_board(phone, live_server, game, [260, 70])  # two hands of [130, 35]


def test_a_refused_save_does_not_leave_still_sending_behind(phone, live_server):
    game = hand_typed(phone, live_server)
    phone.fill("#bidder_points", "132")
    phone.click("#save")  # refused: the form comes back with why
    expect(phone.locator("#preview")).to_contain_text("Points come in steps of 5")
    phone.fill("#bidder_points", "130")
    held: list = []
    phone.route("**/hands/new", lambda route: held.append(route)
                if route.request.method == "POST" else route.continue_())
    phone.click("#save")
    slow = phone.locator("#outbox-slow")
    expect(slow).to_be_visible(timeout=4_000)  # this one is being sent...
    expect(slow).to_have_text("Still sending…")
    held[0].abort()  # ...and ends with no answer: kept, and nothing is being sent any more
    expect(phone.locator("#outbox")).to_contain_text("Hand 1")
    expect(slow).to_be_hidden()
    assert stored(live_server, game)["hands"] == []


# --- With the service worker: the server itself goes away and comes back --------------------

KEPT_COPIES = """async () => {
    const texts = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            const copy = await cache.match(request);
            if (copy) texts.push(request.url + "\\n" + await copy.text());
        }
    }
    return texts;
}"""


def kept_copies(page) -> list[str]:
    """Every page the service worker keeps, as text."""
    return page.evaluate(KEPT_COPIES)


def kept_with(page, path: str) -> list[str]:
    """Every page the service worker keeps, once `path` is among them. Each load of the game
    page has its forms kept again: a copy being replaced is missing for a moment, so the
    snapshot is taken again until it holds `path`."""
    for _ in range(20):  # bounded: a copy kept goes missing only while it is replaced
        page.wait_for_function(
            f"async (path) => (await ({KEPT_COPIES})()).some((t) => t.includes(path + '\\n'))",
            arg=path)
        texts = kept_copies(page)
        if any(path + "\n" in text for text in texts):
            return texts
    raise AssertionError(f"{path} is not kept")


def test_the_worker_keeps_no_key_and_a_correction_is_queued_with_the_server_gone(installed,
                                                                                 server):
    game = new_game(server.url)
    api(f"{server.url}/api/v1/games/{game['id']}/hands",
        {"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}}, game["edit_key"])
    installed.goto(game["edit_url"])
    under_the_worker(installed, f"{server.url}/games/{game['id']}")
    form = f"/games/{game['id']}/hands/1/edit"
    copies = kept_with(installed, form)  # the correction form is kept...
    assert not any(game["edit_key"] in text for text in copies)  # ...and no key, anywhere
    assert not any(text.startswith(f"{server.url}/games/{game['id']}\n") for text in copies)

    server.stop()
    installed.goto(server.url + form)  # the scorer taps "Edit hand 1"
    expect(installed.locator("html[data-offline-copy]")).to_have_count(1)
    expect(installed.locator("h1")).to_have_text("Correct hand 1")
    installed.click('[data-for="bidder_points"][data-step="5"]')
    expect(installed.locator("#bidder_points")).to_have_value("135")  # its script works too
    installed.click("#save")
    expect(installed.locator("#outbox")).to_contain_text("Correct hand 1", timeout=12_000)

    server.start()
    installed.click("#outbox-send")
    expect(installed).to_have_url(f"{server.url}/games/{game['id']}", timeout=12_000)
    expect(installed.locator('[data-total-side="0"]')).to_have_text("135")
    assert stored(server.url, game)["totals"] == [135, 30]

    # Cookies cleared and the server gone: what the phone still shows holds no key.
    installed.context.clear_cookies()
    server.stop()
    installed.goto(f"{server.url}/games/{game['id']}")
    expect(installed.locator("#offline-heading")).to_have_text("No connection to Companion")
    assert game["edit_key"] not in installed.content()
    assert not any(game["edit_key"] in text for text in kept_copies(installed))
    server.start()


def test_a_kept_form_stays_kept_through_a_busy_server_and_goes_when_refused(installed, server):
    """The game page asks the worker to keep its forms at every load. A server busy or
    restarting (503) must not cost the phone the copy it kept before; a refusal (403: the key
    was replaced) means that copy may no longer be used."""
    game = new_game(server.url)
    api(f"{server.url}/api/v1/games/{game['id']}/hands",
        {"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}}, game["edit_key"])
    installed.goto(game["edit_url"])
    under_the_worker(installed, f"{server.url}/games/{game['id']}")
    new_form, correction = (f"/games/{game['id']}/hands/new", f"/games/{game['id']}/hands/1/edit")
    kept_with(installed, new_form)
    kept_with(installed, correction)

    # Both answers held until both are asked, then given in this order: the worker deals with
    # the 503 before the 403, so once the refused copy is gone the busy one has been dealt with.
    held: list = []

    def busy_then_refused(route) -> None:
        if len(held) == 2:  # the next loads of the page: the server is back
            route.continue_()
            return
        held.append(route)
        if len(held) == 2:
            for asked in sorted(held, key=lambda r: not r.request.url.endswith("/new")):
                asked.fulfill(status=503 if asked.request.url.endswith("/new") else 403,
                              body="busy" if asked.request.url.endswith("/new") else "refused")

    installed.context.route(server.url + new_form, busy_then_refused)
    installed.context.route(server.url + correction, busy_then_refused)
    installed.reload()  # the page asks for its forms again
    installed.wait_for_function(
        f"async (path) => !(await ({KEPT_COPIES})()).some((t) => t.includes(path + '\\n'))",
        arg=correction)
    assert len(held) == 2
    copies = kept_copies(installed)
    assert any(text.startswith(server.url + new_form + "\n") and "<h1>Hand 2</h1>" in text
               for text in copies), "the copy kept before the 503 is gone"


def test_offline_reload_then_back_shows_the_game_not_no_connection(installed, server):
    game = new_game(server.url)
    installed.goto(game["edit_url"])
    # The game page asks the worker to keep its forms once the worker is active: left before
    # that, it asks nothing, so the form is opened only once the game page had it kept.
    under_the_worker(installed, f"{server.url}/games/{game['id']}")
    kept_with(installed, f"/games/{game['id']}/hands/new")
    installed.goto(f"{server.url}/games/{game['id']}/hands/new")
    hand_130(installed)
    server.stop()
    installed.click("#save")
    expect(installed.locator("#outbox")).to_contain_text("Hand 1", timeout=12_000)
    installed.reload()  # the form, as kept
    expect(installed.locator("html[data-offline-copy]")).to_have_count(1)
    expect(installed.locator("#outbox")).to_contain_text("Hand 1")
    installed.goto(f"{server.url}/games/{game['id']}/history")  # a page not kept
    expect(installed.locator("#offline-heading")).to_have_text("No connection to Companion")
    expect(installed.locator("#outbox")).to_contain_text("Hand 1")
    server.start()  # sent by itself; then the page asked for replaces "No connection"
    expect(installed.locator("#offline-heading")).to_have_count(0, timeout=15_000)
    expect(installed.locator("h1")).to_have_text("Every change to this game")
    expect(installed.locator("#outbox")).to_be_hidden()
    assert stored(server.url, game)["totals"] == [130, 35]


def test_a_watched_board_shows_what_waits_on_this_phone_and_others_fetch_no_outbox(
        phone, live_server, browser):
    key_gone = ("Not saved: this phone no longer holds the edit key. "
                "Open the edit link again, then tap Send now.")
    queued_hand(phone, live_server)
    phone.context.clear_cookies()
    phone.context.set_offline(False)
    problem_at_the_top(phone, key_gone)
    # Another table's board, only watched here: the hand waiting on this phone is still said.
    other = new_game(live_server)
    phone.goto(f"{live_server}/games/{other['id']}")
    problems = phone.locator("#outbox-problems")
    expect(problems).to_contain_text(key_gone, timeout=12_000)
    expect(problems).to_contain_text("Hand 1")
    # A phone with nothing waiting watches the same board without fetching the outbox.
    viewer = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    scripts: list[str] = []
    viewer.on("request", lambda r: scripts.append(r.url) if r.url.endswith(".js") else None)
    viewer.goto(f"{live_server}/games/{other['id']}", wait_until="load")
    expect(viewer.locator("#board")).to_be_visible()
    assert any("/live." in url for url in scripts)
    assert not any("/outbox." in url for url in scripts), scripts
    viewer.context.close()


# --- Offline from the start: the forms of a game opened once --------------------------------

def opened_once(page, server, game) -> None:
    """The scorer opens the game from its edit link, under the service worker, which keeps
    its forms; no copy holds the edit key."""
    page.goto(game["edit_url"])
    under_the_worker(page, f"{server.url}/games/{game['id']}")
    for form in ("hands/new", "hands/1/edit", "hands/1/delete"):
        copies = kept_with(page, f"/games/{game['id']}/{form}")
    assert not any(game["edit_key"] in text for text in copies)


def test_a_hand_entered_offline_in_a_game_opened_once_is_saved_once(installed, server):
    game = new_game(server.url)
    api(f"{server.url}/api/v1/games/{game['id']}/hands",
        {"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}}, game["edit_key"])
    opened_once(installed, server, game)
    form = f"{server.url}/games/{game['id']}/hands/new"
    kept = next(text for text in kept_copies(installed) if text.startswith(form + "\n"))
    assert 'name="key" value=""' in kept  # kept without its idempotency key

    installed.context.set_offline(True)
    installed.click("#add-hand")
    expect(installed.locator("html[data-offline-copy]")).to_have_count(1)
    expect(installed.locator("h1")).to_have_text("Hand 2")
    assert installed.locator("#entry-form input[name=key]").input_value() != ""
    hand_130(installed)
    installed.click("#save")
    expect(installed.locator("#outbox")).to_contain_text("Hand 2", timeout=12_000)
    assert stored(server.url, game)["totals"] == [130, 35]  # not sent yet

    back_online_sent_once(installed, server, game, [260, 70])  # Hand 2 once: 130+130, 35+35


def back_online_sent_once(page, server, game, totals: list[int]) -> None:
    """Back online, what waited is sent by itself, then the game is shown with `totals`,
    nothing is left waiting, and the server holds those totals."""
    page.context.set_offline(False)
    expect(page).to_have_url(f"{server.url}/games/{game['id']}", timeout=15_000)
    expect(page.locator('[data-total-side="0"]')).to_have_text(str(totals[0]))
    assert queued(page) == []
    page.reload()
    expect(page.locator('[data-total-side="1"]')).to_have_text(str(totals[1]))
    assert stored(server.url, game)["totals"] == totals


def test_a_hand_deleted_offline_in_a_game_opened_once_is_deleted_once(installed, server):
    game = new_game(server.url)
    for hand in ({"bidder": 0, "bid": 120, "bidder_points": 130}, OTHER_PHONES_HAND):
        api(f"{server.url}/api/v1/games/{game['id']}/hands", {"hand": hand}, game["edit_key"])
    opened_once(installed, server, game)

    installed.context.set_offline(True)
    installed.click("details:has(a[href*='/hands/1/delete']) > summary")  # hand 1 opened
    installed.get_by_role("link", name="Delete hand 1").click()
    expect(installed.locator("html[data-offline-copy]")).to_have_count(1)
    expect(installed.locator("h1")).to_have_text("Delete hand 1?")
    installed.click("#confirm-delete")
    expect(installed.locator("#outbox")).to_contain_text("Delete hand 1", timeout=12_000)
    assert len(stored(server.url, game)["hands"]) == 2  # not sent yet

    back_online_sent_once(installed, server, game, [35, 130])  # the other phone's hand left
