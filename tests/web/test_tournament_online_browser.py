"""A real browser (Debian's chromium through Playwright): the organizer opens the round's
online tables on his page, puts bots on two seats that stay empty, starts the table, and
a player joins through his seat link on a 360x740 phone and plays game 1 to its end; the
game enters itself (the organizer page shows it with its record). Screenshots of the
organizer page and the player's page at 360x740 and 1280x800, none scrolling sideways."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from webhelp import live_tournament

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


def _fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), page.url


def test_a_player_joins_by_his_seat_link_and_his_game_enters_itself(
        live_server: Callable[[float], str], chromium: Any, shots: Path) -> None:
    server = live_server(0)
    tid, key, _ = live_tournament(server, "irmgarteich",
                                  ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"], "1,2,3|4,5,6")
    org = chromium.new_context(viewport=LAPTOP).new_page()
    org.on("dialog", lambda d: d.accept())
    org.goto(f"{server}/turnier/{tid}?k={key}")
    org.click("#online-open")
    org.locator("#notice").wait_for()
    assert org.locator("#notice").inner_text() == "2 Online-Tisch(e) geöffnet"
    table = org.locator('[data-online="1"]')
    for seat in (1, 2):  # Ben and Carl never show: bots play for them
        table.locator(f'li[data-seat="{seat}"] button.seat-bot').click()
        org.wait_for_load_state()
        table = org.locator('[data-online="1"]')
    assert table.locator(".oseat").all_inner_texts() == [
        "Link noch nicht geöffnet", "Bot (heuristic)", "Bot (heuristic)"]
    link = table.locator('li[data-seat="0"] a.seat-link').get_attribute("href")
    assert link and "#seat=" in link
    table.locator('li[data-seat="0"] details.olink summary').click()
    org.locator("#online").scroll_into_view_if_needed()
    _fits(org)
    org.screenshot(path=str(shots / "tournament-online-organizer-1280.png"), full_page=False)

    phone = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    phone.goto(link)
    phone.locator("#series").wait_for()
    assert phone.locator("#series h2").inner_text() == "Kneipenpokal · Runde 1 · Tisch 1"
    phone.get_by_text("Warte auf den Start durch die Turnierleitung").wait_for()
    _fits(phone)
    phone.screenshot(path=str(shots / "tournament-online-seat-waiting-360.png"))

    host = chromium.new_context(viewport=LAPTOP).new_page()  # the table as the organizer
    host.goto(table.locator("a.host-link").get_attribute("href"))
    host.locator("#host #start").wait_for()
    assert host.locator("#waiting").is_hidden()  # no invite, no seat changes here
    assert host.get_by_text("Bot dazu").count() == 0
    _fits(host)
    host.close()
    org.reload()
    assert org.locator('[data-online="1"] .oseat').first.inner_text() == "online"
    org.locator('[data-online="1"] button.table-start').click()
    org.wait_for_load_state()
    phone.locator("#series-game").wait_for()
    assert phone.locator("#series-game").inner_text() == "Spiel 1 von 30"
    for _ in range(5000):  # Anna always takes her first choice until the game is over
        if "vorbei" in phone.locator("#series-game").inner_text():
            break
        # a tap on whatever is her first button now (the page redraws after every move)
        if not phone.evaluate("() => { const b = document.querySelector('#actions button.act');"
                              " if (b) b.click(); return !!b; }"):
            phone.wait_for_timeout(20)
    assert phone.locator("#series-game").inner_text() == "Spiel 1 vorbei · als Nächstes Spiel 2"
    phone.locator("#series-note").wait_for()
    assert phone.locator("#series-note").inner_text() == (
        "Spiel 1 im Turnier eingetragen (aus seinem Protokoll)")
    assert phone.locator("#rematch").inner_text() == "Bereit für Spiel 2"
    _fits(phone)
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=str(shots / "tournament-online-seat-over-360.png"))

    with httpx.Client(base_url=server) as c:
        state = c.get(f"/api/turnier/{tid}/projector").json()
    assert state["plan"][0]["games"] == 1  # the standings and the projector have game 1
    org.reload()
    entered = org.locator('#round [data-table="1"] a.record-link')
    assert entered.count() == 1
    assert org.locator('[data-online="1"] .ostatus').inner_text() == (
        "Spiel 1 vorbei, als Nächstes Spiel 2")
    small = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    small.goto(f"{server}/turnier/{tid}?k={key}#online")
    small.locator('[data-online="1"] details.olink summary').first.click()
    small.locator("#online").scroll_into_view_if_needed()
    _fits(small)
    small.screenshot(path=str(shots / "tournament-online-organizer-360.png"))
    wide = chromium.new_context(viewport=LAPTOP).new_page()
    wide.goto(link)
    wide.locator("#series-note").wait_for()
    _fits(wide)
    wide.screenshot(path=str(shots / "tournament-online-seat-1280.png"))


SHORT = 'extends = "irmgarteich"\nname = "Online-Pokal"\ngames_per_round = 2\ntrinkrunden = 0\n'


def test_the_organizer_page_updates_itself_and_keeps_what_he_types(
        live_server: Callable[[float], str], chromium: Any, shots: Path) -> None:
    """Table 1 is played online by bots while the organizer has typed a loser into its
    game form (and keeps the focus there) and opened a seat's QR code: the online table,
    its entered games, the waiting reports and the standings change on the page by
    themselves; what he typed, the open QR code and the focus stay; the form says its game
    was entered meanwhile; table 2's untouched form stays at its game 1."""
    import re

    server = live_server(0)
    with httpx.Client(base_url=server) as c:  # set-up by HTTP, not this test's subject
        r = c.post("/turnier", data={"name": "Kneipenpokal", "preset": "irmgarteich"},
                   files={"format_file": ("kurz.toml", SHORT.encode())})
        m = re.fullmatch(r"/turnier/(\w+)\?k=([\w-]+)", r.headers["location"])
        assert r.status_code == 303 and m, r.text
        tid, key = m[1], m[2]
        for name in ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]:
            c.post(f"/turnier/{tid}/do", data={"k": key, "action": "register", "name": name})
        c.post(f"/turnier/{tid}/do", data={"k": key, "action": "all_present"})
        c.post(f"/turnier/{tid}/do", data={"k": key, "action": "draw", "tables": "1,2,3|4,5,6"})
        assert c.post(f"/turnier/{tid}/online",
                      data={"k": key, "action": "open"}).status_code == 200
        for seat in range(3):
            c.post(f"/turnier/{tid}/online",
                   data={"k": key, "action": "bot", "table": "1", "seat": str(seat)})
    statuses: list[int] = []
    org = chromium.new_context(viewport=LAPTOP).new_page()
    org.on("response", lambda r: statuses.append(r.status) if "/organizer?" in r.url else None)
    org.goto(f"{server}/turnier/{tid}?k={key}")
    online = org.locator('[data-online="1"]')
    assert online.locator(".ostatus").inner_text() == "wartet auf den Start"
    online.locator('li[data-seat="0"] details.olink summary').click()
    org.select_option('[data-online="2"] li[data-seat="1"] select[name=bot]', "random")
    loser = org.locator('form[data-enter="1"] input[name=loser]')
    loser.fill("3")  # the organizer is typing in table 1's game form
    with httpx.Client(base_url=server) as c:  # a second window starts the table
        c.post(f"/turnier/{tid}/online", data={"k": key, "action": "start", "table": "1"})
    # both games of the round enter themselves; the page shows it without a reload
    org.locator('[data-live-games="1"] a.record-link').nth(1).wait_for(timeout=60_000)
    org.locator('[data-online="1"] .ostatus', has_text="Runde fertig").wait_for()
    assert org.locator("#missing").inner_text() == "2"
    assert org.locator('#standings tr[data-number="1"] td').nth(3).inner_text() == "2"
    assert org.evaluate("document.activeElement.name") == "loser"
    assert loser.input_value() == "3"  # what he typed stays, and so does its game
    form = org.locator('form[data-enter="1"]')
    assert form.locator(".game-no").inner_text() == "1"
    assert form.locator(".stale").inner_text().startswith("Dieses Spiel wurde inzwischen")
    assert org.locator('[data-online="1"] li[data-seat="0"] details.olink').get_attribute(
        "open") is not None
    assert org.locator('[data-online="2"] li[data-seat="1"] select').input_value() == "random"
    assert org.locator('form[data-enter="2"] .game-no').inner_text() == "1"
    assert org.locator('form[data-enter="2"] .stale').is_hidden()
    assert 200 in statuses
    org.locator("#round").scroll_into_view_if_needed()
    _fits(org)
    org.screenshot(path=str(shots / "tournament-online-live-round-1280.png"))
    assert org.evaluate("window.organizerLive.poll()") == 304  # nothing changed since
    # the organizer empties the form and leaves it: it moves on (here: the round is over)
    loser.fill("")
    org.locator("h1").click()
    org.locator('form[data-enter="1"]').wait_for(state="hidden")
    org.evaluate("document.getElementById('online').scrollIntoView()")
    _fits(org)
    org.screenshot(path=str(shots / "tournament-online-live-1280.png"))
    phone = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    phone.goto(f"{server}/turnier/{tid}?k={key}")
    phone.locator('form[data-enter="2"] input[name=loser]').fill("5")
    phone.evaluate("document.getElementById('round').scrollIntoView()")
    _fits(phone)
    phone.screenshot(path=str(shots / "tournament-online-live-360.png"))
