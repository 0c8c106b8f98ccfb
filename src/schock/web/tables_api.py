"""The JSON API of tables: health, create, record download."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from schock.bots import available_bots
from schock.errors import InvalidInputError
from schock.rules import PRESETS, Rules, load_rules, loads_rules
from schock.web.repo import token_hash
from schock.web.schemas import CreateTable, HostOnly
from schock.web.session import (
    Connection,
    Message,
    Refused,
    Tables,
    TableSession,
    invite_token,
    needs_ages,
)
from schock.web.urls import public_url

router = APIRouter()


def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "?"


def build_rules(preset: str, toml: str | None, filename: str = "house-rules.toml") -> Rules:
    """The table's rules: uploaded TOML (checked like ``schock rules check``) or a preset."""
    if toml:
        return loads_rules(toml, name=filename, presets_only=True)
    if preset not in PRESETS:
        raise InvalidInputError(f"preset {preset!r}: unknown; allowed: {', '.join(PRESETS)}")
    return load_rules(preset)


#: The HTTP status of a refused new table, by its code (400 for the others): too many
#: tables from one address; the database takes no writes now (a proxy may try another).
REFUSED_STATUS = {"too_many_tables": 429, "unsaved": 503}

MAX_NAME = 24
"""The longest seat name on a table's pages, in characters."""


def check_name(name: str) -> str:
    """A seat name as stored (surrounding blanks cut), or :class:`Refused`."""
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise Refused("seat_name_bad", name=name[:40], limit=MAX_NAME)
    return name


def check_age(age: object) -> int | None:
    """An age as typed (``""``/None: not given, digits 0 to 150), or :class:`Refused`.

    >>> check_age(" 31 "), check_age(""), check_age(None), check_age(7)
    (31, None, None, 7)
    >>> check_age("31.5")
    Traceback (most recent call last):
    ...
    schock.web.seats.Refused: bad_age
    """
    if age is None or (isinstance(age, str) and not age.strip()):
        return None
    text = age.strip() if isinstance(age, str) else age
    if isinstance(text, str) and text.isascii() and text.isdigit():
        text = int(text)
    if isinstance(text, bool) or not isinstance(text, int) or not 0 <= text <= 150:
        raise Refused("bad_age", age=str(age)[:20])
    return text


def check_seats(names: list[str]) -> None:
    """Seat count and distinct names, with the page's own words."""
    if not 2 <= len(names) <= 12:
        raise Refused("seat_count", n=len(names))
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise Refused("seat_names_differ", name=name)
        seen.add(name.casefold())


async def create_table(
    request: Request, rules: Rules, seats: list[tuple[str, str | None]],
    ages: list[int | None] | None = None,
) -> tuple[TableSession, str, list[str | None]]:
    """A new table from checked seats (name, bot or None) and ages; raises :class:`Refused`
    (:class:`~schock.web.repo.Unsaved`: the database takes no writes now)."""
    names = [check_name(n) for n, _ in seats]
    check_seats(names)
    for _, bot in seats:
        if bot is not None and bot not in available_bots():
            raise Refused("bad_bot", bot=bot, allowed=", ".join(available_bots()))
    return await tables_of(request).create(
        rules, [(n, b) for n, (_, b) in zip(names, seats, strict=True)], client_ip(request), ages)


def links(request: Request, session: TableSession, host: str,
          tokens: list[str | None]) -> dict[str, Any]:
    base = public_url(request, f"/t/{session.id}")
    return {
        "table": session.id,
        "host_link": f"{base}#host={host}",
        "invite_link": f"{base}/join#invite={invite_token(host, session.id)}",
        "spectator_link": base,
        "seats": [
            {"name": s.name, "bot": s.bot, "link": None if t is None else f"{base}#seat={t}"}
            for s, t in zip(session.seats, tokens, strict=True)
        ],
        "host_token": host,
        "tokens": tokens,
    }


@router.post("/api/tables")
async def create(body: CreateTable, request: Request) -> JSONResponse:
    try:
        rules = build_rules(body.preset, body.rules_toml)
        ages = [check_age(s.age) for s in body.seats]
        session, host, tokens = await create_table(
            request, rules, [(s.name, s.bot) for s in body.seats], ages)
    except InvalidInputError as exc:
        return JSONResponse({"type": "error", "code": "invalid", "en": exc.localized("en"),
                             "de": exc.localized("de")}, status_code=400)
    except Refused as exc:
        return JSONResponse(exc.message(), status_code=REFUSED_STATUS.get(exc.key, 400))
    return JSONResponse(links(request, session, host, tokens), status_code=201)


def table_or_404(request: Request, table_id: str) -> TableSession:
    session = tables_of(request).get(table_id)
    if session is None:
        raise HTTPException(404, "no such table")
    return session


def kept_game(session: TableSession, game: str | None) -> tuple[int, str]:
    """The number and record of a kept game of ``session`` (``game``: its number as the
    query gives it; None: the latest). A running game is never given out: its record
    would tell where the table stands, and the seed never leaves the server."""
    allowed = ", ".join(str(g.number) for g in session.games)
    if game is None and not session.games:
        raise Refused("not_kept")
    try:
        number = None if game is None else int(game)
    except ValueError:
        raise Refused("no_game", game=game, allowed=allowed or "-") from None
    text = session.game_record(number)
    if text is None:
        raise Refused("no_game", game=game, allowed=allowed or "-")
    return number or session.games[-1].number, text


@router.get("/api/tables/{table_id}/record")
async def record(table_id: str, request: Request, game: str | None = None) -> Response:
    """A finished or ended game's record (``?game=N``; default: the latest)."""
    session = table_or_404(request, table_id)
    try:
        number, text = kept_game(session, game)
    except Refused as exc:
        return JSONResponse(exc.message(), status_code=409 if exc.key == "not_kept" else 404)
    return PlainTextResponse(
        text,
        media_type="application/json",
        headers={"Content-Disposition":
                 f'attachment; filename="schock-{table_id}-{number}.json"'},
    )


def public_info(session: TableSession) -> dict[str, Any]:
    """What anybody with the table's address may know (as a spectator sees it)."""
    return {
        "table": session.id,
        "rules": session.rules.name,
        "needs_ages": needs_ages(session.rules),
        "started": session.started,
        "over": session.game.over,
        "ended": session.ended,
        "seats": [{"name": s.name, "bot": s.bot, "free": s.bot is None and not s.claimed}
                  for s in session.seats],
        "late": [s.name for s in session.late],
    }


@router.get("/api/tables/{table_id}")
async def table_state(table_id: str, request: Request) -> JSONResponse:
    session = tables_of(request).get(table_id)
    if session is None:
        return JSONResponse(Refused("no_table").message(), status_code=404)
    return JSONResponse(public_info(session))


@router.post("/api/tables/{table_id}/close")
async def close(table_id: str, body: HostOnly, request: Request) -> JSONResponse:
    """The host ends an old table (from the start page's "my tables" list)."""
    session = tables_of(request).get(table_id)
    if session is None:
        return JSONResponse(Refused("no_table").message(), status_code=404)
    if not session.is_host(body.host):
        return JSONResponse(Refused("not_host").message(), status_code=403)
    try:
        caller = Connection(send=_ignore, hashes=frozenset({token_hash(body.host)}))
        await session.command(caller, "end", None, None)
    except Refused as exc:  # pragma: no cover - ending is always allowed
        return JSONResponse(exc.message(), status_code=409)
    return JSONResponse(public_info(session))


async def _ignore(message: Message) -> None:
    """A message to the requester of an HTTP call, who holds no socket."""
