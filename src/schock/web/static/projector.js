// The projector view: polls the tournament's JSON every few seconds, no reload.
(function () {
  "use strict";
  var root = document.getElementById("projector");
  var tid = root.dataset.tid, en = root.dataset.en === "1";
  var W = en ? {table: "Table", frozen: "(frozen)", hidden: "hidden until the end", stopped: "clock stopped", done: "done"}
             : {table: "Tisch", frozen: "(eingefroren)", hidden: "bis zum Ende verdeckt", stopped: "Uhr steht", done: "fertig"};
  var state = null, fetchedAt = 0;
  function el(tag, text, cls) { var e = document.createElement(tag); e.textContent = text; if (cls) e.className = cls; return e; }
  function draw() {
    if (!state) return;
    document.getElementById("p-round").textContent = state.round || "–";
    var plan = document.getElementById("p-plan");
    plan.replaceChildren();
    state.plan.forEach(function (t) {
      var li = el("li", W.table + " " + t.table + ": " + t.players.map(function (p) { return p.number + " " + p.name; }).join(" · ") + (t.done ? " ✓" : ""), t.done ? "done" : "");
      li.dataset.table = t.table;
      plan.appendChild(li);
    });
    var body = document.querySelector("#p-standings tbody");
    body.replaceChildren();
    document.getElementById("p-mode").textContent = state.mode === "frozen" ? W.frozen : "";
    if (state.standings === null) {
      var tr = document.createElement("tr"); tr.appendChild(el("td", W.hidden)); body.appendChild(tr);
    } else {
      state.standings.forEach(function (s) {
        var tr = document.createElement("tr");
        tr.dataset.number = s.number;
        tr.appendChild(el("td", s.rank + "."));
        tr.appendChild(el("td", s.number + " " + s.name));
        tr.appendChild(el("td", s.chips === null ? s.points : String(s.chips), "score"));
        body.appendChild(tr);
      });
    }
    tick();
  }
  function tick() {
    var c = document.getElementById("p-clock");
    if (!state || !state.clock.running) { c.textContent = W.stopped; c.className = "p-clock"; return; }
    var left = state.clock.remaining - Math.floor((Date.now() - fetchedAt) / 1000);
    var sign = left < 0 ? "-" : "", a = Math.abs(left);
    c.textContent = sign + Math.floor(a / 60) + ":" + String(a % 60).padStart(2, "0");
    c.className = "p-clock" + (left <= 300 ? " warning" : "");
  }
  function poll() {
    var sub = location.pathname.slice(0, location.pathname.lastIndexOf("/turnier/"));  // a proxy's sub-path
    fetch(sub + "/api/turnier/" + encodeURIComponent(tid) + "/projector", {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (data) { state = data; fetchedAt = Date.now(); draw(); })
      .catch(function () {});
  }
  document.getElementById("p-full").addEventListener("click", function () {
    if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  });
  poll();
  setInterval(poll, 3000);
  setInterval(tick, 1000);
})();
