"""The websocket of a table: ``/ws/tables/{id}``; see docs/protocol.md.

Every frame a socket sends (text, binary or not JSON alike) spends one message of two
budgets (token buckets): its own (``rate``/``burst``) and its client address's, shared
by all the address's sockets (``address_rate``/``address_burst``; trusted proxies and
this machine have none, as in :mod:`schock.web.guard`). A frame over budget is dropped
unanswered; the socket is told once (a ``rate`` error), and the next frame over budget
closes it with code 1008 (policy violation), which the page understands. While an
address is over its budget, a new socket from it is refused before it is accepted.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocketState

from schock.web.guard import LOCAL, Limits
from schock.web.lobby import claim
from schock.web.repo import token_hash
from schock.web.schemas import (
    Act,
    ClientMessage,
    Hello,
    HintRequest,
    HostCommand,
    Rematch,
    SetLang,
)
from schock.web.session import Connection, Message, Refused, Tables, TableSession
from schock.web.settings import Settings

logger = logging.getLogger("schock.server")
router = APIRouter()
_PARSE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
#: The close code of a socket over its message budget (RFC 6455: policy violation).
FLOODED = 1008
#: Seconds between two log lines about sockets of one address closed for flooding.
WARN_EVERY = 60.0


class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level, self.at = float(burst), time.monotonic()

    def full(self) -> bool:
        """Whether the bucket has filled up again since it was last used."""
        return self.level + (time.monotonic() - self.at) * self.rate >= self.burst

    def empty(self) -> bool:
        """Whether the next message would be over the budget."""
        return self.level + (time.monotonic() - self.at) * self.rate < 1

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@dataclass
class AddressBudgets:
    """The message budget of each client address, shared by its sockets.

    >>> b = AddressBudgets(rate=1, burst=2, exempt=("127.0.0.1",))
    >>> shared = b.open("203.0.113.9")
    >>> shared is b.open("203.0.113.9"), b.open("127.0.0.1") is None
    (True, True)
    >>> shared.take(), shared.take(), shared.take()
    (True, True, False)
    """

    rate: float
    burst: int
    exempt: tuple[str, ...] = ()
    """Addresses or networks without a budget (trusted proxies, this machine)."""
    buckets: dict[str, Bucket] = field(default_factory=dict)
    sockets: dict[str, int] = field(default_factory=dict)
    warned: dict[str, float] = field(default_factory=dict)
    clock: Callable[[], float] = time.monotonic
    """The clock the log's once-a-minute reads (tests pass their own)."""

    def __post_init__(self) -> None:
        self._exempt = Limits(exempt=self.exempt)

    def open(self, ip: str) -> Bucket | None:
        """The budget a new socket from ``ip`` shares (None: exempt)."""
        if self._exempt.is_exempt(ip):
            return None
        self.sockets[ip] = self.sockets.get(ip, 0) + 1
        bucket = self.buckets.get(ip)
        if bucket is None:
            bucket = self.buckets[ip] = Bucket(self.rate, self.burst)
        return bucket

    def spent(self, ip: str) -> bool:
        """Whether ``ip`` is over its budget now (a new socket from it is refused)."""
        bucket = self.buckets.get(ip)
        return bucket is not None and bucket.empty()

    def close(self, ip: str) -> None:
        """A socket from ``ip`` is gone; the address's budget is forgotten once it has
        no socket and has filled up again (a spent budget outlives a reconnect)."""
        left = self.sockets.get(ip, 0) - 1
        if left > 0:
            self.sockets[ip] = left
            return
        self.sockets.pop(ip, None)
        if len(self.buckets) > len(self.sockets) + 1000:  # forget the full, unused ones
            for other in [a for a in self.buckets if a not in self.sockets]:
                if self.buckets[other].full():
                    del self.buckets[other]

    def flooded(self, ip: str) -> None:
        """Log that a socket from ``ip`` was closed (once a minute per address)."""
        now = self.clock()
        if now - self.warned.get(ip, -WARN_EVERY) < WARN_EVERY:
            return
        if len(self.warned) > 10_000:
            self.warned.clear()
        self.warned[ip] = now
        logger.warning("websocket from %s closed (1008): it kept sending over its message "
                       "budget (--rate/--burst, --address-rate/--address-burst)", ip)


def budgets_of(state: Any, settings: Settings) -> AddressBudgets:
    """The app's :class:`AddressBudgets` (made on first use)."""
    budgets: AddressBudgets | None = getattr(state, "budgets", None)
    if budgets is None:
        budgets = state.budgets = AddressBudgets(
            settings.address_rate, settings.address_burst,
            exempt=(*settings.forwarded_allow_ips, *LOCAL))
    return budgets


def parse(raw: str | None, settings: Settings) -> Any:
    """A client message, or :class:`Refused` saying what is wrong with it (``None``: a
    binary frame, which this protocol does not use)."""
    if raw is None:
        raise Refused("malformed", detail="binary frame; allowed: JSON text frames")
    if len(raw) > settings.max_message:
        raise Refused("too_large", size=len(raw), limit=settings.max_message)
    try:
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError:  # what orjson refuses (NaN, huge numbers): as before
            data = json.loads(raw)
        if type(data) is dict and len(data) == 3 and data.get("type") == "act":
            # the frame of nearly every message: checked here as Act checks it
            n, action = data.get("n"), data.get("action")
            if type(n) is int and 0 <= n <= 1_000_000 and type(action) is str \
                    and 1 <= len(action) <= 32:
                return Act.model_construct(type="act", n=n, action=action)
        return _PARSE.validate_python(data)
    except (ValueError, ValidationError) as exc:
        detail = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else "not JSON"
        raise Refused("malformed", detail=str(detail)[:200]) from None


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    tables: Tables = websocket.app.state.tables
    settings: Settings = websocket.app.state.settings
    budgets = budgets_of(websocket.app.state, settings)
    ip = websocket.client.host if websocket.client else ""
    if budgets.spent(ip):  # refused before it is accepted (HTTP 403): a flooder that
        await websocket.close(code=FLOODED)  # reconnects at once costs a handshake only
        return
    await websocket.accept()
    session = tables.get(table_id)
    if session is None:
        await websocket.send_json(Refused("invalid", de="Kein solcher Tisch",
                                          en="no such table").message())
        await websocket.close(code=4404)
        return
    bucket = Bucket(settings.rate, settings.burst)
    shared = budgets.open(ip)
    told = False  # of the rate: the next frame over budget closes the socket
    conn: Connection | None = None

    async def send(message: Message) -> None:
        if isinstance(message, str):  # encoded once for several connections
            await websocket.send_text(message)
        else:
            await websocket.send_json(message)

    async def close(code: int, reason: str) -> None:
        await websocket.close(code=code, reason=reason)

    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            if not (bucket.take() and (shared is None or shared.take())):
                if told:
                    budgets.flooded(ip)
                    websocket.app.state.metrics.flooded.inc()
                    await close(FLOODED, "too many messages")
                    break
                told = True
                await send(Refused("rate").message())
                continue
            try:
                msg = parse(raw, settings)
                if conn is None:
                    conn = await _hello(session, msg, send, close, settings)
                    continue
                began = time.perf_counter()
                await _handle(session, conn, msg)
                if isinstance(msg, Act):  # /metrics: schock_action_seconds
                    websocket.app.state.metrics.latency.observe(time.perf_counter() - began)
            except Refused as exc:
                await send(exc.message())
    except WebSocketDisconnect:
        pass
    except RuntimeError as exc:  # a send or receive on a socket that is closed meanwhile
        _gone(websocket, table_id, exc)
    finally:
        if shared is not None:
            budgets.close(ip)
        if conn is not None:
            async with session.lock:
                if conn in session.conns:
                    session.conns.remove(conn)
                    await session.broadcast()


def _gone(websocket: WebSocket, table_id: str, exc: RuntimeError) -> None:
    """Log a RuntimeError that ended a socket: one line at debug level when the socket
    was closed already (a send after the close: ordinary), a warning with the traceback
    when not (a defect)."""
    closed = WebSocketState.DISCONNECTED
    if closed in (websocket.application_state, websocket.client_state):
        logger.debug("table %s: websocket closed while in use (%s)", table_id, exc)
    else:
        logger.warning("table %s: websocket ended by an error", table_id, exc_info=exc)


async def _hello(session: TableSession, msg: Any, send: Any, close: Any,
                 settings: Settings) -> Connection:
    """Admit a connection: a seat's or the host's token always gets in (its oldest
    socket is closed when it has too many); spectators have their own cap."""
    if not isinstance(msg, Hello):
        raise Refused("hello_first")
    hashes: set[str] = set()
    if msg.token is not None:
        if await claim(session, msg.token) is None:  # held now: the invite no longer offers it
            raise Refused("bad_token")
        hashes.add(token_hash(msg.token))
    if msg.host is not None:
        if not session.is_host(msg.host):
            raise Refused("bad_token")
        hashes.add(token_hash(msg.host))
    async with session.lock:
        if hashes:
            same = [c for c in session.conns if c.hashes == hashes]
            for old in same[: max(0, len(same) - settings.max_sockets_per_seat + 1)]:
                session.conns.remove(old)
                await _close_quietly(old, Refused("opened_elsewhere").message())
        elif sum(not c.hashes for c in session.conns) >= settings.max_spectators_per_table:
            raise Refused("table_full", limit=settings.max_spectators_per_table)
        conn = Connection(send=send, hashes=frozenset(hashes), lang=msg.lang, close=close)
        conn.seat, conn.host = session.bound(conn)
        await send(session.welcome(conn))
        session.conns.append(conn)
        await session.broadcast()
    session.kick()
    return conn


async def _close_quietly(conn: Connection, notice: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):
        await conn.send(notice)
        await conn.close(4001, str(notice.get("en", ""))[:100])


async def _handle(session: TableSession, conn: Connection, msg: Any) -> None:
    if isinstance(msg, Act):
        await session.act(conn, msg.n, msg.action)
    elif isinstance(msg, HintRequest):
        await conn.send(await session.hint(conn))
    elif isinstance(msg, SetLang):
        conn.lang = msg.lang
        conn.told = (None, 0)  # the whole log again (also how a client resyncs its log)
        async with session.lock:
            await conn.send(session.welcome(conn))
            await session.send_state(conn)
    elif isinstance(msg, HostCommand):
        await session.command(conn, msg.command, msg.seat, msg.bot, to=msg.to,
                              age=msg.age, clock=(msg.nudge, msg.takeover))
    elif isinstance(msg, Rematch):
        await session.vote(conn)
    else:
        raise Refused("malformed", detail="hello was already said")
