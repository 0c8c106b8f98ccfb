"""Schocken as an OpenSpiel game (needs the ``rl`` extra: ``pip install 'schock[rl]'``).

Importing this module registers the python game ``python_schock``::

    import pyspiel
    import schock.adapters.openspiel  # registers the game
    game = pyspiel.load_game("python_schock", {"rules": "mosel", "players": 2, "scope": "round"})

Game parameters: ``rules`` (a preset id or alias, or the path of a house-rules
TOML file; default ``porz``), ``players`` (2 to 12, default 2), ``scope``
(``round``, ``half`` or ``game``, default ``round``) and ``starter`` (the seat
that starts the first round, default 0; -1 plays the rules' opening).

* Player actions are the action ids of :mod:`schock.adapters._core` (20 of them).
* Every throw is a chance node with its outcomes listed explicitly: the sorted
  dice as a base-7 number (:func:`~schock.adapters._core.outcome_id`) with its
  probability (e.g. 1-1-4 has 3/216). A throw that is not the only legal move is
  first a player action ``throw`` followed by its chance node; a forced throw
  (the start of a turn, a roll-off) is the chance node at once.
* Information-state strings are the sequence of what the player saw
  (:meth:`schock.engine.Game.view` after every move); observation strings and
  tensors are the current view; the information-state tensor is the current
  view and the earlier throws of every turn of the round, in a fixed length.
* Terminal returns: -1 for the loser of the scope (the first round that gives
  Deckel, the first half, or the game), 1/(n-1) for every other seat.

:func:`cfr_round_value` runs OpenSpiel's CFR+ on the two-player round.
:func:`check_two_throw_round` checks :mod:`schock.solver.equilibrium` on the
two-throw round (:mod:`schock.adapters.reduced`) with OpenSpiel's CFR+ and
exploitability.
"""

from __future__ import annotations

import itertools
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from schock.adapters._core import (
    ACTION_NAMES,
    MAX_CHANCE_OUTCOMES,
    NUM_ACTIONS,
    SCOPES,
    Driver,
    check_players,
    information_size,
    information_vector,
    observation_size,
    observation_text,
    observation_vector,
    outcome_from_id,
    outcome_id,
    resolve_rules,
    throw_distribution,
)
from schock.adapters.reduced import ReducedRound
from schock.errors import InvalidInputError
from schock.rules import Rules
from schock.solver.equilibrium import RoundStrategy, round_strategy, round_value
from schock.solver.turn import Result

__all__ = [
    "GAME_NAME",
    "SchockGame",
    "SchockState",
    "TwoThrowCheck",
    "cfr_round_value",
    "check_two_throw_round",
    "equilibrium_policy",
    "make_game",
    "outcome_from_id",
    "outcome_id",
    "two_throw_game",
]

GAME_NAME = "python_schock"
MAX_PLAYERS = 12
INFO_CACHE_CHARS = 16_000_000
"""Characters of information-state strings a game keeps for re-use (some 16 MB):
the least recently used ones go first."""

_DEFAULTS: dict[str, Any] = {"rules": "porz", "players": 2, "scope": "round", "starter": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Schocken (schock)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)

# Rules objects handed to make_game() in this process, by key ("@1", "@2", ...).
_IN_PROCESS: dict[str, Rules] = {}
_counter = itertools.count(1)


def _rules_param(rules: Rules | str | Path) -> str:
    if isinstance(rules, Rules):
        for key, known in _IN_PROCESS.items():
            if known is rules:
                return key
        key = f"@{next(_counter)}"
        _IN_PROCESS[key] = rules
        return key
    if isinstance(rules, Path):
        return str(rules)
    if isinstance(rules, str):
        return rules
    raise InvalidInputError(
        f"rules must be a Rules object, a preset id or a rules file path, got {rules!r}"
    )


def _load(name: str) -> Rules:
    known = _IN_PROCESS.get(name)
    return known if known is not None else resolve_rules(name)


class SchockGame(pyspiel.Game):  # type: ignore[misc]
    """The pyspiel game ``python_schock``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        unknown = set(p) - set(_DEFAULTS)
        if unknown:
            raise InvalidInputError(
                f"unknown game parameter(s) {sorted(unknown)}; allowed: {', '.join(_DEFAULTS)}"
            )
        if not isinstance(p["rules"], str):
            raise InvalidInputError(f"rules must be a string, got {p['rules']!r}")
        self.rules = _load(p["rules"])
        self.num_seats = check_players(p["players"])
        if p["scope"] not in SCOPES:
            raise InvalidInputError(f"bad scope {p['scope']!r}; allowed: {', '.join(SCOPES)}")
        self.scope: str = p["scope"]
        starter = p["starter"]
        if not isinstance(starter, int) or not -1 <= starter < self.num_seats:
            raise InvalidInputError(
                f"starter must be -1 (the rules' opening) or a seat from 0 to "
                f"{self.num_seats - 1}, got {starter!r}"
            )
        self.starter: int | None = None if starter == -1 else starter
        per_round = 60 * self.num_seats
        length = {"round": per_round, "half": per_round * 300, "game": per_round * 900}
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length[self.scope],
        )
        super().__init__(_GAME_TYPE, info, {**p, "rules": p["rules"]})
        self._info: OrderedDict[tuple[tuple[int, ...], int], str] = OrderedDict()
        self._info_chars = 0

    def new_driver(self) -> Driver:
        """The engine game at the start of an episode (typed-in dice: chance nodes)."""
        return Driver(
            self.rules, self.num_seats, scope=self.scope, starter=self.starter, chance=True
        )

    def information_state(self, history: tuple[int, ...], player: int) -> str:
        """What ``player`` saw along ``history``: one line per change of his view.

        Replayed from the start on demand (the state itself does not keep a
        trail of views: that would cost every move a view per seat); the last
        ones asked for are kept, at most :data:`INFO_CACHE_CHARS` characters.
        """
        key = (history, player)
        text = self._info.get(key)
        if text is not None:
            self._info.move_to_end(key)
            return text
        d = self.new_driver()
        lines = [observation_text(d.game.view(player))]
        for action in history:
            if d.pending is not None:
                d.throw_dice(outcome_from_id(action))
            else:
                d.apply(action)
            line = observation_text(d.game.view(player))
            if line != lines[-1]:
                lines.append(line)
        text = f"p{player}\n" + "\n".join(lines)
        self._info[key] = text
        self._info_chars += len(text) + len(history)
        while self._info_chars > INFO_CACHE_CHARS:
            (old_history, _), old = self._info.popitem(last=False)
            self._info_chars -= len(old) + len(old_history)
        return text

    def new_initial_state(self) -> SchockState:
        return SchockState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SchockObserver:
        if params:
            raise InvalidInputError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return SchockObserver(self, bool(iig_obs_type.perfect_recall))


class SchockState(pyspiel.State):  # type: ignore[misc]
    """A position: its own engine game, changed in place by each move and copied
    (:meth:`schock.engine.Game.copy`, no replay) when OpenSpiel clones the state."""

    def __init__(self, game: SchockGame) -> None:
        super().__init__(game)
        self._driver: Driver | None = None  # made when first needed: a clone brings its own

    @property
    def driver(self) -> Driver:
        d = self._driver
        if d is None:
            game: SchockGame = self.get_game()
            d = self._driver = game.new_driver()
        return d

    def current_player(self) -> int:
        d = self.driver
        if d.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if d.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        actor = d.actor
        assert actor is not None
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        return self.driver.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.driver.pending
        assert n is not None
        return throw_distribution(n)

    def _apply_action(self, action: int) -> None:
        d = self.driver
        if d.pending is not None:
            d.throw_dice(outcome_from_id(int(action)))
        else:
            d.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "dice " + "-".join(map(str, outcome_from_id(int(action))))
        return ACTION_NAMES[int(action)]

    def is_terminal(self) -> bool:
        return self.driver.over

    def returns(self) -> list[float]:
        return self.driver.returns()

    def __str__(self) -> str:
        return observation_text(self.driver.game.view(None))


class SchockObserver:
    """Observation strings and tensors; with perfect recall the information state.

    The information-state tensor (:func:`~schock.adapters._core.information_vector`)
    is the observation and the earlier throws of every turn of the round, in a
    fixed length, so that OpenSpiel's deep algorithms (DQN, NFSP, Deep CFR,
    policy gradients) can read it; the information-state string is the whole
    sequence of views.
    """

    def __init__(self, game: SchockGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        n = game.num_seats
        size = information_size(n, game.rules.max_throws) if perfect_recall else observation_size(n)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: SchockState, player: int) -> None:
        view = state.driver.game.view(player)
        vector = information_vector if self.perfect_recall else observation_vector
        self.tensor[:] = vector(view, player)

    def string_from(self, state: SchockState, player: int) -> str:
        if self.perfect_recall:
            game: SchockGame = state.get_game()
            return game.information_state(tuple(state.history()), player)
        return f"p{player} " + observation_text(state.driver.game.view(player))


pyspiel.register_game(_GAME_TYPE, SchockGame)


def make_game(
    rules: Rules | str | Path = "porz", *, players: int = 2, scope: str = "round", starter: int = 0
) -> Any:
    """The pyspiel game for ``rules`` (a Rules object too, kept for this process)."""
    return pyspiel.load_game(
        GAME_NAME,
        {"rules": _rules_param(rules), "players": players, "scope": scope, "starter": starter},
    )


def cfr_round_value(rules: Rules | str | Path, iterations: int = 100) -> tuple[float, float]:
    """OpenSpiel's CFR+ on one two-player round, the first mover (seat 0) to start.

    Returns (the first mover's chance to win the round under the average
    strategy, its exploitability in the same unit: what a best response gains
    on average over both seats, as a probability of winning).
    Meant for reduced rules (``max_throws`` 1 or 2): the game tree is walked whole
    in Python every iteration.
    """
    if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
        raise InvalidInputError(f"iterations must be a whole number from 1, got {iterations!r}")
    game = make_game(rules, players=2, scope="round", starter=0)
    solver = pyspiel.CFRPlusSolver(game)  # OpenSpiel's C++ CFR+, walking our Python game
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    avg = solver.average_policy()
    values = pyspiel.expected_returns(game.new_initial_state(), avg, -1, True)
    # returns are +1/-1: P(win) = (1 + value) / 2, and the same factor for exploitability
    p_first = (1.0 + float(values[0])) / 2.0
    expl = float(pyspiel.exploitability(game, avg)) / 2.0
    return p_first, expl


# ---------------------------------------------------------------- the two-throw check


@dataclass(frozen=True)
class TwoThrowCheck:
    """What :func:`check_two_throw_round` measured (chances of Vorhand not losing)."""

    rules: str
    histories: int
    """Nodes of the tree (chance, decision and terminal)."""
    infosets: int
    round_value: float
    """:func:`schock.solver.equilibrium.round_value` of the two-throw round."""
    our_value: float
    """The value of our equilibrium strategies exported to OpenSpiel, by OpenSpiel."""
    our_exploitability: float
    """OpenSpiel's exploitability of our strategies."""
    cfr_value: float
    cfr_exploitability: float
    iterations: int
    seconds: float


def _our_move(tree: ReducedRound, plan: RoundStrategy, name: str) -> str:
    """The move our equilibrium plays at the information set ``name``."""
    d = tree.decisions[name]
    if d.roll is None:  # Vorhand before looking
        return "blind" if plan.blind else "lift"
    if d.first:
        move = plan.first.after((), d.roll, 1)[1]
    else:
        kept = d.first_table if d.first_table is not None else ()
        covered = Result.covered(tree.rules, kept, 3 - len(kept), 2, on_hand=not kept)
        move = plan.second(covered, 2).after((), d.roll, 1)[1]
    if move.stop:
        return "stop"
    # the engine's move leaving the same dice on the table, as many sixes turned if listed
    same = [m for m in d.moves if m != "stop" and tree.table_dice(d.first, d.roll, m) == move.keep]
    turned = [m for m in same if ("turned" in m) == bool(move.turn)]
    if not same:
        raise InvalidInputError(f"our move {move} at {name!r} is not among the engine's {d.moves}")
    return (turned or same)[0]


def _walk(game: Any) -> tuple[int, dict[str, list[tuple[int, str]]]]:
    """Every node and every information set (OpenSpiel's key: its actions with names)."""
    sets: dict[str, list[tuple[int, str]]] = {}
    stack = [game.new_initial_state()]
    nodes = 0
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        key = state.information_state_string()
        if key not in sets:
            sets[key] = [(a, state.action_to_string(a)) for a in state.legal_actions()]
        stack.extend(state.child(a) for a in state.legal_actions())
    return nodes, sets


def two_throw_game(rules: Rules | str | Path) -> tuple[ReducedRound, Any]:
    """The two-player round of ``rules`` with at most two throws, as our tree and
    as OpenSpiel's game read from it (``pyspiel.load_efg_game``)."""
    base = resolve_rules(rules)
    tree = ReducedRound(base if base.max_throws == 2 else base.replace(max_throws=2))
    return tree, pyspiel.load_efg_game(tree.efg())


def equilibrium_policy(tree: ReducedRound, game: Any) -> dict[str, list[tuple[int, float]]]:
    """Our equilibrium (:func:`schock.solver.equilibrium.round_strategy`) as
    OpenSpiel's tabular policy: every information set, its actions with probabilities."""
    return _policy(tree, _walk(game)[1])


def _policy(
    tree: ReducedRound, sets: dict[str, list[tuple[int, str]]]
) -> dict[str, list[tuple[int, float]]]:
    plan = round_strategy(tree.rules)
    out: dict[str, list[tuple[int, float]]] = {}
    for key, actions in sets.items():
        move = _our_move(tree, plan, key.split("-", 3)[3])  # "player-player-number-name"
        out[key] = [(a, 1.0 if label == move else 0.0) for a, label in actions]
    return out


def check_two_throw_round(rules: Rules | str | Path, iterations: int = 400) -> TwoThrowCheck:
    """Check our equilibrium of the two-player round with at most two throws
    against OpenSpiel: its exploitability of our strategies, and its CFR+.

    ``rules`` (a preset, house-rules file or Rules) is played with ``max_throws = 2``.
    """
    if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
        raise InvalidInputError(f"iterations must be a whole number from 1, got {iterations!r}")
    start = time.perf_counter()
    tree, game = two_throw_game(rules)
    nodes, sets = _walk(game)
    policy = pyspiel.TabularPolicy(_policy(tree, sets))
    root = game.new_initial_state()
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    avg = solver.average_policy()
    return TwoThrowCheck(
        rules=tree.rules.id,
        histories=nodes,
        infosets=len(sets),
        round_value=round_value(tree.rules),
        our_value=float(pyspiel.expected_returns(root, policy, -1, True)[0]),
        our_exploitability=float(pyspiel.exploitability(game, policy)),
        cfr_value=float(pyspiel.expected_returns(root, avg, -1, True)[0]),
        cfr_exploitability=float(pyspiel.exploitability(game, avg)),
        iterations=iterations,
        seconds=time.perf_counter() - start,
    )
