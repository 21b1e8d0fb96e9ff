"""No key reaches a log: query strings (where edit and director links carry their keys) are
cut from every line the web servers and the app write."""

from __future__ import annotations

import logging
import re

from flask import Flask

# Gunicorn's access and error logs, the development server's log, and the app's own.
LOGGERS = ("gunicorn.access", "gunicorn.error", "werkzeug")
# A path (or whole address) followed by `?...`: the query goes, up to a space or a quote.
QUERY = re.compile(r"""([/\w.:-])\?[^\s"']*""")


class NoQueryStrings(logging.Filter):
    """Writes the line out without query strings; a line without one is left as it was."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        cut = QUERY.sub(r"\1", text)
        if cut != text:
            record.msg, record.args = cut, ()
        return True


def init_app(app: Flask) -> None:
    for logger in (*map(logging.getLogger, LOGGERS), app.logger):
        if not any(isinstance(f, NoQueryStrings) for f in logger.filters):
            logger.addFilter(NoQueryStrings())
