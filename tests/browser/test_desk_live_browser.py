"""The director's desk moves by itself: a table's finished game and a side's dispute show
without a reload, a result form being typed in stays as typed, and every game of a match is
one tap away.

Basra, best of one, four entrants, results confirmed by the side that lost: Anis v Dina at
table 1, Badia v Cala at table 2. `sweep(0)` is one hand of 163 to the first side, which wins
a game to 101 at once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ..helpers import sweep
from .helpers import api, confirming_knockout, listen_for_stream

pytestmark = pytest.mark.browser


def test_the_desk_follows_the_tables_and_keeps_what_is_typed(page, live_server):
    t, base = confirming_knockout(live_server)
    first, second = api(base + "/rounds", {}, t["director_key"])["matches"]
    page.goto(t["director_url"])  # the desk, with the director's cookie
    listen_for_stream(page)
    table1, table2 = page.locator(f"#match-{first['id']}"), page.locator(f"#match-{second['id']}")
    expect(table1).to_contain_text("Game 1 in play")
    # The director starts a correction at table 2, and is still typing when the news comes.
    table2.locator(".result-form summary").click()
    table2.locator(f"#reason-{second['id']}").fill("Slip lost")

    api(f"{live_server}/api/v1/games/{first['current_game']}/hands", {"hand": sweep(0)},
        first["edit_key"])
    expect(table1).to_contain_text("Provisional: waiting for Dina to confirm.", timeout=5000)
    expect(table1).not_to_contain_text("Game 1 in play")
    games = table1.locator(".match-games a")
    expect(games).to_have_text(["Game 1"])
    # What was typed at table 2 is as it was, where it was.
    expect(table2.locator(f"#reason-{second['id']}")).to_have_value("Slip lost")
    expect(table2.locator(".result-form")).to_have_attribute("open", "")
    expect(table2.locator(f"#reason-{second['id']}")).to_be_focused()

    sides = api(base, key=t["director_key"])["rounds"][0]["matches"][0]["side_keys"]
    api(f"{base}/matches/{first['id']}/confirm",
        {"dispute": "The basras were mine",
         "hands": [{"game": first["current_game"], "number": 1}]}, sides[1])
    expect(table1.locator(".dispute")).to_contain_text(
        "Disputed by Dina: The basras were mine", timeout=5000)

    games.first.click()  # one tap to the game, where the director corrects any hand
    expect(page).to_have_url(f"{live_server}/games/{first['current_game']}")
    expect(page.locator("[data-total-side='0']").first).to_have_text("163")
    assert page.js_errors == []
