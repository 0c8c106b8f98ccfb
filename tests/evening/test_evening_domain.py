"""The Stammtisch ledger and statistics against figures computed by hand."""

from __future__ import annotations

import pytest

from schock.errors import IllegalActionError, InvalidInputError
from schock.evening import DuplicateEntry, Settings, Stammtisch
from schock.evening.domain import check_day, parse_money
from schock.evening.export import games_csv, ledger_csv

ABC = ["Anna", "Ben", "Cem"]


def evening(settings: Settings | None = None) -> Stammtisch:
    st = Stammtisch.create("Dienstag", ABC, settings)
    st.start_evening("2026-11-20")
    return st


def test_rounds_ledger_by_hand() -> None:
    st = evening()
    # losers: Ben, Ben (with a Schock Aus on Ben), Anna, Ben
    st.add_game(players=ABC, loser="Ben")
    st.add_game(players=ABC, loser="Ben", schock_aus=["Ben"])
    st.add_game(players=ABC, loser="Anna")
    st.add_game(players=ABC, loser="Ben")
    # Ben: 3 games + 1 Schock Aus = 4 rounds; Anna 1
    assert st.rounds_owed() == {"Anna": 1, "Ben": 4, "Cem": 0}
    st.pay("Ben", None, 3)  # partial
    assert st.rounds_owed()["Ben"] == 1
    st.pay("Ben", None)  # the rest
    assert st.rounds_owed() == {"Anna": 1, "Ben": 0, "Cem": 0}
    with pytest.raises(IllegalActionError, match="owes the group nothing"):
        st.pay("Ben", None)
    with pytest.raises(IllegalActionError, match="more than Anna owes"):
        st.pay("Anna", None, 2)


def test_schock_aus_stakes_setting() -> None:
    st = evening(Settings(schock_aus_stakes=0))
    st.add_game(players=ABC, loser="Ben", schock_aus=["Ben", "Cem"])
    assert st.rounds_owed() == {"Anna": 0, "Ben": 1, "Cem": 0}
    st.set_settings(Settings(schock_aus_stakes=2))
    assert st.rounds_owed() == {"Anna": 0, "Ben": 3, "Cem": 2}


def test_money_ledger_by_hand() -> None:
    st = evening(Settings(stake="geld", amount=300, currency="EUR", schock_aus_stakes=1))
    st.add_game(players=ABC, loser="Ben")               # Ben owes Anna 1.50, Cem 1.50
    st.add_game(players=["Anna", "Ben"], loser="Anna")  # Anna owes Ben 3.00
    st.add_game(players=ABC, loser="Cem", schock_aus=["Cem"])  # Cem owes Anna 3.00, Ben 3.00
    # balances: Anna -1.50 +3.00 -3.00; Ben +3.00 -3.00 -3.00; Cem -1.50 +6.00
    assert st.balance() == {"Anna": -150, "Ben": -300, "Cem": 450}
    # settling up: the fewest payments, the biggest debtor to the biggest creditor first
    assert st.debts() == {("Cem", "Anna"): 150, ("Cem", "Ben"): 300}
    st.pay("Cem", "Anna", 100)
    assert st.debts() == {("Cem", "Anna"): 50, ("Cem", "Ben"): 300}
    with pytest.raises(IllegalActionError, match="more than Cem owes Anna"):
        st.pay("Cem", "Anna", 51)
    st.pay("Cem", "Anna")
    assert st.debts() == {("Cem", "Ben"): 300}
    with pytest.raises(InvalidInputError, match="payee: missing"):
        st.pay("Cem", None)
    with pytest.raises(IllegalActionError, match="owes Anna nothing"):
        st.pay("Ben", "Anna", 1)


def test_odd_cents_go_to_the_first_others() -> None:
    st = evening(Settings(stake="geld", amount=100, schock_aus_stakes=0))
    st.add_game(players=ABC, loser="Anna")
    st.add_member("Dora")
    st.add_game(players=["Anna", "Ben", "Cem", "Dora"], loser="Anna")  # 100 / 3 = 33 1/3 each
    # Ben and Cem: 50 + 33 1/3 = 83 1/3; Dora 33 1/3; the one cent left over to the first
    assert st.debts() == {("Anna", "Ben"): 84, ("Anna", "Cem"): 83, ("Anna", "Dora"): 33}


def test_the_issue_example_is_split_fairly_to_the_cent() -> None:
    """2,50 EUR over three: 0,84/0,83/0,83; three such games: 2,50 each, not 2,52/2,49/2,49."""
    four = [*ABC, "Dora"]
    st = Stammtisch.create("x", four, Settings(stake="geld", amount=250, schock_aus_stakes=0))
    st.start_evening("2026-11-20")
    st.add_game(players=four, loser="Ben")
    assert st.balance() == {"Anna": -84, "Ben": 250, "Cem": -83, "Dora": -83}
    st.add_game(players=four, loser="Ben")
    st.add_game(players=four, loser="Ben")
    assert st.balance() == {"Anna": -250, "Ben": 750, "Cem": -250, "Dora": -250}
    # everybody loses once: nobody owes anybody anything, not even a cent
    st.add_game(players=four, loser="Anna")
    st.add_game(players=four, loser="Cem")
    st.add_game(players=four, loser="Dora")
    st.add_game(players=four, loser="Ben")
    assert st.debts() == {("Ben", "Anna"): 250, ("Ben", "Cem"): 250, ("Ben", "Dora"): 250}
    st.add_game(players=four, loser="Anna")  # exactly: Ben 6,66 2/3; Cem, Dora -3,33 1/3; Anna 0
    assert st.debts() == {("Ben", "Cem"): 333, ("Ben", "Dora"): 333}
    for m in ("Anna", "Anna", "Cem", "Cem", "Cem", "Dora", "Dora", "Dora"):
        st.add_game(players=four, loser=m)
    assert st.debts() == {} and set(st.balance().values()) == {0}


def test_stats_and_streaks_by_hand() -> None:
    st = evening()
    # Ben: L L W L L L W, then W in evening 2: longest losing 3, longest not losing 2
    for loser in ["Ben", "Ben", "Anna", "Ben", "Ben", "Ben", "Cem"]:
        st.add_game(players=ABC, loser=loser, schock_aus=["Cem"] if loser == "Cem" else [])
    st.start_evening("2026-11-27")
    st.add_game(players=["Anna", "Ben"], loser="Anna", half_losers=["Anna", "Ben", "Anna"])
    everything = {s.name: s for s in st.stats()}
    a, b, c = everything["Anna"], everything["Ben"], everything["Cem"]
    assert (a.games, a.losses, a.longest_losing, a.longest_not_losing) == (8, 2, 1, 4)
    assert (b.games, b.losses, b.longest_losing, b.longest_not_losing) == (8, 5, 3, 2)
    assert (c.games, c.losses, c.schock_aus, c.longest_not_losing) == (7, 1, 1, 6)
    assert b.loss_rate == pytest.approx(5 / 8)
    assert (a.half_losses, b.half_losses) == (2, 1)
    assert a.owed == 2 and b.owed == 5 and c.owed == 2
    second = {s.name: s for s in st.stats(2)}
    assert (second["Anna"].games, second["Anna"].losses, second["Cem"].games) == (1, 1, 0)
    assert second["Cem"].loss_rate == 0.0


def test_void_and_restore_lose_nothing() -> None:
    st = evening()
    st.add_game(players=ABC, loser="Ben")
    wrong = st.games[-1].seq
    st.void(wrong)
    assert st.rounds_owed()["Ben"] == 0 and st.games[-1].voided
    with pytest.raises(IllegalActionError, match="already voided"):
        st.void(wrong)
    st.void(wrong, voided=False)
    assert st.rounds_owed()["Ben"] == 1
    with pytest.raises(InvalidInputError, match="not a game or payment"):
        st.void(1)
    again = Stammtisch.from_events(st.events)
    assert again.games == st.games and again.rounds_owed() == st.rounds_owed()
    assert "no" in games_csv(again)


def test_duplicate_entry_id_is_refused_and_changes_nothing() -> None:
    st = evening()
    st.add_game(players=ABC, loser="Ben", entry_id="phone-1")
    before = list(st.events)
    with pytest.raises(DuplicateEntry, match="already entered"):
        st.add_game(players=ABC, loser="Ben", entry_id="phone-1")
    assert st.events == before
    with pytest.raises(InvalidInputError, match="entry id"):
        st.add_game(players=ABC, loser="Ben", entry_id="bad id!")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ABC, "loser": "Zed"}, "not a member; allowed: Anna, Ben, Cem"),
        ({"players": ["Anna", "Ben"], "loser": "Cem"}, "did not play this game"),
        ({"players": ["Anna"], "loser": "Anna"}, "players: 1; allowed: 2"),
        ({"players": ["Anna", "anna"], "loser": "Anna"}, "named twice"),
        ({"players": "Anna", "loser": "Anna"}, "not a list"),
        ({"players": ABC, "loser": ""}, "empty"),
        ({"players": ABC, "loser": "Ben", "schock_aus": ["Zed"]}, "not a member"),
        ({"players": ["Anna", "Ben"], "loser": "Ben", "half_losers": ["Cem"]}, "did not play"),
    ],
)
def test_bad_games_are_refused_and_change_nothing(kwargs: dict[str, object], message: str) -> None:
    st = evening()
    before = list(st.events)
    with pytest.raises(InvalidInputError, match=message):
        st.add_game(**kwargs)  # type: ignore[arg-type]
    assert st.events == before


def test_bad_group_input() -> None:
    with pytest.raises(InvalidInputError, match="group name"):
        Stammtisch.create("  ")
    st = Stammtisch.create("x", ["Anna"])
    with pytest.raises(IllegalActionError, match="already in the group"):
        st.add_member("ANNA")
    with pytest.raises(IllegalActionError, match="no evening is open"):
        st.add_game(players=["Anna", "Anna"], loser="Anna")
    with pytest.raises(InvalidInputError, match="date"):
        check_day("2026-13-01")
    with pytest.raises(InvalidInputError, match="control characters"):
        st.add_member("a\x00b")
    with pytest.raises(InvalidInputError, match="amount"):
        parse_money("1e5")
    with pytest.raises(InvalidInputError, match="amount: missing or 0"):
        Settings.from_json({"stake": "geld"})
    with pytest.raises(InvalidInputError, match="currency"):
        Settings.from_json({"currency": "euro"})
    with pytest.raises(InvalidInputError, match="stakes per Schock Aus: 11"):
        Settings.from_json({"schock_aus_stakes": 11})
    with pytest.raises(InvalidInputError, match="unknown field"):
        Settings.from_json({"price": 1})


def test_starting_an_evening_closes_the_one_before() -> None:
    st = evening()
    st.start_evening("2026-11-27")
    assert [e.closed for e in st.evenings] == [True, False]
    assert st.current_evening().number == 2


def test_csv_cells_are_not_formulas() -> None:
    st = Stammtisch.create("x", ["=cmd", "Ben"])
    st.start_evening("2026-11-20")
    st.add_game(players=["=cmd", "Ben"], loser="=cmd")
    assert ",'=cmd," in games_csv(st)
    assert "balance,'=cmd,,1,rounds" in ledger_csv(st)
