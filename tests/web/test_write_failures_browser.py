"""The table page while the server cannot store (issue 34 item 3), in a real browser: a
refused tap shows a banner in the page's language, the socket stays (no reconnect), the
buttons stay usable, the banner says when saving works again, and the same tap then
goes through."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from test_write_failures import UNSAVED_DE, Full

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api")


def test_the_page_says_it_cannot_save_and_the_tap_goes_through_later(
        live_server: Any, chromium: Any) -> None:
    base = live_server(0.05)
    app = live_server.running[-1][0].config.app
    full = Full(app.state)
    info = httpx.post(base + "/api/tables", json={"preset": "ferschweiler", "seats": [
        {"name": "Anna"}, {"name": "Bot", "bot": "heuristic"}]}).json()
    host = chromium.new_context().new_page()
    host.goto(info["host_link"])
    host.locator("#start").click()
    anna = chromium.new_context().new_page()
    anna.goto(info["seats"][0]["link"])
    button = anna.locator("button.act").first
    button.wait_for(timeout=15000)

    full.on = True
    button.click()
    banner = anna.locator("#unsaved")
    banner.wait_for(state="visible", timeout=10000)
    assert banner.inner_text() == UNSAVED_DE
    assert anna.locator("#conn").is_hidden()  # the socket stayed open
    assert button.is_enabled()

    full.on = False
    anna.locator("#unsaved.ok").get_by_text("Speichern geht wieder").wait_for(timeout=15000)
    anna.locator("button.act").first.click()
    banner.wait_for(state="hidden", timeout=10000)  # the move was stored and told
