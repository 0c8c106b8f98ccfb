// The Stammtisch groups this browser has opened, kept in localStorage (no server list).
const KEY = "schock.abend.groups";

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.link === "string" && typeof g.name === "string") : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 30)));
  } catch {
    /* private mode: nothing kept */
  }
}

const here = document.getElementById("evgroup");
if (here && here.dataset.link && here.dataset.link.startsWith("/abend/g/")) {
  const list = load().filter((g) => g.link !== here.dataset.link);
  list.unshift({ name: here.dataset.name || "?", link: here.dataset.link });
  save(list);
}

const ul = document.getElementById("mygroups");
if (ul) {
  const lang = document.documentElement.lang === "en" ? "?lang=en" : "";
  const render = () => {
    ul.replaceChildren();
    const list = load();
    document.getElementById("mygroups-card").hidden = list.length === 0;
    for (const g of list) {
      if (!g.link.startsWith("/abend/g/")) continue;
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = g.link + lang;
      a.textContent = g.name;
      const forget = document.createElement("button");
      forget.type = "button";
      forget.className = "evforget";
      forget.textContent = ul.dataset.forget || "x";
      forget.addEventListener("click", () => {
        save(load().filter((x) => x.link !== g.link));
        render();
      });
      li.append(a, " ", forget);
      ul.append(li);
    }
  };
  render();
}

// "Link kopieren": the group's link to the clipboard (where the browser allows it)
const copy = document.querySelector(".evcopy");
const linkField = document.querySelector(".evlink");
if (copy && linkField && navigator.clipboard) {
  copy.hidden = false;
  copy.addEventListener("click", () => {
    navigator.clipboard.writeText(linkField.value).then(
      () => { copy.textContent = copy.dataset.copied || "OK"; },
      () => { linkField.select(); },
    );
  });
}
