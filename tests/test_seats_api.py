"""Every seat enters its own, over the API (API.md, "Every seat enters its own"): each hand
worked out by hand from the rule texts in shared/seeds."""

from __future__ import annotations

import threading

from .helpers import add_hand, auth, bearer, create_basra, create_shelem, game_json

TRIO = ["Ali", "Bahar", "Cyrus"]

def new_game(client, game, players):
    response = client.post("/api/v1/games", json={"game": game, "players": players})
    assert response.status_code == 201, response.get_json()
    return response.get_json()

def hand_out(client, game):
    response = client.post(f"/api/v1/games/{game['id']}/seats", headers=auth(game))
    assert response.status_code == 201, response.get_json()
    return response.get_json()["seats"]

def send(client, game, seat, values, hand=1, key=None):
    return client.put(f"/api/v1/games/{game['id']}/seats/{seat['side']}",
                      json={"hand": hand, "values": values},
                      headers=bearer(key or seat["key"]))

def test_shllaat_three_seats_make_the_pack_of_252(client):
    # shllaat.txt: 2 Jokers of 50, 4 aces of 25, 4 jacks of 2, 44 cards of 1 = 252.
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    assert [(s["side"], s["name"]) for s in seats] == [(0, "Ali"), (1, "Bahar"), (2, "Cyrus")]
    assert all(f"/games/{game['id']}/seat/{s['side']}" in s["url"] for s in seats)
    first = send(client, game, seats[0], {"points": 60})
    assert first.status_code == 202
    assert first.get_json() == {"hand": 1, "waiting_for": [1, 2],
                                "entries": {"0": {"points": 60}}}
    assert send(client, game, seats[1], {"points": 71}).status_code == 202
    done = send(client, game, seats[2], {"points": 121})
    assert done.status_code == 201
    assert done.get_json()["totals"] == [60, 71, 121]
    assert client.get(f"/api/v1/games/{game['id']}/seats").get_json() == {
        "hand": 2, "waiting_for": [0, 1, 2], "entries": {}}

def test_one_short_of_the_pack_is_told_naming_every_figure(client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    send(client, game, seats[0], {"points": 60})
    send(client, game, seats[1], {"points": 71})
    refused = send(client, game, seats[2], {"points": 120})
    assert refused.status_code == 422
    assert refused.get_json() == {"error": "Ali 60, Bahar 71, and Cyrus 120: 251 of 252 — "
                                           "recount.", "sides": [0, 1, 2]}
    assert game_json(client, game["id"])["hands"] == []
    # every seat that asks is told the same; Cyrus counts again and the hand is saved
    shown = client.get(f"/api/v1/games/{game['id']}/seats").get_json()
    assert shown["error"].endswith("251 of 252 — recount.")
    assert send(client, game, seats[2], {"points": 121}).status_code == 201

def test_the_sentence_in_persian(client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    send(client, game, seats[0], {"points": 60})
    send(client, game, seats[1], {"points": 71})
    refused = client.put(f"/api/v1/games/{game['id']}/seats/2",
                         json={"hand": 1, "values": {"points": 120}},
                         headers={**bearer(seats[2]["key"]), "Accept-Language": "fa"})
    error = refused.get_json()["error"]
    # the JSON API keeps 0-9 (pages write the reader's digits)
    assert error.endswith("Cyrus 120: 251 از 252 — دوباره بشمارید.")

def test_basra_two_sides_count_their_piles(client):
    # basra.txt: 30 cards (majority 30), 3 jacks, an ace, the 2♣ (2) and a basra (10) = 46;
    # 22 cards, a jack, 3 aces and the 10♦ (3) = 7.
    game = create_basra(client)
    seats = hand_out(client, game)
    assert send(client, game, seats[0], {
        "cards": 30, "jacks": 3, "aces": 1, "basras": 1, "two_of_clubs": True,
        "ten_of_diamonds": False}).status_code == 202
    done = send(client, game, seats[1], {
        "cards": 22, "jacks": 1, "aces": 3, "basras": 0, "two_of_clubs": False,
        "ten_of_diamonds": True})
    assert done.status_code == 201, done.get_json()
    assert done.get_json()["totals"] == [46, 7]

def test_basra_both_claiming_the_two_of_clubs(client):
    game = create_basra(client)
    seats = hand_out(client, game)
    pile = {"cards": 26, "jacks": 2, "aces": 2, "basras": 0, "two_of_clubs": True,
            "ten_of_diamonds": False}
    send(client, game, seats[0], pile)
    refused = send(client, game, seats[1], pile | {"ten_of_diamonds": True})
    assert refused.status_code == 422
    assert refused.get_json() == {"error": "Amal and Badr each say they took the 2♣ — recount.",
                                  "sides": [0, 1]}

def test_shelem_points_and_the_bid_from_the_bidding_team(client):
    # shelem.txt: 100 card points and 13 tricks of 5: 165. Team 1 bid 120 and took 125:
    # made, scoring its bid (the default) — the others score the 40 they took.
    game = create_shelem(client)
    seats = hand_out(client, game)
    assert [s["name"] for s in seats] == game["sides"]
    assert send(client, game, seats[1], {"points": 125, "bid": 120}).status_code == 202
    done = send(client, game, seats[0], {"points": 40})
    assert done.status_code == 201
    hand = done.get_json()["hands"][0]
    assert hand["hand"] == {"bidder": 1, "bid": 120, "bidder_points": 125}
    assert done.get_json()["totals"][0] == 40

def test_gharat_four_players_at_most_the_pack(client):
    # gharat.txt: 36 number cards of 5, 12 court cards of 10, 4 aces of 20 = 380; cards left
    # in the play pile score for nobody, so 375 is a hand.
    game = new_game(client, "gharat", ["Ali", "Bahar", "Cyrus", "Dara"])
    seats = hand_out(client, game)
    for seat, points in zip(seats[:3], (100, 90, 120), strict=True):
        assert send(client, game, seat, {"points": points}).status_code == 202
    assert send(client, game, seats[3], {"points": 65}).get_json()["totals"] == [
        100, 90, 120, 65]

def test_another_sides_key_is_refused_and_a_seat_key_changes_nothing_else(client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    assert send(client, game, seats[1], {"points": 60}, key=seats[0]["key"]).status_code == 403
    assert client.put(f"/api/v1/games/{game['id']}/seats/1",
                      json={"hand": 1, "values": {"points": 60}}).status_code == 401
    for seat in seats:
        send(client, game, seat, {"points": 84})
    key = bearer(seats[0]["key"])
    gid = game["id"]
    assert client.put(f"/api/v1/games/{gid}/hands/1", json={
        "hand": {"points": [1, 1, 250]}, "version": 2}, headers=key).status_code == 403
    assert client.delete(f"/api/v1/games/{gid}/hands/1", headers=key).status_code == 403
    assert client.post(f"/api/v1/games/{gid}/undo", headers=key).status_code == 403
    assert client.post(f"/api/v1/games/{gid}/seats", headers=key).status_code == 403
    assert game_json(client, gid)["totals"] == [84, 84, 84]

def test_the_scorer_types_a_missing_figure_and_a_new_set_replaces_the_old(client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    send(client, game, seats[0], {"points": 60})
    assert send(client, game, seats[1], {"points": 71}, key=game["edit_key"]).status_code == 202
    again = hand_out(client, game)
    assert send(client, game, seats[2], {"points": 121}).status_code == 403
    assert client.get(f"/api/v1/games/{game['id']}/seats").get_json()["entries"] == {}
    assert send(client, game, again[2], {"points": 121}).status_code == 202

def test_a_seat_sending_twice_counts_once(client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    send(client, game, seats[0], {"points": 60})
    assert send(client, game, seats[0], {"points": 60}).get_json()["waiting_for"] == [1, 2]
    send(client, game, seats[1], {"points": 71})
    assert send(client, game, seats[2], {"points": 121}).status_code == 201
    # the outbox sends the last figure again: the hand is saved already, nothing doubles
    resent = send(client, game, seats[2], {"points": 121})
    assert resent.status_code == 201
    assert len(resent.get_json()["hands"]) == 1

def test_the_history_says_the_hand_was_entered_at_the_seats(client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    for seat, points in zip(seats, (60, 71, 121), strict=True):
        send(client, game, seat, {"points": points})
    page = client.get(f"/games/{game['id']}/history").get_data(as_text=True)
    assert "Hand 1 added (entered at the seats)" in page

def test_two_seats_completing_at_once_save_one_hand(app, client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    send(client, game, seats[0], {"points": 60})
    answers: list[int] = []
    start = threading.Barrier(2)

    def last(seat, points):
        with app.test_client() as own:
            start.wait()
            answers.append(send(own, game, seat, {"points": points}).status_code)

    threads = [threading.Thread(target=last, args=(seats[1], 71)),
               threading.Thread(target=last, args=(seats[2], 121))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert 201 in answers
    assert len(game_json(client, game["id"])["hands"]) == 1


def test_basras_carry_works_as_with_one_scorer(client):
    # basra.txt: 26 cards each is a tie, the 30 majority points are held over and go to the
    # side with more cards next hand (60).
    tie = ({"cards": 26, "jacks": 2, "aces": 2, "two_of_clubs": True, "ten_of_diamonds": False},
           {"cards": 26, "jacks": 2, "aces": 2, "two_of_clubs": False, "ten_of_diamonds": True})
    more = ({"cards": 30, "jacks": 3, "aces": 1, "two_of_clubs": True, "ten_of_diamonds": False},
            {"cards": 22, "jacks": 1, "aces": 3, "two_of_clubs": False, "ten_of_diamonds": True})
    game = create_basra(client)
    seats = hand_out(client, game)
    for number, piles in enumerate((tie, more), start=1):
        for seat, pile in zip(seats, piles, strict=True):
            answer = send(client, game, seat, pile, hand=number)
    # hand 1: 2 + 2 + 2 = 6 and 2 + 2 + 3 = 7; hand 2: 60 + 3 + 1 + 2 = 66 and 1 + 3 + 3 = 7
    assert answer.get_json()["totals"] == [72, 14]


def test_gharat_partners_each_have_a_seat_and_score_together(client):
    # Partners sit opposite (gharat.txt): Ali and Cyrus against Bahar and Dara.
    response = client.post("/api/v1/games", json={
        "game": "gharat", "players": ["Ali", "Bahar", "Cyrus", "Dara"],
        "teams": [[0, 2], [1, 3]]})
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    seats = hand_out(client, game)
    assert [s["name"] for s in seats] == ["Ali", "Bahar", "Cyrus", "Dara"]
    for seat, points in zip(seats, (100, 90, 120, 70), strict=True):
        answer = send(client, game, seat, {"points": points})
    assert answer.status_code == 201
    assert answer.get_json()["totals"] == [220, 160]


def test_an_undone_hand_brings_back_no_entry(client):
    game = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, game)
    for seat, points in zip(seats, (60, 71, 121), strict=True):
        send(client, game, seat, {"points": points})
    assert client.post(f"/api/v1/games/{game['id']}/undo", headers=auth(game)).status_code == 200
    assert client.get(f"/api/v1/games/{game['id']}/seats").get_json() == {
        "hand": 1, "waiting_for": [0, 1, 2], "entries": {}}

def shelem_seats(client, **rules):
    game = create_shelem(client, **({"rules": rules} if rules else {}))
    return game, hand_out(client, game)

def test_shelem_cheating_deducted_when_both_teams_say_so(client):
    # shelem.txt, Cheating: "deduct the bid from the cheating team total score". Team 0 bid
    # 120 and took 130 (made: its 130 points); team 1 took 165 - 130 = 35, caught cheating:
    # 35 - 120 = -85 (docs/rulings-cheating.md, "deduct").
    game, seats = shelem_seats(client)
    said = send(client, game, seats[0], {"points": 130, "bid": 120, "cheating": "them"})
    assert said.get_json()["entries"] == {"0": {"points": 130, "bid": 120, "cheating": "them"}}
    done = send(client, game, seats[1], {"points": 35, "cheating": "us"})
    assert done.status_code == 201, done.get_json()
    assert done.get_json()["hands"][0]["hand"] == {"bidder": 0, "bid": 120,
                                                   "bidder_points": 130, "cheating": 1}
    assert done.get_json()["totals"] == [130, -85]

def test_shelem_cheating_instead_of_the_hand(client):
    # "instead": the bidding team caught cheating scores minus its bid for the hand, not its
    # 130: -120; the other team keeps the 35 it took.
    game, seats = shelem_seats(client, cheating="instead")
    send(client, game, seats[1], {"points": 35, "cheating": "them"})
    done = send(client, game, seats[0], {"points": 130, "bid": 120, "cheating": "us"})
    assert done.status_code == 201, done.get_json()
    assert done.get_json()["totals"] == [-120, 35]

def test_shelem_cheating_the_teams_disagree(client):
    # One team says the other was caught, the other says nobody was: no penalty is written
    # on one team's word; nothing saved, both told what each said, and either sends again.
    game, seats = shelem_seats(client)
    names = game["sides"]
    send(client, game, seats[0], {"points": 130, "bid": 120, "cheating": "them"})
    refused = send(client, game, seats[1], {"points": 35})
    assert refused.status_code == 422
    assert refused.get_json() == {"error": (
        f"{names[0]} say {names[1]} were caught cheating and {names[1]} say nobody was "
        "caught cheating: agree on who was caught cheating, then send again."),
        "sides": [0, 1]}
    assert game_json(client, game["id"])["hands"] == []
    done = send(client, game, seats[1], {"points": 35, "cheating": "us"})
    assert done.get_json()["totals"] == [130, -85]

def test_shelem_each_team_says_the_other_cheated(client):
    game, seats = shelem_seats(client)
    names = game["sides"]
    send(client, game, seats[0], {"points": 130, "bid": 120, "cheating": "them"})
    refused = send(client, game, seats[1], {"points": 35, "cheating": "them"})
    assert refused.status_code == 422
    assert refused.get_json()["error"].startswith(
        f"{names[0]} say {names[1]} were caught cheating and {names[1]} say {names[0]} were")

def test_shelem_cheating_takes_us_or_them(client):
    game, seats = shelem_seats(client)
    wrong = send(client, game, seats[0], {"points": 130, "bid": 120, "cheating": 1})
    assert wrong.status_code == 400
    assert "cheating" in str(wrong.get_json())

# shllaat.txt, End of the Play: "In the extremely rare event of a tie for most points, the
# players should ... agree a higher target and continue" (the default: the target rises by
# 500). Each hand is the whole pack of 252, worked out by hand:
TIED = [(100, 100, 52), (110, 90, 52), (90, 120, 42), (110, 100, 42),
        (100, 100, 52),   # 510, 510, 240: Ali and Bahar tie at 500 or more -> target 1000
        (200, 52, 0),     # 710, 562, 240: nobody at 1000, play on
        (252, 0, 0),      # 962, 562, 240
        (100, 100, 52)]   # 1062, 662, 292: Ali passes 1000 and wins

def test_shllaat_tie_at_the_target_raises_it_at_the_seats_as_with_one_scorer(client):
    at_seats = new_game(client, "shllaat", TRIO)
    seats = hand_out(client, at_seats)
    one_scorer = new_game(client, "shllaat", TRIO)
    for number, points in enumerate(TIED, start=1):
        for seat, figure in zip(seats, points, strict=True):
            answer = send(client, at_seats, seat, {"points": figure}, hand=number)
        assert answer.status_code == 201, answer.get_json()
        assert add_hand(client, one_scorer, hand={"points": list(points)}).status_code == 201
        seated, typed = answer.get_json(), game_json(client, one_scorer["id"])
        assert (seated["totals"], seated["target"], seated["finished"]) == (
            typed["totals"], typed["target"], typed["finished"])
        if number == 5:
            assert seated["totals"] == [510, 510, 240] and seated["target"] == 1000
            assert not seated["finished"]
            assert seated["status"] == "Tied at the top: the target was raised to 1000; play on."
    assert seated["totals"] == [1062, 662, 292]
    assert (seated["target"], seated["winners"]) == (1000, [0])
    assert seated["status"] == typed["status"]
