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
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tables import ActionRow, SeatRow, TableRow
from schock.store.tournament_online import TournamentOnlineRow
from schock.store.tournament_web import TournamentAccessRow, TournamentPendingRow
from schock.tournament import storage
from schock.tournament.card import enter_entry, whole_number
from schock.tournament.domain import Refused as TournamentRefused
from schock.tournament.domain import Tournament
from schock.tournament.format import Scoring
from schock.tournament.proof import ranking_from_record
from schock.tournament.simulate import next_seats
from schock.web.pages import qr_svg
from schock.web.repo import StoredGame, token_hash
from schock.web.session import Connection, Refused, SeatInfo, Tables, TableSession
from schock.web.tables_api import _ignore
from schock.web.tournament_pages import (
    _db,
    _lang,
    _msg,
    _now,
    _organizer,
    _pending,
    _project,
)
from schock.web.urls import public_url

logger = logging.getLogger(__name__)
router = APIRouter()


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
SYNC_SECONDS = 1.0
"""How often a process compares its copies of online tournament tables with the database
(with PostgreSQL and ``--workers N``; a SQLite file has one process)."""


@dataclass
class StoredState:
    """An online tournament table as the database has it, whichever process wrote it:
    what the organizer page shows and what a process compares its copy with."""

    started: bool
    paused: bool
    ended: bool
    over: bool
    web_game: int
    actions: int
    seats: tuple[tuple[str, str | None, str | None, bool, bool], ...]
    """Each seat's name, bot, token hash, whether its link was opened, whether it waits."""
    game: int | None
    bound: int
    """The table's game the tournament game ``game`` is bound to."""
    closed: bool
    note: dict[str, str] | None


def stored_states(db: Database, ids: list[str]) -> dict[str, StoredState]:
    """The stored state of the online tables ``ids`` (four queries for all of them)."""
    if not ids:
        return {}
    with db.session() as s:
        return _stored_states(s, ids)


def _stored_states(s: Session, ids: list[str]) -> dict[str, StoredState]:
    rows = s.execute(select(
        TableRow.id, TableRow.started, TableRow.paused, TableRow.ended, TableRow.finished,
        TableRow.game_no).where(TableRow.id.in_(ids))).all()
    counts = {r[0]: int(r[1]) for r in s.execute(
        select(ActionRow.table_id, func.count()).where(ActionRow.table_id.in_(ids))
        .group_by(ActionRow.table_id))}
    seats: dict[str, list[tuple[str, str | None, str | None, bool, bool]]] = {}
    for x in s.execute(select(
            SeatRow.table_id, SeatRow.name, SeatRow.bot, SeatRow.token_hash, SeatRow.claimed,
            SeatRow.waiting).where(SeatRow.table_id.in_(ids))
            .order_by(SeatRow.table_id, SeatRow.seat)):
        seats.setdefault(x.table_id, []).append(
            (x.name, x.bot, x.token_hash, bool(x.claimed), bool(x.waiting)))
    bound = {o.table_id: o for o in s.execute(select(
        TournamentOnlineRow.table_id, TournamentOnlineRow.game, TournamentOnlineRow.web_game,
        TournamentOnlineRow.closed, TournamentOnlineRow.note)
        .where(TournamentOnlineRow.table_id.in_(ids)))}
    out = {}
    for r in rows:
        o = bound.get(r.id)
        if o is not None:
            out[r.id] = StoredState(
                bool(r.started), bool(r.paused), bool(r.ended), bool(r.finished), r.game_no,
                counts.get(r.id, 0), tuple(seats.get(r.id, ())), o.game, o.web_game,
                bool(o.closed), json.loads(o.note) if o.note else None)
    return out


def copy_state(session: TableSession) -> StoredState:
    """The same for this process's copy of the table."""
    series = session.series
    assert isinstance(series, OnlineSeries)
    return StoredState(
        session.started, session.paused, session.ended, session.game.over, session.game_no,
        len(session.game.actions),
        tuple((x.name, x.bot, x.token_hash, x.claimed, x.waiting)
              for x in session.stored_seats(session.seats)),
        series.game, series.web_game, series.closed, series.note)


async def sync_once(tables: Tables, db: Database) -> list[str]:
    """Reload each online tournament table of this process whose stored state differs
    from its copy: another process acted on it (the organizer's page is served by any
    process; see docs/deploy.md). The copy is dropped and loaded again, its people are
    sent the table as stored, its bots go on. Returns the ids reloaded."""
    live = {i: x for i, x in list(tables.live.items()) if isinstance(x.series, OnlineSeries)}
    stored = stored_states(db, list(live))
    reloaded = []
    for table_id, session in live.items():
        st = stored.get(table_id)
        if st is None or st == copy_state(session):
            continue
        async with session.lock:
            _reload(session, db)
            await session.broadcast()
        session.kick()
        reloaded.append(table_id)
    return reloaded


def _reload(session: TableSession, db: Database) -> None:
    """Drop the copy and load the stored table and its series (the lock is held)."""
    votes, game_no = session.votes, session.game_no
    session.reload()
    if session.game_no == game_no:  # rematch votes are not stored: they stay
        session.votes = votes
    attach(db)(session)


async def _fresh(session: TableSession, db: Database) -> None:
    """Before the organizer acts on a table: this process's copy as stored (another
    process may have acted on it since the last :func:`sync_once`)."""
    async with session.lock:
        st = stored_states(db, [session.id]).get(session.id)
        if st is None or st == copy_state(session):
            return
        _reload(session, db)
        await session.broadcast()


async def sync_loop(tables: Tables, db: Database) -> None:
    """:func:`sync_once` every :data:`SYNC_SECONDS` (the app's lifespan runs it when the
    database can serve several processes)."""
    while True:
        await asyncio.sleep(SYNC_SECONDS)
        try:
            await sync_once(tables, db)
        except Exception:  # pragma: no cover - a database hiccup; the next round tries again
            logger.exception("online tables: comparing with the database failed")


# ------------------------------------------------------------------ the organizer
def _bindings(db: Database, tid: str, rnd: int) -> dict[int, TournamentOnlineRow]:
    with db.session() as s:
        rows = list(s.scalars(select(TournamentOnlineRow).where(
            TournamentOnlineRow.tournament_id == tid, TournamentOnlineRow.round == rnd)))
        for r in rows:
            s.expunge(r)
    return {r.table: r for r in rows}


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def open_table(request: Request, t: Tournament, secret: str, rnd: int, table: int) -> None:
    """Make the browser table of ``table`` (its next game's players, their seat tokens)."""
    db = _db(request)
    ahead = _project(t, [p for p in _pending(db, t.id) if p["status"] == "pending"], rnd, table)
    g = ahead.next_game(rnd, table)
    if g is None:
        raise InvalidInputError(Msg("tw.online_table_done", {"t": table}))
    players, starter = next_seats(ahead, rnd, table)
    tables = _tables(request)
    seats = drawn_seats(db, t, rnd, table, players, [])
    session = TableSession(
        id=secrets.token_urlsafe(12), rules=t.rules, seed=secrets.randbits(62),
        host_hash=token_hash(host_token(secret, rnd, table)), seats=seats,
        repo=tables.repo, settings=tables.settings, starter=starter,
    )
    # stored only: the process the table's requests reach (the proxy routes by its id)
    # loads it on first use, so no second copy of it stays in this process
    tables.repo.create(session.stored(), request.client.host if request.client else "?")
    row = TournamentOnlineRow(table_id=session.id, tournament_id=t.id, round=rnd, table=table,
                              game=g, web_game=1, closed=0, note=None, at=_now())
    try:
        with db.session() as s:
            s.add(row)
    except IntegrityError:  # opened a moment ago from another tab: that one stays
        tables.repo.set_flags(session.id, ended=True)
        raise InvalidInputError(Msg("tw.online_open_already", {"t": table})) from None


async def _host(session: TableSession, secret: str, rnd: int, table: int, command: str,
                seat: int | None = None, bot: str | None = None) -> None:
    conn = Connection(send=_ignore, hashes=frozenset({token_hash(host_token(secret, rnd, table))}))
    await session.command(conn, command, seat, bot)


TABLE_ACTIONS = ("start", "bot", "back", "next", "close", "reopen")


def _round_number(t: Tournament) -> int:
    rnd = t.current_round
    if rnd is None:
        raise TournamentRefused("no round drawn yet; allowed: after the draw",
                                "Noch keine Runde ausgelost; erlaubt: nach der Auslosung")
    return rnd.number


async def _answer(request: Request, t: Tournament, access: TournamentAccessRow,
                  act: Callable[[], Awaitable[str | None]]) -> Response:
    """Run an organizer action on online tables; the organizer page again (with the
    notice ``act`` returns, or the refusal), or back to it."""
    from schock.web.tournament_pages import _organizer_view

    lang = _lang(request)
    db = _db(request)
    try:
        notice = await act()
    except (InvalidInputError, IllegalActionError) as exc:
        return _organizer_view(request, storage.load(db, t.id), access, status=400,
                               error=_msg(exc, lang))
    except Refused as exc:
        return _organizer_view(request, storage.load(db, t.id), access, status=409,
                               error=exc.en if lang == "en" else exc.de)
    if notice is not None:
        return _organizer_view(request, storage.load(db, t.id), access, notice=notice)
    q = "&lang=en" if lang == "en" else ""
    return RedirectResponse(f"/turnier/{t.id}?k={access.secret}{q}#online", status_code=303)


@router.post("/turnier/{tid}/online")
async def organizer_online(tid: str, request: Request) -> Response:
    """The organizer's online tables: ``open`` (all tables of the current round, or
    ``table``), ``start_all``; the actions on one table (``start``, ``bot`` / ``back``
    with ``seat`` and ``bot``, ``next``, ``close``, ``reopen``) with ``table`` here too,
    though the page posts those to :func:`organizer_table`."""
    form = await request.form()
    t, access = _organizer(request, tid, str(form.get("k", "")))
    lang = _lang(request)
    action = str(form.get("action", ""))
    db = _db(request)

    async def act() -> str | None:
        rnd = t.current_round
        number = _round_number(t)
        assert rnd is not None
        bound = _bindings(db, tid, number)
        numbers = range(1, len(rnd.tables) + 1)
        if action == "open":
            which = [whole_number(form["table"], "table")] if form.get("table") else list(numbers)
            opened, skipped = [], []
            for tb in which:
                if tb not in numbers:
                    raise InvalidInputError(Msg("tw.online_no_table", {
                        "t": tb, "allowed": f"1–{len(rnd.tables)}"}))
                if tb in bound:
                    continue
                try:
                    open_table(request, t, access.secret, number, tb)
                    opened.append(tb)
                except InvalidInputError as exc:
                    if len(which) == 1:
                        raise
                    skipped.append(exc.localized(lang))
            notice = Msg("tw.online_opened", {"n": len(opened)}).text(lang)
            return " ".join([notice, *skipped])
        if action == "start_all":
            started = await _start_all(request, access.secret, number, bound)
            return Msg("tw.online_started", {"n": started}).text(lang)
        tb = whole_number(form.get("table"), "table")
        if tb not in bound:
            raise InvalidInputError(Msg("tw.online_not_open", {"t": tb}))
        await _on_table(request, bound[tb].table_id, access.secret, number, tb, action, form)
        return None

    return await _answer(request, t, access, act)


@router.post("/t/{table_id}/turnier")
async def organizer_table(table_id: str, request: Request) -> Response:
    """The organizer's action on one online table (``action``: start, bot / back with
    ``seat`` and ``bot``, next, close, reopen; ``tid`` and ``k`` name the tournament and
    prove the organizer). Its path carries the table's id, so a proxy that routes by it
    (deploy/nginx.conf) brings it to the process the table's players play in."""
    form = await request.form()
    t, access = _organizer(request, str(form.get("tid", "")), str(form.get("k", "")))
    with _db(request).session() as s:
        row = s.get(TournamentOnlineRow, table_id)
        bound = None if row is None else (row.tournament_id, row.round, row.table)
    if bound is None or bound[0] != t.id:
        raise HTTPException(404, f"table {table_id}: no online table of this tournament")
    action = str(form.get("action", ""))

    async def act() -> None:
        number = _round_number(t)
        if bound[1] != number:
            raise InvalidInputError(Msg("tw.online_old_round", {"r": bound[1], "now": number}))
        await _on_table(request, table_id, access.secret, number, bound[2], action, form)

    return await _answer(request, t, access, act)


async def _start_all(request: Request, secret: str, rnd: int,
                     bound: dict[int, TournamentOnlineRow]) -> int:
    """Start every open table that waits. A table this process does not hold is started
    in the database: the process its players reach loads it so (or, holding a copy, sees
    the change within :data:`SYNC_SECONDS`); only a table of bots alone, which nobody may
    ever open, is loaded here to be played."""
    tables = _tables(request)
    ids = {row.table_id: tb for tb, row in bound.items()}
    states = stored_states(_db(request), list(ids))
    started = 0
    for table_id, tb in ids.items():
        st = states.get(table_id)
        if st is None or st.started or st.ended:
            continue
        if table_id not in tables.live and any(seat[1] is None for seat in st.seats):
            with _db(request).session() as s:
                done = s.execute(update(TableRow).where(
                    TableRow.id == table_id, TableRow.started.is_(False),
                    TableRow.ended.is_(False)).values(started=True))
            started += getattr(done, "rowcount", 1) == 1
            continue
        session = tables.get(table_id)
        if session is not None:
            await _fresh(session, _db(request))
        if session is not None and not session.started and not session.ended:
            await _host(session, secret, rnd, tb, "start")
            started += 1
    return started


async def _on_table(request: Request, table_id: str, secret: str, rnd: int, tb: int,
                    action: str, form: Any) -> None:
    if action not in TABLE_ACTIONS:
        raise InvalidInputError(
            f"action: {action!r}; allowed: open, start_all, {', '.join(TABLE_ACTIONS)}")
    session = _tables(request).get(table_id)
    if session is None:  # pragma: no cover - the browser table was purged
        raise HTTPException(404, "no such table")
    await _fresh(session, _db(request))
    await _table_action(session, secret, rnd, tb, action, form)


async def _table_action(session: TableSession, secret: str, rnd: int, tb: int, action: str,
                        form: Any) -> None:
    series = session.series
    assert isinstance(series, OnlineSeries)
    if action == "start":
        await _host(session, secret, rnd, tb, "start")
    elif action in ("bot", "back"):
        seat = whole_number(form.get("seat"), "seat")
        if action == "bot":
            bot = str(form.get("bot") or "heuristic")
            await _host(session, secret, rnd, tb, "replace", seat, bot)
        else:
            await _host(session, secret, rnd, tb, "give_back", seat)
    elif action == "next":
        await _host(session, secret, rnd, tb, "rematch")
    elif action == "close":
        async with session.lock:
            series.closed = True
            series._store(closed=1)
        await _host(session, secret, rnd, tb, "end")
    elif action == "reopen":
        async with session.lock:
            series.closed = False
            series._store(closed=0)
        if session.games or session.game.over:
            await _host(session, secret, rnd, tb, "rematch")
        else:  # closed before its first game ended: back to the waiting room
            async with session.lock:
                session.ended = False
                session.repo.set_flags(session.id, ended=False)
                await session.broadcast()
    else:
        raise InvalidInputError(
            f"action: {action!r}; allowed: open, start, start_all, bot, back, next, close, "
            "reopen")


def online_view(request: Request, t: Tournament, secret: str) -> list[dict[str, Any]] | None:
    """The organizer page's online tables of the current round (None: none opened), with
    their seat links and QR codes."""
    rows = online_state(request, t)
    if rows is None:
        return None
    rnd = t.current_round
    assert rnd is not None
    q = "?lang=en" if _lang(request) == "en" else ""
    for o in rows:
        if not o["open"]:
            continue
        tb = o["number"]
        base = public_url(request, f"/t/{o['id']}")
        numbers = {t.players[p].label: p for p in rnd.tables[tb - 1]}
        for s in o["seats"]:
            p = numbers.get(s["name"])
            link = (f"{base}{q}#seat={seat_token(secret, rnd.number, tb, p)}"
                    if p is not None else None)
            s.update(link=link, qr=qr_svg(link, scale=3) if link else None)
        o.update(host_link=f"{base}{q}#host={host_token(secret, rnd.number, tb)}",
                 watch_link=f"{base}{q}")
    return rows


def online_signature(request: Request, tid: str) -> list[Any]:
    """The online tables of the tournament's latest round as stored (and who is
    connected to those this process holds): part of the organizer page's ``ETag``."""
    with _db(request).session() as s:
        rows = s.execute(select(TournamentOnlineRow.round, TournamentOnlineRow.table_id)
                         .where(TournamentOnlineRow.tournament_id == tid)).all()
        last = max((r.round for r in rows), default=0)
        ids = sorted(r.table_id for r in rows if r.round == last)
        states = _stored_states(s, ids) if ids else {}
    live = _tables(request).live
    return [[i, asdict(states[i]) if i in states else None,
             sorted((held.bound(c)[0] or -1) for c in held.conns)
             if (held := live.get(i)) is not None else None] for i in ids]


def _upcoming(t: Tournament, waiting: list[dict[str, Any]], rnd: int, table: int) -> int | None:
    """The game ``table`` plays next: after its confirmed games and its waiting reports
    (a trial copy of the tournament only when it has some)."""
    if any(p["round"] == rnd and p["table"] == table for p in waiting):
        return _project(t, waiting, rnd, table).next_game(rnd, table)
    return t.next_game(rnd, table)


def online_state(request: Request, t: Tournament) -> list[dict[str, Any]] | None:
    """The online tables of the current round as the database has them (any process may
    play them), without links: what the organizer page's ``ETag`` is made of. Whether a
    person is connected is known only to the process that holds the table (``online``:
    None elsewhere)."""
    rnd = t.current_round
    if rnd is None:
        return None
    db = _db(request)
    bound = _bindings(db, t.id, rnd.number)
    if not bound:
        return None
    states = stored_states(db, [row.table_id for row in bound.values()])
    waiting = [p for p in _pending(db, t.id) if p["status"] == "pending"]
    live = _tables(request).live
    out: list[dict[str, Any]] = []
    for tb in range(1, len(rnd.tables) + 1):
        row = bound.get(tb)
        st = states.get(row.table_id) if row is not None else None
        if row is None or st is None:
            out.append({"number": tb, "open": False})
            continue
        held = live.get(row.table_id)
        connected = {held.bound(c)[0] for c in held.conns} if held is not None else None
        seats = [{"index": i, "name": name, "bot": bot, "replaced": bot is not None and h is not None,
                  "free": bot is None and not claimed,
                  "online": None if connected is None else i in connected}
                 for i, (name, bot, h, claimed, late) in enumerate(st.seats) if not late]
        out.append({
            "number": tb, "open": True, "id": row.table_id, "seats": seats,
            "started": st.started, "ended": st.ended, "over": st.over,
            "closed": st.closed or st.ended, "game": st.game,
            "next": _upcoming(t, waiting, rnd.number, tb),
            "note": st.note, "web_game": st.web_game,
            "people": any(s["bot"] is None for s in seats),
        })
    return out


@router.get("/turnier/{tid}/record/{rnd}/{table}/{game}.json")
async def entered_record(tid: str, rnd: int, table: int, game: int, request: Request,
                         k: str = "") -> Response:
    """The game record an entered game was taken from (an online or scorekept game)."""
    t, _ = _organizer(request, tid, k)
    entered = (t.rounds[rnd - 1].games.get(table, {}).get(game)
               if 1 <= rnd <= len(t.rounds) else None)
    if entered is None or entered.record is None:
        raise HTTPException(404, f"round {rnd}, table {table}, game {game}: no game record")
    return Response(
        json.dumps(entered.record, ensure_ascii=False, indent=2), media_type="application/json",
        headers={"Content-Disposition":
                 f'attachment; filename="{tid}-r{rnd}-t{table}-g{game}.json"'},
    )

