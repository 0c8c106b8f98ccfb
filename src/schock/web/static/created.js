// The created page: the new table goes into "my tables" (a file, not inline: the CSP allows no inline script).
import {remember} from "./mytables.js";

const d = document.getElementById("created").dataset;
remember({id: d.table, role: "host", link: d.host, rules: d.rules});

// The language switch shows this page again in the other language with the same links
// (they are shown only here: the server keeps only their hashes, so the page sends them back).
const form = document.getElementById("relang");
for (const a of document.querySelectorAll(".langs a[data-lang]")) {
  a.addEventListener("click", (event) => {
    event.preventDefault();
    form.action = `${form.getAttribute("action")}?lang=${a.dataset.lang}`;
    form.submit();
  });
}
