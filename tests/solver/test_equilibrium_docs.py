"""scripts/make_equilibrium_docs.py: the page it writes for a rule set."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from schock import load_rules
from schock.solver import equilibrium as eq

ROOT = Path(__file__).resolve().parents[2]


def test_page_shows_the_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    eq.equilibrium_half.cache_clear()
    spec = importlib.util.spec_from_file_location(
        "make_equilibrium_docs", ROOT / "scripts" / "make_equilibrium_docs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sol = eq.solve(load_rules("irmgarteich").replace(deckel=3, max_throws=1))
    text = module.page(sol)
    assert f"{sol.p_first_wins_round:.6f}" in text
    assert f"{sol.p_starter_wins_half:.6f}" in text
    assert "declares blind" in text
    assert text.count("\n| ") == (1 + 5) + (1 + 4)  # 5 figures, then Stock 3..0
