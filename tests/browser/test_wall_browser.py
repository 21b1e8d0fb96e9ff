"""The big screen on a wall: every page fits 1920×1080 (and 1280×720) whatever the field, the
pages turn by themselves until every table and entrant has been shown, and each table shows
its game in play."""

from __future__ import annotations

import pytest

from .helpers import ARTIFACTS, api

pytestmark = pytest.mark.browser

# 73 to the first side, nothing to the other: a Basra game to 101 is still on.
BASRA_73 = {"cards": [40, 12], "jacks": [4, 0], "aces": [4, 0], "two_of_clubs": 0,
            "ten_of_diamonds": 0, "basras": [3, 0]}

# One page of the wall as the browser shows it, read at one instant: the page number, what
# is on it, and where the lowest and widest things sit.
SNAPSHOT = """() => {
  const board = document.getElementById("screen-board");
  const page = board.querySelector(".wall-page:not([hidden])");
  const box = (el) => el.getBoundingClientRect();
  const shown = [...page.querySelectorAll(".screen-match, .screen-rows li, .wall-page-no")];
  return {
    page: Number(board.dataset.page), pages: Number(board.dataset.pages),
    label: page.querySelector(".wall-page-no").innerText,
    tables: [...page.querySelectorAll(".screen-match")].map((el) => el.id),
    entrants: [...page.querySelectorAll(".screen-rows .who bdi")].map((el) => el.innerText),
    bottom: Math.max(...shown.map((el) => box(el).bottom)),
    left: Math.min(...shown.map((el) => box(el).left)),
    right: Math.max(...shown.map((el) => box(el).right)),
    height: document.documentElement.scrollHeight,
    width: document.documentElement.scrollWidth,
  };
}"""


def swiss(server: str, entrants: int) -> tuple[dict, dict]:
    """A Swiss of `entrants` players, round 1 paired, a hand of 73–0 at table 1."""
    t = api(server + "/api/v1/tournaments", {
        "name": "Club day", "game": "basra", "format": "swiss",
        "entrants": [f"Player {n}" for n in range(1, entrants + 1)],
        "settings": {"best_of": 3}})
    first = api(f"{server}/api/v1/tournaments/{t['id']}/rounds", {}, t["director_key"])
    table = first["matches"][0]
    api(f"{server}/api/v1/games/{table['current_game']}/hands", {"hand": BASRA_73},
        table["edit_key"])
    return t, table


@pytest.fixture
def wall_page(browser):
    contexts = []

    def open_page(width: int = 1920, height: int = 1080, lang: str = "en",
                  scheme: str = "light"):
        context = browser.new_context(viewport={"width": width, "height": height},
                                      device_scale_factor=1, color_scheme=scheme)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors
        return page

    yield open_page
    for context in contexts:
        context.close()


def one_cycle(page, url: str, width: int, height: int) -> list[dict]:
    """Every page of the wall once, as it turns by itself (one second a page)."""
    page.goto(url + "?cycle=1")
    pages = int(page.locator("#screen-board").get_attribute("data-pages"))
    seen = []
    for number in range(1, pages + 1):
        page.wait_for_function(
            "(n) => document.getElementById('screen-board').dataset.page === String(n)",
            arg=number, timeout=15000)
        snapshot = page.evaluate(SNAPSHOT)
        assert snapshot["page"] == number, snapshot  # still the page waited for
        assert snapshot["label"] == f"Page {number} of {pages}"
        assert snapshot["height"] <= height and snapshot["width"] <= width, snapshot
        assert snapshot["bottom"] <= height and snapshot["right"] <= width, snapshot
        assert snapshot["left"] >= 0, snapshot
        seen.append(snapshot)
    return seen


@pytest.mark.parametrize("entrants, pages", [(10, 1), (100, 5)])
def test_the_wall_fits_1920_by_1080_and_shows_everyone_in_one_cycle(
        wall_page, live_server, entrants, pages):
    t, table = swiss(live_server, entrants)
    page = wall_page()
    seen = one_cycle(page, f"{live_server}/tournaments/{t['id']}/screen", 1920, 1080)
    # 100 entrants: 50 tables (12 fit a page) and 100 rows (20 fit) need 5 pages: 10 tables
    # and 20 rows on each. 10 entrants: 5 tables and 10 rows, one page.
    assert len(seen) == pages
    tables = [t for s in seen for t in s["tables"]]
    names = [n for s in seen for n in s["entrants"]]
    assert len(tables) == len(set(tables)) == entrants // 2
    assert sorted(names) == sorted(f"Player {n}" for n in range(1, entrants + 1))
    assert [len(s["tables"]) for s in seen] == [entrants // 2 // pages] * pages
    # Nobody has a result yet: all level, in natural order (Player 2 before Player 10).
    assert names[:3] == ["Player 1", "Player 2", "Player 3"]
    assert names.index("Player 9") < names.index("Player 10")
    # Table 1: no game won yet, and the game in play stands at 73 to 0.
    card = page.locator(f"#wall-table-{table['id']}")
    assert card.locator(".wins").all_inner_texts() == ["0", "0"]
    assert card.locator(".live").all_inner_texts() == ["73", "0"]
    assert "Round 1 of " in page.locator(".screen-round").inner_text()
    assert page.js_errors == []


def test_the_wall_fits_1280_by_720_page_by_page(wall_page, live_server):
    t, _table = swiss(live_server, 100)
    page = wall_page(1280, 720)
    for number in range(1, 6):
        page.goto(f"{live_server}/tournaments/{t['id']}/screen?page={number}")
        snapshot = page.evaluate(SNAPSHOT)
        assert snapshot["page"] == number and snapshot["label"] == f"Page {number} of 5"
        assert snapshot["height"] <= 720 and snapshot["width"] <= 1280, snapshot
        assert snapshot["bottom"] <= 720 and snapshot["right"] <= 1280, snapshot
        assert len(snapshot["tables"]) == 10 and len(snapshot["entrants"]) == 20


@pytest.mark.parametrize("lang", ["en", "ar", "fa"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_wall_in_each_language_and_scheme(wall_page, live_server, lang, scheme):
    t, _table = swiss(live_server, 100)
    page = wall_page(scheme=scheme)
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page.goto(f"{live_server}/tournaments/{t['id']}/screen?page=2")
    snapshot = page.evaluate(SNAPSHOT)
    label = {"en": "Page 2 of 5", "ar": "الصفحة ٢ من ٥", "fa": "صفحهٔ ۲ از ۵"}[lang]
    assert snapshot["label"] == label
    assert snapshot["height"] <= 1080 and snapshot["bottom"] <= 1080, snapshot
    if lang != "en":
        assert page.evaluate("document.documentElement.dir") == "rtl"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"wall-{lang}-{scheme}.png"))
