"""Fixtures: an app on a fresh database (SQLite, and PostgreSQL when configured)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlmodel import SQLModel

from companion import (
    create_app,
    models_season,  # noqa: F401  (its tables, for TABLES)
    models_tournament,  # noqa: F401  (its tables and the games', for TABLES)
)
from companion.db import upgrade

from .helpers import PG_URL, HandsDescribed, with_driver
from .templates_kept import keep_templates

keep_templates()

BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])
# Every table, parents first: filled by the models' import above rather than by whichever
# fixture happens to import them first (the migrations do).
TABLES = SQLModel.metadata.sorted_tables


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A migrated SQLite file, copied for each test (migrating once is the slow part)."""
    path = tmp_path_factory.mktemp("template") / "companion.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_url(worker_id) -> str:
    """A schema of its own per xdist worker in the test database, migrated once."""
    schema = f"companion_{worker_id}"
    base = with_driver(PG_URL)
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    admin.dispose()
    sep = "&" if "?" in base else "?"
    url = f"{base}{sep}options=-csearch_path%3D{schema}"
    upgrade(url)
    return url


def pytest_generate_tests(metafunc) -> None:
    """Every test on a database runs on SQLite, and on PostgreSQL too when one is configured,
    unless its module is marked `store_blind`: what it checks (text, translations, the
    referee's verdicts) cannot depend on which database keeps the game."""
    if "db_url" in metafunc.fixturenames:
        blind = metafunc.definition.get_closest_marker("store_blind") is not None
        metafunc.parametrize("db_url", BACKENDS[:1] if blind else BACKENDS, indirect=True)


@pytest.fixture(scope="session")
def postgres_engine(postgres_url):
    """One connection pool per worker for emptying its schema between tests."""
    engine = create_engine(postgres_url)
    yield engine
    engine.dispose()


@pytest.fixture
def db_url(request, tmp_path, sqlite_template) -> str:
    if request.param == "sqlite":
        path = tmp_path / "companion.db"
        shutil.copy(sqlite_template, path)
        return f"sqlite:///{path}"
    # Emptied row by row, children first: on tables this small DELETE takes a third of the
    # time TRUNCATE does (which makes every table's files anew).
    with request.getfixturevalue("postgres_engine").begin() as conn:
        for table in reversed(TABLES):
            conn.execute(table.delete())
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def empty_db_url(db_url, tmp_path, worker_id) -> str:
    """An empty database of the same kind as `db_url` (not even migrated)."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.db'}"
    schema = f"restore_{worker_id}"
    admin = create_engine(with_driver(PG_URL))
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    admin.dispose()
    return f"{with_driver(PG_URL)}?options=-csearch_path%3D{schema}"


@pytest.fixture
def app(db_url, tmp_path):
    app = create_app({
        "TESTING": True,
        "DATABASE_URL": db_url,
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
    })
    app.test_client_class = HandsDescribed
    yield app
    app.extensions["engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf_app(db_url):
    """An app that checks forms' CSRF tokens, as production does."""
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "csrf-test",
                      "WTF_CSRF_ENABLED": True, "RATELIMIT_ENABLED": False})
    yield app
    app.extensions["engine"].dispose()


@pytest.fixture(scope="session")
def worker_id(request) -> str:
    return getattr(request.config, "workerinput", {}).get("workerid", "main")
