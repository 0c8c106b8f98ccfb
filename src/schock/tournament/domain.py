"""A tournament as an append-only log of events, and the state they build.

Every change is a command on :class:`Tournament` (``register``, ``checkin``,
``withdraw``, ``draw``, ``enter``, ``enter_record``, ``undo``). A command is
checked against the state first; if it cannot be true it raises
:class:`Refused` (naming the round, table, game and player) and changes
nothing. Otherwise it becomes an :class:`Event` in :attr:`Tournament.log`:
the audit log. ``undo`` marks the newest effective event undone (the undo is
logged too) and rebuilds the state from the rest. Everything derived
(points, chips, eliminations, drinks) is computed again from the entered
results in game order, so a correction of an early game is checked against
every later one.

Players keep the start number they got at registration for the whole event;
numbers are never reused or renumbered.

This module holds the commands; the rest stands below it, where a reader looks
for it: the events of the log in :mod:`schock.tournament.events`, the state
(players, rounds) and what the results derive (chips, eliminations, drinks:
the standings' input) in :mod:`schock.tournament.state`, the log and the
questions it answers in :mod:`schock.tournament.log`, the checks of draws,
entries and corrections in :mod:`schock.tournament.checks`. Every name they
had here is still importable from here.

>>> from schock.tournament.format import load_format
>>> t = Tournament.create(name="Test", fmt=load_format("irmgarteich"), seed=1)
>>> [t.register(n).number for n in ("Anna", "Ben", "Cem")]
[1, 2, 3]
>>> _ = [t.checkin(n) for n in (1, 2, 3)]
>>> t.draw(tables=[[1, 2, 3]]).tables
((1, 2, 3),)
>>> g = t.enter(1, 1, 1, out=[[2], [3]], loser=1)
>>> [str(t.game_points(g)[p]) for p in (2, 3, 1)]
['6', '4', '2']
>>> t.enter(1, 1, 2, out=[[2], [4]], loser=1)
Traceback (most recent call last):
...
schock.tournament.errors.Refused: round 1, table 1, game 2: player 4 does not sit at this table (its players: 1, 2, 3)
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules
from schock.tournament.checks import TournamentChecks
from schock.tournament.errors import Refused as Refused  # where it was first
from schock.tournament.events import (
    EVENT_TYPES,
    Event,
    GameEntered,
    LogEntry,
    PlayerCheckedIn,
    PlayerRegistered,
    PlayerRenamed,
    PlayerWithdrawn,
    RoundDrawn,
    Undone,
    event_from_json,
)
from schock.tournament.format import DrawMode, Scoring, TournamentFormat
from schock.tournament.state import Derived, Drink, Player, Round, _nums, _where

__all__ = [
    "DRAW_TIME_LIMIT",
    "EVENT_TYPES",
    "Derived",
    "Drink",
    "Event",
    "GameEntered",
    "LogEntry",
    "Player",
    "PlayerCheckedIn",
    "PlayerRegistered",
    "PlayerRenamed",
    "PlayerWithdrawn",
    "Refused",
    "Round",
    "RoundDrawn",
    "Tournament",
    "Undone",
    "event_from_json",
    "format_out",
    "group_by_round",
    "lot",
    "parse_out",
]


def parse_out(text: str) -> list[list[int]]:
    """The order of going out as written on a form: start numbers, first out
    first, separated by commas, semicolons or spaces; players who went out at the
    same moment joined with ``+`` (as ``schock turnier eintragen --raus 2+3``).

    >>> parse_out("2, 3+5 4")
    [[2], [3, 5], [4]]
    >>> format_out(parse_out(" 1 + 2 ; 3 "))
    '1+2, 3'
    >>> parse_out("2,,x")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: out: 'x'; allowed: start numbers, first out first, players going out together joined with + (e.g. 2, 3+5, 4)
    """
    groups: list[list[int]] = []
    cleaned = re.sub(r"\s*\+\s*", "+", str(text or "").strip())
    for part in re.split(r"[,;\s]+", cleaned):
        if not part:
            continue
        members = part.split("+")
        if not all(m.isdigit() and len(m) <= 6 for m in members):
            raise InvalidInputError(Msg("turnier.out", {"text": part[:20]}))
        groups.append([int(m) for m in members])
    return groups


def format_out(groups: Iterable[Iterable[int]]) -> str:
    """The order of going out in the notation :func:`parse_out` reads.

    >>> format_out([[2], [3, 5]])
    '2, 3+5'
    """
    return ", ".join("+".join(str(p) for p in g) for g in groups)


class Tournament(TournamentChecks):
    """A tournament: its format, the game rules, and the log that builds its state.

    The log and its state are :class:`~schock.tournament.log.TournamentLog`'s, the
    checks of every event :class:`~schock.tournament.checks.TournamentChecks`'; here
    are the commands.
    """

    @classmethod
    def create(
        cls,
        *,
        name: str,
        fmt: TournamentFormat,
        rules: Rules | None = None,
        seed: int = 0,
        id: str | None = None,
    ) -> Tournament:
        """A new, empty tournament (game rules: the format's, unless given)."""
        return cls(
            id=id or uuid.uuid4().hex[:12],
            name=name,
            fmt=fmt,
            rules=rules if rules is not None else fmt.game_rules(),
            seed=seed,
        )

    def copy(self) -> Tournament:
        """A copy to try commands on (its game records are not checked again)."""
        trial = Tournament(id=self.id, name=self.name, fmt=self.format, rules=self.rules,
                           seed=self.seed, created=self.created, clock=self._clock)
        trial.check_records = False
        trial._take_state(self)
        return trial

    # -------------------------------------------------------------- commands: players
    def register(self, name: str, team: str | None = None) -> Player:
        """Register a player; he gets the next start number (late entries too)."""
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
            raise InvalidInputError(Msg("turnier.player_name", {"name": name}))
        if team is not None and (not isinstance(team, str) or len(team.strip()) > 80):
            raise InvalidInputError(Msg("turnier.team", {"team": team}))
        clean = name.strip()
        if any(p.name.casefold() == clean.casefold() for p in self.players.values()):
            raise Refused(
                f"a player named {clean!r} is registered already",
                f"Ein Spieler namens {clean!r} ist schon angemeldet",
            )
        event = PlayerRegistered(self._next_number, clean, (team or "").strip() or None)
        self._commit(event)
        return self.players[event.number]

    def checkin(self, number: int, present: bool = True) -> Player:
        """Mark a player present (or absent again)."""
        player = self._player(number)
        if player.withdrawn:
            raise Refused(
                f"player {player.label} has withdrawn", f"Spieler {player.label} ist abgemeldet"
            )
        self._commit(PlayerCheckedIn(number, present))
        return player

    def rename(self, number: int, name: str) -> Player:
        """Correct a player's name; his start number (and everything entered) stays."""
        player = self._player(number)
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
            raise InvalidInputError(Msg("turnier.player_name", {"name": name}))
        event = PlayerRenamed(number, name.strip())
        self.verify(event)
        self._commit(event)
        return player

    def withdraw(self, number: int) -> Player:
        """A player leaves the event; his results stay, he is drawn no more."""
        player = self._player(number)
        if player.withdrawn:
            raise Refused(
                f"player {player.label} has withdrawn already",
                f"Spieler {player.label} ist schon abgemeldet",
            )
        self._commit(PlayerWithdrawn(number))
        return player

    # -------------------------------------------------------------- commands: draws
    def draw(self, *, tables: Sequence[Sequence[int]] | None = None) -> Round:
        """Draw the next round (or take ``tables`` as given, start numbers per table)."""
        number = len(self.rounds) + 1
        if self.rounds and not self.round_complete(len(self.rounds)):
            open_tables = [
                t
                for t in range(1, len(self.rounds[-1].tables) + 1)
                if not self.derived.table_done.get((len(self.rounds), t))
            ]
            raise Refused(
                f"round {len(self.rounds)} is not finished (tables {_nums(open_tables)} still play)",
                f"Runde {len(self.rounds)} ist nicht fertig (Tische {_nums(open_tables)} spielen noch)",
            )
        if self.finished:
            raise Refused("the tournament is over", "Das Turnier ist zu Ende")
        players = self.active()
        if len(players) < 2:
            raise Refused(
                f"only {len(players)} player(s) checked in and still in; a table needs 2",
                f"Nur {len(players)} Spieler anwesend und im Turnier; ein Tisch braucht 2",
            )
        plan: tuple[tuple[tuple[int, ...], ...], ...] = ()
        if tables is None:
            chosen, plan = self._draw_tables(number, players)
        else:
            chosen = tuple(tuple(t) for t in tables)
        event = RoundDrawn(number, chosen, self._trinkrunden(number), plan)
        self.verify(event)
        self._commit(event)
        return self.rounds[-1]

    def _trinkrunden(self, number: int) -> tuple[int, ...]:
        f = self.format
        if f.trinkrunden == 0:
            return ()
        if f.trinkrunden_games:
            return tuple(sorted(f.trinkrunden_games))
        rng = random.Random(f"{self.seed}/trinkrunden/{number}")
        return tuple(sorted(rng.sample(range(1, f.games_per_round + 1), f.trinkrunden)))

    def _teams_of(self, players: Sequence[int]) -> list[str | None] | None:
        teams = [self.players[p].team for p in players]
        return teams if any(teams) else None

    def _draw_tables(
        self, number: int, players: list[int]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, ...], ...], ...]]:
        from schock.tournament import draws

        f = self.format
        size = min(f.table_size, len(players))
        if f.draws is DrawMode.PLANNED and number == 1:
            planned = draws.plan_draws(  # new opponents first; fair odd seats where free
                len(players),
                size,
                max(f.rounds, 1),
                seed=self.seed,
                teams=self._teams_of(players),
                time_limit=DRAW_TIME_LIMIT,
                fair_rotation=False,
            )
            plan = tuple(
                tuple(tuple(sorted(players[i] for i in t)) for t in rnd) for rnd in planned
            )
            return plan[0], plan
        if (
            f.draws is DrawMode.PLANNED
            and self.plan
            and number <= len(self.plan)
            and frozenset(players) == self._plan_players
        ):
            return self.plan[number - 1], ()
        if len(draws.table_sizes(len(players), size)) == 1:
            return (tuple(players),), ()  # one table: nothing to draw
        short: Counter[int] = Counter()  # who sat at a table of another than the format's size
        for rnd in self.rounds:
            for t in rnd.tables:
                if len(t) != f.table_size:
                    short.update(t)
        teams = self._teams_of(players)
        drawn = draws.next_draw(
            players,
            size,
            self.history(),
            seed=self.seed * 1000 + number,
            teams=None
            if teams is None
            else {p: tm for p, tm in zip(players, teams, strict=True) if tm},
            short_table_counts=dict(short),
            fair_rotation=False,
        )
        return tuple(tuple(sorted(t)) for t in drawn), ()

    # -------------------------------------------------------------- commands: results
    def enter(
        self,
        rnd: int,
        table: int,
        game: int,
        *,
        loser: int,
        out: Sequence[Sequence[int]] = (),
        schock_aus: Mapping[int, int] | None = None,
        points: Mapping[int, int | Fraction] | None = None,
        record: dict[str, Any] | None = None,
    ) -> GameEntered:
        """Enter (or correct) the result of one game at one table.

        Points formats: ``out`` lists who went out, first first (a group went
        out together), and ``loser`` is the game's loser. Chips formats: the
        loser is enough. ``points``, if given (as on the paper sheet), must be
        what the format gives. Refused with a message naming round, table,
        game and player if it cannot be true; nothing changes then.
        """
        r, t, g = self._check_place(rnd, table, game)
        if self.format.scoring is Scoring.POINTS:
            players = (*tuple(p for grp in out for p in grp), loser)
        else:
            players = self._game_players(r, t, g)
        event = GameEntered(
            r,
            t,
            g,
            tuple(players),
            loser,
            tuple(tuple(grp) for grp in out),
            tuple(sorted((schock_aus or {}).items())),
            record,
        )
        self.verify(event)
        if points is not None:
            self._check_points(event, points)
        self._commit(event)
        return event

    def undo(self) -> LogEntry:
        """Undo the newest effective event; returns its log entry (now marked undone)."""
        for i in range(len(self.log) - 1, -1, -1):
            entry = self.log[i]
            if not entry.undone and not isinstance(entry.event, Undone):
                self.log[i] = dataclasses.replace(entry, undone=True)
                self.log.append(LogEntry(len(self.log) + 1, self._clock(), Undone(entry.seq)))
                self._rebuild()
                return self.log[i]
        raise Refused("nothing to undo", "Nichts rückgängig zu machen")

    def enter_record(self, rnd: int, table: int, game: int, record: dict[str, Any]) -> GameEntered:
        """Enter a game from an engine game record: the result is read from it (its proof)."""
        from schock.tournament.proof import ranking_from_record

        r, t, g = self._check_place(rnd, table, game)
        en, de = _where(r, t, g)
        players = self._game_players(r, t, g)
        loser, out, schock_aus = ranking_from_record(record, self, players, (en, de))
        return self.enter(
            r,
            t,
            g,
            loser=loser,
            out=out if self.format.scoring is Scoring.POINTS else (),
            schock_aus={p: n for p, n in schock_aus.items() if n},
            record=record,
        )


DRAW_TIME_LIMIT = 3.0
"""The planned draw's search budget (nominal seconds, counted in steps: reproducible).
Repeat meetings come first, team-mates apart second, the fair rotation of the odd-sized
tables third: a fair rotation never costs a repeat."""


def lot(seed: int, number: int) -> str:
    """The lot of a player: fixed by the tournament's seed and his start number."""
    return hashlib.sha256(f"{seed}/{number}".encode()).hexdigest()



def group_by_round(results: Iterable[GameEntered]) -> dict[int, list[GameEntered]]:
    """Results by round number."""
    out: dict[int, list[GameEntered]] = defaultdict(list)
    for r in results:
        out[r.round].append(r)
    return out
