// The table page: one websocket, the server's view of this seat rendered as HTML.
const app = document.getElementById("app");
const TABLE = app.dataset.table;
const LANG = app.dataset.lang === "en" ? "en" : "de";
const T = {
  de: {connecting: "Verbinde …", offline: "Verbindung weg – neuer Versuch in {s} s",
    flooded: "Zu viele Nachrichten – Verbindung getrennt. Neuer Versuch in {s} s oder jetzt:", reconnect: "Neu verbinden",
    waiting: "Warte auf den Start durch den Gastgeber", waitingOrg: "Warte auf den Start durch die Turnierleitung", paused: "Angehalten", ended: "Beendet",
    yourTurn: "Du bist dran", turnOf: "{name} ist dran", over: "Spiel vorbei: {name} verliert",
    overDurch: "Spiel vorbei: {name} verliert mit Durchmarsch", rollingOff: "Auswürfeln …",
    spectator: "Zuschauer", you: "du", stock: "Stock", deckel: "Deckel", throws: "{n} Würfe", throw1: "1 Wurf", noThrow: "noch kein Wurf",
    limit: "höchstens {n} Würfe", limit1: "höchstens 1 Wurf", half: "Hälfte", final: "Finale", onlyHalf: "Das Spiel: eine Hälfte",
    round: "Runde", beforeRound: "Vor der Runde", opening: "Eröffnungsrunde: jeder wirft einmal",
    blind: "Blind: ein Wurf für alle, Deckel doppelt", blindDone: "Blind gespielt: Deckel doppelt",
    again: "nochmal", covered: "Becher zu", cup: "Becher zu", aside: "rausgelegt", turned: "gedreht", void: "ungültig",
    out: "raus (keine Deckel)", notInFinal: "nicht im Finale", halfLost: "Hälfte verloren",
    online: "online", offline_s: "nicht da", bot: "Bot", hint: "Tipp", notLose: "nicht verlieren",
    exp: "erwartete Deckel", start: "Start", pause: "Anhalten", resume: "Weiter", end: "Beenden",
    addBot: "Bot dazu", removeBot: "Bot weg", replace: "durch Bot ersetzen", showdown: "Aufgedeckt",
    bots: {beginner: "Anfänger", bold: "mutig", casual: "Gelegenheitsspieler", cautious: "vorsichtig",
      good: "gut", heuristic: "Faustregel", optimal: "optimal", random: "Zufall", equilibrium: "Gleichgewicht"},
    or: "oder",
    can: {throw: "würfeln", lift: "aufdecken", stop: "stehen lassen", blind: "blind ansagen", turn: "Sechsen drehen",
      einkaufen: "einkaufen oder nicht", aside: "Würfel rauslegen", back: "Würfel zurücknehmen"},
    verbs: {throw: "Würfeln", lift: "Aufdecken", stop: "Stehen lassen", blind: "Blind",
      "turn 1": "Sechsen drehen", "turn 2": "Drei Sechsen drehen", "einkaufen yes": "Einkaufen",
      "einkaufen no": "Nicht einkaufen", aside: "Rauslegen", back: "Zurücknehmen"}},
  en: {connecting: "Connecting …", offline: "Connection lost – retrying in {s} s",
    flooded: "Too many messages – disconnected. Retrying in {s} s, or now:", reconnect: "Reconnect",
    waiting: "Waiting for the host to start", waitingOrg: "Waiting for the organizer to start", paused: "Paused", ended: "Ended",
    yourTurn: "Your turn", turnOf: "{name} to move", over: "Game over: {name} loses",
    overDurch: "Game over: {name} loses by Durchmarsch", rollingOff: "Rolling off …",
    spectator: "spectator", you: "you", stock: "Stock", deckel: "Deckel", throws: "{n} throws", throw1: "1 throw", noThrow: "no throw yet",
    limit: "at most {n} throws", limit1: "at most 1 throw", half: "Half", final: "Final", onlyHalf: "The game: one half",
    round: "Round", beforeRound: "Before the round", opening: "Opening round: everybody throws once",
    blind: "Blind: one throw for everybody, Deckel doubled", blindDone: "Played blind: Deckel doubled",
    again: "again", covered: "cup covered", cup: "cup covered", aside: "set aside", turned: "turned", void: "void",
    out: "out (no Deckel)", notInFinal: "not in the final", halfLost: "lost a half",
    online: "online", offline_s: "away", bot: "bot", hint: "Hint", notLose: "not to lose",
    exp: "expected Deckel", start: "Start", pause: "Pause", resume: "Resume", end: "End",
    addBot: "Add bot", removeBot: "Remove bot", replace: "replace with bot", showdown: "Revealed",
    bots: {},
    or: "or",
    can: {throw: "throw", lift: "lift the cup", stop: "stop", blind: "declare blind", turn: "turn sixes",
      einkaufen: "buy in or not", aside: "set dice aside", back: "take dice back"},
    verbs: {throw: "Throw", lift: "Lift the cup", stop: "Stop", blind: "Blind",
      "turn 1": "Turn sixes", "turn 2": "Turn three sixes", "einkaufen yes": "Buy in",
      "einkaufen no": "Do not buy in", aside: "Set aside", back: "Take back"}},
}[LANG];
const fmt = (s, o) => s.replace(/\{(\w+)\}/g, (_, k) => o[k]);
const frag = new URLSearchParams(location.hash.slice(1));
const token = frag.get("seat");
// A host who plays: the host link kept in this browser ("my tables") joins his seat's page,
// so his seat and the host's buttons are in one tab (dropped if the server refuses it).
let hostToken = frag.get("host") || (token ? storedHost() : null), hostStored = !frag.get("host") && !!hostToken;
function storedHost() {
  try {
    const mine = JSON.parse(localStorage.getItem("schock-my-tables") || "[]");
    const e = Array.isArray(mine) && mine.find((x) => x && x.id === TABLE && x.role === "host" && typeof x.link === "string");
    return e ? new URLSearchParams(e.link.split("#")[1] || "").get("host") : null;
  } catch (_) { return null; }
}
let ws = null, state = null, welcome = null, backoff = 500, wasMyTurn = false, logLines = [];
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
};
const sound = $("sound");
sound.checked = localStorage.getItem("schock-sound") !== "off";
sound.addEventListener("change", () => localStorage.setItem("schock-sound", sound.checked ? "on" : "off"));

function connect() {
  $("status").textContent = T.connecting;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const root = location.pathname.slice(0, location.pathname.lastIndexOf("/t/"));  // a proxy's sub-path
  ws = new WebSocket(`${proto}//${location.host}${root}/ws/tables/${TABLE}`);
  ws.onopen = () => {
    backoff = 500;
    const hello = {type: "hello", lang: LANG};
    if (token) hello.token = token;
    if (hostToken) hello.host = hostToken;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (ev) => handle(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (ev.code === 1008) { flooded(); return; }
    const wait = Math.min(backoff, 15000);
    document.dispatchEvent(new CustomEvent("schock:offline", {detail: {wait}}));  // controls.js
    setTimeout(connect, wait);
    backoff *= 2;
  };
}
// Closed for sending too many messages (1008, docs/protocol.md): said on the banner, and
// connected again after a pause or on a tap, never at once (that would flood again).
const FLOOD_PAUSE = 30000;
function flooded() {
  document.dispatchEvent(new CustomEvent("schock:offline", {detail: {wait: FLOOD_PAUSE}}));  // controls.js
  const conn = $("conn"), usual = conn.textContent;
  const again = () => { clearTimeout(timer); conn.textContent = usual; connect(); };
  const timer = setTimeout(again, FLOOD_PAUSE);
  conn.textContent = fmt(T.flooded, {s: FLOOD_PAUSE / 1000}) + " ";
  conn.append(el("button", {type: "button", "data-testid": "reconnect", onclick: again}, T.reconnect));
}
function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
function act(verb) { $("error").textContent = ""; $("hints").textContent = ""; send({type: "act", n: state.n, action: verb}); }

function handle(msg) {
  if (msg.type === "welcome") { welcome = msg; renderRules(); }
  else if (msg.type === "state") {
    if (state && msg.n !== state.n) { $("error").textContent = ""; unsaved(null); }
    if (!keepLog(msg.log)) return;
    state = msg; render();
    // the waiting room (waiting.js) follows every state
    document.dispatchEvent(new CustomEvent("schock:state", {detail: {state, welcome, send}}));
  }
  else if (msg.type === "error" && msg.code === "bad_token" && hostStored) {
    hostToken = null; hostStored = false; ws.close();  // the kept host link is no longer the host's
  }
  else if (msg.type === "error" && msg.code === "unsaved") { unsaved(msg[LANG]); showControls(); }
  else if (msg.type === "error") { $("error").textContent = msg[LANG]; showControls(); }
  else if (msg.type === "notice" && msg.code === "saved_again") unsaved(null, msg[LANG]);
  else if (msg.type === "hints") { renderHints(msg); showControls(); }
}
// The server could not store a move or command (docs/protocol.md, "unsaved"): nothing
// changed, so the buttons stay as they are and the tap can be tried again; a banner says
// so until the server says saving works again ("saved_again", shown until the next move).
function unsaved(text, ok = null) {
  const b = $("unsaved");
  b.textContent = text || ok || "";
  b.classList.toggle("ok", !text && !!ok);
  b.hidden = !(text || ok);
}
// The server sends only what changed in the log: keep the first `from` lines, add the rest.
// A gap (lines missing) asks for the whole log again.
function keepLog(log) {
  if (log.from > logLines.length) { send({type: "lang", lang: LANG}); return false; }
  logLines = logLines.slice(0, log.from).concat(log.lines);
  return true;
}
// The game account opens in this page's language (the language switch keeps the seat: langs.js).
function recordLink() {
  const root = location.pathname.slice(0, location.pathname.lastIndexOf("/t/"));  // a proxy's sub-path
  $("record").href = `${root}/t/${TABLE}/replay` + (LANG === "en" ? "?lang=en" : "");
}
recordLink();
function renderRules() {
  const t = $("rules"); t.textContent = "";
  for (const [k, v] of welcome.rules.rows) t.append(el("tr", {}, el("th", {scope: "row"}, k), el("td", {}, v)));
}
function name(i) { return state.view.names[i] + (i === state.seat ? ` (${T.you})` : ""); }

// ---------------------------------------------------------------- drawing (SVG, no image files)
const SVGNS = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}, ...kids) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
};
const PIPS = {1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]]};
// One die with its pips; marks: "aside" (on the table), "turned" (a 1 made by turning sixes).
function dieSvg(v, marks = []) {
  const label = `${v}` + (marks.length ? " – " + marks.map((m) => T[m]).join(", ") : "");
  const s = svg("svg", {viewBox: "0 0 40 40", class: "die " + marks.join(" "), role: "img", "aria-label": label});
  s.append(svg("rect", {x: 2, y: 2, width: 36, height: 36, rx: 7, class: "face"}));
  for (const [x, y] of PIPS[v] || []) s.append(svg("circle", {cx: x * 10, cy: y * 10, r: v === 1 ? 5 : 3.6, class: v === 1 ? "pip one" : "pip"}));
  return s;
}
// The covered cup: what is under it only its owner may have seen.
function cupSvg(hidden) {
  const s = svg("svg", {viewBox: "0 0 44 48", class: "cup", role: "img", "aria-label": `${T.cup} (${hidden})`});
  s.append(svg("path", {d: "M6 44 L10 6 Q22 1 34 6 L38 44 Q22 48 6 44 Z", class: "cup-body"}),
    svg("path", {d: "M10 6 Q22 11 34 6", class: "cup-rim"}),
    svg("text", {x: 22, y: 32, "text-anchor": "middle", class: "cup-text"}, "?"));
  return s;
}
// A stack of n Deckel (beer mats), with the number beside it.
function deckelStack(n, cls = "") {
  const shown = Math.min(n, 13), h = 10 + shown * 3;
  const s = svg("svg", {viewBox: `0 0 36 ${h}`, width: 36, height: h, class: "stack", "aria-hidden": "true"});
  for (let i = 0; i < shown; i++) s.append(svg("ellipse", {cx: 18, cy: h - 6 - i * 3, rx: 16, ry: 5, class: "mat"}));
  return el("span", {class: "deckel " + cls, "aria-label": `${n} ${T.deckel}`}, n ? s : "", el("b", {}, String(n)), el("small", {}, T.deckel));
}

// ---------------------------------------------------------------- the table
let howto = "unset";
function render() {
  // newcomers read "So geht's" while they wait; it folds away once the game starts
  if (howto === "unset") { howto = state.table.started ? "closed" : "open"; $("howto").open = howto === "open"; }
  else if (howto === "open" && state.table.started) { howto = "closed"; $("howto").open = false; }
  renderStatus();
  renderTable();
  renderRound();
  renderShowdown();
  renderActions();
  if (welcome && welcome.host) renderHost();
  renderLog();
}
// "what can I do now" in words: "würfeln oder stehen lassen"
function choices() {
  const words = [];
  for (const verb of state.legal) {
    const w = T.can[verb.split(" ")[0] === "turn" ? "turn" : verb.split(" ")[0]];
    if (w && !words.includes(w)) words.push(w);
  }
  return words.length < 2 ? words.join("") : words.slice(0, -1).join(", ") + ` ${T.or} ` + words[words.length - 1];
}
function renderStatus() {
  const v = state.view, t = state.table;
  let status;
  if (t.ended && !t.over) status = T.ended;
  else if (v.loser !== null) status = fmt(v.durchmarsch ? T.overDurch : T.over, {name: v.names[v.loser]});
  else if (!t.started) status = t.series ? T.waitingOrg : T.waiting;
  else if (t.paused) status = T.paused;
  else if (state.legal.length) status = `${T.yourTurn}: ${choices()}`;
  else if (v.phase === "roll_off") status = T.rollingOff;
  else if (t.step === "bot") status = fmt(T.turnOf, {name: v.names[v.actor]}) + ` (${T.bot}) …`;
  else status = v.actor === null ? "" : fmt(T.turnOf, {name: v.names[v.actor]});
  if (state.seat === null) status += ` (${T.spectator})`;
  $("status").textContent = status;
  const mine = state.legal.length > 0;
  if (mine && !wasMyTurn && sound.checked) notify();
  wasMyTurn = mine;
}
// the seat to move, once the game runs
function actorNow() { return state.table.started && !state.table.ended ? state.view.actor : null; }
function seatCard(i) {
  const v = state.view, t = state.table, seat = t.seats[i] || {}, actor = actorNow();
  const inHalf = v.half.players.includes(i), out = (state.story.out || []).includes(i);
  const flags = [seat.bot ? `${T.bot} (${T.bots[seat.bot] || seat.bot})` : (seat.online ? T.online : T.offline_s)];
  const badges = [];
  if (!inHalf && v.half.kind === "final") badges.push(T.notInFinal);
  else if (out) badges.push(T.out);
  const lost = v.half_losers.filter((s) => s === i).length;
  if (lost) badges.push(lost > 1 ? `${lost}× ${T.halfLost}` : T.halfLost);
  return el("li", {class: "seat" + (i === actor ? " actor" : "") + (i === state.seat ? " me" : "") + (!inHalf || out ? " out" : "")},
    el("span", {class: "who"}, (i === actor ? "▶ " : "") + name(i)),
    inHalf ? deckelStack(v.deckel[i]) : el("span", {class: "deckel"}, "–"),
    el("small", {}, flags.join(" · ")),
    ...badges.map((b) => el("span", {class: "badge"}, b)));
}
function renderTable() {
  const v = state.view, s = $("scores"); s.textContent = "";
  s.append(el("h2", {}, state.story.half || T.onlyHalf));
  const n = v.names.length, top = Math.ceil(n / 2);
  const row = (from, to) => { const ul = el("ul", {class: "seats"}); for (let i = from; i < to; i++) ul.append(seatCard(i)); return ul; };
  s.append(row(0, top),
    el("div", {class: "stock", "aria-label": `${T.stock}: ${v.stock}`}, deckelStack(v.stock, "big"), el("span", {}, T.stock)),
    row(top, n));
}
function turnRow(tv) {
  const v = state.view, dice = el("div", {class: "dice"});
  tv.aside.forEach((d, i) => dice.append(dieSvg(d, ["aside"].concat(i < tv.turned ? ["turned"] : []))));
  (tv.cup || []).forEach((d) => dice.append(dieSvg(d)));
  if (tv.hidden) dice.append(cupSvg(tv.hidden));
  const label = (state.results || {})[tv.seat];
  const info = [tv.throws === 0 ? T.noThrow : (tv.throws === 1 ? T.throw1 : fmt(T.throws, {n: tv.throws}))];
  if (label) info.push(label);
  else if (tv.done && tv.hidden) info.push(T.covered);
  return el("div", {class: "turn" + (tv.seat === actorNow() ? " actor" : "")},
    el("span", {class: "who"}, name(tv.seat)), dice, el("small", {}, info.join(" · ")));
}
function renderRound() {
  const v = state.view, r = $("round"); r.textContent = "";
  const head = [v.round.number ? `${T.round} ${v.round.number}` : T.beforeRound];
  if (v.round.opening) head.push(T.opening);
  else if (v.round.limit) head.push(fmt(v.round.limit === 1 ? T.limit1 : T.limit, {n: v.round.limit}));
  r.append(el("h2", {}, head.join(" · ")));
  if (v.round.blind) r.append(el("p", {class: "badge blind"}, T.blind));
  const ro = state.story.roll_off;
  if (ro) {
    const box = el("div", {class: "rolloff"}, el("p", {}, ro.text));
    ro.rolls.forEach((rolls, k) => {
      const line = el("div", {class: "dice"});
      if (k) line.append(el("small", {}, T.again));
      for (const x of rolls) line.append(el("span", {class: "ro"}, el("small", {}, v.names[x.seat]), dieSvg(x.die, x.void ? ["void"] : [])));
      box.append(line);
    });
    if (ro.result) box.append(el("p", {class: "strong"}, ro.result));
    r.append(box);
  }
  for (const tv of v.round.turns) if (tv.throws || tv.seat === actorNow()) r.append(turnRow(tv));
  r.hidden = v.loser !== null && !ro && !v.round.turns.some((tv) => tv.throws);  // game over: nothing under way
}
// The last showdown, best first, every result named, where the Deckel came from.
function renderShowdown() {
  const sd = state.story.showdown, box = $("showdown"); box.textContent = "";
  box.hidden = !sd;
  if (!sd) return;
  box.append(el("h2", {}, `${T.showdown}: ` + (sd.half ? `${sd.half}, ` : "") + `${T.round} ${sd.round}`));
  if (sd.blind) box.append(el("p", {class: "badge blind"}, T.blindDone));
  const ol = el("ol", {class: "ranking"});
  for (const row of sd.rows) {
    const dice = el("span", {class: "dice"}, ...row.dice.map((d) => dieSvg(d)));
    ol.append(el("li", {class: row.seat === sd.loser ? "loser" : (row.place === 1 ? "best" : "")},
      el("span", {class: "place"}, `${row.place}.`), el("span", {class: "who"}, name(row.seat)), dice,
      el("span", {class: "res"}, el("b", {}, row.label), el("small", {}, row.notes.join(", ")))));
  }
  box.append(ol);
  if (sd.deckel) box.append(el("p", {class: "strong"}, "→ " + sd.deckel));
  for (const line of sd.then) box.append(el("p", {}, line));
}
function renderActions() {
  const a = $("actions"); a.textContent = "";
  state.legal.forEach((verb, i) => {
    const [head, arg] = verb.includes(" ") && !verb.startsWith("turn") && !verb.startsWith("einkaufen") ? verb.split(" ") : [verb, ""];
    const b = el("button", {type: "button", class: "act", "data-verb": verb, "aria-keyshortcuts": i < 9 ? String(i + 1) : null, onclick: () => act(verb)},
      i < 9 ? el("kbd", {}, String(i + 1)) : "", " " + (T.verbs[verb] || T.verbs[head] || verb));
    if (arg) b.append(...arg.split("-").map((x) => (+x >= 1 && +x <= 6 ? dieSvg(+x) : x)));
    a.append(b);
  });
  $("hint-btn").hidden = !(state.legal.length && state.view.phase === "turn");
  showControls();
}
// The moves card only while there is something in it (moves, a hint, an error).
function showControls() {
  $("controls").hidden = !(state && state.legal.length) && !$("error").textContent && !$("hints").textContent;
}
function renderLog() {
  const log = $("log"); log.textContent = "";
  for (const line of logLines) log.append(el("li", {}, line));
  if (state.table.over) $("record").textContent = LANG === "en" ? "Game account and record download" : "Spielbericht und Protokoll herunterladen";
}
function renderHost() { /* the host's buttons: controls.js */ }
function renderHints(msg) {
  const h = $("hints"); h.textContent = "";
  const ol = el("ol");
  for (const x of msg.hints) {
    ol.append(el("li", {}, `${x.text}: ${Math.round(x.p_not_lose * 100)} % ${T.notLose}, ${x.expected_deckel.toFixed(2)} ${T.exp}`));
  }
  h.append(ol);
}
function notify() {
  try {
    if (navigator.vibrate) navigator.vibrate(150);
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const o = ctx.createOscillator(); o.frequency.value = 660; o.connect(ctx.destination);
    o.start(); o.stop(ctx.currentTime + 0.12);
  } catch (e) { /* no audio: fine */ }
}
$("hint-btn").addEventListener("click", () => send({type: "hint"}));
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const n = parseInt(e.key, 10);
  if (n >= 1 && n <= 9 && state && state.legal[n - 1]) { act(state.legal[n - 1]); e.preventDefault(); }
  else if (e.key === "h" && !$("hint-btn").hidden) send({type: "hint"});
});
connect();
