"""``--help`` in one language: the language of the command line's ``--lang``, else the
locale's (German or English), else German (:func:`schock.cli.common.help_lang`).

Help texts stay where click expects them (docstrings, ``help=``); the catalog
:data:`schock.cli.help_catalog.HELP` (``schock/locale/<lang>/help.toml``) gives each of
them in German and English, and the
help formatter of every schock command (:class:`HelpFormatter`, made by
:class:`SchockContext`) writes them, click's own words ("Usage", "Options", "Show this
message and exit.", "default") and the one-line command lists in that language. A test
checks that every help text of every command is in the catalog.

>>> translate("Show this message and exit.", "de")
'Diese Hilfe zeigen und beenden.'
>>> translate("Language.", "en"), translate("no such text", "de")
('Language.', 'no such text')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import click

#: click's own words in the help, in German.
_CLICK_DE = {
    "Usage: ": "Aufruf: ",
    "Options": "Optionen",
    "Commands": "Befehle",
    "Arguments": "Argumente",
    "[OPTIONS]": "[OPTIONEN]",
    "COMMAND [ARGS]...": "BEFEHL [ARGUMENTE]...",
    "default: ": "Standard: ",
    "env var: ": "Umgebungsvariable: ",
    "required": "Pflicht",
}
#: Placeholder words (metavars) of the usage line and the option list, per language.
_METAVARS = {
    "de": {
        "ADDRESS": "ADRESSE", "AGE": "ALTER", "BOOLEAN": "JA|NEIN", "ENTRY": "EINTRAG",
        "FIELD": "FELD", "FILE": "DATEI", "FLOAT": "ZAHL", "GROUP": "GRUPPE", "ID": "KENNUNG",
        "IDS": "KENNUNGEN", "INTEGER": "ZAHL", "NAMES": "NAMEN", "NUMBER": "NUMMER",
        "NUMBERS": "NUMMERN", "PATH": "PFAD", "PAYER": "ZAHLER", "RANGE": "BEREICH",
        "RECORD": "AUFZEICHNUNG", "RESULT": "ERGEBNIS", "STATE": "ZUG",
    },
    "en": {"DATEI": "FILE", "RUNDE": "ROUND", "SPIEL": "GAME", "TISCH": "TABLE", "WAS": "WHAT",
           "NR": "NO"},
}
_WORD = re.compile(r"\b[A-Z][A-Z_]+\b")
_EXTRA = re.compile(r"^(?P<help>.*?)(?:\s{2}|^)\[(?P<extra>[^\[\]]*)\]$", re.S)


def _told(lang: str) -> dict[str, str]:
    """Every help text (as written in the code) -> the text in ``lang``."""
    from schock.cli.help_catalog import in_language

    return in_language(lang)


def translate(text: str, lang: str) -> str:
    """``text`` (a help text as written in the code) in ``lang``; unknown text as it is."""
    return _told(lang).get(text, text)


def _short(text: str, limit: int) -> str:
    """click's one-line form of a help text (its first sentence, cut to ``limit``)."""
    return click.Command("x", help=text).get_short_help_str(limit)


def _metavars(text: str, lang: str) -> str:
    """The placeholder words of ``text`` (``--record FILE``) in ``lang``.

    >>> _metavars("--record FILE", "de"), _metavars("RUNDE TISCH SPIEL", "en")
    ('--record DATEI', 'ROUND TABLE GAME')
    """
    words = _METAVARS["de" if lang == "de" else "en"]
    if lang == "de":  # click's range types: a number within the bounds the help names
        text = text.replace("INTEGER RANGE", "ZAHL").replace("FLOAT RANGE", "ZAHL")
    return _WORD.sub(lambda m: words.get(m.group(0), m.group(0)), text)


def _extra(text: str, lang: str) -> str:
    if lang != "de":
        return text
    for en, de in _CLICK_DE.items():
        text = text.replace(en, de)
    return text


def german_hint(param: click.Parameter, ctx: click.Context | None) -> str:
    """How an error names ``param`` in German: its placeholder as the German usage line
    writes it (``'ZUG'`` where the code says ``STATE``)."""
    return _metavars(param.get_error_hint(ctx), "de")


class HelpFormatter(click.HelpFormatter):
    """click's help formatter, writing every text in one language (``lang``)."""

    def __init__(self, lang: str = "de", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if self.lang == "de":
            args = _extra(args, "de")
            prefix = _CLICK_DE["Usage: "] if prefix is None else prefix
        super().write_usage(prog, _metavars(args, self.lang), prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_CLICK_DE.get(heading, heading) if self.lang == "de" else heading)

    def write_text(self, text: str) -> None:
        super().write_text(translate(text, self.lang))

    def write_dl(
        self, rows: Sequence[tuple[str, str]] | Iterable[tuple[str, str]], col_max: int = 30,
        col_spacing: int = 2,
    ) -> None:
        rows = list(rows)
        limit = self.width - 6 - max((len(first) for first, _ in rows), default=0)
        shorts = {_short(source, limit): source for source in _told(self.lang)}
        out = []
        for first, second in rows:
            out.append((_metavars(first, self.lang), self._cell(second, limit, shorts)))
        super().write_dl(out, col_max, col_spacing)

    def _cell(self, text: str, limit: int, shorts: dict[str, str]) -> str:
        """An option's help (with click's ``[default: ...]``) or a command's one line."""
        texts = _told(self.lang)
        if text in texts:
            return texts[text]
        m = _EXTRA.match(text)
        if m is not None and (not m["help"] or m["help"] in texts):
            told = translate(m["help"], self.lang)
            extra = "[" + _extra(m["extra"], self.lang) + "]"
            return f"{told}  {extra}" if told else extra
        source = shorts.get(text)
        if source is not None:
            return _short(translate(source, self.lang), limit)
        return text


class SchockContext(click.Context):
    """A context whose help is written by :class:`HelpFormatter` in the command line's
    language (``--lang``, read by schock's group into ``meta``)."""

    def make_formatter(self) -> click.HelpFormatter:
        return HelpFormatter(
            lang=str(self.meta.get("schock.help_lang", self.meta.get("schock.lang", "de"))),
            width=self.terminal_width,
            max_width=self.max_content_width,
        )


def use_schock_help(command: click.Command) -> click.Command:
    """Give ``command`` and all its subcommands the one-language help."""
    command.context_class = SchockContext
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            use_schock_help(sub)
    return command


__all__ = ["HelpFormatter", "SchockContext", "german_hint", "translate", "use_schock_help"]
