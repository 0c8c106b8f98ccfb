"""Server-rendered pages: start, created (links and QR codes), table, finished game."""

from __future__ import annotations

import functools
from typing import Any

import segno
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from schock.bots import available_bots
from schock.bots.names import BOT_PEOPLE
from schock.engine.record import loads, replay
from schock.errors import InvalidInputError
from schock.narrate import account, render_text
from schock.rules import PRESETS, load_rules
from schock.web.session import Refused, TableSession, needs_ages
from schock.web.tables_api import (
    REFUSED_STATUS,
    build_rules,
    check_age,
    create_table,
    kept_game,
    links,
    table_or_404,
)
from schock.web.texts import text
from schock.web.urls import is_loopback_url, public_base

router = APIRouter()
MAX_UPLOAD = 20_000


def _lang(request: Request) -> str:
    return "en" if request.query_params.get("lang") == "en" else "de"


def _render(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    templates = request.app.state.templates
    lang = _lang(request)
    return templates.TemplateResponse(  # type: ignore[no-any-return]
        request, name, {"lang": lang, "en": lang == "en", **context}, status_code=status
    )


def with_lang(link: str, lang: str) -> str:
    """``link`` opening in ``lang``: ``?lang=en`` before its fragment (German is the default).

    >>> with_lang("http://h/t/abc#seat=XYZ", "en")
    'http://h/t/abc?lang=en#seat=XYZ'
    >>> with_lang("http://h/t/abc#seat=XYZ", "de")
    'http://h/t/abc#seat=XYZ'
    """
    if lang != "en":
        return link
    base, hash_, fragment = link.partition("#")
    return f"{base}{'&' if '?' in base else '?'}lang=en{hash_}{fragment}"


@functools.lru_cache(maxsize=512)
def qr_svg(link: str, scale: int = 3) -> Markup:
    """The link as an inline SVG QR code (``scale`` pixels a module). Kept for the next
    time (about 10 ms each: the organizer page shows every seat's code and asks for
    its online tables every few seconds)."""
    return Markup(segno.make(link, error="m").svg_inline(scale=scale, dark="#111", light="#fff"))


SEAT_ROWS = 8
"""Seat rows of the start page's form (more join by the invite link)."""


def _start_context(form: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the start page shows: presets (and which need ages), bots, the form as typed."""
    presets = [(p, load_rules(p).name) for p in PRESETS]
    aged = [p for p in PRESETS if needs_ages(load_rules(p))]
    if form is None:
        form = {"preset": PRESETS[0], "names": ["Anna", "Ben", BOT_PEOPLE[0]], "ages": [],
                "kinds": ["human", "human", "heuristic"]}
    return {"presets": presets, "aged_presets": aged, "bots": available_bots(),
            "form": form, "rows": SEAT_ROWS}


@router.get("/", response_class=HTMLResponse)
async def start(request: Request) -> Response:
    return _render(request, "start.html", error=None, warn_links=_loopback_warning(request),
                   **_start_context())


def _loopback_warning(request: Request) -> str | None:
    """The start page's warning when the links it hands out would open on this machine only."""
    base = public_base(request)
    return text("loopback_links", _lang(request), base=base) if is_loopback_url(base) else None


def _typed(form: Any) -> dict[str, Any]:
    """The start form as typed, to show it again with an error."""
    def field(name: str) -> str:
        return str(form.get(name, ""))[:40]
    return {
        "preset": field("preset"),
        "names": [field(f"name{i}") for i in range(SEAT_ROWS)],
        "kinds": [field(f"kind{i}") or "human" for i in range(SEAT_ROWS)],
        "ages": [field(f"age{i}") for i in range(SEAT_ROWS)],
    }


async def _uploaded_rules(form: Any) -> tuple[str | None, str]:
    """The uploaded house rules' text and file name (None: no file chosen)."""
    upload = form.get("rules_file")
    if upload is None or isinstance(upload, str) or not upload.filename:
        return None, ""
    data = await upload.read(MAX_UPLOAD + 1)
    if len(data) > MAX_UPLOAD:
        raise Refused("upload_large", file=upload.filename, limit=MAX_UPLOAD)
    try:
        return data.decode("utf-8"), str(upload.filename)
    except UnicodeDecodeError:
        raise Refused("upload_text", file=upload.filename) from None


@router.post("/tables", response_class=HTMLResponse)
async def create_from_form(request: Request) -> Response:
    form = await request.form()
    lang = _lang(request)
    try:
        toml, filename = await _uploaded_rules(form)
        rules = build_rules(str(form.get("preset", "")), toml, filename)
        seats: list[tuple[str, str | None]] = []
        ages: list[int | None] = []
        for i in range(12):
            name = str(form.get(f"name{i}", "")).strip()
            kind = str(form.get(f"kind{i}", "human"))
            if name:
                seats.append((name, None if kind == "human" else kind))
                ages.append(check_age(form.get(f"age{i}")) if kind == "human" else None)
        session, host, tokens = await create_table(request, rules, seats, ages)
    except (InvalidInputError, Refused) as exc:
        msg = exc.localized(lang) if isinstance(exc, InvalidInputError) else (
            exc.en if lang == "en" else exc.de)
        return _render(request, "start.html", REFUSED_STATUS.get(getattr(exc, "key", ""), 400),
                       error=msg, warn_links=_loopback_warning(request),
                       **_start_context(_typed(form)))
    return _created(request, session, host, tokens)


def _created(request: Request, session: TableSession, host: str,
             tokens: list[str | None]) -> Response:
    """The page that hands out a new table's links (they are shown only here)."""
    lang = _lang(request)
    info = links(request, session, host, tokens)
    for s in info["seats"]:
        s["qr"] = qr_svg(with_lang(s["link"], lang)) if s["link"] else None
    return _render(request, "created.html", info=info,
                   host_qr=qr_svg(with_lang(info["host_link"], lang)),
                   invite_qr=qr_svg(with_lang(info["invite_link"], lang), scale=5),
                   rules_name=session.rules.name)


@router.get("/tables", include_in_schema=False)
async def tables_get(request: Request) -> Response:
    """``/tables`` has no page of its own (a form posts to it): the start page."""
    return RedirectResponse("/?lang=en" if _lang(request) == "en" else "/", status_code=303)


@router.post("/t/{table_id}/created", response_class=HTMLResponse)
async def created_again(table_id: str, request: Request) -> Response:
    """The created page again (the language switch): only with the host's token, and a
    seat's link only with that seat's token (the server keeps hashes, never links)."""
    session = table_or_404(request, table_id)
    form = await request.form()
    host = str(form.get("host", ""))
    if not host or not session.is_host(host):
        refused = Refused("not_host")
        return _render(request, "start.html", 403, error=refused.en if _lang(request) == "en"
                       else refused.de, warn_links=_loopback_warning(request), **_start_context())
    tokens: list[str | None] = []
    for i in range(len(session.seats)):
        token = str(form.get(f"seat{i}", ""))
        tokens.append(token if token and session.seat_of(token) == i else None)
    return _created(request, session, host, tokens)


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(table_id: str, request: Request) -> Response:
    session = table_or_404(request, table_id)
    return _render(request, "table.html", table=session.id, rules=session.rules)


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(table_id: str, request: Request, game: str | None = None) -> Response:
    """A kept game told by ``schock replay`` (``?game=N``; default: the latest), with
    the list of the table's games and the evening's Striche."""
    session = table_or_404(request, table_id)
    lang = _lang(request)
    games = [{"number": g.number, "loser": g.loser, "ended": g.ended} for g in session.games]
    context: dict[str, Any] = {"table": session.id, "games": games,
                               "striche": session.striche()}
    try:
        number, text = kept_game(session, game)
    except Refused as exc:
        status = 409 if exc.key == "not_kept" else 404
        return _render(request, "replay.html", status, text=None, number=None,
                       error=exc.en if lang == "en" else exc.de, **context)
    told = render_text(account(replay(loads(text))), lang)
    return _render(request, "replay.html", text=told, number=number, error=None, **context)
