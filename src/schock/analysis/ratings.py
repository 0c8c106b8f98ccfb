"""A game's decisions rated: the marks, the choices with their worth, a decision,
a player's figures and the analysis of a game (records only; :mod:`.replay`
fills them in).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from schock.engine.record import Record
from schock.engine.views import View
from schock.solver.hints import Hint
from schock.solver.turn import Move

#: Marks by loss: a decision whose loss is below the bound gets the mark.
MARKS: tuple[tuple[str, float], ...] = (
    ("ok", 0.02),
    ("ungenau", 0.08),
    ("fehler", 0.20),
    ("patzer", float("inf")),
)

#: Losses below this are rounding noise of the solver (equal choices).
EPSILON = 1e-9

OBJECTIVES = ("round", "half")


def mark(loss: float) -> str:
    """The mark of a decision that lost ``loss`` (see :data:`MARKS`).

    >>> [mark(x) for x in (0.0, 0.02, 0.079, 0.2, 0.5)]
    ['ok', 'ungenau', 'ungenau', 'patzer', 'patzer']
    """
    for name, bound in MARKS:
        if loss < bound:
            return name
    raise ValueError(f"loss must be a number, got {loss!r}")  # pragma: no cover - NaN only


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a decision with its worth."""

    kind: str
    """``move`` (after a look at the dice) or ``lift``, ``zu``, ``stop``, ``blind``, ``rethrow``."""
    move: Move | None
    value: float
    """The objective's value: a chance in [0, 1]."""
    expected_deckel: float
    """Expected Deckel received in this round under this choice and best play after it."""

    def describe(self, lang: str = "de") -> str:
        """The choice in words (the solver's own phrases)."""
        return Hint(self.kind, self.move, 0.0, 0.0, 0.0, ()).describe(lang)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat, rated (or listed as not rated, with the reason)."""

    start: int
    """Index of the decision's first action in the record."""
    end: int
    """Index after its last action."""
    seat: int
    name: str
    half: int
    round: int
    kind: str
    """``turn`` (after a look), ``cup`` (before lifting the cup) or ``einkaufen``."""
    throws: int
    """Throws of the seat's turn so far."""
    holding: str | None
    """The seat's dice as a result (``Schock doof``), where it has seen them."""
    view: View
    """What the seat saw when it decided."""
    objective: str
    played: Choice | None
    best: Choice | None
    choices: tuple[Choice, ...] = ()
    actions: tuple[str, ...] = ()
    """The decision's actions as the record writes them."""
    note: str | None = None
    """Why a decision is not rated (then ``played``/``best`` are None)."""

    @property
    def rated(self) -> bool:
        return self.played is not None and self.best is not None

    @property
    def loss(self) -> float:
        if self.played is None or self.best is None:
            return 0.0
        gap = self.best.value - self.played.value
        return gap if gap > EPSILON else 0.0

    @property
    def mark(self) -> str | None:
        return mark(self.loss) if self.rated else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "name": self.name,
            "half": self.half,
            "round": self.round,
            "action": self.start,
            "actions": list(self.actions),
            "kind": self.kind,
            "throws": self.throws,
            "holding": self.holding,
            "objective": self.objective,
            "played": self.played.describe("en") if self.played else None,
            "best": self.best.describe("en") if self.best else None,
            "value_played": _r(self.played.value) if self.played else None,
            "value_best": _r(self.best.value) if self.best else None,
            "loss": _r(self.loss) if self.rated else None,
            "mark": self.mark,
            "choices": [{"choice": c.describe("en"), "value": _r(c.value)} for c in self.choices],
        }
        if self.note is not None:
            out["note"] = self.note
        return out


def _r(x: float) -> float:
    return round(x, 6)


@dataclass
class PlayerSummary:
    """One player's figures over the game (see docs/analysis.md)."""

    seat: int
    name: str
    decisions: int = 0
    total_loss: float = 0.0
    marks: dict[str, int] = field(default_factory=lambda: {m: 0 for m, _ in MARKS})
    deckel: int = 0
    """Deckel received in the rounds the player threw in."""
    expected_own: float = 0.0
    """Deckel expected under the player's own decisions (and best play after each)."""
    expected_best: float = 0.0
    """Deckel expected under best play from the start of each of his turns."""

    @property
    def mean_loss(self) -> float:
        return self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def luck(self) -> float:
        """Deckel expected under own decisions minus Deckel received: above 0 the
        dice (his and the others') were kind to him, below 0 they went against him."""
        return self.expected_own - self.deckel

    @property
    def skill(self) -> float:
        """Deckel expected under own decisions minus under best play: what his
        decisions cost him (0 at best)."""
        return self.expected_own - self.expected_best

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "total_loss": _r(self.total_loss),
            "mean_loss": _r(self.mean_loss),
            "marks": dict(self.marks),
            "deckel": self.deckel,
            "deckel_expected_own": _r(self.expected_own),
            "deckel_expected_best": _r(self.expected_best),
            "luck": _r(self.luck),
            "skill": _r(self.skill),
        }


@dataclass
class Analysis:
    """The analysis of one game (see :func:`analyse`)."""

    record: Record
    objective: str
    names: tuple[str, ...]
    decisions: list[Decision]
    players: list[PlayerSummary]
    finished: bool
    loser: int | None
    actions: int

    def rated(self, seat: int | None = None) -> list[Decision]:
        return [d for d in self.decisions if d.rated and (seat is None or d.seat == seat)]

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """The analysis as JSON (``seat``: only that seat's decisions and summary)."""
        return {
            "objective": self.objective,
            "finished": self.finished,
            "loser": self.loser,
            "actions": self.actions,
            "marks": {name: (None if bound == float("inf") else bound) for name, bound in MARKS},
            "decisions": [d.to_json() for d in self.decisions if seat is None or d.seat == seat],
            "players": [p.to_json() for p in self.players if seat is None or p.seat == seat],
        }
