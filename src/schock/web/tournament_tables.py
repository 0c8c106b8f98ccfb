"""A table's own pages by phone (``/t/{tid}/table/{round}/{table}``, opened by the QR
code of its score sheet): its card, a game entered (it waits for the organizer), a game
scorekept on the phone (``keep``) and reported with its record."""

from __future__ import annotations

import hmac
import json
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament_keep import TournamentKeptRow
from schock.store.tournament_web import (
    TournamentPendingRow,
    table_token,
)
from schock.tournament import storage
from schock.tournament.card import enter_entry as _enter
from schock.tournament.card import entry_from_fields as _entry_from_form
from schock.tournament.card import whole_number as _int
from schock.tournament.domain import (
    Tournament,
)
from schock.tournament.format import (
    Scoring,
)
from schock.web import offload
from schock.web.tournament_common import (
    _access,
    _db,
    _entry_text,
    _event_entry,
    _lang,
    _msg,
    _now,
    _pending,
    _project,
    _render,
    uses_schock_aus,
)

router = APIRouter()


def _table_access(
    request: Request, tid: str, rnd: int, table: int, key: str
) -> tuple[Tournament, list[int]]:
    access = _access(_db(request), tid)
    if not key or not hmac.compare_digest(key, table_token(access.secret, rnd, table)):
        raise HTTPException(403, "wrong or missing table token (k); allowed: this table's QR code")
    t = storage.current(_db(request), tid)
    if not 1 <= rnd <= len(t.rounds) or not 1 <= table <= len(t.rounds[rnd - 1].tables):
        raise HTTPException(404, f"no table {table} in round {rnd}")
    return t, list(t.rounds[rnd - 1].tables[table - 1])


def _table_form(request: Request, tid: str, rnd: int, table: int, form: Any
                ) -> tuple[Any, str, Tournament, list[int]]:
    """A form posted at a table: the form, its table token and the table's access."""
    key = str(form.get("k", ""))
    return (form, key, *_table_access(request, tid, rnd, table, key))


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


def _table_chips(t: Tournament, rnd: int, table: int, players: list[int]) -> dict[int, int] | None:
    """Chips formats: the chips (lives) each player of the table has left, 0 for one who
    is out; what the players count on the table. None for points formats."""
    if t.format.scoring is not Scoring.CHIPS:
        return None
    d = t.derived
    playing = set(d.remaining.get((rnd, table), ()))
    return {p: d.chips.get(p, 0) if p in playing else 0 for p in players}


@router.get("/t/{tid}/table/{rnd}/{table}", response_class=HTMLResponse)
def table_entry_page(tid: str, rnd: int, table: int, request: Request, k: str = "") -> Response:
    t, players = _table_access(request, tid, rnd, table, k)
    return _table_view(request, t, rnd, table, players, k)


@router.post("/t/{tid}/table/{rnd}/{table}", response_class=HTMLResponse)
async def table_entry(tid: str, rnd: int, table: int, request: Request) -> Response:
    return await offload.in_thread(_table_entry, request, tid, rnd, table, await request.form())


def _table_entry(request: Request, tid: str, rnd: int, table: int, posted: Any) -> Response:
    form, key, t, players = _table_form(request, tid, rnd, table, posted)
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


def _q(request: Request) -> str:
    return "?lang=en" if _lang(request) == "en" else ""


@router.post("/t/{tid}/table/{rnd}/{table}/keep", response_class=HTMLResponse)
async def table_keep_start(tid: str, rnd: int, table: int, request: Request) -> Response:
    """Start scorekeeping the table's next game (or join the one already started)."""
    return await offload.in_thread(_keep_start, request, tid, rnd, table, await request.form())


def _keep_start(request: Request, tid: str, rnd: int, table: int, form: Any) -> Response:
    from schock.tournament.simulate import next_seats
    from schock.web.keep import new_kept_game_row

    _, key, t, players = _table_form(request, tid, rnd, table, form)
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
    return await offload.in_thread(_keep_report, request, tid, rnd, table, kid,
                                   await request.form())


def _keep_report(request: Request, tid: str, rnd: int, table: int, kid: str,
                 form: Any) -> Response:
    from schock.web.keep import NotFound, load_kept_game

    _, key, t, players = _table_form(request, tid, rnd, table, form)
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


def _entry_players(entry: dict[str, Any]) -> list[int]:
    """Every start number an entry names."""
    named = [entry["loser"], *(p for grp in entry.get("out", []) for p in grp)]
    named += [int(p) for p in entry.get("schock_aus", {})]
    named += [int(p) for p in entry.get("points", {})]
    return named

