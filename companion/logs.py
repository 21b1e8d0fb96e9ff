"""No key reaches a log: query strings (where edit and director links carry their keys) are
cut from every line the web servers and the app write, whatever form the address takes
(quotes, raw spaces, an encoded `?`)."""

from __future__ import annotations

import logging
import re
from collections.abc import MutableMapping
from typing import Any

from flask import Flask

# Gunicorn's access and error logs, the development server's log, and the app's own.
LOGGERS = ("gunicorn.access", "gunicorn.error", "werkzeug")
# A query starts at `?` (or an encoded one) right after an address character. It runs to the
# protocol of a request line when one follows (a raw space or quote in it must not end it
# early), else to the end of the line.
QUERY = re.compile(r"(?P<keep>[^\s?])(?:\?|%3f).*?(?P<end> HTTP/\d(?:\.\d)?|$)",
                   re.IGNORECASE | re.MULTILINE)
# Belt and braces: a `key=` (or `..._key=`) pair left anywhere (a request line gunicorn could
# not read, a form body) goes whole.
PAIR = re.compile(r"\w*key=[^\s&\"']*", re.IGNORECASE)


def scrub(text: str) -> str:
    """The text without query strings nor `key=` values."""
    return PAIR.sub("-", QUERY.sub(r"\g<keep>\g<end>", text))


def _scrubbed(value: Any) -> Any:
    return scrub(value) if isinstance(value, str) else value


class NoQueryStrings(logging.Filter):
    """Writes the line out without query strings; a line without one is left as it was."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, MutableMapping):
            # Gunicorn's access log: `%(r)s`-style atoms (request line, query, referer...).
            for name, value in record.args.items():
                record.args[name] = _scrubbed(value)
        elif record.args:
            record.args = tuple(_scrubbed(arg) for arg in record.args)
        record.msg = _scrubbed(record.msg)
        if record.exc_info and not record.exc_text:
            # A traceback may quote the address: format it here, scrubbed.
            record.exc_text = scrub(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = scrub(record.exc_text)
        return True


def init_app(app: Flask) -> None:
    for logger in (*map(logging.getLogger, LOGGERS), app.logger):
        if not any(isinstance(f, NoQueryStrings) for f in logger.filters):
            logger.addFilter(NoQueryStrings())
