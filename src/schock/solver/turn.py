"""The exact turn solver: what to keep, whether to turn sixes, when to stop.

A turn is a small game against the dice (docs/rules.md, "A turn"). After every
throw the player may stop, or choose which dice stay on the table for the
next throw (and turn sixes first, where the rules allow it). The solver
takes the expectation over every outcome of every later throw and picks the
choice with the best value. Nothing is sampled; a position is solved in a
few milliseconds.

What a result is worth depends on the round around the turn, a
:class:`Table`:

* the results of the players **before** this one. Each is a
  :class:`Result` distribution: one result where the table saw it, or, for
  a result still under its cup, every way its hidden dice may lie (each
  hidden die uniform, as thrown; but where the player looked and chose to
  stop, only the ways he would have stopped on under the reference model,
  :meth:`Result.stopped`);
* how many players come **after** this one. In a round of two, the second
  player answers exactly what he sees: a shown result with the best chance
  to beat it (:func:`answer_to_shown`), a result still under its cup with
  the best chance against every way it may lie (:func:`answer_to_covered`).
  So both turns of a two-player round are solved exactly for the chance
  not to lose. With more players, each later player is modelled as an
  equally strong player who plays, within the round's throw limit, to beat
  one covered result of a player as strong as himself (the fixed point of
  that model, :func:`reference`). The round's first player sets that limit
  by the number of throws he uses, so for him the worth of a result
  depends on how many throws he took;
* the Deckel situation (Stock, the seat's own Deckel, blind).

There are four objectives (:class:`Objective`): the chance of **not being
the round's loser**; the expected number of Deckel **received**; the
expected **net** change of one's own Deckel (received minus given away from
one's own pile, which happens only once the Stock is empty); and, in a
two-player round, the chance of not losing the **half** from the Deckel
situation the round leaves (:class:`Stakes`, solved in
:mod:`schock.solver.half`).

>>> from schock import load_rules
>>> porz = load_rules("porz")
>>> state = parse_state("1-6-6 1/3")            # first throw 1-6-6, limit 3
>>> best = solve(porz, state, Table(before=(Result.known(porz, "1-1-4/2"),)))
>>> best[0].move.describe("en")
'turn sixes (6-6 → 1), keep 1-1, throw 1 die'
>>> round(best[0].value, 9)  # Schock 5, 6 or Aus in either of two throws
0.75
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from schock.dice import Outcome, parse_dice, small_int
from schock.errors import InvalidInputError, NotationError
from schock.messages import Msg
from schock.results import Evaluation, Kind, evaluation_table
from schock.rules.model import Rules, SetAside
from schock.solver.odds import _ROLLS, _keeps, keeps_after

Dice = tuple[int, ...]


# ---------------------------------------------------------------- turn states


@dataclass(frozen=True, slots=True)
class TurnState:
    """A turn right after a throw.

    ``kept`` are the dice that stayed on the table for that throw (turned 1s
    included), ``thrown`` the dice it threw (as they fell), ``throws`` the
    number of throws used, and ``limit`` the round's throw limit, or None
    for the round's first player, who sets it (up to ``rules.max_throws``).
    """

    kept: Dice
    thrown: Dice
    throws: int
    limit: int | None

    def __str__(self) -> str:
        return format_state(self)


def parse_state(text: str) -> TurnState:
    """Read a turn state: ``[KEPT+]THROWN THROWS/LIMIT``.

    ``KEPT`` and ``THROWN`` are dice as in ``1-1`` and ``4``; ``LIMIT`` is a
    number, or ``*`` for the round's first player, who sets it.

    >>> parse_state("1-1+4 2/3")
    TurnState(kept=(1, 1), thrown=(4,), throws=2, limit=3)
    >>> parse_state("6-1-6 1/*")
    TurnState(kept=(), thrown=(1, 6, 6), throws=1, limit=None)
    >>> parse_state("1-1-4-2 1/3")
    Traceback (most recent call last):
    ...
    schock.errors.NotationError: a turn has 3 dice, got 4 (1-1 kept + 4 thrown is allowed) in '1-1-4-2 1/3'
    """
    if not isinstance(text, str):
        raise NotationError(f"a turn state must be text, got {type(text).__name__}")
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(Msg("notation.state_form"), text=text)
    dice_part, count_part = parts
    kept_s, plus, thrown_s = dice_part.rpartition("+")
    kept = parse_dice(kept_s, count=None) if plus and kept_s else ()
    thrown = parse_dice(thrown_s, count=None) if thrown_s else ()
    if len(kept) + len(thrown) != 3:
        raise NotationError(Msg("notation.turn_dice", {"n": len(kept) + len(thrown)}), text=text)
    if not thrown:
        raise NotationError(Msg("notation.none_thrown"), text=text)
    throws_s, slash, limit_s = count_part.partition("/")
    throws = small_int(throws_s, max_digits=2)
    limit = None if limit_s == "*" else small_int(limit_s, max_digits=2)
    if not slash or throws is None or (limit is None and limit_s != "*"):
        raise NotationError(
            Msg("notation.state_count", {"part": count_part[:20]}),
            text=text,
            position=text.find(count_part),
        )
    return TurnState(tuple(sorted(kept)), tuple(sorted(thrown)), throws, limit)


def format_state(state: TurnState) -> str:
    """The text form of a turn state (the inverse of :func:`parse_state`).

    >>> format_state(TurnState((1,), (4, 6), 2, None))
    '1+4-6 2/*'
    """
    kept = "-".join(map(str, state.kept))
    thrown = "-".join(map(str, state.thrown))
    limit = "*" if state.limit is None else str(state.limit)
    return f"{kept + '+' if kept else ''}{thrown} {state.throws}/{limit}"


def check_state(rules: Rules, state: TurnState) -> None:
    """Raise :class:`~schock.errors.InvalidInputError` unless ``state`` can occur under ``rules``."""
    dice = state.kept + state.thrown
    if len(dice) != 3 or not state.thrown:
        raise InvalidInputError(
            f"a turn has 3 dice with at least one thrown, got kept {list(state.kept)} "
            f"and thrown {list(state.thrown)}"
        )
    bad = [d for d in dice if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6]
    if bad:
        raise InvalidInputError(f"dice show 1 to 6, got {bad}")
    cap = rules.max_throws if state.limit is None else state.limit
    if state.limit is not None and not 1 <= state.limit <= rules.max_throws:
        raise InvalidInputError(
            Msg("state.limit", {"max": rules.max_throws, "rules": rules.id, "limit": state.limit})
        )
    if not 1 <= state.throws <= cap:
        raise InvalidInputError(Msg("state.throws", {"cap": cap, "throws": state.throws}))
    if state.kept and state.throws == 1:
        raise InvalidInputError(Msg("state.kept_first", {"kept": list(state.kept)}))
    if rules.set_aside is SetAside.ONES and any(d != 1 for d in state.kept):
        raise InvalidInputError(
            Msg("state.ones_only", {"rules": rules.id, "kept": list(state.kept)})
        )


def round_limit(rules: Rules, state: TurnState, before: Sequence[str]) -> TurnState:
    """``state`` with the round's throw limit taken from the results ``before`` it.

    The round's first player sets the limit with his throws, so the first of
    ``before`` (results as :meth:`Result.parse` reads them) fixes it: a ``*``
    limit becomes that number, and a limit that contradicts it, or a later
    player who threw more often, is refused. Without ``before`` the state
    is the first player's and keeps its limit.

    >>> from schock import load_rules
    >>> porz = load_rules("porz")
    >>> str(round_limit(porz, parse_state("2-3-5 1/*"), ["6-6-5/1"]))
    '2-3-5 1/1'
    >>> round_limit(porz, parse_state("1+2-5 2/3"), ["1-1-4/2"])
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: the round's first player stopped after 2 throw(s) (1-1-4/2), so the limit is 2, not 3
    """
    if not before:
        return state
    counts = [_throws_of(rules, text) for text in before]
    limit = counts[0]
    if state.limit is not None and state.limit != limit:
        raise InvalidInputError(
            Msg(
                "state.first_limit",
                {"limit": limit, "first": before[0].strip(), "got": state.limit},
            )
        )
    for text, n in zip(before[1:], counts[1:], strict=True):
        if n > limit:
            raise InvalidInputError(
                Msg(
                    "state.over_limit",
                    {"text": text.strip(), "n": n, "limit": limit, "first": before[0].strip()},
                )
            )
    return replace(state, limit=limit)


def _throws_of(rules: Rules, text: str) -> int:
    """The throw count of a result as :meth:`Result.parse` reads it."""
    Result.parse(rules, text)  # refuses what is malformed
    if "?" not in text:
        return Outcome.parse(text).throws
    return int(text.strip().rstrip("hH").rpartition("/")[2])


# ---------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Move:
    """What to do after a throw: stop, or turn sixes (``turn`` ones) and
    throw again with ``keep`` on the table."""

    stop: bool
    keep: Dice = ()
    turn: int = 0

    def describe(self, lang: str = "de") -> str:
        """A short instruction for players.

        >>> Move(False, (1, 1), 1).describe()
        'Sechsen drehen (6-6 → 1), 1-1 liegen lassen, 1 Würfel werfen'
        >>> Move(True).describe("en")
        'stop'
        """
        en = lang == "en"
        if self.stop:
            return "stop" if en else "stehen lassen"
        parts: list[str] = []
        if self.turn:
            sixes = "6-6-6" if self.turn == 2 else "6-6"
            ones = "1-1" if self.turn == 2 else "1"
            parts.append(f"{'turn sixes' if en else 'Sechsen drehen'} ({sixes} → {ones})")
        if self.keep:
            kept = "-".join(map(str, self.keep))
            parts.append(f"keep {kept}" if en else f"{kept} liegen lassen")
        n = 3 - len(self.keep)
        if en:
            parts.append(f"throw {n} {'die' if n == 1 else 'dice'}")
        else:
            parts.append(f"{n} Würfel werfen")
        return ", ".join(parts)


_STOP = Move(True)


@functools.cache
def _options(
    any_: bool, turning: bool, kept: Dice, thrown: Dice, back: bool = True
) -> tuple[Move, ...]:
    """Every distinct way to go on after a throw (stopping not included).

    Choices that leave the same dice on the table are one choice (the one
    with fewer turned sixes); turned 1s may be put back like any die.
    """
    keepable = thrown if any_ else tuple(d for d in thrown if d == 1)
    moves: dict[Dice, Move] = {}
    for k in keeps_after(kept, keepable, back):  # take_back off: ``kept`` stays
        moves[k] = Move(False, k, 0)
    sixes = thrown.count(6)
    if turning and sixes >= 2:
        others = tuple(d for d in keepable if d != 6)  # every 6 of the throw goes back
        for ones in range(1, sixes):  # two 6s: one 1; three 6s: one or two 1s
            for k in keeps_after(kept, tuple(sorted(others + (1,) * ones)), back):
                moves.setdefault(k, Move(False, k, ones))
    return tuple(moves.values())


# ---------------------------------------------------------------- results of others


def _by_throws(rules: Rules, e: Evaluation) -> bool:
    return rules.fewer_throws_better or e.kind is Kind.SCHOCK_HAND


def grade(rules: Rules, e: Evaluation, throws: int) -> int:
    """A number that orders results in a round, higher is better; equal
    grades are decided by seat order (Mit ist Shit).

    >>> from schock import load_rules, evaluate, Outcome
    >>> porz = load_rules("porz")
    >>> a = grade(porz, evaluate(porz, Outcome((1, 1, 4), 2)), 2)
    >>> b = grade(porz, evaluate(porz, Outcome((1, 1, 4), 3)), 3)
    >>> a > b          # fewer throws is better under porz
    True
    """
    return e.strength * 16 + ((15 - throws) if _by_throws(rules, e) else 0)


def _strength(g: int) -> int:
    return g >> 4


@dataclass(frozen=True, slots=True)
class Result:
    """The result of another player, as a distribution over grades
    (``grades`` ascending, ``probs`` summing to 1)."""

    grades: tuple[int, ...]
    probs: tuple[float, ...]
    cumulative: tuple[float, ...] = field(repr=False, compare=False, default=())

    @staticmethod
    def of(weights: dict[int, float]) -> Result:
        """A distribution from grade weights (normalized here)."""
        total = sum(weights.values())
        if not weights or total <= 0:
            raise InvalidInputError("a result distribution needs at least one possible result")
        grades = tuple(sorted(g for g, w in weights.items() if w > 0))
        probs = tuple(weights[g] / total for g in grades)
        return Result(grades, probs, tuple(itertools.accumulate(probs)))

    @staticmethod
    def known(rules: Rules, result: Outcome | str) -> Result:
        """One result the table has seen (``"1-1-4/2"`` or an :class:`Outcome`).

        >>> from schock import load_rules
        >>> Result.known(load_rules("porz"), "1-1-4/2").probs
        (1.0,)
        """
        o = result if isinstance(result, Outcome) else Outcome.parse(result)
        if not 1 <= o.throws <= rules.max_throws:
            raise InvalidInputError(
                Msg(
                    "state.result_throws",
                    {"max": rules.max_throws, "rules": rules.id, "n": o.throws, "text": str(o)},
                )
            )
        e = evaluation_table(rules)[(o.dice, o.on_hand)]
        return Result.of({grade(rules, e, o.throws): 1.0})

    @staticmethod
    def parse(rules: Rules, text: str) -> Result:
        """Read a result as the table sees it: ``1-1-4/2``, or with ``?`` for a
        die still under the cup (``1-?-?/3``, ``?-?-?/1`` for "zu").

        >>> from schock import load_rules
        >>> len(Result.parse(load_rules("porz"), "1-?-?/3").grades)   # one per way the 2 dice lie
        21
        >>> Result.parse(load_rules("porz"), "1-?/3")
        Traceback (most recent call last):
        ...
        schock.errors.NotationError: a result has 3 dice (a number 1 to 6 or ? for a hidden die), got 2 in '1-?/3'
        """
        if "?" not in text:
            return Result.known(rules, Outcome.parse(text))
        body = text.strip()
        on_hand: bool | None = None
        if body.endswith(("h", "H")):
            on_hand, body = True, body[:-1]
        dice_s, slash, n = body.partition("/")
        throws = small_int(n, max_digits=2)
        if not slash or throws is None or not 1 <= throws <= rules.max_throws:
            raise NotationError(Msg("notation.covered_count", {"max": rules.max_throws}), text=text)
        tokens = dice_s.split("-")
        if len(tokens) != 3 or any(t not in _DIE_TOKENS for t in tokens):
            raise NotationError(Msg("notation.result_dice", {"n": len(tokens)}), text=text)
        shown = [int(t) for t in tokens if t != "?"]
        return Result.covered(rules, shown, tokens.count("?"), throws, on_hand)

    @staticmethod
    def covered(
        rules: Rules,
        shown: Sequence[int],
        hidden: int,
        throws: int,
        on_hand: bool | None = None,
    ) -> Result:
        """A result whose ``hidden`` dice are still under the cup.

        ``shown`` are the dice the table sees (on the table, or shown);
        ``on_hand`` says whether no die was kept from before the last throw
        (default: ``shown`` is empty). Every hidden die is uniform.

        >>> from schock import load_rules
        >>> r = Result.covered(load_rules("porz"), [1, 1], 1, 2)
        >>> len(r.grades), round(sum(r.probs), 9)
        (6, 1.0)
        """
        shown_t = tuple(shown)
        if len(shown_t) + hidden != 3 or hidden < 0:
            raise InvalidInputError(
                f"a result has 3 dice: {list(shown_t)} shown and {hidden} hidden is not 3"
            )
        if not 1 <= throws <= rules.max_throws:
            raise InvalidInputError(f"throws must be 1 to {rules.max_throws}, got {throws}")
        table = evaluation_table(rules)
        hand = not shown_t if on_hand is None else on_hand
        weights: dict[int, float] = defaultdict(float)
        for roll, p in _PROBS[hidden]:
            dice = tuple(sorted(shown_t + roll))
            weights[grade(rules, table[(dice, hand)], throws)] += p
        return Result.of(weights)

    @staticmethod
    def stopped(
        rules: Rules,
        table: Table,
        limit: int,
        kept: Sequence[int],
        shown: Sequence[int],
        hidden: int,
        throws: int,
    ) -> Result:
        """The covered result of a player who looked at his throw and chose to stop
        (not the round's first player, and before his last allowed throw).

        He stopped because his dice were good enough, so they are not uniform:
        under the reference model he played at his seat like the solver, for
        the chance not to lose the round at ``table`` (what he saw before him,
        the players after him) within ``limit`` throws. ``kept`` were on the
        table for his last throw, ``shown`` are dice of that throw the table
        sees, ``hidden`` the dice still under his cup. The result is every way
        the hidden dice may lie where he would have stopped, weighted by its
        chance (uniform dice if he stopped where the model never would).

        >>> from schock import load_rules
        >>> mosel = load_rules("mosel")
        >>> t = Table(before=(Result.parse(mosel, "6-6-?/3"),), after=1)
        >>> r = Result.stopped(mosel, t, 3, (), (), 3, 2)   # ?-?-?/2, covered after a look
        >>> round(r.p_at_least(grade(mosel, evaluation_table(mosel)[((1, 2, 3), True)], 2)), 3)
        0.833
        """
        kept_t = tuple(sorted(kept))
        shown_t = tuple(shown)
        if len(kept_t) + len(shown_t) + hidden != 3 or hidden < 1:
            raise InvalidInputError(
                f"a covered result has 3 dice with at least one hidden: {list(kept_t)} kept, "
                f"{list(shown_t)} shown and {hidden} hidden is not"
            )
        if not 1 <= throws < limit <= rules.max_throws:
            raise InvalidInputError(
                f"a player chose to stop only before the round's limit: {throws} throw(s) "
                f"of {limit} (limit 1 to {rules.max_throws})"
            )
        solver = _problem(rules, table, limit, Objective.LOSS).solver
        ev = evaluation_table(rules)
        weights: dict[int, float] = defaultdict(float)
        for roll, p in _PROBS[hidden]:
            thrown = tuple(sorted(shown_t + roll))
            if solver.after(kept_t, thrown, throws)[1].stop:
                dice = tuple(sorted(kept_t + thrown))
                weights[grade(rules, ev[(dice, not kept_t)], throws)] += p
        if not weights:
            return Result.covered(rules, kept_t + shown_t, hidden, throws, on_hand=not kept_t)
        return Result.of(weights)

    def p_at_least(self, g: int) -> float:
        """P(grade >= g)."""
        i = bisect.bisect_left(self.grades, g)
        return 1.0 - (self.cumulative[i - 1] if i else 0.0)

    def p_above(self, g: int) -> float:
        """P(grade > g)."""
        i = bisect.bisect_right(self.grades, g)
        return 1.0 - (self.cumulative[i - 1] if i else 0.0)

    def p_at_most(self, g: int) -> float:
        """P(grade <= g)."""
        i = bisect.bisect_right(self.grades, g)
        return self.cumulative[i - 1] if i else 0.0


_DIE_TOKENS = frozenset("?123456")


#: Every sorted throw of m dice with its chance (from the odds module's counts).
_PROBS: dict[int, tuple[tuple[Dice, float], ...]] = {
    m: tuple((d, c / 6**m) for d, c in _ROLLS[m]) for m in range(4)
}


# ---------------------------------------------------------------- the round around the turn


class Objective(StrEnum):
    """What the solver maximizes."""

    LOSS = "loss"
    """The chance of not being the round's loser."""
    DECKEL = "deckel"
    """Minus the expected number of Deckel received."""
    NET = "net"
    """Minus the expected change of one's own Deckel (received minus given away)."""
    HALF = "half"
    """The chance of not losing the half, from the round's :class:`Stakes` (two players)."""

    @classmethod
    def parse(cls, value: Objective | str) -> Objective:
        """The objective named ``value``, or a clear error."""
        try:
            return cls(value)
        except ValueError:
            allowed = ", ".join(o.value for o in cls)
            raise InvalidInputError(f"unknown objective {value!r} (allowed: {allowed})") from None


@dataclass(frozen=True, slots=True)
class Table:
    """The round around one turn (see the module docs).

    ``stock`` None means "Deckel are not counted" (then received Deckel are
    the result's face value, uncapped); ``mine`` is the seat's own Deckel.
    """

    before: tuple[Result, ...] = ()
    after: int = 0
    stock: int | None = None
    mine: int = 0
    blind: bool = False
    stakes: Stakes | None = None
    """For the ``half`` objective: what each end of a two-player round is worth."""

    def __post_init__(self) -> None:
        if self.after < 0 or len(self.before) + self.after < 1:
            raise InvalidInputError(
                Msg("state.others", {"before": len(self.before), "after": self.after})
            )
        if (self.stock is not None and self.stock < 0) or self.mine < 0:
            raise InvalidInputError("Stock and Deckel counts cannot be negative")


@functools.cache
def strengths(rules: Rules) -> tuple[int, ...]:
    """Every result strength under ``rules``, ascending (the index of :class:`Stakes`)."""
    return tuple(sorted({e.strength for e in evaluation_table(rules).values()}))


@dataclass(frozen=True, slots=True)
class Stakes:
    """What each end of a two-player round is worth to one seat (its chance
    of not losing the half, or the game, from the Deckel situation after the
    round): ``win[i]`` when the seat wins the round with a result of strength
    ``strengths(rules)[i]``, ``lose[i]`` when the other seat wins with that
    strength."""

    win: tuple[float, ...]
    lose: tuple[float, ...]

    def flip(self) -> Stakes:
        """The same round seen by the other seat."""
        return Stakes(tuple(1.0 - v for v in self.lose), tuple(1.0 - v for v in self.win))


def _strength_index(rules: Rules, g: int) -> int:
    return _strength_positions(rules)[g >> 4]


@functools.cache
def _strength_positions(rules: Rules) -> dict[int, int]:
    """Each strength under ``rules`` -> its index in :func:`strengths`."""
    return {s: i for i, s in enumerate(strengths(rules))}


def second_utility(rules: Rules, earlier: Result, stakes: Stakes) -> Utility:
    """The worth, to the second of two players, of ending his turn with a result,
    against the first player's result ``earlier`` (a distribution), with his
    ``stakes``. He wins the round only with a better grade (Mit ist Shit)."""
    table = evaluation_table(rules)
    grades = earlier.grades
    # suffix sums of P(g) * (what he is worth when the first player wins with g)
    suffix = [0.0] * (len(grades) + 1)
    for i in range(len(grades) - 1, -1, -1):
        suffix[i] = (
            suffix[i + 1] + earlier.probs[i] * stakes.lose[_strength_index(rules, grades[i])]
        )
    memo: dict[int, float] = {}
    position = _strength_positions(rules)
    win = stakes.win

    def utility(dice: Dice, hand: bool, used: int) -> float:
        h = grade(rules, table[(dice, hand)], used)
        v = memo.get(h)
        if v is None:
            j = bisect.bisect_left(grades, h)  # grades below h: he wins
            below = earlier.cumulative[j - 1] if j else 0.0
            v = memo[h] = below * win[position[h >> 4]] + suffix[j]
        return v

    return utility


@functools.lru_cache(maxsize=8192)
def second_value(rules: Rules, limit: int, earlier: Result, stakes: Stakes) -> float:
    """The second of two players' best worth (his ``stakes``) against ``earlier``,
    within ``limit`` throws: he best-responds to what he sees."""
    return TurnSolver(rules, limit, second_utility(rules, earlier, stakes)).start()


@dataclass(frozen=True, slots=True)
class _Amounts:
    """Deckel amounts by strength, for the Deckel objectives."""

    strengths: tuple[int, ...]  # every strength under the rules, ascending
    received: tuple[float, ...]  # what the loser receives when that strength is best
    given: tuple[float, ...]  # what the seat gives away from its own pile with that strength


def _amounts(rules: Rules, table: Table) -> _Amounts:
    by_strength: dict[int, Evaluation] = {}
    for e in evaluation_table(rules).values():
        by_strength[e.strength] = e
    strengths = tuple(sorted(by_strength))
    mult = 2 if table.blind else 1
    received: list[float] = []
    given: list[float] = []
    for s in strengths:
        e = by_strength[s]
        if table.stock is None:
            owed = rules.deckel if e.all_deckel else e.deckel * mult
            received.append(float(owed))
            given.append(0.0)
            continue
        everything = rules.deckel - table.mine
        if e.all_deckel:
            received.append(float(everything))
            keeps = rules.schock_aus_keeps  # the thrower keeps his own Deckel
            given.append(float(table.mine) if table.stock == 0 and not keeps else 0.0)
            continue
        owed = e.deckel * mult
        if table.stock > 0:
            received.append(float(min(owed, table.stock)))
            given.append(0.0)
        else:
            received.append(float(min(owed, everything)))
            given.append(float(min(owed, table.mine)))
    return _Amounts(strengths, tuple(received), tuple(given))


@dataclass(frozen=True, slots=True)
class Metrics:
    """What a result (or a choice, in expectation) is worth."""

    p_not_lose: float
    received: float
    given: float

    def value(self, objective: Objective) -> float:
        if objective is Objective.LOSS:
            return self.p_not_lose
        if objective is Objective.DECKEL:
            return -self.received
        return self.given - self.received


def _metrics(others: Sequence[tuple[Result, bool]], g: int, amounts: _Amounts | None) -> Metrics:
    """Metrics of the seat's result of grade ``g`` against ``others``
    (each a distribution and whether it was thrown earlier in the round)."""
    beat = [r.p_at_least(g) if earlier else r.p_above(g) for r, earlier in others]
    p_lose = math.prod(beat)
    if amounts is None:
        return Metrics(1.0 - p_lose, 0.0, 0.0)
    # E[received] = sum over strengths s of amount(s) * P(all beat me, the best has strength s)
    mine = _strength(g)
    received = 0.0
    prev = 0.0
    floor = [(r.p_at_most(g - 1) if earlier else r.p_at_most(g)) for r, earlier in others]
    start = bisect.bisect_left(amounts.strengths, mine)
    for j in range(start, len(amounts.strengths)):
        s = amounts.strengths[j]
        top = s * 16 + 15
        cur = math.prod(
            max(0.0, r.p_at_most(top) - f) for (r, _), f in zip(others, floor, strict=True)
        )
        if cur > prev:
            received += amounts.received[j] * (cur - prev)
            prev = cur
    # the seat gives when every other result is worse (it is the round's best)
    p_win = math.prod(1.0 - b for b in beat)
    given = p_win * amounts.given[bisect.bisect_left(amounts.strengths, mine)]
    return Metrics(1.0 - p_lose, received, given)


# ---------------------------------------------------------------- the solver


Utility = Callable[[Dice, bool, int], float]
"""The worth of ending a turn with ``dice`` (sorted), auf die Hand or not, after ``throws`` throws."""
Terminal = Callable[[Dice, Dice, int], float]
"""The same, told what was kept for the last throw and what it threw (for worths that
depend on what the table saw)."""


class TurnSolver:
    """Expectimax over one turn for a utility of the final result.

    ``utility(dice, on_hand, throws)`` is the worth of ending the turn with
    ``dice`` (sorted) after ``throws`` throws; or, instead, ``terminal(kept,
    thrown, throws)`` gets the dice kept for the last throw and the dice it
    threw. ``cap`` is the most throws this player may use. Values are
    memoized, so asking about many states of one turn costs little more
    than asking about one.
    """

    __slots__ = (
        "_after",
        "_any",
        "_back",
        "_before",
        "_follow",
        "_stop",
        "_terminal",
        "_turning",
        "cap",
        "rules",
    )

    def __init__(
        self,
        rules: Rules,
        cap: int,
        utility: Utility | None = None,
        *,
        terminal: Terminal | None = None,
    ) -> None:
        if not 1 <= cap <= rules.max_throws:
            raise InvalidInputError(f"cap must be 1 to {rules.max_throws}, got {cap}")
        if (utility is None) == (terminal is None):
            raise InvalidInputError("give the solver either a utility or a terminal worth")
        self.rules = rules
        self.cap = cap
        self._terminal: Terminal = terminal if terminal is not None else _lift_utility(utility)
        self._any = rules.set_aside is SetAside.ANY
        self._turning = rules.sixes_turning
        self._back = rules.take_back
        self._after: dict[tuple[Dice, Dice, int], tuple[float, Move]] = {}
        self._before: dict[tuple[Dice, int], float] = {}
        self._stop: dict[tuple[Dice, Dice, int], float] = {}
        self._follow: dict[Terminal, dict[tuple[Dice, Dice, int], float]] = {}

    def stop_value(self, kept: Dice, thrown: Dice, throws: int) -> float:
        """The worth of stopping with ``kept`` and ``thrown`` after ``throws`` throws."""
        key = (kept, thrown, throws)
        v = self._stop.get(key)
        if v is None:
            v = self._stop[key] = self._terminal(kept, thrown, throws)
        return v

    def before(self, kept: Dice, used: int) -> float:
        """The value of throwing with ``kept`` on the table after ``used`` throws."""
        key = (kept, used)
        v = self._before.get(key)
        if v is None:
            total = 0.0
            after = self.after
            for roll, p in _PROBS[3 - len(kept)]:
                total += p * after(kept, roll, used + 1)[0]
            v = self._before[key] = total
        return v

    def after(self, kept: Dice, thrown: Dice, used: int) -> tuple[float, Move]:
        """The value and best move right after a throw (ties go to stopping,
        then to the fewest dice kept)."""
        key = (kept, thrown, used)
        hit = self._after.get(key)
        if hit is not None:
            return hit
        best = self.stop_value(kept, thrown, used)
        move = _STOP
        if used < self.cap:
            before = self.before
            for m in _options(self._any, self._turning, kept, thrown, self._back):
                v = before(m.keep, used)
                if v > best + 1e-12:
                    best, move = v, m
        out = self._after[key] = (best, move)
        return out

    def choices(self, kept: Dice, thrown: Dice, used: int) -> list[tuple[Move, float]]:
        """Every choice after a throw with its value, best first."""
        out = [(_STOP, self.stop_value(kept, thrown, used))]
        if used < self.cap:
            out += [
                (m, self.before(m.keep, used))
                for m in _options(self._any, self._turning, kept, thrown, self._back)
            ]
        out.sort(key=lambda mv: -mv[1])
        return out

    def start(self) -> float:
        """The value of the whole turn before its first throw."""
        return self.before((), 0)

    def policy(self) -> dict[tuple[Dice, Dice, int], Move]:
        """The best move in every state after a throw (the full policy table)."""
        table: dict[tuple[Dice, Dice, int], Move] = {}
        for used in range(1, self.cap + 1):
            for kept in _keeps((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)):
                if used == 1 and kept:
                    continue
                for roll, _ in _PROBS[3 - len(kept)]:
                    table[(kept, roll, used)] = self.after(kept, roll, used)[1]
        return table

    def outcomes(self) -> dict[tuple[Dice, bool, int], float]:
        """The distribution of final results (dice, auf die Hand, throws) under the best play."""
        out: dict[tuple[Dice, bool, int], float] = defaultdict(float)
        mass: dict[Dice, float] = {(): 1.0}
        for used in range(1, self.cap + 1):
            nxt: dict[Dice, float] = defaultdict(float)
            for kept, m in mass.items():
                for roll, p in _PROBS[3 - len(kept)]:
                    move = self.after(kept, roll, used)[1]
                    if move.stop:
                        out[(tuple(sorted(kept + roll)), not kept, used)] += m * p
                    else:
                        nxt[move.keep] += m * p
            mass = nxt
        return dict(out)

    def follow(self, terminal: Terminal, kept: Dice, thrown: Dice, used: int, move: Move) -> float:
        """The expected ``terminal`` worth of playing ``move`` now and the best moves after it.

        The worths of the states after it are memoized per ``terminal`` (a
        bound method or function that gives the same worth every time), so
        following many choices of one turn costs little more than one.
        """
        memo = self._follow.get(terminal)
        if memo is None:
            memo = self._follow[terminal] = {}

        def after(k: Dice, t: Dice, u: int, m: Move) -> float:
            if m.stop:
                return terminal(k, t, u)
            return sum(p * nxt(m.keep, roll, u + 1) for roll, p in _PROBS[3 - len(m.keep)])

        def nxt(k: Dice, t: Dice, u: int) -> float:
            key = (k, t, u)
            v = memo.get(key)
            if v is None:
                v = memo[key] = after(k, t, u, self.after(k, t, u)[1])
            return v

        return after(kept, thrown, used, move)


def _lift_utility(utility: Utility | None) -> Terminal:
    assert utility is not None

    def terminal(kept: Dice, thrown: Dice, used: int) -> float:
        return utility(tuple(sorted(kept + thrown)), not kept, used)

    return terminal


# ---------------------------------------------------------------- the reference opponent


def _grades_of(rules: Rules, outcomes: dict[tuple[Dice, bool, int], float]) -> Result:
    table = evaluation_table(rules)
    weights: dict[int, float] = defaultdict(float)
    for (dice, hand, used), p in outcomes.items():
        weights[grade(rules, table[(dice, hand)], used)] += p
    return Result.of(weights)


#: Rounds of fictitious play behind :func:`reference`.
REFERENCE_ROUNDS = 24


@functools.lru_cache(maxsize=64)
def reference(rules: Rules, limit: int) -> Result:
    """The result of a player after you, within the round's ``limit``.

    He plays to beat one covered earlier result of a player as strong as
    himself. Answering the answer again and again goes round in circles
    (a bold answer invites a cautious one, and back), so the model is
    fictitious play: starting from a single throw, each of
    :data:`REFERENCE_ROUNDS` rounds adds the best answer to the average of
    the results so far, and the reference is that average: a mix of ways
    of playing that no single way beats by much.

    >>> from schock import load_rules
    >>> porz = load_rules("porz")
    >>> one, three = reference(porz, 1), reference(porz, 3)
    >>> len(one.grades) < len(three.grades)   # more throws, more kinds of result
    True
    """
    table = evaluation_table(rules)
    total: dict[int, float] = defaultdict(float)
    start = _grades_of(rules, {(d, True, 1): p for d, p in _PROBS[3]})
    for g, p in zip(start.grades, start.probs, strict=True):
        total[g] += p
    average = start
    for n in range(1, REFERENCE_ROUNDS + 1):

        def utility(dice: Dice, hand: bool, used: int, earlier: Result = average) -> float:
            return 1.0 - earlier.p_at_least(grade(rules, table[(dice, hand)], used))

        answer = _grades_of(rules, TurnSolver(rules, limit, utility).outcomes())
        for g, p in zip(answer.grades, answer.probs, strict=True):
            total[g] += p
        average = Result.of({g: w / (n + 1) for g, w in total.items()})
    return average


def exploitability(rules: Rules, limit: int) -> float:
    """How much more the best answer to :func:`reference` gains against it than
    the reference gains against itself, as the later player, where the gain
    is P(beat it) - P(be beaten). 0 would be an exact equilibrium of the model.

    >>> from schock import load_rules
    >>> 0 <= exploitability(load_rules("porz"), 3) < 0.05
    True
    """
    table = evaluation_table(rules)
    ref = reference(rules, limit)

    def gain(g: int) -> float:
        return ref.p_at_most(g - 1) - ref.p_at_least(g)

    def utility(dice: Dice, hand: bool, used: int) -> float:
        return gain(grade(rules, table[(dice, hand)], used))

    itself = sum(p * gain(g) for g, p in zip(ref.grades, ref.probs, strict=True))
    return TurnSolver(rules, limit, utility).start() - itself


@functools.lru_cache(maxsize=4096)
def answer_to_shown(rules: Rules, limit: int, g: int) -> Result:
    """The result of the last player who has seen one earlier result of grade
    ``g`` and plays, within ``limit`` throws, for the best chance to beat it."""
    table = evaluation_table(rules)

    def utility(dice: Dice, hand: bool, used: int) -> float:
        return 1.0 if grade(rules, table[(dice, hand)], used) > g else 0.0

    return _grades_of(rules, TurnSolver(rules, limit, utility).outcomes())


@functools.lru_cache(maxsize=512)
def answer_to_covered(rules: Rules, limit: int, kept: Dice, throws: int) -> Result:
    """The result of the last player against one earlier result still under its
    cup: ``kept`` on the table, the other dice hidden, after ``throws`` throws."""
    table = evaluation_table(rules)
    earlier = Result.covered(rules, kept, 3 - len(kept), throws, on_hand=not kept)

    def utility(dice: Dice, hand: bool, used: int) -> float:
        return earlier.p_at_most(grade(rules, table[(dice, hand)], used) - 1)

    return _grades_of(rules, TurnSolver(rules, limit, utility).outcomes())


# ---------------------------------------------------------------- solving a turn at a table


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice after a throw, with what it is worth under the best play after it."""

    move: Move
    value: float
    """The objective's value (for ``loss``: the chance not to lose the round)."""
    p_not_lose: float
    expected_deckel: float
    """Expected Deckel received."""

    def describe(self, lang: str = "de") -> str:
        return self.move.describe(lang)


class _Problem:
    """One seat's turn at one table: the utilities and a solver per cap."""

    def __init__(self, rules: Rules, table: Table, limit: int | None, objective: Objective) -> None:
        self.rules = rules
        self.table = table
        self.limit = limit
        self.objective = objective
        self._eval = evaluation_table(rules)
        self._full = _amounts(rules, table)
        self._amounts = None if objective is Objective.LOSS else self._full
        self._metrics: dict[tuple[object, ...], Metrics] = {}
        self._full_metrics: dict[tuple[object, ...], Metrics] = {}
        cap = rules.max_throws if limit is None else limit
        #: A two-player round seen by its first player: the other answers what he sees.
        self.duel = not table.before and table.after == 1 and limit is None
        self._stakes: Stakes | None = None
        self._second: Utility = _no_utility
        if objective is Objective.HALF:
            if table.stakes is None or len(table.before) + table.after != 1:
                raise InvalidInputError(
                    "the half objective needs a two-player round with its stakes "
                    f"(got {len(table.before) + table.after + 1} players)"
                )
            self._stakes = table.stakes
            if table.before:
                self._second = second_utility(rules, table.before[0], table.stakes)
        self.solver = TurnSolver(rules, cap, terminal=self.utility)

    def metrics(
        self,
        kept: Dice,
        thrown: Dice,
        used: int,
        *,
        full: bool = False,
        covered: bool | None = None,
    ) -> Metrics:
        """What ending the turn here is worth. ``covered`` says whether the
        players after this one cannot see the result (default: the round's
        first player shows it unless he used every throw the rules allow)."""
        dice = tuple(sorted(kept + thrown))
        g = grade(self.rules, self._eval[(dice, not kept)], used)
        later_limit = used if self.limit is None else self.limit
        if self.duel:
            hidden = (
                used >= self.rules.max_throws and self.rules.last_throw_covered
                if covered is None
                else covered
            )
            key: tuple[object, ...] = (g, later_limit, kept if hidden else None, hidden)
        else:
            key = (g, later_limit)
        cache = self._full_metrics if full else self._metrics
        m = cache.get(key)
        if m is None:
            others = [(r, True) for r in self.table.before]
            if self.duel:
                if hidden:
                    answer = answer_to_covered(self.rules, later_limit, kept, used)
                else:
                    answer = answer_to_shown(self.rules, later_limit, g)
                others.append((answer, False))
            elif self.table.after:
                ref = reference(self.rules, later_limit)
                others += [(ref, False)] * self.table.after
            m = cache[key] = _metrics(others, g, self._full if full else self._amounts)
        return m

    def utility(self, kept: Dice, thrown: Dice, used: int) -> float:
        if self._stakes is not None:
            return self.half_value(kept, thrown, used)
        return self.metrics(kept, thrown, used).value(self.objective)

    def half_value(
        self, kept: Dice, thrown: Dice, used: int, *, covered: bool | None = None
    ) -> float:
        """The chance not to lose the half when ending the turn here (two players)."""
        stakes = self._stakes
        assert stakes is not None
        dice = tuple(sorted(kept + thrown))
        if self.table.before:  # the second player: his result against the first one's
            return self._second(dice, not kept, used)
        hidden = used >= self.rules.max_throws if covered is None else covered
        g = grade(self.rules, self._eval[(dice, not kept)], used)
        if hidden:
            earlier = Result.covered(self.rules, kept, 3 - len(kept), used, on_hand=not kept)
        else:
            earlier = Result.of({g: 1.0})
        return 1.0 - second_value(self.rules, used, earlier, stakes.flip())

    def p_not_lose(self, kept: Dice, thrown: Dice, used: int) -> float:
        return self.metrics(kept, thrown, used, full=True).p_not_lose

    def received(self, kept: Dice, thrown: Dice, used: int) -> float:
        return self.metrics(kept, thrown, used, full=True).received

    def choices(self, state: TurnState, *, metrics: bool = True) -> list[Choice]:
        s = self.solver
        k, t, u = state.kept, state.thrown, state.throws
        out: list[Choice] = []
        nan = float("nan")
        for move, value in s.choices(k, t, u):
            if metrics:
                p = s.follow(self.p_not_lose, k, t, u, move)
                deckel = s.follow(self.received, k, t, u, move)
            else:
                p = deckel = nan
            out.append(Choice(move, value, p, deckel))
        return out


def _no_utility(dice: Dice, hand: bool, used: int) -> float:  # pragma: no cover
    raise AssertionError("not the second player of a two-player round")


@functools.lru_cache(maxsize=512)
def _problem(rules: Rules, table: Table, limit: int | None, objective: Objective) -> _Problem:
    return _Problem(rules, table, limit, objective)


def solve(
    rules: Rules,
    state: TurnState,
    table: Table,
    objective: Objective | str = Objective.LOSS,
) -> list[Choice]:
    """Every choice in ``state`` with its exact worth at ``table``, best first.

    >>> from schock import load_rules
    >>> porz = load_rules("porz")
    >>> last = Table(before=(Result.known(porz, "6-6-5/3"),))   # beat 665 in 3, as the last player
    >>> [(c.describe("en"), round(c.value * 216)) for c in solve(porz, parse_state("2-4-6 2/3"), last)]
    [('throw 3 dice', 45), ('stop', 0)]
    """
    check_state(rules, state)
    obj = Objective.parse(objective)
    return _problem(rules, table, state.limit, obj).choices(state)

