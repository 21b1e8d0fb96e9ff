"""A Swiss at tables of 4 on the pages, in English, Arabic and Persian: the desk shows round
2's table of four, the standings the fractional points with the reader's digits.

Shlla'at, seven entrants, tables of 4, best of one. Round 1: Ali, Bahar, Cyrus, Dara finish
in that order at the table of 4, Elham, Farid, Golnar at the table of 3. Points by hand
(docs/rulings-tournaments.md): 2, 4/3 ≈ 1.33, 2/3 ≈ 0.67, 0 at the table of 4; 2, 1, 0 at the
table of 3. Round 2 (tests/test_tournament_swiss_tables.py): Ali, Elham, Bahar, Farid at
table 1, Cyrus, Golnar, Dara at table 2.
"""

from __future__ import annotations

import re

import pytest

from .helpers import create_tournament as create
from .helpers import desk, director, next_round

SEVEN = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar"]


def round_two(client):
    t = create(client, game="shllaat", format="swiss", entrants=SEVEN,
               settings={"best_of": 1, "table_size": 4, "rounds": 3})
    first = next_round(client, t)
    for match, order in zip(first["matches"], (SEVEN[:4], SEVEN[4:]), strict=True):
        places = [order.index(name) + 1 for name in match["names"]]
        answer = client.put(f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result",
                            json={"places": places, "reason": "score sheet"},
                            headers=director(t))
        assert answer.status_code == 200
    next_round(client, t)
    return t


def second_round_tables(page: str) -> list[list[str]]:
    """The names at each table of round 2 on the desk, in seat order."""
    part = page.split('id="round-2"', 1)[1].split('id="round-1"', 1)[0]
    return [re.findall(r"<bdi>([^<]+)</bdi>", sides)
            for sides in re.findall(r'<ol class="sides">(.*?)</ol>', part, re.S)]


@pytest.mark.parametrize(("lang", "table", "points", "facts"), [
    ("en", "Table 1", ["2", "2", "1.33", "1", "0.67", "0", "0"], "Swiss"),
    ("ar", "الطاولة ١", ["٢", "٢", "١٫٣٣", "١", "٠٫٦٧", "٠", "٠"], "النظام السويسري"),
    ("fa", "میز ۱", ["۲", "۲", "۱٫۳۳", "۱", "۰٫۶۷", "۰", "۰"], "سوئیسی"),
])
def test_a_table_of_four_in_a_swiss_round_and_its_standings(client, lang, table, points,
                                                            facts):
    t = round_two(client)
    client.set_cookie("lang", lang)
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")  # the director's cookie
    page = client.get(f"/tournaments/{t['id']}").get_data(as_text=True)
    assert second_round_tables(page) == [["Ali", "Elham", "Bahar", "Farid"],
                                         ["Cyrus", "Golnar", "Dara"]]
    assert f'<p class="table-no">{table}</p>' in page
    assert facts in desk(client, t)
    standings = client.get(f"/tournaments/{t['id']}/standings").get_data(as_text=True)
    # Ali and Elham 2 (Ali: Buchholz 2/3 over 1/2), Bahar 4/3, Farid 1, Cyrus 2/3, Golnar
    # and Dara 0 (Buchholz 3/2 over 4/3).
    names = re.findall(r'<bdi class="who">([^<]+)</bdi>', standings)
    assert names == ["Ali", "Elham", "Bahar", "Farid", "Cyrus", "Golnar", "Dara"]
    assert re.findall(r'<td class="num points">([^<]+)</td>', standings) == points
