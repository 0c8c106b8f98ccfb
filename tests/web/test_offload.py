"""The process pool of :mod:`schock.web.offload`: jobs run in another process with the
app's database opened there, or in a thread when no other process can open it."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from schock.errors import InvalidInputError
from schock.store import Database, open_database
from schock.tournament import storage
from schock.tournament.domain import Tournament
from schock.tournament.format import load_format
from schock.web import offload


def _app(target: str) -> Any:
    db = open_database(target)
    t = Tournament.create(name="Abend", fmt=load_format("irmgarteich"), id="abend")
    t.register("Anna")
    storage.save(db, t)
    return SimpleNamespace(state=SimpleNamespace(settings=SimpleNamespace(db=target), db=db))


def _pid(_db: Database) -> int:
    return os.getpid()


@pytest.mark.slow
def test_jobs_run_in_a_spawned_process_with_the_database_opened_there(tmp_path: Path) -> None:
    app = _app(str(tmp_path / "o.db"))

    async def run() -> tuple[int, Any, Any]:
        pid = await offload.in_process(app, os.getpid)
        version = await offload.with_database(app, storage.stored_version, "abend")
        try:
            await offload.with_database(app, storage.current, "nope")
            refused: Any = None
        except InvalidInputError as exc:  # the job's error, across the process boundary
            refused = exc
        await offload.shutdown(app)
        return pid, version, refused

    pool = offload.process_pool(app)
    assert isinstance(pool, ProcessPoolExecutor) and offload.process_pool(app) is pool
    pid, version, refused = asyncio.run(run())
    assert pid != os.getpid() and version == (1, 1, 0)
    assert "no tournament 'nope'" in str(refused)
    assert app.state.offload_pool is None
    app.state.db.close()


def test_an_in_memory_database_is_served_in_a_thread() -> None:
    app = _app("sqlite://")

    async def run() -> tuple[int, Any]:
        return (await offload.with_database(app, _pid),
                await offload.with_database(app, storage.stored_version, "abend"))

    pid, version = asyncio.run(run())
    assert pid == os.getpid() and version == (1, 1, 0)
    assert getattr(app.state, "offload_pool", None) is not None  # made, never used
    asyncio.run(offload.shutdown(app))
    app.state.db.close()


@pytest.mark.slow
def test_every_job_crosses_the_process_boundary(tmp_path: Path) -> None:
    """The server's jobs, their arguments and answers are picklable and run in a spawned
    worker: the projector's state, a PDF, a plot, an analysis and an evening's."""
    from schock.engine.record import loads
    from schock.evening.repo import change, create_group, ensure_group_secret
    from schock.examples import example_text
    from schock.web.analyse import analysis_job, evening_job
    from schock.web.evening import plot_job
    from schock.web.tournament_pages import print_job
    from schock.web.tournament_projector import projector_body

    app = _app(str(tmp_path / "o.db"))
    gid = create_group(app.state.db, "Dienstag", ["Anna", "Ben", "Cem"])
    key = ensure_group_secret(app.state.db, gid)
    change(app.state.db, gid, lambda st: st.start_evening("2026-11-20"))
    change(app.state.db, gid, lambda st: st.add_game(players=["Anna", "Ben", "Cem"],
                                                   loser="Ben", schock_aus=[]))
    porz = example_text("porz")

    async def run() -> list[Any]:
        try:
            return [
                await offload.with_database(app, projector_body, "abend", "live", None),
                await offload.with_database(app, print_job, "abend", "standings", "http://x",
                                            "de", "s"),
                await offload.with_database(app, plot_job, gid, key, None, "en"),
                await offload.in_process(app, analysis_job, loads(porz), "round", frozenset(),
                                         "en"),
                await offload.in_process(app, evening_job, [porz, "{"], "round", "de"),
            ]
        finally:
            await offload.shutdown(app)

    body, pdf, svg, analysis, evening = asyncio.run(run())
    assert body["name"] == "Abend" and body["standings"][0]["name"] == "Anna"
    assert pdf.startswith(b"%PDF") and "<svg" in svg
    assert analysis.finished and evening[0].names == analysis.names
    assert isinstance(evening[1], str) and evening[1]
    app.state.db.close()


def test_a_refused_job_says_why_in_the_asked_language(tmp_path: Path) -> None:
    from schock.web.tournament_pages import print_job

    app = _app(str(tmp_path / "o.db"))
    with pytest.raises(offload.Refusal, match="print: 'nope'; allowed: plan"):
        print_job(app.state.db, "abend", "nope", "http://x", "de", "s")
    app.state.db.close()
