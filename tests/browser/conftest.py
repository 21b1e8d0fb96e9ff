"""Real-browser fixtures: a live server in a thread and Playwright on Debian's Chromium."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion import create_app

from .helpers import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

# htmx logs these when a request is cut short because the page moved on (a live preview or a
# board poll in flight when the scorer taps Save): nothing a user sees, so not a failure.
ABORTED_REQUEST_LOGS = {"htmx:sendAbort", "htmx:afterRequest"}


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"No Chromium at {CHROMIUM}: `make test` installs Debian's chromium with "
                    "apt-get where it can; browser tests are skipped here.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def live_server(tmp_path, sqlite_template):
    """The app served over HTTP on a free loopback port, on its own SQLite file."""
    db = tmp_path / "live.db"
    shutil.copy(sqlite_template, db)
    app = create_app({"DATABASE_URL": f"sqlite:///{db}", "SECRET_KEY": "live-test",
                      "RATELIMIT_ENABLED": False})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    app.extensions["engine"].dispose()


@pytest.fixture
def page(browser, request):
    """A phone-sized page (390×844); a screenshot lands in test-artifacts/ at the end."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and m.text not in ABORTED_REQUEST_LOGS else None)
    page.js_errors = errors
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


