"""What the hall's pages say: the podium on the big screen at the end, a knockout's standings
by the round reached, and every header's format, best of N, round x of y and confirmation.
Results are set by hand: in every match the entrant earlier in Ali, Bahar, Cyrus, Dara wins."""

from __future__ import annotations

from .helpers import create_tournament as create
from .helpers import director, next_round, text

ORDER = ["Ali", "Bahar", "Cyrus", "Dara"]


def decide(client, t, matches):
    for match in matches:
        if match["bye"]:
            continue
        winner = min(range(2), key=lambda side: ORDER.index(match["names"][side]))
        response = client.put(f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result",
                              json={"winner": winner, "reason": "as agreed"},
                              headers=director(t))
        assert response.status_code == 200, response.get_json()


def test_a_finished_round_robin_puts_its_podium_on_the_wall(client):
    t = create(client, settings={"best_of": 1})
    for _round in range(3):  # four entrants: three rounds
        decide(client, t, next_round(client, t)["matches"])
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    # Ali won 3 (6 points), Bahar 2 (4), Cyrus 1 (2), Dara 0.
    assert "Round 3 of 3 Basra · Round robin · results need no confirmation" in screen
    assert "Podium Winner: Ali 1 Ali 2 Bahar 3 Cyrus Standings 1 Ali 6 2 Bahar 4" in screen
    assert "Tables" not in screen and "Page 1 of 1" in screen


def test_a_knockout_ranks_by_the_round_reached_and_crowns_its_champion(client):
    t = create(client, format="knockout", settings={"best_of": 1})
    decide(client, t, next_round(client, t)["matches"])  # Ali beat Dara, Bahar beat Cyrus
    standings = text(client.get(f"/tournaments/{t['id']}/standings"))
    assert "Basra · Knockout · Round 1 of 2 · results need no confirmation" in standings
    # Ali and Bahar won their semi-finals: they have reached the final, still to be paired.
    assert ("Rank Entrant Reached 1 Ali Final: still in 1 Bahar Final: still in "
            "3 Cyrus Semi-finals: out 3 Dara Semi-finals: out") in standings
    assert "Points" not in standings
    decide(client, t, next_round(client, t)["matches"])  # the final: Ali beat Bahar
    standings = text(client.get(f"/tournaments/{t['id']}/standings"))
    assert ("1 Ali Champion 2 Bahar Final: out 3 Cyrus Semi-finals: out "
            "3 Dara Semi-finals: out") in standings
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "Podium Champion: Ali 1 Ali 2 Bahar Standings 1 Ali Champion 2 Bahar Final: out" \
        in screen
    csv = client.get(f"/tournaments/{t['id']}/standings.csv").get_data(as_text=True)
    assert csv.splitlines() == ["rank,entrant,round_reached,state", "1,Ali,2,champion",
                                "2,Bahar,2,out", "3,Cyrus,1,out", "3,Dara,1,out"]


def test_a_third_place_match_on_the_wall_and_in_the_standings(client):
    t = create(client, format="knockout", settings={"best_of": 1, "third_place": True})
    decide(client, t, next_round(client, t)["matches"])  # Ali beat Dara, Bahar beat Cyrus
    final, third = next_round(client, t)["matches"]
    assert third["names"] == ["Dara", "Cyrus"]
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "Table 2 · Third place · game 1 Dara 0 0 Cyrus 0 0" in screen
    decide(client, t, [final, third])  # Ali beat Bahar; Cyrus beat Dara
    standings = text(client.get(f"/tournaments/{t['id']}/standings"))
    assert ("1 Ali Champion 2 Bahar Final: out 3 Cyrus Third place "
            "4 Dara Semi-finals: out") in standings
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    assert "Podium Champion: Ali 1 Ali 2 Bahar 3 Cyrus Standings" in screen


def test_the_wall_takes_any_page_or_cycle_asked(client):
    t = create(client, settings={"best_of": 1})
    next_round(client, t)
    for query in ("page=9", "page=0", "page=²", "page=x", "cycle=0", "cycle=٣", "cycle=²"):
        shown = client.get(f"/tournaments/{t['id']}/screen?{query}")
        assert shown.status_code == 200, query
        assert "Page 1 of 1" in text(shown)


def test_headers_and_the_desk_say_how_matches_are_played(client):
    t = create(client, settings={"confirm_results": True})  # Basra's own best of five
    desk = text(client.get(f"/tournaments/{t['id']}"))
    assert "Friday Basra · Round robin · best of 5 · the side that lost confirms each result" \
        in desk
    assert ("Match Best of 5: games to 101 points; at 2 games all the deciding game is played "
            "to 150.") in desk
    next_round(client, t)
    for page in ("", "/standings", "/players", "/results"):
        shown = text(client.get(f"/tournaments/{t['id']}{page}"))
        assert ("Friday Basra · Round robin · best of 5 · Round 1 of 3 · the side that lost "
                "confirms each result") in shown, page
    single = create(client, settings={"best_of": 1})
    assert "Match One game a match, to 101 points." in text(
        client.get(f"/tournaments/{single['id']}"))


def test_mid_round_the_wall_marks_who_is_still_playing(client):
    """Standings mid-round mix finished tables with unfinished ones: the wall says the round
    is in play and marks the entrants whose result is still to come."""
    t = create(client, settings={"best_of": 1})
    decide(client, t, next_round(client, t)["matches"])  # round 1 over
    done, playing = next_round(client, t)["matches"]
    decide(client, t, [done])
    screen = text(client.get(f"/tournaments/{t['id']}/screen"))
    assert ("Standings Round 2 is being played: those marked “playing” have a result still to "
            "come.") in screen
    marked = {name for name in ORDER if f"{name} playing" in screen}
    assert marked == set(playing["names"])
    decide(client, t, [playing])
    assert "playing" not in text(client.get(f"/tournaments/{t['id']}/screen"))
