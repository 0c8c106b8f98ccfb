// The start page: the ages column (ages.js) and the "my tables" list.
import "./ages.js";
import {show} from "./mytables.js";

const mine = document.getElementById("my-tables");
show(mine, mine.dataset.lang);
