"""Dice as faces: small (⚀ … ⚅) for tables, drawn boxes for the dice in play.

>>> face(1), face(6), face(None)
('⚀', '⚅', '■')
>>> print("\\n".join(die_lines(5)))
┌───────┐
│ ●   ● │
│   ●   │
│ ●   ● │
└───────┘
"""

from __future__ import annotations

from collections.abc import Sequence

_SMALL = "⚀⚁⚂⚃⚄⚅"
HIDDEN = "■"

# Pips on a 3×3 grid, (row, column).
_PIPS: dict[int, frozenset[tuple[int, int]]] = {
    1: frozenset({(1, 1)}),
    2: frozenset({(0, 2), (2, 0)}),
    3: frozenset({(0, 2), (1, 1), (2, 0)}),
    4: frozenset({(0, 0), (0, 2), (2, 0), (2, 2)}),
    5: frozenset({(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}),
    6: frozenset({(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)}),
}

#: Width and height of a drawn die.
DIE_WIDTH = 9
DIE_HEIGHT = 5


def face(value: int | None) -> str:
    """The small face of a die; None (a die under the cup) as a filled square."""
    if value is None:
        return HIDDEN
    return _SMALL[value - 1]


def faces(values: Sequence[int | None]) -> str:
    """Small faces separated by spaces.

    >>> faces([1, 1, None])
    '⚀ ⚀ ■'
    """
    return " ".join(face(v) for v in values)


def die_lines(value: int | None) -> list[str]:
    """A die drawn in five lines of nine characters; None: a die under the cup."""
    top, bottom = "┌───────┐", "└───────┘"
    if value is None:
        return [top, "│░░░░░░░│", "│░░ ? ░░│", "│░░░░░░░│", bottom]
    pips = _PIPS[value]
    rows = []
    for r in range(3):
        cells = ["●" if (r, c) in pips else " " for c in range(3)]
        rows.append("│ " + " ".join(cells) + " │")
    return [top, *rows, bottom]
