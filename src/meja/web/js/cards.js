// @ts-check
// The lobby's picture of each game, drawn from the pieces the game declares (GET /api/games/NAME,
// `components`): a small SVG that shows what is on the table, with its description for
// screen readers.

import { svg } from "./svg.js";

const WIDTH = 240;
const HEIGHT = 120;
const INK = "#3d2b1f";
const PATTERN_COLOURS = ["#3b6ea5", "#c0508a", "#e3892b", "#2f9c7f"];
const KUEH_COLOURS = ["#f4efe2", "#4f9d3a", "#d9a441", "#d2463c"];
const FOOD_COLOURS = { rice: "#ffffff", egg: "#f2c230", peanuts: "#a8703a", sambal: "#c8372d", cucumber: "#4f9d3a" };
const FLAVOUR_COLOURS = ["#d9b36c", "#8c3b2f", "#7aa35a"];

/** "a, b and c". */
function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** A pie slice of a circle, from angle a to b (radians, clockwise from the top). */
function wedge(cx, cy, r, a, b) {
  const point = (t) => `${cx + r * Math.sin(t)} ${cy - r * Math.cos(t)}`;
  return `M ${cx} ${cy} L ${point(a)} A ${r} ${r} 0 0 1 ${point(b)} Z`;
}

/** A corner of the shared floor with patterned tiles, and one of each Kueh. */
function peranakan(c) {
  const rows = Math.min(c.BOARD_ROWS, 3);
  const cols = Math.min(c.BOARD_COLS, 4);
  const cell = 30;
  const parts = [];
  for (let r = 0; r < rows; r++) {
    for (let q = 0; q < cols; q++) {
      const x = 10 + q * cell;
      const y = 14 + r * cell;
      const laid = (r * cols + q) % 3 !== 1;
      const colour = PATTERN_COLOURS[(r + 2 * q) % c.PATTERNS.length % PATTERN_COLOURS.length];
      parts.push(svg("rect", { x, y, width: cell - 3, height: cell - 3, rx: 4, fill: laid ? colour : "#f4ead5", stroke: laid ? INK : "#d8c7a4" }));
      if (laid) parts.push(svg("circle", { cx: x + 13.5, cy: y + 13.5, r: 6, fill: "none", stroke: "#fff", "stroke-width": 2 }));
    }
  }
  parts.push(svg("circle", { cx: 10 + cell + 13.5, cy: 14 + cell + 13.5, r: 9, fill: "#d1495b", stroke: "#fff", "stroke-width": 2 }));
  c.KUEH_TYPES.forEach((_, i) => {
    const x = 160 + (i % 2) * 36;
    const y = 34 + Math.floor(i / 2) * 40;
    parts.push(svg("circle", { cx: x, cy: y, r: 15, fill: KUEH_COLOURS[i % KUEH_COLOURS.length], stroke: "#5a4632", "stroke-width": 1.5 }),
      svg("circle", { cx: x - 5, cy: y - 5, r: 4, fill: "rgba(255,255,255,0.55)" }));
  });
  return { parts, words: `Patterned floor tiles, a Nyonya and the Kueh: ${listed(c.KUEH_NAMES)}` };
}

/** A sheep as it is printed on a tile, s px a unit (it is 24 units wide). */
function sheep(x, y, s) {
  return svg("g", {},
    ...[[-3, -2], [3, -3], [6, 2], [0, 3]].map(([dx, dy]) => svg("circle", { cx: x + dx * s, cy: y + dy * s, r: 5 * s, fill: "#fff", stroke: "#9aa88c", "stroke-width": 0.5 })),
    svg("ellipse", { cx: x - 8 * s, cy: y, rx: 3 * s, ry: 4 * s, fill: INK }));
}

/** The field of face-down sheep tiles, a pair turned up, and a fence being built. */
function teKuiti(c) {
  const cell = Math.min(20, 100 / c.ROWS);
  const left = (WIDTH - c.COLS * cell) / 2;
  const top = (HEIGHT - c.ROWS * cell) / 2;
  const up = new Set([c.COLS + 1, 3 * c.COLS + 3]);
  const parts = [];
  for (let index = 0; index < c.ROWS * c.COLS; index++) {
    const x = left + (index % c.COLS) * cell;
    const y = top + Math.floor(index / c.COLS) * cell;
    parts.push(svg("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 3, fill: up.has(index) ? "#cfe8b8" : "#5b8c3a", stroke: "#2f4f1f" }));
    if (up.has(index)) parts.push(sheep(x + cell / 2 + 1, y + cell / 2, cell / 26));
  }
  const fence = { fill: "none", stroke: "#8a5a2b", "stroke-width": 4, "stroke-linecap": "round" };
  parts.push(svg("path", { d: `M ${left} ${top + 2 * cell} h ${2 * cell} v ${2 * cell}`, ...fence }));
  return { parts, words: `A field of ${c.ROWS} by ${c.COLS} face-down sheep tiles, two sheep turned up, and a fence` };
}

/** What an ingredient card shows. */
function food(key, x, y) {
  const colour = FOOD_COLOURS[key] || "#bbb";
  if (key === "egg") {
    return svg("g", {}, svg("ellipse", { cx: x, cy: y, rx: 12, ry: 10, fill: "#fff", stroke: "#c9b99a" }), svg("circle", { cx: x, cy: y, r: 5, fill: colour }));
  }
  if (key === "peanuts") {
    return svg("g", { fill: colour }, ...[[-6, -3], [5, -5], [0, 5]].map(([dx, dy]) => svg("ellipse", { cx: x + dx, cy: y + dy, rx: 5, ry: 3.5 })));
  }
  if (key === "cucumber") {
    return svg("g", {}, svg("circle", { cx: x, cy: y, r: 10, fill: colour }), svg("circle", { cx: x, cy: y, r: 7, fill: "#d9efc2" }));
  }
  return svg("path", { d: `M ${x - 12} ${y + 7} Q ${x} ${y - 18} ${x + 12} ${y + 7} Z`, fill: colour, stroke: "#c9b99a" });
}

/** The ingredient cards fanned out as in a hand. */
function nasiLemak(c) {
  const ingredients = c.CARD_TYPES.filter((card) => card.kind === "ingredient");
  const middle = (ingredients.length - 1) / 2;
  const parts = ingredients.map((card, i) => {
    const angle = (i - middle) * 12;
    return svg("g", { transform: `rotate(${angle} 120 190)` },
      svg("rect", { x: 97, y: 22, width: 46, height: 70, rx: 6, fill: "#fffaf0", stroke: INK, "stroke-width": 1.5 }),
      svg("rect", { x: 101, y: 26, width: 38, height: 62, rx: 4, fill: "#2f7d5b", opacity: 0.15 }),
      food(card.key, 120, 52));
  });
  return { parts, words: `Ingredient cards: ${listed(ingredients.map((card) => card.name))}` };
}

/** Mooncakes, each made of quarter tiles of different flavours, some with half a yolk. */
function mooncake(c) {
  const quarters = c.QUARTERS.length;
  const parts = [];
  for (let cake = 0; cake < c.CAKES; cake++) {
    const cx = WIDTH / (c.CAKES + 1) * (cake + 1);
    const cy = HEIGHT / 2;
    const r = Math.min(34, WIDTH / (2.6 * c.CAKES));
    parts.push(svg("circle", { cx, cy, r: r + 4, fill: "#c98b3c", stroke: INK, "stroke-width": 1.5 }));
    for (let q = 0; q < quarters; q++) {
      const a = (2 * Math.PI * q) / quarters;
      const b = (2 * Math.PI * (q + 1)) / quarters;
      parts.push(svg("path", { d: wedge(cx, cy, r, a, b), fill: FLAVOUR_COLOURS[(cake + q) % FLAVOUR_COLOURS.length], stroke: INK, "stroke-width": 1 }));
    }
    if (cake !== 1) parts.push(svg("circle", { cx, cy, r: r / 3, fill: "#f2c230", stroke: INK }));
  }
  return { parts, words: `${c.CAKES} mooncakes, each of ${quarters} quarter tiles in different flavours` };
}

/** @type {Object<string, (c: any) => {parts: Element[], words: string}>} */
const PICTURES = { peranakan, te_kuiti: teKuiti, nasi_lemak: nasiLemak, mooncake };

/**
 * The picture of a game from its declared components, or null for a game meja cannot draw.
 * @param {string} name
 * @param {import("./types.js").Components|undefined} components
 * @returns {Element|null}
 */
export function gamePicture(name, components) {
  const draw = PICTURES[name];
  if (!draw || !components || !Object.keys(components).length) return null;
  const { parts, words } = draw(components);
  return svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": `${words}.`, class: "game-picture" },
    svg("rect", { width: WIDTH, height: HEIGHT, rx: 10, fill: "#f6eedd" }), ...parts);
}
