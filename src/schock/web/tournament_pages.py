"""Tournament pages: the organizer's (list and creation, the organizer page and its live
parts, its actions, confirming the tables' reports, printing).

Results entered at a table (:mod:`schock.web.tournament_tables`) wait as *pending*
entries (stored, so a restart loses nothing); the same result sent twice is counted once
and shown as sent twice; only the organizer's confirmation creates the domain event.
The projector is :mod:`schock.web.tournament_projector`, the online tables
:mod:`schock.web.tournament_online`; what they share is
:mod:`schock.web.tournament_common`.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select
from starlette.datastructures import UploadFile

from schock.bots import available_bots
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
)
from schock.tournament.format import (
    PRESETS,
    Scoring,
    TournamentFormat,
    load_format,
    loads_format,
)
from schock.tournament.roster import DELIMITERS, ENCODINGS, Roster, read_roster
from schock.tournament.standings import ledger, standings
from schock.web import offload
from schock.web.tournament_common import (
    MODES,
    _access,
    _db,
    _entry_text,
    _event_entry,
    _lang,
    _msg,
    _organizer,
    _organizer_access,
    _render,
    _short,
    _standings_json,
    uses_schock_aus,
)
from schock.web.tournament_reports import (
    _confirm,
    _confirm_all,
    _pending_view,
    _set_pending,
)
from schock.web.urls import public_base

router = APIRouter()


def _numbers(value: object, what: str) -> list[int]:
    text = str(value or "").replace(";", ",").replace(" ", ",")
    return [_int(x, what) for x in text.split(",") if x.strip()]


@router.get("/turnier", response_class=HTMLResponse)
def tournament_list(request: Request) -> Response:
    return _render(request, "turnier_list.html", presets=PRESETS, error=None)


@router.post("/turnier", response_class=HTMLResponse)
async def tournament_create(request: Request) -> Response:
    form = await request.form()
    upload = form.get("format_file")
    data = await _read_upload(upload)
    return await offload.in_thread(_create, request, form, upload, data)


def _create(request: Request, form: Any, upload: object, data: bytes) -> Response:
    name = str(form.get("name", "")).strip()
    preset = str(form.get("preset", ""))
    try:
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
    # the online tables' part of the page (web.tournament_online_organizer, set by
    # create_app)
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
def organizer_live(tid: str, request: Request, k: str = "") -> Response:
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
    t = storage.current(_db(request), tid)
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
    without loading the tournament or rendering anything: its log's version
    (:func:`storage.stored_version`), the waiting reports, the online tables
    (:data:`app.state.online_signature`), the access row, the language, the standings
    round asked for and the links' address."""
    tid = access.tournament_id
    version = storage.stored_version(_db(request), tid)
    with _db(request).session() as s:
        reports = s.execute(select(TournamentPendingRow.id, TournamentPendingRow.status,
                                   TournamentPendingRow.copies)
                            .where(TournamentPendingRow.tournament_id == tid)
                            .order_by(TournamentPendingRow.id)).all()
    signature = getattr(request.app.state, "online_signature", None)
    made = json.dumps([
        _lang(request), request.query_params.get("stand", ""), public_base(request),
        version, [list(r) for r in reports],
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


@router.get("/turnier/{tid}", response_class=HTMLResponse)
def organizer_page(tid: str, request: Request, k: str = "") -> Response:
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
    upload = form.get("file")
    data = await _read_upload(upload) if form.get("action") == "csv_preview" else b""
    return await offload.in_thread(_organizer_action, request, tid, form, upload, data)


def _organizer_action(request: Request, tid: str, form: Any, upload: object,
                      data: bytes) -> Response:
    t, access = _organizer(request, tid, str(form.get("k", "")), own=True)
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
            return _organizer_view(request, storage.current(db, tid), _access(db, tid),
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


@router.get("/turnier/{tid}/print/{kind}.pdf")
async def print_pdf(tid: str, kind: str, request: Request, k: str = "") -> Response:
    """A document to print (:mod:`schock.tournament.printing`), made in the process pool."""
    access = await offload.in_thread(_organizer_access, request, tid, k)
    try:
        pdf = await offload.with_database(request.app, print_job, tid, kind, public_base(request),
                                          _lang(request), access.secret)
    except offload.Refusal as exc:
        raise HTTPException(400, str(exc)) from None
    return Response(pdf, media_type="application/pdf")


def print_job(db: Database, tid: str, kind: str, base_url: str, lang: str, secret: str) -> bytes:
    """The PDF of ``kind`` for tournament ``tid`` (a process pool job)."""
    t = storage.current(db, tid)
    rnd = t.current_round
    try:
        return printing.render(
            t, kind, rnd=rnd.number if rnd and kind in ("plan", "sheets") else None,
            base_url=base_url, lang=lang,
            table_token=lambda r, tb: table_token(secret, r, tb),
        )
    except (InvalidInputError, IllegalActionError) as exc:
        raise offload.Refusal(_msg(exc, lang)) from None
