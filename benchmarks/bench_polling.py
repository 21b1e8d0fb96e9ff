"""Live scoreboards under load: 200 spectators polling one game every 2 s, and a scorer saving.

Starts gunicorn (2 workers, gthread) on a free loopback port on a fresh SQLite file (or on
PostgreSQL when BENCH_DATABASE_URL is set), runs for DURATION seconds with a bounded number of
requests, stops by itself, and prints median/p95 poll latency (204 "unchanged" answers and the
200 answers after a change) and the scorer's save latency. Targets: median poll < 5 ms,
save < 50 ms.

    .venv/bin/python benchmarks/bench_polling.py
"""

from __future__ import annotations

import http.client
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.db import upgrade  # noqa: E402
from tests.helpers import gunicorn, new_game  # noqa: E402

SPECTATORS = 200
POLL_EVERY = 2.0
DURATION = float(os.environ.get("BENCH_SECONDS", "20"))
SAVE_EVERY = float(os.environ.get("BENCH_SAVE_EVERY", "5"))  # brisk: real hands take minutes
HAND = {"bidder": 0, "bid": 100, "bidder_points": 100}


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


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else 0.0


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{tmp}/bench.db"
        upgrade(url)
        env = {"DATABASE_URL": url, "COMPANION_RATELIMIT_ENABLED": "false"}
        with gunicorn(env, Path(tmp) / "gunicorn.log", workers=2, threads=8,
                      extra=("--keep-alive", "10")) as server:
            port = int(server.url.rsplit(":", 1)[1])
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
    print(f"  poll latency  median {statistics.median(unchanged or [0]):.1f} ms, "
          f"p95 {percentile(unchanged, 0.95):.1f} ms (204); median "
          f"{statistics.median(changed or [0]):.1f} ms (200 with the board)  [target < 5 ms]")
    print(f"  scorer saves: {len(saves)}, median {statistics.median(save_ms or [0]):.1f} ms, "
          f"p95 {percentile(save_ms, 0.95):.1f} ms  [target < 50 ms]")
    print(f"  errors: {len(failed)}")


if __name__ == "__main__":
    main()
