"""Behind a proxy under a sub-path (``--root-path /schock``): a real browser creates a table,
opens its host link and the table's websocket connects under the sub-path."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from schock.web import Settings, create_app

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")


def test_a_table_under_a_sub_path(tmp_path: Path, chromium: Any) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    base = f"http://127.0.0.1:{port}/schock"
    app = create_app(Settings(db=str(tmp_path / "sub.db"), bot_delay=0, base_url=base))

    async def proxy(scope: Any, receive: Any, send: Any) -> None:
        """Like a proxy that forwards only /schock/...: a path without it goes nowhere."""
        if scope["type"] in ("http", "websocket") and not scope["path"].startswith("/schock/"):
            missed.append(scope["path"])
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b""})
            return
        await app(scope, receive, send)

    missed: list[str] = []
    srv = uvicorn.Server(uvicorn.Config(proxy, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/api/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        page = chromium.new_context(viewport={"width": 360, "height": 740}).new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(base + "/")
        page.locator("form#start-form button[type=submit]").click()
        page.locator("#host-link").wait_for(timeout=15000)
        host_link = page.locator("#host-link").get_attribute("href") or ""
        assert host_link.startswith(base + "/t/"), host_link
        page.goto(host_link)
        status = page.locator("#status")
        page.wait_for_function(  # connected: the status is no longer "Verbinde …" or "…"
            "() => !['…', 'Verbinde …', ''].includes(document.getElementById('status')"
            ".textContent.trim()) && !document.getElementById('status').textContent"
            ".includes('Verbindung weg')", timeout=15000)
        assert "Verbindung weg" not in status.inner_text()
        assert not errors and not missed, (errors, missed)
    finally:
        srv.should_exit = True
        thread.join(10)
