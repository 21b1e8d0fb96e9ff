"""The cross-table (API, page, CSV), worked out by hand from small fields."""

from __future__ import annotations

from .helpers import create_tournament, director, next_round, set_result, text

# A round robin of three: one bye a round. Ali beat Bahar, Bahar drew Cyrus, Cyrus beat Ali.
WINNERS = {("Ali", "Bahar"): "Ali", ("Bahar", "Cyrus"): None, ("Ali", "Cyrus"): "Cyrus"}


def played_three(client):
    """The round robin of three played out; returns it and the round each pair met in."""
    t = create_tournament(client, entrants=["Ali", "Bahar", "Cyrus"], settings={"best_of": 1})
    met = {}
    for number in (1, 2, 3):
        for match in next_round(client, t)["matches"]:
            if match["bye"]:
                met[match["names"][0]] = number
                continue
            pair = tuple(sorted(match["names"]))
            met[pair] = number
            winner = WINNERS[pair]
            side = None if winner is None else match["names"].index(winner)
            assert set_result(client, t, match["id"], winner=side).status_code == 200
    return t, met


def test_each_entrant_meets_the_others_and_has_a_bye_with_its_points(client):
    # Ali: beat Bahar 2, lost to Cyrus 0, bye 2 = 4. Bahar: lost 0, drew 1, bye 2 = 3.
    # Cyrus: drew Bahar 1, beat Ali 2, bye 2 = 5. Rows in the standings' order.
    t, met = played_three(client)
    body = client.get(f"/api/v1/tournaments/{t['id']}/crosstable").get_json()
    ids = {e["name"]: e["id"] for e in t["entrants"]}
    names = {v: k for k, v in ids.items()}
    rows = body["rows"]
    assert [(r["name"], r["rank"], r["points"]) for r in rows] == [
        ("Cyrus", 1, 5), ("Ali", 2, 4), ("Bahar", 3, 3)]
    seen = {r["name"]: sorted((c["round"], names.get(c["opponent"]), c["result"], c["points"])
                              for c in r["rounds"]) for r in rows}
    assert seen == {
        "Ali": sorted([(met[("Ali", "Bahar")], "Bahar", "win", 2),
                       (met[("Ali", "Cyrus")], "Cyrus", "loss", 0), (met["Ali"], None, "bye", 2)]),
        "Bahar": sorted([(met[("Ali", "Bahar")], "Ali", "loss", 0),
                         (met[("Bahar", "Cyrus")], "Cyrus", "draw", 1),
                         (met["Bahar"], None, "bye", 2)]),
        "Cyrus": sorted([(met[("Bahar", "Cyrus")], "Bahar", "draw", 1),
                         (met[("Ali", "Cyrus")], "Ali", "win", 2),
                         (met["Cyrus"], None, "bye", 2)])}
    assert all(r["entrant"] == ids[r["name"]] for r in rows)
    assert all(sum(c["points"] for c in r["rounds"]) == r["points"] for r in rows)


def test_the_page_and_csv_show_the_same_meetings(client):
    t, met = played_three(client)
    page = client.get(f"/tournaments/{t['id']}/crosstable")
    assert page.status_code == 200
    shown = text(page)
    assert "Cross-table" in shown and "scroll-x" in page.get_data(as_text=True)
    csv = client.get(f"/tournaments/{t['id']}/crosstable.csv")
    assert csv.mimetype == "text/csv"
    lines = csv.get_data(as_text=True).splitlines()
    assert lines[0] == "rank,entrant,round,table,opponent,result,place,points"
    ali = sorted(line for line in lines[1:] if line.split(",")[1] == "Ali")
    assert [(line.split(",")[4], line.split(",")[5], line.split(",")[7]) for line in ali] == \
        sorted([("Bahar", "win", "2"), ("Cyrus", "loss", "0"), ("", "bye", "2")],
               key=lambda cell: met[("Ali", cell[0]) if cell[0] else "Ali"])
    standings = client.get(f"/tournaments/{t['id']}/standings").get_data(as_text=True)
    assert f'/tournaments/{t["id"]}/crosstable' in standings


def test_a_table_of_three_has_a_cell_per_other_player_and_its_points_once(client):
    # Ali first, Bahar and Cyrus share second: rank points 2, 1, 1. Ali beat both;
    # Bahar and Cyrus drew each other and lost to Ali.
    t = create_tournament(client, entrants=["Ali", "Bahar", "Cyrus"],
                          settings={"best_of": 1, "table_size": 3, "rounds": 1})
    match = next_round(client, t)["matches"][0]
    places = [{"Ali": 1, "Bahar": 2, "Cyrus": 2}[name] for name in match["names"]]
    assert set_result(client, t, match["id"], places=places).status_code == 200
    rows = client.get(f"/api/v1/tournaments/{t['id']}/crosstable").get_json()["rows"]
    names = {e["id"]: e["name"] for e in t["entrants"]}
    seen = {r["name"]: [(names[c["opponent"]], c["result"], c["points"], c["place"])
                        for c in r["rounds"]] for r in rows}
    order = [n for n in match["names"]]
    assert seen == {
        name: [(other, result, points if i == 0 else None, place)
               for i, (other, result) in enumerate(
                   (o, {("Ali", "Bahar"): "win", ("Ali", "Cyrus"): "win",
                        ("Bahar", "Ali"): "loss", ("Cyrus", "Ali"): "loss",
                        ("Bahar", "Cyrus"): "draw", ("Cyrus", "Bahar"): "draw"}[(name, o)])
                   for o in order if o != name)]
        for name, points, place in (("Ali", 2, 1), ("Bahar", 1, 2), ("Cyrus", 1, 2))}
    assert [sum(c["points"] or 0 for c in r["rounds"]) for r in rows] == [2, 1, 1]


def test_a_walkover_is_one_for_both_sides_the_side_still_in_takes_the_win(client):
    # Round 1 of a round robin of four pairs Ali with Dara; Dara withdraws before playing.
    t = create_tournament(client, settings={"best_of": 1})
    match = next(m for m in next_round(client, t)["matches"] if "Dara" in m["names"])
    assert sorted(match["names"]) == ["Ali", "Dara"]
    dara = next(e["id"] for e in t["entrants"] if e["name"] == "Dara")
    ali = next(e["id"] for e in t["entrants"] if e["name"] == "Ali")
    response = client.post(f"/api/v1/tournaments/{t['id']}/entrants/{dara}/withdraw",
                           json={"reason": "Called away"}, headers=director(t))
    assert response.status_code == 200
    rows = {r["name"]: r for r in client.get(
        f"/api/v1/tournaments/{t['id']}/crosstable").get_json()["rows"]}
    assert [(c["opponent"], c["result"], c["points"]) for c in rows["Ali"]["rounds"]] == [
        (dara, "walkover", 2)]
    assert [(c["opponent"], c["result"], c["points"]) for c in rows["Dara"]["rounds"]] == [
        (ali, "walkover", 0)]
    # Bahar and Cyrus are still playing: their meeting has no result yet.
    assert [(c["result"], c["points"]) for c in rows["Bahar"]["rounds"]] == [(None, None)]
    page = text(client.get(f"/tournaments/{t['id']}/crosstable"))
    assert "walkover" in page and "being played" in page


def test_a_knockout_cross_table_follows_its_standings_by_round_reached(client):
    t = create_tournament(client, format="knockout", settings={"best_of": 1})
    for match in next_round(client, t)["matches"]:
        assert set_result(client, t, match["id"], winner=0).status_code == 200
    rows = client.get(f"/api/v1/tournaments/{t['id']}/crosstable").get_json()["rows"]
    standings = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["standings"]
    assert [(r["name"], r["rank"]) for r in rows] == [(s["name"], s["rank"]) for s in standings]
    winners = {r["name"] for r in rows if r["rounds"][0]["result"] == "win"}
    assert {r["name"] for r in rows[:2]} == winners and len(winners) == 2
