"""What live boards are told: a committed change wakes the streams watching it (the game's, and
its tournament's for a game at a table), a refused one wakes nobody, and a stream opened with
an old version catches up at once."""

from __future__ import annotations

from companion.live import stream

from .helpers import add_hand, create_game, first_match, scorer, sweep


def _hub(client):
    return client.application.extensions["live"]


def test_a_save_wakes_the_games_streams_and_a_refused_one_does_not(client):
    game = create_game(client)
    hub = _hub(client)
    watching, elsewhere = hub.watch(f"game:{game['id']}"), hub.watch("game:another")
    refused = add_hand(client, game, hand={"bidder": 0, "bid": 100})  # no points: a 400
    assert refused.status_code == 400 and not watching.woken.is_set()
    assert add_hand(client, game).status_code == 201
    assert watching.woken.is_set() and not elsewhere.woken.is_set()
    assert hub.version(f"game:{game['id']}") == 2


def test_a_save_at_a_tournament_table_wakes_the_standings_too(client):
    t, match = first_match(client)
    hub = _hub(client)
    standings = hub.watch(f"tournament:{t['id']}")
    response = client.post(f"/api/v1/games/{match['current_game']}/hands",
                           json={"hand": sweep(0)}, headers=scorer(match))
    assert response.status_code == 201
    assert standings.woken.is_set()


def test_a_stream_says_change_to_a_viewer_behind_and_beat_to_one_up_to_date(client):
    game = create_game(client)
    add_hand(client, game)  # version 2
    hub, topic = _hub(client), f"game:{game['id']}"
    behind = stream(hub, topic, "1")
    assert next(behind) == "retry: 1000\n\n"
    assert next(behind) == "id: 2\nevent: change\ndata: 2\n\n"
    behind.close()
    current = stream(hub, topic, "2")
    next(current)
    assert next(current) == "id: 2\nevent: beat\ndata: 2\n\n"
    current.close()
    assert hub.watching() == 0  # a closed stream leaves nothing behind


def test_the_stream_of_a_game_that_does_not_exist_is_a_404(client):
    assert client.get("/games/nosuchgame/live").status_code == 404
    response = client.get(f"/games/{create_game(client)['id']}/live?since=1")
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    assert response.headers["X-Accel-Buffering"] == "no"
    response.close()


def test_a_games_stream_carries_the_new_board_in_the_change(client):
    game = create_game(client)
    response = client.get(f"/games/{game['id']}/live?since=1")
    chunks = response.response  # the stream, read as a browser would
    next(chunks)  # retry
    assert b"event: beat" in next(chunks)
    add_hand(client, game)
    event = next(chunks).decode()
    response.close()
    assert event.startswith("id: 2\nevent: change\ndata: <section id=\"board\"")
    # Ali & Cyrus made their bid of 100: 100 to them, the other 65 of 165 to Bahar & Dara.
    assert 'data-total-side="0">100<' in event and 'data-total-side="1">65<' in event
