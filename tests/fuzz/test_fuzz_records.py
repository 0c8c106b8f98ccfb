"""Random mutations of the shipped example records into loads / replay.

A mutated record is either refused with InvalidInputError, or it is a game
whose record, written again, reads back and replays to the same game: no
record that schock accepts is one it cannot read back.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schock import InvalidInputError
from schock.engine.record import dumps, loads, replay
from schock.examples import EXAMPLES, example_text

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ORIGINALS = {p: json.loads(example_text(p)) for p in EXAMPLES}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from([1.0, True, 10**50, -1, "0 throw", "² throw", "1 strafdeckel 9"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:12]):
            out += _paths(v, (*prefix, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    data[path[0]] = _set(data[path[0]], path[1:], value)
    return data


@st.composite
def mutated(draw: st.DrawFn) -> str:
    data = json.loads(json.dumps(ORIGINALS[draw(st.sampled_from(EXAMPLES))]))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        kind = draw(st.sampled_from(["replace", "delete", "action", "truncate"]))
        if kind == "replace":
            data = _set(data, path, draw(json_values))
        elif kind == "delete" and path:
            parent = data
            for key in path[:-1]:
                parent = parent[key]
            if isinstance(parent, dict | list):
                del parent[path[-1]]
        elif kind == "action" and isinstance(data, dict) and isinstance(data.get("actions"), list):
            actions = data["actions"]
            if actions:
                i = draw(st.integers(0, len(actions) - 1))
                actions[i] = draw(
                    st.one_of(
                        st.text(max_size=20),
                        st.builds(
                            "{} {}".format,
                            st.sampled_from(["0", "1", "2", "9", "²", "-1", "1" * 50]),
                            st.sampled_from(
                                ["throw", "throw 1-1-4", "throw 7-7-7", "aside 1", "aside 1-1-1-1",
                                 "turn 1", "turn 3", "stop", "blind", "einkaufen yes",
                                 "strafdeckel 2", "strafdeckel 5", "void", "lift", "back 6"]
                            ),
                        ),
                    )
                )
    text = json.dumps(data, ensure_ascii=False)
    if draw(st.booleans()) and draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@FUZZ
@given(mutated())
def test_mutated_records_are_refused_or_round_trip(text: str) -> None:
    try:
        game = replay(loads(text))
    except InvalidInputError:
        return
    again = replay(loads(dumps(game)))
    assert again.log == game.log
    assert again.actions == game.actions


@FUZZ
@given(st.one_of(st.text(max_size=200), st.integers(1, 3000).map(lambda n: "[" * n),
                 st.integers(1, 3000).map(lambda n: '{"a":' * n)))
def test_any_text_is_refused_cleanly(text: str) -> None:
    try:
        replay(loads(text))
    except InvalidInputError:
        return
