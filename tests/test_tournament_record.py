"""The tournament's history of what its tables entered: every hand corrected or deleted and
every game deleted or restored once a game of a match holds it, by whom and why; and no
result change that did not happen.

Basra: `sweep(side)` is one hand of 163 to that side, which wins a game to 101 at once;
BASRA_WIN is 73 to side 0, which leaves the game open. Four entrants seeded Anis, Badia,
Cala, Dina meet 1 v 4 and 2 v 3: Anis v Dina at table 1, Badia v Cala at table 2.
"""

from __future__ import annotations

from .helpers import BASRA_WIN, desk, director, fresh_match, next_round, play, scorer, sweep, text
from .helpers import create_tournament as create
from .helpers import set_result as result
from .helpers import tournament_history as history

FOUR = ["Anis", "Badia", "Cala", "Dina"]
EIGHT = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]
ONLY_DIRECTOR = ("Only the director deletes a finished game of a match, or a game of a match "
                 "already decided: ask the director.")


def first_table(client, best_of=1, entrants=FOUR):
    """A knockout's first round paired; its table 1 (Anis v Dina)."""
    t = create(client, format="knockout", entrants=entrants, settings={"best_of": best_of})
    return t, next_round(client, t)["matches"]


def where(event) -> tuple:
    return event["kind"], event["by"], event["round"], event["table"], event["names"]


def game_of(client, game_id) -> dict:
    return client.get(f"/api/v1/games/{game_id}").get_json()


def correct(client, game_id, number, hand, headers, reason=""):
    game = game_of(client, game_id)
    return client.put(f"/api/v1/games/{game_id}/hands/{number}", headers=headers,
                      json={"hand": hand, "version": game["version"], "reason": reason})


# --- Nothing written that did not happen -------------------------------------------------------

def test_a_reseated_final_that_finishes_records_its_result_not_a_correction(client):
    t, first = first_table(client)
    for match in first:
        play(client, match, sweep(0), hands=1)  # Anis, Badia
    final = next_round(client, t)["matches"][0]
    play(client, final, BASRA_WIN, hands=1)  # the final (Anis v Badia) has started
    assert result(client, t, first[0]["id"], winner=1, cascade=True).status_code == 200
    reseated = fresh_match(client, t, final["id"])
    assert reseated["names"] == ["Dina", "Badia"]
    play(client, reseated, sweep(1), hands=1)  # Badia wins the final
    newest = history(client, t)[0]
    assert where(newest) == ("result", "scorer", 2, 1, ["Dina", "Badia"])
    assert (newest["before"], newest["after"]) == (None, {"places": [2, 1], "points": [0, 163]})
    assert [e["kind"] for e in history(client, t)].count("correction") == 0
    page = desk(client, t)
    assert "Round 2, table 1 (Dina v Badia) : Result: Badia won (by the scorer)" in page
    assert "Result corrected" not in page


def test_matches_reopened_by_a_cascade_and_paired_again_record_only_their_results(client):
    # Quarter-finals (bracket order): Ali v Hadi, Dara v Elham, Bahar v Golnar, Cyrus v Farid;
    # the first named wins each, then Ali and Bahar the semi-finals. Quarter-final 2 is then
    # given to Elham: semi-final 1 is re-seated Ali v Elham and the final is taken back.
    t, quarters = first_table(client, entrants=EIGHT)
    for match in quarters:
        play(client, match, sweep(0), hands=1)
    for match in next_round(client, t)["matches"]:
        play(client, match, sweep(0), hands=1)
    play(client, next_round(client, t)["matches"][0], sweep(0), hands=1)  # Ali v Bahar: Ali
    assert result(client, t, quarters[1]["id"], winner=1, cascade=True).status_code == 200
    before = len(history(client, t))
    semi = fresh_match(client, t, client.get(
        f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
        ["rounds"][1]["matches"][0]["id"])
    assert semi["names"] == ["Ali", "Elham"]
    play(client, semi, sweep(1), hands=1)  # Elham
    final = next_round(client, t)["matches"][0]
    assert final["names"] == ["Elham", "Bahar"]
    play(client, final, sweep(1), hands=1)  # Bahar
    since = [where(e) + (e["before"], e["after"]) for e in history(client, t)[:-before]]
    assert since == [
        ("result", "scorer", 3, 1, ["Elham", "Bahar"], None,
         {"places": [2, 1], "points": [0, 163]}),
        ("round", "director", None, None, [], None, {"round": 3, "tables": 1}),
        ("result", "scorer", 2, 1, ["Ali", "Elham"], None,
         {"places": [2, 1], "points": [0, 163]})]
    assert "correction" not in [e["kind"] for e in history(client, t)]


# --- Every change to what a table entered --------------------------------------------------------

def test_the_directors_correction_of_a_table_hand_is_in_the_history_with_its_reason(client):
    t, first = first_table(client)
    play(client, first[0], sweep(0), hands=1)  # Anis wins table 1
    game = first[0]["current_game"]
    reason = "Dina took the last basra"
    assert correct(client, game, 1, sweep(1), director(t), reason).status_code == 200
    changed, corrected = history(client, t)[:2]  # newest first: the result follows the hand
    assert where(changed) == ("correction", "director", 1, 1, ["Anis", "Dina"])
    assert (changed["reason"], changed["before"]["places"], changed["after"]["places"]) == (
        reason, [1, 2], [2, 1])
    assert where(corrected) == ("hand_corrected", "director", 1, 1, ["Anis", "Dina"])
    assert (corrected["match"], corrected["reason"]) == (first[0]["id"], reason)
    assert corrected["before"] == {"game": game, "game_number": 1, "hand": 1,
                                   "values": sweep(0)}
    assert corrected["after"] == {"game": game, "game_number": 1, "hand": 1,
                                  "values": sweep(1), "change": "edit"}
    page = desk(client, t)
    assert (f"Round 1, table 1 (Anis v Dina) : Game 1, hand 1 corrected (by the director) : "
            f"{reason}") in page
    assert (f"Round 1, table 1 (Anis v Dina) : Result corrected: Dina won (was: Anis won) "
            f"(by the director) : {reason}") in page


def test_a_correction_that_changes_nothing_visible_is_recorded_and_no_result_change(client):
    t, first = first_table(client)
    play(client, first[0], BASRA_WIN, hands=1)  # 73 to Anis: the game goes on
    game = first[0]["current_game"]
    assert correct(client, game, 1, BASRA_WIN, scorer(first[0]), "checked").status_code == 200
    newest, older = history(client, t)[:2]
    assert where(newest) == ("hand_corrected", "scorer", 1, 1, ["Anis", "Dina"])
    assert newest["reason"] == "checked"
    assert newest["before"]["values"] == newest["after"]["values"] == BASRA_WIN
    assert older["kind"] == "round"  # the hand entered is no change, nor is a result


def test_a_hand_deleted_and_an_undo_at_a_table_are_recorded_as_what_they_do(client):
    t, first = first_table(client)
    match = first[0]
    play(client, match, BASRA_WIN, hands=2)  # 146 to Anis after two hands: Anis has won
    game = match["current_game"]
    gone = client.delete(f"/api/v1/games/{game}/hands/2", headers=scorer(match),
                         json={"reason": "entered twice",
                               "version": game_of(client, game)["version"]})
    assert gone.status_code == 200, gone.get_json()
    assert client.post(f"/api/v1/games/{game}/undo", headers=scorer(match)).status_code == 200
    assert client.post(f"/api/v1/games/{game}/undo", headers=scorer(match)).status_code == 200
    events = history(client, t)
    # Oldest first: Anis won; hand 2 deleted, so no result; the first undo puts hand 2 back,
    # Anis has won again (a result, after none); the second undo takes back adding hand 2:
    # no result again. Each result change follows the change of the hand, with its reason.
    assert [(e["kind"], e["by"], e["reason"]) for e in reversed(events[:7])] == [
        ("result", "scorer", ""),
        ("hand_deleted", "scorer", "entered twice"), ("correction", "scorer", "entered twice"),
        ("hand_corrected", "scorer", ""), ("result", "scorer", ""),
        ("hand_deleted", "scorer", ""), ("correction", "scorer", "")]
    assert [e["after"] and e["after"]["places"] for e in events[:5:2]] == [None, [1, 2], None]
    put_back, deleted = events[3], events[1]
    assert (put_back["before"]["values"], put_back["after"]["values"]) == (None, BASRA_WIN)
    assert (deleted["before"]["values"], deleted["after"]["values"]) == (BASRA_WIN, None)
    assert [e["after"]["hand"] for e in (put_back, deleted)] == [2, 2]
    page = desk(client, t)
    for said in ("Game 1, hand 2 deleted (undo) (by the scorer)",
                 "Game 1, hand 2 put back (undo) (by the scorer)",
                 "Game 1, hand 2 deleted (by the scorer) : entered twice"):
        assert f"Round 1, table 1 (Anis v Dina) : {said}" in page


def test_only_the_director_deletes_a_finished_game_and_both_are_in_the_history(client):
    t, first = first_table(client, best_of=3)
    match = first[0]
    play(client, match, sweep(0), hands=1)  # Anis leads 1-0; game 2 has begun
    won = match["current_game"]
    refused = client.delete(f"/api/v1/games/{won}", headers=scorer(match))
    assert (refused.status_code, refused.get_json()["error"]) == (403, ONLY_DIRECTOR)
    assert fresh_match(client, t, match["id"])["wins"] == [1, 0]  # nothing changed
    page = client.post(f"/games/{won}/delete", headers=scorer(match))
    assert page.status_code == 403 and ONLY_DIRECTOR in text(page)
    shown = client.get(f"/games/{won}", headers=scorer(match))  # the scorer's game page
    assert "Delete this game…" not in text(shown) and ONLY_DIRECTOR in text(shown)

    assert client.delete(f"/api/v1/games/{won}", headers=director(t)).status_code == 200
    assert fresh_match(client, t, match["id"])["wins"] == [0, 0]
    deleted = history(client, t)[0]
    assert where(deleted) == ("game_deleted", "director", 1, 1, ["Anis", "Dina"])
    state = {"game": won, "game_number": 1, "totals": [163, 0], "finished": True}
    assert (deleted["before"], deleted["after"]) == ({**state, "deleted": False},
                                                     {**state, "deleted": True})
    refused = client.post(f"/api/v1/games/{won}/restore", headers=scorer(match))
    assert refused.status_code == 403
    assert client.post(f"/api/v1/games/{won}/restore", headers=director(t)).status_code == 200
    assert fresh_match(client, t, match["id"])["wins"] == [1, 0]
    restored = history(client, t)[0]
    assert where(restored) == ("game_restored", "director", 1, 1, ["Anis", "Dina"])
    assert restored["after"] == {**state, "deleted": False}
    said = desk(client, t)
    assert "Round 1, table 1 (Anis v Dina) : Game 1 deleted (by the director)" in said
    assert "Round 1, table 1 (Anis v Dina) : Game 1 restored (by the director)" in said


def test_the_scorer_deletes_an_open_game_of_an_open_match_and_it_is_recorded(client):
    t, first = first_table(client, best_of=3)
    match = first[0]
    play(client, match, BASRA_WIN, hands=1)  # game 1 under way, 73 to Anis
    game = match["current_game"]
    assert client.delete(f"/api/v1/games/{game}", headers=scorer(match)).status_code == 200
    deleted = history(client, t)[0]
    assert where(deleted) == ("game_deleted", "scorer", 1, 1, ["Anis", "Dina"])
    assert deleted["before"] == {"game": game, "game_number": 1, "totals": [73, 0],
                                 "finished": False, "deleted": False}
