"""Front-end files taken from installed packages at start-up: no CDN, nothing committed."""

from __future__ import annotations

import os
import tempfile
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
            # A temporary file of its own, then an atomic rename: workers may start together.
            with tempfile.NamedTemporaryFile(dir=target, delete=False) as tmp:
                tmp.write(data)
            os.chmod(tmp.name, 0o644)
            os.replace(tmp.name, dest)
