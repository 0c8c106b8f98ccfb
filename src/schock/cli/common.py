"""What every ``schock`` subcommand shares: the error edge and the console.

Domain errors (:class:`~schock.errors.SchockError`) travel up unchanged
through the library; :class:`SchockGroup` turns them into click errors here,
at the edge, and nowhere else: bad input exits with 2, a forbidden action
with 1, both with the message on stderr and no traceback.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from schock.cli.click_lang import current_lang
from schock.errors import InvalidInputError, SchockError
from schock.messages import Msg

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem
    from rich.console import Console
    from rich.progress import Progress

    from schock.engine.record import Record

#: The width of the output when it does not go to a terminal (stable for tests and pipes).
PLAIN_WIDTH = 120


F = TypeVar("F", bound=Callable[..., Any])

def complete_rules(
    _ctx: click.Context, _param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of a rule set: the presets, then files (the shell lists them).

    >>> [c.value for c in complete_rules(None, None, "m")]  # type: ignore[arg-type]
    ['mosel', 'm']
    """
    from click.shell_completion import CompletionItem

    from schock.rules.loader import PRESETS

    found = [CompletionItem(p) for p in PRESETS if p.startswith(incomplete)]
    return [*found, CompletionItem(incomplete, type="file")]


def bot_completion(batch: bool = False) -> Callable[..., list[CompletionItem]]:
    """Shell completion of a bot kind: every bot, or (``batch``) those ``schock sim`` plays.

    >>> [c.value for c in bot_completion()(None, None, "h")]
    ['heuristic']
    """

    def complete(_ctx: object, _param: object, incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        if batch:
            from schock.sim.tables import supported_bots as names
        else:
            from schock.bots import available_bots as names
        return [CompletionItem(b) for b in names() if b.startswith(incomplete)]

    return complete


#: The ``--rules NAME|FILE`` option every rules-aware command shares (default: porz).
rules_option = click.option(
    "--rules",
    "rules_name",
    metavar="NAME|FILE",
    default="porz",
    show_default=True,
    shell_complete=complete_rules,
    help="A preset (id or alias) or a rules TOML file.",
)


#: The ``--seed`` of the commands that play a whole seeded run (arena, sim).
run_seed_option = click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=0,
    show_default=True,
    help="Seed of the whole run.",
)


#: The environment variable that names the database of every command that uses one.
DB_ENV = "SCHOCK_DB"
#: Where the database is when neither ``--db`` nor ``SCHOCK_DB`` names one.
DB_DEFAULT_HELP = (
    "SQLite file or database URL; default: schock.db in schock's app directory "
    "(Linux: ~/.config/schock, macOS: ~/Library/Application Support/schock, "
    "Windows: %APPDATA%\\schock), shared by serve, abend, turnier, tables and db."
)


def default_db() -> str:
    """The database of every command when ``--db``/``SCHOCK_DB`` name none:
    ``<app dir>/schock.db`` (the directory is created)."""
    folder = Path(click.get_app_dir("schock"))
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "schock.db")


def db_option(name: str = "db_path") -> Callable[[F], F]:
    """The ``--db PATH|URL`` option (also ``SCHOCK_DB``) every database command shares;
    its value is ``None`` for :func:`default_db`."""
    return click.option(
        "--db",
        name,
        metavar="PATH|URL",
        default=None,
        envvar=DB_ENV,
        show_envvar=True,
        help=DB_DEFAULT_HELP,
    )


def db_target(db_path: str | None) -> str:
    """The database a command works on: ``--db``/``SCHOCK_DB``, else :func:`default_db`.

    >>> db_target("x.db")
    'x.db'
    """
    return default_db() if db_path is None else db_path


def lang_option(what: str = "Language.") -> Callable[[F], F]:
    """The ``--lang de|en`` option (German by default); ``what`` is its help text."""
    return click.option(
        "--lang",
        type=click.Choice(["de", "en"]),
        default="de",
        show_default=True,
        help=what,
    )


class FiniteFloatRange(click.FloatRange):
    """A float range that also refuses ``nan`` and ``inf`` (which every comparison lets by).

    >>> FiniteFloatRange(0, 10).convert("nan", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: 'nan' is not a finite number; allowed: 0 to 10.
    """

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            told = {"value": value, "low": f"{self.min:g}", "high": f"{self.max:g}"}
            self.fail(Msg("cli.not_finite", told).text(current_lang()), param, ctx)
        return number


class SafePath(click.Path):
    r"""``click.Path`` that refuses a NUL character cleanly (click's own ``os.stat`` raises
    ValueError there, which would escape as a traceback).

    >>> SafePath().convert("a\x00b", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: 'a\x00b' is not a usable file name (it holds a NUL character).
    """

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and "\x00" in value:
            told = {"value": value[:100]}
            self.fail(Msg("cli.nul_name", told).text(current_lang()), param, ctx)
        return super().convert(value, param, ctx)


class BadInputError(click.ClickException):
    """Malformed input (a bad rules file, notation or record): exit code 2.

    The message is English text or a :class:`~schock.messages.Msg`, which the
    command line shows in the language of ``--lang`` (German by default).
    """

    exit_code = 2

    def __init__(self, message: str | Msg) -> None:
        self.msg = message if isinstance(message, Msg) else None
        super().__init__(message.text("en") if isinstance(message, Msg) else message)

    def in_lang(self, lang: str) -> BadInputError:
        """The same error in ``lang``."""
        return BadInputError(self.msg.text(lang)) if self.msg is not None else self


def command_lang(args: list[str]) -> str:
    """The language a command line asks for with ``--lang`` (German by default).

    >>> command_lang(["rules", "show", "nope", "--lang", "en"]), command_lang(["--lang=en"])
    ('en', 'en')
    >>> command_lang(["rules", "show", "nope"]), command_lang(["--lang", "xx"])
    ('de', 'de')
    """
    lang = "de"
    for i, arg in enumerate(args):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in ("de", "en"):
            lang = value
    return lang


def help_lang(args: list[str], environ: Mapping[str, str] | None = None) -> str:
    """The language of ``--help``: ``--lang`` where the command line gives it, else the
    locale's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) if it is German or English, else German.

    >>> help_lang(["--help", "--lang", "en"], {}), help_lang(["-h"], {"LANG": "en_GB.UTF-8"})
    ('en', 'en')
    >>> help_lang(["-h"], {"LANG": "fr_FR.UTF-8"}), help_lang(["-h"], {"LC_ALL": "de_AT"})
    ('de', 'de')
    """
    if any(a == "--lang" or a.startswith("--lang=") for a in args):
        return command_lang(args)
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return value[:2] if value[:2] in ("de", "en") else "de"
    return "de"


def _without_lang(args: list[str]) -> list[str]:
    """``args`` without ``--lang X``/``--lang=X`` (help is asked for: the language is
    already known, and a group has no ``--lang`` option of its own)."""
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


class SchockGroup(click.Group):
    """A click group that turns schock's domain errors into clean click errors,
    in the language of the command line's ``--lang`` (German by default)."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        """The command, with click's own usage errors in the command line's language."""
        from schock.cli.click_lang import speaking

        line = list(sys.argv[1:] if args is None else args)
        with speaking(command_lang(line)):
            return super().main(line, *rest, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "schock.lang" not in ctx.meta:  # the outermost group reads the whole line
            ctx.meta["schock.lang"] = command_lang(list(args))
            ctx.meta["schock.help_lang"] = help_lang(list(args))
            if "--" not in args and any(a in ("-h", "--help") for a in args):
                args = _without_lang(list(args))
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        lang = str(ctx.meta.get("schock.lang", "de"))
        try:
            return super().invoke(ctx)
        except click.BadParameter as exc:  # also MissingParameter
            if lang == "de" and isinstance(exc.param, click.Argument) and exc.param_hint is None:
                from schock.cli.helptext import german_hint

                exc.param_hint = german_hint(exc.param, exc.ctx)  # as the usage line names it
            raise
        except BadInputError as exc:
            raise exc.in_lang(lang) from None
        except InvalidInputError as exc:
            raise BadInputError(exc.localized(lang)) from None
        except SchockError as exc:
            raise click.ClickException(exc.localized(lang)) from None
        except KeyboardInterrupt:
            # one behaviour for Ctrl-C in every command: a short word, status 130 (what a
            # shell reports for SIGINT); commands with partial results print them first
            click.echo("Abgebrochen." if lang == "de" else "Interrupted.", err=True)
            sys.exit(130)


def make_console(file: IO[str] | None = None) -> Console:
    """A rich console on ``file`` (default: the current stdout).

    On a terminal rich decides width and colours; anywhere else the output is
    plain text (no control codes) of a fixed width.
    """
    from rich.console import Console  # rich only for the commands that print with it

    stream = file if file is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    if isatty is not None and isatty():
        return Console(file=stream)
    return Console(
        file=stream,
        width=PLAIN_WIDTH,
        force_terminal=False,
        no_color=True,
        highlight=False,
        emoji=False,
    )


def progress_bar(console: Console, *, shown: bool = True, elapsed: bool = False) -> Progress:
    """The commands' progress bar on ``console`` (their stderr): what runs, the bar,
    done of all and the time left (``elapsed``: the time so far); gone when done."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn() if elapsed else TimeRemainingColumn(),
        console=console,
        disable=not shown,
        transient=True,
    )


def read_record(file: Path, option: str = "") -> Record:
    """Read a game record file; every failure is a :class:`BadInputError` that
    names the file (after ``option``, e.g. ``"--resume "``) and the reason."""
    where = f"{option}{file}"
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInputError(Msg("record.no_file", {"where": where})) from None
    except UnicodeDecodeError as exc:
        raise BadInputError(Msg("record.not_utf8", {"where": where, "byte": exc.start})) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise BadInputError(Msg("record.cannot_read", {"where": where, "reason": reason})) from None
    except ValueError:  # a NUL character in the name
        raise BadInputError(f"{where[:200]!r}: not a usable file name") from None
    try:
        from schock.engine.record import loads

        return loads(text)
    except InvalidInputError as exc:
        raise BadInputError(Msg("record.bad", {"where": where, "reason": exc})) from None
