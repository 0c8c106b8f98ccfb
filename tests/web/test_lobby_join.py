"""Issue 23 item 3: one invite link for the whole table (the waiting room) over HTTP
and the websocket: free seats, new seats, every refusal changing nothing."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from fastapi.testclient import TestClient
from webhelp import hello, make_client, new_table, play_out, session_of, until

from schock.web.lobby import join
from schock.web.session import Refused


def _invite(info: dict[str, Any]) -> str:
    return str(info["invite_link"].split("#invite=")[1])


def _join(client: TestClient, info: dict[str, Any], **body: Any) -> Any:
    body.setdefault("invite", _invite(info))
    return client.post(f"/api/tables/{info['table']}/join", json=body)


def _seats(client: TestClient, info: dict[str, Any]) -> list[tuple[str, bool]]:
    seats = client.get(f"/api/tables/{info['table']}").json()["seats"]
    return [(s["name"], s["free"]) for s in seats]


def test_join_a_new_seat_and_play_it_by_the_personal_link(client: TestClient) -> None:
    info = new_table(client)
    page = client.get(f"/t/{info['table']}/join")
    assert page.status_code == 200 and "Mitspielen" in page.text and "/static/join.js" in page.text
    r = _join(client, info, name="  Lena ")
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["seat"] == 3 and got["name"] == "Lena"
    assert got["link"].endswith(f"/t/{info['table']}#seat={got['token']}")
    assert _seats(client, info)[3] == ("Lena", False)
    with client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        assert hello(ws, token=got["token"])["seat"] == 3
    stored = session_of(client, info["table"]).repo.load(info["table"])
    assert stored is not None and got["token"] not in repr(stored)  # only its hash is kept


def test_pick_a_free_seat_renames_it_and_the_old_link_dies(client: TestClient) -> None:
    info = new_table(client, [{"name": "Tom"}, {"name": "Platz 2"}])
    assert _seats(client, info) == [("Tom", True), ("Platz 2", True)]
    r = _join(client, info, seat=1, name="Lena", age="23")
    assert r.status_code == 201
    assert _seats(client, info) == [("Tom", True), ("Lena", False)]
    with client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        ws.send_json({"type": "hello", "token": info["tokens"][1]})
        assert ws.receive_json()["code"] == "bad_token"
    # picked with the name left empty: the seat keeps its name
    r = _join(client, info, seat=0, name="")
    assert r.status_code == 201 and r.json()["name"] == "Tom"
    assert [s.age for s in session_of(client, info["table"]).game.seats] == [None, 23]


def test_a_taken_seat_is_never_granted(client: TestClient) -> None:
    info = new_table(client, [{"name": "Tom"}, {"name": "Ana"}, {"name": "Bot", "bot": "random"}])
    # Tom opened his own link: his seat is taken (and stays so after a restart of the page)
    with client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        hello(ws, token=info["tokens"][0])
    assert _seats(client, info)[0] == ("Tom", False)
    before = _seats(client, info)
    for seat in (0, 2):
        r = _join(client, info, seat=seat, name="Mallory")
        assert r.status_code == 409 and r.json()["code"] == "seat_taken", r.text
        assert r.json()["de"].startswith(f"Platz {seat + 1} (")
    ok = _join(client, info, seat=1, name="Lena")
    assert ok.status_code == 201
    again = _join(client, info, seat=1, name="Mallory")
    assert again.status_code == 409 and again.json()["code"] == "seat_taken"
    assert _seats(client, info) == [before[0], ("Lena", False), before[2]]


def test_two_people_pick_the_same_free_seat_at_once(client: TestClient) -> None:
    info = new_table(client, [{"name": "Tom"}, {"name": "Platz 2"}])
    session = session_of(client, info["table"])

    async def both() -> list[Any]:
        return await asyncio.gather(join(session, _invite(info), 1, "Lena", None),
                                    join(session, _invite(info), 1, "Mia", None),
                                    return_exceptions=True)

    results = client.portal.call(both)  # type: ignore[union-attr]
    assert sum(isinstance(r, tuple) for r in results) == 1
    refused = [r for r in results if isinstance(r, Refused)]
    assert len(refused) == 1 and refused[0].key == "seat_taken"
    assert len(session.seats) == 2


def test_join_refusals_change_nothing(client: TestClient) -> None:
    info = new_table(client, preset="porz")
    before = _seats(client, info)
    cases = [
        ({"invite": "x" * 22, "name": "Lena"}, 403, "bad_invite"),
        ({"name": "Lena", "age": "alt"}, 400, "bad_age"),
        ({"name": "Lena", "age": 151}, 400, "bad_age"),
        ({"name": "anna"}, 409, "name_taken"),
        ({"seat": 1, "name": "Anna"}, 409, "seat_taken"),  # Ben's seat renamed to Anna? no
        ({"name": ""}, 400, "join_what"),
        ({"name": "Lena\x07"}, 400, "seat_name_bad"),
        ({"seat": 7, "name": "Lena"}, 400, "bad_seat"),
    ]
    # Ben's seat is free: picking it under Anna's name is refused as a name taken
    cases[4] = ({"seat": 1, "name": "Anna"}, 409, "name_taken")
    for body, status, code in cases:
        r = _join(client, info, **body)
        assert (r.status_code, r.json().get("code")) == (status, code), (body, r.text)
        assert r.json()["de"] != r.json()["en"]
    assert _join(client, info, invite="").status_code == 422
    assert client.post("/api/tables/nope/join", json={"invite": "abc"}).status_code == 404
    assert _seats(client, info) == before


def test_the_invite_stops_at_the_start_and_at_twelve_seats(client: TestClient) -> None:
    info = new_table(client)
    for i in range(9):
        assert _join(client, info, name=f"P{i}").status_code == 201
    r = _join(client, info, name="Thirteen")
    assert r.status_code == 409 and r.json()["code"] == "seats_full"
    with client.websocket_connect(f"/ws/tables/{info['table']}") as host:
        hello(host, host=info["host_token"])
        host.send_json({"type": "host", "command": "start"})
        while not host.receive_json().get("table", {}).get("started"):
            pass
    r = _join(client, info, seat=1, name="Late")
    assert r.status_code == 409 and r.json()["code"] == "game_running"
    assert "zwischen zwei Spielen" in r.json()["de"]
    page = client.get(f"/t/{info['table']}/join")
    assert 'data-open="no"' in page.text
    assert client.post("/api/tables/nope/invite", json={"host": "abc"}).status_code == 404
    assert client.get("/t/nope/join").status_code == 404


def test_twelve_seats_stop_late_comers_too(client: TestClient) -> None:
    seats = [{"name": f"B{i}", "bot": "random"} for i in range(11)] + [{"name": "Anna"}]
    info = new_table(client, seats)
    session = session_of(client, info["table"])
    session.game = game_over(session)
    r = _join(client, info, name="Thirteen")
    assert r.status_code == 409 and r.json()["code"] == "seats_full"


def test_host_gets_the_invite_again_moves_and_removes_people(client: TestClient) -> None:
    info = new_table(client)
    r = client.post(f"/api/tables/{info['table']}/invite", json={"host": info["tokens"][0]})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{info['table']}/invite", json={"host": info["host_token"]})
    assert r.json()["link"] == info["invite_link"] and r.json()["qr"].startswith("<svg")
    lena = _join(client, info, name="Lena").json()
    with client.websocket_connect(f"/ws/tables/{info['table']}") as host, \
            client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        hello(host, host=info["host_token"])
        hello(ws, token=lena["token"])
        host.send_json({"type": "host", "command": "move", "seat": 3, "to": 0})
        state = host.receive_json()
        while state.get("type") != "state" or state["table"]["seats"][0]["name"] != "Lena":
            state = host.receive_json()
        assert [s["name"] for s in state["table"]["seats"]] == ["Lena", "Anna", "Ben", "Bot"]
        host.send_json({"type": "host", "command": "move", "seat": 0, "to": 9})
        while (msg := host.receive_json())["type"] != "error":
            pass
        assert msg["code"] == "bad_move"
        ws.send_json({"type": "host", "command": "move", "seat": 0, "to": 1})
        while (msg := ws.receive_json())["type"] != "error":
            pass
        assert msg["code"] == "not_host"
        host.send_json({"type": "host", "command": "remove", "seat": 2})
        while True:
            state = host.receive_json()
            if state.get("type") == "state" and len(state["table"]["seats"]) == 3:
                break
        assert [s["name"] for s in state["table"]["seats"]] == ["Lena", "Anna", "Bot"]
    assert [s.name for s in session_of(client, info["table"]).game.seats] == ["Lena", "Anna", "Bot"]


def test_late_comers_join_between_games_and_sit_down_at_the_rematch(tmp_path: Any) -> None:
    db = str(tmp_path / "late.db")
    with make_client(db) as client:
        info = new_table(client)
        play_out(client, info, random.Random(5))
        # the game is over: the invite seats new people for the next game only
        r = _join(client, info, seat=0, name="Mallory")
        assert r.status_code == 400 and r.json()["code"] == "late_new_seat"
        r = _join(client, info, name="ben")
        assert r.status_code == 409 and r.json()["code"] == "name_taken"
        r = _join(client, info, name="")
        assert r.status_code == 400 and r.json()["code"] == "join_what"
        r = _join(client, info, name="Lena", age=23)
        assert r.status_code == 201 and r.json()["late"] is True and r.json()["seat"] == 3
        lena = r.json()
        state = client.get(f"/api/tables/{info['table']}").json()
        assert state["late"] == ["Lena"] and len(state["seats"]) == 3
        session = session_of(client, info["table"])
        assert len(session.game.seats) == 3 and session.game.over  # the last game untouched
    with make_client(db) as client:  # a restart keeps the late-comer
        assert client.get(f"/api/tables/{info['table']}").json()["late"] == ["Lena"]
        url = f"/ws/tables/{info['table']}"
        with client.websocket_connect(url) as host, client.websocket_connect(url) as ws:
            assert hello(ws, token=lena["token"])["seat"] is None  # watches until then
            hello(host, host=info["host_token"])
            host.send_json({"type": "host", "command": "rematch"})
            while (msg := ws.receive_json())["type"] != "welcome":
                pass
            assert msg["seat"] == 3  # seated by the rematch
        session = session_of(client, info["table"])
        assert [(s.name, s.age) for s in session.game.seats][3] == ("Lena", 23)
        assert session.late == [] and not session.game.over
        r = _join(client, info, name="Tim")
        assert r.status_code == 409 and r.json()["code"] == "game_running"
    with make_client(db) as client:
        state = client.get(f"/api/tables/{info['table']}").json()
        assert [s["name"] for s in state["seats"]] == ["Anna", "Ben", "Bot", "Lena"]
        assert state["late"] == []


def game_over(session: Any) -> Any:
    """The session's game played to its end by random legal moves (a test shortcut)."""
    rng = random.Random(1)
    session.started = True
    game = session.game
    while not game.over:
        game.apply(game.actor, rng.choice(game.legal_actions()))
    return game


def test_host_fills_in_ages_before_the_start_and_between_games(client: TestClient) -> None:
    info = new_table(client, [{"name": "Anna", "age": 30}, {"name": "Ben"},
                              {"name": "Bot", "bot": "random"}], preset="porz")
    session = session_of(client, info["table"])
    url = f"/ws/tables/{info['table']}"
    with client.websocket_connect(url) as host, client.websocket_connect(url) as ws:
        hello(host, host=info["host_token"])
        hello(ws, token=info["tokens"][1])
        host.send_json({"type": "host", "command": "age", "seat": 2, "age": 9})
        state = until(host, lambda m: m.get("type") == "state"
                       and m["table"]["seats"][2]["aged"])
        assert state["table"]["needs_ages"] is True
        assert "age" not in state["table"]["seats"][2]  # ages themselves are not broadcast
        assert [s.age for s in session.game.seats] == [30, None, 9]
        host.send_json({"type": "host", "command": "age", "seat": 1, "age": 151})
        assert until(host, lambda m: m["type"] == "error")["code"] == "bad_age"
        ws.send_json({"type": "host", "command": "age", "seat": 1, "age": 20})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "not_host"
        host.send_json({"type": "host", "command": "start"})
        until(host, lambda m: m.get("type") == "state" and m["table"]["started"])
        host.send_json({"type": "host", "command": "age", "seat": 1, "age": 20})
        assert until(host, lambda m: m["type"] == "error")["code"] == "game_running"
        session.game = game_over(session)
        host.send_json({"type": "host", "command": "age", "seat": 1, "age": 20})
        until(host, lambda m: m.get("type") == "state" and m["table"]["seats"][1]["aged"])
        assert session.game.over and session.game.seats[1].age is None  # the last game stays
        host.send_json({"type": "host", "command": "rematch"})
        until(host, lambda m: m.get("type") == "state" and not m["table"]["over"])
        assert [s.age for s in session.game.seats] == [30, 20, 9]


def test_a_host_role_handed_on_gets_its_own_invite_link(client: TestClient) -> None:
    info = new_table(client)
    with client.websocket_connect(f"/ws/tables/{info['table']}") as host:
        hello(host, host=info["host_token"])
        host.send_json({"type": "host", "command": "hand_host", "seat": 0})
        until(host, lambda m: m.get("type") == "welcome" and not m["host"])
    url = f"/api/tables/{info['table']}/invite"
    assert client.post(url, json={"host": info["host_token"]}).status_code == 403
    r = client.post(url, json={"host": info["tokens"][0]})  # Anna's seat link is the host's now
    assert r.status_code == 200 and r.json()["link"] != info["invite_link"]
    old = _join(client, info, name="Lena")
    assert old.status_code == 403 and old.json()["code"] == "bad_invite"
    new = _join(client, info, invite=r.json()["link"].split("#invite=")[1], name="Lena")
    assert new.status_code == 201
    assert client.post(url, json={"host": info["tokens"][0]}).json()["link"] == r.json()["link"]
