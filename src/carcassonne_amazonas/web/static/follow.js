// Carcassonne – Amazonas web app: following the other players (loaded before app.js,
// whose globals it shares), and the phone's tabs.
//
// The view's `turns` are the last turn of each seat. Every turn since the player's own
// last one is marked on the board (its tiles outlined in its player's colour, numbered
// in the order they were played, its pieces ringed; a new one pulses) and said in one
// line above the board (#moves, the server's words). The board pans so that they are
// in view and, on the player's turn, a legal cell with them. On a touch screen the
// piece step zooms in until every piece choice is a 44 px target. A bot's "thinking…"
// says for how long. Below 700 px the page is three tabs: the board, the scores (and
// the result), the log.
"use strict";

let followShown = "";     // the turns marked on the board, to pan only when they change
let followSeen = 0;       // the last action the page has shown marked (older ones do not pulse)
let turnStarted = -1;     // the seq at which the player's turn on screen started
let zoomedForPieces = false;
let thinking = null;      // {key, since}: when the page saw the bot on screen start thinking
let thinkingTimer = null;
let tab = "board";

// The turns to mark: those since the player's own last turn (a watcher: all but the
// first, so one per other seat), the player's own never; none in a table game, whose
// players entered every move themselves on this device.
function followedTurns() {
  if (view && view.table) return [];
  const turns = (view && view.turns) || [];
  if (seat.player === null) return turns.slice(1);
  let from = 0;
  turns.forEach((turn, index) => { if (turn.player === seat.player) from = index + 1; });
  return turns.slice(from).filter((turn) => turn.player !== seat.player);
}

function renderFollow() {
  if (followGame !== view.game) {  // another game: nothing of the last one's follows it
    followGame = view.game; followShown = ""; followSeen = 0; turnStarted = -1;
    stopReplay(); delete document.body.dataset.ended;
  }
  const turns = followedTurns();
  const fresh = turns.filter((turn) => turn.seq > followSeen);
  renderMoves(turns);
  markTurns(turns);
  renderThinking();
  const key = turns.map((turn) => turn.seq).join(",");
  const startsTurn = myTurn() && view.phase === "place tile" && turnStarted !== view.seq;
  if (startsTurn) {
    turnStarted = view.seq;
    if (zoomedForPieces) { zoomedForPieces = false; autoFit = true; applyZoom(); }
    if (touch && tab !== "board") showTab("board");
  }
  if (view.phase === "place piece" && myTurn()) zoomForPieces();
  else if (fresh.filter((turn) => turn.cells.length).length > 1 || replay) replayMoves(fresh);
  else if ((startsTurn || key !== followShown) && autoFit) applyZoom();  // fits, then focusBoard
  else if (startsTurn) focusBoard(boardSvg());
  followShown = key;
  if (turns.length) followSeen = Math.max(followSeen, turns[turns.length - 1].seq);
  if (!view.is_terminal) delete document.body.dataset.ended;
  else if (!document.body.dataset.ended) {
    document.body.dataset.ended = "true";
    if (touch) showTab("scores");
  }
  labelBreakdown();
  renderPlaces();
}

// Several moves at once (the bots of a 3-player game, or a player back after a while)
// are shown one after the other: the board pans to each in turn for REPLAY_MS, its line
// and its tiles marked as the one on show, and then to the moves together and a legal
// cell. A touch or a click on the board stops it where it is.
const REPLAY_MS = 1100;
let replay = null;        // {queue: [turn...], timer}
let replayCurrent = null; // the seq of the move on show
let followGame = null;

function replayMoves(turns) {
  if (!replay) replay = { queue: [], timer: null };
  for (const turn of turns) if (turn.cells.length && !replay.queue.some((t) => t.seq === turn.seq)) replay.queue.push(turn);
  document.body.dataset.following = "true";
  if (!replay.timer) replayStep();
}

function replayStep() {
  if (!replay) return;
  for (const node of document.querySelectorAll(".follow-move.current, #moves li.current")) node.classList.remove("current");
  const turn = replay.queue.shift();
  replayCurrent = turn ? turn.seq : null;
  if (!turn) { stopReplay(); if (autoFit) applyZoom(); else focusBoard(boardSvg()); return; }
  const svg = boardSvg();
  if (svg && svg.dataset.originX !== undefined) {
    const { ox, oy, cell } = geometry(svg);
    const box = span(turn.cells);
    centre(svg, (ox + (box.x0 + box.x1) / 2 * cell) * zoom, (oy + (box.y0 + box.y1) / 2 * cell) * zoom);
  }
  for (const node of document.querySelectorAll(`.follow-move[data-seq="${turn.seq}"], #moves li[data-seq="${turn.seq}"]`)) {
    node.classList.add("current");
  }
  replay.timer = setTimeout(replayStep, REPLAY_MS);
}

function stopReplay() {
  if (replay && replay.timer) clearTimeout(replay.timer);
  replay = null; replayCurrent = null;
  delete document.body.dataset.following;
  for (const node of document.querySelectorAll(".follow-move.current, #moves li.current")) node.classList.remove("current");
}

// A tap on a move's line shows it on the board.
function showMove(turn) {
  stopReplay();
  if (tab !== "board") showTab("board");
  replayMoves([turn]);
}

// Every place at the end, 1st to Nth with ties (the view's `places`, the server's words).
function renderPlaces() {
  let list = $("places");
  if (!list) {
    list = el("ol", { id: "places", class: "places" });
    ui.result.after(list);
  }
  const places = view.places || [];
  if (list.children.length === places.length && places.every((p, i) => list.children[i].textContent === p.text)) return;
  list.replaceChildren(...places.map((p) => {
    const item = el("li", { "data-player": String(p.player), "data-place": String(p.place) });
    item.append(swatch(p.player), document.createTextNode(p.text));
    return item;
  }));
  list.hidden = places.length === 0;
}

// One line per turn followed, above the board: who, and what it placed and scored.
function renderMoves(turns) {
  let list = $("moves");
  if (!list) {
    list = el("ol", { id: "moves", class: "moves", "aria-live": "polite" });
    ui.board.before(list);
  }
  const items = turns.map((turn, index) => {
    const item = el("li", { "data-player": String(turn.player), "data-seq": String(turn.seq), title: turn.lines.join("\n") });
    item.append(el("span", { class: "move-number", "aria-hidden": "true" }, String(index + 1)), swatch(turn.player),
      el("span", { class: "move-text" }, turn.text));
    if (turn.seq > followSeen) item.classList.add("fresh");
    if (turn.seq === replayCurrent) item.classList.add("current");
    item.addEventListener("click", () => { item.classList.toggle("open"); showMove(turn); });
    return item;
  });
  const same = list.children.length === items.length
    && items.every((item, index) => list.children[index].dataset.seq === item.dataset.seq
      && list.children[index].textContent === item.textContent
      && list.children[index].classList.contains("current") === item.classList.contains("current"));
  if (!same) list.replaceChildren(...items);
  list.hidden = items.length === 0;
}

// The turns' tiles outlined on the board in their players' colours, numbered, and their
// pieces ringed; under the page's own overlay (the legal cells stay clickable).
function markTurns(turns) {
  const svg = boardSvg();
  if (!svg || svg.dataset.originX === undefined) return;
  const old = svg.querySelector("#follow");
  if (old) old.remove();
  if (!turns.length) return;
  const { ox, oy, cell } = geometry(svg);
  const group = svgEl("g", { id: "follow" });
  turns.forEach((turn, index) => {
    const colour = colourValue(turn.player);
    const move = svgEl("g", { class: "follow-move" + (turn.seq > followSeen ? " fresh" : "")
      + (turn.seq === replayCurrent ? " current" : ""),
      "data-player": turn.player, "data-seq": turn.seq });
    for (const [x, y] of turn.cells) {
      move.append(svgEl("rect", { class: "follow-tile", x: ox + x * cell + 2, y: oy + y * cell + 2,
        width: cell - 4, height: cell - 4, stroke: colour }));
    }
    for (const piece of turn.pieces) {
      move.append(svgEl("circle", { class: "follow-piece", cx: ox + piece.anchor[0] * cell,
        cy: oy + piece.anchor[1] * cell, r: cell * 0.3, stroke: colour }));
    }
    if (turn.cells.length) {
      const [x, y] = turn.cells[0];
      const badge = svgEl("g", { class: "follow-badge" });
      badge.append(svgEl("circle", { cx: ox + x * cell + 12, cy: oy + y * cell + 12, r: 10, fill: colour }));
      const number = svgEl("text", { x: ox + x * cell + 12, y: oy + y * cell + 16.5, "text-anchor": "middle" });
      number.textContent = String(index + 1);
      badge.append(number);
      move.append(badge);
    }
    group.append(move);
  });
  const overlay = svg.querySelector("#overlay");
  if (overlay) overlay.before(group); else svg.append(group);
}

// What the board shows first, in cells: `must`, the legal cell nearest the newest move
// on the player's turn (none otherwise); `turns`, the cells of each move followed,
// oldest first; `newest`, the newest move's cells (or the last tile placed). Null when
// there is nothing to show (board.js then centres the last tile).
function followTargets() {
  if (!view || (selection && selection.kind === "tile")) return null;
  const turns = followedTurns().filter((turn) => turn.cells.length).map((turn) => turn.cells);
  const legal = myTurn() && (view.phase === "place tile" || view.phase === "place double") ? view.placements : [];
  if (!turns.length && !legal.length) return null;
  const rows = view.state.placements;
  const newest = turns.length ? turns[turns.length - 1]
    : rows.length ? [[rows[rows.length - 1][1], rows[rows.length - 1][2]]] : [[0, 0]];
  const mx = newest.reduce((s, c) => s + c[0], 0) / newest.length;
  const my = newest.reduce((s, c) => s + c[1], 0) / newest.length;
  let near = null;
  for (const option of legal) {
    const distance = Math.hypot(option.x - mx, option.y - my);
    if (!near || distance < near.distance) near = { cell: [option.x, option.y], distance };
  }
  return { must: near ? [near.cell] : [], turns, newest };
}

function span(cells) {
  const xs = cells.map((c) => c[0]); const ys = cells.map((c) => c[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs) + 1, y0: Math.min(...ys), y1: Math.max(...ys) + 1 };
}

// The smallest a tile may be drawn by auto-fit (board.js), in screen pixels: readable
// (READABLE_PX), or smaller, down to FOLLOW_MIN_PX, when that is what it takes to show
// every move followed together with the legal cell.
const FOLLOW_MIN_PX = 32;
function followFloor() {
  const targets = followTargets();
  if (!targets || !targets.turns.length) return READABLE_PX;
  const box = span(targets.must.concat(...targets.turns));
  const fit = Math.min((ui.board.clientWidth - 12) / (box.x1 - box.x0), (ui.board.clientHeight - 12) / (box.y1 - box.y0));
  return Math.max(FOLLOW_MIN_PX, Math.min(READABLE_PX, fit));
}

// Pan the board so that the moves followed are in view and, on the player's turn, the
// legal cell nearest the newest of them; the oldest moves give way when all do not fit.
// False when there is nothing to show.
function focusBoard(svg) {
  if (!svg || svg.dataset.originX === undefined) return false;
  const targets = followTargets();
  if (!targets) return false;
  const { ox, oy, cell } = geometry(svg);
  const width = ui.board.clientWidth; const height = ui.board.clientHeight;
  const fits = (b) => (b.x1 - b.x0) * cell * zoom <= width - 8 && (b.y1 - b.y0) * cell * zoom <= height - 8;
  let box = null;
  for (let from = 0; from <= targets.turns.length; from += 1) {
    const cells = targets.must.concat(...targets.turns.slice(from));
    if (!cells.length) break;
    box = span(cells);
    if (fits(box)) break;
  }
  if (!box || !fits(box)) box = span(targets.must.length ? targets.must : targets.newest);
  centre(svg, (ox + (box.x0 + box.x1) / 2 * cell) * zoom, (oy + (box.y0 + box.y1) / 2 * cell) * zoom);
  return true;
}

// Scroll the board so that the point (x, y) of its picture, in screen pixels from the
// picture's corner, is in the middle of the board's area.
function centre(svg, x, y) {
  const left = svg.getBoundingClientRect().left - ui.board.getBoundingClientRect().left + ui.board.scrollLeft;
  const top = svg.getBoundingClientRect().top - ui.board.getBoundingClientRect().top + ui.board.scrollTop;
  ui.board.scrollLeft = left + x - ui.board.clientWidth / 2;
  ui.board.scrollTop = top + y - ui.board.clientHeight / 2;
}

// On a touch screen, the piece step zooms in (at most 5×) until the two closest piece
// choices are a finger's target apart, so that every choice takes a 44 px tap.
function zoomForPieces() {
  const svg = boardSvg();
  if (!touch || !svg || !view.pieces.length || !view.piece_cells) return;
  const cell = Number(svg.dataset.cellSize) || TILE_PX;
  let gap = Infinity;
  view.pieces.forEach((a, i) => view.pieces.forEach((b, j) => {
    if (i < j) gap = Math.min(gap, Math.hypot(a.anchor[0] - b.anchor[0], a.anchor[1] - b.anchor[1]) * cell);
  }));
  const needed = Math.min(5, (TOUCH_TARGET_PX + 2) / gap);
  if (zoom < needed) {
    autoFit = false; zoomedForPieces = true; zoom = needed;
    applyZoom();
    renderOverlay();  // the hit areas follow the zoom
  }
  const box = span(view.piece_cells);
  const { ox, oy } = geometry(svg);
  centre(svg, (ox + (box.x0 + box.x1) / 2 * cell) * zoom, (oy + (box.y0 + box.y1) / 2 * cell) * zoom);
}

// "… is thinking" and for how long: from the view's `bot.since` (when the server's
// worker started, ISO 8601) when it gives one, otherwise from when this page saw the bot
// start. A line of its own, beside the title (a live region), updated every second.
function renderThinking() {
  let line = $("thinking-for");
  if (!line) {
    line = el("p", { id: "thinking-for", class: "hint thinking-for", "aria-hidden": "true" });
    ui.turnTitle.after(line);
  }
  const bot = view.bot || {};
  const seatInfo = view.to_move === null ? null : view.seats[view.to_move];
  const on = Boolean(seatInfo && seatInfo.kind !== "human" && !bot.queued && !view.is_terminal);
  if (!on) {
    thinking = null; line.hidden = true;
    if (thinkingTimer) { clearInterval(thinkingTimer); thinkingTimer = null; }
    return;
  }
  const key = `${view.game}/${view.seq}`;
  if (!thinking || thinking.key !== key) thinking = { key, since: Date.now() };
  // The server's start (ISO 8601, UTC) wins, unless this machine's clock disagrees with
  // it past reason (a start in the future, or more than an hour ago).
  const started = typeof bot.since === "string" ? Date.parse(bot.since) : NaN;
  if (started <= Date.now() && Date.now() - started < 3600e3) thinking.since = started;
  const tick = () => {
    if (!thinking) return;
    const seconds = Math.floor((Date.now() - thinking.since) / 1000);
    setText(line, `${seconds} s`);
    line.dataset.seconds = String(seconds);
  };
  tick();
  line.hidden = false;
  if (!thinkingTimer) thinkingTimer = setInterval(tick, 1000);
}

// The result table on a phone: each row a card (app.css), each number labelled with its
// column's heading.
function labelBreakdown() {
  const heads = Array.from(document.querySelectorAll("table.breakdown thead tr:last-child th"), (th) => th.textContent);
  const groups = Array.from(document.querySelectorAll("table.breakdown thead tr:first-child th[colspan]"));
  const groupOf = [];
  for (const th of groups) for (let k = 0; k < Number(th.getAttribute("colspan")); k += 1) groupOf.push(th.textContent);
  const total = document.querySelector("table.breakdown thead th:last-child");
  for (const row of document.querySelectorAll("#final-rows tr")) {
    Array.from(row.querySelectorAll("td[data-part]")).forEach((td, index) => {
      td.dataset.label = `${groupOf[index] || ""} · ${heads[index] || ""}`;
    });
    const sum = row.querySelector("td.total");
    if (sum && total) sum.dataset.label = total.textContent;
  }
}

// ---- the phone's tabs -----------------------------------------------------------------

function showTab(name) {
  tab = name;
  document.body.dataset.tab = name;
  for (const button of document.querySelectorAll("#tabs [data-tab]")) {
    const chosen = button.dataset.tab === name;
    button.setAttribute("aria-selected", String(chosen));
    if (chosen) button.classList.remove("news");
  }
  window.scrollTo(0, 0);
  if (name === "board" && autoFit) applyZoom();
}

function startTabs() {
  document.body.dataset.tab = tab;
  for (const button of document.querySelectorAll("#tabs [data-tab]")) {
    button.addEventListener("click", () => showTab(button.dataset.tab));
  }
  for (const name of ["pointerdown", "wheel"]) $("board").addEventListener(name, stopReplay, { passive: true });
  const help = $("turn-help");
  help.addEventListener("click", () => help.classList.toggle("open"));
  // The log's tab shows a dot when an entry arrives while another tab is on screen.
  new MutationObserver(() => {
    if (tab !== "log") { const button = document.querySelector('#tabs [data-tab="log"]'); if (button) button.classList.add("news"); }
  }).observe($("log"), { childList: true });
}

document.addEventListener("DOMContentLoaded", () => setTimeout(startTabs, 0));
