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
from pathlib import Path

from werkzeug.serving import make_server

from companion.logs import NoQueryStrings, scrub

from .helpers import ROOT, Server, free_port, raw_request
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


def crafted_visits(port: int, game_id: str, key: str) -> list[str]:
    """The edit link written in ways a browser never would: quotes, a raw space, an encoded
    `?`, a key in the Referer; the answers' heads."""
    lines = [f"/games/{game_id}?utm='x'&key={key}", f"/games/{game_id}?a b&key={key}",
             f"/games/{game_id}%3Fkey%3D{key}", f"/games/{game_id}?%6Bey={key}",
             f'/games/{game_id}?x="y"&key={key}']
    return [raw_request(port, f"GET {line} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              f"Referer: http://127.0.0.1/games/{game_id}?key={key}\r\n"
                              "Connection: close\r\n\r\n") for line in lines]


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
        answers = crafted_visits(port, game_id, edit_key)
        # gunicorn's own refusals carry the security headers too, and echo nothing.
        too_long = raw_request(port, f"GET /games/{game_id}?key={edit_key}&{'a' * 9000} "
                                     "HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        too_big = raw_request(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    f"X-Big: {'a' * 9000}\r\n\r\n")
        control = list(Path(ROOT / "instance").glob(f"gunicorn-{port}.ctl"))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    text = log.read_text()
    assert f'"GET /games/{game_id} HTTP/1.1" 303' in text  # the visit is logged...
    assert edit_key not in text and director_key not in text  # ...without its key
    assert "key=" not in text
    assert all(answer.startswith("HTTP/1.1 ") for answer in answers)
    assert text.count(f"/games/{game_id} HTTP/1.1") >= 4  # crafted visits logged, cut
    assert too_long.startswith("HTTP/1.1 414 ") and too_big.startswith("HTTP/1.1 431 ")
    for answer in (too_long, too_big):
        assert "X-Frame-Options: DENY" in answer and "Content-Security-Policy: " in answer
        assert edit_key not in answer
    # gunicorn's control socket lives in this Companion's instance/, named after its port.
    assert len(control) == 1


def test_the_development_server_logs_paths_without_keys(app, caplog):
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            secrets = visit_links(Server(f"http://127.0.0.1:{httpd.port}", None, None))
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            crafted_visits(httpd.port, secrets[2], secrets[0])
    finally:
        httpd.shutdown()
    lines = [record.getMessage() for record in caplog.records if record.name == "werkzeug"]
    assert sum(f"GET /games/{secrets[2]} HTTP/1.1" in line for line in lines) >= 6
    assert not any(key in line for line in lines for key in secrets[:2])


def test_the_app_log_and_tracebacks_hold_no_key():
    """Whatever writes the address (a warning, a traceback), its query goes."""
    assert scrub("Error handling request /games/abc?utm='x'&key=SECRET") == \
        "Error handling request /games/abc"
    assert scrub('Invalid HTTP request line: \'GET /x?a b&key=SECRET HTTP/1.1\'') == \
        "Invalid HTTP request line: 'GET /x HTTP/1.1'"
    assert scrub("GET /games/abc%3Fkey%3DSECRET HTTP/1.1") == "GET /games/abc HTTP/1.1"
    assert scrub("form edit_key=SECRET sent") == "form - sent"
    record = logging.LogRecord("gunicorn.error", logging.ERROR, __file__, 1,
                               "Error handling request %s", ("/g?key=SECRET",), None)
    try:
        raise ValueError("/games/x?key=SECRET")
    except ValueError:
        import sys
        record.exc_info = sys.exc_info()
    NoQueryStrings().filter(record)
    assert "SECRET" not in record.getMessage() and "SECRET" not in (record.exc_text or "")
