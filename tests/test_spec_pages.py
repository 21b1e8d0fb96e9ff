"""Pages show each game's own text and columns, as its spec holds them."""

from __future__ import annotations

import re

import pytest

from .helpers import opened_game as game

pytestmark = pytest.mark.store_blind  # no database can change what this checks


def headings(page: str, section: str) -> list[str]:
    table = page.split(f'id="records-{section}"')[1].split("</table>")[0]
    return re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', table)


def test_records_show_basras_for_basra_and_bids_for_shelem_only(client):
    for kind, players in [("basra", ["Ali", "Bahar"]), ("shllaat", ["Ali", "Bahar"]),
                          ("shelem", ["Ali", "Bahar", "Cyrus", "Dara"])]:
        game(client, kind, players)
    page = client.get("/players").get_data(as_text=True)
    common = ["Player", "Played", "Won", "Average hand"]
    assert headings(page, "basra") == [*common, "Basras"]
    assert headings(page, "shllaat") == common
    assert headings(page, "shelem") == [*common, "Bids made", "Bids failed", "Yâsâ", "Shelem"]


@pytest.mark.parametrize(("kind", "title"), [
    ("basra", "Basra referee"), ("shllaat", "Shlla'at referee"),
    ("gharat", "Ghârat referee"), ("shelem", "Shelem referee"),
])
def test_referee_page_is_titled_after_its_game(client, kind, title):
    page = client.get(f"/referee/{kind}").get_data(as_text=True)
    assert f"<h1>{title}</h1>" in page


def test_home_page_describes_each_game_in_a_sentence(client):
    page = client.get("/").get_data(as_text=True)
    assert "Sudanese fishing game: capture from the pool and from the other players" in page
    assert "Iranian single-pile fishing game where piles are looted." in page
