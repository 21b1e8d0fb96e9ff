"""Seasons: each finished evening's places give points by the season's table, each player's
best `count_best` evenings count, attendance is shown; adding or removing an evening
recomputes the standings. Every expected figure is worked out by hand beside its assert."""

from __future__ import annotations

import csv
import io

from .helpers import bearer, create_tournament, director, next_round, set_result, text

# The default table: 10 8 6 5 4 3 2 1 for places 1 to 8.


def season(client, **overrides):
    body = {"name": "Winter league", "game": "basra", "count_best": 2, **overrides}
    response = client.post("/api/v1/seasons", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def evening(client, order: list[str], name: str = "Friday", **settings) -> dict:
    """A finished knockout of four with a match for third place, its entrants placed in
    `order` (first place first): each match won by the entrant earlier in `order`."""
    t = create_tournament(client, name=name, format="knockout", entrants=sorted(order),
                          settings={"best_of": 1, "third_place": True, **settings})
    for _ in range(2):
        for match in next_round(client, t)["matches"]:
            if match["bye"]:
                continue
            rank = [min(order.index(p) for p in _players(n)) for n in match["names"]]
            winner = rank.index(min(rank))
            assert set_result(client, t, match["id"], winner=winner).status_code == 200
    return t


def _players(name: str) -> list[str]:
    return [p.strip() for p in name.replace(" & ", "&").split("&")]


def add(client, s, t):
    return client.post(f"/api/v1/seasons/{s['id']}/events", json={"tournament": t["id"]},
                       headers=bearer(s["key"]))


def standings(client, s) -> dict[str, dict]:
    body = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    return {line["player"]: line for line in body["standings"]}
