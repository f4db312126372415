// @ts-check
// The table page: joins the table's websocket, draws the board with the game's renderer,
// takes moves by clicking, shows seats, turn, log and result, and replays finished games.

import { api, rememberSeat } from "./api.js";
import { TableConnection } from "./connection.js";
import { html, seatColour } from "./svg.js";
import * as generic from "./games/generic.js";
import { setUpLogDrawer } from "./log_drawer.js";
import * as hints from "./hints.js";
import * as motion from "./motion.js";
import { offerRules } from "./rules_dialog.js";
import * as sound from "./sound.js";
import { seatMarks } from "./seat_marks.js";
import { levelLabel, levelOf, loadBots } from "./bot_levels.js";
import { setUpChat } from "./chat.js";
import * as notices from "./notices.js";
import { statisticsTable } from "./statistics.js";
import { kindWords, perMove } from "./your_tables.js";

/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").ReplayFrame} ReplayFrame */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").LogRecord} LogRecord */
/** @typedef {import("./types.js").LastMoves} LastMoves */
/** @typedef {import("./types.js").RenderContext} RenderContext */
/** @typedef {import("./types.js").Renderer} Renderer */
/** @typedef {import("./types.js").Components} Components */
/** @typedef {import("./types.js").DrawnState} Drawn */

/**
 * The table page's element of this id (the page has every one this module asks for).
 * @param {string} id
 */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const $input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id */
const $select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id */
const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** The width from which the board must fit the window's height, so nothing needs scrolling. */
const WIDE = window.matchMedia("(min-width: 980px)");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;

/**
 * @typedef {object} PageState
 * @property {StateMessage|null} state
 * @property {LogEntry[]} log
 * @property {Renderer} renderer
 * @property {Components} components
 * @property {string[]} selection
 * @property {boolean} pending
 * @property {number|null} awaiting
 * @property {number} clockAt
 * @property {ReplayFrame|null} replay
 * @property {StateMessage[]} queue
 * @property {number} shownAt
 * @property {number} holdMs
 * @property {boolean} catchingUp
 * @property {Object<string, number>} paces
 * @property {{step: number, at: number, own: boolean, fresh: boolean, queued: number}[]} shown
 * @property {number[]} received
 */

/** @type {PageState} */
const page = {
  state: null, // the latest state message
  log: [], // every log entry this seat has been sent
  renderer: generic,
  components: {},
  selection: [], // picks made towards a move of several clicks
  pending: false, // a move was sent and its answer has not come yet
  awaiting: null, // while a move is on its way: the log position its step will be at or after
  clockAt: 0, // when the clock figures of the latest state were received
  replay: null, // the replay frame shown, or null for the live table
  queue: [], // states received and not yet drawn, oldest first
  shownAt: 0, // when the state on screen was drawn
  holdMs: 0, // how long it stays before the next is drawn: the pace, its motion, a renderer's hold
  catchingUp: false, // draw what is queued at once, the last one only
  paces: { relaxed: 1500, normal: 800, fast: 300 }, // ms a step, as the server publishes them
  shown: [], // every state drawn: its step, when, and whether it answered this seat's own move
  received: [], // the step of every state received, in order
};

/**
 * @param {number} seat
 * @returns {string}
 */
function seatName(seat) {
  const seats = page.state?.table.seats || [];
  return seats[seat]?.name || `Seat ${seat + 1}`;
}

/**
 * A seat's mark, written on its colour (seat_marks.js).
 * @param {number} seat
 * @returns {string}
 */
function seatMark(seat) {
  return seatMarks((page.state?.table.seats || []).map((s) => s.name))[seat] || String(seat + 1);
}

/** @param {Drawn} message */
function legalFor(message) {
  return page.replay || page.awaiting !== null ? [] : message.legal || [];
}

/**
 * Each seat's last completed move: the records of its steps up to and including the one the
 * log has a sentence for, so a renderer can mark it on the board until the seat moves again.
 * @param {LogEntry[]} log
 * @returns {LastMoves}
 */
function lastMoves(log) {
  /** @type {LastMoves} */
  const last = new Map();
  /** @type {LastMoves} */
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

/**
 * What a renderer gets: the view and everything needed to draw it and bind moves to it.
 * @param {Drawn} message
 * @returns {RenderContext}
 */
function context(message) {
  const legal = legalFor(message);
  const byText = new Map(legal.map((move) => [move.text, move.action]));
  /** @type {RenderContext} */
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
    seatMark,
    log: page.replay ? page.replay.log : page.log,
    lastMoves: lastMoves(page.replay ? page.replay.log : page.log),
    /**
     * Make node play action when clicked, if it is legal.
     * @template {Element} N
     * @param {N} node
     * @param {string} text
     */
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
     * @template {Element} N
     * @param {N} node
     * @param {string} key
     * @param {number} [level]
     */
    pick(node, key, level = page.selection.includes(key) ? page.selection.indexOf(key) : page.selection.length) {
      node.classList.add("legal");
      node.setAttribute("data-pick", key);
      node.setAttribute("data-pick-level", String(level));
      if (page.selection.includes(key)) node.classList.add("picked");
      return node;
    },
    /**
     * Make node undo the picks made so far (a "change" button of a choice being made).
     * @template {Element} N
     * @param {N} node
     */
    clear(node) {
      node.setAttribute("data-clear", "");
      return node;
    },
    /**
     * Name node as a piece that may move: the same key for the same piece in every drawing.
     * @template {Element} N
     * @param {N} node
     * @param {string} key
     */
    piece(node, key) {
      node.setAttribute("data-piece", key);
      return node;
    },
    /**
     * Name node as a place pieces come from or go to (a deck, a hand, a supply).
     * @template {Element} N
     * @param {N} node
     * @param {string} name
     */
    place(node, name) {
      node.setAttribute("data-place", name);
      return node;
    },
    /**
     * Moves whose text starts with prefix.
     * @param {string} prefix
     */
    startingWith(prefix) {
      return legal.filter((move) => move.text.startsWith(prefix));
    },
  };
  return ctx;
}

/**
 * The seat bar: each seat's colour with its mark on it, its name and what it is doing.
 * @param {StateMessage} message
 */
function drawSeats(message) {
  const box = $("seats");
  box.replaceChildren();
  const clock = message.clock || {};
  const elapsed = (Date.now() - page.clockAt) / 1000;
  const marks = seatMarks(message.table.seats.map((seat) => seat.name));
  message.table.seats.forEach((seat, index) => {
    const classes = ["seat"];
    const active = !message.result && message.active.includes(index);
    if (active) classes.push("active");
    if (index === message.you) classes.push("you");
    // The mark says on the colour which seat it is, so colour is never the only difference; the
    // name beside it says the same to a screen reader.
    const dot = html("span", { class: "dot", style: `background:${seatColour(index)}`, "aria-hidden": "true", text: marks[index] });
    const parts = [dot, seat.name];
    if (index === message.you) parts.push(html("span", { class: "badge", text: "you" }));
    const level = levelLabel(seat);
    if (level) parts.push(html("span", { class: "badge", title: levelOf(seat.bot)?.words, text: level }));
    else if (seat.kind === "bot") parts.push(html("span", { class: "badge" }, "bot", html("span", { class: "detail", text: `: ${seat.bot}` })));
    if (seat.away) parts.push(html("span", { class: "badge away", text: "bot playing for them" }));
    else if (seat.kind === "human" && !seat.connected) parts.push(html("span", { class: "badge offline", text: "not here" }));
    if (seat.overdue && !message.result) parts.push(html("span", { class: "badge away", text: "out of time" }));
    else if (clock[index] !== undefined) {
      const left = Math.max(0, Math.ceil(clock[index] - elapsed));
      parts.push(html("span", { class: "badge", "data-clock": index, title: "time left to move", text: timeLeft(left, message.table.kind === "turn_based") }));
    }
    if (active) parts.push(html("span", { class: "visually-hidden", text: "(to move)" }));
    box.append(html("div", { class: classes.join(" "), "data-seat": index }, ...parts));
  });
}

/**
 * Time left to move: a live clock's seconds ("42s"); a turn-based table's time in words.
 * @param {number} seconds
 * @param {boolean} turnBased
 */
function timeLeft(seconds, turnBased) {
  if (!turnBased) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes ? `${minutes} min left` : `${seconds}s left`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min left`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h left`;
}

/**
 * @param {Drawn} message
 * @param {RenderContext} ctx
 */
function promptText(message, ctx) {
  if (page.replay) return `Replay: step ${page.replay.step} of ${page.replay.total}`;
  if (message.result) {
    const winners = message.result.winners.map((seat) => seatName(seat));
    return winners.length ? `Game over. Winner: ${winners.join(" and ")}.` : "Game over. Nobody won.";
  }
  if (page.awaiting !== null) return "Your move is on its way…";
  if (message.legal.length) {
    const hint = page.renderer.hint ? page.renderer.hint(ctx) : "";
    return `Your turn${hint ? `: ${hint}` : "."}`;
  }
  if (message.current === -1) return "Shuffling and dealing…";
  const waiting = message.active.map(seatName);
  return waiting.length ? `Waiting for ${waiting.join(", ")}…` : "";
}

/** @param {Drawn} message */
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
  const prompt = $("prompt");
  // The prompt is read out when it changes, so a redraw that keeps it must not rewrite it.
  const words = promptText(message, ctx);
  if (prompt.textContent !== words) prompt.textContent = words;
  prompt.classList.toggle("your-turn", Boolean(ctx.legal.length));
  // Sized before it goes in, while the old drawing still holds the page's layout: the page is
  // then laid out once with the new drawing, not once more for its size.
  fitBoard(drawing);
  $("board").replaceChildren(drawing);
  markTargets();
  hints.afterDraw(message, Boolean(page.replay));
  if (focused !== null) restoreFocus(focused);
  document.body.dataset.step = String(message.step);
  document.body.dataset.yourTurn = ctx.legal.length ? "yes" : "no";
  document.body.dataset.selection = page.selection.join("|");
}

/**
 * On a wide window, scale the board down to the height left below the seats and prompt.
 * @param {Element|null} drawing  the board's drawing, by default the one shown
 */
function fitBoard(drawing = $("board").firstElementChild) {
  if (!(drawing instanceof SVGSVGElement)) return;
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

/**
 * A target's move in words: its own tooltip, else the move's text, else what it shows.
 * @param {Element} node
 */
function spoken(node) {
  const tooltip = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  const words = tooltip?.textContent || node.getAttribute("data-move") || node.textContent || "";
  return words.replace(/\s+/g, " ").trim() || (node.hasAttribute("data-clear") ? "change" : "choose");
}

/**
 * What a target does, the same for the equivalent node of a later drawing.
 * @param {Element|null} node
 */
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
 * @param {string} key
 */
function restoreFocus(key) {
  const targets = [.../** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll(TARGETS))];
  const node = targets.find((target) => targetKey(target) === key) || targets[0] || $("board");
  node.focus({ preventScroll: true });
}

/**
 * The smallest box around every clickable part of the board, in viewport coordinates; with
 * withHand, around the player's hand too (the board's place named "hand"), if it has one.
 * @returns {{top: number, bottom: number}|null}
 */
function targetsBox(withHand = false) {
  const nodes = [...$("board").querySelectorAll(TARGETS)];
  if (withHand && nodes.length) nodes.push(...$("board").querySelectorAll('[data-place="hand"]'));
  const boxes = nodes.map((node) => node.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  if (!boxes.length) return null;
  return {
    top: Math.min(...boxes.map((b) => b.top)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
  };
}

/** Bring the current decision's targets (and the prompt, if they fit together) into view. */
function bringTargetsIntoView() {
  const height = window.innerHeight;
  // The hand is part of every decision: it stays in sight with the targets where both fit.
  let box = targetsBox(true);
  if (box && box.bottom - box.top > height) box = targetsBox();
  if (!box) return;
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

/** @param {Drawn} message */
function drawMoves(message) {
  const box = $("moves");
  box.replaceChildren();
  // A renderer may name its moves in words (moveWords), so the list shows no engine codes.
  const moveWords = page.renderer.moveWords;
  const named = moveWords ? context(message) : null;
  for (const move of legalFor(message)) {
    const words = (named && moveWords?.(named, move.text)) || move.text;
    box.append(html("button", { type: "button", "data-action": String(move.action), text: words }));
  }
  $("moves-panel").classList.toggle("hidden", !legalFor(message).length);
}

/** One log line: the sentence the game tells this seat, seats by name and its own as "You".
 * A step whose sense a later sentence carries (a card put on an offer) has no line.
 * @param {LogEntry} entry
 */
function logLine(entry) {
  if (!entry.text) return null;
  /** @type {Object<string, string>} */
  const attrs = { "data-player": String(entry.player) };
  if (!entry.named) attrs.class = "hidden-move";
  return html("li", attrs, entry.text);
}

/**
 * What each line of the log drawn says, in order: a redraw adds only the lines that are new.
 * @type {string[]}
 */
let logDrawn = [];

/**
 * Draw the log: the lines already drawn as they are stay, the rest are drawn anew.
 * @param {LogEntry[]} entries
 */
function drawLog(entries) {
  const list = $("log");
  const undone = new Set(entries.filter((entry) => entry.record?.undo).map((entry) => entry.record?.undid));
  const told = entries.filter((entry) => entry.text);
  const keys = told.map((entry) => JSON.stringify([entry.seq, entry.player, entry.named, entry.text, undone.has(entry.seq)]));
  let kept = 0;
  while (kept < logDrawn.length && kept < keys.length && logDrawn[kept] === keys[kept]) kept += 1;
  if (kept === logDrawn.length && kept === keys.length && list.children.length === kept) return;
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  if (list.children.length !== logDrawn.length) kept = 0;
  while (list.children.length > kept) list.lastElementChild?.remove();
  for (const entry of told.slice(kept)) {
    const line = /** @type {HTMLElement} */ (logLine(entry));
    if (undone.has(entry.seq)) line.classList.add("undone");
    list.append(line);
  }
  logDrawn = keys;
  if (atBottom || page.replay) list.scrollTop = list.scrollHeight;
}

/**
 * The final scores with their unit, the winners said in words, and what decided the game.
 * @param {StateMessage} message
 */
function drawResult(message) {
  const box = $("result");
  if (!message.result) {
    box.classList.add("hidden");
    return;
  }
  const { scores, winners, unit = "points", lines = [] } = message.result;
  $("result-unit").textContent = unit.charAt(0).toUpperCase() + unit.slice(1);
  const marks = seatMarks(message.table.seats.map((seat) => seat.name));
  const rows = message.table.seats.map((seat, index) => {
    const won = winners.includes(index);
    const name = index === message.you ? `${seat.name} (you)` : seat.name;
    return html("tr", { class: won ? "winner" : "" },
      html("td", {}, html("span", { class: "dot", style: `background:${seatColour(index)}`, "aria-hidden": "true", text: marks[index] }), ` ${name}`),
      html("td", { "data-score": index, text: String(scores[index]) }),
      html("td", { text: won ? "★ Winner" : "" }));
  });
  $("result-rows").replaceChildren(...rows);
  $("result-lines").replaceChildren(...lines.map((line) => html("li", { text: line })));
  const statistics = statisticsTable(message.result.statistics, message.table.seats, message.you);
  $("result-statistics").replaceChildren(...(statistics ? [html("h3", { text: "How each player did" }), statistics] : []));
  box.classList.remove("hidden");
  $("replay").classList.remove("hidden");
  const range = $input("replay-range");
  range.max = String(message.step);
  if (!page.replay) {
    range.value = String(message.step);
    $("replay-step").textContent = replayLabel(message.step);
  }
}

/** @param {StateMessage} message */
function drawAway(message) {
  const mine = message.you === null ? null : message.table.seats[message.you];
  $("away-banner").classList.toggle("hidden", !(mine && mine.away && !message.result));
}

function render({ board = true } = {}) {
  const message = page.state;
  if (!message) return;
  /** @type {Drawn} */
  const shown = page.replay ? { ...message, ...page.replay, legal: [], table: message.table } : message;
  const kind = message.table.kind === "turn_based" ? ` · ${kindWords(message.table)}` : "";
  $("game-title").replaceChildren(message.table.title, html("span", { class: "table-id", text: ` · table ${message.table.id}${kind}` }));
  drawSeats(message);
  if (board) drawBoard(shown);
  // A player with the table in a background tab sees from the tab itself that it is their turn.
  const yourTurn = document.body.dataset.yourTurn === "yes" ? "● Your turn · " : "";
  document.title = `${yourTurn}${message.table.title} · meja`;
  if (board) drawMoves(shown);
  drawLog(page.replay ? page.replay.log : page.log);
  drawResult(message);
  drawAway(message);
  drawTools(message);
  drawTimeout(message);
  drawRematch(message);
  chat.table(message);
  $("notice-toggle").classList.toggle("hidden", message.you === null || Boolean(message.result));
}

/**
 * What a choice about a seat out of time does, in words: about another seat, or one's own.
 * @param {import("./types.js").TimeoutChoice} choice
 * @param {number} seat
 * @param {StateMessage} message
 */
function choiceWords(choice, seat, message) {
  const more = perMove(message.table.move_time || 86400);
  const own = seat === message.you;
  if (choice === "wait") return own ? `Give me ${more} more` : `Wait ${more} more for ${seatName(seat)}`;
  if (choice === "bot") return own ? "Let a bot play for me" : `Let a bot play for ${seatName(seat)}`;
  return "End the game (nobody wins)";
}

/**
 * At a turn-based table, a seat whose time ran out: the people at the table choose what now.
 * @param {StateMessage} message
 */
function drawTimeout(message) {
  const banner = $("timeout-banner");
  const overdue = message.result ? [] : message.overdue || [];
  const choices = message.choices || [];
  if (!overdue.length) {
    banner.classList.add("hidden");
    $("timeout-choices").replaceChildren();
    delete $("timeout-choices").dataset.key;
    return;
  }
  const names = overdue.map((seat) => (seat === message.you ? "you" : seatName(seat)));
  const own = overdue.length === 1 && overdue[0] === message.you;
  const whose = own ? "Your time to move ran out" : `The time to move ran out for ${names.join(" and ")}`;
  $("timeout-words").textContent = choices.length
    ? `${whose}. ${own ? "You may still move, or choose" : "What now? Anyone at the table may choose"}:`
    : `${whose}; the players choose whether to wait on, let a bot play or end the game.`;
  const key = JSON.stringify([overdue, choices]);
  const box = $("timeout-choices");
  if (box.dataset.key !== key) {
    box.dataset.key = key;
    const buttons = overdue.flatMap((seat) => choices.map((choice) => {
      const button = html("button", { type: "button", class: choice === "end" ? "secondary danger" : choice === "wait" ? "" : "secondary", "data-timeout": choice, "data-seat": seat, text: choiceWords(choice, seat, message) });
      button.addEventListener("click", () => {
        if (!connection.send({ type: "timeout", seat, choice })) showError("Not connected; reconnecting…");
      });
      return button;
    }));
    // The end of the game is one choice for all, whoever is late.
    const seen = new Set();
    box.replaceChildren(...buttons.filter((button) => {
      const what = button.dataset.timeout === "end" ? "end" : `${button.dataset.timeout} ${button.dataset.seat}`;
      if (seen.has(what)) return false;
      seen.add(what);
      return true;
    }));
  }
  banner.classList.remove("hidden");
}

let rematching = false;

/**
 * At the end: Play again for the people at the table, which makes the new table (or joins the
 * one another player made) and moves this person there by their own new link; a spectator is
 * pointed to the new table once there is one.
 * @param {StateMessage} message
 */
function drawRematch(message) {
  const banner = $("rematch-banner");
  const next = message.table.rematch || null;
  if (!message.result || (message.you === null && !next)) {
    banner.classList.add("hidden");
    return;
  }
  const button = $button("rematch-button");
  const link = /** @type {HTMLAnchorElement} */ ($("rematch-link"));
  if (message.you === null) {
    $("rematch-words").textContent = "The players are playing again at a new table.";
    link.href = `/t/${encodeURIComponent(/** @type {string} */ (next))}`;
    link.classList.remove("hidden");
    button.classList.add("hidden");
  } else {
    const friends = message.table.seats.some((seat, index) => seat.kind === "human" && index !== message.you);
    $("rematch-words").textContent = next
      ? "A player asked to play again: a new table with the same seats and options is waiting for you."
      : `Play again with the same seats, bots and options?${friends ? " The others are offered to join you there." : ""}`;
    button.textContent = next ? "Join the new table" : "Play again";
    button.disabled = rematching;
    button.classList.remove("hidden");
    link.classList.add("hidden");
  }
  banner.classList.remove("hidden");
}

/** Ask for this seat's place at the table played again, and go there by its own new link. */
async function playAgain() {
  if (!token || rematching) return;
  rematching = true;
  $button("rematch-button").disabled = true;
  try {
    /** @type {{id: string, seat: number, token: string, join_url: string, table: import("./types.js").TableSummary}} */
    const seat = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    rememberSeat({ table: seat.id, seat: seat.seat, token: seat.token, title: seat.table.title, url: seat.join_url });
    location.assign(seat.join_url);
  } catch (/** @type {any} */ error) {
    rematching = false;
    $button("rematch-button").disabled = false;
    showError(error.message);
  }
}

/**
 * Undo while this seat may take a move back, the table's pace, and the sound switch.
 * @param {StateMessage} message
 */
function drawTools(message) {
  const live = !page.replay && !message.result;
  $("undo-button").classList.toggle("hidden", !(live && message.undo));
  const select = $select("pace");
  const pace = message.table.pace || "normal";
  if (select.value !== pace) select.value = pace;
  select.disabled = message.you === null || Boolean(message.result);
  const toggle = $("sound-toggle");
  const off = sound.muted();
  toggle.textContent = off ? "Sound off" : "Sound on";
  toggle.setAttribute("aria-pressed", String(!off));
}

/** @param {string} name */
async function loadRenderer(name) {
  offerRules(name);
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

/** @type {string|null} */
let rendererFor = null;
let pumping = false;
/** @type {(() => void)|null} */
let wake = null;

/** The table's pace: how long each step stays on screen before the next is drawn, in ms. */
function paceMs() {
  const pace = page.state?.table.pace || "normal";
  return page.paces[pace] ?? page.paces.normal ?? 800;
}

/**
 * A renderer's hold at the table's pace: holds are made for the normal pace, so a relaxed table
 * looks longer at a round's end or a sheep turned back, and a fast one shorter.
 * @param {number} ms  the hold at the normal pace
 */
function holdAtPace(ms) {
  const normal = page.paces.normal ?? 800;
  return normal > 0 ? (ms * paceMs()) / normal : 0;
}

/**
 * Whether message shows this seat anything new: a changed view or a new sentence in the log.
 * @param {StateMessage} message
 */
function showsSomethingNew(message) {
  const known = page.log.length;
  if (message.log.some((entry) => entry.seq >= known && entry.text)) return true;
  return JSON.stringify(message.view) !== JSON.stringify(page.state?.view);
}

/**
 * How long message must wait before it is drawn: a step of another seat waits for the step
 * shown before it to have had the table's pace (and its motion) on screen.
 * @param {StateMessage} message
 */
function dueIn(message) {
  if (!page.state || page.pending || page.catchingUp || page.replay) return 0;
  if (message.step <= page.state.step || !showsSomethingNew(message)) return 0;
  return page.shownAt + page.holdMs - Date.now();
}

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
function nap(ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => { clearTimeout(timer); resolve(); };
  });
}

/** Wake the queue now: the player moved, or asked to catch up. */
function hurry() {
  wake?.();
  wake = null;
}

/** @param {StateMessage} message */
function onState(message) {
  // A turn that begins while the page is hidden is told by a notice, if the person asked for it.
  const latest = page.queue.length ? page.queue[page.queue.length - 1] : page.state;
  if (message.legal.length && !message.result && !(latest && latest.legal.length)) {
    const others = message.table.seats.filter((_seat, index) => index !== message.you).map((seat) => seat.name);
    notices.turnBegan(message.table.title, message.table.id, others);
  }
  page.received.push(message.step);
  page.queue.push(message);
  pump();
}

/** Draw the queued states one at a time, in order, each at the table's pace. */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (page.queue.length) {
      const next = page.queue[0];
      if (rendererFor !== next.table.game) {
        rendererFor = next.table.game;
        await loadRenderer(rendererFor);
      }
      if (page.catchingUp && page.queue.length > 1) {
        absorb(/** @type {StateMessage} */ (page.queue.shift()));
        continue;
      }
      const wait = dueIn(next);
      drawCatchUp();
      if (wait > 0) {
        // Look again at least every quarter second: a new pace or hold counts at once.
        await nap(Math.min(wait, 250));
        continue;
      }
      show(/** @type {StateMessage} */ (page.queue.shift()));
    }
  } catch (error) {
    console.error(error);
  } finally {
    pumping = false;
    page.catchingUp = false;
    drawCatchUp();
  }
}

/**
 * Take a state's log and facts without drawing it (catching up draws only the last).
 * @param {StateMessage} message
 */
function absorb(message) {
  settle(message);
  page.log.splice(message.log_start, page.log.length, ...message.log);
  page.state = message;
}

/**
 * Draw one state, with motion from the one before, and start its time on screen.
 * @param {StateMessage} message
 */
function show(message) {
  const before = page.state;
  const board = $("board");
  if (before && !page.replay && message.step === before.step && !page.pending
      && movesKey(message) === movesKey(before) && !showsSomethingNew(message)
      && Boolean(message.result) === Boolean(before.result)) {
    // Only the table around the board changed (a seat came or went, the pace): the board and
    // whatever moves on it are left alone. A game its people ended early is drawn anew: over.
    page.state = message;
    page.clockAt = Date.now();
    page.log.splice(message.log_start, page.log.length, ...message.log);
    render({ board: false });
    return;
  }
  motion.finishAll(board);
  const moving = before && !page.replay && !page.catchingUp;
  const fresh = !before || showsSomethingNew(message);
  const snap = moving ? motion.snapshot(board) : null;
  const known = page.log.length;
  const decision = movesKey(message);
  const newDecision = !before || movesKey(before) !== decision;
  // The answer to the player's own move starts a decision even when it offers the same moves.
  const answered = settle(message);
  if (newDecision) page.selection = [];
  page.state = message;
  page.clockAt = Date.now();
  page.log.splice(message.log_start, page.log.length, ...message.log);
  render();
  const steps = message.log.filter((entry) => entry.seq >= known);
  const change = {
    before: before?.view, view: message.view, steps, you: message.you,
    numPlayers: message.table.num_players, components: page.components,
  };
  const moved = snap ? motion.animate(board, snap, page.renderer, change, motion.duration(paceMs())) : 0;
  if ((newDecision || answered) && message.legal.length) bringTargetsIntoView();
  const hold = message.you === null ? 0 : holdAtPace(page.renderer.holdMs?.(message.view) || 0);
  page.shownAt = Date.now();
  page.holdMs = Math.max(paceMs(), moved, hold);
  page.shown.push({ step: message.step, at: performance.now(), own: answered, fresh, queued: page.queue.length });
  if (message.legal.length && !before?.legal.length) sound.play("turn");
  else if (steps.some((entry) => entry.text && entry.player !== message.you)) sound.play("move");
}

/**
 * Whether message answers what this page sent, which then is no longer pending: a move is
 * answered by the first state whose log holds a step of this seat from where it was sent on
 * (another seat's step can come first), a take-back by the next state.
 * @param {StateMessage} message
 */
function settle(message) {
  if (!page.pending) return false;
  const from = page.awaiting;
  if (from !== null && !message.log.some((entry) => entry.seq >= from && entry.player === message.you)) return false;
  page.pending = false;
  page.awaiting = null;
  return true;
}

/** Where the log ends in the latest state received, drawn or not. */
function logEnd() {
  const latest = page.queue.length ? page.queue[page.queue.length - 1] : page.state;
  return latest ? latest.log_start + latest.log.length : 0;
}

/** The catch-up control: shown while steps wait to be drawn, with how many. */
function drawCatchUp() {
  const button = $("catch-up");
  const waiting = page.queue.length;
  button.classList.toggle("hidden", !waiting);
  button.textContent = waiting === 1 ? "Catch up (1 step)" : `Catch up (${waiting} steps)`;
}

/** Jump to the present: every queued step is taken into the log, the last one drawn. */
function catchUp() {
  if (!page.queue.length) return;
  page.catchingUp = true;
  motion.finishAll($("board"));
  hurry();
  pump();
}

/**
 * The player's own legal moves: a selection in progress stays while these stay the same.
 * @param {StateMessage} message
 */
function movesKey(message) {
  return JSON.stringify(message.legal.map((move) => [move.action, move.text]));
}

/**
 * Set the picks made towards a move, redraw, and keep what can be clicked next in view.
 * @param {string[]} selection
 */
function choose(selection) {
  page.selection = selection;
  // A pick changes only the board and its list of moves; the seats, the log and the rest stay.
  const message = page.state;
  if (message) {
    drawBoard(message);
    drawMoves(message);
  }
  bringTargetsIntoView();
}

/** @type {number|undefined} */
let errorTimer;

/**
 * Someone came or went: mark the seats of the state shown and of those queued, and redraw the
 * seat bar alone.
 * @param {import("./types.js").PresenceMessage} message
 */
function onPresence(message) {
  for (const state of [page.state, ...page.queue]) {
    state?.table.seats.forEach((seat, index) => { seat.connected = message.seats[index]?.connected ?? seat.connected; });
  }
  if (page.state && !page.replay) render({ board: false });
}

/** @param {string} text */
function showError(text) {
  $("error").textContent = text;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { $("error").textContent = ""; }, 6000);
}

const chat = setUpChat({ tableId, token });

const connection = new TableConnection(
  tableId,
  token,
  (message) => {
    if (message.type === "state") {
      // States are drawn strictly in order, at the table's pace, once the renderer is loaded.
      onState(message);
    }
    if (message.type === "chat") chat.message(message.message);
    else if (message.type === "chat_log") chat.log(message.messages);
    else if (message.type === "presence") onPresence(message);
    else if (message.type === "welcome") {
      // A new socket: whether a move sent on the old one was played, the state that follows shows.
      page.pending = false;
      page.awaiting = null;
      if (token && message.seat !== null) rememberSeat({ table: tableId, seat: message.seat, token, title: message.table.title, url: location.href });
    } else if (message.type === "error") {
      const wasPending = page.pending;
      page.pending = false;
      page.awaiting = null;
      showError(message.message);
      if (wasPending && page.state) render();
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

/** @param {number} action */
function play(action) {
  if (page.pending || !page.state) return;
  page.pending = connection.send({ type: "move", action, step: page.state.step });
  if (!page.pending) {
    showError("Not connected; reconnecting…");
    return;
  }
  page.awaiting = logEnd();
  // The move shows as made at once; its answer is drawn as soon as it comes, or a refusal
  // puts the board back as it was.
  for (const node of document.querySelectorAll(`[data-action="${action}"]`)) node.classList.add("sending");
  hurry();
}

/** Ask to take back this seat's last move; the server says why when it may not. */
function undo() {
  if (page.pending || !page.state || page.replay || page.state.you === null || page.state.result) return;
  page.pending = connection.send({ type: "undo", step: page.state.step });
  if (!page.pending) showError("Not connected; reconnecting…");
  else hurry();
}

/**
 * Any seated person may change the table's pace; everyone's page follows it.
 * @param {string} pace
 */
function choosePace(pace) {
  if (!connection.send({ type: "pace", pace })) showError("Not connected; reconnecting…");
}

/**
 * Play, pick or clear with a target of the board, whether clicked or pressed with a key.
 * @param {Element|null} node
 */
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
  const key = /** @type {string} */ (node.getAttribute("data-pick"));
  const level = Number(node.getAttribute("data-pick-level"));
  const undo = page.selection[level] === key;
  choose([...page.selection.slice(0, level), ...(undo ? [] : [key])]);
}

/**
 * Enter or Space on a focused target does what a click does; a real button clicks itself.
 * @param {KeyboardEvent} event
 */
function onBoardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const node = /** @type {Element} */ (event.target).closest(TARGETS);
  if (!node || node.tagName.toLowerCase() === "button") return;
  event.preventDefault();
  if (!event.repeat) activate(node);
}

/**
 * The turns of the finished game: each runs from one seat's move to the next seat's, with the
 * chance steps after it; its end is the frame that shows it done.
 * @param {LogEntry[]} log
 */
function turnsOf(log) {
  /** @type {{start: number, end: number, player: number}[]} */
  const turns = [];
  for (const [index, entry] of log.entries()) {
    const last = turns.length ? turns[turns.length - 1] : undefined;
    if (entry.player >= 0 && entry.player !== last?.player) turns.push({ start: index, end: index + 1, player: entry.player });
    else if (last) last.end = index + 1;
  }
  return turns;
}

/**
 * Where the replay is, in words: "Step 57 of 143 · Turn 12 of 36 · Bot 2".
 * @param {number} step
 */
function replayLabel(step) {
  // Only a finished game, whose state is on the page, is replayed.
  const state = /** @type {StateMessage} */ (page.state);
  const turns = turnsOf(page.log);
  const steps = `Step ${step} of ${state.step}`;
  if (step === 0) return `${steps} · before the first move`;
  const index = turns.findIndex((turn) => turn.start < step && step <= turn.end);
  if (index < 0) return `${steps} · setting up`;
  const seat = turns[index].player;
  const who = seat === state.you ? `${seatName(seat)} (you)` : seatName(seat);
  return `${steps} · Turn ${index + 1} of ${turns.length} · ${who}`;
}

let replayAsked = 0;

/** @param {number} step */
async function showReplay(step) {
  const state = /** @type {StateMessage} */ (page.state);
  const total = state.step;
  const wanted = Math.max(0, Math.min(total, step));
  const asked = ++replayAsked;
  /** @type {ReplayFrame|null} */
  let frame = null;
  if (wanted !== total) {
    const seat = state.you === null ? "" : `?seat=${state.you}`;
    try {
      frame = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${wanted}${seat}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    } catch (/** @type {any} */ error) {
      showError(error.message);
      return;
    }
  }
  // A later press has asked for another frame meanwhile: that one is shown, not this.
  if (asked !== replayAsked) return;
  page.replay = frame;
  chat.replay(frame?.chat ?? null);
  $input("replay-range").value = String(wanted);
  $("replay-step").textContent = replayLabel(wanted);
  render();
}

/**
 * Show the replay a step on or back (delta 1 or -1), a whole turn with byTurn, or an end.
 * @param {number|"start"|"end"} delta
 */
function replayStep(delta, byTurn = false) {
  const state = /** @type {StateMessage} */ (page.state);
  const at = page.replay ? page.replay.step : state.step;
  if (delta === "start" || delta === "end") {
    showReplay(delta === "start" ? 0 : state.step);
  } else if (byTurn) {
    const ends = turnsOf(page.log).map((turn) => turn.end);
    const next = delta > 0 ? ends.find((end) => end > at) : ends.findLast((end) => end < at);
    showReplay(next ?? (delta > 0 ? state.step : 0));
  } else {
    showReplay(at + delta);
  }
}

/**
 * The target a press on the board began on. A step of another seat may draw the board anew
 * between a press and its release; the browser then sends no click, as the pressed node is gone,
 * and the release does the tap on the same target of the new drawing.
 */
let pressed = /** @type {Element | null} */ (null);

$("board").addEventListener("pointerdown", (event) => {
  pressed = event.button === 0 ? /** @type {Element} */ (event.target).closest(TARGETS) : null;
});
$("board").addEventListener("pointerup", (event) => {
  const before = pressed;
  pressed = null;
  if (!before || before.isConnected) return; // the click that follows does it
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest(TARGETS) ?? null;
  if (under && targetKey(under) === targetKey(before)) activate(under);
});
$("board").addEventListener("click", (event) => activate(/** @type {Element} */ (event.target).closest(TARGETS)));
$("board").addEventListener("keydown", onBoardKey);
$("moves").addEventListener("click", (event) => {
  const button = /** @type {Element} */ (event.target).closest("[data-action]");
  if (button) play(Number(button.getAttribute("data-action")));
});
$("back-button").addEventListener("click", () => connection.send({ type: "back" }));
$("rematch-button").addEventListener("click", () => playAgain());
notices.setUpNotices($button("notice-toggle"), (words) => {
  const said = $("notice-said");
  said.textContent = words;
  said.classList.remove("hidden");
  setTimeout(() => said.classList.add("hidden"), 8000);
});
$("undo-button").addEventListener("click", () => undo());
$("catch-up").addEventListener("click", () => catchUp());
$("pace").addEventListener("change", (event) => choosePace(/** @type {HTMLSelectElement} */ (event.target).value));
$("sound-toggle").addEventListener("click", () => {
  sound.setMuted(!sound.muted());
  if (page.state) drawTools(page.state);
});
for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, () => sound.unlock(), { once: true });
$("replay-start").addEventListener("click", () => replayStep("start"));
$("replay-back").addEventListener("click", () => replayStep(-1));
$("replay-next").addEventListener("click", () => replayStep(1));
$("replay-turn-back").addEventListener("click", () => replayStep(-1, true));
$("replay-turn-next").addEventListener("click", () => replayStep(1, true));
$("replay-end").addEventListener("click", () => replayStep("end"));
$("replay-range").addEventListener("change", (event) => showReplay(Number(/** @type {HTMLInputElement} */ (event.target).value)));
document.addEventListener("keydown", (event) => {
  const target = /** @type {Element} */ (event.target);
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z" && target.tagName !== "INPUT") {
    event.preventDefault();
    undo();
    return;
  }
  if (event.key === "Escape" && page.selection.length && !page.replay) {
    choose([]);
    return;
  }
  if (!page.state?.result || target.tagName === "INPUT") return;
  if (event.key === "ArrowLeft") replayStep(-1, event.shiftKey);
  if (event.key === "ArrowRight") replayStep(1, event.shiftKey);
});
WIDE.addEventListener("change", () => render());
window.addEventListener("resize", () => fitBoard());
setInterval(() => {
  if (page.state?.clock && Object.keys(page.state.clock).length) drawSeats(page.state);
}, 1000);

/** The page's parts, for anyone checking it (tests read them). */
/** @type {any} */ (window).meja = { connection, page, render, choose, motions: motion.journal, catchUp, logDrawerOpen: setUpLogDrawer(), chatOpen: chat.isOpen };
hints.install({
  tableId,
  token,
  fit: () => fitBoard(),
  picks: () => page.selection,
  queued: () => page.queue.length,
  /**
   * The board as it would be drawn with other picks, for finding the clicks of a move.
   * @param {string[]} selection
   */
  drawWith(selection) {
    const kept = page.selection;
    page.selection = selection;
    try {
      return page.renderer.draw(context(/** @type {StateMessage} */ (page.state)));
    } finally {
      page.selection = kept;
    }
  },
});
sound.setMuted(sound.muted());
// The paces and the bot levels are the server's to say; the table is joined once they are known
// (or not to be had: a bot seat then shows its spec).
Promise.allSettled([
  api("/api/limits").then((limits) => {
    chat.limits(limits);
    if (limits.paces) page.paces = Object.fromEntries(Object.entries(limits.paces).map(([name, seconds]) => [name, seconds * 1000]));
  }),
  loadBots(),
]).finally(() => connection.connect());
