"""The start page's warning about links only this machine can open, on a phone and a laptop
(screenshots start-loopback-*.png in the shots folder)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")


def test_the_loopback_warning_fits_a_phone_and_a_laptop(
    live_server: Callable[[float], str], shots: Path, chromium: Any
) -> None:
    server = live_server(0)  # on 127.0.0.1: the links it hands out open only here
    errors: list[str] = []
    for name, size in (("phone", (360, 740)), ("laptop", (1280, 800))):
        ctx = chromium.new_context(viewport={"width": size[0], "height": size[1]},
                                   is_mobile=name == "phone")
        page = ctx.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(server + "/")
        warning = page.locator("#loopback-warning")
        assert warning.is_visible() and "nur dieser Rechner" in warning.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.screenshot(path=str(shots / f"start-loopback-{name}.png"), full_page=False)
        assert not [e for e in errors if "Content Security Policy" in e], errors
        ctx.close()
