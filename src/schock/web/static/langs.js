// The language switch of every page keeps the page's own query (?game=2) and its
// fragment (#seat=…, #host=…, #invite=…): a player who switches to English keeps his seat.
function keep() {
  for (const a of document.querySelectorAll(".langs a[data-lang]")) {
    const q = new URLSearchParams(location.search);
    q.set("lang", a.dataset.lang);
    a.href = `?${q}${location.hash}`;
  }
}
keep();
window.addEventListener("hashchange", keep);
