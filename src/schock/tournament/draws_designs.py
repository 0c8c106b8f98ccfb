"""Known constructions of tournament draws: schedules where no two players meet twice.

Used by :func:`schock.tournament.draws.plan_draws` before any search, with the
players relabelled by a seeded permutation: the circle method for tables of 2,
the parallel classes of lines of the affine geometry AG(m, p) for p^m players at
tables of p, the cosets of a spread of planes of GF(2)^m for tables of 4, and two
affine planes of order 4 or 3 with every point doubled and signs from a linear
system over GF(2) (:func:`_doubled_affine`). :func:`_construction` picks the one
that fits, or None.
"""

from __future__ import annotations

import itertools
import random

#: One round: its tables, each a list of players (0-based).
Round = list[list[int]]
#: Every round of a draw.
Schedule = list[Round]


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
    """Tables of 4 for 16 or 64 players: the cosets of a spread of planes of GF(2)^m
    (5 or 21 rounds; 32 players are :func:`_doubled_affine`'s)."""
    m = _power(n, 2)
    if m not in (4, 6) or rounds > (n - 1) // 3:
        return None
    spread = _plane_spread(m, rounds)
    if spread is None:  # pragma: no cover - spreads of PG(3, 2) and PG(5, 2) exist
        return None
    return [_cosets(n, subspace) for subspace in spread]


def _spreads_of_pg32() -> list[list[tuple[int, int, int]]]:
    """All 56 spreads of PG(3, 2): five 2-dimensional subspaces of GF(2)^4 meeting in 0."""
    lines = [(u, v, u ^ v) for u in range(1, 16) for v in range(u + 1, 16) if u ^ v > v]
    out: list[list[tuple[int, int, int]]] = []

    def extend(start: int, chosen: list[tuple[int, int, int]], used: int) -> None:
        if len(chosen) == 5:
            out.append(chosen)
            return
        for i in range(start, len(lines)):
            mask = sum(1 << x for x in lines[i])
            if not used & mask:
                extend(i + 1, [*chosen, lines[i]], used | mask)

    extend(0, [], 0)
    return out


def _cosets(n: int, subspace: tuple[int, int, int]) -> list[list[int]]:
    u, v, w = subspace
    seen = [False] * n
    out = []
    for x in range(n):
        if not seen[x]:
            coset = [x, x ^ u, x ^ v, x ^ w]
            for y in coset:
                seen[y] = True
            out.append(coset)
    return out


def _lift_signs(classes: list[list[list[int]]], points: int) -> list[list[int]] | None:
    """Signs ``s[c][P]`` in GF(2) per class ``c`` (of two affine planes on ``points``
    points) and point P such that for every pair {P, Q}, lying on a line of class c
    of the first plane and of class d of the second, ``s[c][P] + s[c][Q] != s[d][P] +
    s[d][Q]``: a linear system over GF(2), solved by Gaussian elimination. None when
    it has no solution, or when a pair lies on a line of both planes."""
    unknowns = len(classes) * points
    where: dict[tuple[int, int], list[int]] = {}
    for c, cls in enumerate(classes):
        for line in cls:
            for a, b in itertools.combinations(line, 2):
                where.setdefault((min(a, b), max(a, b)), []).append(c)
    pivots: dict[int, int] = {}
    for (a, b), (c, d) in where.items():
        row = (1 << unknowns) ^ (1 << (c * points + a)) ^ (1 << (c * points + b))
        row ^= (1 << (d * points + a)) ^ (1 << (d * points + b))
        for bit, pivot in pivots.items():
            if row >> bit & 1:
                row ^= pivot
        low = row & ((1 << unknowns) - 1)
        if not low:
            if row:
                return None  # inconsistent
            continue
        bit = low.bit_length() - 1
        for other in pivots:
            if pivots[other] >> bit & 1:
                pivots[other] ^= row
        pivots[bit] = row
    value = 0
    for bit, row in pivots.items():
        if row >> unknowns & 1:
            value |= 1 << bit
    return [[value >> (c * points + p) & 1 for p in range(points)] for c in range(len(classes))]


def _second_planes(q: int) -> list[list[list[list[int]]]]:
    """Candidates for the second affine plane of :func:`_doubled_affine`, in a fixed order."""
    if q == 4:  # the cosets of the other spreads of PG(3, 2)
        return [[_cosets(16, sub) for sub in spread] for spread in _spreads_of_pg32()[1:]]
    first = _affine_lines(q * q, q, q + 1) or []
    rng = random.Random(f"schock-second-plane/{q}")
    out = []
    for _ in range(200):  # relabelled copies; about one in five works for q = 3
        perm = list(range(q * q))
        rng.shuffle(perm)
        out.append([[[perm[p] for p in line] for line in cls] for cls in first])
    return out


def _doubled_affine(q: int, rounds: int) -> Schedule | None:
    """``2 q^2`` players at tables of ``q`` for up to ``2 (q + 1)`` rounds (q = 3, 4).

    For q = 4 this is the social golfer problem 8-4-10, for q = 3 a nearly Kirkman
    triple system on 18 points (8 rounds). Two affine planes of order q on the same
    q^2 points, without a common line, give 2 (q + 1) parallel classes covering every
    pair of points twice (for q = 4 the cosets of two spreads of PG(3, 2), for q = 3
    the lines of AG(2, 3) and a relabelled copy). Each point P becomes two players
    (P, 0) and (P, 1); a line L of class c becomes the two tables {(P, s_c(P))} and
    {(P, 1 + s_c(P))} for P on L. Players (P, x) and (Q, y) meet at class c exactly
    when x + y = s_c(P) + s_c(Q); the signs (:func:`_lift_signs`) make the two classes
    through {P, Q} differ there, so such a pair meets exactly once, and only (P, 0)
    and (P, 1) never meet.
    """
    if rounds > 2 * (q + 1):
        return None
    first = (
        [_cosets(16, sub) for sub in _spreads_of_pg32()[0]]
        if q == 4
        else _affine_lines(q * q, q, q + 1)
    )
    if first is None:  # pragma: no cover - q is 3 or 4
        return None
    for second in _second_planes(q):
        signs = _lift_signs(first + second, q * q)
        if signs is None:
            continue
        out: Schedule = []
        for c, cls in enumerate(first + second):
            tables = []
            for line in cls:
                tables.append([2 * p + signs[c][p] for p in line])
                tables.append([2 * p + 1 - signs[c][p] for p in line])
            out.append(tables)
        return out[:rounds]
    return None  # pragma: no cover - 30 of the 55 other spreads work for q = 4


def _construction(n: int, k: int, rounds: int) -> Schedule | None:
    if n % k:
        return None
    if (n, k) in ((18, 3), (32, 4)):
        return _doubled_affine(k, rounds)
    if k == 2:
        return _circle(n, rounds)
    if k in (3, 5):
        return _affine_lines(n, k, rounds)
    if k == 4:
        return _affine_planes(n, rounds)
    return None
