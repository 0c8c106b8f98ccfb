"""Issue 17 item 2: a covered result its player chose to stop on is conditioned on that choice."""

from __future__ import annotations

from collections import defaultdict

import pytest

from schock import load_rules
from schock.engine import Game
from schock.errors import InvalidInputError
from schock.results import Kind, evaluation_table
from schock.solver.hints import hints, situation
from schock.solver.turn import Result, Table, grade, parse_state, solve, stopped_result


def _kinds(rules_id: str, r: Result) -> dict[str, float]:
    rules = load_rules(rules_id)
    by_grade: dict[int, Kind] = {}
    for e in evaluation_table(rules).values():
        for throws in range(1, 4):
            by_grade[grade(rules, e, throws)] = e.kind
    out: dict[str, float] = defaultdict(float)
    for g, p in zip(r.grades, r.probs, strict=True):
        kind = by_grade[g]
        out["schock" if kind is Kind.SCHOCK_AUS else kind.value] += p
    return dict(out)


def _middle_seat_game() -> Game:
    """Mosel, three seats: A keeps 6-6 and stays covered on his third throw,
    B throws all three dice again and stops covered after throw 2, C has 6-6-5."""
    g = Game(load_rules("mosel"), seats=["A", "B", "C"], starter=0)
    g.throw([6, 6, 2])
    g.throw([2, 3, 5])
    g.throw([6, 6, 5])
    g.lift()
    g.set_aside([6, 6])
    g.throw([3])
    g.throw([4])
    g.stop()
    g.throw([1, 2, 3])
    g.stop()
    return g


def test_the_stopped_middle_seat_is_not_uniform_dice() -> None:
    g = _middle_seat_game()
    sit = situation(g.view(2))
    first, middle = sit.table.before
    uniform = Result.parse(load_rules("mosel"), "?-?-?/2")
    assert _kinds("mosel", uniform)["einfach"] == pytest.approx(0.79, abs=0.01)
    kinds = _kinds("mosel", middle)
    assert kinds["einfach"] == pytest.approx(0.167, abs=0.001)
    assert kinds["strasse"] == pytest.approx(0.444, abs=0.001)
    assert kinds["schock"] == pytest.approx(0.296, abs=0.001)  # Schock 0.278, Aus 0.019
    # the first player's covered third throw had no choice after it: uniform
    assert first == Result.parse(load_rules("mosel"), "6-6-?/3")


def test_hint_against_a_stopped_covered_result() -> None:
    best = hints(_middle_seat_game().view(2))[0]
    assert best.describe("en") == "stop"
    assert round(best.value, 3) == 0.861  # 0.965 against uniform dice
    mosel = load_rules("mosel")
    uniform = Table(before=(Result.parse(mosel, "6-6-?/3"), Result.parse(mosel, "?-?-?/2")))
    stop = solve(mosel, parse_state("6-6-5 1/3"), uniform)[0]
    assert round(stop.value, 3) == 0.965


def test_stopped_refuses_what_cannot_be() -> None:
    mosel = load_rules("mosel")
    t = Table(after=1)
    with pytest.raises(InvalidInputError, match="before the round's limit"):
        stopped_result(mosel, t, 3, (), (), 3, 3)
    with pytest.raises(InvalidInputError, match="3 dice"):
        stopped_result(mosel, t, 3, (1,), (), 3, 2)
