"""A shuffled pack for play-along tests, dealt as the rules deal it."""

from __future__ import annotations

import random

from companion.rules import basra_playalong as engine
from companion.rules.basra_rules import BasraRules
from companion.rules.cards import DECK_52


def shuffled_hand(rules: BasraRules, seed: int) -> list[str]:
    """The 52 cards in the order they are tapped: four floor cards the dealer keeps (cards the
    dealer would bury stay in the pack), then the plays."""
    deck = DECK_52.cards()
    random.Random(seed).shuffle(deck)
    floor = [card for card in deck if engine.buried_from_floor(rules, card) is None][:4]
    return [str(card) for card in floor + [card for card in deck if card not in floor]]
