"""Language choice (cookie, then the browser's Accept-Language) and message rendering."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import Babel, get_locale, gettext

from .rules.messages import Msg

LANGUAGES = {"en": "English", "ar": "العربية", "fa": "فارسی"}
RTL = {"ar", "fa"}


def select_locale() -> str:
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def render_msg(message: Msg | str) -> str:
    """A rules-engine message in the request's language."""
    if isinstance(message, Msg):
        return message.format(gettext)
    return gettext(message)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale,
          default_translation_directories=str(app.root_path + "/translations"))

    @app.context_processor
    def language():
        lang = str(get_locale() or "en")
        return {
            "lang": lang,
            "text_dir": "rtl" if lang in RTL else "ltr",
            "languages": LANGUAGES,
            "say": render_msg,
        }
