"""Tournament pages with the chips formats (porz: chips anew each round, a table plays until
one player keeps chips; mosel: lives carried over, three games per round), and a tournament
made on the command line opened for the web (`schock turnier web`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from fastapi.testclient import TestClient
from test_tournament_pages import _create, _do, _send
from webhelp import make_client

from schock.cli import main
from schock.store import open_database
from schock.store.tournament_web import organizer_secret, table_token
from schock.tournament import printing, storage
from schock.tournament.domain import Tournament
from schock.tournament.format import load_format

EIGHT = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi", "Hans"]


def _start(c: TestClient, preset: str, names: list[str], tables: str) -> tuple[str, str]:
    tid, key = _create(c, preset)
    for n in names:
        assert _do(c, tid, key, action="register", name=n).status_code == 303
    for i in range(1, len(names) + 1):
        assert _do(c, tid, key, action="checkin", number=i).status_code == 303
    assert _do(c, tid, key, action="draw", tables=tables).status_code == 303
    return tid, key


def _links(c: TestClient, tid: str, key: str) -> list[str]:
    page = c.get(f"/turnier/{tid}?k={key}").text
    return [h.replace("&amp;", "&") for h in re.findall(r'class="table-link" href="([^"]*)"', page)]


def _phone_game(c: TestClient, tid: str, key: str, link: str, game: int, loser: int) -> None:
    """A table sends a game by phone and the organizer confirms it."""
    r = _send(c, link, game, loser)
    assert r.status_code == 200 and "Gemeldet" in r.text, r.text
    page = c.get(f"/turnier/{tid}?k={key}").text
    pending = re.findall(r'name="pending" value="(\d+)"', page)
    assert pending, page
    assert _do(c, tid, key, action="confirm", pending=pending[0]).status_code == 303


def _desk_game(c: TestClient, tid: str, key: str, table: int, game: int, loser: int) -> Any:
    return _do(c, tid, key, action="enter", table=table, game=game, loser=loser, out="")


def _projector(c: TestClient, tid: str) -> dict[str, Any]:
    r = c.get(f"/api/turnier/{tid}/projector")
    assert r.status_code == 200
    data: dict[str, Any] = r.json()
    return data


def test_porz_chips_to_the_winner(client: TestClient) -> None:
    tid, key = _start(client, "porz", EIGHT, "1,2,3,4|5,6,7,8")
    t1, _t2 = _links(client, tid, key)
    # table 1 by phone: Ben, Carl, Dora lose their three chips in turn; Anna keeps all three
    for game, loser in enumerate([2, 2, 2, 3, 3, 3, 4, 4, 4], start=1):
        _phone_game(client, tid, key, t1, game, loser)
        if game == 4:  # what the phone shows the table: chips left, who is out
            page = client.get(t1).text
            assert re.findall(r'data-chips="(\d)"', page) == ["3", "0", "2", "3"]
            assert "2 · Ben · <span" in page and "ausgeschieden" in page
            assert "noch 2 Chips" in page and "Verlierer 3 · Carl" in page
            radios = re.findall(r'name="loser" value="(\d+)"', page)
            assert radios == ["1", "3", "4"]  # Ben is out: nobody can enter him as loser
            assert "2 chips left" in client.get(t1 + "&lang=en").text
    r = _send(client, t1, 10, 1)
    assert r.status_code == 400 and "fertig" in r.text  # the table has finished its round
    # table 2 at the organizer's desk: Emil (game 4), Fritz (10), Gabi (11) go out,
    # Hans keeps one chip
    for game, loser in enumerate([5, 5, 6, 5, 6, 7, 8, 8, 7, 6, 7], start=1):
        assert _desk_game(client, tid, key, 2, game, loser).status_code == 303
    state = _projector(client, tid)
    chips = {s["number"]: s["chips"] for s in state["standings"]}
    assert chips == {1: 3, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 1}
    assert all(tb["done"] for tb in state["plan"])
    # drinks: whoever goes out buys each player still at his table one
    page = client.get(f"/turnier/{tid}?k={key}").text
    ledger = page[page.index('id="ledger"') :]
    for line in ("Ben → Anna: 1", "Ben → Carl: 1", "Ben → Dora: 1", "Carl → Dora: 1",
                 "Dora → Anna: 1", "Emil → Hans: 1", "Gabi → Hans: 1"):
        assert line in ledger, line
    assert "Dora → Carl" not in ledger  # Carl was out before Dora
    # the final: Anna against Hans, chips anew (3 each); Hans loses three times
    assert _do(client, tid, key, action="draw", tables="1,8").status_code == 303
    (final,) = _links(client, tid, key)
    assert "/table/2/1?" in final
    for game in (1, 2, 3):
        _phone_game(client, tid, key, final, game, 8)
    state = _projector(client, tid)
    assert state["finished"] is True
    # hand-computed: the winner, the finalist, then round 1's eliminations, latest first
    # by the game number at their tables (side by side): Gabi 11, Fritz 10, Dora 9,
    # Carl 6, Emil 4, Ben 3
    order = [s["number"] for s in state["standings"]]
    assert order == [1, 8, 7, 6, 4, 3, 5, 2]
    assert [s["rank"] for s in state["standings"]] == list(range(1, 9))
    assert state["standings"][0]["status"] == "in"
    assert {s["status"] for s in state["standings"][1:]} == {"eliminated"}


def test_mosel_lives_carry_over_and_three_games_end_a_table(client: TestClient) -> None:
    tid, key = _start(client, "mosel", EIGHT[:6], "1,2,3|4,5,6")
    t1, t2 = _links(client, tid, key)
    for game, loser in enumerate([1, 1, 2], start=1):
        _phone_game(client, tid, key, t1, game, loser)
    r = _send(client, t1, 4, 3)
    assert r.status_code == 400 and "fertig" in r.text  # three games per round
    for game, loser in enumerate([4, 4, 4], start=1):
        _phone_game(client, tid, key, t2, game, loser)
    state = _projector(client, tid)
    lives = {s["number"]: (s["chips"], s["status"]) for s in state["standings"]}
    assert lives == {1: (1, "in"), 2: (2, "in"), 3: (3, "in"), 4: (0, "eliminated"),
                     5: (3, "in"), 6: (3, "in")}
    assert [s["number"] for s in state["standings"]][-1] == 4
    # round 2: lives are not given anew, so Anna (one life) is out after one lost game
    assert _do(client, tid, key, action="draw", tables="1,2,5|3,6").status_code == 303
    r2t1, _r2t2 = _links(client, tid, key)
    _phone_game(client, tid, key, r2t1, 1, 1)
    state = _projector(client, tid)
    lives = {s["number"]: (s["chips"], s["status"]) for s in state["standings"]}
    assert lives[1] == (0, "eliminated") and lives[2] == (2, "in") and lives[5] == (3, "in")
    # an eliminated player cannot lose again, by phone or at the desk
    r = _send(client, r2t1, 2, 1)
    assert r.status_code == 400
    r = _desk_game(client, tid, key, 1, 2, 1)
    assert r.status_code == 400 and "ausgeschieden" in r.text


# ------------------------------------------------------------------ made on the command line
def _cli(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["turnier", *args, "--db", str(db)])


def test_a_cli_tournament_opens_for_the_web(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    r = _cli(db, "neu", "Dorfpokal", "--format", "porz", "--id", "dorf")
    assert r.exit_code == 0 and "schock turnier web" in r.output, r.output
    assert _cli(db, "spieler", "hinzu", *EIGHT[:6], "--anwesend").exit_code == 0
    assert _cli(db, "auslosen", "--tisch", "1,2,3", "--tisch", "4,5,6").exit_code == 0
    r = _cli(db, "web", "--base-url", "http://192.168.0.5:8000/")
    assert r.exit_code == 0, r.output
    assert "freigegeben" not in r.output  # made at creation already
    database = open_database(str(db))
    secret = organizer_secret(database, "dorf")
    database.close()
    assert secret
    org = f"http://192.168.0.5:8000/turnier/dorf?k={secret}"
    assert org in r.output and "http://192.168.0.5:8000/turnier/dorf/projektor" in r.output
    tables = re.findall(r"Tisch (\d): (\S+)", r.output)
    assert tables == [
        ("1", f"http://192.168.0.5:8000/t/dorf/table/1/1?k={table_token(secret, 1, 1)}"),
        ("2", f"http://192.168.0.5:8000/t/dorf/table/1/2?k={table_token(secret, 1, 2)}"),
    ]
    with make_client(str(db)) as c:
        assert c.get(f"/turnier/dorf?k={secret}").status_code == 200
        link = tables[0][1].removeprefix("http://192.168.0.5:8000")
        assert c.get(link).status_code == 200
        assert c.get(link.replace("/1/1?", "/1/2?")).status_code == 403  # not table 2's token
        r2 = _send(c, link, 1, 2)
        assert r2.status_code == 200 and "Gemeldet" in r2.text
    r = _cli(db, "web", "--lang", "en")
    assert r.exit_code == 0 and "Organizer (keep this link secret): http://localhost:8000" in r.output


def _old_tournament(db: Path) -> None:
    """A porz tournament with round 1 drawn, stored without an organizer secret."""
    database = open_database(str(db))
    t = Tournament.create(name="Alt", fmt=load_format("porz"), id="alt")
    for n in EIGHT[:4]:
        t.checkin(t.register(n).number)
    t.draw(tables=[[1, 2], [3, 4]])
    storage.save(database, t)
    assert organizer_secret(database, "alt") is None
    database.close()


def test_an_old_cli_tournament_gets_its_secret_once(tmp_path: Path) -> None:
    """A tournament stored before the web pages (no secret) is opened by `web` or by
    printing its score sheets, whose QR codes then carry the tables' tokens."""
    db = tmp_path / "t.db"
    _old_tournament(db)

    for bad in ("ftp://pc", "pc:8000", "http://", "http://pc/?x=1"):
        r = _cli(db, "web", "--base-url", bad)
        assert r.exit_code == 2 and "--base-url" in r.output and "erlaubt" in r.output, bad
    database = open_database(str(db))
    assert organizer_secret(database, "alt") is None  # a refused call changed nothing
    database.close()

    r = _cli(db, "web")
    assert r.exit_code == 0 and "freigegeben" in r.output, r.output
    first = re.findall(r"\?k=(\S+)", r.output)[0]
    r = _cli(db, "web")
    assert "freigegeben" not in r.output and re.findall(r"\?k=(\S+)", r.output)[0] == first


def test_cli_score_sheets_carry_the_table_tokens(tmp_path: Path, monkeypatch: Any) -> None:
    db = tmp_path / "t.db"
    _old_tournament(db)
    seen: list[str] = []
    real = printing._qr_png
    monkeypatch.setattr(printing, "_qr_png", lambda url: seen.append(url) or real(url))
    out = tmp_path / "zettel.pdf"
    r = _cli(db, "drucken", "spielzettel", "-o", str(out), "--base-url", "http://pc:8000")
    assert r.exit_code == 0, r.output
    assert out.read_bytes().startswith(b"%PDF")
    database = open_database(str(db))
    secret = organizer_secret(database, "alt")
    database.close()
    assert secret is not None
    assert seen == [f"http://pc:8000/t/alt/table/1/{i}?k={table_token(secret, 1, i)}"
                    for i in (1, 2)]
