"""Revision 0014: games and tournaments stored before it get a board revision of 0, and their
boards read and move on like any other."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, text

from companion import create_app
from companion.db import alembic_config

from .helpers import HAND, bearer, insert_old_game


def test_a_game_stored_before_the_upgrade_has_a_board_that_moves_on(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0013")
    engine = create_engine(url)
    with engine.begin() as conn:
        insert_old_game(conn, id="old", game="shelem", rules="{}", version=5,
                        players='["Ali", "Bahar", "Cyrus", "Dara"]',
                        teams="[[0, 2], [1, 3]]", totals="[0, 0]")
    engine.dispose()
    command.upgrade(alembic_config(url), "head")

    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t",
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    assert client.get("/games/old/board?since=0").status_code == 204  # revision 0, as stored
    made = client.post("/api/v1/games", json={"game": "shelem", "players": ["A", "B", "C", "D"],
                                              "target": 100_000}).get_json()
    client.post(f"/api/v1/games/{made['id']}/hands", json={"hand": HAND},
                headers=bearer(made["edit_key"]))
    with app.extensions["engine"].connect() as conn:
        stored = dict(conn.execute(text("SELECT id, board_revision FROM game")).all())
    assert stored == {"old": 0, made["id"]: 2}  # the old one untouched; the new one made, +1
    app.extensions["engine"].dispose()
