"""Tournament pages of issue 17: a side's confirmation page, the table sheet, standings that
fit a phone, the big screen, and match scores in games (tables of two) or places (3 to 5).

Basra, best of one unless said: `sweep(side)` is one hand of 163 to that side, a game to 101.
"""

from __future__ import annotations

import re

from .helpers import (
    BASRA_WIN,
    confirming,
    desk,
    director,
    fresh_match,
    next_round,
    play,
    sweep,
    text,
)
from .helpers import create_tournament as create


def path(url: str) -> str:
    return url.replace("http://localhost", "")


def test_the_side_that_lost_confirms_from_its_link(app, client):
    t = confirming(client)
    match = next_round(client, t)["matches"][0]  # Ali v Dara
    ali_url, dara_url = (path(u) for u in match["side_urls"])
    playing = text(client.get(dara_url))
    assert "You are confirming for Dara." in playing
    assert "The match is still being played: come back when its last game is over." in playing
    play(client, match, sweep(0), hands=1)

    phone = app.test_client()
    winner = phone.get(ali_url)
    assert "The other side confirms this result." in text(winner)
    assert 'id="confirm-result"' not in winner.get_data(as_text=True)
    loser = phone.get(dara_url)
    assert "Ali 1 – 0 Dara Ali won the match." in text(loser)
    assert "Provisional: waiting for Dara to confirm." in text(loser)
    key = dara_url.split("key=")[1]
    sent = phone.post(dara_url.split("?")[0], data={"key": key, "word": "confirm"})
    assert sent.status_code == 303 and sent.headers["Location"] == dara_url
    assert "Confirmed." in text(phone.get(dara_url))
    assert fresh_match(client, t, match["id"])["provisional"] is False


def test_a_dispute_from_the_page_keeps_what_was_typed_when_refused(app, client):
    t = confirming(client)
    match = next_round(client, t)["matches"][1]  # Bahar v Cyrus
    play(client, match, sweep(0), hands=1)
    cyrus_url = path(match["side_urls"][1])
    action, key = cyrus_url.split("?key=")
    phone = app.test_client()
    page = phone.get(cyrus_url).get_data(as_text=True)
    hand = re.search(r'name="hands" value="([^"]+)"', page).group(1)
    assert hand == f"{match['current_game']}:1"
    refused = phone.post(action, data={"key": key, "word": "dispute", "reason": " ",
                                       "hands": [hand]})
    assert refused.status_code == 422
    assert "Say what is wrong with the result: the director reads it." in text(refused)
    assert f'value="{hand}" checked' in refused.get_data(as_text=True)
    sent = phone.post(action, data={"key": key, "word": "dispute", "reason": "Our basra",
                                    "hands": [hand]})
    assert sent.status_code == 303
    assert "Disputed by Cyrus: the director decides. Our basra" in text(phone.get(cyrus_url))
    assert "Disputed by Cyrus: Our basra Game 1, hand 1" in desk(client, t)
    # The director decides from the desk: a confirmation in the director's name.
    decided = client.post(action, data={"word": "confirm"})
    assert decided.status_code == 303
    assert fresh_match(client, t, match["id"])["provisional"] is False
    stranger = app.test_client().post(action, data={"key": "nope", "word": "confirm"})
    assert stranger.status_code == 403


def test_the_table_sheet_lists_every_table_with_its_codes(client):
    t = confirming(client, entrants=["Ali", "Bahar", "Cyrus", "Dara", "Elham"])
    next_round(client, t)
    url = f"/tournaments/{t['id']}/sheet"
    assert client.get(url).status_code == 401
    desk(client, t)  # the director's cookie
    sheet = client.get(url)
    assert sheet.status_code == 200
    page = text(sheet)
    # Five entrants, a bracket of eight: 1, 2 and 3 have byes, 4 (Dara) meets 5 (Elham).
    assert "Round 1 · scan your table's code to keep its score" in page
    assert ("Bye Ali Table 2 Dara Elham Scorer ✂ cut here Table 2 · only for Dara To confirm: "
            "Dara ✂ cut here Table 2 · only for Elham To confirm: Elham") in page
    assert sheet.get_data(as_text=True).count("<svg") == 3  # the table's, and each side's


def test_standings_fit_a_phone_with_details_on_tap(client):
    t = create(client, settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)
    page = client.get(f"/tournaments/{t['id']}/standings").get_data(as_text=True)
    assert "scroll-x" not in page
    headers = re.findall(r'<th scope="col"[^>]*>([^<]+)</th>', page)
    assert headers == ["Rank", "Entrant", "Points"]
    ali = re.search(r'<tr id="entrant-\d+">(.*?)</tr>', page, re.S).group(1)
    assert '<details class="standing-details">' in ali
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", ali)).split() == [
        "1", "Ali", "Played", "1", "Won", "1", "Drawn", "0", "Lost", "0",
        "Game-point", "difference", "163", "Points", "scored", "163", "2"]


def test_the_big_screen_shows_the_tables_live_and_the_deciding_tiebreak(client):
    t = create(client, settings={"best_of": 3})
    ali_dara, cyrus_bahar = next_round(client, t)["matches"]
    play(client, ali_dara, sweep(0), hands=1)  # Ali leads 1-0
    play(client, cyrus_bahar, BASRA_WIN, hands=1)  # game 1 at table 2: Cyrus 73, Bahar 0
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    # Each side: games won, then its points in the game being played.
    assert ("Round 1 of 3 Basra · Round robin · best of 3 · results need no confirmation "
            "Tables games won · points in the game being played "
            "Table 1 · game 2 Ali 1 0 Dara 0 0 Table 2 · game 1 Cyrus 0 73 Bahar 0 0") in screen
    play(client, fresh_match(client, t, ali_dara["id"]), sweep(0), hands=1)  # Ali 2-0
    play(client, fresh_match(client, t, cyrus_bahar["id"]), BASRA_WIN, hands=1)  # 146: 1-0
    play(client, fresh_match(client, t, cyrus_bahar["id"]), BASRA_WIN)  # 2-0
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "Table 1 · finished Ali 2 Dara 0 Table 2 · finished Cyrus 2 Bahar 0" in screen
    # Ali (326 to 0) and Cyrus (292 to 0) never met: the game-point difference decides.
    assert ("Standings 1 Ali Game-point difference 326 2 2 Cyrus Game-point difference 292 2 "
            "3 Bahar Game-point difference -292 0 4 Dara Game-point difference -326 0") in screen


def test_a_finished_match_reads_in_games_and_the_next_game_is_offered(client):
    t = create(client, settings={"best_of": 3})
    match = next_round(client, t)["matches"][0]
    client.get(path(match["edit_url"]))  # the scorer's phone
    first = match["current_game"]
    play(client, match, sweep(1), hands=1)  # Dara takes game 1
    board = text(client.get(f"/games/{first}"))
    assert "Games won in the match Ali 0 – 1 Dara" in board
    assert "Next game of the match" in board
    second = fresh_match(client, t, match["id"])
    play(client, second, sweep(1), hands=1)
    board = text(client.get(f"/games/{second['current_game']}"))
    assert "The match is decided. Ali 0 – 2 Dara Dara won the match." in board
    desk_page = text(client.get(f"/tournaments/{t['id']}"))
    assert "Table 1 Ali 0 – 2 Dara Dara won the match." in desk_page


def test_tables_of_three_read_in_places(client):
    t = create(client, entrants=["Ali", "Bahar", "Cyrus"],
               settings={"table_size": 3, "rounds": 1})
    match = next_round(client, t)["matches"][0]
    game = match["current_game"]
    seat = match["names"].index("Bahar")
    hand = {"cards": [6, 6, 6], "jacks": [0, 0, 0], "aces": [0, 0, 0], "two_of_clubs": seat,
            "ten_of_diamonds": seat, "basras": [0, 0, 0]}
    for key in ("cards", "jacks", "aces", "basras"):
        hand[key][seat] = {"cards": 40, "jacks": 4, "aces": 4, "basras": 12}[key]
    response = client.post(f"/api/v1/games/{game}/hands", json={"hand": hand},
                           headers={"Authorization": f"Bearer {match['edit_key']}"})
    assert response.status_code == 201, response.get_json()
    # Bahar won the only game; the other two won none and scored nothing: both second.
    places = {name: place for name, place in zip(match["names"],
                                                  fresh_match(client, t, match["id"])["places"])}
    assert places == {"Ali": 2, "Bahar": 1, "Cyrus": 2}
    board = text(client.get(f"/games/{game}"))
    expected = " ".join(f"{name} Place {places[name]}" for name in match["names"])
    assert f"The table's places {expected}" in board and "0 won" not in board
    assert f"Table 1 {expected}" in text(client.get(f"/tournaments/{t['id']}"))
    assert director(t)  # the director's key is not needed to read any of it


def test_the_screen_and_sheet_show_the_round_being_played(client):
    # A round robin may pair round 2 before round 1 is over: the tables still at play are
    # those of round 1 (Ali v Dara, Cyrus v Bahar), until its last result is in.
    t = create(client, settings={"best_of": 1})
    first = next_round(client, t)["matches"]
    next_round(client, t)
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "Round 1 of 3" in screen
    assert "Table 1 · game 1 Ali 0 0 Dara 0 0 Table 2 · game 1 Cyrus 0 0 Bahar 0 0" in screen
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")
    assert "Round 1 · scan" in text(client.get(f"/tournaments/{t['id']}/sheet"))
    for match in first:
        play(client, match, sweep(0), hands=1)
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    # Circle method: Ali stays, the others turn one seat; who deals first alternates.
    assert "Round 2 of 3" in screen
    assert "Table 1 · game 1 Cyrus 0 0 Ali 0 0 Table 2 · game 1 Dara 0 0 Bahar 0 0" in screen
