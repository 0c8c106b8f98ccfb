"""The state a tournament's log builds: players, rounds, and what the results derive.

:class:`Player` and :class:`Round` are what registrations and draws make;
:class:`Derived` is everything computed from the entered results in game order
(chips, eliminations, the drinks ledger, which tables have finished, who still
plays at each): the input of the standings. :func:`derive` computes it afresh
(a correction of an early game is checked against every later one);
:func:`derive_round_start` and :func:`derive_game` add a new round or the next
game to it. A game that cannot follow from the games before it is
:class:`~schock.tournament.errors.Refused`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from schock.tournament.errors import Refused
from schock.tournament.events import GameEntered
from schock.tournament.format import Scoring, TournamentFormat


def _where(rnd: int, table: int, game: int | None = None) -> tuple[str, str]:
    en = f"round {rnd}, table {table}" + (f", game {game}" if game is not None else "")
    de = f"Runde {rnd}, Tisch {table}" + (f", Spiel {game}" if game is not None else "")
    return en, de


def _nums(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


@dataclass
class Player:
    """A registered player."""

    number: int
    name: str
    team: str | None = None
    present: bool = False
    withdrawn: bool = False
    joined_round: int = 1
    """The first round that was drawn after he registered."""

    @property
    def label(self) -> str:
        """``"7 Anna"``: start number and name."""
        return f"{self.number} {self.name}"


@dataclass
class Round:
    """A drawn round: its tables and the games entered at each."""

    number: int
    tables: tuple[tuple[int, ...], ...]
    trinkrunden: tuple[int, ...] = ()
    games: dict[int, dict[int, GameEntered]] = field(default_factory=dict)
    """table -> game number -> result."""

    def table_of(self, player: int) -> int | None:
        """The table (1-based) at which ``player`` sits in this round."""
        for i, t in enumerate(self.tables, start=1):
            if player in t:
                return i
        return None


@dataclass(frozen=True)
class Drink:
    """One line of the drinks ledger: ``buyer`` buys ``receiver`` ``count`` drinks."""

    buyer: int
    receiver: int
    count: int
    reason: str
    """``"eliminated"`` or ``"trinkrunde"``."""
    round: int
    table: int
    game: int


@dataclass
class Derived:
    """Everything computed from the results in game order."""

    chips: dict[int, int] = field(default_factory=dict)
    eliminated: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    """player -> (round, table, game) of the game that eliminated him."""
    elimination_order: list[int] = field(default_factory=list)
    drinks: list[Drink] = field(default_factory=list)
    table_done: dict[tuple[int, int], bool] = field(default_factory=dict)
    remaining: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    """(round, table) -> players still playing at that table in this round."""


#: A player's withdrawal is all the derivation asks of the players.
Players = Mapping[int, Player]


def derive(fmt: TournamentFormat, players: Players, rounds: Iterable[Round]) -> Derived:
    """Everything the results of ``rounds`` derive, computed from scratch in game order;
    a game that cannot follow from the ones before it is refused."""
    d = Derived()
    for rnd in rounds:
        derive_round_start(fmt, players, d, rnd)
        for t in range(1, len(rnd.tables) + 1):
            games = rnd.games.get(t, {})
            for g in range(1, len(games) + 1):
                if g not in games:  # pragma: no cover - games are entered in order
                    raise AssertionError(f"round {rnd.number}, table {t}: game {g} missing")
                derive_game(fmt, players, d, rnd, games[g])
    return d


def derive_round_start(fmt: TournamentFormat, players: Players, d: Derived, rnd: Round) -> None:
    """A newly drawn round: chips for its players (carried over or anew), who sits where."""
    if fmt.scoring is Scoring.CHIPS:
        for table in rnd.tables:
            for p in table:
                if fmt.chips_reset_each_round or p not in d.chips:
                    d.chips[p] = fmt.chips
    for t, seats in enumerate(rnd.tables, start=1):
        d.remaining[(rnd.number, t)] = tuple(p for p in seats if p not in d.eliminated)
        d.table_done[(rnd.number, t)] = _table_over(fmt, players, d, rnd, t, 0)


def _table_over(
    fmt: TournamentFormat, players: Players, d: Derived, rnd: Round, t: int, games: int
) -> bool:
    playing = [p for p in d.remaining[(rnd.number, t)] if not players[p].withdrawn]
    limit = 1 if len(rnd.tables) == 1 else fmt.advance_per_table
    return (
        len(playing) < 2
        or bool(fmt.games_per_round and games >= fmt.games_per_round)
        or (fmt.scoring is Scoring.CHIPS and len(playing) <= limit)
    )


def derive_game(
    fmt: TournamentFormat, players: Players, d: Derived, rnd: Round, game: GameEntered
) -> None:
    """Add one game (the next at its table) to the derived state."""
    r, t, g = rnd.number, game.table, game.game
    en, de = _where(r, t, g)
    if d.table_done[(r, t)]:
        raise Refused(
            f"{en}: this table had finished its round before this game",
            f"{de}: Dieser Tisch war vor diesem Spiel schon fertig",
        )
    if fmt.scoring is Scoring.CHIPS:
        bad = sorted({game.loser, *game.players} & set(d.eliminated))
        if bad:
            raise Refused(
                f"{en}: player {_nums(bad)} was eliminated before this game",
                f"{de}: Spieler {_nums(bad)} war vor diesem Spiel schon ausgeschieden",
            )
        missing = [p for p in d.remaining[(r, t)]
                   if p not in game.players and not players[p].withdrawn]
        if missing:  # a correction revived him, but this game was entered without him
            raise Refused(
                f"{en}: player {_nums(missing)} would still be in at this game, but it was "
                "entered without him; correct the later games first",
                f"{de}: Spieler {_nums(missing)} wäre bei diesem Spiel noch dabei, es ist "
                "aber ohne ihn eingetragen; erst die späteren Spiele korrigieren",
            )
        d.chips[game.loser] -= 1
        if d.chips[game.loser] <= 0:
            d.chips[game.loser] = 0
            d.eliminated[game.loser] = (r, t, g)
            d.elimination_order.append(game.loser)
            if fmt.eliminated_buys_drinks:
                _loser_buys(d, game, "eliminated", r)
            d.remaining[(r, t)] = tuple(p for p in d.remaining[(r, t)] if p != game.loser)
    if g in rnd.trinkrunden:
        _loser_buys(d, game, "trinkrunde", r)
    d.table_done[(r, t)] = _table_over(fmt, players, d, rnd, t, g)


def _loser_buys(d: Derived, game: GameEntered, reason: str, r: int) -> None:
    """The loser of ``game`` (in round ``r``) buys everybody else who played it a drink."""
    for mate in game.players:
        if mate != game.loser:
            d.drinks.append(Drink(game.loser, mate, 1, reason, r, game.table, game.game))
