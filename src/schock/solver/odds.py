"""Exact single-turn odds: the best chance to end a turn with a wanted result.

One player's turn as in docs/rules.md ("A turn"): up to ``n`` throws of three
dice; after every throw but the last he may stop, or set dice of that throw
aside (only 1s where ``set_aside = 'ones'``, any where ``'any'``), put dice
set aside earlier back into the cup, and throw the cup again (at least one
die in it). Sechsen drehen (``sixes_turning``, only while a throw is left):
two 6s of the latest throw become one 1 on the table, three 6s two 1s; the
other 6s of that throw go back into the cup, and he must throw again.

:func:`probability` is an exact expectimax over every dice outcome. The
state is canonical: the throws left, the dice kept from earlier throws and
the dice of the latest throw (both sorted). That is all that matters: a
result is *auf die Hand* exactly when nothing was kept for its throw (a
turned 1 is always set aside, so it is never part of a throw), and a result's
worth (:func:`schock.results.evaluate`) does not depend on the throw count.
Values are integers scaled by ``216**throws_left``, so the arithmetic is
exact and cheap; the answer is a :class:`~fractions.Fraction`.

>>> from schock import load_rules
>>> from schock.results import Kind
>>> porz = load_rules("porz")
>>> probability(porz, lambda e: e.kind is Kind.STRASSE, 1)
Fraction(1, 9)
>>> [round(p, 6) for p in odds_table(porz)["p_schock_aus"]]
[0.00463, 0.032493, 0.086164]
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from schock.dice import Outcome
from schock.results import Evaluation, Kind, evaluate
from schock.rules.model import Rules, SetAside

Dice = tuple[int, ...]
Target = Callable[[Evaluation], bool]

#: The rows of :func:`odds_table`, best first (``schock_hand`` only where the rules have it).
ROW_KEYS: tuple[str, ...] = (
    "schock_hand",
    "schock_aus",
    "schock",
    "schock_6",
    "schock_5",
    "schock_4",
    "schock_3",
    "schock_2",
    "general",
    "strasse",
    "einfach",
)

_ALL_DICE: tuple[Dice, ...] = tuple(
    (a, b, c) for a in range(1, 7) for b in range(a, 7) for c in range(b, 7)
)
#: Bit number of every (sorted dice, auf die Hand) pair in a target mask.
_BIT: dict[tuple[Dice, bool], int] = {
    (d, h): 2 * i + h for i, d in enumerate(_ALL_DICE) for h in (False, True)
}


def _rolls(m: int) -> tuple[tuple[Dice, int], ...]:
    """Every sorted throw of ``m`` dice with the number of ordered throws giving it."""
    counts = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=m))
    return tuple(sorted(counts.items()))


_ROLLS = {m: _rolls(m) for m in range(4)}
_SCALE: list[int] = [216**k for k in range(10)]  # max_throws is at most 9


def _mask(rules: Rules, target: Target) -> int:
    """The target as a bit set over (sorted dice, auf die Hand)."""
    mask = 0
    for d in _ALL_DICE:
        for hand in (False, True):
            if target(evaluate(rules, Outcome(d, 1, hand))):
                mask |= 1 << _BIT[(d, hand)]
    return mask


@functools.cache
def _keeps(pool: Dice) -> tuple[Dice, ...]:
    """Every sub-multiset of ``pool`` (sorted) with at most two dice."""
    out: set[Dice] = {()} | {(d,) for d in pool}
    out |= {tuple(sorted(p)) for p in itertools.combinations(pool, 2)}
    return tuple(sorted(out, key=lambda k: (len(k), k)))


@functools.cache
def keeps_after(kept: Dice, new: Dice, back: bool) -> tuple[Dice, ...]:
    """Every choice of dice on the table for the next throw, from ``kept`` (on the
    table before this throw) and ``new`` (this throw's dice that may go there).

    With ``back`` (take_back) any of them, else every die of ``kept`` stays.

    >>> keeps_after((1,), (1, 5), True)
    ((), (1,), (5,), (1, 1), (1, 5))
    >>> keeps_after((1,), (1, 5), False)
    ((1,), (1, 1), (1, 5))
    """
    if back:
        return _keeps(tuple(sorted(kept + new)))
    room = 2 - len(kept)
    return tuple(
        sorted(
            {tuple(sorted(kept + k)) for k in _keeps(new) if len(k) <= room},
            key=lambda k: (len(k), k),
        )
    )


@functools.cache
def _before(mask: int, any_: bool, turning: bool, left: int, kept: Dice, back: bool = True) -> int:
    """216**left times the best chance with ``kept`` on the table and ``left`` throws to go."""
    scale: int = 6 ** len(kept)
    total: int = 0
    for roll, count in _ROLLS[3 - len(kept)]:
        chance: int = _after(mask, any_, turning, left - 1, kept, roll, back)
        total += count * chance
    return total * scale


@functools.cache
def _after(
    mask: int, any_: bool, turning: bool, left: int, kept: Dice, fresh: Dice, back: bool = True
) -> int:
    """216**left times the best chance right after a throw of ``fresh`` (``kept`` from before)."""
    dice = tuple(sorted(kept + fresh))
    win = mask >> _BIT[(dice, not kept)] & 1
    if win or left == 0:
        return win * _SCALE[left]  # stop: nothing beats holding the target
    keepable = fresh if any_ else tuple(d for d in fresh if d == 1)
    best: int = 0
    for k in keeps_after(kept, keepable, back):
        best = max(best, _before(mask, any_, turning, left, k, back))
    sixes = fresh.count(6)
    if turning and sixes >= 2:
        others = tuple(d for d in keepable if d != 6)  # every 6 of the throw goes back
        for ones in range(1, sixes):  # 2 sixes: one 1; 3 sixes: one or two 1s
            for k in keeps_after(kept, tuple(sorted(others + (1,) * ones)), back):
                best = max(best, _before(mask, any_, turning, left, k, back))
    return best


def clear_caches() -> None:
    """Forget every solved state (for benchmarks)."""
    _before.cache_clear()
    _after.cache_clear()


def probability(rules: Rules, target: Target, throws: int) -> Fraction:
    """The highest chance to end a turn of at most ``throws`` throws on a result
    whose evaluation satisfies ``target``, over every way of playing the turn.

    ``throws`` runs from 1 to ``rules.max_throws``.

    >>> from schock import load_rules
    >>> probability(load_rules("mosel"), lambda e: e.kind is Kind.GENERAL, 1)
    Fraction(5, 216)
    """
    if isinstance(throws, bool) or not isinstance(throws, int):
        raise TypeError(f"throws must be a whole number, got {throws!r}")
    if not 1 <= throws <= rules.max_throws:
        raise ValueError(f"throws must be from 1 to {rules.max_throws}, got {throws}")
    mask = _mask(rules, target)
    any_ = rules.set_aside is SetAside.ANY
    scaled = _before(mask, any_, rules.sixes_turning, throws, (), rules.take_back)
    return Fraction(scaled, 216**throws)


def _schock(value: int) -> Target:
    return lambda e: e.kind is Kind.SCHOCK and e.value == value


def row_targets(rules: Rules) -> dict[str, Target]:
    """The target of each row of :func:`odds_table`, by row key.

    ``schock_aus`` is any 1-1-1 (where the rules know Schock Hand, that one
    too), ``schock`` any Schock 2..6, ``schock_x`` exactly Schock x, the other
    rows exactly their kind (a composed Straße or General is einfacher Wurf
    where the rules want it auf die Hand); ``jule`` only where the rules play
    Jule, ``general`` only where they play General.
    """
    rows: dict[str, Target] = {}
    if rules.schock_hand:
        rows["schock_hand"] = lambda e: e.kind is Kind.SCHOCK_HAND
    rows["schock_aus"] = lambda e: e.all_deckel
    rows["schock"] = lambda e: e.kind is Kind.SCHOCK
    for x in range(6, 1, -1):
        rows[f"schock_{x}"] = _schock(x)
    if rules.jule:
        rows["jule"] = lambda e: e.kind is Kind.JULE
    if rules.general:
        rows["general"] = lambda e: e.kind is Kind.GENERAL
    rows["strasse"] = lambda e: e.kind is Kind.STRASSE
    rows["einfach"] = lambda e: e.kind is Kind.EINFACH
    return rows


def odds_table(rules: Rules) -> dict[str, Any]:
    """For every row of :data:`ROW_KEYS` the best chance within 1..max_throws throws.

    Each row's chances come from the way of playing that maximizes that very
    row. Returns ``{"rules": id, "throws": [1, 2, 3], "odds": {row: [p1, p2,
    p3]}, "p_schock_aus": [p1, p2, p3]}`` with floats.
    """
    throws = list(range(1, rules.max_throws + 1))
    odds = {
        key: [float(probability(rules, target, n)) for n in throws]
        for key, target in row_targets(rules).items()
    }
    return {
        "rules": rules.id,
        "throws": throws,
        "odds": odds,
        "p_schock_aus": list(odds["schock_aus"]),
    }
