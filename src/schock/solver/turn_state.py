"""The turn solver's state space: turn states and their notation, moves, results and tables.

What the solver reasons about, before any value is put on it:

* :class:`TurnState`, a turn right after a throw, with its notation
  (:func:`parse_state` / :func:`format_state`), its check against the rules
  (:func:`check_state`) and the round's throw limit (:func:`round_limit`);
* :class:`Move`, what a player may do after a throw, and every distinct
  way to go on (``_options``);
* :class:`Result`, the result of another player as a distribution over
  grades (:func:`grade`), known or still under the cup;
* :class:`Table`, the round around one turn, with the :class:`Objective`
  the solver maximizes and the :class:`Stakes` of a two-player round.

The values live in :mod:`schock.solver.turn_values`, the choices at a
table in :mod:`schock.solver.turn_policy`; :mod:`schock.solver.turn`
gathers all three.

>>> str(parse_state("1-1+4 2/3"))
'1-1+4 2/3'
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from schock.dice import Outcome, parse_dice, small_int
from schock.errors import InvalidInputError, NotationError
from schock.messages import Msg
from schock.results import Evaluation, Kind, evaluation_table
from schock.rules.model import Rules, SetAside
from schock.solver.odds import _ROLLS, keeps_after

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


def first_covered(rules: Rules, used: int) -> bool:
    """Whether the round's first player's result, stopped on after ``used`` throws,
    stays under his cup until the showdown (docs/rules.md, "What each player may
    see"): only his last allowed throw, and only where ``last_throw_covered`` is on.
    A result he stops on earlier he lifted his cup to decide on, so it is shown.

    >>> from schock import load_rules
    >>> porz = load_rules("porz")
    >>> first_covered(porz, 3), first_covered(porz, 2)
    (True, False)
    >>> first_covered(porz.replace(last_throw_covered=False), 3)
    False
    """
    return used >= rules.max_throws and rules.last_throw_covered


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
    ``piles`` are the Deckel of the other players of the round, in seat order
    (those before the seat, then those after it), or empty where they do not
    matter: they do only under ``schock_aus_keeps``, where a Schock Aus leaves
    its thrower his own pile, with three or more players and counted Deckel.
    """

    before: tuple[Result, ...] = ()
    after: int = 0
    stock: int | None = None
    mine: int = 0
    blind: bool = False
    stakes: Stakes | None = None
    """For the ``half`` objective: what each end of a two-player round is worth."""
    piles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.after < 0 or len(self.before) + self.after < 1:
            raise InvalidInputError(
                Msg("state.others", {"before": len(self.before), "after": self.after})
            )
        if (self.stock is not None and self.stock < 0) or self.mine < 0 or min(self.piles, default=0) < 0:
            raise InvalidInputError("Stock and Deckel counts cannot be negative")
        if self.piles and len(self.piles) != len(self.before) + self.after:
            raise InvalidInputError(
                Msg(
                    "state.piles",
                    {"piles": len(self.piles), "others": len(self.before) + self.after},
                )
            )


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
