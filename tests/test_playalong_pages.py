"""Play-along pages: editors record a Basra hand card by card; the score lands in the game."""

from __future__ import annotations

from companion import create_app
from companion.models import PlayAlong
from companion.rules import basra
from companion.rules import basra_playalong as engine

from .playalong_deal import shuffled_hand


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
    assert client.get(f"/games/{game['id']}/play-along").status_code == 401
    assert client.post(f"/games/{game['id']}/play-along/card",
                       data={"card": "AS", "version": 1}).status_code == 401


def test_first_the_floor_then_the_players_in_turn(client):
    game = new_game(client)
    page = client.get(f"/games/{game['id']}/play-along").get_data(as_text=True)
    assert "Tap the four cards dealt to the floor" in page
    for card in ("4S", "6H", "10D", "3C"):
        assert post(client, game, "card", card=card).status_code == 200
    page = post(client, game, "card", card="10C").get_data(as_text=True)
    # the dealer of hand 1 is Ali, so Bahar plays first and takes 10♦ and 6♥+4♠
    assert "The 10♣ takes" in page
    assert "Bahar</bdi></strong>: 4 cards" in page
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
    for card in shuffled_hand(basra.SPEC.resolve(None), 7):
        response = post(client, game, "card", card=card)
        assert response.status_code == 200
        state = stored(client.application, game["id"])[-1].state
        if state["pending"]:
            choice = engine.progress(engine.read(state)).choices[0]
            response = post(client, game, "choose", take=",".join(map(str, choice)))
    assert "Hand 1 is on the score sheet." in response.get_data(as_text=True)
    rows = stored(client.application, game["id"])
    assert [row.finished for row in rows] == [True]  # the next hand is stored from its first tap
    expected = engine.hand(engine.read(rows[0].state))
    saved = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert saved["hands"][0]["hand"] == expected
    assert sum(saved["totals"]) == sum(saved["hands"][0]["scores"])
    assert sum(d["cards"] for d in saved["hands"][0]["details"]) == 52


# a hand entered by counts on the score sheet: Ali 27 cards, 2 jacks, 2 aces, the 10♦
BY_COUNTS = {"mode": "quick", "cards_0": "27", "jacks_0": "2", "aces_0": "2",
             "two_of_clubs": "0", "ten_of_diamonds": "1", "basras_0": "0", "basras_1": "0"}
OPENING_FLOOR = ("4S", "6H", "10D", "3C")  # the 10♣ then takes 10♦ and 6♥+4♠


def page_of(client, game):
    return client.get(f"/games/{game['id']}/play-along").get_data(as_text=True)


def pressed_first(page):
    """The name on the pressed button of the "Plays first" control."""
    control = page.split('id="first-player"', 1)[1].split("</form>", 1)[0]
    return control.split('aria-pressed="true">', 1)[1].split("<", 1)[0]


def test_opening_the_page_stores_nothing(client):
    game = new_game(client)
    assert "Tap the four cards dealt to the floor" in page_of(client, game)
    assert stored(client.application, game["id"]) == []
    post(client, game, "card", card="4S")
    assert [row.state["floor"] for row in stored(client.application, game["id"])] == [["4S"]]


def test_play_along_starts_with_the_games_leader_after_a_hand_entered_by_counts(client):
    game = new_game(client)
    post(client, game, "card", card="4S")  # a hand begun here, then taken back
    post(client, game, "undo")
    assert pressed_first(page_of(client, game)) == "Bahar"  # Ali deals hand 1
    saved = client.post(f"/games/{game['id']}/hands/new", data={"version": 1, **BY_COUNTS})
    assert saved.status_code == 303
    # Bahar deals hand 2, so Ali plays first: on the score sheet and here alike
    assert '<dd id="leader">Ali</dd>' in client.get(f"/games/{game['id']}").get_data(
        as_text=True)
    assert pressed_first(page_of(client, game)) == "Ali"
    for card in OPENING_FLOOR:
        post(client, game, "card", card=card)
    page = post(client, game, "card", card="10C").get_data(as_text=True)
    assert "Ali</bdi></strong>: 4 cards" in page and "Bahar</bdi></strong>: 0 cards" in page
    assert "Bahar plays" in page


def test_the_scorer_changes_who_plays_first_before_the_first_card(client):
    game = new_game(client)
    page = post(client, game, "first", first="0").get_data(as_text=True)
    assert pressed_first(page) == "Ali"
    for card in OPENING_FLOOR:
        post(client, game, "card", card=card)
    page = post(client, game, "card", card="10C").get_data(as_text=True)
    assert "Ali</bdi></strong>: 4 cards" in page and "Bahar plays" in page
    assert 'id="first-player"' not in page  # no longer offered once a card is played
    page = post(client, game, "first", first="1").get_data(as_text=True)
    assert "The first card is already played: undo it to change who plays first." in page
    assert "Ali</bdi></strong>: 4 cards" in page


def test_a_player_who_is_not_at_the_table_cannot_play_first(client):
    game = new_game(client)
    for typed in ("2", "Omar", ""):
        response = client.post(f"/games/{game['id']}/play-along/first",
                               data={"version": 1, "first": typed})
        assert response.status_code == 422
        assert "Choose one of the 2 players to play first." in response.get_data(as_text=True)
    assert stored(client.application, game["id"]) == []


def test_a_jack_dealt_to_the_opening_floor_is_refused_with_the_rule(client):
    game = new_game(client)
    post(client, game, "card", card="4S")
    page = post(client, game, "card", card="JD").get_data(as_text=True)
    assert ("The dealer buries a jack dealt to the floor in the pack and deals a replacement: "
            "tap the card dealt in place of the J♦.") in page
    assert stored(client.application, game["id"])[-1].state["floor"] == ["4S"]


def test_the_seven_of_diamonds_opens_a_lebanese_floor_but_not_an_egyptian_one(client):
    egyptian = new_game(client)
    response = client.post(f"/games/{egyptian['id']}/play-along/card",
                           data={"version": 1, "card": "7D"})
    assert response.status_code == 422
    assert "the 7♦ takes the whole floor, so the dealer buries it" in response.get_data(
        as_text=True)
    lebanese = new_game(client, rules={"preset": "lebanese"})
    assert "A jack dealt to the floor is buried" in page_of(client, lebanese)
    post(client, lebanese, "card", card="7D")
    assert stored(client.application, lebanese["id"])[-1].state["floor"] == ["7D"]


def finished_game(client):
    """Ali wins at the first hand of a game to 30: 30 for most cards, 2 jacks, 2 aces, 10♦ 3."""
    game = new_game(client, rules={"target": 30})
    hand = {"cards": [27, 25], "jacks": [2, 2], "aces": [2, 2], "two_of_clubs": 1,
            "ten_of_diamonds": 0, "basras": [0, 0], "carry_in": 0}
    added = client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": hand},
                        headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert added.get_json()["totals"] == [37, 6]
    return game


def test_a_finished_game_refuses_the_first_card_and_offers_a_rematch(client):
    game = finished_game(client)
    page = page_of(client, game)
    assert "This game is over: Ali won." in page
    assert 'id="game-over-rematch"' in page
    assert "Tap the four cards dealt to the floor" not in page
    response = post(client, game, "card", card="4S")
    assert "This game is over. Correct a hand to reopen it." in response.get_data(as_text=True)
    assert stored(client.application, game["id"]) == []
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"][1:] == []


def test_a_finished_game_shows_no_fresh_hand_to_play(client):
    # the game is over: a new pack's 52 cards, an empty floor and 0-card tallies would be a
    # hand that is never played
    page = page_of(client, finished_game(client))
    assert "This game is over: Ali won." in page
    assert "still to play" not in page
    assert "Floor" not in page and "0 cards" not in page


def test_the_tally_separates_the_basra_cards(client):
    game = new_game(client)
    for card in ("4S", "6H", "10D", "3C"):
        post(client, game, "card", card=card)
    post(client, game, "card", card="10C")  # Bahar (left of the dealer) takes 10♦ and 6♥+4♠
    post(client, game, "card", card="3S")   # Ali takes the lone 3♣: a basra
    post(client, game, "card", card="5C")   # Bahar's 5♣ stays
    post(client, game, "card", card="5H")   # Ali takes it: a second basra
    page = page_of(client, game)
    assert "basras: " in page
    tally = page.split("Ali</bdi></strong>", 1)[1].split("</p>", 1)[0]
    assert tally.count("playing-card") == 2 and "</bdi>, <bdi" in tally


def test_a_hand_stored_by_an_earlier_companion_opens_and_plays_on(client):
    from sqlmodel import Session

    game = new_game(client)
    earlier = {"rules": game["rules"], "players": 2, "sides": [0, 1], "first": 1,
               "floor": ["4S", "6H", "10D", "3C"],
               "plays": [{"card": "10C", "take": ["4S", "6H", "10D"]}], "pending": None}
    with Session(client.application.extensions["engine"]) as session:
        session.add(PlayAlong(game_id=game["id"], state=earlier, version=2))
        session.commit()
    page = client.get(f"/games/{game['id']}/play-along").get_data(as_text=True)
    assert "Bahar</bdi></strong>: 4 cards" in page and "Ali plays" in page
    assert post(client, game, "card", card="3H").status_code == 200  # takes the 3♣: a basra
    (row,) = stored(client.application, game["id"])
    assert row.version == 3 and row.state["plays"][-1] == {"card": "3H", "take": ["3C"]}
