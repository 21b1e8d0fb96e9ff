"""Front-end files taken from installed packages at start-up: no CDN, nothing committed."""

from __future__ import annotations

import os
import re
import tempfile
from importlib import resources
from pathlib import Path

# htmx 2.0 as django-htmx ships it (its `htmx_script(version=2)` names this file); see README.
HTMX_PACKAGE, HTMX_FILE = "django_htmx", "static/django_htmx/htmx-2.min.js"
HTMX_SERIES = "2.0."  # the templates use htmx 2.0 attributes and config

_VERSION = re.compile(rb'\bversion\s*[:=]\s*"([^"]+)"')


def install(static: Path) -> None:
    """Copy htmx into static/vendor/ (unless an identical copy is there), after checking it."""
    script = resources.files(HTMX_PACKAGE).joinpath(HTMX_FILE).read_bytes()
    version = htmx_version(script)
    if not version or not version.startswith(HTMX_SERIES):
        raise RuntimeError(f"{HTMX_PACKAGE} ships htmx {version or '(no version)'}, Companion "
                           f"needs htmx {HTMX_SERIES}x: check its pin in pyproject.toml")
    target = static / "vendor"
    target.mkdir(parents=True, exist_ok=True)
    write_atomically(target / "htmx.min.js", script)


def htmx_version(script: bytes) -> str | None:
    """The version an htmx build declares (`htmx.version`), if it declares one."""
    found = _VERSION.search(script)
    return found.group(1).decode() if found else None


def write_atomically(dest: Path, data: bytes, scratch: Path | None = None) -> None:
    """Write `data` to `dest` unless it already holds exactly that; readers never see half.

    The temporary file is a dot-file beside `dest`, or goes into `scratch` (on the same file
    system) when something lists `dest`'s folder while other workers may be writing into it.
    """
    if dest.exists() and dest.read_bytes() == data:
        return
    # A temporary file of its own, then an atomic rename: workers may start together.
    with tempfile.NamedTemporaryFile(dir=scratch or dest.parent, prefix=".tmp-",
                                     delete=False) as tmp:
        tmp.write(data)
    os.chmod(tmp.name, 0o644)
    os.replace(tmp.name, dest)
