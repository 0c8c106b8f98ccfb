"""``schock sim``: millions of games in the batch path, statistics, plots, sweeps.

Everything heavy (numpy, numba, scipy, matplotlib, dask) is imported only
when the command runs, so the rest of ``schock`` works without the ``sim``
extra; without it this command says what to install.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.console import Console
from rich.table import Table

from schock.cli.common import (
    BadInputError,
    bot_completion,
    complete_rules,
    lang_option,
    make_console,
    progress_bar,
    run_seed_option,
)
from schock.errors import InvalidInputError
from schock.i18n import number, plural
from schock.messages import Msg
from schock.rules import Rules, load_rules

if TYPE_CHECKING:
    from schock.sim import SimResult, Stat
    from schock.sim.stats import Diff
    from schock.sim.sweep import Plan

INSTALL = "pip install 'schock[sim]'"

#: At most this many columns (rule sets or swept values) get a table of their
#: differences to the first (wider tables cannot be read in a terminal).
DIFF_COLUMNS = 5
#: Common dice that shrink the variance of a difference less than this are said to help little.
LITTLE_GAIN = 1.5

#: Games per rule set from which ``schock sim`` uses a process pool by default
#: (below it, starting the processes costs more than they save).
POOL_FROM = 1_000_000

_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "title": "{games} je Regelwerk, Seed {seed}, Bots: {bots}",
        "figure": "Kennzahl",
        "ci": (
            "Werte mit 95-%-Intervall (Wilson für Quoten je Spiel; je Hälfte und je Runde "
            "nach Spielen, deren Runden nicht unabhängig sind)"
        ),
        "loss_seat": "Verlustquote Platz {n}",
        "loss_starter": "Verlustquote des Beginners",
        "rounds_per_half": "Runden je Hälfte",
        "schock_aus_halves": "Hälften mit Schock-Aus-Ende",
        "durchmarsch": "Durchmarsch",
        "deckel_per_round": "Deckel je Runde",
        "speed": "{games}, {rounds} in {seconds} s ({rps})",
        "plot": "Grafik: {path}",
        "skip": "{field} = {value}: übersprungen ({reason})",
        "sweep": "{rules}: {field} variiert",
        "same": "{field} = {value} spielt dieselben Spiele wie {field} = {other}",
        "diff_title": "Unterschied zu {first} (dieselben Würfel je Spiel, gepaart)",
        "diff_ci": (
            "Differenz mit 95-%-Intervall (gepaart nach Spielen; Quoten in Prozentpunkten); "
            "÷N: so viel kleiner ist die Varianz als bei unabhängigen Läufen"
        ),
        "diff_little": (
            "{label}: die gemeinsamen Würfel helfen hier wenig (Varianz ÷{factor}): "
            "die Spiele der beiden Regelwerke laufen früh auseinander"
        ),
        "rows": "{per}-Zeilen: {path} (Spalten: {meta})",
        "diff_many": (
            "Unterschiede mit Intervall zeigt schock sim bis zu {n} Spalten; für mehr: "
            "schock.sim.stats.difference in Python"
        ),
    },
    "en": {
        "title": "{games} per rule set, seed {seed}, bots: {bots}",
        "figure": "Figure",
        "ci": (
            "values with 95 % interval (Wilson for rates per game; per half and per round "
            "by game, as a game's rounds are not independent)"
        ),
        "loss_seat": "loss rate seat {n}",
        "loss_starter": "loss rate of the starter",
        "rounds_per_half": "rounds per half",
        "schock_aus_halves": "halves ended by Schock Aus",
        "durchmarsch": "Durchmarsch",
        "deckel_per_round": "Deckel per round",
        "speed": "{games}, {rounds} in {seconds} s ({rps})",
        "plot": "plot: {path}",
        "skip": "{field} = {value}: skipped ({reason})",
        "sweep": "{rules}: {field} varied",
        "same": "{field} = {value} plays the same games as {field} = {other}",
        "diff_title": "difference to {first} (the same dice game by game, paired)",
        "diff_ci": (
            "difference with 95 % interval (paired by game; rates in percentage points); "
            "÷N: the variance is that many times smaller than with independent runs"
        ),
        "diff_little": (
            "{label}: the common dice help little here (variance ÷{factor}): "
            "the two rule sets' games part ways early"
        ),
        "rows": "{per} rows: {path} (columns: {meta})",
        "diff_many": (
            "schock sim shows differences with intervals for up to {n} columns; for more: "
            "schock.sim.stats.difference in Python"
        ),
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
        if not math.isfinite(stat.low):  # one game: no spread to tell
            text = f"{stat.value:.3f} (–)"
    else:  # the interval's ends as numbers of percent, the share itself as a percentage
        from schock.i18n import number, percent

        ends = f"{number(100 * stat.low, lang, 1)}–{number(100 * stat.high, lang, 1)}"
        return f"{percent(stat.value, lang, 1)} ({ends})"
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


def _diff_value(d: Diff, lang: str) -> str:
    if not math.isfinite(d.low):
        return "–"
    mean = d.name in ("rounds_per_half", "deckel_per_round")
    scale, unit, digits = (1, "", 3) if mean else (100, " pp", 2)
    if lang == "de":
        unit = unit.replace("pp", "Pp")
    text = (
        f"{scale * d.value:+.{digits}f}{unit} "
        f"({scale * d.low:+.{digits}f}–{scale * d.high:+.{digits}f})"
    )
    if math.isfinite(d.factor):
        text += f" ÷{d.factor:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def diff_table(results: Sequence[SimResult], labels: Sequence[str], lang: str) -> Table:
    """One row per figure, one column per result after the first: it minus the first."""
    from schock.sim.stats import differences

    t = _TEXTS[lang]
    table = Table(box=box.SIMPLE_HEAD, title=t["diff_title"].format(first=labels[0]))
    table.add_column(t["figure"])
    rows = differences(results)
    for label in labels[1:]:
        table.add_column(f"{label} − {labels[0]}", justify="right")
    names = [d.name for d in rows[0]]
    stats = {s.name: s for s in results[0].summary()}
    for name in names:
        cells = [next((_diff_value(d, lang) for d in row if d.name == name), "–") for row in rows]
        table.add_row(_label(stats[name], lang), *cells)
    return table


def _little_gain(results: Sequence[SimResult], labels: Sequence[str]) -> list[tuple[str, float]]:
    """The columns whose common dice shrank the variance of the Deckel per round by
    less than :data:`LITTLE_GAIN`."""
    from schock.sim.stats import differences

    out = []
    for label, row in zip(labels[1:], differences(results), strict=True):
        d = next(d for d in row if d.name == "deckel_per_round")
        if math.isfinite(d.factor) and d.factor < LITTLE_GAIN:
            out.append((label, d.factor))
    return out


def _plot_sweep(sweep: Plan, results: Sequence[SimResult], path: Path, lang: str) -> None:
    """The sweep's figure: the first swept field along the axis, one line per other
    rule set or value of the second field."""
    from schock.sim.plots import plot_sweep

    axis = sweep.axes[0].field
    bases = list(dict.fromkeys(c.base.id for c in sweep.cells))
    xs = list(dict.fromkeys(c.values[axis] for c in sweep.cells))
    groups: dict[str, list[SimResult]] = {}
    for cell, r in zip(sweep.cells, results, strict=True):
        tag = [cell.base.id] if len(bases) > 1 else []
        tag += [f"{f}={v}" for f, v in cell.values.items() if f != axis]
        groups.setdefault(" · ".join(tag), []).append(r)
    series = None if list(groups) == [""] else list(groups.items())
    fields = " × ".join(a.field for a in sweep.axes)
    plot_sweep(", ".join(bases), fields, xs, groups.get("", []), path, lang, series=series)


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
    shell_complete=complete_rules,
    help="A preset or a rules TOML file; give several to compare them side by side (default: porz).",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="NAME",
    shell_complete=bot_completion(batch=True),
    help=(
        "The bot of one seat (heuristic, cautious, bold; at two seats also optimal, "
        "equilibrium; or a policy file NAME.json, docs/sim.md); once for every seat. "
        "Default: heuristic."
    ),
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
    "--per",
    default="game",
    show_default=True,
    metavar="game|round|turn",
    help="What a row of --out is: a game, a round or a turn (each with the game it "
    "belongs to, the rules, bots, seed and version); see docs/sim.md.",
)
@click.option(
    "--sweep",
    "sweeps",
    multiple=True,
    metavar="FIELD[=V1,V2,...]",
    help="Vary a rules field over all its values or the values given, for every --rules, "
    "and plot its effect (to --plot, default sweep-FIELD.png); twice for a grid of two fields.",
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
    per: str,
    sweeps: tuple[str, ...],
    quiet: bool,
    lang: str,
) -> None:
    """Simulate many games in the fast batch path (numba) and print statistics.

    Needs the extra 'sim': pip install 'schock[sim]'. The bots are fixed
    policies (heuristic, cautious, bold) or, at two seats, the exact
    optimal and equilibrium bots; the same seed gives the same numbers with
    any --jobs or cluster.

    Examples:

      schock sim --rules porz --rules niederrhein --games 1000000 --plot cmp.png

      schock sim --rules mosel --bot bold --bot heuristic --bot cautious --out games.csv

      schock sim --rules porz --sweep opening --plot opening.svg

      schock sim --rules porz --sweep deckel=9,13,17 --sweep opening --out r.csv --per round
    """
    _need_extra()
    from schock.sim import simulate
    from schock.sim.export import LEVELS, MAX_GAMES, sidecar
    from schock.sim.plots import plot_compare
    from schock.sim.sweep import parse_axis, plan

    t = _TEXTS[lang]
    seats = _seats(bots, players)
    if isinstance(games, bool) or games < 1:
        raise InvalidInputError(
            Msg("sim.whole_from", {"name": "games", "value": games, "low": 1}))
    if jobs is None:
        jobs = 1 if games < POOL_FROM else (os.cpu_count() or 1)
    if per not in LEVELS:
        raise BadInputError(Msg("sim.record", {"value": per, "allowed": ", ".join(LEVELS)}))
    if per != "game" and out_path is None:
        raise BadInputError(Msg("sim.per_out", {"per": per}))
    _check_plot(plot_path, "--plot")
    if out_path is not None and out_path.suffix.lower() not in (".csv", ".parquet"):
        raise BadInputError(Msg("sim.format", {
            "option": "--out", "path": out_path, "suffix": out_path.suffix,
            "allowed": ".csv, .parquet"}))
    if out_path is not None and out_path.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise BadInputError(Msg("sim.parquet", {"option": "--out", "path": out_path})) from None
    _check_writable(out_path, "--out")
    if out_path is not None and out_path.suffix.lower() == ".csv":
        _check_writable(sidecar(out_path), "--out")
    bases: list[Rules] = [load_rules(n) for n in (rules_names or ("porz",))]
    rule_sets = bases
    labels = [r.id for r in rule_sets]
    notes: list[str] = []
    swept: list[dict[str, Any]] = [{} for _ in rule_sets]
    sweep = None
    if sweeps:
        sweep = plan(bases, [parse_axis(text) for text in sweeps], seats)
        rule_sets = [c.rules for c in sweep.cells]
        labels = [c.label for c in sweep.cells]
        swept = [c.values for c in sweep.cells]
        for name, value, exc in sweep.skipped:
            notes.append(t["skip"].format(field=name, value=value, reason=exc.localized(lang)))
        for name, value, other in sweep.same:
            notes.append(t["same"].format(field=name, value=value, other=other))
        fields = "-".join(a.field for a in sweep.axes)
        plot_path = plot_path or Path(f"sweep-{fields}.png")
    limit = MAX_GAMES[per]
    if out_path is not None and limit is not None and games * len(rule_sets) > limit:
        raise BadInputError(Msg("sim.rows_games", {
            "per": per, "max": limit, "games": games * len(rule_sets)}))
    _check_writable(plot_path, "--plot")  # before the run: a run's figures are never lost
    err = Console(stderr=True)
    show = not quiet and sys.stderr.isatty()
    # the batch kernel is compiled (or loaded from numba's cache) on its first game:
    # done before the clock starts, so the speed line tells the simulation's speed
    simulate(rule_sets[0], seats, games=1, seed=seed, jobs=1)
    started = time.perf_counter()
    results: list[SimResult] = []
    with progress_bar(err, shown=show) as bar:
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
                    record=per if out_path is not None else "game",
                )
            )
    elapsed = time.perf_counter() - started
    out = make_console()
    title = t["title"].format(games=plural("games", games, lang), seed=seed, bots=", ".join(seats))
    if sweep is not None:
        fields = ", ".join(a.field for a in sweep.axes)
        bases_text = ", ".join(b.id for b in bases)
        title = t["sweep"].format(rules=bases_text, field=fields) + " · " + title
    out.print(title, highlight=False)
    out.print(stats_table(results, labels, lang))
    out.print(t["ci"], highlight=False)
    if 1 < len(results) <= DIFF_COLUMNS:
        out.print(diff_table(results, labels, lang))
        out.print(t["diff_ci"], highlight=False)
        for label, factor in _little_gain(results, labels):
            shown = f"{factor:.1f}".replace(".", ",") if lang == "de" else f"{factor:.1f}"
            out.print(t["diff_little"].format(label=label, factor=shown), highlight=False)
    elif len(results) > DIFF_COLUMNS:
        out.print(t["diff_many"].format(n=DIFF_COLUMNS), highlight=False)
    for note in notes:
        out.print(note, highlight=False)
    if plot_path is not None:
        try:
            if sweep is not None:
                _plot_sweep(sweep, results, plot_path, lang)
            else:
                plot_compare(results, plot_path, lang, labels)
        except OSError as exc:
            raise BadInputError(Msg("sim.write", {
                "option": "--plot", "path": plot_path, "reason": exc.strerror or exc})) from None
        out.print(t["plot"].format(path=plot_path), highlight=False)
    if out_path is not None:
        from schock.sim.export import Run, write

        runs = [
            Run(label, rules, r, values)
            for label, rules, r, values in zip(labels, rule_sets, results, swept, strict=True)
        ]
        try:
            write(out_path, runs, per)
        except OSError as exc:
            raise BadInputError(Msg("sim.write", {
                "option": "--out", "path": out_path, "reason": exc.strerror or exc})) from None
        meta = sidecar(out_path).name if out_path.suffix.lower() == ".csv" else "Parquet-Schema"
        out.print(t["rows"].format(per=per, path=out_path, meta=meta), highlight=False)
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
