// The created page: the new table goes into "my tables" (a file, not inline: the CSP allows no inline script).
import {remember} from "./mytables.js";

const d = document.getElementById("created").dataset;
remember({id: d.table, role: "host", link: d.host, rules: d.rules});
