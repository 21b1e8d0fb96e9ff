"""Play-along pages: editors record a Basra hand card by card; the score lands in the game."""

from __future__ import annotations

import random

from companion import create_app
from companion.models import PlayAlong
from companion.rules import basra_playalong as engine
from companion.rules.cards import DECK_52


def new_game(client, **extra):
    game = client.post("/api/v1/games", json={"game": "basra", "players": ["Ali", "Bahar"],
                                              **extra}).get_json()
    client.set_cookie(f"edit_{game['id']}", game["edit_key"])
    return game


def stored(app, game_id):
    from sqlmodel import Session, select

    with Session(app.extensions["engine"]) as session:
        return session.exec(select(PlayAlong).where(PlayAlong.game_id == game_id)
                            .order_by(PlayAlong.id)).all()


def post(client, game, action, **form):
    rows = stored(client.application, game["id"])
    return client.post(f"/games/{game['id']}/play-along/{action}",
                       data={"version": rows[-1].version if rows else 1, **form},
                       headers={"HX-Request": "true"})


def test_only_editors_may_play_along(client):
    game = client.post("/api/v1/games", json={"game": "basra",
                                              "players": ["Ali", "Bahar"]}).get_json()
    assert client.get(f"/games/{game['id']}/play-along").status_code == 403
    assert client.post(f"/games/{game['id']}/play-along/card",
                       data={"card": "AS", "version": 1}).status_code == 403


def test_first_the_floor_then_the_players_in_turn(client):
    game = new_game(client)
    page = client.get(f"/games/{game['id']}/play-along").get_data(as_text=True)
    assert "Tap the four cards dealt to the floor" in page
    for card in ("4S", "6H", "10D", "3C"):
        assert post(client, game, "card", card=card).status_code == 200
    page = post(client, game, "card", card="10C").get_data(as_text=True)
    # the dealer of hand 1 is Ali, so Bahar plays first and takes 10♦ and 6♥+4♠
    assert "Legal: the 10♣ takes" in page
    assert "Bahar</strong>: 4 cards" in page
    assert "Ali plays" in page


def test_a_stale_tap_changes_nothing(client):
    game = new_game(client)
    post(client, game, "card", card="4S")
    response = client.post(f"/games/{game['id']}/play-along/card",
                           data={"version": 1, "card": "5S"}, headers={"HX-Request": "true"})
    assert "This hand was changed on another phone" in response.get_data(as_text=True)
    assert stored(client.application, game["id"])[-1].state["floor"] == ["4S"]


def test_undo_and_progress_survive_a_restart(client, app, db_url):
    game = new_game(client)
    for card in ("4S", "6H", "10D", "3C", "10C"):
        post(client, game, "card", card=card)
    post(client, game, "undo")
    restarted = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "test-secret",
                            "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    other = restarted.test_client()
    other.set_cookie(f"edit_{game['id']}", game["edit_key"])
    page = other.get(f"/games/{game['id']}/play-along").get_data(as_text=True)
    assert "Bahar plays" in page and "48 cards still to play." in page
    restarted.extensions["engine"].dispose()


def test_a_whole_hand_fills_in_the_score(client):
    game = new_game(client)
    deck = [str(c) for c in DECK_52.cards()]
    random.Random(7).shuffle(deck)
    for card in deck:
        response = post(client, game, "card", card=card)
        assert response.status_code == 200
        state = stored(client.application, game["id"])[-1].state
        if state["pending"]:
            choice = engine.progress(state).choices[0]
            response = post(client, game, "choose", take=",".join(map(str, choice)))
    assert "Hand 1 is on the score sheet." in response.get_data(as_text=True)
    rows = stored(client.application, game["id"])
    assert rows[0].finished and not rows[1].finished
    expected = engine.hand(rows[0].state)
    saved = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert saved["hands"][0]["hand"] == expected
    assert sum(saved["totals"]) == sum(saved["hands"][0]["scores"])
    assert sum(d["cards"] for d in saved["hands"][0]["details"]) == 52
