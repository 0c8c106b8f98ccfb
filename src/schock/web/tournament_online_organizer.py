"""The organizer's side of online tournament tables: opening the round's tables, the
actions on them (each on a path with the table's id, so a proxy routing by it brings
them to the table's process: docs/deploy.md), the organizer page's part about them (read
from the database, so every process shows the same) and the record of an entered game.
The tables themselves, their series and how processes keep their copies in line are
:mod:`schock.web.tournament_online`."""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament_online import TournamentOnlineRow
from schock.store.tournament_web import TournamentAccessRow
from schock.tournament import storage
from schock.tournament.card import whole_number
from schock.tournament.domain import Refused as TournamentRefused
from schock.tournament.domain import Tournament
from schock.tournament.simulate import next_seats
from schock.web import offload
from schock.web.pages import qr_svg
from schock.web.repo import Repo, Unsaved, token_hash
from schock.web.session import Connection, Refused, Tables, TableSession
from schock.web.tables_api import _ignore
from schock.web.tournament_common import (
    _db,
    _lang,
    _msg,
    _now,
    _organizer,
    _pending,
    _project,
)
from schock.web.tournament_online import (
    OnlineSeries,
    StoredState,
    _fresh,
    _stored_states,
    _upcoming,
    drawn_seats,
    host_token,
    seat_token,
    stored_states,
)
from schock.web.tournament_pages import _organizer_view
from schock.web.urls import public_url

router = APIRouter()


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


async def open_table(request: Request, t: Tournament, secret: str, rnd: int, table: int) -> None:
    """Make the browser table of ``table`` (its next game's players, their seat tokens);
    the tournament's reads in a thread, the table's row by the writer."""
    db, tables = _db(request), _tables(request)
    session, g = await offload.in_thread(_plan_table, db, tables, t, secret, rnd, table)
    # stored only: the process the table's requests reach (the proxy routes by its id)
    # loads it on first use, so no second copy of it stays in this process
    await tables.repo.run(Repo.create, session.stored(),
                          request.client.host if request.client else "?")
    row = TournamentOnlineRow(table_id=session.id, tournament_id=t.id, round=rnd, table=table,
                              game=g, web_game=1, closed=0, note=None, at=_now())
    try:
        await offload.in_thread(_add_row, db, row)
    except IntegrityError:  # opened a moment ago from another tab: that one stays
        await tables.repo.run(Repo.set_flags, session.id, ended=True)
        raise InvalidInputError(Msg("tw.online_open_already", {"t": table})) from None


def _plan_table(db: Database, tables: Tables, t: Tournament, secret: str, rnd: int,
                table: int) -> tuple[TableSession, int]:
    """The new table of ``table``'s next game (not stored yet) and that game's number."""
    ahead = _project(t, [p for p in _pending(db, t.id) if p["status"] == "pending"], rnd, table)
    g = ahead.next_game(rnd, table)
    if g is None:
        raise InvalidInputError(Msg("tw.online_table_done", {"t": table}))
    players, starter = next_seats(ahead, rnd, table)
    seats = drawn_seats(db, t, rnd, table, players, [])
    session = TableSession(
        id=secrets.token_urlsafe(12), rules=t.rules, seed=None,
        host_hash=token_hash(host_token(secret, rnd, table)), seats=seats,
        repo=tables.repo, settings=tables.settings, starter=starter,
    )
    return session, g


def _add_row(db: Database, row: TournamentOnlineRow) -> None:
    with db.session() as s:
        s.add(row)


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
    lang = _lang(request)

    async def view(**kw: Any) -> Response:
        return await offload.in_thread(lambda: _organizer_view(
            request, storage.current(_db(request), t.id), access, **kw))

    try:
        notice = await act()
    except (InvalidInputError, IllegalActionError) as exc:
        return await view(status=400, error=_msg(exc, lang))
    except Refused as exc:  # a write the database cannot take now: 503, try again
        return await view(status=503 if isinstance(exc, Unsaved) else 409,
                          error=exc.en if lang == "en" else exc.de)
    if notice is not None:
        return await view(notice=notice)
    q = "&lang=en" if lang == "en" else ""
    return RedirectResponse(f"/turnier/{t.id}?k={access.secret}{q}#online", status_code=303)


@router.post("/turnier/{tid}/online")
async def organizer_online(tid: str, request: Request) -> Response:
    """The organizer's online tables: ``open`` (all tables of the current round, or
    ``table``), ``start_all``; the actions on one table (``start``, ``bot`` / ``back``
    with ``seat`` and ``bot``, ``next``, ``close``, ``reopen``) with ``table`` here too,
    though the page posts those to :func:`organizer_table`."""
    form = await request.form()
    t, access = await offload.in_thread(_organizer, request, tid, str(form.get("k", "")))
    lang = _lang(request)
    action = str(form.get("action", ""))
    db = _db(request)

    async def act() -> str | None:
        rnd = t.current_round
        number = _round_number(t)
        assert rnd is not None
        bound = await offload.in_thread(_bindings, db, tid, number)
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
                    await open_table(request, t, access.secret, number, tb)
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
    t, access = await offload.in_thread(_organizer, request, str(form.get("tid", "")),
                                        str(form.get("k", "")))
    bound = await offload.in_thread(_bound, _db(request), table_id)
    if bound is None or bound[0] != t.id:
        raise HTTPException(404, f"table {table_id}: no online table of this tournament")
    action = str(form.get("action", ""))

    async def act() -> None:
        number = _round_number(t)
        if bound[1] != number:
            raise InvalidInputError(Msg("tw.online_old_round", {"r": bound[1], "now": number}))
        await _on_table(request, table_id, access.secret, number, bound[2], action, form)

    return await _answer(request, t, access, act)


def _bound(db: Database, table_id: str) -> tuple[str, int, int] | None:
    """(tournament, round, table) of an online table; None for any other table."""
    with db.session() as s:
        row = s.get(TournamentOnlineRow, table_id)
        return None if row is None else (row.tournament_id, row.round, row.table)


async def _start_all(request: Request, secret: str, rnd: int,
                     bound: dict[int, TournamentOnlineRow]) -> int:
    """Start every open table that waits. A table this process does not hold is started
    in the database: the process its players reach loads it so (or, holding a copy, sees
    the change at once, :mod:`schock.web.sync`); only a table of bots alone, which nobody may
    ever open, is loaded here to be played."""
    tables = _tables(request)
    ids = {row.table_id: tb for tb, row in bound.items()}
    states = await offload.in_thread(stored_states, _db(request), list(ids))
    started = 0
    for table_id, tb in ids.items():
        st = states.get(table_id)
        if st is None or st.table.started or st.table.ended:
            continue
        if table_id not in tables.live and any(seat[1] is None for seat in st.table.seats):
            started += await tables.repo.run(Repo.start_waiting, table_id)
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
    else:  # reopen (the actions are checked by _on_table)
        async with session.lock:
            series.closed = False
            series._store(closed=0)
        if session.games or session.game.over:
            await _host(session, secret, rnd, tb, "rematch")
        else:  # closed before its first game ended: back to the waiting room
            async with session.lock:
                await session.write(Repo.set_flags, session.id, ended=False)
                session.ended = False
                await session.broadcast()


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


def _presence(request: Request) -> dict[str, TableSession]:
    """The tables whose connections this process may tell: all it holds when it is the
    only process (SQLite); none with PostgreSQL, where another process may hold the
    table's players (the page would say "online" from one process and not from the
    other, and change at every poll)."""
    if _db(request).engine.dialect.name != "sqlite":
        return {}
    return _tables(request).live


def online_signature(request: Request, tid: str) -> list[Any]:
    """The online tables of the tournament's latest round as stored (and who is
    connected to those this process holds): part of the organizer page's ``ETag``
    (not the tables' moves: :func:`_shown`)."""
    with _db(request).session() as s:
        rows = s.execute(select(TournamentOnlineRow.round, TournamentOnlineRow.table_id)
                         .where(TournamentOnlineRow.tournament_id == tid)).all()
        last = max((r.round for r in rows), default=0)
        ids = sorted(r.table_id for r in rows if r.round == last)
        states = _stored_states(s, ids) if ids else {}
    request.state.online_states = (ids, states)  # online_state reads them once more
    live = _presence(request)
    return [[i, _shown(states[i]) if i in states else None,
             sorted((held.bound(c)[0] or -1) for c in list(held.conns))
             if (held := live.get(i)) is not None else None] for i in ids]


def _shown(state: StoredState) -> dict[str, Any]:
    """What the organizer page shows of a stored online table: all but its number of
    actions, so a move at the table does not make the page render its parts again."""
    shown = asdict(state)
    del shown["table"]["actions"]
    return shown


def online_state(request: Request, t: Tournament) -> list[dict[str, Any]] | None:
    """The online tables of the current round as the database has them (any process may
    play them), without links. Whether a person is connected (``online``) is told only
    by the one process of a SQLite database (None with PostgreSQL: :func:`_presence`)."""
    rnd = t.current_round
    if rnd is None:
        return None
    db = _db(request)
    bound = _bindings(db, t.id, rnd.number)
    if not bound:
        return None
    ids = sorted(row.table_id for row in bound.values())
    known = getattr(request.state, "online_states", None)  # read for the ETag just now
    states = known[1] if known is not None and known[0] == ids else stored_states(db, ids)
    waiting = [p for p in _pending(db, t.id) if p["status"] == "pending"]
    live = _presence(request)
    out: list[dict[str, Any]] = []
    for tb in range(1, len(rnd.tables) + 1):
        row = bound.get(tb)
        st = states.get(row.table_id) if row is not None else None
        if row is None or st is None:
            out.append({"number": tb, "open": False})
            continue
        held = live.get(row.table_id)
        connected = ({held.bound(c)[0] for c in list(held.conns)} if held is not None
                     else None)
        seats = [{"index": i, "name": name, "bot": bot, "replaced": bot is not None and h is not None,
                  "free": bot is None and not claimed,
                  "online": None if connected is None else i in connected}
                 for i, (name, bot, h, claimed, late) in enumerate(st.table.seats) if not late]
        out.append({
            "number": tb, "open": True, "id": row.table_id, "seats": seats,
            "started": st.table.started, "ended": st.table.ended, "over": st.table.finished,
            "closed": st.closed or st.table.ended, "game": st.game,
            "next": _upcoming(t, waiting, rnd.number, tb),
            "note": st.note, "web_game": st.table.game_no,
            "people": any(s["bot"] is None for s in seats),
        })
    return out


@router.get("/turnier/{tid}/record/{rnd}/{table}/{game}.json")
def entered_record(tid: str, rnd: int, table: int, game: int, request: Request,
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
