"""``schock keep``: keep score of a game at a real table, entry by entry.

The scorekeeper types each player's result as it is revealed (or the turn
throw by throw); the engine checks it (:mod:`schock.keep`). A refused entry
is shown with its rule and asked for again; after every entry the table's
state is printed. ``--save FILE`` writes the kept game after every entry,
``--resume FILE`` goes on with it, ``--record FILE`` writes the finished
game's record (the proof; ``schock replay FILE`` tells it).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from schock.cli.common import BadInputError, SafePath, complete_rules, lang_option
from schock.engine import events as ev
from schock.engine.actions import EinkaufenAction, ThrowAction
from schock.engine.record import dumps as dumps_record
from schock.errors import IllegalActionError, InvalidInputError, SchockError
from schock.keep import (
    STEP_VERBS,
    Result,
    Scorekeeper,
    entry_words,
    loads_keep,
    parse_result,
    parse_step,
    refusal,
)
from schock.messages import Msg
from schock.narrate import Chronicle, event_line
from schock.rules import load_rules

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "result": "{name}: Ergebnis (z. B. 1-1-4 2 raus 1-1; ? für Hilfe)",
        "throw": "{name}: wie geht der Zug weiter (z. B. wurf 4, raus 1, steht)",
        "roll_off": "{name}: Auswürfeln, welche Augenzahl (1-6)",
        "einkaufen": "{name}: einkaufen (ja/nein)",
        "refused": "Abgelehnt: {reason}",
        "undone": "Zurückgenommen: {entry}",
        "saved": "Gespeichert: {path}",
        "record": "Spielbericht geschrieben: {path} (schock replay {path})",
        "stock": "{half}, Runde {round}: Stock {stock}, beginnt: {starter}",
        "stock_only": "{half}: Stock {stock}",
        "limit": "Wurfzahl der Runde: {limit}",
        "player": "  {name}: {deckel} Deckel{out}",
        "out": " (raus)",
        "lost": "{name} hat das Spiel verloren{gd}.",
        "gd": " (Durchmarsch)",
        "showdown": "Aufgedeckt: {results}",
        "eof": "Ende der Eingabe.",
        "interrupted": "Abgebrochen.",
        "autosave": "Das Spiel wird nach jeder Eingabe gespeichert: {path} (anderer Name: --save DATEI)",
        "yes": "ja",
        "help": (
            "Ergebnis: WÜRFEL WÜRFE [raus WÜRFEL] [gedreht N] [blind] [als ART]\n"
            "  1-1-4 1            auf die Hand, ein Wurf\n"
            "  1-1-4 2 raus 1-1   zusammengesetzt: 1-1 lagen vor dem letzten Wurf draußen\n"
            "  1-1-4 3 raus 1-1 gedreht 1   eine der 1en aus zwei gedrehten 6en\n"
            "Wurf für Wurf: wurf 1-1-4, heben, raus 1-1, zurück 1, drehen 1, steht, blind\n"
            "Sonst: straf NAME [N] (Strafdeckel), kippe (letzter Wurf ungültig), "
            "undo, speichern, ende"
        ),
    },
    "en": {
        "result": "{name}: result (e.g. 1-1-4 2 kept 1-1; ? for help)",
        "throw": "{name}: how does the turn go on (e.g. throw 4, aside 1, stop)",
        "roll_off": "{name}: roll-off, which face (1-6)",
        "einkaufen": "{name}: Einkaufen (yes/no)",
        "refused": "Refused: {reason}",
        "undone": "Undone: {entry}",
        "saved": "Saved: {path}",
        "record": "Game record written: {path} (schock replay {path})",
        "stock": "{half}, round {round}: Stock {stock}, {starter} starts",
        "stock_only": "{half}: Stock {stock}",
        "limit": "The round's throw limit: {limit}",
        "player": "  {name}: {deckel} Deckel{out}",
        "out": " (out)",
        "lost": "{name} lost the game{gd}.",
        "gd": " (Durchmarsch)",
        "showdown": "Revealed: {results}",
        "eof": "End of input.",
        "interrupted": "Interrupted.",
        "autosave": "The game is saved after every entry: {path} (another name: --save FILE)",
        "yes": "yes",
        "help": (
            "Result: DICE THROWS [kept DICE] [turned N] [blind] [as KIND]\n"
            "  1-1-4 1            auf die Hand, one throw\n"
            "  1-1-4 2 kept 1-1   composed: 1-1 were on the table before the last throw\n"
            "  1-1-4 3 kept 1-1 turned 1   one of the 1s from two turned 6s\n"
            "Throw by throw: throw 1-1-4, lift, aside 1-1, back 1, turn 1, stop, blind\n"
            "Else: straf NAME [N] (Strafdeckel), void (last throw a Türmchen/Kippe), "
            "undo, save, quit"
        ),
    },
}

def half_name(kind: str, number: int, lang: str) -> str:
    """A half as players say it: ``1. Hälfte``, ``2. Hälfte``, ``das Finale`` (``Hälfte 1``,
    ``the Finale`` in English; game words stay German).

    >>> half_name("first", 1, "de"), half_name("final", 3, "de"), half_name("second", 2, "en")
    ('1. Hälfte', 'das Finale', 'Hälfte 2')
    """
    if kind == "final":
        return "the Finale" if lang == "en" else "das Finale"
    return f"Hälfte {number}" if lang == "en" else f"{number}. Hälfte"



def say(lang: str, key: str, **params: Any) -> str:
    return TEXTS[lang][key].format(**params)


@dataclass
class Told:
    """What the keeper has been shown already, so that each entry prints only what is new."""

    showdowns: int = -1
    roll_off: str | None = None
    status: tuple[object, ...] | None = None
    limit: int | None = None
    standing: tuple[object, ...] | None = None


def _roll_off_line(k: Scorekeeper, story: dict[str, Any]) -> str | None:
    ro = story["roll_off"]
    if ro is None:
        return None
    names = k.names
    rounds = [", ".join(f"{names[x['seat']]} {x['die']}" for x in rolls if not x["void"])
              for rolls in ro["rolls"]]
    line: str = ro["text"] + (": " + "; ".join(r for r in rounds if r) if any(rounds) else "")
    return line + (" → " + ro["result"] if ro["result"] else "")


def state_text(k: Scorekeeper, lang: str, told: Told | None = None) -> str:
    """What is new after an entry, several lines: a new showdown with where its Deckel
    came from, a roll-off and who starts, the round's status and the Deckel when they
    changed. ``told`` (updated) remembers what was shown; without it everything is told."""
    told = told or Told()
    st = k.state()
    names = st["names"]
    story = Chronicle(k.game).story(lang)  # the wording the table and replay use
    lines = []
    showdowns = sum(isinstance(e, ev.Showdown) for e in k.game.log)
    show = st["last_showdown"]
    if show and showdowns != told.showdowns and story["showdown"] is not None:
        parts = [
            f"{names[r['seat']]} {'-'.join(map(str, r['dice']))}/{r['throws']}"
            f" ({r['kind_de']})"  # game words stay German in both languages
            for r in show
        ]
        lines.append(say(lang, "showdown", results=", ".join(parts)))
        if story["showdown"]["deckel"] is not None:
            lines.append(story["showdown"]["deckel"])
        lines.extend(story["showdown"]["then"])
    told.showdowns = showdowns
    roll_off = _roll_off_line(k, story)
    if roll_off is not None and roll_off != told.roll_off:
        lines.append(roll_off)
    told.roll_off = roll_off
    if st["over"]:
        gd = say(lang, "gd") if st["durchmarsch"] else ""
        lines.append(say(lang, "lost", name=names[st["loser"]], gd=gd))
        return "\n".join(lines)
    half = half_name(st["half_kind"], st["half"], lang)
    status = (half, st["round"], st["stock"], st["starter"])
    if status != told.status:
        if st["round"] and st["starter"] is not None:  # no "Runde 0" while rolling off
            lines.append(say(lang, "stock", half=half, round=st["round"], stock=st["stock"],
                             starter=names[st["starter"]]))
        else:
            lines.append(say(lang, "stock_only", half=half, stock=st["stock"]))
    if st["limit"] is not None and (status != told.status or st["limit"] != told.limit):
        lines.append(say(lang, "limit", limit=st["limit"]))
    told.status, told.limit = status, st["limit"]
    standing = (tuple(st["deckel"]), tuple(st["out"]), tuple(st["players"]))
    if standing != told.standing:
        for s in st["players"]:
            out = say(lang, "out") if s in st["out"] else ""
            lines.append(say(lang, "player", name=names[s], deckel=st["deckel"][s], out=out))
    told.standing = standing
    return "\n".join(lines)


def _seat_of(k: Scorekeeper, name: str) -> int:
    folded = [n.casefold() for n in k.names]
    if name.casefold() in folded:
        return folded.index(name.casefold())
    if name.isdigit() and int(name) < len(k.names):
        return int(name)
    raise InvalidInputError(Msg("keepcli.no_seat", {"name": name[:40], "seats": ", ".join(k.names)}))


def apply_line(k: Scorekeeper, line: str, lang: str) -> str | None:
    """Apply one typed line for the seat the keeper waits for; return a message to show
    (None: entered). Raises SchockError for a refused or malformed entry."""
    words = entry_words(line)  # German words as record words, shared with /keep ("raus 1-1" sets aside)
    exp = k.expecting()
    seat = exp.seat
    before = len(k.game.log)
    if not words:
        raise InvalidInputError(Msg("keepcli.empty"))
    head = words[0]
    if head in ("?", "hilfe", "help"):
        return say(lang, "help")
    if head == "undo":
        seat_done, entry = k.undo()
        return say(lang, "undone", entry=f"{k.names[seat_done]}: {_entry_text(entry)}")
    if head in ("straf", "strafdeckel"):
        if len(words) not in (2, 3):
            raise InvalidInputError(Msg("keepcli.straf"))
        items = int(words[2]) if len(words) == 3 and words[2].isdigit() else 1
        if len(words) == 3 and not words[2].isdigit():
            raise InvalidInputError(Msg("keepcli.straf_number", {"text": words[2][:20]}))
        k.strafdeckel(_seat_of(k, line.split()[1]), items)
        return _confirm(k, before, lang)
    if head in ("void", "kippe", "türmchen", "ungültig"):
        last = k.game.log[-1]
        who = getattr(last, "seat", seat)
        k.void(who if isinstance(who, int) else 0)
        return _confirm(k, before, lang)
    if seat is None:
        raise IllegalActionError("the game is over: nothing more to enter", rule="scorekeeping")
    if exp.kind == "roll_off":
        if len(words) != 1 or words[0] not in ("1", "2", "3", "4", "5", "6"):
            raise InvalidInputError(Msg("keepcli.roll_off", {"text": line[:20]}))
        k.act(seat, ThrowAction((int(words[0]),)))
        return None
    if exp.kind == "einkaufen":
        if head not in ("ja", "nein", "yes", "no", "j", "n", "y"):
            raise InvalidInputError(Msg("keepcli.einkaufen", {"text": line[:20]}))
        k.act(seat, EinkaufenAction(head in ("ja", "yes", "j", "y")))
        return _confirm(k, before, lang)
    if head in STEP_VERBS:
        k.act(seat, parse_step(line))
        return _confirm(k, before, lang)
    k.enter(seat, parse_result(words))
    return None


def _confirm(k: Scorekeeper, before: int, lang: str) -> str | None:
    """The confirmation of a step, a void throw, a Strafdeckel or Einkaufen: what the
    game made of it, in the account's words."""
    told = [t for e in k.game.log[before:] if (t := event_line(k.game, e, lang)) is not None]
    return "\n".join(told) or None


def _entry_text(entry: object) -> str:
    if isinstance(entry, Result):
        return entry.to_text()
    from schock.engine.actions import Action, format_action

    assert isinstance(entry, Action)
    return format_action(0, entry).split(" ", 1)[1]


def default_save_path(rules_id: str, now: datetime | None = None) -> Path:
    """A dated file in the current folder that does not exist yet
    (``schock-keep-porz-20261125-2015.json``, then ``...-2.json`` and so on)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M")
    path = Path(f"schock-keep-{rules_id}-{stamp}.json")
    n = 2
    while path.exists():
        path = Path(f"schock-keep-{rules_id}-{stamp}-{n}.json")
        n += 1
    return path


def _save(k: Scorekeeper, path: Path | None) -> None:
    if path is None:
        return
    try:
        path.write_text(k.dumps(), encoding="utf-8")
    except OSError as exc:
        raise BadInputError(
            Msg("keepcli.write", {"option": "--save", "path": path, "reason": exc.strerror})
        ) from None


@click.command("keep")
@click.option(
    "--rules",
    "rules_name",
    metavar="NAME|FILE",
    default="porz",
    show_default=True,
    shell_complete=complete_rules,
    help="A preset (id or alias) or a house rules TOML file.",
)
@click.option("--seat", "seats", multiple=True, metavar="NAME", help="A player (repeat it).")
@click.option("--starter", metavar="NAME", help="Who starts (else the rules' opening).")
@click.option(
    "--resume",
    "resume_file",
    type=SafePath(path_type=Path, dir_okay=False, exists=True),
    metavar="FILE",
    help="Go on with a kept game (or a game record with table dice).",
)
@click.option(
    "--save",
    "save_file",
    type=SafePath(path_type=Path, dir_okay=False),
    metavar="FILE",
    help="Write the kept game here after every entry (default: the --resume file, "
    "else a new dated file schock-keep-RULES-DATE-TIME.json in this folder).",
)
@click.option(
    "--record",
    "record_file",
    type=SafePath(path_type=Path, dir_okay=False),
    metavar="FILE",
    help="Write the finished game's record here (the proof).",
)
@lang_option("Language of the prompts.")
def keep(
    rules_name: str,
    seats: tuple[str, ...],
    starter: str | None,
    resume_file: Path | None,
    save_file: Path | None,
    record_file: Path | None,
    lang: str,
) -> None:
    """Keep score of a game played with real cups and dice: the engine checks each entry.

    \b
    Examples:
      schock keep --seat Anna --seat Ben --seat Cem
      schock keep --rules mosel --seat Anna --seat Ben --save abend.json
      schock keep --resume abend.json --record spiel.json --lang en
    """
    if resume_file is not None:
        if seats or starter:
            raise BadInputError(Msg("keepcli.resume_seats"))
        try:
            text = resume_file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BadInputError(
                Msg("keepcli.read", {"option": "--resume", "path": resume_file, "reason": exc})
            ) from None
        try:
            k = loads_keep(text)
        except InvalidInputError as exc:
            raise BadInputError(
                Msg("input.where", {"where": f"--resume {resume_file}", "reason": exc})
            ) from None
        save_file = save_file or resume_file
    else:
        if len(seats) < 2:
            raise BadInputError(Msg("keepcli.seats"))
        try:
            rules = load_rules(rules_name)
        except InvalidInputError as exc:
            raise BadInputError(Msg("input.where", {"where": "--rules", "reason": exc})) from None
        start = None
        if starter is not None:
            folded = [s.strip().casefold() for s in seats]
            if starter.strip().casefold() not in folded:
                raise BadInputError(
                    Msg("keepcli.starter", {"name": starter[:40], "seats": ", ".join(seats)})
                )
            start = folded.index(starter.strip().casefold())
        try:
            k = Scorekeeper(rules, list(seats), starter=start)
        except InvalidInputError as exc:
            raise BadInputError(Msg("input.where", {"where": "--seat", "reason": exc})) from None
    told = Told()
    click.echo(state_text(k, lang, told))
    if save_file is None:  # never lose a game: a dated file, written from the first entry on
        save_file = default_save_path(k.rules.id)
        click.echo(say(lang, "autosave", path=save_file))
    interrupted = False
    while not k.over:
        exp = k.expecting()
        assert exp.seat is not None
        try:
            line = click.prompt(say(lang, exp.kind, name=k.names[exp.seat]), prompt_suffix=": ")
        except click.exceptions.Abort as exc:
            # click turns both Ctrl-C and the end of the input into Abort
            interrupted = isinstance(exc.__context__, KeyboardInterrupt)
            click.echo(say(lang, "interrupted" if interrupted else "eof"))
            break
        if line.strip().lower() in ("ende", "quit", "q"):
            break
        if line.strip().lower() in ("speichern", "save"):
            _save(k, save_file)
            click.echo(say(lang, "saved", path=save_file))
            continue
        try:
            note = apply_line(k, line, lang)
        except SchockError as exc:
            click.echo(say(lang, "refused", reason=refusal(exc, lang)))
            continue
        if note is not None:
            click.echo(note)
        if line.strip().lower() == "undo":  # the round before is not told again
            told.showdowns = sum(isinstance(e, ev.Showdown) for e in k.game.log)
        _save(k, save_file)
        news = state_text(k, lang, told)
        if news:
            click.echo(news)
    if k.entries or save_file.exists():
        _save(k, save_file)
        click.echo(say(lang, "saved", path=save_file))
    if record_file is not None and k.over:
        try:
            record_file.write_text(dumps_record(k.game), encoding="utf-8")
        except OSError as exc:
            raise BadInputError(Msg("keepcli.write", {
                "option": "--record", "path": record_file, "reason": exc.strerror})) from None
        click.echo(say(lang, "record", path=record_file))
    if interrupted:
        sys.exit(130)
