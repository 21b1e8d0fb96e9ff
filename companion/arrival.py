"""Every request checked on arrival, before any view reads it: its address, query string
and form fields (what is refused: companion/inputs.py), and a body sent in chunks read whole,
up to the size limit."""

from __future__ import annotations

import io
from typing import Any

from flask import Flask, request

from .inputs import check


def _check_request() -> None:
    """Addresses, query strings and form fields, before any view reads them."""
    check(request.view_args or {})
    for name, values in request.args.lists():
        check({name: values if len(values) > 1 else values[0]})
    if request.method in {"POST", "PUT", "PATCH", "DELETE"}:
        # The whole body now, before any view opens a transaction: a phone that sends it
        # slowly holds no lock while it is read (the form and JSON are parsed from this copy).
        request.get_data()
        for name, values in request.form.lists():
            check({name: values if len(values) > 1 else values[0]})


class WholeBodies:
    """A body sent in chunks (no Content-Length) is read here up to the limit and handed on
    with its length, so one over the limit is a 413 like any other, not a cut-off body."""

    def __init__(self, wsgi_app: Any, limit: int) -> None:
        self.wsgi_app, self.limit = wsgi_app, limit

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not environ.get("CONTENT_LENGTH"):
            body = environ["wsgi.input"].read(self.limit + 1)  # one byte over says "too large"
            environ = {**environ, "wsgi.input": io.BytesIO(body[:self.limit]),
                       "CONTENT_LENGTH": str(len(body))}
            environ.pop("HTTP_TRANSFER_ENCODING")
        return self.wsgi_app(environ, start_response)


def init_app(app: Flask) -> None:
    """Check every request on arrival."""
    app.wsgi_app = WholeBodies(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])  # type: ignore[method-assign]
    app.before_request(_check_request)
