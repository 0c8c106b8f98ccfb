"""Printed sheets as PDF (fpdf2): table plan, score sheets, route cards, standings, prize list.

:func:`render` gives the bytes of one document:

* ``plan``: the table plan of a round (start numbers and names per table);
* ``sheets``: one score sheet per table of a round: names and start numbers,
  one row per game (Trinkrunden marked), chip boxes to cross out (chips
  formats), totals, a signature line and a QR code to the table's entry
  page ``{base_url}/t/{tournament}/table/{round}/{table}``;
* ``cards``: a route card per player (his table in every round drawn or
  planned), four to a page;
* ``standings`` and ``prizes``: the standings, the prize list with the side
  prizes (and the teams, if scored).

Text is set in DejaVu Sans, the TrueType font matplotlib ships (a dependency
already), so every name prints as typed: Şahin, Łukasz, Ødegaard. Without it
the built-in Helvetica serves, which covers Latin-1 only (ä, ö, ü, ß; other
characters print as ``?``).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from pathlib import Path

from fpdf import FPDF

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.tournament.domain import Round, Tournament
from schock.tournament.format import Scoring, SidePrize, TieBreak
from schock.tournament.standings import (
    PRIZE_LABELS,
    points_text,
    side_prizes,
    standings,
    team_standings,
)

KINDS = ("plan", "sheets", "cards", "standings", "prizes")

WORDS = {
    "de": {
        "plan": "Tischplan",
        "round": "Runde",
        "table": "Tisch",
        "sheet": "Spielzettel",
        "game": "Spiel",
        "total": "Summe",
        "signature": "Unterschriften",
        "chips": "Chips (je verlorenem Spiel einen abstreichen)",
        "trink": "T = Trinkrunde: der Verlierer gibt jedem am Tisch ein Getränk aus",
        "points_hint": "Punkte je Platz: {points}",
        "loser_hint": "Den Verlierer jedes Spiels ankreuzen",
        "card": "Laufkarte",
        "start_no": "Startnummer",
        "with": "mit",
        "standings": "Tabelle",
        "prizes": "Siegerliste",
        "side": "Sonderpreise",
        "teams": "Mannschaften",
        "rank": "Platz",
        "name": "Name",
        "team": "Mannschaft",
        "points": "Punkte",
        "games": "Spiele",
        "lost": "verl.",
        "schock_aus": "Schock Aus",
        "status": "Status",
        "in": "im Turnier",
        "eliminated": "ausgeschieden",
        "withdrawn": "abgemeldet",
        "scan": "Ergebnisse eingeben",
        "page": "Seite",
        "open": "offen",
        "sa": "SA",
        "sa_hint": "SA = Schock Aus: die Startnummer eintragen, je Schock Aus einmal",
        "final": "Endstand nach {n} Runden",
        "after": "Stand nach Runde {r}",
        "during": "Zwischenstand, Runde {r} läuft",
        "of": "von",
        "lives": "Leben",
    },
    "en": {
        "plan": "Table plan",
        "round": "Round",
        "table": "Table",
        "sheet": "Score sheet",
        "game": "Game",
        "total": "Total",
        "signature": "Signatures",
        "chips": "Chips (cross one out per lost game)",
        "trink": "T = Trinkrunde: the loser buys everybody at the table a drink",
        "points_hint": "Points per place: {points}",
        "loser_hint": "Cross the loser of each game",
        "card": "Route card",
        "start_no": "Start number",
        "with": "with",
        "standings": "Standings",
        "prizes": "Prize list",
        "side": "Side prizes",
        "teams": "Teams",
        "rank": "Rank",
        "name": "Name",
        "team": "Team",
        "points": "Points",
        "games": "Games",
        "lost": "lost",
        "schock_aus": "Schock Aus",
        "status": "Status",
        "in": "in",
        "eliminated": "eliminated",
        "withdrawn": "withdrawn",
        "scan": "Enter results",
        "page": "Page",
        "open": "open",
        "sa": "SA",
        "sa_hint": "SA = Schock Aus: write the start number, once per Schock Aus",
        "final": "Final standings after {n} rounds",
        "after": "Standings after round {r}",
        "during": "Standings during round {r}",
        "of": "of",
        "lives": "Lives",
    },
}


def _latin(text: str) -> str:
    return text.encode("latin-1", "replace").decode("latin-1")


@functools.cache
def unicode_fonts() -> tuple[Path, Path] | None:
    """DejaVu Sans, regular and bold, as matplotlib ships them; None where missing."""
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib is a dependency
        return None
    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
    return (regular, bold) if regular.is_file() and bold.is_file() else None


def table_url(
    base_url: str, t: Tournament, rnd: int, table: int, token: str | None = None
) -> str:
    """The address of a table's entry page in the web app (with the table's token, if given).

    >>> from schock.tournament.format import load_format
    >>> t = Tournament.create(name="A", fmt=load_format("porz"), id="abc")
    >>> table_url("http://pc:8000/", t, 2, 5)
    'http://pc:8000/t/abc/table/2/5'
    >>> table_url("http://pc:8000", t, 2, 5, "x1")
    'http://pc:8000/t/abc/table/2/5?k=x1'
    """
    url = f"{base_url.rstrip('/')}/t/{t.id}/table/{rnd}/{table}"
    return f"{url}?k={token}" if token else url


class _Doc(FPDF):
    def __init__(self, title: str, lang: str, orientation: str = "P") -> None:
        super().__init__(orientation=orientation, unit="mm", format="A4")
        fonts = unicode_fonts()
        if fonts is not None:  # every character of every name
            self.add_font("dejavu", "", str(fonts[0]))
            self.add_font("dejavu", "B", str(fonts[1]))
        self.sans = "dejavu" if fonts is not None else "Helvetica"
        self.doc_title = self.fit(title)
        self.lang = lang
        self.set_auto_page_break(auto=True, margin=15)
        self.set_margins(12, 12, 12)
        self.set_creator("schock")
        self.set_title(self.doc_title)
        self.alias_nb_pages()

    def footer(self) -> None:
        self.set_y(-10)
        self.set_font(self.sans, "", 7)
        self.set_text_color(110)
        w = WORDS[self.lang]
        self.cell(
            0, 4, f"{self.doc_title}  -  schock  -  {w['page']} {self.page_no()}/{{nb}}", align="C"
        )
        self.set_text_color(0)

    def fit(self, text: str) -> str:
        """``text`` as the font can print it (Helvetica: Latin-1, the rest as ``?``)."""
        return text if self.sans != "Helvetica" else _latin(text)

    def squeeze(self, w: float, text: str) -> str:
        """Make the font smaller (down to 5 pt) where ``text`` would run past a cell of
        width ``w``, and cut it with "…" where even that is too wide; return the text
        to print. A long name never runs into the next column or card."""
        text = self.fit(text)
        if w <= 0:
            return text
        room = w - 2 * self.c_margin
        while self.font_size_pt > 5 and self.get_string_width(text) > room:
            self.set_font_size(self.font_size_pt - 0.5)
        dots = "…" if self.sans != "Helvetica" else "..."
        while len(text) > 1 and self.get_string_width(text) > room:
            text = text.rstrip(dots)[:-1] + dots
        return text

    def text_cell(self, w: float, h: float, text: str, **kwargs: object) -> None:
        """A cell of ``text`` (see :meth:`squeeze`); the font size is kept."""
        size = self.font_size_pt
        self.cell(w, h, self.squeeze(w, text), **kwargs)  # type: ignore[arg-type]
        if self.font_size_pt != size:
            self.set_font_size(size)


def _heading(doc: _Doc, big: str, small: str = "") -> None:
    doc.set_font(doc.sans, "B", 16)
    doc.text_cell(0, 8, big, new_x="LMARGIN", new_y="NEXT")
    if small:
        doc.set_font(doc.sans, "", 10)
        doc.text_cell(0, 5, small, new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)


def _round(t: Tournament, rnd: int | None) -> Round:
    if not t.rounds:
        raise InvalidInputError(Msg("turnier.no_round"))
    number = rnd if rnd is not None else len(t.rounds)
    if not 1 <= number <= len(t.rounds):
        raise InvalidInputError(Msg("turnier.bad_round", {"number": number, "n": len(t.rounds)}))
    return t.rounds[number - 1]


# ------------------------------------------------------------------ table plan
def _plan(t: Tournament, rnd: Round, lang: str) -> _Doc:
    w = WORDS[lang]
    doc = _Doc(f"{t.name} - {w['plan']} {w['round']} {rnd.number}", lang)
    doc.add_page()
    _heading(doc, f"{w['plan']} - {w['round']} {rnd.number}", t.name)
    col_w = (doc.w - 24 - 6) / 2
    box_h = 7 + 6 * max(len(x) for x in rnd.tables) + 3
    x0, y = doc.l_margin, doc.get_y()
    for i, table in enumerate(rnd.tables, start=1):
        col = (i - 1) % 2
        if col == 0 and i > 1:
            y += box_h + 4
        if y + box_h > doc.h - 15:
            doc.add_page()
            y = doc.t_margin
        x = x0 + col * (col_w + 6)
        doc.set_fill_color(230)
        doc.rect(x, y, col_w, box_h)
        doc.set_xy(x, y)
        doc.set_font(doc.sans, "B", 12)
        doc.text_cell(col_w, 7, f"{w['table']} {i}", border="B", fill=True, align="C")
        doc.set_font(doc.sans, "", 11)
        for k, p in enumerate(table):
            doc.set_xy(x + 3, y + 8 + 6 * k)
            player = t.players[p]
            doc.text_cell(14, 6, f"{p:>3}", align="R")
            doc.text_cell(
                col_w - 20, 6, f"  {player.name}" + (f"  ({player.team})" if player.team else "")
            )
    return doc


# ------------------------------------------------------------------ score sheets
def _qr_png(url: str) -> io.BytesIO:
    import segno

    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=6, border=2)
    buf.seek(0)
    return buf


def _rows_for(t: Tournament, lives: Sequence[int]) -> int:
    f = t.format
    if f.games_per_round:
        return f.games_per_round
    return max(1, sum(lives) - 1)  # at most: every life but the survivor's last is lost once


def _uses_schock_aus(t: Tournament) -> bool:
    f = t.format
    return TieBreak.SCHOCK_AUS in f.tie_breaks or SidePrize.SCHOCK_AUS_KOENIG in f.side_prizes


def _round_label(t: Tournament, number: int, lang: str) -> str:
    """``Runde 2 von 3``, or ``Runde 2`` when the format has no fixed number of rounds."""
    w = WORDS[lang]
    total = f" {w['of']} {t.format.rounds}" if t.format.rounds else ""
    return f"{w['round']} {number}{total}"


def _sheets(
    t: Tournament,
    rnd: Round,
    lang: str,
    base_url: str,
    token: Callable[[int, int], str] | None = None,
) -> _Doc:
    w = WORDS[lang]
    f = t.format
    doc = _Doc(f"{t.name} - {w['sheet']} {w['round']} {rnd.number}", lang)
    doc.set_auto_page_break(auto=False)
    for i, table in enumerate(rnd.tables, start=1):
        doc.add_page()
        url = table_url(base_url, t, rnd.number, i, token(rnd.number, i) if token else None)
        doc.image(_qr_png(url), x=doc.w - 12 - 30, y=10, w=30, h=30)
        doc.set_xy(doc.w - 12 - 46, 40)
        doc.set_font(doc.sans, "", 6)
        doc.text_cell(46, 3, w["scan"], align="R")
        doc.set_xy(12, 12)
        doc.set_font(doc.sans, "B", 18)
        doc.text_cell(130, 9, f"{w['sheet']} - {w['table']} {i}", new_x="LMARGIN", new_y="NEXT")
        doc.set_font(doc.sans, "", 11)
        doc.text_cell(
            130, 6, f"{t.name}  -  {_round_label(t, rnd.number, lang)}", new_x="LMARGIN",
            new_y="NEXT",
        )
        doc.set_font(doc.sans, "", 8)
        if f.scoring is Scoring.POINTS:
            pts = "/".join(points_text(p) for p in f.place_points(len(table)))
            doc.text_cell(
                130, 4, w["points_hint"].format(points=pts), new_x="LMARGIN", new_y="NEXT"
            )
        else:
            doc.text_cell(130, 4, w["loser_hint"], new_x="LMARGIN", new_y="NEXT")
        if rnd.trinkrunden:
            doc.text_cell(130, 4, w["trink"], new_x="LMARGIN", new_y="NEXT")
        sa_w = 16.0 if _uses_schock_aus(t) else 0.0
        if sa_w:
            doc.text_cell(130, 4, w["sa_hint"], new_x="LMARGIN", new_y="NEXT")
        doc.set_y(46)
        n = len(table)
        first_w, trink_w = 14.0, (8.0 if f.trinkrunden else 0.0)
        col_w = (doc.w - 24 - first_w - trink_w - sa_w) / n

        def end_row(height: float, text: str, fill: bool, tw: float = trink_w,
                    sa: str = "", sw: float = sa_w) -> None:
            """The Schock Aus column (where the format counts them) and the Trinkrunde
            column (if the format has Trinkrunden), then the next line."""
            if sw:
                doc.text_cell(sw, height, sa, border=1, align="C", fill=fill and bool(sa))
            if tw:
                doc.text_cell(tw, height, text, border=1, align="C", fill=fill)
            doc.ln(height)

        # header: start numbers and names
        doc.set_font(doc.sans, "B", 9)
        doc.set_fill_color(225)
        doc.text_cell(first_w, 10, w["game"], border=1, align="C", fill=True)
        for p in table:
            x, y = doc.get_x(), doc.get_y()
            doc.text_cell(col_w, 5, f"Nr. {p}", border="LTR", align="C", fill=True)
            doc.set_xy(x, y + 5)
            doc.set_font(doc.sans, "", 8)
            doc.text_cell(col_w, 5, t.players[p].name, border="LBR", align="C", fill=True)
            doc.set_font(doc.sans, "B", 9)
            doc.set_xy(x + col_w, y)
        end_row(10, "T", True, sa=w["sa"])
        lives = t.chips_at_start(rnd.number)
        if f.scoring is Scoring.CHIPS:
            doc.set_font(doc.sans, "", 7)
            doc.text_cell(first_w, 8, "Chips" if f.chips_reset_each_round else w["lives"],
                          border=1, align="C")
            for p in table:  # one box per chip (life) the player brings into this round
                x, y = doc.get_x(), doc.get_y()
                box, gap, have = 5.0, 2.0, lives.get(p, f.chips)
                start = x + (col_w - have * box - (have - 1) * gap) / 2
                for c in range(have):
                    doc.rect(start + c * (box + gap), y + 1.5, box, box)
                doc.rect(x, y, col_w, 8)
                doc.set_x(x + col_w)
            end_row(8, "", False)
        rows = _rows_for(t, [lives.get(p, f.chips) for p in table] if lives else [0] * n)
        bottom = doc.h - 12 - 30 - 8
        row_h = min(7.0, max(4.0, (bottom - doc.get_y()) / rows))
        doc.set_font(doc.sans, "", 8)
        for g in range(1, rows + 1):
            trink = g in rnd.trinkrunden
            doc.set_fill_color(255, 236, 200)
            doc.text_cell(first_w, row_h, str(g), border=1, align="C", fill=trink)
            for _ in table:
                doc.text_cell(col_w, row_h, "", border=1, fill=trink)
            end_row(row_h, "T" if trink else "", trink)
        doc.set_font(doc.sans, "B", 9)
        doc.set_fill_color(225)
        doc.text_cell(first_w, 8, w["total"], border=1, align="C", fill=True)
        for _ in table:
            doc.text_cell(col_w, 8, "", border=1, fill=True)
        end_row(8, "", True)
        doc.set_y(doc.h - 12 - 24)
        doc.set_font(doc.sans, "", 8)
        doc.text_cell(0, 5, w["signature"] + ":", new_x="LMARGIN", new_y="NEXT")
        sig_w = (doc.w - 24) / n
        y = doc.get_y() + 10
        for k, p in enumerate(table):
            x = 12 + k * sig_w
            doc.line(x + 2, y, x + sig_w - 4, y)
            doc.set_xy(x + 2, y + 1)
            doc.text_cell(sig_w - 6, 4, f"{p} {t.players[p].name}", align="C")
    return doc


# ------------------------------------------------------------------ route cards
def _route(t: Tournament, player: int) -> list[tuple[int, int | None, tuple[int, ...]]]:
    out: list[tuple[int, int | None, tuple[int, ...]]] = []
    rounds: Sequence[Sequence[Sequence[int]]] = [r.tables for r in t.rounds]
    if t.plan and len(t.plan) > len(rounds):
        rounds = [*rounds, *t.plan[len(rounds) :]]
    for k, tables in enumerate(rounds, start=1):
        found = next(((i, tuple(tb)) for i, tb in enumerate(tables, start=1) if player in tb), None)
        out.append((k, found[0], found[1]) if found else (k, None, ()))
    return out


def _cards(t: Tournament, lang: str) -> _Doc:
    w = WORDS[lang]
    doc = _Doc(f"{t.name} - {w['card']}", lang)
    doc.set_auto_page_break(auto=False)
    card_w, card_h = (doc.w - 24 - 6) / 2, (doc.h - 24 - 10) / 2
    shown = [p for p in sorted(t.players) if not t.players[p].withdrawn]
    if not shown:
        doc.add_page()
    for i, p in enumerate(shown):
        player = t.players[p]
        slot = i % 4
        if slot == 0:
            doc.add_page()
        x = 12 + (slot % 2) * (card_w + 6)
        y = 12 + (slot // 2) * (card_h + 6)
        doc.set_draw_color(150)
        doc.set_dash_pattern(dash=1.5, gap=1.5)
        doc.rect(x, y, card_w, card_h)
        doc.set_dash_pattern()
        doc.set_draw_color(0)
        doc.set_xy(x + 4, y + 4)
        doc.set_font(doc.sans, "", 8)
        doc.text_cell(card_w - 8, 4, f"{w['card']} - {t.name}")
        doc.set_xy(x + 4, y + 10)
        doc.set_font(doc.sans, "B", 28)
        doc.text_cell(30, 13, str(p))
        doc.set_font(doc.sans, "B", 13)
        doc.set_xy(x + 34, y + 10)
        doc.text_cell(card_w - 38, 7, player.name)
        doc.set_xy(x + 34, y + 17)
        doc.set_font(doc.sans, "", 9)
        doc.text_cell(
            card_w - 38, 5, f"{w['start_no']} {p}" + (f"  -  {player.team}" if player.team else "")
        )
        yy = y + 28
        for k, table, mates in _route(t, p):
            if yy > y + card_h - 14:
                break
            doc.set_xy(x + 4, yy)
            doc.set_font(doc.sans, "B", 10)
            where = f"{w['table']} {table}" if table else w["open"]
            doc.text_cell(card_w - 8, 5, f"{w['round']} {k}: {where}")
            doc.set_xy(x + 4, yy + 5)
            doc.set_font(doc.sans, "", 7.5)
            others = ", ".join(f"{m} {t.players[m].name}" for m in mates if m != p)
            doc.multi_cell(
                card_w - 8,
                3.5,
                doc.fit(f"{w['with']} {others}" if others else ""),
                border="B",
                align="L",
                new_x="LMARGIN",
                new_y="NEXT",
            )
            yy = doc.get_y() + 2
    return doc


# ------------------------------------------------------------------ standings and prizes
def _standings_table(doc: _Doc, t: Tournament, lang: str, limit: int | None = None) -> None:
    w = WORDS[lang]
    chips = t.format.scoring is Scoring.CHIPS
    name_w, team_w = (50.0, 30.0) if chips else (58.0, 36.0)
    cols = [(w["rank"], 12.0), ("Nr.", 12.0), (w["name"], name_w), (w["team"], team_w)]
    cols += [("Chips", 14.0), (w["status"], 26.0)] if chips else [(w["points"], 20.0)]
    cols += [(w["games"], 14.0), (w["lost"], 12.0), (w["schock_aus"], 16.0 if chips else 20.0)]
    doc.set_font(doc.sans, "B", 9)
    doc.set_fill_color(225)
    for title, width in cols:
        doc.text_cell(width, 7, title, border=1, align="C", fill=True)
    doc.ln()
    doc.set_font(doc.sans, "", 9)
    lines = standings(t)[:limit] if limit else standings(t)
    for k, s in enumerate(lines):
        doc.set_fill_color(245)
        gone = f" ({w['withdrawn']})" if s.status == "withdrawn" and not chips else ""
        values = [str(s.rank), str(s.number), s.name + gone, s.team or ""]
        values += [str(s.chips), w[s.status]] if chips else [points_text(s.points)]
        values += [str(s.games), str(s.lost), str(s.schock_aus)]
        for (_, width), v in zip(cols, values, strict=True):
            doc.text_cell(
                width, 6, v, border=1, align="L" if not v.isdigit() else "R", fill=k % 2 == 1
            )
        doc.ln()


def _standings_subtitle(t: Tournament, lang: str) -> str:
    """Final standings, standings after a finished round, or during one."""
    w = WORDS[lang]
    if not t.rounds:
        return ""
    if t.finished:
        return w["final"].format(n=len(t.rounds))
    label = _round_label(t, len(t.rounds), lang)
    if t.round_complete(len(t.rounds)):
        return w["after"].format(r=label.split(" ", 1)[1])
    return w["during"].format(r=label.split(" ", 1)[1])


def _standings(t: Tournament, lang: str) -> _Doc:
    w = WORDS[lang]
    doc = _Doc(f"{t.name} - {w['standings']}", lang)
    doc.add_page()
    _heading(doc, f"{w['standings']} - {t.name}", _standings_subtitle(t, lang))
    _standings_table(doc, t, lang)
    return doc


def _prizes(t: Tournament, lang: str) -> _Doc:
    w = WORDS[lang]
    doc = _Doc(f"{t.name} - {w['prizes']}", lang)
    doc.add_page()
    _heading(doc, f"{w['prizes']} - {t.name}")
    table = standings(t)
    doc.set_font(doc.sans, "", 13)
    for s in table[:3]:
        doc.set_font(doc.sans, "B", 20 - 2 * s.rank)
        extra = (
            "" if t.format.scoring is Scoring.CHIPS else f"  ({points_text(s.points)} {w['points']})"
        )
        doc.text_cell(
            0, 11, f"{s.rank}.  {s.name} (Nr. {s.number}){extra}", new_x="LMARGIN", new_y="NEXT"
        )
    doc.ln(4)
    _standings_table(doc, t, lang, limit=20)
    prizes = side_prizes(t)
    if prizes:
        doc.ln(6)
        doc.set_font(doc.sans, "B", 13)
        doc.text_cell(0, 8, w["side"], new_x="LMARGIN", new_y="NEXT")
        doc.set_font(doc.sans, "", 11)
        for prize in prizes:
            label = PRIZE_LABELS[prize.prize][0]
            names = ", ".join(f"{t.players[p].name} (Nr. {p})" for p in prize.winners)
            doc.text_cell(0, 7, f"{label}: {names}", new_x="LMARGIN", new_y="NEXT")
    teams = team_standings(t)
    if teams:
        doc.ln(6)
        doc.set_font(doc.sans, "B", 13)
        doc.text_cell(0, 8, w["teams"], new_x="LMARGIN", new_y="NEXT")
        doc.set_font(doc.sans, "", 11)
        for x in teams[:10]:
            doc.text_cell(
                0, 7, f"{x.rank}.  {x.team}  {points_text(x.score)}", new_x="LMARGIN", new_y="NEXT"
            )
    return doc


def render(
    t: Tournament,
    kind: str,
    *,
    rnd: int | None = None,
    base_url: str = "http://localhost:8000",
    lang: str = "de",
    table_token: Callable[[int, int], str] | None = None,
) -> bytes:
    """The PDF of one kind of document (see the module doc).

    ``table_token(round, table)`` gives the token that the score sheets' QR
    codes carry (the web app's per-table entry tokens).
    """
    if kind not in KINDS:
        raise InvalidInputError(f"print: {kind!r}; allowed: {', '.join(KINDS)}")
    if lang not in WORDS:
        raise InvalidInputError(f"lang: {lang!r}; allowed: de, en")
    if kind == "plan":
        doc = _plan(t, _round(t, rnd), lang)
    elif kind == "sheets":
        doc = _sheets(t, _round(t, rnd), lang, base_url, table_token)
    elif kind == "cards":
        doc = _cards(t, lang)
    elif kind == "standings":
        doc = _standings(t, lang)
    else:
        doc = _prizes(t, lang)
    return bytes(doc.output())
