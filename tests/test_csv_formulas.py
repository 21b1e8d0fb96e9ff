"""Both CSV downloads (a game's scores, a tournament's standings) keep formula-like text as
text, and numbers as numbers."""

from __future__ import annotations

import csv
import io

from .helpers import director

HOSTILE = ["=HYPERLINK(\"http://x\")", "+Cyrus", "-Dara", "@Ali"]


def rows(client, url):
    return list(csv.reader(io.StringIO(client.get(url).get_data(as_text=True))))


def test_standings_csv_keeps_formula_like_names_as_text_and_negative_points_as_numbers(client):
    created = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "round_robin", "entrants": HOSTILE,
        "settings": {"points": {"win": 2, "draw": 1, "loss": -1}}}).get_json()
    paired = client.post(f"/api/v1/tournaments/{created['id']}/rounds",
                         headers=director(created)).get_json()
    for match in paired["matches"]:  # the first side wins each table
        response = client.put(
            f"/api/v1/tournaments/{created['id']}/matches/{match['id']}/result",
            json={"winner": 0, "reason": "played on paper"}, headers=director(created))
        assert response.status_code == 200, response.get_json()
    table = rows(client, f"/tournaments/{created['id']}/standings.csv")
    assert table[0][:7] == ["rank", "entrant", "played", "won", "drawn", "lost", "points"]
    by_name = {row[1]: row for row in table[1:]}
    assert set(by_name) == {"'=HYPERLINK(\"http://x\")", "'+Cyrus", "'-Dara", "'@Ali"}
    # Round 1 of a round robin of 4 pairs seed 1 with 4 and 2 with 3: the first-named win.
    winners = {paired["matches"][0]["names"][0], paired["matches"][1]["names"][0]}
    for name, row in by_name.items():
        assert row[6] == ("2" if name[1:] in winners else "-1")


def test_game_csv_keeps_formula_like_names_as_text(client):
    game = client.post("/api/v1/games", json={"game": "basra", "players": ["-Dara", "@Ali"]}
                       ).get_json()
    assert rows(client, f"/games/{game['id']}/export.csv")[0] == ["Hand", "'-Dara", "'@Ali"]
