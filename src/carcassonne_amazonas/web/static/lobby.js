// Carcassonne – Amazonas web app: the lobby and the seats this browser keeps (loaded
// before app.js, whose helpers and globals it shares).
"use strict";

// ---- saved seats (this browser only) ------------------------------------------------

function savedGames() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY) || "[]"); } catch (error) { return []; }
}

function saveGame(created) {
  const games = savedGames().filter((g) => g.game !== created.game);
  games.unshift({ game: created.game, created: new Date().toISOString(), seats: created.seats });
  try { localStorage.setItem(STORE_KEY, JSON.stringify(games.slice(0, 20))); } catch (error) { /* private mode */ }
}

function seatLink(game, player, token) {
  const params = new URLSearchParams({ game, player: String(player), token });
  return `${location.origin}/#${params}`;
}

// ---- lobby --------------------------------------------------------------------------

// The rule variants, each as the server words it (/api/config "variants", in the page's
// language) with the values it takes ("rules"), the default first: a choice of values,
// or a box to tick for a variant that is on or off.
function renderRuleOptions() {
  const fieldset = $("rules");
  fieldset.querySelectorAll(".row").forEach((row) => row.remove());
  for (const [name, words] of Object.entries(config.variants || {})) {
    const values = config.rules[name];
    const id = name.replace(/_/g, "-");
    if (values.length === 2 && typeof values[0] === "boolean") {
      const row = el("label", { class: "row check" });
      row.append(el("input", { type: "checkbox", id }), el("span", {}, words.label));
      fieldset.append(row);
      continue;
    }
    const row = el("label", { class: "row" }, words.label + " ");
    const select = el("select", { id });
    for (const value of values) select.append(el("option", { value }, words.choices[value] || value));
    row.append(select);
    fieldset.append(row);
  }
}

function renderSeatRows() {
  const players = Number(ui.players.value);
  const rows = ui.seatRows;
  const kept = Array.from(rows.querySelectorAll("tr")).map((row) => ({
    kind: row.querySelector("select").value, name: row.querySelector("input").value }));
  rows.replaceChildren();
  for (let player = 0; player < players; player += 1) {
    const row = el("tr");
    const who = el("td");
    who.append(swatch(player), document.createTextNode(capitalise(colourName(player))));
    const kind = el("select", { "data-seat": String(player),
      "aria-label": t("who plays seat {number} ({colour})", { number: player + 1, colour: colourName(player) }) });
    const menu = config.menu || config.kinds.map((option) => ({ kind: option, label: kindName(option), detail: "" }));
    for (const choice of menu) {
      kind.append(el("option", { value: choice.kind, title: choice.detail || "" }, choice.label));
    }
    kind.value = kept[player] ? kept[player].kind : (player === 0 ? "human" : "greedy");
    const name = el("input", { type: "text", maxlength: String(config.max_name_length || 24),
      placeholder: capitalise(colourName(player)), "aria-label": t("name of seat {number}", { number: player + 1 }) });
    name.value = kept[player] ? kept[player].name : "";
    const kindCell = el("td"); kindCell.append(kind);
    const nameCell = el("td"); nameCell.append(name);
    row.append(who, kindCell, nameCell);
    rows.append(row);
  }
  tableLobby();  // table.js: a table game's seats are all people
}

function renderRecent() {
  const games = savedGames();
  ui.recent.hidden = games.length === 0;
  ui.recentGames.replaceChildren();
  for (const game of games) {
    const human = game.seats.find((s) => s.token);
    if (!human) continue;
    const item = el("li");
    const link = el("a", { href: seatLink(game.game, human.player, human.token) },
      t("game {id}", { id: game.game }));
    item.append(link, document.createTextNode(" · " + t("{players} players · created {date}",
      { players: game.seats.length, date: game.created.slice(0, 16).replace("T", " ") })));
    ui.recentGames.append(item);
  }
}

function showLobby(message) {
  stopPolling();
  seat = null; view = null; selection = null; etag = null;
  document.title = t("Carcassonne \u2013 Amazonas");
  ui.lobby.hidden = false; ui.game.hidden = true; ui.created.hidden = true;
  ui.status.textContent = "";
  ui.createError.textContent = message || "";
  document.body.dataset.screen = "lobby";
  renderSeatRows();
  renderRecent();
}

async function createGame(event) {
  event.preventDefault();
  ui.createError.textContent = "";
  const seats = Array.from(ui.seatRows.querySelectorAll("select")).map((s) => s.value);
  const names = Array.from(ui.seatRows.querySelectorAll("input")).map((i) => i.value);
  const rules = {};
  for (const name of Object.keys(config.variants || {})) {
    const control = $(name.replace(/_/g, "-"));
    rules[name] = control.type === "checkbox" ? control.checked : control.value;
  }
  const body = tableRequest({ players: seats.length, seats, names, rules });  // table.js
  let text = JSON.stringify(body);
  const seed = body.table ? "" : ui.seed.value.trim();
  if (seed !== "") {
    // The seed goes as its digits: a JavaScript number would round seeds above 2^53.
    if (!/^[0-9]{1,19}$/.test(seed) || BigInt(seed) > 9223372036854775807n) {
      ui.createError.textContent = t("The seed is a whole number from 0 to 9223372036854775807, or empty for a secret one.");
      ui.seed.focus();
      return;
    }
    text = `${text.slice(0, -1)},"seed":${seed.replace(/^0+(?=[0-9])/, "")}}`;
  }
  ui.create.disabled = true;
  const answer = await api("POST", "/api/games", text);
  ui.create.disabled = false;
  if (!answer.ok) { ui.createError.textContent = answer.data.error || t("error {status}", { status: answer.status }); return; }
  saveGame(answer.data);
  const humans = answer.data.seats.filter((s) => s.token);
  if (humans.length === 1 || answer.data.table) { location.hash = new URL(seatLink(answer.data.game, humans[0].player, humans[0].token)).hash; return; }
  listSeatLinks(ui.seatLinks, answer.data.game, answer.data.seats);
  ui.created.hidden = false;
  ui.enterGame.onclick = () => { location.hash = new URL(seatLink(answer.data.game, humans[0].player, humans[0].token)).hash; };
}

function listSeatLinks(list, game, seats) {
  list.replaceChildren();
  for (const s of seats) {
    if (!s.token) continue;
    const item = el("li");
    const link = el("input", { type: "text", readonly: "", "aria-label": t("link of seat {number}", { number: s.player + 1 }) });
    link.value = seatLink(game, s.player, s.token);
    const copy = el("button", { type: "button", "aria-label": t("Copy the link of seat {number}", { number: s.player + 1 }) }, t("Copy"));
    copy.onclick = async () => {
      link.select();
      try { await navigator.clipboard.writeText(link.value); copy.textContent = t("Copied"); } catch (error) { document.execCommand("copy"); }
    };
    item.append(swatch(s.player), document.createTextNode(capitalise(colourName(s.player))), link, copy);
    list.append(item);
  }
}
