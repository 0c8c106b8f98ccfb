"""CSV export of a group's games and ledger (standard library only).

>>> from schock.evening.domain import Stammtisch
>>> st = Stammtisch.create("Di", ["Anna", "Ben"])
>>> _ = st.start_evening("2026-11-20")
>>> _ = st.add_game(players=["Anna", "Ben"], loser="Anna")
>>> print(games_csv(st).splitlines()[1])
5,1,2026-11-20,Anna;Ben,Anna,0,,,no
"""

from __future__ import annotations

import csv
import io

from schock.evening.domain import Stammtisch
from schock.evening.entries import money


def _safe(cell: str) -> str:
    """A cell that a spreadsheet will not run as a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell


def games_csv(st: Stammtisch) -> str:
    """Every game (voided ones too, marked), one row each."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["entry", "evening", "date", "players", "loser", "schock_aus",
                "schock_aus_received_by", "half_losers", "voided"])
    days = {e.number: e.day for e in st.evenings}
    for g in st.games:
        w.writerow([g.seq, g.evening, days.get(g.evening, ""), _safe(";".join(g.players)),
                    _safe(g.loser), len(g.schock_aus), _safe(";".join(g.schock_aus)),
                    _safe(";".join(g.half_losers)), "yes" if g.voided else "no"])
    return out.getvalue()


def ledger_csv(st: Stammtisch) -> str:
    """The balance per member, what is owed between members, and every payment."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    geld = st.settings.stake == "geld"
    w.writerow(["kind", "who", "to", "amount", "unit", "entry", "voided"])
    unit = st.settings.currency if geld else "rounds"
    for name, owed in st.balance().items():
        w.writerow(["balance", _safe(name), "", money(owed, "").strip() if geld else owed, unit, "", ""])
    if geld:
        for (a, b), cents in st.debts().items():
            w.writerow(["owes", _safe(a), _safe(b), money(cents, "").strip(), unit, "", ""])
    for p in st.payments:
        amount = money(p.amount, "").strip() if geld else p.amount
        w.writerow(["payment", _safe(p.payer), _safe(p.payee or ""), amount, unit, p.seq,
                    "yes" if p.voided else "no"])
    return out.getvalue()
