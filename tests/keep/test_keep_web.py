"""The scorekeeping pages and API: stored, double entries refused, restart-safe."""

from __future__ import annotations

import html
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
    ("body", "why"),
    [
        (b"[" * 100_000, "nested too deeply"),
        (b'{"names": ["A", "B"], "starter": ' + b"1" * 5000 + b"}", "5000 digits"),
        (b'{"names": ["A", "B"], "n": NaN}', "NaN"),
        (b"\xff{}", "not UTF-8"),
        (b"{names", "expected a JSON object"),
    ],
)
def test_api_refuses_a_body_that_is_no_json_object(client: TestClient, body: bytes, why: str) -> None:
    """Read as JSON from outside is read: a body nested deep enough to exhaust the stack
    was a 500 before, now a 400 that says why, on both calls that take a body."""
    gid = client.post("/api/keep", json={"names": ["Anna", "Ben"], "starter": 0}).json()["id"]
    for url in ("/api/keep", f"/api/keep/{gid}/entries"):
        r = client.post(url, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and why in r.json()["error"], (url, r.text)
    assert client.get(f"/api/keep/{gid}").json()["entries"] == 0  # nothing changed


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
    r = client.get("/keep/nosuchgame123456")
    assert r.status_code == 404 and "Dieses Spiel gibt es nicht" in html.unescape(r.text)
    assert "no such kept game" in client.get("/keep/nosuchgame123456?lang=en").text
    assert client.get("/api/keep/x").status_code == 404
    assert client.post("/keep/nosuchgame123456/entry", data={"n": "0"}).status_code == 404


@pytest.mark.parametrize(
    ("form", "de", "en"),
    [
        ({"name0": "Anna"}, "Schocken braucht 2 bis 12 Plätze, angegeben: 1",
         "Schocken needs 2 to 12 seats, got 1"),
        ({"name0": "Anna", "name1": "anna"}, "Die Namen müssen verschieden sein",
         "seat names must differ"),
        ({"name0": "Anna", "name1": "B" * 30}, "erlaubt sind 1 bis 24 druckbare Zeichen",
         "allowed are 1 to 24 printable characters"),
        ({"name0": "Anna", "name1": "Ben", "age1": "alt"}, "Alter 'alt': erlaubt ist eine ganze Zahl",
         "age 'alt': allowed is a whole number"),
        ({"name0": "Anna", "name1": "Ben", "starter": "5"}, "Wer beginnt: '5'; erlaubt: eine ganze Zahl von 1 bis 2",
         "who starts: '5'; allowed: a whole number 1 to 2"),
        ({"name0": "Anna", "name1": "Ben", "preset": "skat"}, "preset 'skat'", "preset 'skat'"),
    ],
)
def test_start_refusals_in_the_pages_language_with_the_form_kept(
    client: TestClient, form: dict[str, str], de: str, en: str
) -> None:
    data = {"preset": "mosel", **form}
    for lang, message in (("de", de), ("en", en)):
        r = client.post("/keep" + ("?lang=en" if lang == "en" else ""), data=data)
        page = html.unescape(r.text)
        assert r.status_code == 400 and message in page, page[-3000:]
        for key, value in form.items():
            if key.startswith(("name", "age")):
                assert f'value="{value}"' in page, key
        if data["preset"] == "mosel":
            assert '<option value="mosel" selected>' in page
        if "starter" in form:
            assert '<option value="5" selected>' in page


def test_a_rules_file_that_is_not_text_is_refused_in_german(client: TestClient) -> None:
    r = client.post("/keep", data={"name0": "Anna", "name1": "Ben"},
                    files={"rules_file": ("h.toml", b"\xff\xfe", "text/plain")})
    assert r.status_code == 400 and "h.toml: kein UTF-8-Text" in html.unescape(r.text)
    r = client.post("/keep", data={"name0": "Anna", "name1": "Ben"},
                    files={"rules_file": ("h.toml", b"x = [", "text/plain")})
    assert r.status_code == 400 and "h.toml" in r.text
    r = client.post("/keep?lang=en", data={"name0": "Anna", "name1": "Ben"},
                    files={"rules_file": ("big.toml", b"#" * 20_001, "text/plain")})
    assert r.status_code == 400 and "big.toml: larger than 20000 bytes" in html.unescape(r.text)


@pytest.mark.parametrize(
    ("form", "de", "en"),
    [
        ({"kind": "result", "d0": "7", "d1": "1", "d2": "1", "throws": "1"},
         "Würfel 1: '7'; erlaubt: eine ganze Zahl von 1 bis 6", "die 1: '7'; allowed: a whole number 1 to 6"),
        ({"kind": "result", "d0": "1", "d1": "1", "throws": "1"}, "Würfel 3: ''", "die 3: ''"),
        ({"kind": "nonsense"}, "Art: 'nonsense'", "kind: 'nonsense'"),
        ({"kind": "straf", "seat": "9", "items": "1"}, "Platz: '9'; erlaubt: eine ganze Zahl von 0 bis 1",
         "seat: '9'; allowed: a whole number 0 to 1"),
        ({"kind": "action", "action": "jump"}, "unbekannter Schritt 'jump'; erlaubt: wurf 1-1-4",
         "unknown step 'jump'; allowed: wurf 1-1-4"),
        ({"kind": "result", "d0": "1", "d1": "1", "d2": "4", "throws": "2", "claim": "x"},
         "Ansage: 'x'; erlaubt:", "claim: 'x'; allowed:"),
        ({"kind": "einkaufen", "join": "vielleicht"}, "Einkaufen: 'vielleicht'; erlaubt: kauft ein",
         "Einkaufen: 'vielleicht'; allowed: buys in"),
    ],
)
def test_entry_refusals_in_both_languages(client: TestClient, form: dict[str, str], de: str,
                                          en: str) -> None:
    gid = start(client)
    code, page = enter(client, gid, 0, **form)
    assert code == 400 and de in html.unescape(page), html.unescape(page)[:3000]
    r = client.post(f"/keep/{gid}/entry?lang=en", data={"n": "0", **form})
    assert r.status_code == 400 and en in html.unescape(r.text)
    assert client.get(f"/api/keep/{gid}").json()["entries"] == 0


def test_a_refused_result_keeps_what_was_tapped(client: TestClient) -> None:
    gid = start(client)
    enter(client, gid, 0, kind="result", d0="1", d1="1", d2="4", k0="1", k1="1", throws="2")
    code, page = enter(client, gid, 1, kind="result", d0="4", d1="5", d2="6", throws="3", k2="1")
    assert code == 409 and "höchstens 2-mal" in page
    for i, face in enumerate("456"):
        assert f'data-testid="d{i}-{face}" checked' in page
    assert 'value="3" checked data-testid="t3"' in page and 'data-testid="k2" checked' in page
    assert 'data-testid="k0" checked' not in page
    assert "Höchstens 2 Würfe" in page  # the round's limit, in words


def test_the_step_field_takes_the_terminals_german_words(client: TestClient) -> None:
    gid = start(client)
    for n, step in enumerate(["wurf 1-1-4", "heben", "raus 1-1", "wurf 5", "steht"]):
        code, page = enter(client, gid, n, kind="action", action=step)
        assert code == 200 and 'role="alert"' not in page, (step, page)
    state = client.get(f"/api/keep/{gid}").json()
    assert state["entries"] == 5 and state["expecting"] == {"kind": "result", "seat": 1}
    code, page = enter(client, gid, 5, kind="action", action="werfen 4-5-6")
    assert code == 200 and "Ben: " in page and "wurf 4, raus 1" in page
    code, page = enter(client, gid, 6, kind="action", action="zurück 7")
    assert code == 400 and 'value="zurück 7"' in page  # the form keeps what was typed


def test_python_api_for_other_pages(client: TestClient) -> None:
    from schock import load_rules

    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    gid = create_kept_game(db, load_rules("porz"), ["Anna", "Ben"], starter=0)
    add_entry(db, gid, 0, 0, Result((2, 3, 5), 1))
    with pytest.raises(Stale):
        add_entry(db, gid, 0, 1, Result((2, 3, 5), 1))
    k = undo_entry(db, gid, 1)
    assert k.entries == []
