"""Issue 25, item 5 on the web: a CSV player list as German Excel saves it (Windows-1252,
semicolons, headers such as Vorname;Nachname or Teilnehmer), previewed before anything is
registered; "alle anwesend"; a tournament made with a format file, table size and lives;
renaming keeps the start number; standings per round; confirmation before withdrawing."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from test_tournament_chips_pages import _start
from test_tournament_pages import _create, _do

from schock.tournament import storage
from schock.tournament.roster import decode, read_roster


def _db(c: TestClient) -> Any:
    return c.app.state.tables.repo.db  # type: ignore[attr-defined]


def _upload(c: TestClient, tid: str, key: str, data: bytes, name: str = "liste.csv") -> Any:
    return c.post(f"/turnier/{tid}/do", data={"k": key, "action": "csv_preview"},
                  files={"file": (name, data, "text/csv")})


EXCEL = "Vorname;Nachname;Verein\r\nJürgen;Groß;Kegelclub Süd\r\nZoë;Weiß;\r\nÖzlem;Şahin;Rot\r\n"


def test_excel_csv_is_previewed_then_registered(client: TestClient) -> None:
    tid, key = _create(client)
    assert _do(client, tid, key, action="register", name="Anna").status_code == 303
    data = EXCEL.replace("Şahin", "Sahin").encode("cp1252")
    r = _upload(client, tid, key, data)
    assert r.status_code == 200, r.text
    assert "Gelesen als Windows-1252, Trennzeichen &#39;;&#39;, Kopfzeile: Vorname + Nachname, Verein" in r.text
    rows = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", r.text)
    assert rows == [("2", "2", "Jürgen Groß", "Kegelclub Süd"), ("3", "3", "Zoë Weiß", ""),
                    ("4", "4", "Özlem Sahin", "Rot")]
    t = storage.load(_db(client), tid)
    assert len(t.players) == 1  # a preview registers nobody
    csv = re.findall(r'name="csv" value="([^"]*)"', r.text)[0].replace("&#34;", '"')
    r = _do(client, tid, key, action="csv_import", csv=csv.replace("&#39;", "'"), present="1")
    assert r.status_code == 303, r.text
    t = storage.load(_db(client), tid)
    got = [(p.number, p.name, p.team, p.present) for p in t.players.values()]
    assert got == [(1, "Anna", None, False), (2, "Jürgen Groß", "Kegelclub Süd", True),
                   (3, "Zoë Weiß", None, True), (4, "Özlem Sahin", "Rot", True)]
    # the same list again: every name is registered already, nothing to import
    r = _upload(client, tid, key, data)
    assert r.text.count("schon angemeldet</strong>") == 3 and 'id="csv-import"' not in r.text


def test_unknown_headers_and_bad_files(client: TestClient) -> None:
    tid, key = _create(client)
    r = _upload(client, tid, key, b"Teilnehmer\nAnna\nBen\n")
    assert "Kopfzeile: Teilnehmer" in r.text and "Teilnehmer</td>" not in r.text
    r = _upload(client, tid, key, b"")
    assert r.status_code == 400 and "keine Spieler" in r.text
    r = _upload(client, tid, key, b"Name;Team\n;Rot\n")
    assert r.status_code == 400 and "Zeile 2: kein Name" in r.text
    r = _upload(client, tid, key, b"\x00\x01\x02")
    assert r.status_code == 400 and "keine CSV-Textdatei" in r.text
    assert storage.load(_db(client), tid).players == {}


def test_roster_detection() -> None:
    assert decode("\ufeffA".encode("utf-16"))[1] == "utf-16"
    r = read_roster(b"First name,Last name,Team\nAnna,Becker,Rot\n")
    assert (r.delimiter, [x.name for x in r.rows]) == (",", ["Anna Becker"])
    r = read_roster(b"Anna\tRot\nBen\tBlau\n")
    assert (r.delimiter, r.header, [x.team for x in r.rows]) == ("\t", None, ["Rot", "Blau"])
    r = read_roster("Nachname\nGroß\n")
    assert [x.name for x in r.rows] == ["Groß"]


def test_all_present_rename_and_confirmation(client: TestClient) -> None:
    tid, key = _create(client)
    for n in ("Anna", "Ben", "Carl"):
        _do(client, tid, key, action="register", name=n)
    _do(client, tid, key, action="withdraw", number=3)
    assert _do(client, tid, key, action="all_present").status_code == 303
    t = storage.load(_db(client), tid)
    assert [(p.present, p.withdrawn) for p in t.players.values()] == [
        (True, False), (True, False), (False, True)]
    assert _do(client, tid, key, action="rename", number=2, name="Benedikt").status_code == 303
    r = _do(client, tid, key, action="rename", number=1, name="benedikt")
    assert r.status_code == 400 and "schon angemeldet" in r.text
    t = storage.load(_db(client), tid)
    assert t.players[2].name == "Benedikt" and t.players[2].number == 2
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert "Startnummer 2 umbenannt: Benedikt" in page
    assert 'data-confirm="1 Anna abmelden?' in page and "/static/turnier_org.js" in page


def test_create_with_table_size_lives_and_a_format_file(client: TestClient) -> None:
    r = client.post("/turnier", data={"name": "Moselabend", "preset": "mosel", "chips": "5",
                                      "table_size": "5"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    tid = re.findall(r"/turnier/(\w+)\?", r.headers["location"])[0]
    f = storage.load(_db(client), tid).format
    assert (f.chips, f.table_size) == (5, 5)
    r = client.post("/turnier", data={"name": "Vierer", "preset": "irmgarteich",
                                      "table_size": "4"}, follow_redirects=False)
    tid = re.findall(r"/turnier/(\w+)\?", r.headers["location"])[0]
    f = storage.load(_db(client), tid).format
    assert (f.table_size, f.points) == (4, (7, 5, 3, 1))
    r = client.post("/turnier", data={"name": "X", "preset": "irmgarteich", "chips": "3"})
    assert r.status_code == 400 and "Chips (Leben): 3; erlaubt: 1 bis 99" in r.text
    r = client.post("/turnier", data={"name": "X", "preset": "porz", "table_size": "13"})
    assert r.status_code == 400 and "Spieler je Tisch: 13; erlaubt: 2 bis 12" in r.text
    toml = b'extends = "porz"\nname = "Hauspokal"\nchips = 2\n'
    r = client.post("/turnier", data={"name": "Haus", "preset": "irmgarteich"},
                    files={"format_file": ("haus.toml", toml, "text/plain")},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    tid = re.findall(r"/turnier/(\w+)\?", r.headers["location"])[0]
    assert storage.load(_db(client), tid).format.chips == 2
    bad = b'extends = "../../etc/secret.toml"\n'
    r = client.post("/turnier", data={"name": "Haus", "preset": "porz"},
                    files={"format_file": ("x.toml", bad, "text/plain")})
    assert r.status_code == 400 and "kein Dateipfad" in r.text


def test_standings_per_round(client: TestClient) -> None:
    tid, key = _start(client, "porz", ["Anna", "Ben", "Carl", "Dora"], "1,2|3,4")
    t = storage.load(_db(client), tid)
    for table, loser in ((1, 2), (2, 4)):
        while t.next_game(1, table) is not None:
            t.enter(1, table, t.next_game(1, table) or 0, loser=loser)
    t.draw(tables=[[1, 3]])
    t.enter(2, 1, 1, loser=3)
    storage.save(_db(client), t)
    page = client.get(f"/turnier/{tid}?k={key}&stand=1").text
    assert "Tabelle · Runde 1" in page and 'stand=2' in page
    page2 = client.get(f"/turnier/{tid}?k={key}&stand=2").text
    rows1 = re.findall(r'<tr data-number="(\d+)">', page.split('id="standings"')[1])
    rows2 = re.findall(r'<tr data-number="(\d+)">', page2.split('id="standings"')[1])
    assert rows1 != rows2 and len(rows2) == 2
