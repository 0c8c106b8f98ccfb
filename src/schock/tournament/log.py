"""A tournament's log and the state it builds, with the questions it answers.

:class:`TournamentLog` holds the format, the game rules and the log
(:mod:`schock.tournament.events`); it applies each event to the state
(:mod:`schock.tournament.state`), rebuilds the state after an undo, replays
stored events, and answers what the commands and the pages ask (the current
round, who is active, the next game at a table, a game's points). Whether an
event may happen is :class:`~schock.tournament.checks.TournamentChecks`' part
(the :meth:`TournamentLog.verify` hook), the commands are
:class:`~schock.tournament.domain.Tournament`'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules
from schock.tournament import events as ev
from schock.tournament.errors import Refused
from schock.tournament.format import Scoring, TournamentFormat
from schock.tournament.state import (
    Derived,
    Player,
    Round,
    derive,
    derive_game,
    derive_round_start,
)


class TournamentLog:
    """A tournament's format, game rules and log, and the state the log builds (the
    first floor of :class:`~schock.tournament.domain.Tournament`)."""

    def __init__(
        self,
        *,
        id: str,
        name: str,
        fmt: TournamentFormat,
        rules: Rules,
        seed: int = 0,
        created: str = "",
        clock: Callable[[], str] | None = None,
    ) -> None:
        if not isinstance(name, str) or not name.strip():
            raise InvalidInputError(Msg("turnier.name", {"name": name}))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidInputError(f"seed: {seed!r}; allowed: a whole number")
        self.id = id
        self.name = name.strip()
        self.format = fmt
        self.rules = rules
        self.seed = seed
        self._clock = clock or _now
        self.created = created or self._clock()
        self.log: list[ev.LogEntry] = []
        self.check_records = True
        """Replay game records when results carry them (off for trusted storage)."""
        self._reset()


    # -------------------------------------------------------------- state building
    def _reset(self) -> None:
        self.players: dict[int, Player] = {}
        self.rounds: list[Round] = []
        self.plan: tuple[tuple[tuple[int, ...], ...], ...] = ()
        self._plan_players: frozenset[int] = frozenset()
        self._next_number = 1
        self.derived = Derived()

    def _rebuild(self) -> None:
        self._reset()
        for entry in self.log:
            if not entry.undone and not isinstance(entry.event, ev.Undone):
                self._apply(entry.event)
        self.derived = self._derive(self.rounds)

    def _take_state(self, other: TournamentLog) -> None:
        """Take ``other``'s log and a copy of the state it built, as a replay of the log
        would build it: the entries, events and values in it are frozen and shared, the
        containers and players are new (a copy's commands never change ``other``)."""
        self.log = list(other.log)
        self.players = {n: dataclasses.replace(p) for n, p in other.players.items()}
        self.rounds = [dataclasses.replace(r, games={t: dict(g) for t, g in r.games.items()})
                       for r in other.rounds]
        self.plan, self._plan_players = other.plan, other._plan_players
        self._next_number = other._next_number
        d = other.derived
        self.derived = dataclasses.replace(d, **{
            f.name: type(getattr(d, f.name))(getattr(d, f.name))
            for f in dataclasses.fields(d)})

    def _apply(self, event: ev.Event) -> None:
        if isinstance(event, ev.PlayerRegistered):
            self.players[event.number] = Player(
                event.number, event.name, event.team, joined_round=len(self.rounds) + 1
            )
            self._next_number = max(self._next_number, event.number + 1)
        elif isinstance(event, ev.PlayerCheckedIn):
            self.players[event.number].present = event.present
        elif isinstance(event, ev.PlayerWithdrawn):
            self.players[event.number].withdrawn = True
        elif isinstance(event, ev.PlayerRenamed):
            self.players[event.number].name = event.name
        elif isinstance(event, ev.RoundDrawn):
            self.rounds.append(Round(event.round, event.tables, event.trinkrunden))
            if event.plan:
                self.plan = event.plan
                self._plan_players = frozenset(p for t in event.plan[0] for p in t)
        elif isinstance(event, ev.GameEntered):
            rnd = self.rounds[event.round - 1]
            rnd.games.setdefault(event.table, {})[event.game] = event

    def _commit(self, event: ev.Event, *, at: str | None = None, undone: bool = False) -> ev.Event:
        incremental = self._incremental(event)
        self.log.append(ev.LogEntry(len(self.log) + 1, at or self._clock(), event, undone))
        self._apply(event)
        try:
            if isinstance(event, ev.RoundDrawn):
                derive_round_start(self.format, self.players, self.derived, self.rounds[-1])
            elif isinstance(event, ev.GameEntered) and incremental:
                derive_game(self.format, self.players, self.derived,
                            self.rounds[event.round - 1], event)
            elif isinstance(event, ev.GameEntered | ev.PlayerWithdrawn):
                self.derived = self._derive(self.rounds)
        except Refused:  # pragma: no cover - verify() refuses first
            self.log.pop()
            self._rebuild()
            raise
        return event

    def _incremental(self, event: ev.Event) -> bool:
        """Whether a game is simply the next one at its table in the newest round."""
        if not isinstance(event, ev.GameEntered) or event.round != len(self.rounds):
            return False
        return event.game not in self.rounds[event.round - 1].games.get(event.table, {})

    def verify(self, event: ev.Event) -> None:
        """Raise :class:`Refused` (or InvalidInputError) unless ``event`` may happen now
        (:class:`~schock.tournament.checks.TournamentChecks` fills this in)."""
        raise NotImplementedError  # pragma: no cover - every tournament has its checks

    def _derive(self, rounds: list[Round]) -> Derived:
        """The derived state of ``rounds`` (with their games) from scratch."""
        return derive(self.format, self.players, rounds)

    def replay_event(self, event: ev.Event, *, at: str, undone: bool = False) -> None:
        """Append a stored event (from the database or an archive), checked like a command.

        An event marked ``undone`` is replayed as it happened; the ``Undone``
        entry that follows it rebuilds the state without it.
        """
        if isinstance(event, ev.Undone):
            target = self.log[event.seq - 1] if 1 <= event.seq <= len(self.log) else None
            if target is None or not target.undone or isinstance(target.event, ev.Undone):
                raise InvalidInputError(
                    f"undone.seq: {event.seq}; allowed: an earlier entry marked undone"
                )
            self.log.append(ev.LogEntry(len(self.log) + 1, at, event))
            self._rebuild()
            return
        self.verify(event)
        self._commit(event, at=at, undone=undone)

    # -------------------------------------------------------------- queries
    @property
    def current_round(self) -> Round | None:
        """The newest drawn round."""
        return self.rounds[-1] if self.rounds else None

    def active(self) -> list[int]:
        """Start numbers of players who may be drawn: present, not withdrawn, not eliminated."""
        return [
            n
            for n, p in sorted(self.players.items())
            if p.present and not p.withdrawn and n not in self.derived.eliminated
        ]

    def round_complete(self, number: int) -> bool:
        """Whether every table of round ``number`` has finished."""
        rnd = self.rounds[number - 1]
        return all(
            self.derived.table_done.get((number, t), False) for t in range(1, len(rnd.tables) + 1)
        )

    @property
    def finished(self) -> bool:
        """Whether the tournament is over."""
        if not self.rounds or not self.round_complete(len(self.rounds)):
            return False
        if self.format.scoring is Scoring.POINTS:
            return len(self.rounds) >= self.format.rounds
        if self.format.rounds and len(self.rounds) >= self.format.rounds:
            return True
        return len(self.active()) <= 1

    def next_game(self, rnd: int, table: int) -> int | None:
        """The number of the next game to enter at a table, or None when its round is over."""
        if self.derived.table_done.get((rnd, table), False):
            return None
        return len(self.rounds[rnd - 1].games.get(table, {})) + 1

    def results(self) -> list[ev.GameEntered]:
        """Every entered game, in game order (round, table, game)."""
        out: list[ev.GameEntered] = []
        for rnd in self.rounds:
            for t in sorted(rnd.games):
                out.extend(rnd.games[t][g] for g in sorted(rnd.games[t]))
        return out

    def game_points(self, game: ev.GameEntered) -> dict[int, Fraction]:
        """The points each player of ``game`` scored (points formats)."""
        places = self.format.place_points(len(game.players))
        out: dict[int, Fraction] = {}
        k = 0
        for group in (*game.out, (game.loser,)):
            covered = places[k : k + len(group)]
            value = covered[0] if self.format.ties_share_higher else sum(covered) / len(covered)
            for p in group:
                out[p] = Fraction(value)
            k += len(group)
        return out

    def chips_at_start(self, rnd: int) -> dict[int, int]:
        """Chips formats: the chips (lives) each player of round ``rnd`` has when it
        starts (carried over or anew, as the format says); empty for points formats."""
        if self.format.scoring is not Scoring.CHIPS:
            return {}
        start = dataclasses.replace(self.rounds[rnd - 1], games={})
        d = self._derive([*self.rounds[: rnd - 1], start])
        return {p: d.chips.get(p, 0) for tb in start.tables for p in tb}

    def schock_aus_per_game(self) -> int:
        """How many Schock Aus one player can throw in one game: one per half (a Schock
        Aus ends its half; several players may throw one in that last round), so 1 for
        one-half games, 3 for halves and a final."""
        from schock.rules.model import Structure

        return 1 if self.rules.structure is Structure.ONE_HALF else 3

    def is_trinkrunde(self, rnd: int, game: int) -> bool:
        """Whether game ``game`` of round ``rnd`` is a Trinkrunde."""
        return game in self.rounds[rnd - 1].trinkrunden

    def _player(self, number: int) -> Player:
        player = self.players.get(number)
        if player is None:
            raise Refused(f"no player with start number {number}", f"Keine Startnummer {number}")
        return player

    def history(self) -> list[list[list[int]]]:
        """Every drawn round's tables (start numbers), for re-draws."""
        return [[list(t) for t in rnd.tables] for rnd in self.rounds]

    def table_players(self, r: int, t: int) -> list[int]:
        """Who plays the next game at table ``t`` of round ``r``."""
        base = self.derived.remaining.get((r, t), self.rounds[r - 1].tables[t - 1])
        return [p for p in base if not self.players[p].withdrawn]

    def _why_not_playing(self, p: int) -> tuple[str, str]:
        if self.players[p].withdrawn:
            return "has withdrawn", "ist abgemeldet"
        return "is eliminated", "ist ausgeschieden"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
