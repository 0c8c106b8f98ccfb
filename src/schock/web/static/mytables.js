// "My tables": the tables this browser created or joined, kept in localStorage only.
// An entry: {id, role: "host" | "seat", link, rules, seat (a name, for "seat"), at (ISO time)}.
import {el} from "./dom.js";
const KEY = "schock-my-tables";
const MAX = 40;

export function load() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.id === "string" && typeof e.link === "string") : [];
  } catch (_) { return []; }
}
function save(list) { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX))); }

/** Add or refresh an entry (same table and role: the newer link wins), newest first. */
export function remember(entry) {
  const rest = load().filter((e) => !(e.id === entry.id && e.role === entry.role));
  save([{...entry, at: entry.at || new Date().toISOString()}, ...rest]);
}
export function forget(id, role) { save(load().filter((e) => !(e.id === id && e.role === role))); }

const T = {
  de: {host: "Gastgeber", seat: "Platz", open: "Öffnen", close: "Beenden", forget: "Aus der Liste",
    waiting: "wartet auf den Start", running: "läuft", over: "Spiel vorbei", ended: "beendet",
    gone: "gibt es nicht mehr", sure: "Diesen Tisch für alle beenden? Das Spiel bleibt als Bericht erhalten.",
    players: "Spieler"},
  en: {host: "host", seat: "seat", open: "Open", close: "End", forget: "Remove from list",
    waiting: "waiting for the start", running: "running", over: "game over", ended: "ended",
    gone: "no longer exists", sure: "End this table for everyone? The game stays as a report.",
    players: "players"},
};

function withLang(link, lang) {
  if (lang !== "en") return link;
  const [path, frag] = link.split("#");
  return path + (path.includes("?") ? "&" : "?") + "lang=en" + (frag ? "#" + frag : "");
}

/** Show the list in ``section`` (hidden while empty); statuses come from the server. */
export async function show(section, lang) {
  const t = T[lang === "en" ? "en" : "de"];
  const ul = section.querySelector("ul");
  const list = load();
  section.hidden = list.length === 0;
  ul.textContent = "";
  const fmt = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "de-DE", {dateStyle: "short", timeStyle: "short"});
  for (const e of list) {
    const status = el("span", {class: "status"}, "…");
    const role = e.role === "host" ? t.host : `${t.seat}: ${e.seat || "?"}`;
    const buttons = el("span", {class: "buttons"});
    const li = el("li", {"data-table": e.id, "data-role": e.role},
      el("a", {href: withLang(e.link, lang), class: "open"}, `${e.rules || e.id} · ${role}`),
      el("small", {}, fmt.format(new Date(e.at)), " · ", status), buttons);
    buttons.append(el("button", {type: "button", class: "forget", onclick: () => { forget(e.id, e.role); show(section, lang); }}, t.forget));
    ul.append(li);
    fetch(new URL(`../api/tables/${encodeURIComponent(e.id)}`, import.meta.url)).then(async (r) => {
      if (r.status === 404) { status.textContent = t.gone; li.classList.add("gone"); return; }
      const s = await r.json();
      const word = s.ended ? t.ended : s.over ? t.over : s.started ? t.running : t.waiting;
      status.textContent = `${word} · ${s.seats.length} ${t.players}`;
      if (e.role === "host" && !s.ended && !s.over) {
        buttons.prepend(el("button", {type: "button", class: "close", onclick: async () => {
          if (!confirm(t.sure)) return;
          const frag = new URLSearchParams(e.link.split("#")[1] || "");
          const host = frag.get("host") || frag.get("seat");  // a seat the host role was handed to
          const res = await fetch(new URL(`../api/tables/${encodeURIComponent(e.id)}/close`, import.meta.url), {
            method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify({host})});
          if (res.ok) show(section, lang);
        }}, t.close));
      }
    }).catch(() => { status.textContent = "?"; });
  }
}
