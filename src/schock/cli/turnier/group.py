"""The ``schock turnier`` group and what its commands share.

German command names with English aliases (:data:`ALIASES`), the options every
command takes (``--db``, ``--turnier``, ``--lang``: :func:`common`), the words
in the chosen language (:func:`tr`), opening the database and the tournament
in one transaction, and the checks of start numbers and the web address.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import click

from schock.cli.common import BadInputError, SafePath, complete_rules, db_option, db_target
from schock.cli.turnier.texts import TEXT
from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.store import Database, open_database
from schock.tournament import storage
from schock.tournament.domain import Tournament

F = TypeVar("F", bound=Callable[..., Any])

ALIASES = {
    "new": "neu",
    "player": "spieler",
    "checkin": "anwesend",
    "draw": "auslosen",
    "enter": "eintragen",
    "undo": "rueckgaengig",
    "log": "protokoll",
    "standings": "tabelle",
    "ledger": "getraenke",
    "print": "drucken",
    "simulate": "simulieren",
    "add": "hinzu",
    "rename": "umbenennen",
    "withdraw": "abmelden",
    "list": "liste",
    "card": "karte",
}


@dataclass
class _State:
    lang: str = "de"


_STATE = _State()


def tr(key: str, **params: object) -> str:
    """A UI text in the current language."""
    return TEXT[_STATE.lang][key].format(**params)


class TurnierGroup(click.Group):
    """German command names with English aliases; every schock error is one line, exit 2."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, ALIASES.get(cmd_name, cmd_name))

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        _, cmd, rest = super().resolve_command(ctx, args)
        return (cmd.name if cmd else None), cmd, rest

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SchockError as exc:
            raise BadInputError(error_text(exc)) from None


def error_text(exc: SchockError) -> str:
    """A refused command's reason in the current language.

    >>> from schock.messages import Msg
    >>> from schock.tournament.errors import Refused
    >>> _STATE.lang = "de"
    >>> error_text(Refused("nothing to undo", "Nichts rückgängig zu machen"))
    'Nichts rückgängig zu machen'
    >>> error_text(InvalidInputError(Msg("turnier.no_round")))
    'noch keine Runde ausgelost; erlaubt: erst eine Runde auslosen'
    >>> error_text(SchockError("disk full"))
    'disk full'
    """
    if isinstance(exc, IllegalActionError):
        return exc.message(_STATE.lang)
    if isinstance(exc, InvalidInputError):
        return exc.localized(_STATE.lang)
    return str(exc)


def common(f: F) -> F:
    """``--db``, ``--turnier`` and ``--lang`` for a subcommand."""
    f = click.option(
        "--lang",
        type=click.Choice(["de", "en"]),
        default="de",
        show_default=True,
        help="Sprache / language.",
        callback=_set_lang,
        expose_value=False,
        is_eager=True,
    )(f)
    f = click.option(
        "--turnier",
        "tid",
        metavar="ID",
        default=None,
        help="Turnier (Kennung); Standard: das zuletzt angelegte oder eingelesene.",
    )(f)
    return db_option()(f)


def _set_lang(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    _STATE.lang = value
    return value


@contextmanager
def _db(db_path: str | None, *, create: bool = False) -> Iterator[Database]:
    """The database of ``--db``; only ``neu``, ``import`` and ``simulieren --save``
    (``create=True``) make a new one."""
    db = open_database(db_target(db_path), create=create)
    try:
        yield db
    finally:
        db.close()


@contextmanager
def _tournament(db_path: str | None, tid: str | None, *, write: bool = True) -> Iterator[Tournament]:
    """Load, let the command change it, save what it gained in one transaction."""
    with _db(db_path) as db:
        t = storage.load(db, tid)
        yield t
        if write:
            storage.save(db, t)


def _echo(text: str) -> None:
    click.echo(text)


def _label(t: Tournament, number: int) -> str:
    return t.players[number].label


def _check_base_url(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    url = urlsplit(value)
    if url.scheme not in ("http", "https") or not url.netloc or url.query or url.fragment:
        raise BadInputError(tr("bad_base_url", value=value))
    return value


#: ``--rules``: the game rules, if not the format's (``neu``, ``simulieren``).
rules_option = click.option(
    "--rules",
    "rules_name",
    default=None,
    metavar="NAME|FILE",
    shell_complete=complete_rules,
    help="Spielregeln (Standard: die des Formats).",
)


def file_option(*decls: str, required: bool = False, help_text: str) -> Callable[[F], F]:
    """An option naming a file (``--out``, ``--protokoll``), checked by :class:`SafePath`."""
    return click.option(*decls, type=SafePath(path_type=Path), required=required, default=None,
                        help=help_text)


def base_url_option(help_text: str) -> Callable[[F], F]:
    """``--base-url``: the web app's address as phones reach it, checked."""
    return click.option(
        "--base-url",
        default="http://localhost:8000",
        show_default=True,
        help=help_text,
        callback=_check_base_url,
    )


@click.group(cls=TurnierGroup, name="turnier")
def turnier() -> None:
    """Turniere: Anmeldung, Auslosung, Ergebnisse, Tabelle, Getränke, Druck (tournaments)."""


def _numbers(text: str, what: str) -> list[int]:
    try:
        return [int(x) for x in text.replace("+", ",").replace(" ", ",").split(",") if x.strip()]
    except ValueError:
        raise BadInputError(tr("bad_numbers", what=what, text=text)) from None
