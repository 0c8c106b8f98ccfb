"""Storing Stammtisch groups: each command's events are written in one transaction.

>>> from schock.store import open_database
>>> db = open_database("sqlite://")
>>> gid = create_group(db, "Dienstag", ["Anna", "Ben"])
>>> change(db, gid, lambda st: st.start_evening("2026-11-20"))
>>> load_group(db, gid).evenings[0].day
'2026-11-20'
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from schock.errors import InvalidInputError
from schock.evening.domain import Stammtisch
from schock.evening.entries import DuplicateEntry, Settings
from schock.messages import Msg
from schock.store.db import Database
from schock.store.evening import EveningAccessRow, EveningEventRow, EveningGroupRow


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _write(session: Session, group_id: str, start: int, events: Iterable[dict[str, Any]]) -> None:
    for i, e in enumerate(events, start=start):
        session.add(EveningEventRow(
            group_id=group_id, seq=i, at=_now(), kind=e["kind"],
            payload=json.dumps(e["data"], ensure_ascii=False), entry_id=e["data"].get("entry_id"),
        ))


def create_group(db: Database, name: str, members: Iterable[str] = (),
                 settings: Settings | None = None) -> str:
    """Stores a new group with its secret (:func:`ensure_group_secret`); returns its id.
    A group name already taken (ignoring case) is refused: commands find groups by name."""
    st = Stammtisch.create(name, members, settings)
    if any(n.casefold() == st.name.casefold() for _, n, _ in list_groups(db)):
        raise InvalidInputError(Msg("abend.group_name_taken", {"name": st.name}))
    gid = secrets.token_urlsafe(9)
    with db.session() as s:
        s.add(EveningGroupRow(id=gid, name=st.name, created=_now()))
        s.flush()
        _write(s, gid, 1, st.events)
        s.add(EveningAccessRow(group_id=gid, secret=secrets.token_urlsafe(18)))
    return gid


def ensure_group_secret(db: Database, group_id: str) -> str:
    """The secret of a stored group (the key of its link); a group stored before the
    secrets existed gets a new random one now. InvalidInputError if there is no such group.

    >>> from schock.store import open_database
    >>> db = open_database("sqlite://")
    >>> gid = create_group(db, "Dienstag", ["Anna", "Ben"])
    >>> ensure_group_secret(db, gid) == ensure_group_secret(db, gid)
    True
    """
    with db.session() as s:
        row = s.get(EveningAccessRow, group_id)
        if row is not None:
            return row.secret
        if s.get(EveningGroupRow, group_id) is None:
            raise InvalidInputError(Msg("abend.group_none", {"key": str(group_id)[:60]}))
        secret = secrets.token_urlsafe(18)
        s.add(EveningAccessRow(group_id=group_id, secret=secret))
    return secret


def group_by_secret(db: Database, group_id: str, key: str) -> Stammtisch | None:
    """The group if ``key`` is its secret, else None (compared in constant time). A group
    without a secret yet is never opened this way."""
    with db.session() as s:
        row = s.get(EveningAccessRow, group_id)
        if row is None or not hmac.compare_digest(row.secret.encode(), key.encode()):
            return None
        return _load(s, group_id)


def list_groups(db: Database) -> list[tuple[str, str, int]]:
    """Every group: id, name and number of events, oldest first."""
    with db.session() as s:
        rows = s.execute(
            select(EveningGroupRow.id, EveningGroupRow.name, func.count(EveningEventRow.id))
            .join(EveningEventRow, EveningEventRow.group_id == EveningGroupRow.id)
            .group_by(EveningGroupRow.id, EveningGroupRow.name, EveningGroupRow.created)
            .order_by(EveningGroupRow.created, EveningGroupRow.id)
        ).all()
    return [(r[0], r[1], int(r[2])) for r in rows]


def find_group(db: Database, key: str) -> str:
    """A group's id from its id or its name (ignoring case); InvalidInputError if none."""
    groups = list_groups(db)
    for gid, _name, _ in groups:
        if key == gid:
            return gid
    named = [gid for gid, name, _ in groups if name.casefold() == str(key).strip().casefold()]
    if len(named) == 1:
        return named[0]
    allowed = ", ".join(name for _, name, _ in groups) or Msg("abend.none_yet")
    raise InvalidInputError(Msg("abend.group_unknown", {"key": str(key)[:60], "allowed": allowed}))


def _load(session: Session, group_id: str) -> Stammtisch:
    rows = session.scalars(
        select(EveningEventRow).where(EveningEventRow.group_id == group_id).order_by(EveningEventRow.seq)
    ).all()
    if not rows:
        raise InvalidInputError(Msg("abend.group_none", {"key": str(group_id)[:60]}))
    return Stammtisch.from_events([{"kind": r.kind, "data": json.loads(r.payload)} for r in rows])


def load_group(db: Database, group_id: str) -> Stammtisch:
    """The group as its stored events leave it."""
    with db.session() as s:
        return _load(s, group_id)


def change(db: Database, group_id: str, command: Callable[[Stammtisch], object]) -> None:
    """Runs ``command`` on the stored group and stores the events it made, in one transaction.

    A concurrent writer (two phones) makes the insert fail on ``(group, seq)``; the
    command is then run again on the fresh state, where a repeated entry id is refused
    with :class:`DuplicateEntry`.
    """
    for attempt in range(3):
        try:
            with db.session() as s:
                st = _load(s, group_id)
                before = len(st.events)
                command(st)
                _write(s, group_id, before + 1, st.events[before:])
            return
        except IntegrityError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


__all__ = ["DuplicateEntry", "change", "create_group", "ensure_group_secret", "find_group",
           "group_by_secret", "list_groups", "load_group"]
