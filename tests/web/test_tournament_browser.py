"""A real browser (Debian's chromium through Playwright) runs a small tournament: the organizer
creates it, registers and checks in six players and draws; two tables enter a game each on
phone-sized pages; the organizer confirms; the projector page updates without a reload and its
standings match a hand-computed table. Screenshots of the projector and the table entry page
go to docs/ with SCHOCK_DOC_SHOTS=1."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def server(live_server: Callable[[float], str]) -> str:
    return live_server(0.05)


def test_a_small_tournament_with_phones_and_projector(server: str, shots: Path, chromium: Any) -> None:
    laptop = chromium.new_context(viewport={"width": 1200, "height": 900})
    org = laptop.new_page()
    org.goto(server + "/turnier")
    org.fill("input[name=name]", "Dorfpokal")
    org.select_option("select[name=preset]", "irmgarteich")
    org.click("button[type=submit]")
    org.wait_for_url("**/turnier/*?k=*")
    for name in ("Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"):
        org.fill("#players input[name=name]", name)
        org.click("#players form.tform button")
        org.locator(f"#players td:text-is('{name}')").wait_for()
    for _ in range(6):
        org.locator("button.checkin", has_text="Check-in").first.click()
        org.wait_for_load_state()
    assert org.locator("button.checkin", has_text="Check-in").count() == 0
    org.click("#preview-draw")
    org.locator("#repeats").wait_for()
    org.click("#commit-draw")
    org.locator(".tcard").first.wait_for()

    projector = chromium.new_context(viewport={"width": 1280, "height": 720}).new_page()
    projector.goto(server + (org.locator("#projector-link").get_attribute("href") or ""))
    projector.locator("#p-plan li").nth(1).wait_for()
    projector.evaluate("window.__notReloaded = true")

    tables: list[list[int]] = []
    links: list[str] = []
    for card in org.locator(".tcard").all():
        heading = card.locator("h3").inner_text()
        tables.append([int(x.split()[0]) for x in heading.split(":", 1)[1].split("·")])
        links.append(card.locator("a.table-link").get_attribute("href") or "")
    assert sorted(n for tb in tables for n in tb) == [1, 2, 3, 4, 5, 6]

    for players, link in zip(tables, links, strict=True):
        phone = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
        page = phone.new_page()
        page.goto(server + link)
        a, b, c = players
        page.fill("#out", f"{a},{b}")
        page.check(f"input[name=loser][value='{c}']")
        page.click("#entry button[type=submit]")
        page.locator(".notice").wait_for()
        phone.close()

    org.reload()
    for _ in range(2):
        org.locator("button.confirm").first.click()
        org.wait_for_load_state()
    assert org.locator("button.confirm").count() == 0
    org.click("#clock-start")
    org.wait_for_load_state()

    # hand-computed: first out 6 points, second 4, the loser 2
    want = {}
    for a, b, c in tables:
        want.update({a: "6", b: "4", c: "2"})
    deadline = time.monotonic() + 20
    got: dict[int, str] = {}
    while time.monotonic() < deadline:
        rows = projector.locator("#p-standings tr").all()
        got = {}
        for row in rows:
            number = row.get_attribute("data-number")
            if number:
                got[int(number)] = row.locator("td.score").inner_text()
        if got == want and "Uhr steht" not in projector.locator("#p-clock").inner_text():
            break
        time.sleep(0.5)
    assert got == want
    assert projector.evaluate("window.__notReloaded === true")
    projector.screenshot(path=str(shots / "tournament-projector.png"))
