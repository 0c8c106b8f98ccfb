"""Where dice come from. No global random state: a source is passed in.

>>> d = SeededDice(7)
>>> d.roll(3) == SeededDice(7).roll(3)
True
>>> s = ScriptedDice([1, 1, 4])
>>> s.roll(2), s.roll(1)
((1, 1), (4,))
>>> s.roll(1)
Traceback (most recent call last):
...
schock.errors.IllegalActionError: the scripted dice have run out after 3 dice (rule: dice source)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from schock.dice import check_dice
from schock.errors import IllegalActionError, InvalidInputError
from schock.errors import short_repr as _short
from schock.messages import Msg


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll ``n`` dice."""

    def roll(self, n: int) -> tuple[int, ...]:
        """``n`` dice values, each 1 to 6."""
        ...

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description for game records."""
        ...


class SeededDice:
    """Dice from a seeded Mersenne Twister; the same seed gives the same dice."""

    __slots__ = ("_gen", "_random", "seed")

    #: Seeds are whole numbers of at most 128 bits, so that a record can always hold them.
    MAX_SEED = 2**128 - 1

    def __init__(self, seed: int) -> None:
        if seed.__class__ is not int or not -self.MAX_SEED <= seed <= self.MAX_SEED:
            raise InvalidInputError(
                f"seed must be a whole number with |seed| < 2**128, got {_short(seed)}"
            )
        self.seed = seed
        self._gen = random.Random(seed)
        self._random = self._gen.random

    def __deepcopy__(self, memo: dict[int, object]) -> SeededDice:
        """A source that goes on with the same dice as this one, independently.

        >>> import copy
        >>> a = SeededDice(5)
        >>> _ = a.roll(3)
        >>> b = copy.deepcopy(a)
        >>> a.roll(3) == b.roll(3)
        True
        """
        new = SeededDice(self.seed)
        new._gen.setstate(self._gen.getstate())
        return new

    def roll(self, n: int) -> tuple[int, ...]:
        r = self._random
        if n == 3:
            return (int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1)
        return tuple(int(r() * 6) + 1 for _ in range(n))

    def describe(self) -> dict[str, Any]:
        return {"source": "seeded", "seed": self.seed}


class SystemDice:
    """Dice from the operating system's generator (:class:`secrets.SystemRandom`):
    nothing to seed, so nothing anybody could learn the dice to come from. A throw's
    dice come ascending (their order in a cup means nothing), so a throw written down
    (``0 throw 1-1-4``) gives the same values back. Wrap it in :class:`ThrownDice` for a
    record: its own description says only where the dice came from.

    >>> d = SystemDice()
    >>> throw = d.roll(3)
    >>> len(throw), all(1 <= v <= 6 for v in throw), list(throw) == sorted(throw)
    (3, True, True)
    >>> import copy
    >>> copy.deepcopy(d) is d, d.describe()
    (True, {'source': 'system'})
    """

    __slots__ = ()

    _GEN = secrets.SystemRandom()

    def __deepcopy__(self, memo: dict[int, object]) -> SystemDice:
        return self  # no state: a copy draws from the same generator

    def roll(self, n: int) -> tuple[int, ...]:
        below = self._GEN.randrange
        return tuple(sorted(below(6) + 1 for _ in range(n)))

    def describe(self) -> dict[str, Any]:
        return {"source": "system"}


class ScriptedDice:
    """Dice from a fixed sequence, one value per die, in order."""

    __slots__ = ("_pos", "values")

    def __init__(self, values: Iterable[int]) -> None:
        self.values = tuple(values)
        check_dice(self.values, count=None)
        self._pos = 0

    def roll(self, n: int) -> tuple[int, ...]:
        if self._pos + n > len(self.values):
            raise IllegalActionError(
                f"the scripted dice have run out after {len(self.values)} dice",
                rule="dice source",
            )
        out = self.values[self._pos : self._pos + n]
        self._pos += n
        return out

    def describe(self) -> dict[str, Any]:
        return {"source": "scripted", "values": list(self.values)}


class TableDice:
    """Dice thrown at a real table: every throw must be typed in.

    ``placeholders`` maps the index of a throw action (in the game's actions) to how
    many of its dice were not entered: a scorekeeper who enters only the revealed
    result writes placeholder faces for the dice thrown and picked up again
    (:data:`schock.keep.FILLER`); a replay marks them instead of telling them as thrown.

    >>> TableDice({3: 2}).describe()
    {'source': 'table', 'placeholders': [[3, 2]]}
    """

    __slots__ = ("placeholders",)

    def __init__(self, placeholders: dict[int, int] | None = None) -> None:
        self.placeholders: dict[int, int] = dict(placeholders or {})

    def roll(self, n: int) -> tuple[int, ...]:
        raise IllegalActionError(
            Msg("dice.table"),
            rule="dice source",
        )

    def describe(self) -> dict[str, Any]:
        if not self.placeholders:
            return {"source": "table"}
        return {"source": "table",
                "placeholders": [[i, n] for i, n in sorted(self.placeholders.items())]}


class ThrownDice:
    """Dice from another source whose record holds only the dice already thrown.

    A saved game must not tell the dice still to come: the description is the
    values handed out so far (``{"source": "scripted", "values": [...]}``), never
    the source's seed. :meth:`continue_with` switches to another source (a fresh
    seed when a saved game is resumed); dice a scripted source still holds are
    used up first. :attr:`rolls` holds each roll's dice apart (a server stores each
    throw with its dice).

    >>> d = ThrownDice(SeededDice(7))
    >>> first = d.roll(3)
    >>> d.describe() == {"source": "scripted", "values": list(first)}
    True
    >>> e = ThrownDice(ScriptedDice([1, 1, 4, 6]))
    >>> e.roll(3)
    (1, 1, 4)
    >>> e.continue_with(ScriptedDice([2, 2, 2]))
    >>> e.roll(1), e.roll(2), e.describe()["values"]
    ((6,), (2, 2), [1, 1, 4, 6, 2, 2])
    >>> e.rolls
    [(1, 1, 4), (6,), (2, 2)]
    """

    __slots__ = ("_rest", "_source", "rolls", "thrown")

    def __init__(self, source: DiceSource) -> None:
        if not isinstance(source, DiceSource):
            raise InvalidInputError(f"source must be a dice source, got {_short(source)}")
        self._source = source
        self._rest: list[int] = []
        self.thrown: list[int] = []
        self.rolls: list[tuple[int, ...]] = []

    def continue_with(self, source: DiceSource) -> None:
        """From now on, dice come from ``source`` (after any left in a scripted source)."""
        if isinstance(self._source, ScriptedDice):
            old = self._source
            self._rest = list(old.values[old._pos :])
        self._source = source

    def roll(self, n: int) -> tuple[int, ...]:
        if len(self._rest) >= n:
            out = tuple(self._rest[:n])
            del self._rest[:n]
        else:
            self._rest = []
            out = self._source.roll(n)
        self.thrown.extend(out)
        self.rolls.append(out)
        return out

    def describe(self) -> dict[str, Any]:
        return {"source": "scripted", "values": list(self.thrown)}
