"""Playing for the half: values of the Deckel situation in a two-player half.

A round's result matters only through the Deckel situation it leaves
behind, so the right objective of a turn is the chance of not losing the
half from there. :func:`duel_half` solves a two-player half exactly: the
states are the Deckel situations (the Stock, each player's Deckel, who
starts the round), the stage is the exact two-player round (the first
player plays for the values of what may follow, his last allowed throw
stays covered; the second best-responds to what he sees, shown or covered,
for the same values; :class:`~schock.solver.turn.Stakes`), and the values
solve the Bellman equations of that zero-sum game. While the Stock holds
Deckel, every round takes at least one from it, so those states are solved
backwards from an empty Stock; once the Stock is empty, Deckel go back and
forth, and the values are found by value iteration. Who starts the next
round follows the rules (the loser, or once the Stock is empty the player
with most Deckel where the rules say so).

In two players, a game of halves and a final (or one half) is lost by
losing halves, and the game's chance of not losing is an increasing affine
function of the current half's chance: playing for the half is playing for
the game.

>>> from schock import load_rules
>>> small = load_rules("porz").replace(deckel=3)
>>> t = duel_half(small)
>>> 0.4 < t.value(3, 0, 0, first=True) < 0.6
True
>>> s = t.stakes(3, 0, 0, first=True)    # a Schock Aus wins the half at once
>>> s.win[-1], s.lose[-1]
(1.0, 0.0)
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import json
import os
from collections import defaultdict
from pathlib import Path

from schock.errors import InvalidInputError
from schock.results import evaluation_table
from schock.rules.model import Rules, StarterAfterStock
from schock.solver.progress import report
from schock.solver.turn_policy import _Problem
from schock.solver.turn_state import (
    _PROBS,
    Dice,
    Objective,
    Result,
    Stakes,
    Table,
    first_covered,
    grade,
    strengths,
)
from schock.solver.turn_values import TurnSolver, _grades_of, second_utility, second_value

#: Value iteration stops when no value changes by more than this.
TOLERANCE = 1e-9


def _owed(rules: Rules) -> tuple[int | None, ...]:
    """Deckel owed when the round's best result has each strength (None: all of them)."""
    by: dict[int, int | None] = {}
    for e in evaluation_table(rules).values():
        by[e.strength] = None if e.all_deckel else e.deckel
    return tuple(by[s] for s in strengths(rules))


class HalfTable:
    """The values of a two-player half (see the module docs).

    ``value(stock, mine, other, first)`` is a seat's chance of not losing
    the half when the round about to start has ``stock`` Deckel in the
    Stock, the seat holds ``mine`` and the other ``other``, and ``first``
    says whether the seat starts it.
    """

    def __init__(self, rules: Rules, values: dict[tuple[int, int, int], float]) -> None:
        self.rules = rules
        self._values = values  # (stock, first player's Deckel, second's) -> first's chance
        self._owed = _owed(rules)
        self._blind: dict[tuple[int, int, int], bool] = {}  # plays_blind, once worked out

    def _check(self, stock: int, mine: int, other: int) -> None:
        n = self.rules.deckel
        if min(stock, mine, other) < 0 or stock + mine + other != n:
            raise InvalidInputError(
                f"a two-player half has {n} Deckel in the Stock and with the players, "
                f"got Stock {stock}, {mine} and {other}"
            )

    def value(self, stock: int, mine: int, other: int, *, first: bool) -> float:
        """The seat's chance of not losing the half (see the class docs)."""
        self._check(stock, mine, other)
        return _lookup(self._values, self.rules, stock, mine, other, first)

    def stakes(self, stock: int, mine: int, other: int, *, first: bool) -> Stakes:
        """What each end of the coming round is worth to the seat."""
        self._check(stock, mine, other)
        return _stakes(self._values, self.rules, self._owed, stock, mine, other, first)

    def blind_stakes(self, stock: int, mine: int, other: int) -> Stakes:
        """What each end of a blind round is worth to the seat (Deckel doubled)."""
        self._check(stock, mine, other)
        return _stakes(self._values, self.rules, _doubled(self._owed), stock, mine, other, True)

    def plays_blind(self, stock: int, mine: int, other: int) -> bool:
        """Whether the round's first player does better to declare blind, where the
        rules allow it (ties: not blind), for this table's values."""
        if not self.rules.blind:
            return False
        key = (stock, mine, other)
        known = self._blind.get(key)
        if known is None:  # two exact turn solves: worked out once per situation
            normal = round_value(self.rules, self.stakes(stock, mine, other, first=True))
            blind = blind_value(self.rules, self.blind_stakes(stock, mine, other))
            known = self._blind[key] = blind > normal + 1e-12
        return known


def _doubled(owed: tuple[int | None, ...]) -> tuple[int | None, ...]:
    return tuple(None if o is None else 2 * o for o in owed)


@functools.cache
def _covered_one(rules: Rules) -> Result:
    """One throw nobody has seen (a blind round's throw)."""
    return Result.covered(rules, (), 3, 1, on_hand=True)


def blind_value(rules: Rules, stakes: Stakes) -> float:
    """The first player's worth (his ``stakes``, with the Deckel already doubled)
    of a blind round: one throw each, nobody decides anything more."""
    return 1.0 - second_value(rules, 1, _covered_one(rules), stakes.flip())


def _lookup(
    values: dict[tuple[int, int, int], float],
    rules: Rules,
    stock: int,
    mine: int,
    other: int,
    first: bool,
) -> float:
    n = rules.deckel
    if mine == n:
        return 0.0
    if other == n:
        return 1.0
    if first:
        return values[(stock, mine, other)]
    return 1.0 - values[(stock, other, mine)]


def _after(
    rules: Rules, owed: int | None, stock: int, winner: int, loser: int
) -> tuple[int, int, int, bool] | None:
    """The situation after a round: (Stock, winner's, loser's Deckel, loser starts),
    or None when the loser has lost the half.

    ``owed`` None is a Schock Aus (or Schock Hand): the loser receives every Deckel
    and loses the half; under ``schock_aus_keeps`` the winner keeps his own, the
    loser receives the rest (the Stock and his own), and the half goes on unless
    the winner held none (docs/rules.md, "Deckel: Schock Aus").

    >>> from schock import load_rules
    >>> keeps = load_rules("porz").replace(schock_aus_keeps=True)
    >>> _after(keeps, None, 5, 3, 5), _after(keeps, None, 5, 0, 8)
    ((0, 3, 10, True), None)
    """
    n = rules.deckel
    if owed is None:
        if not rules.schock_aus_keeps or winner == 0:
            return None
        stock, loser = 0, n - winner
    elif stock > 0:
        take = min(owed, stock)
        stock, loser = stock - take, loser + take
    else:
        take = min(owed, winner)
        winner, loser = winner - take, loser + take
    if loser == n:
        return None
    loser_starts = True
    if stock == 0 and rules.starter_after_stock is StarterAfterStock.MOST_DECKEL:
        loser_starts = loser >= winner
    return stock, winner, loser, loser_starts


def _stakes(
    values: dict[tuple[int, int, int], float],
    rules: Rules,
    owed: tuple[int | None, ...],
    stock: int,
    mine: int,
    other: int,
    first: bool,
) -> Stakes:
    del first  # who starts this round does not change what its ends are worth
    win: list[float] = []
    lose: list[float] = []
    for o in owed:
        nxt = _after(rules, o, stock, mine, other)
        if nxt is None:
            win.append(1.0)
        else:
            s, w, lo, loser_starts = nxt
            win.append(_lookup(values, rules, s, w, lo, not loser_starts))
        nxt = _after(rules, o, stock, other, mine)
        if nxt is None:
            lose.append(0.0)
        else:
            s, w, lo, loser_starts = nxt
            lose.append(_lookup(values, rules, s, lo, w, loser_starts))
    return Stakes(tuple(win), tuple(lose))


def round_value(rules: Rules, stakes: Stakes) -> float:
    """The first player's chance (his ``stakes``) of a two-player round, both playing it exactly."""
    problem = _Problem(rules, Table(after=1, stakes=stakes), None, Objective.HALF)
    return problem.solver.start()


def _solve(rules: Rules) -> dict[tuple[int, int, int], float]:
    n = rules.deckel
    owed = _owed(rules)
    values: dict[tuple[int, int, int], float] = {}
    # the Stock is empty: value iteration over (first's Deckel, second's)
    empty = [(x, n - x) for x in range(1, n)]
    for x, y in empty:
        values[(0, x, y)] = 0.5
    for _ in range(10_000):  # Gauss-Seidel: each new value is used at once
        change = 0.0
        for x, y in empty:
            v = round_value(rules, _stakes(values, rules, owed, 0, x, y, True))
            change = max(change, abs(v - values[(0, x, y)]))
            values[(0, x, y)] = v
        if change <= TOLERANCE:
            break
    # Deckel in the Stock: each round takes at least one, so go up from 1
    for stock in range(1, n + 1):
        for x in range(n - stock + 1):
            y = n - stock - x
            values[(stock, x, y)] = round_value(
                rules, _stakes(values, rules, owed, stock, x, y, True)
            )
    return values


#: Bumped whenever the values would change; a disk cache of another version is rebuilt.
CACHE_VERSION = 2

#: The presets' solved halves, shipped with the package (``scripts/make_half_tables.py``).
SHIPPED = Path(__file__).parent / "tables"


def _cache_dir() -> Path | None:
    if os.environ.get("SCHOCK_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "schock"


def _cache_key(rules: Rules) -> str:
    return hashlib.sha256(f"{CACHE_VERSION}:{rules!r}".encode()).hexdigest()[:24]


def _load(path: Path, rules: Rules, key: str) -> dict[tuple[int, int, int], float] | None:
    """The cached values, or None unless the file is exactly what this version writes."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != CACHE_VERSION or data.get("key") != key:
            return None
        values: dict[tuple[int, int, int], float] = {}
        for s, x, y, v in data["values"]:
            if not all(isinstance(i, int) for i in (s, x, y)) or not isinstance(v, float):
                return None
            if not 0.0 <= v <= 1.0:
                return None
            values[(s, x, y)] = v
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    n = rules.deckel
    expected = {(0, x, n - x) for x in range(1, n)} | {
        (s, x, n - s - x) for s in range(1, n + 1) for x in range(n - s + 1)
    }
    return values if set(values) == expected else None


def _store(path: Path, key: str, values: dict[tuple[int, int, int], float]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        rows = [[s, x, y, v] for (s, x, y), v in sorted(values.items())]
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"version": CACHE_VERSION, "key": key, "values": rows}))
        os.replace(tmp, path)
    except OSError:
        pass  # a cache that cannot be written is only slower


@functools.lru_cache(maxsize=8)
def duel_half(rules: Rules) -> HalfTable:
    """The solved two-player half under ``rules``, cached per rule set in memory
    and on disk (under the user's cache directory, ``$XDG_CACHE_HOME/schock``;
    versioned and checked on load, rebuilt when anything is off; set
    ``SCHOCK_NO_CACHE`` to skip the disk). The presets' tables ship with the
    package (``SHIPPED``, made by ``scripts/make_half_tables.py``), checked the
    same way, so the optimal bot starts at once under every preset."""
    key = _cache_key(rules)
    values = _load(SHIPPED / f"half-{key}.json", rules, key)
    if values is not None:
        return HalfTable(rules, values)
    folder = _cache_dir()
    if folder is None:
        return HalfTable(rules, _solve(rules))
    path = folder / f"half-{key}.json"
    values = _load(path, rules, key)
    if values is None:
        values = _solve(rules)
        _store(path, key, values)
    return HalfTable(rules, values)


# ---------------------------------------------------------------- best response


def _seen(solver: TurnSolver, rules: Rules) -> dict[tuple[Result, int], float]:
    """What the second player sees of the first player's result under ``solver``'s
    play, with its chance: shown results, or the last allowed throw where the rules
    keep it covered (its kept dice shown), each with the throws it took (the round's
    limit)."""
    table = evaluation_table(rules)
    out: dict[tuple[Result, int], float] = defaultdict(float)
    mass: dict[Dice, float] = {(): 1.0}
    for used in range(1, solver.cap + 1):
        nxt: dict[Dice, float] = defaultdict(float)
        for kept, m in mass.items():
            if first_covered(rules, used):
                covered = Result.covered(rules, kept, 3 - len(kept), used, on_hand=not kept)
                out[(covered, used)] += m
                continue
            for roll, p in _PROBS[3 - len(kept)]:
                move = solver.after(kept, roll, used)[1]
                if move.stop:
                    dice = tuple(sorted(kept + roll))
                    g = grade(rules, table[(dice, not kept)], used)
                    out[(Result.of({g: 1.0}), used)] += m * p
                else:
                    nxt[move.keep] += m * p
        mass = nxt
    return dict(out)


def best_response(
    rules: Rules, table: HalfTable | None = None, *, tolerance: float = TOLERANCE
) -> dict[tuple[int, int, int, bool], float]:
    """The exact best response over a two-player half against a player who plays
    for ``table``'s values (default: :func:`duel_half`, the ``optimal`` bot),
    declaring blind where the rules allow it and ``table`` says so
    (:meth:`HalfTable.plays_blind`); the responder may declare blind too.

    Returns the responder's chance of not losing the half in every situation
    ``(stock, his Deckel, the player's Deckel, he starts)``. Against an exact
    equilibrium this equals ``table``'s values; the excess is what the player
    can be exploited for. The cyclic phase (empty Stock) is iterated until no
    value moves by more than ``tolerance``.
    """
    fixed = duel_half(rules) if table is None else table
    n = rules.deckel
    top = rules.max_throws
    ev = evaluation_table(rules)
    owed = _owed(rules)
    doubled = _doubled(owed)
    ranks = strengths(rules)
    # the responder's values: R[(s, r, b, r_first)]
    resp: dict[tuple[int, int, int, bool], float] = {}

    def look(s: int, r: int, b: int, r_first: bool) -> float:
        if r == n:
            return 0.0
        if b == n:
            return 1.0
        return resp[(s, r, b, r_first)]

    def stakes_r(s: int, r: int, b: int, owing: tuple[int | None, ...]) -> Stakes:
        win: list[float] = []
        lose: list[float] = []
        for o in owing:
            nxt = _after(rules, o, s, r, b)
            win.append(1.0 if nxt is None else look(nxt[0], nxt[1], nxt[2], not nxt[3]))
            nxt = _after(rules, o, s, b, r)
            lose.append(0.0 if nxt is None else look(nxt[0], nxt[2], nxt[1], nxt[3]))
        return Stakes(tuple(win), tuple(lose))

    def solve_state(s: int, r: int, b: int, r_first: bool) -> float:
        mine = stakes_r(s, r, b, owed)
        if not r_first:
            if fixed.plays_blind(s, b, r):  # one unseen throw each
                return second_value(rules, 1, _covered_one(rules), stakes_r(s, r, b, doubled))
            # the player throws first as he plays; the responder answers what he sees
            bot = fixed.stakes(s, b, r, first=True)
            p1 = _Problem(rules, Table(after=1, stakes=bot), None, Objective.HALF)
            return sum(
                p * second_value(rules, limit, res, mine)
                for (res, limit), p in _seen(p1.solver, rules).items()
            )
        # the responder throws first; the player answers what he sees, as he plays
        bot = fixed.stakes(s, b, r, first=False)
        answers: dict[tuple[object, ...], Result] = {}

        def answer(key: tuple[object, ...], earlier: Result, limit: int) -> Result:
            a = answers.get(key)
            if a is None:
                u = second_utility(rules, earlier, bot)
                a = answers[key] = _grades_of(rules, TurnSolver(rules, limit, u).outcomes())
            return a

        def terminal(kept: Dice, thrown: Dice, used: int) -> float:
            dice = tuple(sorted(kept + thrown))
            g = grade(rules, ev[(dice, not kept)], used)
            if first_covered(rules, used):
                earlier = Result.covered(rules, kept, 3 - len(kept), used, on_hand=not kept)
                a = answer((kept, used), earlier, used)
            else:
                a = answer((g,), Result.of({g: 1.0}), used)
            gi = bisect.bisect_left(ranks, g >> 4)
            total = 0.0
            for h, p in zip(a.grades, a.probs, strict=True):
                if h > g:
                    total += p * mine.lose[bisect.bisect_left(ranks, h >> 4)]
                else:
                    total += p * mine.win[gi]
            return total

        v = TurnSolver(rules, top, terminal=terminal).start()
        if rules.blind:  # the player answers a blind round with his one throw
            v = max(v, blind_value(rules, stakes_r(s, r, b, doubled)))
        return v

    empty = [(x, n - x, f) for x in range(1, n) for f in (True, False)]
    for x, y, f in empty:
        resp[(0, x, y, f)] = fixed.value(0, x, y, first=f)
    for sweep in range(1, 100_001):
        change = 0.0
        for x, y, f in empty:
            v = solve_state(0, x, y, f)
            change = max(change, abs(v - resp[(0, x, y, f)]))
            resp[(0, x, y, f)] = v
        report("check.empty", sweep)
        if change <= tolerance:
            break
    total, done = n * (n + 1), 0
    for stock in range(1, n + 1):
        for x in range(n - stock + 1):
            for f in (True, False):
                resp[(stock, x, n - stock - x, f)] = solve_state(stock, x, n - stock - x, f)
                done += 1
                report("check.stock", done, total)
    return resp


__all__ = ["HalfTable", "best_response", "duel_half", "round_value"]
