"""One sentence per kind of mistake in a hand field: the entry form refuses a bad value in the
very sentence the API gives for the same value in the same field (issue 26, item 5).

Each case posts one value to the page's form and the same value to the API, and asserts that
the page shows, beside the field, exactly the API's answer, written out here by hand.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from companion.digits import to_ascii

from .helpers import BASRA_WIN, api_game_id, bearer, save

pytestmark = pytest.mark.store_blind  # no database can change what this checks

TWENTY_DIGITS = "10000000000000000000"
# Blank in a form, null in the API.
BLANK = None


def problems_shown(response) -> list[str]:
    """The sentences in the page's list of problems with the form."""
    listed = re.search(r'<ul class="problems error" role="alert">(.*?)</ul>',
                       response.get_data(as_text=True), re.S)
    assert listed, "the page lists no problem"
    return [unescape(item) for item in re.findall(r"<li>([^<]*)</li>", listed.group(1))]


def refused(client, game: str, players: list[str], form: dict[str, str], hand: dict,
            sentence: str, language: str) -> None:
    """The API refuses `hand` with `sentence` and the page refuses `form` with it, alone.

    `sentence` is the page's, in the reader's digits; the API writes numbers in 0-9 (its
    sentence is the same with the digits in 0-9)."""
    client.set_cookie("lang", language)
    data = client.post("/api/v1/games", json={"game": game, "players": players}).get_json()
    answer = client.post(f"/api/v1/games/{data['id']}/hands", json={"hand": hand},
                         headers=bearer(data["edit_key"]))
    assert answer.status_code == 400
    assert answer.get_json()["error"] == to_ascii(sentence)
    game_id = api_game_id(client, game, players)
    page = save(client, game_id, form)
    assert page.status_code == 422
    assert problems_shown(page) == [sentence]


def typed(value):
    """The form's text for a value the API is sent."""
    return "" if value is None else str(value)


BASRA_FORM = {"mode": "quick", "cards_0": "27", "jacks_0": "2", "aces_0": "2",
              "two_of_clubs": "0", "ten_of_diamonds": "1", "basras_0": "1", "basras_1": "0"}
BASRA_PLAYERS = ["Ali", "Omar"]


@pytest.mark.parametrize(("language", "value", "sentence"), [
    ("en", "x", "The number of cards Ali took must be a whole number of 0 or more."),
    ("en", -3, "The number of cards Ali took must be a whole number of 0 or more."),
    ("en", BLANK, "Enter how many cards Ali took."),
    ("en", int(TWENTY_DIGITS), "'10000000000000000000' is too large a number."),
    ("en", 60, "60 cards entered, a hand has 52."),
    ("ar", "x", "عدد الأوراق التي أخذها Ali يجب أن يكون عددًا صحيحًا، ٠ أو أكثر."),
    ("ar", BLANK, "أدخل عدد الأوراق التي أخذها Ali."),
    ("fa", -3, "تعداد کارت‌هایی که Ali برداشت باید عدد صحیح ۰ یا بیشتر باشد."),
])
def test_basra_cards_count(client, language, value, sentence):
    hand = {**BASRA_WIN, "cards": [value, 0 if value == 60 else 12]}
    refused(client, "basra", BASRA_PLAYERS, {**BASRA_FORM, "cards_0": typed(value)}, hand,
            sentence, language)


@pytest.mark.parametrize(("language", "key", "value", "sentence"), [
    ("en", "jacks", "x", "The number of jacks Ali took must be a whole number of 0 or more."),
    ("en", "aces", -1, "The number of aces Ali took must be a whole number of 0 or more."),
    ("en", "basras", -1, "The number of basras Ali made must be a whole number of 0 or more."),
    ("en", "jacks", 5, "5 jacks entered, a hand has 4."),
    ("ar", "aces", -1, "عدد الآصات التي أخذها Ali يجب أن يكون عددًا صحيحًا، ٠ أو أكثر."),
    ("fa", "basras", -1, "تعداد بصره‌هایی که Ali زد باید عدد صحیح ۰ یا بیشتر باشد."),
])
def test_basra_other_counts(client, language, key, value, sentence):
    hand = {**BASRA_WIN, key: [value, 0]}
    refused(client, "basra", BASRA_PLAYERS, {**BASRA_FORM, f"{key}_0": typed(value)}, hand,
            sentence, language)


SHLLAAT_PLAYERS = ["Ali", "Bahar", "Cyrus"]
# 2 Jokers (50 each), 4 aces (25), 4 jacks (2) and 44 other cards (1): 252 points.
SHLLAAT_REST = {"aces": [0, 0, 4], "jacks": [0, 0, 4], "others": [0, 0, 44]}


@pytest.mark.parametrize(("language", "value", "sentence"), [
    ("en", "x", "The points of Ali must be a whole number of 0 or more."),
    ("en", -5, "The points of Ali must be a whole number of 0 or more."),
    ("en", int(TWENTY_DIGITS), "'10000000000000000000' is too large a number."),
    ("en", 300, "The points add up to 300, but the whole pack holds only 252."),
    ("ar", 300, "مجموع النقاط ٣٠٠، لكن الورق كله لا يحمل إلا ٢٥٢."),
    ("fa", "x", "امتیاز Ali باید عددی صحیح از ۰ به بالا باشد."),
])
def test_shllaat_points(client, language, value, sentence):
    # the page's last player has the rest: the API is sent what the page would send
    rest = 252 - value if isinstance(value, int) and 0 <= value <= 252 else 0
    refused(client, "shllaat", SHLLAAT_PLAYERS, {"mode": "points", "points_0": typed(value)},
            {"points": [value, 0, rest]}, sentence, language)


@pytest.mark.parametrize(("language", "value", "sentence"), [
    ("en", "x", "The number of Jokers Ali took must be a whole number of 0 or more."),
    ("en", -1, "The number of Jokers Ali took must be a whole number of 0 or more."),
    ("en", 3, "3 Jokers entered, the deck has 2."),
    ("ar", "x", "عدد الجوكرات التي أخذها Ali يجب أن يكون عددًا صحيحًا، ٠ أو أكثر."),
])
def test_shllaat_counts(client, language, value, sentence):
    # Cyrus took every ace and jack, and the other cards follow: only the Jokers are wrong
    hand = {"jokers": [value, 0, 0], **SHLLAAT_REST}
    form = {"mode": "quick", "jokers_0": typed(value), "aces_2": "4", "jacks_2": "4"}
    refused(client, "shllaat", SHLLAAT_PLAYERS, form, hand, sentence, language)


GHARAT_PLAYERS = ["Ali", "Bahar"]


@pytest.mark.parametrize(("language", "form", "hand", "sentence"), [
    ("en", {"mode": "points", "points_0": "x"}, {"points": ["x", 0]},
     "The points of Ali must be a whole number of 0 or more."),
    ("en", {"mode": "points", "points_0": "12"}, {"points": [12, 0]},
     "The points of Ali must be a multiple of 5: 12 is not."),
    # 36 number cards (5 each), 12 court cards (10) and 4 aces (20): 380 points
    ("en", {"mode": "points", "points_0": "400"}, {"points": [400, 0]},
     "The points add up to 400, but the whole pack holds only 380."),
    ("en", {"mode": "quick", "numbers_0": "-1"},
     {"numbers": [-1, 0], "courts": [0, 0], "aces": [0, 0]},
     "The number of number cards Ali took must be a whole number of 0 or more."),
    ("en", {"mode": "quick", "courts_1": "y"},
     {"numbers": [0, 0], "courts": [0, "y"], "aces": [0, 0]},
     "The number of court cards Bahar took must be a whole number of 0 or more."),
    ("en", {"mode": "quick", "aces_0": "5"},
     {"numbers": [0, 0], "courts": [0, 0], "aces": [5, 0]},
     "5 aces entered, but the deck has only 4."),
    ("fa", {"mode": "quick", "courts_1": "y"},
     {"numbers": [0, 0], "courts": [0, "y"], "aces": [0, 0]},
     "تعداد کارت‌های تصویرداری که Bahar برداشت باید عدد صحیح ۰ یا بیشتر باشد."),
])
def test_gharat(client, language, form, hand, sentence):
    refused(client, "gharat", GHARAT_PLAYERS, form, hand, sentence, language)


SHELEM_PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]


@pytest.mark.parametrize(("language", "field", "value", "sentence"), [
    ("en", "bid", "x", 'The bid must be a number like 120, or "shelem_double".'),
    ("en", "bid", -5, "A bid is from 100 to 165: -5 is not a bid."),
    ("en", "bid", BLANK, "Choose the bid."),
    ("en", "bid", int(TWENTY_DIGITS), "'10000000000000000000' is too large a number."),
    ("en", "bid", 500, "A bid is from 100 to 165: 500 is not a bid."),
    ("en", "bidder_points", "x", "Points come in steps of 5 from 5 to 165."),
    ("en", "bidder_points", 170, "Points come in steps of 5 from 5 to 165."),
    ("en", "bidder_points", -5,
     "The bidding team has at least 5 points, not -5: the Hâkem's four discards are its "
     "thirteenth trick, worth 5 points plus their card points."),
    ("ar", "bid", BLANK, "اختر الطلب."),
    ("ar", "bid", 500, "الطلب من ١٠٠ إلى ١٦٥: ٥٠٠ ليس طلبًا."),
    ("fa", "bidder_points", "x", "امتیازها با گام ۵ از ۵ تا ۱۶۵ است."),
])
def test_shelem(client, language, field, value, sentence):
    hand = {"bidder": 0, "bid": 120, "bidder_points": 130, field: value}
    form = {"mode": "quick", "bidder": "0", "bid": "120", "bidder_points": "130",
            field: typed(value)}
    refused(client, "shelem", SHELEM_PLAYERS, form, hand, sentence, language)


@pytest.mark.parametrize(("language", "sentence"), [
    ("en", "Enter the points the bidding team took."),
    ("fa", "امتیازهایی را که تیم خواننده گرفت وارد کنید."),
])
def test_shelem_double_without_its_points(client, language, sentence):
    refused(client, "shelem", SHELEM_PLAYERS, {"mode": "quick", "bidder": "0", "double": "1"},
            {"bidder": 0, "bid": "shelem_double", "bidder_points": None}, sentence, language)


@pytest.mark.parametrize(("language", "value", "sentence"), [
    ("en", "x", "Target: enter a whole number."),
    ("en", -5, "Target must be at least 165."),
    ("en", 7, "Target must be at least 165."),
    ("en", int(TWENTY_DIGITS), "Target can be at most 100000."),
    ("fa", "x", "امتیاز هدف: یک عدد صحیح وارد کنید."),
    ("fa", 7, "امتیاز هدف باید دست‌کم ۱۶۵ باشد."),
])
def test_new_game_target(client, language, value, sentence):
    client.set_cookie("lang", language)
    answer = client.post("/api/v1/games", json={"game": "shelem", "players": SHELEM_PLAYERS,
                                                "target": value})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == to_ascii(sentence)
    page = client.post("/games/new?game=shelem", data={
        "game": "shelem", "preset": "standard", "players": SHELEM_PLAYERS,
        "rules.target": typed(value), "first_dealer": "0"})
    assert page.status_code == 422
    shown = re.search(r'class="error" id="error-rules-target" role="alert">([^<]*)<',
                      page.get_data(as_text=True))
    assert shown and unescape(shown.group(1)) == sentence


@pytest.mark.parametrize(("language", "value", "sentence"), [
    ("en", "x", "Target: enter a whole number."),
    ("en", 7, "Target must be at least 165."),
    ("en", int(TWENTY_DIGITS), "Target can be at most 100000."),
    ("fa", "x", "امتیاز هدف: یک عدد صحیح وارد کنید."),
])
def test_changed_target(client, language, value, sentence):
    client.set_cookie("lang", language)
    data = client.post("/api/v1/games", json={"game": "shelem",
                                              "players": SHELEM_PLAYERS}).get_json()
    answer = client.patch(f"/api/v1/games/{data['id']}", headers=bearer(data["edit_key"]),
                          json={"target": value, "version": data["version"]})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == to_ascii(sentence)
    client.set_cookie(f"edit_{data['id']}", data["edit_key"])
    page = client.post(f"/games/{data['id']}/settings", data={
        "players": SHELEM_PLAYERS, "target": typed(value), "version": data["version"]})
    assert page.status_code == 422
    shown = re.search(r'class="error" id="error-rules-target" role="alert">([^<]*)<',
                      page.get_data(as_text=True))
    assert shown and unescape(shown.group(1)) == sentence
