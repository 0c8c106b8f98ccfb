// The table's phone form: the order of going out by tapping players, no typing.
// Tap a player: he goes out next. Tap him again while he is alone in his group (not
// the first): he went out at the same moment as the group before (2+3). A third tap
// takes him out of the order. The text field shows (and takes) the same notation as
// `schock turnier eintragen --raus 2+3`: "2, 3+5, 4". When all but one player are in
// the order, the one left is ticked as the loser.
(function () {
  "use strict";
  var pick = document.getElementById("outpick");
  var field = document.getElementById("out");
  if (!pick || !field) return;
  var buttons = Array.prototype.slice.call(pick.querySelectorAll("button.tap"));
  var groups = [];

  function parse(text) {
    var out = [];
    text.replace(/\s*\+\s*/g, "+").split(/[,;\s]+/).forEach(function (part) {
      if (!part) return;
      var g = part.split("+").filter(function (x) { return /^\d+$/.test(x); }).map(Number);
      if (g.length) out.push(g);
    });
    return out;
  }
  function text() { return groups.map(function (g) { return g.join("+"); }).join(", "); }
  function where(p) {
    for (var i = 0; i < groups.length; i++) if (groups[i].indexOf(p) >= 0) return i;
    return -1;
  }
  function show() {
    var place = 1;
    var places = {};
    groups.forEach(function (g) { g.forEach(function (p) { places[p] = place; }); place += g.length; });
    buttons.forEach(function (b) {
      var p = Number(b.dataset.p), i = where(p);
      b.querySelector(".place").textContent = p in places ? places[p] + "." : "";
      b.classList.toggle("chosen", i >= 0);
      b.classList.toggle("joined", i >= 0 && groups[i].length > 1);
      b.setAttribute("aria-pressed", i >= 0 ? "true" : "false");
    });
    document.getElementById("out-order").textContent = groups.length ? text() : "–";
    var left = buttons.map(function (b) { return Number(b.dataset.p); })
      .filter(function (p) { return where(p) < 0; });
    var radios = document.querySelectorAll("input[name=loser]");
    radios.forEach(function (r) {
      if (left.length === 1) r.checked = Number(r.value) === left[0];
      else if (r.checked && where(Number(r.value)) >= 0) r.checked = false;
    });
  }
  function tap(p) {
    var i = where(p);
    if (i < 0) {
      groups.push([p]);
    } else if (groups[i].length === 1 && i > 0) {
      groups.splice(i, 1);
      groups[i - 1].push(p);
    } else {
      groups[i].splice(groups[i].indexOf(p), 1);
      if (!groups[i].length) groups.splice(i, 1);
    }
    field.value = text();
    show();
  }
  buttons.forEach(function (b) {
    b.addEventListener("click", function () { tap(Number(b.dataset.p)); });
  });
  document.getElementById("out-clear").addEventListener("click", function () {
    groups = []; field.value = ""; show();
  });
  field.addEventListener("input", function () { groups = parse(field.value); show(); });
  groups = parse(field.value);
  pick.hidden = false;
  show();
})();
