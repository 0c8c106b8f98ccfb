"""Table draws for a tournament: who sits with whom, round by round.

A draw splits the players into tables (:func:`table_sizes`) for every round so
that pairs of players meet as rarely as possible over the whole event, team-mates
sit apart where they can, and the seats at the odd-sized tables (the table of 4
among tables of 3) rotate fairly. Everything is seeded and reproducible: the same
arguments give the same draw on any machine and under any load, because the
searches count their work in steps, not in seconds.

Three methods, tried in this order (the first that reaches the lower bound wins):

1. known constructions, with the players relabelled by a seeded permutation:
   the circle method for tables of 2, the parallel classes of lines of the affine
   geometry AG(m, p) for p^m players at tables of p (p = 3, 5), and the cosets of
   a partial spread of planes of GF(2)^m for 16 and 32 players at tables of 4;
2. a *developed* schedule: a permutation ``s`` of the players (cycles of equal
   length and a few fixed points) is chosen and round ``i`` is ``s^i`` applied to
   round 0; a tabu search looks for a round 0 whose images never repeat a pair.
   This finds the Kirkman schedules (15 players in 7 rounds of triples,
   21 in 8) and the 32-players-at-tables-of-4 social golfer schedule for 10 rounds
   in well under a second, where a plain search needs much longer or fails;
3. a tabu search over swaps inside a round, from a greedy start, minimizing
   repeat meetings, then team conflicts, under a hard fairness rule for the
   odd-sized tables (see below). It handles any head count and table size.

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

__all__ = [
    "next_draw",
    "plan_draws",
    "repeat_count",
    "repeat_lower_bound",
    "table_sizes",
]

Round = list[list[int]]
Schedule = list[Round]

# The searches count "steps" (one evaluated move each) instead of seconds, so
# the result does not depend on the machine or its load. One nominal second of
# ``time_limit`` buys this many steps (about a second of one core of a 2020s laptop).
STEPS_PER_SECOND = 400_000

_MAX_PLAYERS = 10_000
_MAX_ROUNDS = 1_000


# --------------------------------------------------------------------- checks


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise InvalidInputError(f"{name} must be from {low} to {high}, got {value}")
    return value


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
    schock.errors.InvalidInputError: players must be from 2 to 10000, got 1
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


# ------------------------------------------------------------- the tabu search


class _Swaps:
    """Tabu search over swaps of two players inside one round.

    Cost, in this order: repeat meetings (including meetings given as history,
    ``meet0``), team-mates at one table, and the unfairness of the odd-table
    seats: the sum over rounds of the squared seat counts above its value at
    the greedy start, which gives the seats to the players with the fewest so far
    (``odd0`` counts earlier ones), so that after every round the counts differ
    by at most one (from equal ``odd0``).

    With ``strict`` the rotation is a hard rule instead: no move changes, at any
    round, the multiset of the players' counts. A swap between an odd and an
    even table is then made only between two players with the same count
    before that round, either alone (when the two have the same seats in all
    later rounds) or together with the swap back at the next round where their
    seats differ the other way.
    """

    def __init__(
        self,
        n: int,
        sizes: list[int],
        rounds: int,
        rng: random.Random,
        *,
        nominal: int,
        team: list[int],
        meet0: list[list[int]] | None = None,
        odd0: list[int] | None = None,
        strict: bool = False,
    ) -> None:
        self.strict = strict
        self.n = n
        self.rounds = rounds
        self.rng = rng
        self.team = team
        self.sizes = sizes
        uniform = len(set(sizes)) == 1
        self.odd_table = [not uniform and s != nominal for s in sizes]
        self.meet = [row[:] for row in meet0] if meet0 else [[0] * n for _ in range(n)]
        base = odd0 if odd0 else [0] * n
        most = max(base) + rounds
        self.w_team = 1 + rounds * n * most * most
        pairs = rounds * sum(s * (s - 1) // 2 for s in sizes)
        self.w_repeat = (1 + pairs) * self.w_team
        # cum[r][p]: odd seats of p before round r (r = 0 .. rounds)
        self.cum = [list(base)]
        self.status: list[list[int]] = []
        self.tables: list[Round] = []
        self.where: list[list[int]] = []
        self.steps = 0
        for _ in range(rounds):
            self._greedy_round()
        self.fair_sumsq = self._sumsq()
        self.cost = self._full_cost()

    # -- building

    def _greedy_round(self) -> None:
        n, rng, meet, team = self.n, self.rng, self.meet, self.team
        prior = self.cum[-1]
        order = list(range(n))
        rng.shuffle(order)
        order.sort(key=lambda p: prior[p])
        odd_seats = sum(s for s, odd in zip(self.sizes, self.odd_table, strict=True) if odd)
        odd_pool = set(order[:odd_seats])
        even_pool = set(order[odd_seats:])
        tables: Round = []
        for size, odd in zip(self.sizes, self.odd_table, strict=True):
            pool = odd_pool if odd else even_pool
            first = rng.choice(sorted(pool))
            pool.discard(first)
            table = [first]
            while len(table) < size:
                best: list[int] = []
                best_score = None
                for p in sorted(pool):
                    score = sum(
                        meet[p][q] * 1000 + (team[p] >= 0 and team[p] == team[q]) for q in table
                    )
                    if best_score is None or score < best_score:
                        best, best_score = [p], score
                    elif score == best_score:
                        best.append(p)
                chosen = rng.choice(best)
                pool.discard(chosen)
                table.append(chosen)
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    meet[a][b] += 1
                    meet[b][a] += 1
            tables.append(table)
        self._install(tables)

    def _install(self, tables: Round) -> None:
        prior = self.cum[len(self.tables)]
        where = [0] * self.n
        status = [0] * self.n
        for t, table in enumerate(tables):
            for p in table:
                where[p] = t
                status[p] = int(self.odd_table[t])
        self.tables.append(tables)
        self.where.append(where)
        self.status.append(status)
        self.cum.append([c + s for c, s in zip(prior, status, strict=True)])

    def restart_from(self, schedule: Schedule) -> None:
        """Continue from ``schedule`` (same table sizes per round) instead of the greedy start."""
        n = self.n
        self.meet = [[0] * n for _ in range(n)]
        self.tables, self.where, self.status = [], [], []
        del self.cum[1:]
        for tables in schedule:
            copy = sorted(([*t] for t in tables), key=len, reverse=True)
            for table in copy:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        self.meet[a][b] += 1
                        self.meet[b][a] += 1
            self._install(copy)
        self.cost = self._full_cost()

    def _sumsq(self) -> int:
        return sum(c * c for row in self.cum[1:] for c in row)

    def unfairness(self) -> int:
        """The odd-table part of the cost: 0 when the rotation is fair."""
        return self._sumsq() - self.fair_sumsq

    def _full_cost(self) -> int:
        rep = 0
        for a in range(self.n):
            for b in range(a + 1, self.n):
                if self.meet[a][b] > 1:
                    rep += self.meet[a][b] - 1
        return rep * self.w_repeat + self.team_conflicts() * self.w_team + self.unfairness()

    def team_conflicts(self) -> int:
        team = self.team
        count = 0
        for tables in self.tables:
            for table in tables:
                for i, a in enumerate(table):
                    if team[a] >= 0:
                        count += sum(1 for b in table[i + 1 :] if team[b] == team[a])
        return count

    # -- moves

    def _delta(self, r: int, x: int, y: int) -> int:
        tables = self.tables[r]
        where = self.where[r]
        mx, my = self.meet[x], self.meet[y]
        team = self.team
        tx, ty = team[x], team[y]
        rep = 0
        conf = 0
        for z in tables[where[x]]:
            if z != x:
                rep += (my[z] >= 1) - (mx[z] >= 2)
                tz = team[z]
                if tz >= 0:
                    conf += (tz == ty) - (tz == tx)
        for w in tables[where[y]]:
            if w != y:
                rep += (mx[w] >= 1) - (my[w] >= 2)
                tw = team[w]
                if tw >= 0:
                    conf += (tw == tx) - (tw == ty)
        fair = 0
        st = self.status[r]
        if st[x] != st[y]:
            gain, lose = (y, x) if st[x] else (x, y)
            for s in range(r + 1, self.rounds + 1):
                row = self.cum[s]
                fair += 2 * (row[gain] - row[lose] + 1)
        return rep * self.w_repeat + conf * self.w_team + fair

    def _partner_round(self, r: int, x: int, y: int) -> int | None:
        """For a swap of x and y across an odd and an even table in round r: the
        round of the swap back (``r`` when none is needed), or None if not fair."""
        if self.cum[r][x] != self.cum[r][y]:
            return None
        sx = self.status[r][x]
        for s in range(r + 1, self.rounds):
            st = self.status[s]
            if st[x] != st[y]:
                return s if st[x] == 1 - sx else None
        return r

    def _apply(self, r: int, x: int, y: int, delta: int) -> None:
        tables, where, meet = self.tables[r], self.where[r], self.meet
        a, b = where[x], where[y]
        ta, tb = tables[a], tables[b]
        for z in ta:
            if z != x:
                meet[x][z] -= 1
                meet[z][x] -= 1
                meet[y][z] += 1
                meet[z][y] += 1
        for w in tb:
            if w != y:
                meet[y][w] -= 1
                meet[w][y] -= 1
                meet[x][w] += 1
                meet[w][x] += 1
        ta[ta.index(x)] = y
        tb[tb.index(y)] = x
        where[x], where[y] = b, a
        st = self.status[r]
        if st[x] != st[y]:
            gain, lose = (y, x) if st[x] else (x, y)
            st[x], st[y] = st[y], st[x]
            for s in range(r + 1, self.rounds + 1):
                self.cum[s][gain] += 1
                self.cum[s][lose] -= 1
        self.cost += delta

    def _conflicted(self) -> list[tuple[int, int]]:
        team, meet = self.team, self.meet
        out = []
        for r, tables in enumerate(self.tables):
            for table in tables:
                for x in table:
                    mx, tx = meet[x], team[x]
                    for z in table:
                        if z != x and (mx[z] > 1 or (tx >= 0 and team[z] == tx)):
                            out.append((r, x))
                            break
            if not self.strict:  # odd seats for players who had more than one left out
                st, before = self.status[r], self.cum[r]
                odd = [p for p in range(self.n) if st[p]]
                if odd:
                    high = max(before[p] for p in odd)
                    low = min((before[p] for p in range(self.n) if not st[p]), default=high)
                    if high > low:
                        out.extend((r, p) for p in odd if before[p] == high)
                        out.extend((r, p) for p in range(self.n) if not st[p] and before[p] == low)
        return out

    def snapshot(self) -> Schedule:
        return [[sorted(t) for t in tables] for tables in self.tables]

    def run(self, budget: int, target: int) -> tuple[int, Schedule]:
        """Search until ``target`` cost or ``budget`` steps; the best cost and schedule."""
        rng = self.rng
        best_cost, best = self.cost, self.snapshot()
        tabu: dict[tuple[int, int, int], int] = {}
        it = 0
        stall = 0
        while self.cost > target and self.steps < budget:
            it += 1
            conflicted = self._conflicted()
            if not conflicted:
                break
            if len(conflicted) > 24:
                conflicted = rng.sample(conflicted, 24)
            move: tuple[int, int, int, int] | None = None
            move_delta = 0
            ties = 0
            for r, x in conflicted:
                where = self.where[r]
                a = where[x]
                odd_a = self.odd_table[a]
                for b, table in enumerate(self.tables[r]):
                    if b == a:
                        continue
                    same = self.odd_table[b] == odd_a
                    for y in table:
                        back = r
                        if not same and self.strict:
                            partner = self._partner_round(r, x, y)
                            if partner is None:
                                continue
                            back = partner
                        self.steps += 1
                        d = self._delta(r, x, y)
                        if back != r:
                            d += self._delta(back, x, y)
                        if (
                            tabu.get((r, x, b), 0) > it or tabu.get((r, y, a), 0) > it
                        ) and self.cost + d >= best_cost:
                            continue
                        if move is None or d < move_delta:
                            move, move_delta, ties = (r, x, y, back), d, 1
                        elif d == move_delta:
                            ties += 1
                            if rng.randrange(ties) == 0:
                                move = (r, x, y, back)
            if move is None:
                stall += 50
            else:
                r, x, y, back = move
                a, b = self.where[r][x], self.where[r][y]
                self._apply(r, x, y, self._delta(r, x, y))
                if back != r:
                    self._apply(back, x, y, self._delta(back, x, y))
                tenure = 4 + rng.randrange(8)
                tabu[r, x, a] = it + tenure
                tabu[r, y, b] = it + tenure
                if self.cost < best_cost:
                    best_cost, best = self.cost, self.snapshot()
                    stall = 0
                else:
                    stall += 1
            if stall > 200:
                self._perturb()
                stall = 0
        return best_cost, best

    def _perturb(self) -> None:
        rng = self.rng
        for _ in range(1 + self.n // 8):
            r = rng.randrange(self.rounds)
            x, y = rng.sample(range(self.n), 2)
            if self.where[r][x] != self.where[r][y] and (
                not self.strict or self.status[r][x] == self.status[r][y]
            ):
                self._apply(r, x, y, self._delta(r, x, y))


# ------------------------------------------------------------- constructions


def _circle(n: int, rounds: int) -> Schedule | None:
    """Tables of 2: the circle method, ``n - 1`` rounds for even ``n``."""
    if n % 2 or rounds > n - 1:
        return None
    out: Schedule = []
    m = n - 1
    for r in range(rounds):
        tables = [[r, m]]
        for i in range(1, n // 2):
            tables.append([(r + i) % m, (r - i) % m])
        out.append(tables)
    return out


def _power(n: int, p: int) -> int:
    m = 0
    while n > 1 and n % p == 0:
        n //= p
        m += 1
    return m if n == 1 else 0


def _affine_lines(n: int, p: int, rounds: int) -> Schedule | None:
    """Tables of a prime ``p`` for ``n = p^m``: one parallel class of lines of AG(m, p) per round."""
    m = _power(n, p)
    if m < 2 or rounds > (n - 1) // (p - 1):
        return None

    def digits(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(m)]

    def number(d: list[int]) -> int:
        return sum(v * p**i for i, v in enumerate(d))

    directions = []
    for v in range(1, n):
        d = digits(v)
        if next(c for c in reversed(d) if c) == 1:  # one representative per direction
            directions.append(d)
    out: Schedule = []
    for d in directions[:rounds]:
        seen = [False] * n
        tables = []
        for x in range(n):
            if not seen[x]:
                dx = digits(x)
                line = [
                    number([(a + t * b) % p for a, b in zip(dx, d, strict=True)]) for t in range(p)
                ]
                for y in line:
                    seen[y] = True
                tables.append(line)
        out.append(tables)
    return out


def _plane_spread(m: int, count: int) -> list[tuple[int, int, int]] | None:
    """``count`` 2-dimensional subspaces of GF(2)^m meeting only in 0 (backtracking)."""
    lines = []
    for u in range(1, 2**m):
        for v in range(u + 1, 2**m):
            w = u ^ v
            if w > v:
                lines.append((u, v, w))
    chosen: list[tuple[int, int, int]] = []
    used: set[int] = set()

    def extend(start: int) -> bool:
        if len(chosen) == count:
            return True
        for i in range(start, len(lines)):
            line = lines[i]
            if used.isdisjoint(line):
                chosen.append(line)
                used.update(line)
                if extend(i + 1):
                    return True
                chosen.pop()
                used.difference_update(line)
        return False

    return chosen if extend(0) else None


def _affine_planes(n: int, rounds: int) -> Schedule | None:
    """Tables of 4 for ``n = 2^m``: the cosets of a partial spread of planes of GF(2)^m."""
    m = _power(n, 2)
    if m < 2 or m > 6 or rounds > {2: 1, 3: 1, 4: 5, 5: 9, 6: 21}[m]:
        return None
    spread = [(0, 0, 0)] if m < 4 else _plane_spread(m, rounds)
    if spread is None:  # pragma: no cover - the counts above are known to exist
        return None
    out: Schedule = []
    for u, v, w in spread[:rounds]:
        if m < 4:  # 4 or 8 players: one round only
            out.append([list(range(i, i + 4)) for i in range(0, n, 4)])
            continue
        seen = [False] * n
        tables = []
        for x in range(n):
            if not seen[x]:
                coset = [x, x ^ u, x ^ v, x ^ w]
                for y in coset:
                    seen[y] = True
                tables.append(coset)
        out.append(tables)
    return out


def _construction(n: int, k: int, rounds: int) -> Schedule | None:
    if n % k:
        return None
    if k == 2:
        return _circle(n, rounds)
    if k in (3, 5):
        return _affine_lines(n, k, rounds)
    if k == 4:
        return _affine_planes(n, rounds)
    return None


# ------------------------------------------------------- developed schedules


def _structures(n: int, k: int, rounds: int) -> list[tuple[int, int, int]]:
    """Permutations as (cycles, cycle length, fixed points), the likeliest first."""
    tables = n // k
    out = []
    for fixed in (1, 0, 2, 3):
        for cycles in (1, 2, 3, 4):
            rest = n - fixed
            if fixed <= tables and rest > 0 and rest % cycles == 0 and rest // cycles >= rounds:
                out.append((cycles, rest // cycles, fixed))
    out.sort(key=lambda s: (s[0] + s[2], s[2]))
    return out


def _developed(n: int, k: int, rounds: int, rng: random.Random, budget: int) -> Schedule | None:
    """A repeat-free schedule whose round ``i`` is ``s^i`` of round 0, or None."""
    structures = _structures(n, k, rounds)
    if not structures:
        return None
    share = budget // len(structures)
    spent = 0
    for structure in structures:
        base, steps = _develop_one(
            n, k, rounds, structure, rng, share + (budget - spent - share) // 2
        )
        spent += steps
        if base is not None:
            return base
        if spent >= budget:
            break
    return None


def _develop_one(
    n: int,
    k: int,
    rounds: int,
    structure: tuple[int, int, int],
    rng: random.Random,
    budget: int,
) -> tuple[Schedule | None, int]:
    cycles, length, _fixed = structure
    cut = cycles * length

    def shift(p: int, s: int) -> int:
        if p >= cut:
            return p
        c, i = divmod(p, length)
        return c * length + (i + s) % length

    powers = [[shift(p, s) for p in range(n)] for s in range(rounds)]
    images: list[list[int]] = [[] for _ in range(n * n)]
    for a in range(n):
        for b in range(n):
            if a != b:
                imgs = []
                for sp in powers:
                    x, y = sp[a], sp[b]
                    imgs.append(x * n + y if x < y else y * n + x)
                images[a * n + b] = imgs
    count = [0] * (n * n)
    players = list(range(n))
    rng.shuffle(players)
    tables = [players[i : i + k] for i in range(0, n, k)]
    where = [0] * n
    for t, table in enumerate(tables):
        for p in table:
            where[p] = t
    cost = 0
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                for pid in images[a * n + b]:
                    if count[pid]:
                        cost += 1
                    count[pid] += 1

    def pair_bad(a: int, b: int) -> bool:
        return any(count[pid] > 1 for pid in images[a * n + b])

    def delta(x: int, y: int) -> int:
        d = 0
        for z in tables[where[x]]:
            if z != x:
                d -= sum(1 for pid in images[x * n + z] if count[pid] > 1)
                d += sum(1 for pid in images[y * n + z] if count[pid])
        for w in tables[where[y]]:
            if w != y:
                d -= sum(1 for pid in images[y * n + w] if count[pid] > 1)
                d += sum(1 for pid in images[x * n + w] if count[pid])
        return d

    def apply(x: int, y: int) -> int:
        d = 0
        a, b = where[x], where[y]
        for z in tables[a]:
            if z != x:
                for pid in images[x * n + z]:
                    count[pid] -= 1
                    if count[pid]:
                        d -= 1
        for w in tables[b]:
            if w != y:
                for pid in images[y * n + w]:
                    count[pid] -= 1
                    if count[pid]:
                        d -= 1
        ta, tb = tables[a], tables[b]
        ta[ta.index(x)] = y
        tb[tb.index(y)] = x
        where[x], where[y] = b, a
        for z in ta:
            if z != y:
                for pid in images[y * n + z]:
                    if count[pid]:
                        d += 1
                    count[pid] += 1
        for w in tb:
            if w != x:
                for pid in images[x * n + w]:
                    if count[pid]:
                        d += 1
                    count[pid] += 1
        return d

    steps = 0
    step_cost = -(-rounds // 3)  # a move here touches every round: it counts as more steps
    it = 0
    best = cost
    stall = 0
    tabu: dict[tuple[int, int], int] = {}
    while cost > 0 and steps < budget:
        it += 1
        conflicted = [
            x for table in tables for x in table if any(z != x and pair_bad(x, z) for z in table)
        ]
        move: tuple[int, int] | None = None
        move_delta = 0
        ties = 0
        for x in conflicted:
            a = where[x]
            for y in range(n):
                b = where[y]
                if b == a:
                    continue
                steps += step_cost
                d = delta(x, y)
                if (tabu.get((x, b), 0) > it or tabu.get((y, a), 0) > it) and cost + d >= best:
                    continue
                if move is None or d < move_delta:
                    move, move_delta, ties = (x, y), d, 1
                elif d == move_delta:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        move = (x, y)
        if move is None:
            stall += 100
        else:
            x, y = move
            a, b = where[x], where[y]
            cost += apply(x, y)
            tenure = 3 + rng.randrange(6)
            tabu[x, a] = it + tenure
            tabu[y, b] = it + tenure
            if cost < best:
                best, stall = cost, 0
            else:
                stall += 1
        if stall > 150:
            for _ in range(2):
                x, y = rng.sample(range(n), 2)
                if where[x] != where[y]:
                    cost += apply(x, y)
            best = cost
            stall = 0
    if cost:
        return None, steps
    return [[[sp[p] for p in table] for table in tables] for sp in powers], steps


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
) -> Schedule:
    """Relabel the players of ``schedule`` to seat team-mates apart (repeats unchanged)."""
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
                steps += 1
                before = clashes(p, label[p], q) + clashes(q, label[q], p)
                after = clashes(p, label[q], q) + clashes(q, label[p], p)
                if after < before:
                    label[p], label[q] = label[q], label[p]
                    current -= before - after
                    improved = True
                    break
        if not improved:
            break
    return _relabel(schedule, label)


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
    at tables of 3 over 4 rounds: no fair draw is free of repeats); with
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
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, int | float)
        or not (0 <= time_limit <= 3600)
    ):
        raise InvalidInputError(
            f"time_limit must be a number of seconds from 0 to 3600, got {time_limit!r}"
        )
    team = _team_ids(teams, n)
    rng = random.Random(f"schock-draws/{n}/{k}/{r}/{seed}")
    budget = max(1, int(time_limit * STEPS_PER_SECOND))
    bound = repeat_lower_bound(n, k, r)
    team_bound = _team_lower_bound(team, len(sizes), r)
    has_teams = any(t >= 0 for t in team)
    uniform = len(set(sizes)) == 1

    def finish(schedule: Schedule) -> list[list[list[int]]]:
        return [_tidy(t) for t in schedule]

    def relabelled(schedule: Schedule) -> Schedule:
        perm = list(range(n))
        rng.shuffle(perm)
        out = _relabel(schedule, perm)
        return _separate_teams(out, team, rng, budget // 4) if has_teams else out

    # 1. a known construction
    found = _construction(n, sizes[0], r) if uniform and bound == 0 else None
    if found is not None:
        found = relabelled(found)
        if _team_conflicts(found, team) <= team_bound:
            return finish(found)
    if not isinstance(fair_rotation, bool):
        raise InvalidInputError(f"fair_rotation must be true or false, got {fair_rotation!r}")
    search = _Swaps(n, sizes, r, rng, nominal=k, team=team, strict=fair_rotation)
    target = bound * search.w_repeat + team_bound * search.w_team
    if found is not None:  # team-mates left together: search on from the construction
        search.restart_from(found)
        return finish(search.run(budget, target)[1])
    # 2. the tabu search from a greedy start
    share = budget if not uniform or bound else budget * 2 // 5
    cost, best = search.run(share, target)
    if cost <= target or search.steps >= budget or not uniform or bound:
        return finish(best)
    # 3. a developed schedule (uniform tables, no forced repeats)
    developed = _developed(n, sizes[0], r, rng, budget - search.steps)
    if developed is None:
        return finish(best)
    developed = relabelled(developed)
    if _team_conflicts(developed, team) > team_bound:
        search.restart_from(developed)
        return finish(search.run(search.steps + budget // 2, target)[1])
    return finish(developed)


def next_draw(
    players: Sequence[int],
    table_size: int,
    history: Sequence[Sequence[Sequence[int]]],
    seed: int = 0,
    *,
    teams: Mapping[int, Hashable] | None = None,
    short_table_counts: Mapping[int, int] | None = None,
    fair_rotation: bool = True,
) -> list[list[int]]:
    """One re-draw for the players still in (any ids), avoiding earlier meetings.

    ``history`` is the earlier rounds' tables (ids; players no longer in may
    appear). ``short_table_counts`` says how often each player sat at an
    odd-sized table so far: the odd seats of this round go to those with the
    fewest (with ``fair_rotation``, the default, as a hard rule; otherwise only
    where it costs no repeat). ``teams`` maps ids to teams (missing: no team).

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
    index = {p: i for i, p in enumerate(sorted(ids))}
    order = sorted(ids)
    n = len(ids)
    meet0 = [[0] * n for _ in range(n)]
    if isinstance(history, str | bytes) or not isinstance(history, Sequence):
        raise InvalidInputError("history must be a list of rounds, each a list of tables of ids")
    for r, tables in enumerate(history):
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
    if short_table_counts is not None:
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
    _, best = search.run(4 * STEPS_PER_SECOND, target)
    return _tidy([[order[p] for p in table] for table in best[0]])
