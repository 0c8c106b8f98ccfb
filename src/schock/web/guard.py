"""The connection guard of ``schock serve``: what uvicorn does not do by itself.

- A **header-read timeout**: a request whose headers are not complete within
  ``header_timeout`` seconds of its first byte (or of the connection) is dropped,
  so half-sent requests cannot hold connections for ever (uvicorn's own
  keep-alive timeout covers only the wait *between* requests).
- **Per-address connection caps**: one client address holds at most
  ``max_per_address`` connections (HTTP and websocket together); more are closed at
  once, and the log says so (once a minute per address). Trusted proxies are exempt
  (every client comes through them), and so is this machine (:data:`LOCAL`): a proxy on
  it that is not named as trusted would otherwise cap the whole server at
  ``max_per_address`` connections.

It is uvicorn's httptools protocol with these two additions; ``schock serve`` passes
it as ``http=`` (see :func:`protocol_class`). ``benchmarks/slow_clients.py``
measures it: 1,500 half-sent requests from one address while ``/api/health`` is asked.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

logger = logging.getLogger("schock.server")

#: Addresses exempt from the cap under ``schock serve``: this machine's loopback (a proxy
#: in front on the same machine, the operator's own tools). No other machine's
#: connection arrives from them.
LOCAL = ("127.0.0.1", "::1")
#: Seconds between two log lines about the same address hitting the cap.
WARN_EVERY = 60.0


@dataclass
class Limits:
    """The guard's settings and its count of open connections per address."""

    header_timeout: float = 10.0
    max_per_address: int = 200
    exempt: tuple[str, ...] = ()
    """Addresses or networks with no cap (the trusted proxies)."""
    open: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    timed_out: int = 0
    warned: dict[str, float] = field(default_factory=dict)
    """When the log last told of each address hitting the cap (monotonic seconds)."""

    def __post_init__(self) -> None:
        self._nets = [ipaddress.ip_network(e, strict=False) for e in self.exempt if e != "*"]
        self._all = "*" in self.exempt

    def is_exempt(self, ip: str) -> bool:
        if self._all:
            return True
        try:
            addr = ipaddress.ip_address(ip)
        except ValueError:
            return False
        return any(addr in net for net in self._nets)

    def admit(self, ip: str) -> bool:
        """Count a new connection from ``ip``; False (and not counted) over the cap."""
        if self.open[ip] >= self.max_per_address and not self.is_exempt(ip):
            self.refused += 1
            self._warn(ip)
            return False
        self.open[ip] += 1
        return True

    def _warn(self, ip: str) -> None:
        now = time.monotonic()
        if now - self.warned.get(ip, -WARN_EVERY) < WARN_EVERY:
            return
        if len(self.warned) > 10_000:  # many addresses at the cap: forget the old ones
            self.warned.clear()
        self.warned[ip] = now
        logger.warning("connections from %s refused: it holds %d, the cap per address "
                       "(--max-connections-per-address); a proxy in front of the server "
                       "belongs in --forwarded-allow-ips", ip, self.max_per_address)

    def release(self, ip: str) -> None:
        self.open[ip] -= 1
        if self.open[ip] <= 0:
            del self.open[ip]

    @property
    def connections(self) -> int:
        return sum(self.open.values())


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header-read timeout and per-address caps."""

    limits: ClassVar[Limits] = Limits()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._ip = self.client[0] if self.client else ""
        self._counted = self.limits.admit(self._ip)
        self._header_timer: asyncio.TimerHandle | None = None
        if not self._counted:
            transport.abort()
            return
        self._start_header_timer()

    def _start_header_timer(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.limits.header_timeout,
                                                      self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        self.limits.timed_out += 1
        self.transport.abort()

    def _release(self) -> None:
        if self._counted:
            self._counted = False
            self.limits.release(self._ip)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_header_timer()  # the next request on a kept-alive connection

    def on_headers_complete(self) -> None:
        self._stop_header_timer()
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        self._stop_header_timer()
        super().handle_websocket_upgrade()
        ws: Any = self.transport.get_protocol()  # the websocket keeps this address's slot
        lost = ws.connection_lost

        def connection_lost(exc: Exception | None) -> None:
            self._release()
            lost(exc)

        ws.connection_lost = connection_lost

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        if self.transport.get_protocol() is self:
            self._release()
        super().connection_lost(exc)


def protocol_class(limits: Limits) -> type[GuardedProtocol]:
    """A protocol class bound to ``limits`` (uvicorn makes one instance per connection)."""
    return type("SchockProtocol", (GuardedProtocol,), {"limits": limits})


def raise_open_files_limit(want: int = 65536) -> int:
    """Raise this process's limit of open files (every connection is one) to ``want``,
    or as far as the hard limit allows; returns the limit now. systemd and most shells
    start a service with 1,024, fewer than 1,000 players' websockets need."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):  # pragma: no cover - not allowed here: keep it
            pass
    return int(soft)
