// Carcassonne – Amazonas web app: table games (loaded before app.js, whose globals it
// shares). In a table game the server draws nothing: the players draw from the box and
// say which tile came, by tapping its picture among the tiles still in the bag (the
// view's table.draws, the library's chance outcomes, with the copies left); the
// placement and the piece are chosen as in any game (turn.js), the one token playing
// whoever is to move. "Undo the last entry" takes entries back one at a time. Every
// word shown here comes from the server: config.table (GET /api/config) and the views.
"use strict";

let tableUi = null;     // the table panel's nodes, made once

function tableText(key, values) {
  const words = (config.table && config.table[key]) || key;
  return words.replace(/\{(\w+)\}/g, (m, name) => (values && name in values ? String(values[name]) : m));
}

// The lobby's "table game" switch, added to the new game form once the config is known.
function setUpTableLobby() {
  if ($("table-game") || !config.table) return;
  const label = el("label", { class: "row check" });
  const box = el("input", { type: "checkbox", id: "table-game" });
  label.append(box, el("span", {}, tableText("option")));
  const hint = el("p", { class: "hint", id: "table-hint" }, tableText("option_hint"));
  hint.hidden = true;
  const form = $("create-form");
  form.insertBefore(hint, form.firstChild.nextSibling);
  form.insertBefore(label, hint);
  box.addEventListener("change", tableLobby);
  tableLobby();
}

function tableChosen() { const box = $("table-game"); return Boolean(box && box.checked); }

// A table game: every seat is a person at the table, and there is no seed.
function tableLobby() {
  if (!$("table-game")) return;
  const table = tableChosen();
  $("table-hint").hidden = !table;
  for (const select of ui.seatRows.querySelectorAll("select")) {
    if (table) select.value = "human";
    select.disabled = table;
  }
  ui.seed.closest("label").hidden = table;
  $("seed-hint").hidden = table;
}

// The body of POST /api/games for a table game (lobby.js asks before sending).
function tableRequest(body) {
  if (!tableChosen()) return body;
  return { players: body.players, names: body.names, rules: body.rules, table: true };
}

function tablePanel() {
  if (tableUi) return tableUi;
  const panel = el("div", { id: "table-panel", class: "table-panel" });
  const help = el("p", { class: "hint", id: "table-help" });
  const draws = el("div", { id: "table-draws", class: "table-draws" });
  const undo = el("button", { type: "button", id: "table-undo", class: "table-undo" });
  const note = el("p", { id: "table-note", class: "hint", "aria-live": "polite" });
  undo.addEventListener("click", undoEntry);
  panel.append(help, draws, undo, note);
  ui.turnCard.insertBefore(panel, ui.actionError);
  tableUi = { panel, help, draws, undo, note };
  return tableUi;
}

// Called at the end of render() (panels.js): the table's part of the screen.
function renderTable() {
  const table = view && view.table;
  if (!table) {
    if (tableUi) { tableUi.panel.hidden = true; ui.turnHelp.hidden = false; ui.confirm.hidden = false; ui.takeBack.hidden = false; }
    return;
  }
  const parts = tablePanel();
  parts.panel.hidden = false;
  ui.invite.hidden = true;  // one device for the whole table: no seat links, no
  ui.notify.hidden = true;  // notification of "your" turn
  setText(ui.status, tableText("status", { game: view.game, tiles: view.tiles_left }));
  if (!view.is_terminal && seat && seat.player !== null) seat.player = view.to_move;  // the token plays whoever is to move
  const drawing = !view.is_terminal && view.phase === "draw tile";
  if (!view.is_terminal) {
    const name = playerName(view.to_move);
    const key = { "draw tile": "draw_title", "place tile": "turn", "place double": "turn",
      "choose double": "double", "place piece": "piece" }[view.phase];
    if (key) setText(ui.turnTitle, tableText(key, { name }));
  }
  setText(parts.help, drawing ? tableText("draw_help") : "");
  parts.help.hidden = !drawing;
  ui.turnHelp.hidden = drawing;  // the panel's own help says what to do
  if (parts.note.dataset.seq !== String(view.seq)) setText(parts.note, "");
  ui.confirm.hidden = drawing; ui.takeBack.hidden = drawing;
  renderDraws(parts.draws, drawing ? table.draws : []);
  parts.undo.textContent = tableText("undo");
  parts.undo.disabled = busy || (!table.last && !pending);
  parts.undo.title = table.last ? table.last.lines.join(" ") : tableText("nothing_to_undo");
}

// The tiles still in the bag, standard then Amazon, as buttons with their pictures.
function renderDraws(node, draws) {
  const key = draws.map((d) => `${d.action}:${d.count}`).join(" ");
  if (node.dataset.key === key) {
    for (const button of node.querySelectorAll("button")) button.disabled = busy;
    return;
  }
  node.dataset.key = key;
  node.replaceChildren();
  node.hidden = draws.length === 0;
  for (const kind of ["standard", "amazon"]) {
    const group = draws.filter((d) => d.kind === kind);
    if (!group.length) continue;
    node.append(el("h3", {}, tableText(kind)));
    const grid = el("div", { class: "draw-grid" });
    for (const draw of group) {
      const left = tableText("copies_left", { count: draw.count });
      const button = el("button", { type: "button", class: "draw-option", "data-action": draw.action,
        "data-name": draw.name, "aria-label": `${draw.text}: ${left}`, title: draw.text });
      const image = el("img", { src: draw.picture, alt: "", loading: "lazy" });
      button.append(image, el("span", { class: "draw-name" }, draw.name),
        el("span", { class: "draw-count" }, left));
      button.addEventListener("click", () => { if (!busy) send(draw.action); });
      grid.append(button);
    }
    node.append(grid);
  }
}

// Take the last entry back: a tile placed on the page only goes back to the hand first.
async function undoEntry() {
  if (busy || !view || !view.table) return;
  if (pending) { takeBack(); return; }
  if (!view.table.last) return;
  const game = seat.game; const before = view.seq; const last = view.table.last;
  const taken = last.lines.length ? withoutRuleIds(last.lines.join(" ")) : last.action;  // the log's words
  busy = true; updateControls(); renderTable();
  const logAfter = Math.min(logShown(), before - 1);
  const answer = await api("POST", `/api/games/${encodeURIComponent(game)}/undo?board=1&log_after=${logAfter}`,
    { token: seat.token, seq: before });
  busy = false;
  if (!seat || seat.game !== game) return;
  if (!answer.ok) {
    ui.actionError.textContent = answer.data.error || `error ${answer.status}`;
    if (answer.status === 409) { etag = null; await refresh(); }
    render();
    return;
  }
  ui.actionError.textContent = "";
  boardText = null; etag = answer.etag;
  selection = null; pending = null; handTurn = 0;
  view = answer.data;
  render();
  setText(tableUi.note, tableText("undo_done", { action: taken }));
  tableUi.note.dataset.seq = String(view.seq);
  startPolling();
}
