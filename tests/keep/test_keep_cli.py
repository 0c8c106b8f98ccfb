"""``schock keep`` driven by CliRunner input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from schock.cli import main


def run(args: list[str], lines: list[str]) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["keep", *args], input="\n".join(lines) + "\n")
    return r.exit_code, r.stdout, r.stderr


def test_a_porz_game_to_the_end_with_record(tmp_path: Path) -> None:
    rec = tmp_path / "spiel.json"
    save = tmp_path / "keep.json"
    code, out, _ = run(
        [
            "--seat",
            "Anna",
            "--seat",
            "Ben",
            "--starter",
            "Anna",
            "--save",
            str(save),
            "--record",
            str(rec),
        ],
        ["1-1-4 2 raus 1-1", "4-5-6 3", "4-5-6 2", "1-1-1 1", "2-3-5 1"],
    )
    assert code == 0, out
    assert "Abgelehnt: Ben darf höchstens 2-mal werfen" in out
    assert "Regeln: Ein Zug, 1. Wurfzahl der Runde" in out
    assert "Ben: 4 Deckel" in out and "Stock 9" in out
    assert "Anna hat das Spiel verloren." in out
    data = json.loads(rec.read_text())
    assert data["result"] == {"loser": 0, "durchmarsch": False}
    code, out, _ = run_replay(rec)
    assert code == 0 and "Anna" in out


def run_replay(path: Path) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["replay", str(path)])
    return r.exit_code, r.stdout, r.stderr


def test_undo_strafdeckel_and_resume_in_english(tmp_path: Path) -> None:
    save = tmp_path / "keep.json"
    code, out, _ = run(
        [
            "--rules",
            "mosel",
            "--seat",
            "Anna",
            "--seat",
            "Ben",
            "--starter",
            "Anna",
            "--save",
            str(save),
            "--lang",
            "en",
        ],
        ["1-1-4 2 kept 1-1", "undo", "1-1-4 1", "straf Ben 2", "2-3-5 1", "straf Ben 2", "quit"],
    )
    assert code == 0, out
    assert "Undone: Anna: result 1-1-4 2 kept 1-1" in out
    assert "Ben: 6 Deckel" in out  # 2 Strafdeckel and 4 for Schock 4
    code, out, _ = run(["--resume", str(save), "--lang", "en"], ["quit"])
    assert code == 0 and "Ben: 6 Deckel" in out


def test_throw_by_throw_and_void(tmp_path: Path) -> None:
    code, out, _ = run(
        ["--seat", "Anna", "--seat", "Ben", "--starter", "Anna", "--lang", "en"],
        [
            "throw 1-1-4",
            "void",
            "throw 2-3-4",
            "lift",
            "aside 1",
            "throw 2-2",
            "stop",
            "2-3-6 1",
            "quit",
        ],
    )
    assert code == 0, out
    assert "Refused: may set aside only 1s under porz, not [2]" not in out
    assert "Refused" in out  # "aside 1": the throw 2-3-4 has no 1
    assert "how does the turn go on" in out


def test_refused_entry_keeps_asking_and_help() -> None:
    code, out, _ = run(["--seat", "A", "--seat", "B", "--starter", "A"], ["?", "9-9-9 1", "ende"])
    assert code == 0
    assert "Wurf für Wurf" in out and "Abgelehnt" in out


@pytest.mark.parametrize(
    "args",
    [
        ["--seat", "Anna"],
        ["--seat", "Anna", "--seat", "anna"],
        ["--seat", "Anna", "--seat", "Ben", "--rules", "nowhere"],
        ["--seat", "Anna", "--seat", "Ben", "--starter", "Cem"],
    ],
)
def test_bad_options_exit_2_with_one_line(args: list[str]) -> None:
    r = CliRunner().invoke(main, ["keep", *args], input="")
    assert r.exit_code == 2
    assert r.stderr.startswith("Error") and "Traceback" not in r.stderr


def test_bad_resume_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "schock-keep", "version": 1}')
    r = CliRunner().invoke(main, ["keep", "--resume", str(bad)])
    assert r.exit_code == 2 and "--resume" in r.stderr


def test_entry_and_option_errors_in_german_by_default_and_english_on_request() -> None:
    code, out, _ = run(["--seat", "A", "--seat", "B", "--starter", "A"],
                       ["straf Zoe", "straf A x", "ende"])
    assert code == 0
    assert "kein Platz 'Zoe'; die Plätze sind: A, B" in out
    assert "Zahl 'x'; erlaubt: 1 bis 4" in out
    code, out, _ = run(["--seat", "A", "--seat", "B", "--starter", "A", "--lang", "en"],
                       ["straf Zoe", "ende"])
    assert "no seat 'Zoe'; the seats are: A, B" in out
    r = CliRunner().invoke(main, ["keep", "--seat", "Anna"], input="")
    assert r.exit_code == 2 and "mindestens 2 Spieler" in r.stderr
    r = CliRunner().invoke(main, ["keep", "--seat", "Anna", "--seat", "Ben", "--starter", "Cem"])
    assert r.exit_code == 2 and "'Cem' ist kein --seat; die Plätze sind: Anna, Ben" in r.stderr
    r = CliRunner().invoke(main, ["keep", "--seat", "Anna", "--lang", "en"], input="")
    assert r.exit_code == 2 and "name at least 2 players" in r.stderr
