// The table page's controls around the game: the host's buttons (on the host page and on
// the seat page of a host who plays), the evening between games (Striche, rematch, the
// games' accounts) and the connection (buttons disabled while the server is away).
// table.js renders the game and sends "schock:state" after every state and
// "schock:offline" when the socket closes.
import {el} from "./dom.js";
const app = document.getElementById("app");
const TABLE = app.dataset.table;
const LANG = app.dataset.lang === "en" ? "en" : "de";
const T = {
  de: {offline: "Verbindung weg, verbinde neu …", start: "Start", pause: "Anhalten", resume: "Weiter",
    end: "Beenden", endSure: "Das Spiel für alle beenden? Der Spielbericht bleibt erhalten.",
    endYes: "Ja, beenden", cancel: "Abbrechen", addBot: "Bot dazu", removeBot: "Bot weg", bot: "Bot",
    replace: "durch Bot ersetzen", giveBack: "Platz zurückgeben", hand: "Gastgeber-Rolle übergeben an",
    handGo: "Übergeben", handSure: "Die Gastgeber-Rolle an {name} übergeben? Dein Link verliert sie.",
    rematch: "Revanche: nächstes Spiel", newGame: "Neues Spiel starten (gleiche Links)",
    voted: "Du willst Revanche – warte auf die anderen ({n} von {m})", votes: "Revanche gewünscht: {names}",
    striche: "Striche des Abends (verlorene Spiele)", game: "Spiel {n}", lost: "{name} verliert",
    ended: "vor dem Ende beendet", account: "Bericht", loserStarts: "{name} hat verloren und beginnt das nächste Spiel.",
    playHere: "Von deinem Platz ({name}) aus spielen – Gastgeber-Knöpfe inklusive",
    hostHere: "Gastgeber", clock: "Zug-Uhr", nudgeAfter: "Erinnern nach (s)", takeoverAfter: "Bot darf nach (s)",
    clockSet: "Uhr setzen", clockOff: "leer: aus", nudgeMe: "Du bist dran – die anderen warten auf dich",
    nudgeOther: "{name} ist dran und überlegt noch …", botOnce: "Bot entscheidet diesmal für {name}",
    series: "{name} · Runde {round} · Tisch {table}", seriesGame: "Spiel {game}", seriesOf: "Spiel {game} von {games}",
    seriesOver: "Spiel {game} vorbei · als Nächstes Spiel {next}", seriesDone: "Die Spiele dieses Tisches in Runde {round} sind gespielt.",
    seriesClosed: "Die Turnierleitung hat den Tisch geschlossen; sie kann ihn wieder öffnen.",
    seriesNext: "Bereit für Spiel {next}", seriesReady: "Du bist bereit – Spiel {next} beginnt, wenn alle bereit sind ({n} von {m})",
    seriesStart: "Spiel {next} starten"},
  en: {offline: "Connection lost, reconnecting …", start: "Start", pause: "Pause", resume: "Resume",
    end: "End", endSure: "End the game for everyone? The game's account is kept.",
    endYes: "Yes, end it", cancel: "Cancel", addBot: "Add bot", removeBot: "Remove bot", bot: "bot",
    replace: "replace with bot", giveBack: "give the seat back", hand: "Hand the host role to",
    handGo: "Hand over", handSure: "Hand the host role to {name}? Your link loses it.",
    rematch: "Rematch: next game", newGame: "Start a new game (same links)",
    voted: "You want a rematch – waiting for the others ({n} of {m})", votes: "Rematch asked for by: {names}",
    striche: "Striche of the evening (games lost)", game: "Game {n}", lost: "{name} loses",
    ended: "ended before its end", account: "account", loserStarts: "{name} lost and begins the next game.",
    playHere: "Play from your seat ({name}) – with the host's buttons",
    hostHere: "Host", clock: "Turn clock", nudgeAfter: "Nudge after (s)", takeoverAfter: "Bot may decide after (s)",
    clockSet: "Set the clock", clockOff: "empty: off", nudgeMe: "Your turn – the others are waiting for you",
    nudgeOther: "{name} is to decide and still thinking …", botOnce: "Let a bot decide this once for {name}",
    series: "{name} · round {round} · table {table}", seriesGame: "Game {game}", seriesOf: "Game {game} of {games}",
    seriesOver: "Game {game} over · next: game {next}", seriesDone: "This table's games of round {round} are played.",
    seriesClosed: "The organizer has closed this table; he can reopen it.",
    seriesNext: "Ready for game {next}", seriesReady: "You are ready – game {next} starts when everybody is ({n} of {m})",
    seriesStart: "Start game {next}"},
}[LANG];
const fmt = (s, o) => s.replace(/\{(\w+)\}/g, (_, k) => o[k]);
const $ = (id) => document.getElementById(id);
const lang = LANG === "en" ? "&lang=en" : "";
const SEAT_LINK = new URLSearchParams(location.hash.slice(1)).has("seat");
let confirming = false, offline = false;

// ---------------------------------------------------------------- connection
document.addEventListener("schock:offline", () => {
  offline = true;
  app.classList.add("offline");
  $("conn").hidden = false;
  for (const b of app.querySelectorAll("button:not([disabled]), select:not([disabled]), input:not([disabled])")) {
    b.disabled = true;
    b.dataset.off = "1";  // disabled for the lost connection only
  }
});
function online() {
  if (!offline) return;
  offline = false;
  app.classList.remove("offline");
  $("conn").hidden = true;
  for (const b of app.querySelectorAll("[data-off]")) { b.disabled = false; delete b.dataset.off; }
}

// ---------------------------------------------------------------- every state
document.addEventListener("schock:state", (ev) => {
  const {state, welcome, send} = ev.detail;
  online();
  // a seat link that plays no seat now: a bot plays it (the host may give it back)
  const watching = SEAT_LINK && state.seat === null;
  $("watching").hidden = !(watching && !state.table.series);
  $("watching-series").hidden = !(watching && state.table.series);
  const host = !!(welcome && welcome.host);
  renderSeries(state.table.series, state.table);
  renderEvening(state, send, host);
  runClock(state, send, host);
  $("host").hidden = !host;
  if (host) renderHost(state, welcome, send);
  if (host && state.seat === null) offerSeat();
});

// On the host-only page: if this browser holds a seat link of this table, play from it.
function offerSeat() {
  if ($("play-here")) return;
  let mine = [];
  try { mine = JSON.parse(localStorage.getItem("schock-my-tables") || "[]"); } catch (_) { return; }
  const e = Array.isArray(mine) && mine.find((x) => x && x.id === TABLE && x.role === "seat" && typeof x.link === "string");
  if (!e) return;
  const host = new URLSearchParams(location.hash.slice(1)).get("host");
  const href = e.link + (host ? `&host=${encodeURIComponent(host)}` : "");
  // only the fragment differs from this page's address: load the page again
  const go = (ev) => { ev.preventDefault(); location.assign(href); location.reload(); };
  $("host").append(el("p", {}, el("a", {id: "play-here", href, onclick: go}, fmt(T.playHere, {name: e.seat || "?"}))));
}

// The turn clock: the player to decide is nudged after its first time, and the host may
// let a bot make that one decision after its second (the server checks the time again).
let timers = [];
function runClock(state, send, host) {
  for (const t of timers) clearTimeout(t);
  timers = [];
  const c = state.table.clock, nudge = $("nudge"), v = state.view;
  nudge.hidden = true;
  nudge.textContent = "";
  if (!c || c.waited === null || v.actor === null) return;
  const name = v.names[v.actor], mine = state.legal.length > 0;
  const at = (s, f) => timers.push(setTimeout(f, Math.max(0, (s - c.waited) * 1000)));
  if (c.nudge) at(c.nudge, () => {
    nudge.hidden = false;
    nudge.prepend(el("span", {}, mine ? T.nudgeMe : fmt(T.nudgeOther, {name})));
    if (mine && navigator.vibrate) navigator.vibrate([120, 80, 120]);
  });
  if (host && c.takeover) at(c.takeover, () => {
    nudge.hidden = false;
    nudge.append(el("button", {type: "button", id: "bot-once", onclick: () => send({type: "host", command: "bot_once"})}, fmt(T.botOnce, {name})));
  });
}

function between(t) { return t.over || (t.ended && t.games.length > 0); }

// A tournament table played online: the tournament, round, table and game, and what the
// last finished game's report came to (entered, waiting, entered by hand already).
function renderSeries(s, t) {
  const box = $("series");
  box.hidden = !s;
  if (!s) return;
  box.textContent = "";
  box.append(el("h2", {}, fmt(T.series, {name: s.tournament, round: s.round, table: s.table})));
  let line;
  if (s.closed) line = T.seriesClosed;
  else if (s.game === null) line = fmt(T.seriesDone, {round: s.round});
  else if (t.over) line = fmt(T.seriesOver, {game: s.game, next: s.next});
  else line = fmt(s.games ? T.seriesOf : T.seriesGame, {game: s.game, games: s.games});
  box.append(el("p", {class: "strong", id: "series-game"}, line));
  if (s.note) box.append(el("p", {id: "series-note"}, s.note[LANG]));
}

// The evening: Striche, the kept games, the rematch for the players.
function renderEvening(state, send, host) {
  const t = state.table, box = $("evening");
  box.textContent = "";
  box.hidden = !(t.games.length || between(t));
  if (box.hidden) return;
  const names = t.seats.map((s) => s.name);
  const all = [...names, ...Object.keys(t.striche).filter((n) => !names.includes(n))];
  box.append(el("h2", {}, T.striche));
  box.append(el("ul", {class: "striche", id: "striche"}, ...all.map((n) =>
    el("li", {}, el("span", {class: "who"}, n), el("b", {"aria-label": String(t.striche[n] || 0)}, "|".repeat(t.striche[n] || 0) || "–")))));
  const games = el("ol", {class: "games"});
  for (const g of t.games) {
    const href = new URL(`../t/${encodeURIComponent(TABLE)}/replay?game=${g.number}${lang}`, import.meta.url);
    games.append(el("li", {}, el("a", {href}, fmt(T.game, {n: g.number})),
      ": " + (g.loser ? fmt(T.lost, {name: g.loser}) : T.ended)));
  }
  box.append(games);
  if (!between(t)) return;
  const last = t.games[t.games.length - 1];
  if (last && last.loser) box.append(el("p", {}, fmt(T.loserStarts, {name: last.loser})));
  const people = t.seats.map((s, i) => (s.bot ? null : i)).filter((i) => i !== null);
  if (t.votes.length) box.append(el("p", {id: "votes"}, fmt(T.votes, {names: t.votes.map((i) => names[i]).join(", ")})));
  const s = t.series;  // a tournament table: the next game only while the round goes on
  if (s && (s.closed || s.game === null || t.ended)) return;
  const next = s ? s.next : null;
  if (host) box.append(el("button", {type: "button", id: "new-game", class: "primary", onclick: () => send({type: "host", command: "rematch"})}, s ? fmt(T.seriesStart, {next}) : T.newGame));
  else if (state.seat !== null) {
    if (t.votes.includes(state.seat)) box.append(el("p", {class: "strong"}, fmt(s ? T.seriesReady : T.voted, {n: t.votes.length, m: people.length, next})));
    else box.append(el("button", {type: "button", id: "rematch", class: "primary", onclick: () => send({type: "rematch"})}, s ? fmt(T.seriesNext, {next}) : T.rematch));
  }
}

// The host's buttons: start, pause, end (asked first), bots, replacing and giving back
// seats, handing the host role on (the next game: renderEvening).
function renderHost(state, welcome, send) {
  const t = state.table, box = $("host-buttons");
  box.textContent = "";
  const cmd = (command, extra = {}) => send({type: "host", command, ...extra});
  const button = (label, onclick, attrs = {}) => el("button", {type: "button", onclick, ...attrs}, label);
  if (!t.started) box.append(button(T.start, () => cmd("start"), {id: "start", class: "primary"}));
  if (t.started && !t.ended && !t.over) box.append(button(t.paused ? T.resume : T.pause, () => cmd(t.paused ? "resume" : "pause"), {id: "pause"}));
  if (!t.ended) {
    if (confirming) {
      box.append(el("div", {class: "confirm", role: "alertdialog", "aria-label": T.endSure},
        el("p", {}, T.endSure),
        button(T.endYes, () => { confirming = false; cmd("end"); }, {id: "end-yes", class: "primary"}),
        button(T.cancel, () => { confirming = false; renderHost(state, welcome, send); }, {id: "end-no"})));
    } else box.append(button(T.end, () => { confirming = true; renderHost(state, welcome, send); }, {id: "end"}));
  }
  if (!t.started && !t.series) {  // a tournament table keeps its drawn seats
    const pick = el("select", {"aria-label": T.bot}, ...welcome.bots.map((b) => el("option", {value: b}, b)));
    box.append(pick, button(T.addBot, () => cmd("add_bot", {bot: pick.value})));
  }
  const seats = el("ul", {class: "hostseats"});
  t.seats.forEach((s, i) => {
    const row = [];
    if (s.bot && !t.started && !t.series) row.push(button(`${T.removeBot}: ${s.name}`, () => cmd("remove_bot", {seat: i})));
    if (!s.bot && !s.online && t.started && !t.ended) row.push(button(`${s.name}: ${T.replace}`, () => cmd("replace", {seat: i, bot: "heuristic"}), {class: "replace"}));
    if (s.replaced && !t.ended) row.push(button(`${s.name}: ${T.giveBack}`, () => cmd("give_back", {seat: i}), {class: "give-back"}));
    if (row.length) seats.append(el("li", {}, ...row));
  });
  if (seats.children.length) box.append(seats);
  const people = t.series ? [] : t.seats.map((s, i) => [s, i]).filter(([s, i]) => !s.bot && s.person && i !== state.seat);
  if (people.length) {
    const pick = el("select", {id: "hand-to", "aria-label": T.hand}, ...people.map(([s, i]) => el("option", {value: String(i)}, s.name)));
    box.append(el("p", {class: "hand"}, el("label", {}, T.hand + " ", pick),
      button(T.handGo, () => {
        const i = +pick.value;
        if (confirm(fmt(T.handSure, {name: t.seats[i].name}))) cmd("hand_host", {seat: i});
      }, {id: "hand"})));
  }
  clockForm(t, cmd);
  if (offline) for (const b of $("host").querySelectorAll("button, select, input")) { b.disabled = true; b.dataset.off = "1"; }
}

// The turn clock's form: made once (a state arriving while the host types keeps his input),
// its values follow the table's clock while it is not being edited.
function clockForm(t, cmd) {
  const c = t.clock || {};
  let form = $("clock");
  if (!form) {
    const field = (id, label) => el("label", {}, label + " ",
      el("input", {id, type: "number", min: "1", max: "3600", inputmode: "numeric", placeholder: T.clockOff}));
    const secs = (id) => { const x = $(id).value.trim(); return x === "" ? null : Math.round(+x); };
    form = el("details", {id: "clock", class: "clock", ...(c.nudge || c.takeover ? {open: ""} : {})}, el("summary", {}, T.clock),
      field("clock-nudge", T.nudgeAfter), field("clock-takeover", T.takeoverAfter),
      el("button", {type: "button", id: "clock-set", onclick: () => cmd("clock", {nudge: secs("clock-nudge"), takeover: secs("clock-takeover")})}, T.clockSet));
    $("host").append(form);
  }
  if (!form.contains(document.activeElement)) {
    $("clock-nudge").value = c.nudge || "";
    $("clock-takeover").value = c.takeover || "";
  }
}
