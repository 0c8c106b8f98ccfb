"""The words of the terminal game: German first, English second.

Game words stay German in both languages (Schock, General, Straße, Deckel,
Hälfte, Finale, Stock).

>>> say("de", "turn", name="Anna")
'Am Zug: Anna'
>>> say("en", "turn", name="Anna")
'To move: Anna'
"""

from __future__ import annotations

from typing import Any

from schock import i18n

LANGS = ("de", "en")

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "you": "Du",
        "app.title": "Schocken",
        "half.first": "1. Hälfte",
        "half.second": "2. Hälfte",
        "half.final": "Finale",
        "half.only": "Hälfte",
        "final.vs": "{a} gegen {b}",
        "round": "Runde {n}",
        "opening": "Eröffnungsrunde",
        "stock": "Stock {n}",
        "limit": "höchstens {n}",
        "limit.open": "Wurfzahl noch offen",
        "blind": "Blind! ein Wurf für alle, Deckel doppelt",
        "half_losers": "Hälfte verloren: {names}",
        "col.seat": "Spieler",
        "col.deckel": "Deckel",
        "col.dice": "Würfel",
        "col.throws": "Wurf",
        "col.state": "Stand",
        "bot": "Bots: {kind}",
        "bot.short": "Bot",
        "state.turn": "am Zug",
        "state.covered": "verdeckt",
        "state.zu": "zu",
        "state.out": "raus",
        "state.watch": "schaut zu",
        "state.waits": "wartet",
        "dice.title": "{name}: Wurf {k} von {cap}",
        "dice.title.start": "{name}: noch nicht geworfen",
        "dice.aside": "beiseite",
        "dice.turned": "gedreht",
        "dice.cup": "Becher",
        "dice.hidden": "verdeckt",
        "dice.none": "Keine Würfel auf dem Tisch.",
        "standing": "Verliert gerade: {name} mit {label}; zu schlagen: {label}",
        "standing.covered": " ({n} verdeckt, nicht mitgezählt)",
        "showdown.title": "Letzte Runde",
        "showdown.none": "Noch keine Runde gespielt.",
        "deckel.stock": "{loser} bekommt {count} Deckel aus dem Stock",
        "deckel.player": "{giver} gibt {loser} {count} Deckel",
        "deckel.all": "{label}: {loser} bekommt alle Deckel der Hälfte",
        "log.title": "Verlauf",
        "log.empty": "Noch nichts passiert.",
        "turn": "Am Zug: {name}",
        "turn.bot": "Am Zug: {name} (Bot)",
        "turn.einkaufen": "{name}: einkaufen? j = ja, n = nein",
        "turn.first": " (legt die Wurfzahl fest)",
        "turn.opening": " · Eröffnungsrunde, alle werfen einmal: Leertaste",
        "turn.opening.bot": " · Eröffnungsrunde: alle werfen einmal",
        "turn.loading": " · Laden: erst wirft jeder einmal unter den Becher",
        "auto.stop": (
            "{name}: Dein Wurf liegt schon unterm Becher (Laden), und die Runde hat nur "
            "einen Wurf: Er bleibt stehen."
        ),
        "over.lost": "Spiel vorbei: {name} hat das Spiel verloren.",
        "over.durchmarsch": "Spiel vorbei: Durchmarsch! {name} hat beide Hälften verloren.",
        # the seat called "Du" (the default human) in the second person
        "deckel.stock@you": "Du bekommst {count} Deckel aus dem Stock",
        "deckel.player@you": "{giver} gibt dir {count} Deckel",
        "deckel.player.giver@you": "Du gibst {loser} {count} Deckel",
        "deckel.all@you": "{label}: Du bekommst alle Deckel der Hälfte",
        "turn@you": "Du bist am Zug",
        "over.lost@you": "Spiel vorbei: Du hast das Spiel verloren.",
        "over.durchmarsch@you": "Spiel vorbei: Durchmarsch! Du hast beide Hälften verloren.",
        "wait.bot": "Am Zug ist {name} (Bot). Leertaste oder Enter: Bot-Züge überspringen.",
        "unknown.key": "Die Taste „{key}“ bedeutet hier nichts. ? zeigt alle Tasten.",
        "over.keys": (
            "Das Spiel ist vorbei. n = Revanche ({name} beginnt), "
            "q = beenden (mit Angebot zu speichern)."
        ),
        "illegal": "Nicht erlaubt: {reason}",
        "illegal.rule": "{rule}",
        "illegal.field": "Hier gilt: {label}: {value}",
        "no.die": "Es gibt keinen Würfel {n}.",
        "hidden.die": "Würfel {n} liegt noch unterm Becher.",
        "hint.unavailable": "Hinweis nicht verfügbar: der Zug-Löser ist nicht installiert.",
        "hint.nothing": "Kein Hinweis: hier gibt es nichts zu entscheiden.",
        "hint.title": "Hinweis für {name}",
        "hint.title.you": "Hinweis für dich",
        "hint.row": "{i}. {text}",
        "hint.odds": "nicht verlieren {p} · erwartete Deckel {d}",
        "hint.foot": "Beste Wahl zuerst. Eine Taste schließt.",
        "hint.best": (
            "Beste Wahl = die höchste Chance, diese Runde nicht zu verlieren "
            "(daneben: wie viele Deckel du im Mittel bekommst)."
        ),
        "hint.keep": "Liegen lassen:",
        "hint.keys": "Tasten: {keys}",
        # issue 27 item 8: the Einkaufen hint
        "hint.einkaufen": (
            "Einkaufen: du bist raus und kannst diese Hälfte nicht mehr verlieren.\n"
            "j = einkaufen: du spielst die Runde mit; verlierst du sie, bekommst du Deckel, "
            "bist wieder dabei und kannst die Hälfte noch verlieren.\n"
            "n = nicht einkaufen: du bleibst raus und sicher.\n"
            "Der optimale Bot kauft sich nie ein (n): einkaufen bringt nur das Risiko."
        ),
        "hint.einkaufen.foot": "Eine Taste schließt.",
        "key.space": "Leertaste",
        "key.then": ", dann ",
        "rules.title": "Regeln dieses Spiels",
        "rules.field": "Regel",
        "rules.value": "Wert",
        "rules.key": "Feld",
        "rules.ladder": "Rangfolge:",
        "yes": "ja",
        "no": "nein",
        "help.title": "Tasten",
        "help.foot": "Eine Taste schließt.",
        "error": "Fehler: {message}",
        "small": (
            "Das Terminal ist zu klein: {w}×{h} Zeichen, gebraucht werden mindestens "
            "{mw}×{mh}.\nBitte das Fenster vergrößern; das Spiel wartet."
        ),
        "quit.title": "Spiel beenden?",
        "quit.body": (
            "s = Spielprotokoll speichern und beenden\n"
            "o = ohne Speichern beenden\n"
            "Esc = weiterspielen"
        ),
        "quit.over": "Das Spiel ist vorbei.",
        "quit.body.over": (
            "s = Spielprotokoll speichern und beenden\n"
            "o = ohne Speichern beenden\n"
            "n = Revanche: neues Spiel, {name} beginnt\n"
            "Esc = zurück zum Tisch"
        ),
        "save.exists": (
            "Die Datei {path} gibt es schon. Enter = überschreiben, "
            "oder einen anderen Namen eingeben."
        ),
        "col.striche": "Striche",
        "striche": "Striche des Abends: {tally}",
        "key.rematch": "Revanche",
        "rematch": "Revanche! {name} hat das letzte Spiel verloren und beginnt.",
        "rematch.title": "Revanche: das Spiel vorher speichern?",
        "rematch.body": (
            "Das Spielprotokoll ist noch nicht gespeichert.\n"
            "s = speichern, dann Revanche ({name} beginnt)\n"
            "n = Revanche ohne Speichern (das Protokoll geht verloren)\n"
            "Esc = zurück zum Tisch"
        ),
        "quit.running": "Das Spiel läuft noch: ohne Speichern ist es verloren.",
        "save.prompt": "Datei für das Spielprotokoll (Enter = speichern, Esc = zurück):",
        "save.error": "Kann nicht speichern: {message}",
        "saved": "Spielprotokoll gespeichert: {path}",
        "resume.cmd": "Weiterspielen mit: {cmd}",
        "lost": "{name} hat das Spiel verloren.",
        "key.throw": "werfen",
        "key.dice": "Würfel beiseite/zurück",
        "key.lift": "Becher heben",
        "key.stop": "stehen lassen",
        "key.blind": "blind",
        "key.sixes": "Sechsen drehen",
        "key.sixes2": "drei Sechsen: zwei Einsen",
        "key.join": "einkaufen",
        "key.pass": "nicht einkaufen",
        "key.skip": "Bots überspringen",
        "key.hint": "Hinweis",
        "key.rules": "Regeln",
        "key.help": "Hilfe",
        "key.quit": "beenden",
        "help.body": (
            "Leertaste, w   werfen\n"
            "1, 2, 3        Würfel 1–3 beiseitelegen oder zurück in den Becher\n"
            "d              Sechsen drehen: zwei Sechsen werden eine Eins\n"
            "D              drei Sechsen werden zwei Einsen\n"
            "a, l           Becher heben (erster Wurf des Beginners)\n"
            "s              stehen lassen (beim ersten Wurf ungesehen: zu)\n"
            "b              blind ansagen (wo die Regeln es erlauben)\n"
            "j, n           einkaufen ja / nein (wenn der Stock leer ist)\n"
            "n              am Ende: Revanche, der Verlierer beginnt (Striche zählen mit)\n"
            "Enter          Bot-Züge überspringen\n"
            "h              Hinweis: jede Wahl mit ihren Chancen\n"
            "r              die Regeln dieses Spiels\n"
            "?, F1          diese Hilfe\n"
            "q, Strg-C      beenden (mit Angebot, das Spiel zu speichern)\n"
            "\n"
            "Würfel: ⚀ ⚁ ⚂ ⚃ ⚄ ⚅; ■ liegt unterm Becher. Grün: beiseite gelegt.\n"
            "Am Tisch: ▶ ist am Zug, B hat die Runde begonnen (setzt die Wurfzahl)."
        ),
    },
    "en": {
        "you": "You",
        "app.title": "Schocken",
        "half.first": "Half 1",
        "half.second": "Half 2",
        "half.final": "Finale",
        "half.only": "Hälfte",
        "final.vs": "{a} against {b}",
        "round": "Round {n}",
        "opening": "opening round",
        "stock": "Stock {n}",
        "limit": "at most {n}",
        "limit.open": "throw limit not set yet",
        "blind": "Blind! one throw for everybody, Deckel doubled",
        "half_losers": "Half lost by: {names}",
        "col.seat": "Player",
        "col.deckel": "Deckel",
        "col.dice": "Dice",
        "col.throws": "Throw",
        "col.state": "State",
        "bot": "bots: {kind}",
        "bot.short": "bot",
        "state.turn": "to move",
        "state.covered": "covered",
        "state.zu": "zu",
        "state.out": "out",
        "state.watch": "watches",
        "state.waits": "waits",
        "dice.title": "{name}: throw {k} of {cap}",
        "dice.title.start": "{name}: no throw yet",
        "dice.aside": "set aside",
        "dice.turned": "turned",
        "dice.cup": "cup",
        "dice.hidden": "hidden",
        "dice.none": "No dice on the table.",
        "standing": "Losing so far: {name} with {label}; to beat: {label}",
        "standing.covered": " ({n} covered, not counted)",
        "showdown.title": "Last round",
        "showdown.none": "No round played yet.",
        "deckel.stock": "{loser} receives {count} Deckel from the Stock",
        "deckel.player": "{giver} gives {loser} {count} Deckel",
        "deckel.all": "{label}: {loser} receives every Deckel of the half",
        "log.title": "Log",
        "log.empty": "Nothing has happened yet.",
        "turn": "To move: {name}",
        "turn.bot": "To move: {name} (bot)",
        "turn.einkaufen": "{name}: buy in (Einkaufen)? j/y = yes, n = no",
        "turn.first": " (sets the throw limit)",
        "turn.opening": " · opening round, everybody throws once: Space",
        "turn.opening.bot": " · opening round: everybody throws once",
        "turn.loading": " · Laden: everybody first throws once under the cup",
        "auto.stop": (
            "{name}: your throw is already under the cup (Laden) and the round has only "
            "one throw: it stands."
        ),
        "over.lost": "Game over: {name} has lost the game.",
        "over.durchmarsch": "Game over: Durchmarsch! {name} has lost both halves.",
        "deckel.stock@you": "You receive {count} Deckel from the Stock",
        "deckel.player@you": "{giver} gives you {count} Deckel",
        "deckel.player.giver@you": "You give {loser} {count} Deckel",
        "deckel.all@you": "{label}: you receive every Deckel of the half",
        "turn@you": "Your turn",
        "over.lost@you": "Game over: you have lost the game.",
        "over.durchmarsch@you": "Game over: Durchmarsch! You have lost both halves.",
        "wait.bot": "To move: {name} (bot). Space or Enter: skip the bot moves.",
        "unknown.key": "The key '{key}' means nothing here. ? shows every key.",
        "over.keys": "The game is over. n = rematch ({name} starts), q = quit (offers to save).",
        "illegal": "Not allowed: {reason}",
        "illegal.rule": "rule: {rule}",
        "illegal.field": "rules field: {field} = {value} ({label})",
        "no.die": "There is no die {n}.",
        "hidden.die": "Die {n} is still under the cup.",
        "hint.unavailable": "Hint unavailable: the turn solver is not installed.",
        "hint.nothing": "No hint: there is nothing to decide here.",
        "hint.title": "Hint for {name}",
        "hint.title.you": "Hint for you",
        "hint.row": "{i}. {text}",
        "hint.odds": "not losing {p} · expected Deckel {d}",
        "hint.foot": "Best choice first. Any key closes.",
        "hint.best": (
            "Best = the highest chance not to lose this round "
            "(beside it: how many Deckel you receive on average)."
        ),
        "hint.keep": "Keep:",
        "hint.keys": "keys: {keys}",
        # issue 27 item 8: the Einkaufen hint
        "hint.einkaufen": (
            "Einkaufen: you are out and can no longer lose this half.\n"
            "j/y = buy in: you play this round; lose it and you receive Deckel, are back in "
            "and can still lose the half.\n"
            "n = do not buy in: you stay out and safe.\n"
            "The optimal bot never buys in (n): buying in brings nothing but the risk."
        ),
        "hint.einkaufen.foot": "Any key closes.",
        "key.space": "Space",
        "key.then": ", then ",
        "rules.title": "The rules of this game",
        "rules.field": "Rule",
        "rules.value": "Value",
        "rules.key": "Field",
        "rules.ladder": "Ranking:",
        "yes": "yes",
        "no": "no",
        "help.title": "Keys",
        "help.foot": "Any key closes.",
        "error": "Error: {message}",
        "small": (
            "The terminal is too small: {w}×{h} characters, at least {mw}×{mh} are needed.\n"
            "Please enlarge the window; the game waits."
        ),
        "quit.title": "Quit the game?",
        "quit.body": (
            "s = save the game record and quit\no = quit without saving\nEsc = keep playing"
        ),
        "quit.over": "The game is over.",
        "quit.body.over": (
            "s = save the game record and quit\n"
            "o = quit without saving\n"
            "n = rematch: a new game, {name} starts\n"
            "Esc = back to the table"
        ),
        "save.exists": "The file {path} exists. Enter = overwrite it, or type another name.",
        "col.striche": "Striche",
        "striche": "Striche of the evening: {tally}",
        "key.rematch": "rematch",
        "rematch": "Rematch! {name} lost the last game and starts.",
        "rematch.title": "Rematch: save this game first?",
        "rematch.body": (
            "The game record is not saved yet.\n"
            "s = save it, then the rematch ({name} starts)\n"
            "n = rematch without saving (the record is lost)\n"
            "Esc = back to the table"
        ),
        "quit.running": "The game is still running: without saving it is lost.",
        "save.prompt": "File for the game record (Enter = save, Esc = back):",
        "save.error": "Cannot save: {message}",
        "saved": "Game record saved: {path}",
        "resume.cmd": "Continue with: {cmd}",
        "lost": "{name} has lost the game.",
        "key.throw": "throw",
        "key.dice": "set aside/take back",
        "key.lift": "lift the cup",
        "key.stop": "stop",
        "key.blind": "blind",
        "key.sixes": "turn sixes",
        "key.sixes2": "three sixes: two 1s",
        "key.join": "buy in",
        "key.pass": "do not buy in",
        "key.skip": "skip bots",
        "key.hint": "hint",
        "key.rules": "rules",
        "key.help": "help",
        "key.quit": "quit",
        "help.body": (
            "space, w       throw\n"
            "1, 2, 3        set die 1–3 aside, or put it back into the cup\n"
            "d              Sechsen drehen: two 6s become a 1\n"
            "D              three 6s become two 1s\n"
            "a, l           lift the cup (the starter's first throw)\n"
            "s              stop (on the first throw unseen: zu)\n"
            "b              declare blind (where the rules allow it)\n"
            "j/y, n         Einkaufen yes / no (once the Stock is empty)\n"
            "n              at the end: rematch, the loser starts (Striche are counted)\n"
            "Enter          skip the bot moves\n"
            "h              hint: every choice with its odds\n"
            "r              the rules of this game\n"
            "?, F1          this help\n"
            "q, Ctrl-C      quit (offers to save the game)\n"
            "\n"
            "Dice: ⚀ ⚁ ⚂ ⚃ ⚄ ⚅; ■ is under the cup. Green: set aside.\n"
            "At the table: ▶ is to move, B began the round (sets the throw limit)."
        ),
    },
}


#: The bots' kinds in words (``--bot`` takes the ids); English keeps the ids.
def say(lang: str, key: str, /, **values: Any) -> str:
    """The text ``key`` in ``lang`` (German for an unknown language), filled in."""
    words = TEXTS.get(lang, TEXTS["de"])
    return words[key].format(**values)


def throws_text(lang: str, n: int) -> str:
    """``1 Wurf``, ``2 Würfe`` (``1 throw``, ``2 throws``).

    >>> throws_text("de", 1), throws_text("de", 3), throws_text("en", 2)
    ('1 Wurf', '3 Würfe', '2 throws')
    """
    return i18n.plural("throws", n, lang)  # the language's plural rule (Babel), not if/else


def percent(p: float, lang: str) -> str:
    """A chance as a percentage with one decimal (German: decimal comma); NaN as a dash.

    >>> percent(0.7234, "de"), percent(0.7234, "en"), percent(float("nan"), "de")
    ('72,3\xa0%', '72.3%', '–')
    """
    if p != p:  # NaN: not computed
        return "–"
    return i18n.percent(p, lang, 1)


def number(x: float, lang: str) -> str:
    """A number with two decimals (German: decimal comma); NaN as a dash.

    >>> number(0.826, "de"), number(1.5, "en"), number(float("nan"), "en")
    ('0,83', '1.50', '–')
    """
    if x != x:
        return "–"
    return i18n.number(x, lang, 2)
