"""Evaluation and ordering of results under a rule set.

>>> from schock import load_rules, Outcome, evaluate, rank
>>> porz = load_rules("porz")
>>> e = evaluate(porz, Outcome(dice=(1, 1, 4), throws=2))
>>> e.kind, e.value, e.deckel
(<Kind.SCHOCK: 'schock'>, 4, 4)
>>> evaluate(porz, Outcome(dice=(3, 4, 5), throws=2, on_hand=False)).kind   # composed Straße
<Kind.EINFACH: 'einfach'>
>>> rank(porz, [Outcome((2, 2, 1)), Outcome((1, 1, 2), throws=3), Outcome((1, 1, 2), throws=2)])
[2, 1, 0]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from schock.dice import Outcome
from schock.rules.model import Rules


class Kind(StrEnum):
    """The kind of a result, from high to low."""

    SCHOCK_HAND = "schock_hand"
    SCHOCK_AUS = "schock_aus"
    SCHOCK = "schock"
    JULE = "jule"
    GENERAL = "general"
    STRASSE = "strasse"
    EINFACH = "einfach"

    @property
    def german(self) -> str:
        """The German name players use."""
        return _GERMAN[self]


_GERMAN = {
    Kind.SCHOCK_HAND: "Schock Hand",
    Kind.SCHOCK_AUS: "Schock Aus",
    Kind.SCHOCK: "Schock",
    Kind.JULE: "Jule",
    Kind.GENERAL: "General",
    Kind.STRASSE: "Straße",
    Kind.EINFACH: "einfacher Wurf",
}


@functools.lru_cache(maxsize=64)
def _tiers(rules: Rules) -> tuple[dict[Kind, int], int]:
    """Each kind's tier (higher is better) under the rules' ladder, and Schock doof's.

    Tiers step by two from einfacher Wurf (2) up the ladder, so that Schock doof can
    sit between General and the result below it; Schock Hand sits directly above
    Schock Aus. The default ladder gives Straße 4, General 6, Schock 8, Schock Aus 10,
    Schock Hand 12 and a low Schock doof 5.
    """
    tier = {Kind.EINFACH: 2}
    t = 2
    for name in reversed(rules.ladder_kinds()):
        t += 2
        kind = Kind(name)
        tier[kind] = t
        if kind is Kind.SCHOCK_AUS:
            t += 2
            tier[Kind.SCHOCK_HAND] = t
    doof = tier[Kind.SCHOCK]
    if not rules.schock_doof_above_general and Kind.GENERAL in tier:
        doof = tier[Kind.GENERAL] - 1
    return tier, doof


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a result is worth under a rule set.

    ``strength`` orders results by kind and value alone (higher is better);
    ties between equal strengths are broken by :func:`rank`.
    """

    kind: Kind
    value: int
    deckel: int
    strength: int

    @property
    def all_deckel(self) -> bool:
        """True for Schock Aus and Schock Hand: the loser gets every Deckel of the half."""
        return self.kind is Kind.SCHOCK_AUS or self.kind is Kind.SCHOCK_HAND

    def label(self, lang: str = "de") -> str:
        """A name for players: ``Schock 4``, ``Schock doof``, ``General 5``, ``652``."""
        if self.kind is Kind.SCHOCK:
            return "Schock doof" if self.value == 2 else f"Schock {self.value}"
        if self.kind is Kind.GENERAL:
            return f"General {self.value}"
        if self.kind is Kind.JULE:
            return "Jule"
        if self.kind is Kind.STRASSE:
            return f"Straße {self.value - 2}-{self.value - 1}-{self.value}"
        if self.kind is Kind.EINFACH:
            return str(self.value) if lang == "en" else f"{self.value}"
        return self.kind.german


def _evaluate(rules: Rules, dice: tuple[int, ...], on_hand: bool) -> Evaluation:
    a, b, c = sorted(dice)
    tier, doof = _tiers(rules)
    if a == b == c == 1:
        kind = Kind.SCHOCK_HAND if rules.schock_hand and on_hand else Kind.SCHOCK_AUS
        return Evaluation(kind, 1, rules.deckel, tier[kind] * 1000)
    if a == b == 1:
        t = doof if c == 2 else tier[Kind.SCHOCK]
        return Evaluation(Kind.SCHOCK, c, c, t * 1000 + c)
    if rules.jule and (a, b, c) == (1, 2, 4) and (on_hand or not rules.jule_on_hand):
        return Evaluation(Kind.JULE, 124, rules.jule_deckel, tier[Kind.JULE] * 1000)
    if rules.general and a == b == c and (on_hand or not rules.general_on_hand):
        return Evaluation(Kind.GENERAL, a, 3, tier[Kind.GENERAL] * 1000 + a)
    if b == a + 1 and c == b + 1 and (on_hand or not rules.strasse_on_hand):
        return Evaluation(Kind.STRASSE, c, 2, tier[Kind.STRASSE] * 1000 + c)
    number = c * 100 + b * 10 + a
    return Evaluation(Kind.EINFACH, number, 1, tier[Kind.EINFACH] * 1000 + number)


@functools.lru_cache(maxsize=64)
def evaluation_table(rules: Rules) -> dict[tuple[tuple[int, ...], bool], Evaluation]:
    """Every (sorted dice, on_hand) pair mapped to its evaluation under ``rules``."""
    table: dict[tuple[tuple[int, ...], bool], Evaluation] = {}
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                for hand in (False, True):
                    table[((a, b, c), hand)] = _evaluate(rules, (a, b, c), hand)
    return table


def evaluate(rules: Rules, outcome: Outcome) -> Evaluation:
    """Evaluate a result under ``rules``."""
    return evaluation_table(rules)[(outcome.dice, outcome.on_hand)]


def sort_key(
    rules: Rules, evaluation: Evaluation, throws: int, position: int
) -> tuple[int, int, int]:
    """A key that sorts results best first.

    ``position`` is the seat's place in the round from the starter (0 first).
    Fewer throws count where the rules say so, and always between two
    Schock Hands (docs/rules.md, "Comparing results in a round").
    """
    by_throws = rules.fewer_throws_better or evaluation.kind is Kind.SCHOCK_HAND
    return (-evaluation.strength, throws if by_throws else 0, position)


def rank(rules: Rules, outcomes: Sequence[Outcome]) -> list[int]:
    """Indices of ``outcomes`` (in seat order from the round's starter), best first."""
    table = evaluation_table(rules)
    keys = [
        sort_key(rules, table[(o.dice, o.on_hand)], o.throws, i) for i, o in enumerate(outcomes)
    ]
    return sorted(range(len(outcomes)), key=keys.__getitem__)
