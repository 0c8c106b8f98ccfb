"""`schock hint`: the best choice after a throw and the worth of every choice."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from schock.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["hint", *args])


def test_hint_prints_choices_best_first_in_german() -> None:
    r = run("1-6-6 1/*", "--after", "2")
    assert r.exit_code == 0, r.output
    lines = [line for line in r.output.splitlines() if "→" in line and "Würfel" in line]
    assert "Sechsen drehen" in lines[0]
    assert "Am besten: Sechsen drehen (6-6 → 1), 1-1 liegen lassen, 1 Würfel werfen" in r.output


def test_hint_json_against_a_known_last_player_case() -> None:
    r = run("2-4-6 2/3", "--before", "6-6-5/3", "--json", "--rules", "porz")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["after"] == 0
    moves = [(c["move"], round(c["p_not_lose"] * 216, 6)) for c in data["choices"]]
    assert moves == [("throw 3 dice", 45.0), ("stop", 0.0)]


def test_hint_with_covered_results_and_deckel() -> None:
    r = run(
        "1+2-5 2/3",
        "--before",
        "1-1-4/2",
        "--before",
        "1-?-?/3",
        "--stock",
        "3",
        "--objective",
        "deckel",
        "--lang",
        "en",
        "--json",
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["objective"] == "deckel"
    assert all(c["expected_deckel"] <= 3 for c in data["choices"])  # the Stock holds 3
    values = [c["value"] for c in data["choices"]]
    assert values == sorted(values, reverse=True)


def test_hint_english_text() -> None:
    r = run("1-1-6 1/3", "--after", "1", "--lang", "en")
    assert r.exit_code == 0, r.output
    assert "Best: stop" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1-1-4-2 1/3"], "3 dice, got 4"),
        (["1-1-7 1/3"], "7"),
        (["1-1-4 4/3"], "throws used must be 1 to 3"),
        (["1-1-4 1/4"], "limit is 1 to 3"),
        (["5+1-4 2/3"], "keeps only 1s"),
        (["1-1-4 1/3", "--before", "1-?/3"], "a result has 3 dice"),
        (["1-1-4 1/3", "--before", "1-?-?"], "throw count"),
        (["1-1-4 1/3", "--rules", "nowhere"], "nowhere"),
    ],
)
def test_hint_refuses_bad_or_impossible_states(args: list[str], message: str) -> None:
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_hint_needs_another_player() -> None:
    r = run("1-1-4 1/3", "--after", "0")
    assert r.exit_code == 2
    assert "at least one other player" in r.output
