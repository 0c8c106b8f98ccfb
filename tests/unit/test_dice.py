"""Dice and result notation: ``1-1-4``, ``1-1-4/2``, ``4-5-6/1h``."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import schock
from schock import InvalidInputError, NotationError, Outcome, format_dice, parse_dice

die = st.integers(1, 6)
triples = st.tuples(die, die, die)


# --------------------------------------------------------------------------
# Round trips
# --------------------------------------------------------------------------


@given(dice=triples, throws=st.integers(1, 9), on_hand=st.booleans())
def test_outcome_round_trip(dice: tuple[int, int, int], throws: int, on_hand: bool) -> None:
    o = Outcome(dice=dice, throws=throws, on_hand=on_hand)
    assert Outcome.parse(str(o)) == o
    assert o.dice == tuple(sorted(dice))
    assert str(o) == f"{format_dice(dice)}/{throws}{'h' if on_hand else ''}"


@given(dice=triples, throws=st.integers(1, 9), on_hand=st.booleans())
def test_dice_in_any_order_are_equal(
    dice: tuple[int, int, int], throws: int, on_hand: bool
) -> None:
    ref = Outcome(dice=dice, throws=throws, on_hand=on_hand)
    suffix = f"/{throws}{'h' if on_hand else ''}"
    for perm in itertools.permutations(dice):
        o = Outcome(dice=perm, throws=throws, on_hand=on_hand)
        assert o == ref
        assert hash(o) == hash(ref)
        assert str(o) == str(ref)
        assert Outcome.parse("-".join(map(str, perm)) + suffix) == ref
        assert Outcome.parse("".join(map(str, perm)) + suffix) == ref  # compact 114
        assert parse_dice("-".join(map(str, perm))) == ref.dice


@given(dice=triples)
def test_dice_round_trip(dice: tuple[int, int, int]) -> None:
    text = format_dice(dice)
    assert parse_dice(text) == tuple(sorted(dice))
    assert format_dice(parse_dice(text)) == text


_PARSE = [
    ("1-1-4", Outcome((1, 1, 4), 1, True)),  # one throw: always auf die Hand
    ("4-5-6/1", Outcome((4, 5, 6), 1, False)),  # written out: as given
    ("4-1-1/2", Outcome((1, 1, 4), 2, False)),
    ("1-1-4/2", Outcome((1, 1, 4), 2, False)),
    ("4-5-6/1h", Outcome((4, 5, 6), 1, True)),
    ("6-5-4/3H", Outcome((4, 5, 6), 3, True)),
    ("1-1-1h", Outcome((1, 1, 1), 1, True)),
    ("114/2", Outcome((1, 1, 4), 2, False)),
    ("  2-2-1/9  ", Outcome((1, 2, 2), 9, False)),
]


@pytest.mark.parametrize(
    ("text", "expected"), [pytest.param(t, e, id=t.strip()) for t, e in _PARSE]
)
def test_parse(text: str, expected: Outcome) -> None:
    assert Outcome.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("6-6-2", (2, 6, 6)), ("662", (2, 6, 6)), (" 4-1-1 ", (1, 1, 4)), ("3-2-1", (1, 2, 3))],
)
def test_parse_dice(text: str, expected: tuple[int, int, int]) -> None:
    assert parse_dice(text) == expected


def test_format() -> None:
    assert format_dice((4, 1, 1)) == "1-1-4"
    assert str(Outcome((6, 5, 4), throws=1, on_hand=True)) == "4-5-6/1h"
    assert str(Outcome((2, 2, 1))) == "1-2-2/1"


# --------------------------------------------------------------------------
# Malformed notation
# --------------------------------------------------------------------------

_MALFORMED = [
    # (text, position or None, fragment of the message)
    ("1-7-2", 2, "'7'"),
    ("7-1-1/2h", 0, "'7'"),
    ("1-1-0", 4, "'0'"),
    ("1-1", None, "got 2"),
    ("1-1-1-1", None, "got 4"),
    ("11", None, "got 2"),
    ("1111", None, "got 4"),
    ("a-b-c", 0, "'a'"),
    ("1-b-c", 2, "'b'"),
    ("1--2", 2, "empty"),
    ("-1-2", 0, "empty"),
    ("1-2-", 4, "empty"),
    ("11-4", 0, "'11'"),
    ("1-1-4/0", 6, "'0'"),
    ("1-1-4/x", 6, "'x'"),
    ("1-1-4/", 6, "''"),
    ("1-1-4/10", 6, "'10'"),
    ("1-1-4/-1", 6, "'-1'"),
    ("1-1-4/²", 6, "'²'"),
    ("1-1-4/١", 6, "'١'"),
    ("", None, "no dice"),
    ("   ", None, "no dice"),
]


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [pytest.param(t, p, f, id=repr(t)) for t, p, f in _MALFORMED],
)
def test_malformed_outcome(text: str, position: int | None, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        Outcome.parse(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert isinstance(err, InvalidInputError)
    assert isinstance(err, schock.SchockError)
    msg = str(err)
    assert fragment in msg
    assert err.text is not None
    assert repr(err.text) in msg  # says in what
    assert err.text in text
    assert err.position == position
    if position is not None:
        assert f"at position {position}" in msg  # says where


_MALFORMED_DICE = [(t, p, f) for t, p, f in _MALFORMED if "/" not in t]


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [pytest.param(t, p, f, id=repr(t)) for t, p, f in _MALFORMED_DICE],
)
def test_malformed_dice(text: str, position: int | None, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_dice(text)
    assert fragment in str(info.value)
    assert info.value.text == text
    assert info.value.position == position


_near_valid = st.builds(
    lambda dice, slash, tail, h: dice + slash + tail + h,
    st.sampled_from(["1-1-4", "114", "4-5-6", "1-1", ""]),
    st.sampled_from(["", "/"]),
    st.text(max_size=3),
    st.sampled_from(["", "h", "H"]),
)


@given(
    text=_near_valid | st.text(alphabet="0123456789-/hHx ²١", max_size=12) | st.text(max_size=12)
)
def test_parse_any_text_gives_outcome_or_notation_error(text: str) -> None:
    try:
        o = Outcome.parse(text)
    except NotationError:
        return
    # whatever is accepted writes back to the same result
    assert Outcome.parse(str(o)) == o


# --------------------------------------------------------------------------
# The constructor
# --------------------------------------------------------------------------

_BAD_DICE = [
    (1, 1, 7),
    (0, 1, 1),
    (1, 1, -2),
    (1, 1),
    (1, 1, 1, 1),
    (),
    (1, 1, True),
    (1, 1, 4.0),
    ("1", "1", "4"),
    (1, 1, None),
]


@pytest.mark.parametrize("dice", _BAD_DICE, ids=repr)
def test_outcome_rejects_bad_dice(dice: tuple[object, ...]) -> None:
    with pytest.raises(InvalidInputError):
        Outcome(dice=dice, throws=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("throws", [0, 10, -1, True, False, 2.0, "2", None], ids=repr)
def test_outcome_rejects_bad_throws(throws: object) -> None:
    with pytest.raises(InvalidInputError) as info:
        Outcome(dice=(1, 1, 4), throws=throws)  # type: ignore[arg-type]
    assert "throws" in str(info.value)


@pytest.mark.parametrize("on_hand", [1, 0, "yes", None], ids=repr)
def test_outcome_rejects_bad_on_hand(on_hand: object) -> None:
    with pytest.raises(InvalidInputError) as info:
        Outcome(dice=(1, 1, 4), on_hand=on_hand)  # type: ignore[arg-type]
    assert "on_hand" in str(info.value)


def test_outcome_defaults_and_list_dice() -> None:
    o = Outcome([4, 1, 1])  # type: ignore[arg-type]
    assert o.dice == (1, 1, 4)
    assert o.throws == 1
    assert o.on_hand is False


def test_outcome_frozen() -> None:
    o = Outcome((1, 1, 4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.throws = 2  # type: ignore[misc]


@pytest.mark.parametrize("text", ["1-7-2", "1-1", "x"])
def test_parse_dice_errors_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_dice(text)


def test_parse_dice_other_count() -> None:
    assert parse_dice("6-1", count=2) == (1, 6)
    assert parse_dice("6-1-3-3-2", count=None) == (1, 2, 3, 3, 6)
    with pytest.raises(NotationError):
        parse_dice("6-1-3", count=2)


def test_position_counts_leading_blanks() -> None:
    with pytest.raises(NotationError) as info:
        parse_dice("  1-7-2")
    assert info.value.position == 4
