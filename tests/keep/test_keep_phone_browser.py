"""/keep on a 360x740 phone and a laptop (issue 23 items 10, 11): no page scrolls sideways,
and the button that enters ("Eintragen", a roll-off die, "kauft ein") is on the first
screen for every kind of entry, with twelve players and with a refusal shown. Refusals
are German, and the form keeps what was typed. Screenshots go to the test's folder
(docs/keep-entry.png comes from test_keep_browser.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from schock.keep import Scorekeeper, parse_entry
from schock.rules import load_rules

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
TWELVE = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ines", "Jupp",
          "Karl-Heinz", "Lieselotte"]


@pytest.fixture
def server(live_server: Callable[[float], str]) -> str:
    return live_server(0)


def fits(page: Any) -> None:
    """No sideways scrolling (a phone widens its innerWidth to a too-wide page)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("innerWidth")
    screen = page.viewport_size["width"]
    assert width <= inner <= screen, f"{page.url}: {width} px wide, {inner}/{screen} px"


def on_first_screen(page: Any, selector: str) -> None:
    """``selector`` is visible without scrolling."""
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (
        f"{selector} at {box} on a {height} px screen")


def api_game(server: str, preset: str, names: list[str], starter: int | None) -> str:
    r = httpx.post(server + "/api/keep", json={"preset": preset, "names": names, "starter": starter})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def api_enter(server: str, gid: str, lines: list[str]) -> None:
    for line in lines:
        n = httpx.get(f"{server}/api/keep/{gid}").json()["entries"]
        r = httpx.post(f"{server}/api/keep/{gid}/entries", json={"n": n, "entry": line})
        assert r.status_code == 201, (line, r.text)


def test_the_start_page_on_a_phone(server: str, tmp_path: Path, chromium: Any) -> None:
    page = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    page.goto(server + "/keep")
    fits(page)
    page.locator('select[name="preset"]').select_option("mosel")
    page.locator('[data-testid="name0"]').fill("Anna")
    page.get_by_role("button", name="Los geht's").click()
    error = page.locator('[data-testid="error"]').inner_text()
    assert error == "Schocken braucht 2 bis 12 Plätze, angegeben: 1"
    assert page.locator('[data-testid="name0"]').input_value() == "Anna"
    assert page.locator('select[name="preset"]').input_value() == "mosel"
    fits(page)
    page.screenshot(path=str(tmp_path / "keep-start-phone.png"), full_page=True)


def test_every_entry_fits_the_first_screen_of_a_phone(server: str, tmp_path: Path,
                                                     chromium: Any) -> None:
    page = chromium.new_context(viewport=PHONE, is_mobile=True).new_page()
    # twelve players, porz's opening round (everybody once): a result
    gid = api_game(server, "porz", TWELVE, None)
    page.goto(f"{server}/keep/{gid}")
    assert "Anna: Ergebnis" in page.inner_text("form[data-testid=entry] h2")
    assert "Höchstens 1 Wurf" in page.inner_text(".keep-status")
    fits(page)
    on_first_screen(page, "[data-testid=enter]")
    # a refused result: the refusal and the button both on the first screen, the taps kept
    for i, face in enumerate((1, 1, 4)):
        page.locator(f'label.face:has([data-testid="d{i}-{face}"]) span').click()
    page.locator('label.face:has([data-testid="t2"]) span').click()
    page.locator("[data-testid=enter]").click()
    page.locator("[data-testid=error]").wait_for()
    assert "Eröffnungsrunde" in page.inner_text("[data-testid=error]")
    assert page.locator('[data-testid="d2-4"]').is_checked()
    fits(page)
    on_first_screen(page, "[data-testid=error]")
    on_first_screen(page, "[data-testid=enter]")
    page.screenshot(path=str(tmp_path / "keep-refused-phone.png"))
    # everybody throws once; Anna and Ben tie for the worst throw: a roll-off
    api_enter(server, gid, [f"{s} result {'2-3-5' if s < 2 else '6-6-5'} 1" for s in range(12)])
    page.goto(f"{server}/keep/{gid}")
    assert "Auswürfeln" in page.inner_text("form[data-testid=entry] h2")
    fits(page)
    on_first_screen(page, "[data-testid=die6]")
    page.screenshot(path=str(tmp_path / "keep-rolloff-phone.png"))
    # throw by throw: after a first throw the step field and its button
    state = httpx.get(f"{server}/api/keep/{gid}").json()
    while state["expecting"]["kind"] == "roll_off":
        seat = state["expecting"]["seat"]
        api_enter(server, gid, [f"{seat} throw {6 if seat == 0 else 1}"])
        state = httpx.get(f"{server}/api/keep/{gid}").json()
    seat = state["expecting"]["seat"]
    api_enter(server, gid, [f"{seat} throw 1-1-4", f"{seat} lift"])
    page.goto(f"{server}/keep/{gid}")
    page.locator("[data-testid=action]").fill("raus 1-1")  # the terminal's German words
    fits(page)
    on_first_screen(page, "[data-testid=enter]")
    page.locator("[data-testid=enter]").click()
    page.wait_for_load_state()
    assert page.locator("[data-testid=error]").count() == 0, page.inner_text("[data-testid=error]")
    assert httpx.get(f"{server}/api/keep/{gid}").json()["entries"] == state["entries"] + 3
    page.screenshot(path=str(tmp_path / "keep-steps-phone.png"))
    # Einkaufen once the Stock is empty (porz, three players)
    gid = api_game(server, "porz", TWELVE[:3], 0)
    keeper = Scorekeeper(load_rules("porz"), TWELVE[:3], starter=0)
    lines = []
    while keeper.expecting().kind == "result":
        s = keeper.expecting().seat
        line = f"{s} result {'1-1-2' if s == 1 else '6-6-5'} 1"
        keeper.enter(*parse_entry(line))
        lines.append(line)
    assert keeper.expecting().kind == "einkaufen"
    api_enter(server, gid, lines)
    page.goto(f"{server}/keep/{gid}")
    assert "Einkaufen?" in page.inner_text("form[data-testid=entry] h2")
    fits(page)
    on_first_screen(page, "[data-testid=enter]")
    page.screenshot(path=str(tmp_path / "keep-einkaufen-phone.png"))


def test_the_entry_page_on_a_laptop(server: str, tmp_path: Path, chromium: Any) -> None:
    page = chromium.new_context(viewport=LAPTOP).new_page()
    page.goto(server + "/keep?lang=en")
    fits(page)
    page.screenshot(path=str(tmp_path / "keep-start-laptop.png"), full_page=True)
    gid = api_game(server, "mosel", TWELVE[:4], 0)
    api_enter(server, gid, ["0 result 1-1-4 2 kept 1-1", "1 result 4-5-6 2", "2 result 2-2-3 1",
                            "3 result 6-6-5 2"])
    page.goto(f"{server}/keep/{gid}?lang=en")
    assert "At most" in page.inner_text(".keep-status")
    assert "Last round:" in page.inner_text(".keep-last")
    fits(page)
    on_first_screen(page, "[data-testid=enter]")
    page.screenshot(path=str(tmp_path / "keep-entry-laptop.png"), full_page=True)
