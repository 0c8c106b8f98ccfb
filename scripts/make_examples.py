"""Write the example game records shipped in ``src/schock/examples/``.

One complete game per preset, three players, seeded dice and a simple,
deterministic way of playing (keep 1s, turn sixes, stop on a Schock, a
General or a Straße, the first player stops after two throws on a good
result). A few scorekeeping moments are added where the preset knows them
(a void throw, a Strafdeckel), so that the examples show them too.

For each preset the seeds from 1, 101, 201, ... on are tried in turn and the first game
that shows what the preset is about (a final, Einkaufen, a blind round, ...)
is written. The output is the same on every run::

    .venv/bin/python scripts/make_examples.py            # write the files
    .venv/bin/python scripts/make_examples.py --check    # exit 1 if a file differs
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from schock import load_rules
from schock.dice import Outcome
from schock.engine import (
    Action,
    BlindAction,
    EinkaufenAction,
    Game,
    LiftAction,
    Phase,
    Seat,
    SeededDice,
    SetAsideAction,
    StopAction,
    ThrowAction,
    TurnSixesAction,
    events,
)
from schock.engine.record import dumps, loads, replay
from schock.results import Kind, evaluate
from schock.rules import Strafdeckel

OUT = Path(__file__).resolve().parent.parent / "src" / "schock" / "examples"

SEATS: dict[str, tuple[Seat, ...]] = {
    "ferschweiler": (Seat("Anna"), Seat("Bernd"), Seat("Claudia")),
    "porz": (Seat("Dieter", 52), Seat("Elke", 47), Seat("Frank", 38)),
    "mosel": (Seat("Gabi"), Seat("Heinz"), Seat("Ingrid")),
    "irmgarteich": (Seat("Jürgen"), Seat("Karin"), Seat("Lothar")),
    "niederrhein": (Seat("Monika"), Seat("Norbert"), Seat("Petra")),
}

MAX_SEED = 500
MAX_ROUNDS = 70


def choose(game: Game) -> Action:
    """The move of the seat to act: a plain, deterministic way of playing."""
    if game.phase is Phase.EINKAUFEN:
        return EinkaufenAction(game.round_number % 2 == 0)
    if game.phase is not Phase.TURN:
        return ThrowAction()
    legal = game.legal_actions()
    if legal == [ThrowAction()]:
        return ThrowAction()
    seat = game.actor
    assert seat is not None
    if LiftAction() in legal:
        if BlindAction() in legal and game.round_number % 4 == 3:
            return BlindAction()
        return LiftAction()
    if legal == [StopAction()]:
        return StopAction()
    turn = game.view(seat).turn_of(seat)
    assert turn is not None and turn.cup is not None
    dice = (*turn.aside, *turn.cup)
    result = evaluate(game.rules, Outcome(dice, turn.throws, on_hand=not turn.aside))
    if StopAction() in legal and (
        dice.count(1) >= 2 or result.kind in (Kind.GENERAL, Kind.STRASSE)
    ):
        return StopAction()
    for ones in (2, 1):
        if TurnSixesAction(ones) in legal:
            return TurnSixesAction(ones)
    if SetAsideAction((1,)) in legal:
        return SetAsideAction((1,))
    first = seat == game.round_starter
    if ThrowAction() in legal and (
        StopAction() not in legal or not first or turn.throws < 2 or result.value < 600
    ):
        return ThrowAction()
    return StopAction()


def play(preset: str, seed: int) -> Game:
    """One game of ``preset`` with ``SeededDice(seed)``, scorekeeping moments included."""
    rules = load_rules(preset)
    game = Game(rules, seats=SEATS[preset], dice=SeededDice(seed))
    voided = straf = False
    while not game.over:
        if game.round_number > MAX_ROUNDS:
            break
        if (
            not straf
            and rules.strafdeckel is not Strafdeckel.NONE
            and game.phase is Phase.TURN
            and game.half_number == 1
            and game.round_number == 4
        ):
            order = game.round_order
            if game.actor == order[-1] and game.can_strafdeckel(order[-1]):
                game.strafdeckel(order[-1])
                straf = True
                continue
        event = game.apply(game.actor, choose(game))  # type: ignore[arg-type]
        if (
            not voided
            and isinstance(event, events.Thrown)
            and game.half_number == 1
            and game.round_number == 3
            and event.throw == 1
            and event.seat == game.round_order[1]
            and preset in ("porz", "mosel")
        ):
            game.void_throw()
            voided = True
    return game


def _has(game: Game, *kinds: type[events.Event]) -> bool:
    """Whether the game's log holds an event of each of ``kinds``."""
    return all(any(isinstance(e, kind) for e in game.log) for kind in kinds)


def _final(game: Game) -> bool:
    return len(game.half_losers) == 3


#: What the example of each preset should show, besides being a whole game.
WANTED: dict[str, Callable[[Game], bool]] = {
    "ferschweiler": lambda g: _final(g) and _has(g, events.SixesTurned),
    "porz": lambda g: _has(g, events.Einkauf, events.SixesTurned, events.PlayerOut),
    "mosel": lambda g: _final(g) and _has(g, events.PlayerOut, events.SixesTurned),
    "irmgarteich": lambda g: _has(g, events.BlindDeclared, events.SixesTurned),
    "niederrhein": lambda g: _final(g) and _has(g, events.Einkauf, events.SixesTurned),
}


def example(preset: str) -> tuple[int, str]:
    """The first seed whose game shows what ``preset`` is about, and its record text."""
    first = 1 + 100 * list(SEATS).index(preset)  # different dice for every preset
    for seed in range(first, first + MAX_SEED):
        game = play(preset, seed)
        if game.over and WANTED[preset](game):
            text = dumps(game)
            again = replay(loads(text))
            assert again.log == game.log, preset
            return seed, text
    raise SystemExit(f"no seed from {first} on gives a fitting {preset} game")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args(argv)
    status = 0
    for preset in SEATS:
        seed, text = example(preset)
        path = OUT / f"{preset}-game.json"
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            print(f"{path.name}: {'ok' if same else 'DIFFERS'} (seed {seed})")
            status |= 0 if same else 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.name} (seed {seed})")
    return status


if __name__ == "__main__":
    sys.exit(main())
