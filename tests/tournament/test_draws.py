"""Table draws: sizes, repeat-free schedules, reproducibility, teams, rotation, re-draws."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schock import InvalidInputError
from schock.tournament import next_draw, plan_draws, repeat_count, repeat_lower_bound, table_sizes


def check_partition(draws: list[list[list[int]]], players: int, table_size: int) -> None:
    sizes = table_sizes(players, table_size)
    for tables in draws:
        assert sorted(p for t in tables for p in t) == list(range(players))
        assert [len(t) for t in tables] == sizes  # largest first, as table_sizes
        assert all(t == sorted(t) for t in tables)
        assert tables == sorted(tables, key=lambda t: (-len(t), t))


def odd_seat_spreads(draws: list[list[list[int]]], players: int, table_size: int) -> list[int]:
    """After each round: max - min over players of seats at odd-sized tables."""
    nominal = table_size
    counts = [0] * players
    spreads = []
    for tables in draws:
        for t in tables:
            if len(t) != nominal:
                for p in t:
                    counts[p] += 1
        spreads.append(max(counts) - min(counts))
    return spreads


# ------------------------------------------------------------------ table sizes


@pytest.mark.parametrize(
    ("players", "table_size", "sizes"),
    [
        (13, 3, [4, 3, 3, 3]),
        (12, 3, [3, 3, 3, 3]),
        (14, 3, [4, 4, 3, 3]),
        (7, 4, [4, 3]),
        (11, 4, [4, 4, 3]),
        (5, 4, [5]),
        (5, 3, [3, 2]),
        (4, 3, [4]),
        (2, 3, [2]),
        (2, 2, [2]),
        (3, 2, [3]),
        (30, 6, [6, 6, 6, 6, 6]),
        (31, 6, [7, 6, 6, 6, 6]),
        (29, 6, [6, 6, 6, 6, 5]),
    ],
)
def test_table_sizes(players: int, table_size: int, sizes: list[int]) -> None:
    assert table_sizes(players, table_size) == sizes


@given(st.integers(2, 300), st.integers(2, 8))
def test_table_sizes_properties(players: int, table_size: int) -> None:
    sizes = table_sizes(players, table_size)
    assert sum(sizes) == players
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= 2
    assert sizes == sorted(sizes, reverse=True)
    k = table_size
    if players > k + 1 and not set(sizes) <= {k, k + 1}:
        # only where the nominal size and one more cannot add up
        assert all((players - a * (k + 1)) % k for a in range(players // (k + 1) + 1))
        assert max(sizes) <= k
    if min(sizes) == 2:  # a table of 2 only where it cannot be helped
        assert k == 2 or players == 2 or (players, k) == (5, 3)


@pytest.mark.parametrize(
    ("args", "word"),
    [
        ((1, 3), "players"),
        ((0, 3), "players"),
        ((10, 1), "table_size"),
        ((10, 0), "table_size"),
        (("10", 3), "players"),
        ((10, 3.0), "table_size"),
        ((True, 3), "players"),
    ],
)
def test_table_sizes_bad_input(args: tuple[object, object], word: str) -> None:
    with pytest.raises(InvalidInputError, match=word):
        table_sizes(*args)  # type: ignore[arg-type]


# ------------------------------------------------------ repeats and the bound


def test_repeat_count_counts_extra_meetings() -> None:
    rounds = [[[0, 1, 2]], [[0, 1, 2]], [[0, 1, 3]]]
    # 0-1 three times (2 repeats), 0-2 and 1-2 twice (1 each)
    assert repeat_count(rounds) == 4
    assert repeat_count([]) == 0


def test_lower_bound_counting() -> None:
    assert repeat_lower_bound(15, 3, 7) == 0
    assert repeat_lower_bound(15, 3, 8) == 15  # each player meets 16 of 14 others
    assert repeat_lower_bound(12, 3, 6) == 6
    assert repeat_lower_bound(4, 4, 3) == 12
    assert repeat_lower_bound(13, 3, 4) == 0


@given(st.integers(2, 20), st.integers(2, 5), st.integers(1, 4))
@settings(max_examples=25, deadline=None)
def test_lower_bound_holds(players: int, table_size: int, rounds: int) -> None:
    draws = plan_draws(players, table_size, rounds, time_limit=0.02)
    assert repeat_count(draws) >= repeat_lower_bound(players, table_size, rounds)


# ------------------------------------------------------- the benchmark cases

FAST_CASES = [
    (30, 3, 2),
    (24, 4, 4),
    (40, 4, 4),
    (48, 6, 3),
    (12, 3, 4),
    (18, 3, 7),
    (21, 3, 8),
    (15, 3, 7),
    (32, 4, 8),
    (16, 4, 5),
    (27, 3, 13),
    (25, 5, 6),
    (20, 2, 19),
]


@pytest.mark.parametrize(("players", "table_size", "rounds"), FAST_CASES)
def test_repeat_free_cases(players: int, table_size: int, rounds: int) -> None:
    draws = plan_draws(players, table_size, rounds, seed=3)
    assert len(draws) == rounds
    check_partition(draws, players, table_size)
    assert repeat_count(draws) == 0


def test_forced_repeats_reach_the_bound() -> None:
    draws = plan_draws(12, 3, 6, seed=0, time_limit=2)
    check_partition(draws, 12, 3)
    bound = repeat_lower_bound(12, 3, 6)
    assert bound <= repeat_count(draws) <= bound + 2


def test_not_a_shuffle() -> None:
    # independent random rounds repeat opponents; the draw does not
    draws = plan_draws(24, 4, 5, seed=1)
    assert repeat_count(draws) == 0


# ---------------------------------------------------------- reproducibility


@pytest.mark.parametrize(("players", "table_size", "rounds"), [(15, 3, 7), (13, 3, 3), (32, 4, 8)])
def test_same_seed_same_draw(players: int, table_size: int, rounds: int) -> None:
    a = plan_draws(players, table_size, rounds, seed=11, time_limit=0.5)
    b = plan_draws(players, table_size, rounds, seed=11, time_limit=0.5)
    assert a == b


@pytest.mark.parametrize(("players", "table_size", "rounds"), [(15, 3, 7), (13, 3, 3), (32, 4, 8)])
def test_other_seed_other_draw(players: int, table_size: int, rounds: int) -> None:
    draws = [plan_draws(players, table_size, rounds, seed=s, time_limit=0.5) for s in range(4)]
    assert len({repr(d) for d in draws}) >= 3


# ------------------------------------------------------------------- teams


def team_conflicts(draws: list[list[list[int]]], teams: list[int | None]) -> int:
    return sum(
        1
        for tables in draws
        for t in tables
        for a, b in itertools.combinations(t, 2)
        if teams[a] is not None and teams[a] == teams[b]
    )


@pytest.mark.parametrize(("players", "table_size", "rounds"), [(24, 4, 4), (16, 4, 4), (30, 3, 2)])
def test_team_mates_apart(players: int, table_size: int, rounds: int) -> None:
    # teams as large as a table: without care they would meet
    teams: list[int | None] = [p // table_size for p in range(players)]
    draws = plan_draws(players, table_size, rounds, seed=2, teams=teams)
    check_partition(draws, players, table_size)
    assert team_conflicts(draws, teams) == 0
    assert repeat_count(draws) == 0


def test_teams_with_names_and_none() -> None:
    teams: list[str | None] = ["Rot", "Rot", "Blau", "Blau", None, None, "Rot", "Blau", None]
    draws = plan_draws(9, 3, 2, seed=0, teams=teams)
    assert team_conflicts(draws, teams) == 0  # type: ignore[arg-type]


def test_bad_teams() -> None:
    with pytest.raises(InvalidInputError, match="teams"):
        plan_draws(9, 3, 2, teams=[1, 2])
    with pytest.raises(InvalidInputError, match="teams"):
        plan_draws(3, 3, 1, teams="abc")
    with pytest.raises(InvalidInputError, match=r"teams\[1\]"):
        plan_draws(3, 3, 1, teams=[1, [2], 3])  # type: ignore[list-item]


# ---------------------------------------------------------------- rotation


def test_short_table_rotation_13_at_3() -> None:
    draws = plan_draws(13, 3, 4, seed=0, time_limit=2)
    check_partition(draws, 13, 3)
    # nobody sits at the table of 4 twice before everyone has sat there once
    assert odd_seat_spreads(draws, 13, 3) == [1, 1, 1, 1]
    # with a fair rotation, repeats cannot be avoided (CP-SAT proves 0 infeasible);
    # the search stays close to the best it knows (6)
    assert repeat_count(draws) <= 8


def test_repeats_first_when_asked() -> None:
    draws = plan_draws(13, 3, 4, seed=0, time_limit=2, fair_rotation=False)
    check_partition(draws, 13, 3)
    assert repeat_count(draws) == 0


@given(st.integers(5, 40), st.integers(3, 5), st.integers(1, 5), st.integers(0, 3))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_rotation_always_fair(players: int, table_size: int, rounds: int, seed: int) -> None:
    draws = plan_draws(players, table_size, rounds, seed=seed, time_limit=0.05)
    check_partition(draws, players, table_size)
    assert all(s <= 1 for s in odd_seat_spreads(draws, players, table_size))


# ------------------------------------------------------------ properties


@given(st.integers(2, 60), st.integers(2, 6), st.integers(1, 6), st.integers(0, 10**6))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_size_gives_valid_rounds(players: int, table_size: int, rounds: int, seed: int) -> None:
    draws = plan_draws(players, table_size, rounds, seed=seed, time_limit=0.02)
    assert len(draws) == rounds
    check_partition(draws, players, table_size)


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"players": 1, "table_size": 3, "rounds": 2}, "players"),
        ({"players": 12, "table_size": 1, "rounds": 2}, "table_size"),
        ({"players": 12, "table_size": 3, "rounds": 0}, "rounds"),
        ({"players": 12, "table_size": 3, "rounds": 2.5}, "rounds"),
        ({"players": 12, "table_size": 3, "rounds": 2, "seed": "x"}, "seed"),
        ({"players": 12, "table_size": 3, "rounds": 2, "time_limit": -1}, "time_limit"),
        ({"players": 12, "table_size": 3, "rounds": 2, "fair_rotation": "yes"}, "fair_rotation"),
    ],
)
def test_plan_draws_bad_input(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(InvalidInputError, match=word):
        plan_draws(**kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------- re-draws


def test_next_draw_avoids_earlier_opponents() -> None:
    ids = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112]
    history = [[[101, 102, 103], [104, 105, 106], [107, 108, 109], [110, 111, 112]]]
    draw = next_draw(ids, 3, history, seed=0)
    assert sorted(p for t in draw for p in t) == ids
    assert repeat_count([*history, draw]) == 0
    # two more rounds, each using the history so far
    history.append(draw)
    history.append(next_draw(ids, 3, history, seed=1))
    assert repeat_count(history) == 0


def test_next_draw_after_drop_outs() -> None:
    draws = plan_draws(24, 3, 3, seed=5)
    assert repeat_count(draws) == 0
    still_in = [p for p in range(24) if p % 5]  # 19 left: tables 4, 3, 3, 3, 3, 3
    draw = next_draw(still_in, 3, draws, seed=5)
    assert [len(t) for t in draw] == table_sizes(19, 3)
    assert sorted(p for t in draw for p in t) == still_in
    assert repeat_count([*draws, draw]) == repeat_count(draws)


def test_next_draw_short_tables_go_to_those_with_fewest() -> None:
    ids = list(range(1, 14))
    counts = dict.fromkeys(ids, 1)
    counts[5] = counts[9] = counts[13] = counts[2] = 0
    draw = next_draw(ids, 3, [], seed=0, short_table_counts=counts)
    assert sorted(draw[0]) == [2, 5, 9, 13]


def test_next_draw_team_mates_apart() -> None:
    ids = list(range(10, 22))
    teams = {p: p % 4 for p in ids}
    draw = next_draw(ids, 3, [], seed=4, teams=teams)
    for t in draw:
        assert len({teams[p] for p in t}) == len(t)


@pytest.mark.parametrize(
    ("args", "kwargs", "word"),
    [
        (([1, 2, 2], 3, []), {}, "players"),
        (([1, "b", 3], 3, []), {}, "players"),
        (([1], 3, []), {}, "players"),
        (([1, 2, 3], 1, []), {}, "table_size"),
        (([1, 2, 3], 3, "x"), {}, "history"),
        (([1, 2, 3], 3, [[5]]), {}, r"history\[0\]\[0\]"),
        (([1, 2, 3], 3, []), {"short_table_counts": {1: -1}}, "short_table_counts"),
        (([1, 2, 3], 3, []), {"teams": [1, 2, 3]}, "teams"),
    ],
)
def test_next_draw_bad_input(
    args: tuple[object, ...], kwargs: dict[str, object], word: str
) -> None:
    with pytest.raises(InvalidInputError, match=word):
        next_draw(*args, **kwargs)  # type: ignore[arg-type]
