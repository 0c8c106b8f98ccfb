"""Issue 25: a whole evening per format through the web forms, ties included, against the
command line's standings. Random results (players going out together where the format
counts the order, Schock Aus by players of the game) are sent game after game from the
tables' phones without waiting, confirmed in bulk, and the standings the web pages built
are compared line by line with ``schock turnier tabelle`` of the same results entered
with ``eintragen --raus 2+3`` on the command line; the points are also added up here by
hand from the format's place points (ties share the higher place's points)."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from test_tournament_chips_pages import _links
from test_tournament_pages import _create, _do

from schock.cli import main
from schock.cli.turnier import standings_rows
from schock.store import open_database
from schock.tournament import storage
from schock.tournament.domain import format_out
from schock.tournament.format import Scoring
from schock.tournament.standings import standings

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gabi"]


def _cli(db: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["turnier", *args, "--db", str(db)])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    "preset", [pytest.param("irmgarteich", marks=pytest.mark.slow), "porz", "mosel"])
def test_an_evening_through_the_forms_matches_the_command_line(
        client: TestClient, tmp_path: Path, preset: str) -> None:
    rng = random.Random(preset)
    tid, key = _create(client, preset)
    cli = tmp_path / "cli.db"
    _cli(cli, "neu", "Pokal", "--format", preset, "--id", "p")
    for name in NAMES:
        assert _do(client, tid, key, action="register", name=name).status_code == 303
        _cli(cli, "player", "add", name, "--present")
    assert _do(client, tid, key, action="all_present").status_code == 303
    db = client.app.state.tables.repo.db  # type: ignore[attr-defined]
    hand: dict[int, Fraction] = dict.fromkeys(range(1, len(NAMES) + 1), Fraction(0))
    ties = 0
    while True:
        web = storage.load(db, tid)
        if web.finished:
            break
        web.draw()  # the draw the organizer previews, committed by hand below
        tables = "|".join(",".join(map(str, tb)) for tb in web.rounds[-1].tables)
        assert _do(client, tid, key, action="draw", tables=tables).status_code == 303
        _cli(cli, "auslosen", *[x for tb in tables.split("|") for x in ("--tisch", tb)])
        rnd = len(web.rounds)
        for number, link in enumerate(_links(client, tid, key), start=1):
            path, k = link.split("?k=")
            while True:
                page = client.get(link).text
                found = re.search(r'name="game" value="(\d+)"', page)
                if found is None:
                    break
                game = int(found[1])
                playing = [int(x) for x in re.findall(r'name="loser" value="(\d+)"', page)]
                rng.shuffle(playing)
                loser = playing[-1]
                form: dict[str, Any] = {"k": k, "game": game, "loser": loser}
                args = ["eintragen", str(rnd), str(number), str(game), "--verlierer", str(loser)]
                if web.format.scoring is Scoring.POINTS:
                    groups: list[list[int]] = []
                    for p in playing[:-1]:
                        if groups and rng.random() < 0.35:
                            groups[-1].append(p)  # went out together
                            ties += 1
                        else:
                            groups.append([p])
                    form["out"] = format_out(groups)
                    args += [x for g in groups for x in ("--raus", "+".join(map(str, g)))]
                    places = web.format.place_points(len(playing))
                    k_ = 0
                    for g in [*groups, [loser]]:
                        for p in g:
                            hand[p] += places[k_]
                        k_ += len(g)
                if rng.random() < 0.2:
                    thrower = rng.choice(playing)
                    form["schock_aus"] = f"{thrower}:1"
                    args += ["--schock-aus", str(thrower)]
                r = client.post(path, data=form)
                assert r.status_code == 200, r.text
                _cli(cli, *args)
        r = _do(client, tid, key, action="confirm_all")
        assert re.search(r"\d+ Meldung\(en\) bestätigt; 0 warten noch", r.text), r.text
    web = storage.load(db, tid)
    there = storage.load(open_database(str(cli)), "p")
    assert standings_rows(web) == standings_rows(there)
    assert web.derived.drinks == there.derived.drinks
    if web.format.scoring is Scoring.POINTS:
        assert ties > 20
        assert {s.number: s.points for s in standings(web)} == hand
