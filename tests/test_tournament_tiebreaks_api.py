"""The new tie-breakers and bye points through the API, worked out by hand."""

from __future__ import annotations

from .helpers import create_tournament, next_round, set_result

# A round robin of four, results set by the director (who beat whom; None: a draw).
WINNERS = {("Ali", "Bahar"): "Ali", ("Ali", "Cyrus"): None, ("Ali", "Dara"): "Dara",
           ("Bahar", "Cyrus"): "Bahar", ("Bahar", "Dara"): "Bahar", ("Cyrus", "Dara"): None}


def play_out(client, t):
    """Pair every round and set each match's result from WINNERS."""
    for _ in range(3):
        for match in next_round(client, t)["matches"]:
            if match["bye"]:
                continue
            pair = tuple(sorted(match["names"]))
            winner = WINNERS[pair]
            side = None if winner is None else match["names"].index(winner)
            assert set_result(client, t, match["id"], winner=side).status_code == 200


def test_wins_then_sonneborn_berger_part_two_level_entrants(client):
    # Bahar 4; Ali 3 (beat Bahar, drew Cyrus) and Dara 3 (beat Ali, drew Cyrus); Cyrus 2.
    # One win each; Sonneborn-Berger Ali 4 + 2 / 2 = 5, Dara 3 + 2 / 2 = 4: Ali above Dara,
    # where head-to-head would have put Dara first. Bahar beat Cyrus 2 and Dara 3; Cyrus drew
    # Ali 3 and Dara 3.
    t = create_tournament(client, settings={"best_of": 1,
                                            "tiebreaks": ["wins", "sonneborn_berger"]})
    play_out(client, t)
    body = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()
    assert body["tiebreaks"] == ["wins", "sonneborn_berger"]
    rows = [(r["name"], r["points"], r["tiebreaks"], r["tie"]["decided_by"])
            for r in body["standings"]]
    assert rows == [
        ("Bahar", 4, {"wins": 2, "sonneborn_berger": 2 + 3}, None),
        ("Ali", 3, {"wins": 1, "sonneborn_berger": 5}, "sonneborn_berger"),
        ("Dara", 3, {"wins": 1, "sonneborn_berger": 4}, "sonneborn_berger"),
        ("Cyrus", 2, {"wins": 0, "sonneborn_berger": 1.5 + 1.5}, None)]
    page = client.get(f"/tournaments/{t['id']}/standings").get_data(as_text=True)
    assert "Sonneborn-Berger" in page and "Matches won" in page


def test_a_bye_worth_a_draw_and_an_unknown_tiebreak_refused(client):
    t = create_tournament(client, entrants=["Ali", "Bahar", "Cyrus"],
                          settings={"best_of": 1, "bye": "draw",
                                    "tiebreaks": ["median_buchholz"]})
    assert t["settings"]["bye"] == "draw"
    page = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    assert '<dd id="bye-scores">a draw</dd>' in page
    match = next_round(client, t)["matches"]
    bye = next(m for m in match if m["bye"])
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    alone = next(r for r in rows if r["entrant"] == bye["sides"][0])
    assert (alone["points"], alone["won"], alone["drawn"]) == (1, 0, 1)
    for body, field in (({"tiebreaks": ["coin_toss"]}, "tiebreaks"), ({"bye": "half"}, "bye")):
        response = client.post("/api/v1/tournaments", json={
            "name": "Friday", "game": "basra", "format": "swiss",
            "entrants": ["Ali", "Bahar"], "settings": body})
        assert response.status_code == 400
        assert response.get_json()["field"] == field


PAGE_FORM = {"name": "Club night", "variant": "basra/egyptian", "format": "swiss",
             "entrants": "Ali\nBahar\nCyrus", "table_size": "2"}


def test_the_set_up_page_chooses_what_a_bye_scores(client):
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert '<option value="win" selected>a win</option>' in page
    response = client.post("/tournaments/new", data={**PAGE_FORM, "bye": "loss"})
    assert response.status_code == 303
    tid = response.headers["Location"].split("/")[2].split("?")[0]
    assert client.get(f"/api/v1/tournaments/{tid}").get_json()["settings"]["bye"] == "loss"
    refused = client.post("/tournaments/new", data={**PAGE_FORM, "bye": "half"})
    assert refused.status_code == 422
    assert '<p class="error field-error" id="error-bye" role="alert">A bye scores as one of: ' \
           'win, draw, loss.</p>' in refused.get_data(as_text=True)
