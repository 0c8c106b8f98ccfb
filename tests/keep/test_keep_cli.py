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


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --save a kept game is written to a dated file in the current folder."""
    monkeypatch.chdir(tmp_path)


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
    assert r.stderr.startswith("Fehler: ") and "Traceback" not in r.stderr


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


def test_without_save_the_game_goes_to_a_dated_file_and_ctrl_c_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27 item 3: never drop a kept game unasked; Ctrl-C saves it and exits 130."""
    import click

    r = CliRunner().invoke(main, ["keep", "--seat", "Anna", "--seat", "Ben", "--starter",
                                  "Anna"], input="wurf 1-1-4\nheben\nraus 1-1\nende\n")
    assert r.exit_code == 0, r.output
    files = sorted(tmp_path.glob("schock-keep-porz-*.json"))
    assert len(files) == 1 and f"Gespeichert: {files[0].name}" in r.output
    assert "gespeichert" in r.output.split("Anna: Ergebnis")[0]  # said before the first entry
    kept = json.loads(files[0].read_text("utf-8"))
    assert kept["entries"] == [f"0 {step}" for step in ("throw 1-1-4", "lift", "aside 1-1")]

    # a second game in the same minute gets its own file, and Ctrl-C at a prompt keeps it
    answers = iter(["wurf 1-1-4"])

    def prompt(*args: object, **kwargs: object) -> str:
        for answer in answers:
            return answer
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise click.exceptions.Abort() from None  # what click.prompt does

    monkeypatch.setattr(click, "prompt", prompt)
    r = CliRunner().invoke(main, ["keep", "--seat", "Anna", "--seat", "Ben", "--starter",
                                  "Anna", "--lang", "en"])
    assert r.exit_code == 130, r.output
    assert "Interrupted." in r.output
    second = sorted(set(tmp_path.glob("schock-keep-porz-*.json")) - set(files))
    assert len(second) == 1 and f"Saved: {second[0].name}" in r.output
    assert json.loads(second[0].read_text("utf-8"))["entries"] == ["0 throw 1-1-4"]


def test_a_game_quit_before_any_entry_leaves_no_file(tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["keep", "--seat", "Anna", "--seat", "Ben"], input="ende\n")
    assert r.exit_code == 0, r.output
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_exits_130_in_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27 item 7: one behaviour for Ctrl-C, never click's 'Aborted!' with status 1."""
    import schock.cli.odds

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(schock.cli.odds, "load_rules", interrupted)
    for lang, word in (("de", "Abgebrochen."), ("en", "Interrupted.")):
        r = CliRunner().invoke(main, ["odds", "--lang", lang])
        assert r.exit_code == 130 and word in r.stderr and "Aborted" not in r.output


# ---------------------------------------------------- issue 27 item 3: what the keeper is told
SCHOCK_AUS = ["1-1-4 2 raus 1-1", "4-5-6 2", "2-3-5 1", "1-1-1 1", "2-3-6 1", "2-4-6 1"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "Schock Aus von Cem: Anna bekommt 9 Deckel aus dem Stock und 4 von Cem"),
        ("en", "Schock Aus by Cem: Anna receives 9 Deckel from the Stock and 4 from Cem"),
    ],
)
def test_a_schock_aus_says_where_each_deckel_came_from(lang: str, said: str) -> None:
    code, out, _ = run(
        ["--seat", "Anna", "--seat", "Ben", "--seat", "Cem", "--starter", "Anna",
         "--lang", lang], SCHOCK_AUS)
    assert code == 0, out
    assert said in out
    assert "13 Deckel aus dem Stock" not in out and "13 Deckel from the Stock" not in out


def test_each_entry_prints_only_what_is_new() -> None:
    code, out, _ = run(["--seat", "Anna", "--seat", "Ben", "--seat", "Cem", "--starter", "Anna"],
                       SCHOCK_AUS[:4])
    assert code == 0, out
    assert out.count("Aufgedeckt: Anna 1-1-4/2") == 1  # the round is told once, not per entry
    assert out.count("Cem bekommt 4 Deckel aus dem Stock") == 1
    assert out.count("Runde 2: Stock 9, beginnt: Cem") == 1
    assert out.count("  Cem: 4 Deckel") == 1  # the standing again only when it changed


def test_an_undone_showdown_is_told_again_when_entered_again() -> None:
    code, out, _ = run(["--seat", "Anna", "--seat", "Ben", "--starter", "Anna"],
                       ["1-1-4 2 raus 1-1", "4-5-6 2", "undo", "4-5-6 1"])
    assert code == 0, out
    assert out.count("Ben bekommt 4 Deckel aus dem Stock") == 2


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        ("de", ["wurf 1-1-4", "heben", "raus 1-1", "wurf 3", "steht", "straf Ben", "kippe"],
         ["Anna: Wurf 1: 1-1-4", "Anna hebt den Becher", "Anna legt 1-1 raus",
          "Anna: Wurf 2: 3", "Anna steht nach 2 Würfen mit 1-1-3",
          "Strafdeckel für Ben (vom Tisch gefallen): 1 Deckel aus dem Stock"]),
        ("en", ["throw 1-1-4", "lift", "aside 1-1", "throw 3", "stop", "straf Ben"],
         ["Anna: throw 1: 1-1-4", "Anna lifts the cup", "Anna sets aside 1-1", "Anna: throw 2: 3",
          "Anna stops after 2 throws with 1-1-3",
          "Strafdeckel for Ben (fell off the table): 1 Deckel from the Stock"]),
    ],
)
def test_steps_and_strafdeckel_are_confirmed(lang: str, lines: list[str], said: list[str]) -> None:
    code, out, _ = run(["--seat", "Anna", "--seat", "Ben", "--starter", "Anna", "--lang", lang],
                       lines)
    assert code == 0, out
    for line in said:
        assert line in out, line


def test_kippe_is_confirmed() -> None:
    code, out, _ = run(["--seat", "Anna", "--seat", "Ben", "--starter", "Anna"],
                       ["wurf 1-1-4", "kippe", "wurf 2-2-4"])
    assert code == 0, out
    assert "Anna: ungültig (Türmchen/Kippe), neu geworfen" in out
    assert "Anna: Wurf 1: 2-2-4" in out


@pytest.mark.parametrize(
    ("lang", "said"),
    [("de", ["1. Hälfte: Stock 13", "Anna 5, Ben 5, Cem 3 → Cem beginnt",
             "1. Hälfte, Runde 1: Stock 13, beginnt: Cem"]),
     ("en", ["Hälfte 1: Stock 13", "Anna 5, Ben 5, Cem 3 → Cem starts",
             "Hälfte 1, round 1: Stock 13, Cem starts"])],
)
def test_the_roll_off_says_who_starts_and_no_round_0(lang: str, said: list[str]) -> None:
    code, out, _ = run(["--rules", "mosel", "--seat", "Anna", "--seat", "Ben", "--seat", "Cem",
                        "--lang", lang], ["5", "5", "3"])
    assert code == 0, out
    assert "Runde 0" not in out and "round 0" not in out
    for line in said:
        assert line in out, line


# -------------------------------- issue 27 item 3: a kept game's replay marks the dice not entered
@pytest.mark.parametrize(
    ("lang", "said", "legend"),
    [("de", "Wurf 1: 1-1-?, hebt den Becher, legt 1-1 raus; Wurf 2: ?; Wurf 3: 4",
      "? = nicht eingetragen: am Tisch wurde nur das Ergebnis aufgedeckt"),
     ("en", "throw 1: 1-1-?, lifts the cup, sets aside 1-1; throw 2: ?; throw 3: 4",
      "? = not entered: at the table only the result was revealed")],
)
def test_the_replay_of_a_kept_game_marks_what_was_not_entered(
    tmp_path: Path, lang: str, said: str, legend: str
) -> None:
    rec = tmp_path / "spiel.json"
    code, out, _ = run(["--seat", "Anna", "--seat", "Ben", "--starter", "Anna", "--record",
                        str(rec)], ["1-1-4 3 raus 1-1", "2-3-5 1", "1-1-1 1", "2-2-3 1"])
    assert code == 0, out
    r = CliRunner().invoke(main, ["replay", str(rec), "--lang", lang])
    assert r.exit_code == 0, r.output
    assert said in r.stdout and legend in r.stdout
    assert "2-4-5" not in r.stdout and "1-1-2" not in r.stdout  # no placeholder told as thrown
    assert "Wurf 1: 2-3-5" in r.stdout or "throw 1: 2-3-5" in r.stdout  # what was entered


def test_a_game_entered_throw_by_throw_has_no_placeholders(tmp_path: Path) -> None:
    rec = tmp_path / "spiel.json"
    code, out, _ = run(
        ["--seat", "Anna", "--seat", "Ben", "--starter", "Anna", "--record", str(rec)],
        ["wurf 2-4-5", "heben", "wurf 2-4-5", "steht", "1-1-1 1", "wurf 1-1-1", "steht",
         "2-2-3 1"])
    assert code == 0, out
    assert json.loads(rec.read_text())["dice"] == {"source": "table"}
    r = CliRunner().invoke(main, ["replay", str(rec)])
    assert "Wurf 1: 2-4-5" in r.stdout and "nicht eingetragen" not in r.stdout
