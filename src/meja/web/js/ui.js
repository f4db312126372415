// @ts-check
// The kit the game renderers draw with, so that a button, a line of text, a hand of pieces and a
// seat's mark look and behave the same in every game: the table's colours (the page's CSS custom
// properties), move buttons, text and wrapped text, pieces laid out in rows, and seat dots
// (seat_marks.js words the marks; the page gives them as ctx.seatMark).

import { label, svg, title, wrapWords } from "./svg.js";

/** @typedef {import("./types.js").RenderContext} RenderContext */

/**
 * The table's colours by name, as style.css declares them (--ink, --muted, ...); these values
 * are the fallbacks for a page without that stylesheet.
 */
const FALLBACK = {
  ink: "#2b2118",
  muted: "#6b5c4b",
  note: "#5a4632",
  card: "#fffaf0",
  line: "#e2d5bd",
  legal: "#17735d",
  button: "#fff",
  buttonLine: "#bfae8f",
  buttonOff: "#eee8dc",
  buttonOffLine: "#d4c8b0",
};

/**
 * The seat colours used everywhere on the table: Okabe and Ito's blue and orange darkened, Tol's
 * rose, indigo and wine, and black, ordered so the first seats differ most. They stay apart under
 * deuteranopia, protanopia and tritanopia; each is at least 4.5:1 against the page and panel
 * backgrounds, so it may colour a seat's name too, and white text on it is at least 5.4:1.
 * style.css declares them as --seat-0 to --seat-5; these are the fallbacks.
 */
export const SEAT_COLOURS = ["#006daa", "#8d6100", "#b83d52", "#000000", "#332288", "#882255"];

/** @typedef {typeof FALLBACK & {seats: string[]}} Palette */

/** @type {Palette|null} */
let read = null;

/**
 * The table's colours, read once from the page's custom properties: a colour is named in
 * style.css only, and the renderers follow it.
 * @returns {Palette}
 */
export function palette() {
  if (read) return read;
  const style = typeof document === "undefined" ? null : getComputedStyle(document.documentElement);
  /** @param {string} name @param {string} fallback */
  const css = (name, fallback) => style?.getPropertyValue(name).trim() || fallback;
  const kebab = (/** @type {string} */ key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const named = Object.fromEntries(Object.entries(FALLBACK).map(([key, value]) => [key, css(kebab(key), value)]));
  read = { ...FALLBACK, ...named, seats: SEAT_COLOURS.map((value, seat) => css(`--seat-${seat}`, value)) };
  return read;
}

/** A seat's colour. @param {number} seat */
export function seatColour(seat) {
  const seats = palette().seats;
  return seats[seat % seats.length];
}

// --- text ----------------------------------------------------------------------------------------

/**
 * Text from (x, y) in the table's ink at 15 units unless attrs say otherwise.
 * @param {number} x @param {number} y @param {string|number} words @param {Object<string, any>} [attrs]
 */
export function text(x, y, words, attrs = {}) {
  return svg("text", { x, y, "font-size": 15, fill: palette().ink, ...attrs }, words);
}

/**
 * Words broken into lines of about width units at size, one text a line from (x, y) on, step
 * apart; charWidth is the font's rough width of a character per unit of size. Returns the texts
 * and the height they take (step a line).
 * @param {string} words
 * @param {{x: number, y: number, width: number, size: number, step: number, charWidth: number, attrs?: Object<string, any>}} at
 */
export function paragraph(words, { x, y, width, size, step, charWidth, attrs = {} }) {
  const lines = wrapWords(words, width, size, charWidth);
  const nodes = lines.map((line, i) => text(x, y + i * step, line, { "font-size": size, ...attrs }));
  return { nodes, height: lines.length * step };
}

// --- buttons -------------------------------------------------------------------------------------

/**
 * @typedef {object} ButtonSpec
 * @property {string} [move]  the legal move's text it plays (bound through ctx.target)
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 * @property {number} [rx]
 * @property {string} [caption]  words centred on it (else the content passed draws it)
 * @property {number} [size]  the caption's font size
 * @property {number|string} [weight]  the caption's font weight
 * @property {string} [ink]  the caption's colour
 * @property {number} [dy]  the caption's offset below the middle
 * @property {string} [says]  its tooltip: what it does, in words
 * @property {boolean} [off]  drawn greyed, and not bound
 * @property {string} [fill]  its face, instead of the palette's
 * @property {string} [line]  its edge, instead of the palette's
 * @property {Object<string, any>} [attrs]  the group's own attributes (data-button, ...)
 */

/**
 * A move button: a rounded box that is its whole hit area (the `.hl` shape the page rings when
 * it may be pressed, focused or hinted), a tooltip, a caption or the content given, bound to
 * its move when it is not off. An off button is greyed with its words still readable.
 * @param {RenderContext|null} ctx  null when the caller binds it (a pick, a clear)
 * @param {ButtonSpec} spec
 * @param {...(Node|null)} content
 * @returns {SVGGElement}
 */
export function button(ctx, spec, ...content) {
  const { move, x, y, w, h, rx = 10, caption, size = 15, weight, dy = 0, says, off = false, attrs = {} } = spec;
  const p = palette();
  const node = /** @type {SVGGElement} */ (svg("g", { ...attrs, class: off ? "disabled" : attrs.class }, says ? title(says) : null,
    svg("rect", { class: "hl", x, y, width: w, height: h, rx, fill: spec.fill ?? (off ? p.buttonOff : p.button), stroke: spec.line ?? (off ? p.buttonOffLine : p.buttonLine), "stroke-width": 2 }),
    caption === undefined ? null : label(x + w / 2, y + h / 2 + dy, caption, { "font-size": size, "font-weight": weight, fill: spec.ink ?? (off ? p.muted : p.ink) }),
    ...content));
  return ctx && move !== undefined && !off ? ctx.target(node, move) : node;
}

// --- layout --------------------------------------------------------------------------------------

/**
 * Where count pieces go in rows of perRow, the first at (x, y), dx across and dy down apart (a
 * hand of cards or tiles, a block of buttons).
 * @param {number} count @param {{x: number, y: number, perRow: number, dx: number, dy: number}} at
 * @returns {[number, number][]}
 */
export function grid(count, { x, y, perRow, dx, dy }) {
  return Array.from({ length: count }, (_, i) => [x + (i % perRow) * dx, y + Math.floor(i / perRow) * dy]);
}

/**
 * Where pieces of these widths go side by side from (x, y), gap apart, starting a new row pitch
 * lower when the next would pass x + width; returns each place and the number of rows.
 * @param {number[]} widths @param {{x: number, y: number, width: number, gap: number, pitch: number}} at
 */
export function flow(widths, { x, y, width, gap, pitch }) {
  /** @type {[number, number][]} */
  const places = [];
  let cx = x;
  let cy = y;
  for (const w of widths) {
    if (cx + w > x + width && cx > x) {
      cx = x;
      cy += pitch;
    }
    places.push([cx, cy]);
    cx += w + gap;
  }
  return { places, rows: widths.length ? (cy - y) / pitch + 1 : 0 };
}

// --- seats ---------------------------------------------------------------------------------------

/**
 * A seat's dot: its colour with its mark (ctx.seatMark: its initial, a bot's number) in white on
 * it, 5.4:1 or more on every seat colour, edged so it shows on any ground. size is the mark's
 * font size, dy its offset below the middle; attrs go on the group, markAttrs on the mark.
 * @param {RenderContext} ctx
 * @param {number} seat
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {{size?: number, dy?: number, edge?: string, attrs?: Object<string, any>, markAttrs?: Object<string, any>}} [style]
 */
export function seatDot(ctx, seat, cx, cy, r, { size = 12, dy = 0.5, edge = "#fff", attrs = {}, markAttrs = {} } = {}) {
  const mark = ctx.seatMark(seat);
  return svg("g", { class: "seat-dot", ...attrs },
    svg("circle", { cx, cy, r, fill: ctx.colour(seat), stroke: edge, "stroke-width": 1.5 }),
    label(cx, cy + dy, mark, { "font-size": size, "font-weight": 700, fill: "#fff", "aria-hidden": "true", ...markAttrs }));
}
