"""Online tournament tables: a drawn round played in the browser (issue 25 item 9).

The organizer opens online tables for the current round on his organizer page:
each table of the draw becomes a browser table (the app's own table, see
:mod:`schock.web.session`) whose seats are the drawn players of its next game,
named by their label (``"7 Anna"``), under the tournament's rules. Each seat
has its own link; its token, like the host token the organizer page acts
with, is derived from the organizer secret (HMAC of round, table and start
number), so the organizer page can always show it again and a restart changes
nothing. A tournament table has no invite link (it would give a drawn seat to
whoever opens it first) and keeps its drawn seats: no seats added or removed,
the host role stays with the organizer. A bot sits on a seat only when the
organizer puts one there (per seat); the seat's link then watches, and the
organizer can give the seat back.

The table plays the games the format gives it, one after the other: each
finished game reports itself with its record (the record is the proof: the
tournament replays it, matches its seats to the table's players and takes
loser, order of going out and Schock Aus from it, as for a scorekept game).
A report from an online table is **entered at once**: the server itself dealt
the dice and applied every move, the seats are the drawn players on links
only the organizer hands out, and confirming would check nothing that the
replay does not check already; the organizer can undo it like any entry. It
waits like a phone report only when it cannot be entered yet (an earlier game
of the table is still waiting for confirmation); a game entered by hand
meanwhile is never entered twice: the table is told so, and its record stays
with the table. The next game is seated from the tournament (a chips format's
eliminated player leaves, the previous loser starts as in ``schock turnier
simulate``) and starts when the players ask for it (every person at the table,
as for a rematch), the organizer starts it, or at once when only bots sit
there.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tables import SeatRow, TableRow
from schock.store.tournament_online import TournamentOnlineRow
from schock.store.tournament_web import TournamentPendingRow
from schock.tournament import storage
from schock.tournament.card import enter_entry
from schock.tournament.domain import Tournament
from schock.tournament.format import Scoring
from schock.tournament.proof import ranking_from_record
from schock.tournament.simulate import next_seats
from schock.web.repo import StoredGame, TableState, table_states, token_hash
from schock.web.session import Refused, SeatInfo, Tables, TableSession
from schock.web.tournament_common import (
    _msg,
    _now,
    _pending,
    _project,
)

logger = logging.getLogger(__name__)


def _mac(secret: str, what: str) -> str:
    mac = hmac.new(secret.encode(), what.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")


def seat_token(secret: str, rnd: int, table: int, player: int) -> str:
    """A drawn player's seat token at his online table (128 bits from the organizer secret).

    >>> seat_token("s", 1, 2, 3) == seat_token("s", 1, 2, 3) != seat_token("s", 1, 2, 4)
    True
    >>> len(seat_token("s", 1, 2, 3))
    22
    """
    return _mac(secret, f"online-seat/{rnd}/{table}/{player}")


def host_token(secret: str, rnd: int, table: int) -> str:
    """The organizer's host token of one online table.

    >>> host_token("s", 1, 2) != host_token("s", 1, 3) != seat_token("s", 1, 3, 0)
    True
    """
    return _mac(secret, f"online-host/{rnd}/{table}")


def _note(key: str, **params: object) -> str:
    """A note for the table in both languages (an exception in ``params`` in each)."""
    return json.dumps({lang: Msg(key, {k: _msg(v, lang) if isinstance(v, Exception) else v
                                       for k, v in params.items()}).text(lang)
                       for lang in ("de", "en")}, ensure_ascii=False)


class OnlineSeries:
    """The :class:`~schock.web.session.Series` of one online tournament table."""

    def __init__(self, db: Database, row: TournamentOnlineRow, t: Tournament) -> None:
        self.db = db
        self.table_id = row.table_id
        self.tid, self.round, self.table = row.tournament_id, row.round, row.table
        self.name = t.name
        self.games = t.format.games_per_round or None
        self.game: int | None = row.game
        self.web_game = row.web_game
        self.closed = bool(row.closed)
        self.note: dict[str, str] | None = json.loads(row.note) if row.note else None
        self.next = self._upcoming(t)
        self._seen: Tournament | None = None
        """The tournament as the last report read it (entries it made included)."""

    def _upcoming(self, t: Tournament) -> int | None:
        """The tournament game the table plays next (after the current one when that is
        reported): the confirmed games and the waiting reports, as the phones see it."""
        waiting = [p for p in _pending(self.db, self.tid) if p["status"] == "pending"]
        return _upcoming(t, waiting, self.round, self.table)

    def info(self) -> dict[str, Any]:
        return {"tournament": self.name, "round": self.round, "table": self.table,
                "game": self.game, "next": self.next, "games": self.games,
                "closed": self.closed, "note": self.note}

    def _store(self, **values: Any) -> None:
        with self.db.session() as s:
            row = s.get(TournamentOnlineRow, self.table_id)
            assert row is not None
            for k, v in values.items():
                setattr(row, k, v)
        if "note" in values:
            self.note = json.loads(values["note"]) if values["note"] else None

    # ------------------------------------------------------------ a game is over
    def game_over(self, session: TableSession, game: StoredGame) -> bool:
        try:
            note = self._report(session, game)
        except Exception:  # pragma: no cover - a bug; the game itself is kept
            logger.exception("online table %s: reporting game %d failed", self.table_id,
                             game.number)
            note = _note("tw.online_failed", g=self.game)
        self.next = self._upcoming(self._seen or storage.load(self.db, self.tid))
        if self.next is None:  # the table's round is over
            self.game = None
            self._store(note=note, game=None)
            return False
        self._store(note=note)
        return not self.closed and all(s.bot is not None for s in session.seats)

    def _report(self, session: TableSession, game: StoredGame) -> str:
        """Enter (or file) the game's result; returns the note the table is told."""
        self._seen = None
        g = self.game
        if g is None or game.number != self.web_game or game.record is None:
            return _note("tw.online_unbound", n=game.number)
        record = json.loads(game.record)
        for _attempt in range(2):  # the organizer may have saved meanwhile: read again once
            t = self._seen = storage.load(self.db, self.tid)
            have = t.rounds[self.round - 1].games.get(self.table, {}).get(g)
            if have is not None:  # entered by hand (or from a phone) meanwhile: not twice
                try:
                    loser, out, _ = ranking_from_record(record, t, have.players, ("", ""))
                    same = loser == have.loser and (not have.out or out == have.out)
                except (InvalidInputError, IllegalActionError):
                    same = False
                return _note("tw.online_before_same" if same else "tw.online_before", g=g,
                             t=self.table)
            waiting = [p for p in _pending(self.db, self.tid) if p["status"] == "pending"]
            earlier = any(p["round"] == self.round and p["table"] == self.table
                          and p["game"] < g for p in waiting)
            missing = t.next_game(self.round, self.table)
            if earlier or (missing is not None and missing < g):
                return self._file(t, waiting, g, record, session)
            try:
                t.enter_record(self.round, self.table, g, record)
            except (InvalidInputError, IllegalActionError) as exc:
                return _note("tw.online_refused", g=g, why=exc)
            try:
                storage.save(self.db, t)
            except InvalidInputError:
                continue
            return _note("tw.online_entered", g=g)
        return _note("tw.online_busy", g=g)  # pragma: no cover - two writers twice in a row

    def _file(self, t: Tournament, waiting: list[dict[str, Any]], g: int,
              record: dict[str, Any], session: TableSession) -> str:
        """Earlier games of the table wait for the organizer (or are not entered: undone
        meanwhile): this one waits as a report with its record, to be confirmed after them."""
        ahead = _project(t, waiting, self.round, self.table, before=g)
        missing = ahead.next_game(self.round, self.table)
        try:
            if missing == g:
                event = enter_entry(ahead, self.round, self.table, g, {"record": record})
                loser, out, aus = event.loser, event.out, dict(event.schock_aus)
            else:  # an earlier game is missing: the players as seated at this game
                labels = {p.label: p.number for p in t.players.values()}
                players = [labels[s.name] for s in session.seats if s.name in labels]
                loser, out, aus = ranking_from_record(record, t, players, ("", ""))
        except (InvalidInputError, IllegalActionError) as exc:
            return _note("tw.online_refused", g=g, why=exc)
        if t.format.scoring is not Scoring.POINTS:
            out = ()
        entry = {"loser": loser, "out": [list(x) for x in out],
                 "schock_aus": {str(p): n for p, n in aus.items() if n},
                 "record": record, "online": session.id}
        with self.db.session() as s:
            s.add(TournamentPendingRow(tournament_id=self.tid, round=self.round,
                                       table=self.table, game=g,
                                       payload=json.dumps(entry, sort_keys=True), at=_now(),
                                       copies=1, status="pending"))
        if missing != g:
            return _note("tw.online_waits_missing", g=g, m=missing)
        return _note("tw.online_waits", g=g)

    # ------------------------------------------------------------ the next game
    def next_game(self, session: TableSession, number: int) -> tuple[list[SeatInfo], int | None]:
        if self.closed:
            raise Refused("series_closed")
        t = storage.load(self.db, self.tid)
        ahead = _project(t, [p for p in _pending(self.db, self.tid) if p["status"] == "pending"],
                         self.round, self.table)
        g = ahead.next_game(self.round, self.table)
        if g is None:
            if self.game is not None:
                self.game = None
                self._store(game=None)
            raise Refused("series_done", round=self.round)
        players, starter = next_seats(ahead, self.round, self.table)
        seats = drawn_seats(self.db, t, self.round, self.table, players, session.seats)
        self.game, self.web_game, self.next = g, number, g
        self._store(game=g, web_game=number)
        return seats, starter


def drawn_seats(db: Database, t: Tournament, rnd: int, table: int, players: list[int],
                current: list[SeatInfo]) -> list[SeatInfo]:
    """The seats of ``players`` (start numbers, card order): each player's seat as it is
    (a bot the organizer put there stays), or a new one with his derived token."""
    from schock.store.tournament_web import organizer_secret

    secret = organizer_secret(db, t.id)
    assert secret is not None
    have = {s.name: s for s in current}
    return [have.get(t.players[p].label)
            or SeatInfo(t.players[p].label, None, token_hash(seat_token(secret, rnd, table, p)))
            for p in players]


def attach(db: Database) -> Any:
    """The :attr:`Tables.attach` hook: a table loaded from the database gets its series."""
    def hook(session: TableSession) -> None:
        with db.session() as s:
            row = s.get(TournamentOnlineRow, session.id)
            if row is None:
                return
            s.expunge(row)
        session.series = OnlineSeries(db, row, storage.load(db, row.tournament_id))
    return hook


def install(tables: Tables, db: Database) -> None:
    tables.attach = attach(db)


# ------------------------------------------------------------------ several processes
@dataclass
class StoredState:
    """An online tournament table as the database has it, whichever process wrote it:
    what the organizer page shows and what a process compares its copy with."""

    table: TableState
    game: int | None
    bound: int
    """The table's game the tournament game ``game`` is bound to."""
    closed: bool
    note: dict[str, str] | None


def stored_states(db: Database, ids: list[str]) -> dict[str, StoredState]:
    """The stored state of the online tables ``ids``."""
    if not ids:
        return {}
    with db.session() as s:
        return _stored_states(s, ids)


def _stored_states(s: Session, ids: list[str]) -> dict[str, StoredState]:
    tables = table_states(s, ids)
    out = {}
    for o in s.execute(select(
            TournamentOnlineRow.table_id, TournamentOnlineRow.game, TournamentOnlineRow.web_game,
            TournamentOnlineRow.closed, TournamentOnlineRow.note)
            .where(TournamentOnlineRow.table_id.in_(ids))):
        if o.table_id in tables:
            out[o.table_id] = StoredState(tables[o.table_id], o.game, o.web_game, bool(o.closed),
                                          json.loads(o.note) if o.note else None)
    return out


def copy_table_state(session: TableSession) -> TableState:
    """What the database holds of a table (without the texts of its actions), as this
    process's copy has it."""
    return TableState(
        session.started, session.paused, session.ended, session.game.over, session.game_no,
        len(session.game.actions),
        tuple((x.name, x.bot, x.token_hash, x.claimed, x.waiting)
              for x in session.stored_seats(session.seats)))


def copy_state(session: TableSession) -> StoredState | TableState:
    """This process's copy of a table as :func:`states` reads it from the database."""
    series = session.series
    if not isinstance(series, OnlineSeries):
        return copy_table_state(session)
    return StoredState(copy_table_state(session), series.game, series.web_game, series.closed,
                       series.note)


def states(db: Database, sessions: dict[str, TableSession]) -> dict[str, StoredState | TableState]:
    """The stored state of each table of ``sessions`` that exists, online tournament
    tables with their series (what :func:`copy_state` makes of a copy)."""
    online = [i for i, x in sessions.items() if isinstance(x.series, OnlineSeries)]
    plain = [i for i in sessions if i not in set(online)]
    out: dict[str, StoredState | TableState] = dict(stored_states(db, online))
    if plain:
        with db.session() as s:
            out.update(table_states(s, plain))
    return out


def _reload(session: TableSession, db: Database) -> None:
    """Drop the copy and load the stored table and its series, if it has one (the lock
    is held)."""
    votes, game_no = session.votes, session.game_no
    session.reload()
    if session.game_no == game_no:  # rematch votes are not stored: they stay
        session.votes = votes
    attach(db)(session)


async def _fresh(session: TableSession, db: Database) -> bool:
    """This process's copy as stored, read and compared under the table's lock (before
    the organizer acts on a table, and for :func:`schock.web.sync.sync_once`: another
    process may have acted on it). Whether the copy was reloaded."""
    async with session.lock:
        st = states(db, {session.id: session}).get(session.id)
        if st is None or st == copy_state(session):
            return False
        _reload(session, db)
        await session.broadcast()
        return True


def bots_alone(db: Database) -> list[str]:
    """The online tables that play (started, neither paused nor ended, their game not
    over), of rounds still open, where bots alone sit: nobody's page would load them."""
    with db.session() as s:
        people = select(SeatRow.table_id).where(SeatRow.bot.is_(None),
                                                SeatRow.waiting.is_(False))
        return list(s.execute(
            select(TableRow.id).join(TournamentOnlineRow,
                                     TournamentOnlineRow.table_id == TableRow.id)
            .where(TableRow.started.is_(True), TableRow.paused.is_(False),
                   TableRow.ended.is_(False), TableRow.finished.is_(False),
                   TournamentOnlineRow.closed == 0, TableRow.id.not_in(people))
            .order_by(TableRow.id)).scalars())


async def resume(tables: Tables, db: Database) -> list[str]:
    """Load the online tables of bots alone that play, so that their bots go on (when a
    server process starts: after a crash or a restart nobody else would load them; with
    several processes each does, and the one that stores first drives on). Returns
    their ids."""
    try:
        ids = await asyncio.to_thread(bots_alone, db)
    except Exception:  # pragma: no cover - no database at the start: a page loads them
        logger.exception("online tables of bots alone: looking for them failed")
        return []
    for table_id in ids:
        session = tables.get(table_id)
        if session is not None:
            session.kick()
    return ids


def _upcoming(t: Tournament, waiting: list[dict[str, Any]], rnd: int, table: int) -> int | None:
    """The game ``table`` plays next: after its confirmed games and its waiting reports
    (a trial copy of the tournament only when it has some)."""
    if any(p["round"] == rnd and p["table"] == table for p in waiting):
        return _project(t, waiting, rnd, table).next_game(rnd, table)
    return t.next_game(rnd, table)
