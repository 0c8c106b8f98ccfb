"""A phone-sized chromium enters a Stammtisch evening: group, evening, games by tapping the
loser, the ledger and the statistics page, whose screenshot goes to docs/evening-stats.png with SCHOCK_DOC_SHOTS=1."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def evening_server(live_server: Callable[[float], str]) -> str:
    return live_server(0)


def test_an_evening_on_a_phone(evening_server: str, shots: Path, chromium: Any) -> None:
    page = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    page.goto(evening_server + "/abend")
    page.fill("input[name=name]", "Dienstagsrunde")
    page.fill("textarea[name=members]", "Anna\nBen\nCem\nDora")
    page.click("button.primary")
    page.click("text=Abend beginnen")
    losers = ["Ben", "Anna", "Ben", "Cem", "Ben", "Dora", "Anna", "Ben"]
    for i, loser in enumerate(losers):
        page.click(f"label.tap:has-text('{loser}')")
        if i == 3:
            page.fill("input[name=schock_aus]", "1")
        page.click("text=Spiel eintragen")
        page.wait_for_selector(f"table.evtable tr:nth-child(1) td:has-text('{loser}')")
    page.click("text=Deckel-Buch")
    assert page.locator("#balance tr:has-text('Ben') td").nth(1).inner_text() == "4 Runden"
    page.click("text=Statistik")
    ben = page.locator("#stats tr:has-text('Ben') td")
    assert [ben.nth(i).inner_text() for i in range(4)] == ["Ben", "8", "4", "50 %"]
    assert page.locator(".evplot svg").count() == 1
    page.screenshot(path=str(shots / "evening-stats.png"), full_page=True)
