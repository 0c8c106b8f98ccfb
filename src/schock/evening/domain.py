"""The Stammtisch evening: a group, its evenings, games, ledger and statistics.

This module holds the group (:class:`Stammtisch`): its event log and the commands;
:mod:`schock.evening.entries` what its book holds and the input checks,
:mod:`schock.evening.ledger` the ledger's arithmetic.

The standard library and schock's message catalog (errors carry a
:class:`~schock.messages.Msg`, so every front end shows them in its language).
A :class:`Stammtisch` is built from an append-only
list of events (plain dicts: ``kind`` and ``data``); every command checks its
input, appends one event and applies it. Nothing is ever deleted: a wrong
entry is corrected by a ``void`` event that names it (and can itself be
voided to bring the entry back).

The ledger rules (see ``docs/evening.md``):

* stake ``runde`` (the default): the loser of a game owes the group one round
  of drinks; a payment of ``n`` rounds by a member settles ``n`` of them.
* stake ``geld``: the loser of a game owes ``amount`` (in cents), split evenly
  among the other players of that game. Each member's balance is kept exactly
  (in fractions of a cent) and rounded to the cent only when shown, so that
  the balances add up to nothing and nobody is a cent worse off for rounding,
  however many games are played; settling up is the fewest payments from those
  who owe to those who are owed (:meth:`Stammtisch.debts`).
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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from schock.errors import IllegalActionError, InvalidInputError
from schock.evening import ledger
from schock.evening.entries import (
    MAX_AMOUNT,
    MAX_MEMBERS,
    DuplicateEntry,
    Evening,
    GameEntry,
    MemberStats,
    Payment,
    Settings,
    check_day,
    check_entry_id,
    check_int,
    check_name,
)

# names this module held before entries and ledger moved out
from schock.evening.entries import parse_money as parse_money
from schock.evening.ledger import apportion as apportion
from schock.evening.ledger import split as split
from schock.i18n import Count, Money
from schock.messages import Msg


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
        st = Stammtisch(check_name(name, Msg("abend.f.group_name")))
        st._emit("created", {"name": st.name, "settings": (settings or Settings()).to_json()})
        for m in members:
            st.add_member(m)
        return st

    @staticmethod
    def from_events(events: Sequence[Mapping[str, Any]]) -> Stammtisch:
        """The group as its events left it (the first event must be ``created``)."""
        if not events or events[0].get("kind") != "created":
            raise InvalidInputError(Msg("abend.events_first"))
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
            raise InvalidInputError(Msg("abend.event_kind", {"seq": seq, "kind": kind}))
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
    def _member(self, name: Any, what: str | Msg) -> str:
        n = check_name(name, what)
        for m in self.members:
            if m.casefold() == n.casefold():
                return m
        raise InvalidInputError(Msg("abend.not_member", {
            "what": what, "name": n, "allowed": ", ".join(self.members) or Msg("abend.none_yet")}))

    def _check_entry(self, entry_id: Any) -> str | None:
        e = check_entry_id(entry_id)
        if e is not None and e in self.entry_ids:
            raise DuplicateEntry(e, self.entry_ids[e])
        return e

    def add_member(self, name: str) -> dict[str, Any]:
        """Adds a member (names differ ignoring case)."""
        n = check_name(name)
        if any(m.casefold() == n.casefold() for m in self.members):
            raise IllegalActionError(Msg("abend.member_exists", {"name": n}))
        if len(self.members) >= MAX_MEMBERS:
            raise IllegalActionError(Msg("abend.members_max", {"max": MAX_MEMBERS}))
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
            raise IllegalActionError(Msg("abend.no_evening"))
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
            raise InvalidInputError(Msg("abend.players_list", {"max": MAX_MEMBERS}))
        names = [self._member(p, Msg("abend.f.player")) for p in players]
        if len(names) < 2:
            raise InvalidInputError(Msg("abend.players_count", {"n": len(names), "max": MAX_MEMBERS}))
        if len({n.casefold() for n in names}) != len(names):
            raise InvalidInputError(Msg("abend.players_twice"))
        lose = self._member(loser, Msg("abend.f.loser"))
        if lose not in names:
            raise InvalidInputError(Msg("abend.loser_absent", {"name": lose, "allowed": ", ".join(names)}))
        if len(schock_aus) > 20 or len(half_losers) > 20:
            raise InvalidInputError(Msg("abend.too_many"))
        sa = [self._member(p, Msg("abend.f.schock_aus")) for p in schock_aus]
        hl = [self._member(p, Msg("abend.f.half_loser")) for p in half_losers]
        for who in sa + hl:
            if who not in names:
                raise InvalidInputError(Msg("abend.did_not_play", {"name": who, "allowed": ", ".join(names)}))
        if record is not None and (not isinstance(record, str) or len(record) > 2_000_000):
            raise InvalidInputError(Msg("abend.record_text", {"max": 2_000_000}))
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
        n = check_int(number, Msg("abend.f.evening"), 1, max(1, len(self.evenings)))
        if n > len(self.evenings):
            raise InvalidInputError(Msg("abend.evening_none", {"n": n}))
        return self.evenings[n - 1]

    def pay(self, payer: str, payee: str | None, amount: int | None = None, *,
            entry_id: str | None = None) -> dict[str, Any]:
        """``payer`` settles up: in ``runde`` he gives ``amount`` rounds (``payee`` None);
        in ``geld`` he pays ``amount`` cents to ``payee``. ``amount`` None: everything owed."""
        who = self._member(payer, Msg("abend.f.payer"))
        to = None if payee is None or payee == "" else self._member(payee, Msg("abend.f.payee"))
        if to == who:
            raise InvalidInputError(Msg("abend.payee_self", {"name": to}))
        if self.settings.stake == "runde":
            if to is not None:
                raise InvalidInputError(Msg("abend.payee_rounds"))
            owed = self.rounds_owed()[who]
        else:
            if to is None:
                raise InvalidInputError(Msg("abend.payee_missing", {"name": who}))
            bal = self.balance()  # any debtor may pay any creditor, up to what both are owed
            owed = min(max(bal[who], 0), max(-bal[to], 0))
        whom: object = to if to is not None else Msg("abend.the_group")
        if owed <= 0 and (amount is None or amount != 0):
            raise IllegalActionError(Msg("abend.nothing_owed", {"name": who, "to": whom}))
        amount = owed if amount is None else check_int(amount, Msg("abend.f.amount"), 1, MAX_AMOUNT)
        if amount > owed:
            raise IllegalActionError(Msg("abend.too_much", {
                "amount": self.stake_text(amount), "name": who, "to": whom, "owed": self.stake_text(owed)}))
        entry = self._check_entry(entry_id)
        data: dict[str, Any] = {"payer": who, "payee": to, "amount": amount,
                                "evening": self.evenings[-1].number if self.evenings else None}
        if entry is not None:
            data["entry_id"] = entry
        return self._emit("payment", data)

    def void(self, target: int, *, voided: bool = True) -> dict[str, Any]:
        """Voids (or, with ``voided=False``, restores) game or payment ``target`` (its entry number)."""
        t = check_int(target, Msg("abend.f.entry"), 1, max(1, len(self.events)))
        items: list[GameEntry | Payment] = [*self.games, *self.payments]
        item = next((x for x in items if x.seq == t), None)
        if item is None:
            raise InvalidInputError(Msg("abend.not_item", {"n": t, "allowed": self._voidable()}))
        if item.voided == voided:
            raise IllegalActionError(Msg("abend.already_voided" if voided else "abend.already_valid", {"n": t}))
        return self._emit("void", {"target": t, "voided": voided})

    def stake_text(self, amount: int) -> Money | Count:
        """An amount of the group's stake, shown in a message's language: money or rounds.

        >>> Stammtisch.create("x").stake_text(2).localized("de")
        '2 Runden'
        """
        if self.settings.stake == "geld":
            return Money(amount, self.settings.currency)
        return Count("rounds", amount)

    def _voidable(self) -> str | Msg:
        seqs = sorted([g.seq for g in self.games] + [p.seq for p in self.payments])
        return ", ".join(map(str, seqs[-10:])) or Msg("abend.none_yet")

    # -- ledger (schock.evening.ledger) ------------------------------------------------
    def valid_games(self, evening: int | None = None) -> list[GameEntry]:
        return ledger.valid_games(self.games, evening)

    def rounds_owed(self, evening: int | None = None) -> dict[str, int]:
        """Rounds each member still owes (stake ``runde``)."""
        return ledger.rounds_owed(
            self.members, self.games, self.payments, self.settings.schock_aus_stakes, evening
        )

    def exact_balance(self) -> dict[str, Fraction]:
        """Per member what he owes in all, exactly (stake ``geld``; cents as fractions,
        negative: is owed). A lost stake is split evenly, without rounding."""
        s = self.settings
        return ledger.exact_balance(self.members, self.games, self.payments, s.amount, s.schock_aus_stakes)

    def debts(self) -> dict[tuple[str, str], int]:
        """Who pays whom to settle up (stake ``geld``): ``(debtor, creditor) -> cents``.

        The fewest payments that settle :meth:`balance`: the member who owes most pays
        the one who is owed most, and so on (ties in member order). So rounding never
        makes a debt of its own: each member's figure is within a cent of the exact one.

        >>> st = Stammtisch.create("x", ["Anna", "Ben", "Cem", "Dora"], Settings("geld", 250))
        >>> _ = st.start_evening("2026-11-20")
        >>> _ = st.add_game(players=st.members, loser="Ben", schock_aus=[])
        >>> st.debts()
        {('Ben', 'Anna'): 84, ('Ben', 'Cem'): 83, ('Ben', 'Dora'): 83}
        >>> for _ in range(2):
        ...     _ = st.add_game(players=st.members, loser="Ben", schock_aus=[])
        >>> st.debts()
        {('Ben', 'Anna'): 250, ('Ben', 'Cem'): 250, ('Ben', 'Dora'): 250}
        """
        return ledger.settle_up(self.balance(), self.members)

    def balance(self) -> dict[str, int]:
        """Per member what he owes in all: rounds (``runde``) or cents (``geld``; negative:
        he is owed money). Money is the exact balance rounded to whole cents so that
        the figures still add up to nothing (:func:`~schock.evening.ledger.apportion`)."""
        if self.settings.stake == "runde":
            return self.rounds_owed()
        exact = self.exact_balance()  # what each is owed, so that a tied extra cent goes to the earlier
        owed = ledger.apportion([-v for v in exact.values()])
        return {m: -v for m, v in zip(exact, owed, strict=True)}

    # -- statistics -------------------------------------------------------------------
    def stats(self, evening: int | None = None) -> list[MemberStats]:
        """Figures per member over one evening or all evenings, in member order."""
        owed = self.rounds_owed(evening) if self.settings.stake == "runde" else self.balance()
        return ledger.member_stats(self.members, self.valid_games(evening), owed)

    def to_json(self) -> str:
        return json.dumps(self.events, ensure_ascii=False)
