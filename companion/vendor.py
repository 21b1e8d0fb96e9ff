"""Front-end files taken from installed packages at start-up: no CDN, nothing committed."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

# (package, path inside it, name under static/vendor/)
FILES = [("js_lib_htmx", "static/htmx/htmx.min.js", "htmx.min.js")]


def install(static: Path) -> None:
    """Copy each vendored file into static/vendor/ unless an identical copy is there."""
    target = static / "vendor"
    target.mkdir(parents=True, exist_ok=True)
    for package, inner, name in FILES:
        source = resources.files(package).joinpath(inner)
        dest = target / name
        data = source.read_bytes()
        if not dest.exists() or dest.read_bytes() != data:
            tmp = dest.with_suffix(".tmp")
            tmp.write_bytes(data)
            shutil.move(tmp, dest)
