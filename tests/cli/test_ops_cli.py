"""Issue 24 item 8: ``schock tables list|close|purge`` and ``schock db backup``."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select, update

from schock.cli import main
from schock.rules import load_rules
from schock.store.db import open_database
from schock.store.tables import ActionRow, TableRow
from schock.web.repo import Repo
from schock.web.session import Tables
from schock.web.settings import Settings


def make_tables(db: str, n: int = 3) -> list[str]:
    """``n`` tables; the first one is made 40 days ago."""
    database = open_database(db)
    tables = Tables(Repo(database), Settings(db=db))
    ids = [asyncio.run(tables.create(load_rules("ferschweiler"), [("Anna", None),
                                                                  ("Ben", "heuristic")],
                                     f"10.0.0.{i}"))[0].id for i in range(n)]
    with database.session() as s:
        s.execute(update(TableRow).where(TableRow.id == ids[0]).values(
            created=datetime.now() - timedelta(days=40)))
        s.add(ActionRow(table_id=ids[0], n=0, text="0 throw"))
    database.close()
    return ids


def count(db: str) -> int:
    database = open_database(db)
    with database.session() as s:
        n = int(s.execute(select(func.count()).select_from(TableRow)).scalar_one())
    database.close()
    return n


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), input=input)
    return r.exit_code, r.output


def test_list_close_and_purge(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    ids = make_tables(db)
    code, out = run("tables", "list", "--db", db)
    assert code == 0 and all(i in out for i in ids) and "Anna, Ben" in out
    assert "3 von 3 Tischen gezeigt" in out and "waiting" in out
    code, out = run("tables", "list", "--db", db, "--limit", "1", "--lang", "en")
    assert "1 of 3 tables shown" in out and ids[0] not in out  # the oldest is left out
    code, out = run("tables", "close", ids[1], "--db", db, "--lang", "en")
    assert code == 0 and "1 tables ended" in out
    assert "ended" in run("tables", "list", "--db", db)[1]
    code, out = run("tables", "purge", "--older-than", "30d", "--db", db, "--dry-run")
    assert code == 0 and "1 Tische von vor" in out and count(db) == 3
    code, out = run("tables", "purge", "--older-than", "30d", "--db", db, input="n\n")
    assert "Nichts wurde gelöscht" in out and count(db) == 3
    code, out = run("tables", "purge", "--older-than", "30d", "--db", db)  # no answer: no
    assert code == 0 and count(db) == 3
    code, out = run("tables", "purge", "--older-than", "4w", "--db", db, "--yes", "--lang", "en")
    assert code == 0 and "1 tables deleted" in out and count(db) == 2
    database = open_database(db)
    with database.session() as s:  # its actions went with it
        assert s.execute(select(func.count()).select_from(ActionRow)).scalar_one() == 0
    database.close()


@pytest.mark.parametrize(("args", "de", "en"), [
    (["tables", "purge", "--older-than", "30"], "--older-than '30': erlaubt: Zahl und Einheit",
     "--older-than '30': allowed: a number and a unit"),
    (["tables", "purge", "--older-than", "3y"], "erlaubt: Zahl und Einheit", "allowed: a number"),
    (["tables", "close", "nope"], "Kein solcher Tisch: nope; nichts wurde geändert",
     "no such table: nope; nothing was changed"),
])
def test_bad_input_is_one_line_and_changes_nothing(
    tmp_path: Path, args: list[str], de: str, en: str
) -> None:
    db = str(tmp_path / "s.db")
    make_tables(db)
    before = (tmp_path / "s.db").read_bytes()
    for lang, want in (("de", de), ("en", en)):
        code, out = run(*args, "--db", db, "--lang", lang)
        assert code == 2 and want in out and len(out.strip().splitlines()) == 1, out
    assert count(db) == 3
    ids = make_tables(str(tmp_path / "t.db"), 1)
    code, out = run("tables", "close", ids[0], "nope", "--db", str(tmp_path / "t.db"))
    assert code == 2  # one wrong id: none is closed
    assert "ended" not in run("tables", "list", "--db", str(tmp_path / "t.db"))[1]
    assert before


def test_an_unusable_database_is_one_line(tmp_path: Path) -> None:
    code, out = run("tables", "list", "--db", "nosuchdialect://x", "--lang", "en")
    assert code == 2 and "cannot use the database (nothing was written)" in out
    assert len(out.strip().splitlines()) == 1
    code, out = run("tables", "list", "--db", str(tmp_path / "no" / "dir.db"), "--lang", "en")
    assert code == 2 and "dir.db: no such file (nothing was created)" in out
    assert len(out.strip().splitlines()) == 1 and not (tmp_path / "no").exists()


def test_backup_copies_a_live_sqlite_database(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    ids = make_tables(db)
    holder = sqlite3.connect(db)  # another connection in the middle of a write
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("UPDATE web_tables SET paused = 1")
    out_file = tmp_path / "copy.db"
    code, out = run("db", "backup", str(out_file), "--db", db, "--lang", "en")
    holder.rollback()
    holder.close()
    assert code == 0 and out.startswith(f"backup written: {out_file}"), out
    copy = sqlite3.connect(out_file)
    assert sorted(r[0] for r in copy.execute("SELECT id FROM web_tables")) == sorted(ids)
    assert copy.execute("SELECT count(*) FROM web_tables WHERE paused").fetchone()[0] == 0
    copy.close()
    assert not (tmp_path / "copy.db.partial").exists()
    code, out = run("db", "backup", str(out_file), "--db", db)  # never overwrites
    assert code == 2 and "gibt es schon" in out


@pytest.mark.parametrize(("args", "en"), [
    (["--db", "postgresql://u@127.0.0.1:1/x"], "for postgresql use its own tool, e.g. pg_dump"),
    (["--db", "/no/such/file.db"], "does not exist; allowed: an existing SQLite file"),
])
def test_backup_bad_input(tmp_path: Path, args: list[str], en: str) -> None:
    code, out = run("db", "backup", str(tmp_path / "b.db"), *args, "--lang", "en")
    assert code == 2 and en in out and len(out.strip().splitlines()) == 1, out
    assert not (tmp_path / "b.db").exists()
    make_tables(str(tmp_path / "s.db"), 1)
    code, out = run("db", "backup", str(tmp_path / "no" / "b.db"), "--db", str(tmp_path / "s.db"))
    assert code == 2 and "kein solcher Ordner" in out
