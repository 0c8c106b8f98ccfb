"""Issue 34 item 2: message budgets per websocket and per client address. A socket over
its budget is told once (one ``rate`` error) and then closed with 1008; a dropped frame is
never answered; text, binary and invalid frames spend the budget alike; the sockets of
one address share a budget; a flood does not keep other tables from being served."""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from pathlib import Path
from typing import Any

import pytest
from servers import free_port, serving
from starlette.websockets import WebSocketDisconnect
from webhelp import hello, make_client, new_table, until
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from schock.web.ws import FLOODED, AddressBudgets


def _error(msg: dict[str, Any]) -> bool:
    return msg["type"] == "error"


def _codes_until_closed(ws: Any, frames: list[Any]) -> tuple[list[str], int]:
    """Send ``frames`` (dicts as JSON, bytes as binary, str as is); the error codes
    answered until the server closed the socket, and the close code."""
    for frame in frames:
        if isinstance(frame, dict):
            ws.send_json(frame)
        elif isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
    codes = []
    try:
        while True:
            msg = ws.receive_json()
            if msg["type"] == "error":  # states of the table may come in between
                codes.append(msg["code"])
    except WebSocketDisconnect as gone:
        return codes, gone.code


@pytest.mark.parametrize("flood", [{"type": "hint"}, b"\x00\x01", "{not json"])
def test_a_socket_over_its_rate_is_told_once_then_closed(tmp_path: Path, flood: Any,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """Burst 3: hello and two frames are answered, the next is dropped with one ``rate``
    notice, the next one closes the socket (1008); the 20 after it are never read."""
    with make_client(str(tmp_path / "w.db"), rate=0.1, burst=3) as c:
        info = new_table(c)
        with c.websocket_connect(f"/ws/tables/{info['table']}") as ws:
            hello(ws)
            ws.receive_json()  # the first state
            with caplog.at_level(logging.WARNING, logger="schock.server"):
                codes, code = _codes_until_closed(ws, [flood] * 24)
        assert code == FLOODED
        assert codes[:2] in (["spectator"] * 2, ["malformed"] * 2) and codes[2:] == ["rate"]
        assert "websocket from testclient closed (1008)" in caplog.text
        assert c.app.state.budgets.sockets == {}  # the address's socket is counted out


def test_the_sockets_of_one_address_share_a_budget(tmp_path: Path) -> None:
    """Each socket may send 1,000 at once, the address 6: the third socket's frames are
    over the address's budget although that socket sent only its hello and one frame;
    while the address is over it, a new socket of it is refused."""
    with make_client(str(tmp_path / "w.db"), address_rate=0.1, address_burst=6) as c:
        info = new_table(c)
        url = f"/ws/tables/{info['table']}"
        with c.websocket_connect(url) as a, c.websocket_connect(url) as b, \
                c.websocket_connect(url) as d:
            for ws in (a, b):
                hello(ws)
                ws.receive_json()
                ws.send_json({"type": "hint"})
                assert until(ws, _error)["code"] == "spectator"
            hello(d)  # the address's fifth frame, then its sixth
            d.receive_json()
            d.send_json({"type": "hint"})
            assert until(d, _error)["code"] == "spectator"
            codes, code = _codes_until_closed(d, [{"type": "hint"}] * 3)
            assert (codes, code) == (["rate"], FLOODED)
            a.send_json({"type": "hint"})  # the same address: over its budget too
            assert until(a, _error)["code"] == "rate"
            with pytest.raises(WebSocketDisconnect) as refused, c.websocket_connect(url):
                pass  # a new socket from the address is refused before it is accepted
            assert refused.value.code == FLOODED


def test_this_machine_and_trusted_proxies_have_no_address_budget() -> None:
    budgets = AddressBudgets(rate=1, burst=1, exempt=("10.0.0.0/8", "127.0.0.1"))
    assert budgets.open("10.1.2.3") is None and budgets.open("127.0.0.1") is None
    assert budgets.open("192.0.2.1") is not None and budgets.sockets == {"192.0.2.1": 1}


def test_an_address_budget_outlives_a_reconnect_and_is_forgotten_once_full() -> None:
    budgets = AddressBudgets(rate=1e-6, burst=1)
    spent = budgets.open("192.0.2.1")
    assert spent is not None and spent.take() and not spent.take()
    budgets.close("192.0.2.1")
    assert budgets.open("192.0.2.1") is spent  # reconnecting gives no fresh budget
    budgets.close("192.0.2.1")
    for i in range(1001):  # many addresses come and go: the full, unused ones are dropped
        budgets.open(f"10.{i // 250}.0.{i % 250}")
        budgets.close(f"10.{i // 250}.0.{i % 250}")
    assert "192.0.2.1" in budgets.buckets and len(budgets.buckets) < 1002
    assert budgets.sockets == {}


# ---------------------------------------------------------------- a real server
FLOODER = {"X-Forwarded-For": "198.51.100.7"}  # three sockets, one address (via the proxy)


def _socket(port: int, path: str, headers: dict[str, str] | None = None) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}{path}", open_timeout=30,
                   additional_headers=headers or {})


def _flood(ws: ClientConnection, frames: int, out: list[tuple[int | None, int]]) -> None:
    """Send ``frames`` act frames as fast as possible (until the server closes the
    socket); then read what was answered until the close. Records (close code, frames
    answered)."""
    frame = json.dumps({"type": "act", "n": 0, "action": "throw"})
    try:
        for _ in range(frames):
            ws.send(frame)
    except ConnectionClosed:
        pass
    answered = 0
    try:
        while True:
            ws.recv(timeout=60)
            answered += 1
    except ConnectionClosed:
        pass
    out.append((ws.protocol.close_code, answered))


def _play(ws: ClientConnection, moves: int) -> tuple[int, bool]:
    """Play ``moves`` moves of the seat on ``ws`` (each answered by a state of the next
    action), fewer if the game ends first; returns how many were answered and whether
    the game is over."""
    done, acted, tried, last = 0, None, 0, None

    def act(state: dict[str, Any]) -> int:
        legal = state["legal"]
        verb = next((v for v in ("stop", "throw") if v in legal), legal[0])
        verb = legal[tried % len(legal)] if tried else verb
        ws.send(json.dumps({"type": "act", "n": state["n"], "action": verb}))
        return int(state["n"])

    while done < moves:
        msg = json.loads(ws.recv(timeout=60))  # a message that never comes fails
        if msg["type"] == "error" and acted is not None and last is not None:
            tried += 1  # the engine refused a listed move: the next one
            acted = act(last)
            continue
        if msg["type"] != "state":
            continue
        if acted is not None and msg["n"] > acted:
            done, acted, tried = done + 1, None, 0
        if msg["table"]["step"] == "over":
            return done, True
        if acted is None and msg["table"]["step"] == "human" and msg["legal"]:
            last, acted = msg, act(msg)
    return done, False


def test_three_flooding_sockets_are_closed_and_another_table_is_served(tmp_path: Path) -> None:
    """``schock serve`` behind a (trusted) proxy address: three seat sockets of one
    table, all from one client address, each send 3,000 act frames in a tight loop;
    meanwhile a person at another table plays 12 moves against a bot. Every one of his
    moves is answered with its state, and the three flooders are closed with 1008,
    each having been answered a handful of frames at most (never one per frame)."""
    port = free_port()
    args = ["--port", str(port), "--db", str(tmp_path / "f.db"), "--bot-delay", "0",
            "--forwarded-allow-ips", "127.0.0.1"]
    with serving(args, [port], tmp_path / "serve.log"):
        import httpx

        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            def table(seats: list[dict[str, Any]], headers: dict[str, str]) -> dict[str, Any]:
                r = http.post("/api/tables", json={"preset": "ferschweiler", "seats": seats},
                              headers=headers)
                assert r.status_code == 201, r.text
                return dict(r.json())

            people = [{"name": n} for n in ("Anna", "Ben", "Cem")]
            bad = table(people, FLOODER)
            good = table([{"name": "Dora"}, {"name": "Bot", "bot": "heuristic"}], {})
        floods: list[tuple[int | None, int]] = []
        with contextlib.ExitStack() as stack:
            flooders = [stack.enter_context(_socket(port, f"/ws/tables/{bad['table']}",
                                                    FLOODER)) for _ in range(3)]
            dora = stack.enter_context(_socket(port, f"/ws/tables/{good['table']}"))
            dora.send(json.dumps({"type": "hello", "host": good["host_token"],
                                  "token": good["tokens"][0]}))
            dora.send(json.dumps({"type": "host", "command": "start"}))
            for i, ws in enumerate(flooders):
                ws.send(json.dumps({"type": "hello", "token": bad["tokens"][i]}))
            threads = [threading.Thread(target=_flood, args=(ws, 3000, floods))
                       for ws in flooders]
            for t in threads:
                t.start()
            moves, over = _play(dora, 12)
            for t in threads:
                t.join()
        log = (tmp_path / "serve.log").read_text()
    assert moves == 12 or (over and moves > 0)
    assert [code for code, _ in floods] == [FLOODED] * 3
    # the address the proxy forwarded is the one whose sockets were closed (logged once)
    assert log.count("websocket from 198.51.100.7 closed (1008)") == 1, log
    # the welcome, states, answers within the budget and one "rate" notice: never 3,000
    assert all(answered < 100 for _, answered in floods), floods


# ---------------------------------------------------------------- a socket's end is logged
def test_a_send_on_a_socket_closed_meanwhile_is_logged_with_the_table(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A seat's link opened a second time (one socket a seat): the first socket is closed
    by the server; a frame it sent meanwhile is answered into the closed socket, which
    raises RuntimeError: one debug line naming the table, nothing above debug."""
    with make_client(str(tmp_path / "w.db"), max_sockets_per_seat=1) as c:
        info = new_table(c)
        url = f"/ws/tables/{info['table']}"
        with caplog.at_level(logging.DEBUG, logger="schock.server"), \
                c.websocket_connect(url) as first:
            hello(first, token=info["tokens"][0])
            with c.websocket_connect(url) as second:
                hello(second, token=info["tokens"][0])
                assert until(first, _error)["code"] == "opened_elsewhere"
                assert first.receive()["type"] == "websocket.close"  # closed by the server
                first.send_json({"type": "hint"})  # read after the close, answered into it
                second.send_json({"type": "hint"})  # the seat's new socket is served
                assert until(second, _error)["code"] == "no_hint"
    gone = [r for r in caplog.records if "closed while in use" in r.getMessage()]
    assert len(gone) == 1 and gone[0].levelno == logging.DEBUG
    assert info["table"] in gone[0].getMessage()
    assert not [r for r in caplog.records if r.levelno > logging.DEBUG and r.name == "schock.server"]


def test_a_runtime_error_on_an_open_socket_is_a_warning_with_its_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    from starlette.websockets import WebSocketState

    from schock.web.ws import _gone

    class Open:
        application_state = client_state = WebSocketState.CONNECTED

    try:
        raise RuntimeError("a defect")
    except RuntimeError as exc:
        with caplog.at_level(logging.DEBUG, logger="schock.server"):
            _gone(Open(), "T1", exc)  # type: ignore[arg-type]
    (record,) = caplog.records
    assert record.levelno == logging.WARNING and "table T1" in record.getMessage()
    assert record.exc_info is not None and "a defect" in caplog.text


def test_a_flooding_address_is_logged_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    budgets = AddressBudgets(rate=1, burst=1, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="schock.server"):
        budgets.flooded("192.0.2.1")
        budgets.flooded("192.0.2.1")  # the same minute: not again
        budgets.flooded("192.0.2.2")
        now[0] += 61
        budgets.flooded("192.0.2.1")
    assert [r.getMessage().split()[2] for r in caplog.records] == [
        "192.0.2.1", "192.0.2.2", "192.0.2.1"]
    budgets.warned = {f"10.0.{i // 250}.{i % 250}": 0.0 for i in range(10_001)}
    budgets.flooded("192.0.2.3")  # many addresses at once: the old ones are forgotten
    assert list(budgets.warned) == ["192.0.2.3"]
