"""click's own usage errors ("No such option", "Missing argument", "Invalid value for
...", "Try ... for help.") in the command's language: German unless ``--lang en``.

click writes these messages through gettext (``from gettext import gettext as _`` in
each of its modules): :func:`install` puts :func:`gettext`/:func:`ngettext` of this
module in their place. They give the German of an error message (:data:`ERRORS`,
:data:`PLURALS`) while a schock command line runs in German (:func:`speaking`, set
by :class:`schock.cli.common.SchockGroup` around the whole command), and click's
English text otherwise. Only error messages are here: click's help words are the help
formatter's (:mod:`schock.cli.helptext`). A test checks that every message here is one
click still writes.

>>> with speaking("de"):
...     gettext("No such option {name!r}.").format(name="--x")
"Unbekannte Option '--x'."
>>> gettext("No such option {name!r}.").format(name="--x")
"No such option '--x'."
>>> with speaking("de"):
...     gettext("{value!r} is not a valid {number_type}.").format(value="x", number_type="integer")
"'x' ist keine gültige ganze Zahl."
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
from collections.abc import Iterator
from typing import Any

#: The language of the running command line (``None``: click's English).
_LANG: contextvars.ContextVar[str | None] = contextvars.ContextVar("schock_click_lang", default=None)

#: click's error messages (its gettext ids) -> German.
ERRORS: dict[str, str] = {
    "Error: {message}": "Fehler: {message}",
    "Try '{command} {option}' for help.": "Hilfe: '{command} {option}'.",
    "Invalid value for {param_hint}: {message}": "Ungültiger Wert für {param_hint}: {message}",
    "Invalid value: {message}": "Ungültiger Wert: {message}",
    "Missing argument": "Es fehlt das Argument",
    "Missing option": "Es fehlt die Option",
    "Missing parameter": "Es fehlt der Parameter",
    "Missing {param_type}": "Es fehlt: {param_type}",
    "Missing parameter: {param_name}": "Es fehlt der Parameter {param_name}.",
    "Missing command.": "Es fehlt der Befehl.",
    "No such option {name!r}.": "Unbekannte Option {name!r}.",
    "No such command {name!r}.": "Unbekannter Befehl {name!r}.",
    "Option {name!r} does not take a value.": "Die Option {name!r} nimmt keinen Wert.",
    "Argument {name!r} takes {nargs} values.": "Das Argument {name!r} nimmt {nargs} Werte.",
    "Could not open file {filename!r}: {message}":
        "Die Datei {filename!r} lässt sich nicht öffnen: {message}",
    "unknown error": "unbekannter Fehler",
    "{value} is not in the range {range}.": "{value} liegt nicht im Bereich {range}.",
    "{value!r} is not a valid {number_type}.": "{value!r} ist keine gültige {number_type}.",
    "{value!r} is not a valid boolean. Recognized values: {states}":
        "{value!r} ist kein Wahrheitswert. Erlaubt: {states}",
    "{value!r} is not a valid UUID.": "{value!r} ist keine gültige UUID.",
    "{name} {filename!r} does not exist.": "{name} {filename!r} gibt es nicht.",
    "{name} {filename!r} is a file.": "{name} {filename!r} ist eine Datei.",
    "{name} {filename!r} is a directory.": "{name} {filename!r} ist ein Ordner.",
    "{name} {filename!r} is not readable.": "{name} {filename!r} ist nicht lesbar.",
    "{name} {filename!r} is not writable.": "{name} {filename!r} ist nicht schreibbar.",
    "{name} {filename!r} is not executable.": "{name} {filename!r} ist nicht ausführbar.",
    "Aborted!": "Abgebrochen!",
}
#: click's plural error messages (singular id, plural id) -> German (singular, plural).
PLURALS: dict[tuple[str, str], tuple[str, str]] = {
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"): (
        "Gemeint: {possibility}?",
        "(Gemeint: eins von {possibilities}?)",
    ),
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."): (
        "Die Option {name!r} braucht einen Wert.",
        "Die Option {name!r} braucht {nargs} Werte.",
    ),
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"): (
        "Unerwartetes zusätzliches Argument ({args})",
        "Unerwartete zusätzliche Argumente ({args})",
    ),
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."): (
        "{value!r} ist nicht erlaubt; erlaubt ist nur {choice}.",
        "{value!r} ist nicht erlaubt; erlaubt: {choices}.",
    ),
    ("{value!r} does not match the format {format}.",
     "{value!r} does not match the formats {formats}."): (
        "{value!r} passt nicht zum Format {format}.",
        "{value!r} passt zu keinem der Formate {formats}.",
    ),
    ("{len_type} values are required, but {len_value} was given.",
     "{len_type} values are required, but {len_value} were given."): (
        "{len_type} Werte sind nötig, gegeben wurde {len_value}.",
        "{len_type} Werte sind nötig, gegeben wurden {len_value}.",
    ),
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."): (
        "Braucht {nargs} Werte, gegeben wurde 1.",
        "Braucht {nargs} Werte, gegeben wurden {len}.",
    ),
}
#: click's English words that it fills into a message (type and path kinds) -> German.
_WORDS = {
    "integer": "ganze Zahl", "float": "Zahl", "File": "Die Datei", "Directory": "Der Ordner",
    "Path": "Der Pfad",
}


class _German(str):
    """A German message template: its ``format`` also puts click's English words
    (``integer``, ``File``) that go into it into German."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        words = {k: _WORDS.get(v, v) if isinstance(v, str) else v for k, v in kwargs.items()}
        return str.format(self, *args, **words)


def gettext(message: str) -> str:
    """click's ``_``: ``message`` in the language of the running command line."""
    if _LANG.get() == "de" and message in ERRORS:
        return _German(ERRORS[message])
    return _gettext.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """click's ``ngettext``: the form for ``n`` in the language of the command line."""
    german = PLURALS.get((singular, plural)) if _LANG.get() == "de" else None
    if german is not None:
        return _German(german[0] if n == 1 else german[1])
    return _gettext.ngettext(singular, plural, n)


def current_lang() -> str:
    """The language of the running command line (English outside one).

    >>> current_lang()
    'en'
    """
    return _LANG.get() or "en"


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """click's messages in ``lang`` (``"de"`` or ``"en"``) within the block."""
    install()
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


#: The click modules that write error messages.
MODULES = ("click.core", "click.exceptions", "click.parser", "click.types", "click.decorators")


def install() -> None:
    """Put :func:`gettext`/:func:`ngettext` in place of click's (once; idempotent)."""
    import importlib

    for name in MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]


__all__ = ["ERRORS", "MODULES", "PLURALS", "current_lang", "gettext", "install", "ngettext", "speaking"]
