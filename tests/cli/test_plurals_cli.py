"""Issue 27 item 6: every count the command line prints takes its plural form from one
helper (schock.i18n.plural): "1 Spiel", "2 Spiele", "1 Regel", never "1 Spiele" or "Regel(n)"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from schock.cli import main

#: Count phrases in the wrong number, or left open with "(n)", "(e)", "(s)".
WRONG = re.compile(
    r"\b1 (Spiele|Runden|Regeln|Prozesse|Spielen|games|rounds|rules|jobs)\b"
    r"|\b([02-9]|\d\d+) (Spiel|Runde|Regel|Prozess|game|round|rule|job)\b"
    r"|\w\((n|e|s|en)\)"
)


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("games", ["1", "2"])
def test_arena_and_sim_count_in_the_right_number(lang: str, games: str) -> None:
    arena = run("arena", "--games", games, "--bot", "random", "--bot", "random", "--lang", lang)
    sim = run("sim", "--games", games, "--lang", lang)
    one = {"de": "1 Spiel", "en": "1 game"}[lang]
    two = {"de": "2 Spiele", "en": "2 games"}[lang]
    assert (one if games == "1" else two) in arena and (one if games == "1" else two) in sim
    for out in (arena, sim):
        assert not WRONG.search(out), out


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_check_counts_the_changed_rules(tmp_path: Path, lang: str) -> None:
    one = tmp_path / "one.toml"
    one.write_text('extends = "porz"\nid = "one"\nname = "Eins"\ndeckel = 15\n', encoding="utf-8")
    out = run("rules", "check", str(one), "--lang", lang)
    assert ("weicht in 1 Regel von porz ab:" if lang == "de" else "differs from porz in 1 rule:") in out
    assert not WRONG.search(out)


def test_the_pattern_finds_what_it_should() -> None:
    for bad in ("1 Spiele", "2 Spiel,", "1 games", "3 round", "Regel(n)", "job(s)"):
        assert WRONG.search(bad), bad
    for good in ("1 Spiel", "2 Spiele", "1 game", "12 games", "Runde 3", "Spiel 1"):
        assert not WRONG.search(good), good
