"""``schock abend`` / ``schock evening`` with CliRunner."""

from __future__ import annotations

import csv
import io
import re
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from schock.cli import main


def cells(row: str) -> list[str]:
    """The cells of a table row: split at ASCII spaces only, so a figure such as
    ``50\xa0%`` (no-break space) stays one cell."""
    return [cell for cell in row.split(" ") if cell]


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
    assert "Anna             schuldet 1 Runde\n" in r.output and "Ben              schuldet 2 Runden" in r.output
    r = run(db, "settle", "Dienstag", "Ben", "--amount", "1")
    assert r.exit_code == 0 and "Ben hat 1 Runde bezahlt" in r.output
    r = run(db, "stats", "Dienstag")
    assert r.exit_code == 0
    ben = next(line for line in r.output.splitlines() if line.startswith("Ben"))
    assert cells(ben)[:6] == ["Ben", "2", "1", "50\xa0%", "1", "1"]  # German: a space before %
    en = run(db, "stats", "Dienstag", "--lang", "en").output
    assert cells(next(line for line in en.splitlines() if line.startswith("Ben")))[3] == "50%"
    out = tmp_path / "games.csv"
    assert run(db, "games", "Dienstag", "--csv", str(out)).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [r["loser"] for r in rows] == ["Ben", "Anna"]
    led = tmp_path / "ledger.csv"
    assert run(db, "ledger", "Dienstag", "--csv", str(led)).exit_code == 0
    assert "payment,Ben,,1,rounds" in led.read_text(encoding="utf-8")
    r = run(db, "list")
    assert "Dienstag" in r.output and "3 Mitglieder, 1 Abend)" in r.output
    r = run(db, "list", "Dienstag")
    assert "Abend 1  20.11.2026  2 Spiele  (offen)" in r.output


def test_english_alias_and_void(db: Path) -> None:
    r = CliRunner().invoke(main, ["evening", "game", "Dienstag", "--loser", "Cem", "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert "Spiel 1 eingetragen (Eintrag 6)" in r.output  # the first game is game 1
    r = run(db, "games", "Dienstag")
    assert r.output.startswith("Spiel   1 (Eintrag   6)")
    assert run(db, "void", "Dienstag", "6").exit_code == 0
    assert "Cem              schuldet nichts" in run(db, "ledger", "Dienstag").output
    assert run(db, "void", "Dienstag", "6", "--restore").exit_code == 0
    assert "Cem              schuldet 1 Runde" in run(db, "ledger", "Dienstag").output
    r = run(db, "ledger", "Dienstag", "--lang", "en")
    assert "Cem              owes 1 round\n" in r.output


def test_game_from_a_record(db: Path, tmp_path: Path) -> None:
    rec = tmp_path / "porz.json"
    rec.write_text((files("schock.examples") / "porz-game.json").read_text(encoding="utf-8"))
    for name in ("Dieter", "Elke", "Frank"):
        assert run(db, "member", "Dienstag", name).exit_code == 0
    r = run(db, "game", "Dienstag", "--record", str(rec))
    assert r.exit_code == 0, r.output
    assert "verloren hat Elke, Schock Aus: 1" in r.output
    r = run(db, "game", "Dienstag", "--record", str(rec))
    assert r.exit_code == 2 and "schon im Buch" in r.output
    r = run(db, "stats", "Dienstag", "--evening", "1")
    elke = next(line for line in r.output.splitlines() if line.startswith("Elke"))
    assert cells(elke)[:5] == ["Elke", "1", "1", "100\xa0%", "1"]


def test_money_group(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    assert run(db, "new-group", "Kasse", "-m", "A", "-m", "B", "--stake", "geld",
               "--amount", "2,50").exit_code == 0
    run(db, "start", "Kasse")
    assert run(db, "game", "Kasse", "--loser", "A", "--id", "x1").exit_code == 0
    r = run(db, "game", "Kasse", "--loser", "A", "--id", "x1")
    assert r.exit_code == 2 and "schon im Buch" in r.output
    out = run(db, "ledger", "Kasse").output
    assert "A                schuldet 2,50\xa0€" in out and "B                bekommt 2,50\xa0€" in out
    assert "A zahlt B 2,50\xa0€" in out
    r = run(db, "settle", "Kasse", "A", "--to", "B", "--amount", "1,00")
    assert r.exit_code == 0 and "1,00\xa0€ bezahlt an B" in r.output
    assert "A zahlt B 1,50\xa0€" in run(db, "ledger", "Kasse").output
    r = run(db, "settle", "Kasse", "A", "--to", "B", "--amount", "2", "--lang", "en")
    assert r.exit_code == 2 and "Error: amount: €2.00 is more than A owes B (€1.50)" in r.output
    assert "A pays B €1.50" in run(db, "ledger", "Kasse", "--lang", "en").output


@pytest.mark.parametrize(
    ("args", "de", "en"),
    [
        (("game", "Dienstag", "--loser", "Zed"), "Verlierer: 'Zed' ist kein Mitglied; erlaubt: Anna, Ben, Cem",
         "loser: 'Zed' is not a member; allowed: Anna, Ben, Cem"),
        (("game", "Dienstag"), "--loser: fehlt", "--loser: missing"),
        (("game", "Freitag", "--loser", "Ben"), "Gruppe: 'Freitag' ist unbekannt",
         "group: 'Freitag' is not known"),
        (("start", "Dienstag", "--date", "20.11.2026"), "Datum: '20.11.2026'; erlaubt: ein Datum wie 2026-11-20",
         "date: '20.11.2026'; allowed: a date such as 2026-11-20"),
        (("settle", "Dienstag", "Anna"), "Anna schuldet der Runde nichts", "Anna owes the group nothing"),
        (("settle", "Dienstag", "Anna", "--amount", "x"), "erlaubt: eine ganze Zahl von Runden",
         "allowed: a whole number of rounds"),
        (("settle", "Dienstag", "Anna", "--to", "Ben"), "Eine Runde geht an die Gruppe",
         "a round is given to the group"),
        (("void", "Dienstag", "99"), "Eintrag: 99; erlaubt: 1 bis 5", "entry: 99; allowed: 1 to 5"),
        (("stats", "Dienstag", "--evening", "5"), "Abend: '5'; erlaubt: 1 bis 1", "evening: '5'; allowed: 1 to 1"),
        (("member", "Dienstag", "anna"), "'anna' ist schon Mitglied", "'anna' is already in the group"),
        (("new-group", "X", "--stake", "geld"), "--amount: fehlt", "--amount: missing"),
        (("new-group", "X", "--stake", "geld", "--amount", "zwei"),
         "Betrag: 'zwei'; erlaubt: ein Betrag wie 2,50", "amount: 'zwei'; allowed: a sum such as 2.50"),
    ],
)
def test_bad_input_is_one_line_exit_2(db: Path, args: tuple[str, ...], de: str, en: str) -> None:
    for lang, message in (("de", de), ("en", en)):
        r = run(db, *args, "--lang", lang)
        assert r.exit_code == 2, r.output
        assert message in r.output
        assert "Traceback" not in r.output
        assert r.output.startswith("Fehler: " if lang == "de" else "Error: ")
    assert de in run(db, *args).output  # German by default


def test_bad_record_file(db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    r = run(db, "game", "Dienstag", "--record", str(bad))
    assert r.exit_code == 2 and "kein UTF-8" in r.output
    bad.write_text("{}", encoding="utf-8")
    r = run(db, "game", "Dienstag", "--record", str(bad))
    assert r.exit_code == 2 and r.output.startswith("Fehler: ")
    r = run(db, "game", "Dienstag", "--record", str(bad), "--loser", "Ben")
    assert r.exit_code == 2 and "--record allein" in r.output


def test_an_empty_db_is_refused_not_the_default() -> None:
    r = CliRunner().invoke(main, ["abend", "list", "--db", ""])
    assert r.exit_code == 2 and "database: empty" in r.output


def test_the_link_of_a_group(db: Path) -> None:
    r = run(db, "link", "Dienstag", "--base-url", "https://schock.example/")
    assert r.exit_code == 0, r.output
    link = r.output.strip()
    assert re.fullmatch(r"https://schock\.example/abend/g/[\w-]+/[\w-]{20,}", link)
    assert run(db, "link", "dienstag", "--base-url", "https://schock.example").output.strip() == link
    bad = run(db, "link", "Dienstag", "--base-url", "ftp://x")
    assert bad.exit_code == 2 and "--base-url: 'ftp://x'; erlaubt" in bad.output


def test_a_second_group_of_the_same_name_is_refused(db: Path) -> None:
    r = run(db, "new-group", "DIENSTAG", "-m", "X", "-m", "Y")
    assert r.exit_code == 2 and "Es gibt schon eine Gruppe 'DIENSTAG'" in r.output


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_line_of_an_evening_is_in_the_commands_language(tmp_path: Path, lang: str) -> None:
    """Issue 27 item 6: the evening commands print one language (dates as it writes them)."""
    db = tmp_path / "a.db"

    def say(*args: str) -> str:
        r = CliRunner().invoke(main, ["abend", *args, "--db", str(db), "--lang", lang])
        assert r.exit_code == 0, r.output
        return r.output

    out = say("new-group", "Dienstag", "-m", "Anna", "-m", "Ben")
    out += say("start", "Dienstag", "--date", "2026-11-20")
    out += say("game", "Dienstag", "--loser", "Anna")
    out += say("list") + say("list", "Dienstag") + say("games", "Dienstag")
    out += say("ledger", "Dienstag") + say("stats", "Dienstag")
    out += say("settle", "Dienstag", "Anna") + say("member", "Dienstag", "Cem")
    if lang == "de":
        assert "Abend 1 am 20.11.2026 begonnen." in out and "Anna hat 1 Runde bezahlt." in out
        assert not re.search(r"\b(Game|Evening|entry|lost|owes|paid|Streak|created)\b", out), out
    else:
        assert "Evening 1 of Nov 20, 2026 started." in out and "Anna paid 1 round." in out
        assert not re.search(r"\b(Spiel|Abend|Eintrag|verloren|schuldet|bezahlt|Serie|angelegt)\b",
                             out), out
