"""The Basra play-along engine: captures, choices, basra calls, leftovers and undo."""

from __future__ import annotations

import random

import pytest

from companion.rules import basra
from companion.rules import basra_playalong as engine
from companion.rules.cards import DECK_52
from companion.rules.messages import RuleError

EGYPTIAN = basra.SPEC.resolve(None)
LEBANESE = basra.SPEC.resolve({"preset": "lebanese"})


def record(state, *cards):
    for card in cards:
        state = engine.play_card(state, card)
    return state


def test_floor_first_then_turns_from_the_player_after_the_dealer():
    state = record(engine.new_state(EGYPTIAN, 2, None, dealer=1), "4S", "6H", "10D", "3C")
    now = engine.progress(state)
    assert [str(c) for c in now.floor] == ["4S", "6H", "10D", "3C"]
    assert now.next_seat == 0
    state = record(state, "10C")  # takes 10♦ and 6♥+4♠ by itself: the only legal capture
    now = engine.progress(state)
    assert [str(c) for c in now.floor] == ["3C"]
    assert sorted(map(str, now.captured[0])) == ["10C", "10D", "4S", "6H"]
    assert now.basras == [[], []]
    assert now.next_seat == 1
    state = record(state, "3H")  # clears the floor: a basra for player 2
    now = engine.progress(state)
    assert [str(c) for c in now.basras[1]] == ["3H"]
    assert "a basra worth 10" in str(now.last_reason)


def test_several_captures_ask_which_was_made_and_only_a_legal_one_is_accepted():
    state = record(engine.new_state(EGYPTIAN, 2, None, dealer=1), "AS", "6H", "3D", "4C")
    state = record(state, "2S", "7C")
    now = engine.progress(state)
    assert str(now.pending) == "7C"
    assert sorted(sorted(map(str, option)) for option in now.choices) == [
        ["2S", "4C", "AS"], ["3D", "4C", "6H", "AS"]]
    with pytest.raises(RuleError):
        engine.choose(state, ["AS", "6H"])
    with pytest.raises(RuleError):
        engine.play_card(state, "9C")
    state = engine.choose(state, ["AS", "2S", "4C"])
    now = engine.progress(state)
    assert sorted(map(str, now.floor)) == ["3D", "6H"]
    assert now.pending is None


def test_which_two_is_taken_is_asked_because_the_two_of_clubs_scores():
    state = record(engine.new_state(EGYPTIAN, 2, None, dealer=1), "2C", "2H", "8S", "KD")
    state = record(state, "10S")
    assert sorted(sorted(map(str, o)) for o in engine.progress(state).choices) == [
        ["2C", "8S"], ["2H", "8S"]]


def test_lebanese_lone_card_basras_one_and_two():
    state = record(engine.new_state(LEBANESE, 2, None, dealer=1), "5S", "KH", "QD", "9C")
    state = record(state, "5H", "KC", "QH")  # each takes its match, the floor not yet lone
    assert engine.progress(state).basras == [[], []]
    state = record(state, "9D")  # takes the lone 9♣: lone-card basra (1)
    now = engine.progress(state)
    assert now.floor == []
    assert [str(c) for c in now.basras[1]] == ["9D"]
    state = record(state, "3S")            # player 1: a lone 3 on the floor
    state = record(state, "4H")            # player 2: does not capture it
    state = record(state, "7C")            # player 1: 3+4 with a 7: lone-card basra (2)
    now = engine.progress(state)
    assert [str(c) for c in now.basras[0]] == ["7C"]
    state = record(state, "8D", "8H")      # a lone 8 taken by matching: basra (1)
    now = engine.progress(state)
    assert [str(c) for c in now.basras[1]] == ["9D"]
    assert [str(c) for c in now.basras[0]] == ["7C", "8H"]


def test_undo_takes_back_cards_one_by_one():
    state = record(engine.new_state(EGYPTIAN, 2, None, dealer=0), "4S", "6H", "10D", "3C",
                   "10C")
    state = engine.undo(state)
    assert engine.progress(state).captured == [[], []]
    assert len(engine.progress(state).floor) == 4
    state = engine.undo(engine.undo(engine.undo(engine.undo(state))))
    with pytest.raises(RuleError):
        engine.undo(state)


def test_a_card_cannot_be_played_twice():
    state = record(engine.new_state(EGYPTIAN, 2, None, dealer=0), "4S", "6H", "10D", "3C")
    with pytest.raises(RuleError, match="already"):
        engine.play_card(state, "4S")


def play_whole_hand(rules, players, teams, seed):
    rnd = random.Random(seed)
    deck = [str(c) for c in DECK_52.cards()]
    rnd.shuffle(deck)
    state = engine.new_state(rules, players, teams, dealer=0)
    for card in deck:
        state = engine.play_card(state, card)
        if state["pending"]:
            state = engine.choose(state, [str(c) for c in
                                          rnd.choice(engine.progress(state).choices)])
    return state


@pytest.mark.parametrize("seed", range(5))
def test_whole_hand_gives_leftovers_to_the_last_capturer_and_scores(seed):
    state = play_whole_hand(EGYPTIAN, 4, [[0, 2], [1, 3]], seed)
    now = engine.progress(state)
    assert now.finished and now.floor == []
    hand = engine.hand(state)
    assert sum(len(cards) for cards in hand["captured"]) == 52
    last = next(p for p in reversed(state["plays"]) if p["take"])
    side = state["sides"][(state["first"] + state["plays"].index(last)) % 4]
    assert now.last_capturer == side
    score = basra.score_hand(EGYPTIAN, hand, 2)
    assert sum(d["card_points"] for d in score.details) == 13  # 4 jacks, 4 aces, 2♣ 2, 10♦ 3


def test_hand_is_not_ready_before_the_last_card():
    state = record(engine.new_state(EGYPTIAN, 2, None, dealer=0), "4S", "6H", "10D", "3C")
    with pytest.raises(RuleError, match="48 cards are still to be played"):
        engine.hand(state)
