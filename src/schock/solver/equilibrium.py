"""The exact equilibrium of two-player Schocken: round, half and game.

**The round.** Under the visibility rules of docs/rules.md ("What each player may
see") every decision in a two-player round is taken on public information:
the round's first player (Vorhand) lifts his cup to decide after every
throw but the last one the rules allow, and a result he stops on before
that last throw is shown; the only dice under a cup are his last allowed
throw and the second player's last throw, and nobody decides anything
after either. So the round is a finite game of perfect information with
chance moves, and its equilibrium is pure and found by backward induction:
the second player (Hinterhand) best-responds to what he sees (a shown
result, or the known distribution of a covered last throw), and Vorhand
maximizes against that answer (:func:`schock.solver.half.round_value`).
No signalling game arises, so no linear program is needed. Standing "zu"
on an unseen first throw, or throwing again without looking, is never
better than lifting (the second player only gains from seeing); where the
rules allow **blind** (irmgarteich), Vorhand's one extra choice is blind or
not, taken before any die is seen: blind makes the round one throw each
(nobody decides anything more) and doubles the Deckel.

**The half** is a stochastic game over the Deckel situations (Stock, each
player's Deckel, who starts). Its stage at each situation is the round
above, played for the values of the situations it may lead to (the
:class:`~schock.solver.turn.Stakes`). The values solve the Shapley
equations: while the Stock holds Deckel every round takes at least one, so
those situations are solved backwards from an empty Stock; the cyclic
phase once the Stock is empty is solved by Shapley value iteration
(Gauss-Seidel) until no value moves by more than :data:`TOLERANCE`.

**The game** combines halves in closed form (:func:`game_value`): halves
and a final with Durchmarsch, or one half.

**Checks** (:func:`exploitability`): an exact best response over the whole
half against each side's computed strategy (for every situation and both
seats) gains at most the returned amount over the equilibrium values.

**Fields.** Every field of the rule model is modelled or cannot change a
decision of two players (docs/equilibrium.md, "Fields", lists each one).
``last_throw_covered = false`` shows Vorhand's last allowed throw too, so
Hinterhand answers a shown result (the round stays a game of perfect
information); ``schock_aus_keeps`` lets a Schock Aus thrower keep his Deckel:
the half ends only if he held none, else it goes on from the empty Stock.
Einkaufen never arises in two players (a player without Deckel once the
Stock is empty means the other holds all of them) and
``simultaneous_first_throw`` ("laden") hides only the second player's first
throw until his turn, which changes nothing.

>>> from schock import load_rules
>>> one = load_rules("porz").replace(max_throws=1)
>>> round(round_value(one), 6)      # one throw each: only Mit ist Shit helps Vorhand
0.510674
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from schock.errors import InvalidInputError
from schock.rules.model import FIELD_NAMES, FinalStarter, Rules, Structure
from schock.solver.half import (
    HalfTable,
    _covered_one,
    _doubled,
    _owed,
    _seen,
    _stakes,
    best_response,
    blind_value,
)
from schock.solver.half import round_value as _stage_value
from schock.solver.progress import report
from schock.solver.turn_policy import _Problem
from schock.solver.turn_state import Objective, Result, Stakes, Table, strengths
from schock.solver.turn_values import TurnSolver, _grades_of, second_utility

#: Shapley value iteration stops when no value changes by more than this.
TOLERANCE = 1e-12

Situation = tuple[int, int, int]
"""A Deckel situation: (Stock, Vorhand's Deckel, Hinterhand's Deckel)."""


#: The fields of the rule model whose effect on two-player play the solver knows:
#: modelled, or unable to change a decision (docs/equilibrium.md, "Which rules the
#: solver models"). A field added to :class:`~schock.rules.model.Rules` later is not
#: here, so :func:`check_supported` refuses it by name until it is modelled.
AUDITED_FIELDS = frozenset(
    {
        "id", "name", "source", "base", "deckel", "max_throws", "set_aside",
        "sixes_turning", "strasse_on_hand", "general_on_hand",
        "schock_doof_above_general", "fewer_throws_better", "schock_hand", "blind",
        "einkaufen", "simultaneous_first_throw", "opening", "starter_after_stock",
        "structure", "final_starter", "strafdeckel", "general", "jule", "jule_deckel",
        "jule_on_hand", "ladder", "take_back", "last_throw_covered", "schock_aus_keeps",
    }
)


def check_supported(rules: Rules) -> None:
    """Raise :class:`~schock.errors.InvalidInputError` naming the field when the
    equilibrium solver cannot handle ``rules``: a field it does not know
    (:data:`AUDITED_FIELDS`) set to anything but its default.

    Every field of today's rule model is known, so every valid rule set passes,
    the two house rules once refused included:

    >>> from schock import load_rules
    >>> check_supported(load_rules("porz").replace(schock_aus_keeps=True, last_throw_covered=False))
    """
    defaults = Rules(id="default", name="default")
    for name in FIELD_NAMES:
        if name not in AUDITED_FIELDS and getattr(rules, name) != getattr(defaults, name):
            raise InvalidInputError(
                f"the equilibrium solver does not handle {name} = "
                f"{getattr(rules, name)!r} (a rules field it does not model yet); "
                f"allowed: {name} = {getattr(defaults, name)!r}"
            )


def _all_situations(n: int) -> list[Situation]:
    return [(0, x, n - x) for x in range(1, n)] + [
        (s, x, n - s - x) for s in range(1, n + 1) for x in range(n - s + 1)
    ]


class EquilibriumTable(HalfTable):
    """The equilibrium values of a two-player half (as :class:`HalfTable`), with
    Vorhand's blind choice where the rules allow it (its values include it)."""

    @property
    def values(self) -> dict[Situation, float]:
        """Vorhand's chance of not losing the half in every situation."""
        return dict(self._values)


def _stage(
    rules: Rules, values: dict[Situation, float], owed: tuple[int | None, ...], sit: Situation
) -> float:
    s, x, y = sit
    v = _stage_value(rules, _stakes(values, rules, owed, s, x, y, True))
    if rules.blind:
        v = max(v, blind_value(rules, _stakes(values, rules, _doubled(owed), s, x, y, True)))
    return v


def _solve(rules: Rules) -> tuple[dict[Situation, float], int]:
    n = rules.deckel
    owed = _owed(rules)
    values: dict[Situation, float] = {}
    empty = [(0, x, n - x) for x in range(1, n)]
    for sit in empty:
        values[sit] = 0.5
    sweeps = 0
    for sweeps in range(1, 100_001):
        change = 0.0
        for sit in empty:
            v = _stage(rules, values, owed, sit)
            change = max(change, abs(v - values[sit]))
            values[sit] = v
        report("equilibrium.empty", sweeps)
        if change <= TOLERANCE:
            break
    total = n * (n + 1) // 2
    for stock in range(1, n + 1):
        for x in range(n - stock + 1):
            sit = (stock, x, n - stock - x)
            values[sit] = _stage(rules, values, owed, sit)
            report("equilibrium.stock", len(values) - len(empty), total)
    return values, sweeps


# ---------------------------------------------------------------- cache

#: Bumped whenever the values would change; a disk cache of another version is rebuilt.
CACHE_VERSION = 2


def _cache_dir() -> Path | None:
    if os.environ.get("SCHOCK_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "schock"


def _cache_key(rules: Rules) -> str:
    return hashlib.sha256(f"equilibrium:{CACHE_VERSION}:{rules!r}".encode()).hexdigest()[:24]


def cache_path(rules: Rules) -> Path | None:
    """Where the tables of ``rules`` are cached (None: ``SCHOCK_NO_CACHE`` is set)."""
    folder = _cache_dir()
    return None if folder is None else folder / f"equilibrium-{_cache_key(rules)}.json"


def _digest(rows: object) -> str:
    """A checksum of the stored rows: a file changed by anything but this module is rebuilt."""
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


def _load(path: Path, rules: Rules) -> dict[Situation, float] | None:
    """The cached values, or None unless the file is exactly what this version writes."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != CACHE_VERSION or data.get("key") != _cache_key(rules):
            return None
        if data.get("digest") != _digest(data["values"]):
            return None
        values: dict[Situation, float] = {}
        for s, x, y, v in data["values"]:
            if not all(type(i) is int for i in (s, x, y)) or type(v) is not float:
                return None
            if not 0.0 <= v <= 1.0:
                return None
            values[(s, x, y)] = v
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    return values if set(values) == set(_all_situations(rules.deckel)) else None


def _store(path: Path, rules: Rules, values: dict[Situation, float]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        rows = [[s, x, y, v] for (s, x, y), v in sorted(values.items())]
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        data = {
            "version": CACHE_VERSION,
            "key": _cache_key(rules),
            "values": rows,
            "digest": _digest(rows),
        }
        tmp.write_text(json.dumps(data))
        os.replace(tmp, path)
    except OSError:
        pass  # a cache that cannot be written is only slower


@functools.lru_cache(maxsize=8)
def equilibrium_half(rules: Rules) -> EquilibriumTable:
    """The solved two-player half under ``rules``, cached in memory and on disk
    (``$XDG_CACHE_HOME/schock``, versioned and checked on load; a file that is
    off in any way is rebuilt, never trusted; ``SCHOCK_NO_CACHE`` skips it)."""
    check_supported(rules)
    path = cache_path(rules)
    values = None if path is None else _load(path, rules)
    if values is None:
        values = _solve(rules)[0]
        if path is not None:
            _store(path, rules, values)
    return EquilibriumTable(rules, values)


# ---------------------------------------------------------------- round, half, game


def _win_round_stakes(rules: Rules) -> Stakes:
    k = len(strengths(rules))
    return Stakes((1.0,) * k, (0.0,) * k)


@dataclass(frozen=True)
class RoundStrategy:
    """Both players' equilibrium play of one two-player round, for export to
    other solvers (:func:`round_strategy`).

    ``blind``: Vorhand declares blind (then nobody decides anything more).
    Otherwise he lifts after every throw and plays :attr:`first`'s moves
    (``first.after(kept, thrown, throws)[1]``), and Hinterhand, having seen
    ``earlier`` (a shown result, or a covered last throw as a distribution)
    after Vorhand's ``limit`` throws, lifts too and plays :meth:`second`'s moves.
    """

    rules: Rules
    stakes: Stakes
    blind: bool
    first: TurnSolver

    def second(self, earlier: Result, limit: int) -> TurnSolver:
        """Hinterhand's turn against ``earlier`` within ``limit`` throws."""
        u = second_utility(self.rules, earlier, self.stakes.flip())
        return TurnSolver(self.rules, limit, u)

    def seen(self) -> dict[tuple[Result, int], float]:
        """What Hinterhand may see of Vorhand's result, with its chance, and the limit it sets."""
        if self.blind:
            return {(_covered_one(self.rules), 1): 1.0}
        return _seen(self.first, self.rules)


def round_strategy(rules: Rules, deckel_situation: Situation | None = None) -> RoundStrategy:
    """The equilibrium play of one two-player round, as :func:`round_value` plays it.

    >>> from schock import load_rules
    >>> from schock.solver.turn import Result
    >>> plan = round_strategy(load_rules("porz").replace(max_throws=2))
    >>> plan.first.after((), (1, 6, 6), 1)[1].describe("en")   # Vorhand after 1-6-6
    'turn sixes (6-6 → 1), keep 1-1, throw 1 die'
    >>> covered = Result.covered(plan.rules, (1, 1), 1, 2)       # 1-1 kept, one die covered
    >>> plan.second(covered, 2).after((), (2, 4, 5), 1)[1].describe("en")
    'throw 3 dice'
    """
    check_supported(rules)
    if deckel_situation is None:
        stakes = _win_round_stakes(rules)
        blind = bool(rules.blind) and (
            blind_value(rules, stakes) > _stage_value(rules, stakes) + 1e-12
        )
    else:
        s, x, y = _situation(rules, deckel_situation)
        table = equilibrium_half(rules)
        blind = table.plays_blind(s, x, y)
        stakes = table.blind_stakes(s, x, y) if blind else table.stakes(s, x, y, first=True)
    first = _Problem(rules, Table(after=1, stakes=stakes), None, Objective.HALF).solver
    return RoundStrategy(rules, stakes, blind, first)


def _p_first_wins(plan: RoundStrategy) -> float:
    """Vorhand's chance of not losing the round when both play ``plan``."""
    rules = plan.rules
    total = 0.0
    for (earlier, limit), p in plan.seen().items():
        answer = _grades_of(rules, plan.second(earlier, limit).outcomes())
        # Hinterhand wins only with a better grade (Mit ist Shit)
        for g, pg in zip(earlier.grades, earlier.probs, strict=True):
            total += p * pg * answer.p_at_most(g)
    return total


def round_value(rules: Rules, deckel_situation: Situation | None = None) -> float:
    """Vorhand's chance of not losing one two-player round at equilibrium.

    Without ``deckel_situation`` both play the round to win it (blind, where
    allowed, changes nothing then but the throws); with ``(stock, Vorhand's
    Deckel, Hinterhand's Deckel)`` both play the equilibrium of the half from
    there, and the chance of winning that round is returned.

    >>> from schock import load_rules
    >>> two = load_rules("porz").replace(max_throws=2)
    >>> 0.5 < round_value(two) < 0.7
    True
    >>> round_value(two, (14, 0, 0))
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: a two-player half has 13 Deckel in the Stock and with the players, got Stock 14, 0 and 0
    """
    return _p_first_wins(round_strategy(rules, deckel_situation))


def _situation(rules: Rules, sit: object) -> Situation:
    if not isinstance(sit, tuple) or len(sit) != 3 or not all(type(i) is int for i in sit):
        raise InvalidInputError(
            f"a Deckel situation is (Stock, Vorhand's Deckel, Hinterhand's Deckel), got {sit!r}"
        )
    s, x, y = sit
    n = rules.deckel
    if min(s, x, y) < 0 or s + x + y != n:
        raise InvalidInputError(
            f"a two-player half has {n} Deckel in the Stock and with the players, "
            f"got Stock {s}, {x} and {y}"
        )
    if x == n or y == n:
        raise InvalidInputError(f"the half is over when a player holds all {n} Deckel")
    if s == 0 and 0 in (x, y):
        raise InvalidInputError("once the Stock is empty both players hold Deckel")
    return s, x, y


def game_value(rules: Rules, q: float) -> float:
    """The first half's starter's chance of not losing the game, when a half's
    starter does not lose it with chance ``q``.

    With halves and a final the loser of the first half starts the second
    half and the final (or a random player, where the rules say so); losing
    both halves loses the game at once (Durchmarsch).

    >>> from schock import load_rules
    >>> game_value(load_rules("porz"), 0.6), round(game_value(load_rules("mosel"), 0.5), 9)
    (0.6, 0.5)
    """
    if rules.structure is Structure.ONE_HALF:
        return q
    final_first_loser = 0.5 if rules.final_starter is FinalStarter.RANDOM else 1.0 - q
    final_first_winner = 0.5 if rules.final_starter is FinalStarter.RANDOM else q
    # he wins the first half: the other starts the second; losing it sends both to the final
    won = (1.0 - q) + q * final_first_loser
    # he loses the first half and starts the second; losing it too is a Durchmarsch
    lost = q * final_first_winner
    return q * won + (1.0 - q) * lost


# ---------------------------------------------------------------- exploitability


def exploitability(rules: Rules, table: EquilibriumTable | None = None) -> float:
    """The most an exact best response gains, in the chance of not losing the
    half, over the equilibrium value, in any situation, against either seat's
    strategy (the strategies are symmetric: one computation covers both)."""
    t = equilibrium_half(rules) if table is None else table
    resp = best_response(rules, t, tolerance=TOLERANCE)
    return max(0.0, *(v - t.value(s, r, b, first=f) for (s, r, b, f), v in resp.items()))


# ---------------------------------------------------------------- the whole solution


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found (see :meth:`as_json`)."""

    rules: Rules
    p_first_wins_round: float
    p_starter_wins_half: float
    p_starter_wins_game: float
    half_values: dict[Situation, float]
    blind_situations: tuple[Situation, ...]
    exploitability: float
    seconds: float

    def as_json(self) -> dict[str, object]:
        """The keys of ``schock solve --json``."""
        return {
            "rules": self.rules.id,
            "p_first_wins_round": self.p_first_wins_round,
            "p_starter_wins_half": self.p_starter_wins_half,
            "p_starter_wins_game": self.p_starter_wins_game,
            "exploitability": self.exploitability,
            "seconds": self.seconds,
            "half_values": {f"{s}/{x}/{y}": v for (s, x, y), v in sorted(self.half_values.items())},
            "blind": [f"{s}/{x}/{y}" for s, x, y in self.blind_situations],
        }


def solve(rules: Rules, *, check: bool = True) -> Solution:
    """Round, half and game at equilibrium under ``rules`` (two players), with
    the exploitability of the strategies (``check``; else NaN) and the seconds taken.

    >>> from schock import load_rules
    >>> s = solve(load_rules("porz").replace(max_throws=1, deckel=3))
    >>> s.exploitability <= 1e-6, 0.5 < s.p_starter_wins_half < 1
    (True, True)
    """
    check_supported(rules)
    start = time.perf_counter()
    table = equilibrium_half(rules)
    n = rules.deckel
    half = table.value(n, 0, 0, first=True)
    blind = tuple(sit for sit in _all_situations(n) if table.plays_blind(*sit))
    gap = exploitability(rules, table) if check else float("nan")
    return Solution(
        rules=rules,
        p_first_wins_round=round_value(rules),
        p_starter_wins_half=half,
        p_starter_wins_game=game_value(rules, half),
        half_values=table.values,
        blind_situations=blind,
        exploitability=gap,
        seconds=time.perf_counter() - start,
    )


def first_mover_values(rules: Rules) -> dict[Situation, float]:
    """Vorhand's chance of not losing the half in every Deckel situation."""
    return equilibrium_half(rules).values


__all__ = [
    "AUDITED_FIELDS",
    "CACHE_VERSION",
    "TOLERANCE",
    "EquilibriumTable",
    "RoundStrategy",
    "Solution",
    "blind_value",
    "cache_path",
    "check_supported",
    "equilibrium_half",
    "exploitability",
    "first_mover_values",
    "game_value",
    "round_strategy",
    "round_value",
    "solve",
]
