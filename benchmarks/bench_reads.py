"""Reads against a static file, on one server in one run: a game's JSON and its board fragment
for a 40-hand game and one at the 500-hand cap, and a game page's first load, gzipped.

Serves with `python -m companion.serve` (what `make run` starts) on a free loopback port and a
fresh SQLite file. Each answer is asked ROUNDS times over one keep-alive connection, the kinds
taking turns so the machine's load falls on all alike; medians are compared (goal: a read
within 2.5x a static file, through Flask: no layer answers before it). The first load counts
the page and every stylesheet and script it names, as a phone with an empty cache gets them
(gzip; goal <= 30 KiB). BENCH_SHORT=1: a few rounds, the large game of 60 hands.

    .venv/bin/python benchmarks/bench_reads.py
"""

from __future__ import annotations

import gzip
import http.client
import json
import re
import statistics
import time

from common import HAND, PLAYERS, embedded, fresh_database, port_of, sized

ROUNDS = sized(300, 5)
LARGE = sized(500, 60)  # hands: a game at the cap


def game_of(conn: http.client.HTTPConnection, hands: int) -> str:
    """A Shelem game holding `hands` hands, made by importing an export (as a user could)."""
    conn.request("POST", "/api/v1/games", json.dumps({
        "game": "shelem", "players": PLAYERS, "target": 100_000}),
        {"Content-Type": "application/json"})
    game = json.loads(conn.getresponse().read())
    conn.request("GET", f"/api/v1/games/{game['id']}/export")
    data = json.loads(conn.getresponse().read())
    data["hands"] = [{"number": n + 1, "hand": HAND} for n in range(hands)]
    conn.request("POST", "/api/v1/games/import", json.dumps(data),
                 {"Content-Type": "application/json"})
    response = conn.getresponse()
    body = json.loads(response.read())
    assert response.status == 201, body
    return body["id"]


def timed(conn: http.client.HTTPConnection, path: str, headers: dict[str, str]) -> float:
    started = time.perf_counter()
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    assert response.status == 200, (path, response.status)
    return (time.perf_counter() - started) * 1000


def first_load(conn: http.client.HTTPConnection, path: str) -> tuple[int, int]:
    """Bytes on the wire (gzip) and files for a page and the stylesheets and scripts it names."""
    gz = {"Accept-Encoding": "gzip"}
    conn.request("GET", path, headers=gz)
    response = conn.getresponse()
    raw = response.read()
    html = gzip.decompress(raw) if response.getheader("Content-Encoding") == "gzip" else raw
    # The page as gzip makes it, whether the server or a proxy in front of it zips it.
    total, files = len(gzip.compress(html)), 1
    for asset in re.findall(rb'(?:src|href)="(/static/[^"]+\.(?:css|js))"', html):
        conn.request("GET", asset.decode(), headers=gz)
        answer = conn.getresponse()
        total += len(answer.read())
        files += 1
    return total, files


def main() -> None:
    with fresh_database() as (tmp, url), embedded(tmp, {"DATABASE_URL": url}) as server:
        conn = http.client.HTTPConnection("127.0.0.1", port_of(server))
        games = {40: game_of(conn, 40), LARGE: game_of(conn, LARGE)}
        conn.request("GET", f"/games/{games[40]}")
        static = re.search(r'href="(/static/css/app\.[0-9a-f]+\.css)"',
                           conn.getresponse().read().decode()).group(1)
        kinds = {"static file (app.css)": (static, {})}
        for hands, game_id in games.items():
            kinds[f"game JSON, {hands} hands"] = (f"/api/v1/games/{game_id}", {})
            kinds[f"board fragment, {hands} hands"] = (
                f"/games/{game_id}/board", {"HX-Request": "true"})
            kinds[f"game page, {hands} hands"] = (f"/games/{game_id}", {})
        times: dict[str, list[float]] = {name: [] for name in kinds}
        for _ in range(ROUNDS):
            for name, (path, headers) in kinds.items():
                times[name].append(timed(conn, path, headers))
        size, files = first_load(conn, f"/games/{games[40]}")
    base = statistics.median(times["static file (app.css)"])
    print(f"bench_reads: median of {ROUNDS} reads each, one keep-alive connection, "
          "make run's server (1 gevent worker), SQLite")
    for name, values in times.items():
        middle = statistics.median(values)
        print(f"  {name:<28} {middle:6.2f} ms  {middle / base:4.1f}x the static file"
              + ("  [goal <= 2.5x]" if "JSON" in name or "fragment" in name else ""))
    print(f"  first load of a game page, gzipped: {size / 1024:.1f} KiB in {files} files "
          "[goal <= 30 KiB]")


if __name__ == "__main__":
    main()
