"""A correction's cascade up a knockout's bracket: only the matches it touches reopen.

Eight Basra entrants, best of one, with a match for third place: `sweep(side)` is one hand of
163 to that side, a game to 101 at once. Seeds Ali 1 ... Hadi 8 meet in bracket order: the
quarter-finals are Ali v Hadi, Dara v Elham, Bahar v Golnar, Cyrus v Farid (tables 1-4); the
winners of tables 1 and 2 meet at semi-final table 1, those of 3 and 4 at table 2.
"""

from __future__ import annotations

from .helpers import create_tournament as create
from .helpers import desk, desk_second_wins, director, next_round, play, sweep, text
from .helpers import set_result as result
from .helpers import tournament_history as history

EIGHT = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]
KEPT = "its games are kept, counted for nobody."
# Quarter-final 2 corrected to "Elham won" once the semi-finals, the final (Ali v Bahar) and
# the match for third place (Dara v Cyrus) are played: semi-final 1 takes Elham for Dara;
# its winner and loser are no longer known, so the final and the third-place match, which
# take them, wait to be paired again. Semi-final 2 (Bahar v Cyrus) is not touched.
CHANGES = [f"Round 2, table 1: Ali v Dara becomes Ali v Elham; {KEPT}",
           "Round 3, table 1: Ali v Bahar is taken back, to be paired again once the matches "
           f"before it are decided; {KEPT}",
           "Round 3, table 2: Dara v Cyrus is taken back, to be paired again once the matches "
           f"before it are decided; {KEPT}"]
STARTED = ("Round 2, table 1 (Ali v Dara) has started: confirm the cascade to reopen it and "
           "every later match this change touches.")


def knockout(client):
    return create(client, format="knockout", entrants=EIGHT,
                  settings={"best_of": 1, "third_place": True})


def body(client, t):
    return client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()


def ids(t) -> dict[str, int]:
    return {e["name"]: e["id"] for e in t["entrants"]}


def names(t, number) -> list[list[str]]:
    return [m["names"] for m in t["rounds"][number - 1]["matches"]]


def play_round(client, t, winners: dict[str, int]) -> list[dict]:
    """Pair the next round and play each match: `winners` names the winning side by the
    match's first name."""
    matches = next_round(client, t)["matches"]
    for match in matches:
        play(client, match, sweep(winners[match["names"][0]]), hands=1)
    return matches


def game(client, game_id) -> dict:
    return client.get(f"/api/v1/games/{game_id}").get_json()


def all_played(client):
    """Ali, Dara, Bahar and Cyrus win the quarter-finals; Ali and Bahar the semi-finals; Ali
    the final (v Bahar) and Dara the match for third place (v Cyrus)."""
    t = knockout(client)
    quarters = play_round(client, t, {"Ali": 0, "Dara": 0, "Bahar": 0, "Cyrus": 0})
    semis = play_round(client, t, {"Ali": 0, "Bahar": 0})
    last = play_round(client, t, {"Ali": 0, "Dara": 0})
    done = body(client, t)
    who = ids(done)
    assert [m["third_place"] for m in last] == [False, True]
    assert done["podium"] == [who["Ali"], who["Bahar"], who["Dara"]]
    return t, quarters, semis, last


def test_a_late_correction_reopens_only_the_semi_final_and_the_matches_it_feeds(client):
    t, quarters, semis, last = all_played(client)
    refused = result(client, t, quarters[1]["id"], winner=1)
    assert refused.status_code == 409
    assert refused.get_json()["error"] == STARTED
    assert refused.get_json()["changes"] == CHANGES
    assert names(body(client, t), 3) == [["Ali", "Bahar"], ["Dara", "Cyrus"]]  # unchanged

    answer = result(client, t, quarters[1]["id"], winner=1, cascade=True)
    assert answer.status_code == 200, answer.get_json()
    now = answer.get_json()
    who = ids(now)
    assert now["champion"] is None and now["podium"] is None and not now["finished"]
    assert len(now["rounds"]) == 2  # the final and the third-place match wait
    reopened, other = now["rounds"][1]["matches"]
    assert (reopened["names"], reopened["decided"]) == (["Ali", "Elham"], False)
    assert reopened["games"][0]["totals"] == [0, 0]  # a fresh game for the new sides
    # The other semi-final is as it was: same match, same game, same result.
    assert (other["id"], other["names"], other["places"]) == (
        semis[1]["id"], ["Bahar", "Cyrus"], [1, 2])
    assert [g["id"] for g in other["games"]] == [semis[1]["current_game"]]
    # The reopened matches' games are still stored, in no match any more.
    for match in (semis[0], *last):
        assert game(client, match["current_game"])["totals"] == [163, 0]
    # Each reopened match's table and side links end with it (newest first).
    events = [e for e in history(client, t) if e["kind"] != "links_replaced"]
    assert [(e["kind"], e["round"], e["table"]) for e in history(client, t)[:6]] == [
        ("links_replaced", 3, 2), ("take_back", 3, 2), ("links_replaced", 3, 1),
        ("take_back", 3, 1), ("links_replaced", 2, 1), ("reseat", 2, 1)]
    assert [(e["kind"], e["round"], e["table"], e["names"]) for e in events[:3]] == [
        ("take_back", 3, 2, ["Dara", "Cyrus"]), ("take_back", 3, 1, ["Ali", "Bahar"]),
        ("reseat", 2, 1, ["Ali", "Elham"])]
    assert events[0]["before"]["games"] == [last[1]["current_game"]]
    assert events[1]["before"]["games"] == [last[0]["current_game"]]
    assert events[2]["before"]["games"] == [semis[0]["current_game"]]

    refused = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert refused.get_json()["error"] == ("Round 2 is not finished yet: every table needs "
                                           "its result first.")
    play(client, reopened, sweep(1), hands=1)  # Elham beats Ali
    final, third = next_round(client, t)["matches"]
    assert (final["names"], final["third_place"]) == (["Elham", "Bahar"], False)
    assert (third["names"], third["third_place"]) == (["Ali", "Cyrus"], True)
    assert body(client, t)["champion"] is None
    play(client, final, sweep(1), hands=1)  # Bahar
    play(client, third, sweep(1), hands=1)  # Cyrus
    done = body(client, t)
    assert done["champion"] == who["Bahar"] and done["finished"]
    assert done["podium"] == [who["Bahar"], who["Elham"], who["Cyrus"]]


def test_a_correction_before_the_semi_final_has_a_hand_reseats_it_at_once(client):
    t = knockout(client)
    quarters = play_round(client, t, {"Ali": 0, "Dara": 0, "Bahar": 0, "Cyrus": 0})
    semis = next_round(client, t)["matches"]
    answer = result(client, t, quarters[1]["id"], winner=1)  # no cascade asked: none needed
    assert answer.status_code == 200, answer.get_json()
    first, second = answer.get_json()["rounds"][1]["matches"]
    assert first["names"] == ["Ali", "Elham"]
    assert first["current_game"] != semis[0]["current_game"]
    gone = client.get(f"/api/v1/games/{semis[0]['current_game']}")
    assert gone.status_code == 404  # nobody had started it
    assert (second["names"], second["current_game"]) == (["Bahar", "Cyrus"],
                                                         semis[1]["current_game"])


def test_a_result_cleared_leaves_a_round_partly_paired_and_pairing_fills_it(client):
    t = knockout(client)
    quarters = next_round(client, t)["matches"]
    for match in (quarters[0], quarters[2], quarters[3]):
        play(client, match, sweep(0), hands=1)  # Ali, Bahar, Cyrus
    assert result(client, t, quarters[1]["id"], winner=0).status_code == 200  # Dara, by hand
    semis = next_round(client, t)["matches"]
    assert [m["names"] for m in semis] == [["Ali", "Dara"], ["Bahar", "Cyrus"]]
    play(client, semis[1], sweep(1), hands=1)  # Cyrus beats Bahar

    cleared = result(client, t, quarters[1]["id"], clear=True)  # Dara v Elham is to play
    assert cleared.status_code == 200, cleared.get_json()
    kept = cleared.get_json()["rounds"][1]["matches"]
    assert [(m["id"], m["table"], m["places"]) for m in kept] == [(semis[1]["id"], 2, [2, 1])]
    page = text(client.get(f"/tournaments/{t['id']}/bracket"))
    assert "Semi-finals Ali to be decided Bahar 0 Cyrus 1 won" in page

    refused = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert refused.get_json()["error"] == ("Round 1 is not finished yet: every table needs "
                                           "its result first.")
    play(client, body(client, t)["rounds"][0]["matches"][1], sweep(1), hands=1)  # Elham
    semis_now = next_round(client, t)["matches"]  # the round, its missing table paired
    assert [(m["table"], m["names"]) for m in semis_now] == [
        (1, ["Ali", "Elham"]), (2, ["Bahar", "Cyrus"])]
    assert semis_now[1]["id"] == semis[1]["id"] and semis_now[1]["places"] == [2, 1]
    assert len(body(client, t)["rounds"]) == 2  # the missing table, not a new round
    event = next(e for e in history(client, t) if e["kind"] == "round")
    assert event["after"] == {"round": 2, "tables": 1}


def test_the_desk_lists_exactly_the_matches_a_cascade_reopens(client):
    t, quarters, _, _ = all_played(client)
    desk(client, t)
    asked = desk_second_wins(client, t, quarters[1]["id"])
    assert asked.status_code == 409
    page = text(asked)
    assert STARTED in page
    listed = page.split("Confirming reopens these matches: ", 1)[1].split(
        " Confirm: change the result and reopen them", 1)[0]
    assert listed == " ".join(CHANGES)
    assert desk_second_wins(client, t, quarters[1]["id"], cascade="1").status_code == 303
    now = body(client, t)
    assert names(now, 2) == [["Ali", "Elham"], ["Bahar", "Cyrus"]] and len(now["rounds"]) == 2


def test_in_a_bracket_of_sixteen_the_untouched_match_of_a_later_round_stays(client):
    # Seeds in bracket order: 1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14, 6v11; the first
    # named wins every match: P1, P8, P4, P5, P2, P7, P3, P6; then P1 v P8, P4 v P5, P2 v P7,
    # P3 v P6 send P1, P4, P2, P3; then P1 v P4 and P2 v P3 send P1 and P2 to the final.
    players = [f"P{n}" for n in range(1, 17)]
    t = create(client, format="knockout", entrants=players, settings={"best_of": 1})
    first = play_round(client, t, dict.fromkeys(players, 0))
    second = play_round(client, t, dict.fromkeys(players, 0))
    third = play_round(client, t, dict.fromkeys(players, 0))
    play_round(client, t, {"P1": 0})
    assert [m["names"] for m in third] == [["P1", "P4"], ["P2", "P3"]]
    assert body(client, t)["champion"] == ids(t)["P1"]

    # P9 beat P8 after all: the second round's table 1 takes P9, round 3's table 1 and the
    # final lose a side; round 3's table 2 (P2 v P3) is not touched.
    answer = result(client, t, first[1]["id"], winner=1, cascade=True)
    assert answer.status_code == 200, answer.get_json()
    now = answer.get_json()
    assert [m["names"] for m in now["rounds"][1]["matches"]] == [
        ["P1", "P9"], ["P4", "P5"], ["P2", "P7"], ["P3", "P6"]]
    assert [(m["id"], m["table"], m["places"]) for m in now["rounds"][2]["matches"]] == [
        (third[1]["id"], 2, [1, 2])]
    assert len(now["rounds"]) == 3 and now["champion"] is None

    reopened = now["rounds"][1]["matches"][0]
    assert reopened["id"] == second[0]["id"] and not reopened["decided"]
    play(client, reopened, sweep(1), hands=1)  # P9 beats P1
    filled = next_round(client, t)["matches"]
    assert [(m["table"], m["names"]) for m in filled] == [(1, ["P9", "P4"]), (2, ["P2", "P3"])]
    play(client, filled[0], sweep(1), hands=1)  # P4 beats P9
    final = next_round(client, t)["matches"]
    assert [m["names"] for m in final] == [["P4", "P2"]]
    assert body(client, t)["champion"] is None
    play(client, final[0], sweep(0), hands=1)  # P4
    done = body(client, t)
    assert done["champion"] == ids(t)["P4"] and done["finished"]
