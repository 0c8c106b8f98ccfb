"""Storage and the JSON archive: re-import exactly, corrupt archives, snapshots, transactions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from schock.errors import InvalidInputError
from schock.store import open_database
from schock.tournament import archive, storage
from schock.tournament.domain import Tournament
from schock.tournament.format import load_format
from schock.tournament.simulate import bot_tournament, play_round


def small(fmt: str = "irmgarteich", **changes: object) -> Tournament:
    f = load_format(fmt).replace(**changes) if changes else load_format(fmt)
    t = bot_tournament(f, 6, seed=2)
    t.id = "abend"
    size = f.table_size
    t.draw(tables=[list(range(1, 1 + size)), list(range(1 + size, 7))])
    return t


def test_archive_round_trips_a_played_round_with_corrections_and_undo() -> None:
    t = small(games_per_round=3, trinkrunden=1)
    play_round(t)
    t.enter(1, 1, 2, out=[[3], [2]], loser=1)  # a correction: the record no longer fits
    t.undo()
    t.withdraw(6)
    text = archive.dumps(t)
    again = archive.loads(text)
    assert archive.dumps(again) == text
    assert [(e.seq, e.undone) for e in again.log] == [(e.seq, e.undone) for e in t.log]
    assert again.derived.drinks == t.derived.drinks


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "archive: version: this schock reads version 1, got 2"),
        (lambda d: d.update(format="x"), "archive: format: expected 'schock-tournament'"),
        (
            lambda d: d["tournament"].update(seed="x"),
            "archive: tournament.seed: 'x'; allowed: a whole number",
        ),
        (
            lambda d: d["tournament"]["format"].update(chips=-3),
            "archive: tournament.format: chips = -3: bad value",
        ),
        (
            lambda d: d["tournament"]["format"].pop("points"),
            "tournament.format: missing fields points",
        ),
        (lambda d: d["tournament"].update(rules={"preset": "skat"}), "archive: tournament.rules"),
        (
            lambda d: d["log"][0]["event"].update(kind="party"),
            "archive: log[0].event.kind: 'party'; allowed:",
        ),
        (
            lambda d: d["log"][0]["event"].update(number="one"),
            "archive: log[0].event.number: 'one'; allowed: a whole number from 1",
        ),
        (lambda d: d["log"][0].update(seq=7), "archive: log[0].seq: 7; allowed: 1"),
        (
            lambda d: d["log"][12]["event"].update(tables=[[1, 2, 3], [3, 4, 5]]),
            "log[12]: cannot have happened: round 1: player 3 is drawn at two tables at once",
        ),
        (
            lambda d: d["log"][13]["event"].update(loser=5),
            "log[13]: cannot have happened: round 1, table 1, game 1: player 5 sits at table 2",
        ),
        (lambda d: d["log"][13]["event"].update(extra=1), "log[13].event: unknown keys ['extra']"),
        (
            lambda d: d["log"][13]["event"]["record"].update(actions=["0 throw"]),
            "log[13]: cannot have happened: round 1, table 1, game 1: not a valid game record",
        ),
        (lambda d: d["log"][0].update(undone=True), "log: entries marked undone [1] do not match"),
    ],
)
def test_a_corrupt_archive_names_the_place_and_what_is_allowed(change, message) -> None:  # type: ignore[no-untyped-def]
    t = small()
    from schock.tournament.simulate import play_table_game

    play_table_game(t, 1, 1)
    data = json.loads(archive.dumps(t))
    change(data)
    with pytest.raises(InvalidInputError) as info:
        archive.from_json(data)
    assert message in str(info.value)


def test_not_json_at_all() -> None:
    with pytest.raises(InvalidInputError, match="archive: not valid JSON: line 1"):
        archive.loads("{")


def test_storage_saves_increments_loads_and_snapshots_each_round(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "t.db"))
    t = small("porz")
    assert storage.save(db, t) == len(t.log)
    assert storage.save(db, t) == 0
    play_round(t)
    storage.save(db, t)  # the round is finished: a snapshot
    t.undo()
    storage.save(db, t)  # the undo mark lands; the snapshot stays
    back = storage.load(db)
    assert archive.dumps(back) == archive.dumps(t)
    assert [r for r, _, _ in storage.snapshots(db, "abend")] == [1]
    snap = storage.snapshots(db, "abend")[0][2]
    assert archive.loads(snap).round_complete(1)
    with pytest.raises(InvalidInputError, match="is in this database already"):
        storage.import_archive(db, archive.dumps(t))
    with pytest.raises(
        InvalidInputError, match="no tournament 'x' in this database; allowed: abend"
    ):
        storage.load(db, "x")
    db.close()
    empty = open_database("sqlite://")
    with pytest.raises(InvalidInputError, match="no tournament in this database"):
        storage.load(empty)
    t2 = archive.loads(archive.dumps(t))
    storage.import_archive(empty, archive.dumps(t2))
    assert storage.tournaments(empty)[0][0] == "abend"
    empty.close()


def test_a_stale_writer_saves_nothing(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "t.db"))
    t = small("porz")
    storage.save(db, t)
    a, b = storage.load(db), storage.load(db)
    a.register("Ann")
    b.register("Bob")
    storage.save(db, a)
    with pytest.raises(InvalidInputError, match="the database changed meanwhile"):
        storage.save(db, b)
    assert [p.name for p in storage.load(db).players.values()][-1] == "Ann"
    db.close()


def _same_state(a: Tournament, b: Tournament) -> None:
    assert archive.dumps(a) == archive.dumps(b)
    assert (a.players, a.rounds, a.derived) == (b.players, b.rounds, b.derived)


def test_current_catches_up_with_another_process_entries_and_undo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two Database objects on one file: two processes, each with its own cache."""
    path = str(tmp_path / "t.db")
    one, other = open_database(path), open_database(path)
    t = small("porz")
    storage.save(other, t)
    seen = storage.current(one, "abend")
    assert storage.current(one, "abend") is seen  # nothing new: the cached one
    replays: list[str] = []
    whole = storage._replay
    monkeypatch.setattr(storage, "_replay", lambda s, tid: replays.append(tid) or whole(s, tid))
    play_round(t)
    storage.save(other, t)  # the other process enters the round
    now = storage.current(one, "abend")
    assert now is not seen and len(seen.log) < len(now.log) == len(t.log)
    _same_state(now, t)
    t.undo()
    t.register("Zoe")
    storage.save(other, t)  # an undo marks an earlier entry and adds its own
    _same_state(storage.current(one, "abend"), t)
    assert replays == []  # brought up to date, never replayed whole
    assert len(seen.players) == 6  # what a reader held stays as it was
    one.close()
    other.close()


def test_current_replays_whole_when_the_log_is_not_the_cached_one_grown(
    tmp_path: Path,
) -> None:
    from sqlalchemy import delete, update

    from schock.store.tournament import TournamentEventRow

    db = open_database(str(tmp_path / "t.db"))
    t = small("porz")
    play_round(t)
    storage.save(db, t)
    before = storage.current(db, "abend")
    last = len(t.log)
    with db.session() as s:  # a rewritten log (by hand): one entry fewer
        s.execute(delete(TournamentEventRow).where(TournamentEventRow.seq == last))
    assert len(storage.current(db, "abend").log) == last - 1
    with db.session() as s:  # an entry marked undone without its undo entry: not caught up
        s.execute(update(TournamentEventRow).where(TournamentEventRow.seq == 1)
                  .values(undone=True))
    storage.current(db, "abend")  # replayed whole: what the marks say
    assert storage.current(db, "abend").log[0].undone
    assert before.log[0].undone is False
    db.close()


def test_load_hands_out_a_copy_the_cache_never_sees_changed(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "t.db"))
    storage.save(db, small("porz"))
    mine = storage.load(db, "abend")
    assert mine is not storage.current(db, "abend") and mine.check_records
    shared = storage.current(db, "abend")
    before = (archive.dumps(shared), shared.derived, {n: (p.name, p.withdrawn)
                                                      for n, p in shared.players.items()})
    mine.register("Zoe")  # changed, then not saved (a refused command, a failed request)
    mine.undo()
    mine.rename(2, "Bea")
    mine.checkin(3, present=False)
    play_round(mine)
    assert storage.current(db, "abend") is shared
    assert before == (archive.dumps(shared), shared.derived, {
        n: (p.name, p.withdrawn) for n, p in shared.players.items()})
    assert shared.rounds[0].games == {} and mine.rounds[0].games
    db.close()
