"""The scorekeeping pages and API: stored, double entries refused, restart-safe."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from schock.engine.record import from_json, replay
from schock.keep import Result
from schock.web import Settings, create_app
from schock.web.keep import Stale, add_entry, create_kept_game, load_kept_game, undo_entry


def make(db: str) -> TestClient:
    return TestClient(create_app(Settings(db=db, bot_delay=0)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make(str(tmp_path / "k.db")) as c:
        yield c


def start(client: TestClient, preset: str = "porz", starter: str = "1") -> str:
    r = client.post(
        "/keep",
        data={"preset": preset, "name0": "Anna", "name1": "Ben", "starter": starter},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    return r.headers["location"].split("/keep/")[1].split("?")[0]


def enter(client: TestClient, gid: str, n: int, **form: str) -> tuple[int, str]:
    r = client.post(f"/keep/{gid}/entry", data={"n": str(n), **form}, follow_redirects=True)
    return r.status_code, r.text


def test_keep_a_game_through_the_pages_and_download_the_record(client: TestClient) -> None:
    assert "Ein Spiel am Tisch anschreiben" in client.get("/keep").text
    gid = start(client)
    page = client.get(f"/keep/{gid}").text
    assert "Anna: Ergebnis" in page and 'name="d0"' in page
    code, page = enter(
        client, gid, 0, kind="result", d0="1", d1="1", d2="4", k0="1", k1="1", throws="2"
    )
    assert code == 200 and "Ben: Ergebnis" in page
    code, page = enter(client, gid, 1, kind="result", d0="4", d1="5", d2="6", throws="3")
    assert code == 409 and "höchstens 2-mal" in page and "Regeln: Ein Zug, 1." in page
    code, page = enter(client, gid, 1, kind="result", d0="4", d1="5", d2="6", throws="2")
    assert code == 200 and 'data-testid="deckel1">4<' in page
    assert client.get(f"/keep/{gid}/record.json").status_code == 409
    enter(client, gid, 2, kind="result", d0="1", d1="1", d2="1", throws="1")
    code, page = enter(client, gid, 3, kind="result", d0="2", d1="3", d2="5", throws="1")
    assert "Anna hat das Spiel verloren" in page
    r = client.get(f"/keep/{gid}/record.json")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    game = replay(from_json(r.json()))
    assert game.loser == 0


def test_the_same_entry_from_two_phones_counts_once(client: TestClient) -> None:
    gid = start(client)
    form = dict(kind="result", d0="2", d1="3", d2="5", throws="1")
    assert enter(client, gid, 0, **form)[0] == 200
    code, page = enter(client, gid, 0, **form)
    assert code == 409 and "nichts wurde doppelt gezählt" in page
    assert len(load_kept_game(client.app.state.tables.repo.db, gid).entries) == 1  # type: ignore[attr-defined]


def test_undo_and_a_restart_lose_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "k.db")
    with make(db) as c:
        gid = start(c)
        enter(c, gid, 0, kind="result", d0="2", d1="3", d2="5", throws="1")
        enter(c, gid, 1, kind="result", d0="1", d1="1", d2="6", throws="1")
        enter(c, gid, 2, kind="straf", seat="1", items="2")
        code, _ = enter(c, gid, 3, kind="undo")
        assert code == 200
    with make(db) as c:  # a new server on the same database
        st = c.get(f"/api/keep/{gid}").json()
        assert st["deckel"] == [6, 0] and st["entries"] == 2 and st["stock"] == 7


def test_api_entries_refusals_and_stale(client: TestClient) -> None:
    r = client.post("/api/keep", json={"preset": "mosel", "names": ["Anna", "Ben"], "starter": 0})
    assert r.status_code == 201
    gid = r.json()["id"]
    r = client.post(f"/api/keep/{gid}/entries", json={"n": 0, "entry": "0 result 1-1-4 2 kept 1-1"})
    assert r.status_code == 201 and r.json()["pending"] == 1
    r = client.post(f"/api/keep/{gid}/entries", json={"n": 1, "entry": "1 result 2-3-5 3"})
    assert (
        r.status_code == 409 and r.json()["rule"] == "docs/rules.md, A turn 1: the round's throw limit"
    )
    assert "Regeln" in r.json()["de"]
    r = client.post(f"/api/keep/{gid}/entries", json={"n": 0, "entry": "1 result 2-3-5 1"})
    assert r.status_code == 409 and r.json()["stale"] and r.json()["n"] == 1
    r = client.post(f"/api/keep/{gid}/entries", json={"n": 1, "entry": "1 result 2-3-5 1"})
    assert r.status_code == 201 and r.json()["deckel"] == [0, 4]
    r = client.post(f"/api/keep/{gid}/entries", json={"n": 2, "undo": True})
    assert r.status_code == 201 and r.json()["deckel"] == [0, 0]


@pytest.mark.parametrize(
    "body",
    [
        [],
        {"preset": "nowhere", "names": ["A", "B"]},
        {"names": ["A"]},
        {"names": ["A", "a"]},
        {"names": "AB"},
        {"names": ["A", "B"], "starter": 5},
    ],
)
def test_api_create_refuses_bad_input(client: TestClient, body: object) -> None:
    r = client.post("/api/keep", content=json.dumps(body))
    assert r.status_code == 400 and r.json()["error"]


@pytest.mark.parametrize(
    "form",
    [
        {"kind": "result", "d0": "7", "d1": "1", "d2": "1", "throws": "1"},
        {"kind": "result", "d0": "1", "d1": "1", "throws": "1"},
        {"kind": "nonsense"},
        {"kind": "straf", "seat": "9", "items": "1"},
        {"kind": "action", "action": "jump"},
    ],
)
def test_bad_forms_are_refused_and_change_nothing(client: TestClient, form: dict[str, str]) -> None:
    gid = start(client)
    code, page = enter(client, gid, 0, **form)
    assert code == 400 and 'role="alert"' in page
    assert client.get(f"/api/keep/{gid}").json()["entries"] == 0


def test_unknown_games_and_bad_start_forms(client: TestClient) -> None:
    assert client.get("/keep/nosuchgame123456").status_code == 404
    assert client.get("/api/keep/x").status_code == 404
    r = client.post("/keep", data={"preset": "porz", "name0": "Anna"})
    assert r.status_code == 400 and "2 to 12" in r.text


def test_python_api_for_other_pages(client: TestClient) -> None:
    from schock import load_rules

    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    gid = create_kept_game(db, load_rules("porz"), ["Anna", "Ben"], starter=0)
    add_entry(db, gid, 0, 0, Result((2, 3, 5), 1))
    with pytest.raises(Stale):
        add_entry(db, gid, 0, 1, Result((2, 3, 5), 1))
    k = undo_entry(db, gid, 1)
    assert k.entries == []
