"""The exact turn solver against brute force, closed forms and the engine."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schock import PRESETS, Outcome, evaluate, load_rules
from schock.errors import InvalidInputError, NotationError
from schock.results import Kind
from schock.rules import Rules
from schock.rules.model import SetAside
from schock.solver import probability
from schock.solver.turn import (
    Move,
    Objective,
    Result,
    Table,
    TurnSolver,
    TurnState,
    _problem,
    check_state,
    exploitability,
    format_state,
    grade,
    parse_state,
    reference,
    solve,
)

Utility = Callable[[tuple[int, ...], bool, int], float]


# ---------------------------------------------------------------- brute force


def brute(
    rules: Rules, utility: Utility, cap: int, kept: list[int], thrown: list[int], used: int
) -> float:
    """The best expected utility after a throw, by plain enumeration.

    Written apart from the solver: dice are tracked one by one (by index),
    throws are ordered tuples of 6**m outcomes, and every legal way to go on
    is tried as the rules say it (docs/rules.md, "A turn").
    """
    dice = tuple(sorted(kept + thrown))
    best = utility(dice, not kept, used)
    if used == cap:
        return best
    ones_only = rules.set_aside is SetAside.ONES

    def keepable(v: int) -> bool:
        return not ones_only or v == 1

    # without turning: any of the kept dice, any keepable die of the throw
    pools: list[list[int]] = [kept + [v for v in thrown if keepable(v)]]
    sixes = [i for i, v in enumerate(thrown) if v == 6]
    if rules.sixes_turning and len(sixes) >= 2:
        rest = [v for v in thrown if v != 6 and keepable(v)]
        for ones in range(1, len(sixes)):
            pools.append(kept + rest + [1] * ones)
    # take_back off: the dice kept before this throw stay; choose among the new ones
    stay = [] if rules.take_back else kept
    for pool in pools:
        pool = pool[len(stay) :]
        for size in range(3 - len(stay)):
            for idx in itertools.combinations(range(len(pool)), size):
                k = stay + [pool[i] for i in idx]
                total = 0.0
                m = 3 - len(k)
                for roll in itertools.product(range(1, 7), repeat=m):
                    total += brute(rules, utility, cap, k, list(roll), used + 1)
                best = max(best, total / 6**m)
    return best


def table_utility(seed: int) -> Utility:
    """A fixed pseudo-random utility over (dice, auf die Hand, throws)."""

    def u(dice: tuple[int, ...], hand: bool, used: int) -> float:
        h = hash((seed, dice, hand, used)) % 10_007
        return h / 10_007

    return u


def _kept(rules: Rules, seed: int, thrown: list[int]) -> list[int]:
    """The dice a brute-force case keeps beside ``thrown``: ones where only ones may be
    set aside, else dice drawn from ``seed``."""
    n_kept = 3 - len(thrown)
    if rules.set_aside is SetAside.ONES:
        return [1] * n_kept
    return [(seed >> i) % 6 + 1 for i in range(n_kept)]


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    thrown=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    cap=st.integers(2, 3),
)
def test_solver_agrees_with_brute_force(
    preset: str, seed: int, thrown: list[int], cap: int
) -> None:
    rules = load_rules(preset)
    kept = _kept(rules, seed, thrown)
    used = 2 if kept else 1
    if used > cap:
        return
    u = table_utility(seed)
    solver = TurnSolver(rules, cap, u)
    value, _ = solver.after(tuple(sorted(kept)), tuple(sorted(thrown)), used)
    assert math.isclose(value, (brute(rules, u, cap, kept, thrown, used)), abs_tol=1e-9)


def test_brute_force_from_the_first_throw_with_turning() -> None:
    """The whole 3-throw turn from a throw with two 6s, where turning matters."""
    rules = load_rules("ferschweiler")
    u = table_utility(7)
    solver = TurnSolver(rules, 3, u)
    for thrown in ([6, 6, 2], [6, 6, 6], [1, 6, 6]):
        value, _ = solver.after((), tuple(thrown), 1)
        assert math.isclose(value, (brute(rules, u, 3, [], thrown, 1)), abs_tol=1e-9)


# ---------------------------------------------------------------- closed forms


@pytest.mark.parametrize("preset", PRESETS)
def test_schock_aus_chance_equals_the_odds(preset: str) -> None:
    rules = load_rules(preset)

    def aus(dice: tuple[int, ...], hand: bool, used: int) -> float:
        return 1.0 if dice == (1, 1, 1) else 0.0

    for cap in range(1, rules.max_throws + 1):
        expected = probability(rules, lambda e: e.all_deckel, cap)
        assert math.isclose(TurnSolver(rules, cap, aus).start(), float(expected), rel_tol=1e-12)


def test_closed_forms_keeping_ones() -> None:
    porz = load_rules("porz")  # turning sixes

    def aus(dice: tuple[int, ...], hand: bool, used: int) -> float:
        return float(dice == (1, 1, 1))

    assert math.isclose(TurnSolver(porz, 3, aus).start(), 54271 / 629856, rel_tol=1e-12)
    no_turn = porz.replace(sixes_turning=False)
    assert math.isclose(TurnSolver(no_turn, 3, aus).start(), (91 / 216) ** 3, rel_tol=1e-12)


def test_last_player_needs_to_beat_the_worst() -> None:
    """The last of two players must beat 6-6-5 in 3 with one throw: Schock, General or Straße."""
    porz = load_rules("porz")
    choices = solve(porz, parse_state("2-4-6 2/3"), Table(before=(Result.known(porz, "6-6-5/3"),)))
    assert [c.move for c in choices] == [Move(False, ()), Move(True)]
    assert math.isclose(choices[0].value, (16 + 5 + 24) / 216)
    assert choices[1].value == 0.0  # 642 never beats 665
    # the expected Deckel: lose with probability 171/216, receiving 1 for 665
    assert math.isclose(choices[0].expected_deckel, 171 / 216)


def test_mit_ist_shit_and_fewer_throws() -> None:
    porz = load_rules("porz")
    ferschweiler = load_rules("ferschweiler")
    e = Result.known(porz, "1-1-4/2")
    # the same Schock 4 in 2 throws loses to the earlier player (Mit ist Shit) ...
    same = solve(porz, parse_state("1-1+4 2/3"), Table(before=(e,)))
    stop = next(c for c in same if c.move.stop)
    assert stop.p_not_lose == 0.0
    # ... but wins in 1 throw where fewer throws count, and not under ferschweiler
    assert (
        next(
            c for c in solve(porz, parse_state("1-1-4 1/3"), Table(before=(e,))) if c.move.stop
        ).p_not_lose
        == 1.0
    )
    e2 = Result.known(ferschweiler, "1-1-4/2")
    fer = solve(ferschweiler, parse_state("1-1-4 1/3"), Table(before=(e2,)))
    assert next(c for c in fer if c.move.stop).p_not_lose == 0.0


def test_covered_result_is_a_distribution() -> None:
    porz = load_rules("porz")
    r = Result.covered(porz, [1, 1], 1, 3)
    g4 = grade(porz, evaluate(porz, Outcome((1, 1, 4), 3, False)), 3)
    assert math.isclose(r.p_above(g4), 3 / 6)  # 5, 6 or 1
    assert math.isclose(r.p_at_least(g4), 4 / 6)
    with pytest.raises(InvalidInputError, match="3 dice"):
        Result.covered(porz, [1, 1], 2, 3)


def test_deckel_objective_counts_the_best_result_and_the_stock() -> None:
    porz = load_rules("porz")
    before = (Result.known(porz, "1-1-6/1"),)  # Schock 6: 6 Deckel if I lose
    state = parse_state("2-3-5 2/2")  # nothing left: I must stop
    full = solve(porz, state, Table(before=before, stock=13), Objective.DECKEL)
    assert full[0].expected_deckel == 6.0 and full[0].value == -6.0
    capped = solve(porz, state, Table(before=before, stock=4), Objective.DECKEL)
    assert capped[0].value == -4.0  # only 4 left in the Stock
    blind = solve(porz, state, Table(before=before, stock=13, blind=True), Objective.DECKEL)
    assert blind[0].value == -12.0
    aus = solve(
        porz,
        state,
        Table(before=(Result.known(porz, "1-1-1/3"),), stock=0, mine=5),
        Objective.DECKEL,
    )
    assert aus[0].value == -8.0  # Schock Aus: every other Deckel of the half


def test_net_objective_gives_away_own_deckel_once_the_stock_is_empty() -> None:
    porz = load_rules("porz")
    state = parse_state("1-1-6 1/1")
    table = Table(before=(Result.known(porz, "2-3-5/1"),), stock=0, mine=3)
    net = solve(porz, state, table, Objective.NET)
    assert net[0].value == 3.0  # Schock 6 owes 6, but I hold only 3 to give


def test_first_player_limit_changes_later_players() -> None:
    porz = load_rules("porz")
    # as the round's first player, stopping on a Schock 4 at once keeps the others to one throw
    first = solve(porz, parse_state("1-1-4 1/*"), Table(after=1))
    later = solve(porz, parse_state("1-1-4 1/3"), Table(after=1))
    p_first = next(c for c in first if c.move.stop).value
    p_later = next(c for c in later if c.move.stop).value
    assert p_first > p_later  # the next player has 1 throw instead of 3


def test_reference_is_stronger_with_more_throws() -> None:
    for preset in PRESETS:
        rules = load_rules(preset)
        g = grade(rules, evaluate(rules, Outcome((6, 5, 3))), 1)
        assert reference(rules, 1).p_above(g) < reference(rules, rules.max_throws).p_above(g)


@pytest.mark.parametrize("preset", PRESETS)
def test_reference_is_nearly_unexploitable(preset: str) -> None:
    """No way of playing gains much more against the later players' model than the
    model gains against itself (fictitious play; best answers alone go round in circles)."""
    rules = load_rules(preset)
    assert exploitability(rules, 1) == pytest.approx(0.0, abs=1e-12)  # one throw: no choice
    for limit in (2, 3):
        assert 0.0 <= exploitability(rules, limit) < 0.03


def test_policy_table_covers_every_state() -> None:
    rules = load_rules("mosel")
    solver = TurnSolver(rules, 3, lambda d, h, u: float(d == (1, 1, 1)))
    policy = solver.policy()
    assert len(policy) == 56 + 2 * (56 + 6 * 21 + 21 * 6)  # every kept pair and throw
    assert policy[((), (1, 1, 1), 1)].stop
    assert policy[((), (1, 1, 5), 1)] == Move(False, (1, 1))


# ---------------------------------------------------------------- notation and bad input


@pytest.mark.parametrize("text", ["1-1+4 2/3", "1+4-6 2/*", "2-3-5 1/1", "1-6-6 1/*"])
def test_state_notation_round_trips(text: str) -> None:
    assert format_state(parse_state(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1-1-4-2 1/3", "3 dice, got 4"),
        ("1-1-7 1/3", "7"),
        ("1-1-4", "expected"),
        ("1-1-4 1-3", "bad throw count"),
        ("1-1-4+ 2/3", "at least one die"),
        ("1-1-4 x/3", "bad throw count"),
    ],
)
def test_malformed_states(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_state(text)


@pytest.mark.parametrize(
    ("preset", "state", "message"),
    [
        ("porz", TurnState((), (1, 1, 4), 4, 3), "throws used must be 1 to 3"),
        ("porz", TurnState((), (1, 1, 4), 1, 4), "limit is 1 to 3"),
        ("porz", TurnState((5,), (1, 4), 2, 3), "keeps only 1s"),
        ("porz", TurnState((1,), (1, 4), 1, 3), "nothing can be kept before the first throw"),
        ("porz", TurnState((1, 1, 1), (), 2, 3), "at least one thrown"),
        ("mosel", TurnState((), (0, 1, 4), 1, 3), "1 to 6"),
    ],
)
def test_impossible_states_are_refused(preset: str, state: TurnState, message: str) -> None:
    rules = load_rules(preset)
    with pytest.raises(InvalidInputError, match=message):
        check_state(rules, state)
    with pytest.raises(InvalidInputError, match=message):
        solve(rules, state, Table(after=1))


def test_bad_objective_and_table() -> None:
    porz = load_rules("porz")
    with pytest.raises(InvalidInputError, match="unknown objective 'fun'"):
        solve(porz, parse_state("1-1-4 1/3"), Table(after=1), "fun")
    with pytest.raises(InvalidInputError, match="at least one other player"):
        Table()
    with pytest.raises(InvalidInputError, match="cap must be 1 to 3"):
        TurnSolver(porz, 4, lambda d, h, u: 0.0)


def test_kind_of_best_move_on_schock_is_stop() -> None:
    porz = load_rules("porz")
    choices = solve(porz, parse_state("1-1-6 1/3"), Table(after=2))
    assert choices[0].move.stop
    assert evaluate(porz, Outcome((1, 1, 6))).kind is Kind.SCHOCK


def test_two_player_round_the_second_answers_what_he_sees() -> None:
    """As the first of two, a shown Schock 4 after one throw loses only to a
    one-throw Schock 5, Schock 6 or Schock Aus of the second player: 7 in 216."""
    porz = load_rules("porz")
    duel = solve(porz, parse_state("1-1-4 1/*"), Table(after=1))
    stop = next(c for c in duel if c.move.stop)
    assert math.isclose(stop.p_not_lose, 209 / 216)
    assert math.isclose(stop.expected_deckel, (3 * 5 + 3 * 6 + 1 * 13) / 216)


def test_two_player_round_covered_result_after_the_last_throw() -> None:
    """After his third throw the first player's result stays covered; the second
    player sees only the dice on the table (1-1) and plays against 1-1-?.
    Not knowing the 4 can only lower his chance to beat it."""
    porz = load_rules("porz")
    problem = _problem(porz, Table(after=1), None, Objective.LOSS)
    covered = problem.metrics((1, 1), (4,), 3).p_not_lose
    shown = problem.metrics((1, 1), (4,), 3, covered=False).p_not_lose
    # shown: he beats 1-1-4/3 with Schock 5, 6, Aus, or a Schock 4 in fewer throws
    beat = probability(
        porz,
        lambda e: e.all_deckel or (e.kind is Kind.SCHOCK and e.value >= 5),
        3,
    )
    assert shown < 1 - float(beat)
    assert covered > shown
    assert solve(porz, parse_state("1-1+4 3/*"), Table(after=1))[0].p_not_lose == covered


# ---------------------------------------------------------------- house rules (issue 16)

LADDER_NAMES = ("schock_aus", "jule", "schock", "general", "strasse")


@st.composite
def house_rules(draw: st.DrawFn) -> Rules:
    """A preset with every issue-16 field (and the turn's fields) at a random value."""
    ladder = draw(st.permutations(LADDER_NAMES))
    jule = draw(st.booleans())
    general = draw(st.booleans())
    on = [k for k in ladder if (k != "jule" or jule) and (k != "general" or general)]
    return load_rules(draw(st.sampled_from(PRESETS))).replace(
        general=general,
        jule=jule,
        jule_deckel=draw(st.integers(1, 13)),
        jule_on_hand=draw(st.booleans()),
        ladder=">".join(ladder),
        # a Schock Aus that ends the half must top the ladder (else the model refuses)
        schock_aus_keeps=on[0] != "schock_aus" or draw(st.booleans()),
        take_back=draw(st.booleans()),
        last_throw_covered=draw(st.booleans()),
        set_aside=draw(st.sampled_from(list(SetAside))),
        sixes_turning=draw(st.booleans()),
        schock_doof_above_general=draw(st.booleans()),
    )


@settings(max_examples=25, deadline=None)
@given(
    rules=house_rules(),
    seed=st.integers(0, 10**6),
    thrown=st.lists(st.integers(1, 6), min_size=1, max_size=3),
)
def test_solver_agrees_with_brute_force_under_house_rules(
    rules: Rules, seed: int, thrown: list[int]
) -> None:
    """The solver's grades under a random ladder/Jule/General/take-back against plain
    enumeration: the utility is "beat a random grade" (a later player's view)."""
    kept = _kept(rules, seed, thrown)
    used = 2 if kept else 1
    cap = 3 if kept else 2
    other = evaluate(rules, Outcome(((seed % 6) + 1, (seed // 6) % 6 + 1, (seed // 36) % 6 + 1)))
    bar = grade(rules, other, 2)

    def u(dice: tuple[int, ...], hand: bool, n: int) -> float:
        return float(grade(rules, evaluate(rules, Outcome(dice, n, hand)), n) > bar)

    solver = TurnSolver(rules, cap, u)
    value, _ = solver.after(tuple(sorted(kept)), tuple(sorted(thrown)), used)
    assert math.isclose(value, brute(rules, u, cap, kept, thrown, used), abs_tol=1e-9)


@settings(max_examples=15, deadline=None)
@given(rules=house_rules(), data=st.data())
def test_odds_agree_with_brute_force_under_house_rules(rules: Rules, data: st.DataObject) -> None:
    """Each odds row (Jule's included) from the first throw of a 2-throw turn."""
    from schock.solver.odds import row_targets

    name, target = data.draw(st.sampled_from(sorted(row_targets(rules).items())))
    throws = 2

    def hit(dice: tuple[int, ...], hand: bool, n: int) -> float:
        return float(target(evaluate(rules, Outcome(dice, n, hand))))

    total = 0.0
    for roll in itertools.product(range(1, 7), repeat=3):
        total += brute(rules, hit, throws, [], list(roll), 1)
    assert math.isclose(float(probability(rules, target, throws)), total / 216, abs_tol=1e-9), name


def test_take_back_off_keeps_the_table_dice() -> None:
    """With take_back off, a kept 5 cannot go back: the best chance of Schock Aus
    from 5 kept + 1-1 drops to nothing, while with take-back it is 1/6 per throw."""
    rules = load_rules("mosel")
    off = rules.replace(take_back=False)

    def schock_aus(dice: tuple[int, ...], hand: bool, n: int) -> float:
        return float(dice == (1, 1, 1))

    on_value, _ = TurnSolver(rules, 3, schock_aus).after((5,), (1, 1), 2)
    off_value, _ = TurnSolver(off, 3, schock_aus).after((5,), (1, 1), 2)
    assert math.isclose(on_value, 1 / 6) and off_value == 0.0
