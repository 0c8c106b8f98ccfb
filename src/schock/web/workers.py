"""``schock serve --workers N``: N server processes on ports PORT .. PORT+N-1.

Each table lives in one process: a proxy in front routes every request of a table
to the same process by a consistent hash of the table id in the path (``/t/{id}``,
``/ws/tables/{id}``, ``/api/tables/{id}/...``; see ``deploy/nginx.conf`` and
docs/deploy.md). The processes share one PostgreSQL database, and the database decides
every race: an action is stored at its index once, a process that loses drops its copy
of the table and reloads it (:class:`schock.web.repo.StaleCopy`). Pages that follow
several tables (tournament organizer and projector, Stammtisch) read the database on
every request, so any process answers them; the organizer's action on one online
tournament table goes to a path with its id, and a process holding a copy of such a
table that another process changed reloads it
(:func:`schock.web.tournament_online.sync_once`).

The parent only supervises: SIGTERM or SIGINT stops every process; when one process
ends, the others are stopped too and the parent exits with its status, so systemd
(``Restart=on-failure``) restarts the whole service.

>>> worker_ports(8001, 3)
[8001, 8002, 8003]
>>> worker_ports(65535, 2)
Traceback (most recent call last):
...
schock.errors.InvalidInputError: --port 65535 with --workers 2: the ports 65535 to 65536 do not all exist; allowed: a port up to 65534
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from schock.errors import InvalidInputError


def worker_ports(port: int, workers: int) -> list[int]:
    """The ports of ``workers`` processes from ``port`` on."""
    last = port + workers - 1
    if last > 65535:
        raise InvalidInputError(
            f"--port {port} with --workers {workers}: the ports {port} to {last} do not all "
            f"exist; allowed: a port up to {65536 - workers}"
        )
    return list(range(port, last + 1))


def run_workers(target: Callable[[Any, str, int], None], settings: Any, host: str,
                ports: list[int]) -> int:
    """Run ``target(settings, host, port)`` in one new process per port (a module-level
    function: the processes are spawned) and supervise them; returns the exit status."""
    ctx = multiprocessing.get_context("spawn")
    procs: list[BaseProcess] = []
    signalled = False

    def terminate() -> None:
        for p in procs:
            if p.is_alive():
                p.terminate()  # SIGTERM: uvicorn closes its connections and the database

    def on_signal(_signum: int, _frame: FrameType | None) -> None:
        nonlocal signalled
        signalled = True
        terminate()

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        for port in ports:
            worker = ctx.Process(target=target, args=(settings, host, port))
            worker.start()
            procs.append(worker)
        ended = wait([p.sentinel for p in procs])  # the first process that ends ends the service
        first = next(p for p in procs if p.sentinel in ended)
        first.join()
        terminate()
        for p in procs:
            p.join(30)
            if p.is_alive():  # pragma: no cover - a process that ignores SIGTERM
                p.kill()
                p.join()
        code = first.exitcode or 0
        return 0 if signalled else (code if code > 0 else 1)
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
