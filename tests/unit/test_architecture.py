"""docs/architecture.md stays true: what it names exists, and the floors hold.

The page's table puts every package and top-level module of ``src/schock`` on a
floor; every ``schock...`` name in backticks anywhere on the page must be a
module or package; and no module imports one on a higher floor (imports under
``TYPE_CHECKING`` are for the type checker only, as in the circle test).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PAGE = ROOT / "docs" / "architecture.md"
NAME = re.compile(r"`(schock(?:\.\w+)*)`")
ROW = re.compile(r"^\| (\d+) \| (.+?) \| .+ \|$", re.M)


def _circles() -> ModuleType:
    path = Path(__file__).with_name("test_import_circles.py")
    spec = importlib.util.spec_from_file_location("_import_circles", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["_import_circles"] = module
    spec.loader.exec_module(module)
    return module


def _modules() -> set[str]:
    out = set()
    for p in (SRC / "schock").rglob("*.py"):
        parts = list(p.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.add(".".join(parts))
    return out


def floors(text: str) -> dict[str, int]:
    """Package or module -> its floor, from the page's table."""
    out: dict[str, int] = {}
    for floor, names in ROW.findall(text):
        for name in NAME.findall(names):
            assert name not in out, f"{name} stands on two floors"
            out[name] = int(floor)
    return out


def floor_of(module: str, table: dict[str, int]) -> int:
    """The floor of ``module``: that of the longest name in the table it falls under."""
    parts = module.split(".")
    for i in range(len(parts), 0, -1):
        name = ".".join(parts[:i])
        if name in table:
            return table[name]
    raise AssertionError(f"{module} is on no floor of docs/architecture.md")


def test_every_name_on_the_page_is_a_module() -> None:
    modules = _modules()
    named = set(NAME.findall(PAGE.read_text(encoding="utf-8")))
    assert len(named) > 30
    missing = sorted(n for n in named if n not in modules)
    assert not missing, f"docs/architecture.md names modules that do not exist: {missing}"


def test_every_package_and_top_level_module_is_on_a_floor() -> None:
    table = floors(PAGE.read_text(encoding="utf-8"))
    top = {m for m in _modules() if m.count(".") == 1 or m == "schock"}
    unplaced = sorted(top - set(table))
    assert not unplaced, f"on no floor of docs/architecture.md: {unplaced}"


def test_no_import_runs_up_a_floor() -> None:
    table = floors(PAGE.read_text(encoding="utf-8"))
    graph = _circles().import_graph(SRC)
    upward = sorted(
        f"{m} (floor {floor_of(m, table)}) imports {t} (floor {floor_of(t, table)})"
        for m, targets in graph.items()
        for t in targets
        if floor_of(t, table) > floor_of(m, table)
    )
    assert not upward, upward


def test_the_checks_see_a_wrong_page() -> None:
    text = "| 0 | `schock.engine` | x |\n| 1 | `schock.rules` | y |\n"
    table = floors(text)
    assert floor_of("schock.engine.game", table) == 0
    assert floor_of("schock.rules.model", table) == 1
    assert floor_of("schock.engine.game", table) < floor_of("schock.rules", table)  # upward
