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


def new_group(client: TestClient, members: str = "Anna\nBen\nCem", name: str = "Dienstag",
              **extra: str) -> str:
    r = client.post("/abend/groups", data={"name": name, "members": members, **extra},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    url = str(r.headers["location"])
    assert re.fullmatch(r"/abend/g/[\w-]+/[\w-]{20,}", url), url
    return url


def text(r: object) -> str:
    return html.unescape(r.text)  # type: ignore[attr-defined]


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
        assert re.search(r"<td>Ben</td><td>schuldet 2 Runden</td>", ledger)
        r = client.post(url + "/settle", data={"payer": "Ben", "amount": "1", "entry_id": "p1"},
                        follow_redirects=False)
        assert r.status_code == 303
        again = client.post(url + "/settle", data={"payer": "Ben", "amount": "1", "entry_id": "p1"})
        assert again.status_code == 409 and "schon im Buch" in again.text
        assert re.search(r"<td>Ben</td><td>schuldet 1 Runde</td>", client.get(url + "/ledger").text)
        stats = client.get(url + "/stats")
        assert stats.status_code == 200 and "Längste Pechsträhne" in stats.text
        assert 'src="' + url + '/stats.svg?lang=de"' in stats.text
        plot = client.get(url + "/stats.svg")
        assert plot.headers["content-type"] == "image/svg+xml" and plot.text.startswith("<svg")
        flat = re.sub(r' data-label="[^"]*"', "", re.sub(r">\s+<", "><", stats.text))
        assert "<td>Ben</td><td>2</td><td>1</td><td>50\xa0%</td><td>1</td>" in flat
        en = client.get(url + "/stats?evening=1&lang=en").text
        assert "Longest losing run" in en and "Losses per member" in client.get(
            url + "/stats.svg?evening=1&lang=en").text
        assert "20.11.2026" in client.get(url).text and "Nov 20, 2026" in en
        rows = list(csv.DictReader(io.StringIO(client.get(url + "/games.csv").text)))
        assert [(r["loser"], r["schock_aus"]) for r in rows] == [("Ben", "1"), ("Anna", "0")]
        assert "payment,Ben,,1,rounds" in client.get(url + "/ledger.csv").text

    with make_client(str(tmp_path / "w.db")) as client:  # the server restarted
        assert re.search(r"<td>Ben</td><td>schuldet 1 Runde</td>", client.get(url + "/ledger").text)
        assert "Dienstag" not in client.get("/abend").text  # no public list of groups


def test_a_form_posted_twice_counts_once(client: TestClient) -> None:
    url = new_group(client)
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    data = {"loser": "Ben", "schock_aus": "0", "players": ABC, **form_of(client, url)}
    assert client.post(url + "/games", data=data, follow_redirects=False).status_code == 303
    twice = client.post(url + "/games", data=data)
    assert twice.status_code == 409 and "schon im Buch" in twice.text
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
    assert twice.status_code == 409 and "schon im Buch" in twice.text
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
    page = text(client.get(url + "/ledger"))
    assert "A zahlt B <strong>2,50\xa0€</strong>" in page and "<td>B</td><td>bekommt 2,50\xa0€</td>" in page
    assert "„schuldet“: zahlt so viel" in page  # what the signs mean, in words
    assert "A pays B <strong>€2.50</strong>" in text(client.get(url + "/ledger?lang=en"))
    r = client.post(url + "/settle", data={"payer": "A", "payee": "B", "amount": "5"})
    assert r.status_code == 400
    assert "Betrag: 5,00\xa0€ ist mehr, als A B schuldet (2,50\xa0€)" in text(r)
    assert 'value="5"' in r.text  # the form keeps what was typed
    r = client.post(url + "/settle?lang=en", data={"payer": "A", "payee": "B", "amount": "5"})
    assert "amount: €5.00 is more than A owes B (€2.50)" in text(r)
    client.post(url + "/settle", data={"payer": "A", "payee": "B", "amount": ""})
    page = text(client.get(url + "/ledger"))
    assert "Zum Begleichen" not in page and "<td>A</td><td>nichts offen</td>" in page


def test_the_issue_split_to_the_cent(client: TestClient) -> None:
    """2,50 € over three: 0,84/0,83/0,83 on the page; three games: 2,50 € each."""
    url = new_group(client, "Anna\nBen\nCem\nDora", stake="geld", amount="2,50")
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    four = ["Anna", "Ben", "Cem", "Dora"]
    client.post(url + "/games", data={"loser": "Ben", "players": four, **form_of(client, url)})
    page = text(client.get(url + "/ledger"))
    assert [m for m in re.findall(r"zahlt \w+ <strong>([^<]+)</strong>", page)] == [
        "0,84\xa0€", "0,83\xa0€", "0,83\xa0€"]
    for _ in range(2):
        client.post(url + "/games", data={"loser": "Ben", "players": four, **form_of(client, url)})
    page = text(client.get(url + "/ledger"))
    assert re.findall(r"zahlt \w+ <strong>([^<]+)</strong>", page) == ["2,50\xa0€"] * 3


def test_groups_open_only_by_their_link(client: TestClient) -> None:
    url = new_group(client)
    gid, key = url.split("/")[3:5]
    assert client.get(url).status_code == 200
    index = client.get("/abend").text
    assert gid not in index and "Dienstag" not in index  # no public index
    for bad in (f"/abend/g/{gid}", f"/abend/g/{gid}/{key[:-1]}{'y' if key[-1] == 'x' else 'x'}", f"/abend/g/{gid}/x/ledger",
                f"/abend/g/{gid}/wrong/stats", f"/abend/g/{gid}/wrong/games.csv",
                f"/abend/g/{gid}/wrong/stats.svg", f"/abend/g/{gid}/{'k' * 70}"):
        r = client.get(bad)
        assert r.status_code == 404 and "Dienstag" not in r.text, bad
    assert "Keine solche Gruppe" in text(client.get(f"/abend/g/{gid}"))
    assert "no such group" in text(client.get(f"/abend/g/{gid}?lang=en"))
    r = client.post(f"/abend/g/{gid}/wrong/evenings", data={"day": "2026-11-20"})
    assert r.status_code == 404
    assert "Noch keine Spiele" in client.get(url).text and "Abend 1" not in client.get(url).text


def test_an_old_group_gets_its_secret_on_first_need(client: TestClient) -> None:
    from sqlalchemy import delete

    from schock.evening.repo import ensure_group_secret
    from schock.store.evening import EveningAccessRow

    url = new_group(client)
    gid, key = url.split("/")[3:5]
    db = client.app.state.db  # type: ignore[attr-defined]
    with db.session() as s:  # as if stored before the secrets existed
        s.execute(delete(EveningAccessRow).where(EveningAccessRow.group_id == gid))
    assert client.get(url).status_code == 404
    new = ensure_group_secret(db, gid)
    assert new != key and client.get(f"/abend/g/{gid}/{new}").status_code == 200


def test_a_name_matplotlib_would_read_as_math(client: TestClient) -> None:
    url = new_group(client, "$\\foo$\n_unten\nCem\n$x^2$")
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    names = ["$\\foo$", "_unten", "Cem", "$x^2$"]
    for loser in names:
        r = client.post(url + "/games", data={"loser": loser, "players": names, **form_of(client, url)},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
    assert client.get(url + "/stats").status_code == 200
    plot = client.get(url + "/stats.svg")
    assert plot.status_code == 200
    assert "<!-- $\\foo$ -->" in plot.text and "<!-- _unten -->" in plot.text  # drawn as typed
    assert client.get(url + "/stats.svg?evening=1").status_code == 200


def test_bad_input_everywhere(client: TestClient) -> None:
    r = client.post("/abend/groups", data={"name": "X", "members": "Anna"})
    assert r.status_code == 400 and "Mitglieder: 1; erlaubt: mindestens 2 Namen" in text(r)
    assert ">Anna</textarea>" in r.text and 'value="X"' in r.text  # the form keeps what was typed
    r = client.post("/abend/groups?lang=en", data={"name": "X", "members": "Anna"})
    assert r.status_code == 400 and "members: 1; allowed: at least 2 names" in text(r)
    r = client.post("/abend/groups", data={"name": "X", "members": "A\nB", "stake": "geld", "amount": "viel"})
    assert r.status_code == 400 and "Betrag: 'viel'; erlaubt: ein Betrag wie 2,50" in text(r)
    assert 'value="viel"' in r.text and 'value="geld" checked' in r.text
    r = client.post("/abend/groups", data={"name": "X", "members": "A\nB", "stake": "bier"})
    assert r.status_code == 400 and "erlaubt: runde (eine Runde), geld (Geld)" in text(r)
    r = client.post("/abend/groups", data={"name": "X" * 300, "members": "A\nB"})
    assert r.status_code == 400 and "länger als 200 Zeichen" in text(r)
    r = client.post("/abend/groups", data={"name": "X", "members": "A\nA"})
    assert r.status_code == 400 and "'A' ist schon Mitglied" in text(r)
    url = new_group(client)
    r = client.post("/abend/groups", data={"name": "dienstag", "members": "A\nB"})
    assert r.status_code == 400 and "Es gibt schon eine Gruppe 'dienstag'" in text(r)
    r = game(client, url, "Ben")
    assert r.status_code == 400 and "Kein Abend ist offen" in text(r)
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    r = client.post(url + "/evenings", data={"day": "morgen"})
    assert r.status_code == 400 and "Datum: 'morgen'" in text(r) and 'value="morgen"' in r.text
    cases = [("Zed", "0", "Verlierer: 'Zed' ist kein Mitglied", "loser: 'Zed' is not a member"),
             ("", "0", "Verlierer: fehlt", "loser: missing"),
             ("Ben", "-1", "Schock Aus: '-1'; erlaubt: 0 bis 20", "Schock Aus: '-1'; allowed: 0 to 20"),
             ("Ben", "99", "erlaubt: 0 bis 20", "allowed: 0 to 20")]
    for loser, sa, de, en in cases:
        r = game(client, url, loser, schock_aus=sa)
        assert r.status_code == 400 and de in text(r), de
        assert f'name="schock_aus" type="number" min="0" max="20" value="{sa}"' in r.text
        r = client.post(url + "/games?lang=en", data={"loser": loser, "schock_aus": sa, "players": ABC,
                                                     **form_of(client, url)})
        assert r.status_code == 400 and en in text(r), en
    r = game(client, url, "Ben", players=["Ben"])
    assert r.status_code == 400 and "Spieler: 1; erlaubt: 2 bis 40" in text(r)
    assert 'value="Ben" checked' in r.text and 'value="Anna" >' in r.text  # ticks kept
    r = client.post(url + "/games", data={"loser": "Ben", "players": ABC})
    assert r.status_code == 400 and "Version: fehlt" in text(r)
    r = client.post(url + "/void", data={"entry": "x"})
    assert r.status_code == 400 and "Eintrag: 'x' ist keine ganze Zahl" in text(r)
    r = client.post(url + "/members", data={"name": "anna"})
    assert r.status_code == 400 and "'anna' ist schon Mitglied" in text(r) and 'value="anna"' in r.text
    r = client.post(url + "/members?lang=en", data={"name": "anna"})
    assert "'anna' is already in the group" in text(r)
    r = client.post(url + "/settle", data={"payer": "Zed", "amount": "2"})
    assert r.status_code == 400 and "Zahler: 'Zed' ist kein Mitglied" in text(r) and 'value="2"' in r.text
    r = client.post(url + "/settle", data={"payer": "Anna", "amount": "x"})
    assert r.status_code == 400 and "eine ganze Zahl von Runden" in text(r)
    r = client.post(url + "/settle", data={"payer": "Anna"})
    assert r.status_code == 400 and "Anna schuldet der Runde nichts" in text(r)
    r = client.get(url + "/stats?evening=7")
    assert r.status_code == 400 and "Abend: '7'; erlaubt: 1 bis 1" in text(r)
    assert "evening: '7'; allowed: 1 to 1" in text(client.get(url + "/stats?evening=7&lang=en"))
    assert client.get(url + "/stats.svg?evening=0").status_code == 400
    r = client.post(url + "/games", data=form_of(client, url),
                    files={"record_file": ("x.json", b"\xff\xfe", "application/json")})
    assert r.status_code == 400 and "x.json: kein UTF-8-Text" in text(r)
    assert client.get("/abend/g/nope").status_code == 404
    assert client.get("/abend/g/" + "x" * 50 + "/y/ledger").status_code == 404
    assert client.get(url + "/games.csv").text.count("\n") == 1  # only the header
