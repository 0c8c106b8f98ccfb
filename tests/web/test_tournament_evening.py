"""Issue 25, items 1 and 2, through the app's forms: players going out together on every
web form (the command line's ``2+3``), and game after game without waiting for the
organizer (pending reports per game, bulk confirmation, reports that show everything)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from fastapi.testclient import TestClient
from test_tournament_chips_pages import _links, _start
from test_tournament_pages import _do

from schock.tournament import storage
from schock.tournament.standings import standings

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]


def _setup(c: TestClient, preset: str = "irmgarteich", names: list[str] = NAMES,
           tables: str = "1,2,3|4,5,6") -> tuple[str, str, list[str]]:
    tid, key = _start(c, preset, names, tables)
    return tid, key, _links(c, tid, key)


def _send(c: TestClient, link: str, game: int, loser: int, **fields: str) -> Any:
    path, k = link.split("?k=")
    return c.post(path, data={"k": k, "game": game, "loser": loser, **fields})


def _db(c: TestClient) -> Any:
    return c.app.state.tables.repo.db  # type: ignore[attr-defined]


def _points(c: TestClient, tid: str) -> dict[int, Fraction]:
    return {s.number: s.points for s in standings(storage.load(_db(c), tid))}


def test_going_out_together_from_the_phone(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    # the reproduction: 1 and 2 go out together, the card's column says 6 and 6
    r = _send(client, t1, 1, 3, out="1+2", points="1:6, 2:6")
    assert r.status_code == 200, r.text
    assert "raus 1+2" in r.text
    # the iPhone's numeric keypad has no comma: spaces do, in both fields
    r = _send(client, t1, 2, 1, out="2 + 3", points="2:6 3:6")
    assert r.status_code == 200, r.text
    # a space between numbers is one after the other: the points check says so
    r = _send(client, t1, 3, 3, out="1 2", points="1:6 2:6")
    assert r.status_code == 400 and "Spieler 2 bekommt für seinen Platz 4 Punkte, nicht 6" in r.text
    r = _send(client, t1, 3, 3, out="1+x")
    assert r.status_code == 400 and "gleichzeitig rausgeht mit + verbunden" in r.text
    assert _do(client, tid, key, action="confirm_all").status_code == 200
    pts = _points(client, tid)
    assert (pts[1], pts[2], pts[3]) == (6 + 2, 6 + 6, 2 + 6)


def test_going_out_together_on_the_organizer_forms(client: TestClient) -> None:
    tid, key, _links = _setup(client)
    r = _do(client, tid, key, action="enter", table=1, game=1, out="1+2", loser=3,
            points="1:6, 2:6")
    assert r.status_code == 303, r.text
    r = _do(client, tid, key, action="card", table=2, card="4+5 / 6 / / 4:6 5:6\n4, 5 / 6")
    assert r.status_code == 303, r.text
    r = _do(client, tid, key, action="card", table=1,
            card="1+2 / 3\n2+3 / 1 / / 2:6, 3:6\n1, 2+3 / 3")
    assert r.status_code == 400 and "Zeile 3" in r.text  # 3 is in the order and the loser
    r = _do(client, tid, key, action="card", table=1, card="1+2 / 3\n2+3 / 1 / / 2:6, 3:6")
    assert r.status_code == 303, r.text
    pts = _points(client, tid)
    assert (pts[1], pts[2], pts[3]) == (8, 12, 8)
    assert (pts[4], pts[5], pts[6]) == (12, 10, 4)
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert "raus 1+2" in page and "raus 4, 5" in page


def test_the_table_plays_on_while_the_organizer_has_not_confirmed(client: TestClient) -> None:
    tid, key, (t1, _t2) = _setup(client)
    assert "Spiel 1 melden" in client.get(t1).text
    r = _send(client, t1, 1, 3, out="1, 2", schock_aus="1:1")
    assert r.status_code == 200
    # the page moves on at once, game 1 waits and shows everything it would enter
    assert 'name="game" value="2"' in r.text and "Spiel 2 melden" in r.text
    assert re.search(r'data-game="1">Spiel 1: Verlierer 3 · Carl · raus 1, 2 · Schock Aus 1: 1×',
                     r.text)
    r = _send(client, t1, 2, 1, out="2+3")
    assert r.status_code == 200 and 'name="game" value="3"' in r.text
    # an old form of game 1 sent again counts once; game 3 is still next
    r = _send(client, t1, 1, 3, out="1, 2", schock_aus="1:1")
    assert "schon gemeldet" in r.text and 'name="game" value="3"' in r.text
    # game 4 before game 3 is not the next game
    r = _send(client, t1, 4, 1, out="2, 3")
    assert r.status_code == 400 and "erlaubt: 3" in r.text
    # a report of game 1 that differs only in its Schock Aus counts shows that difference
    r = _send(client, t1, 1, 3, out="1, 2", schock_aus="1:1, 2:1")
    assert r.status_code == 200 and "ein anderes Ergebnis für dieses Spiel wartet" in r.text
    org = client.get(f"/turnier/{tid}?k={key}").text
    assert "Schock Aus 1: 1×</span>" in org and "Schock Aus 1: 1×, 2: 1×" in org
    assert org.count('class="conflict"') == 2
    # bulk: game 1 has two different reports, so it and game 2 wait
    r = _do(client, tid, key, action="confirm_all")
    assert r.status_code == 200 and "0 Meldung(en) bestätigt; 3 warten noch" in r.text
    ids = re.findall(r'data-pending="(\d+)" class="conflict"', r.text)
    assert _do(client, tid, key, action="reject", pending=ids[1]).status_code == 303
    r = _do(client, tid, key, action="confirm_all")
    assert "2 Meldung(en) bestätigt; 0 warten noch" in r.text
    t = storage.load(_db(client), tid)
    games = t.rounds[0].games[1]
    assert games[1].schock_aus == ((1, 1),) and games[2].out == ((2, 3),)
    page = client.get(t1).text
    assert 'name="game" value="3"' in page and "Spiel 2: Verlierer 1 · Anna · raus 2+3" in page


def test_bulk_confirm_in_game_order_and_per_table(client: TestClient) -> None:
    tid, key, (t1, t2) = _setup(client)
    for game in range(1, 4):
        assert _send(client, t1, game, 3, out="1, 2").status_code == 200
        assert _send(client, t2, game, 6, out="4, 5").status_code == 200
    # the organizer entered table 2's game 1 by hand with another result meanwhile
    t = storage.load(_db(client), tid)
    t.enter(1, 2, 1, loser=4, out=[[5], [6]])
    storage.save(_db(client), t)
    r = _do(client, tid, key, action="confirm_all")
    assert "3 Meldung(en) bestätigt; 3 warten noch" in r.text
    t = storage.load(_db(client), tid)
    assert sorted(t.rounds[0].games[1]) == [1, 2, 3] and sorted(t.rounds[0].games[2]) == [1]
    r = client.post(f"/turnier/{tid}/do?lang=en", data={"k": key, "action": "confirm_all"})
    assert "0 report(s) confirmed; 3 still waiting" in r.text


def test_chips_table_plays_on_with_the_projected_chips(client: TestClient) -> None:
    names = ["Anna", "Ben", "Carl", "Dora"]
    tid, key, (t1,) = _setup(client, "porz", names, "1,2,3,4")
    for game in range(1, 4):  # Ben loses three times: out, before the organizer confirms
        r = _send(client, t1, game, 2)
        assert r.status_code == 200, r.text
    assert re.findall(r'data-chips="(\d)"', r.text) == ["3", "0", "3", "3"]
    assert 'name="loser" value="2"' not in r.text and 'name="game" value="4"' in r.text
    r = _send(client, t1, 4, 2)
    assert r.status_code == 400 and "ausgeschieden" in r.text
    r = _do(client, tid, key, action="confirm_all")
    assert "3 Meldung(en) bestätigt; 0 warten noch" in r.text


def test_the_phone_says_loudly_when_the_next_game_is_a_trinkrunde(client: TestClient) -> None:
    tid, _key, (t1, _t2) = _setup(client)
    first = storage.load(_db(client), tid).rounds[0].trinkrunden[0]
    for game in range(1, first):
        assert 'id="trinkrunde"' not in client.get(t1).text
        assert _send(client, t1, game, 3, out="1, 2").status_code == 200
    page = client.get(t1).text
    assert f"Spiel {first} ist eine TRINKRUNDE" in page
    assert f"Game {first} is a TRINKRUNDE" in client.get(t1 + "&lang=en").text


def test_projector_hides_the_standings_in_the_last_round(client: TestClient) -> None:
    tid, key, _links = _setup(client)
    assert _do(client, tid, key, action="standings", mode="last").status_code == 303
    state = client.get(f"/api/turnier/{tid}/projector").json()
    assert state["standings"] is not None and state["rounds"] == 2 and not state["chips"]
    db = _db(client)
    t = storage.load(db, tid)

    def play_round(r: int) -> None:
        for table, seats in enumerate(t.rounds[r - 1].tables, start=1):
            for g in range(1, t.format.games_per_round + 1):
                t.enter(r, table, g, loser=seats[2], out=[[seats[0]], [seats[1]]],
                        schock_aus={seats[0]: 1} if g == 1 else None)

    play_round(1)
    t.draw()
    storage.save(db, t)
    state = client.get(f"/api/turnier/{tid}/projector").json()
    assert state["standings"] is None and state["koenig"] is None and state["round"] == 2
    play_round(2)
    storage.save(db, t)
    state = client.get(f"/api/turnier/{tid}/projector").json()
    assert len(state["standings"]) == 6 and state["koenig"][0]["count"] == 2
    assert {d["number"] for d in state["drinks"]} == set(range(1, 7))
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert 'value="last" aria-pressed="true">In der letzten Runde verdecken' in page
    assert client.get(f"/turnier/{tid}/projektor?turn=x").status_code == 400
    assert 'data-turn="0"' in client.get(f"/turnier/{tid}/projektor?turn=0").text


def test_organizer_page_in_words_and_as_the_format_counts(client: TestClient) -> None:
    names = ["Anna", "Ben", "Carl", "Dora"]
    tid, key, (t1,) = _setup(client, "porz", names, "1,2,3,4")
    assert _send(client, t1, 1, 2, schock_aus="3:1").status_code == 200
    assert _do(client, tid, key, action="confirm_all").status_code == 200
    assert _do(client, tid, key, action="withdraw", number=4).status_code == 303
    page = client.get(f"/turnier/{tid}?k={key}").text
    assert "<th>Chips</th>" in page and "<th>Punkte</th>" not in page
    assert '4 Dora <em class="withdrawn">(abgemeldet)</em>' in page
    assert "(porz · Runde 1)" in page
    # the history in words, not the stored JSON
    assert "Runde 1, Tisch 1, Spiel 1: Verlierer 2 · Ben · Schock Aus 3: 1×" in page
    assert "Runde 1 ausgelost, Tische 1: 1, 2, 3, 4" in page and "4 Dora abgemeldet" in page
    assert "angemeldet: 1 Anna" in page and "1 Anna anwesend" in page
    assert "{&#34;" not in page and '{"' not in page
    assert _do(client, tid, key, action="undo").status_code == 303
    page = client.get(f"/turnier/{tid}?k={key}&lang=en").text
    assert "entry #" in page and "undone" in page and "4 Dora withdrawn" in page
    tid2, key2, _links = _setup(client)
    assert "(irmgarteich · Runde 1 von 2)" in client.get(f"/turnier/{tid2}?k={key2}").text
