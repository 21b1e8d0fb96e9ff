"""Rate limits hold back only what they guard against: refused keys (per address and per game
or tournament) and creation (games, tournaments, and the games of a paired round)."""

from __future__ import annotations

import pytest

from .helpers import (
    PLAYERS,
    add_hand,
    bearer,
    client_at,
    create_game,
    director,
    limited_app,
    sweep,
)

TOO_MANY = "Too many attempts; wait a moment and try again."
CAPTURE = {"floor": ["AS", "2H", "6D"], "played": "9C", "claimed": ["AS", "2H", "6D"]}


@pytest.fixture
def limited(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://",
                      RATELIMIT_CREATE_GAME="6/minute", RATELIMIT_WRONG_KEY_TARGET="5/minute")
    yield app
    app.extensions["engine"].dispose()


def tournament(client, entrants=("Ali", "Bahar", "Cyrus", "Dara")):
    response = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "round_robin", "entrants": list(entrants)})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def spend_wrong_keys(client, game):
    for _ in range(3):
        assert add_hand(client, game, "guess").status_code == 403
    assert add_hand(client, game, "guess").status_code == 429


def test_after_wrong_keys_the_same_address_still_directs_referees_and_creates(limited):
    hall = client_at(limited, "192.0.2.30")
    game, t = create_game(hall), tournament(hall)
    spend_wrong_keys(hall, game)
    # The director's right key, a referee call and a new game, all from the same address.
    paired = hall.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert paired.status_code == 201
    verdict = hall.post("/api/v1/referee/basra/capture", json=CAPTURE)
    assert verdict.status_code == 200
    assert hall.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS}
                     ).status_code == 201
    assert hall.post("/tournaments/new", data={"name": "Saturday"}).status_code == 422
    # A wrong director key is a refused key like any other: held back now.
    wrong = hall.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=bearer("guess"))
    assert wrong.status_code == 429 and wrong.get_json() == {"error": TOO_MANY}


def test_wrong_keys_in_page_links_count_and_right_links_still_open(limited):
    guesser = client_at(limited, "192.0.2.31")
    game = create_game(client_at(limited, "192.0.2.32"))
    for _ in range(3):
        assert guesser.get(f"/games/{game['id']}?key=guess").status_code == 403
    blocked = guesser.get(f"/games/{game['id']}?key=guess")
    assert blocked.status_code == 429 and TOO_MANY in blocked.get_data(as_text=True)
    assert guesser.get(f"/games/{game['id']}").status_code == 200  # reading goes on
    opened = guesser.get(f"/games/{game['id']}?key={game['edit_key']}")
    assert opened.status_code == 303


def test_a_wrong_director_link_counts(limited):
    t = tournament(client_at(limited, "192.0.2.33"))
    guesser = client_at(limited, "192.0.2.34")
    for _ in range(3):
        refused = guesser.get(f"/tournaments/{t['id']}?key=guess")
        assert refused.status_code == 403
        assert "That director link does not open this tournament" in refused.get_data(
            as_text=True)
    assert guesser.get(f"/tournaments/{t['id']}?key=guess").status_code == 429
    assert guesser.get(f"/tournaments/{t['id']}").status_code == 200


def test_guesses_at_one_game_from_many_addresses_are_limited_per_game(limited):
    game, other = (create_game(client_at(limited, "192.0.2.40")) for _ in range(2))
    for n in range(5):  # five addresses, one guess each: the game's allowance of 5
        assert add_hand(client_at(limited, f"198.51.100.{n}"), game, "guess").status_code == 403
    fresh = client_at(limited, "198.51.100.99")
    assert add_hand(fresh, game, "guess").status_code == 429
    assert add_hand(fresh, other, "guess").status_code == 403  # another game: its own count
    assert add_hand(fresh, game).status_code == 201  # the scorer's key is never held back


def test_tournaments_count_as_creations(limited):
    phone = client_at(limited, "192.0.2.50")
    for _ in range(6):
        tournament(phone)
    refused = phone.post("/api/v1/tournaments", json={"name": "x", "game": "basra",
                                                       "format": "swiss"})
    assert refused.status_code == 429
    assert phone.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS}
                      ).status_code == 429
    assert client_at(limited, "192.0.2.51").post(
        "/api/v1/games", json={"game": "shelem", "players": PLAYERS}).status_code == 201


def test_a_paired_round_spends_a_creation_per_table(limited):
    phone = client_at(limited, "192.0.2.52")
    t = tournament(phone, [f"P{n}" for n in range(1, 11)])  # 1 spent; 10 entrants: 5 tables
    assert phone.post(f"/api/v1/tournaments/{t['id']}/rounds",
                      headers=director(t)).status_code == 201  # 5 more: 6 of 6
    refused = phone.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert refused.status_code == 429
    assert phone.post("/tournaments/new", data={"name": "x"}).status_code == 429


def test_with_the_shared_storage_away_limits_count_in_memory_and_never_answer_500(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0")  # nobody there
    phone = client_at(app, "192.0.2.60")
    game = create_game(phone)
    spend_wrong_keys(phone, game)
    assert add_hand(phone, game).status_code == 201
    app.extensions["engine"].dispose()


def test_wrong_director_keys_on_the_api_read_count_and_the_read_goes_on_without_one(limited):
    t = tournament(client_at(limited, "192.0.2.61"))
    guesser = client_at(limited, "192.0.2.62")
    for _ in range(3):
        read = guesser.get(f"/api/v1/tournaments/{t['id']}", headers=bearer("guess"))
        assert read.status_code == 200 and read.get_json()["id"] == t["id"]
    assert guesser.get(f"/api/v1/tournaments/{t['id']}", headers=bearer("guess")
                       ).status_code == 429
    assert guesser.get(f"/api/v1/tournaments/{t['id']}").status_code == 200


def test_starting_the_next_game_of_a_match_counts_as_a_creation(limited):
    # Six creations a minute: one Basra game, four Shelem games, then the match's next game.
    phone = client_at(limited, "192.0.2.53")
    basra = phone.post("/api/v1/games", json={"game": "basra", "players": ["Ali", "Omar"]})
    game = basra.get_json()
    assert add_hand(phone, game, hand=sweep(0)).get_json()["finished"]
    for _ in range(4):
        create_game(phone)
    phone.set_cookie(f"edit_{game['id']}", game["edit_key"])
    assert phone.post(f"/games/{game['id']}/next").status_code == 303
    assert phone.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS}
                      ).status_code == 429
