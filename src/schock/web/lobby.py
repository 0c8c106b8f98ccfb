"""The waiting room: one invite link for the whole table (issue 23 item 3).

Whoever opens ``/t/{id}/join#invite=...`` before the start picks a free seat (a
person's seat nobody holds yet: its link was never opened and nobody took it
here) or types a name for a new seat, and receives that seat's own token: the
personal link that reopens the seat on any device. A seat that is taken is
never granted, and once the game runs the invite grants nothing. The host
sees who is there on the table page, moves people, adds bots and starts.

The invite token is derived from the host's token (:func:`invite_token`), so
the server keeps only its hash and yet can show it to the host again.
"""

from __future__ import annotations

import hmac
import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from schock.engine.game import MAX_SEATS
from schock.web.pages import _render, qr_svg
from schock.web.repo import Repo, StoredSeat, Unsaved, token_hash
from schock.web.schemas import HostOnly, JoinTable
from schock.web.session import Refused, SeatInfo, TableSession, invite_token, new_token
from schock.web.tables_api import (
    check_age,
    check_name,
    links,
    public_info,
    table_or_404,
    tables_of,
)
from schock.web.texts import text

router = APIRouter()
logger = logging.getLogger(__name__)


def between_games(session: TableSession) -> bool:
    """A game is over and the next has not started (the host has not ended the table)."""
    return session.started and session.game.over and not session.ended


def joinable(session: TableSession) -> bool:
    """Whether the invite grants seats now: before the start and between games, never
    while a game runs."""
    return (not session.started and not session.ended) or between_games(session)


async def join(session: TableSession, invite: str, seat: int | None, name: str,
               age: object) -> tuple[int, str]:
    """Seat a person who came by the invite link; returns the seat and its new token.
    Raises :class:`Refused` (nothing changed) for a bad invite, a running game, a taken
    seat, a full table, a name already there or a bad name or age."""
    if session.invite_hash is None or not hmac.compare_digest(
        session.invite_hash, token_hash(invite)
    ):
        raise Refused("bad_invite")
    if session.series is not None:  # a tournament table: each player has his own seat link
        raise Refused("series_invite")
    given = check_age(age)
    typed = check_name(name) if name.strip() else None
    async with session.lock:
        if not joinable(session):
            raise Refused("game_running")
        if between_games(session):
            return await _join_late(session, seat, typed, given)
        seats = list(session.seats)
        token = new_token()
        if seat is None:
            if typed is None:
                raise Refused("join_what")
            if len(seats) >= MAX_SEATS:
                raise Refused("seats_full", n=MAX_SEATS)
            seat = len(seats)
            seats.append(SeatInfo(typed, None, None))
        elif not 0 <= seat < len(seats):
            raise Refused("bad_seat", seat=seat)
        old = seats[seat]
        if old.bot is not None or (seat < len(session.seats) and old.claimed):
            raise Refused("seat_taken", seat=seat + 1, name=old.name)
        final = typed or old.name
        if any(s.name.casefold() == final.casefold() for j, s in enumerate(seats) if j != seat):
            raise Refused("name_taken", name=final)
        seats[seat] = SeatInfo(final, None, token_hash(token), given, claimed=True)
        await session._reseat(seats)
        await session.broadcast()
    return seat, token


async def _join_late(session: TableSession, seat: int | None, name: str | None,
                     age: int | None) -> tuple[int, str]:
    """Between games: a new seat that sits down when the next game starts (the seats of
    the game just over stay as they were, so its account stays true)."""
    if seat is not None:
        raise Refused("late_new_seat")
    if name is None:
        raise Refused("join_what")
    everybody = session.seats + session.late
    if len(everybody) >= MAX_SEATS:
        raise Refused("seats_full", n=MAX_SEATS)
    if any(s.name.casefold() == name.casefold() for s in everybody):
        raise Refused("name_taken", name=name)
    token = new_token()
    late = SeatInfo(name, None, token_hash(token), age, claimed=True)
    await session.write(Repo.set_seats, session.id, [
        *session.stored_seats(session.seats),
        StoredSeat(late.name, None, late.token_hash, age, claimed=True, waiting=True)])
    session.late.append(late)
    return len(everybody), token


async def claim(session: TableSession, token: str) -> int | None:
    """The seat of ``token``, now held (the invite no longer offers it), or None; a
    late-comer's token gives the place they will have in the next game. While the
    database takes no writes the seat is given all the same (watching and reading need
    no write) and held at the next hello."""
    async with session.lock:
        seat = session.seat_of(token)
        if seat is None:
            h = token_hash(token)
            late = [i for i, s in enumerate(session.late)
                    if s.token_hash is not None and hmac.compare_digest(s.token_hash, h)]
            return len(session.seats) + late[0] if late else None
        if not session.seats[seat].claimed:
            seats = list(session.seats)
            s = seats[seat]
            seats[seat] = SeatInfo(s.name, s.bot, s.token_hash, s.age, claimed=True)
            try:
                await session.write(Repo.set_seats, session.id, session.stored_seats(seats))
            except Unsaved as exc:
                logger.warning("table %s: seat %d not held (%s)", session.id, seat, exc.cause)
                return seat
            session.seats = seats
        return seat


def _refusal(exc: Refused) -> JSONResponse:
    status = {"bad_invite": 403, "series_invite": 409, "not_host": 403, "no_table": 404, "game_running": 409,
              "seat_taken": 409, "seats_full": 409, "name_taken": 409,
              "unsaved": 503}.get(exc.key, 400)
    return JSONResponse(exc.message(), status_code=status)


@router.post("/api/tables/{table_id}/join")
async def join_api(table_id: str, body: JoinTable, request: Request) -> Response:
    """``{"invite", "seat" (a free seat, or null for a new one), "name", "age"}`` ->
    the seat, its name and its personal link (201)."""
    session = tables_of(request).get(table_id)
    if session is None:
        return _refusal(Refused("no_table"))
    try:
        seat, token = await join(session, body.invite, body.seat, body.name, body.age)
    except Refused as exc:
        return _refusal(exc)
    late = seat >= len(session.seats)
    # through links(), like every link of a table (one place builds the address)
    base = links(request, session, "", [None] * len(session.seats))["spectator_link"]
    link = f"{base}#seat={token}"
    name = (session.late[seat - len(session.seats)] if late else session.seats[seat]).name
    return JSONResponse({"table": session.id, "seat": seat, "name": name, "late": late,
                         "token": token, "link": link, "rules": session.rules.name},
                        status_code=201)


@router.post("/api/tables/{table_id}/invite")
async def invite_api(table_id: str, body: HostOnly, request: Request) -> Response:
    """The host asks for the invite link again (the table page shows it with its QR code)."""
    session = tables_of(request).get(table_id)
    if session is None:
        return _refusal(Refused("no_table"))
    if not session.is_host(body.host):
        return _refusal(Refused("not_host"))
    if session.series is not None:
        return _refusal(Refused("series_invite"))
    invite = token_hash(invite_token(body.host, session.id))
    if session.invite_hash != invite:  # the host role was handed on: a new invite link
        async with session.lock:
            try:
                await session.write(Repo.set_invite, session.id, invite)
            except Unsaved as exc:
                return _refusal(exc)
            session.invite_hash = invite
    link = links(request, session, body.host, [None] * len(session.seats))["invite_link"]
    return JSONResponse({"link": link, "qr": str(qr_svg(link, scale=5)), "open": joinable(session)})


@router.get("/t/{table_id}/join", response_class=HTMLResponse)
async def join_page(table_id: str, request: Request) -> Response:
    session = table_or_404(request, table_id)
    info: dict[str, Any] = public_info(session)
    lang = "en" if request.query_params.get("lang") == "en" else "de"
    return _render(request, "join.html", info=info, open=joinable(session),
                   rules=session.rules, bad_invite=text("bad_invite", lang))
