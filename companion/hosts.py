"""Where phones reach Companion: absolute links by PUBLIC_URL or the LAN address, the host
names a hosted server answers to (ALLOWED_HOSTS) and the proxies in front (TRUSTED_PROXIES)."""

from __future__ import annotations

import contextlib
import os
import socket
from typing import Any

from flask import Flask, Response, has_request_context, request
from flask_babel import gettext as _
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from .errors import error_response, wants_json

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


def trusted_hosts(setting: Any) -> list[str] | None:
    """ALLOWED_HOSTS as Flask's TRUSTED_HOSTS: names separated by commas or spaces (or a list),
    `.example.org` for it and its subdomains; None (any host) when unset or `*`."""
    if not setting:
        return None
    items = setting if isinstance(setting, list | tuple) else str(setting).replace(",", " ").split()
    names = [str(item).strip().lower().rstrip(".") for item in items if str(item).strip()]
    if not names or "*" in names:
        return None
    addresses = [_IPv6(name) for name in names if ":" in name]
    names = [name for name in names if ":" not in name]
    # A fully qualified name may end with a dot ("example.org."): the same host.
    return names + [name + "." for name in names] + addresses


class _IPv6(str):
    """An IPv6 address listed in ALLOWED_HOSTS, as Werkzeug's trusted-host check can match it:
    bracketed as in a Host header ("[::1]"), and kept whole where the check cuts a name at its
    first colon (meant for a port, which no listed name carries here)."""

    def __new__(cls, address: str) -> _IPv6:
        return super().__new__(cls, "[" + address.strip("[]") + "]")

    def partition(self, sep: str) -> tuple[str, str, str]:
        return str(self), "", ""


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
    """Read PUBLIC_URL, ALLOWED_HOSTS and TRUSTED_PROXIES (also without the COMPANION_ prefix);
    refuse hosts not allowed (Flask's TRUSTED_HOSTS) and believe only the proxies trusted."""
    for name in ("PUBLIC_URL", "ALLOWED_HOSTS", "TRUSTED_PROXIES"):
        if not app.config.get(name):
            app.config[name] = os.environ.get(name) or None
    if app.config.get("TRUSTED_HOSTS") is None:
        app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config["ALLOWED_HOSTS"])
    app.register_error_handler(SecurityError, _unknown_host)
    # First of all: a request for another host gets nothing else done.
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_unknown_host)
    proxies = _count(app.config["TRUSTED_PROXIES"])
    if proxies:
        # X-Forwarded-For, -Proto, -Host, -Port and -Prefix, as set by that many proxies.
        fixed = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies,
                         x_port=proxies, x_prefix=proxies)
        app.wsgi_app = fixed  # type: ignore[method-assign]


def _count(setting: Any) -> int:
    """TRUSTED_PROXIES: how many proxies stand in front (0 or unset: none)."""
    try:
        count = int(setting or 0)
    except ValueError:
        count = -1
    if count < 0:
        raise RuntimeError(f"TRUSTED_PROXIES={setting!r}: say how many proxies stand in front "
                           "of Companion, e.g. 1 (0 or unset: none)")
    return count


def _refuse_unknown_host() -> None:
    """Flask noted the untrusted host when it matched the URL: refuse before anything runs."""
    if isinstance(request.routing_exception, SecurityError):
        raise request.routing_exception


def _unknown_host(_error: SecurityError) -> Any:
    """A 400 with a sentence; a plain page, since no link can be built for a host not served."""
    message = _("This server does not answer to that address.")
    if wants_json():
        return error_response(400, message)
    return Response(message, 400, mimetype="text/plain")
