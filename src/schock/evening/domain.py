"""The Stammtisch evening: a group, its evenings, games, ledger and statistics.

Standard library only. A :class:`Stammtisch` is built from an append-only
list of events (plain dicts: ``kind`` and ``data``); every command checks its
input, appends one event and applies it. Nothing is ever deleted: a wrong
entry is corrected by a ``void`` event that names it (and can itself be
voided to bring the entry back).

The ledger rules (see ``docs/evening.md``):

* stake ``runde`` (the default): the loser of a game owes the group one round
  of drinks; a payment of ``n`` rounds by a member settles ``n`` of them.
* stake ``geld``: the loser of a game owes ``amount`` (in cents), split evenly
  among the other players of that game (the cents left over go to the first
  of them in the game's order). Debts between two members are netted.
* each Schock Aus that ends a half costs the player who received all the
  Deckel ``schock_aus_stakes`` more stakes (default 1; 0 switches it off);
  in ``runde`` that many rounds, in ``geld`` that many amounts, split like a game.

>>> st = Stammtisch.create("Dienstag", ["Anna", "Ben", "Cem"])
>>> _ = st.start_evening("2026-11-20")
>>> _ = st.add_game(players=["Anna", "Ben", "Cem"], loser="Ben", schock_aus=["Ben"])
>>> st.rounds_owed()
{'Anna': 0, 'Ben': 2, 'Cem': 0}
>>> _ = st.pay("Ben", None, 1)
>>> st.rounds_owed()["Ben"]
1
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from schock.errors import IllegalActionError, InvalidInputError

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
        schock.errors.InvalidInputError: stake: 'bier'; allowed: runde, geld
        """
        if not isinstance(data, Mapping):
            raise InvalidInputError("settings: not an object; allowed: stake, amount, currency, schock_aus_stakes")
        unknown = set(data) - {"stake", "amount", "currency", "schock_aus_stakes"}
        if unknown:
            raise InvalidInputError(
                f"settings: unknown field {sorted(unknown)[0]!r}; allowed: stake, amount, currency, schock_aus_stakes"
            )
        stake = data.get("stake", "runde")
        if stake not in STAKES:
            raise InvalidInputError(f"stake: {stake!r}; allowed: runde, geld")
        amount = _int(data.get("amount", 0), "amount", 0, MAX_AMOUNT)
        if stake == "geld" and amount < 1:
            raise InvalidInputError("amount: must be at least 1 cent when the stake is geld; allowed: 1 to 1000000 cents")
        currency = data.get("currency", "EUR")
        if not isinstance(currency, str) or not _CURRENCY_RE.match(currency):
            raise InvalidInputError(f"currency: {currency!r}; allowed: a three-letter code such as EUR")
        sa = _int(data.get("schock_aus_stakes", 1), "schock_aus_stakes", 0, 10)
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


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 12:
            value = int(value)
        else:
            raise InvalidInputError(f"{what}: {value!r} is not a whole number; allowed: {lo} to {hi}")
    if not lo <= value <= hi:
        raise InvalidInputError(f"{what}: {value}; allowed: {lo} to {hi}")
    return int(value)


def check_name(name: Any, what: str = "name") -> str:
    """A trimmed member or group name; raises InvalidInputError if empty, too long or with control characters.

    >>> check_name("  Anna ")
    'Anna'
    >>> check_name("")
    Traceback (most recent call last):
    ...
    schock.errors.InvalidInputError: name: '' is empty; allowed: 1 to 40 printable characters
    """
    if not isinstance(name, str):
        raise InvalidInputError(f"{what}: {name!r}; allowed: 1 to {MAX_NAME} printable characters")
    trimmed = name.strip()
    if not trimmed:
        raise InvalidInputError(f"{what}: {name!r} is empty; allowed: 1 to {MAX_NAME} printable characters")
    if not _NAME_RE.match(trimmed):
        raise InvalidInputError(
            f"{what}: {trimmed[:50]!r} is too long or has control characters; allowed: 1 to {MAX_NAME} printable characters"
        )
    return trimmed


def check_entry_id(entry_id: Any) -> str | None:
    """None, or a client's entry id (1 to 64 letters, digits, ``-`` and ``_``)."""
    if entry_id is None or entry_id == "":
        return None
    if not isinstance(entry_id, str) or not _ENTRY_RE.match(entry_id):
        raise InvalidInputError(f"entry id: {str(entry_id)[:70]!r}; allowed: 1 to 64 letters, digits, - and _")
    return entry_id


def check_day(day: Any) -> str:
    """An ISO date ``YYYY-MM-DD``."""
    try:
        if not isinstance(day, str) or len(day) != 10:
            raise ValueError
        return date.fromisoformat(day).isoformat()
    except ValueError:
        raise InvalidInputError(f"date: {str(day)[:40]!r}; allowed: a date YYYY-MM-DD") from None


class DuplicateEntry(IllegalActionError):
    """An entry with this entry id is already in the book (posted twice)."""

    def __init__(self, entry_id: str, seq: int) -> None:
        super().__init__(f"entry {entry_id!r} is already entered (as entry {seq}); it is not counted twice")
        self.entry_id = entry_id
        self.seq = seq


@dataclass
class Stammtisch:
    """A group with its members, settings, evenings, games and payments, built from events."""

    name: str
    members: list[str] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    evenings: list[Evening] = field(default_factory=list)
    games: list[GameEntry] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    entry_ids: dict[str, int] = field(default_factory=dict)

    # -- building ---------------------------------------------------------------------
    @staticmethod
    def create(name: str, members: Iterable[str] = (), settings: Settings | None = None) -> Stammtisch:
        """A new group with its first members."""
        st = Stammtisch(check_name(name, "group name"))
        st._emit("created", {"name": st.name, "settings": (settings or Settings()).to_json()})
        for m in members:
            st.add_member(m)
        return st

    @staticmethod
    def from_events(events: Sequence[Mapping[str, Any]]) -> Stammtisch:
        """The group as its events left it (the first event must be ``created``)."""
        if not events or events[0].get("kind") != "created":
            raise InvalidInputError("events: the first event must be 'created'")
        st = Stammtisch(str(events[0]["data"]["name"]))
        for e in events:
            st._apply(str(e["kind"]), dict(e["data"]))
            st.events.append({"kind": e["kind"], "data": dict(e["data"])})
        return st

    def _emit(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        self._apply(kind, data)
        event = {"kind": kind, "data": data}
        self.events.append(event)
        return event

    def _apply(self, kind: str, data: dict[str, Any]) -> None:
        seq = len(self.events) + 1
        entry = data.get("entry_id")
        if kind == "created":
            self.settings = Settings.from_json(data["settings"])
        elif kind == "member":
            self.members.append(data["name"])
        elif kind == "settings":
            self.settings = Settings.from_json(data["settings"])
        elif kind == "evening":
            self.evenings.append(Evening(len(self.evenings) + 1, data["day"]))
        elif kind == "close":
            n = data["evening"]
            self.evenings[n - 1] = replace(self.evenings[n - 1], closed=True)
        elif kind == "game":
            self.games.append(
                GameEntry(seq, data["evening"], tuple(data["players"]), data["loser"],
                          tuple(data.get("schock_aus", ())), tuple(data.get("half_losers", ())),
                          data.get("record"), entry)
            )
        elif kind == "payment":
            self.payments.append(
                Payment(seq, data.get("evening"), data["payer"], data.get("payee"), data["amount"], entry)
            )
        elif kind == "void":
            self._set_voided(data["target"], bool(data.get("voided", True)))
        else:
            raise InvalidInputError(f"event {seq}: unknown kind {kind!r}")
        if entry:
            self.entry_ids[entry] = seq

    def _set_voided(self, target: int, voided: bool) -> None:
        for i, g in enumerate(self.games):
            if g.seq == target:
                self.games[i] = replace(g, voided=voided)
                return
        for i, p in enumerate(self.payments):
            if p.seq == target:
                self.payments[i] = replace(p, voided=voided)
                return

    # -- commands ---------------------------------------------------------------------
    def _member(self, name: Any, what: str) -> str:
        n = check_name(name, what)
        for m in self.members:
            if m.casefold() == n.casefold():
                return m
        raise InvalidInputError(f"{what}: {n!r} is not a member; allowed: {', '.join(self.members) or '(no members yet)'}")

    def _check_entry(self, entry_id: Any) -> str | None:
        e = check_entry_id(entry_id)
        if e is not None and e in self.entry_ids:
            raise DuplicateEntry(e, self.entry_ids[e])
        return e

    def add_member(self, name: str) -> dict[str, Any]:
        """Adds a member (names differ ignoring case)."""
        n = check_name(name)
        if any(m.casefold() == n.casefold() for m in self.members):
            raise IllegalActionError(f"member {n!r} is already in the group")
        if len(self.members) >= MAX_MEMBERS:
            raise IllegalActionError(f"the group has {MAX_MEMBERS} members; allowed: at most {MAX_MEMBERS}")
        return self._emit("member", {"name": n})

    def set_settings(self, settings: Settings) -> dict[str, Any]:
        """Changes the settings. The ledger is always computed from all games with the
        settings in force now, so a change applies to earlier games too."""
        return self._emit("settings", {"settings": Settings.from_json(settings.to_json()).to_json()})

    def start_evening(self, day: str) -> dict[str, Any]:
        """Starts a new evening on ``day`` (YYYY-MM-DD); the one before is closed."""
        d = check_day(day)
        if self.evenings and not self.evenings[-1].closed:
            self._emit("close", {"evening": self.evenings[-1].number})
        return self._emit("evening", {"day": d})

    def current_evening(self) -> Evening:
        """The open evening; raises IllegalActionError if none is open."""
        if not self.evenings or self.evenings[-1].closed:
            raise IllegalActionError("no evening is open; start an evening first")
        return self.evenings[-1]

    def add_game(
        self,
        *,
        players: Sequence[str],
        loser: str,
        schock_aus: Sequence[str] = (),
        half_losers: Sequence[str] = (),
        record: str | None = None,
        entry_id: str | None = None,
        evening: int | None = None,
    ) -> dict[str, Any]:
        """Enters a game of the open evening (or of ``evening``)."""
        ev = self.current_evening() if evening is None else self._evening(evening)
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise InvalidInputError("players: not a list; allowed: 2 to 40 members")
        names = [self._member(p, "player") for p in players]
        if len(names) < 2:
            raise InvalidInputError(f"players: {len(names)}; allowed: 2 to {MAX_MEMBERS} members")
        if len({n.casefold() for n in names}) != len(names):
            raise InvalidInputError("players: a member is named twice; allowed: each player once")
        lose = self._member(loser, "loser")
        if lose not in names:
            raise InvalidInputError(f"loser: {lose!r} did not play this game; allowed: {', '.join(names)}")
        if len(schock_aus) > 20 or len(half_losers) > 20:
            raise InvalidInputError("schock_aus / half_losers: more than 20; allowed: 0 to 20")
        sa = [self._member(p, "schock aus") for p in schock_aus]
        hl = [self._member(p, "half loser") for p in half_losers]
        for who in sa + hl:
            if who not in names:
                raise InvalidInputError(f"{who!r} did not play this game; allowed: {', '.join(names)}")
        if record is not None and (not isinstance(record, str) or len(record) > 2_000_000):
            raise InvalidInputError("record: not text or larger than 2000000 characters")
        entry = self._check_entry(entry_id)
        if record is not None:
            same = next((g for g in self.games if g.record == record and not g.voided), None)
            if same is not None:
                raise DuplicateEntry(entry or "record", same.seq)
        data: dict[str, Any] = {"evening": ev.number, "players": names, "loser": lose,
                                "schock_aus": sa, "half_losers": hl}
        if record is not None:
            data["record"] = record
        if entry is not None:
            data["entry_id"] = entry
        return self._emit("game", data)

    def _evening(self, number: Any) -> Evening:
        n = _int(number, "evening", 1, max(1, len(self.evenings)))
        if n > len(self.evenings):
            raise InvalidInputError(f"evening: {n}; there is no evening yet; start one first")
        return self.evenings[n - 1]

    def pay(self, payer: str, payee: str | None, amount: int | None = None, *,
            entry_id: str | None = None) -> dict[str, Any]:
        """``payer`` settles up: in ``runde`` he gives ``amount`` rounds (``payee`` None);
        in ``geld`` he pays ``amount`` cents to ``payee``. ``amount`` None: everything owed."""
        who = self._member(payer, "payer")
        to = None if payee is None or payee == "" else self._member(payee, "payee")
        if to == who:
            raise InvalidInputError(f"payee: {to!r} is the payer; allowed: another member")
        if self.settings.stake == "runde":
            if to is not None:
                raise InvalidInputError("payee: in rounds a round is given to the group; allowed: no payee")
            owed = self.rounds_owed()[who]
        else:
            if to is None:
                raise InvalidInputError(f"payee: missing; allowed: a member {who!r} owes money to")
            owed = self.debts().get((who, to), 0)
        if amount is None:
            if owed <= 0:
                raise IllegalActionError(f"{who} owes {to or 'the group'} nothing; nothing to settle")
            amount = owed
        amount = _int(amount, "amount", 1, MAX_AMOUNT)
        if amount > owed:
            raise IllegalActionError(
                f"amount: {amount} is more than {who} owes {to or 'the group'} ({owed}); allowed: 1 to {owed}"
                if owed > 0 else f"{who} owes {to or 'the group'} nothing; nothing to settle"
            )
        entry = self._check_entry(entry_id)
        data: dict[str, Any] = {"payer": who, "payee": to, "amount": amount,
                                "evening": self.evenings[-1].number if self.evenings else None}
        if entry is not None:
            data["entry_id"] = entry
        return self._emit("payment", data)

    def void(self, target: int, *, voided: bool = True) -> dict[str, Any]:
        """Voids (or, with ``voided=False``, restores) game or payment ``target`` (its entry number)."""
        t = _int(target, "entry", 1, max(1, len(self.events)))
        items: list[GameEntry | Payment] = [*self.games, *self.payments]
        item = next((x for x in items if x.seq == t), None)
        if item is None:
            raise InvalidInputError(f"entry: {t} is not a game or payment; allowed: {self._voidable()}")
        if item.voided == voided:
            raise IllegalActionError(f"entry {t} is already {'voided' if voided else 'valid'}")
        return self._emit("void", {"target": t, "voided": voided})

    def _voidable(self) -> str:
        seqs = sorted([g.seq for g in self.games] + [p.seq for p in self.payments])
        return ", ".join(map(str, seqs[-10:])) or "(none yet)"

    # -- ledger -----------------------------------------------------------------------
    def valid_games(self, evening: int | None = None) -> list[GameEntry]:
        return [g for g in self.games if not g.voided and (evening is None or g.evening == evening)]

    def _charges(self, g: GameEntry) -> list[str]:
        """Who owes a stake for game ``g``: the loser once, each Schock Aus victim extra."""
        return [g.loser] + [v for v in g.schock_aus for _ in range(self.settings.schock_aus_stakes)]

    def rounds_owed(self, evening: int | None = None) -> dict[str, int]:
        """Rounds each member still owes (stake ``runde``)."""
        owed = dict.fromkeys(self.members, 0)
        for g in self.valid_games(evening):
            for who in self._charges(g):
                owed[who] += 1
        for p in self.payments:
            if not p.voided and p.payee is None and (evening is None or p.evening == evening):
                owed[p.payer] -= p.amount
        return owed

    def debts(self) -> dict[tuple[str, str], int]:
        """Net cents owed between two members (stake ``geld``): ``(debtor, creditor) -> cents``."""
        raw: dict[tuple[str, str], int] = {}
        amount = self.settings.amount
        for g in self.valid_games():
            for who in self._charges(g):
                others = [p for p in g.players if p != who]
                share, rest = divmod(amount, len(others))
                for i, o in enumerate(others):
                    cents = share + (1 if i < rest else 0)
                    raw[(who, o)] = raw.get((who, o), 0) + cents
        for p in self.payments:
            if not p.voided and p.payee is not None:
                raw[(p.payer, p.payee)] = raw.get((p.payer, p.payee), 0) - p.amount
        net: dict[tuple[str, str], int] = {}
        for (a, b), v in raw.items():
            if (b, a) in net:
                continue
            total = v - raw.get((b, a), 0)
            if total > 0:
                net[(a, b)] = total
            elif total < 0:
                net[(b, a)] = -total
        return dict(sorted(net.items()))

    def balance(self) -> dict[str, int]:
        """Per member what he owes in all: rounds (``runde``) or net cents (``geld``; negative: is owed)."""
        if self.settings.stake == "runde":
            return self.rounds_owed()
        bal = dict.fromkeys(self.members, 0)
        for (a, b), v in self.debts().items():
            bal[a] += v
            bal[b] -= v
        return bal

    # -- statistics -------------------------------------------------------------------
    def stats(self, evening: int | None = None) -> list[MemberStats]:
        """Figures per member over one evening or all evenings, in member order."""
        games = self.valid_games(evening)
        owed = self.rounds_owed(evening) if self.settings.stake == "runde" else self.balance()
        out = []
        for m in self.members:
            mine = [g for g in games if m in g.players]
            lost = [g.loser == m for g in mine]
            out.append(MemberStats(
                m, len(mine), sum(lost),
                sum(g.schock_aus.count(m) for g in mine),
                sum(g.half_losers.count(m) for g in mine),
                _longest(lost, True), _longest(lost, False), owed[m],
            ))
        return out

    def to_json(self) -> str:
        return json.dumps(self.events, ensure_ascii=False)


def _longest(flags: Sequence[bool], value: bool) -> int:
    """The longest run of ``value`` in ``flags``.

    >>> _longest([True, True, False, True], True), _longest([True, True, False, True], False)
    (2, 1)
    """
    best = run = 0
    for f in flags:
        run = run + 1 if f == value else 0
        best = max(best, run)
    return best


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
        raise InvalidInputError(f"amount: {str(text)[:30]!r}; allowed: a sum such as 2.50 (at most 10000.00)")
    cents = int(m.group(1)) * 100 + int((m.group(2) or "0").ljust(2, "0"))
    if cents > MAX_AMOUNT:
        raise InvalidInputError(f"amount: {s}; allowed: a sum such as 2.50 (at most 10000.00)")
    return cents
