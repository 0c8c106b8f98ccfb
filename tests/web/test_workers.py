"""One writer per SQLite file and ``schock serve --workers N`` in this process (the real
processes behind a real proxy are in test_deploy.py)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import schock.cli.serve
from schock.cli import main
from schock.cli.serve import run_server
from schock.errors import InvalidInputError
from schock.store.db import database_url, lock_path, lock_writer, make_engine
from schock.web import Settings
from schock.web import workers as workers_module
from schock.web.workers import run_workers, worker_ports


def test_the_writer_lock_is_exclusive_and_names_the_holder(tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    first = lock_writer(db)
    assert first is not None and first.path == tmp_path / "x.db.lock"
    with pytest.raises(InvalidInputError) as err:
        lock_writer(db)  # another open file: flock refuses it even in the same process
    import os

    assert f"pid {os.getpid()}" in str(err.value) and str(tmp_path / "x.db") in str(err.value)
    assert "ein anderer schock-Prozess" in err.value.localized("de")
    first.release()
    first.release()  # twice is harmless
    again = lock_writer(db)
    assert again is not None
    again.release()
    assert lock_writer("sqlite://") is None
    assert lock_writer("postgresql://u@localhost/db") is None


def test_lock_path_of_urls(tmp_path: Path) -> None:
    assert lock_path(f"sqlite:///{tmp_path}/a.db") == tmp_path / "a.db.lock"
    assert lock_path("sqlite:///:memory:") is None


def test_postgres_urls_mean_psycopg() -> None:
    assert database_url("postgres://u:pw@h:5433/db") == "postgresql+psycopg://u:pw@h:5433/db"
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"


def test_a_missing_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def no_psycopg(name: str, *args: Any, **kw: Any) -> Any:
        if name == "psycopg" or name.startswith("psycopg."):
            raise ModuleNotFoundError("No module named 'psycopg'")
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_psycopg)
    with pytest.raises(InvalidInputError) as err:
        make_engine("postgresql://schock:secret@localhost/schock")
    assert "pip install 'schock[postgres]'" in str(err.value)
    assert "secret" not in str(err.value)
    assert "Treiber" in err.value.localized("de")


def test_serve_holds_the_lock_while_it_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "s.db")
    seen: list[bool] = []

    def fake_run(app: Any, on_ready: Any = None, **kw: Any) -> None:
        with pytest.raises(InvalidInputError):
            lock_writer(db)
        seen.append(True)

    monkeypatch.setattr(schock.cli.serve, "serve_app", fake_run)
    r = CliRunner().invoke(main, ["serve", "--db", db, "--port", "8123"])
    assert r.exit_code == 0, r.output
    assert seen == [True]
    lock = lock_writer(db)  # released when serve returned
    assert lock is not None
    r = CliRunner().invoke(main, ["serve", "--db", db, "--port", "8123"])
    assert r.exit_code == 2 and "ein anderer schock-Prozess bedient sie schon" in r.output
    lock.release()


def test_workers_need_postgresql(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[Any] = []
    monkeypatch.setattr(workers_module, "run_workers", lambda *a: called.append(a) or 0)
    r = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "w.db"), "--workers", "2"])
    assert r.exit_code == 2 and "--workers 2: mehrere Prozesse brauchen PostgreSQL" in r.output
    r = CliRunner().invoke(main, ["serve", "--db", "sqlite://", "--workers", "3"])
    assert r.exit_code == 2
    r = CliRunner().invoke(main, ["serve", "--db", "postgresql://u@localhost/db", "--workers",
                                  "2", "--port", "65535"])
    assert r.exit_code == 2 and "65535 to 65536" in r.output
    assert called == []
    import schock.store.db

    opened: list[str] = []
    real = schock.store.db.open_database
    monkeypatch.setattr(schock.store.db, "open_database",
                        lambda target: opened.append(target) or real("sqlite://"))
    r = CliRunner().invoke(main, ["serve", "--db", "postgresql://u@localhost/db", "--workers",
                                  "3", "--port", "9001", "--host", "0.0.0.0", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert "3 processes on the ports 9001 to 9003, for a proxy" in r.output
    (target, settings, host, ports), = called
    assert ports == [9001, 9002, 9003] and host == "0.0.0.0" and target is run_server
    assert settings.db == opened[0] == "postgresql://u@localhost/db"  # migrated once, here


def test_worker_ports() -> None:
    assert worker_ports(65534, 2) == [65534, 65535]


def test_a_process_that_cannot_start_ends_the_service(tmp_path: Path) -> None:
    """Both processes find their port taken: each exits with uvicorn's status for a
    failed start (3), and so does the service."""
    with socket.socket() as a, socket.socket() as b:
        for s in (a, b):
            s.bind(("127.0.0.1", 0))
            s.listen()
        ports = [a.getsockname()[1], b.getsockname()[1]]
        settings = Settings(db=str(tmp_path / "w.db"), bot_delay=0)
        assert run_workers(run_server, settings, "127.0.0.1", ports) == 3


def flaky(settings: tuple[str, int], host: str, port: int) -> None:
    """A worker for the test below (spawned): it counts its starts in a file per port.
    The worker of the first port dies at once; started again, it waits until the other
    port's worker runs and stops the supervisor (SIGTERM); the other one waits."""
    import os
    import signal
    import time

    folder, first = Path(settings[0]), settings[1]
    starts = folder / f"{port}.starts"
    with starts.open("a") as f:
        f.write("x")
    if port == first and starts.read_text() == "x":
        os._exit(1)
    if port == first:
        while not (folder / f"{first + 1}.starts").exists():
            time.sleep(0.01)
        os.kill(os.getppid(), signal.SIGTERM)
    time.sleep(600)


def test_a_worker_that_dies_is_started_again_on_its_port(tmp_path: Path) -> None:
    """The supervisor starts a dead worker again on its port (the other one is left
    alone) and stops both on SIGTERM, with status 0."""
    settings = (str(tmp_path), 1)
    assert run_workers(flaky, settings, "127.0.0.1", [1, 2], restart_delay=0) == 0
    assert (tmp_path / "1.starts").read_text() == "xx"
    assert (tmp_path / "2.starts").read_text() == "x"


def test_a_worker_stops_itself_when_its_parent_is_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """watch_parent: once the parent's end of the pipe closes (here at once), SIGTERM to
    itself, and after the grace time the end for good."""
    import os
    import signal
    import threading

    class Gone:
        pid = 4242

        def join(self) -> None:
            pass

    sent: list[tuple[int, int]] = []
    ended = threading.Event()
    monkeypatch.setattr(workers_module.multiprocessing, "parent_process", lambda: Gone())
    monkeypatch.setattr(os, "kill", lambda pid, sig: sent.append((pid, sig)))
    monkeypatch.setattr(os, "_exit", lambda code: ended.set())
    thread = workers_module.watch_parent(grace=0)
    assert thread is not None
    thread.join()
    assert sent == [(os.getpid(), signal.SIGTERM)] and ended.is_set()


def test_the_main_process_watches_no_parent() -> None:
    assert workers_module.watch_parent() is None
