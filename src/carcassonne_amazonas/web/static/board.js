// Carcassonne – Amazonas web app: the board (loaded before app.js, whose globals it
// shares: view, seat, selection, pending, zoom, autoFit, boardSeq...).
//
// The board is the library's SVG, drawn whole (renderBoard) and then kept: the live
// stream's steps are added to it (patchBoard). The page draws an overlay inside it in
// board units (data-origin-x/-y, data-cell-size): the legal cells, the tile being
// placed, the piece choices. Auto-fit, zoom, and on a touch screen drag and pinch.
"use strict";

const TILE_PX = 64;         // a cell of the board picture, in SVG units
const READABLE_PX = 56;     // auto-fit never draws a tile smaller: past that, the board pans
const PIECE_SIZE = 0.2;    // a piece's half-height at full size, in cells (render/_svg_tiles.py)
const MARKER_SIZE = 0.13;   // a piece choice's half-height at full size, in cells (its spots stand apart)
const TOUCH_TARGET_PX = 44; // a finger's target on a touch screen, across, in screen pixels

function boardSvg() { return ui.board.querySelector("svg"); }

function renderBoard() {
  if (view.board_svg === undefined || boardText === view.board_svg) return;
  const parsed = new DOMParser().parseFromString(view.board_svg, "image/svg+xml");
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG_NS) return;
  const svg = document.importNode(root, true);
  svg.dataset.naturalWidth = svg.getAttribute("width");
  svg.dataset.naturalHeight = svg.getAttribute("height");
  ui.board.replaceChildren(svg);
  boardSeq = view.seq; boardText = view.board_svg;
  document.body.dataset.boardSeq = String(boardSeq);
  applyZoom();
}

// Auto-fit shows the whole board while its tiles stay readable (READABLE_PX at least, or
// a little less when that is what it takes to show the moves followed, follow.js); a
// larger board keeps that size and pans, centred on those moves or the last tile placed.
function applyZoom() {
  const svg = boardSvg();
  if (!svg) return;
  const width = Number(svg.dataset.naturalWidth); const height = Number(svg.dataset.naturalHeight);
  if (autoFit) {
    const box = ui.board.getBoundingClientRect();
    const byWidth = (box.width - 16) / width; const byHeight = (box.height - 16) / height;
    const cell = Number(svg.dataset.cellSize) || TILE_PX;
    zoom = Math.max(followFloor() / cell, Math.min(1.25, byWidth, byHeight));
  }
  svg.setAttribute("width", String(Math.round(width * zoom)));
  svg.setAttribute("height", String(Math.round(height * zoom)));
  if (autoFit) showLastTile(svg);
}

// Scroll the board so that the moves followed and a legal cell (follow.js), or else the
// last tile placed (or the chosen cell), are in the middle.
function showLastTile(svg) {
  if (focusBoard(svg)) return;
  const rows = view && view.state && view.state.placements;
  const at = selection && selection.kind === "tile" ? [selection.x, selection.y]
    : rows && rows.length ? [rows[rows.length - 1][1], rows[rows.length - 1][2]] : null;
  if (!at) return;
  const { ox, oy, cell } = geometry(svg);
  const scale = zoom;
  const x = (ox + (at[0] + 0.5) * cell) * scale; const y = (oy + (at[1] + 0.5) * cell) * scale;
  const left = svg.getBoundingClientRect().left - ui.board.getBoundingClientRect().left + ui.board.scrollLeft;
  const top = svg.getBoundingClientRect().top - ui.board.getBoundingClientRect().top + ui.board.scrollTop;
  ui.board.scrollLeft = left + x - ui.board.clientWidth / 2;
  ui.board.scrollTop = top + y - ui.board.clientHeight / 2;
}

// Zoom by `factor` keeping the point under (clientX, clientY), or the middle, in place.
function setZoom(factor, clientX, clientY) {
  autoFit = false;
  const box = ui.board.getBoundingClientRect();
  const px = clientX === undefined ? box.width / 2 : clientX - box.left;
  const py = clientY === undefined ? box.height / 2 : clientY - box.top;
  const contentX = ui.board.scrollLeft + px; const contentY = ui.board.scrollTop + py;
  const old = zoom;
  zoom = Math.max(0.25, Math.min(3, zoom * factor));
  applyZoom();
  const scale = zoom / old;
  ui.board.scrollLeft = contentX * scale - px;
  ui.board.scrollTop = contentY * scale - py;
}

// ---- touch: drag the board to pan it, pinch it to zoom ---------------------------------
// The board has touch-action: none on a touch screen, so the page does both itself; a
// tap is still a click, but a drag is not (the click that ends it is swallowed).
const touchPoints = new Map();
let gesture = null;     // {x, y, distance} of the fingers at the last move
let gestureStart = null;
let dragged = false;

function fingers() {
  const points = Array.from(touchPoints.values());
  const x = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const y = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const distance = points.length > 1 ? Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) : 0;
  return { x, y, distance };
}

function pointerDown(event) {
  if (event.pointerType === "mouse") return;
  touchPoints.set(event.pointerId, { x: event.clientX, y: event.clientY });
  gesture = fingers();
  if (touchPoints.size === 1) { gestureStart = gesture; dragged = false; }
}

function pointerMove(event) {
  if (!touchPoints.has(event.pointerId)) return;
  touchPoints.set(event.pointerId, { x: event.clientX, y: event.clientY });
  const now = fingers();
  ui.board.scrollLeft -= now.x - gesture.x;
  ui.board.scrollTop -= now.y - gesture.y;
  if (touchPoints.size > 1 || Math.hypot(now.x - gestureStart.x, now.y - gestureStart.y) > 10) dragged = true;
  if (touchPoints.size > 1 && gesture.distance > 0 && now.distance > 0) {
    setZoom(now.distance / gesture.distance, now.x, now.y);
  }
  gesture = now;
}

function pointerUp(event) {
  touchPoints.delete(event.pointerId);
  gesture = touchPoints.size ? fingers() : null;
}

function swallowDrag(event) {
  if (dragged) { dragged = false; event.stopPropagation(); event.preventDefault(); }
}

// On a phone the turn is a bar at the bottom of the screen: the board's height leaves
// room for it and for the top bar (--top, --bar in app.css).
function trackBars() {
  if (!window.ResizeObserver) return;
  const root = document.documentElement.style;
  const topbar = document.querySelector(".topbar");
  new ResizeObserver(() => {
    root.setProperty("--top", `${topbar.offsetHeight}px`);
    const fixed = getComputedStyle(ui.turnCard).position === "fixed";
    root.setProperty("--bar", `${fixed ? ui.turnCard.offsetHeight : 0}px`);
    if (autoFit) applyZoom();
  }).observe(ui.turnCard);
}

function geometry(svg) {
  return { ox: Number(svg.dataset.originX), oy: Number(svg.dataset.originY), cell: Number(svg.dataset.cellSize) };
}

function renderOverlay() {
  const svg = boardSvg();
  if (!svg) return;
  const old = svg.querySelector("#overlay");
  if (old) old.remove();
  if (!myTurn()) return;
  const cells = view.placements.flatMap((p) => p.rotations.flatMap((r) => r.cells));
  if (!fitsBoard(svg, cells) && !boardFetch) {  // a cell past the edge: the whole board
    etag = null;
    boardFetch = refresh(true).finally(() => { boardFetch = null; });
  }
  const { ox, oy, cell } = geometry(svg);
  const overlay = svgEl("g", { id: "overlay" });
  const at = (x, y) => [ox + x * cell, oy + y * cell];
  if (view.phase === "place tile" || view.phase === "place double") {
    for (const option of cellsShown()) {
      const [x, y] = at(option.x, option.y);
      const chosen = selection && selection.kind === "tile" && selection.x === option.x && selection.y === option.y;
      overlay.append(svgEl("rect", { class: "legal-cell" + (chosen ? " selected" : ""), x: x + 2, y: y + 2,
        width: cell - 4, height: cell - 4, rx: 6, "data-x": option.x, "data-y": option.y }));
    }
    const option = tileOption();
    if (option) overlay.append(ghostTile(option, at, cell, view.hand));
  } else if (view.phase === "place piece" && view.piece_cells) {
    if (pending) overlay.append(ghostTile(pending.option, at, cell, pending.base.hand));
    for (const [cx, cy] of view.piece_cells) {
      const [x, y] = at(cx, cy);
      overlay.append(svgEl("rect", { class: "piece-tile", x, y, width: cell, height: cell }));
    }
    const spots = view.pieces.map((piece) => at(piece.anchor[0], piece.anchor[1]));
    view.pieces.forEach((piece, index) => {
      const [x, y] = spots[index];
      const chosen = selection && selection.kind === "piece" && selection.action === piece.action;
      const group = svgEl("g", { class: "piece-option" + (chosen ? " selected" : ""), "data-action": piece.action,
        "data-kind": piece.kind });
      const title = svgEl("title"); title.textContent = piece.text; group.append(title);
      const scale = piece.scale || 1;  // smaller on a crowded tile, as the board draws its pieces
      group.append(svgEl("circle", { class: "hit", cx: x, cy: y, r: hitRadius(spots, index, cell * 0.17 * scale) }));
      group.append(pieceShape(piece.kind, x, y, cell * MARKER_SIZE * scale, chosen ? colourValue(seat.player) : null));
      overlay.append(group);
    });
  }
  svg.append(overlay);
}

// The radius of a piece choice's invisible hit area, in board units, `drawn` at least. On
// a touch screen it is TOUCH_TARGET_PX across at the zoom of the moment, but no more
// than half the way to the nearest other choice, so that two never overlap (a tap
// between them on the tile goes to the nearer one: nearestMarker).
function hitRadius(spots, index, drawn) {
  if (!touch) return drawn;
  const [x, y] = spots[index];
  let gap = Infinity;
  spots.forEach(([sx, sy], other) => { if (other !== index) gap = Math.min(gap, Math.hypot(sx - x, sy - y)); });
  // Screen pixels per board unit as drawn (the zoom, give or take the rounding of the
  // picture's size and its viewBox), so that the target is a full 44 px.
  const ctm = boardSvg() && boardSvg().getScreenCTM();
  const scale = ctm && ctm.a > 0 ? ctm.a : zoom;
  return Math.max(drawn, Math.min((TOUCH_TARGET_PX + 1) / 2 / scale, gap / 2));
}

// The piece choice nearest a tap at (clientX, clientY), if its centre is within half a
// finger's target (the zoom may have changed since the hit areas were drawn); or null.
function nearestMarker(clientX, clientY) {
  let best = null; let bestDistance = TOUCH_TARGET_PX / 2;
  for (const marker of ui.board.querySelectorAll(".piece-option")) {
    const box = marker.querySelector("circle.hit").getBoundingClientRect();
    const distance = Math.hypot(box.left + box.width / 2 - clientX, box.top + box.height / 2 - clientY);
    if (distance <= bestDistance) { best = marker; bestDistance = distance; }
  }
  return best;
}

// A meeple or a camp (a tent) standing at (x, y), `size` its half-height: the shapes of
// the board picture's pieces (render/_svg_tiles.py), so that a choice cannot be taken
// for an icon (a disc with a letter). White until chosen, then in the player's colour.
function pieceShape(kind, x, y, size, fill) {
  const p = (dx, dy) => `${x + dx * size},${y + dy * size}`;
  const group = svgEl("g", { class: "shape" });
  const paint = { fill: fill || "#fff", stroke: "#222", "stroke-width": Math.max(1.5, size * 0.12),
    "stroke-linejoin": "round" };
  if (kind === "camp") {
    group.append(svgEl("path", Object.assign({ d: `M${p(-0.85, 0.65)} L${p(0, -0.8)} L${p(0.85, 0.65)} Z` }, paint)));
    group.append(svgEl("path", { d: `M${p(0, -0.1)} L${p(-0.25, 0.65)} L${p(0.25, 0.65)} Z`, fill: "#222", opacity: 0.7 }));
  } else {
    group.append(svgEl("path", Object.assign({ d: `M${p(-0.75, 0.8)} L${p(-0.25, -0.05)} L${p(-0.8, -0.15)} ` +
      `L${p(-0.7, -0.45)} L${p(0.7, -0.45)} L${p(0.8, -0.15)} L${p(0.25, -0.05)} L${p(0.75, 0.8)} L${p(0, 0.45)} Z` }, paint)));
    group.append(svgEl("circle", Object.assign({ cx: x, cy: y - 0.55 * size, r: 0.3 * size }, paint)));
  }
  return group;
}

function colourValue(player) {
  return getComputedStyle(document.documentElement).getPropertyValue(`--${config.colours[player]}`).trim() || "#888";
}

function ghostTile(option, at, cell, hand) {
  const group = svgEl("g", { class: "ghost" });
  const url = hand && hand.pictures[String(option.degrees)];
  if (url) group.append(tilePicture(url, option.cells, at, cell));
  for (const [cx, cy] of option.cells) {
    const [x, y] = at(cx, cy);
    group.append(svgEl("rect", { class: "footprint", x, y, width: cell, height: cell }));
  }
  return group;
}

// A tile's picture (the address of the library's SVG of one tile, cropped to the tile
// by the server, fetched once and then cached by the browser) over the cells it covers.
function tilePicture(url, cells, at, cell) {
  const xs = cells.map((c) => c[0]); const ys = cells.map((c) => c[1]);
  const minX = Math.min(...xs); const minY = Math.min(...ys);
  const w = Math.max(...xs) - minX + 1; const h = Math.max(...ys) - minY + 1;
  const [x, y] = at(minX, minY);
  return svgEl("image", { class: "tile-picture", href: url, x, y, width: w * cell, height: h * cell,
    preserveAspectRatio: "none" });
}

// ---- the board kept and added to, from the live stream's steps ---------------------------

// The cells the board picture shows (its coordinates run one cell past the tiles).
function fitsBoard(svg, cells) {
  const xs = Array.from(svg.querySelectorAll("text.coordinate[data-x]"), (t) => Number(t.dataset.x));
  const ys = Array.from(svg.querySelectorAll("text.coordinate[data-y]"), (t) => Number(t.dataset.y));
  if (!xs.length || !ys.length) return false;
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return cells.every(([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);
}

// The height of a space of the river track, from its numbered spaces (evenly spaced).
function spaceY(svg, space) {
  const marks = Array.from(svg.querySelectorAll("g.track text.space"),
    (t) => [Number(t.dataset.space), Number(t.getAttribute("y"))]).sort((a, b) => a[0] - b[0]);
  if (marks.length < 2) return null;
  const [a, b] = [marks[0], marks[marks.length - 1]];
  return a[1] + (b[1] - a[1]) * (space - a[0]) / (b[0] - a[0]);
}

// Add a step to the board on screen: the new tiles (outlined as the last move), the
// pieces put down and taken back, the boats moved. False, changing nothing, when it
// cannot: a tile past the board's edge, or a board without its track or layers.
function patchBoard(update) {
  const svg = boardSvg();
  const tiles = svg && svg.querySelector("g.tiles"); const pieces = svg && svg.querySelector("g.pieces");
  if (!tiles || !pieces || !update.pictures || !update.pictures.every((p) => p.url && fitsBoard(svg, p.cells))) return false;
  if (update.boats.some((space) => spaceY(svg, space) === null)) return false;
  const { ox, oy, cell } = geometry(svg);
  const at = (x, y) => [ox + x * cell, oy + y * cell];
  for (const picture of update.pictures) tiles.append(tilePicture(picture.url, picture.cells, at, cell));
  const last = update.pictures[update.pictures.length - 1];
  if (last) {
    const placed = update.log.filter((entry) => /^[td]/.test(entry.action)).pop();
    const old = svg.querySelector("g.last-move"); if (old) old.remove();
    const [x, y] = at(Math.min(...last.cells.map((c) => c[0])), Math.min(...last.cells.map((c) => c[1])));
    const w = (new Set(last.cells.map((c) => c[0]))).size * cell; const h = (new Set(last.cells.map((c) => c[1]))).size * cell;
    const outline = svgEl("g", { class: "last-move" });
    outline.append(svgEl("rect", { x: x + 2, y: y + 2, width: w - 4, height: h - 4, fill: "none", stroke: "#fff", "stroke-width": 6 }),
      svgEl("rect", { x: x + 2, y: y + 2, width: w - 4, height: h - 4, fill: "none",
        stroke: placed ? config.colours[placed.player] : "#222", "stroke-width": 3 }));
    tiles.after(outline);
  }
  for (const p of update.pieces_removed) {
    const drawn = pieces.querySelector(`g.piece[data-x="${p.x}"][data-y="${p.y}"][data-segment="${p.segment}"]`);
    if (drawn) drawn.remove();
  }
  for (const p of update.pieces_added) {
    const [x, y] = at(p.anchor[0], p.anchor[1]);
    const drawn = pieceShape(p.kind, x, y, cell * PIECE_SIZE * (p.scale || 1), config.colours[p.player]);
    drawn.setAttribute("class", `piece ${p.kind}`);
    Object.assign(drawn.dataset, { player: String(p.player), x: String(p.x), y: String(p.y), segment: String(p.segment) });
    pieces.append(drawn);
  }
  update.boats.forEach((space, player) => {
    const boat = svg.querySelector(`g.track g.boat[data-player="${player}"]`);
    if (!boat) return;
    boat.dataset.drawnSpace = boat.dataset.drawnSpace || boat.dataset.space;
    boat.dataset.space = String(space);
    boat.setAttribute("transform", `translate(0 ${spaceY(svg, space) - spaceY(svg, Number(boat.dataset.drawnSpace))})`);
  });
  return true;
}
