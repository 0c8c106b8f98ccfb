"""The refusal of a tournament command, in German and English.

Its own module, below :mod:`schock.tournament.domain` and
:mod:`schock.tournament.proof`, so that both raise it and neither imports the
other back.

>>> e = Refused("round 1, table 2: no such game", "Runde 1, Tisch 2: kein solches Spiel")
>>> e.message("de"), e.message("en") == str(e)
('Runde 1, Tisch 2: kein solches Spiel', True)
"""

from __future__ import annotations

from schock.errors import IllegalActionError


class Refused(IllegalActionError):
    """A command the tournament's state forbids; ``message("de")`` gives it in German."""

    def __init__(self, en: str, de: str) -> None:
        super().__init__(en)
        self.de = de

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return self.de if lang == "de" else self.reason

    def localized(self, lang: str = "en") -> str:
        """The reason in ``lang`` (as :meth:`message`)."""
        return self.message(lang)
