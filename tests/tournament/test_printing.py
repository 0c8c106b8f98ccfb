"""Printed sheets: every name prints as typed (DejaVu Sans from matplotlib), and
without that font the built-in Helvetica still prints, Latin-1 only."""

from __future__ import annotations

import pytest

from schock.tournament import printing
from schock.tournament.domain import Tournament
from schock.tournament.format import load_format

NAMES = ["Şahin Yılmaz", "Łukasz Nowak", "Zoë Ødegaard", "Jürgen Groß", "Đorđe", "Nguyễn"]


def _tournament() -> Tournament:
    t = Tournament.create(name="Kneipenpokal Köln–Mülheim", fmt=load_format("irmgarteich"), seed=3)
    for name in NAMES:
        t.register(name)
    for n in range(1, len(NAMES) + 1):
        t.checkin(n)
    t.draw(tables=[[1, 2, 3], [4, 5, 6]])
    return t


def test_names_outside_latin_1_print_as_typed() -> None:
    assert printing.unicode_fonts() is not None  # matplotlib ships DejaVu Sans
    doc = printing._Doc("x", "de")
    assert doc.sans == "dejavu"
    assert [doc.fit(n) for n in NAMES] == NAMES
    t = _tournament()
    for kind in printing.KINDS:
        pdf = printing.render(t, kind, rnd=1)
        assert pdf.startswith(b"%PDF") and b"DejaVuSans" in pdf, kind


def test_without_the_font_helvetica_prints_latin_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(printing, "unicode_fonts", lambda: None)
    doc = printing._Doc("x", "de")
    assert doc.sans == "Helvetica"
    assert doc.fit("Jürgen Groß") == "Jürgen Groß" and doc.fit("Şahin") == "?ahin"
    t = _tournament()
    for kind in printing.KINDS:
        pdf = printing.render(t, kind, rnd=1)
        assert pdf.startswith(b"%PDF") and b"DejaVuSans" not in pdf, kind


def test_a_long_name_is_made_smaller_then_cut_never_wider_than_its_cell() -> None:
    doc = printing._Doc("x", "de")
    doc.add_page()
    doc.set_font(doc.sans, "B", 13)
    room = 50 - 2 * doc.c_margin
    assert doc.squeeze(50, "Anna") == "Anna" and doc.font_size_pt == 13
    middle = doc.squeeze(50, "Maximilian Müller-Lüdenscheidt")
    assert middle == "Maximilian Müller-Lüdenscheidt" and 5 <= doc.font_size_pt < 13
    assert doc.get_string_width(middle) <= room
    doc.set_font_size(13)
    long = "Bartholomäus Schwarzenegger von und zu Hohenzollern-Sigmaringen-Hechingen"
    cut = doc.squeeze(50, long)
    assert doc.font_size_pt == 5 and cut.endswith("…") and long.startswith(cut[:-1])
    assert doc.get_string_width(cut) <= room
    doc.set_font_size(9)
    doc.text_cell(50, 5, long)  # the cell keeps the font size it was given
    assert doc.font_size_pt == 9
