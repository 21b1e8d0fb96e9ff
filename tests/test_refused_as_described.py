"""What the API's description forbids, the server refuses, with a sentence, and changes
nothing: a null version on undo, and a result's `places` or `points` that are not lists beside
`clear` (which reads neither)."""

from __future__ import annotations

from .helpers import add_hand, create_game, director, first_match, game_json


def test_undo_with_a_null_version_is_refused_and_undoes_nothing(client):
    game = create_game(client)
    assert add_hand(client, game).status_code == 201
    response = client.post(f"/api/v1/games/{game['id']}/undo", json={"version": None},
                           headers={"Authorization": f"Bearer {game['edit_key']}"})
    assert response.status_code == 400
    assert "The version must be a whole number." in response.get_data(as_text=True)
    assert len(game_json(client, game["id"])["hands"]) == 1


def test_a_result_whose_places_are_not_a_list_is_refused_beside_clear(client):
    t, match = first_match(client)
    path = f"/api/v1/tournaments/{t['id']}/matches/{match['id']}/result"
    before = client.get(f"/api/v1/tournaments/{t['id']}/history").get_json()
    for field, value, sentence in (
            ("places", True, "Give each side's place"),
            ("points", "many", "Give one whole number of game points per side.")):
        response = client.put(path, json={"clear": True, field: value, "reason": "phone died"},
                              headers=director(t))
        assert response.status_code == 400, field
        assert sentence in response.get_data(as_text=True)
    assert client.get(f"/api/v1/tournaments/{t['id']}/history").get_json() == before
