"""Every seat enters its own, on the pages: the scorer's panel hands out a link and QR code
per side, each seat page enters its side's own pile, and the hand appears once all sent."""

from __future__ import annotations

import re

from .helpers import (
    BASRA_WIN,
    add_hand,
    client_at,
    create_basra,
    desk,
    first_match,
    limited_app,
    text,
    tournament_history,
)


def new_game(client, game, players):
    response = client.post("/api/v1/games", json={"game": game, "players": players})
    return response.get_json()


def panel_links(client, game) -> list[str]:
    client.get(f"/games/{game['id']}?key={game['edit_key']}")
    page = client.post(f"/games/{game['id']}/seats")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.count('class="qr"') == len(game["sides"]) or 'svg' in html
    return re.findall(r'href="(http[^"]*/seat/\d\?key=[^"]+)"', html)


def test_three_phones_enter_a_shllaat_hand(app, client):
    game = new_game(client, "shllaat", ["Ali", "Bahar", "Cyrus"])
    links = panel_links(client, game)
    assert len(links) == 3
    for link, points in zip(links, ("60", "71", "۱۲۱"), strict=True):
        phone = app.test_client()
        opened = phone.get(link.replace("http://localhost", ""))
        assert opened.status_code == 303
        page = phone.get(opened.headers["Location"])
        assert page.status_code == 200
        assert 'name="points"' in page.get_data(as_text=True)
        side = link.split("/seat/")[1][0]
        sent = phone.post(f"/games/{game['id']}/seat/{side}",
                          data={"hand": "1", "points": points, "key": "k" + side})
        assert sent.status_code == 303
    board = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert board["totals"] == [60, 71, 121]


def test_a_broken_pack_is_said_on_every_seat_page_in_persian(app, client):
    game = new_game(client, "shllaat", ["Ali", "Bahar", "Cyrus"])
    links = panel_links(client, game)
    phones = []
    for link, points in zip(links, ("60", "71", "120"), strict=True):
        phone = app.test_client()
        phone.get(link.replace("http://localhost", ""))
        side = link.split("/seat/")[1][0]
        phone.post(f"/games/{game['id']}/seat/{side}", data={"hand": "1", "points": points})
        phones.append((phone, side))
    phone, side = phones[0]
    page = phone.get(f"/games/{game['id']}/seat/{side}", headers={"Accept-Language": "fa"})
    said = text(page)
    assert "Ali ۶۰" in said and "۲۵۱ از ۲۵۲ — دوباره بشمارید." in said


def test_another_sides_page_is_refused_and_the_scorer_types_a_missing_figure(app, client):
    game = create_basra(client)
    links = panel_links(client, game)
    phone = app.test_client()
    phone.get(links[0].replace("http://localhost", ""))
    assert phone.get(f"/games/{game['id']}/seat/1").status_code == 403
    assert phone.post(f"/games/{game['id']}/seat/1", data={"hand": "1"}).status_code == 403
    # the scorer types Badr's pile from the panel
    typed = client.post(f"/games/{game['id']}/seat/1", data={
        "hand": "1", "cards": "22", "jacks": "1", "aces": "3", "basras": "0",
        "ten_of_diamonds": "on", "back": "panel"})
    assert typed.status_code == 303 and typed.headers["Location"].endswith("/seats")
    panel = text(client.get(f"/games/{game['id']}/seats"))
    assert "Badr" in panel and "still counting" in panel
    phone.post(f"/games/{game['id']}/seat/0", data={
        "hand": "1", "cards": "30", "jacks": "3", "aces": "1", "basras": "1",
        "two_of_clubs": "on"})
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [46, 7]


def test_the_game_page_offers_the_seats_to_the_scorer_only(app, client):
    game = new_game(client, "gharat", ["Ali", "Bahar"])
    assert "Every seat enters its own" not in text(app.test_client().get(f"/games/{game['id']}"))
    client.get(f"/games/{game['id']}?key={game['edit_key']}")
    assert "Every seat enters its own" in text(client.get(f"/games/{game['id']}"))


def test_a_tournament_tables_scorer_hands_out_seat_links(app, client):
    t, match = first_match(client)  # a Basra table: Ali against Dara
    game_id = match["current_game"]
    client.get(f"/games/{game_id}?key={match['edit_key']}")  # the table's key opens its game
    assert "Every seat enters its own" in text(client.get(f"/games/{game_id}"))
    page = client.post(f"/games/{game_id}/seats").get_data(as_text=True)
    links = re.findall(r'href="(http[^"]*/seat/\d\?key=[^"]+)"', page)
    assert len(links) == 2
    piles = [{"cards": "30", "jacks": "3", "aces": "1", "basras": "1", "two_of_clubs": "on"},
             {"cards": "22", "jacks": "1", "aces": "3", "basras": "0", "ten_of_diamonds": "on"}]
    for side, (link, pile) in enumerate(zip(links, piles, strict=True)):
        phone = app.test_client()
        phone.get(link.replace("http://localhost", ""))
        assert phone.post(f"/games/{game_id}/seat/{side}",
                          data={"hand": "1", **pile}).status_code == 303
    assert client.get(f"/api/v1/games/{game_id}").get_json()["totals"] == [46, 7]
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Hand 1 added (entered at the seats)" in history


def test_shelem_teams_send_their_points_and_the_bidders_their_bid(app, client):
    # shelem.txt: 165 in a hand; Bahar & Dara bid 120 and took 125, Ali & Cyrus took 40.
    game = new_game(client, "shelem", ["Ali", "Bahar", "Cyrus", "Dara"])
    links = panel_links(client, game)
    assert len(links) == 2
    for side, (link, fields) in enumerate(zip(links, ({"points": "40"},
                                                      {"points": "۱۲۵", "bid": "۱۲۰"}),
                                              strict=True)):
        phone = app.test_client()
        phone.get(link.replace("http://localhost", ""))
        page = phone.get(f"/games/{game['id']}/seat/{side}").get_data(as_text=True)
        assert 'name="bid"' in page and 'name="points"' in page
        assert phone.post(f"/games/{game['id']}/seat/{side}",
                          data={"hand": "1", **fields}).status_code == 303
    hand = client.get(f"/api/v1/games/{game['id']}").get_json()["hands"][0]
    assert hand["hand"] == {"bidder": 1, "bid": 120, "bidder_points": 125}


def test_a_figure_that_is_no_number_is_said_on_the_seat_page(app, client):
    game = new_game(client, "shllaat", ["Ali", "Bahar", "Cyrus"])
    links = panel_links(client, game)
    phone = app.test_client()
    phone.get(links[0].replace("http://localhost", ""))
    refused = phone.post(f"/games/{game['id']}/seat/0", data={"hand": "1", "points": "lots"})
    assert refused.status_code == 400
    assert "points must be a whole number of 0 or more." in text(refused)


def test_shelem_seats_say_who_was_caught_cheating_in_en_ar_fa(app, client):
    # shelem.txt, Cheating: the bid is deducted from the team caught. Ali & Cyrus bid 120 and
    # took 130 (made: 130); Bahar & Dara took 165 - 130 = 35, caught: 35 - 120 = -85.
    game = new_game(client, "shelem", ["Ali", "Bahar", "Cyrus", "Dara"])
    links = panel_links(client, game)
    phones = []
    for link in links:
        phone = app.test_client()
        phone.get(link.replace("http://localhost", ""))
        phones.append(phone)
    page = f"/games/{game['id']}/seat/0"
    for language, words in {"en": ("Caught cheating", "Nobody", "Our team", "The other team"),
                            "ar": ("ضُبط يغش", "لا أحد", "فريقنا", "الفريق الآخر"),
                            "fa": ("تقلب", "هیچ‌کس", "تیم ما", "تیم دیگر")}.items():
        html = phones[0].get(page, headers={"Accept-Language": language}).get_data(as_text=True)
        assert 'name="cheating"' in html
        assert all(word in html for word in words), language
    phones[0].post(page, data={"hand": "1", "points": "130", "bid": "120", "cheating": "them"})
    assert "Caught cheating The other team" in text(phones[0].get(page))
    # Bahar & Dara first send no cheating: the table does not agree, nothing is saved
    phones[1].post(f"/games/{game['id']}/seat/1", data={"hand": "1", "points": "35",
                                                        "cheating": ""})
    said = text(phones[1].get(f"/games/{game['id']}/seat/1"))
    assert ("Ali & Cyrus say Bahar & Dara were caught cheating and Bahar & Dara say nobody "
            "was caught cheating: agree on who was caught cheating, then send again.") in said
    phones[1].post(f"/games/{game['id']}/seat/1", data={"hand": "1", "points": "35",
                                                        "cheating": "us"})
    board = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert board["totals"] == [130, -85]
    assert "Ali & Cyrus bid 120: made; Bahar & Dara caught cheating" in text(
        client.get(f"/games/{game['id']}"))


# Basra (basra.txt): Ali's pile of 40 cards (most cards, 30), 4 jacks and 4 aces (1 each), the
# 2♣ (2), the 10♦ (3) and 3 basras (10 each) makes 73; Dara's 12 plain cards make 0.
ALI_PILE = {"cards": "40", "jacks": "4", "aces": "4", "basras": "3", "two_of_clubs": "on",
            "ten_of_diamonds": "on"}
DARA_PILE = {"cards": "12", "jacks": "0", "aces": "0", "basras": "0"}


def test_a_tournament_history_says_the_hand_that_ended_a_table_was_entered_at_the_seats(
        app, client):
    t, match = first_match(client, best_of=1)  # a Basra table, Ali against Dara, to 101
    game_id = match["current_game"]
    game = {"id": game_id, "edit_key": match["edit_key"]}
    assert add_hand(client, game, hand=BASRA_WIN).status_code == 201  # the scorer: 73, 0
    client.get(f"/games/{game_id}?key={match['edit_key']}")
    page = client.post(f"/games/{game_id}/seats").get_data(as_text=True)
    links = re.findall(r'href="(http[^"]*/seat/\d\?key=[^"]+)"', page)
    for side, (link, pile) in enumerate(zip(links, (ALI_PILE, DARA_PILE), strict=True)):
        phone = app.test_client()
        phone.get(link.replace("http://localhost", ""))
        phone.post(f"/games/{game_id}/seat/{side}", data={"hand": "2", **pile})
    # 73 + 73 = 146 of 101: Ali wins the table with the hand the seats entered
    assert client.get(f"/api/v1/games/{game_id}").get_json()["totals"] == [146, 0]
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Hand 2 added (entered at the seats)" in history
    assert "Hand 1 added (entered at the seats)" not in history and "Hand 1 added" in history
    assert "Round 1, table 1 (Ali v Dara) : Result: Ali won (by the seats)" in desk(client, t)
    result = tournament_history(client, t)[0]
    assert (result["kind"], result["by"], result["names"]) == ("result", "seats",
                                                               ["Ali", "Dara"])
    persian = text(client.get(f"/tournaments/{t['id']}", headers={"Accept-Language": "fa"}))
    assert "(توسط جایگاه‌ها)" in persian


def test_a_replaced_seat_link_counts_as_a_wrong_key_on_the_page_as_in_the_api(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://")  # wrong keys: 3 a minute
    try:
        scorer = client_at(app, "192.0.2.90")
        game = create_basra(scorer)
        old = panel_links(scorer, game)
        phone = client_at(app, "192.0.2.91")
        assert phone.get(old[0].replace("http://localhost", "")).status_code == 303
        panel_links(scorer, game)  # a new set of links: the phone's key opens nothing now
        for _ in range(3):
            refused = phone.get(f"/games/{game['id']}/seat/0")
            assert refused.status_code == 403
            assert "That key does not open this" in text(refused)
        assert phone.get(f"/games/{game['id']}/seat/0").status_code == 429
        # A phone that never had a key guesses nothing: refused, never held back.
        stranger = client_at(app, "192.0.2.92")
        for _ in range(4):
            assert stranger.get(f"/games/{game['id']}/seat/0").status_code == 403
    finally:
        app.extensions["engine"].dispose()
