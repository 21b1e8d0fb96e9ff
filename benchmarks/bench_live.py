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
Bounded: SAVES saves, IDLE_SECONDS of idling, then everything stops and the game is deleted.
BENCH_SHORT=1: 20 and 10 viewers, 2 saves, 1 s of idling. Every viewer comes from one address,
so the server's cap of streams per address is lifted (common.SERVER_ENV).

    .venv/bin/python benchmarks/bench_live.py
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import time
from pathlib import Path
from shutil import copy

from common import HAND, SERVER_ENV, embedded, fresh_database, median, percentile, port_of, sized

from tests.helpers import Server, gunicorn, new_game

SAVES = sized(8, 2)
IDLE_SECONDS = sized(10.0, 1.0)
VIEWERS = {"workers": sized(500, 20), "embedded": sized(100, 10)}
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")
BODY = json.dumps({"hand": HAND}).encode()
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
                  f"\r\nContent-Length: {len(BODY)}\r\nConnection: close\r\n\r\n").encode() + BODY)
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
    game = new_game(server)
    pids = family(server.process.pid)
    try:
        result = asyncio.run(watch_and_save(port_of(server), game, viewers, pids))
    finally:  # the benchmark leaves no game behind, whatever the database
        status, _ = server.call("DELETE", f"/api/v1/games/{game['id']}",
                                headers={"Authorization": f"Bearer {game['edit_key']}"})
        assert status == 200, f"the benchmark's game was not deleted ({status})"
    report(label, viewers, len(pids), result)


def report(label: str, viewers: int, processes: int, result: dict) -> None:
    event, board = result["event"], result["board"]
    print(f"bench_live: {label}, {viewers} viewers, {SAVES} saves")
    print(f"  save -> change event  p50 {median(event):.0f} ms, "
          f"p95 {percentile(event, 0.95):.0f} ms, max {max(event or [0]):.0f} ms")
    print(f"  save -> new board     p50 {median(board):.0f} ms, "
          f"p95 {percentile(board, 0.95):.0f} ms, max {max(board or [0]):.0f} ms  "
          f"[goal p95 <= 250 ms]; missed {result['missed']}")
    print(f"  server: {processes} processes, {result['rss_mb']:.0f} MB RSS with everyone "
          f"connected ({result['rss_after_mb']:.0f} MB after the saves), "
          f"{result['connections']} connections open, idle CPU {result['idle_cpu']:.1f} % "
          f"of one core over {IDLE_SECONDS:g} s")
    print(f"  server CPU per save, every viewer served: {result['save_cpu_ms']:.0f} ms "
          f"({result['save_cpu_ms'] * 1000 / viewers:.0f} µs a viewer)")


def main() -> None:
    with fresh_database() as (tmp, _):
        template = tmp / "bench.db"  # migrated once, copied for each run
        if redis_answers(REDIS_URL):
            copy(template, tmp / "workers.db")
            env = {**SERVER_ENV, "DATABASE_URL": f"sqlite:///{tmp}/workers.db",
                   "REDIS_URL": REDIS_URL}
            with gunicorn(env, tmp / "gunicorn.log", workers=2, worker_class="gevent") as server:
                run("gunicorn 2 gevent workers + Redis", server, VIEWERS["workers"])
        else:
            print(f"bench_live: no Redis at {REDIS_URL} (BENCH_REDIS_URL): 2-worker run skipped")
        copy(template, tmp / "embedded.db")
        with embedded(tmp, {"DATABASE_URL": f"sqlite:///{tmp}/embedded.db"}) as server:
            run("embedded default (make run: 1 process, no Redis)", server,
                VIEWERS["embedded"])


if __name__ == "__main__":
    main()
