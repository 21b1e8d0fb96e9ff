"""The director's desk in the tournament hall: what a correction will do before it is
confirmed, withdrawals and late entries, and a history that says who did what where.

Basra, best of one: `sweep(side)` is one hand of 163 to that side (a game at once);
BASRA_WIN is 73 to side 0 (the game goes on). Anis v Dina and Badia v Cala in round 1.
"""

from __future__ import annotations

from .helpers import (
    BASRA_WIN,
    desk,
    desk_second_wins,
    director,
    next_round,
    play,
    save,
    sweep,
    text,
)
from .helpers import create_tournament as create

FOUR = ["Anis", "Badia", "Cala", "Dina"]
# Correcting round 1 to "Dina won" once the final Anis v Badia has its first hand.
STARTED = ("Round 2, table 1 (Anis v Badia) has started: confirm the cascade to reopen it and "
           "every later match this change touches.")
REOPENS = ("Confirming reopens these matches: Round 2, table 1: Anis v Badia becomes Dina v "
           "Badia; its games are kept, counted for nobody.")
CONFIRM = "Confirm: change the result and reopen them"


def started_final(client):
    """Anis beat Dina, Badia beat Cala, and the final Anis v Badia has its first hand."""
    t = create(client, format="knockout", entrants=FOUR, settings={"best_of": 1})
    first = next_round(client, t)["matches"]
    for match in first:
        play(client, match, sweep(0), hands=1)
    final = next_round(client, t)["matches"][0]
    play(client, final, BASRA_WIN, hands=1)
    return t, first


def test_the_desk_shows_what_a_correction_reopens_before_the_director_confirms(client):
    t, first = started_final(client)
    desk(client, t)
    asked = desk_second_wins(client, t, first[0]["id"])
    assert asked.status_code == 409
    page = text(asked)
    assert STARTED in page and REOPENS in page and CONFIRM in page
    unchanged = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    assert unchanged["rounds"][1]["matches"][0]["names"] == ["Anis", "Badia"]

    done = desk_second_wins(client, t, first[0]["id"], cascade="1")
    assert done.status_code == 303
    page = desk(client, t)
    assert ("Round 2, table 1 (Dina v Badia) : Re-seated: now Dina v Badia (by the director)"
            in page)  # the page's text: tags count as spaces
    assert ("Round 1, table 1 (Anis v Dina) : Result: Dina won (by the director) : "
            "names swapped") in page


def test_the_history_names_the_round_table_entrants_and_who_acted(client):
    t = create(client, format="knockout", entrants=FOUR, settings={"best_of": 1,
                                                                    "confirm_results": True})
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)
    client.post(f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/confirm",
                headers=director(t))
    page = desk(client, t)
    assert "Round 1, table 1 (Anis v Dina) : Result confirmed (by the director)" in page
    assert "Round 1, table 1 (Anis v Dina) : Result: Anis won (by the scorer)" in page
    assert "Round 1 paired (by the director)" in page


def test_the_director_withdraws_an_entrant_from_the_desk(client):
    t = create(client, entrants=FOUR, settings={"best_of": 1})
    next_round(client, t)
    desk(client, t)
    entrant = next(e["id"] for e in t["entrants"] if e["name"] == "Dina")
    refused = client.post(f"/tournaments/{t['id']}/withdraw", data={"entrant": entrant})
    assert refused.status_code == 422
    assert "Say why Dina withdraws" in text(refused)
    assert client.post(f"/tournaments/{t['id']}/withdraw",
                       data={"entrant": entrant, "reason": "Flight home"}).status_code == 303
    page = desk(client, t)
    assert "Dina (withdrew)" in page
    assert "Dina : Withdrew (by the director) : Flight home" in page
    assert "Walkover: the other side withdrew." in page


def test_a_swiss_takes_late_entrants_on_the_desk(client):
    t = create(client, format="swiss", entrants=FOUR, settings={"best_of": 1})
    next_round(client, t)
    page = desk(client, t)
    assert "Late entrants are paired from the next round, with no points." in page
    assert client.post(f"/tournaments/{t['id']}/entrants",
                       data={"entrants": "Emad"}).status_code == 303
    assert "Late entrants added: Emad (by the director)" in desk(client, t)


def test_the_set_up_page_refuses_a_single_entrant(client):
    page = client.post("/tournaments/new", data={
        "name": "Friday", "variant": "basra", "format": "swiss", "entrants": "Anis"})
    assert page.status_code == 422
    assert ("A tournament needs at least two entrants: give their names, one per line."
            in text(page))


def test_the_dispute_on_the_desk_is_one_tap_from_correcting_the_hand(client):
    t = create(client, format="knockout", entrants=FOUR, settings={"best_of": 1,
                                                                    "confirm_results": True})
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)
    body = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    side = body["rounds"][0]["matches"][0]["side_keys"][1]
    client.post(f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/confirm",
                json={"dispute": "Hand 1 was mine", "hands": [
                    {"game": match["current_game"], "number": 1}]},
                headers={"Authorization": f"Bearer {side}"})
    desk(client, t)
    html = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    edit = f"/games/{match['current_game']}/hands/1/edit"
    assert f'class="correct-hand" href="{edit}"' in html
    form = client.get(edit)
    assert form.status_code == 200  # the director's cookie opens the table's game


def test_the_directors_hand_correction_confirms_the_cascade_on_the_games_own_page(client):
    t, first = started_final(client)
    desk(client, t)  # the director's cookie opens the table's game
    game = first[0]["current_game"]  # Anis v Dina: hand 1 was 163 to Anis
    # Quick form: Anis 12 cards, no jack, ace or basra; Dina 40 cards, 2 of clubs, 10 of
    # diamonds, 12 basras: 30 + 4 + 4 + 2 + 3 + 120 = 163 to Dina.
    flipped = {"mode": "quick", "cards_0": "12", "jacks_0": "0", "aces_0": "0",
               "two_of_clubs": "1", "ten_of_diamonds": "1", "basras_0": "0",
               "basras_1": "12", "reason": "names swapped", "key": "fix-1"}
    asked = save(client, game, flipped, number=1)
    assert asked.status_code == 409
    page = text(asked)
    assert STARTED in page and REOPENS in page and CONFIRM in page
    assert 'name="cascade" value="1"' in asked.get_data(as_text=True)
    assert client.get(f"/api/v1/games/{game}").get_json()["totals"] == [163, 0]

    done = save(client, game, {**flipped, "cascade": "1"}, number=1)
    assert done.status_code == 303
    assert client.get(f"/api/v1/games/{game}").get_json()["totals"] == [0, 163]
    now = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    assert now["rounds"][1]["matches"][0]["names"] == ["Dina", "Badia"]


def test_a_scorer_cannot_confirm_a_cascade_from_the_hand_page(app, client):
    t, first = started_final(client)
    scorer = app.test_client()
    assert scorer.get(first[0]["edit_url"].replace("http://localhost", "")).status_code == 303
    flipped = {"mode": "quick", "cards_0": "12", "jacks_0": "0", "aces_0": "0",
               "two_of_clubs": "1", "ten_of_diamonds": "1", "basras_0": "0",
               "basras_1": "12", "cascade": "1"}
    refused = save(scorer, first[0]["current_game"], flipped, number=1)
    assert refused.status_code == 409  # only the director reopens a started match
    page = text(refused)  # what it would reopen, and who can: no button that does nothing
    assert STARTED in page and REOPENS in page and CONFIRM not in page
    assert ("Only the tournament's director can confirm this: ask them to make the "
            "correction.") in page
    now = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    assert now["rounds"][1]["matches"][0]["names"] == ["Anis", "Badia"]


def test_the_desks_rounds_are_one_address_page_or_fragment(client):
    """What the live desk fetches again: the rounds with the director's forms for the director,
    without them for anyone else, and 204 while nothing changed."""
    t, first = started_final(client)
    url = f"/tournaments/{t['id']}/rounds"
    viewer = text(client.get(url, headers={"HX-Request": "true"}))
    assert viewer == ("Round 2 Table 1 Anis 0 – 0 Badia Game 1 in play "
                      "Round 1 Table 1 Anis 1 – 0 Dina Anis won the match. Games: Game 1 "
                      "Table 2 Badia 1 – 0 Cala Badia won the match. Games: Game 1")
    assert "Enter or correct the result" not in viewer
    desk(client, t)  # the director's cookie
    fragment = client.get(url, headers={"HX-Request": "true"})
    assert "Enter or correct the result" in text(fragment)
    assert "<html" not in fragment.get_data(as_text=True)
    assert fragment.headers["Vary"].count("HX-Request") == 1
    assert "<html" in client.get(url).get_data(as_text=True)  # the page, for a plain GET
    version = client.get(f"/api/v1/tournaments/{t['id']}").get_json()["version"]
    assert client.get(f"{url}?since={version}").status_code == 204
