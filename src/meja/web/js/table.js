// The table page: joins the table's websocket, draws the board with the game's renderer,
// takes moves by clicking, shows seats, turn, log and result, and replays finished games.

import { api, rememberSeat } from "./api.js";
import { TableConnection } from "./connection.js";
import { html, seatColour } from "./svg.js";
import * as generic from "./games/generic.js";

const $ = (id) => document.getElementById(id);
/** The width from which the board must fit the window's height, so nothing needs scrolling. */
const WIDE = window.matchMedia("(min-width: 980px)");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;

const page = {
  state: null, // the latest state message
  log: [], // every log entry this seat has been sent
  renderer: generic,
  components: {},
  selection: [], // picks made towards a move of several clicks
  pending: false, // a move was sent and its answer has not come yet
  clockAt: 0, // when the clock figures of the latest state were received
  replay: null, // the replay frame shown, or null for the live table
  holdUntil: 0, // a state showing something brief (turned tiles) stays up until then
  release: null, // ends that hold early, when this player moves on
};

function seatName(seat) {
  const seats = page.state?.table.seats || [];
  return seats[seat]?.name || `Seat ${seat + 1}`;
}

function legalFor(message) {
  return page.replay ? [] : message.legal || [];
}

/**
 * Each seat's last completed move: the records of its steps up to and including the one the
 * log has a sentence for, so a renderer can mark it on the board until the seat moves again.
 */
function lastMoves(log) {
  const last = new Map();
  const started = new Map();
  for (const entry of log) {
    if (entry.player < 0) continue;
    const steps = started.get(entry.player) || [];
    steps.push(entry.record || {});
    if (entry.text) {
      last.set(entry.player, steps);
      started.delete(entry.player);
    } else {
      started.set(entry.player, steps);
    }
  }
  return last;
}

/** What a renderer gets: the view and everything needed to draw it and bind moves to it. */
function context(message) {
  const legal = legalFor(message);
  const byText = new Map(legal.map((move) => [move.text, move.action]));
  const ctx = {
    view: message.view,
    you: message.you,
    legal,
    byText,
    active: message.active,
    current: message.current,
    table: message.table,
    numPlayers: message.table.num_players,
    components: page.components,
    selection: page.selection,
    finished: Boolean(message.result),
    result: message.result, // scores, winners, their unit and what decided the game, in words
    wide: WIDE.matches, // a wide window: the board is scaled to fit its height, so lay it out wide
    seatName,
    colour: seatColour,
    log: page.replay ? page.replay.log : page.log,
    lastMoves: lastMoves(page.replay ? page.replay.log : page.log),
    /** Make node play action when clicked, if it is legal. */
    target(node, text) {
      const action = byText.get(text);
      if (action === undefined) return node;
      node.classList.add("legal");
      node.setAttribute("data-action", String(action));
      node.setAttribute("data-move", text);
      return node;
    },
    /**
     * Make node choose key as step `level` towards a move when clicked (by default the next
     * step); a later click at the same level replaces it, and clicking it again undoes it.
     */
    pick(node, key, level = page.selection.includes(key) ? page.selection.indexOf(key) : page.selection.length) {
      node.classList.add("legal");
      node.setAttribute("data-pick", key);
      node.setAttribute("data-pick-level", String(level));
      if (page.selection.includes(key)) node.classList.add("picked");
      return node;
    },
    /** Make node undo the picks made so far (a "change" button of a choice being made). */
    clear(node) {
      node.setAttribute("data-clear", "");
      return node;
    },
    /** Moves whose text starts with prefix. */
    startingWith(prefix) {
      return legal.filter((move) => move.text.startsWith(prefix));
    },
  };
  return ctx;
}

function drawSeats(message) {
  const box = $("seats");
  box.replaceChildren();
  const clock = message.clock || {};
  const elapsed = (Date.now() - page.clockAt) / 1000;
  message.table.seats.forEach((seat, index) => {
    const classes = ["seat"];
    const active = !message.result && message.active.includes(index);
    if (active) classes.push("active");
    if (index === message.you) classes.push("you");
    const parts = [html("span", { class: "dot", style: `background:${seatColour(index)}` }), seat.name];
    if (index === message.you) parts.push(html("span", { class: "badge", text: "you" }));
    if (seat.kind === "bot") parts.push(html("span", { class: "badge" }, "bot", html("span", { class: "detail", text: `: ${seat.bot}` })));
    if (seat.away) parts.push(html("span", { class: "badge away", text: "bot playing for them" }));
    else if (seat.kind === "human" && !seat.connected) parts.push(html("span", { class: "badge offline", text: "not here" }));
    if (clock[index] !== undefined) {
      const left = Math.max(0, Math.ceil(clock[index] - elapsed));
      parts.push(html("span", { class: "badge", "data-clock": index, text: `${left}s` }));
    }
    if (active) parts.push(html("span", { class: "visually-hidden", text: "(to move)" }));
    box.append(html("div", { class: classes.join(" "), "data-seat": index }, ...parts));
  });
}

function promptText(message, ctx) {
  if (page.replay) return `Replay: step ${page.replay.step} of ${page.replay.total}`;
  if (message.result) {
    const winners = message.result.winners.map(seatName);
    return winners.length ? `Game over. Winner: ${winners.join(" and ")}.` : "Game over. Nobody won.";
  }
  if (message.legal.length) {
    const hint = page.renderer.hint ? page.renderer.hint(ctx) : "";
    return `Your turn${hint ? `: ${hint}` : "."}`;
  }
  if (message.current === -1) return "Shuffling and dealing…";
  const waiting = message.active.map(seatName);
  return waiting.length ? `Waiting for ${waiting.join(", ")}…` : "";
}

function drawBoard(message) {
  const ctx = context(message);
  let drawing;
  try {
    drawing = page.renderer.draw(ctx);
  } catch (error) {
    console.error(error);
    drawing = generic.draw(ctx);
  }
  // A drawing holding buttons is a group to assistive technology, not one picture.
  if (drawing.tagName.toLowerCase() === "svg") {
    drawing.setAttribute("role", "group");
    if (!drawing.hasAttribute("aria-label")) drawing.setAttribute("aria-label", `${message.table.title}: the table`);
  }
  const focused = boardFocus();
  $("board").replaceChildren(drawing);
  fitBoard();
  markTargets();
  if (focused !== null) restoreFocus(focused);
  const prompt = $("prompt");
  // The prompt is read out when it changes, so a redraw that keeps it must not rewrite it.
  const words = promptText(message, ctx);
  if (prompt.textContent !== words) prompt.textContent = words;
  prompt.classList.toggle("your-turn", Boolean(ctx.legal.length));
  document.body.dataset.step = String(message.step);
  document.body.dataset.yourTurn = ctx.legal.length ? "yes" : "no";
  document.body.dataset.selection = page.selection.join("|");
}

/** On a wide window, scale the board down to the height left below the seats and prompt. */
function fitBoard() {
  const drawing = $("board").firstElementChild;
  if (!drawing || drawing.tagName.toLowerCase() !== "svg") return;
  if (!WIDE.matches) {
    drawing.style.maxHeight = "";
    return;
  }
  const top = $("board").getBoundingClientRect().top + window.scrollY;
  drawing.style.maxHeight = `${Math.max(320, window.innerHeight - top - 20)}px`;
}

const TARGETS = "[data-action], [data-pick], [data-clear]";

/**
 * Highlight every clickable part of the board and make it a button for the keyboard too: each
 * target's own `.hl` shape (the first one that belongs to it rather than to a target inside it)
 * gets `hl-on`, or the target itself; every target takes focus and says its move in words.
 */
function markTargets() {
  for (const node of $("board").querySelectorAll(TARGETS)) {
    node.classList.add("legal");
    const shape = [...node.querySelectorAll(".hl")].find((hl) => hl.closest(TARGETS) === node);
    (shape || node).classList.add("hl-on");
    if (node.tagName.toLowerCase() === "button") continue;
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", spoken(node));
    if (node.hasAttribute("data-pick")) node.setAttribute("aria-pressed", String(node.classList.contains("picked")));
  }
}

/** A target's move in words: its own tooltip, else the move's text, else what it shows. */
function spoken(node) {
  const tooltip = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  const words = tooltip?.textContent || node.getAttribute("data-move") || node.textContent || "";
  return words.replace(/\s+/g, " ").trim() || (node.hasAttribute("data-clear") ? "change" : "choose");
}

/** What a target does, the same for the equivalent node of a later drawing. */
function targetKey(node) {
  if (!node) return "";
  if (node.hasAttribute("data-action")) return `action ${node.getAttribute("data-action")}`;
  if (node.hasAttribute("data-clear")) return "clear";
  return `pick ${node.getAttribute("data-pick-level")} ${node.getAttribute("data-pick")}`;
}

/** The key of the board's focused target ("" for the board itself), or null if focus is elsewhere. */
function boardFocus() {
  const active = document.activeElement;
  if (!active || !$("board").contains(active)) return null;
  return targetKey(active.closest(TARGETS));
}

/**
 * Give the new drawing the focus the old one had: the equivalent target, else the first one,
 * else the board itself, so a keyboard player stays where the play is.
 */
function restoreFocus(key) {
  const targets = [...$("board").querySelectorAll(TARGETS)];
  const node = targets.find((target) => targetKey(target) === key) || targets[0] || $("board");
  node.focus({ preventScroll: true });
}

/** The smallest box around every clickable part of the board, in viewport coordinates. */
function targetsBox() {
  const boxes = [...$("board").querySelectorAll(TARGETS)].map((node) => node.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  if (!boxes.length) return null;
  return {
    top: Math.min(...boxes.map((b) => b.top)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
  };
}

/** Bring the current decision's targets (and the prompt, if they fit together) into view. */
function bringTargetsIntoView() {
  const box = targetsBox();
  if (!box) return;
  const height = window.innerHeight;
  // Keep "Your turn: …" in sight too, when it fits with the targets.
  const prompt = $("prompt").getBoundingClientRect();
  if (box.bottom - prompt.top <= height) box.top = Math.min(box.top, prompt.top);
  if (box.top >= 0 && box.bottom <= height) return;
  // A margin of up to 8 px, but never more than the room left: what fits stays whole in sight.
  const spare = height - (box.bottom - box.top);
  const margin = Math.min(8, Math.max(spare, 0) / 2);
  const wanted = spare >= 0 ? (box.top < 0 ? box.top - margin : box.bottom - height + margin) : box.top - 8;
  window.scrollBy({ top: wanted, behavior: "instant" });
}

function drawMoves(message) {
  const box = $("moves");
  box.replaceChildren();
  for (const move of legalFor(message)) {
    box.append(html("button", { type: "button", "data-action": String(move.action), text: move.text }));
  }
  $("moves-panel").classList.toggle("hidden", !legalFor(message).length);
}

/** One log line: the sentence the game tells this seat, seats by name and its own as "You".
 * A step whose sense a later sentence carries (a card put on an offer) has no line. */
function logLine(entry) {
  if (!entry.text) return null;
  const attrs = { "data-player": String(entry.player) };
  if (!entry.named) attrs.class = "hidden-move";
  return html("li", attrs, entry.text);
}

function drawLog(entries) {
  const list = $("log");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  list.replaceChildren(...entries.map(logLine).filter(Boolean));
  if (atBottom || page.replay) list.scrollTop = list.scrollHeight;
}

/** The final scores with their unit, the winners said in words, and what decided the game. */
function drawResult(message) {
  const box = $("result");
  if (!message.result) {
    box.classList.add("hidden");
    return;
  }
  const { scores, winners, unit = "points", lines = [] } = message.result;
  $("result-unit").textContent = unit.charAt(0).toUpperCase() + unit.slice(1);
  const rows = message.table.seats.map((seat, index) => {
    const won = winners.includes(index);
    const name = index === message.you ? `${seat.name} (you)` : seat.name;
    return html("tr", { class: won ? "winner" : "" },
      html("td", {}, html("span", { class: "dot", style: `background:${seatColour(index)}` }), ` ${name}`),
      html("td", { "data-score": index, text: String(scores[index]) }),
      html("td", { text: won ? "★ Winner" : "" }));
  });
  $("result-rows").replaceChildren(...rows);
  $("result-lines").replaceChildren(...lines.map((line) => html("li", { text: line })));
  box.classList.remove("hidden");
  $("replay").classList.remove("hidden");
  const range = $("replay-range");
  range.max = String(message.step);
  if (!page.replay) {
    range.value = String(message.step);
    $("replay-step").textContent = replayLabel(message.step);
  }
}

function drawAway(message) {
  const mine = message.you === null ? null : message.table.seats[message.you];
  $("away-banner").classList.toggle("hidden", !(mine && mine.away && !message.result));
}

function render() {
  const message = page.state;
  if (!message) return;
  const shown = page.replay ? { ...message, ...page.replay, legal: [], table: message.table } : message;
  $("game-title").replaceChildren(message.table.title, html("span", { class: "table-id", text: ` · table ${message.table.id}` }));
  drawSeats(message);
  drawBoard(shown);
  // A player with the table in a background tab sees from the tab itself that it is their turn.
  const yourTurn = document.body.dataset.yourTurn === "yes" ? "● Your turn · " : "";
  document.title = `${yourTurn}${message.table.title} · meja`;
  drawMoves(shown);
  drawLog(page.replay ? page.replay.log : page.log);
  drawResult(message);
  drawAway(message);
}

async function loadRenderer(name) {
  try {
    page.renderer = await import(`./games/${name}.js`);
  } catch (error) {
    console.error(error);
    page.renderer = generic;
  }
  try {
    page.components = (await api(`/api/games/${encodeURIComponent(name)}`)).components;
  } catch {
    page.components = {};
  }
}

let rendererFor = null;
let stateQueue = Promise.resolve();

async function onState(message) {
  if (rendererFor !== message.table.game) {
    rendererFor = message.table.game;
    await loadRenderer(rendererFor);
  }
  const wait = page.holdUntil - Date.now();
  if (wait > 0) await new Promise((resolve) => { page.release = resolve; setTimeout(resolve, wait); });
  page.holdUntil = 0;
  page.release = null;
  const decision = movesKey(message);
  const newDecision = !page.state || movesKey(page.state) !== decision;
  // The answer to the player's own move starts a decision even when it offers the same moves.
  const answered = page.pending;
  if (newDecision) page.selection = [];
  page.state = message;
  page.clockAt = Date.now();
  page.pending = false;
  page.log.splice(message.log_start, page.log.length, ...message.log);
  render();
  if ((newDecision || answered) && message.legal.length) bringTargetsIntoView();
  // Spectators watch at the table's own pace; a hold there would leave them ever further behind.
  const hold = page.replay || message.you === null ? 0 : page.renderer.holdMs?.(message.view) || 0;
  if (hold) page.holdUntil = Date.now() + hold;
}

/** The player's own legal moves: a selection in progress stays while these stay the same. */
function movesKey(message) {
  return JSON.stringify(message.legal.map((move) => [move.action, move.text]));
}

/** Set the picks made towards a move, redraw, and keep what can be clicked next in view. */
function choose(selection) {
  page.selection = selection;
  render();
  bringTargetsIntoView();
}

function showError(text) {
  $("error").textContent = text;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { $("error").textContent = ""; }, 6000);
}

const connection = new TableConnection(
  tableId,
  token,
  (message) => {
    if (message.type === "state") {
      // Handle states strictly in order, even while the game's renderer is still loading.
      stateQueue = stateQueue.then(() => onState(message)).catch((error) => console.error(error));
    }
    if (message.type === "welcome") {
      if (token && message.seat !== null) rememberSeat({ table: tableId, seat: message.seat, token, title: message.table.title });
    } else if (message.type === "error") {
      page.pending = false;
      showError(message.message);
    }
  },
  (status, detail) => {
    const box = $("status");
    box.className = `status ${status}`;
    box.textContent = {
      online: "connected",
      offline: "reconnecting…",
      stalled: "connection stalled — reconnecting…",
      closed: detail || "closed",
    }[status];
    document.body.dataset.connection = status;
  },
);

function play(action) {
  if (page.pending || !page.state) return;
  page.holdUntil = 0;
  page.release?.();
  page.pending = connection.send({ type: "move", action, step: page.state.step });
  if (!page.pending) showError("Not connected; reconnecting…");
}

/** Play, pick or clear with a target of the board, whether clicked or pressed with a key. */
function activate(node) {
  if (!node || page.replay) return;
  if (node.hasAttribute("data-action")) {
    play(Number(node.getAttribute("data-action")));
    return;
  }
  if (node.hasAttribute("data-clear")) {
    choose([]);
    return;
  }
  const key = node.getAttribute("data-pick");
  const level = Number(node.getAttribute("data-pick-level"));
  const undo = page.selection[level] === key;
  choose([...page.selection.slice(0, level), ...(undo ? [] : [key])]);
}

/** Enter or Space on a focused target does what a click does; a real button clicks itself. */
function onBoardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const node = event.target.closest(TARGETS);
  if (!node || node.tagName.toLowerCase() === "button") return;
  event.preventDefault();
  if (!event.repeat) activate(node);
}

/**
 * The turns of the finished game: each runs from one seat's move to the next seat's, with the
 * chance steps after it; its end is the frame that shows it done.
 */
function turnsOf(log) {
  const turns = [];
  for (const [index, entry] of log.entries()) {
    const last = turns.at(-1);
    if (entry.player >= 0 && entry.player !== last?.player) turns.push({ start: index, end: index + 1, player: entry.player });
    else if (last) last.end = index + 1;
  }
  return turns;
}

/** Where the replay is, in words: "Step 57 of 143 · Turn 12 of 36 · Bot 2". */
function replayLabel(step) {
  const turns = turnsOf(page.log);
  const steps = `Step ${step} of ${page.state.step}`;
  if (step === 0) return `${steps} · before the first move`;
  const index = turns.findIndex((turn) => turn.start < step && step <= turn.end);
  if (index < 0) return `${steps} · setting up`;
  const seat = turns[index].player;
  const who = seat === page.state.you ? `${seatName(seat)} (you)` : seatName(seat);
  return `${steps} · Turn ${index + 1} of ${turns.length} · ${who}`;
}

let replayAsked = 0;

async function showReplay(step) {
  const total = page.state.step;
  const wanted = Math.max(0, Math.min(total, step));
  const asked = ++replayAsked;
  let frame = null;
  if (wanted !== total) {
    const seat = page.state.you === null ? "" : `?seat=${page.state.you}`;
    try {
      frame = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${wanted}${seat}`);
    } catch (error) {
      showError(error.message);
      return;
    }
  }
  // A later press has asked for another frame meanwhile: that one is shown, not this.
  if (asked !== replayAsked) return;
  page.replay = frame;
  $("replay-range").value = String(wanted);
  $("replay-step").textContent = replayLabel(wanted);
  render();
}

/** Show the replay a step on or back (delta 1 or -1), a whole turn with byTurn, or an end. */
function replayStep(delta, byTurn = false) {
  const at = page.replay ? page.replay.step : page.state.step;
  if (delta === "start" || delta === "end") {
    showReplay(delta === "start" ? 0 : page.state.step);
  } else if (byTurn) {
    const ends = turnsOf(page.log).map((turn) => turn.end);
    const next = delta > 0 ? ends.find((end) => end > at) : ends.findLast((end) => end < at);
    showReplay(next ?? (delta > 0 ? page.state.step : 0));
  } else {
    showReplay(at + delta);
  }
}

$("board").addEventListener("click", (event) => activate(event.target.closest(TARGETS)));
$("board").addEventListener("keydown", onBoardKey);
$("moves").addEventListener("click", (event) => {
  const button = event.target.closest("[data-action]");
  if (button) play(Number(button.getAttribute("data-action")));
});
$("back-button").addEventListener("click", () => connection.send({ type: "back" }));
$("replay-start").addEventListener("click", () => replayStep("start"));
$("replay-back").addEventListener("click", () => replayStep(-1));
$("replay-next").addEventListener("click", () => replayStep(1));
$("replay-turn-back").addEventListener("click", () => replayStep(-1, true));
$("replay-turn-next").addEventListener("click", () => replayStep(1, true));
$("replay-end").addEventListener("click", () => replayStep("end"));
$("replay-range").addEventListener("change", (event) => showReplay(Number(event.target.value)));
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && page.selection.length && !page.replay) {
    choose([]);
    return;
  }
  if (!page.state?.result || event.target.tagName === "INPUT") return;
  if (event.key === "ArrowLeft") replayStep(-1, event.shiftKey);
  if (event.key === "ArrowRight") replayStep(1, event.shiftKey);
});
WIDE.addEventListener("change", () => render());
window.addEventListener("resize", () => fitBoard());
setInterval(() => {
  if (page.state?.clock && Object.keys(page.state.clock).length) drawSeats(page.state);
}, 1000);

window.meja = { connection, page, render, choose };
connection.connect();
