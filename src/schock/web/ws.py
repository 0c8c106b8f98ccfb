"""The websocket of a table: ``/ws/tables/{id}``; see docs/protocol.md."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

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

router = APIRouter()
_PARSE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


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
    await websocket.accept()
    session = tables.get(table_id)
    if session is None:
        await websocket.send_json(Refused("invalid", de="Kein solcher Tisch",
                                          en="no such table").message())
        await websocket.close(code=4404)
        return
    bucket = Bucket(settings.rate, settings.burst)
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
            if not bucket.take():
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
    except (WebSocketDisconnect, RuntimeError):
        pass  # gone (a failed send to a closed socket marks it disconnected: RuntimeError)
    finally:
        if conn is not None:
            async with session.lock:
                if conn in session.conns:
                    session.conns.remove(conn)
                    await session.broadcast()


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
