// @ts-check
// The bot levels a person chooses from (GET /api/bots), and a bot seat told by its level
// ("Strong bot") wherever the page names one; a seat made with a bot spec keeps the spec.

import { api } from "./api.js";

/** @typedef {import("./types.js").BotLevel} BotLevel */
/** @typedef {import("./types.js").BotList} BotList */
/** @typedef {import("./types.js").Seat} Seat */

/** The server's levels, weakest first, once loaded. @type {BotLevel[]} */
let known = [];

/**
 * The bots and levels the server offers; the levels are kept for the labels below.
 * @returns {Promise<BotList>}
 */
export async function loadBots() {
  /** @type {BotList} */
  const answer = await api("/api/bots");
  known = answer.levels || [];
  return answer;
}

/**
 * A level's name as a person reads it: "Strong" (the words' lead, else the name capitalised).
 * @param {BotLevel} level
 */
export function levelTitle(level) {
  const [lead, rest] = level.words.split(":");
  if (rest !== undefined && lead.trim()) return lead.trim();
  return level.name.charAt(0).toUpperCase() + level.name.slice(1);
}

/**
 * The level a seat's bot spec names, if it names one.
 * @param {string|null|undefined} spec
 */
export function levelOf(spec) {
  return known.find((level) => level.name === spec);
}

/**
 * "Strong bot" for a seat whose bot is a level, null for a person or a bot spec.
 * @param {Pick<Seat, "kind"|"bot">} seat
 */
export function levelLabel(seat) {
  const level = seat.kind === "bot" ? levelOf(seat.bot) : undefined;
  return level ? `${levelTitle(level)} bot` : null;
}

/**
 * A seat in the lobby's lists: its name, with its level for a bot of a level ("Bot 2 (Strong
 * bot)").
 * @param {Pick<Seat, "kind"|"bot"|"name">} seat
 */
export function seatWithLevel(seat) {
  const label = levelLabel(seat);
  return label ? `${seat.name} (${label})` : seat.name;
}
