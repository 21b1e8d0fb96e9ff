"""Revision 0010: tournament events stored before 0008 say who acted and at which table."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, text

from companion import create_app
from companion.db import alembic_config
from companion.services.keys import hash_key


def _old_tournament(url: str) -> None:
    """A knockout stored at revision 0009 with events written the way code before 0008 wrote
    them: no actor (the column's default), no round, table or names."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO tournament (id, name, game, rules, format, settings, "
            "director_key_hash, version, created_at, updated_at) VALUES ('cup', 'Cup', "
            "'basra', '{}', 'knockout', '{}', :key, 6, '2026-01-01', '2026-01-01')"),
            {"key": hash_key("desk")})
        for seed, name in enumerate(("Anis", "Badia", "Cyrus", "Dina"), start=1):
            conn.execute(text(
                "INSERT INTO entrant (id, tournament_id, seed, name, players) "
                "VALUES (:id, 'cup', :seed, :name, :players)"),
                {"id": seed, "seed": seed, "name": name, "players": f'["{name}"]'})
        conn.execute(text("INSERT INTO round (id, tournament_id, number, created_at) "
                          "VALUES (1, 'cup', 1, '2026-01-01')"))
        conn.execute(text(
            "INSERT INTO match (id, tournament_id, round_id, \"table\", sides, key_hash, "
            "side_key_generation, third_place) VALUES (7, 'cup', 1, 2, '[4, 1]', 'x', 0, 0)"))
        events = (("create", None, None), ("round", None, '{"round": 1}'),
                  ("result", 7, '{"places": [1, 2], "points": null}'),
                  ("disputed", 7, '{"state": "disputed", "side": 1}'),
                  ("confirmed", 7, '{"state": "confirmed", "side": null}'),
                  ("side_keys", 7, None))
        for version, (action, match_id, after) in enumerate(events, start=1):
            conn.execute(text(
                "INSERT INTO tournamentevent (tournament_id, version, action, match_id, "
                "after, reason, created_at) VALUES ('cup', :version, :action, :match_id, "
                ":after, '', '2026-01-01')"),
                {"version": version, "action": action, "match_id": match_id, "after": after})
    engine.dispose()


def test_old_events_name_the_director_or_side_and_the_table_after_the_upgrade(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0009")
    _old_tournament(url)
    command.upgrade(alembic_config(url), "head")

    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t"})
    history = app.test_client().get("/api/v1/tournaments/cup/history",
                                    headers={"Authorization": "Bearer desk"}).get_json()
    app.extensions["engine"].dispose()
    seen = [(e["kind"], e["by"], e["round"], e["table"], e["names"])
            for e in reversed(history["events"])]
    assert seen == [
        ("create", "director", None, None, []),
        ("round", "director", None, None, []),
        ("result", "director", 1, 2, ["Dina", "Anis"]),
        ("disputed", "side", 1, 2, ["Dina", "Anis"]),
        # A word that names no side was the director's (the director confirms for the sides).
        ("confirmed", "director", 1, 2, ["Dina", "Anis"]),
        ("side_keys", "director", 1, 2, ["Dina", "Anis"]),
    ]
