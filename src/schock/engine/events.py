"""Frozen event records. Every action returns one; the state appends it and
whatever follows from it automatically (showdown, Deckel, next round) to
the game's event log.

>>> e = Thrown(seat=1, dice=(1, 1, 4), throw=2)
>>> e.to_dict()
{'type': 'Thrown', 'seat': 1, 'dice': [1, 1, 4], 'throw': 2, 'loading': False}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from schock.dice import Outcome

_T = TypeVar("_T")


def _plain(value: Any) -> Any:
    if isinstance(value, Outcome):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of all events."""

    public: ClassVar[bool] = True

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with a ``type`` key."""
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game begins: the seats in clockwise order."""

    seats: tuple[str, ...]
    starter: int | None


@dataclass(frozen=True, slots=True)
class HalfStarted(Event):
    """A half (or the final) begins with a full Stock."""

    number: int
    kind: str
    players: tuple[int, ...]
    stock: int


@dataclass(frozen=True, slots=True)
class RolledOff(Event):
    """One die thrown to decide who starts (or who loses a tie)."""

    seat: int
    die: int
    purpose: str


@dataclass(frozen=True, slots=True)
class RollOffDecided(Event):
    """A roll-off (or the ages) decided: ``seat`` starts, or loses the tie."""

    purpose: str
    seat: int
    by: str = "dice"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A Wurfrunde begins; ``order`` is the play order from the starter."""

    number: int
    starter: int
    order: tuple[int, ...]
    opening: bool = False


@dataclass(frozen=True, slots=True)
class Einkauf(Event):
    """A player without Deckel decides whether to buy into the round."""

    seat: int
    join: bool


@dataclass(frozen=True, slots=True)
class Thrown(Event):
    """A throw: ``dice`` are the dice that came out of the cup this time."""

    seat: int
    dice: tuple[int, ...]
    throw: int
    loading: bool = False


@dataclass(frozen=True, slots=True)
class Lifted(Event):
    """The round's first player lifts his cup and shows his first throw."""

    seat: int


@dataclass(frozen=True, slots=True)
class SetAside(Event):
    """Dice put on the table, out of the cup."""

    seat: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TakenBack(Event):
    """Dice from the table put back into the cup."""

    seat: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SixesTurned(Event):
    """Sechsen drehen: two 6s give one 1, three 6s give two 1s."""

    seat: int
    ones: int


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """A turn ends. The log keeps the result; ``covered`` says it is still
    under the cup for the others (views hide it until the showdown)."""

    seat: int
    throws: int
    result: Outcome
    covered: bool = False


@dataclass(frozen=True, slots=True)
class BlindDeclared(Event):
    """The round's first player says "blind": one throw for all, Deckel doubled."""

    seat: int


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """All results revealed; ``ranking`` lists seats best first."""

    results: tuple[tuple[int, Outcome], ...]
    ranking: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeckelGiven(Event):
    """``count`` Deckel go to ``loser``; ``giver`` is None for the Stock.
    ``owed`` is what the best result was worth; ``all_deckel`` for Schock Aus/Hand."""

    loser: int
    giver: int | None
    count: int
    owed: int
    all_deckel: bool = False


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """A player has no Deckel once the Stock is empty: out of this half."""

    seat: int


@dataclass(frozen=True, slots=True)
class StrafdeckelGiven(Event):
    """A die or cup fell off the table: a penalty Deckel from ``giver``
    (None for the Stock), or nothing where none is to be had."""

    seat: int
    giver: int | None
    count: int


@dataclass(frozen=True, slots=True)
class ThrowVoided(Event):
    """Türmchen or Kippe: the last throw is void and is thrown again."""

    seat: int


@dataclass(frozen=True, slots=True)
class HalfLost(Event):
    """``seat`` holds every Deckel: he has lost the half."""

    seat: int
    number: int
    kind: str


@dataclass(frozen=True, slots=True)
class GameLost(Event):
    """The game is over; ``durchmarsch`` when one player lost both halves."""

    seat: int
    durchmarsch: bool = False


def _quick_init(cls: type[_T]) -> type[_T]:
    """Give a frozen, slotted dataclass a quicker ``__init__`` with the same signature.

    The ``__init__`` that dataclasses writes for a frozen class stores each field with
    ``object.__setattr__`` (the class's own ``__setattr__`` refuses); storing through
    the slots' member descriptors does the same at about half the cost, and the engine
    makes an event for every move (and views for bots). Nothing else changes: the class
    stays a frozen dataclass, its objects equal, hashable and printed as before.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    assert not hasattr(cls, "__post_init__")
    env: dict[str, Any] = {}
    params = ["self"]
    body = []
    for f in fields:
        assert f.init and not f.kw_only and f.default_factory is dataclasses.MISSING
        env[f"_set_{f.name}"] = cls.__dict__[f.name].__set__  # the slot's member descriptor
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})\n")
    exec(f"def __init__({', '.join(params)}):\n{''.join(body) or '    pass'}\n", env)
    init = env["__init__"]  # written from source text, as dataclasses writes it
    old = cls.__init__
    init.__qualname__ = old.__qualname__
    init.__module__ = old.__module__
    init.__annotations__ = old.__annotations__
    init.__doc__ = old.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


for _cls in list(globals().values()):
    if isinstance(_cls, type) and issubclass(_cls, Event) and _cls is not Event:
        _quick_init(_cls)
