"""`make run`: serve Companion with gunicorn and print the addresses phones should open."""

from __future__ import annotations

import contextlib
import os
import socket

from gunicorn.app.base import BaseApplication

from companion import create_app


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices on the Wi-Fi can reach."""
    found: set[str] = set()
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
        found.add(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None,
                                                               socket.AF_INET))
    return sorted(a for a in found if not a.startswith("127."))


class Server(BaseApplication):
    def __init__(self, app, options: dict):
        self.application, self.options = app, options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        return self.application


def main() -> None:
    host, port = os.environ.get("HOST", "0.0.0.0"), int(os.environ.get("PORT", "5000"))
    app = create_app()
    print(f"Companion is running. On this computer open http://127.0.0.1:{port}/")
    if host in ("0.0.0.0", "::"):
        for address in lan_addresses():
            print(f"Phones on the same Wi-Fi open http://{address}:{port}/")
    Server(app, {
        "bind": f"{host}:{port}",
        "workers": int(os.environ.get("WEB_CONCURRENCY", "1")),
        "worker_class": "gthread",
        "threads": int(os.environ.get("THREADS", "8")),
        "accesslog": "-",
    }).run()


if __name__ == "__main__":
    main()
