"""The JSON archive of a whole tournament: versioned, and it re-imports exactly.

Format ``schock-tournament``, version 1 (see docs/tournament.md)::

    {
      "format": "schock-tournament",
      "version": 1,
      "tournament": {"id": "...", "name": "...", "seed": 0, "created": "...",
                     "format": {...every field of the tournament format...},
                     "rules": {"preset": "irmgarteich", "overrides": {}}},
      "log": [{"seq": 1, "at": "2026-11-22T19:00:00+00:00", "undone": false,
               "event": {"kind": "player_registered", "number": 1, "name": "Anna", "team": null}},
              ...]
    }

Importing replays the log through the domain, checking every event as a
command is checked (game records are replayed too), so an archive that
could not have been written by schock is refused with the place
(``log[12].event.tables``) and what is allowed.

>>> from schock.tournament.format import load_format
>>> from schock.tournament.domain import Tournament
>>> t = Tournament.create(name="Abend", fmt=load_format("porz"), id="abc")
>>> _ = t.register("Anna")
>>> again = loads(dumps(t))
>>> dumps(again) == dumps(t)
True
>>> loads('{"format": "schock-tournament", "version": 9}')
Traceback (most recent call last):
...
schock.errors.InvalidInputError: archive: version: this schock reads version 1, got 9
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from schock.engine.record import rules_from_json, rules_to_json
from schock.errors import InvalidInputError, SchockError
from schock.safejson import loads_json
from schock.tournament.domain import Tournament, event_from_json
from schock.tournament.format import FIELD_NAMES, FormatError, TournamentFormat, coerce_field

FORMAT = "schock-tournament"
VERSION = 1


def to_json(t: Tournament) -> dict[str, Any]:
    """The whole tournament as a JSON-ready dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "id": t.id,
            "name": t.name,
            "seed": t.seed,
            "created": t.created,
            "format": t.format.to_dict(),
            "rules": rules_to_json(t.rules),
        },
        "log": [
            {"seq": e.seq, "at": e.at, "undone": e.undone, "event": e.event.to_json()}
            for e in t.log
        ],
    }


def dumps(t: Tournament) -> str:
    """The archive as JSON text (one log entry per line)."""
    data = to_json(t)
    log = data.pop("log")
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]
    lines = ",\n    ".join(json.dumps(e, ensure_ascii=False) for e in log)
    body = ',\n  "log": [\n    ' + lines + "\n  ]" if log else ',\n  "log": []'
    return head + body + "\n}\n"


def _fail(where: str, what: str) -> InvalidInputError:
    return InvalidInputError(f"archive: {where}: {what}")


def loads(text: str, *, check_records: bool = True) -> Tournament:
    """Read an archive; a corrupt one raises InvalidInputError naming the place."""
    return from_json(loads_json(text, "archive"), check_records=check_records)


def format_from_json(data: Any, where: str) -> TournamentFormat:
    """A tournament format from its ``to_dict`` form."""
    if not isinstance(data, dict):
        raise _fail(where, "expected an object with every format field")
    missing = [f for f in FIELD_NAMES if f not in data]
    if missing:
        raise _fail(where, f"missing fields {', '.join(missing)}")
    try:
        values = {k: coerce_field(k, v) for k, v in data.items()}
        return TournamentFormat(**values)
    except FormatError as exc:
        raise _fail(where, str(exc)) from None


def from_json(data: Any, *, check_records: bool = True) -> Tournament:
    """Check and read an archive dict."""
    if not isinstance(data, dict):
        raise InvalidInputError("archive: expected a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise _fail("version", f"this schock reads version {VERSION}, got {data.get('version')!r}")
    extra = set(data) - {"format", "version", "tournament", "log"}
    if extra:
        raise _fail(
            "(top)", f"unknown keys {sorted(extra)}; allowed: format, version, tournament, log"
        )
    head = data.get("tournament")
    if not isinstance(head, dict):
        raise _fail("tournament", "expected an object")
    checks: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
        ("id", lambda v: isinstance(v, str) and 0 < len(v) <= 40, "a text of 1 to 40 characters"),
        ("name", lambda v: isinstance(v, str) and bool(v.strip()), "a non-empty text"),
        ("seed", lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
        ("created", lambda v: isinstance(v, str), "a time stamp text"),
    )
    for key, check, allowed in checks:
        if not check(head.get(key)):
            raise _fail(f"tournament.{key}", f"{head.get(key)!r}; allowed: {allowed}")
    fmt = format_from_json(head.get("format"), "tournament.format")
    try:
        rules = rules_from_json(head.get("rules"), "tournament.rules")
    except SchockError as exc:
        raise _fail("tournament.rules", str(exc)) from None
    t = Tournament(
        id=head["id"],
        name=head["name"],
        fmt=fmt,
        rules=rules,
        seed=head["seed"],
        created=head["created"],
    )
    t.check_records = check_records
    log = data.get("log")
    if not isinstance(log, list):
        raise _fail("log", "expected a list of entries")
    for i, entry in enumerate(log):
        where = f"log[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"seq", "at", "undone", "event"}:
            raise _fail(where, "expected an object with seq, at, undone, event")
        if entry["seq"] != i + 1:
            raise _fail(f"{where}.seq", f"{entry['seq']!r}; allowed: {i + 1} (entries in order)")
        if not isinstance(entry["at"], str) or not isinstance(entry["undone"], bool):
            raise _fail(where, "at is a time stamp text, undone true or false")
        try:
            event = event_from_json(entry["event"], f"{where}.event")
            t.replay_event(event, at=entry["at"], undone=entry["undone"])
        except InvalidInputError as exc:
            text = str(exc)
            prefix = "archive: " if text.startswith(where) else f"archive: {where}: "
            raise InvalidInputError(prefix + text) from None
        except SchockError as exc:
            raise _fail(where, f"cannot have happened: {exc}") from None
    undone = [e.seq for e in t.log if e.undone]
    claimed = sorted(e.event.seq for e in t.log if e.event.kind == "undone")  # type: ignore[attr-defined]
    if sorted(undone) != claimed:
        raise _fail(
            "log", f"entries marked undone {undone} do not match the undo entries {claimed}"
        )
    return t
