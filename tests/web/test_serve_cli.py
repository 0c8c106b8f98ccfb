"""``schock serve``: prints the address, passes the settings, refuses a bad --db."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner

from schock.cli import main


def test_serve_prints_the_address_and_runs_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kw: Any) -> None:
        seen["app"] = app
        seen.update(kw)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    db = tmp_path / "x.db"
    r = CliRunner().invoke(main, ["serve", "--port", "8123", "--db", str(db), "--bot-delay", "0"])
    assert r.exit_code == 0, r.output
    assert "http://127.0.0.1:8123/" in r.output
    assert seen["port"] == 8123 and seen["host"] == "127.0.0.1"
    assert seen["app"].state.settings.db == str(db)


def test_serve_default_db_in_the_app_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    r = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0"])
    assert r.exit_code == 0 and "http://127.0.0.1:8000/" in r.output
    assert (Path(tmp_path) / "schock").is_dir() or any(Path(tmp_path).rglob("schock"))


def test_serve_refuses_a_bad_db() -> None:
    r = CliRunner().invoke(main, ["serve", "--db", "nosuchdialect://x"])
    assert r.exit_code == 2 and r.output.startswith("Error: ")
