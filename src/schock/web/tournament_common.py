"""What the tournament pages share: the organizer's and a table's access, the waiting
reports and the table's card as the organizer has not confirmed yet (:func:`_project`),
a report in words, the language and the rendering.

Access: the organizer pages need the organizer secret, a token in the link
shown once at creation (``/turnier/{id}?k=...``), like the browser app's host
link. Each table's entry page needs that table's token, derived from the
secret (HMAC of round and table), which the score sheets' QR codes carry: a
token opens exactly one table of one round. The projector page is public
(it shows what hangs on the wall anyway).

Nothing here runs on the event loop: the pages' handlers are plain functions (FastAPI
runs them in its thread pool) or hand their blocking part to :mod:`schock.web.offload`.
They read the tournament shared by :func:`schock.tournament.storage.current` and take a
copy (:func:`schock.tournament.storage.load`) only to change it.
"""

from __future__ import annotations

import hmac
import json
from datetime import UTC, datetime
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import Response
from sqlalchemy import select

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament_web import (
    TournamentAccessRow,
    TournamentPendingRow,
)
from schock.tournament import storage
from schock.tournament.card import enter_entry as _enter
from schock.tournament.domain import (
    GameEntered,
    Refused,
    Tournament,
    format_out,
)
from schock.tournament.format import (
    Scoring,
    SidePrize,
    TieBreak,
)
from schock.tournament.standings import standings

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


def _organizer(request: Request, tid: str, key: str, *, own: bool = False
               ) -> tuple[Tournament, TournamentAccessRow]:
    """The tournament and its access row, with the organizer key checked: the shared
    tournament (:func:`storage.current`: read it only), or ``own`` a copy to change and
    save. Blocking: call it off the event loop."""
    access = _organizer_access(request, tid, key)
    db = _db(request)
    return (storage.load(db, tid) if own else storage.current(db, tid)), access


def _organizer_access(request: Request, tid: str, key: str) -> TournamentAccessRow:
    access = _access(_db(request), tid)
    if not key or not hmac.compare_digest(key, access.secret):
        raise HTTPException(403, "wrong or missing organizer key (k); allowed: the organizer link")
    return access


def _short(text: str, limit: int = 300) -> str:
    """A history line; a game record in it would fill the page."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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


def _trial(t: Tournament) -> Tournament:
    """A copy of ``t`` to try entries on (records are not re-checked)."""
    return t.copy()


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


def _event_entry(event: GameEntered) -> dict[str, Any]:
    """An entered game in the shape of a report (for :func:`_entry_text`)."""
    return {"loser": event.loser, "out": [list(g) for g in event.out],
            "schock_aus": {str(p): n for p, n in event.schock_aus if n},
            "recorded": event.record is not None}


def _standings_json(t: Tournament) -> list[dict[str, Any]]:
    return [
        {"rank": s.rank, "number": s.number, "name": s.name, "points": str(s.points),
         "lost": s.lost, "chips": s.chips, "status": s.status}
        for s in standings(t)
    ]
