"""Tournament keys: a new key at one table reaches all its games, and the director can make a
new director key that kills the old one and every table key derived from it."""

from __future__ import annotations

import re

from .helpers import BASRA_WIN, client_at, director, fresh_match, limited_app, next_round
from .helpers import create_tournament as create


def save(client, game_id, key, hand=BASRA_WIN):
    return client.post(f"/api/v1/games/{game_id}/hands", json={"hand": hand},
                       headers={"Authorization": f"Bearer {key}"})


def test_a_new_key_at_a_table_locks_the_old_one_out_of_the_next_game_too(client):
    t = create(client)
    match = next_round(client, t)["matches"][0]
    leaked, first = match["edit_key"], match["current_game"]
    rotated = client.post(f"/api/v1/games/{first}/key",
                          headers={"Authorization": f"Bearer {leaked}"})
    assert rotated.status_code == 200
    new = rotated.get_json()["edit_key"]
    assert save(client, first, leaked).status_code == 403
    for _ in range(2):  # 73 a hand: two hands take Ali to 101, game 1 is his
        assert save(client, first, new).status_code == 201
    second = fresh_match(client, t, match["id"])["current_game"]
    assert second and second != first
    assert save(client, second, leaked).status_code == 403
    assert save(client, second, new).status_code == 201
    # The director's derived link no longer opens the table: it is not offered any more.
    desk = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    table = desk["rounds"][0]["matches"][0]
    assert "edit_key" not in table and "table_url" not in table
    client.set_cookie(f"director_{t['id']}", t["director_key"])
    page = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    assert "This table's scorer made a new edit key: only their link works now." in page
    # The printed sheet likewise holds no dead scorer code for that table.
    sheet = client.get(f"/tournaments/{t['id']}/sheet").get_data(as_text=True)
    assert "This table's scorer made a new edit key: only their link works now." in sheet


def test_a_new_director_key_kills_the_old_one_and_every_old_table_key(client):
    t = create(client)
    old_table = next_round(client, t)["matches"][0]
    response = client.post(f"/api/v1/tournaments/{t['id']}/key", headers=director(t))
    assert response.status_code == 200
    body = response.get_json()
    assert body["director_key"] != t["director_key"]
    assert body["director_url"].endswith(f"/tournaments/{t['id']}?key={body['director_key']}")
    url = f"/api/v1/tournaments/{t['id']}/matches/{old_table['id']}/result"
    result = {"winner": 0, "reason": "played on paper"}
    assert client.put(url, json=result, headers=director(t)).status_code == 403
    assert save(client, old_table["current_game"], old_table["edit_key"]).status_code == 403
    new_table = body["rounds"][0]["matches"][0]
    assert new_table["edit_key"] != old_table["edit_key"]
    assert save(client, new_table["current_game"], new_table["edit_key"]).status_code == 201
    assert client.put(url, json=result, headers=director(body)).status_code == 200


def test_the_directors_page_makes_a_new_director_key(client):
    t = create(client)
    old = t["director_key"]
    assert client.get(f"/tournaments/{t['id']}?key={old}").status_code == 303
    desk = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    assert 'id="new-director-key"' in desk
    made = client.post(f"/tournaments/{t['id']}/key")
    assert made.status_code == 303
    shown = client.get(made.headers["Location"]).get_data(as_text=True)
    new = re.search(rf'class="director-link" href="[^"]*/tournaments/{t["id"]}\?key=([^"]+)"',
                    shown).group(1)
    assert new != old
    stranger = client.application.test_client()
    assert stranger.get(f"/tournaments/{t['id']}?key={old}").status_code == 403
    assert stranger.get(f"/tournaments/{t['id']}?key={new}").status_code == 303
    assert stranger.post(f"/api/v1/tournaments/{t['id']}/key",
                         headers={"Authorization": f"Bearer {old}"}).status_code == 403


def test_the_director_finds_their_own_link_and_its_qr_code_on_the_desk_at_any_time(client):
    t = create(client)
    assert client.get(f"/tournaments/{t['id']}?key={t['director_key']}").status_code == 303
    desk = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    own = desk.split('id="director-own-link"', 1)[1].split("</details>\n  </details>", 1)[0]
    assert "Your director link" in own
    assert re.search(rf'id="director-own-url" type="url" readonly value="[^"]*/tournaments/'
                     rf'{t["id"]}\?key={t["director_key"]}"', own)
    assert "QR code of the director link" in own and "<svg" in own
    follower = client.application.test_client()
    assert "director-link" not in follower.get(f"/tournaments/{t['id']}").get_data(as_text=True)


def test_the_history_without_a_key_says_it_takes_one_to_read(client):
    t = create(client)
    answer = client.get(f"/api/v1/tournaments/{t['id']}/history")
    assert answer.status_code == 401
    assert answer.get_json() == {
        "error": "Only the scorer or the director can see this: open their link first."}
    wrong = client.get(f"/api/v1/tournaments/{t['id']}/history",
                       headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403


def test_a_wrong_director_cookie_on_a_table_games_page_counts_as_a_wrong_key(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://",
                      RATELIMIT_CREATE_GAME="20/minute")  # RATELIMIT_WRONG_KEY: 3/minute
    try:
        t = create(client_at(app, "192.0.2.80"))
        game = next_round(client_at(app, "192.0.2.80"), t)["matches"][0]["current_game"]
        guesser = client_at(app, "192.0.2.81")
        guesser.set_cookie(f"director_{t['id']}", "guess")
        for _ in range(3):  # the board is shown to a viewer, and each guess counted
            page = guesser.get(f"/games/{game}")
            assert page.status_code == 200 and "Add hand" not in page.get_data(as_text=True)
        assert guesser.get(f"/games/{game}").status_code == 429
        # A wrong key sent to the table's game through the API is one guess, not two.
        sender = client_at(app, "192.0.2.82")
        for _ in range(3):
            assert save(sender, game, "guess").status_code == 403
        assert save(sender, game, "guess").status_code == 429
    finally:
        app.extensions["engine"].dispose()
