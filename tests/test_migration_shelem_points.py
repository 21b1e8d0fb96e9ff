"""Revision 0004: a Shelem hand stored with bidding-team points below 5 still opens."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, text

from companion import create_app
from companion.db import alembic_config, get_session
from companion.services import games


def test_a_shelem_hand_stored_with_0_points_is_raised_to_the_5_of_the_discards(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0003")
    engine = create_engine(url)
    with engine.begin() as conn:  # a game an older Companion saved: team 0 bid 100, took 0
        conn.execute(text(
            "INSERT INTO game (id, game, rules, players, teams, first_dealer, version, "
            "edit_key_hash, finished, winners, totals, hand_count, created_at, updated_at) "
            "VALUES ('old', 'shelem', :rules, :players, '[[0, 2], [1, 3]]', 0, 2, 'x', 0, "
            "'[]', '[-100, 165]', 1, '2026-01-01', '2026-01-01')"),
            {"rules": '{"ace_points": 10, "made": "points", "yasa_penalty": "total", '
                      '"three_passes_redeal": true, "target": 1200}',
             "players": '["Ali", "Bahar", "Cyrus", "Dara"]'})
        conn.execute(text("INSERT INTO hand (game_id, position, data, created_at) VALUES "
                          "('old', 1, '{\"bidder\": 0, \"bid\": 100, \"bidder_points\": 0}', "
                          "'2026-01-01')"))
    engine.dispose()
    command.upgrade(alembic_config(url), "head")

    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t"})
    with app.app_context():
        session = get_session()
        table = games.load_game(session, "old")
        # 5 of 165 is not more than half the pack: a Yâsâ, −165 under the default penalty;
        # the other team takes the other 160.
        assert table.hands == [{"bidder": 0, "bid": 100, "bidder_points": 5}]
        assert table.state.totals == [-165, 160]
        assert table.row.totals == [-165, 160] and table.row.version == 3
        event = games.history(session, "old")[0]
        assert (event.action, event.number, event.before["bidder_points"]) == ("edit", 1, 0)
    page = app.test_client().get("/games/old")
    assert page.status_code == 200
    app.extensions["engine"].dispose()
