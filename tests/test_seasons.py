"""Seasons: each finished evening's places give points by the season's table, each player's
best `count_best` evenings count, attendance is shown; adding or removing an evening
recomputes the standings. Every expected figure is worked out by hand beside its assert."""

from __future__ import annotations

import csv
import io

import pytest

from companion.models_tournament import Tournament

from .helpers import (
    Described,
    bearer,
    client_at,
    create_tournament,
    director,
    limited_app,
    next_round,
    set_result,
    text,
)

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


def delete_tournament(client, t):
    response = client.delete(f"/api/v1/tournaments/{t['id']}", json={"confirm": t["name"]},
                             headers=director(t))
    assert response.status_code == 200, response.get_json()


# Three Basra evenings, knockouts of four with a match for third place. Seeds follow the names'
# order and the semi-finals are seed 1 against 4, 2 against 3, so the places asked are ones a
# bracket can give (the two finalists from different semi-finals).
# E1: Ali 1st (10), Bahar 2nd (8), Cyrus 3rd (6), Dara 4th (5).
# E2: Bahar 1st (10), Ali 2nd (8), Cyrus 3rd (6), Eve 4th (5).
# E3: Cyrus 1st (10), Dara 2nd (8), Ali 3rd (6), Bahar 4th (5).
def three_evenings(client):
    return (evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "E1"),
            evening(client, ["Bahar", "Ali", "Cyrus", "Eve"], "E2"),
            evening(client, ["Cyrus", "Dara", "Ali", "Bahar"], "E3"))


def summary(client, s) -> dict[str, tuple]:
    """Per player: (rank, points, attended, counted evenings by name)."""
    body = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    names = {e["tournament"]: e["name"] for e in body["events"]}
    return {line["player"]: (line["rank"], line["points"], line["attended"],
                             [names[t] for t in line["counted"]])
            for line in body["standings"]}


def test_the_best_two_of_three_evenings_count(client):
    s = season(client)
    for t in three_evenings(client):
        assert add(client, s, t).status_code == 201
    # Ali 10, 8, 6: best two 10 + 8 = 18 (E1, E2). Bahar 8, 10, 5: 18 (E1, E2).
    # Cyrus 6, 6, 10: 10 + 6 = 16, of the two sixes the earlier (E1, E3).
    # Dara 5, 8: 13 (E1, E3), two evenings. Eve 5: one evening.
    # Ali and Bahar level on 18 share first; Cyrus third.
    assert summary(client, s) == {
        "Ali": (1, 18, 3, ["E1", "E2"]), "Bahar": (1, 18, 3, ["E1", "E2"]),
        "Cyrus": (3, 16, 3, ["E1", "E3"]), "Dara": (4, 13, 2, ["E1", "E3"]),
        "Eve": (5, 5, 1, ["E2"])}
    ali = standings(client, s)["Ali"]
    # Each evening's place and points, the one not counted marked so.
    assert [(e["place"], e["points"], e["counted"]) for e in ali["events"]] == [
        (1, 10, True), (2, 8, True), (3, 6, False)]


def test_removing_and_adding_an_evening_recomputes(client):
    s = season(client)
    e1, e2, e3 = three_evenings(client)
    for t in (e1, e2, e3):
        add(client, s, t)
    removed = client.delete(f"/api/v1/seasons/{s['id']}/events/{e1['id']}",
                            headers=bearer(s["key"]))
    assert removed.status_code == 200
    # Without E1: Ali 8 + 6 = 14, Bahar 10 + 5 = 15, Cyrus 6 + 10 = 16, Dara 8, Eve 5.
    assert summary(client, s) == {
        "Cyrus": (1, 16, 2, ["E2", "E3"]), "Bahar": (2, 15, 2, ["E2", "E3"]),
        "Ali": (3, 14, 2, ["E2", "E3"]), "Dara": (4, 8, 1, ["E3"]), "Eve": (5, 5, 1, ["E2"])}
    assert [p for p in summary(client, s)] == ["Cyrus", "Bahar", "Ali", "Dara", "Eve"]
    assert add(client, s, e1).status_code == 201
    # E1 back (now the last added): Ali 8, 6, 10 → 10 + 8 = 18; Bahar 10, 5, 8 → 18;
    # Cyrus 6, 10, 6 → 16; Dara 8, 5 → 13; Eve 5.
    assert summary(client, s) == {
        "Ali": (1, 18, 3, ["E2", "E1"]), "Bahar": (1, 18, 3, ["E2", "E1"]),
        "Cyrus": (3, 16, 3, ["E2", "E3"]), "Dara": (4, 13, 2, ["E3", "E1"]),
        "Eve": (5, 5, 1, ["E2"])}


def test_a_deleted_tournament_stops_counting_until_restored(client):
    s = season(client)
    e1, e2, e3 = three_evenings(client)
    for t in (e1, e2, e3):
        add(client, s, t)
    delete_tournament(client, e3)
    body = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    assert [e["state"] for e in body["events"]] == ["finished", "finished", "deleted"]
    # Without E3: Ali 10 + 8 = 18, Bahar 8 + 10 = 18, Cyrus 6 + 6 = 12, Dara 5, Eve 5.
    assert summary(client, s) == {
        "Ali": (1, 18, 2, ["E1", "E2"]), "Bahar": (1, 18, 2, ["E1", "E2"]),
        "Cyrus": (3, 12, 2, ["E1", "E2"]), "Dara": (4, 5, 1, ["E1"]),
        "Eve": (4, 5, 1, ["E2"])}
    restored = client.post(f"/api/v1/tournaments/{e3['id']}/restore", headers=director(e3))
    assert restored.status_code == 200
    assert summary(client, s)["Cyrus"] == (3, 16, 3, ["E1", "E3"])


def test_a_tournament_purged_for_good_leaves_the_season(app, client):
    s = season(client)
    e1, e2, _e3 = three_evenings(client)
    add(client, s, e1)
    add(client, s, e2)
    with app.extensions["engine"].begin() as conn:  # the 7 days' purge, as the database does it
        conn.execute(Tournament.__table__.delete().where(Tournament.__table__.c.id == e2["id"]))
    body = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    assert [e["name"] for e in body["events"]] == ["E1"]
    # Only E1 is left: Ali 10, Bahar 8, Cyrus 6, Dara 5.
    assert [(p, line[1]) for p, line in summary(client, s).items()] == [
        ("Ali", 10), ("Bahar", 8), ("Cyrus", 6), ("Dara", 5)]


def test_an_evening_in_progress_gives_nothing_yet(client):
    s = season(client)
    add(client, s, evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "E1"))
    playing = create_tournament(client, name="Tonight", format="knockout",
                                settings={"best_of": 1})
    next_round(client, playing)
    assert add(client, s, playing).status_code == 201
    body = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    assert [(e["name"], e["state"]) for e in body["events"]] == [
        ("E1", "finished"), ("Tonight", "in_progress")]
    # Only E1 counts: Ali 10, Bahar 8, Cyrus 6, Dara 5, one evening each.
    assert summary(client, s) == {"Ali": (1, 10, 1, ["E1"]), "Bahar": (2, 8, 1, ["E1"]),
                                  "Cyrus": (3, 6, 1, ["E1"]), "Dara": (4, 5, 1, ["E1"])}


def test_partners_each_take_the_place_and_level_entrants_share_it(client):
    # Points 3, 2, 1 and the best evening counts. Pairs: Ali & Bahar, Cyrus & Dara,
    # Eve & Farid, Gol & Hadi (seeds in that order); no match for third place, so the two
    # semi-final losers share third: each of their players 1 point.
    s = season(client, points=[3, 2, 1], count_best=1)
    pairs = ["Ali & Bahar", "Cyrus & Dara", "Eve & Farid", "Gol & Hadi"]
    t = create_tournament(client, name="Pairs", format="knockout", entrants=pairs,
                          settings={"best_of": 1, "partnerships": True})
    # Semi-finals 1 v 4 and 2 v 3: Ali & Bahar beat Gol & Hadi, Eve & Farid beat Cyrus & Dara;
    # the final: Eve & Farid beat Ali & Bahar.
    for match in next_round(client, t)["matches"]:
        winner = 0 if "Ali" in match["names"][0] else 1
        assert set_result(client, t, match["id"], winner=winner).status_code == 200
    final = next_round(client, t)["matches"][0]
    set_result(client, t, final["id"], winner=final["names"].index(
        next(n for n in final["names"] if "Eve" in n)))
    add(client, s, t)
    points = {p: (line["rank"], line["points"]) for p, line in standings(client, s).items()}
    assert points == {"Eve": (1, 3), "Farid": (1, 3), "Ali": (3, 2), "Bahar": (3, 2),
                      "Cyrus": (5, 1), "Dara": (5, 1), "Gol": (5, 1), "Hadi": (5, 1)}


def test_a_player_is_the_same_however_the_name_is_typed(client):
    s = season(client)
    add(client, s, evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "E1"))
    # E2's seeds by name order: BAHAR, Cyrus, Eve, ali (capitals first); semi-finals BAHAR v
    # ali and Cyrus v Eve. BAHAR 1st (10), Cyrus 2nd (8), ali 3rd (6), Eve 4th (5).
    add(client, s, evening(client, ["BAHAR", "Cyrus", "ali", "Eve"], "E2"))
    # Ali 10 (E1) + 6 (E2) = 16 as "Ali", the first spelling; Bahar 8 + 10 = 18.
    found = standings(client, s)
    assert (found["Ali"]["points"], found["Ali"]["attended"]) == (16, 2)
    assert (found["Bahar"]["points"], found["Bahar"]["attended"]) == (18, 2)
    assert "ali" not in found and "BAHAR" not in found


def test_a_round_robin_counts_by_its_final_standings(client):
    # Three entrants, best of one, three rounds (one bye each). Each match won by the entrant
    # earlier in Ali, Bahar, Cyrus: Ali 2 wins, Bahar 1, Cyrus 0, so places 1, 2, 3 and, by
    # the default table, Ali 10, Bahar 8, Cyrus 6. Until the third round is decided it is in
    # progress and gives nothing.
    s = season(client)
    order = ["Ali", "Bahar", "Cyrus"]
    t = create_tournament(client, name="League night", entrants=order,
                          settings={"best_of": 1})
    add(client, s, t)
    for number in range(3):
        assert summary(client, s) == {}, number
        for match in next_round(client, t)["matches"]:
            if not match["bye"]:
                rank = [order.index(n) for n in match["names"]]
                set_result(client, t, match["id"], winner=rank.index(min(rank)))
    assert summary(client, s) == {"Ali": (1, 10, 1, ["League night"]),
                                  "Bahar": (2, 8, 1, ["League night"]),
                                  "Cyrus": (3, 6, 1, ["League night"])}


def test_a_double_elimination_counts_by_the_round_each_went_out_in(client):
    # Eight entrants, best of one, the better seed (earlier in `order`) wins but once.
    # Winners' round 1: Ali, Dara, Bahar, Cyrus win (1v8, 4v5, 2v7, 3v6). Losers' round 1:
    # Elham beats Hadi, Golnar beats Farid (the one upset): Hadi and Farid out together
    # (7th-8th). Losers' round 2: Dara and Cyrus (from winners' round 2) beat Elham and
    # Golnar: out together (5th-6th). Losers' round 3: Cyrus beats Dara (4th). Winners'
    # final: Ali beats Bahar; losers' final: Bahar beats Cyrus (3rd); grand final: Ali beats
    # Bahar, no reset due. Level entrants share the place and its points (docs/seasons.md):
    # 10, 8, 6, 5, then 4 each for 5th, 2 each for 7th. Six rounds in all.
    s = season(client)
    order = ["Ali", "Bahar", "Cyrus", "Dara", "Elham", "Farid", "Golnar", "Hadi"]
    t = create_tournament(client, name="Double night", format="double_elimination",
                          entrants=order, settings={"best_of": 1})
    add(client, s, t)
    for number in range(6):
        assert summary(client, s) == {}, number  # in progress: nothing yet
        for match in next_round(client, t)["matches"]:
            if not match["bye"]:
                rank = [order.index(n) for n in match["names"]]
                if set(match["names"]) == {"Farid", "Golnar"}:
                    rank.reverse()  # the one upset: Golnar beats Farid
                set_result(client, t, match["id"], winner=rank.index(min(rank)))
    night = ["Double night"]
    assert summary(client, s) == {
        "Ali": (1, 10, 1, night), "Bahar": (2, 8, 1, night), "Cyrus": (3, 6, 1, night),
        "Dara": (4, 5, 1, night), "Elham": (5, 4, 1, night), "Golnar": (5, 4, 1, night),
        "Farid": (7, 2, 1, night), "Hadi": (7, 2, 1, night)}

# --- Keys and refusals: a sentence, 4xx, nothing changed --------------------------------------

def test_a_wrong_key_or_none_changes_nothing(client):
    s = season(client)
    e1 = evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "E1")
    add(client, s, e1)
    before = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    e2 = evening(client, ["Bahar", "Ali", "Cyrus", "Eve"], "E2")
    wrong = client.post(f"/api/v1/seasons/{s['id']}/events", json={"tournament": e2["id"]},
                        headers=bearer("not-the-key"))
    assert wrong.status_code == 403
    assert client.delete(f"/api/v1/seasons/{s['id']}/events/{e1['id']}",
                         headers=bearer("not-the-key")).status_code == 403
    none = client.post(f"/api/v1/seasons/{s['id']}/events", json={"tournament": e2["id"]})
    assert none.status_code == 401
    # Another season's key opens nothing here either.
    other = season(client, name="Summer")
    assert client.post(f"/api/v1/seasons/{s['id']}/events", json={"tournament": e2["id"]},
                       headers=bearer(other["key"])).status_code == 403
    assert client.get(f"/api/v1/seasons/{s['id']}").get_json() == before


def test_a_tournament_added_twice_is_refused_with_a_sentence(client):
    s = season(client)
    e1 = evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "E1")
    add(client, s, e1)
    before = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    again = add(client, s, e1)
    assert again.status_code == 409
    assert again.get_json() == {"error": "E1 is in this season already.", "field": "tournament"}
    assert client.get(f"/api/v1/seasons/{s['id']}").get_json() == before


def test_an_unknown_deleted_or_other_game_tournament_is_refused(client):
    s = season(client)
    before = client.get(f"/api/v1/seasons/{s['id']}").get_json()
    unknown = add(client, s, {"id": "nosuchthing"})
    assert unknown.status_code == 422
    assert unknown.get_json() == {"error": "There is no such tournament: check its address.",
                                  "field": "tournament"}
    gone = evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "Gone")
    delete_tournament(client, gone)
    assert add(client, s, gone).status_code == 422
    shelem = create_tournament(client, name="Shelem night", game="shelem",
                               entrants=["Ali & Bahar", "Cyrus & Dara"])
    other = add(client, s, shelem)
    assert other.status_code == 422
    assert other.get_json()["error"] == ("Shelem night is a tournament of Shelem; this season "
                                         "is of Basra.")
    not_held = client.delete(f"/api/v1/seasons/{s['id']}/events/{shelem['id']}",
                             headers=bearer(s["key"]))
    assert not_held.status_code == 404
    assert not_held.get_json()["error"] == "That tournament is not in this season."
    assert client.get(f"/api/v1/seasons/{s['id']}").get_json() == before


def test_a_season_set_up_wrong_says_why_and_is_not_made(client):
    cases = [
        ({"count_best": 0}, "count_best",
         "The evenings that count must be a whole number from 1 to 100."),
        ({"points": [5, 8]}, "points", "A place never scores more than the place above it."),
        ({"name": "   "}, "name", "The season needs a name."),
    ]
    for change, field, sentence in cases:
        body = {"name": "Winter", "game": "basra", "count_best": 2, **change}
        refused = client.post("/api/v1/seasons", json=body)
        assert refused.status_code == 400, change
        assert refused.get_json() == {"error": sentence, "field": field}
        assert "Location" not in refused.headers
    assert client.get("/api/v1/seasons/nosuchseason").status_code == 404


def test_a_season_is_read_in_the_readers_language(client):
    refused = client.post("/api/v1/seasons", json={"name": "Winter", "game": "basra",
                                                   "count_best": 0},
                          headers={"Accept-Language": "fa"})
    assert refused.status_code == 400
    assert refused.get_json()["error"] != ("The evenings that count must be a whole number "
                                           "from 1 to 100.")


def test_seasons_count_as_creations(db_url):
    app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://",
                      RATELIMIT_CREATE_GAME="2/minute")
    phone = client_at(app, "192.0.2.60")
    body = {"name": "Winter", "game": "basra", "count_best": 2}
    assert [phone.post("/api/v1/seasons", json=body).status_code for _ in range(3)] == [
        201, 201, 429]  # two a minute: the third waits
    assert client_at(app, "192.0.2.61").post("/api/v1/seasons", json=body).status_code == 201
    app.extensions["engine"].dispose()


def test_every_answer_of_a_season_is_described(client):
    api = Described(client)
    made = api("post", "/api/v1/seasons", {"name": "Winter", "game": "basra", "count_best": 2,
                                           "points": [3, 2, 1]}, status=201)
    e1 = evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "E1")
    events = f"/api/v1/seasons/{made['id']}/events"
    api("post", events, {"tournament": e1["id"]}, key=made["key"], status=201)
    api("post", events, {"tournament": e1["id"]}, key=made["key"], status=409)
    api("post", events, {"tournament": "nosuch"}, key=made["key"], status=422)
    api("post", events, {"tournament": e1["id"]}, key="wrong", status=403)
    api("post", events, {"tournament": e1["id"]}, status=401)
    api("get", f"/api/v1/seasons/{made['id']}", status=200)
    api("delete", f"{events}/{e1['id']}", key=made["key"], status=200)
    api("delete", f"{events}/{e1['id']}", key=made["key"], status=404)
    api("get", "/api/v1/seasons/nosuch", status=404)
    api("post", "/api/v1/seasons", {"name": "Winter", "game": "basra", "count_best": 0},
        status=400)


# --- Pages ------------------------------------------------------------------------------------

@pytest.fixture
def played(client):
    """The season of the three evenings, the best two counting."""
    s = season(client)
    for t in three_evenings(client):
        add(client, s, t)
    return s


def test_the_standings_page_shows_points_attendance_and_each_evening(client, played):
    page = text(client.get(f"/seasons/{played['id']}"))
    assert "Winter league" in page and "the best 2 evenings count" in page
    # The rows: rank, player, points, evenings (Ali and Bahar level on 18 share first).
    assert "1 Ali E1 : place 1, 10 points E2 : place 2, 8 points E3 : place 3, 6 points " \
           "(not counted) 18 3" in page
    assert "1 Bahar" in page and "3 Cyrus" in page and "5 Eve" in page
    # Evening by evening, the evening not counted in brackets: Ali 10, 8, (6), 18.
    assert "Ali 10 8 (6) 18" in page
    assert "Dara 5 – 8 13" in page
    # Nothing to change without the key.
    assert "Remove from the season" not in page and "Add an evening" not in page


@pytest.mark.parametrize(("lang", "digits"), [("ar", "٠١٢٣٤٥٦٧٨٩"), ("fa", "۰۱۲۳۴۵۶۷۸۹")])
def test_the_standings_page_is_in_the_readers_language_and_digits(client, played, lang,
                                                                  digits):
    client.set_cookie("lang", lang)
    response = client.get(f"/seasons/{played['id']}")
    page = response.get_data(as_text=True)
    assert f'lang="{lang}" dir="rtl"' in page
    # Ali's 18 points in the reader's digits, not Latin ones.
    eighteen = digits[1] + digits[8]
    assert f'<td class="num points">{eighteen}</td>' in page
    assert '<td class="num points">18</td>' not in page
    # The season's own sentences are in the reader's language, none left in English.
    words = text(response)
    for english in ("Points by place", "evenings count", "Evenings", "not counted",
                    "finished", "In brackets"):
        assert english not in words, english


def test_the_csv_has_a_line_per_player_and_a_column_per_evening(client, played):
    response = client.get(f"/seasons/{played['id']}/standings.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    # Points by evening, those not counted in brackets; empty where the player did not play.
    assert rows == [
        ["rank", "player", "points", "attended", "E1", "E2", "E3"],
        ["1", "Ali", "18", "3", "10", "8", "(6)"],
        ["1", "Bahar", "18", "3", "8", "10", "(5)"],
        ["3", "Cyrus", "16", "3", "6", "(6)", "10"],
        ["4", "Dara", "13", "2", "5", "", "8"],
        ["5", "Eve", "5", "1", "", "5", ""]]


def test_a_season_is_set_up_and_kept_from_its_pages(client):
    made = client.post("/seasons/new", data={"name": "Spring", "game": "basra",
                                             "count_best": "٢", "points": "5 3 1"})
    assert made.status_code == 303
    page_url = made.headers["Location"]
    page = text(client.get(page_url))
    assert "You keep this season" in page and "the best 2 evenings count" in page
    assert "Points by place: 5, 3, 1" in page
    e1 = evening(client, ["Ali", "Bahar", "Cyrus", "Dara"], "E1")
    season_id = page_url.split("/seasons/")[1].split("?")[0]
    # Pasted as the tournament's link: its id is read from it.
    added = client.post(f"/seasons/{season_id}/events",
                        data={"tournament": f"http://localhost/tournaments/{e1['id']}/standings"})
    assert added.status_code == 303
    page = text(client.get(f"/seasons/{season_id}"))
    # 5, 3, 1 by place; Dara, fourth, below the table: 0.
    assert "Ali 5 5" in page and "Bahar 3 3" in page and "Cyrus 1 1" in page
    assert "Dara 0 0" in page
    twice = client.post(f"/seasons/{season_id}/events", data={"tournament": e1["id"]})
    assert twice.status_code == 409
    assert "E1 is in this season already." in text(twice)
    removed = client.post(f"/seasons/{season_id}/events/{e1['id']}/remove")
    assert removed.status_code == 303
    assert "No tournament in this season yet." in text(client.get(f"/seasons/{season_id}"))


def test_the_set_up_form_says_what_is_wrong_beside_the_field(client):
    refused = client.post("/seasons/new", data={"name": "Spring", "game": "basra",
                                                "count_best": "0", "points": "3 5"})
    assert refused.status_code == 422
    page = text(refused)
    assert "The evenings that count must be a whole number from 1 to 100." in page
    assert "A place never scores more than the place above it." in page
    assert 'value="Spring"' in refused.get_data(as_text=True)  # what was typed is kept


def test_a_wrong_season_link_opens_nothing(client, played):
    response = client.get(f"/seasons/{played['id']}?key=wrong")
    assert response.status_code == 403
    assert "That link's key does not open this season" in text(response)
    assert client.post(f"/seasons/{played['id']}/events",
                       data={"tournament": "x"}).status_code == 401
    client.get(f"/seasons/{played['id']}?key={played['key']}")  # the right link: a cookie
    assert "Remove from the season" in text(client.get(f"/seasons/{played['id']}"))
