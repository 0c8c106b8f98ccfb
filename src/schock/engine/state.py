"""What a game holds and how to read it: the ground floor of the engine.

The engine reads in the order the game flows, one module a phase, each class
standing on the one before:

* :mod:`schock.engine.state` (here): the phases, the records of a turn, a round,
  a half and a roll-off, and :class:`GameState`, which holds them and answers
  questions about them (whose move, which half, how many Deckel);
* :mod:`schock.engine.turn`: one player's turn: throws, lifting the cup,
  setting dice aside and taking them back, Sechsen drehen, stopping, blind;
* :mod:`schock.engine.round`: a round and its showdown: Einkaufen, the
  simultaneous first throws, the ranking, the Deckel, Strafdeckel, who starts
  the next round;
* :mod:`schock.engine.half`: halves and the game: the opening (roll-off or
  opening round), the second half, the final, Durchmarsch, the game's loser;
* :mod:`schock.engine.game`: :class:`~schock.engine.game.Game` on top: the
  constructor, copies, the legal actions, ``apply``, void throws and views.

Where a phase ends, it calls a hook that the next floor fills in (a round's
last turn ends in ``_showdown``; a player holding every Deckel in
``_half_lost``), so each module reads from top to bottom as the game goes.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from schock.dice import Outcome
from schock.engine import events as ev
from schock.engine.actions import (
    Action,
    BlindAction,
    EinkaufenAction,
    LiftAction,
    SetAsideAction,
    StopAction,
    TakeBackAction,
    ThrowAction,
    TurnSixesAction,
)
from schock.engine.dice_sources import DiceSource
from schock.engine.seat import Seat
from schock.errors import IllegalActionError, InvalidInputError
from schock.errors import short_repr as _short
from schock.messages import Msg
from schock.results import Evaluation, Kind
from schock.rules.model import (
    Rules,
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
_ROLL_OFF: Final = Phase.ROLL_OFF
_EINKAUFEN: Final = Phase.EINKAUFEN
_LOADING: Final = Phase.LOADING
_TURN: Final = Phase.TURN
_GAME_OVER: Final = Phase.GAME_OVER


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
_OUTCOMES: Final = {
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


# the moves as shared values: legal_actions() offers these very objects
_SCHOCK_HAND: Final = Kind.SCHOCK_HAND
_THROW: Final = ThrowAction()
_LIFT: Final = LiftAction()
_STOP: Final = StopAction()
_BLIND: Final = BlindAction()
_JOIN: Final = EinkaufenAction(True)
_PASS: Final = EinkaufenAction(False)
_TURN1: Final = TurnSixesAction(1)
_TURN2: Final = TurnSixesAction(2)
_ASIDE: Final = {v: SetAsideAction((v,)) for v in range(1, 7)}
_BACK: Final = {v: TakeBackAction((v,)) for v in range(1, 7)}


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


class GameState:
    """The state of a game and the questions it answers (the base of ``Game``).

    :class:`~schock.engine.game.Game` sets every attribute in its constructor.
    """

    rules: Rules
    seats: tuple[Seat, ...]
    dice: DiceSource
    starter: int | None
    automations: frozenset[Automation]
    log: list[ev.Event]
    actions: list[tuple[int, Action]]
    """Every action applied, with its seat: what a game record stores."""
    phase: Phase
    halves: list[_Half]
    half_losers: list[int]
    loser: int | None
    durchmarsch: bool
    last_showdown: ev.Showdown | None
    last_deckel: ev.DeckelGiven | None
    _auto_load: bool
    _auto_roll: bool
    _auto_stop: bool
    _half: _Half
    _round: _Round | None
    _rolloff: _RollOff | None
    _rounds_in_half: int
    _winner: int
    _ranking: tuple[int, ...]
    _table: dict[tuple[tuple[int, ...], bool], Evaluation]
    _ones_only: bool
    _most_deckel_starts: bool
    _orders: dict[tuple[int, tuple[int, ...]], tuple[int, ...]]
    _trusted: bool
    _offered: tuple[Action, ...]  # what legal_actions() last returned
    _offered_at: int  # and when: len(self.actions) then
    _n: int
    _clockwise: tuple[tuple[int, ...], ...]

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
