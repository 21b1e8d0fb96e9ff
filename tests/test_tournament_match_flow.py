"""A match's next game is started by the save that finishes the game before it, never by a read.

Basra to 101, best of three: `sweep(side)` is one hand worth 163 to that side (most cards 30,
four jacks 4, four aces 4, the 2 of clubs 2, the 10 of diamonds 3, twelve basras 120), so one
hand wins a game; BASRA_WIN is worth 73 (three basras), two of them win a game.
"""

from __future__ import annotations

import re

from .helpers import (
    BASRA_LOSS,
    BASRA_WIN,
    director,
    first_match,
    fresh_match,
    next_button,
    scorer,
    sweep,
)


def add(client, match, game_id, hand):
    response = client.post(f"/api/v1/games/{game_id}/hands", json={"hand": hand},
                           headers=scorer(match))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def correct(client, match, game, number, hand):
    response = client.put(f"/api/v1/games/{game['id']}/hands/{number}", json={"hand": hand},
                          headers={**scorer(match), "If-Match": str(game["version"])})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def exists(client, game_id) -> bool:
    return client.get(f"/api/v1/games/{game_id}").status_code == 200


def test_the_save_that_finishes_a_game_starts_the_next_and_says_where_it_is(client):
    _t, match = first_match(client)
    first = match["current_game"]
    unfinished = add(client, match, first, BASRA_WIN)  # 73 to Ali: not yet 101
    assert unfinished["match"] == {"wins": [0, 0], "next_game": None, "decided": False}
    finished = add(client, match, first, BASRA_WIN)  # 146: Ali wins game 1
    following = finished["match"]["next_game"]
    assert finished["match"] == {"wins": [1, 0], "next_game": following, "decided": False}
    # Created by that save: it is there before anyone reads the tournament.
    second = client.get(f"/api/v1/games/{following}").get_json()
    assert second["players"] == ["Ali", "Dara"] and second["hands"] == []
    assert second["match"] == {"wins": [1, 0], "next_game": None, "decided": False}


def test_the_game_that_decides_the_match_starts_no_other(client):
    _t, match = first_match(client)
    game = add(client, match, match["current_game"], sweep(0))
    game = add(client, match, game["match"]["next_game"], sweep(0))
    assert game["match"] == {"wins": [2, 0], "next_game": None, "decided": True}


def test_a_game_at_a_tournament_table_offers_no_rematch(client):
    """The tournament pairs what comes next: a rematch would be a game outside it."""
    _t, match = first_match(client, best_of=1)
    add(client, match, match["current_game"], sweep(0))  # 163-0: the game and match are won
    game = match["current_game"]
    client.get(f"/games/{game}?key={match['edit_key']}")  # the scorer's phone
    assert "Rematch" not in client.get(f"/games/{game}").get_data(as_text=True)
    along = client.get(f"/games/{game}/play-along").get_data(as_text=True)
    assert "This game is over" in along and "Rematch" not in along
    refused = client.post(f"/api/v1/games/{game}/rematch", headers=scorer(match))
    assert refused.status_code == 400
    assert refused.get_json()["error"] == ("This game belongs to a tournament: the tournament "
                                           "pairs the next game, there is no rematch.")


def test_a_lone_game_has_no_match(client):
    game = client.post("/api/v1/games", json={"game": "basra", "players": ["Ali", "Omar"]})
    assert game.get_json()["match"] is None


def test_reopening_a_game_removes_the_next_game_nobody_started(client):
    t, match = first_match(client)
    first = add(client, match, match["current_game"], BASRA_WIN)
    first = add(client, match, first["id"], BASRA_WIN)
    second = first["match"]["next_game"]
    assert exists(client, second)
    # Hand 2 was Dara's: 73 all, game 1 is open again and game 2 is not needed yet.
    reopened = correct(client, match, first, 2, BASRA_LOSS)
    assert not reopened["finished"]
    assert reopened["match"] == {"wins": [0, 0], "next_game": None, "decided": False}
    assert not exists(client, second)
    table = fresh_match(client, t, match["id"])
    assert table["current_game"] == first["id"] and len(table["games"]) == 1


def test_a_next_game_with_hands_stays_when_the_game_before_is_reopened(client):
    t, match = first_match(client)
    first = add(client, match, match["current_game"], BASRA_WIN)
    first = add(client, match, first["id"], BASRA_WIN)
    second = first["match"]["next_game"]
    add(client, match, second, BASRA_LOSS)  # game 2 is under way: 0 to 73
    reopened = correct(client, match, first, 2, BASRA_LOSS)
    # The director decides what counts; nothing played is thrown away.
    assert reopened["match"] == {"wins": [0, 0], "next_game": second, "decided": False}
    assert exists(client, second)
    table = fresh_match(client, t, match["id"])
    assert [g["id"] for g in table["games"]] == [first["id"], second]
    assert table["current_game"] == first["id"]  # the first game not finished


def test_deleting_the_last_hand_of_a_next_game_keeps_that_game(client):
    # Game 1 won by one sweep, game 2 holds one hand, then game 1 is reopened (73 < 101):
    # deleting game 2's only hand leaves it empty, yet it is the game the scorer is on.
    t, match = first_match(client)
    first = add(client, match, match["current_game"], sweep(0))
    second = add(client, match, first["match"]["next_game"], BASRA_WIN)
    assert not correct(client, match, first, 1, BASRA_WIN)["finished"]
    deleted = client.delete(f"/api/v1/games/{second['id']}/hands/1",
                            headers={**scorer(match), "If-Match": str(second["version"])})
    assert deleted.status_code == 200
    kept = client.get(f"/api/v1/games/{second['id']}")
    assert kept.status_code == 200 and kept.get_json()["hands"] == []


def test_a_correction_that_decides_the_match_removes_the_decider_nobody_started(client):
    t, match = first_match(client)
    first = add(client, match, match["current_game"], sweep(0))  # Ali 1-0
    second = add(client, match, first["match"]["next_game"], sweep(1))  # 1-1
    third = second["match"]["next_game"]
    assert exists(client, third)
    # Hand 1 of game 2 was Ali's sweep after all: Ali wins the match 2-0.
    decided = correct(client, match, second, 1, sweep(0))
    assert decided["match"] == {"wins": [2, 0], "next_game": None, "decided": True}
    assert not exists(client, third)
    table = fresh_match(client, t, match["id"])
    assert table["decided"] and table["places"] == [1, 2] and table["current_game"] is None


def test_removing_a_game_nobody_started_still_moves_the_tournament_version_on(client):
    t, match = first_match(client)
    first = add(client, match, match["current_game"], BASRA_WIN)
    first = add(client, match, first["id"], BASRA_WIN)
    url = f"/api/v1/tournaments/{t['id']}/standings"
    before = client.get(url).get_json()["version"]
    correct(client, match, first, 2, BASRA_LOSS)  # game 2 (version 1) goes
    assert client.get(url).get_json()["version"] > before


def test_clearing_a_result_set_by_hand_starts_the_game_the_match_needs(client):
    t, match = first_match(client)
    url = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result"
    put = client.put(url, json={"winner": 0, "reason": "Dara left"}, headers=director(t))
    assert put.status_code == 200
    first = add(client, match, match["current_game"], sweep(0))
    assert first["match"] == {"wins": [1, 0], "next_game": None, "decided": True}
    cleared = client.put(url, json={"clear": True, "reason": "Dara came back"},
                         headers=director(t)).get_json()
    table = next(m for r in cleared["rounds"] for m in r["matches"] if m["id"] == match["id"])
    assert table["current_game"] not in (None, first["id"]) and not table["decided"]
    game = client.get(f"/api/v1/games/{first['id']}").get_json()
    assert game["match"] == {"wins": [1, 0], "next_game": table["current_game"],
                             "decided": False}


def test_the_page_after_the_finishing_save_leads_to_the_next_game(app, client):
    _t, match = first_match(client)
    first = match["current_game"]
    client.get(match["edit_url"].replace("http://localhost", ""))  # the scorer's phone
    following = add(client, match, first, sweep(0))["match"]["next_game"]
    page = client.get(f"/games/{first}").get_data(as_text=True)
    link = re.search(r'id="next-table-game" href="([^"]+)"', page).group(1)
    assert link == f"/games/{following}?key={match['edit_key']}"
    # The scorer follows it and scores the next game from the same phone.
    assert client.get(link).status_code == 303
    assert 'id="add-hand"' in client.get(f"/games/{following}").get_data(as_text=True)
    # Everyone else sees the match score and a plain link (no key) to the next game.
    spectator = app.test_client()
    board = spectator.get(f"/games/{first}").get_data(as_text=True)
    assert f'id="next-game-link" href="/games/{following}"' in board
    assert 'data-match-wins="0">1</strong>' in board and 'data-match-wins="1">0</strong>' in board
    assert "next-table-game" not in board


def test_a_basra_match_game_says_where_the_next_game_is(client):
    game = client.post("/api/v1/games", json={"game": "basra", "players": ["Ali", "Omar"]})
    game = game.get_json()
    client.get(game["edit_url"].replace("http://localhost", ""))
    won = client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": sweep(1)},
                      headers={"Authorization": f"Bearer {game['edit_key']}"}).get_json()
    assert won["match"] is None  # no match until a second game is started
    started = client.post(f"/games/{game['id']}/next")
    second = started.headers["Location"].removeprefix("/games/")
    first = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert first["match"] == {"wins": [0, 1], "next_game": second, "decided": False}
    assert client.get(f"/api/v1/games/{second}").get_json()["match"] == {
        "wins": [0, 1], "next_game": None, "decided": False}
    assert not next_button(client.get(f"/games/{game['id']}"))  # already started
