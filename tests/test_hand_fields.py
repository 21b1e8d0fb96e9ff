"""A hand is stored with its own fields only: an unknown field is a 400 naming it (every game),
and Basra hands an older Companion stored with one open without it (revision 0006)."""

from __future__ import annotations

import json

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from companion import create_app
from companion.db import alembic_config

from .helpers import BASRA_WIN

HANDS = {
    "basra": (["Ali", "Bahar"], BASRA_WIN),
    "shllaat": (["Ali", "Bahar", "Cyrus"], {"jokers": [2, 0, 0], "aces": [2, 1, 1],
                                            "jacks": [2, 1, 1], "others": [20, 12, 12]}),
    "gharat": (["Ali", "Bahar"], {"numbers": [10, 20], "courts": [6, 6], "aces": [4, 0]}),
    "shelem": (["Ali", "Bahar", "Cyrus", "Dara"], {"bidder": 0, "bid": 100,
                                                    "bidder_points": 100}),
}
PADDING = "x" * 100_000


@pytest.mark.parametrize("game", HANDS)
def test_a_hand_with_an_unknown_field_is_refused_naming_it_and_nothing_is_stored(client, game):
    players, hand = HANDS[game]
    created = client.post("/api/v1/games", json={"game": game, "players": players}).get_json()
    auth = {"Authorization": f"Bearer {created['edit_key']}"}
    refused = client.post(f"/api/v1/games/{created['id']}/hands",
                          json={"hand": {**hand, "padding": PADDING}}, headers=auth)
    assert refused.status_code == 400
    body = refused.get_json()
    assert body["field"] == "hand.padding" and "'padding'" in body["error"]
    assert client.get(f"/api/v1/games/{created['id']}").get_json()["hands"] == []
    assert client.post(f"/api/v1/games/{created['id']}/hands", json={"hand": hand},
                       headers=auth).status_code == 201


def test_the_basra_message_says_which_fields_a_hand_has(client):
    refused = client.post("/api/v1/score/basra", json={"hand": {**BASRA_WIN, "note": "hi"}})
    assert refused.get_json() == {
        "error": "There is no field 'note' in a Basra hand: enter captured cards (captured, "
                 "basras) or counts (cards, jacks, aces, two_of_clubs, ten_of_diamonds, "
                 "basras).", "field": "hand.note"}


def test_a_basra_hand_stored_with_an_extra_field_loses_it_on_upgrade(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0005")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO game (id, game, rules, players, teams, first_dealer, version, "
            "edit_key_hash, finished, winners, totals, hand_count, created_at, updated_at) "
            "VALUES ('old', 'basra', :rules, '[\"Ali\", \"Bahar\"]', NULL, 0, 2, 'x', 0, "
            "'[]', '[73, 0]', 1, '2026-01-01', '2026-01-01')"),
            {"rules": '{"preset": "egyptian"}'})
        conn.execute(text("INSERT INTO hand (game_id, position, data, created_at) VALUES "
                          "('old', 1, :data, '2026-01-01')"),
                     {"data": '{"cards": [40, 12], "jacks": [4, 0], "aces": [4, 0], '
                              '"two_of_clubs": 0, "ten_of_diamonds": 0, "basras": [3, 0], '
                              '"padding": "xxxx"}'})
    engine.dispose()
    command.upgrade(alembic_config(url), "head")
    engine = create_engine(url)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT data FROM hand WHERE game_id = 'old'")).scalar()
    engine.dispose()
    assert "padding" not in stored and '"basras": [3, 0]' in stored



def test_a_basra_game_hand_stored_with_a_carry_in_its_rules_refuse_still_opens(tmp_path):
    # A game ignores a hand's own carry_in; earlier versions stored any value there unchecked.
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0010")
    engine = create_engine(url)
    with engine.begin() as conn:
        for game, rules in (("egypt", '{"preset": "egyptian"}'),
                            ("beirut", '{"majority_tie": "none", "majority_points": 3}')):
            conn.execute(text(
                "INSERT INTO game (id, game, rules, players, teams, first_dealer, version, "
                "edit_key_hash, finished, winners, totals, hand_count, created_at, updated_at) "
                "VALUES (:id, 'basra', :rules, '[\"Ali\", \"Bahar\"]', NULL, 0, 3, 'x', 0, "
                "'[]', '[0, 0]', 2, '2026-01-01', '2026-01-01')"), {"id": game, "rules": rules})
        hands = (("egypt", 1, 20), ("egypt", 2, 60), ("beirut", 1, 3), ("beirut", 2, 0))
        for game, position, carry in hands:
            conn.execute(text("INSERT INTO hand (game_id, position, data, created_at) VALUES "
                              "(:game, :position, :data, '2026-01-01')"),
                         {"game": game, "position": position,
                          "data": json.dumps({**BASRA_WIN, "carry_in": carry})})
        # A third hand, played after the end and trimmed: its history keeps the hands taken.
        conn.execute(text(
            "INSERT INTO gameevent (game_id, version, action, number, before, reason, undone, "
            "by, reverses, created_at) VALUES ('egypt', 3, 'delete_after_end', 3, :before, '', "
            "0, '', '', '2026-01-01')"),
            {"before": json.dumps({"hands": [{**BASRA_WIN, "carry_in": 7}]})})
    engine.dispose()
    command.upgrade(alembic_config(url), "head")
    engine = create_engine(url)
    with engine.connect() as conn:
        stored = {(game, position): json.loads(data).get("carry_in") for game, position, data
                  in conn.execute(text("SELECT game_id, position, data FROM hand"))}
        trimmed = json.loads(conn.execute(text(
            "SELECT before FROM gameevent WHERE action = 'delete_after_end'")).scalar())
    engine.dispose()
    assert trimmed == {"hands": [BASRA_WIN]}  # 7 was never a multiple of 30
    # 20 is no multiple of the 30 points a tie carries: dropped; 60 is kept (and, as ever,
    # ignored). Lebanese rules carry nothing, so 3 is dropped and 0 kept.
    assert stored == {("egypt", 1): None, ("egypt", 2): 60, ("beirut", 1): None,
                      ("beirut", 2): 0}

    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t"})
    client = app.test_client()
    egypt = client.get("/api/v1/games/egypt").get_json()
    beirut = client.get("/api/v1/games/beirut").get_json()
    app.extensions["engine"].dispose()
    # Egyptian: 40 cards (30) + 4 jacks + 4 aces + 2♣ (2) + 10♦ (3) + 3 basras (30) = 73 a hand.
    assert egypt["totals"] == [146, 0]
    # Lebanese: most cards 3, jacks 4, aces 4, 2♣ 2, 10♦ 3, 3 basras at 10 = 46 a hand.
    assert beirut["totals"] == [92, 0]
