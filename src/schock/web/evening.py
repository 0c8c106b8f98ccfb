"""The Stammtisch pages: groups, the evening's games, the ledger, statistics, CSV.

Every form carries the group's version (its number of events) and, for games
and payments, an entry id made when the form was rendered: a form sent twice
is refused as a duplicate, and a game entered from a form that is older than
another game (two phones at one table) is shown, not counted, until confirmed.
"""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.evening import DuplicateEntry, Settings, Stammtisch, game_from_record, money
from schock.evening.domain import parse_money
from schock.evening.export import games_csv, ledger_csv
from schock.evening.plots import stats_svg
from schock.evening.repo import change, create_group, list_groups, load_group
from schock.store.db import Database

router = APIRouter(prefix="/abend")
MAX_RECORD = 2_000_000
MAX_FIELD = 200


def _lang(request: Request) -> str:
    return "en" if request.query_params.get("lang") == "en" else "de"


def _db(request: Request) -> Database:
    return request.app.state.db  # type: ignore[no-any-return]


def _q(request: Request) -> str:
    return "?lang=en" if _lang(request) == "en" else ""


def _render(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    lang = _lang(request)
    return request.app.state.templates.TemplateResponse(  # type: ignore[no-any-return]
        request, name, {"lang": lang, "en": lang == "en", "q": _q(request), **context},
        status_code=status,
    )


def _field(form: Any, key: str, default: str = "") -> str:
    value = form.get(key, default)
    if not isinstance(value, str):
        raise InvalidInputError(f"{key}: not a text field")
    if len(value) > MAX_FIELD:
        raise InvalidInputError(f"{key}: longer than {MAX_FIELD} characters")
    return value.strip()


def _group(request: Request, gid: str) -> Stammtisch:
    try:
        if len(gid) > 40:
            raise InvalidInputError("group: no such group")
        return load_group(_db(request), gid)
    except InvalidInputError:
        raise HTTPException(404, "no such group / keine solche Gruppe") from None


def _amount(st: Stammtisch, value: int, en: bool) -> str:
    if st.settings.stake == "geld":
        return money(value, st.settings.currency)
    return f"{value} {'rounds' if en else 'Runden'}"


@router.get("", response_class=HTMLResponse)
async def index(request: Request) -> Response:
    return _render(request, "evening_index.html", groups=list_groups(_db(request)), error=None)


@router.post("/groups", response_class=HTMLResponse)
async def new_group(request: Request) -> Response:
    form = await request.form()
    try:
        raw = form.get("members", "")
        if not isinstance(raw, str) or len(raw) > 2000:
            raise InvalidInputError("members: not text or longer than 2000 characters")
        members = [m for m in raw.replace(",", "\n").splitlines() if m.strip()]
        stake = _field(form, "stake", "runde")
        data: dict[str, Any] = {"stake": stake, "currency": _field(form, "currency", "EUR") or "EUR",
                                "schock_aus_stakes": _field(form, "schock_aus_stakes", "1") or "1"}
        if stake == "geld":
            data["amount"] = parse_money(_field(form, "amount"))
        settings = Settings.from_json(data)
        if len(members) < 2:
            raise InvalidInputError(f"members: {len(members)}; allowed: at least 2 names, one a line")
        Stammtisch.create(_field(form, "name"), members, settings)  # checks before storing
        gid = create_group(_db(request), _field(form, "name"), members, settings)
    except SchockError as exc:
        return _render(request, "evening_index.html", 400, groups=list_groups(_db(request)),
                       error=str(exc))
    return RedirectResponse(f"/abend/g/{gid}{_q(request)}", status_code=303)


def _group_page(request: Request, gid: str, st: Stammtisch, status: int = 200,
                error: str | None = None, pending: dict[str, Any] | None = None) -> Response:
    en = _lang(request) == "en"
    return _render(
        request, "evening_group.html", status, gid=gid, st=st, error=error, pending=pending,
        version=len(st.events), entry_id=secrets.token_hex(8), today=date.today().isoformat(),
        balance={m: _amount(st, v, en) for m, v in st.balance().items()},
        open_evening=bool(st.evenings and not st.evenings[-1].closed),
    )


@router.get("/g/{gid}", response_class=HTMLResponse)
async def group_page(gid: str, request: Request) -> Response:
    return _group_page(request, gid, _group(request, gid))


@router.post("/g/{gid}/members", response_class=HTMLResponse)
async def add_member(gid: str, request: Request) -> Response:
    form = await request.form()
    st = _group(request, gid)
    try:
        name = _field(form, "name")
        change(_db(request), gid, lambda s: s.add_member(name))
    except SchockError as exc:
        return _group_page(request, gid, st, 400, str(exc))
    return RedirectResponse(f"/abend/g/{gid}{_q(request)}", status_code=303)


@router.post("/g/{gid}/evenings", response_class=HTMLResponse)
async def start_evening(gid: str, request: Request) -> Response:
    form = await request.form()
    st = _group(request, gid)
    try:
        day = _field(form, "day") or date.today().isoformat()
        change(_db(request), gid, lambda s: s.start_evening(day))
    except SchockError as exc:
        return _group_page(request, gid, st, 400, str(exc))
    return RedirectResponse(f"/abend/g/{gid}{_q(request)}", status_code=303)


async def _game_fields(form: Any, st: Stammtisch) -> dict[str, Any]:
    upload = form.get("record_file")
    if upload is not None and not isinstance(upload, str) and upload.filename:
        data = await upload.read(MAX_RECORD + 1)
        if len(data) > MAX_RECORD:
            raise InvalidInputError(f"{upload.filename}: larger than {MAX_RECORD} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInputError(f"{upload.filename}: not UTF-8 text") from None
        r = game_from_record(text)
        return {"players": list(r.players), "loser": r.loser, "schock_aus": list(r.schock_aus),
                "half_losers": list(r.half_losers), "record": text}
    players = [p for p in form.getlist("players") if isinstance(p, str)][:60]
    loser = _field(form, "loser")
    if not loser:
        raise InvalidInputError("loser: missing; allowed: tap the loser, or upload a game record")
    raw = _field(form, "schock_aus", "0") or "0"
    if not raw.isdigit() or int(raw) > 20:
        raise InvalidInputError(f"Schock Aus: {raw[:20]!r}; allowed: 0 to 20")
    return {"players": players, "loser": loser, "schock_aus": [loser] * int(raw)}


@router.post("/g/{gid}/games", response_class=HTMLResponse)
async def add_game(gid: str, request: Request) -> Response:
    form = await request.form()
    st = _group(request, gid)
    en = _lang(request) == "en"
    try:
        st.current_evening()
        fields = await _game_fields(form, st)
        version = _field(form, "version")
        entry_id = _field(form, "entry_id") or None
        confirmed = _field(form, "confirm") == "yes"
        newer = [g for g in st.games if version.isdigit() and g.seq > int(version) and not g.voided]
        if not version.isdigit():
            raise InvalidInputError("version: missing; allowed: the form as the page sent it")
        if entry_id is not None and entry_id in st.entry_ids:
            raise DuplicateEntry(entry_id, st.entry_ids[entry_id])
        if "record" in fields:
            same = next((g for g in st.games if g.record == fields["record"] and not g.voided), None)
            if same is not None:
                raise DuplicateEntry(entry_id or "record", same.seq)
            newer = []  # a record is its own proof: the same record twice is what counts
        if newer and not confirmed:
            g = newer[-1]
            msg = (f"Meanwhile game {g.seq} was entered (lost by {g.loser}). Is yours another game?"
                   if en else
                   f"Inzwischen wurde Spiel {g.seq} eingetragen (verloren hat {g.loser}). "
                   "Ist deins ein anderes Spiel?")
            pending = {"fields": fields, "entry_id": entry_id, "message": msg}
            return _group_page(request, gid, st, 409, None, pending)
        change(_db(request), gid, lambda s: s.add_game(entry_id=entry_id, **fields))
    except DuplicateEntry as exc:
        msg = (f"This game is already entered (entry {exc.seq}); it is not counted twice."
               if en else f"Dieses Spiel ist schon eingetragen (Eintrag {exc.seq}); es zählt nicht doppelt.")
        return _group_page(request, gid, _group(request, gid), 409, msg)
    except SchockError as exc:
        return _group_page(request, gid, st, 400, str(exc))
    return RedirectResponse(f"/abend/g/{gid}{_q(request)}", status_code=303)


@router.post("/g/{gid}/void", response_class=HTMLResponse)
async def void(gid: str, request: Request) -> Response:
    form = await request.form()
    st = _group(request, gid)
    try:
        target = _field(form, "entry")
        restore = _field(form, "restore") == "yes"
        change(_db(request), gid, lambda s: s.void(target, voided=not restore))  # type: ignore[arg-type]
    except SchockError as exc:
        return _group_page(request, gid, st, 400, str(exc))
    back = _field(form, "back")
    where = "ledger" if back == "ledger" else ""
    return RedirectResponse(f"/abend/g/{gid}{'/' + where if where else ''}{_q(request)}", status_code=303)


def _ledger_page(request: Request, gid: str, st: Stammtisch, status: int = 200,
                 error: str | None = None) -> Response:
    en = _lang(request) == "en"
    debts = [(a, b, money(c, st.settings.currency)) for (a, b), c in st.debts().items()] \
        if st.settings.stake == "geld" else []
    return _render(request, "evening_ledger.html", status, gid=gid, st=st, error=error,
                   balance={m: _amount(st, v, en) for m, v in st.balance().items()},
                   debts=debts, entry_id=secrets.token_hex(8),
                   payments=[(p, _amount(st, p.amount, en)) for p in st.payments])


@router.get("/g/{gid}/ledger", response_class=HTMLResponse)
async def ledger(gid: str, request: Request) -> Response:
    return _ledger_page(request, gid, _group(request, gid))


@router.post("/g/{gid}/settle", response_class=HTMLResponse)
async def settle(gid: str, request: Request) -> Response:
    form = await request.form()
    st = _group(request, gid)
    try:
        payer = _field(form, "payer")
        payee = _field(form, "payee") or None
        raw = _field(form, "amount")
        amount: int | None = None
        if raw:
            if st.settings.stake == "geld":
                amount = parse_money(raw)
            elif raw.isdigit() and len(raw) < 8:
                amount = int(raw)
            else:
                raise InvalidInputError(f"amount: {raw[:20]!r}; allowed: a whole number of rounds")
        entry_id = _field(form, "entry_id") or None
        change(_db(request), gid, lambda s: s.pay(payer, payee, amount, entry_id=entry_id))
    except DuplicateEntry as exc:
        return _ledger_page(request, gid, _group(request, gid), 409, str(exc))
    except (InvalidInputError, IllegalActionError) as exc:
        return _ledger_page(request, gid, st, 400, str(exc))
    return RedirectResponse(f"/abend/g/{gid}/ledger{_q(request)}", status_code=303)


@router.get("/g/{gid}/stats", response_class=HTMLResponse)
async def stats(gid: str, request: Request) -> Response:
    st = _group(request, gid)
    raw = request.query_params.get("evening", "")
    evening: int | None = None
    if raw:
        if not raw.isdigit() or not 1 <= int(raw) <= len(st.evenings):
            return _render(request, "evening_stats.html", 400, gid=gid, st=st, evening=None,
                           rows=[], svg="", error=f"evening: {raw[:20]!r}; allowed: 1 to {len(st.evenings)}")
        evening = int(raw)
    en = _lang(request) == "en"
    rows = [(s, _amount(st, s.owed, en)) for s in st.stats(evening)]
    svg = Markup(stats_svg(st, evening, lang=_lang(request)))
    return _render(request, "evening_stats.html", gid=gid, st=st, evening=evening, rows=rows,
                   svg=svg, error=None)


@router.get("/g/{gid}/games.csv")
async def games_export(gid: str, request: Request) -> Response:
    st = _group(request, gid)
    return Response(games_csv(st), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="spiele.csv"'})


@router.get("/g/{gid}/ledger.csv")
async def ledger_export(gid: str, request: Request) -> Response:
    st = _group(request, gid)
    return Response(ledger_csv(st), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="schulden.csv"'})
