"""Issue 23 items 2, 4, 5, 12 over the websocket: rematch (host or vote), the evening's
Striche, kept records of finished and ended games (no seed, no die to come), the host
role handed on, a replaced person given the seat back; all of it survives a restart."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from webhelp import hello, make_client, new_table, play_out, read_until_human, session_of, until

from schock.engine.record import loads, replay


def _error(ws: Any) -> str:
    return str(until(ws, lambda m: m["type"] == "error")["code"])


def test_rematch_striche_records_and_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "w.db")
    with make_client(db) as c:
        info = new_table(c)
        tid, url = info["table"], f"/ws/tables/{info['table']}"
        first = play_out(c, info, random.Random(4))
        loser = first["view"]["loser"]
        names = first["view"]["names"]
        session = session_of(c, tid)
        assert [(g.number, g.loser, g.ended) for g in session.games] == [(1, names[loser], False)]
        with c.websocket_connect(url) as h, c.websocket_connect(url) as a:
            hello(h, host=info["host_token"])
            hello(a, token=info["tokens"][0])
            m = until(a, lambda m: m["type"] == "state")
            assert m["table"]["striche"] == {names[loser]: 1} and m["table"]["game"] == 1
            h.send_json({"type": "rematch"})  # the host's own vote starts it at once
            m = until(a, lambda m: m["type"] == "state" and m["table"]["game"] == 2)
            assert m["table"]["started"] and not m["table"]["over"] and m["n"] >= 0
            assert session.game.starter == loser  # the loser begins (RULES.md, Who starts)
            # a second rematch is refused while game 2 runs
            a.send_json({"type": "rematch"})
            assert _error(a) == "not_over"
            state = read_until_human(h)
            # game 2 is ended before its end: asked for, kept, its record tells no die to come
            h.send_json({"type": "host", "command": "end"})
            until(h, lambda m: m["type"] == "state" and m["table"]["ended"])
            thrown = list(session.game.dice.describe()["values"])  # type: ignore[attr-defined]
        assert state["n"] > 0
        r1 = c.get(f"/api/tables/{tid}/record?game=1")
        assert r1.status_code == 200 and replay(loads(r1.text)).loser == loser
        r2 = c.get(f"/api/tables/{tid}/record")  # the latest kept game
        data = json.loads(r2.text)
        assert r2.status_code == 200 and "result" not in data
        assert data["dice"] == {"source": "scripted", "values": thrown}
        assert session.seed is None  # no seed anywhere: the dice are the OS generator's
        g2 = replay(loads(r2.text))
        assert not g2.over and g2.starter == loser
        page = c.get(f"/t/{tid}/replay?game=2")
        assert page.status_code == 200 and "Spiel 2" in page.text and "Spiel 1" in page.text
        assert c.get(f"/t/{tid}/replay?game=1&lang=en").status_code == 200
        for bad in ("3", "x", "-1"):
            r = c.get(f"/api/tables/{tid}/record?game={bad}")
            assert r.status_code == 404 and "1, 2" in r.json()["de"], bad
            assert c.get(f"/t/{tid}/replay?game={bad}").status_code == 404
    with make_client(db) as c2:  # a restarted server: the games and the Striche are back
        with c2.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws)
            m = until(ws, lambda m: m["type"] == "state")
        assert m["table"]["striche"] == {names[loser]: 1} and m["table"]["game"] == 2
        assert [g["number"] for g in m["table"]["games"]] == [1, 2]
        assert m["table"]["ended"]
        assert c2.get(f"/api/tables/{tid}/record?game=2").text == r2.text
        # after an ended game the host may start the next one too
        with c2.websocket_connect(f"/ws/tables/{tid}") as h:
            hello(h, host=info["host_token"])
            h.send_json({"type": "host", "command": "rematch"})
            m = until(h, lambda m: m["type"] == "state" and m["table"]["game"] == 3)
            assert not m["table"]["ended"] and m["table"]["started"]
        assert session_of(c2, tid).game.starter is None  # nobody lost game 2


def test_a_rematch_by_vote_of_the_players(client: TestClient) -> None:
    info = new_table(client)
    url = f"/ws/tables/{info['table']}"
    with client.websocket_connect(url) as a:
        hello(a, token=info["tokens"][0])
        a.send_json({"type": "rematch"})
        assert _error(a) == "not_over"
    assert client.get(f"/api/tables/{info['table']}/record?game=1").status_code == 404
    play_out(client, info, random.Random(8))
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b, \
            client.websocket_connect(url) as spec:
        hello(a, token=info["tokens"][0])
        hello(b, token=info["tokens"][1])
        hello(spec)
        spec.send_json({"type": "rematch"})
        assert _error(spec) == "spectator"
        a.send_json({"type": "rematch"})
        m = until(b, lambda m: m["type"] == "state" and m["table"]["votes"] == [0])
        assert m["table"]["game"] == 1
        a.send_json({"type": "rematch"})  # twice counts once
        b.send_json({"type": "rematch"})  # the bot agrees: everybody has voted
        m = until(spec, lambda m: m["type"] == "state" and m["table"]["game"] == 2)
        assert m["table"]["votes"] == [] and m["table"]["started"]


def test_the_host_role_is_handed_to_a_player(client: TestClient) -> None:
    info = new_table(client)
    url = f"/ws/tables/{info['table']}"
    session = session_of(client, info["table"])
    with client.websocket_connect(url) as h, client.websocket_connect(url) as b, \
            client.websocket_connect(url) as both:
        assert hello(h, host=info["host_token"])["host"] is True
        assert hello(b, token=info["tokens"][1])["host"] is False
        # the host playing from his own seat in one tab: seat and host token together
        w = hello(both, token=info["tokens"][0], host=info["host_token"])
        assert (w["seat"], w["host"]) == (0, True)
        h.send_json({"type": "host", "command": "hand_host", "seat": 2})  # a bot
        assert _error(h) == "no_person"
        h.send_json({"type": "host", "command": "hand_host", "seat": 1})
        assert until(b, lambda m: m["type"] == "welcome")["host"] is True
        assert until(h, lambda m: m["type"] == "welcome")["host"] is False
        w = until(both, lambda m: m["type"] == "welcome")
        assert (w["seat"], w["host"]) == (0, False)
        h.send_json({"type": "host", "command": "start"})
        assert _error(h) == "not_host"
        b.send_json({"type": "host", "command": "start"})
        until(b, lambda m: m["type"] == "state" and m["table"]["started"])
    stored = session.repo.load(info["table"])
    assert stored is not None and stored.host_hash == session.seats[1].token_hash


def test_a_replaced_person_gets_the_seat_back(client: TestClient) -> None:
    info = new_table(client, [{"name": "Anna"}, {"name": "Ben"}])
    url = f"/ws/tables/{info['table']}"
    session = session_of(client, info["table"])
    with client.websocket_connect(url) as h, client.websocket_connect(url) as a:
        hello(h, host=info["host_token"])
        hello(a, token=info["tokens"][0])
        h.send_json({"type": "host", "command": "give_back", "seat": 0})
        assert _error(h) == "not_replaced"
        h.send_json({"type": "host", "command": "start"})
        h.send_json({"type": "host", "command": "pause"})
        until(h, lambda m: m["type"] == "state" and m["table"]["paused"])
        h.send_json({"type": "host", "command": "replace", "seat": 0, "bot": "random"})
        assert until(a, lambda m: m["type"] == "welcome")["seat"] is None
        h.send_json({"type": "host", "command": "give_back", "seat": 0})
        assert until(a, lambda m: m["type"] == "welcome")["seat"] == 0
        m = until(a, lambda m: m["type"] == "state" and m["seat"] == 0)
        assert m["table"]["seats"][0]["bot"] is None and 0 not in session.bots
        h.send_json({"type": "host", "command": "resume"})
        # Anna decides again herself: whenever it is her turn she has her buttons
        m = until(a, lambda m: m["type"] == "state" and m["legal"])
        n = m["n"]
        a.send_json({"type": "act", "n": n, "action": m["legal"][0]})
        until(a, lambda m: m["type"] == "state" and m["n"] > n)
        assert session.game.actions[n][0] == 0
    stored = session.repo.load(info["table"])
    assert stored is not None and stored.seats[0].bot is None


def test_the_turn_clock_lets_a_bot_decide_once_after_its_time(client: TestClient) -> None:
    """Item 14: the host's turn clock, read from an injected clock (no sleeping)."""
    info = new_table(client, [{"name": "Anna"}, {"name": "Ben"}], preset="mosel")
    url = f"/ws/tables/{info['table']}"
    session = session_of(client, info["table"])
    now = [1000.0]
    session.now = lambda: now[0]
    with client.websocket_connect(url) as h:
        hello(h, host=info["host_token"])
        h.send_json({"type": "host", "command": "clock", "nudge": 30, "takeover": 10})
        assert _error(h) == "bad_clock"
        h.send_json({"type": "host", "command": "clock", "nudge": 0})
        assert _error(h) == "malformed"
        h.send_json({"type": "host", "command": "clock", "nudge": 10, "takeover": 30})
        m = until(h, lambda m: m["type"] == "state" and m["table"]["clock"]["nudge"] == 10)
        assert m["table"]["clock"] == {"nudge": 10, "takeover": 30, "waited": None}
        h.send_json({"type": "host", "command": "bot_once"})
        assert _error(h) == "no_takeover"  # not started: nobody is to decide
        h.send_json({"type": "host", "command": "start"})
        m = read_until_human(h)
        n, actor = m["n"], m["view"]["actor"]
        assert m["table"]["clock"]["waited"] == 0
        now[0] += 29.5
        h.send_json({"type": "host", "command": "bot_once"})
        err = until(h, lambda m: m["type"] == "error")
        assert err["code"] == "too_early" and "1 s" in err["de"]
        assert len(session.game.actions) == n
        now[0] += 0.5
        h.send_json({"type": "host", "command": "bot_once"})
        m = until(h, lambda m: m["type"] == "state" and m["n"] > n)
        assert session.game.actions[n][0] == actor  # the bot decided for the person, once
        assert session.seats[actor].bot is None
        if m["table"]["step"] == "human":
            assert m["table"]["clock"]["waited"] == 0  # the next decision has its own time
        h.send_json({"type": "host", "command": "pause"})
        until(h, lambda m: m["type"] == "state" and m["table"]["paused"])
        now[0] += 100
        h.send_json({"type": "host", "command": "bot_once"})
        assert _error(h) == "no_takeover"
    stored = session.repo.load(info["table"])
    assert stored is not None and stored.clock == (10, 30)
