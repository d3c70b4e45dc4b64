// Carcassonne – Amazonas web app: the game's client (loaded before app.js, whose globals
// it shares): opening a game, fetching its view, the live stream and the polling that
// stands in for it, and sending a move. Answers that come back late are dropped, so
// the view on screen never goes back.
"use strict";

const POLL_MS = 1500;
const STREAM_POLL_MS = 10000;  // polling while the live stream is open: a fallback only

// How many log entries the page shows (from the first; the newest is on top): a view
// need not hold them again.
function logShown() { return ui.log.firstChild ? Number(ui.log.firstChild.dataset.seq) : 0; }

function myTurn() {
  // A table game's one token plays whoever is to move (table.js).
  return Boolean(view && seat && seat.player !== null && !view.is_terminal
    && (view.to_move === seat.player || Boolean(view.table)));
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
  setText(ui.turnTitle, t("Loading the game…"));
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
  const answer = await api("GET", `/api/games/${encodeURIComponent(game)}?board=${board ? 1 : 0}&log_after=${logShown()}`, undefined,
    etag && view ? { "if-none-match": etag } : {});
  if (!seat || seat.game !== game) return null;
  if (!answer.ok) {
    setText(ui.status, answer.status === 0 ? t("Connection lost; retrying…") : (answer.data.error || t("error {status}", { status: answer.status })));
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
  // The log up to the turn's start: a tile placed on the page only is in it as previewed.
  const logAfter = Math.min(logShown(), before);
  const answer = await api("POST", `/api/games/${encodeURIComponent(game)}/actions?board=0&log_after=${logAfter}`, body);
  busy = false;
  if (!seat || seat.game !== game) return;
  if (!answer.ok && pending) { selection = pending.chosen; view = pending.base; pending = null; render(); }
  if (!answer.ok) {
    if (answer.status === 409) await refresh();
    if (answer.status === 409 && view.seq !== before) {
      ui.actionError.textContent = t("The game moved on before your move arrived (another tab or player?): here it is as it stands now.");
    } else {
      ui.actionError.textContent = answer.data.error || t("error {status}", { status: answer.status });
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
