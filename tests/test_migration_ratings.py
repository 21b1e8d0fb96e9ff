"""Revision 0017: the ratings' tables, filled by replaying the games stored before it."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, text

from companion.db import alembic_config


def test_the_upgrade_rates_the_finished_games_already_stored(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0016")
    engine = create_engine(url)
    with engine.begin() as conn:  # Ali beat Bahar; an unfinished game; a deleted one
        for game_id, finished, winners, deleted in (("won", 1, "[0]", None),
                                                    ("open", 0, "[]", None),
                                                    ("gone", 1, "[1]", "2026-01-02")):
            conn.execute(text(
                "INSERT INTO game (id, game, rules, players, first_dealer, version, "
                "edit_key_hash, finished, winners, totals, hand_count, created_at, updated_at, "
                "deleted_at, board_revision) VALUES (:id, 'basra', '{}', :players, "
                "0, 3, 'x', :finished, :winners, '[146, 0]', 2, '2026-01-01', '2026-01-01', "
                ":deleted, 0)"),
                {"id": game_id, "finished": finished, "winners": winners, "deleted": deleted,
                 "players": '["Ali", "Bahar"]'})
    engine.dispose()
    command.upgrade(alembic_config(url), "head")
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT player, round(mu, 4), games FROM playerrating "
                                 "ORDER BY player")).all()
        steps = conn.execute(text("SELECT DISTINCT game_id FROM ratingstep")).all()
    engine.dispose()
    # Only the finished game that is not deleted: Ali 27.6354, Bahar 22.3646 (docs/ratings.md).
    assert [tuple(row) for row in rows] == [("ali", 27.6354, 1), ("bahar", 22.3646, 1)]
    assert [tuple(row) for row in steps] == [("won",)]
