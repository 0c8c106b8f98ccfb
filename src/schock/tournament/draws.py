"""Table draws for a tournament: who sits with whom, round by round.

A draw splits the players into tables (:func:`table_sizes`) for every round so
that pairs of players meet as rarely as possible over the whole event, team-mates
sit apart where they can, and the seats at the odd-sized tables (the table of 4
among tables of 3) rotate fairly. Everything is seeded and reproducible: the same
arguments give the same draw on any machine and under any load, because the
searches count their work in steps, not in seconds.

Two methods, tried in this order:

1. known constructions, with the players relabelled by a seeded permutation:
   the circle method for tables of 2 (n - 1 rounds for even n), the parallel
   classes of lines of the affine geometry AG(m, p) for p^m players at tables of
   p (p = 3, 5: 9, 25, 27 players), the cosets of a spread of planes of GF(2)^m
   (16 players at tables of 4 for 5 rounds, 64 for 21), and for 32 players at tables of 4 up to
   10 rounds (the social golfer problem 8-4-10) and 18 at tables of 3 up to 8
   rounds (a nearly Kirkman triple system), two affine planes of order 4 or 3
   with every point doubled and signs from a linear system over GF(2)
   (:mod:`schock.tournament.draws_designs`);
2. a tabu search over swaps inside a round (:mod:`schock.tournament.draws_search`), from a greedy start, minimizing
   repeat meetings, then team conflicts, under the rotation rule below. It
   handles any head count and table size, and finds the Kirkman schedules
   (15 players in 7 rounds of triples, 21 in 8) and 18 players in 7 rounds
   within about a second. When a construction leaves team-mates together that a
   relabelling of the players cannot separate, the search starts from it.

Fairness of the odd tables: when the tables differ in size, the players at the
tables whose size is not the nominal one are chosen from those who sat there
least so far (ties broken by the search), so at every round the counts of such
seats differ by at most one between any two players.

>>> table_sizes(13, 3)
[4, 3, 3, 3]
>>> rounds = plan_draws(players=12, table_size=3, rounds=4, seed=1)
>>> [len(r) for r in rounds], repeat_count(rounds)
([4, 4, 4, 4], 0)
>>> repeat_lower_bound(12, 3, 6)
6
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence

from schock.errors import InvalidInputError
from schock.tournament.draws_designs import Round, Schedule, _construction
from schock.tournament.draws_search import STEPS_PER_SECOND, _Swaps

__all__ = [
    "next_draw",
    "plan_draws",
    "repeat_count",
    "repeat_lower_bound",
    "table_sizes",
]

_MAX_PLAYERS = 2_000
_MAX_ROUNDS = 1_000


# --------------------------------------------------------------------- checks


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise InvalidInputError(f"{name} must be from {low} to {high}, got {value}")
    return value


def _check_time_limit(time_limit: object) -> None:
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, int | float)
        or not (0 <= time_limit <= 3600)
    ):
        raise InvalidInputError(
            f"time_limit must be a number of seconds from 0 to 3600, got {time_limit!r}"
        )


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInputError(f"seed must be a whole number, got {seed!r}")
    return seed


# ---------------------------------------------------------------- public bits


def table_sizes(players: int, table_size: int) -> list[int]:
    """The sizes of the tables for ``players`` at tables of nominal ``table_size``.

    Tables differ by at most one. The nominal size is preferred, then one more;
    one less only where neither works (7 at tables of 4: 4 and 3); never a table
    of 1, a table of 2 only where it cannot be helped. Largest tables first.

    >>> table_sizes(13, 3), table_sizes(12, 4), table_sizes(7, 4), table_sizes(5, 4)
    ([4, 3, 3, 3], [4, 4, 4], [4, 3], [5])
    >>> table_sizes(2, 3)
    [2]
    >>> table_sizes(1, 3)
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: players must be from 2 to 2000, got 1
    """
    n = _whole("players", players, 2, _MAX_PLAYERS)
    k = _whole("table_size", table_size, 2, _MAX_PLAYERS)
    if n <= k + 1:
        return [n]
    tables = n // k
    extra = n - tables * k
    if extra > tables:  # sizes k and k + 1 cannot add up: use k - 1 and k
        tables = -(-n // k)
    base, extra = divmod(n, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def _pairs_met(rounds: Sequence[Sequence[Sequence[int]]]) -> dict[tuple[int, int], int]:
    met: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for table in tables:
            members = sorted(table)
            for i, a in enumerate(members):
                for b in members[i + 1 :]:
                    met[a, b] = met.get((a, b), 0) + 1
    return met


def repeat_count(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    """Repeat meetings: the sum over pairs of ``max(0, meetings - 1)``.

    >>> repeat_count([[[0, 1, 2], [3, 4, 5]], [[0, 1, 3], [2, 4, 5]]])
    2
    """
    return sum(m - 1 for m in _pairs_met(rounds).values() if m > 1)


def repeat_lower_bound(players: int, table_size: int, rounds: int) -> int:
    """A lower bound on :func:`repeat_count` for any draw (a counting argument).

    Each round seats ``sum(s * (s - 1) / 2)`` pairs, all of which beyond the
    ``n * (n - 1) / 2`` distinct pairs are repeats; and each player meets at least
    ``rounds * (smallest table - 1)`` opponents among ``n - 1`` others.

    >>> repeat_lower_bound(15, 3, 7), repeat_lower_bound(15, 3, 8), repeat_lower_bound(9, 3, 5)
    (0, 15, 9)
    """
    sizes = table_sizes(players, table_size)
    r = _whole("rounds", rounds, 1, _MAX_ROUNDS)
    n = players
    total = r * sum(s * (s - 1) // 2 for s in sizes) - n * (n - 1) // 2
    per_player = n * max(0, r * (min(sizes) - 1) - (n - 1))
    return max(0, total, -(-per_player // 2))


# ------------------------------------------------------------------ the draws


def _relabel(schedule: Schedule, perm: list[int]) -> Schedule:
    return [[[perm[p] for p in table] for table in tables] for tables in schedule]


def _tidy(tables: Sequence[Sequence[int]]) -> Round:
    return sorted((sorted(t) for t in tables), key=lambda t: (-len(t), t))


def _team_ids(teams: Sequence[Hashable | None] | None, n: int) -> list[int]:
    if teams is None:
        return [-1] * n
    if isinstance(teams, str | bytes) or not isinstance(teams, Sequence):
        raise InvalidInputError(
            f"teams must be a sequence with one team (or None) per player, got {teams!r}"
        )
    if len(teams) != n:
        raise InvalidInputError(
            f"teams must have one entry per player: {n} players, got {len(teams)} entries"
        )
    ids: dict[Hashable, int] = {}
    out = []
    for i, t in enumerate(teams):
        if t is None:
            out.append(-1)
            continue
        try:
            out.append(ids.setdefault(t, len(ids)))
        except TypeError:
            raise InvalidInputError(
                f"teams[{i}] must be a hashable team name or None, got {t!r}"
            ) from None
    return out


def _team_lower_bound(team: list[int], tables: int, rounds: int) -> int:
    sizes: dict[int, int] = {}
    for t in team:
        if t >= 0:
            sizes[t] = sizes.get(t, 0) + 1
    per_round = 0
    for s in sizes.values():
        q, extra = divmod(s, tables)
        per_round += extra * (q + 1) * q // 2 + (tables - extra) * q * (q - 1) // 2
    return per_round * rounds


def _team_conflicts(schedule: Schedule, team: list[int]) -> int:
    count = 0
    for tables in schedule:
        for table in tables:
            for i, a in enumerate(table):
                if team[a] >= 0:
                    count += sum(1 for b in table[i + 1 :] if team[b] == team[a])
    return count


def _separate_teams(
    schedule: Schedule, team: list[int], rng: random.Random, budget: int
) -> tuple[Schedule, int]:
    """Relabel the players of ``schedule`` to seat team-mates apart (repeats unchanged);
    the new schedule and the steps spent."""
    n = len(team)
    label = list(range(n))  # position p of the schedule is played by label[p]
    rounds = len(schedule)
    mates: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(rounds)]
    for r, tables in enumerate(schedule):
        for table in tables:
            for p in table:
                mates[r][p] = [q for q in table if q != p]

    def clashes(p: int, who: int, skip: int) -> int:
        t = team[who]
        if t < 0:
            return 0
        return sum(
            1 for r in range(rounds) for q in mates[r][p] if q != skip and team[label[q]] == t
        )

    current = _team_conflicts(_relabel(schedule, label), team)
    steps = 0
    while current and steps < budget:
        improved = False
        order = list(range(n))
        rng.shuffle(order)
        for p in order:
            if team[label[p]] < 0 or clashes(p, label[p], -1) == 0:
                continue
            for q in range(n):
                if q == p or team[label[q]] == team[label[p]]:
                    continue
                steps += rounds
                before = clashes(p, label[p], q) + clashes(q, label[q], p)
                after = clashes(p, label[q], q) + clashes(q, label[p], p)
                if after < before:
                    label[p], label[q] = label[q], label[p]
                    current -= before - after
                    improved = True
                    break
        if not improved:
            break
    return _relabel(schedule, label), steps


def plan_draws(
    players: int,
    table_size: int,
    rounds: int,
    seed: int = 0,
    *,
    teams: Sequence[Hashable | None] | None = None,
    time_limit: float = 10.0,
    fair_rotation: bool = True,
) -> list[list[list[int]]]:
    """The draws of a whole event: rounds -> tables -> player indices (0-based).

    Each table is sorted, tables are ordered largest first, then by their first
    player. ``teams`` gives each player's team (or None); team-mates are kept
    apart where that costs no repeat. ``time_limit`` is the search's budget in
    nominal seconds, counted in steps (:data:`STEPS_PER_SECOND`), so the draw
    depends only on the arguments.

    When the tables differ in size, ``fair_rotation`` (the default) makes the
    rotation of the odd-table seats a hard rule: after every round the players'
    counts of such seats differ by at most one. That can cost repeats (13 players
    at tables of 3 over 4 rounds: every fair draw has at least 6, and the search
    finds 6; without the rule 0 are possible); with
    ``fair_rotation=False`` repeats come first, team-mates second, the rotation
    third.

    >>> draws = plan_draws(13, 3, 4, seed=7, fair_rotation=False, time_limit=1)
    >>> [[len(t) for t in r] for r in draws][0], repeat_count(draws)
    ([4, 3, 3, 3], 0)
    >>> draws == plan_draws(13, 3, 4, seed=7, fair_rotation=False, time_limit=1)
    True
    >>> fair = plan_draws(13, 3, 4, seed=7, time_limit=1)
    >>> [r[0] for r in fair], repeat_count(fair)  # the tables of 4: nobody twice before all once
    ([[1, 3, 6, 12], [2, 8, 10, 11], [0, 4, 7, 9], [1, 4, 5, 11]], 6)
    >>> plan_draws(13, 3, 0)
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: rounds must be from 1 to 1000, got 0
    """
    sizes = table_sizes(players, table_size)
    n, k = players, table_size
    r = _whole("rounds", rounds, 1, _MAX_ROUNDS)
    seed = _check_seed(seed)
    _check_time_limit(time_limit)
    team = _team_ids(teams, n)
    if not isinstance(fair_rotation, bool):
        raise InvalidInputError(f"fair_rotation must be true or false, got {fair_rotation!r}")
    rng = random.Random(f"schock-draws/{n}/{k}/{r}/{seed}")
    budget = max(1, int(time_limit * STEPS_PER_SECOND))
    bound = repeat_lower_bound(n, k, r)
    team_bound = _team_lower_bound(team, len(sizes), r)
    has_teams = any(t >= 0 for t in team)
    uniform = len(set(sizes)) == 1

    spent = 0  # steps outside the tabu search

    def finish(schedule: Schedule) -> list[list[list[int]]]:
        return [_tidy(t) for t in schedule]

    def relabelled(schedule: Schedule) -> Schedule:
        nonlocal spent
        perm = list(range(n))
        rng.shuffle(perm)
        out = _relabel(schedule, perm)
        if has_teams:
            out, used = _separate_teams(out, team, rng, (budget - spent) // 4)
            spent += used
        return out

    # 1. a known construction
    found = _construction(n, sizes[0], r) if uniform and bound == 0 else None
    if found is not None:
        found = relabelled(found)
        if _team_conflicts(found, team) <= team_bound:
            return finish(found)
    search = _Swaps(n, sizes, r, rng, nominal=k, team=team, strict=fair_rotation)
    target = bound * search.w_repeat + team_bound * search.w_team
    if found is not None:  # team-mates left together: search on from the construction
        search.restart_from(found)
        return finish(search.search(budget - spent, target))
    # 2. the tabu search from a greedy start
    return finish(search.search(budget - spent, target))


def next_draw(
    players: Sequence[int],
    table_size: int,
    history: Sequence[Sequence[Sequence[int]]],
    seed: int = 0,
    *,
    teams: Mapping[int, Hashable] | None = None,
    short_table_counts: Mapping[int, int] | None = None,
    fair_rotation: bool = True,
    time_limit: float = 2.0,
) -> list[list[int]]:
    """One re-draw for the players still in (any ids), avoiding earlier meetings.

    ``history`` is the earlier rounds' tables (ids; players no longer in may
    appear). ``short_table_counts`` says how often each player sat at an
    odd-sized table so far (the table of 4 among tables of 3, of 3 among tables
    of 4); by default it is counted from ``history``. The odd seats of this round
    go to those with the fewest (with ``fair_rotation``, the default, as a hard
    rule; otherwise only where it costs no repeat). ``teams`` maps ids to teams
    (missing: no team). ``time_limit`` as for :func:`plan_draws`.

    >>> history = [[[1, 2, 3], [4, 5, 6], [7, 8, 9]]]
    >>> draw = next_draw([1, 2, 4, 5, 7, 8], 3, history, seed=3)
    >>> repeat_count([*history, draw])
    0
    >>> draw
    [[1, 5, 8], [2, 4, 7]]
    """
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise InvalidInputError(f"players must be a sequence of player ids, got {players!r}")
    ids = list(players)
    for p in ids:
        if isinstance(p, bool) or not isinstance(p, int):
            raise InvalidInputError(f"players must be whole-number ids, got {p!r}")
    if len(set(ids)) != len(ids):
        dup = sorted({p for p in ids if ids.count(p) > 1})
        raise InvalidInputError(f"players must not repeat an id, got {dup[0]} twice")
    sizes = table_sizes(len(ids), table_size)
    seed = _check_seed(seed)
    _check_time_limit(time_limit)
    index = {p: i for i, p in enumerate(sorted(ids))}
    order = sorted(ids)
    n = len(ids)
    meet0 = [[0] * n for _ in range(n)]
    if isinstance(history, str | bytes) or not isinstance(history, Sequence):
        raise InvalidInputError("history must be a list of rounds, each a list of tables of ids")
    for r, tables in enumerate(history):
        if isinstance(tables, str | bytes) or not isinstance(tables, Sequence):
            raise InvalidInputError(f"history[{r}] must be a list of tables, got {tables!r}")
        for t, table in enumerate(tables):
            if isinstance(table, str | bytes) or not isinstance(table, Sequence):
                raise InvalidInputError(
                    f"history[{r}][{t}] must be a list of player ids, got {table!r}"
                )
            inside = [index[p] for p in table if p in index]
            for i, a in enumerate(inside):
                for b in inside[i + 1 :]:
                    meet0[a][b] += 1
                    meet0[b][a] += 1
    team = [-1] * n
    if teams is not None:
        if not isinstance(teams, Mapping):
            raise InvalidInputError(f"teams must map player ids to teams, got {teams!r}")
        names: dict[Hashable, int] = {}
        for pid, name in teams.items():
            if pid in index and name is not None:
                if name not in names:
                    names[name] = len(names)
                team[index[pid]] = names[name]
    odd0 = [0] * n
    if short_table_counts is None:
        for tables in history:
            sizes_then = [len(t) for t in tables]
            if len(set(sizes_then)) < 2:
                continue
            main = table_size if table_size in sizes_then else max(sizes_then)
            for table in tables:
                if len(table) != main:
                    for p in table:
                        if p in index:
                            odd0[index[p]] += 1
    else:
        if not isinstance(short_table_counts, Mapping):
            raise InvalidInputError(
                f"short_table_counts must map player ids to counts, got {short_table_counts!r}"
            )
        for p, c in short_table_counts.items():
            if isinstance(c, bool) or not isinstance(c, int) or c < 0:
                raise InvalidInputError(
                    f"short_table_counts[{p!r}] must be a whole number from 0, got {c!r}"
                )
            if p in index:
                odd0[index[p]] = c
    rng = random.Random(f"schock-next-draw/{n}/{table_size}/{seed}")
    if not isinstance(fair_rotation, bool):
        raise InvalidInputError(f"fair_rotation must be true or false, got {fair_rotation!r}")
    search = _Swaps(
        n,
        sizes,
        1,
        rng,
        nominal=table_size,
        team=team,
        meet0=meet0,
        odd0=odd0,
        strict=fair_rotation,
    )
    old = sum(max(0, m - 1) for i, row in enumerate(meet0) for m in row[i + 1 :])
    target = old * search.w_repeat + _team_lower_bound(team, len(sizes), 1) * search.w_team
    best = search.search(max(1, int(time_limit * STEPS_PER_SECOND)), target)
    return _tidy([[order[p] for p in table] for table in best[0]])
