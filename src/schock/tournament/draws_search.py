"""The tabu search behind tournament draws: swaps inside a round, counted in steps.

:class:`_Swaps` starts from a greedy draw (or a construction that left team-mates
together) and swaps two players of one round at a time, minimizing repeat
meetings, then team conflicts, under the rotation rule of the odd-sized tables
(see :mod:`schock.tournament.draws`). Its work is counted in steps, never in
seconds, so the same arguments give the same draw on any machine.
"""

from __future__ import annotations

import random

from schock.tournament.draws_designs import Round, Schedule

# The searches count "steps" (one evaluated move each) instead of seconds, so
# the result does not depend on the machine or its load. One nominal second of
# ``time_limit`` buys this many steps (about a second of one core of a 2020s laptop).
STEPS_PER_SECOND = 200_000


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
        main = nominal if nominal in sizes else max(sizes)  # 7 at tables of 5: 4 and 3
        self.odd_table = [not uniform and s != main for s in sizes]
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

    def search(self, budget: int, target: int) -> Schedule:
        """:meth:`run` again from where it stopped for lack of progress (three times at
        most, each with a fresh tabu list and patience); the best schedule seen."""
        best_cost, best = self.run(budget, target)
        for _ in range(2):
            if best_cost <= target or self.steps >= budget:
                break
            self._perturb()
            cost, schedule = self.run(budget, target)
            if cost < best_cost:
                best_cost, best = cost, schedule
        return best

    def snapshot(self) -> Schedule:
        return [[sorted(t) for t in tables] for tables in self.tables]

    def run(self, budget: int, target: int) -> tuple[int, Schedule]:
        """Search until ``target`` cost, ``budget`` steps (counted since the search
        began) or a long time without progress; the best cost and schedule."""
        rng = self.rng
        best_cost, best = self.cost, self.snapshot()
        if all(len(tables) < 2 for tables in self.tables):
            return best_cost, best  # one table a round: nothing to move
        tabu: dict[tuple[int, int, int], int] = {}
        it = 0
        stall = 0
        # stop early when the best has not improved for a third of the budget
        patience = max(STEPS_PER_SECOND // 2, (budget - self.steps) // 3)
        improved_at = self.steps
        while self.cost > target and self.steps < budget and self.steps - improved_at <= patience:
            it += 1
            self.steps += 1  # an iteration costs a step even when no move is possible
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
                        self.steps += 1
                        back = r
                        if not same and self.strict:
                            partner = self._partner_round(r, x, y)
                            if partner is None:
                                continue
                            back = partner
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
                    improved_at = self.steps
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
