"""Issue 23 items 6-8 and issue 24 item 6 without a browser: links keep seat and
language, the showdown told as players say it, bots with people's names, the rules
box in words, and state frames that carry only what changed in the log."""

from __future__ import annotations

import random
import re
from typing import Any

from fastapi.testclient import TestClient
from webhelp import game_at, hello, new_table, play_out, read_until_human, session_of

from schock.engine.game import Phase
from schock.results import evaluate


def test_created_page_links_open_in_the_chosen_language_with_their_seat(
        client: TestClient) -> None:
    r = client.post("/tables?lang=en", data={"preset": "porz", "name0": "Anna", "kind0": "human",
                                             "name1": "Ben", "kind1": "human"})
    assert r.status_code == 200
    host = re.search(r'id="host-link"[^>]* href="([^"]+)"', r.text)
    assert host is not None and re.search(r"/t/[\w-]+\?lang=en#host=[\w-]+$", host.group(1))
    invite = re.search(r'id="invite-link"[^>]* href="([^"]+)"', r.text)
    assert invite is not None and "?lang=en#" in invite.group(1)
    seats = re.findall(r'class="seat-link" href="([^"]+)"', r.text)
    assert len(seats) == 2 and all(re.search(r"\?lang=en#seat=[\w-]+$", s) for s in seats)
    german = client.post("/tables", data={"preset": "porz", "name0": "Anna", "kind0": "human",
                                          "name1": "Ben", "kind1": "human"}).text
    links = re.findall(r'class="seat-link" href="([^"]+)"', german)
    assert len(links) == 2 and all("lang=" not in s and "#seat=" in s for s in links)
    tid = re.search(r"/t/([\w-]+)#", german)
    assert tid is not None
    # the account page leads back to the table in its language
    assert f'href="/t/{tid.group(1)}?lang=en"' in client.get(f"/t/{tid.group(1)}/replay?lang=en").text


def test_bots_get_peoples_names_on_the_form_and_from_the_host(client: TestClient) -> None:
    page = client.get("/").text
    assert 'name="name2" maxlength="24" autocomplete="off" value="Uschi"' in page
    info = new_table(client)
    with client.websocket_connect(f"/ws/tables/{info['table']}") as h:
        hello(h, host=info["host_token"])
        h.receive_json()
        h.send_json({"type": "host", "command": "add_bot", "bot": "good"})
        m = h.receive_json()
        seat = m["table"]["seats"][3]
        assert (seat["name"], seat["bot"]) == ("Uschi", "good")


def test_rules_box_shows_only_what_applies_in_words(client: TestClient) -> None:
    info = new_table(client, preset="porz")
    with client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        rows = dict(hello(ws, token=info["tokens"][0], lang="en")["rules"]["rows"])
    assert "identifier of the rule set" not in rows and "Deckel a Jule gives" not in rows
    assert "who starts the final" not in " ".join(rows).lower()  # porz has one half
    ladder = rows["ranking of the results, best first"]
    assert ladder.startswith("Schock Aus > Schock 6") and ladder.endswith("einfacher Wurf")


def replayed_log(frames: list[dict[str, Any]]) -> list[str]:
    """What a client holds after applying the log changes of ``frames``."""
    held: list[str] = []
    for m in frames:
        if m["type"] == "state":
            assert m["log"]["from"] <= len(held)
            held = held[: m["log"]["from"]] + m["log"]["lines"]
    return held


def test_frames_carry_only_new_log_lines_and_a_fresh_client_gets_all(client: TestClient) -> None:
    info = new_table(client, preset="mosel")
    sinks: dict[int | None, list[dict[str, Any]]] = {}
    play_out(client, info, random.Random(3), sinks)
    session = session_of(client, info["table"])
    whole = session.log("de")
    assert len(whole) > 30
    for frames in sinks.values():
        states = [m for m in frames if m["type"] == "state"]
        assert replayed_log(states) == whole
        # after the first frame, no frame carries the whole log again
        late = states[len(states) // 2:]
        assert max(len(m["log"]["lines"]) for m in late) < len(whole) // 2
    # reconnect: a fresh client gets the whole log once, in its language
    with client.websocket_connect(f"/ws/tables/{info['table']}") as ws:
        hello(ws, token=info["tokens"][0], lang="en")
        m = ws.receive_json()
        assert m["log"]["from"] == 0 and m["log"]["lines"] == session.log("en")
        ws.send_json({"type": "lang", "lang": "de"})  # a language switch: the whole log again
        assert ws.receive_json()["type"] == "welcome"
        m = ws.receive_json()
        assert m["log"] == {"from": 0, "lines": whole}


def test_showdown_ranked_best_first_with_named_results(client: TestClient) -> None:
    info = new_table(client, preset="porz")
    sinks: dict[int | None, list[dict[str, Any]]] = {}
    play_out(client, info, random.Random(5), sinks)
    session = session_of(client, info["table"])
    seen = 0
    for m in sinks[None]:
        if m["type"] != "state" or m["story"]["showdown"] is None:
            continue
        sd = m["story"]["showdown"]
        game = game_at(session, m["n"])
        last = game.last_showdown
        assert last is not None
        assert [r["seat"] for r in sd["rows"]] == list(last.ranking)
        assert [r["place"] for r in sd["rows"]] == list(range(1, len(sd["rows"]) + 1))
        results = dict(last.results)
        for row in sd["rows"]:
            o = results[row["seat"]]
            assert row["label"] == evaluate(game.rules, o).label()
            assert "/" not in row["label"] and row["dice"] == sorted(row["dice"])
            assert sorted(row["dice"]) == sorted(o.dice)
        seen += 1
        if sd["deckel"] is None:  # a tie for the Deckel: shown before its roll-off decides
            assert game.phase is Phase.ROLL_OFF and sd["loser"] is None
            continue
        d = game.last_deckel
        assert d is not None and sd["loser"] == d.loser
        name = game.seats[d.loser].name
        assert sd["deckel"].startswith(name) or f": {name} bekommt" in sd["deckel"] \
            or f"gibt {name}" in sd["deckel"]
    # the table's dice and its bot are drawn afresh each run: a Schock Aus may end the
    # game at its first showdown
    assert seen >= 1


def test_roll_off_dice_are_shown_while_the_round_has_not_begun(client: TestClient) -> None:
    # people only: no bot can take the first turn (and end the roll-off's moment) before
    # the first state in which a person must act reaches the socket
    people = [{"name": "Anna"}, {"name": "Ben"}, {"name": "Cem"}]
    info = new_table(client, people, preset="mosel")  # one die each, the lowest begins
    url = f"/ws/tables/{info['table']}"
    with client.websocket_connect(url) as h, client.websocket_connect(url) as a:
        hello(h, host=info["host_token"])
        hello(a, token=info["tokens"][0])
        h.send_json({"type": "host", "command": "start"})
        m = read_until_human(a)
        ro = m["story"]["roll_off"]
        assert ro is not None and "Auswürfeln, wer beginnt" in ro["text"]
        dice = [x["die"] for rolls in ro["rolls"] for x in rolls]
        assert dice and all(1 <= d <= 6 for d in dice)
        starter = m["view"]["round"]["starter"]
        assert ro["result"] == f"{m['view']['names'][starter]} beginnt"


def test_the_created_page_switches_language_keeping_every_link(client: TestClient) -> None:
    form = {"preset": "porz", "name0": "Anna", "kind0": "human", "name1": "Ben", "kind1": "human",
            "name2": "Uschi", "kind2": "heuristic"}
    german = client.post("/tables", data=form).text
    table = re.search(r'data-table="([\w-]+)"', german)
    assert table is not None
    sent = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([\w-]+)">', german))
    assert sorted(sent) == ["host", "seat0", "seat1"]  # the bot's seat has no link
    english = client.post(f"/t/{table.group(1)}/created?lang=en", data=sent)
    assert english.status_code == 200 and "Table created" in english.text
    seats = re.findall(r'class="seat-link" href="([^"]+)"', english.text)
    assert [s.rsplit("#seat=", 1)[1] for s in seats] == [sent["seat0"], sent["seat1"]]
    assert all("?lang=en#" in s for s in seats)
    # a seat token that is not that seat's is left out; without the host's token: refused
    swapped = {**sent, "seat0": sent["seat1"]}
    again = client.post(f"/t/{table.group(1)}/created", data=swapped).text
    assert len(re.findall(r'class="seat-link"', again)) == 1
    for bad in ({**sent, "host": sent["seat0"]}, {"seat0": sent["seat0"]}):
        r = client.post(f"/t/{table.group(1)}/created?lang=en", data=bad)
        assert r.status_code == 403 and "only the host" in r.text and sent["seat0"] not in r.text
    # /tables itself (where the form posted) leads to the start page in its language
    r = client.get("/tables?lang=en", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("/?lang=en")
