"""Issue 14: the command line speaks German first (and English with --lang en)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from schock.cli import main
from schock.messages import INPUT_CATALOG, LANGS, placeholders

SRC = Path(__file__).resolve().parents[2] / "src" / "schock"
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in SRC.rglob("*.py"))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stderr


def test_every_input_message_has_german_and_english() -> None:
    assert set(INPUT_CATALOG) == set(LANGS)
    assert set(INPUT_CATALOG["de"]) == set(INPUT_CATALOG["en"])
    for key, en in INPUT_CATALOG["en"].items():
        de = INPUT_CATALOG["de"][key]
        assert placeholders(de) == placeholders(en), key
        # a frame only ("{where}: {reason}"), or game words the same in both languages
        if key not in ("input.where", "tw.schock_aus", "sim.sweep_value", "rec.at"):
            assert de != en, key
        assert f'"{key}"' in SOURCE, f"{key} is never raised"


@pytest.mark.parametrize(
    ("args", "de", "en"),
    [
        (
            ["rules", "show", "nope"],
            "unbekannter Regelsatz 'nope'; erlaubt: ein Preset",
            "unknown rule set 'nope'; allowed: a preset",
        ),
        (["odds", "--rules", "nope"], "unbekannter Regelsatz", "unknown rule set"),
        (
            ["play", "--bot", "genius"],
            "unbekannter Bot 'genius' (erlaubt: ",
            "unknown bot 'genius' (allowed: ",
        ),
        (["play", "--seat", "=random"], "Ein Platz braucht einen Namen", "a seat needs a name"),
        (["replay", "--example", "nope"], "unbekanntes Beispiel 'nope'", "unknown example 'nope'"),
        (["rules", "check", "/nowhere/h.toml"], "keine solche Regeldatei", "no such rules file"),
        (["arena", "--bot", "genius", "--bot", "random"], "unbekannter Bot", "unknown bot"),
        (["arena", "--bot", "random"], "Eine Arena braucht 2 bis", "an arena needs 2 to"),
        (["replay", "/nowhere/x.json"], "Datei nicht gefunden", "no such file"),
        (["play", "--resume", "/nowhere/x.json"], "Datei nicht gefunden", "no such file"),
        (
            ["arena", "--bot", "random", "--bot", "random", "--rules", "nope"],
            "unbekannter Regelsatz",
            "unknown rule set",
        ),
    ],
)
def test_cli_errors_are_german_by_default_and_english_with_lang_en(
    args: list[str], de: str, en: str
) -> None:
    code, err = run(*args)
    assert code == 2 and err.startswith("Fehler: ") and de in err, err
    assert len(err.strip().splitlines()) == 1
    code, err = run(*args, "--lang", "en")
    assert code == 2 and en in err, err


def test_a_bad_rules_file_is_reported_in_german(tmp_path: Path) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text('extends = "porz"\nopening = "coin"\ndeckel = 0\n', encoding="utf-8")
    code, err = run("rules", "check", str(bad))
    assert code == 2
    assert "ungültiger Wert; erlaubt: " in err, err


def test_arena_ends_in_german_with_decimal_commas() -> None:
    result = CliRunner().invoke(
        main, ["arena", "--bot", "heuristic", "--bot", "random", "--games", "4", "--jobs", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "4 Spiele in " in result.stderr and "Spiele/s" in result.stderr, result.stderr
    assert " games" not in result.stderr
    rating = result.stdout.split("Wertung")[1]
    assert "," in rating and not any(c.isdigit() and "." in w for w in rating.split() for c in w)
    english = CliRunner().invoke(
        main,
        [
            "arena",
            "--bot",
            "heuristic",
            "--bot",
            "random",
            "--games",
            "4",
            "--jobs",
            "1",
            "--lang",
            "en",
        ],
    )
    assert "4 games in " in english.stderr


def test_the_resume_hint_is_a_command_that_works(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import shlex
    import shutil
    import sys
    from typing import Any

    from textual.app import App

    from schock.tui.app import PlayResult, SchockApp

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [".venv/bin/schock", "play"])
    monkeypatch.setattr(shutil, "which", lambda name: None)

    async def autopilot(pilot: Any) -> None:
        await pilot.press("space")
        await pilot.press("q", "s", "enter")

    def headless_run(self: SchockApp) -> PlayResult | None:
        return App.run(self, headless=True, auto_pilot=autopilot)

    monkeypatch.setattr(SchockApp, "run", headless_run)
    monkeypatch.setattr("schock.cli.play.need_terminal", lambda: None)
    result = CliRunner().invoke(main, ["play", "--seat", "Anna", "--bot", "random"])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("Weiterspielen mit: "))
    argv = shlex.split(line.removeprefix("Weiterspielen mit: "))
    assert argv[0] == ".venv/bin/schock" and "--seat" not in argv, argv
    seen: list[Any] = []

    def capture(self: SchockApp) -> PlayResult:
        seen.append(self.session)
        return PlayResult(saved=None, over=False, loser=None)

    monkeypatch.setattr(SchockApp, "run", capture)
    again = CliRunner().invoke(main, argv[1:])
    assert again.exit_code == 0, again.output
    assert [(p.name, p.bot) for p in seen[0].players] == [("Anna", None), ("Uschi", "random")]


def test_the_striche_of_the_evening_are_printed_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    from schock.tui.app import PlayResult, SchockApp

    def evening(self: SchockApp) -> PlayResult:
        return PlayResult(saved=None, over=True, loser="Ben", tally=(("Anna", 1), ("Ben", 2)))

    monkeypatch.setattr(SchockApp, "run", evening)
    monkeypatch.setattr("schock.cli.play.need_terminal", lambda: None)
    result = CliRunner().invoke(main, ["play", "--seat", "Anna", "--seat", "Ben"])
    assert result.exit_code == 0, result.output
    assert "Striche des Abends: Anna 1, Ben 2" in result.output


def test_the_browser_rules_box_shows_values_in_words_too() -> None:
    from schock import load_rules
    from schock.web.messages import rules_rows

    rows = dict(rules_rows(load_rules("porz"), "de"))
    assert rows["Herauslegen"] == "nur Einsen" and rows["Spielaufbau"] == "eine Hälfte"
    assert rows["Einkaufen"] in ("ja", "nein")
    assert dict(rules_rows(load_rules("porz"), "en"))[
        "which dice may be set aside between throws"
    ] == ("only 1s")
