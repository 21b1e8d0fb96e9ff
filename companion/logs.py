"""No key reaches a log: query strings (where edit and director links carry their keys) are
cut from every line the web servers and the app write, whatever form the address takes
(quotes, raw spaces, an encoded `?`)."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from contextlib import suppress
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
# not read, a form body) goes whole. Found by its `key=` alone: a leading `\w*` in the pattern
# would try every start in a long run of word characters (8,000 took seconds).
PAIR_VALUE = re.compile(r"key=[^\s&\"']*", re.IGNORECASE)
# The access log's atoms a format names: `%(r)s`, `%({x-forwarded-for}i)s`.
FIELD = re.compile(r"%\(([^)]*)\)")


def scrub(text: str) -> str:
    """The text without query strings nor `key=` values."""
    return _without_pairs(QUERY.sub(r"\g<keep>\g<end>", text))


def _without_pairs(text: str) -> str:
    """Each `<word>key=<value>` as `-`, in one pass over the text."""
    kept, done = [], 0
    for found in PAIR_VALUE.finditer(text):
        start = found.start()
        # The pair's name runs back over word characters, never into the last pair cut.
        while start > done and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        kept += [text[done:start], "-"]
        done = found.end()
    return "".join([*kept, text[done:]])


def _scrubbed(value: Any) -> Any:
    return scrub(value) if isinstance(value, str) else value


def _printed(atoms: Mapping[str, Any], form: str) -> dict[str, Any]:
    """The atoms `form` prints, scrubbed (gunicorn's own mapping answers a name it lacks)."""
    printed = {}
    for name in FIELD.findall(form):
        with suppress(KeyError):
            printed[name] = _scrubbed(atoms[name])
    return printed


class NoQueryStrings(logging.Filter):
    """Writes the line out without query strings; a line without one is left as it was."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, Mapping):
            # Gunicorn's access log: of its atoms (every header and environ value) only those
            # its format prints are kept, scrubbed; the others are never read.
            record.args = _printed(record.args, str(record.msg))
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
