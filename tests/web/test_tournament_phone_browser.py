"""Issue 25 in a real browser at phone size (360x740): a table reports two players going out
together by tapping (no typing, no comma), the page moves on to the next game at once, and
the organizer confirms both games in bulk. Screenshots go to docs/ with SCHOCK_DOC_SHOTS=1."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from webhelp import live_tournament

pytestmark = pytest.mark.browser

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def server(live_server: Callable[[float], str]) -> str:
    return live_server(0.05)


def test_tap_the_order_with_a_tie_and_play_on(server: str, shots: Path, chromium: Any) -> None:
    tid, key, (link, _t2) = live_tournament(
        server, "irmgarteich", ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"], "1,2,3|4,5,6")
    phone = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = phone.new_page()
    page.goto(server + link)
    pick = page.locator("#outpick")
    assert pick.is_visible()
    tap = {n: page.locator(f"button.tap[data-p='{n}']") for n in (1, 2, 3)}
    tap[1].click()
    tap[2].click()
    assert page.input_value("#out") == "1, 2"
    assert page.is_checked("input[name=loser][value='3']")  # the one left is the loser
    tap[2].click()  # again: out together with 1
    assert page.input_value("#out") == "1+2"
    assert page.locator("#out-order").inner_text() == "1+2"
    assert tap[2].locator(".place").inner_text() == "1."
    page.fill("#points", "1:6 2:6")
    page.screenshot(path=str(shots / "tournament-table-entry.png"), full_page=True)
    assert page.evaluate(NO_SIDEWAYS)
    page.click("#entry button[type=submit]")
    page.locator(".notice").wait_for()
    # the page moved on: game 2, game 1 waits with everything it enters
    assert page.locator("#game-no").inner_text() == "Spiel 2"
    assert "raus 1+2" in page.locator(".tpending li[data-game='1']").inner_text()
    # game 2: 3 then 2 alone, a third tap on 2 takes him out again, 1 is left the loser
    tap[3].click()
    tap[2].click()
    tap[2].click()
    tap[2].click()
    assert page.input_value("#out") == "3"
    tap[2].click()
    assert page.is_checked("input[name=loser][value='1']")
    page.click("#entry button[type=submit]")
    page.locator(".notice").wait_for()
    assert page.locator("#game-no").inner_text() == "Spiel 3"
    page.screenshot(path=str(shots / "tournament-table-waiting.png"), full_page=True)
    assert page.evaluate(NO_SIDEWAYS)

    org = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
    org.goto(f"{server}/turnier/{tid}?k={key}")
    assert org.locator("#pending li").count() == 2
    org.screenshot(path=str(shots / "tournament-organizer-pending.png"), full_page=True)
    small = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    org_phone = small.new_page()
    org_phone.goto(f"{server}/turnier/{tid}?k={key}")
    org_phone.screenshot(path=str(shots / "tournament-organizer-phone.png"), full_page=True)
    assert org_phone.evaluate(NO_SIDEWAYS)
    small.close()
    org.click("#confirm-all")
    org.locator("#notice").wait_for()
    assert "2 Meldung(en) bestätigt" in org.locator("#notice").inner_text()
    assert org.locator("#pending li").count() == 0
    phone.close()


def test_registration_from_a_csv_and_withdraw_asks_first(server: str, tmp_path: Path,
                                                          shots: Path, chromium: Any) -> None:
    csv = tmp_path / "liste.csv"
    csv.write_bytes("Vorname;Nachname;Verein\r\nJürgen;Groß;Kegelclub\r\nZoë;Weiß;\r\n"
                    "Anna;Becker;Rot\r\n".encode("cp1252"))
    for width, height in ((360, 740), (1280, 800)):
        page = chromium.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(server + "/turnier")
        page.fill("input[name=name]", f"Vereinsabend {width}")
        page.screenshot(path=str(shots / f"tournament-create-{width}.png"), full_page=True)
        assert page.evaluate(NO_SIDEWAYS)
        page.click("button[type=submit]")
        page.wait_for_url("**/turnier/*?k=*")
        page.click("details.csv-upload summary")
        page.set_input_files("input[name=file]", str(csv))
        page.click("#csv-preview")
        page.locator("#roster-preview").wait_for()
        assert "Windows-1252" in page.locator("#roster-preview").inner_text()
        page.screenshot(path=str(shots / f"tournament-csv-preview-{width}.png"), full_page=True)
        assert page.evaluate(NO_SIDEWAYS)
        page.check("input[name=present]")
        page.click("#csv-import")
        page.locator("#players tr[data-number='3']").wait_for()
        # withdrawing asks first: "no" changes nothing, "yes" withdraws
        page.once("dialog", lambda d: d.dismiss())
        page.locator("#players tr[data-number='1'] button.withdraw").click()
        page.locator("#players tr[data-number='1'] button.withdraw").wait_for()
        page.once("dialog", lambda d: d.accept())
        page.locator("#players tr[data-number='1'] button.withdraw").click()
        page.locator("#players tr[data-number='1'] button.withdraw").wait_for(state="detached")
        assert "abgemeldet" in page.locator("#players tr[data-number='1']").inner_text()
        page.context.close()
