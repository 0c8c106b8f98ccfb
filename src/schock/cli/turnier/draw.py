"""``auslosen``: the next round's tables (and, for planned draws, every round's)."""

from __future__ import annotations

import click

from schock.cli.turnier.group import (
    _STATE,
    _echo,
    _label,
    _numbers,
    _tournament,
    common,
    tr,
    turnier,
)
from schock.i18n import plural
from schock.tournament import draws
from schock.tournament.domain import Round, Tournament


# ------------------------------------------------------------------ auslosen
def _show_round(t: Tournament, rnd: Round) -> None:
    _echo(tr("round", n=rnd.number))
    for i, table in enumerate(rnd.tables, start=1):
        _echo(f"  {tr('table', n=i)}: " + ", ".join(_label(t, p) for p in table))
    if rnd.trinkrunden:
        _echo("  " + tr("trinkrunden", games=", ".join(map(str, rnd.trinkrunden))))


@turnier.command("auslosen")
@click.option(
    "--tisch",
    "--table",
    "tables",
    multiple=True,
    metavar="NR,NR,...",
    help="Tische selbst setzen (je Tisch einmal).",
)
@common
def auslosen(tables: tuple[str, ...], db_path: str | None, tid: str | None) -> None:
    """Die nächste Runde auslosen (draw the next round)."""
    with _tournament(db_path, tid) as t:
        given = [_numbers(x, "--tisch") for x in tables] or None
        rnd = t.draw(tables=given)
    # printed only once it is saved: `auslosen | head` closing the pipe loses nothing
    _show_round(t, rnd)
    if t.plan and rnd.number == 1 and len(t.plan) > 1:  # all rounds planned now
        sizes = {len(tb) for tb in t.plan[0]}
        size = t.format.table_size if t.format.table_size in sizes else max(sizes)
        bound = draws.repeat_lower_bound(sum(len(tb) for tb in t.plan[0]), size, len(t.plan))
        repeats = draws.repeat_count([list(r) for r in t.plan])
        _echo("  " + tr("plan_repeats", n=plural("rounds", len(t.plan), _STATE.lang),
                        repeats=plural("repeat_meetings", repeats, _STATE.lang), bound=bound))
