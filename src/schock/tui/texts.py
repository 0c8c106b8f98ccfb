"""The words of the terminal game: German first, English second.

Game words stay German in both languages (Schock, General, Straße, Deckel,
Hälfte, Finale, Stock). The words are data: ``schock/locale/<lang>/tui.toml``
(:mod:`schock.locale`), read on first use.

>>> say("de", "turn", name="Anna")
'Am Zug: Anna'
>>> say("en", "turn", name="Anna")
'To move: Anna'
"""

from __future__ import annotations

from typing import Any

from schock import i18n
from schock.locale import LANGS, texts

#: The words by language and key (``schock/locale/<lang>/tui.toml``, read on first use).
TEXTS: dict[str, dict[str, str]]


def __getattr__(name: str) -> object:
    """:data:`TEXTS`, read from the catalog files when first asked for."""
    if name != "TEXTS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    table = {lang: texts("tui", lang) for lang in LANGS}
    globals()["TEXTS"] = table
    return table


def say(lang: str, key: str, /, **values: Any) -> str:
    """The text ``key`` in ``lang`` (German for an unknown language), filled in."""
    return texts("tui", lang if lang in LANGS else "de")[key].format(**values)


def throws_text(lang: str, n: int) -> str:
    """``1 Wurf``, ``2 Würfe`` (``1 throw``, ``2 throws``).

    >>> throws_text("de", 1), throws_text("de", 3), throws_text("en", 2)
    ('1 Wurf', '3 Würfe', '2 throws')
    """
    return i18n.plural("throws", n, lang)  # the language's plural rule (Babel), not if/else


def percent(p: float, lang: str) -> str:
    """A chance as a percentage with one decimal (German: decimal comma); NaN as a dash.

    >>> percent(0.7234, "de"), percent(0.7234, "en"), percent(float("nan"), "de")
    ('72,3\xa0%', '72.3%', '–')
    """
    if p != p:  # NaN: not computed
        return "–"
    return i18n.percent(p, lang, 1)


def number(x: float, lang: str) -> str:
    """A number with two decimals (German: decimal comma); NaN as a dash.

    >>> number(0.826, "de"), number(1.5, "en"), number(float("nan"), "en")
    ('0,83', '1.50', '–')
    """
    if x != x:
        return "–"
    return i18n.number(x, lang, 2)
