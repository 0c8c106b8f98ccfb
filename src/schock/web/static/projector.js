// The projector page: one screen that never scrolls. The tournament's state comes from
// /api/turnier/{id}/projector every 3 seconds (no reload); it is laid out as slides
// (tables, standings, drinks, Schock-Aus-König), each cut into as many pages as it needs
// to fit the screen, measured in the browser. Pages turn by themselves every `turn`
// seconds (?turn=N, 0: never); window.projector.next() / .show(i) turn them by hand.
(function () {
  "use strict";
  var root = document.getElementById("projector");
  var stage = document.getElementById("p-stage");
  var tid = root.dataset.tid, en = root.dataset.en === "1";
  var turn = Number(root.dataset.turn);
  var W = en ? {
    table: "Table", tables: "Tables", round: "Round", of: "of", standings: "Standings",
    points: "points", chips: "chips", frozen: "frozen", hidden: "Standings hidden until the end",
    stopped: "clock stopped", drinks: "Drinks", buys: "buys", gets: "gets", koenig: "Schock-Aus-König",
    games: "games", withdrawn: "withdrawn", noround: "No round drawn yet", out: "out"
  } : {
    table: "Tisch", tables: "Tische", round: "Runde", of: "von", standings: "Tabelle",
    points: "Punkte", chips: "Chips", frozen: "eingefroren", hidden: "Tabelle bis zum Ende verdeckt",
    stopped: "Uhr steht", drinks: "Getränke", buys: "gibt aus", gets: "bekommt", koenig: "Schock-Aus-König",
    games: "Spiele", withdrawn: "abgemeldet", noround: "Noch keine Runde gelost", out: "raus"
  };
  var state = null, text = "", fetchedAt = 0, pages = [], index = 0, timer = null;

  function el(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }
  function row(rank, name, value, gone) {
    var r = el("div", "p-row" + (gone ? " gone" : ""));
    r.appendChild(el("span", "r", rank));
    r.appendChild(el("span", "n", name));
    r.appendChild(el("span", "v", value));
    return r;
  }
  function slides() {
    var s = state, out = [];
    var rnd = s.round ? W.round + " " + s.round + (s.rounds ? " " + W.of + " " + s.rounds : "") : "";
    var cards = s.plan.map(function (t) {
      var c = el("div", "p-card" + (t.done ? " done" : ""));
      c.dataset.table = t.table;
      var h = el("h3");
      h.appendChild(el("span", "", W.table + " " + t.table));
      h.appendChild(el("span", "", t.done ? "✓" : t.games ? t.games + " " + W.games : ""));
      c.appendChild(h);
      var ul = el("ul");
      t.players.forEach(function (p) {
        ul.appendChild(el("li", "", p.number + " " + p.name + (p.withdrawn ? " (" + W.withdrawn + ")" : "")));
      });
      c.appendChild(ul);
      return c;
    });
    out.push({key: "tables", title: W.tables + (rnd ? " · " + rnd : ""), grid: true,
              items: cards.length ? cards : [el("div", "p-big", W.noround)]});
    if (s.standings) {
      out.push({key: "standings", title: W.standings + " · " + (s.chips ? W.chips : W.points),
                note: s.mode === "frozen" ? W.frozen : "",
                items: s.standings.map(function (x) {
                  var gone = x.status === "withdrawn";
                  var r = row(x.rank + ".", x.number + " " + x.name + (gone ? " (" + W.withdrawn + ")" : ""),
                              x.chips === null ? x.points : String(x.chips), gone);
                  r.dataset.number = x.number;
                  return r;
                })});
    } else {
      out.push({key: "standings", title: W.standings, items: [el("div", "p-big", W.hidden)]});
    }
    if (s.drinks && s.drinks.length) {
      out.push({key: "drinks", title: W.drinks, note: W.buys + " / " + W.gets,
                items: s.drinks.map(function (d, i) {
                  return row(i + 1 + ".", d.number + " " + d.name, d.buys + " / " + d.gets);
                })});
    }
    if (s.koenig && s.koenig.length) {
      out.push({key: "koenig", title: W.koenig, items: s.koenig.map(function (k) {
        return row(k.rank + ".", k.number + " " + k.name, k.count + "×");
      })});
    }
    return out;
  }
  function holderFor(slide, box) {
    var h = el("div", slide.grid ? "p-grid" : "p-cols");
    box.appendChild(h);
    return h;
  }
  function fits(box, holder) {
    return holder.scrollHeight <= box.clientHeight + 1 && holder.scrollWidth <= holder.clientWidth + 1 &&
      holder.offsetHeight <= box.clientHeight + 1;
  }
  function paginate(slide) {
    var made = [], box = null, holder = null, count = 0;
    function open() {
      box = el("div", "p-page-box measure");
      box.dataset.slide = slide.key;
      stage.appendChild(box);
      holder = holderFor(slide, box);
      count = 0;
      made.push(box);
    }
    open();
    slide.items.forEach(function (item) {
      holder.appendChild(item);
      if (count > 0 && !fits(box, holder)) {
        holder.removeChild(item);
        open();
        holder.appendChild(item);
      }
      count += 1;
    });
    return made.map(function (b, i) {
      b.classList.remove("measure");
      b.hidden = true;
      return {box: b, slide: slide, part: i + 1, parts: made.length};
    });
  }
  function build() {
    if (!state) return;
    var was = pages[index] ? pages[index].slide.key + "/" + pages[index].part : "";
    stage.replaceChildren();
    pages = [];
    slides().forEach(function (s) { pages = pages.concat(paginate(s)); });
    index = 0;
    pages.forEach(function (p, i) { if (p.slide.key + "/" + p.part === was) index = i; });
    show(index);
  }
  function show(i) {
    if (!pages.length) return;
    index = ((i % pages.length) + pages.length) % pages.length;
    pages.forEach(function (p, j) { p.box.hidden = j !== index; });
    var p = pages[index];
    document.getElementById("p-slide").textContent = p.slide.title;
    document.getElementById("p-note").textContent = p.slide.note || "";
    document.getElementById("p-page").textContent = p.parts > 1 ? p.part + "/" + p.parts : "";
    root.dataset.page = String(index);
  }
  function next() { show(index + 1); }
  function tick() {
    var c = document.getElementById("p-clock");
    if (!state || !state.clock.running) { c.textContent = W.stopped; c.className = "p-clock stopped"; return; }
    var left = state.clock.remaining - Math.floor((Date.now() - fetchedAt) / 1000);
    var sign = left < 0 ? "-" : "", a = Math.abs(left);
    c.textContent = sign + Math.floor(a / 60) + ":" + String(a % 60).padStart(2, "0");
    c.className = "p-clock" + (left <= 300 ? " warning" : "");
  }
  function take(data) {
    var now = JSON.stringify(data);
    fetchedAt = Date.now();
    state = data;
    if (now !== text) {
      text = now;
      document.getElementById("p-round").textContent = data.round
        ? W.round + " " + data.round + (data.rounds ? " " + W.of + " " + data.rounds : "") : "";
      build();
    }
    tick();
    root.dataset.version = String(Number(root.dataset.version || 0) + 1);
  }
  // The state is asked for with the ETag of the last one: 304 while nothing changed (the
  // clock counts on from the last state). The tag is sent by hand, the browser's cache
  // kept out of it: a 200 it made of its cached copy would restart the clock's count.
  var etag = null;
  function poll() {
    var sub = location.pathname.slice(0, location.pathname.lastIndexOf("/turnier/"));  // a proxy's sub-path
    var headers = etag ? {"If-None-Match": etag} : {};
    return fetch(sub + "/api/turnier/" + encodeURIComponent(tid) + "/projector",
                 {cache: "no-store", headers: headers})
      .then(function (r) {
        if (r.status !== 200) return r.status;
        var tag = r.headers.get("ETag");
        return r.json().then(function (data) { etag = tag; take(data); return r.status; });
      })
      .catch(function () { return 0; });
  }
  document.getElementById("p-full").addEventListener("click", function () {
    if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  });
  window.addEventListener("resize", build);
  window.projector = {
    next: next, show: show, poll: poll, build: build,
    count: function () { return pages.length; },
    current: function () { return index; },
    slide: function () { return pages[index] ? pages[index].slide.key : null; }
  };
  poll();
  setInterval(poll, 3000);
  setInterval(tick, 1000);
  if (turn > 0) timer = setInterval(next, turn * 1000);
})();
