"""What several test modules share: hands, API and page calls, a gunicorn server."""

from __future__ import annotations

import ast
import json
import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any

import jsonschema_rs
import sqlalchemy
from flask.testing import FlaskClient

import companion
from companion import create_app
from companion.config import database_url
from companion.db import get_session
from companion.services import games

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get("COMPANION_TEST_DATABASE_URL")
REDIS_URL = os.environ.get("COMPANION_TEST_REDIS_URL")

# ---------------------------------------------------------------- players and hands

PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]
SHELEM_PLAYERS = PLAYERS
SHELEM = {"game": "shelem", "players": PLAYERS}
HAND = {"bidder": 0, "bid": 100, "bidder_points": 100}  # made: [100, 65]
MADE_120 = {"bidder": 0, "bid": 120, "bidder_points": 130}      # 130 / 35
BASRA_WIN = {"cards": [40, 12], "jacks": [4, 0], "aces": [4, 0], "two_of_clubs": 0,
             "ten_of_diamonds": 0, "basras": [3, 0]}  # 73 for side 0: two make a game
BASRA_LOSS = {**BASRA_WIN, "cards": [12, 40], "jacks": [0, 4], "aces": [0, 4],
              "two_of_clubs": 1, "ten_of_diamonds": 1, "basras": [0, 3]}
BASRA_QUICK = {"mode": "quick", "cards_0": "27", "jacks_0": "2", "aces_0": "2",
               "two_of_clubs": "0", "ten_of_diamonds": "1", "basras_0": "1", "basras_1": "0"}


def basra(first: list[int], second: list[int], two_of_clubs: int, ten_of_diamonds: int,
          basras: tuple[int, int] = (0, 0)) -> dict:
    """A 2-player count-form Basra hand: each side's (cards, jacks, aces)."""
    return {"cards": [first[0], second[0]], "jacks": [first[1], second[1]],
            "aces": [first[2], second[2]], "two_of_clubs": two_of_clubs,
            "ten_of_diamonds": ten_of_diamonds, "basras": list(basras)}


# Amal 36 – Badr 7: most cards 30 + 4 jacks + 2 aces against 2 aces + 2♣ 2 + 10♦ 3.
AMAL_36 = basra([30, 4, 2], [22, 0, 2], 1, 1)
# Amal 6 – Badr 257: 4 aces + 2♣ against most cards 30 + 4 jacks + 10♦ 3 + 22 basras.
BADR_257 = basra([8, 0, 4], [44, 4, 0], 0, 1, (0, 22))


def sweep(side: int) -> dict:
    """A hand worth 163 to `side`: enough to win a game to 101, or the decider to 150."""
    mine = {"cards": 40, "jacks": 4, "aces": 4, "basras": 12}
    theirs = {"cards": 12, "jacks": 0, "aces": 0, "basras": 0}
    pair = [mine, theirs] if side == 0 else [theirs, mine]
    hand = {key: [pile[key] for pile in pair] for key in mine}
    return {**hand, "two_of_clubs": side, "ten_of_diamonds": side}


def gharat_points(*per_side: int) -> dict:
    """A count-form hand giving each side the points asked: aces first, then courts, numbers."""
    left = {"aces": [4, 20], "courts": [12, 10], "numbers": [36, 5]}
    hand: dict = {kind: [] for kind in left}
    for wanted in per_side:
        for kind, (cards, value) in left.items():
            taken = min(cards, wanted // value)
            hand[kind].append(taken)
            wanted -= taken * value
            left[kind][0] -= taken
        assert wanted == 0
    return hand


def shelem_hand(bidder, bid, points):
    return {"bidder": bidder, "bid": bid, "bidder_points": points}


def shllaat_counts(jokers, aces, jacks, others) -> dict:
    return {"jokers": jokers, "aces": aces, "jacks": jacks, "others": others}


def shllaat_even_hand(first: int, second: int) -> dict:
    """A two-player count-form hand worth `first` and `second` (first + second = 252)."""
    assert first + second == 252 and 108 <= first <= 144
    return shllaat_counts([2, 0], [0, 4], [4, 0], [first - 108, 44 - (first - 108)])


# ---------------------------------------------------------------- games through the API

def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def auth(game):
    return bearer(game["edit_key"])


class Described:
    """The test client, each /api/v1 call checked against GET /api/v1/openapi.json."""

    def __init__(self, client):
        self.client = client
        self.doc = client.get("/api/v1/openapi.json").get_json()
        # Literal paths first: /games/import is not the game "import".
        self.paths = sorted(self.doc["paths"], key=lambda path: path.count("{"))
        self.seen: set[tuple[str, str, int]] = set()

    def __call__(self, method, url, json=None, key=None, status=None, headers=()):
        sent = dict(headers) | (bearer(key) if key else {})
        response = self.client.open(url, method=method.upper(), json=json, headers=sent)
        if status is not None:
            assert response.status_code == status, response.get_json()
        path = self.path(url)
        operation = self.doc["paths"][path][method]
        code = str(response.status_code)
        assert code in operation["responses"], (method, path, code)
        content = operation["responses"][code].get("content")
        if content:
            self.check(content["application/json"]["schema"], response.get_json(), url)
        if json is not None and response.status_code < 300:
            self.check(operation["requestBody"]["content"]["application/json"]["schema"],
                       json, url)
        self.seen.add((method, path, response.status_code))
        return response.get_json()

    def path(self, url):
        asked = url.split("?")[0].removeprefix("/api/v1")
        return next(path for path in self.paths
                    if re.fullmatch(re.sub(r"\{[\w-]+\}", "[^/]+", path), asked))

    def check(self, schema, value, where):
        validator = jsonschema_rs.Draft202012Validator(
            schema | {"components": self.doc["components"]})
        errors = [str(error) for error in validator.iter_errors(value)]
        assert not errors, (where, errors)


class HandsDescribed(FlaskClient):
    """The test client (conftest's), every hand an /api/v1 call takes checked against the
    hand body its game's spec declares to the OpenAPI description: what the rules take,
    the description must not refuse."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        for game, hand in hands_taken(response, kwargs.get("json")):
            check_described_hand(self.application, game, hand)
        return response


def hands_taken(response, body: object) -> list[tuple[str, object]]:
    """(game, hand) for every hand an /api/v1 call took, sent as `body`: scored, added,
    corrected, imported."""
    request = response.request
    if (response.status_code >= 300 or not request.path.startswith("/api/v1/")
            or not isinstance(body, dict) or "/seats/" in request.path):
        return []  # a seat's `hand` is the number of the hand being entered
    if "hand" in body:
        scored = re.fullmatch(r"/api/v1/score/([^/]+)", request.path)
        return [(scored[1] if scored else response.get_json()["game"], body["hand"])]
    if request.path == "/api/v1/games/import":
        return [(body["game"], hand["hand"]) for hand in body["hands"]]
    return []


_HAND_SCHEMAS: dict[tuple, tuple[dict, dict]] = {}


def hand_schema(app, game: str) -> tuple[dict, dict] | None:
    """The description's schema of a game's written hand and the schemas it refers to (None:
    its spec declares none), for the games the catalogue holds now."""
    from companion.api.openapi import document
    from companion.rules.catalogue import GAMES

    key = tuple((name, spec.hand_body) for name, spec in GAMES.items())
    if key not in _HAND_SCHEMAS:
        with app.app_context():
            _HAND_SCHEMAS[key] = ({name: spec.hand_body.__name__ for name, spec in GAMES.items()
                                   if spec.hand_body}, document()["components"])
    names, components = _HAND_SCHEMAS[key]
    if game not in names:
        return None
    return {"$ref": f"#/components/schemas/{names[game]}"}, components


def hand_errors(app, game: str, hand: object) -> list[str]:
    """Why the description refuses `hand` as one of `game`'s (none: it describes it)."""
    schema, components = hand_schema(app, game) or ({}, {})
    validator = jsonschema_rs.Draft202012Validator(schema | {"components": components})
    return [str(error) for error in validator.iter_errors(hand)]


def check_described_hand(app, game: str, hand: object) -> None:
    errors = hand_errors(app, game, hand)
    assert not errors, (f"a {game} hand the rules took is not the one described", hand, errors)


def create_shelem(client, **overrides):
    response = client.post("/api/v1/games", json={**SHELEM, **overrides})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def create_basra(client, game="basra", players=("Amal", "Badr"), **extra):
    response = client.post("/api/v1/games", json={"game": game, "players": list(players),
                                                  **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def create_game(client, players=PLAYERS, target=100_000) -> dict:
    """A Shelem game through the API, with a target far enough away for long tests."""
    response = client.post("/api/v1/games", json={"game": "shelem", "players": players,
                                                  "target": target})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def add(client, game, hand, **headers):
    return client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": hand},
                       headers={**auth(game), **headers})


def add_hand(client, game: dict, key: str | None = None, hand=HAND, **headers):
    return client.post(f"/api/v1/games/{game['id']}/hands", json={"hand": hand},
                       headers={**bearer(key or game["edit_key"]), **headers})


def game_json(client, game_id):
    return client.get(f"/api/v1/games/{game_id}").get_json()


def score(client, game, hand, rules=None):
    body = {"hand": hand}
    if rules is not None:
        body["rules"] = rules
    return client.post(f"/api/v1/score/{game}", json=body)


# ---------------------------------------------------------------- games through the pages


def api_game_id(client, game, players, editor=True, **extra):
    """A game made over the API, its edit cookie set on this client unless `editor=False`."""
    body = client.post("/api/v1/games", json={"game": game, "players": players, **extra})
    assert body.status_code == 201, body.get_json()
    data = body.get_json()
    if editor:
        client.set_cookie("edit_" + data["id"], data["edit_key"])
    return data["id"]


def opened_game(client, kind, players):
    """A game made over the API and opened once on this phone (so it is in its records)."""
    response = client.post("/api/v1/games", json={"game": kind, "players": players})
    assert response.status_code == 201, response.get_json()
    client.get(f"/games/{response.get_json()['id']}")  # this phone opened it: its records
    return response.get_json()


def save(client, game_id, fields, number=None, **headers):
    url = (f"/games/{game_id}/hands/{number}/edit" if number else f"/games/{game_id}/hands/new")
    version = game_json(client, game_id)["version"]
    return client.post(url, data={"version": version, **fields}, headers=headers)


def make_game(app, game="shelem", players=SHELEM_PLAYERS, hands=(), **options):
    """A game created and played through the services, as another phone would."""
    with app.app_context():
        session = get_session()
        loaded, key = games.create_game(session, game, options.pop("rules", None), players,
                                       **options)
        for hand in hands:
            games.add_hand(session, loaded.row.id, hand)
        return loaded.row.id, key


def as_editor(client, game_id, key):
    client.set_cookie(f"edit_{game_id}", key)
    return client


def text(response) -> str:
    """The page's visible text, tags removed and spaces squeezed."""
    html = re.sub(r"<(script|title)[^>]*>.*?</\1>", " ", response.get_data(as_text=True),
                  flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def all_text(response) -> str:
    """All the page's text, title and scripts included, tags dropped and spaces squeezed."""
    body = response.get_data(as_text=True)
    body = re.sub(r"<[^>]+>", " ", body)
    return " ".join(unescape(body).split())


def totals(response) -> list[str]:
    return re.findall(r'data-total-side="\d+">([^<]*)<', response.get_data(as_text=True))


def next_button(response) -> bool:
    return "Next game of the match" in text(response)


def in_locale(app, locale, digits=None):
    """A request context whose cookies ask for `locale` (and `digits`)."""
    cookies = f"lang={locale}" + (f"; digits={digits}" if digits else "")
    return app.test_request_context("/", headers={"Cookie": cookies})


def limited_app(db_url: str, **config):
    return create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "limits",
                       "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": True,
                       "RATELIMIT_WRONG_KEY": "3/minute", "RATELIMIT_CREATE_GAME": "2/minute",
                       "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}", **config})


def client_at(app, address: str):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


# ---------------------------------------------------------------- tournaments


def create_tournament(client, **overrides):
    body = {"name": "Friday", "game": "basra", "format": "round_robin",
            "entrants": ["Ali", "Bahar", "Cyrus", "Dara"], **overrides}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def director(t):
    return bearer(t["director_key"])


def scorer(match):
    return bearer(match["edit_key"])


def next_round(client, t):
    response = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=director(t))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def play(client, match, hand, hands=2):
    """Play the match's current game: the same hand `hands` times (two win a game to 101)."""
    for _ in range(hands):
        response = client.post(f"/api/v1/games/{match['current_game']}/hands",
                               json={"hand": hand}, headers=scorer(match))
        assert response.status_code == 201, response.get_json()


def fresh_match(client, t, number):
    body = client.get(f"/api/v1/tournaments/{t['id']}", headers=director(t)).get_json()
    return next(m for r in body["rounds"] for m in r["matches"] if m["id"] == number)


def first_match(client, best_of: int = 3):
    t = create_tournament(client, settings={"best_of": best_of})
    return t, next_round(client, t)["matches"][0]  # Ali against Dara


def confirming(client, format="knockout", entrants=None, **settings):
    return create_tournament(client, format=format,
                             entrants=entrants or ["Ali", "Bahar", "Cyrus", "Dara"],
                             settings={"best_of": 1, "confirm_results": True, **settings})


def desk(client, t):
    client.get(f"/tournaments/{t['id']}?key={t['director_key']}")  # the director's cookie
    return text(client.get(f"/tournaments/{t['id']}"))


def set_result(client, t, match_id, **data):
    """The director sets a match's result through the API (`winner`, `clear`, `cascade`)."""
    return client.put(f"/api/v1/tournaments/{t['id']}/matches/{match_id}/result",
                      json={"reason": "names swapped", **data}, headers=director(t))


def tournament_history(client, t) -> list[dict]:
    response = client.get(f"/api/v1/tournaments/{t['id']}/history", headers=director(t))
    assert response.status_code == 200
    return response.get_json()["events"]


def desk_second_wins(client, t, match_id, **extra):
    """The desk's result form (the director's cookie set): the match's second side won."""
    return client.post(f"/tournaments/{t['id']}/matches/{match_id}/result",
                       data={"places": ["2", "1"], "points": ["", ""],
                             "reason": "names swapped", **extra})


# ---------------------------------------------------------------- databases


def with_driver(url: str) -> str:
    """`url` with the SQLAlchemy driver Companion would use for it."""
    class _Fake:
        config = {"DATABASE_URL": url}
        instance_path = "."

    return database_url(_Fake())  # type: ignore[arg-type]


# ---------------------------------------------------------------- gunicorn in a subprocess


# `make run`'s server command, as the Makefile runs it (gevent patches before any import).
MAKE_RUN = [sys.executable, "-m", "gevent.monkey", "--module", "companion.serve"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: Path

    def call(self, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None, timeout: float = 30) -> tuple[int, Any]:
        """One request on a new connection (so the kernel may hand it to any worker)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: no shutdown code runs."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@contextmanager
def gunicorn(env: dict[str, str], log: Path, workers: int = 2, threads: int = 4,
             extra: tuple[str, ...] = (), worker_class: str = "gthread",
             port: int | None = None) -> Iterator[Server]:
    """`python -m gunicorn 'companion:create_app()'` on a free loopback port (or on `port`:
    the same server back after a kill)."""
    port = port or free_port()
    pool = (["--threads", str(threads)] if worker_class == "gthread"
            else ["--worker-connections", env.get("WORKER_CONNECTIONS", "2000")])
    command = [sys.executable, "-m", "gunicorn", "companion:create_app()",
               "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
               "--worker-class", worker_class, *pool,
               "--access-logfile", "-", "--access-logformat", "%(p)s %(m)s %(U)s %(s)s", *extra]
    full_env = {**os.environ, "SECRET_KEY": "gunicorn-test", **env}
    with served(command, full_env, port, log) as server:
        yield server


def copied_sqlite(folder: Path, template: Path) -> str:
    """The URL of a copy of the migrated `template` in `folder`."""
    shutil.copy(template, folder / "companion.db")
    return f"sqlite:///{folder / 'companion.db'}"


@contextmanager
def make_run(folder: Path, database_url: str) -> Iterator[Server]:
    """`make run`'s server (one gevent worker, rate limits and access log on) on a free port,
    logging to `folder`/serve.log."""
    port, log = free_port(), folder / "serve.log"
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "SECRET_KEY": "make-run",
           "DATABASE_URL": database_url}
    with served(MAKE_RUN, env, port, log) as server:
        yield server


@contextmanager
def served(command: list[str], env: dict[str, str], port: int, log: Path) -> Iterator[Server]:
    """`command` serving on 127.0.0.1:`port` in a process group of its own, logging to `log`,
    once it answers; stopped (SIGTERM, then SIGKILL after 15 s) when the block ends."""
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", process, log)
    try:
        wait_until_up(server)
        yield server
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()


def wait_until_up(server: Server, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError("gunicorn exited:\n" + server.log.read_text()[-3000:])
        try:
            if server.call("GET", "/api/v1/rules")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer:\n" + server.log.read_text()[-3000:])


def new_game(server: Server, players: list[str] | None = None) -> dict:
    status, game = server.call("POST", "/api/v1/games", {
        "game": "shelem", "players": players or ["Ali", "Bahar", "Cyrus", "Dara"],
        "target": 100_000})
    assert status == 201, game
    return game


def save_hand(server: Server, game: dict) -> tuple[int, Any]:
    return server.call("POST", f"/api/v1/games/{game['id']}/hands", {"hand": HAND},
                       {"Authorization": f"Bearer {game['edit_key']}"})


@contextmanager
def open_streams(server: Server, heads: list[str], seconds: float = 20
                 ) -> Iterator[list[int | None]]:
    """Send every request head in `heads` at once, each on a connection of its own; the
    status each is answered with within `seconds` (None: none). The streams answered 200 stay
    open until the block ends; every other connection is closed once answered."""
    port = int(server.url.rsplit(":", 1)[1])
    conns = [socket.create_connection(("127.0.0.1", port), timeout=seconds) for _ in heads]
    statuses: list[int | None] = [None] * len(heads)
    try:
        for conn, head in zip(conns, heads, strict=True):
            conn.sendall(head.encode("latin-1"))
        _read_statuses(conns, statuses, time.monotonic() + seconds)
        yield statuses
    finally:
        for conn in conns:
            conn.close()


def _read_statuses(conns: list[socket.socket], statuses: list[int | None],
                   deadline: float) -> None:
    """Each connection's status code into `statuses`, as the answers come, until `deadline`."""
    waiting, read = selectors.DefaultSelector(), {index: b"" for index in range(len(conns))}
    for index, conn in enumerate(conns):
        waiting.register(conn, selectors.EVENT_READ, index)
    while waiting.get_map() and (left := deadline - time.monotonic()) > 0:
        for found, _ in waiting.select(left):
            index = found.data
            part = conns[index].recv(4096)
            read[index] += part
            if b"\r\n" in read[index] or not part:
                waiting.unregister(conns[index])
                line = read[index].split(b"\r\n", 1)[0].split()
                statuses[index] = int(line[1]) if len(line) > 1 else None
                if statuses[index] != 200:
                    conns[index].close()
    waiting.close()


def stream_head(path: str, cookie: str = "") -> str:
    """A browser's request for a live stream (an EventSource), with `cookie` if given."""
    cookies = f"Cookie: {cookie}\r\n" if cookie else ""
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{cookies}\r\n"


def raw_request(port: int, head: str, body: bytes = b"") -> str:
    """Send exactly these bytes (a request line no client library would write) to the server
    on 127.0.0.1:`port`; its answer's head and start."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        answer = b""
        with suppress(OSError):  # a server may answer and close before the end
            conn.sendall(head.encode("latin-1") + body)
        with suppress(OSError):
            while b"\r\n\r\n" not in answer and (part := conn.recv(65536)):
                answer += part
    return answer.decode("latin-1")


def chunked(body: bytes, size: int = 65536) -> bytes:
    """`body` in Transfer-Encoding: chunked form."""
    parts = [body[i:i + size] for i in range(0, len(body), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in parts) + b"0\r\n\r\n"


# ---------------------------------------------------------------- the package's own imports

PACKAGE = Path(companion.__file__).parent


def package_modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        if "migrations" in path.parts:  # Alembic loads these files by path, never by import
            continue
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def package_imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports, wherever in the file the import is."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found |= {target} if target in known else {base} & known.keys()
    return found - {name}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package, with the package's modules it imports."""
    known = package_modules()
    return {name: package_imports(name, path, known) for name, path in known.items()}


def reached(start: str, graph: dict[str, set[str]]) -> set[str]:
    """The package's modules `start` imports, directly or through others, and itself."""
    seen, pending = {start}, [start]
    while pending:
        for following in graph[pending.pop()] - seen:
            seen.add(following)
            pending.append(following)
    return seen


# ---------------------------------------------------------------- rows as an older schema left them

OLD_GAME = {"teams": None, "first_dealer": 0, "version": 1, "edit_key_hash": "x",
            "finished": 0, "winners": "[]", "hand_count": 0, "created_at": "2026-01-01",
            "updated_at": "2026-01-01"}


def insert_old_game(conn: Any, **fields: Any) -> None:
    """A game row with the columns every migration up to 0013 has (id, game, rules, players,
    totals given; the rest as OLD_GAME), written with SQL as an older Companion wrote it."""
    row = {**OLD_GAME, **fields}
    conn.execute(sqlalchemy.text(f"INSERT INTO game ({', '.join(row)}) "
                                 f"VALUES ({', '.join(':' + name for name in row)})"), row)
