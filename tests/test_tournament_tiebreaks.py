"""Sonneborn-Berger, median Buchholz and wins, and what a bye scores, worked out by hand.

The field (win 2, draw 1, loss 0), five entrants over three rounds, one bye a round:
  round 1: Ali beat Bahar, Cyrus drew Dara, Elham bye;
  round 2: Ali drew Elham, Bahar beat Cyrus, Dara bye;
  round 3: Dara beat Ali, Elham beat Bahar, Cyrus bye.
With a bye worth a win: Ali 3, Bahar 2, Cyrus 3, Dara 5, Elham 5.
"""

from __future__ import annotations

from companion.tournament.standings import Result, Scoring, standings

NAMES = {1: "Ali", 2: "Bahar", 3: "Cyrus", 4: "Dara", 5: "Elham"}
ALI, BAHAR, CYRUS, DARA, ELHAM = NAMES


def won(a: int, b: int) -> Result:
    return Result((a, b), (1, 2), (0, 0))


def drew(a: int, b: int) -> Result:
    return Result((a, b), (1, 1), (0, 0))


FIELD = [won(ALI, BAHAR), drew(CYRUS, DARA), Result((ELHAM,), (1,), (0,)),
         drew(ALI, ELHAM), won(BAHAR, CYRUS), Result((DARA,), (1,), (0,)),
         won(DARA, ALI), won(ELHAM, BAHAR), Result((CYRUS,), (1,), (0,))]


def ranked(*tiebreaks: str, bye: str = "win"):
    return standings(NAMES, FIELD, Scoring(tiebreaks=tiebreaks, bye=bye))


def test_wins_then_sonneborn_berger():
    # Dara and Elham: 2 wins each (a bye counts as a win). Sonneborn-Berger: Dara beat Ali
    # (3) and drew Cyrus (3 / 2) = 4.5; Elham beat Bahar (2) and drew Ali (3 / 2) = 3.5.
    # Ali and Cyrus: 1 win each; Ali beat Bahar (2) + half of Elham's 5 = 4.5; Cyrus only
    # drew Dara: 2.5. Bahar beat Cyrus: 3.
    rows = ranked("wins", "sonneborn_berger")
    assert [(r.rank, r.name, r.points, r.decided_by) for r in rows] == [
        (1, "Dara", 5, "sonneborn_berger"), (2, "Elham", 5, "sonneborn_berger"),
        (3, "Ali", 3, "sonneborn_berger"), (4, "Cyrus", 3, "sonneborn_berger"),
        (5, "Bahar", 2, None)]
    assert {r.name: (r.tiebreaks["wins"], r.tiebreaks["sonneborn_berger"]) for r in rows} == {
        "Dara": (2, 4.5), "Elham": (2, 3.5), "Ali": (1, 4.5), "Cyrus": (1, 2.5),
        "Bahar": (1, 3)}
    assert rows[0].breakdown == [("wins", 2), ("sonneborn_berger", 4.5)]
    assert isinstance(rows[4].tiebreaks["sonneborn_berger"], int)  # 3, not 3.0


def test_median_buchholz_drops_the_best_and_worst_opponent_from_three_on():
    # Ali met Bahar 2, Elham 5, Dara 5: Buchholz 12, median 5 (2 and one 5 dropped).
    # Bahar met Ali 3, Cyrus 3, Elham 5: 11, median 3. Cyrus met Dara 5 and Bahar 2, Dara
    # met Cyrus 3 and Ali 3, Elham met Ali 3 and Bahar 2: two opponents, nothing dropped.
    rows = ranked("median_buchholz", "buchholz")
    assert {r.name: (r.tiebreaks["median_buchholz"], r.tiebreaks["buchholz"]) for r in rows} \
        == {"Ali": (5, 12), "Bahar": (3, 11), "Cyrus": (7, 7), "Dara": (6, 6),
            "Elham": (5, 5)}
    assert [r.name for r in rows] == ["Dara", "Elham", "Cyrus", "Ali", "Bahar"]
    # Buchholz first puts Ali (12) above Cyrus (7): the order chosen decides.
    assert [r.name for r in ranked("buchholz", "median_buchholz")][2:4] == ["Ali", "Cyrus"]


def test_a_bye_worth_a_draw_counts_as_a_draw_everywhere():
    # Points: Ali 3, Bahar 2, Cyrus 1 + 0 + 1 = 2, Dara 1 + 1 + 2 = 4, Elham 1 + 1 + 2 = 4.
    # Wins: Dara 1 (Ali), Elham 1 (Bahar): Sonneborn-Berger, Dara 3 + 2 / 2 = 4 against
    # Elham 2 + 3 / 2 = 3.5. Bahar won once, Cyrus never: wins part them.
    rows = ranked("wins", "sonneborn_berger", bye="draw")
    assert [(r.rank, r.name, r.points, r.decided_by) for r in rows] == [
        (1, "Dara", 4, "sonneborn_berger"), (2, "Elham", 4, "sonneborn_berger"),
        (3, "Ali", 3, None), (4, "Bahar", 2, "wins"), (5, "Cyrus", 2, "wins")]
    cyrus = rows[4]
    assert (cyrus.played, cyrus.won, cyrus.drawn, cyrus.lost) == (3, 0, 2, 1)


def test_a_bye_worth_a_loss_scores_the_loss_points():
    rows = standings(NAMES, FIELD, Scoring(win=3, draw=1, loss=0, bye="loss"))
    cyrus = next(r for r in rows if r.name == "Cyrus")
    assert (cyrus.points, cyrus.won, cyrus.drawn, cyrus.lost) == (1, 0, 1, 2)
    assert {r.name: r.points for r in rows} == {
        "Ali": 4, "Bahar": 3, "Cyrus": 1, "Dara": 4, "Elham": 4}


def test_a_walkover_stays_a_won_match_whatever_a_bye_scores():
    result = Result((ALI,), (1,), (0,), walkover=True)
    rows = standings({ALI: "Ali"}, [result], Scoring(bye="loss", tiebreaks=("wins",)))
    assert (rows[0].points, rows[0].won, rows[0].tiebreaks["wins"]) == (2, 1, 1)


def test_sonneborn_berger_at_a_table_of_three_counts_places_below_and_shared():
    # Ali first, Bahar and Cyrus share second: 2, 1, 1 rank points. Ali beat both (1 + 1);
    # Bahar and Cyrus drew each other: half of 1 each.
    rows = standings({1: "Ali", 2: "Bahar", 3: "Cyrus"},
                     [Result((1, 2, 3), (1, 2, 2), (90, 40, 40))],
                     Scoring(tiebreaks=("sonneborn_berger",)))
    assert [(r.name, r.points, r.tiebreaks["sonneborn_berger"]) for r in rows] == [
        ("Ali", 2, 2), ("Bahar", 1, 0.5), ("Cyrus", 1, 0.5)]
    assert rows[1].shared and rows[1].rank == rows[2].rank == 2
