"""Who sits at a table and who is who: a table's seats, the connections and the
credentials they showed, the tokens (seat, host, invite), and :class:`Refused`, what every
refused action or command raises (nothing has changed then).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from schock.rules import Rules
from schock.rules.model import Opening
from schock.web.texts import text


class Refused(Exception):
    """An action or command the server refuses; nothing has changed."""

    def __init__(self, key: str, *, de: str | None = None, en: str | None = None,
                 **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.de = de if de is not None else text(key, "de", **params)
        self.en = en if en is not None else text(key, "en", **params)

    def message(self) -> dict[str, Any]:
        return {"type": "error", "code": self.key, "de": self.de, "en": self.en}


def new_token() -> str:
    """A fresh secret of 128 bits (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def needs_ages(rules: Rules) -> bool:
    """Whether the rules ask for ages (porz: an opening tie is lost by the youngest).

    >>> from schock.rules import load_rules
    >>> needs_ages(load_rules("porz")), needs_ages(load_rules("ferschweiler"))
    (True, False)
    """
    return rules.opening is Opening.OPENING_ROUND_YOUNGEST


def invite_token(host: str, table_id: str) -> str:
    """The table's invite token (one link for everybody), derived from the host's
    token: the server stores only its hash, yet the host can always be shown it.

    >>> invite_token("h" * 22, "t1") == invite_token("h" * 22, "t1") != invite_token("h" * 22, "t2")
    True
    >>> len(invite_token("h" * 22, "t1"))
    22
    """
    mac = hmac.new(host.encode(), b"invite:" + table_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")


Message = dict[str, Any] | str
"""A message to a client: a dict, or one already encoded as JSON text (:func:`encode`)."""
Send = Callable[[Message], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


async def _no_close(code: int, reason: str) -> None:
    """The default of :attr:`Connection.close` (a connection without a socket)."""


@dataclass(eq=False)
class Connection:
    """One websocket and the credentials it showed (hashes of its seat and host tokens).

    Its seat and host role are never stored as authority: :meth:`TableSession.bound`
    derives them from ``hashes`` and the table's current seats each time they are
    needed. ``seat`` and ``host`` only remember what this client was last told (in a
    ``welcome``), so :meth:`TableSession.rebind` knows whom to tell of a change.
    """

    send: Send
    hashes: frozenset[str] = frozenset()
    lang: str = "de"
    seat: int | None = None
    host: bool = False
    close: Close = _no_close
    told: tuple[object, int] = (None, 0)
    """The log this client holds: (whose: the chronicle and language, its frozen lines)."""


@dataclass
class SeatInfo:
    name: str
    bot: str | None
    token_hash: str | None
    age: int | None = None
    claimed: bool = False
    """Someone holds this seat (its link was opened, or it was taken by the invite)."""
