"""Every form a page posts, with junk in every field: a clear refusal, never a 5xx."""

from __future__ import annotations

import io
import re

import pytest

JUNK = ["", "²", "-5", "١٢٠", "۱۲۰", "9" * 40, "<script>alert(1)</script>", "null", "[]",
        "{\"a\": 1}", "pass", "10D", "JK", "true", "Ali\nBahar\nAli", " " * 3]
FIELDS = ["version", "players", "teams", "target", "first_dealer", "preset", "game", "mode",
          "reason", "key", "bidder", "bid", "bidder_points", "cards_0", "jacks_0", "aces_0",
          "two_of_clubs", "ten_of_diamonds", "basras_0", "card", "choice", "name", "format",
          "entrants", "best_of", "rounds", "table_size", "win", "draw", "loss", "tiebreak",
          "places", "points", "players_action", "majority_tie", "card_AS", "basra_AS",
          "count_best", "tournament"]


def page_posts(app) -> list[str]:
    """Every page route taking a POST; deleting the game goes last so the others meet it."""
    rules = [rule.rule for rule in app.url_map.iter_rules()
             if not rule.rule.startswith("/api") and "POST" in rule.methods]
    return sorted(rules, key=lambda rule: (rule == "/games/<game_id>/delete", rule))


def fill(rule: str, ids: dict[str, str]) -> str:
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: ids[m.group(1)], rule)


@pytest.fixture
def situation(client):
    """A Basra game, a tournament and a season, with this client holding their keys."""
    game = client.post("/api/v1/games", json={"game": "basra", "players": ["Ali", "Bahar"]})
    game = game.get_json()
    client.get(game["edit_url"])
    tournament = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "round_robin",
        "entrants": ["Ali", "Bahar", "Cyrus", "Dara"]}).get_json()
    client.get(tournament["director_url"])
    season = client.post("/api/v1/seasons", json={"name": "Winter", "game": "basra",
                                                   "count_best": 2}).get_json()
    client.get(season["setup_url"])
    return {"game_id": game["id"], "tournament_id": tournament["id"], "number": "1",
            "season_id": season["id"],
            "match_id": "1", "action": "card", "side": "0"}


@pytest.mark.parametrize("junk", JUNK)
def test_junk_in_every_page_form_is_never_a_server_error(app, client, situation, junk):
    for rule in page_posts(app):
        url = fill(rule, situation)
        for headers in ({}, {"HX-Request": "true"}):
            form = {name: junk for name in FIELDS}
            if rule == "/games/import":
                form["file"] = (io.BytesIO(junk.encode()), "game.json")
            response = client.post(url, data=form, headers=headers)
            assert response.status_code < 500, (url, junk, headers)
