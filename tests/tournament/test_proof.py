"""A table's game from an engine game record: the record is the proof of the result."""

from __future__ import annotations

import pytest

from schock import load_rules
from schock.bots import make_bot, play_game
from schock.engine import Automation, Game, SeededDice
from schock.engine.record import to_json
from schock.tournament.domain import Refused, Tournament
from schock.tournament.format import load_format
from schock.tournament.proof import ranking_from_game


def played(rules: str, seats: list[str], seed: int = 4) -> Game:
    g = Game(load_rules(rules), seats=seats, dice=SeededDice(seed), automations=set(Automation))
    play_game(g, [make_bot("heuristic", seed=i) for i in range(len(seats))])
    return g


def setup(fmt: str = "irmgarteich") -> Tournament:
    t = Tournament.create(name="R", fmt=load_format(fmt), id="r")
    for n in ("Anna", "Ben", "Cem", "Dora"):
        t.checkin(t.register(n).number)
    t.draw(tables=[[1, 2], [3, 4]] if fmt == "mosel" else [[1, 2, 3, 4]])
    return t


@pytest.mark.parametrize("seed", range(6))
def test_a_record_gives_loser_order_and_schock_aus(seed: int) -> None:
    t = setup()
    game = played("irmgarteich", ["Dora", "1 Anna", "Ben", "Cem"], seed)
    entered = t.enter_record(1, 1, 1, to_json(game))
    seat_of = {"Dora": 4, "1 Anna": 1, "Ben": 2, "Cem": 3}
    assert entered.loser == seat_of[game.seats[game.loser].name]
    _, out, schock = ranking_from_game(game)
    assert [len(g) for g in entered.out] == [len(g) for g in out]
    assert sum(n for _, n in entered.schock_aus) == sum(schock.values())
    assert entered.record is not None


def test_halves_and_final_give_loser_and_finalist() -> None:
    game = played("mosel", ["A", "B", "C"], 2)
    loser, out, _ = ranking_from_game(game)
    assert loser == game.loser
    assert sorted([*(s for g in out for s in g), loser]) == [0, 1, 2]
    t = setup("mosel")
    two = played("mosel", ["Anna", "Ben"], 3)
    entered = t.enter_record(1, 1, 1, to_json(two))
    assert entered.loser in (1, 2)


def test_records_that_do_not_fit_are_refused() -> None:
    t = setup()
    with pytest.raises(Refused, match="game 1: the record's seat 'Zoe' is no player of this game"):
        t.enter_record(1, 1, 1, to_json(played("irmgarteich", ["Anna", "Ben", "Cem", "Zoe"])))
    with pytest.raises(Refused, match="the record's seats are not the players of this game"):
        t.enter_record(1, 1, 1, to_json(played("irmgarteich", ["Anna", "Ben", "Cem"])))
    with pytest.raises(
        Refused, match="the record plays the rules 'porz', the tournament 'irmgarteich'"
    ):
        t.enter_record(1, 1, 1, to_json(played("porz", ["Anna", "Ben", "Cem", "Dora"])))
    unfinished = Game(
        load_rules("irmgarteich"), seats=["Anna", "Ben", "Cem", "Dora"], dice=SeededDice(1)
    )
    with pytest.raises(Refused, match="the recorded game is not over"):
        t.enter_record(1, 1, 1, to_json(unfinished))
    with pytest.raises(Refused, match="not a valid game record"):
        t.enter_record(1, 1, 1, {"format": "x"})
    record = to_json(played("irmgarteich", ["Anna", "Ben", "Cem", "Dora"]))
    real = t.enter_record(1, 1, 1, record)
    t.undo()
    wrong = next(p for p in (1, 2, 3, 4) if p != real.loser)
    others = [[p] for p in (1, 2, 3, 4) if p != wrong]
    with pytest.raises(Refused, match="the result does not match the game record"):
        t.enter(1, 1, 1, out=others, loser=wrong, record=record)
    assert t.results() == []
