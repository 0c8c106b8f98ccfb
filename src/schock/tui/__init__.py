"""The terminal game (``schock play``).

:mod:`schock.tui.session` holds the game and its players (no Textual),
:mod:`schock.tui.render` turns a seat's view into Rich renderables,
:mod:`schock.tui.app` is the Textual app; :mod:`schock.tui.texts` has the
German and English words and :mod:`schock.tui.faces` draws dice. The app is
imported only when the game opens, so the rest of the command line starts
without Textual.
"""

from schock.tui.session import Player, Session, parse_seat

__all__ = ["Player", "Session", "parse_seat"]
