// Carcassonne – Amazonas web app: the turn (loaded before app.js, whose globals it
// shares): what the player chose (a cell and a turn, a piece, a double tile), the
// buttons, and the input that chooses: clicks and taps on the board, keys.
"use strict";

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
  const answer = await api("GET", `/api/games/${encodeURIComponent(game)}?after=${encodeURIComponent(action)}&log_after=${logShown()}`);
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
  if (option) text = t("Put the tile at ({x},{y}) turned {degrees}°.", { x: selection.x, y: selection.y, degrees: option.degrees });
  else if (selection && selection.kind === "piece") {
    const piece = view.pieces.find((p) => p.action === selection.action);
    text = piece ? capitalise(piece.text) + "." : "";
  } else if (selection && selection.kind === "double") {
    const double = view.doubles.find((d) => d.action === selection.action);
    text = double ? t("Take {tile}.", { tile: double.text }) : "";
  } else if (mine && view.phase === "place piece" && view.pass) text = t("{what} if you pass.", { what: capitalise(view.pass) });
  else if (mine && tilePhase && handDegree() !== null) text = t("The tile in hand is turned {degrees}°: the highlighted cells take it so.", { degrees: handDegree() });
  setText(ui.choiceText, text);
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
    const near = touch ? nearestMarker(event.clientX, event.clientY) : null;
    if (near) { chooseMarker(near); return; }
    const svg = boardSvg();
    const [x, y] = boardPoint(svg, event.clientX, event.clientY);
    const shown = view.seq; const held = pending;
    const after = pending ? `&after=${encodeURIComponent(pending.action)}` : "";
    const answer = await api("GET", `/api/games/${encodeURIComponent(seat.game)}/segment?x=${x}&y=${y}${after}`);
    if (view.seq !== shown || pending !== held || !answer.ok || answer.data.segment === null) return;  // too late
    const found = view.pieces.find((p) => p.x === answer.data.x && p.y === answer.data.y && p.segment === answer.data.segment);
    if (found) { selection = { kind: "piece", action: found.action }; render(); }
    else ui.choiceText.textContent = t("No piece can go on that part of the tile.");
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
