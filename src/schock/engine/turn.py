"""One player's turn: throws, lifting the cup, setting aside, Sechsen drehen, stop, blind.

Every action has three faces, as in pokerkit: ``verify_x()`` raises
:class:`~schock.errors.IllegalActionError` with the reason, ``can_x()`` answers
yes or no, and ``x()`` changes the state and returns the event it logged. A
turn ends in :meth:`TurnPlay._end_turn`: the next player's turn, or, after the
round's last turn, the showdown (:mod:`schock.engine.round`).
"""

from __future__ import annotations

from typing import cast

from schock.dice import check_dice
from schock.engine import events as ev
from schock.engine.actions import SetAsideAction, TakeBackAction, ThrowAction, TurnSixesAction
from schock.engine.state import (
    _BLIND,
    _LIFT,
    _LOADING,
    _ROLL_OFF,
    _SEQUENCE,
    _STOP,
    _THROW,
    _TURN,
    R_BLIND,
    R_LIMIT,
    R_ORDER,
    R_SET_ASIDE,
    R_SIXES,
    R_TURN,
    R_VIEW,
    GameState,
    _can,
    _fail,
    _pick,
    _Round,
    _Turn,
)
from schock.errors import InvalidInputError
from schock.errors import short_repr as _short
from schock.messages import action_msg, waiting_for


class TurnPlay(GameState):
    """One player's turn (the first floor of :class:`~schock.engine.game.Game`)."""

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

    # ------------------------------------------------------------------ what the later phases do
    def _loading_throw(self, values: tuple[int, ...]) -> ev.Event:
        """A simultaneous first throw lands (:mod:`schock.engine.round`)."""
        raise NotImplementedError

    def _roll_off_throw(self, die: int) -> ev.Event:
        """A one-die roll-off throw lands (:mod:`schock.engine.half`)."""
        raise NotImplementedError

    def _showdown(self) -> None:
        """The round's last turn is over (:mod:`schock.engine.round`)."""
        raise NotImplementedError

