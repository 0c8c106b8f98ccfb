"""Issue 25 item 9: a tournament round played at online tables.

The organizer opens the round's tables as browser tables (the app's own table: seats,
seat links, bots only where he puts them); each finished game enters itself from its
record, and the standings equal what ``schock turnier`` computes from the same results
typed in with ``eintragen --raus/--verlierer/--schock-aus``. Refusals: not the
organizer, no round drawn, a table entered already, a game entered by hand meanwhile
(never twice), the invite link and seat changes at a tournament table."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from webhelp import hello, make_client

from schock.cli import main
from schock.cli.turnier import standings_rows
from schock.store import open_database
from schock.tournament import storage
from schock.tournament.domain import Tournament
from schock.tournament.format import Scoring
from schock.web.tournament_online import host_token, seat_token

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi"]
#: irmgarteich with two games a round (a whole round stays quick)
SHORT = 'extends = "irmgarteich"\nname = "Online-Pokal"\ngames_per_round = 2\ntrinkrunden = 0\n'


def _create(c: TestClient, preset: str, names: list[str], tables: str) -> tuple[str, str]:
    files = {"format_file": ("kurz.toml", SHORT.encode())} if preset == "short" else None
    r = c.post("/turnier", data={"name": "Pokal", "preset": "irmgarteich" if files else preset},
               files=files, follow_redirects=False)
    assert r.status_code == 303, r.text
    m = re.fullmatch(r"/turnier/(\w+)\?k=([\w-]+)", r.headers["location"])
    assert m
    tid, key = m[1], m[2]
    for n in names:
        assert _do(c, tid, key, action="register", name=n).status_code == 303
    assert _do(c, tid, key, action="all_present").status_code == 303
    if tables:
        assert _do(c, tid, key, action="draw", tables=tables).status_code == 303
    return tid, key


def _do(c: TestClient, tid: str, key: str, **data: Any) -> Any:
    return c.post(f"/turnier/{tid}/do", data={"k": key, **data}, follow_redirects=False)


def _online(c: TestClient, tid: str, key: str, **data: Any) -> Any:
    return c.post(f"/turnier/{tid}/online", data={"k": key, **data}, follow_redirects=False)


def _notice(page: str) -> str:
    found = re.search(r'id="notice">([^<]*)', page)
    return found[1] if found else ""


def _error(page: str) -> str:
    found = re.search(r'class="error" role="alert">([^<]*)', page)
    return found[1] if found else ""


def _tables(c: TestClient, tid: str, key: str) -> dict[int, dict[str, Any]]:
    """The organizer page's online tables: number -> browser table id and seat links."""
    page = c.get(f"/turnier/{tid}?k={key}").text
    out = {}
    for block in page.split('<div class="tcard online"')[1:]:
        number = int(re.search(r'data-online="(\d+)"', block)[1])  # type: ignore[index]
        host = re.search(r'class="host-link" href="[^"]*/t/([\w-]+)[^"]*#host=([\w-]+)"', block)
        seats = re.findall(r'<strong>([^<]*)</strong> · <span class="oseat">([^<]*)</span>', block)
        links = re.findall(r'class="seat-link" href="[^"]*#seat=([\w-]+)"', block)
        out[number] = {"id": host[1] if host else None, "host": host[2] if host else None,
                       "seats": [s[0] for s in seats], "state": [s[1] for s in seats],
                       "tokens": links}
    return out


def _bot_table(c: TestClient, number: int) -> tuple[str, str, dict[str, Any]]:
    """Six players drawn 1,2,3|4,5,6; table ``number`` opened online, bots on every seat."""
    tid, key = _create(c, "short", NAMES[:6], "1,2,3|4,5,6")
    assert _online(c, tid, key, action="open", table=number).status_code == 200
    tb = _tables(c, tid, key)[number]
    for seat in range(3):
        assert _online(c, tid, key, action="bot", table=number, seat=seat).status_code == 303
    return tid, key, tb


def _until_done(c: TestClient, table_id: str) -> dict[str, Any]:
    """Watch a table (as a spectator) until its round is over: the series has no next game."""
    with c.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws)
        while True:
            m = ws.receive_json()
            if m["type"] == "state" and m["table"]["series"]["game"] is None \
                    and m["table"]["step"] == "over":
                return m


def _cli(db: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["turnier", *args, "--db", str(db)])
    assert result.exit_code == 0, result.output
    return result.output


def _same_on_the_command_line(web: Tournament, tmp_path: Path, preset: str) -> None:
    """The web's results typed into ``schock turnier`` give the same standings."""
    cli = tmp_path / "cli.db"
    fmt = preset
    if preset == "short":
        (tmp_path / "kurz.toml").write_text(SHORT)
        fmt = str(tmp_path / "kurz.toml")
    _cli(cli, "neu", "Pokal", "--format", fmt, "--id", "p")
    for name in NAMES:
        _cli(cli, "player", "add", name, "--present")
    for rnd in web.rounds:
        _cli(cli, "auslosen", *[x for tb in rnd.tables for x in ("--tisch", ",".join(map(str, tb)))])
    for g in web.results():
        args = ["eintragen", str(g.round), str(g.table), str(g.game), "--verlierer", str(g.loser)]
        if web.format.scoring is Scoring.POINTS:
            args += [x for grp in g.out for x in ("--raus", "+".join(map(str, grp)))]
        for p, n in g.schock_aus:
            args += ["--schock-aus", str(p)] * n
        _cli(cli, *args)
    there = storage.load(open_database(str(cli)), "p")
    assert standings_rows(web) == standings_rows(there)
    assert sorted(map(repr, web.derived.drinks)) == sorted(map(repr, there.derived.drinks))


@pytest.mark.parametrize("preset", ["short", "porz", "mosel"])
def test_a_round_of_online_tables_played_by_bots_matches_the_command_line(
        client: TestClient, tmp_path: Path, preset: str) -> None:
    tid, key = _create(client, preset, NAMES, "1,2,3,4|5,6,7")
    r = _online(client, tid, key, action="open")
    assert r.status_code == 200 and _notice(r.text) == "2 Online-Tisch(e) geöffnet", r.text
    tables = _tables(client, tid, key)
    assert tables[1]["seats"] == ["1 Anna", "2 Ben", "3 Carl", "4 Dora"]
    assert tables[2]["seats"] == ["5 Emil", "6 Fritz", "7 Gabi"]
    assert set(tables[1]["state"]) == {"Link noch nicht geöffnet"}  # no bot unless asked
    for number, tb in tables.items():
        for seat in range(len(tb["seats"])):
            bot = "random" if seat == 0 else "heuristic"
            r = _online(client, tid, key, action="bot", table=number, seat=seat, bot=bot)
            assert r.status_code == 303, r.text
    assert _tables(client, tid, key)[2]["state"] == ["Bot (random)", "Bot (heuristic)",
                                                      "Bot (heuristic)"]
    r = _online(client, tid, key, action="start_all")
    assert _notice(r.text) == "2 Online-Tisch(e) gestartet"
    for tb in tables.values():
        last = _until_done(client, tb["id"])
        assert last["table"]["series"]["note"]["de"].endswith(
            "im Turnier eingetragen (aus seinem Protokoll)")
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    web = storage.load(db, tid)
    assert web.round_complete(1)
    games = web.results()
    assert games and all(g.record is not None for g in games)  # each with its proof
    if web.format.games_per_round == 0:  # porz: the eliminated left their table's games
        assert any(len(g.players) < len(web.rounds[0].tables[g.table - 1]) for g in games)
    _same_on_the_command_line(web, tmp_path, preset)
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert page.count('class="ostatus">Runde fertig<') == 2
    assert f"Runde 1, Tisch {games[0].table}, Spiel {games[0].game}: Verlierer" in page
    assert "aus dem Spielprotokoll" in page  # the history says where the result came from
    g = games[0]
    link = f"/turnier/{tid}/record/{g.round}/{g.table}/{g.game}.json?k={key}"
    assert link in page.replace("&amp;", "&")
    assert client.get(link).json() == g.record
    assert client.get(link.replace(key, "wrong")).status_code == 403
    state = client.get(f"/api/turnier/{tid}/projector").json()
    assert all(p["done"] for p in state["plan"])
    assert client.get(f"/turnier/{tid}/record/1/1/99.json?k={key}").status_code == 404


def test_refusals_not_organizer_not_drawn_entered_already(client: TestClient) -> None:
    tid, key = _create(client, "short", NAMES[:6], "")
    assert _online(client, tid, "wrong", action="open").status_code == 403
    r = _online(client, tid, key, action="open")
    assert r.status_code == 400 and _error(r.text).startswith("Noch keine Runde ausgelost")
    r = client.post(f"/turnier/{tid}/online?lang=en", data={"k": key, "action": "open"})
    assert _error(r.text).startswith("no round drawn yet")
    assert _do(client, tid, key, action="draw", tables="1,2,3|4,5,6").status_code == 303
    for game, loser in ((1, 3), (2, 1)):  # table 1 played on paper, entered by hand
        r = _do(client, tid, key, action="enter", table=1, game=game, loser=loser,
                out="2, " + ("1" if loser == 3 else "3"))
        assert r.status_code == 303, r.text
    r = _online(client, tid, key, action="open")
    assert _notice(r.text) == ("1 Online-Tisch(e) geöffnet Tisch 1: alle Spiele dieser Runde "
                               "sind eingetragen; kein Online-Tisch")
    r = _online(client, tid, key, action="open", table=1)
    assert r.status_code == 400 and "Tisch 1: alle Spiele dieser Runde" in _error(r.text)
    r = _online(client, tid, key, action="open", table=9)
    assert "Tisch 9: keinen solchen Tisch; erlaubt: 1–2" in _error(r.text)
    r = _online(client, tid, key, action="start", table=1)
    assert "Tisch 1 ist nicht online geöffnet" in _error(r.text)
    r = _online(client, tid, key, action="fly", table=2)
    assert r.status_code == 400 and "allowed: open, start" in _error(r.text)
    assert _online(client, tid, key, action="open").status_code == 200  # twice: one table
    tables = _tables(client, tid, key)
    assert 1 not in tables or tables[1]["id"] is None
    tb = tables[2]
    # a tournament table has no invite and keeps its drawn seats
    r = client.post(f"/api/tables/{tb['id']}/invite", json={"host": tb["host"]})
    assert r.status_code == 409 and r.json()["code"] == "series_invite"
    r = client.post(f"/api/tables/{tb['id']}/join", json={"invite": "x" * 22, "seat": 0,
                                                          "name": "", "age": None})
    assert r.status_code == 403
    with client.websocket_connect(f"/ws/tables/{tb['id']}") as host, \
            client.websocket_connect(f"/ws/tables/{tb['id']}") as emil:
        assert hello(host, host=tb["host"])["host"] is True
        assert hello(emil, token=tb["tokens"][0])["seat"] == 0  # his own seat, no other
        host.send_json({"type": "host", "command": "add_bot", "bot": "heuristic"})
        while (m := host.receive_json())["type"] != "error":
            pass
        assert m["code"] == "series_seats" and "ausgelosten Plätze" in m["de"]
    # the seat and host tokens come from the organizer secret, not from the request
    secret = key
    assert tb["host"] == host_token(secret, 1, 2)
    assert tb["tokens"] == [seat_token(secret, 1, 2, p) for p in (4, 5, 6)]


def test_a_game_entered_by_hand_meanwhile_is_never_entered_twice(client: TestClient) -> None:
    tid, key, tb = _bot_table(client, 2)
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert page.count('class="onote plays-online"') == 1
    # opened, not started: the round card says it waits (it does not play yet)
    card = page.split('data-table="2"')[1]
    assert "Dieser Tisch ist online geöffnet und wartet auf seine Spieler und den Start" in card
    assert "spielt online" not in card
    english = client.get(f"/turnier/{tid}?k={key}&lang=en").text.split('data-table="2"')[1]
    assert "This table is open online and waits for its players and the start" in english
    # game 1 arrives on paper before the online game ends
    assert _do(client, tid, key, action="enter", table=2, game=1, loser=4,
               out="5, 6").status_code == 303
    assert _online(client, tid, key, action="start", table=2).status_code == 303
    last = _until_done(client, tb["id"])
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    web = storage.load(db, tid)
    games = web.rounds[0].games[2]
    assert sorted(games) == [1, 2]
    assert games[1].record is None and games[1].loser == 4  # the hand entry stays
    assert games[2].record is not None
    entered = [e for e in web.log if e.event.kind == "game_entered"]
    assert len(entered) == 2  # nothing twice
    assert last["table"]["games"][0]["number"] == 1 and len(last["table"]["games"]) == 2
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert 'class="onote">Spiel 2 im Turnier eingetragen' in page
    # the first online game was told that game 1 was entered by hand
    session = client.app.state.tables.live[tb["id"]]  # type: ignore[attr-defined]
    assert session.games[0].loser is not None


def _play_person(ws: Any, rng: random.Random) -> dict[str, Any]:
    """Play one seat with random legal actions until the game is over (the last state)."""
    last: dict[str, Any] | None = None
    tried: set[str] = set()
    while True:
        m = ws.receive_json()
        if m["type"] == "error" and last is not None and m["code"] == "illegal":
            left = [v for v in last["legal"] if v not in tried]
            verb = rng.choice(left)
            tried.add(verb)
            ws.send_json({"type": "act", "n": last["n"], "action": verb})
            continue
        if m["type"] != "state" or not m["table"]["started"]:
            continue
        if m["table"]["step"] == "over":
            return m
        if m["legal"] and (last is None or m["n"] != last["n"]):
            last, tried = m, set()
            verb = rng.choice(m["legal"])
            tried.add(verb)
            ws.send_json({"type": "act", "n": m["n"], "action": verb})


def test_a_person_plays_the_round_game_after_game_and_the_organizer_closes_and_reopens(
        client: TestClient) -> None:
    tid, key = _create(client, "short", NAMES[:6], "1,2,3|4,5,6")
    assert _online(client, tid, key, action="open").status_code == 200
    tables = _tables(client, tid, key)
    for seat in (1, 2):
        assert _online(client, tid, key, action="bot", table=1, seat=seat).status_code == 303
    rng = random.Random(3)
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{tables[1]['id']}") as anna:
        welcome = hello(anna, token=tables[1]["tokens"][0])
        assert welcome["seat"] == 0 and welcome["host"] is False
        anna.send_json({"type": "host", "command": "start"})  # only the organizer starts
        while (m := anna.receive_json())["type"] != "error":
            pass
        assert m["code"] == "not_host"
        assert _online(client, tid, key, action="start", table=1).status_code == 303
        over = _play_person(anna, rng)
        series = over["table"]["series"]
        assert series["tournament"] == "Pokal" and series["round"] == 1
        assert series["table"] == 1 and series["games"] == 2
        assert (series["game"], series["next"]) == (1, 2)  # game 2 waits for the people
        assert series["note"]["en"] == "game 1 entered in the tournament (from its record)"
        assert storage.load(db, tid).next_game(1, 1) == 2
        anna.send_json({"type": "rematch"})  # she asks for the next game: it starts
        over = _play_person(anna, rng)
        assert over["table"]["game"] == 2 and over["table"]["series"]["game"] is None
        anna.send_json({"type": "rematch"})
        # an act sent on a state the bots had moved past is answered "stale": skip those
        while (m := anna.receive_json())["type"] != "error" or m["code"] == "stale":
            pass
        assert m["code"] == "series_done" and "Runde 1" in m["de"]
    t = storage.load(db, tid)
    assert t.next_game(1, 1) is None
    assert [sorted(g.players) for g in t.rounds[0].games[1].values()] == [[1, 2, 3]] * 2
    # table 2: the organizer starts, closes (the game is ended, nothing entered), reopens
    tb = tables[2]
    for action in ("start", "close"):
        assert _online(client, tid, key, action=action, table=2).status_code == 303
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert '<span class="ostatus">geschlossen</span>' in page.split('data-online="2"')[1]
    with client.websocket_connect(f"/ws/tables/{tb['id']}") as emil:
        hello(emil, token=tb["tokens"][0])
        emil.send_json({"type": "rematch"})  # players cannot reopen a closed table
        while (m := emil.receive_json())["type"] != "error":
            pass
        assert m["code"] == "series_closed"
    assert storage.load(db, tid).next_game(1, 2) == 1
    assert _online(client, tid, key, action="reopen", table=2).status_code == 303
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert '<span class="ostatus">Spiel 1 läuft</span>' in page.split('data-online="2"')[1]
    # a bot for a player who never shows, and the seat given back when he comes
    assert _online(client, tid, key, action="bot", table=2, seat=1).status_code == 303
    assert _tables(client, tid, key)[2]["state"][1] == "Bot (heuristic)"
    assert _online(client, tid, key, action="back", table=2, seat=1).status_code == 303
    assert _tables(client, tid, key)[2]["state"][1] != "Bot (heuristic)"
    r = _online(client, tid, key, action="back", table=2, seat=1)
    assert r.status_code == 409 and "(5 Emil) wurde nicht durch einen Bot ersetzt" in _error(r.text)


def test_online_tables_survive_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    with make_client(db) as c:
        tid, key = _create(c, "short", NAMES[:6], "1,2,3|4,5,6")
        assert _online(c, tid, key, action="open").status_code == 200
        before = _tables(c, tid, key)
    with make_client(db) as c:
        after = _tables(c, tid, key)
        assert after == before
        for seat in range(3):
            assert _online(c, tid, key, action="bot", table=1, seat=seat).status_code == 303
        assert _online(c, tid, key, action="start", table=1).status_code == 303
        last = _until_done(c, after[1]["id"])
        assert last["table"]["series"]["game"] is None
        assert storage.load(c.app.state.tables.repo.db, tid).next_game(1, 1) is None  # type: ignore[attr-defined]


def test_a_game_after_a_waiting_phone_report_waits_with_its_record(client: TestClient) -> None:
    tid, key = _create(client, "short", NAMES[:6], "1,2,3|4,5,6")
    page = client.get(f"/turnier/{tid}?k={key}").text
    link = re.findall(r'class="table-link" href="([^"]*)"', page)[0].replace("&amp;", "&")
    path, k = link.split("?k=")
    r = client.post(path, data={"k": k, "game": 1, "loser": 3, "out": "1, 2"})
    assert r.status_code == 200, r.text  # game 1 of table 1 waits for the organizer
    assert _online(client, tid, key, action="open", table=1).status_code == 200
    tb = _tables(client, tid, key)[1]
    for seat in range(3):
        assert _online(client, tid, key, action="bot", table=1, seat=seat).status_code == 303
    assert _online(client, tid, key, action="start", table=1).status_code == 303
    last = _until_done(client, tb["id"])  # the online table plays game 2 only
    assert last["table"]["series"]["note"]["de"].startswith("Spiel 2 mit Protokoll gemeldet")
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert "online gespielt" in page and 'class="record-link"' in page
    r = _do(client, tid, key, action="confirm_all")
    assert r.status_code == 200 and "2 Meldung(en) bestätigt; 0 warten noch" in r.text
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    games = storage.load(db, tid).rounds[0].games[1]
    assert games[1].record is None and games[2].record is not None


def test_reopening_a_table_closed_before_its_first_game(client: TestClient) -> None:
    tid, key = _create(client, "short", NAMES[:6], "1,2,3|4,5,6")
    assert _online(client, tid, key, action="open", table=1).status_code == 200
    assert _online(client, tid, key, action="close", table=1).status_code == 303
    r = client.post(f"/turnier/{tid}/online?lang=en", data={"k": key, "action": "bot",
                                                            "table": 1, "seat": 0})
    assert r.status_code == 409 and _error(r.text) == "the game has ended"
    assert _online(client, tid, key, action="reopen", table=1).status_code == 303
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert '<span class="ostatus">wartet auf den Start</span>' in page
    page = client.get(f"/turnier/{tid}?k={key}&lang=en").text
    assert '<span class="ostatus">waiting for the start</span>' in page
    assert "Open the table as organizer" in page


def test_a_player_withdrawn_meanwhile_is_seated_no_more(client: TestClient) -> None:
    tid, key, tb = _bot_table(client, 1)
    assert _do(client, tid, key, action="withdraw", number=3).status_code == 303  # never came
    assert _online(client, tid, key, action="start", table=1).status_code == 303
    _until_done(client, tb["id"])
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    games = storage.load(db, tid).rounds[0].games[1]
    # the game still seating him could not be entered; the table played on without him
    assert sorted(games) == [1, 2] and all(sorted(g.players) == [1, 2] for g in games.values())
    session = client.app.state.tables.live[tb["id"]]  # type: ignore[attr-defined]
    assert [s.name for s in session.seats] == ["1 Anna", "2 Ben"]
    assert len(session.games) == 3


def _live(c: TestClient, tid: str, key: str, etag: str | None = None,
          lang: str = "") -> Any:
    headers = {"If-None-Match": etag} if etag else {}
    return c.get(f"/api/turnier/{tid}/organizer?k={key}{lang}", headers=headers)


def _seat_states(part: str, table: int) -> list[str]:
    block = part.split(f'data-online="{table}"')[1].split('data-online="')[0]
    return re.findall(r'<span class="oseat">([^<]*)</span>', block)


def test_the_organizer_page_updates_itself_when_a_player_connects_and_a_game_enters(
        client: TestClient) -> None:
    """The organizer page's live parts (``/api/turnier/{id}/organizer``, polled by
    turnier_org.js): only with the organizer key; 304 while nothing changed; a new answer
    when a player opens his seat link and when his game enters itself."""
    tid, key = _create(client, "short", NAMES[:6], "")
    before = _live(client, tid, key).json()  # no round drawn: no tables, no online part
    assert (before["round"], before["parts"]["online"], before["tables"]) == (0, None, {})
    assert _do(client, tid, key, action="draw", tables="1,2,3|4,5,6").status_code == 303
    for k in ("", "wrong", key[:-1]):
        r = client.get(f"/api/turnier/{tid}/organizer" + (f"?k={k}" if k else ""))
        assert r.status_code == 403 and "organizer key" in r.text
    assert client.get(f"/api/turnier/nosuch/organizer?k={key}").status_code == 404
    first = _live(client, tid, key)
    assert first.status_code == 200 and first.headers["cache-control"] == "no-store"
    data = first.json()
    assert data["round"] == 1 and data["missing"] == "1, 2"
    assert "Online-Tische für Runde 1 öffnen" in data["parts"]["online"]
    assert (data["tables"]["1"]["next"], data["tables"]["2"]["next"]) == (1, 1)
    etag = first.headers["etag"]
    assert _live(client, tid, key, etag).status_code == 304  # nothing changed
    assert _online(client, tid, key, action="open").status_code == 200
    opened = _live(client, tid, key, etag)
    assert opened.status_code == 200 and opened.headers["etag"] != etag
    etag = opened.headers["etag"]
    assert _seat_states(opened.json()["parts"]["online"], 1) == ["Link noch nicht geöffnet"] * 3
    english = _live(client, tid, key, lang="&lang=en").json()["parts"]["online"]
    assert _seat_states(english, 1) == ["link not opened yet"] * 3
    assert "waiting for the start" in english and "wartet auf den Start" in \
        opened.json()["parts"]["online"]
    tables = _tables(client, tid, key)
    for seat in (1, 2):
        assert _online(client, tid, key, action="bot", table=1, seat=seat).status_code == 303
    etag = _live(client, tid, key).headers["etag"]
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/tables/{tables[1]['id']}") as anna:
        hello(anna, token=tables[1]["tokens"][0])
        connected = _live(client, tid, key, etag)  # Anna opened her link
        assert connected.status_code == 200
        assert _seat_states(connected.json()["parts"]["online"], 1) == [
            "online", "Bot (heuristic)", "Bot (heuristic)"]
        etag = connected.headers["etag"]
        assert _online(client, tid, key, action="start", table=1).status_code == 303
        running = _live(client, tid, key, etag)
        assert '<span class="ostatus">Spiel 1 läuft</span>' in running.json()["parts"]["online"]
        etag = running.headers["etag"]
        _play_person(anna, rng)
        entered = _live(client, tid, key, etag)  # game 1 entered itself
    assert entered.status_code == 200
    left = _live(client, tid, key, entered.headers["etag"])  # Anna closed her page
    assert _seat_states(left.json()["parts"]["online"], 1)[0] == "nicht da"
    data = entered.json()
    assert 'class="record-link" href="/turnier/' + tid + '/record/1/1/1.json' in \
        data["tables"]["1"]["games"]
    assert data["tables"]["1"]["next"] == 2 and data["tables"]["2"]["next"] == 1
    assert "Spiel 1 vorbei, als Nächstes Spiel 2" in data["parts"]["online"]
    assert "Spiel 1 im Turnier eingetragen" in data["parts"]["online"]
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    loser = storage.load(db, tid).rounds[0].games[1][1].loser
    row = re.search(rf'<tr data-number="{loser}">.*?</tr>', data["parts"]["standings"])
    assert row and "<td>1</td><td>1</td></tr>" in row[0]  # 1 game, 1 lost
    assert "Runde 1, Tisch 1, Spiel 1:" in data["parts"]["history"]
    shown = client.get(f"/turnier/{tid}?k={key}").text  # the parts are the page's own
    for name in ("ledger", "history", "standings"):
        assert data["parts"][name].strip() in shown, name
    assert _live(client, tid, key, left.headers["etag"]).status_code == 304
    # a phone reports table 2's game 1: it appears in the waiting reports
    page = client.get(f"/turnier/{tid}?k={key}").text
    link = re.findall(r'class="table-link" href="([^"]*)"', page)[1].replace("&amp;", "&")
    path, k = link.split("?k=")
    assert client.post(path, data={"k": k, "game": 1, "loser": 6, "out": "4, 5"}).status_code == 200
    reported = _live(client, tid, key, left.headers["etag"])
    assert reported.status_code == 200
    pending = reported.json()["parts"]["pending"]
    assert "Meldungen der Tische (1)" in pending and "Tisch 2 · Spiel 1" in pending
    # the page itself carries what its script asks with, and the parts it replaces
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert f'data-url="/api/turnier/{tid}/organizer?k={key}"' in page
    for part in ('data-live="online"', 'data-live="pending"', 'data-live="standings"',
                 'data-live-games="1"', 'data-enter="2"'):
        assert part in page


def test_an_online_game_undone_while_the_next_one_runs_loses_nothing(
        client: TestClient) -> None:
    """Game 1 enters itself; the organizer undoes it while game 2 runs. Game 2's report
    then waits with its record (it cannot enter before game 1), the table says so, the
    table plays game 1 again, and once that is entered the organizer confirms game 2."""
    tid, key = _create(client, "short", NAMES[:6], "1,2,3|4,5,6")
    assert _online(client, tid, key, action="open", table=1).status_code == 200
    tb = _tables(client, tid, key)[1]
    for seat in (1, 2):
        assert _online(client, tid, key, action="bot", table=1, seat=seat).status_code == 303
    assert _online(client, tid, key, action="start", table=1).status_code == 303
    card = client.get(f"/turnier/{tid}?k={key}").text.split('data-table="1"')[1]
    assert "Dieser Tisch spielt online (Spiel 1" in card  # started: now it plays
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    rng = random.Random(11)
    with client.websocket_connect(f"/ws/tables/{tb['id']}") as anna:
        hello(anna, token=tb["tokens"][0])
        _play_person(anna, rng)
        assert storage.load(db, tid).next_game(1, 1) == 2
        anna.send_json({"type": "rematch"})  # game 2 starts
        assert _do(client, tid, key, action="undo").status_code == 303  # game 1 undone
        assert storage.load(db, tid).next_game(1, 1) == 1
        over = _play_person(anna, rng)  # game 2 ends
        note = over["table"]["series"]["note"]
        assert note["de"].startswith("Spiel 2 mit Protokoll gemeldet; es wartet"), note
        assert "Spiel 1" in note["de"] and "game 1" in note["en"]
        assert over["table"]["series"]["next"] == 1  # game 1 again
        page = client.get(f"/turnier/{tid}?k={key}").text
        assert "Tisch 1 · Spiel 2" in page and "online gespielt" in page  # waiting, with proof
        anna.send_json({"type": "rematch"})  # game 1 once more, and entered
        over = _play_person(anna, rng)
        assert over["table"]["series"]["note"]["de"].startswith("Spiel 1 im Turnier eingetragen")
    r = _do(client, tid, key, action="confirm_all")
    assert r.status_code == 200 and "1 Meldung(en) bestätigt; 0 warten noch" in r.text
    games = storage.load(db, tid).rounds[0].games[1]
    assert sorted(games) == [1, 2] and all(g.record is not None for g in games.values())


def test_one_tables_actions_on_its_own_path(client: TestClient) -> None:
    """The page posts a table's actions to ``/t/{table id}/turnier`` (a proxy routes it
    to the table's process): the organizer's key and the tournament are checked there."""
    tid, key = _create(client, "short", NAMES[:6], "1,2,3|4,5,6")
    other, other_key = _create(client, "short", NAMES[:6], "1,2,3|4,5,6")
    assert _online(client, tid, key, action="open").status_code == 200
    page = client.get(f"/turnier/{tid}?k={key}").text
    tables = _tables(client, tid, key)
    one = tables[1]["id"]
    assert f'action="/t/{one}/turnier"' in page and f'name="tid" value="{tid}"' in page
    assert f'action="/t/{one}/turnier?lang=en"' in client.get(f"/turnier/{tid}?k={key}&lang=en").text

    def on(table: str, **data: Any) -> Any:
        return client.post(f"/t/{table}/turnier", data={"tid": tid, "k": key, **data},
                           follow_redirects=False)

    r = on(one, action="bot", seat=0)
    assert r.status_code == 303 and r.headers["location"] == f"/turnier/{tid}?k={key}#online"
    assert _tables(client, tid, key)[1]["state"][0] == "Bot (heuristic)"
    assert on(one, action="nonsense").status_code == 400
    assert "allowed: open, start_all, start, bot" in client.post(
        f"/t/{one}/turnier?lang=en", data={"tid": tid, "k": key, "action": "x"}).text
    assert on(one, action="bot", seat=7).status_code == 409  # no such seat
    assert client.post(f"/t/{one}/turnier", data={"tid": tid, "k": "wrong",
                                                  "action": "start"}).status_code == 403
    assert client.post(f"/t/{one}/turnier", data={"tid": other, "k": other_key,
                                                  "action": "start"}).status_code == 404
    assert on("nosuchtable", action="start").status_code == 404
    assert on(one, action="start").status_code == 303
    # Anna's seat link was never opened and the table is in no process's memory: the
    # page reads it from the database and says the link was opened once she opened it
    live = client.app.state.tables.live  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{tables[2]['id']}") as emil:
        hello(emil, token=tables[2]["tokens"][0])
    live.pop(tables[2]["id"], None)
    assert _tables(client, tid, key)[2]["state"] == ["Link geöffnet", "Link noch nicht geöffnet",
                                                     "Link noch nicht geöffnet"]
    # "start all" starts a table nobody holds in the database: it is loaded started
    r = _online(client, tid, key, action="start_all")
    assert _notice(r.text) == "1 Online-Tisch(e) gestartet"
    assert tables[2]["id"] not in live
    with client.websocket_connect(f"/ws/tables/{tables[2]['id']}") as emil:
        hello(emil, token=tables[2]["tokens"][0])
        assert read_state(emil)["table"]["started"]


def read_state(ws: Any) -> dict[str, Any]:
    while (m := ws.receive_json())["type"] != "state":
        pass
    return dict(m)


def test_a_copy_another_process_changed_is_reloaded(client: TestClient) -> None:
    """What several processes (PostgreSQL) do every second: a process whose copy of an
    online table differs from the database (another process acted on it) loads it again
    and sends its people the table as stored; before the organizer acts, too."""
    import asyncio

    from schock.web.session import TableSession
    from schock.web.sync import sync_once
    from schock.web.tournament_online import attach

    tid, key, tb = _bot_table(client, 1)
    tables = client.app.state.tables  # type: ignore[attr-defined]
    db = tables.repo.db
    here = tables.live[tb["id"]]
    assert asyncio.run(sync_once(tables, db)) == []  # the same: nothing to do
    with client.websocket_connect(f"/ws/tables/{tb['id']}") as ws:
        hello(ws)
        assert not read_state(ws)["table"]["started"]
        # "another process": its own copy from the database, started and a seat given back
        there = TableSession.restore(tables.repo.load(tb["id"]), tables.repo, tables.settings)
        attach(db)(there)
        tables.repo.set_flags(there.id, started=True)
        assert client.portal.call(sync_once, tables, db) == [tb["id"]]  # type: ignore[attr-defined]
        assert here.started and tables.live[tb["id"]] is here
        assert read_state(ws)["table"]["started"]
    # the organizer acts at this process right after another one changed the seats
    seats = there.stored_seats(there.seats)
    seats[0] = type(seats[0])(seats[0].name, None, seats[0].token_hash)
    tables.repo.set_seats(there.id, seats)
    assert _online(client, tid, key, action="bot", table=1, seat=0).status_code == 303
    assert [s.bot for s in here.seats] == ["heuristic"] * 3  # not refused as a bot already


def test_the_live_endpoint_answers_304_without_loading_or_rendering(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``ETag`` is made from the stored state: a 304 neither replays the tournament
    nor renders a part; an undo (an event's flag, no new event) changes it."""
    from schock.web import tournament_pages

    tid, key, _ = _bot_table(client, 1)
    assert _do(client, tid, key, action="enter", table=2, game=1, loser=4,
               out="5, 6").status_code == 303
    etag = _live(client, tid, key).headers["etag"]

    def no(*_args: Any, **_kw: Any) -> Any:
        raise AssertionError("loaded or rendered for a 304")

    with monkeypatch.context() as m:
        m.setattr(tournament_pages.storage, "load", no)
        m.setattr(client.app.state.templates.env, "get_template", no)  # type: ignore[attr-defined]
        assert _live(client, tid, key, etag).status_code == 304
    assert _do(client, tid, key, action="undo").status_code == 303
    undone = _live(client, tid, key, etag)
    assert undone.status_code == 200 and undone.headers["etag"] != etag
    assert undone.json()["tables"]["2"]["next"] == 1
    assert _live(client, tid, key, etag, lang="&lang=en").headers["etag"] != undone.headers["etag"]


def test_a_table_of_an_earlier_round_refuses_the_organizers_actions(client: TestClient) -> None:
    tid, key = _create(client, "short", NAMES[:6], "1,2,3|4,5,6")
    assert _online(client, tid, key, action="open").status_code == 200
    tables = _tables(client, tid, key)
    for number in (1, 2):
        for seat in range(3):
            assert _online(client, tid, key, action="bot", table=number,
                           seat=seat).status_code == 303
    assert _notice(_online(client, tid, key, action="start_all").text) == \
        "2 Online-Tisch(e) gestartet"
    for tb in tables.values():
        _until_done(client, tb["id"])
    assert _do(client, tid, key, action="draw", tables="1,4|2,5|3,6").status_code == 303
    r = client.post(f"/t/{tables[1]['id']}/turnier",
                    data={"tid": tid, "k": key, "action": "start"})
    assert r.status_code == 400
    assert _error(r.text) == ("dieser Online-Tisch spielt Runde 1; die laufende Runde ist 2; "
                              "erlaubt: die Tische von Runde 2")
