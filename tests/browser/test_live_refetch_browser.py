"""A live container fetched again on a change (a seat page, a tournament's boards) catches up
with a second change announced while the first one's fetch was still on its way."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import api, listen_for_stream

pytestmark = pytest.mark.browser

# Each change the page's stream announces is counted on <html data-changes> before live.js
# hears it (this listener is added first), so the test knows the page has heard it.
COUNT_CHANGES = """(() => {
  const Stream = window.EventSource;
  window.EventSource = class extends Stream {
    constructor(...args) {
      super(...args);
      this.addEventListener("change", () => {
        const data = document.documentElement.dataset;
        data.changes = String(Number(data.changes || 0) + 1);
      });
    }
  };
})();"""


def test_a_change_heard_while_the_last_fetch_is_on_its_way_is_fetched_too(phone, live_server):
    game = api(live_server + "/api/v1/games",
               {"game": "shllaat", "players": ["Ali", "Bahar", "Cyrus"]})
    seats = api(f"{live_server}/api/v1/games/{game['id']}/seats", {}, game["edit_key"])["seats"]
    phone.context.add_init_script(COUNT_CHANGES)
    phone.goto(seats[0]["url"])
    listen_for_stream(phone)
    held: list = []

    def hold_the_first_answer(route) -> None:
        if held or "hx-request" not in route.request.headers:
            route.continue_()
        else:  # answered now (Bahar has sent), handed to the page only later
            held.append((route, route.fetch()))

    phone.route(f"**/games/{game['id']}/seat/0*", hold_the_first_answer)
    root = phone.locator("html")
    send = f"{live_server}/api/v1/games/{game['id']}/seats/"
    api(send + "1", {"hand": 1, "values": {"points": 71}}, seats[1]["key"], method="PUT")
    expect(root).to_have_attribute("data-changes", "1")
    while not held:  # the page's fetch for that change has its answer
        phone.wait_for_timeout(20)
    api(send + "2", {"hand": 1, "values": {"points": 121}}, seats[2]["key"], method="PUT")
    expect(root).to_have_attribute("data-changes", "2")  # heard while the fetch is held
    route, answer = held[0]
    route.fulfill(response=answer)
    counting = phone.locator(".seats-list li")
    expect(counting.nth(1)).to_have_class("sent")
    expect(counting.nth(2)).to_have_class("sent")  # the second change, fetched in its turn
    assert phone.js_errors == []
