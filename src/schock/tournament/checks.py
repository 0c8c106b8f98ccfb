"""Whether an event may happen now: draws, entries and corrections checked.

:meth:`TournamentChecks.verify` raises :class:`~schock.tournament.errors.Refused`
(naming round, table, game and player) unless an event can be true of the
tournament as it stands: a draw seats every active player once; a game is the
next one at its table (or a correction of one entered), names only players who
sit there and still play, and agrees with its game record; a correction, or a
game of an earlier round, is derived again with every later game in place, so
nothing entered later becomes impossible.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from schock.errors import InvalidInputError
from schock.messages import Msg
from schock.tournament import events as ev
from schock.tournament.errors import Refused
from schock.tournament.format import Scoring
from schock.tournament.log import TournamentLog
from schock.tournament.state import Round, _nums, _where


class TournamentChecks(TournamentLog):
    """The checks of every event (the second floor of
    :class:`~schock.tournament.domain.Tournament`)."""

    # -------------------------------------------------------------- verification
    def verify(self, event: ev.Event) -> None:
        """Raise :class:`Refused` (or InvalidInputError) unless ``event`` may happen now."""
        if isinstance(event, ev.PlayerRegistered):
            if event.number in self.players:
                raise InvalidInputError(f"start number {event.number} is taken already")
            if event.number < self._next_number:
                raise InvalidInputError(
                    f"start number {event.number}: numbers are never reused; next is {self._next_number}"
                )
            if not event.name.strip():
                raise InvalidInputError("player name: empty; allowed: a text of 1 to 80 characters")
        elif isinstance(event, ev.PlayerCheckedIn | ev.PlayerWithdrawn):
            self._player(event.number)
        elif isinstance(event, ev.PlayerRenamed):
            player = self._player(event.number)
            clean = event.name.strip()
            if any(p.name.casefold() == clean.casefold() for p in self.players.values()
                   if p is not player):
                raise Refused(
                    f"a player named {clean!r} is registered already",
                    f"Ein Spieler namens {clean!r} ist schon angemeldet",
                )
        elif isinstance(event, ev.RoundDrawn):
            self._verify_draw(event)
        elif isinstance(event, ev.GameEntered):
            self._verify_game(event)

    def _verify_draw(self, event: ev.RoundDrawn) -> None:
        if event.round != len(self.rounds) + 1:
            raise Refused(
                f"the next round is {len(self.rounds) + 1}, not {event.round}",
                f"Die nächste Runde ist {len(self.rounds) + 1}, nicht {event.round}",
            )
        active = set(self.active())
        seen: set[int] = set()
        for i, table in enumerate(event.tables, start=1):
            if not 2 <= len(table) <= 12:
                raise Refused(
                    f"round {event.round}, table {i}: {len(table)} players; allowed: 2 to 12",
                    f"Runde {event.round}, Tisch {i}: {len(table)} Spieler; erlaubt: 2 bis 12",
                )
            for p in table:
                if p in seen:
                    raise Refused(
                        f"round {event.round}: player {p} is drawn at two tables at once",
                        f"Runde {event.round}: Spieler {p} ist an zwei Tischen zugleich gelost",
                    )
                seen.add(p)
                if p not in active:
                    raise Refused(
                        f"round {event.round}, table {i}: player {p} is not checked in or not in the tournament",
                        f"Runde {event.round}, Tisch {i}: Spieler {p} ist nicht anwesend oder nicht mehr im Turnier",
                    )
        missing = sorted(active - seen)
        if missing:
            raise Refused(
                f"round {event.round}: players {_nums(missing)} have no table",
                f"Runde {event.round}: Spieler {_nums(missing)} haben keinen Tisch",
            )

    def _verify_game(self, event: ev.GameEntered) -> None:
        r, t, g = event.round, event.table, event.game
        rnd = self._table_exists(r, t)
        en, de = _where(r, t, g)
        entered = rnd.games.get(t, {})
        correction = g in entered
        if not correction:
            nxt = self.next_game(r, t)
            if nxt is None:
                raise Refused(
                    f"{en}: this table has finished its round", f"{de}: Dieser Tisch ist fertig"
                )
            if g != nxt:
                raise Refused(
                    f"{en}: the next game to enter at this table is {nxt}",
                    f"{de}: Als Nächstes ist an diesem Tisch Spiel {nxt} einzutragen",
                )
        seats = rnd.tables[t - 1]
        named = [*event.players, *(p for grp in event.out for p in grp), event.loser]
        named += [p for p, _ in event.schock_aus]
        for p in named:
            if p in seats:
                continue
            elsewhere = rnd.table_of(p)
            if elsewhere is not None:
                raise Refused(
                    f"{en}: player {p} sits at table {elsewhere} in this round, not at table {t}",
                    f"{de}: Spieler {p} sitzt in dieser Runde an Tisch {elsewhere}, nicht an Tisch {t}",
                )
            raise Refused(
                f"{en}: player {p} does not sit at this table (its players: {_nums(seats)})",
                f"{de}: Spieler {p} sitzt nicht an diesem Tisch (hier: {_nums(seats)})",
            )
        if len(set(event.players)) != len(event.players):
            twice = sorted(p for p, c in Counter(event.players).items() if c > 1)
            raise Refused(
                f"{en}: player {_nums(twice)} named twice",
                f"{de}: Spieler {_nums(twice)} doppelt genannt",
            )
        if event.loser not in event.players and event.loser in seats:
            why = self._why_not_playing(event.loser)
            raise Refused(
                f"{en}: player {event.loser} {why[0]}", f"{de}: Spieler {event.loser} {why[1]}"
            )
        if event.loser not in event.players:  # pragma: no cover - the players include the loser
            raise Refused(
                f"{en}: the loser {event.loser} did not play this game",
                f"{de}: Der Verlierer {event.loser} hat dieses Spiel nicht gespielt",
            )
        if len(event.players) < 2:
            raise Refused(f"{en}: a game needs 2 players", f"{de}: Ein Spiel braucht 2 Spieler")
        for p, n in event.schock_aus:
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
                raise InvalidInputError(
                    Msg("turnier.schock_aus", {"r": r, "t": t, "g": g, "p": p, "n": n})
                )
            if n and p not in event.players:
                why = self._why_not_playing(p) if p not in self.table_players(r, t) else (
                    "did not play this game", "hat dieses Spiel nicht gespielt")
                raise Refused(f"{en}: Schock Aus of player {p}: he {why[0]}",
                              f"{de}: Schock Aus von Spieler {p}: er {why[1]}")
        most = self.schock_aus_per_game()
        for p, n in event.schock_aus:
            if n > most:
                raise Refused(
                    f"{en}: player {p} with {n} Schock Aus in one game; allowed: at most {most} "
                    f"(a Schock Aus ends its half, and a game of {self.rules.id} has {most})",
                    f"{de}: Spieler {p} mit {n} Schock Aus in einem Spiel; erlaubt: höchstens "
                    f"{most} (ein Schock Aus beendet seine Hälfte, ein Spiel bei "
                    f"{self.rules.id} hat {most})",
                )
        if not correction:
            expected = self.table_players(r, t)
            gone = [p for p in event.players if p not in expected]
            for p in gone:
                why = self._why_not_playing(p)
                raise Refused(f"{en}: player {p} {why[0]}", f"{de}: Spieler {p} {why[1]}")
            if self.format.scoring is Scoring.POINTS:
                missing = [p for p in expected if p not in event.players]
                if missing:
                    raise Refused(
                        f"{en}: the order of going out misses player {_nums(missing)}",
                        f"{de}: In der Reihenfolge fehlt Spieler {_nums(missing)}",
                    )
        elif self.format.scoring is Scoring.POINTS:
            before = entered[g].players
            if sorted(before) != sorted(event.players):
                raise Refused(
                    f"{en}: a correction names the same players ({_nums(sorted(before))})",
                    f"{de}: Eine Korrektur nennt dieselben Spieler ({_nums(sorted(before))})",
                )
        if correction or r != len(self.rounds):
            # derive with the entry in place: every later game is checked again
            trial = [
                dataclasses.replace(x, games={k: dict(v) for k, v in x.games.items()})
                for x in self.rounds
            ]
            trial[r - 1].games.setdefault(t, {})[g] = event
            self._derive(trial)
        if event.record is not None and self.check_records:
            self._verify_record(event)

    def _table_exists(self, r: int, t: int) -> Round:
        if not 1 <= r <= len(self.rounds):
            raise Refused(
                f"round {r} has not been drawn (drawn: {len(self.rounds)})",
                f"Runde {r} ist nicht gelost (gelost: {len(self.rounds)})",
            )
        rnd = self.rounds[r - 1]
        if not 1 <= t <= len(rnd.tables):
            raise Refused(
                f"round {r} has no table {t} (tables 1 to {len(rnd.tables)})",
                f"Runde {r} hat keinen Tisch {t} (Tische 1 bis {len(rnd.tables)})",
            )
        return rnd

    def _game_players(self, r: int, t: int, g: int) -> tuple[int, ...]:
        """Who played game ``g`` at table ``t`` of round ``r``: as entered, if it was (a
        correction names the same players), else who plays the table's next game."""
        self._table_exists(r, t)
        entered = self.rounds[r - 1].games.get(t, {}).get(g)
        return entered.players if entered is not None else tuple(self.table_players(r, t))

    def _verify_record(self, event: ev.GameEntered) -> None:
        from schock.tournament.proof import ranking_from_record

        en, de = _where(event.round, event.table, event.game)
        loser, out, _ = ranking_from_record(event.record or {}, self, event.players, (en, de))
        same_out = [frozenset(g) for g in out] == [frozenset(g) for g in event.out]
        if loser != event.loser or (self.format.scoring is Scoring.POINTS and not same_out):
            raise Refused(
                f"{en}: the result does not match the game record",
                f"{de}: Das Ergebnis passt nicht zum Spielprotokoll",
            )

    def _check_place(self, rnd: int, table: int, game: int) -> tuple[int, int, int]:
        for what, v in (("word.round", rnd), ("word.table", table), ("word.game", game)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise InvalidInputError(Msg("turnier.place", {"what": Msg(what), "v": v}))
        return rnd, table, game

    def _check_points(self, event: ev.GameEntered, points: Mapping[int, int | Fraction]) -> None:
        want = self.game_points(event)
        en, de = _where(event.round, event.table, event.game)
        for p, v in points.items():
            if p not in want:
                raise Refused(
                    f"{en}: points given for player {p}, who did not play this game",
                    f"{de}: Punkte für Spieler {p}, der dieses Spiel nicht gespielt hat",
                )
            if Fraction(v) != want[p]:
                raise Refused(
                    f"{en}: player {p} gets {want[p]} points for his place, not {v}",
                    f"{de}: Spieler {p} bekommt für seinen Platz {want[p]} Punkte, nicht {v}",
                )
        total = sum(Fraction(v) for v in points.values())
        if set(points) == set(want) and total != sum(want.values()):  # pragma: no cover
            raise Refused(f"{en}: the points do not add up", f"{de}: Die Punkte gehen nicht auf")
