"""Every seat enters its own: 4 seats, 20 hands of Shlla'at on `make run`'s server.

Three seats send their piles, then the last seat sends its own; the figure is the time from
that last send to the saved hand on a phone watching the game (its live stream's `change`
carrying the new board with the new totals), p50 and p95. Each hand's entries sum to the
pack's 252 (shllaat.txt), so every hand is saved; the last seat also sends its figure a
second time (an outbox resending a lost answer). Dara's phone is offline for hands 6 to 10:
the scorer types her figure for her, and her outbox sends the five kept figures when she is
back. The game must end with 20 hands, none doubled. BENCH_SHORT=1: 3 hands, one offline.

    .venv/bin/python benchmarks/bench_seats.py
"""

from __future__ import annotations

import http.client
import re
import threading
import time

from common import embedded, fresh_database, percentile, port_of, sized

from tests.helpers import Server

HANDS = sized(20, 3)
OFFLINE = sized(range(6, 11), range(2, 3))  # the hands Dara's phone is offline for
PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]
PILES = (60, 71, 61, 60)  # 252 together: Ali's total after hand n is 60 n (20 hands: 1200)
TOTAL = re.compile(r'data-total-side="0">([0-9]+)<')


class Phone(threading.Thread):
    """A phone watching the game: the time each new total of Ali's came in a change event."""

    def __init__(self, port: int, game_id: str):
        super().__init__(daemon=True)
        self.port, self.game_id = port, game_id
        self.seen: dict[int, float] = {}
        self.ready = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", f"/games/{self.game_id}/live?since=0",
                           headers={"Accept": "text/event-stream"})
        response = connection.getresponse()
        data: list[str] = []
        while True:
            line = response.readline().decode()
            if not line:
                return
            self.ready.set()
            if line.startswith("data:"):
                data.append(line[5:].strip())
            elif not line.strip():
                self._heard("".join(data))
                data = []

    def _heard(self, board: str) -> None:
        found = TOTAL.search(board)
        if found:
            self.seen.setdefault(int(found[1]), time.perf_counter())


def send(server: Server, game_id: str, seat: dict, hand: int, points: int) -> int:
    status, _ = server.call("PUT", f"/api/v1/games/{game_id}/seats/{seat['side']}",
                            {"hand": hand, "values": {"points": points}},
                            {"Authorization": f"Bearer {seat['key']}"})
    return status


def play(server: Server) -> tuple[list[float], int]:
    """Every hand entered at the seats: the latencies, and the hands the game holds."""
    status, game = server.call("POST", "/api/v1/games", {
        "game": "shllaat", "players": PLAYERS, "target": 5000})
    assert status == 201, game
    status, seats = server.call("POST", f"/api/v1/games/{game['id']}/seats", None,
                                {"Authorization": f"Bearer {game['edit_key']}"})
    assert status == 201, seats
    phone = Phone(port_of(server), game["id"])
    phone.start()
    phone.ready.wait(10)
    latencies = []
    for hand in range(1, HANDS + 1):
        for seat, points in zip(seats["seats"][:3], PILES[:3], strict=True):
            assert send(server, game["id"], seat, hand, points) == 202
        dara = seats["seats"][3]
        if hand in OFFLINE:  # the scorer types Dara's figure with the edit key
            dara = {"side": 3, "key": game["edit_key"]}
        start = time.perf_counter()
        assert send(server, game["id"], dara, hand, PILES[3]) == 201
        assert send(server, game["id"], dara, hand, PILES[3]) == 201  # resent
        if hand == OFFLINE[-1]:  # Dara is back: her outbox sends what it kept
            for kept in OFFLINE:
                assert send(server, game["id"], seats["seats"][3], kept, PILES[3]) == 201
        deadline = time.monotonic() + 10
        while 60 * hand not in phone.seen and time.monotonic() < deadline:
            time.sleep(0.002)
        latencies.append((phone.seen.get(60 * hand, time.perf_counter()) - start) * 1000)
    _, final = server.call("GET", f"/api/v1/games/{game['id']}")
    return latencies, len(final["hands"])


def main() -> None:
    with fresh_database() as (tmp, url), embedded(tmp, {"DATABASE_URL": url}) as server:
        latencies, saved = play(server)
    print(f"4 seats, {HANDS} hands on `make run`'s server (one process, SQLite)")
    print(f"  last seat's send -> saved hand on a watching phone: "
          f"p50 {percentile(latencies, 0.5):.1f} ms, p95 {percentile(latencies, 0.95):.1f} ms")
    print(f"  hands saved {saved} of {HANDS} (Dara offline for {len(OFFLINE)}, her figures "
          f"sent late), doubled {max(0, saved - HANDS)}")


if __name__ == "__main__":
    main()
