"""The connection guard of ``schock serve``: what uvicorn does not do by itself.

- A **header-read timeout**: a request whose headers are not complete within
  ``header_timeout`` seconds of its first byte (or of the connection) is dropped,
  so half-sent requests cannot hold connections for ever (uvicorn's own
  keep-alive timeout covers only the wait *between* requests).
- **Per-address connection caps**: one client address holds at most
  ``max_per_address`` connections (HTTP and websocket together); more are closed at
  once. Trusted proxies are exempt (every client comes through them).

It is uvicorn's httptools protocol with these two additions; ``schock serve`` passes
it as ``http=`` (see :func:`protocol_class`). ``benchmarks/slow_clients.py``
measures it: 1,500 half-sent requests from one address while ``/api/health`` is asked.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


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
            return False
        self.open[ip] += 1
        return True

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
