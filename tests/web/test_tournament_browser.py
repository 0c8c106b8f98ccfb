"""A real browser (Debian's chromium through Playwright) runs a small tournament: the organizer
creates it, registers and checks in six players and draws; two tables enter a game each on
phone-sized pages; the organizer confirms; the projector page updates without a reload and its
standings match a hand-computed table (the screenshots are taken by the phone and projector
tests)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def server(live_server: Callable[[float], str]) -> str:
    return live_server(0.05)


def test_a_small_tournament_with_phones_and_projector(server: str, chromium: Any) -> None:
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
    projector.wait_for_function("() => document.querySelectorAll('.p-card').length === 2")
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
    want: dict[str, str] = {}
    for a, b, c in tables:
        want.update({str(a): "6", str(b): "4", str(c): "2"})
    read = """[...document.querySelectorAll('.p-page-box[data-slide=standings] .p-row')]
        .map(r => r.dataset.number + ':' + r.querySelector('.v').textContent).sort().join(',')"""
    expect = ",".join(sorted(f"{n}:{v}" for n, v in want.items()))
    projector.wait_for_function(
        f"() => ({read}) === {json.dumps(expect)}"
        " && !document.getElementById('p-clock').textContent.includes('Uhr steht')",
        timeout=20_000)
    assert projector.evaluate("window.__notReloaded === true")
