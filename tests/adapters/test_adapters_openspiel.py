"""The OpenSpiel game python_schock and CFR+ on the reduced round."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pyspiel
import pytest

from schock import IllegalActionError, InvalidInputError, Outcome, load_rules, rank
from schock.adapters import openspiel as adapter
from schock.adapters._core import engine_action, outcome_from_id
from schock.engine import Game, TableDice
from schock.engine.record import dumps, loads, replay


def house_rules(tmp_path: Path, max_throws: int, base: str = "porz") -> Path:
    path = tmp_path / f"{base}-{max_throws}.toml"
    path.write_text(
        f'extends = "{base}"\nid = "{base}-{max_throws}"\n'
        f'name = "{base}, at most {max_throws} throws"\nmax_throws = {max_throws}\n',
        encoding="utf-8",
    )
    return path


def test_registered_with_parameters(tmp_path: Path) -> None:
    assert adapter.GAME_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("python_schock", {"rules": "mosel", "players": 3, "scope": "half"})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 20
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    house = pyspiel.load_game("python_schock", {"rules": str(house_rules(tmp_path, 2))})
    assert house.rules.max_throws == 2


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"rules": "bierdeckel"}, "unknown rule set"),
        ({"players": 1}, "players must be a whole number from 2 to 12"),
        ({"scope": "match"}, "allowed: round, half, game"),
        ({"starter": 5}, "starter must be -1"),
    ],
)
def test_bad_parameters(params: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidInputError, match=match):
        adapter.SchockGame(params)


def test_chance_node_lists_every_throw() -> None:
    state = adapter.make_game("porz").new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 56 and sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes[adapter.outcome_id((1, 1, 4))] == pytest.approx(3 / 216)


def test_first_throw_stays_hidden_from_the_other_player() -> None:
    state = adapter.make_game("porz").new_initial_state()
    state.apply_action(adapter.outcome_id((1, 1, 4)))
    assert state.current_player() == 0
    assert "114" not in state.information_state_string(1)
    assert "114" not in state.observation_string(1)
    state.apply_action(1)  # lift: now everybody sees it
    assert "114" in state.information_state_string(1)
    assert state.information_state_string(0) != state.information_state_string(1)


@pytest.mark.parametrize(
    ("rules", "players", "scope"),
    [
        ("porz", 2, "round"),
        ("mosel", 3, "half"),
        ("irmgarteich", 2, "half"),
        ("niederrhein", 2, "game"),
    ],
)
def test_random_playouts_match_the_engine(rules: str, players: int, scope: str) -> None:
    """Random play through pyspiel: the same moves on a bare engine game give the
    same log, and the engine's record replays it."""
    game = adapter.make_game(rules, players=players, scope=scope, starter=-1)
    rng = random.Random(11)
    for _ in range(3):
        state = game.new_initial_state()
        moves: list[tuple[bool, int]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                a = rng.choices(ids, probs)[0]
            else:
                a = rng.choice(state.legal_actions())
            moves.append((state.is_chance_node(), a))
            state.apply_action(a)
        played = state.driver.game
        fresh = Game(load_rules(rules), seats=[f"P{i}" for i in range(players)], dice=TableDice())
        for chance, a in moves:
            if chance:
                fresh.throw(outcome_from_id(a))
            elif a != 0:  # a throw by choice: its chance node brings the dice
                fresh.apply(fresh.actor, engine_action(a))
        assert fresh.log == played.log
        assert replay(loads(dumps(played))).log == played.log
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0) and min(returns) == -1.0


def exact_one_throw_round(rules_path: Path) -> float:
    """Vorhand's chance to win a two-player round of one throw each, by enumeration."""
    rules = load_rules(rules_path)
    throws = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=3))
    win = 0
    for (a, pa), (b, pb) in itertools.product(throws.items(), repeat=2):
        results = [Outcome(dice=a, throws=1, on_hand=True), Outcome(dice=b, throws=1, on_hand=True)]
        if rank(rules, results)[0] == 0:
            win += pa * pb
    return win / 216**2


@pytest.fixture(scope="module")
def one_throw_cfr(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[str], tuple[Path, float, float]]:
    """OpenSpiel's CFR+ (two iterations) on the one-throw round of a preset: its
    house-rules file, value and exploitability, computed once per preset for the
    module (the porz round, about 20 s, serves two tests)."""
    folder = tmp_path_factory.mktemp("one-throw")

    @functools.cache
    def run(base: str) -> tuple[Path, float, float]:
        path = house_rules(folder, 1, base)
        value, exploitability = adapter.cfr_round_value(path, iterations=2)
        return path, value, exploitability

    return run


def test_cfr_plus_on_the_one_throw_round(
    one_throw_cfr: Callable[[str], tuple[Path, float, float]],
) -> None:
    path, value, exploitability = one_throw_cfr("porz")
    assert exploitability < 1e-4
    assert value == pytest.approx(exact_one_throw_round(path), abs=1e-9)
    assert 0.5 < value < 0.53  # Vorhand wins ties in porz: slightly better than even


def test_cfr_rejects_bad_iterations(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="iterations"):
        adapter.cfr_round_value(house_rules(tmp_path, 1), iterations=0)


def test_rules_objects_strings_and_observations() -> None:
    rules = load_rules("ferschweiler")
    game = adapter.make_game(rules)
    assert game.rules is rules
    assert adapter.make_game(rules).get_parameters()["rules"] == game.get_parameters()["rules"]
    with pytest.raises(InvalidInputError, match="rules must be a Rules object"):
        adapter.make_game(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="unknown game parameter"):
        adapter.SchockGame({"seats": 2})
    state = adapter.make_game("porz").new_initial_state()
    assert state.returns() == [0.0, 0.0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 60) == "dice 1-1-4"
    state.apply_action(60)
    assert state.action_to_string(0, 1) == "lift"
    tensor = state.observation_tensor(1)
    assert len(tensor) == adapter.observation_size(2) and all(0 <= x <= 1 for x in tensor)
    assert "t1" in str(state)
    with pytest.raises(IllegalActionError, match=r"allowed: 0 \(throw\), 1 \(lift\), 2"):
        state.apply_action(6)  # set aside before lifting: not legal
    assert state.legal_actions() == [0, 1, 2]


@pytest.mark.parametrize("rules", ["ferschweiler", "porz", "mosel", "irmgarteich", "niederrhein"])
def test_openspiel_random_simulation_checks(rules: str) -> None:
    """OpenSpiel's own consistency checks (chance outcomes, legal actions, strings,
    returns, clones) along random playouts, every preset."""
    game = adapter.make_game(rules, players=3, scope="round", starter=-1)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("rules", ["porz", "irmgarteich"])
def test_information_states_have_perfect_recall(rules: str) -> None:
    """Positions a player cannot tell apart (the same information state, reached with
    different hidden dice) give him the same legal actions, and he made the same
    moves to reach them."""
    game = adapter.make_game(rules, players=2, scope="round")
    rng = random.Random(8)
    seen: dict[str, tuple[list[int], list[int]]] = {}
    histories: dict[str, set[tuple[int, ...]]] = {}
    for _ in range(400):
        state = game.new_initial_state()
        own: list[list[int]] = [[], []]
        while not state.is_terminal():
            if state.is_chance_node():
                ids = [o for o, _ in state.chance_outcomes()]
                # few different throws, so that positions meet again
                state.apply_action(rng.choice(ids[:3]))
                continue
            p = state.current_player()
            key = state.information_state_string(p)
            entry = (state.legal_actions(), list(own[p]))
            if key in seen:
                assert seen[key] == entry
            seen[key] = entry
            histories.setdefault(key, set()).add(tuple(state.history()))
            a = rng.choice(state.legal_actions())
            own[p].append(a)
            state.apply_action(a)
    assert sum(len(h) > 1 for h in histories.values()) > 20


@pytest.mark.parametrize("base", ["porz", "mosel"])
def test_openspiel_cfr_agrees_with_our_equilibrium_solver(
    one_throw_cfr: Callable[[str], tuple[Path, float, float]], base: str
) -> None:
    """Issue 12's independent check: OpenSpiel's CFR+ on the reduced round (one
    throw each, two players) and schock.solver.equilibrium give the same value."""
    from schock.solver.equilibrium import round_value

    path, value, exploitability = one_throw_cfr(base)
    assert exploitability < 1e-4
    assert round_value(load_rules(path)) == pytest.approx(value, abs=1e-4)


def test_tensors_never_show_hidden_dice() -> None:
    """A seat's observation and information-state tensors are the same whatever the
    dice hidden from it: the first throw under the cup (hidden from everybody, its
    owner too, until he lifts), also while the next seat plays."""
    game = adapter.make_game("porz", players=3, scope="game")
    root = game.new_initial_state()
    first = [o for o, _ in root.chance_outcomes()]
    for p in range(3):
        info = {tuple(root.child(o).information_state_tensor(p)) for o in first}
        obs = {tuple(root.child(o).observation_tensor(p)) for o in first}
        assert len(info) == 1 and len(obs) == 1
    lifted = {tuple(root.child(o).child(1).information_state_tensor(0)) for o in first}
    assert len(lifted) == len(first)  # once lifted, the owner sees every throw apart

    # seat 0 stops without lifting: his throw stays covered while seat 1 plays
    later = []
    for o in first:
        state = root.child(o)
        for a in (2, adapter.outcome_id((2, 3, 5)), 2):  # stop; seat 1 throws, stops
            state.apply_action(a)
        later.append(state)
    assert later[0].is_chance_node() and not later[0].is_terminal()  # seat 2 to throw
    assert len({str(s.driver.game.log) for s in later}) == len(first)
    for p in range(3):
        assert len({tuple(s.information_state_tensor(p)) for s in later}) == 1
        assert len({tuple(s.observation_tensor(p)) for s in later}) == 1


def test_information_state_tensor_feeds_rl_environment() -> None:
    """OpenSpiel's RL environment (what DQN, NFSP and policy gradients read) gets the
    fixed-size information-state tensor along whole games."""
    from open_spiel.python import rl_environment

    game = adapter.make_game("mosel", players=3, scope="half")
    size = game.information_state_tensor_shape()[0]
    assert size == 74 + 3 * 6 * (load_rules("mosel").max_throws - 1)
    env = rl_environment.Environment(game, seed=3)
    rng = random.Random(3)
    step = env.reset()
    steps = 0
    while not step.last():
        p = step.observations["current_player"]
        vector = step.observations["info_state"][p]
        assert len(vector) == size and all(0.0 <= x <= 1.0 for x in vector)
        step = env.step([rng.choice(step.observations["legal_actions"][p])])
        steps += 1
    assert steps > 10 and sum(step.rewards) == pytest.approx(0.0)


def test_information_state_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Information-state strings are kept for re-use up to a number of characters;
    the oldest go first and come back the same when asked for again."""
    game = adapter.make_game("porz", players=2, scope="round")
    state = game.new_initial_state()
    rng = random.Random(4)
    texts = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            texts.append((state.clone(), state.information_state_string()))
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(texts) >= 4
    limit = 2 * max(len(t) for _, t in texts)
    monkeypatch.setattr(adapter, "INFO_CACHE_CHARS", limit)
    fresh = adapter.make_game("porz", players=2, scope="round")
    for s, text in texts:
        again = s.clone()
        assert fresh.information_state(tuple(again.history()), again.current_player()) == text
        assert fresh._info_chars <= limit
    s, text = texts[-1]
    assert fresh.information_state(tuple(s.history()), s.current_player()) == text  # kept
    s, text = texts[0]
    assert fresh.information_state(tuple(s.history()), s.current_player()) == text  # again
    assert len(fresh._info) <= 2
