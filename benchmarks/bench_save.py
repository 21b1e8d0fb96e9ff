"""A save and its board: a quick-form save (the page) and an API save, each followed by the
board the viewers fetch, and the SQL statements each save runs.

    python benchmarks/bench_save.py                # this tree
    python benchmarks/bench_save.py TREE [TREE...] # side by side, in one run: each tree (a git
                                                   # worktree of another commit) in turns

Each tree is measured in a process of its own with its own `companion/`, in alternating
rounds, so a busy moment of the machine falls on all of them alike. BENCH_SHORT=1 makes a
few runs only (a sign of life, not a figure).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SHORT = os.environ.get("BENCH_SHORT") == "1"
RUNS = 3 if SHORT else 40  # timed saves of each kind per round
ROUNDS = 1 if SHORT else 3  # turns per tree
HANDS = 3 if SHORT else 30  # hands the game holds before the timed saves
PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]
HAND = {"bidder": 0, "bid": 120, "bidder_points": 130}
FORM = {"mode": "quick", "bidder": "0", "bid": "120", "bidder_points": "130"}
HERE = Path(__file__).resolve().parents[1]


def measure() -> dict[str, Any]:
    """Timings (seconds) and statement counts of both saves, on the `companion` importable."""
    from sqlalchemy import event

    from companion import create_app
    from companion.db import upgrade

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.db"
        upgrade(url)
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench",
                          "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
        statements: list[str] = []
        event.listen(app.extensions["engine"], "before_cursor_execute",
                     lambda *args: statements.append(args[2]))
        client = app.test_client()
        game = client.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS,
                                                  "target": 100_000}).get_json()
        game_id, auth = game["id"], {"Authorization": f"Bearer {game['edit_key']}"}
        client.set_cookie(f"edit_{game_id}", game["edit_key"])
        for _ in range(HANDS):
            client.post(f"/api/v1/games/{game_id}/hands", json={"hand": HAND}, headers=auth)

        def by_form(version: int, n: int) -> int:
            return client.post(f"/games/{game_id}/hands/new",
                               data={**FORM, "version": version, "key": f"f{n}"}).status_code

        def by_api(version: int, n: int) -> int:
            return client.post(f"/api/v1/games/{game_id}/hands",
                               json={"hand": HAND, "version": version},
                               headers={**auth, "Idempotency-Key": f"a{n}"}).status_code

        found = {}
        for name, save, status in (("form", by_form, 303), ("api", by_api, 201)):
            found[name] = _timed(client, game_id, auth, save, status, statements)
        app.extensions["engine"].dispose()
        return found


def _timed(client: Any, game_id: str, auth: dict[str, str], save: Callable[[int, int], int],
           status: int, statements: list[str]) -> dict[str, Any]:
    """`RUNS` saves, each timed with the board fetched after it; each undone (untimed)."""
    timings, saves, counts = [], [], []
    for n in range(RUNS):
        version = client.get(f"/api/v1/games/{game_id}").get_json()["version"]
        statements.clear()
        start = time.perf_counter()
        saved = save(version, n)
        saves.append(time.perf_counter() - start)
        counts.append(len(statements))
        board = client.get(f"/games/{game_id}/board?since={version}")
        timings.append(time.perf_counter() - start)
        assert saved == status and board.status_code == 200, (saved, board.status_code)
        client.post(f"/api/v1/games/{game_id}/undo", headers=auth)
    return {"timings": timings, "saves": saves, "statements": max(counts)}


def _in_tree(tree: Path) -> dict[str, Any]:
    """measure() in a process whose `companion` is the tree's."""
    env = {**os.environ, "PYTHONPATH": str(tree), "BENCH_SAVE_MEASURE": "1"}
    done = subprocess.run([sys.executable, __file__], cwd=tree, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main(trees: list[Path]) -> None:
    found: dict[Path, dict[str, dict[str, Any]]] = {tree: {} for tree in trees}
    for _ in range(ROUNDS):
        for tree in trees:
            for name, part in _in_tree(tree).items():
                kept = found[tree].setdefault(name, {"timings": [], "saves": [],
                                                     "statements": 0})
                kept["timings"] += part["timings"]
                kept["saves"] += part["saves"]
                kept["statements"] = max(kept["statements"], part["statements"])
    runs = RUNS * ROUNDS
    for name, label in (("form", "quick-form save + board"), ("api", "API save + board")):
        for tree in trees:
            part = found[tree][name]
            print(f"{label} ({HANDS}-hand Shelem game, SQLite), {_named(tree)}: "
                  f"median {statistics.median(part['timings']) * 1000:.1f} ms, "
                  f"mean {statistics.mean(part['timings']) * 1000:.1f} ms, "
                  f"p95 {_p95(part['timings']) * 1000:.1f} ms over {runs} runs (the save "
                  f"alone: median {statistics.median(part['saves']) * 1000:.1f} ms, "
                  f"mean {statistics.mean(part['saves']) * 1000:.1f} ms, "
                  f"p95 {_p95(part['saves']) * 1000:.1f} ms); "
                  f"{part['statements']} SQL statements per save")


def _named(tree: Path) -> str:
    """The tree's commit, for the printed line."""
    head = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True)
    return f"{tree} ({head.stdout.strip() or 'no git'})"


if __name__ == "__main__":
    if os.environ.get("BENCH_SAVE_MEASURE") == "1":
        print(json.dumps(measure()))
    else:
        main([Path(arg).resolve() for arg in sys.argv[1:]] or [HERE])
