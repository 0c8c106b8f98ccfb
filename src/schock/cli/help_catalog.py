"""Every help text of the ``schock`` commands in German and English (see
:mod:`schock.cli.helptext`), read from ``schock/locale/<lang>/help.toml``.

Keys are the texts as the code writes them (docstrings cleaned as click does, ``help=``);
values are (German, English), ``None`` where the key itself is that language (``""`` in
the files). A test checks that every command's and option's help is here.

>>> from schock.cli.help_catalog import HELP  # read now
>>> HELP["Show the version and exit."]
('Die Version zeigen und beenden.', None)
>>> in_language("en")["Show the version and exit."]
'Show the version and exit.'
"""

from __future__ import annotations

import functools

from schock.locale import texts

#: help text as written -> (German, English); None: the key is already that language.
HELP: dict[str, tuple[str | None, str | None]]


def in_language(lang: str) -> dict[str, str]:
    """Every help text as written -> the text in ``lang`` (German or else English): the one
    file ``--help`` needs."""
    return _in_language("de" if lang == "de" else "en")


@functools.cache
def _in_language(lang: str) -> dict[str, str]:
    return {source: text or source for source, text in texts("help", lang).items()}


def __getattr__(name: str) -> object:
    """:data:`HELP`, read from the catalog files when first asked for."""
    if name != "HELP":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    de, en = texts("help", "de"), texts("help", "en")
    table = {source: (de[source] or None, en.get(source) or None) for source in de}
    globals()["HELP"] = table
    return table
