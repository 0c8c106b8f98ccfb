"""Views never leak a hidden die (docs/rules.md "What each player may see").

Two checks over random legal play, every preset:

* An oracle built only from the public events decides, for every seat (and a
  spectator) and every player of the round, whether the player's current throw
  may be seen; the view must hide exactly the dice it must hide and show the
  earlier throws.
* A twin game: now and then a throw is made again in a second game with other
  dice (typed in), the same moves follow in both, and every seat that may not
  see that throw must get the very same view in both games, its legal moves
  included, until the throw is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from gameplay import GAME_SETTINGS, PRESETS, Table, explained
from hypothesis import given, settings
from hypothesis import strategies as st

from schock.engine import Game, StopAction, StrafdeckelAction, TableDice, ThrowAction
from schock.engine import events as ev

EXAMPLES = 10
FORKS_PER_GAME = 3
FORK_PERCENT = 15


@dataclass
class ThrowSeen:
    event: ev.Thrown
    aside: int = 0
    """Dice of this throw set aside since it was thrown."""
    took_back: bool = False
    turned: bool = False


@dataclass
class TurnSeen:
    throws: list[ThrowSeen] = field(default_factory=list)
    lifted: bool = False
    stopped: bool = False


@dataclass
class RoundSeen:
    half: int
    number: int
    order: tuple[int, ...]
    turns: dict[int, TurnSeen]
    limit: int | None = None
    showdown: bool = False


class Sight:
    """What each seat may see, from the public events alone."""

    def __init__(self, game: Game) -> None:
        self.max_throws = game.rules.max_throws
        self.pos = 0
        self.half = 0
        self.round: RoundSeen | None = None
        self.prev: ev.Event | None = None

    def feed(self, game: Game) -> None:
        for e in game.log[self.pos :]:
            self.book(e)
            self.prev = e
        self.pos = len(game.log)

    def book(self, e: ev.Event) -> None:
        r = self.round
        match e:
            case ev.HalfStarted():
                self.half, self.round = e.number, None
            case ev.RoundStarted():
                turns = {s: TurnSeen() for s in e.order}
                self.round = RoundSeen(self.half, e.number, e.order, turns)
            case ev.HalfLost() | ev.GameLost():
                self.round = None
            case ev.Thrown():
                assert r is not None
                r.turns[e.seat].throws.append(ThrowSeen(e))
            case ev.ThrowVoided():
                if isinstance(self.prev, ev.Thrown):
                    assert r is not None
                    r.turns[e.seat].throws.pop()
            case ev.Lifted():
                assert r is not None
                r.turns[e.seat].lifted = True
            case ev.SetAside():
                assert r is not None
                r.turns[e.seat].throws[-1].aside += len(e.dice)
            case ev.TakenBack():
                assert r is not None
                r.turns[e.seat].throws[-1].took_back = True
            case ev.SixesTurned():
                assert r is not None
                r.turns[e.seat].throws[-1].turned = True
            case ev.Stopped():
                assert r is not None
                r.turns[e.seat].stopped = True
                if e.seat == r.order[0]:
                    r.limit = e.throws
            case ev.Showdown():
                assert r is not None
                r.showdown = True
            case _:
                pass

    def sees(self, viewer: int | None, seat: int) -> bool | None:
        """Whether ``viewer`` may see ``seat``'s current throw (None: docs/rules.md leaves it open)."""
        r = self.round
        assert r is not None
        t = r.turns[seat]
        cur = t.throws[-1]
        k = cur.event.throw
        first = seat == r.order[0]
        if r.showdown or cur.turned:
            return True  # the showdown; turning sixes shows them
        if first and ((k == 1 and t.lifted) or 2 <= k < self.max_throws):
            return True  # the round's first player shows every throw but his third
        if viewer != seat:
            return False  # a last throw stays under the cup
        if first:
            return k > 1  # "zu" or blind on the first throw: not even he knows it
        if not cur.event.loading:
            return True
        if not all(r.turns[s].stopped for s in r.order[: r.order.index(seat)]):
            return False  # loaded before his turn: under the cup, for him too
        assert r.limit is not None
        return True if r.limit > 1 else None  # with one throw he need not look


def check_views(game: Game, sight: Sight) -> None:
    """Every seat's view hides what the oracle says it must hide, and no more."""
    for viewer in [None, *range(len(game.seats))]:
        v = game.view(viewer)
        for tv in v.turns:
            if tv.throws == 0:
                assert tv.hidden == 0 and tv.history == () and tv.result is None, tv
                continue
            r = sight.round
            assert r is not None and (r.half, r.number) == (v.half_number, v.round_number)
            t = r.turns[tv.seat]
            cur = t.throws[-1]
            assert tv.throws == len(t.throws) == cur.event.throw
            assert tv.history == tuple(x.event.dice for x in t.throws[:-1])
            sees = sight.sees(viewer, tv.seat)
            where = (viewer, tv, cur)
            if sees is True:
                assert tv.hidden == 0, where
            elif sees is False:
                assert tv.result is None, where
                if cur.took_back:
                    assert tv.hidden <= len(cur.event.dice), where
                else:
                    assert tv.hidden == len(cur.event.dice) - cur.aside, where


@dataclass
class Twin:
    """A second game that differs from the first only in one throw's dice."""

    game: Game
    seat: int
    log_pos: int


class ViewChecker:
    def __init__(self, table: Table) -> None:
        self.sight = Sight(table.game)
        self.sight.feed(table.game)
        self.twin: Twin | None = None
        self.twins = 0
        self.compared = 0

    def after(self, table: Table) -> None:
        game = table.game
        self.sight.feed(game)
        check_views(game, self.sight)
        if self.twin is not None:
            self.follow(table)
        elif self.twins < FORKS_PER_GAME:
            self.maybe_fork(table)

    def maybe_fork(self, table: Table) -> None:
        game = table.game
        seat, action = table.explicit[-1]
        last = game.log[-1]
        if not (isinstance(action, ThrowAction) and isinstance(last, ev.Thrown)):
            return
        r = self.sight.round
        if r is None or r.showdown:
            return
        if all(self.sight.sees(v, last.seat) for v in [None, *range(table.n)]):
            return
        if not table.chooser.chance(FORK_PERCENT):
            return
        dice = last.dice
        other = table.chooser.dice(len(dice))
        if sorted(other) == sorted(dice):
            other = tuple(d % 6 + 1 for d in dice)
        twin = Game(game.rules, seats=game.seats, dice=TableDice(), starter=game.starter)
        for s, a in table.explicit[:-1]:
            twin.apply(s, a)
        twin.apply(seat, ThrowAction(other))
        assert twin.log[:-1] == game.log[:-1]
        self.twins += 1
        self.twin = Twin(twin, last.seat, len(game.log))
        self.compare(table)

    def follow(self, table: Table) -> None:
        twin = self.twin
        assert twin is not None
        seat, action = table.explicit[-1]
        game = table.game
        new = game.log[twin.log_pos :]
        twin.log_pos = len(game.log)
        if (seat == twin.seat and not isinstance(action, StopAction | StrafdeckelAction)) or any(
            isinstance(e, ev.ThrowVoided | ev.Showdown | ev.HalfLost) for e in new
        ):
            self.twin = None  # the throw is shown, gone, or its dice decide a move
            return
        twin.game.apply(seat, action)  # nobody else's moves depend on the hidden dice
        self.compare(table)

    def compare(self, table: Table) -> None:
        twin = self.twin
        assert twin is not None
        for viewer in [None, *range(table.n)]:
            mine, its = table.game.view(viewer), twin.game.view(viewer)
            sees = self.sight.sees(viewer, twin.seat)
            if sees is False:
                assert mine.to_dict() == its.to_dict(), (viewer, twin.seat)
                assert mine.legal == its.legal, (viewer, twin.seat)
                self.compared += 1
            elif sees is True and viewer == twin.seat:
                assert mine.to_dict() != its.to_dict()  # the twin differs where it may


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=EXAMPLES, **GAME_SETTINGS)
@given(data=st.data())
def test_views_never_leak_a_hidden_die(preset: str, data: st.DataObject) -> None:
    table = Table.draw(data, preset)
    checker = ViewChecker(table)
    table.checkers.append(checker)
    with explained(table):
        table.play()
