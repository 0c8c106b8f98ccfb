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

import base64
import hashlib
import hmac
import json
import logging
import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament_online import TournamentOnlineRow
from schock.store.tournament_web import TournamentPendingRow
from schock.tournament import storage
from schock.tournament.card import enter_entry, whole_number
from schock.tournament.domain import Refused as TournamentRefused
from schock.tournament.domain import Tournament
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
        return _project(t, waiting, self.round, self.table).next_game(self.round, self.table)

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
            if earlier:
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
        """Earlier games of the table wait for the organizer: this one waits with them."""
        try:
            ahead = _project(t, waiting, self.round, self.table, before=g)
            event = enter_entry(ahead, self.round, self.table, g, {"record": record})
        except (InvalidInputError, IllegalActionError) as exc:
            return _note("tw.online_refused", g=g, why=exc)
        entry = {"loser": event.loser, "out": [list(x) for x in event.out],
                 "schock_aus": {str(p): n for p, n in event.schock_aus},
                 "record": record, "online": session.id}
        with self.db.session() as s:
            s.add(TournamentPendingRow(tournament_id=self.tid, round=self.round,
                                       table=self.table, game=g,
                                       payload=json.dumps(entry, sort_keys=True), at=_now(),
                                       copies=1, status="pending"))
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
    tables.add(session, request.client.host if request.client else "?")
    row = TournamentOnlineRow(table_id=session.id, tournament_id=t.id, round=rnd, table=table,
                              game=g, web_game=1, closed=0, note=None, at=_now())
    try:
        with db.session() as s:
            s.add(row)
    except IntegrityError:  # opened a moment ago from another tab: that one stays
        session.ended = True
        tables.repo.set_flags(session.id, ended=True)
        raise InvalidInputError(Msg("tw.online_open_already", {"t": table})) from None
    session.series = OnlineSeries(db, row, t)


async def _host(session: TableSession, secret: str, rnd: int, table: int, command: str,
                seat: int | None = None, bot: str | None = None) -> None:
    conn = Connection(send=_ignore, hashes=frozenset({token_hash(host_token(secret, rnd, table))}))
    await session.command(conn, command, seat, bot)


@router.post("/turnier/{tid}/online")
async def organizer_online(tid: str, request: Request) -> Response:
    """The organizer's online tables: ``open`` (all tables of the current round, or
    ``table``), ``start`` / ``start_all``, ``bot`` / ``back`` (``table``, ``seat``,
    ``bot``), ``next``, ``close``, ``reopen``."""
    from schock.web.tournament_pages import _organizer_view

    form = await request.form()
    t, access = _organizer(request, tid, str(form.get("k", "")))
    lang = _lang(request)
    action = str(form.get("action", ""))
    db = _db(request)
    notice = None
    try:
        rnd = t.current_round
        if rnd is None:
            raise TournamentRefused("no round drawn yet; allowed: after the draw",
                                    "Noch keine Runde ausgelost; erlaubt: nach der Auslosung")
        bound = _bindings(db, tid, rnd.number)
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
                    open_table(request, t, access.secret, rnd.number, tb)
                    opened.append(tb)
                except InvalidInputError as exc:
                    if len(which) == 1:
                        raise
                    skipped.append(exc.localized(lang))
            notice = Msg("tw.online_opened", {"n": len(opened)}).text(lang)
            if skipped:
                notice += " " + " ".join(skipped)
        elif action == "start_all":
            started = 0
            for tb, row in bound.items():
                session = _tables(request).get(row.table_id)
                if session is not None and not session.started and not session.ended:
                    await _host(session, access.secret, rnd.number, tb, "start")
                    started += 1
            notice = Msg("tw.online_started", {"n": started}).text(lang)
        else:
            tb = whole_number(form.get("table"), "table")
            if tb not in bound:
                raise InvalidInputError(Msg("tw.online_not_open", {"t": tb}))
            row = bound[tb]
            session = _tables(request).get(row.table_id)
            if session is None:  # pragma: no cover - the browser table was purged
                raise HTTPException(404, "no such table")
            await _table_action(session, access.secret, rnd.number, tb, action, form)
    except (InvalidInputError, IllegalActionError) as exc:
        return _organizer_view(request, storage.load(db, tid), access, status=400,
                               error=_msg(exc, lang))
    except Refused as exc:
        return _organizer_view(request, storage.load(db, tid), access, status=409,
                               error=exc.en if lang == "en" else exc.de)
    if notice is not None:
        return _organizer_view(request, storage.load(db, tid), access, notice=notice)
    q = "&lang=en" if lang == "en" else ""
    return RedirectResponse(f"/turnier/{tid}?k={access.secret}{q}#online", status_code=303)


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
    """The organizer page's online tables of the current round (None: none opened)."""
    rnd = t.current_round
    if rnd is None:
        return None
    bound = _bindings(_db(request), t.id, rnd.number)
    if not bound:
        return None
    out: list[dict[str, Any]] = []
    q = "?lang=en" if _lang(request) == "en" else ""
    for tb in range(1, len(rnd.tables) + 1):
        row = bound.get(tb)
        session = _tables(request).get(row.table_id) if row is not None else None
        if row is None or session is None:
            out.append({"number": tb, "open": False})
            continue
        info = session.table_info()
        base = public_url(request, f"/t/{session.id}")
        numbers = {t.players[p].label: p for p in rnd.tables[tb - 1]}
        seats = []
        for i, s in enumerate(info["seats"]):
            p = numbers.get(session.seats[i].name)
            link = (f"{base}{q}#seat={seat_token(secret, rnd.number, tb, p)}"
                    if p is not None else None)
            seats.append({**s, "index": i, "link": link,
                          "qr": qr_svg(link, scale=3) if link else None})
        series = session.series
        assert isinstance(series, OnlineSeries)
        out.append({
            "number": tb, "open": True, "id": session.id, "seats": seats,
            "host_link": f"{base}{q}#host={host_token(secret, rnd.number, tb)}",
            "watch_link": f"{base}{q}", "started": session.started, "ended": session.ended,
            "over": session.game.over, "closed": series.closed or session.ended,
            "game": series.game,
            "next": series.next,
            "note": series.note, "web_game": session.game_no,
            "people": any(s["bot"] is None for s in info["seats"]),
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

