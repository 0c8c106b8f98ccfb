"""``schock tables list|close|purge`` and ``schock db backup``: operating a server's database.

Both work on the database ``schock serve`` uses (``--db`` or ``SCHOCK_DB``; by default
``schock.db`` in the app dir). Bad input is one line and exit 2, and changes nothing.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import make_url

from schock.cli.common import BadInputError, db_option, db_target, lang_option
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.store.db import Database, database_url, open_database

_AGE = re.compile(r"(\d{1,6})([mhdw])")
_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_age(text: str) -> timedelta:
    """``30d``, ``12h``, ``90m``, ``2w`` as a time span.

    >>> parse_age("30d"), parse_age("12h")
    (datetime.timedelta(days=30), datetime.timedelta(seconds=43200))
    >>> parse_age("30")
    Traceback (most recent call last):
    ...
    schock.cli.common.BadInputError: --older-than '30': allowed: a number and a unit, e.g. 30d, 12h, 90m, 2w
    """
    m = _AGE.fullmatch(text.strip())
    if m is None:
        raise BadInputError(Msg("ops.age", {"value": text[:40]}))
    return timedelta(**{_UNITS[m.group(2)]: int(m.group(1))})


def _open(db: str | None) -> Database:
    target = db_target(db)
    try:
        return open_database(target, create=False)
    except InvalidInputError as exc:
        if exc.msg is not None and exc.msg.key == "db.missing":
            raise  # said in the command's language by schock's group
        reason = " ".join(str(exc).split())
        raise BadInputError(Msg("ops.db_unusable", {"reason": reason})) from None


def _state(row: Any) -> str:
    if row.finished:
        return "finished"
    if row.ended:
        return "ended"
    if row.paused:
        return "paused"
    return "running" if row.started else "waiting"


@click.group(name="tables")
def tables() -> None:
    """Die Tische des Servers: auflisten, schließen, alte löschen (the server's tables)."""


@tables.command("list")
@db_option("db")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 100_000),
              help="Newest tables shown.")
@lang_option()
def list_tables(db: str | None, limit: int, lang: str) -> None:
    """Die neuesten Tische: Kennung, angelegt, Zustand, Züge, Plätze (newest tables)."""
    from schock.store.tables import ActionRow, SeatRow, TableRow

    database = _open(db)
    try:
        with database.session() as s:
            total = s.execute(select(func.count()).select_from(TableRow)).scalar_one()
            rows = s.execute(select(TableRow).order_by(TableRow.created.desc()).limit(limit)
                             ).scalars().all()
            for row in rows:
                n = s.execute(select(func.count()).select_from(ActionRow).where(
                    ActionRow.table_id == row.id)).scalar_one()
                names = s.execute(select(SeatRow.name).where(SeatRow.table_id == row.id)
                                  .order_by(SeatRow.seat)).scalars().all()
                click.echo(f"{row.id:<17} {row.created:%Y-%m-%d %H:%M}  {_state(row):<9}"
                           f" {n:>5}  {', '.join(names)}")
    finally:
        database.close()
    click.echo(Msg("ops.tables_count", {"shown": len(rows), "total": total}).text(lang))


@tables.command("close")
@click.argument("ids", nargs=-1, required=True)
@db_option("db")
@lang_option()
def close_tables(ids: tuple[str, ...], db: str | None, lang: str) -> None:
    """Tische beenden wie der Gastgeber (end tables as their host would).

    A running server sees it when the table next loads (after a restart or once the
    table has left memory)."""
    from schock.store.tables import TableRow

    database = _open(db)
    try:
        with database.session() as s:
            known = set(s.execute(select(TableRow.id).where(TableRow.id.in_(ids))).scalars())
            missing = [i for i in ids if i not in known]
            if missing:  # nothing is changed when one id is wrong
                raise BadInputError(Msg("ops.no_table", {"ids": ", ".join(missing)}))
            s.execute(update(TableRow).where(TableRow.id.in_(ids)).values(ended=True))
    finally:
        database.close()
    click.echo(Msg("ops.closed", {"n": len(ids)}).text(lang))


@tables.command("purge")
@click.option("--older-than", "older_than", required=True, metavar="AGE",
              help="Delete tables made before this age, e.g. 30d, 12h, 2w.")
@db_option("db")
@click.option("--dry-run", is_flag=True, help="Only say what would be deleted.")
@click.option("--yes", is_flag=True, help="Do not ask.")
@lang_option()
def purge_tables(older_than: str, db: str | None, dry_run: bool, yes: bool, lang: str) -> None:
    """Alte Tische mit ihren Zügen und Spielen löschen (delete old tables for good)."""
    from schock.store.tables import TableRow

    cutoff = datetime.now(UTC).replace(tzinfo=None) - parse_age(older_than)
    database = _open(db)
    try:
        with database.session() as s:
            old = TableRow.created < cutoff
            n = s.execute(select(func.count()).select_from(TableRow).where(old)).scalar_one()
            what = Msg("ops.purge_what", {"n": n, "cutoff": f"{cutoff:%Y-%m-%d %H:%M}"}).text(lang)
            if dry_run or n == 0:
                click.echo(what)
                return
            if not yes and not _confirm(what + " " + Msg("ops.sure", {}).text(lang)):
                click.echo(Msg("ops.nothing", {}).text(lang))
                return
            s.execute(delete(TableRow).where(old))  # seats, actions, games go with them
    finally:
        database.close()
    click.echo(Msg("ops.purged", {"n": n}).text(lang))


def _confirm(question: str) -> bool:
    """Ask; no answer (end of input) is no."""
    try:
        return click.confirm(question, default=False)
    except click.Abort:
        return False


@click.group(name="db")
def db_group() -> None:
    """Die Datenbank des Servers sichern (the server's database)."""


@db_group.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@db_option("db")
@lang_option()
def backup(file: Path, db: str | None, lang: str) -> None:
    """Eine SQLite-Datenbank im laufenden Betrieb sichern (SQLite's online backup).

    PostgreSQL is backed up with pg_dump (docs/configuration.md)."""
    url = make_url(database_url(db_target(db)))
    if url.get_backend_name() != "sqlite":
        raise BadInputError(Msg("ops.backup_pg", {"backend": url.get_backend_name()}))
    source = url.database or ""
    if not source or source == ":memory:" or not Path(source).is_file():
        raise BadInputError(Msg("ops.backup_source", {"path": source or ":memory:"}))
    if file.exists():
        raise BadInputError(Msg("ops.backup_exists", {"path": file}))
    if not file.parent.is_dir():
        raise BadInputError(Msg("ops.backup_dir", {"path": file.parent}))
    partial = file.with_name(file.name + ".partial")
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=10)
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)  # a consistent copy while the server keeps writing
                ok = dst.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                dst.close()
        finally:
            src.close()
        if ok != "ok":  # pragma: no cover - a copy SQLite itself finds broken
            raise BadInputError(Msg("ops.backup_failed", {"reason": ok}))
        partial.replace(file)
    except sqlite3.Error as exc:
        raise BadInputError(Msg("ops.backup_failed", {"reason": str(exc)})) from None
    finally:
        partial.unlink(missing_ok=True)
    size = file.stat().st_size
    click.echo(Msg("ops.backed_up", {"path": file, "kb": max(1, size // 1024)}).text(lang))
