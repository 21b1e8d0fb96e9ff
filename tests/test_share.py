"""Sharing a game: view and edit links with QR codes, and a new edit key that locks old ones out."""

from __future__ import annotations

import re

from flask import render_template

from companion.pages.access import COOKIE_PREFIX
from companion.services import games

from .helpers import add_hand, bearer, create_game


def share_panel(app, game_id: str, cookie: str | None = None, **context) -> str:
    """The share panel as the game page includes it, for a phone holding `cookie`."""
    headers = {"Cookie": f"{COOKIE_PREFIX}{game_id}={cookie}"} if cookie else {}
    with app.test_request_context(f"/games/{game_id}", headers=headers):
        from companion.db import get_session

        game = games.load_game(get_session(), game_id)
        return render_template("games/_share.html", game=game, **context)


def test_editor_sees_view_and_edit_links_with_qr_codes(app, client):
    game = create_game(client)
    html = share_panel(app, game["id"], cookie=game["edit_key"])
    assert f'value="http://localhost/games/{game["id"]}"' in html
    assert f'value="http://localhost/games/{game["id"]}?key={game["edit_key"]}"' in html
    assert html.count("<svg") == 2
    assert "QR code of the view link" in html and "QR code of the edit link" in html
    assert "style=" not in html  # CSP: no inline styles, not even inside the SVG


def test_panel_without_the_key_shows_only_the_view_link(app, client):
    game = create_game(client)
    for cookie in (None, "not-the-key"):
        html = share_panel(app, game["id"], cookie=cookie)
        assert "Edit link" not in html and game["edit_key"] not in html
        assert html.count("<svg") == 1


def test_qr_code_scales_whole_with_a_four_module_quiet_zone(app, client):
    """Sized by the stylesheet through its viewBox (a fixed width got cut off by a smaller
    box); the browser test decodes it as shown."""
    from companion.views.share import qr_svg

    with app.test_request_context():
        svg = str(qr_svg("http://localhost/games/abc", "t"))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and 'class="qr"' in svg
    assert not re.search(r'<svg[^>]* (width|height)=', svg)
    # Version 2 (25 modules) for this link, plus 4 light modules on each side.
    assert 'viewBox="0 0 33 33"' in svg
    assert '<path stroke="#000" d="M4 4.5h7' in svg  # the first finder pattern, 4 modules in


def test_rotating_on_the_page_moves_this_phone_to_the_new_key(app, client):
    game = create_game(client)
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    response = client.post(f"/games/{game['id']}/key", headers={"HX-Request": "true"})
    assert response.status_code == 200
    new_key = client.get_cookie(COOKIE_PREFIX + game["id"]).value
    assert new_key != game["edit_key"] and len(new_key) >= 22
    html = response.get_data(as_text=True)
    assert "New edit key made. Older edit links no longer work; this phone keeps editing." in html
    assert f"?key={new_key}" in html and game["edit_key"] not in html
    # The old link and cookie no longer open the game; this phone still saves hands.
    assert add_hand(client, game, game["edit_key"]).status_code == 403
    assert add_hand(client, game, new_key).status_code == 201
    cookie = client.get_cookie(COOKIE_PREFIX + game["id"])
    assert cookie.http_only and cookie.path == "/"


def test_rotating_without_htmx_redirects_to_the_game(client):
    game = create_game(client)
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    response = client.post(f"/games/{game['id']}/key")
    assert response.status_code == 303
    assert response.location.endswith(f"/games/{game['id']}")


def test_a_viewer_cannot_rotate_the_key(client):
    game = create_game(client)
    assert client.post(f"/games/{game['id']}/key").status_code == 401
    client.set_cookie(COOKIE_PREFIX + game["id"], "guess")
    assert client.post(f"/games/{game['id']}/key").status_code == 403
    assert add_hand(client, game).status_code == 201  # the real key still works


def test_api_rotation_returns_new_key_and_link_and_old_key_stops(client):
    game = create_game(client)
    response = client.post(f"/api/v1/games/{game['id']}/key", headers=bearer(game["edit_key"]))
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"edit_key", "edit_url"}
    assert body["edit_url"] == f"http://localhost/games/{game['id']}?key={body['edit_key']}"
    assert add_hand(client, game, game["edit_key"]).status_code == 403
    assert client.post(f"/api/v1/games/{game['id']}/key",
                       headers=bearer(game["edit_key"])).status_code == 403
    assert add_hand(client, game, body["edit_key"]).status_code == 201


def test_edit_key_is_stored_hashed_only(app, client):
    game = create_game(client)
    with app.app_context():
        from companion.db import get_session
        from companion.models import Game

        row = get_session().get(Game, game["id"])
        assert game["edit_key"] not in row.model_dump_json()
        assert len(row.edit_key_hash) == 64


def test_game_page_shows_share_and_manage_panels_to_editors_only(client):
    game = create_game(client)
    viewer = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert 'id="share"' not in viewer and 'id="manage"' not in viewer
    client.set_cookie(COOKIE_PREFIX + game["id"], game["edit_key"])
    editor = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert 'id="share"' in editor and 'id="manage"' in editor
    assert f"?key={game['edit_key']}" in editor
