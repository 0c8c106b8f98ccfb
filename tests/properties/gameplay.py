"""Random legal play for the property tests, with hypothesis choosing the moves.

A :class:`Table` plays one game: the dice come from :class:`SeededDice`, the
moves are drawn by hypothesis (``data.draw``) from ``legal_actions()``, and
scorekeeping actions (Strafdeckel, void throws, typed-in dice) are mixed in
now and then. Checkers are plain objects whose ``after(table)`` runs after
every action.

The first :data:`HYPOTHESIS_MOVES` decisions are drawn through hypothesis;
later ones come from a ``random.Random`` seeded by hypothesis, so that a long
game neither overruns hypothesis' buffer nor spends most of its time in
``data.draw``, and stays reproducible.

The tests run without hypothesis' shrink phase (:data:`GAME_SETTINGS`): one
example is a whole game of hundreds of moves, and shrinking one took more
than five minutes. Instead a failing example prints its game record
(:func:`explained`), which ``schock.engine.record.replay`` plays again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from hypothesis import Phase, note
from hypothesis import strategies as st

import schock
from schock.engine import (
    Action,
    Game,
    SeededDice,
    SetAsideAction,
    StrafdeckelAction,
    TakeBackAction,
    ThrowAction,
    VoidThrowAction,
)
from schock.engine import events as ev
from schock.engine.actions import format_action
from schock.engine.record import dumps

PRESETS: tuple[str, ...] = tuple(schock.PRESETS)
NAMES = ("Anna", "Ben", "Cem", "Dana", "Emil")

MAX_STEPS = 20_000
"""A game with random moves takes a few hundred actions (the longest seen: ~1,300)."""
HYPOTHESIS_MOVES = 100
"""Decisions per game drawn through hypothesis (see the module docstring)."""
FIDDLES_PER_THROW = 4
"""Set aside / take back between two throws; after that a turn must move on
(these two undo each other, so without a bound a turn need not end)."""
STRAFDECKEL_PER_GAME = 6
VOIDS_PER_GAME = 3
"""Kept small: each void throw rebuilds the game from its actions, voids included,
so the cost doubles with every earlier void."""
EXTRA_PERCENT = 4
"""How often (in %) a scorekeeping action (Strafdeckel, void throw) is tried."""
TYPED_DICE_PERCENT = 25
"""How often (in %) a throw carries typed-in dice instead of the source's."""

RECORD_LINES = 2_000
"""A failing game's record is printed when it has at most this many actions."""

GAME_SETTINGS: dict[str, Any] = {
    "deadline": None,
    "phases": (Phase.explicit, Phase.reuse, Phase.generate),
}
"""Settings for tests whose examples are whole games (see the module docstring)."""

T = TypeVar("T")


class Chooser:
    """Every random decision of a game: hypothesis first, then a seeded Random."""

    def __init__(self, data: Any, budget: int = HYPOTHESIS_MOVES) -> None:
        self.data = data
        self.left = budget
        self.rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed of late moves"))

    def _hyp(self) -> bool:
        if self.left > 0:
            self.left -= 1
            return True
        return False

    def choice(self, options: Sequence[T]) -> T:
        assert options, "nothing to choose from"
        if self._hyp():
            return self.data.draw(st.sampled_from(options))  # type: ignore[no-any-return]
        return self.rng.choice(options)

    def chance(self, percent: int) -> bool:
        """True with about ``percent`` % (hypothesis shrinks towards False)."""
        if self._hyp():
            return bool(self.data.draw(st.integers(0, 99)) >= 100 - percent)
        return self.rng.randrange(100) >= 100 - percent

    def dice(self, n: int) -> tuple[int, ...]:
        """``n`` dice in any order (typed in at a real table)."""
        if self._hyp():
            return tuple(self.data.draw(st.lists(st.integers(1, 6), min_size=n, max_size=n)))
        return tuple(self.rng.randint(1, 6) for _ in range(n))


class Checker(Protocol):
    def after(self, table: Table) -> None: ...


def new_game(preset: str, seats: int, seed: int, starter: int | None) -> Game:
    return Game(
        schock.load_rules(preset), seats=NAMES[:seats], dice=SeededDice(seed), starter=starter
    )


def explicit(action: Action, event: ev.Event) -> Action:
    """The action with the dice it threw written out."""
    if isinstance(action, ThrowAction):
        if isinstance(event, ev.Thrown):
            return ThrowAction(event.dice)
        assert isinstance(event, ev.RolledOff), event
        return ThrowAction((event.die,))
    return action


@dataclass
class Table:
    """One game in play, and everything the checks need to know about it."""

    game: Game
    chooser: Chooser
    preset: str
    seed: int
    explicit: list[tuple[int, Action]] = field(default_factory=list)
    """The actions applied, every throw with its dice written out."""
    log_len: list[int] = field(default_factory=list)
    """``len(game.log)`` after k actions (index 0: before any)."""
    steps: int = 0
    fiddles: int = 0
    voids: int = 0
    strafdeckel: int = 0
    checkers: list[Checker] = field(default_factory=list)

    @classmethod
    def draw(cls, data: Any, preset: str, *, seats: int | None = None) -> Table:
        """A new game: 2 to 5 seats (unless given), a dice seed, a starter or the opening."""
        n = seats if seats is not None else data.draw(st.integers(2, 5), label="seats")
        seed = data.draw(st.integers(0, 2**32 - 1), label="dice seed")
        starter = data.draw(st.none() | st.integers(0, n - 1), label="starter")
        game = new_game(preset, n, seed, starter)
        table = cls(game, Chooser(data), preset, seed)
        table.log_len.append(len(game.log))
        return table

    @property
    def n(self) -> int:
        return len(self.game.seats)

    # ---------------------------------------------------------------- moves
    def choose(self) -> tuple[int, Action]:
        """A move: mostly one of ``legal_actions()``, now and then scorekeeping."""
        g, ch = self.game, self.chooser
        if ch.chance(EXTRA_PERCENT):
            options: list[str] = []
            if self.voids < VOIDS_PER_GAME and g.can_void_throw():
                options.append("void")
            if self.strafdeckel < STRAFDECKEL_PER_GAME and any(
                g.can_strafdeckel(s) for s in range(self.n)
            ):
                options.append("strafdeckel")
            if options:
                if ch.choice(options) == "void":
                    return g.verify_void_throw(), VoidThrowAction()
                seat = ch.choice([s for s in range(self.n) if g.can_strafdeckel(s)])
                return seat, StrafdeckelAction(ch.choice((1, 1, 1, 2, 3, 4)))
        legal = g.legal_actions()
        assert legal, f"no legal action although the game is not over: phase {g.phase}"
        if self.fiddles >= FIDDLES_PER_THROW:
            legal = [
                a for a in legal if not isinstance(a, SetAsideAction | TakeBackAction)
            ] or legal
        action = ch.choice(legal)
        if isinstance(action, ThrowAction) and ch.chance(TYPED_DICE_PERCENT):
            action = ThrowAction(ch.dice(g.verify_throw()))
        actor = g.actor
        assert actor is not None
        return actor, action

    def do(self, seat: int, action: Action) -> ev.Event:
        """Apply a move that must be legal, keep the books, run the checkers."""
        event = self.game.apply(seat, action)
        self.record(seat, action, event)
        return event

    def record(self, seat: int, action: Action, event: ev.Event) -> None:
        """Book an action the game has accepted, then run the checkers."""
        self.steps += 1
        self.explicit.append((seat, explicit(action, event)))
        self.log_len.append(len(self.game.log))
        if isinstance(action, SetAsideAction | TakeBackAction):
            self.fiddles += 1
        else:
            self.fiddles = 0
        if isinstance(action, VoidThrowAction):
            self.voids += 1
        if isinstance(action, StrafdeckelAction):
            self.strafdeckel += 1
        for c in self.checkers:
            c.after(self)

    def play(self, before_move: Callable[[Table], None] | None = None) -> Game:
        """Play to the end; fail if the game has not ended after :data:`MAX_STEPS`."""
        g = self.game
        while not g.over:
            assert self.steps < MAX_STEPS, (
                f"{self.preset}, {self.n} seats: no loser after {self.steps} actions"
            )
            if before_move is not None:
                before_move(self)
                if g.over:
                    break
            self.do(*self.choose())
        return g


@contextmanager
def explained(table: Table) -> Iterator[Table]:
    """On failure, print the game's record (replay it with ``record.replay``)."""
    try:
        yield table
    except BaseException:
        head = f"{table.preset}, {table.n} seats, dice seed {table.seed}, {table.steps} actions"
        if table.steps <= RECORD_LINES:
            note(f"{head}; the game's record:\n{dumps(table.game)}")
        else:
            last = [format_action(s, a) for s, a in table.game.actions[-50:]]
            note(f"{head} (record too long to print); the last 50: {last}")
        raise
