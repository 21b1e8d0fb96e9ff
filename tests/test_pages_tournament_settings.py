"""Tournament pages: standings settings set on the form, numbers in any digits, deleted games."""

from __future__ import annotations

import re

import pytest

from .helpers import BASRA_WIN, fresh_match, next_round
from .helpers import create_tournament as create

FORM = {"name": "Club night", "variant": "basra/egyptian", "format": "round_robin",
        "entrants": "Ali\nBahar\nCyrus\nDara", "table_size": "2"}
NOT_A_NUMBER = "Type a whole number, like 3."


def create_page(client, **fields):
    return client.post("/tournaments/new", data={**FORM, **fields})


def tournament_id(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("/")[2].split("?")[0]


def settings(client, tid):
    return client.get(f"/api/v1/tournaments/{tid}").get_json()["settings"]


def test_points_and_tiebreak_order_from_the_page_decide_the_standings(client):
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert re.search(r'name="win"[^>]*value="2"', page)
    assert re.search(r'name="loss"[^>]*value="0"', page)
    # One select per tie-breaker: all seven can be chosen (issue 34).
    assert page.count('name="tiebreak"') == 7 and "Tie-breaker 7" in page
    tid = tournament_id(create_page(client, best_of="1", win="3", draw="1", loss="0",
                                    tiebreak=["points_scored", "head_to_head", "", ""]))
    assert settings(client, tid)["points"] == {"win": 3, "draw": 1, "loss": 0}
    assert settings(client, tid)["tiebreaks"] == ["points_scored", "head_to_head"]
    assert client.post(f"/tournaments/{tid}/rounds").status_code == 303
    matches = client.get(f"/api/v1/tournaments/{tid}").get_json()["rounds"][0]["matches"]
    assert [m["names"] for m in matches] == [["Ali", "Dara"], ["Cyrus", "Bahar"]]
    for match, points in zip(matches, (["150", "140"], ["100", "20"])):
        response = client.post(f"/tournaments/{tid}/matches/{match['id']}/result", data={
            "places": ["1", "2"], "points": points, "reason": "Paper sheet"})
        assert response.status_code == 303
    rows = client.get(f"/api/v1/tournaments/{tid}/standings").get_json()["standings"]
    # Points scored first: Ali's 150 beats Cyrus's wider win on 100; Dara's 140 beats 20.
    # (The usual order, game-point difference first, would put Cyrus ahead of Ali.)
    assert [(r["name"], r["points"]) for r in rows] == [
        ("Ali", 3), ("Cyrus", 3), ("Dara", 0), ("Bahar", 0)]
    assert rows[0]["tie"]["decided_by"] == "points_scored"
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert "win 3 · draw 1 · loss 0" in page
    assert re.search(r'<ol class="tiebreak-list"><li>Points scored</li><li>Head-to-head</li>'
                     r'</ol>', page)


def test_empty_settings_keep_the_usual_points_and_order(client):
    tid = tournament_id(create_page(client, win="", draw="", loss="", format="swiss"))
    assert settings(client, tid)["points"] == {"win": 2, "draw": 1, "loss": 0}
    assert settings(client, tid)["tiebreaks"] == ["buchholz", "head_to_head",
                                                  "game_point_difference", "points_scored"]
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert "win 2 · draw 1 · loss 0" in page and "<li>Buchholz</li>" in page


def test_all_seven_tiebreakers_in_any_order_from_the_form(client):
    order = ["wins", "median_buchholz", "sonneborn_berger", "buchholz", "points_scored",
             "game_point_difference", "head_to_head"]  # the reverse of the usual, roughly
    tid = tournament_id(create_page(client, format="swiss", tiebreak=order))
    assert settings(client, tid)["tiebreaks"] == order
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    # The tournament page lists them in the order chosen.
    assert re.search(r'<ol class="tiebreak-list"><li>Matches won</li><li>Median Buchholz</li>'
                     r'<li>Sonneborn-Berger</li><li>Buchholz</li><li>Points scored</li>'
                     r'<li>Game-point difference</li><li>Head-to-head</li></ol>', page)


def test_gaps_between_chosen_tiebreakers_close_up(client):
    tid = tournament_id(create_page(
        client, tiebreak=["", "wins", "", "", "", "", "head_to_head"]))
    assert settings(client, tid)["tiebreaks"] == ["wins", "head_to_head"]


def test_a_swiss_at_tables_of_four_from_the_form(client):
    tid = tournament_id(create_page(client, variant="shllaat/standard", format="swiss",
                                    table_size="4",
                                    entrants="Ali\nBahar\nCyrus\nDara\nElham\nFarid\nGolnar"))
    found = settings(client, tid)
    assert (found["table_size"], found["tiebreaks"]) == (4, [
        "buchholz", "head_to_head", "sonneborn_berger", "wins"])
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert ("a table counts as one match: win 2 · draw 1 · loss 0 against each other player "
            "at the table, averaged") in page


def test_a_tiebreaker_chosen_twice_is_refused_beside_the_list(client):
    response = create_page(client, win="3", tiebreak=["points_scored", "points_scored"])
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert '<p class="error field-error" id="error-tiebreaks" role="alert">Choose each ' \
           'tie-breaker only once.</p>' in page
    assert re.search(r'name="win"[^>]*value="3"', page)
    assert page.count('<option value="points_scored" selected>') == 2


@pytest.mark.parametrize(("typed", "best_of"), [("٣", 3), ("۳", 3), ("", 5)])
def test_best_of_in_any_digits_or_empty_for_the_default(client, typed, best_of):
    tid = tournament_id(create_page(client, best_of=typed, win="٣"))
    assert settings(client, tid)["best_of"] == best_of
    assert settings(client, tid)["points"]["win"] == 3


@pytest.mark.parametrize("typed", ["²", "3x", "٣x"])
@pytest.mark.parametrize("field", ["best_of", "rounds", "table_size", "win", "draw", "loss"])
def test_a_number_that_is_not_one_is_refused_beside_its_field(client, typed, field):
    response = create_page(client, **{field: typed}, name="Keep me")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert (f'<p class="error field-error" id="error-{field}" role="alert">{NOT_A_NUMBER}</p>'
            in page)
    assert 'value="Keep me"' in page and "Ali\nBahar\nCyrus\nDara</textarea>" in page
    if field != "table_size":  # a select shows its choices, not the junk
        assert re.search(rf'name="{field}"[^>]*value="{typed}"', page)


def test_an_out_of_range_number_is_refused_beside_its_field(client):
    response = create_page(client, best_of="4")
    assert response.status_code == 422
    assert 'id="error-best_of" role="alert">A match is best of an odd number' in \
        response.get_data(as_text=True)


def test_every_refusal_of_the_set_up_is_said_at_once(client):
    """Best of 4, rounds 99, no name and one entrant: four refusals, each beside its field."""
    response = create_page(client, best_of="4", rounds="99", name=" ", entrants="Ali")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    for field, sentence in [
            ("best_of", "A match is best of an odd number of games: 1, 3, 5..."),
            ("rounds", "Rounds must be a whole number from 0 to 50."),
            ("name", "The tournament needs a name."),
            ("entrants", "A tournament needs at least two entrants: give their names, one per "
                         "line.")]:
        assert f'id="error-{field}" role="alert">{sentence}</p>' in page
    # A number typed wrong is said beside the other refusals, not alone.
    response = create_page(client, best_of="3x", rounds="99")
    page = response.get_data(as_text=True)
    assert f'id="error-best_of" role="alert">{NOT_A_NUMBER}</p>' in page
    assert 'id="error-rounds" role="alert">Rounds must be a whole number from 0 to 50.</p>' \
        in page


def _result_form(client):
    tid = tournament_id(create_page(client, best_of="1"))
    client.post(f"/tournaments/{tid}/rounds")
    match = client.get(f"/api/v1/tournaments/{tid}").get_json()["rounds"][0]["matches"][0]
    return tid, match, f"/tournaments/{tid}/matches/{match['id']}/result"


@pytest.mark.parametrize(("points", "stored"), [
    (["٣", "۱۲"], [3, 12]), (["100", "۳"], [100, 3]), (["", ""], [0, 0])])
def test_result_points_in_any_digits_empty_from_the_games(client, points, stored):
    tid, match, url = _result_form(client)
    response = client.post(url, data={"places": ["٢", "1"], "points": points,
                                      "reason": "Sheet"})
    assert response.status_code == 303
    after = client.get(f"/api/v1/tournaments/{tid}").get_json()["rounds"][0]["matches"][0]
    assert after["places"] == [2, 1] and after["points"] == stored


@pytest.mark.parametrize("typed", ["²", "3x"])
@pytest.mark.parametrize("field", ["places", "points"])
def test_result_junk_is_refused_beside_the_field_keeping_what_was_typed(client, typed, field):
    tid, match, url = _result_form(client)
    data = {"places": ["1", "2"], "points": ["90", "40"], "reason": "Sheet"}
    data[field] = [typed, data[field][1]]
    response = client.post(url, data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    name = "place" if field == "places" else "points"
    assert (f'<p class="error field-error" id="error-{name}-{match["id"]}-0" role="alert">'
            f'{NOT_A_NUMBER}</p>') in page
    assert f'value="{typed}"' in page and 'value="Sheet"' in page
    assert f'<details class="result-form" id="result-form-{match["id"]}" open>' in page
    after = client.get(f"/api/v1/tournaments/{tid}").get_json()["rounds"][0]["matches"][0]
    assert after["places"] is None


def test_result_with_one_points_box_empty_says_so(client):
    _tid, match, url = _result_form(client)
    response = client.post(url, data={"places": ["1", "2"], "points": ["90", ""],
                                      "reason": "Sheet"})
    assert response.status_code == 422
    assert (f'id="error-result-{match["id"]}" role="alert">Give one whole number of game '
            f'points per side.</p>') in response.get_data(as_text=True)


def test_a_table_whose_game_was_deleted_gets_a_new_game(client):
    t = create(client, settings={"best_of": 3})
    match = next_round(client, t)["matches"][0]
    first = match["current_game"]
    client.get(match["edit_url"].replace("http://localhost", ""))  # the scorer's phone
    assert client.post(f"/games/{first}/delete").status_code == 303
    again = fresh_match(client, t, match["id"])
    assert again["current_game"] not in (None, first)
    assert [g["id"] for g in again["games"]] == [again["current_game"]]
    # The table's link leads to the new game, which plays on and counts for the match.
    jump = client.get(match["table_url"].replace("http://localhost", ""))
    assert jump.headers["Location"].startswith(f"/games/{again['current_game']}")
    for _ in range(2):
        response = client.post(f"/api/v1/games/{again['current_game']}/hands",
                               json={"hand": BASRA_WIN},
                               headers={"Authorization": f"Bearer {match['edit_key']}"})
        assert response.status_code == 201
    assert fresh_match(client, t, match["id"])["wins"] == [1, 0]
