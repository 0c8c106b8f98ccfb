"""Tournament tables that scorekeep their games (issue 10, item 3: "or by scorekeeping the
game as in 1"), the Schock Aus and points-column fields, and the whole-card form."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from test_tournament_chips_pages import EIGHT, _start
from test_tournament_pages import _do, _setup
from webhelp import make_client

from schock.engine.actions import EinkaufenAction, ThrowAction
from schock.engine.record import from_json, replay
from schock.keep import Result, format_entry
from schock.store.tournament_keep import TournamentKeptRow
from schock.tournament import storage
from schock.tournament.domain import GameEntered
from schock.tournament.proof import ranking_from_game


def _db(c: TestClient) -> Any:
    return c.app.state.tables.repo.db  # type: ignore[attr-defined]


def _keep_start(c: TestClient, link: str) -> str:
    path, key = link.split("?k=")
    r = c.post(path + "/keep", data={"k": key}, follow_redirects=False)
    assert r.status_code == 303, r.text
    m = re.fullmatch(r"/keep/([\w-]+)", r.headers["location"])
    assert m, r.headers["location"]
    return m[1]


def _play(c: TestClient, kid: str, winner: int = 0) -> dict[str, Any]:
    """Scorekeep the kept game to its end through the API: seat ``winner`` throws
    Schock Aus, the others 2-3-5; in a roll-off ``winner`` throws 6, seat s throws s + 1."""
    for _ in range(400):
        st: dict[str, Any] = c.get(f"/api/keep/{kid}").json()
        if st["over"]:
            return st
        exp = st["expecting"]
        seat = exp["seat"]
        if exp["kind"] == "roll_off":
            entry: Any = ThrowAction((6 if seat == winner else seat % 5 + 1,))
        elif exp["kind"] == "einkaufen":
            entry = EinkaufenAction(False)
        else:
            assert exp["kind"] == "result", exp
            dice = (1, 1, 1) if seat == winner else (2, 3, 5)
            entry = Result(dice, 1, (), 0, False, None)
        r = c.post(f"/api/keep/{kid}/entries",
                   json={"n": st["entries"], "entry": format_entry(seat, entry)})
        assert r.status_code == 201, r.text
    raise AssertionError("the kept game did not end")


def _report(c: TestClient, link: str, kid: str, **kw: Any) -> Any:
    path, key = link.split("?k=")
    return c.post(f"{path}/keep/{kid}", data={"k": key, **kw})


def _pending_ids(c: TestClient, tid: str, key: str) -> list[str]:
    return re.findall(r'data-pending="(\d+)"', c.get(f"/turnier/{tid}?k={key}").text)


def test_a_table_scorekeeps_its_game_and_the_organizer_confirms_it(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    page = client.get(t1).text
    assert "Spiel 1 mitschreiben" in page
    kid = _keep_start(client, t1)
    assert _keep_start(client, t1) == kid  # a second phone joins the same kept game
    keep_page = client.get(f"/keep/{kid}").text
    assert "zurück zur Tisch-Seite" in keep_page and "Runde 1 · Tisch 1 · Spiel 1" in keep_page
    assert 'data-testid="report"' not in keep_page  # not over yet
    r = _report(client, t1, kid)
    assert r.status_code == 400 and "noch nicht zu Ende" in r.text
    assert _pending_ids(client, tid, key) == []
    st = _play(client, kid, winner=0)
    keep_page = client.get(f"/keep/{kid}").text
    assert 'data-testid="report"' in keep_page
    # seats are the table's players in card order: 1 Anna, 2 Ben, 3 Carl
    assert st["names"] == ["1 Anna", "2 Ben", "3 Carl"]
    record = client.get(f"/keep/{kid}/record.json").json()
    loser, out, schock = ranking_from_game(replay(from_json(record)))
    r = _report(client, t1, kid)
    assert r.status_code == 200 and "Mitgeschriebenes Spiel gemeldet" in r.text, r.text
    assert "mitgeschrieben" in r.text
    # the same game reported again (a second phone): shown, counted once
    r = _report(client, t1, kid)
    assert r.status_code == 200 and "schon gemeldet" in r.text
    org = client.get(f"/turnier/{tid}?k={key}").text
    assert "mitgeschrieben" in org and "2× gemeldet" in org
    (pid,) = _pending_ids(client, tid, key)
    r = client.get(f"/turnier/{tid}/pending/{pid}/record.json?k={key}")
    assert r.status_code == 200 and r.json() == record
    assert client.get(f"/turnier/{tid}/pending/{pid}/record.json?k=wrong").status_code == 403
    assert _do(client, tid, key, action="confirm", pending=pid).status_code == 303
    t = storage.load(_db(client), tid)
    game = t.rounds[0].games[1][1]
    assert game.loser == loser + 1 and game.record == record
    assert [list(g) for g in game.out] == [[s + 1 for s in grp] for grp in out]
    assert dict(game.schock_aus) == {s + 1: n for s, n in schock.items()}
    assert dict(game.schock_aus)[1] >= 1  # Anna threw Schock Aus
    # confirming again, or reporting once more after the confirmation: counted once
    r = _do(client, tid, key, action="confirm", pending=pid)
    assert r.status_code == 400 and "pending" in r.text
    r = _report(client, t1, kid)
    assert "schon gemeldet" in r.text
    assert len(storage.load(_db(client), tid).rounds[0].games[1]) == 1
    # the table's next game is a new kept game; the previous loser starts it
    kid2 = _keep_start(client, t1)
    assert kid2 != kid
    st2 = client.get(f"/api/keep/{kid2}").json()
    assert st2["expecting"]["kind"] != "roll_off" and st2["expecting"]["seat"] == game.loser - 1


def test_a_kept_game_is_reported_only_for_its_own_table(client: TestClient) -> None:
    tid, key, (t1, t2) = _setup(client)
    kid = _keep_start(client, t1)
    _play(client, kid)
    # table 2's token on table 2's address: the game belongs to table 1
    r = _report(client, t2, kid)
    assert r.status_code == 403 and "nicht an diesem Tisch begonnen" in r.text
    # table 1's token on table 2's address: the token does not open table 2
    path2 = t2.split("?k=")[0]
    k1 = t1.split("?k=")[1]
    assert client.post(f"{path2}/keep/{kid}", data={"k": k1}).status_code == 403
    assert client.post(f"{path2}/keep", data={"k": k1}).status_code == 403
    # no token, a wrong token, an unknown kept game
    path1 = t1.split("?k=")[0]
    assert client.post(f"{path1}/keep/{kid}", data={}).status_code == 403
    assert client.post(f"{path1}/keep", data={"k": "x"}).status_code == 403
    r = _report(client, t1, "nosuchgame")
    assert r.status_code == 403
    # a kept game made on /keep by hand is not a tournament game
    r = client.post("/api/keep", json={"preset": "irmgarteich", "names": ["1 Anna", "2 Ben"]})
    other = r.json()["id"]
    assert _report(client, t1, other).status_code == 403
    assert 'data-testid="tournament"' not in client.get(f"/keep/{other}").text
    assert _pending_ids(client, tid, key) == []


def test_two_phones_starting_at_the_same_moment_share_one_kept_game(
    client: TestClient, monkeypatch: Any
) -> None:
    """The second phone looked before the first one's game was stored (no open game
    yet), then tried to store its own: the unique index refuses it and the phone
    joins the first one's game; nothing of the refused one is left behind."""
    from schock.store.keep import KeptGameRow
    from schock.web import tournament_tables

    _tid, _key, (t1, _t2) = _setup(client)
    first = _keep_start(client, t1)
    real = tournament_tables._open_kept
    calls: list[int] = []

    def not_yet_seen(*args: Any) -> str | None:
        calls.append(1)
        return None if len(calls) == 1 else real(*args)

    monkeypatch.setattr(tournament_tables, "_open_kept", not_yet_seen)
    with _db(client).session() as s:
        games_before = s.query(KeptGameRow).count()
    assert _keep_start(client, t1) == first
    assert len(calls) == 2
    with _db(client).session() as s:
        assert s.query(KeptGameRow).count() == games_before
        rows = s.query(TournamentKeptRow).filter_by(round=1, table=1, game=1).all()
        assert [(r.keep_id, r.open) for r in rows] == [(first, 1)]
    # reported, it is no longer open: a phone that starts now starts game 2
    monkeypatch.setattr(tournament_tables, "_open_kept", real)
    _play(client, first)
    assert _report(client, t1, first).status_code == 200
    with _db(client).session() as s:
        assert s.get(TournamentKeptRow, first).open is None  # type: ignore[union-attr]


def test_reject_then_report_again_and_the_desk_was_quicker(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    kid = _keep_start(client, t1)
    st = _play(client, kid)
    assert _report(client, t1, kid).status_code == 200
    (pid,) = _pending_ids(client, tid, key)
    assert _do(client, tid, key, action="reject", pending=pid).status_code == 303
    assert _pending_ids(client, tid, key) == []
    assert storage.load(_db(client), tid).rounds[0].games.get(1) is None
    # after a rejection the table may report it again
    r = _report(client, t1, kid)
    assert r.status_code == 200 and "gemeldet" in r.text
    (pid2,) = _pending_ids(client, tid, key)
    assert pid2 != pid
    # meanwhile the desk enters game 1 with another loser: confirming is refused
    other = 1 + (st["loser"] + 1) % 3
    assert _do(client, tid, key, action="enter", table=1, game=1, loser=other,
               out=",".join(str(p) for p in (1, 2, 3) if p != other)).status_code == 303
    r = _do(client, tid, key, action="confirm", pending=pid2)
    assert r.status_code == 400 and "schon mit einem anderen Ergebnis" in r.text
    assert storage.load(_db(client), tid).rounds[0].games[1][1].loser == other
    # a new kept game is for game 2 now
    kid2 = _keep_start(client, t1)
    with _db(client).session() as s:
        assert s.get(TournamentKeptRow, kid2).game == 2  # type: ignore[union-attr]


def test_a_kept_game_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    with make_client(db) as c:
        tid, key, (t1, _t2) = _setup(c)
        kid = _keep_start(c, t1)
        _play(c, kid)
    with make_client(db) as c:
        assert "zurück zur Tisch-Seite" in c.get(f"/keep/{kid}").text
        assert _report(c, t1, kid).status_code == 200
    with make_client(db) as c:
        assert "schon gemeldet" in _report(c, t1, kid).text
        (pid,) = _pending_ids(c, tid, key)
        assert _do(c, tid, key, action="confirm", pending=pid).status_code == 303
    with make_client(db) as c:
        t = storage.load(_db(c), tid)
        assert t.rounds[0].games[1][1].record is not None


def test_chips_table_scorekeeps_with_the_remaining_players(client: TestClient) -> None:
    tid, key = _start(client, "porz", EIGHT[:4], "1,2,3,4")
    page = client.get(f"/turnier/{tid}?k={key}").text
    (t1,) = [h.replace("&amp;", "&") for h in
             re.findall(r'class="table-link" href="([^"]*)"', page)]
    kid = _keep_start(client, t1)
    st = _play(client, kid, winner=2)
    assert st["names"] == ["1 Anna", "2 Ben", "3 Carl", "4 Dora"]
    assert _report(client, t1, kid).status_code == 200
    (pid,) = _pending_ids(client, tid, key)
    assert _do(client, tid, key, action="confirm", pending=pid).status_code == 303
    t = storage.load(_db(client), tid)
    assert t.rounds[0].games[1][1].loser == st["loser"] + 1


def test_schock_aus_and_points_fields(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    page = client.get(t1).text
    assert 'name="schock_aus"' in page and 'name="points"' in page
    # irmgarteich: first out 2 points, second 1, loser 0 (hand-computed from the format)
    t = storage.load(_db(client), tid)
    want = t.game_points(GameEntered(1, 1, 1, (1, 2, 3), 3, ((1,), (2,))))
    path, k = t1.split("?k=")
    r = client.post(path, data={"k": k, "game": 1, "loser": 3, "out": "1,2",
                                "schock_aus": "1:1, 2:1", "points": "1:99"})
    assert r.status_code == 400 and "Spieler 1 bekommt für seinen Platz" in r.text
    r = client.post(path, data={"k": k, "game": 1, "loser": 3, "out": "1,2",
                                "schock_aus": "1:x"})
    assert r.status_code == 400 and "Startnummer:Anzahl" in r.text
    r = client.post(path, data={"k": k, "game": 1, "loser": 3, "out": "1,2",
                                "schock_aus": "5:1"})
    assert r.status_code == 400 and "Spieler 5 sitzt nicht an Tisch 1" in r.text
    assert _pending_ids(client, tid, key) == []
    right = ", ".join(f"{p}:{v}" for p, v in want.items())
    r = client.post(path, data={"k": k, "game": 1, "loser": 3, "out": "1,2",
                                "schock_aus": "1:1, 2:1", "points": right})
    assert r.status_code == 200 and "Gemeldet" in r.text, r.text
    (pid,) = _pending_ids(client, tid, key)
    assert _do(client, tid, key, action="confirm", pending=pid).status_code == 303
    g = storage.load(_db(client), tid).rounds[0].games[1][1]
    assert dict(g.schock_aus) == {1: 1, 2: 1}
    # at the organizer's desk
    r = _do(client, tid, key, action="enter", table=2, game=1, loser=6, out="4,5",
            points="4:7")
    assert r.status_code == 400 and "Spieler 4 bekommt" in r.text
    assert _do(client, tid, key, action="enter", table=2, game=1, loser=6, out="4,5",
               schock_aus="5:1").status_code == 303
    assert dict(storage.load(_db(client), tid).rounds[0].games[2][1].schock_aus) == {5: 1}


def test_points_are_refused_in_a_chips_format(client: TestClient) -> None:
    tid, key = _start(client, "porz", EIGHT[:4], "1,2,3,4")
    r = _do(client, tid, key, action="enter", table=1, game=1, loser=2, points="1:1")
    assert r.status_code == 400 and "zählt Chips" in r.text
    assert storage.load(_db(client), tid).rounds[0].games.get(1) is None


def test_whole_card_all_or_nothing(client: TestClient) -> None:
    tid, key, _links = _setup(client)
    t = storage.load(_db(client), tid)
    n = t.format.games_per_round
    lines = ["1,2 / 3" if g % 2 else "2,3 / 1 / 2:1" for g in range(1, n + 1)]
    bad = [*lines]
    bad[1] = "2,3 / 9"
    r = _do(client, tid, key, action="card", table=1, card="\n".join(bad))
    assert r.status_code == 400 and "Zeile 2 (Spiel 2)" in r.text, r.text
    assert "Spieler 9 sitzt nicht an diesem Tisch" in r.text  # the domain's reason in German
    assert storage.load(_db(client), tid).rounds[0].games.get(1) is None  # nothing entered
    r = _do(client, tid, key, action="card", table=1, card="1,2 / 3 / x")
    assert r.status_code == 400 and "Zeile 1 des Zettels" in r.text
    r = _do(client, tid, key, action="card", table=1, card="\n".join([*lines, "1,2 / 3"]))
    assert r.status_code == 400 and f"Zeile {n + 1}" in r.text and "fertig" in r.text
    r = _do(client, tid, key, action="card", table=1, card="")
    assert r.status_code == 400 and "keine Spiele" in r.text
    r = _do(client, tid, key, action="card", table=7, card="1,2 / 3")
    assert r.status_code == 400 and "Tisch 7" in r.text
    # game 1 entered by phone first: the same result on the card is kept, once
    assert _do(client, tid, key, action="enter", table=1, game=1, loser=3,
               out="1,2").status_code == 303
    r = _do(client, tid, key, action="card", table=1, card="\n".join(lines))
    assert r.status_code == 303, r.text
    games = storage.load(_db(client), tid).rounds[0].games[1]
    assert sorted(games) == list(range(1, n + 1))
    assert [games[g].loser for g in sorted(games)] == [3 if g % 2 else 1 for g in sorted(games)]
    assert dict(games[2].schock_aus) == {2: 1}
    # the same card again changes nothing; a card that disagrees names its row
    assert _do(client, tid, key, action="card", table=1, card="\n".join(lines)).status_code == 303
    other = ["1,3 / 2", *lines[1:]]
    r = _do(client, tid, key, action="card", table=1, card="\n".join(other))
    assert r.status_code == 400 and "Zeile 1 (Spiel 1): schon mit Verlierer 3" in r.text
    log = storage.load(_db(client), tid).log
    assert sum(1 for e in log if e.event.kind == "game_entered") == n


def test_english_pages_and_a_finished_table(client: TestClient) -> None:
    tid, key = _start(client, "porz", EIGHT[:4], "1,2,3,4")
    page = client.get(f"/turnier/{tid}?k={key}&lang=en").text
    (t1,) = [h.replace("&amp;", "&") for h in
             re.findall(r'class="table-link" href="([^"]*)"', page)]
    assert "Scorekeep game 1" in client.get(t1).text
    path, k = t1.split("?k=")
    r = client.post(path + "/keep?lang=en", data={"k": k.split("&")[0]}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("?lang=en")
    kid = r.headers["location"].split("/keep/")[1].split("?")[0]
    assert "back to the table page" in client.get(f"/keep/{kid}?lang=en").text
    r = client.post(f"{path}/keep/{kid}?lang=en", data={"k": k.split("&")[0]})
    assert r.status_code == 400 and "not over yet" in r.text
    # the table plays its round to the end at the desk: no more scorekeeping there
    for game, loser in enumerate([2, 2, 2, 3, 3, 3, 4, 4, 4], start=1):
        assert _do(client, tid, key, action="enter", table=1, game=game,
                   loser=loser).status_code == 303
    assert "mitschreiben" not in client.get(t1.split("&")[0]).text
    r = client.post(path + "/keep", data={"k": k.split("&")[0]})
    assert r.status_code == 400 and "fertig" in r.text
    _play(client, kid)
    r = client.post(f"{path}/keep/{kid}", data={"k": k.split("&")[0]})
    assert r.status_code == 400 and "fertig" in r.text
    assert _pending_ids(client, tid, key) == []
