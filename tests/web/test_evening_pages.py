"""The Stammtisch pages with the TestClient: forms, duplicates, ledger, statistics, CSV, restart."""

from __future__ import annotations

import csv
import html
import io
import re
from importlib.resources import files
from pathlib import Path

from fastapi.testclient import TestClient
from webhelp import make_client

ABC = ["Anna", "Ben", "Cem"]


def new_group(client: TestClient, members: str = "Anna\nBen\nCem", **extra: str) -> str:
    r = client.post("/abend/groups", data={"name": "Dienstag", "members": members, **extra},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"])


def form_of(client: TestClient, url: str) -> dict[str, str]:
    page = client.get(url).text
    found = dict(re.findall(r'name="(version|entry_id)" value="(\w*)"', page))
    return found


def game(client: TestClient, url: str, loser: str, **extra: object) -> object:
    data: dict[str, object] = {"loser": loser, "schock_aus": "0", "players": ABC, **form_of(client, url)}
    data.update(extra)
    return client.post(url + "/games", data=data, follow_redirects=False)


def test_an_evening_in_the_browser(tmp_path: Path) -> None:
    with make_client(str(tmp_path / "w.db")) as client:
        assert "Neue Runde" in client.get("/abend").text
        assert 'href="/abend?lang=en"' in client.get("/?lang=en").text
        url = new_group(client)
        assert client.post(url + "/evenings", data={"day": "2026-11-20"},
                           follow_redirects=False).status_code == 303
        page = client.get(url).text
        assert 'value="Ben"' in page and "wer hat verloren?" in page
        assert game(client, url, "Ben", schock_aus="1").status_code == 303  # type: ignore[attr-defined]
        assert game(client, url, "Anna").status_code == 303  # type: ignore[attr-defined]
        ledger = client.get(url + "/ledger").text
        assert re.search(r"<td>Ben</td><td>2 Runden</td>", ledger)
        r = client.post(url + "/settle", data={"payer": "Ben", "amount": "1", "entry_id": "p1"},
                        follow_redirects=False)
        assert r.status_code == 303
        again = client.post(url + "/settle", data={"payer": "Ben", "amount": "1", "entry_id": "p1"})
        assert again.status_code == 409 and "already entered" in again.text
        assert re.search(r"<td>Ben</td><td>1 Runden</td>", client.get(url + "/ledger").text)
        stats = client.get(url + "/stats")
        assert stats.status_code == 200 and "<svg" in stats.text and "Längste Pechsträhne" in stats.text
        flat = re.sub(r">\s+<", "><", stats.text)
        assert "<td>Ben</td><td>2</td><td>1</td><td>50 %</td><td>1</td>" in flat
        en = client.get(url + "/stats?evening=1&lang=en").text
        assert "Longest losing run" in en and "Losses per member" in en
        rows = list(csv.DictReader(io.StringIO(client.get(url + "/games.csv").text)))
        assert [(r["loser"], r["schock_aus"]) for r in rows] == [("Ben", "1"), ("Anna", "0")]
        assert "payment,Ben,,1,rounds" in client.get(url + "/ledger.csv").text

    with make_client(str(tmp_path / "w.db")) as client:  # the server restarted
        assert re.search(r"<td>Ben</td><td>1 Runden</td>", client.get(url + "/ledger").text)
        assert "Dienstag" in client.get("/abend").text


def test_a_form_posted_twice_counts_once(client: TestClient) -> None:
    url = new_group(client)
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    data = {"loser": "Ben", "schock_aus": "0", "players": ABC, **form_of(client, url)}
    assert client.post(url + "/games", data=data, follow_redirects=False).status_code == 303
    twice = client.post(url + "/games", data=data)
    assert twice.status_code == 409 and "schon eingetragen" in twice.text
    assert client.get(url + "/games.csv").text.count("\n") == 2


def test_two_phones_see_the_other_entry_first(client: TestClient) -> None:
    url = new_group(client)
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    phone1, phone2 = form_of(client, url), form_of(client, url)
    assert phone1["entry_id"] != phone2["entry_id"]
    base = {"schock_aus": "0", "players": ABC}
    assert client.post(url + "/games", data={**base, "loser": "Ben", **phone1},
                       follow_redirects=False).status_code == 303
    r = client.post(url + "/games", data={**base, "loser": "Ben", **phone2})
    assert r.status_code == 409 and "Inzwischen wurde Spiel" in html.unescape(r.text)
    assert client.get(url + "/games.csv").text.count("\n") == 2  # not counted
    confirm = {**base, "loser": "Ben", "confirm": "yes", "entry_id": phone2["entry_id"],
               "version": re.findall(r'name="version" value="(\d+)"', r.text)[0]}
    assert client.post(url + "/games", data=confirm, follow_redirects=False).status_code == 303
    assert client.get(url + "/games.csv").text.count("\n") == 3


def test_upload_a_record_and_void(client: TestClient) -> None:
    url = new_group(client, "Dieter\nElke\nFrank")
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    text = (files("schock.examples") / "porz-game.json").read_bytes()
    r = client.post(url + "/games", data=form_of(client, url),
                    files={"record_file": ("porz.json", text, "application/json")},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    rows = list(csv.DictReader(io.StringIO(client.get(url + "/games.csv").text)))
    assert rows[0]["loser"] == "Elke" and rows[0]["half_losers"] == "Elke"
    twice = client.post(url + "/games", data=form_of(client, url),
                        files={"record_file": ("porz.json", text, "application/json")})
    assert twice.status_code == 409 and "schon eingetragen" in twice.text
    seq = rows[0]["entry"]
    assert client.post(url + "/void", data={"entry": seq}, follow_redirects=False).status_code == 303
    assert "yes" in client.get(url + "/games.csv").text.splitlines()[1]
    bad = client.post(url + "/games", data=form_of(client, url),
                      files={"record_file": ("x.json", b"{}", "application/json")})
    assert bad.status_code == 400 and 'class="error"' in bad.text


def test_money_group_settles_between_members(client: TestClient) -> None:
    url = new_group(client, "A, B", stake="geld", amount="2,50", currency="EUR")
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    data = {"loser": "A", "schock_aus": "0", "players": ["A", "B"], **form_of(client, url)}
    client.post(url + "/games", data=data)
    assert "A schuldet B 2.50 EUR" in client.get(url + "/ledger").text
    r = client.post(url + "/settle", data={"payer": "A", "payee": "B", "amount": "5"})
    assert r.status_code == 400 and "more than A owes B" in html.unescape(r.text)
    client.post(url + "/settle", data={"payer": "A", "payee": "B", "amount": ""})
    assert "schuldet" not in client.get(url + "/ledger").text


def test_bad_input_everywhere(client: TestClient) -> None:
    r = client.post("/abend/groups", data={"name": "X", "members": "Anna"})
    assert r.status_code == 400 and "at least 2 names" in html.unescape(r.text)
    r = client.post("/abend/groups", data={"name": "X", "members": "A\nB", "stake": "geld", "amount": "viel"})
    assert r.status_code == 400 and "amount: 'viel'" in html.unescape(r.text)
    r = client.post("/abend/groups", data={"name": "X", "members": "A\nB", "stake": "bier"})
    assert r.status_code == 400 and "allowed: runde, geld" in html.unescape(r.text)
    r = client.post("/abend/groups", data={"name": "X" * 300, "members": "A\nB"})
    assert r.status_code == 400
    assert client.get("/abend").text.count("/abend/g/") == 0  # nothing stored
    url = new_group(client)
    r = game(client, url, "Ben")
    assert r.status_code == 400 and "no evening is open" in html.unescape(r.text)  # type: ignore[attr-defined]
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    assert client.post(url + "/evenings", data={"day": "morgen"}).status_code == 400
    for loser, sa, msg in [("Zed", "0", "not a member"), ("", "0", "loser: missing"),
                           ("Ben", "-1", "Schock Aus: '-1'"), ("Ben", "99", "allowed: 0 to 20")]:
        r = game(client, url, loser, schock_aus=sa)
        assert r.status_code == 400 and msg in html.unescape(r.text), msg  # type: ignore[attr-defined]
    r = client.post(url + "/games", data={"loser": "Ben", "players": ABC})
    assert r.status_code == 400 and "version: missing" in html.unescape(r.text)
    assert client.post(url + "/void", data={"entry": "x"}).status_code == 400
    assert client.post(url + "/members", data={"name": "anna"}).status_code == 400
    assert client.post(url + "/settle", data={"payer": "Zed"}).status_code == 400
    assert client.get(url + "/stats?evening=7").status_code == 400
    assert client.get("/abend/g/nope").status_code == 404
    assert client.get("/abend/g/" + "x" * 50 + "/ledger").status_code == 404
    assert client.get(url + "/games.csv").text.count("\n") == 1  # only the header
