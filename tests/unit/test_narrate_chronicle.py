"""narrate.Chronicle.story: the opening round's tie for the worst throw (porz), told
while it is rolled off and afterwards, or decided by age; a blind round marked."""

from __future__ import annotations

from schock import load_rules
from schock.engine import Game, SeededDice
from schock.engine.seat import Seat
from schock.narrate import Chronicle

SEATS = ["Tom", "Lena", "Max"]
"""With dice seed 18 porz's opening round ends with Lena and Max tied for the worst throw."""


def play(game: Game, chronicle: Chronicle, until: str) -> dict:
    for _ in range(50):
        story = chronicle.story("de")
        if until == "rolling" and story["roll_off"] is not None:
            return story
        if until == "decided" and game.phase != "roll_off" and story["showdown"] is not None:
            return story
        actor = game.actor
        assert actor is not None
        game.apply(actor, game.legal_actions()[0])
    raise AssertionError(until)


def test_opening_tie_is_shown_while_rolled_off_and_then_with_the_showdown() -> None:
    game = Game(load_rules("porz"), seats=SEATS, dice=SeededDice(18))
    chronicle = Chronicle(game)
    story = play(game, chronicle, "rolling")
    ro = story["roll_off"]
    assert ro["text"].startswith("Gleichstand beim schlechtesten Wurf, Stechen")
    assert {x["seat"] for rolls in ro["rolls"] for x in rolls} <= {1, 2}
    story = play(game, chronicle, "decided")
    assert story["roll_off"] is None
    sd = story["showdown"]
    assert sd["opening"] and sd["half"] is None  # porz: one half, no title needed
    assert any(line.endswith(("Lena verliert", "Max verliert")) for line in sd["then"])
    assert sd["deckel"].startswith(SEATS[sd["loser"]])


def test_opening_tie_decided_by_age_names_the_youngest() -> None:
    seats = [Seat("Tom", 40), Seat("Lena", 23), Seat("Max", 31)]
    game = Game(load_rules("porz"), seats=seats, dice=SeededDice(18))
    chronicle = Chronicle(game)
    story = play(game, chronicle, "decided")
    assert story["roll_off"] is None
    assert "Lena ist am jüngsten und verliert" in " ".join(story["showdown"]["then"])
    assert story["showdown"]["loser"] == 1


def test_a_blind_round_is_marked_in_the_showdown() -> None:
    for seed in range(200):
        game = Game(load_rules("irmgarteich"), seats=SEATS, dice=SeededDice(seed), starter=0)
        chronicle = Chronicle(game)
        while not game.over and game.round_number < 4:
            actor = game.actor
            assert actor is not None
            legal = game.legal_actions()
            blind = [a for a in legal if type(a).__name__ == "BlindAction"]
            game.apply(actor, blind[0] if blind else legal[0])
            sd = chronicle.story("en")["showdown"]
            if sd is not None and sd["blind"]:
                assert "blind: doubled" in sd["deckel"] or "every Deckel" in sd["deckel"]
                return
    raise AssertionError("no blind round in 200 games")
