// @ts-check
// The lobby's "Your tables": every table this browser holds a seat link for (the seat taken
// when a table is made here, any seat link opened here, a seat at a table played again), with
// its game, players, kind and whose turn it is, the tables where it is your turn first. Each
// table's state is asked with its seat's token, so "your turn" is the server's own answer.

import { api, mySeats } from "./api.js";
import { seatWithLevel } from "./bot_levels.js";
import { html } from "./svg.js";

/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").RememberedSeat} RememberedSeat */
/** @typedef {import("./types.js").TableSummary} TableSummary */

/**
 * @typedef {object} Held
 * @property {RememberedSeat} seat
 * @property {StateMessage} state  the state the seat is sent now
 */

/** Tables known to be gone (an unknown table): not asked again while the lobby is open. */
/** @type {Set<string>} */
const gone = new Set();
/** Finished tables do not change: their last state is kept. */
/** @type {Map<string, StateMessage>} */
const finished = new Map();

/**
 * A time per move in words: "an hour", "3 hours", "a day", "2 days".
 * @param {number} seconds
 */
export function perMove(seconds) {
  const hours = Math.round(seconds / 3600);
  if (hours < 24 || hours % 24) return hours === 1 ? "an hour" : `${hours} hours`;
  const days = hours / 24;
  return days === 1 ? "a day" : `${days} days`;
}

/**
 * A table's kind in words: "live", "turn-based, a day a move".
 * @param {TableSummary|{kind?: string, move_time?: number|null}} table
 */
export function kindWords(table) {
  if (table.kind !== "turn_based") return "live";
  return table.move_time ? `turn-based, ${perMove(table.move_time)} a move` : "turn-based";
}

/**
 * Whose turn it is at the table, as the seat reads it.
 * @param {StateMessage} state
 */
function whoseTurn(state) {
  if (state.result || state.table.finished) return state.result?.ended_early ? "ended early" : "finished";
  if (state.legal.length || (state.you !== null && state.active.includes(state.you))) return "your turn";
  const names = state.active.map((seat) => state.table.seats[seat]?.name).filter(Boolean);
  if (!names.length) return "in play";
  return `${names.join(" and ")}'s turn`;
}

/**
 * The time left to move at a turn-based table, in words ("23 h left"), or "".
 * @param {StateMessage} state
 */
function left(state) {
  const deadline = state.you === null ? undefined : state.deadlines?.[String(state.you)];
  if (deadline === undefined) return "";
  const minutes = Math.max(0, Math.floor((deadline - Date.now() / 1000) / 60));
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h left` : `${Math.floor(hours / 24)} d ${hours % 24} h left`;
}

/** @param {Held} held */
function rank(held) {
  const turn = whoseTurn(held.state);
  if (turn === "your turn") return 0;
  if (held.state.result || held.state.table.finished) return 2;
  return 1;
}

/**
 * The states of the tables this browser holds seats at, one per table (its latest seat).
 * @returns {Promise<Held[]>}
 */
async function load() {
  /** @type {Map<string, RememberedSeat>} */
  const byTable = new Map();
  for (const seat of mySeats()) if (!byTable.has(seat.table) && !gone.has(seat.table)) byTable.set(seat.table, seat);
  const held = await Promise.all([...byTable.values()].map(async (seat) => {
    const known = finished.get(seat.table);
    if (known) return { seat, state: known };
    try {
      /** @type {StateMessage} */
      const state = await api(`/api/tables/${encodeURIComponent(seat.table)}/state`, {
        headers: { authorization: `Bearer ${seat.token}` },
      });
      if (state.table.finished) finished.set(seat.table, state);
      return { seat, state };
    } catch (/** @type {any} */ error) {
      if (error.code === "unknown_table" || error.code === "bad_token") gone.add(seat.table);
      return null;
    }
  }));
  const found = /** @type {Held[]} */ (held.filter((entry) => entry !== null));
  // Your turn first, then the tables in play, then finished ones; the newest seat first in each.
  return found.sort((a, b) => rank(a) - rank(b) || (b.seat.at || 0) - (a.seat.at || 0));
}

/**
 * One table of the list: game, players, kind, whose turn, and the way back to the seat.
 * @param {Held} held
 */
function row({ seat, state }) {
  const table = state.table;
  const turn = whoseTurn(state);
  const mine = turn === "your turn";
  const players = table.seats.map((s, index) => (index === state.you ? `${s.name} (you)` : seatWithLevel(s))).join(", ");
  const over = turn === "finished" || turn === "ended early";
  return html("li", { class: mine ? "your-turn" : "", "data-your-table": table.id },
    html("strong", { text: seat.title && seat.title.startsWith("Learning") ? seat.title : table.title }),
    html("span", { class: mine ? "turn-badge" : "muted", "data-turn": "", text: turn }),
    mine && left(state) ? html("span", { class: "muted", "data-left": "", text: left(state) }) : null,
    html("span", { class: "muted", text: `${players} · ${kindWords(table)}${table.private ? " · private" : ""}` }),
    html("a", { href: `/t/${table.id}#${seat.token}`, class: mine ? "button" : "", text: mine ? "Play" : over ? "See the end" : "Return to your seat" }));
}

/**
 * Draw the list into box; says so when this browser holds no seat.
 * @param {HTMLElement} box
 */
export async function drawYourTables(box) {
  const held = await load();
  box.replaceChildren(...held.map(row));
  if (!held.length) box.append(html("li", { class: "muted", text: "None yet: the tables you create or join here are listed here." }));
  return held;
}
