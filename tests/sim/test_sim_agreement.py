"""The batch path against the reference engine, distribution by distribution.

The engine plays 1,500 games per preset with the pub heuristic (the slow
side; a few hundred with the risk profiles), the batch path 200,000, both
with the same bots at a fixed seed; every distribution
(:func:`schock.sim.reference.compare`) must agree at ALPHA. With about 17
distributions per comparison and eight comparisons, ALPHA = 1e-4 keeps the
chance of a false alarm for a fresh seed near 1.5 %; the power tests show
that a rule changed in one path is rejected far below it.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from schock import PRESETS, load_rules
from schock.rules import Rules
from schock.sim import SimResult, simulate
from schock.sim.reference import compare, engine_games

pytestmark = pytest.mark.slow

ALPHA = 1e-4
ENGINE_GAMES = 1500
BATCH_GAMES = 200_000
SEED = 20261122


@functools.cache
def engine(preset: str, bots: tuple[str, ...], games: int = ENGINE_GAMES) -> SimResult:
    return engine_games(preset, bots, games=games, seed=SEED)


def batch(rules: object, bots: tuple[str, ...]) -> SimResult:
    return simulate(rules, bots, games=BATCH_GAMES, seed=SEED + 1)  # type: ignore[arg-type]


def _failures(p: dict[str, float]) -> dict[str, float]:
    return {name: value for name, value in p.items() if value < ALPHA}


@pytest.mark.parametrize("preset", PRESETS)
def test_heuristic_agrees_with_the_engine(preset: str) -> None:
    bots = ("heuristic",) * 3
    p = compare(engine(preset, bots), batch(preset, bots))
    assert len(p) >= 15
    assert not _failures(p), p


@pytest.mark.parametrize(
    ("preset", "bots", "games"),
    [
        ("irmgarteich", ("cautious", "bold", "heuristic"), 800),
        ("mosel", ("bold", "cautious"), 500),
        ("mosel", ("heuristic",) * 5, 600),  # most Deckel starts: with many holders
    ],
)
def test_risk_profiles_agree_with_the_engine(
    preset: str, bots: tuple[str, ...], games: int
) -> None:
    p = compare(engine(preset, bots, games), batch(preset, bots))
    assert not _failures(p), p


@pytest.mark.parametrize(
    ("preset", "change", "caught_by"),
    [
        ("porz", {"strasse_on_hand": False}, "result_kind"),
        ("porz", {"opening": "one_die_high"}, "result_kind"),
        ("mosel", {"deckel": 12}, "deckel_per_round"),
        ("niederrhein", {"sixes_turning": False}, "result_kind"),
        (
            "ferschweiler",
            {"structure": "one_half", "final_starter": "first_half_loser"},
            "halves_per_game",
        ),
    ],
)
def test_a_rule_changed_in_one_path_is_caught(
    preset: str, change: dict[str, object], caught_by: str
) -> None:
    """The tests have power: the engine under a preset against the batch path
    under the preset with one field changed must be rejected."""
    bots = ("heuristic",) * 3
    altered = load_rules(preset).replace(**change)
    p = compare(engine(preset, bots), batch(altered, bots))
    assert p[caught_by] < ALPHA / 100, p


def test_another_bot_in_one_path_is_caught() -> None:
    p = compare(
        engine("irmgarteich", ("cautious", "bold", "heuristic"), 800),
        batch("irmgarteich", ("heuristic", "bold", "cautious")),
    )
    assert min(p.values()) < ALPHA / 100, p


# ------------------------------------------------------------------ issue 28: solver bots, house rules
def _example(name: str) -> Rules:
    from schock.rules.loader import load_example

    return load_example(name)


@pytest.mark.parametrize(
    ("rules", "bots", "games"),
    [
        ("porz", ("optimal", "heuristic"), 400),
        ("irmgarteich", ("equilibrium", "heuristic"), 250),  # blind: declared by the values
        ("mosel", ("cautious", "equilibrium"), 200),  # halves, final, most Deckel starts
    ],
)
def test_duel_bots_agree_with_the_engine(rules: str, bots: tuple[str, ...], games: int) -> None:
    p = compare(engine(rules, bots, games), batch(rules, bots))
    assert len(p) >= 15
    assert not _failures(p), p


@pytest.mark.parametrize(
    ("example", "bots", "games"),
    [
        ("mit-jule", ("heuristic",) * 3, 1000),  # jule, jule_deckel, ladder
        ("jule-unter-schock", ("bold", "heuristic", "cautious"), 600),  # jule_on_hand, ladder
        ("app-standard", ("cautious", "bold", "heuristic"), 600),  # take_back off, halves
        ("turnier-offen", ("heuristic",) * 3, 1000),  # general off, schock_aus_keeps
        ("turnier-offen", ("optimal", "bold"), 200),  # last throw shown, to a duel bot
    ],
)
def test_house_rules_agree_with_the_engine(
    example: str, bots: tuple[str, ...], games: int
) -> None:
    rules = _example(example)
    p = compare(engine_games(rules, bots, games=games, seed=SEED), batch(rules, bots))
    assert not _failures(p), p


def test_schock_aus_keeps_changed_in_one_path_is_caught() -> None:
    rules = _example("turnier-offen")
    bots = ("heuristic",) * 3
    p = compare(
        engine_games(rules, bots, games=1000, seed=SEED),
        batch(rules.replace(schock_aus_keeps=False), bots),
    )
    assert min(p.values()) < ALPHA / 100, p


def test_a_policy_file_agrees_with_the_engine(tmp_path: Path) -> None:
    """One's own table (docs/sim.md): the engine plays it move by move (TableBot)."""
    import json

    path = tmp_path / "mine.json"
    moves = {"1-1-4 1/3": "stop", "1-4-5 1/3": "keep none", "1-2-3 1/3": "keep 1", "6-6-5 1/3": "keep 1"}
    path.write_text(json.dumps({"schock_policy": 1, "name": "mine", "otherwise": "bold", "moves": moves}))
    bots = (str(path), "heuristic", "cautious")
    p = compare(engine_games("mosel", bots, games=500, seed=SEED), batch("mosel", bots))
    assert not _failures(p), p
