"""``schock play``: its options and the errors before the screen opens."""

from __future__ import annotations

import importlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.app import App
from tui_helpers import next_key

from schock.cli import main
from schock.engine.dice_sources import SeededDice
from schock.engine.record import loads
from schock.examples import example_text
from schock.tui.app import PlayResult, SchockApp
from schock.tui.session import Session

play_module = importlib.import_module("schock.cli.play")  # schock.cli.play is also the command


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Capture what ``schock play`` would open instead of opening it."""
    calls: list[dict[str, Any]] = []

    def fake(session: Session, *, lang: str, delay: float, save_path: Path) -> None:
        calls.append({"session": session, "lang": lang, "delay": delay, "save_path": save_path})

    monkeypatch.setattr(play_module, "run_app", fake)
    return calls


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, ["play", *args])


def test_help_lists_the_options_and_the_bots() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    for word in ("--rules", "--seat", "--bot", "--seed", "--lang", "--resume", "NAME[=BOT]"):
        assert word in result.output
    assert "heuristic" in result.output and "random" in result.output


def test_default_is_you_against_two_bots(runs: list[dict[str, Any]]) -> None:
    result = invoke("--seed", "3")
    assert result.exit_code == 0, result.output
    s = runs[0]["session"]
    # bots sit under people's names, their kind kept apart (issue 14)
    assert [(p.name, p.bot) for p in s.players] == [
        ("Du", None),
        ("Uschi", "heuristic"),
        ("Jupp", "heuristic"),
    ]
    assert s.humans == (0,) and s.game.rules.id == "porz"
    # the dice are those of seed 3, but a record keeps only the dice thrown, never the seed
    assert s.game.dice.roll(3) == SeededDice(3).roll(3)
    assert s.game.dice.describe() == {"source": "scripted", "values": list(SeededDice(3).roll(3))}
    assert runs[0]["lang"] == "de" and runs[0]["delay"] == 0.6
    assert runs[0]["save_path"].name.startswith("schock-porz-")


def test_seats_and_bots_in_order(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "mosel"\nid = "haus"\ndeckel = 5\n', encoding="utf-8")
    seats = ["--seat", "Anna", "--seat", "Ben=random", "--bot", "random"]
    result = invoke("--rules", str(house), *seats, "--lang", "en", "--delay", "0")
    assert result.exit_code == 0, result.output
    s = runs[0]["session"]
    seats = [(p.name, p.bot) for p in s.players]
    assert seats == [("Anna", None), ("Ben", "random"), ("Uschi", "random")]
    assert s.game.rules.id == "haus" and s.game.rules.deckel == 5
    assert runs[0]["lang"] == "en"


def test_only_bots_gives_you_a_seat(runs: list[dict[str, Any]]) -> None:
    assert invoke("--bot", "random", "--lang", "en").exit_code == 0
    assert [p.name for p in runs[0]["session"].players] == ["You", "Uschi"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "genius"], "--bot: unknown bot 'genius' (allowed: "),
        (["--seat", "Ben=genius"], "unknown bot 'genius'"),
        (["--seat", "=random"], "a seat needs a name"),
        (["--seat", "Anna"], "needs 2 to 12 seats, got 1"),
        (["--seat", "Anna", "--seat", "Anna"], "seat names must differ"),
        (["--rules", "skat"], "unknown rule set 'skat'"),
        (["--rules", "nowhere.toml"], "no such rules file"),
    ],
)
def test_bad_setup_exits_with_2(runs: list[dict[str, Any]], args: list[str], message: str) -> None:
    result = invoke(*args, "--lang", "en")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not runs


def test_bad_option_values_exit_with_2() -> None:
    assert invoke("--lang", "fr").exit_code == 2
    assert invoke("--seed", "x").exit_code == 2
    assert invoke("--delay", "-1").exit_code == 2


def test_resume_continues_a_record(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    file = tmp_path / "porz.json"
    data = json.loads(example_text("porz"))
    data["actions"] = data["actions"][:40]
    del data["result"]
    file.write_text(json.dumps(data), encoding="utf-8")
    names = [s["name"] for s in data["seats"]]
    result = invoke("--resume", str(file), "--seat", f"{names[1]}=random")
    assert result.exit_code == 0, result.output
    s = runs[0]["session"]
    assert len(s.game.actions) == 40
    assert [p.bot for p in s.players] == [None, "random", *[None] * (len(names) - 2)]
    assert runs[0]["save_path"] == file


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        (b"\xff\xfe", "not UTF-8 text"),
        (b"{not json", "not a game record: not valid JSON"),
        (b'{"format": "chess"}', "not a game record: format"),
    ],
)
def test_unreadable_resume_file(
    runs: list[dict[str, Any]], tmp_path: Path, content: bytes | None, message: str
) -> None:
    file = tmp_path / "game.json"
    if content is not None:
        file.write_bytes(content)
    result = invoke("--resume", str(file), "--lang", "en")
    assert result.exit_code == 2
    assert f"--resume {file}: {message}" in result.output
    assert not runs


def test_resume_a_directory_or_table_dice(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    assert invoke("--resume", str(tmp_path)).exit_code == 2
    data = json.loads(example_text("porz"))
    data["dice"] = {"source": "table"}
    data["actions"], data["result"] = [], None
    del data["result"]
    file = tmp_path / "table.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("--resume", str(file), "--lang", "en")
    assert result.exit_code == 2 and "real table" in result.output


def test_resume_record_that_does_not_replay(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    data = json.loads(example_text("porz"))
    data["actions"] = ["0 stop"]
    del data["result"]
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("--resume", str(file))
    assert result.exit_code == 2 and "actions[0]" in result.output


def test_resume_option_errors(runs: list[dict[str, Any]], tmp_path: Path) -> None:
    file = tmp_path / "porz.json"
    file.write_text(example_text("porz"), encoding="utf-8")
    result = invoke("--resume", str(file), "--rules", "mosel", "--seed", "0")
    assert result.exit_code == 2
    assert "--rules, --seed geht nicht mit --resume" in result.output
    result = invoke("--resume", str(file), "--seat", "Nobody", "--lang", "en")
    assert result.exit_code == 2 and "the record has no seat 'Nobody'" in result.output
    result = invoke("--resume", str(file), "--seat", "X=genius", "--lang", "en")
    assert result.exit_code == 2 and "unknown bot 'genius'" in result.output


def test_the_real_app_runs_and_says_where_it_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``schock play`` opens the app (headless here), plays, saves on quitting."""
    monkeypatch.chdir(tmp_path)

    async def autopilot(pilot: Any) -> None:
        app = pilot.app
        for _ in range(4):
            await pilot.press(next_key(app.session))
        await pilot.press("q", "s", "enter")

    def headless_run(self: SchockApp) -> PlayResult | None:
        return App.run(self, headless=True, auto_pilot=autopilot)

    monkeypatch.setattr(SchockApp, "run", headless_run)
    monkeypatch.setattr("schock.cli.play.need_terminal", lambda: None)
    # installed as the README says: the script is .venv/bin/schock, not on PATH
    monkeypatch.setattr(sys, "argv", [".venv/bin/schock", "play"])
    monkeypatch.setattr(shutil, "which", lambda name: None)
    result = invoke("--seed", "1", "--seat", "Anna", "--seat", "Ben", "--lang", "en")
    assert result.exit_code == 0, result.output
    saved = next(tmp_path.glob("schock-porz-*.json"))
    assert f"Game record saved: {saved.name}" in result.output
    assert (
        f"Continue with: .venv/bin/schock play --resume {saved.name} --lang en\n" in result.output
    )
    record = loads(saved.read_text(encoding="utf-8"))
    assert len(record.actions) >= 4


def test_the_loser_is_named_after_a_finished_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def finished(self: SchockApp) -> PlayResult:
        return PlayResult(saved=Path("g.json"), over=True, loser="Ben")

    monkeypatch.setattr(SchockApp, "run", finished)
    monkeypatch.setattr("schock.cli.play.need_terminal", lambda: None)
    result = invoke("--seat", "Anna", "--seat", "Ben")
    assert result.exit_code == 0
    assert "Ben hat das Spiel verloren." in result.output
    assert "Spielprotokoll gespeichert: g.json" in result.output
    assert "Weiterspielen" not in result.output


def test_resume_file_that_cannot_be_read(
    runs: list[dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "locked.json"
    file.write_text("{}", encoding="utf-8")

    def denied(self: Path, *args: Any, **kwargs: Any) -> str:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_text", denied)
    result = invoke("--resume", str(file), "--lang", "en")
    assert result.exit_code == 2
    assert f"--resume {file}: cannot read: Permission denied" in result.output
