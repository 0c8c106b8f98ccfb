"""`schock hint`: the best choice after a throw and the worth of every choice."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

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
        "1-1-4/3",
        "--before",
        "1-?-?/2",
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
    r = run(*args, "--lang", "en")
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_hint_needs_another_player() -> None:
    r = run("1-1-4 1/3", "--after", "0", "--lang", "en")
    assert r.exit_code == 2
    assert "at least one other player" in r.output
    r = run("1-1-4 1/3", "--after", "0")
    assert r.exit_code == 2
    assert "mindestens einen weiteren Spieler" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1-1-4-2 1/3"], "Ein Zug hat 3 Würfel, nicht 4"),
        (["1-1-7 1/3"], "ungültiger Würfel '7' (erlaubt: 1 bis 6) in '1-1-7' an Stelle 4"),
        (["1--4 1/3"], "ungültiger Würfel eine leere Stelle"),
        (["1-1-4 4/3"], "Die Zahl der Würfe muss 1 bis 3 sein"),
        (["1-1-4 1/4"], "Die Wurfgrenze der Runde ist unter porz 1 bis 3, nicht 4"),
        (["5+1-4 2/3"], "nur Einsen auf dem Tisch"),
        (["1-1+4 1/3"], "Vor dem ersten Wurf kann nichts behalten sein"),
        (["1-1-4 x"], "ungültige Wurfzahl 'x'"),
        (["1-1-1+ 2/3"], "mindestens ein Würfel geworfen"),
        (["1-1-4"], "erwartet: '[BEHALTEN+]GEWORFEN WÜRFE/GRENZE'"),
        (["1-1-4 1/3", "--before", "1-?/3"], "Ein Ergebnis hat 3 Würfel"),
        (["1-1-4 1/3", "--before", "1-?-?"], "braucht seine Wurfzahl"),
        (["1-1-4 1/3", "--before", "1-1-4/x"], "ungültige Wurfzahl 'x' (erlaubt: 1 bis 9)"),
        (["1+2-5 2/3", "--before", "1-1-4/2"], "also ist die Grenze 2, nicht 3"),
        (["1+2-5 2/*", "--before", "1-1-4/2", "--before", "2-2-2/3"], "hat 3 Würfe gebraucht"),
        (["1+2-5 2/3", "--before", "1-1-4/4"], "braucht unter porz 1 bis 3 Würfe, nicht 4"),
    ],
)
def test_hint_refuses_bad_input_in_german_by_default(args: list[str], message: str) -> None:
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.output, r.output
    assert "Traceback" not in r.output


# ------------------------------------------------------------------ issue 15: the round's limit
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["1+2-5 2/3", "--before", "1-1-4/2", "--before", "1-?-?/3"],
            r"first player stopped after 2 throw\(s\) \(1-1-4/2\), so the limit is 2, not 3",
        ),
        (["2-3-5 1/3", "--before", "6-6-5/1"], r"so the limit is 1, not 3"),
        (["1+2-5 2/3", "--before", "1-1-4/4"], r"a result takes 1 to 3 throws under porz, got 4"),
        (
            ["2-3-5 1/2", "--before", "6-6-5/2", "--before", "6-6-5/3"],
            r"6-6-5/3 took 3 throws, but the round's first player set the limit to 2",
        ),
        (
            ["2-3-5 1/2", "--before", "6-6-5/2", "--before", "1-?-?/3"],
            r"1-\?-\?/3 took 3 throws",
        ),
    ],
)
def test_hint_refuses_a_round_that_cannot_happen(args: list[str], message: str) -> None:
    r = run(*args, "--lang", "en")
    assert r.exit_code == 2, r.output
    assert re.search(message, r.stderr), r.stderr
    assert "Traceback" not in r.output


def test_hint_takes_the_limit_from_the_first_player() -> None:
    r = run("2-3-5 1/*", "--before", "6-6-5/1", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["state"] == "2-3-5 1/1"
    assert [c["move"] for c in data["choices"]] == ["stop"]


def _examples(text: str) -> list[list[str]]:
    return [
        shlex.split(line.split("#")[0])[2:]
        for line in text.splitlines()
        if line.strip().startswith("schock hint ")
    ]


def test_readme_and_help_examples_are_true() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    help_text = run("--help").output
    examples = _examples(readme) + _examples(help_text)
    assert len(examples) >= 4
    for args in examples:
        r = run(*args)
        assert r.exit_code == 0, (args, r.output)


def test_hint_half_objective_values_the_half() -> None:
    """Issue 27 item 4: --objective half takes the Deckel situation and weighs every
    choice by the chance not to lose the half (the exact two-player tables)."""
    from schock import load_rules
    from schock.solver.half import duel_half

    r = run("1-2-5 1/3", "--before", "1-1-4/3", "--objective", "half",
            "--stock", "0", "--deckel", "6", "--json")
    assert r.exit_code == 0, r.output
    choices = json.loads(r.output)["choices"]
    values = [c["value"] for c in choices]
    assert values == sorted(values, reverse=True) and all(0 < v < 1 for v in values)
    # Stopping on 521 against Schock 4 loses the round for sure: 4 Deckel come from
    # the other player (the Stock is empty), 10 against 3, and the loser starts.
    stop = next(c for c in choices if c["stop"])
    assert stop["p_not_lose"] == 0.0
    assert stop["value"] == pytest.approx(
        duel_half(load_rules("porz")).value(0, 10, 3, first=True), abs=1e-12
    )
    assert choices[0]["move"] == "keep 1, throw 2 dice"

    shown = run("1-1-5 1/*", "--objective", "half", "--stock", "5", "--deckel", "6")
    assert shown.exit_code == 0, shown.output
    assert "Hälfte nicht verlieren" in shown.output and "Am besten: " in shown.output


@pytest.mark.parametrize(
    ("args", "de", "en"),
    [
        ([], "braucht den Deckelstand", "needs the Deckel situation"),
        (["--stock", "9", "--deckel", "6"], "mehr als die 13 Deckel", "more than the 13 Deckel"),
        (["--after", "2", "--stock", "1"], "nicht für 3 Spieler", "got 3 players"),
        (["--stock", "1", "--blind", "--before", "1-1-4/1"], "nichts zu wählen",
         "nothing to choose"),
    ],
)
def test_hint_half_objective_refusals(args: list[str], de: str, en: str) -> None:
    state = "1-1-5 1/1" if "--blind" in args else "1-1-5 1/*"
    for lang, text in (("de", de), ("en", en)):
        r = run(state, "--objective", "half", *args, "--lang", lang)
        assert r.exit_code == 2, r.output
        assert text in r.output and "Traceback" not in r.output
