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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any, ClassVar

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.rules import Rules
from schock.tournament.errors import Refused as Refused  # where it was first
from schock.tournament.format import DrawMode, Scoring, TournamentFormat


def _where(rnd: int, table: int, game: int | None = None) -> tuple[str, str]:
    en = f"round {rnd}, table {table}" + (f", game {game}" if game is not None else "")
    de = f"Runde {rnd}, Tisch {table}" + (f", Spiel {game}" if game is not None else "")
    return en, de


def _nums(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


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


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class Event:
    """One entry of the tournament's log."""

    kind: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict (with its ``kind``)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class PlayerRegistered(Event):
    """A player joins (before the start or as a late entry)."""

    kind: ClassVar[str] = "player_registered"
    number: int
    name: str
    team: str | None = None


@dataclass(frozen=True)
class PlayerCheckedIn(Event):
    """A player is (or is no longer) present."""

    kind: ClassVar[str] = "player_checked_in"
    number: int
    present: bool = True


@dataclass(frozen=True)
class PlayerWithdrawn(Event):
    """A player leaves the event (his results so far stay)."""

    kind: ClassVar[str] = "player_withdrawn"
    number: int


@dataclass(frozen=True)
class PlayerRenamed(Event):
    """A player's name is corrected; his start number stays."""

    kind: ClassVar[str] = "player_renamed"
    number: int
    name: str


@dataclass(frozen=True)
class RoundDrawn(Event):
    """The tables of a round (start numbers per table) and its Trinkrunden."""

    kind: ClassVar[str] = "round_drawn"
    round: int
    tables: tuple[tuple[int, ...], ...]
    trinkrunden: tuple[int, ...] = ()
    plan: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """For planned draws, at the first round: every round's tables."""


@dataclass(frozen=True)
class GameEntered(Event):
    """The result of one game at one table (a correction if the game was entered before)."""

    kind: ClassVar[str] = "game_entered"
    round: int
    table: int
    game: int
    players: tuple[int, ...]
    """Everybody who played this game."""
    loser: int
    out: tuple[tuple[int, ...], ...] = ()
    """Points formats: who went out, in order; players in one group went out together."""
    schock_aus: tuple[tuple[int, int], ...] = ()
    """(player, how many Schock Aus he threw in this game)."""
    record: dict[str, Any] | None = None
    """The engine's game record, when the game was played through the engine."""


@dataclass(frozen=True)
class Undone(Event):
    """The event with sequence number ``seq`` no longer counts."""

    kind: ClassVar[str] = "undone"
    seq: int


EVENT_TYPES: dict[str, type[Event]] = {
    e.kind: e
    for e in (
        PlayerRegistered, PlayerCheckedIn, PlayerWithdrawn, PlayerRenamed, RoundDrawn,
        GameEntered, Undone,
    )
}


@dataclass(frozen=True)
class LogEntry:
    """An event with its place in the log and when it was written."""

    seq: int
    at: str
    event: Event
    undone: bool = False


# ------------------------------------------------------------------ state
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


class Tournament:
    """A tournament: its format, the game rules, and the log that builds its state."""

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
        self.log: list[LogEntry] = []
        self.check_records = True
        """Replay game records when results carry them (off for trusted storage)."""
        self._reset()

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
            if not entry.undone and not isinstance(entry.event, Undone):
                self._apply(entry.event)
        self.derived = self._derive(self.rounds)

    def _apply(self, event: Event) -> None:
        if isinstance(event, PlayerRegistered):
            self.players[event.number] = Player(
                event.number, event.name, event.team, joined_round=len(self.rounds) + 1
            )
            self._next_number = max(self._next_number, event.number + 1)
        elif isinstance(event, PlayerCheckedIn):
            self.players[event.number].present = event.present
        elif isinstance(event, PlayerWithdrawn):
            self.players[event.number].withdrawn = True
        elif isinstance(event, PlayerRenamed):
            self.players[event.number].name = event.name
        elif isinstance(event, RoundDrawn):
            self.rounds.append(Round(event.round, event.tables, event.trinkrunden))
            if event.plan:
                self.plan = event.plan
                self._plan_players = frozenset(p for t in event.plan[0] for p in t)
        elif isinstance(event, GameEntered):
            rnd = self.rounds[event.round - 1]
            rnd.games.setdefault(event.table, {})[event.game] = event

    def _commit(self, event: Event, *, at: str | None = None, undone: bool = False) -> Event:
        incremental = self._incremental(event)
        self.log.append(LogEntry(len(self.log) + 1, at or self._clock(), event, undone))
        self._apply(event)
        try:
            if isinstance(event, RoundDrawn):
                self._derive_round_start(self.derived, self.rounds[-1])
            elif isinstance(event, GameEntered) and incremental:
                self._derive_game(self.derived, self.rounds[event.round - 1], event)
            elif isinstance(event, GameEntered | PlayerWithdrawn):
                self.derived = self._derive(self.rounds)
        except Refused:  # pragma: no cover - verify() refuses first
            self.log.pop()
            self._rebuild()
            raise
        return event

    def _incremental(self, event: Event) -> bool:
        """Whether a game is simply the next one at its table in the newest round."""
        if not isinstance(event, GameEntered) or event.round != len(self.rounds):
            return False
        return event.game not in self.rounds[event.round - 1].games.get(event.table, {})

    def replay_event(self, event: Event, *, at: str, undone: bool = False) -> None:
        """Append a stored event (from the database or an archive), checked like a command.

        An event marked ``undone`` is replayed as it happened; the ``Undone``
        entry that follows it rebuilds the state without it.
        """
        if isinstance(event, Undone):
            target = self.log[event.seq - 1] if 1 <= event.seq <= len(self.log) else None
            if target is None or not target.undone or isinstance(target.event, Undone):
                raise InvalidInputError(
                    f"undone.seq: {event.seq}; allowed: an earlier entry marked undone"
                )
            self.log.append(LogEntry(len(self.log) + 1, at, event))
            self._rebuild()
            return
        self.verify(event)
        self._commit(event, at=at, undone=undone)

    def copy(self) -> Tournament:
        """A copy to try commands on (its game records are not checked again)."""
        trial = Tournament(id=self.id, name=self.name, fmt=self.format, rules=self.rules,
                           seed=self.seed, created=self.created, clock=self._clock)
        trial.check_records = False
        for e in self.log:
            trial.replay_event(e.event, at=e.at, undone=e.undone)
        return trial

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

    def results(self) -> list[GameEntered]:
        """Every entered game, in game order (round, table, game)."""
        out: list[GameEntered] = []
        for rnd in self.rounds:
            for t in sorted(rnd.games):
                out.extend(rnd.games[t][g] for g in sorted(rnd.games[t]))
        return out

    def game_points(self, game: GameEntered) -> dict[int, Fraction]:
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

    def _player(self, number: int) -> Player:
        player = self.players.get(number)
        if player is None:
            raise Refused(f"no player with start number {number}", f"Keine Startnummer {number}")
        return player

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

    def history(self) -> list[list[list[int]]]:
        """Every drawn round's tables (start numbers), for re-draws."""
        return [[list(t) for t in rnd.tables] for rnd in self.rounds]

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
            self._table_exists(r, t)
            players = tuple(self.table_players(r, t))
            if g in self.rounds[r - 1].games.get(t, {}):
                players = self.rounds[r - 1].games[t][g].players
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

    def _check_place(self, rnd: int, table: int, game: int) -> tuple[int, int, int]:
        for what, v in (("word.round", rnd), ("word.table", table), ("word.game", game)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise InvalidInputError(Msg("turnier.place", {"what": Msg(what), "v": v}))
        return rnd, table, game

    def _check_points(self, event: GameEntered, points: Mapping[int, int | Fraction]) -> None:
        want = self.game_points(event)
        en, de = _where(event.round, event.table, event.game)
        for p, v in points.items():
            if p not in want:
                raise Refused(
                    f"{en}: points given for player {p}, who did not play this game",
                    f"{de}: Punkte für Spieler {p}, der dieses Spiel nicht gespielt hat",
                )
            if Fraction(v) != want[p]:
                raise Refused(
                    f"{en}: player {p} gets {want[p]} points for his place, not {v}",
                    f"{de}: Spieler {p} bekommt für seinen Platz {want[p]} Punkte, nicht {v}",
                )
        total = sum(Fraction(v) for v in points.values())
        if set(points) == set(want) and total != sum(want.values()):  # pragma: no cover
            raise Refused(f"{en}: the points do not add up", f"{de}: Die Punkte gehen nicht auf")

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

    # -------------------------------------------------------------- verification
    def verify(self, event: Event) -> None:
        """Raise :class:`Refused` (or InvalidInputError) unless ``event`` may happen now."""
        if isinstance(event, PlayerRegistered):
            if event.number in self.players:
                raise InvalidInputError(f"start number {event.number} is taken already")
            if event.number < self._next_number:
                raise InvalidInputError(
                    f"start number {event.number}: numbers are never reused; next is {self._next_number}"
                )
            if not event.name.strip():
                raise InvalidInputError("player name: empty; allowed: a text of 1 to 80 characters")
        elif isinstance(event, PlayerCheckedIn | PlayerWithdrawn):
            self._player(event.number)
        elif isinstance(event, PlayerRenamed):
            player = self._player(event.number)
            clean = event.name.strip()
            if any(p.name.casefold() == clean.casefold() for p in self.players.values()
                   if p is not player):
                raise Refused(
                    f"a player named {clean!r} is registered already",
                    f"Ein Spieler namens {clean!r} ist schon angemeldet",
                )
        elif isinstance(event, RoundDrawn):
            self._verify_draw(event)
        elif isinstance(event, GameEntered):
            self._verify_game(event)

    def _verify_draw(self, event: RoundDrawn) -> None:
        if event.round != len(self.rounds) + 1:
            raise Refused(
                f"the next round is {len(self.rounds) + 1}, not {event.round}",
                f"Die nächste Runde ist {len(self.rounds) + 1}, nicht {event.round}",
            )
        active = set(self.active())
        seen: set[int] = set()
        for i, table in enumerate(event.tables, start=1):
            if not 2 <= len(table) <= 12:
                raise Refused(
                    f"round {event.round}, table {i}: {len(table)} players; allowed: 2 to 12",
                    f"Runde {event.round}, Tisch {i}: {len(table)} Spieler; erlaubt: 2 bis 12",
                )
            for p in table:
                if p in seen:
                    raise Refused(
                        f"round {event.round}: player {p} is drawn at two tables at once",
                        f"Runde {event.round}: Spieler {p} ist an zwei Tischen zugleich gelost",
                    )
                seen.add(p)
                if p not in active:
                    raise Refused(
                        f"round {event.round}, table {i}: player {p} is not checked in or not in the tournament",
                        f"Runde {event.round}, Tisch {i}: Spieler {p} ist nicht anwesend oder nicht mehr im Turnier",
                    )
        missing = sorted(active - seen)
        if missing:
            raise Refused(
                f"round {event.round}: players {_nums(missing)} have no table",
                f"Runde {event.round}: Spieler {_nums(missing)} haben keinen Tisch",
            )

    def _verify_game(self, event: GameEntered) -> None:
        r, t, g = event.round, event.table, event.game
        rnd = self._table_exists(r, t)
        en, de = _where(r, t, g)
        entered = rnd.games.get(t, {})
        correction = g in entered
        if not correction:
            nxt = self.next_game(r, t)
            if nxt is None:
                raise Refused(
                    f"{en}: this table has finished its round", f"{de}: Dieser Tisch ist fertig"
                )
            if g != nxt:
                raise Refused(
                    f"{en}: the next game to enter at this table is {nxt}",
                    f"{de}: Als Nächstes ist an diesem Tisch Spiel {nxt} einzutragen",
                )
        seats = rnd.tables[t - 1]
        named = [*event.players, *(p for grp in event.out for p in grp), event.loser]
        named += [p for p, _ in event.schock_aus]
        for p in named:
            if p in seats:
                continue
            elsewhere = rnd.table_of(p)
            if elsewhere is not None:
                raise Refused(
                    f"{en}: player {p} sits at table {elsewhere} in this round, not at table {t}",
                    f"{de}: Spieler {p} sitzt in dieser Runde an Tisch {elsewhere}, nicht an Tisch {t}",
                )
            raise Refused(
                f"{en}: player {p} does not sit at this table (its players: {_nums(seats)})",
                f"{de}: Spieler {p} sitzt nicht an diesem Tisch (hier: {_nums(seats)})",
            )
        if len(set(event.players)) != len(event.players):
            twice = sorted(p for p, c in Counter(event.players).items() if c > 1)
            raise Refused(
                f"{en}: player {_nums(twice)} named twice",
                f"{de}: Spieler {_nums(twice)} doppelt genannt",
            )
        if event.loser not in event.players and event.loser in seats:
            why = self._why_not_playing(event.loser)
            raise Refused(
                f"{en}: player {event.loser} {why[0]}", f"{de}: Spieler {event.loser} {why[1]}"
            )
        if event.loser not in event.players:  # pragma: no cover - the players include the loser
            raise Refused(
                f"{en}: the loser {event.loser} did not play this game",
                f"{de}: Der Verlierer {event.loser} hat dieses Spiel nicht gespielt",
            )
        if len(event.players) < 2:
            raise Refused(f"{en}: a game needs 2 players", f"{de}: Ein Spiel braucht 2 Spieler")
        for p, n in event.schock_aus:
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
                raise InvalidInputError(
                    Msg("turnier.schock_aus", {"r": r, "t": t, "g": g, "p": p, "n": n})
                )
            if n and p not in event.players:
                why = self._why_not_playing(p) if p not in self.table_players(r, t) else (
                    "did not play this game", "hat dieses Spiel nicht gespielt")
                raise Refused(f"{en}: Schock Aus of player {p}: he {why[0]}",
                              f"{de}: Schock Aus von Spieler {p}: er {why[1]}")
        most = self.schock_aus_per_game()
        for p, n in event.schock_aus:
            if n > most:
                raise Refused(
                    f"{en}: player {p} with {n} Schock Aus in one game; allowed: at most {most} "
                    f"(a Schock Aus ends its half, and a game of {self.rules.id} has {most})",
                    f"{de}: Spieler {p} mit {n} Schock Aus in einem Spiel; erlaubt: höchstens "
                    f"{most} (ein Schock Aus beendet seine Hälfte, ein Spiel bei "
                    f"{self.rules.id} hat {most})",
                )
        if not correction:
            expected = self.table_players(r, t)
            gone = [p for p in event.players if p not in expected]
            for p in gone:
                why = self._why_not_playing(p)
                raise Refused(f"{en}: player {p} {why[0]}", f"{de}: Spieler {p} {why[1]}")
            if self.format.scoring is Scoring.POINTS:
                missing = [p for p in expected if p not in event.players]
                if missing:
                    raise Refused(
                        f"{en}: the order of going out misses player {_nums(missing)}",
                        f"{de}: In der Reihenfolge fehlt Spieler {_nums(missing)}",
                    )
        elif self.format.scoring is Scoring.POINTS:
            before = entered[g].players
            if sorted(before) != sorted(event.players):
                raise Refused(
                    f"{en}: a correction names the same players ({_nums(sorted(before))})",
                    f"{de}: Eine Korrektur nennt dieselben Spieler ({_nums(sorted(before))})",
                )
        if correction or r != len(self.rounds):
            # derive with the entry in place: every later game is checked again
            trial = [
                dataclasses.replace(x, games={k: dict(v) for k, v in x.games.items()})
                for x in self.rounds
            ]
            trial[r - 1].games.setdefault(t, {})[g] = event
            self._derive(trial)
        if event.record is not None and self.check_records:
            self._verify_record(event)

    def _table_exists(self, r: int, t: int) -> Round:
        if not 1 <= r <= len(self.rounds):
            raise Refused(
                f"round {r} has not been drawn (drawn: {len(self.rounds)})",
                f"Runde {r} ist nicht gelost (gelost: {len(self.rounds)})",
            )
        rnd = self.rounds[r - 1]
        if not 1 <= t <= len(rnd.tables):
            raise Refused(
                f"round {r} has no table {t} (tables 1 to {len(rnd.tables)})",
                f"Runde {r} hat keinen Tisch {t} (Tische 1 bis {len(rnd.tables)})",
            )
        return rnd

    def table_players(self, r: int, t: int) -> list[int]:
        """Who plays the next game at table ``t`` of round ``r``."""
        base = self.derived.remaining.get((r, t), self.rounds[r - 1].tables[t - 1])
        return [p for p in base if not self.players[p].withdrawn]

    def _why_not_playing(self, p: int) -> tuple[str, str]:
        if self.players[p].withdrawn:
            return "has withdrawn", "ist abgemeldet"
        return "is eliminated", "ist ausgeschieden"

    def _verify_record(self, event: GameEntered) -> None:
        from schock.tournament.proof import ranking_from_record

        en, de = _where(event.round, event.table, event.game)
        loser, out, _ = ranking_from_record(event.record or {}, self, event.players, (en, de))
        same_out = [frozenset(g) for g in out] == [frozenset(g) for g in event.out]
        if loser != event.loser or (self.format.scoring is Scoring.POINTS and not same_out):
            raise Refused(
                f"{en}: the result does not match the game record",
                f"{de}: Das Ergebnis passt nicht zum Spielprotokoll",
            )

    def enter_record(self, rnd: int, table: int, game: int, record: dict[str, Any]) -> GameEntered:
        """Enter a game from an engine game record: the result is read from it (its proof)."""
        from schock.tournament.proof import ranking_from_record

        r, t, g = self._check_place(rnd, table, game)
        en, de = _where(r, t, g)
        self._table_exists(r, t)
        players = tuple(self.table_players(r, t))
        if g in self.rounds[r - 1].games.get(t, {}):
            players = self.rounds[r - 1].games[t][g].players
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

    # -------------------------------------------------------------- derivation
    def _derive(self, rounds: list[Round]) -> Derived:
        d = Derived()
        for rnd in rounds:
            self._derive_round_start(d, rnd)
            for t in range(1, len(rnd.tables) + 1):
                games = rnd.games.get(t, {})
                for g in range(1, len(games) + 1):
                    if g not in games:  # pragma: no cover - games are entered in order
                        raise AssertionError(f"round {rnd.number}, table {t}: game {g} missing")
                    self._derive_game(d, rnd, games[g])
        return d

    def _derive_round_start(self, d: Derived, rnd: Round) -> None:
        f = self.format
        if f.scoring is Scoring.CHIPS:
            for table in rnd.tables:
                for p in table:
                    if f.chips_reset_each_round or p not in d.chips:
                        d.chips[p] = f.chips
        for t, seats in enumerate(rnd.tables, start=1):
            d.remaining[(rnd.number, t)] = tuple(p for p in seats if p not in d.eliminated)
            d.table_done[(rnd.number, t)] = self._table_over(d, rnd, t, 0)

    def _table_over(self, d: Derived, rnd: Round, t: int, games: int) -> bool:
        f = self.format
        playing = [p for p in d.remaining[(rnd.number, t)] if not self.players[p].withdrawn]
        limit = 1 if len(rnd.tables) == 1 else f.advance_per_table
        return (
            len(playing) < 2
            or bool(f.games_per_round and games >= f.games_per_round)
            or (f.scoring is Scoring.CHIPS and len(playing) <= limit)
        )

    def _derive_game(self, d: Derived, rnd: Round, game: GameEntered) -> None:
        """Add one game (the next at its table) to the derived state."""
        f = self.format
        r, t, g = rnd.number, game.table, game.game
        en, de = _where(r, t, g)
        if d.table_done[(r, t)]:
            raise Refused(
                f"{en}: this table had finished its round before this game",
                f"{de}: Dieser Tisch war vor diesem Spiel schon fertig",
            )
        if f.scoring is Scoring.CHIPS:
            bad = sorted({game.loser, *game.players} & set(d.eliminated))
            if bad:
                raise Refused(
                    f"{en}: player {_nums(bad)} was eliminated before this game",
                    f"{de}: Spieler {_nums(bad)} war vor diesem Spiel schon ausgeschieden",
                )
            missing = [p for p in d.remaining[(r, t)]
                       if p not in game.players and not self.players[p].withdrawn]
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
                if f.eliminated_buys_drinks:
                    for mate in game.players:
                        if mate != game.loser:
                            d.drinks.append(Drink(game.loser, mate, 1, "eliminated", r, t, g))
                d.remaining[(r, t)] = tuple(p for p in d.remaining[(r, t)] if p != game.loser)
        if g in rnd.trinkrunden:
            for mate in game.players:
                if mate != game.loser:
                    d.drinks.append(Drink(game.loser, mate, 1, "trinkrunde", r, t, g))
        d.table_done[(r, t)] = self._table_over(d, rnd, t, g)


DRAW_TIME_LIMIT = 3.0
"""The planned draw's search budget (nominal seconds, counted in steps: reproducible).
Repeat meetings come first, team-mates apart second, the fair rotation of the odd-sized
tables third: a fair rotation never costs a repeat."""


def lot(seed: int, number: int) -> str:
    """The lot of a player: fixed by the tournament's seed and his start number."""
    return hashlib.sha256(f"{seed}/{number}".encode()).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def event_from_json(data: Any, where: str) -> Event:
    """Read one event; a malformed one raises InvalidInputError naming ``where``."""
    if not isinstance(data, dict):
        raise InvalidInputError(f"{where}: expected an object with 'kind'")
    kind = data.get("kind")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidInputError(
            f"{where}.kind: {kind!r}; allowed: {', '.join(sorted(EVENT_TYPES))}"
        )
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"kind"}
    if extra:
        raise InvalidInputError(
            f"{where}: unknown keys {sorted(extra)}; allowed: {', '.join(['kind', *fields])}"
        )
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise InvalidInputError(f"{where}.{name}: missing")
            continue
        values[name] = _check_value(data[name], str(f.type), f"{where}.{name}")
    return cls(**values)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_value(value: Any, typ: str, where: str) -> Any:
    def need(ok: bool, allowed: str) -> None:
        if not ok:
            raise InvalidInputError(f"{where}: {value!r}; allowed: {allowed}")

    if typ == "int":
        need(_is_int(value) and value >= 1, "a whole number from 1")
        return value
    if typ == "str":
        need(isinstance(value, str) and bool(value.strip()), "a non-empty text")
        return value
    if typ == "str | None":
        need(value is None or isinstance(value, str), "a text or null")
        return value
    if typ == "bool":
        need(isinstance(value, bool), "true or false")
        return value
    if typ == "tuple[int, ...]":
        need(isinstance(value, list) and all(_is_int(v) for v in value), "a list of whole numbers")
        return tuple(value)
    if typ == "tuple[tuple[int, ...], ...]":
        need(
            isinstance(value, list)
            and all(isinstance(t, list) and all(_is_int(v) for v in t) for t in value),
            "a list of lists of start numbers",
        )
        return tuple(tuple(t) for t in value)
    if typ == "tuple[tuple[tuple[int, ...], ...], ...]":
        need(isinstance(value, list), "a list of rounds of tables")
        return tuple(_check_value(r, "tuple[tuple[int, ...], ...]", where) for r in value)
    if typ == "tuple[tuple[int, int], ...]":
        need(
            isinstance(value, list)
            and all(
                isinstance(t, list) and len(t) == 2 and all(_is_int(v) for v in t) for t in value
            ),
            "a list of [start number, count] pairs",
        )
        return tuple((t[0], t[1]) for t in value)
    if typ == "dict[str, Any] | None":
        need(value is None or isinstance(value, dict), "a game record object or null")
        return value
    raise AssertionError(typ)  # pragma: no cover


def group_by_round(results: Iterable[GameEntered]) -> dict[int, list[GameEntered]]:
    """Results by round number."""
    out: dict[int, list[GameEntered]] = defaultdict(list)
    for r in results:
        out[r.round].append(r)
    return out
