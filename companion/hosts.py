"""Where phones reach Companion: absolute links by PUBLIC_URL or the LAN address, and the
host names a hosted server answers to (ALLOWED_HOSTS)."""

from __future__ import annotations

import contextlib
import os
import socket
from typing import Any

from flask import Flask, has_request_context, request
from flask_babel import gettext as _

# A page opened on the server machine itself: useless in a link or QR code for a phone.
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class App(Flask):
    """Flask whose absolute links (`_external=True`) point where phones can open them."""

    def url_for(self, endpoint: str, *, _anchor: str | None = None, _method: str | None = None,
                _scheme: str | None = None, _external: bool | None = None,
                **values: Any) -> str:
        base = public_base() if _external and has_request_context() else None
        if base is None:
            return super().url_for(endpoint, _anchor=_anchor, _method=_method, _scheme=_scheme,
                                   _external=_external, **values)
        path = super().url_for(endpoint, _anchor=_anchor, _method=_method, **values)
        return base + path.removeprefix(request.script_root)


def public_base() -> str | None:
    """PUBLIC_URL if set; else, for a page opened at 127.0.0.1 or localhost, the LAN address
    `make run` printed; else None (links use the address the page was opened at)."""
    from flask import current_app

    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public).rstrip("/")
    lan = current_app.config.get("LAN_ADDRESS")
    name, port = split_host(request.host)
    if not lan or name not in LOOPBACK:
        return None
    return f"{request.scheme}://{lan}" + (f":{port}" if port else "")


def split_host(host: str) -> tuple[str, str | None]:
    """`example.org:8000` -> ("example.org", "8000"); `[::1]:5000` -> ("::1", "5000")."""
    host = host.lower()
    if host.startswith("["):
        name, _sep, rest = host[1:].partition("]")
        return name, rest.removeprefix(":") or None
    name, sep, port = host.partition(":")
    return name, (port if sep else None)


def host_allowed(host: str, allowed: list[str]) -> bool:
    """Whether `host` is one of `allowed`: a name (any port), `.example.org` for it and its
    subdomains, or `*` for any."""
    name = split_host(host)[0].rstrip(".")
    for entry in allowed:
        if entry == "*" or name == entry.lstrip("."):
            return True
        if entry.startswith(".") and name.endswith(entry):
            return True
    return False


def allowed_hosts(setting: Any) -> list[str]:
    """ALLOWED_HOSTS as a list: a list already, or names separated by commas or spaces."""
    if not setting:
        return []
    items = setting if isinstance(setting, list | tuple) else str(setting).replace(",", " ").split()
    return [str(item).strip().lower() for item in items if str(item).strip()]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other devices on the Wi-Fi can reach, the one on the
    default route first."""
    routed: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
        routed.append(probe.getsockname()[0])
    found: set[str] = set()
    with contextlib.suppress(OSError):
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None,
                                                               socket.AF_INET))
    ordered = routed + sorted(found - set(routed))
    return [address for address in ordered if not address.startswith("127.")]


def init_app(app: Flask) -> None:
    """Read PUBLIC_URL and ALLOWED_HOSTS (also without the COMPANION_ prefix); check hosts."""
    for name in ("PUBLIC_URL", "ALLOWED_HOSTS"):
        if not app.config.get(name):
            app.config[name] = os.environ.get(name) or None
    allowed = allowed_hosts(app.config["ALLOWED_HOSTS"])
    if allowed:
        # First of all: a request for another host gets nothing else done.
        app.before_request_funcs.setdefault(None, []).insert(
            0, lambda: _refuse_unknown_host(allowed))


def _refuse_unknown_host(allowed: list[str]) -> Any:
    if host_allowed(request.host, allowed):
        return None
    from .errors import error_response

    return error_response(400, _("This server does not answer to that address."))
