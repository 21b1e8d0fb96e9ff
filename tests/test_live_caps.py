"""Live streams never take the connections everything else needs: at most half a worker's
connections, and 200 from one address (a hall of 60 phones with a couple of boards each
fits); a refused stream is answered at once (the page polls instead). A stream holds no
database connection while it waits, whatever key its request presented."""

from __future__ import annotations

import time

from .helpers import (
    copied_sqlite,
    create_game,
    gunicorn,
    limited_app,
    new_game,
    open_streams,
    save_hand,
    stream_head,
)

REFUSED_HERE = ("This server is holding as many live boards as it can: this page checks for "
                "changes every few seconds instead.")
REFUSED_HERE_FA = ("این سرور به اندازهٔ توانش تابلوی زنده باز نگه داشته است: این صفحه به‌جای "
                   "آن هر چند ثانیه تغییرات را بررسی می‌کند.")
REFUSED_NETWORK = ("Too many live boards are open from this network: this page checks for "
                   "changes every few seconds instead.")


def _answers_at_once(server, game: dict) -> None:
    """A read and a save, each answered within 3 s (a stream-starved worker: never)."""
    started = time.monotonic()
    status, body = server.call("GET", f"/api/v1/games/{game['id']}", timeout=3)
    assert status == 200 and body["version"] == 1
    status, body = save_hand(server, game)
    assert status == 201 and body["totals"] == [100, 65]  # a made bid of 100: 100 and 65
    assert time.monotonic() - started < 3


def test_streams_leave_half_the_connections_to_reads_and_saves(tmp_path, sqlite_template):
    # 200 connections a worker: 100 streams at most. Of 220 opened at once, 100 stream and
    # 120 are refused with a 503; a read and a save still answer at once.
    env = {"DATABASE_URL": copied_sqlite(tmp_path, sqlite_template), "WORKER_CONNECTIONS": "200"}
    with gunicorn(env, tmp_path / "gunicorn.log", workers=1, worker_class="gevent") as server:
        game = new_game(server)
        heads = [stream_head(f"/games/{game['id']}/live?since=1")] * 220
        with open_streams(server, heads) as statuses:
            assert sorted(statuses, key=str) == [200] * 100 + [503] * 120
            _answers_at_once(server, game)
        server.kill()  # not a graceful stop: that waits for each stream's next beat


def test_wrong_and_right_keyed_streams_leave_the_database_to_others(db_url, tmp_path):
    # The phones of a table whose key was replaced (40, a wrong key) and 150 scorers' at
    # once: the wrong keys are counted (30 a minute from one address: 10 refused, 429), and
    # no stream keeps a database connection, so nothing waits for one.
    env = {"DATABASE_URL": db_url}
    with gunicorn(env, tmp_path / "gunicorn.log", workers=1, worker_class="gevent") as server:
        game = new_game(server)
        live = f"/games/{game['id']}/live?since=1"
        wrong = [stream_head(live, f"edit_{game['id']}=replacedkey")] * 40
        right = [stream_head(live, f"edit_{game['id']}={game['edit_key']}")] * 150
        with open_streams(server, wrong + right) as statuses:
            assert sorted(statuses[:40], key=str) == [200] * 30 + [429] * 10
            assert statuses[40:] == [200] * 150
            _answers_at_once(server, game)
        server.kill()


def _stream(client, game: dict):
    return client.get(f"/games/{game['id']}/live?since=1")


def test_a_hall_of_sixty_phones_with_two_boards_each_fits_behind_one_address(app):
    hall = app.test_client()
    game = create_game(hall)
    opened = [_stream(hall, game) for _ in range(200)]  # 120, and room to spare
    assert [response.status_code for response in opened] == [200] * 200
    refused = _stream(hall, game)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    assert REFUSED_NETWORK in refused.get_data(as_text=True)
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    other = _stream(elsewhere, game)  # another address still gets its stream
    assert other.status_code == 200
    opened.pop().close()  # a phone leaves: its seat is free again
    again = _stream(hall, game)
    assert again.status_code == 200
    for response in [*opened, other, again]:
        response.close()
    assert app.extensions["live_seats"].held() == 0


def test_a_full_process_refuses_a_stream_in_the_readers_language(app):
    app.config["LIVE_STREAMS"] = 2
    client = app.test_client()
    game = create_game(client)
    opened = [_stream(client, game) for _ in range(2)]
    refused = _stream(client, game)
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "30"
    assert REFUSED_HERE in refused.get_data(as_text=True)
    client.set_cookie("lang", "fa")
    assert REFUSED_HERE_FA in _stream(client, game).get_data(as_text=True)
    for response in opened:
        response.close()
    assert _stream(client, game).status_code == 200


def test_a_stream_refused_for_its_key_gives_its_seat_back(db_url):
    app = limited_app(db_url)  # 3 wrong keys a minute from one address
    client = app.test_client()
    game = create_game(client)
    client.set_cookie(f"edit_{game['id']}", "replacedkey")
    opened = [_stream(client, game) for _ in range(4)]
    assert [response.status_code for response in opened] == [200] * 3 + [429]
    assert app.extensions["live_seats"].held() == 3  # the 429 holds no seat
    for response in opened:
        response.close()
    app.extensions["engine"].dispose()


def test_a_closed_stream_gives_its_seat_back_at_once(tmp_path, sqlite_template):
    # 100 streams at most: 100 open, then close. The next 100 are each let in well before the
    # closed ones' next beat (5 s): the server saw them leave, rather than learning it from a
    # failed write. Each refused one is asked again (as a browser would) until they all stream.
    env = {"DATABASE_URL": copied_sqlite(tmp_path, sqlite_template), "WORKER_CONNECTIONS": "200"}
    with gunicorn(env, tmp_path / "gunicorn.log", workers=1, worker_class="gevent") as server:
        game = new_game(server)
        head = stream_head(f"/games/{game['id']}/live?since=1")
        with open_streams(server, [head] * 100) as statuses:
            assert statuses == [200] * 100
        closed, streaming = time.monotonic(), 0
        while streaming < 100 and time.monotonic() - closed < BEFORE_THE_BEAT:
            with open_streams(server, [head] * 100, seconds=2) as statuses:
                streaming = statuses.count(200)  # all 100 at once, or all asked again
        assert streaming == 100
        server.kill()


BEFORE_THE_BEAT = 4.0  # seconds: less than BEAT_SECONDS, when a stream would write again
