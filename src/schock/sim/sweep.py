"""Sweeps for ``schock sim --sweep``: one or two rules fields over their values.

``--sweep FIELD`` takes every value the field may have (:func:`sweep_values`),
``--sweep FIELD=V1,V2,...`` the values given; two ``--sweep`` options give the
grid of both. Every rule set named by ``--rules`` is swept (a column per rule
set and value). A field whose values all give the same games for these bots
(the same tables and parameters for the kernel: ``blind`` for bots that never
play blind) is refused with the reason instead of being simulated into flat
lines; values that play alike are named.

>>> from schock import load_rules
>>> axes = [parse_axis("deckel=9,13"), parse_axis("opening")]
>>> p = plan([load_rules("porz")], axes, ["heuristic"] * 3)
>>> [c.label for c in p.cells][:3]
['9 · one_die_high', '9 · one_die_low', '9 · opening_round']
>>> p.same[0]
('opening', 'opening_round_youngest', 'opening_round')
>>> plan([load_rules("porz")], [parse_axis("blind")], ["heuristic"] * 3)
Traceback (most recent call last):
...
schock.errors.InvalidInputError: --sweep blind: no value of it changes the games of these bots (heuristic, heuristic, heuristic): only the first player may declare blind, and these bots always lift; nothing simulated
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules
from schock.rules.model import _BOOLS, _ENUMS
from schock.sim.chunks import Spec, make_spec
from schock.sim.tables import sweep_values

__all__ = ["Axis", "Cell", "Plan", "parse_axis", "plan", "same_games"]

#: At most this many swept fields.
MAX_AXES = 2
#: Why a field cannot change the games of these bots, where the sweep knows it
#: (else ``sim.sweep_inert_why``).
_INERT_WHY = {
    "blind": "sim.inert.blind",
    "einkaufen": "sim.inert.einkaufen",
    "simultaneous_first_throw": "sim.inert.simultaneous_first_throw",
    "strafdeckel": "sim.inert.strafdeckel",
}


@dataclass(frozen=True)
class Axis:
    """A swept field and its values; ``given``: the values were named (else every
    value the field may take, less those the rules forbid)."""

    field: str
    values: tuple[Any, ...]
    given: bool


@dataclass(frozen=True)
class Cell:
    """One rule set of a sweep: its base, the swept values, its column label."""

    base: Rules
    rules: Rules
    values: dict[str, Any]
    label: str


@dataclass
class Plan:
    """The cells of a sweep in order, the values left out and the values that
    play alike (``(field, value, same as value)``)."""

    axes: list[Axis]
    cells: list[Cell]
    skipped: list[tuple[str, Any, InvalidInputError]] = field(default_factory=list)
    same: list[tuple[str, Any, Any]] = field(default_factory=list)


def parse_value(name: str, text: str) -> Any:
    """A swept value from the command line in the field's type.

    >>> parse_value("deckel", "15"), parse_value("blind", "true"), parse_value("opening", "x")
    (15, True, 'x')
    >>> parse_value("deckel", "viele")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: --sweep deckel=viele: allowed: a whole number
    """
    text = text.strip()
    if name in _BOOLS:
        low = text.lower()
        if low in ("true", "false", "1", "0", "ja", "nein", "yes", "no"):
            return low in ("true", "1", "ja", "yes")
        raise InvalidInputError(Msg("sim.sweep_value", {
            "field": name, "value": text, "reason": Msg("sim.sweep_bool")}))
    if name in _ENUMS:
        return text
    try:
        return int(text)
    except ValueError:
        raise InvalidInputError(Msg("sim.sweep_value", {
            "field": name, "value": text, "reason": Msg("sim.sweep_whole")})) from None


def parse_axis(text: str) -> Axis:
    """``FIELD`` or ``FIELD=V1,V2,...``.

    >>> parse_axis("deckel=9, 13")
    Axis(field='deckel', values=(9, 13), given=True)
    >>> parse_axis("max_throws").values
    (1, 2, 3, 4, 5)
    """
    name, eq, rest = text.partition("=")
    name = name.strip()
    if not name or (eq and not rest.strip()):
        raise InvalidInputError(Msg("sim.sweep_syntax", {"text": text}))
    values = tuple(sweep_values(name))  # refuses a field that cannot be swept
    if not eq:
        return Axis(name, values, False)
    given = tuple(parse_value(name, v) for v in rest.split(",") if v.strip())
    if not given:
        raise InvalidInputError(Msg("sim.sweep_syntax", {"text": text}))
    if len(set(map(str, given))) != len(given):
        raise InvalidInputError(Msg("sim.sweep_value", {
            "field": name, "value": rest, "reason": Msg("sim.sweep_repeat")}))
    return Axis(name, given, True)


def same_games(a: Spec, b: Spec) -> bool:
    """Whether two specs make the kernel play the very same games (every table
    and parameter alike; the rules' names do not play)."""
    for f in dataclasses.fields(a):
        if f.name == "rules_id":
            continue
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, tuple):
            if len(x) != len(y) or not all(np.array_equal(p, q) for p, q in zip(x, y, strict=True)):
                return False
        elif not np.array_equal(x, y):
            return False
    return True


def plan(bases: Sequence[Rules], axes: Sequence[Axis], bots: Sequence[str]) -> Plan:
    """The grid of ``axes`` over every rule set of ``bases``; refuse a field no
    value of which changes the games of ``bots``."""
    if len(axes) > MAX_AXES:
        raise InvalidInputError(Msg("sim.sweep_count", {"n": len(axes)}))
    names = [a.field for a in axes]
    for name in names:
        if names.count(name) > 1:
            raise InvalidInputError(Msg("sim.sweep_twice", {"field": name}))
    out = Plan(list(axes), [])
    kept: list[list[Any]] = []
    for axis in axes:
        values = []
        for value in axis.values:
            reason: InvalidInputError | None = None
            for base in bases:
                try:
                    base.replace(**{axis.field: value})
                except InvalidInputError as exc:
                    reason = exc
            if reason is None:
                values.append(value)
            elif axis.given:
                raise InvalidInputError(Msg("sim.sweep_value", {
                    "field": axis.field, "value": value, "reason": reason}))
            else:
                out.skipped.append((axis.field, value, reason))
        kept.append(values)
    specs: dict[tuple[int, tuple[Any, ...]], Spec] = {}
    for b, base in enumerate(bases):
        for combo in itertools.product(*kept):
            changes = dict(zip(names, combo, strict=True))
            rules = base.replace(**changes)
            specs[(b, combo)] = make_spec(rules, bots)
            label = " · ".join(str(v) for v in combo)
            if len(bases) > 1:
                label = f"{base.id} · {label}"
            out.cells.append(Cell(base, rules, changes, label))
    for i, axis in enumerate(axes):
        _alike(out, i, axis, kept, specs, len(bases), bots)
    return out


def _alike(
    out: Plan,
    i: int,
    axis: Axis,
    kept: list[list[Any]],
    specs: dict[tuple[int, tuple[Any, ...]], Spec],
    bases: int,
    bots: Sequence[str],
) -> None:
    """Name the values of axis ``i`` that play like an earlier one everywhere;
    refuse the axis when all of them do."""
    values = kept[i]
    others = [kept[j] for j in range(len(kept)) if j != i]

    def spec(b: int, value: Any, rest: tuple[Any, ...]) -> Spec:
        combo = list(rest)
        combo.insert(i, value)
        return specs[(b, tuple(combo))]

    groups = [(b, rest) for b in range(bases) for rest in itertools.product(*others)]
    alike: dict[Any, Any] = {}
    for k, value in enumerate(values):
        for earlier in values[:k]:
            if earlier in alike:
                continue
            if all(same_games(spec(b, earlier, r), spec(b, value, r)) for b, r in groups):
                alike[value] = earlier
                break
    if len(values) > 1 and len(alike) == len(values) - 1:
        raise InvalidInputError(Msg("sim.sweep_inert", {
            "field": axis.field,
            "bots": ", ".join(bots),
            "reason": Msg(_INERT_WHY.get(axis.field, "sim.sweep_inert_why")),
        }))
    out.same += [(axis.field, v, e) for v, e in alike.items()]
