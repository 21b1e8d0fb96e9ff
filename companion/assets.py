"""Static files: copies named after their content, gzip and brotli, served by WhiteNoise.

At start-up each file under static/ gets a fingerprinted copy in instance/static/
(`css/app.css` becomes `css/app.1a2b3c4d5e6f.css`) with `.gz` and `.br` beside it; a
stylesheet's copy leaves its comments out (they are for its readers, not for phones).
Templates keep writing `url_for('static', filename='css/app.css')` and get the fingerprinted
URL, which WhiteNoise serves compressed and cacheable for good: a new version of a file is a
new name. A plain name still works (Flask serves it, revalidated on every use), and with
`--debug` pages link plain names so an edited stylesheet shows at the next reload.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any
from wsgiref.headers import Headers

from flask import Flask
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

from .security import HEADERS
from .vendor import write_atomically

FINGERPRINT_LENGTH = 12
# No stylesheet of ours holds "/*" inside a string, so every match is a comment.
CSS_COMMENT = re.compile(rb"/\*.*?\*/\n?", re.DOTALL)


def init_app(app: Flask) -> None:
    """Serve fingerprinted, compressed copies of static/ in front of the app."""
    if app.debug:
        return
    build = Path(app.instance_path) / "static"
    assert app.static_folder is not None  # create_app always gives one
    manifest = build_static(Path(app.static_folder), build)
    app.wsgi_app = WhiteNoise(  # type: ignore[method-assign]
        app.wsgi_app, root=build, prefix=app.static_url_path,
        # Everything in the build is named after its content, so it never changes.
        immutable_file_test=lambda _path, _url: True,
        add_headers_function=_security_headers,
        allow_all_origins=False,  # no other site uses these files
    )
    app.url_defaults(partial(_fingerprinted_url, manifest))


def build_static(source: Path, build: Path) -> dict[str, str]:
    """Copy each file under `source` into `build` under its fingerprinted name, compressed
    beside it; return {plain name: fingerprinted name}."""
    # Temporary files go next to the build, not in it: WhiteNoise lists the build while
    # other workers may still be writing into it.
    compressor = _AtomicCompressor(scratch=build.parent)
    manifest = {}
    for name in _names(source):
        data = served_bytes(name, (source / name).read_bytes())
        manifest[name] = fingerprinted_name(name, data)
        dest = build / manifest[name]
        dest.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(dest, data, scratch=build.parent)
        if compressor.should_compress(dest.name) and not _compressed(dest):
            list(compressor.compress(str(dest)))  # a generator in older WhiteNoise releases
    return manifest


def served_bytes(name: str, data: bytes) -> bytes:
    """What phones get of a static file: a stylesheet without its comments."""
    return CSS_COMMENT.sub(b"", data) if name.endswith(".css") else data


def fingerprinted_name(name: str, data: bytes) -> str:
    """`css/app.css` -> `css/app.<first 12 hex digits of its SHA-256>.css`."""
    path = PurePosixPath(name)
    digest = hashlib.sha256(data).hexdigest()[:FINGERPRINT_LENGTH]
    return str(path.with_name(f"{path.stem}.{digest}{path.suffix}"))


def _names(source: Path) -> Iterator[str]:
    """Every file under `source`, as a relative posix name; dot-files (such as another
    worker's half-written temporary file) are skipped."""
    for path in sorted(source.rglob("*")):
        name = path.relative_to(source)
        if not any(part.startswith(".") for part in name.parts) and path.is_file():
            yield name.as_posix()


def _compressed(path: Path) -> bool:
    return all(path.with_name(path.name + suffix).exists() for suffix in (".gz", ".br"))


class _AtomicCompressor(Compressor):  # type: ignore[misc]  # WhiteNoise is untyped
    """WhiteNoise's compressor, writing each variant atomically (workers start together)."""

    def __init__(self, scratch: Path) -> None:
        super().__init__(quiet=True)
        self.scratch = scratch

    def write_data(self, path: str, data: bytes, suffix: str, stat_result: object) -> str:
        write_atomically(Path(path + suffix), data, scratch=self.scratch)
        return path + suffix


def _fingerprinted_url(manifest: dict[str, str], endpoint: str, values: dict[str, Any]) -> None:
    """`url_for('static', filename=...)` links the fingerprinted copy when there is one."""
    if endpoint == "static" and values.get("filename") in manifest:
        values["filename"] = manifest[values["filename"]]


def _security_headers(headers: Headers, _path: str, _url: str) -> None:
    for name, value in HEADERS.items():
        headers[name] = value
