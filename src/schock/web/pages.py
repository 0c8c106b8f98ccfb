"""Server-rendered pages: start, created (links and QR codes), table, finished game."""

from __future__ import annotations

from typing import Any

import segno
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from schock.bots import available_bots
from schock.bots.names import bot_names
from schock.errors import InvalidInputError
from schock.narrate import account, render_text
from schock.rules import PRESETS, load_rules
from schock.web.session import Refused
from schock.web.tables_api import build_rules, create_table, links, table_or_404

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


def qr_svg(link: str) -> Markup:
    """The link as an inline SVG QR code."""
    return Markup(segno.make(link, error="m").svg_inline(scale=3, dark="#111", light="#fff"))


@router.get("/", response_class=HTMLResponse)
async def start(request: Request) -> Response:
    presets = [(p, load_rules(p).name) for p in PRESETS]
    return _render(request, "start.html", presets=presets, bots=available_bots(), error=None)


@router.post("/tables", response_class=HTMLResponse)
async def create_from_form(request: Request) -> Response:
    form = await request.form()
    presets = [(p, load_rules(p).name) for p in PRESETS]
    try:
        toml = None
        upload = form.get("rules_file")
        if upload is not None and not isinstance(upload, str) and upload.filename:
            data = await upload.read(MAX_UPLOAD + 1)
            if len(data) > MAX_UPLOAD:
                raise InvalidInputError(f"{upload.filename}: larger than {MAX_UPLOAD} bytes")
            try:
                toml = data.decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidInputError(f"{upload.filename}: not UTF-8 text") from None
        rules = build_rules(str(form.get("preset", "")), toml, getattr(upload, "filename", "") or "")
        seats: list[tuple[str, str | None]] = []
        for i in range(12):
            name = str(form.get(f"name{i}", "")).strip()[:24]
            kind = str(form.get(f"kind{i}", "human"))
            if name or kind != "human":  # a bot without a name gets a person's name
                seats.append((name, None if kind == "human" else kind))
        unnamed = [i for i, (name, _) in enumerate(seats) if not name]
        names = bot_names([str(seats[i][1]) for i in unnamed], taken=[n for n, _ in seats])
        for i, name in zip(unnamed, names, strict=True):
            seats[i] = (name, seats[i][1])
        session, host, tokens = create_table(request, rules, seats)
    except (InvalidInputError, Refused) as exc:
        msg = str(exc) if isinstance(exc, InvalidInputError) else (
            exc.en if _lang(request) == "en" else exc.de)
        return _render(request, "start.html", 400, presets=presets, bots=available_bots(),
                       error=msg)
    info = links(request, session, host, tokens)
    for s in info["seats"]:
        s["qr"] = qr_svg(with_lang(s["link"], _lang(request))) if s["link"] else None
    host_qr = qr_svg(with_lang(info["host_link"], _lang(request)))
    return _render(request, "created.html", info=info, host_qr=host_qr)


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(table_id: str, request: Request) -> Response:
    session = table_or_404(request, table_id)
    return _render(request, "table.html", table=session.id, rules=session.rules)


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(table_id: str, request: Request) -> Response:
    session = table_or_404(request, table_id)
    if not session.game.over:
        return _render(request, "replay.html", 409, table=session.id, text=None)
    text = render_text(account(session.game), _lang(request))
    return _render(request, "replay.html", table=session.id, text=text)
