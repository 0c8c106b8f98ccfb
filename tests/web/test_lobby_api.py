"""Issue 23 (table lobby): the start page's refusals in the page's language with the
form kept, ages, the per-address limit counting only running tables, closing a table."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from webhelp import make_client, new_table, play_out, session_of

from schock.errors import InvalidInputError
from schock.rules import load_rules
from schock.store.tables import TableRow
from schock.web.keep import create_kept_game, load_kept_game
from schock.web.session import invite_token


def test_start_page_errors_are_german_first_and_keep_the_form(client: TestClient) -> None:
    form = {"preset": "porz", "name0": "Anna", "kind0": "human", "age0": "31",
            "name1": "anna", "kind1": "human", "name2": "Kai", "kind2": "random"}
    r = client.post("/tables", data=form)
    assert r.status_code == 400
    assert "Die Namen müssen verschieden sein" in r.text and "&#39;anna&#39; kommt doppelt vor" in r.text
    # everything typed is still there: names, ages, the kinds and the preset chosen
    for value in ('value="Anna"', 'value="anna"', 'value="Kai"', 'value="31"'):
        assert value in r.text
    assert '<option value="porz" selected>' in r.text
    assert '<option value="random" selected>Bot: random</option>' in r.text
    r = client.post("/tables?lang=en", data=form)
    assert r.status_code == 400 and "seat names must differ (ignoring case)" in r.text
    r = client.post("/tables", data={**form, "name1": "Ben", "age1": "zwölf"})
    assert r.status_code == 400 and "Alter &#39;zwölf&#39;: erlaubt ist eine ganze Zahl" in r.text
    r = client.post("/tables", data={**form, "name1": "Ben", "age1": "151"})
    assert r.status_code == 400 and "Alter &#39;151&#39;" in r.text
    r = client.post("/tables", data={**form, "name1": "Ben", "kind2": "nosuchbot"})
    assert r.status_code == 400 and "Unbekannter Bot &#39;nosuchbot&#39;" in r.text
    r = client.post("/tables", data={**form, "name1": "Ben"},
                    files={"rules_file": ("big.toml", b"#" * 20_001, "text/plain")})
    assert r.status_code == 400 and "big.toml: größer als 20000 Bytes" in r.text
    toml = b"\xff\xfe"
    r = client.post("/tables", data={**form, "name1": "Ben"},
                    files={"rules_file": ("haus.toml", toml, "text/plain")})
    assert r.status_code == 400 and "haus.toml: keine UTF-8-Textdatei" in r.text
    # nothing was stored by any refusal
    assert client.app.state.tables.live == {}  # type: ignore[attr-defined]


def test_ages_reach_the_engine_and_survive_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "w.db")
    with make_client(db) as c:
        r = c.post("/tables", data={"preset": "porz", "name0": "Anna", "age0": "31",
                                    "name1": "Ben", "age1": " 29 ", "name2": "Bot",
                                    "kind2": "heuristic", "age2": "7"})
        assert r.status_code == 200 and "invite=" in r.text
        tid = next(iter(c.app.state.tables.live))  # type: ignore[attr-defined]
        game = session_of(c, tid).game
        # a bot's row has no age (the age field of a bot row is ignored)
        assert [(s.name, s.age) for s in game.seats] == [("Anna", 31), ("Ben", 29), ("Bot", None)]
    with make_client(db) as c:
        r = c.get(f"/api/tables/{tid}")
        assert r.json()["needs_ages"] is True
        assert [s.age for s in session_of(c, tid).game.seats] == [31, 29, None]


def test_api_ages_are_checked(client: TestClient) -> None:
    seats = [{"name": "A", "age": 200}, {"name": "B"}]
    r = client.post("/api/tables", json={"preset": "porz", "seats": seats})
    assert r.status_code == 400 and r.json()["code"] == "bad_age"
    assert r.json()["de"].startswith("Alter '200'")
    r = client.post("/api/tables", json={"preset": "porz", "seats": [{"name": "A", "age": "x"},
                                                                      {"name": "B"}]})
    assert r.status_code == 422
    r = client.post("/api/tables", json={"seats": [{"name": "A"}, {"name": " a "}]})
    assert r.status_code == 400 and r.json()["code"] == "seat_names_differ"
    info = new_table(client, [{"name": "A", "age": 40}, {"name": "B", "age": 0}], preset="porz")
    assert [s.age for s in session_of(client, info["table"]).game.seats] == [40, 0]
    assert info["invite_link"].endswith(
        f"/t/{info['table']}/join#invite={invite_token(info['host_token'], info['table'])}")


def test_only_running_tables_count_toward_the_limit(tmp_path: Path) -> None:
    with make_client(str(tmp_path / "w.db"), max_tables_per_host=2) as c:
        first = new_table(c)
        second = new_table(c)
        r = c.post("/api/tables", json={"seats": [{"name": "A"}, {"name": "B"}]})
        assert r.status_code == 429 and r.json()["code"] == "too_many_tables"
        assert "Meine Tische" in r.json()["de"]
        form = c.post("/tables", data={"preset": "mosel", "name0": "A", "name1": "B"})
        assert form.status_code == 429 and "Meine Tische" in form.text
        # a finished game no longer counts ...
        play_out(c, first, random.Random(3))
        assert c.app.state.tables.repo.load(first["table"]).finished  # type: ignore[attr-defined]
        third = new_table(c)
        assert c.post("/api/tables", json={"seats": [{"name": "A"}, {"name": "B"}]}
                      ).status_code == 429
        # ... nor one its host closed (only the host may)
        r = c.post(f"/api/tables/{second['table']}/close", json={"host": first["host_token"]})
        assert r.status_code == 403 and r.json()["code"] == "not_host"
        r = c.post(f"/api/tables/{second['table']}/close", json={"host": second["host_token"]})
        assert r.status_code == 200 and r.json()["ended"] is True
        new_table(c)
        assert c.post("/api/tables", json={"seats": [{"name": "A"}, {"name": "B"}]}
                      ).status_code == 429
        assert third["table"] != second["table"]
        assert c.post("/api/tables/nope/close", json={"host": "x"}).status_code == 404


def test_tables_older_than_a_day_stop_counting(tmp_path: Path) -> None:
    with make_client(str(tmp_path / "w.db"), max_tables_per_host=1) as c:
        old = new_table(c)
        assert c.post("/api/tables", json={"seats": [{"name": "A"}, {"name": "B"}]}
                      ).status_code == 429
        db = c.app.state.tables.repo.db  # type: ignore[attr-defined]
        with db.session() as s:
            row = s.get(TableRow, old["table"])
            row.created = datetime.now(UTC).replace(tzinfo=None) - timedelta(hours=25)
        new_table(c)  # the abandoned table of yesterday counts no longer


def test_public_state_of_a_table(client: TestClient) -> None:
    info = new_table(client)
    r = client.get(f"/api/tables/{info['table']}")
    body = r.json()
    assert body["started"] is False and body["over"] is False and body["ended"] is False
    assert [s["name"] for s in body["seats"]] == ["Anna", "Ben", "Bot"]
    assert "token" not in r.text and info["tokens"][0] not in r.text
    r = client.get("/api/tables/nope")
    assert r.status_code == 404 and r.json()["de"] == "Kein solcher Tisch"


def _keep(client: TestClient, ages: list[str]) -> tuple[int, str]:
    form = {"preset": "porz", "name0": "Anna", "name1": "Ben", "name2": "Cem"}
    form.update({f"age{i}": a for i, a in enumerate(ages)})
    r = client.post("/keep", data=form, follow_redirects=False)
    return r.status_code, r.headers.get("location", r.text)


def test_keep_asks_ages_and_the_youngest_loses_the_opening_tie(client: TestClient) -> None:
    page = client.get("/keep").text
    assert 'data-aged="porz"' in page and 'name="age0"' in page and "der Jüngste" in page
    status, where = _keep(client, ["31", "29", "40"])
    assert status == 303
    gid = where.split("/keep/")[1]
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    assert [(s.name, s.age) for s in load_kept_game(db, gid).seats] == [
        ("Anna", 31), ("Ben", 29), ("Cem", 40)]
    # Anna and Ben tie for the worst throw of the opening round: Ben, the younger, loses it
    for n, entry in enumerate(("0 result 2-3-5 1", "1 result 2-3-5 1", "2 result 6-6-1 1")):
        r = client.post(f"/api/keep/{gid}/entries", json={"n": n, "entry": entry})
        assert r.status_code == 201, r.text
    state = r.json()
    assert state["expecting"]["kind"] == "result" and state["deckel"][1] == 1
    # without ages the same tie is rolled off
    status, where = _keep(client, ["", "", ""])
    gid = where.split("/keep/")[1]
    for n, entry in enumerate(("0 result 2-3-5 1", "1 result 2-3-5 1", "2 result 6-6-1 1")):
        r = client.post(f"/api/keep/{gid}/entries", json={"n": n, "entry": entry})
    assert r.json()["expecting"]["kind"] == "roll_off"


def test_keep_refuses_a_bad_age_in_the_pages_language(client: TestClient) -> None:
    status, text = _keep(client, ["31", "alt"])
    assert status == 400 and "Alter &#39;alt&#39;: erlaubt ist eine ganze Zahl von 0 bis 150" in text
    r = client.post("/keep?lang=en", data={"preset": "porz", "name0": "A", "name1": "B",
                                           "age1": "-3"})
    assert r.status_code == 400 and "age &#39;-3&#39;: allowed is a whole number" in r.text
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    with pytest.raises(InvalidInputError, match="ages: expected one per name"):
        create_kept_game(db, load_rules("porz"), ["A", "B"], ages=[3])
