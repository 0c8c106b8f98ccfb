"""Issue 34 item 3: write failures are seen and survived. While the database takes no
writes, ``/api/health`` answers 503 with the reason (``/api/live`` still 200), a
player's action, a host command and a new table are refused ``unsaved`` (503 over HTTP)
with nothing changed and the socket open, a bots' table waits and goes on by itself once
writes work again (everybody is told), and nothing acknowledged is lost.

Two ways to fail the writes: :class:`Full` makes the database refuse every write as SQLite
does on a full disk (fast, any machine), and ``small_disk`` fills a real tmpfs (root
only: skipped with the reason where mounting is impossible)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.exc import OperationalError
from webhelp import hello, make_client, new_table, read_until_human, session_of, until

from schock.store import open_database
from schock.web import ops
from schock.web import session as session_module
from schock.web.repo import Repo, Unsaved
from schock.web.session import TableSession, stored_actions

UNSAVED_DE = "Kann gerade nicht speichern – gleich nochmal"
BOTS = [{"name": "Bot A", "bot": "heuristic"}, {"name": "Bot B", "bot": "heuristic"}]


class Full:
    """The database refuses every write as SQLite does on a full disk while :attr:`on`
    (statements through SQLAlchemy: "database or disk is full"; the writer's own SQL of
    actions: SQLite's ``query_only``, "attempt to write a readonly database"); reads
    work. ``after``: it turns itself on at the write of actions after that many (so a
    bots' table fails in the middle of its game); ``once``: only the first statement
    that begins so fails."""

    def __init__(self, state: Any, after: int | None = None, once: str | None = None) -> None:
        self.on, self.after, self.once = False, after, once
        engine, repo = state.db.engine, state.tables.repo
        event.listen(engine, "before_cursor_execute", self._check)
        event.listen(engine, "checkout", self._checkout)
        inner = repo.write_batch

        def counted(writes: Any) -> Any:
            if self.after is not None:
                self.on, self.after = self.after == 0, None if self.after == 0 else self.after - 1
            return inner(writes)

        repo.write_batch = counted

    def _checkout(self, dbapi_connection: Any, *_: Any) -> None:
        dbapi_connection.execute(f"PRAGMA query_only={int(self.on)}")

    def _check(self, conn: Any, cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        failed_once = self.once is not None and statement.startswith(self.once)
        if failed_once:
            self.once = None
        if failed_once or (self.on and statement.lstrip()[:6].upper() in ("INSERT", "UPDATE",
                                                                          "DELETE")):
            raise OperationalError(statement, parameters,
                                   sqlite3.OperationalError("database or disk is full"))


def _error(ws: Any) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "error")


def _saved_again(ws: Any) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "notice")


def stored_as_played(session: TableSession) -> None:
    """Everything the table told is stored: the database holds exactly its actions."""
    stored = session.repo.load(session.id)
    assert stored is not None
    assert stored.actions == stored_actions(session.game)


def _health(c: TestClient) -> tuple[int, dict[str, Any]]:
    r = c.get("/api/health")
    return r.status_code, r.json()


@pytest.fixture
def fresh_health(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every health request checks again (no answer kept for a second)."""
    monkeypatch.setattr(ops, "READY_SECONDS", 0.0)


def test_a_refused_write_changes_nothing_the_socket_stays_and_all_hear_it_works_again(
        tmp_path: Path, fresh_health: None) -> None:
    with make_client(str(tmp_path / "w.db")) as c:
        full = Full(c.app.state)  # type: ignore[attr-defined]
        info = new_table(c)
        tid, url = info["table"], f"/ws/tables/{info['table']}"
        with c.websocket_connect(url) as host, c.websocket_connect(url) as a, \
                c.websocket_connect(url) as b:
            hello(host, host=info["host_token"])
            host.send_json({"type": "host", "command": "start"})
            hello(a, token=info["tokens"][0])
            hello(b, token=info["tokens"][1])
            state = read_until_human(host)
            ws = {0: a, 1: b}[state["view"]["actor"]]
            mine = read_until_human(ws, n=state["n"])
            session = session_of(c, tid)
            before = (list(session.game.log), [session.game.view(s).to_dict() for s in (0, 1, 2)])
            assert _health(c)[0] == 200
            full.on = True

            ws.send_json({"type": "act", "n": mine["n"], "action": mine["legal"][0]})
            refused = _error(ws)
            assert (refused["code"], refused["de"]) == ("unsaved", UNSAVED_DE)
            assert refused["en"] == "Cannot save right now – try again in a moment"
            assert (list(session.game.log),
                    [session.game.view(s).to_dict() for s in (0, 1, 2)]) == before
            ws.send_json({"type": "lang", "lang": "en"})  # the socket is still open
            assert until(ws, lambda m: m["type"] == "state")["n"] == mine["n"]

            host.send_json({"type": "host", "command": "pause"})
            assert _error(host)["code"] == "unsaved"
            assert not session.paused
            r = c.post("/api/tables", json={"preset": "ferschweiler", "seats": BOTS})
            assert r.status_code == 503 and r.json()["code"] == "unsaved"
            status, body = _health(c)
            assert status == 503 and body == {"ok": False, "database": "database or disk is full"}
            assert c.get("/api/live").json() == {"ok": True}

            full.on = False  # the disk has room again: everybody who was refused hears it
            assert _saved_again(ws)["en"] == "Saving works again"
            assert _saved_again(host)["de"] == "Speichern geht wieder"
            ws.send_json({"type": "act", "n": mine["n"], "action": mine["legal"][0]})
            assert until(ws, lambda m: m["type"] == "state" and m["n"] > mine["n"])
            assert _health(c)[0] == 200
            host.send_json({"type": "host", "command": "pause"})
            assert until(host, lambda m: m["type"] == "state" and m["table"]["paused"])
            stored_as_played(session)
        assert c.post("/api/tables", json={"preset": "ferschweiler",
                                           "seats": BOTS}).status_code == 201


def test_no_connection_for_the_writer_is_unsaved(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A database server that is down or restarting refuses the writer's connection with
    the driver's own error (the pool does not translate it; seen as a bots' table that
    stopped without a word after a PostgreSQL restart): it is :class:`Unsaved` too."""
    db = open_database(str(tmp_path / "c.db"))

    def refused() -> Any:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(db.engine, "raw_connection", refused)
    with pytest.raises(Unsaved) as got:
        asyncio.run(Repo(db).store_actions("t", 0, ["0 throw 1-2-3"]))
    assert isinstance(got.value.cause, OperationalError)
    assert "unable to open database file" in str(got.value.cause)
    db.close()


@pytest.mark.parametrize("retries", [session_module.DRIVER_RETRIES, 0])
def test_a_bots_table_goes_on_by_itself_once_writes_work_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        retries: int) -> None:
    """Its driver tries again with a growing pause; one that gave up (``retries`` 0) is
    started again when the database takes writes again: no new connection is needed."""
    monkeypatch.setattr(session_module, "DRIVER_RETRIES", retries)
    caplog.set_level(logging.WARNING, logger="schock.web.session")
    with make_client(str(tmp_path / "b.db")) as c:
        full = Full(c.app.state, after=3)  # type: ignore[attr-defined]
        info = new_table(c, BOTS)
        with c.websocket_connect(f"/ws/tables/{info['table']}") as host:
            hello(host, host=info["host_token"])
            host.send_json({"type": "host", "command": "start"})
            told = _error(host)  # the fourth write of actions fails: the table hears it
            assert told["code"] == "unsaved"
            session = session_of(c, info["table"])
            n = len(session.game.actions)
            full.on = False
            assert _saved_again(host)["code"] == "saved_again"
            last = until(host, lambda m: m["type"] == "state" and m["table"]["over"])
            assert last["n"] > n
            stored_as_played(session)
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "the database takes no writes (" in logged
    assert "the database takes writes again" in logged
    if retries == 0:
        assert "the table goes on once writes work again" in logged
    else:
        assert "a move not stored" in logged


def test_a_tournament_tables_next_game_not_stored_starts_once_writes_work(
        client: TestClient) -> None:
    """An online tournament table of bots whose next game could not be stored (its game
    over, nobody to ask) starts it once the database takes writes again, and plays its
    round to the end."""
    from test_tournament_online import NAMES, _create, _online, _tables, _until_done

    tid, key = _create(client, "short", NAMES[:3], "1,2,3")
    assert _online(client, tid, key, action="open").status_code == 200
    table = _tables(client, tid, key)[1]
    for seat in range(3):
        assert _online(client, tid, key, action="bot", table=1, seat=seat,
                       bot="heuristic").status_code == 303
    full = Full(client.app.state,  # type: ignore[attr-defined]
                once="DELETE FROM web_actions")  # the next game's write (Repo.new_game)
    _online(client, tid, key, action="start_all")
    last = _until_done(client, table["id"])
    assert full.once is None and last["table"]["series"]["game"] is None
    assert [g["number"] for g in last["table"]["games"]] == [1, 2]


def test_waiting_room_changes_not_stored_change_nothing(tmp_path: Path) -> None:
    """Before the start: a bot added, a seat moved or joined by the invite while writes
    fail is refused (``unsaved``, 503 over HTTP) and the seats stay as they were; a seat
    link opened meanwhile is let in all the same and held at its next hello."""
    with make_client(str(tmp_path / "l.db")) as c:
        full = Full(c.app.state)  # type: ignore[attr-defined]
        info = new_table(c)
        tid = info["table"]
        session = session_of(c, tid)
        with c.websocket_connect(f"/ws/tables/{tid}") as host:
            hello(host, host=info["host_token"])
            seats = list(session.seats)
            full.on = True
            for command in ({"command": "add_bot", "bot": "heuristic"},
                            {"command": "move", "seat": 0, "to": 1}):
                host.send_json({"type": "host", **command})
                assert _error(host)["code"] == "unsaved"
                assert session.seats == seats
            invite = info["invite_link"].split("#invite=")[1]
            r = c.post(f"/api/tables/{tid}/join", json={"invite": invite, "name": "Cem"})
            assert r.status_code == 503 and r.json()["code"] == "unsaved"
            assert session.seats == seats
            with c.websocket_connect(f"/ws/tables/{tid}") as anna:
                assert hello(anna, token=info["tokens"][0])["seat"] == 0
            assert not session.seats[0].claimed  # not stored: held at the next hello
            full.on = False
            with c.websocket_connect(f"/ws/tables/{tid}") as anna:
                hello(anna, token=info["tokens"][0])
            assert session.seats[0].claimed


def test_health_writes_at_most_once_per_interval(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A proxy asking a hundred times a second costs one write a second: requests within
    :data:`ops.READY_SECONDS` share the answer."""
    from sqlalchemy import select

    from schock.store.tables import HeartbeatRow

    monkeypatch.setattr(ops, "READY_SECONDS", 3600.0)
    with make_client(str(tmp_path / "h.db")) as c:
        assert all(_health(c) == (200, {"ok": True}) for _ in range(20))
        with c.app.state.db.session() as s:  # type: ignore[attr-defined]
            assert s.execute(select(HeartbeatRow.beats)).scalar_one() == 1


# ------------------------------------------------------------------- a real full disk
@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 16 MB tmpfs of its own (``mount`` needs root, or CAP_SYS_ADMIN)."""
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(where)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs to fill (needs root): {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte; returns the file that does (delete it: room again)."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 4096, 1):
            block = b"\0" * size
            with contextlib.suppress(OSError):
                while os.write(fd, block):
                    pass
        with pytest.raises(OSError) as exc:
            os.write(fd, b"\0")
        assert exc.value.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_is_seen_and_survived(small_disk: Path, fresh_health: None) -> None:
    """SQLite on a tmpfs that is filled while a bots' table and a person's table play:
    health 503, the person's tap refused ``unsaved`` with the socket open and the game as
    it was, a new table 503; once the disk has room, both tables go on without a new
    connection and every action anybody was told of is stored."""
    db = str(small_disk / "s.db")
    with make_client(db, bot_delay=0.05) as c:
        bots = new_table(c, BOTS)
        mixed = new_table(c, [{"name": "Anna"}, {"name": "Bot", "bot": "heuristic"}])
        with c.websocket_connect(f"/ws/tables/{bots['table']}") as watch, \
                c.websocket_connect(f"/ws/tables/{mixed['table']}") as anna:
            hello(anna, token=mixed["tokens"][0], host=mixed["host_token"])
            anna.send_json({"type": "host", "command": "start"})
            mine = read_until_human(anna)
            assert mine["legal"], mine
            hello(watch, host=bots["host_token"])
            watch.send_json({"type": "host", "command": "start"})
            until(watch, lambda m: m["type"] == "state" and m["n"] >= 2)
            assert _health(c)[0] == 200

            filler = fill(small_disk)
            assert _error(watch)["code"] == "unsaved"  # the bots' next move is not stored
            status, body = _health(c)
            assert status == 503 and body["database"], body
            table = session_of(c, mixed["table"])
            before = list(table.game.log)
            anna.send_json({"type": "act", "n": mine["n"], "action": mine["legal"][0]})
            assert _error(anna)["code"] == "unsaved"
            assert list(table.game.log) == before
            r = c.post("/api/tables", json={"preset": "ferschweiler", "seats": BOTS})
            assert r.status_code == 503 and r.json()["code"] == "unsaved"

            filler.unlink()  # room again
            assert _saved_again(watch)["code"] == "saved_again"
            assert until(watch, lambda m: m["type"] == "state" and m["table"]["over"])
            assert _saved_again(anna)["code"] == "saved_again"
            anna.send_json({"type": "act", "n": mine["n"], "action": mine["legal"][0]})
            assert until(anna, lambda m: m["type"] == "state" and m["n"] > mine["n"])
            assert _health(c)[0] == 200
            played = {t: stored_actions(session_of(c, t).game)
                      for t in (bots["table"], mixed["table"])}
            for t in played:
                stored_as_played(session_of(c, t))
    with make_client(db) as again:  # a new server on the same file: nothing is missing
        for t, actions in played.items():
            stored = again.app.state.tables.repo.load(t)  # type: ignore[attr-defined]
            assert stored.actions[:len(actions)] == actions

