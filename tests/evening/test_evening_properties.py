"""Properties of the ledger over random games, payments and voids."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from schock.errors import IllegalActionError
from schock.evening import Settings, Stammtisch
from schock.evening.domain import apportion, split

NAMES = ["Anna", "Ben", "Cem", "Dora"]
step = st.one_of(
    st.tuples(st.just("game"), st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True),
              st.integers(0, 3), st.integers(0, 2)),
    st.tuples(st.just("pay"), st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(1, 400)),
    st.tuples(st.just("void"), st.integers(0, 30)),
)


@settings(max_examples=60, deadline=None)
@given(st.booleans(), st.lists(step, max_size=25))
def test_ledger_invariants(geld: bool, steps: list[tuple[object, ...]]) -> None:
    s = Settings(stake="geld", amount=150) if geld else Settings()
    book = Stammtisch.create("x", NAMES, s)
    book.start_evening("2026-11-20")
    for item in steps:
        try:
            if item[0] == "game":
                players = list(item[1])  # type: ignore[call-overload]
                loser = players[int(item[2]) % len(players)]  # type: ignore[call-overload]
                book.add_game(players=players, loser=loser, schock_aus=[loser] * int(item[3]))  # type: ignore[call-overload]
            elif item[0] == "pay":
                book.pay(str(item[1]), str(item[2]) if geld else None, int(item[3]))  # type: ignore[call-overload]
            else:
                book.void(int(item[1]) + 1)  # type: ignore[call-overload]
        except (IllegalActionError, ValueError):
            pass
        if geld:
            assert sum(book.balance().values()) == 0
            assert all(v > 0 for v in book.debts().values())
        charges = sum(1 + len(g.schock_aus) for g in book.valid_games())
        assert sum(x.losses for x in book.stats()) == len(book.valid_games())
        if not geld:
            paid = sum(p.amount for p in book.payments if not p.voided)
            assert sum(book.rounds_owed().values()) == charges - paid
    again = Stammtisch.from_events(book.events)
    assert again.balance() == book.balance() and again.games == book.games


@given(st.integers(0, 10**7), st.integers(1, 40))
def test_a_split_adds_up_and_is_fair_to_the_cent(cents: int, n: int) -> None:
    parts = split(cents, n)
    assert len(parts) == n and sum(parts) == cents
    assert max(parts) - min(parts) <= 1
    assert parts == sorted(parts, reverse=True)  # the extra cents to the first


@given(st.lists(st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=60), max_size=12))
def test_apportioned_parts_are_within_a_cent_and_keep_the_total(exact: list[Fraction]) -> None:
    parts = apportion(exact)
    assert sum(parts) == round(sum(exact, Fraction(0)))
    assert all(abs(p - x) < 1 for p, x in zip(parts, exact, strict=True))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True),
                          st.integers(0, 3)), max_size=30), st.integers(1, 999))
def test_money_balances_are_exact_to_the_cent(games: list[tuple[list[str], int]], amount: int) -> None:
    book = Stammtisch.create("x", NAMES, Settings(stake="geld", amount=amount, schock_aus_stakes=0))
    book.start_evening("2026-11-20")
    for players, i in games:
        book.add_game(players=players, loser=players[i % len(players)])
    exact, bal = book.exact_balance(), book.balance()
    assert sum(bal.values()) == 0
    assert all(abs(bal[m] - exact[m]) < 1 for m in NAMES)
    # the payments that settle up reproduce every balance and are all real debts
    debts = book.debts()
    assert all(v > 0 for v in debts.values())
    for m in NAMES:
        out = sum(v for (a, _), v in debts.items() if a == m)
        back = sum(v for (_, b), v in debts.items() if b == m)
        assert out - back == bal[m]
    assert len(debts) <= len(NAMES) - 1
