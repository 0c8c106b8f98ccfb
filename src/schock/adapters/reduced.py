"""One two-player round of at most two throws as an explicit game tree.

The reduced game behind the independent check of
:mod:`schock.solver.equilibrium` (``scripts/check_equilibrium_openspiel.py``):
both players really decide in it (look or not, stop or throw again, which dice
stay on the table, turn sixes), and it is small enough for any solver that
reads a whole tree, such as OpenSpiel's CFR+ and best response.

**What comes from where.** The moves are the engine's: at each decision the
driver of :mod:`schock.adapters._core` lists the legal actions, and one move of
the reduced game is a whole decision between two throws (lift the cup, stand
"zu", throw again unseen, blind; or after looking: stop, or throw again with a
set of dice on the table, sixes turned or not), found by walking the engine's
single-die actions. Results are compared with :func:`schock.results.rank`.
Nothing of the solver (:mod:`schock.solver`) is used, so the tree checks it.

**What is folded.** A throw after which nobody decides anything any more is not
a chance node of the tree but an exact expectation in the payoff: Vorhand's
last allowed throw (under his cup while Hinterhand plays, so no decision
depends on it) and every throw of Hinterhand's that ends the round. A round
whose throw limit is one throw (Vorhand stopped, stood zu or went blind on his
first throw) ends at once in the expectation over Hinterhand's one throw.

**Information.** Vorhand decides on his own first throw once he has looked (one
information set per throw), or before looking (one information set for all).
Hinterhand sees what Vorhand showed: his first throw (also when Vorhand threw
it again without looking: the dice were picked up in sight) and the dice he left
on the table, never the covered second throw; and his own first throw, which the
engine shows him at once.

**Payoff.** Vorhand's chance of not losing the round; Hinterhand gets its
negative (zero-sum), so the game's value is :func:`round_value` of the
two-throw round.

>>> from schock import load_rules
>>> tree = ReducedRound(load_rules("porz").replace(max_throws=2))
>>> tree.first_moves((1, 6, 6))
('stop', 'throw 3', 'keep 1', 'keep 1 (6-6 turned)', 'keep 1-1 (6-6 turned)')
>>> tree.unseen_moves(first=True)
('throw unseen', 'lift', 'zu')
>>> round(tree.value_one_throw((1, 1, 1)), 6)   # Schock Aus in one throw, shown
1.0
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from schock.adapters._core import (
    ASIDE0,
    BACK0,
    BLIND,
    LIFT,
    STOP,
    THROW,
    TURN1,
    TURN2,
    Driver,
    outcome_from_id,
    throw_distribution,
)
from schock.dice import Outcome
from schock.errors import InvalidInputError
from schock.results import rank
from schock.rules import Rules

Dice = tuple[int, ...]

#: The labels of the decisions before looking, by engine action id.
UNSEEN = {STOP: "zu", THROW: "throw unseen", BLIND: "blind", LIFT: "lift"}


@functools.cache
def throws_of(n: int) -> tuple[tuple[Dice, float], ...]:
    """Every sorted throw of ``n`` dice with its probability (the adapters' chance outcomes)."""
    return tuple((outcome_from_id(o), p) for o, p in throw_distribution(n))


def _dice(d: Dice) -> str:
    return "-".join(map(str, d))


def _label(table: Dice, turned: int) -> str:
    if not table:
        return "throw 3"
    turn = f" ({'6-6-6' if turned == 2 else '6-6'} turned)" if turned else ""
    return f"keep {_dice(table)}{turn}"


@dataclass(frozen=True, slots=True)
class Decision:
    """An information set of the tree: whose (``first``: Vorhand's), his first
    throw once he looked (None before), the dice Vorhand left on the table for
    his covered second throw (Hinterhand's sets only), and the moves."""

    first: bool
    roll: Dice | None
    first_table: Dice | None
    moves: tuple[str, ...]


def decision_moves(driver: Driver) -> dict[str, tuple[Dice, tuple[int, ...]]]:
    """The moves of the player to act, who has seen his throw: "stop", or a
    throw with dice on the table ("keep 1-1 (6-6 turned)", "throw 3"), each with
    the dice on the table and the engine action ids that play it, found by
    trying the engine's single-die actions. Stop first, then by dice kept."""
    seat = driver.actor
    assert seat is not None
    moves: dict[str, tuple[Dice, tuple[int, ...]]] = {}

    def walk(d: Driver, path: tuple[int, ...]) -> None:
        for aid in d.legal_ids():
            if aid == STOP:
                moves.setdefault("stop", ((), (*path, aid)))
            elif aid == THROW:
                turn = d.game.view(seat).turns[seat]
                label = _label(turn.aside, turn.turned)
                moves.setdefault(label, (tuple(turn.aside), (*path, aid)))
            elif aid in (TURN1, TURN2) or ASIDE0 < aid <= BACK0 + 6:
                nxt = copy.deepcopy(d)
                nxt.apply(aid)
                walk(nxt, (*path, aid))

    walk(driver, ())
    order = sorted(moves, key=lambda m: (m != "stop", len(moves[m][0]), m))
    return {m: moves[m] for m in order}


class ReducedRound:
    """The two-throw round of ``rules`` (its ``max_throws`` must be 2) as a tree."""

    def __init__(self, rules: Rules) -> None:
        if rules.max_throws != 2:
            raise InvalidInputError(
                f"the reduced round needs rules with max_throws = 2, got {rules.max_throws}"
            )
        self.rules = rules
        self._unseen: dict[bool, tuple[str, ...]] = {}
        self._moves: dict[tuple[bool, Dice], dict[str, tuple[Dice, tuple[int, ...]]]] = {}
        self.decisions: dict[str, Decision] = {}
        """Every information set by name, filled by :meth:`efg`."""

    # ------------------------------------------------------------ moves from the engine
    def _driver(self, first: bool, roll: Dice) -> Driver:
        """A driver right after ``roll``, the first throw of Vorhand or of Hinterhand
        (after Vorhand threw twice: 2-3-5, all thrown again, 2-4-6). Where both
        throw first together (laden), Hinterhand's throw waits under his cup."""
        d = Driver(self.rules, 2, chance=True)
        d.throw_dice(roll if first else (2, 3, 5))
        if d.pending is not None and d.actor == 1:  # laden: Hinterhand throws now
            d.throw_dice((2, 3, 5) if first else roll)
        if not first:
            d.apply(LIFT)
            d.apply(THROW)
            d.throw_dice((2, 4, 6))
            d.apply(STOP)  # the last throw stays covered
            if d.pending is not None:
                d.throw_dice(roll)
        return d

    def unseen_moves(self, *, first: bool) -> tuple[str, ...]:
        """What a player may do on his first throw before looking (engine order);
        empty where the engine shows him his throw at once (Hinterhand)."""
        if first not in self._unseen:
            d = self._driver(first, (2, 3, 5))
            seat = 0 if first else 1
            looked = d.game.view(seat).turns[seat].looked
            self._unseen[first] = () if looked else tuple(UNSEEN[i] for i in d.legal_ids())
        return self._unseen[first]

    def _after_look(self, first: bool, roll: Dice) -> dict[str, tuple[Dice, tuple[int, ...]]]:
        key = (first, roll)
        hit = self._moves.get(key)
        if hit is not None:
            return hit
        start = self._driver(first, roll)
        if self.unseen_moves(first=first):
            start.apply(LIFT)
        out = self._moves[key] = decision_moves(start)
        return out

    def moves(self, first: bool, roll: Dice) -> tuple[str, ...]:
        """The moves of Vorhand (``first``) or Hinterhand once he sees his first throw ``roll``."""
        return tuple(self._after_look(first, roll))

    def first_moves(self, roll: Dice) -> tuple[str, ...]:
        """Vorhand's moves after looking at his first throw ``roll``."""
        return self.moves(True, roll)

    def second_moves(self, roll: Dice) -> tuple[str, ...]:
        """Hinterhand's moves on his first throw ``roll`` (he sees it at once; limit 2)."""
        return self.moves(False, roll)

    def table_dice(self, first: bool, roll: Dice, move: str) -> Dice:
        """The dice on the table for the next throw after ``move``."""
        return self._after_look(first, roll)[move][0]

    def engine_actions(self, first: bool, roll: Dice, move: str) -> tuple[int, ...]:
        """The engine action ids (after lifting) that play ``move``."""
        return self._after_look(first, roll)[move][1]

    # ------------------------------------------------------------ payoffs
    @functools.cache  # noqa: B019 - one tree per rules, kept alive by its owner
    def not_lose(self, first: Outcome, second: Outcome) -> bool:
        """Vorhand does not lose with ``first`` against Hinterhand's ``second``."""
        return rank(self.rules, [first, second])[-1] == 1

    @staticmethod
    def results(table: Dice, throws: int) -> tuple[tuple[Outcome, float], ...]:
        """The results of a throw with ``table`` on the table, as the ``throws``-th throw."""
        return tuple(
            (Outcome(table + roll, throws, on_hand=not table), p)
            for roll, p in throws_of(3 - len(table))
        )

    @functools.cache  # noqa: B019
    def _against_covered(self, first_table: Dice, second: Outcome) -> float:
        return sum(p * self.not_lose(o, second) for o, p in self.results(first_table, 2))

    @functools.cache  # noqa: B019
    def value_one_throw(self, roll: Dice) -> float:
        """Vorhand's chance when his result is ``roll`` in one throw and Hinterhand has one throw."""
        mine = Outcome(roll, 1, on_hand=True)
        return sum(p * self.not_lose(mine, o) for o, p in self.results((), 1))

    def value_second_stops(self, first_table: Dice, roll: Dice) -> float:
        """Vorhand's chance when he threw again with ``first_table`` and Hinterhand stops on ``roll``."""
        return self._against_covered(first_table, Outcome(roll, 1, on_hand=True))

    @functools.cache  # noqa: B019
    def value_second_throws(self, first_table: Dice, second_table: Dice) -> float:
        """Vorhand's chance when both threw again, with ``first_table`` and ``second_table``."""
        return sum(
            p * self._against_covered(first_table, o) for o, p in self.results(second_table, 2)
        )

    # ------------------------------------------------------------ the tree as EFG
    def efg(self) -> str:
        """The tree in the EFG text format (Gambit's, read by ``pyspiel.load_efg_game``).

        Information sets are named as :meth:`infoset` names them; Vorhand is player 1.
        """
        return "\n".join(self._efg_lines()) + "\n"

    @staticmethod
    def infoset(first: bool, shown: str = "", roll: Dice | None = None) -> str:
        """The name of an information set: whose, what Vorhand showed (for
        Hinterhand), and the player's own first throw once he looked."""
        who = "Vorhand" if first else f"Hinterhand after {shown}"
        return who + (": unseen" if roll is None else f": {_dice(roll)}")

    def _efg_lines(self) -> Iterator[str]:
        sets: dict[tuple[int, str], int] = {}
        per_player = Counter[int]()
        counter = itertools.count(1)

        def decision(
            player: int, name: str, actions: tuple[str, ...], roll: Dice | None, table: Dice | None
        ) -> str:
            self.decisions[name] = Decision(player == 1, roll, table, actions)
            number = sets.get((player, name))
            if number is None:
                per_player[player] += 1
                number = sets[(player, name)] = per_player[player]
            acts = " ".join(f'"{a}"' for a in actions)
            return f'p "" {player} {number} "{name}" {{ {acts} }} 0'

        def chance(n: int) -> str:
            outs = " ".join(f'"{_dice(r)}" {p!r}' for r, p in throws_of(n))
            return f'c "" {next(counter)} "" {{ {outs} }} 0'

        def terminal(v: float) -> str:
            return f't "" {next(counter)} "" {{ {v!r} {-v!r} }}'

        first_unseen = self.unseen_moves(first=True)
        second_unseen = self.unseen_moves(first=False)

        def second(shown: str, first_table: Dice) -> Iterator[str]:
            yield chance(3)
            for roll, _ in throws_of(3):
                if second_unseen:  # pragma: no cover - the engine shows Hinterhand his throw
                    raise InvalidInputError("the reduced round expects Hinterhand to see his throw")
                moves = self.second_moves(roll)
                yield decision(2, self.infoset(False, shown, roll), moves, roll, first_table)
                for m in moves:
                    if m == "stop":
                        yield terminal(self.value_second_stops(first_table, roll))
                    else:
                        table = self.table_dice(False, roll, m)
                        yield terminal(self.value_second_throws(first_table, table))

        yield f'EFG 2 R "Schocken, two-throw round ({self.rules.id})" {{ "Vorhand" "Hinterhand" }}'
        yield chance(3)
        for roll, _ in throws_of(3):
            yield decision(1, self.infoset(True), first_unseen, None, None)
            for move in first_unseen:
                if move == "lift":
                    moves = self.first_moves(roll)
                    yield decision(1, self.infoset(True, roll=roll), moves, roll, None)
                    for m in moves:
                        if m == "stop":
                            yield terminal(self.value_one_throw(roll))
                        else:
                            table = self.table_dice(True, roll, m)
                            yield from second(f"{_dice(roll)}, {m}", table)
                elif move == "throw unseen":
                    yield from second(f"{_dice(roll)}, thrown again unseen", ())
                else:  # zu, blind: one throw each
                    yield terminal(self.value_one_throw(roll))
