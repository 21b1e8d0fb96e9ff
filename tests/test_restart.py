"""Never loses a game: the server killed with SIGKILL mid-game comes back with every hand.

Also holds the gunicorn helpers the multi-process tests and the polling benchmark share.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HAND = {"bidder": 0, "bid": 100, "bidder_points": 100}  # made: [100, 65]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: Path

    def call(self, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        """One request on a new connection (so the kernel may hand it to any worker)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def pids(self, needle: str) -> set[str]:
        """Worker pids whose access-log lines contain `needle`."""
        lines = self.log.read_text().splitlines()
        return {line.split()[0] for line in lines if needle in line and line.startswith("<")}

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: no shutdown code runs."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@contextmanager
def gunicorn(env: dict[str, str], log: Path, workers: int = 2, threads: int = 4,
             extra: tuple[str, ...] = ()) -> Iterator[Server]:
    """`python -m gunicorn 'companion:create_app()'` on a free loopback port."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "companion:create_app()",
               "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
               "--worker-class", "gthread", "--threads", str(threads),
               "--access-logfile", "-", "--access-logformat", "%(p)s %(m)s %(U)s %(s)s", *extra]
    full_env = {**os.environ, "SECRET_KEY": "gunicorn-test", **env}
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=full_env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", process, log)
    try:
        _wait_until_up(server)
        yield server
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()


def _wait_until_up(server: Server, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError("gunicorn exited:\n" + server.log.read_text()[-3000:])
        try:
            if server.call("GET", "/api/v1/rules")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer:\n" + server.log.read_text()[-3000:])


def new_game(server: Server, players: list[str] | None = None) -> dict:
    status, game = server.call("POST", "/api/v1/games", {
        "game": "shelem", "players": players or ["Ali", "Bahar", "Cyrus", "Dara"],
        "target": 100_000})
    assert status == 201, game
    return game


def save_hand(server: Server, game: dict) -> tuple[int, Any]:
    return server.call("POST", f"/api/v1/games/{game['id']}/hands", {"hand": HAND},
                       {"Authorization": f"Bearer {game['edit_key']}"})


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
