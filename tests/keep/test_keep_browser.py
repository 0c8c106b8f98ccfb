"""A real browser on a phone-sized screen keeps a short porz game; a screenshot of the
entry page goes to docs/keep-entry.png with SCHOCK_DOC_SHOTS=1."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def server(live_server: Callable[[float], str]) -> str:
    return live_server(0)


def _result(
    page: object, dice: tuple[int, int, int], throws: int, kept: tuple[int, ...] = ()
) -> None:
    for i, face in enumerate(dice):
        page.locator(f'label.face:has([data-testid="d{i}-{face}"]) span').click()  # type: ignore[attr-defined]
    for i in kept:
        page.locator(f'label.kept:has([data-testid="k{i}"]) span').click()  # type: ignore[attr-defined]
    page.locator(f'label.face:has([data-testid="t{throws}"]) span').click()  # type: ignore[attr-defined]


def test_keep_a_short_game_on_a_phone(server: str, shots: Path, chromium: Any) -> None:
    phone = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = phone.new_page()
    page.goto(server + "/keep")
    page.locator('select[name="preset"]').select_option("porz")
    page.locator('[data-testid="name0"]').fill("Anna")
    page.locator('[data-testid="name1"]').fill("Ben")
    page.locator('select[name="starter"]').select_option("1")
    page.get_by_role("button", name="Los geht's").click()
    page.get_by_text("Anna: Ergebnis").wait_for(timeout=10000)
    _result(page, (1, 1, 4), 2, kept=(0, 1))
    page.locator('[data-testid="enter"]').click()
    page.get_by_text("Ben: Ergebnis").wait_for(timeout=10000)
    _result(page, (4, 5, 6), 3)
    page.locator('[data-testid="enter"]').click()
    page.locator('[data-testid="error"]').wait_for(timeout=10000)
    assert "höchstens 2-mal" in page.locator('[data-testid="error"]').inner_text()
    _result(page, (4, 5, 6), 2)
    page.locator('[data-testid="enter"]').click()
    page.locator('[data-testid="gets"]', has_text="Ben +4").wait_for(timeout=10000)
    _result(page, (2, 3, 5), 1)  # Ben starts the next round; shown, not yet entered
    page.screenshot(path=str(shots / "keep-entry.png"), full_page=True)
    page.locator('[data-testid="enter"]').click()
    page.locator('[data-testid="undo"]').click()  # undo Ben's 2-3-5
    page.get_by_text("Ben: Ergebnis").wait_for(timeout=10000)
    _result(page, (1, 1, 1), 1)
    page.locator('[data-testid="enter"]').click()
    page.get_by_text("Anna: Ergebnis").wait_for(timeout=10000)
    _result(page, (2, 3, 5), 1)
    page.locator('[data-testid="enter"]').click()
    page.locator('[data-testid="loser"]').wait_for(timeout=10000)
    assert "Anna hat das Spiel verloren" in page.locator('[data-testid="loser"]').inner_text()
    href = page.locator('[data-testid="record"]').get_attribute("href")
    assert href is not None
    record = httpx.get(server + href).json()
    assert record["result"]["loser"] == 0
