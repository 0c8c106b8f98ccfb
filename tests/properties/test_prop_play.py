"""Invariants of random legal play, every preset, 2 to 5 seats (docs/rules.md
"Deckel", "Hälfte", "Spiel", "Who starts"): the Deckel are conserved, each
half has exactly one loser, the game ends with one loser."""

from __future__ import annotations

from collections import Counter

import pytest
from gameplay import GAME_SETTINGS, PRESETS, Table, explained
from hypothesis import given, settings
from hypothesis import strategies as st

from schock import IllegalActionError
from schock.engine import Game, ThrowAction
from schock.engine import events as ev
from schock.rules import FinalStarter, Structure

EXAMPLES = 12


class DeckelLedger:
    """Books every Deckel movement from the events and checks it against the game.

    docs/rules.md "Deckel": 13 per half; the loser takes from the Stock what is
    left, at most what is owed; once it is empty, from the winner (or the
    best-ranked holder); Schock Aus gives every Deckel of the half.
    """

    def __init__(self, game: Game) -> None:
        self.total = game.rules.deckel
        self.n = len(game.seats)
        self.pos = 0
        self.stock = -1
        self.held = [0] * self.n
        self.events = 0

    def feed(self, game: Game) -> None:
        for e in game.log[self.pos :]:
            self.book(e)
            self.events += 1
            if self.stock >= 0:
                assert self.stock >= 0 and min(self.held) >= 0, (e, self.stock, self.held)
                assert self.stock + sum(self.held) == self.total, (e, self.stock, self.held)
        self.pos = len(game.log)

    def book(self, e: ev.Event) -> None:
        total = self.total
        match e:
            case ev.HalfStarted():
                assert e.stock == total
                self.stock, self.held = e.stock, [0] * self.n
            case ev.DeckelGiven(loser=loser, giver=giver, count=count, owed=owed):
                assert owed >= 1
                if e.all_deckel:
                    assert count == total - self.held[loser], e
                    self.stock, self.held = 0, [0] * self.n
                    self.held[loser] = total
                    return
                if giver is None:
                    assert count == min(owed, self.stock), (e, self.stock)
                    self.stock -= count
                else:
                    assert self.stock == 0, (e, self.stock)
                    assert giver != loser
                    assert count == min(owed, self.held[giver]) and count > 0, (e, self.held)
                    self.held[giver] -= count
                self.held[loser] += count
            case ev.StrafdeckelGiven(seat=seat, giver=giver, count=count):
                assert count in (0, 1), e
                if giver is None:
                    self.stock -= count
                else:
                    assert self.stock == 0 and giver != seat, (e, self.stock)
                    self.held[giver] -= count
                self.held[seat] += count
            case ev.HalfLost(seat=seat):
                assert self.held[seat] == total and self.stock == 0, (e, self.stock, self.held)
            case ev.PlayerOut(seat=seat):
                assert self.held[seat] == 0 and self.stock == 0, (e, self.stock, self.held)
            case _:
                pass

    def after(self, table: Table) -> None:
        g = table.game
        self.feed(g)
        if not g.over:
            assert g.stock + sum(g.deckel) == g.rules.deckel, (g.stock, g.deckel)
            assert (g.stock, g.deckel) == (self.stock, tuple(self.held))


def check_halves(game: Game) -> None:
    """docs/rules.md "Hälfte", "Finale", "Durchmarsch", "Spiel", "Who starts"."""
    log = game.log
    rules = game.rules
    n = len(game.seats)
    started = [e for e in log if isinstance(e, ev.HalfStarted)]
    lost = [e for e in log if isinstance(e, ev.HalfLost)]
    assert [h.number for h in started] == list(range(1, len(started) + 1))
    per_half = Counter(e.number for e in lost)
    assert per_half == Counter(h.number for h in started), (per_half, started)
    losers = [e.seat for e in lost]
    assert game.half_losers == losers

    game_lost = [e for e in log if isinstance(e, ev.GameLost)]
    assert len(game_lost) == 1 and log[-1] == game_lost[0]
    assert game_lost[0].seat == losers[-1] == game.loser

    if rules.structure is Structure.ONE_HALF:
        assert [h.kind for h in started] == ["first"]
        assert not game.durchmarsch
    elif losers[0] == losers[1]:
        assert [h.kind for h in started] == ["first", "second"]
        assert game.durchmarsch and game_lost[0].durchmarsch
    else:
        assert [h.kind for h in started] == ["first", "second", "final"]
        assert not game.durchmarsch and not game_lost[0].durchmarsch
        assert started[2].players == tuple(sorted(losers[:2]))
    assert started[0].players == tuple(range(n))
    if len(started) > 1:
        assert started[1].players == tuple(range(n))

    # Every event of a half happens in order: HalfStarted ... HalfLost, right after
    # which the next half starts or the game ends; in the final only the finalists play.
    half = 0
    first_round: dict[int, ev.RoundStarted] = {}
    for i, e in enumerate(log):
        if isinstance(e, ev.HalfStarted):
            half = e.number
        elif isinstance(e, ev.HalfLost):
            assert e.number == half
            after = log[i + 1]
            assert isinstance(after, ev.GameLost) or (
                isinstance(after, ev.HalfStarted) and after.number == half + 1
            ), (e, after)
        elif isinstance(e, ev.RoundStarted):
            first_round.setdefault(half, e)
            assert set(e.order) <= set(started[half - 1].players), (e, started[half - 1])
        elif isinstance(e, ev.RolledOff | ev.Thrown):
            assert e.seat in started[half - 1].players, e
    # Who starts: the set starter; the second half and the final: the first half's loser.
    if game.starter is not None:
        assert first_round[1].starter == game.starter
    if 2 in first_round:
        assert first_round[2].starter == losers[0]
    if 3 in first_round and rules.final_starter is FinalStarter.FIRST_HALF_LOSER:
        assert first_round[3].starter == losers[0]


def check_over(game: Game) -> None:
    """The end: a loser, nothing left to do."""
    assert game.over and game.loser is not None
    assert game.legal_actions() == []
    assert game.actor is None
    for seat in [None, *range(len(game.seats))]:
        v = game.view(seat)
        assert v.phase == "game_over" and v.loser == game.loser and v.legal == ()
    with pytest.raises(IllegalActionError):
        game.apply(0, ThrowAction())


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=EXAMPLES, **GAME_SETTINGS)
@given(data=st.data())
def test_deckel_are_conserved(preset: str, data: st.DataObject) -> None:
    table = Table.draw(data, preset)
    ledger = DeckelLedger(table.game)
    table.checkers.append(ledger)
    with explained(table):
        ledger.feed(table.game)
        table.play()
        assert ledger.events == len(table.game.log)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=EXAMPLES, **GAME_SETTINGS)
@given(data=st.data())
def test_each_half_has_exactly_one_loser(preset: str, data: st.DataObject) -> None:
    table = Table.draw(data, preset)
    with explained(table):
        check_halves(table.play())


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=EXAMPLES // 2, **GAME_SETTINGS)
@given(data=st.data())
def test_random_legal_play_ends(preset: str, seats: int, data: st.DataObject) -> None:
    table = Table.draw(data, preset, seats=seats)
    with explained(table):
        check_over(table.play())
