"""Player actions as values, with a compact text form used by game records.

>>> parse_action("2 aside 1-1")
(2, SetAsideAction(dice=(1, 1)))
>>> format_action(2, SetAsideAction(dice=(1, 1)))
'2 aside 1-1'
>>> parse_action("1 throw 6-6-2")
(1, ThrowAction(dice=(2, 6, 6)))
>>> parse_action("1 jump")
Traceback (most recent call last):
...
schock.errors.NotationError: unknown action 'jump' (allowed: throw, lift, aside, back, turn, stop, blind, einkaufen, strafdeckel, void) in '1 jump' at position 2
"""

from __future__ import annotations

from dataclasses import dataclass

from schock.dice import format_dice, parse_dice, small_int
from schock.errors import NotationError
from schock.messages import Msg


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of player actions."""


@dataclass(frozen=True, slots=True)
class ThrowAction(Action):
    """Throw the dice in the cup; ``dice`` typed in from a real table, else the source's."""

    dice: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class LiftAction(Action):
    """The round's first player lifts his cup on his first throw."""


@dataclass(frozen=True, slots=True)
class SetAsideAction(Action):
    """Put dice of the last throw on the table."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TakeBackAction(Action):
    """Put dice from the table back into the cup."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TurnSixesAction(Action):
    """Sechsen drehen: ``ones`` = 1 (two 6s) or 2 (three 6s)."""

    ones: int = 1


@dataclass(frozen=True, slots=True)
class StopAction(Action):
    """End the turn with the dice as they are."""


@dataclass(frozen=True, slots=True)
class BlindAction(Action):
    """Declare "blind" before lifting the cup."""


@dataclass(frozen=True, slots=True)
class EinkaufenAction(Action):
    """Buy into the round (or not)."""

    join: bool = True


@dataclass(frozen=True, slots=True)
class StrafdeckelAction(Action):
    """``items`` dice or cups of the acting seat fell off the table (scorekeeping)."""

    items: int = 1


@dataclass(frozen=True, slots=True)
class VoidThrowAction(Action):
    """The last throw was a Türmchen or Kippe: void, to be thrown again."""


_VERBS = (
    "throw",
    "lift",
    "aside",
    "back",
    "turn",
    "stop",
    "blind",
    "einkaufen",
    "strafdeckel",
    "void",
)


def format_action(seat: int, action: Action) -> str:
    """The record form ``"<seat> <verb> [args]"``."""
    match action:
        case ThrowAction(dice=None):
            body = "throw"
        case ThrowAction(dice=dice):
            body = f"throw {'-'.join(str(d) for d in dice or ())}"
        case LiftAction():
            body = "lift"
        case SetAsideAction(dice=dice):
            body = f"aside {format_dice(dice)}"
        case TakeBackAction(dice=dice):
            body = f"back {format_dice(dice)}"
        case TurnSixesAction(ones=ones):
            body = f"turn {ones}"
        case StopAction():
            body = "stop"
        case BlindAction():
            body = "blind"
        case EinkaufenAction(join=join):
            body = f"einkaufen {'yes' if join else 'no'}"
        case StrafdeckelAction(items=items):
            body = f"strafdeckel {items}"
        case VoidThrowAction():
            body = "void"
        case _:  # pragma: no cover - exhaustive
            raise TypeError(f"not an action: {action!r}")
    return f"{seat} {body}"


def parse_action(text: str) -> tuple[int, Action]:
    """Read ``"<seat> <verb> [args]"``; the inverse of :func:`format_action`."""
    parts = text.split()
    if len(parts) < 2:
        raise NotationError("expected '<seat> <action> [arguments]'", text=text)
    seat_s, verb, args = parts[0], parts[1], parts[2:]
    seat = small_int(seat_s, max_digits=2)
    if seat is None:
        raise NotationError(
            f"bad seat {seat_s[:20]!r} (allowed: a seat number from 0)", text=text, position=0
        )
    where = text.find(verb)
    if verb not in _VERBS:
        raise NotationError(
            Msg("notation.unknown_action", {"verb": verb[:20], "allowed": ", ".join(_VERBS)}),
            text=text,
            position=where,
        )
    nargs = {
        "throw": (0, 1),
        "aside": (1, 1),
        "back": (1, 1),
        "turn": (1, 1),
        "einkaufen": (1, 1),
        "strafdeckel": (1, 1),
    }.get(verb, (0, 0))
    if not nargs[0] <= len(args) <= nargs[1]:
        want = f"{nargs[0]}" + (f" to {nargs[1]}" if nargs[1] != nargs[0] else "")
        raise NotationError(
            Msg("notation.args", {"verb": verb, "want": want, "n": len(args)}),
            text=text,
            position=where,
        )
    action: Action
    if verb == "throw":
        action = ThrowAction(parse_dice(args[0], count=None) if args else None)
    elif verb == "lift":
        action = LiftAction()
    elif verb == "aside":
        action = SetAsideAction(parse_dice(args[0], count=None))
    elif verb == "back":
        action = TakeBackAction(parse_dice(args[0], count=None))
    elif verb == "turn":
        if args[0] not in ("1", "2"):
            raise NotationError(Msg("notation.turn_ones", {"got": args[0]}), text=text)
        action = TurnSixesAction(int(args[0]))
    elif verb == "stop":
        action = StopAction()
    elif verb == "blind":
        action = BlindAction()
    elif verb == "einkaufen":
        if args[0] not in ("yes", "no"):
            raise NotationError(Msg("notation.answer", {"got": args[0]}), text=text)
        action = EinkaufenAction(args[0] == "yes")
    elif verb == "strafdeckel":
        if args[0] not in ("1", "2", "3", "4"):
            raise NotationError(
                Msg("notation.straf_items", {"got": args[0][:20]}), text=text, position=where
            )
        action = StrafdeckelAction(int(args[0]))
    else:
        action = VoidThrowAction()
    return seat, action
