"""Whether a pack's cards can be shared out so that each pile holds given points.

Used to refuse a points entry no deal can produce (Shlla'at's `[49, 49, 49, 49, 56]` for five:
the two Jokers, 50 each, fit in none of the 49s, and one pile of 56 holds only one). Pure
arithmetic: the cards are only (value, how many) pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from itertools import product
from math import gcd

State = tuple[int, ...]


def shareable(points: Sequence[int], kinds: Sequence[tuple[int, int]], exact: bool) -> bool:
    """Can piles hold exactly `points`, from cards of `kinds` (value, count)? With `exact`
    every card is in a pile; otherwise some may stay out (Ghârat's play pile)."""
    kinds = sorted(kinds, reverse=True)
    if not kinds:
        return not any(points)
    step = reduce(gcd, (value for value, _ in kinds))
    if any(p % step for p in points):
        return False
    scaled = [(value // step, count) for value, count in kinds]
    piles = [p // step for p in points]
    if scaled[-1][0] != 1:  # no card worth the step: only a search would tell; let it be
        return True
    if len(scaled) == 1:
        total = sum(piles)
        return total == scaled[0][1] if exact else total <= scaled[0][1]
    *big, (pair_value, pairs), (_one, ones) = scaled
    return any(_fits(sum(piles) - _worth(big, used), pair_value, pairs, ones, best, exact)
               for used, best in _big_cards(piles, big, pair_value).items()
               if not exact or used == tuple(count for _, count in big))


def _worth(big: Sequence[tuple[int, int]], used: State) -> int:
    return sum(value * n for (value, _), n in zip(big, used, strict=True))


def _big_cards(piles: Sequence[int], big: Sequence[tuple[int, int]], pair: int
               ) -> dict[State, int]:
    """For each way of using the big cards (how many of each kind went into piles): the most
    cards of value `pair` the piles' remainders could then hold."""
    states: dict[State, int] = {tuple(0 for _ in big): 0}
    for points in piles:
        following: dict[State, int] = {}
        for used, best in states.items():
            for take in product(*(range(count - n + 1) for (_, count), n in zip(big, used,
                                                                                  strict=True))):
                left = points - _worth(big, take)
                if left < 0:
                    continue
                state = tuple(n + t for n, t in zip(used, take, strict=True))
                following[state] = max(following.get(state, -1), best + left // pair)
        states = following
    return states


def _fits(rest: int, pair: int, pairs: int, ones: int, room: int, exact: bool) -> bool:
    """Can `rest` points be made of `t` cards worth `pair` and `rest - pair·t` worth 1, with
    t at most `room` (what the piles' remainders hold) and the pack's counts?"""
    if exact:
        return pairs <= room and rest == pair * pairs + ones
    low = max(0, -(-(rest - ones) // pair))
    return low <= min(pairs, room)
