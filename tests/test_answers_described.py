"""Every answer of a game's and a tournament's ordinary life is what the OpenAPI description
says, field for field: an answer's schema names every property it may have and forbids the
rest, so a field the description misses fails here. The bodies sent, when they are taken,
are checked against the description too.

Basra, best of one: `sweep(side)` is one hand of 163 to that side, a game to 101 in one hand.
Four entrants in a knockout meet 1v4 (Ali v Dara) and 2v3 (Bahar v Cyrus).
"""

from __future__ import annotations

import pytest

from .helpers import (
    AMAL_36,
    BADR_257,
    HAND,
    PLAYERS,
    Described,
    gharat_points,
    shllaat_even_hand,
    sweep,
)

# Per game: its players and two hands it takes.
GAMES = {
    "basra": (["Amal", "Badr"], [AMAL_36, BADR_257]),
    "shllaat": (["Amal", "Badr"], [shllaat_even_hand(120, 132), shllaat_even_hand(144, 108)]),
    "gharat": (["Amal", "Badr"], [gharat_points(100, 60), gharat_points(60, 100)]),
    "shelem": (PLAYERS, [HAND, {"bidder": 1, "bid": 120, "bidder_points": 100,
                                "cheating": 0}]),
}


@pytest.fixture
def api(client):
    return Described(client)


def test_a_field_the_description_does_not_name_is_caught(api):
    game = api("post", "/api/v1/games", {"game": "shelem", "players": PLAYERS}, status=201)
    api("post", f"/api/v1/games/{game['id']}/hands", {"hand": HAND}, key=game["edit_key"],
        status=201)
    schema = {"$ref": "#/components/schemas/Game"}
    answer = api("get", f"/api/v1/games/{game['id']}")
    api.check(schema, answer, "as answered")
    undescribed = "Additional properties are not allowed"
    with pytest.raises(AssertionError, match=undescribed):
        api.check(schema, answer | {"surprise": 1}, "a field of the game")
    with pytest.raises(AssertionError, match=undescribed):
        api.check(schema, answer | {"hands": [answer["hands"][0] | {"surprise": 1}]},
                  "a field of a hand")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_answer_of_a_game_is_described(api, name):
    players, (first, second) = GAMES[name]
    api("get", "/api/v1/rules", status=200)
    api("post", f"/api/v1/score/{name}", {"hand": first}, status=200)
    api("post", f"/api/v1/score/{name}", {"hand": {}}, status=400)
    game = api("post", "/api/v1/games", {"game": name, "players": players}, status=201)
    url, key = f"/api/v1/games/{game['id']}", game["edit_key"]
    api("post", f"{url}/hands", {"hand": first}, status=401)
    api("post", f"{url}/hands", {"hand": first}, key="wrong", status=403)
    api("post", f"{url}/hands", {"hand": first}, key=key, status=201)
    api("post", f"{url}/hands", {"hand": second}, key=key, status=201,
        headers={"Idempotency-Key": "second"})
    api("post", f"{url}/hands", {"hand": {"nonsense": 1}}, key=key, status=400)
    api("put", f"{url}/hands/1", {"hand": second, "version": 1}, key=key, status=409)
    version = api("get", url, status=200)["version"]
    api("put", f"{url}/hands/1", {"hand": second, "version": version, "reason": "miscounted"},
        key=key, status=200)
    api("delete", f"{url}/hands/2", {"version": version + 1}, key=key, status=200)
    api("post", f"{url}/undo", key=key, status=200)
    api("post", f"{url}/redo", key=key, status=200)
    version = api("get", url, status=200)["version"]
    api("patch", url, {"players": players[::-1], "version": version}, key=key, status=200)
    api("get", f"/api/v1/games?ids={game['id']},nothing", status=200)
    exported = api("get", f"{url}/export", status=200)
    api("post", "/api/v1/games/import", exported, status=201)
    key = api("post", f"{url}/key", key=key, status=200)["edit_key"]
    api("post", f"{url}/rematch", key=key)
    api("delete", url, key=key, status=200)
    api("get", url, status=404)
    api("post", f"{url}/restore", key=key, status=200)


def test_every_verdict_of_every_referee_is_described(api):
    from companion.rules.catalogue import GAMES as SPECS

    for spec in SPECS.values():
        for situation, judge in (spec.referee.situations.items() if spec.referee else ()):
            url = f"/api/v1/referee/{spec.name}/{situation}"
            api("post", url, dict(judge.example), status=200)
            api("post", url, {"rules": {"preset": "none such"}}, status=400)
    assert {path for _, path, _ in api.seen} == {
        "/referee/basra/capture", "/referee/shllaat/capture", "/referee/gharat/capture",
        "/referee/shelem/trick", "/referee/shelem/bids"}


def test_every_answer_of_a_knockout_is_described(api):
    body = {"name": "Friday", "game": "basra", "format": "knockout",
            "entrants": ["Ali", "Bahar", "Cyrus", "Dara"],
            "settings": {"best_of": 1, "confirm_results": True, "third_place": True}}
    t = api("post", "/api/v1/tournaments", body, status=201)
    url, key = f"/api/v1/tournaments/{t['id']}", t["director_key"]
    ali_dara, bahar_cyrus = api("post", f"{url}/rounds", key=key, status=201)["matches"]
    for match in (ali_dara, bahar_cyrus):
        api("post", f"/api/v1/games/{match['current_game']}/hands", {"hand": sweep(0)},
            key=match["edit_key"], status=201)
    api("post", f"{url}/matches/{ali_dara['id']}/confirm", key=ali_dara["side_keys"][1],
        status=200)
    game = api("get", f"/api/v1/games/{bahar_cyrus['current_game']}", status=200)
    api("post", f"{url}/matches/{bahar_cyrus['id']}/confirm",
        {"dispute": "The last hand was miscounted",
         "hands": [{"game": game["id"], "number": 1}]},
        key=bahar_cyrus["side_keys"][1], status=200)
    api("put", f"{url}/matches/{bahar_cyrus['id']}/result",
        {"winner": 0, "reason": "Checked the piles"}, key=key, status=200)
    api("post", f"{url}/matches/{bahar_cyrus['id']}/side-keys", key=key, status=200)
    final, third = api("post", f"{url}/rounds", key=key, status=201)["matches"]
    api("post", f"/api/v1/games/{final['current_game']}/hands", {"hand": sweep(1)},
        key=final["edit_key"], status=201)
    api("put", f"{url}/matches/{ali_dara['id']}/result",
        {"winner": 1, "reason": "Ali left early"}, key=key, status=409)
    api("put", f"{url}/matches/{ali_dara['id']}/result",
        {"winner": 1, "reason": "Ali left early", "cascade": True}, key=key, status=200)
    tournament = api("get", url, key=key, status=200)
    final, third = tournament["rounds"][-1]["matches"]
    for match in (final, third):
        api("post", f"/api/v1/games/{match['current_game']}/hands", {"hand": sweep(0)},
            key=match["edit_key"], status=201)
        api("post", f"{url}/matches/{match['id']}/confirm", key=key, status=200)
    done = api("get", url, status=200)
    assert done["champion"] is not None and len(done["podium"]) == 3
    api("get", f"{url}/standings", status=200)
    api("get", f"{url}/players", status=200)
    api("get", f"{url}/history", key=key, status=200)
    api("post", f"{url}/key", key=key, status=200)


def test_every_answer_of_a_swiss_is_described(api):
    body = {"name": "Swiss", "game": "basra", "format": "swiss",
            "entrants": ["Ali", "Bahar", "Cyrus", "Dara"], "settings": {"rounds": 3}}
    t = api("post", "/api/v1/tournaments", body, status=201)
    url, key = f"/api/v1/tournaments/{t['id']}", t["director_key"]
    api("post", f"{url}/entrants", {"entrants": ["Ehsan", "Farah"]}, key=key, status=201)
    first = api("post", f"{url}/rounds", key=key, status=201)["matches"]
    for match in first:
        api("put", f"{url}/matches/{match['id']}/result", {"winner": 0, "reason": "by hand"},
            key=key, status=200)
    api("post", f"{url}/rounds", key=key, status=201)
    corrected = api("put", f"{url}/matches/{first[0]['id']}/result",
                    {"winner": 1, "reason": "the other way round"}, key=key, status=200)
    assert corrected["warnings"]
    api("post", f"{url}/entrants", {"entrants": ["Gol"]}, key=key, status=201)
    entrant = corrected["entrants"][0]["id"]
    api("post", f"{url}/entrants/{entrant}/withdraw", {"reason": "Called away"}, key=key,
        status=200)
    api("get", f"{url}/standings", status=200)
    api("get", f"{url}/players", status=200)
    api("get", f"{url}/history", key=key, status=200)


def test_every_answer_of_a_round_robin_with_a_bye_and_a_walkover_is_described(api):
    body = {"name": "Three", "game": "shelem", "format": "round_robin",
            "entrants": [["Ali", "Bahar"], ["Cyrus", "Dara"], ["Ehsan", "Farah"]]}
    t = api("post", "/api/v1/tournaments", body, status=201)
    url, key = f"/api/v1/tournaments/{t['id']}", t["director_key"]
    matches = api("post", f"{url}/rounds", key=key, status=201)["matches"]
    assert any(match["bye"] for match in matches)
    playing = next(match for match in matches if not match["bye"])
    api("post", f"/api/v1/games/{playing['current_game']}/hands", {"hand": HAND},
        key=playing["edit_key"], status=201)
    withdrawn = api("post", f"{url}/entrants/{playing['sides'][0]}/withdraw",
                    {"reason": "Called away"}, key=key, status=200)
    assert any(match["walkover"] for r in withdrawn["rounds"] for match in r["matches"])
    api("get", url, status=200)
    api("get", f"{url}/standings", status=200)
    api("get", f"{url}/players", status=200)
