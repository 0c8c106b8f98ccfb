"""`schock turnier eintragen` without a game (the entry loop) and `schock turnier karte`
(a table's whole card from a file): one start-up for an evening, the same checks."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from schock.cli import main
from schock.store import open_database
from schock.tournament import storage


def run(db: Path, *args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["turnier", *args, "--db", str(db)], input=input)


def ok(db: Path, *args: str, input: str | None = None) -> str:
    result = run(db, *args, input=input)
    assert result.exit_code == 0, result.output
    return result.output


def stored(db: Path) -> list[str]:
    """Every stored log entry, as stored."""
    database = open_database(str(db))
    try:
        return [f"{e.seq} {e.event.to_json()} {e.undone}" for e in storage.load(database).log]
    finally:
        database.close()


def evening(tmp_path: Path, fmt: str = "irmgarteich") -> Path:
    """Eight players at two tables: 1 2 3 5 and 4 6 7 8."""
    db = tmp_path / "t.db"
    ok(db, "neu", "Test", "--format", fmt, "--id", "t")
    ok(db, "spieler", "hinzu", *"ABCDEFGH", "--anwesend")
    ok(db, "auslosen", "--tisch", "1,2,3,5", "--tisch", "4,6,7,8")
    return db


def test_the_loop_enters_game_after_game_and_keeps_each(tmp_path: Path) -> None:
    db = evening(tmp_path)
    lines = [
        "?",
        "2+3 5 / 1 / 1:1",                          # card notation: a tie, Schock Aus
        "3 2 5 / 1 / / 3:7, 2:5, 5:3, 1:1",          # with the points column
        "t 2",
        "--raus 4 --raus 6+7 --verlierer 8 --punkte 4=7",  # the one-shot command's options
        "offen",
        "r 1",
        "ende",
        "2 3 5 / 1",                                 # after ende: not read
    ]
    out = ok(db, "eintragen", input="\n".join(lines) + "\n")
    assert "Test, Runde 1: Ergebnis je Spiel eingeben" in out
    assert "Offen: Tisch 1 Spiel 1, Tisch 2 Spiel 1" in out
    assert "raus / Verlierer / Schock Aus / Punkte, z. B. 2+3 4 / 1 / 1:1" in out
    assert "R1 T1 Spiel 1> Runde 1, Tisch 1, Spiel 1 eingetragen: Verlierer 1 A" in out
    assert "R1 T1 Spiel 2> Runde 1, Tisch 1, Spiel 2 eingetragen: Verlierer 1 A" in out
    assert "R1 T2 Spiel 1> Runde 1, Tisch 2, Spiel 1 eingetragen: Verlierer 8 H" in out
    assert "R1 T2 Spiel 2> Offen: Tisch 1 Spiel 3, Tisch 2 Spiel 2" in out
    assert "R1 T1 Spiel 3> " in out  # r 1: the first table with a game open
    assert out.rstrip().endswith("3 Spiele eingetragen; alles ist gespeichert")
    games = [e for e in stored(db) if "game_entered" in e]
    assert len(games) == 3
    assert "'out': [[2, 3], [5]]" in games[0] and "'schock_aus': [[1, 1]]" in games[0]
    assert "'out': [[4], [6, 7]]" in games[2]


def test_every_refusal_says_why_and_changes_nothing(tmp_path: Path) -> None:
    db = evening(tmp_path)
    ok(db, "eintragen", input="2+3 5 / 1\n")
    before = stored(db)
    lines = [
        "2+3 4 / 1",                       # player 4 sits at table 2
        "3 2 5 / 1 / / 3:6",               # 3 gets 7 points there (scaled, 4 seats)
        "2 3 5 / 1 / 7:x",                 # not a count
        "5",                               # too few fields
        "--raus 2 --verlierer",            # value missing
        "--wer 3",                         # unknown option
        "--raus 5 --raus 2+3 --verlierer 1 --verlierer 2",
        "s 1",
        "2 3 5 / 1",                       # game 1 has another result
        "t 9", "s 5", "r 2", "",
        '--raus "2', "--raus 2 --raus 3+5 --verlierer 1+2", "--raus x --verlierer 1",
        "--raus 2 --verlierer 1 --punkte 2=x",
    ]
    out = ok(db, "eintragen", input="\n".join(lines) + "\n")
    for said in (
        "abgelehnt: Runde 1, Tisch 1, Spiel 2: Spieler 4 sitzt in dieser Runde an Tisch 2, "
        "nicht an Tisch 1",
        "abgelehnt: Runde 1, Tisch 1, Spiel 2: Spieler 3 bekommt für seinen Platz 7 Punkte, "
        "nicht 6",
        "abgelehnt: Schock Aus: '7:x'; erlaubt: Startnummer:Anzahl",
        "abgelehnt: '5': zu viele oder zu wenige Felder; erlaubt: raus / Verlierer / Schock Aus",
        "abgelehnt: --verlierer: Wert fehlt",
        "abgelehnt: '--wer': unbekannt; erlaubt: --correct, --korrigieren",
        "abgelehnt: --verlierer 1, 2: mehr als einer",
        "abgelehnt: Runde 1, Tisch 1, Spiel 1 ist schon eingetragen: Verlierer 1 A, raus 2+3, 5; "
        "neu wäre: Verlierer 1 A, raus 2, 3, 5; zum Ersetzen --korrigieren angeben",
        "abgelehnt: 't 9': erlaubt: Tisch 1 bis 2",
        "abgelehnt: 's 5': erlaubt: Spiel 1 bis 2",
        "abgelehnt: 'r 2': erlaubt: Runde 1 bis 1",
        "abgelehnt: '--raus \"2': No closing quotation",
        "abgelehnt: --verlierer: '1+2'; erlaubt: Startnummern wie 3,7,12",
        "abgelehnt: --raus: 'x'; erlaubt: Startnummern wie 3,7,12",
        "abgelehnt: --punkte: '2=x'; erlaubt: NR=PUNKTE",
    ):
        assert said in out, said
    assert out.rstrip().endswith("0 Spiele eingetragen; alles ist gespeichert")
    assert stored(db) == before


def test_the_loop_in_english_corrects_only_when_asked(tmp_path: Path) -> None:
    db = evening(tmp_path)
    lines = ["2+3 5 / 1", "s 1", "2+3 5 / 1", "s 1", "--raus 2 --raus 3+5 --verlierer 1",
             "s 1", "--raus 2 --raus 3+5 --verlierer 1 --korrigieren", "2 / 1", "?"]
    out = ok(db, "enter", "--lang", "en", input="\n".join(lines) + "\n")
    assert "R1 T1 game 1> Round 1, table 1, game 1 entered: loser 1 A" in out
    assert "round 1, table 1, game 1 is entered like this already (loser 1 A, out 2+3, 5)" in out
    assert ("refused: round 1, table 1, game 1 is entered already: loser 1 A, out 2+3, 5; "
            "new would be: loser 1 A, out 2, 3+5; give --korrigieren to replace it") in out
    assert ("round 1, table 1, game 1 corrected: before loser 1 A, out 2+3, 5; "
            "now loser 1 A, out 2, 3+5") in out
    # after the correction the loop goes back to the table's next open game
    assert "R1 T1 game 2> refused: round 1, table 1, game 2:" in out
    assert "A game: out / loser / schock_aus / points, e.g. 2+3 4 / 1 / 1:1" in out
    assert "Stop: ende or Ctrl-D" in out
    assert out.rstrip().endswith("2 games entered; everything is saved")  # Ctrl-D
    games = [e for e in stored(db) if "game_entered" in e]
    assert len(games) == 2 and "'out': [[2], [3, 5]]" in games[1]


def test_a_finished_table_moves_the_loop_on(tmp_path: Path) -> None:
    db = evening(tmp_path, "mosel")  # chips: loser / Schock Aus
    lines = ["4 / 4:1", "--verlierer 1", "--raus 2 --verlierer 1", "2 / 1 / 3:6", "t 2", "6",
             "7 / 1:1"]
    out = ok(db, "eintragen", input="\n".join(lines) + "\n")
    assert "Verlierer / Schock Aus, " not in out  # no help asked
    assert "abgelehnt: Runde 1, Tisch 1, Spiel 1: Spieler 4 sitzt" in out
    assert "R1 T1 Spiel 1> Runde 1, Tisch 1, Spiel 1 eingetragen: Verlierer 1 A" in out
    assert "abgelehnt: --raus: dieses Format zählt Chips" in out
    assert "abgelehnt: '2 / 1 / 3:6': zu viele oder zu wenige Felder; erlaubt: Verlierer / Schock Aus" in out
    assert "R1 T2 Spiel 1> Runde 1, Tisch 2, Spiel 1 eingetragen: Verlierer 6 F" in out
    assert "R1 T2 Spiel 2> abgelehnt: Runde 1, Tisch 2, Spiel 2:" in out  # 1 is at table 1
    assert len([e for e in stored(db) if "game_entered" in e]) == 2


def test_a_finished_table_is_said_and_the_next_open_one_is_chosen(tmp_path: Path) -> None:
    db = evening(tmp_path, "mosel")
    # every game at table 1 until the table has finished (one player keeps losing)
    out = ok(db, "eintragen", input="1\n" * 40)
    assert "Runde 1, Tisch 1, Spiel 1 eingetragen" in out
    assert "R1 T2 Spiel 1>" in out  # on to table 2 once table 1 finished
    out = ok(db, "eintragen", input="t 1\n2\n")
    assert "R1 T1 fertig> abgelehnt: Tisch 1 ist in Runde 1 fertig" in out


def test_ctrl_c_exits_130_and_keeps_what_was_entered(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = evening(tmp_path)
    typed: Iterator[str] = iter(["2+3 5 / 1", "2 3 5 / 1"])

    def keyboard(prompt: str = "") -> str:
        print(prompt, end="")
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(builtins, "input", keyboard)
    result = run(db, "eintragen")
    assert result.exit_code == 130, result.output
    assert result.output.rstrip().endswith("abgebrochen; 2 Spiele eingetragen und gespeichert")
    assert len([e for e in stored(db) if "game_entered" in e]) == 2


def test_the_loop_needs_a_round_and_all_or_none_of_the_places(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    ok(db, "neu", "Leer", "--id", "leer")
    bad = run(db, "eintragen", input="1\n")
    assert bad.exit_code == 2
    assert "noch keine Runde ausgelost" in bad.output
    (tmp_path / "x").mkdir()
    db = evening(tmp_path / "x")
    for args in (["1", "1"], ["--verlierer", "1"]):
        bad = run(db, "eintragen", *args)
        assert bad.exit_code == 2
        assert "RUNDE TISCH SPIEL: alle drei angeben, oder keins" in bad.output
    bad = run(db, "eintragen", "1", "--lang", "en")
    assert "RUNDE TISCH SPIEL: give all three, or none" in bad.output


def card(tmp_path: Path, text: str, encoding: str = "utf-8") -> str:
    path = tmp_path / "karte.csv"
    path.write_bytes(text.encode(encoding))
    return str(path)


def test_karte_enters_a_whole_card_from_csv(tmp_path: Path) -> None:
    db = evening(tmp_path)
    ok(db, "eintragen", "1", "1", "1", "--raus", "2+3", "--raus", "5", "--verlierer", "1")
    rows = ("Raus;Verlierer;Schock Aus;Punkte\n"
            "2+3 5;1;;\n"                 # as entered already: kept
            "5 3 2;1;1:1;5:7\n"
            "3, 2+5;1;;\n")
    out = ok(db, "karte", "1", "1", card(tmp_path, rows, "cp1252"))
    assert out.strip() == "Runde 1, Tisch 1: 2 Spiele eingetragen (2, 3); 1 schon so eingetragen"
    games = [e for e in stored(db) if "game_entered" in e]
    assert len(games) == 3 and "'out': [[3], [2, 5]]" in games[2]
    # the same card again enters nothing; the whole-card form's text (with /) works too
    out = ok(db, "card", "1", "1", card(tmp_path, "2+3 5 / 1\n5 3 2 / 1 / 1:1\n"), "--lang", "en")
    assert out.strip() == "Round 1, table 1: 0 games entered (none); 2 entered like this already"
    rows = 'raus,verlierer\n"4, 6+7",8\n6 7 4,8\n'
    assert "Runde 1, Tisch 2: 2 Spiele eingetragen (1, 2)" in ok(
        db, "karte", "1", "2", card(tmp_path, rows))


def test_a_wrong_card_row_is_named_and_nothing_is_entered(tmp_path: Path) -> None:
    db = evening(tmp_path)
    before = stored(db)
    for rows, said in (
        ("2+3 5;1\n5 3 2;1;;5:6\n2 3 5;1\n",
         "Zeile 2 (Spiel 2): Runde 1, Tisch 1, Spiel 2: Spieler 5 bekommt für seinen Platz 7 "
         "Punkte, nicht 6"),
        ("2+3 5;1\n2 3 x;1\n", "Zeile 2 des Zettels: raus: 'x'"),
        ("2+3 5;1;;;9\n", "Zeile 1 des Zettels: '2+3 5;1;;;9'; erlaubt: raus / Verlierer"),
        ("Raus;Verlierer\n", "Spielzettel: keine Spiele"),
    ):
        bad = run(db, "karte", "1", "1", card(tmp_path, rows))
        assert bad.exit_code == 2, bad.output
        assert said in bad.output, bad.output
    bad = run(db, "karte", "2", "1", card(tmp_path, "2 3 5;1\n"))
    assert "RUNDE: 2; erlaubt: 1 bis 1 (ausgeloste Runden)" in bad.output
    bad = run(db, "karte", "1", "3", card(tmp_path, "2 3 5;1\n"), "--lang", "en")
    assert "table: 3; allowed: 1 to 2" in bad.output
    bad = run(db, "karte", "1", "1", str(tmp_path / "fehlt.csv"))
    assert bad.exit_code == 2 and "kann nicht gelesen werden" in bad.output
    assert stored(db) == before


def test_the_web_whole_card_form_reads_the_same_rows(tmp_path: Path) -> None:
    from schock.tournament.card import card_rows, csv_card_rows

    text = "2+3 5 / 1 / 1:1 / 2:6\n5 / 1\n"
    want: list[dict[str, Any]] = card_rows(text, True)
    assert csv_card_rows(b"2+3 5;1;1:1;2:6\n5;1\n", True) == want
    assert csv_card_rows(text.encode(), True) == want


def test_the_command_texts_are_in_both_languages_with_the_same_fields() -> None:
    import string

    from schock.cli.turnier import TEXT

    assert TEXT["de"].keys() == TEXT["en"].keys()
    for key in TEXT["de"]:
        fields = [{f for _, f, _, _ in string.Formatter().parse(TEXT[lang][key]) if f}
                  for lang in ("de", "en")]
        assert fields[0] == fields[1], key


def test_after_import_commands_without_turnier_act_on_the_imported_one(
        tmp_path: Path) -> None:
    old = tmp_path / "alt.db"
    ok(old, "neu", "Altes Turnier", "--id", "alt")
    ok(old, "spieler", "hinzu", "Anna")
    ok(old, "export", "-o", str(tmp_path / "alt.json"))
    archive = json.loads((tmp_path / "alt.json").read_text("utf-8"))
    archive["tournament"]["created"] = "2020-01-01T10:00:00+00:00"  # an old archive
    (tmp_path / "alt.json").write_text(json.dumps(archive), "utf-8")
    db = tmp_path / "t.db"
    ok(db, "neu", "Neues Turnier", "--id", "neu")
    ok(db, "spieler", "hinzu", "Bernd")
    ok(db, "import", str(tmp_path / "alt.json"))
    assert "Anna" in ok(db, "spieler", "liste") and "Bernd" not in ok(db, "spieler", "liste")
    assert "Startnummer 2: Cem" in ok(db, "spieler", "hinzu", "Cem")
    assert "Bernd" in ok(db, "spieler", "liste", "--turnier", "neu")
    ok(db, "neu", "Noch eins", "--id", "drei")
    assert ok(db, "spieler", "liste").strip() == ""
