"""Never loses a game: the server killed with SIGKILL mid-game comes back with every hand."""

from __future__ import annotations

import shutil

from .helpers import gunicorn, new_game, save_hand


def test_sigkill_mid_game_loses_nothing(tmp_path, sqlite_template):
    db = tmp_path / "companion.db"
    shutil.copy(sqlite_template, db)
    env = {"DATABASE_URL": f"sqlite:///{db}"}
    with gunicorn(env, tmp_path / "gunicorn.log") as server:
        game = new_game(server)
        for _ in range(3):
            assert save_hand(server, game)[0] == 201
        server.kill()
    with gunicorn(env, tmp_path / "gunicorn.log") as server:
        status, body = server.call("GET", f"/api/v1/games/{game['id']}")
        assert status == 200
        assert len(body["hands"]) == 3 and body["totals"] == [300, 195]
        assert body["version"] == 4
        status, body = save_hand(server, game)  # the same key still works after the restart
        assert status == 201 and body["totals"] == [400, 260]
