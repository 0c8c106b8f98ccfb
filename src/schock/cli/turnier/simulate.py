"""``simulieren``: a whole tournament played by bots, and how long the evening takes."""

from __future__ import annotations

from collections.abc import Callable

import click

from schock.cli.common import bot_completion
from schock.cli.turnier.group import (
    _STATE,
    F,
    _db,
    _echo,
    _label,
    common,
    rules_option,
    tr,
    turnier,
)
from schock.i18n import plural
from schock.rules import load_rules
from schock.tournament import storage
from schock.tournament.domain import Tournament
from schock.tournament.format import load_format
from schock.tournament.simulate import Report, RoundReport, Timing, bot_tournament, simulate
from schock.tournament.standings import standings


def _timing_option(german: str, english: str, dest: str, low: float, high: float,
                   default: float, help_text: str | None = None) -> Callable[[F], F]:
    """An option for one figure of :class:`Timing`: its German name, English alias, range."""
    return click.option(german, english, dest, type=click.FloatRange(low, high),
                        default=default, show_default=True, help=help_text)


@turnier.command("simulieren")
@click.option("--format", "fmt_name", default="irmgarteich", show_default=True, metavar="NAME|FILE")
@rules_option
@click.option(
    "--spieler", "--players", "players", type=click.IntRange(2, 999), default=60, show_default=True
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--bot", default="heuristic", show_default=True, shell_complete=bot_completion(),
              help="Welcher Bot spielt.")
@_timing_option("--sekunden-je-wurf", "--seconds-per-throw", "spt", 0.5, 120,
                Timing.seconds_per_throw)
@_timing_option("--sekunden-je-wurfrunde", "--seconds-per-wurfrunde", "spw", 0, 600,
                Timing.seconds_per_wurfrunde)
@_timing_option("--pause", "--break", "brk", 0, 240, Timing.break_minutes,
                "Minuten Pause zwischen den Runden.")
@click.option(
    "--speichern",
    "--save",
    "save",
    is_flag=True,
    help="Das Turnier in --db speichern (nach jeder Runde).",
)
@common
def simulieren(
    fmt_name: str,
    rules_name: str | None,
    players: int,
    seed: int,
    bot: str,
    spt: float,
    spw: float,
    brk: float,
    save: bool,
    db_path: str | None,
    tid: str | None,
) -> None:
    """Ein ganzes Turnier mit Bots spielen: wie lange dauert der Abend? (simulate)."""
    fmt = load_format(fmt_name)
    t = bot_tournament(fmt, players, seed=seed, name=f"Simulation {fmt.id}")
    if rules_name:
        t.rules = load_rules(rules_name)
    timing = Timing(spt, spw, brk)
    _echo(tr("sim", players=players, fmt=fmt.id, bot=bot))

    def show(_t: Tournament, r: RoundReport) -> None:
        _echo(
            tr(
                "sim_round",
                n=r.number,
                tables=plural("tables", r.tables, _STATE.lang),
                games=plural("games", r.games, _STATE.lang),
                most=r.most_games,
                throws=plural("throws", r.throws, _STATE.lang),
                minutes=plural("minutes", round(r.minutes), _STATE.lang),
            )
        )

    if save:
        with _db(db_path, create=True) as db:
            storage.save(db, t)

            def after(tt: Tournament, r: RoundReport) -> None:
                storage.save(db, tt)
                show(tt, r)

            report = simulate(t, bot=bot, timing=timing, after_round=after)
    else:
        report = simulate(t, bot=bot, timing=timing, after_round=show)
    _summary(t, report)


def _summary(t: Tournament, report: Report) -> None:
    _echo(
        tr(
            "sim_total",
            rounds=plural("rounds", len(report.rounds), _STATE.lang),
            games=plural("games", report.games, _STATE.lang),
            throws=plural("throws", report.throws, _STATE.lang),
            minutes=plural("minutes", round(report.minutes), _STATE.lang),
            hours=plural("hours", report.minutes / 60, _STATE.lang, 1),
            brk=plural("minutes", round(report.timing.break_minutes), _STATE.lang),
        )
    )
    top = standings(t)
    if top:
        _echo(tr("winner", name=_label(t, top[0].number)))
