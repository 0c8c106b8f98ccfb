"""The table page when the server closed its socket for too many messages (1008, issue 34
item 2): it says so and connects again only after a pause or on a tap, never at once."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_socket_closed_for_flooding_says_so_and_waits(
        live_server: Callable[[float], str], chromium: Any, lang: str) -> None:
    server = live_server(0)
    info = httpx.post(server + "/api/tables", json={"preset": "porz", "seats": [
        {"name": "Anna"}, {"name": "Uschi", "bot": "heuristic"}]}).json()
    page = chromium.new_context().new_page()
    page.clock.install()  # the page's timers run only as far as the test says
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        sockets.append(ws)
        if len(sockets) == 1:  # the first socket: closed as the server closes a flooder
            ws.on_message(lambda _: ws.close(code=1008, reason="too many messages"))
        else:
            ws.connect_to_server()

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    link = info["seats"][0]["link"]
    page.goto(link.replace("#", "?lang=en#") if lang == "en" else link)
    page.get_by_test_id("reconnect").wait_for()
    banner = page.locator("#conn").inner_text()
    assert ("Too many messages – disconnected" if lang == "en"
            else "Zu viele Nachrichten – Verbindung getrennt") in banner
    page.clock.run_for(20_000)  # a lost connection would have been tried again 5 times
    assert len(sockets) == 1
    page.get_by_test_id("reconnect").click()  # a tap connects at once
    page.locator("li.seat.me").wait_for()
    assert len(sockets) == 2 and page.locator("#conn").is_hidden()
    assert page.get_by_test_id("reconnect").count() == 0
