// The start page: the ages column (ages.js) and the "my tables" list.
import "/static/ages.js";
import {show} from "/static/mytables.js";

const mine = document.getElementById("my-tables");
show(mine, mine.dataset.lang);
