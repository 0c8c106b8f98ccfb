"""``schock play``: play Schocken in the terminal, against bots or at one keyboard.

Setting up the game (rules, seats, seed, a record to resume) happens here,
and every mistake in it exits with status 2 before the screen opens; the
game itself is :class:`schock.tui.app.SchockApp`.
"""

from __future__ import annotations

import random
import shlex
import shutil
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import click

from schock.bots import available_bots
from schock.cli.common import (
    BadInputError,
    FiniteFloatRange,
    SafePath,
    bot_completion,
    complete_rules,
    lang_option,
    read_record,
)
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import load_rules
from schock.tui.session import (
    Player,
    Session,
    bot_names,
    check_bot,
    default_bot,
    parse_seat,
    recorded_players,
)
from schock.tui.texts import say


def _players(seats: tuple[str, ...], bots: tuple[str, ...], lang: str) -> list[Player]:
    try:
        players = [parse_seat(s) for s in seats]
        for kind in bots:
            check_bot(kind, where="--bot")
    except InvalidInputError as exc:
        raise BadInputError(Msg("input.where", {"where": "--seat/--bot", "reason": exc})) from None
    if not seats:
        players = [Player(say(lang, "you"))]
        if not bots:
            bots = (default_bot(), default_bot())
    names = bot_names(bots, taken=[p.name for p in players])
    players += [Player(name, kind) for name, kind in zip(names, bots, strict=True)]
    return players


def _resume(file: Path, seats: tuple[str, ...]) -> Session:
    record = read_record(file, "--resume ")
    if record.dice.get("source") == "table":
        raise BadInputError(Msg("record.table_dice", {"where": f"--resume {file}"}))
    names = [s.name for s in record.seats]
    players = {p.name: p for p in recorded_players(record)}
    try:
        for spec in seats:
            p = parse_seat(spec)
            if p.name not in players:
                raise InvalidInputError(
                    Msg("input.seat_unknown", {"spec": spec, "name": p.name, "seats": ", ".join(names)})
                )
            players[p.name] = p
    except InvalidInputError as exc:
        raise BadInputError(Msg("input.where", {"where": "--seat", "reason": exc})) from None
    try:
        return Session.resume(record, [players[n] for n in names])
    except InvalidInputError as exc:
        where = f"--resume {file}"
        raise BadInputError(Msg("input.where", {"where": where, "reason": exc})) from None


def program(argv0: str | None = None, which: Callable[[str], str | None] = shutil.which) -> str:
    """How to start schock again from here: ``schock`` where that name on PATH is this
    very program, else the path it was started by (``.venv/bin/schock``), else
    ``python -m schock`` with this Python.

    >>> program(".venv/bin/schock", which=lambda name: None)
    '.venv/bin/schock'
    >>> program("/usr/bin/schock", which=lambda name: "/usr/bin/schock")
    'schock'
    >>> program("/x/pytest", which=lambda name: "/usr/bin/schock")
    'schock'
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    found = which("schock")
    if Path(argv0).stem == "schock":
        if found is not None and Path(found).resolve() == Path(argv0).resolve():
            return "schock"
        return shlex.quote(argv0)
    if found is not None:
        return "schock"
    return shlex.join([sys.executable, "-m", "schock"])


def resume_command(path: Path, lang: str, prog: str = "schock") -> str:
    """The command line that continues a saved game: the record keeps the rules,
    the seats, who of them is a bot and which, so nothing else is needed.

    >>> resume_command(Path("my game.json"), "en", ".venv/bin/schock")
    ".venv/bin/schock play --resume 'my game.json' --lang en"
    """
    parts = ["play", "--resume", str(path)]
    if lang != "de":
        parts += ["--lang", lang]
    return prog + " " + shlex.join(parts)


def need_terminal() -> None:
    """The game draws a screen and reads keys: refuse to start without a terminal
    (input from a file or a pipe, output to a file) instead of hanging."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise BadInputError(Msg("play.no_terminal"))


def run_app(session: Session, *, lang: str, delay: float, save_path: Path) -> None:
    """Open the game in the terminal; when it closes, say where it was saved."""
    from schock.tui.app import SchockApp

    need_terminal()

    app = SchockApp(session, lang=lang, delay=delay, save_path=save_path)
    result = app.run()
    if result is None:  # pragma: no cover - the app always exits with a result
        return
    if result.loser is not None:
        click.echo(say(lang, "lost", name=result.loser))
    if any(n for _, n in result.tally):
        tally = ", ".join(f"{name} {n}" for name, n in result.tally)
        click.echo(say(lang, "striche", tally=tally))
    if result.saved is not None:
        click.echo(say(lang, "saved", path=result.saved))
        if not result.over:
            cmd = resume_command(result.saved, lang, program())
            click.echo(say(lang, "resume.cmd", cmd=cmd))


class _PlayCommand(click.Command):
    """Lists the bots known when the help is shown (the registry may grow)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        lang = getattr(formatter, "lang", "en")  # schock's help formatter knows its language
        intro = "BOT ist einer von" if lang == "de" else "BOT is one of"
        formatter.write_text(f"{intro}: {', '.join(available_bots())}.")


@click.command("play", cls=_PlayCommand)
@click.option(
    "--rules",
    "rules_name",
    metavar="NAME|FILE",
    shell_complete=complete_rules,
    help="A preset (id or alias) or a rules TOML file.  [default: porz]",
)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="NAME[=BOT]",
    help="A seat, in clockwise order (repeat it): NAME for a human, NAME=BOT for a bot "
    "of kind BOT. Without --seat you play against two bots.",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="BOT",
    shell_complete=bot_completion(),
    help="A bot seat after the --seat seats (repeat it), under a person's name "
    "(its kind shown beside it).",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    help="Seed of the dice (and bots): the same seed, the same game.",
)
@lang_option("Language of the screen.")
@click.option(
    "--resume",
    "resume_file",
    type=SafePath(path_type=Path, dir_okay=False),
    metavar="FILE",
    help="Continue a game saved on quitting (its rules, seats and dice). --seat NAME or "
    "NAME=BOT may say who of its seats is human or which bot.",
)
@click.option(
    "--delay",
    type=FiniteFloatRange(0, 10),
    default=0.6,
    show_default=True,
    help="Seconds between two bot moves (0: no animation).",
)
def play(
    rules_name: str | None,
    seats: tuple[str, ...],
    bots: tuple[str, ...],
    seed: int | None,
    lang: str,
    resume_file: Path | None,
    delay: float,
) -> None:
    """Play Schocken in the terminal, against bots or with friends at one keyboard.

    Keys: Space throws, 1-3 set a die aside or take it back, d turns sixes,
    s stops, a lifts the cup, b says blind, h gives a hint, r shows the
    rules, ? every key, q quits (and offers to save the game record).

    \b
    Examples:
      schock play                                  you against two bots (porz)
      schock play --rules mosel --seat Anna --seat Ben=heuristic --bot random
      schock play --seat Anna --seat Ben           two humans, one keyboard
      schock play --resume schock-porz.json        continue a saved game
    """
    if resume_file is not None:
        given = [
            opt
            for opt, value in (("--rules", rules_name), ("--bot", bots or None), ("--seed", seed))
            if value is not None
        ]
        if given:
            raise click.UsageError(Msg("cli.resume_with", {"options": ", ".join(given)}).text(lang))
        session = _resume(resume_file, seats)
        save_path = resume_file
    else:
        rules = load_rules(rules_name or "porz")
        players = _players(seats, bots, lang)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        try:
            session = Session.new(rules, players, seed=seed)
        except InvalidInputError as exc:
            reason = Msg("input.where", {"where": "--seat/--bot", "reason": exc})
            raise BadInputError(reason) from None
        stamp = datetime.now().strftime("%Y%m%d-%H%M")
        save_path = Path(f"schock-{rules.id}-{stamp}.json")
    run_app(session, lang=lang, delay=delay, save_path=save_path)
