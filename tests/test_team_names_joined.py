"""A partnership's name joins the partners with the reader's "and" (و), in a sentence and in
headings, columns and standings alike."""

from __future__ import annotations

import re
from html import unescape

import pytest

from .helpers import BASRA_WIN, bearer, create_tournament
from .helpers import api_game_id as make_game
from .helpers import text as page_text

pytestmark = pytest.mark.store_blind  # no database can change what this checks

BASRA_TEAMS = (["Bassem", "Omar", "Dina", "Ali"], [[0, 2], [1, 3]])


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "go to Omar & Ali."),
    ("ar", "لـ Omar وAli."),
    ("fa", "به Omar و Ali می‌رسد."),
])
def test_the_rest_of_the_cards_go_to_the_partners_joined_by_and(client, lang, sentence):
    players, teams = BASRA_TEAMS
    game_id = make_game(client, "basra", players, teams=teams)
    page = page_text(client.get(f"/games/{game_id}/hands/new?mode=quick",
                                headers={"Accept-Language": lang}))
    assert sentence in page



@pytest.mark.parametrize(("lang", "names"), [
    ("en", ("Amal & Carim", "Badr & Dina")),
    ("ar", ("Amal وCarim", "Badr وDina")),
    ("fa", ("Amal و Carim", "Badr و Dina")),
])
def test_the_shelem_preview_joins_the_partners_in_the_readers_language(client, lang, names):
    game_id = make_game(client, "shelem", ["Amal", "Badr", "Carim", "Dina"])
    preview = page_text(client.post(f"/games/{game_id}/hands/preview", data={
        "mode": "quick", "bidder": "0", "bid": "120", "bidder_points": "130",
        "cheating": "1"}, headers={"Accept-Language": lang}))
    assert all(name in preview for name in names), preview


# --- Outside sentences: headings, columns, chips, standings (issue 26) -------------------------

HANDS = {"shelem": {"bidder": 0, "bid": 120, "bidder_points": 130}, "basra": BASRA_WIN}


def played(client, game: str, players: list[str], **extra) -> str:
    """A game with one hand in it, this client its editor."""
    game_id = make_game(client, game, players, **extra)
    key = client.get_cookie(f"edit_{game_id}").value
    assert client.post(f"/api/v1/games/{game_id}/hands", json={"hand": HANDS[game]},
                       headers=bearer(key)).status_code == 201
    return game_id


def heads(page: str) -> list[str]:
    """The scoresheet's column heads after "#"."""
    row = re.search(r'<div class="hand-row head[^"]*"[^>]*>(.*?)</div>', page, re.S)
    assert row, "no scoresheet head"
    return [unescape(name) for name in re.findall(r'<span class="num">([^<]*)</span>',
                                                  row.group(1))]


def sides_shown(page: str) -> list[str]:
    """The names over the running totals."""
    return [unescape(name) for name in re.findall(r'<span class="side">([^<]*)</span>', page)]


@pytest.mark.parametrize("game", ["shelem", "basra"])
@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["Ali & Cyrus", "Bahar & Dara"]),
    ("ar", ["Ali وCyrus", "Bahar وDara"]),
    ("fa", ["Ali و Cyrus", "Bahar و Dara"]),
])
def test_a_partnership_game_names_its_teams_in_the_readers_words(client, game, lang, names):
    game_id = played(client, game, ["Ali", "Bahar", "Cyrus", "Dara"], teams=[[0, 2], [1, 3]])
    client.set_cookie("lang", lang)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert heads(page) == names and sides_shown(page) == names
    title = unescape(re.search(r"<title>([^<]*)</title>", page).group(1))
    assert title.startswith(f"{names[0]} · {names[1]} · ")
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert [unescape(n) for n in re.findall(r"<bdi>([^<]*)</bdi> <strong", form)] == names
    # the API's names are data: "&" in every language
    assert client.get(f"/api/v1/games/{game_id}").get_json()["sides"] == [
        "Ali & Cyrus", "Bahar & Dara"]


def test_a_name_typed_with_an_ampersand_is_the_players_own(client):
    game_id = played(client, "basra", ["Ali & Bahar", "Omar"])
    client.set_cookie("lang", "ar")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert heads(page) == ["Ali & Bahar", "Omar"]


@pytest.mark.parametrize(("lang", "names", "history"), [
    ("en", ["Ali & Bahar", "Cyrus & Dara", "Emad & Farah", "Gita & Hadi"],
     "Entrants added: Ali & Bahar, Cyrus & Dara, Emad & Farah, Gita & Hadi"),
    ("ar", ["Ali وBahar", "Cyrus وDara", "Emad وFarah", "Gita وHadi"],
     "أُضيف مشاركون: Ali وBahar، Cyrus وDara، Emad وFarah، Gita وHadi"),
    ("fa", ["Ali و Bahar", "Cyrus و Dara", "Emad و Farah", "Gita و Hadi"],
     "شرکت‌کنندگان افزوده شدند: Ali و Bahar، Cyrus و Dara، Emad و Farah، Gita و Hadi"),
])
def test_a_pairs_tournament_names_its_partnerships_in_the_readers_words(client, lang, names,
                                                                        history):
    # entered in each of the ways a partnership can be: the pages join its two players
    t = create_tournament(client, game="shelem", entrants=[
        "Ali & Bahar", ["Cyrus", "Dara"], "Emad&Farah", "Gita & Hadi"],
        settings={"partnerships": True, "best_of": 1})
    client.set_cookie("lang", lang)
    standings = client.get(f"/tournaments/{t['id']}/standings").get_data(as_text=True)
    shown = [unescape(n) for n in re.findall(r'<bdi class="who">([^<]*)</bdi>', standings)]
    assert sorted(shown) == sorted(names)
    desk = client.get(f"/tournaments/{t['id']}?key={t['director_key']}", follow_redirects=True)
    entrants = re.search(r'<ol class="entrants">(.*?)</ol>', desk.get_data(as_text=True), re.S)
    assert [unescape(n) for n in re.findall(r"<bdi>([^<]*)</bdi>", entrants.group(1))] == names
    assert history in page_text(desk)
    # the API's names are data: "&" in every language
    assert [e["name"] for e in t["entrants"]] == [
        "Ali & Bahar", "Cyrus & Dara", "Emad & Farah", "Gita & Hadi"]
