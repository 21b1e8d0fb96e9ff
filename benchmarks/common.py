"""What the benchmark scripts share: the short mode, a fresh database, an app or a server on it.

BENCH_SHORT=1 runs every script with few iterations and viewers, in seconds: the figures are
then only a sign of life (tests/test_benchmarks.py runs each script so, so none can rot).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
# The companion/ beside these scripts, not one installed elsewhere (a script's folder, not
# the current one, is what Python puts first on the path).
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402

from companion import create_app  # noqa: E402
from companion.db import upgrade  # noqa: E402
from tests.helpers import Server, free_port, wait_until_up  # noqa: E402

SHORT = os.environ.get("BENCH_SHORT") == "1"
HAND = {"bidder": 0, "bid": 100, "bidder_points": 100}
PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]
# A server's environment: the benchmark's clients all come from one address, which neither
# the rate limits nor the cap of live streams per address may refuse.
SERVER_ENV = {"SECRET_KEY": "bench", "COMPANION_RATELIMIT_ENABLED": "false",
              "COMPANION_LIVE_STREAMS_PER_ADDRESS": "100000"}

N = TypeVar("N", int, float)


def sized(full: N, short: N) -> N:
    """`full` in a real run, `short` under BENCH_SHORT=1."""
    return short if SHORT else full


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (0 when there are none)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else 0.0


def median(values: list[float]) -> float:
    """The median, 0 when there are no values (a run that measured nothing still prints)."""
    return statistics.median(values) if values else 0.0


@contextmanager
def fresh_database(url: str | None = None) -> Iterator[tuple[Path, str]]:
    """A scratch folder and a migrated database: `url`, else a new SQLite file in the folder."""
    with tempfile.TemporaryDirectory() as name:
        url = url or f"sqlite:///{name}/bench.db"
        upgrade(url)
        yield Path(name), url


def app_on(url: str) -> Flask:
    """The app on `url` for the test client: no CSRF token to fetch, no rate limit."""
    return create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                       "RATELIMIT_ENABLED": False})


@contextmanager
def embedded(tmp: Path, env: dict[str, str]) -> Iterator[Server]:
    """`python -m companion.serve`, what `make run` starts: one gevent worker."""
    port = free_port()
    log = tmp / "serve.log"
    full = {**os.environ, **SERVER_ENV, **env, "HOST": "127.0.0.1", "PORT": str(port)}
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


def port_of(server: Server) -> int:
    return int(server.url.rsplit(":", 1)[1])
