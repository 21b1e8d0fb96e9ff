"""Gunicorn answers some requests itself, before Companion sees them (a request line over its
limit: 414; headers over theirs: 431; a malformed request: 400). Those answers get the same
security headers as every other, and do not echo the request (it may hold a key)."""

from __future__ import annotations

import html
import sys
from typing import Any

from .security import HEADERS


def install() -> None:
    """Replace gunicorn's error writer when gunicorn serves this process."""
    util: Any = sys.modules.get("gunicorn.util")
    if util is not None:
        util.write_error = lambda sock, status, reason, _mesg: util.write_nonblock(
            sock, error_answer(status, reason))


def error_answer(status: int, reason: str) -> bytes:
    """A whole HTTP answer: status line, our headers, a short page naming the status."""
    body = (f"<!doctype html><html><head><title>{status} {html.escape(reason)}</title></head>"
            f"<body><h1>{status} {html.escape(reason)}</h1></body></html>").encode()
    lines = [f"HTTP/1.1 {status} {reason}", "Connection: close",
             "Content-Type: text/html; charset=utf-8", f"Content-Length: {len(body)}",
             *(f"{name}: {value}" for name, value in HEADERS.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
