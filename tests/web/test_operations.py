"""Issue 24 items 7 and 8: health with the database, /metrics, idle tables leaving memory,
the access log without secrets, JSON logs, the connection guard on a real socket."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from webhelp import hello, make_client, new_table, read_until_human

from schock.web import Settings, create_app, ops
from schock.web.guard import LOCAL, Limits, protocol_class, raise_open_files_limit
from schock.web.logs import JsonFormatter, configure, redact


def make(tmp_path: Path, peer: str = "127.0.0.1", **kw: Any) -> TestClient:
    """A test app whose requests come from ``peer`` (this machine: /metrics answers)."""
    return make_client(str(tmp_path / "o.db"), peer=peer, **kw)


def test_health_asks_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy import create_engine

    monkeypatch.setattr(ops, "READY_SECONDS", 0.0)  # every request checks again
    with make(tmp_path) as c:
        assert c.get("/api/health").json() == {"ok": True}
        c.app.state.db.engine = create_engine(f"sqlite:///{tmp_path}/no/such/dir.db")
        r = c.get("/api/health")
        assert r.status_code == 503 and r.json()["ok"] is False
        assert "unable to open database file" in r.json()["database"]


def test_metrics_count_tables_sockets_actions_and_latency(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        info = new_table(c)
        tid = info["table"]
        with c.websocket_connect(f"/ws/tables/{tid}") as host, \
                c.websocket_connect(f"/ws/tables/{tid}") as anna, \
                c.websocket_connect(f"/ws/tables/{tid}") as ben:
            hello(host, host=info["host_token"])
            hello(anna, token=info["tokens"][0])
            hello(ben, token=info["tokens"][1])
            host.send_json({"type": "host", "command": "start"})
            first = read_until_human(anna)
            states = {"anna": first, "ben": read_until_human(ben, n=first["n"])}
            who, ws = ("anna", anna) if states["anna"]["legal"] else ("ben", ben)
            ws.send_json({"type": "act", "n": first["n"], "action": states[who]["legal"][0]})
            assert ws.receive_json()["type"] == "state"
            text = c.get("/metrics").text
        values = {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines()
                  if line and not line.startswith("#")}
        assert values["schock_tables_live"] == 1 and values["schock_websockets"] == 3
        assert values["schock_actions_total"] >= first["n"] + 1
        assert values["schock_action_seconds_count"] == 1
        assert values['schock_action_seconds_bucket{le="+Inf"}'] == 1
    with make(tmp_path, metrics=False) as c:
        assert c.get("/metrics").status_code == 404


@pytest.mark.parametrize(("peer", "headers", "kw", "status"), [
    ("127.0.0.1", {}, {}, 200),  # this machine, directly (a scraper beside the server)
    ("::1", {}, {}, 200),
    ("203.0.113.5", {}, {}, 403),  # any other address
    ("10.1.2.3", {}, {"metrics_allow": ("10.0.0.0/8",)}, 200),  # an allowed network
    ("10.1.2.3", {}, {}, 403),
    # through a proxy (trusted or not), whatever address it forwards: never
    ("127.0.0.1", {"X-Forwarded-For": "127.0.0.1"}, {"forwarded_allow_ips": ("127.0.0.1",)}, 403),
    ("127.0.0.1", {"X-Forwarded-For": "203.0.113.5"}, {}, 403),
    ("127.0.0.1", {"X-Real-IP": "127.0.0.1"}, {}, 403),
])
def test_metrics_answer_only_direct_connections_from_allowed_addresses(
        tmp_path: Path, peer: str, headers: dict[str, str], kw: dict[str, Any],
        status: int) -> None:
    with make(tmp_path, peer=peer, **kw) as c:
        r = c.get("/metrics", headers=headers)
    assert r.status_code == status, r.text
    if status == 403:
        assert "--metrics-allow" in r.json()["detail"]
    else:
        assert "schock_websockets_flooded_total 0.0" in r.text


def test_idle_tables_leave_memory_and_come_back_unchanged(tmp_path: Path) -> None:
    with make(tmp_path, idle_table_minutes=1) as c:
        state = c.app.state
        info = new_table(c)
        tid = info["table"]
        with c.websocket_connect(f"/ws/tables/{tid}") as host:
            hello(host, host=info["host_token"])
            host.send_json({"type": "host", "command": "start"})
            before = read_until_human(host)
            t0 = state.tables.touched[tid]
            assert ops.evict_idle(state, t0 + 3600) == []  # a connection holds it
        session = state.tables.live[tid]
        for _ in range(500):  # the bot driver returns once a person is to act
            if session.driver is None or session.driver.done():
                break
            time.sleep(0.01)
        now = state.tables.touched[tid]
        assert ops.evict_idle(state, now + 59) == []  # not idle long enough
        assert ops.evict_idle(state, now + 61) == [tid]
        assert tid not in state.tables.live
        assert "schock_tables_evicted_total 1.0" in c.get("/metrics").text
        with c.websocket_connect(f"/ws/tables/{tid}") as again:  # back from the database
            hello(again, host=info["host_token"])
            after = read_until_human(again)
        assert after["n"] == before["n"] and after["view"] == before["view"]
        assert state.tables.live[tid] is not session


def test_the_access_log_never_holds_a_secret(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with make(tmp_path, access_log=True) as c, caplog.at_level(logging.INFO, "schock.access"):
        secret = c.post("/api/keep", json={"names": ["Anna", "Ben"], "starter": 0}).json()["id"]
        c.get(f"/keep/{secret}")
        c.get("/turnier/t1?k=organizer-secret&lang=en")
        c.get("/api/health")
    lines = [rec.getMessage() for rec in caplog.records if rec.name == "schock.access"]
    assert any("GET /keep/*** 200" in x for x in lines), lines
    assert any("/turnier/t1?k=***&lang=en" in x for x in lines)
    assert any("GET /api/health 200" in x for x in lines)
    assert not any(secret in x or "organizer-secret" in x for x in lines)
    assert redact("/a", "seat=x&invite=y&host=z&n=1") == "/a?seat=***&invite=***&host=***&n=1"


def test_json_logs_are_one_object_a_line() -> None:
    rec = logging.LogRecord("schock.access", logging.INFO, __file__, 1, "GET %s", ("/x",), None)
    rec.status = 200
    data = json.loads(JsonFormatter().format(rec))
    assert data["message"] == "GET /x" and data["status"] == 200 and data["level"] == "info"
    try:
        raise ValueError("boom")
    except ValueError:
        import sys
        err = logging.LogRecord("schock", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    assert "ValueError: boom" in json.loads(JsonFormatter().format(err))["error"]
    configure("json")
    assert isinstance(logging.getLogger("schock").handlers[0].formatter, JsonFormatter)
    configure("text")
    assert not isinstance(logging.getLogger("schock").handlers[0].formatter, JsonFormatter)


# ---------------------------------------------------------------- the guard on a socket
@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[tuple[int, Limits]]:
    """schock's app under uvicorn with the guard: cap 5 per address, 0.5 s header timeout."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    limits = Limits(header_timeout=0.5, max_per_address=5)
    app = create_app(Settings(db=str(tmp_path / "g.db")))
    app.state.guard = limits
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                        http=protocol_class(limits)))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    yield port, limits
    srv.should_exit = True
    thread.join(10)


def half_sent(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    s.settimeout(30)
    return s


def cut(s: socket.socket) -> bool:
    """Whether the server closed (or reset) the connection without an answer."""
    try:
        return s.recv(100) == b""
    except ConnectionResetError:
        return True


def test_slow_clients_are_capped_and_cut_and_health_still_answers(
    guarded: tuple[int, Limits]
) -> None:
    port, limits = guarded
    held = [half_sent(port) for _ in range(5)]
    extra = [half_sent(port) for _ in range(10)]
    for s in extra:  # over the cap: closed at once, without an answer
        assert cut(s)
    assert limits.refused == 10
    r = httpx.get(f"http://127.0.0.1:{port}/api/health")  # another address still gets in
    assert r.status_code == 200 and r.json() == {"ok": True}
    for s in held:  # the header timeout cuts the half-sent ones (an event, not a sleep)
        assert cut(s)
    assert limits.timed_out == 5
    for _ in range(100):
        if "127.0.0.2" not in limits.open:
            break
        time.sleep(0.02)
    assert "127.0.0.2" not in limits.open  # every slot was given back
    with httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:  # kept-alive requests
        assert all(c.get("/api/health").status_code == 200 for _ in range(8))


def test_websockets_count_toward_the_cap_and_give_their_slot_back(
    guarded: tuple[int, Limits]
) -> None:
    from websockets.sync.client import connect

    port, limits = guarded
    info = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
        "preset": "ferschweiler", "seats": [{"name": "A"}, {"name": "B"}]}).json()
    url = f"ws://127.0.0.1:{port}/ws/tables/{info['table']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "lang": "de"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        assert limits.open["127.0.0.1"] >= 1
        time.sleep(0.6)  # longer than the header timeout: an open websocket is not cut
        ws.send(json.dumps({"type": "lang", "lang": "en"}))
        kinds = [json.loads(ws.recv(timeout=10))["type"] for _ in range(3)]
        assert "welcome" in kinds  # the socket still answers
    for _ in range(200):
        if "127.0.0.1" not in limits.open:
            break
        time.sleep(0.02)
    assert "127.0.0.1" not in limits.open


def test_limits_exempt_trusted_proxies() -> None:
    limits = Limits(max_per_address=1, exempt=("10.0.0.0/8",))
    assert limits.admit("10.1.2.3") and limits.admit("10.1.2.3")
    assert limits.admit("192.168.1.2") and not limits.admit("192.168.1.2")
    assert limits.connections == 3
    assert Limits(max_per_address=0, exempt=("*",)).admit("x")
    assert not Limits(max_per_address=0, exempt=("::1",)).admit("not-an-ip")


def test_sqlite_sync_full_reaches_every_connection(tmp_path: Path) -> None:
    from sqlalchemy import text

    for mode, want in (("normal", 1), ("full", 2)):
        with make(tmp_path, sqlite_sync=mode) as c:
            with c.app.state.db.engine.connect() as conn:
                assert conn.execute(text("PRAGMA synchronous")).scalar() == want
            new_table(c)  # the action writes go through the same engine


def test_schock_serve_freezes_its_start_up_objects_for_the_collector(tmp_path: Path) -> None:
    """Once its app answers, a ``schock serve`` process (``serve_app``) hides what lives
    then from the garbage collector and makes full passes rare, so they look only at what
    tables made since, seldom; a test app freezes nothing."""
    import gc
    import sys

    thresholds, interval = gc.get_threshold(), sys.getswitchinterval()
    try:
        with make(tmp_path) as c:
            assert c.get("/api/health").json() == {"ok": True}
            assert gc.get_freeze_count() == 0
            frozen = ops.freeze_startup_objects()
            assert frozen == gc.get_freeze_count() > 10_000  # modules, classes, the app
            assert gc.get_threshold() == ops.SERVER_GC_THRESHOLDS
            assert sys.getswitchinterval() == pytest.approx(ops.SERVER_SWITCH_INTERVAL)
            assert c.get("/api/health").json() == {"ok": True}
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        sys.setswitchinterval(interval)
    assert gc.get_freeze_count() == 0


def test_the_cap_spares_this_machine_and_the_log_tells_of_an_address_at_the_cap(
        caplog: pytest.LogCaptureFixture) -> None:
    """A proxy on this machine that is not named trusted does not cap the whole server;
    an address at the cap is logged once (not once per refused connection)."""
    limits = Limits(max_per_address=2, exempt=LOCAL)
    assert all(limits.admit("127.0.0.1") for _ in range(50))
    assert all(limits.admit("::1") for _ in range(50))
    with caplog.at_level(logging.WARNING, logger="schock.server"):
        assert [limits.admit("203.0.113.9") for _ in range(5)] == [True, True, False, False,
                                                                   False]
    told = [r.getMessage() for r in caplog.records if "203.0.113.9" in r.getMessage()]
    assert len(told) == 1 and "--max-connections-per-address" in told[0]
    assert limits.refused == 3


def test_serve_raises_its_open_files_limit() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, soft), hard))
        now = raise_open_files_limit(4096)
        assert now == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        assert now == (4096 if hard == resource.RLIM_INFINITY else min(4096, hard))
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
