"""A game's history in plain words: "Hand 3 corrected: miscounted"."""

from __future__ import annotations

from typing import Any

from ..models import GameEvent
from ..rules.messages import N_, Msg, msg, side_label
from .games import REDO, REMATCH, SETTINGS, TRIM, UNDO, kind

# The hand field naming the side caught cheating (Shelem's penalty), where a game has one.
CHEATING = "cheating"
# Sentences with and without the reason someone gave.
_CHANGES = {
    "add": (N_("Hand {number} added"), N_("Hand {number} added: {reason}")),
    "edit": (N_("Hand {number} corrected"), N_("Hand {number} corrected: {reason}")),
    "delete": (N_("Hand {number} deleted"), N_("Hand {number} deleted: {reason}")),
}
# An undo stores the action it reversed in `reverses`.
_UNDOS = {
    "add": N_("Undid adding hand {number}"),
    "edit": N_("Undid the correction of hand {number}"),
    "delete": N_("Undid the deletion of hand {number}"),
}
_REDOS = {
    "add": N_("Redid adding hand {number}"),
    "edit": N_("Redid the correction of hand {number}"),
    "delete": N_("Redid the deletion of hand {number}"),
}
# Deleting the hands played after the end removes several hands at once: `number` is the first.
_TRIMS = {
    TRIM: N_("Hands played after the end deleted, from hand {number} on"),
    UNDO: N_("Undid deleting the hands played after the end, from hand {number} on"),
    REDO: N_("Redid deleting the hands played after the end, from hand {number} on"),
}
# Undoing or redoing a change of names or target.
_SETTINGS = {UNDO: N_("Undid: {change}"), REDO: N_("Redid: {change}")}
_GAME = {
    "create": N_("Game started"),
    "delete_game": N_("Game deleted"),
    "restore_game": N_("Game restored"),
    REMATCH: N_("Rematch started"),
}


def describe(event: GameEvent) -> Msg:
    """What the change did, as one sentence; the tournament director's change says so."""
    said = _describe(event)
    if event.by == "seats":
        return msg(N_("{change} (entered at the seats)"), change=said)
    return msg(N_("{change} (by the director)"), change=said) if event.by == "director" else said


def _describe(event: GameEvent) -> Msg:
    if event.action in _CHANGES:
        plain, with_reason = _CHANGES[event.action]
        reason = event.reason.strip()
        said = msg(with_reason if reason else plain, number=event.number, reason=reason)
        return _with_penalty(said, event)
    what = kind(event)
    if what == TRIM:
        return msg(_TRIMS.get(event.action, _TRIMS[TRIM]), number=event.number)
    if event.action == SETTINGS:
        return settings(event.before, event.after)
    if what == SETTINGS:
        # An undo's before and after are the original's swapped: say the original change.
        made = (event.after, event.before) if event.action == UNDO else (event.before,
                                                                         event.after)
        return msg(_SETTINGS[event.action], change=settings(*made))
    if event.action == UNDO:
        return msg(_UNDOS.get(what, N_("Undid a change to hand {number}")), number=event.number)
    if event.action == REDO:
        return msg(_REDOS.get(what, N_("Redid a change to hand {number}")), number=event.number)
    return msg(_GAME.get(event.action, N_("Game changed")))


def _with_penalty(said: Msg, event: GameEvent) -> Msg:
    """A hand saved with a cheating penalty says who was caught ("Side 2": the page names
    the side); a correction says so only when it changed who."""
    after, before = event.after, event.before
    caught = after.get(CHEATING) if isinstance(after, dict) and event.action != "delete" else None
    earlier = before.get(CHEATING) if isinstance(before, dict) else None
    if caught is None or caught == earlier:
        return said
    return msg(N_("{change}; {side} caught cheating"), change=said, side=side_label(caught))


def settings(before: dict[str, Any] | None, after: dict[str, Any] | None) -> Msg:
    """"Renamed Amal to Amira; target changed from 101 to 151" (what changed of the two)."""
    before, after = before or {}, after or {}
    old_names, new_names = before.get("players") or [], after.get("players") or []
    renames = [msg(N_("{old} to {new}"), old=old, new=new)
               for old, new in zip(old_names, new_names) if old != new]
    target = {"old": before.get("target"), "new": after.get("target")}
    if renames and "target" in after:
        return msg(N_("Renamed {renames}; target changed from {old} to {new}"),
                   renames=renames, **target)
    if renames:
        return msg(N_("Renamed {renames}"), renames=renames)
    return msg(N_("Target changed from {old} to {new}"), **target)
