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
from schock.evening.entries import parse_money
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


#: What the evening commands print, in German and English (issue 27 item 6).
_TEXT = {
    "de": {
        "no_groups": "Noch keine Gruppe (schock abend new-group NAME -m ...)",
        "group_line": "{gid}  {name}  ({members}, {evenings})",
        "evening_line": "Abend {n}  {day}  {games}{open}",
        "open": "  (offen)",
        "created": "Gruppe {name!r} angelegt: {gid}",
        "link_hint": "Der Link ihrer Seiten: schock abend link {gid}",
        "member": "{name} ist dabei.",
        "started": "Abend {n} am {day} begonnen.",
        "entered": "Spiel {n} eingetragen (Eintrag {seq}): verloren hat {loser}{extra}.",
        "void": "Eintrag {entry} gestrichen.",
        "restore": "Eintrag {entry} gilt wieder.",
        "games_csv": "{games} nach {path} geschrieben.",
        "game_line": "Spiel {n:>3} (Eintrag {seq:>3})  Abend {evening}  verloren: {loser:<12} "
                     "Schock Aus: {sa}  [{players}]{mark}",
        "voided": "  (gestrichen)",
        "ledger_csv": "Schuldenliste nach {path} geschrieben.",
        "is_owed": "bekommt", "owes": "schuldet", "owes_nothing": "schuldet nichts",
        "settle_up": "Zum Begleichen:", "pays": "zahlt",
        "paid": "{payer} hat {amount} bezahlt{to}.", "paid_to": " an {payee}",
        "stats_head": ("Name", "Spiele", "Verl.", "Quote", "Sch.Aus", "Serie-", "Serie+", "offen"),
        "cannot_write": "{path}: kann nicht geschrieben werden: {reason}",
    },
    "en": {
        "no_groups": "No groups yet (schock abend new-group NAME -m ...)",
        "group_line": "{gid}  {name}  ({members}, {evenings})",
        "evening_line": "Evening {n}  {day}  {games}{open}",
        "open": "  (open)",
        "created": "Group {name!r} created: {gid}",
        "link_hint": "The link of its pages: schock abend link {gid}",
        "member": "{name} is in.",
        "started": "Evening {n} of {day} started.",
        "entered": "Game {n} entered (entry {seq}): {loser} lost{extra}.",
        "void": "Entry {entry} voided.",
        "restore": "Entry {entry} counts again.",
        "games_csv": "{games} written to {path}.",
        "game_line": "Game {n:>3} (entry {seq:>3})  evening {evening}  lost: {loser:<12} "
                     "Schock Aus: {sa}  [{players}]{mark}",
        "voided": "  (voided)",
        "ledger_csv": "Ledger written to {path}.",
        "is_owed": "is owed", "owes": "owes", "owes_nothing": "owes nothing",
        "settle_up": "To settle up:", "pays": "pays",
        "paid": "{payer} paid {amount}{to}.", "paid_to": " to {payee}",
        "stats_head": ("Name", "Games", "Lost", "Rate", "Sch.Aus", "Streak-", "Streak+", "owed"),
        "cannot_write": "{path}: cannot write it: {reason}",
    },
}


def _t(key: str, **params: object) -> str:
    text = _TEXT[_lang()][key]
    assert isinstance(text, str)
    return text.format(**params)


def _day(value: str) -> str:
    """An evening's date as the language writes it (``25.11.2026``, ``Nov 25, 2026``)."""
    from schock.i18n import day

    try:
        return day(value, _lang())
    except ValueError:
        return value


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
        raise BadInputError(_t("cannot_write", path=path, reason=err.strerror)) from None


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
                click.echo(_t("no_groups"))
            for gid, name, _ in groups:
                st = load_group(db, gid)
                lang = _lang()
                click.echo(_t("group_line", gid=gid, name=name,
                              members=plural("members", len(st.members), lang),
                              evenings=plural("evenings", len(st.evenings), lang)))
            return
        st = load_group(db, find_group(db, group))
    click.echo(f"{st.name}: {', '.join(st.members)}")
    for e in st.evenings:
        n = len(st.valid_games(e.number))
        click.echo(_t("evening_line", n=e.number, day=_day(e.day), games=plural("games", n, _lang()),
                      open="" if e.closed else _t("open")))


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
    click.echo(_t("created", name=name.strip(), gid=gid))
    click.echo(_t("link_hint", gid=gid))


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
    click.echo(_t("member", name=name.strip()))


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
    click.echo(_t("started", n=st.evenings[-1].number, day=_day(st.evenings[-1].day)))


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
    click.echo(_t("entered", n=number, seq=g.seq, loser=g.loser, extra=extra))


@abend.command("void")
@click.argument("group")
@click.argument("entry", type=int)
@click.option("--restore", is_flag=True, help="Make a voided entry count again.")
@db_option
def void(group: str, entry: int, restore: bool, db_path: str | None) -> None:
    """Voids a wrong game or payment ENTRY (nothing is deleted; --restore undoes it)."""
    with _db(db_path) as db:
        change(db, find_group(db, group), lambda st: st.void(entry, voided=not restore))
    click.echo(_t("restore" if restore else "void", entry=entry))


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
        click.echo(_t("games_csv", games=plural("games", len(st.games), _lang()), path=csv_path))
        return
    for number, g in enumerate(st.games, start=1):
        click.echo(_t("game_line", n=number, seq=g.seq, evening=g.evening, loser=g.loser,
                      sa=len(g.schock_aus), players=", ".join(g.players),
                      mark=_t("voided") if g.voided else ""))


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
        click.echo(_t("ledger_csv", path=csv_path))
        return
    geld = st.settings.stake == "geld"
    for name, owed in st.balance().items():
        if geld and owed < 0:
            click.echo(f"{name:<16} {_t('is_owed')} {_amount(st, -owed)}")
        else:
            word = _t("owes") if owed else _t("owes_nothing")
            click.echo(f"{name:<16} {word} {_amount(st, owed) if owed else ''}".rstrip())
    if geld:
        click.echo(_t("settle_up"))
        for (a, b), cents in st.debts().items():
            click.echo(f"  {a} {_t('pays')} {b} {_amount(st, cents)}")


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
    to = _t("paid_to", payee=p.payee) if p.payee else ""
    click.echo(_t("paid", payer=p.payer, amount=_amount(st, p.amount), to=to))


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
    from schock.i18n import percent

    lang = _lang()
    name, games_, lost, rate, sa, minus, plus, owed = _TEXT[lang]["stats_head"]
    click.echo(f"{name:<16}{games_:>7}{lost:>6}{rate:>7}{sa:>8}{minus:>8}{plus:>8}  {owed}")
    for s in st.stats(evening):
        click.echo(f"{s.name:<16}{s.games:>7}{s.losses:>6}{percent(s.loss_rate, lang):>7}{s.schock_aus:>8}"
                   f"{s.longest_losing:>8}{s.longest_not_losing:>8}  {_amount(st, s.owed)}")
