"""Behind a reverse proxy: what the proxy forwards (the phone's address, https, the host name)
is believed only when TRUSTED_PROXIES says a proxy stands in front."""

from __future__ import annotations

import pytest

from .helpers import PLAYERS, client_at, limited_app

PROXY = "192.0.2.40"  # the reverse proxy: every request reaches Companion from it
PHONE_A, PHONE_B = "198.51.100.1", "198.51.100.2"
FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example.org"}


@pytest.fixture
def behind_proxy(db_url):
    """An app with rate limits on, as many proxies trusted as asked; its client is the proxy."""
    apps = []

    def make(**settings):
        app = limited_app(db_url, RATELIMIT_STORAGE_URI="memory://", **settings)
        apps.append(app)
        return client_at(app, PROXY)

    yield make
    for app in apps:
        app.extensions["engine"].dispose()


def create(proxy, phone: str, **headers):
    """A game created by `phone` (game creation allows 2 a minute per address)."""
    return proxy.post("/api/v1/games", json={"game": "shelem", "players": PLAYERS},
                      headers={"X-Forwarded-For": phone, **headers})


def test_without_trusted_proxies_forwarded_scheme_and_host_are_ignored(behind_proxy):
    game = create(behind_proxy(), PHONE_A, **FORWARDED).get_json()
    assert game["view_url"] == f"http://localhost/games/{game['id']}"


def test_a_trusted_proxy_gives_links_its_scheme_and_host(behind_proxy):
    game = create(behind_proxy(TRUSTED_PROXIES=1), PHONE_A, **FORWARDED).get_json()
    assert game["view_url"] == f"https://cards.example.org/games/{game['id']}"


def test_without_trusted_proxies_every_phone_counts_as_the_proxy(behind_proxy):
    proxy = behind_proxy()
    assert [create(proxy, phone).status_code for phone in (PHONE_A, PHONE_A, PHONE_B)] == [
        201, 201, 429]


def test_a_trusted_proxy_makes_each_phone_count_alone(behind_proxy):
    proxy = behind_proxy(TRUSTED_PROXIES=1)
    assert [create(proxy, phone).status_code for phone in (PHONE_A, PHONE_A, PHONE_B, PHONE_A)] \
        == [201, 201, 201, 429]


def test_trusted_proxies_from_the_environment(monkeypatch, behind_proxy):
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    game = create(behind_proxy(), PHONE_A, **FORWARDED).get_json()
    assert game["view_url"].startswith("https://cards.example.org/")


def test_trusted_proxies_must_be_a_count(db_url):
    with pytest.raises(RuntimeError, match="say how many proxies stand in front"):
        limited_app(db_url, TRUSTED_PROXIES="yes")
