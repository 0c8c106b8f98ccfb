"""Bots: one interface, legal moves only, whole games under every preset."""

from __future__ import annotations

import random
import statistics

import pytest

from schock import PRESETS, load_rules
from schock.bots import (
    DIFFICULTIES,
    HeuristicBot,
    OptimalBot,
    RandomBot,
    RiskBot,
    available_bots,
    make_bot,
    play_game,
    plays_seats,
)
from schock.bots.base import Bot
from schock.engine import Automation, Game, SeededDice, StopAction, ThrowAction, events
from schock.engine.record import dumps, loads, replay
from schock.errors import InvalidInputError
from schock.solver.hints import Hint, hints
from schock.solver.turn import Move


def new_game(preset: str, seed: int, seats: int = 3) -> Game:
    return Game(
        load_rules(preset),
        seats=[f"P{i}" for i in range(seats)],
        dice=SeededDice(seed),
        automations=set(Automation),
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_every_bot_plays_whole_games_legally(preset: str) -> None:
    names = [b for b in available_bots() if plays_seats(b, 3)]
    for seed in range(4):
        rng = random.Random(seed)
        picks = rng.sample(names, 3)
        bots = [make_bot(n, seed=seed) for n in picks]
        game = new_game(preset, seed)
        loser = play_game(game, bots)  # an illegal action would raise here
        assert game.over and loser == game.loser
        assert all(isinstance(b, Bot) for b in bots)


def test_play_game_checks_its_arguments() -> None:
    game = new_game("porz", 1)
    with pytest.raises(InvalidInputError, match="one bot per seat"):
        play_game(game, [HeuristicBot()])
    with pytest.raises(RuntimeError, match="did not end"):
        play_game(game, [HeuristicBot()] * 3, max_actions=3)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_hint_is_a_legal_sequence_of_actions(preset: str) -> None:
    """At sampled decision points, each choice's actions apply one by one."""
    game = new_game(preset, 11)
    bots = [OptimalBot(), HeuristicBot(), RandomBot(seed=2)]
    rng = random.Random(5)
    checked = 0
    while not game.over and checked < 25:
        seat = game.actor
        assert seat is not None
        view = game.view(seat)
        if view.phase == "turn" and rng.random() < 0.5:
            try:
                choices = hints(view)
            except InvalidInputError:
                choices = []
            for h in choices:
                twin = replay(loads(dumps(game)))
                for a in h.actions:
                    twin.apply(seat, a)
                checked += 1
            values = [h.value for h in choices]
            assert values == sorted(values, reverse=True)
        game.apply(seat, bots[seat].act(view))
    assert checked >= 25


def test_hints_refuse_a_view_with_nothing_to_decide() -> None:
    game = new_game("porz", 3)
    while game.phase != "turn":
        assert game.actor is not None
        game.apply(game.actor, HeuristicBot().act(game.view(game.actor)))
    actor = game.actor
    assert actor is not None
    other = (actor + 1) % 3
    with pytest.raises(InvalidInputError, match="nothing to decide"):
        hints(game.view(other))
    with pytest.raises(InvalidInputError, match="unknown objective"):
        hints(game.view(actor), objective="glory")
    first = hints(game.view(actor))
    assert [h.kind for h in first] == ["throw"]
    assert 0 < first[0].p_not_lose < 1 and first[0].expected_deckel > 0


def test_first_player_before_lifting_compares_lift_zu_and_blind() -> None:
    rules = load_rules("irmgarteich")  # blind allowed
    game = Game(rules, seats=["A", "B", "C"], starter=0, dice=SeededDice(4))
    while game.phase != "turn" or game.actor != 0:  # the loaded first throws
        assert game.actor is not None
        game.apply(game.actor, ThrowAction())
    choices = hints(game.view(0))
    kinds = {h.kind for h in choices}
    assert {"lift", "zu", "blind", "rethrow"} <= kinds
    by = {h.kind: h for h in choices}
    assert by["lift"].value >= by["zu"].value  # looking is never worse than not looking
    assert by["lift"].value >= by["rethrow"].value
    assert 0 < by["blind"].p_not_lose < 1
    assert by["rethrow"].p_not_lose <= by["lift"].p_not_lose
    assert by["lift"].describe("de") == "Becher heben"


def test_optimal_bot_turns_sixes_for_a_schock() -> None:
    rules = load_rules("porz")
    from schock.engine import ScriptedDice

    game = Game(rules, seats=["A", "B"], starter=0, dice=ScriptedDice([1, 6, 6]))
    game.throw()
    bot = OptimalBot(objective="loss")
    acted = []
    while game.actor == 0 and not isinstance(acted[-1:] and acted[-1], ThrowAction):
        a = bot.act(game.view(0))
        acted.append(a)
        if isinstance(a, ThrowAction):
            break
        game.apply(0, a)
    names = [type(a).__name__ for a in acted]
    assert names == ["LiftAction", "TurnSixesAction", "SetAsideAction", "ThrowAction"]


def pick_counts(temperature: float, seed: int = 0) -> list[int]:
    bot = OptimalBot("loss", temperature=temperature, seed=seed)
    choices = [Hint("move", Move(True), v, v, 0.0, (StopAction(),)) for v in (0.80, 0.78, 0.40)]
    counts = [0, 0, 0]
    for _ in range(2000):
        counts[choices.index(bot._pick(choices))] += 1
    return counts


def test_difficulty_errs_believably() -> None:
    assert pick_counts(0.0) == [2000, 0, 0]
    beginner = pick_counts(DIFFICULTIES["beginner"])
    assert beginner[0] > beginner[1] > beginner[2]  # close calls go wrong, blunders rarely
    assert beginner[1] > 300
    good = pick_counts(DIFFICULTIES["good"])
    assert good[0] > beginner[0] and good[2] == 0


def throws_per_turn(bot: Bot, preset: str = "mosel", games: int = 6) -> float:
    used: list[int] = []
    for seed in range(games):
        game = new_game(preset, 100 + seed, seats=2)
        play_game(game, [bot, HeuristicBot()])
        used += [e.throws for e in game.log if isinstance(e, events.Stopped) and e.seat == 0]
    return statistics.mean(used)


def test_cautious_stands_earlier_than_bold() -> None:
    cautious, bold = make_bot("cautious"), make_bot("bold")
    assert throws_per_turn(cautious) < throws_per_turn(bold)


def test_bots_refuse_bad_settings_and_foreign_turns() -> None:
    with pytest.raises(InvalidInputError, match="unknown bot 'genius'"):
        make_bot("genius")
    with pytest.raises(InvalidInputError, match="temperature"):
        OptimalBot(temperature=-1)
    with pytest.raises(InvalidInputError, match="unknown objective"):
        OptimalBot(objective="fame")
    with pytest.raises(InvalidInputError, match="gamma"):
        RiskBot(gamma=0)
    game = new_game("porz", 1)
    actor = game.actor
    assert actor is not None
    not_me = game.view((actor + 1) % 3)
    for name in available_bots():
        with pytest.raises(InvalidInputError, match="own turn"):
            make_bot(name, seed=1).act(not_me)
    assert make_bot("optimal").name == "optimal"
    assert OptimalBot(temperature=0.5).name == "optimal~0.5"
    assert RiskBot(2).name == "risk~2"
