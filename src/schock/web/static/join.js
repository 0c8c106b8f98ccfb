// The invite link's page: pick a free seat or type a name, get one's own seat link.
import {el} from "./dom.js";
import {load, remember} from "./mytables.js";

const box = document.getElementById("join");
const TABLE = box.dataset.table, LANG = box.dataset.lang === "en" ? "en" : "de";
const W = box.dataset;
const $ = (id) => document.getElementById(id);
const invite = new URLSearchParams(location.hash.slice(1)).get("invite") || "";
const q = LANG === "en" ? "?lang=en" : "";
let info = null, joined = false;

function seatLink(link) {  // the language goes before the fragment
  const [path, frag] = link.split("#");
  return path + q + "#" + frag;
}

function render() {
  const who = $("join-who"); who.textContent = "";
  const between = info.started && info.over && !info.ended;  // late-comers join new seats
  info.seats.forEach((s, i) => who.append(el("li", {class: s.free && !between ? "free" : "taken"},
    `${i + 1}. ${s.name}`, " ", el("small", {}, s.bot ? `${W.wordBot}: ${s.bot}` : s.free && !between ? W.wordFree : W.wordTaken))));
  info.late.forEach((name) => who.append(el("li", {class: "late"}, name, " ", el("small", {}, W.wordLate))));
  const seats = $("join-seats"), was = seats.querySelector("input:checked");
  const keep = was ? was.value : null;
  seats.textContent = "";
  const options = info.seats.map((s, i) => [String(i), `${W.wordSeat} ${i + 1}: ${s.name}`, s.free && !between]).filter((o) => o[2]);
  options.push(["new", W.wordNew, true]);
  for (const [value, label] of options) {
    const input = el("input", {type: "radio", name: "seat", value});
    input.checked = keep === null ? value === "new" : value === keep;  // a free seat is picked on purpose
    input.addEventListener("change", prefill);
    seats.append(el("label", {class: "tap"}, input, " " + label));
  }
  if (!seats.querySelector("input:checked")) seats.querySelector("input[value=new]").checked = true;
  prefill();
  const open = (!info.started && !info.ended) || between;
  $("join-form").hidden = !open || !invite || joined;
  $("join-closed").hidden = open;
}
function prefill() {
  const v = $("join-seats").querySelector("input:checked").value;
  const name = $("join-name");
  if (v === "new") { if (name.dataset.auto) { name.value = ""; delete name.dataset.auto; } }
  else if (!name.value || name.dataset.auto) { name.value = info.seats[+v].name; name.dataset.auto = "1"; }
}
$("join-name").addEventListener("input", (e) => delete e.target.dataset.auto);

function mine() { return load().find((e) => e.id === TABLE && e.role === "seat"); }
function showMine() {
  const m = mine();
  if (!m) return;
  $("join-mine").hidden = false;
  $("mine-name").textContent = m.seat;
  $("mine-go").href = seatLink(m.link);
}

async function refresh() {
  const r = await fetch(new URL(`../api/tables/${encodeURIComponent(TABLE)}`, import.meta.url));
  info = await r.json();
  render();
}

$("join-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("join-error").textContent = "";
  const v = $("join-seats").querySelector("input:checked").value;
  const body = {invite, seat: v === "new" ? null : +v, name: $("join-name").value};
  const age = $("join-age");
  if (age && age.value.trim()) body.age = age.value.trim();
  $("join-go").disabled = true;
  try {
    const r = await fetch(new URL(`../api/tables/${encodeURIComponent(TABLE)}/join`, import.meta.url), {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
    const msg = await r.json();
    if (!r.ok) {
      $("join-error").textContent = msg[LANG] || (msg.detail && JSON.stringify(msg.detail)) || r.status;
      await refresh();
      return;
    }
    remember({id: TABLE, role: "seat", link: msg.link, rules: msg.rules, seat: msg.name});
    joined = true;
    $("join-form").hidden = true;
    $("join-done").hidden = false;
    $("done-name").textContent = msg.name;
    $("done-link").textContent = msg.link;
    $("done-link").href = $("done-go").href = seatLink(msg.link);
    await refresh();
  } finally { $("join-go").disabled = false; }
});
$("done-copy").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("done-link").textContent); } catch (_) { /* not allowed: the link is shown */ }
});

showMine();
if (!invite) $("join-error").textContent = W.wordBadInvite;
refresh();
// switching the language keeps the invite (it lives in the fragment, which a plain
// "?lang=" link would drop)
for (const a of document.querySelectorAll(".langs a")) a.href = a.getAttribute("href") + location.hash;
