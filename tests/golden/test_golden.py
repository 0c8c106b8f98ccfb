"""Golden game records: hand-checked games, one or more per preset (like perft files).

Every ``records/<preset>-<topic>.json`` is a game record in the documented
format; its sidecar ``<preset>-<topic>.expect.json`` holds what was worked
out by hand from docs/rules.md and the seeds (not copied from the engine):

* ``loser``, ``half_losers`` (in order) and ``durchmarsch`` of the game;
* ``checkpoints``: after action index ``after`` (the state of
  ``replay(record, upto=after + 1)``), the Stock, every seat's Deckel, and the
  events that action set off: the Showdown ranking (best first), DeckelGiven
  (loser, giver or null for the Stock, count), who starts the next round, ...;
* ``covers``: tags of the rules the record exercises (checked as a whole below);
* ``why``: the hand check in words.

The refusal checks at the end use states from the golden records: things a
record cannot hold, because records hold only legal actions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from schock import IllegalActionError
from schock.engine import Game, Phase, StopAction, events
from schock.engine.record import Record, loads, replay

HERE = Path(__file__).parent
RECORDS = HERE / "records"
RECORD_FILES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expect.json"))

CHECKPOINT_KEYS = {
    "after", "note", "stock", "deckel", "actor", "players", "in_half", "showdown",
    "showdown_best", "deckel_given", "round_started", "rolloff_decided", "half_lost",
    "game_lost", "player_out", "strafdeckel", "einkauf", "voided",
}

# What the golden records must cover between them (see the brief in the module docstring).
REQUIRED_COVERAGE = {
    "schock_aus", "schock_hand", "schock_aus_vs_schock_aus_seat_order", "durchmarsch", "final",
    "final_starter_first_half_loser", "final_starter_rolloff", "einkaufen_join_no_loss",
    "einkaufen_join_loses", "blind", "opening_one_die_high", "opening_one_die_low",
    "opening_tie_rethrown", "opening_round", "opening_tie_rolloff", "opening_tie_youngest",
    "sixes_two_to_one", "sixes_three_to_two", "sixes_three_one_pair", "laden",
    "starter_most_deckel", "fewer_throws_better", "mit_ist_shit_seat_order",
    "general_beats_schock_doof", "throw_limit", "strafdeckel_stock", "strafdeckel_right",
    "void_throw", "stock_empty_passing", "player_out",
}


def _load(name: str) -> Record:
    return loads((RECORDS / name).read_text(encoding="utf-8"))


def _expect(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        path.with_name(path.stem + ".expect.json").read_text(encoding="utf-8")
    )
    return data


def _new_events(record: Record, k: int) -> tuple[Game, list[events.Event]]:
    """The state after action ``k`` and the events that action ``k`` set off."""
    before = replay(record, upto=k)
    after = replay(record, upto=k + 1)
    assert after.log[: len(before.log)] == before.log
    return after, after.log[len(before.log):]


def _only(evs: list[events.Event], kind: type[events.Event]) -> list[Any]:
    return [e for e in evs if isinstance(e, kind)]


def _one(evs: list[events.Event], kind: type[events.Event], where: str) -> Any:
    found = _only(evs, kind)
    assert len(found) == 1, f"{where}: expected one {kind.__name__}, got {found}"
    return found[0]


def _snapshot(game: Game) -> tuple[object, ...]:
    """Everything a refused action must leave unchanged."""
    return (
        tuple(game.log), tuple(game.actions), game.phase, game.actor, game.stock, game.deckel,
        game.throw_limit, game.legal_actions(), game.view(None),
    )


# ---------------------------------------------------------------------------- the records


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.stem)
def test_record_replays_to_the_hand_checked_end(path: Path) -> None:
    record = loads(path.read_text(encoding="utf-8"))
    assert path.stem.split("-")[0] == record.rules.id
    want = _expect(path)
    game = replay(record)  # also checks the record's own "result"
    assert game.over
    assert game.loser == want["loser"]
    assert game.half_losers == want["half_losers"]
    assert game.durchmarsch is want["durchmarsch"]
    assert len(game.actions) == len(record.actions)
    lost = _only(game.log, events.GameLost)
    assert [(e.seat, e.durchmarsch) for e in lost] == [(want["loser"], want["durchmarsch"])]
    assert [e.seat for e in _only(game.log, events.HalfLost)] == want["half_losers"]


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.stem)
def test_record_checkpoints(path: Path) -> None:
    record = loads(path.read_text(encoding="utf-8"))
    want = _expect(path)
    assert want["checkpoints"], "a sidecar needs checkpoints"
    for cp in want["checkpoints"]:
        unknown = set(cp) - CHECKPOINT_KEYS
        assert not unknown, f"{path.name}: unknown checkpoint keys {unknown}"
        k = cp["after"]
        where = f"{path.stem} after action {k} {record.actions[k]!r}"
        game, new = _new_events(record, k)
        if "stock" in cp:
            assert game.stock == cp["stock"], where
        if "deckel" in cp:
            assert list(game.deckel) == cp["deckel"], where
        if "actor" in cp:
            assert game.actor == cp["actor"], where
        if "players" in cp:
            assert list(game.players) == cp["players"], where
        for seat, inside in cp.get("in_half", {}).items():
            assert game.in_half(int(seat)) is inside, f"{where}: seat {seat} in half"
        if "showdown" in cp:
            sd = _one(new, events.Showdown, where)
            assert list(sd.ranking) == cp["showdown"], where
        if "showdown_best" in cp:
            sd = _one(new, events.Showdown, where)
            assert sd.ranking[0] == cp["showdown_best"], where
        if "deckel_given" in cp:
            dg = _one(new, events.DeckelGiven, where)
            exp = cp["deckel_given"]
            got = {"loser": dg.loser, "giver": dg.giver, "count": dg.count, "owed": dg.owed,
                   "all_deckel": dg.all_deckel}
            assert {key: got[key] for key in exp} == exp, where
            if "all_deckel" not in exp:
                assert not dg.all_deckel, where
        elif "showdown" in cp:
            assert not _only(new, events.DeckelGiven), where
        if "round_started" in cp:
            rs = _only(new, events.RoundStarted)
            assert rs, f"{where}: no new round"
            got_rs = {"starter": rs[-1].starter, "order": list(rs[-1].order)}
            assert got_rs == cp["round_started"], where
        if "rolloff_decided" in cp:
            rd = _one(new, events.RollOffDecided, where)
            assert [rd.purpose, rd.seat, rd.by] == cp["rolloff_decided"], where
        if "half_lost" in cp:
            hl = _one(new, events.HalfLost, where)
            assert hl.seat == cp["half_lost"], where
        else:
            assert not _only(new, events.HalfLost), where
        if "game_lost" in cp:
            gl = _one(new, events.GameLost, where)
            assert [gl.seat, gl.durchmarsch] == cp["game_lost"], where
        else:
            assert not game.over, where
        if "player_out" in cp:
            assert [e.seat for e in _only(new, events.PlayerOut)] == cp["player_out"], where
        if "strafdeckel" in cp:
            sg = _one(new, events.StrafdeckelGiven, where)
            assert [sg.seat, sg.giver, sg.count] == cp["strafdeckel"], where
        if "einkauf" in cp:
            ek = _one(new, events.Einkauf, where)
            assert [ek.seat, ek.join] == cp["einkauf"], where
        if "voided" in cp:
            tv = _one(new, events.ThrowVoided, where)
            assert tv.seat == cp["voided"], where


def test_every_preset_has_a_golden_record() -> None:
    from schock import PRESETS

    presets = {p.stem.split("-")[0] for p in RECORD_FILES}
    assert set(PRESETS) <= presets


def test_golden_records_cover_the_rules() -> None:
    covered: set[str] = set()
    for path in RECORD_FILES:
        want = _expect(path)
        assert want["why"].strip()
        covered |= set(want["covers"])
    assert covered >= REQUIRED_COVERAGE, sorted(REQUIRED_COVERAGE - covered)


def test_records_hold_table_dice_for_every_throw() -> None:
    for path in RECORD_FILES:
        record = loads(path.read_text(encoding="utf-8"))
        assert record.dice == {"source": "table"}
        for text in record.actions:
            parts = text.split()
            if parts[1] == "throw":
                assert len(parts) == 3, f"{path.name}: {text!r} has no dice"


# ---------------------------------------------------------------------------- refusals


def test_ferschweiler_sets_aside_only_ones() -> None:
    # Ben lifted 1-6-6 (half 2, round 1): the 6s may only be turned, never set aside.
    record = _load("ferschweiler-schockhand-final.json")
    game = replay(record, upto=33)
    assert record.actions[32] == "1 lift"
    snap = _snapshot(game)
    assert not game.can_set_aside((6,))
    with pytest.raises(IllegalActionError, match="only 1s"):
        game.set_aside((6,), seat=1)
    assert _snapshot(game) == snap
    assert game.can_set_aside((1,)) and game.can_turn_sixes(1) and not game.can_turn_sixes(2)


def test_porz_must_throw_after_turning_and_never_sets_aside_a_five() -> None:
    record = _load("porz-einkaufen.json")
    game = replay(record, upto=7)
    assert record.actions[6] == "1 turn 1"
    snap = _snapshot(game)
    assert not game.can_stop()
    with pytest.raises(IllegalActionError):
        game.stop(seat=1)
    # the leftover 6 goes back into the cup: no Schock 6 by keeping it
    assert not game.can_set_aside((6,))
    assert not game.can_turn_sixes(1)
    assert _snapshot(game) == snap

    game = replay(record, upto=8)
    assert record.actions[7] == "1 throw 1-5"
    snap = _snapshot(game)
    with pytest.raises(IllegalActionError, match="only 1s"):
        game.set_aside((5,), seat=1)
    assert _snapshot(game) == snap
    assert game.can_set_aside((1,))


def test_porz_strafdeckel_and_einkaufen_only_where_allowed() -> None:
    record = _load("porz-einkaufen.json")
    game = replay(record, upto=21)  # Cem decides on Einkaufen
    assert game.phase is Phase.EINKAUFEN
    snap = _snapshot(game)
    assert not game.can_einkaufen(True, seat=0)
    assert not game.can_throw()
    assert _snapshot(game) == snap
    game = replay(record, upto=22)  # Cem bought in; Ben throws first
    assert not game.can_einkaufen(True)


def test_mosel_no_turning_on_the_last_throw_and_no_throw_beyond_the_limit() -> None:
    # Half 2: Anna stopped after 2 throws; Cem's 2nd throw 3-6-6 is his last.
    record = _load("mosel-stock-durchmarsch.json")
    game = replay(record, upto=67)
    assert record.actions[66] == "2 throw 3-6-6"
    assert game.throw_limit == 2
    snap = _snapshot(game)
    assert not game.can_turn_sixes(1)
    with pytest.raises(IllegalActionError, match="last throw"):
        game.turn_sixes(1, seat=2)
    assert not game.can_throw()
    with pytest.raises(IllegalActionError, match="limit"):
        game.throw((1, 1, 1), seat=2)
    assert not game.can_set_aside((6, 6))
    assert not game.can_einkaufen()
    assert not game.can_blind()
    assert _snapshot(game) == snap
    assert game.legal_actions() == [StopAction()]


def test_mosel_void_only_right_after_a_throw() -> None:
    record = _load("mosel-stock-durchmarsch.json")
    game = replay(record, upto=28)  # after "0 aside 1"
    assert record.actions[27] == "0 aside 1"
    assert not game.can_void_throw()
    game = replay(record, upto=29)  # after "0 throw 4-4"
    assert game.can_void_throw(seat=0) and not game.can_void_throw(seat=1)


def test_niederrhein_later_player_bound_by_the_limit() -> None:
    # Final, round 1: Ben stood on his first throw; Anna may not throw a second time.
    record = _load("niederrhein-general-final.json")
    game = replay(record, upto=38)
    assert record.actions[37] == "0 throw 1-2-2"
    snap = _snapshot(game)
    assert game.throw_limit == 1
    assert not game.can_throw()
    with pytest.raises(IllegalActionError):
        game.throw((1, 1, 1), seat=0)
    assert not game.can_strafdeckel(0)  # niederrhein gives no Strafdeckel
    assert not game.can_blind()
    assert _snapshot(game) == snap


def test_irmgarteich_blind_only_before_lifting_and_leftover_six_is_rethrown() -> None:
    record = _load("irmgarteich-blind.json")
    game = replay(record, upto=18)
    assert record.actions[17] == "0 lift"
    snap = _snapshot(game)
    assert not game.can_blind()
    with pytest.raises(IllegalActionError):
        game.blind(seat=0)
    assert _snapshot(game) == snap

    # after "2 blind": one throw for all, the others may neither look nor throw again
    game = replay(record, upto=12)
    assert game.throw_limit == 1 and game.actor == 0
    assert not game.can_throw() and not game.can_set_aside((2,)) and not game.can_lift()

    # Ben turned 6-6-6 into 1-1: the third 6 must be thrown again
    game = replay(record, upto=22)
    assert record.actions[21] == "1 turn 2"
    snap = _snapshot(game)
    assert not game.can_stop()
    assert not game.can_set_aside((6,))
    with pytest.raises(IllegalActionError):
        game.set_aside((6,), seat=1)
    assert _snapshot(game) == snap
