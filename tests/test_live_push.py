"""What live boards are told: a committed change wakes the streams watching it (the game's, and
its tournament's for a game at a table), a refused one wakes nobody, and a stream opened with
an old version catches up at once."""

from __future__ import annotations

import re

from companion.live import stream

from .helpers import BASRA_WIN, add_hand, bearer, create_game, first_match, scorer, sweep


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


def test_the_round_clock_wakes_every_tables_board(client):
    """Each table's game page shows the round clock: starting it wakes their streams."""
    t, match = first_match(client)
    hub = _hub(client)
    table = hub.watch(f"game:{match['current_game']}")
    started = client.post(f"/api/v1/tournaments/{t['id']}/clock", json={"minutes": 45},
                          headers=bearer(t["director_key"]))
    assert started.status_code == 200, started.get_json()
    assert table.woken.is_set()


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


def _shown(html: str) -> str:
    """The version a board says it is as of (what its stream and its polls start from)."""
    found = re.search(r'data-live="[^"]*since=(\d+)"', html)
    assert found, html
    return found.group(1)


def _match_line(html: str) -> tuple[str, str]:
    """The games won per side on a board's match line ("Ali 1 – 0 Dara")."""
    wins = re.findall(r'data-match-wins="(\d)">(\d+)<', html)
    return tuple(won for _side, won in sorted(wins))  # type: ignore[return-value]


def test_a_correction_to_game_one_moves_the_match_line_on_game_twos_board(client):
    # Best of three, Ali against Dara. A sweep (163) wins game 1 for Ali; game 2 is under way
    # (73 to Ali, short of 101). Then game 1's hand turns out to be Dara's sweep: the match
    # stands Ali 0 – 1 Dara, and game 2's watchers see it without touching game 2.
    _t, match = first_match(client)
    first = client.post(f"/api/v1/games/{match['current_game']}/hands",
                        json={"hand": sweep(0)}, headers=scorer(match)).get_json()
    second = first["match"]["next_game"]
    assert client.post(f"/api/v1/games/{second}/hands", json={"hand": BASRA_WIN},
                       headers=scorer(match)).status_code == 201
    board = client.get(f"/games/{second}/board").get_data(as_text=True)
    assert _match_line(board) == ("1", "0")
    since = _shown(board)
    response = client.get(f"/games/{second}/live?since={since}")
    chunks = response.response
    next(chunks)  # retry
    assert b"event: beat" in next(chunks)
    corrected = client.put(f"/api/v1/games/{first['id']}/hands/1", json={"hand": sweep(1)},
                           headers={**scorer(match), "If-Match": str(first["version"])})
    assert corrected.status_code == 200, corrected.get_json()
    event = next(chunks).decode()
    response.close()
    assert "event: change" in event and _match_line(event) == ("0", "1")
    # A phone polling instead (no stream) gets the new board too, not "nothing new".
    polled = client.get(f"/games/{second}/board?since={since}")
    assert polled.status_code == 200 and _match_line(polled.get_data(as_text=True)) == ("0", "1")
    assert client.get(f"/api/v1/games/{second}").get_json()["match"]["wins"] == [0, 1]


def test_a_new_game_of_a_basra_match_moves_the_first_games_board_on(client):
    # Amal wins game 1 of a Basra match (best of five) with one sweep; the board of game 1
    # then offers the match; starting game 2 lists it there ("Game 2: in progress").
    game = client.post("/api/v1/games", json={"game": "basra",
                                              "players": ["Amal", "Badr"]}).get_json()
    assert client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": sweep(0)},
                       headers=bearer(game["edit_key"])).status_code == 201
    board = client.get(f"/games/{game['id']}/board").get_data(as_text=True)
    assert "Game 2" not in board
    response = client.get(f"/games/{game['id']}/live?since={_shown(board)}")
    chunks = response.response
    next(chunks)
    assert b"event: beat" in next(chunks)
    started = client.post(f"/games/{game['id']}/next", headers=bearer(game["edit_key"]))
    assert started.status_code == 303
    event = next(chunks).decode()
    response.close()
    assert "event: change" in event and "Game 2: in progress" in event


def test_a_scorers_stream_stops_once_the_key_is_replaced_and_reopens_as_a_viewers(client):
    # The scorer's phone watches with the edit key's cookie; the key is then replaced from
    # another phone, which adds hand 2. The old stream does not push the scorer's board (with
    # "Edit hand 2") to a phone whose key no longer opens the game: it ends, and the page,
    # reconnecting with the cookie it has, gets the viewer's board.
    game = create_game(client)
    client.set_cookie(f"edit_{game['id']}", game["edit_key"])
    add_hand(client, game)  # hand 1: version 2
    response = client.get(f"/games/{game['id']}/live?since=1")
    chunks = response.response
    next(chunks)  # retry
    assert "Edit hand 1" in next(chunks).decode()  # the scorer's board
    replaced = client.post(f"/api/v1/games/{game['id']}/key", headers=bearer(game["edit_key"]))
    assert replaced.status_code == 200
    new_key = replaced.get_json()["edit_key"]
    assert add_hand(client, game, key=new_key).status_code == 201  # hand 2: version 3
    assert next(chunks, None) is None  # the stream ended without a word
    response.close()
    again = client.get(f"/games/{game['id']}/live?since=2")  # the browser reconnects
    viewers = again.response
    next(viewers)
    board = next(viewers).decode()
    again.close()
    assert "id: 3\nevent: change" in board and 'data-total-side="0">200<' in board
    assert "Edit hand" not in board
    client.set_cookie(f"edit_{game['id']}", new_key)  # the phone that holds the new key
    scorers = client.get(f"/games/{game['id']}/live?since=2")
    chunks = scorers.response
    next(chunks)
    assert "Edit hand 2" in next(chunks).decode()
    scorers.close()
