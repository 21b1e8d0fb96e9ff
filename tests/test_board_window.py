"""The board lists a long game's latest 50 hands; every hand is one tap away on its own page.

Each hand is Ali & Cyrus bidding 100 and making it with 100 points: 100 to them, and the
other side keeps the rest of the deal's 165 points, 65.
"""

from __future__ import annotations

import re

import pytest

from .helpers import HAND, as_editor, make_game, text


def hand_numbers(response) -> list[int]:
    return [int(n) for n in re.findall(r'<li id="hand-(\d+)"', response.get_data(as_text=True))]


@pytest.fixture
def long_game(app):
    """A Shelem game of 60 hands (its target, 100,000, is never reached)."""
    return make_game(app, hands=[HAND] * 60, target=100_000)


def test_a_60_hand_board_lists_hands_11_to_60_and_links_to_every_hand(client, long_game):
    game_id, _ = long_game
    board = client.get(f"/games/{game_id}/board", headers={"HX-Request": "true"})
    assert hand_numbers(board) == list(range(11, 61))
    shown = text(board)
    assert "The last 50 of 60 hands. Every hand" in shown
    assert "11 100 total 1100 65 total 715" in shown  # hand 11, eleven hands in
    assert "60 100 total 6000 65 total 3900" in shown
    assert f'href="/games/{game_id}/hands"' in board.get_data(as_text=True)
    assert hand_numbers(client.get(f"/games/{game_id}")) == list(range(11, 61))  # the page too


def test_every_hand_is_listed_on_its_own_page_with_the_scorers_buttons(client, long_game):
    game_id, key = long_game
    viewer = client.get(f"/games/{game_id}/hands")
    assert viewer.status_code == 200
    assert hand_numbers(viewer) == list(range(1, 61))
    shown = text(viewer)
    assert "1 100 total 100 65 total 65" in shown
    assert "The last" not in shown and "Edit hand" not in shown
    scorer = as_editor(client, game_id, key).get(f"/games/{game_id}/hands")
    assert "Edit hand 1 Delete hand 1" in text(scorer)
    assert f'href="/games/{game_id}/hands/1/edit"' in scorer.get_data(as_text=True)


def test_every_hand_answers_304_to_a_phone_that_has_it(client, long_game):
    game_id, _ = long_game
    first = client.get(f"/games/{game_id}/hands")
    again = client.get(f"/games/{game_id}/hands", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_a_50_hand_board_lists_them_all_without_the_link(client, app):
    game_id, _ = make_game(app, hands=[HAND] * 50, target=100_000)
    board = client.get(f"/games/{game_id}/board", headers={"HX-Request": "true"})
    assert hand_numbers(board) == list(range(1, 51))
    assert "Every hand" not in text(board)


def test_the_count_of_hands_shown_in_persian_digits(client, long_game):
    game_id, _ = long_game
    client.set_cookie("lang", "fa")
    board = client.get(f"/games/{game_id}/board", headers={"HX-Request": "true"})
    assert "۵۰ دور آخر از ۶۰ دور. همهٔ دورها" in text(board)


def test_every_hand_of_a_game_that_does_not_exist_is_404(client):
    assert client.get("/games/nothing-here/hands").status_code == 404
