"""The database writer of the actions: group commit across tables.

Every accepted action is written before anybody hears of it, and the event loop must go
on serving the other tables meanwhile: so the writes run in a thread. One transaction per
action made that thread's SQLAlchemy work (checkout, BEGIN, two statements, COMMIT) the
largest part of an action's server time after the frames, and every hand-over to it cost
the loop a thread-pool future. Here one writer thread takes *every* write that has queued
up while it wrote the last batch, and writes them in one transaction (one statement per
kind for all tables, see :meth:`schock.web.repo.Repo.write_batch`); a busy server commits
many tables' actions at once, a quiet one each action on its own at once (nothing waits
for a batch to fill). Each write still learns its own outcome: one table's stale copy
refuses only that table's write.

Every other write of table state (a new table, host commands, seats, rematches, the
health check's heartbeat) takes the same thread as a :class:`Call` (a function of the
repository), in order with the actions: one write path, none of it on the event loop.

The loop side hands a write over with :meth:`GroupWriter.submit` (or :meth:`GroupWriter.call`)
and awaits it; the thread settles a batch's futures with one call back into each loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from schock.web.repo import StoredGame


@dataclass
class ActionWrite:
    """One table's new actions, as one write: ``texts`` are actions ``first``,
    ``first``+1, ... in record notation; ``finished``: they ended the game, whose record
    is ``archive``; ``game_no``: the game they belong to (None: not checked)."""

    table_id: str
    first: int
    texts: list[str]
    finished: bool = False
    archive: StoredGame | None = None
    game_no: int | None = None


class Writes(Protocol):
    """Where a batch of writes goes (a :class:`~schock.web.repo.Repo`)."""

    def write_batch(self, writes: Sequence[ActionWrite]) -> list[BaseException | None]:
        """Write them; one outcome per write (None: committed)."""


@dataclass(frozen=True)
class Call:
    """Any other write: ``fn`` called with the repository in the writer thread (its
    result or what it raised is the outcome)."""

    fn: Callable[[Any], Any]


T = TypeVar("T")
_Job = tuple[Writes, "ActionWrite | Call", asyncio.AbstractEventLoop, "asyncio.Future[Any]"]
#: A write's outcome: (ok, its result or what refused it).
_Outcome = tuple["asyncio.Future[Any]", bool, Any]


def _settle(outcomes: list[_Outcome]) -> None:
    """On the loop: give each waiting write its outcome (a write whose waiter was
    cancelled meanwhile, e.g. at shutdown, has nobody to tell)."""
    for fut, ok, value in outcomes:
        if fut.done():
            continue
        if ok:
            fut.set_result(value)
        else:
            fut.set_exception(value)


class GroupWriter:
    """One writer thread for every database of the process (see the module's text).

    The thread runs while there is something to write and ends after ``idle`` seconds
    without (it is not a daemon: the process waits for a write under way when it
    exits); handing it a write while it runs costs a list append and a wake-up, no
    future of a thread pool. Batches hold at most ``max_batch`` writes.
    """

    def __init__(self, max_batch: int = 200, idle: float = 0.25) -> None:
        self.max_batch, self.idle = max_batch, idle
        self._cond = threading.Condition()
        self._pending: list[_Job] = []
        self._running = False
        self.thread: threading.Thread | None = None
        """The writer thread started last (it may have ended since)."""
        self.batches = 0
        """Transactions written so far (with :attr:`writes`: the mean batch)."""
        self.writes = 0

    def submit(self, repo: Writes, write: ActionWrite) -> asyncio.Future[None]:
        """Queue ``write`` for ``repo``; the future is settled once it is committed
        (or with what refused it)."""
        return self._queue(repo, write)

    def call(self, repo: Writes, fn: Callable[[Any], T]) -> asyncio.Future[T]:
        """Queue ``fn(repo)`` (a write of its own transaction), after the writes queued
        before it; the future is settled with its result or what it raised."""
        return cast("asyncio.Future[T]", self._queue(repo, Call(fn)))

    def _queue(self, repo: Writes, job: ActionWrite | Call) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        with self._cond:
            self._pending.append((repo, job, loop, fut))
            if self._running:
                self._cond.notify()
                return fut
            self._running = True
        self.thread = threading.Thread(target=self._drain, name="schock-db-writer")
        self.thread.start()
        return fut

    def _drain(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    self._cond.wait(self.idle)
                batch = self._pending[: self.max_batch]
                del self._pending[: self.max_batch]
                if not batch:
                    self._running = False
                    return
            self._write(batch)

    def _write(self, batch: list[_Job]) -> None:
        by_repo: dict[int, list[_Job]] = defaultdict(list)
        for job in batch:
            by_repo[id(job[0])].append(job)
        done: dict[asyncio.AbstractEventLoop, list[_Outcome]] = defaultdict(list)
        for jobs in by_repo.values():
            actions: list[_Job] = []  # the actions since the last call: one transaction
            for job in jobs:
                repo, write, loop, fut = job
                if isinstance(write, ActionWrite):
                    actions.append(job)
                    continue
                if actions:
                    self._actions(actions, done)
                    actions = []
                try:  # a call, in its place among the actions
                    done[loop].append((fut, True, write.fn(repo)))
                except Exception as exc:
                    done[loop].append((fut, False, exc))
            if actions:
                self._actions(actions, done)
        for loop, outcomes in done.items():
            with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
                loop.call_soon_threadsafe(_settle, outcomes)

    def _actions(self, jobs: list[_Job],
                 done: dict[asyncio.AbstractEventLoop, list[_Outcome]]) -> None:
        """One transaction of several tables' actions (group commit)."""
        try:
            errors = jobs[0][0].write_batch([cast(ActionWrite, j[1]) for j in jobs])
        except BaseException as exc:  # pragma: no cover - write_batch returns its errors
            errors = [exc] * len(jobs)
        self.batches += 1
        self.writes += len(jobs)
        for (_, _, loop, fut), err in zip(jobs, errors, strict=True):
            done[loop].append((fut, err is None, err))


#: The process's writer (SQLite: one writer at a time anyway; a database server: one
#: transaction for many tables' actions is one round trip instead of many).
WRITER = GroupWriter()
