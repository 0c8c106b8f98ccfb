"""What a table tells its connections: the table's state (:func:`table_info`), the
game told once per action and language (:func:`told`), each connection's own state frame
(only the log lines it lacks) and the welcome; :func:`broadcast` sends every connection
its own view after a change, each distinct frame encoded once.

Every frame passes :func:`deliver`, the one guard of outgoing messages. The functions are
:class:`~schock.web.session.TableSession`'s (its methods of the same names call them).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import orjson

from schock.bots import available_bots
from schock.narrate import Chronicle
from schock.web.messages import rules_rows, state_message
from schock.web.seats import Connection, Message, needs_ages

if TYPE_CHECKING:
    from schock.web.session import TableSession

logger = logging.getLogger("schock.web.session")


#: The parts of a state message that are the same for every seat (see
#: :func:`schock.web.messages.state_message`).
_SHARED = ("table", "log", "story")


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text a websocket sends (compact, UTF-8 as it is; orjson:
    a tenth of the json module's time, and the frames are the server's largest work).

    >>> encode({"type": "state", "log": ["Würfel"], "n": 3, "waited": 1.5, "x": None})
    '{"type":"state","log":["Würfel"],"n":3,"waited":1.5,"x":null}'
    """
    return orjson.dumps(message).decode()


def table_info(session: TableSession) -> dict[str, Any]:
    online = {session.bound(c)[0] for c in session.conns}
    return {
        "id": session.id,
        "started": session.started,
        "paused": session.paused,
        "ended": session.ended,
        "over": session.game.over,
        "step": session.step(),
        "game": session.game_no,
        "games": [{"number": g.number, "loser": g.loser, "ended": g.ended}
                  for g in session.games],
        "striche": session.striche(),
        "votes": sorted(session.votes),
        "clock": {"nudge": session.clock[0], "takeover": session.clock[1], "waited": session.waited()},
        "seats": [
            {"name": s.name, "bot": s.bot, "online": i in online,
             "free": s.bot is None and not s.claimed, "aged": s.age is not None,
             # a person's link exists (the host role can go to it) / a bot plays for them
             "person": s.token_hash is not None,
             "replaced": s.bot is not None and s.token_hash is not None}
            for i, s in enumerate(session.seats)
        ],
        "late": [s.name for s in session.late],
        "series": None if session.series is None else session.series.info(),
        "needs_ages": needs_ages(session.rules),
    }


def told(session: TableSession, lang: str) -> tuple[Chronicle, int, list[str], dict[str, Any]]:
    """The game told in ``lang`` (frozen lines, lines, story): once per action and
    language, each new event read once (:class:`~schock.narrate.Chronicle`)."""
    if session._chronicle is None or session._chronicle.game is not session.game:
        session._chronicle = Chronicle(session.game)
        session._told = (-1, {})
    n = len(session.game.actions)
    if session._told[0] != n:
        session._told = (n, {})
    cache = session._told[1]
    if lang not in cache:
        frozen, lines = session._chronicle.lines(lang)
        cache[lang] = (frozen, lines, session._chronicle.story(lang))
    return (session._chronicle, *cache[lang])


def log(session: TableSession, lang: str) -> list[str]:
    """The whole log in ``lang`` (what a fresh client receives)."""
    return session.told(lang)[2]


def message_for(session: TableSession, conn: Connection,
                info: dict[str, Any] | None = None) -> dict[str, Any]:
    """The state ``conn`` may see: the view of the seat it plays now (:meth:`bound`),
    and of the log only what it lacks."""
    seat, _ = session.bound(conn)
    info = session.table_info() if info is None else info
    live = session.started and not session.paused and not session.ended
    chronicle, frozen, lines, story = session.told(conn.lang)
    whose, kept = conn.told
    start = kept if whose == (chronicle, conn.lang) else 0
    conn.told = ((chronicle, conn.lang), frozen)
    log = {"from": start, "lines": lines[start:]}
    return state_message(session.game, seat, table=info, log=log, story=story, live=live,
                         lang=conn.lang)


async def deliver(session: TableSession, conn: Connection, build: Callable[[], Message]) -> None:
    """Build one message for ``conn`` and send it; the one guard of every outgoing
    message. A message that cannot be built closes that connection with a reason
    (the others go on); a send to a socket already gone is dropped."""
    try:
        message = build()
    except Exception:
        logger.exception("table %s: cannot build a message; closing that connection", session.id)
        if conn in session.conns:
            session.conns.remove(conn)
        with contextlib.suppress(Exception):
            await conn.close(1011, "internal error")
        return
    with contextlib.suppress(Exception):
        await conn.send(message)


async def send_state(session: TableSession, conn: Connection,
                     info: dict[str, Any] | None = None) -> None:
    """Send ``conn`` its own view (through the guard)."""
    await session._deliver(conn, lambda: session.message_for(conn, info))


def encoded_for(session: TableSession, conn: Connection, info: dict[str, Any],
                made: dict[tuple[int | None, str, int], str],
                shared: dict[tuple[str, int], str]) -> str:
    """:meth:`message_for` as JSON text, made once per broadcast for all connections
    that are sent the same (the same seat's view, language and log lines: the
    sockets of one seat, the spectators); the parts that are the same for every
    seat (the table, the new log lines, the story) are encoded once per language
    and log position (``shared``) and joined to each seat's own."""
    seat, _ = session.bound(conn)
    chronicle, frozen, _lines, _story = session.told(conn.lang)
    whose, kept = conn.told
    start = kept if whose == (chronicle, conn.lang) else 0
    key = (seat, conn.lang, start)
    text = made.get(key)
    if text is None:
        message = session.message_for(conn, info)
        common = shared.get((conn.lang, start))
        if common is None:
            common = shared[(conn.lang, start)] = encode(
                {k: message[k] for k in _SHARED})[1:-1]
        own = encode({k: v for k, v in message.items() if k not in _SHARED})
        text = made[key] = f"{own[:-1]},{common}}}"
    else:
        conn.told = ((chronicle, conn.lang), frozen)
    return text


async def broadcast(session: TableSession) -> None:
    """Re-bind every connection to its seat, then send each its own view (the table
    and the narration are told once for all of them, each distinct message encoded
    once). A send only queues the frame on its socket, so they go one after the
    other, without a task each."""
    await session.rebind()
    info = session.table_info()
    made: dict[tuple[int | None, str, int], str] = {}
    shared: dict[tuple[str, int], str] = {}
    for conn in list(session.conns):
        await session._deliver(conn, partial(encoded_for, session, conn, info, made, shared))


def welcome(session: TableSession, conn: Connection) -> dict[str, Any]:
    seat, host = session.bound(conn)
    return {
        "type": "welcome",
        "table": session.id,
        "seat": seat,
        "host": host,
        "rules": {"id": session.rules.id, "name": session.rules.name,
                  "rows": rules_rows(session.rules, conn.lang)},
        "bots": list(available_bots()),
    }
