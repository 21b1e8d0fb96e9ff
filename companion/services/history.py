"""A game's history in plain words: "Hand 3 corrected: miscounted"."""

from __future__ import annotations

from ..models import GameEvent
from ..rules.messages import N_, Msg, msg
from .games import TRIM

# Sentences with and without the reason someone gave.
_CHANGES = {
    "add": (N_("Hand {number} added"), N_("Hand {number} added: {reason}")),
    "edit": (N_("Hand {number} corrected"), N_("Hand {number} corrected: {reason}")),
    "delete": (N_("Hand {number} deleted"), N_("Hand {number} deleted: {reason}")),
}
# An undo stores the action it reversed in `reason`.
_UNDOS = {
    "add": N_("Undid adding hand {number}"),
    "edit": N_("Undid the correction of hand {number}"),
    "delete": N_("Undid the deletion of hand {number}"),
}
# Deleting the hands played after the end removes several hands at once: `number` is the first.
_TRIMS = (N_("Hands played after the end deleted, from hand {number} on"),
          N_("Undid deleting the hands played after the end, from hand {number} on"))
_GAME = {
    "create": N_("Game started"),
    "delete_game": N_("Game deleted"),
    "restore_game": N_("Game restored"),
}


def describe(event: GameEvent) -> Msg:
    """What the change did, as one sentence."""
    if event.action in _CHANGES:
        plain, with_reason = _CHANGES[event.action]
        reason = event.reason.strip()
        return msg(with_reason if reason else plain, number=event.number, reason=reason)
    if TRIM in (event.action, event.reason):
        undone = event.action == "undo"
        return msg(_TRIMS[undone], number=event.number)
    if event.action == "undo":
        return msg(_UNDOS.get(event.reason, N_("Undid a change to hand {number}")),
                   number=event.number)
    return msg(_GAME.get(event.action, N_("Game changed")))
