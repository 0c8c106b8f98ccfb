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

from schock.bots import available_bots
from schock.narrate import Chronicle
from schock.web import messages
from schock.web.messages import StateTexts, rules_rows, state_message
from schock.web.seats import Connection, Message, needs_ages

if TYPE_CHECKING:
    from schock.web.session import TableSession

logger = logging.getLogger("schock.web.session")


def encode(message: dict[str, Any]) -> str:
    """:func:`schock.web.messages.encode` (kept here for the callers of this module).

    >>> encode({"type": "state", "n": 3})
    '{"type":"state","n":3}'
    """
    return messages.encode(message)


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


def encoded_for(session: TableSession, conn: Connection, texts: StateTexts) -> str:
    """:meth:`message_for` as JSON text, from the texts of this moment (``texts``: each
    part made once for all connections that share it, each distinct frame once)."""
    seat, _ = session.bound(conn)
    chronicle, frozen, lines, story = session.told(conn.lang)
    whose, kept = conn.told
    start = kept if whose == (chronicle, conn.lang) else 0
    text = texts.text(seat, conn.lang, start, lines, story)
    conn.told = ((chronicle, conn.lang), frozen)
    return text


async def broadcast(session: TableSession) -> None:
    """Re-bind every connection to its seat, then send each its own view (the table,
    the narration and the view's public part are told once for all of them, each
    distinct message encoded once: :class:`~schock.web.messages.StateTexts`). A send
    only queues the frame on its socket, so they go one after the other, without a
    task each."""
    await session.rebind()
    live = session.started and not session.paused and not session.ended
    texts = StateTexts(session.game, session.table_info(), live)
    for conn in list(session.conns):
        await session._deliver(conn, partial(encoded_for, session, conn, texts))


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
