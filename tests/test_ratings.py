"""Players' ratings per game (docs/ratings.md): values worked out by hand from OpenSkill's
Plackett-Luce update (Weng and Lin 2011, the formulas docs/ratings.md writes out).

Defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300; shown = 1000 + 20 (mu - 3 sigma).
"""

from __future__ import annotations

import re

import pytest
from sqlmodel import Session, select

from companion import create_app
from companion.models_ratings import PlayerRating
from companion.services import ratings

from .helpers import (
    BASRA_LOSS,
    BASRA_WIN,
    create_tournament,
    director,
    next_round,
    opened_game,
    play,
)

SHLLAAT_HAND = {"points": [140, 50, 40, 20, 2]}  # a pack of 252 shared out, five players


@pytest.fixture
def club(db_url):
    """A club server: ratings from every stored game (COMPANION_PUBLIC_RECORDS)."""
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "club",
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PUBLIC_RECORDS": True})
    yield app
    app.extensions["engine"].dispose()


def hand(client, made, body):
    response = client.post(f"/api/v1/games/{made['id']}/hands", json={"hand": body},
                           headers={"Authorization": f"Bearer {made['edit_key']}"})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def basra_won_by_first(client, players):
    made = opened_game(client, "basra", players)
    for _ in range(2):
        hand(client, made, BASRA_WIN)  # 73 each: the first player reaches 101
    return made


def shelem_won_by_seat_0(client, players):
    """A Shelem game to 165 (seats 0 and 2 partners): one Shelem, 200-0, to seat 0's side."""
    made = client.post("/api/v1/games", json={"game": "shelem", "players": players,
                                              "target": 165}).get_json()
    client.get(f"/games/{made['id']}")
    hand(client, made, {"bidder": 0, "bid": 100, "bidder_points": 165})
    return made


def shllaat(client, players, hands, **extra):
    made = client.post("/api/v1/games", json={"game": "shllaat", "players": players,
                                              "target": 252, **extra}).get_json()
    client.get(f"/games/{made['id']}")
    for body in hands:
        hand(client, made, body)
    return made


def table(client, game):
    body = client.get(f"/api/v1/ratings/{game}").get_json()
    return [(r["player"], r["rating"], r["games"], r["provisional"]) for r in body["ratings"]]


def stored(app):
    with Session(app.extensions["engine"]) as session:
        return {(r.game, r.player): (round(r.mu, 4), round(r.sigma, 4), r.games)
                for r in session.exec(select(PlayerRating))}


def test_one_game_of_two_players_moves_mu_and_sigma_as_the_formula_says(club):
    client = club.test_client()
    basra_won_by_first(client, ["Ali", "Bahar"])
    # sigma^2 with tau: 69.4444 + 0.0069 = 69.4514; c^2 = 2 (69.4514 + 17.3611) = 173.625,
    # c = 13.1767. Equal mu: each wins with probability 1/2.
    # Ali: mu + sigma^2/c * (1 - 1/2) = 25 + 2.6354 = 27.6354; Bahar: 22.3646.
    # gamma = sqrt(69.4514)/c = 0.63247; delta = gamma * sigma^2/c^2 * 1/2 * 1/2 = 0.063248;
    # sigma' = sqrt(69.4514 * (1 - 0.063248)) = 8.0659 for both.
    assert stored(club) == {("basra", "ali"): (27.6354, 8.0659, 1),
                            ("basra", "bahar"): (22.3646, 8.0659, 1)}
    # Shown: 1000 + 20 (27.6354 - 24.1977) = 1068.75 -> 1069; 1000 + 20 (22.3646 - 24.1977)
    # = 963.34 -> 963. One game each: provisional.
    assert table(client, "basra") == [("Ali", 1069, 1, True), ("Bahar", 963, 1, True)]
    history = client.get("/api/v1/ratings/basra/ ali ").get_json()
    assert history["player"] == "Ali" and [p["rating"] for p in history["history"]] == [1069]


def test_partners_share_their_sides_result(club):
    client = club.test_client()
    shelem_won_by_seat_0(client, ["Ali", "Bahar", "Cyrus", "Dara"])  # Ali & Cyrus win
    # Team sigma^2 = 2 * 69.4514 = 138.9028; c^2 = 2 * 138.9028 + 2 * 17.3611 = 312.528,
    # c = 17.6784. Each winner: 25 + 69.4514/17.6784 * 1/2 = 26.9643, each loser 23.0357.
    # delta = (11.7857/17.6784) * 138.9028/312.528 * 1/4 = 0.074074; a player's sigma^2
    # shrinks by its share 69.4514/138.9028 = 1/2 of it: 69.4514 * 0.962963 = 66.8791,
    # sigma' = 8.1780. Shown: 1000 + 20 (26.9643 - 24.5339) = 1048.6 -> 1049; 970.
    assert stored(club)[("shelem", "ali")] == (26.9643, 8.178, 1)
    assert table(client, "shelem") == [("Ali", 1049, 1, True), ("Cyrus", 1049, 1, True),
                                       ("Bahar", 970, 1, True), ("Dara", 970, 1, True)]


def test_a_table_of_five_ranks_its_players_by_their_totals(club):
    client = club.test_client()
    # Two hands of 140, 50, 40, 20, 2: totals 280, 100, 80, 40, 4; Ali passes 252 and wins.
    # From equal ratings the model can only put them in the order of their places.
    shllaat(client, ["Dara", "Cyrus", "Bahar", "Ali", "Omar"], [SHLLAAT_HAND] * 2)
    order = [row[0] for row in table(client, "shllaat")]
    assert order == ["Dara", "Cyrus", "Bahar", "Ali", "Omar"]


def test_equal_totals_are_a_tie_and_a_shared_win_a_draw(club):
    client = club.test_client()
    # all_win: Ali and Bahar reach 252 level (130 + 130 each side of two hands) and both win;
    # Cyrus is last. Tied at the top, their ratings are equal, both above Cyrus.
    made = shllaat(client, ["Ali", "Bahar", "Cyrus"],
                   [{"points": [126, 126, 0]}, {"points": [126, 126, 0]}],
                   rules={"tie": "all_win"})
    assert client.get(f"/api/v1/games/{made['id']}").get_json()["winners"] == [0, 1]
    rows = table(client, "shllaat")
    assert [r[0] for r in rows] == ["Ali", "Bahar", "Cyrus"]
    assert rows[0][1] == rows[1][1] > rows[2][1]


def test_a_deleted_game_no_longer_counts_and_a_restored_one_counts_again(club):
    client = club.test_client()
    first = basra_won_by_first(client, ["Ali", "Bahar"])
    basra_won_by_first(client, ["Bahar", "Ali"])
    both = table(client, "basra")
    # One win each; Bahar's came as the underdog (after losing the first), so it moved the
    # ratings further: Bahar ahead.
    assert [(r[0], r[2]) for r in both] == [("Bahar", 2), ("Ali", 2)]
    key = {"Authorization": f"Bearer {first['edit_key']}"}
    assert client.delete(f"/api/v1/games/{first['id']}", headers=key).status_code == 200
    # Only Bahar's win is left: Bahar first, one game each.
    assert [(r[0], r[2]) for r in table(client, "basra")] == [("Bahar", 1), ("Ali", 1)]
    assert client.post(f"/api/v1/games/{first['id']}/restore", headers=key).status_code == 200
    assert table(client, "basra") == both


def test_a_corrected_older_game_gives_what_a_full_replay_gives(club):
    client = club.test_client()
    early = basra_won_by_first(client, ["Ali", "Bahar"])
    basra_won_by_first(client, ["Cyrus", "Ali"])
    basra_won_by_first(client, ["Bahar", "Cyrus"])
    # The first game's second hand becomes Bahar's: 73 all, the game is no longer finished.
    key = {"Authorization": f"Bearer {early['edit_key']}"}
    fixed = client.put(f"/api/v1/games/{early['id']}/hands/2", headers=key,
                       json={"hand": BASRA_LOSS, "version": 3})
    assert fixed.status_code == 200, fixed.get_json()
    assert fixed.get_json()["finished"] is False  # 73 all: the game no longer counts
    kept = stored(club)
    assert ("basra", "ali") in kept and kept[("basra", "ali")][2] == 1
    with Session(club.extensions["engine"]) as session:
        ratings.recompute_all(session)
    assert stored(club) == kept  # kept in step = replayed from nothing


def test_ten_games_make_a_rating_no_longer_provisional(club):
    client = club.test_client()
    for _ in range(9):
        basra_won_by_first(client, ["Ali", "Bahar"])
    assert [r[3] for r in table(client, "basra")] == [True, True]  # 9 games
    basra_won_by_first(client, ["Ali", "Bahar"])
    assert [r[2:] for r in table(client, "basra")] == [(10, False), (10, False)]


def test_a_device_sees_ratings_of_its_own_games_only(app):
    mine, other = app.test_client(), app.test_client()
    basra_won_by_first(mine, ["Ali", "Bahar"])
    basra_won_by_first(other, ["Zed", "Yara"])
    assert [r[0] for r in table(mine, "basra")] == ["Ali", "Bahar"]
    assert [r[0] for r in table(other, "basra")] == ["Zed", "Yara"]
    page = mine.get("/ratings/basra").get_data(as_text=True)
    assert "These ratings cover only the games this device knows" in page
    assert "Zed" not in page and "Ali" in page
    assert mine.get("/api/v1/ratings/basra/Zed").status_code == 404


def test_an_unknown_game_is_a_404_with_a_sentence(client):
    response = client.get("/api/v1/ratings/poker")
    assert response.status_code == 404
    assert response.get_json() == {
        "error": "There is no game 'poker'; choose one of: basra, shllaat, gharat, shelem.",
        "field": "game"}
    assert client.get("/ratings/poker").status_code == 404


@pytest.mark.parametrize(("lang", "digits", "rating", "heading"), [
    ("en", "latn", "1069", "Ratings: Basra"),
    ("ar", "arab", "١٠٦٩", "التقييمات: بصرة"),
    ("fa", "arabext", "۱۰۶۹", "رتبه\u200cبندی: بصره"),
])
def test_the_ratings_page_in_each_language_and_the_readers_digits(club, lang, digits, rating,
                                                                  heading):
    client = club.test_client()
    basra_won_by_first(client, ["Ali", "Bahar"])
    client.set_cookie("lang", lang)
    client.set_cookie("digits", digits)
    page = client.get("/ratings/basra").get_data(as_text=True)
    assert heading in page
    assert re.search(rf"<bdi>Ali</bdi>.*?<strong>{rating}</strong>", page, re.S)
    card = client.get("/players/Ali").get_data(as_text=True)
    assert f'<strong class="num">{rating}</strong>' in card
    assert 'aria-labelledby="rating-chart-basra"' in card  # the rating's history, charted


def test_the_players_card_names_the_partners_they_win_most_with(club):
    client = club.test_client()
    # Seats 0 and 2 are partners and win: Ali with Cyrus twice, with Dara once; in the last
    # game Ali and Cyrus (seats 1 and 3) lose together.
    for players in (["Ali", "Bahar", "Cyrus", "Dara"], ["Ali", "Bahar", "Dara", "Cyrus"],
                    ["Ali", "Bahar", "Cyrus", "Dara"], ["Bahar", "Ali", "Dara", "Cyrus"]):
        shelem_won_by_seat_0(client, players)
    card = client.get("/players/Ali").get_data(as_text=True)
    partners = card.split("Partners they win most with")[1].split("</ul>")[0]
    # Cyrus: won 2 of 3; Dara: won 1 of 1. Ali never partnered Bahar.
    assert re.findall(r"<bdi>([^<]+)</bdi>", partners) == ["Cyrus", "Dara"]
    assert "won 2 of 3 together" in partners and "won 1 of 1 together" in partners


def test_seeding_by_rating_puts_the_best_rated_first(club):
    client = club.test_client()
    for _ in range(3):
        basra_won_by_first(client, ["Cyrus", "Bahar"])
    basra_won_by_first(client, ["Bahar", "Ali"])
    # Cyrus won 3 (best), Bahar won 1 and lost 3, Ali lost 1; Dara is unrated: last.
    by = {r[0]: r[1] for r in table(client, "basra")}
    assert by["Cyrus"] > by["Ali"] > by["Bahar"] or by["Cyrus"] > by["Bahar"] > by["Ali"]
    expected = sorted(["Ali", "Bahar", "Cyrus"], key=lambda n: -by[n]) + ["Dara"]
    made = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "round_robin",
        "entrants": ["Dara", "Ali", "Bahar", "Cyrus"], "settings": {"seeding": "rating"}})
    assert made.status_code == 201, made.get_json()
    entrants = sorted(made.get_json()["entrants"], key=lambda e: e["seed"])
    assert [e["name"] for e in entrants] == expected
    page = client.get(f"/tournaments/{made.get_json()['id']}").get_data(as_text=True)
    assert "In seed order, by rating when the tournament was created." in page


def test_partnerships_are_seeded_by_their_players_mean_rating():
    from companion.services.tournaments.creating import by_rating
    rated = {"ali": 1100, "bahar": 900, "cyrus": 1050, "dara": 1000}
    # Ali & Bahar: (1100 + 900) / 2 = 1000; Cyrus & Dara: 1025; Omar & Zed: no rating, last;
    # Dara & Omar: Dara's 1000 alone, level with Ali & Bahar and entered after them.
    order = by_rating([["Ali", "Bahar"], ["Omar", "Zed"], ["Cyrus", "Dara"],
                       ["Dara", "Omar"]], rated)
    assert order == [2, 0, 3, 1]


def test_the_in_place_update_is_openskills_own():
    """rate_in_place skips MODEL.rate's copies only: the same mu and sigma, to the last bit."""
    import random

    from companion.tournament.ratings import MODEL, rate_in_place
    rng = random.Random(35)
    for _ in range(200):
        sides = rng.choice((2, 3, 4, 5))
        teams = [[(rng.uniform(15, 35), rng.uniform(1, 8.4)) for _ in range(rng.choice((1, 2)))]
                 for _ in range(sides)]
        ranks = [rng.randrange(sides) for _ in range(sides)]
        expected = MODEL.rate([[MODEL.rating(mu=m, sigma=s) for m, s in t] for t in teams],
                              ranks=list(ranks))
        mine = [[MODEL.rating(mu=m, sigma=s) for m, s in t] for t in teams]
        rate_in_place(mine, ranks)
        assert [[(r.mu, r.sigma) for r in t] for t in mine] == \
            [[(r.mu, r.sigma) for r in t] for t in expected]


def test_a_tournament_tables_games_count_and_go_with_the_tournament(club):
    client = club.test_client()
    t = create_tournament(client, entrants=["Ali", "Bahar"], settings={"best_of": 1})
    match = next_round(client, t)["matches"][0]
    play(client, match, BASRA_WIN)  # seat 0 wins its table's game to 101
    winner = match["names"][0]
    assert [(r[0], r[2]) for r in table(client, "basra")][0] == (winner, 1)
    deleted = client.delete(f"/api/v1/tournaments/{t['id']}", json={"confirm": "Friday"},
                            headers=director(t))
    assert deleted.status_code == 200, deleted.get_json()
    assert table(client, "basra") == []  # its games went with it
    restored = client.post(f"/api/v1/tournaments/{t['id']}/restore", headers=director(t))
    assert restored.status_code == 200, restored.get_json()
    assert [(r[0], r[2]) for r in table(client, "basra")][0] == (winner, 1)


def test_a_finished_game_imported_counts_at_once(club):
    client = club.test_client()
    made = basra_won_by_first(client, ["Ali", "Bahar"])
    exported = client.get(f"/api/v1/games/{made['id']}/export").get_json()
    assert client.post("/api/v1/games/import", json=exported).status_code == 201
    # Ali has won twice now: two games each, Ali first.
    assert [(r[0], r[2]) for r in table(client, "basra")] == [("Ali", 2), ("Bahar", 2)]


def test_the_set_up_page_offers_and_seeds_by_rating(club):
    client = club.test_client()
    basra_won_by_first(client, ["Cyrus", "Ali"])  # Cyrus 1069, Ali 963; Bahar unrated
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert '<option value="rating"' in page and "by rating, best first" in page
    response = client.post("/tournaments/new", data={
        "name": "Club night", "variant": "basra/egyptian", "format": "round_robin",
        "entrants": "Bahar\nAli\nCyrus", "table_size": "2", "seeding": "rating"})
    assert response.status_code == 303
    tid = response.headers["Location"].split("/")[2].split("?")[0]
    entrants = client.get(f"/api/v1/tournaments/{tid}").get_json()["entrants"]
    assert [e["name"] for e in sorted(entrants, key=lambda e: e["seed"])] == \
        ["Cyrus", "Ali", "Bahar"]


def test_the_rating_chart_starts_at_a_newcomers_1000():
    from companion.services import chart
    drawn = chart.history(1000, [1069, 1050], "Ali")
    # Span 1000..1069 = 69; a quarter of it is 17.25, rounded up to a step of 20: ticks from
    # 1000 (not 0: a rating is far from it) to 1080. Games 1 and 2 on the x axis.
    assert [t.label for t in drawn.y_ticks] == ["1000", "1020", "1040", "1060", "1080"]
    assert [t.label for t in drawn.x_ticks] == ["1", "2"]
    assert drawn.series[0].total == 1050 and len(drawn.series[0].points.split()) == 3
    assert chart.history(1000, [], "Ali") is None
