"""The browser app (``schock serve``): tables by link, the server holds every game.

:func:`create_app` builds the FastAPI app from :class:`Settings`;
:mod:`schock.web.session` holds the live tables (:mod:`~schock.web.seats`: who sits
where and who is who; :mod:`~schock.web.host`: what the host may do; :mod:`~schock.web.frames`:
what a table tells its connections; :mod:`~schock.web.writer`: the actions' database writer);
:mod:`schock.web.messages` is the one place a seat's view becomes a message.
"""

from schock.web.app import create_app
from schock.web.settings import Settings

__all__ = ["Settings", "create_app"]
