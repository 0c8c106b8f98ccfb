"""scripts/make_preset_docs.py: the pages it writes, --check, and that the committed
pages still show the current rules and odds (the arena part is checked by
``make_preset_docs.py --check``, which takes a while)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from schock import PRESETS, load_rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def docs(load_script: Callable[[str], ModuleType]) -> ModuleType:
    return load_script("make_preset_docs")


def test_write_then_check(
    docs: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(docs, "available_bots", lambda: ("heuristic", "random"))
    args = ["--out", str(tmp_path), "--games", "4", "--seed", "3", "--jobs", "1"]
    args += ["--duel-games", "2"]
    assert docs.main(args) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted([f"{p}.md" for p in PRESETS] + ["README.md"])
    assert docs.main([*args, "--check"]) == 0
    page = (tmp_path / "porz.md").read_text(encoding="utf-8")
    for heading in ("# porz: ", "## Rules", "## Odds", "## Arena", "**4 games, seed 3**"):
        assert heading in page
    assert "schock arena --rules porz --bot heuristic --bot random --games 4 --seed 3" in page
    assert "## Heads-up against the pub heuristic" in page
    assert "schock arena --rules porz --bot random --bot heuristic --games 2 --seed 3" in page
    assert "| random | 2 |" in page
    index = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert all(f"]({p}.md)" in index for p in PRESETS)
    (tmp_path / "mosel.md").write_text("stale\n", encoding="utf-8")
    capsys.readouterr()
    assert docs.main([*args, "--check"]) == 1
    assert "mosel.md: DIFFERS" in capsys.readouterr().out


def test_needs_two_bots(docs: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(docs, "available_bots", lambda: ("heuristic",))
    with pytest.raises(SystemExit, match="needs 2 or more bots"):
        docs.build(2, 1, 1, log=False)


def test_markdown_table(docs: ModuleType) -> None:
    text = docs.md_table(("a", "b"), [("x|y", 1)], {1})
    assert text.splitlines() == ["| a | b |", "| --- | ---: |", "| x\\|y | 1 |"]


@pytest.mark.parametrize("preset", PRESETS)
def test_committed_pages_show_current_rules_and_odds(docs: ModuleType, preset: str) -> None:
    page = (ROOT / "docs" / "presets" / f"{preset}.md").read_text(encoding="utf-8")
    rules = load_rules(preset)
    assert docs.rules_section(rules) in page
    assert docs.odds_section(rules) in page
