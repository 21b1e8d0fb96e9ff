"""Tournament hall: corrections that follow through, a field that changes, the audit trail.

Basra, best of one unless said: `sweep(side)` is one hand of 163 to that side, which wins a
game to 101 at once; BASRA_WIN is 73 to side 0, which leaves the game open. Four entrants
seeded Anis, Badia, Cala, Dina meet 1 v 4 and 2 v 3: Anis v Dina, Badia v Cala.
"""

from __future__ import annotations

from .helpers import BASRA_WIN, director, next_round, play, sweep, text
from .helpers import create_tournament as create
from .helpers import set_result as result
from .helpers import tournament_history as history

FOUR = ["Anis", "Badia", "Cala", "Dina"]


def knockout(client, **settings):
    return create(client, format="knockout", entrants=FOUR,
                  settings={"best_of": 1, **settings})


def body(client, t):
    return client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()


def ids(t) -> dict[str, int]:
    return {e["name"]: e["id"] for e in t["entrants"]}


def play_round(client, t, winners: dict[str, int]) -> list[dict]:
    """Pair the next round and play each match: `winners` names the winning side by the
    match's first name."""
    matches = next_round(client, t)["matches"]
    for match in matches:
        if not match["bye"] and match["names"][0] in winners:
            play(client, match, sweep(winners[match["names"][0]]), hands=1)
    return matches


def first_round_and_final(client, **settings):
    """Anis beats Dina, Badia beats Cala, the final Anis v Badia is paired."""
    t = knockout(client, **settings)
    first = play_round(client, t, {"Anis": 0, "Badia": 0})
    final = next_round(client, t)["matches"][0]
    assert final["names"] == ["Anis", "Badia"]
    return t, first, final


# --- Corrections that follow through ---------------------------------------------------------

def test_a_corrected_result_reseats_a_final_not_started(client):
    # The reproduction: round 1 corrected to "Dina won" before the final has a hand.
    t, first, final = first_round_and_final(client)
    answer = result(client, t, first[0]["id"], winner=1)
    assert answer.status_code == 200, answer.get_json()
    now = answer.get_json()["rounds"][1]["matches"][0]
    assert now["names"] == ["Dina", "Badia"] and now["current_game"] != final["current_game"]
    assert client.get(f"/api/v1/games/{final['current_game']}").status_code == 404
    play(client, now, sweep(1), hands=1)
    done = body(client, t)
    assert done["champion"] == ids(done)["Badia"]


def test_a_started_final_refuses_the_change_until_the_cascade_is_confirmed(client):
    t, first, final = first_round_and_final(client)
    play(client, final, BASRA_WIN, hands=1)  # 73 to Anis: the final has begun
    refused = result(client, t, first[0]["id"], winner=1)
    assert refused.status_code == 409
    error = refused.get_json()
    assert error["error"] == ("Round 2, table 1 (Anis v Badia) has started: confirm the "
                              "cascade to reopen it and every later match this change "
                              "touches.")
    assert error["changes"] == ["Round 2, table 1: Anis v Badia becomes Dina v Badia; its "
                                "games are kept, counted for nobody."]
    unchanged = body(client, t)
    assert unchanged["rounds"][0]["matches"][0]["places"] == [1, 2]
    assert unchanged["rounds"][1]["matches"][0]["names"] == ["Anis", "Badia"]

    answer = result(client, t, first[0]["id"], winner=1, cascade=True)
    assert answer.status_code == 200
    now = answer.get_json()["rounds"][1]["matches"][0]
    assert now["names"] == ["Dina", "Badia"] and len(now["games"]) == 1
    assert now["games"][0]["totals"] == [0, 0]
    kept = client.get(f"/api/v1/games/{final['current_game']}").get_json()
    assert kept["totals"] == [73, 0]  # still stored, in no match
    reseat = next(e for e in history(client, t) if e["kind"] == "reseat")
    assert (reseat["by"], reseat["round"], reseat["table"]) == ("director", 2, 1)
    assert reseat["before"]["names"] == ["Anis", "Badia"]
    assert reseat["after"]["names"] == ["Dina", "Badia"]
    assert reseat["before"]["games"] == [final["current_game"]]


def test_the_scorers_correction_that_flips_a_game_reseats_the_final(client):
    t, first, final = first_round_and_final(client)
    game = client.get(f"/api/v1/games/{first[0]['current_game']}").get_json()
    answer = client.put(f"/api/v1/games/{game['id']}/hands/1",
                        json={"hand": sweep(1), "version": game["version"]},
                        headers={"Authorization": f"Bearer {first[0]['edit_key']}"})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["winners"] == [1]
    assert body(client, t)["rounds"][1]["matches"][0]["names"] == ["Dina", "Badia"]
    # Newest first: the final's links replaced, its re-seat, then the correction.
    assert [e["kind"] for e in history(client, t)[:2]] == ["links_replaced", "reseat"]
    correction = history(client, t)[2]
    assert (correction["kind"], correction["by"], correction["names"]) == (
        "correction", "scorer", ["Anis", "Dina"])
    assert correction["before"]["places"] == [1, 2]
    assert correction["after"]["places"] == [2, 1]


def test_the_scorers_flip_of_a_started_final_is_refused_and_the_director_cascades(client):
    t, first, final = first_round_and_final(client)
    play(client, final, BASRA_WIN, hands=1)
    game = client.get(f"/api/v1/games/{first[0]['current_game']}").get_json()
    url = f"/api/v1/games/{game['id']}/hands/1"
    refused = client.put(url, json={"hand": sweep(1), "version": game["version"]},
                         headers={"Authorization": f"Bearer {first[0]['edit_key']}"})
    assert refused.status_code == 409
    assert "Round 2, table 1 (Anis v Badia) has started" in refused.get_json()["error"]
    assert client.get(url.rsplit("/hands", 1)[0]).get_json()["winners"] == [0]  # unchanged
    # The scorer cannot cascade; the director can, with the director key.
    refused = client.put(url, json={"hand": sweep(1), "version": game["version"],
                                    "cascade": True},
                         headers={"Authorization": f"Bearer {first[0]['edit_key']}"})
    assert refused.status_code == 409
    answer = client.put(url, json={"hand": sweep(1), "version": game["version"],
                                   "cascade": True, "reason": "Dina took the last basra"},
                        headers=director(t))
    assert answer.status_code == 200, answer.get_json()
    assert body(client, t)["rounds"][1]["matches"][0]["names"] == ["Dina", "Badia"]
    changes = text(client.get(f"/games/{game['id']}/history"))
    assert "Hand 1 corrected: Dina took the last basra (by the director)" in changes
    kinds = [(e["kind"], e["by"]) for e in history(client, t)[:3]]
    assert kinds == [("links_replaced", "director"), ("reseat", "director"),
                     ("correction", "director")]


def test_a_decided_dispute_pairs_the_new_winner(client):
    t = knockout(client, confirm_results=True)
    first = play_round(client, t, {"Anis": 0, "Badia": 0})
    dina_key = body(client, t)["rounds"][0]["matches"][0]["side_keys"][1]
    url = f"/api/v1/tournaments/{t['id']}/matches/{first[0]['id']}/confirm"
    disputed = client.post(url, json={"dispute": "The last hand was mine"},
                           headers={"Authorization": f"Bearer {dina_key}"})
    assert disputed.status_code == 200
    assert result(client, t, first[0]["id"], winner=1).status_code == 200
    client.post(f"/api/v1/tournaments/{t['id']}/matches/{first[1]['id']}/confirm",
                headers=director(t))
    assert next_round(client, t)["matches"][0]["names"] == ["Dina", "Badia"]
    events = [(e["kind"], e["by"], e["table"]) for e in history(client, t)]
    assert ("disputed", "side", 1) in events and ("result", "director", 1) in events
    assert ("confirmed", "director", 2) in events


def test_a_swiss_round_paired_stays_as_paired_with_a_warning(client):
    t = create(client, format="swiss", entrants=FOUR, settings={"best_of": 1, "rounds": 3})
    first = play_round(client, t, dict.fromkeys(FOUR, 0))
    second = next_round(client, t)["matches"]
    answer = result(client, t, first[0]["id"], winner=1)
    assert answer.status_code == 200
    assert answer.get_json()["warnings"] == [
        "Round 2 was paired on the results before this change: it stays as paired."]
    assert [m["sides"] for m in answer.get_json()["rounds"][1]["matches"]] == [
        m["sides"] for m in second]


# --- A field that changes ---------------------------------------------------------------------

def withdraw(client, t, name, reason="Called away"):
    entrant = ids(t)[name]
    return client.post(f"/api/v1/tournaments/{t['id']}/entrants/{entrant}/withdraw",
                       json={"reason": reason}, headers=director(t))


def test_a_withdrawal_in_a_round_robin_gives_walkovers(client):
    t = create(client, entrants=FOUR, settings={"best_of": 1})
    play_round(client, t, dict.fromkeys(FOUR, 0))
    answer = withdraw(client, t, "Dina")
    assert answer.status_code == 200
    dina = next(e for e in answer.get_json()["entrants"] if e["name"] == "Dina")
    assert dina["withdrawn"] == {"after_round": 1, "reason": "Called away"}
    assert withdraw(client, t, "Dina").status_code == 400  # once is enough
    for _ in range(2):
        for match in next_round(client, t)["matches"]:
            if "Dina" in match["names"]:
                assert match["walkover"] and match["decided"] and match["games"] == []
                assert match["points"] == [0, 0]
                assert match["places"] == [2 if n == "Dina" else 1 for n in match["names"]]
            else:
                play(client, match, sweep(0), hands=1)
    rows = {r["name"]: r for r in client.get(
        f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]}
    # Dina lost to Anis in round 1 (163-0) and plays no more: 3 played is 1 + 2 walkovers
    # won by her opponents, who count them as byes (a win, 2 points, no game points).
    assert (rows["Dina"]["played"], rows["Dina"]["lost"], rows["Dina"]["points"]) == (1, 1, 0)
    assert rows["Dina"]["points_conceded"] == 163


def test_a_withdrawal_in_a_knockout_walks_the_other_side_over(client):
    t = knockout(client)
    play_round(client, t, {"Anis": 0, "Badia": 0})
    assert withdraw(client, t, "Anis").status_code == 200
    final = next_round(client, t)["matches"][0]
    assert final["names"] == ["Anis", "Badia"] and final["walkover"]
    done = body(client, t)
    assert done["champion"] == ids(done)["Badia"] and done["finished"]


def test_a_withdrawal_in_a_swiss_pairs_the_others_and_walks_over_an_open_match(client):
    t = create(client, format="swiss", entrants=[*FOUR, "Emad"],
               settings={"best_of": 1, "rounds": 3})
    first = next_round(client, t)["matches"]  # five: one has a bye
    open_match = next(m for m in first if not m["bye"])
    answer = withdraw(client, t, open_match["names"][0])
    assert answer.status_code == 200
    leaver = next(e for e in answer.get_json()["entrants"]
                  if e["name"] == open_match["names"][0])
    assert leaver["withdrawn"]["after_round"] == 0  # its round-1 match was never played
    walked = next(m for r in answer.get_json()["rounds"] for m in r["matches"]
                  if m["id"] == open_match["id"])
    assert walked["walkover"] and walked["places"] == [2, 1]
    for match in first:
        if not match["bye"] and match["id"] != open_match["id"]:
            play(client, match, sweep(0), hands=1)
    second = next_round(client, t)["matches"]
    seated = [n for m in second for n in m["names"]]
    assert open_match["names"][0] not in seated and len(seated) == 4


def test_a_late_entrant_joins_a_swiss_from_the_next_round(client):
    t = create(client, format="swiss", entrants=FOUR, settings={"best_of": 1, "rounds": 3})
    play_round(client, t, dict.fromkeys(FOUR, 0))
    added = client.post(f"/api/v1/tournaments/{t['id']}/entrants", json={"entrants": ["Emad"]},
                        headers=director(t))
    assert added.status_code == 201
    rows = {r["name"]: r for r in client.get(
        f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]}
    assert (rows["Emad"]["played"], rows["Emad"]["points"]) == (0, 0)
    seated = [n for m in next_round(client, t)["matches"] for n in m["names"]]
    assert "Emad" in seated and len(seated) == 5
    late = next(e for e in history(client, t) if e["kind"] == "late_entry")
    assert late["after"] == {"entrants": ["Emad"]} and late["by"] == "director"


def test_a_late_entrant_is_refused_once_a_swiss_has_paired_its_last_round(client):
    t = create(client, format="swiss", entrants=FOUR, settings={"best_of": 1, "rounds": 2})
    play_round(client, t, dict.fromkeys(FOUR, 0))
    next_round(client, t)  # round 2 of 2: no round is left to play in
    refused = client.post(f"/api/v1/tournaments/{t['id']}/entrants",
                          json={"entrants": ["Emad"]}, headers=director(t))
    assert refused.status_code == 409
    assert refused.get_json() == {"error": "Every round of this Swiss has been paired: a new "
                                           "entrant would play nothing.", "field": "entrants",
                                  "changes": []}
    assert [e["name"] for e in body(client, t)["entrants"]] == FOUR


def test_late_entrants_are_refused_once_a_round_robin_or_knockout_is_paired(client):
    for t in (create(client, entrants=FOUR), knockout(client)):
        next_round(client, t)
        refused = client.post(f"/api/v1/tournaments/{t['id']}/entrants",
                              json={"entrants": ["Emad"]}, headers=director(t))
        assert refused.status_code == 409
        assert refused.get_json()["error"] == (
            "The first round has been paired: a round robin or a knockout cannot take new "
            "entrants (a Swiss can).")


def test_a_third_place_match_is_played_beside_the_final_and_makes_the_podium(client):
    t = knockout(client, third_place=True)
    play_round(client, t, {"Anis": 0, "Badia": 0})
    final, third = next_round(client, t)["matches"]
    assert (final["names"], final["third_place"]) == (["Anis", "Badia"], False)
    assert (third["names"], third["third_place"]) == (["Dina", "Cala"], True)
    bracket = text(client.get(f"/tournaments/{t['id']}/bracket"))
    assert "Final Anis 0 Badia 0 Match for third place Dina 0 Cala 0" in bracket
    play(client, final, sweep(1), hands=1)  # Badia
    assert body(client, t)["podium"] is None  # the third-place match is still to play
    play(client, third, sweep(1), hands=1)  # Cala
    done = body(client, t)
    who = ids(done)
    assert done["champion"] == who["Badia"]
    assert done["podium"] == [who["Badia"], who["Anis"], who["Cala"]]
    assert done["finished"]
    bracket = text(client.get(f"/tournaments/{t['id']}/bracket"))
    assert "Champion: Badia 1 Badia 2 Anis 3 Cala" in bracket
    assert "Match for third place Dina 0 Cala 1 won" in bracket
    # The API ranks as the page, the CSV and the podium: by the round reached (the final's
    # two reached round 2; the third-place match counts as the semi-finals, round 1), then
    # champion, those out; no rank shared.
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert [(r["rank"], r["name"], r["round_reached"], r["tie"]["shared"]) for r in rows] == [
        (1, "Badia", 2, False), (2, "Anis", 2, False), (3, "Cala", 1, False),
        (4, "Dina", 1, False)]
    csv = client.get(f"/tournaments/{t['id']}/standings.csv").get_data(as_text=True)
    assert csv.splitlines()[1:] == ["1,Badia,2,champion", "2,Anis,2,out", "3,Cala,1,third",
                                    "4,Dina,1,out"]


def test_a_tournament_needs_two_entrants(client):
    for entrants in ([], ["Anis"], None):
        refused = client.post("/api/v1/tournaments", json={
            "name": "Friday", "game": "basra", "format": "swiss", "entrants": entrants})
        assert refused.status_code == 400
        assert refused.get_json() == {"error": "A tournament needs at least two entrants: "
                                               "give their names, one per line.",
                                      "field": "entrants"}


def test_third_place_is_for_a_knockout(client):
    refused = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "swiss", "entrants": FOUR,
        "settings": {"third_place": True}})
    assert refused.status_code == 400 and refused.get_json()["field"] == "third_place"


# --- Best of N: the decider -------------------------------------------------------------------

def test_the_150_decider_is_only_for_the_fifth_game_of_a_best_of_five(client):
    t = create(client, entrants=FOUR[:2], settings={"best_of": 3})
    assert t["settings"]["decider_target"] is None
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)
    match = body(client, t)["rounds"][0]["matches"][0] | {"edit_key": match["edit_key"]}
    play(client, match, sweep(1), hands=1)
    match = body(client, t)["rounds"][0]["matches"][0]
    assert match["wins"] == [1, 1]
    assert client.get(f"/api/v1/games/{match['current_game']}").get_json()["target"] == 101


def test_a_decider_target_asked_for_applies_to_a_best_of_three(client):
    t = create(client, entrants=FOUR[:2], settings={"best_of": 3, "decider_target": 150})
    assert t["settings"]["decider_target"] == 150
    match = next_round(client, t)["matches"][0]
    play(client, match, sweep(0), hands=1)
    match = body(client, t)["rounds"][0]["matches"][0] | {"edit_key": match["edit_key"]}
    play(client, match, sweep(1), hands=1)
    match = body(client, t)["rounds"][0]["matches"][0]
    assert client.get(f"/api/v1/games/{match['current_game']}").get_json()["target"] == 150


# --- The director at the tables, and the audit trail -------------------------------------------

def test_the_director_key_corrects_any_table_game(client):
    t = knockout(client)
    match = next_round(client, t)["matches"][0]
    play(client, match, BASRA_WIN, hands=1)
    game = client.get(f"/api/v1/games/{match['current_game']}").get_json()
    url = f"/api/v1/games/{game['id']}/hands/1"
    hand = {**BASRA_WIN, "basras": [2, 0]}  # one basra fewer: 63
    assert client.put(url, json={"hand": hand, "version": game["version"]}).status_code == 401
    answer = client.put(url, json={"hand": hand, "version": game["version"],
                                   "reason": "one basra too many"}, headers=director(t))
    assert answer.status_code == 200 and answer.get_json()["totals"] == [63, 0]
    other = create(client, entrants=FOUR)  # another tournament's director: no
    assert client.put(url, json={"hand": hand, "version": answer.get_json()["version"]},
                      headers=director(other)).status_code == 403


def test_the_history_says_who_did_what_at_which_table(client):
    t, first, final = first_round_and_final(client)
    assert client.get(f"/api/v1/tournaments/{t['id']}/history").status_code == 401
    result(client, t, first[0]["id"], winner=1)
    events = history(client, t)
    newest = events[2]  # after it: the final re-seated, and its links replaced
    assert newest | {"at": None} == {
        "at": None, "kind": "result", "by": "director", "round": 1, "table": 1,
        "match": first[0]["id"], "names": ["Anis", "Dina"], "reason": "names swapped",
        "before": {"places": [1, 2], "points": [163, 0]},
        "after": {"places": [2, 1], "points": [163, 0]}}
    kinds = [e["kind"] for e in reversed(events)]
    assert kinds == ["create", "entrants", "round", "result", "result", "round", "result",
                     "reseat", "links_replaced"]
    assert all(e["at"].endswith("+00:00") for e in events)


def test_tables_that_cannot_be_the_size_asked_are_explained(client):
    # Seven at tables of 3: as even as possible is one table of 4 and one of 3.
    t = create(client, game="shllaat", entrants=["A", "B", "C", "D", "E", "F", "G"],
               settings={"table_size": 3, "rounds": 1})
    paired = next_round(client, t)
    assert sorted(len(m["sides"]) for m in paired["matches"]) == [3, 4]
    sentence = ("7 entrants cannot all sit at tables of 3: the tables seat 3 to 4, as even as "
                "possible.")
    assert paired["warnings"] == [sentence]
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")
    assert sentence in text(client.get(f"/tournaments/{t['id']}"))
