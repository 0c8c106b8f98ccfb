"""``schock abend`` / ``schock evening`` with CliRunner."""

from __future__ import annotations

import csv
import io
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from schock.cli import main


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["abend", *args, "--db", str(db)])


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "abend.db"
    r = run(path, "new-group", "Dienstag", "-m", "Anna", "-m", "Ben", "-m", "Cem")
    assert r.exit_code == 0, r.output
    assert run(path, "start", "Dienstag", "--date", "2026-11-20").exit_code == 0
    return path


def test_a_whole_evening(db: Path, tmp_path: Path) -> None:
    assert run(db, "game", "Dienstag", "--loser", "Ben", "--schock-aus", "Ben").exit_code == 0
    assert run(db, "game", "Dienstag", "--loser", "anna", "-p", "Anna", "-p", "Ben").exit_code == 0
    r = run(db, "ledger", "Dienstag")
    assert r.exit_code == 0
    assert "Anna             1 Runden" in r.output and "Ben              2 Runden" in r.output
    r = run(db, "settle", "Dienstag", "Ben", "--amount", "1")
    assert r.exit_code == 0 and "Ben hat 1 Runden bezahlt" in r.output
    r = run(db, "stats", "Dienstag")
    assert r.exit_code == 0
    ben = next(line for line in r.output.splitlines() if line.startswith("Ben"))
    assert ben.split()[:6] == ["Ben", "2", "1", "50%", "1", "1"]
    out = tmp_path / "games.csv"
    assert run(db, "games", "Dienstag", "--csv", str(out)).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [r["loser"] for r in rows] == ["Ben", "Anna"]
    led = tmp_path / "ledger.csv"
    assert run(db, "ledger", "Dienstag", "--csv", str(led)).exit_code == 0
    assert "payment,Ben,,1,rounds" in led.read_text(encoding="utf-8")
    r = run(db, "list")
    assert "Dienstag" in r.output and "3 Mitglieder, 1 Abende" in r.output
    r = run(db, "list", "Dienstag")
    assert "Abend 1  2026-11-20  2 Spiele  (offen)" in r.output


def test_english_alias_and_void(db: Path) -> None:
    r = CliRunner().invoke(main, ["evening", "game", "Dienstag", "--loser", "Cem", "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert "Spiel 6 eingetragen" in r.output
    assert run(db, "void", "Dienstag", "6").exit_code == 0
    assert "Cem              0 Runden" in run(db, "ledger", "Dienstag").output
    assert run(db, "void", "Dienstag", "6", "--restore").exit_code == 0
    assert "Cem              1 Runden" in run(db, "ledger", "Dienstag").output


def test_game_from_a_record(db: Path, tmp_path: Path) -> None:
    rec = tmp_path / "porz.json"
    rec.write_text((files("schock.examples") / "porz-game.json").read_text(encoding="utf-8"))
    for name in ("Dieter", "Elke", "Frank"):
        assert run(db, "member", "Dienstag", name).exit_code == 0
    r = run(db, "game", "Dienstag", "--record", str(rec))
    assert r.exit_code == 0, r.output
    assert "verloren hat Elke, Schock Aus: 1" in r.output
    r = run(db, "game", "Dienstag", "--record", str(rec))
    assert r.exit_code == 2 and "already entered" in r.output
    r = run(db, "stats", "Dienstag", "--evening", "1")
    elke = next(line for line in r.output.splitlines() if line.startswith("Elke"))
    assert elke.split()[:5] == ["Elke", "1", "1", "100%", "1"]


def test_money_group(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    assert run(db, "new-group", "Kasse", "-m", "A", "-m", "B", "--stake", "geld",
               "--amount", "2,50").exit_code == 0
    run(db, "start", "Kasse")
    assert run(db, "game", "Kasse", "--loser", "A", "--id", "x1").exit_code == 0
    r = run(db, "game", "Kasse", "--loser", "A", "--id", "x1")
    assert r.exit_code == 2 and "already entered" in r.output
    assert "A schuldet B 2.50 EUR" in run(db, "ledger", "Kasse").output
    r = run(db, "settle", "Kasse", "A", "--to", "B", "--amount", "1.00")
    assert r.exit_code == 0 and "1.00 EUR bezahlt an B" in r.output
    assert "A schuldet B 1.50 EUR" in run(db, "ledger", "Kasse").output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("game", "Dienstag", "--loser", "Zed"), "'Zed' is not a member; allowed: Anna, Ben, Cem"),
        (("game", "Dienstag"), "--loser: missing"),
        (("game", "Freitag", "--loser", "Ben"), "group: 'Freitag' is not known"),
        (("start", "Dienstag", "--date", "20.11.2026"), "date: '20.11.2026'; allowed: a date YYYY-MM-DD"),
        (("settle", "Dienstag", "Anna"), "Anna owes the group nothing"),
        (("settle", "Dienstag", "Anna", "--amount", "x"), "allowed: a whole number of rounds"),
        (("settle", "Dienstag", "Anna", "--to", "Ben"), "a round is given to the group"),
        (("void", "Dienstag", "99"), "entry: 99"),
        (("stats", "Dienstag", "--evening", "5"), "--evening: 5; allowed: 1 to 1"),
        (("member", "Dienstag", "anna"), "already in the group"),
        (("new-group", "X", "--stake", "geld"), "--amount: missing"),
        (("new-group", "X", "--stake", "geld", "--amount", "zwei"), "amount: 'zwei'"),
    ],
)
def test_bad_input_is_one_line_exit_2(db: Path, args: tuple[str, ...], message: str) -> None:
    r = run(db, *args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output and r.output.startswith("Error: ")


def test_bad_record_file(db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    r = run(db, "game", "Dienstag", "--record", str(bad))
    assert r.exit_code == 2 and "not UTF-8" in r.output
    bad.write_text("{}", encoding="utf-8")
    r = run(db, "game", "Dienstag", "--record", str(bad))
    assert r.exit_code == 2 and r.output.startswith("Error: ")
    r = run(db, "game", "Dienstag", "--record", str(bad), "--loser", "Ben")
    assert r.exit_code == 2 and "--record alone" in r.output


def test_an_empty_db_is_refused_not_the_default() -> None:
    r = CliRunner().invoke(main, ["abend", "list", "--db", ""])
    assert r.exit_code == 2 and "database: empty" in r.output
