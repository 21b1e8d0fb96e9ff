"""A Basra match of ordinary games: best of five, the deciding fifth game to 150."""

from __future__ import annotations

import pytest

from companion.db import get_session
from companion.services import games

from .helpers import as_editor, make_game, next_button, sweep, text

PLAYERS = ["Ali", "Omar"]


def play_match(app, winners: list[int], **options) -> tuple[str, str]:
    """Games won in this order, each next game started from the last; the last (id, key)."""
    game_id, key = make_game(app, "basra", options.pop("players", PLAYERS), **options)
    with app.app_context():
        session = get_session()
        for number, side in enumerate(winners):
            if number:
                loaded, key = games.next_match_game(session, game_id)
                game_id = loaded.row.id
            games.add_hand(session, game_id, sweep(side))
    return game_id, key


def test_two_games_all_makes_the_fifth_game_the_decider_to_150(app, client):
    fourth, key = play_match(app, [0, 1, 1, 0])
    page = as_editor(client, fourth, key).get(f"/games/{fourth}")
    assert "Match: Ali 2 – Omar 2 (best of five)" in text(page)
    assert "Two games all: the deciding game is played to 150." in text(page)
    started = client.post(f"/games/{fourth}/next")
    assert started.status_code == 303
    fifth = started.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert games.load_game(get_session(), fifth).state.target == 150
    page = client.get(f"/games/{fifth}")
    words = text(page)
    assert "Deciding game: to 150" in words and "Target 150" in words
    assert "Game 1: Ali Game 2: Omar Game 3: Omar Game 4: Ali Game 5: in progress" in words
    assert "Add hand" in words  # the new game's edit key came with the redirect
    assert not next_button(page)


def test_three_games_to_none_ends_the_match(app, client):
    third, key = play_match(app, [1, 1, 1])
    page = as_editor(client, third, key).get(f"/games/{third}")
    assert "Omar wins the match 3–0" in text(page)
    assert "best of five" not in text(page)
    assert not next_button(page)
    refused = client.post(f"/games/{third}/next")
    assert refused.status_code == 400
    assert "Omar has already won this match." in text(refused)


def test_earlier_games_link_to_the_rest_of_the_match(app, client):
    second, _ = play_match(app, [0, 1])
    with app.app_context():
        first = games.load_game(get_session(), second).row.match_id
    page = client.get(f"/games/{first}")
    assert "Match: Ali 1 – Omar 1 (best of five)" in text(page)
    assert f'href="/games/{second}">Game 2: Omar</a>' in page.get_data(as_text=True)
    assert '<span aria-current="page">Game 1: Ali</span>' in page.get_data(as_text=True)


def test_viewer_sees_the_match_but_no_button(app, client):
    game_id, _ = play_match(app, [0])
    page = client.get(f"/games/{game_id}")
    assert "Match: Ali 1 – Omar 0 (best of five)" in text(page)
    assert not next_button(page)
    assert client.post(f"/games/{game_id}/next").status_code == 401


def test_editor_of_a_finished_game_can_start_the_match(app, client):
    game_id, key = play_match(app, [1])
    page = as_editor(client, game_id, key).get(f"/games/{game_id}")
    assert next_button(page)
    assert 'name="csrf_token"' in page.get_data(as_text=True)


def test_next_game_follows_on_with_the_next_dealer_and_the_same_rules(app, client):
    game_id, key = play_match(app, [0], players=["Ali", "Bahar", "Cyrus", "Dara"],
                              teams=[[0, 2], [1, 3]], first_dealer=2,
                              rules={"preset": "jordanian", "target": 121})
    as_editor(client, game_id, key)
    second = client.post(f"/games/{game_id}/next").headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/games/{second}")
    assert "Deals next Dara" in text(page)  # Cyrus dealt the one hand of game 1
    assert "Match: Ali & Cyrus 1 – Bahar & Dara 0 (best of five)" in text(page)
    with app.app_context():
        row = games.load_game(get_session(), second).row
        first = games.load_game(get_session(), game_id).row
    assert row.rules == first.rules and row.rules["target"] == 121
    assert (row.match_id, row.match_number) == (game_id, 2)


def test_a_second_tap_opens_the_game_the_first_started(app, client):
    game_id, key = play_match(app, [0])
    as_editor(client, game_id, key)
    first_tap = client.post(f"/games/{game_id}/next").headers["Location"]
    second_tap = client.post(f"/games/{game_id}/next")
    assert second_tap.status_code == 303 and second_tap.headers["Location"] == first_tap
    with app.app_context():
        assert games.load_game(get_session(), game_id).row.match_number == 1


@pytest.mark.parametrize(("game", "players", "hands", "message"), [
    ("shelem", ["Ali", "Bahar", "Cyrus", "Dara"],
     [{"bidder": 0, "bid": 120, "bidder_points": 130}],
     "Only Basra is played as a match of five games."),
    ("basra", PLAYERS, [],
     "This game is not over yet: finish it before starting the next game of the match."),
    ("basra", ["Ali", "Bahar", "Cyrus"], [],
     "A Basra match is played between two sides: two players or two partnerships."),
])
def test_next_game_is_refused_plainly(app, client, game, players, hands, message):
    game_id, key = make_game(app, game, players, hands=hands)
    response = as_editor(client, game_id, key).post(f"/games/{game_id}/next")
    assert response.status_code == 400
    assert message in text(response)
    assert not next_button(response) and "Match:" not in text(response)


def test_three_players_get_no_match_line(app, client):
    hand = {"cards": [40, 6, 6], "jacks": [4, 0, 0], "aces": [4, 0, 0], "basras": [12, 0, 0],
            "two_of_clubs": 0, "ten_of_diamonds": 0}
    game_id, key = make_game(app, "basra", ["Ali", "Bahar", "Cyrus"], hands=[hand])
    page = as_editor(client, game_id, key).get(f"/games/{game_id}")
    assert "Ali won the game!" in text(page)
    assert "Match" not in text(page) and not next_button(page)


def test_phones_watching_the_finished_game_see_the_next_one_appear(app, client):
    game_id, key = play_match(app, [0])
    watching = client.get(f"/games/{game_id}/board?since=2")
    assert "Game 2" not in text(watching)
    with app.app_context():
        second = games.next_match_game(get_session(), game_id)[0].row.id
    assert client.get(f"/games/{game_id}/board?since=2").status_code == 200
    with app.app_context():
        games.add_hand(get_session(), second, sweep(1))
    board = client.get(f"/games/{game_id}/board?since=2")
    assert "Match: Ali 1 – Omar 1 (best of five)" in text(board)
    assert f'href="/games/{second}">Game 2: Omar</a>' in board.get_data(as_text=True)
