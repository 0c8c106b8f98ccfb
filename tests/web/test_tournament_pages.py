"""Tournament pages (issue 10, items 3 and 4): every form, tokens, double entry, restart,
projector state, print buttons, no external asset."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webhelp import (
    make_client,
)
from webhelp import organizer_do as _do
from webhelp import send_result as _send
from webhelp import tournament_created as _create
from webhelp import tournament_drawn as _setup

from schock.store import open_database
from schock.tournament import printing, storage


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "t.db")


def test_create_refuses_bad_input_and_stores_nothing(client: TestClient, db_path: str) -> None:
    r = client.post("/turnier", data={"name": "X", "preset": "nope"})
    assert r.status_code == 400 and "allowed: irmgarteich, porz, mosel" in r.text
    r = client.post("/turnier", data={"name": "  ", "preset": "porz"})
    assert r.status_code == 400 and "name" in r.text
    r = client.post("/turnier", data={"name": "X", "preset": "porz", "seed": "-3"})
    assert r.status_code == 400 and "seed" in r.text
    assert "Neues Turnier" in client.get("/turnier").text
    assert "New tournament" in client.get("/turnier?lang=en").text


def test_organizer_pages_need_the_secret(client: TestClient) -> None:
    tid, key = _create(client)
    assert client.get(f"/turnier/{tid}?k={key}").status_code == 200
    assert client.get(f"/turnier/{tid}").status_code == 403
    assert client.get(f"/turnier/{tid}?k=wrong").status_code == 403
    assert _do(client, tid, "wrong", action="register", name="Eve").status_code == 403
    assert client.get(f"/turnier/{tid}/print/cards.pdf?k=wrong").status_code == 403
    assert client.get(f"/turnier/nope?k={key}").status_code == 404
    assert "Eve" not in client.get(f"/turnier/{tid}?k={key}").text


def test_player_forms(client: TestClient) -> None:
    tid, key = _create(client)
    assert _do(client, tid, key, action="register", name="Anna").status_code == 303
    r = _do(client, tid, key, action="register", name="anna")
    assert r.status_code == 400 and "schon angemeldet" in r.text
    r = _do(client, tid, key, action="register", name="")
    assert r.status_code == 400 and "Spielername" in r.text
    r = _do(client, tid, key, action="checkin", number="x")
    assert r.status_code == 400 and "number" in r.text
    r = _do(client, tid, key, action="checkin", number=9)
    assert r.status_code == 400 and "Keine Startnummer 9" in r.text
    assert _do(client, tid, key, action="withdraw", number=1).status_code == 303
    r = _do(client, tid, key, action="withdraw", number=1)
    assert r.status_code == 400 and "schon abgemeldet" in r.text
    r = _do(client, tid, key, action="fly")
    assert r.status_code == 400 and "allowed: register" in r.text


def test_draw_preview_swap_shows_the_repeat_count_before_commit(client: TestClient) -> None:
    tid, key, _links = _setup(client)
    t_db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    t = storage.load(t_db, tid)
    for table, players in ((1, (1, 2, 3)), (2, (4, 5, 6))):
        for g in range(1, t.format.games_per_round + 1):
            t.enter(1, table, g, loser=players[2], out=[[players[0]], [players[1]]])
    storage.save(t_db, t)
    r = _do(client, tid, key, action="preview")
    assert r.status_code == 200 and 'id="repeats"' in r.text
    tables = re.findall(r'name="tables" value="([^"]*)"', r.text)[0]
    assert storage.load(t_db, tid).current_round.number == 1  # type: ignore[union-attr]
    # swapping back to round 1's tables shows 6 repeat meetings (3 pairs per table)
    r = _do(client, tid, key, action="swap", tables="1,2,6|3,4,5", a=6, b=3)
    assert re.findall(r'id="repeats">(\d+)', r.text) == ["6"]
    assert 'value="1,2,3|4,5,6"' in r.text
    r = _do(client, tid, key, action="swap", tables=tables, a=1, b=99)
    assert r.status_code == 400 and "Tauschen: Spieler 99 ist nicht in dieser Auslosung" in r.text
    assert f'value="{tables}"' in r.text  # the preview stays
    r = _do(client, tid, key, action="draw", tables="1,2|x")
    assert r.status_code == 400 and "tables" in r.text
    assert _do(client, tid, key, action="draw", tables=tables).status_code == 303
    assert storage.load(t_db, tid).current_round.number == 2  # type: ignore[union-attr]


def test_table_tokens_open_only_their_table(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    k1 = t1.split("?k=")[1]
    assert client.get(t1).status_code == 200
    assert client.get(f"/t/{tid}/table/1/2?k={k1}").status_code == 403
    assert client.post(f"/t/{tid}/table/1/2", data={"k": k1, "game": 1, "loser": 6}).status_code == 403
    assert client.get(f"/t/{tid}/table/1/1?k={key}").status_code == 403
    assert client.get(f"/t/{tid}/table/1/1").status_code == 403
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert "Verlierer 6" not in page


def test_table_entry_bad_input(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    r = _send(client, t1, 1, loser=5, out="1,2")
    assert r.status_code == 400 and "Spieler 5 sitzt nicht an Tisch 1" in r.text
    path, k = t1.split("?k=")
    r = client.post(path + "?lang=en", data={"k": k, "game": 1, "loser": 5, "out": "1,2"})
    assert r.status_code == 400 and "player 5 does not sit at table 1" in r.text
    r = _send(client, t1, 2, loser=3, out="1,2")
    assert r.status_code == 400 and "Spiel 2; erlaubt: 1 (das nächste Spiel" in r.text
    r = _send(client, t1, 1, loser=3, out="1")
    assert r.status_code == 400
    r = client.post(path, data={"k": k, "game": 1, "loser": "drei"})
    assert r.status_code == 400 and "loser: &#39;drei&#39;; erlaubt: eine ganze Zahl ab 0" in r.text
    assert "data-pending" not in client.get(f"/turnier/{tid}?k={key}").text


def test_double_entry_is_shown_and_counted_once_and_survives_restart(db_path: str) -> None:
    with make_client(db_path) as c:
        tid, key, (t1, t2) = _setup(c)
        assert _send(c, t1, 1, loser=3, out="1,2").status_code == 200
        r = _send(c, t1, 1, loser=3, out="1,2")  # the second phone at table 1
        assert r.status_code == 200 and "schon gemeldet" in r.text and "2× gemeldet" in r.text
        assert _send(c, t2, 1, loser=4, out="6,5").status_code == 200
    with make_client(db_path) as c:  # the server restarted: entries and tokens are kept
        page = c.get(f"/turnier/{tid}?k={key}").text
        ids = re.findall(r'data-pending="(\d+)"', page)
        assert len(ids) == 2 and "2× gemeldet (zählt einmal)" in page
        assert c.get(t1).status_code == 200
        for pid in ids:
            assert _do(c, tid, key, action="confirm", pending=pid).status_code == 303
        r = _do(c, tid, key, action="confirm", pending=ids[0])
        assert r.status_code == 400 and "pending" in r.text
        page = c.get(f"/turnier/{tid}?k={key}").text
        assert "data-pending" not in page
    db = open_database(db_path)
    t = storage.load(db, tid)
    db.close()
    games = t.results()
    assert [(g.table, g.game, g.loser) for g in games] == [(1, 1, 3), (2, 1, 4)]
    # hand-computed: 6 points first out, 4 second, 2 the loser
    pts = {n: sum(t.game_points(g).get(n, 0) for g in games) for n in range(1, 7)}
    assert pts == {1: 6, 2: 4, 3: 2, 4: 2, 5: 4, 6: 6}


def test_reject_undo_and_history(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    _send(client, t1, 1, loser=3, out="1,2")
    _send(client, t1, 1, loser=1, out="2,3")
    page = client.get(f"/turnier/{tid}?k={key}").text
    ids = re.findall(r'data-pending="(\d+)"', page)
    assert len(ids) == 2
    assert _do(client, tid, key, action="reject", pending=ids[1]).status_code == 303
    assert _do(client, tid, key, action="confirm", pending=ids[0]).status_code == 303
    assert _do(client, tid, key, action="undo").status_code == 303
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert "zurückgenommen" in page and "game_entered" in page
    assert _do(client, tid, key, action="enter", table=1, game=1, loser=2, out="1,3").status_code == 303
    r = _do(client, tid, key, action="enter", table=1, game=2, loser=9, out="1,3")
    assert r.status_code == 400


def test_projector_clock_freeze_hide(client: TestClient) -> None:
    tid, key, (_t1, _t2) = _setup(client)
    assert "Beamer" in client.get(f"/turnier/{tid}/projektor").text
    s = client.get(f"/api/turnier/{tid}/projector").json()
    assert s["round"] == 1 and [p["table"] for p in s["plan"]] == [1, 2]
    assert s["clock"]["running"] is False and len(s["standings"]) == 6
    assert _do(client, tid, key, action="clock", minutes=3, run="start").status_code == 303
    s = client.get(f"/api/turnier/{tid}/projector").json()
    assert s["clock"]["running"] and 170 < s["clock"]["remaining"] <= 180 and s["clock"]["warning"]
    assert _do(client, tid, key, action="clock", minutes=0).status_code == 400
    assert _do(client, tid, key, action="standings", mode="frozen").status_code == 303
    _do(client, tid, key, action="enter", table=1, game=1, loser=3, out="1,2")
    s = client.get(f"/api/turnier/{tid}/projector").json()
    assert s["mode"] == "frozen" and all(x["points"] == "0" for x in s["standings"])
    assert _do(client, tid, key, action="standings", mode="hidden").status_code == 303
    assert client.get(f"/api/turnier/{tid}/projector").json()["standings"] is None
    assert _do(client, tid, key, action="standings", mode="live").status_code == 303
    s = client.get(f"/api/turnier/{tid}/projector").json()
    assert {x["number"]: x["points"] for x in s["standings"]}[1] == "6"
    assert _do(client, tid, key, action="standings", mode="x").status_code == 400
    assert client.get("/api/turnier/nope/projector").status_code == 404


def test_print_buttons_serve_pdfs_with_table_tokens(client: TestClient, monkeypatch: Any) -> None:
    tid, key, links = _setup(client)
    seen: list[str] = []
    real = printing._qr_png

    def spy(url: str) -> Any:
        seen.append(url)
        return real(url)

    monkeypatch.setattr(printing, "_qr_png", spy)
    for kind in ("plan", "sheets", "cards", "standings", "prizes"):
        r = client.get(f"/turnier/{tid}/print/{kind}.pdf?k={key}")
        assert r.status_code == 200 and r.content.startswith(b"%PDF"), kind
    assert [u.split("/t/", 1)[1] for u in seen] == [x.split("/t/", 1)[1] for x in links]
    assert client.get(f"/turnier/{tid}/print/nope.pdf?k={key}").status_code == 400


def test_no_page_loads_an_external_asset(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    pages = ["/", "/turnier", f"/turnier/{tid}?k={key}", t1, f"/turnier/{tid}/projektor",
             f"/turnier/{tid}?k={key}&lang=en"]
    pages.append(_do(client, tid, key, action="preview").request.url.path + f"?k={key}")
    assets = re.compile(r"""(?:src|href|action)\s*=\s*["']?\s*(?:https?:)?//""", re.I)
    for p in pages:
        html = client.get(p).text
        assert not assets.search(html), p
        assert "@import" not in html and "url(http" not in html, p
    for static in Path("src/schock/web/static").iterdir():
        text = static.read_text("utf-8") if static.suffix in (".css", ".js") else ""
        assert not re.search(r"(?:url\(|import |fetch\()\s*[\"']?https?://", text), static.name


def test_confirming_a_game_entered_meanwhile_never_counts_twice(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    _send(client, t1, 1, loser=3, out="1,2")
    _send(client, t1, 1, loser=1, out="2,3")
    ids = re.findall(r'data-pending="(\d+)"', client.get(f"/turnier/{tid}?k={key}").text)
    assert _do(client, tid, key, action="enter", table=1, game=1, loser=3, out="1,2").status_code == 303
    assert _do(client, tid, key, action="confirm", pending=ids[0]).status_code == 303
    r = _do(client, tid, key, action="confirm", pending=ids[1])
    assert r.status_code == 400 and "schon mit einem anderen Ergebnis" in r.text
    t = storage.load(client.app.state.tables.repo.db, tid)  # type: ignore[attr-defined]
    assert [(g.game, g.loser) for g in t.results()] == [(1, 3)]
    assert sum(1 for e in t.log if e.event.kind == "game_entered") == 1
