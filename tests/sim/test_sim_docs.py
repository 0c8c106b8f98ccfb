"""scripts/make_sim_docs.py: the page it writes, its plots and --check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from schock import PRESETS

ROOT = Path(__file__).resolve().parents[2]


def _checks_once(build: Callable[..., str]) -> Callable[..., str]:
    """``build`` that computes a page without plots (``out`` None: --check) once per
    arguments; a run that writes plots is always made afresh."""
    pages: dict[tuple[object, ...], str] = {}

    def once(games: int, field_games: int, seed: int, out: Path | None, **kw: Any) -> str:
        if out is not None:
            return build(games, field_games, seed, out, **kw)
        key = (games, field_games, seed, tuple(sorted(kw.items())))
        if key not in pages:
            pages[key] = build(games, field_games, seed, out, **kw)
        return pages[key]

    return once


@pytest.fixture(scope="module")
def docs(load_script: Callable[[str], ModuleType]) -> ModuleType:
    return load_script("make_sim_docs")


def test_write_then_check(
    docs: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the two --check runs below compute the same page: the second takes the first's text
    # (the first is a fresh run, compared with what --out wrote)
    monkeypatch.setattr(docs, "build", _checks_once(docs.build))
    args = ["--out", str(tmp_path), "--games", "300", "--field-games", "200", "--seed", "3"]
    assert docs.main(args) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {"README.md", "presets.png", "players.png", "field-opening.png"} <= names
    assert {"presets.pdf", "players.pdf", "field-opening.pdf"} <= names  # vector, for print
    assert "field-blind.png" not in names  # inert for these bots: left out, and said so
    page = (tmp_path / "README.md").read_text(encoding="utf-8")
    for heading in (
        "## The presets at a glance",
        "## Number of players",
        "## Risk profiles at a table of five",
        "## The effect of each house-rule field",
        "### `opening`",
        "### `deckel`",
    ):
        assert heading in page
    assert all(f"| `{p}` |" in page for p in PRESETS)
    assert "`blind` (only the first player may declare blind" in page
    capsys.readouterr()
    assert docs.main([*args, "--check"]) == 0
    (tmp_path / "README.md").write_text("stale\n", encoding="utf-8")
    assert docs.main([*args, "--check"]) == 1
    assert "README.md: DIFFERS" in capsys.readouterr().out


def test_committed_page_is_current_in_what_it_claims(docs: ModuleType) -> None:
    """The committed page has every section and every preset (its numbers are
    checked by ``make_sim_docs.py --check``, which takes a minute or two)."""
    page = (ROOT / "docs" / "sim" / "README.md").read_text(encoding="utf-8")
    assert page.startswith(docs.GENERATED)
    assert f"Seed {docs.DEFAULT_SEED}" in page
    for name in ("presets.png", "players.png", "field-opening.png"):
        assert (ROOT / "docs" / "sim" / name).is_file()


@pytest.mark.slow
def test_committed_page_matches_a_fresh_run(
    docs: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every number of docs/sim/README.md is what the batch path gives today
    (``make_sim_docs.py --check``: the page, not the images)."""
    assert docs.main(["--check"]) == 0, capsys.readouterr().out
