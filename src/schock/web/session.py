"""One table on the server: its Game, a lock, its connections and their seats.

Every accepted action is written to the database before anybody hears of it;
then every connection gets its own view (see :mod:`schock.web.messages`).
Bots and forced moves act from a driver task, bots thinking off the event loop.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, Protocol

import orjson

from schock.bots import Bot, available_bots, make_bot
from schock.bots.names import bot_names
from schock.engine.actions import (
    Action,
    StopAction,
    StrafdeckelAction,
    ThrowAction,
    VoidThrowAction,
    format_action,
    parse_action,
)
from schock.engine.dice_sources import SeededDice, ThrownDice
from schock.engine.game import Game, Phase
from schock.engine.record import dumps, rules_from_json, rules_to_json
from schock.engine.seat import Seat
from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.narrate import Chronicle
from schock.rules import Rules
from schock.rules.model import Opening
from schock.solver.hints import hints
from schock.web.messages import legal_verbs, rules_rows, state_message
from schock.web.repo import Repo, StaleCopy, StoredGame, StoredSeat, StoredTable, token_hash
from schock.web.settings import Settings
from schock.web.texts import text

logger = logging.getLogger(__name__)


class Refused(Exception):
    """An action or command the server refuses; nothing has changed."""

    def __init__(self, key: str, *, de: str | None = None, en: str | None = None,
                 **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.de = de if de is not None else text(key, "de", **params)
        self.en = en if en is not None else text(key, "en", **params)

    def message(self) -> dict[str, Any]:
        return {"type": "error", "code": self.key, "de": self.de, "en": self.en}


#: The parts of a state message that are the same for every seat (see
#: :func:`schock.web.messages.state_message`).
_SHARED = ("table", "log", "story")


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text a websocket sends (compact, UTF-8 as it is; orjson:
    a tenth of the json module's time, and the frames are the server's largest work).

    >>> encode({"type": "state", "log": ["Würfel"], "n": 3, "waited": 1.5, "x": None})
    '{"type":"state","log":["Würfel"],"n":3,"waited":1.5,"x":null}'
    """
    return orjson.dumps(message).decode()


def new_token() -> str:
    """A fresh secret of 128 bits (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def needs_ages(rules: Rules) -> bool:
    """Whether the rules ask for ages (porz: an opening tie is lost by the youngest).

    >>> from schock.rules import load_rules
    >>> needs_ages(load_rules("porz")), needs_ages(load_rules("ferschweiler"))
    (True, False)
    """
    return rules.opening is Opening.OPENING_ROUND_YOUNGEST


def invite_token(host: str, table_id: str) -> str:
    """The table's invite token (one link for everybody), derived from the host's
    token: the server stores only its hash, yet the host can always be shown it.

    >>> invite_token("h" * 22, "t1") == invite_token("h" * 22, "t1") != invite_token("h" * 22, "t2")
    True
    >>> len(invite_token("h" * 22, "t1"))
    22
    """
    mac = hmac.new(host.encode(), b"invite:" + table_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")


Message = dict[str, Any] | str
"""A message to a client: a dict, or one already encoded as JSON text (:func:`encode`)."""
Send = Callable[[Message], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


async def _no_close(code: int, reason: str) -> None:
    """The default of :attr:`Connection.close` (a connection without a socket)."""


@dataclass(eq=False)
class Connection:
    """One websocket and the credentials it showed (hashes of its seat and host tokens).

    Its seat and host role are never stored as authority: :meth:`TableSession.bound`
    derives them from ``hashes`` and the table's current seats each time they are
    needed. ``seat`` and ``host`` only remember what this client was last told (in a
    ``welcome``), so :meth:`TableSession.rebind` knows whom to tell of a change.
    """

    send: Send
    hashes: frozenset[str] = frozenset()
    lang: str = "de"
    seat: int | None = None
    host: bool = False
    close: Close = _no_close
    told: tuple[object, int] = (None, 0)
    """The log this client holds: (whose: the chronicle and language, its frozen lines)."""


@dataclass
class SeatInfo:
    name: str
    bot: str | None
    token_hash: str | None
    age: int | None = None
    claimed: bool = False
    """Someone holds this seat (its link was opened, or it was taken by the invite)."""


class Series(Protocol):
    """What binds a table to something outside it that decides its games (a tournament
    table played online): who sits at the next game, what a finished game reports, what
    the players are told. A table without one plays rematches as its host and players
    ask; every call is made under the table's lock."""

    def game_over(self, session: TableSession, game: StoredGame) -> bool:
        """A game of the table is over (its record is ``game.record``): report it.
        Returns whether the next game should start at once (nobody to ask)."""

    def next_game(self, session: TableSession, number: int) -> tuple[list[SeatInfo], int | None]:
        """The seats (from the current ones) and the starter of web game ``number``,
        or :class:`Refused` when the table plays no further game."""

    def info(self) -> dict[str, Any]:
        """What every connection is told about the series (``table.series``)."""


#: The fields of a live table that a reload keeps (the rest is taken from the database).
_LIVE = frozenset({"id", "repo", "settings", "lock", "conns", "driver", "series"})

#: Host commands a table with fixed seats (a :class:`Series`) refuses: its seats are drawn.
FIXED_SEATS = frozenset({"add_bot", "remove", "remove_bot", "hand_host"})


@dataclass(eq=False)
class TableSession:
    """A live table."""

    id: str
    rules: Rules
    seed: int
    host_hash: str
    seats: list[SeatInfo]
    repo: Repo
    settings: Settings
    started: bool = False
    paused: bool = False
    ended: bool = False
    invite_hash: str | None = None
    game_no: int = 1
    """The number of the current game (a rematch starts the next)."""
    starter: int | None = None
    """The seat that begins the current game (the last loser); None: the rules' opening."""
    games: list[StoredGame] = field(default_factory=list)
    """Finished and ended games of this table (their records are read from the database)."""
    votes: set[int] = field(default_factory=set)
    """Seats whose people asked for a rematch of the game that is over."""
    late: list[SeatInfo] = field(default_factory=list)
    """Late-comers: joined by the invite between two games; seated when the next starts."""
    clock: tuple[int | None, int | None] = (None, None)
    """The turn clock: seconds until the player to decide is nudged, and until the host
    may let a bot make that one decision (None: never)."""
    now: Callable[[], float] = time.monotonic
    """The clock the turn clock reads (tests pass their own)."""
    _due: tuple[int, float] = (-1, 0.0)
    game: Game = field(init=False)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: list[Connection] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    series: Series | None = None
    """The tournament table this table plays (None: a table of its own)."""
    _chronicle: Chronicle | None = None
    _told: tuple[int, dict[str, tuple[int, list[str], dict[str, Any]]]] = (-1, {})

    def __post_init__(self) -> None:
        self.game = self._new_game()
        self._make_bots()

    # ---------------------------------------------------------------- building
    def _new_game(self) -> Game:
        """The current game from the start: the table's seed stays on the server, the
        dice it gives are recorded as thrown values (a record never tells a die to come)."""
        starter = self.starter if self.starter is not None and self.starter < len(self.seats) \
            else None
        return Game(self.rules, seats=[Seat(s.name, s.age) for s in self.seats],
                    dice=ThrownDice(SeededDice(self.seed)), starter=starter)

    def _make_bots(self) -> None:
        self.bots = {
            i: make_bot(s.bot, seed=secrets.randbits(32))
            for i, s in enumerate(self.seats)
            if s.bot is not None
        }

    @classmethod
    def restore(cls, t: StoredTable, repo: Repo, settings: Settings) -> TableSession:
        """The table as stored: its actions replayed on the same dice."""
        session = cls(
            id=t.id,
            rules=rules_from_json(t.rules),
            seed=t.seed,
            host_hash=t.host_hash,
            seats=[SeatInfo(s.name, s.bot, s.token_hash, s.age, s.claimed)
                   for s in t.seats if not s.waiting],
            late=[SeatInfo(s.name, s.bot, s.token_hash, s.age, s.claimed)
                  for s in t.seats if s.waiting],
            repo=repo,
            settings=settings,
            started=t.started,
            paused=t.paused,
            ended=t.ended,
            invite_hash=t.invite_hash,
            game_no=t.game_no,
            starter=t.starter,
            games=list(t.games),
            clock=t.clock,
        )
        for line in t.actions:
            seat, action = parse_action(line)
            session.game.apply(seat, action)
        return session

    def stored(self) -> StoredTable:
        return StoredTable(
            id=self.id,
            rules=rules_to_json(self.rules),
            seed=self.seed,
            host_hash=self.host_hash,
            seats=self.stored_seats(self.seats),
            actions=[format_action(s, a) for s, a in self.game.actions],
            started=self.started,
            paused=self.paused,
            ended=self.ended,
            invite_hash=self.invite_hash,
            finished=self.game.over,
            game_no=self.game_no,
            starter=self.starter,
        )

    def stored_seats(self, seats: list[SeatInfo]) -> list[StoredSeat]:
        """``seats`` as stored, followed by the late-comers waiting for the next game."""
        return [StoredSeat(s.name, s.bot, s.token_hash, s.age, s.claimed) for s in seats] + [
            StoredSeat(s.name, s.bot, s.token_hash, s.age, s.claimed, waiting=True)
            for s in self.late
        ]

    # ---------------------------------------------------------------- who is who
    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (constant-time compare), or None; a seat a bot
        plays for its person still knows the person's token (the person watches)."""
        h = token_hash(token)
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                found = i
        return found

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_hash, token_hash(token))

    def bound(self, conn: Connection) -> tuple[int | None, bool]:
        """The seat ``conn`` plays now (None: it watches) and whether it is the host's,
        from its credentials and the current seats; never a remembered index."""
        seat = None
        for i, s in enumerate(self.seats):
            if s.bot is None and s.token_hash is not None and s.token_hash in conn.hashes:
                seat = i
        return seat, self.host_hash in conn.hashes

    async def rebind(self) -> None:
        """After any change of seats or of the host: tell every connection whose seat or
        host role changed (a new ``welcome``; a ``replaced`` notice to a person whose seat
        a bot now plays). Views and actions always use :meth:`bound`, so no connection
        ever sees or acts for a seat that is not its own."""
        for conn in list(self.conns):
            seat, host = self.bound(conn)
            if (seat, host) == (conn.seat, conn.host):
                continue
            lost = conn.seat is not None and seat is None
            conn.seat, conn.host = seat, host
            await self._deliver(conn, partial(self.welcome, conn))
            if lost:
                await self._deliver(conn, lambda: Refused("replaced").message())

    # ---------------------------------------------------------------- stepping
    def step(self) -> str:
        """``over``, ``human``, ``bot`` or ``auto`` (a roll-off or loading throw,
        or a forced stop of a throw the player has not seen)."""
        g = self.game
        if g.over:
            return "over"
        if g.phase is Phase.ROLL_OFF or g.phase is Phase.LOADING:
            return "auto"
        actor = g.actor
        assert actor is not None
        if actor in self.bots:
            return "bot"
        if g.phase is Phase.TURN and g.legal_actions() == [StopAction()]:
            me = g.view(actor).turn_of(actor)
            if me is not None and not me.looked:
                return "auto"
        return "human"

    def _check_open(self) -> None:
        if self.ended:
            raise Refused("ended")
        if not self.started:
            raise Refused("not_started")
        if self.paused:
            raise Refused("paused")

    async def _apply(self, seat: int, action: Action) -> None:
        """Apply, persist, or leave the game exactly as it was; a game that ends here
        is kept as a record in the same transaction. The write runs in the process's
        database writer thread (the event loop serves the other tables meanwhile) and
        this returns only once it is committed: the caller holds the table's lock, so
        nobody hears of the action before it is stored."""
        n = len(self.game.actions)
        self.game.apply(seat, action)
        texts = [format_action(s, a) for s, a in self.game.actions[n:]]
        archive = self._archive() if self.game.over else None
        try:
            await self.repo.store_actions(self.id, n, texts, finished=self.game.over,
                                          archive=archive, game_no=self.game_no)
        except StaleCopy:
            self.reload()  # another process wrote this table: its copy wins
            raise
        except BaseException:  # also cancelled (shutdown) while the thread writes: if the
            self.game = self._replayed(n)  # write lands, the next one is refused as
            raise  # stale and this copy reloads (the database is the truth)
        if archive is not None:
            self.games.append(archive)
            if self.series is not None and self.series.game_over(self, archive):
                try:  # nobody to ask: the next game at once
                    self._start_next()
                except Refused:  # the table's round is over
                    pass
                except Exception:  # pragma: no cover - a bug; the game just over is kept
                    logger.exception("table %s: the next game of its series failed", self.id)

    def _archive(self) -> StoredGame:
        """The current game as a kept record (finished, or ended before its end)."""
        g = self.game
        loser = g.seats[g.loser].name if g.over and g.loser is not None else None
        return StoredGame(self.game_no, loser, not g.over, self.record_text())

    def reload(self) -> None:
        """Drop this copy and take the stored table (seats, flags, every action)."""
        stored = self.repo.load(self.id)
        if stored is None:  # pragma: no cover - the table was purged meanwhile
            self.ended = True
            return
        fresh = TableSession.restore(stored, self.repo, self.settings)
        for f in fields(self):  # all but what makes it live: lock, sockets, task
            if f.name not in _LIVE:
                setattr(self, f.name, getattr(fresh, f.name))

    def _replayed(self, n: int) -> Game:
        g = self._new_game()
        for s, a in list(self.game.actions[:n]):
            g.apply(s, a)
        return g

    async def act(self, conn: Connection, n: int, verb: str) -> None:
        """A person's action; raises :class:`Refused` (nothing changed) or applies it."""
        async with self.lock:
            seat, _ = self.bound(conn)
            if seat is None:
                raise Refused("spectator")
            self._check_open()
            if n != len(self.game.actions):
                raise Refused("stale", n=len(self.game.actions))
            try:
                s, action = parse_action(f"{seat} {verb}")
            except InvalidInputError as exc:
                raise Refused("bad_action", detail=str(exc)) from None
            if (
                isinstance(action, StrafdeckelAction | VoidThrowAction)
                or (isinstance(action, ThrowAction) and action.dice is not None)
            ):
                allowed = ", ".join(legal_verbs(seat, self.game.view(seat).legal)) or "-"
                raise Refused("not_allowed_action", action=verb, allowed=allowed)
            try:
                await self._apply(s, action)
            except StaleCopy:
                await self.broadcast()
                raise Refused("stale", n=len(self.game.actions)) from None
            except IllegalActionError as exc:
                raise Refused("illegal", de=exc.message("de"), en=exc.message("en")) from None
            except SchockError as exc:
                raise Refused("invalid", detail=str(exc)) from None
            await self.broadcast()
        self.kick()

    async def hint(self, conn: Connection) -> dict[str, Any]:
        """The solver's choices for the seat to move."""
        lang = conn.lang
        async with self.lock:
            seat, _ = self.bound(conn)
            if seat is None:
                raise Refused("spectator")
            view = self.game.view(seat)
            n = len(self.game.actions)
        if not view.my_turn or view.phase != "turn":
            raise Refused("no_hint")
        try:
            found = await asyncio.to_thread(hints, view)
        except InvalidInputError:
            raise Refused("no_hint") from None
        return {
            "type": "hints",
            "n": n,
            "hints": [
                {
                    "text": h.describe(lang),
                    "p_not_lose": round(h.p_not_lose, 4),
                    "expected_deckel": round(h.expected_deckel, 3),
                    "actions": legal_verbs(seat, h.actions),
                }
                for h in found[:6]
            ],
        }

    # ---------------------------------------------------------------- bots
    def kick(self) -> None:
        """Start the driver if bots or forced moves are due (after most actions a person
        is to decide: then no task is made). Called after every change, once the lock is
        released, so what it sees is what the driver would find."""
        if (self.driver is None or self.driver.done()) and self.started and not self.paused \
                and not self.ended and self.step() in ("bot", "auto"):
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        try:
            await self._drive_loop()
        except Exception:  # pragma: no cover - a bug; keep the table usable
            logger.exception("table %s: the bot driver failed", self.id)

    async def _drive_loop(self) -> None:
        while True:
            async with self.lock:
                if not self.started or self.paused or self.ended:
                    return
                step = self.step()
                if step not in ("bot", "auto"):
                    return
                n = len(self.game.actions)
                actor = self.game.actor
                assert actor is not None
                view = self.game.view(actor)
                bot = self.bots.get(actor)
            if self.settings.bot_delay > 0:
                await asyncio.sleep(self.settings.bot_delay)
            action: Action
            if step == "bot":
                assert bot is not None
                action = await asyncio.to_thread(bot.act, view)
            elif self.game.phase is Phase.TURN:
                action = StopAction()
            else:
                action = ThrowAction()
            async with self.lock:
                if len(self.game.actions) != n or self.paused or self.ended \
                        or self.bots.get(actor) is not bot:
                    continue  # moved on, or the seat was given back to its person
                with contextlib.suppress(StaleCopy):  # reloaded: look at the table again
                    await self._apply(actor, action)
                await self.broadcast()

    # ---------------------------------------------------------------- host
    async def command(self, conn: Connection, command: str, seat: int | None,
                      bot: str | None, to: int | None = None,
                      age: int | None = None,
                      clock: tuple[int | None, int | None] = (None, None)) -> None:
        async with self.lock:
            if not self.bound(conn)[1]:
                raise Refused("not_host")
            if self.series is not None and command in FIXED_SEATS:
                raise Refused("series_seats")
            if command == "start":
                if self.ended:
                    raise Refused("ended")
                self.started = True
                self.repo.set_flags(self.id, started=True)
            elif command == "rematch":
                self._start_next()
            elif command == "hand_host":
                i = self._seat_index(seat)
                h = self.seats[i].token_hash
                if self.seats[i].bot is not None or h is None:
                    raise Refused("no_person", seat=i, name=self.seats[i].name)
                self.repo.set_host(self.id, h)
                self.host_hash = h
            elif command == "give_back":
                i = self._seat_index(seat)
                old = self.seats[i]
                if old.bot is None or old.token_hash is None:
                    raise Refused("not_replaced", seat=i, name=old.name)
                if self.ended:
                    raise Refused("ended")
                new = list(self.seats)
                new[i] = SeatInfo(old.name, None, old.token_hash, old.age, old.claimed)
                self.repo.set_seats(self.id, self.stored_seats(new))
                self.seats = new
                self.bots.pop(i, None)
            elif command in ("pause", "resume"):
                self._check_running()
                self.paused = command == "pause"
                self.repo.set_flags(self.id, paused=self.paused)
                self._due = (-1, 0.0)  # the clock starts again on the resumed decision
            elif command == "clock":
                nudge, takeover = clock
                if nudge is not None and takeover is not None and takeover < nudge:
                    raise Refused("bad_clock", nudge=nudge, takeover=takeover)
                self.repo.set_clock(self.id, nudge, takeover)
                self.clock = (nudge, takeover)
            elif command == "bot_once":
                await self._bot_once()
            elif command == "end":
                if not self.ended:
                    # a started game is kept, finished or not (never one that never began)
                    keep = not self.game.over and (self.started or bool(self.game.actions))
                    archive = self._archive() if keep else None
                    self.repo.end_game(self.id, archive)
                    self.ended = True
                    if archive is not None:
                        self.games.append(archive)
            elif command == "add_bot":
                self._before_start()
                kind = self._bot_kind(bot)
                name = bot_names([kind], taken=[s.name for s in self.seats])[0]  # like `schock play`
                self._reseat([*self.seats, SeatInfo(name, kind, None)])
            elif command == "age":  # the host fills in an age (porz: the youngest loses a tie)
                i = self._seat_index(seat)
                if age is not None and not 0 <= age <= 150:
                    raise Refused("bad_age", age=age)
                new = list(self.seats)
                old = new[i]
                new[i] = SeatInfo(old.name, old.bot, old.token_hash, age, old.claimed)
                if not self.started:
                    self._reseat(new)
                elif self.game.over and not self.ended:  # between games: from the next one
                    self.seats = new
                    self.repo.set_seats(self.id, self.stored_seats(new))
                else:
                    raise Refused("game_running")
            elif command == "move":  # the waiting room: seat ``seat`` moves to place ``to``
                self._before_start()
                i = self._seat_index(seat)
                if to is None or not 0 <= to < len(self.seats):
                    raise Refused("bad_move", seat=i, to=to, last=len(self.seats) - 1)
                order = [s for j, s in enumerate(self.seats) if j != i]
                order.insert(to, self.seats[i])
                self._reseat(order)
            elif command == "remove":  # the waiting room: any seat, before the start
                self._before_start()
                i = self._seat_index(seat)
                self._reseat([s for j, s in enumerate(self.seats) if j != i])
            elif command == "remove_bot":
                self._before_start()
                i = self._seat_index(seat)
                if self.seats[i].bot is None:
                    raise Refused("not_a_bot", seat=i)
                self._reseat([s for j, s in enumerate(self.seats) if j != i])
            elif command == "replace":
                if self.ended:
                    raise Refused("ended")
                i = self._seat_index(seat)
                if self.seats[i].bot is not None:
                    raise Refused("is_a_bot", seat=i)
                kind = self._bot_kind(bot)
                new = list(self.seats)
                # the person's token stays: their link watches the table (and may get
                # the seat back)
                old = self.seats[i]
                new[i] = SeatInfo(old.name, kind, old.token_hash, old.age, old.claimed)
                self.repo.set_seats(self.id, self.stored_seats(new))
                self.seats = new
                self.bots[i] = make_bot(kind, seed=secrets.randbits(32))
            await self.broadcast()
        self.kick()

    async def vote(self, conn: Connection) -> None:
        """A person asks for a rematch; when every person at the table has (bots agree),
        it starts. The host's vote starts it at once (:meth:`command` ``rematch``)."""
        async with self.lock:
            seat, host = self.bound(conn)
            if host:
                self._start_next()
            else:
                if seat is None:
                    raise Refused("spectator")
                if self.series is not None and self.ended:  # closed by the organizer
                    raise Refused("series_closed")
                self._check_between_games()
                self.votes.add(seat)
                people = {i for i, s in enumerate(self.seats) if s.bot is None}
                if people <= self.votes:
                    self._start_next()
            await self.broadcast()
        self.kick()

    def _check_between_games(self) -> None:
        if not (self.game.over or (self.ended and self.games)):
            raise Refused("not_over")

    def _start_next(self) -> None:
        """The next game on this table: same seats and links; the last loser begins
        (docs/rules.md, "Who starts": the loser of the previous game)."""
        self._check_between_games()
        last = self.games[-1] if self.games else None
        names = [s.name for s in self.seats]
        starter = names.index(last.loser) if last and last.loser in names else None
        seats = None
        if self.series is not None:  # the series seats the next game (and may refuse it)
            seats, starter = self.series.next_game(self, self.game_no + 1)
        seed = secrets.randbits(62)
        self.repo.new_game(self.id, self.game_no + 1, seed, starter)
        self.game_no += 1
        self.seed, self.starter = seed, starter
        self.started, self.paused, self.ended = True, False, False
        self.votes = set()
        if seats is not None and seats != self.seats:
            self.seats = seats
            self.repo.set_seats(self.id, self.stored_seats(seats))
        if self.late:  # late-comers sit down now, after the seats of the last game
            self.seats, self.late = self.seats + self.late, []
            self.repo.set_seats(self.id, self.stored_seats(self.seats))
        self.game = self._new_game()
        self._make_bots()

    def striche(self) -> dict[str, int]:
        """Games lost by each name this evening (finished games only)."""
        out: dict[str, int] = {}
        for g in self.games:
            if g.loser is not None:
                out[g.loser] = out.get(g.loser, 0) + 1
        return out

    def waited(self) -> float | None:
        """Seconds the person to decide has had for this decision (None: nobody is to
        decide now: not running, paused, a bot's or an automatic move, game over)."""
        if not self.started or self.paused or self.ended or self.step() != "human":
            return None
        n = len(self.game.actions)
        if self._due[0] != n:
            self._due = (n, self.now())
        return max(0.0, self.now() - self._due[1])

    async def _bot_once(self) -> None:
        """The turn clock ran out: a bot makes this one decision for the person."""
        takeover = self.clock[1]
        waited = self.waited()
        if takeover is None or waited is None:
            raise Refused("no_takeover")
        if waited < takeover:
            raise Refused("too_early", s=int(takeover - waited + 0.999))
        actor = self.game.actor
        assert actor is not None
        view = self.game.view(actor)
        action = await asyncio.to_thread(make_bot("heuristic", seed=secrets.randbits(32)).act, view)
        await self._apply(actor, action)

    def _check_running(self) -> None:
        if self.ended:
            raise Refused("ended")
        if not self.started:
            raise Refused("not_started")

    def _before_start(self) -> None:
        if self.started or self.ended:
            raise Refused("only_before_start")

    def _bot_kind(self, bot: str | None) -> str:
        if bot not in available_bots():
            raise Refused("bad_bot", bot=bot, allowed=", ".join(available_bots()))
        assert bot is not None
        return bot

    def _seat_index(self, seat: int | None) -> int:
        if seat is None or not 0 <= seat < len(self.seats):
            raise Refused("bad_seat", seat=seat)
        return seat

    def _reseat(self, seats: list[SeatInfo]) -> None:
        """New seats before the start (a new game); the caller's broadcast re-binds
        every connection (:meth:`rebind`)."""
        old = self.seats
        self.seats = seats
        try:
            self.game = self._new_game()
        except InvalidInputError as exc:
            self.seats = old
            raise Refused("invalid", detail=str(exc)) from None
        self.repo.set_seats(self.id, self.stored_seats(seats))
        self._make_bots()

    # ---------------------------------------------------------------- telling
    def table_info(self) -> dict[str, Any]:
        online = {self.bound(c)[0] for c in self.conns}
        return {
            "id": self.id,
            "started": self.started,
            "paused": self.paused,
            "ended": self.ended,
            "over": self.game.over,
            "step": self.step(),
            "game": self.game_no,
            "games": [{"number": g.number, "loser": g.loser, "ended": g.ended}
                      for g in self.games],
            "striche": self.striche(),
            "votes": sorted(self.votes),
            "clock": {"nudge": self.clock[0], "takeover": self.clock[1], "waited": self.waited()},
            "seats": [
                {"name": s.name, "bot": s.bot, "online": i in online,
                 "free": s.bot is None and not s.claimed, "aged": s.age is not None,
                 # a person's link exists (the host role can go to it) / a bot plays for them
                 "person": s.token_hash is not None,
                 "replaced": s.bot is not None and s.token_hash is not None}
                for i, s in enumerate(self.seats)
            ],
            "late": [s.name for s in self.late],
            "series": None if self.series is None else self.series.info(),
            "needs_ages": needs_ages(self.rules),
        }

    def told(self, lang: str) -> tuple[Chronicle, int, list[str], dict[str, Any]]:
        """The game told in ``lang`` (frozen lines, lines, story): once per action and
        language, each new event read once (:class:`~schock.narrate.Chronicle`)."""
        if self._chronicle is None or self._chronicle.game is not self.game:
            self._chronicle = Chronicle(self.game)
            self._told = (-1, {})
        n = len(self.game.actions)
        if self._told[0] != n:
            self._told = (n, {})
        cache = self._told[1]
        if lang not in cache:
            frozen, lines = self._chronicle.lines(lang)
            cache[lang] = (frozen, lines, self._chronicle.story(lang))
        return (self._chronicle, *cache[lang])

    def log(self, lang: str) -> list[str]:
        """The whole log in ``lang`` (what a fresh client receives)."""
        return self.told(lang)[2]

    def message_for(self, conn: Connection, info: dict[str, Any] | None = None) -> dict[str, Any]:
        """The state ``conn`` may see: the view of the seat it plays now (:meth:`bound`),
        and of the log only what it lacks."""
        seat, _ = self.bound(conn)
        info = self.table_info() if info is None else info
        live = self.started and not self.paused and not self.ended
        chronicle, frozen, lines, story = self.told(conn.lang)
        whose, kept = conn.told
        start = kept if whose == (chronicle, conn.lang) else 0
        conn.told = ((chronicle, conn.lang), frozen)
        log = {"from": start, "lines": lines[start:]}
        return state_message(self.game, seat, table=info, log=log, story=story, live=live,
                             lang=conn.lang)

    async def _deliver(self, conn: Connection, build: Callable[[], Message]) -> None:
        """Build one message for ``conn`` and send it; the one guard of every outgoing
        message. A message that cannot be built closes that connection with a reason
        (the others go on); a send to a socket already gone is dropped."""
        try:
            message = build()
        except Exception:
            logger.exception("table %s: cannot build a message; closing that connection", self.id)
            if conn in self.conns:
                self.conns.remove(conn)
            with contextlib.suppress(Exception):
                await conn.close(1011, "internal error")
            return
        with contextlib.suppress(Exception):
            await conn.send(message)

    async def send_state(self, conn: Connection, info: dict[str, Any] | None = None) -> None:
        """Send ``conn`` its own view (through the guard)."""
        await self._deliver(conn, lambda: self.message_for(conn, info))

    def encoded_for(self, conn: Connection, info: dict[str, Any],
                    made: dict[tuple[int | None, str, int], str],
                    shared: dict[tuple[str, int], str]) -> str:
        """:meth:`message_for` as JSON text, made once per broadcast for all connections
        that are sent the same (the same seat's view, language and log lines: the
        sockets of one seat, the spectators); the parts that are the same for every
        seat (the table, the new log lines, the story) are encoded once per language
        and log position (``shared``) and joined to each seat's own."""
        seat, _ = self.bound(conn)
        chronicle, frozen, _lines, _story = self.told(conn.lang)
        whose, kept = conn.told
        start = kept if whose == (chronicle, conn.lang) else 0
        key = (seat, conn.lang, start)
        text = made.get(key)
        if text is None:
            message = self.message_for(conn, info)
            common = shared.get((conn.lang, start))
            if common is None:
                common = shared[(conn.lang, start)] = encode(
                    {k: message[k] for k in _SHARED})[1:-1]
            own = encode({k: v for k, v in message.items() if k not in _SHARED})
            text = made[key] = f"{own[:-1]},{common}}}"
        else:
            conn.told = ((chronicle, conn.lang), frozen)
        return text

    async def broadcast(self) -> None:
        """Re-bind every connection to its seat, then send each its own view (the table
        and the narration are told once for all of them, each distinct message encoded
        once). A send only queues the frame on its socket, so they go one after the
        other, without a task each."""
        await self.rebind()
        info = self.table_info()
        made: dict[tuple[int | None, str, int], str] = {}
        shared: dict[tuple[str, int], str] = {}
        for conn in list(self.conns):
            await self._deliver(conn, partial(self.encoded_for, conn, info, made, shared))

    def welcome(self, conn: Connection) -> dict[str, Any]:
        seat, host = self.bound(conn)
        return {
            "type": "welcome",
            "table": self.id,
            "seat": seat,
            "host": host,
            "rules": {"id": self.rules.id, "name": self.rules.name,
                      "rows": rules_rows(self.rules, conn.lang)},
            "bots": list(available_bots()),
        }

    def record_text(self) -> str:
        """The current game's record: the dice thrown so far, never the seed."""
        return dumps(self.game, bots=[s.bot for s in self.seats])

    def game_record(self, number: int | None) -> str | None:
        """The record of kept game ``number`` (None: the latest), or None."""
        if not self.games:
            return None
        if number is None:
            number = self.games[-1].number
        if not any(g.number == number for g in self.games):
            return None
        return self.repo.game_record(self.id, number)


class Tables:
    """Every live table, loaded from the database on first use."""

    def __init__(self, repo: Repo, settings: Settings) -> None:
        self.repo = repo
        self.settings = settings
        self.live: dict[str, TableSession] = {}
        self.attach: Callable[[TableSession], None] | None = None
        """Gives a table loaded from the database its :class:`Series`, if it has one."""

    def create(self, rules: Rules, seats: list[tuple[str, str | None]],
               host_ip: str, ages: list[int | None] | None = None,
               ) -> tuple[TableSession, str, list[str | None]]:
        """A new table; returns it, the host token and each seat's token (None for bots).
        ``ages`` (one per seat, None: not given) decide porz's opening tie."""
        since = datetime.now(UTC).replace(tzinfo=None) - timedelta(
            hours=self.settings.open_table_hours)
        limit = self.settings.max_tables_per_host
        if self.repo.open_tables_of(host_ip, since) >= limit:
            raise Refused("too_many_tables", n=limit)
        host = new_token()
        tokens: list[str | None] = [None if bot else new_token() for _, bot in seats]
        ages = ages or [None] * len(seats)
        infos = [SeatInfo(name, bot, None if t is None else token_hash(t), age)
                 for (name, bot), t, age in zip(seats, tokens, ages, strict=True)]
        table_id = secrets.token_urlsafe(12)
        session = TableSession(
            id=table_id,
            rules=rules,
            seed=secrets.randbits(62),
            host_hash=token_hash(host),
            seats=infos,
            repo=self.repo,
            settings=self.settings,
            invite_hash=token_hash(invite_token(host, table_id)),
        )
        self.repo.create(session.stored(), host_ip)
        self.live[session.id] = session
        return session, host, tokens

    def add(self, session: TableSession, host_ip: str) -> None:
        """Store a table made elsewhere (its tokens chosen by its maker) and keep it live."""
        self.repo.create(session.stored(), host_ip)
        self.live[session.id] = session

    def get(self, table_id: str) -> TableSession | None:
        if table_id in self.live:
            return self.live[table_id]
        if len(table_id) > 32:
            return None
        stored = self.repo.load(table_id)
        if stored is None:
            return None
        session = TableSession.restore(stored, self.repo, self.settings)
        if self.attach is not None:
            self.attach(session)
        self.live[table_id] = session
        return session

    async def close(self) -> None:
        for s in self.live.values():
            if s.driver is not None:
                s.driver.cancel()
