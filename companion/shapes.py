"""The bases of the JSON shapes the API's OpenAPI description is generated from, and the
numbers and text they hold: what Companion writes (an answer, a game's export file), what it
reads (a body), and what a game's spec declares: a referee situation's body and verdict, a
written hand's body (in one form or a choice of forms) and what its scoring adds to a hand's
answer.

What Companion writes is strict: no field it does not name (`additionalProperties: false` in
the description), no value of another type taken and converted. What it reads is closed too:
a field a body does not describe is refused ("Unknown field: tagret.", api/body.py), so a
typo never passes for a default; a value the rules refuse gets the services' sentence, not a
validation dump. A field whose default is MISSING
may be left out: not written when not given, not required in the description.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import MISSING, BaseModel, ConfigDict, Field

# Larger than any score, count, version or id Companion has, and still exact in JavaScript:
# the boundary (companion/inputs.py) refuses a longer number, and the shapes say so.
MAX_NUMBER = 10**15
Int = Annotated[int, Field(ge=-(MAX_NUMBER - 1), le=MAX_NUMBER - 1)]
Side = Annotated[int, Field(ge=0)]
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER - 1)]  # cards or points taken: 0 or more
Url = Annotated[str, Field(json_schema_extra={"format": "uri"})]
When = Annotated[str, Field(json_schema_extra={"format": "date-time"})]
Object = dict[str, Any]  # a value stored as it was given: a hand, the rules, a state
# Text as the boundary takes it: no control characters (companion/inputs.py).
Text = Annotated[str, Field(pattern="^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]*$")]
# Text a person must say something in (a reason, a name): not blank, no control characters.
_CONTROL = "\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f"
SAID = f"^[^{_CONTROL}]*[^\\s{_CONTROL}][^{_CONTROL}]*$"
Said = Annotated[str, Field(pattern=SAID)]
CardName = Text  # "10D", "AS", "♠Q", "jk": read by the rules, which name a bad card
CardNames = list[CardName]


class Answer(BaseModel):
    """A JSON answer: its fields and nothing else, each of its own type."""

    model_config = ConfigDict(extra="forbid", strict=True)

    def plain(self) -> dict[str, Any]:
        """The answer as JSON writes it: the optional fields not given are left out."""
        return self.model_dump(mode="json", by_alias=True)


class Body(BaseModel):
    """A request body: the fields a route reads, and no other."""

    model_config = ConfigDict(extra="forbid")


class WrittenForm(Body):
    """One form a game's hand is written in (its spec's `hand_body` is one, or a choice of
    them): its own fields and no other, since a hand's read refuses a field its game does not
    have."""


class Rules(Body):
    """A preset and any option of it overridden (GET /rules lists them): the game's rules
    refuse an option it does not have, with their own sentence (rules/options.py)."""

    model_config = ConfigDict(extra="allow")

    preset: Text | MISSING = MISSING


class SituationBody(Body):
    """A situation the referee judges, under the game's rules (or a preset's)."""

    rules: Rules | None | MISSING = MISSING


class Verdict(Answer):
    """What the referee says: legal or not, and why, in the reader's language."""

    legal: bool
    reason: str


class HandExtras(Answer):
    """What a game's scoring adds to a hand's answer beside its scores (`HandScore.extras`),
    each field typed: a game's spec declares its own (Basra's carry and majority, Shelem's
    outcome); a game whose scoring adds nothing keeps this one."""
