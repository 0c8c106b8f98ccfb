"""``apply`` takes the very actions ``legal_actions`` offered without checking them
again (the engine's hot path): the same events, actions and records as the checked
path, and nothing stale or foreign slips through it."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from schock import PRESETS, IllegalActionError, load_rules
from schock.engine import Automation, Game, SeededDice, events
from schock.engine import game as game_module
from schock.engine.actions import Action, LiftAction, ThrowAction
from schock.engine.record import dumps
from schock.results import rank


def _twin(action: Action) -> Action:
    """An equal action that is a different object (so ``apply`` checks it in full)."""
    twin = dataclasses.replace(action)
    assert twin == action and twin is not action
    return twin


# every preset, and the house rules the presets leave out (dice taken back only from the
# current throw, blind, ones only)
CASES = [(p, {}) for p in PRESETS] + [
    ("mosel", {"take_back": False, "blind": True}),
    ("irmgarteich", {"take_back": False, "set_aside": "ones"}),
]


@pytest.mark.parametrize("manual", [False, True], ids=["automations", "manual"])
@pytest.mark.parametrize(("preset", "overrides"), CASES)
def test_offered_and_checked_paths_play_the_same_games(
    preset: str, overrides: dict[str, Any], manual: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    used: Counter[str] = Counter()
    for kind, handler in list(game_module._QUICK.items()):

        def counted(g: Game, s: int, a: Any, handler: Any = handler, kind: Any = kind) -> Any:
            used[kind.__name__] += 1
            return handler(g, s, a)

        monkeypatch.setitem(game_module._QUICK, kind, counted)
    rules = load_rules(preset).replace(**overrides)
    autos = () if manual else tuple(Automation)
    for seed in range(25):
        fast = Game(rules, seats=("A", "B", "C"), dice=SeededDice(seed), automations=autos)
        slow = Game(rules, seats=("A", "B", "C"), dice=SeededDice(seed), automations=autos)
        choose = random.Random(seed).choice
        while not fast.over:
            actor = fast.actor
            assert actor is not None and actor == slow.actor
            offered = fast.legal_actions()
            assert offered == slow.legal_actions()
            action = choose(offered)
            assert fast.apply(actor, action) == slow.apply(actor, _twin(action))
            assert fast.log == slow.log
        assert slow.over
        assert fast.actions == slow.actions
        assert dumps(fast) == dumps(slow)
    # the offered path did the work in the fast games
    assert used["ThrowAction"] and used["StopAction"]
    assert used["SetAsideAction"] or rules.max_throws == 1


def _first_turn_game() -> Game:
    """Seat 0 has thrown once under the cup (niederrhein: lift, stop, throw, blind)."""
    g = Game(load_rules("niederrhein"), seats=("A", "B", "C"), dice=SeededDice(3), starter=0)
    g.throw()
    return g


def test_a_stale_offer_is_checked_again() -> None:
    g = _first_turn_game()
    throw = next(a for a in g.legal_actions() if isinstance(a, ThrowAction))
    g.apply(0, throw)
    g.apply(0, throw)  # the third and last throw of seat 0
    before = (list(g.log), list(g.actions))
    with pytest.raises(IllegalActionError):
        g.apply(0, throw)  # offered while seat 0 had throws left
    assert (g.log, g.actions) == before


def test_an_offer_ends_with_the_turn() -> None:
    g = _first_turn_game()
    offered = g.legal_actions()
    stop = next(a for a in offered if type(a).__name__ == "StopAction")
    throw = next(a for a in offered if isinstance(a, ThrowAction))
    g.apply(0, stop)
    assert g.actor == 1
    before = (list(g.log), list(g.actions))
    with pytest.raises(IllegalActionError):
        g.apply(0, throw)  # offered to seat 0 before its turn ended
    assert (g.log, g.actions) == before


def test_an_offer_holds_only_for_the_actor() -> None:
    g = _first_turn_game()
    thrown = g.log[-1]
    assert isinstance(thrown, events.Thrown)
    g.lift()
    g.set_aside([thrown.dice[0]])
    offered = g.legal_actions()
    kinds = {type(a).__name__ for a in offered}
    assert {"ThrowAction", "StopAction", "SetAsideAction", "TakeBackAction"} <= kinds
    before = (list(g.log), list(g.actions))
    for action in offered:
        for seat in (1, 2):
            with pytest.raises(IllegalActionError):
                g.apply(seat, action)
            assert (g.log, g.actions) == before


def test_adding_to_the_returned_list_offers_nothing() -> None:
    g = _first_turn_game()
    lift = next(a for a in g.legal_actions() if isinstance(a, LiftAction))
    g.stop()
    g.throw()  # seat 1, who may throw only once: nothing to lift
    offered = g.legal_actions()
    assert lift not in offered
    offered.append(lift)  # the very object offered to seat 0 earlier
    before = (list(g.log), list(g.actions))
    with pytest.raises(IllegalActionError):
        g.apply(1, lift)
    assert (g.log, g.actions) == before


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [(p, {}) for p in PRESETS] + [("porz", {"fewer_throws_better": False, "schock_hand": True})],
)
def test_the_showdown_ranks_as_results_rank(preset: str, overrides: dict[str, Any]) -> None:
    """The showdown spells out results.sort_key for speed: it must rank the same."""
    rules = load_rules(preset).replace(**overrides)
    showdowns = 0
    for seed in range(30):
        g = Game(rules, seats=("A", "B", "C", "D"), dice=SeededDice(seed), automations=Automation)
        choose = random.Random(seed).choice
        while not g.over:
            actor = g.actor
            assert actor is not None
            g.apply(actor, choose(g.legal_actions()))
        opening = False
        for e in g.log:
            if isinstance(e, events.RoundStarted):
                opening = e.opening
            elif isinstance(e, events.Showdown) and not opening:
                seats = [s for s, _ in e.results]
                order = rank(rules, [o for _, o in e.results])
                assert tuple(seats[i] for i in order) == e.ranking
                showdowns += 1
    assert showdowns > 100
