"""One table on the server: its Game, a lock, its connections and their seats.

Every accepted action is written to the database before anybody hears of it;
then every connection gets its own view (see :mod:`schock.web.messages`).
Bots and forced moves act from a driver task, bots thinking off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from schock.bots import Bot, make_bot
from schock.engine.actions import (
    Action,
    StopAction,
    StrafdeckelAction,
    ThrowAction,
    VoidThrowAction,
    format_action,
    parse_action,
)
from schock.engine.dice_sources import (
    DiceSource,
    ScriptedDice,
    SeededDice,
    SystemDice,
    ThrownDice,
)
from schock.engine.game import Game, Phase
from schock.engine.record import dumps, rules_from_json, rules_to_json
from schock.engine.seat import Seat
from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.narrate import Chronicle
from schock.rules import Rules
from schock.solver.hints import hints
from schock.web import frames
from schock.web import host as host_commands
from schock.web.frames import encode as encode
from schock.web.messages import legal_verbs
from schock.web.repo import (
    Repo,
    StaleCopy,
    StoredGame,
    StoredSeat,
    StoredTable,
    Unsaved,
    token_hash,
)
from schock.web.seats import Close as Close
from schock.web.seats import Connection as Connection
from schock.web.seats import Message as Message
from schock.web.seats import Refused as Refused
from schock.web.seats import SeatInfo as SeatInfo
from schock.web.seats import Send as Send
from schock.web.seats import invite_token as invite_token
from schock.web.seats import needs_ages as needs_ages
from schock.web.seats import new_token as new_token
from schock.web.settings import Settings

logger = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")

#: A bot driver whose move the database did not take tries again after 0.25, 0.5, 1, 2
#: and 4 seconds, then stops: the table's :class:`Tables` starts it again once writes
#: work (:meth:`Tables.until_saved`).
DRIVER_RETRIES = 5
DRIVER_BACKOFF = 0.25
#: While writes fail, the database is tried every 0.25 s at first, then at most every 2 s.
WATCH_FIRST, WATCH_MAX = 0.25, 2.0


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


def new_dice() -> DiceSource:
    """Where a server table's dice come from: the operating system's generator (a test
    may put a seeded source here to play a known game)."""
    return SystemDice()


#: The fields of a live table that a reload keeps (the rest is taken from the database).
_LIVE = frozenset({"id", "repo", "settings", "lock", "conns", "driver", "series", "unsaved",
                   "next_due"})



@dataclass(eq=False)
class TableSession:
    """A live table."""

    id: str
    rules: Rules
    seed: int | None
    """None: the dice come from the operating system's generator and every stored throw
    carries its dice. A number: a table stored before that, whose throws stored without
    dice replay from this seed (the next game has none)."""
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
    unsaved: bool = False
    """A write of this table failed since writes last worked: its people are told once
    they work again (:meth:`saved_again`)."""
    next_due: bool = False
    """The series' next game is due but could not be stored (started once writes work)."""
    follow: tuple[int, float] = (-1, 0.0)
    """(actions, until): another process stored this table's action that made it this
    many actions long and drives its bots; this one leaves them to it while the table
    stays so long, until ``until`` (:func:`time.monotonic`; see :meth:`drives`)."""
    _chronicle: Chronicle | None = None
    _stepped: tuple[Game | None, int, set[int], str] = (None, -1, set(), "")
    """What :meth:`step` found last: the game, its action count, the bots' seats, the step."""
    _told: tuple[int, dict[str, tuple[int, list[str], dict[str, Any]]]] = (-1, {})

    def __post_init__(self) -> None:
        self.game = self._new_game()
        self._make_bots()

    # ---------------------------------------------------------------- building
    def _new_game(self) -> Game:
        """The current game from the start, its dice from the operating system's
        generator, recorded as thrown values (no seed anywhere: nothing can tell a die
        to come; :func:`stored_actions` stores each throw with its dice)."""
        starter = self.starter if self.starter is not None and self.starter < len(self.seats) \
            else None
        return Game(self.rules, seats=[Seat(s.name, s.age) for s in self.seats],
                    dice=ThrownDice(new_dice()), starter=starter)

    def _make_bots(self) -> None:
        self.bots = {
            i: make_bot(s.bot, seed=secrets.randbits(32))
            for i, s in enumerate(self.seats)
            if s.bot is not None
        }

    @classmethod
    def restore(cls, t: StoredTable, repo: Repo, settings: Settings) -> TableSession:
        """The table as stored: its actions replayed with the dice they threw."""
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
        replay_actions(session.game, t.actions, t.seed)
        return session

    def stored(self) -> StoredTable:
        return StoredTable(
            id=self.id,
            rules=rules_to_json(self.rules),
            seed=self.seed,
            host_hash=self.host_hash,
            seats=self.stored_seats(self.seats),
            actions=stored_actions(self.game),
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
        or a forced stop of a throw the player has not seen); found once per state of
        the game and set of bots (every frame and every action asks)."""
        g = self.game
        game, n, bots, found = self._stepped
        if game is not g or n != len(g.actions) or bots != self.bots.keys():
            found = self._step()
            self._stepped = (g, len(g.actions), set(self.bots), found)
        return found

    def _step(self) -> str:
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
        n, k = len(self.game.actions), len(_rolls(self.game))
        self.game.apply(seat, action)
        texts = stored_actions(self.game, n, k)
        archive = self._archive() if self.game.over else None
        try:
            await self.repo.store_actions(self.id, n, texts, finished=self.game.over,
                                          archive=archive, game_no=self.game_no)
        except StaleCopy:
            self.reload()  # another process wrote this table: its copy wins
            raise
        except BaseException as exc:  # not stored (Unsaved: the database takes no writes
            # now), or cancelled (shutdown) while the thread writes: if that write lands,
            # the next one is refused as stale and this copy reloads (the database is the
            # truth)
            self.game = self._replayed(n)
            self.unsaved = self.unsaved or isinstance(exc, Unsaved)
            raise
        if archive is not None:
            self.games.append(archive)
            if self.series is not None and self.series.game_over(self, archive):
                await self._next_of_series()

    async def _next_of_series(self) -> None:
        """The series' next game at once (nobody to ask); if the database does not take
        it now, once writes work again (:meth:`saved_again`)."""
        self.next_due = False
        try:
            await self._start_next()
        except Unsaved:
            self.next_due = True
        except Refused:  # the table's round is over
            pass
        except Exception:  # pragma: no cover - a bug; the game just over is kept
            logger.exception("table %s: the next game of its series failed", self.id)

    async def write(self, fn: Callable[Concatenate[Repo, P], T], *args: P.args,
                    **kwargs: P.kwargs) -> T:
        """A write of this table's state other than actions (:meth:`Repo.run`: by the
        writer thread). Callers change the table in memory only once it returned: on
        :class:`Unsaved` the table stays exactly as it was (and its people will be told
        when writes work again)."""
        try:
            return await self.repo.run(fn, *args, **kwargs)
        except Unsaved:
            self.unsaved = True
            raise

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
        replay_actions(g, stored_actions(self.game)[:n], None)
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
    def drives(self) -> bool:
        """Whether this process drives the table's bots and forced moves: the process
        that stored the latest action does (several processes may hold the table,
        :mod:`schock.web.sync`), another one only once that one has been silent past
        the time :attr:`follow` gives it (it may have died)."""
        return self.follow[0] != len(self.game.actions) or time.monotonic() >= self.follow[1]

    def kick(self) -> None:
        """Start the driver if bots or forced moves are due (after most actions a person
        is to decide: then no task is made). Called after every change, once the lock is
        released, so what it sees is what the driver would find."""
        if (self.driver is None or self.driver.done()) and self.started and not self.paused \
                and not self.ended and self.step() in ("bot", "auto") and self.drives():
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        try:
            await self._drive_loop()
        except Exception:  # pragma: no cover - a bug; keep the table usable
            logger.exception("table %s: the bot driver failed", self.id)

    async def _drive_loop(self) -> None:
        failed = 0  # moves in a row the database did not take
        while True:
            if failed:
                await asyncio.sleep(DRIVER_BACKOFF * 2 ** (failed - 1))
            async with self.lock:
                if not self.started or self.paused or self.ended:
                    return
                step = self.step()
                if step not in ("bot", "auto") or not self.drives():
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
                told = self.unsaved
                try:
                    with contextlib.suppress(StaleCopy):  # reloaded: look at the table again
                        await self._apply(actor, action)
                except Unsaved as exc:
                    failed += 1
                    if not told:  # everybody at the table hears it once
                        await self._tell(exc.message())
                    if failed > DRIVER_RETRIES:
                        logger.warning("table %s: %d moves not stored (%s); the table goes "
                                       "on once writes work again", self.id, failed, exc.cause)
                        return
                    logger.warning("table %s: a move not stored (%s); trying again in %.2f s",
                                   self.id, exc.cause, DRIVER_BACKOFF * 2 ** (failed - 1))
                    continue
                failed = 0
                await self.broadcast()

    async def _tell(self, message: dict[str, Any]) -> None:
        """Send every connection of the table ``message`` (under the lock)."""
        for conn in list(self.conns):
            await self._deliver(conn, lambda: message)

    async def saved_again(self) -> None:
        """Writes work again (:class:`Tables` found so): the people who were told that a
        write failed hear that they work again, a series' next game that could not be
        stored starts, and the driver goes on (bots, automatic moves)."""
        async with self.lock:
            if self.next_due:
                await self._next_of_series()
                await self.broadcast()
            if self.unsaved and not self.next_due:
                self.unsaved = False
                await self._tell(Refused("saved_again").message() | {"type": "notice"})
        self.kick()

    # ---------------------------------------------------------------- host
    async def command(self, conn: Connection, command: str, seat: int | None,
                      bot: str | None, to: int | None = None,
                      age: int | None = None,
                      clock: tuple[int | None, int | None] = (None, None)) -> None:
        """A host command (:func:`schock.web.host.command`), run to its end (:func:`whole`)."""
        await whole(host_commands.command(self, conn, command, seat, bot, to, age, clock))

    async def vote(self, conn: Connection) -> None:
        """A person asks for a rematch (:func:`schock.web.host.vote`), run to its end."""
        await whole(host_commands.vote(self, conn))

    async def _start_next(self) -> None:
        await host_commands.start_next(self)

    async def _reseat(self, seats: list[SeatInfo]) -> None:
        await host_commands.reseat(self, seats)

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


    # ---------------------------------------------------------------- telling
    # (schock.web.frames)
    def table_info(self) -> dict[str, Any]:
        return frames.table_info(self)

    def told(self, lang: str) -> tuple[Chronicle, int, list[str], dict[str, Any]]:
        return frames.told(self, lang)

    def log(self, lang: str) -> list[str]:
        return frames.log(self, lang)

    def message_for(self, conn: Connection, info: dict[str, Any] | None = None) -> dict[str, Any]:
        return frames.message_for(self, conn, info)

    async def _deliver(self, conn: Connection, build: Callable[[], Message]) -> None:
        await frames.deliver(self, conn, build)

    async def send_state(self, conn: Connection, info: dict[str, Any] | None = None) -> None:
        await frames.send_state(self, conn, info)

    async def broadcast(self) -> None:
        await frames.broadcast(self)

    def welcome(self, conn: Connection) -> dict[str, Any]:
        return frames.welcome(self, conn)

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


def _rolls(game: Game) -> list[tuple[int, ...]]:
    dice = game.dice
    assert isinstance(dice, ThrownDice), "a table's game throws through ThrownDice"
    return dice.rolls


def stored_actions(game: Game, start: int = 0, roll: int = 0) -> list[str]:
    """The texts of ``game``'s actions from ``start`` on, as stored: each throw with the
    dice it threw (``0 throw 1-1-4``, ``2 throw 5``), so a replay needs no seed;
    ``roll``: how many rolls of the game's dice came before ``start``.

    >>> from schock.rules import load_rules
    >>> g = Game(load_rules("porz"), seats=["A", "B"], starter=0,
    ...          dice=ThrownDice(ScriptedDice([4, 1, 1, 2, 2, 3])))
    >>> _ = g.apply(0, ThrowAction()); _ = g.apply(0, StopAction())
    >>> stored_actions(g)
    ['0 throw 1-1-4', '0 stop']
    """
    rolls = _rolls(game)
    out = []
    for seat, action in game.actions[start:]:
        if isinstance(action, ThrowAction) and action.dice is None:
            action = ThrowAction(tuple(sorted(rolls[roll])))
            roll += 1
        out.append(format_action(seat, action))
    return out


def replay_actions(game: Game, lines: list[str], seed: int | None) -> None:
    """Apply stored actions to ``game`` (new, its dice a :class:`ThrownDice`): a throw
    stored with its dice throws them; one stored without (a table stored before dice
    were kept with the throws) throws the next dice of ``seed``. Then its dice come from
    the operating system's generator. A stored throw whose dice do not fit raises
    :class:`InvalidInputError`."""
    dice = game.dice
    assert isinstance(dice, ThrownDice), "a table's game throws through ThrownDice"
    seeded = None
    for line in lines:
        seat, action = parse_action(line)
        if isinstance(action, ThrowAction):
            if action.dice is not None:
                dice.continue_with(ScriptedDice(action.dice))
            elif seed is not None:
                seeded = seeded or SeededDice(seed)
                dice.continue_with(seeded)
            else:
                raise InvalidInputError(f"stored throw {line!r} without its dice, and the "
                                        f"table has no seed to throw them from")
            game.apply(seat, ThrowAction())
            if action.dice is not None and dice.rolls[-1] != action.dice:
                raise InvalidInputError(f"stored throw {line!r}: the throw took "
                                        f"{len(dice.rolls[-1])} dice")
        else:
            game.apply(seat, action)
    dice.continue_with(new_dice())


def _retrieved(task: asyncio.Task[Any]) -> None:
    if not task.cancelled():
        task.exception()  # told to the caller, if it still waits; else nobody to tell


async def whole(work: Coroutine[Any, Any, T]) -> T:
    """``work`` run to its end even if the caller is cancelled meanwhile (its socket
    closed): a host command's write and its change of the table in memory belong
    together, and a write the writer thread stores anyway must not leave the table in
    memory as it was before."""
    task = asyncio.ensure_future(work)
    task.add_done_callback(_retrieved)
    return await asyncio.shield(task)


class Tables:
    """Every live table, loaded from the database on first use."""

    def __init__(self, repo: Repo, settings: Settings) -> None:
        self.repo = repo
        self.settings = settings
        self.live: dict[str, TableSession] = {}
        self.attach: Callable[[TableSession], None] | None = None
        """Gives a table loaded from the database its :class:`Series`, if it has one."""
        self.watch: asyncio.Task[None] | None = None
        """Tries the database while it takes no writes (:meth:`until_saved`)."""
        repo.on_unsaved = self.unsaved

    def unsaved(self, exc: Unsaved) -> None:
        """A write failed (the database takes none now): watch until it does."""
        if self.watch is None or self.watch.done():
            logger.warning("the database takes no writes (%s); trying it until it does",
                           exc.cause)
            self.watch = asyncio.get_running_loop().create_task(self.until_saved())

    async def until_saved(self) -> None:
        """Try a write (the heartbeat) with a growing pause (:data:`WATCH_FIRST` to
        :data:`WATCH_MAX`) until the database takes it; then every live table goes on
        (:meth:`TableSession.saved_again`)."""
        pause = WATCH_FIRST
        while True:
            await asyncio.sleep(pause)
            try:
                await self.repo.run(Repo.heartbeat)
                break
            except Unsaved:
                pause = min(2 * pause, WATCH_MAX)
        self.watch = None  # a write failing from now on starts another watch
        logger.warning("the database takes writes again")
        for session in list(self.live.values()):
            await session.saved_again()

    async def create(self, rules: Rules, seats: list[tuple[str, str | None]],
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
            seed=None,
            host_hash=token_hash(host),
            seats=infos,
            repo=self.repo,
            settings=self.settings,
            invite_hash=token_hash(invite_token(host, table_id)),
        )
        await self.repo.run(Repo.create, session.stored(), host_ip)
        self.live[session.id] = session
        return session, host, tokens

    async def add(self, session: TableSession, host_ip: str) -> None:
        """Store a table made elsewhere (its tokens chosen by its maker) and keep it live."""
        await self.repo.run(Repo.create, session.stored(), host_ip)
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
        if self.watch is not None:
            self.watch.cancel()
        for s in self.live.values():
            if s.driver is not None:
                s.driver.cancel()
