// The Analyse page: show one player's decisions, or only the marked ones, and step
// through what is shown (without script every decision is listed).
(() => {
  const filters = document.getElementById("filters");
  const list = document.getElementById("decisions");
  if (!filters || !list) return;
  const cards = [...list.querySelectorAll("li.decision")];
  const marked = document.getElementById("only-marked");
  let seat = "";
  function apply() {
    const shown = cards.filter((c) => {
      const ok = (seat === "" || c.dataset.seat === seat) &&
        (!marked.checked || c.dataset.marked === "1");
      c.hidden = !ok;
      return ok;
    });
    shown.forEach((c, i) => {
      const prev = c.querySelector("a.prev");
      const next = c.querySelector("a.next");
      prev.hidden = i === 0;
      next.hidden = i === shown.length - 1;
      if (i > 0) prev.href = "#" + shown[i - 1].id;
      if (i < shown.length - 1) next.href = "#" + shown[i + 1].id;
      c.querySelector(".steps span").textContent = `${i + 1} / ${shown.length}`;
    });
  }
  filters.hidden = false;
  filters.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-seat]");
    if (!b) return;
    seat = b.dataset.seat;
    filters.querySelectorAll("button[data-seat]").forEach((x) =>
      x.setAttribute("aria-pressed", String(x === b)));
    apply();
  });
  marked.addEventListener("change", apply);
  apply();
})();
