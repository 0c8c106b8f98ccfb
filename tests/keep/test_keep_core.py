"""Scorekeeping under every preset: results, throw by throw, Strafdeckel, void throws,
blind, a Finale, refusals with the rule named, undo."""

from __future__ import annotations

import pytest

from schock.engine import Phase, ThrowAction
from schock.engine.record import dumps as dumps_record
from schock.engine.record import loads, replay
from schock.errors import IllegalActionError, InvalidInputError, RecordError
from schock.keep import Result, Scorekeeper, loads_keep, parse_entry, refusal, result_actions
from schock.rules import PRESETS, load_rules

NAMES = ["Anna", "Ben", "Cem"]


def keeper(preset: str, n: int = 2, starter: int | None = 0) -> Scorekeeper:
    return Scorekeeper(load_rules(preset), NAMES[:n], starter=starter)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_round_of_results_gives_the_deckel(preset: str) -> None:
    k = keeper(preset)
    k.result(0, (1, 1, 4), 2, kept=(1, 1))
    assert k.game.deckel == (0, 0)  # the round is not over
    k.result(1, (2, 3, 5), 1)
    assert k.game.deckel == (0, 4) and k.game.stock == 9
    assert k.expecting().kind == "result" and k.expecting().seat == 1  # the loser starts
    rec = k.record()
    # Anna's first throw: the two 1s and one die not entered (a placeholder 2)
    (index, filled), = rec["dice"]["placeholders"]
    assert rec["dice"]["source"] == "table" and filled == 1
    assert rec["actions"][index] == "0 throw 1-1-2"
    assert "0 aside 1-1" in rec["actions"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_schock_aus_ends_the_game_or_half_and_the_record_replays(preset: str) -> None:
    k = keeper(preset)
    k.result(0, (1, 1, 1), 1)
    k.result(1, (2, 2, 3), 1)
    rules = load_rules(preset)
    if rules.structure.value == "one_half":
        assert k.over and k.game.loser == 1
        again = replay(loads(dumps_record(k.game)))
        assert again.loser == 1
    else:
        assert not k.over and k.game.half_number == 2 and k.game.half_losers == [1]


@pytest.mark.parametrize("preset", ["mosel", "niederrhein", "ferschweiler"])
def test_a_finale_in_a_halves_preset(preset: str) -> None:
    k = keeper(preset)
    k.result(0, (1, 1, 1), 1)
    k.result(1, (2, 2, 3), 1)  # Ben loses the first half and starts the second
    k.result(1, (1, 1, 1), 2, kept=(1, 1))
    k.result(0, (2, 2, 3), 1)  # Anna loses the second half: a Finale
    assert k.game.half_kind.value == "final"
    if k.expecting().kind == "roll_off":  # ferschweiler: the final's starter is drawn
        k.act(0, "throw 5")
        k.act(1, "throw 2")
    first = k.game.actor
    assert first is not None
    k.result(first, (1, 1, 1), 1)
    k.result(1 - first, (3, 4, 6), 1)
    assert k.over and k.game.loser == 1 - first and not k.game.durchmarsch
    assert replay(loads(dumps_record(k.game))).loser == 1 - first


def test_durchmarsch() -> None:
    k = keeper("mosel")
    k.result(0, (1, 1, 1), 1)
    k.result(1, (2, 2, 3), 1)
    k.result(1, (2, 2, 3), 1)
    k.result(0, (1, 1, 1), 1)
    assert k.over and k.game.durchmarsch and k.game.loser == 1


def test_blind_in_irmgarteich_doubles_the_deckel() -> None:
    k = keeper("irmgarteich")
    k.result(0, (1, 1, 4), 1, blind=True)
    with pytest.raises(IllegalActionError) as exc:
        k.result(1, (6, 6, 6), 2)  # a blind round is one throw
    assert "docs/rules.md, A turn 1" in str(exc.value)
    k.result(1, (2, 3, 5), 1)
    assert k.game.deckel == (0, 8)
    assert "0 blind" in k.record()["actions"]


def test_blind_is_refused_where_the_rules_have_none() -> None:
    k = keeper("porz")
    with pytest.raises(IllegalActionError) as exc:
        k.result(0, (1, 1, 4), 1, blind=True)
    assert exc.value.field == "blind" and "docs/rules.md, Blind" in str(exc.value)
    assert k.entries == [] and k.game.stock == 13


def test_blind_with_more_throws_names_the_rule() -> None:
    k = keeper("irmgarteich")
    with pytest.raises(IllegalActionError, match="blind round is one throw"):
        k.result(0, (1, 1, 4), 2, kept=(1, 1), blind=True)


@pytest.mark.parametrize("preset", ["porz", "mosel"])
def test_strafdeckel_from_the_stock(preset: str) -> None:
    k = keeper(preset)
    k.strafdeckel(1, 2)  # a die and the cup fell off the table
    assert k.game.deckel == (0, 2) and k.game.stock == 11
    assert "1 strafdeckel 2" in k.record()["actions"]


def test_strafdeckel_in_mosel_takes_from_the_right_once_the_stock_is_empty() -> None:
    k = keeper("mosel", 3)
    k.result(0, (1, 1, 6), 1)
    k.result(1, (2, 3, 5), 1)
    k.result(2, (3, 4, 6), 1)  # Ben 6
    k.result(1, (1, 1, 6), 1)
    k.result(2, (2, 3, 5), 1)
    k.result(0, (3, 4, 6), 1)  # Cem 6
    assert k.game.stock == 1
    k.strafdeckel(0, 1)  # Anna: the last from the Stock
    assert k.game.stock == 0 and k.game.deckel == (1, 6, 6)
    k.strafdeckel(0, 1)  # now from the next player to the right holding Deckel: Cem
    assert k.game.deckel == (2, 6, 5)


@pytest.mark.parametrize("preset", ["ferschweiler", "irmgarteich", "niederrhein"])
def test_strafdeckel_refused_where_the_rules_have_none(preset: str) -> None:
    k = keeper(preset)
    with pytest.raises(IllegalActionError) as exc:
        k.strafdeckel(0)
    assert exc.value.rule == "docs/rules.md, Deckel: Strafdeckel" and exc.value.field == "strafdeckel"
    assert "Strafdeckel" in refusal(exc.value, "de")
    assert k.entries == []


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_void_throw_throw_by_throw(preset: str) -> None:
    k = keeper(preset)
    if k.game.phase is Phase.LOADING:
        k.act(0, "throw 1-1-4")
        k.void(0)  # Türmchen: thrown again
        assert k.expecting() == k.expecting().__class__("result", 0)
        k.act(0, "throw 2-3-5")
        k.act(1, "throw 3-3-4")
        k.act(0, "stop")
    else:
        k.act(0, "throw 1-1-4")
        k.void(0)
        k.act(0, "throw 2-3-5")
        k.act(0, "stop")
    assert "0 void" in k.record()["actions"]
    game = replay(loads(dumps_record(k.game)))
    assert game.log == k.game.log


def test_void_after_a_result_is_refused() -> None:
    k = keeper("porz")
    k.result(0, (2, 3, 5), 1)
    with pytest.raises(IllegalActionError) as exc:
        k.void(0)
    assert exc.value.rule == "docs/rules.md, Deckel: Türmchen / Kippe"


def test_refusals_name_the_rule_and_change_nothing() -> None:
    k = keeper("porz", 3)
    k.result(0, (1, 1, 4), 2, kept=(1, 1))
    before = (list(k.entries), k.record())
    cases = [
        (dict(seat=1, dice=(4, 5, 6), throws=3), "docs/rules.md, A turn 1", "höchstens 2-mal"),
        (dict(seat=1, dice=(4, 5, 6), throws=2, kept=(5,)), "A turn 2", "nur Einsen"),
        (dict(seat=2, dice=(4, 5, 6), throws=1), "Who starts", "Ben ist am Zug"),
        (
            dict(seat=1, dice=(1, 2, 3), throws=2, kept=(1,), claim="strasse"),
            "A turn 5",
            "zählt bei porz als einfacher Wurf",
        ),
    ]
    for kwargs, rule, german in cases:
        with pytest.raises(IllegalActionError) as exc:
            k.result(**kwargs)  # type: ignore[arg-type]
        assert rule in str(exc.value)
        de = refusal(exc.value, "de")
        assert german in de and "Regeln:" in de
        assert (list(k.entries), k.record()) == before


def test_a_fourth_throw_is_refused() -> None:
    k = keeper("mosel")
    with pytest.raises(IllegalActionError) as exc:
        k.result(0, (2, 3, 5), 4)
    assert exc.value.field == "max_throws"
    assert "höchstens 3-mal" in refusal(exc.value, "de")


def test_composed_strasse_counts_as_straße_in_irmgarteich() -> None:
    k = keeper("irmgarteich")
    k.result(0, (1, 2, 3), 2, kept=(1,), claim="strasse")
    k.result(1, (2, 2, 5), 2)
    assert k.game.deckel == (0, 2)


def test_composed_strasse_counts_as_einfach_in_porz() -> None:
    k = keeper("porz")
    with pytest.raises(IllegalActionError) as exc:
        k.result(0, (1, 2, 3), 2, kept=(1,), claim="strasse")
    assert exc.value.field == "strasse_on_hand"
    k.result(0, (1, 2, 3), 2, kept=(1,))  # as einfacher Wurf 321
    k.result(1, (1, 2, 2), 1)  # 221 is below 321
    assert k.game.deckel == (0, 1)


def test_turned_sixes() -> None:
    k = keeper("porz")
    k.result(0, (1, 1, 4), 3, kept=(1, 1), turned=1)
    assert "0 turn 1" in k.record()["actions"]
    with pytest.raises(IllegalActionError) as exc:
        k.result(1, (1, 3, 4), 1, kept=(1,), turned=1)
    assert exc.value.rule is not None
    k.result(1, (1, 1, 6), 3, kept=(1, 1), turned=2)
    assert k.game.deckel == (6, 0)


def test_a_kept_six_with_a_turned_one_needs_three_throws() -> None:
    k = keeper("mosel")
    with pytest.raises(IllegalActionError, match="at least 3 throws"):
        k.result(0, (1, 5, 6), 2, kept=(1, 6), turned=1)
    k.result(0, (1, 5, 6), 3, kept=(1, 6), turned=1)
    acts = [a for a in k.game.actions if a[0] == 0]
    assert len(acts) > 0


def test_result_actions_are_explicit() -> None:
    acts = result_actions(Result((1, 1, 4), 2, kept=(1, 1)), first=False, loaded=False)
    assert [type(a).__name__ for a in acts] == [
        "ThrowAction",
        "SetAsideAction",
        "ThrowAction",
        "StopAction",
    ]
    assert acts[2] == ThrowAction((4,))


def test_laden_round_waits_for_the_whole_round_and_checks_each_entry() -> None:
    k = keeper("mosel", 3)
    k.result(0, (1, 1, 4), 2, kept=(1, 1))
    assert k.pending and k.record()["actions"] == []
    with pytest.raises(IllegalActionError):
        k.result(1, (2, 3, 5), 3)  # over the limit of 2
    with pytest.raises(IllegalActionError, match="laden"):
        k.strafdeckel(1)
    k.result(1, (2, 3, 5), 2)
    k.result(2, (3, 4, 6), 1)
    assert not k.pending and k.game.deckel == (0, 4, 0)


def test_opening_round_results() -> None:
    k = Scorekeeper(load_rules("niederrhein"), NAMES)
    assert k.expecting().kind == "result"
    with pytest.raises(IllegalActionError, match="opening round"):
        k.result(0, (1, 1, 4), 2, kept=(1, 1))
    k.result(0, (1, 1, 4), 1)
    k.result(1, (2, 3, 5), 1)
    k.result(2, (4, 4, 6), 1)
    assert k.game.deckel == (0, 4, 0)


def test_roll_off_and_einkaufen_entries() -> None:
    k = Scorekeeper(load_rules("mosel"), NAMES[:2])
    assert k.expecting().kind == "roll_off"
    k.act(0, ThrowAction((3,)))
    k.act(1, ThrowAction((5,)))
    assert k.game.round_starter == 0  # mosel: lowest begins


def test_undo_drops_only_the_last_entry() -> None:
    k = keeper("mosel", 3)
    k.result(0, (1, 1, 4), 2, kept=(1, 1))
    k.result(1, (2, 3, 5), 2)
    k.result(2, (3, 4, 6), 1)
    k.strafdeckel(1)
    assert k.game.deckel == (0, 5, 0)
    assert k.undo()[1].__class__.__name__ == "StrafdeckelAction"
    assert k.game.deckel == (0, 4, 0) and len(k.entries) == 3
    k.undo()
    assert k.pending and k.game.deckel == (0, 0, 0)
    k.result(2, (3, 4, 6), 1)
    assert k.game.deckel == (0, 4, 0)
    for _ in range(3):
        k.undo()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        k.undo()


def test_save_and_resume() -> None:
    k = keeper("porz")
    k.result(0, (1, 1, 4), 2, kept=(1, 1))
    k.result(1, (2, 3, 5), 1)
    again = loads_keep(k.dumps())
    assert again.entries == k.entries and again.game.deckel == (0, 4)
    from_record = loads_keep(dumps_record(k.game))  # a record with table dice keeps on too
    assert from_record.game.deckel == (0, 4)


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"format": "schock-keep", "version": 2}',
        '{"format": "schock-keep", "version": 1, "rules": {"preset": "porz"}, '
        '"seats": [{"name": "A"}, {"name": "B"}], "starter": 0, "entries": ["0 result 9-9-9 1"]}',
        '{"format": "schock-keep", "version": 1, "rules": {"preset": "porz"}, '
        '"seats": [{"name": "A"}, {"name": "B"}], "starter": 0, "entries": ["1 result 2-3-5 1"]}',
    ],
)
def test_bad_kept_files_are_refused(text: str) -> None:
    with pytest.raises(RecordError):
        loads_keep(text)


def test_bad_entries() -> None:
    with pytest.raises(InvalidInputError, match="not all among"):
        Result((1, 2, 3), 2, kept=(4,))
    with pytest.raises(InvalidInputError):
        parse_entry("0 result 1-1-4 2 foo")
    with pytest.raises(IllegalActionError, match="auf die Hand"):
        Result((1, 1, 4), 1, kept=(1,))
    with pytest.raises(InvalidInputError, match="seat"):
        keeper("porz").result(7, (1, 2, 3), 1)


def test_placeholders_round_trip_and_bad_ones_are_refused() -> None:
    from schock.engine.record import dumps, from_json

    k = keeper("mosel", 3)
    for seat, res in ((0, Result((1, 1, 4), 3, kept=(1, 1))), (1, Result((2, 3, 5), 1)),
                      (2, Result((4, 5, 6), 2))):
        k.enter(seat, res)
    rec = k.record()
    game = replay(loads(dumps(replay(from_json(rec)))))
    assert game.dice.describe() == rec["dice"] and rec["dice"]["placeholders"]
    for bad in ([[0, 4]], [[-1, 1]], [[0]], "x", [[True, 1]]):
        with pytest.raises(RecordError, match="placeholders"):
            from_json({**rec, "dice": {"source": "table", "placeholders": bad}})
