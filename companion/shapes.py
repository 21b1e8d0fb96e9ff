"""The base of every JSON shape Companion writes, an API answer or a game's export file: a
strict pydantic model, and the numbers and text it holds.

A shape is strict: no field it does not name (`additionalProperties: false` in the OpenAPI
description), no value of another type taken and converted. A field whose default is MISSING
is one it may leave out (a game's `warnings`, the director's `side_keys`): not written when
not given, and not required in the description.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from .inputs import MAX_NUMBER

# Numbers as the boundary takes them (companion/inputs.py): anything longer is refused.
Int = Annotated[int, Field(ge=-(MAX_NUMBER - 1), le=MAX_NUMBER - 1)]
Side = Annotated[int, Field(ge=0)]
Url = Annotated[str, Field(json_schema_extra={"format": "uri"})]
When = Annotated[str, Field(json_schema_extra={"format": "date-time"})]
Object = dict[str, Any]  # a value stored as it was given: a hand, the rules, a state


class Answer(BaseModel):
    """A JSON answer: its fields and nothing else, each of its own type."""

    model_config = ConfigDict(extra="forbid", strict=True)

    def plain(self) -> dict[str, Any]:
        """The answer as JSON writes it: the optional fields not given are left out."""
        return self.model_dump(mode="json", by_alias=True)
