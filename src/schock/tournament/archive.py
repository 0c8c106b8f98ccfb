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
from schock.messages import Msg
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


def _fail(where: str, what: str | Msg | Exception) -> InvalidInputError:
    """The archive is refused at ``where`` for ``what`` (shown in the reader's language)."""
    reason = Msg(what) if isinstance(what, str) else what
    return InvalidInputError(Msg("archive.at", {"where": where, "reason": reason}))


def loads(text: str, *, check_records: bool = True) -> Tournament:
    """Read an archive; a corrupt one raises InvalidInputError naming the place."""
    return from_json(loads_json(text, Msg("archive.word")), check_records=check_records)


def format_from_json(data: Any, where: str) -> TournamentFormat:
    """A tournament format from its ``to_dict`` form."""
    if not isinstance(data, dict):
        raise _fail(where, "archive.format_fields")
    missing = [f for f in FIELD_NAMES if f not in data]
    if missing:
        raise _fail(where, Msg("archive.missing", {"fields": ", ".join(missing)}))
    try:
        values = {k: coerce_field(k, v) for k, v in data.items()}
        return TournamentFormat(**values)
    except FormatError as exc:
        raise _fail(where, exc) from None


def from_json(data: Any, *, check_records: bool = True) -> Tournament:
    """Check and read an archive dict."""
    if not isinstance(data, dict):
        raise InvalidInputError(Msg("archive.object"))
    if data.get("format") != FORMAT:
        got = {"expected": repr(FORMAT), "got": repr(data.get("format"))}
        raise _fail("format", Msg("archive.format", got))
    if data.get("version") != VERSION:
        version: dict[str, object] = {"version": VERSION, "got": repr(data.get("version"))}
        raise _fail("version", Msg("archive.version", version))
    extra = set(data) - {"format", "version", "tournament", "log"}
    if extra:
        raise _fail("(top)", Msg("archive.keys", {"keys": str(sorted(extra))}))
    head = data.get("tournament")
    if not isinstance(head, dict):
        raise _fail("tournament", "archive.an_object")
    # each field, its check and the message saying what is allowed
    checks: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
        ("id", lambda v: isinstance(v, str) and 0 < len(v) <= 40, "archive.id"),
        ("name", lambda v: isinstance(v, str) and bool(v.strip()), "archive.name"),
        ("seed", lambda v: isinstance(v, int) and not isinstance(v, bool), "archive.seed"),
        ("created", lambda v: isinstance(v, str), "archive.created"),
    )
    for key, check, allowed in checks:
        if not check(head.get(key)):
            value: dict[str, object] = {"got": repr(head.get(key)), "allowed": Msg(allowed)}
            raise _fail(f"tournament.{key}", Msg("archive.value", value))
    fmt = format_from_json(head.get("format"), "tournament.format")
    try:
        rules = rules_from_json(head.get("rules"), "tournament.rules")
    except SchockError as exc:
        raise _fail("tournament.rules", exc) from None
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
        raise _fail("log", "archive.log")
    for i, entry in enumerate(log):
        where = f"log[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"seq", "at", "undone", "event"}:
            raise _fail(where, "archive.entry")
        if entry["seq"] != i + 1:
            told_seq: dict[str, object] = {"got": repr(entry["seq"]), "want": i + 1}
            raise _fail(f"{where}.seq", Msg("archive.seq", told_seq))
        if not isinstance(entry["at"], str) or not isinstance(entry["undone"], bool):
            raise _fail(where, "archive.at_undone")
        try:
            event = event_from_json(entry["event"], f"{where}.event")
            t.replay_event(event, at=entry["at"], undone=entry["undone"])
        except InvalidInputError as exc:
            if str(exc).startswith(where):  # the event names its own place
                raise InvalidInputError(Msg("archive.as_is", {"reason": exc})) from None
            raise _fail(where, exc) from None
        except SchockError as exc:
            raise _fail(where, Msg("archive.impossible", {"reason": exc})) from None
    undone = [e.seq for e in t.log if e.undone]
    claimed = sorted(e.event.seq for e in t.log if e.event.kind == "undone")  # type: ignore[attr-defined]
    if sorted(undone) != claimed:
        raise _fail("log", Msg("archive.undone", {"undone": str(undone), "claimed": str(claimed)}))
    return t
