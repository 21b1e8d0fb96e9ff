"""Fixing the last round before it starts (docs/rulings-tournaments.md, "Fixing a round before
it starts"): two entrants swap seats, or the round is taken back; a started table refuses both
and nothing changes.

A Swiss of five, Basra best of one: round 1 pairs neighbours in seed order and gives the bye to
the last, so tables are 1 Ali v Bahar, 2 Cyrus v Dara, 3 Elham (bye). `sweep(side)` is one hand
of 163 to that side: it decides the game, and the match.
"""

from __future__ import annotations

from sqlalchemy import text

from .helpers import create_tournament, director, next_round, play, sweep, tournament_history

FIVE = ["Ali", "Bahar", "Cyrus", "Dara", "Elham"]
SIDE_REPLACED = "This side's link was replaced; ask the director for the new one."
REPLACED = "This table link was replaced; ask the director for the new one."


def swiss(client, entrants=FIVE, **settings):
    return create_tournament(client, format="swiss", entrants=entrants,
                             settings={"best_of": 1, **settings})


def ids(t) -> dict[str, int]:
    return {e["name"]: e["id"] for e in t["entrants"]}


def swap(client, t, number, *names, **headers):
    return client.post(f"/api/v1/tournaments/{t['id']}/rounds/{number}/swap",
                       json={"entrants": [ids(t)[n] for n in names]},
                       headers={**director(t), **headers})


def take_back(client, t, number, **headers):
    return client.delete(f"/api/v1/tournaments/{t['id']}/rounds/{number}",
                         headers={**director(t), **headers})


def state(client, t) -> dict:
    return client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()


def seated(body, number=1) -> list[list[str]]:
    return [m["names"] for m in body["rounds"][number - 1]["matches"]]


def players(client, match) -> list[str]:
    return client.get(f"/api/v1/games/{match['current_game']}").get_json()["players"]


def test_a_swap_moves_the_two_entrants_their_games_and_links(client):
    t = swiss(client, confirm_results=True)  # the sides have links to confirm results
    before = next_round(client, t)["matches"]
    assert [m["names"] for m in before] == [["Ali", "Bahar"], ["Cyrus", "Dara"], ["Elham"]]

    answer = swap(client, t, 1, "Bahar", "Cyrus")
    assert answer.status_code == 200, answer.get_json()
    after = answer.get_json()["rounds"][0]["matches"]
    # Cyrus takes Bahar's seat, Bahar takes Cyrus's; the bye stays.
    assert [m["names"] for m in after] == [["Ali", "Cyrus"], ["Bahar", "Dara"], ["Elham"]]
    assert [players(client, m) for m in after[:2]] == [["Ali", "Cyrus"], ["Bahar", "Dara"]]
    assert after[2] == before[2]
    # Both tables were seated anew: the old table and side links open nothing there.
    for old, new in zip(before[:2], after[:2], strict=True):
        assert new["edit_key"] != old["edit_key"]
        assert not set(new["side_keys"]) & set(old["side_keys"])
        refused = client.post(f"/api/v1/games/{new['current_game']}/hands",
                              json={"hand": sweep(0)},
                              headers={"Authorization": f"Bearer {old['edit_key']}"})
        assert (refused.status_code, refused.get_json()) == (403, {"error": REPLACED})
        side = client.post(f"/api/v1/tournaments/{t['id']}/matches/{new['id']}/confirm",
                           headers={"Authorization": f"Bearer {old['side_keys'][1]}"})
        assert (side.status_code, side.get_json()["error"]) == (403, SIDE_REPLACED)
    # The old games, never started, are gone.
    assert client.get(f"/api/v1/games/{before[0]['current_game']}").status_code in (404, 410)
    events = tournament_history(client, t)
    swapped = next(e for e in events if e["kind"] == "swap")
    assert (swapped["by"], swapped["names"], swapped["after"]) == (
        "director", ["Bahar", "Cyrus"],
        {"round": 1, "entrants": [ids(t)["Bahar"], ids(t)["Cyrus"]], "tables": [1, 2]})


def test_a_swap_with_the_bye_gives_the_bye_to_the_other(client):
    t = swiss(client)
    next_round(client, t)
    answer = swap(client, t, 1, "Elham", "Dara")
    assert answer.status_code == 200, answer.get_json()
    assert seated(answer.get_json()) == [["Ali", "Bahar"], ["Cyrus", "Elham"], ["Dara"]]


def test_refused_swaps_change_nothing(client):
    t = swiss(client)
    first = next_round(client, t)["matches"]
    play(client, first[0], sweep(0), hands=1)  # Ali v Bahar has a hand (and a result)
    before = state(client, t)
    refusals = {
        ("Ali", "Ali"): (400, "Name two different entrants to swap."),
        ("Cyrus", "Dara"): (400, "Cyrus and Dara are at the same table: a swap would change "
                                 "nothing."),
        ("Ali", "Cyrus"): (409, "Round 1, table 1 (Ali v Bahar) has started: entrants swap "
                                "only before either table has a hand."),
    }
    for names, (status, sentence) in refusals.items():
        answer = swap(client, t, 1, *names)
        assert (answer.status_code, answer.get_json()["error"]) == (status, sentence), names
    assert swap(client, t, 2, "Cyrus", "Elham").status_code == 404  # no round 2
    shapeless = client.post(f"/api/v1/tournaments/{t['id']}/rounds/1/swap",
                            json={"entrants": {}}, headers=director(t))
    assert (shapeless.status_code, shapeless.get_json()["field"]) == (400, "entrants")
    assert state(client, t) == before
    arabic = swap(client, t, 1, "Ali", "Ali", **{"Accept-Language": "ar"})
    assert arabic.status_code == 400
    assert arabic.get_json()["error"] == "سمِّ مشاركَين مختلفَين للتبديل."


def test_a_swap_is_refused_in_a_round_robin_and_after_a_knockouts_first_round(client):
    t = create_tournament(client, settings={"best_of": 1})
    next_round(client, t)
    before = state(client, t)
    answer = swap(client, t, 1, "Ali", "Bahar")
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("A round robin's schedule fixes who meets whom")
    assert state(client, t) == before

    k = create_tournament(client, format="knockout", settings={"best_of": 1})
    for match in next_round(client, k)["matches"]:
        play(client, match, sweep(0), hands=1)  # Ali and Bahar win
    final = next_round(client, k)["matches"]
    assert [m["names"] for m in final] == [["Ali", "Bahar"]]
    # Round 1 is not the last any more; round 2 follows from the results.
    assert swap(client, k, 1, "Ali", "Cyrus").status_code == 409
    refused = swap(client, k, 2, "Ali", "Bahar")
    assert (refused.status_code, refused.get_json()["error"]) == (
        400, "In a knockout only round 1 can be swapped: the later rounds follow from the "
             "results.")


def test_a_knockouts_first_round_can_be_swapped(client):
    k = create_tournament(client, format="knockout", settings={"best_of": 1})
    next_round(client, k)
    assert seated(state(client, k)) == [["Ali", "Dara"], ["Bahar", "Cyrus"]]
    answer = swap(client, k, 1, "Dara", "Cyrus")
    assert answer.status_code == 200, answer.get_json()
    assert seated(answer.get_json()) == [["Ali", "Cyrus"], ["Bahar", "Dara"]]


def test_a_round_taken_back_and_paired_again_is_the_same_round(client):
    t = swiss(client)
    first = next_round(client, t)["matches"]
    answer = take_back(client, t, 1)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["rounds"] == []
    for match in first[:2]:
        assert client.get(f"/api/v1/games/{match['current_game']}").status_code in (404, 410)
    again = next_round(client, t)["matches"]
    assert [m["names"] for m in again] == [m["names"] for m in first]
    assert not {m["edit_key"] for m in again[:2]} & {m["edit_key"] for m in first[:2]}
    events = tournament_history(client, t)
    assert [e["kind"] for e in events if e["kind"].startswith("round")] == [
        "round", "round_taken_back", "round"]  # newest first
    taken = next(e for e in events if e["kind"] == "round_taken_back")
    assert (taken["by"], taken["after"]) == ("director", {"round": 1, "tables": 3})


def test_taking_back_round_one_puts_back_what_pairing_filled_in(client):
    # Four entrants: a Swiss of (4 - 1).bit_length() = 2 rounds. Taken back, four more come:
    # pairing again counts (8 - 1).bit_length() = 3 rounds, not the 2 of the first pairing.
    t = swiss(client, entrants=FIVE[:4])
    assert next_round(client, t) and state(client, t)["settings"]["rounds"] == 2
    assert take_back(client, t, 1).status_code == 200
    added = client.post(f"/api/v1/tournaments/{t['id']}/entrants",
                        json={"entrants": ["Farah", "Gita", "Hadi", "Iman"]}, headers=director(t))
    assert added.status_code == 201, added.get_json()
    next_round(client, t)
    assert state(client, t)["settings"]["rounds"] == 3


def test_only_the_last_round_unstarted_is_taken_back(client):
    t = swiss(client, entrants=FIVE[:4])
    for match in next_round(client, t)["matches"]:
        play(client, match, sweep(0), hands=1)
    second = next_round(client, t)["matches"]
    play(client, second[1], sweep(0), hands=1)
    before = state(client, t)
    refused = take_back(client, t, 1)
    assert (refused.status_code, refused.get_json()["error"]) == (
        409, "Round 1 is not the last round: only round 2 can be changed.")
    started = take_back(client, t, 2)
    names = " v ".join(second[1]["names"])
    assert (started.status_code, started.get_json()["error"]) == (
        409, f"Round 2, table 2 ({names}) has started: a round is taken back only while no "
             "table has a hand.")
    assert take_back(client, t, 3).status_code == 404
    assert state(client, t) == before
    arabic = take_back(client, t, 1, **{"Accept-Language": "ar"})
    assert arabic.status_code == 409
    # The API writes numbers in Western digits (the reader's digits are for pages).
    assert arabic.get_json()["error"] == ("الجولة 1 ليست الجولة الأخيرة: لا يمكن تغيير إلا "
                                          "الجولة 2.")


def test_taking_back_round_one_lets_the_absent_be_checked_in(client):
    t = swiss(client, entrants=FIVE[:4], check_in=True)
    for name in ("Ali", "Bahar", "Cyrus"):  # Dara has not arrived
        assert client.post(f"/api/v1/tournaments/{t['id']}/entrants/{ids(t)[name]}/check-in",
                           json={"checked_in": True}, headers=director(t)).status_code == 200
    assert [m["names"] for m in next_round(client, t)["matches"]] == [["Ali", "Bahar"],
                                                                        ["Cyrus"]]
    dara = next(e for e in state(client, t)["entrants"] if e["name"] == "Dara")
    assert dara["withdrawn"] == {"after_round": 0, "reason": ""}  # absent
    after = take_back(client, t, 1).get_json()
    dara = next(e for e in after["entrants"] if e["name"] == "Dara")
    assert (dara["withdrawn"], dara["checked_in"]) == (None, False)
    assert client.post(f"/api/v1/tournaments/{t['id']}/entrants/{ids(t)['Dara']}/check-in",
                       json={"checked_in": True}, headers=director(t)).status_code == 200
    assert [m["names"] for m in next_round(client, t)["matches"]] == [["Ali", "Bahar"],
                                                                        ["Cyrus", "Dara"]]


def test_a_later_round_taken_back_is_paired_again_as_it_was(client):
    # Round 1: Ali beats Bahar, Cyrus beats Dara, Elham's bye; round 2 pairs the leaders.
    t = swiss(client)
    for match in next_round(client, t)["matches"][:2]:
        play(client, match, sweep(0), hands=1)
    next_round(client, t)
    second = seated(state(client, t), 2)
    version = state(client, t)["version"]
    answer = take_back(client, t, 2).get_json()
    assert len(answer["rounds"]) == 1 and answer["version"] > version  # boards move on
    assert seated(answer) == [["Ali", "Bahar"], ["Cyrus", "Dara"], ["Elham"]]
    next_round(client, t)
    assert seated(state(client, t), 2) == second


def test_a_round_robin_round_taken_back_is_paired_again_as_it_was(client):
    t = create_tournament(client, settings={"best_of": 1})
    first = [m["names"] for m in next_round(client, t)["matches"]]
    assert take_back(client, t, 1).status_code == 200
    assert [m["names"] for m in next_round(client, t)["matches"]] == first


def test_the_rounds_clock_goes_with_it(client):
    t = swiss(client)
    next_round(client, t)
    started = client.post(f"/api/v1/tournaments/{t['id']}/clock", json={"minutes": 45},
                          headers=director(t))
    assert started.get_json()["clock"] is not None
    assert take_back(client, t, 1).get_json()["clock"] is None
    next_round(client, t)
    assert state(client, t)["clock"] is None


def board_revision(app, t) -> int:
    with app.extensions["engine"].connect() as conn:
        return conn.execute(text("SELECT board_revision FROM tournament WHERE id = :id"),
                            {"id": t["id"]}).scalar_one()


def test_a_swap_and_a_take_back_move_the_tournaments_live_board(app, client):
    t = swiss(client)
    next_round(client, t)
    paired = board_revision(app, t)
    swap(client, t, 1, "Bahar", "Cyrus")
    swapped = board_revision(app, t)
    assert swapped > paired
    take_back(client, t, 1)
    assert board_revision(app, t) > swapped
    refused = board_revision(app, t)
    assert take_back(client, t, 1).status_code == 404  # nothing to take back: nothing moves
    assert board_revision(app, t) == refused


def test_a_knockouts_final_taken_back_is_paired_again_as_it_was(client):
    k = create_tournament(client, format="knockout", settings={"best_of": 1})
    for match in next_round(client, k)["matches"]:  # Ali v Dara, Bahar v Cyrus
        play(client, match, sweep(0), hands=1)  # Ali and Bahar win
    assert [m["names"] for m in next_round(client, k)["matches"]] == [["Ali", "Bahar"]]
    answer = take_back(client, k, 2)
    assert answer.status_code == 200, answer.get_json()
    assert len(answer.get_json()["rounds"]) == 1
    assert [m["names"] for m in next_round(client, k)["matches"]] == [["Ali", "Bahar"]]
