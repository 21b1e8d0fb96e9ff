"""axe-core over one page of each family, in English and Arabic, light and dark: no violation.

axe-core comes from the axe-playwright-python test dependency (its axe.min.js is injected
into each page). Dark and light differ only in colours, so the dark pass checks contrast.
"""

from __future__ import annotations

import shutil
import threading

import pytest
from werkzeug.serving import make_server

from companion import create_app

from ..site_tour import build
from .helpers import no_horizontal_overflow

pytestmark = pytest.mark.browser
VIEWPORT = {"width": 390, "height": 844}
LIGHT = {"resultTypes": ["violations"]}
# Dark changes only colours: the dark pass runs the colour rules.
DARK = {"runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
        "resultTypes": ["violations"]}
# One page of each family (the digits crawl visits them all; axe takes a second a page).
AXE_FAMILIES = [
    "home", "new basra", "basra game", "basra quick form", "shllaat cards form",
    "shelem quick form", "basra history", "basra rules card", "basra hand delete",
    "referee basra not legal", "referee shllaat joker", "referee shelem bids", "play-along",
    "player", "tournament desk", "tournament big screen", "tournament players",
    "tournament bracket", "tournament results", "tournament knockout standings",
]


@pytest.fixture(scope="module")
def tour(tmp_path_factory, sqlite_template):
    """A live server on its own database holding the site tour's games and tournament."""
    db = tmp_path_factory.mktemp("axe") / "tour.db"
    shutil.copy(sqlite_template, db)
    app = create_app({"DATABASE_URL": f"sqlite:///{db}", "SECRET_KEY": "axe-test",
                      "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False})
    site = build(app.test_client())
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}", site
    server.shutdown()
    app.extensions["engine"].dispose()


@pytest.fixture(scope="module")
def axe_script() -> str:
    """axe-core's script as the package ships it, to load into every page."""
    axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")
    return axe_playwright.Axe().axe_script


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_no_accessibility_violation_in_light_or_dark(browser, tour, axe_script, lang):
    base, site = tour
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(script=axe_script)
    host = base.split("//")[1].split(":")[0]
    context.add_cookies([{"name": name, "value": value, "domain": host, "path": "/"}
                         for name, value in {**site.cookies, "lang": lang}.items()])
    page = context.new_page()
    found, overflowing = {}, []
    try:
        for family in AXE_FAMILIES:
            page.goto(base + site.pages[family])
            for scheme, options in (("light", LIGHT), ("dark", DARK)):
                page.emulate_media(color_scheme=scheme)
                violations = page.evaluate("options => axe.run(document, options)",
                                           options)["violations"]
                found.update({f"{family} ({scheme}): {v['id']}": [n["target"] for n in v["nodes"]]
                              for v in violations})
            if not no_horizontal_overflow(page):
                overflowing.append(family)
    finally:
        context.close()
    assert not found, "\n".join(f"{rule}: {targets}" for rule, targets in found.items())
    assert overflowing == []


# Where each character of the first "3♥" in the verdict's reason is drawn.
CARD_POSITIONS = """() => {
  const node = [...document.querySelectorAll('.reason')].map(p => p.firstChild)
    .find(n => n && n.data.includes('3\\u2665'));
  const at = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
                      return r.getBoundingClientRect().x; };
  const i = node.data.indexOf('3\\u2665');
  return [at(i), at(i + 1)];
}"""


def test_persian_cards_read_rank_then_suit_and_lists_count_in_persian(browser, tour):
    """In right-to-left text a bare "3♥" is drawn "♥3": the rank must stay on the left."""
    base, site = tour
    context = browser.new_context(viewport=VIEWPORT)
    host = base.split("//")[1].split(":")[0]
    context.add_cookies([{"name": "lang", "value": "fa", "domain": host, "path": "/"}])
    page = context.new_page()
    try:
        page.goto(base + site.pages["referee shelem trick"])
        rank_x, suit_x = page.evaluate(CARD_POSITIONS)
        page.goto(base + site.pages["tournament desk"])
        markers = page.evaluate("[...document.querySelectorAll('main ol')].map("
                                "ol => getComputedStyle(ol).listStyleType)")
    finally:
        context.close()
    assert rank_x < suit_x
    # numbered lists (tie-breakers, entrants, history) count ۱، ۲، ۳
    assert "persian" in markers and "decimal" not in markers
