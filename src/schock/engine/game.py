"""The one state machine: throw -> turn -> round -> half -> game.

Every player action has three faces, as in pokerkit: ``verify_x()`` raises
:class:`~schock.errors.IllegalActionError` with the reason, ``can_x()``
answers yes or no, and ``x()`` changes the state and returns an immutable
event, which is appended to :attr:`Game.log` followed by whatever it sets off
automatically (the showdown, the Deckel, the next round, the next half).

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
from enum import StrEnum
from typing import Any, cast

from schock.dice import Outcome, check_dice
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
from schock.engine.seat import Seat
from schock.engine.views import View, make_view
from schock.errors import IllegalActionError, InvalidInputError
from schock.errors import short_repr as _short
from schock.messages import Msg, action_msg, waiting_for
from schock.results import Evaluation, Kind, evaluation_table
from schock.rules.model import (
    FinalStarter,
    Opening,
    Rules,
    SetAside,
    StarterAfterStock,
    Strafdeckel,
    Structure,
)

MIN_SEATS = 2
MAX_SEATS = 12
_SEQUENCE = (tuple, list)  # what dice and seat lists may be


class Phase(StrEnum):
    """What the game waits for."""

    ROLL_OFF = "roll_off"  # one die each: who starts, or who loses a tie
    EINKAUFEN = "einkaufen"  # players without Deckel decide whether to buy in
    LOADING = "loading"  # simultaneous first throws (laden), or the opening round
    TURN = "turn"  # a player's turn
    GAME_OVER = "game_over"


# The phases as plain names for the engine's hot paths: in Python 3.11 ``Phase.TURN``
# goes through ``EnumType.__getattr__`` and costs several times a global lookup.
_ROLL_OFF = Phase.ROLL_OFF
_EINKAUFEN = Phase.EINKAUFEN
_LOADING = Phase.LOADING
_TURN = Phase.TURN
_GAME_OVER = Phase.GAME_OVER


class HalfKind(StrEnum):
    """Which half is being played."""

    FIRST = "first"
    SECOND = "second"
    FINAL = "final"


class Automation(StrEnum):
    """Chores the engine can do by itself (each a forced move, so a record of
    the game lists them as ordinary actions and replays without them)."""

    LOADING = "loading"  # the simultaneous first throws and the opening round's throws
    ROLL_OFF = "roll_off"  # one-die roll-offs
    FORCED_STOP = "forced_stop"  # stop when stopping is the only move left


class RollOffPurpose(StrEnum):
    """What a one-die roll-off decides."""

    OPENING = "opening"  # who starts the first half
    OPENING_TIE = "opening_tie"  # who of the tied lowest loses the opening round
    FINAL = "final"  # who starts the final


# --- rule references used in error messages -------------------------------------------------
R_TURN = "docs/rules.md, A turn"
R_SET_ASIDE = "docs/rules.md, A turn 2: setting dice aside"
R_SIXES = "docs/rules.md, A turn 3: Sechsen drehen"
R_LIMIT = "docs/rules.md, A turn 1: the round's throw limit"
R_BLIND = "docs/rules.md, Blind"
R_VIEW = "docs/rules.md, What each player may see"
R_EINKAUFEN = "docs/rules.md, Einkaufen"
R_STRAF = "docs/rules.md, Deckel: Strafdeckel"
R_VOID = "docs/rules.md, Deckel: Türmchen / Kippe"
R_ORDER = "docs/rules.md, Who starts"


class _Turn:
    """One player's dice in a round (internal, mutable)."""

    __slots__ = (
        "aside",
        "covered",
        "done",
        "history",
        "locked",
        "must_throw",
        "origin",
        "result",
        "seat",
        "seen",
        "shown",
        "throws",
        "turned",
        "turned_now",
        "values",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.throws = 0
        self.values: list[int] = []
        self.origin: list[int] = []  # the throw each die came from
        self.turned: list[bool] = []  # a 1 made by turning sixes
        self.aside: list[bool] = []  # on the table (else in the cup)
        self.locked: list[bool] = []  # a leftover 6 after turning: must be thrown again
        self.history: list[tuple[int, ...]] = []
        self.shown = False  # the current throw is public
        self.seen = False  # its owner has seen the current throw
        self.must_throw = False
        self.turned_now = False
        self.done = False
        self.covered = False
        self.result: Outcome | None = None

    def copy(self) -> _Turn:
        t = _Turn(self.seat)
        t.throws = self.throws
        t.values = self.values.copy()
        t.origin = self.origin.copy()
        t.turned = self.turned.copy()
        t.aside = self.aside.copy()
        t.locked = self.locked.copy()
        t.history = self.history.copy()
        t.shown = self.shown
        t.seen = self.seen
        t.must_throw = self.must_throw
        t.turned_now = self.turned_now
        t.done = self.done
        t.covered = self.covered
        t.result = self.result
        return t

    def fresh(self) -> list[int]:
        """Indices of dice from the current throw that may still be set aside."""
        t = self.throws
        origin, aside, locked = self.origin, self.aside, self.locked
        out = []
        for i in range(len(origin)):
            if origin[i] == t and not aside[i] and not locked[i]:
                out.append(i)
        return out

    def outcome(self) -> Outcome:
        t = self.throws
        origin = self.origin
        on_hand = origin[0] == origin[1] == origin[2] == t and not any(self.turned)
        a, b, c = self.values
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
            if a > b:
                a, b = b, a
        return _OUTCOMES[(a, b, c, t, on_hand)]


# Every possible result as one shared immutable value (dice sorted, throws, auf die Hand).
_OUTCOMES = {
    (a, b, c, t, h): Outcome((a, b, c), t, h)
    for a in range(1, 7)
    for b in range(a, 7)
    for c in range(b, 7)
    for t in range(1, 10)
    for h in (False, True)
}


class _Round:
    __slots__ = (
        "blind",
        "einkauf_queue",
        "limit",
        "load_pos",
        "number",
        "opening",
        "order",
        "pos",
        "starter",
        "turns",
    )

    def __init__(self, number: int, starter: int, order: tuple[int, ...], opening: bool) -> None:
        self.number = number
        self.starter = starter
        self.order = order
        self.opening = opening
        self.limit: int | None = None
        self.blind = False
        self.turns: dict[int, _Turn] = {s: _Turn(s) for s in order}
        self.pos = 0
        self.load_pos = 0
        self.einkauf_queue: list[int] = []

    def copy(self) -> _Round:
        r = _Round(self.number, self.starter, self.order, self.opening)
        r.limit = self.limit
        r.blind = self.blind
        r.turns = {s: t.copy() for s, t in self.turns.items()}
        r.pos = self.pos
        r.load_pos = self.load_pos
        r.einkauf_queue = self.einkauf_queue.copy()
        return r


class _Half:
    __slots__ = ("deckel", "kind", "loser", "number", "players", "stock")

    def __init__(
        self, number: int, kind: HalfKind, players: tuple[int, ...], stock: int, seats: int
    ) -> None:
        self.number = number
        self.kind = kind
        self.players = players
        self.stock = stock
        self.deckel = [0] * seats
        self.loser: int | None = None

    def copy(self) -> _Half:
        h = _Half(self.number, self.kind, self.players, self.stock, 0)
        h.deckel = self.deckel.copy()
        h.loser = self.loser
        return h


class _RollOff:
    __slots__ = ("candidates", "pos", "purpose", "rolled")

    def __init__(self, purpose: RollOffPurpose, candidates: tuple[int, ...]) -> None:
        self.purpose = purpose
        self.candidates = candidates
        self.pos = 0
        self.rolled: dict[int, int] = {}

    def copy(self) -> _RollOff:
        ro = _RollOff(self.purpose, self.candidates)
        ro.pos = self.pos
        ro.rolled = self.rolled.copy()
        return ro


def _fail(
    key: str, rule: str | None = None, field: str | None = None, **params: object
) -> IllegalActionError:
    """The error for message ``key`` of :data:`schock.messages.CATALOG`."""
    return IllegalActionError(Msg(key, params), rule=rule, field=field)


class Game:
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
        self.dice: DiceSource = dice if dice is not None else SeededDice(0)
        self.starter = starter
        self.log: list[ev.Event] = []
        self.actions: list[tuple[int, Action]] = []
        """Every action applied, with its seat: what a game record stores."""
        self.phase = _TURN
        self.halves: list[_Half] = []
        self.half_losers: list[int] = []
        self.loser: int | None = None
        self.durchmarsch = False
        self._half: _Half
        self._round: _Round | None = None
        self._rolloff: _RollOff | None = None
        self._rounds_in_half = 0
        self._winner = 0
        self._ranking: tuple[int, ...] = ()
        self.last_showdown: ev.Showdown | None = None
        self.last_deckel: ev.DeckelGiven | None = None
        self._table = evaluation_table(rules)
        self._ones_only = rules.set_aside is SetAside.ONES
        self._most_deckel_starts = rules.starter_after_stock is StarterAfterStock.MOST_DECKEL
        self._orders: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        self._trusted = type(self.dice) in (SeededDice, ScriptedDice)
        self._offered: tuple[Action, ...] = ()  # what legal_actions() last returned
        self._offered_at = -1  # and when: len(self.actions) then
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

    # ------------------------------------------------------------------ reading the state
    @property
    def actor(self) -> int | None:
        """The seat whose move it is, or None when the game is over."""
        p = self.phase
        if p is _TURN:
            r = self._round
            assert r is not None
            return r.order[r.pos]
        if p is _LOADING:
            r = self._round
            assert r is not None
            return r.order[r.load_pos]
        if p is _EINKAUFEN:
            r = self._round
            assert r is not None
            return r.einkauf_queue[0]
        if p is _ROLL_OFF:
            ro = self._rolloff
            assert ro is not None
            return ro.candidates[ro.pos]
        return None

    @property
    def over(self) -> bool:
        """True once the game has its loser."""
        return self.phase is _GAME_OVER

    @property
    def half_number(self) -> int:
        """1 and 2 for the halves, 3 for the final."""
        return self._half.number

    @property
    def half_kind(self) -> HalfKind:
        return self._half.kind

    @property
    def players(self) -> tuple[int, ...]:
        """The seats playing the current half (two in the final)."""
        return self._half.players

    @property
    def stock(self) -> int:
        """Deckel left in the Stock (the middle)."""
        return self._half.stock

    @property
    def deckel(self) -> tuple[int, ...]:
        """Deckel held by each seat in the current half."""
        return tuple(self._half.deckel)

    @property
    def round_number(self) -> int:
        """The number of the current round in this half (the opening round is 1)."""
        return self._rounds_in_half

    @property
    def round_order(self) -> tuple[int, ...]:
        """The current round's participants in play order (empty in a roll-off)."""
        return self._round.order if self._round is not None else ()

    @property
    def round_starter(self) -> int | None:
        return self._round.starter if self._round is not None else None

    @property
    def throw_limit(self) -> int | None:
        """The round's throw limit once the first player has set it."""
        return self._round.limit if self._round is not None else None

    def in_half(self, seat: object) -> bool:
        """Whether ``seat`` still plays in this half (not out)."""
        if type(seat) is not int or not 0 <= seat < self._n:
            raise self._seat_error(seat, required=True)
        h = self._half
        return seat in h.players and (h.stock > 0 or h.deckel[seat] > 0)

    def evaluation(self, outcome: Outcome) -> Evaluation:
        """Evaluate a result under this game's rules."""
        return self._table[(outcome.dice, outcome.on_hand)]

    # ------------------------------------------------------------------ turn helpers
    def _turn(self) -> _Turn:
        r = self._round
        assert r is not None
        return r.turns[r.order[r.pos]]

    def _is_first(self) -> bool:
        r = self._round
        assert r is not None
        return r.pos == 0

    def _cap(self) -> int:
        """How many throws the current player may use."""
        r = self._round
        assert r is not None
        if r.pos == 0:
            return self.rules.max_throws
        assert r.limit is not None
        return r.limit

    def _need_turn(self, seat: int | None, what: str) -> _Turn:
        if self.phase is not _TURN:
            raise _fail(
                "need_turn.phase",
                R_TURN,
                what=action_msg(what),
                waiting=waiting_for(self.phase, self.actor, [s.name for s in self.seats]),
            )
        r = self._round
        assert r is not None
        t = r.turns[r.order[r.pos]]
        if seat is not None and seat != t.seat:
            raise _fail(
                "need_turn.seat",
                R_ORDER,
                what=action_msg(what),
                name=self.seats[t.seat].name,
                actor=t.seat,
                seat=seat,
            )
        return t

    def _need_choice(self, seat: int | None, what: str) -> _Turn:
        """The current turn, once its player has looked at his throw and has a throw
        left: what setting dice aside and taking them back need."""
        if self.phase is _TURN:  # the usual case first, cheaply
            r = self._round
            assert r is not None
            t = r.turns[r.order[r.pos]]
            cap = self.rules.max_throws if r.pos == 0 else r.limit
            assert cap is not None
            if (seat is None or seat == t.seat) and t.throws and t.seen and t.throws < cap:
                return t
        t = self._need_turn(seat, what)  # else these say what is wrong
        self._need_looked(t, what)
        self._need_throw_left(t, what)
        raise AssertionError("unreachable: one of the checks above fails")

    def _need_looked(self, t: _Turn, what: str) -> None:
        if t.throws == 0:
            raise _fail("looked.no_throw", R_TURN, what=action_msg(what))
        if not t.seen:
            raise _fail("looked.not_lifted", R_VIEW, what=action_msg(what))

    def _need_throw_left(self, t: _Turn, what: str) -> None:
        r = self._round
        assert r is not None
        first = r.pos == 0
        cap = self.rules.max_throws if first else r.limit
        assert cap is not None
        if t.throws >= cap:
            raise _fail(
                "throw_left.first" if first else "throw_left.limit",
                R_LIMIT,
                "max_throws" if first else None,
                what=action_msg(what),
                used=t.throws,
                cap=cap,
            )

    def _opt_seat(self, seat: object) -> int | None:
        """``seat`` once checked: a seat number or None. Public methods take their
        arguments as ``object`` and check them (a compiled build would otherwise
        raise its own TypeError before the check)."""
        if seat is None:
            return None
        if type(seat) is int and 0 <= seat < self._n:
            return seat
        raise self._seat_error(seat)

    def _seat_error(self, seat: object, *, required: bool = False) -> InvalidInputError:
        """The error for a bad ``seat`` argument (see :meth:`_opt_seat`)."""
        return InvalidInputError(
            f"seat must be a seat number from 0 to {self._n - 1}"
            + ("" if required else " or None")
            + f", got {_short(seat)}"
        )

    # ------------------------------------------------------------------ throw
    def verify_throw(self, dice: object = None, *, seat: object = None) -> int:
        """Check a throw; return how many dice it throws."""
        seat = self._opt_seat(seat)
        if dice is not None and not isinstance(dice, _SEQUENCE):
            check_dice(dice)  # raises: dice must be a list or tuple
        p = self.phase
        if p is _ROLL_OFF or p is _LOADING:
            actor = self.actor
            if seat is not None and seat != actor:
                raise _fail(
                    "waits.throw",
                    R_ORDER,
                    waiting=waiting_for(p, actor, [s.name for s in self.seats]),
                )
            n = 1 if p is _ROLL_OFF else 3
        else:
            t = self._need_turn(seat, "throw")
            if t.throws:
                self._need_throw_left(t, "throw again")
                n = t.aside.count(False)
                if n == 0:
                    raise _fail("throw.all_aside", R_SET_ASIDE)
            else:
                n = 3
        if dice is not None:
            check_dice(dice, count=n)
        return n

    def can_throw(self, dice: object = None, *, seat: object = None) -> bool:
        return _can(self.verify_throw, dice, seat=seat)

    def throw(self, dice: object = None, *, seat: object = None) -> ev.Event:
        """Throw the dice in the cup (``dice`` typed in, else from the source)."""
        n = self.verify_throw(dice, seat=seat)
        p = self.phase
        r = self._round
        if p is _TURN:
            assert r is not None
            t = r.turns[r.order[r.pos]]
            actor: int | None = t.seat
        else:
            actor = self.actor
        assert actor is not None
        if dice is None:
            values = self._roll(n, actor)
        else:
            values = check_dice(dice, count=n)  # typed-in dice have no order: sorted
            self.actions.append((actor, ThrowAction(values)))
        if p is not _TURN:
            if p is _ROLL_OFF:
                return self._roll_off_throw(values[0])
            return self._loading_throw(values)
        assert r is not None
        return self._turn_throw(r, t, values)

    def _turn_throw(self, r: _Round, t: _Turn, values: tuple[int, ...]) -> ev.Event:
        """The current player's throw ``values`` (checked and recorded) lands."""
        actor = t.seat
        first = r.pos == 0
        cap = self.rules.max_throws if first else r.limit
        assert cap is not None
        k = t.throws = t.throws + 1
        if k == 1:
            t.values = list(values)
            t.origin = [1, 1, 1]
            t.turned = [False, False, False]
            t.aside = [False, False, False]
            t.locked = [False, False, False]
        else:
            j = 0
            aside, tv, origin, turned, locked = t.aside, t.values, t.origin, t.turned, t.locked
            for i in range(3):
                if not aside[i]:
                    tv[i] = values[j]
                    origin[i] = k
                    turned[i] = False
                    locked[i] = False
                    j += 1
        t.must_throw = False
        t.turned_now = False
        t.history.append(values)
        if first and k < cap:
            # the round's first player: his first throw waits under the cup for
            # "lift" (or "zu"/blind); later ones he lifts to decide, for all to see
            t.shown = t.seen = k > 1
        else:
            t.shown = False
            t.seen = True
        e = ev.Thrown(actor, values, k)
        self.log.append(e)
        if self._auto_stop and k >= cap:
            self._stop(t)
        return e

    def _roll(self, n: int, actor: int) -> tuple[int, ...]:
        """``n`` dice from the source, recorded as a throw of ``actor``."""
        values = self.dice.roll(n)
        if not self._trusted:
            check_dice(values, count=n)
        if n > 1:
            values = tuple(sorted(values))  # the log shows every throw's dice ascending
        self.actions.append((actor, _THROW))
        return values

    def _loading_throw(self, values: tuple[int, ...]) -> ev.Event:
        r = self._round
        assert r is not None
        seat = r.order[r.load_pos]
        t = r.turns[seat]
        t.throws = 1
        t.values = list(values)
        t.origin = [1, 1, 1]
        t.turned = [False, False, False]
        t.aside = [False, False, False]
        t.locked = [False, False, False]
        t.history.append(values)
        t.shown = t.seen = False
        e = ev.Thrown(seat, values, 1, loading=True)
        self.log.append(e)
        r.load_pos += 1
        if r.load_pos == len(r.order):
            if r.opening:
                self._showdown()
            else:
                self.phase = _TURN
                self._activate()
        return e

    def _roll_off_throw(self, die: int) -> ev.Event:
        ro = self._rolloff
        assert ro is not None
        seat = ro.candidates[ro.pos]
        ro.rolled[seat] = die
        ro.pos += 1
        e = ev.RolledOff(seat, die, str(ro.purpose))
        self.log.append(e)
        if ro.pos == len(ro.candidates):
            self._decide_roll_off()
        return e

    # ------------------------------------------------------------------ lift
    def verify_lift(self, *, seat: object = None) -> None:
        seat = self._opt_seat(seat)
        t = self._need_turn(seat, "lift the cup")
        if not self._is_first() or t.throws != 1 or t.seen:
            raise _fail("lift.only_first", R_VIEW)

    def can_lift(self, *, seat: object = None) -> bool:
        return _can(self.verify_lift, seat=seat)

    def lift(self, *, seat: object = None) -> ev.Event:
        """The round's first player lifts his cup: his first throw is public."""
        self.verify_lift(seat=seat)
        t = self._turn()
        self.actions.append((t.seat, _LIFT))
        t.shown = t.seen = True
        e = ev.Lifted(t.seat)
        self.log.append(e)
        return e

    # ------------------------------------------------------------------ set aside / take back
    def verify_set_aside(self, dice: object, *, seat: object = None) -> list[int]:
        """Check setting aside ``dice`` from the last throw; return their indices."""
        return self._check_set_aside(dice, seat)[2]

    def _check_set_aside(
        self, dice: object, seat: object
    ) -> tuple[_Turn, tuple[int, ...], list[int]]:
        """The turn, the dice (sorted) and their indices, once checked."""
        seat = self._opt_seat(seat)
        if not isinstance(dice, _SEQUENCE):
            check_dice(dice)  # raises: dice must be a list or tuple
        t = self._need_choice(seat, "set dice aside")
        values = check_dice(dice, count=None)
        if not values:
            raise InvalidInputError("name at least one die to set aside")
        if self._ones_only and any(v != 1 for v in values):
            bad = [v for v in values if v != 1]
            raise _fail(
                "set_aside.ones_sixes" if 6 in bad else "set_aside.ones",
                R_SET_ASIDE,
                "set_aside",
                rules=self.rules.id,
                bad=bad,
            )
        idx = _pick(t, t.fresh(), values)
        if idx is None:
            locked = [t.values[i] for i in range(3) if t.locked[i]]
            avail = sorted(t.values[i] for i in t.fresh())
            raise _fail(
                "set_aside.missing_locked" if locked else "set_aside.missing",
                R_SET_ASIDE,
                dice=list(values),
                avail=avail,
            )
        return t, values, idx

    def can_set_aside(self, dice: object, *, seat: object = None) -> bool:
        return _can(self.verify_set_aside, dice, seat=seat)

    def set_aside(self, dice: object, *, seat: object = None) -> ev.Event:
        """Put dice of the last throw on the table."""
        t, values, idx = self._check_set_aside(dice, seat)
        return self._set_aside(t, SetAsideAction(values), idx)

    def _set_aside(self, t: _Turn, action: SetAsideAction, idx: list[int]) -> ev.Event:
        """Set aside the dice at ``idx`` of turn ``t`` (checked): ``action``."""
        values = action.dice
        self.actions.append((t.seat, action))
        aside = t.aside
        for i in idx:
            aside[i] = True
        e = ev.SetAside(t.seat, values)  # the dice picked show exactly these values
        self.log.append(e)
        return e

    def verify_take_back(self, dice: object, *, seat: object = None) -> list[int]:
        """Check putting ``dice`` from the table back into the cup."""
        return self._check_take_back(dice, seat)[2]

    def _check_take_back(
        self, dice: object, seat: object
    ) -> tuple[_Turn, tuple[int, ...], list[int]]:
        """The turn, the dice (sorted) and their indices, once checked."""
        seat = self._opt_seat(seat)
        if not isinstance(dice, _SEQUENCE):
            check_dice(dice)  # raises: dice must be a list or tuple
        t = self._need_choice(seat, "take dice back")
        values = check_dice(dice, count=None)
        if not values:
            raise InvalidInputError("name at least one die to take back")
        aside = t.aside
        back = [i for i in (0, 1, 2) if aside[i]]
        if not self.rules.take_back:  # only dice set aside from the current throw
            back = [i for i in back if t.origin[i] == t.throws]
        idx = _pick(t, back, values)
        if idx is None:
            on_table = sorted(t.values[i] for i in range(3) if t.aside[i])
            if not self.rules.take_back and on_table:
                raise _fail(
                    "take_back.off",
                    R_TURN,
                    "take_back",
                    rules=self.rules.id,
                    dice=list(values),
                    free=sorted(t.values[i] for i in back),
                )
            raise _fail("take_back.missing", R_TURN, dice=list(values), on_table=on_table)
        return t, values, idx

    def can_take_back(self, dice: object, *, seat: object = None) -> bool:
        return _can(self.verify_take_back, dice, seat=seat)

    def take_back(self, dice: object, *, seat: object = None) -> ev.Event:
        """Put dice set aside earlier back into the cup."""
        t, values, idx = self._check_take_back(dice, seat)
        return self._take_back(t, TakeBackAction(values), idx)

    def _take_back(self, t: _Turn, action: TakeBackAction, idx: list[int]) -> ev.Event:
        """Take back the dice at ``idx`` of turn ``t`` (checked): ``action``."""
        values = action.dice
        self.actions.append((t.seat, action))
        aside = t.aside
        for i in idx:
            aside[i] = False
        e = ev.TakenBack(t.seat, values)  # the dice picked show exactly these values
        self.log.append(e)
        return e

    # ------------------------------------------------------------------ Sechsen drehen
    def verify_turn_sixes(self, ones: object = 1, *, seat: object = None) -> list[int]:
        """Check turning sixes; return the indices of the sixes used."""
        seat = self._opt_seat(seat)
        if type(ones) is not int or ones not in (1, 2):
            raise InvalidInputError(
                f"ones must be 1 (two sixes) or 2 (three sixes), got {_short(ones)}"
            )
        if not self.rules.sixes_turning:
            raise _fail("sixes.off", R_SIXES, "sixes_turning", rules=self.rules.id)
        t = self._need_turn(seat, "turn sixes")
        self._need_looked(t, "turn sixes")
        if t.turned_now:
            raise _fail("sixes.again", R_SIXES)
        # the first reason that applies: without the sixes, the throw count does not matter
        k = t.throws
        sixes = [i for i in range(3) if t.origin[i] == k and t.values[i] == 6 and not t.turned[i]]
        need = ones + 1
        if len(sixes) < need:
            raise _fail("sixes.too_few", R_SIXES, ones=ones, need=need, have=len(sixes))
        if t.throws >= self._cap():
            raise _fail("sixes.last_throw", R_SIXES, "max_throws" if self._is_first() else None)
        return sixes

    def can_turn_sixes(self, ones: object = 1, *, seat: object = None) -> bool:
        return _can(self.verify_turn_sixes, ones, seat=seat)

    def turn_sixes(self, ones: object = 1, *, seat: object = None) -> ev.Event:
        """Sechsen drehen: two 6s become one 1 (three 6s two 1s); then throw again."""
        sixes = self.verify_turn_sixes(ones, seat=seat)
        k = cast(int, ones)  # checked
        t = self._turn()
        self.actions.append((t.seat, TurnSixesAction(k)))
        for i in sixes[:k]:
            t.values[i] = 1
            t.turned[i] = True
            t.aside[i] = True
        for i in sixes[k:]:  # the leftover 6s of this throw go back into the cup
            t.aside[i] = False
            t.locked[i] = True
        t.must_throw = True
        t.turned_now = True
        t.shown = True
        e = ev.SixesTurned(t.seat, k)
        self.log.append(e)
        return e

    # ------------------------------------------------------------------ stop / blind
    def verify_stop(self, *, seat: object = None) -> None:
        self._check_stop(seat)

    def _check_stop(self, seat: object) -> _Turn:
        seat = self._opt_seat(seat)
        t = self._need_turn(seat, "stop")
        if t.throws == 0:
            raise _fail("stop.no_throw", R_TURN)
        if t.must_throw:
            raise _fail("stop.must_throw", R_SIXES)
        return t

    def can_stop(self, *, seat: object = None) -> bool:
        return _can(self.verify_stop, seat=seat)

    def stop(self, *, seat: object = None) -> ev.Event:
        """End the turn with the dice as they are."""
        return self._stop(self._check_stop(seat))

    def _stop(self, t: _Turn) -> ev.Event:
        """Stop the current turn ``t`` (checked)."""
        self.actions.append((t.seat, _STOP))
        return self._end_turn(t)

    def verify_blind(self, *, seat: object = None) -> None:
        seat = self._opt_seat(seat)
        if not self.rules.blind:
            raise _fail("blind.off", R_BLIND, "blind", rules=self.rules.id)
        t = self._need_turn(seat, "declare blind")
        if not self._is_first() or t.throws != 1 or t.seen:
            raise _fail("blind.only_first", R_BLIND)

    def can_blind(self, *, seat: object = None) -> bool:
        return _can(self.verify_blind, seat=seat)

    def blind(self, *, seat: object = None) -> ev.Event:
        """Declare blind: the round is one throw for everybody, the Deckel double."""
        self.verify_blind(seat=seat)
        t = self._turn()
        self.actions.append((t.seat, _BLIND))
        r = self._round
        assert r is not None
        r.blind = True
        e = ev.BlindDeclared(t.seat)
        self.log.append(e)
        self._end_turn(t)
        return e

    def _end_turn(self, t: _Turn) -> ev.Event:
        """End the current turn ``t``."""
        r = self._round
        assert r is not None
        t.done = True
        t.result = t.outcome()
        first = r.pos == 0
        if first:
            r.limit = t.throws
        if not self.rules.last_throw_covered:
            t.shown = True  # the house rule shows every last throw at once
        t.covered = not t.shown
        e = ev.Stopped(t.seat, t.throws, t.result, t.covered)
        self.log.append(e)
        r.pos += 1
        if r.pos == len(r.order):
            r.pos -= 1
            self._showdown()
        else:
            self._activate()
        return e

    def _activate(self) -> None:
        """Start the current player's turn (a loaded first throw is looked at now)."""
        r = self._round
        assert r is not None
        if r.pos == 0:
            return
        t = r.turns[r.order[r.pos]]
        if t.throws == 1:
            assert r.limit is not None
            t.seen = r.limit > 1
            if self._auto_stop and r.limit == 1:
                self._stop(t)

    # ------------------------------------------------------------------ Einkaufen
    def verify_einkaufen(self, join: object = True, *, seat: object = None) -> None:
        seat = self._opt_seat(seat)
        if not isinstance(join, bool):
            raise InvalidInputError(f"join must be true or false, got {_short(join)}")
        if self.phase is not _EINKAUFEN:
            raise _fail(
                "einkaufen.phase",
                R_EINKAUFEN,
                "einkaufen",
                waiting=waiting_for(self.phase, self.actor, [s.name for s in self.seats]),
            )
        if seat is not None and seat != self.actor:
            raise _fail(
                "waits",
                R_ORDER,
                waiting=waiting_for(self.phase, self.actor, [s.name for s in self.seats]),
            )

    def can_einkaufen(self, join: object = True, *, seat: object = None) -> bool:
        return _can(self.verify_einkaufen, join, seat=seat)

    def einkaufen(self, join: object = True, *, seat: object = None) -> ev.Event:
        """A player without Deckel buys into the coming round (or lets it pass)."""
        self.verify_einkaufen(join, seat=seat)
        join = cast(bool, join)  # checked
        r = self._round
        assert r is not None
        s = r.einkauf_queue.pop(0)
        self.actions.append((s, EinkaufenAction(join)))
        if join:
            r.order = self._order_from(r.starter, (*r.order, s))
            r.turns[s] = _Turn(s)
        e = ev.Einkauf(s, join)
        self.log.append(e)
        if not r.einkauf_queue:
            self.log.append(ev.RoundStarted(r.number, r.starter, r.order))
            self._start_play()
        return e

    # ------------------------------------------------------------------ Strafdeckel
    def verify_strafdeckel(self, seat: object, items: object = 1) -> None:
        if type(seat) is not int or not 0 <= seat < self._n:
            raise self._seat_error(seat, required=True)
        if isinstance(items, bool) or not isinstance(items, int) or not 1 <= items <= 4:
            raise InvalidInputError(Msg("straf.items", {"got": _short(items)}))
        mode = self.rules.strafdeckel
        if mode is Strafdeckel.NONE:
            raise _fail("straf.off", R_STRAF, "strafdeckel", rules=self.rules.id)
        if self.phase is _GAME_OVER or self._round is None or self.phase is _ROLL_OFF:
            raise _fail("straf.phase", R_STRAF)
        if seat not in self._round.order:
            raise _fail("straf.seat", R_STRAF, seat=seat)

    def can_strafdeckel(self, seat: object, items: object = 1) -> bool:
        return _can(self.verify_strafdeckel, seat, items)

    def strafdeckel(self, seat: object, items: object = 1) -> ev.Event:
        """``items`` dice or cups of ``seat`` fell off the table: one Deckel each."""
        self.verify_strafdeckel(seat, items)
        seat, items = cast(int, seat), cast(int, items)  # checked
        self.actions.append((seat, StrafdeckelAction(items)))
        h = self._half
        first: ev.Event | None = None
        for _ in range(items):
            giver: int | None = None
            count = 0
            if h.stock > 0:
                h.stock -= 1
                count = 1
            elif self.rules.strafdeckel is Strafdeckel.STOCK_THEN_RIGHT:
                giver = self._right_holder(seat)
                if giver is not None:
                    h.deckel[giver] -= 1
                    count = 1
            h.deckel[seat] += count
            e = ev.StrafdeckelGiven(seat, giver, count)
            self.log.append(e)
            first = first or e
            if h.deckel[seat] == self.rules.deckel:
                break
        if h.deckel[seat] == self.rules.deckel:
            self._half_lost(seat)
        assert first is not None
        return first

    def _right_holder(self, seat: int) -> int | None:
        """The next player to the right (against the direction of play) holding Deckel."""
        h = self._half
        for step in range(1, self._n):
            s = (seat - step) % self._n
            if s in h.players and h.deckel[s] > 0:
                return s
        return None

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

    # ------------------------------------------------------------------ halves and rounds
    def _begin_half(self, kind: HalfKind, players: tuple[int, ...], starter: int | None) -> None:
        number = len(self.halves) + 1
        h = _Half(number, kind, players, self.rules.deckel, self._n)
        self.halves.append(h)
        self._half = h
        self._rounds_in_half = 0
        self._round = None
        self.log.append(ev.HalfStarted(number, str(kind), players, h.stock))
        if starter is not None:
            self._begin_round(starter)
            return
        opening = self.rules.opening
        if kind is HalfKind.FINAL:
            self._begin_roll_off(RollOffPurpose.FINAL, players)
        elif opening is Opening.OPENING_ROUND or opening is Opening.OPENING_ROUND_YOUNGEST:
            self._begin_opening_round()
        else:
            self._begin_roll_off(RollOffPurpose.OPENING, players)

    def _begin_roll_off(self, purpose: RollOffPurpose, candidates: tuple[int, ...]) -> None:
        self._rolloff = _RollOff(purpose, candidates)
        self.phase = _ROLL_OFF
        if self._auto_roll:
            while self.phase is _ROLL_OFF:
                self.throw()

    def _decide_roll_off(self) -> None:
        ro = self._rolloff
        assert ro is not None
        rolled = ro.rolled
        low = ro.purpose is RollOffPurpose.OPENING_TIE or (
            ro.purpose is RollOffPurpose.OPENING and self.rules.opening is Opening.ONE_DIE_LOW
        )
        target = min(rolled.values()) if low else max(rolled.values())
        best = tuple(s for s in ro.candidates if rolled[s] == target)
        if len(best) > 1:
            self._rolloff = _RollOff(ro.purpose, best)
            return
        self._rolloff = None
        self._decided(ro.purpose, best[0], "dice")

    def _decided(self, purpose: RollOffPurpose, seat: int, by: str) -> None:
        self.log.append(ev.RollOffDecided(str(purpose), seat, by))
        if purpose is RollOffPurpose.OPENING_TIE:
            self._give_deckel(seat)
        else:
            self._begin_round(seat)

    def _order_from(self, starter: int, members: tuple[int, ...]) -> tuple[int, ...]:
        """``members`` in play order (clockwise) from ``starter``."""
        key = (starter, members)
        order = self._orders.get(key)
        if order is None:
            order = self._orders[key] = tuple(s for s in self._clockwise[starter] if s in members)
        return order

    def _begin_opening_round(self) -> None:
        h = self._half
        self._rounds_in_half += 1
        order = self._order_from(h.players[0], h.players)
        r = self._round = _Round(self._rounds_in_half, order[0], order, opening=True)
        r.limit = 1
        self.log.append(ev.RoundStarted(r.number, r.starter, order, opening=True))
        self.phase = _LOADING
        self._auto_loading()

    def _begin_round(self, starter: int) -> None:
        h = self._half
        self._rounds_in_half += 1
        everybody = self._order_from(starter, h.players)
        deckel = h.deckel
        order = everybody if h.stock > 0 else tuple([s for s in everybody if deckel[s] > 0])
        r = self._round = _Round(self._rounds_in_half, starter, order, opening=False)
        if self.rules.einkaufen and h.stock == 0:
            queue = [s for s in everybody if deckel[s] == 0]
            if queue:
                r.einkauf_queue = queue
                self.phase = _EINKAUFEN
                return
        self.log.append(ev.RoundStarted(r.number, starter, order))
        self._start_play()

    def _start_play(self) -> None:
        if self.rules.simultaneous_first_throw:
            self.phase = _LOADING
            self._auto_loading()
        else:
            self.phase = _TURN

    def _auto_loading(self) -> None:
        if self._auto_load:
            r = self._round
            assert r is not None
            while self.phase is _LOADING and self._round is r:
                self._loading_throw(self._roll(3, r.order[r.load_pos]))  # as throw() would

    def _showdown(self) -> None:
        r = self._round
        assert r is not None
        table = self._table
        results = []
        keys = []
        turns = r.turns
        opening = r.opening
        fewer = self.rules.fewer_throws_better
        for pos, s in enumerate(r.order):
            t = turns[s]
            o = t.result
            if o is None:
                o = t.result = t.outcome()
            t.shown = True
            e = table[(o.dice, o.on_hand)]
            results.append((s, o))
            if opening:  # thrown at once: no seat order, ties go to a roll-off
                keys.append((-e.strength, 0, 0))
            else:  # results.sort_key, spelt out for the hot path
                by_throws = fewer or e.kind is _SCHOCK_HAND
                keys.append((-e.strength, o.throws if by_throws else 0, pos))
        ranking = sorted(range(len(results)), key=keys.__getitem__)
        seats = tuple([results[i][0] for i in ranking])
        self.last_showdown = ev.Showdown(tuple(results), seats)
        self.log.append(self.last_showdown)
        self._winner = seats[0]
        self._ranking = seats
        if r.opening:
            worst = keys[ranking[-1]]
            tied = tuple(results[i][0] for i in ranking if keys[i] == worst)
            if len(tied) > 1:
                self._opening_tie(tied)
                return
        self._give_deckel(seats[-1])

    def _opening_tie(self, tied: tuple[int, ...]) -> None:
        if self.rules.opening is Opening.OPENING_ROUND_YOUNGEST:
            ages = [self.seats[s].age for s in tied]
            if all(a is not None for a in ages):
                youngest = min(a for a in ages if a is not None)
                who = [s for s in tied if self.seats[s].age == youngest]
                if len(who) == 1:
                    self._decided(RollOffPurpose.OPENING_TIE, who[0], "age")
                    return
                tied = tuple(who)
        self._begin_roll_off(RollOffPurpose.OPENING_TIE, tied)

    def _give_deckel(self, loser: int) -> None:
        r = self._round
        assert r is not None
        h = self._half
        win_seat = self._winner
        wt = r.turns[win_seat]
        assert wt.result is not None
        best = self._table[(wt.result.dice, wt.result.on_hand)]
        if best.all_deckel:
            total = self.rules.deckel
            kept = h.deckel[win_seat] if self.rules.schock_aus_keeps else 0
            got = total - h.deckel[loser] - kept
            h.stock = 0
            for s in range(self._n):
                h.deckel[s] = 0
            h.deckel[loser] = total - kept
            h.deckel[win_seat] += kept
            self.last_deckel = ev.DeckelGiven(loser, None, got, total, all_deckel=True)
            self.log.append(self.last_deckel)
            if kept == 0:
                self._half_lost(loser)
                return
            for s in r.order:
                if h.deckel[s] == 0:
                    self.log.append(ev.PlayerOut(s))
            self._next_round(loser)
            return
        owed = best.deckel * (2 if r.blind else 1)
        if h.stock > 0:
            n = min(owed, h.stock)
            h.stock -= n
            h.deckel[loser] += n
            self.last_deckel = ev.DeckelGiven(loser, None, n, owed)
            self.log.append(self.last_deckel)
        else:
            giver = win_seat
            if h.deckel[giver] == 0:
                giver = next(s for s in self._ranking if s != loser and h.deckel[s] > 0)
            n = min(owed, h.deckel[giver])
            h.deckel[giver] -= n
            h.deckel[loser] += n
            self.last_deckel = ev.DeckelGiven(loser, giver, n, owed)
            self.log.append(self.last_deckel)
        if h.deckel[loser] == self.rules.deckel:
            self._half_lost(loser)
            return
        if h.stock == 0:
            for s in r.order:
                if h.deckel[s] == 0:
                    self.log.append(ev.PlayerOut(s))
        self._next_round(loser)

    def _next_round(self, loser: int) -> None:
        h = self._half
        starter = loser
        if h.stock == 0 and self._most_deckel_starts:
            most = max(h.deckel)
            if h.deckel[loser] != most:
                starter = next(s for s in self._order_from(loser, h.players) if h.deckel[s] == most)
        self._begin_round(starter)

    def _half_lost(self, loser: int) -> None:
        h = self._half
        h.loser = loser
        self._round = None
        self.half_losers.append(loser)
        self.log.append(ev.HalfLost(loser, h.number, str(h.kind)))
        if self.rules.structure is Structure.ONE_HALF or h.kind is HalfKind.FINAL:
            self._game_lost(loser, durchmarsch=False)
        elif h.kind is HalfKind.FIRST:
            self._begin_half(HalfKind.SECOND, h.players, loser)
        else:
            first = self.half_losers[0]
            if first == loser:
                self._game_lost(loser, durchmarsch=True)
                return
            finalists = tuple(sorted((first, loser)))
            starter = first if self.rules.final_starter is FinalStarter.FIRST_HALF_LOSER else None
            self._begin_half(HalfKind.FINAL, finalists, starter)

    def _game_lost(self, loser: int, *, durchmarsch: bool) -> None:
        self.loser = loser
        self.durchmarsch = durchmarsch
        self.phase = _GAME_OVER
        self._round = None
        self.log.append(ev.GameLost(loser, durchmarsch))

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

_SCHOCK_HAND = Kind.SCHOCK_HAND
_THROW = ThrowAction()
_LIFT = LiftAction()
_STOP = StopAction()
_BLIND = BlindAction()
_JOIN = EinkaufenAction(True)
_PASS = EinkaufenAction(False)
_TURN1 = TurnSixesAction(1)
_TURN2 = TurnSixesAction(2)
_ASIDE = {v: SetAsideAction((v,)) for v in range(1, 7)}
_BACK = {v: TakeBackAction((v,)) for v in range(1, 7)}

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


def _pick(t: _Turn, candidates: list[int], values: tuple[int, ...]) -> list[int] | None:
    """Indices among ``candidates`` whose dice show ``values`` (a multiset), or None."""
    left = list(candidates)
    out = []
    tv = t.values
    for v in values:
        for i in left:
            if tv[i] == v:
                out.append(i)
                left.remove(i)
                break
        else:
            return None
    return out


def _can(verify: object, *args: object, **kwargs: object) -> bool:
    try:
        verify(*args, **kwargs)  # type: ignore[operator]
    except (IllegalActionError, InvalidInputError):
        return False
    return True
