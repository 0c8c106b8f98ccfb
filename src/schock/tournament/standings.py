"""Standings, team standings, the drinks ledger and the side prizes.

Standings are computed from the entered results alone (in game order), so
they do not depend on the order in which the tables' games were entered.

Ranking, points formats: more points first. Chips formats (the whole event):
whoever reached a later round first; among them, players still in before
eliminated ones, later eliminations before earlier ones (by round, then by the
game number at the player's table: tables play side by side, so the same game
number at two tables counts as equally late), more chips first.
Chips formats, one round: players not eliminated in that round first, then
later eliminations first (by game number at the table). Players still equal are separated by the format's
tie-break chain (fewer lost games, more Schock Aus, head-to-head among the
tied players, lot); players equal after the whole chain share the rank.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from schock.tournament.domain import GameEntered, Tournament, lot
from schock.tournament.format import Scoring, SidePrize, TeamScoring, TieBreak


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    number: int
    name: str
    team: str | None
    points: Fraction
    games: int
    lost: int
    schock_aus: int
    chips: int | None
    status: str
    """``"in"``, ``"eliminated"`` or ``"withdrawn"``."""
    reached: int
    """The last round he played in."""


@dataclass(frozen=True)
class TeamStanding:
    """One line of the team standings."""

    rank: int
    team: str
    score: Fraction
    counted: tuple[int, ...]
    """The start numbers whose scores count."""


@dataclass(frozen=True)
class LedgerLine:
    """``buyer`` owes ``receiver`` ``count`` drinks."""

    buyer: int
    receiver: int
    count: int


def _games(t: Tournament, rnd: int | None) -> list[GameEntered]:
    return [g for g in t.results() if rnd is None or g.round == rnd]


def _places(game: GameEntered) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, grp in enumerate(game.out):
        for p in grp:
            out[p] = i
    others = [p for p in game.players if p not in out and p != game.loser]
    for p in others:
        out[p] = len(game.out)
    out[game.loser] = len(game.out) + 1
    return out


def standings(t: Tournament, rnd: int | None = None) -> list[Standing]:
    """The standings of the whole event, or of round ``rnd`` only."""
    games = _games(t, rnd)
    points: dict[int, Fraction] = defaultdict(Fraction)
    played: Counter[int] = Counter()
    lost: Counter[int] = Counter()
    schock: Counter[int] = Counter()
    reached: dict[int, int] = {}
    for g in games:
        if t.format.scoring is Scoring.POINTS:
            for p, v in t.game_points(g).items():
                points[p] += v
        for p in g.players:
            played[p] += 1
        lost[g.loser] += 1
        for p, n in g.schock_aus:
            schock[p] += n
    for r in t.rounds:
        if rnd is None or r.number == rnd:
            for table in r.tables:
                for p in table:
                    reached[p] = r.number
    d = t.derived
    numbers = sorted(t.players) if rnd is None else sorted(reached)

    def status(p: int) -> str:
        if t.players[p].withdrawn:
            return "withdrawn"
        if p in d.eliminated and (rnd is None or d.eliminated[p][0] <= rnd):
            return "eliminated"
        return "in"

    def primary(p: int) -> tuple[object, ...]:
        if t.format.scoring is Scoring.POINTS:
            return (-points[p],)
        out = 1 if status(p) != "in" else 0
        # when he went out: (round, game at his table); tables play side by side,
        # so game 9 at table 2 is as late as game 9 at table 1 (the tie-breaks decide)
        when = (d.eliminated[p][0], d.eliminated[p][2]) if p in d.eliminated else (0, 0)
        if rnd is not None:
            here = p in d.eliminated and d.eliminated[p][0] == rnd
            return (1 if here else 0, -when[1] if here else 0)
        return (-reached.get(p, 0), out, -when[0], -when[1], -d.chips.get(p, 0))

    def h2h(group: Sequence[int]) -> dict[int, int]:
        score: Counter[int] = Counter()
        members = set(group)
        for g in games:
            places = _places(g)
            here = [p for p in g.players if p in members]
            for a in here:
                for b in here:
                    if places[a] < places[b]:
                        score[a] += 1
                        score[b] -= 1
        return score

    def key_of(tb: TieBreak, group: Sequence[int]) -> Callable[[int], object]:
        if tb is TieBreak.LOST_GAMES:
            return lambda p: lost[p]
        if tb is TieBreak.SCHOCK_AUS:
            return lambda p: -schock[p]
        if tb is TieBreak.HEAD_TO_HEAD:
            score = h2h(group)
            return lambda p: -score[p]
        return lambda p: lot(t.seed, p)

    def split(group: list[int], chain: Sequence[TieBreak]) -> list[list[int]]:
        if len(group) <= 1 or not chain:
            return [group]
        key = key_of(chain[0], group)
        ordered = sorted(group, key=lambda p: (key(p), p))
        out: list[list[int]] = []
        for p in ordered:
            if out and key(out[-1][0]) == key(p):
                out[-1].append(p)
            else:
                out.append([p])
        return [sub for grp in out for sub in split(grp, chain[1:])]

    by_primary: dict[tuple[object, ...], list[int]] = defaultdict(list)
    for p in numbers:
        by_primary[primary(p)].append(p)
    ordered_groups: list[list[int]] = []
    for k in sorted(by_primary):  # type: ignore[type-var,unused-ignore]
        ordered_groups.extend(split(by_primary[k], t.format.tie_breaks))
    result: list[Standing] = []
    rank = 1
    for grp in ordered_groups:
        for p in grp:
            player = t.players[p]
            result.append(
                Standing(
                    rank=rank,
                    number=p,
                    name=player.name,
                    team=player.team,
                    points=points[p],
                    games=played[p],
                    lost=lost[p],
                    schock_aus=schock[p],
                    chips=d.chips.get(p) if t.format.scoring is Scoring.CHIPS else None,
                    status=status(p),
                    reached=reached.get(p, 0),
                )
            )
        rank += len(grp)
    return result


def points_text(value: object) -> str:
    """Points as the tables print them: whole numbers as they are, shares to two places.

    >>> points_text(Fraction(6)), points_text(Fraction(9, 2)), points_text("10/3")
    ('6', '4.50', '3.33')
    """
    v = Fraction(str(value))
    return str(v.numerator) if v.denominator == 1 else f"{float(v):.2f}"


def player_score(t: Tournament, line: Standing) -> Fraction:
    """What a player adds to his team: his points, or (chips formats) the games he survived."""
    if t.format.scoring is Scoring.POINTS:
        return line.points
    return Fraction(line.games - line.lost)


def team_standings(t: Tournament, rnd: int | None = None) -> list[TeamStanding]:
    """Teams by the sum of their players' scores, or of their best ``team_best``."""
    if t.format.team_scoring is TeamScoring.NONE:
        return []
    members: dict[str, list[tuple[Fraction, int]]] = defaultdict(list)
    for line in standings(t, rnd):
        if line.team:
            members[line.team].append((player_score(t, line), line.number))
    scored = []
    for team, scores in members.items():
        scores.sort(key=lambda s: (-s[0], s[1]))
        if t.format.team_scoring is TeamScoring.BEST:
            scores = scores[: t.format.team_best]
        scored.append((sum((s for s, _ in scores), Fraction(0)), team, tuple(n for _, n in scores)))
    scored.sort(key=lambda s: (-s[0], s[1]))
    out: list[TeamStanding] = []
    for i, (score, team, counted) in enumerate(scored):
        rank = out[-1].rank if out and out[-1].score == score else i + 1
        out.append(TeamStanding(rank, team, score, counted))
    return out


def ledger(t: Tournament) -> list[LedgerLine]:
    """Who buys whom how many drinks, by buyer and receiver."""
    counts: Counter[tuple[int, int]] = Counter()
    for d in t.derived.drinks:
        counts[(d.buyer, d.receiver)] += d.count
    return [LedgerLine(b, r, n) for (b, r), n in sorted(counts.items())]


def drinks_totals(t: Tournament) -> dict[int, tuple[int, int]]:
    """Per player: (drinks he buys, drinks he receives)."""
    bought: Counter[int] = Counter()
    got: Counter[int] = Counter()
    for d in t.derived.drinks:
        bought[d.buyer] += d.count
        got[d.receiver] += d.count
    return {p: (bought[p], got[p]) for p in sorted(set(bought) | set(got))}


@dataclass(frozen=True)
class Prize:
    """A side prize and who wins it (several if tied)."""

    prize: SidePrize
    winners: tuple[int, ...]
    value: int


PRIZE_LABELS = {
    SidePrize.SCHOCK_AUS_KOENIG: ("Schock-Aus-König", "Schock-Aus-König (most Schock Aus)"),
    SidePrize.ROTE_LATERNE: ("Rote Laterne", "Rote Laterne (last place)"),
    SidePrize.DURSTIGSTER: ("Durstigster", "Durstigster (most drinks bought)"),
}


def side_prizes(t: Tournament) -> list[Prize]:
    """The format's side prizes (a prize nobody has earned yet is left out)."""
    table = standings(t)
    out = []
    for prize in t.format.side_prizes:
        if prize is SidePrize.SCHOCK_AUS_KOENIG:
            best = max((s.schock_aus for s in table), default=0)
            if best:
                winners = tuple(s.number for s in table if s.schock_aus == best)
                out.append(Prize(prize, winners, best))
        elif prize is SidePrize.ROTE_LATERNE:
            if any(s.games and s.status != "withdrawn" for s in table):
                played = [s for s in table if s.games and s.status != "withdrawn"]
                last = played[-1].rank
                out.append(Prize(prize, tuple(s.number for s in played if s.rank == last), last))
        else:
            totals = drinks_totals(t)
            most = max((b for b, _ in totals.values()), default=0)
            if most:
                out.append(
                    Prize(prize, tuple(p for p, (b, _) in totals.items() if b == most), most)
                )
    return out
