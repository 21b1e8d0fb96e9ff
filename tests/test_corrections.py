"""A correction that ends a game earlier: the hands after the end stay on the record and count
for nobody (RULINGS, "All games: when a game ends")."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.db import get_session
from companion.rules.messages import RuleError
from companion.services import games, records

from .helpers import (
    AMAL_36,
    BADR_257,
    as_editor,
    auth,
    basra,
    gharat_points,
    shelem_hand,
    text,
    totals,
)
from .helpers import create_basra as create
from .helpers import shllaat_even_hand as shllaat_hand

# The same with nine basras for Amal: 36 + 90 = 126.
AMAL_126 = basra([30, 4, 2], [22, 0, 2], 1, 1, (9, 0))


def played_then_corrected(client):
    """Basra to 101: 36–7, then 6–257 (Badr wins on 42–264); then hand 1 corrected to 126–7."""
    game = create(client)
    for hand in (AMAL_36, BADR_257):
        assert client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": hand},
                           headers=auth(game)).status_code == 201
    before = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert (before["totals"], before["winner"]) == ([42, 264], 1)
    corrected = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"hand": AMAL_126},
                           headers={**auth(game), "If-Match": str(before["version"])})
    assert corrected.status_code == 200, corrected.get_json()
    return game, corrected.get_json()


def test_the_game_ends_at_the_first_hand_that_names_a_winner_and_later_hands_count_for_nobody(
        client):
    game, body = played_then_corrected(client)
    # "Whichever team reaches a score of 101 points first wins": Amal, with 126 after hand 1.
    assert body["totals"] == [126, 7]  # not 132–264: hand 2 was played after the end
    assert (body["finished"], body["winner"], body["winners"]) == (True, 0, [0])
    assert [hand["counted"] for hand in body["hands"]] == [True, False]
    assert body["hands"][1]["scores"] == [6, 257]  # still on the record, as played
    listed = client.get(f"/api/v1/games?ids={game['id']}").get_json()["games"]
    assert [(g["totals"], g["winners"]) for g in listed if g["id"] == game["id"]] == \
        [([126, 7], [0])]


def test_a_finished_game_takes_no_new_hand_even_after_a_correction(client):
    game, _ = played_then_corrected(client)
    refused = client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": AMAL_36},
                          headers=auth(game))
    assert refused.status_code == 400
    assert "This game is over" in refused.get_json()["error"]


def test_the_board_crowns_the_side_that_reached_the_target_first_and_marks_later_hands(
        client):
    game, _ = played_then_corrected(client)
    page = client.get(f"/games/{game['id']}")
    assert totals(page) == ["126", "7"]
    assert "Amal won the game!" in text(page)
    hand_two = re.search(r'<li id="hand-2"[^>]*>(.*?)</li>', page.get_data(as_text=True), re.S)
    assert 'class="after-end"' in hand_two.group(0)
    assert "Played after the end — not counted" in text(page)
    # The chart draws the totals at the end: 126 is its highest point, not 257.
    assert 'class="chart"' in page.get_data(as_text=True)
    assert "257" not in re.search(r'<figure class="chart">.*?</figure>',
                                  page.get_data(as_text=True), re.S).group(0)


def test_the_scorer_is_told_which_hands_no_longer_count_and_can_delete_them_in_one_tap(
        client):
    game, body = played_then_corrected(client)
    as_editor(client, game["id"], game["edit_key"])
    page = client.get(f"/games/{game['id']}")
    notice = text(page)
    assert "The game now ends at hand 1" in notice
    assert "Hand 2 was played after the end: it no longer counts." in notice
    assert "Undo the correction of hand 1" in notice
    deleted = client.post(f"/games/{game['id']}/after-end/delete",
                          data={"version": body["version"]})
    assert deleted.status_code == 303
    after = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert (len(after["hands"]), after["totals"], after["winner"]) == (1, [126, 7], 0)
    page = client.get(f"/games/{game['id']}")
    assert 'id="after-end"' not in page.get_data(as_text=True)
    history = text(client.get(f"/games/{game['id']}/history"))
    assert "Hands played after the end deleted, from hand 2 on" in history
    # Undo brings the deleted hand back, still not counted.
    client.post(f"/games/{game['id']}/undo", data={"version": after["version"]})
    back = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert [h["counted"] for h in back["hands"]] == [True, False]
    assert back["hands"][1]["hand"] == BADR_257
    assert "Undid deleting the hands played after the end, from hand 2 on" in text(
        client.get(f"/games/{game['id']}/history"))


def test_undoing_the_correction_brings_back_the_game_as_it_was(client):
    game, body = played_then_corrected(client)
    as_editor(client, game["id"], game["edit_key"])
    client.post(f"/games/{game['id']}/undo", data={"version": body["version"]})
    after = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert (after["totals"], after["winner"]) == ([42, 264], 1)
    assert [h["counted"] for h in after["hands"]] == [True, True]


def test_deleting_after_the_end_when_every_hand_counts_changes_nothing(client):
    game = create(client)
    as_editor(client, game["id"], game["edit_key"])
    client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": AMAL_36},
                headers=auth(game))
    refused = client.post(f"/games/{game['id']}/after-end/delete", data={"version": 2})
    assert refused.status_code == 400
    assert "No hand was played after the end of this game." in text(refused)
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["version"] == 2


def test_the_csv_export_marks_hands_played_after_the_end(client):
    game, _ = played_then_corrected(client)
    as_editor(client, game["id"], game["edit_key"])
    rows = client.get(f"/games/{game['id']}/export.csv").get_data(as_text=True).splitlines()
    assert rows[1:] == ["1,126,7", '2,6,257,"played after the end, not counted"',
                        "Total,126,7"]


def test_player_records_count_only_the_hands_up_to_the_end(app, client):
    game, _ = played_then_corrected(client)
    with app.app_context():
        session = get_session()
        row = games.load_game(session, game["id"]).row
        badr = records.player_records(session, [row], "Badr")["basra"]
    # Badr played one counted hand (7 points, no basra); the 22 basras came after the end.
    assert (badr.played, badr.won, badr.hands, badr.hand_points, badr.basras) == (1, 0, 1, 7, 0)


# --- A corrected game equals a fresh game entered with the same hands (all four games) -----

POINTS = st.integers(0, 76).map(lambda n: n * 5)


@st.composite
def basra_hands(draw):
    cards, jacks, aces = draw(st.integers(12, 40)), draw(st.integers(0, 4)), draw(st.integers(0, 4))
    basras = (draw(st.integers(0, 3)), draw(st.integers(0, 3)))
    return basra([cards, jacks, aces], [52 - cards, 4 - jacks, 4 - aces],
                 draw(st.integers(0, 1)), draw(st.integers(0, 1)), basras)


@st.composite
def gharat_hands(draw):
    first = draw(POINTS)
    # A hand with nothing captured is refused ("Nothing entered yet"), so someone scores.
    least = 0 if first else 1
    return gharat_points(first, draw(st.integers(least, (380 - first) // 5)) * 5)


GAMES = {
    # game: (players, target, hands)
    "basra": (["Amal", "Badr"], 101, basra_hands()),
    "shllaat": (["Amal", "Badr"], 500,
                st.integers(108, 144).map(lambda first: shllaat_hand(first, 252 - first))),
    "gharat": (["Amal", "Badr"], 500, gharat_hands()),
    "shelem": (["Ali", "Bahar", "Cyrus", "Dara"], 330,
               st.builds(shelem_hand, st.integers(0, 1), st.integers(20, 33).map(lambda b: b * 5),
                         st.integers(1, 33).map(lambda p: p * 5))),
}


def _enter(session, game: str, hands: list[dict], first_dealer: int) -> games.GameView:
    """A fresh game, its hands entered one by one until the game refuses one as over."""
    players, target, _ = GAMES[game]
    loaded, _ = games.create_game(session, game, None, players, target=target,
                                 first_dealer=first_dealer)
    for hand in hands:
        try:
            games.add_hand(session, loaded.row.id, hand)
        except RuleError:
            break  # the game is over
    return games.load_game(session, loaded.row.id)


def _outcome(loaded: games.GameView) -> tuple:
    state = loaded.state
    return (state.totals, state.carry, state.winners, state.finished, state.dealer,
            state.leader, state.target, [hand.scores for hand in state.hands[:state.counted]])


@pytest.mark.parametrize("game", list(GAMES))
def test_a_corrected_game_equals_a_fresh_game_entered_with_the_same_hands(app, game):
    hands = GAMES[game][2]

    @settings(max_examples=20, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.lists(hands, min_size=2, max_size=8), st.data(), st.integers(0, 3))
    def check(played, data, first_dealer):
        first_dealer %= len(GAMES[game][0])
        with app.app_context():
            session = get_session()
            loaded = _enter(session, game, played, first_dealer)
            entered = len(loaded.hands)
            number = data.draw(st.integers(1, entered), label="corrected hand")
            correction = data.draw(hands, label="correction")
            corrected, _ = games.edit_hand(session, loaded.row.id, number, correction)
            corrected = games.load_game(session, loaded.row.id)
            fresh = _enter(session, game, corrected.hands, first_dealer)
            assert _outcome(corrected) == _outcome(fresh)
            assert corrected.state.counted == len(fresh.hands)
            assert corrected.row.totals == fresh.row.totals
            assert corrected.row.winners == fresh.row.winners

    check()
