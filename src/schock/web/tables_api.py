"""The JSON API of tables: health, create, record download."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from schock.bots import available_bots
from schock.errors import InvalidInputError
from schock.rules import PRESETS, Rules, load_rules, loads_rules
from schock.web.schemas import CreateTable
from schock.web.session import Refused, Tables, TableSession
from schock.web.urls import public_url

router = APIRouter()


def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "?"


@router.get("/api/health")
async def health() -> dict[str, bool]:
    return {"ok": True}


def build_rules(preset: str, toml: str | None, filename: str = "house-rules.toml") -> Rules:
    """The table's rules: uploaded TOML (checked like ``schock rules check``) or a preset."""
    if toml:
        return loads_rules(toml, name=filename, presets_only=True)
    if preset not in PRESETS:
        raise InvalidInputError(f"preset {preset!r}: unknown; allowed: {', '.join(PRESETS)}")
    return load_rules(preset)


def create_table(
    request: Request, rules: Rules, seats: list[tuple[str, str | None]]
) -> tuple[TableSession, str, list[str | None]]:
    names = [n.strip() for n, _ in seats]
    if any(not n for n in names):
        raise InvalidInputError("every seat needs a name")
    for _, bot in seats:
        if bot is not None and bot not in available_bots():
            raise InvalidInputError(
                f"seat: unknown bot {bot!r}; allowed: {', '.join(available_bots())}"
            )
    return tables_of(request).create(rules, [(n, b) for n, (_, b) in zip(names, seats, strict=True)],
                                     client_ip(request))


def links(request: Request, session: TableSession, host: str,
          tokens: list[str | None]) -> dict[str, Any]:
    base = public_url(request, f"/t/{session.id}")
    return {
        "table": session.id,
        "host_link": f"{base}#host={host}",
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
        session, host, tokens = create_table(request, rules, [(s.name, s.bot) for s in body.seats])
    except InvalidInputError as exc:
        return JSONResponse({"type": "error", "code": "invalid", "en": str(exc), "de": str(exc)},
                            status_code=400)
    except Refused as exc:
        return JSONResponse(exc.message(), status_code=429)
    return JSONResponse(links(request, session, host, tokens), status_code=201)


def table_or_404(request: Request, table_id: str) -> TableSession:
    session = tables_of(request).get(table_id)
    if session is None:
        raise HTTPException(404, "no such table")
    return session


@router.get("/api/tables/{table_id}/record")
async def record(table_id: str, request: Request) -> PlainTextResponse:
    session = table_or_404(request, table_id)
    if not session.game.over:
        raise HTTPException(
            409, "the record is given out when the game is over (it would reveal future throws)"
        )
    return PlainTextResponse(
        session.record_text(),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="schock-{table_id}.json"'},
    )
