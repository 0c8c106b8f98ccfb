"""The one interface every bot shares, and the two bots that need no solver.

A bot receives a :class:`~schock.engine.View` (what its seat may see) and
returns one of ``view.legal``. It never sees the game itself, so it cannot
cheat; front ends and the arena drive it with :func:`play_turns`.

>>> from schock import load_rules
>>> from schock.engine import Game, SeededDice, Automation
>>> g = Game(load_rules("porz"), seats=["A", "B"], starter=0, dice=SeededDice(7),
...          automations=set(Automation))
>>> bots = [HeuristicBot(), RandomBot(seed=1)]
>>> loser = play_game(g, bots)
>>> loser in (0, 1) and g.over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from schock.dice import Outcome
from schock.engine.actions import (
    Action,
    EinkaufenAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
)
from schock.engine.game import Game
from schock.engine.views import View
from schock.errors import InvalidInputError
from schock.results import Kind, evaluate
from schock.rules import Rules


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action from a view."""

    @property
    def name(self) -> str:
        """A short label for tables and logs (``"heuristic"``, ``"optimal"`` ...)."""
        ...

    def act(self, view: View) -> Action:
        """One of ``view.legal``; called only when ``view.my_turn``."""
        ...


def _need_turn(view: View) -> tuple[Action, ...]:
    if not view.my_turn or not view.legal:
        raise InvalidInputError(
            f"a bot acts only on its own turn (view of seat {view.seat}, actor {view.actor})"
        )
    return view.legal


class RandomBot:
    """Uniform over the legal moves, except that it never takes dice back
    (so every turn ends: each other move uses up a die or a throw)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "random"

    def act(self, view: View) -> Action:
        legal = _need_turn(view)
        moves = [a for a in legal if not isinstance(a, TakeBackAction)]
        return self._rng.choice(moves or list(legal))


def stands_on(rules: Rules, dice: Sequence[int], throws: int, on_hand: bool) -> bool:
    """Whether the pub heuristic stands on ``dice``: on every special result that
    counts under ``rules`` (Schock Aus, a Schock, Jule, a General, a Straße, each
    only where these rules let it count, e.g. porz: a Straße only auf die Hand),
    never on an einfacher Wurf.

    >>> from schock import load_rules
    >>> porz = load_rules("porz")
    >>> stands_on(porz, (2, 2, 2), 1, True), stands_on(porz, (1, 1, 5), 2, False)
    (True, True)
    >>> stands_on(porz, (2, 3, 4), 2, False), stands_on(porz, (5, 5, 6), 1, True)
    (False, False)
    """
    outcome = Outcome(dice=tuple(sorted(dice)), throws=throws, on_hand=on_hand)
    return evaluate(rules, outcome).kind is not Kind.EINFACH


class HeuristicBot:
    """The pub heuristic: keep the 1s, turn sixes, stand on a Schock, a General
    or any other special result that counts under the rules (:func:`stands_on`).

    It also stops when no throw is left, lifts its cup as the round's first
    player, and never buys into a round (Einkaufen).
    """

    @property
    def name(self) -> str:
        return "heuristic"

    def act(self, view: View) -> Action:
        legal = _need_turn(view)
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, EinkaufenAction) and not a.join:
                return a
        if any(isinstance(a, LiftAction) for a in legal):
            return LiftAction()
        me = view.turn_of(view.seat) if view.seat is not None else None
        can_throw = any(isinstance(a, ThrowAction) for a in legal)
        can_stop = any(isinstance(a, StopAction) for a in legal)
        if me is None or me.cup is None:  # nothing to look at
            return StopAction() if can_stop else legal[0]
        dice = sorted(me.aside + me.cup)
        on_hand = not me.aside and len(me.cup) == 3  # all three dice from this throw
        if can_stop and (not can_throw or stands_on(view.rules, dice, me.throws, on_hand)):
            return StopAction()  # a special result that counts, or no throw left
        turns = [a for a in legal if isinstance(a, TurnSixesAction)]
        if turns:
            return max(turns, key=lambda a: a.ones)
        if len(me.aside) < 2 and SetAsideAction((1,)) in legal:
            return SetAsideAction((1,))
        if can_throw:
            return ThrowAction()
        return StopAction() if can_stop else legal[0]


def play_game(game: Game, bots: Sequence[Bot], *, max_actions: int = 100_000) -> int:
    """Let ``bots`` (one per seat) play ``game`` to its end; return the loser.

    The game should run with every :class:`~schock.engine.Automation` or the
    bots also answer roll-offs and loading throws (they may: those are legal
    actions too).
    """
    if len(bots) != len(game.seats):
        raise InvalidInputError(f"need one bot per seat ({len(game.seats)}), got {len(bots)}")
    for _ in range(max_actions):
        if game.over:
            assert game.loser is not None
            return game.loser
        seat = game.actor
        assert seat is not None
        game.apply(seat, bots[seat].act(game.view(seat)))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
