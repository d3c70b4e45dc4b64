// Carcassonne – Amazonas web app: the panels (loaded before app.js, whose globals it
// shares): whose turn it is and what to do, the tile in hand, the scores, the result
// at the end, the log, the invitation links, and the tab's title and notification.
"use strict";

// What to do, per phase: for a mouse and keys, and for a touch screen.
function keyHelp(phase) {
  return {
    "place tile": t("Click a highlighted cell (or use the arrow keys); click it again or press R to rotate; Enter confirms, Esc takes back."),
    "choose double": t("Your \"!\" tile lets you add a double tile downstream: pick one and confirm."),
    "place double": t("Click the highlighted cell of the river; Enter confirms."),
    "place piece": t("Click a marker (or a part of the new tile, or use the arrow keys) to put a piece there, then confirm; P places none and moves your boat; Esc takes the tile back."),
  }[phase] || "";
}

function touchHelp(phase) {
  return {
    "place tile": t("Tap a highlighted cell, tap it again (or Rotate) to turn the tile, then Confirm. Drag to move the board, pinch to zoom."),
    "choose double": t("Your \"!\" tile lets you add a double tile downstream: tap one, then Confirm."),
    "place double": t("Tap the highlighted cell of the river, then Confirm."),
    "place piece": t("Tap a marker (or a part of the new tile) for a piece there, then Confirm; No piece moves your boat; Take back returns the tile to your hand."),
  }[phase] || "";
}

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
  renderFollow();
  updateControls();
  renderTable();  // table.js
}

function renderStatus() {
  const card = ui.turnTitle.closest(".card");
  card.classList.toggle("my-turn", myTurn());
  let title; let help = "";
  if (view.is_terminal) {
    title = t("Game over");
    help = capitalise(view.result || "") + ".";
  } else if (myTurn()) {
    title = {
      "place tile": t("Your turn: place the tile"),
      "choose double": t("Your turn: choose a double tile"),
      "place double": t("Your turn: place the double tile"),
      "place piece": t("Your turn: a meeple, a camp, or none"),
    }[view.phase] || t("Your turn");
    help = (touch ? touchHelp : keyHelp)(view.phase);
  } else {
    const who = playerName(view.to_move);
    const seatInfo = view.seats[view.to_move];
    const bot = view.bot || {};
    const kind = kindName(seatInfo.kind);
    if (seatInfo.kind === "human") title = t("Waiting for {who}", { who });
    else if (bot.queued) title = tn("{who} ({kind}) waits for a free bot: {n} game ahead", "{who} ({kind}) waits for a free bot: {n} games ahead", bot.queued, { who, kind });
    else title = t("{who} ({kind}) is thinking…", { who, kind });
    help = seat.player !== null ? "" : seat.refused
      ? t("This link's token opens no seat of this game: you are watching it.") : t("You are watching this game.");
  }
  setText(ui.turnTitle, title);
  notifyTurn();
  // The tab says when it is your turn, so a player in another tab sees it.
  document.title = myTurn() ? "\u25cf " + t("Your turn \u2013 Carcassonne \u2013 Amazonas") : t("Carcassonne \u2013 Amazonas");
  setText(ui.turnHelp, help);
  const who = seat.player === null ? t("watching") : t("you are {who}", { who: playerName(seat.player) });
  setText(ui.status, [t("Game {id}", { id: view.game }), who,
    tn("{n} tile to draw", "{n} tiles to draw", view.tiles_left)].join(" · "));
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
    try { new Notification(t("Your turn \u2013 Carcassonne \u2013 Amazonas"), { body: ui.turnTitle.textContent, tag: seat.game }); }
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
    ui.handImage.setAttribute("alt", t("the tile in hand, {name}", { name: hand.name }));
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
    const kind = seatInfo.kind === "human" ? (seat.player === index ? t("you") : "") : kindName(seatInfo.kind);
    if (kind) name.append(el("span", { class: "kind" }, kind));
    row.append(name, el("td", { class: "score" }, String(player.score)),
      el("td", { class: "projected", title: projectionText(view.projected[index]) }, String(view.projected[index].total)),
      el("td", {}, String(player.boat)),
      el("td", { title: t("meeples, camps") }, `${player.meeples} · ${player.camps}`));
    ui.scoreRows.append(row);
  });
  ui.tilesLeft.textContent = tn("{n} tile to draw", "{n} tiles to draw", view.tiles_left) + " · " +
    tn("river {n} space", "river {n} spaces", view.track_length);
  ui.rulesText.textContent = rulesText(view.rules);
}

// The variants a game plays with, as the server words them (/api/config "variants"):
// each variant whose value is not its default (the first of its values).
function rulesText(rules) {
  const variants = Object.entries(config.variants || {})
    .filter(([name]) => rules[name] !== config.rules[name][0]).map(([, words]) => words.chosen);
  return variants.length ? t("Variants: {variants}", { variants: variants.join(" · ") }) : t("Standard rules");
}

function projectionText(b) {
  return t("tributaries {tributaries}, villages {villages}, Amazon {amazon}, camps {camps}, river {river}", b);
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

// The view holds the log after its first `log_after` entries (those the page showed
// when it asked): the entries shown after those give way to the view's. Should fewer be
// shown than the view leaves out, the log is fetched whole. The newest entry is first.
function renderLog() {
  const from = view.log_after || 0;
  while (ui.log.firstChild && Number(ui.log.firstChild.dataset.seq) > from) ui.log.firstChild.remove();
  if (logShown() !== from) {
    ui.log.replaceChildren();
    etag = null; setTimeout(() => refresh(), 0);
    return;
  }
  for (const entry of view.log) {
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
      more.append(el("summary", {}, t("notation and rules")),
        el("code", { class: "notation" }, entry.action),
        document.createTextNode(ids.length ? ` · ${ids.join(", ")}` : ""));
      item.append(more);
    }
    ui.log.prepend(item);
  }
}

function renderInvite() {
  const saved = savedGames().find((g) => g.game === view.game);
  const others = saved ? saved.seats.filter((s) => s.token && s.player !== seat.player) : [];
  ui.invite.hidden = others.length === 0;
  if (others.length && ui.inviteLinks.children.length !== others.length) listSeatLinks(ui.inviteLinks, view.game, others);
}
