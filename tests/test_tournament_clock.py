"""The round clock: the director starts, pauses, resumes and stops the current round's time.

Time is held still (the clock module's `utcnow`) so every figure is worked out by hand:
45 minutes started at 18:00 end at 18:45, 2,700 seconds; paused at 18:10, 35 minutes
(2,100 seconds) are left; resumed at 18:20, they end at 18:55.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from companion.services.tournaments import clock as clock_module

from .helpers import create_tournament, director, next_round, play, sweep
from .helpers import tournament_history as history

START = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)


@pytest.fixture
def now(monkeypatch):
    """The clock's time, held at 18:00 until a test moves it."""
    held = {"at": START}
    monkeypatch.setattr(clock_module, "utcnow", lambda: held["at"])

    def move(minutes: int) -> None:
        held["at"] = START + timedelta(minutes=minutes)
    return move


def paired(client):
    t = create_tournament(client, settings={"best_of": 1})
    next_round(client, t)
    return t


def set_clock(client, t, **body):
    return client.post(f"/api/v1/tournaments/{t['id']}/clock", json=body, headers=director(t))


def shown(client, t):
    return client.get(f"/api/v1/tournaments/{t['id']}").get_json()["clock"]


def test_started_paused_resumed_and_stopped(client, now):
    t = paired(client)
    assert shown(client, t) is None
    answer = set_clock(client, t, minutes=45)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["clock"] == {"running": True, "ends_at": "2026-11-28T18:45:00+00:00",
                                          "remaining": 2700}
    now(10)
    assert shown(client, t)["remaining"] == 2100
    assert set_clock(client, t, action="pause").get_json()["clock"]["running"] is False
    now(20)  # paused: still 35 minutes left
    assert shown(client, t) == {"running": False, "ends_at": "2026-11-28T18:55:00+00:00",
                                "remaining": 2100}
    resumed = set_clock(client, t, action="resume").get_json()["clock"]
    assert resumed == {"running": True, "ends_at": "2026-11-28T18:55:00+00:00",
                       "remaining": 2100}
    now(60)  # past 18:55: time is up
    assert shown(client, t)["remaining"] == 0
    assert set_clock(client, t, action="stop").get_json()["clock"] is None
    kinds = [(e["kind"], e["after"], e["by"]) for e in history(client, t) if e["kind"] == "clock"]
    assert kinds == [("clock", {"action": "stop", "minutes": None}, "director"),
                     ("clock", {"action": "resume", "minutes": None}, "director"),
                     ("clock", {"action": "pause", "minutes": None}, "director"),
                     ("clock", {"action": "start", "minutes": 45}, "director")]


@pytest.mark.parametrize(("body", "sentence"), [
    ({"minutes": 0}, "Give the round's time as a whole number of minutes, from 1 to 300."),
    ({"minutes": 10_000}, "Give the round's time as a whole number of minutes, from 1 to 300."),
    ({"minutes": "45"}, "Give the round's time as a whole number of minutes, from 1 to 300."),
    ({}, "Give the round's time as a whole number of minutes, from 1 to 300."),
    ({"action": "reset"}, "The clock's action is pause, resume or stop."),
])
def test_bad_input_is_refused_and_changes_nothing(client, now, body, sentence):
    t = paired(client)
    set_clock(client, t, minutes=30)
    before = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    answer = set_clock(client, t, **body)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == sentence
    assert client.get(f"/api/v1/tournaments/{t['id']}").get_json() == before


def test_no_round_in_play_is_a_conflict(client, now):
    t = create_tournament(client, settings={"best_of": 1})
    answer = set_clock(client, t, minutes=30)
    assert answer.status_code == 409
    assert answer.get_json()["error"] == ("No round is being played: pair a round first, then "
                                          "start its clock.")
    assert shown(client, t) is None


def test_actions_that_do_not_fit_the_clock(client, now):
    t = paired(client)
    answer = set_clock(client, t, action="pause")
    assert (answer.status_code, answer.get_json()["error"]) == (
        409, "The round's clock has not been started: start it with the round's minutes.")
    set_clock(client, t, minutes=30)
    assert set_clock(client, t, action="resume").get_json()["error"] == (
        "The clock is running already.")
    set_clock(client, t, action="pause")
    assert set_clock(client, t, action="pause").get_json()["error"] == (
        "The clock is paused already.")


def test_only_the_director_runs_the_clock(client, now):
    t = paired(client)
    assert client.post(f"/api/v1/tournaments/{t['id']}/clock",
                       json={"minutes": 30}).status_code == 401
    assert shown(client, t) is None


def test_the_next_round_leaves_the_clock_behind(client, now):
    t = create_tournament(client, format="swiss", settings={"best_of": 1, "rounds": 2})
    for match in next_round(client, t)["matches"]:
        set_clock(client, t, minutes=30)
        play(client, match, sweep(0), hands=1)
    assert shown(client, t) is not None  # round 1 over, round 2 not paired yet
    next_round(client, t)
    assert shown(client, t) is None
