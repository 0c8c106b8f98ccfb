"""Hypothesis profiles: under CI (the CI environment variable set) examples are
derandomized, so a run on a clean machine is reproducible; at a developer's
desk every run explores new examples. Fixtures of the browser tests: a live
server, Debian's chromium, and where screenshots go; and ``load_script``, a
script of ``scripts/`` as a module."""

from __future__ import annotations

import importlib.util
import os
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
import uvicorn
from hypothesis import settings

from schock.web import Settings, create_app

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import would (dataclasses and pickle look there)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def load_script() -> Callable[[str], ModuleType]:
    """``load_script("make_sim_docs")``: ``scripts/make_sim_docs.py`` as a module."""
    return _load_script


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def chromium() -> Iterator[Any]:
    """Debian's chromium, launched through Playwright (its own browser download
    cannot work here). Missing under CI it is an error: CI must run the browser
    tests (``.ci/run`` installs it); at a desk without it the test is skipped."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            raise RuntimeError(f"{CHROMIUM} is missing: CI must run browser tests (.ci/run installs it)")
        pytest.skip(f"{CHROMIUM} is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the browser tests put their screenshots: the test's own temporary
    folder, so a test run never changes the repository; with
    ``SCHOCK_DOC_SHOTS=1`` the pictures in ``docs/`` are refreshed instead."""
    if os.environ.get("SCHOCK_DOC_SHOTS") == "1":
        return Path(__file__).resolve().parents[1] / "docs"
    folder = tmp_path / "shots"
    folder.mkdir()
    return folder


class LiveServer:
    """Start the web app on a loopback port (a fresh SQLite database in a temporary
    folder) and give its base address; the browser tests drive it. Call it with the
    bots' delay in seconds (and a port, to start it again where it was); ``stop()``
    stops every server it started (also done after the test)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.running: list[tuple[uvicorn.Server, threading.Thread]] = []

    def __call__(self, bot_delay: float, port: int | None = None) -> str:
        if port is None:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = int(s.getsockname()[1])
        app = create_app(Settings(db=str(self.folder / "live.db"), bot_delay=bot_delay))
        srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=srv.run, daemon=True)
        thread.start()
        self.running.append((srv, thread))
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                if httpx.get(base + "/api/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        return base

    def stop(self) -> None:
        for srv, _ in self.running:
            srv.should_exit = True
        for _, thread in self.running:
            thread.join(15)
            assert not thread.is_alive(), "the live server did not stop"
        self.running = []


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[Callable[..., str]]:
    """A :class:`LiveServer` in the test's temporary folder."""
    server = LiveServer(tmp_path)
    yield server
    server.stop()
