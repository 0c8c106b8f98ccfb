"""The duel bots in the batch path: the slots are the bots' own choices.

Every slot (:mod:`schock.sim.duel`) must hold exactly what the solver gives
the bot in that situation: the compiled expectimax must give the same values
to the last bit as :class:`~schock.solver.turn.TurnSolver`, the same moves
as :func:`schock.solver.turn_policy._problem` choices, the same first move
as :class:`~schock.bots.OptimalBot` on a real game. The statistical agreement
with the engine is in ``test_sim_agreement.py``.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from schock import load_rules
from schock.bots import make_bot
from schock.engine import Automation, Game, ScriptedDice
from schock.engine.actions import LiftAction
from schock.errors import InvalidInputError
from schock.sim import duel, simulate
from schock.sim.chunks import make_spec, run_chunk
from schock.sim.tables import KEEPS, STATES
from schock.solver import turn_values
from schock.solver.equilibrium import equilibrium_half
from schock.solver.half import duel_half
from schock.solver.turn_policy import _problem
from schock.solver.turn_state import Objective, Result, Table, TurnState

RULES = {
    "porz": load_rules("porz"),
    "mosel-no-take-back": load_rules("mosel").replace(take_back=False, last_throw_covered=False),
}


def _expected(problem: object, used: int, kept: tuple[int, ...], thrown: tuple[int, ...], limit: int | None) -> int:
    move = problem.choices(TurnState(kept, thrown, used, limit), metrics=False)[0].move  # type: ignore[attr-defined]
    return -1 if move.stop else KEEPS.index(move.keep)


def _check_slot(t: duel.DuelTables, slot: int, problem: object, cap: int, limit: int | None) -> None:
    for used in range(1, cap):  # at the cap there is nothing to choose
        for si, (kept, thrown) in enumerate(STATES):
            if used == 1 and kept:
                continue
            assert int(t.tab[slot, used, si]) == _expected(problem, used, kept, thrown, limit), (
                used, kept, thrown)


@pytest.mark.parametrize("name", sorted(RULES))
def test_compiled_values_are_the_solvers_to_the_bit(name: str) -> None:
    rules = RULES[name]
    half = duel_half(rules)
    grades = duel.moves(rules).unique
    for stock, mine, other in [(13, 0, 0), (0, 7, 6), (2, 10, 1)]:
        stakes = half.stakes(stock, mine, other, first=False)
        for earlier, limit in [
            (Result.covered(rules, (1,), 2, 3, on_hand=False), 3),
            (Result.of({grades[len(grades) // 2]: 1.0}), 2),
            (Result.of({grades[-1]: 1.0}), 3),
        ]:
            assert duel.second_value(rules, limit, earlier, stakes) == turn_values.second_value(
                rules, limit, earlier, stakes
            )


@pytest.mark.parametrize("name", sorted(RULES))
def test_slots_hold_the_bots_moves(name: str) -> None:
    rules = RULES[name]
    half = duel_half(rules)
    t = duel.DuelTables(rules, ("optimal",))
    stock, mine, other = 3, 6, 4
    # the first player of the round
    slot = t.fill(t.key(0, mine=mine, other=other, rkey=0))
    stakes = half.stakes(stock, mine, other, first=True)
    first = _problem(rules, Table(after=1, stock=stock, mine=mine, stakes=stakes), None, Objective.HALF)
    _check_slot(t, slot, first, rules.max_throws, None)
    # the second, against a covered result (1 on the table) and a shown one
    stakes = half.stakes(stock, mine, other, first=False)
    g = duel.moves(rules).unique[40]
    for rkey, earlier, limit in [
        (t.covered_rkey(KEEPS.index((1,)), 3), Result.covered(rules, (1,), 2, 3, on_hand=False), 3),
        (t.known_rkey(g, 2), Result.of({g: 1.0}), 2),
    ]:
        slot = t.fill(t.key(0, mine=mine, other=other, rkey=rkey))
        table = Table(before=(earlier,), stock=stock, mine=mine, stakes=stakes)
        _check_slot(t, slot, _problem(rules, table, limit, Objective.HALF), limit, limit)


def test_the_first_move_is_the_bots() -> None:
    """Before looking, the optimal bot lifts at the start of porz; under
    irmgarteich the equilibrium declares blind where its values say so."""
    rules = load_rules("porz")
    t = duel.DuelTables(rules, ("optimal",))
    slot = t.fill(t.key(0, mine=0, other=0, rkey=0))
    g = Game(rules, seats=["A", "B"], starter=0, dice=ScriptedDice([2, 3, 5]),
             automations=set(Automation))
    g.throw()
    assert make_bot("optimal").act(g.view(0)) == LiftAction()
    assert int(t.open_act[slot]) == duel.LIFT
    irm = load_rules("irmgarteich")
    half = equilibrium_half(irm)
    t = duel.DuelTables(irm, ("equilibrium",))
    for mine, other, blind in [(0, 10, True), (5, 5, False), (1, 8, True), (1, 7, False),
                               (2, 11, True), (0, 13, False)]:  # far behind: blind
        assert half.plays_blind(13 - mine - other, mine, other) is blind
        slot = t.fill(t.key(0, mine=mine, other=other, rkey=0))
        assert (int(t.open_act[slot]) == duel.BLIND) is blind


def test_a_game_replayed_after_a_missing_slot_is_the_same_game() -> None:
    """Slots solved on demand: a chunk played with cold tables (the kernel stops
    at every missing slot, and the game is played again) gives what the same
    chunk gives with every slot already there."""
    spec = make_spec(load_rules("mosel").replace(deckel=5), ["equilibrium", "optimal"])
    cold = run_chunk(spec, 3, 0, 300)
    warm = run_chunk(spec, 3, 0, 300)
    assert (cold.rows == warm.rows).all()
    assert (cold.kinds == warm.kinds).all() and (cold.deckel == warm.deckel).all()
    assert cold.rounds == warm.rounds > 300
    assert sorted(np.unique(cold.rows[:, 0])) == [0, 1]


@pytest.mark.parametrize(
    ("rules", "bots", "match"),
    [
        ("porz", ["optimal"] * 3, "two seats only, got 3"),
        ("porz", ["equilibrium", "heuristic", "bold"], "two seats only"),
        ("porz", ["good", "heuristic"], "at random"),
        ("porz", ["random", "heuristic"], "at random"),
        ("porz", ["genius", "heuristic"], "unknown bot"),
    ],
)
def test_bots_the_batch_path_cannot_play_are_refused(rules: str, bots: list[str], match: str) -> None:
    with pytest.raises(InvalidInputError, match=match):
        simulate(rules, bots, games=10)


def test_schock_aus_keeps_is_played_by_both_duel_bots() -> None:
    # once refused for the equilibrium; the half now goes on after a Schock Aus
    rules = load_rules("porz").replace(schock_aus_keeps=True, deckel=3, max_throws=2)
    for bot in ("equilibrium", "optimal"):
        assert simulate(rules, [bot, "heuristic"], games=50, seed=1).games == 50


def test_a_round_of_one_throw_has_nothing_to_decide() -> None:
    rules = load_rules("porz").replace(max_throws=1, deckel=5)
    t = duel.DuelTables(rules, ("optimal",))
    slot = t.fill(t.key(0, mine=0, other=0, rkey=0))
    assert int(t.open_act[slot]) == duel.LIFT and (t.tab[slot] < 0).all()
    r = simulate(rules, ["optimal", "equilibrium"], games=300, seed=2)
    assert r.games == 300 and int(r.column("half1_rounds").min()) >= 1


@pytest.mark.parametrize("act", [duel.ZU, duel.RETHROW, duel.BLIND])
def test_the_kernel_carries_out_every_first_move(
    monkeypatch: pytest.MonkeyPatch, act: int
) -> None:
    """Force one first move into every slot (the kernel's mechanics, whatever
    the bot would choose): "zu" and blind stand on the unseen first throw (a
    round of one throw; blind doubles the Deckel), a throw again unseen uses
    at least two throws."""
    from schock.sim import chunks, kernel

    rules = load_rules("porz").replace(deckel=7)
    spec = make_spec(rules, ["optimal", "heuristic"])
    run_chunk(spec, 5, 0, 200)
    t = chunks.duel_tables(rules, ("optimal",))
    monkeypatch.setattr(t, "open_act", np.full_like(t.open_act, act))
    c = run_chunk(spec, 5, 0, 200, "turn")
    assert c.turn_rows is not None and c.round_rows is not None
    col = kernel.TURN_COLUMNS.index
    rnd = kernel.ROUND_COLUMNS.index
    ordinary = c.round_rows[c.round_rows[:, rnd("opening")] == 0]
    mine = ordinary[ordinary[:, rnd("starter")] == 0]  # rounds the duel bot starts
    keys = {tuple(r) for r in mine[:, [rnd("game"), rnd("half"), rnd("round")]]}
    first = np.array([
        t for t in c.turn_rows
        if t[col("position")] == 0 and (t[col("game")], t[col("half")], t[col("round")]) in keys
    ])
    assert len(first) > 50 and len(mine) == len(first)
    if act == duel.RETHROW:
        assert (first[:, col("throws")] >= 2).all()
    else:
        assert (first[:, col("throws")] == 1).all() and (mine[:, rnd("limit")] == 1).all()
    if act == duel.BLIND:  # Deckel doubled: even while the Stock pays in full
        paid = mine[(mine[:, rnd("stock")] > 0) & (mine[:, rnd("schock_aus")] == 0)]
        assert len(paid) > 20 and (paid[:, rnd("deckel")] % 2 == 0).all()
    # the kernel's Python source does the same (and coverage sees it)
    for name in ("_die", "_key", "_roll_off", "_throw", "_follow", "_slot", "_give", "_record"):
        monkeypatch.setattr(kernel, name, getattr(kernel, name).py_func)
    monkeypatch.setattr(kernel, "play_games", kernel.play_games.py_func)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # uint64 products wrap
        python = run_chunk(spec, 5, 0, 20, "turn")
    assert (python.rows == c.rows[:20]).all()


def test_the_compiled_solver_is_its_python_source() -> None:
    rules = load_rules("mosel")
    m = duel.moves(rules)
    term = np.random.default_rng(3).random(m.grades.shape)
    out = []
    for solve in (duel.solve_policy, duel.solve_policy.py_func):
        tab = np.full((10, len(STATES)), -1, np.int16)
        before = np.zeros((10, len(KEEPS)))
        solve(3, term, m.trans_state, m.trans_p, m.trans_n, m.opt_ptr, m.opt_keep, tab, before)
        out.append((tab, before))
    assert (out[0][0] == out[1][0]).all() and (out[0][1] == out[1][1]).all()
    assert (out[0][0][1] >= 0).any() and (out[0][0][3] == -1).all()
