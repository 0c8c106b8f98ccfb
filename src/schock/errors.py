"""The errors of schock.

Two families, both :class:`ValueError` subclasses, as in python-chess:

* :class:`InvalidInputError`: malformed input (notation, rule files, records).
  The message says where the problem is.
* :class:`IllegalActionError`: a well-formed action that the current state
  forbids. The message names the rule and, where one decides it, the rules
  field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Self

from schock.messages import Msg, rule_label


def short_repr(value: object, limit: int = 60) -> str:
    """``repr(value)`` for error messages, cut to ``limit`` characters.

    >>> short_repr("x" * 100, 12)
    "'xxxxxxxx..."
    >>> short_repr(10**5000)
    '<an int of 5001 digits>'
    """
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        text = f"<an int of {_digits(value)} digits>" if isinstance(value, int) else "<?>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _digits(value: int) -> int:
    """Decimal digits of ``abs(value)``, without converting it to text."""
    n = abs(value)
    count = max(1, int(n.bit_length() * 0.30103) - 1)
    while 10**count <= n:
        count += 1
    return count


class SchockError(Exception):
    """Base class of every error raised by schock."""

    def localized(self, lang: str = "en") -> str:
        """The error in ``lang`` where it has a German text, else its English text."""
        return str(self)


class InvalidInputError(SchockError, ValueError):
    """Malformed input: bad notation, a bad rule file, a bad record.

    The message is English text, or a :class:`~schock.messages.Msg` that
    :meth:`text` also gives in German (``str()`` is always English).

    >>> e = InvalidInputError(Msg("input.unknown_bot", {"where": "--bot", "kind": "x",
    ...                                                  "allowed": "random"}))
    >>> str(e)
    "--bot: unknown bot 'x' (allowed: random)"
    >>> e.localized("de")
    "--bot: unbekannter Bot 'x' (erlaubt: random)"
    """

    def __init__(self, message: object = "", *args: object) -> None:
        self.msg = message if isinstance(message, Msg) else None
        super().__init__(message.text("en") if isinstance(message, Msg) else message, *args)

    def localized(self, lang: str = "en") -> str:
        return self.msg.text(lang) if self.msg is not None else str(self)


class NotationError(InvalidInputError):
    """Text that is not valid notation.

    >>> str(NotationError("bad die '7'", text="1-7-2", position=2))
    "bad die '7' in '1-7-2' at position 2"
    """

    def __init__(self, message: str | Msg, *, text: str | None = None, position: int | None = None):
        self.text = text
        self.position = position
        reason = message.text("en") if isinstance(message, Msg) else message
        super().__init__(reason + self._where("en"))
        self.msg = message if isinstance(message, Msg) else None

    def _where(self, lang: str) -> str:
        """Where in the text the problem is: `` in '1-7-2' at position 2``."""
        de = lang == "de"
        where = ""
        if self.text is not None:
            text = self.text
            more = f"... ({len(text)} {'Zeichen' if de else 'characters'})"
            shown = text if len(text) <= 80 else text[:60] + more
            where += f" in {shown!r}"
        if self.position is not None:
            where += f" {'an Stelle' if de else 'at position'} {self.position}"
        return where

    def localized(self, lang: str = "en") -> str:
        """The error in ``lang`` where it has a German text.

        >>> e = NotationError(Msg("notation.no_dice"), text=" ")
        >>> e.localized("de")
        "keine Würfel in ' '"
        """
        if self.msg is None:
            return str(self)
        return self.msg.text(lang) + self._where(lang)


class DataFileError(InvalidInputError):
    """A data file (rule set, tournament format) that is not valid: names the file,
    the key, the value and what is allowed (each part plain English or a catalog
    :class:`~schock.messages.Msg`, which :meth:`localized` gives in German too)."""

    def __init__(
        self,
        message: str | Msg,
        *,
        key: str | None = None,
        value: str | None = None,
        allowed: str | Msg | None = None,
        file: str | None = None,
    ):
        self.message_msg = message
        self.allowed_msg = allowed
        self.message = message.text("en") if isinstance(message, Msg) else message
        self.key = key
        self.value = value
        self.allowed = allowed.text("en") if isinstance(allowed, Msg) else allowed
        self.file = file
        super().__init__(self._text())

    def _text(self, lang: str = "en") -> str:
        parts = []
        if self.file:
            parts.append(f"{self.file}: ")
        if self.key is not None:
            parts.append(
                f"{self.key} = {self.value}: " if self.value is not None else f"{self.key}: "
            )
        m = self.message_msg
        parts.append(m.text(lang) if isinstance(m, Msg) else m)
        a = self.allowed_msg
        if a:
            word = "erlaubt" if lang == "de" else "allowed"
            parts.append(f"; {word}: {a.text(lang) if isinstance(a, Msg) else a}")
        return "".join(parts)

    def localized(self, lang: str = "en") -> str:
        """The error in ``lang``: German where its parts have a German text.

        >>> RulesError(Msg("rules.unknown", {"name": "'skat'", "presets": "porz"}),
        ...            allowed=Msg("rules.allowed_names", {"presets": "porz"})).localized("de")
        "unbekannter Regelsatz 'skat'; erlaubt: ein Preset (porz) oder der Pfad einer Regeldatei (TOML)"
        """
        return self._text(lang)

    def in_file(self, file: str) -> Self:
        """The same error, naming ``file``."""
        return type(self)(
            self.message_msg, key=self.key, value=self.value, allowed=self.allowed_msg, file=file
        )


class RulesError(DataFileError):
    """A rule set that is not valid: names the file, the key, the value and what is allowed.

    >>> str(RulesError("bad value", key="deckel", value="0", allowed="1 to 99", file="x.toml"))
    'x.toml: deckel = 0: bad value; allowed: 1 to 99'
    """


class RecordError(InvalidInputError):
    """A game record that cannot be read; says where (the JSON path)."""


class IllegalActionError(SchockError, ValueError):
    """A well-formed action that the current state forbids.

    ``rule`` names the rule (a docs/rules.md paragraph), ``field`` the rules field
    that decides it, where there is one. The reason is plain English text or
    a :class:`~schock.messages.Msg` (``key`` and ``params``), which
    :meth:`message` also gives in German; ``str()`` is always English.

    >>> e = IllegalActionError("may set aside only 1s", rule="A turn, 2", field="set_aside")
    >>> str(e)
    'may set aside only 1s (rule: A turn, 2; rules field: set_aside)'
    >>> e = IllegalActionError(Msg("sixes.again"), rule="docs/rules.md, A turn 3: Sechsen drehen")
    >>> e.key, e.message("en"), e.message("de")
    ('sixes.again', 'sixes were already turned in this throw', 'In diesem Wurf wurden schon Sechsen gedreht')
    """

    def __init__(
        self, message: str | Msg, *, rule: str | None = None, field: str | None = None
    ) -> None:
        self.msg = message if isinstance(message, Msg) else None
        self.key = self.msg.key if self.msg else None
        self.params: Mapping[str, object] = self.msg.params if self.msg else {}
        self.reason = message.text("en") if isinstance(message, Msg) else message
        self.rule = rule
        self.field = field
        extra = []
        if rule:
            extra.append(f"rule: {rule}")
        if field:
            extra.append(f"rules field: {field}")
        super().__init__(self.reason + (f" ({'; '.join(extra)})" if extra else ""))

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"de"`` or ``"en"``); without a key, the English text."""
        return self.msg.text(lang) if self.msg else self.reason

    def localized(self, lang: str = "en") -> str:
        """The reason with its rule and rules field, in ``lang`` where it has a key."""
        if self.msg is None or lang != "de":
            return str(self)
        extra = []
        if self.rule:
            extra.append(rule_label(self.rule, lang))
        if self.field:
            extra.append(f"Regelfeld: {self.field}")
        return self.message(lang) + (f" ({'; '.join(extra)})" if extra else "")
