"""scripts/make_equilibrium_docs.py: the page it writes for a rule set."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from schock import load_rules
from schock.solver import equilibrium as eq


def test_page_shows_the_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, load_script: Callable[[str], ModuleType]
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    eq.equilibrium_half.cache_clear()
    module = load_script("make_equilibrium_docs")
    sol = eq.solve(load_rules("irmgarteich").replace(deckel=3, max_throws=1))
    text = module.page(sol)
    assert f"{sol.p_first_wins_round:.6f}" in text
    assert f"{sol.p_starter_wins_half:.6f}" in text
    assert "declares blind" in text
    assert text.count("\n| ") == (1 + 5) + (1 + 4)  # 5 figures, then Stock 3..0


@pytest.mark.slow
def test_committed_porz_page_is_current(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    load_script: Callable[[str], ModuleType],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/equilibrium/porz.md is what the script makes today (the other presets'
    pages take minutes each: ``make docs-check``); --check fails on a stale page.
    The three runs after the first take the solution it computed (``solve`` is
    deterministic; its cost is the exploitability check), so the page is solved once."""
    module = load_script("make_equilibrium_docs")
    monkeypatch.setattr(module, "solve", functools.cache(module.solve))
    assert module.main(["--check", "porz"]) == 0
    assert "porz.md: ok" in capsys.readouterr().out
    (tmp_path / "porz.md").write_text("stale\n", encoding="utf-8")
    assert module.main(["--check", "--out", str(tmp_path), "porz"]) == 1
    assert module.main(["--out", str(tmp_path), "porz"]) == 0
    assert module.main(["--check", "--out", str(tmp_path), "porz"]) == 0
