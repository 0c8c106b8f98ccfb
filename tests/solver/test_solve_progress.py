"""Issue 27 item 7: ``schock solve`` shows how far it is on a terminal (rich's progress
bar, stage by stage) and prints nothing extra when its output is not a terminal."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from schock.cli import main
from schock.cli.solve import solve_showing_progress
from schock.rules import load_rules
from schock.solver import equilibrium as eq
from schock.solver.progress import STAGES, reporting

RULES = load_rules("porz").replace(deckel=3, max_throws=1)


@pytest.fixture(autouse=True)
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solved now, not taken from a cache (which reports nothing)."""
    monkeypatch.setenv("SCHOCK_NO_CACHE", "1")
    eq.equilibrium_half.cache_clear()


def test_the_solver_reports_every_stage_in_order_up_to_its_total() -> None:
    seen: list[tuple[str, int, int | None]] = []
    with reporting(lambda stage, done, total: seen.append((stage, done, total))):
        eq.solve(RULES)
    stages = [stage for stage, _, _ in seen]
    assert sorted(set(stages), key=stages.index) == list(STAGES)
    assert stages == sorted(stages, key=STAGES.index)  # one stage after the other
    n = RULES.deckel
    last = {stage: (done, total) for stage, done, total in seen}
    assert last["equilibrium.stock"] == (n * (n + 1) // 2, n * (n + 1) // 2)
    assert last["check.stock"] == (n * (n + 1), n * (n + 1))
    assert last["equilibrium.empty"][1] is None and last["equilibrium.empty"][0] >= 1
    eq.equilibrium_half.cache_clear()
    after: list[str] = []
    with reporting(lambda stage, done, total: after.append(stage)):
        pass
    eq.solve(RULES)  # solved again, after the block: the listener hears nothing
    assert after == []


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("Gleichgewicht, leerer Stock: Durchlauf", "Prüfung (beste Antwort), Lagen mit Stock")),
    ("en", ("equilibrium, empty Stock: sweep", "check (best response), situations with a Stock")),
])
def test_a_terminal_gets_a_progress_bar_in_the_commands_language(
    lang: str, words: tuple[str, str]
) -> None:
    screen = Console(file=io.StringIO(), force_terminal=True, width=100)
    sol = solve_showing_progress(RULES, lang, screen)
    shown = screen.file.getvalue()  # type: ignore[attr-defined]
    assert all(w in shown for w in words), shown
    assert sol.p_starter_wins_half == pytest.approx(eq.solve(RULES).p_starter_wins_half)


def test_no_bar_when_not_a_terminal(tmp_path: Path) -> None:
    rules = tmp_path / "mini.toml"
    rules.write_text('extends = "porz"\nid = "mini"\nname = "Mini"\ndeckel = 3\nmax_throws = 1\n',
                     encoding="utf-8")
    result = CliRunner().invoke(main, ["solve", "--rules", str(rules)])
    assert result.exit_code == 0, result.output
    assert "Durchlauf" not in result.output and "━" not in result.output
    assert result.output.startswith("mini: Gleichgewicht zu zweit")


def test_the_bar_goes_to_stderr_only_when_it_is_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from schock.cli.solve import progress_console

    class Stream(io.StringIO):
        def __init__(self, tty: bool) -> None:
            super().__init__()
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    monkeypatch.setattr(sys, "stderr", Stream(False))
    assert progress_console() is None
    monkeypatch.setattr(sys, "stderr", Stream(True))
    console = progress_console()
    assert console is not None and console.stderr
