"""Issue 25, item 3: the projector fits 1920x1080 and 1280x720 for 12, 24 and 120 players.
Every page of every slide (tables, standings, drinks, Schock-Aus-König) is shown in turn by
the page's own function (no sleeps) and checked: nothing outside the viewport or outside the
stage, no scrolling, large type; every table and every player appears exactly once. A short
turn interval shows the pages turn by themselves. Screenshots go to docs/ with
SCHOCK_DOC_SHOTS=1."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from schock.store import open_database
from schock.store.tournament_web import ensure_organizer_secret
from schock.tournament import storage
from schock.tournament.domain import Tournament
from schock.tournament.format import Scoring, load_format

pytestmark = pytest.mark.browser

FIRST = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ilse", "Jupp",
         "Karl-Heinz", "Lotte", "Marie-Luise"]
LAST = ["Schmitz", "Müller", "Hövelmann-Brückner", "Weber", "Klein", "Wagner", "Becker"]

DOC_SHOTS = {"tournament-projector-120-tables-1280.png",
             "tournament-projector-120-standings-1920.png",
             "tournament-projector-24-koenig-1280.png"}

FITS = """() => {
  const W = innerWidth, H = innerHeight, d = document.documentElement;
  if (d.scrollHeight > H || d.scrollWidth > W || document.body.scrollHeight > H) return "scrolls";
  const stage = document.getElementById("p-stage").getBoundingClientRect();
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
      return "outside the screen: " + e.outerHTML.slice(0, 80);
    if (e.closest("#p-stage") && e.id !== "p-stage" && (r.left < stage.left - 0.5 ||
        r.right > stage.right + 0.5 || r.top < stage.top - 0.5 || r.bottom > stage.bottom + 0.5))
      return "cut off: " + e.outerHTML.slice(0, 80);
  }
  return "";
}"""

SEEN = """() => {
  const box = document.querySelector(".p-page-box:not([hidden])");
  return {slide: window.projector.slide(),
          rows: [...box.querySelectorAll(".p-row .n")].map(e => e.textContent),
          tables: [...box.querySelectorAll(".p-card")].map(e => Number(e.dataset.table)),
          size: parseFloat(getComputedStyle(box.querySelector(".p-row, .p-card li, .p-big")).fontSize)};
}"""


def _evening(db_path: str, players: int, preset: str, seed: int) -> tuple[str, Tournament]:
    """A tournament with ``players`` players (long names too), round 1 half played: games
    with Schock Aus entered at every table, so every slide has something to show."""
    rng = random.Random(seed)
    t = Tournament.create(name=f"Kreismeisterschaft {players}", fmt=load_format(preset), seed=seed)
    for i in range(players):
        t.register(f"{rng.choice(FIRST)} {rng.choice(LAST)} {i + 1}")
        t.checkin(i + 1)
    rnd = t.draw()
    for number in range(1, len(rnd.tables) + 1):
        for game in range(1, 7):
            playing = t.table_players(1, number)
            if t.next_game(1, number) is None or len(playing) < 2:
                break
            order = rng.sample(playing, len(playing))
            sa = {order[0]: 1} if rng.random() < 0.5 else None
            if t.format.scoring is Scoring.POINTS:
                t.enter(1, number, game, loser=order[-1], out=[[p] for p in order[:-1]],
                        schock_aus=sa)
            else:
                t.enter(1, number, game, loser=order[-1], schock_aus=sa)
    db = open_database(db_path)
    storage.save(db, t)
    ensure_organizer_secret(db, t.id)
    return t.id, t


@pytest.fixture
def server(live_server: Callable[[float], str]) -> str:
    return live_server(0.05)


@pytest.mark.parametrize("players, preset", [(12, "irmgarteich"), (24, "porz"),
                                              (120, "irmgarteich")])
def test_projector_fits_both_screens(server: str, tmp_path: Path, shots: Path, chromium: Any,
                                     players: int, preset: str) -> None:
    tid, t = _evening(str(tmp_path / "live.db"), players, preset, players)
    for width, height in ((1920, 1080), (1280, 720)):
        page = chromium.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(f"{server}/turnier/{tid}/projektor?turn=0")
        page.wait_for_function("() => window.projector && window.projector.count() > 0")
        seen_rows: dict[str, list[str]] = {}
        seen_tables: list[int] = []
        taken: set[str] = set()
        for i in range(page.evaluate("window.projector.count()")):
            page.evaluate(f"window.projector.show({i})")
            assert page.evaluate(FITS) == "", (width, players, i)
            got = page.evaluate(SEEN)
            assert got["size"] >= height * 0.03, got  # large type: 3 % of the screen's height
            seen_rows.setdefault(got["slide"], []).extend(got["rows"])
            seen_tables.extend(got["tables"])
            name = f"tournament-projector-{players}-{got['slide']}-{width}.png"
            if name in DOC_SHOTS and name not in taken:
                taken.add(name)
                page.screenshot(path=str(shots / name))  # the slide's first page
        assert sorted(seen_tables) == list(range(1, len(t.rounds[0].tables) + 1))
        names = sorted(f"{p.number} {p.name}" for p in t.players.values())
        assert sorted(seen_rows["standings"]) == names
        assert len(seen_rows["drinks"]) == len({d.buyer for d in t.derived.drinks}
                                               | {d.receiver for d in t.derived.drinks})
        if preset == "irmgarteich":
            assert seen_rows["koenig"]
        if players == 24 and width == 1920:
            page.evaluate("window.projector.show(0)")
            page.screenshot(path=str(shots / "tournament-projector.png"))
        page.context.close()


def test_projector_pages_turn_by_themselves(server: str, tmp_path: Path, chromium: Any) -> None:
    tid, _t = _evening(str(tmp_path / "live.db"), 24, "irmgarteich", 3)
    page = chromium.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.goto(f"{server}/turnier/{tid}/projektor?turn=1")
    page.wait_for_function("() => window.projector && window.projector.count() > 1")
    first = page.evaluate("window.projector.slide()")
    page.wait_for_function(f"() => window.projector.slide() !== {first!r}", timeout=10_000)
    page.wait_for_function(f"() => window.projector.slide() === {first!r}", timeout=30_000)
    page.context.close()


def test_projector_asks_with_its_etag(server: str, tmp_path: Path, chromium: Any) -> None:
    """The page sends the last state's ETag: 304 while nothing changed, and a change
    made meanwhile (by another program on the database) is shown."""
    db_path = str(tmp_path / "live.db")
    tid, _t = _evening(db_path, 12, "irmgarteich", 1)
    page = chromium.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.goto(f"{server}/turnier/{tid}/projektor?turn=0")
    page.wait_for_function("() => window.projector && window.projector.count() > 0")
    assert page.evaluate("window.projector.poll()") == 304
    db = open_database(db_path)
    t = storage.load(db, tid)
    t.rename(1, "Zora Neu")
    storage.save(db, t)
    db.close()
    page.wait_for_function("() => document.body.textContent.includes('Zora Neu')",
                           timeout=30_000)
    assert page.evaluate("window.projector.poll()") == 304
    page.context.close()
