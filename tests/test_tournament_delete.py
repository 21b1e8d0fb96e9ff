"""Deleting a tournament: the director types its name; its pages, API and table games are
gone (410 with a sentence) until the director restores it, whole, within 7 days."""

from __future__ import annotations

from datetime import timedelta

from companion.db import get_session
from companion.models_tournament import Tournament

from .helpers import BASRA_WIN, create_tournament, desk, director, next_round, play, text

GONE = ("This tournament was deleted by its director. The director can restore it within "
        "7 days.")


def started(client):
    """Friday (Ali, Bahar, Cyrus, Dara), round 1 paired, a hand at table 1."""
    t = create_tournament(client, settings={"best_of": 1})
    matches = next_round(client, t)["matches"]
    play(client, matches[0], BASRA_WIN, hands=1)
    return t, matches


def delete(client, t, **body):
    return client.delete(f"/api/v1/tournaments/{t['id']}", json=body, headers=director(t))


def test_deleted_then_restored_whole(client):
    t, matches = started(client)
    before = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    answer = delete(client, t, confirm="Friday")
    assert answer.status_code == 200
    assert answer.get_json()["deleted"] == t["id"]
    for path in (f"/api/v1/tournaments/{t['id']}", f"/api/v1/tournaments/{t['id']}/standings"):
        gone = client.get(path)
        assert (gone.status_code, gone.get_json()["error"]) == (410, GONE)
    for path in (f"/tournaments/{t['id']}", f"/tournaments/{t['id']}/screen",
                 f"/tournaments/{t['id']}/standings"):
        page = client.get(path)
        assert page.status_code == 410 and GONE in text(page)
    # its table games are not opened as live games meanwhile
    assert client.get(f"/api/v1/games/{matches[0]['current_game']}").status_code == 404
    assert client.get(f"/games/{matches[1]['current_game']}").status_code == 404
    restored = client.post(f"/api/v1/tournaments/{t['id']}/restore", headers=director(t))
    assert restored.status_code == 200
    after = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    assert after["rounds"] == before["rounds"] and after["entrants"] == before["entrants"]
    game = client.get(f"/api/v1/games/{matches[0]['current_game']}").get_json()
    assert game["totals"] == [73, 0]


def test_the_name_must_be_typed(client):
    t, _ = started(client)
    for body in ({}, {"confirm": "friday!"}, {"confirm": 5}):
        answer = delete(client, t, **body)
        assert (answer.status_code, answer.get_json()["error"]) == (
            400, "To delete this tournament, type its name: Friday.")
    assert client.get(f"/api/v1/tournaments/{t['id']}").status_code == 200


def test_only_the_director_deletes_and_restores(client):
    t, _ = started(client)
    assert client.delete(f"/api/v1/tournaments/{t['id']}",
                         json={"confirm": "Friday"}).status_code == 401
    delete(client, t, confirm="Friday")
    assert client.post(f"/api/v1/tournaments/{t['id']}/restore").status_code == 401
    assert client.get(f"/api/v1/tournaments/{t['id']}").status_code == 410


def test_no_restore_after_seven_days(app, client):
    t, _ = started(client)
    delete(client, t, confirm="Friday")
    with app.app_context():
        session = get_session()
        row = session.get(Tournament, t["id"])
        row.deleted_at = row.deleted_at - timedelta(days=7, minutes=1)
        session.add(row)
        session.commit()
    answer = client.post(f"/api/v1/tournaments/{t['id']}/restore", headers=director(t))
    assert (answer.status_code, answer.get_json()["error"]) == (410, GONE)


def test_the_desk_deletes_and_its_page_restores(client):
    t, _ = started(client)
    desk(client, t)
    refused = client.post(f"/tournaments/{t['id']}/delete", data={"confirm": "Fri"})
    assert refused.status_code == 422
    assert "To delete this tournament, type its name: Friday." in text(refused)
    deleted = client.post(f"/tournaments/{t['id']}/delete", data={"confirm": "Friday"},
                          follow_redirects=True)
    assert deleted.status_code == 410 and "Restore the tournament" in text(deleted)
    back = client.post(f"/tournaments/{t['id']}/restore", follow_redirects=True)
    assert back.status_code == 200 and "Round 1" in text(back)


def test_the_home_page_no_longer_lists_it(client):
    t, _ = started(client)
    desk(client, t)  # this phone now lists it
    assert "Friday" in text(client.get("/"))
    delete(client, t, confirm="Friday")
    assert "Friday" not in text(client.get("/"))


def test_the_sentence_in_persian_digits(client):
    t, _ = started(client)
    delete(client, t, confirm="Friday")
    client.set_cookie("lang", "fa")
    client.set_cookie("digits", "arabext")
    page = text(client.get(f"/tournaments/{t['id']}"))
    assert "مدیر تا ۷ روز می‌تواند آن را برگرداند." in page
