"""``schock abend`` (alias ``evening``): the Stammtisch's games, ledger and statistics.

The same database as ``schock serve`` (``--db``). Every error is one line
``Error: ...`` with exit status 2.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import click

from schock.cli.common import BadInputError, SafePath, db_target
from schock.cli.common import db_option as shared_db_option
from schock.errors import SchockError
from schock.evening import Settings, Stammtisch, game_from_record
from schock.evening.domain import parse_money
from schock.evening.export import games_csv, ledger_csv
from schock.evening.repo import (
    change,
    create_group,
    ensure_group_secret,
    find_group,
    list_groups,
    load_group,
)
from schock.i18n import plural
from schock.messages import Msg
from schock.store.db import Database, open_database

MAX_RECORD_FILE = 2_000_000


class AbendGroup(click.Group):
    """Every schock error is one line and exit status 2, in the language of ``--lang``
    (German by default)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SchockError as exc:
            raise BadInputError(exc.localized(str(ctx.meta.get("schock.lang", "de")))) from None


_db_opt = shared_db_option()
_lang_opt = click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True,
                         expose_value=False, help="Language of messages and errors.")


def db_option(f: Any) -> Any:
    """``--db`` and ``--lang`` (read from the command line by schock's group, see
    :func:`schock.cli.common.command_lang`)."""
    return _db_opt(_lang_opt(f))


def _lang() -> str:
    return str(click.get_current_context().meta.get("schock.lang", "de"))


@contextmanager
def _db(db_path: str | None, *, create: bool = False) -> Iterator[Database]:
    """The database of ``--db``; only ``new-group`` (``create=True``) makes a new one."""
    db = open_database(db_target(db_path), create=create)
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
                lang = _lang()
                click.echo(f"{gid}  {name}  ({plural('members', len(st.members), lang)}, "
                           f"{plural('evenings', len(st.evenings), lang)})")
            return
        st = load_group(db, find_group(db, group))
    click.echo(f"{st.name}: {', '.join(st.members)}")
    for e in st.evenings:
        n = len(st.valid_games(e.number))
        click.echo(f"Abend {e.number}  {e.day}  {plural('games', n, _lang())}{'' if e.closed else '  (offen)'}")


def _settings(stake: str, amount: str | None, currency: str, sa: int) -> Settings:
    data: dict[str, Any] = {"stake": stake, "currency": currency, "schock_aus_stakes": sa}
    if stake == "geld":
        if amount is None:
            raise BadInputError(Msg("abend.cli_amount_missing"))
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
    with _db(db_path, create=True) as db:
        gid = create_group(db, name, members, settings)
    click.echo(f"Gruppe {name.strip()!r} angelegt: {gid}")
    click.echo(f"Der Link ihrer Seiten: schock abend link {gid}")


@abend.command("link")
@click.argument("group")
@click.option("--base-url", default=None, metavar="URL",
              help="The address the server is reached at (default: $SCHOCK_BASE_URL, "
                   "else http://127.0.0.1:8000).")
@db_option
def link(group: str, base_url: str | None, db_path: str | None) -> None:
    """Prints the secret link of GROUP's pages (made now for a group that has none yet)."""
    base = (base_url or os.environ.get("SCHOCK_BASE_URL") or "http://127.0.0.1:8000").rstrip("/")
    if not base.startswith(("http://", "https://")) or len(base) > 300:
        raise BadInputError(Msg("abend.cli_base_url", {"url": base[:80]}))
    with _db(db_path) as db:
        gid = find_group(db, group)
        key = ensure_group_secret(db, gid)
    click.echo(f"{base}/abend/g/{gid}/{key}")


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
            raise BadInputError(Msg("abend.cli_record_alone"))
        data = record.read_bytes()[: MAX_RECORD_FILE + 1]
        if len(data) > MAX_RECORD_FILE:
            raise BadInputError(Msg("abend.record_large", {"file": str(record), "max": MAX_RECORD_FILE}))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInputError(Msg("abend.record_utf8", {"file": str(record)})) from None
        r = game_from_record(text)
        kwargs = {"players": r.players, "loser": r.loser, "schock_aus": r.schock_aus,
                  "half_losers": r.half_losers, "record": text}
    else:
        if loser is None:
            raise BadInputError(Msg("abend.cli_loser_missing"))
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
    number = len(st.games)  # games are counted from 1; the entry number is what void takes
    if _lang() == "en":
        click.echo(f"Game {number} entered (entry {g.seq}): {g.loser} lost{extra}.")
    else:
        click.echo(f"Spiel {number} eingetragen (Eintrag {g.seq}): verloren hat {g.loser}{extra}.")


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
    for number, g in enumerate(st.games, start=1):
        mark = "  (gestrichen)" if g.voided else ""
        click.echo(f"Spiel {number:>3} (Eintrag {g.seq:>3})  Abend {g.evening}  verloren: {g.loser:<12} "
                   f"Schock Aus: {len(g.schock_aus)}  [{', '.join(g.players)}]{mark}")


def _amount(st: Stammtisch, value: int) -> str:
    """Rounds or money in the command's language (German: ``2 Runden``, ``2,50 €``)."""
    return st.stake_text(value).localized(_lang())


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
    en = _lang() == "en"
    geld = st.settings.stake == "geld"
    for name, owed in st.balance().items():
        if geld and owed < 0:
            word = "is owed" if en else "bekommt"
            click.echo(f"{name:<16} {word} {_amount(st, -owed)}")
        else:
            word = ("owes" if en else "schuldet") if owed else ("owes nothing" if en else "schuldet nichts")
            click.echo(f"{name:<16} {word} {_amount(st, owed) if owed else ''}".rstrip())
    if geld:
        click.echo("To settle up:" if en else "Zum Begleichen:")
        for (a, b), cents in st.debts().items():
            click.echo(f"  {a} {'pays' if en else 'zahlt'} {b} {_amount(st, cents)}")


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
    if _lang() == "en":
        click.echo(f"{p.payer} paid {_amount(st, p.amount)}" + (f" to {p.payee}." if p.payee else "."))
    else:
        click.echo(f"{p.payer} hat {_amount(st, p.amount)} bezahlt" + (f" an {p.payee}." if p.payee else "."))


def _rounds(text: str) -> int:
    if not text.strip().isdigit() or len(text.strip()) > 7:
        raise BadInputError(Msg("abend.rounds_amount", {"text": text[:30]}))
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
        raise BadInputError(Msg("abend.evening_param", {"text": str(evening), "n": len(st.evenings)}))
    click.echo(f"{'Name':<16}{'Spiele':>7}{'Verl.':>6}{'Quote':>7}{'Sch.Aus':>8}"
               f"{'Serie-':>7}{'Serie+':>7}  offen")
    for s in st.stats(evening):
        click.echo(f"{s.name:<16}{s.games:>7}{s.losses:>6}{s.loss_rate:>7.0%}{s.schock_aus:>8}"
                   f"{s.longest_losing:>7}{s.longest_not_losing:>7}  {_amount(st, s.owed)}")
