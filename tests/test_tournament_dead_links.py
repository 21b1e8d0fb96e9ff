"""Links that died say so: a replaced table or scorer link, a finished table, a side's link
the director replaced; and the table sheet gives each side's code a slip of its own."""

from __future__ import annotations

from .helpers import (
    confirming,
    desk,
    director,
    fresh_match,
    next_round,
    play,
    scorer,
    sweep,
    text,
)
from .helpers import create_tournament as create

REPLACED = "This table link was replaced; ask the director for the new one."
FINISHED = ("This table's match is finished: nothing more is entered here. Its result is on "
            "the tournament's page.")
SIDE_REPLACED = "This side's link was replaced; ask the director for the new one."


def local(url: str) -> str:
    return url.replace("http://localhost", "")


def test_an_old_table_link_and_an_old_scorer_say_they_were_replaced(app, client):
    t = create(client, settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    scorer = app.test_client()
    opened = scorer.get(local(match["edit_url"]))  # the scorer's phone keeps the table key
    assert opened.status_code == 303
    assert "Add hand" in text(scorer.get(f"/games/{match['current_game']}"))
    rotated = client.post(f"/api/v1/tournaments/{t['id']}/key", headers=director(t))
    assert rotated.status_code == 200
    # The scorer's phone: the board says why "Add hand" is gone.
    board = text(scorer.get(f"/games/{match['current_game']}"))
    assert REPLACED in board and "Add hand" not in board
    # The old QR code on the table: a page with the sentence, not a silent redirect.
    old_table = app.test_client().get(local(match["table_url"]))
    assert old_table.status_code == 403 and REPLACED in text(old_table)
    # The old scorer link itself.
    old_edit = app.test_client().get(local(match["edit_url"]))
    assert old_edit.status_code == 403 and REPLACED in text(old_edit)
    # The new table link still leads to the game.
    new = rotated.get_json()["rounds"][0]["matches"][0]
    assert app.test_client().get(local(new["table_url"])).status_code == 303


def test_a_finished_tables_link_says_the_match_is_over(app, client):
    t = create(client, settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)  # 163: Ali wins the only game
    finished = app.test_client().get(local(match["table_url"]))
    assert finished.status_code == 200 and FINISHED in text(finished)
    # A stranger without a key is still sent to the tournament's page.
    bare = app.test_client().get(f"/tournaments/{t['id']}/tables/{match['id']}")
    assert bare.status_code == 303


def test_the_director_replaces_the_sides_links_and_the_old_ones_are_refused(app, client):
    t = confirming(client)
    match = next_round(client, t)["matches"][0]  # Ali v Dara
    play(client, match, sweep(0), hands=1)  # Ali won: Dara confirms
    old_keys, old_urls = match["side_keys"], match["side_urls"]
    url = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/side-keys"
    assert client.post(url).status_code == 401
    assert client.post(url, headers={"Authorization": f"Bearer {old_keys[1]}"}).status_code \
        == 403
    replaced = client.post(url, headers=director(t))
    assert replaced.status_code == 200
    body = replaced.get_json()
    assert body["id"] == match["id"]
    assert len(body["side_keys"]) == 2 and not set(body["side_keys"]) & set(old_keys)
    # Dara's old key: refused with the sentence, nothing confirmed.
    confirm = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/confirm"
    refused = client.post(confirm, headers={"Authorization": f"Bearer {old_keys[1]}"})
    assert refused.status_code == 403
    assert refused.get_json() == {"error": SIDE_REPLACED, "field": "key"}
    assert fresh_match(client, t, match["id"])["provisional"] is True
    # Her old link's page says so too, and its form is refused the same way.
    phone = app.test_client()
    page = phone.get(local(old_urls[1]))
    assert page.status_code == 403 and SIDE_REPLACED in text(page)
    action, key = local(old_urls[1]).split("?key=")
    posted = phone.post(action, data={"key": key, "word": "confirm"})
    assert posted.status_code == 403 and SIDE_REPLACED in text(posted)
    assert fresh_match(client, t, match["id"])["provisional"] is True
    # The new link works.
    dara = client.post(confirm, headers={"Authorization": f"Bearer {body['side_keys'][1]}"})
    assert dara.status_code == 200 and dara.get_json()["provisional"] is False
    assert "Sides' confirmation links replaced" in desk(client, t)


def test_the_desk_button_replaces_the_sides_links(app, client):
    t = confirming(client)
    match = next_round(client, t)["matches"][0]
    page = client.get(f"/tournaments/{t['id']}")
    assert "Replace the sides' links" not in text(page)  # not for the public
    desk(client, t)
    assert "Replace the sides' links" in text(client.get(f"/tournaments/{t['id']}"))
    sent = client.post(f"/tournaments/{t['id']}/matches/{match['id']}/side-keys")
    assert sent.status_code == 303
    assert sent.headers["Location"].endswith(f"/tournaments/{t['id']}#match-{match['id']}")
    fresh = fresh_match(client, t, match["id"])
    assert not set(fresh["side_keys"]) & set(match["side_keys"])
    stranger = app.test_client().post(
        f"/tournaments/{t['id']}/matches/{match['id']}/side-keys")
    assert stranger.status_code == 401


def test_side_links_cannot_be_replaced_where_no_one_confirms(client):
    t = create(client, settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    refused = client.post(f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/side-keys",
                          headers=director(t))
    assert refused.status_code == 400
    assert refused.get_json()["error"] == ("This tournament does not ask the sides to confirm "
                                           "results.")


def test_the_sheet_prints_each_sides_code_on_its_own_slip(client):
    t = confirming(client)
    first, second = next_round(client, t)["matches"]
    desk(client, t)
    sheet = client.get(f"/tournaments/{t['id']}/sheet").get_data(as_text=True)
    for match in (first, second):
        for side, name in enumerate(match["names"]):
            start = sheet.index(f'id="slip-{match["id"]}-{side}"')
            slip = sheet[start:sheet.index("</div>", start)]
            # One QR code on the slip, the side's own, and the cut line above it.
            assert slip.count("<svg") == 1 and "cut here" in slip
            assert f"only for <bdi>{name}</bdi>" in slip or f"only for {name}" in slip
    page = text(client.get(f"/tournaments/{t['id']}/sheet"))
    assert ("Table 1 Ali Dara Scorer ✂ cut here Table 1 · only for Ali To confirm: Ali "
            "✂ cut here Table 1 · only for Dara To confirm: Dara") in page


def test_a_hand_sent_through_the_api_with_an_old_table_key_says_it_was_replaced(client):
    t = create(client, settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    game = f"/api/v1/games/{match['current_game']}"
    rotated = client.post(f"/api/v1/tournaments/{t['id']}/key", headers=director(t))
    assert rotated.status_code == 200
    old = client.post(f"{game}/hands", json={"hand": sweep(0)}, headers=scorer(match))
    assert old.status_code == 403
    assert old.get_json() == {"error": REPLACED}
    assert client.get(game).get_json()["hands"] == []  # nothing was saved
    # A game outside any tournament keeps the plain sentence for a wrong key.
    lone = client.post("/api/v1/games", json={"game": "basra", "players": ["Amal", "Badr"]})
    wrong = client.post(f"/api/v1/games/{lone.get_json()['id']}/hands",
                        json={"hand": sweep(0)}, headers=scorer(match))
    assert wrong.status_code == 403 and wrong.get_json()["error"] != REPLACED


def test_another_tournaments_director_key_is_not_taken_for_an_old_table_link(app, client):
    ours, theirs = create(client, settings={"best_of": 1}), create(client, name="Saturday")
    match = next_round(client, ours)["matches"][0]
    other = "That is another tournament's director key: it does not open this table's game."
    page = app.test_client().get(f"/games/{match['current_game']}?key={theirs['director_key']}")
    assert page.status_code == 403 and other in text(page) and REPLACED not in text(page)
    sent = client.post(f"/api/v1/games/{match['current_game']}/hands",
                       json={"hand": sweep(0)}, headers=director(theirs))
    assert sent.status_code == 403 and sent.get_json() == {"error": other}
    assert client.get(f"/api/v1/games/{match['current_game']}").get_json()["hands"] == []
