"""``eintragen``, ``karte``, ``rueckgaengig``, ``protokoll``: results, a table's
whole card, undo and the audit log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from schock.cli.common import BadInputError, SafePath
from schock.cli.turnier.entry import _enter_one, _options_entry
from schock.cli.turnier.group import (
    _STATE,
    _echo,
    _numbers,
    _tournament,
    common,
    file_option,
    tr,
    turnier,
)
from schock.cli.turnier.loop import _entry_loop
from schock.i18n import plural
from schock.safejson import loads_json
from schock.tournament.card import csv_card_rows, enter_card
from schock.tournament.format import Scoring


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
@file_option("--protokoll", "--record", "record",
             help_text="Ein Spielprotokoll (schock play): das Ergebnis kommt daraus.")
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
