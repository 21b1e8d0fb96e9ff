"""Revision 0012: a tournament running when the keys became stored keeps every link handed out
before: its tables' scorer links and its sides' confirmation links, and a side's link the
director had replaced stays refused with the sentence."""

from __future__ import annotations

import base64
import hashlib
import hmac

from alembic import command
from sqlalchemy import create_engine, text

from companion import create_app
from companion.db import alembic_config, upgrade

from .helpers import confirming, next_round, sweep

SECRET = "the club's secret"
SIDE_REPLACED = "This side's link was replaced; ask the director for the new one."


def derived(secret: str, purpose: str) -> str:
    """A key as revision 0011's code worked it out: HMAC-SHA256, 16 bytes, URL-safe base64."""
    digest = hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def app_on(url: str):
    return create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": SECRET,
                       "RATELIMIT_ENABLED": False})


def test_links_handed_out_before_the_upgrade_keep_working(empty_db_url):
    url = empty_db_url
    upgrade(url)
    app = app_on(url)
    t = confirming(app.test_client())
    match = next_round(app.test_client(), t)["matches"][0]  # Ali v Dara
    app.extensions["engine"].dispose()
    # The same tournament as 0011 kept it: keys worked out from the match's id; the
    # director had replaced the sides' links once (generation 1).
    command.downgrade(alembic_config(url), "0011")
    tid, mid = t["id"], match["id"]
    table = derived(t["director_key"], f"table:{mid}")
    sides = [derived(SECRET, f"side:{tid}:{mid}:{side}:1") for side in (0, 1)]
    first = [derived(SECRET, f"side:{tid}:{mid}:{side}") for side in (0, 1)]
    engine = create_engine(url)
    with engine.begin() as conn:
        key_hash = hashlib.sha256(table.encode()).hexdigest()
        conn.execute(text("UPDATE match SET key_hash = :h, side_key_generation = 1 "
                          "WHERE id = :id"), {"h": key_hash, "id": mid})
        conn.execute(text("UPDATE game SET edit_key_hash = :h WHERE id IN (SELECT game_id "
                          "FROM matchgame WHERE match_id = :id)"), {"h": key_hash, "id": mid})
    engine.dispose()

    upgrade(url, SECRET)
    app = app_on(url)
    client = app.test_client()
    shown = next(m for m in client.get(
        f"/api/v1/tournaments/{tid}", headers={"Authorization": f"Bearer {t['director_key']}"}
    ).get_json()["rounds"][0]["matches"] if m["id"] == mid)
    assert (shown["edit_key"], shown["side_keys"]) == (table, sides)
    # The printed table link still leads to the game, and its scorer still enters hands.
    assert client.get(f"/tournaments/{tid}/tables/{mid}?key={table}").status_code == 303
    saved = client.post(f"/api/v1/games/{match['current_game']}/hands",
                        json={"hand": sweep(0)}, headers={"Authorization": f"Bearer {table}"})
    assert saved.status_code == 201  # Ali won
    confirm = f"/api/v1/tournaments/{tid}/matches/{mid}/confirm"
    old = client.post(confirm, headers={"Authorization": f"Bearer {first[1]}"})
    assert (old.status_code, old.get_json()) == (403, {"error": SIDE_REPLACED, "field": "key"})
    dara = client.post(confirm, headers={"Authorization": f"Bearer {sides[1]}"})
    assert dara.status_code == 200 and dara.get_json()["provisional"] is False
    app.extensions["engine"].dispose()
