"""Work that must not run on the server's event loop, and where it runs instead.

Every table's moves are answered on one event loop; anything that holds it for more
than a moment stalls them all. So:

* blocking reads and writes (the database, a tournament brought up to date) run in a
  thread (:func:`in_thread`); a thread waits for I/O without the loop, but shares the
  interpreter lock with it, so it is no place for long computing;
* computing that takes long (PDFs, plots, spreadsheets, a whole log replayed) runs in a
  small pool of separate processes (:func:`in_process`, :func:`with_database`), which
  has its own interpreter lock. The pool is made on first use (``spawn``: a fresh
  interpreter, no copy of the server's threads and sockets) and shut down with the app
  (:func:`shutdown`, from the lifespan). A job is a function of this package (pickled
  by name) and plain arguments; :func:`with_database` hands it the app's database,
  opened once in each worker process.

A job refuses what it cannot do with :class:`Refusal` (a message for the person, in his
language): the package's own errors carry more than their text and do not cross a
process boundary whole.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any, Concatenate, ParamSpec, TypeVar

from starlette.concurrency import run_in_threadpool

from schock.store.db import Database, is_sqlite, open_database, sqlite_file

P = ParamSpec("P")
T = TypeVar("T")

WORKERS = 2
"""Processes in the pool: PDFs and plots are asked for now and then, by organizers and
groups, not by every player; two keep one slow job from queueing the next behind it
while leaving the machine's other cores to the event loop."""


class Refusal(Exception):
    """A job's refusal: its one argument is the message for the person asking."""


async def in_thread(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` in the server's thread pool (blocking I/O)."""
    return await run_in_threadpool(fn, *args, **kwargs)


def process_pool(app: Any) -> Executor:
    """The app's process pool (``app.state.offload_pool``), made on first use (a test may
    put a pool of threads there, to watch its jobs)."""
    pool: Executor | None = getattr(app.state, "offload_pool", None)
    if pool is None:
        pool = app.state.offload_pool = ProcessPoolExecutor(
            WORKERS, mp_context=multiprocessing.get_context("spawn"))
    return pool


async def in_process(app: Any, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the app's process pool (computing that takes long)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(process_pool(app), partial(fn, *args))


def shareable(target: str) -> bool:
    """Whether another process can open the database ``target`` (not an in-memory one).

    >>> shareable("/tmp/x.db"), shareable("postgresql+psycopg://h/db"), shareable("sqlite://")
    (True, True, False)
    """
    return not is_sqlite(target) or sqlite_file(target) is not None


async def with_database(app: Any, fn: Callable[Concatenate[Database, P], T],
                        *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(db, *args, **kwargs)`` in the process pool, ``db`` the app's database opened
    in the worker; in a thread with the app's own when no other process can open it."""
    target: str = app.state.settings.db
    pool = process_pool(app)
    if not shareable(target):
        return await in_thread(fn, app.state.db, *args, **kwargs)
    if isinstance(pool, ProcessPoolExecutor):
        return await in_process(app, _with_database, target, partial(fn, **kwargs), *args)
    # a pool of threads (a test's, to watch its jobs): the app's own database
    return await in_process(app, partial(fn, app.state.db, **kwargs), *args)


_DATABASES: dict[str, Database] = {}
"""The databases a worker process has opened (each once: its caches live on)."""


def _with_database(target: str, fn: Callable[..., T], *args: Any) -> T:
    db = _DATABASES.get(target)
    if db is None:
        db = _DATABASES[target] = open_database(target, migrate=False)
    return fn(db, *args)


async def shutdown(app: Any) -> None:
    """Shut the app's process pool down (the lifespan's end): jobs not started are
    dropped, the running ones finished (waited for in a thread)."""
    pool: Executor | None = getattr(app.state, "offload_pool", None)
    if pool is not None:
        app.state.offload_pool = None
        await in_thread(pool.shutdown, wait=True, cancel_futures=True)
