"""The entries of a tournament's log: one event per change, and reading them back.

Every change to a tournament is one of these frozen events (a player registered,
checked in, withdrawn or renamed; a round drawn; a game entered or corrected; an
entry undone), written to the log as a :class:`LogEntry` with its sequence
number and time. :func:`event_from_json` reads a stored event back, checking
every field; a malformed one raises :class:`~schock.errors.InvalidInputError`
naming where it is.

>>> e = GameEntered(1, 2, 3, players=(4, 5), loser=5, out=((4,),))
>>> event_from_json(e.to_json(), "log[0]") == e
True
>>> event_from_json({"kind": "game_entered", "round": 0}, "log[7]")
Traceback (most recent call last):
...
schock.errors.InvalidInputError: log[7].round: 0; allowed: a whole number from 1
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from schock.errors import InvalidInputError


@dataclass(frozen=True)
class Event:
    """One entry of the tournament's log."""

    kind: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict (with its ``kind``)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class PlayerRegistered(Event):
    """A player joins (before the start or as a late entry)."""

    kind: ClassVar[str] = "player_registered"
    number: int
    name: str
    team: str | None = None


@dataclass(frozen=True)
class PlayerCheckedIn(Event):
    """A player is (or is no longer) present."""

    kind: ClassVar[str] = "player_checked_in"
    number: int
    present: bool = True


@dataclass(frozen=True)
class PlayerWithdrawn(Event):
    """A player leaves the event (his results so far stay)."""

    kind: ClassVar[str] = "player_withdrawn"
    number: int


@dataclass(frozen=True)
class PlayerRenamed(Event):
    """A player's name is corrected; his start number stays."""

    kind: ClassVar[str] = "player_renamed"
    number: int
    name: str


@dataclass(frozen=True)
class RoundDrawn(Event):
    """The tables of a round (start numbers per table) and its Trinkrunden."""

    kind: ClassVar[str] = "round_drawn"
    round: int
    tables: tuple[tuple[int, ...], ...]
    trinkrunden: tuple[int, ...] = ()
    plan: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """For planned draws, at the first round: every round's tables."""


@dataclass(frozen=True)
class GameEntered(Event):
    """The result of one game at one table (a correction if the game was entered before)."""

    kind: ClassVar[str] = "game_entered"
    round: int
    table: int
    game: int
    players: tuple[int, ...]
    """Everybody who played this game."""
    loser: int
    out: tuple[tuple[int, ...], ...] = ()
    """Points formats: who went out, in order; players in one group went out together."""
    schock_aus: tuple[tuple[int, int], ...] = ()
    """(player, how many Schock Aus he threw in this game)."""
    record: dict[str, Any] | None = None
    """The engine's game record, when the game was played through the engine."""


@dataclass(frozen=True)
class Undone(Event):
    """The event with sequence number ``seq`` no longer counts."""

    kind: ClassVar[str] = "undone"
    seq: int


EVENT_TYPES: dict[str, type[Event]] = {
    e.kind: e
    for e in (
        PlayerRegistered, PlayerCheckedIn, PlayerWithdrawn, PlayerRenamed, RoundDrawn,
        GameEntered, Undone,
    )
}


@dataclass(frozen=True)
class LogEntry:
    """An event with its place in the log and when it was written."""

    seq: int
    at: str
    event: Event
    undone: bool = False


def event_from_json(data: Any, where: str) -> Event:
    """Read one event; a malformed one raises InvalidInputError naming ``where``."""
    if not isinstance(data, dict):
        raise InvalidInputError(f"{where}: expected an object with 'kind'")
    kind = data.get("kind")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidInputError(
            f"{where}.kind: {kind!r}; allowed: {', '.join(sorted(EVENT_TYPES))}"
        )
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"kind"}
    if extra:
        raise InvalidInputError(
            f"{where}: unknown keys {sorted(extra)}; allowed: {', '.join(['kind', *fields])}"
        )
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise InvalidInputError(f"{where}.{name}: missing")
            continue
        values[name] = _check_value(data[name], str(f.type), f"{where}.{name}")
    return cls(**values)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_value(value: Any, typ: str, where: str) -> Any:
    def need(ok: bool, allowed: str) -> None:
        if not ok:
            raise InvalidInputError(f"{where}: {value!r}; allowed: {allowed}")

    if typ == "int":
        need(_is_int(value) and value >= 1, "a whole number from 1")
        return value
    if typ == "str":
        need(isinstance(value, str) and bool(value.strip()), "a non-empty text")
        return value
    if typ == "str | None":
        need(value is None or isinstance(value, str), "a text or null")
        return value
    if typ == "bool":
        need(isinstance(value, bool), "true or false")
        return value
    if typ == "tuple[int, ...]":
        need(isinstance(value, list) and all(_is_int(v) for v in value), "a list of whole numbers")
        return tuple(value)
    if typ == "tuple[tuple[int, ...], ...]":
        need(
            isinstance(value, list)
            and all(isinstance(t, list) and all(_is_int(v) for v in t) for t in value),
            "a list of lists of start numbers",
        )
        return tuple(tuple(t) for t in value)
    if typ == "tuple[tuple[tuple[int, ...], ...], ...]":
        need(isinstance(value, list), "a list of rounds of tables")
        return tuple(_check_value(r, "tuple[tuple[int, ...], ...]", where) for r in value)
    if typ == "tuple[tuple[int, int], ...]":
        need(
            isinstance(value, list)
            and all(
                isinstance(t, list) and len(t) == 2 and all(_is_int(v) for v in t) for t in value
            ),
            "a list of [start number, count] pairs",
        )
        return tuple((t[0], t[1]) for t in value)
    if typ == "dict[str, Any] | None":
        need(value is None or isinstance(value, dict), "a game record object or null")
        return value
    raise AssertionError(typ)  # pragma: no cover
