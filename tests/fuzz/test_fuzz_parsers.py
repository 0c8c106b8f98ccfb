"""Random text into every parser: only InvalidInputError, never another exception.

Each parser either returns a value whose text form parses back to the same
value, or raises :class:`schock.InvalidInputError`.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schock import InvalidInputError, load_rules
from schock.dice import Outcome, format_dice, parse_dice
from schock.engine.actions import format_action, parse_action
from schock.rules.loader import loads_rules
from schock.solver.turn import Result, format_state, parse_state

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PORZ = load_rules("porz")

# Text near the notation (digits of every script, separators, huge numbers) and any text.
near = st.text(alphabet="0123456789²³¹٣߂-+/*?hH ", max_size=30)
huge = st.integers(min_value=4000, max_value=6000).map(lambda n: "1" * n)
numberish = st.one_of(
    st.sampled_from(["0", "1", "2", "3", "4", "*", "²", "٣", "-1", "01", ""]),
    huge,
    st.text(alphabet="0123456789²٣", min_size=1, max_size=4),
)
texts = st.one_of(
    st.text(max_size=40),
    near,
    st.builds(lambda a, b: a + b, near, huge),
    st.builds(lambda a, b, c: a + b + c, near, huge, near),
    # well-formed notation with a strange number in one place
    st.builds("1-1-4/{}".format, numberish),
    st.builds("1-?-?/{}".format, numberish),
    st.builds("1-1+4 {}/{}".format, numberish, numberish),
    st.builds("{} throw".format, numberish),
    st.builds("0 strafdeckel {}".format, numberish),
    st.builds("0 turn {}".format, numberish),
)


@FUZZ
@given(texts)
def test_parse_dice(text: str) -> None:
    try:
        dice = parse_dice(text, count=None)
    except InvalidInputError:
        return
    assert parse_dice(format_dice(dice), count=None) == dice


@FUZZ
@given(texts)
def test_outcome_parse(text: str) -> None:
    try:
        o = Outcome.parse(text)
    except InvalidInputError:
        return
    assert Outcome.parse(str(o)) == o


@FUZZ
@given(st.one_of(texts, st.builds(lambda s, v, a: f"{s} {v} {a}", texts, st.sampled_from(
    ["throw", "lift", "aside", "back", "turn", "stop", "blind", "einkaufen", "strafdeckel", "void"]
), texts)))
def test_parse_action(text: str) -> None:
    try:
        seat, action = parse_action(text)
    except InvalidInputError:
        return
    assert parse_action(format_action(seat, action)) == (seat, action)


@FUZZ
@given(st.one_of(texts, st.builds(lambda d, c: f"{d} {c}", texts, texts)))
def test_parse_state(text: str) -> None:
    try:
        state = parse_state(text)
    except InvalidInputError:
        return
    assert parse_state(format_state(state)) == state


@FUZZ
@given(texts)
def test_solver_result_parse(text: str) -> None:
    try:
        Result.parse(PORZ, text)
    except InvalidInputError:
        return


@FUZZ
@given(st.one_of(texts, st.text(alphabet="/\\.\x00abc", max_size=20), huge))
def test_load_rules_by_name(text: str) -> None:
    try:
        load_rules(text)
    except InvalidInputError:
        return


@FUZZ
@given(st.one_of(st.none(), st.integers(), st.floats(), st.binary(), st.lists(st.integers())))
def test_load_rules_wrong_types(value: object) -> None:
    try:
        load_rules(value)  # type: ignore[arg-type]
    except InvalidInputError:
        return
    raise AssertionError(f"load_rules({value!r}) was accepted")


@FUZZ
@given(texts)
def test_loads_rules_text(text: str) -> None:
    try:
        loads_rules(text)
    except InvalidInputError:
        return
