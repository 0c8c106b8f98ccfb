"""What the three adapters share: the action ids, the game driver, observations.

Standard library only; numpy and the RL libraries stay in the adapter modules.

Action ids (stable; new ids are only ever appended):

====  ==========================================
id    engine action
====  ==========================================
0     throw (``ThrowAction``)
1     lift the cup (``LiftAction``)
2     stop (``StopAction``)
3     blind (``BlindAction``)
4     turn sixes: two 6s into a 1 (``TurnSixesAction(1)``)
5     turn sixes: three 6s into two 1s (``TurnSixesAction(2)``)
6-11  set aside one die of value 1-6 (``SetAsideAction((v,))``)
12-17 take back one die of value 1-6 (``TakeBackAction((v,))``)
18    Einkaufen: buy in (``EinkaufenAction(True)``)
19    Einkaufen: stay out (``EinkaufenAction(False)``)
====  ==========================================

>>> from schock.engine import SetAsideAction
>>> action_id(SetAsideAction((4,)))
9
>>> engine_action(9)
SetAsideAction(dice=(4,))
>>> ACTION_NAMES[18]
'einkaufen_yes'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from schock.engine import (
    Action,
    BlindAction,
    EinkaufenAction,
    Game,
    LiftAction,
    SeededDice,
    SetAsideAction,
    StopAction,
    TableDice,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
    View,
    events,
)
from schock.errors import IllegalActionError, InvalidInputError
from schock.rules import Rules, load_rules

THROW, LIFT, STOP, BLIND, TURN1, TURN2 = 0, 1, 2, 3, 4, 5
ASIDE0 = 5  # ASIDE0 + v sets aside a die of value v
BACK0 = 11  # BACK0 + v takes back a die of value v
JOIN, PASS = 18, 19
NUM_ACTIONS = 20

ACTION_NAMES: tuple[str, ...] = (
    "throw",
    "lift",
    "stop",
    "blind",
    "turn_sixes_1",
    "turn_sixes_2",
    *(f"aside_{v}" for v in range(1, 7)),
    *(f"back_{v}" for v in range(1, 7)),
    "einkaufen_yes",
    "einkaufen_no",
)

_ACTIONS: tuple[Action, ...] = (
    ThrowAction(),
    LiftAction(),
    StopAction(),
    BlindAction(),
    TurnSixesAction(1),
    TurnSixesAction(2),
    *(SetAsideAction((v,)) for v in range(1, 7)),
    *(TakeBackAction((v,)) for v in range(1, 7)),
    EinkaufenAction(True),
    EinkaufenAction(False),
)

SCOPES = ("round", "half", "game")
"""How much of a game an episode is: the first round that gives Deckel, the first
half, or the whole game. The loser of that scores -1, every other seat 1/(n-1)."""


def action_id(action: Action) -> int:
    """The id of an engine action as :meth:`Game.legal_actions` lists it."""
    match action:
        case ThrowAction():
            return THROW
        case LiftAction():
            return LIFT
        case StopAction():
            return STOP
        case BlindAction():
            return BLIND
        case TurnSixesAction(ones=ones) if ones in (1, 2):
            return TURN1 if ones == 1 else TURN2
        case SetAsideAction(dice=(v,)) if 1 <= v <= 6:
            return ASIDE0 + v
        case TakeBackAction(dice=(v,)) if 1 <= v <= 6:
            return BACK0 + v
        case EinkaufenAction(join=join):
            return JOIN if join else PASS
    raise InvalidInputError(
        f"no action id for {action!r}; allowed: the single-die actions of legal_actions()"
    )


def engine_action(aid: int) -> Action:
    """The engine action of an action id (0 to 19)."""
    if aid.__class__ is not int or not 0 <= aid < NUM_ACTIONS:
        raise InvalidInputError(f"bad action id {aid!r}; allowed: a whole number from 0 to 19")
    return _ACTIONS[aid]


def resolve_rules(rules: Rules | str | Path) -> Rules:
    """A Rules object, a preset id or alias, or the path of a house-rules file."""
    if isinstance(rules, Rules):
        return rules
    return load_rules(rules)


def episode_rules(rules: Rules, scope: str) -> Rules:
    """Check ``scope``; return ``rules``."""
    if scope not in SCOPES:
        raise InvalidInputError(f"bad scope {scope!r}; allowed: {', '.join(SCOPES)}")
    return rules


# --- dice as chance outcomes -------------------------------------------------------------


def outcome_id(dice: Sequence[int]) -> int:
    """A throw of 1 to 3 dice (any order) as a chance outcome id: base 7 digits, sorted.

    >>> outcome_id((4, 1, 1)), outcome_from_id(outcome_id((4, 1, 1)))
    (60, (1, 1, 4))
    """
    out = 0
    for v in sorted(dice):
        out = out * 7 + v
    return out


def outcome_from_id(oid: int) -> tuple[int, ...]:
    digits: list[int] = []
    while oid:
        oid, d = divmod(oid, 7)
        digits.append(d)
    return tuple(reversed(digits))


MAX_CHANCE_OUTCOMES = 7**3
"""Chance outcome ids are below this (1 to 3 dice)."""


def throw_distribution(n: int) -> list[tuple[int, float]]:
    """Every sorted throw of ``n`` dice as (outcome id, probability), ids ascending."""
    return list(_THROWS[n])


def _distribution(n: int) -> tuple[tuple[int, float], ...]:
    counts = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=n))
    total = 6**n
    return tuple(sorted((outcome_id(d), c / total) for d, c in counts.items()))


_THROWS = {n: _distribution(n) for n in (1, 2, 3)}


# --- the driver --------------------------------------------------------------------------


class Driver:
    """A :class:`Game` seen through action ids, for one episode of ``scope``.

    ``chance=True``: throws get their dice from :meth:`throw_dice` (typed in, as
    from a real table: explicit chance nodes); otherwise from a seeded source.
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        *,
        scope: str = "round",
        starter: int | None = 0,
        chance: bool = False,
        seed: int = 0,
    ) -> None:
        episode_rules(rules, scope)
        self.rules = rules
        self.scope = scope
        self.chance = chance
        names = [f"P{i}" for i in range(players)]
        self.game = Game(
            rules,
            seats=names,
            dice=TableDice() if chance else SeededDice(seed),
            starter=starter,
        )
        self.players = players
        self._seen = 0  # events of the log already scanned for the episode's end
        self.loser: int | None = None
        self.pending: int | None = None  # dice to throw at a chance node
        self._check_end()

    def __deepcopy__(self, memo: dict[int, object]) -> Driver:
        # the engine's own copy of its state: no replay, no walk of the object graph
        new = Driver.__new__(Driver)
        new.__dict__.update(self.__dict__)
        new.game = self.game.copy()
        return new

    # ------------------------------------------------------------ reading
    @property
    def over(self) -> bool:
        return self.loser is not None

    @property
    def actor(self) -> int | None:
        """The seat to move, or None at the end of the episode."""
        return None if self.over else self.game.actor

    def legal_ids(self) -> list[int]:
        """The actor's legal action ids, ascending.

        Exactly the engine's :meth:`Game.legal_actions`, less redundant orderings
        within one decision (between two throws): dice are taken back before any
        is set aside, each kind in ascending order of value. Every position a
        decision can end in stays reachable; undoing a set-aside at once
        (an endless loop) does not.
        """
        if self.over or self.pending is not None:
            return []
        g = self.game
        ids = sorted({action_id(a) for a in g.legal_actions()})
        actor = g.actor
        aside_max = 0
        back_max = 0
        for seat, a in reversed(g.actions):
            if seat != actor or isinstance(a, ThrowAction):
                break
            if isinstance(a, SetAsideAction):
                aside_max = max(aside_max, *a.dice)
            elif isinstance(a, TakeBackAction):
                back_max = max(back_max, *a.dice)
        out = []
        for i in ids:
            if ASIDE0 < i <= ASIDE0 + 6 and i - ASIDE0 < aside_max:
                continue
            if BACK0 < i <= BACK0 + 6 and (aside_max or i - BACK0 < back_max):
                continue
            out.append(i)
        return out

    def returns(self) -> list[float]:
        """-1 for the episode's loser, 1/(n-1) for every other seat; zeros before the end."""
        if self.loser is None:
            return [0.0] * self.players
        win = 1.0 / (self.players - 1)
        return [-1.0 if s == self.loser else win for s in range(self.players)]

    # ------------------------------------------------------------ acting
    def apply(self, aid: int) -> None:
        """Apply an action id for the actor (a throw waits for :meth:`throw_dice` with chance)."""
        if self.over:
            raise IllegalActionError(f"the {self.scope} is over; no action is allowed")
        legal = self.legal_ids()
        if aid not in legal:
            allowed = ", ".join(f"{i} ({ACTION_NAMES[i]})" for i in legal) or "none"
            raise IllegalActionError(f"action {aid!r} is not legal now; allowed: {allowed}")
        if aid == THROW and self.chance:
            self.pending = self.game.verify_throw()
            return
        actor = self.game.actor
        assert actor is not None
        self.game.apply(actor, _ACTIONS[aid])
        self._check_end()

    def throw_dice(self, dice: Sequence[int]) -> None:
        """The dice of the pending throw (chance mode)."""
        if self.pending is None:
            raise IllegalActionError("no throw is waiting for its dice")
        self.game.throw(tuple(dice))
        self.pending = None
        self._check_end()

    def apply_engine(self, action: Action) -> None:
        """Apply any engine action of the actor (for bots); throws roll from the source."""
        actor = self.game.actor
        assert actor is not None and not self.chance
        self.game.apply(actor, action)
        self._check_end()

    def _check_end(self) -> None:
        g = self.game
        log = g.log
        for e in log[self._seen :]:
            if self.scope == "round" and isinstance(e, events.DeckelGiven):
                self.loser = e.loser
            elif isinstance(e, events.GameLost) or (
                self.scope == "half" and isinstance(e, events.HalfLost)
            ):
                self.loser = e.seat
            if self.loser is not None:
                break
        self._seen = len(log)
        if not self.chance or self.over:
            return
        # a throw that is the only legal move goes straight to its chance node
        if g.legal_actions() == [_ACTIONS[THROW]]:
            self.pending = g.verify_throw()


# --- observations ------------------------------------------------------------------------

_PHASES = ("roll_off", "einkaufen", "loading", "turn", "game_over")


def observation_size(players: int) -> int:
    """The length of :func:`observation_vector` for ``players`` seats."""
    return 14 + 20 * players


def observation_vector(view: View, me: int) -> list[float]:
    """What seat ``me`` sees (a :class:`View`, never a hidden die) as numbers in [0, 1].

    Layout: phase (5), actor (n), me (n), Stock (1), Deckel per seat (n), half (3),
    throw limit (4: none yet, the limit over the rules' ``max_throws``, a limit of
    1, a limit of ``max_throws``), round starter (n), blind (1), then per seat:
    throws over ``max_throws``, dice on the table by value (6), dice seen in the
    cup by value (6), hidden dice, turned 1s, done (16). Counts of dice are over
    3; every entry lies in [0, 1] whatever the rules' throw cap (1 to 9).
    """
    n = len(view.names)
    total = max(1, view.rules.deckel)
    cap = max(1, view.rules.max_throws)
    limit = view.throw_limit
    out: list[float] = [1.0 if view.phase == p else 0.0 for p in _PHASES]
    out += [1.0 if view.actor == s else 0.0 for s in range(n)]
    out += [1.0 if me == s else 0.0 for s in range(n)]
    out.append(min(1.0, view.stock / total))
    out += [min(1.0, d / total) for d in view.deckel]
    out += [1.0 if view.half_number == h else 0.0 for h in (1, 2, 3)]
    out += [
        1.0 if limit is None else 0.0,
        0.0 if limit is None else min(1.0, limit / cap),
        1.0 if limit == 1 else 0.0,
        1.0 if limit == cap else 0.0,
    ]
    out += [1.0 if view.round_starter == s else 0.0 for s in range(n)]
    out.append(1.0 if view.blind else 0.0)
    turns = {t.seat: t for t in view.turns}
    for s in range(n):
        t = turns.get(s)
        if t is None:
            out += [0.0] * 16
            continue
        out.append(min(1.0, t.throws / cap))
        aside = Counter(t.aside)
        out += [aside[v] / 3 for v in range(1, 7)]
        cup = Counter(t.cup or ())
        out += [cup[v] / 3 for v in range(1, 7)]
        out += [t.hidden / 3, t.turned / 3, 1.0 if t.done else 0.0]
    return out


def information_size(players: int, max_throws: int) -> int:
    """The length of :func:`information_vector`."""
    return observation_size(players) + 6 * players * max(0, max_throws - 1)


def information_vector(view: View, me: int) -> list[float]:
    """:func:`observation_vector` and the earlier throws of every turn of the round.

    What seat ``me`` has seen that still matters to the round, in a fixed length
    (:func:`information_size`): per seat, for each throw before the latest
    (``max_throws - 1`` slots), the dice by value (6, counts / 3); zeros for
    throws not made. Earlier throws are public (the cup was lifted to throw
    again), so nothing hidden from ``me`` enters. Earlier rounds count only
    through their Deckel, which the observation holds.
    """
    out = observation_vector(view, me)
    slots = max(0, view.rules.max_throws - 1)
    turns = {t.seat: t for t in view.turns}
    for s in range(len(view.names)):
        t = turns.get(s)
        history = t.history if t is not None else ()
        for k in range(slots):
            if k < len(history):
                c = Counter(history[k])
                out += [c[v] / 3 for v in range(1, 7)]
            else:
                out += [0.0] * 6
    return out


def observation_text(view: View) -> str:
    """A compact, complete text of a :class:`View` (no hidden die)."""
    parts = [
        f"{view.phase} actor={view.actor} half={view.half_number} stock={view.stock}",
        "deckel=" + ",".join(map(str, view.deckel)),
        f"round={view.round_number} starter={view.round_starter} limit={view.throw_limit}"
        + (" blind" if view.blind else ""),
    ]
    if view.roll_off:
        parts.append("rolloff=" + ",".join(f"{s}:{d}" for s, d in view.roll_off))
    for t in view.turns:
        cup = "?" if t.cup is None else "".join(map(str, t.cup))
        hist = "/".join("".join(map(str, h)) for h in t.history)
        parts.append(
            f"[{t.seat} t{t.throws} a{''.join(map(str, t.aside))} c{cup} h{t.hidden}"
            f" r{t.turned} {hist}{' done' if t.done else ''}"
            f"{'' if t.result is None else ' ' + str(t.result)}]"
        )
    if view.last_deckel is not None:
        d = view.last_deckel
        parts.append(f"deckel_to={d.loser}:{d.count}")
    return " ".join(parts)


def check_players(players: object, *, low: int = 2, high: int = 12) -> int:
    """``players`` as a seat count, or a clear error."""
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise InvalidInputError(
            f"players must be a whole number from {low} to {high}, got {players!r}"
        )
    return players
