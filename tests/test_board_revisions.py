"""Each board's revision is stored and moved on in the transaction of the change it shows: a
hand at a tournament table moves its own board, its match's other games' and the
tournament's; a hand in a Basra match moves the match's other games'; a lone game moves only
its own; a read moves nothing."""

from __future__ import annotations

from sqlalchemy import text

from companion.db import get_session
from companion.services import games

from .helpers import (
    BASRA_WIN,
    bearer,
    create_basra,
    director,
    first_match,
    make_game,
    scorer,
    set_result,
    sweep,
)


def revisions(app) -> dict[str, int]:
    """Every game's and tournament's stored board revision, by id."""
    with app.extensions["engine"].connect() as conn:
        games = conn.execute(text("SELECT id, board_revision FROM game")).all()
        tournaments = conn.execute(text("SELECT id, board_revision FROM tournament")).all()
    return {**dict(games), **{f"t:{tid}": rev for tid, rev in tournaments}}  # type: ignore


def moved(before: dict[str, int], after: dict[str, int]) -> set[str]:
    return {item for item, revision in after.items() if before.get(item) != revision}


def add(client, game_id, headers, hand=BASRA_WIN):
    response = client.post(f"/api/v1/games/{game_id}/hands", json={"hand": hand},
                           headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_a_hand_at_a_table_moves_the_other_games_and_the_tournaments_board(app, client):
    t, match = first_match(client)
    first = match["current_game"]
    add(client, first, scorer(match))
    second = add(client, first, scorer(match))["match"]["next_game"]  # Ali wins game 1
    before = revisions(app)
    add(client, second, scorer(match))  # a hand of game 2
    assert moved(before, revisions(app)) == {first, second, f"t:{t['id']}"}
    # Game 1's board shows the match line game 2 moves: its answer says so, with a new ETag.
    assert client.get(f"/api/v1/games/{first}").get_json()["match"]["wins"] == [1, 0]


def test_a_hand_in_a_basra_match_moves_the_other_game_and_no_other(app):
    first, key = make_game(app, "basra", ["Ali", "Omar"])
    lone, _ = make_game(app, "basra", ["Cyrus", "Dara"])
    with app.app_context():
        session = get_session()
        games.add_hand(session, first, sweep(0))  # Ali wins game 1
        second = games.next_match_game(session, first)[0].row.id
        before = revisions(app)
        games.add_hand(session, second, sweep(1))
    after = revisions(app)
    assert moved(before, after) == {first, second}
    assert lone in after


def test_a_result_set_by_the_director_moves_the_tournament_and_its_tables_games(app, client):
    t, match = first_match(client)
    before = revisions(app)
    response = set_result(client, t, match["id"], winner=0)
    assert response.status_code == 200, response.get_json()
    after = revisions(app)
    assert f"t:{t['id']}" in moved(before, after)
    assert match["current_game"] in moved(before, after)  # its board shows the match decided


def test_reads_move_no_revision(app, client):
    t, match = first_match(client)
    add(client, match["current_game"], scorer(match))
    before = revisions(app)
    game = match["current_game"]
    for url in (f"/api/v1/games/{game}", f"/games/{game}", f"/games/{game}/board",
                f"/games/{game}/board?since=0", f"/games/{game}/hands",
                f"/api/v1/tournaments/{t['id']}", f"/tournaments/{t['id']}/standings"):
        assert client.get(url).status_code == 200, url
    client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t))
    assert revisions(app) == before


def test_the_board_and_its_stream_say_the_stored_revision(app, client):
    game = create_basra(client)
    add(client, game["id"], bearer(game["edit_key"]))
    revision = revisions(app)[game["id"]]
    assert revision == 2  # made (1), then one hand (2)
    assert client.get(f"/games/{game['id']}/board?since={revision}").status_code == 204
    assert client.get(f"/games/{game['id']}/board?since={revision - 1}").status_code == 200
