"""Reading never writes: every GET route, with every value its URL can take in a realistic
database, leaves every table exactly as it was.

The routes come from the app's URL map, so a new GET route is requested without touching this
file, as long as its URL parameters have names listed in `fillings`; a parameter with a name
it does not know fails the test, saying which.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from flask import url_for
from sqlalchemy import MetaData, select

from companion.digits import SYSTEMS
from companion.i18n import LANGUAGES
from companion.rules.catalogue import GAMES

from .helpers import BASRA_WIN, MADE_120, SHELEM_PLAYERS, sweep

SHLLAAT_HAND = {"jokers": [2, 0, 0], "aces": [2, 1, 1], "jacks": [2, 1, 1],
                "others": [20, 12, 12]}
GHARAT_HAND = {"numbers": [10, 20], "courts": [6, 6], "aces": [4, 0]}
MISSING = "nothing-here"


def dump(engine) -> dict[str, list[tuple]]:
    """Every row of every table (as the database has them, not as the models say)."""
    meta = MetaData()
    meta.reflect(bind=engine)
    with engine.connect() as conn:
        return {name: sorted(tuple(map(repr, row)) for row in conn.execute(select(table)))
                for name, table in meta.tables.items()}


def api(client, method: str, url: str, key: str | None = None, **body) -> Any:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    response = client.open(f"/api/v1{url}", method=method, json=body, headers=headers)
    assert response.status_code < 300, (url, response.get_json())
    return response.get_json()


class World:
    """Games of every kind, a Basra match, play-along, history, a deleted game, and a
    tournament of each format with results; `editor` holds every key, as scorer and director."""

    def __init__(self, app):
        self.editor, self.spectator = app.test_client(), app.test_client()
        self.keys: dict[str, str] = {}  # game id -> edit key
        self.directors: dict[str, str] = {}  # tournament id -> director key
        self.tables: dict[tuple[str, int], str] = {}  # (tournament, match) -> scorer key
        self.sides: dict[tuple[str, int], list[str]] = {}  # (tournament, match) -> side keys
        self.seasons: dict[str, str] = {}  # season id -> its key
        self._games()
        self._tournaments()
        self._season()

    def game(self, name: str, players: list[str], *hands: dict) -> str:
        made = api(self.editor, "POST", "/games", game=name, players=players)
        self.keys[made["id"]] = made["edit_key"]
        self.editor.set_cookie(f"edit_{made['id']}", made["edit_key"])
        for hand in hands:
            api(self.editor, "POST", f"/games/{made['id']}/hands", made["edit_key"], hand=hand)
        return made["id"]

    def _games(self) -> None:
        basra = self.game("basra", ["Ali", "Omar"], BASRA_WIN)
        self.editor.post(f"/games/{basra}/play-along/card", data={"card": "4S", "version": 1})
        corrected = self.game("basra", ["Ali", "Omar"], BASRA_WIN, BASRA_WIN)
        api(self.editor, "PUT", f"/games/{corrected}/hands/1", self.keys[corrected],
            hand=sweep(1), version=3)
        api(self.editor, "POST", f"/games/{corrected}/undo", self.keys[corrected])
        finished = self.game("basra", ["Ali", "Omar"], sweep(0))
        following = self.editor.post(f"/games/{finished}/next").headers["Location"]
        self.keys[following.removeprefix("/games/")] = self.keys[finished]
        self.game("shllaat", ["Ali", "Bahar", "Cyrus"], SHLLAAT_HAND)
        self.game("gharat", ["Ali", "Bahar"], GHARAT_HAND)
        self.game("shelem", SHELEM_PLAYERS, MADE_120)
        gone = self.game("gharat", ["Ali", "Bahar"])
        assert self.editor.post(f"/games/{gone}/delete").status_code == 303

    def tournament(self, fmt: str, entrants: list[str], game: str = "basra",
                   **settings) -> tuple[str, list[dict]]:
        made = api(self.editor, "POST", "/tournaments", name=fmt, game=game, format=fmt,
                   entrants=entrants, settings=settings)
        tid = made["id"]
        self.directors[tid] = made["director_key"]
        self.editor.set_cookie(f"director_{tid}", made["director_key"])
        return tid, self.pair(tid)

    def pair(self, tid: str) -> list[dict]:
        """The next round's tables (byes left out), the editor holding each scorer key."""
        matches = api(self.editor, "POST", f"/tournaments/{tid}/rounds",
                      self.directors[tid])["matches"]
        tables = [m for m in matches if not m["bye"]]
        for match in tables:
            self.tables[(tid, match["id"])] = match["edit_key"]
            self.keys[match["current_game"]] = match["edit_key"]
            self.editor.set_cookie(f"edit_{match['current_game']}", match["edit_key"])
        return tables

    def _tournaments(self) -> None:
        four = ["Ali", "Bahar", "Cyrus", "Dara"]
        _tid, swiss = self.tournament("swiss", [*four, "Emad"], best_of=1)
        api(self.editor, "POST", f"/games/{swiss[0]['current_game']}/hands",
            swiss[0]["edit_key"], hand=sweep(1))
        tid, knockout = self.tournament("knockout", four, best_of=1)
        for match in knockout:
            api(self.editor, "POST", f"/games/{match['current_game']}/hands",
                match["edit_key"], hand=sweep(0))
        self.pair(tid)  # the final
        tid, (confirmed, disputed) = self.tournament("knockout", four, best_of=1,
                                                     confirm_results=True)
        for match, body in ((confirmed, {}), (disputed, {"dispute": "Our basra"})):
            self.sides[(tid, match["id"])] = match["side_keys"]
            api(self.editor, "POST", f"/games/{match['current_game']}/hands",
                match["edit_key"], hand=sweep(0))
            api(self.editor, "POST", f"/tournaments/{tid}/matches/{match['id']}/confirm",
                match["side_keys"][1], **body)
        _tid, (table,) = self.tournament("round_robin", ["Ali", "Bahar", "Cyrus"], "shllaat",
                                         table_size=3, rounds=1)
        api(self.editor, "POST", f"/games/{table['current_game']}/hands", table["edit_key"],
            hand=SHLLAAT_HAND)
        tid, (played, manual) = self.tournament("round_robin", four, best_of=3)
        api(self.editor, "PUT", f"/tournaments/{tid}/matches/{manual['id']}/result",
            self.directors[tid], winner=1, reason="Cyrus had to leave")
        # Last of all, so only the save could have started the match's next game.
        finished = api(self.editor, "POST", f"/games/{played['current_game']}/hands",
                       played["edit_key"], hand=sweep(0))
        self.editor.set_cookie(f"edit_{finished['match']['next_game']}", played["edit_key"])

    def _season(self) -> None:
        """A Basra season holding every Basra tournament: finished and being played."""
        made = api(self.editor, "POST", "/seasons", name="Winter", game="basra", count_best=2)
        self.seasons[made["id"]] = made["key"]
        self.editor.set_cookie(f"season_{made['id']}", made["key"])
        from companion.models_tournament import Tournament
        for row in stored(self.editor.application, select(Tournament.id, Tournament.game)):
            if row.game == "basra":
                api(self.editor, "POST", f"/seasons/{made['id']}/events", made["key"],
                    tournament=row.id)


def stored(app, query) -> list[Any]:
    with app.extensions["engine"].connect() as conn:
        return list(conn.execute(query))


def fillings(app, world: World, rule) -> list[dict[str, Any]]:
    """Every way to fill the rule's URL parameters from the world (and one that is not in it).

    Parameters filled together come first, then one at a time; a name not known here fails.
    """
    from companion.models import Game, KnownPlayer
    from companion.models_tournament import Entrant, Match

    games = [(row.id, row.hand_count) for row in stored(app, select(Game.id, Game.hand_count))]
    names = [row.name for row in stored(app, select(KnownPlayer.name))]
    names += [row.name for row in stored(app, select(Entrant.name))]
    matches = [(row.tournament_id, row.id) for row in stored(
        app, select(Match.tournament_id, Match.id))]
    static = Path(app.static_folder)
    together = {
        ("game_id", "number"): [{"game_id": g, "number": n} for g, count in games
                                for n in range(1, count + 2)],
        ("match_id", "tournament_id"): [{"tournament_id": t, "match_id": m}
                                        for t, m in matches] + [
            {"tournament_id": MISSING, "match_id": 99999}],
    }
    alone = {
        "game_id": [g for g, _count in games] + [MISSING],
        "side": [0, 1, 99],
        "tournament_id": [*world.directors, MISSING],
        "season_id": [*world.seasons, MISSING],
        "name": [*names, MISSING],
        "game": [*GAMES, MISSING],
        "code": [*LANGUAGES, "xx"],
        "system": [*SYSTEMS, "xx"],
        "filename": [str(p.relative_to(static)) for p in static.rglob("*") if p.is_file()],
    }
    wanted = set(rule.arguments)
    choices: list[list[dict[str, Any]]] = []
    for names_together, values in together.items():
        if set(names_together) <= wanted:
            choices.append(values)
            wanted -= set(names_together)
    unknown = sorted(wanted - set(alone))
    if unknown:
        pytest.fail(f"{rule.rule}: no values for {unknown}; add them to fillings()")
    choices += [[{name: value} for value in alone[name]] for name in sorted(wanted)]
    return [dict(itertools.chain.from_iterable(d.items() for d in combo))
            for combo in itertools.product(*choices)]


def queries(world: World, endpoint: str, args: dict[str, Any]) -> list[dict[str, Any]]:
    """Query strings that route reads too: keys in links, pollers' `since`, chosen modes."""
    game, tid = args.get("game_id"), args.get("tournament_id")
    extra: dict[str, list[dict[str, Any]]] = {
        "games.show": [{"key": world.keys.get(game, "wrong")}, {"key": "wrong"}],
        "games.board": [{"since": 1}, {"since": 999}],
        "games.new": [{"game": name} for name in GAMES] + [{"game": "basra",
                                                            "preset": "jordanian"}],
        "entry.new_hand": [{"mode": "cards"}, {"mode": "quick"}],
        "entry.edit_hand": [{"mode": "cards"}],
        "referee.game": [{"from": g} for g in world.keys],
        "tournaments.show": [{"key": world.directors.get(tid, "wrong")}, {"created": 1}],
        "seasons.show": [{"key": world.seasons.get(args.get("season_id"), "wrong")},
                         {"created": 1}],
        "tournaments.table": [{"key": world.tables.get((tid, args.get("match_id")), "wrong")}],
        "tournaments.standings": [{"since": 1}],
        "tournaments.screen": [{"since": 1}],
        "tournament_extras.side": [{"key": key} for key in world.sides.get(
            (tid, args.get("match_id")), ["wrong"])],
    }
    return [{}, *extra.get(endpoint, [])]


def test_no_get_route_changes_the_database(app):
    world = World(app)
    engine = app.extensions["engine"]
    before = dump(engine)
    assert before["matchgame"] and before["playalong"] and before["gameevent"]
    requested = set()
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods:
            continue
        for args in fillings(app, world, rule):
            for query in queries(world, rule.endpoint, args):
                with app.test_request_context():
                    url = url_for(rule.endpoint, **args, **query)
                for client, headers in ((world.editor, {}), (world.editor, {"HX-Request": "true"}),
                                        (world.spectator, {})):
                    response = client.get(url, headers=headers)
                    assert response.status_code < 500, url
                    requested.add(rule.endpoint)
        after = dump(engine)
        changed = [name for name in before if before[name] != after[name]]
        assert not changed, f"GET {rule.rule} changed {changed}"
    assert {"tournaments.show", "api.get_tournament", "tournaments.standings_csv",
            "playalong.show", "tournaments.table"} <= requested


def test_a_route_parameter_nobody_fills_fails_the_check_by_name(app):
    rule = SimpleNamespace(rule="/games/<game_id>/seats/<seat>", arguments={"game_id", "seat"})
    with pytest.raises(pytest.fail.Exception, match=r"no values for \['seat'\]"):
        fillings(app, SimpleNamespace(directors={}, seasons={}), rule)
