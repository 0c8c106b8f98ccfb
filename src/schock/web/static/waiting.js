// The host's waiting room on the table page: the invite link and its QR code, who is
// there, and moving people; shown to the host before the start.
import {el} from "./dom.js";
import {remember} from "./mytables.js";
const box = document.getElementById("waiting");
const TABLE = box.dataset.table;
const list = document.getElementById("waiting-seats");
const W = list.dataset;
const frag = new URLSearchParams(location.hash.slice(1));
const hostToken = frag.get("host");
// the host role may have been handed to this page's seat: its token is then the host's
const credentials = [hostToken, frag.get("seat")].filter(Boolean);
let invite = null;

async function fetchInvite() {
  invite = {};
  let r = null;
  for (const host of credentials) {
    r = await fetch(new URL(`../api/tables/${encodeURIComponent(TABLE)}/invite`, import.meta.url), {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify({host})});
    if (r.ok) break;
  }
  if (!r || !r.ok) return;
  invite = await r.json();
  const a = document.getElementById("waiting-invite");
  a.href = a.textContent = invite.link;
  document.getElementById("waiting-qr").innerHTML = invite.qr;  // an SVG made by the server
}

/** The host fills in an age where the rules need ages (porz: the youngest loses a tie). */
function ageInput(s, i, send) {
  const input = el("input", {class: "age", inputmode: "numeric", maxlength: "3", autocomplete: "off",
    "data-age-seat": String(i), "aria-label": `${s.name}: ${W.age}`, placeholder: s.aged ? `${W.age} ✓` : `${W.age}?`});
  input.addEventListener("change", () => {
    const v = input.value.trim();
    const ok = /^\d{1,3}$/.test(v) && +v <= 150;
    input.setAttribute("aria-invalid", ok ? "false" : "true");
    if (ok) send({type: "host", command: "age", seat: i, age: +v});
  });
  return el("label", {class: "agebox"}, input);
}

let remembered = false;
/** A seat or host link opened here goes into "my tables" (found again from the start page). */
function rememberLink(state, welcome) {
  const seat = frag.get("seat");
  if (remembered || !welcome || !(seat || hostToken)) return;
  remembered = true;
  const link = location.origin + location.pathname + location.hash;
  const rules = welcome.rules && welcome.rules.name;
  if (welcome.host) remember({id: TABLE, role: "host", link, rules});
  else if (seat && state.seat !== null) remember({id: TABLE, role: "seat", link, rules, seat: state.view.names[state.seat]});
}

document.addEventListener("schock:state", (ev) => {
  const {state, welcome, send} = ev.detail;
  rememberLink(state, welcome);
  const t = state.table;
  const between = t.started && t.over && !t.ended;  // late-comers may join
  // a tournament table has no invite and keeps its drawn seats (the organizer page has them)
  const show = !t.series && !!(welcome && welcome.host && credentials.length && ((!t.started && !t.ended) || between));
  if (!show) invite = null;  // asked again when this page is the host's (again)
  box.hidden = !show;
  if (!show) return;
  if (invite === null) fetchInvite();
  list.textContent = "";
  if (between) {  // the seats of the last game stay; late-comers sit down at the rematch
    for (const name of t.late || []) list.append(el("li", {class: "here"}, el("span", {class: "who"}, name), el("small", {}, W.late)));
    list.hidden = !(t.late || []).length;
    return;
  }
  list.hidden = false;
  const typing = document.activeElement && document.activeElement.dataset.ageSeat;
  const typed = typing ? document.activeElement.value : "";
  const n = t.seats.length;
  t.seats.forEach((s, i) => {
    const move = (to) => send({type: "host", command: "move", seat: i, to});
    const where = s.bot ? `Bot: ${s.bot}` : s.online ? W.here : s.free ? W.free : W.away;
    list.append(el("li", {class: s.online || s.bot ? "here" : ""},
      el("span", {class: "who"}, s.name), el("small", {}, where),
      el("span", {class: "moves"},
        el("button", {type: "button", class: "small", "aria-label": `${s.name}: ${W.up}`, onclick: () => move(i - 1), ...(i === 0 ? {disabled: ""} : {})}, "↑"),
        el("button", {type: "button", class: "small", "aria-label": `${s.name}: ${W.down}`, onclick: () => move(i + 1), ...(i === n - 1 ? {disabled: ""} : {})}, "↓"),
        el("button", {type: "button", class: "small remove", "aria-label": `${s.name}: ${W.remove}`, onclick: () => {
          if (s.bot || s.free || confirm(`${s.name}: ${W.remove}?`)) send({type: "host", command: "remove", seat: i});
        }}, "✕"))));
    if (t.needs_ages) list.lastChild.append(ageInput(s, i, send));
  });
  if (typing) {  // a state arrived while the host typed an age: keep it
    const again = list.querySelector(`input[data-age-seat="${typing}"]`);
    if (again) { again.value = typed; again.focus(); }
  }
});
