"""A paired round's games are counted before it is paired: one address cannot make more games
than its allowance by pairing big rounds again and again, and a director can still pair a
round bigger than a minute's allowance (it is counted over the next few minutes)."""

from __future__ import annotations

import time

import pytest
from limits.storage import memory
from sqlmodel import select

from companion import limits
from companion.db import get_session
from companion.models import Game

from .helpers import client_at, desk, director, limited_app, text

TOO_MANY_AT_ONCE = ("This round would start more games than this address may start right "
                    "now; try again in a few minutes.")


class Clock:
    """The rate limits' clock, moved on by the test instead of waiting for minutes."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def time(self) -> float:
        return time.time() + self.ahead


@pytest.fixture
def clock(monkeypatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(memory, "time", moved)
    return moved


@pytest.fixture
def hall(db_url, monkeypatch):
    # Four creations a minute; the largest round taken as 12 tables (not 128) keeps the test
    # small: the longer allowance is then 12 creations in 3 minutes.
    monkeypatch.setattr(limits, "LARGEST_ROUND", 12, raising=False)
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://",
                      RATELIMIT_CREATE_GAME="4/minute")
    yield app
    app.extensions["engine"].dispose()


def stored_games(app) -> int:
    with app.app_context():
        return len(get_session().exec(select(Game)).all())


def twelve_entrants(phone) -> dict:
    response = phone.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "round_robin",
        "entrants": [f"P{n}" for n in range(1, 13)]})  # six tables of two
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def pair(phone, t):
    return phone.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))


def test_pairing_a_big_round_every_minute_is_refused_once_its_games_do_not_fit(hall, clock):
    phone = client_at(hall, "192.0.2.120")
    first = twelve_entrants(phone)  # 1 of 4 this minute, 1 of 12 in three minutes
    # Six games, more than the 3 left of the minute: paired all the same, counted in full.
    assert pair(phone, first).status_code == 201
    assert stored_games(hall) == 6
    clock.ahead += 61  # the minute's allowance is whole again; the three minutes' holds 7
    second = twelve_entrants(phone)  # 8 of 12
    refused = pair(phone, second)  # 6 more would be 14 of 12
    assert refused.status_code == 429
    assert refused.get_json() == {"error": TOO_MANY_AT_ONCE}
    desk(phone, second)  # the director's desk says so too
    on_the_desk = phone.post(f"/tournaments/{second['id']}/rounds")
    assert on_the_desk.status_code == 429 and TOO_MANY_AT_ONCE in text(on_the_desk)
    assert stored_games(hall) == 6  # nothing of the refused round was made
    body = phone.get(f"/api/v1/tournaments/{second['id']}", headers=director(second))
    assert body.get_json()["rounds"] == []
    clock.ahead += 120  # three minutes after the first round: its 7 are no longer counted
    assert pair(phone, second).status_code == 201  # the director goes on
    assert stored_games(hall) == 12


@pytest.mark.store_blind
def test_the_longer_allowance_at_the_defaults_is_140_creations_in_7_minutes(db_url):
    # 20 a minute; the largest round is 128 tables (256 entrants): 7 minutes' worth.
    app = limited_app(db_url, RATELIMIT_CREATE_GAME="20/minute")
    with app.test_request_context():
        minute, longer = limits._allowances()
    assert (longer.amount, longer.get_expiry()) == (140, 7 * 60)
    assert (minute.amount, minute.get_expiry()) == (20, 60)
    app.extensions["engine"].dispose()


def test_deleting_a_tables_game_again_and_again_is_held_to_the_creation_limit(db_url):
    """A table's open game deleted is replaced by a new one: each replacement is a creation.
    At 4 a minute: the tournament (1) and its one table's game (1), then two deletions; the
    third is refused and changes nothing."""
    app = limited_app(db_url, RATELIMIT_CREATE_GAME="4/minute")
    phone = client_at(app, "192.0.2.40")
    t = phone.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "knockout", "entrants": ["Ali", "Bahar"],
        "settings": {"best_of": 1}}).get_json()
    match = phone.post(f"/api/v1/tournaments/{t['id']}/rounds",
                       headers=director(t)).get_json()["matches"][0]
    scorer = {"Authorization": f"Bearer {match['edit_key']}"}
    game = match["current_game"]
    for _ in range(2):
        assert phone.delete(f"/api/v1/games/{game}", headers=scorer).status_code == 200
        game = phone.get(f"/api/v1/tournaments/{t['id']}").get_json()[
            "rounds"][0]["matches"][0]["current_game"]
    assert phone.delete(f"/api/v1/games/{game}", headers=scorer).status_code == 429
    assert phone.get(f"/api/v1/games/{game}").status_code == 200  # still there
    with app.app_context():
        assert len(get_session().exec(select(Game)).all()) == 3
    app.extensions["engine"].dispose()
