"""A real browser (Debian's chromium through Playwright): a table's phone-sized entry page
scorekeeps a short porz game with the engine, reports it, and the organizer confirms it
("mitgeschrieben"); the tournament then holds the game with its record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from webhelp import live_tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def server(live_server: Callable[[float], str]) -> str:
    return live_server(0)


def _organizer_setup(server: str) -> tuple[str, str, str]:
    """A porz tournament with four players at one table."""
    tid, key, (link,) = live_tournament(server, "porz", ["Anna", "Ben", "Carl", "Dora"],
                                        "1,2,3,4")
    return tid, key, link


def _result(page: object, dice: tuple[int, int, int]) -> None:
    for i, face in enumerate(dice):
        page.locator(f'label.face:has([data-testid="d{i}-{face}"]) span').click()  # type: ignore[attr-defined]
    page.locator('label.face:has([data-testid="t1"]) span').click()  # type: ignore[attr-defined]
    page.locator('[data-testid="enter"]').click()  # type: ignore[attr-defined]


def test_a_table_scorekeeps_a_game_on_a_phone_and_the_organizer_confirms(server: str, chromium: Any) -> None:
    tid, key, link = _organizer_setup(server)
    phone = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = phone.new_page()
    page.goto(server + link)
    page.click("#keep-start")
    page.wait_for_url("**/keep/*")
    page.get_by_text("1 Anna: Ergebnis").wait_for(timeout=10000)
    # opening round: Carl throws Schock Aus, the others 2-3-5 and roll off for the loss
    for seat, dice in enumerate([(2, 3, 5), (2, 3, 5), (1, 1, 1), (2, 3, 5)]):
        page.get_by_text(f"{['1 Anna', '2 Ben', '3 Carl', '4 Dora'][seat]}: Ergebnis").wait_for(
            timeout=10000)
        _result(page, dice)
    for face in (1, 2, 4):  # Anna, Ben, Dora roll off: Anna is lowest
        page.locator(f'[data-testid="die{face}"]').click()
        page.wait_for_load_state()
    page.locator('[data-testid="loser"]').wait_for(timeout=10000)
    assert "1 Anna hat das Spiel verloren" in page.locator('[data-testid="loser"]').inner_text()
    page.locator('[data-testid="report"]').click()
    page.locator(".notice").wait_for(timeout=10000)
    assert "Mitgeschriebenes Spiel gemeldet" in page.locator(".notice").inner_text()
    phone.close()

    org = chromium.new_context(viewport={"width": 1200, "height": 900}).new_page()
    org.goto(f"{server}/turnier/{tid}?k={key}")
    item = org.locator("#pending li").first
    assert "mitgeschrieben" in item.inner_text()
    assert item.locator("a.record-link").get_attribute("href")
    item.locator("button.confirm").click()
    org.wait_for_load_state()
    assert org.locator("button.confirm").count() == 0
    with httpx.Client(base_url=server) as c:
        state = c.get(f"/api/turnier/{tid}/projector").json()
        assert state["plan"][0]["games"] == 1
        t_page = c.get(server + link).text
        assert "Spiel 1: Verlierer 1" in t_page
