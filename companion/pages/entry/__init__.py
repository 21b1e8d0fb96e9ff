"""Hand entry: the entry form's fields turned into the API's hand dicts, and back.

Each game has a quick (count) form; the fishing games also have a points form (each player's
counted points, the fastest) and a card form where every card of the deck is assigned to the
side that captured it. Fields are plain strings, so a form refused for an impossible hand is
shown again exactly as the scorer left it. A `HandEntry` (hand_entry.py) is one form, built
once; forms.py gives each game its readers (reader.py).
"""

from __future__ import annotations

from .hand_entry import HandEntry
from .modes import CARDS, MODE_LABELS, POINTS, QUICK, modes, pick_mode
from .reader import Fields

__all__ = ["CARDS", "MODE_LABELS", "POINTS", "QUICK", "Fields", "HandEntry", "modes",
           "pick_mode"]
