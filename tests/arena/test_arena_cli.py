"""`schock arena`: tables, JSON, house-rules files and the error edge (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from schock.arena import run_arena
from schock.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["arena", *args])


def test_tables() -> None:
    result = run(
        "--bot", "heuristic", "--bot", "random", "--games", "20", "--seed", "3", "--lang", "en"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "porz: 20 games, seed 3" in out
    assert "95 % CI (Wilson)" in out and "Rating (openskill PlackettLuce)" in out
    assert "the loser last" in out
    expected = run_arena("porz", ["heuristic", "random"], games=20, seed=3, jobs=1)
    for r in expected.results:
        line = next(line for line in out.splitlines() if line.strip().startswith(r.name + " "))
        assert f"{r.losses}" in line.split() and f"{100 * r.loss_rate:.1f}" in line
    assert "20 games in" in result.stderr and "games/s" in result.stderr


def test_tables_in_german_by_default() -> None:
    result = run("--bot", "heuristic", "--bot", "random", "--games", "6", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "porz: 6 Spiele, Seed 3" in out and "Verlustquote" in out
    assert "Wertung (openskill PlackettLuce)" in out and "der Verlierer des Spiels zuletzt" in out
    expected = run_arena("porz", ["heuristic", "random"], games=6, seed=3, jobs=1)
    rate = f"{100 * expected.results[0].loss_rate:.1f}".replace(".", ",")
    assert f"{rate}\xa0%" in out  # German: decimal comma, a no-break space before %


def test_json_matches_library_and_quiet() -> None:
    args = ["--bot", "random", "--bot", "heuristic", "--bot", "random", "--rules", "mosel"]
    result = run(*args, "--games", "9", "--seed", "5", "--jobs", "1", "--json", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    data = json.loads(result.stdout)
    expected = run_arena("mosel", ["random", "heuristic", "random"], games=9, seed=5, jobs=1)
    assert data == json.loads(json.dumps(expected.to_dict()))
    assert [r["name"] for r in data["results"]] == ["random#1", "heuristic", "random#2"]


def test_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "porz"\nid = "zum-becher"\nname = "Zum Becher"\neinkaufen = false\n',
        encoding="utf-8",
    )
    result = run(
        "--bot",
        "heuristic",
        "--bot",
        "random",
        "--rules",
        str(house),
        "--games",
        "4",
        "--jobs",
        "1",
    )
    assert result.exit_code == 0, result.output
    assert "zum-becher: 4 Spiele, Seed 0" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "heuristic", "--bot", "genius"], "unknown bot 'genius' (allowed: "),
        (["--bot", "heuristic"], "an arena needs 2 to 12 bots, got 1 (allowed bots: "),
        ([], "an arena needs 2 to 12 bots, got 0"),
        (["--bot", "random", "--bot", "random", "--games", "0"], "games must be a whole number"),
        (["--bot", "random", "--bot", "random", "--jobs", "0"], "jobs must be a whole number"),
        (["--bot", "random", "--bot", "random", "--rules", "nope"], "unknown rule set 'nope'"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    result = run(*args, "--lang", "en")
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_bad_rules_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "house.toml"
    bad.write_text('extends = "porz"\nopening = "coin"\n', encoding="utf-8")
    result = run("--bot", "random", "--bot", "random", "--rules", str(bad), "--lang", "en")
    assert result.exit_code == 2
    assert "house.toml: opening = 'coin': bad value; allowed: one of" in result.stderr


def test_help_names_the_options() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for option in ("--bot", "--rules", "--games", "--seed", "--jobs", "--quiet", "--json"):
        assert option in result.output
