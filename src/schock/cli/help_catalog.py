"""Every help text of the ``schock`` commands in German and English (see
:mod:`schock.cli.helptext`).

Keys are the texts as the code writes them (docstrings cleaned as click does, ``help=``);
values are (German, English), ``None`` where the key itself is that language. A test
checks that every command's and option's help is here.
"""

from __future__ import annotations

#: help text as written -> (German, English); None: the key is already that language.
HELP: dict[str, tuple[str | None, str | None]] = {
    # schock
    'Schocken, the German pub dice game: rules, records and tools.': (
        'Schocken, das Würfelspiel aus der Kneipe: Regeln, Aufzeichnungen und Werkzeuge.',
        None,
    ),
    # schock --version
    'Show the version and exit.': (
        'Die Version zeigen und beenden.',
        None,
    ),
    # schock abend
    'Stammtisch-Abend: Spiele, Runden/Schulden, Statistik (the Stammtisch evening).': (
        'Stammtisch-Abend: Spiele, Runden/Schulden, Statistik.',
        'The Stammtisch evening: games, rounds and debts, statistics.',
    ),
    # schock abend game
    'Enters a game of the open evening: by hand (--loser) or from --record FILE.': (
        'Trägt ein Spiel des offenen Abends ein: von Hand (--loser) oder aus --record DATEI.',
        None,
    ),
    # schock abend game --loser
    'Who lost the game.': (
        'Wer das Spiel verloren hat.',
        None,
    ),
    # schock abend game -p
    'A player (repeat); default: all members.': (
        'Ein Spieler (mehrmals); Standard: alle Mitglieder.',
        None,
    ),
    # schock abend game --schock-aus
    'Who received all Deckel by a Schock Aus (repeat per Schock Aus).': (
        'Wer alle Deckel durch einen Schock Aus bekommen hat (je Schock Aus einmal).',
        None,
    ),
    # schock abend game --record
    'A finished game record (JSON) instead of --loser.': (
        'Eine Aufzeichnung eines beendeten Spiels (JSON) statt --loser.',
        None,
    ),
    # schock abend game --id
    'An entry id; the same id is never counted twice.': (
        'Eine Kennung des Eintrags; dieselbe Kennung zählt nie doppelt.',
        None,
    ),
    # schock abend game --db
    "SQLite file or database URL; default: schock.db in schock's app directory (Linux: ~/.config/schock, macOS: ~/Library/Application Support/schock, Windows: %APPDATA%\\schock), shared by serve, abend, turnier, tables and db.": (
        'SQLite-Datei oder Datenbank-URL; Standard: schock.db im App-Verzeichnis von schock (Linux: ~/.config/schock, macOS: ~/Library/Application Support/schock, Windows: %APPDATA%\\schock), gemeinsam für serve, abend, turnier, tables und db.',
        None,
    ),
    # schock abend game --lang
    'Language of messages and errors.': (
        'Sprache der Meldungen und Fehler.',
        None,
    ),
    # schock abend games
    'Every game of GROUP.': (
        'Jedes Spiel von GRUPPE.',
        None,
    ),
    # schock abend games --csv
    'Write every game as CSV to this file.': (
        'Jedes Spiel als CSV in diese Datei schreiben.',
        None,
    ),
    # schock abend ledger
    'What each member owes (rounds or money) and who owes whom.': (
        'Was jedes Mitglied schuldet (Runden oder Geld) und wer wem.',
        None,
    ),
    # schock abend ledger --csv
    'Write the ledger as CSV to this file.': (
        'Die Abrechnung als CSV in diese Datei schreiben.',
        None,
    ),
    # schock abend link
    "Prints the secret link of GROUP's pages (made now for a group that has none yet).": (
        'Zeigt den geheimen Link zu den Seiten von GRUPPE (wird jetzt angelegt, wenn die Gruppe noch keinen hat).',
        None,
    ),
    # schock abend link --base-url
    'The address the server is reached at (default: $SCHOCK_BASE_URL, else http://127.0.0.1:8000).': (
        'Die Adresse des Servers (Standard: $SCHOCK_BASE_URL, sonst http://127.0.0.1:8000).',
        None,
    ),
    # schock abend list
    'Groups, or the evenings of GROUP.': (
        'Die Gruppen, oder die Abende von GRUPPE.',
        None,
    ),
    # schock abend member
    'Adds a member to GROUP.': (
        'Fügt GRUPPE ein Mitglied hinzu.',
        None,
    ),
    # schock abend new-group
    'Creates a group.': (
        'Legt eine Gruppe an.',
        None,
    ),
    # schock abend new-group -m
    'A member (repeat).': (
        'Ein Mitglied (mehrmals).',
        None,
    ),
    # schock abend new-group --amount
    'With --stake geld: what a lost game costs, e.g. 2.50.': (
        'Mit --stake geld: was ein verlorenes Spiel kostet, z. B. 2,50.',
        None,
    ),
    # schock abend new-group --schock-aus-stakes
    'Extra stakes per Schock Aus for the player who received all Deckel.': (
        'Zusätzlicher Einsatz je Schock Aus für den, der alle Deckel bekommen hat.',
        None,
    ),
    # schock abend settle
    'PAYER settles up, partly (--amount) or fully.': (
        'ZAHLER rechnet ab, teilweise (--amount) oder ganz.',
        None,
    ),
    # schock abend settle --to
    'Who is paid (money); none for a round.': (
        'Wer das Geld bekommt; bei einer Runde niemand.',
        None,
    ),
    # schock abend settle --amount
    'Rounds (a whole number) or a sum such as 2.50; default: all owed.': (
        'Runden (eine ganze Zahl) oder ein Betrag wie 2,50; Standard: alles Geschuldete.',
        None,
    ),
    # schock abend start
    'Starts an evening of GROUP (the one before is closed).': (
        'Beginnt einen Abend von GRUPPE (der vorige wird geschlossen).',
        None,
    ),
    # schock abend start --date
    'YYYY-MM-DD (default: today).': (
        'JJJJ-MM-TT (Standard: heute).',
        None,
    ),
    # schock abend stats
    'Games, losses, loss rate, Schock Aus, streaks and what is owed, per member.': (
        'Spiele, Niederlagen, Verlustquote, Schock Aus, Serien und Schulden je Mitglied.',
        None,
    ),
    # schock abend stats --evening
    'One evening (default: all).': (
        'Ein Abend (Standard: alle).',
        None,
    ),
    # schock abend void
    'Voids a wrong game or payment ENTRY (nothing is deleted; --restore undoes it).': (
        'Macht ein falsches Spiel oder eine falsche Zahlung EINTRAG ungültig (nichts wird gelöscht; --restore nimmt es zurück).',
        None,
    ),
    # schock abend void --restore
    'Make a voided entry count again.': (
        'Einen ungültig gemachten Eintrag wieder zählen lassen.',
        None,
    ),
    # schock analyse
    'Rate every decision of the game in RECORD with the exact solver.\n\nEach decision (stand or throw again, which dice to keep, turning sixes,\nlifting or standing covered, blind) is valued from what the player saw\nthen; the loss is the chance given away against the best choice, marked\nok (< 0.02), ungenau (< 0.08), fehler (< 0.20) or patzer. Per player:\ndecisions, loss, marks, and Deckel received against expected (luck\nagainst skill). See docs/analysis.md.': (
        'Jede Entscheidung des Spiels in AUFZEICHNUNG mit dem exakten Löser bewerten.\n\nJede Entscheidung (stehen oder weiterwürfeln, welche Würfel herauslegen, Sechsen\ndrehen, heben oder verdeckt stehen, blind) wird nach dem bewertet, was der Spieler\ndamals sah; der Verlust ist die Chance, die gegenüber der besten Wahl verschenkt\nwurde, markiert als ok (< 0,02), ungenau (< 0,08), fehler (< 0,20) oder patzer. Je\nSpieler: Entscheidungen, Verlust, Marken und bekommene gegen erwartete Deckel\n(Glück gegen Können). Siehe docs/analysis.md.',
        None,
    ),
    # schock analyse --json
    'Print the analysis as JSON.': (
        'Die Analyse als JSON ausgeben.',
        None,
    ),
    # schock analyse --seat
    "Only this player's decisions.": (
        'Nur die Entscheidungen dieses Spielers.',
        None,
    ),
    # schock analyse --objective
    'round: the chance not to lose the round; half: the chance not to lose the half and the game (two-player games, exact equilibrium).': (
        'round: die Chance, die Runde nicht zu verlieren; half: die Chance, die Hälfte und das Spiel nicht zu verlieren (Spiele zu zweit, exaktes Gleichgewicht).',
        None,
    ),
    # schock analyse --all
    'Also list the decisions marked ok.': (
        'Auch die mit ok markierten Entscheidungen auflisten.',
        None,
    ),
    # schock analyse --lang
    'Language of the account.': (
        'Sprache des Berichts.',
        None,
    ),
    # schock arena
    'Play seeded games between bots and print loss rates and ratings.\n\nGame i takes its dice and bot seeds from (SEED, i), so a run gives the\nsame result with any number of jobs. Seats rotate: every block of as\nmany games as bots puts each bot once in each seat (pick GAMES as a\nmultiple of the number of bots for a perfect balance).\n\nCtrl-C stops the run: it shows the result of the games finished so far\nand exits with status 130.\n\nExample: schock arena --bot heuristic --bot random --rules mosel --games 2000': (
        'Gesetzte Spiele zwischen Bots spielen und Verlustquoten und Wertungen ausgeben.\n\nSpiel i nimmt seine Würfel und Bot-Seeds aus (SEED, i), daher gibt ein Lauf mit\njeder Zahl von Prozessen dasselbe Ergebnis. Die Plätze wechseln: jeder Block von so\nvielen Spielen wie Bots setzt jeden Bot einmal auf jeden Platz (SPIELE als Vielfaches\nder Zahl der Bots wählen, dann ist es genau ausgeglichen).\n\nStrg-C hält den Lauf an: er zeigt das Ergebnis der bis dahin beendeten Spiele und\nendet mit Status 130.\n\nBeispiel: schock arena --bot heuristic --bot random --rules mosel --games 2000',
        None,
    ),
    # schock arena --bot
    'A bot for one seat; give it once per seat (2 or more; a bot may play twice).': (
        'Ein Bot für einen Platz; je Platz einmal angeben (2 oder mehr; ein Bot darf zweimal spielen).',
        None,
    ),
    # schock arena --rules
    'A preset (id or alias) or a rules TOML file.': (
        'Ein Preset (Kennung oder Alias) oder eine Regel-Datei (TOML).',
        None,
    ),
    # schock arena --games
    'How many games.': (
        'Wie viele Spiele.',
        None,
    ),
    # schock arena --seed
    'Seed of the whole run.': (
        'Seed des ganzen Laufs.',
        None,
    ),
    # schock arena --jobs
    'Processes that play (default: one per core; 1 plays in this process).': (
        'Prozesse, die spielen (Standard: einer je Kern; 1 spielt in diesem Prozess).',
        None,
    ),
    # schock arena --quiet
    'No progress bar (shown only on a terminal), no timing line.': (
        'Kein Fortschrittsbalken (nur im Terminal gezeigt), keine Zeitangabe.',
        None,
    ),
    # schock arena --json
    'Print the result as JSON.': (
        'Das Ergebnis als JSON ausgeben.',
        None,
    ),
    # schock arena --lang
    'Language.': (
        'Sprache.',
        None,
    ),
    # schock db
    "Die Datenbank des Servers sichern (the server's database).": (
        'Die Datenbank des Servers sichern.',
        "The server's database: backups.",
    ),
    # schock db backup
    "Eine SQLite-Datenbank im laufenden Betrieb sichern (SQLite's online backup).\n\nPostgreSQL is backed up with pg_dump (docs/configuration.md).": (
        'Eine SQLite-Datenbank im laufenden Betrieb sichern (SQLites Online-Sicherung).\n\nPostgreSQL wird mit pg_dump gesichert (docs/configuration.md).',
        "Back up a SQLite database while the server runs (SQLite's online backup).\n\nPostgreSQL is backed up with pg_dump (docs/configuration.md).",
    ),
    # schock hint
    'The best choice after a throw, and the exact worth of every choice.\n\nSTATE is the turn right after a throw: [KEPT+]THROWN THROWS/LIMIT, for\nexample "1-6-6 1/*" (your first throw as the round\'s first player, who\nsets the limit) or "1-1+4 2/3" (1-1 kept, the second throw gave 4, the\nround\'s limit is 3). The round\'s first player sets the limit: after a\n--before the limit may be * (it is taken from the first --before) or\nmust match it.\n\n\x08\nExamples:\n  schock hint "1-6-6 1/*" --after 2\n  schock hint "1+2-5 2/3" --before 1-1-4/3 --before "1-?-?/2"\n  schock hint "1-1-5 1/*" --objective half --stock 5 --deckel 6': (
        'Die beste Wahl nach einem Wurf und der genaue Wert jeder Wahl.\n\nZUG ist der Zug gleich nach einem Wurf: [HERAUSGELEGT+]GEWORFEN WÜRFE/GRENZE, zum\nBeispiel "1-6-6 1/*" (dein erster Wurf als Vorhand der Runde, die die Grenze\nsetzt) oder "1-1+4 2/3" (1-1 herausgelegt, der zweite Wurf brachte 4, die Grenze\nder Runde ist 3). Die Vorhand setzt die Grenze: nach einem --before darf sie * sein\n(sie kommt dann vom ersten --before) oder muss dazu passen.\n\n\x08\nBeispiele:\n  schock hint "1-6-6 1/*" --after 2\n  schock hint "1+2-5 2/3" --before 1-1-4/3 --before "1-?-?/2"\n  schock hint "1-1-5 1/*" --objective half --stock 5 --deckel 6',
        None,
    ),
    # schock hint --before
    'The result of a player before you in this round, e.g. 1-1-4/2; ? for a die still under the cup (1-?-?/3). Repeat for each player.': (
        'Das Ergebnis eines Spielers vor dir in dieser Runde, z. B. 1-1-4/2; ? für einen Würfel, der noch unter dem Becher liegt (1-?-?/3). Für jeden Spieler einmal.',
        None,
    ),
    # schock hint --after
    'How many players come after you in this round [default: 1 if no --before is given, else 0].': (
        'Wie viele Spieler in dieser Runde nach dir kommen [Standard: 1 ohne --before, sonst 0].',
        None,
    ),
    # schock hint --stock
    'Deckel left in the Stock.': (
        'Deckel, die noch im Stock liegen.',
        None,
    ),
    # schock hint --deckel
    'Your own Deckel.': (
        'Deine eigenen Deckel.',
        None,
    ),
    # schock hint --blind
    'The round is blind (Deckel doubled).': (
        'Die Runde ist blind (doppelte Deckel).',
        None,
    ),
    # schock hint --objective
    'What the choices are weighed by. loss: the chance not to lose the round; deckel: fewest Deckel received; net: fewest Deckel in your own pile after the round; half: the chance not to lose the half (two players only; give --stock and --deckel, the other player holds the rest).': (
        'Wonach die Wahl gewichtet wird. loss: die Chance, die Runde nicht zu verlieren; deckel: möglichst wenige bekommene Deckel; net: möglichst wenige Deckel auf dem eigenen Stapel nach der Runde; half: die Chance, die Hälfte nicht zu verlieren (nur zu zweit; --stock und --deckel angeben, der andere hat den Rest).',
        None,
    ),
    # schock hint --json
    'Print the choices as JSON.': (
        'Die Wahlmöglichkeiten als JSON ausgeben.',
        None,
    ),
    # schock keep
    'Keep score of a game played with real cups and dice: the engine checks each entry.\n\n\x08\nExamples:\n  schock keep --seat Anna --seat Ben --seat Cem\n  schock keep --rules mosel --seat Anna --seat Ben --save abend.json\n  schock keep --resume abend.json --record spiel.json --lang en': (
        'Ein Spiel mit echten Bechern und Würfeln mitschreiben: die Engine prüft jeden Eintrag.\n\n\x08\nBeispiele:\n  schock keep --seat Anna --seat Ben --seat Cem\n  schock keep --rules mosel --seat Anna --seat Ben --save abend.json\n  schock keep --resume abend.json --record spiel.json --lang en',
        None,
    ),
    # schock keep --rules
    'A preset (id or alias) or a house rules TOML file.': (
        'Ein Preset (Kennung oder Alias) oder eine Hausregel-Datei (TOML).',
        None,
    ),
    # schock keep --seat
    'A player (repeat it).': (
        'Ein Spieler (mehrmals angeben).',
        None,
    ),
    # schock keep --starter
    "Who starts (else the rules' opening).": (
        'Wer beginnt (sonst die Eröffnung der Regeln).',
        None,
    ),
    # schock keep --resume
    'Go on with a kept game (or a game record with table dice).': (
        'Ein mitgeschriebenes Spiel fortsetzen (oder eine Aufzeichnung mit Tischwürfeln).',
        None,
    ),
    # schock keep --save
    'Write the kept game here after every entry (default: the --resume file, else a new dated file schock-keep-RULES-DATE-TIME.json in this folder).': (
        'Das mitgeschriebene Spiel nach jedem Eintrag hierhin schreiben (Standard: die --resume-Datei, sonst eine neue Datei mit Datum schock-keep-REGELN-DATUM-ZEIT.json in diesem Ordner).',
        None,
    ),
    # schock keep --record
    "Write the finished game's record here (the proof).": (
        'Die Aufzeichnung des beendeten Spiels hierhin schreiben (der Beleg).',
        None,
    ),
    # schock keep --lang
    'Language of the prompts.': (
        'Sprache der Eingabeaufforderungen.',
        None,
    ),
    # schock odds
    "Exact chances of each result within 1, 2 and 3 throws.\n\nEach row is played the way that maximizes that row's chance (setting\naside and Sechsen drehen as the rules allow).": (
        'Die genauen Chancen jedes Ergebnisses in 1, 2 und 3 Würfen.\n\nJede Zeile wird so gespielt, dass ihre Chance am größten ist (Herauslegen und\nSechsen drehen, wie die Regeln es erlauben).',
        None,
    ),
    # schock odds --json
    'Print the table as JSON.': (
        'Die Tabelle als JSON ausgeben.',
        None,
    ),
    # schock odds --lang
    'Language of the labels.': (
        'Sprache der Beschriftungen.',
        None,
    ),
    # schock play
    'Play Schocken in the terminal, against bots or with friends at one keyboard.\n\nKeys: Space throws, 1-3 set a die aside or take it back, d turns sixes,\ns stops, a lifts the cup, b says blind, h gives a hint, r shows the\nrules, ? every key, q quits (and offers to save the game record).\n\n\x08\nExamples:\n  schock play                                  you against two bots (porz)\n  schock play --rules mosel --seat Anna --seat Ben=heuristic --bot random\n  schock play --seat Anna --seat Ben           two humans, one keyboard\n  schock play --resume schock-porz.json        continue a saved game': (
        'Schocken im Terminal spielen, gegen Bots oder mit Freunden an einer Tastatur.\n\nTasten: Leertaste würfelt, 1-3 legen einen Würfel heraus oder nehmen ihn zurück,\nd dreht Sechsen, s steht, a hebt den Becher, b sagt blind an, h gibt einen Tipp,\nr zeigt die Regeln, ? alle Tasten, q beendet (und bietet an, die Aufzeichnung zu\nspeichern).\n\n\x08\nBeispiele:\n  schock play                                  du gegen zwei Bots (porz)\n  schock play --rules mosel --seat Anna --seat Ben=heuristic --bot random\n  schock play --seat Anna --seat Ben           zwei Menschen, eine Tastatur\n  schock play --resume schock-porz.json        ein gespeichertes Spiel fortsetzen',
        None,
    ),
    # schock play --rules
    'A preset (id or alias) or a rules TOML file.  [default: porz]': (
        'Ein Preset (Kennung oder Alias) oder eine Regel-Datei (TOML).  [Standard: porz]',
        None,
    ),
    # schock play --seat
    'A seat, in clockwise order (repeat it): NAME for a human, NAME=BOT for a bot of kind BOT. Without --seat you play against two bots.': (
        'Ein Platz, im Uhrzeigersinn (mehrmals): NAME für einen Menschen, NAME=BOT für einen Bot der Art BOT. Ohne --seat spielst du gegen zwei Bots.',
        None,
    ),
    # schock play --bot
    "A bot seat after the --seat seats (repeat it), under a person's name (its kind shown beside it).": (
        'Ein Bot-Platz nach den --seat-Plätzen (mehrmals), unter einem Personennamen (seine Art steht daneben).',
        None,
    ),
    # schock play --seed
    'Seed of the dice (and bots): the same seed, the same game.': (
        'Seed der Würfel (und Bots): derselbe Seed, dasselbe Spiel.',
        None,
    ),
    # schock play --lang
    'Language of the screen.': (
        'Sprache des Bildschirms.',
        None,
    ),
    # schock play --resume
    'Continue a game saved on quitting (its rules, seats and dice). --seat NAME or NAME=BOT may say who of its seats is human or which bot.': (
        'Ein beim Beenden gespeichertes Spiel fortsetzen (seine Regeln, Plätze und Würfel). --seat NAME oder NAME=BOT sagt, welcher Platz ein Mensch ist oder welcher Bot.',
        None,
    ),
    # schock play --delay
    'Seconds between two bot moves (0: no animation).': (
        'Sekunden zwischen zwei Bot-Zügen (0: ohne Animation).',
        None,
    ),
    # schock replay
    'Replay a game record FILE (or a shipped example) and tell it round by round.\n\nShows every round: who starts, each throw, the dice set aside, sixes\nturned, the showdown with its results, who receives how many Deckel,\nand who loses the halves and the game.': (
        'Eine Spielaufzeichnung DATEI (oder ein mitgeliefertes Beispiel) Runde für Runde erzählen.\n\nZeigt jede Runde: wer beginnt, jeden Wurf, die herausgelegten Würfel, gedrehte\nSechsen, das Aufdecken mit den Ergebnissen, wer wie viele Deckel bekommt und wer\ndie Hälften und das Spiel verliert.',
        None,
    ),
    # schock replay --example
    'Replay the shipped example game of a preset (ferschweiler, porz, mosel, irmgarteich, niederrhein).': (
        'Das mitgelieferte Beispielspiel eines Presets erzählen (ferschweiler, porz, mosel, irmgarteich, niederrhein).',
        None,
    ),
    # schock replay --json
    'Print the account as JSON.': (
        'Den Bericht als JSON ausgeben.',
        None,
    ),
    # schock rules
    'The rule sets: the five presets and house-rules TOML files.': (
        'Die Regelwerke: die fünf Presets und Hausregel-Dateien (TOML).',
        None,
    ),
    # schock rules check
    "Load a house-rules TOML file and say how it differs from its preset\n(a preset's id or alias is accepted too: it is checked as it is).\n\nA bad file prints what is wrong (file, key, value, what is allowed) and\nexits with 2.": (
        'Eine Hausregel-Datei (TOML) laden und sagen, worin sie von ihrem Preset abweicht\n(auch die Kennung oder ein Alias eines Presets geht: es wird so geprüft, wie es ist).\n\nEine fehlerhafte Datei zeigt, was falsch ist (Datei, Schlüssel, Wert, was erlaubt\nist), und endet mit 2.',
        None,
    ),
    # schock rules check --lang
    'Language of the report.': (
        'Sprache des Berichts.',
        None,
    ),
    # schock rules list
    'One line per preset: id, name, game structure.': (
        'Eine Zeile je Preset: Kennung, Name, Spielaufbau.',
        None,
    ),
    # schock rules list --examples
    'List the shipped house-rules example files instead (id, name, file).': (
        'Stattdessen die mitgelieferten Hausregel-Beispieldateien auflisten (Kennung, Name, Datei).',
        None,
    ),
    # schock rules show
    'Print every field of a preset (by id or alias) or of a rules TOML file.': (
        'Jedes Feld eines Presets (nach Kennung oder Alias) oder einer Regel-Datei (TOML) ausgeben.',
        None,
    ),
    # schock rules show --lang
    'Language of the label column and of yes/no values.': (
        'Sprache der Beschriftungen und der Werte ja/nein.',
        None,
    ),
    # schock rules show --json
    'Print the rules as JSON.': (
        'Die Regeln als JSON ausgeben.',
        None,
    ),
    # schock serve
    'Play Schocken in the browser: start the server and open the printed address.': (
        'Schocken im Browser spielen: den Server starten und die gezeigte Adresse öffnen.',
        None,
    ),
    # schock serve --host
    'Address to listen on (0.0.0.0: every interface, for phones on the LAN).': (
        'Adresse, auf der der Server lauscht (0.0.0.0: jede Schnittstelle, für Handys im WLAN).',
        None,
    ),
    # schock serve --base-url
    'The address people reach the server at, e.g. https://schock.example; every link and QR code starts with it.': (
        'Die Adresse, unter der Menschen den Server erreichen, z. B. https://schock.example; jeder Link und QR-Code beginnt damit.',
        None,
    ),
    # schock serve --root-path
    'Sub-path a proxy serves the app under, e.g. /schock (default: the path of --base-url).': (
        'Unterpfad, unter dem ein Proxy die App anbietet, z. B. /schock (Standard: der Pfad von --base-url).',
        None,
    ),
    # schock serve --forwarded-allow-ips
    'Comma-separated proxy addresses or networks whose X-Forwarded-* headers are believed (default: none).': (
        'Durch Kommas getrennte Proxy-Adressen oder Netze, deren X-Forwarded-*-Kopfzeilen geglaubt werden (Standard: keine).',
        None,
    ),
    # schock serve --bot-delay
    'Seconds a bot waits before it acts.': (
        'Sekunden, die ein Bot wartet, bevor er handelt.',
        None,
    ),
    # schock serve --max-tables-per-host
    'Unfinished tables one client address may have open.': (
        'Unbeendete Tische, die eine Client-Adresse offen haben darf.',
        None,
    ),
    # schock serve --max-spectators-per-table
    'Websockets without a seat one table admits (seats always get in).': (
        'Websockets ohne Platz, die ein Tisch zulässt (Plätze kommen immer hinein).',
        None,
    ),
    # schock serve --rate
    'Messages per second one websocket may send on average.': (
        'Nachrichten je Sekunde, die ein Websocket im Mittel senden darf.',
        None,
    ),
    # schock serve --burst
    'Messages one websocket may send at once.': (
        'Nachrichten, die ein Websocket auf einmal senden darf.',
        None,
    ),
    # schock serve --header-timeout
    "Seconds a client may take to send a request's headers.": (
        'Sekunden, die ein Client für die Kopfzeilen einer Anfrage haben darf.',
        None,
    ),
    # schock serve --idle-timeout
    'Seconds an HTTP connection may idle between requests.': (
        'Sekunden, die eine HTTP-Verbindung zwischen Anfragen ruhen darf.',
        None,
    ),
    # schock serve --max-connections-per-address
    'Connections one client address may hold (trusted proxies and this machine are exempt).': (
        'Verbindungen, die eine Client-Adresse halten darf (vertraute Proxys und dieser '
        'Rechner ausgenommen).',
        None,
    ),
    # schock serve --idle-table-minutes
    'Minutes an unused table stays in memory (it is reloaded when needed).': (
        'Minuten, die ein unbenutzter Tisch im Speicher bleibt (er wird bei Bedarf neu geladen).',
        None,
    ),
    # schock serve --log-format
    'Log lines as text or JSON.': (
        'Protokollzeilen als Text oder JSON.',
        None,
    ),
    # schock serve --access-log
    'Log every request (secrets redacted).': (
        'Jede Anfrage protokollieren (Geheimnisse geschwärzt).',
        None,
    ),
    # schock serve --metrics
    'Serve /metrics in Prometheus format.': (
        '/metrics im Prometheus-Format anbieten.',
        None,
    ),
    # schock serve --sqlite-sync
    'full: every action synced to disk (survives a power cut; slower).': (
        'full: jede Aktion wird auf die Platte geschrieben (übersteht einen Stromausfall; langsamer).',
        None,
    ),
    # schock serve --workers
    'Processes on the ports PORT to PORT+N-1 (PostgreSQL only), behind a proxy that routes by table (docs/deploy.md).': (
        'Prozesse auf den Ports PORT bis PORT+N-1 (nur PostgreSQL), hinter einem Proxy, der nach Tisch verteilt (docs/deploy.md).',
        None,
    ),
    # schock serve --lang
    'Sprache der Meldungen (language of the messages).': (
        'Sprache der Meldungen.',
        'Language of the messages.',
    ),
    # schock sim
    "Simulate many games in the fast batch path (numba) and print statistics.\n\nNeeds the extra 'sim': pip install 'schock[sim]'. The bots are fixed\npolicies (heuristic, cautious, bold) or, at two seats, the exact\noptimal and equilibrium bots; the same seed gives the same numbers with\nany --jobs or cluster.\n\nExamples:\n\n  schock sim --rules porz --rules niederrhein --games 1000000 --plot cmp.png\n\n  schock sim --rules mosel --bot bold --bot heuristic --bot cautious --out games.csv\n\n  schock sim --rules porz --sweep opening --plot opening.svg\n\n  schock sim --rules porz --sweep deckel=9,13,17 --sweep opening --out r.csv --per round": (
        "Viele Spiele im schnellen Stapelweg (numba) simulieren und Statistiken ausgeben.\n\nBraucht das Extra 'sim': pip install 'schock[sim]'. Die Bots sind feste Strategien\n(heuristic, cautious, bold) oder, an zwei Plätzen, die exakten Bots optimal und\nequilibrium; derselbe Seed gibt dieselben Zahlen mit jedem --jobs und jedem Cluster.\n\nBeispiele:\n\n  schock sim --rules porz --rules niederrhein --games 1000000 --plot cmp.png\n\n  schock sim --rules mosel --bot bold --bot heuristic --bot cautious --out games.csv\n\n  schock sim --rules porz --sweep opening --plot opening.svg\n\n  schock sim --rules porz --sweep deckel=9,13,17 --sweep opening --out r.csv --per round",
        None,
    ),
    # schock sim --rules
    'A preset or a rules TOML file; give several to compare them side by side (default: porz).': (
        'Ein Preset oder eine Regel-Datei (TOML); mehrere, um sie nebeneinander zu vergleichen (Standard: porz).',
        None,
    ),
    # schock sim --bot
    'The bot of one seat (heuristic, cautious, bold; at two seats also optimal, equilibrium; or a policy file NAME.json, docs/sim.md); once for every seat. Default: heuristic.': (
        'Der Bot eines Platzes (heuristic, cautious, bold; an zwei Plätzen auch optimal, equilibrium; oder eine Strategie-Datei NAME.json, docs/sim.md); für jeden Platz einmal. Standard: heuristic.',
        None,
    ),
    # schock sim --players
    'Seats when one --bot plays every seat (default 3).': (
        'Plätze, wenn ein --bot jeden Platz spielt (Standard 3).',
        None,
    ),
    # schock sim --games
    'Games per rule set.': (
        'Spiele je Regelwerk.',
        None,
    ),
    # schock sim --jobs
    'Local processes, each playing chunks of 20,000 games (default: 1 below 1,000,000 games per rule set, else one per core); the numbers do not depend on it.': (
        'Lokale Prozesse, die je Stücke von 20.000 Spielen spielen (Standard: 1 unter 1.000.000 Spielen je Regelwerk, sonst einer je Kern); die Zahlen hängen nicht davon ab.',
        None,
    ),
    # schock sim --cluster
    'Run on a Dask scheduler (tcp://HOST:8786) instead of locally; see docs/sim.md.': (
        'Auf einem Dask-Scheduler (tcp://HOST:8786) statt lokal rechnen; siehe docs/sim.md.',
        None,
    ),
    # schock sim --cluster-timeout
    'Seconds to reach it.': (
        'Sekunden, um ihn zu erreichen.',
        None,
    ),
    # schock sim --plot
    'Write a figure (.png, .svg or .pdf; matplotlib).': (
        'Eine Grafik schreiben (.png, .svg oder .pdf; matplotlib).',
        None,
    ),
    # schock sim --out
    'Write every game as a row: .csv, or .parquet if pyarrow is installed.': (
        'Jedes Spiel als Zeile schreiben: .csv, oder .parquet, wenn pyarrow installiert ist.',
        None,
    ),
    # schock sim --per
    'What a row of --out is: a game, a round or a turn (each with the game it belongs to, the rules, bots, seed and version); see docs/sim.md.': (
        'Was eine Zeile von --out ist: ein Spiel, eine Runde oder ein Zug (jeweils mit dem Spiel, zu dem sie gehört, den Regeln, Bots, Seed und der Version); siehe docs/sim.md.',
        None,
    ),
    # schock sim --sweep
    'Vary a rules field over all its values or the values given, for every --rules, and plot its effect (to --plot, default sweep-FIELD.png); twice for a grid of two fields.': (
        'Ein Regelfeld über alle seine Werte oder die angegebenen variieren, für jedes --rules, und seine Wirkung zeichnen (nach --plot, Standard sweep-FELD.png); zweimal für ein Gitter aus zwei Feldern.',
        None,
    ),
    # schock sim --quiet
    'No progress bar, no timing line.': (
        'Kein Fortschrittsbalken, keine Zeitangabe.',
        None,
    ),
    # schock solve
    "The exact two-player equilibrium: round, half and game values, exploitability.\n\nSolves (or loads from the cache) the equilibrium of two-player Schocken\nunder the rules, checks it with an exact best response against each\nside and prints the first mover's chances.": (
        'Das exakte Gleichgewicht zu zweit: Werte von Runde, Hälfte und Spiel, Ausnutzbarkeit.\n\nLöst (oder lädt aus dem Cache) das Gleichgewicht des Schockens zu zweit unter den\nRegeln, prüft es mit einer exakten besten Antwort gegen jede Seite und gibt die\nChancen der Vorhand aus.',
        None,
    ),
    # schock solve --json
    'Print the figures as JSON.': (
        'Die Zahlen als JSON ausgeben.',
        None,
    ),
    # schock tables
    "Die Tische des Servers: auflisten, schließen, alte löschen (the server's tables).": (
        'Die Tische des Servers: auflisten, schließen, alte löschen.',
        "The server's tables: list, close, delete old ones.",
    ),
    # schock tables close
    'Tische beenden wie der Gastgeber (end tables as their host would).\n\nA running server sees it when the table next loads (after a restart or once the\ntable has left memory).': (
        'Tische beenden wie der Gastgeber.\n\nEin laufender Server sieht es, wenn er den Tisch das nächste Mal lädt (nach einem\nNeustart oder sobald der Tisch den Speicher verlassen hat).',
        'End tables as their host would.\n\nA running server sees it when the table next loads (after a restart or once the\ntable has left memory).',
    ),
    # schock tables list
    'Die neuesten Tische: Kennung, angelegt, Zustand, Züge, Plätze (newest tables).': (
        'Die neuesten Tische: Kennung, angelegt, Zustand, Züge, Plätze.',
        'The newest tables: id, created, state, moves, seats.',
    ),
    # schock tables list --limit
    'Newest tables shown.': (
        'So viele der neuesten Tische zeigen.',
        None,
    ),
    # schock tables purge
    'Alte Tische mit ihren Zügen und Spielen löschen (delete old tables for good).': (
        'Alte Tische mit ihren Zügen und Spielen endgültig löschen.',
        'Delete old tables with their moves and games for good.',
    ),
    # schock tables purge --older-than
    'Delete tables made before this age, e.g. 30d, 12h, 2w.': (
        'Tische löschen, die vor dieser Zeit angelegt wurden, z. B. 30d, 12h, 2w.',
        None,
    ),
    # schock tables purge --dry-run
    'Only say what would be deleted.': (
        'Nur sagen, was gelöscht würde.',
        None,
    ),
    # schock tables purge --yes
    'Do not ask.': (
        'Nicht nachfragen.',
        None,
    ),
    # schock turnier
    'Turniere: Anmeldung, Auslosung, Ergebnisse, Tabelle, Getränke, Druck (tournaments).': (
        'Turniere: Anmeldung, Auslosung, Ergebnisse, Tabelle, Getränke, Druck.',
        'Tournaments: registration, draw, results, standings, drinks, printing.',
    ),
    # schock turnier anwesend
    'Spieler als anwesend melden (check in).': (
        'Spieler als anwesend melden.',
        'Check players in.',
    ),
    # schock turnier anwesend --alle
    'Alle angemeldeten Spieler.': (
        None,
        'Every registered player.',
    ),
    # schock turnier anwesend --nicht
    'Als abwesend melden.': (
        None,
        'Check out (absent).',
    ),
    # schock turnier anwesend --turnier
    'Turnier (Kennung); Standard: das zuletzt angelegte oder eingelesene.': (
        None,
        'Tournament (id); default: the one made or imported last.',
    ),
    # schock turnier anwesend --lang
    'Sprache / language.': (
        'Sprache.',
        'Language.',
    ),
    # schock turnier auslosen
    'Die nächste Runde auslosen (draw the next round).': (
        'Die nächste Runde auslosen.',
        'Draw the next round.',
    ),
    # schock turnier auslosen --tisch
    'Tische selbst setzen (je Tisch einmal).': (
        None,
        'Set the tables yourself (once per table).',
    ),
    # schock turnier drucken
    "PDF: tischplan, spielzettel, laufkarten, tabelle, preise (print).\n\nThe score sheets' QR codes open each table's entry page in the web app,\nwith the table's token; printing them opens the tournament for the web\npages if it was not yet (as ``schock turnier web`` does).": (
        'PDF: tischplan, spielzettel, laufkarten, tabelle, preise.\n\nDie QR-Codes der Spielzettel öffnen die Eingabeseite jedes Tisches in der Web-App,\nmit dem Schlüssel des Tisches; das Drucken öffnet das Turnier für die Web-Seiten,\nfalls es das noch nicht war (wie ``schock turnier web``).',
        "PDF: tischplan (table plan), spielzettel (score sheets), laufkarten (player cards),\ntabelle (standings), preise (prizes).\n\nThe score sheets' QR codes open each table's entry page in the web app,\nwith the table's token; printing them opens the tournament for the web\npages if it was not yet (as ``schock turnier web`` does).",
    ),
    # schock turnier drucken --out
    'Die PDF-Datei.': (
        None,
        'The PDF file.',
    ),
    # schock turnier drucken --runde
    'Runde (Standard: die aktuelle).': (
        None,
        'Round (default: the current one).',
    ),
    # schock turnier drucken --base-url
    'Adresse der Web-App für die QR-Codes der Spielzettel.': (
        None,
        "Address of the web app for the score sheets' QR codes.",
    ),
    # schock turnier eintragen
    'Ein Spiel eintragen; ein schon eingetragenes nur mit --korrigieren ersetzen (enter).\n\nOhne RUNDE TISCH SPIEL: Spiel für Spiel eingeben, bis ``ende`` (one start-up\nfor a whole evening; ``?`` shows the notation).': (
        'Ein Spiel eintragen; ein schon eingetragenes nur mit --korrigieren ersetzen.\n\nOhne RUNDE TISCH SPIEL: Spiel für Spiel eingeben, bis ``ende`` (ein Start für\neinen ganzen Abend; ``?`` zeigt die Schreibweise).',
        'Enter a game; replace one entered before only with --korrigieren.\n\nWithout ROUND TABLE GAME: enter game after game until ``ende`` (one start-up\nfor a whole evening; ``?`` shows the notation).',
    ),
    # schock turnier eintragen --raus
    'Wer rausgeht, der Reihe nach (gleichzeitig: 3+7).': (
        None,
        'Who goes out, in order (at once: 3+7).',
    ),
    # schock turnier eintragen --verlierer
    'Der Verlierer des Spiels (genau einer).': (
        None,
        'The loser of the game (exactly one).',
    ),
    # schock turnier eintragen --korrigieren
    'Ein schon eingetragenes Spiel durch dieses Ergebnis ersetzen.': (
        None,
        'Replace a game entered before with this result.',
    ),
    # schock turnier eintragen --schock-aus
    'Wer einen Schock Aus geworfen hat (je Schock Aus einmal).': (
        None,
        'Who threw a Schock Aus (once per Schock Aus).',
    ),
    # schock turnier eintragen --punkte
    'Die Punkte vom Spielzettel zur Kontrolle.': (
        None,
        'The points of the score sheet, as a check.',
    ),
    # schock turnier eintragen --protokoll
    'Ein Spielprotokoll (schock play): das Ergebnis kommt daraus.': (
        None,
        'A game record (schock play): the result comes from it.',
    ),
    # schock turnier export
    'Das Turnier als JSON-Archiv, CSV oder XLSX exportieren (export).': (
        'Das Turnier als JSON-Archiv, CSV oder XLSX exportieren.',
        'Export the tournament as a JSON archive, CSV or XLSX.',
    ),
    # schock turnier export --out
    'Datei: .json (Archiv), .csv (Tabelle) oder .xlsx (Tabelle, Runden, Getränke).': (
        None,
        'File: .json (archive), .csv (standings) or .xlsx (standings, rounds, drinks).',
    ),
    # schock turnier getraenke
    'Wer wem wie viele Getränke ausgibt (drinks ledger).': (
        'Wer wem wie viele Getränke ausgibt.',
        'Who buys whom how many drinks.',
    ),
    # schock turnier import
    'Ein JSON-Archiv in die Datenbank einlesen (import an archive).': (
        'Ein JSON-Archiv in die Datenbank einlesen.',
        'Import a JSON archive into the database.',
    ),
    # schock turnier karte
    'Den ganzen Spielzettel eines Tisches aus einer Datei eintragen (table card).\n\nCSV, eine Zeile je Spiel in der Reihenfolge des Zettels (Kopfzeile erlaubt):\nraus;Verlierer;Schock Aus;Punkte (Punkte-Formate) oder Verlierer;Schock Aus\n(Chips). All rows are tried first; the first wrong one is named and nothing\nis entered.': (
        'Den ganzen Spielzettel eines Tisches aus einer Datei eintragen.\n\nCSV, eine Zeile je Spiel in der Reihenfolge des Zettels (Kopfzeile erlaubt):\nraus;Verlierer;Schock Aus;Punkte (Punkte-Formate) oder Verlierer;Schock Aus\n(Chips). Alle Zeilen werden zuerst geprüft; die erste falsche wird genannt und\nnichts wird eingetragen.',
        "Enter a table's whole score sheet from a file.\n\nCSV, one row per game in the order of the sheet (a header row is allowed):\nraus;Verlierer;Schock Aus;Punkte (points formats) or Verlierer;Schock Aus\n(chips). All rows are tried first; the first wrong one is named and nothing\nis entered.",
    ),
    # schock turnier neu
    'Ein neues Turnier anlegen (create a tournament).': (
        'Ein neues Turnier anlegen.',
        'Create a tournament.',
    ),
    # schock turnier neu --format
    'Turnierformat: irmgarteich, porz, mosel oder eine Format-Datei.': (
        None,
        'Tournament format: irmgarteich, porz, mosel or a format file.',
    ),
    # schock turnier neu --rules
    'Spielregeln (Standard: die des Formats).': (
        None,
        "Rules of play (default: the format's).",
    ),
    # schock turnier neu --seed
    'Zufallszahl für Auslosung und Los.': (
        None,
        'Random seed of the draw and of drawing lots.',
    ),
    # schock turnier neu --id
    'Kennung (Standard: zufällig).': (
        None,
        'Id (default: random).',
    ),
    # schock turnier protokoll
    'Das Protokoll aller Einträge (audit log).': (
        'Das Protokoll aller Einträge.',
        'The audit log of every entry.',
    ),
    # schock turnier rueckgaengig
    'Den letzten Eintrag rückgängig machen (undo).': (
        'Den letzten Eintrag rückgängig machen.',
        'Undo the last entry.',
    ),
    # schock turnier simulieren
    'Ein ganzes Turnier mit Bots spielen: wie lange dauert der Abend? (simulate).': (
        'Ein ganzes Turnier mit Bots spielen: wie lange dauert der Abend?',
        'Play a whole tournament with bots: how long does the evening take?',
    ),
    # schock turnier simulieren --bot
    'Welcher Bot spielt.': (
        None,
        'Which bot plays.',
    ),
    # schock turnier simulieren --pause
    'Minuten Pause zwischen den Runden.': (
        None,
        'Minutes of break between the rounds.',
    ),
    # schock turnier simulieren --speichern
    'Das Turnier in --db speichern (nach jeder Runde).': (
        None,
        'Save the tournament in --db (after every round).',
    ),
    # schock turnier spieler
    'Spieler anmelden, einlesen, abmelden, auflisten (players).': (
        'Spieler anmelden, einlesen, abmelden, auflisten.',
        'Players: register, import, withdraw, list.',
    ),
    # schock turnier spieler abmelden
    'Einen Spieler abmelden, auch mitten im Turnier (withdraw).': (
        'Einen Spieler abmelden, auch mitten im Turnier.',
        'Withdraw a player, also in the middle of the tournament.',
    ),
    # schock turnier spieler hinzu
    'Spieler anmelden; jeder bekommt die nächste Startnummer (add players).': (
        'Spieler anmelden; jeder bekommt die nächste Startnummer.',
        'Register players; each gets the next start number.',
    ),
    # schock turnier spieler hinzu --team
    'Mannschaft oder Verein.': (
        None,
        'Team or club.',
    ),
    # schock turnier spieler hinzu --anwesend
    'Gleich als anwesend melden.': (
        None,
        'Check them in at once.',
    ),
    # schock turnier spieler import
    'Spieler aus einer CSV-Datei anmelden (import players).\n\nExcel-CSV wie sie ist: Kodierung (UTF-8, Windows-1252) und Trennzeichen (; , Tab)\nwerden erkannt, Kopfzeilen wie Name, Spieler, Teilnehmer oder Vorname;Nachname\n(zusammengesetzt) und Mannschaft/Verein auch.': (
        'Spieler aus einer CSV-Datei anmelden.\n\nExcel-CSV wie sie ist: Kodierung (UTF-8, Windows-1252) und Trennzeichen (; , Tab)\nwerden erkannt, Kopfzeilen wie Name, Spieler, Teilnehmer oder Vorname;Nachname\n(zusammengesetzt) und Mannschaft/Verein auch.',
        'Register players from a CSV file.\n\nExcel CSV as it is: the encoding (UTF-8, Windows-1252) and the separator (; , tab)\nare recognized, and so are header rows such as Name, Spieler, Teilnehmer or\nVorname;Nachname (joined) and Mannschaft/Verein.',
    ),
    # schock turnier spieler import --anwesend
    'Alle gleich als anwesend melden.': (
        None,
        'Check them all in at once.',
    ),
    # schock turnier spieler import --vorschau
    'Nur zeigen, was angemeldet würde (nichts ändern).': (
        None,
        'Only show who would be registered (change nothing).',
    ),
    # schock turnier spieler liste
    'Alle Spieler mit Startnummer (list).': (
        'Alle Spieler mit Startnummer.',
        'Every player with start number.',
    ),
    # schock turnier spieler umbenennen
    'Den Namen eines Spielers berichtigen; die Startnummer bleibt (rename).': (
        'Den Namen eines Spielers berichtigen; die Startnummer bleibt.',
        "Correct a player's name; the start number stays.",
    ),
    # schock turnier tabelle
    'Die Tabelle: gesamt oder je Runde, mit Sonderpreisen (standings).': (
        'Die Tabelle: gesamt oder je Runde, mit Sonderpreisen.',
        'The standings: overall or per round, with special prizes.',
    ),
    # schock turnier tabelle --runde
    'Nur diese Runde (Halbzeit).': (
        None,
        'Only this round (half-time).',
    ),
    # schock turnier tabelle --teams
    'Die Mannschaftswertung.': (
        None,
        'The team standings.',
    ),
    # schock turnier web
    'Links für die Web-Seiten: Organisator, Projektor, Tische (web links).\n\nOpens a tournament made on the command line for the web pages of\n``schock serve`` (an organizer secret is made once and kept) and prints\nthe organizer link, the projector link and the entry link of every table\nof the current round.': (
        'Links für die Web-Seiten: Organisator, Projektor, Tische.\n\nÖffnet ein auf der Kommandozeile angelegtes Turnier für die Web-Seiten von\n``schock serve`` (ein Organisator-Geheimnis wird einmal angelegt und behalten) und\nzeigt den Organisator-Link, den Projektor-Link und den Eingabe-Link jedes Tisches\nder aktuellen Runde.',
        'Links for the web pages: organizer, projector, tables.\n\nOpens a tournament made on the command line for the web pages of\n``schock serve`` (an organizer secret is made once and kept) and prints\nthe organizer link, the projector link and the entry link of every table\nof the current round.',
    ),
    # schock turnier web --base-url
    'Adresse der Web-App (schock serve), wie die Handys sie erreichen.': (
        None,
        'Address of the web app (schock serve) as the phones reach it.',
    ),
    # HELP
    'Show this message and exit.': (
        'Diese Hilfe zeigen und beenden.',
        None,
    ),
    # COMMANDS analyse
    'Rate every decision of the game in RECORD with the exact solver.': (
        'Jede Entscheidung des Spiels in AUFZEICHNUNG mit dem exakten Löser bewerten.',
        None,
    ),
    # COMMANDS arena
    'Play seeded games between bots and print loss rates and ratings.': (
        'Gesetzte Spiele zwischen Bots spielen und Verlustquoten und Wertungen ausgeben.',
        None,
    ),
    # COMMANDS hint
    'The best choice after a throw, and the exact worth of every choice.': (
        'Die beste Wahl nach einem Wurf und der genaue Wert jeder Wahl.',
        None,
    ),
    # COMMANDS keep
    'Keep score of a game played with real cups and dice: the engine checks each entry.': (
        'Ein Spiel mit echten Bechern und Würfeln mitschreiben: die Engine prüft jeden Eintrag.',
        None,
    ),
    # COMMANDS odds
    'Exact chances of each result within 1, 2 and 3 throws.': (
        'Die genauen Chancen jedes Ergebnisses in 1, 2 und 3 Würfen.',
        None,
    ),
    # COMMANDS play
    'Play Schocken in the terminal, against bots or with friends at one keyboard.': (
        'Schocken im Terminal spielen, gegen Bots oder mit Freunden an einer Tastatur.',
        None,
    ),
    # COMMANDS replay
    'Replay a game record FILE (or a shipped example) and tell it round by round.': (
        'Eine Spielaufzeichnung DATEI (oder ein mitgeliefertes Beispiel) Runde für Runde erzählen.',
        None,
    ),
    # COMMANDS sim
    'Simulate many games in the fast batch path (numba) and print statistics.': (
        'Viele Spiele im schnellen Stapelweg (numba) simulieren und Statistiken ausgeben.',
        None,
    ),
    # COMMANDS solve
    'The exact two-player equilibrium: round, half and game values, exploitability.': (
        'Das exakte Gleichgewicht zu zweit: Werte von Runde, Hälfte und Spiel, Ausnutzbarkeit.',
        None,
    ),
}
