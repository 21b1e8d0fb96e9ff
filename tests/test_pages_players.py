"""Players' records across every stored game: /players and /players/<name>."""

from __future__ import annotations

import re

from .helpers import BASRA_WIN
from .helpers import opened_game as game


def hand(client, created, body):
    response = client.post(f"/api/v1/games/{created['id']}/hands", json={"hand": body},
                           headers={"Authorization": f"Bearer {created['edit_key']}"})
    assert response.status_code == 201, response.get_json()


def cells(page, section, name):
    """The figures of `name`'s row in the `section` table, as shown."""
    table = page.split(f'id="records-{section}"')[1].split("</table>")[0]
    row = re.search(rf"<bdi>{re.escape(name)}</bdi>.*?</tr>", table, re.S).group(0)
    return re.findall(r'<td class="num">([^<]*)</td>', row)


def test_records_across_games_match_names_whatever_their_capitals(client):
    basra = game(client, "basra", ["Ali", "Bahar"])
    for _ in range(2):
        hand(client, basra, BASRA_WIN)  # 73 a hand with 3 basras: Ali wins to 101
    shelem = game(client, "shelem", [" ali ", "Bahar", "Cyrus", "Dara"])
    hand(client, shelem, {"bidder": 0, "bid": 120, "bidder_points": 130})  # ali's side makes
    hand(client, shelem, {"bidder": 1, "bid": 100, "bidder_points": 165})  # Bahar's: Shelem
    deleted = game(client, "basra", ["ALI", "Cyrus"])
    client.get(deleted["edit_url"].replace("http://localhost", ""))
    assert client.post(f"/games/{deleted['id']}/delete").status_code == 303

    assert 'href="/players"' in client.get("/").get_data(as_text=True)
    page = client.get("/players").get_data(as_text=True)
    assert "“Ali” and “ali” are one player" in page
    # Played, won, average hand, basras.
    assert cells(page, "basra", "Ali") == ["1", "1", "73.0", "6"]
    assert cells(page, "basra", "Bahar") == ["1", "0", "0.0", "0"]
    # Played (unfinished: 0), won, average hand, bids made, failed, Yâsâ, Shelem.
    # Hands: 130 to 35 (bid made), 0 to 200 (Shelem); " ali " is spelled as first seen.
    assert cells(page, "shelem", "Ali") == ["0", "0", "65.0", "1", "0", "0", "0"]
    assert cells(page, "shelem", "Bahar") == ["0", "0", "117.5", "0", "0", "0", "1"]
    assert "Cyrus" in page.split('id="records-shelem"')[1]
    assert 'id="records-basra"' in page and "ALI" not in page  # the deleted game is gone

    player = client.get("/players/ALI").get_data(as_text=True)
    assert "<h1><bdi>Ali</bdi></h1>" in player
    assert cells(player, "basra", "Ali") == ["1", "1", "73.0", "6"]
    assert cells(player, "shelem", "Ali") == ["0", "0", "65.0", "1", "0", "0", "0"]
    links = re.findall(r'href="/games/(\w+)"', player)
    assert links == [shelem["id"], basra["id"]]  # newest first, the deleted one left out
    missing = client.get("/players/Zed")
    assert missing.status_code == 404
    assert "No stored game has a player of that name." in missing.get_data(as_text=True)
