"""Arabic and Persian: complete catalogues, language and digits choice, right-to-left pages."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from companion import catalogs
from companion.digits import parse_int
from companion.i18n import num, render_msg
from companion.rules.messages import N_, msg

from .helpers import in_locale as _in

pytestmark = pytest.mark.store_blind  # no database can change what this checks

SHELEM = {"game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]}
PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sd]")


@pytest.fixture(scope="module")
def template():
    return catalogs.extract()


# --- Catalogues --------------------------------------------------------------------------

@pytest.mark.parametrize("locale", catalogs.LOCALES)
def test_every_string_is_translated(template, locale):
    """Fails as soon as a new string lacks a translation: `make messages`, translate, repeat."""
    missing = catalogs.missing(locale, template)
    assert not missing, (f"{len(missing)} strings have no {locale} translation "
                         f"(run `make messages`, then fill them in):\n" + "\n".join(missing))


@pytest.mark.parametrize("locale", catalogs.LOCALES)
def test_translations_keep_every_placeholder(locale):
    def fields(text: str | tuple[str, ...]) -> list[str]:
        return sorted(set(PLACEHOLDER.findall(" ".join(text) if isinstance(text, tuple) else text)))

    broken = [str(message.id) for message in catalogs.load(locale)
              if message.id and all(message.string or [""])
              and fields(message.id) != fields(message.string)]
    assert not broken, "placeholders differ from the English:\n" + "\n".join(broken)


def test_extraction_finds_python_templates_and_engine_messages(template):
    ids = {message.id for message in template}
    assert "Keep the score. Settle the argument." in ids  # Jinja
    assert "There is nothing at this address." in ids  # N_ in Python
    assert "Tie for most cards: the {majority_points} points carry to the next hand." in ids
    # msgn(...) and N_plural(...) give one entry with both forms, as ngettext does
    assert ("{count} jack entered, a hand has {total}.",
            "{count} jacks entered, a hand has {total}.") in ids
    assert ("{n} card is still to be played.", "{n} cards are still to be played.") in ids
    flags = {message.id: message.flags for message in template}
    assert "python-brace-format" in flags[
        "The points of {side} must be a whole number of 0 or more."]
    assert "python-format" in flags["House rules: %(preset)s"]


# --- Pages in Arabic and Persian ---------------------------------------------------------

class _Texts(HTMLParser):
    """Every text node and human-readable attribute of a page."""

    def __init__(self):
        super().__init__()
        self.texts: set[str] = set()

    def handle_data(self, data):
        if data.strip():
            self.texts.add(" ".join(data.split()))

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in {"aria-label", "title", "placeholder", "alt"} and value:
                self.texts.add(" ".join(value.split()))


def _english_left(html: str, locale: str) -> list[str]:
    catalog = catalogs.load(locale)
    foreign = {message.id for message in catalog
               if isinstance(message.id, str) and message.id
               and message.string != message.id and not PLACEHOLDER.search(message.id)}
    parser = _Texts()
    parser.feed(html)
    return sorted(parser.texts & foreign)


def _pages(client) -> list[str]:
    game = client.post("/api/v1/games", json=SHELEM).get_json()
    client.get(game["edit_url"])  # this phone may now enter hands
    basra = client.post("/api/v1/games", json={"game": "basra", "players": ["Ali", "Omar"]})
    basra = basra.get_json()
    client.post(f"/api/v1/games/{basra['id']}/hands", json={"hand": BASRA_HAND},
                headers={"Authorization": f"Bearer {basra['edit_key']}"})
    client.get(basra["edit_url"])
    tournament = client.post("/api/v1/tournaments", json={
        "name": "Friday", "game": "basra", "format": "round_robin",
        "entrants": ["Ali", "Bahar", "Cyrus", "Dara"]}).get_json()
    return [
        "/", f"/games/{game['id']}", f"/games/{game['id']}/hands/new", "/no/such/page",
        f"/games/{basra['id']}", f"/games/{basra['id']}/history", f"/games/{basra['id']}/rules",
        f"/games/{basra['id']}/hands/1/edit", f"/games/{basra['id']}/play-along",
        "/games/new", "/games/new?game=basra", "/games/new?game=shllaat", "/games/import",
        "/games/deleted", "/referee/", "/referee/basra?floor=AS,2H,6D&played=9C",
        "/referee/shllaat", "/referee/gharat", "/referee/shelem",
        "/referee/shelem?mode=bids&bids=100,pass", "/referee/basra/rules", "/players",
        "/tournaments/new", f"/tournaments/{tournament['id']}",
        f"/tournaments/{tournament['id']}/standings",
    ]


BASRA_HAND = {"cards": [30, 22], "jacks": [2, 2], "aces": [2, 2], "two_of_clubs": 0,
              "ten_of_diamonds": 1, "basras": [1, 0]}


@pytest.mark.parametrize("locale", catalogs.LOCALES)
def test_pages_show_no_english_catalogue_text(client, locale):
    client.set_cookie("lang", locale)
    for path in _pages(client):
        response = client.get(path)
        assert response.status_code in (200, 404), path
        html = response.get_data(as_text=True)
        assert f'<html lang="{locale}" dir="rtl"' in html
        assert _english_left(html, locale) == [], path


# --- Choosing the language ---------------------------------------------------------------

@pytest.mark.parametrize(("header", "expected"), [
    ("fa-IR,fa;q=0.9,en;q=0.5", '<html lang="fa" dir="rtl"'),
    ("ar-EG,ar;q=0.9", '<html lang="ar" dir="rtl"'),
    ("de-DE,de;q=0.9", '<html lang="en" dir="ltr"'),
])
def test_accept_language_picks_the_language(client, header, expected):
    assert expected in client.get("/", headers={"Accept-Language": header}).get_data(True)


def test_the_header_offers_every_language_and_digits(client):
    html = client.get("/").get_data(as_text=True)
    header = html[html.index('<header class="bar">'):html.index("</header>")]
    # 4, 5 and 6: Arabic-Indic and Persian 1, 2 and 3 look the same
    for name in ("English", "العربية", "فارسی", "456", "٤٥٦", "۴۵۶"):
        assert f">{name}</a>" in header
    assert 'href="/language/fa?next=/"' in header


def test_switching_language_sets_a_cookie_for_a_year_and_comes_back(client):
    response = client.get("/language/fa?next=/games/abc%3Fx%3D1")
    assert response.status_code == 303
    assert response.headers["Location"] == "/games/abc?x=1"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=fa;") and "Max-Age=31536000" in cookie
    html = client.get("/", headers={"Accept-Language": "ar"}).get_data(as_text=True)
    assert '<html lang="fa" dir="rtl"' in html  # the cookie beats Accept-Language
    assert "امتیاز را بنویس. دعوا را تمام کن." in html


@pytest.mark.parametrize("target", [
    "//evil.example/x", "https://evil.example/", "/\\evil.example", "evil", "", "/%0d%0aX",
])
def test_switching_never_redirects_off_site(client, target):
    response = client.get("/language/ar", query_string={"next": target})
    location = response.headers["Location"]
    assert location == "/" or (location.startswith("/") and not location.startswith("//"))
    assert "evil" not in location


def test_unknown_language_or_digits_is_not_found(client):
    assert client.get("/language/de").status_code == 404
    assert client.get("/digits/roman").status_code == 404


# --- Digits ------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["120", "١٢٠", "۱۲۰", " ۱۲۰ ", "+120"])
def test_numbers_typed_in_any_digits_read_the_same(typed):
    assert parse_int(typed) == 120


@pytest.mark.parametrize("typed", ["", "12a", "1.5", "²", "١٢ ٠", None])
def test_anything_else_is_not_a_whole_number(typed):
    assert parse_int(typed) is None


def test_negative_numbers_read_with_either_minus():
    assert parse_int("-35") == parse_int("−۳۵") == -35


@pytest.mark.parametrize(("locale", "digits", "shown"), [
    ("en", None, "120"), ("ar", None, "١٢٠"), ("fa", None, "۱۲۰"),
    ("fa", "latn", "120"), ("en", "arabext", "۱۲۰"), ("ar", "arabext", "۱۲۰"),
])
def test_numbers_are_shown_in_the_readers_digits(app, locale, digits, shown):
    with _in(app, locale, digits):
        assert num(120) == shown
        assert num(-5) == "-" + num(5)


def test_engine_messages_show_numbers_in_the_readers_digits(app):
    carried = msg(N_("{carry} points carried to the next hand."), carry=30)
    with _in(app, "fa"):
        assert render_msg(carried) == "۳۰ امتیاز به دور بعد منتقل شد."
    with _in(app, "fa", "latn"):
        assert render_msg(carried) == "30 امتیاز به دور بعد منتقل شد."
    with _in(app, "ar"):
        # Numbers in the sentence itself follow too; the card label 7♦ stays as printed,
        # isolated left-to-right (U+2066 … U+2069) so it does not read ♦7.
        assert render_msg(msg(N_("The 7♦ is an ordinary 7."))) == "الـ \u20667♦\u2069 سبعة عادية."
        assert "١٠" in render_msg(msg(N_("Each basra scores 10 points.")))
    with _in(app, "en"):
        assert render_msg(carried) == "30 points carried to the next hand."


def test_the_board_shows_totals_in_persian_digits(client):
    game = client.post("/api/v1/games", json=SHELEM).get_json()
    client.set_cookie("lang", "fa")
    html = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert 'data-total-side="0">۰</strong>' in html
    assert "۱۲۰۰" in html  # the target


def test_form_numbers_in_eastern_digits_reach_views_as_ascii(app):
    seen = {}

    @app.post("/_echo")
    def echo():
        seen.update(request.form.to_dict(flat=False))
        return "ok"

    from flask import request

    client = app.test_client()
    client.post("/_echo", data={"bid": "۱۲۰", "points": "١٢٠", "plain": "85",
                                "name": "علی ۲", "key": "a١b"})
    assert seen == {"bid": ["120"], "points": ["120"], "plain": ["85"],
                    "name": ["علی ۲"], "key": ["a١b"]}
