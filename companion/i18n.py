"""Language and digits: cookie, then the browser's Accept-Language; message rendering.

Numbers reach the reader in their digits (cookie `digits`, else the language's own) through
`say()` for engine messages (their lists joined the language's way) and the `num` filter in
templates. Numbers users type are read in all three digit sets: `parse_int`, and form fields
that are just a number are normalised.
"""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from typing import Any, Literal

from babel import Locale
from babel.lists import format_list
from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from werkzeug.datastructures import ImmutableMultiDict

from . import card_text, digits
from .digits import parse_int  # noqa: F401  (re-exported: forms read numbers with it)
from .rules.messages import N_, Msg, Team

LANGUAGES = {"en": "English", "ar": "العربية", "fa": "فارسی"}
RTL = {"ar", "fa"}
DEFAULT_DIGITS = {"en": "latn", "ar": "arab", "fa": "arabext"}
# The card engines write "JK"; pages name it in the reader's language.
JOKER = N_("Joker")


def select_locale() -> str:
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def current_digits() -> str:
    """The reader's digits: their choice, else their language's; the JSON API keeps 0-9."""
    if "digit_system" not in g:
        g.digit_system = _choose_digits()
    return str(g.digit_system)


def _choose_digits() -> str:
    if _for_programs():
        return "latn"
    chosen = request.cookies.get("digits")
    if chosen in digits.SYSTEMS:
        return chosen
    return DEFAULT_DIGITS.get(str(get_locale() or "en"), "latn")


def _for_programs() -> bool:
    """The JSON API: numbers in 0-9 and cards as the engine writes them."""
    return request.path.startswith("/api/")


def cards(text: str) -> str:
    """Card labels in `text` for the reader: the Joker in words, each card left-to-right."""
    if _for_programs():
        return text
    return card_text.for_reader(text, _translations().ugettext(JOKER),
                                str(get_locale() or "en") in RTL)


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

    def translate_plural(singular: str, plural: str, count: Any) -> str:
        # the count is already wrapped to show in the reader's digits; choose by its value
        n = count.value if isinstance(count, digits.Number) else count
        return digits.show_in_prose(_translations().ungettext(singular, plural, n), system)

    if isinstance(message, Msg):
        return cards(_with_digits(message, system).format(translate, join_items,
                                                          translate_plural))
    return cards(translate(message))


def translate(text: str, **variables: Any) -> str:
    """gettext with %-style variables in the reader's digits, on the cached catalogue."""
    translated = str(_translations().ugettext(text))
    return translated % _shown(variables) if variables else translated


def _shown(variables: dict[str, Any]) -> dict[str, Any]:
    """Message variables with their numbers written in the reader's digits."""
    return {name: num(value) if _is_number(value) else
            shown_name(value) for name, value in variables.items()}


def _team(team: Team) -> str:
    """Partners' names joined as the reader's language joins them in a sentence."""
    joined = team.as_msg()
    return render_msg(joined) if isinstance(joined, Msg) else join_list(joined)


def shown_name(value: Any) -> Any:
    """A partnership's name (a Team) as the reader's language joins the partners, in a
    heading, a column or a chip as in a sentence; any other value as it is. A name a user
    typed as one name ("Ali & Bahar" for one player) is plain text and stays as typed."""
    return _team(value) if isinstance(value, Team) else value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def list_separator() -> str:
    """What the request's language writes between two items of a list: ", ", "، "."""
    pattern = str(Locale.parse(str(get_locale() or "en")).list_patterns["standard"]["middle"])
    return pattern.replace("{0}", "").replace("{1}", "")


# TRANSLATORS: two partnerships' names in a list ("Ali & Bahar, Cyrus & Dara"): a comma, not
# the language's "and", which already joins the partners inside each name.
TEAMS_APART = N_("{first}, {second}")


def join_items(items: list[str], of_teams: bool = False) -> str:
    """A message's list as the request's language writes it; a list of partnerships with a
    comma between every two, since each one's name holds the language's "and" already."""
    if not of_teams or not items:
        return join_list(items)
    template = _translations().ugettext(TEAMS_APART)
    return reduce(lambda first, second: template.format(first=first, second=second), items)


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
        return replace(value, params={key: _with_digits(item, system)
                                      for key, item in value.params.items()},
                       more=tuple(_with_digits(sentence, system) for sentence in value.more))
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


def install_template_gettext(app: Flask) -> None:
    """Template strings translated, with all their numbers in the reader's digits and cards."""
    def filled(context: Context, text: str, variables: dict[str, Any]) -> str:
        text = digits.show_in_prose(text, current_digits())
        if context.eval_ctx.autoescape:
            return Markup(cards(Markup(text) % _shown(variables)))
        return cards(text % _shown(variables))

    @pass_context
    def gettext(context: Context, text: str, **variables: Any) -> str:
        return filled(context, _translations().ugettext(text), variables)

    @pass_context
    def ngettext(context: Context, one: str, many: str, count: int, **variables: Any) -> str:
        variables.setdefault("num", count)
        return filled(context, _translations().ungettext(one, many, count), variables)

    @pass_context
    def pgettext(context: Context, where: str, text: str, **variables: Any) -> str:
        variables.setdefault("context", where)
        return filled(context, _translations().upgettext(where, text), variables)

    @pass_context
    def npgettext(context: Context, where: str, one: str, many: str, count: int,
                  **variables: Any) -> str:
        variables.setdefault("context", where)
        variables.setdefault("num", count)
        return filled(context, _translations().unpgettext(where, one, many, count), variables)

    # What jinja2.ext.i18n's install_gettext_callables(newstyle=True) installs, with the
    # variables shown in the reader's digits (it formats them itself, untouched).
    app.jinja_env.newstyle_gettext = True  # type: ignore[attr-defined]
    app.jinja_env.globals.update(gettext=gettext, ngettext=ngettext, pgettext=pgettext,
                                 npgettext=npgettext)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale,
          default_translation_directories=str(app.root_path + "/translations"))
    app.before_request(_normalise_form_numbers)
