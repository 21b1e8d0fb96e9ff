"""A save reads the game once and writes only what changed: its SQL statements, counted."""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from .helpers import api_game_id, auth, create_shelem, shelem_hand

# A quick-form save of a new hand (the page, under its edit cookie), statement by statement
# (issue 32's main ran 16; an API save runs these and one more, the answer's match line: 11):
#  1. UPDATE tournament SET board_revision ... WHERE id IN (its tables' games)  (a lone
#     game's moves none; a table's tournament row is taken first, the one lock order)
#  2. UPDATE game SET version (this game's), board_revision (it and its match's other games)
#     ... RETURNING  (the lock, and the game's row read: the edit key is checked on it)
#  3. SELECT hand.data ... ORDER BY position  (the game's hands, read once)
#  4. SELECT idempotentrequest             (the form's key: a resend adds nothing)
#  5. UPDATE game SET totals, hand_count   (what lists and standings show)
#  6. INSERT gameevent                     (its history entry; the entries are counted only
#                                           when the game's version comes near the cap)
#  7. INSERT hand                          (the new hand: no other row moves on an append)
#  8. INSERT idempotentrequest             (the key, kept)
#  9. SELECT matchgame                     (the tournament's hook: is it a match's game)
# 10. SELECT ratingstep ... LIMIT 1        (the ratings' hook: was this game rated, as a hand
#                                           undone or corrected may take it out again)
# A correction runs the same, with one UPDATE hand SET data for the INSERT hand.
MAX_SAVE = 10
MAX_API_SAVE = 11


@contextmanager
def counted(app):
    """The SQL statements run inside the block (transaction control aside)."""
    statements: list[str] = []

    def note(_conn, _cursor, statement, *_args) -> None:
        statements.append(statement)

    engine = app.extensions["engine"]
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", note)


def _form(hand_bidder=0, bid=100, points=110) -> dict[str, str]:
    return {"mode": "quick", "bidder": str(hand_bidder), "bid": str(bid),
            "bidder_points": str(points), "key": "k-" + str(bid + points + hand_bidder)}


def _version(client, game_id) -> int:
    return int(client.get(f"/api/v1/games/{game_id}").get_json()["version"])


def _game_of_one_hand(client) -> tuple[str, int]:
    """A Shelem game with its first hand saved by the quick form, and its version."""
    game_id = api_game_id(client, "shelem", ["Amal", "Badr", "Carim", "Dana"])
    first = {**_form(), "version": _version(client, game_id)}
    assert client.post(f"/games/{game_id}/hands/new", data=first).status_code == 303
    return game_id, _version(client, game_id)


def test_a_quick_form_save_runs_at_most_ten_statements(app, client):
    game_id, version = _game_of_one_hand(client)
    with counted(app) as statements:
        response = client.post(f"/games/{game_id}/hands/new",
                               data={**_form(1, 105, 120), "version": version})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert len(statements) <= MAX_SAVE, statements
    assert not any("SET position" in s for s in statements), "an append moves no hand"
    assert not any("count(" in s for s in statements), "a short history is not counted"
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 2


def test_a_correction_runs_at_most_ten_statements(app, client):
    game_id, version = _game_of_one_hand(client)
    with counted(app) as statements:
        response = client.post(f"/games/{game_id}/hands/1/edit",
                               data={**_form(1, 105, 120), "version": version,
                                     "reason": "misheard"})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert len(statements) <= MAX_SAVE, statements
    assert not any("SET position" in s for s in statements)
    hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
    assert [hand["bid"] for hand in hands] == [105]


def test_an_api_save_runs_at_most_eleven_statements(app, client):
    game = create_shelem(client)
    client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": shelem_hand(0, 100, 110)},
                headers=auth(game))
    with counted(app) as statements:
        response = client.post(f"/api/v1/games/{game['id']}/hands",
                               json={"hand": shelem_hand(1, 105, 120), "version": 2},
                               headers={**auth(game), "Idempotency-Key": "one"})
    assert response.status_code == 201, response.get_json()
    assert len(statements) <= MAX_API_SAVE, statements
    assert not any("SET position" in s for s in statements)
    assert len(response.get_json()["hands"]) == 2


def test_a_save_refused_for_its_key_or_its_hand_leaves_the_version_as_it_was(client):
    """The game is opened under its lock before the key is checked: a refusal lets it go."""
    game = create_shelem(client)
    url = f"/api/v1/games/{game['id']}/hands"
    wrong = client.post(url, json={"hand": shelem_hand(0, 100, 110)},
                        headers={"Authorization": "Bearer nope"})
    impossible = client.post(url, json={"hand": shelem_hand(0, 100, 999)}, headers=auth(game))
    page = client.post(f"/games/{game['id']}/hands/new", data={**_form(), "version": 1})
    assert (wrong.status_code, impossible.status_code, page.status_code) == (403, 400, 401)
    assert _version(client, game["id"]) == 1
