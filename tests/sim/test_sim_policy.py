"""One's own policy in the batch path: a table file (docs/sim.md) or a function."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from schock import load_rules
from schock.errors import InvalidInputError
from schock.sim import simulate
from schock.sim.policy import Policy, TableBot, engine_bot
from schock.sim.reference import engine_games
from schock.sim.tables import heuristic_move

PORZ = load_rules("porz")


def _file(tmp_path: Path, data: Any, name: str = "p.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return str(path)


def _policy(moves: dict[str, str], otherwise: str = "stop") -> dict[str, Any]:
    return {"schock_policy": 1, "name": "mine", "otherwise": otherwise, "moves": moves}


def test_a_function_plays_as_the_bot_it_copies() -> None:
    """The heuristic written as a function gives the heuristic's very games."""
    fn = Policy.from_function("heuristic-fn", lambda k, t, u, c: heuristic_move(PORZ, k, t, u, c))
    a = simulate(PORZ, [fn, fn, fn], games=2000, seed=4)
    b = simulate(PORZ, ["heuristic"] * 3, games=2000, seed=4)
    assert (a.rows == b.rows).all() and (a.kinds == b.kinds).all()
    assert a.bots == ("heuristic-fn",) * 3


def test_a_file_with_a_fallback_plays_its_moves_and_the_fallback(tmp_path: Path) -> None:
    empty = _file(tmp_path, _policy({}, otherwise="heuristic"), "empty.json")
    same = simulate(PORZ, [empty, "bold"], games=1000, seed=2)
    assert (same.rows == simulate(PORZ, ["heuristic", "bold"], games=1000, seed=2).rows).all()
    # stopping on 1-1-4 at once, throwing a single 1 back: a different bot
    greedy = _file(tmp_path, _policy({"1-1-4 1/3": "stop", "1-4-5 1/3": "keep none"}, "heuristic"))
    other = simulate(PORZ, [greedy, "bold"], games=1000, seed=2)
    assert not (other.rows == same.rows).all()
    assert other.bots[0] == greedy


def test_the_engine_plays_a_policy_move_by_move(tmp_path: Path) -> None:
    path = _file(tmp_path, _policy({"6-6-2 1/3": "keep 1", "1+1-4 2/3": "keep 1-1"}, "cautious"))
    bot = engine_bot(path)
    assert isinstance(bot, TableBot) and bot.name == "mine"
    r = engine_games(PORZ, [path, "heuristic"], games=20, seed=1)
    assert r.games == 20 and r.bots == (path, "heuristic")  # a file goes by its path
    assert engine_bot("heuristic").name == "heuristic"


def test_a_move_the_rules_forbid_is_refused_naming_the_rule() -> None:
    keep_five = Policy.from_function("fives", lambda k, t, u, c: (5,) if 5 in t else None)
    with pytest.raises(InvalidInputError, match=r"'keep 5' at '.*' is not allowed under porz"):
        simulate(PORZ, [keep_five, "heuristic"], games=10)
    mosel = load_rules("mosel")
    assert simulate(mosel, [keep_five, "heuristic"], games=10, seed=1).games == 10


@pytest.mark.parametrize(
    ("data", "match", "german"),
    [
        ("[1, 2", "is not JSON", "ist kein JSON"),
        ([], "a policy is a JSON object", "ist ein JSON-Objekt"),
        ({"schock_policy": 2, "name": "x"}, "must be 1", "muss 1 sein"),
        ({"schock_policy": 1, "name": "x", "extra": 1}, "unknown keys 'extra'", "unbekannte"),
        ({"schock_policy": 1, "name": ""}, "'name' must be a text", "'name' muss"),
        ({"schock_policy": 1, "name": "x", "otherwise": "optimal"}, "'otherwise' = 'optimal'", "erlaubt"),
        ({"schock_policy": 1, "name": "x", "moves": []}, "'moves' must be an object", "muss ein Objekt"),
        (_policy({"1-1-7 1/3": "stop"}), "state '1-1-7 1/3'", "Zugstand"),
        (_policy({"1-1-4 1/*": "stop"}), "give the cap as a number", "Wurfgrenze"),
        (_policy({"1+1-4 1/3": "stop"}), "cannot occur", "kommt nicht vor"),
        (_policy({"1-1-4 1/3": "hold"}), "allowed: 'stop', 'keep none'", "erlaubt: 'stop'"),
        (_policy({"1-1-4 3/3": "keep 1"}), "no throw is left", "kein Wurf mehr"),
        (_policy({"1-1-4 1/3": "keep 6"}), "keep some of 1-1-4", "keep aus 1-1-4"),
        (_policy({"1-1-4 1/3": "keep x"}), "keep some of 1-1-4", "keep aus 1-1-4"),
    ],
)
def test_a_bad_policy_file_is_refused_in_both_languages(
    tmp_path: Path, data: Any, match: str, german: str
) -> None:
    with pytest.raises(InvalidInputError, match=match) as info:
        Policy.load(_file(tmp_path, data))
    assert german in info.value.localized("de")


def test_an_unreadable_policy_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="cannot read policy file"):
        Policy.load(tmp_path / "nope.json")
    with pytest.raises(InvalidInputError, match="a function move"):
        Policy.from_function("x", 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="a seat's bot is a name or a"):
        simulate(PORZ, [3.5, "heuristic"], games=10)


def test_a_numba_function_plays_as_its_python_source() -> None:
    """A numba-compiled policy gets the dice as arrays and may answer with one."""
    import numpy as np
    from numba import njit

    def keep_ones(kept: Any, thrown: Any, used: int, cap: int) -> Any:
        ones = 0
        for d in kept:
            ones += d == 1
        for d in thrown:
            ones += d == 1
        if ones >= 2:
            return None
        return np.ones(min(ones, 2), np.int64)

    compiled = Policy.from_function("nb", njit(keep_ones))
    plain = Policy.from_function("py", keep_ones)
    a = simulate("mosel", [compiled, "heuristic"], games=2000, seed=3)
    b = simulate("mosel", [plain, "heuristic"], games=2000, seed=3)
    assert (a.rows == b.rows).all() and a.bots == ("nb", "heuristic")


@pytest.mark.parametrize("answer", [7, (1, 9), "1-1"])
def test_a_function_answering_no_dice_is_refused(answer: Any) -> None:
    bad = Policy.from_function("bad", lambda k, t, u, c: answer)
    with pytest.raises(InvalidInputError, match="the function returned") as info:
        simulate(PORZ, [bad, "heuristic"], games=10)
    assert "gab die Funktion" in info.value.localized("de")


def test_a_huge_policy_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_text(" " * 4_000_001)
    with pytest.raises(InvalidInputError, match="larger than"):
        Policy.load(path)


def test_a_policy_that_is_no_json_names_the_place_in_both_languages(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"schock_policy": 1,\n  "name": }', encoding="utf-8")
    with pytest.raises(InvalidInputError) as info:
        Policy.load(path)
    assert "line 2, column 11: Expecting value" in info.value.localized("en")
    assert "Zeile 2, Spalte 11: Expecting value" in info.value.localized("de")
