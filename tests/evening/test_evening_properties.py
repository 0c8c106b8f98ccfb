"""Properties of the ledger over random games, payments and voids."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from schock.errors import IllegalActionError
from schock.evening import Settings, Stammtisch

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
