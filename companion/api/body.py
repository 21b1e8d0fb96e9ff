"""Reading and checking JSON request bodies: a clear 400 for anything malformed."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.json.provider import DefaultJSONProvider
from pydantic import ValidationError
from werkzeug.exceptions import UnsupportedMediaType

from ..inputs import check
from ..rules.messages import N_, RuleError, msg
from ..shapes import Body
from .blueprint import bp


@bp.before_request
def require_json() -> None:
    """A body that is not JSON is a 415: no other site's plain form post can reach the API."""
    sent = request.content_length or request.headers.get("Transfer-Encoding")
    reads_a_body = request.method in {"POST", "PUT", "PATCH", "DELETE"}
    if reads_a_body and (request.mimetype or sent) and not request.is_json:
        raise UnsupportedMediaType()


def json_body(shape: type[Body]) -> dict[str, Any]:
    """The request's JSON object, checked at the boundary and against the fields `shape`
    describes; RuleError (a 400) if it is not one or has a field the shape does not name."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise RuleError(msg(N_("The body must be a JSON object.")))
    check(data)
    refuse_unknown(shape, data)
    return data


def optional_json_body(shape: type[Body]) -> dict[str, Any]:
    """As json_body, for a request that may come without a body (then {})."""
    return json_body(shape) if request.content_length or request.data else {}


def refuse_unknown(shape: type[Body], data: dict[str, Any]) -> None:
    """A field `shape` does not describe is a 400 naming it (the outermost first), so a typo
    (`tagret`) never passes for the default; every other value is the services' to judge,
    with their own sentence."""
    try:
        shape.model_validate(data)
    except ValidationError as error:
        unknown = sorted((problem["loc"] for problem in error.errors()
                          if problem["type"] == "extra_forbidden"), key=len)
        if unknown:
            field = ".".join(map(str, unknown[0]))
            raise RuleError(msg(N_("Unknown field: {field}."), field=field), field) from None


class SafeJSONProvider(DefaultJSONProvider):
    """JSON so deeply nested that parsing it exhausts the stack is malformed, not a 500;
    so are NaN and Infinity, which are not JSON. A whole number written with a fraction
    (`3.0`) is the number 3, as JSON Schema counts it an integer."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        kwargs.setdefault("parse_constant", _not_json)
        kwargs.setdefault("parse_float", _number)
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deeply") from None


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _number(text: str) -> int | float:
    number = float(text)
    return int(number) if number.is_integer() else number
