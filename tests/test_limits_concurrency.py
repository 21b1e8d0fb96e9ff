"""Limits that hold when requests arrive all at once: parallel creations, pairings and guesses
never get past the allowance (a check and its count cannot be split by another request)."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Callable

import pytest
from sqlmodel import select

from companion.db import get_session
from companion.models import Game

from .helpers import REDIS_URL, client_at, limited_app

SHELEM = {"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]}


@pytest.fixture
def crowded(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://",
                      RATELIMIT_CREATE_GAME="20/minute", RATELIMIT_WRONG_KEY="30/minute",
                      RATELIMIT_WRONG_KEY_TARGET="1000/minute")
    yield app
    app.extensions["engine"].dispose()


def all_at_once(count: int, request: Callable[[int], int]) -> Counter:
    """Run `request(i)` in `count` threads released together; the statuses they got."""
    start, statuses = threading.Barrier(count), Counter()
    lock = threading.Lock()

    def run(i: int) -> None:
        start.wait()
        status = request(i)
        with lock:
            statuses[status] += 1

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def stored_games(app) -> int:
    with app.app_context():
        return len(get_session().exec(select(Game)).all())


def test_sixty_parallel_creations_against_a_limit_of_twenty_make_twenty_games(crowded):
    statuses = all_at_once(60, lambda _i: client_at(crowded, "192.0.2.70").post(
        "/api/v1/games", json=SHELEM).status_code)
    assert statuses == Counter({201: 20, 429: 40})
    assert stored_games(crowded) == 20


class NotThisLock:
    """Stands in for the process's own creation lock: with Redis holding the counts, the
    Redis lock alone must keep parallel creations apart."""

    def __enter__(self) -> None:
        raise AssertionError("the process's creation lock was taken instead of Redis's")

    def __exit__(self, *_exc: object) -> None:
        return None


@pytest.mark.skipif(not REDIS_URL, reason="COMPANION_TEST_REDIS_URL is not set: the Redis "
                                          "creation lock is tested only where Redis answers "
                                          "(e.g. redis://127.0.0.1:6379/15)")
def test_sixty_parallel_creations_through_redis_make_twenty_games(db_url, monkeypatch):
    # Two apps sharing one Redis, as two worker processes would; 30 creations each at once.
    apps = [limited_app(db_url, REDIS_URL=REDIS_URL, RATELIMIT_KEY_PREFIX=prefix,
                        RATELIMIT_CREATE_GAME="20/minute")
            for prefix in [f"test-{uuid.uuid4().hex}"] * 2]
    for app in apps:
        app.extensions["companion_limits.lock"] = NotThisLock()
    assert all(app.config["RATELIMIT_STORAGE_URI"] == REDIS_URL for app in apps)
    statuses = all_at_once(60, lambda i: client_at(apps[i % 2], "192.0.2.73").post(
        "/api/v1/games", json=SHELEM).status_code)
    assert statuses == Counter({201: 20, 429: 40})
    assert stored_games(apps[0]) == 20
    for app in apps:
        app.extensions["engine"].dispose()


def test_parallel_pairings_stop_at_the_allowance(crowded):
    crowded.config["RATELIMIT_CREATE_GAME"] = "5/minute"
    made = []
    for n in range(10):  # ten tournaments of four entrants, each made from its own address
        response = client_at(crowded, f"192.0.2.{80 + n}").post("/api/v1/tournaments", json={
            "name": f"Club {n}", "game": "basra", "format": "round_robin",
            "entrants": ["Ali", "Bahar", "Cyrus", "Dara"]})
        assert response.status_code == 201, response.get_json()
        made.append(response.get_json())
    before = stored_games(crowded)

    def pair(i: int) -> int:
        return client_at(crowded, "192.0.2.99").post(
            f"/api/v1/tournaments/{made[i]['id']}/rounds",
            headers={"Authorization": f"Bearer {made[i]['director_key']}"}).status_code

    statuses = all_at_once(10, pair)
    # Four entrants: two tables, two games a round. An allowance of 5: the first round leaves
    # 3, the second 1, the third is paired whole on that last one; the other seven wait.
    assert statuses == Counter({201: 3, 429: 7})
    assert stored_games(crowded) - before == 6


def test_parallel_wrong_keys_are_refused_no_more_than_the_allowance(crowded):
    game = client_at(crowded, "192.0.2.71").post("/api/v1/games", json=SHELEM).get_json()

    def guess(i: int) -> int:
        return client_at(crowded, "192.0.2.72").post(
            f"/api/v1/games/{game['id']}/hands", json={"hand": {}},
            headers={"Authorization": f"Bearer guess-{i}"}).status_code

    assert all_at_once(60, guess) == Counter({403: 30, 429: 30})
