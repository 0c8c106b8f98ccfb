"""The Stammtisch pages: groups, the evening's games, the ledger, statistics, CSV.

Access: a group's pages live under its secret link ``/abend/g/{id}/{key}``
(:func:`~schock.evening.repo.ensure_group_secret`); whoever has the link may enter
games, as at the real table. There is no public list of groups: ``/abend`` only
creates a group and shows the groups this browser has opened (kept in the
browser's ``localStorage`` by ``/static/evening.js``). ``schock abend link GROUP``
prints a group's link.

Every form carries the group's version (its number of events) and, for games
and payments, an entry id made when the form was rendered: a form sent twice
is refused as a duplicate, and a game entered from a form that is older than
another game (two phones at one table) is shown, not counted, until confirmed.
A refused form comes back with the error in the page's language (German first)
and with what was typed still in it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.evening import DuplicateEntry, Settings, Stammtisch, game_from_record
from schock.evening.entries import parse_money
from schock.evening.export import games_csv, ledger_csv
from schock.evening.plots import stats_svg
from schock.evening.repo import change, create_group, ensure_group_secret, group_by_secret
from schock.i18n import day, lang_of, money, percent, plural
from schock.messages import Msg
from schock.store.db import Database
from schock.web import offload
from schock.web.uploads import uploaded_text
from schock.web.urls import public_url

router = APIRouter(prefix="/abend")
MAX_RECORD = 2_000_000
MAX_FIELD = 200
MAX_MEMBERS_TEXT = 2000


def _lang(request: Request) -> str:
    return lang_of(request.query_params.get("lang"))


def _db(request: Request) -> Database:
    return request.app.state.db  # type: ignore[no-any-return]


def _q(request: Request) -> str:
    return "?lang=en" if _lang(request) == "en" else ""


def _render(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    lang = _lang(request)
    return request.app.state.templates.TemplateResponse(  # type: ignore[no-any-return]
        request, name,
        {"lang": lang, "en": lang == "en", "q": _q(request), "form": {}, **context},
        status_code=status,
    )


def _field(form: Any, key: str, what: str, default: str = "") -> str:
    value = form.get(key, default)
    if not isinstance(value, str):
        raise InvalidInputError(Msg("abend.field_type", {"what": Msg(what)}))
    if len(value) > MAX_FIELD:
        raise InvalidInputError(Msg("abend.field_long", {"what": Msg(what), "max": MAX_FIELD}))
    return value.strip()


def _typed(form: Any, *keys: str) -> dict[str, Any]:
    """What was typed into a form, to show it again with an error (text fields, cut)."""
    out: dict[str, Any] = {}
    for k in keys:
        values = [v[:MAX_MEMBERS_TEXT] for v in form.getlist(k) if isinstance(v, str)]
        out[k] = values if k == "players" else (values[0] if values else "")
    return out


class Group:
    """A group opened by its link: id, key, the group, and the link's path."""

    def __init__(self, gid: str, key: str, st: Stammtisch) -> None:
        self.gid, self.key, self.st = gid, key, st
        self.base = f"/abend/g/{gid}/{key}"


def _open(request: Request, gid: str, key: str) -> Group | Response:
    st = None
    if 0 < len(gid) <= 40 and 0 < len(key) <= 64:
        st = group_by_secret(_db(request), gid, key)
    if st is None:
        return _render(request, "evening_index.html", 404,
                       error=Msg("abend.no_group").text(_lang(request)))
    return Group(gid, key, st)


def _reopened(request: Request, gid: str, key: str) -> Group:
    """A group opened once more (after a refused entry), as it is now."""
    again = _open(request, gid, key)
    assert isinstance(again, Group)
    return again


def _error(request: Request, exc: SchockError) -> str:
    return exc.localized(_lang(request))


def _amount(st: Stammtisch, value: int, lang: str) -> str:
    """Rounds or money, in the page's language (``2 Runden``, ``2,50 €``)."""
    if st.settings.stake == "geld":
        return money(value, st.settings.currency, lang)
    return plural("rounds", value, lang)


_OWES = {"owes": ("schuldet", "owes"), "gets": ("bekommt", "is owed"),
         "credit": ("hat gut", "has credit for"), "even": ("nichts offen", "even")}


def _owes(st: Stammtisch, value: int, lang: str) -> tuple[str, str]:
    """A member's balance in words: (``owes``/``gets``/``credit``/``even``, the text:
    ``schuldet 2,50 €``, ``bekommt 0,84 €``, ``hat gut 1 Runde``, ``nichts offen``)."""
    how = "owes" if value > 0 else "even" if value == 0 else \
        "gets" if st.settings.stake == "geld" else "credit"
    de, en = _OWES[how]
    amount = _amount(st, abs(value), lang) if value else ""
    return how, f"{en if lang == 'en' else de} {amount}".strip()


def _redirect(request: Request, g: Group, where: str = "") -> Response:
    return RedirectResponse(f"{g.base}{where}{_q(request)}", status_code=303)


# ---------------------------------------------------------------------- index, new group
@router.get("", response_class=HTMLResponse)
def index(request: Request) -> Response:
    return _render(request, "evening_index.html", error=None)


@router.post("/groups", response_class=HTMLResponse)
async def new_group(request: Request) -> Response:
    return await offload.in_thread(_new_group, request, await request.form())


def _new_group(request: Request, form: Any) -> Response:
    typed = _typed(form, "name", "members", "stake", "amount", "currency", "schock_aus_stakes")
    try:
        raw = form.get("members", "")
        if not isinstance(raw, str) or len(raw) > MAX_MEMBERS_TEXT:
            raise InvalidInputError(Msg("abend.field_long", {"what": Msg("abend.f.members"),
                                                             "max": MAX_MEMBERS_TEXT}))
        members = [m for m in raw.replace(",", "\n").splitlines() if m.strip()]
        stake = _field(form, "stake", "abend.f.stake", "runde")
        data: dict[str, Any] = {
            "stake": stake,
            "currency": _field(form, "currency", "abend.f.currency", "EUR").upper() or "EUR",
            "schock_aus_stakes": _field(form, "schock_aus_stakes", "abend.f.schock_aus_stakes", "1")
            or "1",
        }
        if stake == "geld":
            data["amount"] = parse_money(_field(form, "amount", "abend.f.amount"))
        settings = Settings.from_json(data)
        name = _field(form, "name", "abend.f.group_name")
        Stammtisch.create(name, members, settings)  # checks names before the count
        if len(members) < 2:
            raise InvalidInputError(Msg("abend.members_count", {"n": len(members)}))
        gid = create_group(_db(request), name, members, settings)
    except SchockError as exc:
        return _render(request, "evening_index.html", 400, error=_error(request, exc), form=typed)
    key = ensure_group_secret(_db(request), gid)
    return RedirectResponse(f"/abend/g/{gid}/{key}{_q(request)}", status_code=303)


@router.get("/g/{gid}", response_class=HTMLResponse)
def without_key(gid: str, request: Request) -> Response:
    """An old or cut link (no key): the group is not shown."""
    return _render(request, "evening_index.html", 404,
                   error=Msg("abend.no_group").text(_lang(request)))


# ---------------------------------------------------------------------- the group's page
def _group_page(request: Request, g: Group, status: int = 200, error: str | None = None,
                pending: dict[str, Any] | None = None, form: dict[str, Any] | None = None,
                form_id: str = "") -> Response:
    lang = _lang(request)
    st = g.st
    numbers = {x.seq: i for i, x in enumerate(st.games, start=1)}
    return _render(
        request, "evening_group.html", status, g=g, gid=g.gid, base=g.base, st=st, error=error,
        pending=pending, version=len(st.events), entry_id=secrets.token_hex(8),
        today=date.today().isoformat(), numbers=numbers, form=form or {}, form_id=form_id,
        days={e.number: day(e.day, lang) for e in st.evenings},
        open_evening=bool(st.evenings and not st.evenings[-1].closed),
        link=public_url(request, g.base),
    )


@router.get("/g/{gid}/{key}", response_class=HTMLResponse)
def group_page(gid: str, key: str, request: Request) -> Response:
    g = _open(request, gid, key)
    return g if isinstance(g, Response) else _group_page(request, g)


async def _one_field(request: Request, gid: str, key: str, name: str, what: str, form_id: str,
                     command: Callable[[Stammtisch, str], object], default: str = "") -> Response:
    """A form of one field that gives one command (a member, an evening)."""
    form = await request.form()
    return await offload.in_thread(_one_field_given, request, gid, key, name, what, form_id,
                                   command, default, form)


def _one_field_given(request: Request, gid: str, key: str, name: str, what: str, form_id: str,
                     command: Callable[[Stammtisch, str], object], default: str,
                     form: Any) -> Response:
    g = _open(request, gid, key)
    if isinstance(g, Response):
        return g
    try:
        value = _field(form, name, what) or default
        change(_db(request), gid, lambda s: command(s, value))
    except SchockError as exc:
        return _group_page(request, g, 400, _error(request, exc), form=_typed(form, name),
                           form_id=form_id)
    return _redirect(request, g)


@router.post("/g/{gid}/{key}/members", response_class=HTMLResponse)
async def add_member(gid: str, key: str, request: Request) -> Response:
    return await _one_field(request, gid, key, "name", "abend.f.name", "member",
                            Stammtisch.add_member)


@router.post("/g/{gid}/{key}/evenings", response_class=HTMLResponse)
async def start_evening(gid: str, key: str, request: Request) -> Response:
    return await _one_field(request, gid, key, "day", "abend.f.date", "evening",
                            Stammtisch.start_evening, default=date.today().isoformat())


def _game_fields(form: Any, sent: tuple[str, str] | None) -> dict[str, Any]:
    if sent is not None:
        text, _ = sent
        r = game_from_record(text)
        return {"players": list(r.players), "loser": r.loser, "schock_aus": list(r.schock_aus),
                "half_losers": list(r.half_losers), "record": text}
    players = [p for p in form.getlist("players") if isinstance(p, str)][:60]
    loser = _field(form, "loser", "abend.f.loser")
    if not loser:
        raise InvalidInputError(Msg("abend.loser_missing"))
    raw = _field(form, "schock_aus", "abend.f.schock_aus", "0") or "0"
    if not raw.isdigit() or int(raw) > 20:
        raise InvalidInputError(Msg("abend.schock_aus_count", {"text": raw[:20]}))
    return {"players": players, "loser": loser, "schock_aus": [loser] * int(raw)}


@router.post("/g/{gid}/{key}/games", response_class=HTMLResponse)
async def add_game(gid: str, key: str, request: Request) -> Response:
    form = await request.form()
    sent: tuple[str, str] | InvalidInputError | None
    try:
        sent = await uploaded_text(form, "record_file", MAX_RECORD)
    except InvalidInputError as exc:  # told on the group's page
        sent = exc
    return await offload.in_thread(_add_game, request, gid, key, form, sent)


def _add_game(request: Request, gid: str, key: str, form: Any,
              sent: tuple[str, str] | InvalidInputError | None) -> Response:
    g = _open(request, gid, key)
    if isinstance(g, Response):
        return g
    st = g.st
    typed = _typed(form, "loser", "schock_aus", "players")
    try:
        st.current_evening()
        if isinstance(sent, InvalidInputError):
            raise sent
        fields = _game_fields(form, sent)
        version = _field(form, "version", "abend.f.version")
        entry_id = _field(form, "entry_id", "abend.f.entry") or None
        confirmed = _field(form, "confirm", "abend.f.entry") == "yes"
        if not version.isdigit():
            raise InvalidInputError(Msg("abend.version"))
        newer = [x for x in st.games if x.seq > int(version) and not x.voided]
        if entry_id is not None and entry_id in st.entry_ids:
            raise DuplicateEntry(entry_id, st.entry_ids[entry_id])
        if "record" in fields:
            same = next((x for x in st.games if x.record == fields["record"] and not x.voided), None)
            if same is not None:
                raise DuplicateEntry(entry_id or "record", same.seq)
            newer = []  # a record is its own proof: the same record twice is what counts
        if newer and not confirmed:
            last = newer[-1]
            number = st.games.index(last) + 1
            msg = Msg("abend.meanwhile", {"seq": number, "loser": last.loser}).text(_lang(request))
            pending = {"fields": fields, "entry_id": entry_id, "message": msg}
            return _group_page(request, g, 409, None, pending)
        change(_db(request), gid, lambda s: s.add_game(entry_id=entry_id, **fields))
    except DuplicateEntry as exc:  # the page as it is now, with the entry that was there first
        return _group_page(request, _reopened(request, gid, key), 409, _error(request, exc))
    except SchockError as exc:
        return _group_page(request, g, 400, _error(request, exc), form=typed, form_id="game")
    return _redirect(request, g)


@router.post("/g/{gid}/{key}/void", response_class=HTMLResponse)
async def void(gid: str, key: str, request: Request) -> Response:
    return await offload.in_thread(_void, request, gid, key, await request.form())


def _void(request: Request, gid: str, key: str, form: Any) -> Response:
    g = _open(request, gid, key)
    if isinstance(g, Response):
        return g
    back = "ledger" if form.get("back") == "ledger" else ""
    try:
        target = _field(form, "entry", "abend.f.entry")
        restore = _field(form, "restore", "abend.f.entry") == "yes"
        change(_db(request), gid, lambda s: s.void(target, voided=not restore))  # type: ignore[arg-type]
    except SchockError as exc:
        if back:
            return _ledger_page(request, g, 400, _error(request, exc))
        return _group_page(request, g, 400, _error(request, exc))
    return _redirect(request, g, "/" + back if back else "")


# ---------------------------------------------------------------------- ledger
def _ledger_page(request: Request, g: Group, status: int = 200, error: str | None = None,
                 form: dict[str, Any] | None = None) -> Response:
    lang = _lang(request)
    st = g.st
    debts = [(a, b, money(c, st.settings.currency, lang)) for (a, b), c in st.debts().items()] \
        if st.settings.stake == "geld" else []
    return _render(request, "evening_ledger.html", status, g=g, gid=g.gid, base=g.base, st=st,
                   error=error, balance={m: _owes(st, v, lang) for m, v in st.balance().items()},
                   debts=debts, entry_id=secrets.token_hex(8), form=form or {},
                   payments=[(p, _amount(st, p.amount, lang)) for p in st.payments])


@router.get("/g/{gid}/{key}/ledger", response_class=HTMLResponse)
def ledger(gid: str, key: str, request: Request) -> Response:
    g = _open(request, gid, key)
    return g if isinstance(g, Response) else _ledger_page(request, g)


@router.post("/g/{gid}/{key}/settle", response_class=HTMLResponse)
async def settle(gid: str, key: str, request: Request) -> Response:
    return await offload.in_thread(_settle, request, gid, key, await request.form())


def _settle(request: Request, gid: str, key: str, form: Any) -> Response:
    g = _open(request, gid, key)
    if isinstance(g, Response):
        return g
    st = g.st
    typed = _typed(form, "payer", "payee", "amount")
    try:
        payer = _field(form, "payer", "abend.f.payer")
        payee = _field(form, "payee", "abend.f.payee") or None
        raw = _field(form, "amount", "abend.f.amount")
        amount: int | None = None
        if raw:
            if st.settings.stake == "geld":
                amount = parse_money(raw)
            elif raw.isdigit() and len(raw) < 8:
                amount = int(raw)
            else:
                raise InvalidInputError(Msg("abend.rounds_amount", {"text": raw[:20]}))
        entry_id = _field(form, "entry_id", "abend.f.entry") or None
        change(_db(request), gid, lambda s: s.pay(payer, payee, amount, entry_id=entry_id))
    except DuplicateEntry as exc:
        return _ledger_page(request, _reopened(request, gid, key), 409, _error(request, exc))
    except (InvalidInputError, IllegalActionError) as exc:
        return _ledger_page(request, g, 400, _error(request, exc), typed)
    return _redirect(request, g, "/ledger")


# ---------------------------------------------------------------------- statistics, CSV
def _evening_param(request: Request, st: Stammtisch) -> int | None:
    raw = request.query_params.get("evening", "")
    if not raw:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= len(st.evenings):
        raise InvalidInputError(Msg("abend.evening_param", {"text": raw[:20], "n": len(st.evenings)}))
    return int(raw)


@router.get("/g/{gid}/{key}/stats", response_class=HTMLResponse)
def stats(gid: str, key: str, request: Request) -> Response:
    g = _open(request, gid, key)
    if isinstance(g, Response):
        return g
    st = g.st
    lang = _lang(request)
    days = {e.number: day(e.day, lang) for e in st.evenings}
    try:
        evening = _evening_param(request, st)
    except InvalidInputError as exc:
        return _render(request, "evening_stats.html", 400, g=g, gid=gid, base=g.base, st=st,
                       evening=None, rows=[], days=days, error=_error(request, exc))
    rows = [(s, percent(s.loss_rate, lang), _owes(st, s.owed, lang)[1]) for s in st.stats(evening)]
    return _render(request, "evening_stats.html", g=g, gid=gid, base=g.base, st=st,
                   evening=evening, rows=rows, days=days, error=None,
                   plot=bool(st.members))


@router.get("/g/{gid}/{key}/stats.svg")
async def stats_plot(gid: str, key: str, request: Request) -> Response:
    """The statistics' plot (matplotlib), drawn in the process pool."""
    g = await offload.in_thread(_open, request, gid, key)
    if isinstance(g, Response):
        return Response(Msg("abend.no_group").text(_lang(request)), status_code=404)
    try:
        evening = _evening_param(request, g.st)
    except InvalidInputError as exc:
        return Response(_error(request, exc), status_code=400)
    svg = await offload.with_database(request.app, plot_job, gid, key, evening, _lang(request))
    return Response(svg, media_type="image/svg+xml")


def plot_job(db: Database, gid: str, key: str, evening: int | None, lang: str) -> str:
    """The statistics' plot of a group (a process pool job)."""
    st = group_by_secret(db, gid, key)
    if st is None:  # pragma: no cover - the group was there a moment ago
        raise offload.Refusal(Msg("abend.no_group").text(lang))
    return stats_svg(st, evening, lang=lang)


def _csv(request: Request, gid: str, key: str, text: Callable[[Stammtisch], str],
         filename: str) -> Response:
    g = _open(request, gid, key)
    if isinstance(g, Response):
        return g
    return Response(text(g.st), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.get("/g/{gid}/{key}/games.csv")
def games_export(gid: str, key: str, request: Request) -> Response:
    return _csv(request, gid, key, games_csv, "spiele.csv")


@router.get("/g/{gid}/{key}/ledger.csv")
def ledger_export(gid: str, key: str, request: Request) -> Response:
    return _csv(request, gid, key, ledger_csv, "schulden.csv")
