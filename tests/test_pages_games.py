"""Game pages: new game, edit link and cookie, the live board, corrections, undo, history."""

from __future__ import annotations

import re

import pytest

from companion.db import get_session
from companion.services import games

from .helpers import MADE_120, SHELEM_PLAYERS, as_editor, make_game, text, totals

MADE_100_BY_1 = {"bidder": 1, "bid": 100, "bidder_points": 110}  # 55 / 110
BASRA_TIE = {"cards": [26, 26], "jacks": [2, 2], "aces": [2, 2], "two_of_clubs": 0,
             "ten_of_diamonds": 1}


def errors(response) -> dict[str, str]:
    return dict(re.findall(r'class="error" id="error-([\w-]*)" role="alert">([^<]*)<',
                           response.get_data(as_text=True)))


@pytest.fixture
def entry_links(app):
    """Editor pages link to the hand-entry forms of the `entry` blueprint."""
    if "entry.new_hand" not in app.view_functions:
        pytest.skip("the entry blueprint (hand forms) is not registered yet")


# --- New game ---------------------------------------------------------------------------

def test_new_game_offers_the_four_games(client):
    page = client.get("/games/new")
    for name, title in [("basra", "Basra"), ("shllaat", "Shlla'at"), ("gharat", "Ghârat"),
                        ("shelem", "Shelem")]:
        assert f'href="/games/new?game={name}"' in page.get_data(as_text=True)
        assert title in text(page)


def test_basra_form_shows_the_preset_values_and_their_sentences(client):
    page = client.get("/games/new?game=basra&preset=jordanian")
    html = page.get_data(as_text=True)
    assert 'value="jordanian" selected' in html
    assert re.search(r'name="rules.basra_value" value="double_face" checked', html)
    assert "Each basra scores 10 points." in text(page)  # the other choice, offered
    assert "Most cards: the side with more cards than every other side scores 30 points." \
        in text(page)
    assert len(re.findall(r'name="players"', html)) == 4
    assert "Two teams, partners opposite" in text(page)


def test_changing_the_preset_rerenders_the_house_rules_only(client):
    fragment = client.get("/games/new?game=basra&preset=lebanese",
                          headers={"HX-Request": "true", "HX-Target": "house-rules"})
    html = fragment.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="house-rules">')
    assert 'name="rules.majority_points" value="3"' in html
    assert re.search(r'name="rules.hand_size" value="6" checked', html)
    assert "<form" not in html


def test_adding_and_removing_players_keeps_the_names(client):
    data = {"game": "shllaat", "preset": "standard", "players": ["Amna", "Badr"]}
    added = client.post("/games/new?game=shllaat", data={**data, "players_action": "add"},
                        headers={"HX-Request": "true", "HX-Target": "players"})
    html = added.get_data(as_text=True)
    assert html.lstrip().startswith('<fieldset id="players"')
    assert re.findall(r'name="players" value="([^"]*)"', html) == ["Amna", "Badr", ""]
    removed = client.post("/games/new?game=shllaat", data={**data, "players_action": "remove"})
    assert "Remove the last player" not in text(removed)  # two is the fewest for Shlla'at
    assert re.findall(r'name="players" value="([^"]*)"', removed.get_data(as_text=True)) \
        == ["Amna", "Badr"]


def test_known_players_are_suggested(app, client):
    game_id, _ = make_game(app)
    client.get(f"/games/{game_id}")  # names from the games this phone knows
    html = client.get("/games/new?game=basra").get_data(as_text=True)
    assert '<option value="Cyrus">' in html and 'list="known-players"' in html


def test_bad_new_game_shows_the_errors_beside_the_fields_and_keeps_everything(client):
    response = client.post("/games/new?game=basra", data={
        "game": "basra", "preset": "yemeni", "players": ["Omar", "omar", "Zaid"],
        "rules.target": "lots", "rules.basra_value": "double_face", "first_dealer": "2"})
    assert response.status_code == 422
    assert errors(response) == {"rules-target": "Target: enter a whole number."}
    html = response.get_data(as_text=True)
    assert re.findall(r'name="players" value="([^"]*)"', html) == ["Omar", "omar", "Zaid"]
    assert 'name="rules.target" value="lots"' in html
    assert re.search(r'name="rules.basra_value" value="double_face" checked', html)
    assert 'value="2" selected>Zaid' in html
    fixed = client.post("/games/new?game=basra", data={
        "game": "basra", "preset": "yemeni", "players": ["Omar", "omar", "Zaid"],
        "rules.target": "101"})
    assert errors(fixed) == {"players": "Two players have the same name; tell them apart."}


@pytest.mark.parametrize("junk, sentence", [
    ("lots", "Target: enter a whole number."),
    ("15", "Target must be at least 16."),  # Basra's lowest target is one Lebanese hand, 16
])
def test_the_same_bad_target_reads_the_same_on_the_page_and_in_the_api(client, junk, sentence):
    page = client.post("/games/new?game=basra", data={
        "game": "basra", "preset": "lebanese", "players": ["Omar", "Zaid"],
        "rules.target": junk, "first_dealer": "0"})
    api = client.post("/api/v1/games", json={"game": "basra", "players": ["Omar", "Zaid"],
                                             "target": junk if junk == "lots" else int(junk)})
    assert errors(page) == {"rules-target": sentence}
    assert api.get_json() == {"error": sentence, "field": "rules.target"}


def test_the_form_seats_partners_opposite_and_refuses_any_other_partnership(app, client):
    form = {"game": "basra", "preset": "egyptian", "players": SHELEM_PLAYERS,
            "rules.target": "101"}
    adjacent = client.post("/games/new?game=basra", data={**form, "teams": "adjacent"})
    assert adjacent.status_code == 422
    assert errors(adjacent) == {"teams": "Partnerships: choose one of the choices shown."}
    assert re.findall(r'name="players" value="([^"]*)"', adjacent.get_data(as_text=True)) \
        == SHELEM_PLAYERS
    created = client.post("/games/new?game=basra", data={**form, "teams": "opposite"})
    game_id = created.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert games.load_game(get_session(), game_id).sides == ["Ali & Cyrus", "Bahar & Dara"]


def test_creating_a_game_sets_the_edit_cookie_and_opens_the_game(app, client):
    response = client.post("/games/new?game=shelem", data={
        "game": "shelem", "preset": "standard", "players": SHELEM_PLAYERS,
        "rules.target": "660", "first_dealer": "2"})
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"edit_{game_id}=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain http in tests
    with app.app_context():
        loaded = games.load_game(get_session(), game_id)
        assert loaded.row.rules["target"] == 660 and loaded.row.first_dealer == 2
        assert loaded.sides == ["Ali & Cyrus", "Bahar & Dara"]


# --- Edit link, viewers -----------------------------------------------------------------

def test_edit_link_sets_the_cookie_and_cleans_the_address(app, client):
    game_id, key = make_game(app)
    response = client.get(f"/games/{game_id}?key={key}")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}"
    assert response.headers["Set-Cookie"].startswith(f"edit_{game_id}={key};")


def test_wrong_key_gives_the_view_only_page_with_a_message(app, client):
    game_id, _ = make_game(app)
    response = client.get(f"/games/{game_id}?key=not-the-key")
    assert response.status_code == 403
    assert ("That edit link does not open this game: you can follow the score, but not change "
            "it.") in text(response)
    assert not any(c.startswith("edit_") for c in response.headers.getlist("Set-Cookie"))
    assert "Add hand" not in text(response) and "/undo" not in response.get_data(as_text=True)


def test_viewer_sees_scores_but_no_edit_controls(app, client):
    game_id, _ = make_game(app, hands=[MADE_120])
    page = client.get(f"/games/{game_id}")
    html = page.get_data(as_text=True)
    assert totals(page) == ["130", "35"]
    for control in ("Add hand", "Undo last change", "Edit hand 1", "Delete hand 1"):
        assert control not in text(page)
    assert 'id="share"' not in html


def test_editor_sees_add_edit_delete_undo(app, client, entry_links):
    game_id, key = make_game(app, hands=[MADE_120])
    page = as_editor(client, game_id, key).get(f"/games/{game_id}")
    html = page.get_data(as_text=True)
    assert f'href="/games/{game_id}/hands/new"' in html
    assert f'href="/games/{game_id}/hands/1/edit"' in html
    assert f'href="/games/{game_id}/hands/1/delete?version=2"' in html
    assert "Undo last change" in text(page)


# --- The board --------------------------------------------------------------------------

def test_game_page_shows_totals_dealer_leader_target_and_breakdown(app, client):
    game_id, _ = make_game(app, hands=[MADE_120, MADE_100_BY_1], first_dealer=1)
    page = client.get(f"/games/{game_id}")
    assert totals(page) == ["185", "145"]
    words = text(page)
    assert "Target 1200" in words
    # Bahar, then Cyrus dealt; in Shelem the player after the dealer bids first (the Hâkem leads)
    assert "Deals next Dara" in words and "Bids first Ali" in words
    assert "Ali & Cyrus Bahar & Dara" in words
    # Hand 2 and its scores, each with the running total after it, and who bid what.
    assert "2 55 total 185 110 total 145 Bahar & Dara bid 100: made" in words
    assert "points taken 35" in words
    assert "<body" in page.get_data(as_text=True) and "data-wake-lock" in page.get_data(
        as_text=True)


def test_winner_banner_names_the_winning_team(app, client):
    game_id, _ = make_game(app, hands=[MADE_120, MADE_120, MADE_120], rules={"target": 300})
    page = client.get(f"/games/{game_id}")
    assert totals(page) == ["390", "105"]
    assert "Ali & Cyrus won the game!" in text(page)
    assert "Deals next" not in text(page)


def test_carried_points_are_shown_while_pending(app, client):
    game_id, _ = make_game(app, "basra", ["Omar", "Zaid"], hands=[BASRA_TIE])
    page = client.get(f"/games/{game_id}")
    assert totals(page) == ["6", "7"]
    assert text(page).count("30 points carried to the next hand.") == 1
    assert "Deals next Zaid" in text(page)
    assert "jacks 2, aces 2, 2♣ 2" in text(page)


def test_chart_plots_running_totals_for_each_side(app, client):
    game_id, _ = make_game(app, hands=[MADE_120, MADE_100_BY_1])
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    lines = re.findall(r'<polyline class="series series-(\d)" fill="none" points="([^"]*)"', html)
    assert [side for side, _ in lines] == ["0", "1"]
    assert all(len(points.split()) == 3 for _, points in lines)  # start + two hands
    assert ">Hand</text>" in html and ">Points</text>" in html


def test_htmx_request_for_the_game_gets_only_the_board(app, client):
    game_id, _ = make_game(app, hands=[MADE_120])
    fragment = client.get(f"/games/{game_id}", headers={"HX-Request": "true"})
    html = fragment.get_data(as_text=True)
    assert html.lstrip().startswith("<section id=\"board\"") and "<html" not in html
    assert totals(fragment) == ["130", "35"]


def test_board_poll_is_204_until_the_game_changes(app, client):
    game_id, key = make_game(app, hands=[MADE_120])
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'hx-get="/games/{game_id}/board?since=2"' in html
    assert 'hx-trigger="every 2s"' in html and 'hx-swap="outerHTML"' in html
    unchanged = client.get(f"/games/{game_id}/board?since=2")
    assert unchanged.status_code == 204 and unchanged.data == b""
    client.post(f"/api/v1/games/{game_id}/hands", json={"hand": MADE_100_BY_1},
                headers={"Authorization": f"Bearer {key}"})
    changed = client.get(f"/games/{game_id}/board?since=2")
    assert changed.status_code == 200
    assert totals(changed) == ["185", "145"]
    assert "board?since=3" in changed.get_data(as_text=True)
    assert client.get("/games/nope/board?since=1").status_code == 404


# --- Corrections, undo, history ---------------------------------------------------------

def test_delete_asks_first_then_records_the_reason(app, client):
    game_id, key = make_game(app, hands=[MADE_120, MADE_100_BY_1])
    as_editor(client, game_id, key)
    confirm = client.get(f"/games/{game_id}/hands/1/delete?version=3")
    assert "Delete hand 1?" in text(confirm)
    assert "bid of 120 made 130" in text(confirm) and "130 130" not in text(confirm)
    done = client.post(f"/games/{game_id}/hands/1/delete",
                       data={"version": "3", "reason": "dealt twice"})
    assert done.status_code == 303
    assert totals(client.get(f"/games/{game_id}", headers={"HX-Request": "true"})) \
        == ["55", "110"]
    assert "Hand 1 deleted: dealt twice" in text(client.get(f"/games/{game_id}/history"))


def test_viewer_cannot_delete_or_undo(app, client):
    game_id, _ = make_game(app, hands=[MADE_120])
    assert client.post(f"/games/{game_id}/hands/1/delete", data={"version": "2"}).status_code \
        == 401
    assert client.post(f"/games/{game_id}/undo", data={"version": "2"}).status_code == 401
    assert client.get(f"/games/{game_id}/hands/1/delete").status_code == 401


def test_undo_reverses_the_last_change_and_history_says_so(app, client):
    game_id, key = make_game(app, hands=[MADE_120])
    with app.app_context():
        games.edit_hand(get_session(), game_id, 1, MADE_100_BY_1, reason="miscounted")
    as_editor(client, game_id, key)
    assert client.post(f"/games/{game_id}/undo", data={"version": "3"}).status_code == 303
    assert totals(client.get(f"/games/{game_id}", headers={"HX-Request": "true"})) \
        == ["130", "35"]
    history = text(client.get(f"/games/{game_id}/history"))
    assert history.index("Undid the correction of hand 1") < history.index(
        "Hand 1 corrected: miscounted (undone)") < history.index("Hand 1 added") \
        < history.index("Game started")


def test_nothing_to_undo_is_said_plainly(app, client, entry_links):
    game_id, key = make_game(app)
    response = as_editor(client, game_id, key).post(f"/games/{game_id}/undo",
                                                    data={"version": "1"})
    assert response.status_code == 400
    assert "There is no change left to undo." in text(response)


def test_stale_delete_is_refused_and_shows_the_game_as_it_is(app, client, entry_links):
    game_id, key = make_game(app, hands=[MADE_120, MADE_100_BY_1])
    as_editor(client, game_id, key)
    client.post(f"/api/v1/games/{game_id}/hands", json={"hand": MADE_120},
                headers={"Authorization": f"Bearer {key}"})  # another phone, meanwhile
    response = client.post(f"/games/{game_id}/hands/1/delete", data={"version": "3"})
    assert response.status_code == 409
    assert ("Someone else changed this game first: here it is as it is now. Check it, then "
            "make your change again.") in text(response)
    assert totals(response) == ["315", "180"]
    assert "Hand 1 deleted" not in text(client.get(f"/games/{game_id}/history"))


def test_rules_card_lists_every_option_in_plain_words(app, client):
    game_id, _ = make_game(app, "basra", ["Omar", "Zaid"], rules={"preset": "lebanese"})
    card = text(client.get(f"/games/{game_id}/rules"))
    assert "Tie for most cards Tie for most cards: nobody scores the 3 points." in card
    assert "Cards per deal Each player gets 6 cards per deal (4 with 3 players)." in card
    assert "The 7♦ is an ordinary 7." in card
    assert f'href="/games/{game_id}/rules"' in client.get(f"/games/{game_id}").get_data(
        as_text=True)


# --- Home -------------------------------------------------------------------------------

def test_home_lists_games_in_progress_before_finished_ones(app, client):
    finished, _ = make_game(app, hands=[MADE_120] * 3, rules={"target": 300})
    playing, _ = make_game(app, "basra", ["Omar", "Zaid"], hands=[BASRA_TIE])
    for game_id in (finished, playing):  # opened on this phone: listed on its home page
        client.get(f"/games/{game_id}")
    html = client.get("/").get_data(as_text=True)
    assert html.index(f'href="/games/{playing}"') < html.index(f'href="/games/{finished}"')
    words = text(client.get("/"))
    assert "Basra · in progress Omar 6 Zaid 7" in words
    assert "Shelem · finished Ali & Cyrus 390 Bahar & Dara 105" in words
    assert 'href="/games/new?game=gharat"' in html


def test_shllaat_board_names_who_plays_first_not_a_dealer(app, client):
    # Shlla'at: "It doesn't matter who deals"; the first player rotates clockwise.
    game_id, _ = make_game(app, game="shllaat", players=["Ali", "Bahar", "Cyrus"],
                           first_dealer=2)
    words = text(client.get(f"/games/{game_id}"))
    assert "Plays first Cyrus" in words
    assert "Deals next" not in words
    form = text(client.get("/games/new?game=shllaat"))
    assert "Plays first in the first hand" in form and "First dealer" not in form


def test_basra_board_says_who_deals_and_who_plays_first(app, client):
    game_id, _ = make_game(app, game="basra", players=["Ali", "Bahar"], first_dealer=0)
    words = text(client.get(f"/games/{game_id}"))
    assert "Deals next Ali" in words and "Plays first Bahar" in words


BASRA_HAND = {"cards": [30, 22], "jacks": [2, 2], "aces": [2, 2], "two_of_clubs": 0,
              "ten_of_diamonds": 1, "basras": [1, 0]}


@pytest.mark.parametrize("game, players, hand", [
    ("basra", ["Ali", "Bahar"], BASRA_HAND),
    ("shelem", SHELEM_PLAYERS, MADE_120),
    ("shllaat", ["Ali", "Bahar"], {"jokers": [2, 0], "aces": [2, 2], "jacks": [2, 2],
                                   "others": [20, 24]}),
    ("gharat", ["Ali", "Bahar"], {"numbers": [10, 20], "courts": [6, 6], "aces": [4, 0]}),
])
@pytest.mark.parametrize("lang", ["en", "ar", "fa"])
def test_a_played_game_page_and_board_render_in_every_language(app, client, lang, game,
                                                               players, hand):
    game_id, key = make_game(app, game=game, players=players, hands=[hand])
    as_editor(client, game_id, key).set_cookie("lang", lang)
    for url in (f"/games/{game_id}", f"/games/{game_id}/board", f"/games/{game_id}/history",
                f"/games/{game_id}/rules", f"/games/{game_id}/hands/1/edit"):
        assert client.get(url).status_code == 200, (lang, url)
