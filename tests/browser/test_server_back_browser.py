"""The server goes away and comes back while the scorer's phone stays online: the phone
finds it again by itself, without a tap, and shows the game as the server holds it."""

from __future__ import annotations

import shutil
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from ..helpers import gunicorn
from .helpers import PLAYERS, hand_130, posts_to, under_the_worker

pytestmark = pytest.mark.browser

OFFLINE = "No connection to Companion"


def test_the_offline_page_gives_way_once_the_server_answers_again(installed, server):
    game = installed.request.post(server.url + "/api/v1/games",
                                  data={"game": "shelem", "players": PLAYERS}).json()
    installed.goto(game["edit_url"])
    under_the_worker(installed, f"{server.url}/games/{game['id']}")
    server.stop()  # a restart: the phone's network never went away, no `online` event
    installed.goto(f"{server.url}/games/{game['id']}/history")
    expect(installed.locator("#offline-heading")).to_have_text(OFFLINE)
    server.start()
    expect(installed.locator("h1")).to_have_text("Every change to this game", timeout=10_000)
    expect(installed.locator("#offline-heading")).to_have_count(0)


def test_a_hand_saved_as_the_server_is_killed_shows_once_after_the_restart(
        installed, tmp_path, sqlite_template):
    """kill -9 while the save is answered: the hand is stored, the answer reaches the phone,
    and the game page it opens next finds no server until the restart on the same port."""
    db = tmp_path / "companion.db"
    shutil.copy(sqlite_template, db)
    env, log = {"DATABASE_URL": f"sqlite:///{db}"}, tmp_path / "gunicorn.log"
    with gunicorn(env, log, workers=1) as server:
        status, game = server.call("POST", "/api/v1/games",
                                   {"game": "shelem", "players": PLAYERS})
        assert status == 201
        board = f"{server.url}/games/{game['id']}"
        installed.goto(game["edit_url"])
        under_the_worker(installed, board)
        installed.click("#add-hand")
        hand_130(installed)

        def killed_while_answering(route) -> None:
            answer = route.fetch()
            server.kill()
            route.fulfill(response=answer)

        posts_to(installed, "/hands/new", killed_while_answering)
        installed.click("#save")
        expect(installed.locator("#offline-heading")).to_have_text(OFFLINE, timeout=12_000)
    with gunicorn(env, log, workers=1, port=urlsplit(server.url).port) as server:
        expect(installed.locator('[data-total-side="0"]')).to_have_text("130", timeout=15_000)
        expect(installed).to_have_url(board)
        expect(installed.locator("#offline-heading")).to_have_count(0)
        expect(installed.locator("#outbox")).to_be_hidden()
        status, stored = server.call("GET", f"/api/v1/games/{game['id']}")
        assert (status, len(stored["hands"]), stored["totals"]) == (200, 1, [130, 35])
        server.kill()  # no graceful stop to wait for: the phone's connections stay open
