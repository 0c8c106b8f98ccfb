"""The engine's messages in German and English, and the German labels of rule references.

Every :class:`~schock.errors.IllegalActionError` the engine raises carries a
:class:`Msg`: a key of :data:`CATALOG` and its parameters. The English
template gives the exception's text (``str(exc)``); the German one is for the
German game. Game words stay German in both languages (Wurf, Becher, Deckel,
Stock, Sechsen drehen, Einkaufen, Strafdeckel, Hälfte).

A parameter may itself be a :class:`Msg` (rendered in the same language);
a list of dice reads ``[5, 6]`` in English and ``5 und 6`` in German.

>>> m = Msg("set_aside.ones_sixes", {"rules": "porz", "bad": [5, 6]})
>>> m.text("en")
'may set aside only 1s under porz, not [5, 6] (sixes only by turning them)'
>>> m.text("de")
'Bei porz dürfen nur Einsen herausgelegt werden, nicht 5 und 6 (Sechsen nur durch Sechsen drehen)'
>>> Msg("need_turn.phase", {"what": action_msg("turn sixes"),
...                         "waiting": waiting_for("einkaufen", 1, ["Anna", "Ben"])}).text("de")
'Sechsen drehen geht jetzt nicht: Das Spiel wartet auf Ben (Platz 1): einkaufen oder nicht?'
>>> rule_label("docs/rules.md, A turn 3: Sechsen drehen", "de")
'Regeln: Ein Zug, 3. Sechsen drehen'
>>> rule_label("docs/rules.md, A turn 3: Sechsen drehen", "en")
'docs/rules.md, A turn 3: Sechsen drehen'
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

LANGS = ("de", "en")
#: The names of the seat told in the second person (the terminal game's default player).
YOU = ("Du", "You")

#: Message templates by language and key. Keys starting ``do.`` and ``waiting.``
#: are parts of other messages (the action tried, what the game waits for).
CATALOG: dict[str, dict[str, str]] = {
    "en": {
        # parts: the action tried (the engine's own English phrases) ...
        "do.throw": "throw",
        "do.throw_again": "throw again",
        "do.lift": "lift the cup",
        "do.set_aside": "set dice aside",
        "do.take_back": "take dice back",
        "do.turn_sixes": "turn sixes",
        "do.stop": "stop",
        "do.blind": "declare blind",
        # ... and what the game waits for
        "waiting.roll_off": "a roll-off throw of {name} (seat {seat})",
        "waiting.einkaufen": "{name} (seat {seat}) to decide on Einkaufen",
        "waiting.loading": "the first throw of {name} (seat {seat})",
        "waiting.turn": "{name} (seat {seat})",
        "waiting.game_over": "nothing: the game is over",
        # ... the same for the seat called "You" (the terminal game's default player)
        "waiting.roll_off@you": "your roll-off throw (seat {seat})",
        "waiting.einkaufen@you": "you (seat {seat}) to decide on Einkaufen",
        "waiting.loading@you": "your first throw (seat {seat})",
        "waiting.turn@you": "you (seat {seat})",
        "need_turn.seat@you": "cannot {what}: it is your turn (seat {actor}), not seat {seat}",
        # whose move it is
        "need_turn.phase": "cannot {what} now: the game waits for {waiting}",
        "need_turn.seat": "cannot {what}: it is {name}'s turn (seat {actor}), not seat {seat}",
        "waits.throw": "cannot throw: the game waits for {waiting}",
        "waits": "the game waits for {waiting}",
        # the throws of a turn
        "looked.no_throw": "cannot {what} before the first throw",
        "looked.not_lifted": "cannot {what}: the cup has not been lifted yet (lift first)",
        "throw_left.first": "cannot {what}: no throw left ({used} of at most {cap} used)",
        "throw_left.limit": (
            "cannot {what}: no throw left ({used} of the round's limit of {cap} used)"
        ),
        "throw.all_aside": (
            "cannot throw again with every die set aside: at least one die goes back into the cup"
        ),
        "lift.only_first": "only the round's first player lifts his cup, on his first throw, once",
        # setting aside and taking back
        "set_aside.ones": "may set aside only 1s under {rules}, not {bad}",
        "set_aside.ones_sixes": (
            "may set aside only 1s under {rules}, not {bad} (sixes only by turning them)"
        ),
        "set_aside.missing": "cannot set aside {dice}: the last throw left {avail} in the cup",
        "set_aside.missing_locked": (
            "cannot set aside {dice}: the last throw left {avail} in the cup"
            " (after turning sixes the leftover 6 goes back into the cup)"
        ),
        "take_back.missing": "cannot take back {dice}: on the table are {on_table}",
        "take_back.off": (
            "cannot take back {dice} under {rules}: dice set aside after an earlier throw "
            "stay on the table (free to take back: {free})"
        ),
        # Sechsen drehen
        "sixes.off": "{rules} does not turn sixes",
        "sixes.last_throw": "cannot turn sixes on the last throw: turning needs a throw left",
        "sixes.again": "sixes were already turned in this throw",
        "sixes.too_few": (
            "turning into {ones} one(s) needs {need} sixes in the same throw; "
            "the last throw has {have}"
        ),
        # stop, blind
        "stop.no_throw": "cannot stop before the first throw",
        "stop.must_throw": "after turning sixes the player must throw again",
        "blind.off": "{rules} has no blind round",
        "blind.only_first": (
            "only the round's first player declares blind, before lifting his first throw"
        ),
        # Einkaufen, Strafdeckel, void throws
        "einkaufen.phase": (
            "Einkaufen is decided before a round once the Stock is empty; "
            "the game waits for {waiting}"
        ),
        "straf.off": "{rules} gives no Strafdeckel",
        "straf.phase": "a Strafdeckel is given during a round of a half",
        "straf.seat": "seat {seat} does not take part in this round",
        "void.not_last": "only the throw just made can be void, before anything else happens",
        "void.seat": "the last throw was seat {who}'s, not seat {seat}'s",
    },
    "de": {
        "do.throw": "Werfen",
        "do.throw_again": "Noch einmal werfen",
        "do.lift": "Den Becher heben",
        "do.set_aside": "Würfel herauslegen",
        "do.take_back": "Würfel zurücknehmen",
        "do.turn_sixes": "Sechsen drehen",
        "do.stop": "Stehen lassen",
        "do.blind": "Blind ansagen",
        # after "Das Spiel wartet ..."
        "waiting.roll_off": "auf den Wurf von {name} (Platz {seat}) beim Auswürfeln",
        "waiting.einkaufen": "auf {name} (Platz {seat}): einkaufen oder nicht?",
        "waiting.loading": "auf den ersten Wurf von {name} (Platz {seat})",
        "waiting.turn": "auf {name} (Platz {seat})",
        "waiting.game_over": "auf nichts mehr, es ist vorbei",
        # ... dasselbe für den Platz "Du" (der Spieler des Terminal-Spiels)
        "waiting.roll_off@you": "auf deinen Wurf beim Auswürfeln (Platz {seat})",
        "waiting.einkaufen@you": "auf dich (Platz {seat}): einkaufen oder nicht?",
        "waiting.loading@you": "auf deinen ersten Wurf (Platz {seat})",
        "waiting.turn@you": "auf dich (Platz {seat})",
        "need_turn.seat@you": "{what} geht nicht: Du bist am Zug (Platz {actor}), nicht Platz {seat}",
        "need_turn.phase": "{what} geht jetzt nicht: Das Spiel wartet {waiting}",
        "need_turn.seat": "{what} geht nicht: {name} ist am Zug (Platz {actor}), nicht Platz {seat}",
        "waits.throw": "Werfen geht nicht: Das Spiel wartet {waiting}",
        "waits": "Das Spiel wartet {waiting}",
        "looked.no_throw": "{what} geht erst nach dem ersten Wurf",
        "looked.not_lifted": "{what} geht nicht: Der Becher ist noch nicht gehoben (erst heben)",
        "throw_left.first": (
            "{what} geht nicht: kein Wurf mehr übrig ({used} von höchstens {cap} geworfen)"
        ),
        "throw_left.limit": (
            "{what} geht nicht: kein Wurf mehr übrig ({used} von {cap} geworfen, "
            "mehr lässt die Runde nicht zu)"
        ),
        "throw.all_aside": (
            "Noch einmal werfen geht nicht, wenn alle Würfel herausgelegt sind: "
            "Mindestens ein Würfel muss zurück in den Becher"
        ),
        "lift.only_first": (
            "Den Becher heben darf nur der Beginner der Runde, nach seinem ersten Wurf "
            "und nur einmal"
        ),
        "set_aside.ones": "Bei {rules} dürfen nur Einsen herausgelegt werden, nicht {bad}",
        "set_aside.ones_sixes": (
            "Bei {rules} dürfen nur Einsen herausgelegt werden, nicht {bad} "
            "(Sechsen nur durch Sechsen drehen)"
        ),
        "set_aside.missing": (
            "{dice} herauslegen geht nicht: Das gibt der letzte Wurf nicht her (noch frei: {avail})"
        ),
        "set_aside.missing_locked": (
            "{dice} herauslegen geht nicht: Das gibt der letzte Wurf nicht her (noch frei: "
            "{avail}; nach dem Sechsen drehen muss die übrige 6 zurück in den Becher)"
        ),
        "take_back.missing": (
            "{dice} zurücknehmen geht nicht: Das liegt nicht auf dem Tisch "
            "(herausgelegt: {on_table})"
        ),
        "take_back.off": (
            "{dice} zurücknehmen geht nicht: Bei {rules} bleiben Würfel aus einem früheren "
            "Wurf liegen (zurücknehmen geht: {free})"
        ),
        "sixes.off": "Bei {rules} gibt es kein Sechsen drehen",
        "sixes.last_throw": (
            "Sechsen drehen geht nicht beim letzten Wurf: Nach dem Drehen muss noch ein Wurf "
            "übrig sein"
        ),
        "sixes.again": "In diesem Wurf wurden schon Sechsen gedreht",
        "sixes.too_few": (
            "Sechsen drehen: Für {ones} Einser braucht man {need} Sechsen im selben Wurf, "
            "der letzte Wurf hat {have}"
        ),
        "stop.no_throw": "Stehen lassen geht erst nach dem ersten Wurf",
        "stop.must_throw": "Nach dem Sechsen drehen muss noch einmal geworfen werden",
        "blind.off": "Bei {rules} wird nicht blind gespielt",
        "blind.only_first": (
            "Blind ansagen darf nur der Beginner der Runde, und nur bevor er nach seinem ersten "
            "Wurf den Becher hebt"
        ),
        "einkaufen.phase": (
            "Über das Einkaufen wird vor einer Runde entschieden, sobald der Stock leer ist; "
            "das Spiel wartet {waiting}"
        ),
        "straf.off": "Bei {rules} gibt es keine Strafdeckel",
        "straf.phase": "Strafdeckel gibt es nur während einer Runde einer Hälfte",
        "straf.seat": "Platz {seat} spielt in dieser Runde nicht mit",
        "void.not_last": (
            "Nur der Wurf, der gerade gefallen ist, kann ungültig sein (Türmchen, Kippe), "
            "und nur bevor sonst etwas passiert"
        ),
        "void.seat": "Der letzte Wurf war von Platz {who}, nicht von Platz {seat}",
    },
}


#: Messages of bad input (:class:`~schock.errors.InvalidInputError`), as the command
#: line reports them: German by default, English with ``--lang en``.
INPUT_CATALOG: dict[str, dict[str, str]] = {
    "en": {
        "input.where": "{where}: {reason}",
        "play.no_terminal": (
            "schock play needs a terminal (it draws the table and reads keys); "
            "input or output is a file or a pipe here"
        ),
        # schock hint --objective half (issue 27 item 4)
        "hint.half_players": (
            "--objective half is for a two-player round (you and one other), got {players} players"
        ),
        "hint.half_stock": (
            "--objective half needs the Deckel situation: give --stock (and your --deckel; "
            "the other player holds the rest)"
        ),
        "hint.half_deckel": (
            "Stock {stock} and your {mine} Deckel are more than the {deckel} Deckel of a half"
        ),
        "hint.half_blind": (
            "a blind round is one throw for the second player: there is nothing to choose"
        ),
        "input.seat": "seat {spec!r}",
        "input.unknown_bot": "{where}: unknown bot {kind!r} (allowed: {allowed})",
        "input.bot": "unknown bot {kind!r} (allowed: {allowed})",
        "input.arena_seats": (
            "an arena needs {low} to {high} bots, got {n} "
            "(allowed bots: {allowed}; one may play more than once)"
        ),
        "record.unknown_example": "unknown example {name!r}; allowed: {allowed}",
        "rules.no_file_or_preset": (
            "{file}: no such rules file, and no preset of that name "
            "(allowed: a rules TOML file or a preset: {presets})"
        ),
        "input.seat_name": "seat {spec!r}: a seat needs a name (NAME or NAME=BOT)",
        "input.seat_unknown": "seat {spec!r}: the record has no seat {name!r} (its seats: {seats})",
        "rules.unknown": "unknown rule set {name}",
        "rules.allowed_names": "a preset ({presets}) or the path of a rules TOML file",
        "rules.no_file": "no such rules file",
        "rules.bad_value": "bad value",
        "rules.unknown_key": "unknown key",
        "rules.wrong_type": "wrong type",
        "rules.one_of": "one of {values}",
        "rules.bool": "true or false",
        "rules.int_range": "a whole number from {lo} to {hi}",
        "rules.ladder_names": "the names {names}, each once, separated by '>'",
        "rules.text": "a text",
        # rules files in the command's language (cli27)
        "rules.need_all": "a rules file without 'extends' must give every field; missing: {missing}",
        "rules.need_all_allowed": "extends = a preset id, or all fields",
        "rules.not_utf8": "not UTF-8 text (byte {byte})",
        "rules.cannot_read": "cannot read the file: {reason}",
        "rules.not_toml": "not valid TOML: {reason}",
        "rules.too_deep": "not valid rules: nested too deeply",
        "rules.huge_number": (
            "not valid rules: a number with thousands of digits; allowed: the values each field "
            "lists (schock rules show)"
        ),
        "rules.tables": "tables are not used in rules files; write every key at the top level",
        "rules.preset_or_path": "a preset id or a path",
        "rules.bad_id": "bad id",
        "rules.empty_id": "empty id",
        "rules.id_allowed": (
            "1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit"
        ),
        "rules.bad_text": "bad text",
        "rules.text_allowed": "at most {limit} printable characters (no line breaks)",
        "record.no_file": "{where}: no such file",
        "record.not_utf8": "{where}: not UTF-8 text (byte {byte})",
        "record.cannot_read": "{where}: cannot read: {reason}",
        "record.bad": "{where}: not a game record: {reason}",
        # the parts of a record file (engine/record.py, safejson.py), cli27
        "rec.at": "{where}: {reason}",
        "rec.object": "a record is a JSON object",
        "rec.format": "format: expected 'schock-record', got {got}",
        "rec.version": "version: this schock reads version {version}, got {got}",
        "rec.keys": "unknown keys {keys}; allowed: {allowed}",
        "rec.missing": "{key}: missing",
        "rec.seats": "seats: expected a list",
        "rec.seat": "seats[{i}]: expected {{'name': ..., 'age': ..., 'bot': ...}}",
        "rec.starter": "starter: expected a seat number or null, got {got}",
        "rec.actions": 'actions: expected a list of strings like "0 throw"',
        "rec.rules": "{where}: expected an object with 'preset' and 'overrides'",
        "rec.preset": "{where}.preset: {got} is not a preset; allowed: {allowed}",
        "rec.start": "cannot start the game: {reason}",
        "json.bad": "{what}: not valid JSON: line {line}, column {col}: {reason}",
        "json.deep": "{what}: JSON nested too deeply",
        # the tournament archive (tournament/archive.py), cli27b
        "parse.at": "line {line}, column {col}: {reason}",
        "parse.at_end": "at the end of the file: {reason}",
        "archive.word": "archive",
        "archive.exists": (
            "{id} is in this database already; allowed: an archive of another tournament, "
            "or another database"
        ),
        "archive.at": "archive: {where}: {reason}",
        "archive.as_is": "archive: {reason}",
        "archive.object": "archive: expected a JSON object",
        "archive.format": "expected {expected}, got {got}",
        "archive.version": "this schock reads version {version}, got {got}",
        "archive.keys": "unknown keys {keys}; allowed: format, version, tournament, log",
        "archive.an_object": "expected an object",
        "archive.format_fields": "expected an object with every format field",
        "archive.missing": "missing fields {fields}",
        "archive.value": "{got}; allowed: {allowed}",
        "archive.id": "a text of 1 to 40 characters",
        "archive.name": "a non-empty text",
        "archive.seed": "a whole number",
        "archive.created": "a time stamp text",
        "archive.log": "expected a list of entries",
        "archive.entry": "expected an object with seq, at, undone, event",
        "archive.seq": "{got}; allowed: {want} (entries in order)",
        "archive.at_undone": "at is a time stamp text, undone true or false",
        "archive.impossible": "cannot have happened: {reason}",
        "archive.undone": "entries marked undone {undone} do not match the undo entries {claimed}",
        "json.bad_plain": "not valid JSON: line {line}, column {col}: {reason}",
        "json.deep_plain": "JSON nested too deeply",
        "notation.unknown_action": "unknown action {verb!r} (allowed: {allowed})",
        "record.table_dice": (
            "{where}: its dice come from a real table (dice.source = 'table'); "
            "schock play throws its own dice, so it resumes records with seeded or scripted dice"
        ),
        "notation.no_dice": "no dice",
        "notation.empty_place": "an empty place",
        "notation.bad_die": "bad die {what} (allowed: 1 to 6)",
        "notation.dice_count": "need {count} dice, got {n}",
        "notation.throw_count": "bad throw count {n!r} (allowed: 1 to 9)",
        "notation.state_form": "expected '[KEPT+]THROWN THROWS/LIMIT', e.g. '1-1+4 2/3' or '1-6-6 1/*'",
        "notation.turn_dice": "a turn has 3 dice, got {n} (1-1 kept + 4 thrown is allowed)",
        "notation.none_thrown": "at least one die is thrown in every throw",
        "notation.state_count": (
            "bad throw count {part!r} (allowed: THROWS/LIMIT such as 2/3, or 1/* "
            "for the round's first player)"
        ),
        "notation.covered_count": (
            "a covered result needs its throw count: DICE/THROWS with THROWS 1 to {max} "
            "(e.g. 1-?-?/3)"
        ),
        "notation.result_dice": (
            "a result has 3 dice (a number 1 to 6 or ? for a hidden die), got {n}"
        ),
        "state.limit": "the round's throw limit is 1 to {max} under {rules}, got {limit}",
        "state.throws": "throws used must be 1 to {cap} (the limit), got {throws}",
        "state.kept_first": "nothing can be kept before the first throw, got kept {kept}",
        "state.ones_only": (
            "{rules} keeps only 1s on the table (set aside or turned from sixes), got kept {kept}"
        ),
        "state.first_limit": (
            "the round's first player stopped after {limit} throw(s) ({first}), "
            "so the limit is {limit}, not {got}"
        ),
        "state.over_limit": (
            "{text} took {n} throws, but the round's first player set the limit to {limit} ({first})"
        ),
        "state.result_throws": "a result takes 1 to {max} throws under {rules}, got {n} in {text!r}",
        "web.number": "{what}: {text!r}; allowed: a whole number from 0",
        "web.not_at_table": "player {p} does not sit at table {table}; allowed: {allowed}",
        "web.next_game": "game: {game}; allowed: {next} (the next game of this table)",
        "web.table_done": "game: {game}; allowed: none, table {table} has finished this round",
        "web.pair": "{what}: {text!r}; allowed: start number:{kind}, e.g. {example}",
        "web.pair_twice": "{what}: player {p} twice; allowed: each player once",
        "web.card_empty": "card: no games; allowed: one line per game, in card order",
        "web.card_fields": "card row {i}: {line!r}; allowed: {fields}",
        "web.card_fields_points": "out / loser / schock_aus / points",
        "web.card_fields_chips": "loser / schock_aus",
        "web.card_row": "card row {i}: {error}",
        "web.card_table": "table: {table}; allowed: 1 to {n}",
        "web.card_other": (
            "card row {game} (game {game}): entered already with loser {loser}; allowed: the "
            "same result, or correct that game on its own"
        ),
        "web.card_finished": (
            "card row {game} (game {game}): the table has finished its round after game {last}"
        ),
        "web.card_refused": "card row {game} (game {game}): {error}",
        "web.no_points": "points: this format counts chips, not points; allowed: leave it empty",
        "web.sent": "sent; the organizer confirms",
        "web.sent_twice": "this result was sent already; it counts once",
        "web.other_waiting": " (note: a different result for this game is waiting too)",
        "web.keep_done": "table {table} has finished this round: no game left to scorekeep",
        "web.keep_other_table": (
            "this scorekept game was not started at this table; it can only be reported from "
            "its own table"
        ),
        "web.keep_not_over": "the scorekept game is not over yet; allowed: report it when it is",
        "web.kept_sent": "scorekept game sent; the organizer confirms",
        "web.kept_twice": "this game was reported already; it counts once",
        # tournament pages, issue 25 (turnier-phones): reports, bulk confirm, history
        "tw.loser": "loser {p}",
        "tw.out": "out {order}",
        "tw.schock_aus": "Schock Aus {counts}",
        "tw.no_schock_aus": "no Schock Aus",
        "tw.points": "points column {points}",
        "tw.kept": "scorekept",
        "tw.h_registered": "registered: {p}",
        "tw.h_present": "{p} present",
        "tw.h_absent": "{p} absent",
        "tw.h_withdrawn": "{p} withdrawn",
        "tw.h_drawn": "round {r} drawn, tables {tables}",
        "tw.h_trink": "Trinkrunden: games {games}",
        "tw.h_game": "round {r}, table {t}, game {g}",
        "tw.h_undone": "entry #{seq} undone",
        "tw.h_renamed": "start number {n} renamed: {name}",
        "tw.format_file": "{file}: not a UTF-8 text file; allowed: a format TOML file",
        "tw.format_path": (
            "format file: {key} = {value!r}; allowed: a preset's name (irmgarteich, porz, mosel), "
            "no file path"
        ),
        "tw.table_size": "players per table",
        "tw.chips": "chips (lives)",
        "tw.range": "{what}: {n}; allowed: {lo} to {hi}",
        "tw.points_size": (
            "players per table: {n}; the format's place points give no whole numbers there; "
            "allowed: a format file with points for {n} places"
        ),
        "tw.swap": "swap: player {p} is not in this draw; allowed: {allowed}",
        "roster.big": "{where}: the file is too big; allowed: a player list of up to {limit} bytes",
        "roster.binary": "{where}: not a CSV text file; allowed: CSV (Excel: save as CSV)",
        "roster.empty": (
            "{where}: no players; allowed: one player per line, a name column "
            "(Name, Spieler, Teilnehmer or Vorname and Nachname) and optionally a team column"
        ),
        "roster.no_name": "{where}: line {line}: no name; allowed: a name in the name column",
        "roster.long": "{where}: line {line}: name {name!r} too long; allowed: up to 80 characters",
        "tw.confirmed_all": (
            "{done} report(s) confirmed; {left} still waiting (two different results for one "
            "game, or not the table's next game: decide one by one)"
        ),
        # online tournament tables (issue 25 item 9)
        "tw.online": "played online",
        "tw.recorded": "from its game record",
        "tw.online_entered": "game {g} entered in the tournament (from its record)",
        "tw.online_waits": (
            "game {g} reported with its record; it waits for the organizer (an earlier game "
            "of this table is not confirmed yet)"
        ),
        "tw.online_before": (
            "game {g} of table {t} was entered by hand already, with another result: this "
            "online game was not entered (no double entry); its record stays with the table"
        ),
        "tw.online_before_same": (
            "game {g} of table {t} was entered by hand already, with the same result: not "
            "entered twice"
        ),
        "tw.online_refused": "game {g} could not be entered: {why}",
        "tw.online_busy": "game {g}: the tournament was busy; the organizer enters it by hand",
        "tw.online_failed": "game {g}: the report failed; the organizer enters it by hand",
        "tw.online_unbound": "game {n} of this table is bound to no tournament game",
        "tw.online_table_done": "table {t}: every game of this round is entered; no online table",
        "tw.online_open_already": "table {t} is open online already",
        "tw.online_no_table": "table {t}: no such table; allowed: {allowed}",
        "tw.online_not_open": "table {t} is not open online; allowed: open it first",
        "tw.online_opened": "{n} online table(s) opened",
        "tw.online_started": "{n} online table(s) started",
        # online tournament tables across processes, undo (issue 24 item 5)
        "tw.online_old_round": (
            "this online table plays round {r}; the current round is {now}; allowed: the "
            "tables of round {now}"
        ),
        "tw.online_waits_missing": (
            "game {g} reported with its record; it waits for the organizer: game {m} of this "
            "table is not entered (any more). This table plays game {m} next; once it is "
            "entered, the organizer confirms this report"
        ),
        "sim.extra": "schock sim needs the optional extra 'sim' (missing: {missing}); install it with: {install}",
        "sim.parquet": "{option} {path}: writing Parquet needs pyarrow (pip install pyarrow); or give a .csv file",
        "sim.format": "{option} {path}: unknown format {suffix!r} (allowed: {allowed})",
        "sim.write": "{option} {path}: cannot write: {reason}",
        "sim.is_folder": "it is a folder",
        "sim.no_folder": "its folder does not exist",
        "sim.not_writable": "no permission to write there",
        "sim.players": "--players must be 2 to 12, got {n}",
        "sim.bots_players": (
            "--players {players} but {bots} --bot options: give one --bot per seat, "
            "or one --bot for every seat"
        ),
        "sim.whole": "{name} must be a whole number, got {value!r}",
        "sim.whole_from": "{name} must be a whole number from {low} on, got {value!r}",
        "sim.timeout": "the cluster timeout must be a number of seconds above 0, got {value!r}",
        "sim.rules": "rules must be a Rules object or a name, got {value!r}",
        "sim.seats": "a simulation needs {low} to {high} seats (one --bot each), got {n}",
        "sim.bot": "bot {bot!r} cannot play in the batch path{why}; allowed: {allowed}{unknown}",
        "sim.bot_why": " (its moves depend on the whole table)",
        "sim.bot_unknown": " (unknown bot; all bots: {known})",
        # batch path: one's own policy, a table file or a function (issue 28, batch28)
        "policy.who": "policy {name!r}",
        "policy.file": "policy file {path!r}",
        "policy.read": "cannot read policy file {path!r}: {reason}",
        "policy.big": "policy file {path!r} is larger than {limit} bytes",
        "policy.json": "policy file {path!r} is not JSON (UTF-8): {reason}; the format is in docs/sim.md",
        "policy.object": "{where}: a policy is a JSON object, got {kind}",
        "policy.keys": "{where}: unknown keys {keys}; allowed: schock_policy, name, otherwise, moves",
        "policy.version": "{where}: 'schock_policy' must be {version} (the format version), got {value}",
        "policy.name": "{where}: 'name' must be a text of 1 to 40 characters",
        "policy.function": "{who}: a function move(kept, thrown, used, cap) is needed, got {value}",
        "policy.otherwise": "{who}: 'otherwise' = {value}; allowed: {allowed}",
        "policy.moves": "{who}: 'moves' must be an object of turn state -> move",
        "policy.state": "{who}: state {key!r}: {reason}",
        "policy.cap": (
            "{who}: state {key!r}: give the cap as a number (the round's first player: "
            "the rules' max_throws), not '*'"
        ),
        "policy.never": (
            "{who}: state {key!r} cannot occur (throws from 1 to the cap; nothing kept "
            "before the first throw)"
        ),
        "policy.move": (
            "{who}: move {value} at {key!r}; allowed: 'stop', 'keep none' or 'keep D-D' "
            "(the dice on the table for the next throw)"
        ),
        "policy.no_throw": "{who}: move {value} at {key!r}: no throw is left, only 'stop'",
        "policy.dice": (
            "{who}: move {value} at {key!r}: the dice to keep must come from the table "
            "(kept) and the throw; allowed: stop, keep none, or keep some of {dice}"
        ),
        "policy.returned": (
            "{who}: at {key!r} the function returned {value}; allowed: None (stop) or the "
            "dice to keep (1 to 6)"
        ),
        "policy.illegal": (
            "{who}: move 'keep {keep}' at {key!r} is not allowed under {rules} (set_aside = "
            "{set_aside}, sixes_turning = {sixes}, take_back = {back}); allowed: stop, {allowed}"
        ),
        # batch path: solver bots (issue 28, batch28)
        "sim.bot_why_level": (
            " (it draws its moves at random at every decision, which no fixed table holds)"
        ),
        "sim.duel_seats": (
            "bot {bot!r} plays the batch path at two seats only, got {n} seats: it plays for "
            "the values of a two-player half, and with more players its turns depend on every "
            "result before it, shown or under its cup, which no table holds (use schock arena)"
        ),
        "sim.dask": "--cluster needs Dask distributed: pip install 'schock[sim]' (or 'dask[distributed]')",
        "sim.address": "a cluster address is a scheduler address such as tcp://host:8786, got {address!r}",
        "sim.unreachable": (
            "cannot reach the Dask scheduler at {address!r} within {timeout} s: {reason} "
            "(start one with 'dask scheduler', workers with 'dask worker ADDRESS')"
        ),
        "sim.no_workers": (
            "the Dask scheduler at {address!r} has no workers (waited {timeout} s): "
            "start some with 'dask worker ADDRESS'"
        ),
        "sim.field": (
            "rules field {name!r} is not supported by the batch path (schock.sim); "
            "supported fields: {fields}"
        ),
        "sim.field_default": (
            "rules field {name} = {value!r} is not supported by the batch path (schock.sim) yet; "
            "allowed: its default {default!r} (use the engine, e.g. schock arena, for this rule)"
        ),
        "sim.sweep": "cannot sweep rules field {field!r} (allowed: {allowed})",
        # schock sim: recorded rows, sweeps and differences (issue 28, data28)
        "sim.record": "the rows to keep must be one of {allowed}, got {value!r}",
        "sim.rows_games": (
            "--per {per} keeps every {per} in memory: at most {max} games in all rule sets "
            "together, got {games} (run several seeds, or --per game)"
        ),
        "sim.sweep_syntax": (
            "--sweep {text!r}: write FIELD or FIELD=V1,V2,... (a rules field and its values)"
        ),
        "sim.sweep_count": "at most two --sweep fields, got {n}",
        "sim.per_out": "--per {per} says what a row of --out is: give --out FILE too",
        "sim.sweep_twice": "--sweep {field}: the same field twice",
        "sim.sweep_value": "--sweep {field}={value}: {reason}",
        "sim.sweep_inert": (
            "--sweep {field}: no value of it changes the games of these bots ({bots}): {reason}; "
            "nothing simulated"
        ),
        "sim.sweep_inert_why": "the batch path plays them alike for every value",
        "sim.sweep_whole": "allowed: a whole number",
        "sim.sweep_bool": "allowed: true, false",
        "sim.sweep_repeat": "a value named twice",
        "sim.inert.blind": "only the first player may declare blind, and these bots always lift",
        "sim.inert.einkaufen": "these bots never buy into a round",
        "sim.inert.simultaneous_first_throw": (
            "a loaded first throw is an independent throw like any other, and no bot looks at the others'"
        ),
        "sim.inert.strafdeckel": "it is scorekeeping at a real table; nothing falls off in a simulation",
        "keepcli.no_seat": "no seat {name!r}; the seats are: {seats}",
        "keepcli.empty": "empty entry; '?' shows what can be typed",
        "keepcli.straf": "straf NAME [N]: whose die or cup fell, and how many (1-4)",
        "keepcli.straf_number": "bad number {text!r} (allowed: 1 to 4)",
        "keepcli.roll_off": "a roll-off is one die: a face from 1 to 6, got {text!r}",
        "keepcli.einkaufen": "answer ja or nein (yes or no), got {text!r}",
        "keepcli.seats": "--seat: name at least 2 players (repeat --seat NAME)",
        "keepcli.resume_seats": "--resume takes the seats from the file: leave out --seat/--starter",
        "keepcli.starter": "--starter: {name!r} is not a --seat; the seats are: {seats}",
        "keepcli.write": "{option} {path}: cannot write: {reason}",
        "keepcli.read": "{option} {path}: cannot read: {reason}",
        # usage errors of schock's own options (cli27b)
        "cli.replay_one_of": "give exactly one of FILE or --example PRESET",
        "cli.resume_with": (
            "{options} cannot go with --resume: the record fixes the rules, the seats and the dice"
        ),
        "cli.not_finite": "{value!r} is not a finite number; allowed: {low} to {high}.",
        "cli.nul_name": "{value!r} is not a usable file name (it holds a NUL character).",
        "word.points": "points",
        "word.count": "count",
        "word.round": "round",
        "word.table": "table",
        "word.game": "game",
        "turnier.none": "no tournament in this database; allowed: create one first (turnier neu)",
        "turnier.unknown": "no tournament {tid!r} in this database; allowed: {known}",
        "turnier.no_round": "no round has been drawn; allowed: draw a round first",
        "turnier.bad_round": "round: {number}; allowed: 1 to {n} (rounds drawn)",
        "turnier.name": "name: {name!r}; allowed: a non-empty text",
        "turnier.player_name": "player name: {name!r}; allowed: a text of 1 to 80 characters",
        "turnier.team": "team: {team!r}; allowed: a text of up to 80 characters",
        "turnier.place": "{what}: {v!r}; allowed: a whole number from 1",
        "turnier.out": (
            "out: {text!r}; allowed: start numbers, first out first, players going out "
            "together joined with + (e.g. 2, 3+5, 4)"
        ),
        "turnier.schock_aus": (
            "round {r}, table {t}, game {g}: Schock Aus of player {p}: {n!r}; allowed: 0 to 99"
        ),
        "state.others": "a round needs at least one other player (before: {before}, after: {after})",
        # solver: the other players' Deckel under schock_aus_keeps (helper "optimal")
        "state.piles": (
            "the other players' Deckel: {piles} given for {others} other player(s); "
            "allowed: one count per other player of the round, in seat order"
        ),
        "state.piles_needed": (
            "rules field schock_aus_keeps: a Schock Aus leaves its thrower his own Deckel, "
            "so the Deckel at stake depend on every other player's Deckel; give them "
            "(--piles, one count per other player of the round, in seat order; "
            "{others} here) or leave out --stock"
        ),
        # engine and notation errors a command shows (cli27: in the command's language)
        "dice.count": "need {count} dice, got {n}: {values}",
        "dice.bad": "bad die {value}: a die shows a whole number from 1 to 6",
        "straf.items": "items must be 1 to 4 (three dice and a cup), got {got}",
        "notation.args": "{verb!r} takes {want} argument(s), got {n}",
        "notation.turn_ones": "bad number of ones {got!r} (allowed: 1 or 2)",
        "notation.answer": "bad answer {got!r} (allowed: yes, no)",
        "notation.straf_items": "bad number of items {got!r} (allowed: 1 to 4)",
        "dice.table": (
            "these dice come from a real table: give the values thrown, e.g. throw(dice=(1, 1, 4))"
        ),
        # a database a command did not find (cli27: only creating commands make one)
        "db.missing": (
            "database {path}: no such file (nothing was created); allowed: an existing "
            "database (--db or SCHOCK_DB); 'schock turnier neu', 'schock turnier import', "
            "'schock abend new-group' and 'schock serve' create a new one"
        ),
        # database and server processes (store/db.py, schock serve --workers)
        "db.locked": (
            "database {path}: another schock process already serves it ({holder}); allowed: "
            "one schock serve per SQLite file (stop the other one), or PostgreSQL for several"
        ),
        "db.driver": (
            "database {url}: the PostgreSQL driver is not installed ({reason}); allowed: "
            "pip install 'schock[postgres]'"
        ),
        "db.workers": (
            "--workers {n}: several processes need PostgreSQL; allowed: --workers 1 with "
            "SQLite, or --db postgresql://user@host/db"
        ),
        "db.serve_workers": (
            "schock: {n} processes on the ports {first} to {last}, for a proxy that routes "
            "by table (docs/deploy.md); Ctrl+C stops"
        ),
        # analysis of a game (schock analyse, the Analyse page): issue 26
        "analyse.title": "Analysis: {rules} — {names}",
        "analyse.objective.round": "Values: the chance not to lose the round (exact turn solver, from what the player saw)",
        "analyse.objective.half": "Values: the chance not to lose the half, and so the game (exact two-player equilibrium, from what the player saw)",
        "analyse.unfinished": "The game is not over: analysed is what was played ({actions} actions).",
        "analyse.round": "Half {half}, round {round}",
        "analyse.holding": "{result} after {throws}",
        "analyse.cup": "throw under the cup",
        "analyse.line": "{name} ({holding}) played: {played} — {mark}",
        "analyse.better": "better: {best} — {value_best} instead of {value_played}",
        "analyse.unrated": "{name}: {played} — not rated ({why})",
        "analyse.einkaufen": "the solver does not value Einkaufen",
        "analyse.einkaufen_yes": "Einkaufen: yes",
        "analyse.einkaufen_no": "Einkaufen: no",
        "analyse.none": "No decision of {who} to rate.",
        "analyse.all_ok": "Every rated decision was ok (mark below 0.02): use --all to see them.",
        "analyse.players": "Summary per player",
        "analyse.head": "player|decisions|loss|mean|good|inaccurate|mistake|blunder|Deckel|expected own|expected best|luck",
        "analyse.explain": "loss: chance given away by the decisions; Deckel expected under own decisions and under best play; luck = Deckel expected under own decisions − received (above 0: the dice were kind).",
        "analyse.mark.ok": "good",
        "analyse.mark.ungenau": "inaccurate",
        "analyse.mark.fehler": "mistake",
        "analyse.mark.patzer": "blunder",
        "analyse.bad_record": "{where}: the record does not replay: {reason}",
        "analyse.empty": "{where}: nothing to analyse: the record holds no actions",
        "analyse.no_seat": "--seat: no player {name!r}; the players are: {names}",
        "analyse.objective_unknown": "unknown objective {objective!r} (allowed: round, half)",
        "analyse.half_seats": "the half objective values two-player games only, this game has {n} seats (allowed: round)",
        "analyse.half_rules": "the half objective cannot value these rules: rules field {field} (allowed: {allowed})",
        # --- server operation (schock serve, schock tables, schock db; issue 24) ---
        "ops.base_url": (
            "base URL {value!r}: not an http(s) address with a host; "
            "allowed: e.g. https://schock.example or http://192.168.1.20:8000"
        ),
        "ops.root_path": (
            "root path {value!r}: not a URL path; allowed: e.g. /schock (letters, digits, - _ . ~ /)"
        ),
        "ops.proxy": (
            "trusted proxy {value!r}: not an IP address or network; "
            "allowed: e.g. 127.0.0.1, 10.0.0.0/8, ::1 or * (any)"
        ),
        "ops.serve_open": "schock: open {url} in your browser",
        "ops.serve_also": "        also reachable at {url}",
        "ops.serve_qr": "Scan to open it on a phone:",
        "ops.serve_stop": "Ctrl+C stops the server.",
        "ops.db_unusable": "cannot use the database (nothing was written): {reason}",
        "ops.age": "--older-than {value!r}: allowed: a number and a unit, e.g. 30d, 12h, 90m, 2w",
        "ops.tables_count": "{shown} of {total} tables shown (newest first)",
        "ops.no_table": "no such table: {ids}; nothing was changed (schock tables list shows them)",
        "ops.closed": "{n} tables ended",
        "ops.purge_what": "{n} tables made before {cutoff} (UTC) would be deleted with their games",
        "ops.sure": "Delete them?",
        "ops.nothing": "nothing was deleted",
        "ops.purged": "{n} tables deleted",
        "ops.backup_pg": (
            "schock db backup copies SQLite files; for {backend} use its own tool, "
            "e.g. pg_dump -Fc (see docs/configuration.md)"
        ),
        "ops.backup_source": "database file {path!r}: does not exist; allowed: an existing SQLite file",
        "ops.backup_exists": "{path}: exists already; allowed: a new file (nothing is overwritten)",
        "ops.backup_dir": "{path}: no such folder; allowed: a file in an existing folder",
        "ops.backup_failed": "backup failed, nothing was written: {reason}",
        "ops.backed_up": "backup written: {path} ({kb} KB)",
        # --- end of server operation ---
        "abend.f.name": "name",
        "abend.f.group_name": "group name",
        "abend.f.player": "player",
        "abend.f.loser": "loser",
        "abend.f.schock_aus": "Schock Aus received by",
        "abend.f.half_loser": "half loser",
        "abend.f.payer": "payer",
        "abend.f.payee": "payee",
        "abend.f.amount": "amount",
        "abend.f.evening": "evening",
        "abend.f.entry": "entry",
        "abend.f.members": "members",
        "abend.f.schock_aus_stakes": "stakes per Schock Aus",
        "abend.f.stake": "stake",
        "abend.f.currency": "currency",
        "abend.f.date": "date",
        "abend.f.version": "version",
        "abend.the_group": "the group",
        "abend.none_yet": "(none yet)",
        "abend.settings_object": (
            "settings: not an object; allowed: stake, amount, currency, schock_aus_stakes"
        ),
        "abend.settings_field": (
            "settings: unknown field {field!r}; allowed: stake, amount, currency, schock_aus_stakes"
        ),
        "abend.stake": "stake: {stake!r}; allowed: runde (a round), geld (money)",
        "abend.amount_min": (
            "amount: missing or 0; allowed: a sum such as 2.50 when the stake is money"
        ),
        "abend.currency": "currency: {currency!r}; allowed: a three-letter code such as EUR",
        "abend.int_not": "{what}: {value!r} is not a whole number; allowed: {lo} to {hi}",
        "abend.int_range": "{what}: {value}; allowed: {lo} to {hi}",
        "abend.name_type": "{what}: not text; allowed: 1 to {max} printable characters",
        "abend.name_empty": "{what}: empty; allowed: 1 to {max} printable characters",
        "abend.name_bad": (
            "{what}: {name!r} is too long or has control characters; allowed: 1 to {max} printable characters"
        ),
        "abend.entry_id": "entry id: {entry!r}; allowed: 1 to 64 letters, digits, - and _",
        "abend.date": "date: {day!r}; allowed: a date such as 2026-11-20",
        "abend.duplicate": (
            "this entry is already entered (entry {seq}); it is not counted twice"
        ),
        "abend.events_first": "events: the first event must be 'created'",
        "abend.event_kind": "event {seq}: unknown kind {kind!r}",
        "abend.not_member": "{what}: {name!r} is not a member; allowed: {allowed}",
        "abend.member_exists": "{name!r} is already in the group",
        "abend.members_max": "the group has {max} members; allowed: at most {max}",
        "abend.no_evening": "no evening is open; start an evening first",
        "abend.players_list": "players: not a list; allowed: 2 to {max} members",
        "abend.players_count": "players: {n}; allowed: 2 to {max} members (tick who played)",
        "abend.players_twice": "players: a member is named twice; allowed: each player once",
        "abend.loser_absent": "loser: {name!r} did not play this game; allowed: {allowed}",
        "abend.too_many": "Schock Aus / half losers: more than 20; allowed: 0 to 20",
        "abend.did_not_play": "{name!r} did not play this game; allowed: {allowed}",
        "abend.record_text": "record: not text or larger than {max} characters",
        "abend.evening_none": "evening: {n}; there is no such evening yet; start one first",
        "abend.payee_self": "payee: {name!r} is the payer; allowed: another member",
        "abend.payee_rounds": "payee: a round is given to the group; allowed: no payee",
        "abend.payee_missing": "payee: missing; allowed: a member {name!r} owes money to",
        "abend.nothing_owed": "{name} owes {to} nothing; nothing to settle",
        "abend.too_much": (
            "amount: {amount} is more than {name} owes {to} ({owed}); allowed: at most {owed}"
        ),
        "abend.not_item": "entry: {n} is not a game or payment; allowed: {allowed}",
        "abend.already_voided": "entry {n} is already voided",
        "abend.already_valid": "entry {n} already counts",
        "abend.money": "amount: {text!r}; allowed: a sum such as 2.50 (at most 10000.00)",
        "abend.record_open": (
            "record: the game has not ended; allowed: the record of a finished game"
        ),
        "abend.record_no_loser": (
            "record: the game has no loser; allowed: the record of a finished game"
        ),
        "abend.group_unknown": "group: {key!r} is not known or not unique; allowed: {allowed}",
        "abend.group_none": "group: no group {key!r}",
        "abend.group_name_taken": (
            "group name: a group {name!r} already exists; allowed: another name"
        ),
        "abend.field_type": "{what}: not a text field",
        "abend.field_long": "{what}: longer than {max} characters",
        "abend.members_count": "members: {n}; allowed: at least 2 names, one a line",
        "abend.loser_missing": "loser: missing; allowed: tap the loser, or upload a game record",
        "abend.schock_aus_count": "Schock Aus: {text!r}; allowed: 0 to 20",
        "abend.version": "version: missing; allowed: the form as the page sent it",
        "abend.record_large": "{file}: larger than {max} bytes",
        "abend.record_utf8": "{file}: not UTF-8 text",
        "abend.meanwhile": (
            "Meanwhile game {seq} was entered (lost by {loser}). Is yours another game?"
        ),
        "abend.rounds_amount": "amount: {text!r}; allowed: a whole number of rounds",
        "abend.evening_param": "evening: {text!r}; allowed: 1 to {n}",
        "abend.no_group": "no such group (the link is wrong or incomplete)",
        "abend.cli_amount_missing": "--amount: missing; allowed: a sum such as 2.50 when --stake geld",
        "abend.cli_record_alone": (
            "--record: the record names loser, players and Schock Aus; "
            "allowed: --record alone or --loser with --player/--schock-aus"
        ),
        "abend.cli_loser_missing": "--loser: missing; allowed: --loser NAME or --record FILE",
        "abend.cli_base_url": "--base-url: {url!r}; allowed: an address such as https://schock.example",
        # the scorekeeping pages (/keep)
        "keepweb.f.seat": "seat",
        "keepweb.f.items": "dice or cups off the table",
        "keepweb.f.die": "die {i}",
        "keepweb.f.throws": "throws",
        "keepweb.f.turned": "1s from turned sixes",
        "keepweb.f.starter": "who starts",
        "keepweb.f.entry": "entry number",
        "keepweb.int": "{what}: {text!r}; allowed: a whole number {low} to {high}",
        "keepweb.over": "the game is over: nothing more to enter",
        "keepweb.join": "Einkaufen: {text!r}; allowed: buys in or passes",
        "keepweb.claim": "claim: {text!r}; allowed: {allowed}",
        "keepweb.kind": "kind: {text!r}; allowed: result, action, roll_off, einkaufen, straf, void",
        "keepweb.no_game": "no such kept game (the link is wrong or incomplete)",
    },
    "de": {
        "input.where": "{where}: {reason}",
        "play.no_terminal": (
            "schock play braucht ein Terminal (es zeichnet den Tisch und liest Tasten); "
            "hier ist Ein- oder Ausgabe eine Datei oder eine Pipe"
        ),
        # schock hint --objective half (issue 27 item 4)
        "hint.half_players": (
            "--objective half gilt für eine Runde zu zweit (du und ein anderer), "
            "nicht für {players} Spieler"
        ),
        "hint.half_stock": (
            "--objective half braucht den Deckelstand: --stock angeben (und deine --deckel; "
            "der andere hat den Rest)"
        ),
        "hint.half_deckel": (
            "Stock {stock} und deine {mine} Deckel sind mehr als die {deckel} Deckel einer Hälfte"
        ),
        "hint.half_blind": (
            "Eine blinde Runde ist ein Wurf für den zweiten Spieler: Da gibt es nichts zu wählen"
        ),
        "input.seat": "Platz {spec!r}",
        "input.unknown_bot": "{where}: unbekannter Bot {kind!r} (erlaubt: {allowed})",
        "input.bot": "unbekannter Bot {kind!r} (erlaubt: {allowed})",
        "input.arena_seats": (
            "Eine Arena braucht {low} bis {high} Bots, nicht {n} "
            "(erlaubte Bots: {allowed}; einer darf mehrmals mitspielen)"
        ),
        "record.unknown_example": "unbekanntes Beispiel {name!r}; erlaubt: {allowed}",
        "rules.no_file_or_preset": (
            "{file}: keine solche Regeldatei und kein Preset dieses Namens "
            "(erlaubt: eine Regeldatei (TOML) oder ein Preset: {presets})"
        ),
        "input.seat_name": "Platz {spec!r}: Ein Platz braucht einen Namen (NAME oder NAME=BOT)",
        "input.seat_unknown": (
            "Platz {spec!r}: Das Spielprotokoll hat keinen Platz {name!r} (seine Plätze: {seats})"
        ),
        "rules.unknown": "unbekannter Regelsatz {name}",
        "rules.allowed_names": "ein Preset ({presets}) oder der Pfad einer Regeldatei (TOML)",
        "rules.no_file": "keine solche Regeldatei",
        "rules.bad_value": "ungültiger Wert",
        "rules.unknown_key": "unbekanntes Feld",
        "rules.wrong_type": "falscher Typ",
        "rules.one_of": "einer von {values}",
        "rules.bool": "true oder false",
        "rules.int_range": "eine ganze Zahl von {lo} bis {hi}",
        "rules.ladder_names": "die Namen {names}, jeder einmal, getrennt durch '>'",
        "rules.text": "ein Text",
        # rules files in the command's language (cli27)
        "rules.need_all": (
            "Eine Regeldatei ohne 'extends' muss jedes Feld angeben; es fehlen: {missing}"
        ),
        "rules.need_all_allowed": "extends = die Kennung eines Presets, oder alle Felder",
        "rules.not_utf8": "kein UTF-8-Text (Byte {byte})",
        "rules.cannot_read": "die Datei kann nicht gelesen werden: {reason}",
        "rules.not_toml": "kein gültiges TOML: {reason}",
        "rules.too_deep": "keine gültigen Regeln: zu tief verschachtelt",
        "rules.huge_number": (
            "keine gültigen Regeln: eine Zahl mit Tausenden Ziffern; erlaubt: die Werte, die jedes "
            "Feld nennt (schock rules show)"
        ),
        "rules.tables": (
            "Tabellen gibt es in Regeldateien nicht; jedes Feld steht auf der obersten Ebene"
        ),
        "rules.preset_or_path": "die Kennung eines Presets oder ein Pfad",
        "rules.bad_id": "ungültige Kennung",
        "rules.empty_id": "leere Kennung",
        "rules.id_allowed": (
            "1 bis 64 Buchstaben, Ziffern, '-', '_' oder '.', am Anfang ein Buchstabe oder eine Ziffer"
        ),
        "rules.bad_text": "ungültiger Text",
        "rules.text_allowed": "höchstens {limit} druckbare Zeichen (ohne Zeilenumbruch)",
        "record.no_file": "{where}: Datei nicht gefunden",
        "record.not_utf8": "{where}: kein UTF-8-Text (Byte {byte})",
        "record.cannot_read": "{where}: kann nicht gelesen werden: {reason}",
        "record.bad": "{where}: kein Spielprotokoll: {reason}",
        # the parts of a record file (engine/record.py, safejson.py), cli27
        "rec.at": "{where}: {reason}",
        "rec.object": "Ein Spielprotokoll ist ein JSON-Objekt",
        "rec.format": "format: erwartet 'schock-record', nicht {got}",
        "rec.version": "version: dieses schock liest Version {version}, nicht {got}",
        "rec.keys": "unbekannte Schlüssel {keys}; erlaubt: {allowed}",
        "rec.missing": "{key}: fehlt",
        "rec.seats": "seats: erwartet eine Liste",
        "rec.seat": "seats[{i}]: erwartet {{'name': ..., 'age': ..., 'bot': ...}}",
        "rec.starter": "starter: erwartet eine Platznummer oder null, nicht {got}",
        "rec.actions": 'actions: erwartet eine Liste von Texten wie "0 throw"',
        "rec.rules": "{where}: erwartet ein Objekt mit 'preset' und 'overrides'",
        "rec.preset": "{where}.preset: {got} ist kein Preset; erlaubt: {allowed}",
        "rec.start": "Das Spiel kann nicht beginnen: {reason}",
        "json.bad": "{what}: kein gültiges JSON: Zeile {line}, Spalte {col}: {reason}",
        "json.deep": "{what}: JSON zu tief verschachtelt",
        # the tournament archive (tournament/archive.py), cli27b
        "parse.at": "Zeile {line}, Spalte {col}: {reason}",
        "parse.at_end": "am Ende der Datei: {reason}",
        "archive.word": "Archiv",
        "archive.exists": (
            "{id} ist schon in dieser Datenbank; erlaubt: das Archiv eines anderen Turniers "
            "oder eine andere Datenbank"
        ),
        "archive.at": "Archiv: {where}: {reason}",
        "archive.as_is": "Archiv: {reason}",
        "archive.object": "Archiv: erwartet ein JSON-Objekt",
        "archive.format": "erwartet {expected}, nicht {got}",
        "archive.version": "dieses schock liest Version {version}, nicht {got}",
        "archive.keys": "unbekannte Schlüssel {keys}; erlaubt: format, version, tournament, log",
        "archive.an_object": "erwartet ein Objekt",
        "archive.format_fields": "erwartet ein Objekt mit jedem Feld des Turnierformats",
        "archive.missing": "es fehlen die Felder {fields}",
        "archive.value": "{got}; erlaubt: {allowed}",
        "archive.id": "ein Text aus 1 bis 40 Zeichen",
        "archive.name": "ein nicht leerer Text",
        "archive.seed": "eine ganze Zahl",
        "archive.created": "ein Zeitstempel als Text",
        "archive.log": "erwartet eine Liste von Einträgen",
        "archive.entry": "erwartet ein Objekt mit seq, at, undone, event",
        "archive.seq": "{got}; erlaubt: {want} (Einträge der Reihe nach)",
        "archive.at_undone": "at ist ein Zeitstempel als Text, undone true oder false",
        "archive.impossible": "kann so nicht geschehen sein: {reason}",
        "archive.undone": (
            "als zurückgenommen markierte Einträge {undone} passen nicht zu den "
            "Rücknahme-Einträgen {claimed}"
        ),
        "json.bad_plain": "kein gültiges JSON: Zeile {line}, Spalte {col}: {reason}",
        "json.deep_plain": "JSON zu tief verschachtelt",
        "notation.unknown_action": "unbekannte Aktion {verb!r} (erlaubt: {allowed})",
        "record.table_dice": (
            "{where}: Seine Würfel kommen von einem echten Tisch (dice.source = 'table'); "
            "schock play wirft selbst und setzt nur Spiele mit Seed- oder vorgegebenen "
            "Würfeln fort"
        ),
        "notation.no_dice": "keine Würfel",
        "notation.empty_place": "eine leere Stelle",
        "notation.bad_die": "ungültiger Würfel {what} (erlaubt: 1 bis 6)",
        "notation.dice_count": "{count} Würfel nötig, nicht {n}",
        "notation.throw_count": "ungültige Wurfzahl {n!r} (erlaubt: 1 bis 9)",
        "notation.state_form": (
            "erwartet: '[BEHALTEN+]GEWORFEN WÜRFE/GRENZE', z. B. '1-1+4 2/3' oder '1-6-6 1/*'"
        ),
        "notation.turn_dice": (
            "Ein Zug hat 3 Würfel, nicht {n} (erlaubt ist z. B. 1-1 behalten + 4 geworfen)"
        ),
        "notation.none_thrown": "In jedem Wurf wird mindestens ein Würfel geworfen",
        "notation.state_count": (
            "ungültige Wurfzahl {part!r} (erlaubt: WÜRFE/GRENZE wie 2/3, oder 1/* "
            "für den ersten Spieler der Runde)"
        ),
        "notation.covered_count": (
            "Ein verdecktes Ergebnis braucht seine Wurfzahl: WÜRFEL/WÜRFE mit WÜRFE 1 bis {max} "
            "(z. B. 1-?-?/3)"
        ),
        "notation.result_dice": (
            "Ein Ergebnis hat 3 Würfel (eine Zahl 1 bis 6 oder ? für einen verdeckten Würfel), "
            "nicht {n}"
        ),
        "state.limit": "Die Wurfgrenze der Runde ist unter {rules} 1 bis {max}, nicht {limit}",
        "state.throws": "Die Zahl der Würfe muss 1 bis {cap} sein (die Grenze), nicht {throws}",
        "state.kept_first": "Vor dem ersten Wurf kann nichts behalten sein, hier behalten: {kept}",
        "state.ones_only": (
            "Unter {rules} bleiben nur Einsen auf dem Tisch (herausgelegt oder aus Sechsen "
            "gedreht), hier behalten: {kept}"
        ),
        "state.first_limit": (
            "Der erste Spieler der Runde hat nach {limit} Würfen aufgehört ({first}), "
            "also ist die Grenze {limit}, nicht {got}"
        ),
        "state.over_limit": (
            "{text} hat {n} Würfe gebraucht, aber der erste Spieler der Runde hat die Grenze "
            "auf {limit} gesetzt ({first})"
        ),
        "state.result_throws": (
            "Ein Ergebnis braucht unter {rules} 1 bis {max} Würfe, nicht {n}, in {text!r}"
        ),
        "web.number": "{what}: {text!r}; erlaubt: eine ganze Zahl ab 0",
        "web.not_at_table": "Spieler {p} sitzt nicht an Tisch {table}; erlaubt: {allowed}",
        "web.next_game": "Spiel {game}; erlaubt: {next} (das nächste Spiel dieses Tisches)",
        "web.table_done": "Spiel {game}; Tisch {table} ist in dieser Runde fertig, kein Spiel mehr",
        "web.pair": "{what}: {text!r}; erlaubt: Startnummer:{kind}, z. B. {example}",
        "web.pair_twice": "{what}: Spieler {p} doppelt; erlaubt: jeder Spieler einmal",
        "web.card_empty": (
            "Spielzettel: keine Spiele; erlaubt: eine Zeile je Spiel, in der Reihenfolge des "
            "Zettels"
        ),
        "web.card_fields": "Zeile {i} des Zettels: {line!r}; erlaubt: {fields}",
        "web.card_fields_points": "raus / Verlierer / Schock Aus / Punkte",
        "web.card_fields_chips": "Verlierer / Schock Aus",
        "web.card_row": "Zeile {i} des Zettels: {error}",
        "web.card_table": "Tisch {table}; erlaubt: 1 bis {n}",
        "web.card_other": (
            "Zeile {game} (Spiel {game}): schon mit Verlierer {loser} eingetragen; erlaubt: "
            "dasselbe Ergebnis, oder das Spiel einzeln korrigieren"
        ),
        "web.card_finished": (
            "Zeile {game} (Spiel {game}): Der Tisch ist nach Spiel {last} mit der Runde fertig"
        ),
        "web.card_refused": "Zeile {game} (Spiel {game}): {error}",
        "web.no_points": "Punkte: Dieses Format zählt Chips, keine Punkte; erlaubt: leer lassen",
        "web.sent": "Gemeldet; die Turnierleitung bestätigt",
        "web.sent_twice": "Dieses Ergebnis wurde schon gemeldet; es zählt einmal",
        "web.other_waiting": " (Achtung: ein anderes Ergebnis für dieses Spiel wartet auch)",
        "web.keep_done": "Tisch {table} ist in dieser Runde fertig: kein Spiel mehr mitzuschreiben",
        "web.keep_other_table": (
            "Dieses mitgeschriebene Spiel wurde nicht an diesem Tisch begonnen; es kann nur von "
            "seinem eigenen Tisch gemeldet werden"
        ),
        "web.keep_not_over": "Das mitgeschriebene Spiel ist noch nicht zu Ende; erst danach melden",
        "web.kept_sent": "Mitgeschriebenes Spiel gemeldet; die Turnierleitung bestätigt",
        "web.kept_twice": "Dieses Spiel wurde schon gemeldet; es zählt einmal",
        # tournament pages, issue 25 (turnier-phones): reports, bulk confirm, history
        "tw.loser": "Verlierer {p}",
        "tw.out": "raus {order}",
        "tw.schock_aus": "Schock Aus {counts}",
        "tw.no_schock_aus": "kein Schock Aus",
        "tw.points": "Punkte-Spalte {points}",
        "tw.kept": "mitgeschrieben",
        "tw.h_registered": "angemeldet: {p}",
        "tw.h_present": "{p} anwesend",
        "tw.h_absent": "{p} abwesend",
        "tw.h_withdrawn": "{p} abgemeldet",
        "tw.h_drawn": "Runde {r} ausgelost, Tische {tables}",
        "tw.h_trink": "Trinkrunden: Spiele {games}",
        "tw.h_game": "Runde {r}, Tisch {t}, Spiel {g}",
        "tw.h_undone": "Eintrag #{seq} zurückgenommen",
        "tw.h_renamed": "Startnummer {n} umbenannt: {name}",
        "tw.format_file": "{file}: keine UTF-8-Textdatei; erlaubt: eine Format-Datei (TOML)",
        "tw.format_path": (
            "Format-Datei: {key} = {value!r}; erlaubt: der Name einer Vorlage (irmgarteich, "
            "porz, mosel), kein Dateipfad"
        ),
        "tw.table_size": "Spieler je Tisch",
        "tw.chips": "Chips (Leben)",
        "tw.range": "{what}: {n}; erlaubt: {lo} bis {hi}",
        "tw.points_size": (
            "Spieler je Tisch: {n}; die Platzpunkte des Formats ergeben dort keine ganzen "
            "Zahlen; erlaubt: eine Format-Datei mit Punkten für {n} Plätze"
        ),
        "tw.swap": "Tauschen: Spieler {p} ist nicht in dieser Auslosung; erlaubt: {allowed}",
        "roster.big": "{where}: Die Datei ist zu groß; erlaubt: eine Spielerliste bis {limit} Bytes",
        "roster.binary": "{where}: keine CSV-Textdatei; erlaubt: CSV (Excel: als CSV speichern)",
        "roster.empty": (
            "{where}: keine Spieler; erlaubt: ein Spieler je Zeile, eine Namensspalte "
            "(Name, Spieler, Teilnehmer oder Vorname und Nachname) und wahlweise eine Mannschaft"
        ),
        "roster.no_name": "{where}: Zeile {line}: kein Name; erlaubt: ein Name in der Namensspalte",
        "roster.long": "{where}: Zeile {line}: Name {name!r} zu lang; erlaubt: bis 80 Zeichen",
        "tw.confirmed_all": (
            "{done} Meldung(en) bestätigt; {left} warten noch (zwei verschiedene Ergebnisse "
            "für ein Spiel oder nicht das nächste Spiel des Tisches: einzeln entscheiden)"
        ),
        # online tournament tables (issue 25 item 9)
        "tw.online": "online gespielt",
        "tw.recorded": "aus dem Spielprotokoll",
        "tw.online_entered": "Spiel {g} im Turnier eingetragen (aus seinem Protokoll)",
        "tw.online_waits": (
            "Spiel {g} mit Protokoll gemeldet; es wartet auf die Turnierleitung (ein "
            "früheres Spiel dieses Tisches ist noch nicht bestätigt)"
        ),
        "tw.online_before": (
            "Spiel {g} von Tisch {t} war schon von Hand eingetragen, mit anderem Ergebnis: "
            "dieses Online-Spiel wurde nicht eingetragen (nichts doppelt); sein Protokoll "
            "bleibt am Tisch"
        ),
        "tw.online_before_same": (
            "Spiel {g} von Tisch {t} war schon von Hand eingetragen, mit demselben Ergebnis: "
            "nicht doppelt eingetragen"
        ),
        "tw.online_refused": "Spiel {g} konnte nicht eingetragen werden: {why}",
        "tw.online_busy": (
            "Spiel {g}: das Turnier war beschäftigt; die Turnierleitung trägt es von Hand ein"
        ),
        "tw.online_failed": (
            "Spiel {g}: die Meldung ist gescheitert; die Turnierleitung trägt es von Hand ein"
        ),
        "tw.online_unbound": "Spiel {n} dieses Tisches gehört zu keinem Turnierspiel",
        "tw.online_table_done": (
            "Tisch {t}: alle Spiele dieser Runde sind eingetragen; kein Online-Tisch"
        ),
        "tw.online_open_already": "Tisch {t} ist schon online geöffnet",
        "tw.online_no_table": "Tisch {t}: keinen solchen Tisch; erlaubt: {allowed}",
        "tw.online_not_open": "Tisch {t} ist nicht online geöffnet; erlaubt: erst öffnen",
        "tw.online_opened": "{n} Online-Tisch(e) geöffnet",
        "tw.online_started": "{n} Online-Tisch(e) gestartet",
        # online tournament tables across processes, undo (issue 24 item 5)
        "tw.online_old_round": (
            "dieser Online-Tisch spielt Runde {r}; die laufende Runde ist {now}; erlaubt: "
            "die Tische von Runde {now}"
        ),
        "tw.online_waits_missing": (
            "Spiel {g} mit Protokoll gemeldet; es wartet auf die Turnierleitung: Spiel {m} "
            "dieses Tisches ist nicht (mehr) eingetragen. Dieser Tisch spielt als Nächstes "
            "Spiel {m}; ist es eingetragen, bestätigt die Turnierleitung diese Meldung"
        ),
        "sim.extra": (
            "schock sim braucht das Extra 'sim' (es fehlt: {missing}); installieren mit: {install}"
        ),
        "sim.parquet": (
            "{option} {path}: Parquet schreiben braucht pyarrow (pip install pyarrow); "
            "oder eine .csv-Datei angeben"
        ),
        "sim.format": "{option} {path}: unbekanntes Format {suffix!r} (erlaubt: {allowed})",
        "sim.write": "{option} {path}: kann nicht schreiben: {reason}",
        "sim.is_folder": "das ist ein Ordner",
        "sim.no_folder": "den Ordner gibt es nicht",
        "sim.not_writable": "keine Schreibrechte dort",
        "sim.players": "--players: {n}; erlaubt: 2 bis 12",
        "sim.bots_players": (
            "--players {players}, aber {bots}-mal --bot: je Platz ein --bot, "
            "oder ein --bot für alle Plätze"
        ),
        "sim.whole": "{name}: {value!r}; erlaubt: eine ganze Zahl",
        "sim.whole_from": "{name}: {value!r}; erlaubt: eine ganze Zahl ab {low}",
        "sim.timeout": "Wartezeit für den Cluster: {value!r}; erlaubt: Sekunden über 0",
        "sim.rules": "Regeln: {value!r}; erlaubt: ein Rules-Objekt oder ein Name",
        "sim.seats": "Eine Simulation braucht {low} bis {high} Plätze (je ein --bot), nicht {n}",
        "sim.bot": (
            "Bot {bot!r} kann im Batch-Pfad (schock sim) nicht spielen{why}; "
            "erlaubt: {allowed}{unknown}"
        ),
        "sim.bot_why": " (seine Züge hängen vom ganzen Tisch ab)",
        "sim.bot_unknown": " (unbekannter Bot; alle Bots: {known})",
        # batch path: one's own policy, a table file or a function (issue 28, batch28)
        "policy.who": "Strategie {name!r}",
        "policy.file": "Strategie-Datei {path!r}",
        "policy.read": "Strategie-Datei {path!r} lässt sich nicht lesen: {reason}",
        "policy.big": "Strategie-Datei {path!r} ist größer als {limit} Bytes",
        "policy.json": (
            "Strategie-Datei {path!r} ist kein JSON (UTF-8): {reason}; das Format steht in "
            "docs/sim.md"
        ),
        "policy.object": "{where}: eine Strategie ist ein JSON-Objekt, nicht {kind}",
        "policy.keys": (
            "{where}: unbekannte Schlüssel {keys}; erlaubt: schock_policy, name, otherwise, moves"
        ),
        "policy.version": (
            "{where}: 'schock_policy' muss {version} sein (die Version des Formats), nicht {value}"
        ),
        "policy.name": "{where}: 'name' muss ein Text mit 1 bis 40 Zeichen sein",
        "policy.function": (
            "{who}: gebraucht wird eine Funktion move(kept, thrown, used, cap), nicht {value}"
        ),
        "policy.otherwise": "{who}: 'otherwise' = {value}; erlaubt: {allowed}",
        "policy.moves": "{who}: 'moves' muss ein Objekt Zugstand -> Zug sein",
        "policy.state": "{who}: Zugstand {key!r}: {reason}",
        "policy.cap": (
            "{who}: Zugstand {key!r}: die Wurfgrenze als Zahl angeben (der erste Spieler der "
            "Runde: max_throws der Regeln), nicht '*'"
        ),
        "policy.never": (
            "{who}: Zugstand {key!r} kommt nicht vor (Würfe von 1 bis zur Grenze; vor dem "
            "ersten Wurf liegt nichts heraus)"
        ),
        "policy.move": (
            "{who}: Zug {value} bei {key!r}; erlaubt: 'stop', 'keep none' oder 'keep D-D' "
            "(die Würfel, die für den nächsten Wurf liegen bleiben)"
        ),
        "policy.no_throw": "{who}: Zug {value} bei {key!r}: kein Wurf mehr übrig, nur 'stop'",
        "policy.dice": (
            "{who}: Zug {value} bei {key!r}: liegen bleiben können nur Würfel vom Tisch und "
            "aus dem Wurf; erlaubt: stop, keep none oder keep aus {dice}"
        ),
        "policy.returned": (
            "{who}: bei {key!r} gab die Funktion {value} zurück; erlaubt: None (stehen) oder "
            "die Würfel, die liegen bleiben (1 bis 6)"
        ),
        "policy.illegal": (
            "{who}: Zug 'keep {keep}' bei {key!r} ist unter {rules} nicht erlaubt (set_aside = "
            "{set_aside}, sixes_turning = {sixes}, take_back = {back}); erlaubt: stop, {allowed}"
        ),
        # batch path: solver bots (issue 28, batch28)
        "sim.bot_why_level": (
            " (er lost seine Züge bei jeder Entscheidung aus; das hält keine feste Tabelle)"
        ),
        "sim.duel_seats": (
            "Bot {bot!r} spielt im Batch-Pfad nur zu zweit, nicht an {n} Plätzen: er spielt "
            "für die Werte einer Hälfte zu zweit, und mit mehr Spielern hängen seine Züge von "
            "jedem Ergebnis vor ihm ab, offen oder unter dem Becher; das hält keine Tabelle "
            "(dafür schock arena nehmen)"
        ),
        "sim.dask": (
            "--cluster braucht Dask distributed: pip install 'schock[sim]' "
            "(oder 'dask[distributed]')"
        ),
        "sim.address": (
            "Cluster-Adresse: {address!r}; erlaubt: die Adresse eines Schedulers, "
            "z. B. tcp://host:8786"
        ),
        "sim.unreachable": (
            "Der Dask-Scheduler unter {address!r} ist in {timeout} s nicht erreichbar: {reason} "
            "(einen starten mit 'dask scheduler', Worker mit 'dask worker ADRESSE')"
        ),
        "sim.no_workers": (
            "Der Dask-Scheduler unter {address!r} hat keine Worker ({timeout} s gewartet): "
            "welche starten mit 'dask worker ADRESSE'"
        ),
        "sim.field": (
            "Regelfeld {name!r} kann der Batch-Pfad (schock.sim) nicht; unterstützt: {fields}"
        ),
        "sim.field_default": (
            "Regelfeld {name} = {value!r} kann der Batch-Pfad (schock.sim) noch nicht; erlaubt: "
            "der Standardwert {default!r} (für diese Regel die Engine nehmen, z. B. schock arena)"
        ),
        "sim.sweep": "Regelfeld {field!r} lässt sich nicht durchlaufen (erlaubt: {allowed})",
        # schock sim: recorded rows, sweeps and differences (issue 28, data28)
        "sim.record": "Zeilen je {value!r}; erlaubt: {allowed}",
        "sim.rows_games": (
            "--per {per} hält jede Zeile im Speicher: höchstens {max} Spiele aller Regelwerke "
            "zusammen, nicht {games} (mehrere Seeds laufen lassen, oder --per game)"
        ),
        "sim.sweep_syntax": (
            "--sweep {text!r}: erlaubt ist FELD oder FELD=W1,W2,... (ein Regelfeld und seine Werte)"
        ),
        "sim.sweep_count": "höchstens zwei --sweep-Felder, nicht {n}",
        "sim.per_out": "--per {per} sagt, was eine Zeile von --out ist: --out DATEI dazu angeben",
        "sim.sweep_twice": "--sweep {field}: dasselbe Feld zweimal",
        "sim.sweep_value": "--sweep {field}={value}: {reason}",
        "sim.sweep_inert": (
            "--sweep {field}: kein Wert ändert die Spiele dieser Bots ({bots}): {reason}; "
            "nichts simuliert"
        ),
        "sim.sweep_inert_why": "der Batch-Pfad spielt sie bei jedem Wert gleich",
        "sim.sweep_whole": "erlaubt: eine ganze Zahl",
        "sim.sweep_bool": "erlaubt: true, false",
        "sim.sweep_repeat": "ein Wert doppelt genannt",
        "sim.inert.blind": "blind ansagen darf nur der Erste, und diese Bots heben immer auf",
        "sim.inert.einkaufen": "diese Bots kaufen sich nie ein",
        "sim.inert.simultaneous_first_throw": (
            "ein gemeinsamer erster Wurf ist ein Wurf wie jeder andere, und kein Bot schaut auf die anderen"
        ),
        "sim.inert.strafdeckel": "Strafdeckel zählt man am echten Tisch; in der Simulation fällt nichts",
        "keepcli.no_seat": "kein Platz {name!r}; die Plätze sind: {seats}",
        "keepcli.empty": "leere Eingabe; '?' zeigt, was man eingeben kann",
        "keepcli.straf": "straf NAME [N]: wessen Würfel oder Becher fiel, und wie viele (1-4)",
        "keepcli.straf_number": "Zahl {text!r}; erlaubt: 1 bis 4",
        "keepcli.roll_off": "Beim Auswürfeln zählt ein Würfel: eine Augenzahl von 1 bis 6, nicht {text!r}",
        "keepcli.einkaufen": "Antwort ja oder nein, nicht {text!r}",
        "keepcli.seats": "--seat: mindestens 2 Spieler nennen (--seat NAME mehrmals)",
        "keepcli.resume_seats": (
            "--resume nimmt die Plätze aus der Datei: --seat/--starter weglassen"
        ),
        "keepcli.starter": "--starter: {name!r} ist kein --seat; die Plätze sind: {seats}",
        "keepcli.write": "{option} {path}: kann nicht schreiben: {reason}",
        "keepcli.read": "{option} {path}: kann nicht lesen: {reason}",
        # usage errors of schock's own options (cli27b)
        "cli.replay_one_of": "gib genau eins an: DATEI oder --example PRESET",
        "cli.resume_with": (
            "{options} geht nicht mit --resume: das Protokoll legt Regeln, Plätze und Würfel fest"
        ),
        "cli.not_finite": "{value!r} ist keine endliche Zahl; erlaubt: {low} bis {high}.",
        "cli.nul_name": "{value!r} ist kein brauchbarer Dateiname (er enthält ein NUL-Zeichen).",
        "word.points": "Punkte",
        "word.count": "Anzahl",
        "word.round": "Runde",
        "word.table": "Tisch",
        "word.game": "Spiel",
        "turnier.none": (
            "kein Turnier in dieser Datenbank; erlaubt: erst eines anlegen (turnier neu)"
        ),
        "turnier.unknown": "kein Turnier {tid!r} in dieser Datenbank; erlaubt: {known}",
        "turnier.no_round": "noch keine Runde ausgelost; erlaubt: erst eine Runde auslosen",
        "turnier.bad_round": "Runde: {number}; erlaubt: 1 bis {n} (ausgeloste Runden)",
        "turnier.name": "Name: {name!r}; erlaubt: ein nicht leerer Text",
        "turnier.player_name": "Spielername: {name!r}; erlaubt: ein Text von 1 bis 80 Zeichen",
        "turnier.team": "Mannschaft: {team!r}; erlaubt: ein Text von höchstens 80 Zeichen",
        "turnier.place": "{what}: {v!r}; erlaubt: eine ganze Zahl ab 1",
        "turnier.out": (
            "raus: {text!r}; erlaubt: Startnummern, Erster zuerst, wer gleichzeitig "
            "rausgeht mit + verbunden (z. B. 2, 3+5, 4)"
        ),
        "turnier.schock_aus": (
            "Runde {r}, Tisch {t}, Spiel {g}: Schock Aus von Spieler {p}: {n!r}; erlaubt: 0 bis 99"
        ),
        "state.others": (
            "Eine Runde braucht mindestens einen weiteren Spieler (davor: {before}, "
            "danach: {after})"
        ),
        # solver: the other players' Deckel under schock_aus_keeps (helper "optimal")
        "state.piles": (
            "Deckel der anderen Spieler: {piles} angegeben für {others} andere(n) Spieler; "
            "erlaubt: eine Zahl je anderem Spieler der Runde, in Sitzreihenfolge"
        ),
        "state.piles_needed": (
            "Regelfeld schock_aus_keeps: ein Schock Aus lässt seinem Werfer die eigenen "
            "Deckel, also hängen die Deckel im Spiel von den Deckeln jedes anderen Spielers "
            "ab; gib sie an (--piles, eine Zahl je anderem Spieler der Runde, in "
            "Sitzreihenfolge; hier {others}) oder lass --stock weg"
        ),
        # engine and notation errors a command shows (cli27: in the command's language)
        "dice.count": "{count} Würfel nötig, nicht {n}: {values}",
        "dice.bad": "ungültiger Würfel {value}: ein Würfel zeigt eine ganze Zahl von 1 bis 6",
        "straf.items": "Strafdeckel: 1 bis 4 Stück (drei Würfel und der Becher), nicht {got}",
        "notation.args": "falsche Zahl von Angaben für {verb!r}: {n} (erlaubt: {want})",
        "notation.turn_ones": "ungültige Zahl von Einsen {got!r} (erlaubt: 1 oder 2)",
        "notation.answer": "ungültige Antwort {got!r} (erlaubt: yes, no)",
        "notation.straf_items": "ungültige Zahl von Stücken {got!r} (erlaubt: 1 bis 4)",
        "dice.table": (
            "Diese Würfel kommen von einem echten Tisch: die geworfenen Augen angeben, "
            "z. B. wurf 1-1-4"
        ),
        # a database a command did not find (cli27: only creating commands make one)
        "db.missing": (
            "Datenbank {path}: Datei nicht gefunden (nichts wurde angelegt); erlaubt: eine "
            "vorhandene Datenbank (--db oder SCHOCK_DB); eine neue legen 'schock turnier neu', "
            "'schock turnier import', 'schock abend new-group' und 'schock serve' an"
        ),
        # database and server processes (store/db.py, schock serve --workers)
        "db.locked": (
            "Datenbank {path}: ein anderer schock-Prozess bedient sie schon ({holder}); erlaubt: "
            "ein schock serve je SQLite-Datei (den anderen beenden) oder PostgreSQL für mehrere"
        ),
        "db.driver": (
            "Datenbank {url}: der PostgreSQL-Treiber ist nicht installiert ({reason}); erlaubt: "
            "pip install 'schock[postgres]'"
        ),
        "db.workers": (
            "--workers {n}: mehrere Prozesse brauchen PostgreSQL; erlaubt: --workers 1 mit "
            "SQLite oder --db postgresql://user@host/db"
        ),
        "db.serve_workers": (
            "schock: {n} Prozesse auf den Ports {first} bis {last}, für einen Proxy, der nach "
            "Tisch verteilt (docs/deploy.md); Strg+C beendet"
        ),
        # analysis of a game (schock analyse, the Analyse page): issue 26
        "analyse.title": "Analyse: {rules} — {names}",
        "analyse.objective.round": "Werte: Chance, die Runde nicht zu verlieren (exakter Zug-Solver, aus Sicht des Spielers)",
        "analyse.objective.half": "Werte: Chance, die Hälfte und damit das Spiel nicht zu verlieren (exaktes Gleichgewicht zu zweit, aus Sicht des Spielers)",
        "analyse.unfinished": "Das Spiel ist nicht zu Ende: analysiert ist, was gespielt wurde ({actions} Aktionen).",
        "analyse.round": "Hälfte {half}, Runde {round}",
        "analyse.holding": "{result} nach {throws}",
        "analyse.cup": "Wurf unter dem Becher",
        "analyse.line": "{name} ({holding}) spielt: {played} — {mark}",
        "analyse.better": "besser: {best} — {value_best} statt {value_played}",
        "analyse.unrated": "{name}: {played} — nicht bewertet ({why})",
        "analyse.einkaufen": "der Solver bewertet Einkaufen nicht",
        "analyse.einkaufen_yes": "Einkaufen: ja",
        "analyse.einkaufen_no": "Einkaufen: nein",
        "analyse.none": "Keine Entscheidung von {who} zu bewerten.",
        "analyse.all_ok": "Jede bewertete Entscheidung war ok (Verlust unter 0,02): --all zeigt sie.",
        "analyse.players": "Zusammenfassung je Spieler",
        "analyse.head": "Spieler|Entscheidungen|Verlust|Schnitt|ok|ungenau|Fehler|Patzer|Deckel|erwartet eigen|erwartet best|Glück",
        "analyse.explain": "Verlust: durch Entscheidungen verschenkte Chance; Deckel erwartet bei eigenen Entscheidungen und bei bestem Spiel; Glück = erwartete Deckel bei eigenen Entscheidungen − erhaltene (über 0: die Würfel waren gnädig).",
        "analyse.mark.ok": "ok",
        "analyse.mark.ungenau": "ungenau",
        "analyse.mark.fehler": "Fehler",
        "analyse.mark.patzer": "Patzer",
        "analyse.bad_record": "{where}: die Aufzeichnung lässt sich nicht nachspielen: {reason}",
        "analyse.empty": "{where}: nichts zu analysieren: die Aufzeichnung enthält keine Aktionen",
        "analyse.no_seat": "--seat: kein Spieler {name!r}; die Spieler sind: {names}",
        "analyse.objective_unknown": "unbekanntes Ziel {objective!r} (erlaubt: round, half)",
        "analyse.half_seats": "das Ziel half bewertet nur Spiele zu zweit, dieses Spiel hat {n} Plätze (erlaubt: round)",
        "analyse.half_rules": "das Ziel half kann diese Regeln nicht bewerten: Regelfeld {field} (erlaubt: {allowed})",
        # --- server operation (schock serve, schock tables, schock db; issue 24) ---
        "ops.base_url": (
            "Basis-Adresse {value!r}: keine http(s)-Adresse mit Rechnername; "
            "erlaubt: z. B. https://schock.example oder http://192.168.1.20:8000"
        ),
        "ops.root_path": (
            "Unterpfad {value!r}: kein URL-Pfad; erlaubt: z. B. /schock "
            "(Buchstaben, Ziffern, - _ . ~ /)"
        ),
        "ops.proxy": (
            "Vertrauter Proxy {value!r}: keine IP-Adresse und kein Netz; "
            "erlaubt: z. B. 127.0.0.1, 10.0.0.0/8, ::1 oder * (alle)"
        ),
        "ops.serve_open": "schock: {url} im Browser öffnen",
        "ops.serve_also": "        auch erreichbar unter {url}",
        "ops.serve_qr": "Mit dem Handy scannen:",
        "ops.serve_stop": "Strg+C beendet den Server.",
        "ops.db_unusable": "Datenbank nicht nutzbar (nichts wurde geschrieben): {reason}",
        "ops.age": "--older-than {value!r}: erlaubt: Zahl und Einheit, z. B. 30d, 12h, 90m, 2w",
        "ops.tables_count": "{shown} von {total} Tischen gezeigt (neueste zuerst)",
        "ops.no_table": (
            "Kein solcher Tisch: {ids}; nichts wurde geändert (schock tables list zeigt sie)"
        ),
        "ops.closed": "{n} Tische beendet",
        "ops.purge_what": "{n} Tische von vor {cutoff} (UTC) würden samt ihren Spielen gelöscht",
        "ops.sure": "Löschen?",
        "ops.nothing": "Nichts wurde gelöscht",
        "ops.purged": "{n} Tische gelöscht",
        "ops.backup_pg": (
            "schock db backup kopiert SQLite-Dateien; für {backend} dessen eigenes Werkzeug "
            "benutzen, z. B. pg_dump -Fc (siehe docs/configuration.md)"
        ),
        "ops.backup_source": (
            "Datenbankdatei {path!r}: gibt es nicht; erlaubt: eine vorhandene SQLite-Datei"
        ),
        "ops.backup_exists": (
            "{path}: gibt es schon; erlaubt: eine neue Datei (nichts wird überschrieben)"
        ),
        "ops.backup_dir": "{path}: kein solcher Ordner; erlaubt: eine Datei in einem vorhandenen Ordner",
        "ops.backup_failed": "Sicherung fehlgeschlagen, nichts wurde geschrieben: {reason}",
        "ops.backed_up": "Sicherung geschrieben: {path} ({kb} KB)",
        # --- end of server operation ---
        # the Stammtisch evening (schock abend, /abend)
        "abend.f.name": "Name",
        "abend.f.group_name": "Name der Gruppe",
        "abend.f.player": "Spieler",
        "abend.f.loser": "Verlierer",
        "abend.f.schock_aus": "Schock Aus kassiert von",
        "abend.f.half_loser": "Verlierer einer Hälfte",
        "abend.f.payer": "Zahler",
        "abend.f.payee": "Empfänger",
        "abend.f.amount": "Betrag",
        "abend.f.evening": "Abend",
        "abend.f.entry": "Eintrag",
        "abend.f.members": "Mitglieder",
        "abend.f.schock_aus_stakes": "Einsätze je Schock Aus",
        "abend.f.stake": "Einsatz",
        "abend.f.currency": "Währung",
        "abend.f.date": "Datum",
        "abend.f.version": "Version",
        "abend.the_group": "der Runde",
        "abend.none_yet": "(noch keine)",
        "abend.settings_object": (
            "Einstellungen: kein Objekt; erlaubt: stake, amount, currency, schock_aus_stakes"
        ),
        "abend.settings_field": (
            "Einstellungen: unbekanntes Feld {field!r}; erlaubt: stake, amount, currency, schock_aus_stakes"
        ),
        "abend.stake": "Einsatz: {stake!r}; erlaubt: runde (eine Runde), geld (Geld)",
        "abend.amount_min": (
            "Betrag: fehlt oder 0; erlaubt: ein Betrag wie 2,50, wenn um Geld gespielt wird"
        ),
        "abend.currency": "Währung: {currency!r}; erlaubt: ein Code aus drei Buchstaben wie EUR",
        "abend.int_not": "{what}: {value!r} ist keine ganze Zahl; erlaubt: {lo} bis {hi}",
        "abend.int_range": "{what}: {value}; erlaubt: {lo} bis {hi}",
        "abend.name_type": "{what}: kein Text; erlaubt: 1 bis {max} druckbare Zeichen",
        "abend.name_empty": "{what}: leer; erlaubt: 1 bis {max} druckbare Zeichen",
        "abend.name_bad": (
            "{what}: {name!r} ist zu lang oder enthält Steuerzeichen; erlaubt: 1 bis {max} druckbare Zeichen"
        ),
        "abend.entry_id": (
            "Eintrags-Kennung: {entry!r}; erlaubt: 1 bis 64 Buchstaben, Ziffern, - und _"
        ),
        "abend.date": "Datum: {day!r}; erlaubt: ein Datum wie 2026-11-20",
        "abend.duplicate": (
            "Dieser Eintrag steht schon im Buch (Eintrag {seq}); er zählt nicht doppelt"
        ),
        "abend.events_first": "Ereignisse: Das erste Ereignis muss 'created' sein",
        "abend.event_kind": "Ereignis {seq}: unbekannte Art {kind!r}",
        "abend.not_member": "{what}: {name!r} ist kein Mitglied; erlaubt: {allowed}",
        "abend.member_exists": "{name!r} ist schon Mitglied der Gruppe",
        "abend.members_max": "Die Gruppe hat {max} Mitglieder; erlaubt: höchstens {max}",
        "abend.no_evening": "Kein Abend ist offen; zuerst einen Abend beginnen",
        "abend.players_list": "Spieler: keine Liste; erlaubt: 2 bis {max} Mitglieder",
        "abend.players_count": (
            "Spieler: {n}; erlaubt: 2 bis {max} Mitglieder (ankreuzen, wer mitgespielt hat)"
        ),
        "abend.players_twice": (
            "Spieler: ein Mitglied ist doppelt genannt; erlaubt: jeder Spieler einmal"
        ),
        "abend.loser_absent": (
            "Verlierer: {name!r} hat dieses Spiel nicht mitgespielt; erlaubt: {allowed}"
        ),
        "abend.too_many": "Schock Aus / Verlierer der Hälften: mehr als 20; erlaubt: 0 bis 20",
        "abend.did_not_play": "{name!r} hat dieses Spiel nicht mitgespielt; erlaubt: {allowed}",
        "abend.record_text": "Spielbericht: kein Text oder länger als {max} Zeichen",
        "abend.evening_none": "Abend: {n}; diesen Abend gibt es noch nicht; zuerst einen beginnen",
        "abend.payee_self": "Empfänger: {name!r} ist der Zahler; erlaubt: ein anderes Mitglied",
        "abend.payee_rounds": "Empfänger: Eine Runde geht an die Gruppe; erlaubt: kein Empfänger",
        "abend.payee_missing": (
            "Empfänger: fehlt; erlaubt: ein Mitglied, dem {name!r} Geld schuldet"
        ),
        "abend.nothing_owed": "{name} schuldet {to} nichts; nichts zu begleichen",
        "abend.too_much": (
            "Betrag: {amount} ist mehr, als {name} {to} schuldet ({owed}); erlaubt: höchstens {owed}"
        ),
        "abend.not_item": "Eintrag: {n} ist kein Spiel und keine Zahlung; erlaubt: {allowed}",
        "abend.already_voided": "Eintrag {n} ist schon gestrichen",
        "abend.already_valid": "Eintrag {n} zählt schon",
        "abend.money": "Betrag: {text!r}; erlaubt: ein Betrag wie 2,50 (höchstens 10.000,00)",
        "abend.record_open": (
            "Spielbericht: Das Spiel ist nicht zu Ende; erlaubt: der Bericht eines beendeten Spiels"
        ),
        "abend.record_no_loser": (
            "Spielbericht: Das Spiel hat keinen Verlierer; erlaubt: der Bericht eines beendeten Spiels"
        ),
        "abend.group_unknown": (
            "Gruppe: {key!r} ist unbekannt oder nicht eindeutig; erlaubt: {allowed}"
        ),
        "abend.group_none": "Gruppe: keine Gruppe {key!r}",
        "abend.group_name_taken": (
            "Name der Gruppe: Es gibt schon eine Gruppe {name!r}; erlaubt: ein anderer Name"
        ),
        "abend.field_type": "{what}: kein Textfeld",
        "abend.field_long": "{what}: länger als {max} Zeichen",
        "abend.members_count": "Mitglieder: {n}; erlaubt: mindestens 2 Namen, einer je Zeile",
        "abend.loser_missing": (
            "Verlierer: fehlt; erlaubt: den Verlierer antippen oder einen Spielbericht hochladen"
        ),
        "abend.schock_aus_count": "Schock Aus: {text!r}; erlaubt: 0 bis 20",
        "abend.version": "Version: fehlt; erlaubt: das Formular, wie die Seite es geschickt hat",
        "abend.record_large": "{file}: größer als {max} Bytes",
        "abend.record_utf8": "{file}: kein UTF-8-Text",
        "abend.meanwhile": (
            "Inzwischen wurde Spiel {seq} eingetragen (verloren hat {loser}). Ist deins ein anderes Spiel?"
        ),
        "abend.rounds_amount": "Betrag: {text!r}; erlaubt: eine ganze Zahl von Runden",
        "abend.evening_param": "Abend: {text!r}; erlaubt: 1 bis {n}",
        "abend.no_group": "Keine solche Gruppe (der Link ist falsch oder unvollständig)",
        "abend.cli_amount_missing": "--amount: fehlt; erlaubt: ein Betrag wie 2,50 bei --stake geld",
        "abend.cli_record_alone": (
            "--record: Der Spielbericht nennt Verlierer, Spieler und Schock Aus; "
            "erlaubt: --record allein oder --loser mit --player/--schock-aus"
        ),
        "abend.cli_loser_missing": "--loser: fehlt; erlaubt: --loser NAME oder --record DATEI",
        "abend.cli_base_url": "--base-url: {url!r}; erlaubt: eine Adresse wie https://schock.example",
        # the scorekeeping pages (/keep)
        "keepweb.f.seat": "Platz",
        "keepweb.f.items": "Würfel oder Becher vom Tisch",
        "keepweb.f.die": "Würfel {i}",
        "keepweb.f.throws": "Würfe",
        "keepweb.f.turned": "1en aus gedrehten Sechsen",
        "keepweb.f.starter": "Wer beginnt",
        "keepweb.f.entry": "Nummer des Eintrags",
        "keepweb.int": "{what}: {text!r}; erlaubt: eine ganze Zahl von {low} bis {high}",
        "keepweb.over": "Das Spiel ist vorbei: Es gibt nichts mehr einzutragen",
        "keepweb.join": "Einkaufen: {text!r}; erlaubt: kauft ein oder setzt aus",
        "keepweb.claim": "Ansage: {text!r}; erlaubt: {allowed}",
        "keepweb.kind": "Art: {text!r}; erlaubt: result, action, roll_off, einkaufen, straf, void",
        "keepweb.no_game": "Dieses Spiel gibt es nicht (der Link ist falsch oder unvollständig)",
    },
}


#: German labels of the rule references (the English reference is its own label).
RULE_LABELS: dict[str, str] = {
    "docs/rules.md, A turn": "Regeln: Ein Zug",
    "docs/rules.md, A turn 1: the round's throw limit": "Regeln: Ein Zug, 1. Wurfzahl der Runde",
    "docs/rules.md, A turn 2: setting dice aside": "Regeln: Ein Zug, 2. Herauslegen",
    "docs/rules.md, A turn 3: Sechsen drehen": "Regeln: Ein Zug, 3. Sechsen drehen",
    "docs/rules.md, A turn 5: composed results": (
        "Regeln: Ein Zug, 5. Zusammengesetzte Ergebnisse"
    ),
    "docs/rules.md, Blind": "Regeln: Blind",
    "docs/rules.md, Simultaneous first throw (laden)": "Regeln: Laden (erster Wurf gleichzeitig)",
    "docs/rules.md, Opening round": "Regeln: Eröffnungsrunde",
    "docs/rules.md, What each player may see": "Regeln: Wer was sehen darf",
    "docs/rules.md, Einkaufen": "Regeln: Einkaufen",
    "docs/rules.md, Deckel: Strafdeckel": "Regeln: Deckel, Strafdeckel",
    "docs/rules.md, Deckel: Türmchen / Kippe": "Regeln: Deckel, Türmchen / Kippe",
    "docs/rules.md, Who starts": "Regeln: Wer beginnt",
}

#: Words for the values of the rules fields (``field.value``), by language; the
#: ladder's kinds are ``ladder.KIND``. A value without an entry is shown as it is.
VALUE_LABELS: dict[str, dict[str, str]] = {
    "de": {
        "set_aside.ones": "nur Einsen",
        "set_aside.any": "beliebige Würfel",
        "opening.one_die_high": "ein Würfel je Spieler, die höchste Zahl beginnt",
        "opening.one_die_low": "ein Würfel je Spieler, die niedrigste Zahl beginnt",
        "opening.opening_round": "Eröffnungsrunde (alle werfen einmal)",
        "opening.opening_round_youngest": (
            "Eröffnungsrunde (alle werfen einmal; bei Gleichstand verliert der Jüngste)"
        ),
        "starter_after_stock.round_loser": "der Verlierer der Runde",
        "starter_after_stock.most_deckel": "wer die meisten Deckel hat",
        "structure.halves_and_final": "zwei Hälften und Finale",
        "structure.one_half": "eine Hälfte",
        "final_starter.first_half_loser": "der Verlierer der 1. Hälfte",
        "final_starter.random": "ausgelost",
        "strafdeckel.none": "keine",
        "strafdeckel.stock": "aus dem Stock",
        "strafdeckel.stock_then_right": "aus dem Stock, ist er leer: vom rechten Nachbarn",
        "ladder.schock_aus": "Schock Aus",
        "ladder.jule": "Jule",
        "ladder.schock": "Schock",
        "ladder.general": "General",
        "ladder.strasse": "Straße",
    },
    "en": {
        "set_aside.ones": "only 1s",
        "set_aside.any": "any dice",
        "opening.one_die_high": "one die each, the highest begins",
        "opening.one_die_low": "one die each, the lowest begins",
        "opening.opening_round": "opening round (everybody throws once)",
        "opening.opening_round_youngest": (
            "opening round (everybody throws once; on a tie the youngest loses)"
        ),
        "starter_after_stock.round_loser": "the round's loser",
        "starter_after_stock.most_deckel": "the player with most Deckel",
        "structure.halves_and_final": "two halves and a Finale",
        "structure.one_half": "one half",
        "final_starter.first_half_loser": "the loser of the first half",
        "final_starter.random": "drawn at random",
        "strafdeckel.none": "none",
        "strafdeckel.stock": "from the Stock",
        "strafdeckel.stock_then_right": "from the Stock, once it is empty from the right neighbour",
        "ladder.schock_aus": "Schock Aus",
        "ladder.jule": "Jule",
        "ladder.schock": "Schock",
        "ladder.general": "General",
        "ladder.strasse": "Straße",
    },
}


def value_label(name: str, value: object, lang: str = "de") -> str:
    """A rules field's value in words: ``ja``/``nein``, ``nur Einsen``, a ladder as names.

    >>> value_label("set_aside", "ones"), value_label("set_aside", "ones", "en")
    ('nur Einsen', 'only 1s')
    >>> value_label("einkaufen", True), value_label("deckel", 13)
    ('ja', '13')
    >>> value_label("ladder", "schock_aus>jule>schock>general>strasse")
    'Schock Aus > Jule > Schock > General > Straße'
    """
    words = VALUE_LABELS.get(lang, VALUE_LABELS["en"])
    if isinstance(value, bool):
        if lang == "de":
            return "ja" if value else "nein"
        return "yes" if value else "no"
    if name == "ladder" and isinstance(value, str):
        return " > ".join(words.get(f"ladder.{k.strip()}", k.strip()) for k in value.split(">"))
    return words.get(f"{name}.{value}", str(value))


_ACTIONS = {text: key for key, text in CATALOG["en"].items() if key.startswith("do.")}


@dataclass(frozen=True, slots=True)
class Msg:
    """A message: a key of :data:`CATALOG` and the values of its placeholders."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English for a language without a catalog)."""
        words = CATALOG.get(lang, CATALOG["en"])
        if self.key not in words:
            words = INPUT_CATALOG.get(lang, INPUT_CATALOG["en"])
        key = self.key
        if self.params.get("name") in YOU and f"{key}@you" in words:
            key += "@you"  # the seat called "Du"/"You" is told in the second person
        return words[key].format_map({k: _show(v, lang) for k, v in self.params.items()})


def _show(value: object, lang: str) -> object:
    if isinstance(value, Msg):
        return value.text(lang)
    localized = getattr(value, "localized", None)
    if callable(localized):  # an error of schock, an amount or a count (schock.i18n): in ``lang``
        return localized(lang)
    if isinstance(value, Exception):
        return str(value)
    if lang == "de" and isinstance(value, list | tuple):
        items = [str(v) for v in value]
        if not items:
            return "nichts"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " und " + items[-1]
    return value


def placeholders(template: str) -> set[str]:
    """The names of a template's placeholders.

    >>> sorted(placeholders("cannot {what}: it is {name}'s turn"))
    ['name', 'what']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def action_msg(what: str) -> Msg | str:
    """The message part for an action phrase of the engine (``"set dice aside"``).

    An unknown phrase comes back as it is (the same in every language).

    >>> action_msg("set dice aside").text("de")
    'Würfel herauslegen'
    """
    key = _ACTIONS.get(what)
    return Msg(key) if key is not None else what


def waiting_for(phase: str, seat: int | None, names: Sequence[str]) -> Msg:
    """What the game waits for in ``phase`` (a :class:`~schock.engine.Phase` value), from ``seat``.

    >>> waiting_for("loading", 0, ["Anna", "Ben"]).text("en")
    'the first throw of Anna (seat 0)'
    >>> waiting_for("game_over", None, ["Anna", "Ben"]).text("de")
    'auf nichts mehr, es ist vorbei'
    >>> waiting_for("loading", 0, ["Du", "Ben"]).text("de")
    'auf deinen ersten Wurf (Platz 0)'
    """
    if phase == "game_over" or seat is None:
        return Msg("waiting.game_over")
    return Msg(f"waiting.{phase}", {"name": names[seat], "seat": seat})


def rule_label(rule: str, lang: str) -> str:
    """The label of a rule reference in ``lang``; unknown references come back as they are."""
    if lang == "de":
        return RULE_LABELS.get(rule, rule)
    return rule


def ranking_ladder(rules: object, lang: str = "de") -> str:
    """The ranking of results under ``rules`` (a :class:`~schock.rules.Rules`), best first,
    with the rule set's exceptions (Schock Hand, Schock doof below General, results that
    count only from one throw, no General or Jule).

    >>> from schock import load_rules
    >>> ranking_ladder(load_rules("irmgarteich"))
    'Schock Aus > Schock 6 … Schock 2 > General > Straße > einfacher Wurf'
    >>> ranking_ladder(load_rules("niederrhein"), "en")  # doctest: +NORMALIZE_WHITESPACE
    'Schock Aus > Schock 6 … Schock 3 > General (on hand only) > Schock doof
     > Straße (on hand only) > einfacher Wurf'
    """
    de = lang == "de"
    words = VALUE_LABELS["de" if de else "en"]
    on_hand = " (nur auf die Hand)" if de else " (on hand only)"
    doof_above = bool(getattr(rules, "schock_doof_above_general", True))
    has_general = bool(getattr(rules, "general", True))
    parts: list[str] = []
    for kind in str(getattr(rules, "ladder", "")).split(">"):
        kind = kind.strip()
        word = words.get(f"ladder.{kind}", kind)
        if kind == "schock_aus":
            if getattr(rules, "schock_hand", False):
                hand = "auf die Hand" if de else "on hand"
                parts.append(f"Schock Hand (1-1-1 {hand})")
            parts.append(word)
        elif kind == "jule":
            if getattr(rules, "jule", False):
                hand_only = getattr(rules, "jule_on_hand", False)
                parts.append(word + " (1-2-4)" + (on_hand if hand_only else ""))
        elif kind == "schock":
            low = 2 if doof_above or not has_general else 3
            parts.append(f"Schock 6 … Schock {low}")
        elif kind == "general":
            if has_general:
                parts.append(word + (on_hand if getattr(rules, "general_on_hand", False) else ""))
                if not doof_above:
                    parts.append("Schock doof")
        elif kind == "strasse":
            parts.append(word + (on_hand if getattr(rules, "strasse_on_hand", False) else ""))
    parts.append("einfacher Wurf")
    return " > ".join(parts)
