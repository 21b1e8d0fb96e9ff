"""Seeding by entry or drawn at random once (shown and kept); by rating refused for now."""

from __future__ import annotations

from .helpers import create_tournament, director, next_round, text

TWENTY = [f"Player {n}" for n in range(1, 21)]


def seeds(client, t):
    body = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    return {e["name"]: e["seed"] for e in body["entrants"]}


def test_entry_seeding_is_the_order_entered(client):
    t = create_tournament(client)
    assert t["settings"]["seeding"] == "entry"
    assert seeds(client, t) == {"Ali": 1, "Bahar": 2, "Cyrus": 3, "Dara": 4}


def test_random_seeds_are_drawn_once_shown_and_kept(client):
    t = create_tournament(client, format="knockout", entrants=TWENTY,
                          settings={"seeding": "random", "best_of": 1})
    drawn = seeds(client, t)
    assert sorted(drawn.values()) == list(range(1, 21))
    # The chance that a draw of 20 gives back the order entered is 1 in 20!.
    assert [drawn[name] for name in TWENTY] != list(range(1, 21))
    assert seeds(client, t) == drawn  # read again: the same seeds
    entrants = client.get(f"/api/v1/tournaments/{t['id']}").get_json()["entrants"]
    assert [e["name"] for e in entrants] == sorted(TWENTY, key=drawn.__getitem__)
    page = text(client.get(f"/tournaments/{t['id']}"))
    assert "In seed order, drawn at random when the tournament was created." in page
    # Entrants added before round 1 are seeded after the draw, in the order entered.
    added = client.post(f"/api/v1/tournaments/{t['id']}/entrants",
                        json={"entrants": ["Late 1", "Late 2"]}, headers=director(t))
    assert added.status_code == 201
    after = seeds(client, t)
    assert (after["Late 1"], after["Late 2"]) == (21, 22)
    assert {name: after[name] for name in TWENTY} == drawn
    # The bracket follows the seeds: 22 entrants, a first round of 32 slots: the top seeds
    # have byes; seed 1's bye is the first table.
    first = next_round(client, t)["matches"][0]
    top = next(name for name, seed in after.items() if seed == 1)
    assert first["names"][0] == top


def test_an_unknown_seeding_is_refused_with_a_sentence(client):
    for seeding, sentence in (("coin", "Seeding is one of: entry, random, rating."),):
        response = client.post("/api/v1/tournaments", json={
            "name": "Friday", "game": "basra", "format": "swiss", "entrants": ["Ali", "Bahar"],
            "settings": {"seeding": seeding}})
        assert response.status_code == 400
        assert response.get_json() == {"error": sentence, "field": "seeding"}


def test_the_set_up_page_draws_seeds_at_random(client):
    response = client.post("/tournaments/new", data={
        "name": "Club night", "variant": "basra/egyptian", "format": "round_robin",
        "entrants": "\n".join(TWENTY), "table_size": "2", "seeding": "random"})
    assert response.status_code == 303
    tid = response.headers["Location"].split("/")[2].split("?")[0]
    body = client.get(f"/api/v1/tournaments/{tid}").get_json()
    assert body["settings"]["seeding"] == "random"
    assert [e["name"] for e in body["entrants"]] != TWENTY


def test_a_swiss_pairs_its_first_round_in_seed_order(client):
    # Everyone level on 0: neighbours in seed order meet (1 v 2, 3 v 4...), the last seed of
    # an odd field has the bye.
    t = create_tournament(client, format="swiss", entrants=TWENTY[:7],
                          settings={"seeding": "random", "best_of": 1})
    by_seed = sorted(seeds(client, t), key=seeds(client, t).__getitem__)
    matches = next_round(client, t)["matches"]
    assert [m["names"] for m in matches] == [
        by_seed[0:2], by_seed[2:4], by_seed[4:6], [by_seed[6]]]
