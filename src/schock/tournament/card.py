"""A table's results as written on its paper card: one game per line or CSV row.

Shared by the web pages (the organizer's game and whole-card forms, the phone form)
and ``schock turnier`` (the entry loop and ``karte``): one notation, one check.
A game is ``raus / Verlierer / Schock Aus / Punkte`` in points formats and
``Verlierer / Schock Aus`` in chips formats; the order of going out is
:func:`~schock.tournament.domain.parse_out`'s (``2, 3+5, 4``), Schock Aus and points
are ``start number:count`` and ``start number:points`` pairs.

>>> entry_from_fields({"out": "2, 3+5", "loser": "4", "schock_aus": "4:1"})
{'loser': 4, 'out': [[2], [3, 5]], 'schock_aus': {'4': '1'}}
>>> card_rows("7\\n4 / 7:1", points=False)
[{'loser': 7, 'out': []}, {'loser': 4, 'out': [], 'schock_aus': {'7': '1'}}]
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg
from schock.tournament.domain import GameEntered, Tournament, parse_out
from schock.tournament.format import Scoring
from schock.tournament.roster import decode

FIELDS_POINTS = ("out", "loser", "schock_aus", "points")
FIELDS_CHIPS = ("loser", "schock_aus")


def whole_number(value: object, what: str | Msg) -> int:
    """A start number, table or game as typed: digits only."""
    text = str(value if value is not None else "").strip()
    if not text.isdigit() or len(text) > 6:
        raise InvalidInputError(Msg("web.number", {"what": what, "text": text}))
    return int(text)


def pairs(text: str, what: Msg | str, *, fraction: bool) -> dict[str, str]:
    """``"3:1, 5:2"`` → ``{"3": "1", "5": "2"}`` (start number: count or points)."""
    out: dict[str, str] = {}
    for part in re.split(r"[,;\s]+", re.sub(r"\s*:\s*", ":", text.strip())):
        if not part:
            continue
        number, sep, value = part.partition(":")
        number, value = number.strip(), value.strip()
        ok = sep and number.isdigit() and len(number) <= 6 and len(value) <= 12
        if ok and fraction:
            try:
                ok = Fraction(value) >= 0
            except (ValueError, ZeroDivisionError):
                ok = False
        elif ok:
            ok = value.isdigit() and 0 < int(value) <= 99
        if not ok:
            raise InvalidInputError(Msg("web.pair", {
                "what": what, "text": part[:20],
                "kind": Msg("word.points") if fraction else Msg("word.count"),
                "example": "3:2, 5:1/2" if fraction else "3:1, 5:2"}))
        if str(int(number)) in out:
            raise InvalidInputError(Msg("web.pair_twice", {"what": what, "p": int(number)}))
        out[str(int(number))] = str(Fraction(value)) if fraction else str(int(value))
    return out


def entry_from_fields(form: Mapping[str, Any]) -> dict[str, Any]:
    """One game's entry from its fields (``out``, ``loser``, ``schock_aus``, ``points``)."""
    loser = whole_number(form.get("loser"), "loser")
    out = parse_out(str(form.get("out", "") or ""))
    entry: dict[str, Any] = {"loser": loser, "out": out}
    schock = pairs(str(form.get("schock_aus", "") or ""), "Schock Aus", fraction=False)
    if schock:
        entry["schock_aus"] = schock
    points = pairs(str(form.get("points", "") or ""), Msg("word.points"), fraction=True)
    if points:
        entry["points"] = points
    return entry


def row_entry(fields: Sequence[str], points: bool, i: int, line: str | None = None) -> dict[str, Any]:
    """The entry of card row ``i`` from its fields in card order (see the module);
    ``line`` is the row as written, for the message."""
    names = FIELDS_POINTS if points else FIELDS_CHIPS
    fields = [f.strip() for f in fields]
    while fields and not fields[-1]:
        fields.pop()
    if len(fields) > len(names) or (points and len(fields) < 2):
        fields_msg = Msg("web.card_fields_points" if points else "web.card_fields_chips")
        raise InvalidInputError(
            Msg("web.card_fields", {"i": i, "line": (line or " / ".join(fields))[:40], "fields": fields_msg}))
    try:
        return entry_from_fields(dict(zip(names, fields, strict=False)))
    except InvalidInputError as exc:
        raise InvalidInputError(Msg("web.card_row", {"i": i, "error": exc})) from None


def card_rows(text: str, points: bool) -> list[dict[str, Any]]:
    """The games of a paper card, one line each in card order, fields split by ``/``."""
    lines = [line for line in text.replace("\r", "").split("\n") if line.strip()]
    if not lines or len(lines) > 200:
        raise InvalidInputError(Msg("web.card_empty"))
    return [row_entry(line.split("/"), points, i, line) for i, line in enumerate(lines, start=1)]


def csv_card_rows(data: bytes, points: bool) -> list[dict[str, Any]]:
    """The games of a card from a CSV file: one row per game in card order, the columns
    of :func:`card_rows` (a first row naming them is skipped); UTF-8 or Windows-1252,
    separated by ``;``, Tab or ``,`` (with ``,`` quote a field holding commas); or the
    whole-card form's text (fields split by ``/``).

    >>> csv_card_rows(b"raus;verlierer;schock aus;punkte\\n2+3;4;;\\n4;2;2:1;\\n", True)
    [{'loser': 4, 'out': [[2, 3]]}, {'loser': 2, 'out': [[4]], 'schock_aus': {'2': '1'}}]
    """
    text, _ = decode(data)
    first = text.lstrip().split("\n", 1)[0]
    counts = {d: first.count(d) for d in ";\t,"}
    if not any(counts.values()) and "/" in text:
        return card_rows(text, points)  # the whole-card form's text, fields split by /
    delimiter = max(counts, key=lambda d: counts[d]) if any(counts.values()) else ";"
    rows = [r for r in csv.reader(io.StringIO(text), delimiter=delimiter) if any(c.strip() for c in r)]
    if rows and not any(c.strip()[:1].isdigit() for c in rows[0]):
        rows = rows[1:]  # the header
    if not rows or len(rows) > 200:
        raise InvalidInputError(Msg("web.card_empty"))
    return [row_entry(r, points, i, delimiter.join(r)) for i, r in enumerate(rows, start=1)]


def enter_card(t: Tournament, rnd: int, table: int, rows: Sequence[dict[str, Any]]) -> list[int]:
    """Enter a table's whole card (games from 1, in card order): all or nothing; returns
    the games entered now.

    A game already entered with the same result is kept; a different result for it,
    a game after the table has finished, or anything the domain refuses names its row."""
    if not 1 <= table <= len(t.rounds[rnd - 1].tables):
        raise InvalidInputError(
            Msg("web.card_table", {"table": table, "n": len(t.rounds[rnd - 1].tables)}))
    trial = t.copy()
    todo = []
    for game, entry in enumerate(rows, start=1):
        have = trial.rounds[rnd - 1].games.get(table, {}).get(game)
        if have is not None:
            if have.loser != entry["loser"] or (
                t.format.scoring is Scoring.POINTS
                and [list(g) for g in have.out] != entry["out"]
            ):
                raise InvalidInputError(
                    Msg("web.card_other", {"game": game, "loser": have.loser}))
            continue
        if trial.next_game(rnd, table) != game:
            raise InvalidInputError(
                Msg("web.card_finished", {"game": game, "last": game - 1}))
        try:
            enter_entry(trial, rnd, table, game, entry)
        except (InvalidInputError, IllegalActionError) as exc:
            raise InvalidInputError(
                Msg("web.card_refused", {"game": game, "error": exc})) from None
        todo.append((game, entry))
    for game, entry in todo:
        enter_entry(t, rnd, table, game, entry)
    return [game for game, _ in todo]


def enter_entry(t: Tournament, rnd: int, table: int, game: int,
                entry: dict[str, Any]) -> GameEntered:
    """Enter one game; for points formats ``out`` lists who went out, first first.

    An entry with a game ``record`` (a scorekept game) is entered from its record."""
    if entry.get("record") is not None:
        return t.enter_record(rnd, table, game, entry["record"])
    out = entry.get("out") or []
    if t.format.scoring is not Scoring.POINTS:
        out = []
    points = entry.get("points")
    if points and t.format.scoring is not Scoring.POINTS:
        raise InvalidInputError(Msg("web.no_points"))
    return t.enter(
        rnd, table, game, loser=entry["loser"], out=out,
        schock_aus={int(p): int(n) for p, n in entry.get("schock_aus", {}).items()} or None,
        points={int(p): Fraction(v) for p, v in points.items()} if points else None,
    )
