"""Every number in docs/ that comes from a run is made by ``scripts/docs_figures.py``
and matches what the script prints: the quick ones here, the slow ones under the
``slow`` marker (CI runs both); the ``heavy`` ones (minutes each) by
``make docs-check``. The pages written whole by a script have their own checks
(``tests/sim/test_sim_docs.py``, ``tests/solver/test_equilibrium_docs.py``)."""

from __future__ import annotations

import doctest
import runpy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIG = SimpleNamespace(**runpy.run_path(str(ROOT / "scripts" / "docs_figures.py")))


def by_cost(cost: str) -> list[Any]:
    marks = [pytest.mark.slow] if cost == "slow" else []
    return [
        pytest.param(name, id=name, marks=marks)
        for name, f in FIG.FIGURES.items()
        if f.cost == cost
    ]


def test_every_mark_is_a_figure_and_every_figure_is_shown() -> None:
    shown = FIG.found()
    assert set(shown) == set(FIG.FIGURES), "a marked number without a script, or the other way"
    for name, where in shown.items():
        assert [p.relative_to(ROOT / "docs").as_posix() for p, _ in where] == [
            FIG.FIGURES[name].page
        ], name
    assert len(FIG.FIGURES) >= 20
    # the two known mismatches are under the check
    assert {"eq-arena-heuristic", "adapters-q-learning"} <= set(shown)


@pytest.mark.parametrize("name", by_cost("quick") + by_cost("slow"))
def test_documented_figure_is_what_the_script_prints(name: str) -> None:
    f = FIG.FIGURES[name]
    (page, text), = FIG.found()[name]
    made = f.make()
    assert FIG.shows(text, made), f"{page.name} shows {text!r}; {f.how} gives {made!r}"


def test_check_and_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--check fails on a stale number, --write puts the made one in (inline and
    block), and a page without the figure is reported."""
    name = "adapters-tensor-length"
    made = FIG.FIGURES[name].make()
    (tmp_path / "adapters.md").write_text(
        f"length (<!-- fig:{name} -->1<!-- /fig --> for porz)\n", encoding="utf-8"
    )
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "x.md").write_text(f"<!-- fig:{name} -->\n```\nold\n```\n<!-- /fig -->\n")
    args = ["--docs", str(tmp_path), name]
    assert FIG.main([*args, "--check"]) == 1
    out = capsys.readouterr().out
    assert f"{name} (adapters.md): DIFFERS" in out and f"made:  {made}" in out
    assert FIG.main([*args, "--write"]) == 0
    assert (tmp_path / "adapters.md").read_text() == (
        f"length (<!-- fig:{name} -->{made}<!-- /fig --> for porz)\n"
    )
    assert (sub / "x.md").read_text() == f"<!-- fig:{name} -->\n{made}\n<!-- /fig -->\n"
    capsys.readouterr()
    assert FIG.main([*args, "--check"]) == 0
    assert FIG.main([*args]) == 0
    assert f"made:  {made}" in capsys.readouterr().out
    (tmp_path / "adapters.md").write_text("nothing marked\n")
    (sub / "x.md").unlink()
    assert FIG.main(["--docs", str(tmp_path), "--check", name]) == 1
    assert f"{name}: NOT IN docs/adapters.md" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        FIG.main(["no-such-figure"])


def test_shows() -> None:
    assert FIG.shows("7,611 for the\nfirst turn", "7,611 for the first turn")
    assert not FIG.shows("```\na\nb\n```", "```\na b\n```")
    assert not FIG.shows("40.8 %", "35.9 %")


def test_compact_json_doctest() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(FIG.compact_json, "compact_json", globs={"compact_json": FIG.compact_json}):
        runner.run(test)
    assert runner.summarize().failed == 0
    assert runner.summarize().attempted >= 2
