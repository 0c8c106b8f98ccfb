"""The websocket's parse: its quick path for ``act`` frames answers exactly what the
wire schema answers (the same message, or the same refusal)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from schock.web.seats import Refused
from schock.web.settings import Settings
from schock.web.ws import _PARSE, parse

SETTINGS = Settings(db="sqlite://")
values = st.none() | st.booleans() | st.integers(-5, 2_000_000) | st.floats(allow_nan=False) \
    | st.text(max_size=40) | st.lists(st.integers(), max_size=2)


def by_schema(raw: str) -> Any:
    try:
        return _PARSE.validate_python(json.loads(raw))
    except ValidationError as exc:
        return exc.errors()[0]["msg"]


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"type": st.sampled_from(["act", "hint", "Act"])},
                             optional={"n": values, "action": values, "x": values}))
def test_act_frames_parse_as_the_schema_parses_them(frame: dict[str, Any]) -> None:
    raw = json.dumps(frame)
    want = by_schema(raw)
    try:
        got = parse(raw, SETTINGS)
    except Refused as exc:
        assert isinstance(want, str) and exc.key == "malformed" and want in exc.en
        return
    assert got == want and type(got) is type(want)


def test_what_orjson_refuses_is_read_as_before() -> None:
    raw = '{"type": "act", "n": NaN, "action": "throw"}'  # the json module reads NaN
    try:
        parse(raw, SETTINGS)
    except Refused as exc:
        assert exc.key == "malformed" and by_schema(raw) in exc.en
    else:  # pragma: no cover - the schema refuses it
        raise AssertionError("NaN was taken for an action count")
