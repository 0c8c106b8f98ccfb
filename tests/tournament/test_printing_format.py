"""Issue 25, item 7: sheets and standings that match the format: mosel's life boxes per
player's lives left, a Schock Aus column where the format counts them, "Runde 2" without
"von -", final standings subtitled as such, withdrawn players marked and never the Rote
Laterne."""

from __future__ import annotations

import random
from typing import Any

import pytest

from schock.tournament import printing
from schock.tournament.domain import Tournament
from schock.tournament.format import SidePrize, load_format
from schock.tournament.standings import side_prizes


def _played(preset: str, players: int = 8, seed: int = 1) -> Tournament:
    """Round 1 played to its end, by random losers (and orders)."""
    rng = random.Random(seed)
    t = Tournament.create(name=f"Test {preset}", fmt=load_format(preset), seed=seed)
    for i in range(players):
        t.register(f"Spieler {i + 1}")
        t.checkin(i + 1)
    _play(t, rng)
    return t


def _play(t: Tournament, rng: random.Random) -> None:
    rnd = t.draw() if not t.rounds or t.round_complete(len(t.rounds)) else t.rounds[-1]
    for tb in range(1, len(rnd.tables) + 1):
        while (g := t.next_game(rnd.number, tb)) is not None:
            order = rng.sample(t.table_players(rnd.number, tb), len(t.table_players(rnd.number, tb)))
            out = [[p] for p in order[:-1]] if t.format.scoring.value == "points" else []
            t.enter(rnd.number, tb, g, loser=order[-1], out=out)


class _Spy:
    """Records what a document draws: its cells' texts and its rectangles."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.rects: list[tuple[float, float]] = []
        real_cell, real_rect = printing._Doc.text_cell, printing._Doc.rect

        def cell(doc: Any, w: float, h: float, text: str, **kw: Any) -> None:
            self.texts.append(text)
            real_cell(doc, w, h, text, **kw)

        def rect(doc: Any, x: float, y: float, w: float, h: float, *a: Any, **kw: Any) -> None:
            self.rects.append((w, h))
            real_rect(doc, x, y, w, h, *a, **kw)

        monkeypatch.setattr(printing._Doc, "text_cell", cell)
        monkeypatch.setattr(printing._Doc, "rect", rect)


def test_mosel_sheet_has_a_life_box_per_life_left(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _played("mosel", 12)
    t.draw()
    lives = t.chips_at_start(2)
    assert sorted(set(lives.values())) != [3]  # some players lost lives in round 1
    spy = _Spy(monkeypatch)
    printing.render(t, "sheets", rnd=2)
    boxes = sum(1 for w, h in spy.rects if (w, h) == (5.0, 5.0))
    assert boxes == sum(lives.values())
    assert "Leben" in spy.texts and "Test mosel  -  Runde 2" in spy.texts
    assert all("von" not in x for x in spy.texts if "Runde" in x)
    assert t.chips_at_start(1) == {p: 3 for p in t.rounds[0].tables[0] + t.rounds[0].tables[1]
                                   + t.rounds[0].tables[2]}


def test_irmgarteich_sheet_has_a_schock_aus_column(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _played("irmgarteich", 6)
    spy = _Spy(monkeypatch)
    printing.render(t, "sheets", rnd=1)
    assert "SA" in spy.texts and any(x.startswith("SA = Schock Aus") for x in spy.texts)
    assert "Test irmgarteich  -  Runde 1 von 2" in spy.texts
    assert _played("irmgarteich").chips_at_start(1) == {}


def test_final_standings_and_withdrawn_players(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _played("irmgarteich", 9, seed=4)
    last = [s for s in printing.standings(t)][-1].number
    t.withdraw(last)  # the last placed player goes home: no Rote Laterne for him
    prizes = {p.prize: p.winners for p in side_prizes(t)}
    assert last not in prizes[SidePrize.ROTE_LATERNE]
    assert printing._standings_subtitle(t, "de") == "Stand nach Runde 1 von 2"
    _play(t, random.Random(5))
    assert printing._standings_subtitle(t, "de") == "Endstand nach 2 Runden"
    assert printing._standings_subtitle(t, "en") == "Final standings after 2 rounds"
    spy = _Spy(monkeypatch)
    printing.render(t, "standings")
    name = t.players[last].name
    assert f"{name} (abgemeldet)" in spy.texts and "Endstand nach 2 Runden" in spy.texts
    t2 = _played("porz", 8)
    t2.draw()
    t2.enter(2, 1, 1, loser=t2.rounds[1].tables[0][0])
    assert printing._standings_subtitle(t2, "de") == "Zwischenstand, Runde 2 läuft"
