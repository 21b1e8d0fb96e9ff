"""Reading and checking JSON request bodies: a clear 400 for anything malformed."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import UnsupportedMediaType

from ..inputs import check
from ..rules.messages import N_, RuleError, msg
from .blueprint import bp


@bp.before_request
def require_json() -> None:
    """A body that is not JSON is a 415: no other site's plain form post can reach the API."""
    sent = request.content_length or request.headers.get("Transfer-Encoding")
    reads_a_body = request.method in {"POST", "PUT", "PATCH", "DELETE"}
    if reads_a_body and (request.mimetype or sent) and not request.is_json:
        raise UnsupportedMediaType()


def json_body() -> dict[str, Any]:
    """The request's JSON object, checked at the boundary; RuleError (a 400) if it is not one."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise RuleError(msg(N_("The body must be a JSON object.")))
    check(data)
    return data


def optional_json_body() -> dict[str, Any]:
    """As json_body, for a request that may come without a body (then {})."""
    return json_body() if request.content_length or request.data else {}


class SafeJSONProvider(DefaultJSONProvider):
    """JSON so deeply nested that parsing it exhausts the stack is malformed, not a 500;
    so are NaN and Infinity, which are not JSON."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        kwargs.setdefault("parse_constant", _not_json)
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deeply") from None


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
