"""No key reaches a log: edit, director and table links carry keys in their query string,
and neither gunicorn (`make run`) nor the development server (`make dev`) writes it down."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import urllib.request

from werkzeug.serving import make_server

from .helpers import ROOT, Server, free_port
from .helpers import wait_until_up as _wait_until_up


def opened(url: str, referer: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Referer": referer} if referer else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def visit_links(server: Server) -> list[str]:
    """Open a game's edit link and a tournament's director link; the keys they carry."""
    _, game = server.call("POST", "/api/v1/games", {"game": "basra", "players": ["Ali", "Bo"]})
    _, tournament = server.call("POST", "/api/v1/tournaments", {
        "name": "Friday", "game": "basra", "format": "round_robin",
        "entrants": ["Ali", "Bo", "Cy", "Di"]})
    edit = f"{server.url}/games/{game['id']}?key={game['edit_key']}"
    assert opened(edit, referer=edit) == 200
    assert opened(f"{server.url}/tournaments/{tournament['id']}"
                  f"?key={tournament['director_key']}") == 200
    return [game["edit_key"], tournament["director_key"], game["id"]]


def test_make_run_logs_paths_without_keys(tmp_path, sqlite_template):
    shutil.copy(sqlite_template, tmp_path / "companion.db")
    port, log = free_port(), tmp_path / "serve.log"
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "SECRET_KEY": "logs",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'companion.db'}"}
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-m", "companion.serve"], cwd=ROOT, env=env,
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", process, log)
    try:
        _wait_until_up(server)
        edit_key, director_key, game_id = visit_links(server)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    text = log.read_text()
    assert f'"GET /games/{game_id} HTTP/1.1" 303' in text  # the visit is logged...
    assert edit_key not in text and director_key not in text  # ...without its key
    assert "key=" not in text


def test_the_development_server_logs_paths_without_keys(app, caplog):
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            secrets = visit_links(Server(f"http://127.0.0.1:{httpd.port}", None, None))
    finally:
        httpd.shutdown()
    lines = [record.getMessage() for record in caplog.records if record.name == "werkzeug"]
    assert any(f"GET /games/{secrets[2]} HTTP/1.1" in line for line in lines)
    assert not any(key in line for line in lines for key in secrets[:2])
