"""Nothing slow on the event loop (issue 34, item 1): a PDF being made (in the process
pool) holds up neither the health check nor a table; the tournament pages read the
tournament from the cache by its log's version; the projector answers 304 while
nothing changed."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webhelp import (
    hello,
    new_table,
    organizer_do,
    read_until_human,
    send_result,
    slow_printing,
    tournament_drawn,
    waiting_render,
)

from schock.store import open_database
from schock.tournament import printing, storage


def _when(done: Callable[[], bool], what: str, limit: float = 60) -> None:
    """Wait for an event (``limit`` only ends a test that would otherwise hang)."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"never happened: {what}"
        time.sleep(0.01)


def _answered(call: Callable[[], Any], limit: float = 60) -> Any:
    """``call()`` in a thread; its answer, or a failure when none comes while the test
    holds the slow page up (``limit`` only ends a test that would otherwise hang)."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(call()), daemon=True)
    worker.start()
    worker.join(limit)
    assert out, "not answered while the PDF was being made"
    return out[0]


def test_health_and_a_table_answer_while_a_pdf_is_made(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, key, _ = tournament_drawn(client)
    folder = str(tmp_path)
    # the PDF is made only when the test says so: in the pool's process, and (were it
    # made on the event loop) in this one
    client.app.state.offload_pool = ProcessPoolExecutor(  # type: ignore[attr-defined]
        1, mp_context=multiprocessing.get_context("spawn"), initializer=slow_printing,
        initargs=(folder,))
    monkeypatch.setattr(printing, "render", waiting_render(folder))
    info = new_table(client)
    pdf: list[Any] = []
    printer = threading.Thread(target=lambda: pdf.append(
        client.get(f"/turnier/{tid}/print/sheets.pdf?k={key}")), daemon=True)
    try:
        printer.start()
        _when(lambda: Path(folder, "started").exists(), "the PDF started")
        health = _answered(lambda: client.get("/api/health"))
        assert health.status_code == 200

        def act() -> dict[str, Any]:
            url = f"/ws/tables/{info['table']}"
            with client.websocket_connect(url) as host, client.websocket_connect(url) as a, \
                    client.websocket_connect(url) as b:
                hello(host, host=info["host_token"])
                socks = {0: a, 1: b}
                hello(a, token=info["tokens"][0])
                hello(b, token=info["tokens"][1])
                host.send_json({"type": "host", "command": "start"})
                state = read_until_human(host)
                mine = read_until_human(socks[state["view"]["actor"]], n=state["n"])
                socks[state["view"]["actor"]].send_json(
                    {"type": "act", "n": mine["n"], "action": mine["legal"][0]})
                reply: dict[str, Any] = socks[state["view"]["actor"]].receive_json()
                return reply

        reply = _answered(act)
        assert reply["type"] == "state" and reply["n"] > 0, reply
        assert not pdf  # all that while, the PDF was still being made
    finally:
        Path(folder, "go").touch()
        printer.join(60)
    assert pdf and pdf[0].status_code == 200 and pdf[0].content.startswith(b"%PDF")


def test_projector_answers_304_until_the_log_or_its_settings_change(
    client: TestClient, tmp_path: Path
) -> None:
    tid, key, (t1, _t2) = tournament_drawn(client)
    url = f"/api/turnier/{tid}/projector"
    tags: list[str] = []

    def poll(changed: bool) -> dict[str, Any] | None:
        r = client.get(url, headers={"If-None-Match": tags[-1]} if tags else {})
        assert r.headers["cache-control"] == "no-store"
        assert r.status_code == (200 if changed else 304), r.text
        if not changed:
            assert r.content == b"" and r.headers["etag"] == tags[-1]
            return None
        assert r.headers["etag"] not in tags
        tags.append(r.headers["etag"])
        body: dict[str, Any] = r.json()
        return body

    assert poll(True)["plan"][0]["games"] == 0  # type: ignore[index]
    poll(False)
    assert send_result(client, t1, 1, loser=3, out="1,2").status_code == 200
    poll(False)  # a report waits for the organizer: the projector shows nothing new
    assert organizer_do(client, tid, key, action="confirm_all").status_code == 200
    assert poll(True)["plan"][0]["games"] == 1  # type: ignore[index]
    poll(False)
    other = open_database(str(tmp_path / "web.db"))  # another process, its own cache
    t = storage.load(other, tid)
    t.undo()  # the confirmed game undone there
    storage.save(other, t)
    other.close()
    assert poll(True)["plan"][0]["games"] == 0  # type: ignore[index]
    assert organizer_do(client, tid, key, action="clock", minutes=3, run="start").status_code == 303
    clock = poll(True)["clock"]  # type: ignore[index]
    assert clock["running"] and 170 < clock["remaining"] <= 180
    poll(False)  # the page counts the seconds down itself
    assert organizer_do(client, tid, key, action="standings", mode="hidden").status_code == 303
    assert poll(True)["standings"] is None  # type: ignore[index]
    poll(False)
    assert client.get("/api/turnier/nope/projector").status_code == 404


def test_the_tournament_pages_replay_the_log_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The projector, the organizer's live parts and a table's phone page, asked again and
    again while games are entered, never replay the whole log: the cached tournament is
    brought up to date with what the log gained."""
    tid, key, (t1, _t2) = tournament_drawn(client)
    replays: list[str] = []
    whole = storage._replay
    pages = [f"/api/turnier/{tid}/projector", f"/api/turnier/{tid}/organizer?k={key}", t1,
             f"/turnier/{tid}?k={key}", f"/turnier/{tid}/projektor"]
    monkeypatch.setattr(storage, "_replay", lambda s, t: replays.append(t) or whole(s, t))
    for game, (loser, out) in enumerate([(3, "1,2"), (1, "2,3"), (2, "3,1")], start=1):
        for page in pages:
            assert client.get(page).status_code == 200, page
        assert send_result(client, t1, game, loser=loser, out=out).status_code == 200
        assert organizer_do(client, tid, key, action="confirm_all").status_code == 200
    assert organizer_do(client, tid, key, action="undo").status_code == 303
    for page in pages:
        assert client.get(page).status_code == 200, page
    assert replays == []  # the tournament was replayed before the patch, never after
