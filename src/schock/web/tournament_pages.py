"""Tournament pages: organizer pages, table entry by phone, projector view.

Access: the organizer pages need the organizer secret, a token in the link
shown once at creation (``/turnier/{id}?k=...``), like the browser app's host
link. Each table's entry page needs that table's token, derived from the
secret (HMAC of round and table), which the score sheets' QR codes carry: a
token opens exactly one table of one round. The projector page is public
(it shows what hangs on the wall anyway).

Results entered at a table wait as *pending* entries (stored, so a restart
loses nothing); the same result sent twice is counted once and shown as sent
twice; only the organizer's confirmation creates the domain event.
"""

from __future__ import annotations

import hmac
import json
import time
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy import select

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament_web import (
    TournamentAccessRow,
    TournamentPendingRow,
    ensure_organizer_secret,
    table_token,
)
from schock.tournament import draws, printing, storage
from schock.tournament.domain import GameEntered, Refused, Tournament
from schock.tournament.format import PRESETS, Scoring, load_format
from schock.tournament.standings import ledger, standings

router = APIRouter()
MODES = ("live", "frozen", "hidden")


def _lang(request: Request) -> str:
    return "en" if request.query_params.get("lang") == "en" else "de"


def _db(request: Request) -> Database:
    db: Database = request.app.state.tables.repo.db
    return db


def _render(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    lang = _lang(request)
    return request.app.state.templates.TemplateResponse(  # type: ignore[no-any-return]
        request, name, {"lang": lang, "en": lang == "en", **context}, status_code=status
    )


def _msg(exc: Exception, lang: str) -> str:
    if isinstance(exc, Refused):
        return exc.message(lang)
    if isinstance(exc, InvalidInputError):
        return exc.localized(lang)
    return str(exc)


def _access(db: Database, tid: str) -> TournamentAccessRow:
    with db.session() as s:
        row = s.get(TournamentAccessRow, tid)
        if row is None:
            raise HTTPException(404, f"no tournament {tid!r} on this server")
        s.expunge(row)
        return row


def _organizer(request: Request, tid: str, key: str) -> tuple[Tournament, TournamentAccessRow]:
    access = _access(_db(request), tid)
    if not key or not hmac.compare_digest(key, access.secret):
        raise HTTPException(403, "wrong or missing organizer key (k); allowed: the organizer link")
    return storage.load(_db(request), tid), access


def _int(value: object, what: str) -> int:
    text = str(value if value is not None else "").strip()
    if not text.isdigit() or len(text) > 6:
        raise InvalidInputError(Msg("web.number", {"what": what, "text": text}))
    return int(text)


def _numbers(value: object, what: str) -> list[int]:
    text = str(value or "").replace(";", ",").replace(" ", ",")
    return [_int(x, what) for x in text.split(",") if x.strip()]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# ------------------------------------------------------------------ list and create
@router.get("/turnier", response_class=HTMLResponse)
async def tournament_list(request: Request) -> Response:
    return _render(request, "turnier_list.html", presets=PRESETS, error=None)


@router.post("/turnier", response_class=HTMLResponse)
async def tournament_create(request: Request) -> Response:
    form = await request.form()
    name = str(form.get("name", "")).strip()
    preset = str(form.get("preset", ""))
    try:
        if preset not in PRESETS:
            raise InvalidInputError(f"format: {preset!r}; allowed: {', '.join(PRESETS)}")
        if not name or len(name) > 120:
            raise InvalidInputError(f"name: {name!r}; allowed: a text of 1 to 120 characters")
        seed = _int(form.get("seed") or "0", "seed")
        t = Tournament.create(name=name, fmt=load_format(preset), seed=seed)
    except (InvalidInputError, IllegalActionError) as exc:
        return _render(request, "turnier_list.html", 400, presets=PRESETS,
                       error=_msg(exc, _lang(request)))
    db = _db(request)
    storage.save(db, t)
    secret = ensure_organizer_secret(db, t.id)
    lang = "&lang=en" if _lang(request) == "en" else ""
    return RedirectResponse(f"/turnier/{t.id}?k={secret}{lang}", status_code=303)


# ------------------------------------------------------------------ organizer page
def _pending(db: Database, tid: str) -> list[dict[str, Any]]:
    with db.session() as s:
        rows = s.scalars(
            select(TournamentPendingRow)
            .where(TournamentPendingRow.tournament_id == tid)
            .order_by(TournamentPendingRow.id)
        )
        return [
            {"id": r.id, "round": r.round, "table": r.table, "game": r.game,
             "entry": json.loads(r.payload), "copies": r.copies, "status": r.status, "at": r.at}
            for r in rows
        ]


def _organizer_view(
    request: Request, t: Tournament, access: TournamentAccessRow, *, status: int = 200,
    error: str | None = None, preview: list[list[int]] | None = None,
) -> Response:
    rnd = t.current_round
    tables = []
    if rnd is not None:
        for i, players in enumerate(rnd.tables, start=1):
            tables.append({
                "number": i,
                "players": [t.players[p] for p in players],
                "next_game": t.next_game(rnd.number, i),
                "games": [rnd.games.get(i, {})[g] for g in sorted(rnd.games.get(i, {}))],
                "token": table_token(access.secret, rnd.number, i),
            })
    history = [
        {"seq": e.seq, "at": e.at, "kind": e.event.kind, "undone": e.undone,
         "text": json.dumps(e.event.to_json(), ensure_ascii=False)}
        for e in reversed(t.log)
    ][:40]
    preview_info = None
    if preview is not None:
        preview_info = {
            "tables": preview,
            "text": "|".join(",".join(map(str, tb)) for tb in preview),
            "repeats": draws.repeat_count([*t.history(), preview]),
        }
    return _render(
        request, "turnier_org.html", status, t=t, key=access.secret, access=access,
        rnd=rnd, tables=tables, points=t.format.scoring is Scoring.POINTS,
        missing=[tb["number"] for tb in tables if tb["next_game"] is not None],
        pending=[p for p in _pending(_db(request), t.id) if p["status"] == "pending"],
        standings=standings(t), ledger=ledger(t), history=history, error=error,
        preview=preview_info, modes=MODES,
    )


@router.get("/turnier/{tid}", response_class=HTMLResponse)
async def organizer_page(tid: str, request: Request, k: str = "") -> Response:
    t, access = _organizer(request, tid, k)
    return _organizer_view(request, t, access)


def _parse_tables(text: str, t: Tournament) -> list[list[int]]:
    tables = [_numbers(part, "tables") for part in text.split("|") if part.strip()]
    if not tables:
        raise InvalidInputError("tables: empty; allowed: start numbers per table, as previewed")
    for tb in tables:
        for p in tb:
            if p not in t.players:
                raise InvalidInputError(f"tables: no player {p}; allowed: registered start numbers")
    return tables


def _swap(tables: list[list[int]], a: int, b: int) -> list[list[int]]:
    where = {p: (i, j) for i, tb in enumerate(tables) for j, p in enumerate(tb)}
    for p in (a, b):
        if p not in where:
            raise InvalidInputError(f"swap: player {p} is not in this draw; allowed: {sorted(where)}")
    out = [list(tb) for tb in tables]
    (ia, ja), (ib, jb) = where[a], where[b]
    out[ia][ja], out[ib][jb] = b, a
    return [sorted(tb) for tb in out]


@router.post("/turnier/{tid}/do", response_class=HTMLResponse)
async def organizer_action(tid: str, request: Request) -> Response:
    form = await request.form()
    t, access = _organizer(request, tid, str(form.get("k", "")))
    action = str(form.get("action", ""))
    db = _db(request)
    preview: list[list[int]] | None = None
    try:
        if action == "register":
            t.register(str(form.get("name", "")), str(form.get("team", "")) or None)
        elif action == "checkin":
            t.checkin(_int(form.get("number"), "number"), str(form.get("present", "1")) != "0")
        elif action == "withdraw":
            t.withdraw(_int(form.get("number"), "number"))
        elif action == "preview":
            trial = storage.load(db, tid)
            preview = [list(tb) for tb in trial.draw().tables]
        elif action == "swap":
            preview = _swap(_parse_tables(str(form.get("tables", "")), t),
                            _int(form.get("a"), "a"), _int(form.get("b"), "b"))
        elif action == "draw":
            t.draw(tables=_parse_tables(str(form.get("tables", "")), t))
            _set_access(db, tid, clock_started=None)
        elif action == "enter":
            rnd = t.current_round
            if rnd is None:
                raise Refused("no round drawn yet", "Noch keine Runde ausgelost")
            table = _int(form.get("table"), "table")
            game = _int(form.get("game"), "game")
            _enter(t, rnd.number, table, game, _entry_from_form(form))
        elif action == "confirm":
            _confirm(db, t, _int(form.get("pending"), "pending"))
        elif action == "reject":
            _set_pending(db, tid, _int(form.get("pending"), "pending"), "rejected")
        elif action == "undo":
            t.undo()
        elif action == "clock":
            minutes = _int(form.get("minutes") or access.clock_minutes, "minutes")
            if not 1 <= minutes <= 600:
                raise InvalidInputError(f"minutes: {minutes}; allowed: 1 to 600")
            run = str(form.get("run", "start")) == "start"
            _set_access(db, tid, clock_minutes=minutes,
                        clock_started=time.time() if run else None)
        elif action == "standings":
            mode = str(form.get("mode", ""))
            if mode not in MODES:
                raise InvalidInputError(f"mode: {mode!r}; allowed: {', '.join(MODES)}")
            frozen = json.dumps(_standings_json(t)) if mode == "frozen" else None
            _set_access(db, tid, standings_mode=mode, frozen_json=frozen)
        else:
            raise InvalidInputError(
                f"action: {action!r}; allowed: register, checkin, withdraw, preview, swap, draw, "
                "enter, confirm, reject, undo, clock, standings"
            )
        if action not in ("preview", "swap", "confirm"):
            storage.save(db, t)
    except (InvalidInputError, IllegalActionError) as exc:
        t, access = _organizer(request, tid, access.secret)
        return _organizer_view(request, t, access, status=400, error=_msg(exc, _lang(request)))
    if preview is not None:
        return _organizer_view(request, t, _access(db, tid), preview=preview)
    lang = "&lang=en" if _lang(request) == "en" else ""
    return RedirectResponse(f"/turnier/{tid}?k={access.secret}{lang}", status_code=303)


def _set_access(db: Database, tid: str, **values: Any) -> None:
    with db.session() as s:
        row = s.get(TournamentAccessRow, tid)
        assert row is not None
        for k, v in values.items():
            setattr(row, k, v)


def _set_pending(db: Database, tid: str, pid: int, status: str) -> TournamentPendingRow:
    with db.session() as s:
        row = s.get(TournamentPendingRow, pid)
        if row is None or row.tournament_id != tid or row.status != "pending":
            raise InvalidInputError(f"pending: {pid}; allowed: an entry waiting for confirmation")
        row.status = status
        s.flush()
        s.expunge(row)
        return row


def _confirm(db: Database, t: Tournament, pid: int) -> None:
    with db.session() as s:
        row = s.get(TournamentPendingRow, pid)
        if row is None or row.tournament_id != t.id or row.status != "pending":
            raise InvalidInputError(f"pending: {pid}; allowed: an entry waiting for confirmation")
        entry = json.loads(row.payload)
        have = t.rounds[row.round - 1].games.get(row.table, {}).get(row.game)
        if have is not None:
            same = have.loser == entry["loser"] and (
                t.format.scoring is not Scoring.POINTS
                or [list(g) for g in have.out] == entry["out"]
            )
            if not same:
                raise Refused(
                    f"round {row.round}, table {row.table}, game {row.game} is entered already "
                    "with another result; reject this entry or correct the game by hand",
                    f"Runde {row.round}, Tisch {row.table}, Spiel {row.game} ist schon mit "
                    "einem anderen Ergebnis eingetragen; Meldung verwerfen oder von Hand "
                    "korrigieren",
                )
            row.status = "confirmed"  # the same result again: counted once
            return
        _enter(t, row.round, row.table, row.game, entry)
        storage._save(s, t)
        row.status = "confirmed"


def _entry_from_form(form: Any) -> dict[str, Any]:
    loser = _int(form.get("loser"), "loser")
    out = [[p] for p in _numbers(form.get("out", ""), "out")]
    return {"loser": loser, "out": out}


def _enter(t: Tournament, rnd: int, table: int, game: int, entry: dict[str, Any]) -> GameEntered:
    """Enter one game; for points formats ``out`` lists who went out, first first."""
    out = entry.get("out") or []
    if t.format.scoring is not Scoring.POINTS:
        out = []
    return t.enter(rnd, table, game, loser=entry["loser"], out=out)


def _check_entry(t: Tournament, rnd: int, table: int, game: int, entry: dict[str, Any]) -> None:
    """Refuse an entry the domain would refuse, without keeping it (a trial copy)."""
    trial = Tournament(id=t.id, name=t.name, fmt=t.format, rules=t.rules, seed=t.seed,
                       created=t.created)
    trial.check_records = False
    for e in t.log:
        trial.replay_event(e.event, at=e.at, undone=e.undone)
    _enter(trial, rnd, table, game, entry)


# ------------------------------------------------------------------ print
@router.get("/turnier/{tid}/print/{kind}.pdf")
async def print_pdf(tid: str, kind: str, request: Request, k: str = "") -> Response:
    t, access = _organizer(request, tid, k)
    rnd = t.current_round
    try:
        pdf = printing.render(
            t, kind, rnd=rnd.number if rnd and kind in ("plan", "sheets") else None,
            base_url=str(request.base_url), lang=_lang(request),
            table_token=lambda r, tb: table_token(access.secret, r, tb),
        )
    except (InvalidInputError, IllegalActionError) as exc:
        raise HTTPException(400, _msg(exc, _lang(request))) from exc
    return Response(pdf, media_type="application/pdf")


# ------------------------------------------------------------------ table entry by phone
def _table_access(
    request: Request, tid: str, rnd: int, table: int, key: str
) -> tuple[Tournament, list[int]]:
    access = _access(_db(request), tid)
    if not key or not hmac.compare_digest(key, table_token(access.secret, rnd, table)):
        raise HTTPException(403, "wrong or missing table token (k); allowed: this table's QR code")
    t = storage.load(_db(request), tid)
    if not 1 <= rnd <= len(t.rounds) or not 1 <= table <= len(t.rounds[rnd - 1].tables):
        raise HTTPException(404, f"no table {table} in round {rnd}")
    return t, list(t.rounds[rnd - 1].tables[table - 1])


def _table_view(request: Request, t: Tournament, rnd: int, table: int, players: list[int],
                key: str, status: int = 200, error: str | None = None,
                notice: str | None = None) -> Response:
    games = t.rounds[rnd - 1].games.get(table, {})
    mine = [p for p in _pending(_db(request), t.id) if p["round"] == rnd and p["table"] == table]
    return _render(
        request, "turnier_table.html", status, t=t, rnd=rnd, table=table, key=key,
        players=[t.players[p] for p in players], games=[games[g] for g in sorted(games)],
        next_game=t.next_game(rnd, table), pending=mine, error=error, notice=notice,
        points=t.format.scoring is Scoring.POINTS,
    )


@router.get("/t/{tid}/table/{rnd}/{table}", response_class=HTMLResponse)
async def table_entry_page(tid: str, rnd: int, table: int, request: Request, k: str = "") -> Response:
    t, players = _table_access(request, tid, rnd, table, k)
    return _table_view(request, t, rnd, table, players, k)


@router.post("/t/{tid}/table/{rnd}/{table}", response_class=HTMLResponse)
async def table_entry(tid: str, rnd: int, table: int, request: Request) -> Response:
    form = await request.form()
    key = str(form.get("k", ""))
    t, players = _table_access(request, tid, rnd, table, key)
    lang = _lang(request)
    db = _db(request)
    try:
        game = _int(form.get("game"), "game")
        entry = _entry_from_form(form)
        for p in [entry["loser"], *(g[0] for g in entry["out"])]:
            if p not in players:
                raise InvalidInputError(
                    Msg("web.not_at_table", {"p": p, "table": table, "allowed": sorted(players)})
                )
        nxt = t.next_game(rnd, table)
        if nxt is None or game != nxt:
            raise InvalidInputError(
                Msg("web.next_game", {"game": game, "next": nxt})
                if nxt
                else Msg("web.table_done", {"game": game, "table": table})
            )
        _check_entry(t, rnd, table, game, entry)
        payload = json.dumps(entry, sort_keys=True)
        with db.session() as s:
            rows = list(s.scalars(select(TournamentPendingRow).where(
                TournamentPendingRow.tournament_id == tid, TournamentPendingRow.round == rnd,
                TournamentPendingRow.table == table, TournamentPendingRow.game == game,
                TournamentPendingRow.status == "pending")))
            same = [r for r in rows if r.payload == payload]
            if same:
                same[0].copies += 1
                notice = ("Dieses Ergebnis wurde schon gemeldet; es zählt einmal"
                          if lang == "de" else "this result was sent already; it counts once")
            else:
                s.add(TournamentPendingRow(tournament_id=tid, round=rnd, table=table, game=game,
                                           payload=payload, at=_now(), copies=1,
                                           status="pending"))
                notice = ("Gemeldet; die Turnierleitung bestätigt" if lang == "de"
                          else "sent; the organizer confirms")
                if rows:
                    notice += (" (Achtung: ein anderes Ergebnis für dieses Spiel wartet auch)"
                               if lang == "de" else
                               " (note: a different result for this game is waiting too)")
    except (InvalidInputError, IllegalActionError) as exc:
        return _table_view(request, t, rnd, table, players, key, 400, error=_msg(exc, lang))
    return _table_view(request, t, rnd, table, players, key, notice=notice)


# ------------------------------------------------------------------ projector
def _standings_json(t: Tournament) -> list[dict[str, Any]]:
    return [
        {"rank": s.rank, "number": s.number, "name": s.name, "points": str(s.points),
         "lost": s.lost, "chips": s.chips, "status": s.status}
        for s in standings(t)
    ]


@router.get("/turnier/{tid}/projektor", response_class=HTMLResponse)
async def projector_page(tid: str, request: Request) -> Response:
    _access(_db(request), tid)
    t = storage.load(_db(request), tid)
    return _render(request, "turnier_projector.html", t=t)


@router.get("/api/turnier/{tid}/projector")
async def projector_state(tid: str, request: Request) -> JSONResponse:
    access = _access(_db(request), tid)
    t = storage.load(_db(request), tid)
    rnd = t.current_round
    plan = []
    if rnd is not None:
        for i, tb in enumerate(rnd.tables, start=1):
            plan.append({"table": i, "players": [asdict(t.players[p]) for p in tb],
                         "done": t.next_game(rnd.number, i) is None,
                         "games": len(rnd.games.get(i, {}))})
    if access.standings_mode == "hidden":
        table: list[dict[str, Any]] | None = None
    elif access.standings_mode == "frozen" and access.frozen_json:
        table = json.loads(access.frozen_json)
    else:
        table = _standings_json(t)
    remaining = None
    if access.clock_started is not None:
        remaining = int(access.clock_started + access.clock_minutes * 60 - time.time())
    return JSONResponse({
        "name": t.name, "round": rnd.number if rnd else None, "plan": plan,
        "standings": table, "mode": access.standings_mode,
        "clock": {"running": access.clock_started is not None, "remaining": remaining,
                  "minutes": access.clock_minutes, "warning": remaining is not None
                  and remaining <= 300},
        "finished": t.finished,
    })
