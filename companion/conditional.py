"""Answers with an ETag made from what they depend on: a phone that has it gets a 304."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from typing import Any

from flask import Response, make_response, request


def etag_of(key: Hashable) -> str:
    """A validator for everything in `key` (versions, language, digits, who asks)."""
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


def conditional(key: Hashable, make: Callable[[], Any]) -> Response:
    """304 when the request already holds this answer's ETag, else `make()` with the ETag."""
    etag = etag_of(key)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = make_response(make())
    response.set_etag(etag)
    return response
