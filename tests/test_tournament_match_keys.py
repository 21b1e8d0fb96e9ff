"""A match's table and side keys are its own: never those of a match removed before it (SQLite
gives a removed match's id to the next one made), and new when its sides change.

Basra knockouts, best of one, the sides confirming results: `sweep(side)` is one hand of 163
to that side, a game to 101 at once; BASRA_WIN is 73 to side 0, which leaves it open. Eight
entrants seeded Ali 1 ... Hadi 8: quarter-finals Ali v Hadi, Dara v Elham, Bahar v Golnar,
Cyrus v Farid; the winners of tables 1 and 2 meet at semi-final table 1, of 3 and 4 at
table 2. Four entrants: Ali v Dara and Bahar v Cyrus, then the final.
"""

from __future__ import annotations

from .helpers import (
    BASRA_WIN,
    confirming,
    fresh_match,
    next_round,
    play,
    set_result,
    sweep,
    text,
    tournament_history,
)

EIGHT = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]
REPLACED = "This table link was replaced; ask the director for the new one."
SIDE_REPLACED = "This side's link was replaced; ask the director for the new one."


def word(client, t, match_id, key):
    return client.post(f"/api/v1/tournaments/{t['id']}/matches/{match_id}/confirm",
                       headers={"Authorization": f"Bearer {key}"})


def play_round(client, t, winners: dict[str, int]) -> list[dict]:
    """Pair the next round, play each match (`winners`: the winning side by the match's first
    name) and let the director confirm each result."""
    matches = next_round(client, t)["matches"]
    for match in matches:
        play(client, match, sweep(winners[match["names"][0]]), hands=1)
        assert word(client, t, match["id"], t["director_key"]).status_code == 200
    return matches


def hand(client, game_id, key):
    return client.post(f"/api/v1/games/{game_id}/hands", json={"hand": BASRA_WIN},
                       headers={"Authorization": f"Bearer {key}"})


def local(url: str) -> str:
    return url.replace("http://localhost", "")


def test_a_final_taken_back_and_paired_again_has_none_of_the_old_finals_keys(app, client):
    t = confirming(client, entrants=EIGHT)
    quarters = play_round(client, t, {"Ali": 0, "Dara": 0, "Bahar": 0, "Cyrus": 0})
    play_round(client, t, {"Ali": 0, "Bahar": 0})
    old = next_round(client, t)["matches"][0]
    assert old["names"] == ["Ali", "Bahar"]
    assert hand(client, old["current_game"], old["edit_key"]).status_code == 201  # started
    # Quarter-final 2 was Elham's: semi-final 1 becomes Ali v Elham, the final is taken back.
    changed = set_result(client, t, quarters[1]["id"], winner=1, cascade=True)
    assert changed.status_code == 200, changed.get_json()
    semi = fresh_match(client, t, changed.get_json()["rounds"][1]["matches"][0]["id"])
    assert semi["names"] == ["Ali", "Elham"]
    play(client, semi, sweep(1), hands=1)  # Elham
    assert word(client, t, semi["id"], t["director_key"]).status_code == 200
    new = next_round(client, t)["matches"][0]
    assert new["names"] == ["Elham", "Bahar"]
    if app.config["DATABASE_URL"].startswith("sqlite"):
        assert new["id"] == old["id"]  # SQLite gave the removed final's id again
    assert new["edit_key"] != old["edit_key"]
    assert not set(new["side_keys"]) & set(old["side_keys"])

    # The old final's scorer adds nothing to the new final, and is told why.
    refused = hand(client, new["current_game"], old["edit_key"])
    assert (refused.status_code, refused.get_json()) == (403, {"error": REPLACED})
    assert client.get(f"/api/v1/games/{new['current_game']}").get_json()["hands"] == []
    table = app.test_client().get(f"/tournaments/{t['id']}/tables/{new['id']}"
                                  f"?key={old['edit_key']}")
    assert table.status_code == 403 and REPLACED in text(table)
    # Bahar beats Elham: Ali's link from the old final does not confirm Elham's loss.
    play(client, new, sweep(1), hands=1)
    ali = word(client, t, new["id"], old["side_keys"][0])
    assert (ali.status_code, ali.get_json()) == (403, {"error": SIDE_REPLACED, "field": "key"})
    page = app.test_client().get(f"/tournaments/{t['id']}/matches/{new['id']}/confirm"
                                 f"?key={old['side_keys'][0]}")
    assert page.status_code == 403 and SIDE_REPLACED in text(page)
    assert fresh_match(client, t, new["id"])["provisional"] is True
    elham = word(client, t, new["id"], new["side_keys"][0])
    assert elham.status_code == 200 and elham.get_json()["provisional"] is False
    ended = [(e["round"], e["table"], e["names"]) for e in tournament_history(client, t)
             if e["kind"] == "links_replaced"]
    assert ended == [(3, 1, ["Ali", "Bahar"]), (2, 1, ["Ali", "Elham"])]


def test_a_reseated_final_gets_new_table_and_side_keys(app, client):
    t = confirming(client)
    semis = play_round(client, t, {"Ali": 0, "Bahar": 0})
    old = next_round(client, t)["matches"][0]
    assert old["names"] == ["Ali", "Bahar"]
    # Dara won semi-final 1 after all: the final, not started, is re-seated at once.
    assert set_result(client, t, semis[0]["id"], winner=1).status_code == 200
    new = fresh_match(client, t, old["id"])
    assert new["names"] == ["Dara", "Bahar"]
    assert new["edit_key"] != old["edit_key"]
    assert not set(new["side_keys"]) & set(old["side_keys"])
    refused = hand(client, new["current_game"], old["edit_key"])
    assert (refused.status_code, refused.get_json()) == (403, {"error": REPLACED})
    old_table = app.test_client().get(local(old["table_url"]))
    assert old_table.status_code == 403 and REPLACED in text(old_table)
    # Bahar beats Dara: Ali's old link, side 0 of the same match, does not confirm it.
    play(client, new, sweep(1), hands=1)
    ali = word(client, t, new["id"], old["side_keys"][0])
    assert (ali.status_code, ali.get_json()) == (403, {"error": SIDE_REPLACED, "field": "key"})
    assert fresh_match(client, t, new["id"])["provisional"] is True
    assert word(client, t, new["id"], new["side_keys"][0]).status_code == 200
    # The new table link leads to the final's game; the desk's history says the links ended.
    assert app.test_client().get(local(new["table_url"])).status_code == 200  # finished
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")
    assert ("Round 2, table 1 (Dara v Bahar) : Table and side links replaced: the old ones no "
            "longer work (by the director)") in text(client.get(f"/tournaments/{t['id']}"))
