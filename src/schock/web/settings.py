"""Typed settings of the web app (no import-time singleton: pass them to create_app).

Every field can be given to ``schock serve`` as an option or as a ``SCHOCK_*``
environment variable (docs/configuration.md lists them all); :func:`check_base_url`
and :func:`check_root_path` say what is wrong with a bad value.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from schock.errors import InvalidInputError
from schock.messages import Msg


@dataclass(frozen=True, slots=True)
class Settings:
    """What the server needs to know; every limit in one place.

    >>> Settings(db="sqlite://").bot_delay
    0.9
    >>> Settings(db="sqlite://", base_url="https://schock.example/kneipe/").root_path
    '/kneipe'
    """

    db: str
    """A SQLite file path or a SQLAlchemy URL."""
    bot_delay: float = 0.9
    """Seconds a bot (or a forced move) waits before it acts, so people can follow."""
    max_tables_per_host: int = 20
    """Tables one client address may have running: not ended by their host, game not
    over, created within the last ``open_table_hours``."""
    open_table_hours: float = 24.0
    """How long a table that is neither ended nor finished counts toward the limit."""
    max_message: int = 2048
    """Longest websocket message accepted (characters)."""
    rate: float = 20.0
    """Messages per second one websocket may send on average. A websocket over it
    (or over its address's budget) is told once, then closed with code 1008."""
    burst: int = 40
    """Messages one websocket may send at once before the rate applies."""
    address_rate: float = 100.0
    """Messages per second all websockets of one client address may send together
    (trusted proxies and this machine: no limit; behind a proxy the client address is
    the one the proxy forwards)."""
    address_burst: int = 300
    """Messages all websockets of one client address may send at once."""
    max_spectators_per_table: int = 40
    """Sockets without a seat or host token one table admits (seats always get in)."""
    max_sockets_per_seat: int = 4
    """Sockets one seat's (or the host's) link may hold open; a fifth closes the oldest."""
    base_url: str | None = None
    """The address people reach the server at (``https://schock.example``); every link
    and QR code is built from it. None: the address the connection arrived at."""
    root_path: str | None = None
    """The sub-path a proxy serves the app under (``/schock``; the proxy strips it).
    None: the path of ``base_url`` (or none)."""
    host: str = "127.0.0.1"
    """The address the server listens on (``0.0.0.0``: every interface)."""
    port: int = 8000
    forwarded_allow_ips: tuple[str, ...] = ()
    """Proxies (addresses or networks) whose X-Forwarded-For/-Proto/-Host headers are
    believed; a forwarded header from any other address is refused."""

    header_timeout: float = 10.0
    """Seconds a client may take to send a request's headers (then it is dropped)."""
    idle_timeout: int = 5
    """Seconds an HTTP connection may stay open between requests."""
    max_connections_per_address: int = 200
    """Connections (HTTP and websocket) one client address may hold; trusted proxies
    are exempt."""
    idle_table_minutes: float = 30.0
    """Minutes a table without connections and without running bots stays in memory;
    the next request loads it from the database again."""
    log_format: str = "text"
    """``text`` or ``json`` (one object a line, for log collectors)."""
    access_log: bool = False
    """Log every request (method, path with secrets redacted, status, time)."""
    metrics: bool = True
    """Serve ``/metrics`` in Prometheus format."""
    metrics_allow: tuple[str, ...] = ("127.0.0.1", "::1")
    """Addresses or networks ``/metrics`` answers, on a direct connection only: a request
    that came through a proxy (``X-Forwarded-For``/``Forwarded``) is refused."""
    sqlite_sync: str = "normal"
    """SQLite's ``synchronous`` for the server's writes: ``normal`` (WAL: a power cut may
    lose the last acknowledged actions, never the database) or ``full`` (every action
    synced to disk; benchmarks/sqlite_sync.py measures the cost)."""

    def __post_init__(self) -> None:
        if self.base_url is not None:
            object.__setattr__(self, "base_url", check_base_url(self.base_url))
        root = self.root_path
        if root is None:
            root = urlsplit(self.base_url).path if self.base_url else ""
        object.__setattr__(self, "root_path", check_root_path(root))
        object.__setattr__(self, "forwarded_allow_ips",
                           tuple(check_proxy(p) for p in self.forwarded_allow_ips))
        object.__setattr__(self, "metrics_allow",
                           tuple(check_proxy(p, "ops.metrics_allow") for p in self.metrics_allow))

    @property
    def root(self) -> str:
        """The root path, ``""`` for none (typed: ``root_path`` is resolved on creation)."""
        return self.root_path or ""


def check_base_url(value: str) -> str:
    """``value`` without a trailing slash, or InvalidInputError naming what is allowed.

    >>> check_base_url("https://schock.example/")
    'https://schock.example'
    >>> check_base_url("schock.example")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: base URL 'schock.example': not an http(s) address with a host; allowed: e.g. https://schock.example or http://192.168.1.20:8000
    """
    url = urlsplit(value.strip()) if isinstance(value, str) else None
    ok = url is not None and url.scheme in ("http", "https") and bool(url.hostname)
    if ok and url is not None:
        try:
            url.port  # noqa: B018 - a bad port raises here
        except ValueError:
            ok = False
        ok = ok and not url.query and not url.fragment and "@" not in url.netloc
    if not ok:
        raise InvalidInputError(Msg("ops.base_url", {"value": str(value)[:200]}))
    return value.strip().rstrip("/")


def check_root_path(value: str) -> str:
    """``/sub/path`` without a trailing slash (``""``: none).

    >>> check_root_path("schock/"), check_root_path("/"), check_root_path("")
    ('/schock', '', '')
    >>> check_root_path("/a b")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: root path '/a b': not a URL path; allowed: e.g. /schock (letters, digits, - _ . ~ /)
    """
    path = value.strip().strip("/")
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~/")
    if not set(path) <= allowed or "//" in path or ".." in path.split("/"):
        raise InvalidInputError(Msg("ops.root_path", {"value": value[:200]}))
    return "/" + path if path else ""


def check_proxy(value: str, key: str = "ops.proxy") -> str:
    """A proxy address or network (``127.0.0.1``, ``10.0.0.0/8``, ``::1``, ``*``);
    ``key``: the message that names the setting when it is not one.

    >>> check_proxy(" 10.0.0.0/8 "), check_proxy("*")
    ('10.0.0.0/8', '*')
    >>> check_proxy("proxy.local")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: trusted proxy 'proxy.local': not an IP address or network; allowed: e.g. 127.0.0.1, 10.0.0.0/8, ::1 or * (any)
    >>> check_proxy("localhost", "ops.metrics_allow")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: metrics address 'localhost': not an IP address or network; allowed: e.g. 127.0.0.1, 10.0.0.0/8, ::1 or * (any)
    """
    text = value.strip()
    if text == "*":
        return text
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise InvalidInputError(Msg(key, {"value": value[:100]})) from None
    return text
