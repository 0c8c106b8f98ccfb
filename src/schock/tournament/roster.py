"""Player lists from spreadsheets: the CSV files organizers export (German Excel writes
Windows-1252 with semicolons), read the same way by ``schock turnier spieler import`` and
the organizer page's upload.

The encoding is detected (a byte-order mark; else strict UTF-8; else Windows-1252, which
Excel in Germany writes), and so is the delimiter (semicolon, comma, tab). A first row of
known headers is a header, not a player: a name column (``Name``, ``Spieler``,
``Teilnehmer``, ``Player`` ...) or first and last name (``Vorname``/``Nachname``,
``First name``/``Last name``), joined "Vorname Nachname", and a team column
(``Team``, ``Mannschaft``, ``Verein``, ``Club``). Without a header the first column is
the name and the second the team. :class:`Roster` also says what was detected, for a
preview before anything is registered.

>>> r = read_roster("Vorname;Nachname;Verein\\r\\nJürgen;Groß;Kegelclub\\r\\n".encode("cp1252"))
>>> r.encoding, r.delimiter, r.header, [(p.name, p.team) for p in r.rows]
('cp1252', ';', 'Vorname + Nachname, Verein', [('Jürgen Groß', 'Kegelclub')])
>>> [p.name for p in read_roster("Anna\\nBen\\n").rows]
['Anna', 'Ben']
"""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass

from schock.errors import InvalidInputError
from schock.messages import Msg

NAME = ("name", "spieler", "spielerin", "spielername", "teilnehmer", "teilnehmerin",
        "teilnehmer/in", "teilnehmende", "player", "participant", "vollständiger name",
        "full name")
FIRST = ("vorname", "first name", "firstname", "first", "given name")
LAST = ("nachname", "familienname", "zuname", "last name", "lastname", "surname",
        "family name")
TEAM = ("team", "mannschaft", "verein", "club", "klub", "gruppe", "ort")
ENCODINGS = {"utf-8": "UTF-8", "utf-16": "UTF-16", "cp1252": "Windows-1252"}
DELIMITERS = {";": "';'", ",": "','", "\t": "Tab"}
LIMIT = 2_000_000
"""Bytes: a player list is never bigger."""


@dataclass(frozen=True)
class RosterRow:
    """One player of the file, with the file's line number."""

    line: int
    name: str
    team: str | None


@dataclass(frozen=True)
class Roster:
    """The players of a file and what was detected to read them."""

    rows: tuple[RosterRow, ...]
    encoding: str
    """``utf-8``, ``utf-16`` or ``cp1252`` (Windows-1252)."""
    delimiter: str
    header: str | None
    """The recognised header columns (``"Vorname + Nachname, Verein"``), None: no header."""


def decode(data: bytes) -> tuple[str, str]:
    """The text of a file and its encoding: a BOM, else UTF-8, else Windows-1252.

    >>> decode("Groß".encode("cp1252"))
    ('Groß', 'cp1252')
    >>> decode(codecs.BOM_UTF8 + "Groß".encode())
    ('Groß', 'utf-8')
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16"), "utf-16"
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        # the five bytes Windows-1252 leaves undefined are read as Latin-1 control codes
        return data.decode("cp1252", errors="replace").replace("\ufffd", ""), "cp1252"


def _delimiter(text: str) -> str:
    try:
        return csv.Sniffer().sniff(text[:4000], delimiters=";,\t").delimiter
    except csv.Error:
        first = text.split("\n", 1)[0]
        counts = {d: first.count(d) for d in ";,\t"}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ";"


def _columns(head: list[str]) -> tuple[list[int], int | None, str] | None:
    """Name columns (one, or first and last), the team column and their description,
    if ``head`` is a header row."""
    low = [c.strip().lower().rstrip(":") for c in head]

    def find(words: tuple[str, ...]) -> int | None:
        return next((i for i, c in enumerate(low) if c in words), None)

    name, first, last, team = find(NAME), find(FIRST), find(LAST), find(TEAM)
    if first is not None and last is not None:
        cols = [first, last]
    elif name is not None:
        cols = [name]
    elif first is not None or last is not None:
        cols = [first if first is not None else last]  # type: ignore[list-item]
    else:
        return None
    label = " + ".join(head[i].strip() for i in cols)
    if team is not None:
        label += ", " + head[team].strip()
    return cols, team, label


def read_roster(data: bytes | str, where: str = "CSV") -> Roster:
    """The players of a CSV file (bytes: the encoding is detected). Bad input raises
    :class:`InvalidInputError` naming the line."""
    if isinstance(data, bytes):
        if len(data) > LIMIT:
            raise InvalidInputError(Msg("roster.big", {"where": where, "limit": LIMIT}))
        text, encoding = decode(data)
    else:
        text, encoding = data.lstrip("\ufeff"), "utf-8"
    if "\x00" in text:
        raise InvalidInputError(Msg("roster.binary", {"where": where}))
    delimiter = _delimiter(text)
    lines = list(enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), start=1))
    lines = [(i, r) for i, r in lines if any(c.strip() for c in r)]
    if not lines:
        raise InvalidInputError(Msg("roster.empty", {"where": where}))
    found = _columns(lines[0][1])
    header = None
    if found is not None:
        cols, team, header = found
        lines = lines[1:]
    else:
        cols, team = [0], (1 if any(len(r) > 1 for _, r in lines) else None)
    rows = []
    for i, row in lines:
        name = " ".join(row[c].strip() for c in cols if c < len(row) and row[c].strip())
        if not name:
            raise InvalidInputError(Msg("roster.no_name", {"where": where, "line": i}))
        if len(name) > 80:
            raise InvalidInputError(Msg("roster.long", {"where": where, "line": i,
                                                        "name": name[:30] + "…"}))
        value = row[team].strip() if team is not None and team < len(row) else ""
        rows.append(RosterRow(i, " ".join(name.split()), value[:80] or None))
    if not rows:
        raise InvalidInputError(Msg("roster.empty", {"where": where}))
    return Roster(tuple(rows), encoding, delimiter, header)
