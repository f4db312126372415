// @ts-check
// Nasi Lemak: The Game: the other players (hand size, face-down Nasi Lemak cards with their
// flies, the cards you know they hold), the piles, your own Nasi Lemak, the move being made
// (an offer, a choice of ingredient, an examined hand), what the whole table has just seen
// (an announced ingredient, an examined seat, the cards a Wholesaler turned up) and your hand.
//
// Every move is clicked on the thing it is about: a card in your hand plays it or puts it on
// an offer, a player's panel chooses them, a Nasi Lemak card takes a fly, a card on the offer
// takes it back off. Buttons are left for the moves that have no object on the table.
// On a wide window the table is laid out landscape so that it fits the window's height; on a
// phone it is drawn at its own size, so that no text is under 12 px.
// Each other player's last move is marked on what it touched: a ring in their colour on a
// Nasi Lemak card or on the panel of the player it was aimed at, and a note of the card played.

import { label, pretty, svg, title } from "../svg.js";
import { button as kitButton, flow, grid, palette, paragraph, seatDot as kitSeatDot, text } from "../ui.js";

/** The width of the wide table: a little narrower with one row of other players, so that its
 * parts are drawn larger while the whole still fits the window's height. */
const WIDE_W = { oneRow: 880, twoRows: 940 };
const NARROW_W = 356;
const CARD_W = 78;
const CARD_H = 104;
const GAP = 10;
const PANEL_H = 112;
/** A panel's height on a phone: one row for the name, one for the cards and the notes, so that
 * five other players, the move in progress and your hand fit the phone's height together. */
const PANEL_H_NARROW = 76;
const GAP_NARROW = 8;
/** Lines of text are broken for this font's width (0.57 of the size a character), 20 apart. */
const WRAP = { charWidth: 0.57, step: 20 };
const FILLS = {
  rice: "#fbfaf3",
  egg: "#f7d35c",
  peanuts: "#c98b4a",
  sambal: "#c0392b",
  cucumber: "#6ab04c",
  wholesaler: "#2f6f4e",
  supplier: "#3c7d5a",
  mak_cik: "#7b4b94",
  officer: "#2e4a7d",
  thief: "#444",
  fly: "#5d5d5d",
  fan: "#247a7a",
  swatter: "#8a5a2a",
};
const DARK_TEXT = new Set(["rice", "egg", "peanuts", "cucumber"]);
/** Ink for secondary text: 5:1 or more on every light background of the table. */
const { ink: INK, muted: MUTED, note: NOTE, card: CREAM, line: EDGE } = palette();
/** The outline that keeps a seat's dot or mark visible on any background (3:1 or more). */
const INGREDIENT_KEYS = ["rice", "egg", "peanuts", "sambal", "cucumber"];
/** Cards played from the hand with one click; the move's own choice follows as its own step. */
const PLAY = {
  wholesaler: "play wholesaler",
  supplier: "play supplier",
  mak_cik: "play mak cik",
  officer: "play officer",
  thief: "play thief",
  fly: "play fly",
};
/** Names cut short where a line has little room (a panel's last-move note). */
const SHORT_NAMES = { mak_cik: "Mak Cik" };
/** Cards that are aimed at one of your own Nasi Lemak cards: pick the card, then the target. */
const AIMED = { fan: "fan from card ", swatter: "swat card " };
/** The moves with no object on the table, shown as buttons, with their captions. */
const BUTTONS = {
  "make nasi lemak": "Make Nasi Lemak",
  trade: "Trade",
  "end turn": "End turn",
  propose: "Propose",
  accept: "Accept",
  decline: "Decline",
  "cancel trade": "Cancel trade",
};
/** Every move this renderer binds to something; anything else falls back to a button. */
const BOUND = [
  /^play /, /^fan from card \d+$/, /^swat card \d+$/, /^fly to seat \d+ card \d+$/,
  /^trade with seat \d+$/, /^examine seat \d+$/, /^give /, /^ask /, /^take back /, /^unask /,
  /^take /, /^announce /, /^use /,
];

/**
 * What each other player's last completed move touched, from the records of its steps
 * (ctx.lastMoves): the Nasi Lemak cards ("seat:index" -> mover), the players it was aimed at
 * (seat -> movers) and the action card it played (mover -> card key). Only what the records
 * say is marked, so a mark shows nothing the log does not.
 */
function lastMarks(ctx) {
  const marks = { cards: new Map(), seats: new Map(), played: new Map() };
  for (const [mover, records] of ctx.lastMoves || []) {
    if (mover === ctx.you) continue;
    for (const record of records) {
      for (const [q, i] of record.cards || []) marks.cards.set(`${q}:${i}`, mover);
      for (const q of record.seats || []) {
        const movers = marks.seats.get(q) || [];
        if (q !== mover && !movers.includes(mover)) marks.seats.set(q, [...movers, mover]);
      }
      if (record.played) marks.played.set(mover, record.played);
    }
  }
  return marks;
}

/** A ring in the mover's colour, outlined dark so that it shows on any card or panel; with
 * tagged, the mover's mark (seatMark) sits on its corner, so the colour is not all that says
 * whose move it was. */
function ring(ctx, mover, x, y, w, h, r, tagged = false) {
  return svg("g", { "data-last-move": String(mover), "pointer-events": "none" },
    title(`${ctx.seatName(mover)}'s last move`),
    svg("rect", { x, y, width: w, height: h, rx: r, fill: "none", stroke: INK, "stroke-width": 5 }),
    svg("rect", { x, y, width: w, height: h, rx: r, fill: "none", stroke: ctx.colour(mover), "stroke-width": 3 }),
    tagged ? seatDot(ctx, mover, x + 3, y + 3, 9) : null);
}

/** A seat's dot: its colour with its mark on it, outlined dark; a mark of two letters is squeezed
 * to fit. */
function seatDot(ctx, seat, cx, cy, r = 10) {
  const mark = ctx.seatMark(seat);
  return kitSeatDot(ctx, seat, cx, cy, r, {
    edge: INK,
    attrs: { "data-seat-mark": mark, "aria-hidden": "true", "pointer-events": "none" },
    markAttrs: mark.length > 1 ? { textLength: String(Math.min(2 * r - 3, 15)), lengthAdjust: "spacingAndGlyphs" } : {},
  });
}

/** A name cut to fit width at a bold font of size, with an ellipsis when it is cut. */
function clip(name, width, size) {
  const most = Math.max(4, Math.floor(width / (size * 0.64)));
  return name.length > most ? `${name.slice(0, most - 1)}…` : name;
}

/** A card key as action strings spell it ("mak_cik" -> "mak cik"). */
const words = (key) => key.replaceAll("_", " ");

function cardTypes(ctx) {
  const types = ctx.components.CARD_TYPES || [];
  return Object.fromEntries(types.map((t) => [t.key, t]));
}

function cardName(types, key) {
  return types[key]?.name || pretty(key);
}

function tradable(types, key) {
  const type = types[key];
  return type ? Boolean(type.tradable) : INGREDIENT_KEYS.includes(key) || key === "fan" || key === "swatter";
}

/** A card's name in words for people: its English and, where it differs, its Malay name. */
function cardWords(types, key) {
  const type = types[key];
  if (!type) return cardName(types, key);
  return type.malay && type.malay !== type.name ? `${type.name} (${type.malay})` : type.name;
}

// --- the pictures on the cards -----------------------------------------------------------------
// Every card kind has a picture of its own, drawn in a cream medallion on the card, so that
// the cards are told apart by shape as well as by colour (in grayscale and for every
// colour-blindness too). Each is drawn in a box from -20 to 20 round its centre.

const line = (d, attrs = {}) => svg("path", { d, fill: "none", stroke: INK, "stroke-width": 1.6, "stroke-linecap": "round", "stroke-linejoin": "round", ...attrs });
const shape = (d, fill, attrs = {}) => svg("path", { d, fill, stroke: INK, "stroke-width": 1.4, "stroke-linejoin": "round", ...attrs });
const dot = (cx, cy, r, fill = INK, attrs = {}) => svg("circle", { cx, cy, r, fill, ...attrs });

/** A five-pointed star of outer radius r round (cx, cy). */
function starPath(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 ? r * 0.45 : r;
    points.push(`${(cx + d * Math.cos(a)).toFixed(2)},${(cy + d * Math.sin(a)).toFixed(2)}`);
  }
  return `M${points.join(" L")} Z`;
}

/** A slice of cucumber: green skin, pale flesh and a ring of seeds. */
function cucumberSlice(cx, cy) {
  const seeds = [0, 1, 2, 3, 4].map((i) => {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    return svg("ellipse", { cx: cx + 3.6 * Math.cos(a), cy: cy + 3.6 * Math.sin(a), rx: 1.7, ry: 1, transform: `rotate(${(a * 180) / Math.PI} ${cx + 3.6 * Math.cos(a)} ${cy + 3.6 * Math.sin(a)})`, fill: "#3d6b2a" });
  });
  return [dot(cx, cy, 10, "#4f8f3a", { stroke: INK, "stroke-width": 1.4 }), dot(cx, cy, 7.5, "#e3f2cc"), ...seeds];
}

/** The drawing of each card kind, in its box of -20..20. */
const PICTURES = {
  // A bowl heaped with rice.
  rice: () => [
    shape("M-13,1 C-13,-15 13,-15 13,1 Z", "#ffffff"),
    ...[[-6, -5, 30], [0, -9, -20], [5, -4, 45], [-1, -3, 10], [7, -9, -40], [-7, -11, 60]].map(([cx, cy, a]) => svg("ellipse", { cx, cy, rx: 1.9, ry: 1, transform: `rotate(${a} ${cx} ${cy})`, fill: "#9c8f74" })),
    shape("M-16,0 L16,0 C15,10 9,15 0,15 C-9,15 -15,10 -16,0 Z", "#8a5a2a"),
  ],
  // Half a hard-boiled egg.
  egg: () => [svg("ellipse", { cx: 0, cy: 0, rx: 11.5, ry: 15.5, fill: "#ffffff", stroke: INK, "stroke-width": 1.6 }), dot(0, 2, 6.5, "#f2b705", { stroke: INK, "stroke-width": 1.2 })],
  // A peanut in its shell, waisted, with its markings.
  peanuts: () => [
    svg("g", { transform: "rotate(35)" },
      shape("M0,-16 C8,-16 10,-9 7.5,-4 C5.5,0 5.5,1.5 7.5,5.5 C10,11 7,17 0,17 C-7,17 -10,11 -7.5,5.5 C-5.5,1.5 -5.5,0 -7.5,-4 C-10,-9 -8,-16 0,-16 Z", "#d9a15f"),
      ...[[-3, -10], [3, -8], [-2, -4], [2, 6], [-3, 10], [3, 12]].map(([cx, cy]) => dot(cx, cy, 1.3, "#7a4a1c"))),
  ],
  // Anchovies on a dollop of red sambal.
  sambal: () => [
    shape("M-17,11 C-17,3 -9,2 -4,5 C0,1 8,1 11,5 C16,5 18,9 16,13 C10,17 -12,17 -17,11 Z", "#c0392b"),
    shape("M-15,-3 C-8,-12 4,-11 9,-3 C4,4 -8,5 -15,-3 Z", "#cfd5dc"),
    shape("M8,-3 L17,-10 L15,-3 L17,4 Z", "#cfd5dc"),
    line("M-4,-8 L-4,2", { "stroke-width": 1 }),
    dot(-10, -4, 1.6),
  ],
  // Two slices of cucumber.
  cucumber: () => [...cucumberSlice(-5, -5), ...cucumberSlice(6, 6)],
  // A wooden crate with three cards turned up out of it.
  wholesaler: () => [
    svg("rect", { x: -12, y: -18, width: 9, height: 13, rx: 1.5, fill: CREAM, stroke: INK, "stroke-width": 1.2, transform: "rotate(-18 -7 -11)" }),
    svg("rect", { x: -4.5, y: -19, width: 9, height: 13, rx: 1.5, fill: CREAM, stroke: INK, "stroke-width": 1.2 }),
    svg("rect", { x: 3, y: -18, width: 9, height: 13, rx: 1.5, fill: CREAM, stroke: INK, "stroke-width": 1.2, transform: "rotate(18 7 -11)" }),
    svg("rect", { x: -15, y: -8, width: 30, height: 23, rx: 2, fill: "#b97a3e", stroke: INK, "stroke-width": 1.6 }),
    line("M-15,0 L15,0 M-15,7 L15,7 M-13,-7 L13,14", { "stroke-width": 1.2 }),
  ],
  // A megaphone announcing an ingredient.
  supplier: () => [
    shape("M-11,-4 L7,-12 L7,12 L-11,4 Z", "#e0b43c", { "stroke-width": 1.6 }),
    svg("rect", { x: -16, y: -4.5, width: 5.5, height: 9, rx: 1.5, fill: "#555", stroke: INK, "stroke-width": 1.2 }),
    line("M-6,4 L-8,12", { "stroke-width": 3 }),
    line("M11,-6 Q14,0 11,6"),
    line("M14,-11 Q19,0 14,11"),
  ],
  // The auntie who sells Nasi Lemak, in her headscarf.
  mak_cik: () => [
    shape("M0,-17 C10,-17 14,-7 14,3 C14,9 17,13 18,16 L-18,16 C-17,13 -14,9 -14,3 C-14,-7 -10,-17 0,-17 Z", "#7b4b94"),
    svg("ellipse", { cx: 0, cy: -2, rx: 7.5, ry: 8.5, fill: "#f1c9a5", stroke: INK, "stroke-width": 1.2 }),
    dot(-3, -3.5, 1.2), dot(3, -3.5, 1.2),
    line("M-3,2 Q0,4.5 3,2", { "stroke-width": 1.2 }),
  ],
  // A police badge: a shield with a star.
  officer: () => [
    shape("M0,-17 L14,-12 C14,2 9,11 0,17 C-9,11 -14,2 -14,-12 Z", "#2e4a7d", { "stroke-width": 1.6 }),
    shape(starPath(0, -1, 8.5), "#f2c94c", { "stroke-width": 1 }),
  ],
  // A burglar's eye mask.
  thief: () => [
    shape("M-18,-5 C-13,-11 -4,-9 0,-5 C4,-9 13,-11 18,-5 C18,4 12,8 6,6 C2,5 1,2 0,2 C-1,2 -2,5 -6,6 C-12,8 -18,4 -18,-5 Z", "#262626"),
    svg("ellipse", { cx: -7.5, cy: -2, rx: 4, ry: 2.6, fill: CREAM }),
    svg("ellipse", { cx: 7.5, cy: -2, rx: 4, ry: 2.6, fill: CREAM }),
  ],
  // A housefly.
  fly: () => [
    svg("ellipse", { cx: -7, cy: -5, rx: 8, ry: 4.5, transform: "rotate(-30 -7 -5)", fill: "#dce6ff", stroke: INK, "stroke-width": 1.2 }),
    svg("ellipse", { cx: 7, cy: -5, rx: 8, ry: 4.5, transform: "rotate(30 7 -5)", fill: "#dce6ff", stroke: INK, "stroke-width": 1.2 }),
    line("M-4,4 L-11,9 M4,4 L11,9 M-4,8 L-9,14 M4,8 L9,14", { "stroke-width": 1.3 }),
    svg("ellipse", { cx: 0, cy: 5, rx: 5.5, ry: 9.5, fill: "#222" }),
    dot(0, -7, 4.5, "#222"),
    dot(-2.6, -8.2, 1.6, "#d33"), dot(2.6, -8.2, 1.6, "#d33"),
  ],
  // A folding hand fan.
  fan: () => {
    const ribs = [];
    for (let i = 0; i <= 6; i += 1) {
      const a = (-160 + (i * 140) / 6) * (Math.PI / 180);
      ribs.push(`M0,12 L${(19 * Math.cos(a)).toFixed(2)},${(12 + 19 * Math.sin(a)).toFixed(2)}`);
    }
    const a0 = (-160 * Math.PI) / 180;
    const a1 = (-20 * Math.PI) / 180;
    const p = (a) => `${(19 * Math.cos(a)).toFixed(2)},${(12 + 19 * Math.sin(a)).toFixed(2)}`;
    return [
      shape(`M0,12 L${p(a0)} A19,19 0 0 1 ${p(a1)} Z`, "#2f9a9a", { "stroke-width": 1.6 }),
      line(ribs.join(" "), { stroke: CREAM, "stroke-width": 1.2 }),
      line("M0,12 L0,18", { "stroke-width": 3 }),
      dot(0, 12, 2.2),
    ];
  },
  // A fly swatter: a mesh head on a long handle.
  swatter: () => [
    svg("g", { transform: "rotate(-40)" },
      line("M0,2 L0,19", { stroke: "#6b4420", "stroke-width": 3.4 }),
      svg("rect", { x: -8, y: -18, width: 16, height: 19, rx: 3, fill: "#e8d9b5", stroke: INK, "stroke-width": 1.6 }),
      line("M-8,-12 L8,-12 M-8,-6 L8,-6 M-3,-18 L-3,1 M3,-18 L3,1", { "stroke-width": 1 })),
  ],
};

/** The picture of card key in a cream medallion of radius r round (cx, cy); decorative, since
 * the card it is on carries the name. */
function picture(key, cx, cy, r) {
  const drawing = PICTURES[key];
  return svg("g", { class: "picture", "data-picture": key, "aria-hidden": "true", "pointer-events": "none" },
    dot(cx, cy, r, CREAM, { stroke: INK, "stroke-width": 1.2 }),
    drawing ? svg("g", { transform: `translate(${cx} ${cy}) scale(${(r / 21).toFixed(3)})` }, ...drawing()) : null);
}

/** One card face: its picture, its name, its Malay name when large enough, and how many of it
 * (the count is left off with badge false, for a stack that draws it as a piece of its own).
 * It is named in words for a screen reader, unless named is false (a stack names it). */
function card(types, key, x, y, { count = 1, scale = 1, dim = false, badge = true, named = true } = {}) {
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  const type = types[key];
  const ink = DARK_TEXT.has(key) ? INK : "#fff";
  const name = nameLines(cardName(types, key));
  const spoken = `${count > 1 && badge ? `${count} × ` : ""}${cardWords(types, key)}`;
  const group = svg("g", { class: "card", "data-card-face": key, opacity: dim ? 0.45 : null, ...(named ? { role: "img", "aria-label": spoken } : {}) },
    title(spoken),
    svg("rect", { class: "hl", x, y, width: w, height: h, rx: 8 * scale, fill: FILLS[key] || "#999", stroke: "#3d2b1f", "stroke-width": 2 }),
    svg("rect", { x: x + 5 * scale, y: y + 5 * scale, width: w - 10 * scale, height: h - 10 * scale, rx: 6 * scale, fill: "none", stroke: DARK_TEXT.has(key) ? "rgba(61,43,31,0.25)" : "rgba(255,255,255,0.5)", "pointer-events": "none" }));
  const r = 17 * scale;
  group.append(picture(key, x + w / 2, y + 5 * scale + r, r));
  const size = Math.max(12, 13 * scale);
  const lines = name;
  const middle = y + h * (scale >= 0.8 ? 0.64 : 0.67);
  lines.forEach((word, i) => {
    group.append(fitted(x + w / 2, middle + (i - (lines.length - 1) / 2) * size * 1.15, word, w - 8, { "font-size": size, fill: ink, "font-weight": 700, "pointer-events": "none" }));
  });
  if (scale >= 0.8 && type && type.malay !== type.name) {
    group.append(fitted(x + w / 2, y + h - 12 * scale, type.malay.split(" ")[0], w - 12, { "font-size": 12, fill: ink, "font-style": "italic", "pointer-events": "none" }));
  }
  if (count > 1 && badge) group.append(...countBadge(x, y, w, scale, count));
  return group;
}

/** The "×N" of a card held more than once, in its top right corner. */
function countBadge(x, y, w, scale, count) {
  const r = Math.max(11, 13 * scale);
  return [svg("circle", { cx: x + w - r + 3, cy: y + r - 3, r, fill: "#b5462f", stroke: "#fff", "stroke-width": 2, "pointer-events": "none" }),
    label(x + w - r + 3, y + r - 3, `×${count}`, { "font-size": 12, fill: "#fff", "font-weight": 700, "pointer-events": "none" })];
}

/** Name node as a piece that may move between drawings (ctx.piece), the same key for the same
 * card in every drawing of this seat's view. */
function piece(ctx, node, key) {
  return ctx.piece ? ctx.piece(node, key) : node;
}

/** An outline drawn only when the table marks a piece as moved (with reduced motion): the first
 * child of a piece whose own first child is not a shape. */
function frame(x, y, w, h, r) {
  return svg("rect", { class: "piece-frame", x, y, width: w, height: h, rx: r, fill: "none", stroke: "none", "pointer-events": "none" });
}

/** Name node as a place pieces come from or go to (ctx.place). */
function place(ctx, node, name) {
  return ctx.place ? ctx.place(node, name) : node;
}

/**
 * n cards of one kind, drawn as before as one face with its count, but made of pieces so that
 * one card can arrive on it or leave it: the top card `${prefix}:${key}:${n}` (the n-th of
 * them), a plain card of the same colour under it `${prefix}:${key}:${n - 1}` when n > 1 (which
 * the top covers until it moves), and the count `count:${prefix}:${key}`. A card that arrives
 * is the new top flying in over the one that was there; a card that leaves is the old top, the
 * card of the same colour under it then showing.
 */
function stack(ctx, types, prefix, key, n, x, y, { scale = 1, dim = false } = {}) {
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  const spoken = `${n > 1 ? `${n} × ` : ""}${cardWords(types, key)}`;
  const group = svg("g", { class: "stack", opacity: dim ? 0.45 : null, role: "img", "aria-label": spoken });
  if (n > 1) {
    group.append(piece(ctx, svg("g", { "aria-hidden": "true", "pointer-events": "none" },
      svg("rect", { x, y, width: w, height: h, rx: 8 * scale, fill: FILLS[key] || "#999", stroke: "#3d2b1f", "stroke-width": 2 }),
      svg("rect", { x: x + 5 * scale, y: y + 5 * scale, width: w - 10 * scale, height: h - 10 * scale, rx: 6 * scale, fill: "none", stroke: DARK_TEXT.has(key) ? "rgba(61,43,31,0.25)" : "rgba(255,255,255,0.5)" }),
      picture(key, x + w / 2, y + 5 * scale + 17 * scale, 17 * scale)),
    `${prefix}:${key}:${n - 1}`));
  }
  group.append(piece(ctx, svg("g", {}, frame(x, y, w, h, 8 * scale), card(types, key, x, y, { scale, badge: false, named: false })), `${prefix}:${key}:${n}`));
  if (n > 1) group.append(piece(ctx, svg("g", {}, ...countBadge(x, y, w, scale, n)), `count:${prefix}:${key}`));
  return group;
}

/** A card's name in at most two lines, split where the halves come out most even. */
function nameLines(name) {
  const parts = name.split(" ");
  if (parts.length < 2) return parts;
  let best = [name];
  let worst = Infinity;
  for (let i = 1; i < parts.length; i += 1) {
    const lines = [parts.slice(0, i).join(" "), parts.slice(i).join(" ")];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest < worst) {
      worst = longest;
      best = lines;
    }
  }
  return best;
}

/** Centred text squeezed to width when its letters would not fit (estimated, bold). */
function fitted(x, y, content, width, attrs) {
  const node = label(x, y, content, attrs);
  const size = Number(attrs["font-size"]) || 15;
  if (content.length * size * 0.68 > width) {
    node.setAttribute("textLength", String(width));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

/** A card back: banana leaf for the hands and the draw pile, gold for Nasi Lemak. */
function back(x, y, w, h, gold, text) {
  return svg("g", { "pointer-events": "none" },
    svg("rect", { x, y, width: w, height: h, rx: 6, fill: gold ? "#e0b43c" : "#3f7d3a", stroke: gold ? "#8a6a12" : "#1f4a1c", "stroke-width": 2 }),
    svg("path", { d: `M${x + w / 2},${y + 6} C${x + w - 5},${y + h / 3} ${x + w - 5},${y + (2 * h) / 3} ${x + w / 2},${y + h - 6} C${x + 5},${y + (2 * h) / 3} ${x + 5},${y + h / 3} ${x + w / 2},${y + 6} Z`, fill: gold ? "#f2d27a" : "#5da052", opacity: 0.8 }),
    text !== undefined ? label(x + w / 2, y + h / 2, text, { "font-size": Math.min(18, w * 0.45), "font-weight": 700, fill: gold ? "#5a3d00" : "#fff" }) : null);
}

/** A Nasi Lemak card face up: its number of packs, in figures and as that many packs wrapped
 * in banana leaf, as the printed card shows them. */
function nasiLemakFace(x, y, w, h, packs) {
  const group = svg("g", { "pointer-events": "none" },
    svg("rect", { x, y, width: w, height: h, rx: 6, fill: "#fbf1d0", stroke: "#8a6a12", "stroke-width": 2 }),
    label(x + w / 2, y + h * 0.32, String(packs), { "font-size": Math.min(18, w * 0.45), "font-weight": 700, fill: "#5a3d00" }));
  const s = w / 34;
  const shown = Math.min(packs, 3);
  for (let i = 0; i < shown; i += 1) {
    const px = x + w / 2 + (i - (shown - 1) / 2) * 12 * s;
    const py = y + h * 0.72;
    group.append(svg("path", { d: `M${px - 5.5 * s},${py + 5 * s} L${px},${py - 6 * s} L${px + 5.5 * s},${py + 5 * s} Z`, fill: "#3f7d3a", stroke: "#1f4a1c", "stroke-width": 1.2, "stroke-linejoin": "round" }),
      svg("path", { d: `M${px},${py - 6 * s} L${px},${py + 5 * s}`, stroke: "#a8d08d", "stroke-width": 1 }));
  }
  return group;
}

/** The number on a card back, drawn beside the back's piece so that a copy of the back that
 * travels carries no number. */
function backLabel(x, y, w, h, gold, content) {
  return label(x + w / 2, y + h / 2, content, { "font-size": Math.min(18, w * 0.45), "font-weight": 700, fill: gold ? "#5a3d00" : "#fff", "pointer-events": "none" });
}

function fly(x, y, s = 1) {
  return svg("g", { "pointer-events": "none" }, title("a fly: this Nasi Lemak does not count"),
    svg("ellipse", { cx: x - 6 * s, cy: y - 5 * s, rx: 7 * s, ry: 4 * s, fill: "rgba(220,230,255,0.95)", stroke: "#555" }),
    svg("ellipse", { cx: x + 6 * s, cy: y - 5 * s, rx: 7 * s, ry: 4 * s, fill: "rgba(220,230,255,0.95)", stroke: "#555" }),
    svg("ellipse", { cx: x, cy: y, rx: 5 * s, ry: 8 * s, fill: "#222" }));
}

/** A button for a move with no object on the table; disabled ones are drawn but not bound. */
function button(ctx, move, x, y, w, caption, disabled = false) {
  return kitButton(ctx, { move, x, y, w, h: 42, caption, size: 16, weight: 600, off: disabled, attrs: { "data-button": move } });
}

/** Buttons in a row from (x, y), wrapping within width; returns the group and its height. */
function buttons(ctx, moves, x, y, width) {
  const group = svg("g", { class: "buttons" });
  const captions = moves.map((move) => moveWords(ctx, move.text));
  const widths = captions.map((caption) => Math.max(104, caption.length * 9 + 32));
  const { places, rows } = flow(widths, { x, y, width, gap: GAP, pitch: 52 });
  moves.forEach((move, i) => group.append(button(ctx, move.text, ...places[i], widths[i], captions[i])));
  return { node: group, height: rows ? (rows - 1) * 52 + 42 : 0 };
}

/** A row of Nasi Lemak cards of one seat; each may be the target of a fly, a fan or a swatter. */
function nasiLemakRow(ctx, seat, player, x, y, width, { own = false, size = 1 } = {}) {
  const group = svg("g", { class: "nasi-lemak" });
  const values = player.nasi_lemak || [];
  const flies = player.flies || [];
  const w = 34 * size;
  const h = 46 * size;
  const step = values.length > 1 ? Math.min(w + 6, (width - w) / (values.length - 1)) : w + 6;
  const picked = ctx.selection[0];
  const view = ctx.view;
  values.forEach((packs, i) => {
    const cx = x + i * step;
    const shown = packs === null ? "?" : String(packs);
    const node = svg("g", { "data-nasi-lemak": `${seat}:${i}` },
      title(packs === null ? "a face-down Nasi Lemak card" : `${packs} pack${packs > 1 ? "s" : ""}`),
      svg("rect", { class: "hl", x: cx - 3, y: y - 3, width: w + 6, height: h + 6, rx: 8, fill: "none", stroke: "transparent", "pointer-events": "all" }),
      piece(ctx, packs === null ? back(cx, y, w, h, true, shown) : nasiLemakFace(cx, y, w, h, packs), `nl:${seat}:${i}`));
    if (flies[i]) {
      const fx = cx + w - 3 * size;
      const fy = y + 6 * size;
      const s = size * 0.75;
      node.append(piece(ctx, svg("g", { "pointer-events": "none" }, frame(fx - 13 * s, fy - 9 * s, 26 * s, 17 * s, 3), fly(fx, fy, s)), `fly:${seat}:${i}`));
    }
    const mover = ctx.marks.cards.get(`${seat}:${i}`);
    if (mover !== undefined) node.append(ring(ctx, mover, cx - 4, y - 4, w + 8, h + 8, 9, true));
    if (own && view.phase === "fan_target" && view.fan_from === i) {
      node.append(svg("rect", { x: cx - 4, y: y - 4, width: w + 8, height: h + 8, rx: 9, fill: "none", stroke: "#2a8a8a", "stroke-width": 3, "stroke-dasharray": "6 4", "pointer-events": "none" }));
    }
    if (own) {
      for (const [key, prefix] of Object.entries(AIMED)) {
        if (picked === `card:${key}`) ctx.target(node, `${prefix}${i}`);
      }
    } else {
      ctx.target(node, `fly to seat ${seat} card ${i}`);
    }
    group.append(node);
  });
  return group;
}

/** The width "Known: N" takes, the least the known cards are given beside a last-move note. */
const KNOWN_COUNT_W = 64;

/** The cards known to be in another hand, each as its picture with its count, named in words
 * in its tooltip and for a screen reader; those that do not fit are counted ("+2 more"). */
function knownChips(types, known, x, y, width, lines = 1) {
  const group = svg("g", { class: "known" });
  const entries = Object.entries(known || {}).filter(([, n]) => n > 0);
  if (!entries.length) return group;
  const listed = (list) => list.map(([k, c]) => `${c} ${cardName(types, k)}`).join(", ");
  const all = listed(entries);
  if (width < 96) {
    // Beside a last-move note only a count fits; the cards are listed in its tooltip.
    const count = entries.reduce((sum, [, n]) => sum + n, 0);
    group.append(svg("g", { role: "img", "aria-label": `known to hold ${all}` }, title(`known to hold ${all}`), text(x, y + 14, `Known: ${count}`, { "font-size": 12, fill: MUTED })));
    return group;
  }
  group.append(text(x, y + 14, "Known:", { "font-size": 12, fill: MUTED }));
  let cx = x + 46;
  let cy = y;
  let line = 1;
  let full = false;
  entries.forEach(([key, n], i) => {
    if (full) return;
    const w = n > 1 ? 42 : 24;
    const last = line === lines;
    const room = i === entries.length - 1 || !last ? 0 : 26; // space for "+N" after this chip
    if (cx + w + room > x + width && !last) {
      // On to the next line, under the first chip.
      cx = x + 46;
      cy += 24;
      line += 1;
    }
    const more = i === entries.length - 1 ? 0 : 26;
    if (cx + w + (line === lines ? more : 0) > x + width) {
      const rest = listed(entries.slice(i));
      group.append(svg("g", { role: "img", "aria-label": `and ${rest}` }, title(`also known to hold ${rest}`),
        text(cx, cy + 14, `+${entries.length - i}`, { "font-size": 12, "font-weight": 700, fill: MUTED })));
      full = true;
      return;
    }
    const words = `known to hold ${n} ${cardName(types, key)}`;
    group.append(svg("g", { class: "known-card", "data-known": key, role: "img", "aria-label": words }, title(words),
      svg("rect", { x: cx, y: cy - 1, width: w, height: 22, rx: 11, fill: FILLS[key] || "#999", stroke: "#3d2b1f", "stroke-width": 1 }),
      picture(key, cx + 11, cy + 10, 9.5),
      n > 1 ? text(cx + 22, cy + 14.5, `×${n}`, { "font-size": 12, "font-weight": 700, fill: DARK_TEXT.has(key) ? INK : "#fff" }) : null));
    cx += w + 4;
  });
  return group;
}

/** One other player: name, hand, Nasi Lemak cards and known cards; chosen by clicking it. */
function opponentPanel(ctx, types, player, x, y, w) {
  const view = ctx.view;
  const seat = player.seat;
  const acting = view.phase !== "over" && view.to_move === seat;
  const badge = seatBadge(view, player);
  const room = w - 32 - 14 - (badge ? badge.length * 12 * 0.62 + 10 : 0);
  const compact = !ctx.wide;
  const height = compact ? PANEL_H_NARROW : PANEL_H;
  const panel = svg("g", { "data-seat-panel": seat },
    title(ctx.seatName(seat)),
    svg("rect", { class: "hl", x, y, width: w, height, rx: 10, fill: acting ? "#e6f4ee" : CREAM, stroke: acting ? ctx.colour(seat) : EDGE, "stroke-width": 2 }),
    place(ctx, seatDot(ctx, seat, x + 17, y + (compact ? 16 : 17)), `dot:${seat}`),
    text(x + 32, y + (compact ? 22 : 23), clip(ctx.seatName(seat), room, 16), { "font-size": 16, "font-weight": 700 }));
  if (badge) panel.append(text(x + w - 12, y + (compact ? 21 : 22), badge, { "font-size": 12, "font-weight": 600, fill: "#1f6f5a", "text-anchor": "end" }));
  if (compact) {
    compactPanel(ctx, types, player, panel, x, y, w);
  } else {
    widePanel(ctx, types, player, panel, x, y, w);
  }
  place(ctx, panel, `seat:${seat}`);
  ctx.target(panel, `trade with seat ${seat}`);
  ctx.target(panel, `examine seat ${seat}`);
  return panel;
}

/** A panel's cards on a phone, in one row under the name: the hand (its size on its back), the
 * Nasi Lemak cards, and at the right the cards known to be in the hand over the last-move note. */
function compactPanel(ctx, types, player, panel, x, y, w) {
  const seat = player.seat;
  panel.append(svg("g", {}, title(`${player.hand_size} cards in hand`), piece(ctx, back(x + 10, y + 31, 28, 38, false), `back:${seat}`),
    backLabel(x + 10, y + 31, 28, 38, false, String(player.hand_size))));
  const values = player.nasi_lemak || [];
  const cards = values.length ? Math.min(4, values.length) * 33 + 2 : 92;
  if (values.length) {
    panel.append(nasiLemakRow(ctx, seat, player, x + 50, y + 33, cards - 6, { size: 0.8 }));
  } else {
    panel.append(text(x + 50, y + 54, "no Nasi Lemak", { "font-size": 12, fill: MUTED }));
  }
  const room = w - 50 - cards - 24;
  const tag = lastMoveTag(ctx, types, seat, x + w - 10, y + 66, room);
  if (tag.movers.length) panel.append(ring(ctx, tag.movers[0], x + 2, y + 2, w - 4, PANEL_H_NARROW - 4, 9));
  if (tag.node) panel.append(tag.node);
  // Without a last-move note the known cards may take its line too.
  panel.append(knownChips(types, player.known, x + w - 10 - room, y + 28, room, tag.node ? 1 : 2));
}

/** A panel's cards on a wide window: the hand with its size, the Nasi Lemak cards, and under
 * them the cards known to be in the hand beside the last-move note. */
function widePanel(ctx, types, player, panel, x, y, w) {
  const seat = player.seat;
  panel.append(svg("g", {}, title(`${player.hand_size} cards in hand`), piece(ctx, back(x + 10, y + 33, 32, 44, false), `back:${seat}`),
    backLabel(x + 10, y + 33, 32, 44, false, String(player.hand_size))),
    text(x + 26, y + 96, "cards", { "font-size": 12, fill: MUTED, "text-anchor": "middle" }));
  const values = player.nasi_lemak || [];
  if (values.length) {
    panel.append(nasiLemakRow(ctx, seat, player, x + 54, y + 33, w - 64));
  } else {
    panel.append(text(x + 56, y + 60, "no Nasi Lemak yet", { "font-size": 12, fill: MUTED }));
  }
  const known = Object.values(player.known || {}).some((n) => n > 0);
  const tag = lastMoveTag(ctx, types, seat, x + w - 10, y + PANEL_H - 12, w - 64 - (known ? KNOWN_COUNT_W : 0));
  if (tag.movers.length) panel.append(ring(ctx, tag.movers[0], x + 2, y + 2, w - 4, PANEL_H - 4, 9));
  if (tag.node) panel.append(tag.node);
  panel.append(knownChips(types, player.known, x + 54, y + 84, w - 64 - tag.width));
}

/** The corner note of a panel for the other players' last moves: the card this player played,
 * and whose move was aimed at them; movers lists the latter, whose ring the panel gets. Where
 * both do not fit in room, the note keeps the card played (the ring still shows the mover's
 * colour) and its tooltip says both. */
function lastMoveTag(ctx, types, seat, right, baseline, room) {
  const played = ctx.marks.played.get(seat);
  const movers = ctx.marks.seats.get(seat) || [];
  const parts = [];
  if (played) parts.push(`played ${SHORT_NAMES[played] || cardName(types, played)}`);
  if (movers.length) parts.push(`${clip(ctx.seatName(movers[0]), 70, 12)}'s move`);
  if (!parts.length) return { node: null, width: 0, movers };
  const full = parts.join(" · ");
  const width = (words) => words.length * 12 * 0.62 + 12;
  const words = width(full) > room ? parts[0] : full;
  const node = svg("g", { "data-last-move": String(played ? seat : movers[0]), class: "last-move" },
    ...(words === full ? [] : [title(full)]), text(right, baseline, words, { "font-size": 12, "font-weight": 600, fill: MUTED, "text-anchor": "end" }));
  return { node, width: width(words), movers };
}

/** What a seat is doing now, in two or three words, for its panel; its packs at the end. */
function seatBadge(view, player) {
  const seat = player.seat;
  if (view.phase === "over") {
    const packs = (player.nasi_lemak || []).reduce((sum, v, i) => sum + (player.flies[i] ? 0 : v || 0), 0);
    return `${packs} pack${packs === 1 ? "" : "s"}${(view.winners || []).includes(seat) ? " · winner" : ""}`;
  }
  if (view.phase === "response" && view.target === seat) return "answering";
  if (view.active === seat) return "their turn";
  if (["offer", "response"].includes(view.phase) && view.target === seat) return "offered a trade";
  if (["pick"].includes(view.phase) && view.target === seat) return "hand examined";
  return "";
}

function opponents(ctx, types, x, y, width) {
  const others = (ctx.view.seats || []).filter((p) => p.seat !== ctx.you);
  const cols = ctx.wide ? Math.min(3, Math.max(1, others.length)) : 1;
  const w = (width - (cols - 1) * GAP) / cols;
  const h = ctx.wide ? PANEL_H : PANEL_H_NARROW;
  const gap = ctx.wide ? GAP : GAP_NARROW;
  const group = svg("g", { class: "opponents" });
  const places = grid(others.length, { x, y, perRow: cols, dx: w + GAP, dy: h + gap });
  others.forEach((player, i) => group.append(opponentPanel(ctx, types, player, ...places[i], w)));
  const rows = Math.ceil(others.length / cols);
  return { node: group, height: rows ? rows * h + (rows - 1) * gap : 0 };
}

/** The draw pile, the Nasi Lemak pile, the discards, and the turn's counters. */
function piles(ctx, x, y) {
  const view = ctx.view;
  const group = svg("g", { class: "piles" });
  const discards = Object.values(view.discard_pile || {}).reduce((a, b) => a + b, 0);
  // Each pile's back is a piece that never moves: a copy of it travels when a card leaves it.
  group.append(place(ctx, svg("g", {}, title("draw pile"), piece(ctx, back(x, y, 42, 60, false), "pile:draw"),
    backLabel(x, y, 42, 60, false, String(view.draw_pile ?? "?"))), "draw-pile"),
  label(x + 21, y + 74, "Draw", { "font-size": 12, fill: NOTE }));
  group.append(place(ctx, svg("g", {}, title("Nasi Lemak pile"), piece(ctx, back(x + 62, y, 42, 60, true), "pile:nasi-lemak"),
    backLabel(x + 62, y, 42, 60, true, String(view.nasi_lemak_pile ?? "?"))), "nasi-lemak-pile"),
  label(x + 83, y + 74, "Nasi Lemak", { "font-size": 12, fill: NOTE }));
  group.append(place(ctx, svg("g", {}, piece(ctx, svg("rect", { x: x + 124, y, width: 42, height: 60, rx: 6, fill: "#efe6d2", stroke: "#bfae8f", "stroke-dasharray": "5 4" }), "pile:discard"),
    label(x + 145, y + 30, String(discards), { "font-size": 16, "font-weight": 700 })), "discard-pile"), label(x + 145, y + 74, "Discards", { "font-size": 12, fill: NOTE }));
  const lines = [];
  if (view.phase !== "over" && view.active >= 0) {
    const name = ctx.seatName(view.active);
    const whose = view.active === ctx.you ? "Your turn" : name.length > 9 ? `${name.slice(0, 8)}…` : name;
    lines.push([whose, { "font-weight": 700 }]);
    lines.push([`${view.moves_left} move${view.moves_left === 1 ? "" : "s"} left`, { "font-weight": 700 }]);
    if (view.declined_offers) lines.push([`Declined: ${view.declined_offers}`, { fill: MUTED }]);
  }
  if (view.phase === "over") lines.push(["Game over", { "font-weight": 700 }]);
  lines.forEach(([content, attrs], i) => group.append(text(x + 180, y + 18 + i * 20, content, { "font-size": 13, ...attrs })));
  return { node: group, height: 84 };
}

/** Your own Nasi Lemak cards, with their packs: the targets of your Fan and Fly Swatter. */
function ownNasiLemak(ctx, me, x, y, width) {
  const group = svg("g", { class: "own-nasi-lemak" });
  const values = me.nasi_lemak || [];
  const packs = values.reduce((sum, v, i) => sum + (me.flies[i] ? 0 : v || 0), 0);
  group.append(place(ctx, seatDot(ctx, ctx.you, x + 9, y + 9, 9.5), `dot:${ctx.you}`),
    text(x + 23, y + 14, "Your Nasi Lemak", { "font-size": 15, "font-weight": 700 }),
    text(x + width, y + 14, `${packs} fly-free pack${packs === 1 ? "" : "s"}`, { "font-size": 13, fill: NOTE, "text-anchor": "end" }));
  if (values.length) group.append(nasiLemakRow(ctx, ctx.you, me, x + 4, y + 26, width - 8, { own: true, size: 1.15 }));
  else group.append(text(x, y + 50, "none yet: collect the five ingredients", { "font-size": 13, fill: MUTED }));
  return { node: group, height: 88 };
}

/** Cards that each play one move (ask for, announce, take), at a small scale, in as many rows
 * as they need, so that no card covers another's name; returns the group and its height. */
function choiceRow(ctx, types, entries, x, y, width, scale) {
  const group = svg("g", { class: "choices" });
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  const perRow = Math.max(1, Math.floor((width + 6) / (w + 6)));
  const places = grid(entries.length, { x, y, perRow, dx: w + 6, dy: h + 8 });
  entries.forEach(({ key, move, count = 1, dim = false }, i) => {
    const [cx, cy] = places[i];
    const node = place(ctx, svg("g", { "data-choice": move }, card(types, key, cx, cy, { count, scale, dim })), `choice:${key}`);
    ctx.target(node, move);
    group.append(node);
  });
  const rows = Math.max(1, Math.ceil(entries.length / perRow));
  return { node: group, height: rows * h + (rows - 1) * 8 };
}

/** The cards of one side of the offer, in as many rows as they need; the offerer clicks one to
 * take it back off the offer. Returns the group and its rows. */
function offerSide(ctx, types, counts, verb, x, y, width, scale) {
  const group = svg("g", { class: "offer-side" });
  const entries = Object.entries(counts || {}).filter(([, n]) => n > 0);
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  if (!entries.length) {
    group.append(svg("rect", { x, y, width: w, height: h, rx: 7, fill: "none", stroke: "#d8c9a8", "stroke-dasharray": "5 4" }),
      label(x + w / 2, y + h / 2, "—", { "font-size": 16, fill: MUTED }));
    return { node: group, rows: 1 };
  }
  const perRow = Math.max(1, Math.floor((width + 8) / (w + 8)));
  const places = grid(entries.length, { x, y, perRow, dx: w + 8, dy: h + 8 });
  entries.forEach(([key, n], i) => {
    const [cx, cy] = places[i];
    const node = svg("g", { "data-offer": `${verb}:${key}` }, stack(ctx, types, verb === "unask" ? "ask" : "give", key, n, cx, cy, { scale }));
    ctx.target(node, `${verb} ${words(key)}`);
    group.append(node);
  });
  return { node: group, rows: Math.ceil(entries.length / perRow) };
}

/** The cards asked for that the viewer does not hold, as words ("2 Egg, 1 Fan"), or "". */
function lacking(types, hand, ask) {
  return Object.entries(ask || {})
    .filter(([key, n]) => n > (hand[key] || 0))
    .map(([key, n]) => `${n} ${cardName(types, key)}${hand[key] ? ` (you hold ${hand[key]})` : ""}`)
    .join(", ");
}

/** The offer on the table: who offers whom, both sides, and the answer or the building moves. */
function offerArea(ctx, types, x, y, w, h) {
  const view = ctx.view;
  const offer = view.offer;
  const group = place(ctx, svg("g", { class: "offer" }), "offer");
  const from = view.active;
  const to = view.target;
  const you = (seat) => seat === ctx.you;
  const building = view.phase === "offer";
  const nameRoom = (w - 32 - (building ? 170 : 70)) / 2;
  const named = (seat) => clip(ctx.seatName(seat), nameRoom, 18);
  const heading = `${you(from) ? "You" : named(from)} ${you(from) ? "offer" : "offers"} ${you(to) ? "you" : named(to)}`;
  const full = `${heading} (not proposed yet)`;
  const headline = building && full.length * 18 * 0.6 <= w - 32 ? full : heading;
  group.append(text(x + 16, y + 28, headline, { "font-size": 18, "font-weight": 700, "data-offer-heading": heading }));
  const side = ctx.wide ? 150 : 0; // the column of buttons on a wide window
  const inner = w - 32 - side;
  const col = (inner - 14) / 2;
  const scale = 0.7;
  const short = (seat) => clip(ctx.seatName(seat), col - 70, 13);
  const giver = you(from) ? "You give" : `${short(from)} gives`;
  const asker = you(from) ? "You ask for" : `${short(from)} asks for`;
  group.append(text(x + 16, y + 54, giver, { "font-size": 13, fill: NOTE, "font-weight": 700 }),
    text(x + 30 + col, y + 54, asker, { "font-size": 13, fill: NOTE, "font-weight": 700 }));
  const gives = offerSide(ctx, types, offer.give, "take back", x + 16, y + 64, col, scale);
  const asked = offerSide(ctx, types, offer.ask, "unask", x + 30 + col, y + 64, col, scale);
  group.append(gives.node, asked.node);
  const rows = Math.max(gives.rows, asked.rows);
  let bottom = y + 64 + rows * CARD_H * scale + (rows - 1) * 8;
  const mine = you(from) && ctx.legal.length > 0;
  const note = (content, attrs = {}, width = inner) => {
    const lines = paragraph(content, { ...WRAP, x: x + 16, y: bottom + 20, width, size: 13, attrs: { fill: MUTED, ...attrs } });
    group.append(...lines.nodes);
    bottom += lines.height + 6;
  };
  if (mine && building) {
    const asks = ctx.startingWith("ask ").map((m) => ({ key: m.text.slice(4).replaceAll(" ", "_"), move: m.text }));
    // The table's own limit on cards taken back shows in the moves: none left means it is reached.
    const undos = ctx.startingWith("take back ").length + ctx.startingWith("unask ").length;
    const onOffer = Object.keys(offer.give).length + Object.keys(offer.ask).length > 0;
    if (onOffer && !undos) note("No more cards can be taken back out of this offer.");
    else if (onOffer) note("Click a card on the offer to take it back off.");
    if (asks.length) {
      group.append(text(x + 16, bottom + 20, "Ask for:", { "font-size": 13, fill: NOTE, "font-weight": 700 }));
      const row = choiceRow(ctx, types, asks, x + 16, bottom + 30, inner, 0.62);
      group.append(row.node);
      bottom += 30 + row.height;
    } else {
      note("Nothing more can be asked for.");
    }
  }
  const answering = view.phase === "response" && you(to) && ctx.legal.length > 0;
  const moves = [];
  if (mine && building) moves.push(["propose", "Propose"], ["cancel trade", "Cancel trade"]);
  if (answering) moves.push(["accept", "Accept"], ["decline", "Decline"]);
  const shown = moves.filter(([move]) => ctx.byText.has(move) || move === "accept");
  if (ctx.wide) {
    shown.forEach(([move, caption], i) => group.append(button(ctx, move, x + w - side - 6, y + 44 + i * 52, side - 10, caption, !ctx.byText.has(move))));
  } else if (shown.length) {
    const bw = (w - 42) / 2;
    shown.forEach(([move, caption], i) => group.append(button(ctx, move, x + 16 + i * (bw + 10), bottom + 12, bw, caption, !ctx.byText.has(move))));
    bottom += 12 + 42;
  }
  if (answering && !ctx.byText.has("accept")) {
    const missing = lacking(types, view.hand || {}, offer.ask);
    const reason = svg("g", { "data-reason": "accept" });
    // Measured at 15 units, drawn at 14: bold text runs wider.
    const lines = paragraph(`You cannot accept: you do not hold ${missing}.`,
      { ...WRAP, x: x + 16, y: bottom + 22, width: w - 32, size: 15, attrs: { "font-size": 14, fill: "#9a3412", "font-weight": 700 } });
    reason.append(...lines.nodes);
    bottom += lines.height;
    group.append(reason);
    bottom += 10;
  }
  if (!mine && !answering) {
    note(building ? `${ctx.seatName(from)} is still putting the offer together.` : `Waiting for ${ctx.seatName(to)} to accept or decline.`);
  }
  const buttonsBottom = ctx.wide ? y + 44 + shown.length * 52 : 0;
  return { node: group, height: Math.max(h, bottom - y + 12, buttonsBottom - y + 6) };
}

/** What the whole table saw of the last step that nothing else on it shows, in a line: an
 * ingredient nobody had (N7), an empty hand examined (N9), cards gone into a reshuffle (N6). */
function justSeen(ctx, types) {
  const seen = ctx.view.just_seen;
  if (!seen) return "";
  const name = (seat) => (seat === ctx.you ? "you" : ctx.seatName(seat));
  const who = seen.seat === ctx.you ? "You" : ctx.seatName(seen.seat);
  const list = (counts) => Object.entries(counts).map(([key, n]) => `${cardName(types, key)}${n > 1 ? ` ×${n}` : ""}`).join(", ");
  if (seen.card === "supplier") {
    const handed = seen.handed_over.map((n, q) => (n > 0 ? `${n} from ${name(q)}` : "")).filter(Boolean);
    return `${who} announced ${cardName(types, seen.announced)}: ${handed.length ? handed.join(", ") : "nobody had any"}`;
  }
  if (seen.card === "officer") {
    const size = ctx.view.seats[seen.examined]?.hand_size ?? 0;
    return `${who} examined ${name(seen.examined)}: ${size ? `${size} card${size === 1 ? "" : "s"}` : "an empty hand"}`;
  }
  const kept = Object.keys(seen.kept).length ? list(seen.kept) : "nothing";
  return `${who} turned up ${list(seen.turned_up)} with the Wholesaler and kept ${kept}`;
}

/** The centre of the table: what the move in progress needs, or what the player may do. */
function actionArea(ctx, types, x, y, w, minHeight) {
  const view = ctx.view;
  const group = place(ctx, svg("g", { class: "action-area" }), "area");
  const frame = svg("rect", { x, y, width: w, height: minHeight, rx: 12, fill: "#fff6e0", stroke: "#e0b43c", "stroke-width": 2 });
  group.append(frame);
  const body = svg("g");
  group.append(body);
  const mine = ctx.legal.length > 0;
  const picked = ctx.selection[0];
  let cy = y + 38; // where the next line of the area goes
  let height = minHeight;
  const grow = (bottom) => {
    cy = bottom;
    height = Math.max(height, bottom - y + 14);
  };
  const heading = (content) => body.append(text(x + 16, y + 28, content, { "font-size": 18, "font-weight": 700 }));
  const note = (content, attrs = {}, parent = body) => {
    const lines = paragraph(content, { ...WRAP, x: x + 16, y: cy + 16, width: w - 32, size: 14, attrs: { fill: NOTE, ...attrs } });
    parent.append(...lines.nodes);
    cy += lines.height;
    grow(cy);
  };
  const row = (moves) => {
    const shown = buttons(ctx, moves, x + 16, cy + 12, w - 32);
    body.append(shown.node);
    grow(cy + 12 + shown.height);
  };
  const cards = (entries, scale) => {
    const row = choiceRow(ctx, types, entries, x + 16, cy + 10, w - 32, scale);
    body.append(row.node);
    grow(cy + 10 + row.height);
  };
  const seen = view.offer ? "" : justSeen(ctx, types);
  if (seen) {
    const line = svg("g", { "data-just-seen": view.just_seen.card }, title("what the whole table just saw"));
    body.append(line);
    note(seen, { fill: "#1f6f5a", "font-style": "italic" }, line);
  }
  if (view.offer) {
    const shown = offerArea(ctx, types, x, y, w, minHeight);
    body.append(shown.node);
    height = shown.height;
  } else if (view.phase === "over") {
    heading("Game over");
    const winners = (view.winners || []).map((s) => (s === ctx.you ? "You" : ctx.seatName(s)));
    note(winners.length ? `Winner: ${winners.join(" and ")}.` : "Nobody won.");
    note("Every Nasi Lemak card is turned face up.");
  } else if (!mine) {
    const who = ctx.seatName(view.to_move >= 0 ? view.to_move : view.active);
    heading(view.active >= 0 ? `${clip(ctx.seatName(view.active), w - 100, 18)}'s turn` : "Setting up");
    const doing = {
      partner: `${who} is choosing whom to trade with.`,
      examine: `${who} plays the Officer and chooses whose hand to examine.`,
      pick: `${who} takes ${view.takes_left} card${view.takes_left === 1 ? "" : "s"} from ${ctx.seatName(view.target)}'s hand.`,
      announce: `${who} plays the Supplier and announces an ingredient.`,
      trio: `${who} plays Mak Cik Nasi Lemak.`,
      fly_target: `${who} puts a fly on someone's Nasi Lemak.`,
      fan_target: `${who} fans a fly onto someone else's Nasi Lemak.`,
      main: `${who} is choosing a move.`,
      draw: `${who} draws two cards.`,
      deal: "Dealing seven cards to everyone.",
      reveal: `${who}'s Wholesaler turns up the top cards of the draw pile.`,
      steal: `${who}'s Thief steals a card from ${ctx.seatName(view.target)}.`,
      cook: `${who} takes the top Nasi Lemak card.`,
    }[view.phase];
    if (doing) note(doing);
    const revealed = Object.entries(view.revealed || {}).filter(([, n]) => n > 0);
    if (revealed.length) {
      note("Turned up by the Wholesaler:");
      revealed.forEach(([key, n], i) => body.append(stack(ctx, types, "turned", key, n, x + 16 + i * 58, cy + 6, { scale: 0.62 })));
      grow(cy + 6 + CARD_H * 0.62);
    }
  } else if (picked && picked.startsWith("card:") && AIMED[picked.slice(5)]) {
    const key = picked.slice(5);
    heading(key === "fan" ? "Fan / Kipas" : "Fly Swatter / Pemukul Lalat");
    note(key === "fan" ? "Click the Nasi Lemak card of yours whose fly you chase away." : "Click the Nasi Lemak card of yours whose fly you swat.");
    const cancel = button(ctx, "", x + 16, cy + 12, 120, "Cancel");
    cancel.removeAttribute("data-button");
    body.append(ctx.clear(cancel));
    grow(cy + 12 + 42);
  } else if (view.phase === "main") {
    heading("Your move");
    note("Click a card in your hand to play it, or:");
    row(["make nasi lemak", "trade", "end turn"].filter((m) => ctx.byText.has(m)).map((m) => ({ text: m })));
  } else if (view.phase === "partner") {
    heading("Trade");
    note("Click the player to trade with.");
    row([{ text: "cancel trade" }]);
  } else if (view.phase === "examine") {
    heading("Officer / Pegawai");
    note("Click the player whose hand you examine; you then take two cards from it.");
  } else if (view.phase === "pick") {
    heading("Officer / Pegawai");
    const from = ctx.seatName(view.target);
    note(`Take ${view.takes_left} card${view.takes_left === 1 ? "" : "s"} from ${from}'s hand:`);
    const hand = (view.seats[view.target] || {}).known || {};
    cards(ctx.startingWith("take ").filter((m) => !m.text.startsWith("take back ")).map((m) => {
      const key = m.text.slice(5).replaceAll(" ", "_");
      return { key, move: m.text, count: hand[key] || 1 };
    }), ctx.wide ? 0.8 : 0.66);
  } else if (view.phase === "announce") {
    heading("Supplier / Pembekal");
    note("Announce an ingredient: every other player hands you all of theirs.");
    cards(ctx.startingWith("announce ").map((m) => ({ key: m.text.slice(9), move: m.text })), ctx.wide ? 0.8 : 0.66);
  } else if (view.phase === "trio") {
    heading("Mak Cik Nasi Lemak");
    const chosen = ctx.selection.filter((key) => INGREDIENT_KEYS.includes(key));
    note(`Click three different ingredients in your hand (${chosen.length} of 3 chosen).`);
    const top = cy + 10;
    for (let i = 0; i < 3; i += 1) {
      if (chosen[i]) body.append(card(types, chosen[i], x + 16 + i * 56, top, { scale: 0.62 }));
      else body.append(svg("rect", { x: x + 16 + i * 56, y: top, width: CARD_W * 0.62, height: CARD_H * 0.62, rx: 6, fill: "none", stroke: "#d8c9a8", "stroke-dasharray": "5 4" }));
    }
    if (chosen.length) {
      const change = button(ctx, "", x + 16 + 3 * 56 + 10, top + 11, 110, "Change");
      change.removeAttribute("data-button");
      body.append(ctx.clear(change));
    }
    grow(top + CARD_H * 0.62);
  } else if (view.phase === "fly_target") {
    heading("Fly / Lalat");
    note("Click another player's Nasi Lemak card to put the fly on it.");
    note("The cards are face down: you cannot see how many packs they show.");
  } else if (view.phase === "fan_target") {
    heading("Fan / Kipas");
    note("Click another player's Nasi Lemak card to send the fly to.");
    note("The fly leaves your card marked with a dashed line.");
  }
  // A move this renderer does not know yet still gets a button, at the bottom of the area.
  const known = (m) => BUTTONS[m.text] || BOUND.some((pattern) => pattern.test(m.text));
  const rest = ctx.legal.filter((m) => !known(m));
  if (rest.length) {
    const others = buttons(ctx, rest, x + 16, y + height + 4, w - 32);
    body.append(others.node);
    height += others.height + 14;
  }
  frame.setAttribute("height", String(height));
  return { node: group, height };
}

/** Your hand: each card plays its move, goes on the offer, or is one of a Mak Cik trio. */
function hand(ctx, types, x, y, width) {
  const view = ctx.view;
  const group = place(ctx, svg("g", { class: "hand" }), "hand");
  const entries = Object.entries(view.hand || {}).filter(([, n]) => n > 0);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  group.append(text(x, y + 16, `Your hand (${total} card${total === 1 ? "" : "s"})`, { "font-size": 16, "font-weight": 700 }));
  const top = y + 26;
  const wide = ctx.wide;
  const perRow = wide ? entries.length || 1 : 5;
  const fit = wide ? Math.min(1, (width + 8) / (Math.max(1, entries.length) * (CARD_W + 8))) : (width + 6) / (5 * (CARD_W + 6));
  const places = grid(entries.length, { x, y: top, perRow, dx: wide ? (CARD_W + 8) * fit : (CARD_W + 6) * fit, dy: CARD_H * fit + 10 });
  const picked = ctx.selection[0];
  const phase = view.phase;
  const yourDecision = ctx.legal.length > 0;
  entries.forEach(([key, n], i) => {
    const [cx, cy] = places[i];
    let dim = false;
    const node = svg("g", { "data-card": key });
    if (yourDecision) {
      if (phase === "main") {
        // While a Fan or Fly Swatter is aimed, the other cards wait; clicking it again undoes.
        const aimed = AIMED[key] && ctx.startingWith(AIMED[key]).length;
        if (PLAY[key] && !picked) ctx.target(node, PLAY[key]);
        if (aimed && (!picked || picked === `card:${key}`)) ctx.pick(node, `card:${key}`, 0);
      } else if (phase === "offer") {
        ctx.target(node, `give ${words(key)}`);
        dim = !ctx.byText.has(`give ${words(key)}`);
      } else if (phase === "trio") {
        dim = !trioChoice(ctx, node, key);
      }
    }
    node.append(stack(ctx, types, "card", key, n, cx, cy, { scale: fit, dim }));
    group.append(node);
  });
  const rows = Math.ceil(entries.length / perRow);
  if (!entries.length) {
    group.append(text(x, top + 20, "no cards", { "font-size": 13, fill: MUTED }));
    return { node: group, height: 56 };
  }
  return { node: group, height: 26 + rows * (CARD_H * fit + 10) };
}

/** Bind a hand card during the Mak Cik choice: pick it as one of three, or finish the trio. */
function trioChoice(ctx, node, key) {
  if (!INGREDIENT_KEYS.includes(key)) return false;
  const trios = ctx.startingWith("use ").map((m) => ({ text: m.text, keys: m.text.slice(4).split(" ") }));
  const chosen = ctx.selection.slice(0, 2);
  if (chosen.includes(key)) {
    ctx.pick(node, key, chosen.indexOf(key));
    return true;
  }
  const fits = trios.filter((t) => chosen.every((c) => t.keys.includes(c)) && t.keys.includes(key));
  if (!fits.length) return false;
  if (chosen.length === 2) ctx.target(node, fits[0].text);
  else ctx.pick(node, key, chosen.length);
  return true;
}

/** @param {import("../types.js").NasiLemakContext} ctx */
export function draw(ctx) {
  ctx.marks = lastMarks(ctx);
  const types = cardTypes(ctx);
  const view = ctx.view;
  const rivals = (view.seats || []).filter((p) => p.seat !== ctx.you).length;
  const W = ctx.wide ? (rivals > 3 ? WIDE_W.twoRows : WIDE_W.oneRow) : NARROW_W;
  const parts = [];
  const me = (view.seats || []).find((p) => p.seat === ctx.you);
  let y = 10;
  const others = opponents(ctx, types, 10, y, W - 20);
  if (ctx.wide) {
    parts.push(others.node);
    y += others.height + GAP;
    const left = 290;
    const table = piles(ctx, 14, y + 6);
    parts.push(table.node);
    let leftHeight = table.height;
    if (me) {
      const own = ownNasiLemak(ctx, me, 14, y + table.height + 14, left - 14);
      parts.push(own.node);
      leftHeight += own.height + 14;
    }
    const area = actionArea(ctx, types, left + 14, y, W - left - 24, Math.max(200, leftHeight));
    parts.push(area.node);
    y += Math.max(leftHeight, area.height) + GAP;
  } else {
    const table = piles(ctx, 14, y + 4);
    parts.push(table.node);
    y += table.height + 4;
    others.node.setAttribute("transform", `translate(0 ${y - 10})`);
    parts.push(others.node);
    y += others.height + GAP;
    // The move in progress comes right after the players it may be aimed at (a trade partner,
    // an examined hand), and your hand right after it, so that they, its buttons and your hand
    // fit the phone's height together; your own Nasi Lemak comes last.
    const area = actionArea(ctx, types, 10, y, W - 20, 64);
    parts.push(area.node);
    y += area.height + GAP;
    if (me) {
      const cards = hand(ctx, types, 14, y, W - 28);
      parts.push(cards.node);
      y += cards.height + 4;
      const own = ownNasiLemak(ctx, me, 14, y, W - 28);
      parts.push(own.node);
      y += own.height;
    }
  }
  if (me && ctx.wide) {
    const cards = hand(ctx, types, 14, y, W - 28);
    parts.push(cards.node);
    y += cards.height;
  }
  const drawing = svg("svg", { viewBox: `0 0 ${W} ${Math.ceil(y + 6)}`, role: "img", "aria-label": "Nasi Lemak table", "data-layout": ctx.wide ? "wide" : "narrow" },
    svg("rect", { x: 0, y: 0, width: W, height: Math.ceil(y + 6), rx: 14, fill: "#f3e9d2" }), ...parts);
  nameTargets(ctx, drawing);
  return drawing;
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

/** "first", "second", ... for a card's index on the table. */
function ordinal(index) {
  return ORDINALS[index] || `${index + 1}th`;
}

/** "a" or "an" before a card's name. */
function article(name) {
  return /^[AEIOU]/.test(name) ? "an" : "a";
}

/**
 * A move of this seat in words, for its target's accessible name and the list of moves:
 * "play mak cik" -> "Play Mak Cik Nasi Lemak", "fly to seat 2 card 0" -> "Put the Fly on Cy's
 * first Nasi Lemak card", "unask swatter" -> "Stop asking for a Fly Swatter". Seats by name,
 * cards by their printed names, Nasi Lemak cards counted from the first.
 * @param {import("../types.js").NasiLemakContext} ctx
 * @param {string} move
 */
export function moveWords(ctx, move) {
  const types = cardTypes(ctx);
  const name = (label) => cardName(types, label.trim().replaceAll(" ", "_"));
  const one = (label) => `${article(name(label))} ${name(label)}`;
  const whose = (seat) => (seat === ctx.you ? "your" : `${ctx.seatName(seat)}'s`);
  if (BUTTONS[move]) return BUTTONS[move];
  let m = /^play (.+)$/.exec(move);
  if (m) return `Play the ${name(m[1])}`;
  m = /^fan from card (\d+)$/.exec(move);
  if (m) return `Fan the fly off your ${ordinal(Number(m[1]))} Nasi Lemak card`;
  m = /^swat card (\d+)$/.exec(move);
  if (m) return `Swat the fly on your ${ordinal(Number(m[1]))} Nasi Lemak card`;
  m = /^fly to seat (\d+) card (\d+)$/.exec(move);
  if (m) {
    const where = `${whose(Number(m[1]))} ${ordinal(Number(m[2]))} Nasi Lemak card`;
    return ctx.view?.phase === "fan_target" ? `Fan the fly onto ${where}` : `Put the Fly on ${where}`;
  }
  m = /^trade with seat (\d+)$/.exec(move);
  if (m) return `Trade with ${ctx.seatName(Number(m[1]))}`;
  m = /^examine seat (\d+)$/.exec(move);
  if (m) return `Examine ${ctx.seatName(Number(m[1]))}'s hand`;
  m = /^take back (.+)$/.exec(move);
  if (m) return `Take ${one(m[1])} back off the offer`;
  m = /^unask (.+)$/.exec(move);
  if (m) return `Stop asking for ${one(m[1])}`;
  m = /^give (.+)$/.exec(move);
  if (m) return `Give ${one(m[1])}`;
  m = /^ask (.+)$/.exec(move);
  if (m) return `Ask for ${one(m[1])}`;
  m = /^take (.+)$/.exec(move);
  if (m) return `Take ${one(m[1])}`;
  m = /^announce (.+)$/.exec(move);
  if (m) return `Announce ${name(m[1])}`;
  m = /^use (.+)$/.exec(move);
  if (m) {
    const names = m[1].split(" ").map(name);
    return `Use ${names.slice(0, -1).join(", ")} and ${names.at(-1)} for Mak Cik Nasi Lemak`;
  }
  return pretty(move);
}

/** A pick towards a move of several clicks, in words. */
function pickWords(ctx, key) {
  const types = cardTypes(ctx);
  if (key === "card:fan") return "Use the Fan: then choose your Nasi Lemak card whose fly it chases away";
  if (key === "card:swatter") return "Use the Fly Swatter: then choose your Nasi Lemak card whose fly it swats";
  if (INGREDIENT_KEYS.includes(key)) return `Choose ${cardName(types, key)} for Mak Cik Nasi Lemak`;
  return pretty(key.replace(/^card:/, ""));
}

/** Give every target of the drawing its move in words as its first child, the name a screen
 * reader says for it and its tooltip; a card in the hand adds how many of it are held. */
function nameTargets(ctx, drawing) {
  for (const node of drawing.querySelectorAll("[data-move], [data-pick]")) {
    let words = node.hasAttribute("data-move") ? moveWords(ctx, node.getAttribute("data-move")) : pickWords(ctx, node.getAttribute("data-pick"));
    const held = node.getAttribute("data-card");
    if (held && ctx.view.hand?.[held]) words += ` (you hold ${ctx.view.hand[held]})`;
    const old = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
    if (old) old.remove();
    node.prepend(title(words));
  }
}

/** @param {import("../types.js").NasiLemakContext} ctx */
export function hint(ctx) {
  const view = ctx.view;
  const picked = ctx.selection[0];
  if (picked === "card:fan") return "choose the Nasi Lemak card whose fly you fan away";
  if (picked === "card:swatter") return "choose the fly to swat";
  if (view.phase === "response" && !ctx.byText.has("accept")) return "you cannot accept this offer; decline it";
  if (view.phase === "trio") {
    const chosen = ctx.selection.length;
    return `choose three different ingredients for Mak Cik Nasi Lemak (${chosen} of 3)`;
  }
  if (view.phase === "pick") return `take ${view.takes_left} card${view.takes_left === 1 ? "" : "s"} from ${ctx.seatName(view.target)}'s hand`;
  return {
    main: "play a card from your hand, trade, make Nasi Lemak or end your turn",
    partner: "choose who to trade with",
    offer: "click cards in your hand to give and cards to ask for, then propose",
    response: "accept or decline the offer",
    examine: "choose whose hand the Officer examines",
    announce: "announce an ingredient",
    fly_target: "put the fly on another player's Nasi Lemak",
    fan_target: "choose where the fly goes",
  }[view.phase] || "";
}

// --- motion: what each step moved, as this seat saw it --------------------------------------

/** Counts of a {card: count} map, zeros left out. */
function held(counts) {
  return Object.fromEntries(Object.entries(counts || {}).filter(([, n]) => n > 0));
}

function sum(counts) {
  return Object.values(counts || {}).reduce((a, b) => a + b, 0);
}

/** after - before for each card of either map, zeros left out. */
function delta(before, after) {
  const out = {};
  for (const key of new Set([...Object.keys(before || {}), ...Object.keys(after || {})])) {
    const d = ((after || {})[key] || 0) - ((before || {})[key] || 0);
    if (d) out[key] = d;
  }
  return out;
}

/** The pieces of a stack of n cards that exist in its drawing, top first, at most wanted. */
function topCards(prefix, key, n, wanted) {
  const keys = [];
  for (let i = 0; i < Math.min(wanted, n, 2); i += 1) keys.push(`${prefix}:${key}:${n - i}`);
  return keys;
}

/** How far apart the cards of one step leave, in ms, so that each can be followed. */
const STAGGER = 90;

/**
 * The motions of one step, from the view before and after it as this seat sees them (and the
 * log's records only to know a step taken back): a card drawn flies from the draw pile, face up
 * into your own hand and as a back into anyone else's; a card played goes to the discards; an
 * offer's cards come out of the hands they are offered from and go where the answer sends them;
 * an Officer's or a Thief's card goes from hand to hand, face up only to the two who see it; a
 * Supplier's cards come from every hand that had them; the Wholesaler's cards are turned up
 * from the draw pile and go to the hand or the discards; a new Nasi Lemak card comes from its
 * pile; a fly lands from its player, is fanned from card to card or swatted to the discards;
 * and at the end every face-down Nasi Lemak card turns over.
 *
 * Every key and every face comes from the views: another player's cards are only ever backs,
 * whatever the card was.
 * @param {import("../types.js").NasiLemakChange} change
 */
export function motions(change) {
  const { before, view } = change;
  if (!before || !view || !Array.isArray(before.seats) || !Array.isArray(view.seats)) return [];
  if (before.seats.length !== view.seats.length) return [];
  const you = change.you ?? null;
  const out = [];
  const handBefore = held(before.hand);
  const handAfter = held(view.hand);
  const mine = delta(handBefore, handAfter);
  const sizeDelta = (q) => (view.seats[q]?.hand_size ?? 0) - (before.seats[q]?.hand_size ?? 0);
  const undo = (change.steps || []).some((entry) => entry.record && entry.record.undo);

  /** Where a card of key going to seat q lands: its stack in your hand, or q's hand of backs. */
  const landing = (q, key) => (q === you ? (handAfter[key] ? `card:${key}:${handAfter[key]}` : "hand") : `back:${q}`);
  /** Where a card of key held by seat q comes from: its stack in your hand, or q's backs. */
  const source = (q, key) => (q === you && handBefore[key] ? `card:${key}:${handBefore[key]}` : `back:${q}`);
  /**
   * Count cards of key reach seat q from the piece `from` (a piece of the drawing before): into
   * your hand the new top card flies from there, face up; into anyone else's a copy of `from`
   * travels to their backs (a back when from is one, so nothing hidden shows).
   */
  const arrive = (kind, q, key, count, from, delay = 0) => {
    if (q === you && handAfter[key]) {
      out.push({ kind, piece: `card:${key}:${handAfter[key]}`, from, delay });
      for (let i = 1; i < Math.min(count, 2); i += 1) out.push({ kind, leave: from, to: landing(q, key), delay: delay + i * STAGGER });
    } else if (q !== you) {
      for (let i = 0; i < Math.min(count, 2); i += 1) out.push({ kind, leave: from, to: `back:${q}`, delay: delay + i * STAGGER });
    }
  };
  /** Count cards of key leave seat q's hand for `to`: your own cards face up, others' as backs. */
  const depart = (kind, q, key, count, to, delay = 0) => {
    const pieces = q === you ? topCards("card", key, handBefore[key] || 0, count) : Array(Math.min(count, 2)).fill(`back:${q}`);
    pieces.forEach((from, i) => out.push({ kind, leave: from, to, delay: delay + i * STAGGER }));
  };

  offerMotions(before, view, you, undo, { arrive, source, landing, out });
  if (undo) return out;

  // The discards shuffled into a new draw pile (N12).
  if (view.draw_pile > before.draw_pile && sum(view.discard_pile) < sum(before.discard_pile)) {
    out.push({ kind: "shuffle", leave: "pile:discard", to: "pile:draw" });
  }
  const phase = before.phase;
  const act = before.active;
  if (phase === "deal" || phase === "draw") {
    const seat = phase === "deal" ? before.deal_seat : act;
    if (seat === you) {
      for (const [key, n] of Object.entries(mine)) if (n > 0) arrive("draw", seat, key, n, "pile:draw");
    } else if (seat >= 0 && sizeDelta(seat) > 0) {
      arrive("draw", seat, null, sizeDelta(seat), "pile:draw");
    }
  } else if (phase === "main" || phase === "trio") {
    // Cards played, a Nasi Lemak's ingredients or a Mak Cik trio go to the discards; a Fly is
    // held by its player until it lands.
    const flyHeld = view.phase === "fly_target";
    let i = 0;
    if (act === you) {
      for (const [key, n] of Object.entries(mine)) {
        if (n >= 0) continue;
        const to = key === "fly" && flyHeld ? `dot:${act}` : "pile:discard";
        depart("play", act, key, -n, to, i * STAGGER);
        i += Math.min(-n, 2);
      }
    } else if (act >= 0 && sizeDelta(act) < 0) {
      const gone = Math.min(-sizeDelta(act), 5);
      for (; i < gone; i += 1) {
        out.push({ kind: "play", leave: `back:${act}`, to: flyHeld ? `dot:${act}` : "pile:discard", delay: i * STAGGER });
      }
    }
    // A fly swatted goes to the discards.
    for (const [q, k] of changedFlies(before, view, false)) {
      out.push({ kind: "swat", leave: `fly:${q}:${k}`, to: "pile:discard", delay: i * STAGGER });
    }
  } else if (phase === "cook") {
    view.seats.forEach((p, q) => {
      const had = (before.seats[q].nasi_lemak || []).length;
      for (let k = had; k < (p.nasi_lemak || []).length; k += 1) out.push({ kind: "cook", piece: `nl:${q}:${k}`, from: "pile:nasi-lemak" });
    });
  } else if (phase === "announce") {
    const seen = view.just_seen;
    if (seen && seen.card === "supplier") {
      let i = 0;
      (seen.handed_over || []).forEach((count, q) => {
        if (!count || q === act) return;
        if (act === you) {
          // The first hand's card flies into yours; the others' follow as backs.
          if (i === 0) arrive("supply", act, seen.announced, count, source(q, seen.announced));
          else out.push({ kind: "supply", leave: `back:${q}`, to: landing(act, seen.announced), delay: i * STAGGER });
        } else {
          depart("supply", q, seen.announced, count, landing(act, seen.announced), i * STAGGER);
        }
        i += 1;
      });
    }
  } else if (phase === "examine") {
    const seen = view.just_seen;
    const examined = seen && seen.card === "officer" ? seen.examined : view.target;
    if (examined !== undefined && examined >= 0 && examined !== you) out.push({ kind: "examine", mark: `back:${examined}` });
  } else if (phase === "pick" || phase === "steal") {
    const taker = act;
    const victim = before.target;
    const kind = phase === "pick" ? "take" : "steal";
    if (taker === you) {
      for (const [key, n] of Object.entries(mine)) {
        if (n > 0) arrive(kind, taker, key, n, phase === "pick" ? `choice:${key}` : `back:${victim}`);
      }
    } else if (victim === you) {
      for (const [key, n] of Object.entries(mine)) if (n < 0) depart(kind, victim, key, -n, `back:${taker}`);
    } else if (victim >= 0 && sizeDelta(victim) < 0) {
      out.push({ kind, leave: `back:${victim}`, to: `back:${taker}` });
    }
  } else if (phase === "fly_target" || phase === "fan_target") {
    for (const [q, k] of changedFlies(before, view, true)) {
      const from = phase === "fly_target" ? `dot:${act}` : `fly:${act}:${before.fan_from}`;
      out.push({ kind: phase === "fly_target" ? "land" : "fan", piece: `fly:${q}:${k}`, from });
    }
  } else if (phase === "reveal") {
    revealMotions(before, view, act, { arrive, landing, out });
  }
  // At the end every Nasi Lemak card is turned face up, one after another.
  let turned = 0;
  view.seats.forEach((p, q) => {
    (p.nasi_lemak || []).forEach((packs, k) => {
      const was = (before.seats[q].nasi_lemak || [])[k];
      if (was === null && packs !== null && packs !== undefined) {
        out.push({ kind: "turn-over", flip: `nl:${q}:${k}`, delay: 250 + turned * STAGGER });
        turned += 1;
      }
    });
  });
  return out;
}

/** The fly positions [seat, card] that gained a fly (landed) or lost one. */
function changedFlies(before, view, landed) {
  const out = [];
  view.seats.forEach((p, q) => {
    const was = before.seats[q].flies || [];
    (p.flies || []).forEach((fly, k) => {
      if (Boolean(fly) !== Boolean(was[k]) && Boolean(fly) === landed) out.push([q, k]);
    });
    if (!landed) {
      for (let k = (p.flies || []).length; k < was.length; k += 1) if (was[k]) out.push([q, k]);
    }
  });
  return out;
}

/**
 * An offer's cards: put on it, they come out of the hand they are offered from; taken off it,
 * they go back. Once it is answered they go to the other hand if it was accepted, back to their
 * own hands if it was declined or called off.
 */
function offerMotions(before, view, you, undo, { arrive, source, landing, out }) {
  const from = view.offer ? view.active : before.active;
  const to = view.offer ? view.target : before.target;
  const sides = [["give", from, to], ["ask", to, from]];
  if (before.offer && view.offer) {
    for (const [side, owner] of sides) {
      for (const [key, d] of Object.entries(delta(held(before.offer[side]), held(view.offer[side])))) {
        if (d > 0) out.push({ kind: "offer", piece: `${side}:${key}:${view.offer[side][key]}`, from: source(owner, key) });
        else topCards(side, key, before.offer[side][key], -d).forEach((card, i) => out.push({ kind: "offer", leave: card, to: landing(owner, key), delay: i * STAGGER }));
      }
    }
    return;
  }
  if (!before.offer || view.offer) return;
  // A declined or called-off offer counts among the turn's declined offers (N2); an accepted one
  // does not, even when the turn ends with it.
  const accepted = !undo && before.phase === "response" && !((view.declined_offers || 0) > (before.declined_offers || 0));
  let i = 0;
  for (const [side, owner, partner] of sides) {
    for (const [key, n] of Object.entries(held(before.offer[side]))) {
      const gets = accepted ? partner : owner;
      const cards = topCards(side, key, n, n);
      cards.forEach((card, k) => {
        // Into your own hand the top card itself flies, face up; the others as copies.
        if (accepted && gets === you && k === 0) arrive("trade", gets, key, 1, card, i * STAGGER);
        else out.push({ kind: accepted ? "trade" : "return", leave: card, to: landing(gets, key), delay: i * STAGGER });
        i += 1;
      });
    }
  }
}

/**
 * The Wholesaler: each card turned up comes face up from the draw pile; with the last, the
 * ingredients go to its player's hand and the rest to the discards (N6).
 */
function revealMotions(before, view, act, { arrive, landing, out }) {
  const shown = held(before.revealed);
  if (view.phase === "reveal") {
    for (const [key, d] of Object.entries(delta(shown, held(view.revealed)))) {
      if (d > 0) out.push({ kind: "reveal", piece: `turned:${key}:${view.revealed[key]}`, from: "pile:draw" });
    }
    return;
  }
  const seen = view.just_seen;
  if (!seen || seen.card !== "wholesaler") return;
  const kept = held(seen.kept);
  let i = 0;
  for (const [key, n] of Object.entries(shown)) {
    const to = kept[key] ? landing(act, key) : "pile:discard";
    topCards("turned", key, n, n).forEach((card) => {
      out.push({ kind: kept[key] ? "keep" : "discard", leave: card, to, delay: i * STAGGER });
      i += 1;
    });
  }
  // The last card turned up goes straight on from the draw pile.
  for (const [key, d] of Object.entries(delta(shown, held(seen.turned_up)))) {
    if (d <= 0) continue;
    if (kept[key]) arrive("keep", act, key, 1, "pile:draw", i * STAGGER);
    else out.push({ kind: "discard", leave: "pile:draw", to: "pile:discard", delay: i * STAGGER });
    i += 1;
  }
}
