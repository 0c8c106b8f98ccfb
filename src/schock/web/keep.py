"""Scorekeeping pages (``/keep/...``) and the small API other pages use.

A kept game lives in the database (``keep_games``, ``keep_entries``): every
request rebuilds its :class:`~schock.keep.Scorekeeper` from the stored
entries, so a server restart loses nothing. Every entry names the entry
number it expects to be; the number is part of the primary key, so the same
entry sent from two phones is stored once and the second phone is told the
game has moved on.

The API for other pages (e.g. a tournament table that keeps its game)::

    game_id = create_kept_game(db, rules, ["Anna", "Ben"], starter=None)
    keeper = load_kept_game(db, game_id)           # a Scorekeeper
    keeper = add_entry(db, game_id, expected, seat, entry)   # raises Stale or a refusal
    keeper = undo_entry(db, game_id, expected)
    keeper.record()                                 # the schock-record once keeper.over

and the page ``/keep/{game_id}`` to send the table's phone to.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from schock.engine.actions import EinkaufenAction, ThrowAction, parse_action
from schock.engine.record import rules_from_json, rules_to_json
from schock.engine.seat import Seat
from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.i18n import plural
from schock.keep import (
    Entry,
    Result,
    Scorekeeper,
    format_entry,
    parse_entry,
    parse_step,
    refusal,
)
from schock.messages import Msg
from schock.results import Kind
from schock.rules import PRESETS, Rules, load_rules
from schock.safejson import loads_json
from schock.store.db import Database
from schock.store.keep import KeptEntryRow, KeptGameRow
from schock.store.tournament_keep import table_links
from schock.web import offload
from schock.web.session import Refused, needs_ages
from schock.web.uploads import uploaded_text
from schock.web.urls import public_url

router = APIRouter()
MAX_UPLOAD = 20_000
MAX_NAME = 24


class Stale(SchockError):
    """The entry was not the one expected: another phone was quicker (or it was sent twice)."""

    def __init__(self, expected: int, actual: int) -> None:
        self.expected, self.actual = expected, actual
        super().__init__(
            f"the game has moved on: entry {actual + 1} is next, not {expected + 1} "
            "(sent twice, or from another phone); nothing was counted twice"
        )

    def message(self, lang: str) -> str:
        if lang == "de":
            return (
                f"Das Spiel ist schon weiter: Eintrag {self.actual + 1} ist dran, nicht "
                f"{self.expected + 1} (doppelt gesendet oder von einem anderen Handy); "
                "nichts wurde doppelt gezählt"
            )
        return str(self)


class NotFound(InvalidInputError):
    """No kept game with this id."""


# ---------------------------------------------------------------------- the Python API
def create_kept_game(
    db: Database, rules: Rules, names: Sequence[str], starter: int | None = None,
    ages: Sequence[int | None] | None = None,
) -> str:
    """Store a new kept game; return its id (the secret of its link). ``ages`` (one per
    name, None: not given) decide porz's opening tie (lost by the youngest)."""
    row = new_kept_game_row(rules, names, starter, ages)
    with db.session() as s:
        s.add(row)
    return row.id


def new_kept_game_row(
    rules: Rules, names: Sequence[str], starter: int | None = None,
    ages: Sequence[int | None] | None = None,
) -> KeptGameRow:
    """A new kept game's row (checked, not stored yet): to store it in a
    transaction together with rows that refer to it."""
    ages = list(ages) if ages is not None else [None] * len(names)
    if len(ages) != len(names):
        raise InvalidInputError(f"ages: expected one per name ({len(names)}), got {len(ages)}")
    seats = [Seat(n, a) if isinstance(n, str) else n for n, a in zip(names, ages, strict=True)]
    keeper = Scorekeeper(rules, seats, starter=starter)  # checks names, ages and starter
    return KeptGameRow(
        id=secrets.token_urlsafe(16),
        rules_json=json.dumps(rules_to_json(rules), ensure_ascii=False),
        seats_json=json.dumps(
            [s.name if s.age is None else {"name": s.name, "age": s.age} for s in keeper.seats],
            ensure_ascii=False,
        ),
        starter=starter,
    )


def _check_id(game_id: str) -> None:
    if (
        not isinstance(game_id, str)
        or not 10 <= len(game_id) <= 32
        or not all(c.isalnum() or c in "-_" for c in game_id)
    ):
        raise NotFound("no such kept game")


def load_kept_game(db: Database, game_id: str) -> Scorekeeper:
    """The kept game rebuilt from its stored entries."""
    _check_id(game_id)
    with db.session() as s:
        row = s.get(KeptGameRow, game_id)
        if row is None:
            raise NotFound("no such kept game")
        texts = list(
            s.scalars(
                select(KeptEntryRow.text)
                .where(KeptEntryRow.game_id == game_id)
                .order_by(KeptEntryRow.n)
            )
        )
        rules = rules_from_json(json.loads(row.rules_json))
        seats = [  # a name, or (with an age) {"name": ..., "age": ...}
            Seat(x["name"], x.get("age")) if isinstance(x, dict) else x
            for x in json.loads(row.seats_json)
        ]
        starter = row.starter
    return Scorekeeper(rules, seats, starter=starter, entries=[parse_entry(t) for t in texts])


def add_entry(db: Database, game_id: str, expected: int, seat: int, entry: Entry) -> Scorekeeper:
    """Enter ``entry`` as entry number ``expected`` (from 0). Raises :class:`Stale` if the
    game holds another number of entries, the engine's refusal if the rules forbid it."""
    keeper = load_kept_game(db, game_id)
    n = len(keeper.entries)
    if expected.__class__ is not int or expected != n:
        raise Stale(expected if isinstance(expected, int) else -1, n)
    keeper.enter(seat, entry)
    try:
        with db.session() as s:
            s.add(KeptEntryRow(game_id=game_id, n=n, text=format_entry(seat, entry)))
    except IntegrityError:  # another request stored entry n first
        raise Stale(expected, n + 1) from None
    return keeper


def undo_entry(db: Database, game_id: str, expected: int) -> Scorekeeper:
    """Drop the last entry, if the game holds ``expected`` entries."""
    keeper = load_kept_game(db, game_id)
    n = len(keeper.entries)
    if expected.__class__ is not int or expected != n:
        raise Stale(expected if isinstance(expected, int) else -1, n)
    keeper.undo()
    with db.session() as s:
        gone = s.execute(
            delete(KeptEntryRow).where(KeptEntryRow.game_id == game_id, KeptEntryRow.n == n - 1)
        )
        if getattr(gone, "rowcount", 1) != 1:
            raise Stale(expected, n - 1)
    return keeper


# ---------------------------------------------------------------------- helpers
def _db(request: Request) -> Database:
    db: Database = request.app.state.tables.repo.db
    return db


def _lang(request: Request) -> str:
    return "en" if request.query_params.get("lang") == "en" else "de"


def _render(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    lang = _lang(request)
    return request.app.state.templates.TemplateResponse(  # type: ignore[no-any-return]
        request, name, {"lang": lang, "en": lang == "en", **context}, status_code=status
    )


def _q(request: Request) -> str:
    return "?lang=en" if _lang(request) == "en" else ""


def _int(value: object, what: Msg, low: int, high: int) -> int:
    text = str(value if value is not None else "").strip()
    if not text.isdigit() or len(text) > 9 or not low <= int(text) <= high:
        raise InvalidInputError(
            Msg("keepweb.int", {"what": what, "text": text[:20], "low": low, "high": high})
        )
    return int(text)


def entry_from_form(keeper: Scorekeeper, form: Any) -> tuple[int, Entry]:
    """The entry a form describes, for the seat the game waits for (or a Strafdeckel)."""
    kind = str(form.get("kind", ""))
    exp = keeper.expecting()
    if kind == "straf":
        seat = _int(form.get("seat"), Msg("keepweb.f.seat"), 0, len(keeper.seats) - 1)
        items = _int(form.get("items", "1"), Msg("keepweb.f.items"), 1, 4)
        return seat, parse_action(f"{seat} strafdeckel {items}")[1]
    if exp.seat is None:
        raise IllegalActionError(Msg("keepweb.over"))
    seat = exp.seat
    if kind == "void":
        last = keeper.game.log[-1]
        who = getattr(last, "seat", seat)
        return (who if isinstance(who, int) else seat), parse_action("0 void")[1]
    if kind == "roll_off":
        return seat, ThrowAction((_int(form.get("die"), Msg("keepweb.f.die", {"i": 1}), 1, 6),))
    if kind == "einkaufen":
        answer = str(form.get("join", ""))
        if answer not in ("yes", "no"):
            raise InvalidInputError(Msg("keepweb.join", {"text": answer[:20]}))
        return seat, EinkaufenAction(answer == "yes")
    if kind == "action":
        return seat, parse_step(str(form.get("action", ""))[:60])  # German words as in the terminal
    if kind == "result":
        dice = tuple(
            _int(form.get(f"d{i}"), Msg("keepweb.f.die", {"i": i + 1}), 1, 6) for i in range(3)
        )
        throws = _int(form.get("throws"), Msg("keepweb.f.throws"), 1, 9)
        kept = tuple(dice[i] for i in range(3) if form.get(f"k{i}"))
        turned = _int(form.get("turned", "0") or "0", Msg("keepweb.f.turned"), 0, 2)
        blind = bool(form.get("blind"))
        claim_text = str(form.get("claim", "") or "")
        claim = None
        if claim_text:
            try:
                claim = Kind(claim_text)
            except ValueError:
                raise InvalidInputError(Msg("keepweb.claim", {
                    "text": claim_text[:20], "allowed": ", ".join(k.value for k in Kind)})) from None
        return seat, Result(dice, throws, kept, turned, blind, claim)
    raise InvalidInputError(Msg("keepweb.kind", {"text": kind[:20]}))


def _page(
    request: Request, game_id: str, keeper: Scorekeeper, error: str | None = None, status: int = 200,
    form: dict[str, str] | None = None,
) -> Response:
    lang = _lang(request)
    return _render(
        request,
        "keep_game.html",
        status,
        game=game_id,
        st=keeper.state(),
        rules=keeper.rules,
        straf=keeper.rules.strafdeckel.value != "none",
        entries=[format_entry(s, e) for s, e in keeper.entries[-8:]],
        error=error,
        q=_q(request),
        kinds=[k.value for k in Kind],
        table=table_links(_db(request), game_id),
        form=form or {},
        lang_limit=_limit_text(keeper, lang),
        last_line=_last_line(keeper, lang),
        throw_words={t: plural("throws", t, lang).split(" ", 1)[1] for t in range(1, 10)},
        throws_after={t: plural("after_throws", t, lang) for t in range(1, 10)},
    )


def _last_line(keeper: Scorekeeper, lang: str) -> str:
    """The last round's Deckel in one line: ``Ben bekommt 4 Deckel aus dem Stock``."""
    st = keeper.state()
    d = st["last_deckel"]
    if d is None or not st["last_showdown"]:
        return ""
    names = st["names"]
    count = plural("deckel", d["count"], lang)
    if lang == "en":
        source = "from the Stock" if d["giver"] is None else f"from {names[d['giver']]}"
        return f"Last round: {names[d['loser']]} gets {count} {source}"
    source = "aus dem Stock" if d["giver"] is None else f"von {names[d['giver']]}"
    return f"Letzte Runde: {names[d['loser']]} bekommt {count} {source}"


def _limit_text(keeper: Scorekeeper, lang: str) -> str:
    """How many throws the player to enter may take: ``Höchstens 1 Wurf`` (plural forms)."""
    st = keeper.state()
    cap = st["limit"] if st["limit"] is not None else keeper.rules.max_throws
    return plural("throws_at_most", cap, lang)


# ---------------------------------------------------------------------- pages
@router.get("/keep", response_class=HTMLResponse)
def keep_start(request: Request) -> Response:
    presets = [(p, load_rules(p).name) for p in PRESETS]
    return _render(request, "keep_start.html", presets=presets, error=None, q=_q(request),
                   aged=_aged(), form={})


def _aged() -> list[str]:
    """The presets whose opening tie is lost by the youngest: the start page asks ages."""
    return [p for p in PRESETS if needs_ages(load_rules(p))]


def _typed(form: Any, keys: Sequence[str]) -> dict[str, str]:
    """What was typed or tapped into a form, to show it again with its refusal."""
    return {k: v[:60] for k in keys if isinstance(v := form.get(k, ""), str) and v}


START_FIELDS = ["preset", "starter", *(f"name{i}" for i in range(12)), *(f"age{i}" for i in range(12))]
ENTRY_FIELDS = ["d0", "d1", "d2", "k0", "k1", "k2", "throws", "turned", "blind", "action"]


@router.post("/keep", response_class=HTMLResponse)
async def keep_create(request: Request) -> Response:
    form = await request.form()
    lang = _lang(request)
    presets = [(p, load_rules(p).name) for p in PRESETS]
    try:
        from schock.web.tables_api import build_rules, check_age, check_name, check_seats

        toml, file_name = await uploaded_text(form, "rules_file", MAX_UPLOAD) or (None, "")
        rules = build_rules(str(form.get("preset", "")), toml, file_name)
        typed = [str(form.get(f"name{i}", "")).strip() for i in range(12)]
        names = [check_name(n) for n in typed if n]  # the start page's checks and words
        check_seats(names)
        ages = [check_age(form.get(f"age{i}")) for i in range(12) if typed[i]]
        starter_text = str(form.get("starter", "") or "")
        starter = None
        if starter_text:
            starter = _int(starter_text, Msg("keepweb.f.starter"), 1, max(1, len(names))) - 1
        game_id = create_kept_game(_db(request), rules, names, starter, ages)
    except (SchockError, Refused) as exc:
        error = exc.localized(lang) if isinstance(exc, SchockError) else (
            exc.en if lang == "en" else exc.de)
        return _render(
            request, "keep_start.html", 400, presets=presets, error=error, q=_q(request),
            aged=_aged(), form=_typed(form, START_FIELDS),
        )
    return RedirectResponse(f"/keep/{game_id}{_q(request)}", status_code=303)


@router.get("/keep/{game_id}", response_class=HTMLResponse)
def keep_page(game_id: str, request: Request) -> Response:
    try:
        keeper = load_kept_game(_db(request), game_id)
    except NotFound:
        return _render(request, "keep_start.html", 404, presets=[], q=_q(request), aged=[],
                       error=Msg("keepweb.no_game").text(_lang(request)), form={})
    return _page(request, game_id, keeper)


@router.post("/keep/{game_id}/entry", response_class=HTMLResponse)
async def keep_entry(game_id: str, request: Request) -> Response:
    return await offload.in_thread(_keep_entry, request, game_id, await request.form())


def _keep_entry(request: Request, game_id: str, form: Any) -> Response:
    db = _db(request)
    lang = _lang(request)
    try:
        keeper = load_kept_game(db, game_id)
    except NotFound:
        return Response(Msg("keepweb.no_game").text(lang), status_code=404)
    try:
        expected = _int(form.get("n"), Msg("keepweb.f.entry"), 0, 10**6)
        if form.get("kind") == "undo":
            keeper = undo_entry(db, game_id, expected)
        else:
            seat, entry = entry_from_form(keeper, form)
            keeper = add_entry(db, game_id, expected, seat, entry)
    except Stale as exc:
        return _page(request, game_id, load_kept_game(db, game_id), exc.message(lang), 409)
    except SchockError as exc:
        status = 409 if isinstance(exc, IllegalActionError) else 400
        return _page(request, game_id, load_kept_game(db, game_id), refusal(exc, lang), status,
                     form=_typed(form, ENTRY_FIELDS))
    return RedirectResponse(f"/keep/{game_id}{_q(request)}", status_code=303)


@router.get("/keep/{game_id}/record.json")
def keep_record(game_id: str, request: Request) -> Response:
    try:
        keeper = load_kept_game(_db(request), game_id)
    except NotFound:
        return Response("no such kept game", status_code=404)
    if not keeper.over:
        return JSONResponse({"error": "the game is not over yet"}, status_code=409)
    return Response(
        json.dumps(keeper.record(), ensure_ascii=False, indent=2),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="schock-{game_id[:8]}.json"'},
    )


# ---------------------------------------------------------------------- JSON API
async def _json_object(request: Request) -> dict[str, Any]:
    """The body of an API call as a JSON object, read as JSON from outside is
    (:func:`~schock.safejson.loads_json`: no nesting deep enough to crash, no huge
    numbers); InvalidInputError otherwise."""
    try:
        body = loads_json((await request.body()).decode("utf-8"), "body")
    except UnicodeDecodeError:
        raise InvalidInputError("expected a JSON object: the body is not UTF-8") from None
    except InvalidInputError as exc:
        raise InvalidInputError(f"expected a JSON object: {exc}") from None
    if not isinstance(body, dict):
        raise InvalidInputError("expected a JSON object")
    return body


@router.post("/api/keep", status_code=201)
async def api_create(request: Request) -> Response:
    try:
        body = await _json_object(request)
        preset = body.get("preset", "porz")
        if preset not in PRESETS:
            raise InvalidInputError(f"preset {str(preset)[:20]!r}: allowed: {', '.join(PRESETS)}")
        names = body.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InvalidInputError("names: expected a list of 2 to 12 names")
        starter = body.get("starter")
        if starter is not None and starter.__class__ is not int:
            raise InvalidInputError("starter: expected a seat number or null")
        game_id = create_kept_game(_db(request), load_rules(preset), names, starter)
    except InvalidInputError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    return JSONResponse({"id": game_id, "link": public_url(request, f"/keep/{game_id}")},
                        status_code=201)


@router.get("/api/keep/{game_id}")
def api_state(game_id: str, request: Request) -> Response:
    try:
        keeper = load_kept_game(_db(request), game_id)
    except NotFound:
        return JSONResponse({"error": "no such kept game"}, status_code=404)
    return JSONResponse(keeper.state())


@router.post("/api/keep/{game_id}/entries")
async def api_entry(game_id: str, request: Request) -> Response:
    """``{"n": expected entry number, "entry": "0 result 1-1-4 2 kept 1-1"}`` or
    ``{"n": ..., "undo": true}``."""
    try:
        body = await _json_object(request)
    except InvalidInputError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    return await offload.in_thread(_api_entry, request, game_id, body)


def _api_entry(request: Request, game_id: str, body: dict[str, Any]) -> Response:
    db = _db(request)
    try:
        expected = body.get("n")
        if expected.__class__ is not int:
            raise InvalidInputError("n: expected the number of the entry (the entries so far)")
        if body.get("undo") is True:
            keeper = undo_entry(db, game_id, expected)
        else:
            text = body.get("entry")
            if not isinstance(text, str) or len(text) > 80:
                raise InvalidInputError('entry: expected text such as "0 result 1-1-4 2 kept 1-1"')
            seat, entry = parse_entry(text)
            keeper = add_entry(db, game_id, expected, seat, entry)
    except NotFound:
        return JSONResponse({"error": "no such kept game"}, status_code=404)
    except Stale as exc:
        return JSONResponse(
            {"error": str(exc), "de": exc.message("de"), "stale": True, "n": exc.actual},
            status_code=409,
        )
    except IllegalActionError as exc:
        return JSONResponse(
            {"error": refusal(exc, "en"), "de": refusal(exc, "de"), "rule": exc.rule},
            status_code=409,
        )
    except SchockError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    return JSONResponse(keeper.state(), status_code=201)
