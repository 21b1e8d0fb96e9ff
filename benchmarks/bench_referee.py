"""Server time of one referee verdict on a typical Basra floor (target: under 5 ms)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.db import upgrade  # noqa: E402

FLOOR = "AS,2H,3D,4C,5S,6H,KD,QC"
PAGE = f"/referee/basra?floor={FLOOR}&played=9C&claimed=AS,3D,5S&pick=played"
API = ("/api/v1/referee/basra/capture",
       {"floor": FLOOR.split(","), "played": "9C", "claimed": ["AS", "3D", "5S"]})
ROUNDS = 300


def timed(call) -> float:
    call()  # warm up caches and templates
    start = time.perf_counter()
    for _ in range(ROUNDS):
        call()
    return (time.perf_counter() - start) / ROUNDS * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.db"
        upgrade(url)
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
        client = app.test_client()
        fragment = timed(lambda: client.get(PAGE, headers={"HX-Request": "true"}))
        page = timed(lambda: client.get(PAGE))
        api = timed(lambda: client.post(API[0], json=API[1]))
        print(f"referee verdict, htmx fragment: {fragment:.2f} ms per request (target < 5 ms)")
        print(f"referee verdict, full page:     {page:.2f} ms per request")
        print(f"referee verdict, JSON API:      {api:.2f} ms per request")
        app.extensions["engine"].dispose()


if __name__ == "__main__":
    main()
