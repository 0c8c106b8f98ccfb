"""``tabelle``, ``getraenke``, ``drucken``, ``web``, ``export``, ``import``: what
comes out of a tournament (standings, drinks, PDF, links, files) and an archive in."""

from __future__ import annotations

from pathlib import Path

import click

from schock.cli.common import BadInputError, SafePath, make_console
from schock.cli.turnier.group import (
    _STATE,
    _db,
    _echo,
    _label,
    _tournament,
    base_url_option,
    common,
    file_option,
    tr,
    turnier,
)
from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.store.tournament_web import ensure_organizer_secret, organizer_secret, table_token
from schock.tournament import archive, storage
from schock.tournament.domain import Tournament
from schock.tournament.format import Scoring
from schock.tournament.standings import (
    PRIZE_LABELS,
    drinks_totals,
    ledger,
    points_text,
    side_prizes,
    standings,
    team_standings,
)


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
        row += [str(s.chips), _status(s.status)] if chips else [points_text(s.points)]
        row += [str(s.games), str(s.lost), str(s.schock_aus)]
        rows.append(row)
    return head, rows


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
                [[str(x.rank), x.team, points_text(x.score)] for x in lines],
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
@file_option("--out", "-o", "out", required=True, help_text="Die PDF-Datei.")
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
@file_option(
    "--out", "-o", "out", required=True,
    help_text="Datei: .json (Archiv), .csv (Tabelle) oder .xlsx (Tabelle, Runden, Getränke).",
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
