// The table page: one websocket, the server's view of this seat rendered as HTML.
const app = document.getElementById("app");
const TABLE = app.dataset.table;
const LANG = app.dataset.lang === "en" ? "en" : "de";
const T = {
  de: {connecting: "Verbinde …", offline: "Verbindung weg – neuer Versuch in {s} s",
    waiting: "Warte auf den Start durch den Gastgeber", paused: "Angehalten", ended: "Beendet",
    yourTurn: "Du bist dran!", turnOf: "{name} ist dran", over: "Spiel vorbei: {name} verliert",
    spectator: "Zuschauer", you: "du", stock: "Stock", deckel: "Deckel", throws: "Würfe", throw1: "Wurf",
    limit: "Höchstens {n} Würfe", half: "Hälfte", final: "Finale", round: "Runde",
    cup: "Becher zu", aside: "rausgelegt", turned: "gedreht", loser: "Verlierer", gets: "bekommt",
    online: "online", offline_s: "nicht da", bot: "Bot", hint: "Tipp", notLose: "nicht verlieren",
    exp: "erwartete Deckel", start: "Start", pause: "Anhalten", resume: "Weiter", end: "Beenden",
    addBot: "Bot dazu", removeBot: "Bot weg", replace: "durch Bot ersetzen", result: "Ergebnis", showdown: "Aufdecken",
    verbs: {throw: "Würfeln", lift: "Aufdecken", stop: "Stehen lassen", blind: "Blind",
      "turn 1": "Sechsen drehen", "turn 2": "Drei Sechsen drehen", "einkaufen yes": "Einkaufen",
      "einkaufen no": "Nicht einkaufen", aside: "Rauslegen", back: "Zurücknehmen"}},
  en: {connecting: "Connecting …", offline: "Connection lost – retrying in {s} s",
    waiting: "Waiting for the host to start", paused: "Paused", ended: "Ended",
    yourTurn: "Your turn!", turnOf: "{name} to move", over: "Game over: {name} loses",
    spectator: "spectator", you: "you", stock: "Stock", deckel: "Deckel", throws: "throws", throw1: "throw",
    limit: "At most {n} throws", half: "Half", final: "Final", round: "Round",
    cup: "cup covered", aside: "set aside", turned: "turned", loser: "loser", gets: "gets",
    online: "online", offline_s: "away", bot: "bot", hint: "Hint", notLose: "not to lose",
    exp: "expected Deckel", start: "Start", pause: "Pause", resume: "Resume", end: "End",
    addBot: "Add bot", removeBot: "Remove bot", replace: "replace with bot", result: "result", showdown: "Showdown",
    verbs: {throw: "Throw", lift: "Lift the cup", stop: "Stop", blind: "Blind",
      "turn 1": "Turn sixes", "turn 2": "Turn three sixes", "einkaufen yes": "Buy in",
      "einkaufen no": "Do not buy in", aside: "Set aside", back: "Take back"}},
}[LANG];
const fmt = (s, o) => s.replace(/\{(\w+)\}/g, (_, k) => o[k]);
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
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
let ws = null, state = null, welcome = null, backoff = 500, wasMyTurn = false;
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
  ws.onclose = () => {
    const wait = Math.min(backoff, 15000);
    document.dispatchEvent(new CustomEvent("schock:offline", {detail: {wait}}));  // controls.js
    setTimeout(connect, wait);
    backoff *= 2;
  };
}
function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
function act(verb) { $("error").textContent = ""; $("hints").textContent = ""; send({type: "act", n: state.n, action: verb}); }

function handle(msg) {
  if (msg.type === "welcome") { welcome = msg; renderRules(); }
  else if (msg.type === "state") {
    if (state && msg.n !== state.n) $("error").textContent = "";
    state = msg; render();
    // the waiting room (waiting.js) follows every state
    document.dispatchEvent(new CustomEvent("schock:state", {detail: {state, welcome, send}}));
  }
  else if (msg.type === "error" && msg.code === "bad_token" && hostStored) {
    hostToken = null; hostStored = false; ws.close();  // the kept host link is no longer the host's
  }
  else if (msg.type === "error") { $("error").textContent = msg[LANG]; }
  else if (msg.type === "hints") renderHints(msg);
}
function renderRules() {
  const t = $("rules"); t.textContent = "";
  for (const [k, v] of welcome.rules.rows) t.append(el("tr", {}, el("th", {scope: "row"}, k), el("td", {}, v)));
}
function name(i) { return state.view.names[i] + (i === state.seat ? ` (${T.you})` : ""); }
function die(v, marks) {
  const label = v === null ? T.cup : `${v}${marks.length ? " – " + marks.join(", ") : ""}`;
  return el("span", {class: "die" + (v === null ? " hidden" : "") + (marks.length ? " aside" : ""), role: "img", "aria-label": label},
    v === null ? "?" : FACES[v], marks.length ? el("small", {"aria-hidden": "true"}, "▲") : "");
}
function render() {
  const v = state.view, t = state.table;
  let status;
  if (t.ended && !t.over) status = T.ended;
  else if (v.loser !== null) status = fmt(T.over, {name: v.names[v.loser]});
  else if (!t.started) status = T.waiting;
  else if (t.step === "bot") status = fmt(T.turnOf, {name: v.names[v.actor]}) + " (Bot) …";
  else if (t.paused) status = T.paused;
  else if (v.actor === state.seat && state.seat !== null) status = T.yourTurn;
  else status = v.actor === null ? "" : fmt(T.turnOf, {name: v.names[v.actor]});
  if (state.seat === null) status += ` (${T.spectator})`;
  $("status").textContent = status;
  const mine = state.legal.length > 0;
  if (mine && !wasMyTurn && sound.checked) notify();
  wasMyTurn = mine;
  // scores
  const s = $("scores"); s.textContent = "";
  const kind = v.half.kind === "final" ? T.final : `${v.half.number}. ${T.half}`;
  s.append(el("h2", {}, `${kind} · ${T.stock}: ${v.stock}`));
  const ul = el("ul", {class: "seats"});
  v.names.forEach((n, i) => {
    const seat = t.seats[i] || {};
    const flags = [seat.bot ? `${T.bot}: ${seat.bot}` : (seat.online ? T.online : T.offline_s)];
    if (v.half_losers.includes(i)) flags.push(`${T.half} ${T.loser}`);
    ul.append(el("li", {class: (i === v.actor ? "actor " : "") + (i === state.seat ? "me" : "")},
      el("span", {class: "who"}, (i === v.actor ? "▶ " : "") + name(i)),
      el("span", {class: "deckel"}, `${v.deckel[i]} ${T.deckel}`),
      el("small", {}, flags.join(" · "))));
  });
  s.append(ul);
  // round
  const r = $("round"); r.textContent = "";
  r.append(el("h2", {}, `${T.round} ${v.round.number}` + (v.round.limit ? ` · ${fmt(T.limit, {n: v.round.limit})}` : "")));
  for (const tv of v.round.turns) {
    const dice = el("div", {class: "dice"});
    tv.aside.forEach((d, i) => dice.append(die(d, [T.aside].concat(i < tv.turned ? [T.turned] : []))));
    (tv.cup || []).forEach((d) => dice.append(die(d, [])));
    for (let i = 0; i < tv.hidden; i++) dice.append(die(null, []));
    r.append(el("div", {class: "turn" + (tv.seat === v.actor ? " actor" : "")},
      el("span", {class: "who"}, name(tv.seat)), dice,
      el("small", {}, `${tv.throws} ${tv.throws === 1 ? T.throw1 : T.throws}` + (tv.result ? ` · ${T.result}: ${tv.result}` : ""))));
  }
  if (v.last_showdown) {
    const sd = el("div", {class: "showdown", "aria-label": T.showdown});
    sd.append(el("h3", {}, T.showdown));
    const ol = el("ol");
    for (const [seat, res] of v.last_showdown.results) ol.append(el("li", {}, `${name(seat)}: ${typeof res === "object" ? JSON.stringify(res) : res}`));
    sd.append(ol);
    if (v.last_deckel) {
      const d = v.last_deckel;
      const from = d.giver === null ? T.stock : v.names[d.giver];
      sd.append(el("p", {}, `${T.loser}: ${v.names[d.loser]} – ${T.gets} ${d.count} ${T.deckel} (${from})`));
    }
    r.append(sd);
  }
  // actions
  const a = $("actions"); a.textContent = "";
  state.legal.forEach((verb, i) => {
    const [head, arg] = verb.includes(" ") && !verb.startsWith("turn") && !verb.startsWith("einkaufen") ? verb.split(" ") : [verb, ""];
    const label = (T.verbs[verb] || T.verbs[head] || verb) + (arg ? " " + arg.split("-").map((x) => FACES[+x] || x).join(" ") : "");
    a.append(el("button", {type: "button", class: "act", "data-verb": verb, "aria-keyshortcuts": i < 9 ? String(i + 1) : null, onclick: () => act(verb)},
      i < 9 ? el("kbd", {}, String(i + 1)) : "", " " + label));
  });
  $("hint-btn").hidden = !(mine && v.phase === "turn");
  // host
  if (welcome && welcome.host) renderHost();
  const log = $("log"); log.textContent = "";
  for (const line of state.log) log.append(el("li", {}, line));
  if (t.over) $("record").textContent = LANG === "en" ? "Game account and record download" : "Spielbericht und Protokoll herunterladen";
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
