"""Exact single-turn odds (schock.solver.odds) and `schock odds`, against hand-derived values."""

from __future__ import annotations

import functools
import itertools
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner, Result

from schock import PRESETS, load_rules
from schock.cli import main
from schock.results import Kind
from schock.rules import Rules
from schock.solver import ROW_KEYS, odds_table, probability, row_targets

F = Fraction


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def aus(e: object) -> bool:
    return getattr(e, "all_deckel", False)


def p(rules: Rules, key: str, n: int) -> Fraction:
    return probability(rules, row_targets(rules)[key], n)


def ones_only_chain(n: int, turning: bool) -> Fraction:
    """P(1-1-1 within n throws) when the player keeps every 1 and turns every pair of 6s.

    Derived by hand: only the number j of 1s on the table matters; a throw of
    m = 3 - j dice with a ones and s sixes gives j + a ones, plus one 1 for two
    sixes (two for three) while a throw is left. More 1s are never worse, so
    keeping and turning everything is the best play.
    """

    @functools.cache
    def f(j: int, left: int) -> Fraction:
        if j == 3:
            return F(1)
        if left == 0:
            return F(0)
        m = 3 - j
        total = F(0)
        for throw in itertools.product(range(1, 7), repeat=m):
            a, s = throw.count(1), throw.count(6)
            bonus = {2: 1, 3: 2}.get(s, 0) if turning and left > 1 else 0
            total += f(j + a + bonus, left - 1)
        return total / 6**m

    return f(0, n)


# ----------------------------------------------------------------- Schock Aus
@pytest.mark.parametrize("preset", ["porz", "mosel", "ferschweiler"])
def test_schock_aus_without_turning_is_each_die_a_one_within_n(preset: str) -> None:
    rules = load_rules(preset).replace(sixes_turning=False)
    for n in (1, 2, 3):
        assert probability(rules, aus, n) == (1 - F(5, 6) ** n) ** 3
    assert probability(rules, aus, 1) == F(1, 216)
    assert probability(rules, aus, 2) == F(11, 36) ** 3
    assert probability(rules, aus, 3) == F(91, 216) ** 3
    assert float(probability(rules, aus, 3)) == pytest.approx(0.074776, abs=5e-7)


@pytest.mark.parametrize("preset", ["porz", "mosel", "ferschweiler"])
def test_schock_aus_with_turning(preset: str) -> None:
    rules = load_rules(preset)
    assert rules.sixes_turning
    assert probability(rules, aus, 1) == F(1, 216)  # no throw left to turn for
    # by hand: 216 + 15*36 (two 1s) + 3*36 (1-6-6) + 72*6 (one 1) + 1*36 (6-6-6)
    # + 12*6 (6-6-x) + 112*1 (nothing), over 216**2
    assert probability(rules, aus, 2) == F(1516, 216**2) == F(379, 11664)
    for n in (1, 2, 3):
        assert probability(rules, aus, n) == ones_only_chain(n, turning=True)
        assert ones_only_chain(n, turning=False) == (1 - F(5, 6) ** n) ** 3
    assert float(probability(rules, aus, 3)) == pytest.approx(0.086164, abs=5e-7)
    assert odds_table(rules)["p_schock_aus"] == [
        float(probability(rules, aus, n)) for n in (1, 2, 3)
    ]


def test_schock_hand_is_three_ones_auf_die_hand() -> None:
    ferschweiler = load_rules("ferschweiler")
    for n in (1, 2, 3):
        assert p(ferschweiler, "schock_hand", n) == 1 - F(215, 216) ** n
    assert "schock_hand" not in odds_table(load_rules("porz"))["odds"]
    assert "schock_hand" in odds_table(ferschweiler)["odds"]


# ----------------------------------------------------------------- one throw
@pytest.mark.parametrize("preset", PRESETS)
def test_one_throw_counts(preset: str) -> None:
    rules = load_rules(preset)
    assert p(rules, "strasse", 1) == F(24, 216)
    assert p(rules, "general", 1) == F(5, 216)  # 1-1-1 is Schock Aus, not General
    for x in range(2, 7):
        assert p(rules, f"schock_{x}", 1) == F(3, 216)
    assert p(rules, "schock", 1) == F(15, 216)
    assert p(rules, "schock_aus", 1) == F(1, 216)
    # everything else: 216 - 1 (Schock Aus) - 15 (Schock) - 5 (General) - 24 (Straße)
    assert p(rules, "einfach", 1) == F(171, 216)


# ----------------------------------------------------------------- auf die Hand only
@pytest.mark.parametrize("preset", ["porz", "mosel", "niederrhein", "ferschweiler"])
@pytest.mark.parametrize("turning", [True, False])
def test_strasse_and_general_auf_die_hand_mean_throwing_all_three(
    preset: str, turning: bool
) -> None:
    rules = load_rules(preset).replace(sixes_turning=turning)
    assert rules.strasse_on_hand and rules.general_on_hand
    for n in (1, 2, 3):
        assert p(rules, "strasse", n) == 1 - F(8, 9) ** n
        assert p(rules, "general", n) == 1 - F(211, 216) ** n


def test_composed_strasse_and_general_count_under_irmgarteich() -> None:
    irm, mosel = load_rules("irmgarteich"), load_rules("mosel")
    for key in ("strasse", "general"):
        assert p(irm, key, 1) == p(mosel, key, 1)
        for n in (2, 3):
            assert p(irm, key, n) > p(mosel, key, n)


# ----------------------------------------------------------------- Schock x
def test_schock_x_in_two_throws_keeping_ones_without_turning() -> None:
    rules = load_rules("porz").replace(sixes_turning=False)
    # by hand, after the first throw (ordered, of 216): 1-1-1 keeps two 1s (1/6);
    # 1-1-x wins (3); 1-1-y, y not 1 or x, throws one die (12 * 1/6);
    # one 1 throws two dice for {1, x} (75 * 2/36); no 1 throws three (125 * 3/216)
    expected = (F(1, 6) + 3 + F(12, 6) + 75 * F(2, 36) + 125 * F(3, 216)) / 216
    for x in range(2, 7):
        assert p(rules, f"schock_{x}", 2) == expected


@pytest.mark.parametrize(
    "rules",
    [
        load_rules("porz"),
        load_rules("porz").replace(sixes_turning=False),
        load_rules("mosel").replace(sixes_turning=False),
    ],
    ids=["porz", "porz-no-turning", "mosel-no-turning"],
)
def test_schock_values_are_symmetric_where_the_x_die_is_never_a_kept_six(rules: Rules) -> None:
    # only 1s are kept (porz), or every face but 1 plays the same part (no turning)
    for n in (1, 2, 3):
        assert len({p(rules, f"schock_{x}", n) for x in range(2, 7)}) == 1


def test_schock_6_suffers_from_turning_under_any() -> None:
    # with any dice set aside, a leftover 6 after turning may not be kept
    mosel = load_rules("mosel")
    for n in (2, 3):
        assert p(mosel, "schock_6", n) < p(mosel, "schock_5", n)
    # keeping any die helps Schock x over keeping only 1s
    assert p(mosel, "schock_5", 2) > p(load_rules("porz"), "schock_5", 2)


# ----------------------------------------------------------------- the table
@pytest.mark.parametrize("preset", PRESETS)
def test_table_is_probabilities_non_decreasing_in_n(preset: str) -> None:
    rules = load_rules(preset)
    table = odds_table(rules)
    assert table["rules"] == preset
    assert table["throws"] == [1, 2, 3]
    assert list(table["odds"]) == [k for k in ROW_KEYS if k != "schock_hand" or rules.schock_hand]
    for key, ps in table["odds"].items():
        assert len(ps) == 3
        assert all(0 < q <= 1 for q in ps), key
        assert ps == sorted(ps), key
    assert table["p_schock_aus"] == table["odds"]["schock_aus"]


def test_probability_checks_the_throw_count() -> None:
    porz = load_rules("porz")
    with pytest.raises(ValueError):
        probability(porz, aus, 0)
    with pytest.raises(ValueError):
        probability(porz, aus, 4)
    assert probability(porz.replace(max_throws=4), aus, 4) > probability(porz, aus, 3)


def test_an_impossible_target_has_chance_zero() -> None:
    assert probability(load_rules("porz"), lambda e: e.kind is Kind.SCHOCK_HAND, 3) == 0


# ----------------------------------------------------------------- CLI
def test_cli_text_table_in_german() -> None:
    result = run("odds")
    assert result.exit_code == 0, result.output
    out = result.output
    for heading in ("in 1 Wurf", "in 2 Würfen", "in 3 Würfen"):
        assert heading in out
    for label in ("Schock Aus", "Schock 6", "Schock 3", "Schock doof", "General", "Straße"):
        assert label in out
    assert "einfacher Wurf" in out
    assert "Schock Hand" not in out  # porz has none
    aus_line = next(line for line in out.splitlines() if "Schock Aus" in line)
    assert aus_line.split()[-6:] == ["0,46", "%", "3,25", "%", "8,62", "%"]
    straße = next(line for line in out.splitlines() if "Straße" in line)
    assert "11,11\xa0%" in straße  # German: a no-break space before %


def test_cli_english_and_schock_hand() -> None:
    result = run("odds", "--rules", "ferschweiler", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "within 3 throws" in result.output
    hand = next(line for line in result.output.splitlines() if "Schock Hand" in line)
    assert "1.38%" in hand


def test_cli_json_parses() -> None:
    result = run("odds", "--rules", "mosel", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rules"] == "mosel"
    assert data["p_schock_aus"] == pytest.approx([1 / 216, 1516 / 216**2, 0.086164], abs=5e-7)
    assert data["odds"]["strasse"][0] == pytest.approx(24 / 216)


def test_cli_bad_rules_is_a_clean_error() -> None:
    result = run("odds", "--rules", "skat", "--lang", "en")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "unknown rule set 'skat'" in result.stderr
    assert "Traceback" not in result.stderr
