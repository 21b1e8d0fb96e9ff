"""At a real table: links phones can open (PUBLIC_URL, the LAN address instead of loopback),
hosts a hosted server answers to, resends that never double a change, the installable app."""

from __future__ import annotations

import pytest

from companion import create_app
from companion.hosts import split_host

PLAYERS = ["Ali", "Omar", "Sara", "Mina"]
# Shelem, 165 points a hand: the bidding team made its bid and keeps its points, the other
# team has the rest.
MADE_130 = {"mode": "quick", "bidder": "0", "bid": "120", "bidder_points": "130"}  # [130, 35]
MADE_150 = {"mode": "quick", "bidder": "0", "bid": "120", "bidder_points": "150"}  # [150, 15]


@pytest.fixture
def configured(db_url):
    """An app with extra settings, as `make run` or a hosted server would have them."""
    apps = []

    def make(**settings):
        app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                          "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False, **settings})
        apps.append(app)
        return app.test_client()

    yield make
    for app in apps:
        app.extensions["engine"].dispose()


def new_game(client, **environ) -> dict:
    response = client.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS},
                           **environ)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def editor(client, game: dict, domain: str = "localhost") -> None:
    client.set_cookie("edit_" + game["id"], game["edit_key"], domain=domain)


def totals(client, game: dict) -> list[int]:
    return client.get(f"/api/v1/games/{game['id']}").get_json()["totals"]


# --- Links phones can open ----------------------------------------------------------------

def test_public_url_makes_every_absolute_link(configured):
    client = configured(PUBLIC_URL="https://cards.example.org/")
    game = new_game(client, base_url="http://127.0.0.1:5000")
    assert game["view_url"] == f"https://cards.example.org/games/{game['id']}"
    assert game["edit_url"] == f"https://cards.example.org/games/{game['id']}?key={game['edit_key']}"
    editor(client, game, "10.0.0.7")
    page = client.get(f"/games/{game['id']}", base_url="http://10.0.0.7:8000")
    html = page.get_data(as_text=True)
    assert f'value="https://cards.example.org/games/{game["id"]}"' in html
    edit_url = f"https://cards.example.org/games/{game['id']}?key={game['edit_key']}"
    assert f'data-copy="{edit_url}"' in html
    assert "10.0.0.7" not in html
    rotated = client.post(f"/api/v1/games/{game['id']}/key",
                          headers={"Authorization": f"Bearer {game['edit_key']}"}).get_json()
    assert rotated["edit_url"].startswith(f"https://cards.example.org/games/{game['id']}?key=")


def test_public_url_with_a_path_keeps_it(configured):
    client = configured(PUBLIC_URL="https://example.org/cards")
    game = new_game(client)
    assert game["view_url"] == f"https://example.org/cards/games/{game['id']}"


def test_a_page_opened_on_the_server_itself_links_to_its_lan_address(configured):
    client = configured(LAN_ADDRESS="192.168.1.20")
    for loopback in ("http://127.0.0.1:5000", "http://localhost:5000", "http://[::1]:5000"):
        game = new_game(client, base_url=loopback)
        assert game["view_url"] == f"http://192.168.1.20:5000/games/{game['id']}"
    editor(client, game, "127.0.0.1")
    html = client.get(f"/games/{game['id']}", base_url="http://127.0.0.1:5000").get_data(
        as_text=True)
    assert f'value="http://192.168.1.20:5000/games/{game["id"]}"' in html
    assert "127.0.0.1" not in html
    # A phone that came by the LAN address or a name keeps that address.
    game = new_game(client, base_url="http://laptop.local:5000")
    assert game["view_url"] == f"http://laptop.local:5000/games/{game['id']}"


def test_without_a_lan_address_links_keep_the_address_used(configured):
    client = configured()
    game = new_game(client, base_url="http://127.0.0.1:5000")
    assert game["view_url"] == f"http://127.0.0.1:5000/games/{game['id']}"


# --- Hosts a hosted server answers to -----------------------------------------------------

def test_allowed_hosts_refuses_other_names_with_400(configured):
    client = configured(ALLOWED_HOSTS="cards.example.org, .example.net")
    assert client.get("/", base_url="https://cards.example.org").status_code == 200
    assert client.get("/", base_url="https://cards.example.org:8443").status_code == 200
    assert client.get("/", base_url="https://tables.example.net").status_code == 200
    page = client.get("/", base_url="https://evil.example")
    assert page.status_code == 400
    assert "This server does not answer to that address." in page.get_data(as_text=True)
    api = client.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS},
                      base_url="https://evil.example")
    assert api.status_code == 400
    assert api.get_json() == {"error": "This server does not answer to that address."}


def test_allowed_hosts_from_the_environment(monkeypatch, configured):
    monkeypatch.setenv("ALLOWED_HOSTS", "cards.example.org")
    client = configured()
    assert client.get("/", base_url="http://127.0.0.1").status_code == 400
    assert client.get("/", base_url="http://cards.example.org").status_code == 200


def test_without_allowed_hosts_any_name_is_answered(configured):
    assert configured().get("/", base_url="http://anything.example").status_code == 200


@pytest.mark.parametrize(("host", "allowed", "expected"), [
    ("example.org", ["example.org"], True),
    ("EXAMPLE.org:443", ["example.org"], True),
    ("a.example.org", ["example.org"], False),
    ("a.example.org", [".example.org"], True),
    ("example.org", [".example.org"], True),
    ("badexample.org", [".example.org"], False),
    ("[::1]:5000", ["::1"], True),
    ("[::1]", ["[::1]"], True),
    ("[fd00::2]:5000", ["FD00::2"], True),
    ("[::2]:5000", ["::1"], False),
    ("[::1]:5000", ["example.org"], False),
    ("whatever", ["*"], True),
])
def test_host_matching(configured, host, allowed, expected):
    client = configured(ALLOWED_HOSTS=", ".join(allowed))
    assert (client.get("/", base_url=f"http://{host}").status_code == 200) is expected


def test_split_host():
    assert split_host("[::1]:5000") == ("::1", "5000")
    assert split_host("Example.org") == ("example.org", None)


# --- A resend whose first answer was lost changes nothing more ----------------------------

def test_a_resent_correction_with_its_key_is_applied_once(client):
    game = new_game(client)
    editor(client, game)
    assert client.post(f"/games/{game['id']}/hands/new",
                       data={**MADE_130, "version": 1, "key": "k-add"}).status_code == 303
    fields = {**MADE_150, "version": 2, "key": "k-fix", "reason": "miscounted"}
    first = client.post(f"/games/{game['id']}/hands/1/edit", data=fields)
    again = client.post(f"/games/{game['id']}/hands/1/edit", data=fields)
    assert (first.status_code, again.status_code) == (303, 303)
    assert totals(client, game) == [150, 15]
    history = client.get(f"/games/{game['id']}/history").get_data(as_text=True)
    assert history.count("miscounted") == 1


def test_a_queued_correction_still_meets_the_stale_edit_check(client):
    """Someone else changed the game while the correction waited on a phone."""
    game = new_game(client)
    editor(client, game)
    client.post(f"/games/{game['id']}/hands/new", data={**MADE_130, "version": 1, "key": "a"})
    client.post(f"/games/{game['id']}/hands/new", data={**MADE_130, "version": 2, "key": "b"})
    late = client.post(f"/games/{game['id']}/hands/1/edit",
                       data={**MADE_150, "version": 2, "key": "k-late"})
    assert late.status_code == 409
    assert "Someone else changed this game first" in late.get_data(as_text=True)
    assert totals(client, game) == [260, 70]


def test_a_resent_deletion_deletes_one_hand(client):
    game = new_game(client)
    editor(client, game)
    client.post(f"/games/{game['id']}/hands/new", data={**MADE_130, "version": 1, "key": "a"})
    client.post(f"/games/{game['id']}/hands/new", data={**MADE_150, "version": 2, "key": "b"})
    page = client.get(f"/games/{game['id']}/hands/1/delete").get_data(as_text=True)
    assert 'name="key"' in page and "data-outbox=" in page
    fields = {"version": 3, "key": "k-del"}
    first = client.post(f"/games/{game['id']}/hands/1/delete", data=fields)
    again = client.post(f"/games/{game['id']}/hands/1/delete", data=fields)
    assert (first.status_code, again.status_code) == (303, 303)
    assert totals(client, game) == [150, 15]  # only hand 2 is left


# --- Installable ---------------------------------------------------------------------------

def test_manifest_names_icons_colour_start_and_display(client):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] == "Companion" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["theme_color"] == "#0b5d3b"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert sizes == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        png = client.get(icon["src"]).get_data()
        assert png.startswith(b"\x89PNG")
        side = int(icon["sizes"].split("x")[0])
        assert int.from_bytes(png[16:20], "big") == side  # the IHDR width


def test_service_worker_is_served_from_the_root_and_names_the_shell(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    body = response.get_data(as_text=True)
    assert '"/offline"' in body and "/static/css/app." in body
    assert 'rel="manifest"' in client.get("/").get_data(as_text=True)


def test_offline_page_says_what_is_kept(client):
    html = client.get("/offline").get_data(as_text=True)
    assert "No connection to Companion" in html
    assert "Anything you entered is kept on this phone" in html


def test_api_correction_resent_with_its_idempotency_key_is_applied_once(client):
    game = new_game(client)
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    client.post(f"/api/v1/games/{game['id']}/hands", headers=auth,
                json={"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}})
    version = client.get(f"/api/v1/games/{game['id']}").get_json()["version"]
    body = {"hand": {"bidder": 0, "bid": 120, "bidder_points": 150}, "version": version}
    headers = {**auth, "Idempotency-Key": "fix-1"}
    first = client.put(f"/api/v1/games/{game['id']}/hands/1", json=body, headers=headers)
    again = client.put(f"/api/v1/games/{game['id']}/hands/1", json=body, headers=headers)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.get_json()["totals"] == [150, 15]
    stale = client.put(f"/api/v1/games/{game['id']}/hands/1", json=body,
                       headers={**auth, "Idempotency-Key": "fix-2"})
    assert stale.status_code == 409  # a new key meets the version check as before


def test_make_run_serves_https_given_a_certificate_and_its_key(monkeypatch):
    from companion.serve import tls_options

    monkeypatch.delenv("CERTFILE", raising=False)
    monkeypatch.delenv("KEYFILE", raising=False)
    assert tls_options() == {}
    monkeypatch.setenv("CERTFILE", "lan.pem")
    assert tls_options() == {}  # a certificate without its key is not enough
    monkeypatch.setenv("KEYFILE", "lan-key.pem")
    assert tls_options() == {"certfile": "lan.pem", "keyfile": "lan-key.pem"}


def test_make_run_prints_the_public_url_phones_open(configured):
    app = configured(PUBLIC_URL="https://cards.example.org/club/").application
    from companion.serve import announce

    assert announce(app, "0.0.0.0", 5000, "http") == [
        "Companion is running. On this computer open http://127.0.0.1:5000/",
        "Phones open https://cards.example.org/club/ (PUBLIC_URL)",
    ]


def test_make_run_prints_the_lan_addresses_and_links_use_the_first(configured, monkeypatch):
    monkeypatch.setattr("companion.serve.lan_addresses", lambda: ["192.168.1.20", "10.0.0.7"])
    client = configured()
    from companion.serve import announce

    assert announce(client.application, "0.0.0.0", 8000, "https")[1:] == [
        "Phones on the same Wi-Fi open https://192.168.1.20:8000/",
        "Phones on the same Wi-Fi open https://10.0.0.7:8000/",
    ]
    assert client.application.config["LAN_ADDRESS"] == "192.168.1.20"
