// @ts-check
// Peranakan: Tiles and Tactics: the market with the Kueh beside each tile, the board of
// patterned tiles with the Nyonyas and Babas on them, the tile in hand with the choice being
// made, and each player's Kueh, sets and pawns.
//
// On a wide window the table is laid out landscape (market and board on the left, the tile in
// hand, the choices and the players on the right) so that it fits the window's height; on a
// narrow one it is a column: market, tile in hand and choices, board, players. On a phone the
// column is drawn about 0.75 px a unit, so no text there is smaller than 17 units (12.8 px).
//
// Each other player's last turn is marked on the space it went to, with their name, until their
// next turn: a ring and a tag drawn in dark and light, so they show on every pattern's colour.
// Pawns are outlined dark outside and light inside for the same reason, whatever the seat colour.
//
// Motion: each tile is a piece keyed by its code, which names it but for the two wild tiles of
// a pattern, told apart by where they lie when both show; each pawn on the board by its seat,
// kind and space; the Kueh supplies and each player's Kueh by type. motions() reads what moved
// from the views before and after a step: a tile taken from the market into the hand and laid
// on its space, the market sliding and the deck's next tile turned up, a pawn going from the
// button it was chosen with onto its tile, and each Kueh from its supply to the row of the
// player it goes to. Everything on this table is public but the deck's order, and nothing moves
// before the view shows it. The parts are drawn market, hand, players, board, so a piece
// travelling to the hand or the board goes over the parts it crosses; on the board the tiles and
// pawns lie over the spaces, those of the space last laid on over the others.

import { label, pretty, svg, title } from "../svg.js";
import { button as kitButton, grid, palette, paragraph, text as kitText } from "../ui.js";

const PATTERN_COLOURS = { C: "#3b6ea5", B: "#c0508a", G: "#e3892b", P: "#1f7a63" };
const KUEH_COLOURS = { t: "#f4efe2", o: "#4f9d3a", b: "#d9a441", a: "#d2463c" };
const INK = "#3d2b1f";
const MUTED = "#6b5640";
const { card: PAPER, line: EDGE, buttonLine: BUTTON_LINE } = palette();
const FONT = 16;
const OUTLINE = "#111111";

/** The smallest font of the layout being drawn, in viewBox units; draw() sets it. */
let smallest = 15;

/** A font size, raised to the layout's smallest. */
function fs(size) {
  return Math.max(size, smallest);
}

/** Where everything goes, in viewBox units: landscape on a wide window, a column otherwise. */
function geometry(ctx, c) {
  const players = ctx.view.kueh.length;
  if (ctx.wide) {
    const cell = 104;
    const board = { x: 46, y: 186, cell };
    const boardBottom = board.y + cell * c.rows + 40;
    const side = { x: 616, w: 374 };
    const hand = { x: side.x, y: 6, w: side.w, h: 318 };
    const playersTop = 336;
    const rowHeight = players >= 5 ? 58 : 64;
    const legendTop = playersTop + 34 + players * rowHeight + 8;
    const legend = { x: side.x, y: legendTop, w: side.w, pitch: 26, r: 9 };
    const height = Math.max(boardBottom, legendTop + 3 * legend.pitch + 2);
    return {
      wide: true,
      small: 15,
      width: 1000,
      height,
      market: { x: 36, y: 0, pitch: 108, size: 92 },
      board,
      hand,
      players: { x: side.x, y: playersTop, w: side.w, rowHeight },
      legend,
    };
  }
  const cell = 86;
  const marketHeight = 150;
  const handHeight = 196;
  const board = { x: 38, y: marketHeight + handHeight + 18, cell };
  const playersTop = board.y + cell * c.rows + 44;
  const rowHeight = 50;
  const legendTop = playersTop + 34 + players * rowHeight + 10;
  const legend = { x: 6, y: legendTop, w: 468, pitch: 32, r: 11 };
  return {
    wide: false,
    small: 17,
    width: 480,
    height: legendTop + 3 * legend.pitch + 8,
    market: { x: 15, y: 0, pitch: 90, size: 78 },
    board,
    hand: { x: 6, y: marketHeight + 4, w: 468, h: handHeight },
    players: { x: 6, y: playersTop, w: 468, rowHeight },
    legend,
  };
}

/** The printed pieces this drawing needs, from the game's components. */
function components(ctx) {
  const c = ctx.components;
  return {
    kuehTypes: c.KUEH_TYPES,
    kuehLetters: c.KUEH_LETTERS,
    kuehNames: c.KUEH_NAMES,
    patterns: c.PATTERNS,
    patternLetters: c.PATTERN_LETTERS,
    supplyNextTo: c.SUPPLY_NEXT_TO,
    wild: c.WILD,
    wildLetter: c.WILD_LETTER,
    market: c.MARKET_POSITIONS,
    columns: c.COLUMN_LETTERS,
    rows: c.BOARD_ROWS,
    cols: c.BOARD_COLS,
  };
}

/** A name cut to at most n characters, with an ellipsis when cut. */
function shorten(text, n) {
  const chars = [...String(text)];
  return chars.length <= n ? chars.join("") : `${chars.slice(0, n - 1).join("")}…`;
}

/** Muted lines of words from (x, y), step apart, broken to about width units at size. */
function muted(content, x, y, width, step, size = fs(15)) {
  return paragraph(content, { x, y, width, size, step, charWidth: 0.54, attrs: { fill: MUTED } }).nodes;
}

function text(x, y, content, attrs = {}) {
  return kitText(x, y, content, { "font-size": FONT, fill: INK, ...attrs });
}

/** A number rounded for an SVG attribute. */
function n2(value) {
  return Math.round(value * 100) / 100;
}

/** A point at (dx, dy) radii from (x, y), as SVG path text. */
function at(x, y, r) {
  return (dx, dy) => `${n2(x + dx * r)},${n2(y + dy * r)}`;
}

const CRUMB = "#5a4632";

/** What a Kueh is called: the printed name, or for the rainbow wild icon what it gives. */
function kuehName(letter, names) {
  return letter in KUEH_COLOURS ? names[letter] || "a Kueh" : "rainbow Kueh: any Kueh";
}

/**
 * A Kueh drawn as itself, centred on (x, y) within radius r, each with its own outline so that
 * no two are told apart by colour alone: Tutu Kueh a white steamed cake, flat on top, on a
 * square of pandan leaf; Ondeh Ondeh a green ball flecked with coconut; Kueh Bahulu a fluted
 * flower of sponge; Ang Ku Kueh an upright red oval with a tortoise shell pressed in it; the
 * rainbow wild icon a slice of layered Kueh Lapis. Its name is its tooltip.
 */
function kueh(letter, x, y, r, names) {
  return svg("g", { class: "kueh" }, title(kuehName(letter, names)), ...kuehShape(letter, x, y, r));
}

function kuehShape(letter, x, y, r) {
  const p = at(x, y, r);
  const w = n2(Math.max(1, r / 9));
  const edge = { stroke: CRUMB, "stroke-width": w, "stroke-linejoin": "round" };
  switch (letter) {
    case "t":
      return [
        svg("path", { d: `M${p(-1, 0.42)} L${p(0, 0.9)} L${p(1, 0.42)} L${p(0, -0.06)} Z`, fill: "#3f7a2a", ...edge }),
        svg("path", { d: `M${p(-0.8, -0.16)} L${p(-0.86, 0.36)} Q${p(0, 0.62)} ${p(0.86, 0.36)} L${p(0.8, -0.16)} Z`, fill: "#ece4d2", ...edge }),
        svg("ellipse", { cx: x, cy: n2(y - 0.16 * r), rx: n2(0.8 * r), ry: n2(0.28 * r), fill: "#fffdf8", ...edge }),
      ];
    case "o": {
      const flecks = [[-0.42, -0.38], [0.12, -0.52], [0.48, -0.12], [-0.06, -0.02], [-0.5, 0.28], [0.3, 0.4], [-0.02, 0.58]];
      return [
        svg("circle", { cx: x, cy: y, r: n2(0.9 * r), fill: "#6cb248", ...edge }),
        ...flecks.map(([dx, dy]) => svg("circle", { cx: n2(x + dx * r), cy: n2(y + dy * r), r: n2(Math.max(0.8, 0.12 * r)), fill: "#fbf6e4" })),
      ];
    }
    case "b": {
      // A fluted cake, as a Bahulu mould makes it: five round lobes about a round middle. The
      // outline runs round each lobe, then along the middle to the next lobe.
      const lobes = 5;
      const [core, d, l] = [0.6, 0.68, 0.32];
      const along = (core * core - l * l + d * d) / (2 * d);
      const off = Math.sqrt(core * core - along * along);
      const turn = (i, sign) => {
        const a = (2 * Math.PI * i) / lobes - Math.PI / 2;
        return p(along * Math.cos(a) - sign * off * Math.sin(a), along * Math.sin(a) + sign * off * Math.cos(a));
      };
      let outline = `M${turn(0, -1)}`;
      for (let i = 0; i < lobes; i++) {
        outline += ` A${n2(l * r)},${n2(l * r)} 0 1 1 ${turn(i, 1)} A${n2(core * r)},${n2(core * r)} 0 0 1 ${turn(i + 1, -1)}`;
      }
      return [
        svg("path", { d: `${outline} Z`, fill: "#dba24a", ...edge }),
        svg("circle", { cx: x, cy: y, r: n2(0.26 * r), fill: "#a8691f", stroke: "#fff3d6", "stroke-width": w }),
      ];
    }
    case "a": {
      const rx = 0.72;
      const ry = 0.96;
      const angles = [-90, -30, 30, 90, 150, 210].map((deg) => (deg * Math.PI) / 180);
      const hex = angles.map((a) => p(0.3 * Math.cos(a), 0.36 * Math.sin(a)));
      const spokes = angles.map((a, i) => `M${hex[i]} L${p(rx * 0.92 * Math.cos(a), ry * 0.92 * Math.sin(a))}`);
      return [
        svg("ellipse", { cx: x, cy: y, rx: n2(rx * r), ry: n2(ry * r), fill: "#bd3328", ...edge }),
        svg("path", { d: `M${hex.join(" L")} Z ${spokes.join(" ")}`, fill: "none", stroke: "#fbe3d6", "stroke-width": n2(w * 1.1), "stroke-linejoin": "round" }),
      ];
    }
    default: {
      // A wedge of Kueh Lapis standing on its base, its layers in the colours of the rainbow.
      const layers = ["#c8372d", "#e88a1f", "#f2cf3a", "#3f8f2e", "#2f62b0"];
      const [top, base, half] = [-0.95, 0.8, 0.92];
      const across = (y) => (half * (y - top)) / (base - top);
      const h = (base - top) / layers.length;
      const band = (i) => {
        const [y0, y1] = [top + i * h, top + (i + 1) * h];
        return `M${p(-across(y0), y0)} L${p(across(y0), y0)} L${p(across(y1), y1)} L${p(-across(y1), y1)} Z`;
      };
      return [
        ...layers.map((fill, i) => svg("path", { d: band(i), fill, stroke: fill, "stroke-width": 0.3 })),
        svg("path", { d: `M${p(0, top)} L${p(half, base)} L${p(-half, base)} Z`, fill: "none", ...edge }),
      ];
    }
  }
}

/** The pattern's motif, drawn in a size x size box at (x, y). */
function motif(letter, x, y, size) {
  const cx = x + size / 2;
  const cy = y + size * 0.42;
  const s = size / 100;
  const ink = "rgba(255,255,255,0.85)";
  switch (letter) {
    case "C":
      return svg("g", {},
        svg("circle", { cx, cy, r: 26 * s, fill: "none", stroke: ink, "stroke-width": 3 * s }),
        svg("circle", { cx, cy, r: 12 * s, fill: ink }),
        ...[0, 1, 2, 3].map((i) => svg("circle", { cx: cx + 26 * s * Math.cos((i * Math.PI) / 2 + Math.PI / 4), cy: cy + 26 * s * Math.sin((i * Math.PI) / 2 + Math.PI / 4), r: 6 * s, fill: ink })));
    case "B":
      return svg("g", { fill: ink },
        svg("ellipse", { cx: cx - 14 * s, cy: cy - 6 * s, rx: 14 * s, ry: 18 * s, transform: `rotate(-25 ${cx - 14 * s} ${cy - 6 * s})` }),
        svg("ellipse", { cx: cx + 14 * s, cy: cy - 6 * s, rx: 14 * s, ry: 18 * s, transform: `rotate(25 ${cx + 14 * s} ${cy - 6 * s})` }),
        svg("ellipse", { cx: cx - 10 * s, cy: cy + 16 * s, rx: 9 * s, ry: 11 * s }),
        svg("ellipse", { cx: cx + 10 * s, cy: cy + 16 * s, rx: 9 * s, ry: 11 * s }),
        svg("rect", { x: cx - 2 * s, y: cy - 20 * s, width: 4 * s, height: 44 * s, rx: 2 * s, fill: "rgba(0,0,0,0.35)" }));
    case "G":
      return svg("g", { fill: ink },
        svg("ellipse", { cx: cx - 6 * s, cy, rx: 22 * s, ry: 14 * s }),
        svg("path", { d: `M${cx + 12 * s},${cy} L${cx + 32 * s},${cy - 16 * s} L${cx + 28 * s},${cy} L${cx + 32 * s},${cy + 16 * s} Z` }),
        svg("circle", { cx: cx - 18 * s, cy: cy - 3 * s, r: 3 * s, fill: "rgba(0,0,0,0.5)" }));
    default: {
      // A peacock's feather: a fringed vane on its quill, with the eye near its tip.
      const vane = `M${cx},${cy + 20 * s} C${cx - 27 * s},${cy + 4 * s} ${cx - 22 * s},${cy - 31 * s} ${cx},${cy - 31 * s} C${cx + 22 * s},${cy - 31 * s} ${cx + 27 * s},${cy + 4 * s} ${cx},${cy + 20 * s} Z`;
      return svg("g", {},
        svg("path", { d: `M${cx},${cy + 14 * s} L${cx},${cy + 25 * s}`, stroke: ink, "stroke-width": 3 * s, "stroke-linecap": "round" }),
        svg("path", { d: vane, fill: ink, stroke: ink, "stroke-width": 6 * s, "stroke-dasharray": `${2 * s} ${2.5 * s}` }),
        svg("ellipse", { cx, cy: cy - 10 * s, rx: 13 * s, ry: 15 * s, fill: "#d9a62e" }),
        svg("ellipse", { cx, cy: cy - 9 * s, rx: 9 * s, ry: 11 * s, fill: "#1d5fa8" }),
        svg("circle", { cx, cy: cy - 8 * s, r: 4.5 * s, fill: "#14324f" }));
    }
  }
}

/** The pattern's name, the Kueh printed on a tile code such as "Bto", and the tile in words
 * as the move log says it: "Butterfly tile showing Tutu Kueh and Ondeh Ondeh". */
function describe(code, c, names) {
  const pattern = pretty(c.patterns[c.patternLetters.indexOf(code[0])] || "patterned");
  const letters = code.slice(1).split("");
  const icons = letters.map((i) => (i in KUEH_COLOURS ? names[i] : "any Kueh"));
  const shown = letters.some((i) => !(i in KUEH_COLOURS)) ? "the rainbow Kueh (any Kueh)" : icons.join(" and ");
  return { pattern, icons, words: `${pattern} tile showing ${shown}` };
}

/** One tile face from its code, e.g. "Bto" (butterfly, tutu + ondeh). */
function tileFace(code, x, y, size, c, names) {
  const letter = code[0];
  const icons = code.slice(1).split("");
  const r = size * 0.125;
  const gap = r * 2.3;
  const start = x + size / 2 - ((icons.length - 1) * gap) / 2;
  return svg("g", { class: "tile" }, title(describe(code, c, names).words),
    svg("rect", { x, y, width: size, height: size, rx: size * 0.1, fill: PATTERN_COLOURS[letter] || "#888", stroke: INK, "stroke-width": 2 }),
    motif(letter, x, y, size),
    ...icons.map((icon, i) => kueh(icon, start + i * gap, y + size * 0.83, r, names)));
}

/** A board space: empty, one tile, or a stack written "bottom/top"; each tile a piece, keyed by
 * where it lies (the space, then "space:2" for the one stacked on it). The tile underneath is
 * drawn under the top one, which hides it but for its shadow: a tile laid on it passes over it. */
function space(ctx, name, code, x, y, size, c, names) {
  if (code === "." || !code) return null;
  const r = size > 80 ? 11 : 10;
  const [bottom, top] = code.split("/");
  const face = (tile, at) => ctx.piece(tileFace(tile, x, y, size, c, names), c.keys.get(at));
  if (!top) return face(bottom, name);
  const under = describe(bottom, c, names);
  return svg("g", {},
    svg("rect", { x: x + 5, y: y + 5, width: size, height: size, rx: size * 0.1, fill: INK, opacity: 0.55 }),
    face(bottom, name),
    face(top, `${name}:2`),
    svg("g", {}, title(`stacked on a ${under.pattern} tile: no more tiles may go here`),
      svg("circle", { cx: x + size - r - 2, cy: y + r + 2, r, fill: "#fff", stroke: INK }),
      label(x + size - r - 2, y + r + 2.5, "2", { "font-size": fs(15), "font-weight": 700 })));
}

const SKIN = "#f0d3b2";
const HAIR = "#2b1d14";
const SONGKOK = "#202020";

/**
 * A seat's own symbol, so that a seat's pieces are told by shape as well as by colour: a
 * circle, a triangle, a square, a diamond, a star or a cross, of radius s at (x, y).
 */
function seatSymbol(seat, x, y, s, attrs) {
  const p = at(x, y, s);
  const poly = (points) => svg("path", { d: `M${points.map(([dx, dy]) => p(dx, dy)).join(" L")} Z`, ...attrs });
  switch (seat % 6) {
    case 0:
      return svg("circle", { cx: x, cy: y, r: n2(0.9 * s), ...attrs });
    case 1:
      return poly([[0, -1.05], [1, 0.75], [-1, 0.75]]);
    case 2:
      return poly([[-0.82, -0.82], [0.82, -0.82], [0.82, 0.82], [-0.82, 0.82]]);
    case 3:
      return poly([[0, -1.1], [1, 0], [0, 1.1], [-1, 0]]);
    case 4:
      return poly(Array.from({ length: 10 }, (_, i) => {
        const a = (i * Math.PI) / 5 - Math.PI / 2;
        const k = i % 2 ? 0.45 : 1.08;
        return [k * Math.cos(a), k * Math.sin(a) + 0.08];
      }));
    default:
      return poly([[-0.32, -1], [0.32, -1], [0.32, -0.32], [1, -0.32], [1, 0.32], [0.32, 0.32], [0.32, 1], [-0.32, 1], [-0.32, 0.32], [-1, 0.32], [-1, -0.32], [-0.32, -0.32]]);
  }
}

/** A seat's badge: its symbol in white on a disc of its colour. */
function seatBadge(ctx, seat, x, y, r) {
  return svg("g", { class: "seat-badge" },
    svg("circle", { cx: x, cy: y, r, fill: ctx.colour(seat), stroke: OUTLINE, "stroke-width": 1 }),
    seatSymbol(seat, x, y, r * 0.55, { fill: "#fff" }));
}

/**
 * The outline of a Nyonya or a Baba standing at (x, y), r across to each side: the parts in the
 * order they are painted, each a tag and its attributes. A Nyonya wears her hair in a bun and a
 * kebaya over a sarong that flares to the ground; a Baba wears a flat-topped songkok and a baju
 * with square shoulders over trousers. The first part is the head, a circle.
 */
/** @returns {[string, Object<string, any>][]} */
function figure(kind, x, y, r, fill) {
  const p = at(x, y, r);
  /** @type {[string, Object<string, any>]} */
  const head = ["circle", { cx: x, cy: n2(y - 0.56 * r), r: n2(0.3 * r), fill: SKIN }];
  if (kind === "N") {
    return [
      head,
      ["circle", { cx: x, cy: n2(y - 0.98 * r), r: n2(0.2 * r), fill: HAIR }],
      ["path", { d: `M${p(-0.3, -0.58)} A${n2(0.3 * r)},${n2(0.3 * r)} 0 0 1 ${p(0.3, -0.58)} Q${p(0, -0.7)} ${p(-0.3, -0.58)} Z`, fill: HAIR }],
      ["path", { d: `M${p(-0.34, -0.26)} Q${p(-0.5, -0.2)} ${p(-0.42, 0.12)} L${p(-0.8, 1)} L${p(0.8, 1)} L${p(0.42, 0.12)} Q${p(0.5, -0.2)} ${p(0.34, -0.26)} Z`, fill }],
    ];
  }
  return [
    head,
    ["rect", { x: n2(x - 0.31 * r), y: n2(y - 1.1 * r), width: n2(0.62 * r), height: n2(0.34 * r), rx: n2(0.04 * r), fill: SONGKOK }],
    ["path", { d: `M${p(-0.66, -0.06)} Q${p(-0.66, -0.28)} ${p(-0.42, -0.28)} L${p(0.42, -0.28)} Q${p(0.66, -0.28)} ${p(0.66, -0.06)} L${p(0.56, 0.6)} L${p(0.34, 0.6)} L${p(0.32, 1)} L${p(-0.32, 1)} L${p(-0.34, 0.6)} L${p(-0.56, 0.6)} Z`, fill }],
  ];
}

/**
 * A Nyonya or a Baba as a figure in the seat's colour, r across to each side and about 2.1 r
 * tall, centred on (x, y); large enough, it wears the seat's symbol on its chest. A dark outer
 * edge and a light inner one keep any seat colour apart from any tile under it. Without a seat
 * it is drawn in a neutral brown, for the legend.
 */
function pawn(kind, seat, x, y, ctx, r = 14, seatless = false) {
  const fill = seatless ? "#8a7258" : ctx.colour(seat);
  const name = seatless ? (kind === "N" ? "Nyonya" : "Baba") : `${kind === "N" ? "Nyonya" : "Baba"} of ${ctx.seatName(seat)}`;
  const parts = figure(kind, x, y, r, fill);
  const outer = r > 10 ? 4.5 : 3;
  const inner = r > 10 ? 1.4 : 0;
  const shapes = [
    ...parts.map(([tag, attrs]) => svg(tag, { ...attrs, fill: OUTLINE, stroke: OUTLINE, "stroke-width": outer, "stroke-linejoin": "round" })),
    ...parts.map(([tag, attrs]) => svg(tag, { ...attrs, stroke: inner ? "#fff" : "none", "stroke-width": inner || undefined, "stroke-linejoin": "round" })),
  ];
  // The edge of a Nyonya's kebaya, pointed at the front, over her sarong.
  if (kind === "N" && r > 10) {
    const p = at(x, y, r);
    shapes.push(svg("path", { d: `M${p(-0.5, 0.42)} L${p(0, 0.62)} L${p(0.5, 0.42)}`, fill: "none", stroke: "#fff", "stroke-width": 1.2, opacity: 0.8 }));
  }
  if (!seatless && r > 10) {
    shapes.push(seatSymbol(seat, x, n2(y + (kind === "N" ? 0.16 : 0.12) * r), n2(0.27 * r), { class: "seat-mark", fill: "#fff", stroke: OUTLINE, "stroke-width": 0.8 }));
  }
  return svg("g", { class: "pawn" }, title(name), ...shapes);
}

// --- the market -----------------------------------------------------------------------------

function market(ctx, c, names, view, at) {
  const group = svg("g", { class: "market" });
  const { size, pitch } = at;
  view.market.forEach((code, i) => {
    const x = at.x + i * pitch + (pitch - size) / 2;
    const y = at.y + 28;
    const heading = i === 0 ? `Deck · ${view.deck_size ?? "?"}` : `Slot ${i}`;
    group.append(label(x + size / 2, at.y + 13, heading, { "font-size": fs(15), fill: MUTED, "font-weight": i === 0 ? 700 : 500 }));
    const slot = ctx.place(svg("g", { "data-market": c.market[i] }), `market:${c.market[i]}`);
    // The whole slot, tile and the Kueh beside it, is what is taken.
    slot.append(svg("rect", { class: "hl", x: x - 5, y: y - 5, width: size + 10, height: size + 46, rx: 12, fill: "#f6eedd", stroke: EDGE, "stroke-width": 1.5 }));
    // Where the deck's tiles come from: the face-up top tile's place.
    if (i === 0) slot.append(ctx.place(svg("rect", { x, y, width: size, height: size, fill: "none", "pointer-events": "none" }), "deck"));
    if (code) slot.append(ctx.piece(tileFace(code, x, y, size, c, names), c.keys.get(c.market[i])));
    else slot.append(svg("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 10, fill: "none", stroke: "#bfae8f", "stroke-dasharray": "6 4" }));
    const next = c.supplyNextTo[i];
    if (next !== undefined) {
      const wild = next === c.wild;
      const letter = wild ? c.wildLetter : c.kuehLetters[next];
      const ky = y + size + 20;
      const icon = kueh(letter, x + size / 2 - 16, ky, 11, names);
      slot.append(wild ? icon : ctx.piece(icon, `supply:${c.kuehTypes[next]}`));
      const left = wild ? "any" : String(view.supply[c.kuehTypes[next]] ?? "");
      slot.append(text(x + size / 2 - 1, ky + 5.5, left, { "font-size": fs(16), "font-weight": 600 }));
      const tile = code ? `: the ${describe(code, c, names).words}` : "";
      slot.append(title(wild ? `take this tile and any 1 Kueh${tile}` : `take this tile and 1 ${names[letter]} (${left} left)${tile}`));
    }
    ctx.target(slot, `take ${c.market[i]}`);
    group.append(slot);
  });
  return group;
}

// --- the board ------------------------------------------------------------------------------

function board(ctx, c, names, view, at) {
  const group = svg("g", { class: "board" });
  const { cell } = at;
  const width = cell * c.cols;
  const height = cell * c.rows;
  group.append(svg("rect", { x: at.x - 10, y: at.y - 10, width: width + 20, height: height + 20, rx: 16, fill: "#e9dcc0", stroke: "#8a6d46", "stroke-width": 3 }));
  // The spaces (the click targets), then the tiles over them and the pawns over those, each
  // layer in reading order but for the space last laid on, drawn last so that a tile or pawn
  // arriving there passes over the others. A tile or pawn on a space that can be clicked lets
  // the click through to it.
  const tiles = svg("g", { class: "tiles" });
  const pawns = svg("g", { class: "pawns" });
  const fresh = freshCell(ctx);
  const tileOf = {};
  const pawnsOf = {};
  for (let r = 0; r < c.rows; r++) {
    group.append(label(at.x - 24, at.y + r * cell + cell / 2, String(r + 1), { "font-size": fs(16), fill: "#8a6d46", "font-weight": 600 }));
    const cells = (view.board[r] || "").split(" ");
    for (let col = 0; col < c.cols; col++) {
      const name = `${c.columns[col]}${r + 1}`;
      const x = at.x + col * cell;
      const y = at.y + r * cell;
      const node = ctx.place(svg("g", { "data-cell": name }), `cell:${name}`);
      node.append(svg("rect", { class: "hl", x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 10, fill: "#f4ead5", stroke: "#d8c7a4", "stroke-width": 1.5 }));
      const drawn = space(ctx, name, cells[col], x + 7, y + 7, cell - 14, c, names);
      if (drawn) tileOf[name] = drawn;
      if (view.placed === name) {
        node.append(svg("rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 10, fill: "none", stroke: "#e0a100", "stroke-width": 5 }));
      }
      if (ctx.byText.has(`place ${name}`)) {
        if (drawn) node.append(title(`stack your tile on ${name}, over the ${describe(cells[col], c, names).words}`));
        else node.append(svg("rect", { class: "slot", x: x + 12, y: y + 12, width: cell - 24, height: cell - 24, rx: 8 }), title(`place your tile on ${name}`));
      }
      ctx.target(node, `place ${name}`);
      if (node.hasAttribute("data-action") && tileOf[name]) tileOf[name].setAttribute("pointer-events", "none");
      group.append(node);
    }
  }
  for (let col = 0; col < c.cols; col++) {
    group.append(label(at.x + col * cell + cell / 2, at.y + height + 26, c.columns[col], { "font-size": fs(16), fill: "#8a6d46", "font-weight": 600 }));
  }
  const perCell = {};
  const keys = pawnKeys(view);
  (view.pawns || []).forEach((token, i) => {
    const match = /^([NB])(\d+)@([a-z]\d+)$/.exec(token);
    if (!match) return;
    const [, kind, seat, name] = match;
    const index = (perCell[name] = (perCell[name] || 0) + 1) - 1;
    const col = c.columns.indexOf(name[0]);
    const row = Number(name.slice(1)) - 1;
    // Figures stand side by side along the top of the space, clear of the tile's Kueh.
    const r = cell > 96 ? 16 : 13;
    const x = at.x + col * cell + 9 + 0.85 * r + index * (1.7 * r + 2);
    const drawn = ctx.piece(pawn(kind, Number(seat), x, at.y + row * cell + 9 + 1.2 * r, ctx, r), keys[i]);
    if (ctx.byText.has(`place ${name}`)) drawn.setAttribute("pointer-events", "none");
    (pawnsOf[name] = pawnsOf[name] || []).push(drawn);
  });
  const order = (layer, parts) => {
    const names = Object.keys(parts).sort((a, b) => Number(a === fresh) - Number(b === fresh) || cellOrder(a, b));
    for (const name of names) layer.append(...[parts[name]].flat());
  };
  order(tiles, tileOf);
  order(pawns, pawnsOf);
  group.append(tiles, pawns);
  // The marks from the last space back, so that a tag across a space's lower edge lies over
  // the ring of the space below it.
  const marks = [...lastCells(ctx)].sort(([a], [b]) => cellOrder(b, a));
  for (const [name, seats] of marks) group.append(lastMove(ctx, c, at, name, seats));
  return group;
}

/** Board spaces in reading order: by row, then column. */
function cellOrder(a, b) {
  return Number(a.slice(1)) - Number(b.slice(1)) || a.localeCompare(b);
}

/** The space the newest step of the log laid a tile or a pawn on, if any. */
function freshCell(ctx) {
  const log = ctx.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const cell = log[i]?.record?.cell || cellSaid(log[i]?.text);
    if (cell) return cell;
  }
  return null;
}

/** The space a turn's sentence says its tile was laid or stacked on: a finished game's log is
 * sent as sentences alone, without the steps' records. */
function cellSaid(words) {
  const said = /\b(?:laid|stacked) it on ([a-z]\d+)\b/.exec(words || "");
  return said ? said[1] : null;
}

/** The space each other player's last turn laid its tile on (from the records of the log, or
 * its sentence), with the seats whose turn it was: a wild Kueh chosen since touches no space.
 * Once the game is over, your own last turn is marked too. */
function lastCells(ctx) {
  const cells = new Map();
  const sentences = new Map();
  for (const entry of ctx.log || []) if (entry.player >= 0 && entry.text) sentences.set(entry.player, entry.text);
  for (const [seat, steps] of ctx.lastMoves || []) {
    if (seat === ctx.you && !ctx.finished) continue;
    const cell = steps.map((record) => record.cell).filter(Boolean).pop() || cellSaid(sentences.get(seat));
    if (cell) cells.set(cell, [...(cells.get(cell) || []), seat]);
  }
  return cells;
}

/** A ring round the space in the first seat's colour, edged dark, and a tag with the names
 * across its lower edge; clicks go through it to the space. */
function lastMove(ctx, c, at, name, seats) {
  const { cell } = at;
  const x = at.x + c.columns.indexOf(name[0]) * cell;
  const y = at.y + (Number(name.slice(1)) - 1) * cell;
  const size = fs(15);
  const words = seats.map((seat) => (seat === ctx.you ? "You" : shorten(ctx.seatName(seat), 8))).join(" · ");
  const w = [...words].length * size * 0.56 + 14;
  const h = size + 6;
  const left = Math.min(Math.max(x + cell / 2 - w / 2, at.x - 8), at.x + cell * c.cols + 8 - w);
  const ring = { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 10, fill: "none" };
  return svg("g", { class: "last-move", "data-last-move": seats.join(" "), "data-at": name, "pointer-events": "none" },
    svg("rect", { ...ring, stroke: OUTLINE, "stroke-width": 8 }),
    svg("rect", { ...ring, stroke: ctx.colour(seats[0]), "stroke-width": 4 }),
    svg("rect", { x: left, y: y + cell - 8, width: w, height: h, rx: h / 2, fill: OUTLINE, stroke: "#fff", "stroke-width": 1.5 }),
    label(left + w / 2, y + cell - 8 + h / 2 + 1, words, { fill: "#fff", "font-size": size, "font-weight": 600 }));
}

// --- the tile in hand and the choice being made ----------------------------------------------

/** The buttons of the decision shown: one per Kueh type, or the three pawn choices. */
function choiceButtons(ctx, c, names, view) {
  const phase = view.phase;
  if (phase === "choose_kueh" || phase === "collect_kueh") {
    return c.kuehTypes.map((type, k) => ({
      text: `kueh ${type}`,
      caption: c.kuehNames[k],
      detail: `${view.supply[type] ?? 0} left`,
      words: `choose ${c.kuehNames[k]} (${view.supply[type] ?? 0} left)`,
      icon: (x, y) => kueh(c.kuehLetters[k], x, y, 15, names),
    }));
  }
  if (phase === "pawn") {
    const seat = view.to_move;
    const [nyonyas, babas] = (view.hands || [])[seat] || [0, 0];
    return [
      { text: "nyonya", caption: "Nyonya", detail: `${nyonyas} in hand`, words: `add a Nyonya on ${view.placed} (${nyonyas} in hand)`, icon: (x, y) => ctx.piece(pawn("N", seat, x, y, ctx, 15), "choice:N") },
      { text: "baba", caption: "Baba", detail: `${babas} in hand`, words: `add a Baba on ${view.placed} (${babas} in hand)`, icon: (x, y) => ctx.piece(pawn("B", seat, x, y, ctx, 15), "choice:B") },
      { text: "no pawn", caption: "No pawn", detail: "just the tile", words: "no pawn: just the tile" },
    ];
  }
  return [];
}

/** What the player to move is deciding, as a heading and a line of explanation. */
function decisionText(ctx, view) {
  const seat = view.to_move;
  const mine = ctx.legal.length > 0;
  const who = mine ? "You" : shorten(ctx.seatName(seat), 14);
  switch (view.phase) {
    case "take":
      return mine
        ? ["Take a tile", "Click a market slot: you get its tile and the Kueh shown below it; the rainbow Kueh under Slot 4 gives any Kueh you choose."]
        : [`${who} takes a tile`, "They get the tile and the Kueh below it."];
    case "choose_kueh":
      return mine
        ? ["Wild slot: choose any Kueh", ""]
        : [`${who} chooses a Kueh`, "The rainbow Kueh under Slot 4 gives any 1 Kueh."];
    case "place":
      return mine
        ? ["Place your tile", "Click an empty space, or a space with one tile to stack on it."]
        : [`${who} places the tile`, ""];
    case "pawn":
      return mine
        ? [`Add a Nyonya or Baba on ${view.placed}?`, ""]
        : [`${who} may add a Nyonya or Baba`, ""];
    case "collect_kueh": {
      const left = view.wild_left ?? 1;
      const whose = mine ? "Your" : `${shorten(ctx.seatName(view.wild_seat ?? seat), 14)}'s`;
      return [mine ? `Choose a wild Kueh · ${left} left` : `${whose} wild Kueh · ${left} left`,
        mine ? "" : `${whose} Nyonya or Baba collected a wild icon.`];
    }
    case "over":
      return ["Game over", "Most sets of 4 different Kueh wins; then most Kueh."];
    default:
      return ["Dealing the market", ""];
  }
}

/** A reminder of the rule behind the decision, beside the empty tile space. */
function aside(view) {
  if (view.phase === "pawn" || view.phase === "collect_kueh") {
    return "Nyonya: collects when her row and column are full. Baba: when all spaces around him are full.";
  }
  if (view.phase === "take") return "The tile taken from the market goes here, to be placed.";
  return "";
}

/** A choice button; one that cannot be chosen now is greyed, its words still readable (its edge
 * kept dark, as the tiles around it are). */
function button(ctx, move, x, y, w, h) {
  const legal = ctx.byText.has(move.text);
  const tx = move.icon ? x + 40 : x + w / 2;
  const anchor = move.icon ? "start" : "middle";
  return kitButton(ctx, { move: move.text, x, y, w, h, rx: 12, says: move.words, off: !legal, line: BUTTON_LINE, attrs: { "data-choice": move.text } },
    move.icon ? svg("g", { opacity: legal ? 1 : 0.45 }, move.icon(x + 20, y + h / 2)) : null,
    text(tx, y + h / 2 - 3, move.caption, { "font-size": fs(16), "font-weight": 700, "text-anchor": anchor, fill: legal ? INK : MUTED }),
    text(tx, y + h / 2 + 16, move.detail, { "font-size": fs(15), fill: MUTED, "text-anchor": anchor }));
}

/** The tile in hand, what is being decided, and its buttons; a column part or a strip. */
function hand(ctx, c, names, view, at, wide) {
  const group = svg("g", { class: "hand" });
  const height = at.h;
  group.append(svg("rect", { x: at.x, y: at.y, width: at.w, height, rx: 12, fill: PAPER, stroke: EDGE, "stroke-width": 1.5 }));
  const mine = view.to_move === ctx.you;
  const holder = !wide ? "In hand" : view.held ? (mine ? "Your tile" : `${shorten(ctx.seatName(view.to_move), 12)}'s tile`) : "No tile in hand";
  const size = wide ? 100 : 72;
  const tx = at.x + 14;
  const ty = at.y + 32;
  group.append(text(tx, at.y + 22, holder, { "font-size": fs(15), fill: MUTED, "font-weight": 600 }));
  // The place a taken tile goes to, then the tile itself or the empty space's dashed edge.
  group.append(ctx.place(svg("rect", { x: tx, y: ty, width: size, height: size, fill: "none", "pointer-events": "none" }), "hand"));
  if (view.held) {
    group.append(ctx.piece(tileFace(view.held, tx, ty, size, c, names), c.keys.get("held")));
  } else {
    group.append(svg("rect", { x: tx + 2, y: ty + 2, width: size - 4, height: size - 4, rx: 10, fill: "none", stroke: "#cdbd9c", "stroke-dasharray": "6 4" }));
  }
  const [heading, line] = decisionText(ctx, view);
  // Beside the tile on a wide window: its pattern and Kueh, then the decision below both.
  const x = wide ? at.x + 14 : at.x + size + 28;
  const w = wide ? at.w - 28 : at.w - size - 40;
  let y = wide ? ty + size + 30 : at.y + 28;
  if (!wide && view.held) {
    group.append(label(tx + size / 2, ty + size + 18, describe(view.held, c, names).pattern, { "font-size": fs(15), fill: MUTED }));
  }
  if (wide && view.held) {
    const info = describe(view.held, c, names);
    const ix = tx + size + 16;
    group.append(text(ix, ty + 20, `${info.pattern} tile`, { "font-size": fs(17), "font-weight": 700 }));
    info.icons.forEach((name, i) => {
      const iy = ty + 48 + i * 26;
      group.append(kueh(view.held.slice(1)[i], ix + 10, iy - 5, 9, names));
      group.append(text(ix + 26, iy, name, { "font-size": fs(15) }));
    });
  }
  if (wide && !view.held) {
    const ix = tx + size + 16;
    group.append(...muted(aside(view), ix, ty + 18, at.x + at.w - 14 - ix, 21));
  }
  group.append(text(x, y, heading, { "font-size": fs(18), "font-weight": 700 }));
  y += 12;
  const buttons = choiceButtons(ctx, c, names, view);
  if (!buttons.length) {
    group.append(...muted(line, x, y + 22, w, 22));
    return group;
  }
  const gap = 8;
  const bw = (w - gap) / 2;
  const bh = 60;
  const places = grid(buttons.length, { x, y, perRow: 2, dx: bw + gap, dy: bh + gap });
  buttons.forEach((move, i) => group.append(button(ctx, move, ...places[i], bw, bh)));
  return group;
}

// --- the players ----------------------------------------------------------------------------

function players(ctx, c, names, view, at, wide) {
  const group = svg("g", { class: "players" });
  const { rowHeight } = at;
  // Columns: wide rows have the name and sets above the Kueh and pawns; narrow rows are one line.
  const kx = wide ? at.x + 26 : at.x + 128;
  const kStep = wide ? 54 : 48;
  const px = wide ? at.x + at.w - 98 : at.x + at.w - 70;
  const setsX = wide ? at.x + at.w - 14 : at.x + 316;
  group.append(text(at.x + 4, at.y + 18, "Kueh collected", { "font-size": fs(15), fill: MUTED, "font-weight": 600 }));
  group.append(text(px + 26, at.y + 18, "in hand", { "font-size": fs(15), fill: MUTED, "font-weight": 600, "text-anchor": "middle" }));
  view.kueh.forEach((counts, seat) => {
    const top = at.y + 28 + seat * rowHeight;
    const turn = view.to_move === seat;
    const row = ctx.place(svg("g", { "data-player": seat }), `player:${seat}`);
    row.append(svg("rect", { x: at.x, y: top, width: at.w, height: rowHeight - 6, rx: 10, fill: turn ? "#e6f4ee" : PAPER, stroke: turn ? "#1f8a70" : EDGE, "stroke-width": turn ? 2.5 : 1.5 }));
    const sets = (view.sets || [])[seat] ?? Math.min(...counts);
    const [nyonyas, babas] = (view.hands || [])[seat] || [0, 0];
    const you = seat === ctx.you;
    const name = `${shorten(ctx.seatName(seat), wide ? 18 : 9)}${you && wide ? " (you)" : ""}`;
    const line1 = wide ? top + Math.round(rowHeight * 0.34) : top + rowHeight / 2 + 2;
    const line2 = wide ? top + Math.round(rowHeight * 0.73) : line1;
    row.append(title(`${ctx.seatName(seat)}: ${counts.map((n, k) => `${n} ${c.kuehNames[k]}`).join(", ")}`));
    row.append(seatBadge(ctx, seat, at.x + 16, line1 - 5, 9));
    row.append(text(at.x + 30, line1, name, { "font-size": fs(16), "font-weight": you ? 700 : 400 }));
    counts.forEach((count, k) => {
      const x = kx + k * kStep;
      row.append(ctx.piece(kueh(c.kuehLetters[k], x, line2 - 5, 10, names), `kueh:${seat}:${c.kuehTypes[k]}`));
      row.append(text(x + 14, line2, String(count), { "font-size": fs(16) }));
    });
    const setsText = `${sets} set${sets === 1 ? "" : "s"}`;
    row.append(text(setsX, line1, setsText, { "font-size": fs(16), "font-weight": 700, "text-anchor": wide ? "end" : "start", "data-sets": seat }));
    row.append(svg("g", {}, title(`in hand: ${nyonyas} Nyonya${nyonyas === 1 ? "" : "s"}, ${babas} Baba${babas === 1 ? "" : "s"}`),
      ctx.piece(pawn("N", seat, px, line2 - 5, ctx, 8), `pawns:${seat}:N`), text(px + 13, line2, String(nyonyas)),
      ctx.piece(pawn("B", seat, px + 36, line2 - 5, ctx, 8), `pawns:${seat}:B`), text(px + 49, line2, String(babas))));
    group.append(row);
  });
  return group;
}

// --- the legend -----------------------------------------------------------------------------

/** What each piece is: the four Kueh, the rainbow icon, a Nyonya and a Baba, each drawn with its
 * name beside it, in three rows. */
function legend(ctx, c, names, at) {
  const group = svg("g", { class: "legend", "aria-label": "Key to the pieces" });
  const kuehItem = (letter) => ({ name: letter in KUEH_COLOURS ? names[letter] : "any Kueh", icon: (x, y) => kueh(letter, x, y, at.r, names) });
  const pawnItem = (kind) => ({ name: kind === "N" ? "Nyonya" : "Baba", icon: (x, y) => pawn(kind, null, x, y, ctx, at.r + 1, true) });
  const [t, o, b, a] = c.kuehLetters;
  const rows = [[kuehItem(t), kuehItem(o)], [kuehItem(b), kuehItem(a)], [kuehItem(c.wildLetter), pawnItem("N"), pawnItem("B")]];
  const inner = at.w - 16;
  rows.forEach((items, i) => {
    const y = at.y + at.pitch * i + at.pitch / 2;
    items.forEach((item, k) => {
      const x = at.x + 8 + (k * inner) / items.length;
      group.append(svg("g", { class: "legend-item" }, item.icon(x + at.r + 2, y),
        text(x + 2 * at.r + 10, y + 5.5, item.name, { "font-size": fs(15) })));
    });
  });
  return group;
}

// --- motion ---------------------------------------------------------------------------------

/** Every tile the view shows and where it lies: a market position, "held", a space ("c3") and
 * the tile stacked on it ("c3:2"). The tile under a stack is listed, though only its shadow is
 * drawn. */
/** @typedef {{code: string, at: string, area: string, index?: number}} TileAt */
/** @returns {TileAt[]} */
function tilesOf(view, c) {
  /** @type {TileAt[]} */
  const out = [];
  (view.market || []).forEach((code, index) => {
    if (code) out.push({ code, at: c.market[index], area: "market", index });
  });
  if (view.held) out.push({ code: view.held, at: "held", area: "hand" });
  (view.board || []).forEach((line, r) => line.split(" ").forEach((spaceCode, col) => {
    if (!spaceCode || spaceCode === ".") return;
    const name = `${c.columns[col]}${r + 1}`;
    const [bottom, top] = spaceCode.split("/");
    out.push({ code: bottom, at: name, area: "board" });
    if (top) out.push({ code: top, at: `${name}:2`, area: "board" });
  }));
  return out;
}

/** Each tile's key by where it lies: its code, which names it, but where the view shows two
 * tiles of one code (the two wild tiles of a pattern) each is told apart by its place. */
function tileKeys(view, c) {
  const tiles = tilesOf(view, c);
  const count = {};
  for (const tile of tiles) count[tile.code] = (count[tile.code] || 0) + 1;
  return new Map(tiles.map((tile) => [tile.at, count[tile.code] > 1 ? `tile:${tile.code}@${tile.at}` : `tile:${tile.code}`]));
}

/** Each board pawn's key, in the view's order: its token ("N1@c3"), numbered when one seat has
 * two pawns of a kind on one stacked space. */
function pawnKeys(view) {
  const seen = {};
  return (view.pawns || []).map((token) => {
    const n = (seen[token] = (seen[token] || 0) + 1);
    return n > 1 ? `pawn:${token}#${n}` : `pawn:${token}`;
  });
}

/** How long one motion lasts at the table's pace, in ms, as the page says. */
function baseMs(change) {
  return change.ms || 500;
}

/** Which tile of the view before went where in the view after: the tiles that stayed, the
 * market's tiles in their order (they only slide away from the deck), then any other tile of
 * the same code (taken, laid, or put back by an undo); the rest are new, from the deck. */
function tileMoves(before, view, c) {
  const was = tilesOf(before, c);
  const now = tilesOf(view, c);
  const left = new Set(was);
  const moves = [];
  const pending = [];
  for (const tile of now) {
    const same = was.find((old) => left.has(old) && old.at === tile.at && old.code === tile.code);
    if (same) left.delete(same);
    else pending.push(tile);
  }
  const far = (a, b) => b.index - a.index;
  const market = [...left].filter((old) => old.area === "market").sort(far);
  let next = 0;
  for (const tile of pending.filter((t) => t.area === "market").sort(far)) {
    const i = market.findIndex((old, k) => k >= next && left.has(old) && old.code === tile.code && (old.index ?? 0) <= (tile.index ?? 0));
    if (i < 0) continue;
    next = i + 1;
    left.delete(market[i]);
    moves.push({ from: market[i], to: tile });
  }
  const first = { hand: 0, market: 1, board: 2 };
  for (const tile of pending) {
    if (moves.some((m) => m.to === tile)) continue;
    const source = [...left].filter((old) => old.code === tile.code).sort((a, b) => first[a.area] - first[b.area])[0];
    if (source) left.delete(source);
    moves.push({ from: source || null, to: tile });
  }
  return moves;
}

/** A Kueh count's changes between two views: [seat, type, +n or -n], the turn's seat first. */
function kuehChanges(before, view, c) {
  const out = [];
  const n = (view.kueh || []).length;
  const first = view.turn_seat ?? before.turn_seat ?? 0;
  for (let i = 0; i < n; i++) {
    const seat = (first + i) % n;
    c.kuehTypes.forEach((type, k) => {
      const d = ((view.kueh[seat] || [])[k] ?? 0) - (((before.kueh || [])[seat] || [])[k] ?? 0);
      if (d) out.push([seat, type, d]);
    });
  }
  return out;
}

/** The pawns of the view after that the view before had not (added), the other way round
 * (removed), and those that left a hand but are on no space (spent: laid where they collected
 * at once, so no view shows them on the board). */
function pawnChanges(before, view) {
  const was = pawnKeys(before);
  const now = pawnKeys(view);
  // Every key of pawnKeys matches.
  const token = (key) => /** @type {RegExpExecArray} */ (/^pawn:([NB])(\d+)@/.exec(key));
  const pawn = (key) => ({ key, kind: token(key)[1], seat: Number(token(key)[2]) });
  const added = now.filter((key) => !was.includes(key)).map(pawn);
  const removed = was.filter((key) => !now.includes(key)).map(pawn);
  const spent = [];
  (view.hands || []).forEach((hand, seat) => {
    ["N", "B"].forEach((kind, k) => {
      const left = (((before.hands || [])[seat] || [])[k] ?? 0) - (hand[k] ?? 0);
      const laid = added.filter((p) => p.seat === seat && p.kind === kind).length;
      for (let i = laid; i < left; i++) spent.push({ seat, kind });
    });
  });
  return { added, removed, spent };
}

/** The space the turn's tile went to: the view's before the step, else the steps' record. */
function placedCell(change) {
  if (change.before.placed) return change.before.placed;
  const cells = (change.steps || []).map((entry) => entry.record?.cell).filter(Boolean);
  return cells.at(-1) || null;
}

/**
 * What moved in a step, from the views before and after it (everything here is public but the
 * deck's order, and a tile shows only once the view turns it up): the tile taken from its
 * market slot to the hand, laid from the hand on its space, the market sliding away from the
 * deck and the deck's next tile turned up (a tile laid from the deck into a slot comes from the
 * deck), a pawn from the button it was chosen with onto its tile, and each Kueh, one after
 * another, from its supply to the row of the player who gets it. A pawn that has collected
 * leaves for its owner's row. An undo plays the same back: the tile returns to the hand or its
 * slot, the Kueh to its supply.
 * @param {import("../types.js").PeranakanChange} change
 */
export function motions(change) {
  const { before, view } = change;
  if (!before || !view || !before.market || !view.market) return [];
  const c = components({ components: change.components || {} });
  if (!c.market || !c.kuehTypes) return [];
  const ms = baseMs(change);
  const stagger = Math.round(Math.min(120, ms * 0.3));
  const wasKeys = tileKeys(before, c);
  const nowKeys = tileKeys(view, c);
  const out = [];
  const slides = [];
  const fresh = [];
  let moved = false;
  // Tiles go market, hand, board; one going back (an undo) returns.
  const order = { market: 0, hand: 1, board: 2 };
  for (const { from, to } of tileMoves(before, view, c)) {
    const key = nowKeys.get(to.at);
    if (!from) {
      fresh.push({ key, to });
      continue;
    }
    const old = wasKeys.get(from.at);
    if (from.area === "market" && to.area === "market") {
      slides.push({ kind: "slide", piece: key, from: old });
      continue;
    }
    const kind = order[to.area] < order[from.area] ? "return" : to.area === "hand" ? "take" : "place";
    out.push({ kind, piece: key, from: old });
    moved = true;
  }
  const pawns = pawnChanges(before, view);
  // A pawn comes from the button it was chosen with, when the drawing before showed the choice,
  // else from its owner's row. One that collected as soon as it was laid is on no board the
  // views show: a copy of it goes to its space and is spent there.
  const chosen = (seat, kind) => (before.phase === "pawn" && before.to_move === seat ? `choice:${kind}` : `pawns:${seat}:${kind}`);
  for (const { key, kind, seat } of pawns.added) out.push({ kind: "pawn", piece: key, from: chosen(seat, kind) });
  const cell = placedCell(change);
  for (const { kind, seat } of cell ? pawns.spent : []) out.push({ kind: "pawn", leave: chosen(seat, kind), to: `cell:${cell}` });
  const laid = pawns.added.length || (cell && pawns.spent.length);
  const collectAt = laid ? Math.round(ms * 0.9) : moved ? Math.round(ms * 0.35) : 0;
  for (const { key, seat } of pawns.removed) out.push({ kind: "retire", leave: key, to: `player:${seat}`, delay: collectAt });
  let n = 0;
  for (const [seat, type, d] of kuehChanges(before, view, c)) {
    for (let i = 0; i < Math.abs(d); i++) {
      const delay = collectAt + n * stagger;
      n += 1;
      out.push(d > 0
        ? { kind: "kueh", leave: `supply:${type}`, to: `kueh:${seat}:${type}`, delay }
        : { kind: "kueh", leave: `kueh:${seat}:${type}`, to: `supply:${type}`, delay });
    }
    if (d > 0) out.push({ kind: "kueh", mark: `kueh:${seat}:${type}`, delay: collectAt + (n - 1) * stagger + Math.round(ms * 0.8), ms: Math.round(ms * 0.6) });
  }
  // Then the market slides along, and the deck turns up its next tile.
  const busy = out.reduce((end, m) => Math.max(end, (m.delay || 0) + (m.ms || ms)), 0);
  const slideAt = busy ? Math.round(busy - ms * 0.1) : 0;
  for (const slide of slides) out.push({ ...slide, delay: slideAt });
  const revealAt = slides.length ? slideAt + Math.round(ms * 0.6) : busy;
  fresh.forEach(({ key, to }, i) => {
    out.push(to.area === "market" && to.index === 0
      ? { kind: "reveal", flip: key, delay: revealAt }
      : { kind: "deal", piece: key, from: "deck", delay: revealAt + i * stagger });
  });
  return out;
}

/** @param {import("../types.js").PeranakanContext} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const c = components(ctx);
  const names = Object.fromEntries(c.kuehLetters.map((l, i) => [l, c.kuehNames[i]]));
  names[c.wildLetter] = "any Kueh";
  c.keys = tileKeys(view, c);
  const at = geometry(ctx, c);
  smallest = at.small;
  // Drawn in the order pieces travel (market to hand to board, players' rows to board), so a
  // piece on its way passes over what it crosses; no two parts overlap.
  return svg("svg", { viewBox: `0 0 ${at.width} ${at.height}`, role: "img", "aria-label": "Peranakan table", "font-family": "inherit" },
    market(ctx, c, names, view, at.market),
    hand(ctx, c, names, view, at.hand, at.wide),
    players(ctx, c, names, view, at.players, at.wide),
    legend(ctx, c, names, at.legend),
    board(ctx, c, names, view, at.board));
}

/** @param {import("../types.js").PeranakanContext} ctx */
export function hint(ctx) {
  const view = ctx.view;
  return {
    take: "take a tile from the market, with the Kueh below it",
    choose_kueh: "the wild slot gives any Kueh: choose one",
    collect_kueh: `your Nyonya or Baba collected a wild icon: choose any Kueh (${view.wild_left ?? 1} to choose)`,
    place: "place your tile on the board",
    pawn: `add a Nyonya or Baba on ${view.placed}, or not`,
  }[view.phase] || "";
}

/**
 * A move in words, for the list of moves: "Take the Butterfly tile showing Tutu Kueh from
 * Slot 2, with 1 Kueh Bahulu", "Stack your tile on c3", "Add a Baba on c3".
 * @param {import("../types.js").PeranakanContext} ctx
 * @param {string} move
 */
export function moveWords(ctx, move) {
  const view = ctx.view || {};
  const c = components(ctx);
  if (!c.kuehTypes) return null;
  const names = Object.fromEntries(c.kuehLetters.map((l, i) => [l, c.kuehNames[i]]));
  let m = /^take (\S+)$/.exec(move);
  if (m) {
    const i = c.market.indexOf(m[1]);
    if (i < 0) return null;
    const code = (view.market || [])[i];
    const tile = code ? `the ${describe(code, c, names).words}` : "the tile";
    const where = i === 0 ? "the deck" : `Slot ${i}`;
    const next = c.supplyNextTo[i];
    const gets = next === c.wild ? "any 1 Kueh" : next === undefined ? "" : `1 ${c.kuehNames[next]}`;
    return `Take ${tile} from ${where}${gets ? `, with ${gets}` : ""}`;
  }
  m = /^kueh (\S+)$/.exec(move);
  if (m) {
    const k = c.kuehTypes.indexOf(m[1]);
    return k < 0 ? null : `Choose ${c.kuehNames[k]}`;
  }
  m = /^place ([a-z]\d+)$/.exec(move);
  if (m) {
    const col = c.columns.indexOf(m[1][0]);
    const spaceCode = ((view.board || [])[Number(m[1].slice(1)) - 1] || "").split(" ")[col];
    return `${spaceCode && spaceCode !== "." ? "Stack" : "Place"} your tile on ${m[1]}`;
  }
  if (move === "nyonya") return `Add a Nyonya on ${view.placed}`;
  if (move === "baba") return `Add a Baba on ${view.placed}`;
  if (move === "no pawn") return "Add no Nyonya or Baba";
  return null;
}
