"""Issue 27 item 6: the terminal game's default seat "Du" is told in the second person."""

from __future__ import annotations

import pytest

from schock import load_rules
from schock.engine import Game, TableDice, parse_action
from schock.errors import IllegalActionError
from schock.tui.render import showdown_panel, status_line
from schock.tui.session import Player


def played(names: list[str], lines: list[str]) -> Game:
    game = Game(load_rules("porz"), seats=names, dice=TableDice(), starter=0)
    for line in lines:
        game.apply(*parse_action(line))
    return game


def plain(renderable: object) -> str:
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(renderable)
    return console.export_text()


ROUND = ["0 throw 6-6-5", "0 lift", "0 stop", "1 throw 1-1-1", "1 stop"]  # Schock Aus for Ben


@pytest.mark.parametrize(("lang", "text"), [
    ("de", "Schock Aus: Du bekommst alle Deckel der Hälfte"),
    ("en", "Schock Aus: you receive every Deckel of the half"),
])
def test_du_receives_in_the_second_person(lang: str, text: str) -> None:
    game = played(["Du", "Ben"], ROUND)
    assert text in plain(showdown_panel(game.view(0), lang))


def test_other_names_stay_third_person() -> None:
    game = played(["Anna", "Ben"], ROUND)
    assert "Anna bekommt alle Deckel der Hälfte" in plain(showdown_panel(game.view(0), "de"))


def test_the_game_over_and_the_turn_line() -> None:
    players = [Player("Du"), Player("Ben")]
    game = played(["Du", "Ben"], [])
    assert "Du bist am Zug" in plain(status_line(game.view(0), players, "de"))
    assert "Your turn" in plain(status_line(game.view(0), players, "en"))
    import dataclasses

    view = game.view(0)
    over = dataclasses.replace(view, loser=0, durchmarsch=False)  # as at the end of the game
    assert "Spiel vorbei: Du hast das Spiel verloren." in plain(status_line(over, players, "de"))
    assert "Game over: you have lost the game." in plain(status_line(over, players, "en"))
    durch = dataclasses.replace(view, loser=0, durchmarsch=True)
    assert "Du hast beide Hälften verloren" in plain(status_line(durch, players, "de"))


def test_the_engine_speaks_to_you() -> None:
    from schock.messages import waiting_for

    game = played(["Du", "Ben"], [])
    with pytest.raises(IllegalActionError) as info:
        game.apply(*parse_action("1 throw 1-2-3"))
    assert info.value.message("de") == "Werfen geht nicht: Du bist am Zug (Platz 0), nicht Platz 1"
    assert info.value.message("en") == "cannot throw: it is your turn (seat 0), not seat 1"
    assert waiting_for("loading", 0, ["Du", "Ben"]).text("de") == "auf deinen ersten Wurf (Platz 0)"
    assert waiting_for("turn", 0, ["You", "Ben"]).text("en") == "you (seat 0)"
    assert waiting_for("loading", 1, ["Du", "Ben"]).text("de") == "auf den ersten Wurf von Ben (Platz 1)"


@pytest.mark.parametrize(("giver", "loser", "de", "en"), [
    (0, 1, "Du gibst Ben 2 Deckel", "You give Ben 2 Deckel"),
    (1, 0, "Ben gibt dir 2 Deckel", "Ben gives you 2 Deckel"),
])
def test_deckel_between_players(giver: int, loser: int, de: str, en: str) -> None:
    import dataclasses

    game = played(["Du", "Ben"], ["0 throw 6-6-5", "0 lift", "0 stop", "1 throw 1-1-2", "1 stop"])
    view = game.view(0)
    assert view.last_deckel is not None
    dg = dataclasses.replace(view.last_deckel, giver=giver, loser=loser)  # as once the Stock is empty
    view = dataclasses.replace(view, last_deckel=dg)
    assert de in plain(showdown_panel(view, "de")) and en in plain(showdown_panel(view, "en"))
