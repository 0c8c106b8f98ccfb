"""The browser app over HTTP and the websocket: whole games, refusals, reconnects, restarts."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from webhelp import game_at, hello, make_client, new_table, play_out, read_until_human, session_of

from schock.engine.record import loads, replay
from schock.web.messages import legal_verbs


def test_health(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"ok": True}


def test_create_gives_secret_links_and_stores_only_hashes(client: TestClient) -> None:
    info = new_table(client)
    tokens = info["tokens"]
    assert tokens[2] is None and len({tokens[0], tokens[1]}) == 2
    assert all(len(t) >= 22 for t in tokens[:2])  # 16 random bytes
    assert info["seats"][0]["link"].endswith("#seat=" + tokens[0])
    session = session_of(client, info["table"])
    stored = session.repo.load(info["table"])
    assert stored is not None
    dump = repr(stored)
    assert tokens[0] not in dump and info["host_token"] not in dump


def test_create_refuses_bad_input(client: TestClient) -> None:
    r = client.post("/api/tables", json={"preset": "nope", "seats": [{"name": "A"}, {"name": "B"}]})
    assert r.status_code == 400 and "allowed" in r.json()["en"]
    r = client.post("/api/tables", json={"seats": [{"name": "A"}]})
    assert r.status_code == 422
    r = client.post("/api/tables", json={"seats": [{"name": "A"}, {"name": "B", "bot": "x"}]})
    assert r.status_code == 400 and "unknown bot" in r.json()["en"]
    r = client.post("/api/tables", json={"rules_toml": "deckel = 0\n",
                                         "seats": [{"name": "A"}, {"name": "B"}]})
    assert r.status_code == 400


def test_tables_per_host_are_limited(tmp_path: Path) -> None:
    with make_client(str(tmp_path / "w.db"), max_tables_per_host=2) as c:
        new_table(c)
        new_table(c)
        r = c.post("/api/tables", json={"seats": [{"name": "A"}, {"name": "B"}]})
        assert r.status_code == 429


def test_a_whole_game_two_people_and_a_bot(client: TestClient) -> None:
    info = new_table(client)
    last = play_out(client, info, random.Random(1))
    view = last["view"]
    assert view["loser"] is not None and last["table"]["over"]
    session = session_of(client, info["table"])
    # the record is given out only now, and it replays to the same end
    r = client.get(f"/api/tables/{info['table']}/record")
    assert r.status_code == 200
    again = replay(loads(r.text))
    assert again.over and again.loser == view["loser"] == session.game.loser
    page = client.get(f"/t/{info['table']}/replay")
    assert page.status_code == 200 and "Bot" in page.text


def test_record_of_a_running_game_is_refused(client: TestClient) -> None:
    info = new_table(client)
    assert client.get(f"/api/tables/{info['table']}/record").status_code == 409
    assert client.get(f"/t/{info['table']}/replay").status_code == 409
    assert client.get("/api/tables/nope/record").status_code == 404


def _start(client: TestClient, info: dict[str, Any], ws_host: Any) -> None:
    hello(ws_host, host=info["host_token"])
    ws_host.receive_json()
    ws_host.send_json({"type": "host", "command": "start"})


def test_refused_actions_change_nothing(client: TestClient) -> None:
    info = new_table(client, [{"name": "Anna"}, {"name": "Ben"}])
    tid = info["table"]
    url = f"/ws/tables/{tid}"
    session = session_of(client, tid)
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        hello(a, token=info["tokens"][0])
        a.receive_json()
        a.send_json({"type": "act", "n": 0, "action": "throw"})
        err = a.receive_json()
        assert err["type"] == "error" and err["code"] == "not_started"
        with client.websocket_connect(url) as h:
            _start(client, info, h)
        state = read_until_human(a)
        actor = state["view"]["actor"]
        other = 1 - actor
        hello(b, token=info["tokens"][1])
        b.receive_json()
        ws_other = b if other == 1 else a
        before = list(session.game.actions), len(session.game.log)
        for bad in (
            {"type": "act", "n": state["n"], "action": "throw"},  # not his turn
            {"type": "act", "n": state["n"] + 5, "action": "throw"},  # stale
            {"type": "act", "n": state["n"], "action": "fly away"},
        ):
            ws_other.send_json(bad)
            while (m := ws_other.receive_json())["type"] != "error":
                pass
            assert m["de"] and m["en"]
        ws_actor = a if actor == 0 else b
        legal = legal_verbs(actor, session.game.view(actor).legal)
        illegal = next(v for v in ("stop", "blind", "turn 2", "einkaufen yes") if v not in legal)
        for bad in ("throw 6-6-6", "strafdeckel 1", "void", illegal):
            ws_actor.send_json({"type": "act", "n": state["n"], "action": bad})
            while (m := ws_actor.receive_json())["type"] != "error":
                pass
        assert (list(session.game.actions), len(session.game.log)) == before
        # the engine's own German message reaches the client
        assert m["code"] == "illegal" and m["de"] != m["en"]


def test_reconnect_gets_the_current_view(client: TestClient) -> None:
    info = new_table(client)
    tid = info["table"]
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as h:
        _start(client, info, h)
        state = read_until_human(h)
    actor = state["view"]["actor"]
    with client.websocket_connect(url) as ws:
        hello(ws, token=info["tokens"][actor])
        mine = read_until_human(ws)
        ws.send_json({"type": "act", "n": mine["n"], "action": mine["legal"][0]})
        after = ws.receive_json()
        assert after["n"] == mine["n"] + 1
    with client.websocket_connect(url) as ws:  # the same link again: same seat, same view
        welcome = hello(ws, token=info["tokens"][actor])
        assert welcome["seat"] == actor
        again = ws.receive_json()
        assert again["n"] >= after["n"] and again["seat"] == actor


def test_bad_tokens_and_host_only_commands(client: TestClient) -> None:
    info = new_table(client)
    url = f"/ws/tables/{info['table']}"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": "A" * 22})
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "hello", "host": info["tokens"][0]})
        assert ws.receive_json()["code"] == "bad_token"
        hello(ws, token=info["tokens"][0])
        ws.receive_json()
        ws.send_json({"type": "host", "command": "start"})
        assert ws.receive_json()["code"] == "not_host"
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "no_hint"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["type"] == "error"


def test_host_adds_removes_bots_replaces_pauses_and_ends(client: TestClient) -> None:
    info = new_table(client)
    tid = info["table"]
    url = f"/ws/tables/{tid}"
    session = session_of(client, tid)
    with client.websocket_connect(url) as h:
        hello(h, host=info["host_token"])
        h.receive_json()

        def cmd(**kw: Any) -> dict[str, Any]:
            h.send_json({"type": "host", **kw})
            m: dict[str, Any] = h.receive_json()
            return m

        def refused(**kw: Any) -> str:
            h.send_json({"type": "host", **kw})
            while (m := h.receive_json())["type"] != "error":
                pass
            return str(m["code"])

        assert cmd(command="add_bot", bot="random")["table"]["seats"][3]["bot"] == "random"
        assert cmd(command="add_bot", bot="nope")["code"] == "bad_bot"
        assert cmd(command="remove_bot", seat=0)["code"] == "not_a_bot"
        assert len(cmd(command="remove_bot", seat=3)["table"]["seats"]) == 3
        assert cmd(command="pause")["code"] == "not_started"
        cmd(command="start")
        assert refused(command="add_bot", bot="random") == "only_before_start"
        m = cmd(command="pause")
        while m["type"] != "state" or not m["table"]["paused"]:
            m = h.receive_json()
        n = len(session.game.actions)
        m = cmd(command="replace", seat=1, bot="heuristic")
        while m["type"] != "state" or m["table"]["seats"][1]["bot"] != "heuristic":
            m = h.receive_json()
        assert refused(command="replace", seat=1, bot="heuristic") == "is_a_bot"
        assert len(session.game.actions) == n  # paused: nobody moved
        m = cmd(command="resume")
        m = cmd(command="replace", seat=0, bot="heuristic")
        while not (m["type"] == "state" and m["table"]["over"]):
            m = h.receive_json()  # three bots play it out
        assert session.game.over
        cmd(command="end")
    stored = session.repo.load(tid)
    assert stored is not None and stored.ended and stored.seats[0].bot == "heuristic"


def test_restart_mid_game_restores_the_table_exactly(tmp_path: Path) -> None:
    db = str(tmp_path / "web.db")
    rng = random.Random(5)
    with make_client(db) as c:
        info = new_table(c)
        tid = info["table"]
        url = f"/ws/tables/{tid}"
        with c.websocket_connect(url) as h, c.websocket_connect(url) as a, \
                c.websocket_connect(url) as b:
            socks = {0: a, 1: b}
            _start(c, info, h)
            hello(a, token=info["tokens"][0])
            hello(b, token=info["tokens"][1])
            for _ in range(15):
                state = read_until_human(h)
                actor = state["view"]["actor"]
                mine = read_until_human(socks[actor], n=state["n"])
                socks[actor].send_json({"type": "act", "n": mine["n"],
                                        "action": rng.choice(mine["legal"])})
            state = read_until_human(h)
        before = session_of(c, tid)
        log, views = list(before.game.log), [before.game.view(s).to_dict() for s in (0, 1, 2, None)]
    with make_client(db) as c2:  # a new app on the same file
        with c2.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, token=info["tokens"][1])
            again = ws.receive_json()
        after = session_of(c2, tid)
        assert after.game.log == log
        assert [after.game.view(s).to_dict() for s in (0, 1, 2, None)] == views
        assert again["view"] == views[1] and after.started


def test_views_sent_equal_the_engines_own_view(client: TestClient) -> None:
    info = new_table(client)
    sinks: dict[int | None, list[dict[str, Any]]] = {}
    play_out(client, info, random.Random(3), sinks)
    session = session_of(client, info["table"])
    checked = 0
    for seat, msgs in sinks.items():
        for m in msgs:
            if m["type"] != "state":
                continue
            assert m["seat"] == seat
            assert set(m) == {"type", "n", "seat", "table", "view", "legal", "log", "story", "results"}
            assert m["view"] == game_at(session, m["n"]).view(seat).to_dict()
            checked += 1
    assert checked > 50


def test_pages_render_and_escape_names(client: TestClient) -> None:
    assert "Neuer Tisch" in client.get("/").text
    assert "New table" in client.get("/?lang=en").text
    r = client.post("/tables", data={"preset": "porz", "name0": "<b>x</b>", "kind0": "human",
                                     "name1": "Bo", "kind1": "random"})
    assert r.status_code == 200
    assert "<b>x</b>" not in r.text and "&lt;b&gt;x&lt;/b&gt;" in r.text
    assert "<svg" in r.text and "#seat=" in r.text and "#host=" in r.text
    r = client.post("/tables", data={"preset": "porz", "name0": "Solo", "kind0": "human"})
    assert r.status_code == 400 and "Schocken braucht 2 bis 12 Plätze, angegeben: 1" in r.text
    assert 'value="Solo"' in r.text  # the form keeps what was typed
    toml = b'extends = "porz"\nname = "Haus"\ndeckel = 0\n'
    r = client.post("/tables", data={"name0": "A", "name1": "B"},
                    files={"rules_file": ("haus.toml", toml, "text/plain")})
    assert r.status_code == 400 and "haus.toml" in r.text
    assert client.get("/t/nope").status_code == 404
    tid = new_table(client)["table"]
    page = client.get(f"/t/{tid}")
    assert page.status_code == 200 and "/static/table.js" in page.text
    assert client.get("/static/table.js").status_code == 200


def test_hint_gives_the_solvers_choices_for_the_seat_to_move(client: TestClient) -> None:
    info = new_table(client)
    url = f"/ws/tables/{info['table']}"
    with client.websocket_connect(url) as h:
        _start(client, info, h)
        state = read_until_human(h)
    actor = state["view"]["actor"]
    with client.websocket_connect(url) as ws:
        hello(ws, token=info["tokens"][actor], lang="en")
        mine = read_until_human(ws)
        ws.send_json({"type": "hint"})
        while (m := ws.receive_json())["type"] != "hints":
            assert m["type"] != "error", m
        assert m["n"] == mine["n"] and m["hints"]
        for x in m["hints"]:
            assert 0 <= x["p_not_lose"] <= 1 and x["expected_deckel"] >= 0 and x["text"]
