"""The web app's own words, German first, English second.

The words are data: ``schock/locale/de/web.toml`` and ``schock/locale/en/web.toml``
(:mod:`schock.locale`), read on first use.

>>> from schock.web.texts import TEXTS  # read now
>>> TEXTS["bad_seat"]
('Kein solcher Platz: {seat}', 'no such seat: {seat}')
"""

from __future__ import annotations

from schock.locale import texts

#: key -> (German, English).
TEXTS: dict[str, tuple[str, str]]


def __getattr__(name: str) -> object:
    """:data:`TEXTS`, read from the catalog files when first asked for."""
    if name != "TEXTS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    de, en = texts("web", "de"), texts("web", "en")
    table = {key: (de[key], en[key]) for key in de}
    globals()["TEXTS"] = table
    return table


def text(key: str, lang: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (``de`` or ``en``).

    >>> text("bad_seat", "en", seat=7)
    'no such seat: 7'
    """
    return texts("web", "en" if lang == "en" else "de")[key].format(**params)
