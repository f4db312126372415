// @ts-check
// Te Kuiti: the 5x5 field of face-down tiles with the fences between them. Every kind of tile
// is drawn as itself (five sheep that differ in shape and marks, not in colour alone, the ram,
// the shepherd and the daisy), and a key beside the field says in words what each symbol and
// mark means.

import { duration } from "../motion.js";
import { label, pretty, svg, title, wrapWords } from "../svg.js";
import { button, flow, palette, paragraph, seatDot as kitSeatDot } from "../ui.js";

const W = 600;
const TILE = 84;
const GAP = 22;
const PITCH = TILE + GAP;
const Y0 = 70;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** The pitch of the small field a round ended on, drawn in the panel: wide, and on a phone. */
const MINI = 30;
const MINI_NARROW = 46;
/** Half the width of a fence's tap band: at least 24 px across on a phone's 0.6 scale. */
const HIT = 22;
/** The dark edge that keeps a mark visible on the green field and on every tile. */
const INK = "#1b1b1b";
/** The red of tiles turning back: 3:1 against the field and the tiles, and under white text. */
const TURN_BACK = "#9c3a25";
/** The wood of a fence. */
const WOOD = "#7a4b1e";
/** A sheep's wool, and the dark of its face, legs and outline. */
const WOOL = "#fffdf6";
const DARK = "#2b2620";
/** Brown text of the panel: 7:1 on the page. */
const { note: PANEL_INK } = palette();

/**
 * The field's size from the game's components, and where it sits: a grid of PITCH at (x0, y0).
 * text is the board's usual text size: on a narrow window, where the board is scaled down to
 * about 0.6, big enough to stay 12 px high on a phone.
 */
function fieldShape(ctx) {
  const cols = ctx.components.COLS;
  const rows = ctx.components.ROWS;
  const x0 = ctx.wide ? 50 : W - PITCH * cols - HIT - 8;
  const text = ctx.wide ? 15 : 20;
  return { cols, rows, x0, y0: Y0, pitch: PITCH, columns: LETTERS.slice(0, cols), text, wide: ctx.wide };
}
/** Tiles that leave the field alone when turned up, to lie aside: not sheep of a pair. */
const LONE_TILES = new Set(["ram", "shepherd"]);
/** How small a tile lying aside is drawn while it travels there (and the size it ends at). */
const ASIDE = 0.4;
/**
 * A tile's face that lies only in a view's counts of what left the field ("transit" pieces)
 * shows only while it moves there; motion.js wraps a moving piece in [data-motion] (its kind
 * "taken" when the panel merely shifts it, which must not show it).
 */
const TRANSIT_STYLE = "#board .tk-transit { visibility: hidden; }"
  + " #board [data-motion]:not([data-motion=\"taken\"]) > .tk-transit { visibility: visible; }";

/** Name node as a piece that may move (when the page can move pieces). */
function piece(ctx, node, key) {
  return ctx.piece ? ctx.piece(node, key) : node;
}

/** Name node as a place pieces come from or go to. */
function place(ctx, node, name) {
  return ctx.place ? ctx.place(node, name) : node;
}

/**
 * The key of the tile on a cell: the same tile, face down or up, for the whole round (a new
 * round deals new tiles). Never its face: a face-down tile is known by where it lies.
 */
function tileKey(view, cell) {
  return `tile:r${view.round ?? 1}:${cell}`;
}

/** The five kinds of sheep, in the rulebook's order. */
const SHEEP = ["joyful", "sleepy", "timid", "angry", "dreamy"];
/** Every kind of tile face in the order the panel lists them. */
const KINDS = [...SHEEP, "ram", "shepherd"];

/** Each kind of tile in words, as a person names it. */
const KIND_WORDS = {
  joyful: "Joyful sheep",
  sleepy: "Sleepy sheep",
  timid: "Timid sheep",
  angry: "Angry sheep",
  dreamy: "Dreamy sheep",
  ram: "Ram",
  shepherd: "Shepherd",
};

/** How each sheep is drawn, in words, so that the key says what to look for. */
const SHEEP_LOOKS = {
  joyful: "leaping and smiling, with sparkles",
  sleepy: "lying down with its eyes closed and Zs",
  timid: "curled up and peeking, with a drop of sweat",
  angry: "spiky wool and a frown, with an anger mark",
  dreamy: "with a thought bubble holding a heart",
};

/** A soft ground for each kind of tile: a second cue beside the picture, never the only one. */
const TILE_TINT = {
  joyful: "#fff1bf",
  sleepy: "#e7e0f7",
  timid: "#dcedfb",
  angry: "#fbdcd4",
  dreamy: "#f9e1ee",
  ram: "#efe5cf",
  shepherd: "#e2eedb",
};

/** A daisy's side of its tile in words. */
const SIDE_WORDS = { north: "top", east: "right", south: "bottom", west: "left" };

/** A face as the view writes it ("joyful_daisy east", "ram"): its kind, daisy and side. */
function parseFace(face) {
  const [name, side = null] = String(face).split(" ");
  const daisy = name.endsWith("_daisy");
  return { base: daisy ? name.slice(0, -"_daisy".length) : name, daisy, side };
}

/** A face in words: "Sleepy sheep with a daisy on its right side". */
function faceWords(face) {
  const { base, daisy, side } = parseFace(face);
  const kind = KIND_WORDS[base] || pretty(base);
  if (!daisy) return kind;
  return side ? `${kind} with a daisy on its ${SIDE_WORDS[side] || side} side` : `${kind} with a daisy`;
}

/** A four-pointed sparkle centred at (x, y). */
function sparkle(x, y, r) {
  return svg("path", {
    d: `M${x},${y - r} Q${x},${y} ${x + r},${y} Q${x},${y} ${x},${y + r} Q${x},${y} ${x - r},${y} Q${x},${y} ${x},${y - r} Z`,
    fill: "#f2c200", stroke: DARK, "stroke-width": 1, "stroke-linejoin": "round",
  });
}

/** A fleece of overlapping puffs [x, y, r] with one dark outline round the whole of it. */
function cloud(puffs, edge = 2.4) {
  return [
    ...puffs.map(([cx, cy, r]) => svg("circle", { cx, cy, r: r + edge, fill: DARK })),
    ...puffs.map(([cx, cy, r]) => svg("circle", { cx, cy, r, fill: WOOL })),
  ];
}

/** Dark legs, each [x1, y1, x2, y2]. */
function legs(list, width = 3.6) {
  return list.map(([x1, y1, x2, y2]) => svg("line", { x1, y1, x2, y2, stroke: DARK, "stroke-width": width, "stroke-linecap": "round" }));
}

/** An ellipse, turned by angle degrees about its centre. */
function oval(cx, cy, rx, ry, fill, angle = 0, attrs = {}) {
  return svg("ellipse", { cx, cy, rx, ry, fill, transform: angle ? `rotate(${angle} ${cx} ${cy})` : null, ...attrs });
}

/** An open line drawn with round ends (an eye, a mouth, a Z). */
function stroke(d, colour = "#fff", width = 1.8) {
  return svg("path", { d, fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" });
}

/**
 * Each symbol of the game, drawn about (0, 0) within about 60 x 56 units. The five sheep differ
 * in outline and marks (a leaping sheep with sparkles, a sheep lying down with Zs, a sheep
 * curled up with a drop of sweat, a spiky sheep with an anger mark, a sheep with a thought
 * bubble), so that they stay apart in grey and to every eye; the ram is a face with curled
 * horns, the shepherd a figure with a hat and a crook.
 */
const SYMBOLS = {
  joyful: () => [
    ...legs([[-12, 6, -19, 19], [-5, 9, -8, 21], [6, 9, 9, 21], [12, 6, 19, 19]]),
    ...cloud([[-12, -1, 8], [-3, -6, 9], [7, -3, 8], [-7, 6, 8], [5, 6, 8]]),
    oval(10, -17, 5, 2.5, DARK, -35),
    oval(24, -17, 5, 2.5, DARK, 35),
    oval(17, -9, 8, 9.5, DARK),
    stroke("M12.5,-11 q2,-3.5 4,0"),
    stroke("M18.5,-11 q2,-3.5 4,0"),
    svg("path", { d: "M12.5,-5 q4.5,7 9,0 z", fill: "#fff" }),
    sparkle(-22, -19, 6),
    sparkle(-11, -25, 4),
  ],
  sleepy: () => [
    ...cloud([[-19, 10, 8], [-9, 6, 9.5], [2, 6, 9.5], [12, 10, 8], [-12, 14, 7], [5, 14, 7]]),
    oval(15, 7, 5, 2.5, DARK, 25),
    oval(23, 13, 9, 7.5, DARK, 20),
    stroke("M19.5,12 q3,3 6,0.5", "#fff", 2.2),
    stroke("M1,-9 h9 l-9,10 h9", DARK, 2.6),
    stroke("M14,-21 h7 l-7,8 h7", DARK, 2.2),
    stroke("M25,-29 h5 l-5,5.5 h5", DARK, 1.8),
  ],
  timid: () => [
    ...legs([[-4, 14, -4, 21], [5, 14, 5, 21]], 3.2),
    ...cloud([[2, -4, 10], [-6, 4, 10], [10, 4, 10], [2, 10, 9], [-2, -11, 7], [9, -9, 7]]),
    oval(-15, 1, 7, 8, DARK),
    svg("circle", { cx: -18, cy: -1, r: 2.8, fill: "#fff" }),
    svg("circle", { cx: -12.5, cy: -1, r: 2.8, fill: "#fff" }),
    svg("circle", { cx: -19, cy: -0.4, r: 1.3, fill: DARK }),
    svg("circle", { cx: -13.5, cy: -0.4, r: 1.3, fill: DARK }),
    stroke("M-18,5 q1.5,-1.5 3,0 q1.5,1.5 3,0", "#fff", 1.3),
    svg("path", { d: "M-25,-17 q-3.5,5 0,7.5 q3.5,-2.5 0,-7.5 z", fill: "#9fd3f5", stroke: DARK, "stroke-width": 1.2 }),
    stroke("M23,-8 q3.5,6 0,12", DARK, 1.8),
    stroke("M28,-11 q5,9 0,18", DARK, 1.8),
  ],
  angry: () => {
    const points = [];
    for (let i = 0; i < 16; i++) {
      const angle = (i * Math.PI) / 8;
      const r = i % 2 ? 12 : 19;
      points.push(`${(-3 + r * 1.15 * Math.cos(angle)).toFixed(1)},${(2 + r * 0.9 * Math.sin(angle)).toFixed(1)}`);
    }
    return [
      ...legs([[-11, 12, -11, 22], [-3, 14, -3, 23], [5, 14, 5, 23], [11, 12, 11, 21]]),
      svg("polygon", { points: points.join(" "), fill: WOOL, stroke: DARK, "stroke-width": 2.4, "stroke-linejoin": "miter" }),
      oval(18, -5, 8.5, 9.5, DARK),
      stroke("M12,-11.5 l5.5,3.5", "#fff", 2.2),
      stroke("M24.5,-11.5 l-5.5,3.5", "#fff", 2.2),
      svg("circle", { cx: 15.2, cy: -5.5, r: 1.6, fill: "#fff" }),
      svg("circle", { cx: 21, cy: -5.5, r: 1.6, fill: "#fff" }),
      stroke("M14,2 q4,-4 8,0"),
      stroke("M-28,-22 q4,0 4,-4 M-20,-26 q0,4 4,4 M-16,-18 q-4,0 -4,4 M-24,-14 q0,-4 -4,-4", "#b3261e", 2.4),
    ];
  },
  dreamy: () => [
    ...legs([[-9, 10, -9, 20], [-2, 12, -2, 22], [6, 12, 6, 22], [12, 10, 12, 20]]),
    ...cloud([[-8, 6, 8.5], [2, 2, 9.5], [11, 6, 8], [-3, 12, 7], [7, 12, 7]]),
    oval(13, -7, 5, 2.5, DARK, -30),
    oval(20, -1, 8, 9, DARK, -20),
    svg("circle", { cx: 17, cy: -3, r: 2.4, fill: "#fff" }),
    svg("circle", { cx: 22.5, cy: -4, r: 2.4, fill: "#fff" }),
    svg("circle", { cx: 17.4, cy: -4.3, r: 1.1, fill: DARK }),
    svg("circle", { cx: 22.9, cy: -5.3, r: 1.1, fill: DARK }),
    stroke("M16.5,3.5 q3,2.5 6,0", "#fff", 1.4),
    ...cloud([[9, -12, 1.8], [3, -17, 2.6]], 1.4),
    ...cloud([[-18, -19, 5.5], [-12, -24, 6], [-5, -21, 6], [-11, -16, 6]], 1.6),
    svg("path", { d: "M-11.5,-15.5 c-5,-3.5 -5,-8.5 -2,-8.5 c1.2,0 2,1 2,2 c0,-1 0.8,-2 2,-2 c3,0 3,5 -2,8.5 z", fill: "#c2255c", stroke: DARK, "stroke-width": 0.8 }),
  ],
  ram: () => [
    ...[-1, 1].flatMap((s) => {
      const d = `M${s * 7},-9 C${s * 24},-21 ${s * 31},2 ${s * 20},9 C${s * 12},13 ${s * 9},2 ${s * 16},1`;
      return [stroke(d, DARK, 7.5), stroke(d, "#a8803f", 4.5)];
    }),
    oval(0, 3, 10, 15, "#eee6d2", 0, { stroke: DARK, "stroke-width": 2 }),
    ...cloud([[-6, -11, 4.5], [0, -13, 5], [6, -11, 4.5]], 1.8),
    svg("circle", { cx: -4.5, cy: 0, r: 2, fill: DARK }),
    svg("circle", { cx: 4.5, cy: 0, r: 2, fill: DARK }),
    stroke("M-4,11 q4,4.5 8,0", DARK, 2),
  ],
  shepherd: () => [
    stroke("M14,25 V-13 q0,-9 6,-9 q6,0 6,6", DARK, 6),
    stroke("M14,25 V-13 q0,-9 6,-9 q6,0 6,6", "#8a5a2b", 3.4),
    svg("path", { d: "M-18,25 L-13,-1 Q-5,-5 3,-1 L8,25 Z", fill: "#557a95", stroke: DARK, "stroke-width": 2 }),
    svg("circle", { cx: 14, cy: 3, r: 2.8, fill: "#e8c39e", stroke: DARK, "stroke-width": 1.2 }),
    svg("circle", { cx: -5, cy: -9, r: 6.5, fill: "#e8c39e", stroke: DARK, "stroke-width": 1.6 }),
    oval(-5, -14, 11.5, 3, "#6d4c22", 0, { stroke: DARK, "stroke-width": 1.4 }),
    svg("path", { d: "M-11,-14 q0,-9 6,-9 q6,0 6,9 z", fill: "#6d4c22", stroke: DARK, "stroke-width": 1.4 }),
  ],
  daisy: () => [
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => oval(0, -6.5, 3, 5.5, "#fff", i * 45, { stroke: "#5a4d2a", "stroke-width": 1.1, transform: `rotate(${i * 45})` })),
    svg("circle", { cx: 0, cy: 0, r: 4, fill: "#f2c200", stroke: "#5a4d2a", "stroke-width": 1.1 }),
  ],
  fence: () => [
    svg("line", { x1: -24, y1: 0, x2: 24, y2: 0, stroke: WOOD, "stroke-width": 10, "stroke-linecap": "round" }),
    svg("line", { x1: -18, y1: -1.5, x2: 18, y2: -1.5, stroke: "#a7743f", "stroke-width": 2, "stroke-linecap": "round" }),
  ],
};

/** A symbol drawn centred at (cx, cy), scale times its size; data-symbol names it for tests. */
function picture(kind, cx, cy, scale) {
  return svg("g", { transform: `translate(${cx} ${cy}) scale(${scale})` },
    svg("g", { "data-symbol": kind }, ...SYMBOLS[kind]()));
}

/**
 * Where a daisy lies on a tile at (x, y): inside the side it faces (a solo tile's daisy puts a
 * fence on that side, T9), or in the top right corner when the view gives no side.
 */
function daisySpot(x, y, side) {
  const spots = { north: [42, 11], east: [72, 40], south: [42, 74], west: [12, 40] };
  const [dx, dy] = spots[side] || [71, 13];
  return [x + dx, y + dy];
}

/** Where a face-up tile at (x, y) writes its kind's name: at its top when a daisy takes its foot. */
function faceNameY(face, y) {
  const { daisy, side } = parseFace(face);
  return daisy && side === "south" ? y + 14 : y + TILE - 13;
}

/** The size of a face-up tile's name on the field: big enough on a phone's scaled-down board. */
function faceNameSize(wide) {
  return wide ? 13 : 20;
}

/** A face-up tile: its kind drawn, its daisy if it has one, its kind's name unless !named. */
function faceUp(face, x, y, size, named = true) {
  const { base, daisy, side } = parseFace(face);
  const group = svg("g", { class: "face-up", "data-face": face, role: "img", "aria-label": faceWords(face) }, title(faceWords(face)));
  group.append(svg("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 10, fill: TILE_TINT[base] || "#f7f3e6", stroke: "#6b5b3e", "stroke-width": 2 }));
  // The name goes to the top when the daisy takes the bottom.
  const nameOnTop = daisy && side === "south";
  const cy = y + (named ? (nameOnTop ? 47 : 34) : 42);
  const scale = named ? (nameOnTop ? 0.82 : 0.95) : 1.05;
  // A daisy on the right side leaves the sheep's head room.
  const shift = named && side === "east" ? -5 : 0;
  if (SYMBOLS[base]) group.append(picture(base, x + TILE / 2 + shift, cy, scale));
  if (named) group.append(label(x + TILE / 2, faceNameY(face, y), pretty(base), { "font-size": size, "font-weight": 600, fill: INK }));
  if (daisy) group.append(picture("daisy", ...daisySpot(x, y, side), 0.68));
  return group;
}

function faceDown(x, y) {
  return svg("g", { class: "face-down", role: "img", "aria-label": "face-down tile" }, title("face-down tile"),
    svg("rect", { x: x + 2, y: y + 2, width: TILE - 4, height: TILE - 4, rx: 10, fill: "#4f7a3a", stroke: "#2f4a22", "stroke-width": 2 }),
    svg("rect", { x: x + 10, y: y + 10, width: TILE - 20, height: TILE - 20, rx: 6, fill: "none", stroke: "rgba(255,255,255,0.35)", "stroke-width": 2, "stroke-dasharray": "4 4" }));
}

/** The hatching of a tile fenced in, defined once for the drawing. */
function hatchDefs() {
  return svg("defs", {},
    svg("pattern", { id: "tk-hatch", width: 9, height: 9, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 9, stroke: "#4a2a0c", "stroke-width": 3.2, "stroke-opacity": 0.7 })));
}

/** The mark of a tile fenced in: a brown shade and diagonal hatching, so grey tells it too. */
function fencedIn(x, y, size, rx = 10) {
  return svg("g", { class: "fenced-in", "pointer-events": "none" },
    svg("rect", { x, y, width: size, height: size, rx, fill: "rgba(120, 72, 28, 0.3)" }),
    svg("rect", { x, y, width: size, height: size, rx, fill: "url(#tk-hatch)" }));
}

/**
 * The mark on a turned tile that does not match: both players see it until the next move. On a
 * narrow window its tag has no room for words big enough; the panel below says it instead.
 */
function turnBackMark(x, y, wide) {
  const tag = turnBackTag(x, y);
  return svg("g", { class: "turning-back", "data-turning-back": "" }, title("no match: turned back face down after the next move"),
    svg("rect", { x: x - 3, y: y - 3, width: TILE + 6, height: TILE + 6, rx: 12, fill: "none", stroke: TURN_BACK, "stroke-width": 4, "stroke-dasharray": "7 5" }),
    // A thin tag, so that a daisy on the tile's top side stays in sight under it.
    wide ? svg("rect", { ...tag, rx: 5, fill: TURN_BACK }) : null,
    wide ? label(x + TILE / 2, y - 3, "turned back next", { "font-size": 10, fill: "#fff", "font-weight": 700 }) : null);
}

/** The box of the "turned back next" tag on a wide board, over the top of the tile at (x, y). */
function turnBackTag(x, y) {
  return { x: x - 4, y: y - 10, width: TILE + 8, height: 14 };
}

/** Where a fence stands in words, as the log says it: "between b2 and b3", "above b1". */
function fenceWords(shape, name) {
  const col = shape.columns.indexOf(name[0]);
  const row = Number.parseInt(name.slice(1, -1), 10);
  const side = name[name.length - 1];
  const cell = `${name[0]}${row}`;
  const at = (c, r) => `${shape.columns[c]}${r}`;
  if (side === "n") return row > 1 ? `between ${at(col, row - 1)} and ${cell}` : `above ${cell}`;
  if (side === "w") return col > 0 ? `between ${at(col - 1, row)} and ${cell}` : `left of ${cell}`;
  if (side === "s") return row < shape.rows ? `between ${cell} and ${at(col, row + 1)}` : `below ${cell}`;
  return col < shape.cols - 1 ? `between ${cell} and ${at(col + 1, row)}` : `right of ${cell}`;
}

/** A cell's name from its index in the view's cells. */
function cellName(index, cols) {
  return `${LETTERS[index % cols]}${Math.floor(index / cols) + 1}`;
}

/**
 * The small field a round ended on, its tiles as they lay (each face drawn as on the field),
 * its fences and what they fenced in. Tiles that lay face down stay face down: the game never
 * shows them (view.py), so neither does the board.
 */
function endedField(shape, ended, x, y, k) {
  const size = shape.wide ? MINI : MINI_NARROW;
  const group = svg("g", { class: "ended-field", "data-ended-round": ended.round });
  group.append(svg("rect", { x: x - 4, y: y - 4, width: size * shape.cols + 8, height: size * shape.rows + 8, rx: 6, fill: "#a9c97f", stroke: "#6f8f4a" }));
  const enclosed = new Set(ended.enclosed || []);
  ended.cells.forEach((state, index) => {
    const name = cellName(index, shape.cols);
    const cx = x + (index % shape.cols) * size;
    const cy = y + Math.floor(index / shape.cols) * size;
    const tip = state === "down" ? "face down" : state === "gone" ? "taken off the field" : faceWords(state);
    const cell = svg("g", { "data-ended-cell": name }, title(`${name}: ${tip}${enclosed.has(name) ? ", fenced in" : ""}`));
    if (state === "down") cell.append(svg("rect", { x: cx + 2, y: cy + 2, width: size - 4, height: size - 4, rx: 4, fill: "#4f7a3a", stroke: "#2f4a22" }));
    else if (state === "gone") cell.append(svg("rect", { x: cx + 4, y: cy + 4, width: size - 8, height: size - 8, rx: 3, fill: "none", stroke: "#6f8a4e", "stroke-dasharray": "3 3" }));
    else {
      const { base, daisy } = parseFace(state);
      cell.append(svg("rect", { x: cx + 2, y: cy + 2, width: size - 4, height: size - 4, rx: 4, fill: TILE_TINT[base] || "#f7f3e6", stroke: "#6b5b3e" }));
      if (SYMBOLS[base]) cell.append(picture(base, cx + size / 2, cy + size / 2, (size - 5) / 62));
      if (daisy) cell.append(picture("daisy", cx + size - 7 * k, cy + 7 * k, 0.3 * k));
    }
    if (enclosed.has(name)) cell.append(fencedIn(cx + 1, cy + 1, size - 2, 4));
    group.append(cell);
  });
  for (const fence of ended.fences || []) {
    const grid = { ...shape, x0: x, y0: y, pitch: size };
    group.append(svg("line", { ...inset(fenceLine(grid, fence), 2), stroke: WOOD, "stroke-width": 4 * k, "stroke-linecap": "round" }));
  }
  return group;
}

function cellXY(shape, name) {
  const col = shape.columns.indexOf(name[0]);
  const row = Number.parseInt(name.slice(1), 10) - 1;
  return [shape.x0 + col * shape.pitch, shape.y0 + row * shape.pitch];
}

/** The two ends of a fence such as "c2n" (north side of c2). @returns {[number, number, number, number]} */
function fenceLine(shape, name) {
  const [x, y] = cellXY(shape, name);
  const p = shape.pitch;
  const side = name[name.length - 1];
  if (side === "n") return [x, y, x + p, y];
  if (side === "s") return [x, y + p, x + p, y + p];
  if (side === "w") return [x, y, x, y + p];
  return [x + p, y, x + p, y + p];
}

/** A fence line shortened by d at both ends, as SVG line attributes. */
function inset([x1, y1, x2, y2], d) {
  return y1 === y2 ? { x1: x1 + d, y1, x2: x2 - d, y2 } : { x1, y1: y1 + d, x2, y2: y2 - d };
}

/**
 * An invisible band along a fence line that is easy to hit with a finger: 2 * HIT across,
 * pointed at both ends, so that the bands of fences meeting at a corner do not overlap.
 */
function hitArea([x1, y1, x2, y2]) {
  const h = HIT;
  const d = y1 === y2
    ? `M${x1 + 2},${y1} L${x1 + h + 2},${y1 - h} H${x2 - h - 2} L${x2 - 2},${y1} L${x2 - h - 2},${y1 + h} H${x1 + h + 2} Z`
    : `M${x1},${y1 + 2} L${x1 + h},${y1 + h + 2} V${y2 - h - 2} L${x1},${y2 - 2} L${x1 - h},${y2 - h - 2} V${y1 + h + 2} Z`;
  return svg("path", { d, fill: "transparent", class: "hit" });
}

/**
 * The pairs the sheep player may collect now (end-of-round mode), from the legal moves: each
 * "collect a1 b2" with its two cells.
 */
function pairMoves(ctx) {
  const out = [];
  for (const move of ctx.legal) {
    const match = /^collect ([a-z]\d+) ([a-z]\d+)$/.exec(move.text);
    if (match) out.push({ text: move.text, cells: [match[1], match[2]] });
  }
  return out;
}

function field(ctx, shape, view) {
  const group = svg("g", { class: "field" });
  group.append(svg("rect", { x: shape.x0 - 16, y: Y0 - 16, width: PITCH * shape.cols + 32, height: PITCH * shape.rows + 32, rx: 18, fill: "#a9c97f", stroke: "#6f8f4a", "stroke-width": 3 }));
  const enclosed = new Set(view.enclosed || []);
  const turningBack = new Set(view.turning_back || []);
  const pairs = pairMoves(ctx);
  const chosen = (ctx.selection || []).find((key) => key.startsWith("pair:"))?.slice(5) ?? null;
  (view.cells || []).forEach((state, index) => {
    const name = cellName(index, shape.cols);
    const [cx, cy] = cellXY(shape, name);
    const x = cx + GAP / 2;
    const y = cy + GAP / 2;
    const cell = svg("g", { "data-cell": name });
    const fenced = enclosed.has(name) ? ", fenced in" : "";
    let tip = `${name}: taken off the field`;
    if (state === "down") tip = `${name}: face-down tile${fenced}`;
    else if (state !== "gone") tip = `${name}: ${faceWords(state)}, face up${fenced}`;
    cell.append(svg("rect", { class: "hl", x, y, width: TILE, height: TILE, rx: 10, fill: "none", stroke: "transparent", "stroke-width": 4 }));
    if (state === "down") cell.append(piece(ctx, faceDown(x, y), tileKey(view, name)));
    else if (state === "gone") cell.append(svg("rect", { x: x + 6, y: y + 6, width: TILE - 12, height: TILE - 12, rx: 8, fill: "none", stroke: "#6f8a4e", "stroke-width": 1.5, "stroke-dasharray": "5 5" }));
    else cell.append(piece(ctx, faceUp(state, x, y, faceNameSize(shape.wide)), tileKey(view, name)));
    if (enclosed.has(name)) cell.append(fencedIn(x, y, TILE));
    if (turningBack.has(name)) cell.append(turnBackMark(x, y, shape.wide));
    if (view.flipping === name) cell.append(ring(x - 3, y - 3, TILE + 6, TILE + 6, "#ffd34d"));
    const flip = `flip ${name}`;
    const mine = pairs.filter((pair) => pair.cells.includes(name));
    if (ctx.byText?.has(flip)) {
      cell.prepend(title(`turn over the face-down tile on ${name}`));
      ctx.target(cell, flip);
    } else if (chosen && chosen !== name && mine.some((pair) => pair.cells.includes(chosen))) {
      const pair = /** @type {{text: string, cells: string[]}} */ (mine.find((p) => p.cells.includes(chosen)));
      cell.prepend(title(`collect the ${faceWords(state).toLowerCase()} on ${name} with the one on ${chosen}`));
      ctx.target(cell, pair.text);
    } else if (mine.length && ctx.pick) {
      cell.prepend(title(`${name}: ${faceWords(state)}: choose it, then a matching sheep, to collect the pair`));
      ctx.pick(cell, `pair:${name}`, 0);
    } else {
      cell.prepend(title(tip));
    }
    group.append(cell);
  });
  for (let i = 0; i < shape.cols; i++) {
    group.append(label(shape.x0 + i * PITCH + PITCH / 2, Y0 - 30, shape.columns[i], { "font-size": shape.text, fill: "#3d4d2a", "aria-hidden": "true" }));
  }
  for (let i = 0; i < shape.rows; i++) {
    group.append(label(shape.x0 - 30, Y0 + i * PITCH + PITCH / 2, String(i + 1), { "font-size": shape.text, fill: "#3d4d2a", "aria-hidden": "true" }));
  }
  return group;
}

/** A ring that stays visible on any tile and on the field: a dark edge under a coloured one. */
function ring(x, y, width, height, colour) {
  return svg("g", { class: "ring" },
    svg("rect", { x, y, width, height, rx: 12, fill: "none", stroke: INK, "stroke-width": 7 }),
    svg("rect", { x, y, width, height, rx: 12, fill: "none", stroke: colour, "stroke-width": 3.5 }));
}

/** A seat's name on a dark tag, centred at (x, y). */
function nameTag(shape, x, y, name) {
  const text = name.length > 10 ? `${name.slice(0, 9)}…` : name;
  const size = shape.text;
  const width = nameTagWidth(shape, text);
  return svg("g", { class: "name-tag" },
    svg("rect", { x: x - width / 2, y: y - size * 0.7, width, height: size * 1.4, rx: size * 0.7, fill: INK, stroke: "#fff", "stroke-width": 1.5 }),
    label(x, y, text, { "font-size": size, fill: "#fff", "font-weight": 700 }));
}

/** A seat's colour dot with its mark in white on it, centred at (x, y). */
function seatDot(ctx, seat, x, y, r, size) {
  return kitSeatDot(ctx, seat, x, y, r, { size });
}

/** Where a fence stands, as a box around its line. */
function fenceBox(shape, fence, pad) {
  const [x1, y1, x2, y2] = fenceLine(shape, fence);
  return y1 === y2
    ? { x: x1 + 4, y: y1 - pad, width: x2 - x1 - 8, height: 2 * pad }
    : { x: x1 - pad, y: y1 + 4, width: 2 * pad, height: y2 - y1 - 8 };
}

/**
 * The records of a finished game's log, which the server sends again in full words but without
 * them: asked once per table from its replay at the last step (the same words and records the
 * seat was told at the time), and drawn again when they come.
 */
const finalRecords = new Map();

function recordsOfFinishedGame(ctx) {
  const log = ctx.log || [];
  const id = ctx.table?.id;
  if (!ctx.finished || !id || !log.length || log[log.length - 1].record) return null;
  if (finalRecords.has(id)) return finalRecords.get(id);
  finalRecords.set(id, null);
  const seat = ctx.you === null || ctx.you === undefined ? "" : `?seat=${ctx.you}`;
  const step = ctx.table.step ?? log.length;
  fetch(`/api/tables/${encodeURIComponent(id)}/replay/${step}${seat}`)
    .then((response) => (response.ok ? response.json() : null))
    .then((frame) => {
      if (!frame?.log) return;
      finalRecords.set(id, new Map(frame.log.map((entry) => [entry.seq, entry.record || {}])));
      globalThis.meja?.render?.();
    })
    .catch(() => {});
  return null;
}

/**
 * Each seat's last completed move, as the page works it out (table.js lastMoves): from the
 * log's records, or at the end of a game from the records its replay gives back.
 */
function lastMovesOf(ctx) {
  const records = recordsOfFinishedGame(ctx);
  if (!records) return ctx.lastMoves || [];
  const last = new Map();
  const started = new Map();
  for (const entry of ctx.log) {
    if (entry.player < 0) continue;
    const steps = started.get(entry.player) || [];
    steps.push(records.get(entry.seq) || {});
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
 * The boxes [left, top, right, bottom] of the words on a cell's tile: its kind's name when face
 * up, and on a wide board the tag of tiles turning back. None for a cell off the field.
 * @returns {number[][]}
 */
function tileWords(shape, view, col, row) {
  if (col < 0 || col >= shape.cols || row < 1 || row > shape.rows) return [];
  const cell = `${shape.columns[col]}${row}`;
  const [cx, cy] = cellXY(shape, cell);
  const x = cx + GAP / 2;
  const y = cy + GAP / 2;
  const boxes = [];
  const face = (view.cells || [])[col + shape.cols * (row - 1)];
  if (face && face !== "down" && face !== "gone") {
    const size = faceNameSize(shape.wide);
    const middle = faceNameY(face, y);
    const half = pretty(parseFace(face).base).length * size * 0.3;
    boxes.push([x + TILE / 2 - half, middle - size * 0.6, x + TILE / 2 + half, middle + size * 0.6]);
  }
  if (shape.wide && (view.turning_back || []).includes(cell)) {
    const tag = turnBackTag(x, y);
    boxes.push([tag.x, tag.y, tag.x + tag.width, tag.y + tag.height]);
  }
  return boxes;
}

/** The width of a seat's name tag on the board. */
function nameTagWidth(shape, name) {
  return Math.min(name.length, 10) * shape.text * 0.6 + 12;
}

/**
 * Where the name on a marked tile goes, clear of the words on the tiles around it: in the gap
 * under it, so that the name never hides the face it marks; else in the gap above it; else
 * above the tag of the tile turning back; else on the tile's top. null when none is clear.
 * @param {string} cell
 * @param {string} name
 * @returns {number | null}
 */
function nameTagY(shape, view, cell, name) {
  const col = shape.columns.indexOf(cell[0]);
  const row = Number.parseInt(cell.slice(1), 10);
  const [cx, cy] = cellXY(shape, cell);
  const top = cy + GAP / 2;
  const middle = cx + PITCH / 2;
  const half = nameTagWidth(shape, name) / 2;
  const words = [-1, 0, 1].flatMap((dc) => [-1, 0, 1].flatMap((dr) => tileWords(shape, view, col + dc, row + dr)));
  for (const y of [top + TILE + GAP / 2 + 1, top - GAP / 2 - 1, top - 22, top + 16]) {
    const box = [middle - half, y - shape.text * 0.6, middle + half, y + shape.text * 0.6];
    const clear = words.every((w) => Math.min(box[2], w[2]) <= Math.max(box[0], w[0]) || Math.min(box[3], w[3]) <= Math.max(box[1], w[1]));
    if (clear) return y;
  }
  return null;
}

/**
 * Each other seat's last completed move, marked where it touched the field until that seat
 * moves again, and on the field the game ended on: a ring in its colour on each cell it turned
 * or took, a band on each fence it put up or took down, its name on one of them and its initial
 * on the others, so that no mark is told by colour alone. The name goes on the last mark with
 * room for it clear of the words around (nameTagY), else on the foot of the last tile. Only
 * the log's records are used.
 */
function lastMoves(ctx, shape, view) {
  const group = svg("g", { class: "last-moves", "pointer-events": "none" }); // taps go to what lies below
  const badge = shape.wide ? 9 : 13;
  const badgeText = shape.wide ? 11 : 20;
  for (const [seat, records] of lastMovesOf(ctx)) {
    if (seat === view.seat) continue;
    const colour = ctx.colour(seat);
    const name = ctx.seatName(seat);
    /** @type {{mark: Element, badge: number[], tag: number[], free: boolean}[]} */
    const marks = [];
    for (const record of records) {
      if (record.round !== view.round) continue;
      for (const cell of record.cells || (record.cell ? [record.cell] : [])) {
        const [cx, cy] = cellXY(shape, cell);
        const mark = svg("g", { "data-last-move": seat, "data-mark-cell": cell }, title(`${name}'s last move`),
          ring(cx + GAP / 2 - 6, cy + GAP / 2 - 6, TILE + 12, TILE + 12, colour));
        group.append(mark);
        const y = nameTagY(shape, view, cell, name);
        marks.push({ mark, badge: [cx + GAP / 2 - 2, cy + GAP / 2 + TILE - 2], tag: [cx + PITCH / 2, y ?? cy + GAP / 2 + TILE - 12], free: y !== null });
      }
      if (record.fence) {
        const box = fenceBox(shape, record.fence, 10);
        const mark = svg("g", { "data-last-move": seat, "data-mark-fence": record.fence }, title(`${name}'s last move`),
          svg("rect", { ...box, rx: 10, fill: "none", stroke: INK, "stroke-width": 6 }),
          svg("rect", { ...box, rx: 10, fill: "none", stroke: colour, "stroke-width": 3 }));
        group.append(mark);
        const middle = box.x + box.width / 2;
        const edge = shape.x0 + 50;
        const tag = [Math.min(shape.x0 + PITCH * shape.cols - 50, Math.max(edge, middle)), box.y + box.height / 2];
        const across = box.width > box.height;
        marks.push({ mark, badge: [across ? box.x + 12 : box.x + box.width / 2, across ? box.y + box.height / 2 : box.y + 12], tag, free: true });
      }
    }
    if (!marks.length) continue;
    const named = marks.findLast((m) => m.free) || marks[marks.length - 1];
    for (const m of marks) if (m !== named) m.mark.append(seatDot(ctx, seat, m.badge[0], m.badge[1], badge, badgeText));
    group.append(nameTag(shape, named.tag[0], named.tag[1], name));
  }
  return group;
}

function fences(ctx, shape, view) {
  const group = svg("g", { class: "fences" });
  for (const move of ctx.legal) {
    const match = /^fence ([a-z]\d+[nsew])$/.exec(move.text);
    if (!match) continue;
    const line = fenceLine(shape, match[1]);
    const slot = svg("g", { "data-fence": match[1], class: "fence-slot" }, title(`put up a fence ${fenceWords(shape, match[1])}`),
      svg("line", { class: "hl", ...inset(line, 8), stroke: "rgba(31,138,112,0.45)", "stroke-width": 10, "stroke-linecap": "round", "stroke-dasharray": "8 6" }),
      hitArea(line));
    group.append(ctx.target(slot, move.text));
  }
  for (const fence of view.fences || []) {
    const line = fenceLine(shape, fence);
    const where = fenceWords(shape, fence);
    // The wooden fence is the piece that moves; the highlight of a fence to take down lies on it.
    const wood = piece(ctx, svg("g", { class: "wood" },
      svg("line", { ...inset(line, 6), stroke: WOOD, "stroke-width": 10, "stroke-linecap": "round" })), `fence:${fence}`);
    const removable = ctx.byText?.has(`remove ${fence}`);
    const bar = svg("g", { "data-fence": fence, class: "fence", role: "img", "aria-label": `fence ${where}` }, title(removable ? `take down the fence ${where}` : `fence ${where}`), wood,
      svg("line", { class: "hl", ...inset(line, 6), stroke: "transparent", "stroke-width": 10, "stroke-linecap": "round" }),
      hitArea(line));
    group.append(ctx.target(bar, `remove ${fence}`));
  }
  return group;
}

/** A kind of tile without its flower: "joyful_daisy" -> "joyful". */
function baseOf(name) {
  return name.replace("_daisy", "");
}

/**
 * The faces of the last tiles taken off the field, as the view counts them by kind, drawn small
 * where they went (a pair at the sheep player's dot, a ram or shepherd tile on its own place
 * among the tiles taken off), and hidden: each shows only while it travels there from its cell,
 * for a tile that left the field the moment it was turned up (a ram, a shepherd tile, the
 * second sheep of a pair), whose face no drawing shows otherwise. Only the last two of each
 * kind are needed.
 */
function transit(ctx, view, pile, homes) {
  const group = svg("g", { class: "transit", "aria-hidden": "true", "pointer-events": "none" });
  for (const [name, count] of Object.entries(view.removed || {})) {
    const home = LONE_TILES.has(baseOf(name)) ? homes[name] : pile || homes[name];
    if (!home) continue;
    const size = TILE * ASIDE;
    for (let index = Math.max(1, count - 1); index <= count; index++) {
      const face = faceUp(name, 0, 0, 15, false);
      face.querySelector("title")?.remove();
      face.removeAttribute("role");
      face.removeAttribute("aria-label");
      group.append(piece(ctx, svg("g", {
        class: "tk-transit", visibility: "hidden", transform: `translate(${home[0] - size / 2}, ${home[1] - size / 2}) scale(${ASIDE})`,
      }, face), `taken:${name}:${index}`));
    }
  }
  return group;
}

/** A small tile of a kind, as it lies among the tiles taken off, centred at (x, y). */
function smallTile(face, x, y, size) {
  const { base, daisy } = parseFace(face);
  return svg("g", {},
    svg("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 5, fill: TILE_TINT[base] || "#f7f3e6", stroke: "#6b5b3e", "stroke-width": 1.5 }),
    SYMBOLS[base] ? picture(base, x, y + size * 0.03, (size - 4) / 62) : null,
    daisy ? picture("daisy", x + size / 2 - size * 0.17, y - size / 2 + size * 0.17, size / 84 * 0.55) : null);
}

/** The font sizes of the panel: wide, or scaled up on a phone so that none is under 12 px. */
function sizes(wide, k) {
  return wide
    ? { title: 20, body: 15, small: 13, line: 22, row: 24, gap: 16 }
    : { title: 20 * k, body: 16 * k, small: 20, line: 24 * k, row: 38, gap: 27 };
}

/** Lines of words at the panel's small size, from (0, y) on; the y after them. */
function lines(group, words, y, width, s, attrs = {}) {
  const text = paragraph(words, { x: 0, y, width, size: s.small, step: s.gap, charWidth: 0.58, attrs: { "dominant-baseline": "central", fill: PANEL_INK, ...attrs } });
  group.append(...text.nodes);
  return y + text.height;
}

/**
 * Each seat's points round by round and in all: a table with a row for each seat (its colour
 * dot with its initial, its name) and a column for each round, the round in play marked "so
 * far", and what scores, in words, below it. top is the middle of its first line.
 */
function scoreTable(ctx, view, top, width, wide, k) {
  const s = sizes(wide, k);
  const group = svg("g", { class: "scores", "data-scores": "" });
  const done = view.round_scores || [];
  const rounds = Math.max(2, done.length);
  const cols = wide ? [148, 212, 272] : [width - 262, width - 160, width - 52];
  const live = !ctx.finished && done.length < rounds ? view.round ?? 1 : null;
  const head = (x, y, text, bold = false) => label(x, y, text, { "font-size": s.small, fill: PANEL_INK, "font-weight": bold ? 700 : 400 });
  group.append(svg("text", { x: 0, y: top, "dominant-baseline": "central", "font-size": s.small, fill: PANEL_INK, "font-weight": 700 }, "Points"));
  for (let r = 1; r <= rounds; r++) group.append(head(cols[r - 1], top, `Round ${r}`, r === live));
  group.append(head(cols[rounds], top, "Total", true));
  let y = top;
  if (live) {
    y += s.gap;
    group.append(head(cols[live - 1], y, "so far"));
  }
  y += s.row * 0.3;
  const piles = [];
  const r = wide ? 10 : 15;
  (view.scores || []).forEach((score, seat) => {
    y += s.row;
    const mine = done.map((points) => points[seat]);
    // The seat's dot is where the pairs it collects go.
    group.append(place(ctx, seatDot(ctx, seat, r, y, r, wide ? 11 : 20), `score:${seat}`));
    piles[seat] = [r, y];
    const name = ctx.seatName(seat);
    group.append(svg("text", { x: 2 * r + 8, y, "dominant-baseline": "central", "font-size": wide ? s.body : 21, fill: INK }, name.length > 10 ? `${name.slice(0, 9)}…` : name));
    for (let round = 1; round <= rounds; round++) {
      let points = mine[round - 1];
      if (points === undefined) points = round === live ? score - mine.reduce((a, b) => a + b, 0) : "–";
      group.append(label(cols[round - 1], y, String(points), { "font-size": s.body, fill: INK, "data-round-score": `${seat}:${round}` }));
    }
    group.append(label(cols[rounds], y, String(score), { "font-size": s.body, fill: INK, "font-weight": 700, "data-score": seat }));
  });
  y += s.row * 0.5 + s.gap / 2;
  const cells = view.cells || [];
  const cols5 = ctx.components?.COLS || 5;
  const fenced = (view.enclosed || []).filter((name) => {
    const index = LETTERS.indexOf(name[0]) + cols5 * (Number.parseInt(name.slice(1), 10) - 1);
    return cells[index] !== "gone";
  }).length;
  const now = live ? ` (${fenced} now)` : "";
  y = lines(group, `1 point for each sheep collected; for the shepherd, 1 for each tile fenced in when the round ends${now}.`, y, width, s);
  return { node: group, height: y - top, piles };
}

/** The key's entries: each symbol, its words on the board, and in full in its tooltip. */
function keyEntries(solo) {
  return [
    ["face-down", "Face down", "A face-down tile: the sheep player turns tiles over one at a time until two sheep are up."],
    ["fence", "Fence", solo ? "Fence: daisies put them up; a tile fenced all round cannot be turned."
      : "Fence: the shepherd puts up two a turn, between tiles or on the field's edge."],
    ["ram", "Ram: takes a fence down",
      "Ram: turned up, it leaves the field and the sheep player takes one fence down, then turns another tile."],
    ["shepherd", solo ? "Shepherd: fence by its daisy" : "Shepherd: adds a fence",
      solo ? "Shepherd: turned up, it leaves the field and a fence goes up on its daisy's side, then another tile is turned."
        : "Shepherd: turned up, it leaves the field and the shepherd puts up one more fence at once, then the sheep player turns another tile."],
    ["daisy", solo ? "Daisy: a fence on its side" : "Daisy: only in the solo game",
      solo ? "Daisy: when its tile is turned up, a fence goes up on the side the daisy faces, or on the next free side clockwise."
        : "Daisy: it matters only in the solo game; in a game of two it does nothing."],
    ["fenced-in", solo ? "Fenced in: out of reach" : "Fenced in: the shepherd scores",
      "Fenced in (hatched): fences close it off from the field's edge, so it cannot be turned; at the round's end each such tile scores 1 for the shepherd."],
    ["turn-back", "No match: face down next move",
      "Dashed ring: two sheep that did not match; both stay in sight until the next move, then go face down."],
    ["taken", "Taken off the field", "An empty place with a dashed edge: its tile has left the field."],
    ["last-move", "Last move of that player",
      "A ring in a player's colour, with their name or initial: where that player's last move was."],
  ];
}

/**
 * The key to the board: each symbol drawn as on the field, with what it is and does in words
 * (and in full in its tooltip), so that no picture or mark needs guessing. Two columns beside
 * the field on a wide window, one below it on a phone.
 */
function legend(ctx, view, top, width, wide, k) {
  const s = sizes(wide, k);
  const solo = view.num_players === 1;
  const group = svg("g", { class: "legend", "data-legend": "" });
  group.append(svg("text", { x: 0, y: top, "dominant-baseline": "central", "font-size": s.body, "font-weight": 700, fill: INK }, "Key"));
  group.append(svg("text", { x: wide ? 36 : 60, y: top, "dominant-baseline": "central", "font-size": s.small, fill: PANEL_INK }, "sheep: find two alike"));
  let y = top + (wide ? 14 : 24);
  const step = width / SHEEP.length;
  const box = wide ? 36 : 64;
  for (const [index, kind] of SHEEP.entries()) {
    const x = step * index + step / 2;
    const words = `${KIND_WORDS[kind]}: ${SHEEP_LOOKS[kind]}; turn up two alike to collect them`;
    group.append(svg("g", { role: "img", "aria-label": words, "data-legend": kind }, title(words),
      svg("rect", { x: x - step / 2 + 3, y, width: step - 6, height: box, rx: 6, fill: TILE_TINT[kind] }),
      picture(kind, x, y + box / 2 + 1, (box - 4) / 58)));
    group.append(label(x, y + box + s.gap / 2 + 1, pretty(kind), { "font-size": s.small, fill: INK, "aria-hidden": "true" }));
  }
  y += box + s.gap + (wide ? 6 : 10);
  const columns = wide ? 2 : 1;
  const column = width / columns;
  const icon = wide ? 24 : 44;
  const other = (view.scores || []).map((_, seat) => seat).find((seat) => seat !== view.seat) ?? 0;
  // The mark of another seat's last move is shown only where there is another seat to mark.
  const entries = keyEntries(solo).filter(([kind]) => kind !== "last-move" || (view.scores || []).some((_, seat) => seat !== view.seat));
  for (let first = 0; first < entries.length; first += columns) {
    /** @type {[string, string[], string][]} */
    const row = entries.slice(first, first + columns).map(([kind, words, tip]) => [kind, wrapWords(words, column - icon - 12, s.small, 0.58), tip]);
    const height = Math.max(icon + 4, ...row.map(([, text]) => text.length * s.gap + 4));
    row.forEach(([kind, text, tip], index) => {
      const x = index * column;
      const cy = y + height / 2;
      group.append(svg("g", { role: "img", "aria-label": tip, "data-legend": kind }, title(tip), legendIcon(ctx, kind, x + icon / 2, cy, icon, other)));
      text.forEach((line, n) => {
        group.append(svg("text", { x: x + icon + 7, y: cy + (n - (text.length - 1) / 2) * s.gap, "dominant-baseline": "central", "font-size": s.small, fill: INK, "aria-hidden": "true" }, line));
      });
    });
    y += height + (wide ? 3 : 6);
  }
  return { node: group, height: y - top };
}

/** A symbol of the key, size units square, centred at (cx, cy). */
function legendIcon(ctx, kind, cx, cy, size, seat) {
  const half = size / 2;
  const tile = (fill) => svg("rect", { x: cx - half, y: cy - half, width: size, height: size, rx: 5, fill, stroke: "#6b5b3e", "stroke-width": 1.5 });
  if (kind === "face-down") {
    return svg("g", {}, svg("rect", { x: cx - half, y: cy - half, width: size, height: size, rx: 5, fill: "#4f7a3a", stroke: "#2f4a22", "stroke-width": 1.5 }),
      svg("rect", { x: cx - half + 4, y: cy - half + 4, width: size - 8, height: size - 8, rx: 3, fill: "none", stroke: "rgba(255,255,255,0.45)", "stroke-dasharray": "3 3" }));
  }
  if (kind === "ram" || kind === "shepherd") return svg("g", {}, tile(TILE_TINT[kind]), picture(kind, cx, cy, size / 62));
  if (kind === "daisy") return picture("daisy", cx, cy, size / 26);
  if (kind === "fence") return picture("fence", cx, cy, size / 52);
  if (kind === "fenced-in") return svg("g", {}, tile("#f4efe1"), fencedIn(cx - half, cy - half, size, 5));
  if (kind === "turn-back") {
    return svg("g", {}, tile("#f4efe1"), svg("rect", { x: cx - half - 1, y: cy - half - 1, width: size + 2, height: size + 2, rx: 6, fill: "none", stroke: TURN_BACK, "stroke-width": 3, "stroke-dasharray": "5 3" }));
  }
  if (kind === "taken") {
    return svg("rect", { x: cx - half + 3, y: cy - half + 3, width: size - 6, height: size - 6, rx: 4, fill: "#a9c97f", stroke: "#5c7a3c", "stroke-width": 1.5, "stroke-dasharray": "4 3" });
  }
  // The last move: a ring in the other seat's colour, with its initial.
  return svg("g", {},
    svg("rect", { x: cx - half + 1, y: cy - half + 1, width: size - 2, height: size - 2, rx: 6, fill: "none", stroke: INK, "stroke-width": 5 }),
    svg("rect", { x: cx - half + 1, y: cy - half + 1, width: size - 2, height: size - 2, rx: 6, fill: "none", stroke: ctx.colour(seat), "stroke-width": 2.5 }),
    seatDot(ctx, seat, cx, cy, size * 0.3, size < 40 ? 10 : 20));
}

/**
 * The tiles taken off the field so far, each kind drawn small with its count; a ram or shepherd
 * tile turned up travels to its own kind's place here. Returns the drawing, its height and
 * where each kind lies.
 */
function takenOff(ctx, view, top, width, wide, k) {
  const s = sizes(wide, k);
  const group = svg("g", { class: "taken-off" });
  const homes = {};
  const names = Object.keys(view.removed || {}).sort((a, b) => KINDS.indexOf(baseOf(a)) - KINDS.indexOf(baseOf(b)) || a.localeCompare(b));
  if (!names.length) return { node: group, height: 0, homes };
  group.append(place(ctx, svg("text", { x: 0, y: top, "dominant-baseline": "central", "font-size": s.small, fill: PANEL_INK, "font-weight": 700 }, "Taken off the field:"), "removed"));
  const size = wide ? 30 : 48;
  const entry = size + (wide ? 30 : 54);
  // Rows of entries, each a tile and its count; the count may run a little past the width.
  const { places } = flow(names.map(() => entry), { x: 0, y: top + s.gap / 2 + 6 + size / 2, width: width + 8, gap: 0, pitch: size + 6 });
  names.forEach((name, i) => {
    const [x, y] = places[i];
    const count = view.removed[name];
    const words = `${faceWords(name)}: ${count} taken off`;
    group.append(svg("g", { role: "img", "aria-label": words, "data-taken": name }, title(words), smallTile(name, x + size / 2, y, size)));
    group.append(svg("text", { x: x + size + 3, y, "dominant-baseline": "central", "font-size": s.small, fill: INK, "aria-hidden": "true" }, `×${count}`));
    homes[name] = [x + size / 2, y];
  });
  const [, last] = places[places.length - 1];
  return { node: group, height: last + size / 2 - top + s.gap / 2, homes };
}

/** A button of the panel: a rounded box with its words, playing move when clicked. */
function panelButton(ctx, move, caption, x, y, wide) {
  const size = wide ? 15 : 21;
  const w = Math.max(110, caption.length * size * 0.6 + 30);
  const h = wide ? 38 : 52;
  return { node: button(ctx, { move, x, y, w, h, caption, size, ink: INK, says: caption, attrs: { "data-button": move } }), height: h };
}

/** Rounds, roles, fences and scores, what was taken off, and the key: beside the field on a
 * wide window, below it otherwise. Each line is placed by its middle. */
function panel(ctx, shape, view, x, y, width, k = 1) {
  const wide = shape.wide;
  const s = sizes(wide, k);
  const solo = view.num_players === 1;
  const group = svg("g", { class: "panel", transform: `translate(${x}, ${y})` });
  const text = (at, words, attrs = {}) => svg("text", { x: 0, y: at, "dominant-baseline": "central", "font-size": s.body, ...attrs }, words);
  const roles = [];
  if (view.shepherd !== null && view.shepherd !== undefined) roles.push(`Shepherd: ${ctx.seatName(view.shepherd)}`);
  if (view.sheep !== null && view.sheep !== undefined && !solo) roles.push(`Sheep player: ${ctx.seatName(view.sheep)}`);
  const heading = solo ? "Solo game" : `Round ${view.round ?? 1} of 2`;
  group.append(text(16 * k, ctx.finished ? `${heading} · game over` : heading, { "font-size": s.title, "font-weight": 700 }));
  let top = 16 * k + s.line + 4;
  const wrap = width < 420;
  for (const role of wrap ? roles : [roles.join(" · ")]) {
    if (!role) continue;
    group.append(text(top, role));
    top += s.line;
  }
  group.append(text(top, `Fences left: ${view.supply ?? "?"}`));
  // The supply the fences come from and go back to: a fence's width square where the count is.
  group.append(place(ctx, svg("rect", { x: 40 * k - HIT, y: top - HIT, width: 2 * HIT, height: 2 * HIT, fill: "none", "pointer-events": "none" }), "fences"));
  top += s.line;
  if (view.fences_to_place) {
    group.append(text(top, `To place now: ${view.fences_to_place}`, { "font-weight": 700, fill: "#176a56" }));
    top += s.line;
  }
  if (ctx.byText?.has("end turn")) {
    const button = panelButton(ctx, "end turn", "End turn, leave the rest face up", 0, top - s.line / 2, wide);
    group.append(button.node);
    top += button.height + 4;
  }
  top += wide ? 8 : 14;
  let piles = [];
  if (solo) {
    const off = (view.cells || []).filter((state) => state === "gone").length;
    const r = wide ? 10 : 15;
    // The player's dot is where the pairs go.
    group.append(place(ctx, seatDot(ctx, 0, r, top, r, wide ? 11 : 20), "score:0"));
    group.append(svg("text", { x: 2 * r + 8, y: top, "dominant-baseline": "central", "font-size": s.body }, `Tiles taken off: ${off} of ${(view.cells || []).length}`));
    piles = [[r, top]];
    top += s.line + (wide ? 0 : 6);
    top = lines(group, "Take every tile off the field before the fences run out or close the rest in.", top, width, s);
  } else {
    const table = scoreTable(ctx, view, top, width, wide, k);
    group.append(table.node);
    piles = table.piles;
    top += table.height;
  }
  top += wide ? 10 : 16;
  const taken = takenOff(ctx, view, top, width, wide, k);
  group.append(taken.node);
  top += taken.height;
  if ((view.turning_back || []).length) {
    top += 6 * k;
    group.append(text(top, "No match: these go face down", { "font-size": 15 * k, "font-weight": 700, fill: "#b5462f" }));
    group.append(text(top + 20 * k, "after the next move.", { "font-size": 15 * k, fill: "#b5462f" }));
    top += 20 * k + s.line;
  }
  const ended = view.ended_round;
  if (ended) {
    top += 6 * k;
    group.append(text(top, `Round ${ended.round} ended on this field`, { "font-weight": 700, fill: PANEL_INK }));
    top += s.line * 0.6 + 4;
    const mini = endedField(shape, ended, 4, top, k);
    group.append(mini);
    const pitch = wide ? MINI : MINI_NARROW;
    const down = ended.cells.filter((state) => state === "down").length;
    const words = down
      ? `${down} ${down === 1 ? "tile was" : "tiles were"} still face down when it ended; the game does not show ${down === 1 ? "it" : "them"}.`
      : "Every tile was face up or taken off when it ended.";
    // Beside the small field on a wide window, under it on a phone.
    const besideX = pitch * shape.cols + 18;
    if (wide && width - besideX >= 100) {
      const note = svg("g", { transform: `translate(${besideX}, 0)` });
      lines(note, words, top + s.gap / 2, width - besideX, s);
      group.append(note);
      top += pitch * shape.rows + 12;
    } else {
      top += pitch * shape.rows + 4 + s.gap;
      top = lines(group, words, top, width, s);
    }
  }
  top += wide ? 14 : 24;
  const key = legend(ctx, view, top, width, wide, k);
  group.append(key.node);
  top += key.height;
  const pile = piles[view.sheep ?? -1];
  group.append(transit(ctx, view, pile || null, taken.homes));
  return { node: group, height: top };
}

/** @param {import("../types.js").TeKuitiContext} ctx */
export function draw(ctx) {
  const view = ctx.view;
  const shape = fieldShape(ctx);
  const fieldBottom = Y0 + PITCH * shape.rows + HIT + 4;
  const fieldRight = shape.x0 + PITCH * shape.cols + 20;
  const side = ctx.wide ? panel(ctx, shape, view, fieldRight + 30, Y0 - 10, 300) : panel(ctx, shape, view, 20, fieldBottom + 10, W - 40, 1.45);
  const width = ctx.wide ? fieldRight + 340 : W;
  const height = ctx.wide ? Math.max(fieldBottom, Y0 + side.height) : fieldBottom + 10 + side.height;
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Te Kuiti field" },
    svg("style", {}, TRANSIT_STYLE),
    hatchDefs(),
    view.end_of_round ? svg("text", { x: shape.x0 + (PITCH * shape.cols) / 2, y: 18, "text-anchor": "middle", "font-size": shape.text, fill: "#3d4d2a" }, "The last open tiles stay face up") : null,
    field(ctx, shape, view),
    fences(ctx, shape, view),
    lastMoves(ctx, shape, view),
    side.node);
}

/** How long one motion lasts at the table's pace, as the page reckons it. */
function motionMs() {
  const page = globalThis.meja?.page;
  const paces = page?.paces || {};
  const pace = paces[page?.state?.table?.pace || "normal"] ?? paces.normal ?? 800;
  return duration(pace);
}

/** Whether a cell of the view shows a face (not face down, not empty). */
function faceUpCell(state) {
  return state !== "down" && state !== "gone";
}

/**
 * What moved in a step, from the views before and after (the same for every seat and the
 * spectator: the field is public, and a face-down tile is known only by its cell):
 * - a tile turned up turns over (its back narrows, its face widens); tiles turned back at the
 *   next move turn over the other way; the tile a sheep player chose to turn swells first;
 * - a fence put up comes from the shepherd's supply, after the tile whose daisy put it up has
 *   turned; a fence taken down (for a ram, an undo, a new round) goes back there;
 * - a tile leaving the field travels where it goes: a pair to the sheep player's dot, a ram or
 *   a shepherd tile to "Taken off the field". A tile that lay face up goes as it lay; one that
 *   leaves as it is turned up shows the face the view's counts give it, when they give one
 *   (else it goes face down), first on its cell, then on its way; the dot of a seat whose score
 *   changed swells once it is there;
 * - a new round deals a fresh field and takes the old fences back.
 * @param {import("../types.js").TeKuitiChange} change
 */
export function motions(change) {
  const { before, view } = change;
  if (!before?.cells || !view?.cells || before.cells.length !== view.cells.length) return [];
  const ms = motionMs();
  const cols = change.components?.COLS || Math.round(Math.sqrt(view.cells.length));
  const out = [];
  const fencesBefore = new Set(before.fences || []);
  const fencesAfter = new Set(view.fences || []);
  for (const fence of before.fences || []) {
    if (!fencesAfter.has(fence)) out.push({ kind: "fence-back", leave: `fence:${fence}`, to: "fences" });
  }
  if ((before.round ?? 1) !== (view.round ?? 1)) {
    view.cells.forEach((state, index) => {
      if (state !== "gone") out.push({ kind: "deal", flip: tileKey(view, cellName(index, cols)), delay: Math.round((index * ms) / view.cells.length), ms });
    });
    return [...out, ...scored(before, view, ms)];
  }
  if (view.flipping && view.flipping !== before.flipping) out.push({ kind: "pick", mark: tileKey(view, view.flipping) });
  const leaving = [];
  let turned = false;
  view.cells.forEach((state, index) => {
    const was = before.cells[index];
    const key = tileKey(view, cellName(index, cols));
    if (was === "down" && faceUpCell(state)) {
      out.push({ kind: "flip", flip: key });
      turned = true;
    } else if (faceUpCell(was) && state === "down") {
      out.push({ kind: "flip-back", flip: key });
    } else if (was !== "gone" && state === "gone") {
      leaving.push({ key, was });
    }
  });
  // The kinds that left the field this step, less those that lay face up: the faces of the rest.
  const counted = new Map();
  const arrived = [];
  for (const [name, count] of Object.entries(view.removed || {})) {
    const had = before.removed?.[name] || 0;
    counted.set(name, had);
    for (let n = had; n < count; n++) arrived.push(name);
  }
  const take = (name) => {
    const at = arrived.indexOf(name);
    if (at >= 0) arrived.splice(at, 1);
    counted.set(name, (counted.get(name) || 0) + 1);
    return `taken:${name}:${counted.get(name)}`;
  };
  const unseen = leaving.filter((tile) => !faceUpCell(tile.was));
  const shown = leaving.filter((tile) => faceUpCell(tile.was));
  for (const tile of shown) tile.name = tile.was.split(" ")[0];
  for (const tile of shown) tile.transit = take(tile.name);
  // A face the view's counts do not pin to one cell is not guessed: such a tile goes face down.
  const sure = unseen.length === arrived.length && new Set(arrived).size <= 1;
  for (const tile of unseen) {
    if (sure) {
      tile.name = arrived[0];
      tile.transit = take(tile.name);
    }
  }
  const pause = unseen.length ? Math.round(ms / 2) : 0;
  for (const tile of leaving) {
    const lone = tile.name && LONE_TILES.has(baseOf(tile.name));
    const kind = tile.name ? (lone ? baseOf(tile.name) : "pair") : "taken-off";
    const to = lone || view.sheep === null || view.sheep === undefined ? "removed" : `score:${view.sheep}`;
    if (tile.name && !faceUpCell(tile.was)) out.push({ kind, piece: tile.transit, from: tile.key, delay: pause, ms });
    else out.push({ kind, leave: tile.key, to, delay: pause, ms });
  }
  const settled = leaving.length ? pause + ms : 0;
  for (const fence of view.fences || []) {
    if (!fencesBefore.has(fence)) out.push({ kind: "fence", piece: `fence:${fence}`, from: "fences", delay: turned || pause ? Math.round(ms / 2) : 0 });
  }
  return [...out, ...scored(before, view, ms, settled)];
}

/** The dot of each seat whose score changed swells, once what scored has reached it. */
function scored(before, view, ms, delay = 0) {
  const out = [];
  (view.scores || []).forEach((score, seat) => {
    if (before.scores?.[seat] !== undefined && before.scores[seat] !== score) out.push({ kind: "score", mark: `score:${seat}`, delay, ms });
  });
  return out;
}

/**
 * How long a state stays on screen before the next one is drawn: sheep that did not match go
 * face down at the next move, and the field a round ended on goes with it, which a bot makes
 * at once, so give both players a look (T4a).
 * @param {import("../types.js").TeKuitiView} view
 */
export function holdMs(view) {
  return (view.turning_back || []).length || view.ended_round ? 2000 : 0;
}

/** @param {import("../types.js").TeKuitiContext} ctx */
export function hint(ctx) {
  const pairs = pairMoves(ctx).length > 0;
  return {
    shepherd: "place a fence between tiles or on the edge",
    bonus: "place the shepherd's extra fence",
    flip: pairs ? "flip a face-down tile, or collect two matching sheep" : "flip a face-down tile",
    ram: "the ram removes a fence: choose one",
    collect: "collect two matching sheep, or end your turn",
  }[ctx.view.phase] || "";
}

/**
 * A move in words, for the list of moves: "Put up a fence between b2 and b3", "Take down the
 * fence above a1", "Turn over the tile on c3", "Collect the Sleepy sheep on a1 and d4".
 * @param {import("../types.js").TeKuitiContext} ctx
 * @param {string} move
 */
export function moveWords(ctx, move) {
  const shape = fieldShape({ ...ctx, wide: true, components: ctx.components?.COLS ? ctx.components : { COLS: 5, ROWS: 5 } });
  let m = /^fence ([a-z]\d+[nsew])$/.exec(move);
  if (m) return `Put up a fence ${fenceWords(shape, m[1])}`;
  m = /^remove ([a-z]\d+[nsew])$/.exec(move);
  if (m) return `Take down the fence ${fenceWords(shape, m[1])}`;
  m = /^flip ([a-z]\d+)$/.exec(move);
  if (m) return `Turn over the tile on ${m[1]}`;
  m = /^collect ([a-z]\d+) ([a-z]\d+)$/.exec(move);
  if (m) {
    const cells = ctx.view?.cells || [];
    const index = LETTERS.indexOf(m[1][0]) + shape.cols * (Number.parseInt(m[1].slice(1), 10) - 1);
    const face = cells[index];
    const kind = face && face !== "down" && face !== "gone" ? KIND_WORDS[parseFace(face).base] : "matching sheep";
    return `Collect the ${kind || "matching sheep"} on ${m[1]} and ${m[2]}`;
  }
  if (move === "end turn") return "End the turn, leaving the rest face up";
  return null;
}
