"""Tournament speed: standings of 128 entrants after 2 000 finished games, and pairing the
next Swiss round for 128 entrants. Targets: < 100 ms and < 200 ms.

BENCH_SHORT=1: 16 entrants, 3 rounds, each timed once, in seconds."""

from __future__ import annotations

import random
import time
from collections import Counter

from common import fresh_database, sized
from sqlmodel import Session

from companion.db import make_engine
from companion.models import Game
from companion.models_tournament import Entrant, Match, MatchGame, Round, Tournament
from companion.services import tournaments
from companion.tournament import pairing

# Swiss rounds of 64 best-of-five matches
ENTRANTS, GAMES, ROUNDS = sized(128, 16), sized(2000, 48), sized(11, 3)
TIMES = sized(5, 1)  # the best of TIMES runs is printed


def best(runs: int, work) -> float:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        timings.append((time.perf_counter() - start) * 1000)
    return min(timings)


def build(session: Session, rng: random.Random) -> str:
    """A Swiss tournament with 2 000 finished Basra games written straight to the tables."""
    row = Tournament(id="bench", name="Bench", game="basra", rules={"target": 101},
                     format="swiss", director_key_hash="x",
                     settings={"table_size": 2, "partnerships": False, "best_of": 5,
                               "decider_target": 150, "rounds": 20,
                               "points": {"win": 2, "draw": 1, "loss": 0},
                               "tiebreaks": ["buchholz", "head_to_head",
                                             "game_point_difference", "points_scored"]})
    session.add(row)
    session.flush()
    entrants = [Entrant(tournament_id="bench", seed=i + 1, name=f"P{i + 1}",
                        players=[f"P{i + 1}"]) for i in range(ENTRANTS)]
    session.add_all(entrants)
    session.flush()
    ids, made = [e.id for e in entrants], 0
    for number in range(1, ROUNDS + 1):
        round_row = Round(tournament_id="bench", number=number)
        session.add(round_row)
        session.flush()
        rng.shuffle(ids)
        for table in range(ENTRANTS // 2):
            match = Match(tournament_id="bench", round_id=round_row.id, table=table + 1,
                          sides=[ids[2 * table], ids[2 * table + 1]], key_hash="x", side_keys=[])
            session.add(match)
            session.flush()
            winner = rng.randrange(2)
            for game_no in range(1, 4 if made + 3 <= GAMES else 1):
                game = Game(id=f"g{made}", game="basra", rules={"target": 101},
                            players=["a", "b"], edit_key_hash="x", finished=True,
                            winners=[winner], hand_count=3,
                            totals=[101 + game_no, 60] if winner == 0 else [60, 101 + game_no])
                session.add(game)
                session.add(MatchGame(match_id=match.id, game_id=game.id,
                                      tournament_id="bench", number=game_no))
                made += 1
    session.commit()
    return "bench"


def main() -> None:
    rng = random.Random(7)
    with fresh_database() as (_, url):
        engine = make_engine(url)
        with Session(engine, expire_on_commit=False) as session:
            tid = build(session, rng)
            tournament = tournaments.load(session, tid)
            games = sum(len(m.games) for r in tournament.rounds for m in r)

            def standings_from_database() -> None:
                session.expunge_all()
                tournaments.rankings(tournaments.load(session, tid))

            ms = best(TIMES, standings_from_database)
            print(f"standings, {ENTRANTS} entrants, {games} finished games "
                  f"(load + rank): {ms:.1f} ms (target < 100 ms)")
            ms = best(TIMES, lambda: tournaments.rankings(tournament))
            print(f"standings, ranking only: {ms:.1f} ms")
            rows = tournaments.rankings(tournament)
            played = {frozenset(m.row.sides) for r in tournament.rounds for m in r}
            order = [row.entrant for row in rows]
            ms = best(TIMES, lambda: pairing.swiss(order, played, Counter()))
            print(f"next Swiss round, {ENTRANTS} entrants after {ROUNDS} rounds: "
                  f"{ms:.1f} ms (target < 200 ms)")
            ms = best(TIMES, lambda: pairing.swiss(order[:-1], played, Counter()))
            print(f"next Swiss round, {ENTRANTS - 1} entrants with a bye: {ms:.1f} ms")
            # What the director waits for: pairing plus creating every table's game.
            fresh, _key = tournaments.create_tournament(
                session, "Bench", "basra", None, "swiss",
                [f"Player {n}" for n in range(ENTRANTS)])
            start = time.perf_counter()
            tournaments.next_round(session, fresh.row.id)
            print(f"pair a Swiss round and start its {ENTRANTS // 2} games "
                  f"(the whole request's work, SQLite): "
                  f"{(time.perf_counter() - start) * 1000:.0f} ms")
        engine.dispose()


if __name__ == "__main__":
    main()
