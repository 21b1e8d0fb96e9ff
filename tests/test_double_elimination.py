"""Double elimination's bracket maths (companion/tournament/double_elimination.py), without a
database: brackets worked out by hand, and random fields with random results."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tournament import double_elimination as de


def play(entrants: list[int], pick: Callable[[tuple[int, ...], str], int],
         reset: bool = True) -> list[list[tuple[str, tuple[int, ...], int]]]:
    """Run a whole bracket: each round pairs every slot it can, `pick(sides, key)` names each
    match's winner. Returns the rounds as (slot, sides, winner)."""
    plan = de.layout(len(entrants))
    stored: list[de.Stored] = []
    played: list[list[tuple[str, tuple[int, ...], int]]] = []
    for table, (a, b) in enumerate(plan.first, start=1):
        first: tuple[int, ...] = (entrants[a],) if b is None else (entrants[a], entrants[b])
        stored.append(de.Stored(len(stored), 1, table, first, None))
    number = 1
    while True:
        this = [m for m in stored if m.round == number]
        decided = []
        for match in this:
            slot = plan.at(match.round, match.table)
            assert slot is not None
            winner = match.sides[0] if len(match.sides) == 1 else pick(match.sides, slot.key)
            decided.append(de.Stored(match.match_id, match.round, match.table, match.sides,
                                     winner))
        stored = [m for m in stored if m.round != number] + decided
        played.append([(_key(plan, m), m.sides, m.winner or 0) for m in decided])
        found = de.states(plan, stored, reset)
        number, waiting = de.unpaired(found)
        if not waiting:
            return played
        for state in waiting:
            assert None not in state.sides, state
            sides = tuple(s for s in state.sides if s is not None)
            stored.append(de.Stored(len(stored), number, state.slot.table, sides, None))


def _key(plan: de.Layout, match: de.Stored) -> str:
    slot = plan.at(match.round, match.table)
    assert slot is not None
    return slot.key


def final_states(entrants: list[int], pick: Callable[[tuple[int, ...], str], int],
                 reset: bool = True) -> list[de.State]:
    plan = de.layout(len(entrants))
    rounds = play(entrants, pick, reset)
    stored = [de.Stored(i, number, plan.by_key[key].table, sides, winner)
              for number, matches in enumerate(rounds, start=1)
              for i, (key, sides, winner) in enumerate(matches, start=100 * number)]
    return de.states(plan, stored, reset)


def lower_seed(sides: tuple[int, ...], key: str) -> int:
    """The better seed (the smaller number) wins."""
    return min(sides)


def test_four_entrants_the_better_seed_always_wins() -> None:
    # Seeds 1-4: round 1 1v4, 2v3 (knockout draw). Winners' final 1v2 in round 2, beside the
    # losers' round 1 4v3 (losers of tables 1 and 2). Round 3: the losers' final, 3 (won
    # 3v4) against 2 (lost the winners' final). Round 4: grand final 1 v 2 (2 won 2v3); 1,
    # from the winners' bracket, wins: no reset.
    rounds = play([1, 2, 3, 4], lower_seed)
    assert rounds == [
        [("W1.1", (1, 4), 1), ("W1.2", (2, 3), 2)],
        [("W2.1", (1, 2), 1), ("L1.1", (4, 3), 3)],
        [("L2.1", (3, 2), 2)],
        [("F1", (1, 2), 1)],
    ]
    # 6 matches: 2n - 2 with n = 4
    assert sum(len(r) for r in rounds) == 6


def test_four_entrants_the_reset_when_the_losers_winner_wins_the_first_final() -> None:
    # As above, but 2 beats 1 in the first final: both have lost once, a second final.
    def pick(sides: tuple[int, ...], key: str) -> int:
        return 2 if key == "F1" else min(sides)

    rounds = play([1, 2, 3, 4], pick)
    assert rounds[3:] == [[("F1", (1, 2), 2)], [("F2", (1, 2), 1)]]
    assert sum(len(r) for r in rounds) == 7  # 2n - 1
    found = final_states([1, 2, 3, 4], pick)
    # 1 won the reset: champion; 2 lost it: second; 3 lost the losers' final: third.
    assert de.champion(found) == 1
    assert de.podium(found) == [1, 2, 3]


def test_no_reset_when_grand_final_reset_is_off() -> None:
    def pick(sides: tuple[int, ...], key: str) -> int:
        return 2 if key == "F1" else min(sides)

    rounds = play([1, 2, 3, 4], pick, reset=False)
    assert rounds[-1] == [("F1", (1, 2), 2)]  # no second final
    found = final_states([1, 2, 3, 4], pick, reset=False)
    # 2 won the only final: champion though it lost once; 1 is second.
    assert de.champion(found) == 2
    assert de.podium(found) == [2, 1, 3]


def test_eight_entrants_a_full_run_with_upsets() -> None:
    # Round 1 (draw 1v8, 4v5, 2v7, 3v6): 5 beats 4 and 6 beats 3; 1 and 2 win.
    # Round 2: winners 1v5, 2v6 (1 and 6 win); losers' round 1 from tables 1+2 and 3+4:
    #   8v4 (4 wins), 7v3 (3 wins).
    # Round 3: winners' final 1v6 (6 wins); losers' round 2 takes winners' round 2 losers in
    #   reversed order: table 1 of the losers' round meets the loser of winners' table 2 (2),
    #   table 2 the loser of winners' table 1 (5): 4v2 (2 wins), 3v5 (3 wins).
    # Round 4: losers' round 3: 2v3 (2 wins).
    # Round 5: losers' final: 2 v 1 (loser of the winners' final), 1 wins.
    # Round 6: grand final 6v1, 1 wins: a reset. Round 7: 6v1, 6 wins.
    upsets = {frozenset({4, 5}): 5, frozenset({3, 6}): 6, frozenset({2, 6}): 6,
              frozenset({1, 6}): 6}

    def pick(sides: tuple[int, ...], key: str) -> int:
        if key == "F1":
            return 1
        return upsets.get(frozenset(sides), min(sides))

    rounds = play(list(range(1, 9)), pick)
    assert rounds == [
        [("W1.1", (1, 8), 1), ("W1.2", (4, 5), 5), ("W1.3", (2, 7), 2), ("W1.4", (3, 6), 6)],
        [("W2.1", (1, 5), 1), ("W2.2", (2, 6), 6), ("L1.1", (8, 4), 4), ("L1.2", (7, 3), 3)],
        [("W3.1", (1, 6), 6), ("L2.1", (4, 2), 2), ("L2.2", (3, 5), 3)],
        [("L3.1", (2, 3), 2)],
        [("L4.1", (2, 1), 1)],
        [("F1", (6, 1), 1)],
        [("F2", (6, 1), 6)],
    ]
    found = final_states(list(range(1, 9)), pick)
    assert de.podium(found) == [6, 1, 2]
    # Standings by how far one got: 6 champion, 1 (out in round 7), 2 (round 5), 3 (round
    # 4), then 4 and 5 (round 3), then 7 and 8 (round 2).
    reached = de.reach(found, range(1, 9))
    assert [(r.entrant, r.round) for r in reached][:4] == [(6, 7), (1, 7), (2, 5), (3, 4)]
    assert {r.entrant for r in reached[4:6]} == {4, 5} and reached[4].round == 3
    assert {r.entrant for r in reached[6:]} == {7, 8} and reached[6].round == 2


def test_five_entrants_byes() -> None:
    # Size 8: seeds 1, 2, 3 have byes in round 1, 4v5 is the only match.
    # Losers' round 1, table 1: the loser of 4v5 (5) alone, a bye; table 2 nobody: no match.
    # Round 2: winners 1v4, 2v3 (1, 2 win); 5's bye in the losers' bracket.
    # Round 3: winners' final 1v2 (1 wins); losers' round 2 table 1: 5 v the loser of
    #   winners' table 2 (3), 3 wins; table 2: the loser of winners' table 1 (4) alone, a bye.
    # Round 4: 3v4 (3 wins). Round 5: 3 v 2 (2 wins). Round 6: grand final 1v2, 1 wins.
    rounds = play([1, 2, 3, 4, 5], lower_seed)
    assert rounds == [
        [("W1.1", (1,), 1), ("W1.2", (4, 5), 4), ("W1.3", (2,), 2), ("W1.4", (3,), 3)],
        [("W2.1", (1, 4), 1), ("W2.2", (2, 3), 2), ("L1.1", (5,), 5)],
        [("W3.1", (1, 2), 1), ("L2.1", (5, 3), 3), ("L2.2", (4,), 4)],
        [("L3.1", (3, 4), 3)],
        [("L4.1", (3, 2), 2)],
        [("F1", (1, 2), 1)],
    ]
    two_sided = sum(1 for r in rounds for _, sides, _ in r if len(sides) == 2)
    assert two_sided == 8  # 2n - 2 with n = 5


def test_six_entrants_byes() -> None:
    # Size 8: seeds 1 and 2 have byes; 4v5 and 3v6 play. Losers' round 1: table 1 the loser
    # of 4v5 (5) alone, table 2 the loser of 3v6 (6) alone: two byes.
    rounds = play([1, 2, 3, 4, 5, 6], lower_seed)
    assert rounds[0] == [("W1.1", (1,), 1), ("W1.2", (4, 5), 4), ("W1.3", (2,), 2),
                         ("W1.4", (3, 6), 3)]
    assert rounds[1] == [("W2.1", (1, 4), 1), ("W2.2", (2, 3), 2), ("L1.1", (5,), 5),
                         ("L1.2", (6,), 6)]
    # Round 3: 5 meets the loser of winners' table 2 (3), 6 the loser of table 1 (4).
    assert rounds[2] == [("W3.1", (1, 2), 1), ("L2.1", (5, 3), 3), ("L2.2", (6, 4), 4)]
    two_sided = sum(1 for r in rounds for _, sides, _ in r if len(sides) == 2)
    assert two_sided == 10  # 2n - 2 with n = 6


# --- Random fields and results ----------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.integers(2, 16), st.booleans(), st.data())
def test_random_fields_hold_the_invariants(n: int, reset: bool, data: st.DataObject) -> None:
    entrants = list(range(1, n + 1))
    choices: dict[tuple[str, tuple[int, ...]], int] = {}

    def pick(sides: tuple[int, ...], key: str) -> int:
        choices[(key, sides)] = data.draw(st.sampled_from(sides))
        return choices[(key, sides)]

    rounds = play(entrants, pick, reset)
    lost: dict[int, int] = {}
    out: set[int] = set()
    for matches in rounds:
        seated = [side for _, sides, _ in matches for side in sides]
        # nobody sits at two tables of one round
        assert len(seated) == len(set(seated))
        # nobody out (two losses) plays again
        assert not out & set(seated)
        for _, sides, winner in matches:
            for side in sides:
                if side != winner:
                    lost[side] = lost.get(side, 0) + 1
                    if lost[side] == 2:
                        out.add(side)
    found = final_states(entrants, lambda sides, key: choices[(key, sides)], reset)
    top = de.champion(found)
    assert top is not None
    # The champion has lost at most once (twice never), or once more in a reset it won not:
    # every other entrant lost exactly twice; without a reset the first final's loser may
    # have lost only once (it came from the winners' bracket: its only loss).
    final = [m for m in rounds[-1]]
    assert lost.get(top, 0) <= 1
    for entrant in entrants:
        if entrant == top:
            continue
        loser_of_lone_final = not reset and final[0][0] == "F1" and entrant in final[0][1]
        if loser_of_lone_final and lost[entrant] == 1:
            continue
        assert lost[entrant] == 2, (entrant, lost)
    count = sum(1 for r in rounds for _, sides, _ in r if len(sides) == 2)
    assert count in (2 * n - 2, 2 * n - 1)
    # the reset is played exactly when asked for and the losers' bracket's winner won
    f1 = next((sides, w) for r in rounds for key, sides, w in r if key == "F1")
    assert (count == 2 * n - 1) == (reset and f1[1] == f1[0][1])
    # the podium: three different entrants (two with a field of two)
    podium = de.podium(found)
    assert podium is not None and len(set(podium)) == min(3, n) and podium[0] == top


def test_a_correction_changes_who_drops() -> None:
    # 4 entrants: round 1 1v4 (1 won), 2v3 (2 won); round 2 1v2 (1 won) and 4v3 (3 won);
    # round 3 paired: 3 v 2. Then round 1's 1v4 is corrected: 4 won. So 4 goes on to the
    # winners' final (4v2) and 1 drops into the losers' round 1 (1v3); the losers' final
    # cannot be known any more (who wins 1v3, who loses 4v2): taken back.
    plan = de.layout(4)
    stored = [de.Stored(1, 1, 1, (1, 4), 4), de.Stored(2, 1, 2, (2, 3), 2),
              de.Stored(3, 2, 1, (1, 2), 1), de.Stored(4, 2, 2, (4, 3), 3),
              de.Stored(5, 3, 1, (3, 2), None)]
    assert de.follow(plan, stored, 1, True, ()) == [(3, (4, 2)), (4, (1, 3)), (5, None)]


def test_a_correction_of_the_first_final_takes_back_the_reset() -> None:
    # 4 entrants, the first final 1v2 won by 2 (the losers' side): the reset 1v2 is paired.
    # Corrected: 1 won the first final: no reset any more, taken back.
    plan = de.layout(4)
    stored = [de.Stored(1, 1, 1, (1, 4), 1), de.Stored(2, 1, 2, (2, 3), 2),
              de.Stored(3, 2, 1, (1, 2), 1), de.Stored(4, 2, 2, (4, 3), 3),
              de.Stored(5, 3, 1, (3, 2), 2), de.Stored(6, 4, 1, (1, 2), 1),
              de.Stored(7, 5, 1, (1, 2), None)]
    assert de.follow(plan, stored, 6, True, ()) == [(7, None)]


def reseated(match: de.Stored, sides: tuple[int, ...]) -> de.Stored:
    """A match re-seated: open again, but a bye, which its side wins at once."""
    return de.Stored(match.match_id, match.round, match.table, sides,
                     sides[0] if len(sides) == 1 else None)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 16), st.booleans(), st.data())
def test_a_random_correction_leaves_every_paired_match_as_its_bracket_says(
        n: int, reset: bool, data: st.DataObject) -> None:
    # A whole run with random results, then one two-sided match's winner flipped: after the
    # changes `follow` says (re-seat or take back), every match still paired has exactly the
    # sides its sources now give, and a match nobody touched keeps its result.
    plan = de.layout(n)
    choices: dict[tuple[str, tuple[int, ...]], int] = {}

    def pick(sides: tuple[int, ...], key: str) -> int:
        choices[(key, sides)] = data.draw(st.sampled_from(sides))
        return choices[(key, sides)]

    rounds = play(list(range(1, n + 1)), pick, reset)
    stored = [de.Stored(number * 100 + i, number, plan.by_key[key].table, sides, winner)
              for number, matches in enumerate(rounds, start=1)
              for i, (key, sides, winner) in enumerate(matches)]
    flip = data.draw(st.sampled_from([m for m in stored if len(m.sides) == 2]))
    other = flip.sides[1] if flip.winner == flip.sides[0] else flip.sides[0]
    stored = [de.Stored(m.match_id, m.round, m.table, m.sides, other)
              if m is flip else m for m in stored]
    changes = dict(de.follow(plan, stored, flip.match_id, reset, ()))
    after = [m if m.match_id not in changes else reseated(m, changes[m.match_id] or ())
             for m in stored if not (m.match_id in changes and changes[m.match_id] is None)]
    for state in de.states(plan, after, reset):
        if state.match is not None:
            assert None not in state.sides
            assert state.match.sides == state.sides, (state.slot.key, state.match, state.sides)
    untouched = {m.match_id: m.winner for m in stored if m.match_id not in changes}
    assert all(m.winner == untouched[m.match_id] for m in after if m.match_id in untouched)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([8, 16]), st.data())
def test_no_rematch_in_the_first_two_losers_rounds(n: int, data: st.DataObject) -> None:
    # Losers' round 1 pairs losers of neighbouring tables (they played other people); losers'
    # round 2 takes winners' round 2's losers reversed, so each meets a survivor from the
    # other half of the bracket. (With four, the losers' final is necessarily a rematch.)
    def pick(sides: tuple[int, ...], key: str) -> int:
        return data.draw(st.sampled_from(sides))

    met: set[frozenset[int]] = set()
    for matches in play(list(range(1, n + 1)), pick):
        for key, sides, _ in matches:
            if key.startswith(("L1.", "L2.")):
                assert frozenset(sides) not in met, (key, sides)
            met.add(frozenset(sides))
