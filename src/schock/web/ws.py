"""The websocket of a table: ``/ws/tables/{id}``; see docs/protocol.md."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from schock.web.schemas import Act, ClientMessage, Hello, HintRequest, HostCommand, SetLang
from schock.web.session import Connection, Refused, Tables, TableSession
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


def parse(raw: str, settings: Settings) -> Any:
    """A client message, or :class:`Refused` saying what is wrong with it."""
    if len(raw) > settings.max_message:
        raise Refused("too_large", size=len(raw), limit=settings.max_message)
    try:
        return _PARSE.validate_python(json.loads(raw))
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

    async def send(message: dict[str, Any]) -> None:
        await websocket.send_json(message)

    try:
        while True:
            raw = await websocket.receive_text()
            if not bucket.take():
                await send(Refused("rate").message())
                continue
            try:
                msg = parse(raw, settings)
                if conn is None:
                    conn = await _hello(session, msg, send, settings)
                    continue
                await _handle(session, conn, msg)
            except Refused as exc:
                await send(exc.message())
    except (WebSocketDisconnect, RuntimeError):
        pass  # gone (a failed send to a closed socket marks it disconnected: RuntimeError)
    finally:
        if conn is not None and conn in session.conns:
            session.conns.remove(conn)
            await session.broadcast()


async def _hello(session: TableSession, msg: Any, send: Any, settings: Settings) -> Connection:
    if not isinstance(msg, Hello):
        raise Refused("hello_first")
    seat = None
    if msg.token is not None:
        seat = session.seat_of(msg.token)
        if seat is None:
            raise Refused("bad_token")
    host = False
    if msg.host is not None:
        host = session.is_host(msg.host)
        if not host:
            raise Refused("bad_token")
    if len(session.conns) >= settings.max_connections_per_table:
        raise Refused("table_full")
    conn = Connection(send=send, seat=seat, host=host, lang=msg.lang)
    await send(session.welcome(conn))
    async with session.lock:
        session.conns.append(conn)
        await session.broadcast()
    session.kick()
    return conn


async def _handle(session: TableSession, conn: Connection, msg: Any) -> None:
    if isinstance(msg, Act):
        await session.act(conn.seat, msg.n, msg.action)
    elif isinstance(msg, HintRequest):
        await conn.send(await session.hint(conn.seat, conn.lang))
    elif isinstance(msg, SetLang):
        conn.lang = msg.lang
        conn.told = (None, 0)  # the whole log again (also how a client resyncs its log)
        await conn.send(session.welcome(conn))
        await conn.send(session.message_for(conn))
    elif isinstance(msg, HostCommand):
        await session.command(conn, msg.command, msg.seat, msg.bot)
    else:
        raise Refused("malformed", detail="hello was already said")
