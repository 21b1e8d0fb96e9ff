"""A partnership's name in a sentence joins the partners with the reader's "and" (و)."""

from __future__ import annotations

import pytest

from .helpers import api_game_id as make_game
from .helpers import text as page_text

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
