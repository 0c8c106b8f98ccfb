"""The tables' reports as the organizer handles them: the waiting reports in words,
confirming one or all (never a game twice), rejecting, and the record a report came with.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from sqlalchemy import select

from schock.errors import IllegalActionError, InvalidInputError
from schock.store import Database
from schock.store.tournament_web import (
    TournamentPendingRow,
)
from schock.tournament import storage
from schock.tournament.card import enter_entry as _enter
from schock.tournament.domain import (
    GameEntered,
    Refused,
    Tournament,
)
from schock.tournament.format import (
    Scoring,
)
from schock.web.tournament_common import (
    _db,
    _entry_text,
    _organizer,
    _pending,
)

router = APIRouter()


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


@router.get("/turnier/{tid}/pending/{pid}/record.json")
def pending_record(tid: str, pid: int, request: Request, k: str = "") -> Response:
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
