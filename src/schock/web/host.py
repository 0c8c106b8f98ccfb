"""What the host of a table may do (docs/protocol.md, ``host`` messages), and rematches:
starting and pausing the table, seats and bots in the waiting room, handing a seat to a
bot and back, the turn clock, ending the table, and the next game.

Every function here is called by :class:`~schock.web.session.TableSession` (its
``command``, ``vote`` and the series' next game), most of them under the table's lock.
Each writes first (by the writer thread, :meth:`TableSession.write`) and changes the
table in memory only once the write is stored: a write the database does not take
(:class:`~schock.web.repo.Unsaved`) leaves the table exactly as it was.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

from schock.bots import available_bots, make_bot
from schock.bots.names import bot_names
from schock.errors import InvalidInputError
from schock.web.repo import Repo, StoredSeat
from schock.web.seats import Connection, Refused, SeatInfo

if TYPE_CHECKING:
    from schock.web.session import TableSession

#: Host commands a table with fixed seats (a :class:`~schock.web.session.Series`)
#: refuses: its seats are drawn.
FIXED_SEATS = frozenset({"add_bot", "remove", "remove_bot", "hand_host"})


async def command(session: TableSession, conn: Connection, command: str, seat: int | None,
                  bot: str | None, to: int | None = None, age: int | None = None,
                  clock: tuple[int | None, int | None] = (None, None)) -> None:
    """A host command (see docs/protocol.md); raises :class:`Refused` (nothing changed)."""
    async with session.lock:
        if not session.bound(conn)[1]:
            raise Refused("not_host")
        if session.series is not None and command in FIXED_SEATS:
            raise Refused("series_seats")
        if command == "start":
            if session.ended:
                raise Refused("ended")
            await session.write(Repo.set_flags, session.id, started=True)
            session.started = True
        elif command == "rematch":
            await start_next(session)
        elif command == "hand_host":
            i = _seat_index(session, seat)
            h = session.seats[i].token_hash
            if session.seats[i].bot is not None or h is None:
                raise Refused("no_person", seat=i, name=session.seats[i].name)
            await session.write(Repo.set_host, session.id, h)
            session.host_hash = h
        elif command == "give_back":
            i = _seat_index(session, seat)
            old = session.seats[i]
            if old.bot is None or old.token_hash is None:
                raise Refused("not_replaced", seat=i, name=old.name)
            if session.ended:
                raise Refused("ended")
            new = list(session.seats)
            new[i] = SeatInfo(old.name, None, old.token_hash, old.age, old.claimed)
            await session.write(Repo.set_seats, session.id, session.stored_seats(new))
            session.seats = new
            session.bots.pop(i, None)
        elif command in ("pause", "resume"):
            _check_running(session)
            await session.write(Repo.set_flags, session.id, paused=command == "pause")
            session.paused = command == "pause"
            session._due = (-1, 0.0)  # the clock starts again on the resumed decision
        elif command == "clock":
            nudge, takeover = clock
            if nudge is not None and takeover is not None and takeover < nudge:
                raise Refused("bad_clock", nudge=nudge, takeover=takeover)
            await session.write(Repo.set_clock, session.id, nudge, takeover)
            session.clock = (nudge, takeover)
        elif command == "bot_once":
            await _bot_once(session)
        elif command == "end":
            if not session.ended:
                # a started game is kept, finished or not (never one that never began)
                keep = not session.game.over and (session.started or bool(session.game.actions))
                archive = session._archive() if keep else None
                await session.write(Repo.end_game, session.id, archive)
                session.ended = True
                if archive is not None:
                    session.games.append(archive)
        elif command == "add_bot":
            _before_start(session)
            kind = _bot_kind(bot)
            name = bot_names([kind], taken=[s.name for s in session.seats])[0]  # like `schock play`
            await reseat(session, [*session.seats, SeatInfo(name, kind, None)])
        elif command == "age":  # the host fills in an age (porz: the youngest loses a tie)
            i = _seat_index(session, seat)
            if age is not None and not 0 <= age <= 150:
                raise Refused("bad_age", age=age)
            new = list(session.seats)
            old = new[i]
            new[i] = SeatInfo(old.name, old.bot, old.token_hash, age, old.claimed)
            if not session.started:
                await reseat(session, new)
            elif session.game.over and not session.ended:  # between games: from the next one
                await session.write(Repo.set_seats, session.id, session.stored_seats(new))
                session.seats = new
            else:
                raise Refused("game_running")
        elif command == "move":  # the waiting room: seat ``seat`` moves to place ``to``
            _before_start(session)
            i = _seat_index(session, seat)
            if to is None or not 0 <= to < len(session.seats):
                raise Refused("bad_move", seat=i, to=to, last=len(session.seats) - 1)
            order = [s for j, s in enumerate(session.seats) if j != i]
            order.insert(to, session.seats[i])
            await reseat(session, order)
        elif command == "remove":  # the waiting room: any seat, before the start
            _before_start(session)
            i = _seat_index(session, seat)
            await reseat(session, [s for j, s in enumerate(session.seats) if j != i])
        elif command == "remove_bot":
            _before_start(session)
            i = _seat_index(session, seat)
            if session.seats[i].bot is None:
                raise Refused("not_a_bot", seat=i)
            await reseat(session, [s for j, s in enumerate(session.seats) if j != i])
        elif command == "replace":
            if session.ended:
                raise Refused("ended")
            i = _seat_index(session, seat)
            if session.seats[i].bot is not None:
                raise Refused("is_a_bot", seat=i)
            kind = _bot_kind(bot)
            new = list(session.seats)
            # the person's token stays: their link watches the table (and may get
            # the seat back)
            old = session.seats[i]
            new[i] = SeatInfo(old.name, kind, old.token_hash, old.age, old.claimed)
            await session.write(Repo.set_seats, session.id, session.stored_seats(new))
            session.seats = new
            session.bots[i] = make_bot(kind, seed=secrets.randbits(32))
        await session.broadcast()
    session.kick()


async def vote(session: TableSession, conn: Connection) -> None:
    """A person asks for a rematch; when every person at the table has (bots agree),
    it starts. The host's vote starts it at once (:func:`command` ``rematch``)."""
    async with session.lock:
        seat, host = session.bound(conn)
        if host:
            await start_next(session)
        else:
            if seat is None:
                raise Refused("spectator")
            if session.series is not None and session.ended:  # closed by the organizer
                raise Refused("series_closed")
            check_between_games(session)
            session.votes.add(seat)
            people = {i for i, s in enumerate(session.seats) if s.bot is None}
            if people <= session.votes:
                await start_next(session)
        await session.broadcast()
    session.kick()


def check_between_games(session: TableSession) -> None:
    if not (session.game.over or (session.ended and session.games)):
        raise Refused("not_over")


async def start_next(session: TableSession) -> None:
    """The next game on this table: same seats and links; the last loser begins
    (docs/rules.md, "Who starts": the loser of the previous game). Its seats and
    flags are stored in one transaction before the table changes."""
    check_between_games(session)
    last = session.games[-1] if session.games else None
    names = [s.name for s in session.seats]
    starter = names.index(last.loser) if last and last.loser in names else None
    seats = session.seats
    if session.series is not None:  # the series seats the next game (and may refuse it)
        seats, starter = session.series.next_game(session, session.game_no + 1)
    seats = seats + session.late  # late-comers sit down now, after the last game's seats
    stored = [StoredSeat(s.name, s.bot, s.token_hash, s.age, s.claimed) for s in seats]
    await session.write(Repo.new_game, session.id, session.game_no + 1, starter,
                        stored if seats != session.seats else None)
    session.game_no += 1
    session.seed, session.starter = None, starter  # its dice: the OS generator's
    session.started, session.paused, session.ended = True, False, False
    session.votes = set()
    session.seats, session.late = seats, []
    session.game = session._new_game()
    session._make_bots()


async def _bot_once(session: TableSession) -> None:
    """The turn clock ran out: a bot makes this one decision for the person."""
    takeover = session.clock[1]
    waited = session.waited()
    if takeover is None or waited is None:
        raise Refused("no_takeover")
    if waited < takeover:
        raise Refused("too_early", s=int(takeover - waited + 0.999))
    actor = session.game.actor
    assert actor is not None
    view = session.game.view(actor)
    action = await asyncio.to_thread(make_bot("heuristic", seed=secrets.randbits(32)).act, view)
    await session._apply(actor, action)


def _check_running(session: TableSession) -> None:
    if session.ended:
        raise Refused("ended")
    if not session.started:
        raise Refused("not_started")


def _before_start(session: TableSession) -> None:
    if session.started or session.ended:
        raise Refused("only_before_start")


def _bot_kind(bot: str | None) -> str:
    if bot not in available_bots():
        raise Refused("bad_bot", bot=bot, allowed=", ".join(available_bots()))
    assert bot is not None
    return bot


def _seat_index(session: TableSession, seat: int | None) -> int:
    if seat is None or not 0 <= seat < len(session.seats):
        raise Refused("bad_seat", seat=seat)
    return seat


async def reseat(session: TableSession, seats: list[SeatInfo]) -> None:
    """New seats before the start (a new game); the caller's broadcast re-binds
    every connection (:meth:`TableSession.rebind`)."""
    old = session.seats, session.game
    session.seats = seats
    try:
        session.game = session._new_game()
        await session.write(Repo.set_seats, session.id, session.stored_seats(seats))
    except InvalidInputError as exc:
        session.seats, session.game = old
        raise Refused("invalid", detail=str(exc)) from None
    except BaseException:  # not stored: the table stays as it was
        session.seats, session.game = old
        raise
    session._make_bots()
