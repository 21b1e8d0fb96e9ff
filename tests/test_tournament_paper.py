"""Paper for a dead phone: a score slip per table (round, table, names, the game's written
form with blank rows, the table's QR code) and the round's pairings by name."""

from __future__ import annotations

import re

from .helpers import create_tournament as create
from .helpers import next_round, text

FIVE = ["Emad", "Ali", "Dara", "Cyrus", "Bahar"]


def test_a_score_slip_per_table_with_the_games_columns_and_its_code(client):
    t = create(client, settings={"best_of": 3})  # Basra: Ali, Bahar, Cyrus, Dara
    first, second = next_round(client, t)["matches"]
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")  # the director's cookie
    page = client.get(f"/tournaments/{t['id']}/slips")
    assert page.status_code == 200
    shown = text(page)
    # Basra's quick form: each side's cards, jacks, aces and basras, then its total; who took
    # the 2♣ and the 10♦ once a hand; twelve blank hands.
    head = (f"Friday Round 1 · Table 1 {' · '.join(first['names'])} Scorer Hand "
            f"{first['names'][0]} {first['names'][1]} 2♣ to 10♦ to "
            "Cards Jacks Aces Basras Total Cards Jacks Aces Basras Total 1 2 3 4 5 6 7 8 9 10 "
            "11 12 Write each hand")
    assert head in shown
    html = page.get_data(as_text=True)
    assert html.count('class="score-slip"') == 2 and html.count("<svg") == 2
    slip = html.split('id="slip-table-1"', 1)[1].split("</section>", 1)[0]
    assert len(re.findall(r"<td></td>", slip)) == 12 * (2 * 5 + 2)


def test_only_the_director_prints_the_slips(client):
    t = create(client)
    next_round(client, t)
    assert client.get(f"/tournaments/{t['id']}/slips").status_code == 401


def test_shelem_slips_carry_the_bid(client):
    t = create(client, game="shelem", entrants=[["Ali", "Cyrus"], ["Bahar", "Dara"]],
               settings={"partnerships": True, "best_of": 1})
    next_round(client, t)
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")
    shown = text(client.get(f"/tournaments/{t['id']}/slips"))
    assert "Hand Ali & Cyrus Bahar & Dara Bidders Bid Bidders' points Total Total 1 2" in shown


def test_the_pairings_by_name_for_the_notice_board(client):
    t = create(client, format="swiss", entrants=FIVE, settings={"best_of": 1, "rounds": 3})
    matches = next_round(client, t)["matches"]
    expected = {}  # what each name's line says: its table and who it meets, or "bye"
    for m in matches:
        for name in m["names"]:
            others = " · ".join(o for o in m["names"] if o != name)
            expected[name] = f"{name} bye" if m["bye"] else f"{name} {m['table']} {others}"
    page = text(client.get(f"/tournaments/{t['id']}/pairings"))
    assert "Pairings of round 1 Print Entrant Table Against" in page
    # by name, as a player looks for theirs: Ali, Bahar, Cyrus, Dara, Emad
    assert " ".join(expected[name] for name in sorted(FIVE)) in page
    assert sum(m["bye"] for m in matches) == 1
    fa = text(client.get(f"/tournaments/{t['id']}/pairings",
                         headers={"Accept-Language": "fa"}))
    assert "جفت‌های دور ۱" in fa
