"""A switch written "true" (as referee links write it) works in the new-game form too."""

from __future__ import annotations


def test_new_game_form_reads_a_switch_written_as_in_links(client):
    response = client.post("/games/new?game=gharat", data={
        "game": "gharat", "preset": "standard", "players": ["Ali", "Bahar", "Cyrus"],
        "teams": "none", "rules.pairs": "true", "first_dealer": "0"})
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/api/v1/games/{game_id}").get_json()["rules"]["pairs"] is True


def test_new_game_form_offers_switch_values_in_their_link_form(client):
    page = client.get("/games/new?game=gharat").get_data(as_text=True)
    assert 'name="rules.pairs" value="true"' in page
    assert 'name="rules.pairs" value="True"' not in page
