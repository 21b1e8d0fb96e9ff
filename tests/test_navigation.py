"""Ways between features: home to every feature, a game to its referee and play-along."""

from __future__ import annotations

from .helpers import as_editor, make_game


def test_home_links_to_referee_tournaments_import_and_deleted_games(client):
    page = client.get("/").get_data(as_text=True)
    for href in ('href="/referee/basra"', 'href="/referee/shelem"', 'href="/tournaments/new"',
                 'href="/games/import"', 'href="/games/deleted"'):
        assert href in page


def test_game_page_opens_the_referee_with_the_games_rules(app, client):
    game_id, _key = make_game(app, game="basra", players=["Ali", "Bahar"])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/referee/basra?from={game_id}"' in page
    assert "play-along" not in page  # viewers cannot record plays


def test_basra_editor_can_start_play_along_but_shelem_has_none(app, client):
    game_id, key = make_game(app, game="basra", players=["Ali", "Bahar"])
    as_editor(client, game_id, key)
    assert f'href="/games/{game_id}/play-along"' in client.get(f"/games/{game_id}").get_data(
        as_text=True)
    shelem_id, shelem_key = make_game(app)
    as_editor(client, shelem_id, shelem_key)
    assert "play-along" not in client.get(f"/games/{shelem_id}").get_data(as_text=True)
