"""Games read from finished game records of every preset, and the database kept over a restart."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest

from schock.bots import make_bot
from schock.bots.base import play_game
from schock.engine import events as ev
from schock.engine.dice_sources import SeededDice
from schock.engine.game import Game
from schock.engine.record import dumps
from schock.errors import InvalidInputError, RecordError
from schock.evening import DuplicateEntry, Stammtisch, game_from_record
from schock.evening.repo import change, create_group, find_group, list_groups, load_group
from schock.rules import PRESETS, load_rules
from schock.store import open_database

# Hand-read from the shipped records (schock replay --example PRESET): loser, halves, Schock Aus.
EXPECTED = {
    "porz": ("Elke", ("Elke",), ("Elke",)),
    "mosel": ("Gabi", ("Heinz", "Gabi", "Gabi"), ("Heinz",)),
    "ferschweiler": ("Bernd", ("Bernd", "Anna", "Bernd"), ("Anna", "Bernd")),
    "irmgarteich": ("Lothar", ("Lothar",), ("Lothar",)),
    "niederrhein": ("Monika", ("Monika", "Petra", "Monika"), ("Monika", "Petra", "Monika")),
}


def example(preset: str) -> str:
    return (files("schock.examples") / f"{preset}-game.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("preset", sorted(EXPECTED))
def test_shipped_records(preset: str) -> None:
    text = example(preset)
    r = game_from_record(text)
    data = json.loads(text)
    assert r.loser == data["seats"][data["result"]["loser"]]["name"]
    assert (r.loser, r.half_losers, r.schock_aus) == EXPECTED[preset]
    assert r.preset == preset
    st = Stammtisch.create("x", r.players)
    st.start_evening("2026-11-20")
    st.add_game(players=r.players, loser=r.loser, schock_aus=r.schock_aus,
                half_losers=r.half_losers, record=text)
    assert st.games[0].record == text


@pytest.mark.parametrize("preset", PRESETS)
def test_seeded_bot_games_match_the_engine_log(preset: str) -> None:
    game = Game(load_rules(preset), seats=["A", "B", "C"], dice=SeededDice(11))
    play_game(game, [make_bot("heuristic", seed=i) for i in range(3)])
    r = game_from_record(dumps(game))
    lost = [e for e in game.log if isinstance(e, ev.GameLost)]
    assert r.loser == ["A", "B", "C"][lost[0].seat]
    assert len(r.half_losers) == sum(isinstance(e, ev.HalfLost) for e in game.log)
    assert len(r.schock_aus) == sum(isinstance(e, ev.DeckelGiven) and e.all_deckel for e in game.log)


def test_unfinished_and_bad_records_are_refused() -> None:
    data = json.loads(example("porz"))
    data["actions"] = data["actions"][:20]
    del data["result"]
    with pytest.raises(InvalidInputError, match="has not ended"):
        game_from_record(json.dumps(data))
    with pytest.raises(RecordError):
        game_from_record("{not json")
    with pytest.raises(InvalidInputError, match="not text"):
        game_from_record(b"{}")  # type: ignore[arg-type]


def test_restart_keeps_everything(tmp_path: Path) -> None:
    path = str(tmp_path / "abend.db")
    db = open_database(path)
    gid = create_group(db, "Dienstag", ["Anna", "Ben", "Cem"])
    change(db, gid, lambda st: st.start_evening("2026-11-20"))
    change(db, gid, lambda st: st.add_game(players=["Anna", "Ben", "Cem"], loser="Ben",
                                          entry_id="e1"))
    change(db, gid, lambda st: st.add_game(players=["Anna", "Ben"], loser="Anna",
                                          record=None, schock_aus=["Anna"]))
    change(db, gid, lambda st: st.void(st.games[-1].seq))
    change(db, gid, lambda st: st.pay("Ben", None, 1))
    before = load_group(db, gid)
    db.close()

    again = open_database(path)
    st = load_group(again, gid)
    assert st.events == before.events
    assert st.games == before.games and st.payments == before.payments
    assert st.rounds_owed() == {"Anna": 0, "Ben": 0, "Cem": 0}
    assert find_group(again, "dienstag") == gid
    assert list_groups(again)[0][:2] == (gid, "Dienstag")
    with pytest.raises(DuplicateEntry):
        change(again, gid, lambda s: s.add_game(players=["Anna", "Ben"], loser="Ben", entry_id="e1"))
    assert len(load_group(again, gid).events) == len(before.events)
    with pytest.raises(InvalidInputError, match="not known"):
        find_group(again, "Freitag")
    with pytest.raises(InvalidInputError, match="no group"):
        load_group(again, "nope")
    again.close()
