"""Chromium enters a Stammtisch evening on a 360x740 phone and on a laptop: group, evening,
games by tapping the loser, a refused entry in German with the form kept, the ledger
with money split to the cent, the statistics page; no page is wider than the screen.
With SCHOCK_DOC_SHOTS=1 the phone's ledger and statistics refresh docs/evening-ledger.png
and docs/evening-stats.png; the other screenshots go to the test's folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture
def evening_server(live_server: Callable[[float], str]) -> str:
    return live_server(0)


def fits(page: Any) -> None:
    """Nothing scrolls sideways: the page is no wider than the viewport."""
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("innerWidth")
    screen = page.viewport_size["width"]  # a phone widens innerWidth to a too-wide page
    wide = page.evaluate(f"""[...document.querySelectorAll('body *')].filter(e =>
        e.getBoundingClientRect().right > {screen} + 0.5).map(e => e.tagName + '.' + e.className + (e.name || '') + (e.type || '')
        + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)""")
    assert width <= inner and inner <= screen, f"{page.url}: {width} px wide, {inner}/{screen} px: {wide}"


def plot_width(page: Any) -> int:
    """The statistics picture's width once loaded (0: it did not load)."""
    return int(page.evaluate(
        "() => { const i = document.querySelector('.evplot img');"
        " return i.decode().then(() => i.naturalWidth, () => 0); }"))


def test_an_evening_on_a_phone(evening_server: str, shots: Path, tmp_path: Path,
                               chromium: Any) -> None:
    page = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    page.goto(evening_server + "/abend")
    fits(page)
    page.screenshot(path=str(tmp_path / "evening-index-phone.png"), full_page=True)
    page.fill("input[name=name]", "Dienstagsrunde")
    page.fill("textarea[name=members]", "Anna\nBen\nCem\nDora Dorothea Dreizehnbuchstaben")
    page.check("input[value=geld]")
    page.fill("input[name=amount]", "2,5x")
    page.click("button.primary")
    assert "Betrag: '2,5x'" in page.inner_text("[data-testid=error]")  # German, form kept
    assert page.input_value("input[name=amount]") == "2,5x"
    assert page.input_value("input[name=name]") == "Dienstagsrunde"
    fits(page)
    page.fill("input[name=amount]", "2,50")
    page.click("button.primary")
    page.wait_for_url("**/abend/g/*/*")
    link = page.url
    fits(page)
    page.screenshot(path=str(tmp_path / "evening-group-new-phone.png"), full_page=True)
    page.click("text=Abend beginnen")
    losers = ["Ben", "Anna", "Ben", "Cem", "Ben", "Anna", "Ben"]
    for i, loser in enumerate(losers):
        page.click(f"label.tap:has-text('{loser}')")
        if i == 3:
            page.fill("input[name=schock_aus]", "1")
        page.click("button:has-text('Spiel eintragen')")
        page.wait_for_selector(f"table.evtable tr:nth-child(1) td:has-text('{loser}')")
    page.click("text=Wer hat mitgespielt")
    page.uncheck("input[name=players][value=Cem]")
    page.click("label.tap:has-text('Cem')")
    page.click("button:has-text('Spiel eintragen')")
    assert "Verlierer: 'Cem' hat dieses Spiel nicht mitgespielt" in page.inner_text("[data-testid=error]")
    assert page.is_checked("label.tap:has-text('Cem') input")  # the form keeps what was tapped
    assert not page.is_checked("input[name=players][value=Cem]")
    assert page.is_checked("input[name=players][value=Anna]")
    fits(page)
    page.screenshot(path=str(tmp_path / "evening-group-phone.png"), full_page=True)
    page.click("text=Deckel-Buch")
    ben = page.locator("#balance tr:has-text('Ben') td").nth(1).inner_text()
    assert ben.startswith("schuldet ") and ben.endswith("€")
    assert page.locator("ul.evdebts li").count() >= 1
    fits(page)
    page.screenshot(path=str(shots / "evening-ledger.png"), full_page=True)
    page.click("text=Statistik")
    row = page.locator("#stats tr:has-text('Ben') td")
    assert [row.nth(i).inner_text() for i in range(4)] == ["Ben", "7", "4", "57\xa0%"]
    assert plot_width(page) > 0
    fits(page)
    page.screenshot(path=str(shots / "evening-stats.png"), full_page=True)
    # the index lists the groups this browser opened, from localStorage only
    page.goto(evening_server + "/abend")
    page.wait_for_selector("#mygroups a")
    assert page.inner_text("#mygroups a") == "Dienstagsrunde"
    assert page.get_attribute("#mygroups a", "href") == link.removeprefix(evening_server)
    other = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    other.goto(evening_server + "/abend")
    assert other.locator("#mygroups a").count() == 0 and other.is_hidden("#mygroups-card")
    other.goto(link + "?lang=en")
    assert other.inner_text("h1") == "Dienstagsrunde" and "who lost?" in other.content()
    other.click("text=English")  # the language switch keeps the group (the key is in the path)
    assert other.inner_text("h1") == "Dienstagsrunde"


def test_every_evening_page_on_a_laptop(evening_server: str, tmp_path: Path, chromium: Any) -> None:
    page = chromium.new_context(viewport=LAPTOP).new_page()
    page.goto(evening_server + "/abend?lang=en")
    page.fill("input[name=name]", "Thursday")
    page.fill("textarea[name=members]", "Anna\nBen\nCem")
    page.click("button.primary")
    page.wait_for_url("**/abend/g/*/*")
    page.click("text=Start evening")
    for loser in ("Ben", "Anna", "Ben"):
        page.click(f"label.tap:has-text('{loser}')")
        page.click("button:has-text('Enter game')")
        page.wait_for_selector(f"table.evtable tr:nth-child(1) td:has-text('{loser}')")
    fits(page)
    page.screenshot(path=str(tmp_path / "evening-group-laptop.png"), full_page=True)
    page.click("text=Ledger")
    assert page.locator("#balance tr:has-text('Ben') td").nth(1).inner_text() == "owes 2 rounds"
    assert page.locator("#balance tr:has-text('Cem') td").nth(1).inner_text() == "even"
    fits(page)
    page.screenshot(path=str(tmp_path / "evening-ledger-laptop.png"), full_page=True)
    page.click("text=Statistics")
    assert plot_width(page) > 0
    fits(page)
    page.screenshot(path=str(tmp_path / "evening-stats-laptop.png"), full_page=True)
    page.goto(evening_server + "/abend?lang=en")
    fits(page)
