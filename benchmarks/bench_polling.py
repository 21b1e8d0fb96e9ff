"""Live scoreboards under load: 200 spectators polling one game every 2 s, and a scorer saving.

Starts gunicorn (2 workers, gthread) on a free loopback port on a fresh SQLite file (or on
PostgreSQL when BENCH_DATABASE_URL is set), runs for DURATION seconds with a bounded number of
requests, stops by itself, and prints median/p95 poll latency (204 "unchanged" answers and the
200 answers after a change) and the scorer's save latency. Targets: median poll < 5 ms,
save < 50 ms. BENCH_SHORT=1: 10 spectators for 3 seconds.

    .venv/bin/python benchmarks/bench_polling.py
"""

from __future__ import annotations

import http.client
import json
import os
import re
import threading
import time

from common import HAND, SERVER_ENV, fresh_database, median, percentile, port_of, sized

from tests.helpers import gunicorn, new_game

SPECTATORS = sized(200, 10)
POLL_EVERY = sized(2.0, 0.5)
DURATION = float(os.environ.get("BENCH_SECONDS") or sized(20, 3))
# brisk: real hands take minutes
SAVE_EVERY = float(os.environ.get("BENCH_SAVE_EVERY") or sized(5, 1))


def timed(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None,
          headers: dict[str, str] | None = None) -> tuple[float, int, bytes]:
    start = time.perf_counter()
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    return (time.perf_counter() - start) * 1000, response.status, data


def spectator(port: int, game_id: str, stop: float, polls: list, offset: float) -> None:
    """One phone on the view link: keeps its connection, polls with the version it has."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    version, next_at = 1, time.monotonic() + offset
    while next_at < stop:
        time.sleep(max(0.0, next_at - time.monotonic()))
        try:
            ms, status, body = timed(conn, "GET", f"/games/{game_id}/board?since={version}",
                                     headers={"HX-Request": "true"})
        except OSError:
            ms, status, body = 0.0, 0, b""
            conn.close()
        polls.append((ms, status))
        if status == 200:  # like htmx: the new board carries the next poll's version
            version = int(re.search(rb"since=(\d+)", body).group(1))
        next_at += POLL_EVERY
    conn.close()


def scorer(port: int, game: dict, stop: float, saves: list) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Authorization": f"Bearer {game['edit_key']}",
               "Content-Type": "application/json"}
    body = json.dumps({"hand": HAND}).encode()
    while time.monotonic() + SAVE_EVERY < stop:
        time.sleep(SAVE_EVERY)
        ms, status, _ = timed(conn, "POST", f"/api/v1/games/{game['id']}/hands", body, headers)
        saves.append((ms, status))
    conn.close()


def main() -> None:
    with fresh_database(os.environ.get("BENCH_DATABASE_URL")) as (tmp, url):
        env = {**SERVER_ENV, "DATABASE_URL": url}
        with gunicorn(env, tmp / "gunicorn.log", workers=2, threads=8,
                      extra=("--keep-alive", "10")) as server:
            port = port_of(server)
            game = new_game(server)
            polls: list = []
            saves: list = []
            stop = time.monotonic() + DURATION
            threads = [threading.Thread(target=spectator, daemon=True,
                                        args=(port, game["id"], stop, polls,
                                              POLL_EVERY * i / SPECTATORS))
                       for i in range(SPECTATORS)]
            threads.append(threading.Thread(target=scorer, args=(port, game, stop, saves),
                                            daemon=True))
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=DURATION + 30)
    report(polls, saves)


def report(polls: list, saves: list) -> None:
    unchanged = [ms for ms, status in polls if status == 204]
    changed = [ms for ms, status in polls if status == 200]
    failed = [status for _, status in polls + saves if status not in (200, 201, 204)]
    save_ms = [ms for ms, _ in saves]
    print(f"bench_polling: {SPECTATORS} spectators every {POLL_EVERY:g} s for {DURATION:g} s, "
          "gunicorn 2 workers")
    print(f"  polls: {len(polls)} ({len(unchanged)} unchanged 204, {len(changed)} changed 200)")
    print(f"  poll latency  median {median(unchanged):.1f} ms, "
          f"p95 {percentile(unchanged, 0.95):.1f} ms (204); median "
          f"{median(changed):.1f} ms (200 with the board)  [target < 5 ms]")
    print(f"  scorer saves: {len(saves)}, median {median(save_ms):.1f} ms, "
          f"p95 {percentile(save_ms, 0.95):.1f} ms  [target < 50 ms]")
    print(f"  errors: {len(failed)}")


if __name__ == "__main__":
    main()
