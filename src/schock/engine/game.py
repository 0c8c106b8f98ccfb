"""The one state machine: throw -> turn -> round -> half -> game.

Every player action has three faces, as in pokerkit: ``verify_x()`` raises
:class:`~schock.errors.IllegalActionError` with the reason, ``can_x()``
answers yes or no, and ``x()`` changes the state and returns an immutable
event, which is appended to :attr:`Game.log` followed by whatever it sets off
automatically (the showdown, the Deckel, the next round, the next half).

:class:`Game` stands on one module per phase, in the order the game flows:
:mod:`~schock.engine.state` (what a game holds and how to read it),
:mod:`~schock.engine.turn` (throws, set-aside, Sechsen drehen, stop),
:mod:`~schock.engine.round` (Einkaufen, showdown, Deckel, Strafdeckel) and
:mod:`~schock.engine.half` (opening, halves, final, Durchmarsch); here are the
constructor, copies, the legal actions, ``apply``, void throws and views.

>>> from schock import load_rules
>>> from schock.engine import Game, ScriptedDice
>>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], starter=0,
...          dice=ScriptedDice([1, 1, 4, 2, 3, 5]))
>>> g.throw()
Thrown(seat=0, dice=(1, 1, 4), throw=1, loading=False)
>>> g.lift(); g.stop().result
Lifted(seat=0)
Outcome(dice=(1, 1, 4), throws=1, on_hand=True)
>>> g.throw(); g.stop()    # Ben may throw only once now
Thrown(seat=1, dice=(2, 3, 5), throw=1, loading=False)
Stopped(seat=1, throws=1, result=Outcome(dice=(2, 3, 5), throws=1, on_hand=True), covered=True)
>>> g.deckel, g.stock
((0, 4), 9)
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Iterable
from typing import Any

from schock.engine import events as ev
from schock.engine.actions import (
    Action,
    BlindAction,
    EinkaufenAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    StrafdeckelAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
    VoidThrowAction,
)
from schock.engine.dice_sources import DiceSource, ScriptedDice, SeededDice, TableDice
from schock.engine.half import HalfPlay
from schock.engine.seat import Seat
from schock.engine.state import (
    _ASIDE,
    _BACK,
    _BLIND,
    _EINKAUFEN,
    _GAME_OVER,
    _JOIN,
    _LIFT,
    _PASS,
    _SEQUENCE,
    _STOP,
    _THROW,
    _TURN,
    _TURN1,
    _TURN2,
    MAX_SEATS,
    MIN_SEATS,
    R_VOID,
    Automation,
    HalfKind,
    Phase,
    RollOffPurpose,
    _can,
    _fail,
)
from schock.engine.views import View, make_view
from schock.errors import InvalidInputError
from schock.errors import short_repr as _short
from schock.results import evaluation_table
from schock.rules.model import Rules, SetAside, StarterAfterStock

#: The enums and bounds live in :mod:`schock.engine.state`; here for everyone who plays.
__all__ = ["MAX_SEATS", "MIN_SEATS", "Automation", "Game", "HalfKind", "Phase", "RollOffPurpose"]


class Game(HalfPlay):
    """A game of Schocken under one rule set.

    ``rules`` is a :class:`~schock.rules.Rules`; ``seats`` are names (or
    :class:`Seat`) in clockwise order; ``dice`` is the source of dice (default:
    seeded with 0); ``starter`` is the seat that starts the first round, or
    None for the rules' opening; ``automations`` are :class:`Automation` names.

    The public methods take their arguments typed as ``object`` and check them
    themselves: a wrong type or value raises :class:`InvalidInputError` naming
    what is allowed, in the pure-Python engine and in the compiled one alike
    (whose own argument checks would raise a bare ``TypeError`` first).
    """

    def __init__(
        self,
        rules: object,
        *,
        seats: object,
        dice: object = None,
        starter: object = None,
        automations: object = (),
    ) -> None:
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"rules must be a Rules object, got {type(rules).__name__}")
        if not isinstance(seats, _SEQUENCE):
            raise InvalidInputError(
                f"seats must be a list of {MIN_SEATS} to {MAX_SEATS} names, got {_short(seats)}"
            )
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise InvalidInputError(
                f"Schocken needs {MIN_SEATS} to {MAX_SEATS} seats, got {len(seats)}"
            )
        parsed = tuple(s if isinstance(s, Seat) else Seat(s) for s in seats)
        names = [s.name for s in parsed]
        folded = [n.casefold() for n in names]
        if len(set(folded)) != len(folded):
            raise InvalidInputError(
                f"seat names must differ (ignoring case and surrounding blanks), got {names}"
            )
        if dice is not None and not isinstance(dice, DiceSource):
            raise InvalidInputError(
                f"dice must be a dice source (SeededDice, ScriptedDice, TableDice) or None, "
                f"got {_short(dice)}"
            )
        if isinstance(automations, str) or not isinstance(automations, Iterable):
            raise InvalidInputError(
                f"automations must be a list of names, got {_short(automations)}; allowed: "
                + ", ".join(a.value for a in Automation)
            )
        automations = list(automations)
        if starter is not None and (
            isinstance(starter, bool)
            or not isinstance(starter, int)
            or not 0 <= starter < len(parsed)
        ):
            raise InvalidInputError(
                f"starter must be a seat from 0 to {len(parsed) - 1} or None, got {starter!r}"
            )
        try:
            auto = frozenset(Automation(a) for a in automations)
        except (ValueError, TypeError):
            raise InvalidInputError(
                f"unknown automation in {_short(automations)}; allowed: "
                + ", ".join(a.value for a in Automation)
            ) from None
        if auto - {Automation.FORCED_STOP} and isinstance(dice, TableDice):
            raise InvalidInputError("automated throws need a dice source, not TableDice")
        self.automations = auto
        self._auto_load = Automation.LOADING in auto
        self._auto_roll = Automation.ROLL_OFF in auto
        self._auto_stop = Automation.FORCED_STOP in auto
        self.rules = rules
        self.seats = parsed
        self.dice = dice if dice is not None else SeededDice(0)
        self.starter = starter
        self.log = []
        self.actions = []
        self.phase = _TURN
        self.halves = []
        self.half_losers = []
        self.loser = None
        self.durchmarsch = False
        self._round = None
        self._rolloff = None
        self._rounds_in_half = 0
        self._winner = 0
        self._ranking = ()
        self.last_showdown = None
        self.last_deckel = None
        self._table = evaluation_table(rules)
        self._ones_only = rules.set_aside is SetAside.ONES
        self._most_deckel_starts = rules.starter_after_stock is StarterAfterStock.MOST_DECKEL
        self._orders = {}
        self._trusted = type(self.dice) in (SeededDice, ScriptedDice)
        self._offered = ()
        self._offered_at = -1
        self._n = n = len(parsed)
        self._clockwise = tuple(tuple((s + i) % n for i in range(n)) for s in range(n))
        self.log.append(ev.GameStarted(tuple(names), starter))
        self._begin_half(HalfKind.FIRST, tuple(range(self._n)), starter)

    def copy(self) -> Game:
        """An independent game in the same state, without replaying its actions.

        Everything that changes is copied (the dice source too, so a seeded
        game goes on with the same dice); what never changes (rules, seats,
        events, actions) is shared.

        >>> from schock import load_rules
        >>> g = Game(load_rules("porz"), seats=["Anna", "Ben"], dice=SeededDice(3), starter=0)
        >>> _ = g.throw()
        >>> c = g.copy()
        >>> _ = c.lift(seat=0)
        >>> len(c.log) == len(g.log) + 1, g.copy().view(0) == g.view(0)
        (True, True)
        """
        # a plain new game (no automations, typed-in dice: nothing is thrown), then
        # every attribute that a game's play changes; the compiled engine cannot
        # make an instance without __init__, so copy.copy is not an option
        new = Game(self.rules, seats=self.seats, dice=TableDice(), starter=0)
        new.automations = self.automations
        new._auto_load = self._auto_load
        new._auto_roll = self._auto_roll
        new._auto_stop = self._auto_stop
        new.dice = _copy.deepcopy(self.dice)
        new._trusted = self._trusted
        new.starter = self.starter
        new.log = self.log.copy()
        new.actions = self.actions.copy()
        new.phase = self.phase
        new.halves = [h.copy() for h in self.halves]
        new._half = new.halves[-1]
        new.half_losers = self.half_losers.copy()
        new.loser = self.loser
        new.durchmarsch = self.durchmarsch
        r = self._round
        new._round = None if r is None else r.copy()
        ro = self._rolloff
        new._rolloff = None if ro is None else ro.copy()
        new._rounds_in_half = self._rounds_in_half
        new._winner = self._winner
        new._ranking = self._ranking
        new.last_showdown = self.last_showdown
        new.last_deckel = self.last_deckel
        new._orders = self._orders  # a cache of pure results: shared
        new._offered = self._offered
        new._offered_at = self._offered_at
        return new

    # ------------------------------------------------------------------ void throw
    def verify_void_throw(self, *, seat: object = None) -> int:
        """Check voiding the last throw; return the seat that threw it."""
        seat = self._opt_seat(seat)
        last = self.log[-1]
        if not isinstance(last, ev.Thrown | ev.RolledOff):
            raise _fail("void.not_last", R_VOID)
        who = last.seat
        if seat is not None and seat != who:
            raise _fail("void.seat", R_VOID, who=who, seat=seat)
        return who

    def can_void_throw(self, *, seat: object = None) -> bool:
        return _can(self.verify_void_throw, seat=seat)

    def void_throw(self, *, seat: object = None) -> ev.Event:
        """Türmchen or Kippe: the last throw does not count and is thrown again.

        The state goes back to just before that throw: the game is rebuilt from
        its actions, with every earlier throw's dice as they fell (the log has
        them), so the dice source is not asked again for them.
        """
        who = self.verify_void_throw(seat=seat)
        thrown = iter(
            e.dice if isinstance(e, ev.Thrown) else (e.die,)
            for e in self.log
            if isinstance(e, ev.Thrown | ev.RolledOff)
        )
        again = Game(self.rules, seats=self.seats, dice=self.dice, starter=self.starter)
        earlier = self.actions[:-1]
        for i, (s, action) in enumerate(earlier):
            if isinstance(action, VoidThrowAction):
                continue  # its throw was skipped below
            if isinstance(action, ThrowAction):  # each throw made one Thrown/RolledOff
                dice = next(thrown)
                if i + 1 < len(earlier) and isinstance(earlier[i + 1][1], VoidThrowAction):
                    continue  # a throw voided earlier: as if never thrown (no nested rebuild)
                action = ThrowAction(dice)
            again.apply(s, action)
        for name in _STATE:
            setattr(self, name, getattr(again, name))
        self.actions.append((who, VoidThrowAction()))
        e = ev.ThrowVoided(who)
        self.log.append(e)
        return e

    # ------------------------------------------------------------------ generic apply
    def apply(self, seat: object, action: object) -> ev.Event:
        """Apply an :mod:`~schock.engine.actions` value on behalf of ``seat``."""
        if type(seat) is not int or not 0 <= seat < self._n:
            raise self._seat_error(seat, required=True)
        if self._offered_at == len(self.actions):  # nothing happened since legal_actions()
            for a in self._offered:
                if a is action:  # one of the moves offered: legal if its seat is the actor's
                    return _QUICK[a.__class__](self, seat, action)
        handler = _DISPATCH.get(type(action))  # type: ignore[arg-type]
        if handler is None:
            raise InvalidInputError(f"not an action: {action!r}")
        return handler(self, seat, action)

    def _quick_throw(self, seat: int, action: ThrowAction) -> ev.Event:
        """An offered throw in a turn: checked already, but for the seat."""
        r = self._round
        if self.phase is _TURN and r is not None:
            t = r.turns[r.order[r.pos]]
            if t.seat == seat:
                n = 3 if t.throws == 0 else t.aside.count(False)
                return self._turn_throw(r, t, self._roll(n, seat))
        return self.throw(action.dice, seat=seat)

    def _quick_stop(self, seat: int, action: StopAction) -> ev.Event:
        r = self._round
        assert r is not None
        t = r.turns[r.order[r.pos]]
        if t.seat == seat:
            return self._stop(t)
        return self.stop(seat=seat)

    def _quick_set_aside(self, seat: int, action: SetAsideAction) -> ev.Event:
        """An offered die to set aside: the first fresh die of its value (as _pick takes)."""
        r = self._round
        assert r is not None
        t = r.turns[r.order[r.pos]]
        if t.seat == seat:
            v = action.dice[0]
            k = t.throws
            values, origin, aside, locked = t.values, t.origin, t.aside, t.locked
            for i in (0, 1, 2):
                if values[i] == v and origin[i] == k and not aside[i] and not locked[i]:
                    return self._set_aside(t, action, [i])
        return self.set_aside(action.dice, seat=seat)

    def _quick_take_back(self, seat: int, action: TakeBackAction) -> ev.Event:
        """An offered die to take back: the first one of its value on the table that may
        go back (as _pick takes)."""
        r = self._round
        assert r is not None
        t = r.turns[r.order[r.pos]]
        if t.seat == seat:
            v = action.dice[0]
            k = t.throws
            any_throw = self.rules.take_back
            values, origin, aside = t.values, t.origin, t.aside
            for i in (0, 1, 2):
                if values[i] == v and aside[i] and (any_throw or origin[i] == k):
                    return self._take_back(t, action, [i])
        return self.take_back(action.dice, seat=seat)

    def legal_actions(self) -> list[Action]:
        """The actor's legal moves (sets of dice listed one value at a time;
        scorekeeping actions such as Strafdeckel and void throws left out)."""
        # ``apply`` takes the very objects returned (a copy: the caller may change the
        # list) without checking them again, until the next action changes the state
        self._offered_at = len(self.actions)
        p = self.phase
        if p is not _TURN:
            if p is _GAME_OVER:
                self._offered = ()
                return []
            if p is _EINKAUFEN:
                self._offered = (_JOIN, _PASS)
                return [_JOIN, _PASS]
            self._offered = (_THROW,)
            return [_THROW]
        r = self._round
        assert r is not None
        t = r.turns[r.order[r.pos]]
        k = t.throws
        if k == 0:
            self._offered = (_THROW,)
            return [_THROW]
        first = r.pos == 0
        if not t.seen:
            if first:  # throwing again lifts the cup too, where a throw is left
                out0: list[Action] = [_LIFT, _STOP]
                if k < self.rules.max_throws:
                    out0.append(_THROW)
                if self.rules.blind:
                    out0.append(_BLIND)
                self._offered = tuple(out0)
                return out0
            self._offered = (_STOP,)
            return [_STOP]
        out: list[Action] = [] if t.must_throw else [_STOP]
        cap = self.rules.max_throws if first else r.limit
        assert cap is not None
        if k < cap:
            values, aside, origin = t.values, t.aside, t.origin
            if not (aside[0] and aside[1] and aside[2]):
                out.append(_THROW)
            ones_only = self._ones_only
            locked, turned = t.locked, t.turned
            seen_v = 0
            back = 0
            n6 = 0
            for i in range(3):
                v = values[i]
                bit = 1 << v
                if aside[i]:
                    if not back & bit and (origin[i] == k or self.rules.take_back):
                        back |= bit
                        out.append(_BACK[v])
                elif (
                    origin[i] == k
                    and not locked[i]
                    and not seen_v & bit
                    and (v == 1 or not ones_only)
                ):
                    seen_v |= bit
                    out.append(_ASIDE[v])
                if v == 6 and origin[i] == k and not turned[i]:
                    n6 += 1
            if n6 >= 2 and self.rules.sixes_turning and not t.turned_now:
                out.append(_TURN1)
                if n6 == 3:
                    out.append(_TURN2)
        self._offered = tuple(out)
        return out

    # ------------------------------------------------------------------ views
    def view(self, seat: object) -> View:
        """What ``seat`` may see (None: a spectator, who sees only the public table)."""
        return make_view(self, seat)  # it checks ``seat``


#: What void_throw takes over from the rebuilt game (not the log, actions or dice).
_STATE = (
    "phase",
    "halves",
    "half_losers",
    "loser",
    "durchmarsch",
    "_half",
    "_round",
    "_rolloff",
    "_rounds_in_half",
    "_winner",
    "_ranking",
    "last_showdown",
    "last_deckel",
)

#: How ``apply`` takes an action that ``legal_actions`` offered (the rest as any other).
_QUICK: dict[type[Action], Callable[[Game, int, Any], ev.Event]]

_DISPATCH: dict[type[Action], Callable[[Game, int, Any], ev.Event]] = {
    ThrowAction: lambda g, s, a: g.throw(a.dice, seat=s),
    LiftAction: lambda g, s, a: g.lift(seat=s),
    SetAsideAction: lambda g, s, a: g.set_aside(a.dice, seat=s),
    TakeBackAction: lambda g, s, a: g.take_back(a.dice, seat=s),
    TurnSixesAction: lambda g, s, a: g.turn_sixes(a.ones, seat=s),
    StopAction: lambda g, s, a: g.stop(seat=s),
    BlindAction: lambda g, s, a: g.blind(seat=s),
    EinkaufenAction: lambda g, s, a: g.einkaufen(a.join, seat=s),
    StrafdeckelAction: lambda g, s, a: g.strafdeckel(s, a.items),
    VoidThrowAction: lambda g, s, a: g.void_throw(seat=s),
}
_QUICK = {
    **_DISPATCH,
    ThrowAction: Game._quick_throw,
    StopAction: Game._quick_stop,
    SetAsideAction: Game._quick_set_aside,
    TakeBackAction: Game._quick_take_back,
}
