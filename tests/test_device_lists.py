"""Nothing is listed without a link: the home page, players' records, name suggestions and the
API's list show a device only the games and tournaments it created or opened."""

from __future__ import annotations

import pytest

from companion import create_app

from .helpers import BASRA_WIN, next_round
from .helpers import create_tournament as create

SCORER = ["Ali", "Bahar"]


def game(client, players):
    response = client.post("/api/v1/games", json={"game": "basra", "players": players})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def path(url: str) -> str:
    return url.replace("http://localhost", "")


@pytest.fixture
def server(app):
    """A server already holding another club's game, and a tournament with its tables."""
    other = app.test_client()
    secret = game(other, ["Zainab", "Yusuf"])
    other.post(f"/api/v1/games/{secret['id']}/hands", json={"hand": BASRA_WIN},
               headers={"Authorization": f"Bearer {secret['edit_key']}"})
    t = create(other, name="Club night", entrants=["Omar", "Nadia", "Layla", "Karim"])
    tables = [m["current_game"] for m in next_round(other, t)["matches"]]
    return {"game": secret, "tournament": t, "tables": tables}


def test_a_fresh_browser_is_listed_nothing(app, server):
    fresh = app.test_client()
    home = fresh.get("/").get_data(as_text=True)
    assert "Your games" not in home and "Your tournaments" not in home
    for game_id in [server["game"]["id"], *server["tables"]]:
        assert f"/games/{game_id}" not in home
    assert "Club night" not in home
    assert "Zainab" not in fresh.get("/players").get_data(as_text=True)
    assert fresh.get("/players/Zainab").status_code == 404
    assert "Zainab" not in fresh.get("/games/new?game=basra").get_data(as_text=True)
    assert fresh.get("/api/v1/games").get_json() == {"games": []}


def test_a_browser_lists_the_games_it_created_and_the_ones_it_opened(app, server):
    phone = app.test_client()
    mine = game(phone, SCORER)
    phone.get(path(mine["edit_url"]))  # the scorer's phone opens its edit link
    phone.get(f"/games/{server['game']['id']}")  # and someone's view link
    home = phone.get("/").get_data(as_text=True)
    assert f'href="/games/{mine["id"]}"' in home
    assert f'href="/games/{server["game"]["id"]}"' in home
    assert not any(f"/games/{table}" in home for table in server["tables"])
    records = phone.get("/players").get_data(as_text=True)
    assert "Zainab" in records and "Ali" in records and "Omar" not in records
    suggested = phone.get("/games/new?game=basra").get_data(as_text=True)
    assert '<option value="Zainab">' in suggested and '<option value="Omar">' not in suggested
    # Another browser still sees none of it.
    assert f"/games/{mine['id']}" not in app.test_client().get("/").get_data(as_text=True)


def test_a_browser_lists_the_tournaments_it_runs_or_follows(app, server):
    t = server["tournament"]
    director, spectator = app.test_client(), app.test_client()
    director.get(path(t["director_url"]))
    spectator.get(f"/tournaments/{t['id']}/standings")
    for client in (director, spectator):
        home = client.get("/").get_data(as_text=True)
        assert "Your tournaments" in home and f'href="/tournaments/{t["id"]}"' in home
        assert "Club night" in home


def test_the_api_lists_only_the_games_it_is_asked_for(client, server):
    mine = game(client, SCORER)
    listed = client.get(f"/api/v1/games?ids={mine['id']},nothing-here").get_json()["games"]
    assert [g["id"] for g in listed] == [mine["id"]]
    assert client.get("/api/v1/games").get_json() == {"games": []}


def test_the_api_lists_up_to_a_hundred_games_asked_for(client, server):
    # 60 games asked for: every one is listed (the cap is 100), none silently dropped.
    ids = [game(client, SCORER)["id"] for _ in range(60)]
    listed = client.get(f"/api/v1/games?ids={','.join(ids)}").get_json()["games"]
    assert sorted(g["id"] for g in listed) == sorted(ids)


def test_a_club_server_can_make_records_public(db_url, tmp_path):
    club = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "club",
                       "RATELIMIT_ENABLED": False, "PUBLIC_RECORDS": True})
    game(club.test_client(), ["Zainab", "Yusuf"])
    fresh = club.test_client()
    assert "Zainab" in fresh.get("/players").get_data(as_text=True)
    assert fresh.get("/players/Zainab").status_code == 200
    assert '<option value="Zainab">' in fresh.get("/games/new?game=basra").get_data(
        as_text=True)
    assert "/games/" not in fresh.get("/").get_data(as_text=True).split("The games")[0]
    club.extensions["engine"].dispose()
