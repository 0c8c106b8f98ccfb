"""Item 1 of issue 23: sockets follow their tokens when seats change, seated players
always get in, binary frames are refused like any malformed frame."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webhelp import hello, make_client, new_table, session_of, until

from schock.web import frames


def _state(ws: Any) -> dict[str, Any]:
    """The next state message (skipping welcomes and notices)."""
    while (m := ws.receive_json())["type"] != "state":
        pass
    return m


@pytest.mark.parametrize("seats", [
    # a bot before two people: both people move up one seat
    [{"name": "Anna"}, {"name": "Bot1", "bot": "random"}, {"name": "Ben"},
     {"name": "Bot2", "bot": "heuristic"}],
    # three seats become two (every broadcast raised before)
    [{"name": "Bot1", "bot": "random"}, {"name": "Anna"}, {"name": "Ben"}],
])
def test_removing_a_bot_rebinds_every_socket_to_its_own_seat(
        client: TestClient, seats: list[dict[str, Any]]) -> None:
    info = new_table(client, seats)
    tid, url = info["table"], f"/ws/tables/{info['table']}"
    session = session_of(client, tid)
    anna_tok = info["tokens"][[s["name"] for s in seats].index("Anna")]
    ben_tok = info["tokens"][[s["name"] for s in seats].index("Ben")]
    with client.websocket_connect(url) as h, client.websocket_connect(url) as a, \
            client.websocket_connect(url) as b, client.websocket_connect(url) as spec:
        hello(h, host=info["host_token"])
        hello(a, token=anna_tok)
        hello(b, token=ben_tok)
        hello(spec)
        for ws in (h, a, b, spec):  # settle: the last join's broadcast reached everyone
            until(ws, lambda m: m["type"] == "state"
                   and sum(s["online"] for s in m["table"]["seats"]) == 2)
        h.send_json({"type": "host", "command": "remove_bot", "seat": 0 if len(seats) == 3 else 1})
        m = until(h, lambda m: m["type"] == "state" and len(m["table"]["seats"]) < len(seats))
        names = [s["name"] for s in m["table"]["seats"]]
        assert "Bot1" not in names and names == [s.name for s in session.seats]
        # every socket gets its own person's view of the new table; a person whose
        # seat number changed is told so (a welcome) before that view
        for ws, who in ((a, "Anna"), (b, "Ben"), (spec, None)):
            got: list[dict[str, Any]] = []
            while (m := ws.receive_json()) and not (
                    m["type"] == "state" and len(m["table"]["seats"]) == len(names)):
                got.append(m)
            seat = None if who is None else names.index(who)
            welcomes = [w["seat"] for w in got if w["type"] == "welcome"]
            moved = who is not None and [s["name"] for s in seats].index(who) != seat
            assert welcomes == ([seat] if moved else [])
            assert m["seat"] == seat
            assert m["view"] == session.game.view(seat).to_dict()
            if seat is not None:
                assert m["view"]["names"][seat] == who
        h.send_json({"type": "host", "command": "start"})
        # play until a person must act, then the other person tries to act for him
        while True:
            m = _state(h)
            if m["table"]["started"] and m["table"]["step"] == "human":
                break
        actor = m["view"]["actor"]
        other = b if names[actor] == "Anna" else a
        mover = a if names[actor] == "Anna" else b
        n = m["n"]
        before = list(session.game.actions)
        other.send_json({"type": "act", "n": n, "action": "throw"})
        err = until(other, lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and list(session.game.actions) == before
        mine = until(mover, lambda m: m["type"] == "state" and m["n"] == n)
        assert mine["legal"] and mine["seat"] == actor
        mover.send_json({"type": "act", "n": n, "action": mine["legal"][0]})
        after = until(mover, lambda m: m["type"] != "state" or m["n"] > n)
        assert after["type"] == "state" and session.game.actions[n][0] == actor


def test_a_replaced_person_watches_and_cannot_act(client: TestClient) -> None:
    info = new_table(client)
    url = f"/ws/tables/{info['table']}"
    session = session_of(client, info["table"])
    with client.websocket_connect(url) as h, client.websocket_connect(url) as a:
        hello(h, host=info["host_token"])
        hello(a, token=info["tokens"][0])
        h.send_json({"type": "host", "command": "pause"})  # not started: refused
        h.send_json({"type": "host", "command": "replace", "seat": 0, "bot": "random"})
        w = until(a, lambda m: m["type"] == "welcome")
        assert w["seat"] is None
        assert until(a, lambda m: m["type"] != "welcome")["code"] == "replaced"
        m = _state(a)
        assert m["seat"] is None and m["view"] == session.game.view(None).to_dict()
        a.send_json({"type": "act", "n": m["n"], "action": "throw"})
        assert until(a, lambda m: m["type"] == "error")["code"] == "spectator"
    with client.websocket_connect(url) as again:  # the link still opens the table, watching
        assert hello(again, token=info["tokens"][0])["seat"] is None


def test_a_spectator_flood_never_locks_out_a_seat(tmp_path: Path) -> None:
    with make_client(str(tmp_path / "w.db"), max_spectators_per_table=3,
                     max_sockets_per_seat=2) as c:
        info = new_table(c)
        url = f"/ws/tables/{info['table']}"
        session = session_of(c, info["table"])
        socks = [c.websocket_connect(url) for _ in range(5)]
        opened = [s.__enter__() for s in socks]
        try:
            for ws in opened[:3]:
                hello(ws)
            opened[3].send_json({"type": "hello"})
            full = opened[3].receive_json()
            assert full["code"] == "table_full" and "3" in full["de"]
            # seated players and the host still get in, however many watch
            assert hello(opened[4], token=info["tokens"][0])["seat"] == 0
            with c.websocket_connect(url) as ws:
                assert hello(ws, token=info["tokens"][1])["seat"] == 1
            with c.websocket_connect(url) as ws:
                assert hello(ws, host=info["host_token"])["host"] is True
            # one link opened again and again closes its oldest socket, not others
            with c.websocket_connect(url) as w2, c.websocket_connect(url) as w3:
                hello(w2, token=info["tokens"][0])
                hello(w3, token=info["tokens"][0])
                note = until(opened[4], lambda m: m["type"] == "error")
                assert note["code"] == "opened_elsewhere"
                seats = [session.bound(x)[0] for x in session.conns]
                assert seats.count(0) == 2 and seats.count(None) == 3
        finally:
            for s in socks:
                s.__exit__(None, None, None)


def test_a_binary_frame_is_refused_like_any_malformed_frame(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    info = new_table(client)
    with caplog.at_level(logging.WARNING), \
            client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        ws.send_bytes(b'{"type": "hello"}')
        m = ws.receive_json()
        assert m["code"] == "malformed" and "binary" in m["en"] and m["de"]
        hello(ws, token=info["tokens"][0])
        ws.receive_json()
        ws.send_bytes(b"\x00\xff")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"type": "hint"})  # the connection is still there
        assert ws.receive_json()["code"] == "no_hint"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_message_that_cannot_be_built_closes_only_that_socket(
        client: TestClient, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    info = new_table(client)
    url = f"/ws/tables/{info['table']}"
    session = session_of(client, info["table"])
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        hello(a, token=info["tokens"][0])
        hello(b, token=info["tokens"][1])
        until(a, lambda m: m["type"] == "state"
               and sum(s["online"] for s in m["table"]["seats"]) == 2)
        real, real_text = session.message_for, frames.encoded_for

        def broken(conn: Any, info: Any = None) -> dict[str, Any]:
            if session.bound(conn)[0] == 1:
                raise RuntimeError("boom")
            return real(conn, info)

        def broken_text(session: Any, conn: Any, texts: Any) -> str:  # a broadcast's
            if session.bound(conn)[0] == 1:
                raise RuntimeError("boom")
            return real_text(session, conn, texts)

        monkeypatch.setattr(session, "message_for", broken)
        monkeypatch.setattr(frames, "encoded_for", broken_text)
        with caplog.at_level(logging.ERROR):
            a.send_json({"type": "lang", "lang": "en"})
            assert a.receive_json()["type"] == "welcome"
            assert a.receive_json()["type"] == "state"
            with client.websocket_connect(url) as c:  # a join broadcasts to all
                hello(c)
                _state(c)
        assert [session.bound(x)[0] for x in session.conns] == [0, None] or \
            [session.bound(x)[0] for x in session.conns] == [0]
        assert sum("cannot build" in r.getMessage() for r in caplog.records) == 1
