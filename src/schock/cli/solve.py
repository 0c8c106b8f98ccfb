"""``schock solve``: the exact two-player equilibrium of a rule set."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click
from rich import box
from rich.table import Table

from schock.cli.common import lang_option, make_console, progress_bar, rules_option
from schock.cli.odds import percent
from schock.rules import load_rules
from schock.solver.equilibrium import Solution, solve
from schock.solver.progress import reporting

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import TaskID

    from schock.rules import Rules

_TEXT = {
    "round": ("Runde: Vorhand verliert nicht", "round: the first mover does not lose it"),
    "half": ("Hälfte: der Beginner verliert nicht", "half: its starter does not lose it"),
    "game": ("Spiel: der Beginner verliert nicht", "game: its starter does not lose it"),
    "exploit": ("Ausnutzbarkeit (beste Antwort)", "exploitability (exact best response)"),
    "seconds": ("Sekunden", "seconds"),
    "blind": ("blind im Gleichgewicht", "blind at equilibrium"),
    "title": ("Gleichgewicht zu zweit", "two-player equilibrium"),
    "situations": (
        "Hälfte je Deckel-Lage (Stock/Vorhand/Hinterhand): Vorhand verliert nicht",
        "half per Deckel situation (Stock/first/second): the first mover does not lose it",
    ),
    # the progress bar on a terminal (issue 27 item 7)
    "equilibrium.empty": (
        "Gleichgewicht, leerer Stock: Durchlauf {n}", "equilibrium, empty Stock: sweep {n}",
    ),
    "equilibrium.stock": ("Gleichgewicht, Lagen mit Stock", "equilibrium, situations with a Stock"),
    "check.empty": (
        "Prüfung (beste Antwort), leerer Stock: Durchlauf {n}",
        "check (best response), empty Stock: sweep {n}",
    ),
    "check.stock": (
        "Prüfung (beste Antwort), Lagen mit Stock", "check (best response), situations with a Stock",
    ),
}


def _t(key: str, lang: str) -> str:
    de, en = _TEXT[key]
    return en if lang == "en" else de


def solution_table(sol: Solution, lang: str = "de") -> Table:
    """The main figures for people."""
    out = Table(
        title=f"{sol.rules.id}: {_t('title', lang)}", box=box.SIMPLE_HEAD, title_justify="left"
    )
    out.add_column("")
    out.add_column("", justify="right")
    out.add_row(_t("round", lang), percent(sol.p_first_wins_round, lang))
    out.add_row(_t("half", lang), percent(sol.p_starter_wins_half, lang))
    out.add_row(_t("game", lang), percent(sol.p_starter_wins_game, lang))
    out.add_row(_t("exploit", lang), f"{sol.exploitability:.1e}")
    out.add_row(_t("seconds", lang), f"{sol.seconds:.1f}")
    if sol.rules.blind:
        sits = ", ".join(f"{s}/{x}/{y}" for s, x, y in sol.blind_situations) or "-"
        out.add_row(_t("blind", lang), sits)
    return out


def situations_table(sol: Solution, lang: str = "de") -> Table:
    """Vorhand's chance of not losing the half in every Deckel situation."""
    out = Table(title=_t("situations", lang), box=box.SIMPLE_HEAD, title_justify="left")
    out.add_column("Stock")
    n = sol.rules.deckel
    for x in range(n + 1):
        out.add_column(str(x), justify="right")
    for s in range(n, -1, -1):
        cells = []
        for x in range(n + 1):
            v = sol.half_values.get((s, x, n - s - x))
            cells.append("" if v is None else f"{100 * v:.1f}")
        out.add_row(str(s), *cells)
    return out


@click.command("solve")
@rules_option
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@lang_option()
def solve_cmd(rules_name: str, as_json: bool, lang: str) -> None:
    """The exact two-player equilibrium: round, half and game values, exploitability.

    Solves (or loads from the cache) the equilibrium of two-player Schocken
    under the rules, checks it with an exact best response against each
    side and prints the first mover's chances.
    """
    rules = load_rules(rules_name)
    sol = solve_showing_progress(rules, lang, progress_console())
    if as_json:
        click.echo(json.dumps(sol.as_json(), indent=2))
        return
    console = make_console()
    console.print(solution_table(sol, lang))
    console.print(situations_table(sol, lang))


def progress_console() -> Console | None:
    """A console on stderr for the progress bar when stderr is a terminal, else None
    (piped or captured output gets no bar)."""
    if not sys.stderr.isatty():
        return None
    from rich.console import Console

    return Console(stderr=True)


def solve_showing_progress(rules: Rules, lang: str, console: Console | None) -> Solution:
    """:func:`~schock.solver.equilibrium.solve` with a progress bar on ``console`` (if
    any): one line per stage (the sweeps of the empty-Stock phase are counted, the
    situations with a Stock have a bar), gone when the solution is there."""
    if console is None:
        return solve(rules)
    with progress_bar(console, elapsed=True) as bar:
        tasks: dict[str, TaskID] = {}

        def show(stage: str, done: int, total: int | None) -> None:
            text = _t(stage, lang).format(n=done)
            if stage not in tasks:
                for task in bar.tasks:  # the stage before is over: its bar is full
                    if task.total is None:
                        bar.update(task.id, total=task.completed, completed=task.completed)
                tasks[stage] = bar.add_task(text, total=total)
            bar.update(tasks[stage], description=text, completed=done)

        with reporting(show):
            return solve(rules)


__all__ = ["progress_console", "situations_table", "solution_table", "solve_cmd",
           "solve_showing_progress"]
