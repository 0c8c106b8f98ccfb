"""``schock abend`` (alias ``evening``): the Stammtisch's games, ledger and statistics.

The same database as ``schock serve`` (``--db``). Every error is one line
``Error: ...`` with exit status 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import click

from schock.cli.common import BadInputError, SafePath
from schock.cli.serve import default_db
from schock.errors import SchockError
from schock.evening import Settings, Stammtisch, game_from_record, money
from schock.evening.domain import parse_money
from schock.evening.export import games_csv, ledger_csv
from schock.evening.repo import change, create_group, find_group, list_groups, load_group
from schock.store.db import Database, open_database

MAX_RECORD_FILE = 2_000_000


class AbendGroup(click.Group):
    """Every schock error is one line and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SchockError as exc:
            raise BadInputError(str(exc)) from None


db_option = click.option("--db", "db_path", metavar="PATH|URL", default=None,
                         help="SQLite file or database URL (default: the one of schock serve).")


@contextmanager
def _db(db_path: str | None) -> Iterator[Database]:
    db = open_database(default_db() if db_path is None else db_path)
    try:
        yield db
    finally:
        db.close()


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise BadInputError(f"{path}: cannot write it: {err.strerror}") from None


@click.group(cls=AbendGroup, name="abend")
def abend() -> None:
    """Stammtisch-Abend: Spiele, Runden/Schulden, Statistik (the Stammtisch evening)."""


@abend.command("list")
@click.argument("group", required=False)
@db_option
def list_cmd(group: str | None, db_path: str | None) -> None:
    """Groups, or the evenings of GROUP."""
    with _db(db_path) as db:
        if group is None:
            groups = list_groups(db)
            if not groups:
                click.echo("Noch keine Gruppe / no groups yet (schock abend new-group NAME -m ...)")
            for gid, name, _ in groups:
                st = load_group(db, gid)
                click.echo(f"{gid}  {name}  ({len(st.members)} Mitglieder, {len(st.evenings)} Abende)")
            return
        st = load_group(db, find_group(db, group))
    click.echo(f"{st.name}: {', '.join(st.members)}")
    for e in st.evenings:
        n = len(st.valid_games(e.number))
        click.echo(f"Abend {e.number}  {e.day}  {n} Spiele{'' if e.closed else '  (offen)'}")


def _settings(stake: str, amount: str | None, currency: str, sa: int) -> Settings:
    data: dict[str, Any] = {"stake": stake, "currency": currency, "schock_aus_stakes": sa}
    if stake == "geld":
        if amount is None:
            raise BadInputError("--amount: missing; allowed: a sum such as 2.50 when --stake geld")
        data["amount"] = parse_money(amount)
    return Settings.from_json(data)


@abend.command("new-group")
@click.argument("name")
@click.option("-m", "--member", "members", multiple=True, help="A member (repeat).")
@click.option("--stake", type=click.Choice(["runde", "geld"]), default="runde", show_default=True)
@click.option("--amount", default=None, help="With --stake geld: what a lost game costs, e.g. 2.50.")
@click.option("--currency", default="EUR", show_default=True)
@click.option("--schock-aus-stakes", "sa", type=click.IntRange(0, 10), default=1, show_default=True,
              help="Extra stakes per Schock Aus for the player who received all Deckel.")
@db_option
def new_group(name: str, members: tuple[str, ...], stake: str, amount: str | None, currency: str,
              sa: int, db_path: str | None) -> None:
    """Creates a group."""
    settings = _settings(stake, amount, currency, sa)
    with _db(db_path) as db:
        gid = create_group(db, name, members, settings)
    click.echo(f"Gruppe {name.strip()!r} angelegt: {gid}")


@abend.command("member")
@click.argument("group")
@click.argument("name")
@db_option
def member(group: str, name: str, db_path: str | None) -> None:
    """Adds a member to GROUP."""
    with _db(db_path) as db:
        change(db, find_group(db, group), lambda st: st.add_member(name))
    click.echo(f"{name.strip()} ist dabei.")


@abend.command("start")
@click.argument("group")
@click.option("--date", "day", default=None, help="YYYY-MM-DD (default: today).")
@db_option
def start(group: str, day: str | None, db_path: str | None) -> None:
    """Starts an evening of GROUP (the one before is closed)."""
    with _db(db_path) as db:
        gid = find_group(db, group)
        change(db, gid, lambda st: st.start_evening(day or date.today().isoformat()))
        st = load_group(db, gid)
    click.echo(f"Abend {st.evenings[-1].number} am {st.evenings[-1].day} begonnen.")


@abend.command("game")
@click.argument("group")
@click.option("--loser", default=None, help="Who lost the game.")
@click.option("-p", "--player", "players", multiple=True, help="A player (repeat); default: all members.")
@click.option("--schock-aus", "schock_aus", multiple=True,
              help="Who received all Deckel by a Schock Aus (repeat per Schock Aus).")
@click.option("--record", "record", type=SafePath(exists=True, dir_okay=False, path_type=Path),
              default=None, help="A finished game record (JSON) instead of --loser.")
@click.option("--id", "entry_id", default=None, help="An entry id; the same id is never counted twice.")
@db_option
def game(group: str, loser: str | None, players: tuple[str, ...], schock_aus: tuple[str, ...],
         record: Path | None, entry_id: str | None, db_path: str | None) -> None:
    """Enters a game of the open evening: by hand (--loser) or from --record FILE."""
    kwargs: dict[str, Any]
    if record is not None:
        if loser or players or schock_aus:
            raise BadInputError("--record: the record names loser, players and Schock Aus; "
                                "allowed: --record alone or --loser with --player/--schock-aus")
        data = record.read_bytes()[: MAX_RECORD_FILE + 1]
        if len(data) > MAX_RECORD_FILE:
            raise BadInputError(f"{record}: larger than {MAX_RECORD_FILE} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInputError(f"{record}: not UTF-8 text") from None
        r = game_from_record(text)
        kwargs = {"players": r.players, "loser": r.loser, "schock_aus": r.schock_aus,
                  "half_losers": r.half_losers, "record": text}
    else:
        if loser is None:
            raise BadInputError("--loser: missing; allowed: --loser NAME or --record FILE")
        kwargs = {"players": list(players), "loser": loser, "schock_aus": list(schock_aus)}
    with _db(db_path) as db:
        gid = find_group(db, group)

        def add(st: Stammtisch) -> None:
            if not kwargs["players"]:
                kwargs["players"] = list(st.members)
            st.add_game(entry_id=entry_id, **kwargs)

        change(db, gid, add)
        st = load_group(db, gid)
    g = st.games[-1]
    extra = f", Schock Aus: {len(g.schock_aus)}" if g.schock_aus else ""
    click.echo(f"Spiel {g.seq} eingetragen: verloren hat {g.loser}{extra}.")


@abend.command("void")
@click.argument("group")
@click.argument("entry", type=int)
@click.option("--restore", is_flag=True, help="Make a voided entry count again.")
@db_option
def void(group: str, entry: int, restore: bool, db_path: str | None) -> None:
    """Voids a wrong game or payment ENTRY (nothing is deleted; --restore undoes it)."""
    with _db(db_path) as db:
        change(db, find_group(db, group), lambda st: st.void(entry, voided=not restore))
    click.echo(f"Eintrag {entry} {'gilt wieder' if restore else 'gestrichen'}.")


@abend.command("games")
@click.argument("group")
@click.option("--csv", "csv_path", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Write every game as CSV to this file.")
@db_option
def games(group: str, csv_path: Path | None, db_path: str | None) -> None:
    """Every game of GROUP."""
    with _db(db_path) as db:
        st = load_group(db, find_group(db, group))
    if csv_path is not None:
        _write(csv_path, games_csv(st))
        click.echo(f"{len(st.games)} Spiele nach {csv_path} geschrieben.")
        return
    for g in st.games:
        mark = "  (gestrichen)" if g.voided else ""
        click.echo(f"{g.seq:>4}  Abend {g.evening}  verloren: {g.loser:<12} "
                   f"Schock Aus: {len(g.schock_aus)}  [{', '.join(g.players)}]{mark}")


def _amount(st: Stammtisch, value: int) -> str:
    return money(value, st.settings.currency) if st.settings.stake == "geld" else f"{value} Runden"


@abend.command("ledger")
@click.argument("group")
@click.option("--csv", "csv_path", type=SafePath(dir_okay=False, path_type=Path), default=None,
              help="Write the ledger as CSV to this file.")
@db_option
def ledger(group: str, csv_path: Path | None, db_path: str | None) -> None:
    """What each member owes (rounds or money) and who owes whom."""
    with _db(db_path) as db:
        st = load_group(db, find_group(db, group))
    if csv_path is not None:
        _write(csv_path, ledger_csv(st))
        click.echo(f"Schuldenliste nach {csv_path} geschrieben.")
        return
    for name, owed in st.balance().items():
        click.echo(f"{name:<16} {_amount(st, owed)}")
    if st.settings.stake == "geld":
        for (a, b), cents in st.debts().items():
            click.echo(f"{a} schuldet {b} {money(cents, st.settings.currency)}")


@abend.command("settle")
@click.argument("group")
@click.argument("payer")
@click.option("--to", "payee", default=None, help="Who is paid (money); none for a round.")
@click.option("--amount", default=None, help="Rounds (a whole number) or a sum such as 2.50; default: all owed.")
@click.option("--id", "entry_id", default=None, help="An entry id; the same id is never counted twice.")
@db_option
def settle(group: str, payer: str, payee: str | None, amount: str | None, entry_id: str | None,
           db_path: str | None) -> None:
    """PAYER settles up, partly (--amount) or fully."""
    with _db(db_path) as db:
        gid = find_group(db, group)

        def pay(st: Stammtisch) -> None:
            value: int | None = None
            if amount is not None:
                value = parse_money(amount) if st.settings.stake == "geld" else _rounds(amount)
            st.pay(payer, payee, value, entry_id=entry_id)

        change(db, gid, pay)
        st = load_group(db, gid)
    p = st.payments[-1]
    click.echo(f"{p.payer} hat {_amount(st, p.amount)} bezahlt" + (f" an {p.payee}." if p.payee else "."))


def _rounds(text: str) -> int:
    if not text.strip().isdigit() or len(text.strip()) > 7:
        raise BadInputError(f"--amount: {text[:30]!r}; allowed: a whole number of rounds")
    return int(text)


@abend.command("stats")
@click.argument("group")
@click.option("--evening", type=click.IntRange(1), default=None, help="One evening (default: all).")
@db_option
def stats(group: str, evening: int | None, db_path: str | None) -> None:
    """Games, losses, loss rate, Schock Aus, streaks and what is owed, per member."""
    with _db(db_path) as db:
        st = load_group(db, find_group(db, group))
    if evening is not None and evening > len(st.evenings):
        raise BadInputError(f"--evening: {evening}; allowed: 1 to {len(st.evenings)}")
    click.echo(f"{'Name':<16}{'Spiele':>7}{'Verl.':>6}{'Quote':>7}{'Sch.Aus':>8}"
               f"{'Serie-':>7}{'Serie+':>7}  offen")
    for s in st.stats(evening):
        click.echo(f"{s.name:<16}{s.games:>7}{s.losses:>6}{s.loss_rate:>7.0%}{s.schock_aus:>8}"
                   f"{s.longest_losing:>7}{s.longest_not_losing:>7}  {_amount(st, s.owed)}")
