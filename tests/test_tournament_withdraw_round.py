"""A withdrawal names the last round finished (every table of it decided), not the round in
progress: an entrant whose own match is over while other tables still play leaves after the
round before.

Basra, best of one: `sweep(side)` is one hand of 163 to that side, a game to 101 at once.
Four entrants seeded Anis, Badia, Cala, Dina: a knockout's round 1 is Anis v Dina at table 1
and Badia v Cala at table 2; a Swiss's is Anis v Badia and Cala v Dina.
"""

from __future__ import annotations

from .helpers import create_tournament as create
from .helpers import director, next_round, play, sweep

FOUR = ["Anis", "Badia", "Cala", "Dina"]


def withdraw(client, t, name):
    entrant = next(e["id"] for e in t["entrants"] if e["name"] == name)
    answer = client.post(f"/api/v1/tournaments/{t['id']}/entrants/{entrant}/withdraw",
                         json={"reason": "Called away"}, headers=director(t))
    assert answer.status_code == 200, answer.get_json()
    return next(e for e in answer.get_json()["entrants"] if e["name"] == name)["withdrawn"]


def withdrawal_events(client, t) -> list[dict]:
    events = client.get(f"/api/v1/tournaments/{t['id']}/history",
                        headers=director(t)).get_json()["events"]
    return [e["after"] for e in events if e["kind"] == "withdraw"]


def test_a_swiss_withdrawal_while_other_tables_play_is_after_the_round_before(client):
    t = create(client, format="swiss", entrants=FOUR, settings={"best_of": 1, "rounds": 3})
    anis_badia, cala_dina = next_round(client, t)["matches"]
    assert (anis_badia["names"], cala_dina["names"]) == (["Anis", "Badia"], ["Cala", "Dina"])
    play(client, anis_badia, sweep(0), hands=1)  # Anis won; Cala v Dina still plays
    # Round 1 is not finished: Badia leaves after round 0, though her own match is over.
    assert withdraw(client, t, "Badia") == {"after_round": 0, "reason": "Called away"}
    play(client, cala_dina, sweep(0), hands=1)  # round 1 finished
    # Round 2 pairs the three left: Anis (1 win) v Cala (1 win), and Dina's bye.
    second = next_round(client, t)["matches"]
    anis_cala = next(m for m in second if not m["bye"])
    assert anis_cala["names"] == ["Anis", "Cala"]
    # Dina's bye is decided, Anis v Cala not: Dina leaves after round 1.
    assert withdraw(client, t, "Dina")["after_round"] == 1
    assert withdrawal_events(client, t) == [{"after_round": 1}, {"after_round": 0}]


def test_a_knockout_withdrawal_mid_round_is_after_the_round_before(client):
    t = create(client, format="knockout", entrants=FOUR, settings={"best_of": 1})
    anis_dina, badia_cala = next_round(client, t)["matches"]
    play(client, anis_dina, sweep(0), hands=1)  # Anis is through; Badia v Cala plays on
    assert withdraw(client, t, "Anis")["after_round"] == 0
    play(client, badia_cala, sweep(1), hands=1)  # Cala: round 1 finished
    final = next_round(client, t)["matches"][0]
    assert final["names"] == ["Anis", "Cala"] and final["walkover"]
    # Everything decided: Dina, out in round 1, leaves after round 2, the final.
    assert withdraw(client, t, "Dina")["after_round"] == 2
