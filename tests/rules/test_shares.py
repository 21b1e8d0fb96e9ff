"""Sharing a pack's cards out into piles of given points, against a search of every deal."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.shares import shareable

SHLLAAT = [(50, 2), (25, 4), (2, 4), (1, 44)]   # 252 points
GHARAT = [(20, 4), (10, 12), (5, 36)]           # 380 points


@pytest.mark.parametrize("points, expected", [
    ([0, 0, 252], True),               # one player took everything
    ([49, 49, 49, 49, 56], False),     # two Jokers, one pile of 50 or more
    ([100, 49, 49, 29, 25], True),     # both Jokers, then an ace each and the rest
    ([50, 49, 49, 49, 55], False),     # the fourth ace fits nowhere
    ([26, 226], True),                 # 26 = ace + 1 other
    ([251, 1], True),
])
def test_shllaat_splits(points, expected):
    assert shareable(points, SHLLAAT, exact=True) is expected


@pytest.mark.parametrize("points, expected", [
    ([380, 0], True), ([190, 190], True), ([5] * 4, True),
    ([0, 0], True),                    # nothing captured (the form refuses it for a reason)
])
def test_gharat_splits_may_leave_cards_in_the_play_pile(points, expected):
    assert shareable(points, GHARAT, exact=False) is expected


def _search(points, kinds, exact) -> bool:
    """Every deal: each kind's cards shared out among the piles, one kind at a time."""
    def rest(i, left):
        if i == len(kinds):
            return not any(left)
        value, count = kinds[i]
        for shares in product(range(count + 1), repeat=len(left)):
            if sum(shares) > count or (exact and sum(shares) != count):
                continue
            after = [p - value * n for p, n in zip(left, shares, strict=True)]
            if min(after) >= 0 and rest(i + 1, after):
                return True
        return False
    return rest(0, list(points))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([12, 10, 6, 5, 4, 3, 2]), st.integers(0, 2)),
                min_size=1, max_size=3),
       st.integers(0, 4), st.booleans(), st.data())
def test_agrees_with_a_search_of_every_deal(big, ones, exact, data):
    kinds = sorted([*big, (1, ones)], reverse=True)
    total = sum(value * count for value, count in kinds)
    points = data.draw(st.lists(st.integers(0, total), min_size=1, max_size=3))
    assert shareable(points, kinds, exact) is _search(points, kinds, exact)
