"""Real-browser fixtures: a live server in a thread and Playwright on Debian's Chromium."""

from __future__ import annotations

import functools
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion import create_app

from .helpers import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS
from .watchdog import Watchdog

HERE = Path(__file__).parent

# htmx logs these when a request is cut short because the page moved on (a live preview or a
# board poll in flight when the scorer taps Save): nothing a user sees, so not a failure.
ABORTED_REQUEST_LOGS = {"htmx:sendAbort", "htmx:afterRequest"}


def unexpected(message: str) -> bool:
    """A console error other than an aborted request's. htmx writes the event's name, then
    ", " and the request's target when it has one ("htmx:sendAbort, [object HTMLElement]": a
    live preview, whose target is itself). Only on a busy machine is a preview still in flight
    when the next tap cancels it, which is why matching the bare name alone failed only there.
    """
    return message.split(", ", 1)[0] not in ABORTED_REQUEST_LOGS


class Chromium:
    """Chromium through Playwright, launched again when the last one is gone (killed by the
    watchdog), so that one stalled test does not fail every test after it."""

    def __init__(self, playwright) -> None:
        self.playwright, self.running = playwright, None

    def browser(self):
        if self.running is None or not self.running.is_connected():
            self.running = self.playwright.chromium.launch(executable_path=CHROMIUM,
                                                           args=CHROMIUM_ARGS)
        return self.running

    def close(self) -> None:
        if self.running is not None and self.running.is_connected():
            self.running.close()


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"No Chromium at {CHROMIUM}: `make test` installs Debian's chromium with "
                    "apt-get where it can; browser tests are skipped here.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = Chromium(playwright)
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium):
    return chromium.browser()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Every browser test, setup and teardown included, under the watchdog. (Conftest hooks
    see every test of the run: those elsewhere are let through.)"""
    if not item.path.is_relative_to(HERE):
        yield
        return
    watchdog().begin(item.nodeid)
    yield
    watchdog().end()


@functools.cache
def watchdog() -> Watchdog:
    """One per test process, started by its first browser test."""
    return Watchdog()


def table_app(tmp_path, sqlite_template):
    """The app on its own copy of the migrated SQLite file, limits off."""
    db = tmp_path / "live.db"
    shutil.copy(sqlite_template, db)
    return create_app({"DATABASE_URL": f"sqlite:///{db}", "SECRET_KEY": "live-test",
                       "RATELIMIT_ENABLED": False})


class Server:
    """An app served over HTTP on a loopback port; it can stop and start again on that port
    (the server going away and coming back)."""

    def __init__(self, app) -> None:
        self.app, self.port, self.httpd = app, 0, None

    def start(self) -> None:
        self.httpd = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self.port = self.httpd.server_port
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def server(tmp_path, sqlite_template):
    """The app served on a free loopback port, on its own SQLite file."""
    app = table_app(tmp_path, sqlite_template)
    running = Server(app)
    running.start()
    yield running
    running.stop()
    app.extensions["engine"].dispose()


@pytest.fixture
def live_server(server):
    """The address of `server`."""
    return server.url


@pytest.fixture
def page(browser, request):
    """A phone-sized page (390×844); a screenshot lands in test-artifacts/ at the end."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and unexpected(m.text) else None)
    page.js_errors = errors
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


def _phone(browser, **options):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                  **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


@pytest.fixture
def phone(browser):
    """A phone without the service worker, so that only the page's own outbox is at work."""
    page = _phone(browser, service_workers="block")
    yield page
    page.context.close()


@pytest.fixture
def installed(browser):
    """A phone on which the service worker may run (127.0.0.1 is a secure context)."""
    page = _phone(browser)
    yield page
    page.context.close()
