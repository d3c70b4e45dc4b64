// Carcassonne – Amazonas web app: the page's script (plain JavaScript, no build step;
// board.js draws the board and lobby.js the lobby, sharing this script's globals).
//
// The server does the rules: the page shows the view of GET /api/games/{ID} and sends
// actions in notation to POST /api/games/{ID}/actions; the live stream's steps keep
// it up to date. Text from the server (names, explanations) is always set with
// textContent.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const POLL_MS = 1500;
const STREAM_POLL_MS = 10000;  // polling while the live stream is open: a fallback only
const STORE_KEY = "carcassonne-amazonas/games";

// What to do, per phase: for a mouse and keys, and for a touch screen.
const KEY_HELP = {
  "place tile": "Click a highlighted cell (or use the arrow keys); click it again or press R to rotate; Enter confirms, Esc takes back.",
  "choose double": "Your \"!\" tile lets you add a double tile downstream: pick one and confirm.",
  "place double": "Click the highlighted cell of the river; Enter confirms.",
  "place piece": "Click a marker (or a part of the new tile, or use the arrow keys) to put a piece there, then confirm; P places none and moves your boat; Esc takes the tile back.",
};
const TOUCH_HELP = {
  "place tile": "Tap a highlighted cell, tap it again (or Rotate) to turn the tile, then Confirm. Drag to move the board, pinch to zoom.",
  "choose double": "Your \"!\" tile lets you add a double tile downstream: tap one, then Confirm.",
  "place double": "Tap the highlighted cell of the river, then Confirm.",
  "place piece": "Tap a marker (or a part of the new tile) for a piece there, then Confirm; No piece moves your boat; Take back returns the tile to your hand.",
};

const ui = {};
let config = { kinds: ["human", "random", "greedy"], colours: ["yellow", "red", "green", "blue", "black"] };
let seat = null;        // {game, player, token}: the game on screen and our seat in it
let view = null;        // the last view of that game
let selection = null;   // {kind: "tile", x, y, index} | {kind: "piece" | "double", action}
let busy = false;
let pollTimer = null;
let stream = null;      // the live stream of the game on screen (EventSource), while open
let pollLoop = 0;       // which polling loop is the current one
let zoom = 1;
let autoFit = true;
let boardSeq = -1;      // the number of actions the board on screen shows
let boardText = null;   // the board picture last drawn whole
let boardFetch = null;  // a fetch of the whole board under way
let etag = null;        // the ETag of the view on screen, for polling
let touch = false;      // a touch screen: touch help, bigger targets, drag and pinch
let pending = null;     // the tile placed on the page only, in the piece step: {action, option, chosen, base}
let handTurn = 0;       // the turn of the tile in hand while no cell is chosen (index into handDegrees())
let wasMyTurn = false;  // for the notification when it becomes your turn

function $(id) { return document.getElementById(id); }

function el(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function svgEl(tag, attributes) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
  return node;
}

function capitalise(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

function playerName(player) {
  const info = view && view.seats[player];
  if (info && info.name) return info.name;
  return capitalise(config.colours[player] || `player ${player + 1}`);
}

function swatch(player) {
  return el("span", { class: `swatch ${config.colours[player]}`, "aria-hidden": "true" });
}

// Every call answers {ok, status, data, etag}; a server that cannot be reached is status
// 0 with a message, never an exception, so no caller is left half-done (busy forever).
// `body` is an object, or JSON text already made (see createGame).
async function api(method, path, body, headers) {
  const options = { method, headers: Object.assign({}, headers), cache: "no-store" };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return { ok: false, status: 0, data: { error: "The server cannot be reached; check that it is running." } };
  }
  if (response.status === 304) return { ok: true, status: 304, data: null, etag: headers && headers["if-none-match"] };
  let data = null;
  try { data = await response.json(); } catch (error) { data = { error: `${response.status} ${response.statusText}` }; }
  if (!data || typeof data !== "object") data = { error: `${response.status} ${response.statusText}` };
  return { ok: response.ok, status: response.status, data, etag: response.headers.get("etag") };
}

// Set a text only when it changes: screen readers announce live regions on every change.
function setText(node, text) { if (node.textContent !== text) node.textContent = text; }

// ---- the game -----------------------------------------------------------------------

function myTurn() {
  return Boolean(view && seat && seat.player !== null && !view.is_terminal && view.to_move === seat.player);
}

async function openGame(params) {
  stopPolling();
  seat = { game: params.get("game"), player: null, token: params.get("token") };
  // Nothing of a game shown before may stay: its log, its seat links, its messages.
  view = null; etag = null; selection = null; boardSeq = -1; boardText = null; autoFit = true; busy = false;
  pending = null; handTurn = 0; wasMyTurn = false;
  ui.log.replaceChildren(); ui.inviteLinks.replaceChildren(); ui.board.replaceChildren();
  ui.actionError.textContent = ""; ui.handImage.removeAttribute("src");
  ui.lobby.hidden = true; ui.game.hidden = false;
  document.body.dataset.screen = "game";
  delete document.body.dataset.seq;
  setText(ui.turnTitle, "Loading the game…");
  // The seat is the one the server says the token opens, never the link's `player`.
  if (seat.token) {
    const game = seat.game;
    const found = await api("POST", `/api/games/${encodeURIComponent(game)}/seat`, { token: seat.token });
    if (!seat || seat.game !== game) return;
    if (found.ok) seat.player = found.data.player;
    else if (found.status === 403) seat.refused = true;
  }
  const answer = await refresh();
  if (answer && answer.status === 404) {
    history.replaceState(null, "", location.pathname);  // back to the lobby, saying why
    showLobby(answer.data.error);
    return;
  }
  startPolling();
}

// Fetch the view unless it is the one on screen (ETag: an empty 304), with the whole
// board picture unless `board` is false (a step of the live stream added to the board
// on screen). Answers that come back late, for another game or older than the view on
// screen (another tab, a poll crossing an action), are dropped: the view never goes back.
async function refresh(board = true) {
  if (!seat) return null;
  const game = seat.game;
  const answer = await api("GET", `/api/games/${encodeURIComponent(game)}?board=${board ? 1 : 0}`, undefined,
    etag && view ? { "if-none-match": etag } : {});
  if (!seat || seat.game !== game) return null;
  if (!answer.ok) {
    setText(ui.status, answer.status === 0 ? "Connection lost; retrying…" : (answer.data.error || `error ${answer.status}`));
    return answer;
  }
  const shown = pending ? pending.base : view;
  if (answer.status === 304 || (shown && (answer.data.seq < shown.seq || (pending && answer.data.seq === shown.seq)))) {
    if (view) renderStatus();  // the connection is back
    return answer;
  }
  etag = answer.etag;
  setView(answer.data);
  return answer;
}

// A view of another seq clears the choice, unless it is still our turn in the same
// step and the choice is still offered (a late or repeated update): a choice survives
// every update that does not change whose turn it is.
function setView(next) {
  const moved = !view || next.seq !== view.seq || pending !== null;
  const kept = moved && !pending && view && next.to_move === view.to_move && next.phase === view.phase
    && offered(next, selection);
  view = next;
  if (view.is_terminal) closeStream();
  if (moved && !kept) { selection = null; pending = null; handTurn = 0; ui.actionError.textContent = ""; }
  render();
}

// Whether `choice` (a selection) is among the options of `shown` (a view).
function offered(shown, choice) {
  if (!choice) return false;
  if (choice.kind === "tile") return shown.placements.some((p) => p.x === choice.x && p.y === choice.y);
  const options = choice.kind === "piece" ? shown.pieces : shown.doubles;
  return options.some((o) => o.action === choice.action);
}

// The live stream: each "step" event (actions stored, by anyone) fetches the view at once;
// the browser reconnects by itself. Without EventSource, or while it is down, polling
// every POLL_MS does the same.
function openStream() {
  closeStream();
  if (!window.EventSource || !seat || (view && view.is_terminal)) return;
  const game = seat.game;
  // From the board on screen: a move sent just now reaches the board through the stream.
  const after = boardSeq >= 0 ? `?after=${boardSeq}` : "";
  stream = new EventSource(`/api/games/${encodeURIComponent(game)}/events${after}`);
  stream.addEventListener("step", (event) => { if (seat && seat.game === game) onStep(JSON.parse(event.data)); });
  stream.addEventListener("gone", closeStream);
  stream.onopen = () => { document.body.dataset.live = "true"; };
  stream.onerror = () => { document.body.dataset.live = "false"; };
}

// A step of the live stream: the board on screen takes the new tiles and pieces and the
// boats' moves (patchBoard); the rest of the view is fetched without the board. The
// whole board is fetched only when the step cannot be added (the page fell behind, or
// a tile lies past the board's edge).
function onStep(update) {
  const patched = update.since === boardSeq && patchBoard(update);
  if (patched) { boardSeq = update.seq; document.body.dataset.boardSeq = String(boardSeq); }
  const shown = pending ? pending.base : view;
  if (busy) return;  // a move is on its way: its answer brings the view
  if (!patched && update.seq > boardSeq) { etag = null; refresh(true); }
  else if (!shown || update.seq > shown.seq) refresh(false);
}

function closeStream() {
  if (stream) stream.close();
  stream = null;
  document.body.dataset.live = "false";
}

// Poll while the game is on: a 304 costs the server one count. Errors keep the polling
// going (a restarting server comes back), except for a game that no longer exists.
// One loop at a time: a tick still waiting for its answer when the loop is restarted
// (after a move) does not schedule another, or the loops would pile up.
function startPolling() {
  stopPolling();
  const loop = pollLoop;
  const tick = async () => {
    let answer = null;
    try {
      // While the stream is open it adds the steps to the board: a poll needs no board.
      const streaming = stream && stream.readyState === 1 && boardSeq >= 0;
      if (seat && (!view || !view.is_terminal) && !busy && !document.hidden) answer = await refresh(!streaming);
    } finally {
      const gone = answer && answer.status === 404;
      const live = stream && stream.readyState === 1;
      if (loop === pollLoop && !gone && seat && (!view || !view.is_terminal)) pollTimer = setTimeout(tick, live ? STREAM_POLL_MS : POLL_MS);
    }
  };
  openStream();
  pollTimer = setTimeout(tick, POLL_MS);
}

function stopPolling() {
  closeStream();
  pollLoop += 1;
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
}

async function send(action) {
  if (busy || !myTurn()) return;
  const game = seat.game;
  const before = pending ? pending.base.seq : view.seq;
  const body = pending ? { token: seat.token, actions: [pending.action, action], seq: before }
    : { token: seat.token, action, seq: before };
  busy = true; updateControls();
  ui.actionError.textContent = "";
  const answer = await api("POST", `/api/games/${encodeURIComponent(game)}/actions?board=0`, body);
  busy = false;
  if (!seat || seat.game !== game) return;
  if (!answer.ok && pending) { selection = pending.chosen; view = pending.base; pending = null; render(); }
  if (!answer.ok) {
    if (answer.status === 409) await refresh();
    if (answer.status === 409 && view.seq !== before) {
      ui.actionError.textContent = "The game moved on before your move arrived (another tab or player?): " +
        "here it is as it stands now.";
    } else {
      ui.actionError.textContent = answer.data.error || `error ${answer.status}`;
    }
    updateControls();
    return;
  }
  if (answer.data.seq >= view.seq) { etag = answer.etag; setView(answer.data); }
  startPolling();
  // The stream's step adds the move to the board; if it does not come, fetch the board.
  setTimeout(() => {
    if (seat && seat.game === game && view && !pending && boardSeq < view.seq && !busy) { etag = null; refresh(true); }
  }, view.is_terminal ? 0 : 1500);
}

// ---- what the player chose, and the controls ------------------------------------------

function tileOption() {
  if (!selection || selection.kind !== "tile") return null;
  const cell = view.placements.find((p) => p.x === selection.x && p.y === selection.y);
  return cell ? cell.rotations[selection.index % cell.rotations.length] : null;
}

function chosenAction() {
  if (!selection) return null;
  if (selection.kind === "tile") { const option = tileOption(); return option && option.action; }
  return selection.action;
}

// The turns the tile in hand may take somewhere (those the server drew it in).
function handDegrees() {
  return view && view.hand ? Object.keys(view.hand.pictures).map(Number).sort((a, b) => a - b) : [];
}

function handDegree() {
  const degrees = handDegrees();
  return degrees.length ? degrees[handTurn % degrees.length] : null;
}

// The cells to highlight: those where the tile fits turned as it is in hand, and the
// cell chosen (turning the tile in hand before choosing shows where that turn fits).
function cellsShown() {
  if (!view || !(view.phase === "place tile" || view.phase === "place double")) return [];
  const degree = handDegree();
  return view.placements.filter((p) => (degree === null || p.rotations.some((r) => r.degrees === degree))
    || (selection && selection.kind === "tile" && selection.x === p.x && selection.y === p.y));
}

function selectCell(x, y) {
  if (!myTurn()) return;
  if (selection && selection.kind === "tile" && selection.x === x && selection.y === y) { rotate(); return; }
  const cell = view.placements.find((p) => p.x === x && p.y === y);
  const index = cell ? cell.rotations.findIndex((r) => r.degrees === handDegree()) : -1;
  selection = { kind: "tile", x, y, index: Math.max(0, index) };
  render();
}

function rotate() {
  if (!myTurn() || busy || !(view.phase === "place tile" || view.phase === "place double")) return;
  if (selection && selection.kind === "tile") {
    selection.index += 1;
    const option = tileOption();
    if (option) handTurn = Math.max(0, handDegrees().indexOf(option.degrees));
  } else {
    handTurn = (handTurn + 1) % Math.max(1, handDegrees().length);
  }
  render();
}

// Take back: in the piece step, the tile goes back to the hand (the start of the turn,
// the cell and turn still chosen); otherwise the choice is cleared.
function takeBack() {
  if (busy) return;
  if (pending) { selection = pending.chosen; view = pending.base; pending = null; render(); return; }
  if (selection) { selection = null; render(); }
}

function confirmChoice() {
  const action = chosenAction();
  if (!action) return;
  if (selection.kind === "tile" && view.phase === "place tile" && !pending) placeOnPage(action);
  else send(action);
}

// The tile is placed on the page only: the server shows the piece step as it would be
// (GET ?after=, nothing stored), and the tile is sent with the piece, so that Take back
// can still return to the start of the turn. Anything but a piece step of ours (a "!"
// tile's double tiles) sends the tile at once.
async function placeOnPage(action) {
  if (busy || !myTurn()) return;
  const game = seat.game; const before = view.seq; const chosen = selection; const option = tileOption();
  busy = true; updateControls();
  const answer = await api("GET", `/api/games/${encodeURIComponent(game)}?after=${encodeURIComponent(action)}`);
  busy = false;
  // The game moved on meanwhile (a view of the same game and seq may have come: fine).
  if (!seat || seat.game !== game || pending || view.seq !== before) { updateControls(); return; }
  if (!answer.ok || answer.data.phase !== "place piece" || answer.data.to_move !== seat.player) { send(action); return; }
  pending = { action, option, chosen, base: view };
  view = answer.data; selection = null;
  render();
}

function pass() { if (view && view.pass && myTurn()) send("p"); }

function updateControls() {
  const mine = myTurn();
  const tilePhase = view && (view.phase === "place tile" || view.phase === "place double");
  const option = tileOption();
  const cell = selection && selection.kind === "tile" &&
    view.placements.find((p) => p.x === selection.x && p.y === selection.y);
  ui.rotate.disabled = busy || !mine || !tilePhase || (cell ? cell.rotations.length < 2 : handDegrees().length < 2);
  ui.confirm.disabled = busy || !mine || !chosenAction();
  ui.takeBack.disabled = busy || !mine || !(selection || pending);
  ui.pass.disabled = busy || !mine || !view.pass;
  ui.controls.hidden = !view || view.is_terminal || !mine;  // nothing to press while you wait
  ui.rotate.hidden = !tilePhase;
  ui.pass.hidden = !view || view.phase !== "place piece";
  let text = "";
  if (option) text = `Put the tile at (${selection.x},${selection.y}) turned ${option.degrees}°.`;
  else if (selection && selection.kind === "piece") {
    const piece = view.pieces.find((p) => p.action === selection.action);
    text = piece ? capitalise(piece.text) + "." : "";
  } else if (selection && selection.kind === "double") {
    const double = view.doubles.find((d) => d.action === selection.action);
    text = double ? `Take ${double.text}.` : "";
  } else if (mine && view.phase === "place piece" && view.pass) text = capitalise(view.pass) + " if you pass.";
  else if (mine && tilePhase && handDegree() !== null) text = `The tile in hand is turned ${handDegree()}°: the highlighted cells take it so.`;
  setText(ui.choiceText, text);
}

// ---- rendering ------------------------------------------------------------------------

function render() {
  document.body.dataset.seq = String(view.seq);
  document.body.dataset.phase = view.phase;
  document.body.dataset.myTurn = String(myTurn());
  document.body.dataset.terminal = String(view.is_terminal);
  renderStatus();
  renderBoard();
  renderOverlay();
  renderHand();
  renderScores();
  renderFinal();
  renderLog();
  renderInvite();
  updateControls();
}

function renderStatus() {
  const card = ui.turnTitle.closest(".card");
  card.classList.toggle("my-turn", myTurn());
  let title; let help = "";
  if (view.is_terminal) {
    title = "Game over";
    help = capitalise(view.result || "") + ".";
  } else if (myTurn()) {
    title = {
      "place tile": "Your turn: place the tile",
      "choose double": "Your turn: choose a double tile",
      "place double": "Your turn: place the double tile",
      "place piece": "Your turn: a meeple, a camp, or none",
    }[view.phase] || "Your turn";
    help = (touch ? TOUCH_HELP : KEY_HELP)[view.phase] || "";
  } else {
    const who = playerName(view.to_move);
    const seatInfo = view.seats[view.to_move];
    const bot = view.bot || {};
    if (seatInfo.kind === "human") title = `Waiting for ${who}`;
    else if (bot.queued) title = `${who} (${seatInfo.kind}) waits for a free bot: ${bot.queued} ${bot.queued === 1 ? "game" : "games"} ahead`;
    else title = `${who} (${seatInfo.kind}) is thinking…`;
    help = seat.player !== null ? "" : seat.refused
      ? "This link's token opens no seat of this game: you are watching it." : "You are watching this game.";
  }
  setText(ui.turnTitle, title);
  notifyTurn();
  // The tab says when it is your turn, so a player in another tab sees it.
  document.title = myTurn() ? "\u25cf Your turn \u2013 Carcassonne \u2013 Amazonas" : "Carcassonne \u2013 Amazonas";
  setText(ui.turnHelp, help);
  const who = seat.player === null ? "watching" : `you are ${playerName(seat.player)}`;
  setText(ui.status, `Game ${view.game} · ${who} · ${view.tiles_left} tiles to draw`);
}

// The opt-in notification: the browser asks for leave only when "Notify me" is clicked;
// once given, a hidden page says when it becomes your turn.
function canNotify() { return "Notification" in window && seat && seat.player !== null; }

function renderNotify() {
  ui.notify.hidden = !canNotify() || Notification.permission !== "default" || !view || view.is_terminal;
}

async function askToNotify() {
  if (!canNotify()) return;
  try { await Notification.requestPermission(); } catch (error) { /* refused */ }
  renderNotify();
}

function notifyTurn() {
  const mine = myTurn();
  if (mine && !wasMyTurn && canNotify() && Notification.permission === "granted" && document.hidden) {
    try { new Notification("Your turn – Carcassonne – Amazonas", { body: ui.turnTitle.textContent, tag: seat.game }); }
    catch (error) { /* not allowed here */ }
  }
  wasMyTurn = mine;
  renderNotify();
}

function renderHand() {
  const hand = view.hand;
  const showHand = Boolean(hand) && !view.is_terminal;
  ui.hand.hidden = !showHand;
  if (showHand) {
    const option = tileOption();
    const degrees = option ? String(option.degrees) : String(handDegree());
    const url = hand.pictures[degrees];
    if (url && ui.handImage.getAttribute("src") !== url) ui.handImage.setAttribute("src", url);
    ui.handText.textContent = hand.text;
    ui.handImage.setAttribute("alt", `the tile in hand, ${hand.name}`);
  }
  const choosing = view.phase === "choose double" && !view.is_terminal;
  ui.doubles.hidden = !choosing;
  ui.doubles.replaceChildren();
  if (!choosing) return;
  for (const double of view.doubles) {
    const chosen = selection && selection.kind === "double" && selection.action === double.action;
    const button = el("button", { type: "button", class: "double-option" + (chosen ? " selected" : ""),
      "data-action": double.action, title: double.text, "aria-pressed": String(Boolean(chosen)) });
    button.disabled = !myTurn() || busy;
    button.append(el("img", { src: double.picture, alt: double.name }), el("span", {}, double.name));
    button.onclick = () => { selection = { kind: "double", action: double.action }; render(); };
    ui.doubles.append(button);
  }
}

function renderScores() {
  ui.scoreRows.replaceChildren();
  view.players.forEach((player, index) => {
    const row = el("tr", { "data-player": String(index) });
    if (view.to_move === index) row.classList.add("to-move");
    if (view.winners.includes(index)) row.classList.add("winner");
    const name = el("td", { class: "player-name" });
    name.append(swatch(index), document.createTextNode(playerName(index)));
    const seatInfo = view.seats[index];
    const kind = seatInfo.kind === "human" ? (seat.player === index ? "you" : "") : seatInfo.kind;
    if (kind) name.append(el("span", { class: "kind" }, kind));
    row.append(name, el("td", { class: "score" }, String(player.score)),
      el("td", { class: "projected", title: projectionText(view.projected[index]) }, String(view.projected[index].total)),
      el("td", {}, String(player.boat)),
      el("td", { title: "meeples, camps" }, `${player.meeples} · ${player.camps}`));
    ui.scoreRows.append(row);
  });
  ui.tilesLeft.textContent = `${view.tiles_left} tiles to draw · river ${view.track_length} spaces`;
  ui.rulesText.textContent = rulesText(view.rules);
}

function rulesText(rules) {
  const variants = [];
  if (rules.amazon_ranking === "competition") variants.push("competition ranking (R-V1)");
  if (rules.camp_scoring === "per-camp") variants.push("per-camp scoring (R-V2)");
  if (rules.bonus_river) variants.push("bonus river tiles (R-V3)");
  return variants.length ? `Variants: ${variants.join(" · ")}` : "Standard rules";
}

function projectionText(b) {
  return `tributaries ${b.tributaries}, villages ${b.villages}, Amazon ${b.amazon}, camps ${b.camps}, river ${b.river}`;
}

// At the end: who won, and each player's score split as the library's ScoreBreakdown
// splits it: what was scored during play (tributaries, villages, Amazon) and each part
// of the final scoring; the parts add up to the total.
function renderFinal() {
  ui.final.hidden = !view.final_scoring;
  ui.endedNow.hidden = Boolean(view.is_terminal);
  if (!view.final_scoring) return;
  ui.finalRows.replaceChildren();
  view.final_scoring.forEach((final, index) => {
    const b = view.players[index].breakdown;
    const row = el("tr", { "data-player": String(index) });
    if (view.winners.includes(index)) row.classList.add("winner");
    const name = el("td", { class: "player-name" });
    name.append(swatch(index), document.createTextNode(playerName(index)));
    const parts = {
      "play-tributaries": b.tributaries - final.tributaries, "play-villages": b.villages - final.villages,
      "play-amazon": b.amazon, "final-tributaries": final.tributaries, "final-villages": final.villages,
      "final-camps": final.camps, "final-river": final.river,
    };
    row.append(name);
    for (const [part, points] of Object.entries(parts)) row.append(el("td", { "data-part": part }, String(points)));
    row.append(el("td", { class: "total" }, String(view.scores[index])));
    ui.finalRows.append(row);
  });
  ui.result.textContent = capitalise(view.result || "") + ".";
}

// A rule id (R-T5), and a parenthesis that holds only rule ids: "(R-T5)", "(R-A1–R-A3)".
const RULE_ID = /R-[A-Z]+[0-9]+[a-z]?/g;
const RULE_IDS = /\s*\((?:R-[A-Z]+[0-9]+[a-z]?(?:\s*[–,-]\s*)?)+\)/g;

function withoutRuleIds(line) { return capitalise(line.replace(RULE_IDS, "")); }

function renderLog() {
  const shown = ui.log.children.length;
  if (shown > view.log.length || (shown && Number(ui.log.lastChild.dataset.seq) !== view.log[shown - 1].seq)) ui.log.replaceChildren();
  for (const entry of view.log.slice(ui.log.children.length)) {
    const item = el("li", { "data-seq": String(entry.seq) });
    const head = el("div");
    if (entry.action.startsWith("*")) {
      // The server's draw: one line, for whom and which tile (or why it left the game).
      item.classList.add("draw");
      head.append(swatch(entry.player), document.createTextNode(withoutRuleIds(entry.lines.join(" "))));
      item.title = `${entry.action}: ${entry.lines.join(" ")}`;
      item.append(head);
    } else {
      // Sentences first; the notation and the rules cited one click away.
      head.append(swatch(entry.player), el("span", { class: "who" }, playerName(entry.player)));
      item.append(head);
      for (const line of entry.lines) item.append(el("p", {}, withoutRuleIds(line)));
      const ids = Array.from(new Set(entry.lines.join(" ").match(RULE_ID) || []));
      const more = el("details", { class: "more" });
      more.append(el("summary", {}, "notation and rules"),
        el("code", { class: "notation" }, entry.action),
        document.createTextNode(ids.length ? ` · ${ids.join(", ")}` : ""));
      item.append(more);
    }
    ui.log.append(item);
  }
  if (view.log.length !== shown) ui.log.scrollTop = ui.log.scrollHeight;
}

function renderInvite() {
  const saved = savedGames().find((g) => g.game === view.game);
  const others = saved ? saved.seats.filter((s) => s.token && s.player !== seat.player) : [];
  ui.invite.hidden = others.length === 0;
  if (others.length && ui.inviteLinks.children.length !== others.length) listSeatLinks(ui.inviteLinks, view.game, others);
}

// ---- input ----------------------------------------------------------------------------

function boardPoint(svg, clientX, clientY) {
  const point = svg.createSVGPoint();
  point.x = clientX; point.y = clientY;
  const inner = point.matrixTransform(svg.getScreenCTM().inverse());
  const { ox, oy, cell } = geometry(svg);
  return [(inner.x - ox) / cell, (inner.y - oy) / cell];
}

// A legal cell or a piece marker under a pointer, and choosing it.
function markerAt(target) { return target.closest ? target.closest(".legal-cell, .piece-option") : null; }

function chooseMarker(marker) {
  if (marker.classList.contains("legal-cell")) selectCell(Number(marker.dataset.x), Number(marker.dataset.y));
  else { selection = { kind: "piece", action: marker.dataset.action }; render(); }
}

// An update may draw the turn anew between a press and its release (a late stream step,
// the board fetched again): the marker pressed is gone, the release is on its new
// copy, and no click follows. The release then chooses, if it is on the same marker.
let pressed = null;     // the marker a press on the board went down on

function boardPress(event) { pressed = markerAt(event.target); }

function boardRelease(event) {
  const press = pressed; pressed = null;
  const marker = markerAt(event.target);
  if (!press || press.isConnected || !marker || dragged || !view || !myTurn() || busy) return;
  const same = ["x", "y", "action"].every((key) => press.dataset[key] === marker.dataset[key]);
  if (same) chooseMarker(marker);
}

async function boardClick(event) {
  if (!view || !myTurn() || busy) return;
  const target = event.target;
  const marker = markerAt(target);
  if (marker) { chooseMarker(marker); return; }
  if (target.classList && target.classList.contains("piece-tile")) {
    const svg = boardSvg();
    const [x, y] = boardPoint(svg, event.clientX, event.clientY);
    const shown = view.seq; const held = pending;
    const after = pending ? `&after=${encodeURIComponent(pending.action)}` : "";
    const answer = await api("GET", `/api/games/${encodeURIComponent(seat.game)}/segment?x=${x}&y=${y}${after}`);
    if (view.seq !== shown || pending !== held || !answer.ok || answer.data.segment === null) return;  // too late
    const found = view.pieces.find((p) => p.x === answer.data.x && p.y === answer.data.y && p.segment === answer.data.segment);
    if (found) { selection = { kind: "piece", action: found.action }; render(); }
    else ui.choiceText.textContent = "No piece can go on that part of the tile.";
  }
}

// Enter and Space press a button that has the keyboard focus, as everywhere; elsewhere
// they confirm. A button pressed with the mouse gives the focus back (see start), so
// that after clicking Rotate, Enter confirms rather than rotating again.
function keydown(event) {
  if (ui.game.hidden || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const tag = target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const key = event.key;
  if ((key === "Enter" || key === " ") && (tag === "BUTTON" || tag === "A")) return;
  if (key === "r" || key === "R") rotate();
  else if (key === "Enter" || key === " ") confirmChoice();
  else if (key === "p" || key === "P") pass();
  else if (key === "Escape") takeBack();
  else if (key === "ArrowRight" || key === "ArrowDown") cycle(1);
  else if (key === "ArrowLeft" || key === "ArrowUp") cycle(-1);
  else if (key === "+" || key === "=") setZoom(1.2);
  else if (key === "-") setZoom(1 / 1.2);
  else if (key === "0") { autoFit = true; applyZoom(); }
  else return;
  event.preventDefault();
}

// The arrow keys choose without a mouse: the next or previous legal cell, piece or
// double tile, in the order of the legal actions.
function cycle(step) {
  if (!myTurn() || busy) return;
  const wrap = (index, length) => ((index % length) + length) % length;
  if (view.phase === "place tile" || view.phase === "place double") {
    const cells = cellsShown();
    if (!cells.length) return;
    const at = selection && selection.kind === "tile"
      ? cells.findIndex((c) => c.x === selection.x && c.y === selection.y) : (step > 0 ? -1 : 0);
    const next = cells[wrap(at + step, cells.length)];
    const index = next.rotations.findIndex((r) => r.degrees === handDegree());
    selection = { kind: "tile", x: next.x, y: next.y, index: Math.max(0, index) };
  } else {
    const options = view.phase === "place piece" ? view.pieces : view.doubles;
    if (!options.length) return;
    const kind = view.phase === "place piece" ? "piece" : "double";
    const at = selection && selection.kind === kind
      ? options.findIndex((o) => o.action === selection.action) : (step > 0 ? -1 : 0);
    selection = { kind, action: options[wrap(at + step, options.length)].action };
  }
  render();
  const chosen = ui.board.querySelector(".legal-cell.selected, .piece-option.selected");
  if (chosen) chosen.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("game")) openGame(params); else showLobby();
}

async function start() {
  for (const id of ["lobby", "game", "status", "players", "seat-rows", "seed", "create", "create-error",
    "created", "seat-links", "enter-game", "recent", "recent-games", "board", "turn-title", "turn-help",
    "hand", "hand-image", "hand-text", "doubles", "choice-text", "rotate", "confirm", "take-back", "pass",
    "action-error", "controls", "score-rows", "tiles-left", "rules-text", "amazon-ranking", "camp-scoring",
    "bonus-river", "final", "final-rows", "result", "ended-now", "log", "invite",
    "invite-links", "zoom-in", "zoom-out", "zoom-fit", "new-game", "turn-card", "notify"]) {
    ui[id.replace(/-([a-z])/g, (m, c) => c.toUpperCase())] = $(id);
  }
  const answer = await api("GET", "/api/config");
  if (answer.ok) config = answer.data;
  ui.players.addEventListener("change", renderSeatRows);
  $("create-form").addEventListener("submit", createGame);
  ui.rotate.addEventListener("click", rotate);
  ui.confirm.addEventListener("click", confirmChoice);
  ui.takeBack.addEventListener("click", takeBack);
  ui.pass.addEventListener("click", pass);
  ui.zoomIn.addEventListener("click", () => setZoom(1.2));
  ui.zoomOut.addEventListener("click", () => setZoom(1 / 1.2));
  ui.zoomFit.addEventListener("click", () => { autoFit = true; applyZoom(); });
  ui.notify.addEventListener("click", askToNotify);
  ui.newGame.addEventListener("click", () => { location.hash = ""; showLobby(); });
  ui.board.addEventListener("click", boardClick);
  ui.board.addEventListener("pointerdown", boardPress);
  ui.board.addEventListener("pointerup", boardRelease);
  touch = matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;
  document.body.dataset.touch = String(touch);
  ui.board.addEventListener("pointerdown", pointerDown);
  ui.board.addEventListener("pointermove", pointerMove);
  for (const name of ["pointerup", "pointercancel"]) ui.board.addEventListener(name, pointerUp);
  ui.board.addEventListener("click", swallowDrag, true);
  trackBars();
  ui.game.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button");
    if (button && event.detail > 0) button.blur();  // a mouse click, not Enter or Space
  });
  document.addEventListener("keydown", keydown);
  window.addEventListener("hashchange", route);
  window.addEventListener("resize", () => { if (autoFit) applyZoom(); });
  route();
}

document.addEventListener("DOMContentLoaded", start);
