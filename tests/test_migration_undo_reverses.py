"""Revision 0009: an undo stored before it had its own column still says what it took back."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, text

from companion import create_app
from companion.db import alembic_config
from companion.i18n import render_msg


def test_an_undo_stored_with_its_kind_in_the_reason_reads_the_same_after_the_upgrade(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0008")
    engine = create_engine(url)
    with engine.begin() as conn:  # a Shelem game with hand 1 added, then that addition undone
        conn.execute(text(
            "INSERT INTO game (id, game, rules, players, teams, first_dealer, version, "
            "edit_key_hash, finished, winners, totals, hand_count, created_at, updated_at) "
            "VALUES ('old', 'shelem', '{}', :players, '[[0, 2], [1, 3]]', 0, 3, 'x', 0, "
            "'[]', '[0, 0]', 0, '2026-01-01', '2026-01-01')"),
            {"players": '["Ali", "Bahar", "Cyrus", "Dara"]'})
        for version, action, reason in ((2, "add", "typo"), (3, "undo", "add")):
            conn.execute(text(
                "INSERT INTO gameevent (game_id, version, action, number, reason, undone, by, "
                "created_at) VALUES ('old', :version, :action, 1, :reason, 0, '', "
                "'2026-01-01')"), {"version": version, "action": action, "reason": reason})
    engine.dispose()
    command.upgrade(alembic_config(url), "head")
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT action, reason, reverses FROM gameevent "
                                 "ORDER BY version")).all()
    engine.dispose()
    assert [tuple(row) for row in rows] == [("add", "typo", ""), ("undo", "", "add")]

    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t"})
    with app.test_request_context("/"):
        from companion.db import get_session
        from companion.services import games, history

        said = [str(render_msg(history.describe(event)))
                for event in games.history(get_session(), "old")]
    assert "Undid adding hand 1" in said, said
    app.extensions["engine"].dispose()
