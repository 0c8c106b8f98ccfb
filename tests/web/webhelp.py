"""Helpers for the web tests (not a test module): a TestClient app, a table, players that play it."""

from __future__ import annotations

import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from schock.engine.game import Game
from schock.engine.record import Record, replay
from schock.web import Settings, create_app
from schock.web.session import TableSession


def make_client(db: str, peer: str = "testclient", **kw: Any) -> TestClient:
    """An app without bot delay; fast simulated players need no rate limit unless asked.
    ``peer``: the client address every request comes from (``127.0.0.1``: this machine,
    which /metrics answers). Its PDFs and plots are made in threads of this process,
    where a test can watch them (and no process is started per test);
    tests/web/test_event_loop.py runs them in the process pool the server uses."""
    kw.setdefault("rate", 1e6)
    kw.setdefault("burst", 1_000_000)
    kw.setdefault("address_rate", 1e6)
    kw.setdefault("address_burst", 1_000_000)
    kw.setdefault("bot_delay", 0)
    app = create_app(Settings(db=db, **kw))
    app.state.offload_pool = ThreadPoolExecutor(2)
    return TestClient(app, client=(peer, 50000))


def new_table(client: TestClient, seats: list[dict[str, Any]] | None = None,
              preset: str = "ferschweiler") -> dict[str, Any]:
    seats = seats or [{"name": "Anna"}, {"name": "Ben"}, {"name": "Bot", "bot": "heuristic"}]
    r = client.post("/api/tables", json={"preset": preset, "seats": seats})
    assert r.status_code == 201, r.text
    info: dict[str, Any] = r.json()
    return info


def hello(ws: Any, **fields: Any) -> dict[str, Any]:
    """Say hello; return the welcome (the first state follows)."""
    ws.send_json({"type": "hello", **fields})
    msg: dict[str, Any] = ws.receive_json()
    assert msg["type"] == "welcome", msg
    return msg


def until(ws: Any, pred: Any) -> dict[str, Any]:
    """The next message for which ``pred`` holds (the ones before it are read and dropped)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if pred(msg):
            return msg


def read_until_human(ws: Any, sink: list[dict[str, Any]] | None = None,
                     n: int | None = None) -> dict[str, Any]:
    """Read states until one where a person must act or the game is over (at ``n``)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if sink is not None:
            sink.append(msg)
        if msg["type"] != "state" or not msg["table"]["started"]:
            continue
        if msg["table"]["step"] in ("human", "over") and (n is None or msg["n"] == n):
            return msg


def session_of(client: TestClient, table: str) -> TableSession:
    s = client.app.state.tables.live[table]  # type: ignore[attr-defined]
    assert isinstance(s, TableSession)
    return s


def game_at(session: TableSession, n: int) -> Game:
    """The engine's own game after ``n`` actions of the table (replayed from scratch)."""
    from schock.engine.actions import format_action

    rec = Record(
        rules=session.rules,
        seats=session.game.seats,
        starter=None,
        dice=session.game.dice.describe(),
        actions=tuple(format_action(s, a) for s, a in session.game.actions),
    )
    return replay(rec, upto=n)


def play_out(client: TestClient, info: dict[str, Any], rng: random.Random,
             sinks: dict[int | None, list[dict[str, Any]]] | None = None,
             max_actions: int = 3000, seats_at: dict[int, Any] | None = None) -> dict[str, Any]:
    """Two people (seats 0 and 1) and a bot play the table to its end; returns the last
    state. ``seats_at``: the client (server) a seat's person is connected to, if not
    ``client`` (the host's)."""
    tid = info["table"]
    url = f"/ws/tables/{tid}"
    at = {0: client, 1: client, **(seats_at or {})}
    with client.websocket_connect(url) as host, at[0].websocket_connect(url) as a, \
            at[1].websocket_connect(url) as b:
        socks = {0: a, 1: b}
        hello(host, host=info["host_token"])
        hello(a, token=info["tokens"][0])
        hello(b, token=info["tokens"][1])
        host.send_json({"type": "host", "command": "start"})
        refused: list[tuple[str, dict[str, Any]]] = []
        latest: dict[int, dict[str, Any]] = {}
        for _ in range(max_actions):
            state = read_until_human(host, None if sinks is None else sinks.setdefault(None, []))
            if state["table"]["step"] == "over":
                break
            actor = state["view"]["actor"]
            seen = latest.get(actor)
            if any(m["n"] > state["n"] for m in latest.values()):
                continue  # an older broadcast (a socket joined a started table): read on
            if seen is not None and seen["n"] == state["n"]:
                mine = seen  # its own action's answer was already this state
            else:
                mine = read_until_human(socks[actor], None if sinks is None else
                                        sinks.setdefault(actor, []), n=state["n"])
            assert mine["legal"], mine
            ws = socks[actor]
            choices = list(mine["legal"])
            rng.shuffle(choices)
            for verb in choices:  # the engine may refuse a listed action: try the next
                ws.send_json({"type": "act", "n": mine["n"], "action": verb})
                while True:
                    reply = ws.receive_json()
                    if sinks is not None:
                        sinks.setdefault(actor, []).append(reply)
                    if reply["type"] == "error" or reply["n"] > mine["n"]:
                        break
                if reply["type"] == "state":
                    latest[actor] = reply
                    break
                refused.append((verb, reply))
            else:
                raise AssertionError(f"every listed action was refused: {refused}")
        else:
            raise AssertionError("game did not end")
        # everyone gets the final state
        for seat, ws in socks.items():
            if latest.get(seat, {}).get("n") == state["n"]:
                continue
            read_until_human(ws, None if sinks is None else sinks.setdefault(seat, []),
                             n=state["n"])
        return state


NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]


def tournament_created(c: TestClient, preset: str = "irmgarteich") -> tuple[str, str]:
    r = c.post("/turnier", data={"name": "Pokal", "preset": preset}, follow_redirects=False)
    assert r.status_code == 303, r.text
    loc = r.headers["location"]
    m = re.fullmatch(r"/turnier/(\w+)\?k=([\w-]+)", loc)
    assert m, loc
    return m[1], m[2]


def organizer_do(c: TestClient, tid: str, key: str, **data: Any) -> Any:
    return c.post(f"/turnier/{tid}/do", data={"k": key, **data}, follow_redirects=False)


def tournament_drawn(c: TestClient) -> tuple[str, str, list[str]]:
    """A tournament (by TestClient): six players checked in, round 1 drawn; returns id,
    key and the two table links."""
    tid, key = tournament_created(c)
    for n in NAMES:
        assert organizer_do(c, tid, key, action="register", name=n).status_code == 303
    for i in range(1, 7):
        assert organizer_do(c, tid, key, action="checkin", number=i).status_code == 303
    assert organizer_do(c, tid, key, action="draw", tables="1,2,3|4,5,6").status_code == 303
    page = c.get(f"/turnier/{tid}?k={key}").text
    links = [h.replace("&amp;", "&") for h in re.findall(r'class="table-link" href="([^"]*)"', page)]
    assert len(links) == 2
    return tid, key, links


def send_result(c: TestClient, link: str, game: int, loser: int, out: str = "") -> Any:
    path, key = link.split("?k=")
    return c.post(path, data={"k": key, "game": game, "loser": loser, "out": out})


def live_tournament(base: str, preset: str, names: list[str],
                    tables: str) -> tuple[str, str, list[str]]:
    """A tournament on a live server, players registered and checked in, round 1 drawn as
    ``tables`` (by HTTP, not a browser test's subject): (id, organizer key, table links)."""
    import httpx

    with httpx.Client(base_url=base) as c:
        r = c.post("/turnier", data={"name": "Kneipenpokal", "preset": preset})
        m = re.fullmatch(r"/turnier/(\w+)\?k=([\w-]+)", r.headers["location"])
        assert r.status_code == 303 and m, r.text
        tid, key = m[1], m[2]
        for name in names:
            c.post(f"/turnier/{tid}/do", data={"k": key, "action": "register", "name": name})
        for n in range(1, len(names) + 1):
            c.post(f"/turnier/{tid}/do", data={"k": key, "action": "checkin", "number": n})
        r = c.post(f"/turnier/{tid}/do", data={"k": key, "action": "draw", "tables": tables})
        assert r.status_code == 303, r.text
        page = c.get(f"/turnier/{tid}?k={key}").text
    links = re.findall(r'class="table-link" href="([^"]*)"', page)
    return tid, key, [link.replace("&amp;", "&") for link in links]


def tables_from(client: TestClient, host_ip: str) -> int:
    """How many tables the database holds that were made from ``host_ip``."""
    from sqlalchemy import func, select

    from schock.store.tables import TableRow

    with client.app.state.db.session() as s:  # type: ignore[attr-defined]
        q = select(func.count()).select_from(TableRow).where(TableRow.host_ip == host_ip)
        return int(s.execute(q).scalar_one())


def waiting_render(folder: str) -> Any:
    """:func:`schock.tournament.printing.render` made to wait: it makes the file
    ``started`` in ``folder`` and renders once the file ``go`` is there."""
    from schock.tournament import printing

    real = printing.render

    def render(*args: Any, **kwargs: Any) -> bytes:
        Path(folder, "started").touch()
        while not Path(folder, "go").exists():
            time.sleep(0.01)
        return real(*args, **kwargs)

    return render


def slow_printing(folder: str) -> None:
    """A process pool's initializer: its worker's PDFs wait (:func:`waiting_render`)."""
    from schock.tournament import printing

    printing.render = waiting_render(folder)  # type: ignore[assignment]
