"""Each game's spec answers what the app asks about the game (issue 13: one home per game).

Expected values come from the rule texts in /work/shared/seeds and RULINGS.md.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest

from companion.rules.catalogue import GAMES
from companion.rules.spec import BoardKind, QuickForm

# game: (partnerships, direction, dealer matters, play-along, quick form, card form,
#        basras marked on the card grid, record columns, match games, decider target)
EXPECTED = {
    "basra": ("optional", "anticlockwise", True, True, "basra", True, True,
              ("basras",), 5, 150),
    "shllaat": ("never", "clockwise", False, False, "fishing", True, False, (), 1, None),
    "gharat": ("optional", "anticlockwise", True, False, "fishing", True, False, (), 1, None),
    "shelem": ("always", "anticlockwise", True, False, "shelem", False, False,
               ("made", "failed", "yasa", "shelem"), 1, None),
}


def test_every_game_of_the_catalogue_is_checked() -> None:
    assert set(GAMES) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_spec_answers_each_capability_of_its_game(name: str) -> None:
    spec = GAMES[name]
    answers = (spec.partnerships, spec.direction, spec.dealer_matters,
               spec.play_along is not None,
               spec.hand_form.quick.value, spec.hand_form.has_cards, spec.hand_form.marks_basras,
               tuple(column.key for column in spec.record_columns), spec.match_games,
               spec.decider_target)
    assert answers == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_spec_holds_the_text_pages_show_for_its_game(name: str) -> None:
    spec = GAMES[name]
    assert spec.blurb and spec.referee_title.endswith("referee")
    assert spec.referee_hint(None) == spec.referee_hints["*"]


def test_only_basra_is_played_as_a_match_of_five_with_a_decider_to_150() -> None:
    # Basra: first to three games wins the match; at two games all the decider is to 150.
    assert [name for name, spec in GAMES.items() if spec.plays_matches] == ["basra"]


def test_shelem_referee_hint_follows_the_situation_mode() -> None:
    spec = GAMES["shelem"]
    assert spec.referee_hint("bids").startswith("Tap the calls in turn order")
    assert spec.referee_hint("trick").startswith("Choose the trump and the four cards")


@pytest.mark.parametrize(("preset", "cards"), [("standard", 54), ("two-decks", 104)])
def test_shllaat_card_form_deck_follows_the_pack_rule(preset: str, cards: int) -> None:
    # One pack with two Jokers is 54 cards; two packs without Jokers 104.
    spec = GAMES["shllaat"]
    deck = spec.hand_form.deck
    assert deck is not None
    assert len(deck(spec.resolve({"preset": preset})).cards()) == cards


def test_shllaat_last_players_other_cards_follow_from_the_deck() -> None:
    assert GAMES["shllaat"].hand_form.follows == "others"
    assert GAMES["gharat"].hand_form.follows is None  # the play pile may keep cards


def test_resolved_rules_are_frozen_typed_and_still_json() -> None:
    # Shlla'at's two-packs preset: 104 cards, and the game still ends at 500 points.
    rules = GAMES["shllaat"].resolve({"preset": "two-decks"})
    assert (rules.preset, rules.target, rules.deck) == ("two-decks", 500, "two-decks")
    assert json.loads(json.dumps(rules.as_dict())) == {"preset": "two-decks",
                                                       "deck": "two-decks", "target": 500,
                                                       "tie": "play_on"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 1000  # type: ignore[misc]
    assert copy.deepcopy(rules) == rules


def test_every_kind_of_board_and_quick_form_a_spec_may_declare_has_its_templates() -> None:
    # A fifth game picks its board and entry form among these kinds: each must render.
    templates = Path(__file__).resolve().parents[2] / "templates"
    for kind in BoardKind:
        for part in ("situation", "verdict"):
            assert (templates / "referee" / f"_{part}_{kind.value}.html").is_file()
    for form in QuickForm:
        assert (templates / "entry" / f"_quick_{form.value}.html").is_file()
