"""Game pages: time to add a hand and get the board back, and the first load's gzipped size.

Run with `make bench` (or `.venv/bin/python benchmarks/bench_games.py`). Prints figures only;
BENCH_SHORT=1 a few runs on a short game, in seconds.
"""

from __future__ import annotations

import gzip
import re
import statistics
import time

from common import HAND, PLAYERS, app_on, fresh_database, sized

HANDS = sized(50, 5)
RUNS = sized(30, 3)


def main() -> None:
    with fresh_database() as (_, url):
        app = app_on(url)
        client = app.test_client()
        game = client.post("/api/v1/games", json={
            "game": "shelem", "players": PLAYERS, "target": 100_000}).get_json()
        auth = {"Authorization": f"Bearer {game['edit_key']}"}
        hands_url = f"/api/v1/games/{game['id']}/hands"
        for _ in range(HANDS):
            client.post(hands_url, json={"hand": HAND}, headers=auth)
        print(f"add a hand + fetch the board, {HANDS}-hand Shelem game on SQLite: "
              f"median {median_add_and_board(client, game['id'], auth) * 1000:.1f} ms "
              f"over {RUNS} runs")
        sizes = first_load_sizes(client, game["id"])
        parts = ", ".join(f"{name} {size / 1024:.1f}" for name, size in sizes.items())
        print(f"game page first load, gzipped: {sum(sizes.values()) / 1024:.1f} KiB "
              f"({parts} KiB)")
        app.extensions["engine"].dispose()


def median_add_and_board(client, game_id: str, auth: dict[str, str]) -> float:
    """Add hand 51 and fetch the fresh board fragment, then undo it (untimed) to stay at 50."""
    timings = []
    for _ in range(RUNS):
        version = client.get(f"/api/v1/games/{game_id}").get_json()["version"]
        start = time.perf_counter()
        added = client.post(f"/api/v1/games/{game_id}/hands", json={"hand": HAND}, headers=auth)
        board = client.get(f"/games/{game_id}/board?since={version}")
        timings.append(time.perf_counter() - start)
        assert added.status_code == 201 and board.status_code == 200
        client.post(f"/api/v1/games/{game_id}/undo", headers=auth)
    return statistics.median(timings)


def first_load_sizes(client, game_id: str) -> dict[str, int]:
    """Gzipped bytes of the page and every stylesheet and script it loads."""
    page = client.get(f"/games/{game_id}").get_data()
    sizes = {"HTML": len(gzip.compress(page))}
    for path in re.findall(r'(?:href|src)="(/static/[^"?]+\.(?:css|js))', page.decode()):
        body = client.get(path)
        sizes[path.rsplit("/", 1)[1]] = len(gzip.compress(body.get_data()))
        body.close()
    return sizes


if __name__ == "__main__":
    main()
