"""Every page in Arabic and Persian: numbers in the reader's digits, no English left over.

A crawl over one page of each family (tests/site_tour.py) with Arabic-Indic and with Persian
digits. Card indices (10♦, a rank on a picker key) stay as printed on the cards; names users
typed stay as typed.
"""

from __future__ import annotations

import json
import re

import pytest

from .site_tour import CARD, INVISIBLE, NAMES, build, visible_pieces

pytestmark = pytest.mark.store_blind  # no database can change what this checks

READERS = [("ar", "arab"), ("fa", "arabext")]
# Typed by the users of the tour, or not words of any language.
ALLOWED_WORDS = {name.lower() for name in NAMES} | {"friday", "cup", "agreed", "companion", "csv",
                                                    "json", "qr"}
LONE_RANK = re.compile(r"10|[2-9AJQK]")
LATIN_DIGIT = re.compile(r"[0-9]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
# A Latin comma, or a Latin decimal point between digits of any script.
LATIN_SEPARATOR = re.compile(r",|(?<=[0-9٠-٩۰-۹])\.(?=[0-9٠-٩۰-۹])")


def leftovers(html: str) -> list[str]:
    """Pieces of visible text with a Latin digit, an English word or a Latin separator."""
    found = []
    for piece in visible_pieces(html):
        piece = INVISIBLE.sub("", piece)
        if LONE_RANK.fullmatch(piece):
            continue  # a rank key of the card picker
        words = [w for w in ENGLISH_WORD.findall(piece) if w.lower() not in ALLOWED_WORDS]
        if LATIN_DIGIT.search(CARD.sub("", piece)) or words or LATIN_SEPARATOR.search(piece):
            found.append(piece)
    return found


@pytest.fixture
def site(client):
    return build(client)


@pytest.mark.parametrize(("lang", "system"), READERS)
def test_every_page_speaks_the_readers_language_and_digits(client, site, lang, system):
    client.set_cookie("lang", lang)
    client.set_cookie("digits", system)
    problems = {}
    for family, path in site.pages.items():
        response = client.get(path)
        assert response.status_code == 200, (family, path)
        if found := leftovers(response.get_data(as_text=True)):
            problems[family] = found
    assert problems == {}


def test_the_check_sees_what_it_should():
    page = ('<p>Basra! 10 points.</p><p>١٠ <b>10♦</b></p><a class="key">10</a>'
            '<p title="3 cards">٣</p><nav class="prefs"><a>123</a></nav><p>١,٥</p>'
            '<p hidden>12</p><p>Ali</p>')
    assert leftovers(page) == ["Basra! 10 points.", "3 cards", "١,٥"]


def test_the_two_eastern_digit_choices_look_different(client):
    client.set_cookie("lang", "ar")
    page = client.get("/").get_data(as_text=True)
    switcher = page[page.index('class="prefs"'):]
    assert "٤٥٦" in switcher and "۴۵۶" in switcher and "456" in switcher


def test_entry_chips_are_in_each_readers_digits_not_the_first_readers(app):
    """`0 | num` was worked out when the template was compiled, in the first reader's digits."""
    persian, english = app.test_client(), app.test_client()
    game = persian.post("/api/v1/games", json={"game": "basra",
                                               "players": ["Ali", "Omar"]}).get_json()
    url = f"/games/{game['id']}/hands/new?mode=quick"
    for client, lang, system in ((persian, "fa", "arabext"), (english, "en", "latn")):
        client.set_cookie(f"edit_{game['id']}", game["edit_key"])
        client.set_cookie("lang", lang)
        client.set_cookie("digits", system)
    chips = re.compile(r'<label for="jacks_0-\d">([^<]*)</label>')
    assert chips.findall(persian.get(url).get_data(as_text=True)) == ["۰", "۱", "۲", "۳", "۴"]
    assert chips.findall(english.get(url).get_data(as_text=True)) == ["0", "1", "2", "3", "4"]


def test_referee_names_each_player_in_one_set_of_digits(client):
    client.set_cookie("lang", "fa")
    pieces = visible_pieces(client.get(
        "/referee/shelem?trump=H&trick=KS,AS,3H,10S&hand2=3H,7S,2D").get_data(as_text=True))
    page = " ".join(piece for piece in pieces if not LONE_RANK.fullmatch(piece))
    # Player 3 (۳) held 7♠ and played 3♥: the headline and the reason both name player ۳.
    assert "3" not in CARD.sub("", INVISIBLE.sub("", page))
    assert page.count("۳") >= 2


def test_persian_decimals_use_the_persian_separator(client):
    from companion import digits

    assert digits.show(1.5, "arabext") == "۱٫۵"
    assert digits.show(1.5, "arab") == "١٫٥"
    assert digits.show(1.5, "latn") == "1.5"
    assert digits.show_in_prose("Buchholz 2.5", "arabext") == "Buchholz ۲٫۵"


def test_exports_keep_latin_digits(client, site):
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "arabext")
    game = site.pages["basra game"]
    csv = client.get(f"{game}/export.csv").get_data(as_text=True)
    exported = client.get(f"{game}/export.json").get_data(as_text=True)
    assert re.search(r"[٠-٩۰-۹]", csv + exported) is None
    assert "1,36,7\r\n2,36,7\r\n" in csv  # Ali 30 + 3 + 1 + 2, Bahar 1 + 3 + 3
    assert json.loads(exported)["totals"] == [72, 14]


def test_number_fields_are_filled_in_the_readers_digits(client):
    """The Target, points for most cards and hand size fields, and a game's settings."""
    client.set_cookie("lang", "ar")
    client.set_cookie("digits", "arab")
    form = client.get("/games/new?game=basra&preset=lebanese").get_data(as_text=True)
    assert 'name="rules.target" value="١٠١"' in form
    assert 'name="rules.majority_points" value="٣"' in form
    assert "كل لاعب يأخذ ٦ ورقات في كل توزيعة (٤ مع ٣ لاعبين)." in form  # the hand size
    client.set_cookie("digits", "arabext")
    made = client.post("/api/v1/games", json={"game": "gharat", "players": ["Ali", "Badr"]})
    client.set_cookie("edit_" + made.get_json()["id"], made.get_json()["edit_key"])
    settings = client.get(f"/games/{made.get_json()['id']}/settings").get_data(as_text=True)
    assert 'name="target" value="۵۰۰"' in settings


def test_the_tournament_forms_example_names_are_in_the_readers_script(client):
    client.set_cookie("lang", "ar")
    assert "«علي & بهار»" in client.get("/tournaments/new").get_data(as_text=True)
    client.set_cookie("lang", "fa")
    assert "«علی & بهار»" in client.get("/tournaments/new").get_data(as_text=True)
