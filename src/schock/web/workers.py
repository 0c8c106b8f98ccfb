"""``schock serve --workers N``: N server processes on ports PORT .. PORT+N-1, supervised.

A proxy in front routes every request of a table to one process by a consistent hash of
the table id in the path (``/t/{id}``, ``/ws/tables/{id}``, ``/api/tables/{id}/...``; see
``deploy/nginx.conf`` and docs/deploy.md), so each table is normally live in one process.
The routing is an optimisation, not a condition: the processes share one PostgreSQL
database, which decides every race (an action is stored at its index once; a process
that loses drops its copy and reloads it, :class:`schock.web.repo.StaleCopy`), and
every process hears of the others' writes at once and brings its live copies up to date
(:mod:`schock.web.sync`).

Supervision (:func:`run_workers`): SIGTERM or SIGINT stops every process; a process that
dies is started again on its port (not faster than once every :data:`RESTART_DELAY`
seconds), its tables come back from the database when their people reconnect, and the
other processes serve on meanwhile; a process that cannot start (uvicorn's status 3: its
port is taken) stops the service with that status, as a restart would fail the same
way. Each process watches the parent: when the parent is gone (even after a SIGKILL)
it stops itself, so no process serves on as an orphan that holds its port.

uvicorn's and gunicorn's supervisors share one listening socket among their workers, so
a proxy cannot route by table to them (docs/deploy.md says why that matters); this module
is the small supervisor that keeps one port per process.

>>> worker_ports(8001, 3)
[8001, 8002, 8003]
>>> worker_ports(65535, 2)
Traceback (most recent call last):
...
schock.errors.InvalidInputError: --port 65535 with --workers 2: the ports 65535 to 65536 do not all exist; allowed: a port up to 65534
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from schock.errors import InvalidInputError

logger = logging.getLogger("schock.server")

#: uvicorn's exit status when a server cannot start (e.g. its port is taken).
STARTUP_FAILURE = 3
#: A process that died is started again at the earliest this many seconds after its
#: last start (a process that dies at once does not spin).
RESTART_DELAY = 1.0
#: Seconds a process whose parent is gone has to stop by itself (SIGTERM) before it ends.
ORPHAN_GRACE = 30.0


def worker_ports(port: int, workers: int) -> list[int]:
    """The ports of ``workers`` processes from ``port`` on."""
    last = port + workers - 1
    if last > 65535:
        raise InvalidInputError(
            f"--port {port} with --workers {workers}: the ports {port} to {last} do not all "
            f"exist; allowed: a port up to {65536 - workers}"
        )
    return list(range(port, last + 1))


def watch_parent(grace: float = ORPHAN_GRACE) -> threading.Thread | None:
    """In a process started by :func:`run_workers`: a thread that waits for the parent to
    end (the end of a pipe that only the parent holds: multiprocessing's parent sentinel,
    which also fires after a SIGKILL) and then stops this process with SIGTERM, and after
    ``grace`` seconds more for good. None in a process that has no such parent."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return None

    def watch() -> None:
        parent.join()
        logger.warning("the supervising process %s is gone: stopping", parent.pid)
        os.kill(os.getpid(), signal.SIGTERM)  # uvicorn stops gently
        time.sleep(grace)
        os._exit(1)  # a server that did not stop in time

    thread = threading.Thread(target=watch, name="schock-parent-watch", daemon=True)
    thread.start()
    return thread


def _worker(target: Callable[[Any, str, int], None], settings: Any, host: str,
            port: int) -> None:
    """A supervised process: ``target(settings, host, port)`` while the parent lives."""
    watch_parent()
    target(settings, host, port)


def run_workers(target: Callable[[Any, str, int], None], settings: Any, host: str,
                ports: list[int], restart_delay: float = RESTART_DELAY) -> int:
    """Run ``target(settings, host, port)`` in one new process per port (a module-level
    function: the processes are spawned) and supervise them (see the module's text);
    returns the exit status once stopped."""
    ctx = multiprocessing.get_context("spawn")
    procs: dict[int, BaseProcess] = {}
    began: dict[int, float] = {}
    stopping = False
    signalled = False
    code = 0

    def start(port: int) -> None:
        proc = ctx.Process(target=_worker, args=(target, settings, host, port),
                           name=f"schock-{port}")
        proc.start()
        procs[port], began[port] = proc, time.monotonic()
        logger.info("worker on port %d started (pid %s)", port, proc.pid)

    def terminate() -> None:
        for p in procs.values():
            if p.is_alive():
                p.terminate()  # SIGTERM: uvicorn closes its connections and the database

    def on_signal(_signum: int, _frame: FrameType | None) -> None:
        nonlocal signalled, stopping
        signalled = stopping = True
        terminate()

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        for port in ports:
            start(port)
        while not stopping:
            ended = wait([p.sentinel for p in procs.values()])
            for port, proc in list(procs.items()):
                if stopping or proc.sentinel not in ended:
                    continue
                proc.join()
                if proc.exitcode == STARTUP_FAILURE:
                    logger.error("worker on port %d could not start (is the port taken?): "
                                 "stopping", port)
                    code, stopping = STARTUP_FAILURE, True
                    break
                logger.warning("worker on port %d (pid %s) ended with status %s: starting "
                               "it again", port, proc.pid, proc.exitcode)
                time.sleep(max(0.0, began[port] + restart_delay - time.monotonic()))
                if not stopping:
                    start(port)
        terminate()
        for p in procs.values():
            p.join(30)
            if p.is_alive():  # pragma: no cover - a process that ignores SIGTERM
                p.kill()
                p.join()
        return 0 if signalled else code
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
