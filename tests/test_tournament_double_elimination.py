"""Double elimination through the API and the pages: both brackets round by round, the grand
final and its reset, byes, the standings and podium, corrections that change who drops, and
bad set-ups refused with nothing changed.

Basra entrants, best of one: `sweep(side)` is one hand of 163 to that side, a game to 101 in
one hand. Seeds 1-4 meet 1v4, 2v3 in round 1 (a knockout's draw).
"""

from __future__ import annotations

from sqlmodel import func, select

from companion.db import get_session
from companion.models_tournament import Tournament

from .helpers import create_tournament as create
from .helpers import director, next_round, play, set_result, sweep, text

FOUR = ["Ali", "Bahar", "Cyrus", "Dara"]
EIGHT = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]


def double(client, entrants=FOUR, **settings):
    return create(client, format="double_elimination", entrants=entrants,
                  settings={"best_of": 1, **settings})


def tournament(client, t):
    return client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()


def play_round(client, t, winners: dict[str, str]) -> list[tuple[str, list[str]]]:
    """Pair the next round and play each match: `winners` maps the first side's name to the
    winner's. Returns each match as (bracket, names)."""
    matches = next_round(client, t)["matches"]
    for match in matches:
        if not match["bye"]:
            winner = winners[match["names"][0]]
            play(client, match, sweep(match["names"].index(winner)), hands=1)
    return [(m["bracket"], m["names"]) for m in matches]


def ids(body) -> dict[str, int]:
    return {e["name"]: e["id"] for e in body["entrants"]}


def test_four_entrants_with_the_reset(client):
    t = double(client)
    # Round 1: 1v4, 2v3; the better seed wins.
    assert play_round(client, t, {"Ali": "Ali", "Bahar": "Bahar"}) == [
        ("winners", ["Ali", "Dara"]), ("winners", ["Bahar", "Cyrus"])]
    # Round 2: the winners' final Ali v Bahar; the losers' round 1 Dara v Cyrus.
    assert play_round(client, t, {"Ali": "Ali", "Dara": "Cyrus"}) == [
        ("winners", ["Ali", "Bahar"]), ("losers", ["Dara", "Cyrus"])]
    # Round 3: the losers' final: Cyrus v Bahar (who lost the winners' final).
    assert play_round(client, t, {"Cyrus": "Bahar"}) == [("losers", ["Cyrus", "Bahar"])]
    # Round 4: the grand final Ali v Bahar; Bahar, from the losers' bracket, wins it.
    assert play_round(client, t, {"Ali": "Bahar"}) == [("final", ["Ali", "Bahar"])]
    body = tournament(client, t)
    assert body["champion"] is None and not body["finished"]  # both have lost once
    # Round 5: the reset; Ali wins it and the tournament.
    assert play_round(client, t, {"Ali": "Ali"}) == [("final", ["Ali", "Bahar"])]
    body = tournament(client, t)
    who = ids(body)
    assert body["finished"] and body["champion"] == who["Ali"]
    # Podium: Ali, Bahar (lost the reset), Cyrus (lost the losers' final).
    assert body["podium"] == [who["Ali"], who["Bahar"], who["Cyrus"]]
    # Standings by how far one got: Ali 1, Bahar 2 (out in round 5), Cyrus 3 (round 3),
    # Dara 4 (out in round 2).
    standings = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert [(s["rank"], s["name"], s["round_reached"]) for s in standings] == [
        (1, "Ali", 5), (2, "Bahar", 5), (3, "Cyrus", 3), (4, "Dara", 2)]
    again = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert again.status_code == 400
    assert again.get_json()["error"] == "Every round has been played."


def test_no_reset_when_asked_not_to(client):
    t = double(client, grand_final_reset=False)
    assert tournament(client, t)["settings"]["grand_final_reset"] is False
    play_round(client, t, {"Ali": "Ali", "Bahar": "Bahar"})
    play_round(client, t, {"Ali": "Ali", "Dara": "Cyrus"})
    play_round(client, t, {"Cyrus": "Bahar"})
    play_round(client, t, {"Ali": "Bahar"})  # Bahar wins the only final
    body = tournament(client, t)
    who = ids(body)
    assert body["finished"] and body["champion"] == who["Bahar"]
    assert body["podium"] == [who["Bahar"], who["Ali"], who["Cyrus"]]


def test_the_reset_defaults_to_on(client):
    t = double(client)
    assert tournament(client, t)["settings"]["grand_final_reset"] is True


def test_eight_entrants_the_drops_come_reversed(client):
    t = double(client, entrants=EIGHT)
    play_round(client, t, {"Ali": "Ali", "Dara": "Elham", "Bahar": "Bahar", "Cyrus": "Farid"})
    # Round 2: winners Ali v Elham, Bahar v Farid; losers Hadi v Dara, Golnar v Cyrus.
    assert play_round(client, t, {"Ali": "Ali", "Bahar": "Farid", "Hadi": "Dara",
                                  "Golnar": "Cyrus"}) == [
        ("winners", ["Ali", "Elham"]), ("winners", ["Bahar", "Farid"]),
        ("losers", ["Hadi", "Dara"]), ("losers", ["Golnar", "Cyrus"])]
    # Round 3: the losers of winners' round 2 drop reversed: Dara (from the top half) meets
    # Bahar (lost at the bottom table), Cyrus meets Elham: nobody meets again so soon.
    assert play_round(client, t, {"Ali": "Farid", "Dara": "Bahar", "Cyrus": "Cyrus"}) == [
        ("winners", ["Ali", "Farid"]), ("losers", ["Dara", "Bahar"]),
        ("losers", ["Cyrus", "Elham"])]
    page = text(client.get(f"/tournaments/{t['id']}/bracket"))
    assert "Winners' bracket" in page and "Losers' bracket" in page and "Grand final" in page


def test_five_entrants_byes_in_both_brackets(client):
    t = double(client, entrants=FOUR + ["Elham"])
    # Seeds 1-3 have byes; Dara v Elham is the only match of round 1.
    first = play_round(client, t, {"Dara": "Dara"})
    assert first == [("winners", ["Ali"]), ("winners", ["Dara", "Elham"]),
                     ("winners", ["Bahar"]), ("winners", ["Cyrus"])]
    # Round 2: Elham, the only loser of round 1, has a bye in the losers' bracket.
    assert play_round(client, t, {"Ali": "Ali", "Bahar": "Bahar"}) == [
        ("winners", ["Ali", "Dara"]), ("winners", ["Bahar", "Cyrus"]), ("losers", ["Elham"])]


def test_a_correction_changes_who_drops(client):
    t = double(client)
    first = next_round(client, t)["matches"]
    play(client, first[0], sweep(0), hands=1)  # Ali beats Dara
    play(client, first[1], sweep(0), hands=1)  # Bahar beats Cyrus
    second = next_round(client, t)["matches"]
    assert [m["names"] for m in second] == [["Ali", "Bahar"], ["Dara", "Cyrus"]]
    # Nothing played in round 2 yet: the director corrects round 1: Dara won. Dara goes on
    # to the winners' final, Ali drops to the losers' round 1: both re-seated at once.
    changed = set_result(client, t, first[0]["id"], places=[2, 1], points=[0, 101],
                         reason="scored the wrong way round")
    assert changed.status_code == 200, changed.get_json()
    rounds = tournament(client, t)["rounds"]
    assert [(m["bracket"], m["names"]) for m in rounds[1]["matches"]] == [
        ("winners", ["Dara", "Bahar"]), ("losers", ["Ali", "Cyrus"])]


def test_a_correction_after_a_started_match_asks_for_the_cascade(client):
    t = double(client)
    first = next_round(client, t)["matches"]
    play(client, first[0], sweep(0), hands=1)
    play(client, first[1], sweep(0), hands=1)
    second = next_round(client, t)["matches"]
    play(client, second[1], sweep(1), hands=1)  # Cyrus beats Dara in the losers' bracket
    before = tournament(client, t)["rounds"]
    refused = set_result(client, t, first[0]["id"], places=[2, 1], points=[0, 101],
                         reason="scored the wrong way round")
    # The losers' match Dara v Cyrus has a result: 409, the changes said, nothing changed.
    assert refused.status_code == 409
    # Dara, the new winner, goes on to the winners' final (not started: re-seated); Ali drops
    # to Dara's losers' match, which has a result: its game is kept, counted for nobody.
    assert refused.get_json()["changes"] == [
        "Round 2, table 1: Ali v Bahar becomes Dara v Bahar.",
        "Round 2, table 2: Dara v Cyrus becomes Ali v Cyrus; its games are kept, counted for "
        "nobody."]
    assert tournament(client, t)["rounds"] == before
    confirmed = set_result(client, t, first[0]["id"], places=[2, 1], points=[0, 101],
                           reason="scored the wrong way round", cascade=True)
    assert confirmed.status_code == 200, confirmed.get_json()
    rounds = tournament(client, t)["rounds"]
    assert [m["names"] for m in rounds[1]["matches"]] == [["Dara", "Bahar"], ["Ali", "Cyrus"]]
    assert not rounds[1]["matches"][1]["decided"]  # reopened for Ali v Cyrus


def stored_tournaments(client) -> int:
    with client.application.app_context():
        return get_session().exec(select(func.count()).select_from(Tournament)).one()


def test_bad_set_up_is_refused_with_nothing_made(client):
    before = stored_tournaments(client)
    for settings, sentence in (({"grand_final_reset": "yes"},
                                "grand_final_reset is true or false."),):
        answer = client.post("/api/v1/tournaments", json={
            "name": "Cup", "game": "basra", "format": "double_elimination",
            "entrants": FOUR, "settings": settings})
        assert answer.status_code == 400
        assert sentence in str(answer.get_json())
    answer = client.post("/api/v1/tournaments", json={
        "name": "Cup", "game": "basra", "format": "knockout", "entrants": FOUR,
        "settings": {"grand_final_reset": True}})
    assert answer.status_code == 400
    assert "Only a double elimination has a grand final to reset." in str(answer.get_json())
    assert stored_tournaments(client) == before


def test_swap_in_round_1_only_and_take_back_the_last_round(client):
    t = double(client)
    first = next_round(client, t)["matches"]
    who = ids(tournament(client, t))
    base = f"/api/v1/tournaments/{t['id']}/rounds"
    # Round 1 (1v4, 2v3): Dara and Cyrus swap seats: Ali v Cyrus, Bahar v Dara.
    swapped = client.post(f"{base}/1/swap", json={"entrants": [who["Dara"], who["Cyrus"]]},
                          headers=director(t))
    assert swapped.status_code == 200, swapped.get_json()
    first = tournament(client, t)["rounds"][0]["matches"]
    assert [m["names"] for m in first] == [["Ali", "Cyrus"], ["Bahar", "Dara"]]
    play(client, first[0], sweep(1), hands=1)  # Cyrus beats Ali
    play(client, first[1], sweep(0), hands=1)  # Bahar beats Dara
    second = next_round(client, t)["matches"]
    assert [(m["bracket"], m["names"]) for m in second] == [
        ("winners", ["Cyrus", "Bahar"]), ("losers", ["Ali", "Dara"])]
    # Round 2 follows from the results: no swap there, and nothing changes.
    refused = client.post(f"{base}/2/swap", json={"entrants": [who["Cyrus"], who["Ali"]]},
                          headers=director(t))
    assert refused.status_code == 400
    assert "only round 1 can be swapped" in refused.get_json()["error"]
    assert [m["names"] for m in tournament(client, t)["rounds"][1]["matches"]] == [
        ["Cyrus", "Bahar"], ["Ali", "Dara"]]
    # The last round taken back, then paired again: the same round.
    taken = client.delete(f"{base}/2", headers=director(t))
    assert taken.status_code == 200, taken.get_json()
    assert len(tournament(client, t)["rounds"]) == 1
    again = next_round(client, t)["matches"]
    assert [(m["bracket"], m["names"]) for m in again] == [
        ("winners", ["Cyrus", "Bahar"]), ("losers", ["Ali", "Dara"])]


def test_the_pages_show_both_brackets_and_the_standings(client):
    t = double(client)
    play_round(client, t, {"Ali": "Ali", "Bahar": "Bahar"})
    play_round(client, t, {"Ali": "Ali", "Dara": "Cyrus"})
    play_round(client, t, {"Cyrus": "Bahar"})
    play_round(client, t, {"Ali": "Ali"})  # Ali wins the grand final: no reset
    base = f"/tournaments/{t['id']}"
    bracket = text(client.get(f"{base}/bracket"))
    assert "Champion: Ali" in bracket
    # The losers' final: Cyrus v Bahar, Bahar won; the grand final Ali v Bahar, Ali won.
    assert "Losers' final · played in round 3 Cyrus 0 Bahar 1 won" in bracket
    assert "Grand final Final · played in round 4 Ali 1 won Bahar 0" in bracket
    assert "Reset final" not in bracket
    standings = text(client.get(f"{base}/standings"))
    # Ali champion; Bahar out in round 4 (the final); Cyrus third; Dara out in round 2.
    assert "1 Ali Champion" in standings and "2 Bahar Round 4: out" in standings
    assert "3 Cyrus Third place" in standings and "4 Dara Round 2: out" in standings
    csv = client.get(f"{base}/standings.csv").get_data(as_text=True).splitlines()
    assert csv[1:] == ["1,Ali,4,champion", "2,Bahar,4,out", "3,Cyrus,3,third", "4,Dara,2,out"]
    for page in ("", "/screen", "/results?round=2", "/crosstable"):
        assert client.get(base + page).status_code == 200, page
    screen = text(client.get(f"{base}/screen"))
    assert "Champion: Ali" in screen


SET_UP = {"name": "Club night", "variant": "basra/egyptian", "format": "double_elimination",
          "entrants": "Ali\nBahar\nCyrus\nDara", "table_size": "2"}


def test_the_set_up_form_offers_double_elimination_and_its_reset(client):
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert '<option value="double_elimination"' in page
    # The reset box is ticked until the director says otherwise.
    assert 'name="grand_final_reset" checked' in page
    made = client.post("/tournaments/new", data={**SET_UP, "grand_final_reset": "on"})
    assert made.status_code == 303, made.get_data(as_text=True)
    tid = made.headers["Location"].split("/")[2].split("?")[0]
    body = client.get(f"/api/v1/tournaments/{tid}").get_json()
    assert body["format"] == "double_elimination"
    assert body["settings"]["grand_final_reset"] is True
    unticked = client.post("/tournaments/new", data=SET_UP)  # the box left empty
    tid = unticked.headers["Location"].split("/")[2].split("?")[0]
    assert client.get(f"/api/v1/tournaments/{tid}").get_json()["settings"][
        "grand_final_reset"] is False


def test_while_it_runs_the_unbeaten_rank_above_those_with_a_loss(client):
    t = double(client)
    play_round(client, t, {"Ali": "Ali", "Bahar": "Bahar"})
    play_round(client, t, {"Ali": "Ali", "Dara": "Cyrus"})
    # After round 2: Ali unbeaten; Bahar (lost the winners' final) and Cyrus (lost once) are
    # still in with one loss; Dara is out with two. All three still in reached round 3.
    standings = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert [(s["rank"], s["name"], s["round_reached"]) for s in standings] == [
        (1, "Ali", 3), (2, "Bahar", 3), (2, "Cyrus", 3), (4, "Dara", 2)]


def test_a_correction_moves_a_bye_in_the_losers_bracket(client):
    t = double(client, entrants=FOUR + ["Elham"])
    first = next_round(client, t)["matches"]  # Ali bye, Dara v Elham, Bahar bye, Cyrus bye
    play(client, first[1], sweep(0), hands=1)  # Dara beats Elham
    second = next_round(client, t)["matches"]
    assert [(m["bracket"], m["names"], m["bye"]) for m in second] == [
        ("winners", ["Ali", "Dara"], False), ("winners", ["Bahar", "Cyrus"], False),
        ("losers", ["Elham"], True)]
    # Corrected: Elham won. Elham goes to Ali's table; Dara takes the losers' bye.
    changed = set_result(client, t, first[1]["id"], places=[2, 1], points=[0, 101],
                         reason="scored the wrong way round")
    assert changed.status_code == 200, changed.get_json()
    matches = tournament(client, t)["rounds"][1]["matches"]
    assert [(m["names"], m["bye"], m["decided"]) for m in matches] == [
        (["Ali", "Elham"], False, False), (["Bahar", "Cyrus"], False, False),
        (["Dara"], True, True)]


def test_the_desk_names_each_tables_bracket(client):
    t = double(client)
    play_round(client, t, {"Ali": "Ali", "Bahar": "Bahar"})
    next_round(client, t)
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")  # the director's cookie
    page = text(client.get(f"/tournaments/{t['id']}"))
    # Round 2: table 1 the winners' final Ali v Bahar, table 2 the losers' Dara v Cyrus.
    assert "Table 1 · Winners' bracket" in page and "Table 2 · Losers' bracket" in page


def test_a_result_waiting_for_confirmation_holds_the_next_round(client):
    t = double(client, confirm_results=True)
    first = next_round(client, t)["matches"]
    play(client, first[0], sweep(0), hands=1)
    play(client, first[1], sweep(0), hands=1)
    # Both results wait for Dara and Cyrus to confirm: round 2 is not paired, nothing made.
    held = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert held.status_code == 400
    assert held.get_json()["error"] == (
        "Round 1 has results waiting for confirmation: the side that lost confirms, or the "
        "director decides.")
    assert len(tournament(client, t)["rounds"]) == 1
    for match in first:
        url = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/confirm"
        answer = client.post(url, headers={"Authorization": f"Bearer {match['side_keys'][1]}"})
        assert answer.status_code == 200, answer.get_json()
    assert [m["names"] for m in next_round(client, t)["matches"]] == [
        ["Ali", "Bahar"], ["Dara", "Cyrus"]]


def test_a_withdrawn_entrant_loses_its_matches_by_walkover(client):
    t = double(client)
    first = next_round(client, t)["matches"]
    play(client, first[0], sweep(0), hands=1)  # Ali beats Dara
    play(client, first[1], sweep(0), hands=1)  # Bahar beats Cyrus
    dara = ids(tournament(client, t))["Dara"]
    answer = client.post(f"/api/v1/tournaments/{t['id']}/entrants/{dara}/withdraw",
                         json={"reason": "Called away"}, headers=director(t))
    assert answer.status_code == 200, answer.get_json()
    # Round 2: Dara's losers' match against Cyrus is a walkover for Cyrus.
    losers = next_round(client, t)["matches"][1]
    assert losers["names"] == ["Dara", "Cyrus"] and losers["walkover"]
    assert losers["places"] == [2, 1]


def test_the_set_up_form_as_a_browser_sends_it_beside_groups_then_knockout(client):
    # The form always holds the groups fields (2 and 2) and the reset box ticked: a double
    # elimination takes no groups, a groups then knockout no reset.
    browser = {**SET_UP, "entrants": "Ali\nBahar\nCyrus\nDara\nElham\nFarid\nGolnar\nHadi",
               "groups": "2", "advance": "2", "grand_final_reset": "on"}
    made = client.post("/tournaments/new", data=browser)
    assert made.status_code == 303, made.get_data(as_text=True)
    tid = made.headers["Location"].split("/")[2].split("?")[0]
    settings = client.get(f"/api/v1/tournaments/{tid}").get_json()["settings"]
    assert settings["grand_final_reset"] is True and "groups" not in settings
    grouped = client.post("/tournaments/new", data={**browser, "format": "groups_knockout"})
    assert grouped.status_code == 303, grouped.get_data(as_text=True)
    tid = grouped.headers["Location"].split("/")[2].split("?")[0]
    body = client.get(f"/api/v1/tournaments/{tid}").get_json()
    assert body["format"] == "groups_knockout"
    assert (body["settings"]["groups"], body["settings"]["advance"]) == (2, 2)
    assert "grand_final_reset" not in body["settings"]
