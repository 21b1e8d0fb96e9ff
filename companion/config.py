"""Configuration: defaults, then instance/config.py, then environment variables."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import Any

from flask import Flask

MAX_BODY_BYTES = 1024 * 1024


def database_url(app: Flask) -> str:
    """DATABASE_URL, with Heroku-style `postgres://` accepted; SQLite in instance/ otherwise."""
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if not url:
        return "sqlite:///" + str(Path(app.instance_path) / "companion.db")
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def secret_key(instance: Path) -> str:
    """SECRET_KEY from the environment, else one generated once into instance/ (never committed)."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = instance / "secret_key"
    try:
        # O_EXCL: when several workers start at once, exactly one writes the key.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    for _ in range(50):
        key = path.read_text().strip()
        if key:
            return key
        time.sleep(0.01)  # another worker created the file and is still writing it
    raise RuntimeError(f"{path} is empty: delete it and start again")


def configure(app: Flask, overrides: dict[str, Any] | None) -> None:
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        REDIS_URL=os.environ.get("REDIS_URL"),
        BABEL_DEFAULT_LOCALE="en",
        WTF_CSRF_TIME_LIMIT=None,  # a game page stays open all evening
        JSON_SORT_KEYS=False,
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("COMPANION")
    if overrides:
        app.config.update(overrides)
    app.config.setdefault("SECRET_KEY", None)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = secret_key(instance)
    app.config["SQLALCHEMY_URL"] = database_url(app)
