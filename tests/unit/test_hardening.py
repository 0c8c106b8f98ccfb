"""The reproductions of the hardening issue, one by one: each is refused with
InvalidInputError (or IllegalActionError) and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from schock import InvalidInputError, Outcome, load_rules
from schock.cli import main
from schock.engine import Game, SeededDice
from schock.engine.record import dumps, loads, replay
from schock.examples import example_text
from schock.rules.loader import MAX_EXTENDS_DEPTH, loads_rules
from schock.solver.turn import Result, parse_state

PORZ = load_rules("porz")
BIG = "1" * 5000


def game() -> Game:
    return Game(PORZ, seats=["A", "B"], dice=SeededDice(1), starter=0)


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.strafdeckel(True, 2),  # type: ignore[arg-type]
        lambda g: g.turn_sixes(True),
        lambda g: g.throw(5),  # type: ignore[arg-type]
        lambda g: g.set_aside(None),  # type: ignore[arg-type]
        lambda g: g.set_aside({1}),  # type: ignore[arg-type]
        lambda g: g.take_back(3),  # type: ignore[arg-type]
        lambda g: g.apply(True, g.legal_actions()[0]),  # type: ignore[arg-type]
        lambda g: g.throw(seat=True),  # type: ignore[arg-type]
    ],
)
def test_wrong_types_at_the_engine_are_refused_and_change_nothing(call: object) -> None:
    g = game()
    before = (list(g.log), list(g.actions))
    with pytest.raises(InvalidInputError):
        call(g)  # type: ignore[operator]
    assert (list(g.log), list(g.actions)) == before
    assert replay(loads(dumps(g))).log == g.log


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seats": None},
        {"seats": 5},
        {"seats": "AB"},
        {"seats": ["A", "B"], "dice": 5},
        {"seats": ["A", "B"], "automations": 5},
        {"seats": ["A", "B"], "automations": "loading"},
        {"seats": ["Anna", " anna "]},
        {"seats": ["Anna", "ANNA"]},
        {"seats": ["Anna", "x" * 41]},
        {"seats": ["Anna", "Be\nn"]},
    ],
)
def test_bad_game_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        Game(PORZ, **kwargs)  # type: ignore[arg-type]


def test_seat_names_are_stripped() -> None:
    assert [s.name for s in Game(PORZ, seats=[" Anna ", "Ben"]).seats] == ["Anna", "Ben"]


@pytest.mark.parametrize(
    "parse",
    [
        lambda: Outcome.parse("1-1-4/" + BIG),
        lambda: Outcome.parse("1-1-4/²"),
        lambda: parse_state("1+4-4 ²/3"),
        lambda: parse_state("1+4-4 1/" + BIG),
        lambda: Result.parse(PORZ, "1-?-?/" + BIG),
        lambda: Result.parse(PORZ, "1-1-4/" + BIG),
    ],
)
def test_notation_refuses_strange_digits_and_huge_numbers(parse: object) -> None:
    with pytest.raises(InvalidInputError) as info:
        parse()  # type: ignore[operator]
    assert len(str(info.value)) < 300  # the message quotes the input cut short


def _record(**changes: object) -> str:
    data = json.loads(example_text("porz"))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        _record(version=True),
        _record(version=1.0),
        _record(dice={"source": "seeded", "seed": int("1" * 4000)}),
        _record(actions=["² throw"]),
        _record(starter=True),
        "[" * 5000,
        '{"format": "schock-record", "version": NaN}',
    ],
)
def test_bad_records(text: str) -> None:
    with pytest.raises(InvalidInputError):
        replay(loads(text))


def test_huge_seed_in_record_text() -> None:
    text = example_text("porz").replace('"seed": ', '"seed": ' + BIG, 1)
    assert BIG in text
    with pytest.raises(InvalidInputError, match="digits"):
        loads(text)


def test_seeds_are_bounded_so_records_hold_them() -> None:
    with pytest.raises(InvalidInputError):
        SeededDice(2**200)
    g = Game(PORZ, seats=["A", "B"], dice=SeededDice(2**128 - 1))
    assert replay(loads(dumps(g))).log == g.log


@pytest.mark.parametrize("bad", [None, 5, "x" * 5000, "a\x00b.toml", "x" * 5000 + ".toml"])
def test_load_rules_refuses_bad_names(bad: object) -> None:
    with pytest.raises(InvalidInputError):
        load_rules(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("extends", ["\u0000", "y" * 5000, "../" * 2000])
def test_extends_with_impossible_names(extends: str) -> None:
    with pytest.raises(InvalidInputError, match="extends"):
        loads_rules(f"extends = {json.dumps(extends)}", base_dir=Path("/tmp"))


def test_long_extends_chains_are_refused_with_the_limit(tmp_path: Path) -> None:
    (tmp_path / "r0.toml").write_text('extends = "porz"\n')
    for i in range(1, 40):
        (tmp_path / f"r{i}.toml").write_text(f'extends = "r{i - 1}.toml"\n')
    assert load_rules(str(tmp_path / f"r{MAX_EXTENDS_DEPTH - 1}.toml")).base == "porz"
    with pytest.raises(InvalidInputError, match=f"more than {MAX_EXTENDS_DEPTH} files"):
        load_rules(str(tmp_path / "r39.toml"))


@pytest.mark.parametrize(
    "toml",
    [
        'extends = "porz"\ndeckel = ' + BIG,
        'extends = "porz"\ndeckel = ' + "[" * 3000 + "]" * 3000,
        'extends = "porz"\nid = "../../etc/passwd"',
        'extends = "porz"\nname = "' + "n" * 500 + '"',
    ],
)
def test_bad_rules_text(toml: str) -> None:
    with pytest.raises(InvalidInputError):
        loads_rules(toml)


@pytest.mark.parametrize(
    "args",
    [
        ["hint", "1+4-4 ²/3"],
        ["hint", "1-1-4 1/3", "--before", "1-1-4/" + BIG],
        ["rules", "show", "x" * 5000],
        ["rules", "check", "x" * 5000 + ".toml"],
        ["play", "--delay", "nan"],
        ["play", "--delay", "inf"],
        ["play", "--seed", "9" * 40],
    ],
)
def test_cli_bad_input_exits_2_in_one_line(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


def test_cli_replay_of_bad_records(tmp_path: Path) -> None:
    for i, text in enumerate([_record(actions=["² throw"]), "[" * 5000, _record(version=True)]):
        path = tmp_path / f"r{i}.json"
        path.write_text(text)
        for args in (["replay", str(path)], ["play", "--resume", str(path)]):
            result = CliRunner().invoke(main, args)
            assert result.exit_code == 2, (args, result.output)
            assert len(result.output.strip().splitlines()) == 1


def test_one_throw_with_laden_lists_no_throw_for_the_unlifted_first_player() -> None:
    """Found by the random house-rules property: max_throws = 1 with a simultaneous
    first throw listed 'throw again' for the first player, and the engine refused it."""
    rules = PORZ.replace(max_throws=1, simultaneous_first_throw=True)
    g = Game(rules, seats=["A", "B"], dice=SeededDice(0))
    while g.phase == "loading":
        g.throw()
    assert g.phase == "turn"
    legal = g.legal_actions()
    assert all(g.can_throw() or type(a).__name__ != "ThrowAction" for a in legal)
    for action in legal:
        twin = replay(loads(dumps(g)))
        twin.apply(twin.actor, action)  # type: ignore[arg-type]


def test_uploaded_rules_may_extend_only_a_preset(tmp_path: Path) -> None:
    """Rules uploaded to the server must not read the server's files through 'extends'."""
    other = tmp_path / "secret.toml"
    other.write_text('extends = "porz"\n')
    with pytest.raises(InvalidInputError, match="extends"):
        loads_rules(f'extends = "{other}"', presets_only=True)
    assert loads_rules(f'extends = "{other}"').base == "porz"  # a local file may
    assert loads_rules('extends = "mosel"', presets_only=True).base == "mosel"
