"""Keeping tournaments in the shared database (:mod:`schock.store`).

A tournament is loaded by replaying its stored log and saved by writing the
log entries it gained (and the undo marks it set) in **one transaction**: a
command either lands whole or not at all. When a round has just been
finished, the same transaction stores a snapshot (the JSON archive) of the
tournament at that moment.

>>> from schock.store import open_database
>>> from schock.tournament.format import load_format
>>> from schock.tournament.domain import Tournament
>>> db = open_database("sqlite://")
>>> t = Tournament.create(name="Abend", fmt=load_format("irmgarteich"), id="abend")
>>> _ = t.register("Anna")
>>> save(db, t)
1
>>> load(db, "abend").players[1].name
'Anna'
>>> db.close()
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from schock.engine.record import rules_from_json, rules_to_json
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament import TournamentEventRow, TournamentRow, TournamentSnapshotRow
from schock.tournament import archive
from schock.tournament.domain import Tournament, event_from_json

NEWEST = (func.coalesce(TournamentRow.added, TournamentRow.created).desc(),
          TournamentRow.created.desc())
"""The order of stored tournaments, the newest added first (an imported archive counts
from its import, not from its old creation date)."""


def save(db: Database, t: Tournament) -> int:
    """Write what ``t`` gained since it was loaded; returns the number of new log entries."""
    try:
        with db.session() as s:
            return _save(s, t)
    except IntegrityError as exc:
        raise InvalidInputError(
            f"tournament {t.id}: the database changed meanwhile (another program wrote to it); "
            "nothing was saved, try again"
        ) from exc


def _save(s: Session, t: Tournament) -> int:
    row = s.get(TournamentRow, t.id)
    if row is None:
        s.add(
            TournamentRow(
                id=t.id,
                name=t.name,
                seed=t.seed,
                created=t.created,
                format_json=json.dumps(t.format.to_dict(), ensure_ascii=False),
                rules_json=json.dumps(rules_to_json(t.rules), ensure_ascii=False),
                added=datetime.now(UTC).isoformat(),
            )
        )
        s.flush()
    stored = {
        r.seq: r
        for r in s.scalars(
            select(TournamentEventRow).where(TournamentEventRow.tournament_id == t.id)
        )
    }
    new = 0
    for entry in t.log:
        have = stored.get(entry.seq)
        payload = json.dumps(entry.event.to_json(), ensure_ascii=False)
        if have is None:
            s.add(
                TournamentEventRow(
                    tournament_id=t.id,
                    seq=entry.seq,
                    at=entry.at,
                    kind=entry.event.kind,
                    payload=payload,
                    undone=entry.undone,
                )
            )
            new += 1
        elif have.payload != payload:
            raise InvalidInputError(
                f"tournament {t.id}: the database changed meanwhile (another program wrote "
                f"entry {entry.seq}); nothing was saved, try again"
            )
        elif have.undone != entry.undone:
            have.undone = entry.undone
    snapped = set(
        s.scalars(
            select(TournamentSnapshotRow.round).where(TournamentSnapshotRow.tournament_id == t.id)
        )
    )
    text = None
    for rnd in t.rounds:
        if rnd.number not in snapped and t.round_complete(rnd.number):
            text = text or archive.dumps(t)
            s.add(
                TournamentSnapshotRow(
                    tournament_id=t.id, round=rnd.number, at=t.log[-1].at, archive=text
                )
            )
    return new


def tournaments(db: Database) -> list[tuple[str, str, str]]:
    """(id, name, created) of every stored tournament, the newest added first."""
    with db.session() as s:
        rows = s.scalars(select(TournamentRow).order_by(*NEWEST))
        return [(r.id, r.name, r.created) for r in rows]


def load(db: Database, tid: str | None = None) -> Tournament:
    """A stored tournament by id (None: the one added to the database last, made with
    ``neu`` or read with ``import``), its log replayed."""
    with db.session() as s:
        if tid is None:
            row = s.scalars(select(TournamentRow).order_by(*NEWEST)).first()
            if row is None:
                raise InvalidInputError(Msg("turnier.none"))
        else:
            row = s.get(TournamentRow, tid)
            if row is None:
                known = [r.id for r in s.scalars(select(TournamentRow))]
                raise InvalidInputError(
                    Msg("turnier.unknown", {"tid": tid, "known": ", ".join(known) or "-"})
                )
        fmt = archive.format_from_json(json.loads(row.format_json), "tournaments.format_json")
        t = Tournament(
            id=row.id,
            name=row.name,
            fmt=fmt,
            rules=rules_from_json(json.loads(row.rules_json)),
            seed=row.seed,
            created=row.created,
        )
        t.check_records = False  # the records were checked when they were entered
        events = s.scalars(
            select(TournamentEventRow)
            .where(TournamentEventRow.tournament_id == row.id)
            .order_by(TournamentEventRow.seq)
        )
        for e in events:
            event = event_from_json(json.loads(e.payload), f"tournament_events[{e.seq}]")
            t.replay_event(event, at=e.at, undone=e.undone)
        t.check_records = True
        return t


def snapshots(db: Database, tid: str) -> list[tuple[int, str, str]]:
    """(round, at, archive text) of a tournament's round snapshots."""
    with db.session() as s:
        rows = s.scalars(
            select(TournamentSnapshotRow)
            .where(TournamentSnapshotRow.tournament_id == tid)
            .order_by(TournamentSnapshotRow.round)
        )
        return [(r.round, r.at, r.archive) for r in rows]


def import_archive(db: Database, text: str) -> Tournament:
    """Read an archive and store it as a new tournament."""
    return store_imported(db, archive.loads(text))


def store_imported(db: Database, t: Tournament) -> Tournament:
    """Store a tournament read from an archive as a new one (refused if its id is taken)."""
    with db.session() as s:
        if s.get(TournamentRow, t.id) is not None:
            raise InvalidInputError(Msg("archive.at", {"where": "tournament.id", "reason": Msg(
                "archive.exists", {"id": repr(t.id)})}))
    save(db, t)
    return t
