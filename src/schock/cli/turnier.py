"""``schock turnier``: the tournament manager on the command line (German first).

Every command works on one database (``--db PATH|URL`` or ``SCHOCK_DB``; by default
``schock.db`` in schock's app directory, the one ``schock serve`` and ``schock abend``
use: :func:`schock.cli.common.default_db`) and one tournament in it (``--turnier
ID``; default: the one made with ``neu`` or read with ``import`` last). Only ``neu``,
``import`` and ``simulieren --save`` make a database that is not there. Every command that changes something is one
transaction. Errors are one line, ``Error: ...``, exit status 2.

Commands have German names with English aliases: ``neu``/``new``,
``spieler``/``player`` (``hinzu``/``add``, ``import``, ``abmelden``/``withdraw``,
``liste``/``list``), ``anwesend``/``checkin``, ``auslosen``/``draw``,
``eintragen``/``enter`` (without a game: an entry loop), ``karte``/``card`` (a
table's whole card from a CSV file), ``rueckgaengig``/``undo``, ``protokoll``/``log``,
``tabelle``/``standings``, ``getraenke``/``ledger``, ``drucken``/``print``,
``export``, ``import``, ``simulieren``/``simulate``.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import click

from schock.cli.common import (
    BadInputError,
    SafePath,
    bot_completion,
    complete_rules,
    db_option,
    db_target,
    make_console,
)
from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.i18n import plural
from schock.messages import Msg
from schock.rules import load_rules
from schock.safejson import loads_json
from schock.store import Database, open_database
from schock.store.tournament_web import ensure_organizer_secret, organizer_secret, table_token
from schock.tournament import archive, draws, storage
from schock.tournament.card import (
    FIELDS_CHIPS,
    FIELDS_POINTS,
    csv_card_rows,
    enter_card,
    enter_entry,
    entry_from_fields,
)
from schock.tournament.domain import GameEntered, Round, Tournament, format_out
from schock.tournament.format import Scoring, load_format
from schock.tournament.roster import DELIMITERS, ENCODINGS, read_roster
from schock.tournament.simulate import Report, RoundReport, Timing, bot_tournament, simulate
from schock.tournament.standings import (
    PRIZE_LABELS,
    drinks_totals,
    ledger,
    side_prizes,
    standings,
    team_standings,
)

F = TypeVar("F", bound=Callable[..., Any])

ALIASES = {
    "new": "neu",
    "player": "spieler",
    "checkin": "anwesend",
    "draw": "auslosen",
    "enter": "eintragen",
    "undo": "rueckgaengig",
    "log": "protokoll",
    "standings": "tabelle",
    "ledger": "getraenke",
    "print": "drucken",
    "simulate": "simulieren",
    "add": "hinzu",
    "rename": "umbenennen",
    "withdraw": "abmelden",
    "list": "liste",
    "card": "karte",
}

TEXT: dict[str, dict[str, str]] = {
    "de": {
        "created": "Turnier {name!r} angelegt (Kennung {id}, Format {fmt}, Regeln {rules})",
        "registered": "Startnummer {number}: {name}",
        "imported": "{n} angemeldet (Startnummern {first} bis {last})",
        "present": "anwesend: {names}",
        "absent": "abwesend: {names}",
        "withdrawn": "abgemeldet: {name}",
        "round": "Runde {n}",
        "table": "Tisch {n}",
        "trinkrunden": "Trinkrunden: Spiele {games}",
        "plan_repeats": (
            "Alle Runden gelost ({n}): {repeats} (untere Schranke: {bound})"
        ),
        "entered": "Runde {r}, Tisch {t}, Spiel {g} eingetragen: Verlierer {loser}",
        "undone": "rückgängig gemacht: #{seq} {what}",
        "rank": "Platz",
        "no": "Nr.",
        "name": "Name",
        "team": "Mannschaft",
        "points": "Punkte",
        "games": "Spiele",
        "lost": "verloren",
        "schock_aus": "Schock Aus",
        "chips": "Chips",
        "status": "Status",
        "in": "im Turnier",
        "eliminated": "ausgeschieden",
        "withdrawn_s": "abgemeldet",
        "here": "anwesend",
        "away": "nicht anwesend",
        "buyer": "gibt aus",
        "receiver": "an",
        "count": "Getränke",
        "bought": "gibt aus",
        "received": "bekommt",
        "written": "geschrieben: {path}",
        "sim": "Simulation: {players} Spieler, Format {fmt}, Bots {bot}",
        "sim_round": "Runde {n}: {tables}, {games} (höchstens {most} an einem Tisch), {throws}, etwa {minutes}",
        "sim_total": "Insgesamt: {rounds}, {games}, {throws}, etwa {minutes} ({hours}) mit {brk} Pause zwischen den Runden",
        "winner": "Sieger: {name}",
        "prizes": "Sonderpreise",
        "nothing": "(noch nichts)",
        "at": "Zeit",
        "what": "Eintrag",
        "status_line": "{name}: Runde {r} von {of}, {players} Spieler im Turnier",
        "status_line_open": "{name}: Runde {r}, {players} Spieler im Turnier",
        "cannot_read": "{where}: kann nicht gelesen werden: {why}",
        "cannot_write": "{where}: kann nicht geschrieben werden: {why}",
        "bad_id": "--id: {value!r}; erlaubt: 1 bis 40 Buchstaben, Ziffern und -",
        "id_taken": "--id: {value!r} gibt es in dieser Datenbank schon",
        "roster": "Gelesen als {encoding}, Trennzeichen {delimiter}, Kopfzeile: {header}",
        "no_header": "keine (1. Spalte Name, 2. Mannschaft)",
        "line": "Zeile",
        "renamed": "Umbenannt: {name} (Startnummer bleibt)",
        "two_losers": "--verlierer {losers}: mehr als einer; erlaubt: genau ein Verlierer je Spiel",
        "no_out_chips": (
            "--raus: dieses Format zählt Chips, die Reihenfolge zählt nicht; erlaubt: nur "
            "--verlierer (und --schock-aus)"
        ),
        "no_points_chips": (
            "--punkte: dieses Format zählt Chips, keine Punkte; erlaubt: nur --verlierer "
            "(und --schock-aus)"
        ),
        "unchanged": "Runde {r}, Tisch {t}, Spiel {g} ist schon so eingetragen ({was}); nichts geändert",
        "is_entered": (
            "Runde {r}, Tisch {t}, Spiel {g} ist schon eingetragen: {was}; neu wäre: {now}; "
            "zum Ersetzen --korrigieren angeben"
        ),
        "corrected": "Runde {r}, Tisch {t}, Spiel {g} korrigiert: vorher {was}; jetzt {now}",
        "w_loser": "Verlierer {p}",
        "w_out": "raus {order}",
        "preview_only": "Vorschau: {n} würden angemeldet; nichts geändert",
        "no_numbers": "keine Startnummern; erlaubt: Startnummern oder --alle",
        "bad_numbers": "{what}: {text!r}; erlaubt: Startnummern wie 3,7,12",
        "no_loser": "--verlierer fehlt; erlaubt: die Startnummer des Verlierers",
        "bad_points": "--punkte: {part!r}; erlaubt: NR=PUNKTE, z. B. 3=6,7=4,9=2",
        "bad_round": "--runde: {rnd}; erlaubt: 1 bis {n} (ausgeloste Runden)",
        "bad_kind": "--out {out}: unbekannte Art {suffix!r}; erlaubt: .json, .csv, .xlsx",
        "bad_base_url": (
            "--base-url: {value!r}; erlaubt: http:// oder https:// mit der Adresse des "
            "Rechners, auf dem schock serve läuft, z. B. http://192.168.0.10:8000"
        ),
        "web_hint": "Im Browser (schock serve): 'schock turnier web' zeigt den Organisator-Link",
        "web_new": "Das Turnier ist jetzt für die Web-Seiten freigegeben (neuer Organisator-Schlüssel).",
        "web_org": "Organisator (Link geheim halten): {url}",
        "web_projector": "Projektor: {url}",
        "web_table": "Runde {r}, Tisch {t}: {url}",
        "web_serve": "Die Links gelten für 'schock serve' mit dieser Datenbank: {command}",
        # entry loop and table card (issue 25 item 8)
        "loop_start": (
            "{name}, Runde {r}: Ergebnis je Spiel eingeben, ? für Hilfe, ende (oder Strg-D) "
            "zum Beenden"
        ),
        "loop_open": "Offen: {tables}",
        "loop_open_table": "Tisch {t} Spiel {g}",
        "loop_all_done": "Alle Tische dieser Runde sind fertig",
        "loop_prompt": "R{r} T{t} Spiel {g}> ",
        "loop_prompt_done": "R{r} T{t} fertig> ",
        "loop_help": (
            "Ein Spiel: {fields}, z. B. {example}\n"
            "  gleichzeitig raus mit +, Schock Aus als Nr:Anzahl, Punkte als Nr:Punkte\n"
            "  oder wie beim Einzelbefehl: {options}\n"
            "Springen: t 3 (Tisch 3), s 2 (Spiel 2), r 1 (Runde 1); offen: was noch fehlt\n"
            "Beenden: ende oder Strg-D; Strg-C bricht ab (Eingetragenes bleibt)"
        ),
        "loop_example_points": "2+3 4 / 1 / 1:1",
        "loop_example_chips": "4 / 4:1",
        "loop_options_points": "--raus 2+3 --raus 4 --verlierer 1 --schock-aus 1 --punkte 2=6",
        "loop_options_chips": "--verlierer 4 --schock-aus 4",
        "loop_fields": "{line!r}: zu viele oder zu wenige Felder; erlaubt: {fields}",
        "loop_option": "{word!r}: unbekannt; erlaubt: {allowed}",
        "loop_option_value": "{word}: Wert fehlt",
        "loop_jump": "{line!r}: erlaubt: {what} 1 bis {n}",
        "loop_r": "Runde",
        "loop_t": "Tisch",
        "loop_s": "Spiel",
        "loop_no_game": "Tisch {t} ist in Runde {r} fertig; erlaubt: ein anderer Tisch (t NR) oder ein eingetragenes Spiel (s NR)",
        "loop_refused": "abgelehnt: {why}",
        "loop_end": "{n} eingetragen; alles ist gespeichert",
        "loop_interrupted": "abgebrochen; {n} eingetragen und gespeichert",
        "loop_args": "RUNDE TISCH SPIEL: alle drei angeben, oder keins für die Eingabe Spiel für Spiel",
        "card_entered": "Runde {r}, Tisch {t}: {n} eingetragen ({games}){kept}",
        "card_kept": "; {n} schon so eingetragen",
        "card_none": "nichts",
        "card_round": "RUNDE: {rnd}; erlaubt: 1 bis {n} (ausgeloste Runden)",
    },
    "en": {
        "created": "Tournament {name!r} created (id {id}, format {fmt}, rules {rules})",
        "registered": "Start number {number}: {name}",
        "imported": "{n} registered (start numbers {first} to {last})",
        "present": "present: {names}",
        "absent": "absent: {names}",
        "withdrawn": "withdrawn: {name}",
        "round": "Round {n}",
        "table": "Table {n}",
        "trinkrunden": "Trinkrunden: games {games}",
        "plan_repeats": "All rounds drawn ({n}): {repeats} (lower bound: {bound})",
        "entered": "Round {r}, table {t}, game {g} entered: loser {loser}",
        "undone": "undone: #{seq} {what}",
        "rank": "Rank",
        "no": "No.",
        "name": "Name",
        "team": "Team",
        "points": "Points",
        "games": "Games",
        "lost": "lost",
        "schock_aus": "Schock Aus",
        "chips": "Chips",
        "status": "Status",
        "in": "in",
        "eliminated": "eliminated",
        "withdrawn_s": "withdrawn",
        "here": "present",
        "away": "not present",
        "buyer": "buys",
        "receiver": "for",
        "count": "drinks",
        "bought": "buys",
        "received": "receives",
        "written": "written: {path}",
        "sim": "Simulation: {players} players, format {fmt}, bots {bot}",
        "sim_round": "Round {n}: {tables}, {games} (at most {most} at one table), {throws}, about {minutes}",
        "sim_total": "In all: {rounds}, {games}, {throws}, about {minutes} ({hours}) with {brk} of break between rounds",
        "winner": "Winner: {name}",
        "prizes": "Side prizes",
        "nothing": "(nothing yet)",
        "at": "Time",
        "what": "Entry",
        "status_line": "{name}: round {r} of {of}, {players} players still in",
        "status_line_open": "{name}: round {r}, {players} players still in",
        "cannot_read": "{where}: cannot read: {why}",
        "cannot_write": "{where}: cannot write: {why}",
        "bad_id": "--id: {value!r}; allowed: 1 to 40 letters, digits and -",
        "id_taken": "--id: {value!r} exists in this database already",
        "roster": "Read as {encoding}, delimiter {delimiter}, header: {header}",
        "no_header": "none (1st column name, 2nd team)",
        "line": "line",
        "renamed": "Renamed: {name} (start number kept)",
        "two_losers": "--verlierer {losers}: more than one; allowed: exactly one loser per game",
        "no_out_chips": (
            "--raus: this format counts chips, the order of going out does not count; allowed: "
            "only --verlierer (and --schock-aus)"
        ),
        "no_points_chips": (
            "--punkte: this format counts chips, not points; allowed: only --verlierer "
            "(and --schock-aus)"
        ),
        "unchanged": "round {r}, table {t}, game {g} is entered like this already ({was}); nothing changed",
        "is_entered": (
            "round {r}, table {t}, game {g} is entered already: {was}; new would be: {now}; "
            "give --korrigieren to replace it"
        ),
        "corrected": "round {r}, table {t}, game {g} corrected: before {was}; now {now}",
        "w_loser": "loser {p}",
        "w_out": "out {order}",
        "preview_only": "Preview: {n} would be registered; nothing changed",
        "no_numbers": "no start numbers; allowed: start numbers or --alle",
        "bad_numbers": "{what}: {text!r}; allowed: start numbers like 3,7,12",
        "no_loser": "--verlierer: missing; allowed: the loser's start number",
        "bad_points": "--punkte: {part!r}; allowed: NR=PUNKTE, e.g. 3=6,7=4,9=2",
        "bad_round": "--runde: {rnd}; allowed: 1 to {n} (rounds drawn)",
        "bad_kind": "--out {out}: unknown kind {suffix!r}; allowed: .json, .csv, .xlsx",
        "bad_base_url": (
            "--base-url: {value!r}; allowed: http:// or https:// with the address of the "
            "computer that runs schock serve, e.g. http://192.168.0.10:8000"
        ),
        "web_hint": "In the browser (schock serve): 'schock turnier web' shows the organizer link",
        "web_new": "The tournament is now open for the web pages (new organizer key).",
        "web_org": "Organizer (keep this link secret): {url}",
        "web_projector": "Projector: {url}",
        "web_table": "Round {r}, table {t}: {url}",
        "web_serve": "The links work with 'schock serve' on this database: {command}",
        # entry loop and table card (issue 25 item 8)
        "loop_start": (
            "{name}, round {r}: type each game's result, ? for help, ende (or Ctrl-D) to stop"
        ),
        "loop_open": "Open: {tables}",
        "loop_open_table": "table {t} game {g}",
        "loop_all_done": "Every table of this round has finished",
        "loop_prompt": "R{r} T{t} game {g}> ",
        "loop_prompt_done": "R{r} T{t} finished> ",
        "loop_help": (
            "A game: {fields}, e.g. {example}\n"
            "  going out together joined with +, Schock Aus as no:count, points as no:points\n"
            "  or as in the one-shot command: {options}\n"
            "Jump: t 3 (table 3), s 2 (game 2), r 1 (round 1); offen: what is missing\n"
            "Stop: ende or Ctrl-D; Ctrl-C aborts (what was entered stays)"
        ),
        "loop_example_points": "2+3 4 / 1 / 1:1",
        "loop_example_chips": "4 / 4:1",
        "loop_options_points": "--raus 2+3 --raus 4 --verlierer 1 --schock-aus 1 --punkte 2=6",
        "loop_options_chips": "--verlierer 4 --schock-aus 4",
        "loop_fields": "{line!r}: too many or too few fields; allowed: {fields}",
        "loop_option": "{word!r}: unknown; allowed: {allowed}",
        "loop_option_value": "{word}: value missing",
        "loop_jump": "{line!r}: allowed: {what} 1 to {n}",
        "loop_r": "round",
        "loop_t": "table",
        "loop_s": "game",
        "loop_no_game": "table {t} has finished round {r}; allowed: another table (t NO) or an entered game (s NO)",
        "loop_refused": "refused: {why}",
        "loop_end": "{n} entered; everything is saved",
        "loop_interrupted": "aborted; {n} entered and saved",
        "loop_args": "RUNDE TISCH SPIEL: give all three, or none to enter game after game",
        "card_entered": "Round {r}, table {t}: {n} entered ({games}){kept}",
        "card_kept": "; {n} entered like this already",
        "card_none": "none",
        "card_round": "RUNDE: {rnd}; allowed: 1 to {n} (rounds drawn)",
    },
}


@dataclass
class _State:
    lang: str = "de"


_STATE = _State()


def tr(key: str, **params: object) -> str:
    """A UI text in the current language."""
    return TEXT[_STATE.lang][key].format(**params)


class TurnierGroup(click.Group):
    """German command names with English aliases; every schock error is one line, exit 2."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, ALIASES.get(cmd_name, cmd_name))

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        _, cmd, rest = super().resolve_command(ctx, args)
        return (cmd.name if cmd else None), cmd, rest

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except IllegalActionError as exc:
            raise BadInputError(exc.message(_STATE.lang)) from None
        except InvalidInputError as exc:
            raise BadInputError(exc.localized(_STATE.lang)) from None
        except SchockError as exc:
            raise BadInputError(str(exc)) from None


def common(f: F) -> F:
    """``--db``, ``--turnier`` and ``--lang`` for a subcommand."""
    f = click.option(
        "--lang",
        type=click.Choice(["de", "en"]),
        default="de",
        show_default=True,
        help="Sprache / language.",
        callback=_set_lang,
        expose_value=False,
        is_eager=True,
    )(f)
    f = click.option(
        "--turnier",
        "tid",
        metavar="ID",
        default=None,
        help="Turnier (Kennung); Standard: das zuletzt angelegte oder eingelesene.",
    )(f)
    return db_option()(f)


def _set_lang(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    _STATE.lang = value
    return value


@contextmanager
def _db(db_path: str | None, *, create: bool = False) -> Iterator[Database]:
    """The database of ``--db``; only ``neu``, ``import`` and ``simulieren --save``
    (``create=True``) make a new one."""
    db = open_database(db_target(db_path), create=create)
    try:
        yield db
    finally:
        db.close()


@contextmanager
def _tournament(db_path: str | None, tid: str | None, *, write: bool = True) -> Iterator[Tournament]:
    """Load, let the command change it, save what it gained in one transaction."""
    with _db(db_path) as db:
        t = storage.load(db, tid)
        yield t
        if write:
            storage.save(db, t)


def _echo(text: str) -> None:
    click.echo(text)


def _label(t: Tournament, number: int) -> str:
    return t.players[number].label


def _check_base_url(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    url = urlsplit(value)
    if url.scheme not in ("http", "https") or not url.netloc or url.query or url.fragment:
        raise BadInputError(tr("bad_base_url", value=value))
    return value


def base_url_option(help_text: str) -> Callable[[F], F]:
    """``--base-url``: the web app's address as phones reach it, checked."""
    return click.option(
        "--base-url",
        default="http://localhost:8000",
        show_default=True,
        help=help_text,
        callback=_check_base_url,
    )


@click.group(cls=TurnierGroup, name="turnier")
def turnier() -> None:
    """Turniere: Anmeldung, Auslosung, Ergebnisse, Tabelle, Getränke, Druck (tournaments)."""


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
@click.option(
    "--rules",
    "rules_name",
    default=None,
    metavar="NAME|FILE",
    shell_complete=complete_rules,
    help="Spielregeln (Standard: die des Formats).",
)
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


# ------------------------------------------------------------------ auslosen
def _show_round(t: Tournament, rnd: Round) -> None:
    _echo(tr("round", n=rnd.number))
    for i, table in enumerate(rnd.tables, start=1):
        _echo(f"  {tr('table', n=i)}: " + ", ".join(_label(t, p) for p in table))
    if rnd.trinkrunden:
        _echo("  " + tr("trinkrunden", games=", ".join(map(str, rnd.trinkrunden))))


def _numbers(text: str, what: str) -> list[int]:
    try:
        return [int(x) for x in text.replace("+", ",").replace(" ", ",").split(",") if x.strip()]
    except ValueError:
        raise BadInputError(tr("bad_numbers", what=what, text=text)) from None


@turnier.command("auslosen")
@click.option(
    "--tisch",
    "--table",
    "tables",
    multiple=True,
    metavar="NR,NR,...",
    help="Tische selbst setzen (je Tisch einmal).",
)
@common
def auslosen(tables: tuple[str, ...], db_path: str | None, tid: str | None) -> None:
    """Die nächste Runde auslosen (draw the next round)."""
    with _tournament(db_path, tid) as t:
        given = [_numbers(x, "--tisch") for x in tables] or None
        rnd = t.draw(tables=given)
    # printed only once it is saved: `auslosen | head` closing the pipe loses nothing
    _show_round(t, rnd)
    if t.plan and rnd.number == 1 and len(t.plan) > 1:  # all rounds planned now
        sizes = {len(tb) for tb in t.plan[0]}
        size = t.format.table_size if t.format.table_size in sizes else max(sizes)
        bound = draws.repeat_lower_bound(sum(len(tb) for tb in t.plan[0]), size, len(t.plan))
        repeats = draws.repeat_count([list(r) for r in t.plan])
        _echo("  " + tr("plan_repeats", n=plural("rounds", len(t.plan), _STATE.lang),
                        repeats=plural("repeat_meetings", repeats, _STATE.lang), bound=bound))


# ------------------------------------------------------------------ eintragen
@turnier.command("eintragen")
@click.argument("rnd", metavar="[RUNDE", type=int, required=False)
@click.argument("table", metavar="TISCH", type=int, required=False)
@click.argument("game", metavar="SPIEL]", type=int, required=False)
@click.option(
    "--raus",
    "--out",
    "out",
    multiple=True,
    metavar="NR[+NR]",
    help="Wer rausgeht, der Reihe nach (gleichzeitig: 3+7).",
)
@click.option(
    "--verlierer", "--loser", "losers", type=int, multiple=True,
    help="Der Verlierer des Spiels (genau einer).",
)
@click.option(
    "--korrigieren", "--correct", "correct", is_flag=True,
    help="Ein schon eingetragenes Spiel durch dieses Ergebnis ersetzen.",
)
@click.option(
    "--schock-aus",
    "schock_aus",
    multiple=True,
    type=int,
    metavar="NR",
    help="Wer einen Schock Aus geworfen hat (je Schock Aus einmal).",
)
@click.option(
    "--punkte",
    "--points",
    "points",
    default=None,
    metavar="NR=P,...",
    help="Die Punkte vom Spielzettel zur Kontrolle.",
)
@click.option(
    "--protokoll",
    "--record",
    "record",
    type=SafePath(path_type=Path),
    default=None,
    help="Ein Spielprotokoll (schock play): das Ergebnis kommt daraus.",
)
@common
def eintragen(
    rnd: int | None,
    table: int | None,
    game: int | None,
    out: tuple[str, ...],
    losers: tuple[int, ...],
    correct: bool,
    schock_aus: tuple[int, ...],
    points: str | None,
    record: Path | None,
    db_path: str | None,
    tid: str | None,
) -> None:
    """Ein Spiel eintragen; ein schon eingetragenes nur mit --korrigieren ersetzen (enter).

    Ohne RUNDE TISCH SPIEL: Spiel für Spiel eingeben, bis ``ende`` (one start-up
    for a whole evening; ``?`` shows the notation)."""
    if rnd is None or table is None or game is None:
        if (rnd, table, game) != (None, None, None) or out or losers or correct or \
                schock_aus or points or record:
            raise BadInputError(tr("loop_args"))
        _entry_loop(db_path, tid)
        return
    if len(losers) > 1:
        raise BadInputError(tr("two_losers", losers=", ".join(map(str, losers))))
    with _tournament(db_path, tid) as t:
        if record is not None:
            try:
                text = record.read_text("utf-8")
            except (OSError, UnicodeDecodeError, ValueError) as exc:
                raise BadInputError(tr("cannot_read", where=f"--protokoll {record}", why=exc)) from None
            entry: dict[str, Any] = {"record": loads_json(text, f"--protokoll {record}"),
                                     "out": [_numbers(x, "--raus") for x in out],
                                     "points": points}
        else:
            entry = _options_entry(out, losers, schock_aus, points)
        _echo(_enter_one(t, rnd, table, game, entry, correct))


def _options_entry(out: Sequence[str], losers: Sequence[int], schock_aus: Sequence[int],
                   points: str | None) -> dict[str, Any]:
    """A game's entry from the one-shot command's options (``--raus 2+3 --verlierer 4``)."""
    if len(losers) > 1:
        raise BadInputError(tr("two_losers", losers=", ".join(map(str, losers))))
    if not losers:
        raise BadInputError(tr("no_loser"))
    entry: dict[str, Any] = {"loser": losers[0], "out": [_numbers(x, "--raus") for x in out]}
    if schock_aus:
        entry["schock_aus"] = {str(p): str(schock_aus.count(p)) for p in schock_aus}
    if points:
        pts = {}
        for part in points.split(","):
            key, _, value = part.partition("=")
            try:
                pts[str(int(key))] = str(int(value))
            except ValueError:
                raise BadInputError(tr("bad_points", part=part)) from None
        entry["points"] = pts
    return entry


def _enter_one(t: Tournament, rnd: int, table: int, game: int, entry: dict[str, Any],
               correct: bool) -> str:
    """Enter one game into ``t`` (checked by the domain) and say what happened; a game
    entered already is replaced only with ``correct``, the same result again changes
    nothing."""
    if t.format.scoring is not Scoring.POINTS:
        if entry.get("out"):
            raise BadInputError(tr("no_out_chips"))
        if entry.get("points"):
            raise BadInputError(tr("no_points_chips"))
    if entry.get("record") is not None:
        entry = {"record": entry["record"]}
    have = _entered(t, rnd, table, game)
    # an entered game: try on a copy first, the same result again changes nothing
    event = enter_entry(t if have is None else t.copy(), rnd, table, game, entry)
    if have is None:
        return tr("entered", r=rnd, t=table, g=game, loser=_label(t, event.loser))
    if _result_of(have) == _result_of(event):
        return tr("unchanged", r=rnd, t=table, g=game, was=_result_text(t, have))
    if not correct:
        raise BadInputError(tr("is_entered", r=rnd, t=table, g=game,
                               was=_result_text(t, have), now=_result_text(t, event)))
    enter_entry(t, rnd, table, game, entry)
    return tr("corrected", r=rnd, t=table, g=game, was=_result_text(t, have),
              now=_result_text(t, event))


_LOOP_OPTIONS = {"--raus": "out", "--out": "out", "--verlierer": "losers", "--loser": "losers",
                 "--schock-aus": "schock_aus", "--punkte": "points", "--points": "points",
                 "--korrigieren": "correct", "--correct": "correct"}
_JUMP = re.compile(r"(?i)(t|tisch|table|s|spiel|game|r|runde|round)\s*(\d{1,6})")


def _line_entry(line: str, points: bool) -> tuple[dict[str, Any], bool]:
    """A result typed in the loop: the card's ``raus / Verlierer / Schock Aus / Punkte``
    or the one-shot command's options; returns the entry and whether to correct."""
    if not line.startswith("--"):
        names = FIELDS_POINTS if points else FIELDS_CHIPS
        fields = [f.strip() for f in line.split("/")]
        if len(fields) > len(names) or (points and len(fields) < 2):
            what = Msg("web.card_fields_points" if points else "web.card_fields_chips")
            raise BadInputError(tr("loop_fields", line=line, fields=what.text(_STATE.lang)))
        return entry_from_fields(dict(zip(names, fields, strict=False))), False
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise BadInputError(f"{line!r}: {exc}") from None
    got: dict[str, list[str]] = {"out": [], "losers": [], "schock_aus": [], "points": []}
    correct = False
    i = 0
    while i < len(words):
        word, _, value = words[i].partition("=")
        key = _LOOP_OPTIONS.get(word)
        if key is None:
            raise BadInputError(tr("loop_option", word=words[i],
                                   allowed=", ".join(sorted(_LOOP_OPTIONS))))
        i += 1
        if key == "correct":
            correct = True
            continue
        if not value:
            if i >= len(words):
                raise BadInputError(tr("loop_option_value", word=word))
            value, i = words[i], i + 1
        got[key].append(value)
    return _options_entry(got["out"], [_number(x, word) for x in got["losers"]],
                          [_number(x, "--schock-aus") for x in got["schock_aus"]],
                          ",".join(got["points"]) or None), correct


def _number(text: str, what: str) -> int:
    found = _numbers(text, what)
    if len(found) != 1:
        raise BadInputError(tr("bad_numbers", what=what, text=text))
    return found[0]


@dataclass
class _Cursor:
    """Where the loop enters next: a round, a table, and a game chosen by hand (else
    the table's next open game)."""

    rnd: int
    table: int
    game: int | None = None

    def target(self, t: Tournament) -> int | None:
        return self.game if self.game is not None else t.next_game(self.rnd, self.table)

    def next_open(self, t: Tournament) -> None:
        """Stay at this table while it has games open, else the next table with one."""
        self.game = None
        n = len(t.rounds[self.rnd - 1].tables)
        for k in range(n):
            tb = (self.table - 1 + k) % n + 1
            if t.next_game(self.rnd, tb) is not None:
                self.table = tb
                return


def _open_games(t: Tournament, rnd: int) -> str:
    games = [tr("loop_open_table", t=tb, g=g)
             for tb in range(1, len(t.rounds[rnd - 1].tables) + 1)
             if (g := t.next_game(rnd, tb)) is not None]
    return tr("loop_open", tables=", ".join(games)) if games else tr("loop_all_done")


def _entry_loop(db_path: str | None, tid: str | None) -> None:
    """Game after game with one start-up: each accepted entry is saved at once; the
    tournament is read again before each so entries made meanwhile elsewhere count."""
    entered = 0
    with _db(db_path) as db:
        t = storage.load(db, tid)
        if t.current_round is None:
            raise InvalidInputError(Msg("turnier.no_round"))
        points = t.format.scoring is Scoring.POINTS
        cur = _Cursor(t.current_round.number, 1)
        cur.next_open(t)
        _echo(tr("loop_start", name=t.name, r=cur.rnd))
        _echo(_open_games(t, cur.rnd))
        while True:
            g = cur.target(t)
            prompt = (tr("loop_prompt", r=cur.rnd, t=cur.table, g=g) if g is not None
                      else tr("loop_prompt_done", r=cur.rnd, t=cur.table))
            try:
                line = input(prompt).strip()
            except EOFError:
                _echo("")
                break
            except KeyboardInterrupt:
                _echo("")
                _echo(tr("loop_interrupted", n=plural("games", entered, _STATE.lang)))
                click.get_current_context().exit(130)
            word = line.casefold()
            if not line:
                continue
            if word in ("ende", "end", "exit", "quit", "q"):
                break
            if word in ("?", "hilfe", "help"):
                kind = "points" if points else "chips"
                fields = Msg(f"web.card_fields_{kind}").text(_STATE.lang)
                _echo(tr("loop_help", fields=fields, example=tr(f"loop_example_{kind}"),
                         options=tr(f"loop_options_{kind}")))
                continue
            if word in ("offen", "open"):
                _echo(_open_games(t, cur.rnd))
                continue
            try:
                jump = _JUMP.fullmatch(line)
                if jump:
                    _jump(t, cur, jump.group(1).casefold()[0], int(jump.group(2)), line)
                    continue
                t = storage.load(db, t.id)
                g = cur.target(t)
                if g is None:
                    raise BadInputError(tr("loop_no_game", r=cur.rnd, t=cur.table))
                entry, correct = _line_entry(line, points)
                seen = len(t.log)
                said = _enter_one(t, cur.rnd, cur.table, g, entry, correct)
                storage.save(db, t)
            except (BadInputError, SchockError) as exc:
                why = (exc.msg.text(_STATE.lang) if isinstance(exc, BadInputError) and exc.msg
                       else exc.format_message() if isinstance(exc, BadInputError)
                       else exc.message(_STATE.lang) if isinstance(exc, IllegalActionError)
                       else exc.localized(_STATE.lang) if isinstance(exc, InvalidInputError)
                       else str(exc))
                _echo(tr("loop_refused", why=why))
                continue
            entered += len(t.log) > seen
            _echo(said)
            cur.next_open(t)
    _echo(tr("loop_end", n=plural("games", entered, _STATE.lang)))


def _jump(t: Tournament, cur: _Cursor, kind: str, n: int, line: str) -> None:
    """``t 3``, ``s 2``, ``r 1``: move the loop's cursor."""
    if kind == "r":
        if not 1 <= n <= len(t.rounds):
            raise BadInputError(tr("loop_jump", line=line, what=tr("loop_r"),
                                   n=len(t.rounds)))
        cur.rnd, cur.table = n, 1
        cur.next_open(t)
        _echo(_open_games(t, n))
        return
    tables = len(t.rounds[cur.rnd - 1].tables)
    if kind == "t":
        if not 1 <= n <= tables:
            raise BadInputError(tr("loop_jump", line=line, what=tr("loop_t"),
                                   n=tables))
        cur.table, cur.game = n, None
        return
    last = t.next_game(cur.rnd, cur.table) or len(t.rounds[cur.rnd - 1].games.get(cur.table, {}))
    if not 1 <= n <= last:
        raise BadInputError(tr("loop_jump", line=line, what=tr("loop_s"), n=last))
    cur.game = n


def _entered(t: Tournament, rnd: int, table: int, game: int) -> GameEntered | None:
    """The result entered for a game already, if any."""
    if not 1 <= rnd <= len(t.rounds):
        return None
    return t.rounds[rnd - 1].games.get(table, {}).get(game)


def _result_of(e: GameEntered) -> tuple[object, ...]:
    return (e.loser, tuple(frozenset(g) for g in e.out),
            tuple((p, n) for p, n in e.schock_aus if n), e.record)


def _result_text(t: Tournament, e: GameEntered) -> str:
    """``Verlierer 3 Carl, raus 1, 2+4, Schock Aus 3: 1×``."""
    parts = [tr("w_loser", p=_label(t, e.loser))]
    if e.out:
        parts.append(tr("w_out", order=format_out(e.out)))
    parts += [f"Schock Aus {p}: {n}×" for p, n in e.schock_aus if n]
    return ", ".join(parts)


@turnier.command("karte")
@click.argument("rnd", metavar="RUNDE", type=int)
@click.argument("table", metavar="TISCH", type=int)
@click.argument("file", metavar="DATEI", type=SafePath(path_type=Path))
@common
def karte(rnd: int, table: int, file: Path, db_path: str | None, tid: str | None) -> None:
    """Den ganzen Spielzettel eines Tisches aus einer Datei eintragen (table card).

    CSV, eine Zeile je Spiel in der Reihenfolge des Zettels (Kopfzeile erlaubt):
    raus;Verlierer;Schock Aus;Punkte (Punkte-Formate) oder Verlierer;Schock Aus
    (Chips). All rows are tried first; the first wrong one is named and nothing
    is entered."""
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise BadInputError(tr("cannot_read", where=file, why=exc.strerror or exc)) from None
    with _tournament(db_path, tid) as t:
        if not 1 <= rnd <= len(t.rounds):
            raise BadInputError(tr("card_round", rnd=rnd, n=len(t.rounds)))
        rows = csv_card_rows(data, t.format.scoring is Scoring.POINTS)
        games = enter_card(t, rnd, table, rows)
    kept = len(rows) - len(games)
    _echo(tr("card_entered", r=rnd, t=table, n=plural("games", len(games), _STATE.lang),
             games=", ".join(map(str, games)) or tr("card_none"),
             kept=tr("card_kept", n=kept) if kept else ""))


@turnier.command("rueckgaengig")
@common
def rueckgaengig(db_path: str | None, tid: str | None) -> None:
    """Den letzten Eintrag rückgängig machen (undo)."""
    with _tournament(db_path, tid) as t:
        entry = t.undo()
    _echo(tr("undone", seq=entry.seq, what=_describe(entry.event.to_json())))


def _describe(data: dict[str, Any]) -> str:
    shown = {k: v for k, v in data.items() if k not in ("kind", "record", "plan")}
    return str(data["kind"]) + " " + json.dumps(shown, ensure_ascii=False)


@turnier.command("protokoll")
@common
def protokoll(db_path: str | None, tid: str | None) -> None:
    """Das Protokoll aller Einträge (audit log)."""
    with _tournament(db_path, tid, write=False) as t:
        for e in t.log:
            mark = (
                " [rückgängig]"
                if e.undone and _STATE.lang == "de"
                else (" [undone]" if e.undone else "")
            )
            _echo(f"#{e.seq:<5} {e.at}  {_describe(e.event.to_json())}{mark}")


# ------------------------------------------------------------------ tabelle, getraenke
def _status(s: str) -> str:
    return tr({"in": "in", "eliminated": "eliminated", "withdrawn": "withdrawn_s"}[s])


def standings_rows(t: Tournament, rnd: int | None = None) -> tuple[list[str], list[list[str]]]:
    """Heading and rows of the standings, as text (for the terminal, CSV, XLSX, PDF)."""
    chips = t.format.scoring is Scoring.CHIPS
    head = [tr("rank"), tr("no"), tr("name"), tr("team")]
    head += [tr("chips"), tr("status")] if chips else [tr("points")]
    head += [tr("games"), tr("lost"), tr("schock_aus")]
    rows = []
    for s in standings(t, rnd):
        row = [str(s.rank), str(s.number), s.name, s.team or ""]
        row += [str(s.chips), _status(s.status)] if chips else [_fmt_points(s.points)]
        row += [str(s.games), str(s.lost), str(s.schock_aus)]
        rows.append(row)
    return head, rows


def _fmt_points(value: object) -> str:
    from fractions import Fraction

    v = Fraction(str(value))
    return str(v.numerator) if v.denominator == 1 else f"{float(v):.2f}"


def _print_table(head: list[str], rows: list[list[str]]) -> None:
    from rich.table import Table

    table = Table(*head, box=None, pad_edge=False)
    for r in rows:
        table.add_row(*r)
    make_console().print(table)


@turnier.command("tabelle")
@click.option(
    "--runde", "--round", "rnd", type=int, default=None, help="Nur diese Runde (Halbzeit)."
)
@click.option("--teams", is_flag=True, help="Die Mannschaftswertung.")
@common
def tabelle(rnd: int | None, teams: bool, db_path: str | None, tid: str | None) -> None:
    """Die Tabelle: gesamt oder je Runde, mit Sonderpreisen (standings)."""
    with _tournament(db_path, tid, write=False) as t:
        if rnd is not None and not t.rounds:
            raise InvalidInputError(Msg("turnier.no_round"))
        if rnd is not None and not 1 <= rnd <= len(t.rounds):
            raise BadInputError(tr("bad_round", rnd=rnd, n=len(t.rounds)))
        if teams:
            lines = team_standings(t, rnd)
            _print_table(
                [tr("rank"), tr("team"), tr("points")],
                [[str(x.rank), x.team, _fmt_points(x.score)] for x in lines],
            )
            return
        head, rows = standings_rows(t, rnd)
        _echo(
            tr(
                "status_line" if t.format.rounds else "status_line_open",
                name=t.name,
                r=len(t.rounds),
                of=t.format.rounds,
                players=len(t.active()),
            )
        )
        _print_table(head, rows)
        prizes = side_prizes(t)
        if prizes and rnd is None:
            _echo(tr("prizes") + ":")
            for prize in prizes:
                label = PRIZE_LABELS[prize.prize][0 if _STATE.lang == "de" else 1]
                _echo(
                    f"  {label}: "
                    + ", ".join(_label(t, p) for p in prize.winners)
                    + f" ({prize.value})"
                )


@turnier.command("getraenke")
@common
def getraenke(db_path: str | None, tid: str | None) -> None:
    """Wer wem wie viele Getränke ausgibt (drinks ledger)."""
    with _tournament(db_path, tid, write=False) as t:
        lines = ledger(t)
        if not lines:
            _echo(tr("nothing"))
            return
        _print_table(
            [tr("buyer"), tr("receiver"), tr("count")],
            [[_label(t, x.buyer), _label(t, x.receiver), str(x.count)] for x in lines],
        )
        totals = drinks_totals(t)
        _print_table(
            [tr("name"), tr("bought"), tr("received")],
            [[_label(t, p), str(b), str(r)] for p, (b, r) in totals.items()],
        )


# ------------------------------------------------------------------ drucken, export, import
PRINTS = {
    "tischplan": "plan",
    "plan": "plan",
    "spielzettel": "sheets",
    "sheets": "sheets",
    "laufkarten": "cards",
    "cards": "cards",
    "tabelle": "standings",
    "standings": "standings",
    "preise": "prizes",
    "prizes": "prizes",
}


@turnier.command("drucken")
@click.argument("what", type=click.Choice(sorted(PRINTS)), metavar="WAS")
@click.option(
    "--out", "-o", "out", type=SafePath(path_type=Path), required=True, help="Die PDF-Datei."
)
@click.option(
    "--runde", "--round", "rnd", type=int, default=None, help="Runde (Standard: die aktuelle)."
)
@base_url_option("Adresse der Web-App für die QR-Codes der Spielzettel.")
@common
def drucken(
    what: str, out: Path, rnd: int | None, base_url: str, db_path: str | None, tid: str | None
) -> None:
    """PDF: tischplan, spielzettel, laufkarten, tabelle, preise (print).

    The score sheets' QR codes open each table's entry page in the web app,
    with the table's token; printing them opens the tournament for the web
    pages if it was not yet (as ``schock turnier web`` does)."""
    from schock.tournament import printing

    kind = PRINTS[what]
    with _db(db_path) as db:
        t = storage.load(db, tid)
        secret = ensure_organizer_secret(db, t.id) if kind == "sheets" else None
        data = printing.render(
            t,
            kind,
            rnd=rnd,
            base_url=base_url,
            lang=_STATE.lang,
            table_token=(lambda r, tb: table_token(secret, r, tb)) if secret else None,
        )
    _write(out, data)


@turnier.command("web")
@base_url_option("Adresse der Web-App (schock serve), wie die Handys sie erreichen.")
@common
def web(base_url: str, db_path: str | None, tid: str | None) -> None:
    """Links für die Web-Seiten: Organisator, Projektor, Tische (web links).

    Opens a tournament made on the command line for the web pages of
    ``schock serve`` (an organizer secret is made once and kept) and prints
    the organizer link, the projector link and the entry link of every table
    of the current round."""
    from schock.tournament.printing import table_url

    base = base_url.rstrip("/")
    with _db(db_path) as db:
        t = storage.load(db, tid)
        known = organizer_secret(db, t.id)
        secret = known if known is not None else ensure_organizer_secret(db, t.id)
    if known is None:
        _echo(tr("web_new"))
    _echo(tr("web_org", url=f"{base}/turnier/{t.id}?k={secret}"))
    _echo(tr("web_projector", url=f"{base}/turnier/{t.id}/projektor"))
    rnd = t.current_round
    if rnd is not None:
        for i in range(1, len(rnd.tables) + 1):
            token = table_token(secret, rnd.number, i)
            _echo(tr("web_table", r=rnd.number, t=i, url=table_url(base, t, rnd.number, i, token)))
    _echo(tr("web_serve", command="schock serve" + ("" if db_path is None else f" --db {db_path}")))


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise BadInputError(tr("cannot_write", where=path, why=exc.strerror or exc)) from None
    _echo(tr("written", path=path))


@turnier.command("export")
@click.option(
    "--out",
    "-o",
    "out",
    type=SafePath(path_type=Path),
    required=True,
    help="Datei: .json (Archiv), .csv (Tabelle) oder .xlsx (Tabelle, Runden, Getränke).",
)
@common
def export(out: Path, db_path: str | None, tid: str | None) -> None:
    """Das Turnier als JSON-Archiv, CSV oder XLSX exportieren (export)."""
    from schock.tournament import exports

    with _tournament(db_path, tid, write=False) as t:
        suffix = out.suffix.lower()
        if suffix == ".json":
            data = archive.dumps(t).encode("utf-8")
        elif suffix == ".csv":
            data = exports.standings_csv(t, lang=_STATE.lang).encode("utf-8")
        elif suffix == ".xlsx":
            data = exports.workbook(t, lang=_STATE.lang)
        else:
            raise BadInputError(tr("bad_kind", out=out, suffix=suffix))
    _write(out, data)


@turnier.command("import")
@click.argument("file", type=SafePath(path_type=Path))
@common
def import_(file: Path, db_path: str | None, tid: str | None) -> None:
    """Ein JSON-Archiv in die Datenbank einlesen (import an archive)."""
    try:
        text = file.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInputError(tr("cannot_read", where=file, why=exc)) from None
    t = archive.loads(text)  # a bad archive is refused before any database is made
    with _db(db_path, create=True) as db:
        t = storage.store_imported(db, t)
    _echo(tr("created", name=t.name, id=t.id, fmt=t.format.id, rules=t.rules.id))


# ------------------------------------------------------------------ simulieren
@turnier.command("simulieren")
@click.option("--format", "fmt_name", default="irmgarteich", show_default=True, metavar="NAME|FILE")
@click.option(
    "--rules",
    "rules_name",
    default=None,
    metavar="NAME|FILE",
    shell_complete=complete_rules,
    help="Spielregeln (Standard: die des Formats).",
)
@click.option(
    "--spieler", "--players", "players", type=click.IntRange(2, 999), default=60, show_default=True
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--bot", default="heuristic", show_default=True, shell_complete=bot_completion(),
              help="Welcher Bot spielt.")
@click.option(
    "--sekunden-je-wurf",
    "--seconds-per-throw",
    "spt",
    type=click.FloatRange(0.5, 120),
    default=Timing.seconds_per_throw,
    show_default=True,
)
@click.option(
    "--sekunden-je-wurfrunde",
    "--seconds-per-wurfrunde",
    "spw",
    type=click.FloatRange(0, 600),
    default=Timing.seconds_per_wurfrunde,
    show_default=True,
)
@click.option(
    "--pause",
    "--break",
    "brk",
    type=click.FloatRange(0, 240),
    default=Timing.break_minutes,
    show_default=True,
    help="Minuten Pause zwischen den Runden.",
)
@click.option(
    "--speichern",
    "--save",
    "save",
    is_flag=True,
    help="Das Turnier in --db speichern (nach jeder Runde).",
)
@common
def simulieren(
    fmt_name: str,
    rules_name: str | None,
    players: int,
    seed: int,
    bot: str,
    spt: float,
    spw: float,
    brk: float,
    save: bool,
    db_path: str | None,
    tid: str | None,
) -> None:
    """Ein ganzes Turnier mit Bots spielen: wie lange dauert der Abend? (simulate)."""
    fmt = load_format(fmt_name)
    t = bot_tournament(fmt, players, seed=seed, name=f"Simulation {fmt.id}")
    if rules_name:
        t.rules = load_rules(rules_name)
    timing = Timing(spt, spw, brk)
    _echo(tr("sim", players=players, fmt=fmt.id, bot=bot))

    def show(_t: Tournament, r: RoundReport) -> None:
        _echo(
            tr(
                "sim_round",
                n=r.number,
                tables=plural("tables", r.tables, _STATE.lang),
                games=plural("games", r.games, _STATE.lang),
                most=r.most_games,
                throws=plural("throws", r.throws, _STATE.lang),
                minutes=plural("minutes", round(r.minutes), _STATE.lang),
            )
        )

    if save:
        with _db(db_path, create=True) as db:
            storage.save(db, t)

            def after(tt: Tournament, r: RoundReport) -> None:
                storage.save(db, tt)
                show(tt, r)

            report = simulate(t, bot=bot, timing=timing, after_round=after)
    else:
        report = simulate(t, bot=bot, timing=timing, after_round=show)
    _summary(t, report)


def _summary(t: Tournament, report: Report) -> None:
    _echo(
        tr(
            "sim_total",
            rounds=plural("rounds", len(report.rounds), _STATE.lang),
            games=plural("games", report.games, _STATE.lang),
            throws=plural("throws", report.throws, _STATE.lang),
            minutes=plural("minutes", round(report.minutes), _STATE.lang),
            hours=plural("hours", report.minutes / 60, _STATE.lang, 1),
            brk=plural("minutes", round(report.timing.break_minutes), _STATE.lang),
        )
    )
    top = standings(t)
    if top:
        _echo(tr("winner", name=_label(t, top[0].number)))
