"""Helpers for the scorekeeping tests: random legal games and their entries."""

from __future__ import annotations

import random

from schock.engine import Game, SeededDice
from schock.engine import events as ev
from schock.engine.actions import EinkaufenAction, ThrowAction
from schock.keep import Entry, Result
from schock.rules import Rules


def random_game(rules: Rules, players: int, seed: int, starter: int | None = None) -> Game:
    """A game played to its end by random legal moves with seeded dice."""
    rng = random.Random(seed)
    g = Game(rules, seats=[f"P{i}" for i in range(players)], dice=SeededDice(seed), starter=starter)
    steps = 0
    while not g.over:
        actor = g.actor
        assert actor is not None
        legal = g.legal_actions()
        # stop rather often, so halves end in a sensible number of moves
        g.apply(actor, rng.choice(legal))
        steps += 1
        assert steps < 20000
    return g


def throw_entries(game: Game) -> list[tuple[int, Entry]]:
    """The game's actions with every throw's dice from its log: throw by throw."""
    thrown = iter(
        e.dice if isinstance(e, ev.Thrown) else (e.die,)
        for e in game.log
        if isinstance(e, ev.Thrown | ev.RolledOff)
    )
    out: list[tuple[int, Entry]] = []
    for seat, action in game.actions:
        if isinstance(action, ThrowAction):
            out.append((seat, ThrowAction(next(thrown))))
        else:
            out.append((seat, action))
    return out


def result_entries(game: Game) -> list[tuple[int, Entry]]:
    """The game as a table reveals it: roll-off dice, Einkaufen and one result per turn."""
    out: list[tuple[int, Entry]] = []
    last: dict[int, tuple[int, ...]] = {}
    turned: dict[int, int] = {}
    blind: set[int] = set()
    opening = False
    for e in game.log:
        if isinstance(e, ev.RoundStarted):
            opening = e.opening
            last, turned, blind = {}, {}, set()
        elif isinstance(e, ev.RolledOff):
            out.append((e.seat, ThrowAction((e.die,))))
        elif isinstance(e, ev.Einkauf):
            out.append((e.seat, EinkaufenAction(e.join)))
        elif isinstance(e, ev.Thrown):
            last[e.seat] = e.dice
            if opening:
                out.append((e.seat, Result(e.dice, 1)))
        elif isinstance(e, ev.SixesTurned):
            turned[e.seat] = turned.get(e.seat, 0) + e.ones
        elif isinstance(e, ev.BlindDeclared):
            blind.add(e.seat)
        elif isinstance(e, ev.Stopped):
            o = e.result
            kept = list(o.dice)
            for v in last[e.seat]:
                kept.remove(v)
            n = min(turned.get(e.seat, 0), kept.count(1))
            out.append((e.seat, Result(o.dice, o.throws, tuple(kept), n, blind=e.seat in blind)))
    return out


def summary(game: Game) -> tuple[object, ...]:
    """What a game decides: every showdown, every Deckel given, the losers."""
    shows = [e for e in game.log if isinstance(e, ev.Showdown)]
    deckel = [e for e in game.log if isinstance(e, ev.DeckelGiven)]
    return (shows, deckel, game.half_losers, game.loser, game.durchmarsch)
