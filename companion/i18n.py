"""Language and digits: cookie, then the browser's Accept-Language; message rendering.

Numbers reach the reader in their digits (cookie `digits`, else the language's own) through
`say()` for engine messages (their lists joined the language's way) and the `num` filter in
templates. Numbers users type are read in all three digit sets: `parse_int`, and form fields
that are just a number are normalised.
"""

from __future__ import annotations

from typing import Any, Literal

from babel.lists import format_list
from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations
from werkzeug.datastructures import ImmutableMultiDict

from . import digits
from .digits import parse_int  # noqa: F401  (re-exported: forms read numbers with it)
from .rules.messages import Msg

LANGUAGES = {"en": "English", "ar": "العربية", "fa": "فارسی"}
RTL = {"ar", "fa"}
DEFAULT_DIGITS = {"en": "latn", "ar": "arab", "fa": "arabext"}


def select_locale() -> str:
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def current_digits() -> str:
    """The reader's digits: their choice, else their language's; the JSON API keeps 0-9."""
    if "digit_system" not in g:
        g.digit_system = _choose_digits()
    return g.digit_system


def _choose_digits() -> str:
    if request.path.startswith("/api/"):
        return "latn"
    chosen = request.cookies.get("digits")
    if chosen in digits.SYSTEMS:
        return chosen
    return DEFAULT_DIGITS.get(str(get_locale() or "en"), "latn")


def _translations() -> Any:
    """The request's catalogue, looked up once: a scoreboard renders hundreds of messages."""
    if "translations" not in g:
        g.translations = get_translations()
    return g.translations


def num(value: Any) -> str:
    """A number in the reader's digits: `{{ total|num }}`, or num(total) in Python."""
    return digits.show(value, current_digits())


def render_msg(message: Msg | str) -> str:
    """A rules-engine message in the request's language, its numbers in the reader's digits."""
    system = current_digits()

    def translate(text: str) -> str:
        return digits.show_in_prose(_translations().ugettext(text), system)

    if isinstance(message, Msg):
        return _with_digits(message, system).format(translate, join_list)
    return translate(message)


def translate(text: str, **variables: Any) -> str:
    """gettext with %-style variables, on the request's cached catalogue."""
    translated = _translations().ugettext(text)
    return translated % variables if variables else translated


# The list patterns Babel knows (its own annotation of format_list's style).
ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short",
                    "unit-narrow"]


def join_list(items: list[str], style: ListStyle = "standard") -> str:
    """"a, b and c" as the request's language writes a list.

    `style="unit"` lists amounts ("jacks 2, aces 3"); a language without that pattern in
    its CLDR data (Persian) falls back to the standard one rather than failing.
    """
    locale = get_locale() or "en"
    try:
        return format_list(items, style=style, locale=locale)
    except KeyError:
        return format_list(items, style="standard", locale=locale)


def _with_digits(value: Any, system: str) -> Any:
    """`value` with every number in it (nested messages and lists too) shown in `system`."""
    if isinstance(value, Msg):
        return Msg(value.text, {key: _with_digits(item, system)
                                for key, item in value.params.items()},
                   tuple(_with_digits(sentence, system) for sentence in value.more))
    if isinstance(value, list | tuple):
        return [_with_digits(item, system) for item in value]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return digits.Number(value, system)
    return value


def _normalise_form_numbers() -> None:
    """Form fields holding just a number typed in Eastern digits reach the views as 0-9."""
    if request.method not in {"POST", "PUT", "PATCH"} or not request.form:
        return
    items = list(request.form.items(multi=True))
    if not any(digits.looks_numeric(value) and value != digits.to_ascii(value)
               for _, value in items):
        return
    request.form = ImmutableMultiDict(
        (name, digits.to_ascii(value) if digits.looks_numeric(value) else value)
        for name, value in items)
    request.__dict__.pop("values", None)  # request.values combines args and the old form


def _install_template_gettext(app: Flask) -> None:
    """Template strings as Flask-Babel gives them, with their own numbers in the reader's digits."""
    def prose(text: str) -> str:
        return digits.show_in_prose(text, current_digits())

    # Added to the environment by the jinja2.ext.i18n extension, which Jinja's types omit.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: prose(_translations().ugettext(s)),
        ngettext=lambda s, p, n: prose(_translations().ungettext(s, p, n)),
        pgettext=lambda c, s: prose(_translations().upgettext(c, s)),
        npgettext=lambda c, s, p, n: prose(_translations().unpgettext(c, s, p, n)),
        newstyle=True,
    )


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale,
          default_translation_directories=str(app.root_path + "/translations"))
    _install_template_gettext(app)
    app.before_request(_normalise_form_numbers)
    app.add_template_filter(num, "num")

    @app.context_processor
    def language():
        lang = str(get_locale() or "en")
        return {
            "lang": lang,
            "text_dir": "rtl" if lang in RTL else "ltr",
            "languages": LANGUAGES,
            "digit_systems": digits.SAMPLES,
            "digits": current_digits(),
            "say": render_msg,
        }
