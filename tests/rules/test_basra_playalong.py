"""The Basra play-along engine: captures, choices, basra calls, leftovers and undo."""

from __future__ import annotations

import random

import pytest

from companion.rules import basra
from companion.rules import basra_playalong as engine
from companion.rules.messages import RuleError

from ..playalong_deal import shuffled_hand

EGYPTIAN = basra.SPEC.resolve(None)
LEBANESE = basra.SPEC.resolve({"preset": "lebanese"})


def record(state, *cards):
    for card in cards:
        state = engine.play_card(state, card)
    return state


def test_floor_first_then_turns_from_the_first_player():
    state = record(engine.new_state(EGYPTIAN, 2, None, first=0), "4S", "6H", "10D", "3C")
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
    state = record(engine.new_state(EGYPTIAN, 2, None, first=0), "AS", "6H", "3D", "4C")
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
    state = record(engine.new_state(EGYPTIAN, 2, None, first=0), "2C", "2H", "8S", "KD")
    state = record(state, "10S")
    assert sorted(sorted(map(str, o)) for o in engine.progress(state).choices) == [
        ["2C", "8S"], ["2H", "8S"]]


def test_lebanese_lone_card_basras_one_and_two():
    state = record(engine.new_state(LEBANESE, 2, None, first=0), "5S", "KH", "QD", "9C")
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
    state = record(engine.new_state(EGYPTIAN, 2, None, first=1), "4S", "6H", "10D", "3C",
                   "10C")
    state = engine.undo(state)
    assert engine.progress(state).captured == [[], []]
    assert len(engine.progress(state).floor) == 4
    state = engine.undo(engine.undo(engine.undo(engine.undo(state))))
    with pytest.raises(RuleError):
        engine.undo(state)


def test_a_card_cannot_be_played_twice():
    state = record(engine.new_state(EGYPTIAN, 2, None, first=1), "4S", "6H", "10D", "3C")
    with pytest.raises(RuleError, match="already"):
        engine.play_card(state, "4S")


def play_whole_hand(rules, players, teams, seed):
    rnd = random.Random(seed)
    state = engine.new_state(rules, players, teams, first=1)
    for card in shuffled_hand(rules, seed):
        state = engine.play_card(state, card)
        if state.pending:
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
    last = next(p for p in reversed(state.plays) if p.take)
    side = state.sides[(state.first + state.plays.index(last)) % 4]
    assert now.last_capturer == side
    score = basra.SPEC.score_written(EGYPTIAN, hand, 2)
    assert sum(d["card_points"] for d in score.details) == 13  # 4 jacks, 4 aces, 2♣ 2, 10♦ 3


def test_hand_is_not_ready_before_the_last_card():
    state = record(engine.new_state(EGYPTIAN, 2, None, first=1), "4S", "6H", "10D", "3C")
    with pytest.raises(RuleError, match="48 cards are still to be played"):
        engine.hand(state)


YEMENI = basra.SPEC.resolve({"preset": "yemeni"})


def test_a_jack_dealt_to_the_opening_floor_is_buried_and_replaced():
    state = record(engine.new_state(EGYPTIAN, 2, None, first=0), "4S")
    with pytest.raises(RuleError) as refused:
        engine.play_card(state, "JH")
    assert str(refused.value.message) == (
        "The dealer buries a jack dealt to the floor in the pack and deals a replacement: "
        "tap the card dealt in place of the J♥.")
    assert [str(card) for card in state.floor] == ["4S"]


@pytest.mark.parametrize("rules", [EGYPTIAN, YEMENI], ids=["egyptian", "yemeni"])
def test_a_special_seven_of_diamonds_dealt_to_the_opening_floor_is_buried(rules):
    state = record(engine.new_state(rules, 2, None, first=0), "4S", "6H")
    with pytest.raises(RuleError, match="the 7♦ takes the whole floor, so the dealer buries it"):
        engine.play_card(state, "7D")


def test_lebanese_seven_of_diamonds_is_an_ordinary_card_on_the_opening_floor():
    state = record(engine.new_state(LEBANESE, 2, None, first=0), "7D", "KH", "QD", "9C")
    with pytest.raises(RuleError, match="buries a jack"):  # the jack is buried everywhere
        engine.play_card(engine.undo(state), "JS")
    state = record(state, "7C")  # an ordinary 7 takes the 7♦ and nothing else
    now = engine.progress(state)
    assert sorted(map(str, now.captured[0])) == ["7C", "7D"]
    assert sorted(map(str, now.floor)) == ["9C", "KH", "QD"]


def test_until_the_first_card_the_first_player_follows_the_games_leader():
    state = record(engine.new_state(EGYPTIAN, 2, None, first=0), "4S")
    assert engine.follow_leader(state, 1).first == 1
    state = record(state, "6H", "10D", "3C", "2S")  # the first card is played
    assert engine.follow_leader(state, 1).first == 0


def test_the_scorer_chooses_who_plays_first_and_that_side_captures():
    state = engine.choose_first(engine.new_state(EGYPTIAN, 2, None, first=0), 1)
    assert engine.follow_leader(state, 0).first == 1  # the scorer's choice stays
    state = record(state, "4S", "6H", "10D", "3C", "10C")
    now = engine.progress(state)
    assert sorted(map(str, now.captured[1])) == ["10C", "10D", "4S", "6H"]
    assert now.captured[0] == []
    assert now.next_seat == 0


def test_who_plays_first_cannot_change_once_the_first_card_is_played():
    state = record(engine.new_state(EGYPTIAN, 2, None, first=0), "4S", "6H", "10D", "3C", "2S")
    with pytest.raises(RuleError, match="The first card is already played"):
        engine.choose_first(state, 1)
    with pytest.raises(RuleError, match="Choose one of the 2 players to play first."):
        engine.choose_first(engine.undo(state), 2)


# A hand in play as an earlier Companion stored it (before the scorer could pick who plays
# first): seat 1 played first, its 10♣ took the 4♠ and 6♥ (10) and the 10♦.
STORED_EARLIER = {"rules": EGYPTIAN.as_dict(), "players": 2, "sides": [0, 1], "first": 1,
                  "floor": ["4S", "6H", "10D", "3C"],
                  "plays": [{"card": "10C", "take": ["4S", "6H", "10D"]}], "pending": None}


def test_a_hand_stored_by_an_earlier_companion_reads_and_plays_on():
    state = engine.read(STORED_EARLIER)
    assert state.first == 1 and not state.first_chosen
    now = engine.progress(state)
    assert sorted(map(str, now.captured[1])) == ["10C", "10D", "4S", "6H"]
    assert [str(c) for c in now.floor] == ["3C"] and now.next_seat == 0
    state = engine.play_card(engine.follow_leader(state, 0), "3H")  # seat 0 clears the floor
    assert [str(c) for c in engine.progress(state).basras[0]] == ["3H"]


def test_a_hand_in_play_is_stored_as_before_and_reads_back_the_same():
    assert engine.stored(engine.read(STORED_EARLIER)) == {**STORED_EARLIER,
                                                          "first_chosen": False}
    state = engine.choose_first(engine.new_state(LEBANESE, 4, [[0, 2], [1, 3]], first=0), 3)
    state = record(state, "AS", "6H", "3D", "4C", "2S", "7C")  # the 7♣ has a choice to make
    assert engine.read(engine.stored(state)) == state
    assert engine.stored(state)["pending"] == "7C" and engine.stored(state)["sides"] == [0, 1, 0, 1]


@pytest.mark.parametrize("damage", [{"first": "1"}, {"plays": None}, {"sides": [0, "x"]}])
def test_a_damaged_hand_in_play_is_refused_with_a_sentence(damage):
    with pytest.raises(RuleError, match="The game's play-along record is damaged."):
        engine.read({**STORED_EARLIER, **damage})
    without_floor = {key: value for key, value in STORED_EARLIER.items() if key != "floor"}
    with pytest.raises(RuleError, match="The game's play-along record is damaged."):
        engine.read(without_floor)
