"""What the tournament forms send: numbers in any digits, each refused next to its field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from ..digits import parse_int
from ..tournament.standings import TIEBREAKS

NUMBERS = ("best_of", "rounds", "table_size", "groups", "advance")
POINTS = ("win", "draw", "loss")
TIEBREAK_SLOTS = len(TIEBREAKS)  # every tie-breaker can be chosen, in any order
# Fields the set-up page shows an error beside; any other error goes above the form.
FIELDS = {"name", "format", *NUMBERS, "partnerships", *POINTS, "tiebreaks", "entrants",
          "third_place", "bye", "seeding", "grand_final_reset"}


def error_at(field: str | None) -> str:
    """Where the set-up page shows a refusal about `field`."""
    return field if field in FIELDS else "form"


def whole(raw: str | None, field: str, errors: dict[str, str]) -> int | None:
    """The number typed (Latin, Arabic or Persian digits); None if empty or not a number.

    Anything typed that is not a whole number puts a sentence in `errors[field]`.
    """
    text = (raw or "").strip()
    value = parse_int(text)
    if text and value is None:
        errors[field] = _("Type a whole number, like 3.")
    return value


def settings(form: MultiDict[str, str], errors: dict[str, str]) -> dict[str, Any]:
    """The new-tournament form's settings; left empty, each takes the format's default."""
    chosen = [name for name in form.getlist("tiebreak") if name]
    if len(set(chosen)) != len(chosen):
        errors["tiebreaks"] = _("Choose each tie-breaker only once.")
    typed = {**{name: whole(form.get(name), name, errors) for name in NUMBERS},
             "partnerships": form.get("partnerships") == "on",
             "confirm_results": form.get("confirm_results") == "on",
             "check_in": form.get("check_in") == "on",
             "third_place": form.get("third_place") == "on",
             "bye": form.get("bye") or "win",
             "seeding": form.get("seeding") or "entry",
             "points": {name: whole(form.get(name), name, errors) for name in POINTS}}
    if form.get("format") == "double_elimination":  # no other format has a grand final
        typed["grand_final_reset"] = form.get("grand_final_reset") == "on"
    return {**typed, "tiebreaks": chosen} if chosen else typed


def tiebreak_slots(form: Mapping[str, Any]) -> list[str]:
    """The tie-breaker chosen in each numbered select, as sent ("" for none)."""
    sent = form.getlist("tiebreak") if isinstance(form, MultiDict) else []
    return (sent + [""] * TIEBREAK_SLOTS)[:TIEBREAK_SLOTS]


def result(form: MultiDict[str, str], errors: dict[str, str]) -> tuple[list[Any], list[Any] | None]:
    """Places and game points per side; points left all empty come from the games."""
    places = [whole(raw, f"places-{i}", errors) for i, raw in enumerate(form.getlist("places"))]
    sent = form.getlist("points")
    points = [whole(raw, f"points-{i}", errors) for i, raw in enumerate(sent)]
    return places, points if any(raw.strip() for raw in sent) else None
