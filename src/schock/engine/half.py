"""Halves and the game: the opening, the second half, the final, Durchmarsch.

A half begins with a roll-off or an opening round (or a given starter), runs
round after round (:mod:`schock.engine.round`) until one player holds every
Deckel, and then: the second half, begun by the first half's loser; the final
between the two losers, unless one lost both (Durchmarsch); or, after a
one-half game or the final, the game's loser.
"""

from __future__ import annotations

from schock.engine import events as ev
from schock.engine.round import RoundPlay
from schock.engine.state import (
    _GAME_OVER,
    _LOADING,
    _ROLL_OFF,
    HalfKind,
    RollOffPurpose,
    _Half,
    _RollOff,
    _Round,
)
from schock.rules.model import FinalStarter, Opening, Structure


class HalfPlay(RoundPlay):
    """Halves and the game (the third floor of :class:`~schock.engine.game.Game`)."""

    # ------------------------------------------------------------------ a half begins: the opening
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

    def _begin_opening_round(self) -> None:
        h = self._half
        self._rounds_in_half += 1
        order = self._order_from(h.players[0], h.players)
        r = self._round = _Round(self._rounds_in_half, order[0], order, opening=True)
        r.limit = 1
        self.log.append(ev.RoundStarted(r.number, r.starter, order, opening=True))
        self.phase = _LOADING
        self._auto_loading()

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

    # ------------------------------------------------------------------ a half is lost
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
