"""Hypothesis properties of the tournament domain over random legal (and illegal) entries."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from schock.tournament import archive
from schock.tournament.domain import Refused, Tournament
from schock.tournament.format import load_format
from schock.tournament.standings import ledger, standings

SETTINGS = settings(max_examples=40, deadline=None)


def tournament(fmt: str, n: int, **changes: object) -> Tournament:
    f = load_format(fmt).replace(**changes) if changes else load_format(fmt)
    t = Tournament.create(name="P", fmt=f, seed=1, id="p")
    for i in range(n):
        t.checkin(t.register(f"S{i}").number)
    return t


def split(players: list[int], size: int) -> list[list[int]]:
    tables = [players[i : i + size] for i in range(0, len(players), size)]
    if len(tables) > 1 and len(tables[-1]) < 2:
        tables[-2].extend(tables.pop())
    return tables


@st.composite
def points_games(draw: st.DrawFn) -> tuple[Tournament, list[tuple[int, int, list[list[int]], int]]]:
    n = draw(st.integers(4, 11))
    t = tournament(
        "irmgarteich", n, games_per_round=4, trinkrunden=1, ties_share_higher=draw(st.booleans())
    )
    order = draw(st.permutations(list(range(1, n + 1))))
    t.draw(tables=split(list(order), 3))
    games = []
    for ti, table in enumerate(t.rounds[0].tables, start=1):
        for g in range(1, 5):
            seq = draw(st.permutations(list(table)))
            loser, rest = seq[-1], list(seq[:-1])
            groups: list[list[int]] = []
            for p in rest:
                if groups and draw(st.booleans()):
                    groups[-1].append(p)
                else:
                    groups.append([p])
            games.append((ti, g, groups, loser))
    return t, games


@SETTINGS
@given(points_games())
def test_points_per_game_are_conserved(case: tuple[Tournament, list]) -> None:  # type: ignore[type-arg]
    t, games = case
    for table, g, groups, loser in games:
        entered = t.enter(1, table, g, out=groups, loser=loser)
        pts = t.game_points(entered)
        places = t.format.place_points(len(entered.players))
        assert pts[loser] == places[-1]
        if not any(len(grp) > 1 for grp in groups) or not t.format.ties_share_higher:
            assert sum(pts.values()) == sum(places)  # conserved
        else:  # ties share the higher points: exactly the group's best place, for each member
            k, want = 0, Fraction(0)
            for grp in groups:
                want += places[k] * len(grp)
                k += len(grp)
            assert sum(pts.values()) == want + places[-1]


@SETTINGS
@given(points_games(), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_the_order_of_entry(case, rnd) -> None:  # type: ignore[no-untyped-def]
    t, games = case
    other = archive.loads(archive.dumps(t))
    for table, g, groups, loser in games:
        t.enter(1, table, g, out=groups, loser=loser)
    queues = {}
    for table, g, groups, loser in games:
        queues.setdefault(table, []).append((g, groups, loser))
    while queues:  # the tables' games interleaved at random (each table in its own order)
        table = rnd.choice(sorted(queues))
        g, groups, loser = queues[table].pop(0)
        other.enter(1, table, g, out=groups, loser=loser)
        if not queues[table]:
            del queues[table]
    assert standings(other) == standings(t)
    assert ledger(other) == ledger(t)


@st.composite
def chips_play(draw: st.DrawFn) -> tuple[Tournament, list[int]]:
    n = draw(st.integers(3, 9))
    fmt = draw(st.sampled_from(["porz", "mosel"]))
    t = tournament(fmt, n, table_size=4, games_per_round=0 if fmt == "porz" else 6)
    t.draw(tables=split(list(range(1, n + 1)), 4))
    picks = draw(st.lists(st.integers(0, 10**6), min_size=5, max_size=60))
    return t, picks


@SETTINGS
@given(chips_play())
def test_chips_never_negative_and_every_eliminated_player_owes_each_table_mate(
    case: tuple[Tournament, list[int]],
) -> None:
    t, picks = case
    for pick in picks:
        rnd = t.rounds[-1].number
        open_tables = [k for k in range(1, len(t.rounds[-1].tables) + 1) if t.next_game(rnd, k)]
        if not open_tables:
            if t.finished:
                break
            t.draw(tables=split(t.active(), 4))
            continue
        table = open_tables[pick % len(open_tables)]
        seats = t.rounds[-1].tables[table - 1]
        loser = seats[pick % len(seats)]  # sometimes an eliminated player: refused
        game = t.next_game(rnd, table)
        assert game is not None
        before = dict(t.derived.chips)
        try:
            entered = t.enter(rnd, table, game, loser=loser)
        except Refused as exc:
            assert loser in t.derived.eliminated
            assert f"player {loser} is eliminated" in str(exc)
            assert t.derived.chips == before
            continue
        assert min(t.derived.chips.values()) >= 0
        if loser in t.derived.eliminated and t.format.eliminated_buys_drinks:
            debts = {(d.buyer, d.receiver) for d in t.derived.drinks if d.reason == "eliminated"}
            for mate in entered.players:
                if mate != loser:
                    assert (loser, mate) in debts
    assert all(v >= 0 for v in t.derived.chips.values())


@SETTINGS
@given(chips_play(), st.lists(st.booleans(), max_size=8))
def test_the_archive_round_trips(case: tuple[Tournament, list[int]], undos: list[bool]) -> None:
    t, picks = case
    for pick, undo in zip(picks, undos + [False] * len(picks), strict=False):
        rnd = t.rounds[-1].number
        open_tables = [k for k in range(1, len(t.rounds[-1].tables) + 1) if t.next_game(rnd, k)]
        if not open_tables:
            break
        table = open_tables[pick % len(open_tables)]
        players = t.table_players(rnd, table)
        game = t.next_game(rnd, table)
        assert game is not None
        t.enter(rnd, table, game, loser=players[pick % len(players)])
        if undo:
            t.undo()
    text = archive.dumps(t)
    again = archive.loads(text)
    assert archive.dumps(again) == text
    assert standings(again) == standings(t)
