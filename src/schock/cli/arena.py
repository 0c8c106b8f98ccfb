"""``schock arena``: seeded games between bots, loss rates and a rating table."""

from __future__ import annotations

import json
import os
import sys
import time

import click
from rich import box
from rich.console import Console
from rich.table import Table

from schock.arena import RANKING, RATING_MODEL, ArenaResult, run_arena, validate_run
from schock.cli.common import (
    bot_completion,
    lang_option,
    make_console,
    progress_bar,
    rules_option,
    run_seed_option,
)
from schock.i18n import number, plural
from schock.rules import load_rules

_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "title": "{rules}: {games}, Seed {seed}",
        "games": "Spiele",
        "losses": "Verloren",
        "rate": "Verlustquote",
        "ci": "95-%-Intervall (Wilson)",
        "rating": "Wertung ({model})",
        "rank": (
            "Rang für die Wertung: je Spiel nach verlorenen Hälften (das Finale zählt mit), "
            "die wenigsten zuerst, gleich viele gleich; der Verlierer des Spiels zuletzt."
        ),
        "start": "{rules}: {games} zwischen {bots} (Strg-C hält an und zeigt das Bisherige)",
        "stopped": "Angehalten nach {games} von {requested}.",
        "timing": "{games} in {seconds} s ({rate}, {jobs})",
    },
    "en": {
        "title": "{rules}: {games}, seed {seed}",
        "games": "Games",
        "losses": "Losses",
        "rate": "Loss rate",
        "ci": "95 % CI (Wilson)",
        "rating": "Rating ({model})",
        "rank": f"Rank for the rating: {RANKING}.",
        "start": "{rules}: {games} between {bots} (Ctrl-C stops and shows the games so far)",
        "stopped": "Stopped after {games} of {requested}.",
        "timing": "{games} in {seconds} s ({rate}, {jobs})",
    },
}


def percent(p: float, lang: str = "en") -> str:
    """A rate as a percentage with one decimal (:func:`schock.i18n.percent`).

    >>> percent(0.16849), percent(1.0), percent(0.16849, "de")
    ('16.8%', '100.0%', '16,8\xa0%')
    """
    from schock import i18n  # Babel only when a figure is written

    return i18n.percent(p, lang, 1)


def loss_table(result: ArenaResult, lang: str = "en") -> Table:
    """Per bot: games, losses, loss rate and its 95 % Wilson interval, in the order given."""
    t = _TEXTS[lang]
    table = Table(
        title=t["title"].format(rules=result.rules, games=plural("games", result.games, lang),
                              seed=result.seed),
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("Bot")
    table.add_column(t["games"], justify="right")
    table.add_column(t["losses"], justify="right")
    table.add_column(t["rate"], justify="right")
    table.add_column(t["ci"], justify="right")
    for r in result.results:
        low, high = r.ci95
        table.add_row(
            r.name,
            str(r.games),
            str(r.losses),
            percent(r.loss_rate, lang),
            f"{percent(low, lang)} – {percent(high, lang)}",
        )
    return table


def decimal(x: float, lang: str = "en", places: int = 2) -> str:
    """A number with ``places`` decimals (German: decimal comma).

    >>> decimal(29.784), decimal(29.784, "de"), decimal(2.25, "de", 1)
    ('29.78', '29,78', '2,2')
    """
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if lang == "de" else text


def rating_table(result: ArenaResult, lang: str = "en") -> Table:
    """The ratings, best first: mu, sigma and the ordinal mu - 3 sigma."""
    table = Table(
        title=_TEXTS[lang]["rating"].format(model=RATING_MODEL),
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("Bot")
    table.add_column("mu", justify="right")
    table.add_column("sigma", justify="right")
    table.add_column("mu − 3σ", justify="right")
    for place, r in enumerate(result.ratings, 1):
        table.add_row(
            str(place),
            r.name,
            decimal(r.mu, lang),
            decimal(r.sigma, lang),
            decimal(r.ordinal, lang),
        )
    return table


@click.command("arena")
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="NAME",
    shell_complete=bot_completion(),
    help="A bot for one seat; give it once per seat (2 or more; a bot may play twice).",
)
@rules_option
@click.option("--games", type=int, default=1000, show_default=True, help="How many games.")
@run_seed_option
@click.option(
    "--jobs",
    type=int,
    default=None,
    help="Processes that play (default: one per core; 1 plays in this process).",
)
@click.option(
    "--quiet", is_flag=True, help="No progress bar (shown only on a terminal), no timing line."
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@lang_option()
def arena(
    bots: tuple[str, ...],
    rules_name: str,
    games: int,
    seed: int,
    jobs: int | None,
    quiet: bool,
    as_json: bool,
    lang: str,
) -> None:
    """Play seeded games between bots and print loss rates and ratings.

    Game i takes its dice and bot seeds from (SEED, i), so a run gives the
    same result with any number of jobs. Seats rotate: every block of as
    many games as bots puts each bot once in each seat (pick GAMES as a
    multiple of the number of bots for a perfect balance).

    Ctrl-C stops the run: it shows the result of the games finished so far
    and exits with status 130.

    Example: schock arena --bot heuristic --bot random --rules mosel --games 2000
    """
    rules = load_rules(rules_name)
    validate_run(bots, games, seed, jobs)  # before anything is shown or started
    t = _TEXTS[lang]
    err = Console(stderr=True)
    show = not quiet and sys.stderr.isatty()
    if not quiet:
        err.print(
            t["start"].format(rules=rules.id, games=plural("games", games, lang), bots=", ".join(bots)),
            highlight=False
        )
    started = time.perf_counter()
    with progress_bar(err, shown=show) as bar:
        task = bar.add_task(f"{rules.id}: games", total=games)
        result = run_arena(
            rules,
            list(bots),
            games=games,
            seed=seed,
            jobs=jobs,
            progress=lambda done, total: bar.update(task, completed=done),
            keep_records=False,
            interruptible=True,
        )
    elapsed = time.perf_counter() - started
    if result.stopped:
        err.print(t["stopped"].format(games=number(result.games, lang),
                                      requested=plural("of_games", games, lang)), highlight=False)
        if result.games == 0:
            sys.exit(130)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        out = make_console()
        out.print(loss_table(result, lang))
        out.print(rating_table(result, lang))
        out.print(t["rank"], highlight=False)
    if not quiet:
        used = jobs if jobs is not None else (os.cpu_count() or 1)
        err.print(
            t["timing"].format(
                games=plural("games", result.games, lang),
                seconds=decimal(elapsed, lang, 1),
                rate=plural("games_per_second", round(result.games / elapsed), lang),
                jobs=plural("jobs", used, lang),
            ),
            highlight=False,
        )
    if result.stopped:
        sys.exit(130)
