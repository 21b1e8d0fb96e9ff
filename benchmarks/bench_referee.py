"""Server time of one referee verdict on a typical Basra floor (target: under 5 ms).

BENCH_SHORT=1: a few requests of each kind, in seconds."""

from __future__ import annotations

import time

from common import app_on, fresh_database, sized

FLOOR = "AS,2H,3D,4C,5S,6H,KD,QC"
PAGE = f"/referee/basra?floor={FLOOR}&played=9C&claimed=AS,3D,5S&pick=played"
API = ("/api/v1/referee/basra/capture",
       {"floor": FLOOR.split(","), "played": "9C", "claimed": ["AS", "3D", "5S"]})
ROUNDS = sized(300, 5)


def timed(call) -> float:
    call()  # warm up caches and templates
    start = time.perf_counter()
    for _ in range(ROUNDS):
        call()
    return (time.perf_counter() - start) / ROUNDS * 1000


def main() -> None:
    with fresh_database() as (_, url):
        app = app_on(url)
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
