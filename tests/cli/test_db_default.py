"""Issue 27 item 7: one ``--db`` default (and ``SCHOCK_DB``) for serve, abend, turnier,
tables and db backup, defined in one place; only the commands that start something make
a database, every other one refuses a missing file with exit 2 and creates nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from schock.cli import main
from schock.cli.common import DB_ENV, default_db


@pytest.fixture
def app_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """schock's app directory inside ``tmp_path`` (click reads XDG_CONFIG_HOME on Linux)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv(DB_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "config" / "schock"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_turnier_and_abend_share_the_database_of_serve(app_dir: Path) -> None:
    assert default_db() == str(app_dir / "schock.db")
    code, out = run("turnier", "neu", "Pokal", "--format", "porz", "--id", "pokal")
    assert code == 0, out
    code, out = run("abend", "new-group", "Dienstag", "-m", "Anna", "-m", "Ben")
    assert code == 0, out
    assert (app_dir / "schock.db").is_file() and not Path("turnier.db").exists()
    code, out = run("turnier", "spieler", "liste")
    assert code == 0, out
    code, out = run("abend", "list")
    assert code == 0 and "Dienstag" in out, out
    code, out = run("turnier", "web", "--base-url", "http://10.0.0.2:8000")
    assert code == 0 and out.rstrip().endswith("schock serve"), out  # no --db needed


def test_schock_db_names_the_database_of_every_command(
    app_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "kneipe.db"
    monkeypatch.setenv(DB_ENV, str(target))
    assert run("turnier", "neu", "Pokal", "--id", "pokal")[0] == 0
    assert run("abend", "new-group", "Dienstag", "-m", "Anna")[0] == 0
    assert target.is_file() and not (app_dir / "schock.db").exists()
    for args in (("turnier", "tabelle"), ("abend", "list"), ("tables", "list")):
        code, out = run(*args)
        assert code == 0, (args, out)
    for args in (("serve", "--help"), ("abend", "list", "--help"), ("turnier", "tabelle", "--help"),
                 ("tables", "list", "--help"), ("db", "backup", "--help")):
        code, out = run(*args)
        assert code == 0 and "SCHOCK_DB" in out and "~/.config/schock" in out, (args, out)


READ_ONLY = [
    ("turnier", "tabelle"),
    ("turnier", "spieler", "liste"),
    ("turnier", "protokoll"),
    ("turnier", "getraenke"),
    ("turnier", "web"),
    ("turnier", "export", "-o", "x.json"),
    ("turnier", "spieler", "hinzu", "Anna"),
    ("turnier", "auslosen"),
    ("turnier", "rueckgaengig"),
    ("abend", "list"),
    ("abend", "games", "Dienstag"),
    ("abend", "ledger", "Dienstag"),
    ("abend", "stats", "Dienstag"),
    ("abend", "member", "Dienstag", "Cem"),
    ("tables", "list"),
    ("tables", "close", "abc"),
]


@pytest.mark.parametrize("args", READ_ONLY, ids=" ".join)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_missing_database_is_refused_and_not_created(
    app_dir: Path, tmp_path: Path, args: tuple[str, ...], lang: str
) -> None:
    code, out = run(*args, "--db", "nothere.db", "--lang", lang)
    assert code == 2, out
    words = ("Datei nicht gefunden (nichts wurde angelegt)" if lang == "de"
             else "no such file (nothing was created)")
    assert out.startswith("Fehler: Datenbank nothere.db" if lang == "de"
                          else "Error: database nothere.db") and words in out, out
    assert len(out.strip().splitlines()) == 1
    assert not (tmp_path / "nothere.db").exists() and not (tmp_path / "x.json").exists()
    code, out = run(*args, "--lang", lang)  # the default database: not made either
    assert code == 2 and words in out, out
    assert not (app_dir / "schock.db").exists()
