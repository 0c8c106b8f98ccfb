"""Numbers, money, dates and plurals for people (schock.i18n, Babel)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schock.i18n import (
    LANGS,
    PLURALS,
    day,
    locale,
    money,
    number,
    percent,
    placeholders,
    plural,
    plural_category,
)

NBSP = "\xa0"


def test_both_languages_have_the_same_plural_keys() -> None:
    assert set(PLURALS) == set(LANGS)
    assert set(PLURALS["de"]) == set(PLURALS["en"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(PLURALS["de"]))
def test_every_plural_has_the_forms_its_language_needs(lang: str, key: str) -> None:
    """One form per CLDR category of the language (Babel's rule), no more, no less."""
    needed = set(locale(lang).plural_form.tags) | {"other"}
    assert set(PLURALS[lang][key]) == needed


@pytest.mark.parametrize("key", sorted(PLURALS["de"]))
def test_every_form_has_the_same_placeholders(key: str) -> None:
    forms = [f for lang in LANGS for f in PLURALS[lang][key].values()]
    assert all(placeholders(f) == placeholders(forms[0]) for f in forms)
    assert "n" in placeholders(forms[0])


@pytest.mark.parametrize(
    ("key", "n", "de", "en"),
    [
        ("throws_at_most", 0, "Höchstens 0 Würfe", "At most 0 throws"),
        ("throws_at_most", 1, "Höchstens 1 Wurf", "At most 1 throw"),
        ("throws_at_most", 2, "Höchstens 2 Würfe", "At most 2 throws"),
        ("rounds", 0, "0 Runden", "0 rounds"),
        ("rounds", 1, "1 Runde", "1 round"),
        ("rounds", 2, "2 Runden", "2 rounds"),
        ("games", 1, "1 Spiel", "1 game"),
        ("games", 2, "2 Spiele", "2 games"),
        ("after_throws", 1, "nach 1 Wurf", "after 1 throw"),
        ("after_throws", 3, "nach 3 Würfen", "after 3 throws"),
        ("striche", 1, "1 Strich", "1 Strich"),
        ("striche", 0, "0 Striche", "0 Striche"),
        ("evenings", 1, "1 Abend", "1 evening"),
        ("tables", 12, "12 Tische", "12 tables"),
        ("dice", 1, "1 Würfel", "1 die"),
        ("entries", 1001, "1.001 Einträge", "1,001 entries"),
    ],
)
def test_plural_edge_cases(key: str, n: int, de: str, en: str) -> None:
    assert plural(key, n, "de") == de
    assert plural(key, n, "en") == en


def test_a_decimal_count_takes_the_plural_form_of_the_number_shown() -> None:
    assert plural("expected_deckel", 0.85, "de", 2) == "0,85 erwartete Deckel"
    assert plural("expected_deckel", 1, "de") == "1 erwarteter Deckel"
    assert plural("expected_deckel", 1.0, "de", 2) == "1,00 erwartete Deckel"
    assert plural("expected_deckel", 0.999, "de", 2) == "1,00 erwartete Deckel"
    assert plural_category(1, "en") == "one" and plural_category(0, "en") == "other"


def test_numbers_and_percentages() -> None:
    assert number(0.85, "de", 2) == "0,85"
    assert number(0.85, "en", 2) == "0.85"
    assert number(1234567.891, "de", 1) == "1.234.567,9"
    assert number(3, "de", 0) == "3"
    assert percent(0.4567, "de", 1) == f"45,7{NBSP}%"
    assert percent(0.4567, "en") == "46%"


def test_money_in_both_languages() -> None:
    assert money(250, "EUR", "de") == f"2,50{NBSP}€"
    assert money(250, "EUR", "en") == "€2.50"
    assert money(84, "EUR", "de", sign=True) == f"+0,84{NBSP}€"
    assert money(-84, "EUR", "de", sign=True) == f"−0,84{NBSP}€"
    assert money(0, "EUR", "de", sign=True) == f"0,00{NBSP}€"
    assert money(-100000, "EUR", "de") == f"-1.000,00{NBSP}€"
    assert money(150, "CHF", "en") == "CHF1.50"


def test_dates_in_both_languages() -> None:
    assert day(date(2026, 3, 5), "de") == "05.03.2026"
    assert day("2026-03-05", "en") == "Mar 5, 2026"
    assert day("2026-03-05", "de", "full") == "Donnerstag, 5. März 2026"
    assert day("2026-03-05", "en", "long") == "March 5, 2026"


@given(st.integers(-(10**9), 10**9))
def test_money_reads_back(cents: int) -> None:
    """The German text is the amount: digits and the decimal comma, nothing lost."""
    text = money(cents, "EUR", "de").replace(NBSP + "€", "").replace(".", "").replace(",", ".")
    assert round(float(text) * 100) == cents


def test_amounts_and_counts_as_message_parameters() -> None:
    from schock.i18n import Count, Money
    from schock.messages import Msg

    assert str(Money(250)) == "€2.50" and str(Count("games", 1)) == "1 game"
    msg = Msg("abend.too_much", {"amount": Money(500), "name": "A", "to": "B", "owed": Money(250)})
    assert msg.text("de") == (
        f"Betrag: 5,00{NBSP}€ ist mehr, als A B schuldet (2,50{NBSP}€); erlaubt: höchstens 2,50{NBSP}€")
    assert msg.text("en") == "amount: €5.00 is more than A owes B (€2.50); allowed: at most €2.50"
