"""A player at the table (:class:`Seat`).

Kept apart from :mod:`schock.engine.game` so that it stays plain Python where
the game is compiled: its own checks then answer a wrong name or age with
:class:`~schock.errors.InvalidInputError`, never a compiled class's TypeError.
"""

from __future__ import annotations

from dataclasses import dataclass

from schock.errors import InvalidInputError
from schock.errors import short_repr as _short

MAX_NAME = 40
"""The longest seat name, in characters."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table. ``age`` is used only by the porz opening tie rule."""

    name: str
    age: int | None = None

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not name.strip():
            raise InvalidInputError(f"a seat needs a name, got {_short(name)}")
        name = name.strip()
        if len(name) > MAX_NAME or not name.isprintable():
            raise InvalidInputError(
                f"bad seat name {_short(name)}: allowed are 1 to {MAX_NAME} printable characters"
            )
        object.__setattr__(self, "name", name)  # surrounding blanks are not part of a name
        if self.age is not None and (
            isinstance(self.age, bool) or not isinstance(self.age, int) or not 0 <= self.age <= 150
        ):
            raise InvalidInputError(f"age must be a whole number from 0 to 150, got {self.age!r}")
