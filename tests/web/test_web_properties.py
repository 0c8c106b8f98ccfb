"""Properties of the websocket: fuzzed messages never crash nor change anything;
no message to any client holds a die its seat may not see."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelp import game_at, hello, make_client, new_table, play_out, session_of

from schock.narrate import Chronicle
from schock.results import evaluate

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
messages = st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "hint", "host", "lang", "hello"])},
        optional={"n": json_values, "action": json_values, "command": json_values,
                  "seat": json_values, "bot": json_values, "token": json_values},
    ).map(json.dumps),
    st.integers(3000, 20000).map(lambda n: json.dumps({"type": "act", "n": 0, "action": "x" * n})),
)


def test_fuzzed_messages_never_crash_nor_change_anything(tmp_path: Path) -> None:
    with make_client(str(tmp_path / "w.db")) as c:
        info = new_table(c)
        session = session_of(c, info["table"])
        with c.websocket_connect(f"/ws/tables/{info['table']}") as ws:
            hello(ws, token=info["tokens"][0])
            ws.receive_json()
            before = list(session.game.actions), session.table_info()

            @settings(max_examples=150, deadline=None,
                      suppress_health_check=[HealthCheck.function_scoped_fixture])
            @given(messages)
            def check(raw: str) -> None:
                ws.send_text(raw)
                reply = ws.receive_json()
                assert reply["type"] in ("error", "state", "welcome"), reply
                text = json.dumps(reply)
                assert "Traceback" not in text
                if reply["type"] == "welcome":  # a lang switch answers welcome + state
                    ws.receive_json()

            check()
            assert (list(session.game.actions), session.table_info()) == before


def test_oversized_message_is_refused(client: Any) -> None:
    info = new_table(client)
    with client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "a" * 5000}))
        m = ws.receive_json()
        assert m["code"] == "too_large" and "2048" in m["en"]


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32))
def test_no_message_holds_a_die_its_seat_may_not_see(seed: int) -> None:
    with make_client("sqlite://") as c:
        info = new_table(c, preset=random.Random(seed).choice(["ferschweiler", "porz", "mosel"]))
        sinks: dict[int | None, list[dict[str, Any]]] = {}
        play_out(c, info, random.Random(seed), sinks)
        session = session_of(c, info["table"])
        for seat, msgs in sinks.items():
            for m in msgs:
                if m["type"] != "state":
                    continue
                game = game_at(session, m["n"])
                own = game.view(seat)
                assert m["view"] == own.to_dict()
                # nothing besides the view carries dice: the log tells finished rounds only,
                # the story what everybody saw (the same for every seat), the result
                # names only results this seat may see
                rest = {k: v for k, v in m.items() if k not in ("view", "log")}
                assert "cup" not in json.dumps(rest)
                assert m["story"] == Chronicle(game).story("de")
                assert m["results"] == {str(t.seat): evaluate(game.rules, t.result).label()
                                        for t in own.turns if t.result is not None}
