"""How fast the Basra referee judges captures.

Prints the slowest time for a floor of the whole deck but the cards that sweep it (every
numeral and the queens and kings on the floor, each numeral played in turn, cold cache; no
play leaves two sweeping cards on a floor), the slowest of random large floors,
and judged captures per second on random typical floors of 4 to 12 cards. Times are CPU
time of this process (time.process_time), so other work on the machine does not inflate them.

    .venv/bin/python benchmarks/bench_basra.py   (BENCH_SHORT=1: a few of each, in a second)
"""

from __future__ import annotations

import random
import time

from common import sized

from companion.rules import basra_capture
from companion.rules.basra import SPEC, CaptureVerdict, judge, read_capture
from companion.rules.cards import DECK_52

RULES = SPEC.resolve({})
DECK = [str(card) for card in DECK_52.cards()]
SWEEPERS = [str(card) for card in DECK_52.cards() if basra_capture.sweeps_floor(RULES, card)]


def judge_capture(floor: list[str], played: str, claimed: list[str]) -> CaptureVerdict:
    """The referee's work on a request: read the situation, then judge it."""
    return judge(RULES, read_capture(RULES, floor, played, claimed))


def one_sweeper(cards: list[str]) -> list[str]:
    """`cards` keeping the first card that sweeps the floor only, as a floor can hold."""
    first = next((card for card in cards if card in SWEEPERS), None)
    return [card for card in cards if card not in SWEEPERS or card == first]


def cold_time(floor: list[str], played: str, claimed: list[str],
              repeats: int = sized(5, 1)) -> float:
    """Best of `repeats` judgements with an empty cache, in milliseconds."""
    times = []
    for _ in range(repeats):
        basra_capture._legal_counts.cache_clear()
        start = time.process_time()
        judge_capture(floor, played, claimed)
        times.append(time.process_time() - start)
    return min(times) * 1000


def whole_deck() -> tuple[float, str]:
    worst = (0.0, "")
    numerals = ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S")
    for played in numerals[-sized(len(numerals), 2):]:
        floor = [card for card in DECK if card != played and card not in SWEEPERS]
        best = judge_capture(floor, played, []).best
        worst = max(worst, (cold_time(floor, played, [str(c) for c in best]), played))
    return worst


def random_large(rounds: int, rng: random.Random) -> tuple[float, int]:
    worst = (0.0, 0)
    for _ in range(rounds):
        deck = rng.sample(DECK, len(DECK))
        played, floor = deck[0], one_sweeper(deck[1:rng.randint(16, 52)])
        worst = max(worst, (cold_time(floor, played, [], repeats=1), len(floor)))
    return worst


def typical_rate(count: int, rng: random.Random) -> float:
    """Judgements per second on random floors of 4-12 cards, claiming a random legal option."""
    cases = []
    for _ in range(count):
        deck = rng.sample(DECK, 13)
        floor, played = one_sweeper(deck[:rng.randint(4, 12)]), deck[12]
        options = judge_capture(floor, played, []).options
        cases.append((floor, played, [str(c) for c in rng.choice(options)] if options else []))
    basra_capture._legal_counts.cache_clear()
    start = time.process_time()
    for floor, played, claimed in cases:
        judge_capture(floor, played, claimed)
    return count / (time.process_time() - start)


def main() -> None:
    rng = random.Random(2024)
    ms, played = whole_deck()
    print(f"whole deck but its sweeping cards on the floor, worst played card {played}: "
          f"{ms:.2f} ms (limit 20 ms)")
    ms, size = random_large(sized(300, 20), rng)
    print(f"random floors of 16-51 cards, worst: {ms:.2f} ms ({size} cards)")
    rate = typical_rate(sized(20_000, 500), rng)
    print(f"typical floors (4-12 cards): {rate:,.0f} checks/s (goal > 20,000)")


if __name__ == "__main__":
    main()
