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

A server reads tournaments through a cache (:func:`current`): the tournament replayed
once, brought up to date with the entries the log gained since (one indexed query per
call finds out whether it did, so a write of another process is seen at once), and
shared by every reader, who must not change it. :func:`load` hands out a copy to
change and save.

>>> current(db, "abend") is current(db, "abend")
True
>>> t = load(db, "abend")
>>> _ = t.register("Ben")
>>> len(current(db, "abend").players), save(db, t), len(current(db, "abend").players)
(1, 1, 2)
>>> db.close()
"""

from __future__ import annotations

import dataclasses
import json
import threading
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import case, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from schock.engine.record import rules_from_json, rules_to_json
from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.store import Database
from schock.store.tournament import TournamentEventRow, TournamentRow, TournamentSnapshotRow
from schock.tournament import archive
from schock.tournament.domain import Tournament, Undone, event_from_json

NEWEST = (func.coalesce(TournamentRow.added, TournamentRow.created).desc(),
          TournamentRow.created.desc())
"""The order of stored tournaments, the newest added first (an imported archive counts
from its import, not from its old creation date)."""


def save(db: Database, t: Tournament) -> int:
    """Write what ``t`` gained since it was loaded; returns the number of new log entries."""
    try:
        with db.session() as s:
            new = _save(s, t)
        _LOADED[t] = len(t.log)
        return new
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
    known = _LOADED.get(t, 0)  # entries read from this database: stored as they are
    stored = {
        r.seq: r
        for r in s.scalars(
            select(TournamentEventRow).where(TournamentEventRow.tournament_id == t.id,
                                             TournamentEventRow.seq > known)
        )
    }
    marks = [e.seq for e in t.log[:known] if e.undone]
    if marks:  # undo marks set since (a mark is never taken back)
        s.execute(update(TournamentEventRow)
                  .where(TournamentEventRow.tournament_id == t.id,
                         TournamentEventRow.seq.in_(marks), ~TournamentEventRow.undone)
                  .values(undone=True))
    new = 0
    for entry in t.log[known:]:
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
    ``neu`` or read with ``import``), its log replayed: the caller's own, to change and
    :func:`save` (a copy of :func:`current`'s)."""
    t = current(db, tid).copy()
    t.check_records = True
    _LOADED[t] = len(t.log)
    return t


_LOADED: weakref.WeakKeyDictionary[Tournament, int] = weakref.WeakKeyDictionary()
"""How many entries of a tournament :func:`load` read (or :func:`save` wrote): those are
stored as they are (the log only grows), so a save compares only what came after."""


Version = tuple[int, int, int]
"""What a tournament's stored log is now: (entries, the newest entry's seq, entries
undone). The log only grows (:func:`save` refuses to change an entry) and an undo marks
an entry and adds one, so an equal version is an equal log."""


def version_of(t: Tournament) -> Version:
    """The :data:`Version` of a tournament's log as it is in memory."""
    return (len(t.log), t.log[-1].seq if t.log else 0, sum(e.undone for e in t.log))


def stored_version(db: Database, tid: str) -> Version:
    """The :data:`Version` of a tournament's log as stored: one query on its index."""
    with db.session() as s:
        return _stored_version(s, tid)


def _stored_version(s: Session, tid: str) -> Version:
    count, last, undone = s.execute(
        select(func.count(), func.coalesce(func.max(TournamentEventRow.seq), 0),
               func.coalesce(func.sum(case((TournamentEventRow.undone, 1), else_=0)), 0))
        .where(TournamentEventRow.tournament_id == tid)).one()
    return int(count), int(last), int(undone)


@dataclass
class _Cache:
    """One database's replayed tournaments (a lock each, so a tournament is replayed by
    one thread at a time while the others wait for it)."""

    tournaments: dict[str, Tournament] = dataclasses.field(default_factory=dict)
    locks: dict[str, threading.Lock] = dataclasses.field(default_factory=dict)
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def lock_of(self, tid: str) -> threading.Lock:
        with self.lock:
            return self.locks.setdefault(tid, threading.Lock())


_CACHES: weakref.WeakKeyDictionary[Database, _Cache] = weakref.WeakKeyDictionary()
_CACHES_LOCK = threading.Lock()


def _cache(db: Database) -> _Cache:
    with _CACHES_LOCK:
        cache = _CACHES.get(db)
        if cache is None:
            cache = _CACHES[db] = _Cache()
        return cache


def current(db: Database, tid: str | None = None) -> Tournament:
    """The stored tournament ``tid`` (None: the newest, as :func:`load`) as it is now,
    **shared**: read it, never change it (:func:`load` gives a copy to change).

    Replayed once per process; each call asks the database for the log's
    :data:`Version` and, when the log grew, applies the new entries to a copy that
    replaces the cached one (a reader holding the old one keeps a consistent
    tournament). Anything the new entries cannot explain is replayed from the start.
    Blocking (database, replay): call it off the event loop.
    """
    if tid is None:
        with db.session() as s:
            tid = s.scalars(select(TournamentRow.id).order_by(*NEWEST)).first()
        if tid is None:
            raise InvalidInputError(Msg("turnier.none"))
    cache = _cache(db)
    have = cache.tournaments.get(tid)
    if have is not None and stored_version(db, tid) == version_of(have):
        return have
    with cache.lock_of(tid):
        with db.session() as s:
            now = _stored_version(s, tid)
            have = cache.tournaments.get(tid)
            if have is not None and now == version_of(have):
                return have
            t = _catch_up(s, have, now) if have is not None else None
            if t is None:
                t = _replay(s, tid)
        cache.tournaments[tid] = t
        return t


def _catch_up(s: Session, have: Tournament, now: Version) -> Tournament | None:
    """A copy of ``have`` with the entries the stored log gained (and the undo marks it
    set); None when the stored log is not ``have``'s grown (replay it whole)."""
    n = len(have.log)
    if now[0] <= n or now[1] != now[0]:
        return None
    undone = set(s.scalars(select(TournamentEventRow.seq).where(
        TournamentEventRow.tournament_id == have.id, TournamentEventRow.undone,
        TournamentEventRow.seq <= n)))
    rows = list(s.scalars(select(TournamentEventRow).where(
        TournamentEventRow.tournament_id == have.id, TournamentEventRow.seq > n)
        .order_by(TournamentEventRow.seq)))
    t = have.copy()
    try:
        for i, e in enumerate(t.log):
            if (e.seq in undone) != e.undone:
                if e.undone:  # an undo mark is never taken back
                    return None
                t.log[i] = dataclasses.replace(e, undone=True)
        for row in rows:
            if row.seq != len(t.log) + 1:
                return None
            event = event_from_json(json.loads(row.payload), f"tournament_events[{row.seq}]")
            t.replay_event(event, at=row.at, undone=row.undone)
        marked = {e.event.seq for e in t.log if isinstance(e.event, Undone)}
        if {e.seq for e in t.log if e.undone} != marked:
            return None  # an entry marked undone without its undo entry (yet)
    except (InvalidInputError, IllegalActionError):  # pragma: no cover - replay it whole
        return None
    return t if version_of(t) == now else None


def _replay(s: Session, tid: str) -> Tournament:
    """A stored tournament, its whole log replayed."""
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
