"""The referee never offers what it would rule illegal: over random situations of every game
whose referee asks what a card took, each offered option, claimed, is judged legal."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.i18n import render_msg
from companion.pages.referee_boards import build
from companion.rules.cards import DECK_52, DECK_54

CARDS_52 = [str(card) for card in DECK_52.cards()]
CARDS_54 = [str(card) for card in DECK_54.cards()]
PICKY = settings(max_examples=150, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture])


def deal(cards: list[str], sizes: list[int]):
    """Distinct cards for each of `sizes` places, drawn from `cards`."""
    return st.permutations(cards).map(lambda shuffled: _split(shuffled, sizes))


def _split(shuffled: list[str], sizes: list[int]) -> list[list[str]]:
    places, start = [], 0
    for size in sizes:
        places.append(shuffled[start:start + size])
        start += size
    return places


def offers_are_legal(app, game: str, args: dict[str, str]) -> None:
    with app.test_request_context():
        board = build(game, args)
        for key in board.may_take:
            claimed = build(game, key.args)
            verdict = claimed.verdict
            said = [render_msg(m) for m in claimed.errors] or render_msg(verdict.reason)
            assert not claimed.errors and verdict.legal, (args, key.args, said)


@st.composite
def basra_situation(draw):
    floor_size = draw(st.integers(1, 7))
    floor, played = draw(deal(CARDS_52, [floor_size, 1]))
    if sum(card.startswith("J") for card in floor) > 1 or ("7D" in floor and any(
            card.startswith("J") for card in floor)):
        floor = [card for card in floor if not card.startswith("J")] or ["5C"]
        if played[0] in floor:
            played = ["KS"]
    preset = draw(st.sampled_from(["egyptian", "jordanian", "yemeni", "lebanese"]))
    return {"preset": preset, "floor": ",".join(floor), "played": played[0]}


@st.composite
def shllaat_situation(draw):
    players = draw(st.integers(2, 5))
    sizes = [draw(st.integers(0, 5))] + [draw(st.integers(0, 3)) for _ in range(players)] + [1]
    pool, *piles, played = draw(deal(CARDS_54, sizes))
    # a pile's top set holds cards of one rank (and any special cards): make each so
    args = {"players": str(players), "player": str(draw(st.integers(0, players - 1))),
            "pool": ",".join(pool), "played": played[0]}
    for owner, pile in enumerate(piles):
        normal = [card for card in pile if card[:-1] not in ("A", "J") and card != "JK"]
        ranks = {card[:-1] for card in normal}
        if len(ranks) > 1 or (pile and not normal):
            pile = normal[:1]
        if pile:
            args[f"pile{owner}"] = ",".join(pile)
    return args


@st.composite
def gharat_situation(draw):
    players = draw(st.integers(2, 4))
    top, *piles, played = draw(deal(CARDS_52, [1] * (players + 2)))
    args = {"players": str(players), "player": str(draw(st.integers(0, players - 1))),
            "played": played[0]}
    if draw(st.booleans()):
        args["top"] = top[0]
    for owner, pile in enumerate(piles):
        if draw(st.booleans()):
            args[f"pile{owner}"] = pile[0]
    return args


@PICKY
@given(basra_situation())
def test_basra_offers_only_legal_captures(app, situation):
    offers_are_legal(app, "basra", situation)


@PICKY
@given(shllaat_situation())
def test_shllaat_offers_only_legal_captures(app, situation):
    offers_are_legal(app, "shllaat", situation)


@PICKY
@given(gharat_situation())
def test_gharat_offers_only_legal_captures(app, situation):
    offers_are_legal(app, "gharat", situation)


@pytest.mark.parametrize("link", [
    # the cases: a Joker, then an ace, with normal cards of two ranks to take
    {"pool": "6S,6H,3C", "pile1": "6D,6C", "played": "JK", "players": "3"},
    {"pool": "4C", "pile1": "9D,AS,9H", "played": "AH", "players": "3"},
])
def test_a_special_card_is_not_offered_two_ranks_at_once(app, link):
    offers_are_legal(app, "shllaat", link)
