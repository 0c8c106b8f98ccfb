"""The server on a real PostgreSQL (issue 24, item 4): migrations, whole games at a
browser table over the API and the websocket, a restart that restores the table, the
tournament and Stammtisch pages; and (item 5) the database refusing a second writer of
a table, on PostgreSQL and on SQLite. The server is Debian's, started once per session
by the ``postgres`` fixture (tests/web/conftest.py) on a unix socket in a temporary
directory; every test gets its own database."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import test_evening_pages as evening_pages
import test_tournament_keep_pages as keep_pages
import test_tournament_pages as tournament_pages
import test_write_failures as write_failures
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from servers import Postgres
from sqlalchemy import inspect
from webhelp import hello, make_client, new_table, play_out, read_until_human, session_of, until

from schock.engine.record import loads, replay
from schock.store import Base, open_database
from schock.store.db import downgrade, load_models, make_engine, upgrade
from schock.web import ops
from schock.web.repo import StaleCopy


def test_migrations_up_down_and_up_on_postgresql(pg_url: str) -> None:
    db = open_database(pg_url)
    assert db.engine.dialect.name == "postgresql" and db.engine.dialect.driver == "psycopg"
    load_models()
    with db.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == [], f"models and migrations differ on PostgreSQL: {diff}"
    tables = set(inspect(db.engine).get_table_names())
    assert {"web_tables", "web_actions", "keep_games"} <= tables
    db.close()
    engine = make_engine(pg_url)
    downgrade(engine, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(engine)
    assert set(inspect(engine).get_table_names()) == tables
    engine.dispose()


def test_a_whole_game_on_postgresql(pg_url: str) -> None:
    with make_client(pg_url) as client:
        info = new_table(client)
        last = play_out(client, info, random.Random(11))
        assert last["table"]["over"] and last["view"]["loser"] is not None
        r = client.get(f"/api/tables/{info['table']}/record")
        assert r.status_code == 200
        assert replay(loads(r.text)).loser == last["view"]["loser"]
        stored = session_of(client, info["table"]).repo.load(info["table"])
        assert stored is not None and len(stored.actions) == last["n"]


def _play(c: TestClient, info: dict[str, Any], socks: dict[int, Any], host: Any,
          actions: int, rng: random.Random) -> dict[str, Any]:
    """People act ``actions`` times (each a legal action); returns the host's state after."""
    done = -1
    for _ in range(actions + 1):
        while (state := read_until_human(host))["n"] <= done:
            pass  # an older broadcast (somebody joined)
        if done >= 0 and _ == actions:
            break
        actor = state["view"]["actor"]
        mine = read_until_human(socks[actor], n=state["n"])
        socks[actor].send_json({"type": "act", "n": mine["n"], "action": rng.choice(mine["legal"])})
        done = state["n"]
    return state


def test_a_restart_restores_the_table_and_the_game_goes_on(pg_url: str) -> None:
    rng = random.Random(5)
    with make_client(pg_url) as c:
        info = new_table(c)
        tid, url = info["table"], f"/ws/tables/{info['table']}"
        with c.websocket_connect(url) as h, c.websocket_connect(url) as a, \
                c.websocket_connect(url) as b:
            hello(h, host=info["host_token"])
            h.send_json({"type": "host", "command": "start"})
            hello(a, token=info["tokens"][0])
            hello(b, token=info["tokens"][1])
            _play(c, info, {0: a, 1: b}, h, 12, rng)
        before = session_of(c, tid)
        log = list(before.game.log)
        views = [before.game.view(s).to_dict() for s in (0, 1, 2, None)]
    with make_client(pg_url) as c2:  # a new server on the same database
        with c2.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, token=info["tokens"][1])
            again = ws.receive_json()
        after = session_of(c2, tid)
        assert after.game.log == log and after.started
        assert [after.game.view(s).to_dict() for s in (0, 1, 2, None)] == views
        assert again["view"] == views[1]
        last = play_out(c2, info, random.Random(6))  # and it is played to its end
        assert last["table"]["over"]


def test_a_bots_table_goes_on_by_itself_after_a_postgresql_restart(
        postgres: Postgres, pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database server restarts in the middle of a bots' game (every connection is
    cut, and while it is down nothing can be stored): the table is told, health answers
    503, and once the server is back the table goes on by itself, without any new
    connection; every action anybody was told of is stored (issue 34 item 3)."""
    monkeypatch.setattr(ops, "READY_SECONDS", 0.0)
    with make_client(pg_url, bot_delay=0.05) as c:
        info = new_table(c, write_failures.BOTS)
        with c.websocket_connect(f"/ws/tables/{info['table']}") as watch:
            hello(watch, host=info["host_token"])
            watch.send_json({"type": "host", "command": "start"})
            until(watch, lambda m: m["type"] == "state" and m["n"] >= 2)

            def down() -> None:
                assert until(watch, lambda m: m["type"] == "error")["code"] == "unsaved"
                r = c.get("/api/health")
                assert r.status_code == 503 and r.json()["database"], r.text

            postgres.restart(while_down=down)
            assert until(watch, lambda m: m["type"] == "notice")["code"] == "saved_again"
            assert until(watch, lambda m: m["type"] == "state" and m["table"]["over"])
            assert c.get("/api/health").status_code == 200
            write_failures.stored_as_played(session_of(c, info["table"]))


def test_tournament_pages_on_postgresql(pg_url: str) -> None:
    tournament_pages.test_double_entry_is_shown_and_counted_once_and_survives_restart(pg_url)
    with make_client(pg_url) as c:
        tournament_pages.test_projector_clock_freeze_hide(c)
        tournament_pages.test_confirming_a_game_entered_meanwhile_never_counts_twice(c)
        keep_pages.test_a_table_scorekeeps_its_game_and_the_organizer_confirms_it(c)


def test_two_phones_share_one_kept_game_on_postgresql(pg_url: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The unique index that makes two phones share one kept game holds on PostgreSQL too."""
    with make_client(pg_url) as c:
        keep_pages.test_two_phones_starting_at_the_same_moment_share_one_kept_game(c, monkeypatch)


def test_evening_pages_on_postgresql(postgres: Postgres, pg_url: str) -> None:
    for page_test in (evening_pages.test_a_form_posted_twice_counts_once,
                      evening_pages.test_two_phones_see_the_other_entry_first,
                      evening_pages.test_upload_a_record_and_void,
                      evening_pages.test_money_group_settles_between_members):
        with make_client(postgres.new_database()) as c:  # group names are unique per database
            page_test(c)
    with make_client(pg_url) as c:
        url = evening_pages.new_group(c)
        c.post(url + "/evenings", data={"day": "2026-11-20"})
        assert evening_pages.game(c, url, "Ben").status_code == 303  # type: ignore[attr-defined]
        games = c.get(url + "/games.csv").text
        assert games.count("\n") == 2 and "Ben" in games
    with make_client(pg_url) as c:  # a restart keeps the group and its games
        assert c.get(url + "/games.csv").text == games


# ------------------------------------------------------------- one writer per table
@pytest.fixture(params=["sqlite", "postgresql"])
def shared_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """One database two servers share: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "shared.db")
    pg: Postgres = request.getfixturevalue("postgres")
    return pg.new_database()


def test_a_stale_copy_loses_the_race_and_reloads(shared_db: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers hold the same table (as when the proxy's routing changed): the one that
    acts on an old copy is refused by the database (the action's place is taken), drops
    its copy, takes the stored table, and says 'stale' with the new action count; the
    stored game is the first server's, and play goes on from the second server. (With
    PostgreSQL a copy is old only until the other's change is announced to it: here no
    announcement arrives, schock.web.sync is held.)"""
    from schock.web import sync

    async def held(*_args: Any) -> list[str]:
        return []

    monkeypatch.setattr(sync, "catch_up", held)
    monkeypatch.setattr(sync, "sync_once", held)
    rng = random.Random(2)
    with make_client(shared_db) as one, make_client(shared_db) as two:
        info = new_table(one, [{"name": "Anna"}, {"name": "Ben"}])
        tid, url = info["table"], f"/ws/tables/{info['table']}"
        with one.websocket_connect(url) as h, one.websocket_connect(url) as a, \
                one.websocket_connect(url) as b:
            hello(h, host=info["host_token"])
            h.send_json({"type": "host", "command": "start"})
            first_state = read_until_human(h)
            k, actor = first_state["n"], first_state["view"]["actor"]
            hello(a, token=info["tokens"][0])
            hello(b, token=info["tokens"][1])
            with two.websocket_connect(url) as old:  # the second server loads the table at k
                hello(old, token=info["tokens"][actor])
                at_k = read_until_human(old, n=k)
                state = _play(one, info, {0: a, 1: b}, h, 4, rng)  # the second falls behind
                first, second = session_of(one, tid), session_of(two, tid)
                assert len(second.game.actions) == k < len(first.game.actions) == state["n"]
                # the player acts on the second server's old copy: the database refuses it
                old.send_json({"type": "act", "n": k, "action": at_k["legal"][0]})
                seen = []
                while (m := old.receive_json())["type"] != "error":
                    seen.append(m)
                assert at_k["legal"] and m["code"] == "stale", m
                assert second.game.actions == first.game.actions
                assert seen and seen[-1]["n"] == state["n"] and str(state["n"]) in m["en"]
                stored = first.repo.load(tid)
                assert stored is not None and len(stored.actions) == state["n"]
                with pytest.raises(StaleCopy):
                    first.repo.add_actions(tid, 0, ["0 throw"])
                with pytest.raises(StaleCopy):  # a free place, but of a game that is over
                    first.repo.add_actions(tid, 999, ["0 throw"], game_no=first.game_no + 1)
                stored = first.repo.load(tid)
                assert stored is not None and len(stored.actions) == state["n"]


def test_one_transaction_for_several_tables_refuses_only_the_stale_write(
        shared_db: str) -> None:
    """Group commit (schock.web.writer): several tables' actions in one transaction; a
    write whose place is taken or whose game is over is refused alone, the others are
    stored, a finished game's record with them; the metrics count what was stored."""
    from schock.web.repo import StoredGame
    from schock.web.writer import ActionWrite

    with make_client(shared_db, peer="127.0.0.1") as c:
        ids = [new_table(c)["table"] for _ in range(4)]
        repo = session_of(c, ids[0]).repo
        repo.add_actions(ids[0], 0, ["0 throw"], game_no=1)
        before = c.get("/metrics").text
        kept = StoredGame(1, "Anna", False, "record")
        outcomes = repo.write_batch([
            ActionWrite(ids[0], 0, ["1 throw"], game_no=1),  # place 0 is taken
            ActionWrite(ids[1], 0, ["0 throw", "0 stop"], game_no=1),
            ActionWrite(ids[2], 0, ["0 throw"], game_no=2),  # game 2 is not played there
            ActionWrite(ids[3], 0, ["1 throw"], finished=True, archive=kept, game_no=1),
        ])
        assert [type(x).__name__ for x in outcomes] == ["StaleCopy", "NoneType", "StaleCopy",
                                                        "NoneType"]
        stored = {t: repo.load(t) for t in ids}
        assert [len(s.actions) for s in stored.values() if s] == [1, 2, 0, 1]
        assert stored[ids[0]].actions == ["0 throw"]  # type: ignore[union-attr]
        assert stored[ids[3]].finished and repo.game_record(ids[3], 1) == "record"  # type: ignore[union-attr]
        assert not stored[ids[1]].finished  # type: ignore[union-attr]
        counted = [float(line.split()[1]) for text in (before, c.get("/metrics").text)
                   for line in text.splitlines() if line.startswith("schock_actions_total")]
        assert counted[1] - counted[0] == 3


def test_a_batch_of_actions_only_refuses_only_the_stale_writes(shared_db: str) -> None:
    """A batch without a game's end is written in the driver's own SQL: the same
    outcomes (a taken place, a game that is over), and writes go on after the database
    server dropped every connection (a restart)."""
    from sqlalchemy import text

    from schock.web.writer import ActionWrite

    with make_client(shared_db) as c:
        ids = [new_table(c)["table"] for _ in range(3)]
        repo = session_of(c, ids[0]).repo
        repo.add_actions(ids[0], 0, ["0 throw"], game_no=1)
        outcomes = repo.write_batch([
            ActionWrite(ids[0], 0, ["1 throw"], game_no=1),  # place 0 is taken
            ActionWrite(ids[1], 0, ["0 throw", "0 stop"], game_no=1),
            ActionWrite(ids[2], 0, ["0 throw"], game_no=2),  # game 2 is not played there
        ])
        assert [type(x).__name__ for x in outcomes] == ["StaleCopy", "NoneType", "StaleCopy"]
        assert [len(repo.load(t).actions) for t in ids] == [1, 2, 0]  # type: ignore[union-attr]
        if repo.db.engine.dialect.name == "postgresql":
            with repo.db.engine.connect() as conn:  # as a restart of the server does
                conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                  " WHERE datname = current_database()"
                                  " AND pid <> pg_backend_pid()"))
        assert repo.write_batch([ActionWrite(ids[2], 0, ["0 throw"], game_no=1)]) == [None]
        assert repo.load(ids[2]).actions == ["0 throw"]  # type: ignore[union-attr]


def test_online_tables_on_postgresql_tell_opened_links_not_connections(pg_url: str) -> None:
    """With PostgreSQL another process may hold a table's players: the organizer page
    says a seat's link was opened (the same from every process), never "online" from
    one process and "away" from the other; the live parts' ETag does not change with a
    connection."""
    import test_tournament_online as online

    with make_client(pg_url) as c:
        tid, key = online._create(c, "short", online.NAMES[:6], "1,2,3|4,5,6")
        assert online._online(c, tid, key, action="open", table=1).status_code == 200
        tb = online._tables(c, tid, key)[1]
        with c.websocket_connect(f"/ws/tables/{tb['id']}") as anna:
            hello(anna, token=tb["tokens"][0])
            etag = online._live(c, tid, key).headers["etag"]
            assert online._tables(c, tid, key)[1]["state"] == [
                "Link geöffnet", "Link noch nicht geöffnet", "Link noch nicht geöffnet"]
        assert online._live(c, tid, key, etag).status_code == 304  # she left: the same
