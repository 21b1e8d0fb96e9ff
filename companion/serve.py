"""`make run`: serve Companion with gunicorn and print the addresses phones should open."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication

from companion import create_app
from companion.hosts import lan_addresses
from companion.live import worker_connections


class Server(BaseApplication):  # type: ignore[misc]  # gunicorn is untyped
    def __init__(self, config: dict[str, Any], options: dict[str, Any]) -> None:
        self.config, self.options = config, options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Flask:
        # Each worker makes its own app after gevent has patched it, so the database pool's
        # locks and the live hub are gevent's (one made before would block a whole worker).
        return create_app(self.config)


def main() -> None:
    host, port = os.environ.get("HOST", "0.0.0.0"), int(os.environ.get("PORT", "5000"))
    app = create_app()  # once here: start-up work (static files, secret key), not served
    app.extensions["engine"].dispose()
    config = {}
    tls = tls_options()
    scheme = "https" if tls else "http"
    for line in announce(app, host, port, scheme):
        print(line)
    if app.config.get("LAN_ADDRESS"):  # worked out once here, for every worker's app
        config["LAN_ADDRESS"] = app.config["LAN_ADDRESS"]
    Server(config, {
        "bind": f"{host}:{port}",
        "workers": int(os.environ.get("WEB_CONCURRENCY", "1")),
        # gevent: an open live-board stream is a greenlet, not a thread (docs/live-boards.md)
        "worker_class": "gevent",
        # Live streams take half of them at most (docs/live-boards.md).
        "worker_connections": worker_connections(),
        "accesslog": "-",
        # gunicornc's socket: in this Companion's instance/, one per port (not in $HOME, where
        # every instance would name the same file).
        "control_socket": str(Path(app.instance_path) / f"gunicorn-{port}.ctl"),
        **tls,
    }).run()


def announce(app: Flask, host: str, port: int, scheme: str) -> list[str]:
    """The lines `make run` prints: where to open Companion here, and where phones open it.

    Links and QR codes made on this computer point phones at PUBLIC_URL when it is set, else
    at the first LAN address (kept in the app's config).
    """
    lines = [f"Companion is running. On this computer open {scheme}://127.0.0.1:{port}/"]
    public = app.config.get("PUBLIC_URL")
    if public:
        return [*lines, f"Phones open {str(public).rstrip('/')}/ (PUBLIC_URL)"]
    if host in ("0.0.0.0", "::"):
        addresses = lan_addresses()
        app.config.setdefault("LAN_ADDRESS", addresses[0] if addresses else None)
        lines += [f"Phones on the same Wi-Fi open {scheme}://{address}:{port}/"
                  for address in addresses]
    return lines


def tls_options() -> dict[str, str]:
    """HTTPS when CERTFILE and KEYFILE name a certificate and its key (docs/deployment.md)."""
    cert, key = os.environ.get("CERTFILE"), os.environ.get("KEYFILE")
    return {"certfile": cert, "keyfile": key} if cert and key else {}


if __name__ == "__main__":
    main()
