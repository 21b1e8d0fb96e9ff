"""No key reaches a log: edit, director and table links carry keys in their query string,
and neither gunicorn (`make run`) nor the development server (`make dev`) writes it down."""

from __future__ import annotations

import logging
import threading
import time
import urllib.request
from pathlib import Path

from werkzeug.serving import make_server

from companion.logs import NoQueryStrings, scrub

from .helpers import ROOT, Server, copied_sqlite, make_run, raw_request


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
    with make_run(tmp_path, copied_sqlite(tmp_path, sqlite_template)) as server:
        port = int(server.url.rsplit(":", 1)[1])
        edit_key, director_key, game_id = visit_links(server)
        answers = crafted_visits(port, game_id, edit_key)
        # gunicorn's own refusals carry the security headers too, and echo nothing.
        too_long = raw_request(port, f"GET /games/{game_id}?key={edit_key}&{'a' * 9000} "
                                     "HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        too_big = raw_request(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    f"X-Big: {'a' * 9000}\r\n\r\n")
        control = list(Path(ROOT / "instance").glob(f"gunicorn-{port}.ctl"))
    log = server.log
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


def test_long_headers_never_hold_the_server(tmp_path, sqlite_template):
    """20 headers of 8,000 word characters (no key among them): answered, and the next
    reader is answered at once, not after the log's scrubbing of every header (26 s)."""
    heavy = "".join(f"X-Pad-{n}: {'0123456789abcdef' * 500}\r\n" for n in range(20))
    with make_run(tmp_path, copied_sqlite(tmp_path, sqlite_template)) as server:
        port = int(server.url.rsplit(":", 1)[1])
        answer = raw_request(port, f"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\n{heavy}"
                                   "Connection: close\r\n\r\n")
        started = time.monotonic()
        with urllib.request.urlopen(f"{server.url}/api/v1/rules", timeout=20) as read:
            status = read.status
        waited = time.monotonic() - started
    assert answer.startswith("HTTP/1.1 ") and status == 200
    # Before the fix the worker scrubbed every header's 8,000 characters quadratically: the
    # read waited tens of seconds. A generous bound, for a busy machine.
    assert waited < 5, f"the read waited {waited:.1f} s behind a request's long headers"
    assert "/favicon.ico" in server.log.read_text()  # the heavy request is still logged


def test_the_access_log_scrubs_only_what_it_prints():
    """Gunicorn hands every header and environ value; only the format's atoms are read."""
    atoms = {"r": "GET /games/g?key=SECRET HTTP/1.1", "s": "200",
             "{x-secret}i": "k" * 100 + "key=SECRET", "{wsgi.input}e": object()}
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1,
                               '"%(r)s" %(s)s', (atoms,), None)
    NoQueryStrings().filter(record)
    assert record.getMessage() == '"GET /games/g HTTP/1.1" 200'
    assert record.args == {"r": "GET /games/g HTTP/1.1", "s": "200"}


def test_key_pairs_are_cut_whole_in_long_words():
    """`key=` pairs are cut whole, wherever they stand in long runs of word characters."""
    word = "ab" * 2_000
    assert scrub(f"{word} x_edit_key=SECRET&y") == f"{word} -&y"
    assert scrub(f"{word}key=SECRET") == "-"
    assert scrub("akey=1&bkey=2 keykey=3") == "-&- -"
