// @ts-check
// The end screen's statistics: a table with a row per statistic the game keeps (Kueh by type,
// fences placed, flies received, Festive Points per round, ...) and a column per player, from
// the finished game's `result.statistics`. Shown under the final scores, live and in the replay.

import { html } from "./svg.js";

/** @typedef {import("./types.js").Statistic} Statistic */
/** @typedef {import("./types.js").Seat} Seat */

/**
 * The statistics as a table, players across, or null when the game sent none.
 * @param {Statistic[]|undefined} rows
 * @param {Seat[]} seats
 * @param {number|null} you
 * @returns {HTMLElement|null}
 */
export function statisticsTable(rows, seats, you) {
  if (!rows || !rows.length) return null;
  const head = html("tr", {}, html("th", { scope: "col", text: "Statistic" }),
    ...seats.map((seat, index) => html("th", { scope: "col", "data-stat-seat": index, text: index === you ? `${seat.name} (you)` : seat.name })));
  const body = rows.map((row) => html("tr", {},
    html("th", { scope: "row", text: row.label }),
    ...seats.map((_seat, index) => {
      const value = row.values[index];
      return html("td", { text: value === null || value === undefined ? "–" : String(value) });
    })));
  const table = html("table", { class: "statistics", "aria-label": "How each player did" },
    html("thead", {}, head), html("tbody", {}, ...body));
  return html("div", { class: "statistics-scroll", tabindex: "0", role: "region", "aria-label": "Statistics per player" }, table);
}
