"""A round and its showdown: Einkaufen, the first throws, the ranking, the Deckel.

A round begins with its starter (and, once the Stock is empty, the players
without Deckel deciding whether to buy in), goes round the table turn by turn
(:mod:`schock.engine.turn`), and ends in the showdown: the ranking, the Deckel
the loser takes from the Stock or from the winner, and the next round's
starter, unless the loser now holds every Deckel and the half is over
(:mod:`schock.engine.half`). Strafdeckel can fall at any time of a round.
"""

from __future__ import annotations

from typing import cast

from schock.engine import events as ev
from schock.engine.actions import EinkaufenAction, StrafdeckelAction
from schock.engine.state import (
    _EINKAUFEN,
    _GAME_OVER,
    _LOADING,
    _ROLL_OFF,
    _SCHOCK_HAND,
    _TURN,
    R_EINKAUFEN,
    R_ORDER,
    R_STRAF,
    _can,
    _fail,
    _Round,
    _Turn,
)
from schock.engine.turn import TurnPlay
from schock.errors import InvalidInputError
from schock.errors import short_repr as _short
from schock.messages import Msg, waiting_for
from schock.rules.model import Strafdeckel


class RoundPlay(TurnPlay):
    """A round and its showdown (the second floor of :class:`~schock.engine.game.Game`)."""

    # ------------------------------------------------------------------ the round begins
    def _order_from(self, starter: int, members: tuple[int, ...]) -> tuple[int, ...]:
        """``members`` in play order (clockwise) from ``starter``."""
        key = (starter, members)
        order = self._orders.get(key)
        if order is None:
            order = self._orders[key] = tuple(s for s in self._clockwise[starter] if s in members)
        return order

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

    # ------------------------------------------------------------------ showdown and Deckel
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

    # ------------------------------------------------------------------ what the later phases do
    def _opening_tie(self, tied: tuple[int, ...]) -> None:
        """The opening round's lowest results are tied (:mod:`schock.engine.half`)."""
        raise NotImplementedError

    def _half_lost(self, loser: int) -> None:
        """``loser`` holds every Deckel of the half (:mod:`schock.engine.half`)."""
        raise NotImplementedError

