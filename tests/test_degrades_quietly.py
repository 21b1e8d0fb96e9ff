"""When something around Companion fails it says so once and goes on: Redis away, a
read-only or full database."""

from __future__ import annotations

import logging
import shutil

import pytest
from sqlalchemy import event

from companion import create_app

from .helpers import PG_URL, client_at, limited_app

SHELEM = {"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]}
READ_ONLY = ("Companion cannot save anything right now: its database is read-only. Scores can "
             "still be read; tell whoever runs Companion.")
FULL = ("Companion cannot save anything right now: its server's disk is full. Scores can still "
        "be read; tell whoever runs Companion.")


def test_redis_away_is_one_warning_for_the_outage_not_a_traceback_a_request(db_url, caplog):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0")  # nobody there
    phone = client_at(app, "192.0.2.100")
    with caplog.at_level(logging.WARNING, logger="companion.limits"):
        game = phone.post("/api/v1/games", json=SHELEM).get_json()
        for _ in range(3):
            assert phone.post(f"/api/v1/games/{game['id']}/hands", json={"hand": {}},
                              headers={"Authorization": "Bearer guess"}).status_code == 403
        # the memory limits hold meanwhile: the fourth guess is one too many
        assert phone.post(f"/api/v1/games/{game['id']}/hands", json={"hand": {}},
                          headers={"Authorization": "Bearer guess"}).status_code == 429
    warnings = [r for r in caplog.records if r.name == "companion.limits"]
    assert len(warnings) == 1 and warnings[0].exc_info is None
    assert "unreachable" in warnings[0].getMessage()
    app.extensions["engine"].dispose()


def test_a_read_only_database_is_read_and_refuses_writes_with_a_sentence(tmp_path,
                                                                         sqlite_template):
    path = tmp_path / "companion.db"
    shutil.copy(sqlite_template, path)
    writer = create_app({"DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "ro",
                         "RATELIMIT_ENABLED": False})
    game = writer.test_client().post("/api/v1/games", json=SHELEM).get_json()
    writer.extensions["engine"].dispose()
    app = create_app({"DATABASE_URL": f"sqlite:///file:{path}?mode=ro&uri=true",
                      "SECRET_KEY": "ro", "RATELIMIT_ENABLED": False})
    reads_answer_and_writes_are_refused(app.test_client(), game)
    app.extensions["engine"].dispose()


@pytest.mark.skipif(not PG_URL, reason="COMPANION_TEST_DATABASE_URL is not set: a read-only "
                                       "PostgreSQL is tested only where one answers")
def test_a_read_only_postgresql_is_read_and_refuses_writes_with_a_sentence(request):
    url = request.getfixturevalue("postgres_url")
    writer = create_app({"DATABASE_URL": url, "SECRET_KEY": "ro", "RATELIMIT_ENABLED": False})
    game = writer.test_client().post("/api/v1/games", json=SHELEM).get_json()
    writer.extensions["engine"].dispose()
    # Every transaction of this app's sessions is read-only: a write is SQLSTATE 25006.
    assert url.rsplit("&", 1)[-1].rsplit("?", 1)[-1].startswith("options=")
    app = create_app({"DATABASE_URL": f"{url}%20-cdefault_transaction_read_only%3Don",
                      "SECRET_KEY": "ro", "RATELIMIT_ENABLED": False})
    reads_answer_and_writes_are_refused(app.test_client(), game)
    app.extensions["engine"].dispose()


def test_a_full_disk_is_read_and_refuses_writes_with_a_sentence(tmp_path, sqlite_template):
    """SQLite's file may grow no more (as on a full disk): hands are saved while its pages
    have room, then refused with a 503 and a sentence, not a 500; none is half-saved."""
    path = tmp_path / "companion.db"
    shutil.copy(sqlite_template, path)
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "full",
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    game = client.post("/api/v1/games", json={**SHELEM, "target": 100_000}).get_json()
    engine = app.extensions["engine"]
    engine.dispose()

    @event.listens_for(engine, "connect")
    def no_more_pages(connection, _record) -> None:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")

    saved = []
    for _ in range(400):  # far more than the pages' free room holds
        answer = client.post(f"/api/v1/games/{game['id']}/hands",
                             json={"hand": {"bidder": 0, "bid": 100, "bidder_points": 100}},
                             headers={"Authorization": f"Bearer {game['edit_key']}"})
        if answer.status_code != 201:
            break
        saved.append(answer)
    assert answer.status_code == 503 and answer.get_json() == {"error": FULL}
    assert answer.headers["Retry-After"] == "60"
    hands = client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]
    assert len(hands) == len(saved)  # the refused hand left nothing behind
    assert client.get(f"/games/{game['id']}").status_code == 200
    engine.dispose()


def reads_answer_and_writes_are_refused(client, game: dict) -> None:
    """The game reads as stored; a hand and a new game get the read-only sentence and
    change nothing."""
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["players"] == SHELEM["players"]
    assert client.get(f"/games/{game['id']}").status_code == 200
    saved = client.post(f"/api/v1/games/{game['id']}/hands",
                        json={"hand": {"bidder": 0, "bid": 100, "bidder_points": 100}},
                        headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert saved.status_code == 503 and saved.get_json() == {"error": READ_ONLY}
    created = client.post("/api/v1/games", json=SHELEM)
    assert created.status_code == 503 and created.get_json() == {"error": READ_ONLY}
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [0, 0]
