"""Operating the server: ``/api/health`` (readiness: the database takes a write),
``/api/live`` (liveness: the process answers), ``/metrics`` (Prometheus),
counted action writes, and idle tables leaving memory.

The metrics live in a registry of their own per app (tests make many apps):
``schock_tables_live``, ``schock_websockets``, ``schock_connections`` (open HTTP and
websocket connections, under ``schock serve``), ``schock_actions_total`` (actions
written), ``schock_action_seconds`` (a player's action from its frame to every
connection's new state), ``schock_tables_evicted_total`` and
``schock_websockets_flooded_total`` (sockets closed for sending over their budget).

``/metrics`` answers only a direct connection from an address of ``metrics_allow``
(this machine by default): a request that came through a proxy is refused, whatever
address the proxy forwards, so the public site never shows it (deploy/nginx.conf and
deploy/Caddyfile refuse it as well).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import generate_latest
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError

from schock.store.db import Database
from schock.web.guard import Limits
from schock.web.repo import Repo, Unsaved
from schock.web.session import Tables, TableSession
from schock.web.settings import Settings

logger = logging.getLogger("schock.server")
router = APIRouter()

#: Buckets of the action latency (seconds): the target is p99 <= 50 ms.
LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    """The app's Prometheus metrics (one registry per app)."""

    def __init__(self, app_state: Any) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.actions = Counter("schock_actions", "Actions written to the database.", registry=r)
        self.latency = Histogram(
            "schock_action_seconds",
            "A player's action: from its websocket frame to every connection's new state.",
            buckets=LATENCY_BUCKETS, registry=r)
        self.evicted = Counter("schock_tables_evicted",
                               "Idle tables that left memory (they come back on the next "
                               "request).", registry=r)
        self.flooded = Counter("schock_websockets_flooded",
                               "Websockets closed (1008) for sending over their message "
                               "budget.", registry=r)
        tables = Gauge("schock_tables_live", "Tables in memory.", registry=r)
        tables.set_function(lambda: len(app_state.tables.live))
        sockets = Gauge("schock_websockets", "Open websockets of tables.", registry=r)
        sockets.set_function(lambda: sum(len(s.conns) for s in app_state.tables.live.values()))
        conns = Gauge("schock_connections",
                      "Open HTTP and websocket connections (under schock serve).", registry=r)
        conns.set_function(lambda: _guard_connections(app_state))


def _guard_connections(app_state: Any) -> float:
    limits = getattr(app_state, "guard", None)
    return float(limits.connections) if limits is not None else float("nan")


def sqlite_sync(db: Database, mode: str) -> None:
    """Set SQLite's ``synchronous`` on every connection from now on (no-op elsewhere)."""
    if db.engine.dialect.name != "sqlite" or mode == "normal":
        return
    pragma = f"PRAGMA synchronous={ {'full': 'FULL'}[mode] }"

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(pragma)
        cursor.close()

    event.listen(db.engine, "connect", on_connect)
    db.engine.dispose()  # connections opened before (the migration's) are not reused


#: The collector's thresholds under ``schock serve`` (Python's: 700, 10, 10). A full pass
#: looks at every object the tables hold (~140,000 with 1,000 players: tens of ms, and
#: every action waits meanwhile); Python's thresholds ran one every few seconds under
#: load, these about one a minute. The young generations are collected as often.
SERVER_GC_THRESHOLDS = (2000, 10, 100)
#: How long the event loop's thread may hold the interpreter lock while the database
#: writer thread waits for it (Python's: 5 ms). Each write takes it back 3-4 times (after
#: each statement), so under load 5 ms each made the writes queue behind the loop; at
#: 0.5 ms the same load ran ~30 % more actions/s at a lower p99 (benchmarks/web.py).
SERVER_SWITCH_INTERVAL = 0.0005


def freeze_startup_objects() -> int:
    """Move every object alive after the start (modules, classes, the app: ~160,000)
    out of the garbage collector's sight and make its full passes rarer
    (:data:`SERVER_GC_THRESHOLDS`); returns how many were frozen. Also lets the writer
    thread have the interpreter lock sooner (:data:`SERVER_SWITCH_INTERVAL`). Full passes then
    look only at what the tables made since, and seldom: they were the slowest actions
    under load. Called by ``schock serve`` once the app has started and answers;
    nothing frozen is ever freed, so it is not for test apps."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVER_GC_THRESHOLDS)
    sys.setswitchinterval(SERVER_SWITCH_INTERVAL)
    return gc.get_freeze_count()


class CountingRepo(Repo):
    """The repository that counts every action it writes (bots' and people's alike)."""

    def __init__(self, db: Database, metrics: Metrics) -> None:
        super().__init__(db)
        self.metrics = metrics

    def written(self, actions: int) -> None:
        self.metrics.actions.inc(actions)


#: A readiness answer is given again for this long (seconds): a proxy or monitor asking
#: 100 times a second costs one write a second.
READY_SECONDS = 1.0
#: A check whose write is not stored within this long (seconds) answers 503.
READY_TIMEOUT = 5.0


class Readiness:
    """Whether the database takes a write now: the heartbeat (:meth:`Repo.heartbeat`),
    written by the writer thread like every action (so a writer stuck behind a dead
    database fails it too), at most once per :data:`READY_SECONDS`; requests that come
    meanwhile share the answer (and a check under way)."""

    def __init__(self) -> None:
        self.at = -float("inf")
        self.reason: str | None = None
        """Why the last check failed (None: it passed)."""
        self._check: asyncio.Task[None] | None = None

    async def reason_now(self, repo: Repo) -> str | None:
        """None if the database takes writes, else why not."""
        if time.monotonic() - self.at >= READY_SECONDS:
            if self._check is None or self._check.done():
                self._check = asyncio.get_running_loop().create_task(self._write(repo))
            await asyncio.shield(self._check)
        return self.reason

    async def _write(self, repo: Repo) -> None:
        try:
            await asyncio.wait_for(repo.run(Repo.heartbeat), timeout=READY_TIMEOUT)
            self.reason = None
        except TimeoutError:
            self.reason = f"no write stored within {READY_TIMEOUT:g} s"
        except Exception as exc:  # any failure is the answer: the database is not usable
            self.reason = _reason(exc.cause if isinstance(exc, Unsaved) else exc)
        self.at = time.monotonic()


def _reason(exc: BaseException) -> str:
    """What the database said, on one line (without the statement).

    >>> from sqlalchemy.exc import OperationalError
    >>> _reason(OperationalError("UPDATE web_heartbeat", {}, Exception("database or disk is full")))
    'database or disk is full'
    """
    said = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    return " ".join(str(said).split())[:200] or type(said).__name__


@router.get("/api/health")
async def health(request: Request) -> JSONResponse:
    """Readiness: ``{"ok": true}`` when the database takes a write (a heartbeat row,
    :class:`Readiness`); 503 ``{"ok": false, "database": reason}`` when not (a full
    disk, a database server down): a proxy sends traffic elsewhere, a monitor alarms."""
    state = request.app.state
    if getattr(state, "readiness", None) is None:
        state.readiness = Readiness()
    reason = await state.readiness.reason_now(state.tables.repo)
    if reason is not None:
        return JSONResponse({"ok": False, "database": reason}, status_code=503)
    return JSONResponse({"ok": True})


@router.get("/api/live")
async def live() -> JSONResponse:
    """Liveness: the process answers (nothing else is asked; a full disk is not a
    reason to restart it)."""
    return JSONResponse({"ok": True})


#: Headers a proxy adds: a request carrying one came through a proxy.
PROXIED = ("x-forwarded-for", "forwarded", "x-real-ip")


def metrics_allowed(request: Request) -> bool:
    """Whether ``/metrics`` may answer: a direct connection (no proxy's header) from an
    address of ``metrics_allow``."""
    settings: Settings = request.app.state.settings
    if any(h in request.headers for h in PROXIED):
        return False
    ip = request.client.host if request.client else ""
    return Limits(exempt=settings.metrics_allow).is_exempt(ip)


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    settings: Settings = request.app.state.settings
    if not settings.metrics:
        return JSONResponse({"detail": "metrics are off (--no-metrics)"}, status_code=404)
    if not metrics_allowed(request):
        return JSONResponse({"detail": "metrics are served only to a direct connection "
                                       "from --metrics-allow (default: this machine)"},
                            status_code=403)
    m: Metrics = request.app.state.metrics
    return Response(generate_latest(m.registry), media_type=CONTENT_TYPE_LATEST)


class ServerTables(Tables):
    """The live tables, remembering when each was last asked for (for eviction)."""

    def __init__(self, repo: Repo, settings: Settings) -> None:
        super().__init__(repo, settings)
        self.touched: dict[str, float] = {}

    async def create(self, *args: Any, **kwargs: Any) -> tuple[TableSession, str, list[str | None]]:
        made = await super().create(*args, **kwargs)
        self.touched[made[0].id] = time.monotonic()
        return made

    def get(self, table_id: str) -> TableSession | None:
        session = super().get(table_id)
        if session is not None:
            self.touched[table_id] = time.monotonic()
        return session


def evict_idle(app_state: Any, now: float) -> list[str]:
    """Drop the tables nobody has asked for in ``idle_table_minutes`` that have no
    connection, no running bot and no held lock. Returns the ids dropped; the next
    request loads them from the database again, as after a restart."""
    tables: ServerTables = app_state.tables
    limit = app_state.settings.idle_table_minutes * 60
    gone = []
    for table_id, session in list(tables.live.items()):
        busy = bool(session.conns) or session.lock.locked() or (
            session.driver is not None and not session.driver.done())
        if busy:
            tables.touched[table_id] = now
        elif now - tables.touched.setdefault(table_id, now) >= limit:
            del tables.live[table_id]
            del tables.touched[table_id]
            gone.append(table_id)
    if gone:
        app_state.metrics.evicted.inc(len(gone))
        logger.info("%d idle tables left memory", len(gone))
    return gone


async def evict_loop(app_state: Any) -> None:
    """Sweep for idle tables every quarter of the idle time (at least every minute)."""
    every = max(1.0, min(60.0, app_state.settings.idle_table_minutes * 15))
    while True:
        await asyncio.sleep(every)
        evict_idle(app_state, time.monotonic())
