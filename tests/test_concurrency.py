"""Many phones saving at once: no hand lost, totals exact, in one process and across several."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from .helpers import (
    PG_URL,
    add_hand,
    create_game,
    gunicorn,
    new_game,
    save_hand,
)
from .helpers import with_driver as _with_driver

REDIS_URL = os.environ.get("COMPANION_TEST_REDIS_URL")


def test_twenty_phones_adding_five_hands_each_keep_all_hundred(app):
    game = create_game(app.test_client())

    def phone(_: int) -> list[int]:
        client = app.test_client()
        return [add_hand(client, game).status_code for _ in range(5)]

    with ThreadPoolExecutor(max_workers=20) as pool:
        statuses = [code for codes in pool.map(phone, range(20)) for code in codes]
    assert statuses == [201] * 100
    body = app.test_client().get(f"/api/v1/games/{game['id']}").get_json()
    assert [hand["number"] for hand in body["hands"]] == list(range(1, 101))
    assert body["totals"] == [100 * 100, 100 * 65]
    assert body["version"] == 101


@pytest.mark.skipif(not PG_URL, reason="COMPANION_TEST_DATABASE_URL is not set: several "
                                       "processes need a shared PostgreSQL database")
def test_two_gunicorn_workers_share_one_game(postgres_url, tmp_path):
    env = {"DATABASE_URL": postgres_url, "COMPANION_RATELIMIT_ENABLED": "false"}
    if REDIS_URL:
        env["REDIS_URL"] = REDIS_URL
    # Two servers of one worker each, on one database: which worker of one server takes a
    # connection is the kernel's choice, and an idle machine often gives them all to one.
    with gunicorn(env, tmp_path / "a.log", workers=1) as first, \
            gunicorn(env, tmp_path / "b.log", workers=1) as second:
        servers = (first, second)
        game = new_game(first)
        with ThreadPoolExecutor(max_workers=8) as pool:
            results = list(pool.map(lambda n: save_hand(servers[n % 2], game), range(40)))
        assert [status for status, _ in results] == [201] * 40
        status, body = second.call("GET", f"/api/v1/games/{game['id']}")
        assert status == 200 and len(body["hands"]) == 40
        assert body["totals"] == [40 * 100, 40 * 65]
        for server in servers:  # each process saved its half
            assert server.log.read_text().count(f"POST /api/v1/games/{game['id']}/hands 201") \
                == 20
    assert _with_driver(PG_URL)  # the same database the app fixtures use
