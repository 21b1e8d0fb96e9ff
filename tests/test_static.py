"""Static files: fingerprinted names, gzip and brotli, long cache lifetimes, a current htmx 2.0."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import pytest

from companion import assets, create_app, vendor

ROOT = Path(__file__).resolve().parents[1]
ONE_YEAR = 365 * 24 * 60 * 60


def linked(page: str, plain: str) -> str:
    """The URL the page links for static/<plain>, e.g. /static/css/app.<12 hex>.css."""
    stem, dot, suffix = plain.rpartition(".")
    found = re.search(rf'"(/static/{re.escape(stem)}\.[0-9a-f]{{12}}{dot}{suffix})"', page)
    assert found, f"the page links no fingerprinted {plain}"
    return found.group(1)


def max_age(cache_control: str) -> int:
    return int(re.search(r"max-age=(\d+)", cache_control).group(1))


def test_page_links_fingerprinted_stylesheet_served_gzipped_and_cached_for_good(client):
    url = linked(client.get("/").get_data(as_text=True), "css/app.css")
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    served = gzip.decompress(response.data).decode()
    source = (ROOT / "static/css/app.css").read_text()
    # Comments are the source's readers' only: phones get every rule without them.
    assert "/*" not in served and "/*" in source
    assert len(served) < len(source)
    assert ".save-bar {" in served and "@media (prefers-color-scheme: dark)" in served
    assert max_age(response.headers["Cache-Control"]) >= ONE_YEAR
    assert "immutable" in response.headers["Cache-Control"]
    assert "Accept-Encoding" in response.headers["Vary"]


def test_page_links_fingerprinted_htmx_served_with_brotli_and_cached_for_good(client):
    url = linked(client.get("/").get_data(as_text=True), "vendor/htmx.min.js")
    response = client.get(url, headers={"Accept-Encoding": "gzip, br"})
    assert response.headers["Content-Encoding"] == "br"
    assert brotli.decompress(response.data) == (ROOT / "static/vendor/htmx.min.js").read_bytes()
    assert max_age(response.headers["Cache-Control"]) >= ONE_YEAR
    assert len(response.data) < len(brotli.decompress(response.data)) / 2


def test_fingerprinted_files_carry_the_security_headers(client):
    url = linked(client.get("/").get_data(as_text=True), "js/app.js")
    headers = client.get(url).headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"


def test_fingerprint_is_the_start_of_the_contents_sha256():
    # SHA-256 of no bytes is e3b0c44298fc1c149afbf4c8996fb924...
    assert assets.fingerprinted_name("css/app.css", b"") == "css/app.e3b0c44298fc.css"
    assert assets.fingerprinted_name("vendor/htmx.min.js", b"") == \
        "vendor/htmx.min.e3b0c44298fc.js"


def test_a_stylesheet_is_served_without_its_comments_and_a_script_whole():
    css = b"/* why */\nbody { color: red }\n/* two\n lines */\na { color: blue }\n"
    assert assets.served_bytes("css/app.css", css) == b"body { color: red }\na { color: blue }\n"
    script = b"/* kept */ let a = 1;\n"
    assert assets.served_bytes("js/app.js", script) == script


def test_a_changed_file_gets_a_new_name_and_the_old_one_stays_served(tmp_path):
    source, build = tmp_path / "static", tmp_path / "build"
    (source / "css").mkdir(parents=True)
    (source / "css/app.css").write_text("body { color: black }\n" * 20)
    first = assets.build_static(source, build)["css/app.css"]
    (source / "css/app.css").write_text("body { color: navy }\n" * 20)
    second = assets.build_static(source, build)["css/app.css"]
    assert first != second
    # A phone still holding yesterday's page keeps getting yesterday's stylesheet.
    assert (build / first).read_text() == "body { color: black }\n" * 20
    assert gzip.decompress((build / (second + ".gz")).read_bytes()).decode() == \
        "body { color: navy }\n" * 20


def test_debug_pages_link_plain_names_so_edits_show_at_once(client, db_url):
    assert '"/static/css/app.css"' not in client.get("/").get_data(as_text=True)
    debug = create_app({"TESTING": True, "DEBUG": True, "DATABASE_URL": db_url,
                        "SECRET_KEY": "test-secret"})
    assert '"/static/css/app.css"' in debug.test_client().get("/").get_data(as_text=True)
    debug.extensions["engine"].dispose()
    # The plain name, served by Flask, is checked again on every use: it may change any time.
    response = client.get("/static/css/app.css")
    assert response.data == (ROOT / "static/css/app.css").read_bytes()
    assert response.headers["Cache-Control"] == "no-cache"


def test_served_htmx_is_a_current_2_0_release(client):
    url = linked(client.get("/").get_data(as_text=True), "vendor/htmx.min.js")
    version = vendor.htmx_version(client.get(url).data)
    major, minor, patch = (int(part) for part in version.split("."))
    # 2.0.11 is what the pinned hedron-core (>=1.1.3) ships; django-js-lib-htmx stopped at 2.0.3.
    assert (major, minor) == (2, 0) and patch >= 11


def test_start_up_refuses_a_package_that_ships_another_htmx_series(monkeypatch, tmp_path):
    # A later release of the package may move to htmx 4: pages written for 2.0 must not get it.
    shipped = tmp_path / "htmx.min.js"
    shipped.write_text('var htmx=function(){return{version:"4.0.0"}}();')
    monkeypatch.setattr(vendor, "packaged_htmx", lambda: shipped)
    with pytest.raises(RuntimeError, match=r"ships htmx 4\.0\.0.*needs htmx 2\.0\.x"):
        vendor.install(tmp_path)
    assert not (tmp_path / "vendor/htmx.min.js").exists()
