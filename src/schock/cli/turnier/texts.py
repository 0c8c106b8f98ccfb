"""The words of ``schock turnier``, German and English (the same fields in both)."""

TEXT: dict[str, dict[str, str]] = {
    "de": {
        "created": "Turnier {name!r} angelegt (Kennung {id}, Format {fmt}, Regeln {rules})",
        "registered": "Startnummer {number}: {name}",
        "imported": "{n} angemeldet (Startnummern {first} bis {last})",
        "present": "anwesend: {names}",
        "absent": "abwesend: {names}",
        "withdrawn": "abgemeldet: {name}",
        "round": "Runde {n}",
        "table": "Tisch {n}",
        "trinkrunden": "Trinkrunden: Spiele {games}",
        "plan_repeats": (
            "Alle Runden gelost ({n}): {repeats} (untere Schranke: {bound})"
        ),
        "entered": "Runde {r}, Tisch {t}, Spiel {g} eingetragen: Verlierer {loser}",
        "undone": "rückgängig gemacht: #{seq} {what}",
        "rank": "Platz",
        "no": "Nr.",
        "name": "Name",
        "team": "Mannschaft",
        "points": "Punkte",
        "games": "Spiele",
        "lost": "verloren",
        "schock_aus": "Schock Aus",
        "chips": "Chips",
        "status": "Status",
        "in": "im Turnier",
        "eliminated": "ausgeschieden",
        "withdrawn_s": "abgemeldet",
        "here": "anwesend",
        "away": "nicht anwesend",
        "buyer": "gibt aus",
        "receiver": "an",
        "count": "Getränke",
        "bought": "gibt aus",
        "received": "bekommt",
        "written": "geschrieben: {path}",
        "sim": "Simulation: {players} Spieler, Format {fmt}, Bots {bot}",
        "sim_round": "Runde {n}: {tables}, {games} (höchstens {most} an einem Tisch), {throws}, etwa {minutes}",
        "sim_total": "Insgesamt: {rounds}, {games}, {throws}, etwa {minutes} ({hours}) mit {brk} Pause zwischen den Runden",
        "winner": "Sieger: {name}",
        "prizes": "Sonderpreise",
        "nothing": "(noch nichts)",
        "at": "Zeit",
        "what": "Eintrag",
        "status_line": "{name}: Runde {r} von {of}, {players} Spieler im Turnier",
        "status_line_open": "{name}: Runde {r}, {players} Spieler im Turnier",
        "cannot_read": "{where}: kann nicht gelesen werden: {why}",
        "cannot_write": "{where}: kann nicht geschrieben werden: {why}",
        "bad_id": "--id: {value!r}; erlaubt: 1 bis 40 Buchstaben, Ziffern und -",
        "id_taken": "--id: {value!r} gibt es in dieser Datenbank schon",
        "roster": "Gelesen als {encoding}, Trennzeichen {delimiter}, Kopfzeile: {header}",
        "no_header": "keine (1. Spalte Name, 2. Mannschaft)",
        "line": "Zeile",
        "renamed": "Umbenannt: {name} (Startnummer bleibt)",
        "two_losers": "--verlierer {losers}: mehr als einer; erlaubt: genau ein Verlierer je Spiel",
        "no_out_chips": (
            "--raus: dieses Format zählt Chips, die Reihenfolge zählt nicht; erlaubt: nur "
            "--verlierer (und --schock-aus)"
        ),
        "no_points_chips": (
            "--punkte: dieses Format zählt Chips, keine Punkte; erlaubt: nur --verlierer "
            "(und --schock-aus)"
        ),
        "unchanged": "Runde {r}, Tisch {t}, Spiel {g} ist schon so eingetragen ({was}); nichts geändert",
        "is_entered": (
            "Runde {r}, Tisch {t}, Spiel {g} ist schon eingetragen: {was}; neu wäre: {now}; "
            "zum Ersetzen --korrigieren angeben"
        ),
        "corrected": "Runde {r}, Tisch {t}, Spiel {g} korrigiert: vorher {was}; jetzt {now}",
        "w_loser": "Verlierer {p}",
        "w_out": "raus {order}",
        "preview_only": "Vorschau: {n} würden angemeldet; nichts geändert",
        "no_numbers": "keine Startnummern; erlaubt: Startnummern oder --alle",
        "bad_numbers": "{what}: {text!r}; erlaubt: Startnummern wie 3,7,12",
        "no_loser": "--verlierer fehlt; erlaubt: die Startnummer des Verlierers",
        "bad_points": "--punkte: {part!r}; erlaubt: NR=PUNKTE, z. B. 3=6,7=4,9=2",
        "bad_round": "--runde: {rnd}; erlaubt: 1 bis {n} (ausgeloste Runden)",
        "bad_kind": "--out {out}: unbekannte Art {suffix!r}; erlaubt: .json, .csv, .xlsx",
        "bad_base_url": (
            "--base-url: {value!r}; erlaubt: http:// oder https:// mit der Adresse des "
            "Rechners, auf dem schock serve läuft, z. B. http://192.168.0.10:8000"
        ),
        "web_hint": "Im Browser (schock serve): 'schock turnier web' zeigt den Organisator-Link",
        "web_new": "Das Turnier ist jetzt für die Web-Seiten freigegeben (neuer Organisator-Schlüssel).",
        "web_org": "Organisator (Link geheim halten): {url}",
        "web_projector": "Projektor: {url}",
        "web_table": "Runde {r}, Tisch {t}: {url}",
        "web_serve": "Die Links gelten für 'schock serve' mit dieser Datenbank: {command}",
        # entry loop and table card (issue 25 item 8)
        "loop_start": (
            "{name}, Runde {r}: Ergebnis je Spiel eingeben, ? für Hilfe, ende (oder Strg-D) "
            "zum Beenden"
        ),
        "loop_open": "Offen: {tables}",
        "loop_open_table": "Tisch {t} Spiel {g}",
        "loop_all_done": "Alle Tische dieser Runde sind fertig",
        "loop_prompt": "R{r} T{t} Spiel {g}> ",
        "loop_prompt_done": "R{r} T{t} fertig> ",
        "loop_help": (
            "Ein Spiel: {fields}, z. B. {example}\n"
            "  gleichzeitig raus mit +, Schock Aus als Nr:Anzahl, Punkte als Nr:Punkte\n"
            "  oder wie beim Einzelbefehl: {options}\n"
            "Springen: t 3 (Tisch 3), s 2 (Spiel 2), r 1 (Runde 1); offen: was noch fehlt\n"
            "Beenden: ende oder Strg-D; Strg-C bricht ab (Eingetragenes bleibt)"
        ),
        "loop_example_points": "2+3 4 / 1 / 1:1",
        "loop_example_chips": "4 / 4:1",
        "loop_options_points": "--raus 2+3 --raus 4 --verlierer 1 --schock-aus 1 --punkte 2=6",
        "loop_options_chips": "--verlierer 4 --schock-aus 4",
        "loop_fields": "{line!r}: zu viele oder zu wenige Felder; erlaubt: {fields}",
        "loop_option": "{word!r}: unbekannt; erlaubt: {allowed}",
        "loop_option_value": "{word}: Wert fehlt",
        "loop_jump": "{line!r}: erlaubt: {what} 1 bis {n}",
        "loop_r": "Runde",
        "loop_t": "Tisch",
        "loop_s": "Spiel",
        "loop_no_game": "Tisch {t} ist in Runde {r} fertig; erlaubt: ein anderer Tisch (t NR) oder ein eingetragenes Spiel (s NR)",
        "loop_refused": "abgelehnt: {why}",
        "loop_end": "{n} eingetragen; alles ist gespeichert",
        "loop_interrupted": "abgebrochen; {n} eingetragen und gespeichert",
        "loop_args": "RUNDE TISCH SPIEL: alle drei angeben, oder keins für die Eingabe Spiel für Spiel",
        "card_entered": "Runde {r}, Tisch {t}: {n} eingetragen ({games}){kept}",
        "card_kept": "; {n} schon so eingetragen",
        "card_none": "nichts",
        "card_round": "RUNDE: {rnd}; erlaubt: 1 bis {n} (ausgeloste Runden)",
    },
    "en": {
        "created": "Tournament {name!r} created (id {id}, format {fmt}, rules {rules})",
        "registered": "Start number {number}: {name}",
        "imported": "{n} registered (start numbers {first} to {last})",
        "present": "present: {names}",
        "absent": "absent: {names}",
        "withdrawn": "withdrawn: {name}",
        "round": "Round {n}",
        "table": "Table {n}",
        "trinkrunden": "Trinkrunden: games {games}",
        "plan_repeats": "All rounds drawn ({n}): {repeats} (lower bound: {bound})",
        "entered": "Round {r}, table {t}, game {g} entered: loser {loser}",
        "undone": "undone: #{seq} {what}",
        "rank": "Rank",
        "no": "No.",
        "name": "Name",
        "team": "Team",
        "points": "Points",
        "games": "Games",
        "lost": "lost",
        "schock_aus": "Schock Aus",
        "chips": "Chips",
        "status": "Status",
        "in": "in",
        "eliminated": "eliminated",
        "withdrawn_s": "withdrawn",
        "here": "present",
        "away": "not present",
        "buyer": "buys",
        "receiver": "for",
        "count": "drinks",
        "bought": "buys",
        "received": "receives",
        "written": "written: {path}",
        "sim": "Simulation: {players} players, format {fmt}, bots {bot}",
        "sim_round": "Round {n}: {tables}, {games} (at most {most} at one table), {throws}, about {minutes}",
        "sim_total": "In all: {rounds}, {games}, {throws}, about {minutes} ({hours}) with {brk} of break between rounds",
        "winner": "Winner: {name}",
        "prizes": "Side prizes",
        "nothing": "(nothing yet)",
        "at": "Time",
        "what": "Entry",
        "status_line": "{name}: round {r} of {of}, {players} players still in",
        "status_line_open": "{name}: round {r}, {players} players still in",
        "cannot_read": "{where}: cannot read: {why}",
        "cannot_write": "{where}: cannot write: {why}",
        "bad_id": "--id: {value!r}; allowed: 1 to 40 letters, digits and -",
        "id_taken": "--id: {value!r} exists in this database already",
        "roster": "Read as {encoding}, delimiter {delimiter}, header: {header}",
        "no_header": "none (1st column name, 2nd team)",
        "line": "line",
        "renamed": "Renamed: {name} (start number kept)",
        "two_losers": "--verlierer {losers}: more than one; allowed: exactly one loser per game",
        "no_out_chips": (
            "--raus: this format counts chips, the order of going out does not count; allowed: "
            "only --verlierer (and --schock-aus)"
        ),
        "no_points_chips": (
            "--punkte: this format counts chips, not points; allowed: only --verlierer "
            "(and --schock-aus)"
        ),
        "unchanged": "round {r}, table {t}, game {g} is entered like this already ({was}); nothing changed",
        "is_entered": (
            "round {r}, table {t}, game {g} is entered already: {was}; new would be: {now}; "
            "give --korrigieren to replace it"
        ),
        "corrected": "round {r}, table {t}, game {g} corrected: before {was}; now {now}",
        "w_loser": "loser {p}",
        "w_out": "out {order}",
        "preview_only": "Preview: {n} would be registered; nothing changed",
        "no_numbers": "no start numbers; allowed: start numbers or --alle",
        "bad_numbers": "{what}: {text!r}; allowed: start numbers like 3,7,12",
        "no_loser": "--verlierer: missing; allowed: the loser's start number",
        "bad_points": "--punkte: {part!r}; allowed: NR=PUNKTE, e.g. 3=6,7=4,9=2",
        "bad_round": "--runde: {rnd}; allowed: 1 to {n} (rounds drawn)",
        "bad_kind": "--out {out}: unknown kind {suffix!r}; allowed: .json, .csv, .xlsx",
        "bad_base_url": (
            "--base-url: {value!r}; allowed: http:// or https:// with the address of the "
            "computer that runs schock serve, e.g. http://192.168.0.10:8000"
        ),
        "web_hint": "In the browser (schock serve): 'schock turnier web' shows the organizer link",
        "web_new": "The tournament is now open for the web pages (new organizer key).",
        "web_org": "Organizer (keep this link secret): {url}",
        "web_projector": "Projector: {url}",
        "web_table": "Round {r}, table {t}: {url}",
        "web_serve": "The links work with 'schock serve' on this database: {command}",
        # entry loop and table card (issue 25 item 8)
        "loop_start": (
            "{name}, round {r}: type each game's result, ? for help, ende (or Ctrl-D) to stop"
        ),
        "loop_open": "Open: {tables}",
        "loop_open_table": "table {t} game {g}",
        "loop_all_done": "Every table of this round has finished",
        "loop_prompt": "R{r} T{t} game {g}> ",
        "loop_prompt_done": "R{r} T{t} finished> ",
        "loop_help": (
            "A game: {fields}, e.g. {example}\n"
            "  going out together joined with +, Schock Aus as no:count, points as no:points\n"
            "  or as in the one-shot command: {options}\n"
            "Jump: t 3 (table 3), s 2 (game 2), r 1 (round 1); offen: what is missing\n"
            "Stop: ende or Ctrl-D; Ctrl-C aborts (what was entered stays)"
        ),
        "loop_example_points": "2+3 4 / 1 / 1:1",
        "loop_example_chips": "4 / 4:1",
        "loop_options_points": "--raus 2+3 --raus 4 --verlierer 1 --schock-aus 1 --punkte 2=6",
        "loop_options_chips": "--verlierer 4 --schock-aus 4",
        "loop_fields": "{line!r}: too many or too few fields; allowed: {fields}",
        "loop_option": "{word!r}: unknown; allowed: {allowed}",
        "loop_option_value": "{word}: value missing",
        "loop_jump": "{line!r}: allowed: {what} 1 to {n}",
        "loop_r": "round",
        "loop_t": "table",
        "loop_s": "game",
        "loop_no_game": "table {t} has finished round {r}; allowed: another table (t NO) or an entered game (s NO)",
        "loop_refused": "refused: {why}",
        "loop_end": "{n} entered; everything is saved",
        "loop_interrupted": "aborted; {n} entered and saved",
        "loop_args": "RUNDE TISCH SPIEL: give all three, or none to enter game after game",
        "card_entered": "Round {r}, table {t}: {n} entered ({games}){kept}",
        "card_kept": "; {n} entered like this already",
        "card_none": "none",
        "card_round": "RUNDE: {rnd}; allowed: 1 to {n} (rounds drawn)",
    },
}
