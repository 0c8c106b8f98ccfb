"""The group-commit writer (schock.web.writer): writes that queue while one batch is
written go together in the next; each waiter learns its own write's outcome."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from schock.web.repo import StaleCopy
from schock.web.writer import ActionWrite, GroupWriter


class Recorder:
    """A database stand-in: records each batch; the first waits until released."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.entered = threading.Event()
        self.release = threading.Event()

    def write_batch(self, writes: Sequence[ActionWrite]) -> list[BaseException | None]:
        self.batches.append([w.table_id for w in writes])
        if len(self.batches) == 1:
            self.entered.set()
            assert self.release.wait(10)
        return [StaleCopy(w.table_id) if w.table_id.startswith("stale") else None
                for w in writes]


def test_writes_queued_meanwhile_go_in_one_batch_and_each_learns_its_outcome() -> None:
    writer, db = GroupWriter(max_batch=3), Recorder()

    async def main() -> list[BaseException | None]:
        first = writer.submit(db, ActionWrite("t0", 0, ["0 throw"]))
        assert await asyncio.to_thread(db.entered.wait, 10)  # the thread writes t0 now
        names = ["t1", "stale2", "t3", "t4"]
        later = [writer.submit(db, ActionWrite(n, 0, ["0 throw"])) for n in names]
        db.release.set()
        return await asyncio.gather(first, *later, return_exceptions=True)

    outcomes = asyncio.run(main())
    assert db.batches == [["t0"], ["t1", "stale2", "t3"], ["t4"]]  # at most max_batch
    assert [type(x).__name__ for x in outcomes] == [
        "NoneType", "NoneType", "StaleCopy", "NoneType", "NoneType"]
    assert (writer.batches, writer.writes) == (3, 5)


def test_a_cancelled_waiter_does_not_stop_the_others() -> None:
    writer, db = GroupWriter(), Recorder()

    async def main() -> None:
        first = writer.submit(db, ActionWrite("t0", 0, ["0 throw"]))
        assert await asyncio.to_thread(db.entered.wait, 10)
        gone = writer.submit(db, ActionWrite("t1", 0, ["0 throw"]))
        kept = writer.submit(db, ActionWrite("stale", 0, ["0 throw"]))
        gone.cancel()  # e.g. the server shuts down while the thread writes
        db.release.set()
        await first
        with pytest.raises(StaleCopy):
            await kept

    asyncio.run(main())
    assert db.batches == [["t0"], ["t1", "stale"]]


def test_a_database_error_refuses_every_write_of_the_batch(tmp_path: Path) -> None:
    """Nothing of a failed transaction is stored: each write of it gets the error."""
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError

    from schock.store.db import open_database
    from schock.web.repo import Repo

    db = open_database(str(tmp_path / "w.db"))
    with db.engine.begin() as conn:
        conn.execute(text("DROP TABLE web_actions"))
    outcomes = Repo(db).write_batch([ActionWrite("a", 0, ["0 throw"]),
                                     ActionWrite("b", 0, ["0 throw"])])
    assert [type(x) for x in outcomes] == [OperationalError, OperationalError]
    with pytest.raises(OperationalError):
        Repo(db).add_actions("a", 0, ["0 throw"])
    db.close()


def test_the_thread_ends_when_idle_and_the_next_write_starts_another() -> None:
    writer, db = GroupWriter(idle=0.01), Recorder()
    db.release.set()

    async def write(name: str) -> None:
        await writer.submit(db, ActionWrite(name, 0, ["0 throw"]))

    asyncio.run(write("t0"))
    first = writer.thread
    assert first is not None
    first.join(10)  # nothing more to write: it ends (the process need not wait for it)
    assert not first.is_alive()
    asyncio.run(write("t1"))
    assert writer.thread is not first and db.batches == [["t0"], ["t1"]]


def test_other_writes_go_in_their_place_among_the_actions() -> None:
    """A :class:`~schock.web.writer.Call` (a host command's write, a new table) runs in
    the writer thread after the writes queued before it and before those after it; its
    result or what it raised is its own outcome; the actions around it still go in
    batches."""
    writer, db = GroupWriter(), Recorder()
    seen: list[list[list[str]]] = []

    def command(repo: Recorder) -> str:
        seen.append(list(repo.batches))
        return "stored"

    async def main() -> list[object]:
        first = writer.submit(db, ActionWrite("t0", 0, ["0 throw"]))
        assert await asyncio.to_thread(db.entered.wait, 10)
        queued = [writer.submit(db, ActionWrite("t1", 0, ["0 throw"])),
                  writer.submit(db, ActionWrite("t2", 0, ["0 throw"])),
                  writer.call(db, command), writer.call(db, lambda repo: 1 // 0),
                  writer.submit(db, ActionWrite("t3", 0, ["0 throw"]))]
        db.release.set()
        return await asyncio.gather(first, *queued, return_exceptions=True)

    outcomes = asyncio.run(main())
    assert db.batches == [["t0"], ["t1", "t2"], ["t3"]]
    assert seen == [[["t0"], ["t1", "t2"]]]  # after t1 and t2, before t3
    assert outcomes[:4] == [None, None, None, "stored"]
    assert isinstance(outcomes[4], ZeroDivisionError) and outcomes[5] is None
