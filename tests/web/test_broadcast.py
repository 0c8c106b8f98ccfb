"""A broadcast encodes each distinct state message once and joins the parts every seat
shares (table, new log lines, story) to each seat's own: what a client parses is exactly
:meth:`TableSession.message_for`'s message, its seat's view and no other."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from schock.bots import make_bot
from schock.engine import Game, SeededDice
from schock.narrate import Chronicle
from schock.rules import load_rules
from schock.store.db import open_database
from schock.web.messages import StateTexts, state_message
from schock.web.repo import Repo, token_hash
from schock.web.session import Connection, Tables, TableSession
from schock.web.settings import Settings


def _table(tmp_path: Path) -> tuple[TableSession, list[str | None]]:
    db = str(tmp_path / "b.db")
    tables = Tables(Repo(open_database(db)), Settings(db=db, bot_delay=0))
    session, _host, tokens = asyncio.run(tables.create(
        load_rules("porz"), [("Anna", None), ("Ben", None), ("Cem", None)], "127.0.0.1"))
    session.started = True
    return session, tokens


def test_each_connection_gets_its_own_message_encoded_once(tmp_path: Path) -> None:
    session, tokens = _table(tmp_path)
    got: dict[int, list[Any]] = {}

    def sink(i: int) -> Any:
        async def send(message: Any) -> None:
            got.setdefault(i, []).append(message)
        return send

    hashes = [frozenset({token_hash(t)}) for t in tokens if t is not None]
    # seat 0 twice (two phones), seat 1, seat 2, two spectators, one of them in English
    conns = [Connection(send=sink(0), hashes=hashes[0]), Connection(send=sink(1), hashes=hashes[0]),
             Connection(send=sink(2), hashes=hashes[1]), Connection(send=sink(3), hashes=hashes[2]),
             Connection(send=sink(4)), Connection(send=sink(5)),
             Connection(send=sink(6), lang="en")]
    session.conns = conns

    async def play() -> int:
        await session.broadcast()
        for played in range(12):
            actor = session.game.actor
            if actor is None:  # over (the dice are drawn afresh: a Schock Aus may end it)
                return played
            await session._apply(actor, session.game.legal_actions()[0])  # stored, then told
            await session.broadcast()
        return 12

    played = asyncio.run(play())
    for i, conn in enumerate(conns):
        # a welcome (a dict) tells a seat's sockets their seat; every state is text
        assert all(m["type"] == "welcome" for m in got[i] if not isinstance(m, str))
        texts = got[i] = [m for m in got[i] if isinstance(m, str)]
        assert len(texts) == 1 + played
        seat, _ = session.bound(conn)
        for text in texts:
            message = json.loads(text)
            assert message["type"] == "state" and message["seat"] == seat
            assert message["view"]["seat"] == seat
            assert set(message) == {"type", "n", "seat", "table", "view", "legal", "log",
                                    "story", "results"}
    last = {i: json.loads(got[i][-1]) for i in got}
    # the same message for the same seat, the spectators of one language: one text
    assert got[0][-1] is got[1][-1] and got[4][-1] is got[5][-1]
    assert last[2]["view"] != last[3]["view"] != last[4]["view"]
    assert last[4]["log"] != last[6]["log"]  # German and English narration
    # every message is the one message_for builds for that connection, log and all
    fresh = Connection(send=sink(9), hashes=hashes[1])
    whole = session.message_for(fresh, session.table_info())
    for m in (whole, last[2]):
        m["table"]["clock"].pop("waited")  # seconds the player to decide has had: it goes on
    assert {k: v for k, v in whole.items() if k != "log"} == \
        {k: v for k, v in last[2].items() if k != "log"}
    held: list[str] = []  # what the client does: keep the first "from" lines, add the rest
    for text in got[2]:
        log = json.loads(text)["log"]
        held = held[: log["from"]] + log["lines"]
    assert held == whole["log"]["lines"] and whole["log"]["from"] == 0


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["porz", "mosel", "ferschweiler", "irmgarteich"]),
       st.booleans())
def test_state_texts_are_the_messages_built_from_scratch_at_every_action(
        seed: int, preset: str, live: bool) -> None:
    """Every frame a broadcast sends (its parts made once for all seats) parses to the
    message :func:`state_message` builds for that seat alone, at every action of a game,
    for every seat, language and log position."""
    rng = random.Random(seed)
    game = Game(load_rules(preset), seats=["Anna", "Ben", "Cem"], dice=SeededDice(seed))
    chronicle = Chronicle(game)
    table = {"id": "t", "over": False, "seats": [{"name": "Anna"}]}
    while not game.over:
        texts = StateTexts(game, table, live)
        for lang in ("de", "en"):
            _, lines = chronicle.lines(lang)
            story = chronicle.story(lang)
            for seat in (None, 0, 1, 2):
                for start in {0, rng.randint(0, len(lines))}:
                    built = state_message(game, seat, table=table, live=live, lang=lang,
                                          story=story,
                                          log={"from": start, "lines": lines[start:]})
                    assert json.loads(texts.text(seat, lang, start, lines, story)) == built
        actor = game.actor
        assert actor is not None
        game.apply(actor, rng.choice(game.legal_actions()))


def test_step_is_found_once_per_state_and_set_of_bots(tmp_path: Path) -> None:
    session, _ = _table(tmp_path)
    rng = random.Random(3)
    while not session.game.over:
        assert session.step() == session._step()
        actor = session.game.actor
        assert actor is not None
        if rng.random() < 0.2:  # a bot takes the seat to move (as the host's "replace")
            session.bots[actor] = make_bot("random", seed=1)
            assert session.step() == session._step() == "bot"
            del session.bots[actor]
            assert session.step() == session._step()
        session.game.apply(actor, rng.choice(session.game.legal_actions()))
    assert session.step() == "over"
