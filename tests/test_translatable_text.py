"""Text translators can translate: lists in the reader's language, whole sentences, numbers in
the reader's digits, and numbers typed in any digits (never a crash)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from companion.i18n import render_msg
from companion.rules import basra, shllaat
from companion.rules.catalogue import get_game
from companion.rules.messages import Msg, RuleError
from companion.rules.progress import status_for

from .helpers import as_editor as editor
from .helpers import make_game, text

pytestmark = pytest.mark.store_blind  # no database can change what this checks

SHELEM = ["Ali", "Bahar", "Cyrus", "Dara"]
MADE_120 = {"bidder": 0, "bid": 120, "bidder_points": 130}  # 130 / 35
BASRA_QUICK = {"mode": "quick", "cards_0": "27", "jacks_0": "2", "aces_0": "2",
               "two_of_clubs": "0", "ten_of_diamonds": "1", "basras_0": "1", "basras_1": "0"}


def say(app, message, lang: str) -> str:
    with app.test_request_context("/", headers={"Cookie": f"lang={lang}"}):
        return render_msg(message)


def version(client, game_id) -> int:
    return client.get(f"/api/v1/games/{game_id}").get_json()["version"]


# --- Lists and sentences in the reader's language -----------------------------------------

def test_lists_in_engine_sentences_are_joined_the_readers_way(app):
    status = status_for([0, 1], [])
    assert str(status) == "Sides 1, 2 share the win."  # plain English, as the engine says it
    assert say(app, status, "en") == "Sides 1 and 2 share the win."
    assert say(app, status, "ar") == "١ و٢ يتقاسمون الفوز."
    assert say(app, status, "fa") == "۱ و ۲ با هم برنده‌اند."
    with pytest.raises(RuleError) as error:
        get_game("chess")
    assert say(app, error.value.message, "en") == (
        "There is no game 'chess'; choose one of: basra, shllaat, gharat, and shelem.")


def test_a_basra_verdict_and_its_basra_are_translated_as_two_sentences(app):
    rules = basra.SPEC.resolve({})
    verdict = basra.judge(rules, basra.read_capture(rules, ["5H"], "5S", ["5H"]))
    assert str(verdict.reason) == (
        "The 5♠ takes 5♥ and leaves nothing it could take (Basra: a card that captures "
        "must take all it can). It clears the floor: a basra worth 10 (Basra: basra).")
    taking = Msg(verdict.reason.text, verdict.reason.params)
    (clearing,) = verdict.reason.more
    persian = say(app, verdict.reason, "fa")
    assert persian == say(app, taking, "fa") + " " + say(app, clearing, "fa")
    assert "۱۰" in persian and "{" not in persian and "Legal" not in persian


@pytest.mark.parametrize(("hand", "sentence"), [
    ({"jacks": [-1, 8], "aces": [4, 4], "jokers": [1, 1], "others": [22, 22]},
     "The number of jacks Side 1 took must be a whole number of 0 or more."),
    ({"jacks": [4, 4], "aces": [4, 4], "jokers": [1, 0], "others": [22, 22]},
     "1 Joker entered, the deck has 2."),
])
def test_each_kind_of_card_has_its_own_sentences(hand, sentence):
    with pytest.raises(RuleError) as error:
        shllaat.SPEC.score_written(shllaat.SPEC.resolve({}), hand, 2)
    assert str(error.value.message) == sentence


# --- Numbers in the reader's digits -------------------------------------------------------

def test_hand_numbers_and_scores_on_the_board_are_in_persian_digits(app, client):
    game_id, key = make_game(app, hands=[MADE_120])
    editor(client, game_id, key).set_cookie("lang", "fa")
    page = text(client.get(f"/games/{game_id}"))
    assert "ویرایش دور ۱" in page and "حذف دور ۱" in page
    # The hand-by-hand row: number, then each side's points with the running total after it.
    assert re.search(r"۱ ۱۳۰ \S+ ۱۳۰ ۳۵ \S+ ۳۵", page)
    confirm = text(client.get(f"/games/{game_id}/hands/1/delete"))
    assert "دور ۱ حذف شود؟" in confirm and "۱۳۰" in confirm
    assert "بازیکن ۱" in text(client.get("/games/new?game=shelem"))


def test_entry_preview_counts_cards_in_arabic_digits_and_plurals(app, client):
    game_id, key = make_game(app, "basra", ["Ali", "Omar"])
    editor(client, game_id, key).set_cookie("lang", "ar")
    preview = text(client.post(f"/games/{game_id}/hands/preview", data=BASRA_QUICK))
    assert "٢٧ ورقة" in preview and "٢٥ ورقة" in preview


# --- Numbers typed in any digits ----------------------------------------------------------

def new_shelem(client, **fields):
    return client.post("/games/new?game=shelem", data={
        "game": "shelem", "preset": "standard", "players": SHELEM, "rules.target": "660",
        "first_dealer": "0", **fields})


def form_errors(response) -> dict[str, str]:
    return dict(re.findall(r'class="error" id="error-([\w-]*)" role="alert">([^<]*)<',
                           response.get_data(as_text=True)))


@pytest.mark.parametrize("typed", ["٣٣٠", "۳۳۰", "330"])
def test_new_game_target_in_any_digits_is_read(app, client, typed):
    response = new_shelem(client, **{"rules.target": typed})
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/api/v1/games/{game_id}").get_json()["target"] == 330


@pytest.mark.parametrize(("typed", "error"), [
    ("²", "Target: enter a whole number."),
    ("12a", "Target: enter a whole number."),
    ("", "Target: enter a whole number."),
    ("-5", "Target must be at least 165."),
    ("7", "Target must be at least 165."),  # below one hand's 165 points: issue 26
    # 20 digits: a whole number, too big, said as the API says it (test_boundary.py)
    ("10000000000000000000", "Target can be at most 100000."),
])
def test_new_game_junk_target_is_refused_beside_the_field(client, typed, error):
    response = new_shelem(client, **{"rules.target": typed})
    assert response.status_code == 422
    assert form_errors(response) == {"rules-target": error}
    assert f'name="rules.target" value="{typed}"' in response.get_data(as_text=True)


@pytest.mark.parametrize("typed", ["²", "12a", "-5", ""])
def test_new_game_junk_first_dealer_is_refused(client, typed):
    response = new_shelem(client, first_dealer=typed)
    assert response.status_code == 422
    assert form_errors(response) == {
        "first_dealer": "The first dealer must be one of the players."}


@pytest.mark.parametrize("typed", ["٢٧", "۲۷", "27"])
def test_hand_counts_in_any_digits_are_read(app, client, typed):
    game_id, key = make_game(app, "basra", ["Ali", "Omar"])
    response = editor(client, game_id, key).post(f"/games/{game_id}/hands/new", data={
        **BASRA_QUICK, "cards_0": typed, "version": version(client, game_id)})
    assert response.status_code == 303
    assert client.get(f"/api/v1/games/{game_id}").get_json()["totals"] == [46, 7]


@pytest.mark.parametrize(("typed", "sentence"), [
    ("²", "The number of cards Ali took must be a whole number of 0 or more."),
    ("12a", "The number of cards Ali took must be a whole number of 0 or more."),
    ("-5", "The number of cards Ali took must be a whole number of 0 or more."),
    ("", "Enter how many cards Ali took."),
    # 20 digits: too big, in the API's sentence for the same number (test_boundary.py)
    ("10000000000000000000", "'10000000000000000000' is too large a number."),
])
def test_junk_hand_counts_are_refused_in_place(app, client, typed, sentence):
    game_id, key = make_game(app, "basra", ["Ali", "Omar"])
    response = editor(client, game_id, key).post(f"/games/{game_id}/hands/new", data={
        **BASRA_QUICK, "cards_0": typed, "version": version(client, game_id)})
    assert response.status_code == 422
    assert sentence in unescape(response.get_data(as_text=True))
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []


@pytest.mark.parametrize("typed", ["²", "12a", "-5"])
def test_junk_side_choice_and_version_in_hand_entry_never_crash(app, client, typed):
    game_id, key = make_game(app, "basra", ["Ali", "Omar"])
    editor(client, game_id, key)
    refused = client.post(f"/games/{game_id}/hands/new",
                          data={**BASRA_QUICK, "two_of_clubs": typed})
    assert refused.status_code == 422 and "Choose who took the 2♣." in text(refused)
    cards = client.post(f"/games/{game_id}/hands/new", data={"mode": "cards", "card_AS": typed})
    assert cards.status_code == 422
    saved = client.post(f"/games/{game_id}/hands/new", data={**BASRA_QUICK, "version": typed})
    assert saved.status_code == 400  # a version that is no number is refused, never no check
    assert "The version must be a whole number." in text(saved)


@pytest.mark.parametrize("typed", ["²", "12a", "-5"])
def test_junk_version_in_delete_and_undo_is_refused(app, client, typed):
    game_id, key = make_game(app, hands=[MADE_120])
    editor(client, game_id, key)
    for url in (f"/games/{game_id}/hands/1/delete", f"/games/{game_id}/undo"):
        response = client.post(url, data={"version": typed})
        assert response.status_code == 400
        assert "The version must be a whole number." in text(response)
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 1


@pytest.mark.parametrize("typed", ["٢", "۲"])
def test_delete_and_undo_read_a_version_in_eastern_digits(app, client, typed):
    game_id, key = make_game(app, hands=[MADE_120])
    editor(client, game_id, key)
    assert client.post(f"/games/{game_id}/hands/1/delete", data={"version": typed}) \
        .status_code == 303
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []
    undo = {"٢": "٣", "۲": "۳"}[typed]
    assert client.post(f"/games/{game_id}/undo", data={"version": undo}).status_code == 303
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 1


def test_count_fields_are_text_with_a_numeric_keypad(app, client):
    game_id, key = make_game(app, "basra", ["Ali", "Omar"])
    form = editor(client, game_id, key).get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'type="number"' not in form
    assert 'id="cards_0" name="cards_0" type="text" inputmode="numeric"' in form
