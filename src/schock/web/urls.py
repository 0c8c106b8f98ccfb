"""The one place links for people are built: seat links, QR codes, printed sheets.

A link is ``base + path``. The base is the configured ``--base-url``
(``SCHOCK_BASE_URL``) when there is one; otherwise the X-Forwarded-Host of a
trusted proxy, or the address of the socket the request arrived at (never the
request's ``Host`` header, which the client chooses); and when the server listens on every interface but was reached over
loopback, the machine's LAN address, so that the host's own browser hands out
links that phones can open.

>>> is_loopback_url("http://127.0.0.1:8000/t/x"), is_loopback_url("http://localhost")
(True, True)
>>> is_loopback_url("http://[::1]:8000"), is_loopback_url("https://schock.example")
(True, False)
"""

from __future__ import annotations

import ipaddress
import re
import socket
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from schock.web.settings import Settings

WILDCARDS = ("0.0.0.0", "::", "")
_HOST = re.compile(r"(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?")


def _settings(conn: HTTPConnection) -> Settings:
    settings: Settings = conn.app.state.settings
    return settings


def public_base(conn: HTTPConnection) -> str:
    """The address links start with (no trailing slash; with the sub-path, if any)."""
    settings = _settings(conn)
    if settings.base_url:
        return settings.base_url
    scheme = {"https": "https", "wss": "https"}.get(str(conn.scope.get("scheme")), "http")
    forwarded = conn.headers.get("x-forwarded-host", "").split(",")[0].strip().lower()
    if forwarded and _HOST.fullmatch(forwarded):  # only a trusted proxy's gets this far
        return f"{scheme}://{forwarded}" + settings.root
    server = conn.scope.get("server")
    host, port = (server[0], server[1]) if server else (settings.host, settings.port)
    if is_loopback_host(str(host)) and settings.host in WILDCARDS:
        lan = lan_addresses()
        if lan:
            host = lan[0]
    return origin(scheme, str(host), port) + settings.root


def public_url(conn: HTTPConnection, path: str) -> str:
    """``path`` (starting with ``/``, below the app's root) as a link people can open."""
    return public_base(conn) + path


def origin(scheme: str, host: str, port: int | None) -> str:
    """``scheme://host[:port]`` (IPv6 in brackets; the scheme's default port left out).

    >>> origin("http", "::1", 8000), origin("https", "x.example", 443)
    ('http://[::1]:8000', 'https://x.example')
    """
    shown = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{shown}" + ("" if port in (None, default) else f":{port}")


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` names this machine only (127.0.0.0/8, ::1, localhost)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def is_loopback_url(url: str) -> bool:
    """Whether a link points at this machine only, so no phone could open it."""
    return is_loopback_host(urlsplit(url).hostname or "")


@lru_cache(maxsize=1)
def lan_addresses() -> tuple[str, ...]:
    """This machine's addresses other machines may reach it at (IPv4 first, then IPv6;
    no loopback, no link-local), the one of the default route first."""
    import psutil

    found: list[Any] = []
    for addrs in psutil.net_if_addrs().values():
        for a in addrs:
            if a.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            try:
                ip = ipaddress.ip_address(a.address.split("%")[0])
            except ValueError:  # pragma: no cover - psutil gives addresses
                continue
            if ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified:
                continue
            found.append(ip)
    primary = _default_route_address()
    found.sort(key=lambda ip: (str(ip) != primary, ip.version, ip.packed))
    return tuple(dict.fromkeys(str(ip) for ip in found))


def _default_route_address() -> str | None:
    """The source address of the default route (a UDP connect sends no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return str(s.getsockname()[0])
        except OSError:
            return None
