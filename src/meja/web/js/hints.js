// @ts-check
// Hints on the table page: the Hint button asks the server for the heuristic bot's move for
// this seat, worked out from what the seat may see, and shows it in words with the move marked
// on the board. At a guided table ("Learn to play") the hint comes by itself at every decision,
// under a banner saying which game is being learnt.

import { api } from "./api.js";
import { html } from "./svg.js";

/** @typedef {import("./types.js").DrawnState} Drawn */
/** @typedef {import("./types.js").TableSummary} TableSummary */
/** @typedef {import("./types.js").Hint} Hint */
/** @typedef {import("./api.js").ApiError} ApiError */

/**
 * The page's element of this id, or null where the page has none.
 * @param {string} id
 */
const $ = (id) => document.getElementById(id);
/** The Hint button, where the page has one. */
const hintButton = () => /** @type {HTMLButtonElement|null} */ ($("hint-button"));
const TARGETS = "[data-action], [data-pick], [data-clear]";
/** Picks a move of several clicks may take at most: the chains of picks explored to find it. */
const MOST_PICKS = 4;

/**
 * @typedef {object} HintState
 * @property {string} tableId
 * @property {string|null} token
 * @property {string} decision
 * @property {string} asked
 * @property {Hint|null} hint
 * @property {Drawn|null} message
 * @property {string} status
 * @property {((selection: string[]) => Element)|null} drawWith
 * @property {() => string[]} picks
 * @property {() => number} queued
 * @property {(() => void)|null} fit
 * @property {boolean} guided
 */

/** @type {HintState} */
const state = {
  tableId: "",
  token: null,
  decision: "", // the decision the hint on show is for: this seat's legal moves
  asked: "", // the decision a hint was last asked for
  hint: null, // the hint on show: { action, move, why }
  message: null, // the state message last drawn
  status: "", // "asking" while a hint asked for by a person is on its way, else an error to show
  drawWith: null, // draws the board as it would look with given picks, without showing it
  picks: () => [], // the picks made so far towards a move of several clicks
  queued: () => 0, // states received and not yet drawn: the decision drawn is not the latest
  fit: null, // fits the board to the window again, once the hint takes room above it
  guided: false,
};

/** The seat's decision now: what it sees and may do, so a hint stays while both stay the same
 * (another seat's secret choice changes neither) and goes with the next step that changes them. */
/** @param {Drawn} message */
function decisionOf(message) {
  return JSON.stringify([message.view, (message.legal || []).map((move) => move.action)]);
}

/**
 * @param {Drawn|null} message
 * @returns {message is Drawn}
 */
function live(message) {
  return Boolean(message && message.you !== null && !message.result && message.legal?.length);
}

/**
 * Take the table page's ids and its board drawing; add the hint's box and the banner.
 * @param {{tableId: string, token: string|null, drawWith: (selection: string[]) => Element,
 *   picks: () => string[], queued: () => number, fit: () => void}} page
 */
export function install({ tableId, token, drawWith, picks, queued, fit }) {
  Object.assign(state, { tableId, token, drawWith, picks, queued, fit });
  hintButton()?.addEventListener("click", () => ask(true));
  const line = document.querySelector(".turn-line");
  if (line && !$("hint-box")) {
    line.after(html("div", { class: "hint-box hidden", id: "hint-box", role: "status", "aria-live": "polite" },
      html("span", { class: "hint-label", text: "Hint" }),
      html("span", { class: "hint-text" },
        html("strong", { class: "hint-move", id: "hint-move" }),
        " ",
        html("span", { class: "hint-why", id: "hint-why" }))));
  }
}

/**
 * Called after every drawing of the board: keep the hint for this decision, drop an old one,
 * ask for one at a guided table, and mark the hinted move on the new drawing.
 * @param {Drawn} message
 * @param {boolean} replaying
 */
export function afterDraw(message, replaying) {
  state.message = message;
  const table = message.table;
  state.guided = Boolean(table.guided);
  drawBanner(table);
  const offered = Boolean(table.hints) && !replaying && live(message);
  const decision = offered ? decisionOf(message) : "";
  if (decision !== state.decision) {
    state.decision = decision;
    state.asked = "";
    state.hint = null;
    state.status = "";
  }
  const button = hintButton();
  if (button) {
    // Without hints, or with them shown anyway, the button takes no room; else it keeps its
    // room while hidden, as Undo does, so the board does not shift.
    button.hidden = !table.hints || state.guided || message.you === null;
    button.classList.toggle("hidden", !offered || state.guided);
    button.disabled = Boolean(state.hint) || state.asked === decision;
  }
  // A guided table asks for the latest decision only: one drawn while later states wait to
  // be drawn is about to change.
  if (offered && state.guided && state.asked !== decision && !state.queued()) ask(false);
  show();
}

/** @param {TableSummary} table */
function drawBanner(table) {
  const shown = $("guided-banner");
  if (!table.guided) {
    shown?.remove();
    return;
  }
  if (shown) return;
  const banner = html("div", { class: "banner guided-banner", id: "guided-banner", role: "note" },
    html("strong", { text: `Learning ${table.title}` }),
    html("span", { text: "A first game against a bot, with a hint at each of your turns. Follow the violet move, or play your own: the hints follow the game." }));
  const section = document.querySelector(".table-layout > section");
  section?.prepend(banner);
}

/**
 * Ask the server for this decision's hint; said is whether a person pressed Hint.
 * @param {boolean} said
 */
async function ask(said) {
  const message = state.message;
  if (!live(message) || !state.token) return;
  const decision = decisionOf(message);
  state.asked = decision;
  const button = hintButton();
  if (button) button.disabled = true;
  if (said) {
    state.status = "asking";
    show();
  }
  /** @type {Hint} */
  let hint;
  try {
    hint = await api(`/api/tables/${encodeURIComponent(state.tableId)}/hint`, {
      method: "POST",
      body: "{}",
      headers: { authorization: `Bearer ${state.token}` },
    });
  } catch (/** @type {any} */ caught) {
    /** @type {ApiError} */
    const error = caught;
    // The decision moved on meanwhile (a move, a bot): the next drawing asks again if guided.
    if (state.decision === decision) {
      state.asked = "";
      state.status = said || error.code === "no_hints" ? error.message : "";
      if (button) button.disabled = false;
      show();
    }
    return;
  }
  if (state.decision !== decision || !/** @type {Drawn} */ (state.message).legal.some((move) => move.action === hint.action)) return;
  state.hint = hint;
  state.status = "";
  show();
}

/**
 * @param {string} move
 * @param {string} why
 */
function showWords(move, why) {
  const box = $("hint-box");
  if (!box) return;
  const before = box.classList.contains("hidden");
  /** @type {HTMLElement} */ ($("hint-move")).textContent = move;
  /** @type {HTMLElement} */ ($("hint-why")).textContent = why;
  box.classList.toggle("hidden", !move && !why);
  if (before !== box.classList.contains("hidden")) state.fit?.();
}

/** Show the hint on show, or nothing, and mark its move. */
function show() {
  const hint = state.hint;
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
  for (const node of document.querySelectorAll(".hint-on")) node.classList.remove("hint-on");
  document.body.dataset.hint = hint ? String(hint.action) : "";
  if (!hint) {
    // A guided table keeps its box for the whole game, so the board does not jump.
    const message = state.message;
    if (state.guided && message && !message.result && message.you !== null) {
      showWords(live(message) ? "Working out a hint…" : "The next hint comes with your turn.", "");
    } else if (state.status === "asking" && live(message)) {
      showWords("Working out a hint…", "");
    } else {
      showWords(state.status, "");
    }
    return;
  }
  showWords(`${hint.move}.`, hint.why);
  for (const node of document.querySelectorAll(`#moves [data-action="${hint.action}"]`)) node.classList.add("hinted");
  const node = boardTarget(hint.action);
  if (!node) return;
  node.classList.add("hinted");
  const shape = [...node.querySelectorAll(".hl")].find((hl) => hl.closest(TARGETS) === node);
  (shape || node).classList.add("hint-on");
}

/** The board's node to click next for action: the move itself, or the first pick of the
 * shortest chain of picks that leads to it from the picks made so far. */
/**
 * @param {number} action
 * @returns {Element|null}
 */
function boardTarget(action) {
  const board = /** @type {HTMLElement} */ ($("board"));
  const direct = board.querySelector(`[data-action="${action}"]`);
  if (direct || !state.drawWith) return direct;
  const first = firstPick(board, [...state.picks()], action);
  if (!first) return null;
  return [...board.querySelectorAll("[data-pick]")].find((node) =>
    node.getAttribute("data-pick") === first.pick && node.getAttribute("data-pick-level") === first.level) || null;
}

/**
 * The picks a drawing offers from picks: each with the picks it leads to.
 * @param {Element} drawing
 * @param {string[]} picks
 * @returns {{pick: string, level: string, next: string[]}[]}
 */
function picksOn(drawing, picks) {
  const out = [];
  for (const node of drawing.querySelectorAll("[data-pick]")) {
    const pick = /** @type {string} */ (node.getAttribute("data-pick"));
    const level = /** @type {string} */ (node.getAttribute("data-pick-level"));
    const at = Number(level);
    if (picks[at] === pick) continue; // clicking it again would drop the pick
    out.push({ pick, level, next: [...picks.slice(0, at), pick] });
  }
  return out;
}

/** The first click of the fewest picks from the drawing shown (with picks made) to a drawing
 * that offers action, found breadth first over drawings made aside; null if none does. */
/**
 * @param {Element} drawing
 * @param {string[]} picks
 * @param {number} action
 */
function firstPick(drawing, picks, action) {
  const drawWith = state.drawWith;
  if (!drawWith) return null;
  let frontier = picksOn(drawing, picks).map((step) => ({ first: step, next: step.next }));
  const seen = new Set([JSON.stringify(picks)]);
  for (let depth = 0; depth < MOST_PICKS && frontier.length; depth++) {
    const later = [];
    for (const { first, next } of frontier) {
      const key = JSON.stringify(next);
      if (seen.has(key)) continue;
      seen.add(key);
      let drawn;
      try {
        drawn = drawWith(next);
      } catch {
        continue;
      }
      if (drawn.querySelector(`[data-action="${action}"]`)) return first;
      for (const step of picksOn(drawn, next)) later.push({ first, next: step.next });
    }
    frontier = later;
  }
  return null;
}
