"""The tournament domain without a database: players, tables, results, checks, undo, standings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from schock.errors import InvalidInputError
from schock.tournament.domain import Refused, Tournament
from schock.tournament.format import load_format
from schock.tournament.standings import ledger, side_prizes, standings, team_standings


def make(fmt: str, names: int, **changes: object) -> Tournament:
    f = load_format(fmt)
    if changes:
        f = f.replace(**changes)
    t = Tournament.create(name="Test", fmt=f, seed=3, id="t1")
    for i in range(names):
        t.register(f"P{i + 1}", team="AB"[i % 2] if f.team_scoring.value != "none" else None)
        t.checkin(i + 1)
    return t


# ---------------------------------------------------------------- irmgarteich (points)
def test_points_per_place_from_the_seed() -> None:
    t = make("irmgarteich", 3)
    t.draw(tables=[[1, 2, 3]])
    g = t.enter(1, 1, 1, out=[[3], [1]], loser=2)
    assert t.game_points(g) == {3: 6, 1: 4, 2: 2}


def test_going_out_together_shares_the_higher_points() -> None:
    t = make("irmgarteich", 3)
    t.draw(tables=[[1, 2, 3]])
    g = t.enter(1, 1, 1, out=[[3, 1]], loser=2)
    assert t.game_points(g) == {3: 6, 1: 6, 2: 2}
    t2 = make("irmgarteich", 3, ties_share_higher=False)
    t2.draw(tables=[[1, 2, 3]])
    g2 = t2.enter(1, 1, 1, out=[[3, 1]], loser=2)
    assert t2.game_points(g2) == {3: 5, 1: 5, 2: 2}


def test_a_table_of_four_gets_scaled_points() -> None:
    t = make("irmgarteich", 7)
    t.draw(tables=[[1, 2, 3, 4], [5, 6, 7]])
    g = t.enter(1, 1, 1, out=[[1], [2], [3]], loser=4)
    assert t.game_points(g) == {1: 7, 2: 5, 3: 3, 4: 1}
    assert sum(t.game_points(g).values()) / 4 == Fraction(12, 3) / 1


@pytest.mark.parametrize(
    ("out", "loser", "message"),
    [
        ([[2], [9]], 1, "round 1, table 1, game 1: player 9 does not sit at this table"),
        (
            [[2], [4]],
            1,
            "round 1, table 1, game 1: player 4 sits at table 2 in this round, not at table 1",
        ),
        ([[2]], 1, "round 1, table 1, game 1: the order of going out misses player 3"),
        ([[2], [2]], 1, "round 1, table 1, game 1: player 2 named twice"),
        ([[2], [3]], 3, "player 3 named twice"),
    ],
)
def test_impossible_entries_are_refused_and_change_nothing(
    out: list[list[int]], loser: int, message: str
) -> None:
    t = make("irmgarteich", 6)
    t.draw(tables=[[1, 2, 3], [4, 5, 6]])
    before = len(t.log)
    with pytest.raises(Refused) as info:
        t.enter(1, 1, 1, out=out, loser=loser)
    assert message in str(info.value)
    assert "Tisch 1" in info.value.message("de")
    assert info.value.localized("de") == info.value.message("de")  # as every schock error
    assert len(t.log) == before and t.results() == []


def test_points_as_written_on_the_sheet_are_checked() -> None:
    t = make("irmgarteich", 3)
    t.draw(tables=[[1, 2, 3]])
    with pytest.raises(Refused, match="game 1: player 1 gets 4 points for his place, not 6"):
        t.enter(1, 1, 1, out=[[2], [1]], loser=3, points={2: 6, 1: 6, 3: 2})
    t.enter(1, 1, 1, out=[[2], [1]], loser=3, points={2: 6, 1: 4, 3: 2})


def test_games_in_order_corrections_and_undo() -> None:
    t = make("irmgarteich", 3, games_per_round=2, trinkrunden=1)
    t.draw(tables=[[1, 2, 3]])
    with pytest.raises(Refused, match="the next game to enter at this table is 1"):
        t.enter(1, 1, 2, out=[[1], [2]], loser=3)
    t.enter(1, 1, 1, out=[[1], [2]], loser=3)
    t.enter(1, 1, 1, out=[[3], [2]], loser=1)  # a correction
    assert standings(t)[0].number == 3
    t.enter(1, 1, 2, out=[[1], [2]], loser=3)
    with pytest.raises(Refused, match="has finished its round"):
        t.enter(1, 1, 3, out=[[1], [2]], loser=3)
    undone = t.undo()
    assert undone.event.game == 2  # type: ignore[attr-defined]
    assert t.next_game(1, 1) == 2
    t.undo()  # the correction
    assert standings(t)[0].number == 1
    assert [e.undone for e in t.log].count(True) == 2


def test_trinkrunden_losers_buy_each_table_mate() -> None:
    t = make("irmgarteich", 3, games_per_round=3, trinkrunden=1, trinkrunden_games=(2,))
    t.draw(tables=[[1, 2, 3]])
    assert t.is_trinkrunde(1, 2) and not t.is_trinkrunde(1, 1)
    t.enter(1, 1, 1, out=[[1], [2]], loser=3)
    t.enter(1, 1, 2, out=[[1], [3]], loser=2)
    assert [(x.buyer, x.receiver, x.count) for x in ledger(t)] == [(2, 1, 1), (2, 3, 1)]


def test_trinkrunden_are_drawn_in_advance_and_reproducible() -> None:
    a, b = make("irmgarteich", 3), make("irmgarteich", 3)
    a.draw(tables=[[1, 2, 3]])
    b.draw(tables=[[1, 2, 3]])
    assert a.rounds[0].trinkrunden == b.rounds[0].trinkrunden
    assert len(a.rounds[0].trinkrunden) == 5 and all(1 <= g <= 30 for g in a.rounds[0].trinkrunden)


def test_start_numbers_are_never_renumbered() -> None:
    t = make("irmgarteich", 4)
    t.withdraw(2)
    late = t.register("Late")
    assert late.number == 5
    assert sorted(t.players) == [1, 2, 3, 4, 5]
    with pytest.raises(Refused, match="registered already"):
        t.register("p1")
    with pytest.raises(Refused, match="has withdrawn"):
        t.checkin(2)
    with pytest.raises(Refused, match="no player with start number 9"):
        t.withdraw(9)
    with pytest.raises(InvalidInputError, match="player name"):
        t.register("  ")
    assert t.active() == [1, 3, 4]


def test_a_withdrawal_mid_round_shrinks_the_table() -> None:
    t = make("irmgarteich", 4)
    t.draw(tables=[[1, 2, 3, 4]])
    t.enter(1, 1, 1, out=[[1], [2], [3]], loser=4)
    t.withdraw(4)
    with pytest.raises(Refused, match="player 4 has withdrawn"):
        t.enter(1, 1, 2, out=[[1], [2], [3]], loser=4)
    g = t.enter(1, 1, 2, out=[[1], [2]], loser=3)
    assert t.game_points(g) == {1: 6, 2: 4, 3: 2}


def test_draw_checks() -> None:
    t = make("irmgarteich", 6)
    with pytest.raises(Refused, match="player 3 is drawn at two tables at once"):
        t.draw(tables=[[1, 2, 3], [3, 4, 5]])
    with pytest.raises(Refused, match="players 6 have no table"):
        t.draw(tables=[[1, 2, 3], [4, 5]])
    with pytest.raises(Refused, match="1 players; allowed: 2 to 12"):
        t.draw(tables=[[1, 2, 3, 4, 5], [6]])
    t.draw(tables=[[1, 2, 3], [4, 5, 6]])
    with pytest.raises(Refused, match="round 1 is not finished"):
        t.draw(tables=[[1, 2, 3], [4, 5, 6]])


# ---------------------------------------------------------------- porz and mosel (chips)
def test_porz_chips_elimination_and_drinks() -> None:
    t = make("porz", 4)
    t.draw(tables=[[1, 2, 3, 4]])
    for g in range(1, 4):
        t.enter(1, 1, g, loser=4)
    assert t.derived.eliminated == {4: (1, 1, 3)}
    assert [(x.buyer, x.receiver) for x in ledger(t)] == [(4, 1), (4, 2), (4, 3)]
    with pytest.raises(Refused, match="round 1, table 1, game 4: player 4 is eliminated"):
        t.enter(1, 1, 4, loser=4)
    for g in range(4, 7):
        t.enter(1, 1, g, loser=3)
    for g in range(7, 10):
        t.enter(1, 1, g, loser=2)
    assert t.finished and standings(t)[0].number == 1
    assert [s.number for s in standings(t)] == [1, 2, 3, 4]
    assert t.derived.chips == {1: 3, 2: 0, 3: 0, 4: 0}


def test_porz_chips_come_anew_each_round_and_tables_stop_at_one_survivor() -> None:
    t = make("porz", 6)
    t.draw(tables=[[1, 2, 3], [4, 5, 6]])
    for g, loser in enumerate([1, 1, 1, 2, 2, 2], start=1):
        t.enter(1, 1, g, loser=loser)
    assert t.next_game(1, 1) is None
    with pytest.raises(Refused, match="round 1 is not finished \\(tables 2 still play\\)"):
        t.draw(tables=[[3, 6]])
    for g, loser in enumerate([4, 5, 4, 5, 4, 5], start=1):
        t.enter(1, 2, g, loser=loser)
    assert t.round_complete(1) and t.active() == [3, 6]
    t.draw(tables=[[3, 6]])
    t.enter(2, 1, 1, loser=3)
    assert t.derived.chips[6] == 3 and t.derived.chips[3] == 2


def test_eliminations_at_parallel_tables_rank_by_the_game_at_the_table() -> None:
    """Tables play side by side: going out in game 5 at table 2 is later than in game 3
    at table 1, whatever the table numbers; the same game number is a tie that the
    tie-breaks decide (here Schock Aus), not the order of the tables."""
    t = make("porz", 6)
    t.draw(tables=[[1, 2, 3], [4, 5, 6]])
    for g, loser in enumerate([3, 3, 3, 2, 2, 1, 2], start=1):  # 3 out in game 3, 2 in 7
        t.enter(1, 1, g, loser=loser)
    for g, loser in enumerate([4, 6, 4, 6, 4, 6], start=1):  # 4 out in game 5, 6 in 6
        t.enter(1, 2, g, loser=loser)
    # 5 keeps 3 chips, 1 keeps 2; then 2 (game 7), 6 (game 6), 4 (game 5), 3 (game 3)
    assert [s.number for s in standings(t)] == [5, 1, 2, 6, 4, 3]
    assert [s.number for s in standings(t, 1)] == [5, 1, 2, 6, 4, 3]
    t2 = make("porz", 6)
    t2.draw(tables=[[1, 2, 3], [4, 5, 6]])
    for g, loser in enumerate([1, 2, 1, 2, 1, 2], start=1):  # 1 out in game 5
        t2.enter(1, 1, g, loser=loser)
    for g, loser in enumerate([4, 5, 4, 5, 4, 5], start=1):  # 4 out in game 5 too
        t2.enter(1, 2, g, loser=loser, schock_aus={4: 1} if g == 2 else None)
    order = [s.number for s in standings(t2)]
    assert order.index(4) < order.index(1)  # the same game: 4's Schock Aus decides


def test_a_correction_that_breaks_a_later_game_is_refused() -> None:
    t = make("porz", 3)
    t.draw(tables=[[1, 2, 3]])
    t.enter(1, 1, 1, loser=1)
    t.enter(1, 1, 2, loser=1)
    t.enter(1, 1, 3, loser=2)
    t.enter(1, 1, 4, loser=1)  # 1 is out now
    with pytest.raises(Refused, match="game 4: player 1 was eliminated before this game"):
        t.enter(1, 1, 3, loser=1)


def test_mosel_lives_carry_over_and_the_round_has_a_fixed_number_of_games() -> None:
    t = make("mosel", 4)
    t.draw(tables=[[1, 2], [3, 4]])
    for table in (1, 2):
        for g, loser in enumerate([1, 2, 1] if table == 1 else [3, 4, 4], start=1):
            t.enter(1, table, g, loser=(loser))
    assert t.round_complete(1)
    assert t.derived.chips == {1: 1, 2: 2, 3: 2, 4: 1}
    t.draw(tables=[[1, 2, 3, 4]])
    t.enter(2, 1, 1, loser=1)
    assert 1 in t.derived.eliminated and 1 not in t.active()


# ---------------------------------------------------------------- standings
def test_tie_break_chain() -> None:
    t = make(
        "irmgarteich",
        3,
        games_per_round=2,
        trinkrunden=0,
        tie_breaks=("lost_games", "head_to_head", "lot"),
    )
    t.draw(tables=[[1, 2, 3]])
    t.enter(1, 1, 1, out=[[1, 2]], loser=3, schock_aus={1: 1})
    t.enter(1, 1, 2, out=[[3], [2]], loser=1)
    table = standings(t)
    # 1: 6+2 = 8, 2: 6+4 = 10, 3: 2+6 = 8; 1 and 3 tie on points and lost games;
    # head-to-head: game 1 1 before 3, game 2 3 before 1 -> lot decides
    assert table[0].number == 2
    assert {table[1].number, table[2].number} == {1, 3} and table[2].rank == 3
    no_lot = make("irmgarteich", 3, games_per_round=2, trinkrunden=0, tie_breaks=("lost_games",))
    no_lot.draw(tables=[[1, 2, 3]])
    no_lot.enter(1, 1, 1, out=[[1, 2]], loser=3)
    no_lot.enter(1, 1, 2, out=[[3], [2]], loser=1)
    assert [s.rank for s in standings(no_lot)] == [1, 2, 2]
    schock = make(
        "irmgarteich", 3, games_per_round=2, trinkrunden=0, tie_breaks=("schock_aus", "lot")
    )
    schock.draw(tables=[[1, 2, 3]])
    schock.enter(1, 1, 1, out=[[1, 2]], loser=3)
    schock.enter(1, 1, 2, out=[[3], [2]], loser=1, schock_aus={3: 1})
    assert [s.number for s in standings(schock)][1] == 3
    prizes = {p.prize.value: p.winners for p in side_prizes(schock)}
    assert prizes == {"schock_aus_koenig": (3,), "rote_laterne": (1,)}


def test_team_scoring_sum_and_best() -> None:
    t = make("irmgarteich", 4, team_scoring="sum", games_per_round=1, trinkrunden=0)
    t.draw(tables=[[1, 2, 3, 4]])
    t.enter(1, 1, 1, out=[[1], [3], [2]], loser=4)  # 7, 5, 3, 1; teams A = 1, 3; B = 2, 4
    assert [(x.team, x.score) for x in team_standings(t)] == [("A", 12), ("B", 4)]
    best = make(
        "irmgarteich", 4, team_scoring="best", team_best=1, games_per_round=1, trinkrunden=0
    )
    best.draw(tables=[[1, 2, 3, 4]])
    best.enter(1, 1, 1, out=[[1], [3], [2]], loser=4)
    assert [(x.team, x.score, x.counted) for x in team_standings(best)] == [
        ("A", 7, (1,)),
        ("B", 3, (2,)),
    ]


def test_schock_aus_only_by_players_of_the_game_and_at_most_one_per_half() -> None:
    """Issue 25, item 6: porz ends a game at a Schock Aus (one half): one per player and
    game; an eliminated or withdrawn player throws none; mosel (halves and a final) allows
    one per half."""
    t = make("porz", 4)
    t.draw(tables=[[1, 2, 3, 4]])
    for g in range(1, 4):
        t.enter(1, 1, g, loser=4)  # 4 is out
    with pytest.raises(Refused, match="Schock Aus of player 4: he is eliminated") as e:
        t.enter(1, 1, 4, loser=1, schock_aus={4: 1})
    assert "Schock Aus von Spieler 4: er ist ausgeschieden" in e.value.message("de")
    t.withdraw(3)
    with pytest.raises(Refused, match="he has withdrawn"):
        t.enter(1, 1, 4, loser=1, schock_aus={3: 1})
    with pytest.raises(Refused, match="player 2 with 2 Schock Aus in one game"):
        t.enter(1, 1, 4, loser=1, schock_aus={2: 2})
    assert t.enter(1, 1, 4, loser=1, schock_aus={2: 1}).schock_aus == ((2, 1),)
    assert make("mosel", 3).schock_aus_per_game() == 3


def test_a_correction_that_revives_an_eliminated_player_is_refused() -> None:
    t = make("porz", 3)
    t.draw(tables=[[1, 2, 3]])
    for g in range(1, 4):
        t.enter(1, 1, g, loser=3)  # 3 is out after game 3
    t.enter(1, 1, 4, loser=1)  # entered without 3
    with pytest.raises(Refused, match="player 3 would still be in at this game"):
        t.enter(1, 1, 3, loser=2)  # the correction would keep 3 in
    assert t.derived.eliminated[3] == (1, 1, 3)
