"""`schock turnier ...` through the CLI runner: a small evening by hand, and the error edge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from openpyxl import load_workbook

from schock.cli import main


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["turnier", *args, "--db", str(db)])


def ok(db: Path, *args: str) -> str:
    result = run(db, *args)
    assert result.exit_code == 0, result.output
    return result.output


def test_an_evening_by_hand(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    out = ok(db, "neu", "Dorfturnier", "--format", "irmgarteich", "--id", "dorf")
    assert "Turnier 'Dorfturnier' angelegt (Kennung dorf, Format irmgarteich" in out
    csv = tmp_path / "spieler.csv"
    csv.write_text("Name;Mannschaft\nAnna;Rot\nBen;Blau\nCem;Rot\nDora;Blau\nEmil;Rot\n", "utf-8")
    assert "5 Spieler angemeldet (Startnummern 1 bis 5)" in ok(db, "spieler", "import", str(csv))
    assert "Startnummer 6: Fritz" in ok(db, "player", "add", "Fritz", "--present")
    ok(db, "anwesend", "1", "2", "3", "4", "5")
    out = ok(db, "auslosen", "--tisch", "1,2,3", "--tisch", "4,5,6")
    assert "Tisch 1: 1 Anna, 2 Ben, 3 Cem" in out and "Trinkrunden: Spiele" in out
    out = ok(
        db,
        "eintragen",
        "1",
        "1",
        "1",
        "--raus",
        "2",
        "--raus",
        "3",
        "--verlierer",
        "1",
        "--punkte",
        "2=6,3=4,1=2",
        "--schock-aus",
        "2",
    )
    assert "Runde 1, Tisch 1, Spiel 1 eingetragen: Verlierer 1 Anna" in out
    bad = run(db, "eintragen", "1", "1", "2", "--raus", "2", "--raus", "5", "--verlierer", "1")
    assert bad.exit_code == 2
    assert bad.output.strip() == (
        "Fehler: Runde 1, Tisch 1, Spiel 2: Spieler 5 sitzt in dieser Runde an Tisch 2, nicht an Tisch 1"
    )
    bad_en = run(
        db, "enter", "1", "1", "2", "--out", "2", "--out", "5", "--loser", "1", "--lang", "en"
    )
    assert "round 1, table 1, game 2: player 5 sits at table 2 in this round" in bad_en.output
    ok(db, "enter", "1", "1", "2", "--out", "2+3", "--loser", "1")
    assert "rückgängig gemacht: #" in ok(db, "rueckgaengig")
    log = ok(db, "protokoll")
    assert "[rückgängig]" in log and "game_entered" in log
    table = ok(db, "tabelle")
    assert "Ben" in table.splitlines()[2] and "Schock-Aus-König: 2 Ben" in table
    assert "Rot" in ok(db, "standings", "--lang", "en", "--round", "1")
    assert "Getränke" in ok(db, "getraenke") or "(noch nichts)" in ok(db, "getraenke")
    ok(db, "spieler", "abmelden", "6")
    assert "abgemeldet" in ok(db, "spieler", "liste")
    for kind in ("tischplan", "spielzettel", "laufkarten", "tabelle", "preise"):
        pdf = tmp_path / f"{kind}.pdf"
        ok(db, "drucken", kind, "-o", str(pdf), "--base-url", "http://pc:8000")
        assert pdf.read_bytes().startswith(b"%PDF")
    ok(db, "export", "-o", str(tmp_path / "t.csv"))
    assert (tmp_path / "t.csv").read_text("utf-8").startswith("Platz,Nr,Name")
    ok(db, "export", "-o", str(tmp_path / "t.xlsx"))
    wb = load_workbook(tmp_path / "t.xlsx")
    assert wb.sheetnames == ["Tabelle", "Runden", "Ergebnisse", "Getränke"]
    ok(db, "export", "-o", str(tmp_path / "t.json"))
    data = json.loads((tmp_path / "t.json").read_text("utf-8"))
    assert data["format"] == "schock-tournament"
    other = tmp_path / "other.db"
    assert "Dorfturnier" in ok(other, "import", str(tmp_path / "t.json"))
    ok(other, "export", "-o", str(tmp_path / "again.json"))
    assert (tmp_path / "again.json").read_text("utf-8") == (tmp_path / "t.json").read_text("utf-8")


def test_errors_are_one_line_with_exit_status_2(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    cases = [
        (("tabelle",), "t.db: Datei nicht gefunden (nichts wurde angelegt)"),
        (("neu", "X", "--format", "skat"), "unknown tournament format 'skat'"),
    ]
    for args, text in cases:
        result = run(db, *args)
        assert result.exit_code == 2, result.output
        assert text in result.output and len(result.output.strip().splitlines()) == 1
        assert not db.exists()
    ok(db, "neu", "X", "--format", "porz", "--id", "x")
    for args, text in [
        (("neu", "Y", "--id", "x"), "gibt es in dieser Datenbank schon"),
        (("anwesend", "9"), "Keine Startnummer 9"),
        (("auslosen",), "Nur 0 Spieler anwesend"),
        (("eintragen", "1", "1", "1", "--verlierer", "1"), "Runde 1 ist nicht gelost"),
        (("spieler", "import", str(tmp_path / "nope.csv")), "kann nicht gelesen werden"),
        (("export", "-o", str(tmp_path / "x.doc")), "erlaubt: .json, .csv, .xlsx"),
        (("drucken", "tischplan", "-o", str(tmp_path / "x.pdf")), "noch keine Runde ausgelost"),
        (("tabelle", "--turnier", "zz"), "kein Turnier 'zz' in dieser Datenbank; erlaubt: x"),
        (("rueckgaengig",), "Nichts rückgängig zu machen"),
    ]:
        result = run(db, *args)
        assert result.exit_code == 2, (args, result.output)
        assert text in result.output, (args, result.output)
        assert "Traceback" not in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "schock-tournament", "version": 1, "tournament": 3}', "utf-8")
    result = run(db, "import", str(bad))
    assert result.exit_code == 2 and "Archiv: tournament: erwartet ein Objekt" in result.output


def test_bad_input_is_german_by_default_and_english_with_lang_en(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    ok(db, "neu", "X", "--format", "porz", "--id", "x")
    for args, de, en in [
        (("spieler", "hinzu", " "), "Spielername: ' '; erlaubt: ein Text von 1 bis 80 Zeichen",
         "player name: ' '; allowed: a text of 1 to 80 characters"),
        (("eintragen", "0", "1", "1", "--verlierer", "1"), "Runde: 0; erlaubt: eine ganze Zahl ab 1",
         "round: 0; allowed: a whole number from 1"),
        (("eintragen", "1", "1", "1"), "--verlierer fehlt", "--verlierer: missing"),
        (("anwesend",), "keine Startnummern; erlaubt: Startnummern oder --alle",
         "no start numbers; allowed: start numbers or --alle"),
        (("tabelle", "--runde", "3"), "keine Runde ausgelost", "no round has been drawn"),
    ]:
        result = run(db, *args)
        assert result.exit_code == 2 and de in result.output, (args, result.output)
        result = run(db, *args, "--lang", "en")
        assert result.exit_code == 2 and en in result.output, (args, result.output)
    assert "Startnummer" not in ok(db, "spieler", "liste")


def _three_at_one_table(db: Path, fmt: str, name: str) -> None:
    """A new tournament: Anna, Ben and Cem present, round 1 drawn (one table)."""
    ok(db, "neu", name, "--format", fmt, "--id", name[0].lower())
    for player in ("Anna", "Ben", "Cem"):
        ok(db, "player", "add", player, "--present")
    ok(db, "auslosen", "--tisch", "1,2,3")


def test_the_status_line_of_an_open_ended_format(tmp_path: Path) -> None:
    """Issue 25, item 7: porz has no fixed number of rounds: "Runde 1", never "von -"."""
    db = tmp_path / "t.db"
    _three_at_one_table(db, "porz", "Kneipe")
    out = ok(db, "tabelle")
    assert "Kneipe: Runde 1, 3 Spieler im Turnier" in out and "von -" not in out
    ok(db, "neu", "Pokal", "--format", "irmgarteich", "--id", "p")
    assert "Pokal: Runde 0 von 2" in ok(db, "tabelle", "--turnier", "p")


def test_import_excel_csv_with_preview_and_rename(tmp_path: Path) -> None:
    """Issue 25, item 5: German Excel's CSV (Windows-1252, semicolons, Vorname;Nachname)."""
    db = tmp_path / "t.db"
    ok(db, "neu", "Dorf", "--format", "porz", "--id", "d")
    csv = tmp_path / "liste.csv"
    csv.write_bytes("Vorname;Nachname;Mannschaft\r\nJürgen;Groß;Süd\r\nZoë;Weiß;\r\n".encode("cp1252"))
    out = ok(db, "spieler", "import", str(csv), "--vorschau")
    assert "Gelesen als Windows-1252, Trennzeichen ';', Kopfzeile: Vorname + Nachname, Mannschaft" in out
    assert "Zeile 2: Jürgen Groß (Süd)" in out and "nichts geändert" in out
    assert "Jürgen" not in ok(db, "spieler", "liste")
    assert "2 Spieler angemeldet (Startnummern 1 bis 2)" in ok(db, "spieler", "import", str(csv))
    assert "Umbenannt: 2 Zoë Weiss (Startnummer bleibt)" in ok(db, "player", "rename", "2",
                                                               "Zoë Weiss")
    bad = tmp_path / "leer.csv"
    bad.write_bytes(b"Name;Team\n;Rot\n")
    result = run(db, "spieler", "import", str(bad))
    assert result.exit_code == 2 and "Zeile 2: kein Name" in result.output


def test_eintragen_never_overwrites_silently(tmp_path: Path) -> None:
    """Issue 25, item 6: the same result again changes nothing (no second log event); a
    different one needs --korrigieren and says what it replaces."""
    db = tmp_path / "t.db"
    _three_at_one_table(db, "irmgarteich", "Dorf")
    ok(db, "eintragen", "1", "1", "1", "--raus", "1", "--raus", "2", "--verlierer", "3")
    events = ok(db, "protokoll").count("game_entered")
    out = ok(db, "eintragen", "1", "1", "1", "--raus", "1", "--raus", "2", "--verlierer", "3")
    assert "ist schon so eingetragen" in out and "nichts geändert" in out
    assert ok(db, "protokoll").count("game_entered") == events
    result = run(db, "eintragen", "1", "1", "1", "--raus", "2+3", "--verlierer", "1")
    assert result.exit_code == 2
    assert "ist schon eingetragen: Verlierer 3 Cem, raus 1, 2; neu wäre: Verlierer 1 Anna, " \
           "raus 2+3; zum Ersetzen --korrigieren angeben" in result.output
    out = ok(db, "eintragen", "1", "1", "1", "--raus", "2+3", "--verlierer", "1", "--korrigieren")
    assert "korrigiert: vorher Verlierer 3 Cem, raus 1, 2; jetzt Verlierer 1 Anna, raus 2+3" in out
    result = run(db, "eintragen", "1", "1", "2", "--raus", "1", "--raus", "2", "--verlierer",
                 "3", "--schock-aus", "1", "--schock-aus", "1")
    assert result.exit_code == 2 and "Spieler 1 mit 2 Schock Aus in einem Spiel" in result.output


def test_chips_formats_refuse_what_they_do_not_use(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    _three_at_one_table(db, "porz", "Kneipe")
    for args, said in (
        (("--verlierer", "1", "--verlierer", "3"), "mehr als einer"),
        (("--verlierer", "1", "--raus", "2"), "--raus: dieses Format zählt Chips"),
        (("--verlierer", "1", "--punkte", "2=1"), "--punkte: dieses Format zählt Chips"),
    ):
        result = run(db, "eintragen", "1", "1", "1", *args)
        assert result.exit_code == 2 and said in result.output, result.output
    assert "game_entered" not in ok(db, "protokoll")


def test_the_planned_draw_prints_its_repeats_and_lower_bound(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    ok(db, "neu", "Halbzeiten", "--format", "irmgarteich", "--id", "h")
    csv = tmp_path / "liste.csv"
    csv.write_text("Name\n" + "".join(f"Spieler {i}\n" for i in range(1, 21)), "utf-8")
    ok(db, "spieler", "import", str(csv), "--anwesend")
    out = ok(db, "auslosen")
    assert "Alle Runden gelost (2 Runden): 0 wiederholte Begegnungen (untere Schranke: 0)" in out


def test_the_draw_is_saved_before_it_is_printed(tmp_path: Path, monkeypatch: Any) -> None:
    """Issue 25, item 7: `auslosen | head` closing the pipe early lost the draw."""
    from schock.cli.turnier import draw as turnier

    db = tmp_path / "t.db"
    ok(db, "neu", "Pipe", "--format", "porz", "--id", "p")
    for name in ("Anna", "Ben", "Cem"):
        ok(db, "player", "add", name, "--present")

    def closed(text: str) -> None:
        raise BrokenPipeError("the reader went away")

    monkeypatch.setattr(turnier, "_echo", closed)
    assert run(db, "auslosen").exit_code != 0
    monkeypatch.undo()
    assert "Runde 1" in ok(db, "tabelle")


def test_archive_errors_in_both_languages_and_nothing_is_written(tmp_path: Path) -> None:
    """Issue 27: a bad archive is refused in the command's language, naming the place and
    what is allowed, and no database is made for it."""
    db = tmp_path / "t.db"
    good = tmp_path / "good.json"
    ok(tmp_path / "a.db", "neu", "Dorf", "--format", "porz", "--id", "dorf")
    ok(tmp_path / "a.db", "spieler", "add", "Anna")
    ok(tmp_path / "a.db", "export", "-o", str(good))
    data = json.loads(good.read_text("utf-8"))
    head = data["tournament"]
    cases: list[tuple[Any, str, str]] = [
        ("{x", "Archiv: kein gültiges JSON: Zeile 1, Spalte 2:",
         "archive: not valid JSON: line 1, column 2:"),
        ([], "Archiv: erwartet ein JSON-Objekt", "archive: expected a JSON object"),
        ({**data, "version": 9}, "Archiv: version: dieses schock liest Version 1, nicht 9",
         "archive: version: this schock reads version 1, got 9"),
        ({**data, "extra": 1}, "unbekannte Schlüssel ['extra']; erlaubt: format, version",
         "unknown keys ['extra']; allowed: format, version"),
        ({**data, "tournament": {**head, "seed": "x"}},
         "Archiv: tournament.seed: 'x'; erlaubt: eine ganze Zahl",
         "archive: tournament.seed: 'x'; allowed: a whole number"),
        ({**data, "log": [{**data["log"][0], "seq": 5}]},
         "Archiv: log[0].seq: 5; erlaubt: 1 (Einträge der Reihe nach)",
         "archive: log[0].seq: 5; allowed: 1 (entries in order)"),
        ({**data, "log": "x"}, "Archiv: log: erwartet eine Liste von Einträgen",
         "archive: log: expected a list of entries"),
    ]
    for content, de, en in cases:
        bad = tmp_path / "bad.json"
        bad.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
        for lang, want in (("de", de), ("en", en)):
            r = run(db, "import", str(bad), "--lang", lang)
            assert r.exit_code == 2 and want in r.output, r.output
            assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output
        assert not db.exists()
    assert "Dorf" in ok(db, "import", str(good))
    again = run(db, "import", str(good))
    assert again.exit_code == 2 and "'dorf' ist schon in dieser Datenbank" in again.output
    again = run(db, "import", str(good), "--lang", "en")
    assert "archive: tournament.id: 'dorf' is in this database already" in again.output
