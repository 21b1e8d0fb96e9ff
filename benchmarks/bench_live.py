"""Live boards by server push: many phones watching one game, a scorer saving.

Two runs, each on its own fresh SQLite file and a free loopback port:
  1. 500 viewers on gunicorn with 2 gevent workers joined by Redis (BENCH_REDIS_URL, default
     redis://127.0.0.1:6379/5; skipped with a word when it does not answer);
  2. the embedded default, `python -m companion.serve` (1 process, no Redis), 100 viewers.
Each viewer is a real server-sent-events client (one connection, as a browser's EventSource);
a game's `change` carries the new board (else the viewer fetches it, as live.js does). For
every save and every viewer it takes the time from the save to the event, and to the new
board in hand. Also: the server's memory
and open connections with every viewer connected, its CPU while nothing changes, and its
CPU per save (what serving every viewer costs it, however loaded the machine).
Bounded: SAVES saves, IDLE_SECONDS of idling, then everything stops.

    .venv/bin/python benchmarks/bench_live.py
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.db import upgrade  # noqa: E402
from tests.helpers import Server, free_port, gunicorn, new_game, wait_until_up  # noqa: E402

SAVES = 8
IDLE_SECONDS = 10.0
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")
HAND = json.dumps({"hand": {"bidder": 0, "bid": 100, "bidder_points": 100}}).encode()
TICKS = os.sysconf("SC_CLK_TCK")


class Viewer:
    """One phone: an SSE stream, and a board fetch at each change (like static/js/live.js)."""

    def __init__(self, port: int, game_id: str):
        self.port, self.game_id = port, game_id
        self.version = 1
        self.events: dict[int, float] = {}  # version -> when its change event came
        self.boards: dict[int, float] = {}  # version -> when its board was in hand
        self.ready = asyncio.Event()

    async def run(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f"GET /games/{self.game_id}/live?since=1 HTTP/1.1\r\nHost: bench\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")  # status and headers
        try:
            fields: dict[bytes, bytes] = {}
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.strip():  # one field of the event ("data" only the first line)
                    name, _, value = line.rstrip(b"\n").partition(b": ")
                    fields.setdefault(name, value)
                    continue
                if fields.get(b"event") == b"beat":
                    self.ready.set()
                version = int(fields.get(b"id", b"0") or 0)
                if fields.get(b"event") == b"change" and version > self.version:
                    self.events[version] = time.perf_counter()
                    if fields.get(b"data", b"").startswith(b"<"):  # the board came with it
                        self.version, self.boards[version] = version, time.perf_counter()
                    else:
                        await self.fetch(version)
                fields = {}
        finally:
            writer.close()

    async def fetch(self, version: int) -> None:
        # A new connection: the server's keep-alive (2 s) has long closed the last one.
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f"GET /games/{self.game_id}/board?since={self.version} HTTP/1.1\r\n"
                     "Host: bench\r\nHX-Request: true\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        length = int(re.search(rb"Content-Length: (\d+)", head, re.I).group(1))
        await reader.readexactly(length)
        writer.close()
        self.version = version
        self.boards[version] = time.perf_counter()


async def save(port: int, game: dict) -> float:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    started = time.perf_counter()
    writer.write((f"POST /api/v1/games/{game['id']}/hands HTTP/1.1\r\nHost: bench\r\n"
                  f"Authorization: Bearer {game['edit_key']}\r\nContent-Type: application/json"
                  f"\r\nContent-Length: {len(HAND)}\r\nConnection: close\r\n\r\n").encode() + HAND)
    await writer.drain()
    assert b" 201 " in await reader.readline()
    writer.close()
    return started


async def watch_and_save(port: int, game: dict, viewers: int, pids: list[int]) -> dict:
    phones = [Viewer(port, game["id"]) for _ in range(viewers)]
    tasks = []
    for phone in phones:  # a hall filling up, not one burst of connects
        tasks.append(asyncio.create_task(phone.run()))
        await asyncio.sleep(0.002)
    await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in phones)), 60)
    held = {"rss_mb": rss_mb(pids), "connections": established(port)}
    cpu = cpu_seconds(pids)
    await asyncio.sleep(IDLE_SECONDS)
    held["idle_cpu"] = (cpu_seconds(pids) - cpu) / IDLE_SECONDS * 100
    to_event, to_board = [], []
    cpu, began = cpu_seconds(pids), time.perf_counter()
    for number in range(2, SAVES + 2):
        started = await save(port, game)
        deadline = time.perf_counter() + 10
        while (any(number not in p.boards for p in phones) and time.perf_counter() < deadline):
            await asyncio.sleep(0.01)
        to_event += [(p.events[number] - started) * 1000 for p in phones if number in p.events]
        to_board += [(p.boards[number] - started) * 1000 for p in phones if number in p.boards]
        await asyncio.sleep(0.5)
    # The server's own CPU per save, all its viewers served (less the beats meanwhile): what
    # the fan-out costs, whatever else the machine is doing.
    idle_ms = held["idle_cpu"] / 100 * (time.perf_counter() - began) * 1000
    held["save_cpu_ms"] = ((cpu_seconds(pids) - cpu) * 1000 - idle_ms) / SAVES
    held["rss_after_mb"] = rss_mb(pids)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    missed = viewers * SAVES - len(to_board)
    return {**held, "event": to_event, "board": to_board, "missed": missed}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else 0.0


def family(pid: int) -> list[int]:
    """The server's master and its workers."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    found = children.read_text().split() if children.exists() else []
    return [pid, *map(int, found)]


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        status = Path(f"/proc/{pid}/status").read_text()
        total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    return total / 1024


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / TICKS


def established(port: int) -> int:
    """Connections the server side holds open on `port` (state ESTABLISHED)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                count += 1
    return count


@contextmanager
def embedded(tmp: Path, env: dict[str, str]) -> Iterator[Server]:
    """`python -m companion.serve`, what `make run` starts: one gevent worker."""
    port = free_port()
    log = tmp / "serve.log"
    full = {**os.environ, **env, "HOST": "127.0.0.1", "PORT": str(port), "SECRET_KEY": "bench"}
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-m", "companion.serve"], cwd=ROOT,
                                   env=full, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", process, log)
    try:
        wait_until_up(server)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=40)


def redis_answers(url: str) -> bool:
    host, port = re.match(r"redis://([^:/]+):?(\d*)", url).groups()
    if host not in ("127.0.0.1", "localhost", "::1"):
        return False  # loopback only
    try:
        socket.create_connection((host, int(port or 6379)), timeout=1).close()
        return True
    except OSError:
        return False


def run(label: str, server: Server, viewers: int) -> None:
    port = int(server.url.rsplit(":", 1)[1])
    game = new_game(server)
    pids = family(server.process.pid)
    result = asyncio.run(watch_and_save(port, game, viewers, pids))
    event, board = result["event"], result["board"]
    print(f"bench_live: {label}, {viewers} viewers, {SAVES} saves")
    print(f"  save -> change event  p50 {statistics.median(event or [0]):.0f} ms, "
          f"p95 {percentile(event, 0.95):.0f} ms, max {max(event or [0]):.0f} ms")
    print(f"  save -> new board     p50 {statistics.median(board or [0]):.0f} ms, "
          f"p95 {percentile(board, 0.95):.0f} ms, max {max(board or [0]):.0f} ms  "
          f"[goal p95 <= 250 ms]; missed {result['missed']}")
    print(f"  server: {len(pids)} processes, {result['rss_mb']:.0f} MB RSS with everyone "
          f"connected ({result['rss_after_mb']:.0f} MB after the saves), "
          f"{result['connections']} connections open, idle CPU {result['idle_cpu']:.1f} % "
          f"of one core over {IDLE_SECONDS:g} s")
    print(f"  server CPU per save, every viewer served: {result['save_cpu_ms']:.0f} ms "
          f"({result['save_cpu_ms'] * 1000 / viewers:.0f} µs a viewer)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        template = tmp / "template.db"
        upgrade(f"sqlite:///{template}")
        if redis_answers(REDIS_URL):
            shutil.copy(template, tmp / "workers.db")
            env = {"DATABASE_URL": f"sqlite:///{tmp}/workers.db", "REDIS_URL": REDIS_URL,
                   "COMPANION_RATELIMIT_ENABLED": "false"}
            with gunicorn(env, tmp / "gunicorn.log", workers=2, worker_class="gevent") as server:
                run("gunicorn 2 gevent workers + Redis", server, 500)
        else:
            print(f"bench_live: no Redis at {REDIS_URL} (BENCH_REDIS_URL): 2-worker run skipped")
        shutil.copy(template, tmp / "embedded.db")
        env = {"DATABASE_URL": f"sqlite:///{tmp}/embedded.db",
               "COMPANION_RATELIMIT_ENABLED": "false"}
        with embedded(tmp, env) as server:
            run("embedded default (make run: 1 process, no Redis)", server, 100)


if __name__ == "__main__":
    main()
