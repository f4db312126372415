// @ts-check
// Each seat's mark: what is written on its colour wherever the colour stands for the seat (the
// seat bar, the renderers' seat dots, ctx.seatMark), so that colour is never the only
// difference between seats (WCAG 1.4.1).

/**
 * The marks of the seats, in order: the initial of the seat's name with the number the name
 * ends in, so a bot carries its number ("Ana" -> "A", "Bot 2" -> "B2"); where two seats would
 * share a mark, the initial and the seat's number, and where even those are shared, the seat's
 * number alone.
 * @param {string[]} names
 * @returns {string[]}
 */
export function seatMarks(names) {
  const trimmed = names.map((name) => String(name || "").trim());
  const initial = (/** @type {string} */ name) => ([...name][0] || "?").toUpperCase();
  const shared = (/** @type {string[]} */ marks, /** @type {number} */ seat) => marks.filter((m) => m === marks[seat]).length > 1;
  const own = trimmed.map((name) => `${initial(name)}${/(\d+)$/.exec(name)?.[1] || ""}`);
  const numbered = own.map((mark, seat) => (shared(own, seat) ? `${initial(trimmed[seat])}${seat + 1}` : mark));
  return numbered.map((mark, seat) => (shared(numbered, seat) ? String(seat + 1) : mark));
}
