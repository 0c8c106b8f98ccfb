"""Numbers, money, dates and plurals for people, in German and English (Babel).

One place for every front end (web pages, command line, terminal game): the
language is ``"de"`` (German formats: ``0,85``, ``2,50 €``, ``20.11.2026``) or
``"en"``. Numbers, money and dates come from Babel's CLDR data; plurals are
gettext-style: a message has one form per plural category of the language
(CLDR's ``one`` and ``other`` for German and English, so ``0`` reads "0 Würfe"),
and Babel's plural rule picks the form. No hand-written ``if n == 1``.

>>> number(0.8512, "de", 2), number(0.8512, "en", 2), number(1234, "de")
('0,85', '0.85', '1.234')
>>> money(250, "EUR", "de"), money(250, "EUR", "en")
('2,50\\xa0€', '€2.50')
>>> money(-84, lang="de", sign=True), money(84, lang="de", sign=True)
('−0,84\\xa0€', '+0,84\\xa0€')
>>> day("2026-11-20", "de"), day("2026-11-20", "en"), day("2026-11-20", "de", "long")
('20.11.2026', 'Nov 20, 2026', '20. November 2026')
>>> plural("throws_at_most", 1, "de"), plural("throws_at_most", 3, "de")
('Höchstens 1 Wurf', 'Höchstens 3 Würfe')
>>> plural("games", 1, "en"), plural("games", 0, "en"), plural("games", 2, "de")
('1 game', '0 games', '2 Spiele')
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_currency, format_decimal, format_percent

LANGS = ("de", "en")
#: The Babel locale of each language.
LOCALES = {"de": "de_DE", "en": "en"}
#: The minus sign in front of money with ``sign=True`` (a real minus, not a hyphen).
MINUS = "\u2212"

#: Messages with a count ``{n}``: per language, one form per CLDR plural category
#: (``one``, ``other``). Further placeholders are allowed; every form of a key in
#: both languages has the same ones (checked by the tests with Babel's rules).
PLURALS: dict[str, dict[str, dict[str, str]]] = {
    "de": {
        # counts for the game and the evening, shared by every front end
        "throws": {"one": "{n} Wurf", "other": "{n} Würfe"},
        "throws_at_most": {"one": "Höchstens {n} Wurf", "other": "Höchstens {n} Würfe"},
        "after_throws": {"one": "nach {n} Wurf", "other": "nach {n} Würfen"},
        "rounds": {"one": "{n} Runde", "other": "{n} Runden"},
        "games": {"one": "{n} Spiel", "other": "{n} Spiele"},
        "deckel": {"one": "{n} Deckel", "other": "{n} Deckel"},
        "striche": {"one": "{n} Strich", "other": "{n} Striche"},
        "players": {"one": "{n} Spieler", "other": "{n} Spieler"},
        "members": {"one": "{n} Mitglied", "other": "{n} Mitglieder"},
        "tables": {"one": "{n} Tisch", "other": "{n} Tische"},
        "evenings": {"one": "{n} Abend", "other": "{n} Abende"},
        "entries": {"one": "{n} Eintrag", "other": "{n} Einträge"},
        "seats": {"one": "{n} Platz", "other": "{n} Plätze"},
        "dice": {"one": "{n} Würfel", "other": "{n} Würfel"},
        "expected_deckel": {"one": "{n} erwarteter Deckel", "other": "{n} erwartete Deckel"},
        "lost_games": {"one": "{n} verlorenes Spiel", "other": "{n} verlorene Spiele"},
        "minutes": {"one": "{n} Minute", "other": "{n} Minuten"},
        "turned_ones": {"one": "{n} Eins aus gedrehten Sechsen", "other": "{n} Einsen aus gedrehten Sechsen"},
        "hours": {"one": "{n} Stunde", "other": "{n} Stunden"},
        # command line counts (cli27)
        "of_games": {"one": "{n} Spiel", "other": "{n} Spielen"},
        "jobs": {"one": "{n} Prozess", "other": "{n} Prozesse"},
        "rules": {"one": "{n} Regel", "other": "{n} Regeln"},
        "games_per_second": {"one": "{n} Spiel/s", "other": "{n} Spiele/s"},
        "rounds_per_second": {"one": "{n} Runde/s", "other": "{n} Runden/s"},
        "repeat_meetings": {
            "one": "{n} wiederholte Begegnung", "other": "{n} wiederholte Begegnungen",
        },
    },
    "en": {
        "throws": {"one": "{n} throw", "other": "{n} throws"},
        "throws_at_most": {"one": "At most {n} throw", "other": "At most {n} throws"},
        "after_throws": {"one": "after {n} throw", "other": "after {n} throws"},
        "rounds": {"one": "{n} round", "other": "{n} rounds"},
        "games": {"one": "{n} game", "other": "{n} games"},
        "deckel": {"one": "{n} Deckel", "other": "{n} Deckel"},
        "striche": {"one": "{n} Strich", "other": "{n} Striche"},
        "players": {"one": "{n} player", "other": "{n} players"},
        "members": {"one": "{n} member", "other": "{n} members"},
        "tables": {"one": "{n} table", "other": "{n} tables"},
        "evenings": {"one": "{n} evening", "other": "{n} evenings"},
        "entries": {"one": "{n} entry", "other": "{n} entries"},
        "seats": {"one": "{n} seat", "other": "{n} seats"},
        "dice": {"one": "{n} die", "other": "{n} dice"},
        "expected_deckel": {"one": "{n} expected Deckel", "other": "{n} expected Deckel"},
        "lost_games": {"one": "{n} lost game", "other": "{n} lost games"},
        "minutes": {"one": "{n} minute", "other": "{n} minutes"},
        "turned_ones": {"one": "{n} 1 from turned sixes", "other": "{n} 1s from turned sixes"},
        "hours": {"one": "{n} hour", "other": "{n} hours"},
        # command line counts (cli27)
        "of_games": {"one": "{n} game", "other": "{n} games"},
        "jobs": {"one": "{n} job", "other": "{n} jobs"},
        "rules": {"one": "{n} rule", "other": "{n} rules"},
        "games_per_second": {"one": "{n} game/s", "other": "{n} games/s"},
        "rounds_per_second": {"one": "{n} round/s", "other": "{n} rounds/s"},
        "repeat_meetings": {"one": "{n} repeat meeting", "other": "{n} repeat meetings"},
    },
}


def lang_of(value: object) -> str:
    """``"en"`` for English, else German (the default language of schock).

    >>> lang_of("en"), lang_of("de"), lang_of(None), lang_of("fr")
    ('en', 'de', 'de', 'de')
    """
    return "en" if value == "en" else "de"


@cache
def locale(lang: str) -> Locale:
    """The Babel locale of ``lang`` (German for anything but ``"en"``)."""
    return Locale.parse(LOCALES[lang_of(lang)])


def number(value: float | int | Decimal, lang: str = "de", digits: int | None = None) -> str:
    """A number with the language's decimal mark and grouping; ``digits``: that many
    places after the mark (rounded half to even), else as many as it has (at most 3).

    >>> number(2.5, "de"), number(2.5, "de", 2), number(-1234567, "en")
    ('2,5', '2,50', '-1,234,567')
    """
    fmt = None if digits is None else "#,##0" + ("." + "0" * digits if digits else "")
    return str(format_decimal(value, format=fmt, locale=locale(lang)))


def percent(value: float, lang: str = "de", digits: int = 0) -> str:
    """A share as a percentage: ``0.125`` is ``12,5 %`` with one digit.

    >>> percent(0.125, "de", 1), percent(0.125, "en", 1), percent(0.5, "de")
    ('12,5\\xa0%', '12.5%', '50\\xa0%')
    """
    pattern = str(locale(lang).percent_formats[None].pattern)  # '#,##0\xa0%' in German
    fmt = pattern.replace("0", "0." + "0" * digits, 1) if digits else pattern
    return str(format_percent(value, format=fmt, locale=locale(lang)))


def money(cents: int, currency: str = "EUR", lang: str = "de", *, sign: bool = False) -> str:
    """An amount in cents as money in the language's format; ``sign=True`` writes
    ``+`` before a positive amount and a minus sign before a negative one.

    >>> money(5, "CHF", "de"), money(123456, "EUR", "de"), money(-5, "EUR", "en")
    ('0,05\\xa0CHF', '1.234,56\\xa0€', '-€0.05')
    >>> money(0, sign=True)
    '0,00\\xa0€'
    """
    text = str(format_currency(Decimal(abs(cents)) / 100, currency, locale=locale(lang)))
    if cents < 0:
        return (MINUS if sign else "-") + text
    return ("+" + text) if sign and cents > 0 else text


def day(value: date | str, lang: str = "de", form: str = "medium") -> str:
    """A date (or an ISO date ``YYYY-MM-DD``) in the language's format: ``short``,
    ``medium`` (``20.11.2026``), ``long`` (``20. November 2026``) or ``full``
    (with the weekday).

    >>> day("2026-11-20", "de", "full")
    'Freitag, 20. November 2026'
    """
    d = date.fromisoformat(value) if isinstance(value, str) else value
    return str(format_date(d, form, locale=locale(lang)))


def plural_category(n: float | int | Decimal, lang: str = "de") -> str:
    """The CLDR plural category of ``n`` in ``lang`` (Babel's rule): ``one`` or ``other``.

    >>> [plural_category(n, "de") for n in (0, 1, 2)], plural_category(1.5, "en")
    (['other', 'one', 'other'], 'other')
    """
    return str(locale(lang).plural_form(n))


def plural(
    key: str, n: float | int | Decimal, lang: str = "de", digits: int | None = None,
    **params: object,
) -> str:
    """The message ``key`` of :data:`PLURALS` in the form for the count ``n``, which
    is shown as ``{n}`` in the language's number format (with ``digits`` places after
    the mark if given; the form follows the number as shown: "1,00" is plural);
    other placeholders come from ``params``.

    >>> plural("expected_deckel", 0.8512, "de", 2), plural("expected_deckel", 2.5, "en", 2)
    ('0,85 erwartete Deckel', '2.50 expected Deckel')
    >>> plural("expected_deckel", 1, "de"), plural("expected_deckel", 1, "de", 2)
    ('1 erwarteter Deckel', '1,00 erwartete Deckel')
    >>> plural("tables", 1000, "de")
    '1.000 Tische'
    """
    lang = lang_of(lang)
    count = n if digits is None else Decimal(n).quantize(Decimal(1).scaleb(-digits))
    forms = PLURALS[lang][key]
    form = forms.get(plural_category(count, lang), forms["other"])
    return form.format(n=number(count, lang, digits), **params)


@dataclass(frozen=True, slots=True)
class Money:
    """An amount of money as a message parameter: shown in the message's language.

    >>> from schock.messages import Msg
    >>> Money(250).localized("de"), Money(250, "EUR").localized("en")
    ('2,50\\xa0€', '€2.50')
    """

    cents: int
    currency: str = "EUR"

    def localized(self, lang: str) -> str:
        return money(self.cents, self.currency, lang)

    def __str__(self) -> str:
        return self.localized("en")


@dataclass(frozen=True, slots=True)
class Count:
    """A count with its noun (a key of :data:`PLURALS`) as a message parameter.

    >>> Count("rounds", 1).localized("de"), str(Count("rounds", 2))
    ('1 Runde', '2 rounds')
    """

    key: str
    n: int

    def localized(self, lang: str) -> str:
        return plural(self.key, self.n, lang)

    def __str__(self) -> str:
        return self.localized("en")


def placeholders(template: str) -> set[str]:
    """The names of a template's placeholders.

    >>> sorted(placeholders("{n} Würfe von {name}"))
    ['n', 'name']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


__all__ = [
    "LANGS",
    "PLURALS",
    "Count",
    "Money",
    "day",
    "lang_of",
    "locale",
    "money",
    "number",
    "percent",
    "placeholders",
    "plural",
    "plural_category",
]
