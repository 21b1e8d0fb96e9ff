"""Reading and checking JSON request bodies: a clear 400 for anything malformed."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.json.provider import DefaultJSONProvider

from ..rules.messages import N_, RuleError, msg


def json_body() -> dict[str, Any]:
    """The request's JSON object; RuleError (a 400) if it is not one."""
    data = request.get_json(silent=True, force=True)
    if not isinstance(data, dict):
        raise RuleError(msg(N_("The body must be a JSON object.")))
    return data


class SafeJSONProvider(DefaultJSONProvider):
    """JSON so deeply nested that parsing it exhausts the stack is malformed, not a 500."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deeply") from None
