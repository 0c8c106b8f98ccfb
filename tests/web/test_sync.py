"""Several processes on one PostgreSQL database hold the same table (issue 34 item 5):
every process hears the others' writes (LISTEN/NOTIFY, schock.web.sync) and brings
its live copy up to date, so a person whose socket lands on the "wrong" process plays
with the others all the same; bots are driven by one process; a process that cannot
listen compares with the database instead. Two apps in this process stand for two
server processes (each names its connections as a process does); the real processes
behind nginx are in test_supervision.py and test_deploy.py."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from webhelp import hello, make_client, new_table, play_out, read_until_human, session_of, until

from schock.web import sync
from schock.web.session import TableSession, stored_actions

#: How long a condition that events bring about may take on a busy machine.
DEADLINE = 60.0


def eventually(what: str, holds: Callable[[], bool]) -> None:
    """Wait until ``holds()`` (state another thread or process changes), failing after
    :data:`DEADLINE`."""
    end = time.monotonic() + DEADLINE
    while not holds():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def listening(c: TestClient) -> bool:
    listener = c.app.state.sync.listener  # type: ignore[attr-defined]
    return bool(listener.listening.is_set())


def in_database(session: TableSession) -> list[str]:
    stored = session.repo.load(session.id)
    assert stored is not None
    return stored.actions


def test_a_person_on_the_other_process_plays_the_whole_game(pg_url: str) -> None:
    """Anna's socket is at one process, Ben's at the other, a bot plays too: every action
    reaches the other process's copy at once (no poll), Ben acts on his process's copy,
    and the game ends the same in both, as stored."""
    with make_client(pg_url) as one, make_client(pg_url) as two:
        eventually("both listen", lambda: listening(one) and listening(two))
        info = new_table(one)
        last = play_out(one, info, random.Random(5), seats_at={1: two})
        assert last["table"]["over"]
        tid = info["table"]
        here, there = session_of(one, tid), session_of(two, tid)
        assert here.game.actions == there.game.actions
        assert stored_actions(here.game) == in_database(here)
        assert here.games and [g.number for g in here.games] == [g.number for g in there.games]


def test_a_spectator_on_the_other_process_sees_each_action_and_the_bots_go_on(
        pg_url: str) -> None:
    """A table of bots started at one process: a socket at the other sees the states in
    order up to the end; each process's copy is the stored game."""
    with make_client(pg_url) as one, make_client(pg_url) as two:
        eventually("both listen", lambda: listening(one) and listening(two))
        info = new_table(one, [{"name": "A", "bot": "heuristic"}, {"name": "B", "bot": "heuristic"}])
        tid, url = info["table"], f"/ws/tables/{info['table']}"
        with two.websocket_connect(url) as far, one.websocket_connect(url) as host:
            hello(far)
            hello(host, host=info["host_token"])
            host.send_json({"type": "host", "command": "start"})
            seen: list[int] = []
            last = until(far, lambda m: m["type"] == "state" and (
                seen.append(m["n"]) or m["table"]["over"]))
            assert seen == sorted(seen) and last["n"] == len(in_database(session_of(one, tid)))
            until(host, lambda m: m["type"] == "state" and m["table"]["over"])  # one too
        here, there = session_of(one, tid), session_of(two, tid)
        assert here.game.actions == there.game.actions


def test_a_copy_without_sockets_is_kept_up_to_date_too(pg_url: str) -> None:
    """A process holding a table nobody plays there (a socket may be about to say hello)
    takes the other process's changes all the same: a rematch's reload, new actions."""
    with make_client(pg_url) as one, make_client(pg_url) as two:
        eventually("both listen", lambda: listening(one) and listening(two))
        info = new_table(one, [{"name": "Anna"}, {"name": "Ben"}])
        tid, url = info["table"], f"/ws/tables/{info['table']}"
        here = session_of(one, tid)
        with two.websocket_connect(url) as host:
            hello(host, host=info["host_token"])
            host.send_json({"type": "host", "command": "start"})
            state = read_until_human(host)
        eventually("one takes the start and the opening throws",
                   lambda: here.started and len(here.game.actions) == state["n"])
        assert session_of(one, tid) is here
        with one.websocket_connect(url) as anna:
            hello(anna, token=info["tokens"][0])
            assert read_until_human(anna)["n"] == state["n"]


def test_bots_are_left_to_the_process_that_stored_the_latest_action(
        client: TestClient) -> None:
    """A copy whose latest action another process stored starts no driver for its bots;
    once that process has been silent past its time, this one drives them."""
    info = new_table(client, [{"name": "A", "bot": "heuristic"}, {"name": "B", "bot": "heuristic"}])
    tid, url = info["table"], f"/ws/tables/{info['table']}"
    session = session_of(client, tid)
    tables = client.app.state.tables  # type: ignore[attr-defined]
    peers = sync.Sync(tables, tables.repo.db)
    n = len(session.game.actions)
    session.follow = (n, time.monotonic() + 3600)  # "another process stored the table so"
    with client.websocket_connect(url) as host:
        hello(host, host=info["host_token"])
        host.send_json({"type": "host", "command": "start"})
        started = until(host, lambda m: m["type"] == "state" and m["table"]["started"])
        assert started["n"] == n and started["table"]["step"] in ("bot", "auto")
        host.send_json({"type": "lang", "lang": "en"})  # answered after the command is done
        assert host.receive_json()["type"] == "welcome"
        assert session.driver is None and not session.drives()
        assert client.portal.call(peers.takeover) == []  # type: ignore[attr-defined]
        session.follow = (n, 0.0)  # its time is up
        assert client.portal.call(peers.takeover) == [tid]  # type: ignore[attr-defined]
        assert read_until_human(host)["table"]["over"]
    assert session.follow == (-1, 0.0)


def test_without_listening_the_process_compares_with_the_database(pg_url: str) -> None:
    """The listening connection is cut (as by a database restart): the process compares
    its live tables with the database every second meanwhile, so a socket there still
    sees the other process's action, and it listens again by itself."""
    import psycopg

    with make_client(pg_url) as one, make_client(pg_url) as two:
        eventually("both listen", lambda: listening(one) and listening(two))
        info = new_table(one, [{"name": "Anna"}, {"name": "Ben"}])
        url = f"/ws/tables/{info['table']}"
        with two.websocket_connect(url) as ben:
            hello(ben, token=info["tokens"][1])
            assert not until(ben, lambda m: m["type"] == "state")["table"]["started"]
            listener = two.app.state.sync.listener  # type: ignore[attr-defined]
            pid = listener._conn.info.backend_pid
            with psycopg.connect(pg_url, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", [pid])
            eventually("two stops listening", lambda: not listening(two))
            with one.websocket_connect(url) as host:
                hello(host, host=info["host_token"])
                host.send_json({"type": "host", "command": "start"})
                state = read_until_human(host)
            assert read_until_human(ben, n=state["n"])["table"]["started"]
            eventually("two listens again", lambda: listening(two))
            assert listener._conn.info.backend_pid != pid


def test_a_copy_another_process_changed_is_found_by_comparing(client: TestClient) -> None:
    """:func:`schock.web.sync.sync_once` (what a process does while it cannot listen)
    finds a copy whose stored state differs from the database and reloads it."""
    info = new_table(client, [{"name": "Anna"}, {"name": "Ben"}])
    tables = client.app.state.tables  # type: ignore[attr-defined]
    db = tables.repo.db
    assert asyncio.run(sync.sync_once(tables, db)) == []
    session = session_of(client, info["table"])
    tables.repo.set_flags(info["table"], started=True)  # "another process"
    assert client.portal.call(sync.sync_once, tables, db) == [info["table"]]  # type: ignore[attr-defined]
    assert session.started


@pytest.mark.parametrize("payload", ["", "a b", "a x\tc\td", "a -", "a 1 2\tx\ty"])
def test_notifications_of_others_are_ignored(payload: str) -> None:
    assert sync.parse(payload) is None


def test_a_process_skips_its_own_notifications() -> None:
    """What the listener hears from its own process never reaches the loop; the others'
    reach it in order, in batches."""
    got: list[sync.Heard] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def deliver(batch: list[sync.Heard]) -> None:
            got.extend(batch)
            if len(got) >= 2:
                done.set()

        listener = sync.Listener(None, "me", loop, deliver, lambda: None)  # type: ignore[arg-type]
        await asyncio.to_thread(lambda: [listener._heard(p) for p in
                                         ("t1 3\t0 stop\tme", "t1 4\t1 throw 6\tyou",
                                          "t2 -\t\tyou", "junk")])
        await done.wait()

    asyncio.run(main())
    assert got == [("t1", 4, "1 throw 6"), ("t2", None, "")]


def test_online_tables_of_bots_alone_go_on_after_a_restart(tmp_path: Path) -> None:
    """A process ends while an online table of bots alone plays (nobody's page would
    ever load it): the process that starts next loads it and its bots play the round to
    its end by themselves. A table that has not started stays as it is."""
    import test_tournament_online as online

    from schock.web.tournament_online import bots_alone, stored_states

    db = str(tmp_path / "t.db")
    with make_client(db) as c:
        tb = online._bot_table(c, 1)[2]
        tables = c.app.state.tables  # type: ignore[attr-defined]
        assert bots_alone(tables.repo.db) == []  # not started
        tables.repo.set_flags(tb["id"], started=True)  # started, then the process ended
        tables.live.clear()
    with make_client(db) as c:
        repo = c.app.state.tables.repo  # type: ignore[attr-defined]
        eventually("the round plays to its end",
                   lambda: stored_states(repo.db, [tb["id"]])[tb["id"]].game is None)
        assert bots_alone(repo.db) == []
