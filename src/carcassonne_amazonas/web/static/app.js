// Carcassonne – Amazonas web app: the page's script (plain JavaScript, no build step),
// in files that share this one's globals and are loaded before it: board.js draws the
// board, lobby.js the lobby, stream.js is the game's client (its view, the live stream,
// polling, sending moves), turn.js the turn (the choice, the buttons, clicks and keys),
// panels.js the rest of the screen (status, hand, scores, result, log). This file holds
// what they share, and starts the page.
//
// The server does the rules: the page shows the view of GET /api/games/{ID} and sends
// actions in notation to POST /api/games/{ID}/actions; the live stream's steps keep
// it up to date. Text from the server (names, explanations) is always set with
// textContent.
//
// Every text a player reads is in the language the server chose (the page's choice, a
// cookie, else Accept-Language): the server's texts come in it, and the page's own come
// from its catalog in /api/config ("messages", compiled from the same gettext catalogs):
// t("Waiting for {who}", {who}) and tn("{n} tile", "{n} tiles", n) look them up, and
// index.html marks its texts data-t (and the attributes to translate data-t-attrs).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const STORE_KEY = "carcassonne-amazonas/games";
const LANG_COOKIE = "carcassonne_lang";

const ui = {};
// What the server says in /api/config (start() asks for it before anything is shown).
let config = { kinds: [], colours: [], colour_names: [], rules: {}, variants: {}, messages: { messages: {} } };
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

function fill(text, values) {
  return values ? text.replace(/\{([a-z_]+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole)) : text;
}

// The page's text `text` in the page's language, with its {placeholders} filled.
function t(text, values) {
  const found = config.messages && config.messages.messages[text];
  return fill(typeof found === "string" && found ? found : text, values);
}

// The form of a text with a count for `n`, by the language's plural rules (the catalog's
// forms are in the order of the CLDR categories, as Babel writes them).
function tn(singular, plural, n, values) {
  const forms = config.messages && config.messages.messages[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms)) {
    const rules = new Intl.PluralRules(config.lang);
    const categories = rules.resolvedOptions().pluralCategories;
    const order = ["zero", "one", "two", "few", "many", "other"].filter((c) => categories.includes(c));
    const index = order.indexOf(rules.select(n));
    if (forms[index]) text = forms[index];
  }
  return fill(text, Object.assign({ n: n.toLocaleString(config.lang) }, values));
}

function colourName(player) { return (config.colour_names || config.colours)[player] || t("player {number}", { number: player + 1 }); }

function kindName(kind) { return (config.kind_names && config.kind_names[kind]) || kind; }

function playerName(player) {
  const info = view && view.seats[player];
  if (info && info.name) return info.name;
  return capitalise(colourName(player));
}

// The texts of index.html in the page's language: each element marked data-t (its text,
// whitespace folded, is the message) and each attribute named in data-t-attrs.
function translatePage() {
  document.documentElement.lang = config.lang || "en";
  for (const node of document.querySelectorAll("[data-t]")) {
    node.dataset.t = node.dataset.t || node.textContent.replace(/\s+/g, " ").trim();
    node.textContent = t(node.dataset.t);
  }
  for (const node of document.querySelectorAll("[data-t-attrs]")) {
    for (const name of node.dataset.tAttrs.split(" ")) {
      const key = `tOriginal${name.replace(/-/g, "")}`;
      node.dataset[key] = node.dataset[key] || node.getAttribute(name).replace(/\s+/g, " ").trim();
      node.setAttribute(name, t(node.dataset[key]));
    }
  }
  const choice = $("lang");
  choice.replaceChildren();
  // Each language by its code, short enough for a phone's top bar, and its own name.
  for (const lang of config.languages || ["en"]) {
    choice.append(el("option", { value: lang, title: (config.language_names || {})[lang] || lang }, lang.toUpperCase()));
  }
  choice.value = config.lang || "en";
}

// The language switch: the choice is kept a year in a cookie, which the server reads for
// every answer, and the page starts again in it.
function chooseLanguage() {
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent($("lang").value)}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
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
    return { ok: false, status: 0, data: { error: t("The server cannot be reached; check that it is running.") } };
  }
  if (response.status === 304) return { ok: true, status: 304, data: null, etag: headers && headers["if-none-match"] };
  let data = null;
  try { data = await response.json(); } catch (error) { data = { error: `${response.status} ${response.statusText}` }; }
  if (!data || typeof data !== "object") data = { error: `${response.status} ${response.statusText}` };
  return { ok: response.ok, status: response.status, data, etag: response.headers.get("etag") };
}

// Set a text only when it changes: screen readers announce live regions on every change.
function setText(node, text) { if (node.textContent !== text) node.textContent = text; }

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("game")) openGame(params); else showLobby();
}

async function start() {
  for (const id of ["lobby", "game", "status", "players", "seat-rows", "seed", "create", "create-error",
    "created", "seat-links", "enter-game", "recent", "recent-games", "board", "turn-title", "turn-help",
    "hand", "hand-image", "hand-text", "doubles", "choice-text", "rotate", "confirm", "take-back", "pass",
    "action-error", "controls", "score-rows", "tiles-left", "rules-text", "final", "final-rows", "result", "ended-now", "log", "invite",
    "invite-links", "zoom-in", "zoom-out", "zoom-fit", "new-game", "turn-card", "notify"]) {
    ui[id.replace(/-([a-z])/g, (m, c) => c.toUpperCase())] = $(id);
  }
  const answer = await api("GET", "/api/config");
  if (answer.ok) config = answer.data;
  translatePage();
  $("lang").addEventListener("change", chooseLanguage);
  renderRuleOptions();
  setUpTableLobby();  // table.js
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
