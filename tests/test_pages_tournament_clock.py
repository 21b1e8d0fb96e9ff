"""The director's cockpit on the pages: the tables not finished, the round clock on the
desk, the wall and a table's game page.

Basra, best of one: `sweep(side)` wins a game at once; BASRA_WIN (73 to side 0) leaves it
open. Time is held still where a page shows a time, so each figure is worked out by hand.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from companion.db import get_session
from companion.models import Hand
from companion.services.tournaments import clock as clock_module
from companion.services.tournaments import open_tables

from .helpers import BASRA_WIN, create_tournament, desk, next_round, play, sweep, text

START = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)


@pytest.fixture
def now(monkeypatch):
    """The time the clock and the open tables read, held at 18:00 until a test moves it."""
    held = {"at": START}
    monkeypatch.setattr(clock_module, "utcnow", lambda: held["at"])
    monkeypatch.setattr(open_tables, "utcnow", lambda: held["at"])

    def move(seconds: int) -> None:
        held["at"] = START + timedelta(seconds=seconds)
    return move


def swiss_round_one(client):
    """A Swiss of four over two rounds: round 1 paired, its table 1 won, table 2 open."""
    t = create_tournament(client, format="swiss", settings={"best_of": 1, "rounds": 2})
    first, second = next_round(client, t)["matches"]
    play(client, first, sweep(0), hands=1)
    return t, second


def test_the_desk_says_which_tables_keep_the_next_round_from_being_paired(client, now):
    t, open_match = swiss_round_one(client)
    page = desk(client, t)
    assert "Table 2 keeps round 2 from being paired." in page
    assert "1 table not finished" in page
    listed = text(client.get(f"/tournaments/{t['id']}/open-tables"))
    assert "Round 1, table 2" in listed and "Round 1, table 1" not in listed
    first, second = open_match["names"]
    assert f"{first} 0 – 0 {second}" in listed  # games won so far
    assert "No hand yet; since the round was paired" in listed


def test_the_time_since_a_tables_last_hand(app, client, now):
    t, open_match = swiss_round_one(client)
    play(client, open_match, BASRA_WIN, hands=1)
    with app.app_context():
        session = get_session()
        hand = session.exec(select(Hand).where(Hand.game_id == open_match["current_game"])).one()
        hand.created_at = START
        session.add(hand)
        session.commit()
    now(12 * 60 + 34)  # 12 minutes 34 seconds after the hand
    listed = text(client.get(f"/tournaments/{t['id']}/open-tables"))
    assert "Since the last hand 12:34" in listed


def test_a_round_robin_pairs_on_behind_its_open_tables(client, now):
    t = create_tournament(client, settings={"best_of": 1})
    first, second = next_round(client, t)["matches"]
    play(client, second, sweep(0), hands=1)
    page = desk(client, t)
    assert "Still open: table 1 of round 1. Round 2 can be paired meanwhile." in page


def test_the_desk_starts_pauses_and_stops_the_clock(client, now):
    t, open_match = swiss_round_one(client)
    desk(client, t)
    answer = client.post(f"/tournaments/{t['id']}/clock",
                         data={"minutes": "۴۵", "action": "start"})
    assert answer.status_code == 303
    assert "Round clock 45:00" in desk(client, t)
    now(10 * 60)
    client.post(f"/tournaments/{t['id']}/clock", data={"action": "pause"})
    now(20 * 60)
    page = desk(client, t)
    assert "Round clock, paused 35:00" in page
    # the history, newest first
    assert "Round clock paused (by the director)" in page
    assert page.index("Round clock paused") < page.index("Round clock started: 45 min")
    assert "Round clock, paused 35:00" in text(client.get(f"/tournaments/{t['id']}/screen"))
    game = text(client.get(f"/games/{open_match['current_game']}"))
    assert "Round clock, paused 35:00" in game
    client.post(f"/tournaments/{t['id']}/clock", data={"action": "stop"})
    assert "Round clock" not in text(client.get(f"/tournaments/{t['id']}/screen"))


def test_time_is_up_on_the_wall_and_the_table(client, now):
    t, open_match = swiss_round_one(client)
    desk(client, t)
    client.post(f"/tournaments/{t['id']}/clock", data={"minutes": "30", "action": "start"})
    now(30 * 60)
    assert "Round clock Time is up" in text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "Round clock Time is up" in text(client.get(f"/games/{open_match['current_game']}"))


@pytest.mark.parametrize("typed", ["0", "10000", "soon", ""])
def test_the_desk_refuses_bad_minutes_with_a_sentence(client, now, typed):
    t, _ = swiss_round_one(client)
    desk(client, t)
    answer = client.post(f"/tournaments/{t['id']}/clock", data={"minutes": typed,
                                                                 "action": "start"})
    assert answer.status_code == 422
    assert ("Give the round's time as a whole number of minutes, from 1 to 300."
            in text(answer))
    assert "Round clock" not in text(client.get(f"/tournaments/{t['id']}/screen"))


def test_a_clock_in_persian(client, now):
    t, _ = swiss_round_one(client)
    desk(client, t)
    client.post(f"/tournaments/{t['id']}/clock", data={"minutes": "45", "action": "start"})
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "arabext")
    page = text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "۴۵:۰۰" in page
