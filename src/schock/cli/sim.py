"""``schock sim``: millions of games in the batch path, statistics, plots, sweeps.

Everything heavy (numpy, numba, scipy, matplotlib, dask) is imported only
when the command runs, so the rest of ``schock`` works without the ``sim``
extra; without it this command says what to install.
"""

from __future__ import annotations

import csv
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from schock.cli.common import BadInputError, lang_option, make_console, run_seed_option
from schock.errors import InvalidInputError
from schock.i18n import number, plural
from schock.messages import Msg
from schock.rules import Rules, load_rules

if TYPE_CHECKING:
    from schock.sim import SimResult, Stat

INSTALL = "pip install 'schock[sim]'"

#: Games per rule set from which ``schock sim`` uses a process pool by default
#: (below it, starting the processes costs more than they save).
POOL_FROM = 1_000_000

_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "title": "{games} je Regelwerk, Seed {seed}, Bots: {bots}",
        "figure": "Kennzahl",
        "ci": "Werte mit 95-%-Intervall (Wilson für Quoten, Normalnäherung für Mittel)",
        "loss_seat": "Verlustquote Platz {n}",
        "loss_starter": "Verlustquote des Beginners",
        "rounds_per_half": "Runden je Hälfte",
        "schock_aus_halves": "Hälften mit Schock-Aus-Ende",
        "durchmarsch": "Durchmarsch",
        "deckel_per_round": "Deckel je Runde",
        "speed": "{games}, {rounds} in {seconds} s ({rps})",
        "plot": "Grafik: {path}",
        "out": "Spiele: {path}",
        "skip": "{field} = {value}: übersprungen ({reason})",
        "sweep": "{rules}: {field} variiert",
    },
    "en": {
        "title": "{games} per rule set, seed {seed}, bots: {bots}",
        "figure": "Figure",
        "ci": "values with 95 % interval (Wilson for rates, normal approximation for means)",
        "loss_seat": "loss rate seat {n}",
        "loss_starter": "loss rate of the starter",
        "rounds_per_half": "rounds per half",
        "schock_aus_halves": "halves ended by Schock Aus",
        "durchmarsch": "Durchmarsch",
        "deckel_per_round": "Deckel per round",
        "speed": "{games}, {rounds} in {seconds} s ({rps})",
        "plot": "plot: {path}",
        "out": "games: {path}",
        "skip": "{field} = {value}: skipped ({reason})",
        "sweep": "{rules}: {field} varied",
    },
}


def _need_extra() -> None:
    """Fail with what to install when the ``sim`` extra is missing."""
    missing = []
    for module in ("numpy", "numba", "scipy", "matplotlib"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise BadInputError(
            Msg("sim.extra", {"missing": ", ".join(missing), "install": INSTALL})
        )


def _label(stat: Stat, lang: str) -> str:
    t = _TEXTS[lang]
    if stat.name.startswith("loss_seat"):
        return t["loss_seat"].format(n=stat.name.removeprefix("loss_seat"))
    return t[stat.name]


def _value(stat: Stat, lang: str) -> str:
    if stat.name in ("rounds_per_half", "deckel_per_round"):
        text = f"{stat.value:.3f} ({stat.low:.3f}–{stat.high:.3f})"
    else:
        text = f"{100 * stat.value:.1f} % ({100 * stat.low:.1f}–{100 * stat.high:.1f})"
    return text.replace(".", ",") if lang == "de" else text


def stats_table(results: Sequence[SimResult], labels: Sequence[str], lang: str) -> Table:
    """One row per figure, one column per result."""
    t = _TEXTS[lang]
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column(t["figure"])
    for label in labels:
        table.add_column(label, justify="right")
    summaries = [{s.name: s for s in r.summary()} for r in results]
    names: list[str] = []
    for s in summaries:
        names += [n for n in s if n not in names]
    for name in names:
        first = next(s[name] for s in summaries if name in s)
        table.add_row(
            _label(first, lang), *[_value(s[name], lang) if name in s else "–" for s in summaries]
        )
    return table


def write_games(path: Path, results: Sequence[SimResult], labels: Sequence[str]) -> None:
    """Every game as a row (CSV, or Parquet when the name ends in .parquet)."""
    import numpy as np

    columns: dict[str, list[Any]] = {}
    for r, label in zip(results, labels, strict=True):
        rows = r.game_rows()
        columns.setdefault("rules", []).extend([label] * r.games)
        for name, values in rows.items():
            columns.setdefault(name, []).append(values)
    data: dict[str, Any] = {
        k: (np.concatenate(v) if k != "rules" else v) for k, v in columns.items()
    }
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise BadInputError(Msg("sim.parquet", {"option": "--out", "path": path})) from None
        pq.write_table(pa.table(data), path)
        return
    if suffix != ".csv":
        raise BadInputError(Msg("sim.format", {
            "option": "--out", "path": path, "suffix": suffix, "allowed": ".csv, .parquet"}))
    try:
        with path.open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            names = list(data)
            w.writerow(names)
            cols = [data[n] for n in names]
            for i in range(len(cols[0])):
                w.writerow([c[i] for c in cols])
    except OSError as exc:
        raise BadInputError(Msg("sim.write", {
            "option": "--out", "path": path, "reason": exc.strerror or exc})) from None


def _check_writable(path: Path | None, option: str) -> None:
    """Refuse an output path that cannot be written, before anything runs."""
    if path is None:
        return
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        reason = Msg("sim.is_folder")
    elif not folder.is_dir():
        reason = Msg("sim.no_folder")
    elif not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        reason = Msg("sim.not_writable")
    else:
        return
    raise BadInputError(Msg("sim.write", {"option": option, "path": path, "reason": reason}))


def _check_plot(path: Path | None, option: str) -> None:
    from schock.sim.plots import FORMATS

    if path is not None and path.suffix.lower() not in FORMATS:
        raise BadInputError(Msg("sim.format", {
            "option": option, "path": path, "suffix": path.suffix, "allowed": ", ".join(FORMATS)}))


def _seats(bots: Sequence[str], players: int | None) -> list[str]:
    if not bots:
        bots = ("heuristic",)
    if len(bots) == 1:
        n = 3 if players is None else players
        if isinstance(n, bool) or n < 2 or n > 12:
            raise InvalidInputError(Msg("sim.players", {"n": n}))
        return list(bots) * n
    if players is not None and players != len(bots):
        raise InvalidInputError(Msg("sim.bots_players", {"players": players, "bots": len(bots)}))
    return list(bots)


@click.command("sim")
@click.option(
    "--rules",
    "rules_names",
    multiple=True,
    metavar="NAME|FILE",
    help="A preset or a rules TOML file; give several to compare them side by side (default: porz).",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="NAME",
    help="The bot of one seat (heuristic, cautious, bold); once for every seat. Default: heuristic.",
)
@click.option(
    "--players", type=int, default=None, help="Seats when one --bot plays every seat (default 3)."
)
@click.option("--games", type=int, default=100_000, show_default=True, help="Games per rule set.")
@run_seed_option
@click.option(
    "--jobs",
    type=int,
    default=None,
    help="Local processes, each playing chunks of 20,000 games (default: 1 below "
    "1,000,000 games per rule set, else one per core); the numbers do not depend on it.",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    default=None,
    help="Run on a Dask scheduler (tcp://HOST:8786) instead of locally; see docs/sim.md.",
)
@click.option(
    "--cluster-timeout", type=float, default=10.0, show_default=True, help="Seconds to reach it."
)
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write a figure (.png, .svg or .pdf; matplotlib).",
)
@click.option(
    "--out",
    "out_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write every game as a row: .csv, or .parquet if pyarrow is installed.",
)
@click.option(
    "--sweep",
    "sweep_field",
    metavar="FIELD",
    default=None,
    help="Vary one rules field over its values (for the first --rules) and plot its effect "
    "(to --plot, default sweep-FIELD.png).",
)
@click.option("--quiet", is_flag=True, help="No progress bar, no timing line.")
@lang_option()
def sim(
    rules_names: tuple[str, ...],
    bots: tuple[str, ...],
    players: int | None,
    games: int,
    seed: int,
    jobs: int | None,
    cluster: str | None,
    cluster_timeout: float,
    plot_path: Path | None,
    out_path: Path | None,
    sweep_field: str | None,
    quiet: bool,
    lang: str,
) -> None:
    """Simulate many games in the fast batch path (numba) and print statistics.

    Needs the extra 'sim': pip install 'schock[sim]'. The bots are fixed
    policies (heuristic, cautious, bold); the same seed gives the same
    numbers with any --jobs or cluster.

    Examples:

      schock sim --rules porz --rules niederrhein --games 1000000 --plot cmp.png

      schock sim --rules mosel --bot bold --bot heuristic --bot cautious --out games.csv

      schock sim --rules porz --sweep opening --plot opening.svg
    """
    _need_extra()
    from schock.sim import simulate
    from schock.sim.plots import plot_compare, plot_sweep
    from schock.sim.tables import sweep_values

    t = _TEXTS[lang]
    seats = _seats(bots, players)
    if isinstance(games, bool) or games < 1:
        raise InvalidInputError(
            Msg("sim.whole_from", {"name": "games", "value": games, "low": 1}))
    if jobs is None:
        jobs = 1 if games < POOL_FROM else (os.cpu_count() or 1)
    _check_plot(plot_path, "--plot")
    if out_path is not None and out_path.suffix.lower() not in (".csv", ".parquet"):
        raise BadInputError(Msg("sim.format", {
            "option": "--out", "path": out_path, "suffix": out_path.suffix,
            "allowed": ".csv, .parquet"}))
    _check_writable(out_path, "--out")
    rule_sets: list[Rules] = [load_rules(n) for n in (rules_names or ("porz",))]
    labels = [r.id for r in rule_sets]
    notes: list[str] = []
    values: list[object] = []
    if sweep_field is not None:
        base = rule_sets[0]
        values_all = sweep_values(sweep_field)
        rule_sets, labels = [], []
        for value in values_all:
            try:
                rule_sets.append(base.replace(**{sweep_field: value}))
            except InvalidInputError as exc:
                notes.append(t["skip"].format(field=sweep_field, value=value, reason=exc))
                continue
            values.append(value)
            labels.append(str(value))
        plot_path = plot_path or Path(f"sweep-{sweep_field}.png")
    _check_writable(plot_path, "--plot")  # before the run: a run's figures are never lost
    err = Console(stderr=True)
    show = not quiet and sys.stderr.isatty()
    # the batch kernel is compiled (or loaded from numba's cache) on its first game:
    # done before the clock starts, so the speed line tells the simulation's speed
    simulate(rule_sets[0], seats, games=1, seed=seed, jobs=1)
    started = time.perf_counter()
    results: list[SimResult] = []
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not show,
        transient=True,
    ) as bar:
        for rules, label in zip(rule_sets, labels, strict=True):
            task = bar.add_task(label, total=games)

            def update(done: int, total: int, task: Any = task) -> None:
                bar.update(task, completed=done)

            results.append(
                simulate(
                    rules,
                    seats,
                    games=games,
                    seed=seed,
                    jobs=jobs,
                    cluster=cluster,
                    cluster_timeout=cluster_timeout,
                    progress=update,
                )
            )
    elapsed = time.perf_counter() - started
    out = make_console()
    title = t["title"].format(games=plural("games", games, lang), seed=seed, bots=", ".join(seats))
    if sweep_field is not None:
        title = t["sweep"].format(rules=rule_sets[0].base, field=sweep_field) + " · " + title
    out.print(title, highlight=False)
    out.print(stats_table(results, labels, lang))
    out.print(t["ci"], highlight=False)
    for note in notes:
        out.print(note, highlight=False)
    if plot_path is not None:
        try:
            if sweep_field is not None:
                plot_sweep(rule_sets[0].base, sweep_field, values, results, plot_path, lang)
            else:
                plot_compare(results, plot_path, lang, labels)
        except OSError as exc:
            raise BadInputError(Msg("sim.write", {
                "option": "--plot", "path": plot_path, "reason": exc.strerror or exc})) from None
        out.print(t["plot"].format(path=plot_path), highlight=False)
    if out_path is not None:
        write_games(out_path, results, labels)
        out.print(t["out"].format(path=out_path), highlight=False)
    if not quiet:
        rounds = sum(r.rounds for r in results)
        err.print(
            t["speed"].format(
                games=plural("games", games * len(results), lang),
                rounds=plural("rounds", rounds, lang),
                seconds=number(elapsed, lang, 1),
                rps=plural("rounds_per_second", round(rounds / max(elapsed, 1e-9)), lang),
            ),
            highlight=False,
        )
