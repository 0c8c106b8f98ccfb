"""``neu``, ``spieler`` (hinzu, import, umbenennen, abmelden, liste) and ``anwesend``:
a new tournament, its players and who is present."""

from __future__ import annotations

from pathlib import Path

import click

from schock.cli.common import BadInputError, SafePath
from schock.cli.turnier.group import (
    _STATE,
    TurnierGroup,
    _db,
    _echo,
    _label,
    _tournament,
    common,
    rules_option,
    tr,
    turnier,
)
from schock.errors import InvalidInputError
from schock.i18n import plural
from schock.rules import load_rules
from schock.store.tournament_web import ensure_organizer_secret
from schock.tournament import storage
from schock.tournament.domain import Tournament
from schock.tournament.format import load_format
from schock.tournament.roster import DELIMITERS, ENCODINGS, read_roster


# ------------------------------------------------------------------ neu
@turnier.command("neu")
@click.argument("name")
@click.option(
    "--format",
    "fmt_name",
    default="irmgarteich",
    show_default=True,
    metavar="NAME|FILE",
    help="Turnierformat: irmgarteich, porz, mosel oder eine Format-Datei.",
)
@rules_option
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Zufallszahl für Auslosung und Los."
)
@click.option("--id", "tid_new", default=None, help="Kennung (Standard: zufällig).")
@common
def neu(
    name: str,
    fmt_name: str,
    rules_name: str | None,
    seed: int,
    tid_new: str | None,
    db_path: str | None,
    tid: str | None,
) -> None:
    """Ein neues Turnier anlegen (create a tournament)."""
    fmt = load_format(fmt_name)
    rules = load_rules(rules_name) if rules_name else fmt.game_rules()
    if tid_new is not None and not (0 < len(tid_new) <= 40 and tid_new.replace("-", "").isalnum()):
        raise BadInputError(tr("bad_id", value=tid_new))
    t = Tournament.create(name=name, fmt=fmt, rules=rules, seed=seed, id=tid_new)
    with _db(db_path, create=True) as db:
        if any(row[0] == t.id for row in storage.tournaments(db)):
            raise BadInputError(tr("id_taken", value=t.id))
        storage.save(db, t)
        ensure_organizer_secret(db, t.id)
    _echo(tr("created", name=t.name, id=t.id, fmt=fmt.id, rules=rules.id))
    _echo(tr("web_hint"))


# ------------------------------------------------------------------ spieler
@turnier.group("spieler", cls=TurnierGroup)
def spieler() -> None:
    """Spieler anmelden, einlesen, abmelden, auflisten (players)."""


@spieler.command("hinzu")
@click.argument("names", nargs=-1, required=True)
@click.option("--team", default=None, help="Mannschaft oder Verein.")
@click.option(
    "--anwesend", "--present", "present", is_flag=True, help="Gleich als anwesend melden."
)
@common
def spieler_hinzu(
    names: tuple[str, ...], team: str | None, present: bool, db_path: str | None, tid: str | None
) -> None:
    """Spieler anmelden; jeder bekommt die nächste Startnummer (add players)."""
    with _tournament(db_path, tid) as t:
        for name in names:
            p = t.register(name, team)
            if present:
                t.checkin(p.number)
            _echo(tr("registered", number=p.number, name=p.name))


@spieler.command("import")
@click.argument("file", type=SafePath(path_type=Path))
@click.option(
    "--anwesend", "--present", "present", is_flag=True, help="Alle gleich als anwesend melden."
)
@click.option(
    "--vorschau", "--preview", "preview", is_flag=True,
    help="Nur zeigen, was angemeldet würde (nichts ändern).",
)
@common
def spieler_import(
    file: Path, present: bool, preview: bool, db_path: str | None, tid: str | None
) -> None:
    """Spieler aus einer CSV-Datei anmelden (import players).

    Excel-CSV wie sie ist: Kodierung (UTF-8, Windows-1252) und Trennzeichen (; , Tab)
    werden erkannt, Kopfzeilen wie Name, Spieler, Teilnehmer oder Vorname;Nachname
    (zusammengesetzt) und Mannschaft/Verein auch.
    """
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise BadInputError(tr("cannot_read", where=file, why=exc)) from None
    try:
        roster = read_roster(data, str(file))
    except InvalidInputError as exc:
        raise BadInputError(exc.localized(_STATE.lang)) from None
    _echo(tr("roster", encoding=ENCODINGS.get(roster.encoding, roster.encoding),
             delimiter=DELIMITERS.get(roster.delimiter, roster.delimiter),
             header=roster.header or tr("no_header")))
    with _tournament(db_path, tid, write=not preview) as t:
        numbers = []
        for row in roster.rows:
            if preview:
                _echo(f"  {tr('line')} {row.line}: {row.name}" + (f" ({row.team})" if row.team
                                                                      else ""))
                continue
            p = t.register(row.name, row.team)
            if present:
                t.checkin(p.number)
            numbers.append(p.number)
    if preview:
        _echo(tr("preview_only", n=plural("players", len(roster.rows), _STATE.lang)))
        return
    _echo(tr("imported", n=plural("players", len(numbers), _STATE.lang), first=numbers[0],
             last=numbers[-1]))


@spieler.command("umbenennen")
@click.argument("number", type=int)
@click.argument("name")
@common
def spieler_umbenennen(number: int, name: str, db_path: str | None, tid: str | None) -> None:
    """Den Namen eines Spielers berichtigen; die Startnummer bleibt (rename)."""
    with _tournament(db_path, tid) as t:
        p = t.rename(number, name)
    _echo(tr("renamed", name=p.label))


@spieler.command("abmelden")
@click.argument("number", type=int)
@common
def spieler_abmelden(number: int, db_path: str | None, tid: str | None) -> None:
    """Einen Spieler abmelden, auch mitten im Turnier (withdraw)."""
    with _tournament(db_path, tid) as t:
        p = t.withdraw(number)
    _echo(tr("withdrawn", name=p.label))


@spieler.command("liste")
@common
def spieler_liste(db_path: str | None, tid: str | None) -> None:
    """Alle Spieler mit Startnummer (list)."""
    with _tournament(db_path, tid, write=False) as t:
        for p in t.players.values():
            state = tr("withdrawn_s") if p.withdrawn else tr("here" if p.present else "away")
            _echo(f"{p.number:>4}  {p.name:<30} {p.team or '':<20} {state}")


# ------------------------------------------------------------------ anwesend
@turnier.command("anwesend")
@click.argument("numbers", nargs=-1, type=int)
@click.option("--alle", "--all", "everyone", is_flag=True, help="Alle angemeldeten Spieler.")
@click.option("--nicht", "--absent", "absent", is_flag=True, help="Als abwesend melden.")
@common
def anwesend(
    numbers: tuple[int, ...], everyone: bool, absent: bool, db_path: str | None, tid: str | None
) -> None:
    """Spieler als anwesend melden (check in)."""
    with _tournament(db_path, tid) as t:
        chosen = (
            [p.number for p in t.players.values() if not p.withdrawn] if everyone else list(numbers)
        )
        if not chosen:
            raise BadInputError(tr("no_numbers"))
        for n in chosen:
            t.checkin(n, not absent)
        names = ", ".join(_label(t, n) for n in chosen)
    _echo(tr("absent" if absent else "present", names=names))
