"""A whole tournament played by bots through the engine: for tests and for planning an evening.

Every game at every table is a real engine game (seeded dice, bots from
:mod:`schock.bots`); its record is entered with
:meth:`~schock.tournament.domain.Tournament.enter_record`, so each result
carries its proof, exactly as a game played in ``schock play`` would.

The next game at a table is started by the previous game's loser (all three
seeds); a table opens with the rules' opening at the start of a round, when
the previous loser has left, and (``reopen_after_leave``, Mosel) whenever a
player has left the table.

How long an evening takes is estimated from what was played: every throw
takes ``seconds_per_throw``, every Wurfrunde (showdown and Deckel)
``seconds_per_wurfrunde`` more; tables play in parallel, so a round takes as
long as its slowest table; between rounds there is a break of
``break_minutes``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

from schock.bots import make_bot, play_game
from schock.engine import Automation, Game, SeededDice
from schock.engine import events as ev
from schock.engine.record import to_json
from schock.errors import InvalidInputError
from schock.tournament.domain import Tournament
from schock.tournament.format import TournamentFormat

#: Planning figures (seconds); see the module doc.
SECONDS_PER_THROW = 5.0
SECONDS_PER_WURFRUNDE = 10.0
BREAK_MINUTES = 10.0


@dataclass(frozen=True)
class Timing:
    """How long to play: seconds per throw and per Wurfrunde, minutes of break between rounds."""

    seconds_per_throw: float = SECONDS_PER_THROW
    seconds_per_wurfrunde: float = SECONDS_PER_WURFRUNDE
    break_minutes: float = BREAK_MINUTES


@dataclass
class RoundReport:
    """One tournament round as played."""

    number: int
    tables: int
    games: int = 0
    throws: int = 0
    wurfrunden: int = 0
    minutes: float = 0.0
    """The slowest table's time."""
    most_games: int = 0
    """Games at the busiest table."""


@dataclass
class Report:
    """The whole simulated evening."""

    players: int
    rounds: list[RoundReport] = field(default_factory=list)
    timing: Timing = field(default_factory=Timing)

    @property
    def games(self) -> int:
        """Games played in all."""
        return sum(r.games for r in self.rounds)

    @property
    def throws(self) -> int:
        """Throws in all."""
        return sum(r.throws for r in self.rounds)

    @property
    def minutes(self) -> float:
        """Estimated length of the evening (rounds plus breaks between them)."""
        breaks = max(len(self.rounds) - 1, 0) * self.timing.break_minutes
        return sum(r.minutes for r in self.rounds) + breaks


def _seed(*parts: object) -> int:
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")



def next_seats(t: Tournament, rnd: int, table: int) -> tuple[list[int], int | None]:
    """Who plays the next game at a table (in card order) and the seat that starts it:
    the previous game's loser if he plays again (None: the game's own roll-off)."""
    players = t.table_players(rnd, table)
    game_no = t.next_game(rnd, table)
    starter = None
    before = t.rounds[rnd - 1].games.get(table, {}).get((game_no or 1) - 1)
    if before is not None and before.loser in players:
        left = set(before.players) - set(players)
        if not (left and t.format.reopen_after_leave):
            starter = players.index(before.loser)
    return players, starter

def play_table_game(
    t: Tournament, rnd: int, table: int, *, bot: str = "heuristic"
) -> tuple[int, int]:
    """Bots play the next game at a table; it is entered from its record.

    Returns (throws, Wurfrunden) of the game.
    """
    game_no = t.next_game(rnd, table)
    if game_no is None:
        raise InvalidInputError(f"round {rnd}, table {table}: the table has finished its round")
    players, starter = next_seats(t, rnd, table)
    game = Game(
        t.rules,
        seats=[t.players[p].label for p in players],
        dice=SeededDice(_seed(t.seed, rnd, table, game_no)),
        starter=starter,
        automations=set(Automation),
    )
    bots = [make_bot(bot, seed=_seed(t.seed, rnd, table, game_no, p)) for p in players]
    play_game(game, bots)
    t.enter_record(rnd, table, game_no, to_json(game))
    throws = sum(1 for e in game.log if isinstance(e, ev.Thrown))
    wurfrunden = sum(1 for e in game.log if isinstance(e, ev.RoundStarted))
    return throws, wurfrunden


def play_round(
    t: Tournament, *, bot: str = "heuristic", timing: Timing | None = None
) -> RoundReport:
    """Bots play every open table of the current round to its end."""
    rnd = t.current_round
    if rnd is None:
        raise InvalidInputError("no round has been drawn; allowed: draw first")
    timing = timing or Timing()
    report = RoundReport(rnd.number, len(rnd.tables))
    for table in range(1, len(rnd.tables) + 1):
        seconds = 0.0
        games = 0
        while t.next_game(rnd.number, table) is not None:
            throws, wurfrunden = play_table_game(t, rnd.number, table, bot=bot)
            games += 1
            report.throws += throws
            report.wurfrunden += wurfrunden
            seconds += throws * timing.seconds_per_throw
            seconds += wurfrunden * timing.seconds_per_wurfrunde
        report.games += games
        report.most_games = max(report.most_games, games)
        report.minutes = max(report.minutes, seconds / 60)
    return report


def simulate(
    t: Tournament,
    *,
    bot: str = "heuristic",
    timing: Timing | None = None,
    after_round: Callable[[Tournament, RoundReport], None] | None = None,
    max_rounds: int = 200,
) -> Report:
    """Draw and play every round of ``t`` with bots until the tournament is over."""
    make_bot(bot)  # an unknown bot is refused before anything is played
    timing = timing or Timing()
    report = Report(players=len(t.active()), timing=timing)
    for _ in range(max_rounds):
        if t.finished:
            break
        if t.current_round is None or t.round_complete(t.current_round.number):
            t.draw()
        done = play_round(t, bot=bot, timing=timing)
        report.rounds.append(done)
        if after_round is not None:
            after_round(t, done)
    return report


def bot_tournament(
    fmt: TournamentFormat, players: int, *, seed: int = 0, name: str = "Simulation"
) -> Tournament:
    """A tournament of ``players`` registered and checked-in players (names ``Spieler 1`` ...)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 999:
        raise InvalidInputError(f"players: {players!r}; allowed: 2 to 999")
    t = Tournament.create(name=name, fmt=fmt, seed=seed)
    for i in range(1, players + 1):
        t.checkin(t.register(f"Spieler {i}").number)
    return t
