"""The state machine: turns, rounds, Deckel, views and bad input, under chosen dice."""

from __future__ import annotations

import json

import pytest

from schock import IllegalActionError, InvalidInputError, load_rules
from schock.engine import (
    Game,
    Phase,
    ScriptedDice,
    Seat,
    SeededDice,
    TableDice,
    events,
    parse_action,
)
from schock.engine.record import dumps, loads
from schock.errors import RecordError


def table_game(preset: str, n: int = 3, starter: int | None = 0, **overrides: object) -> Game:
    rules = load_rules(preset)
    if overrides:
        rules = rules.replace(**overrides)
    names = ["Anna", "Ben", "Cem", "Dora", "Emil"][:n]
    return Game(rules, seats=names, dice=TableDice(), starter=starter)


def play(game: Game, *lines: str) -> None:
    for line in lines:
        seat, action = parse_action(line)
        game.apply(seat, action)


def frozen(game: Game) -> tuple[object, ...]:
    """Everything observable about a game, to show that a refused action changes nothing."""
    return (
        dumps(game),
        len(game.log),
        game.phase,
        game.actor,
        tuple(game.view(s).to_dict().__repr__() for s in [None, *range(len(game.seats))]),
    )


def refused(game: Game, line: str, *, field: str | None = None, words: str = "") -> None:
    before = frozen(game)
    seat, action = parse_action(line)
    with pytest.raises(IllegalActionError) as info:
        game.apply(seat, action)
    assert frozen(game) == before
    if field is not None:
        assert info.value.field == field
        assert f"rules field: {field}" in str(info.value)
    assert info.value.rule
    assert words in str(info.value)


# --- the examples of forbidden actions ---------------------------------------------


def test_set_aside_a_five_under_porz_is_refused() -> None:
    g = table_game("porz")
    play(g, "0 throw 5-1-3", "0 lift")
    refused(g, "0 aside 5", field="set_aside", words="only 1s")
    play(g, "0 aside 1")  # a 1 is fine


def test_set_aside_any_die_under_mosel() -> None:
    g = table_game("mosel", starter=0)
    play(g, "0 throw 5-1-3", "1 throw 2-2-2", "2 throw 4-4-4", "0 lift", "0 aside 5-3")
    assert g.view(1).turns[0].aside == (3, 5)


def test_a_fourth_throw_is_refused() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 throw 2-3-5", "0 throw 2-4-5")
    refused(g, "0 throw", field="max_throws", words="no throw left")


def test_a_throw_past_the_rounds_limit_is_refused() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 stop", "1 throw 2-3-4")
    assert g.throw_limit == 1
    refused(g, "1 throw", words="round's limit of 1")


def test_turning_sixes_on_the_last_throw_is_refused() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 throw 2-3-5", "0 throw 6-6-2")
    refused(g, "0 turn 1", field="max_throws", words="needs a throw left")


def test_turning_sixes_past_a_limit_set_by_the_first_player() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 throw 2-3-4", "0 stop", "1 throw 2-3-5", "1 throw 6-6-1")
    refused(g, "1 turn 1", words="needs a throw left")


def test_acting_out_of_turn_is_refused() -> None:
    g = table_game("porz")
    refused(g, "1 throw", words="Anna")


def test_malformed_values_are_invalid_input_not_illegal_actions() -> None:
    g = table_game("porz")
    with pytest.raises(InvalidInputError, match="bad die 7"):
        g.throw((1, 2, 7))
    with pytest.raises(InvalidInputError, match="need 3 dice"):
        g.throw((1, 2))
    assert len(g.log) == 3  # GameStarted, HalfStarted, RoundStarted


# --- Sechsen drehen --------------------------------------------------------------------------


def test_two_sixes_give_one_one_and_a_mandatory_rethrow() -> None:
    g = table_game("porz")
    play(g, "0 throw 6-6-1", "0 lift", "0 turn 1")
    refused(g, "0 stop", words="must throw again")
    refused(g, "0 aside 6", words="only 1s")
    play(g, "0 aside 1", "0 throw 1")
    result = g.view(0).turns[0]
    assert result.aside == (1, 1)
    play(g, "0 stop")
    stopped = g.log[-1]
    assert isinstance(stopped, events.Stopped)
    assert str(stopped.result) == "1-1-1/2"  # Schock Aus composed: not auf die Hand


def test_three_sixes_give_two_ones() -> None:
    g = table_game("mosel", starter=0, simultaneous_first_throw=False)
    play(g, "0 throw 6-6-6", "0 lift", "0 turn 2")
    assert g.view(1).turns[0].aside == (1, 1)
    refused(g, "0 aside 6", words="leftover 6")
    play(g, "0 throw 4", "0 stop")
    assert str(g.log[-1].result) == "1-1-4/2"  # type: ignore[attr-defined]


def test_three_sixes_may_turn_only_one_pair() -> None:
    g = table_game("mosel", starter=0, simultaneous_first_throw=False)
    play(g, "0 throw 6-6-6", "0 lift", "0 turn 1")
    refused(g, "0 turn 1", words="already turned")
    refused(g, "0 aside 6", words="leftover 6")  # neither the pair's 6 nor the third
    play(g, "0 throw 1-5")
    assert sorted(g.view(0).turns[0].cup or ()) == [1, 5]


def test_sixes_must_come_from_the_same_throw() -> None:
    g = table_game("mosel", starter=0, simultaneous_first_throw=False)
    play(g, "0 throw 6-2-3", "0 lift", "0 aside 6", "0 throw 6-4")
    refused(g, "0 turn 1", words="has 1")


def test_sixes_turning_can_be_switched_off() -> None:
    g = table_game("porz", sixes_turning=False)
    play(g, "0 throw 6-6-1", "0 lift")
    refused(g, "0 turn 1", field="sixes_turning")


# --- results, auf die Hand, throw counts -----------------------------------------------------


def test_taking_back_and_rethrowing_all_three_is_auf_die_hand() -> None:
    g = table_game("porz")
    play(g, "0 throw 1-3-4", "0 lift", "0 aside 1", "0 back 1", "0 throw 4-5-6", "0 stop")
    assert str(g.log[-1].result) == "4-5-6/2h"  # type: ignore[attr-defined]


def test_composed_strasse_is_an_einfacher_wurf_under_porz() -> None:
    g = table_game("porz", n=2)
    play(g, "0 throw 1-5-5", "0 lift", "0 aside 1", "0 throw 2-3", "0 stop", "1 throw 2-2-1")
    play(g, "1 throw 2-2-1", "1 stop")
    showdown = next(e for e in reversed(g.log) if isinstance(e, events.Showdown))
    # 3-2-1 composed is 321; Ben's 221 in 2 throws is lower
    assert showdown.ranking == (0, 1)


def test_at_least_one_die_goes_back_into_the_cup() -> None:
    g = table_game("mosel", starter=0, simultaneous_first_throw=False)
    play(g, "0 throw 1-1-2", "0 lift", "0 aside 1-1-2")
    refused(g, "0 throw", words="at least one die")


# --- who sees what ----------------------------------------------------------------------------


def test_zu_on_the_first_throw_hides_the_result_from_everybody() -> None:
    g = table_game("porz")
    play(g, "0 throw 1-1-4", "0 stop")
    for seat in (None, 0, 1, 2):
        turn = g.view(seat).turns[0]
        assert turn.cup is None and turn.result is None and turn.hidden == 3
    assert g.throw_limit == 1


def test_the_first_players_lifted_result_is_public() -> None:
    g = table_game("porz")
    play(g, "0 throw 1-1-4", "0 lift", "0 stop")
    assert g.view(2).turns[0].result is not None


def test_a_later_players_last_throw_stays_under_his_cup() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 throw 2-3-5", "0 stop", "1 throw 3-3-1")
    assert g.view(1).turns[1].cup == (1, 3, 3)  # his own
    assert g.view(0).turns[1].cup is None  # hidden from the others
    play(g, "1 throw 4-4-4")
    assert g.view(0).turns[1].history == ((1, 3, 3),)  # thrown again from: public
    play(g, "1 stop")
    assert g.view(2).turns[1].result is None
    assert g.view(1).turns[1].result is not None


def test_the_first_players_third_throw_is_covered() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "0 lift", "0 throw 2-3-5", "0 throw 3-3-1", "0 stop")
    assert g.view(1).turns[0].result is None
    assert g.view(0).turns[0].result is not None


def test_loaded_first_throws_are_hidden_until_the_turn() -> None:
    g = table_game("mosel", starter=0)
    play(g, "0 throw 2-3-5", "1 throw 1-1-6", "2 throw 4-4-4")
    assert g.phase is Phase.TURN
    assert g.view(1).turns[1].cup is None  # not even Ben has looked yet
    play(g, "0 lift", "0 throw 2-4-5")
    assert g.view(1).turns[1].cup is None
    play(g, "0 stop")
    assert g.view(1).turns[1].cup == (1, 1, 6)  # his turn: he looks
    assert g.view(0).turns[1].cup is None


def test_with_a_limit_of_one_loaded_throws_stay_unseen() -> None:
    g = table_game("irmgarteich", starter=0)
    play(g, "0 throw 2-3-5", "1 throw 1-1-6", "2 throw 4-4-4", "0 stop")
    assert g.view(1).turns[1].cup is None
    assert [type(a).__name__ for a in g.legal_actions()] == ["StopAction"]


# --- blind ------------------------------------------------------------------------------------


def test_blind_makes_one_throw_for_all_and_doubles_the_deckel() -> None:
    g = table_game("irmgarteich", starter=0)
    play(g, "0 throw 4-5-6", "1 throw 2-2-1", "2 throw 3-3-5", "0 blind")
    assert g.throw_limit == 1
    refused(g, "1 throw", words="limit of 1")
    play(g, "1 stop", "2 stop")
    given = next(e for e in reversed(g.log) if isinstance(e, events.DeckelGiven))
    # Straße 4-5-6 gives 2, doubled: Ben (221) takes 4 from the Stock
    assert (given.loser, given.giver, given.count, given.owed) == (1, None, 4, 4)


def test_blind_only_where_the_rules_allow_and_before_lifting() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5")
    refused(g, "0 blind", field="blind")
    g2 = table_game("irmgarteich", starter=0)
    play(g2, "0 throw 4-5-6", "1 throw 2-2-1", "2 throw 3-3-5", "0 lift")
    refused(g2, "0 blind", words="before lifting")


# --- Deckel -----------------------------------------------------------------------------------


def after_stock(preset: str, deckel: tuple[int, int, int], **overrides: object) -> Game:
    """A game of three whose Stock is empty, with the given holdings; Anna starts."""
    g = table_game(preset, **overrides)
    h = g._half
    h.stock = 0
    h.deckel[:] = list(deckel)
    g._begin_round(0)
    return g


def porz_after_stock(deckel: tuple[int, int, int]) -> Game:
    return after_stock("porz", deckel)


def test_once_the_stock_is_empty_the_winner_gives() -> None:
    g = porz_after_stock((5, 8, 0))
    assert g.phase is Phase.EINKAUFEN and g.actor == 2
    play(g, "2 einkaufen no", "0 throw 1-1-3", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop")
    assert g.deckel == (2, 11, 0)


def test_the_winner_gives_only_what_he_has() -> None:
    g = porz_after_stock((2, 11, 0))
    play(g, "2 einkaufen no", "0 throw 1-1-6", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop")
    assert g.over and g.loser == 1 and g.deckel == (0, 13, 0)


def test_an_einkaufen_winner_makes_the_best_ranked_holder_give() -> None:
    g = porz_after_stock((5, 8, 0))
    play(g, "2 einkaufen yes")
    assert g.round_order == (0, 1, 2)
    play(g, "0 throw 1-1-3", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop")
    play(g, "2 throw 1-1-4", "2 stop")
    # Cem (Schock 4) wins but holds nothing: Anna (Schock 3, next best) gives 4 to Ben
    assert g.deckel == (1, 12, 0)


def test_an_einkaufen_loser_is_back_in_the_game() -> None:
    g = porz_after_stock((5, 8, 0))
    play(g, "2 einkaufen yes", "0 throw 1-1-3", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop")
    play(g, "2 throw 2-2-3", "2 stop")
    assert g.deckel == (2, 8, 3)
    assert g.round_order[0] == 2  # the round's loser starts


def test_einkaufen_only_where_the_rules_allow() -> None:
    g = table_game("porz")
    refused(g, "0 einkaufen yes", field="einkaufen")


def test_a_player_without_deckel_after_the_stock_is_out() -> None:
    g = porz_after_stock((3, 5, 5))
    assert g.phase is Phase.TURN  # nobody to ask about Einkaufen
    play(g, "0 throw 1-1-3", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop", "2 throw 2-2-1")
    play(g, "2 stop")
    assert g.deckel == (0, 5, 8)
    assert any(isinstance(e, events.PlayerOut) and e.seat == 0 for e in g.log)
    assert g.phase is Phase.EINKAUFEN and g.actor == 0  # porz: Anna may buy back in
    play(g, "0 einkaufen no")
    assert g.round_order == (2, 1)


def test_schock_aus_gives_every_deckel_at_once() -> None:
    g = table_game("porz")
    play(g, "0 throw 1-1-1", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop", "2 throw 4-4-6")
    play(g, "2 stop")
    assert g.over and g.loser == 1 and g.deckel == (0, 13, 0) and g.stock == 0


def test_mosel_most_deckel_starts_once_the_stock_is_empty() -> None:
    g = after_stock("mosel", (3, 7, 3), simultaneous_first_throw=False)
    play(g, "0 throw 2-2-3", "0 lift", "0 stop", "1 throw 1-1-2", "1 stop", "2 throw 3-3-4")
    play(g, "2 stop")
    # Anna loses 2 from Ben: 5, 5, 3; tie for most between Anna (loser) and Ben: Anna
    assert g.deckel == (5, 5, 3) and g.round_starter == 0


def test_mosel_most_deckel_tie_without_the_loser_goes_clockwise_from_him() -> None:
    g = after_stock("mosel", (6, 6, 1), simultaneous_first_throw=False)
    play(g, "0 throw 1-1-2", "0 lift", "0 stop", "1 throw 3-3-4", "1 stop", "2 throw 2-2-3")
    play(g, "2 stop")
    assert g.deckel == (4, 6, 3) and g.round_starter == 1


# --- Strafdeckel and void throws --------------------------------------------------------------


def test_strafdeckel_from_the_stock_under_porz_and_nothing_once_it_is_empty() -> None:
    g = table_game("porz")
    play(g, "0 throw 2-3-5", "1 strafdeckel 2")
    assert g.deckel == (0, 2, 0) and g.stock == 11
    g2 = porz_after_stock((5, 8, 0))
    play(g2, "2 einkaufen no", "1 strafdeckel 1")
    assert g2.deckel == (5, 8, 0)


def test_strafdeckel_under_mosel_comes_from_the_right_once_the_stock_is_empty() -> None:
    g = after_stock("mosel", (4, 0, 9))
    play(g, "0 strafdeckel 1")
    # to the right of Anna (seat 0) is seat 2, against the direction of play
    assert g.deckel == (5, 0, 8)


def test_strafdeckel_only_where_the_rules_allow() -> None:
    g = table_game("niederrhein")
    refused(g, "0 strafdeckel 1", field="strafdeckel")
    g2 = table_game("porz")
    with pytest.raises(InvalidInputError, match="items must be 1 to 4"):
        g2.strafdeckel(0, 5)


def test_a_void_throw_is_thrown_again() -> None:
    g = table_game("porz")
    play(g, "0 throw 1-1-4", "0 void")
    assert g.view(0).turns[0].throws == 0
    play(g, "0 throw 2-2-3", "0 lift", "0 stop")
    assert str(g.log[-1].result) == "2-2-3/1h"  # type: ignore[attr-defined]
    refused(g, "0 void", words="only the throw just made")


def test_void_of_a_later_throw_restores_the_dice_set_aside() -> None:
    g = table_game("porz")
    play(g, "0 throw 1-3-4", "0 lift", "0 aside 1", "0 throw 2-5", "0 void")
    t = g.view(0).turns[0]
    assert (t.throws, t.aside) == (1, (1,))
    play(g, "0 throw 1-6", "0 stop")
    assert str(g.log[-1].result) == "1-1-6/2"  # type: ignore[attr-defined]


# --- openings and halves ----------------------------------------------------------------------


def test_one_die_opening_lowest_begins_under_mosel_with_ties_thrown_again() -> None:
    g = Game(load_rules("mosel"), seats=["A", "B", "C"], dice=ScriptedDice([2, 2, 5, 4, 3]))
    for _ in range(5):
        g.throw()
    decided = [e for e in g.log if isinstance(e, events.RollOffDecided)]
    assert decided[0].seat == 1 and g.round_starter == 1


def test_porz_opening_round_lowest_receives_per_the_highest() -> None:
    g = Game(
        load_rules("porz"),
        seats=[Seat("A", 40), Seat("B", 19), Seat("C", 25)],
        dice=ScriptedDice([6, 5, 4, 3, 2, 2, 2, 3, 5]),
    )
    for _ in range(3):
        g.throw()
    # Straße 4-5-6 (auf die Hand) gives 2; B's 322 is lower than C's 532
    assert g.deckel == (0, 2, 0) and g.round_starter == 1


def test_porz_opening_round_tie_for_lowest_youngest_loses() -> None:
    g = Game(
        load_rules("porz"),
        seats=[Seat("A", 40), Seat("B", 19), Seat("C", 25)],
        dice=ScriptedDice([1, 1, 5, 2, 2, 3, 3, 2, 2]),
    )
    for _ in range(3):
        g.throw()
    decided = [e for e in g.log if isinstance(e, events.RollOffDecided)]
    assert (decided[0].seat, decided[0].by) == (1, "age")
    assert g.deckel == (0, 5, 0) and g.round_starter == 1


def test_opening_round_tie_without_ages_is_a_roll_off_lowest_loses() -> None:
    g = Game(
        load_rules("niederrhein"),
        seats=["A", "B", "C"],
        dice=ScriptedDice([1, 1, 5, 2, 2, 3, 3, 2, 2, 4, 1]),
    )
    for _ in range(5):
        g.throw()
    assert g.deckel == (0, 0, 5) and g.round_starter == 2


def test_seat_and_game_arguments_are_checked() -> None:
    rules = load_rules("porz")
    with pytest.raises(InvalidInputError, match="2 to 12 seats"):
        Game(rules, seats=["A"])
    with pytest.raises(InvalidInputError, match="must differ"):
        Game(rules, seats=["A", "A"])
    with pytest.raises(InvalidInputError, match="starter"):
        Game(rules, seats=["A", "B"], starter=2)
    with pytest.raises(InvalidInputError, match="age"):
        Seat("A", -1)
    with pytest.raises(InvalidInputError, match="name"):
        Seat(" ")
    with pytest.raises(InvalidInputError, match="Rules"):
        Game("porz", seats=["A", "B"])  # type: ignore[arg-type]


def test_durchmarsch_ends_the_game_without_a_final() -> None:
    g = table_game("mosel", starter=0, simultaneous_first_throw=False)
    play(g, "0 throw 1-1-1", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop", "2 throw 2-2-1")
    play(g, "2 stop")
    assert g.half_number == 2 and g.round_order == (2, 0, 1)  # the half's loser starts
    play(g, "2 throw 2-2-1", "2 lift", "2 stop", "0 throw 1-1-1", "0 stop", "1 throw 2-3-5")
    play(g, "1 stop")
    assert g.over and g.durchmarsch and g.loser == 2
    assert [e.seat for e in g.log if isinstance(e, events.HalfLost)] == [2, 2]


def test_two_half_losers_play_the_final_started_by_the_first() -> None:
    g = table_game("mosel", starter=0, simultaneous_first_throw=False)
    play(g, "0 throw 1-1-1", "0 lift", "0 stop", "1 throw 2-3-5", "1 stop", "2 throw 2-2-1")
    play(g, "2 stop", "2 throw 1-1-1", "2 lift", "2 stop", "0 throw 3-4-6", "0 stop")
    play(g, "1 throw 2-2-1", "1 stop")
    assert g.half_number == 3 and g.players == (1, 2) and g.round_order == (2, 1)
    play(g, "2 throw 2-2-1", "2 lift", "2 stop", "1 throw 1-1-1", "1 stop")
    assert g.over and not g.durchmarsch and g.loser == 2


def test_record_bot_kinds_round_trip_and_bad_values() -> None:
    g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0, dice=SeededDice(1))
    text = dumps(g, bots=[None, "optimal"])
    assert json.loads(text)["seats"] == [{"name": "Anna"}, {"name": "Ben", "bot": "optimal"}]
    assert loads(text).bots == (None, "optimal")
    with pytest.raises(InvalidInputError, match="one entry per seat"):
        dumps(g, bots=["random"])
    data = json.loads(text)
    data["seats"][1]["bot"] = 7
    with pytest.raises(RecordError, match=r"seats\[1\].bot: expected the name of a bot kind"):
        loads(json.dumps(data))
