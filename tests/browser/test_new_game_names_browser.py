"""The new-game form: names typed while "Add a player" loads, or just after, are kept."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_names_typed_while_a_player_is_added_are_kept(phone, live_server):
    phone.goto(f"{live_server}/games/new?game=shllaat")
    held: list = []
    phone.route("**/games/new*", lambda route: held.append(route)
                if "players_action=add" in (route.request.post_data or "")
                else route.continue_())
    with phone.expect_request(lambda r: "players_action=add" in (r.post_data or "")):
        phone.get_by_role("button", name="Add a player").click()
    phone.fill("#player-1", "Amna")  # typed while the new row is on its way
    phone.fill("#player-2", "Badr")
    assert len(held) == 1  # still on its way: its answer holds the names as they were
    held[0].continue_()
    expect(phone.locator("#player-5")).to_be_visible()  # four to start with, one more
    expect(phone.locator("#player-1")).to_have_value("Amna")
    expect(phone.locator("#player-2")).to_have_value("Badr")
    expect(phone.locator("#first-dealer-select option")).to_have_text(
        ["Amna", "Badr", "Player 3", "Player 4", "Player 5"])
    for number, name in enumerate(["Cyrus", "Dara", "Emad"], start=3):
        phone.fill(f"#player-{number}", name)
    phone.click("#start-game")
    expect(phone.locator("#board")).to_contain_text("Amna")
    expect(phone.locator("#board")).to_contain_text("Badr")
    assert phone.js_errors == []


def test_a_name_typed_as_the_new_row_lands_is_kept(phone, live_server):
    phone.goto(f"{live_server}/games/new?game=shllaat")
    # htmx settles a swap a moment after it (20 ms by default, longer on a busy phone): typing
    # in that moment once lost the name to the values kept from before the swap.
    phone.evaluate("""() => {
        htmx.config.defaultSettleDelay = 1500;
        document.addEventListener("htmx:afterSettle", () => {
            document.body.dataset.settled = "yes";
        });
    }""")
    phone.get_by_role("button", name="Add a player").click()
    expect(phone.locator("#player-5")).to_be_visible()  # swapped, not yet settled
    phone.fill("#player-1", "Amna")
    expect(phone.locator("body")).to_have_attribute("data-settled", "yes")
    expect(phone.locator("#player-1")).to_have_value("Amna")
    assert phone.js_errors == []
