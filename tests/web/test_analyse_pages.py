"""Issue 26: the Analyse pages (a table's game, a kept game, an uploaded record)."""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webhelp import new_table, play_out

from schock.examples import example_text

PORZ = example_text("porz")


def _cards(html: str) -> int:
    return len(re.findall(r'<li class="decision card', html))


def test_upload_form_and_an_uploaded_record(client: TestClient) -> None:
    page = client.get("/analyse")
    assert page.status_code == 200 and 'name="record"' in page.text
    r = client.post("/analyse", files={"record": ("porz.json", PORZ, "application/json")})
    assert r.status_code == 200
    assert _cards(r.text) == 64  # every decision of the example game, rated or not
    assert "Je Spieler" in r.text and "Elke hat das Spiel verloren." in r.text
    assert "besser: stehen lassen — 94\xa0% statt 68\xa0%" in r.text  # Frank, round 6
    assert 'class="played"' in r.text and "(am besten)" in r.text
    assert "Patzer 4" in r.text  # Frank's patzers
    en = client.post("/analyse?lang=en", data={"text": PORZ})
    assert en.status_code == 200 and "better: stop — 94% instead of 68%" in en.text
    assert "Per player" in en.text and "blunder 4" in en.text


def test_upload_refusals_say_what_is_wrong(client: TestClient) -> None:
    r = client.post("/analyse", data={"text": "  "})
    assert r.status_code == 400 and "Kein Spielprotokoll" in r.text
    r = client.post("/analyse?lang=en", data={"text": "{"})
    assert r.status_code == 400 and "not a valid game record" in r.text
    data = json.loads(PORZ)
    data["actions"].insert(3, "0 stop")
    r = client.post("/analyse", data={"text": json.dumps(data)})
    assert r.status_code == 400 and "lässt sich nicht nachspielen" in r.text
    r = client.post("/analyse?objective=half&lang=en", data={"text": PORZ})
    assert r.status_code == 400 and "two-player games only" in r.text
    r = client.post("/analyse", files={"record": ("big.json", b"x" * 400_001, "text/plain")})
    assert r.status_code == 400 and "zu groß" in r.text
    r = client.post("/analyse", files={"record": ("bin.json", b"\xff\xfe", "text/plain")})
    assert r.status_code == 400 and "kein UTF-8-Text" in r.text


def test_a_table_game_links_to_its_analysis(client: TestClient) -> None:
    info = new_table(client)
    assert client.get(f"/t/{info['table']}/analyse").status_code == 409  # not over yet
    play_out(client, info, random.Random(2))
    replay = client.get(f"/t/{info['table']}/replay")
    link = re.search(r'href="(/t/[^"]+/analyse\?game=1)"', replay.text)
    assert link is not None
    page = client.get(link.group(1))
    assert page.status_code == 200 and _cards(page.text) > 0
    assert "Anna" in page.text and "Zurück" in page.text
    assert client.get(f"/t/{info['table']}/analyse?game=7").status_code == 404
    assert client.get("/t/nope/analyse").status_code == 404


def test_a_kept_game_rates_the_turns_entered_throw_by_throw(client: TestClient) -> None:
    r = client.post("/api/keep", json={"preset": "porz", "names": ["Anna", "Ben"], "starter": 0})
    game = r.json()["id"]
    entries = [
        "0 throw 1-3-5",
        "0 lift",
        "0 aside 1",
        "0 throw 1-4",
        "0 aside 1",
        "0 throw 6",
        "0 stop",
        "1 result 1-1-2 1",
    ]
    for n, entry in enumerate(entries):
        r = client.post(f"/api/keep/{game}/entries", json={"n": n, "entry": entry})
        assert r.status_code == 201, r.text
    page = client.get(f"/keep/{game}/analyse")
    assert page.status_code == 200
    assert "Als ganze Ergebnisse eingetragene Züge werden nicht bewertet" in page.text
    assert "Das Spiel ist nicht zu Ende" in page.text
    seats = re.findall(r'<li class="decision card[^"]*" id="d\d+" data-seat="(\d)"', page.text)
    assert seats and set(seats) == {"0"}  # Anna's decisions only: Ben's turn was typed
    assert client.get("/keep/nope/analyse").status_code == 404


@pytest.mark.browser
def test_analyse_page_in_the_browser(
    chromium: Any, live_server: Callable[[float], str], shots: Path, tmp_path: Path
) -> None:
    """Upload, then filter by player and step through the marked decisions; no
    sideways scrolling on a phone."""
    base = live_server(0)
    record = tmp_path / "porz.json"
    record.write_text(PORZ, encoding="utf-8")
    for name, size in {"phone": (360, 740), "laptop": (1280, 800)}.items():
        page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(base + "/analyse")
        page.set_input_files("input[name=record]", str(record))
        page.click("#upload button[type=submit]")
        page.wait_for_selector("#filters:not([hidden])")
        shown = page.locator("li.decision:visible")
        assert shown.count() == 14  # only the marked decisions, at first
        page.click("#filters button[data-seat='2']")  # Frank
        assert shown.count() == 5
        assert shown.first.locator(".steps span").inner_text() == "1 / 5"
        page.uncheck("#only-marked")
        assert shown.count() == 22  # every decision of his
        page.check("#only-marked")
        first = shown.first
        first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"analyse-{name}.png"))
        next_link = first.locator("a.next")
        assert next_link.get_attribute("href") == "#" + shown.nth(1).get_attribute("id")
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], width
        page.close()


def test_the_evening_summary_per_player(client: TestClient) -> None:
    r = client.post(
        "/abend/groups",
        data={"name": "Dienstag", "members": "Dieter\nElke\nFrank"},
        follow_redirects=False,
    )
    url = str(r.headers["location"])
    assert client.get(url + "/analyse").status_code == 404  # no evening yet
    client.post(url + "/evenings", data={"day": "2026-11-20"})
    empty = client.get(url + "/analyse")
    assert (
        empty.status_code == 200 and "Kein Spiel dieses Abends hat ein Spielprotokoll" in empty.text
    )
    form = dict(re.findall(r'name="(version|entry_id)" value="(\w*)"', client.get(url).text))
    r = client.post(
        url + "/games",
        data=form,
        files={"record_file": ("porz.json", PORZ, "application/json")},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    group = client.get(url).text
    link = re.search(r'href="(/abend/g/[^"]+/analyse\?game=\d+)"', group)
    assert link is not None and f'href="{url}/analyse"' in group
    page = client.get(url + "/analyse?lang=en")
    assert page.status_code == 200
    assert page.text.count('<div class="player"') == 3
    assert "blunder 4" in page.text and "1 game · 22 decisions rated" in page.text
    assert "worst decision" in page.text
    one = client.get(link.group(1))
    assert one.status_code == 200 and _cards(one.text) == 64
    assert client.get(url + "/analyse?game=99").status_code == 404
    r = client.get(url + "/analyse?evening=7&lang=en")
    assert r.status_code == 404 and "no evening '7'; allowed: 1" in html.unescape(r.text)
    assert client.get("/abend/g/nope/nokey/analyse").status_code == 404
