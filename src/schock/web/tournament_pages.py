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

import hashlib
import hmac
import json
import re
import time
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from starlette.datastructures import UploadFile

from schock.bots import available_bots
from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament import TournamentEventRow
from schock.store.tournament_keep import TournamentKeptRow
from schock.store.tournament_web import (
    TournamentAccessRow,
    TournamentPendingRow,
    ensure_organizer_secret,
    table_token,
)
from schock.tournament import draws, printing, storage
from schock.tournament.card import card_rows, enter_card
from schock.tournament.card import enter_entry as _enter
from schock.tournament.card import entry_from_fields as _entry_from_form
from schock.tournament.card import whole_number as _int
from schock.tournament.domain import (
    Event,
    GameEntered,
    PlayerCheckedIn,
    PlayerRegistered,
    PlayerRenamed,
    PlayerWithdrawn,
    Refused,
    RoundDrawn,
    Tournament,
    Undone,
    format_out,
)
from schock.tournament.format import (
    PRESETS,
    Scoring,
    SidePrize,
    TieBreak,
    TournamentFormat,
    load_format,
    loads_format,
)
from schock.tournament.roster import DELIMITERS, ENCODINGS, Roster, read_roster
from schock.tournament.standings import drinks_totals, ledger, standings
from schock.web.urls import public_base

router = APIRouter()
MODES = ("live", "frozen", "hidden", "last")


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


def uses_schock_aus(t: Tournament) -> bool:
    """Whether the format counts Schock Aus (a tie-break or the Schock-Aus-König prize)."""
    return (TieBreak.SCHOCK_AUS in t.format.tie_breaks
            or SidePrize.SCHOCK_AUS_KOENIG in t.format.side_prizes)


def _access(db: Database, tid: str) -> TournamentAccessRow:
    with db.session() as s:
        row = s.get(TournamentAccessRow, tid)
        if row is None:
            raise HTTPException(404, f"no tournament {tid!r} on this server")
        s.expunge(row)
        return row


def _organizer(request: Request, tid: str, key: str) -> tuple[Tournament, TournamentAccessRow]:
    access = _organizer_access(request, tid, key)
    return storage.load(_db(request), tid), access


def _organizer_access(request: Request, tid: str, key: str) -> TournamentAccessRow:
    access = _access(_db(request), tid)
    if not key or not hmac.compare_digest(key, access.secret):
        raise HTTPException(403, "wrong or missing organizer key (k); allowed: the organizer link")
    return access


def _numbers(value: object, what: str) -> list[int]:
    text = str(value or "").replace(";", ",").replace(" ", ",")
    return [_int(x, what) for x in text.split(",") if x.strip()]


def _short(text: str, limit: int = 300) -> str:
    """A history line; a game record in it would fill the page."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
        upload = form.get("format_file")
        data = await _read_upload(upload)
        if data:
            fmt = _uploaded_format(data, str(getattr(upload, "filename", "") or "format.toml"))
        elif preset not in PRESETS:
            raise InvalidInputError(f"format: {preset!r}; allowed: {', '.join(PRESETS)}")
        else:
            fmt = load_format(preset)
        if not name or len(name) > 120:
            raise InvalidInputError(f"name: {name!r}; allowed: a text of 1 to 120 characters")
        seed = _int(form.get("seed") or "0", "seed")
        fmt = _sized(fmt, str(form.get("table_size", "") or "").strip(),
                     str(form.get("chips", "") or "").strip())
        t = Tournament.create(name=name, fmt=fmt, seed=seed)
    except (InvalidInputError, IllegalActionError) as exc:
        return _render(request, "turnier_list.html", 400, presets=PRESETS,
                       error=_msg(exc, _lang(request)))
    db = _db(request)
    storage.save(db, t)
    secret = ensure_organizer_secret(db, t.id)
    lang = "&lang=en" if _lang(request) == "en" else ""
    return RedirectResponse(f"/turnier/{t.id}?k={secret}{lang}", status_code=303)


async def _read_upload(upload: object) -> bytes:
    """The bytes of an uploaded file (empty when the form sent none), at most 2 MB + 1."""
    if isinstance(upload, UploadFile):
        return await upload.read(2_000_001)
    return b""


def _uploaded_format(data: bytes, filename: str) -> TournamentFormat:
    """A format TOML uploaded by the organizer. It may extend a preset and name a rules
    preset, but no file on the server (no paths)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInputError(Msg("tw.format_file", {"file": filename})) from None
    for key in ("extends", "rules"):
        found = re.search(rf"(?m)^\s*{key}\s*=\s*[\"']([^\"']*)[\"']", text)
        if found and ("/" in found[1] or "\\" in found[1] or found[1].endswith(".toml")):
            raise InvalidInputError(Msg("tw.format_path", {"key": key, "value": found[1]}))
    return loads_format(text, name=filename)


def _sized(fmt: TournamentFormat, size: str, chips: str) -> TournamentFormat:
    """The format with the table size and the chips (lives) the organizer typed, if any;
    a points format gets the place points of the new size (as it scores such tables)."""
    if size:
        n = _int(size, Msg("tw.table_size"))
        if not 2 <= n <= 12:
            raise InvalidInputError(Msg("tw.range", {"what": Msg("tw.table_size"), "n": n,
                                                     "lo": 2, "hi": 12}))
        if n != fmt.table_size:
            points = fmt.points
            if fmt.scoring is Scoring.POINTS:
                places = fmt.place_points(n)
                if any(p.denominator != 1 for p in places):
                    raise InvalidInputError(Msg("tw.points_size", {"n": n}))
                points = tuple(int(p) for p in places)
            fmt = fmt.replace(table_size=n, points=points)
    if chips:
        n = _int(chips, Msg("tw.chips"))
        if fmt.scoring is not Scoring.CHIPS or not 1 <= n <= 99:
            raise InvalidInputError(Msg("tw.range", {"what": Msg("tw.chips"), "n": n,
                                                     "lo": 1, "hi": 99}))
        fmt = fmt.replace(chips=n)
    return fmt


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
    notice: str | None = None, roster: dict[str, Any] | None = None,
) -> Response:
    return _render(request, "turnier_org.html", status, error=error, notice=notice,
                   roster=roster, **_organizer_context(request, t, access, preview))


def _organizer_context(request: Request, t: Tournament, access: TournamentAccessRow,
                       preview: list[list[int]] | None = None) -> dict[str, Any]:
    """What the organizer page shows (its live parts too: :func:`organizer_live`)."""
    rnd = t.current_round
    stand = request.query_params.get("stand", "")
    shown = int(stand) if stand.isdigit() and 1 <= int(stand) <= len(t.rounds) else None
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
    lang = _lang(request)
    history = [
        {"seq": e.seq, "at": e.at.replace("T", " ")[:19], "kind": e.event.kind,
         "undone": e.undone, "text": _short(_event_text(t, e.event, lang))}
        for e in reversed(t.log)
    ][:40]
    preview_info = None
    if preview is not None:
        preview_info = {
            "tables": preview,
            "text": "|".join(",".join(map(str, tb)) for tb in preview),
            "repeats": draws.repeat_count([*t.history(), preview]),
        }
    # the online tables' part of the page (web.tournament_online, set by create_app)
    online_view = getattr(request.app.state, "online_tables", None)
    online = online_view(request, t, access.secret) if online_view is not None else None
    playing = {o["number"]: o for o in online or [] if o["open"] and not o["closed"]
               and o["game"] is not None}
    for tb in tables:
        tb["online"] = playing.get(tb["number"])
    return dict(
        t=t, key=access.secret, access=access,
        rnd=rnd, tables=tables, points=t.format.scoring is Scoring.POINTS,
        chips=t.format.scoring is Scoring.CHIPS,
        schock_aus=uses_schock_aus(t),
        missing=[tb["number"] for tb in tables if tb["next_game"] is not None],
        pending=_pending_view(t, _db(request), _lang(request)),
        standings=standings(t, shown), shown=shown, ledger=ledger(t), history=history,
        preview=preview_info, modes=MODES, online=online, bots=available_bots(),
    )


@router.get("/api/turnier/{tid}/organizer")
async def organizer_live(tid: str, request: Request, k: str = "") -> Response:
    """The organizer page's live parts (``turnier_org.js`` asks every few seconds): the
    online tables, each table's entered games and next game, the missing tables, the
    waiting reports, the standings, the drinks ledger and the history, as the page
    renders them. Only with the organizer
    key; ``ETag`` / ``If-None-Match`` answer 304 while nothing changed."""
    access = _organizer_access(request, tid, k)
    etag = _live_etag(request, access)
    headers = {"ETag": etag, "Cache-Control": "no-store"}
    if etag in {x.strip() for x in request.headers.get("if-none-match", "").split(",")}:
        return Response(status_code=304, headers=headers)
    t = storage.load(_db(request), tid)
    lang = _lang(request)
    ctx = {"request": request, "lang": lang, "en": lang == "en",
           **_organizer_context(request, t, access)}
    env = request.app.state.templates.env

    def part(name: str, **more: Any) -> str:
        return str(env.get_template(f"_turnier_org_{name}.html").render({**ctx, **more}))

    rnd = ctx["rnd"]
    body = json.dumps({
        "round": rnd.number if rnd is not None else 0,
        "parts": {"online": part("online") if rnd is not None else None,
                  "pending": part("pending"), "standings": part("standings"),
                  "ledger": part("ledger"), "history": part("history")},
        "missing": ", ".join(map(str, ctx["missing"])) or "–",
        "tables": {str(tb["number"]): {"games": part("games", tb=tb), "next": tb["next_game"]}
                   for tb in ctx["tables"]},
    }, ensure_ascii=False, sort_keys=True)
    return Response(body, media_type="application/json", headers=headers)


def _live_etag(request: Request, access: TournamentAccessRow) -> str:
    """The live parts' ``ETag``, from what they are made of, read from the database
    without loading the tournament or rendering anything: its events (each with its undo
    flag), the waiting reports, the online tables (:data:`app.state.online_signature`),
    the access row, the language, the standings round asked for and the links' address."""
    tid = access.tournament_id
    with _db(request).session() as s:
        events = s.execute(select(TournamentEventRow.seq, TournamentEventRow.undone)
                           .where(TournamentEventRow.tournament_id == tid)
                           .order_by(TournamentEventRow.seq)).all()
        reports = s.execute(select(TournamentPendingRow.id, TournamentPendingRow.status,
                                   TournamentPendingRow.copies)
                            .where(TournamentPendingRow.tournament_id == tid)
                            .order_by(TournamentPendingRow.id)).all()
    signature = getattr(request.app.state, "online_signature", None)
    made = json.dumps([
        _lang(request), request.query_params.get("stand", ""), public_base(request),
        [list(e) for e in events], [list(r) for r in reports],
        signature(request, tid) if signature is not None else None,
        [access.clock_minutes, access.clock_started, access.standings_mode, access.frozen_json],
    ], sort_keys=True, default=str)
    return '"' + hashlib.sha256(made.encode()).hexdigest()[:32] + '"'


def _event_text(t: Tournament, event: Event, lang: str) -> str:
    """One line of the organizer's history, in words (not the stored JSON)."""
    def who(p: int) -> str:
        player = t.players.get(p)
        return f"{p} {player.name}" if player is not None else str(p)

    if isinstance(event, PlayerRegistered):
        team = f" ({event.team})" if event.team else ""
        return Msg("tw.h_registered", {"p": f"{event.number} {event.name}{team}"}).text(lang)
    if isinstance(event, PlayerCheckedIn):
        key = "tw.h_present" if event.present else "tw.h_absent"
        return Msg(key, {"p": who(event.number)}).text(lang)
    if isinstance(event, PlayerWithdrawn):
        return Msg("tw.h_withdrawn", {"p": who(event.number)}).text(lang)
    if isinstance(event, PlayerRenamed):
        return Msg("tw.h_renamed", {"n": event.number, "name": event.name}).text(lang)
    if isinstance(event, RoundDrawn):
        tables = " · ".join(f"{i}: {', '.join(map(str, tb))}"
                            for i, tb in enumerate(event.tables, start=1))
        text = Msg("tw.h_drawn", {"r": event.round, "tables": tables}).text(lang)
        if event.trinkrunden:
            text += " · " + Msg("tw.h_trink", {
                "games": ", ".join(map(str, event.trinkrunden))}).text(lang)
        return text
    if isinstance(event, GameEntered):
        where = Msg("tw.h_game", {"r": event.round, "t": event.table, "g": event.game})
        return f"{where.text(lang)}: {_entry_text(t, _event_entry(event), lang)}"
    assert isinstance(event, Undone)
    return Msg("tw.h_undone", {"seq": event.seq}).text(lang)


def _pending_view(t: Tournament, db: Database, lang: str) -> list[dict[str, Any]]:
    """The waiting reports, each with its text and whether another report of the same
    game says something else."""
    waiting = [p for p in _pending(db, t.id) if p["status"] == "pending"]
    seen: dict[tuple[int, int, int], set[str]] = {}
    for p in waiting:
        seen.setdefault((p["round"], p["table"], p["game"]), set()).add(
            json.dumps(p["entry"], sort_keys=True))
    for p in waiting:
        p["text"] = _entry_text(t, p["entry"], lang)
        p["conflict"] = len(seen[(p["round"], p["table"], p["game"])]) > 1
    return waiting


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
            raise InvalidInputError(Msg("tw.swap", {"p": p, "allowed": _ranges(sorted(where))}))
    out = [list(tb) for tb in tables]
    (ia, ja), (ib, jb) = where[a], where[b]
    out[ia][ja], out[ib][jb] = b, a
    return [sorted(tb) for tb in out]


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` → ``"1–3, 5"``: start numbers, short."""
    out: list[str] = []
    for n in numbers:
        if out and out[-1].split("–")[-1] == str(n - 1):
            out[-1] = out[-1].split("–")[0] + "–" + str(n)
        else:
            out.append(str(n))
    return ", ".join(out)


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
        elif action == "rename":
            t.rename(_int(form.get("number"), "number"), str(form.get("name", "")))
        elif action == "all_present":
            for p in t.players.values():
                if not p.withdrawn and not p.present:
                    t.checkin(p.number)
        elif action == "csv_preview":
            upload = form.get("file")
            data = await _read_upload(upload)
            name = str(getattr(upload, "filename", "") or "CSV")[:80]
            return _organizer_view(request, t, access, roster=_roster_preview(
                t, read_roster(data, name), _lang(request)))
        elif action == "csv_import":
            rows = read_roster(str(form.get("csv", "")), "CSV").rows
            present = str(form.get("present", "")) == "1"
            for row in rows:
                p = t.register(row.name, row.team)
                if present:
                    t.checkin(p.number)
        elif action == "preview":
            trial = storage.load(db, tid)
            preview = [list(tb) for tb in trial.draw().tables]
        elif action == "swap":
            drawn = _parse_tables(str(form.get("tables", "")), t)
            try:
                preview = _swap(drawn, _int(form.get("a"), "A"), _int(form.get("b"), "B"))
            except InvalidInputError as exc:  # the preview stays on the page
                return _organizer_view(request, t, access, status=400, preview=drawn,
                                       error=_msg(exc, _lang(request)))
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
        elif action == "card":
            rnd = t.current_round
            if rnd is None:
                raise Refused("no round drawn yet", "Noch keine Runde ausgelost")
            enter_card(t, rnd.number, _int(form.get("table"), "table"),
                       card_rows(str(form.get("card", "")), t.format.scoring is Scoring.POINTS))
        elif action == "confirm":
            _confirm(db, t, _int(form.get("pending"), "pending"))
        elif action == "confirm_all":
            done, left = _confirm_all(db, t)
            notice = Msg("tw.confirmed_all", {"done": done, "left": left}).text(_lang(request))
            return _organizer_view(request, storage.load(db, tid), _access(db, tid),
                                   notice=notice)
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
                f"action: {action!r}; allowed: register, checkin, withdraw, rename, all_present, "
                "csv_preview, csv_import, preview, swap, draw, enter, card, confirm, confirm_all, "
                "reject, undo, clock, standings"
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


def _roster_preview(t: Tournament, roster: Roster, lang: str) -> dict[str, Any]:
    """What an upload would register: each row with the start number it would get, and
    the rows the tournament would refuse (a name registered already or twice in the file)."""
    taken = {p.name.casefold() for p in t.players.values()}
    rows, number, problems = [], max(t.players, default=0) + 1, 0
    for row in roster.rows:
        twice = row.name.casefold() in taken
        taken.add(row.name.casefold())
        problems += twice
        rows.append({"line": row.line, "name": row.name, "team": row.team,
                     "number": None if twice else number, "twice": twice})
        number += not twice
    text = "\n".join(";".join('"' + x.replace('"', '""') + '"' for x in (r.name, r.team or ""))
                     for r in roster.rows)
    return {"rows": rows, "problems": problems, "csv": "Name;Team\n" + text,
            "encoding": ENCODINGS.get(roster.encoding, roster.encoding),
            "delimiter": DELIMITERS.get(roster.delimiter, roster.delimiter),
            "header": roster.header}


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


def _same_result(t: Tournament, have: GameEntered, entry: dict[str, Any]) -> bool:
    """Whether a report says what was entered for its game already."""
    return bool(have.loser == entry["loser"] and (
        t.format.scoring is not Scoring.POINTS or [list(g) for g in have.out] == entry["out"]))


def _confirm_all(db: Database, t: Tournament) -> tuple[int, int]:
    """Confirm every waiting report that fits the table's card: in game order per table,
    the only result reported for its game, and accepted by the domain. A game reported
    twice with different results, and everything after it at that table, waits for the
    organizer. Returns (confirmed, still waiting)."""
    with db.session() as s:
        rows = list(s.scalars(
            select(TournamentPendingRow)
            .where(TournamentPendingRow.tournament_id == t.id,
                   TournamentPendingRow.status == "pending")
            .order_by(TournamentPendingRow.round, TournamentPendingRow.table,
                      TournamentPendingRow.game, TournamentPendingRow.id)))
        games: dict[tuple[int, int, int], list[TournamentPendingRow]] = {}
        for row in rows:
            games.setdefault((row.round, row.table, row.game), []).append(row)
        blocked: set[tuple[int, int]] = set()
        done = 0
        for (r, tb, g), reports in games.items():
            entries = {row.payload for row in reports}
            entry = json.loads(reports[0].payload)
            have = t.rounds[r - 1].games.get(tb, {}).get(g) if r <= len(t.rounds) else None
            if (r, tb) in blocked or len(entries) > 1 or (
                    have is not None and not _same_result(t, have, entry)):
                blocked.add((r, tb))
                continue
            if have is None:
                try:
                    _enter(t, r, tb, g, entry)
                except (InvalidInputError, IllegalActionError):
                    blocked.add((r, tb))
                    continue
            for row in reports:
                row.status = "confirmed"
            done += len(reports)
        if done:
            storage._save(s, t)
        return done, len(rows) - done


def _confirm(db: Database, t: Tournament, pid: int) -> None:
    with db.session() as s:
        row = s.get(TournamentPendingRow, pid)
        if row is None or row.tournament_id != t.id or row.status != "pending":
            raise InvalidInputError(f"pending: {pid}; allowed: an entry waiting for confirmation")
        entry = json.loads(row.payload)
        have = t.rounds[row.round - 1].games.get(row.table, {}).get(row.game)
        if have is not None:
            if not _same_result(t, have, entry):
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


def _entry_players(entry: dict[str, Any]) -> list[int]:
    """Every start number an entry names."""
    named = [entry["loser"], *(p for grp in entry.get("out", []) for p in grp)]
    named += [int(p) for p in entry.get("schock_aus", {})]
    named += [int(p) for p in entry.get("points", {})]
    return named


def _trial(t: Tournament) -> Tournament:
    """A copy of ``t`` to try entries on (records are not re-checked)."""
    return t.copy()


# ------------------------------------------------------------------ print
@router.get("/turnier/{tid}/print/{kind}.pdf")
async def print_pdf(tid: str, kind: str, request: Request, k: str = "") -> Response:
    t, access = _organizer(request, tid, k)
    rnd = t.current_round
    try:
        pdf = printing.render(
            t, kind, rnd=rnd.number if rnd and kind in ("plan", "sheets") else None,
            base_url=public_base(request), lang=_lang(request),
            table_token=lambda r, tb: table_token(access.secret, r, tb),
        )
    except (InvalidInputError, IllegalActionError) as exc:
        raise HTTPException(400, _msg(exc, _lang(request))) from exc
    return Response(pdf, media_type="application/pdf")


# ------------------------------------------------------------------ waiting reports
def _report_order(p: dict[str, Any]) -> tuple[int, int]:
    """Which of several reports of one game a projection takes: the most often sent, then
    the first."""
    return (-int(p["copies"]), int(p["id"]))


def _project(
    t: Tournament, waiting: list[dict[str, Any]], rnd: int, table: int,
    before: int | None = None,
) -> Tournament:
    """A trial copy of ``t`` with the table's waiting reports entered in game order (up
    to, not including, game ``before``): what the table plays on from while the organizer
    has not confirmed yet. A report the trial refuses (or a game after it) is left out."""
    trial = _trial(t)
    by_game: dict[int, list[dict[str, Any]]] = {}
    for p in waiting:
        if p["round"] == rnd and p["table"] == table and p["status"] == "pending":
            by_game.setdefault(p["game"], []).append(p)
    while True:
        nxt = trial.next_game(rnd, table)
        if nxt is None or nxt not in by_game or (before is not None and nxt >= before):
            return trial
        for p in sorted(by_game[nxt], key=_report_order):
            try:
                _enter(trial, rnd, table, nxt, p["entry"])
                break
            except (InvalidInputError, IllegalActionError):
                continue
        else:
            return trial


def _entry_text(t: Tournament, entry: dict[str, Any], lang: str) -> str:
    """Everything a report would enter, in words: loser, order of going out (ties with
    ``+``), Schock Aus counts, the points column given to check, scorekept or not."""
    def who(p: object) -> str:
        player = t.players.get(int(str(p)))
        return f"{p} · {player.name}" if player is not None else str(p)

    parts = [Msg("tw.loser", {"p": who(entry["loser"])}).text(lang)]
    if entry.get("out") and t.format.scoring is Scoring.POINTS:
        parts.append(Msg("tw.out", {"order": format_out(entry["out"])}).text(lang))
    schock = entry.get("schock_aus") or {}
    if schock:
        counts = ", ".join(f"{p}: {n}×" for p, n in sorted(schock.items(), key=lambda x: int(x[0])))
        parts.append(Msg("tw.schock_aus", {"counts": counts}).text(lang))
    elif uses_schock_aus(t):
        parts.append(Msg("tw.no_schock_aus").text(lang))
    if entry.get("points"):
        given = ", ".join(f"{p}:{v}" for p, v in sorted(entry["points"].items(),
                                                         key=lambda x: int(x[0])))
        parts.append(Msg("tw.points", {"points": given}).text(lang))
    if entry.get("kept"):
        parts.append(Msg("tw.kept").text(lang))
    if entry.get("online"):
        parts.append(Msg("tw.online").text(lang))
    if entry.get("recorded"):  # entered from a record: scorekept or played online
        parts.append(Msg("tw.recorded").text(lang))
    return " · ".join(parts)


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
    lang = _lang(request)
    games = t.rounds[rnd - 1].games.get(table, {})
    mine = [p for p in _pending(_db(request), t.id) if p["round"] == rnd and p["table"] == table
            and p["status"] == "pending"]
    for p in mine:
        p["text"] = _entry_text(t, p["entry"], lang)
    ahead = _project(t, mine, rnd, table)
    nxt = ahead.next_game(rnd, table)
    playing = set(ahead.table_players(rnd, table)) if nxt is not None else set()
    return _render(
        request, "turnier_table.html", status, t=t, rnd=rnd, table=table, key=key,
        players=[t.players[p] for p in players], games=[games[g] for g in sorted(games)],
        next_game=nxt, pending=mine, error=error, notice=notice,
        points=t.format.scoring is Scoring.POINTS, schock_aus=uses_schock_aus(t),
        chips=_table_chips(ahead, rnd, table, players), playing=playing,
        trinkrunde=nxt is not None and t.is_trinkrunde(rnd, nxt),
        game_text={g: _entry_text(t, _event_entry(games[g]), lang) for g in games},
    )


def _event_entry(event: GameEntered) -> dict[str, Any]:
    """An entered game in the shape of a report (for :func:`_entry_text`)."""
    return {"loser": event.loser, "out": [list(g) for g in event.out],
            "schock_aus": {str(p): n for p, n in event.schock_aus if n},
            "recorded": event.record is not None}


def _table_chips(t: Tournament, rnd: int, table: int, players: list[int]) -> dict[int, int] | None:
    """Chips formats: the chips (lives) each player of the table has left, 0 for one who
    is out; what the players count on the table. None for points formats."""
    if t.format.scoring is not Scoring.CHIPS:
        return None
    d = t.derived
    playing = set(d.remaining.get((rnd, table), ()))
    return {p: d.chips.get(p, 0) if p in playing else 0 for p in players}


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
        for p in _entry_players(entry):
            if p not in players:
                raise InvalidInputError(
                    Msg("web.not_at_table", {"p": p, "table": table, "allowed": sorted(players)})
                )
        waiting = [p for p in _pending(db, tid) if p["status"] == "pending"]
        nxt = _project(t, waiting, rnd, table).next_game(rnd, table)
        resent = any(p["round"] == rnd and p["table"] == table and p["game"] == game
                     for p in waiting)
        if not resent and (nxt is None or game != nxt):
            raise InvalidInputError(
                Msg("web.next_game", {"game": game, "next": nxt})
                if nxt
                else Msg("web.table_done", {"game": game, "table": table})
            )
        _enter(_project(t, waiting, rnd, table, before=game), rnd, table, game, entry)
        payload = json.dumps(entry, sort_keys=True)
        with db.session() as s:
            rows = list(s.scalars(select(TournamentPendingRow).where(
                TournamentPendingRow.tournament_id == tid, TournamentPendingRow.round == rnd,
                TournamentPendingRow.table == table, TournamentPendingRow.game == game,
                TournamentPendingRow.status == "pending")))
            same = [r for r in rows if r.payload == payload]
            if same:
                same[0].copies += 1
                notice = Msg("web.sent_twice").text(lang)
            else:
                s.add(TournamentPendingRow(tournament_id=tid, round=rnd, table=table, game=game,
                                           payload=payload, at=_now(), copies=1,
                                           status="pending"))
                notice = Msg("web.sent").text(lang)
                if rows:
                    notice += Msg("web.other_waiting").text(lang)
    except (InvalidInputError, IllegalActionError) as exc:
        return _table_view(request, t, rnd, table, players, key, 400, error=_msg(exc, lang))
    return _table_view(request, t, rnd, table, players, key, notice=notice)


# ------------------------------------------------------------------ scorekeeping at a table
def _q(request: Request) -> str:
    return "?lang=en" if _lang(request) == "en" else ""


@router.post("/t/{tid}/table/{rnd}/{table}/keep", response_class=HTMLResponse)
async def table_keep_start(tid: str, rnd: int, table: int, request: Request) -> Response:
    """Start scorekeeping the table's next game (or join the one already started)."""
    from schock.tournament.simulate import next_seats
    from schock.web.keep import new_kept_game_row

    form = await request.form()
    key = str(form.get("k", ""))
    t, players = _table_access(request, tid, rnd, table, key)
    db = _db(request)
    ahead = _project(t, [p for p in _pending(db, tid) if p["status"] == "pending"], rnd, table)
    game = ahead.next_game(rnd, table)
    if game is None:
        error = Msg("web.keep_done", {"table": table}).text(_lang(request))
        return _table_view(request, t, rnd, table, players, key, 400, error=error)
    kid = _open_kept(db, tid, rnd, table, game)
    if kid is None:
        seats, starter = next_seats(ahead, rnd, table)
        try:
            row = new_kept_game_row(t.rules, [t.players[p].label for p in seats], starter)
        except InvalidInputError as exc:
            return _table_view(request, t, rnd, table, players, key, 400,
                               error=_msg(exc, _lang(request)))
        try:  # the game and its binding together: the unique index lets one open game in
            with db.session() as s:
                s.add(row)
                s.flush()
                s.add(TournamentKeptRow(keep_id=row.id, tournament_id=tid, round=rnd,
                                        table=table, game=game, at=_now(), pending_id=None,
                                        open=1))
            kid = row.id
        except IntegrityError:  # another phone started it this very moment: join that one
            kid = _open_kept(db, tid, rnd, table, game)
            if kid is None:  # pragma: no cover - the index refused for another reason
                raise
    return RedirectResponse(f"/keep/{kid}{_q(request)}", status_code=303)


def _open_kept(db: Database, tid: str, rnd: int, table: int, game: int) -> str | None:
    """The table's open kept game of ``game`` (started, not reported yet), if any."""
    with db.session() as s:
        return s.scalars(select(TournamentKeptRow.keep_id).where(
            TournamentKeptRow.tournament_id == tid, TournamentKeptRow.round == rnd,
            TournamentKeptRow.table == table, TournamentKeptRow.game == game,
            TournamentKeptRow.open == 1)).first()


@router.post("/t/{tid}/table/{rnd}/{table}/keep/{kid}", response_class=HTMLResponse)
async def table_keep_report(tid: str, rnd: int, table: int, kid: str,
                            request: Request) -> Response:
    """Report a finished kept game: a pending entry that carries its game record."""
    from schock.web.keep import NotFound, load_kept_game

    form = await request.form()
    key = str(form.get("k", ""))
    t, players = _table_access(request, tid, rnd, table, key)
    lang = _lang(request)
    db = _db(request)
    with db.session() as s:
        binding = s.get(TournamentKeptRow, kid[:40])
        if binding is not None:
            s.expunge(binding)
    if binding is None or (binding.tournament_id, binding.round, binding.table) != (
        tid, rnd, table
    ):
        error = Msg("web.keep_other_table").text(lang)
        return _table_view(request, t, rnd, table, players, key, 403, error=error)
    try:
        keeper = load_kept_game(db, kid)
    except NotFound:
        raise HTTPException(404, "no such kept game") from None
    try:
        if not keeper.over:
            raise InvalidInputError(Msg("web.keep_not_over"))
        prev = binding.pending_id
        if prev is not None:
            with db.session() as s:
                old = s.get(TournamentPendingRow, prev)
                if old is not None and old.status != "rejected":
                    old.copies += 1
                    notice = Msg("web.kept_twice").text(lang)
                    return _table_view(request, t, rnd, table, players, key, notice=notice)
        game = binding.game
        waiting = [p for p in _pending(db, tid) if p["status"] == "pending"]
        ahead = _project(t, waiting, rnd, table, before=game)
        if ahead.next_game(rnd, table) != game:
            nxt = ahead.next_game(rnd, table)
            raise InvalidInputError(
                Msg("web.next_game", {"game": game, "next": nxt}) if nxt
                else Msg("web.table_done", {"game": game, "table": table}))
        record = keeper.record()
        event = _enter(ahead, rnd, table, game, {"record": record})
        entry = {"loser": event.loser, "out": [list(g) for g in event.out],
                 "schock_aus": {str(p): n for p, n in event.schock_aus},
                 "record": record, "kept": kid}
        with db.session() as s:
            row = TournamentPendingRow(tournament_id=tid, round=rnd, table=table, game=game,
                                       payload=json.dumps(entry, sort_keys=True), at=_now(),
                                       copies=1, status="pending")
            s.add(row)
            s.flush()
            cond = (TournamentKeptRow.pending_id.is_(None) if prev is None
                    else TournamentKeptRow.pending_id == prev)
            done = s.execute(update(TournamentKeptRow)
                             .where(TournamentKeptRow.keep_id == kid, cond)
                             .values(pending_id=row.id, open=None))
            if getattr(done, "rowcount", 1) != 1:  # another phone reported it this moment
                raise _Race()
    except _Race:
        notice = Msg("web.kept_twice").text(lang)
        return _table_view(request, t, rnd, table, players, key, notice=notice)
    except (InvalidInputError, IllegalActionError) as exc:
        return _table_view(request, t, rnd, table, players, key, 400, error=_msg(exc, lang))
    notice = Msg("web.kept_sent").text(lang)
    return _table_view(request, t, rnd, table, players, key, notice=notice)


class _Race(Exception):
    """Two phones reported the same kept game at the same moment (rolled back)."""


@router.get("/turnier/{tid}/pending/{pid}/record.json")
async def pending_record(tid: str, pid: int, request: Request, k: str = "") -> Response:
    """The game record of a scorekept entry, for the organizer (the result's proof)."""
    _organizer(request, tid, k)
    with _db(request).session() as s:
        row = s.get(TournamentPendingRow, pid)
        entry = json.loads(row.payload) if row is not None and row.tournament_id == tid else {}
        name = f"{tid}-r{row.round}-t{row.table}-g{row.game}.json" if row is not None else ""
    if entry.get("record") is None:
        raise HTTPException(404, f"entry {pid} carries no game record")
    return Response(
        json.dumps(entry["record"], ensure_ascii=False, indent=2), media_type="application/json",
        headers={"Content-Disposition":
                 f'attachment; filename="{name}"'},
    )


# ------------------------------------------------------------------ projector
def _standings_json(t: Tournament) -> list[dict[str, Any]]:
    return [
        {"rank": s.rank, "number": s.number, "name": s.name, "points": str(s.points),
         "lost": s.lost, "chips": s.chips, "status": s.status}
        for s in standings(t)
    ]


@router.get("/turnier/{tid}/projektor", response_class=HTMLResponse)
async def projector_page(tid: str, request: Request, turn: str = "12") -> Response:
    """The projector: ``turn`` is the seconds a page stays up (0: pages turn only by hand)."""
    _access(_db(request), tid)
    t = storage.load(_db(request), tid)
    try:
        seconds = _int(turn, "turn") if turn.strip() else 12
    except InvalidInputError as exc:
        raise HTTPException(400, _msg(exc, _lang(request))) from None
    return _render(request, "turnier_projector.html", t=t, turn=min(seconds, 3600))


def _hidden_now(t: Tournament, mode: str) -> bool:
    """Whether the projector hides the standings: always (``hidden``), or from the drawing
    of the format's last round until the tournament is over (``last``)."""
    if mode == "hidden":
        return True
    rnd = t.current_round
    return (mode == "last" and rnd is not None and t.format.rounds > 0
            and rnd.number >= t.format.rounds and not t.finished)


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
    table: list[dict[str, Any]] | None
    koenig: list[dict[str, Any]] | None = None
    if _hidden_now(t, access.standings_mode):
        table = None
    elif access.standings_mode == "frozen" and access.frozen_json:
        table = json.loads(access.frozen_json)
    else:
        table = _standings_json(t)
    if table is not None and SidePrize.SCHOCK_AUS_KOENIG in t.format.side_prizes:
        counted = sorted((s for s in standings(t) if s.schock_aus), key=lambda s: -s.schock_aus)
        koenig = [{"rank": 1 + sum(o.schock_aus > s.schock_aus for o in counted),
                   "number": s.number, "name": s.name, "count": s.schock_aus} for s in counted]
    drinks = sorted(drinks_totals(t).items(), key=lambda x: (-x[1][0], -x[1][1], x[0]))
    remaining = None
    if access.clock_started is not None:
        remaining = int(access.clock_started + access.clock_minutes * 60 - time.time())
    return JSONResponse({
        "name": t.name, "round": rnd.number if rnd else None, "plan": plan,
        "rounds": t.format.rounds or None, "chips": t.format.scoring is Scoring.CHIPS,
        "standings": table, "mode": access.standings_mode, "koenig": koenig,
        "drinks": [{"number": p, "name": t.players[p].name, "buys": b, "gets": g}
                   for p, (b, g) in drinks],
        "clock": {"running": access.clock_started is not None, "remaining": remaining,
                  "minutes": access.clock_minutes, "warning": remaining is not None
                  and remaining <= 300},
        "finished": t.finished,
    })
