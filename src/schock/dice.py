"""Throws and results as value objects, with their text notation.

Dice are written ``1-1-4`` (any order on input, ascending on output; ``114``
is read too). A result (:class:`Outcome`) adds the number of throws used
after a slash and ``h`` when it came *auf die Hand*::

    1-1-4/2     Schock 4 in two throws, composed
    4-5-6/1h    Straße in one throw, auf die Hand
    4-5-6       the same: without a throw count, one throw (always auf die Hand)

>>> o = Outcome.parse("4-1-1/2")
>>> o
Outcome(dice=(1, 1, 4), throws=2, on_hand=False)
>>> str(o)
'1-1-4/2'
>>> Outcome.parse(str(o)) == o
True
>>> parse_dice("6-6-2")
(2, 6, 6)
>>> parse_dice("1-7-2")
Traceback (most recent call last):
...
schock.errors.NotationError: bad die '7' (allowed: 1 to 6) in '1-7-2' at position 2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from schock.errors import InvalidInputError, NotationError
from schock.errors import short_repr as _short
from schock.messages import Msg

DICE_PER_CUP = 3
FACES = range(1, 7)


def small_int(text: str, max_digits: int = 6) -> int | None:
    """``text`` as a whole number if it is plain ASCII digits (at most ``max_digits``), else None.

    ``str.isdigit`` lets superscripts and other scripts' digits through, and
    ``int`` refuses numbers of thousands of digits with a ValueError of its own:
    notation parsers use this instead.

    >>> small_int("12"), small_int("²"), small_int("1" * 5000), small_int("-1")
    (12, None, None, None)
    """
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def check_dice(dice: object, count: int | None = DICE_PER_CUP) -> tuple[int, ...]:
    """Validate dice values (a list or tuple of whole numbers 1 to 6); return them sorted.

    >>> check_dice({1, 4, 6})
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: dice must be a list or tuple of whole numbers 1 to 6, got {1, 4, 6}
    """
    if not isinstance(dice, (tuple, list)):
        raise InvalidInputError(
            f"dice must be a list or tuple of whole numbers 1 to 6, got {_short(dice)}"
        )
    values = tuple(dice)
    if count is not None and len(values) != count:
        raise InvalidInputError(
            Msg("dice.count", {"count": count, "n": len(values), "values": _short(values)})
        )
    for v in values:
        if v.__class__ is not int or not 1 <= v <= 6:
            raise InvalidInputError(Msg("dice.bad", {"value": _short(v)}))
    return tuple(sorted(values))


def parse_dice(text: str, count: int | None = DICE_PER_CUP) -> tuple[int, ...]:
    """Parse ``1-1-4`` (or ``114``); returns the dice sorted ascending."""
    s = text.strip()
    if not s:
        raise NotationError(Msg("notation.no_dice"), text=text)
    dashed = "-" in s
    parts = s.split("-") if dashed else list(s)
    values: list[int] = []
    pos = len(text) - len(text.lstrip())  # where the current part starts in ``text``
    for part in parts:
        if len(part) != 1 or part not in "123456":
            what: object = repr(part) if part else Msg("notation.empty_place")
            raise NotationError(Msg("notation.bad_die", {"what": what}), text=text, position=pos)
        values.append(int(part))
        pos += len(part) + (1 if dashed else 0)
    if count is not None and len(values) != count:
        raise NotationError(
            Msg("notation.dice_count", {"count": count, "n": len(values)}), text=text
        )
    return tuple(sorted(values))


def format_dice(dice: Iterable[int]) -> str:
    """Write dice ascending, ``1-1-4``."""
    return "-".join(str(d) for d in sorted(dice))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The three dice a player ends a turn with, the throws used, and whether
    all three came from the last throw (*auf die Hand*). Dice may be given in
    any order; they are kept sorted ascending.

    >>> Outcome(dice=(6, 1, 1), throws=3, on_hand=True).dice
    (1, 1, 6)
    """

    dice: tuple[int, ...]
    throws: int = 1
    on_hand: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", check_dice(self.dice))
        if isinstance(self.throws, bool) or not isinstance(self.throws, int):
            raise InvalidInputError(f"throws must be a whole number, got {self.throws!r}")
        if not 1 <= self.throws <= 9:
            raise InvalidInputError(f"throws must be from 1 to 9, got {self.throws}")
        if not isinstance(self.on_hand, bool):
            raise InvalidInputError(f"on_hand must be true or false, got {self.on_hand!r}")

    @classmethod
    def parse(cls, text: str) -> Outcome:
        """Read ``DICE[/THROWS][h]``.

        Without ``/THROWS`` the result is one throw, and one throw is always
        auf die Hand: ``4-5-6`` reads as ``4-5-6/1h``.

        >>> Outcome.parse("4-5-6")
        Outcome(dice=(4, 5, 6), throws=1, on_hand=True)
        """
        s = text.strip()
        on_hand = False
        if s.endswith(("h", "H")):
            on_hand = True
            s = s[:-1]
        throws = 1
        if "/" not in s:
            on_hand = True
        else:
            s, _, n = s.partition("/")
            count = small_int(n)
            if count is None or not 1 <= count <= 9:
                raise NotationError(
                    Msg("notation.throw_count", {"n": n[:20]}), text=text, position=len(s) + 1
                )
            throws = count
        dice = parse_dice(s) if s else parse_dice(text)
        return cls(dice=dice, throws=throws, on_hand=on_hand)

    def __str__(self) -> str:
        return f"{format_dice(self.dice)}/{self.throws}{'h' if self.on_hand else ''}"
