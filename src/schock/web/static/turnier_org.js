// The organizer page: forms that change something for good ask first (data-confirm), and
// the parts that change during the evening update themselves without a reload: the online
// tables, each table's entered games and next game, the missing tables, the waiting
// reports, the standings, the drinks ledger and the history. They come from /api/turnier/{id}/organizer every 3 seconds
// (ETag / If-None-Match: 304 while nothing changed; no polling while the tab is hidden).
// Only those parts are replaced: what the organizer types in the page's forms stays, an
// open QR code stays open, a bot chosen in a list stays chosen, and a part whose field
// has the focus waits until it is left. window.organizerLive.poll() asks at once.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });

  var live = document.getElementById("live");
  if (!live) return;
  var url = live.dataset.url;
  var etag = null;
  var FIELDS = "input:not([type=hidden]), select, textarea";
  var shown = new WeakMap();  // part -> the HTML it shows now

  function typing(el) {
    var a = document.activeElement;
    return !!a && a !== document.body && el.contains(a) && a.matches(FIELDS);
  }

  // Replace el's content with html, keeping the state the organizer gave it.
  function swap(el, html) {
    if (shown.get(el) === html) return true;
    if (typing(el)) return false;
    var kept = {};
    el.querySelectorAll("[data-keep]").forEach(function (x) {
      kept[x.dataset.keep] = x.tagName === "DETAILS" ? x.open : x.value;
    });
    el.innerHTML = html;
    shown.set(el, html);
    el.querySelectorAll("[data-keep]").forEach(function (x) {
      var k = x.dataset.keep;
      if (!(k in kept)) return;
      if (x.tagName === "DETAILS") x.open = kept[k];
      else x.value = kept[k];
    });
    return true;
  }

  // A table's game form: a new game number only while nothing is typed in it.
  function nextGame(form, next) {
    var game = form.querySelector("input[name=game]");
    if (String(next) === game.value) {
      form.querySelector(".stale").hidden = true;
      return true;
    }
    var typed = Array.prototype.some.call(form.querySelectorAll(FIELDS), function (x) {
      return x.value !== "";
    });
    if (typed || typing(form)) {
      form.querySelector(".stale").hidden = false;  // the organizer decides
      return false;
    }
    form.querySelector(".stale").hidden = true;
    if (next === null) {
      form.hidden = true;
    } else {
      form.hidden = false;
      game.value = String(next);
      form.querySelector(".game-no").textContent = String(next);
    }
    return true;
  }

  function take(data) {
    if (String(data.round) !== live.dataset.round) {
      live.hidden = false;  // another round was drawn: this page's tables are not it
      return;
    }
    Object.keys(data.parts).forEach(function (name) {
      var el = document.querySelector('[data-live="' + name + '"]');
      if (el && data.parts[name] !== null) swap(el, data.parts[name]);
    });
    var missing = document.getElementById("missing");
    if (missing) missing.textContent = data.missing;
    Object.keys(data.tables).forEach(function (n) {
      var games = document.querySelector('[data-live-games="' + n + '"]');
      if (games) swap(games, data.tables[n].games);
      var form = document.querySelector('form[data-enter="' + n + '"]');
      if (form) nextGame(form, data.tables[n].next);
    });
    live.dataset.version = String(Number(live.dataset.version || 0) + 1);
  }

  // Ask for the parts; resolves to the answer's status (304: nothing changed).
  var last = null;
  var inflight = null;
  function poll() {
    if (inflight) return inflight.then(poll);
    var headers = etag ? {"If-None-Match": etag} : {};
    inflight = fetch(url, {cache: "no-store", headers: headers, credentials: "same-origin"})
      .then(function (r) {
        if (r.status !== 200) return r.status;
        var tag = r.headers.get("ETag");
        return r.json().then(function (data) {
          etag = tag;
          last = data;
          take(data);
          return r.status;
        });
      })
      .catch(function () { return 0; })
      .then(function (status) { inflight = null; return status; });
    return inflight;
  }
  // a part left alone while a field in it had the focus, or a game form that had typed
  // values, takes what is new as soon as the field is left or emptied
  function again() { if (last) setTimeout(function () { take(last); }, 0); }
  document.addEventListener("focusout", again);
  document.addEventListener("input", again);

  window.organizerLive = {poll: poll};
  setInterval(function () { if (!document.hidden) poll(); }, 3000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
})();
