"""Ratings: how well they find a club's hidden skill, and how fast they are kept.

1. A simulated club of 24 players, each with a hidden skill, plays through the API: about
   160 Shlla'at tables of 3-5 and 80 Shelem tables of two partnerships, players mostly seated
   with their own level (seated by skill plus a little noise), each place decided by skill
   plus luck. Printed per game: the Spearman correlation of the ratings page's order
   (GET /api/v1/ratings/<game>) with the hidden skill, beside win rate's, in the same run.
2. A full recomputation of 10 000 stored games (goal: <= 2 s), and one new game added on
   top of them, which updates its players' ratings without recomputing anything else.

BENCH_SHORT=1: a few rounds and 300 stored games, in seconds. BENCH_PART=recompute: part 2
only. BENCH_DATABASE_URL: PostgreSQL instead of a fresh SQLite file."""

from __future__ import annotations

import os
import random
import time
from collections import defaultdict
from datetime import timedelta

from common import app_on, fresh_database, sized
from flask import Flask
from sqlmodel import Session, select

from companion.db import make_engine
from companion.models import Game, utcnow
from companion.models_ratings import RatingStep
from companion.services import ratings

PLAYERS, LUCK = 24, 1.0  # hidden skills ~ N(0, 1); each game's showing adds N(0, LUCK)
SHLLAAT_ROUNDS, SHELEM_ROUNDS = sized(32, 3), sized(14, 2)  # 5 and 6 tables a round
STORED = sized(10_000, 300)
# Two hands of these points (252, a pack, shared out): the first place passes 252 and wins.
SHLLAAT_POINTS = {3: [140, 62, 50], 4: [140, 50, 40, 22], 5: [140, 50, 40, 20, 2]}
TABLES = [5, 5, 5, 5, 4]  # 24 players at Shlla'at tables of 3-5
SEATED_NOISE = 0.5  # seating by skill plus this much noise: mostly with one's own level


def spearman(first: list[float], second: list[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        found = [0.0] * len(values)
        start = 0
        while start < len(order):
            end = start
            while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
                end += 1
            for i in order[start:end + 1]:
                found[i] = (start + end) / 2
            start = end + 1
        return found
    a, b = ranks(first), ranks(second)
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b))
    spread = (sum((x - mean_a) ** 2 for x in a) * sum((y - mean_b) ** 2 for y in b)) ** 0.5
    return cov / spread if spread else 0.0


class Club:
    def __init__(self, app: Flask, rng: random.Random) -> None:
        self.client, self.rng = app.test_client(), rng
        self.skill = {f"P{i + 1:02d}": rng.gauss(0, 1) for i in range(PLAYERS)}
        self.played: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))

    def seated(self) -> list[str]:
        """Everyone, in order of skill plus noise: neighbours share a table."""
        return sorted(self.skill, key=lambda p: self.skill[p] + self.rng.gauss(0, SEATED_NOISE))

    def showing(self, players: list[str]) -> float:
        return sum(self.skill[p] + self.rng.gauss(0, LUCK) for p in players) / len(players)

    def play(self, game: str, players: list[str], hands: list[dict[str, object]],
             target: int) -> None:
        made = self.client.post("/api/v1/games", json={"game": game, "players": players,
                                                       "target": target}).get_json()
        key = {"Authorization": f"Bearer {made['edit_key']}"}
        for body in hands:
            answer = self.client.post(f"/api/v1/games/{made['id']}/hands",
                                      json={"hand": body}, headers=key)
            assert answer.status_code == 201, answer.get_json()
        final = answer.get_json()
        assert final["finished"], final
        sides = final["teams"] or [[seat] for seat in range(len(players))]
        for side, seats in enumerate(sides):
            for seat in seats:
                self.played[game][players[seat]].append(side in final["winners"])

    def shllaat_round(self) -> None:
        order, start = self.seated(), 0
        for size in TABLES:
            table = order[start:start + size]
            start += size
            places = sorted(table, key=lambda p: -self.showing([p]))
            points = dict(zip(places, SHLLAAT_POINTS[size]))
            hand = {"points": [points[p] for p in table]}
            self.play("shllaat", table, [hand, hand], 252)

    def shelem_round(self) -> None:
        order = self.seated()
        for start in range(0, PLAYERS, 4):
            table = order[start:start + 4]
            self.rng.shuffle(table)  # partners: seats 0 and 2, 1 and 3
            first = self.showing([table[0], table[2]]) > self.showing([table[1], table[3]])
            bidder = 0 if first else 1
            self.play("shelem", table, [{"bidder": bidder, "bid": 100,
                                         "bidder_points": 165}], 165)

    def report(self, game: str) -> None:
        rated = self.client.get(f"/api/v1/ratings/{game}").get_json()["ratings"]
        names = [r["player"] for r in rated]
        place = {name: len(names) - i for i, name in enumerate(names)}  # best first: highest
        skills = [self.skill[p] for p in names]
        wins = [sum(self.played[game][p]) / len(self.played[game][p]) for p in names]
        games = sum(len(v) for v in self.played[game].values())
        print(f"{game}: {len(names)} players, {games} seats played: Spearman with the hidden "
              f"skill, ratings page {spearman([place[p] for p in names], skills):.2f}, "
              f"win rate {spearman(wins, skills):.2f}")


def simulate(url: str) -> None:
    app = app_on(url)
    app.config["PUBLIC_RECORDS"] = True  # a club server: the ratings of every stored game
    club = Club(app, random.Random(35))
    start = time.perf_counter()
    for _ in range(SHLLAAT_ROUNDS):
        club.shllaat_round()
    for _ in range(SHELEM_ROUNDS):
        club.shelem_round()
    made = SHLLAAT_ROUNDS * len(TABLES) + SHELEM_ROUNDS * PLAYERS // 4
    print(f"simulated club: {made} games through the API in {time.perf_counter() - start:.1f} s")
    club.report("shllaat")
    club.report("shelem")
    app.extensions["engine"].dispose()


def stored_games(session: Session, rng: random.Random, count: int) -> None:
    """`count` finished Shlla'at games of 3-5 from 200 players, written straight to the table."""
    names = [f"Q{i:03d}" for i in range(200)]
    start = utcnow() - timedelta(days=400)
    rows = []
    for i in range(count):
        size = rng.choice((3, 4, 5))
        players = rng.sample(names, size)
        totals = [rng.randrange(0, 400) for _ in players]
        best = max(totals)
        rows.append(Game(id=f"g{i:06d}", game="shllaat", rules={}, players=players, teams=None,
                         edit_key_hash="x", finished=True, totals=totals,
                         winners=[s for s, t in enumerate(totals) if t == best],
                         hand_count=2, created_at=start + timedelta(minutes=i)))
    session.add_all(rows)
    session.commit()


def recompute(url: str) -> None:
    engine = make_engine(url)
    with Session(engine) as session:
        stored_games(session, random.Random(7), STORED)
        timings, cpu = [], []
        for _ in range(sized(3, 1)):
            begin, begin_cpu = time.perf_counter(), time.process_time()
            ratings.recompute_all(session)
            timings.append(time.perf_counter() - begin)
            cpu.append(time.process_time() - begin_cpu)
        steps = len(session.exec(select(RatingStep.id)).all())
        # The CPU time beside: on a shared machine the wall clock also counts the waits for a
        # core (this process's CPU time includes SQLite's, not a PostgreSQL server's).
        print(f"full recomputation of {STORED} stored games ({steps} players' steps): "
              f"{min(timings):.2f} s (goal <= 2 s), {min(cpu):.2f} s of CPU, "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        row = Game(id="new", game="shllaat", rules={}, players=["Q001", "Q002", "Q003"],
                   edit_key_hash="x", finished=True, totals=[300, 100, 50], winners=[0],
                   hand_count=2, created_at=utcnow())
        session.add(row)
        session.flush()
        begin = time.perf_counter()
        ratings.game_changed(session, row)
        session.commit()
        added = (time.perf_counter() - begin) * 1000
        after = len(session.exec(select(RatingStep.id)).all())
        print(f"a new game on top of {STORED}: {added:.1f} ms, {after - steps} steps written "
              f"(no recomputation)")
    engine.dispose()


def main() -> None:
    url = os.environ.get("BENCH_DATABASE_URL")
    if os.environ.get("BENCH_PART") != "recompute":
        with fresh_database(url) as (_tmp, db):
            simulate(db)
    with fresh_database(url) as (_tmp, db):
        recompute(db)


if __name__ == "__main__":
    main()
