"""CSV and XLSX exports: the standings, every round's tables and results, the drinks ledger.

>>> from schock.tournament.format import load_format
>>> from schock.tournament.domain import Tournament
>>> t = Tournament.create(name="Abend", fmt=load_format("irmgarteich"), id="x")
>>> _ = [t.checkin(t.register(n).number) for n in ("Anna", "Ben", "Cem")]
>>> _ = t.draw(tables=[[1, 2, 3]])
>>> _ = t.enter(1, 1, 1, out=[[2], [3]], loser=1)
>>> print(standings_csv(t, lang="en").splitlines()[1])
1,2,Ben,,6,1,0,0
"""

from __future__ import annotations

import csv
import io

from schock.tournament.domain import Tournament
from schock.tournament.format import Scoring
from schock.tournament.standings import ledger, points_text, standings, team_standings

HEAD = {
    "de": {
        "rank": "Platz",
        "no": "Nr",
        "name": "Name",
        "team": "Mannschaft",
        "points": "Punkte",
        "chips": "Chips",
        "status": "Status",
        "games": "Spiele",
        "lost": "verloren",
        "schock_aus": "Schock Aus",
        "round": "Runde",
        "table": "Tisch",
        "game": "Spiel",
        "players": "Spieler",
        "out": "Raus (Reihenfolge)",
        "loser": "Verlierer",
        "trinkrunde": "Trinkrunde",
        "buyer": "gibt aus",
        "receiver": "an",
        "count": "Anzahl",
        "score": "Wertung",
        "counted": "gewertet",
        "standings": "Tabelle",
        "rounds": "Runden",
        "results": "Ergebnisse",
        "ledger": "Getränke",
        "teams": "Mannschaften",
        "proof": "Protokoll",
    },
    "en": {
        "rank": "Rank",
        "no": "No",
        "name": "Name",
        "team": "Team",
        "points": "Points",
        "chips": "Chips",
        "status": "Status",
        "games": "Games",
        "lost": "Lost",
        "schock_aus": "Schock Aus",
        "round": "Round",
        "table": "Table",
        "game": "Game",
        "players": "Players",
        "out": "Out (order)",
        "loser": "Loser",
        "trinkrunde": "Trinkrunde",
        "buyer": "Buyer",
        "receiver": "Receiver",
        "count": "Count",
        "score": "Score",
        "counted": "Counted",
        "standings": "Standings",
        "rounds": "Rounds",
        "results": "Results",
        "ledger": "Drinks",
        "teams": "Teams",
        "proof": "Record",
    },
}


def standings_table(t: Tournament, lang: str = "de") -> list[list[str]]:
    """The standings as rows of text, the heading first."""
    h = HEAD[lang]
    chips = t.format.scoring is Scoring.CHIPS
    head = [h["rank"], h["no"], h["name"], h["team"]]
    head += [h["chips"], h["status"]] if chips else [h["points"]]
    head += [h["games"], h["lost"], h["schock_aus"]]
    rows = [head]
    for s in standings(t):
        row = [str(s.rank), str(s.number), s.name, s.team or ""]
        row += [str(s.chips), s.status] if chips else [points_text(s.points)]
        row += [str(s.games), str(s.lost), str(s.schock_aus)]
        rows.append(row)
    return rows


def results_table(t: Tournament, lang: str = "de") -> list[list[str]]:
    """Every game: round, table, game, players, order of going out, loser, Trinkrunde."""
    h = HEAD[lang]
    rows = [
        [
            h["round"],
            h["table"],
            h["game"],
            h["players"],
            h["out"],
            h["loser"],
            h["trinkrunde"],
            h["schock_aus"],
            h["proof"],
        ]
    ]
    for g in t.results():
        rows.append(
            [
                str(g.round),
                str(g.table),
                str(g.game),
                " ".join(map(str, g.players)),
                " ".join("+".join(map(str, grp)) for grp in g.out),
                str(g.loser),
                "x" if t.is_trinkrunde(g.round, g.game) else "",
                " ".join(f"{p}:{n}" for p, n in g.schock_aus),
                "x" if g.record is not None else "",
            ]
        )
    return rows


def standings_csv(t: Tournament, lang: str = "de") -> str:
    """The standings as CSV text."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(standings_table(t, lang))
    return buf.getvalue()


def workbook(t: Tournament, lang: str = "de") -> bytes:
    """An XLSX workbook: standings, teams (if scored), rounds (tables), results, drinks."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    h = HEAD[lang]
    wb = Workbook()
    sheets: list[tuple[str, list[list[str]]]] = [(h["standings"], standings_table(t, lang))]
    teams = team_standings(t)
    if teams:
        sheets.append(
            (
                h["teams"],
                [[h["rank"], h["team"], h["score"], h["counted"]]]
                + [
                    [str(x.rank), x.team, points_text(x.score), " ".join(map(str, x.counted))]
                    for x in teams
                ],
            )
        )
    plan = [[h["round"], h["table"], h["players"]]]
    for rnd in t.rounds:
        for i, table in enumerate(rnd.tables, start=1):
            plan.append([str(rnd.number), str(i), ", ".join(t.players[p].label for p in table)])
    sheets.append((h["rounds"], plan))
    sheets.append((h["results"], results_table(t, lang)))
    sheets.append(
        (
            h["ledger"],
            [[h["buyer"], h["receiver"], h["count"]]]
            + [
                [t.players[x.buyer].label, t.players[x.receiver].label, str(x.count)]
                for x in ledger(t)
            ],
        )
    )
    first = True
    for title, rows in sheets:
        ws = wb.active if first else wb.create_sheet()
        assert ws is not None
        first = False
        ws.title = title
        for row in rows:
            ws.append([int(c) if c.isdigit() and len(c) < 10 else c for c in row])
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for k, col in enumerate(ws.columns, start=1):
            width = max(len(str(c.value or "")) for c in col)
            ws.column_dimensions[get_column_letter(k)].width = min(max(width + 2, 6), 60)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
