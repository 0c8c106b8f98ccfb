"""What a group's book holds and the checks of what goes into it: the settings,
evenings, games, payments and a member's figures; names, dates, entry ids and
amounts (standard library and schock's message catalog only).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from schock.errors import IllegalActionError, InvalidInputError
from schock.messages import Msg

STAKES = ("runde", "geld")
MAX_MEMBERS = 40
MAX_NAME = 40
MAX_AMOUNT = 1_000_000  # cents or rounds in one stake or payment
_NAME_RE = re.compile(r"^[^\x00-\x1f\x7f]{1,40}$")
_ENTRY_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_CURRENCY_RE = re.compile(r"^[A-Z]{3}$")


@dataclass(frozen=True, slots=True)
class Settings:
    """What a lost game costs: a round (``runde``) or money (``geld``)."""

    stake: str = "runde"
    amount: int = 0  # cents, for ``geld``
    currency: str = "EUR"
    schock_aus_stakes: int = 1

    def to_json(self) -> dict[str, Any]:
        return {
            "stake": self.stake,
            "amount": self.amount,
            "currency": self.currency,
            "schock_aus_stakes": self.schock_aus_stakes,
        }

    @staticmethod
    def from_json(data: Any) -> Settings:
        """Checked settings from a mapping; raises InvalidInputError naming the field.

        >>> Settings.from_json({"stake": "geld", "amount": 200})
        Settings(stake='geld', amount=200, currency='EUR', schock_aus_stakes=1)
        >>> Settings.from_json({"stake": "bier"})
        Traceback (most recent call last):
        ...
        schock.errors.InvalidInputError: stake: 'bier'; allowed: runde (a round), geld (money)
        """
        if not isinstance(data, Mapping):
            raise InvalidInputError(Msg("abend.settings_object"))
        unknown = set(data) - {"stake", "amount", "currency", "schock_aus_stakes"}
        if unknown:
            raise InvalidInputError(Msg("abend.settings_field", {"field": sorted(unknown)[0]}))
        stake = data.get("stake", "runde")
        if stake not in STAKES:
            raise InvalidInputError(Msg("abend.stake", {"stake": stake}))
        amount = check_int(data.get("amount", 0), Msg("abend.f.amount"), 0, MAX_AMOUNT)
        if stake == "geld" and amount < 1:
            raise InvalidInputError(Msg("abend.amount_min"))
        currency = data.get("currency", "EUR")
        if not isinstance(currency, str) or not _CURRENCY_RE.match(currency):
            raise InvalidInputError(Msg("abend.currency", {"currency": currency}))
        sa = check_int(data.get("schock_aus_stakes", 1), Msg("abend.f.schock_aus_stakes"), 0, 10)
        return Settings(stake, amount if stake == "geld" else 0, currency, sa)


@dataclass(frozen=True, slots=True)
class Evening:
    """One evening of the group: its number (from 1) and its date."""

    number: int
    day: str
    closed: bool = False


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game of an evening: who played, who lost, Schock Aus victims, half losers."""

    seq: int
    evening: int
    players: tuple[str, ...]
    loser: str
    schock_aus: tuple[str, ...] = ()  # per Schock Aus that ended a half: who got all Deckel
    half_losers: tuple[str, ...] = ()
    record: str | None = None
    entry_id: str | None = None
    voided: bool = False


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` paid ``amount`` (cents, or rounds) to ``payee`` (None: a round for the group)."""

    seq: int
    evening: int | None
    payer: str
    payee: str | None
    amount: int
    entry_id: str | None = None
    voided: bool = False


@dataclass(frozen=True, slots=True)
class MemberStats:
    """One member's figures over the games considered."""

    name: str
    games: int
    losses: int
    schock_aus: int
    half_losses: int
    longest_losing: int
    longest_not_losing: int
    owed: int  # rounds owed (runde) or net cents owed, negative: others owe him

    @property
    def loss_rate(self) -> float:
        return self.losses / self.games if self.games else 0.0


def check_int(value: Any, what: str | Msg, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 12:
            value = int(value)
        else:
            raise InvalidInputError(Msg("abend.int_not", {"what": what, "value": value, "lo": lo, "hi": hi}))
    if not lo <= value <= hi:
        raise InvalidInputError(Msg("abend.int_range", {"what": what, "value": value, "lo": lo, "hi": hi}))
    return int(value)


def check_name(name: Any, what: str | Msg = "name") -> str:
    """A trimmed member or group name; raises InvalidInputError if empty, too long or with control characters.

    >>> check_name("  Anna ")
    'Anna'
    >>> check_name("")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: name: empty; allowed: 1 to 40 printable characters
    """
    what = Msg("abend.f.name") if what == "name" else what
    if not isinstance(name, str):
        raise InvalidInputError(Msg("abend.name_type", {"what": what, "max": MAX_NAME}))
    trimmed = name.strip()
    if not trimmed:
        raise InvalidInputError(Msg("abend.name_empty", {"what": what, "max": MAX_NAME}))
    if not _NAME_RE.match(trimmed):
        raise InvalidInputError(
            Msg("abend.name_bad", {"what": what, "name": trimmed[:50], "max": MAX_NAME})
        )
    return trimmed


def check_entry_id(entry_id: Any) -> str | None:
    """None, or a client's entry id (1 to 64 letters, digits, ``-`` and ``_``)."""
    if entry_id is None or entry_id == "":
        return None
    if not isinstance(entry_id, str) or not _ENTRY_RE.match(entry_id):
        raise InvalidInputError(Msg("abend.entry_id", {"entry": str(entry_id)[:70]}))
    return entry_id


def check_day(day: Any) -> str:
    """An ISO date ``YYYY-MM-DD``."""
    try:
        if not isinstance(day, str) or len(day) != 10:
            raise ValueError
        return date.fromisoformat(day).isoformat()
    except ValueError:
        raise InvalidInputError(Msg("abend.date", {"day": str(day)[:40]})) from None


class DuplicateEntry(IllegalActionError):
    """An entry with this entry id is already in the book (posted twice)."""

    def __init__(self, entry_id: str, seq: int) -> None:
        super().__init__(Msg("abend.duplicate", {"seq": seq}))
        self.entry_id = entry_id
        self.seq = seq


def money(cents: int, currency: str = "EUR") -> str:
    """Cents as money text.

    >>> money(250), money(-5, "CHF")
    ('2.50 EUR', '-0.05 CHF')
    """
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d} {currency}"


def parse_money(text: Any) -> int:
    """Cents from ``2.50``, ``2,50`` or ``3``; raises InvalidInputError otherwise.

    >>> parse_money("2,50"), parse_money("3")
    (250, 300)
    >>> parse_money("zwei")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: amount: 'zwei'; allowed: a sum such as 2.50 (at most 10000.00)
    """
    s = str(text).strip().replace(",", ".")
    m = re.fullmatch(r"(\d{1,5})(?:\.(\d{1,2}))?", s)
    if not m:
        raise InvalidInputError(Msg("abend.money", {"text": str(text)[:30]}))
    cents = int(m.group(1)) * 100 + int((m.group(2) or "0").ljust(2, "0"))
    if cents > MAX_AMOUNT:
        raise InvalidInputError(Msg("abend.money", {"text": s}))
    return cents
