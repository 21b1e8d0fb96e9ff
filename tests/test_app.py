"""The app factory, security headers and the JSON error shape."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion import create_app


def test_home_page_says_what_companion_does_and_lists_the_four_games(client):
    response = client.get("/")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert '<html lang="en" dir="ltr"' in page
    assert 'name="viewport"' in page
    for title in ("Basra", "Shlla'at", "Ghârat", "Shelem"):
        assert f"<h3>{title}</h3>" in page
    assert re.search(r'<script src="/static/vendor/htmx\.min\.[0-9a-f]{12}\.js" defer>', page)


def test_htmx_is_served_from_static_not_a_cdn(client):
    response = client.get("/static/vendor/htmx.min.js")
    assert response.status_code == 200
    assert b"htmx" in response.data[:2000]
    assert b"https://" not in client.get("/").data


def test_security_headers_on_every_response(client):
    for path in ("/", "/api/v1/rules", "/no/such/page", "/static/css/app.css"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"


def test_html_pages_vary_on_hx_request(client):
    assert "HX-Request" in client.get("/").headers["Vary"]


def test_no_inline_script_in_pages(client):
    page = client.get("/").get_data(as_text=True)
    assert "<script>" not in page
    assert page.count("<script") == page.count("<script src=")


def test_api_404_is_json(client):
    response = client.get("/api/v1/nothing-here")
    assert response.status_code == 404
    assert response.get_json() == {"error": "There is nothing at this address."}


def test_api_405_is_json(client):
    response = client.delete("/api/v1/rules")
    assert response.status_code == 405
    assert response.get_json()["error"] == "This address does not accept that method."


def test_api_malformed_json_is_400_with_message(client):
    response = client.post("/api/v1/score/basra", data="{not json",
                           content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == {"error": "The body must be a JSON object."}


def test_api_body_over_one_megabyte_is_413(client):
    body = json.dumps({"hand": {"captured": ["x" * (1024 * 1024)]}})
    response = client.post("/api/v1/score/basra", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json() == {"error": "The request is too large (at most 1 MB)."}


def test_html_404_is_a_page_not_json(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "There is nothing at this address." in response.get_data(as_text=True)


def test_secret_key_is_generated_into_instance_once(tmp_path, monkeypatch, sqlite_template):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = create_app({"DATABASE_URL": f"sqlite:///{sqlite_template}"})
    key_file = first.instance_path + "/secret_key"
    second = create_app({"DATABASE_URL": f"sqlite:///{sqlite_template}"})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert Path(key_file).read_text().strip() == first.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) == 64


def test_postgres_url_scheme_is_accepted(monkeypatch, sqlite_template):
    app = create_app({"DATABASE_URL": "postgres://user@db.example/companion",
                      "SECRET_KEY": "x"})
    assert app.config["SQLALCHEMY_URL"] == "postgresql+psycopg://user@db.example/companion"


def test_sqlite_runs_in_wal_mode_with_foreign_keys(app):
    with app.extensions["engine"].connect() as conn:
        if conn.dialect.name != "sqlite":
            pytest.skip("SQLite pragmas do not apply to PostgreSQL")
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_an_unexpected_failure_gets_a_plain_page_or_json_not_a_stack(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/api/v1/boom")
    def boom():
        raise RuntimeError("bug")

    app.add_url_rule("/boom", "boom_page", boom)
    client = app.test_client()
    api = client.get("/api/v1/boom")
    assert api.status_code == 500
    assert api.get_json() == {"error": "Something went wrong in Companion. Try again; if it "
                                       "happens again, tell whoever runs it."}
    page = client.get("/boom", headers={"Cookie": "lang=fa"})
    assert page.status_code == 500 and "Traceback" not in page.get_data(as_text=True)


@pytest.mark.parametrize("lang, words", [
    ("en", "Companion keeps the score of Basra, Shlla'at, Ghârat and Shelem"),
    ("fa", "امتیاز بصره، شلعت، غارت و شلم"),
])
def test_every_page_says_what_companion_is_for_search_engines(client, lang, words):
    client.set_cookie("lang", lang)
    for path in ("/", "/games/new", "/referee/basra"):
        page = client.get(path).get_data(as_text=True)
        description = page.split('<meta name="description" content="', 1)[1].split('"', 1)[0]
        assert words in description
