"""Issue 34 item 6: a server table's dice come from the operating system's generator;
every stored throw carries its dice (roll-offs and loading throws too), so a restart
replays the same game without any seed, and tables stored with a seed still restore."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import select, update
from webhelp import (
    game_at,
    hello,
    make_client,
    new_table,
    read_until_human,
    session_of,
    until,
)

from schock.bots import make_bot
from schock.engine.actions import ThrowAction, format_action, parse_action
from schock.engine.dice_sources import ScriptedDice, SeededDice, SystemDice, ThrownDice
from schock.engine.game import Game, Phase
from schock.engine.record import dumps
from schock.engine.seat import Seat
from schock.errors import IllegalActionError, InvalidInputError
from schock.rules import load_rules
from schock.store.tables import ActionRow, TableRow
from schock.web.session import TableSession, replay_actions, stored_actions


def _play(game: Game, rng: random.Random, until: int | None = None) -> None:
    """Bots play ``game`` (to its end, or ``until`` actions); roll-offs and loading
    throws are thrown as the server's driver throws them."""
    bots = {i: make_bot("heuristic", seed=rng.randrange(2**32)) for i in range(len(game.seats))}
    while not game.over and (until is None or len(game.actions) < until):
        actor = game.actor
        assert actor is not None
        if game.phase in (Phase.ROLL_OFF, Phase.LOADING):
            game.apply(actor, ThrowAction())
        else:
            game.apply(actor, bots[actor].act(game.view(actor)))


def _new(preset: str, dice: object) -> Game:
    return Game(load_rules(preset), seats=[Seat("A", 30), Seat("B", 30), Seat("C", 41)],
                dice=dice)


@pytest.mark.parametrize("preset", ["ferschweiler", "porz", "niederrhein", "mosel"])
def test_every_stored_throw_carries_its_dice_and_replays_the_same_game(preset: str) -> None:
    """Whole games from the OS generator: each throw stored with its dice (turn throws,
    roll-offs, loading throws); replayed without a seed they give the same game and the
    same record, to the letter."""
    rng = random.Random(preset)
    phases: set[Phase] = set()
    for _ in range(3):
        game = _new(preset, ThrownDice(SystemDice()))
        bots = {i: make_bot("heuristic", seed=rng.randrange(2**32)) for i in range(3)}
        while not game.over:
            actor = game.actor
            assert actor is not None
            phases.add(game.phase)
            auto = game.phase in (Phase.ROLL_OFF, Phase.LOADING)
            game.apply(actor, ThrowAction() if auto else bots[actor].act(game.view(actor)))
        texts = stored_actions(game)
        throws = [parse_action(t)[1] for t in texts if " throw" in t]
        assert throws and all(isinstance(a, ThrowAction) and a.dice for a in throws)
        again = _new(preset, ThrownDice(SystemDice()))
        replay_actions(again, texts, None)
        assert again.log == game.log and again.actions == game.actions
        assert dumps(again) == dumps(game)
        assert stored_actions(again) == texts
    assert Phase.ROLL_OFF in phases or Phase.LOADING in phases


@pytest.mark.parametrize(("texts", "error", "why"), [
    (["0 throw 1-1-4-5"], InvalidInputError, "the throw took 3 dice"),
    (["0 throw"], InvalidInputError, "without its dice, and the table has no seed"),
    (["0 throw 1-1"], IllegalActionError, "run out"),
])
def test_a_stored_throw_that_does_not_fit_is_refused(texts: list[str], error: type,
                                                     why: str) -> None:
    with pytest.raises(error, match=why):
        replay_actions(_new("porz", ThrownDice(SystemDice())), texts, None)


def test_a_restarted_server_replays_the_same_game_from_the_stored_dice(tmp_path: Path) -> None:
    """A table with Anna and two bots, played to Anna's turn; the database holds no seed
    and every throw with its dice; a restarted server has the same game, to the record,
    and Anna plays on."""
    db = str(tmp_path / "d.db")
    seats = [{"name": "Anna"}, {"name": "Bot1", "bot": "heuristic"},
             {"name": "Bot2", "bot": "heuristic"}]
    with make_client(db) as c:
        info = new_table(c, seats=seats, preset="porz")
        with c.websocket_connect(f"/ws/tables/{info['table']}") as ws:
            hello(ws, host=info["host_token"], token=info["tokens"][0])
            ws.send_json({"type": "host", "command": "start"})
            before = read_until_human(ws)
        first = session_of(c, info["table"])
        dice = first.game.dice  # nothing on the server knows a die to come
        assert isinstance(dice, ThrownDice) and isinstance(dice._source, SystemDice)
        assert dice.describe() == {"source": "scripted", "values": dice.thrown}
        record, log = first.record_text(), list(first.game.log)
        views = [first.game.view(i) for i in range(3)]
        with c.app.state.db.session() as s:  # type: ignore[attr-defined]
            assert s.get(TableRow, info["table"]).seed is None
            texts = list(s.execute(select(ActionRow.text).where(
                ActionRow.table_id == info["table"]).order_by(ActionRow.n)).scalars())
    assert texts == stored_actions(first.game) and len(texts) == before["n"]
    assert all(t.split()[2:] for t in texts if t.split()[1] == "throw")  # each with its dice
    with make_client(db) as c2, c2.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        hello(ws, token=info["tokens"][0])
        after = read_until_human(ws)
        again = session_of(c2, info["table"])
        assert again.seed is None and again.game.log == log
        assert [again.game.view(i) for i in range(3)] == views
        assert again.record_text() == record and after["view"] == before["view"]
        assert after["table"]["step"] == "human" and "throw" in after["legal"]  # Anna plays on
        ws.send_json({"type": "act", "n": after["n"], "action": "throw"})
        assert until(ws, lambda m: m["type"] == "state")["n"] == after["n"] + 1


def test_a_failed_write_rolls_the_game_back_to_the_same_dice(tmp_path: Path) -> None:
    """When an action cannot be stored the table's game is replayed up to before it
    (:meth:`TableSession._replayed`): the same dice, no seed needed."""
    with make_client(str(tmp_path / "r.db")) as c:
        info = new_table(c, seats=[{"name": "Anna"}, {"name": "Bot1", "bot": "heuristic"},
                                   {"name": "Bot2", "bot": "heuristic"}], preset="mosel")
        with c.websocket_connect(f"/ws/tables/{info['table']}") as ws:
            hello(ws, host=info["host_token"], token=info["tokens"][0])
            ws.send_json({"type": "host", "command": "start"})
            state = read_until_human(ws)
        session = session_of(c, info["table"])
        n = state["n"]
        assert n > 2
        for upto in (n - 2, n):
            back = session._replayed(upto)
            assert back.log == game_at(session, upto).log
            assert stored_actions(back) == stored_actions(session.game)[:upto]


def test_a_table_stored_with_a_seed_restores_and_goes_on_with_stored_dice(
        tmp_path: Path) -> None:
    """A table as stored before this change: a seed and throws without dice. It is
    replayed from its seed; its next throws are stored with their dice, and the table,
    part seed and part stored dice, restores again to the same game."""
    db = str(tmp_path / "old.db")
    seats = [{"name": "Anna"}, {"name": "Bot1", "bot": "heuristic"},
             {"name": "Bot2", "bot": "heuristic"}]
    seed = 4242
    with make_client(db) as c:
        info = new_table(c, seats=seats, preset="ferschweiler")
        tid = info["table"]
        live = session_of(c, tid)
        old = Game(live.rules, seats=live.game.seats, dice=ThrownDice(SeededDice(seed)))
        _play(old, random.Random(1), until=12)
        with c.app.state.db.session() as s:  # type: ignore[attr-defined]
            s.execute(update(TableRow).where(TableRow.id == tid).values(seed=seed,
                                                                        started=True))
            for n, (who, action) in enumerate(old.actions):
                s.add(ActionRow(table_id=tid, n=n, text=format_action(who, action)))
        del c.app.state.tables.live[tid]  # type: ignore[attr-defined]
        restored = c.app.state.tables.get(tid)  # type: ignore[attr-defined]
        assert restored.game.log == old.log and restored.seed == seed
        assert restored.record_text() == dumps(old, bots=[None, "heuristic", "heuristic"])
        # on it goes (bots and throws): the new throws are stored with their dice
        _play(restored.game, random.Random(2), until=30)
        n = len(old.actions)
        texts = stored_actions(restored.game, n, len(old.dice.rolls))  # type: ignore[attr-defined]
        restored.repo.add_actions(tid, n, texts)
        with c.app.state.db.session() as s:  # type: ignore[attr-defined]
            stored = list(s.execute(select(ActionRow.text).where(ActionRow.table_id == tid)
                                    .order_by(ActionRow.n)).scalars())
        assert all(t.split()[2:] for t in stored[n:] if t.split()[1] == "throw")
        assert not all(t.split()[2:] for t in stored[:n] if t.split()[1] == "throw")
        stored_table = restored.repo.load(tid)
        assert stored_table is not None
        twice = TableSession.restore(stored_table, restored.repo, restored.settings)
        assert twice.game.log == restored.game.log
        assert twice.record_text() == restored.record_text()


def test_the_seeded_dice_of_an_old_table_are_used_only_for_its_throws_without_dice() -> None:
    old = _new("mosel", ThrownDice(SeededDice(9)))
    _play(old, random.Random(3), until=8)
    lines = [format_action(s, a) for s, a in old.actions]
    game = _new("mosel", ThrownDice(SystemDice()))
    replay_actions(game, lines, 9)
    assert game.log == old.log
    assert isinstance(game.dice, ThrownDice)
    rolled = len(game.dice.rolls)
    game.dice.roll(3)  # from now on: the OS generator
    assert len(game.dice.rolls) == rolled + 1
    assert not isinstance(game.dice._source, SeededDice | ScriptedDice)
