"""The ledger's arithmetic (see ``docs/evening.md``): who owes what for the valid
games and payments, exactly and to the cent, the fewest payments that settle up,
and each member's figures (standard library only).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from schock.evening.entries import GameEntry, MemberStats, Payment


def valid_games(games: Sequence[GameEntry], evening: int | None = None) -> list[GameEntry]:
    """The games not voided (of one evening, or of all)."""
    return [g for g in games if not g.voided and (evening is None or g.evening == evening)]


def charges(game: GameEntry, schock_aus_stakes: int) -> list[str]:
    """Who owes a stake for ``game``: the loser once, each Schock Aus victim
    ``schock_aus_stakes`` more times."""
    return [game.loser] + [v for v in game.schock_aus for _ in range(schock_aus_stakes)]


def rounds_owed(
    members: Sequence[str],
    games: Sequence[GameEntry],
    payments: Sequence[Payment],
    schock_aus_stakes: int,
    evening: int | None = None,
) -> dict[str, int]:
    """Rounds each member still owes (stake ``runde``)."""
    owed = dict.fromkeys(members, 0)
    for g in valid_games(games, evening):
        for who in charges(g, schock_aus_stakes):
            owed[who] += 1
    for p in payments:
        if not p.voided and p.payee is None and (evening is None or p.evening == evening):
            owed[p.payer] -= p.amount
    return owed


def exact_balance(
    members: Sequence[str],
    games: Sequence[GameEntry],
    payments: Sequence[Payment],
    amount: int,
    schock_aus_stakes: int,
) -> dict[str, Fraction]:
    """Per member what he owes in all, exactly (stake ``geld`` of ``amount`` cents;
    cents as fractions, negative: is owed). A lost stake is split evenly, without rounding."""
    bal = dict.fromkeys(members, Fraction(0))
    for g in valid_games(games):
        for who in charges(g, schock_aus_stakes):
            others = [p for p in g.players if p != who]
            bal[who] += amount
            for o in others:
                bal[o] -= Fraction(amount, len(others))
    for p in payments:
        if not p.voided and p.payee is not None:
            bal[p.payer] -= p.amount
            bal[p.payee] += p.amount
    return bal


def settle_up(balance: dict[str, int], members: Sequence[str]) -> dict[tuple[str, str], int]:
    """The fewest payments that settle ``balance``: ``(debtor, creditor) -> cents``, the
    member who owes most paying the one who is owed most, and so on (ties in member order).

    >>> settle_up({"Anna": -84, "Ben": 250, "Cem": -83, "Dora": -83}, ["Anna", "Ben", "Cem", "Dora"])
    {('Ben', 'Anna'): 84, ('Ben', 'Cem'): 83, ('Ben', 'Dora'): 83}
    """
    order = {m: i for i, m in enumerate(members)}
    owing = sorted(((v, m) for m, v in balance.items() if v > 0), key=lambda x: (-x[0], order[x[1]]))
    owed = sorted(((-v, m) for m, v in balance.items() if v < 0), key=lambda x: (-x[0], order[x[1]]))
    plan: dict[tuple[str, str], int] = {}
    i = j = 0
    left_d = owing[0][0] if owing else 0
    left_c = owed[0][0] if owed else 0
    while i < len(owing) and j < len(owed):
        pay = min(left_d, left_c)
        plan[(owing[i][1], owed[j][1])] = pay
        left_d -= pay
        left_c -= pay
        if left_d == 0:
            i += 1
            left_d = owing[i][0] if i < len(owing) else 0
        if left_c == 0:
            j += 1
            left_c = owed[j][0] if j < len(owed) else 0
    return dict(sorted(plan.items()))


def member_stats(
    members: Sequence[str], games: Sequence[GameEntry], owed: dict[str, int]
) -> list[MemberStats]:
    """Figures per member over ``games`` (the valid ones considered), in member order."""
    out = []
    for m in members:
        mine = [g for g in games if m in g.players]
        lost = [g.loser == m for g in mine]
        out.append(MemberStats(
            m, len(mine), sum(lost),
            sum(g.schock_aus.count(m) for g in mine),
            sum(g.half_losers.count(m) for g in mine),
            longest(lost, True), longest(lost, False), owed[m],
        ))
    return out


def longest(flags: Sequence[bool], value: bool) -> int:
    """The longest run of ``value`` in ``flags``.

    >>> longest([True, True, False, True], True), longest([True, True, False, True], False)
    (2, 1)
    """
    best = run = 0
    for f in flags:
        run = run + 1 if f == value else 0
        best = max(best, run)
    return best


def apportion(exact: Sequence[Fraction]) -> list[int]:
    """Whole numbers within one of each exact share, with the same total (rounded to a
    whole number first): the largest remainder method, ties to the earlier share.

    >>> apportion([Fraction(250, 3)] * 3)
    [84, 83, 83]
    >>> apportion([Fraction(500, 3), Fraction(500, 3), Fraction(-500, 3), Fraction(-500, 3)])
    [167, 167, -167, -167]
    """
    total = round(sum(exact, Fraction(0)))
    parts = [math.floor(x) for x in exact]
    extra = total - sum(parts)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - parts[i]), i))
    for i in by_remainder[:extra]:
        parts[i] += 1
    return parts


def split(cents: int, n: int) -> list[int]:
    """``cents`` split among ``n`` people to the cent: the parts differ by at most one
    cent and add up to ``cents`` (the extra cents to the first).

    >>> split(250, 3), split(100, 4), split(1, 2)
    ([84, 83, 83], [25, 25, 25, 25], [1, 0])
    """
    return apportion([Fraction(cents, n)] * n)
