r"""Several server processes on one PostgreSQL database (``schock serve --workers N``):
every process keeps its live tables in step with what the others write.

The proxy routes each table to one process, but that is an optimisation: a player whose
request or socket lands on another process (a restart moved the routing, a second
proxy, a link opened with a port) is served by that process from its own copy of the
table, and the copies never drift apart:

- The database announces every committed change of a table (migration 0017: triggers
  send ``NOTIFY schock_tables`` with ``TABLE_ID N<tab>TEXT<tab>ORIGIN``; N and TEXT are
  the index and text of a new action, or ``-`` and nothing, ORIGIN the writing
  connection's ``application_name``, which :func:`name_connections` makes unique per
  process).
- Each process LISTENs on a connection of its own, in a thread of its own
  (:class:`Listener`), skips what it wrote itself and hands the rest to the event loop
  (:class:`Sync`). Each live table it names is brought up to date under its lock: new
  actions are applied as the process's own are, from the notifications themselves (no
  query; the frames carry only what changed),
  anything else (seats, flags, a finished game, a rematch, the tournament's series)
  reloads the copy; then its people are sent the new state. (A live copy is never just
  dropped: a request or socket may hold it.)
- A process acts on its copy as always and the database decides every race: an action
  is stored at its index once; a process that loses drops its copy and reloads it
  (:class:`schock.web.repo.StaleCopy`).
- Bots and forced moves are driven by the process that stored the table's latest
  action (:meth:`schock.web.session.TableSession.drives`); the others leave them to it,
  unless it stays silent past :data:`TAKEOVER_SECONDS` (after the bot delay): then one
  of them takes over. Two drivers at once are harmless (the second write at an index
  is refused), only wasted work.
- Should the listening connection drop, the process compares its live tables with
  the database every :data:`SYNC_SECONDS` (:func:`sync_once`) until it listens again,
  and once more right after (what was announced meanwhile is not lost).

>>> parse("Zq0-p3lN7yWmC4x9 12\t1 throw 2-3-5\tschock-4711-0a1b2c3d")
('Zq0-p3lN7yWmC4x9', 12, '1 throw 2-3-5', 'schock-4711-0a1b2c3d')
>>> parse("Zq0-p3lN7yWmC4x9 -\t\tpsql")
('Zq0-p3lN7yWmC4x9', None, '', 'psql')
>>> parse("nonsense") is None
True
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event

from schock.errors import SchockError
from schock.store import Database
from schock.web.session import Tables, TableSession, replay_actions
from schock.web.tournament_online import _fresh, _reload, copy_state, states

logger = logging.getLogger("schock.server")

#: The channel the database announces table changes on (migration 0017).
CHANNEL = "schock_tables"
#: Seconds between comparisons with the database while the listener is down, and
#: between looks for tables whose bots another process stopped driving.
SYNC_SECONDS = 1.0
#: Seconds (after the bot delay) that a process leaves a table's bots to the process
#: that stored its latest action before it drives them itself.
TAKEOVER_SECONDS = 5.0


#: One notification as the loop gets it: table id, the index and text of a new action
#: (None and "": another change).
Heard = tuple[str, int | None, str]


def parse(payload: str) -> tuple[str, int | None, str, str] | None:
    """A notification's table id, the index and text of the new action it announces
    (None and "": another change) and its origin; None if it is not one of ours."""
    parts = payload.split("\t", 2)
    head = parts[0].split(" ")
    if len(parts) != 3 or len(head) != 2 or not (head[1] == "-" or head[1].isdigit()):
        return None
    return head[0], None if head[1] == "-" else int(head[1]), parts[1], parts[2]


def name_connections(db: Database) -> str:
    """Give every connection this process opens to ``db`` from now on an
    ``application_name`` of its own (the origin the notifications carry; it also shows
    in ``pg_stat_activity``) and return it."""
    origin = f"schock-{os.getpid()}-{secrets.token_hex(4)}"

    def named(_dialect: Any, _record: Any, _args: Any, params: dict[str, Any]) -> None:
        params["application_name"] = origin

    event.listen(db.engine, "do_connect", named)
    db.engine.dispose()  # the connections opened before (the migration's) are not reused
    return origin


@dataclass
class Change:
    """What other processes changed in one table since it was last brought up to date."""

    full: bool = False
    """Something else than new actions (the copy is reloaded)."""
    actions: dict[int, str] = field(default_factory=dict)
    """The new actions announced: index -> text as stored."""

    @property
    def length(self) -> int:
        """The table's length after the newest action announced (-1: none)."""
        return max(self.actions, default=-2) + 1


class Listener:
    """``LISTEN schock_tables`` on a connection of its own, in a thread of its own; the
    others' notifications go to ``deliver`` (called on ``loop``, a batch at a time),
    and ``connected`` is called on the loop each time it listens (again)."""

    def __init__(self, db: Database, origin: str, loop: asyncio.AbstractEventLoop,
                 deliver: Callable[[list[Heard]], None],
                 connected: Callable[[], None], retry: float = SYNC_SECONDS) -> None:
        self.db, self.origin, self.loop = db, origin, loop
        self.deliver, self.connected, self.retry = deliver, connected, retry
        self.listening = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._batch: list[Heard] = []
        self._conn: Any = None
        self.thread = threading.Thread(target=self._run, name="schock-listener", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        """Stop listening (waits for the thread at most a second or two)."""
        self._stop.set()
        self.thread.join(self.retry + 2)

    def _run(self) -> None:
        failed = False
        while not self._stop.is_set():
            try:
                self._listen()
            except Exception as exc:
                if not failed:  # once per outage, not once a second
                    logger.warning("listening for other processes' changes failed (%s); "
                                   "comparing with the database every %.0f s meanwhile",
                                   " ".join(str(exc).split())[:200], SYNC_SECONDS)
                failed = True
            else:
                failed = False
            finally:
                self.listening.clear()
                with contextlib.suppress(Exception):
                    self._conn.close()
            self._stop.wait(self.retry)

    def _listen(self) -> None:
        raw = self.db.engine.raw_connection()  # named like the process's other connections
        raw.detach()  # this one is ours alone, never back to the pool
        conn: Any = raw.dbapi_connection  # psycopg's own connection
        self._conn = conn
        conn.rollback()
        conn.autocommit = True
        conn.execute(f"LISTEN {CHANNEL}")
        self.listening.set()
        with contextlib.suppress(RuntimeError):  # the loop is closed: shutting down
            self.loop.call_soon_threadsafe(self.connected)
        logger.info("listening for other processes' changes of tables")
        while not self._stop.is_set():
            for note in conn.notifies(timeout=0.5):
                self._heard(note.payload)

    def _heard(self, payload: str) -> None:
        got = parse(payload)
        if got is None or got[3] == self.origin:
            return
        with self._lock:
            first = not self._batch
            self._batch.append(got[:3])
        if first:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._hand_over)

    def _hand_over(self) -> None:
        with self._lock:
            batch, self._batch = self._batch, []
        self.deliver(batch)


class Sync:
    """One app's side of it (the app's lifespan makes one with PostgreSQL): what the
    listener hears is applied to the live tables; :meth:`run` is the loop's task."""

    def __init__(self, tables: Tables, db: Database) -> None:
        self.tables, self.db = tables, db
        self.pending: dict[str, Change] = {}
        self.working: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.resync = True
        """Compare every live table with the database at the next tick (set at the
        start and each time the listener listens again: it may have missed some)."""
        self.listener: Listener | None = None

    def start(self) -> asyncio.Task[None]:
        origin = name_connections(self.db)
        self.listener = Listener(self.db, origin, asyncio.get_running_loop(), self.changed,
                                 self.listening_again)
        self.listener.start()
        return asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        if self.listener is not None:
            await asyncio.to_thread(self.listener.stop)

    def listening_again(self) -> None:
        self.resync = True

    def changed(self, batch: list[Heard]) -> None:
        """Other processes changed these tables: bring the live ones up to date, one task
        per table at a time."""
        for table_id, index, text in batch:
            if table_id not in self.tables.live:
                continue
            change = self.pending.setdefault(table_id, Change())
            if index is None:
                change.full = True
            else:
                change.actions[index] = text
            if table_id not in self.working:
                self.working.add(table_id)
                task = asyncio.get_running_loop().create_task(self._follow(table_id))
                self.tasks.add(task)  # held until done (the loop holds tasks weakly)
                task.add_done_callback(self.tasks.discard)

    async def _follow(self, table_id: str) -> None:
        try:
            while (change := self.pending.pop(table_id, None)) is not None:
                session = self.tables.live.get(table_id)
                if session is None:
                    continue
                try:
                    await catch_up(session, change, self.db)
                except Exception:  # pragma: no cover - a database hiccup: the poll repairs it
                    logger.exception("table %s: taking another process's change failed",
                                     table_id)
                    self.resync = True
                session.kick()
        finally:
            self.working.discard(table_id)

    async def run(self) -> None:
        """:meth:`tick` every :data:`SYNC_SECONDS`."""
        while True:
            await asyncio.sleep(SYNC_SECONDS)
            try:
                await self.tick()
            except Exception:  # pragma: no cover - a database hiccup; the next round tries again
                logger.exception("comparing the live tables with the database failed")

    async def tick(self) -> None:
        """Compare with the database while not listening (and once after listening
        again); :meth:`takeover`."""
        listening = self.listener is not None and self.listener.listening.is_set()
        if self.resync or not listening:
            self.resync = not listening
            await sync_once(self.tables, self.db)
        self.takeover()

    def takeover(self) -> list[str]:
        """Drive here the bots of the live tables whose driving process has been silent
        past its time (:attr:`TableSession.follow`); returns their ids."""
        taken = []
        for session in list(self.tables.live.values()):
            if session.follow[0] >= 0 and session.drives():
                session.follow = (-1, 0.0)
                session.kick()
                taken.append(session.id)
        return taken


async def catch_up(session: TableSession, change: Change, db: Database) -> None:
    """Bring a live copy up to date with ``change`` (made by other processes) under its
    lock and send its people the new state: new actions are applied (read in a thread),
    anything else reloads the copy. A new action makes this process leave the table's
    bots to the process that stored it (:attr:`TableSession.follow`)."""
    async with session.lock:
        before = (session.game_no, len(session.game.actions))
        if change.full or not (_append_heard(session, change) or await _append(session)):
            _reload(session, db)
        if change.length >= 0:
            session.follow = (change.length, time.monotonic() + session.settings.bot_delay
                              + TAKEOVER_SECONDS)
        if change.full or (session.game_no, len(session.game.actions)) != before:
            await session.broadcast()


def _append_heard(session: TableSession, change: Change) -> bool:
    """Apply the new actions as the notifications carried them, if they are all that
    this copy lacks (none missing in between); whether it did."""
    n = len(session.game.actions)
    texts = [change.actions.get(i) for i in range(n, change.length)]
    if not texts:  # this copy has them already (reloaded meanwhile)
        return True
    if None in texts:
        return False
    try:
        replay_actions(session.game, [t for t in texts if t is not None], None)
    except SchockError:  # pragma: no cover - a copy of another game: read the database
        return False
    return not session.game.over


async def _append(session: TableSession) -> bool:
    """Apply the stored actions this copy lacks, as :meth:`TableSession.restore` does
    (:func:`schock.web.session.replay_actions`);
    False when that is not all that changed (another game, a game over: reload)."""
    n = len(session.game.actions)
    got = await asyncio.to_thread(session.repo.actions_from, session.id, n)
    if got is None or got[0] != session.game_no:
        return False
    try:  # each throw with the dice it threw, stored by the other process
        replay_actions(session.game, got[1], None)
    except SchockError:  # pragma: no cover - read between a rematch's two statements
        return False
    return not session.game.over


async def sync_once(tables: Tables, db: Database) -> list[str]:
    """Compare every live table with the database and reload each whose stored state
    differs from its copy (compared again under its lock); returns the ids reloaded.
    What the process does when it cannot listen, and once each time it listens again."""
    live = dict(list(tables.live.items()))
    stored = await asyncio.to_thread(states, db, live)
    reloaded = []
    for table_id, session in live.items():
        st = stored.get(table_id)
        if st is None or st == copy_state(session):
            continue
        if await _fresh(session, db):
            session.kick()
            reloaded.append(table_id)
    return reloaded
