"""Front-end files taken from installed packages at start-up: no CDN, nothing committed."""

from __future__ import annotations

import os
import re
import tempfile
from importlib import metadata
from pathlib import Path

# htmx 2.0 as hedron-core ships it: htmx.org's own dist/htmx.min.js, byte for byte
# (docs/deployment.md, "Static files and htmx").
HTMX_PACKAGE, HTMX_FILE = "hedron-core", "hedron_core/static/htmx.min.js"
HTMX_SERIES = "2.0."  # the templates use htmx 2.0 attributes and config

_VERSION = re.compile(rb'\bversion\s*[:=]\s*"([^"]+)"')


def install(static: Path) -> None:
    """Copy htmx into static/vendor/ (unless an identical copy is there), after checking it."""
    script = packaged_htmx().read_bytes()
    version = htmx_version(script)
    if not version or not version.startswith(HTMX_SERIES):
        raise RuntimeError(f"{HTMX_PACKAGE} ships htmx {version or '(no version)'}, Companion "
                           f"needs htmx {HTMX_SERIES}x: check its pin in pyproject.toml")
    target = static / "vendor"
    target.mkdir(parents=True, exist_ok=True)
    write_atomically(target / "htmx.min.js", script)


def packaged_htmx() -> Path:
    """Where the installed package keeps htmx; found from its files, so never imported."""
    return Path(str(metadata.distribution(HTMX_PACKAGE).locate_file(HTMX_FILE)))


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
