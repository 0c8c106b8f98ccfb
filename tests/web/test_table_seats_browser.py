"""Issue 23 items 2, 4, 5, 12 in a real browser (Debian's chromium), on a 360x740 phone
and a laptop: the host plays from his own seat in one tab, a rematch with the Striche
shown, "Beenden" asks first and keeps the game's account, buttons are disabled while
the server is away, a replaced player watches and gets the seat back."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api")

SHORT = 'extends = "porz"\nname = "Kurz"\ndeckel = 2\n'  # a short game: 2 Deckel a half
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def _table(server: str, seats: list[dict[str, Any]], short: bool = True) -> dict[str, Any]:
    rules = {"rules_toml": SHORT} if short else {"preset": "mosel"}  # mosel: no game in one round
    r = httpx.post(server + "/api/tables", json={**rules, "seats": seats})
    assert r.status_code == 201, r.text
    info: dict[str, Any] = r.json()
    return info


def _no_sideways(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), page.url


def _play_until_over(page: Any) -> None:
    """Tap the first move whenever there is one, until the game is over (bounded by
    the page's own status, not by time)."""
    for _ in range(400):
        page.locator("button.act:not([disabled]), #new-game, #rematch").first.wait_for(timeout=20000)
        if page.locator("#new-game, #rematch").count():
            return
        with contextlib.suppress(sync_api.Error):  # the state moved on under the tap
            page.locator("button.act").first.click(timeout=2000)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("device", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_host_plays_from_his_seat_rematch_striche_and_end(
        live_server: Any, chromium: Any, shots: Path, tmp_path: Path,
        device: dict[str, Any]) -> None:
    server = live_server(0.02)
    info = _table(server, [{"name": "Anna"}, {"name": "Uschi", "bot": "heuristic"}])
    ctx = chromium.new_context(**device)
    # the host's link is kept in this browser ("my tables", as the created page does);
    # his seat link then brings the host's buttons along: one tab
    mine = [{"id": info["table"], "role": "host", "link": info["host_link"], "rules": "Kurz"}]
    ctx.add_init_script(f"localStorage.setItem('schock-my-tables', {json.dumps(json.dumps(mine))})")
    anna = ctx.new_page()
    anna.goto(info["seats"][0]["link"])
    anna.locator("#start").click()
    _play_until_over(anna)
    # game over: the host starts the next game; the Striche are shown
    striche = anna.locator("#striche")
    striche.wait_for()
    assert "|" in striche.inner_text()
    loser = "Anna" if "Anna verliert" in anna.locator("#status").inner_text() else "Uschi"
    assert f"{loser} hat verloren und beginnt" in anna.locator("#evening").inner_text()
    anna.screenshot(path=str((shots if device is PHONE else tmp_path) / "web-table-over.png"),
                    full_page=True)
    _no_sideways(anna)
    anna.locator("#new-game").click()
    anna.locator("#new-game").wait_for(state="detached")
    assert "Spiel 1" in anna.locator("#evening").inner_text()
    # "Beenden" asks first; "Abbrechen" changes nothing
    anna.locator("#end").click()
    anna.locator("#end-no").click()
    assert "Beendet" not in anna.locator("#status").inner_text()
    anna.locator("#end").click()
    anna.locator("#end-yes").click()
    anna.locator("#status").get_by_text("Beendet").wait_for()
    # both games stay as accounts: the ended one without any die still to come
    games = anna.locator("#evening ol.games li")
    games.nth(1).get_by_text("vor dem Ende beendet").wait_for()
    anna.locator("#evening ol.games a").nth(1).click()
    anna.locator("pre.account").wait_for()
    assert "Spiel 2" in anna.locator("h1").inner_text()
    _no_sideways(anna)
    rec = httpx.get(f"{server}/api/tables/{info['table']}/record?game=2").json()
    assert rec["dice"]["source"] == "scripted" and "result" not in rec


def test_buttons_are_disabled_while_the_server_is_away(
        live_server: Any, chromium: Any, shots: Path) -> None:
    server = live_server(0.02)
    port = int(server.rsplit(":", 1)[1])
    info = _table(server, [{"name": "Anna"}, {"name": "Ben"}], short=False)
    laptop = chromium.new_context(**LAPTOP).new_page()
    phone = chromium.new_context(**PHONE).new_page()
    laptop.goto(info["host_link"])
    phone.goto(info["seats"][0]["link"])
    laptop.locator("#start").click()
    phone.locator("#app ul.seats").get_by_text("online").first.wait_for()
    live_server.stop()
    for page in (laptop, phone):
        page.locator("#conn").wait_for()  # the banner comes with the socket's close event
        assert "Verbindung weg, verbinde neu" in page.locator("#conn").inner_text()
        enabled = page.locator("#app button:not([disabled])")
        assert enabled.count() == 0, enabled.all_inner_texts()
        assert not page.locator("#app ul.seats").get_by_text("online").first.is_visible()
    phone.screenshot(path=str(shots / "web-table-offline.png"), full_page=True)
    _no_sideways(phone)
    live_server(0.02, port=port)  # the same server again: the pages reconnect on their own
    for page in (laptop, phone):
        page.locator("#conn").wait_for(state="hidden", timeout=30000)
        assert page.locator("#app button:not([disabled])").count() > 0
    laptop.locator("#pause").wait_for()
    assert not laptop.locator("#pause").is_disabled()


def test_a_replaced_player_watches_and_gets_the_seat_back(
        live_server: Any, chromium: Any) -> None:
    server = live_server(0.02)
    info = _table(server, [{"name": "Anna"}, {"name": "Ben"}], short=False)
    host = chromium.new_context(**LAPTOP).new_page()
    host.goto(info["host_link"])
    host.locator("#start").click()
    host.locator("#pause").click()
    # Ben never came: the host lets a bot play for him
    host.get_by_role("button", name="Ben: durch Bot ersetzen").click()
    ben = chromium.new_context(**PHONE).new_page()
    ben.goto(info["seats"][1]["link"])
    ben.locator("#watching").wait_for()  # his link shows the table: he watches
    assert "Zuschauer" in ben.locator("#status").inner_text()
    _no_sideways(ben)
    host.get_by_role("button", name="Ben: Platz zurückgeben").click()
    ben.locator("#watching").wait_for(state="hidden")
    host.locator("#pause").click()  # "Weiter"
    sync_api.expect(ben.locator("#status")).not_to_contain_text("Zuschauer")
    ben.locator("#app ul.seats li.me").get_by_text("Ben").wait_for()


def test_the_turn_clock_nudges_and_lets_the_host_call_a_bot(
        live_server: Any, chromium: Any) -> None:
    """Item 14 with a clock of 1 s and 2 s: waits are for the page's own events."""
    server = live_server(0.02)
    info = _table(server, [{"name": "Anna"}, {"name": "Uschi", "bot": "heuristic"}], short=False)
    host = chromium.new_context(**LAPTOP).new_page()
    anna = chromium.new_context(**PHONE).new_page()
    host.goto(info["host_link"])
    anna.goto(info["seats"][0]["link"])
    host.locator("#clock summary").click()
    host.locator("#clock-nudge").fill("1")
    host.locator("#clock-takeover").fill("2")
    host.locator("#clock-set").click()
    sync_api.expect(host.locator("#clock-takeover")).to_have_value("2")
    host.locator("#start").click()
    anna.locator("#nudge").get_by_text("die anderen warten auf dich").wait_for()
    _no_sideways(anna)
    host.locator("#bot-once").click()  # "Bot entscheidet diesmal für Anna"
    host.locator("#bot-once").wait_for(state="detached")
    assert host.locator("#error").inner_text() == ""


def test_the_host_page_leads_to_the_hosts_own_seat(live_server: Any, chromium: Any) -> None:
    """A host who joined a seat in this browser finds it from the host page: one tab."""
    server = live_server(0.02)
    info = _table(server, [{"name": "Anna"}, {"name": "Ben"}], short=False)
    ctx = chromium.new_context(**LAPTOP)
    mine = [{"id": info["table"], "role": "seat", "link": info["seats"][0]["link"], "seat": "Anna"}]
    ctx.add_init_script(f"localStorage.setItem('schock-my-tables', {json.dumps(json.dumps(mine))})")
    page = ctx.new_page()
    page.goto(info["host_link"])
    page.locator("#play-here").click()
    page.locator("#app ul.seats li.me").get_by_text("Anna").wait_for()
    assert "seat=" in page.url and "host=" in page.url
    page.locator("#start").click()  # the host's buttons on his seat's page
    sync_api.expect(page.locator("#status")).not_to_contain_text("Zuschauer")


def test_the_created_page_turns_english_with_the_same_links(
        live_server: Any, chromium: Any, shots: Path) -> None:
    server = live_server(0)
    page = chromium.new_context(**PHONE).new_page()
    page.goto(server + "/")
    page.locator("input[name=name2]").fill("")  # two people only
    page.locator("form[action$='/tables'] button[type=submit]").first.click()
    page.locator("#created").wait_for(state="attached")
    german = page.locator("a.seat-link").evaluate_all("l => l.map(a => a.href)")
    assert len(german) == 2
    page.locator(".langs a[data-lang=en]").click()
    page.get_by_text("Table created").wait_for()
    english = page.locator("a.seat-link").evaluate_all("l => l.map(a => a.href)")
    assert [e.replace("?lang=en#", "#") for e in english] == german
    page.screenshot(path=str(shots / "web-created-en.png"), full_page=True)
    _no_sideways(page)
